#!/usr/bin/env bash
# cli_utgard_gp.sh: isaprobe asm/disasm for utgard_gp from the command line: the shipped probes'
# seed programs assemble and survive disasm -> asm; bad input names file:line:col or the byte
# offset and exits 1. Usage: cli_utgard_gp.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

probe_programs utgard_gp


printf 'instr {\n\tmul0.fma ld_x, ld_y\n}\n' >"$tmp/bad_op.s"
expect 1 "bad_op.s:2:7: error: 'fma' is not a value of field mul_op" -- "$bin" asm -i utgard_gp "$tmp/bad_op.s" -o "$tmp/x.bin"
printf 'instr {\n\tacc0.add ld_x\n}\n' >"$tmp/missing.s"
expect 1 "missing.s:2:15: error: expected ','" -- "$bin" asm -i utgard_gp "$tmp/missing.s" -o "$tmp/x.bin"
head -c 20 /dev/zero >"$tmp/short.bin"
expect 1 "short.bin: byte offset 16 \(0x10\): error: .*not a whole number of 16-byte instructions" -- "$bin" disasm -i utgard_gp "$tmp/short.bin"

finish
