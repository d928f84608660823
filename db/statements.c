/* statements.c: the SQL of every statement the store runs, prepared once when the database is
 * opened and kept for the life of the handle. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

#define NOW "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"
static const char *const stmt_sql[ST_COUNT] = {
	[ST_BEGIN] = "BEGIN IMMEDIATE",
	[ST_COMMIT] = "COMMIT",
	[ST_DEVICE_GET] = "SELECT id FROM device WHERE runner = ?1 AND model = ?2 AND host = ?3",
	[ST_DEVICE_ADD] = "INSERT INTO device (runner, model, host) VALUES (?1, ?2, ?3)",
	[ST_PROBE_GET] = "SELECT id, isa, source_hash FROM probe WHERE name = ?1",
	[ST_PROBE_ADD] = "INSERT INTO probe (name, isa, source_text, source_hash)"
	                 " VALUES (?1, ?2, ?3, ?4)",
	[ST_PROBE_REPLACE] = "UPDATE probe SET isa = ?2, source_text = ?3, source_hash = ?4,"
	                     " updated_at = " NOW " WHERE id = ?1",
	/* The probe's current text is part of the key (probe_hash). */
	[ST_CAMPAIGN_GET] = "SELECT c.id, c.cursor, c.state FROM campaign c"
	                    " JOIN probe p ON p.id = c.probe_id AND p.source_hash = c.probe_hash"
	                    " WHERE c.probe_id = ?1 AND c.device_id = ?2 AND c.strategy = ?3"
	                    " AND c.seed = ?4 AND c.budget = ?5 AND c.shard_index = ?6"
	                    " AND c.shard_count = ?7",
	[ST_CAMPAIGN_ADD] = "INSERT INTO campaign (probe_id, probe_hash, probe_text, device_id,"
	                    " strategy, seed, budget, shard_index, shard_count, origin)"
	                    " SELECT id, source_hash, source_text, ?2, ?3, ?4, ?5, ?6, ?7,"
	                    " (SELECT uuid FROM identity) FROM probe WHERE id = ?1",
	[ST_CAMPAIGN_CURSOR] = "UPDATE campaign SET cursor = ?2, updated_at = " NOW
	                       " WHERE id = ?1 AND state = 'running'",
	[ST_CAMPAIGN_STATE] = "SELECT state FROM campaign WHERE id = ?1",
	[ST_CAMPAIGN_FINISH] = "UPDATE campaign SET state = 'finished', updated_at = " NOW ","
	                       " finished_at = coalesce(finished_at, " NOW ") WHERE id = ?1",
	[ST_OUTCOME_GET] = "SELECT id, status, fault, data FROM outcome WHERE hash = ?1",
	[ST_OUTCOME_ADD] = "INSERT INTO outcome (hash, status, fault, data) VALUES (?1, ?2, ?3, ?4)",
	[ST_OUTCOME_STATUS] = "SELECT status FROM outcome WHERE id = ?1",
	[ST_BLOCK_ADD] = "INSERT INTO run_block (campaign_id, context, n, lo, hi, runs, ok, fault,"
	                 " invalid, timeout, unmodeled, runner_error, vals, outs)"
	                 " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
	/* db/fold.c: the blocks a new one of values lo..hi may repeat: those starting in it, and
	 * the nearest starting before it (index run_block_campaign) */
	[ST_BLOCK_FIND_IN] = "SELECT id, n, lo, hi FROM run_block WHERE campaign_id = ?1"
	                     " AND context = ?2 AND lo >= ?3 AND lo <= ?4 ORDER BY lo LIMIT 3",
	[ST_BLOCK_FIND_BELOW] = "SELECT id, n, lo, hi FROM run_block WHERE campaign_id = ?1"
	                        " AND context = ?2 AND lo < ?3 ORDER BY lo DESC LIMIT 2",
	[ST_BLOCK_GET] = "SELECT vals, outs FROM run_block WHERE id = ?1",
	[ST_BLOCK_DELETE] = "DELETE FROM run_block WHERE id = ?1",
};

int ip_store_prepare(struct ip_store *s, struct ip_diag *d)
{
	for (int i = 0; i < ST_COUNT; i++)
		if (!(i >= ST_BLOCK_ADD && s->mode == IP_STORE_READ_ONLY) && /* writes no runs (and a
		     * file older than version 5 has no run_block) */
		    sqlite3_prepare_v3(s->db, stmt_sql[i], -1, SQLITE_PREPARE_PERSISTENT, &s->st[i],
		                       NULL))
			return ip_store_fail(s, d, "preparing \"%.200s\"", stmt_sql[i]);
	return 0;
}

void ip_store_finalize(struct ip_store *s)
{
	for (int i = 0; i < ST_COUNT; i++) {
		sqlite3_finalize(s->st[i]);
		s->st[i] = NULL;
	}
}

int ip_store_step_done(struct ip_store *s, enum ip_stmt id)
{
	int rc = sqlite3_step(s->st[id]);
	sqlite3_reset(s->st[id]);
	return rc == SQLITE_ROW ? SQLITE_MISUSE : rc;
}

int ip_store_query_int(sqlite3 *db, const char *sql, int *out)
{
	sqlite3_stmt *st;
	int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
	if (rc)
		return rc;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*out = sqlite3_column_int(st, 0);
		rc = SQLITE_OK;
	} else if (rc == SQLITE_DONE) {
		rc = SQLITE_MISUSE; /* no row */
	}
	sqlite3_finalize(st);
	return rc;
}
