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

static const struct migration migrations[] = {
	{1, "create the schema (db/schema.sql)", create_schema},
	{2, "findings keyed by instruction and condition, named records", finding_by_instruction},
	{3, "campaign locks", add_campaign_lock},
	{4, "the finding_text view", add_finding_text},
};

_Static_assert(sizeof migrations / sizeof migrations[0] == IP_STORE_SCHEMA_VERSION,
               "one migration per schema version");

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
