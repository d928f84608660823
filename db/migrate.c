/* migrate.c: forward-only schema migrations keyed on PRAGMA user_version. Version 1 runs
 * db/schema.sql; a later version appends one function to the table below. */
#include <stdio.h>

#include "store_internal.h"

/* One step: brings the schema from version - 1 to version. It runs inside the migration's
 * transaction with foreign keys on; a step that rebuilds a table should use
 * PRAGMA defer_foreign_keys. It returns 0, or an SQLite code with the message in the handle. */
struct migration {
	int version;
	const char *what;
	int (*apply)(sqlite3 *db);
};

static int create_schema(sqlite3 *db)
{
	return sqlite3_exec(db, ip_store_schema_sql, NULL, NULL, NULL);
}

/* Version 2: campaign locks (db/lock.c). One row per campaign being run: the process that
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

static const struct migration migrations[] = {
	{1, "create the schema (db/schema.sql)", create_schema},
	{2, "campaign locks", add_campaign_lock},
	/* {3, "what it changes", add_something}, */
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
