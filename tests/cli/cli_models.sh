#!/usr/bin/env bash
# cli_models.sh: one probe run on two GPU models of the Midgard simulator (T604, then T860):
# infer uses the newest campaign's model and adds a "differs by GPU model" finding for each
# field whose values give other outcomes on the other model. Usage: SCRIPT BIN SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

# The word type (bits 0-3 of the ALU control word) of a one-word program; the seed is 0x8
# (alu4). docs/midgard-simulator.md: types 0xC-0xF (bits 0-2 = 4-7 with bit 3 set) fault
# INSTR_INVALID_ENC (0x51) on T604/T628/T760 and are unmodeled on T860; types 0x1-0x7 and
# 0x9-0xB are unmodeled on both (no such word follows), 0x0 faults 0x51 on both.
cat >"$tmp/tag.probe" <<'PROBE'
isa midgard
program <<END
alu {
	sadd.fadd r2.x, r0.x, r1.y
}
END
target 0.alu_control bits 0-3
input registers distinct 512
observe registers 512
PROBE
"$bin" campaign "$tmp/tag.probe" --strategy exhaustive --gpu t604 --db "$tmp/m.db" --quiet && ok || fail "t604"
"$bin" infer --db "$tmp/m.db" >/dev/null && ok || fail "infer, one model"
"$bin" report --db "$tmp/m.db" >"$tmp/one.md" && ok || fail "report, one model"
grep -q "differs by GPU model" "$tmp/one.md" && fail "one model, yet a model difference" || ok

"$bin" campaign "$tmp/tag.probe" --strategy exhaustive --gpu t860 --db "$tmp/m.db" --quiet && ok || fail "t860"
"$bin" infer --db "$tmp/m.db" >"$tmp/infer.txt" && ok || fail "infer, two models"
# t860 (the newest) alone: 16 runs; bits 0-2 unmodeled, bit 3 reserved; plus the difference
grep -q "^3 findings in 1 context of 1 probe, from 16 runs" "$tmp/infer.txt" && ok || fail "infer: $(cat "$tmp/infer.txt")"
"$bin" report --db "$tmp/m.db" >"$tmp/two.md" && ok || fail "report, two models"
# bits 0-2: named in the context as not determined (said once below), the model line in it
grep -q "^Not determined here: 0-2 (below, once for the probe)\.$" "$tmp/two.md" && ok || fail "no 0-2 in the context"
grep -q "^    \[0\.0\] midgard.alu_control 0-2: not determined: the simulator does not model values 1-7 (8 of 8 tried; only the seed's value 0 ran); run on hardware (8 runs) " "$tmp/two.md" &&
	ok || fail "no 0-2 not determined line"
grep -q \
	"^    \[0\.0\] 0-2: differs by GPU model: values 4-7: unmodeled on sim t860, fault 0x51 on sim t604 (sim t604 alone infers 0-1: unmodeled, 2: reserved) (confidence 1.00; 8 runs for, 0 against, 8 variants)" "$tmp/two.md" && ok ||
	fail "model line: $(grep 'differs' "$tmp/two.md")"
[ "$(grep -c "differs by GPU model" "$tmp/two.md")" -eq 1 ] && ok || fail "bit 3 reported as differing"
# public verdicts: 0-2 open (the notes and Mesa read the type there), bit 3 known to the notes
# (a type bit only one value of which runs); columns fields, differs, new, refines, agrees,
# open, known
grep -q "^| midgard | tag | seed | 2 | 0 | 0 | 0 | 0 | 1 | 1 | 16 | 2^4 |" "$tmp/two.md" && ok || fail "summary row: $(grep '^| midgard | tag' "$tmp/two.md")"
"$bin" report --db "$tmp/m.db" --format json -o "$tmp/a.json" && ok || fail "json"
grep -q '"kind":"model_differs"' "$tmp/a.json" && ok || fail "json kind"
grep -q '"values":\[{"from":4,"to":7,"here":"unmodeled","there":"fault 0x51"}\]' "$tmp/a.json" && ok ||
	fail "json values: $(grep -o '"models":[^]]*' "$tmp/a.json")"
"$bin" infer --db "$tmp/m.db" >/dev/null
"$bin" report --db "$tmp/m.db" --format json -o "$tmp/b.json"
cmp -s "$tmp/a.json" "$tmp/b.json" && ok || fail "a second infer changed the findings"
"$bin" report --db "$tmp/m.db" --format html -o "$tmp/r.html" && ok || fail "html"
[ "$(grep -o '<rect class="field"' "$tmp/r.html" | wc -l)" -eq 2 ] && ok || fail "html: not 2 field boxes"

finish
