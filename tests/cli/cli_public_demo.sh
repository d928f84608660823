#!/usr/bin/env bash
# cli_public_demo.sh: the demo's probes where the report used to say "new" on bits later public
# work reads (Bifrost rounding and half-word selects, Midgard's scalar input 2, lima's opcodes
# and selects, a3xx's isaspec bits) no longer say so, the half-word selects are named as public
# work reads them, and the findings that remain new name the values no source names or where
# the bits were looked for (docs/public-overlay.md).
# Usage: SCRIPT ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"
db=$tmp/f.db
probes=(bifrost/fma_twosrc_unknowns bifrost/add_modifier_unknowns bifrost/fma_modifier_unknowns
	bifrost/fcmp_unknowns midgard/scalar_unk utgard_gp/acc_op utgard_gp/mul_op
	utgard_gp/store_src utgard_gp/input_select a3xx/cat0_unknown a3xx/cat2_cond_bits
	a3xx/cat1_pad ctm/fc_unknown ctm/tex_unknown)
files=()
for p in "${probes[@]}"; do files+=("$src/probes/$p.probe"); done
if "$bin" campaign "${files[@]}" --db "$db" --quiet >"$tmp/out" 2>&1 &&
	"$bin" infer --db "$db" >"$tmp/out" 2>&1; then
	ok
else
	fail "campaigns: $(cat "$tmp/out")"
fi
q() { sqlite3 -batch -noheader "$db" "$1"; }

# the bits the issue found called new, with the public reading now given
while IFS='|' read -r probe bits want; do
	got=$(q "SELECT DISTINCT public_verdict FROM finding_text WHERE probe = '$probe' AND
	         CAST(bits AS TEXT) = '$bits'")
	if [ -n "$got" ] && ! grep -q '^new' <<<"$got" && grep -qF -- "$want" <<<"$got"; then
		ok
	else
		fail "$probe $bits: '$got', want no 'new' and '$want'"
	fi
done <<'END'
fma_twosrc_unknowns|9-11|widen0_widen1 9-11 (*FADD.f32)
fma_twosrc_unknowns|13-14|minmax_mode 13-14 (MAX.f32, MIN.f32 (no ISA.xml encoding))
add_modifier_unknowns|9-10|widen0_widen1 9-10 (+FADD.f32)
fma_modifier_unknowns|13-14|agrees with round 13-14 (*FMA.f32)
fcmp_unknowns|7|neg0 7 (*FCMP.f32)
scalar_unk|20-24|src2_zero 20-24
acc_op|83-85|known: notes acc_op 83-85
mul_op|100-102|values 2, 5-7 named by no source
store_src|71-73|known: notes store0_x 71-73
input_select|24-26|known: notes acc0_a 22-26
cat0_unknown|16-31|IMMED 0-31
cat2_cond_bits|48-50|x48 48-50 (opcodes that do not compare)
cat1_pad|57-58|OPC 57-58; values 1-2 named by no source
END

# the half-word selects public work reads there, named by inference (docs/inference.md, "Half-word
# (lane) selects"), and the moves of an input select whose context negates the input
while IFS='|' read -r probe context bits want; do
	got=$(q "SELECT sentence FROM finding_text WHERE probe = '$probe' AND context = '$context'
	         AND CAST(bits AS TEXT) = '$bits'")
	grep -qF -- "$want" <<<"$got" && ok || fail "$probe $context $bits: '$got', want '$want'"
done <<'END'
fma_modifier_unknowns|plain|9-11|0: fma, 1: fma b.h0, 2: fma b.h1, 3: fma a.h0 b.h0, 4: fma a.h0 b.h1, 5: fma a.h1 b.h1, 6: fma a.h0, 7: fma a.h1 [
fma_modifier_unknowns|negated|9-11|0: fma, 1: fma b.h0, 2: fma b.h1, 3: fma a.h0 b.h0, 4: fma a.h0 b.h1, 5: fma a.h1 b.h1, 6: fma a.h0, 7: fma a.h1 [
fma_twosrc_unknowns|add|9-11|0: add, 1: add b.h0, 2: add b.h1, 3: add a.h0 b.h0, 4: add a.h0 b.h1, 5: add a.h1 b.h1, 6: add a.h0, 7: add a.h1 [
add_modifier_unknowns|add|9-10|0: add, 1: add b.h0, 2: add b.h1, 3: add a.h0 b.h0 [
add_modifier_unknowns|min|9-10|1: min b.h0, 2: min b.h1, 3: min a.h0 b.h0 [
input_select|plain|24-26|0: attributes word 8, 1: uniforms word 16,
input_select|negated|24-26|0: mov attributes[8] (negated), 1: mov uniforms[16] (negated),
END

# what is still new names the values no source names, or where the bits were looked for
n=$(q "SELECT count(*) FROM finding_text WHERE public_verdict LIKE 'new%'")
bad=$(q "SELECT probe || ' ' || bits || ': ' || public_verdict FROM finding_text WHERE
         public_verdict LIKE 'new%' AND public_verdict NOT LIKE '%named by no source%' AND
         public_verdict NOT LIKE '%(looked in: %'")
[ "$n" -gt 0 ] && [ -z "$bad" ] && ok || fail "new findings ($n) that name neither: $bad"
# and they are the flow-control and texture bits of R500 that no source reads
while IFS='|' read -r probe bits; do
	got=$(q "SELECT public_verdict FROM finding_text WHERE probe = '$probe' AND
	         CAST(bits AS TEXT) = '$bits'")
	grep -q '^new: no source reads bits\? [0-9-]*, any value (looked in: Mesa src/gallium/drivers/r300/r300_reg.h' <<<"$got" && ok ||
		fail "$probe $bits: '$got'"
done <<'END'
fc_unknown|21-23
fc_unknown|25-30
tex_unknown|28-31
END
finish
