#!/usr/bin/env bash
# cli_afl_campaign.sh: `isaprobe campaign --engine afl` with the real afl-fuzz: every context
# probed, every queued input differs from its context's seed only in the target bits (positions
# worked out by hand),
# every run is stored (budget = runs), infer and report read them, Ctrl-C and --resume, --time,
# usage errors. Skipped (77) without afl-fuzz or the harness (sanitizer builds).
# Usage: cli_afl_campaign.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

bin=$(realpath "$bin")
src=$(realpath "$src")
dir=$(dirname "$bin")
if ! command -v afl-fuzz >/dev/null || [ ! -x "$dir/isaprobe-afl-harness" ]; then
	echo "cli_afl_campaign: skipped: no afl-fuzz or no $dir/isaprobe-afl-harness"
	exit 77
fi
q() { sqlite3 "$1" "$2"; }
cd "$tmp" || exit 1

# Usage errors.
expect 2 "unknown engine 'turbo'" -- "$bin" campaign --engine turbo "$src/probes/midgard/ls_loads.probe" --db x.db
expect 2 "--strategy is not for --engine afl" -- "$bin" campaign --engine afl --strategy walk "$src/probes/midgard/ls_loads.probe" --db x.db
expect 2 "--time wants seconds" -- "$bin" campaign --engine afl --time 0 "$src/probes/midgard/ls_loads.probe" --db x.db
expect 2 "--db FILE is required" -- "$bin" campaign --engine=afl "$src/probes/midgard/ls_loads.probe"

# A budget of 4000 runs over the 12 contexts of the Midgard load/store probe.
"$bin" campaign --engine afl "$src/probes/midgard/ls_loads.probe" --db ls.db --budget 4000 \
	--json >ls.json 2>ls.err
st=$?
[ $st -eq 0 ] && ok || { fail "budget run: status $st"; cat ls.err >&2; }
grep -q '"engine":"afl"' ls.json && grep -q '"runs":4000,' ls.json &&
	grep -q '"finished":true' ls.json && ok || fail "json: $(cat ls.json)"
[ "$(q ls.db "SELECT sum(count) FROM run")" = 4000 ] && ok || fail "stored $(q ls.db "SELECT sum(count) FROM run") runs, not 4000"
[ "$(q ls.db "SELECT strategy || ' ' || state || ' ' || cursor FROM campaign")" = "afl finished 4000" ] &&
	ok || fail "campaign row: $(q ls.db "SELECT strategy, state, cursor FROM campaign")"
# Every one of the 12 contexts probed beyond its seed's calibration (the mutator's turns over
# the contexts, and features per context): at least 1 % of the runs each. (Before, one context
# took all but the calibration runs and the other 11 read "not probed".)
[ "$(q ls.db "SELECT count(*) FROM (SELECT context, sum(count) AS n FROM run GROUP BY context)
              WHERE n >= 40")" = 12 ] && ok ||
	fail "contexts probed: $(q ls.db "SELECT context, sum(count) FROM run GROUP BY context" | tr '\n' ' ')"

# Every queued input against the seed of its context (header byte 3). The image is the header
# (4 bytes) and 16 bytes per slot; the load/store bundle's slots are its tag word, then the two
# load/store words, so unk25 (bits 25-50 of the first load/store word) is image bits
# 8 * (4 + 16) + 25 = 185 to 210.
check_queue() { # OUTDIR SEEDDIR LO HI SIZE
	python3 - "$@" <<'EOF'
import os, sys
out, seeds, lo, hi, size = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
seed = {}
for f in os.listdir(seeds):
    b = open(os.path.join(seeds, f), 'rb').read()
    seed[b[3]] = b
entries = bad = moved = 0
for inst in os.listdir(out):
    qd = os.path.join(out, inst, 'queue')
    if not os.path.isdir(qd):
        continue
    for f in os.listdir(qd):
        p = os.path.join(qd, f)
        if not os.path.isfile(p):
            continue
        b = open(p, 'rb').read()
        entries += 1
        if len(b) != size or b[:3] != b'ip\x01' or b[3] not in seed:
            bad += 1
            print('malformed', f)
            continue
        x = int.from_bytes(bytes(a ^ c for a, c in zip(b, seed[b[3]])), 'little')
        target = ((1 << (hi - lo + 1)) - 1) << lo
        if x & ~target:
            bad += 1
            print('non-target bits differ in', f, hex(x & ~target))
        moved += x != 0
print(entries, bad, moved)
sys.exit(1 if bad or entries == 0 else 0)
EOF
}
check_queue ls.db.afl/c1/out ls.db.afl/c1/in 185 210 52 >queue.txt && ok ||
	fail "queue of ls_loads: $(cat queue.txt)"
# AFL++ kept variants beyond the 12 seeds: it saw new outcome classes.
[ "$(tail -n 1 queue.txt | cut -d' ' -f3)" -gt 5 ] 2>/dev/null && ok || fail "too few new queue entries: $(tail -n 1 queue.txt)"

# Two regions (bits 25-41 and 42-59 of the same word: image bits 185-219).
"$bin" campaign --engine afl "$src/bench/afl_two_regions.probe" --db two.db --budget 3000 \
	--quiet || fail "two regions"
check_queue two.db.afl/c1/out two.db.afl/c1/in 185 219 52 >queue2.txt && ok ||
	fail "queue of two regions: $(cat queue2.txt)"

# The runs are a campaign's like any other: infer and report read them.
"$bin" infer --db ls.db >/dev/null 2>infer.err && ok || fail "infer: $(cat infer.err)"
"$bin" report --db ls.db --format md >report.md 2>report.err && grep -q "ls_loads" report.md &&
	ok || fail "report: $(cat report.err)"
# The same command again: complete, nothing runs.
expect 0 "already complete" -- "$bin" campaign --engine afl "$src/probes/midgard/ls_loads.probe" --db ls.db --budget 4000

# Ctrl-C: exit status 130 with every run stored; without --resume the campaign is refused;
# --resume goes on (afl-fuzz resumes its queue) until the time limit.
"$bin" campaign --engine afl "$src/probes/midgard/ls_loads.probe" --db int.db --quiet \
	2>int.err &
pid=$!
for _ in $(seq 300); do
	n=$(q int.db "SELECT coalesce(sum(count), 0) FROM run" 2>/dev/null || echo 0)
	[ "${n:-0}" -gt 2000 ] 2>/dev/null && break
	sleep 0.1
done
kill -INT $pid
wait $pid
st=$?
[ $st -eq 130 ] && ok || { fail "Ctrl-C: status $st (want 130)"; cat int.err >&2; }
n1=$(q int.db "SELECT sum(count) FROM run")
[ "$n1" -gt 0 ] && [ "$(q int.db "SELECT cursor FROM campaign")" = "$n1" ] && ok ||
	fail "after Ctrl-C: $n1 runs, cursor $(q int.db "SELECT cursor FROM campaign")"
queued1=$(ls int.db.afl/c1/out/default/queue | wc -l)
expect 1 "interrupted after $n1 runs: pass --resume" -- "$bin" campaign --engine afl "$src/probes/midgard/ls_loads.probe" --db int.db
"$bin" campaign --engine afl "$src/probes/midgard/ls_loads.probe" --db int.db --resume \
	--time 3s --json >res.json 2>res.err
st=$?
[ $st -eq 0 ] && grep -q '"timed_out":true' res.json && grep -q '"finished":false' res.json &&
	ok || { fail "--resume --time 3s: status $st: $(cat res.json)"; cat res.err >&2; }
n2=$(q int.db "SELECT sum(count) FROM run")
[ "$n2" -gt "$n1" ] && [ "$(q int.db "SELECT cursor FROM campaign")" = "$n2" ] &&
	[ "$(q int.db "SELECT count(*) FROM campaign")" = 1 ] && ok ||
	fail "resume: $n1 then $n2 runs, cursor $(q int.db "SELECT cursor FROM campaign")"
# afl-fuzz resumed the queue it had, rather than starting over
[ "$(ls int.db.afl/c1/out/default/queue | wc -l)" -ge "$queued1" ] && ok || fail "queue shrank on resume"
check_queue int.db.afl/c1/out int.db.afl/c1/in 185 210 52 >queue3.txt && ok ||
	fail "queue after resume: $(cat queue3.txt)"

finish
