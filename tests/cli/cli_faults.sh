#!/usr/bin/env bash
# cli_faults.sh: the failures of issue 18 through the command line, each reproduced and now
# refused or survived: the remote campaign of probes/midgard/ls_loads.probe with the default
# batch (a batch of 150 MB) stores what --runner sim stores; two campaigns at once (one with
# --resume) on one database: one runs, the other is refused naming it, the runs are those of
# one campaign; damaged databases and a runaway bit number get errors naming table and row;
# a full disk and a read-only database; the small messages. Usage: SCRIPT ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

q() { sqlite3 "$1" "$2"; }
# Every variant's outcome (by its contents) and count.
runs_sql="SELECT r.context, hex(r.value), o.status, o.fault, hex(o.data), sum(r.count)
 FROM run r JOIN outcome o ON o.id = r.outcome_id GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5"
same_runs() { # A B WHAT
	if [ "$(q "$1" "$runs_sql" | md5sum)" = "$(q "$2" "$runs_sql" | md5sum)" ] &&
		[ "$(q "$1" "SELECT count(*) FROM run")" -gt 0 ]; then ok; else fail "$3: the runs differ"; fi
}
scale=${ISAPROBE_TEST_SCALE:-1}
probe=$src/probes/midgard/ls_loads.probe
# The whole campaign (107,346 runs) at scale 1; under the sanitizers a budget that still has
# full batches of 4096 (150 MB each: three frames).
budget=()
if [ "$scale" != 1 ]; then budget=(--budget "$(awk -v s="$scale" 'BEGIN { n = int(107346 * s); print n < 9000 ? 9000 : n }')"); fi

# 1. The remote campaign with the default batch stores exactly what the simulator stores.
"$bin" campaign "$probe" --db "$tmp/sim.db" --quiet "${budget[@]}" 2>"$tmp/err" && ok || fail "sim: $(cat "$tmp/err")"
"$bin" campaign "$probe" --db "$tmp/remote.db" --runner "remote:'$bin' agent" "${budget[@]}" 2>"$tmp/err" &&
	ok || fail "remote campaign: $(cat "$tmp/err")"
grep -q "runner_error\|runner error" "$tmp/err" && fail "remote campaign: runner errors: $(cat "$tmp/err")" || ok
same_runs "$tmp/sim.db" "$tmp/remote.db" "remote vs sim, default batch"
[ "$(q "$tmp/remote.db" "SELECT runner_error FROM campaign_summary")" = 0 ] && ok || fail "runner errors stored"

# 2. Two campaigns on one database. (a) Both at once: one runs; the other is refused, naming
# the process that runs it. (b) The second with --resume while the first runs: refused too.
# Both times the database holds exactly one uninterrupted campaign's runs. The campaigns run
# on an agent behind a gate that holds its answers until the gate file exists, so the one that
# took the lock is still running, whatever the machine's speed, when the other tries.
cat >"$tmp/gate.py" <<'EOF'
import os, sys, time
inp, out = sys.stdin.buffer, sys.stdout.buffer
head = inp.read(16) # WELCOME passes (the runner opens); then nothing until the gate opens
out.write(head + inp.read(int.from_bytes(head[8:12], "little")))
out.flush()
while not os.path.exists(sys.argv[1]):
    time.sleep(0.01)
while True:
    b = inp.read1(65536)
    if not b:
        break
    out.write(b)
    out.flush()
EOF
printf '#!/bin/sh\n"$1" agent --runner sim | python3 "%s" "$2"\n' "$tmp/gate.py" >"$tmp/gate.sh"
chmod +x "$tmp/gate.sh"
race=(campaign "$probe" --strategy exhaustive --force --budget 6000 --batch 1000 --jobs 1 --quiet)
gated=(--runner "remote:'$tmp/gate.sh' '$bin' '$tmp/gate'")
"$bin" "${race[@]}" --db "$tmp/one.db" 2>"$tmp/err" && ok || fail "one campaign: $(cat "$tmp/err")"
rm -f "$tmp/gate"
"$bin" "${race[@]}" "${gated[@]}" --db "$tmp/race.db" 2>"$tmp/err1" &
p1=$!
"$bin" "${race[@]}" "${gated[@]}" --db "$tmp/race.db" 2>"$tmp/err2" &
p2=$!
wait -n $p1 $p2 # the one refused: the other holds the lock, its first batch at the gate
first=$?
touch "$tmp/gate"
wait $p1
s1=$?
wait $p2
s2=$?
if [ $s1 = 0 ] && [ $s2 = 1 ]; then winner=$p1 loser=$tmp/err2
elif [ $s1 = 1 ] && [ $s2 = 0 ]; then winner=$p2 loser=$tmp/err1
else winner="" loser=/dev/null; fail "two at once: statuses $s1 and $s2: $(cat "$tmp/err1" "$tmp/err2")"; fi
[ "$first" = 1 ] && ok || fail "two at once: the first to end ended with $first, not 1"
[ -z "$winner" ] || grep -q "is being run by process $winner on host" "$loser" && ok ||
	fail "the refused one does not name process $winner: $(cat "$loser")"
same_runs "$tmp/race.db" "$tmp/one.db" "two at once"
rm -f "$tmp/gate"
"$bin" "${race[@]}" "${gated[@]}" --db "$tmp/race2.db" 2>"$tmp/err1" &
p1=$!
for _ in $(seq 3000); do # until it holds the lock (then it waits at the gate)
	[ "$(q "$tmp/race2.db" "SELECT pid FROM campaign_lock" 2>/dev/null)" = $p1 ] && break
	sleep 0.01
done
expect 1 "is being run by process $p1 on host" -- "$bin" "${race[@]}" --runner "remote:'$bin' agent" \
	--db "$tmp/race2.db" --resume
touch "$tmp/gate"
wait $p1 && ok || fail "the first campaign: $(cat "$tmp/err1")"
same_runs "$tmp/race2.db" "$tmp/one.db" "one running, one --resume"
[ "$(q "$tmp/race2.db" "SELECT cursor = runs AND state = 'finished' FROM campaign_summary")" = 1 ] &&
	ok || fail "cursor, runs and state: $(q "$tmp/race2.db" "SELECT cursor, runs, state FROM campaign_summary")"

# 3. Damaged databases: infer, report and merge stop with the table and row named (they
# crashed with a segmentation fault); a bit number far beyond the word does not run away.
# (On a shorter campaign of the same probe, inferred: the rest needs no more runs.)
small=(campaign "$probe" --quiet --budget 8000 --batch 2000)
"$bin" "${small[@]}" --db "$tmp/small.db" 2>"$tmp/err" && ok || fail "small campaign: $(cat "$tmp/err")"
"$bin" infer --db "$tmp/small.db" >/dev/null 2>"$tmp/err" && ok || fail "infer: $(cat "$tmp/err")"
damage() { # NAME SQL
	cp "$tmp/small.db" "$tmp/$1.db"
	q "$tmp/$1.db" "$2"
}
# (runs are stored in blocks, db/block.c: the damage goes to the first entry of a block)
first="WHERE id = (SELECT min(id) FROM run_block WHERE context = 0)"
damage outcome "UPDATE run_block SET outs = json_set(outs, '\$[0]', 99999) $first"
damage context "UPDATE run_block SET context = 77 WHERE context = 3"
damage value "UPDATE run_block SET lo = randomblob(300) $first"
for k in outcome context value; do
	expect 1 "^$tmp/$k.db: error: table run_block, row \(id [0-9]+" -- "$bin" infer --db "$tmp/$k.db"
	expect 1 "error: table run_block, row" -- "$bin" report --db "$tmp/$k.db"
	expect 1 "$k.db: error: table run_block, row .*not merged, nothing was written" -- "$bin" db merge "$tmp/m-$k.db" "$tmp/$k.db"
	[ -e "$tmp/m-$k.db" ] && fail "merge of $k wrote its output" || ok
done
damage bits "UPDATE finding SET hi = 2000000000 WHERE id = (SELECT min(id) FROM finding)"
timeout 20 "$bin" report --db "$tmp/bits.db" --format html -o "$tmp/bits.html" 2>"$tmp/err"
st=$?
[ $st = 1 ] && grep -q "table finding, row (id 1): bits 25-2000000000 are beyond the 60 bits of a midgard.load_store word" "$tmp/err" &&
	ok || fail "runaway html: status $st: $(cat "$tmp/err")"
[ "$(stat -c %s "$tmp/bits.html" 2>/dev/null || echo 0)" -lt 100000 ] && ok || fail "runaway html: $(stat -c %s "$tmp/bits.html") bytes written"
damage target "UPDATE target SET lo = 2000000000"
expect 1 "table target, row \(campaign 1, value_lo 0\): bits 2000000000-2000000025 are beyond" -- "$bin" infer --db "$tmp/target.db"

# 4. A real full disk (a 512 KiB tmpfs, where a private mount namespace can be had): the
# campaign stops with an error that says so, and resumed elsewhere it ends as one run would.
if unshare -rm true 2>/dev/null || unshare -m true 2>/dev/null; then
	ns=(unshare -m)
	[ "$(id -u)" = 0 ] || ns=(unshare -rm)
	mkdir "$tmp/small"
	"${ns[@]}" bash -c 'mount -t tmpfs -o size=512k tmpfs "$1" && "$2" "${@:5}" --db "$1/full.db" 2>"$4"; st=$?; cp "$1/full.db" "$1/full.db-wal" "$1/../" 2>/dev/null; exit $st' \
		_ "$tmp/small" "$bin" "$probe" "$tmp/err" "${small[@]}"
	st=$?
	[ $st = 1 ] && grep -q "database or disk is full; the batch was rolled back, earlier batches are kept" "$tmp/err" &&
		ok || fail "full disk: status $st: $(cat "$tmp/err")"
	"$bin" "${small[@]}" --db "$tmp/full.db" --resume 2>"$tmp/err" &&
		ok || fail "resumed after the full disk: $(cat "$tmp/err")"
	same_runs "$tmp/full.db" "$tmp/small.db" "full disk, resumed"
else
	echo "full disk: skipped (no private mount namespace here; test_faults_kill fills the disk too)"
fi

# 5. Read-only: a database on a read-only file system (a read-only bind mount where a mount
# namespace can be had, else a read-only file in a read-only directory for a user that is not
# root): campaign and infer refuse to write it, report and merge read it.
mkdir "$tmp/ro"
cp "$tmp/small.db" "$tmp/ro/f.db"
ro_run() { "$@"; }
if [ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null; then
	ro_run() { unshare -m bash -c 'mount --bind "$1" "$1" && mount -o remount,ro,bind "$1" && shift && "$@"' _ "$tmp/ro" "$@"; }
elif [ "$(id -u)" != 0 ]; then
	chmod 444 "$tmp/ro/f.db" && chmod 555 "$tmp/ro"
else
	ro_run() { false; }
fi
if ro_run true; then
	expect 1 "f.db: error: cannot be written \(a read-only file or file system: (Read-only file system|Permission denied)\); it can still be read" -- ro_run "$bin" campaign "$probe" --db "$tmp/ro/f.db" --quiet
	expect 1 "cannot be written" -- ro_run "$bin" infer --db "$tmp/ro/f.db"
	ro_run "$bin" report --db "$tmp/ro/f.db" >"$tmp/ro.md" 2>"$tmp/err" && grep -q "findings" "$tmp/ro.md" && ok ||
		fail "report of a read-only database: $(cat "$tmp/err")"
	# merge reads inputs on read-only storage (it said "No such file or directory")
	ro_run "$bin" db merge "$tmp/from-ro.db" "$tmp/ro/f.db" >/dev/null 2>"$tmp/err" && ok ||
		fail "merge from read-only storage: $(cat "$tmp/err")"
	same_runs "$tmp/from-ro.db" "$tmp/small.db" "merged from read-only storage"
	# merge into read-only storage says what is wrong (it said "No such file or directory", or
	# to open the output read-only): the output, and why it cannot be written or made
	expect 1 "ro/f.db: error: the merge's output cannot be written: (Read-only file system|Permission denied); merge into a database on writable storage" -- \
		ro_run "$bin" db merge "$tmp/ro/f.db" "$tmp/small.db"
	expect 1 "ro/new.db: error: the merge's output cannot be created: its folder .*/ro cannot be written: (Read-only file system|Permission denied)" -- \
		ro_run "$bin" db merge "$tmp/ro/new.db" "$tmp/small.db"
	expect 1 "ro/new.db: error: cannot be created: its folder .*/ro cannot be written" -- \
		ro_run "$bin" campaign "$probe" --db "$tmp/ro/new.db" --quiet
	chmod 755 "$tmp/ro" 2>/dev/null
else
	echo "read-only: skipped (root without a mount namespace)"
fi

# 6. The small messages.
expect 1 "exhaustive over 26 bits is 2\^26 = 67108864 values per context; refused above 24 bits unless forced \(--force\)" -- \
	"$bin" campaign "$probe" --db "$tmp/x.db" --strategy exhaustive
expect 2 "query: no question: name one of those below, or give --sql" -- "$bin" query --db "$tmp/small.db"
expect 2 "give a question or --sql, not both" -- "$bin" query --db "$tmp/small.db" campaigns --sql "SELECT 1"
"$bin" campaign "$probe" --db "$tmp/uninferred.db" --quiet --budget 50 2>/dev/null
"$bin" report --db "$tmp/uninferred.db" >"$tmp/out" 2>&1 && grep -q "runs but no findings: run \`isaprobe infer --db FILE\` first" "$tmp/out" &&
	ok || fail "report of a database never inferred: $(cat "$tmp/out")"
"$bin" report --db "$tmp/x.db" >"$tmp/out" 2>&1 && grep -q "no campaign has stored any runs" "$tmp/out" &&
	ok || fail "report of an empty database: $(cat "$tmp/out")"

finish
