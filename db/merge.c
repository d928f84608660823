/* merge.c: `isaprobe db merge`: several boards' findings databases into one, matched on natural
 * keys, each campaign's runs taken from the database that ran it, so nothing counts twice. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/grow.h"
#include "store_internal.h"

/* One input as checked before anything is written. */
struct input {
	const char *path;
	char *uri; /* how to attach it read-only (db/open.c), as check_input could read it */
	uint8_t uuid[16];
};

/* ---- checking an input -------------------------------------------------------------------- */

static int input_error(const char *path, struct ip_diag *d, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int input_error(const char *path, struct ip_diag *d, const char *fmt, ...)
{
	char msg[sizeof d->msg];
	va_list ap;
	if (!d)
		return -1;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	ip_diag_plain(d, "%s", msg);
	d->file = path;
	return -1;
}

/* The first column of the first row as text ("" for none); 0 or an SQLite code. */
static int query_text(sqlite3 *db, const char *sql, char *out, size_t len)
{
	sqlite3_stmt *st;
	int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
	out[0] = 0;
	if (rc)
		return rc;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		const unsigned char *t = sqlite3_column_text(st, 0);
		snprintf(out, len, "%s", t ? (const char *)t : "");
		rc = SQLITE_OK;
	} else if (rc == SQLITE_DONE) {
		rc = SQLITE_OK;
	}
	sqlite3_finalize(st);
	return rc;
}

/* An isaprobe database of our schema version (ip_store_open checks), undamaged (quick_check),
 * whose rows refer to rows that exist; its identity into in->uuid. */
static int check_input(struct input *in, struct ip_diag *d)
{
	struct ip_store *s;
	sqlite3 *db;
	char text[256];
	sqlite3_stmt *st;
	int rc, bad = 0;
	if (ip_store_open(in->path, IP_STORE_READ_ONLY, &s, d)) {
		d->file = in->path;
		return -1;
	}
	db = s->db;
	rc = query_text(db, "PRAGMA quick_check", text, sizeof text);
	if (rc == SQLITE_OK && strcmp(text, "ok") != 0)
		bad = input_error(in->path, d, "damaged (quick_check: %s); not merged, nothing "
		                               "was written", text);
	/* Every row by the rules inference and reports read it with: a row they would refuse
	 * is not merged (db/validate.c). */
	if (!bad && rc == SQLITE_OK &&
	    (ip_store_check_campaigns(s, NULL, 0, d) || ip_store_check_findings(s, d))) {
		if (d && strlen(d->msg) + 40 < sizeof d->msg)
			strcat(d->msg, "; not merged, nothing was written");
		bad = -1;
	}
	/* and every declared reference the rules do not cover */
	if (!bad && rc == SQLITE_OK) {
		rc = query_text(db, "SELECT printf('table %s, row %s refers to a row of %s that does"
		                    " not exist', \"table\", rowid, parent)"
		                    " FROM pragma_foreign_key_check LIMIT 1",
		                text, sizeof text);
		if (rc == SQLITE_OK && text[0])
			bad = input_error(in->path, d, "%s; not merged, nothing was written", text);
	}
	if (!bad && rc == SQLITE_OK &&
	    (rc = sqlite3_prepare_v2(db, "SELECT uuid FROM identity", -1, &st, NULL)) == SQLITE_OK) {
		rc = sqlite3_step(st);
		if (rc == SQLITE_ROW && sqlite3_column_bytes(st, 0) == 16) {
			memcpy(in->uuid, sqlite3_column_blob(st, 0), 16);
			rc = SQLITE_OK;
		} else if (rc == SQLITE_ROW || rc == SQLITE_DONE) {
			rc = SQLITE_OK;
			bad = input_error(in->path, d, "has no identity row; not merged");
		}
		sqlite3_finalize(st);
	}
	if (!bad && rc != SQLITE_OK) {
		ip_store_fail(s, d, "checking the database before merging it");
		d->file = in->path;
		bad = -1;
	}
	if (!bad && !(in->uri = ip_store_read_uri(s)))
		bad = input_error(in->path, d, "out of memory");
	ip_store_close(s);
	if (d)
		d->file = in->path;
	return bad ? -1 : 0;
}

static int same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

/* ---- merging one input -------------------------------------------------------------------- */

struct merger {
	struct ip_store *out;
	const struct input *in;
	struct ip_merge_stats *stats;
	struct ip_diag *d;
};

static int exec(struct merger *m, const char *what, const char *sql)
{
	if (sqlite3_exec(m->out->db, sql, NULL, NULL, NULL))
		return ip_store_fail(m->out, m->d, "merging %s: %s", m->in->path, what);
	return 0;
}

/* Prepares sql on the output's connection; NULL with d filled in on error. */
static sqlite3_stmt *prepare(struct merger *m, const char *sql)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(m->out->db, sql, -1, &st, NULL)) {
		ip_store_fail(m->out, m->d, "merging %s: preparing \"%.120s\"", m->in->path, sql);
		return NULL;
	}
	return st;
}

/* Steps a statement with no result row to the end and finalizes it. */
static int run_stmt(struct merger *m, sqlite3_stmt *st, const char *what)
{
	int rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return ip_store_fail(m->out, m->d, "merging %s: %s", m->in->path, what);
	return 0;
}

/* What would make the input conflict with the output: two outcomes with one hash but different
 * contents (a hash collision), or a campaign key run by two different databases (merging both
 * would count the same variants as if one campaign had run them twice). */
static int check_conflicts(struct merger *m)
{
	static const char *const sql[2] = {
		"SELECT s.id, o.id FROM src.outcome s JOIN main.outcome o ON o.hash = s.hash"
		" WHERE o.status IS NOT s.status OR o.fault IS NOT s.fault OR o.data IS NOT s.data"
		" LIMIT 1",
		"SELECT s.id, c.id FROM src.campaign s"
		" JOIN src.probe sp ON sp.id = s.probe_id JOIN src.device sd ON sd.id = s.device_id"
		" JOIN main.probe p ON p.name = sp.name"
		" JOIN main.device d ON d.runner = sd.runner AND d.model = sd.model"
		" AND d.host = sd.host"
		" JOIN main.campaign c ON c.probe_id = p.id AND c.device_id = d.id"
		" AND c.probe_hash = s.probe_hash AND c.strategy = s.strategy AND c.seed = s.seed"
		" AND c.budget = s.budget AND c.shard_index = s.shard_index"
		" AND c.shard_count = s.shard_count"
		" WHERE c.origin <> s.origin LIMIT 1",
	};
	static const char *const why[2] = {
		"outcome %lld has the hash of outcome %lld of %s but other contents (a hash "
		"collision); not merged, nothing was written",
		"campaign %lld has the key of campaign %lld of %s, which another database ran: "
		"merging both would count the same variants as if run twice; not merged, nothing "
		"was written (run one of them with another seed or shard)",
	};
	for (int i = 0; i < 2; i++) {
		sqlite3_stmt *st = prepare(m, sql[i]);
		int rc;
		if (!st)
			return -1;
		rc = sqlite3_step(st);
		if (rc == SQLITE_ROW) {
			long long a = sqlite3_column_int64(st, 0), b = sqlite3_column_int64(st, 1);
			sqlite3_finalize(st);
			if (m->d) {
				ip_diag_plain(m->d, why[i], a, b, m->out->path);
				m->d->file = m->in->path;
			}
			return -1;
		}
		sqlite3_finalize(st);
		if (rc != SQLITE_DONE)
			return ip_store_fail(m->out, m->d, "merging %s: comparing it with %s",
			                     m->in->path, m->out->path);
	}
	return 0;
}

/* Devices, probes and outcomes: get-or-create on their natural keys; outcome ids mapped in
 * temp.merge_outcome. A probe's text is replaced by the input's when the input's is newer. */
static int merge_parents(struct merger *m)
{
	return exec(m, "devices",
	            "INSERT INTO main.device (runner, model, host)"
	            " SELECT runner, model, host FROM src.device WHERE true"
	            " ON CONFLICT (runner, model, host) DO NOTHING") ||
	       exec(m, "probes",
	            "INSERT INTO main.probe (name, isa, source_text, source_hash, created_at,"
	            " updated_at) SELECT name, isa, source_text, source_hash, created_at,"
	            " updated_at FROM src.probe WHERE true"
	            " ON CONFLICT (name) DO UPDATE SET isa = excluded.isa,"
	            " source_text = excluded.source_text, source_hash = excluded.source_hash,"
	            " updated_at = excluded.updated_at"
	            " WHERE excluded.source_hash <> probe.source_hash"
	            " AND excluded.updated_at > probe.updated_at") ||
	       exec(m, "outcomes",
	            "INSERT INTO main.outcome (hash, status, fault, data)"
	            " SELECT hash, status, fault, data FROM src.outcome WHERE true"
	            " ON CONFLICT (hash) DO NOTHING") ||
	       exec(m, "mapping outcomes",
	            "DELETE FROM temp.merge_outcome; DELETE FROM temp.merge_campaign;"
	            " INSERT INTO temp.merge_outcome (src, dst)"
	            " SELECT s.id, o.id FROM src.outcome s JOIN main.outcome o ON o.hash = s.hash");
}

/* A campaign as merging compares it: how far along, its runs, the database that ran it. */
struct campaign_row {
	int64_t id;
	uint64_t cursor, runs;
	int finished;
	uint8_t origin[16];
};

static const char src_campaigns_sql[] =
	"SELECT c.id, c.cursor, c.state = 'finished', c.origin,"
	" (SELECT coalesce(sum(b.runs), 0) FROM temp.src_run_block b WHERE b.campaign_id = c.id)"
	" FROM src.campaign c ORDER BY c.id";

/* The output's campaign with the natural key of input campaign ?1 (via names, not ids). */
static const char dst_campaign_sql[] =
	"SELECT c.id, c.cursor, c.state = 'finished', c.origin,"
	" (SELECT coalesce(sum(b.runs), 0) FROM main.run_block b WHERE b.campaign_id = c.id)"
	" FROM src.campaign s"
	" JOIN src.probe sp ON sp.id = s.probe_id JOIN src.device sd ON sd.id = s.device_id"
	" JOIN main.probe p ON p.name = sp.name"
	" JOIN main.device d ON d.runner = sd.runner AND d.model = sd.model AND d.host = sd.host"
	" JOIN main.campaign c ON c.probe_id = p.id AND c.device_id = d.id"
	" AND c.probe_hash = s.probe_hash AND c.strategy = s.strategy AND c.seed = s.seed"
	" AND c.budget = s.budget AND c.shard_index = s.shard_index"
	" AND c.shard_count = s.shard_count"
	" WHERE s.id = ?1";

static const char add_campaign_sql[] =
	"INSERT INTO main.campaign (probe_id, device_id, probe_hash, probe_text, strategy, seed,"
	" budget, shard_index, shard_count, cursor, state, started_at, updated_at, finished_at,"
	" origin)"
	" SELECT p.id, d.id, s.probe_hash, s.probe_text, s.strategy, s.seed, s.budget,"
	" s.shard_index, s.shard_count, s.cursor, s.state, s.started_at, s.updated_at,"
	" s.finished_at, s.origin"
	" FROM src.campaign s"
	" JOIN src.probe sp ON sp.id = s.probe_id JOIN src.device sd ON sd.id = s.device_id"
	" JOIN main.probe p ON p.name = sp.name"
	" JOIN main.device d ON d.runner = sd.runner AND d.model = sd.model AND d.host = sd.host"
	" WHERE s.id = ?1";

static const char update_campaign_sql[] =
	"UPDATE main.campaign SET (cursor, state, updated_at, finished_at) ="
	" (SELECT cursor, state, updated_at, finished_at FROM src.campaign WHERE id = ?1)"
	" WHERE id = ?2";

/* ?1 input campaign, ?2 output campaign. */
static const char *const copy_sql[] = {
	"DELETE FROM main.run_block WHERE campaign_id = ?2",
	"INSERT INTO main.context (campaign_id, idx, label, seed_value)"
	" SELECT ?2, idx, label, seed_value FROM src.context WHERE campaign_id = ?1"
	" AND NOT EXISTS (SELECT 1 FROM main.context WHERE campaign_id = ?2)",
	"INSERT INTO main.target (campaign_id, value_lo, width, format, field, bundle, slot, lo)"
	" SELECT ?2, value_lo, width, format, field, bundle, slot, lo FROM src.target"
	" WHERE campaign_id = ?1"
	" AND NOT EXISTS (SELECT 1 FROM main.target WHERE campaign_id = ?2)",
	"INSERT INTO main.buffer (campaign_id, direction, role, offset, len, data, record, names)"
	" SELECT ?2, direction, role, offset, len, data, record, names FROM src.buffer"
	" WHERE campaign_id = ?1"
	" AND NOT EXISTS (SELECT 1 FROM main.buffer WHERE campaign_id = ?2)",
};

/* Input outcome id -> output outcome id (temp.merge_outcome), for copying blocks. */
struct id_map {
	int64_t *src, *dst; /* open addressing on src (0: empty) */
	size_t cap;
};

static int64_t map_id(const struct id_map *m, int64_t id)
{
	for (size_t i = (size_t)id & (m->cap - 1); m->src[i]; i = (i + 1) & (m->cap - 1))
		if (m->src[i] == id)
			return m->dst[i];
	return 0;
}

static int load_map(struct merger *m, struct id_map *map)
{
	sqlite3_stmt *st = prepare(m, "SELECT src, dst, (SELECT count(*) FROM temp.merge_outcome)"
	                              " FROM temp.merge_outcome");
	int rc;
	if (!st)
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int64_t src = sqlite3_column_int64(st, 0);
		size_t i;
		if (!map->cap) {
			map->cap = 1024;
			while (map->cap < 2 * (size_t)sqlite3_column_int64(st, 2) + 2)
				map->cap *= 2;
			map->src = calloc(map->cap, sizeof *map->src);
			map->dst = calloc(map->cap, sizeof *map->dst);
			if (!map->src || !map->dst) {
				sqlite3_finalize(st);
				return ip_store_error(m->out, m->d, "merging %s: out of memory", m->in->path);
			}
		}
		for (i = (size_t)src & (map->cap - 1); map->src[i]; i = (i + 1) & (map->cap - 1))
			;
		map->src[i] = src;
		map->dst[i] = sqlite3_column_int64(st, 1);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return ip_store_fail(m->out, m->d, "merging %s: mapping outcomes", m->in->path);
	return 0;
}

/* Campaign src's blocks into campaign dst, their outcome ids mapped (the values, counts and
 * counts per status stay as they are: an outcome's contents, its status with them, are the
 * same in both files). */
static int copy_blocks(struct merger *m, int64_t src, int64_t dst)
{
	sqlite3_stmt *rd = prepare(m, "SELECT id, context, length(lo), n, vals, outs, ok, fault,"
	                              " invalid, timeout, unmodeled, runner_error"
	                              " FROM temp.src_run_block WHERE campaign_id = ?1 ORDER BY id");
	sqlite3_stmt *wr = NULL;
	struct id_map map = {NULL, NULL, 0};
	struct ip_block_writer w;
	struct ip_block_reader r;
	int rc = SQLITE_OK, failed = 0;
	ip_block_writer_init(&w);
	if (!rd || load_map(m, &map)) {
		failed = 1;
		goto out;
	}
	if (ip_block_writer_prepare(&w, m->out->db, &wr) != SQLITE_OK) {
		failed = ip_store_fail(m->out, m->d, "merging %s: copying runs", m->in->path);
		goto out;
	}
	sqlite3_bind_int64(rd, 1, src);
	while (!failed && (rc = sqlite3_step(rd)) == SQLITE_ROW) {
		const uint8_t *v;
		int64_t id, count;
		int got;
		if (ip_block_reader_mem(&r, sqlite3_column_int64(rd, 0),
		                        (size_t)sqlite3_column_int64(rd, 2),
		                        (size_t)sqlite3_column_int64(rd, 3), sqlite3_column_blob(rd, 4),
		                        (size_t)sqlite3_column_bytes(rd, 4),
		                        (const char *)sqlite3_column_text(rd, 5),
		                        (size_t)sqlite3_column_bytes(rd, 5))) {
			failed = input_error(m->in->path, m->d, "%s", r.why);
			break;
		}
		ip_block_writer_start(&w, dst, sqlite3_column_int64(rd, 1), r.vlen);
		while ((got = ip_block_reader_next(&r, &v, &id, &count)) > 0) {
			char text[24];
			int64_t to = map.cap ? map_id(&map, id) : 0;
			int n = snprintf(text, sizeof text, "%lld", (long long)to);
			if (!to) {
				failed = input_error(m->in->path, m->d, "table run_block, row (id %lld): "
				                     "outcome %lld is not in the input", (long long)r.id,
				                     (long long)id);
				break;
			}
			if (ip_block_writer_put(&w, v, text, (size_t)n, count, -1)) {
				failed = ip_store_error(m->out, m->d, "merging: out of memory");
				break;
			}
		}
		if (!failed && got < 0)
			failed = input_error(m->in->path, m->d, "%s", r.why);
		if (failed)
			break;
		/* the counts per status as the input has them (checked against its entries) */
		for (int k = 0; k < IP_STATUS_COUNT; k++)
			w.by_status[k] = sqlite3_column_int64(rd, 6 + k);
		rc = ip_block_writer_flush(&w, wr);
		if (rc != SQLITE_OK)
			failed = ip_store_fail(m->out, m->d, "merging %s: copying runs", m->in->path);
	}
	if (!failed && rc != SQLITE_DONE)
		failed = ip_store_fail(m->out, m->d, "merging %s: copying runs", m->in->path);
out:
	sqlite3_finalize(rd);
	sqlite3_finalize(wr);
	ip_block_writer_free(&w);
	free(map.src);
	free(map.dst);
	return failed ? -1 : 0;
}

/* Copies campaign src's runs (replacing dst's) and its layout (where dst has none). */
static int copy_campaign(struct merger *m, int64_t src, int64_t dst, uint64_t runs)
{
	for (size_t i = 0; i < sizeof copy_sql / sizeof copy_sql[0]; i++) {
		sqlite3_stmt *st = prepare(m, copy_sql[i]);
		if (!st)
			return -1;
		sqlite3_bind_int64(st, 1, src);
		sqlite3_bind_int64(st, 2, dst);
		if (run_stmt(m, st, "copying a campaign's runs and layout"))
			return -1;
	}
	if (copy_blocks(m, src, dst))
		return -1;
	m->stats->runs += runs;
	return 0;
}

static int read_campaign(sqlite3_stmt *st, struct campaign_row *c)
{
	c->id = sqlite3_column_int64(st, 0);
	c->cursor = (uint64_t)sqlite3_column_int64(st, 1);
	c->finished = sqlite3_column_int(st, 2);
	c->runs = (uint64_t)sqlite3_column_int64(st, 4);
	if (sqlite3_column_bytes(st, 3) != 16)
		return -1;
	memcpy(c->origin, sqlite3_column_blob(st, 3), 16);
	return 0;
}

/* Whether a is further along than b: more of the strategy done, or as much with more runs,
 * or finished where b is not. */
static int ahead(const struct campaign_row *a, const struct campaign_row *b)
{
	if (a->cursor != b->cursor)
		return a->cursor > b->cursor;
	if (a->runs != b->runs)
		return a->runs > b->runs;
	return a->finished && !b->finished;
}

static int map_campaign(struct merger *m, int64_t src, int64_t dst)
{
	sqlite3_stmt *st = prepare(m, "INSERT INTO temp.merge_campaign (src, dst) VALUES (?1, ?2)");
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, src);
	sqlite3_bind_int64(st, 2, dst);
	return run_stmt(m, st, "mapping campaigns");
}

/* One input campaign: added, replacing an older copy, or left alone. */
static int merge_campaign(struct merger *m, const struct campaign_row *c)
{
	sqlite3_stmt *st = prepare(m, dst_campaign_sql);
	struct campaign_row have;
	int rc, found;
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, c->id);
	rc = sqlite3_step(st);
	found = rc == SQLITE_ROW;
	if (found && read_campaign(st, &have))
		rc = SQLITE_CORRUPT;
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return ip_store_fail(m->out, m->d, "merging %s: finding campaign %lld", m->in->path,
		                     (long long)c->id);
	if (!found) {
		st = prepare(m, add_campaign_sql);
		if (!st)
			return -1;
		sqlite3_bind_int64(st, 1, c->id);
		if (run_stmt(m, st, "adding a campaign"))
			return -1;
		have.id = sqlite3_last_insert_rowid(m->out->db);
		m->stats->campaigns_added++;
		return map_campaign(m, c->id, have.id) || copy_campaign(m, c->id, have.id, c->runs);
	}
	if (memcmp(have.origin, c->origin, 16) != 0) /* check_conflicts has made sure */
		return input_error(m->in->path, m->d, "campaign %lld: another origin",
		                   (long long)c->id);
	if (map_campaign(m, c->id, have.id))
		return -1;
	if (!ahead(c, &have)) {
		m->stats->campaigns_same++;
		return 0;
	}
	/* Its runs are about to be replaced: not under a campaign that is running here. */
	if (ip_store_lock_check(m->out, have.id, m->d))
		return -1;
	st = prepare(m, update_campaign_sql);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, c->id);
	sqlite3_bind_int64(st, 2, have.id);
	if (run_stmt(m, st, "updating a campaign"))
		return -1;
	m->stats->campaigns_updated++;
	return copy_campaign(m, c->id, have.id, c->runs);
}

static int merge_campaigns(struct merger *m)
{
	sqlite3_stmt *st = prepare(m, src_campaigns_sql);
	struct campaign_row *rows = NULL;
	size_t n = 0, cap = 0;
	int rc, failed = 0;
	if (!st)
		return -1;
	/* Read them all first: the loop below writes to main while this would still be open. */
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (ip_grow((void **)&rows, &cap, n + 1, sizeof *rows)) {
			failed = 1;
			break;
		}
		if (read_campaign(st, &rows[n++]))
			rc = SQLITE_CORRUPT;
	}
	sqlite3_finalize(st);
	if (failed)
		ip_store_error(m->out, m->d, "merging %s: out of memory", m->in->path);
	else if (rc != SQLITE_DONE)
		failed = ip_store_fail(m->out, m->d, "merging %s: reading its campaigns", m->in->path);
	for (size_t i = 0; i < n && !failed; i++)
		failed = merge_campaign(m, &rows[i]) != 0;
	free(rows);
	return failed ? -1 : 0;
}

/* Findings, column by column as the output's table has them (inference may add columns):
 * probe_id and the campaign columns mapped, id new, the rest copied; one already here (same
 * unique key) is kept. */
static int merge_findings(struct merger *m)
{
	sqlite3_stmt *st = prepare(m, "SELECT name FROM pragma_table_info('finding', 'main')"
	                              " WHERE name IN (SELECT name FROM"
	                              " pragma_table_info('finding', 'src')) AND name <> 'id'");
	size_t cap = 4096, lc = 0, ls = 0;
	char *cols = malloc(cap), *sel = malloc(2 * cap), *sql;
	int rc;
	if (!st || !cols || !sel) {
		sqlite3_finalize(st);
		free(cols);
		free(sel);
		return st ? ip_store_error(m->out, m->d, "merging findings: out of memory") : -1;
	}
	cols[0] = sel[0] = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *c = (const char *)sqlite3_column_text(st, 0);
		const char *expr = "f.\"%s\"";
		if (strcmp(c, "probe_id") == 0)
			expr = "(SELECT p.id FROM main.probe p JOIN src.probe sp ON sp.name = p.name"
			       " WHERE sp.id = f.probe_id)";
		else if (strcmp(c, "first_seen") == 0 || strcmp(c, "last_seen") == 0)
			expr = "(SELECT dst FROM temp.merge_campaign WHERE src = f.\"%s\")";
		if (lc + strlen(c) + 8 >= cap || ls + strlen(expr) + strlen(c) + 8 >= 2 * cap)
			break;
		lc += (size_t)sprintf(cols + lc, "%s\"%s\"", lc ? ", " : "", c);
		ls += (size_t)sprintf(sel + ls, "%s", ls ? ", " : "");
		ls += (size_t)snprintf(sel + ls, 2 * cap - ls, expr, c);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		free(cols);
		free(sel);
		return ip_store_fail(m->out, m->d, "merging %s: findings' columns", m->in->path);
	}
	sql = sqlite3_mprintf("INSERT OR IGNORE INTO main.finding (%s) SELECT %s FROM src.finding f",
	                      cols, sel);
	free(cols);
	free(sel);
	if (!sql)
		return ip_store_error(m->out, m->d, "merging findings: out of memory");
	st = prepare(m, sql);
	sqlite3_free(sql);
	if (!st)
		return -1;
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return ip_store_fail(m->out, m->d, "merging %s: findings", m->in->path);
	m->stats->findings = (unsigned)sqlite3_changes(m->out->db);
	return 0;
}

static int log_merge(struct merger *m)
{
	const struct ip_merge_stats *s = m->stats;
	sqlite3_stmt *st;
	if (!s->campaigns_added && !s->campaigns_updated && !s->findings)
		return 0; /* nothing changed: nothing written */
	st = prepare(m, "INSERT INTO main.merge_source (uuid, path, campaigns_added,"
	                " campaigns_updated, campaigns_same, runs) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
	if (!st)
		return -1;
	sqlite3_bind_blob(st, 1, m->in->uuid, 16, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, m->in->path, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, s->campaigns_added);
	sqlite3_bind_int64(st, 4, s->campaigns_updated);
	sqlite3_bind_int64(st, 5, s->campaigns_same);
	sqlite3_bind_int64(st, 6, (int64_t)s->runs);
	return run_stmt(m, st, "logging the merge");
}

/* The input's runs as blocks, whatever its version: its run_block, or for a file older than
 * schema version 5 (read as it is) its run rows, one block of one entry each. */
static const char src_blocks_sql[] =
	"CREATE TEMP VIEW src_run_block AS SELECT * FROM src.run_block";
static const char src_rows_as_blocks_sql[] =
	"CREATE TEMP VIEW src_run_block (id, campaign_id, context, n, lo, hi, runs, ok, fault,"
	" invalid, timeout, unmodeled, runner_error, vals, outs) AS"
	" SELECT row_number() OVER (ORDER BY r.campaign_id, r.context, r.value, r.outcome_id),"
	" r.campaign_id, r.context, 1, r.value, r.value, r.count,"
	" iif(o.status = 0, r.count, 0), iif(o.status = 1, r.count, 0),"
	" iif(o.status = 2, r.count, 0), iif(o.status = 3, r.count, 0),"
	" iif(o.status = 4, r.count, 0), iif(o.status = 5, r.count, 0),"
	" r.value, json_array(json_array(r.outcome_id, r.count))"
	" FROM src.run r LEFT JOIN src.outcome o ON o.id = r.outcome_id";

static int attach(struct merger *m)
{
	sqlite3_stmt *st = prepare(m, "ATTACH ?1 AS src");
	int legacy = 0;
	if (!st)
		return -1;
	sqlite3_bind_text(st, 1, m->in->uri, -1, SQLITE_STATIC);
	if (run_stmt(m, st, "attaching it"))
		return -1;
	if (ip_store_query_int(m->out->db, "SELECT count(*) FROM src.sqlite_master"
	                                   " WHERE name = 'run' AND type = 'table'", &legacy) ||
	    sqlite3_exec(m->out->db, legacy ? src_rows_as_blocks_sql : src_blocks_sql, NULL, NULL,
	                 NULL)) {
		ip_store_fail(m->out, m->d, "merging %s: reading its runs", m->in->path);
		sqlite3_exec(m->out->db, "DETACH src", NULL, NULL, NULL);
		return -1;
	}
	return 0;
}

static int detach(struct merger *m, int failed)
{
	sqlite3_exec(m->out->db, "DROP VIEW IF EXISTS temp.src_run_block", NULL, NULL, NULL);
	if (sqlite3_exec(m->out->db, "DETACH src", NULL, NULL, NULL) && !failed)
		return ip_store_fail(m->out, m->d, "merging %s: detaching it", m->in->path);
	return failed ? -1 : 0;
}

/* Before anything is written: does the input conflict with the output? */
static int precheck_one(struct ip_store *out, const struct input *in, struct ip_diag *d)
{
	struct ip_merge_stats unused;
	struct merger m = {out, in, &unused, d};
	if (attach(&m))
		return -1;
	return detach(&m, check_conflicts(&m));
}

static int merge_one(struct ip_store *out, const struct input *in, struct ip_merge_stats *stats,
                     struct ip_diag *d)
{
	struct merger m = {out, in, stats, d};
	int failed;
	memset(stats, 0, sizeof *stats);
	if (attach(&m))
		return -1;
	/* The conflicts again, under the lock: an earlier input may have brought some. */
	failed = exec(&m, "starting a transaction", "BEGIN IMMEDIATE") || check_conflicts(&m) ||
	         merge_parents(&m) || merge_campaigns(&m) || merge_findings(&m) || log_merge(&m) ||
	         exec(&m, "committing", "COMMIT");
	if (failed)
		ip_store_rollback(out);
	return detach(&m, failed);
}

int ip_store_merge(const char *out, const char *const *inputs, size_t n,
                   struct ip_merge_stats *stats, struct ip_diag *d)
{
	struct input *in = calloc(n ? n : 1, sizeof *in);
	struct ip_merge_stats *st = stats ? stats : calloc(n ? n : 1, sizeof *st);
	struct ip_store *s = NULL;
	struct stat before;
	int created = stat(out, &before) != 0 && errno == ENOENT, failed = 0;
	if (!in || !st) {
		free(in);
		if (!stats)
			free(st);
		return d ? ip_diag_plain(d, "out of memory") : -1;
	}
	/* The output first: on read-only storage nothing else matters. */
	{
		char why[512];
		int rc = ip_store_writable(out, why, sizeof why);
		if (rc) {
			if (d) {
				ip_diag_plain(d, "the merge's output cannot be %s: %s; merge into a database "
				                 "on writable "
				                 "storage (copy it there first when it holds earlier merges). "
				                 "Nothing was changed", rc == -2 ? "created" : "written", why);
				d->file = out;
			}
			failed = 1;
		}
	}
	/* Every input is checked before the output is opened: a bad one changes nothing. */
	for (size_t i = 0; i < n && !failed; i++) {
		in[i].path = inputs[i];
		if (!created && same_file(inputs[i], out))
			failed = input_error(inputs[i], d, "is the output database itself");
		else
			failed = check_input(&in[i], d) != 0;
	}
	if (!failed && ip_store_open(out, IP_STORE_READ_WRITE_CREATE, &s, d))
		failed = 1;
	if (!failed)
		failed = sqlite3_exec(s->db,
		                      "CREATE TEMP TABLE merge_outcome (src INTEGER PRIMARY KEY,"
		                      " dst INTEGER NOT NULL);"
		                      " CREATE TEMP TABLE merge_campaign (src INTEGER PRIMARY KEY,"
		                      " dst INTEGER NOT NULL)",
		                      NULL, NULL, NULL)
		                 ? ip_store_fail(s, d, "preparing the merge")
		                 : 0;
	for (size_t i = 0; i < n && !failed; i++)
		failed = precheck_one(s, &in[i], d) != 0;
	for (size_t i = 0; i < n && !failed; i++)
		failed = merge_one(s, &in[i], &st[i], d) != 0;
	if (d && failed && s && d->file == s->path)
		d->file = out; /* s->path is freed below */
	ip_store_close(s);
	if (failed && created)
		ip_store_remove(out); /* nothing of it was there before */
	for (size_t i = 0; i < n; i++) {
		if (in[i].uri && !strstr(in[i].uri, "immutable=1"))
			ip_store_tidy(in[i].path); /* attached read-only: its -wal and -shm stayed */
		free(in[i].uri);
	}
	free(in);
	if (!stats)
		free(st);
	return failed ? -1 : 0;
}
