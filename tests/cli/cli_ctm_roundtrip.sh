#!/usr/bin/env bash
# cli_ctm_roundtrip.sh: random CTM binaries through the command line, `disasm` then `asm`, bit
# for bit: 20,000 random command buffers (commands of up to 39 parameters, written by
# test_ctm_roundtrip --write, one file: a command buffer is its commands, so one process pair
# reads them all) and 100 random executables; the issue's example, set_out_fmt with 39
# parameters, reads as one line without its 35 zero parameters. Usage: SCRIPT BIN SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

writer=$(dirname "$bin")/tests/test_ctm_roundtrip # CMake builds the tests beside the program
[ -x "$writer" ] || { echo "cli_ctm_roundtrip: no $writer" >&2; exit 1; }
"$writer" --write "$tmp" 20000 100 || { fail "writing the random binaries"; finish; exit; }

"$bin" disasm -i ctm_cb "$tmp/buffers.bin" >"$tmp/buffers.s" 2>"$tmp/err" &&
	"$bin" asm -i ctm_cb "$tmp/buffers.s" -o "$tmp/buffers.again" 2>>"$tmp/err" &&
	cmp -s "$tmp/buffers.bin" "$tmp/buffers.again" && ok ||
	fail "20,000 command buffers: disasm -> asm differs: $(head -c 600 "$tmp/err")"
# commands of 30 to 39 parameters were among them
[ "$(grep -c 'p3[0-8]=\|hdr.count=\(29\|3[0-8]\)\b' "$tmp/buffers.s")" -ge 100 ] && ok ||
	fail "fewer than 100 commands of 30 parameters and more among the buffers"

bad=0
for ((k = 0; k < 100; k++)); do
	exe=$tmp/exe-$k.bin
	if ! "$bin" disasm -i ctm "$exe" >"$tmp/exe.s" 2>"$tmp/err" ||
		! "$bin" asm -i ctm "$tmp/exe.s" -o "$tmp/exe.again" 2>>"$tmp/err" ||
		! cmp -s "$exe" "$tmp/exe.again"; then
		bad=$((bad + 1))
		[ $bad -le 3 ] && fail "executable $k: disasm -> asm differs: $(head -c 600 "$tmp/err")"
	fi
done
[ $bad -eq 0 ] && ok || fail "$bad of 100 executables differ"

# header 0xC0268B00 (set_out_fmt, 39 parameters) and 39 zero words: one line, back bit for bit
printf '\x00\x8b\x26\xc0' >"$tmp/long.bin"
head -c 156 /dev/zero >>"$tmp/long.bin"
"$bin" disasm -i ctm_cb "$tmp/long.bin" >"$tmp/long.s" &&
	"$bin" asm -i ctm_cb "$tmp/long.s" -o "$tmp/long.again" && cmp -s "$tmp/long.bin" "$tmp/long.again" &&
	ok || fail "set_out_fmt with 39 parameters: $(cat "$tmp/long.s")"
grep -q '^set_out_fmt address=0x0 format.pitch=0x0 format.tiling=linear format.data=uint16_1 height=0x0 hdr.count=38  ;' \
	"$tmp/long.s" && ok || fail "set_out_fmt with 39 zero parameters reads: $(cat "$tmp/long.s")"

finish
