#!/usr/bin/env bash
# cli_query_summaries.sh: `isaprobe query` answers campaign_outcome and campaign_summary from
# temporary tables worked out by a scan of the blocks (db/summary.c); they must hold exactly the
# rows the views over `run` give (which stay readable as main.*), on campaigns in order, in
# random order with two workers, and with runs added and taken back by hand.
# Usage: cli_query_summaries.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

db=$tmp/f.db
probe=$src/probes/midgard/ls_loads.probe
# (no time limit: the stored views count every run in SQL, slowly by design, and under the
# sanitizers slower than --sql's default 10 s)
q() { "$bin" query --db "$db" --format csv --time-limit 0 "$@"; }

must "exhaustive campaign" "$bin" campaign "$probe" --db "$db" --strategy exhaustive \
	--budget 30000 --jobs 1 --force --quiet
must "random campaign" "$bin" campaign "$probe" --db "$db" --strategy random --seed 3 \
	--budget 20000 --jobs 2 --quiet
command -v sqlite3 >/dev/null || { echo "cli_query_summaries: no sqlite3 shell"; exit 77; }
# By hand: 5 more runs of a stored (variant, outcome) of campaign 1, and every run of another
# taken back (its group sums to 0: the view leaves it out, and so must the scan).
must "runs by hand" sqlite3 "$db" "
	INSERT INTO run (campaign_id, context, value, outcome_id, count)
		SELECT campaign_id, context, value, outcome_id, 5 FROM run
		WHERE campaign_id = 1 ORDER BY context, value LIMIT 1;
	INSERT INTO run (campaign_id, context, value, outcome_id, count)
		SELECT campaign_id, context, value, outcome_id, -count FROM run
		WHERE campaign_id = 1 ORDER BY context DESC, value DESC LIMIT 1;"

# The temporary tables are there (the fast path was taken), not empty, and equal to the views.
expect_out 0 '^3$' -- q --sql "SELECT count(*) FROM temp.sqlite_master
	WHERE name IN ('campaign_summary', 'campaign_outcome', 'campaign_counts')"
expect_out 0 '^0,0,0,0$' -- q --sql "SELECT
	(SELECT count(*) FROM (SELECT * FROM main.campaign_outcome
		EXCEPT SELECT * FROM temp.campaign_outcome)) AS missing,
	(SELECT count(*) FROM (SELECT * FROM temp.campaign_outcome
		EXCEPT SELECT * FROM main.campaign_outcome)) AS extra,
	(SELECT count(*) FROM main.campaign_outcome) - (SELECT count(*) FROM temp.campaign_outcome),
	(SELECT count(*) FROM temp.campaign_outcome) < 20"
expect_out 0 '^0,0,2$' -- q --sql "SELECT
	(SELECT count(*) FROM (SELECT * FROM main.campaign_summary
		EXCEPT SELECT * FROM temp.campaign_summary)),
	(SELECT count(*) FROM (SELECT * FROM temp.campaign_summary
		EXCEPT SELECT * FROM main.campaign_summary)),
	(SELECT count(*) FROM temp.campaign_summary WHERE variants > 0 AND outcomes > 1)"
# The named question answers as the view does, line for line.
q campaigns >"$tmp/fast" 2>&1
q --sql "SELECT * FROM main.campaign_summary ORDER BY campaign_id" >"$tmp/slow" 2>&1
if cmp -s "$tmp/fast" "$tmp/slow" && [ "$(wc -l <"$tmp/fast")" -eq 3 ]; then
	ok
else
	fail "query campaigns differs from the view:"
	diff "$tmp/fast" "$tmp/slow" >&2
fi
# The hand-made runs counted: the blocks' totals against the run view's.
expect_out 0 '^1,1$' -- q --sql "SELECT (SELECT runs FROM campaign_summary WHERE campaign_id = 1)
	= (SELECT sum(count) FROM main.run WHERE campaign_id = 1),
	(SELECT sum(count) FROM main.run WHERE campaign_id = 1) > 30000"
finish
