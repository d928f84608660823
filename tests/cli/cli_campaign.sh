#!/usr/bin/env bash
# cli_campaign.sh: `isaprobe campaign` on the simulator: usage and probe errors, counts worked
# out by hand, the same database whatever --jobs, 4 shards = 1 campaign, and Ctrl-C (SIGINT)
# stopping with everything stored, then --resume. Usage: cli_campaign.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

q() { sqlite3 "$1" "$2"; }
runs_sql="SELECT r.context, hex(r.value), o.status, o.fault, hex(o.data), sum(r.count)
 FROM run r JOIN outcome o ON o.id = r.outcome_id GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5"

probes=$src/probes/midgard
cat >"$tmp/bad.probe" <<'EOF'
isa midgard
program <<END
ls {
	ld_attr_32 r0.xyzw, [0].xyzw
}
END
target 0.load_store unk26
observe registers 512
EOF

expect 2 "--db FILE is required" -- "$bin" campaign "$probes/branch_unk7.probe"
expect 2 "--shard wants I/N" -- "$bin" campaign "$probes/branch_unk7.probe" --db "$tmp/x.db" --shard 4/4
expect 2 "unknown strategy 'sideways'" -- "$bin" campaign "$probes/branch_unk7.probe" --db "$tmp/x.db" --strategy sideways
expect 1 "bad.probe:7:21: error: unknown field 'unk26' in midgard.load_store" -- \
	"$bin" campaign "$tmp/bad.probe" --db "$tmp/x.db"
[ ! -e "$tmp/x.db" ] && ok || fail "a bad probe created the database"
expect 1 "error: exhaustive over 26 bits.*--force" -- \
	"$bin" campaign "$probes/ls_stores.probe" --db "$tmp/x.db" --strategy exhaustive --quiet

# walk over 2 bits, 2 contexts: 2 x (1 + 2) = 6 variants.
"$bin" campaign "$probes/branch_unk7.probe" --db "$tmp/walk.db" --strategy walk --json >"$tmp/walk.json" 2>"$tmp/err" || fail "walk: $(cat "$tmp/err")"
grep -q '"runs":6,' "$tmp/walk.json" && grep -q '"finished":true' "$tmp/walk.json" && ok || fail "walk json: $(cat "$tmp/walk.json")"
[ "$(q "$tmp/walk.db" "SELECT sum(count) FROM run")" = 6 ] && ok || fail "walk stored $(q "$tmp/walk.db" "SELECT sum(count) FROM run") runs"
[ "$(q "$tmp/walk.db" "SELECT group_concat(label) FROM context")" = "skip_one,next" ] && ok || fail "contexts"
# the seed value of bits 7-8 is 01, as the notes always saw it
[ "$(q "$tmp/walk.db" "SELECT hex(seed_value) FROM context WHERE idx = 0")" = 01 ] && ok || fail "seed value"

# The same campaign with 1 and 2 jobs, and as 4 shards: the same runs.
for j in 1 2; do
	"$bin" campaign "$probes/scalar_unk.probe" "$probes/ls_stores.probe" --db "$tmp/j$j.db" --jobs $j --batch 50 --quiet || fail "jobs $j"
done
[ "$(q "$tmp/j1.db" "$runs_sql" | md5sum)" = "$(q "$tmp/j2.db" "$runs_sql" | md5sum)" ] && ok || fail "--jobs 1 and 2 differ"
[ "$(q "$tmp/j1.db" "SELECT count(*) FROM run")" -gt 100 ] && ok || fail "too few runs"
for i in 0 1 2 3; do
	"$bin" campaign "$probes/scalar_unk.probe" "$probes/ls_stores.probe" --db "$tmp/shards.db" --shard $i/4 --batch 50 --quiet || fail "shard $i"
done
[ "$(q "$tmp/shards.db" "$runs_sql" | md5sum)" = "$(q "$tmp/j1.db" "$runs_sql" | md5sum)" ] && ok || fail "4 shards differ from 1 campaign"
[ "$(q "$tmp/shards.db" "SELECT count(*) FROM (SELECT context, value FROM run r JOIN campaign c ON c.id = r.campaign_id GROUP BY c.probe_id, context, value HAVING count(*) > 1)")" = 0 ] && ok || fail "a variant ran in two shards"

# Ctrl-C: stops with exit status 130, stores whole batches only, and --resume goes on.
db=$tmp/int.db
cursor() { q "$db" "SELECT cursor FROM campaign" 2>/dev/null || echo 0; }
wait_cursor() { # wait until the cursor passes $1 (at most ~20 s)
	for _ in $(seq 200); do
		[ "$(cursor)" -gt "$1" ] 2>/dev/null && return 0
		sleep 0.1
	done
	return 1
}
"$bin" campaign "$probes/ls_loads.probe" --db "$db" --strategy random --budget 50000000 --jobs 1 --batch 256 --quiet &
pid=$!
wait_cursor 0 || fail "no progress before SIGINT"
kill -INT $pid
wait $pid
st=$?
[ $st -eq 130 ] && ok || fail "SIGINT: exit status $st, want 130"
c1=$(cursor)
[ "$c1" -gt 0 ] && [ "$c1" -lt 50000000 ] && ok || fail "interrupted cursor $c1"
[ "$(q "$db" "SELECT sum(count) FROM run")" = "$c1" ] && ok || fail "runs stored != cursor $c1"
[ "$(q "$db" "SELECT state FROM campaign")" = running ] && ok || fail "state after SIGINT"
expect 1 "interrupted at variant $c1: pass --resume" -- \
	"$bin" campaign "$probes/ls_loads.probe" --db "$db" --strategy random --budget 50000000 --quiet
"$bin" campaign "$probes/ls_loads.probe" --db "$db" --strategy random --budget 50000000 --jobs 2 --batch 256 --resume --quiet &
pid=$!
wait_cursor "$c1" || fail "no progress after --resume"
kill -INT $pid
wait $pid
c2=$(cursor)
[ "$c2" -gt "$c1" ] && ok || fail "resume did not move the cursor ($c1 -> $c2)"
[ "$(q "$db" "SELECT sum(count) FROM run")" = "$c2" ] && ok || fail "runs stored != cursor $c2 after resume"
[ "$(q "$db" "SELECT count(*) FROM campaign")" = 1 ] && ok || fail "resume started another campaign"

finish
