#!/usr/bin/env bash
# cli_shard_infer.sh: the shards of one campaign run on four boards (four hosts), merged with
# `db merge`, are inferred from all their runs: the same findings and report as one unsharded
# database; a second strategy's campaign on the same probe adds up in both. Usage: SCRIPT BIN SRC
set -u
. "$(dirname "$0")/shell_lib.sh"
probe=$src/probes/midgard/ls_loads.probe

"$bin" campaign "$probe" --strategy auto --budget 3000 --db "$tmp/one.db" --quiet && ok || fail "unsharded campaign"
for i in 0 1 2 3; do
	"$bin" campaign "$probe" --strategy auto --budget 3000 --shard $i/4 --host board$i \
		--db "$tmp/shard$i.db" --quiet && ok || fail "shard $i"
done
"$bin" db merge "$tmp/all.db" "$tmp/shard0.db" "$tmp/shard1.db" "$tmp/shard2.db" "$tmp/shard3.db" \
	>/dev/null && ok || fail "db merge"
# four device rows (one per board), one runner and model
n=$(sqlite3 "$tmp/all.db" "SELECT count(*) || ' ' || count(DISTINCT runner || model) FROM device" 2>/dev/null ||
	echo skip)
[ "$n" = "4 1" ] || [ "$n" = skip ] && ok || fail "devices in the merged database: $n, want 4 hosts of 1 model"

"$bin" infer --db "$tmp/one.db" >"$tmp/one.txt" && ok || fail "infer unsharded"
"$bin" infer --db "$tmp/all.db" >"$tmp/all.txt" && ok || fail "infer merged"
# the 3000 variants and their re-runs (auto confirms each context's seed and the faults of
# single flips), as many merged as unsharded
runs=$(sed -n 's/.* from \([0-9]*\) runs.*/\1/p' "$tmp/one.txt")
[ -n "$runs" ] && [ "$runs" -ge 3000 ] && grep -q " from $runs runs" "$tmp/all.txt" && ok ||
	fail "merged infer: $(cat "$tmp/all.txt"), want the unsharded $(cat "$tmp/one.txt")"
cmp -s "$tmp/one.txt" "$tmp/all.txt" && ok || fail "infer: $(cat "$tmp/one.txt") vs $(cat "$tmp/all.txt")"
# the reports, without the file name and the campaign ids
"$bin" report --db "$tmp/one.db" | sed 1d | grep -v '^Campaigns used' >"$tmp/one.md"
"$bin" report --db "$tmp/all.db" | sed 1d | grep -v '^Campaigns used' >"$tmp/all.md"
cmp -s "$tmp/one.md" "$tmp/all.md" && ok || fail "reports differ: $(diff "$tmp/one.md" "$tmp/all.md" | head -20)"
grep -q "^Campaigns used: 4 " <("$bin" report --db "$tmp/all.db") && ok || fail "merged report: not 4 campaigns"

# A walk campaign on another board adds up with the shards (another strategy, same probe text).
"$bin" campaign "$probe" --strategy walk --host board9 --db "$tmp/all.db" --quiet && ok || fail "walk on all"
"$bin" campaign "$probe" --strategy walk --db "$tmp/one.db" --quiet && ok || fail "walk on one"
"$bin" infer --db "$tmp/one.db" >"$tmp/one.txt"
"$bin" infer --db "$tmp/all.db" >"$tmp/all.txt"
cmp -s "$tmp/one.txt" "$tmp/all.txt" && ok || fail "with a walk: $(cat "$tmp/one.txt") vs $(cat "$tmp/all.txt")"
grep -q "^Campaigns used: 5 " <("$bin" report --db "$tmp/all.db") && ok || fail "merged + walk: not 5 campaigns"

finish
