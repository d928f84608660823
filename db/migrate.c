/* migrate.c: forward-only schema migrations keyed on PRAGMA user_version. Version 1 runs
 * db/schema.sql's first part; each later version is one function in the table below (a view's
 * SQL is a later part of db/schema.sql). */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "store_internal.h"

/* One step: brings the schema from version - 1 to version. It runs inside the migration's
 * transaction with foreign keys on; a step that rebuilds a table should use
 * PRAGMA defer_foreign_keys. It returns 0, or an SQLite code with the message in the handle. */
struct migration {
	int version;
	const char *what;
	int (*apply)(sqlite3 *db);
};

/* db/schema.sql holds version 1, then the parts later versions add, each after a line that
 * starts with this and the version's number. */
#define SCHEMA_PART "\n-- == version "

/* The part of db/schema.sql that starts after the marker of version `from` (0: the beginning)
 * and ends at the next marker (sqlite3_malloc'd), or NULL when there is none (*rc says why). */
static char *schema_text(int from, int *rc)
{
	char marker[32];
	const char *start = ip_store_schema_sql, *end;
	char *part;
	*rc = SQLITE_OK;
	if (from) {
		snprintf(marker, sizeof marker, SCHEMA_PART "%d", from);
		if (!(start = strstr(ip_store_schema_sql, marker)))
			return NULL;
		start += strcspn(start + 1, "\n") + 1; /* past the marker's line */
	}
	end = strstr(start, SCHEMA_PART);
	part = sqlite3_mprintf("%.*s", (int)(end ? end - start : (ptrdiff_t)strlen(start)), start);
	if (!part)
		*rc = SQLITE_NOMEM;
	return part;
}

/* Runs that part. */
static int schema_part(sqlite3 *db, int from)
{
	int rc;
	char *part = schema_text(from, &rc);
	if (!part)
		return rc ? rc : SQLITE_INTERNAL;
	rc = sqlite3_exec(db, part, NULL, NULL, NULL);
	sqlite3_free(part);
	return rc;
}

/* The text with every "CREATE VIEW " made "CREATE TEMP VIEW " (sqlite3_malloc'd; NULL: out of
 * memory). */
static char *temp_views(const char *text)
{
	static const char view[] = "CREATE VIEW ", temp[] = "CREATE TEMP VIEW ";
	size_t n = 0;
	char *out, *o;
	for (const char *p = strstr(text, view); p; p = strstr(p + 1, view))
		n++;
	out = o = sqlite3_malloc64(strlen(text) + n * (sizeof temp - sizeof view) + 1);
	if (!out)
		return NULL;
	for (const char *p = text, *q; *p; p = q + sizeof view - 1) {
		q = strstr(p, view);
		if (!q) {
			strcpy(o, p);
			return out;
		}
		memcpy(o, p, (size_t)(q - p));
		o += q - p;
		memcpy(o, temp, sizeof temp - 1);
		o += sizeof temp - 1;
	}
	*o = 0;
	return out;
}

int ip_store_temp_views(struct ip_store *s, int version, struct ip_diag *d)
{
	for (int v = version + 1; v <= IP_STORE_SCHEMA_VERSION; v++) {
		int rc;
		char *part = schema_text(v, &rc), *temp;
		if (!part) {
			if (rc)
				return ip_store_error(s, d, "out of memory");
			continue; /* this version's changes are in this file's steps, not views */
		}
		/* the part's views, as this connection's own (a read-only file cannot get them) */
		temp = temp_views(part);
		sqlite3_free(part);
		if (!temp)
			return ip_store_error(s, d, "out of memory");
		rc = sqlite3_exec(s->db, temp, NULL, NULL, NULL);
		sqlite3_free(temp);
		if (rc)
			return ip_store_fail(s, d, "making the views of schema version %d", v);
	}
	return 0;
}

static int create_schema(sqlite3 *db)
{
	return schema_part(db, 0);
}

/* Version 2: a finding belongs to an instruction and may hold under a condition (bundle, slot
 * and cond join its key; see db/schema.sql, table finding), and a buffer may name its records
 * (buffer.names, the probe's `record ROLE BYTES names ...`). The finding table is rebuilt with
 * the wider key (SQLite cannot change a UNIQUE constraint in place): an old finding gets the
 * bundle and slot of the target piece of its last campaign that holds its bits (else 0) and
 * the condition its details named ("when"). The view new_findings (SELECT f.*) is made again
 * on the new table. */
static const char finding_v2_sql[] =
	"ALTER TABLE buffer ADD COLUMN names TEXT NOT NULL DEFAULT '';"
	"DROP VIEW new_findings;"
	"CREATE TABLE finding_v2 ("
	" id INTEGER PRIMARY KEY,"
	" probe_id INTEGER NOT NULL REFERENCES probe (id),"
	" context INTEGER NOT NULL DEFAULT 0,"
	" bundle INTEGER NOT NULL DEFAULT 0,"
	" slot INTEGER NOT NULL DEFAULT 0,"
	" format TEXT NOT NULL DEFAULT '',"
	" lo INTEGER NOT NULL,"
	" hi INTEGER NOT NULL,"
	" kind TEXT NOT NULL,"
	" cond TEXT NOT NULL DEFAULT '',"
	" details TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(details)),"
	" confidence REAL NOT NULL CHECK (confidence >= 0 AND confidence <= 1),"
	" support INTEGER NOT NULL DEFAULT 0,"
	" against INTEGER NOT NULL DEFAULT 0,"
	" variants INTEGER NOT NULL DEFAULT 0,"
	" first_seen INTEGER NOT NULL REFERENCES campaign (id),"
	" last_seen INTEGER NOT NULL REFERENCES campaign (id),"
	" CHECK (lo >= 0 AND lo <= hi),"
	" UNIQUE (probe_id, context, bundle, slot, format, lo, hi, kind, cond));"
	"INSERT INTO finding_v2 (id, probe_id, context, bundle, slot, format, lo, hi, kind, cond,"
	" details, confidence, support, against, variants, first_seen, last_seen)"
	" SELECT f.id, f.probe_id, f.context,"
	" coalesce((SELECT t.bundle FROM target t WHERE t.campaign_id = f.last_seen"
	"  AND t.format = f.format AND f.lo >= t.lo AND f.hi < t.lo + t.width"
	"  ORDER BY t.value_lo LIMIT 1), 0),"
	" coalesce((SELECT t.slot FROM target t WHERE t.campaign_id = f.last_seen"
	"  AND t.format = f.format AND f.lo >= t.lo AND f.hi < t.lo + t.width"
	"  ORDER BY t.value_lo LIMIT 1), 0),"
	" f.format, f.lo, f.hi, f.kind, coalesce(json_extract(f.details, '$.when'), ''),"
	" f.details, f.confidence, f.support, f.against, f.variants, f.first_seen, f.last_seen"
	" FROM finding f;"
	"DROP TABLE finding;"
	"ALTER TABLE finding_v2 RENAME TO finding;"
	"CREATE INDEX finding_first_seen ON finding (first_seen);"
	"CREATE VIEW new_findings AS"
	" SELECT p.name AS probe, f.*"
	" FROM finding f"
	" JOIN probe p ON p.id = f.probe_id"
	" WHERE f.first_seen = (SELECT c.id FROM campaign c WHERE c.probe_id = f.probe_id"
	"  ORDER BY c.started_at DESC, c.id DESC LIMIT 1);";

static int finding_by_instruction(sqlite3 *db)
{
	return sqlite3_exec(db, finding_v2_sql, NULL, NULL, NULL);
}

/* Version 3: campaign locks (db/lock.c). One row per campaign being run: the process that
 * runs it (pid, host, boot id, the process's start time in clock ticks after boot, its command
 * line), since when, and its last sign of life (heartbeat, Unix time in milliseconds). */
static int add_campaign_lock(sqlite3 *db)
{
	return sqlite3_exec(db,
	                    "CREATE TABLE campaign_lock ("
	                    " campaign_id INTEGER PRIMARY KEY REFERENCES campaign (id),"
	                    " token       BLOB NOT NULL CHECK (length(token) = 16),"
	                    " pid         INTEGER NOT NULL,"
	                    " host        TEXT NOT NULL,"
	                    " boot_id     TEXT NOT NULL DEFAULT '',"
	                    " started     INTEGER NOT NULL DEFAULT 0,"
	                    " command     TEXT NOT NULL DEFAULT '',"
	                    " acquired_at TEXT NOT NULL"
	                    " DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),"
	                    " heartbeat   INTEGER NOT NULL)",
	                    NULL, NULL, NULL);
}

/* Version 4: the view finding_text (db/schema.sql, its last part), in place of any older one. */
static int add_finding_text(sqlite3 *db)
{
	int rc = sqlite3_exec(db, "DROP VIEW IF EXISTS finding_text", NULL, NULL, NULL);
	return rc ? rc : schema_part(db, 4);
}

/* Version 5: runs stored in blocks (issue 22). A campaign's batch is written as one run_block
 * row per context: its distinct variants' values side by side in one big-endian blob, and their
 * outcomes and counts in one JSON array, so that storing a run costs a few bytes of a row
 * instead of a row (a B-tree insertion, 12-17 thousand instructions), and a campaign in random
 * order appends rows instead of touching a page per run. `run` becomes a view of the blocks
 * with the table's columns and meaning (an INSERT into it still works, for hand-made fixtures);
 * the views that read it are made again on it. db/scan.c reads the blocks in value order. */
static const char block_table_sql[] =
	"CREATE TABLE run_block ("
	" id           INTEGER PRIMARY KEY,"
	" campaign_id  INTEGER NOT NULL REFERENCES campaign (id),"
	" context      INTEGER NOT NULL,"
	" n            INTEGER NOT NULL,"
	" lo           BLOB NOT NULL,"
	" hi           BLOB NOT NULL,"
	" runs         INTEGER NOT NULL,"
	" ok           INTEGER NOT NULL,"
	" fault        INTEGER NOT NULL,"
	" invalid      INTEGER NOT NULL,"
	" timeout      INTEGER NOT NULL,"
	" unmodeled    INTEGER NOT NULL,"
	" runner_error INTEGER NOT NULL,"
	" vals         BLOB NOT NULL,"
	" outs         TEXT NOT NULL);"
	"CREATE INDEX run_block_campaign ON run_block (campaign_id, context, lo);";

/* The views over the blocks. `run`: each block entry j of block b is value substr(vals, j *
 * len + 1, len) with the outcome and count of outs[j] (an id alone: one run); entries of one
 * (campaign, context, value, outcome) are summed over all blocks, and those summing to 0 (runs
 * taken back) left out. The value is read again from its block after grouping (pos = block id
 * and entry number) rather than carried through the sort, which would carry the whole blob. */
static const char block_views_sql[] =
	"CREATE VIEW run (campaign_id, context, value, outcome_id, count) AS"
	" SELECT g.campaign_id, g.context,"
	" (SELECT substr(b.vals, (g.pos & 1048575) * length(b.lo) + 1, length(b.lo))"
	"  FROM run_block b WHERE b.id = g.pos >> 20),"
	" g.outcome_id, g.count"
	" FROM (SELECT e.campaign_id, e.context, min(e.pos) AS pos, e.outcome_id,"
	"  sum(e.count) AS count"
	"  FROM (SELECT b.campaign_id, b.context, (b.id << 20) + j.key AS pos,"
	"   substr(b.vals, j.key * length(b.lo) + 1, length(b.lo)) AS value,"
	"   CASE j.type WHEN 'integer' THEN j.value ELSE json_extract(j.value, '$[0]') END"
	"   AS outcome_id,"
	"   CASE j.type WHEN 'integer' THEN 1 ELSE json_extract(j.value, '$[1]') END AS count"
	"   FROM run_block b, json_each(b.outs) j) e"
	"  GROUP BY e.campaign_id, e.context, e.value, e.outcome_id HAVING sum(e.count) <> 0) g;"
	"CREATE TRIGGER run_insert INSTEAD OF INSERT ON run BEGIN"
	" INSERT INTO run_block (campaign_id, context, n, lo, hi, runs, ok, fault, invalid,"
	" timeout, unmodeled, runner_error, vals, outs)"
	" SELECT NEW.campaign_id, NEW.context, 1, NEW.value, NEW.value, NEW.count,"
	" iif(o.status = 0, NEW.count, 0), iif(o.status = 1, NEW.count, 0),"
	" iif(o.status = 2, NEW.count, 0), iif(o.status = 3, NEW.count, 0),"
	" iif(o.status = 4, NEW.count, 0), iif(o.status = 5, NEW.count, 0),"
	" NEW.value, json_array(json_array(NEW.outcome_id, NEW.count))"
	" FROM (SELECT (SELECT status FROM outcome WHERE id = NEW.outcome_id) AS status) o;"
	" END;"
	"CREATE VIEW campaign_summary AS"
	" SELECT c.id AS campaign_id, p.name AS probe,"
	" d.runner || ':' || d.model || CASE d.host WHEN '' THEN '' ELSE '@' || d.host END"
	" AS device,"
	" c.strategy, c.seed, c.shard_index, c.shard_count, c.state, c.cursor,"
	" c.started_at, c.updated_at, c.finished_at,"
	" coalesce(b.runs, 0) AS runs,"
	" (SELECT count(*) FROM (SELECT DISTINCT context, value FROM run WHERE campaign_id = c.id))"
	" AS variants,"
	" (SELECT count(DISTINCT outcome_id) FROM run WHERE campaign_id = c.id) AS outcomes,"
	" coalesce(b.ok, 0) AS ok, coalesce(b.fault, 0) AS fault, coalesce(b.invalid, 0) AS invalid,"
	" coalesce(b.timeout, 0) AS timeout, coalesce(b.unmodeled, 0) AS unmodeled,"
	" coalesce(b.runner_error, 0) AS runner_error"
	" FROM campaign c"
	" JOIN probe p ON p.id = c.probe_id"
	" JOIN device d ON d.id = c.device_id"
	" LEFT JOIN (SELECT campaign_id, sum(runs) AS runs, sum(ok) AS ok, sum(fault) AS fault,"
	"  sum(invalid) AS invalid, sum(timeout) AS timeout, sum(unmodeled) AS unmodeled,"
	"  sum(runner_error) AS runner_error FROM run_block GROUP BY campaign_id) b"
	" ON b.campaign_id = c.id;"
	"CREATE VIEW variant AS"
	" SELECT campaign_id, context, value, sum(count) AS runs, count(*) AS outcomes"
	" FROM run GROUP BY campaign_id, context, value;"
	"CREATE VIEW campaign_outcome AS"
	" SELECT r.campaign_id, r.context, r.outcome_id, o.status, o.fault,"
	" count(*) AS variants, sum(r.count) AS runs, min(r.value) AS example"
	" FROM run r JOIN outcome o ON o.id = r.outcome_id"
	" GROUP BY r.campaign_id, r.context, r.outcome_id;"
	"CREATE VIEW run_orphan AS"
	" SELECT r.* FROM run r"
	" WHERE NOT EXISTS (SELECT 1 FROM campaign c WHERE c.id = r.campaign_id)"
	" OR NOT EXISTS (SELECT 1 FROM outcome o WHERE o.id = r.outcome_id);";

/* Copies the rows of the old run table into blocks (ip_block_* of db/block.c): one block per
 * campaign and context, up to IP_BLOCK_MAX entries each, in the table's order. */
static int copy_runs_to_blocks(sqlite3 *db)
{
	sqlite3_stmt *rd = NULL, *wr = NULL;
	struct ip_block_writer w;
	int rc;
	ip_block_writer_init(&w);
	rc = sqlite3_prepare_v2(db, "SELECT r.campaign_id, r.context, r.value, r.outcome_id,"
	                            " r.count, coalesce(o.status, 0) FROM run r"
	                            " LEFT JOIN outcome o ON o.id = r.outcome_id"
	                            " ORDER BY r.campaign_id, r.context, r.value, r.outcome_id",
	                        -1, &rd, NULL);
	if (rc == SQLITE_OK)
		rc = ip_block_writer_prepare(&w, db, &wr);
	while (rc == SQLITE_OK && (rc = sqlite3_step(rd)) == SQLITE_ROW) {
		int64_t campaign = sqlite3_column_int64(rd, 0), context = sqlite3_column_int64(rd, 1);
		const void *v = sqlite3_column_blob(rd, 2);
		int len = sqlite3_column_bytes(rd, 2), status = sqlite3_column_int(rd, 5);
		rc = SQLITE_OK;
		if (w.n && (w.campaign != campaign || w.context != context || w.vlen != (size_t)len ||
		            w.n == IP_BLOCK_MAX))
			rc = ip_block_writer_flush(&w, wr);
		if (rc == SQLITE_OK)
			rc = ip_block_writer_add(&w, campaign, context, v, (size_t)len,
			                         sqlite3_column_int64(rd, 3), sqlite3_column_int64(rd, 4),
			                         status);
	}
	if (rc == SQLITE_DONE)
		rc = w.n ? ip_block_writer_flush(&w, wr) : SQLITE_OK;
	sqlite3_finalize(rd);
	sqlite3_finalize(wr);
	ip_block_writer_free(&w);
	return rc;
}

static int runs_in_blocks(sqlite3 *db)
{
	int rc = sqlite3_exec(db, block_table_sql, NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = copy_runs_to_blocks(db);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db,
		                  "DROP VIEW IF EXISTS campaign_summary; DROP VIEW IF EXISTS variant;"
		                  " DROP VIEW IF EXISTS campaign_outcome; DROP VIEW IF EXISTS run_orphan;"
		                  " DROP TABLE run;",
		                  NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, block_views_sql, NULL, NULL, NULL);
	return rc;
}

static const struct migration migrations[] = {
	{1, "create the schema (db/schema.sql)", create_schema},
	{2, "findings keyed by instruction and condition, named records", finding_by_instruction},
	{3, "campaign locks", add_campaign_lock},
	{4, "the finding_text view", add_finding_text},
	{5, "runs stored in blocks", runs_in_blocks},
};

_Static_assert(sizeof migrations / sizeof migrations[0] == IP_STORE_SCHEMA_VERSION,
               "one migration per schema version");

/* Whether the finding_text view this connection resolves (a temporary one first) is this
 * build's: it reads the verdict (details.public_verdict) and has the bits as numbers (lo, hi):
 * 1 yes, 0 no or no such view, -1 the schema is unreadable. Views made by intermediate builds
 * at schema versions 4 and 5 lacked the verdict (their column was NULL or absent), views made
 * before issue 33 the numbers. */
static int finding_text_current(sqlite3 *db)
{
	sqlite3_stmt *st;
	int rc, current = -1;
	if (sqlite3_prepare_v2(db, "SELECT sql FROM sqlite_temp_master WHERE type = 'view' AND"
	                           " name = 'finding_text' UNION ALL SELECT sql FROM"
	                           " main.sqlite_master WHERE type = 'view' AND"
	                           " name = 'finding_text'",
	                       -1, &st, NULL) != SQLITE_OK)
		return -1;
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *sql = (const char *)sqlite3_column_text(st, 0);
		current = sql && strstr(sql, "'$.public_verdict'") && strstr(sql, "f.hi AS hi");
	} else if (rc == SQLITE_DONE)
		current = 0;
	sqlite3_finalize(st);
	return current;
}

int ip_store_refresh_views(struct ip_store *s, struct ip_diag *d)
{
	int current = finding_text_current(s->db);
	if (current < 0)
		return ip_store_fail(s, d, "reading the finding_text view");
	if (current)
		return 0;
	if (s->mode == IP_STORE_READ_ONLY) /* this connection's own, the file untouched */
		return ip_store_temp_views(s, 3, d);
	if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL))
		return ip_store_fail(s, d, "starting to rebuild the finding_text view");
	/* read again under the write lock: another process may have rebuilt it meanwhile */
	current = finding_text_current(s->db);
	if (current < 0 || (!current && add_finding_text(s->db) != SQLITE_OK) ||
	    sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
		ip_store_fail(s, d, "rebuilding the finding_text view (db/schema.sql, version 4)");
		ip_store_rollback(s);
		return -1;
	}
	return 0;
}

int ip_store_migrate(struct ip_store *s, struct ip_diag *d)
{
	int version, rc;
	char sql[64];
	/* The statements are prepared after this (they need the tables): plain exec here. */
	if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL))
		return ip_store_fail(s, d, "starting the schema migration");
	/* Read again under the write lock: another process may have migrated meanwhile. */
	if (ip_store_query_int(s->db, "PRAGMA user_version", &version)) {
		ip_store_fail(s, d, "reading the schema version");
		goto fail;
	}
	if (version > IP_STORE_SCHEMA_VERSION) {
		ip_store_error(s, d, "schema version %d is newer than this isaprobe knows (%d)",
		               version, IP_STORE_SCHEMA_VERSION);
		goto fail;
	}
	for (size_t i = 0; i < sizeof migrations / sizeof migrations[0]; i++) {
		const struct migration *m = &migrations[i];
		if (m->version <= version)
			continue;
		rc = m->apply(s->db);
		if (rc == SQLITE_OK) {
			snprintf(sql, sizeof sql, "PRAGMA user_version = %d", m->version);
			rc = sqlite3_exec(s->db, sql, NULL, NULL, NULL);
		}
		if (rc != SQLITE_OK) {
			ip_store_fail(s, d, "migrating from schema version %d to %d (%s)",
			              m->version - 1, m->version, m->what);
			goto fail;
		}
	}
	if (sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL)) {
		ip_store_fail(s, d, "committing the schema migration");
		goto fail;
	}
	return 0;
fail:
	ip_store_rollback(s);
	return -1;
}
