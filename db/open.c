/* open.c: opening and closing a findings database: refusing files that are not ours, setting
 * the connection up, migrating an older schema, preparing the statements.
 *
 * Connection settings:
 *   journal_mode=WAL   readers (reports, queries) never block the campaign writer, and a
 *                      commit appends to the -wal file instead of rewriting pages in place.
 *   synchronous=NORMAL with WAL, a commit is written to the -wal file (the write() has returned,
 *                      so the data is in the kernel) but not fsync'd; fsync happens at
 *                      checkpoints. A committed batch therefore survives the process crashing
 *                      or being SIGKILLed. An OS crash or power cut can lose the batches
 *                      committed since the last checkpoint; it cannot corrupt the file or
 *                      keep half a batch, because WAL frames are checksummed and recovery
 *                      stops at the last complete commit, and the campaign's cursor is in the
 *                      same transaction as its runs, so the campaign resumes where the
 *                      surviving data ends. That trade (an fsync per batch saved) suits
 *                      campaigns whose lost tail is re-run in minutes.
 *   foreign_keys=ON    rows refer to existing parents (the run table's references are kept
 *                      by ip_store_record itself: see db/schema.sql).
 *   wal_autocheckpoint 16384 pages (64 MiB) between checkpoints instead of SQLite's 1000: a
 *                      checkpoint copies every page changed since the last one into the file
 *                      and syncs it, so fewer of them write a page changed by many batches
 *                      once (bench/suite_store.c: random-order campaigns 1.5x as fast).
 *   busy_timeout       several processes (shards) may write one file; a writer waits its turn.
 *
 * Nothing is written before the file is known to be ours or empty: the checks only read.
 * Read-only media: a WAL database needs its -shm file; where none can be made, a cleanly
 * closed database (empty WAL) is opened read-only as immutable. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store_internal.h"

#define BUSY_TIMEOUT_MS 10000
#define CACHE_KIB 65536 /* page cache per handle: big campaigns insert all over their table */
#define CHECKPOINT_PAGES 16384

enum kind { FRESH, OURS, FOREIGN };

/* Reads the header fields and the schema size; errors mean "not a database" or I/O. */
static int inspect(struct ip_store *s, enum kind *kind, int *version, struct ip_diag *d)
{
	int app = 0, objects = 0;
	/* One read transaction: the three from one state of the file, never half another
	 * process's creation of the schema. */
	int rc = sqlite3_exec(s->db, "BEGIN", NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = ip_store_query_int(s->db, "PRAGMA application_id", &app);
	if (rc == SQLITE_OK)
		rc = ip_store_query_int(s->db, "PRAGMA user_version", version);
	if (rc == SQLITE_OK)
		rc = ip_store_query_int(s->db, "SELECT count(*) FROM sqlite_master", &objects);
	if (rc != SQLITE_OK) { /* the message first: ending the transaction clears it */
		if ((rc & 0xff) == SQLITE_NOTADB)
			ip_store_error(s, d, "not an SQLite database (%s); nothing was changed",
			               sqlite3_errmsg(s->db));
		else
			ip_store_fail(s, d, "cannot read the database");
		ip_store_rollback(s);
		return -1;
	}
	sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL);
	if ((uint32_t)app == IP_STORE_APPLICATION_ID)
		*kind = OURS;
	else if (app == 0 && *version == 0 && objects == 0)
		*kind = FRESH;
	else if (app == 0)
		return ip_store_error(s, d,
		                      "an SQLite database, but not an isaprobe one (no isaprobe "
		                      "application_id; %d schema objects, user_version %d); "
		                      "refusing to change it",
		                      objects, *version);
	else
		return ip_store_error(s, d,
		                      "an SQLite database of another application (application_id "
		                      "0x%08x, isaprobe's is 0x%08x); refusing to change it",
		                      (unsigned)app, (unsigned)IP_STORE_APPLICATION_ID);
	return 0;
}

/* Decides from the file's state and the mode whether to go on, and whether to migrate. */
static int check_version(struct ip_store *s, enum kind kind, int version, int *migrate,
                         struct ip_diag *d)
{
	*migrate = 0;
	if (kind == FRESH) {
		if (s->mode != IP_STORE_READ_WRITE_CREATE)
			return ip_store_error(s, d,
			                      "empty, not an isaprobe database yet (opening it in "
			                      "create mode initialises it)");
		*migrate = 1;
		return 0;
	}
	if (version > IP_STORE_SCHEMA_VERSION)
		return ip_store_error(s, d,
		                      "schema version %d is newer than this isaprobe knows (%d); "
		                      "use a newer isaprobe. Nothing was changed",
		                      version, IP_STORE_SCHEMA_VERSION);
	if (version < IP_STORE_SCHEMA_VERSION) {
		if (s->mode == IP_STORE_READ_ONLY && version < IP_STORE_READ_MIN_VERSION)
			return ip_store_error(s, d,
			                      "schema version %d is older than this isaprobe's (%d); "
			                      "`isaprobe db migrate FILE` brings it up to date",
			                      version, IP_STORE_SCHEMA_VERSION);
		*migrate = s->mode != IP_STORE_READ_ONLY;
	}
	return 0;
}

static int exec(struct ip_store *s, const char *sql, struct ip_diag *d)
{
	if (sqlite3_exec(s->db, sql, NULL, NULL, NULL))
		return ip_store_fail(s, d, "setting up the connection (%s)", sql);
	return 0;
}

static int configure(struct ip_store *s, struct ip_diag *d)
{
	char sql[64];
	snprintf(sql, sizeof sql, "PRAGMA cache_size = -%d", CACHE_KIB);
	if (exec(s, "PRAGMA foreign_keys = ON", d) || exec(s, sql, d))
		return -1;
	if (s->mode == IP_STORE_READ_ONLY)
		return 0;
	{
		sqlite3_stmt *st;
		int rc = sqlite3_prepare_v2(s->db, "PRAGMA journal_mode = WAL", -1, &st, NULL);
		int wal = 0;
		/* Switching needs the file to itself: SQLite does not wait for another process
		 * creating it at the same moment, so this waits as busy_timeout would. */
		for (int waited = 0; rc == SQLITE_OK; waited += 10) {
			rc = sqlite3_step(st);
			if (((rc & 0xff) != SQLITE_BUSY && (rc & 0xff) != SQLITE_LOCKED) ||
			    waited >= BUSY_TIMEOUT_MS)
				break;
			sqlite3_reset(st);
			rc = SQLITE_OK;
			usleep(10000);
		}
		if (rc == SQLITE_ROW) {
			const unsigned char *mode = sqlite3_column_text(st, 0);
			wal = mode && strcmp((const char *)mode, "wal") == 0;
			rc = SQLITE_OK;
		}
		if (rc != SQLITE_OK) {
			ip_store_fail(s, d, "switching to WAL journal mode");
			sqlite3_finalize(st);
			return -1;
		}
		sqlite3_finalize(st);
		if (!wal)
			return ip_store_error(s, d,
			                      "cannot use WAL journal mode (a file system without "
			                      "shared memory?)");
	}
	snprintf(sql, sizeof sql, "PRAGMA wal_autocheckpoint = %d", CHECKPOINT_PAGES);
	return exec(s, "PRAGMA synchronous = NORMAL", d) || exec(s, sql, d);
}

/* path as an SQLite URI with this query (NULL: none): "file:PATH?QUERY", the characters a URI
 * gives a meaning to escaped. */
static char *make_uri(const char *path, const char *query)
{
	static const char hex[] = "0123456789abcdef";
	size_t n = strlen(path);
	char *uri = malloc(3 * n + (query ? strlen(query) : 0) + 16), *o = uri;
	if (!uri)
		return NULL;
	o += sprintf(o, "file:");
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if (*p == '?' || *p == '#' || *p == '%' || *p < 0x20) {
			*o++ = '%';
			*o++ = hex[*p >> 4];
			*o++ = hex[*p & 15];
		} else {
			*o++ = (char)*p;
		}
	}
	if (query)
		sprintf(o, "?%s", query);
	else
		*o = 0;
	return uri;
}

char *ip_store_read_uri(const struct ip_store *s)
{
	return make_uri(s->path, s->immutable ? "immutable=1" : "mode=ro");
}

/* Whether path has a write-ahead log with content (committed batches not yet checkpointed). */
static int has_wal(const char *path)
{
	struct stat st;
	size_t n = strlen(path);
	char *wal = malloc(n + 5);
	int found;
	if (!wal)
		return 1;
	memcpy(wal, path, n);
	memcpy(wal + n, "-wal", 5);
	found = stat(wal, &st) == 0 && st.st_size > 0;
	free(wal);
	return found;
}

/* What no connection of the store needs, turned off: the two-argument fts3_tokenizer (it takes
 * a function pointer from SQL), loading extensions, and writes to the schema and shadow tables
 * other than by SQL (defensive mode): a file from elsewhere is data, not code. */
static void harden(sqlite3 *db)
{
	int off = 0, on = 1;
	sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER, 0, &off);
	sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, &off);
	sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, &on);
}

int ip_store_writable(const char *path, char *why, size_t cap)
{
	char *dir = strdup(path), *slash;
	int rc = 0;
	if (!dir)
		return 0;
	if (access(path, F_OK) == 0) {
		if (access(path, W_OK) != 0) {
			snprintf(why, cap, "%s", strerror(errno));
			rc = -1;
		}
	} else if (errno == ENOENT) {
		slash = strrchr(dir, '/');
		if (slash == dir)
			dir[1] = 0;
		else if (slash)
			*slash = 0;
		else
			strcpy(dir, ".");
		if (access(dir, W_OK | X_OK) != 0) {
			snprintf(why, cap, "its folder %s %s: %s", dir,
			         errno == ENOENT ? "does not exist" : "cannot be written",
			         strerror(errno));
			rc = -2;
		}
	}
	free(dir);
	return rc;
}

/* Opens name (a path, or a URI made by make_uri). URIs are on for every connection, so that
 * `db merge` can attach its inputs read-only; a path that itself starts with "file:" goes
 * through make_uri, so it still names that file. */
static int connect_db(struct ip_store *s, const char *name, int flags, struct ip_diag *d)
{
	char *uri = strncmp(name, "file:", 5) == 0 ? make_uri(name, NULL) : NULL;
	int rc = sqlite3_open_v2(uri ? uri : name, &s->db, flags | SQLITE_OPEN_NOMUTEX |
	                         SQLITE_OPEN_URI, NULL);
	free(uri);
	if (rc != SQLITE_OK) {
		if (s->db)
			ip_store_fail(s, d, "cannot open the database");
		else if (d)
			ip_diag_plain(d, "out of memory opening the database");
		return -1;
	}
	sqlite3_extended_result_codes(s->db, 1);
	sqlite3_busy_timeout(s->db, BUSY_TIMEOUT_MS);
	harden(s->db);
	return 0;
}

/* A database in WAL mode can be read only where its -shm file can be made. On read-only
 * media (a read-only file in a read-only directory) a cleanly closed database, whose WAL is
 * empty, is read as immutable instead. 0: use it; 1: not that case; -1: error. */
static int reopen_immutable(struct ip_store *s, struct ip_diag *d)
{
	int probe = 0, rc;
	char *uri;
	rc = ip_store_query_int(s->db, "SELECT count(*) FROM sqlite_master", &probe);
	if (rc == SQLITE_OK || ((rc & 0xff) != SQLITE_READONLY && (rc & 0xff) != SQLITE_CANTOPEN))
		return 1;
	if (has_wal(s->path))
		return ip_store_error(s, d,
		                      "cannot be read here: its write-ahead log (%s-wal) holds batches "
		                      "not yet copied into the file, and no %s-shm can be made beside it "
		                      "(a read-only directory?). Open it once where it can be written, "
		                      "or copy the directory somewhere writable",
		                      s->path, s->path);
	if (!(uri = make_uri(s->path, "immutable=1")))
		return d ? ip_diag_plain(d, "out of memory opening the database") : -1;
	sqlite3_close(s->db);
	s->db = NULL;
	rc = sqlite3_open_v2(uri, &s->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX |
	                     SQLITE_OPEN_URI, NULL);
	free(uri);
	if (rc != SQLITE_OK)
		return s->db ? ip_store_fail(s, d, "cannot open the database") : -1;
	sqlite3_extended_result_codes(s->db, 1);
	harden(s->db);
	s->immutable = 1;
	return 0;
}

int ip_store_open(const char *path, enum ip_store_mode mode, struct ip_store **out,
                  struct ip_diag *d)
{
	static const int flags[] = {
		[IP_STORE_READ_WRITE_CREATE] = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
		[IP_STORE_READ_WRITE] = SQLITE_OPEN_READWRITE,
		[IP_STORE_READ_ONLY] = SQLITE_OPEN_READONLY,
	};
	struct ip_store *s;
	enum kind kind = FOREIGN;
	int version = 0, migrate = 0;

	*out = NULL;
	if (d)
		d->file = path;
	if ((unsigned)mode > IP_STORE_READ_ONLY)
		return d ? ip_diag_plain(d, "invalid open mode %d", (int)mode) : -1;
	s = calloc(1, sizeof *s);
	if (!s || !(s->path = strdup(path)) || ip_outcome_cache_init(&s->cache)) {
		if (s)
			free(s->path);
		free(s);
		return d ? ip_diag_plain(d, "out of memory opening the database") : -1;
	}
	s->mode = mode;
	if (mode == IP_STORE_READ_WRITE_CREATE && access(path, F_OK) != 0) {
		/* say why it cannot be made, not SQLite's guess ("No such file or directory") */
		char why[512];
		if (ip_store_writable(path, why, sizeof why)) {
			ip_store_error(s, d, "cannot be created: %s; nothing was changed", why);
			goto fail;
		}
	}
	if (connect_db(s, path, flags[mode], d))
		goto fail;
	if (mode != IP_STORE_READ_ONLY && sqlite3_db_readonly(s->db, "main") == 1) {
		char why[512] = "";
		ip_store_writable(path, why, sizeof why);
		ip_store_error(s, d,
		               "cannot be written (a read-only file or file system%s%s); it can "
		               "still be read (query, report, an input of db merge). Nothing was "
		               "changed",
		               why[0] ? ": " : "", why[0] ? why : "");
		goto fail;
	}
	if (mode == IP_STORE_READ_ONLY && reopen_immutable(s, d) < 0)
		goto fail;
	if (inspect(s, &kind, &version, d) || check_version(s, kind, version, &migrate, d) ||
	    configure(s, d) || (migrate && ip_store_migrate(s, d)) ||
	    (mode == IP_STORE_READ_ONLY && ip_store_temp_views(s, version, d)) ||
	    ip_store_refresh_views(s, d) || ip_store_prepare(s, d))
		goto fail;
	if (d)
		d->file = path;
	*out = s;
	return 0;
fail:
	if (d)
		d->file = path; /* the caller's string: s->path is freed below */
	ip_store_close(s);
	return -1;
}

void ip_store_tidy(const char *path)
{
	sqlite3 *db = NULL;
	char *uri = strncmp(path, "file:", 5) == 0 ? make_uri(path, NULL) : NULL;
	if (sqlite3_open_v2(uri ? uri : path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX |
	                    SQLITE_OPEN_URI, NULL) == SQLITE_OK && !sqlite3_db_readonly(db, "main")) {
		harden(db);
		/* a read opens the write-ahead log, which the closing connection then removes */
		(void)sqlite3_exec(db, "SELECT count(*) FROM sqlite_master", NULL, NULL, NULL);
	}
	sqlite3_close(db);
	free(uri);
}

void ip_store_close(struct ip_store *s)
{
	int tidy;
	if (!s)
		return;
	tidy = s->mode == IP_STORE_READ_ONLY && !s->immutable && s->db;
	ip_checkpointer_stop(s);
	ip_store_lock_free(s);
	ip_store_finalize(s);
	sqlite3_close(s->db); /* the last connection checkpoints the WAL into the file */
	if (tidy)
		ip_store_tidy(s->path);
	ip_outcome_cache_free(&s->cache);
	ip_store_batch_free(s->scratch);
	ip_block_writer_free(&s->writer);
	free(s->path);
	free(s);
}

void ip_store_remove(const char *path)
{
	static const char *const suffix[] = {"", "-wal", "-shm", "-journal"};
	size_t n = strlen(path);
	char *p = malloc(n + 16);
	if (!p)
		return;
	for (size_t i = 0; i < sizeof suffix / sizeof suffix[0]; i++) {
		snprintf(p, n + 16, "%s%s", path, suffix[i]);
		unlink(p);
	}
	free(p);
}

void *ip_store_sqlite(struct ip_store *s)
{
	return s->db;
}
