#!/usr/bin/env bash
# cli_remote_overlap.sh: a campaign whose batches go to the agent in two halves, the second
# submitted before the first is collected: the agent dying at any point (in the first half, at
# its last frame with the second's first in flight, in the second) costs a retry on a fresh
# agent, and the database equals --runner sim's: every run once, none lost.
# Usage: SCRIPT ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

runs_sql="SELECT r.context, hex(r.value), o.status, o.fault, hex(o.data), sum(r.count)
 FROM run r JOIN outcome o ON o.id = r.outcome_id GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5"
# 1536 variants in one batch: halves of 768, each three BATCH frames of 256 jobs (about 20 KB).
campaign() { # DB RUNNER
	"$bin" campaign "$src/probes/midgard/scalar_unk.probe" --db "$1" --runner "$2" \
		--strategy exhaustive --batch 1536 --jobs 1 --quiet
}
export ISAPROBE_REMOTE_TIMEOUT=20 ISAPROBE_REMOTE_RETRIES=1

campaign "$tmp/sim.db" sim 2>"$tmp/err" && ok || fail "sim campaign: $(cat "$tmp/err")"
sqlite3 "$tmp/sim.db" "$runs_sql" >"$tmp/sim.runs"
[ "$(sqlite3 "$tmp/sim.db" "SELECT sum(count) FROM run")" = 1536 ] && ok || fail "sim: not 1536 runs"

# The first agent's input is cut after N bytes (it dies reading a frame); the second serves all.
for cut in 10000 50000 70000 110000; do
	rm -f "$tmp/count"
	cat >"$tmp/agent.sh" <<AGENT
#!/bin/sh
echo x >>"$tmp/count"
if [ \$(wc -l <"$tmp/count") = 1 ]; then
	dd bs=4096 iflag=count_bytes count=$cut status=none | "$bin" agent --runner sim
	exit 1
fi
exec "$bin" agent --runner sim
AGENT
	chmod +x "$tmp/agent.sh"
	campaign "$tmp/cut$cut.db" "remote:$tmp/agent.sh" 2>"$tmp/err" && ok ||
		fail "cut at $cut: $(cat "$tmp/err")"
	[ "$(wc -l <"$tmp/count")" = 2 ] && ok || fail "cut at $cut: $(wc -l <"$tmp/count") agents started, not 2"
	sqlite3 "$tmp/cut$cut.db" "$runs_sql" | cmp -s - "$tmp/sim.runs" && ok ||
		fail "cut at $cut: the runs differ from sim's"
done

finish
