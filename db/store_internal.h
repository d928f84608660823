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
	ST_OUTCOME_STATUS,
	ST_BLOCK_ADD, /* this one and those below: prepared for writing handles only */
	ST_BLOCK_FIND_IN,
	ST_BLOCK_FIND_BELOW,
	ST_BLOCK_GET,
	ST_BLOCK_DELETE,
	ST_COUNT
};

/* Outcome hash -> outcome id, for the outcomes seen lately (db/outcome_cache.c). */
struct ip_outcome_slot {
	uint8_t hash[16];
	int64_t id; /* 0: empty */
};
struct ip_outcome_cache {
	struct ip_outcome_slot *slots;
	size_t used;
};

/* Entries of one run_block row at most (db/schema.sql: the run view numbers them in 20 bits). */
#define IP_BLOCK_MAX 65536

/* A batch made ready to store (db/batch.c), by whichever thread ran it: its distinct outcomes
 * (hashed, the in-memory key and the stored 128-bit hash) and its distinct (variant, outcome)
 * entries in table order (context, value) with their counts, the values already big-endian. */
struct ip_batch_outcome {
	enum ip_status status;
	uint32_t fault;
	const uint8_t *data;  /* a copy of its bytes (NULL for an outcome known by its id) */
	size_t len;
	uint64_t key;         /* ip_hash_fast */
	uint8_t hash[16];     /* ip_hash_outcome */
	int64_t id;           /* the outcome's row: known (a retraction), or set when stored */
	char text[24];        /* id as JSON text, when stored */
	size_t text_len;
};
struct ip_batch_entry {
	uint32_t context;
	uint32_t oc;          /* index of its outcome in the batch */
	uint64_t number;      /* the value as a number (values of up to 8 bytes) */
	const uint8_t *value; /* little-endian, the caller's */
	int64_t count;        /* negative: runs taken back (ip_store_rerecord) */
};
struct ip_batch_memo;     /* db/batch.c: 128-bit hashes of outcomes met in earlier batches */
struct ip_store_batch {
	size_t value_len;
	struct ip_batch_entry *e;
	size_t n, cap;
	struct ip_batch_outcome *oc;
	size_t noc, occap;
	uint32_t *slots;      /* open addressing on key: outcome index + 1, 0 empty */
	size_t nslots;
	uint8_t *vals;        /* n big-endian values, value_len bytes each, in entry order */
	size_t vals_cap;
	struct ip_batch_entry *tmp; /* radix sort scratch */
	size_t tmp_cap;
	uint64_t runs;        /* runs in the batch (entries' counts, retractions apart) */
	uint8_t *arena;       /* the distinct outcomes' bytes */
	size_t arena_len, arena_cap;
	struct ip_batch_memo *memo;
};

/* db/block.c: a run_block row being written: entries put in table order, then flushed as one
 * row (INSERT prepared by ip_block_writer_prepare, or ST_BLOCK_ADD: the same columns). */
struct ip_block_writer {
	int64_t campaign, context;
	size_t vlen, n;
	int64_t runs, by_status[IP_STATUS_COUNT];
	uint8_t *vals;
	size_t vals_len, vals_cap;
	char *outs;
	size_t outs_len, outs_cap;
};
void ip_block_writer_init(struct ip_block_writer *w);
void ip_block_writer_free(struct ip_block_writer *w);
/* The INSERT of a block into main.run_block; an SQLite code. */
int ip_block_writer_prepare(struct ip_block_writer *w, sqlite3 *db, sqlite3_stmt **st);
void ip_block_writer_start(struct ip_block_writer *w, int64_t campaign, int64_t context,
                           size_t vlen);
/* Appends an entry: its big-endian value (vlen bytes), its outcome id as text, its count and
 * its outcome's status (for the per-status counts). 0, or -1 out of memory. */
int ip_block_writer_put(struct ip_block_writer *w, const uint8_t *value, const char *id,
                        size_t id_len, int64_t count, int status);
/* Appends entries first .. first + n - 1 of a batch whose outcomes have their ids (one
 * context, in table order). 0, or -1 out of memory. */
int ip_block_writer_put_batch(struct ip_block_writer *w, const struct ip_store_batch *b,
                              size_t first, size_t n);
/* The same, starting the block when it is empty; an SQLite code. */
int ip_block_writer_add(struct ip_block_writer *w, int64_t campaign, int64_t context,
                        const void *value, size_t vlen, int64_t outcome, int64_t count,
                        int status);
/* Writes the block with st and empties the writer; an SQLite code. */
int ip_block_writer_flush(struct ip_block_writer *w, sqlite3_stmt *st);

/* A run_block row read entry by entry; every entry checked (an outcome id, a count other than
 * 0, values in ascending order, no more and no fewer than n, nothing after the array). */
struct ip_block_src {
	const uint8_t *p;
	size_t len, pos;      /* bytes at p, and how far read */
	sqlite3_blob *blob;   /* NULL: all of it is at p */
	size_t total, off;    /* the column's bytes, and how many were fetched */
	uint8_t buf[1024];
};
struct ip_block_reader {
	int64_t id;           /* the row */
	size_t vlen, n, i;    /* value bytes, entries, entries read */
	struct ip_block_src vals, outs;
	uint8_t prev[IP_STORE_MAX_VALUE]; /* the last value read */
	char why[256];        /* what is wrong, after a -1 */
};
/* From the columns' bytes in memory / read from row id of schema.run_block. 0, or -1 with why. */
int ip_block_reader_mem(struct ip_block_reader *r, int64_t id, size_t vlen, size_t n,
                        const void *vals, size_t vals_len, const char *outs, size_t outs_len);
int ip_block_reader_open(struct ip_block_reader *r, sqlite3 *db, const char *schema, int64_t id,
                         size_t vlen, size_t n);
void ip_block_reader_close(struct ip_block_reader *r);
/* The next entry: 1 with *value (big-endian, valid until the next call), *outcome and *count;
 * 0 at the end (checked); -1 with r->why. */
int ip_block_reader_next(struct ip_block_reader *r, const uint8_t **value, int64_t *outcome,
                         int64_t *count);

/* db/record.c: the status of stored outcome id; an error naming it when it does not exist or
 * its status is not one (ST_OUTCOME_STATUS). */
int ip_store_outcome_status(struct ip_store *s, int64_t id, enum ip_status *status,
                            struct ip_diag *d);

/* db/fold.c: inside the batch's transaction, folds its entries first .. first + n - 1 (one
 * context, in table order, outcomes resolved) into the stored blocks of that context they
 * repeat: 1 folded (the blocks replaced by merged ones), 0 nothing worth folding (the caller
 * appends them as a block), -1 with d set. */
int ip_store_fold(struct ip_store *s, int64_t campaign, const struct ip_store_batch *b,
                  size_t first, size_t n, struct ip_diag *d);
/* db/scan.c: 1 when the file is older than schema version 5 (read-only handles read such
 * files as they are): run is a table of rows, one per (campaign, context, value, outcome), and
 * there is no run_block. */
int ip_store_runs_legacy(sqlite3 *db);
/* ip_scan_open and ip_store_check_campaigns_each on a connection (db/scan.c, db/validate.c). */
int ip_scan_open_db(sqlite3 *db, const int64_t *campaigns, size_t n, struct ip_scan **out,
                    struct ip_diag *d);
int ip_check_campaigns_db(sqlite3 *db, const int64_t *campaigns, size_t n,
                          ip_check_each_fn each, void *arg, struct ip_diag *d);

/* db/scan.c, for db/validate.c: called for each entry a scan reads (its block, the block's
 * accumulators, zeroed when the block is opened, its outcome and count) and at the end of each
 * block; either returns 0, or -1 with d set to stop the scan. */
struct ip_scan_watch {
	int (*entry)(void *arg, int64_t block, int64_t *sums, int64_t outcome, int64_t count,
	             struct ip_diag *d);
	int (*end)(void *arg, int64_t block, const int64_t *sums, struct ip_diag *d);
};
struct ip_scan;
void ip_scan_watch(struct ip_scan *s, const struct ip_scan_watch *w, void *arg);

struct ip_checkpointer; /* db/checkpoint.c */

struct ip_store {
	sqlite3 *db;
	char *path;
	enum ip_store_mode mode;
	int immutable;          /* read-only media: opened as immutable (db/open.c) */
	struct ip_store_lock *lock; /* the campaign lock this handle holds (db/lock.c), or NULL */
	sqlite3_stmt *st[ST_COUNT];
	struct ip_outcome_cache cache;
	struct ip_store_batch *scratch; /* ip_store_record's own batch */
	struct ip_checkpointer *ckpt;   /* WAL checkpoints on their own thread, once recording */
	int ckpt_tried;
	struct ip_block_writer writer; /* the block being written */
	/* db/fold.c: blocks to write before the next attempt to fold one, and the wait after the
	 * next that finds nothing to fold: [0] among overlapping blocks, [1] into one of the same
	 * range */
	unsigned fold_wait[2], fold_backoff[2];
};

/* db/hash.c: isaprobe's 128-bit hash (part of the file format). */
void ip_hash_outcome(enum ip_status status, uint32_t fault, const uint8_t *data, size_t len,
                     uint8_t out[16]);
void ip_hash_text(const char *text, size_t len, uint8_t out[16]);
/* The in-memory key of an outcome: fast, not stored, not the file format's. */
uint64_t ip_hash_fast(enum ip_status status, uint32_t fault, const uint8_t *data, size_t len);

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

/* db/open.c: 0 when path can be written (or, missing, created in its folder); else -1 when it
 * exists and cannot be written, -2 when it cannot be created, with why ("Read-only file
 * system", "its folder d cannot be written: Permission denied"). */
int ip_store_writable(const char *path, char *why, size_t cap);

/* db/open.c: a read-only connection cannot remove the -wal and -shm files of a database in
 * WAL mode when it closes, though it made them: this opens path for writing a moment, where it
 * can be written, so that its closing removes them when no other process has the file open (it
 * changes no row). */
void ip_store_tidy(const char *path);

/* db/open.c: the URI that opens this handle's file read-only the way the handle reads it (as
 * immutable on read-only media), for ATTACH; malloc'd, NULL when out of memory. */
char *ip_store_read_uri(const struct ip_store *s);

/* db/batch.c: adds to a batch prepared by ip_store_batch_prepare one run taken back: count
 * runs of variant (context, little-endian value) that gave stored outcome outcome_id (the rows
 * ip_store_rerecord replaces). The batch keeps the value pointer. 0, or -1 out of memory. */
int ip_store_batch_retract(struct ip_store_batch *b, uint32_t context, const uint8_t *value,
                           int64_t outcome_id, struct ip_diag *d);

/* db/record.c: stores a prepared batch in one transaction: the lock checked, then step(s,
 * campaign_id, arg, d) (0, or -1 with d set to roll the batch back), then the outcomes and the
 * blocks. */
int ip_store_record_with(struct ip_store *s, int64_t campaign_id, struct ip_store_batch *b,
                         int (*step)(struct ip_store *, int64_t, const void *, struct ip_diag *),
                         const void *arg, struct ip_diag *d);

/* db/checkpoint.c: the write-ahead log copied into the file by a thread of its own (with its own
 * connection) once it holds `pages` pages, so that a commit never waits for a checkpoint; past
 * four times that (the thread cannot keep up) the writer checkpoints itself. */
int ip_checkpointer_start(struct ip_store *s, struct ip_diag *d);
void ip_checkpointer_stop(struct ip_store *s);

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
/* A file whose finding_text view does not read the public verdict (one made by an
 * intermediate build at schema 4 or 5, or none): opened for writing, the view is made again
 * from db/schema.sql; read-only, this connection gets the current one as a temporary view.
 * Nothing happens when the view is current. Returns 0, or -1 with d set. */
int ip_store_refresh_views(struct ip_store *s, struct ip_diag *d);

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
