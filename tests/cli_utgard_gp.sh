#!/usr/bin/env bash
# cli_utgard_gp.sh: isaprobe asm/disasm for utgard_gp from the command line: the shipped probes'
# seed programs assemble and survive disasm -> asm; bad input names file:line:col or the byte
# offset and exits 1. Usage: cli_utgard_gp.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

# Seed programs of probes/utgard_gp/*.probe: the lines between `program <<TAG` and `TAG`.
for probe in "$src"/probes/utgard_gp/*.probe; do
	name=$(basename "$probe" .probe)
	tag=$(sed -n 's/^program <<\([A-Za-z_]*\)$/\1/p' "$probe")
	[ -n "$tag" ] || { fail "$name: no program <<TAG"; continue; }
	awk -v tag="$tag" '$0 == "program <<" tag {on = 1; next} $0 == tag {on = 0} on' "$probe" >"$tmp/$name.s"
	if ! "$bin" asm -i utgard_gp "$tmp/$name.s" -o "$tmp/$name.bin" 2>"$tmp/err"; then
		fail "$name: seed program does not assemble: $(cat "$tmp/err")"
		continue
	fi
	"$bin" disasm -i utgard_gp "$tmp/$name.bin" >"$tmp/$name.dis.s" 2>"$tmp/err" &&
		"$bin" asm -i utgard_gp "$tmp/$name.dis.s" -o "$tmp/$name.again.bin" 2>>"$tmp/err" &&
		cmp -s "$tmp/$name.bin" "$tmp/$name.again.bin" ||
		{ fail "$name: disasm -> asm differs: $(cat "$tmp/err")"; continue; }
	passes=$((passes + 1))
done


printf 'instr {\n\tmul0.fma ld_x, ld_y\n}\n' >"$tmp/bad_op.s"
expect 1 "bad_op.s:2:7: error: 'fma' is not a value of field mul_op" -- "$bin" asm -i utgard_gp "$tmp/bad_op.s" -o "$tmp/x.bin"
printf 'instr {\n\tacc0.add ld_x\n}\n' >"$tmp/missing.s"
expect 1 "missing.s:2:15: error: expected ','" -- "$bin" asm -i utgard_gp "$tmp/missing.s" -o "$tmp/x.bin"
head -c 20 /dev/zero >"$tmp/short.bin"
expect 1 "short.bin: byte offset 16 \(0x10\): error: .*not a whole number of 16-byte instructions" -- "$bin" disasm -i utgard_gp "$tmp/short.bin"

finish
