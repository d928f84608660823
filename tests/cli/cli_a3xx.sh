#!/usr/bin/env bash
# cli_a3xx.sh: isaprobe asm/disasm/run for a3xx from the command line: the notes' listing and its
# --expand form, the shipped probes' seed programs (assemble, survive disasm -> asm), bad input
# naming file:line:col or the byte offset with status 1. Usage: cli_a3xx.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

cat >"$tmp/listing.s" <<'END'
0000[57305b00x_00002000x] (sy)(ss)(rpt3)bary.f hr0.x, (r)0, r0.x
0001[47304b04x_00002004x] (rpt3)bary.f hr1.x, (r)4, r0.x
0002[40080b04x_00044000x] (rpt3)add.f hr1.x, (neg)(r)hr0.x, (r)hr1.x
0003[4730c808x_00002008x] bary.f (ei)hr2.x, (r)8, r0.x
0004[00000200x_00000000x] (rpt2)nop
0005[63020300x_20008008x] (rpt3)mad.f16 hr0.x, hr2.x, (r)hr1.x, (r)hr0.x
0006[03000000x_00000000x] end
END
if "$bin" asm -i a3xx "$tmp/listing.s" --hex -o "$tmp/listing.hex" 2>"$tmp/err" &&
	[ "$(tr -s ' \n' '  ' <"$tmp/listing.hex")" = "00002000 57305b00 00002004 47304b04 00044000 40080b04 00002008 4730c808 00000000 00000200 20008008 63020300 00000000 03000000 " ]; then
	ok
else
	fail "the notes' listing: $(cat "$tmp/listing.hex" "$tmp/err" 2>/dev/null)"
fi
"$bin" asm -i a3xx "$tmp/listing.s" -o "$tmp/listing.bin" 2>/dev/null
if "$bin" disasm -i a3xx "$tmp/listing.bin" | cmp -s - "$tmp/listing.s"; then ok; else fail "disasm of the notes' listing differs"; fi
"$bin" disasm -i a3xx --expand "$tmp/listing.bin" >"$tmp/expanded.s"
if [ "$(wc -l <"$tmp/expanded.s")" -eq 21 ] &&
	grep -qx '0002\[                   \] add.f hr1.w, (neg)(r)hr0.w, (r)hr1.w' "$tmp/expanded.s" &&
	grep -qx '0005\[                   \] mad.f16 hr0.z, hr2.x, (r)hr1.z, (r)hr0.z' "$tmp/expanded.s" &&
	"$bin" asm -i a3xx "$tmp/expanded.s" -o "$tmp/expanded.bin" && cmp -s "$tmp/expanded.bin" "$tmp/listing.bin"; then
	ok
else
	fail "--expand: $(cat "$tmp/expanded.s")"
fi
expect 2 "midgard has no repeated instructions" -- "$bin" disasm -i midgard --expand "$tmp/listing.bin"

probe_programs a3xx

# The notes' DP4 on consts planted through the registers.
printf 'mov.f32f32 r2.x, c0.x\nmov.f32f32 r2.y, c0.y\nmov.f32f32 r2.z, c0.z\nmov.f32f32 r2.w, c0.w\nmov.f32f32 r3.x, c1.x\nmov.f32f32 r3.y, c1.y\nmov.f32f32 r3.z, c1.z\nmov.f32f32 r3.w, c1.w\n(rpt2)nop\nmul.f r0.x, r2.x, r3.x\nnop\nmad.f32 r0.x, r2.y, r3.y, r0.x\nnop\nmad.f32 r0.x, r2.z, r3.z, r0.x\nnop\nmad.f32 r0.x, r2.w, r3.w, r0.x\nend\n' >"$tmp/dp4.s"
if "$bin" run -i a3xx "$tmp/dp4.s" --input uniforms=floats:1,2,3,4,5,6,7,8 --observe registers >"$tmp/out" 2>&1 &&
	grep -q '^status: ok' "$tmp/out" && grep -Eq '^  r0 +428c0000 ' "$tmp/out"; then
	ok
else
	fail "run dp4: $(cat "$tmp/out")"
fi
printf '(unchecked)add.f r0.x, c0.x, c0.y\nend\n' >"$tmp/two_consts.s"
"$bin" run -i a3xx "$tmp/two_consts.s" --input uniforms=floats:1,2 >"$tmp/out" 2>&1
[ $? -eq 1 ] && grep -q '^status: invalid' "$tmp/out" && ok || fail "two consts in cat2: $(cat "$tmp/out")"

printf 'add.f r0.x, c0.x, c1.x\n' >"$tmp/c2.s"
expect 1 "c2.s:1:19: error: cat2 takes at most one const source" -- "$bin" asm -i a3xx "$tmp/c2.s" -o "$tmp/x.bin"
printf 'nop\nmad.f32 r0.x, r1.x, c1.x, r2.x\n' >"$tmp/c3.s"
expect 1 "c3.s:2:21: error: cat3 cannot take a const as its second source" -- "$bin" asm -i a3xx "$tmp/c3.s" -o "$tmp/x.bin"
printf '\n\nrcp r0.x, c0.x\n' >"$tmp/c4.s"
expect 1 "c4.s:3:11: error: cat4 cannot take a const source" -- "$bin" asm -i a3xx "$tmp/c4.s" -o "$tmp/x.bin"
printf 'add.f r0.x, r1.x, r2.q\n' >"$tmp/comp.s"
expect 1 "comp.s:1:19: error: expected a component" -- "$bin" asm -i a3xx "$tmp/comp.s" -o "$tmp/x.bin"
printf '0000[00000000x_00000001x] nop\n' >"$tmp/words.s"
expect 1 "words.s:1:6: error: the listing says 00000000x_00000001x but the text assembles to 00000000x_00000000x" -- "$bin" asm -i a3xx "$tmp/words.s" -o "$tmp/x.bin"
printf '(rpt1)nop\n0000[                   ] end\n' >"$tmp/rep.s"
expect 1 "rep.s:2:27: error: repetition 1 of instruction 0000 executes 'nop', not 'end'" -- "$bin" asm -i a3xx "$tmp/rep.s" -o "$tmp/x.bin"
printf 'frob r0.x\n' >"$tmp/frob.s"
expect 1 "frob.s:1:1: error: unknown instruction 'frob'" -- "$bin" asm -i a3xx "$tmp/frob.s" -o "$tmp/x.bin"
printf 'add.f r0.x, r0.y, r0.z src1_imm=3\n' >"$tmp/key.s"
expect 1 "key.s:1:24: error: field 'src1_imm' is not present" -- "$bin" asm -i a3xx "$tmp/key.s" -o "$tmp/x.bin"
head -c 12 /dev/zero >"$tmp/short.bin"
expect 1 "short.bin: byte offset 8 \(0x8\): error: .*not a whole number of 8-byte instructions" -- "$bin" disasm -i a3xx "$tmp/short.bin"
: >"$tmp/empty.bin"
expect 1 "empty.bin: byte offset 0 \(0x0\): error: empty program" -- "$bin" disasm -i a3xx "$tmp/empty.bin"

finish
