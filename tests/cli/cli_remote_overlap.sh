#!/usr/bin/env bash
# cli_remote_overlap.sh: a campaign whose batches go to the agent in two halves, the second
# submitted before the first is collected: the agent dying at any point (in the first half, at
# its last frame with the second's first in flight, in the second) costs a retry on a fresh
# agent, and the database equals --runner sim's: every run once, none lost. A device lost for
# good in either half (agent --runner drm on the fake device) stops the campaign with nothing of
# the batch stored, starts no agent for the other half, and --resume finishes it.
# Usage: SCRIPT ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"
. "$(dirname "$0")/drm_lib.sh"

runs_sql="SELECT r.context, hex(r.value), o.status, o.fault, hex(o.data), sum(r.count)
 FROM run r JOIN outcome o ON o.id = r.outcome_id GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5"
# 1536 variants in one batch: halves of 768, each three BATCH frames of 256 jobs (about 20 KB).
campaign() { # DB RUNNER [more options]
	local db=$1 runner=$2
	shift 2
	"$bin" campaign "$src/probes/midgard/scalar_unk.probe" --db "$db" --runner "$runner" \
		--strategy exhaustive --batch 1536 --jobs 1 --quiet "$@"
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

# The device lost at job 300 (the first half: the second is submitted behind it) or 700 (the
# second half, the first collected): exit 1, nothing of the batch stored, the retry's agent the
# only other one started; once the device is back, --resume stores what the drm runner stores.
fake "$bin" campaign "$src/probes/midgard/scalar_unk.probe" --db "$tmp/drm.db" --runner drm \
	--strategy exhaustive --batch 1536 --jobs 1 --quiet 2>"$tmp/err" && ok || fail "drm: $(cat "$tmp/err")"
fake_program "$bin" "$tmp/fakebin"
printf '#!/bin/sh\necho x >>"%s"\nexec "%s" agent --runner drm\n' "$tmp/count" "$tmp/fakebin" >"$tmp/drm_agent.sh"
chmod +x "$tmp/drm_agent.sh"
mkdir -p "$tmp/state"
for at in 300 700; do
	rm -f "$tmp/count" "$tmp/state/lost-renderD128"
	FAKEDRM_STATE=$tmp/state FAKEDRM_INJECT=lost@$at campaign "$tmp/lost$at.db" "remote:$tmp/drm_agent.sh" \
		2>"$tmp/err"
	st=$?
	[ "$st" = 1 ] && ok || fail "lost at $at: exit $st: $(cat "$tmp/err")"
	[ "$(sqlite3 "$tmp/lost$at.db" "SELECT count(*) FROM run")" = 0 ] && ok ||
		fail "lost at $at: runs stored: $(sqlite3 "$tmp/lost$at.db" "SELECT count(*) FROM run")"
	[ "$(wc -l <"$tmp/count")" = 2 ] && ok || fail "lost at $at: $(wc -l <"$tmp/count") agents started, not 2"
	rm -f "$tmp/state/lost-renderD128"
	FAKEDRM_STATE=$tmp/state campaign "$tmp/lost$at.db" "remote:$tmp/drm_agent.sh" --resume 2>"$tmp/err" &&
		ok || fail "lost at $at: --resume: $(cat "$tmp/err")"
	[ "$(runs_of "$tmp/lost$at.db" scalar_unk)" = "$(runs_of "$tmp/drm.db" scalar_unk)" ] && ok ||
		fail "lost at $at, resumed: the runs differ from the drm runner's"
done

finish
