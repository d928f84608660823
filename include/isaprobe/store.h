/* store.h: the findings database (SQLite): devices, probes, campaigns with a resumable cursor,
 * variants, deduplicated outcomes, run counts and findings. Schema: db/schema.sql. */
#ifndef ISAPROBE_STORE_H
#define ISAPROBE_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "isaprobe/diag.h"

/* Schema version kept in PRAGMA user_version; migrations go forward only. */
#define IP_STORE_SCHEMA_VERSION 5
/* The oldest version a read-only handle reads as it is (queries, reports, `db merge` inputs):
 * version 2 changed the findings readers read (bundle, slot, cond; buffer names); version 3
 * added only what writers use (campaign_lock); version 4 the view finding_text, which a
 * read-only handle of an older file makes as a temporary view; version 5 stores runs in blocks
 * (run_block, the view run), which a read-only handle of an older file reads through a
 * temporary view run_block over its run table (one block per row). Raise it with a migration
 * that changes what readers read beyond that. Older versions are migrated by a read-write
 * opening. */
#define IP_STORE_READ_MIN_VERSION 2
/* PRAGMA application_id of every isaprobe database: 'ISAP'. */
#define IP_STORE_APPLICATION_ID 0x49534150
/* Longest variant value, in bytes. */
#define IP_STORE_MAX_VALUE 256

struct ip_store;

enum ip_store_mode {
	IP_STORE_READ_WRITE_CREATE, /* create the file and the schema if missing; migrate if older */
	IP_STORE_READ_WRITE,        /* must exist; migrate if older */
	IP_STORE_READ_ONLY,         /* must exist and be of this schema version */
};

/* Outcome statuses, shared with the runners. Stored as integers: never renumber. */
enum ip_status {
	IP_STATUS_OK = 0,
	IP_STATUS_FAULT = 1,        /* with a fault code */
	IP_STATUS_INVALID = 2,      /* invalid encoding (detected before running) */
	IP_STATUS_TIMEOUT = 3,      /* hang, or instruction budget exhausted */
	IP_STATUS_UNMODELED = 4,    /* the simulator does not know what this does */
	IP_STATUS_RUNNER_ERROR = 5, /* the runner failed; says nothing about the variant */
	IP_STATUS_COUNT
};
const char *ip_status_name(enum ip_status s);

/* One observed outcome: status, fault code and the observed output bytes (canonicalised by
 * the caller). The store hashes (status, fault, data) and keeps each distinct outcome once. */
struct ip_outcome {
	enum ip_status status;
	uint32_t fault;
	const uint8_t *data;
	size_t len;
};

/* One run to record: which variant (context index + the value of the target bits, as
 * little-endian bytes) gave which outcome. The database keeps the value big-endian, of the
 * same length (run.value in db/schema.sql), so that hex(value) reads as the number and a
 * campaign walking its values in order appends to the table. */
struct ip_run {
	uint32_t context;
	const uint8_t *value; /* little-endian bits of the variant */
	size_t value_len;     /* bytes, 1 to IP_STORE_MAX_VALUE */
	struct ip_outcome outcome;
};

struct ip_campaign_key {
	int64_t probe_id, device_id;
	const char *strategy; /* walk, pairs, exhaustive, random, auto */
	uint64_t seed;
	uint64_t budget;      /* 0 = none */
	uint32_t shard_index, shard_count; /* 0/1 for unsharded */
};

/* Errors: every function returns -1 with d filled in (when d is not NULL);
 * d->file is set to the database path (the caller's string in ip_store_open, the store's copy
 * elsewhere: print the error before ip_store_close). One handle belongs to one thread; several
 * processes may share a database (writes wait up to 10 s for each other).
 *
 * Opens (or creates) the database. A file that is not SQLite, a SQLite database that is not
 * an isaprobe one (another application_id, or tables without ours), or one of a newer schema
 * version gets an error naming the file; nothing is written to such a file. So does a file
 * that cannot be written in a read-write mode. An older schema is migrated in one
 * transaction.
 * Durability (WAL, synchronous=NORMAL): a committed batch survives the process crashing or
 * being killed; an OS crash or power cut may lose the last few committed batches (their
 * cursor with them, so the campaign resumes before them), never split one or corrupt the
 * file. */
int ip_store_open(const char *path, enum ip_store_mode mode, struct ip_store **out,
                  struct ip_diag *d);
void ip_store_close(struct ip_store *s);
/* Removes a database file and whatever of its -wal, -shm and -journal files lies beside it. */
void ip_store_remove(const char *path);

/* Get-or-create rows; return the id (> 0) or -1 with d set. host may be NULL (stored as ""). */
int64_t ip_store_device(struct ip_store *s, const char *runner, const char *model,
                        const char *host, struct ip_diag *d);
/* A probe is identified by name; the same name with a different ISA or source text is an
 * error unless replace is set (then campaigns keep the old text in their own row). */
int64_t ip_store_probe(struct ip_store *s, const char *name, const char *isa,
                       const char *source_text, int replace, struct ip_diag *d);

/* Finds the campaign with this key, or starts one. The probe's current source text is part
 * of the key: after ip_store_probe replaced it, the same key starts a new campaign. *cursor is
 * where to resume (0 for new), *finished whether it completed. */
int64_t ip_store_campaign(struct ip_store *s, const struct ip_campaign_key *key, uint64_t *cursor,
                          int *finished, struct ip_diag *d);

/* One writer per campaign (db/lock.c, docs/database.md "Campaign locks"). Takes the lock of the
 * campaign for this handle: a row naming this process, which every later write of runs to the
 * campaign checks (ip_store_record). Returns 0 with *cursor and *finished read under the lock
 * (another writer may have moved them since ip_store_campaign), or -1 with d naming the process
 * that holds it (pid, command, host, since when). A stale lock (its process gone, its host
 * restarted, or from another host silent for longer than ISAPROBE_LOCK_LEASE seconds) is taken
 * over: taken_over (len bytes, may be NULL) then says whose it was. A handle holds at most one
 * lock; ip_store_campaign_unlock (or closing the handle) releases it. */
int ip_store_campaign_lock(struct ip_store *s, int64_t campaign_id, uint64_t *cursor,
                           int *finished, char *taken_over, size_t len, struct ip_diag *d);
void ip_store_campaign_unlock(struct ip_store *s);

/* What a campaign's variants and outcomes mean (tables context, target and buffer of
 * db/schema.sql): written once, by the campaign driver, right after ip_store_campaign. */
struct ip_layout_context {
	const char *label;          /* e.g. "ld_attr_32" */
	const uint8_t *seed_value;  /* little-endian value the seed holds in the target bits */
	size_t seed_len;            /* bytes, 1 to IP_STORE_MAX_VALUE */
};
struct ip_layout_target {
	uint32_t value_lo, width;   /* value bits [value_lo, value_lo + width) */
	const char *format;         /* "isa.format", e.g. "midgard.load_store" */
	const char *field;          /* the field table's name for these bits, or NULL */
	uint32_t bundle, slot, lo;  /* where they go in the seed program */
};
struct ip_layout_buffer {
	int output;                 /* 0: a planted input (data, len); 1: an observed output */
	const char *role;           /* ip_buf_role_name() */
	uint32_t offset;            /* outputs: where in an outcome's data */
	const uint8_t *data;        /* inputs: the bytes planted; NULL for outputs */
	size_t len;
	uint32_t record;            /* bytes per record (registers: 16), 0 when not known */
	const char *names;          /* the records' names, blank-separated ("r0 r1 ..."), or NULL */
};
struct ip_campaign_layout {
	const struct ip_layout_context *contexts;
	size_t ncontexts;
	const struct ip_layout_target *targets;
	size_t ntargets;
	const struct ip_layout_buffer *buffers;
	size_t nbuffers;
};
/* Stores the layout in one transaction. A campaign that has one already keeps it (the layout
 * follows from the probe text, which is part of the campaign's key): returns 0 unchanged. */
int ip_store_campaign_layout(struct ip_store *s, int64_t campaign_id,
                             const struct ip_campaign_layout *layout, struct ip_diag *d);

/* Records a batch in one transaction together with the campaign's new cursor: after a crash
 * either the whole batch and its cursor are stored, or neither. Runs of a variant already
 * stored for this campaign with the same outcome add to its count; a different outcome for
 * the same variant is stored as another row (contradictions are evidence, not errors).
 * Repeats within the batch are summed in memory first, so they cost one row write.
 * On any error (disk full included) the whole batch is rolled back and earlier batches stay.
 * The campaign must exist and not be finished, and no other live process may hold its lock
 * (ip_store_campaign_lock): refused, naming the holder. n may be 0 (the cursor alone moves). */
int ip_store_record(struct ip_store *s, int64_t campaign_id, const struct ip_run *runs, size_t n,
                    uint64_t new_cursor, struct ip_diag *d);

/* The same in two steps, so that the work per run is done off the store's thread: a batch
 * object (it remembers the outcomes it met, for its next batches) prepared from the runs by
 * any thread (it touches no database: outcomes hashed and told apart, each distinct one's bytes
 * copied, repeats summed, values put in order; the runs' values must stay valid until it is
 * recorded, their outputs need not), then recorded by the store's thread as ip_store_record
 * records. */
struct ip_store_batch;
struct ip_store_batch *ip_store_batch_new(void);
void ip_store_batch_free(struct ip_store_batch *b);
int ip_store_batch_prepare(struct ip_store_batch *b, const struct ip_run *runs, size_t n,
                           struct ip_diag *d);
/* ip_store_batch_prepare in pieces, for runs that come a few at a time (while their outputs
 * are still in the cache): clear, add the runs (as many times as needed), finish. */
void ip_store_batch_clear(struct ip_store_batch *b);
int ip_store_batch_add(struct ip_store_batch *b, const struct ip_run *runs, size_t n,
                       struct ip_diag *d);
int ip_store_batch_finish(struct ip_store_batch *b, struct ip_diag *d);
int ip_store_record_prepared(struct ip_store *s, int64_t campaign_id, struct ip_store_batch *b,
                             uint64_t new_cursor, struct ip_diag *d);

/* Marks the campaign finished (idempotent). */
int ip_store_campaign_finish(struct ip_store *s, int64_t campaign_id, struct ip_diag *d);

/* The SQLite handle (sqlite3 *), for `query --sql` (cli/cmd_query.c) and tests only: the rest of
 * isaprobe reads and writes through the functions of this header and of
 * isaprobe/internal/store_io.h. */
void *ip_store_sqlite(struct ip_store *s);

/* Runner errors (db/rerun.c): runs a campaign stored with status runner_error say nothing about
 * their variants; `campaign --resume` runs them again. A runner-error row: `count` runs of
 * variant (context, value) that gave runner-error outcome outcome_id. */
struct ip_error_row {
	uint32_t context;
	size_t value_len;
	uint8_t value[IP_STORE_MAX_VALUE]; /* little-endian, as struct ip_run has it */
	int64_t outcome_id;
	uint64_t count;
};
/* The runs of the campaign that ended as runner errors. */
int ip_store_runner_error_count(struct ip_store *s, int64_t campaign_id, uint64_t *count,
                                struct ip_diag *d);
/* Up to max runner-error rows of the campaign, in table order, after row `after` (NULL: from
 * the first): *n of them into rows[]. Rows that are not a variant and a count are refused. */
int ip_store_runner_errors(struct ip_store *s, int64_t campaign_id,
                           const struct ip_error_row *after, struct ip_error_row *rows,
                           size_t max, size_t *n, struct ip_diag *d);
/* Stores runs[0..n), each of which ran again one run of a runner-error row (its outcome id
 * replaces[i], its variant the run's): in one transaction, each takes one run from its row
 * (deleting a row left with none) and is recorded as ip_store_record would, the cursor left
 * alone (finished campaigns too). Checks the campaign's lock as ip_store_record does. */
int ip_store_rerecord(struct ip_store *s, int64_t campaign_id, const struct ip_run *runs,
                      const int64_t *replaces, size_t n, struct ip_diag *d);

/* The rules every row must pass before a reader uses it (db/validate.c): ids that exist,
 * contexts of the campaign's layout, values of the campaign's length and width, statuses,
 * buffer lengths, and bit numbers within their word format (`isaprobe fields`). Inference and
 * reports check what they are about to read, `db merge` every row of each input, all with these
 * same rules. Each returns 0, or -1 with d naming the table, the row and what is wrong with it
 * (d->file is left as the caller set it).
 * The campaigns campaigns[0..n) and every row they own (context, target, buffer, run and the
 * outcomes the runs name); campaigns NULL: every campaign, and every outcome row. */
int ip_store_check_campaigns(struct ip_store *s, const int64_t *campaigns, size_t n,
                             struct ip_diag *d);
/* The same, handing each a variant of the runs as they are checked (each campaign's on its
 * own, the scan the check reads anyway): 0, 1 when the file's runs were checked without being
 * handed over (a file older than version 5), or -1. */
struct ip_scan_variant;
typedef void (*ip_check_each_fn)(void *arg, const struct ip_scan_variant *v);
int ip_store_check_campaigns_each(struct ip_store *s, const int64_t *campaigns, size_t n,
                                  ip_check_each_fn each, void *arg, struct ip_diag *d);
/* Every finding (a few thousand rows at most: all of them, whichever a reader asks for). */
int ip_store_check_findings(struct ip_store *s, struct ip_diag *d);

/* Reading runs back (db/scan.c): the runs of campaigns[0..n) variant by variant, in the order
 * (context, value), each with its distinct outcomes (ascending ids) and their run counts summed
 * over the campaigns and every row that holds them. Memory is the list of the campaigns' blocks
 * and those being read at once, not the runs. Rows are checked as they are read (a damaged
 * block is an error naming it); the layout is not (ip_store_check_campaigns). A scan holds a
 * read transaction (when none is open) until it is closed. */
struct ip_scan;
struct ip_scan_outcome {
	int64_t outcome_id;
	uint64_t count;
};
struct ip_scan_variant {
	uint32_t context;
	const uint8_t *value;     /* big-endian, value_len bytes; valid until the next call */
	size_t value_len;
	uint64_t number;          /* the value's low 64 bits as a number */
	const struct ip_scan_outcome *outcomes;
	size_t noutcomes;
};
int ip_scan_open(struct ip_store *s, const int64_t *campaigns, size_t n, struct ip_scan **out,
                 struct ip_diag *d);
/* 1 and *v, 0 after the last variant, or -1 with d set. */
int ip_scan_next(struct ip_scan *s, struct ip_scan_variant *v, struct ip_diag *d);
void ip_scan_close(struct ip_scan *s);

/* db/seed_outcome.c: the outcome each context's seed variant gave in campaign (the majority
 * of its runs; 0 for a context whose seed never ran), *out[idx] for contexts 0 to *n - 1
 * (malloc'd), read by the scan. 0, or -1 with d set. */
int ip_store_seed_outcomes(struct ip_store *s, int64_t campaign, int64_t **out, size_t *n,
                           struct ip_diag *d);

/* db/summary.c: for this connection only, the views that count every run (campaign_outcome,
 * and campaign_summary's variants and outcomes) replaced by temporary tables of the same names
 * and columns, worked out once by a scan of the blocks (seconds at 10^7 runs where the views
 * take minutes). 0, or -1 with d set and the views left as they were. */
int ip_store_temp_summaries(struct ip_store *s, struct ip_diag *d);

/* What one input brought to `db merge` (db/merge.c). */
struct ip_merge_stats {
	unsigned campaigns_added;   /* not in the output before */
	unsigned campaigns_updated; /* in the output, but further along in the input: replaced */
	unsigned campaigns_same;    /* in the output as far along: merged before, left alone */
	uint64_t runs;              /* runs copied from the input */
	unsigned findings;          /* findings added */
};

/* SQL from a user on a read-only connection (`query --sql`; db/sql_guard.c): installed on db
 * (sqlite3 *), an authorizer lets statements read the database's own tables and views and call
 * only SQLite's functions that compute values (and ip_bits); pragmas that set, virtual tables
 * the database defines, fts3_tokenizer, load_extension and every other function are refused;
 * triggers, extension loading and fts3_tokenizer's pointers are turned off and the connection
 * is defensive. With seconds > 0 a statement that has used more processor time is interrupted.
 * Returns 0 or an SQLite error code. */
struct ip_sql_guard;
int ip_sql_guard_install(void *db, double seconds, struct ip_sql_guard **g);
/* Before each statement is prepared: forgets the last refusal and starts the clock (the
 * process's processor time). */
void ip_sql_guard_start(struct ip_sql_guard *g);
/* Why the authorizer refused the statement being prepared (NULL: it did not). */
const char *ip_sql_guard_refused(const struct ip_sql_guard *g);
/* Whether the statement was interrupted by the time limit. */
int ip_sql_guard_timed_out(const struct ip_sql_guard *g);
/* Removes the guard from its connection and frees it (NULL: nothing). */
void ip_sql_guard_free(struct ip_sql_guard *g);

/* Merges the databases inputs[0..n) into out (created if missing), matching rows on their
 * natural keys (device: runner, model, host; probe: name; campaign: its UNIQUE key with the
 * probe's text hash; outcome: hash) and keeping each campaign's device. A campaign's runs come
 * from one database, the one that ran it (campaign.origin): a campaign already in out is
 * replaced by a copy that is further along (larger cursor, or more runs) and otherwise left
 * alone, so merging an input again, or a copy of it, counts nothing twice (idempotent). The
 * same campaign key run by two different databases is refused. Every input is checked first
 * (an isaprobe database of this schema version, intact, its runs referring to existing rows):
 * a bad input gets an error naming it and out is not touched (nor created). Each input is
 * then merged in its own transaction. stats (n entries) may be NULL. */
int ip_store_merge(const char *out, const char *const *inputs, size_t n,
                   struct ip_merge_stats *stats, struct ip_diag *d);

#endif
