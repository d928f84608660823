#!/usr/bin/env bash
# cli_bad_input.sh: malformed assembly and binaries get a clear message naming file:line:col or
# the byte offset, and exit status 1; never a crash. Usage: cli_bad_input.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

asm_case() { # NAME PATTERN TEXT
	printf '%b' "$3" >"$tmp/$1.s"
	expect 1 "$2" -- "$bin" asm -i midgard "$tmp/$1.s" -o "$tmp/$1.bin"
}

asm_case unknown_unit "unknown_unit.s:2:2: error: expected a unit" 'alu {\n\tvfoo.fadd r0, r1.xyzw, r2.xyzw\n}\n'
asm_case bad_register "bad_register.s:2:12: error: no register 'r32'" 'alu {\n\tvmul.fmul r32.xyzw, r1.xyzw, r2.xyzw\n}\n'
asm_case bad_opcode "bad_opcode.s:2:7: error: 'fnope' is not a value of field op" 'alu {\n\tvmul.fnope r0.xyzw, r1.xyzw, r2.xyzw\n}\n'
asm_case missing_brace "missing_brace.s:1:1: error: missing '}'" 'alu {\n\tvmul.fmul r0.xyzw, r1.xyzw, r2.xyzw\n'
asm_case bad_swizzle "bad_swizzle.s:2:26: error: 'q' is not a component" 'alu {\n\tvmul.fmul r0.xyzw, r1.xyqw, r2.xyzw\n}\n'
asm_case too_wide "too_wide.s:2:37: error: value 0x4000000 does not fit field unk25 \\(26 bits\\)" 'ls {\n\tld_attr_32 r0.xyzw, [0].xyzw unk25=0x4000000\n}\n'
asm_case unknown_key "unknown_key.s:2:31: error: no field 'bogus' in load_store" 'ls {\n\tld_attr_32 r0.xyzw, [0].xyzw bogus=1\n}\n'
asm_case inactive_key "inactive_key.s:2:35: error: field 'src2_swz' is not present" 'alu {\n\tvmul.fmul r0.xyzw, r1.xyzw, #1.0 src2_swz=0x1b\n}\n'
asm_case twice "twice.s:3:2: error: unit vmul appears twice" 'alu {\n\tvmul.fmul r0.xyzw, r1.xyzw, r2.xyzw\n\tvmul.fmul r0.xyzw, r1.xyzw, r2.xyzw\n}\n'
asm_case inexact_half "inexact_half.s:2:31: error: 0.1 is not exactly a half float" 'alu {\n\tvmul.fmul r0.xyzw, r1.xyzw, #0.1\n}\n'
asm_case too_big "too_big.s:1:1: error: these units need 8 words; alu4 is too small" 'alu4 {\n\tvmul.fmul r0.xyzw, r1.xyzw, r2.xyzw\n\tvadd.fadd r0.xyzw, r1.xyzw, r2.xyzw\n}\n'
asm_case three_ls "three_ls.s:4:2: error: a load/store word holds two instructions" 'ls {\n\tnoop\n\tnoop\n\tnoop\n}\n'
asm_case bad_char "bad_char.s:1:5: error: unexpected character '@'" 'alu @ {\n}\n'
asm_case empty "empty.s:1:1: error: no instruction words" '; nothing here\n'
asm_case far_jump "far_jump.s:2:17: error: -65 does not fit field offset" 'alu {\n\tcbr.jmp alu4, -65\n}\n'
asm_case set_flag "set_flag.s:1:5: error: 'vmul' follows from the word" 'alu vmul=1 {\n}\n'
asm_case after_brace "after_brace.s:3:3: error: nothing may follow" 'alu {\n\tvmul.fmul r0.xyzw, r1.xyzw, r2.xyzw\n} x\n'
asm_case binary_junk "binary_junk.s:1:1: error: unexpected byte 0x01" '\001\002\003'
printf 'alu {\n}\n\0' >"$tmp/nul.s"
expect 1 "nul.s: byte offset 8 \\(0x8\\): error: NUL byte" -- "$bin" asm -i midgard "$tmp/nul.s"

# Binaries: truncated, mis-tagged, units that do not fit their tag, empty.
printf '\x05\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00' >"$tmp/trunc.bin"
expect 1 "trunc.bin: byte offset 0 \\(0x0\\): error: truncated: a type 0x5 word needs 16 bytes, 12 remain" -- "$bin" disasm -i midgard "$tmp/trunc.bin"
{ printf '\x15'; head -c 15 /dev/zero; printf '\x07'; head -c 15 /dev/zero; } >"$tmp/mistag.bin"
expect 1 "mistag.bin: byte offset 16 \\(0x10\\): error: unknown instruction word type 0x7" -- "$bin" disasm -i midgard "$tmp/mistag.bin"
# ALU4 (tag 8) with vmul, vadd and lut enabled (bits 17, 21, 25): 32+48+144 = 224 bits > 128
{ printf '\x08\x00\x22\x02'; head -c 12 /dev/zero; } >"$tmp/nofit.bin"
expect 1 "nofit.bin: byte offset 0 \\(0x0\\): error: mis-tagged ALU word: its units need 8 words but type 0x8 gives 4" -- "$bin" disasm -i midgard "$tmp/nofit.bin"
: >"$tmp/empty.bin"
expect 1 "empty.bin: byte offset 0 \\(0x0\\): error: empty binary" -- "$bin" disasm -i midgard "$tmp/empty.bin"
expect 1 "no-such-file.bin: No such file" -- "$bin" disasm -i midgard "$tmp/no-such-file.bin"

# Usage errors exit 2.
expect 2 "unknown ISA 'z80'; known: midgard" -- "$bin" disasm -i z80 "$tmp/empty.bin"
expect 2 "usage: isaprobe asm" -- "$bin" asm -i midgard
expect 2 "unknown command 'frobnicate'" -- "$bin" frobnicate
expect 2 "has no format 'nope'" -- "$bin" fields midgard nope

finish
