#!/usr/bin/env bash
# cli_bench.sh: `isaprobe bench --quick` runs every suite and prints well-formed result lines
# (positive numbers, verdicts that agree with value/target), ratios and a JSON form. Checks
# structure and counts worked out by hand, never speed. Usage: cli_bench.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

# The whole quick run, databases in $tmp.
"$bin" bench --quick --dir "$tmp" >"$tmp/out" 2>"$tmp/err"
st=$?
[ "$st" -eq 0 ] && ok || { fail "bench --quick: status $st"; cat "$tmp/err" >&2; }

# Every result line: suite, name, value > 0, unit, per-cpu (> 0 or -), target (>=N, <=N or -),
# ratio (judged / target, or -), verdict (MET, NOT MET, or - without a target).
awk -v suites="sim bifrost utgard_gp store campaign infer scale remote drm afl" '
	function positive(x) { return x ~ /^[0-9.]+(e[+-]?[0-9]+)?$/ && x + 0 > 0 }
	BEGIN { n = split(suites, s, " "); for (i = 1; i <= n; i++) want[s[i]] = 1 }
	/^== / { sub(/:$/, "", $2); header[$2] = 1; next }
	!($1 in want) { next }
	{
		lines[$1]++
		verdict = $8 ($9 == "" ? "" : " " $9)
		if (!positive($3)) bad = bad "\n  value not positive: " $0
		if ($5 != "-" && !positive($5)) bad = bad "\n  per-cpu not positive: " $0
		if ($6 == "-") {
			if ($7 != "-" || verdict != "-") bad = bad "\n  no target, yet a verdict: " $0
			next
		}
		if ($6 !~ /^(>=|<=)[0-9]+(\.[0-9]+)?$/ || !positive($7)) {
			bad = bad "\n  bad target/ratio: " $0
			next
		}
		judged = $5 == "-" ? $3 : $5
		t = substr($6, 3) + 0
		met = substr($6, 1, 2) == ">=" ? judged >= t : judged <= t
		# a value printed within 1 % of its target may have been judged before rounding
		near = judged >= t * 0.99 && judged <= t * 1.01
		if (!near && verdict != (met ? "MET" : "NOT MET")) bad = bad "\n  verdict disagrees: " $0
		if (verdict != "MET" && verdict != "NOT MET") bad = bad "\n  no verdict: " $0
		r = judged / t
		if ($7 < r * 0.99 - 0.01 || $7 > r * 1.01 + 0.01)
			bad = bad "\n  ratio is not value/target: " $0
	}
	END {
		for (x in want) {
			if (!(x in header)) bad = bad "\n  no header for suite " x
			if (lines[x] < 1) bad = bad "\n  no result line for suite " x
		}
		if (bad != "") { print bad; exit 1 }
	}' "$tmp/out" >"$tmp/awk" && ok ||
	{ fail "malformed result lines:$(cat "$tmp/awk")"; cat "$tmp/out" >&2; }

# The lines the issues set targets for, with those targets.
for pattern in '^sim +midgard\.ok +[0-9]+ +variants/s +[0-9]+ +>=1000000 ' \
	'^store +sequential +[0-9]+ +runs/s +[0-9]+ +>=500000 ' \
	'^store +sequential\.size +[0-9.]+ +MiB/Mvariant ' \
	'^infer +auto\.runs_per_region\.max +[0-9]+ +runs +- +<=20000 ' \
	'^infer +synth\.flaky5\.boundaries_found +[0-9.]+ +% +- +>=99 ' \
	'^infer +synth\.flaky5\.runs_vs_noiseless +[0-9.]+ +% +- +<=200 ' \
	'^campaign +exhaustive\.j1 +[0-9]+ +variants/s ' \
	'^ratio sim\.midgard\.ok +/ sim\.copy +=' \
	'^ratio campaign\.exhaustive\.j1 +/ campaign\.exec +=' \
	'^ratio remote\.remote\.b256 +/ remote\.local\.b256 += +[0-9.e-]+  \(wall\) ' \
	'^ratio drm\.midgard\.drm +/ drm\.midgard\.sim +=' \
	'^targets: [0-9]+ MET, [0-9]+ NOT MET; 10 suites run, 0 failed$'; do
	grep -Eq -- "$pattern" "$tmp/out" && ok || fail "no line /$pattern/"
done
# A count, worked out by hand: walk (the seed + 26 flips = 27) and pairs (the seed + 26*25/2
# = 326) of a 26-bit region give 353 runs in every context.
grep -Eq '^infer +walk_pairs\.runs_per_region\.max +353 +runs +- +<=20000 +0\.02 +MET$' \
	"$tmp/out" && ok || fail "walk + pairs: 353 runs per region"
# 200,000 variants asked of sim --quick, in batches of 256: 782 batches = 200,192 jobs, all ok.
grep -Eq '# .*every job runs to the end; 200192 of 200192 ok' "$tmp/out" && ok ||
	fail "sim --quick: 200192 of 200192 ok"
# drm --quick: 4096 variants per ISA in one batch, 1024 jobs per submission (the runner's
# default): 4 submissions; one job per submission: 4096 / 8 = 512 variants, 512 submissions.
for isa in midgard bifrost utgard_gp; do
	grep -Eq "^drm +$isa\.per_submission +1024 +variants " "$tmp/out" && ok ||
		fail "drm: $isa: 1024 variants per submission"
done
grep -Eq '^drm +midgard\.single_submissions +[0-9]+ +submissions/s ' "$tmp/out" && ok ||
	fail "drm: one job per submission"
# Without --keep no database is left behind.
ls "$tmp"/bench-*.db* >/dev/null 2>&1 && fail "databases left in $tmp" || ok

# JSON of two suites with a given count: every value positive, ratios of this run.
"$bin" bench --json --runs 5000 --dir "$tmp" --keep sim store >"$tmp/j" 2>"$tmp/err"
st=$?
[ "$st" -eq 0 ] && ok || { fail "bench --json: status $st"; cat "$tmp/err" >&2; }
python3 - "$tmp/j" <<'EOF' && ok || { fail "bench --json"; cat "$tmp/j" >&2; }
import json, sys
j = json.load(open(sys.argv[1]))
assert [s["name"] for s in j["suites"]] == ["sim", "store"] and all(s["ran"] for s in j["suites"])
names = {(r["suite"], r["name"]) for r in j["results"]}
assert ("sim", "midgard.ok") in names and ("store", "random.size") in names, names
for r in j["results"]:
    assert r["value"] > 0, r
    if "target" in r:
        judged = r.get("cpu_value", r["value"])
        assert abs(r["ratio"] - judged / r["target"]) <= 1e-3 * r["ratio"], r
        met = judged >= r["target"] if r["goal"] == "at_least" else judged <= r["target"]
        assert r["met"] == met, r
seq = [r for r in j["results"] if r["name"] == "sequential"][0]
assert "5000 variants, 5000 rows" in seq["note"], seq
ratios = {(q["num"], q["den"]): q["value"] for q in j["ratios"]}
assert ratios[("store.sequential", "sim.midgard.ok")] > 0, ratios
assert all(v > 0 for v in ratios.values()), ratios
EOF
# --keep leaves each store scenario's database in DIR.
for sc in sequential random passes in-batch distinct; do
	[ -s "$tmp/bench-$sc.db" ] && ok || fail "--keep: no $tmp/bench-$sc.db"
done

# Failures to run and bad usage.
"$bin" bench --dir "$tmp/missing" --runs 1000 store >"$tmp/out" 2>&1
st=$?
[ "$st" -eq 1 ] && grep -q "missing/bench-sequential.db" "$tmp/out" &&
	grep -q "^store .*FAILED to run" "$tmp/out" && ok ||
	{ fail "a suite that cannot run: status $st (want 1)"; cat "$tmp/out" >&2; }
expect 2 "no suite 'nosuch'" -- "$bin" bench nosuch
expect 2 "--runs wants a positive number, not '12x'" -- "$bin" bench --runs 12x sim
"$bin" bench --list >"$tmp/out" 2>&1
[ "$(grep -cE '^(sim|bifrost|utgard_gp|store|campaign|infer|remote|drm|afl) ' "$tmp/out")" -eq 9 ] &&
	ok || fail "--list: nine suites"

finish
