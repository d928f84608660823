#!/usr/bin/env bash
# cli_a3xx_infer.sh: the shipped a3xx probes run on the simulator as `ci/demo` runs them
# (`--strategy auto`), then `isaprobe infer` and `report`: every probe has its section, the
# source-kind probe recovers what the probe planted (the source field holds 6: register r1.z is
# registers word 6, const c1.z uniforms word 6; in context low_reg 7: r1.w, planted below c1.w)
# as moves, not as the max and min the words also are (low_reg tells them apart: nothing is
# left ambiguous), and the bits the header calls dummy come out as "not determined: the simulator
# does not model values ...; run on hardware", named in their context and said once per probe;
# cat2's opcode is one field, 53-58, in every context.
# Usage: SCRIPT ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"
db=$tmp/a3.db
if ! "$bin" campaign "$src"/probes/a3xx/*.probe --runner sim --db "$db" --strategy auto --jobs 2 \
	--quiet 2>"$tmp/err"; then
	fail "campaign: $(cat "$tmp/err")"
	finish
	exit 1
fi
"$bin" infer --db "$db" -q && "$bin" report --db "$db" --format md -o "$tmp/r.md" || fail "infer/report"
for p in "$src"/probes/a3xx/*.probe; do
	name=$(basename "$p" .probe)
	grep -qF "## a3xx: probe \`$name\`" "$tmp/r.md" && ok || fail "no section for $name"
done
# the field map line of a context whose bits are $3 ("53-54:"), without the instruction that
# leads it ("    [0.0] 53-54: ..." reads "    53-54: ...")
section() { # PROBE CONTEXT: that context's section of the report
	awk -v probe="## a3xx: probe \`$1\`" -v c="### Context $2 " \
		'index($0, probe) == 1 { p = 1; next } /^## / { p = 0 } p && index($0, c) == 1 { on = 1; next } /^### / { on = 0 } p && on' \
		"$tmp/r.md"
}
line() {
	section "$1" "$2" | sed -E 's/^    \[[0-9]+\.[0-9]+\] /    /' | grep -F -- "    $3"
}
for ctx in 0 1 2; do
	word=$([ $ctx = 2 ] && echo 7 || echo 6)
	if line cat1_src_mode $ctx "53-54:" |
		grep -qF "enum / opcode: 0: registers word $word, 1: uniforms word $word, 2: unidentified;"; then
		ok
	else
		fail "cat1_src_mode context $ctx: $(line cat1_src_mode $ctx 53-54:)"
	fi
	line cat1_src_mode $ctx "53-54:" |
		grep -qF "; 3 not determined: the simulator does not model it; run on hardware (" &&
		ok || fail "cat1_src_mode context $ctx: value 3 should be unmodeled"
	! line cat1_src_mode $ctx "53-54:" | grep -qF "also fits" && ok ||
		fail "cat1_src_mode context $ctx: still ambiguous: $(line cat1_src_mode $ctx 53-54:)"
done
"$bin" query --db "$db" unknown-fields a3xx >"$tmp/unknown" || fail "query unknown-fields"
! grep -E "^cat1 .*53-54 .*src_mode .*ambiguous" "$tmp/unknown" >/dev/null && ok ||
	fail "cat1_src_mode listed as ambiguous: $(grep ambiguous "$tmp/unknown")"
for spec in "cat0_unknown 0 16-31:" "cat0_unknown 0 45-51:" "cat1_pad 0 57-58:" \
	"cat4_unknown 1 47-51:" "cat5_unknown 0 17-20:" "cat6_unknown 0 41-48:" "cat6_store_pad 0 14-21:"; do
	set -- $spec
	bits=${3%:}
	# the context names the region; the probe says once what could not be determined there
	section "$1" "$2" | grep "^Not determined here: " | grep -qE "[ ,]$bits[ ,]" && ok ||
		fail "$spec: context $2 does not name $bits: $(section "$1" "$2" | grep "^Not determined")"
	awk -v probe="## a3xx: probe \`$1\`" -v s="### Not determined in probe \`$1\`" \
		'index($0, probe) == 1 { p = 1; next } /^## / { p = 0 } p && index($0, s) == 1 { on = 1; next } /^### / { on = 0 } p && on' \
		"$tmp/r.md" | grep -E "^    \[[0-9]+\.[0-9]+\] a3xx\.cat[0-9] $bits: not determined: the simulator does not model values? [0-9]" |
		grep -qF "; run on hardware (" && ok || fail "$spec: not said once for the probe"
done
# cat2's opcode (bits 53-58) is one field in every context: its single flips 8 and 32 are values
# the simulator does not model while 9-13, 16-26, 28-31 and 48-51 run, so no cut crosses it (it
# came out 53-55 and 56-58 before)
got=$(sqlite3 "$db" "SELECT group_concat(context || ' ' || bits || ' ' || kind, ', ') FROM
	(SELECT * FROM finding_text WHERE probe = 'cat2_opcodes' ORDER BY context)")
[ "$got" = "full 53-58 enum, half 53-58 enum, swapped 53-58 enum" ] && ok ||
	fail "cat2_opcodes: the opcode's fields: $got"
finish
