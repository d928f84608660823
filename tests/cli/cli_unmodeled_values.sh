#!/usr/bin/env bash
# cli_unmodeled_values.sh: the shipped Utgard GP opcode probes on the simulator: the report
# says plainly which values the simulator could not say ("... not determined: the simulator
# does not model them; run on hardware"), what ran, and what never ran; a field none of whose
# values could be said is said once for the probe, with its contexts. Usage: SCRIPT BIN SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

# mul_op (bits 100-102), every value: docs/utgard-gp-simulator.md leaves 2 and 5-7 unmodeled,
# and in this probe's program 1 and 3 (complex1/complex2 alone: symbolic values a store
# reads) and 4 (select: multiplier 1's own result, which the store reads, is not described)
# are too: only the seed's value 0 (mul) runs, in each of the 7 contexts.
"$bin" campaign "$src/probes/utgard_gp/mul_op.probe" --strategy exhaustive --db "$tmp/m.db" --quiet && ok ||
	fail "mul_op campaign"
"$bin" infer --db "$tmp/m.db" >/dev/null && ok || fail "infer"
"$bin" report --db "$tmp/m.db" >"$tmp/m.md" && ok || fail "report"
once="    [0.0] utgard_gp.instr 100-102: not determined: the simulator does not model values 1-7 (8 of 8 tried; only the seed's value 0 ran); run on hardware ("
ctxs="(contexts: plain, zeros, inf, nan, swapped, negated, third_input)"
n=$(grep -F "$once" "$tmp/m.md" | grep -cF "$ctxs")
[ "$n" -eq 1 ] && ok || fail "mul_op: $n lines said once for the 7 contexts: $(grep '^    \[' "$tmp/m.md" | head -2)"
n=$(grep -c "^Not determined here: 100-102 (below, once for the probe)\.$" "$tmp/m.md")
[ "$n" -eq 7 ] && ok || fail "mul_op: $n contexts name 100-102, want 7"
grep -q "the runner could not say" "$tmp/m.md" && fail "mul_op: 'the runner could not say' on the simulator" || ok

# strategy auto: the 3-bit target line is swept whole, although its flips alone say nothing
# (all unmodeled): value 7 (three bits flipped) runs too, nothing is "not run"
"$bin" campaign "$src/probes/utgard_gp/mul_op.probe" --strategy auto --db "$tmp/a.db" --quiet && ok || fail "auto"
"$bin" infer --db "$tmp/a.db" >/dev/null
"$bin" report --db "$tmp/a.db" >"$tmp/a.md"
[ "$(grep -F "$once" "$tmp/a.md" | grep -cF "$ctxs")" -eq 1 ] &&
	! grep -q "not run" "$tmp/a.md" && ok || fail "mul_op auto: $(grep '^    \[' "$tmp/a.md" | head -1)"

# acc_op (bits 83-85): value 3 is the notes' unknown one; the others run and are named as the
# notes name them (add, floor, sign, ge, lt, min, max), the same in every context (operands
# found per context: zeros, infinities, NaN, swapped, a negated); with input b unused only
# the one-operand floor and sign run
"$bin" campaign "$src/probes/utgard_gp/acc_op.probe" --strategy exhaustive --db "$tmp/c.db" --quiet && ok || fail "acc_op"
"$bin" infer --db "$tmp/c.db" >/dev/null
"$bin" report --db "$tmp/c.db" >"$tmp/c.md"
[ "$(grep -cF "    [0.0] 83-85: enum / opcode: 0: add, 1: floor, 2: sign, 4: ge, 5: lt, 6: min, 7: max; 3 not determined: the simulator does not model it; run on hardware (" "$tmp/c.md")" -eq 7 ] && ok ||
	fail "acc_op: not 7 contexts naming 0-2 and 4-7 as the notes do: $(grep '^    \[0.0\] 83' "$tmp/c.md" | head -3)"
grep -qF "    [0.0] 83-85: enum / opcode: 1: floor, 2: sign; 0, 3-7 not determined: the simulator does not model them; run on hardware (" "$tmp/c.md" && ok ||
	fail "acc_op b_unused: floor and sign: $(grep -A4 'b_unused' "$tmp/c.md" | grep '^    \[')"
"$bin" report --db "$tmp/c.db" --format json -o "$tmp/c.json" && ok || fail "acc_op json"
grep -qF '"ops":{"0":"add","1":"floor","2":"sign","4":"ge","5":"lt","6":"min","7":"max"}' "$tmp/c.json" && ok ||
	fail "acc_op json: the values' names across contexts"

# pass_op (bits 103-105, one target piece): 2 (pass) and 6 (clamp to the load unit's x, y)
# run, 0, 1, 3, 4, 5, 7 are unmodeled (4, 5 outside the complex sequences). Where clamp
# changes the input (+-inf clamped to 3 / -0.5: contexts inf and minus_inf) the three bits
# are one opcode field, its unmodeled values listed; not split into 103-104 and 105.
"$bin" campaign "$src/probes/utgard_gp/pass_op.probe" --strategy exhaustive --db "$tmp/p.db" --quiet && ok || fail "pass_op"
"$bin" infer --db "$tmp/p.db" >/dev/null
"$bin" report --db "$tmp/p.db" >"$tmp/p.md"
for c in inf minus_inf; do
	awk -v c="### Context [0-9]+ \`$c\`" '$0 ~ c { on = 1; next } /^### / { on = 0 } on' "$tmp/p.md" |
		grep -E "^    \[0\.0\] 103-105: enum / opcode: 2: attributes word [0-9]+, 6: uniforms word [01]; 0, 1, 3-5, 7 not determined: the simulator does not model them; run on hardware \(" |
		grep -q . && ok || fail "pass_op $c: $(grep -A8 "\`$c\`" "$tmp/p.md" | grep '^    \[')"
done

finish
