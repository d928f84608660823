#!/usr/bin/env bash
# cli_ctm.sh: CTM from the command line: the shipped probes' programs assemble (to executables)
# and survive disasm -> asm; a command buffer round-trips; `run` computes on the simulator;
# bad input (a key given twice among it) names file:line:col or the byte offset and exits 1.
# Usage: cli_ctm.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

for probe in "$src"/probes/ctm/*.probe; do
	name=$(basename "$probe" .probe)
	awk '$0 == "program <<END" {on = 1; next} $0 == "END" {on = 0} on' "$probe" >"$tmp/$name.s"
	if ! "$bin" asm -i ctm "$tmp/$name.s" -o "$tmp/$name.elf" 2>"$tmp/err"; then
		fail "$name: seed program does not assemble: $(cat "$tmp/err")"
		continue
	fi
	"$bin" disasm -i ctm "$tmp/$name.elf" >"$tmp/$name.dis.s" 2>"$tmp/err" &&
		"$bin" asm -i ctm "$tmp/$name.dis.s" -o "$tmp/$name.again.elf" 2>>"$tmp/err" &&
		cmp -s "$tmp/$name.elf" "$tmp/$name.again.elf" ||
		{ fail "$name: disasm -> asm differs: $(cat "$tmp/err")"; continue; }
	ok
done

# a command buffer alone
printf 'set_domain i0=0 j0=0 i1=7 j1=3\nset_cond_test condition=gequal\nstart_program\ncmd 0x42 p0=1\n' >"$tmp/cb.s"
"$bin" asm -i ctm_cb "$tmp/cb.s" -o "$tmp/cb.bin" && "$bin" disasm -i ctm_cb "$tmp/cb.bin" >"$tmp/cb2.s" &&
	"$bin" asm -i ctm_cb "$tmp/cb2.s" -o "$tmp/cb2.bin" && cmp -s "$tmp/cb.bin" "$tmp/cb2.bin" && ok ||
	fail "command buffer round trip"
# placeholder opcodes say so in the disassembly; the extract's own opcodes do not
if grep -q '^set_domain .*; opcode 0x80 is an isaprobe placeholder' "$tmp/cb2.s" &&
	grep -q '^set_cond_test condition=gequal$' "$tmp/cb2.s"; then ok; else fail "placeholder label"; fi
# the extract's own header for set_cond_test
if [ "$(od -An -tx4 -N4 -j20 "$tmp/cb.bin" | tr -d ' ')" = "c0001b00" ]; then ok; else fail "set_cond_test header"; fi

# run: output 0 = c0 * c1 + c2 with c0 = (1,2,3,4), c1 = (2,2,2,2), c2 = (0.5,0.5,0.5,0.5)
python3 - "$tmp/mem.bin" <<'PY'
import struct, sys
mem = bytearray(4160)
struct.pack_into('<12f', mem, 0x800, 1, 2, 3, 4, 2, 2, 2, 2, 0.5, 0.5, 0.5, 0.5)
open(sys.argv[1], 'wb').write(mem)
PY
"$bin" run -i ctm "$tmp/rgb_op.elf" --input global="$tmp/mem.bin" --observe global=4160 >"$tmp/run" 2>&1
if grep -q "ok" "$tmp/run" && grep -Eq "2\.5 +4\.5 +6\.5 +8\.5" "$tmp/run"; then ok; else fail "run: $(head -c 600 "$tmp/run")"; fi

printf 'alu {\n\trgb_inst rgb_op=mad\n}\n' >"$tmp/wrong_word.s"
expect 1 "wrong_word.s:2:11: error: 'rgb_op' is not a field of this word" -- "$bin" asm -i ctm "$tmp/wrong_word.s" -o "$tmp/x"
printf 'tex {\n\ttex_inst rgb_op=mad\n}\n' >"$tmp/wrong_type.s"
expect 1 "wrong_type.s:2:11: error: 'rgb_op' is not a field" -- "$bin" asm -i ctm "$tmp/wrong_type.s" -o "$tmp/x"
printf 'set_inp_fmt address=0x801\n' >"$tmp/align.s"
expect 1 "align.s:1:21: error: address 0x801 is not 2K-aligned" -- "$bin" asm -i ctm_cb "$tmp/align.s" -o "$tmp/x"
# a key given twice, or a field set again through another spelling, is refused where it stands
printf 'set_domain i0=1 j0=0 i1=7 j1=3\nset_domain i0=1 j0=0 i1=7 i0=2\n' >"$tmp/dup.s"
expect 1 "dup.s:2:27: error: 'i0' sets bits that the key at line 2, column 12 already set" -- "$bin" asm -i ctm_cb "$tmp/dup.s" -o "$tmp/x"
printf 'set_domain i0=1 i0.index=2\n' >"$tmp/dup2.s"
expect 1 "dup2.s:1:17: error: 'i0.index' sets bits that the key at line 1, column 12" -- "$bin" asm -i ctm_cb "$tmp/dup2.s" -o "$tmp/x"
printf 'set_out_mask writemask.c0=0 hdr.hdr_low=1 writemask.c0=1\n' >"$tmp/dup3.s"
expect 1 "dup3.s:1:43: error: 'writemask.c0' sets bits that the key at line 1, column 14" -- "$bin" asm -i ctm_cb "$tmp/dup3.s" -o "$tmp/x"
printf 'alu {\n\trgb_inst rgb_sel_b=src1\n\trgb_inst rgb_sel_b=src0\n}\n' >"$tmp/dup4.s"
expect 1 "dup4.s:3:11: error: 'rgb_sel_b' sets bits that the key at line 2, column 11" -- "$bin" asm -i ctm "$tmp/dup4.s" -o "$tmp/x"
head -c 100 "$tmp/rgb_op.elf" >"$tmp/trunc.elf"
expect 1 "trunc.elf: byte offset [0-9]+ \(0x[0-9a-f]+\): error: section headers" -- "$bin" disasm -i ctm "$tmp/trunc.elf"
# run names the same place, not only "invalid"
expect 1 "trunc.elf: byte offset 32 \(0x20\): error: section headers \(5 of 40 bytes at [0-9]+\) run past the end of the file \(100 bytes\)" -- "$bin" run -i ctm "$tmp/trunc.elf"
grep -q "^status: invalid" "$tmp/out" && ok || fail "run of a truncated executable: $(cat "$tmp/out")"
head -c 16 "$tmp/cb.bin" >"$tmp/trunc.cb"
expect 1 "trunc.cb: byte offset 0 \(0x0\): error: command header 0xc0038000 announces 4 parameters but the buffer ends after 3" -- "$bin" disasm -i ctm_cb "$tmp/trunc.cb"
head -c 30 /dev/zero >"$tmp/odd.bin"
expect 1 "odd.bin: byte offset 24 \(0x18\): error: .*24-byte instructions" -- "$bin" disasm -i ctm "$tmp/odd.bin"

finish
