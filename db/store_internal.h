/* store_internal.h: what the files of db/ share: the store handle with its prepared statements,
 * batch scratch space and outcome cache; the 128-bit hash; the error helpers. Not for callers. */
#ifndef ISAPROBE_STORE_INTERNAL_H
#define ISAPROBE_STORE_INTERNAL_H

#include <sqlite3.h>
#include <stdint.h>

#include "isaprobe/store.h"

/* Every statement the store runs, prepared once at open (db/statements.c). */
enum ip_stmt {
	ST_BEGIN,
	ST_COMMIT,
	ST_DEVICE_GET,
	ST_DEVICE_ADD,
	ST_PROBE_GET,
	ST_PROBE_ADD,
	ST_PROBE_REPLACE,
	ST_CAMPAIGN_GET,
	ST_CAMPAIGN_ADD,
	ST_CAMPAIGN_CURSOR,
	ST_CAMPAIGN_STATE,
	ST_CAMPAIGN_FINISH,
	ST_OUTCOME_GET,
	ST_OUTCOME_ADD,
	ST_RUN_ADD,
	ST_RUN_ADD_MANY, /* RUN_ROWS rows in one statement */
	ST_COUNT
};

/* Rows of run written by one ST_RUN_ADD_MANY: one statement step per RUN_ROWS rows instead of
 * one per row (bench/suite_store.c: about a quarter of the time per row). */
#define RUN_ROWS 64

/* Outcome hash -> outcome id, for the outcomes seen lately (db/outcome_cache.c). */
struct ip_outcome_slot {
	uint8_t hash[16];
	int64_t id; /* 0: empty */
};
struct ip_outcome_cache {
	struct ip_outcome_slot *slots;
	size_t used;
};

/* One distinct (variant, outcome) of a batch being recorded (db/record.c). */
struct ip_batch_entry {
	const uint8_t *value; /* little-endian, the caller's */
	uint32_t context;
	uint32_t value_len;
	int64_t outcome_id;
	uint64_t count;
};

struct ip_store {
	sqlite3 *db;
	char *path;
	enum ip_store_mode mode;
	int immutable;          /* read-only media: opened as immutable (db/open.c) */
	struct ip_store_lock *lock; /* the campaign lock this handle holds (db/lock.c), or NULL */
	sqlite3_stmt *st[ST_COUNT];
	struct ip_outcome_cache cache;
	struct ip_batch_entry *batch;
	size_t batch_cap;
	uint8_t run_values[RUN_ROWS][IP_STORE_MAX_VALUE]; /* big-endian values being bound */
};

/* db/hash.c: isaprobe's 128-bit hash (part of the file format). */
void ip_hash_outcome(enum ip_status status, uint32_t fault, const uint8_t *data, size_t len,
                     uint8_t out[16]);
void ip_hash_text(const char *text, size_t len, uint8_t out[16]);

/* db/outcome_cache.c */
int ip_outcome_cache_init(struct ip_outcome_cache *c);
void ip_outcome_cache_free(struct ip_outcome_cache *c);
void ip_outcome_cache_clear(struct ip_outcome_cache *c);
int64_t ip_outcome_cache_get(const struct ip_outcome_cache *c, const uint8_t hash[16]);
void ip_outcome_cache_put(struct ip_outcome_cache *c, const uint8_t hash[16], int64_t id);

/* db/statements.c */
int ip_store_prepare(struct ip_store *s, struct ip_diag *d);
void ip_store_finalize(struct ip_store *s);
/* Steps a prepared statement that returns no row, then resets it. Returns the SQLite code. */
int ip_store_step_done(struct ip_store *s, enum ip_stmt id);
/* Runs a one-off query whose first row's first column is an integer. Returns the SQLite code
 * (SQLITE_OK when *out is set); the message stays in the handle. */
int ip_store_query_int(sqlite3 *db, const char *sql, int *out);

/* db/open.c: the URI that opens this handle's file read-only the way the handle reads it (as
 * immutable on read-only media), for ATTACH; malloc'd, NULL when out of memory. */
char *ip_store_read_uri(const struct ip_store *s);

/* db/record.c: records a batch of runs in one transaction, like ip_store_record, with
 * step(s, campaign_id, arg, d) instead of moving the cursor: it runs first, inside the
 * transaction (0, or -1 with d set to roll the batch back). */
int ip_store_record_batch(struct ip_store *s, int64_t campaign_id, const struct ip_run *runs,
                          size_t n, int (*step)(struct ip_store *, int64_t, const void *,
                                                struct ip_diag *),
                          const void *arg, struct ip_diag *d);

/* db/lock.c: inside the open transaction of a write to campaign id (it only reads): 0 when this
 * handle holds its lock or no live process does; -1 with d set when another process holds it,
 * or took it over from this handle. */
int ip_store_lock_check(struct ip_store *s, int64_t campaign_id, struct ip_diag *d);
/* Releases the lock this handle holds, if any, and frees the lock state (ip_store_close). */
void ip_store_lock_free(struct ip_store *s);

/* db/migrate.c: brings the schema from its PRAGMA user_version to IP_STORE_SCHEMA_VERSION in
 * one transaction. */
int ip_store_migrate(struct ip_store *s, struct ip_diag *d);
/* A read-only handle on a file of schema `version`, older than this build's: the views later
 * versions add (db/schema.sql's later parts) as temporary views of this connection, so that
 * readers find them. Returns 0, or -1 with d set. */
int ip_store_temp_views(struct ip_store *s, int version, struct ip_diag *d);

/* db/errors.c: fills d (file = the store's path) with "what: SQLite's message"; returns -1. */
int ip_store_fail(struct ip_store *s, struct ip_diag *d, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Like ip_diag_plain, with d->file set to the store's path; d may be NULL. Returns -1. */
int ip_store_error(struct ip_store *s, struct ip_diag *d, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Rolls back the open transaction, if any (SQLite may have done it already). */
void ip_store_rollback(struct ip_store *s);

/* The text of db/schema.sql (generated at build time by db/schema.cmake). */
extern const char ip_store_schema_sql[];

#endif
