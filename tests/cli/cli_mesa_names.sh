#!/usr/bin/env bash
# cli_mesa_names.sh: the Mesa-name tables of docs/<isa>-mesa-names.md are what `isaprobe fields
# --mesa ISA` prints, and `isaprobe disasm --style mesa` runs (and refuses a bad style).
# Usage: cli_mesa_names.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

for isa in midgard bifrost utgard_gp a3xx; do
	doc="$src/docs/$(echo "$isa" | tr _ -)-mesa-names.md"
	"$bin" fields --mesa "$isa" >"$tmp/$isa.table" || fail "$isa: fields --mesa failed"
	awk -v b="<!-- isaprobe fields --mesa $isa: begin" -v e="<!-- isaprobe fields --mesa $isa: end" \
		'index($0, e) == 1 {on = 0} on {print} index($0, b) == 1 {on = 1}' "$doc" >"$tmp/$isa.doc"
	if cmp -s "$tmp/$isa.table" "$tmp/$isa.doc"; then
		ok
	else
		fail "$doc: its table differs from \`isaprobe fields --mesa $isa\` (regenerate it):"
		diff "$tmp/$isa.doc" "$tmp/$isa.table" | head -5 >&2
	fi
done

printf 'alu {\n\tvmul.fmul r2.xyzw, r0.xyzw, r1.xyzw\n}\n' >"$tmp/m.s"
"$bin" asm -i midgard "$tmp/m.s" -o "$tmp/m.bin" &&
	"$bin" disasm -i midgard --style mesa "$tmp/m.bin" >"$tmp/m.txt" &&
	grep -qx 'FMUL.f32 R2, R0, R1' "$tmp/m.txt" && ok || fail "midgard --style mesa: $(cat "$tmp/m.txt")"
printf 'mad.f32 r0.x, r2.y, r3.y, r0.x\n' >"$tmp/a.s"
"$bin" asm -i a3xx "$tmp/a.s" -o "$tmp/a.bin" &&
	"$bin" disasm -i a3xx --style mesa "$tmp/a.bin" >"$tmp/a.txt" &&
	grep -qx 'mad.f32 r0.x, r2.y, r3.y, r0.x' "$tmp/a.txt" && ok || fail "a3xx --style mesa: $(cat "$tmp/a.txt")"
expect 2 "--style is isaprobe or mesa" -- "$bin" disasm -i midgard --style lima "$tmp/m.bin"
expect 2 "unknown ISA" -- "$bin" fields --mesa nosuchisa
finish
