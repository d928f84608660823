/* findings.c: the finding table as inference writes it and reports read it (with the members of
 * its details they use), and what reports say around it (isaprobe/internal/store_io.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "isaprobe/internal/store_io.h"
#include "store_internal.h"

static int sql_error(sqlite3 *db, struct ip_diag *d, const char *what)
{
	return ip_diag_plain(d, "%s: %s", what, sqlite3_errmsg(db));
}

static char *dup(const char *s)
{
	char *p = strdup(s ? s : "");
	if (!p)
		abort();
	return p;
}

/* Column i as text ("" for NULL). */
static const char *col(sqlite3_stmt *st, int i)
{
	const char *t = (const char *)sqlite3_column_text(st, i);
	return t ? t : "";
}

static int exec(sqlite3 *db, const char *sql, struct ip_diag *d)
{
	if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return sql_error(db, d, "writing the findings");
	return 0;
}

static const char upsert_sql[] =
	"INSERT INTO finding (probe_id, context, format, lo, hi, kind, details, confidence,"
	" support, against, variants, first_seen, last_seen, bundle, slot, cond)"
	" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?12, ?13, ?14, ?15)"
	" ON CONFLICT (probe_id, context, bundle, slot, format, lo, hi, kind, cond) DO UPDATE SET"
	" details = excluded.details, confidence = excluded.confidence,"
	" support = excluded.support, against = excluded.against, variants = excluded.variants,"
	" last_seen = excluded.last_seen";
static const char keep_sql[] =
	"INSERT OR IGNORE INTO temp.infer_keep (id) SELECT id FROM finding"
	" WHERE probe_id = ?1 AND context = ?2 AND format = ?3 AND lo = ?4 AND hi = ?5"
	" AND kind = ?6 AND bundle = ?13 AND slot = ?14 AND cond = ?15";

int ip_store_findings_replace(struct ip_store *s, int64_t probe_id, int64_t campaign,
                              const struct ip_finding_new *f, size_t n, struct ip_diag *d)
{
	sqlite3 *db = s->db;
	sqlite3_stmt *up = NULL, *keep = NULL, *del = NULL;
	int failed = 0;
	if (exec(db, "CREATE TEMP TABLE IF NOT EXISTS infer_keep (id INTEGER PRIMARY KEY)", d) ||
	    exec(db, "BEGIN IMMEDIATE", d))
		return -1;
	if (exec(db, "DELETE FROM temp.infer_keep", d) ||
	    sqlite3_prepare_v2(db, upsert_sql, -1, &up, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(db, keep_sql, -1, &keep, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(db, "DELETE FROM finding WHERE probe_id = ?1 AND id NOT IN"
	                           " (SELECT id FROM temp.infer_keep)", -1, &del, NULL) != SQLITE_OK)
		failed = 1;
	for (size_t i = 0; !failed && i < n; i++) {
		const struct ip_finding_new *x = &f[i];
		for (int k = 0; k < 2; k++) {
			sqlite3_stmt *st = k ? keep : up;
			sqlite3_bind_int64(st, 1, probe_id);
			sqlite3_bind_int64(st, 2, x->context);
			sqlite3_bind_text(st, 3, x->format, -1, SQLITE_STATIC);
			sqlite3_bind_int64(st, 4, x->lo);
			sqlite3_bind_int64(st, 5, x->hi);
			sqlite3_bind_text(st, 6, x->kind, -1, SQLITE_STATIC);
			sqlite3_bind_int64(st, 13, x->bundle);
			sqlite3_bind_int64(st, 14, x->slot);
			sqlite3_bind_text(st, 15, x->cond, -1, SQLITE_STATIC);
		}
		sqlite3_bind_text(up, 7, x->details, -1, SQLITE_STATIC);
		sqlite3_bind_double(up, 8, x->confidence);
		sqlite3_bind_int64(up, 9, (int64_t)x->support);
		sqlite3_bind_int64(up, 10, (int64_t)x->against);
		sqlite3_bind_int64(up, 11, (int64_t)x->variants);
		sqlite3_bind_int64(up, 12, campaign);
		failed = sqlite3_step(up) != SQLITE_DONE;
		sqlite3_reset(up);
		failed = failed || sqlite3_step(keep) != SQLITE_DONE;
		sqlite3_reset(keep);
	}
	if (!failed) {
		sqlite3_bind_int64(del, 1, probe_id);
		failed = sqlite3_step(del) != SQLITE_DONE;
	}
	if (failed)
		sql_error(db, d, "writing the findings");
	sqlite3_finalize(up);
	sqlite3_finalize(keep);
	sqlite3_finalize(del);
	if (failed) {
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
		return -1;
	}
	return exec(db, "COMMIT", d);
}

/* The columns a finding is read with (read_row gives them their names). */
#define FINDING_NCOLS 48
static const char finding_cols[] =
	"f.context, f.format, f.lo, f.hi, f.kind, f.details, f.confidence, f.support, f.against,"
	" f.variants, f.first_seen, f.last_seen, json_extract(f.details, '$.input'),"
	" json_extract(f.details, '$.index'), json_extract(f.details, '$.output'),"
	" json_extract(f.details, '$.direction'), json_extract(f.details, '$.must_be'),"
	" json_extract(f.details, '$.values'), json_extract(f.details, '$.bits'),"
	" json_extract(f.details, '$.signed'), json_extract(f.details, '$.scale'),"
	" json_extract(f.details, '$.when'), json_extract(f.details, '$.via'),"
	" json_extract(f.details, '$.of'), json_extract(f.details, '$.selects'),"
	" json_extract(f.details, '$.record'), json_extract(f.details, '$.reads_zero'),"
	" json_extract(f.details, '$.other_readings'), json_extract(f.details, '$.written'),"
	" json_extract(f.details, '$.summary'), json_extract(f.details, '$.meanings'),"
	" json_extract(f.details, '$.unmodeled'), json_extract(f.details, '$.runner'),"
	" json_extract(f.details, '$.seed_value'),"
	" json_extract(f.details, '$.not_run'), json_extract(f.details, '$.unmodeled_more'),"
	" f.bundle, f.slot, f.cond, json_extract(f.details, '$.names'),"
	" json_extract(f.details, '$.alike'), json_extract(f.details, '$.negated'),"
	" json_extract(f.details, '$.per_unit'), json_extract(f.details, '$.values_seen'),"
	/* 44: the bits of the register select whose register an indirect component select reads */
	" CASE WHEN f.kind = 'component' AND json_extract(f.details, '$.index') = 'indirect' THEN"
	" (SELECT CASE WHEN g.lo = g.hi THEN g.lo ELSE g.lo || '-' || g.hi END FROM finding g"
	" WHERE g.probe_id = f.probe_id AND g.context = f.context AND g.bundle = f.bundle AND"
	" g.slot = f.slot AND g.format = f.format AND g.cond = f.cond AND g.kind = 'register' AND"
	" json_extract(g.details, '$.index') = 'indirect' AND json_extract(g.details, '$.of') IS"
	" json_extract(f.details, '$.of') AND json_extract(g.details, '$.per_unit') IS"
	" json_extract(f.details, '$.per_unit') ORDER BY g.lo LIMIT 1) END,"
	/* 45: the example stored per value, for rp_examples (report_words.c): per value (records
	 * separated by char(30)) the value, its status and up to two words it changed, each as
	 * name, value and the seed's value (fields separated by char(31)) */
	" (SELECT group_concat(x, char(30)) FROM (SELECT json_extract(e.value, '$.value') ||"
	" char(31) || json_extract(e.value, '$.status') || coalesce((SELECT group_concat(w, '')"
	" FROM (SELECT char(31) || c.key || char(31) || c.value || char(31) || coalesce((SELECT"
	" s.value FROM json_each(e.value, '$.seed') s WHERE s.key = c.key), '') AS w"
	" FROM json_each(e.value, '$.changed') c LIMIT 2)), '') AS x"
	" FROM json_each(f.details, '$.examples') e)), f.id, f.probe_id";

static void read_row(sqlite3_stmt *st, enum ip_findings_select sel, struct ip_finding_row *r)
{
	memset(r, 0, sizeof *r);
	r->context = (unsigned)sqlite3_column_int(st, 0);
	r->format = col(st, 1);
	r->lo = (unsigned)sqlite3_column_int(st, 2);
	r->hi = (unsigned)sqlite3_column_int(st, 3);
	r->kind = col(st, 4);
	r->details = col(st, 5);
	r->confidence = sqlite3_column_double(st, 6);
	r->support = sqlite3_column_int64(st, 7);
	r->against = sqlite3_column_int64(st, 8);
	r->variants = sqlite3_column_int64(st, 9);
	r->first_seen = sqlite3_column_int64(st, 10);
	r->last_seen = sqlite3_column_int64(st, 11);
	r->input = col(st, 12);
	r->index = col(st, 13);
	r->output = col(st, 14);
	r->direction = col(st, 15);
	r->must_be = col(st, 16);
	r->values = col(st, 17);
	r->bits = col(st, 18);
	r->is_signed = sqlite3_column_int(st, 19);
	r->scale = col(st, 20);
	r->when = col(st, 21);
	r->via = col(st, 22);
	r->of = col(st, 23);
	r->selects = col(st, 24);
	r->record = col(st, 25);
	r->reads_zero = col(st, 26);
	r->other_readings = col(st, 27);
	r->written = sqlite3_column_int(st, 28);
	r->summary = col(st, 29);
	r->meanings = col(st, 30);
	r->unmodeled = col(st, 31);
	r->runner = col(st, 32);
	r->seed_value = col(st, 33);
	r->not_run = col(st, 34);
	r->unmodeled_more = sqlite3_column_int(st, 35);
	r->bundle = (unsigned)sqlite3_column_int(st, 36);
	r->slot = (unsigned)sqlite3_column_int(st, 37);
	r->cond = col(st, 38);
	r->names = col(st, 39);
	r->alike = col(st, 40);
	r->negated = sqlite3_column_int(st, 41);
	r->per_unit = col(st, 42);
	r->has_values_seen = sqlite3_column_type(st, 43) != SQLITE_NULL;
	r->values_seen = sqlite3_column_int(st, 43);
	r->register_bits = col(st, 44);
	r->examples = col(st, 45);
	r->id = sqlite3_column_int64(st, 46);
	r->probe_id = sqlite3_column_int64(st, 47);
	if (sel == IP_FINDINGS_ALL || sel == IP_FINDINGS_OF_ISA) {
		r->probe = col(st, FINDING_NCOLS);
		r->isa = col(st, FINDING_NCOLS + 1);
	}
	if (sel == IP_FINDINGS_OF_ISA) {
		r->label = col(st, FINDING_NCOLS + 2);
		r->device_runner = col(st, FINDING_NCOLS + 3);
		r->device_model = col(st, FINDING_NCOLS + 4);
		r->runs = sqlite3_column_int64(st, FINDING_NCOLS + 5);
	}
}

int ip_store_findings_read(struct ip_store *s, const struct ip_findings_query *q,
                           ip_finding_fn each, void *arg, struct ip_diag *d)
{
	static const char *const from[] = {
		[IP_FINDINGS_OF_PROBE] =
			" FROM finding f WHERE f.probe_id = ?1 AND f.first_seen >= ?2 ORDER BY f.context,"
			" f.bundle, f.slot, f.format, f.lo, f.cond, f.kind = 'model_differs', f.kind",
		[IP_FINDINGS_ALL] =
			", p.name, p.isa FROM finding f JOIN probe p ON p.id = f.probe_id ORDER BY p.isa,"
			" p.name, f.context, f.bundle, f.slot, f.format, f.lo, f.cond,"
			" f.kind = 'model_differs'",
		[IP_FINDINGS_BY_ID] = " FROM finding f ORDER BY f.id",
		[IP_FINDINGS_OF_ISA] =
			", p.name, p.isa, coalesce((SELECT x.label FROM context x WHERE x.campaign_id ="
			" f.last_seen AND x.idx = f.context), f.context), dv.runner, dv.model,"
			" coalesce(json_extract(f.details, '$.runs'), f.support + f.against)"
			" FROM finding f JOIN probe p ON p.id = f.probe_id JOIN campaign c ON"
			" c.id = f.last_seen JOIN device dv ON dv.id = c.device_id WHERE p.isa = ?3 AND"
			" (?4 IS NULL OR p.name = ?4) AND f.kind <> 'model_differs' ORDER BY p.name,"
			" f.context, f.bundle, f.slot, f.format, f.lo, f.kind",
	};
	sqlite3_stmt *st = NULL;
	struct ip_finding_row r;
	char *sql = sqlite3_mprintf("SELECT %s%s", finding_cols, from[q->select]);
	int rc, stop = 0;
	if (!sql)
		return ip_diag_plain(d, "out of memory");
	rc = sqlite3_prepare_v2(s->db, sql, -1, &st, NULL);
	sqlite3_free(sql);
	if (rc != SQLITE_OK)
		return sql_error(s->db, d, q->what ? q->what : "reading the findings");
	if (q->select == IP_FINDINGS_OF_PROBE) {
		sqlite3_bind_int64(st, 1, q->probe_id);
		sqlite3_bind_int64(st, 2, q->since);
	} else if (q->select == IP_FINDINGS_OF_ISA) {
		sqlite3_bind_text(st, 3, q->isa, -1, SQLITE_STATIC);
		if (q->probe)
			sqlite3_bind_text(st, 4, q->probe, -1, SQLITE_STATIC);
	}
	while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		read_row(st, q->select, &r);
		stop = each(arg, &r, d);
	}
	sqlite3_finalize(st);
	if (stop)
		return stop;
	return rc == SQLITE_DONE ? 0 : sql_error(s->db, d, q->what ? q->what : "reading the findings");
}

int ip_store_finding_match(struct ip_store *s, const char *name, const struct ip_finding_row *f,
                           int any_kind, double *confidence, char **kind, char **details)
{
	sqlite3_stmt *st;
	int found = 0;
	if (sqlite3_prepare_v2(s->db,
	                       "SELECT f.confidence, f.kind, f.details FROM finding f JOIN probe p ON"
	                       " p.id = f.probe_id WHERE p.name = ?1 AND f.context = ?2 AND"
	                       " f.format = ?3 AND f.lo = ?4 AND f.hi = ?5 AND (?7 OR f.kind = ?6)"
	                       " AND f.bundle = ?8 AND f.slot = ?9 AND (?7 OR f.cond = ?10)",
	                       -1, &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, f->context);
	sqlite3_bind_text(st, 3, f->format, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 4, f->lo);
	sqlite3_bind_int64(st, 5, f->hi);
	sqlite3_bind_text(st, 6, f->kind, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 7, any_kind);
	sqlite3_bind_int64(st, 8, f->bundle);
	sqlite3_bind_int64(st, 9, f->slot);
	sqlite3_bind_text(st, 10, f->cond, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW) {
		found = 1;
		if (confidence)
			*confidence = sqlite3_column_double(st, 0);
		if (kind)
			*kind = dup(col(st, 1));
		if (details)
			*details = dup(col(st, 2));
	}
	sqlite3_finalize(st);
	return found;
}

struct sentence {
	sqlite3_int64 id;
	char *text, *verdict;
};

struct sentences {
	struct sentence *v;
	size_t n, cap;
	ip_sentence_fn fn;
	void *arg;
};

static int add_sentence(void *arg, const struct ip_finding_row *r, struct ip_diag *d)
{
	struct sentences *all = arg;
	(void)d;
	if (ip_grow((void **)&all->v, &all->cap, all->n + 1, sizeof *all->v))
		abort();
	all->fn(all->arg, r, &all->v[all->n].text, &all->v[all->n].verdict);
	all->v[all->n++].id = r->id;
	return 0;
}

static int sentences_fail(sqlite3 *db, struct ip_diag *d)
{
	return ip_diag_plain(d, "writing the findings' sentences: %s", sqlite3_errmsg(db));
}

int ip_store_findings_sentences(struct ip_store *s, ip_sentence_fn sentence, void *arg,
                                struct ip_diag *d)
{
	sqlite3 *db = s->db;
	sqlite3_stmt *st = NULL;
	struct sentences all = {NULL, 0, 0, sentence, arg};
	struct ip_findings_query q = {IP_FINDINGS_BY_ID, 0, 0, NULL, NULL, NULL};
	struct ip_diag ignored;
	int rc = -1;
	if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
		return sentences_fail(db, d);
	/* All read first, then written: the table is not changed under a running SELECT. */
	if (ip_store_findings_read(s, &q, add_sentence, &all, &ignored))
		goto out;
	if (sqlite3_prepare_v2(db,
	                       "UPDATE finding SET details = json_set(details, '$.sentence', ?1,"
	                       " '$.public_verdict', ?3) WHERE id = ?2 AND"
	                       " (json_extract(details, '$.sentence') IS NOT ?1 OR"
	                       " json_extract(details, '$.public_verdict') IS NOT ?3)",
	                       -1, &st, NULL) != SQLITE_OK)
		goto out;
	for (size_t i = 0; i < all.n; i++) {
		sqlite3_bind_text(st, 1, all.v[i].text, -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 2, all.v[i].id);
		sqlite3_bind_text(st, 3, all.v[i].verdict, -1, SQLITE_STATIC);
		if (sqlite3_step(st) != SQLITE_DONE)
			goto out;
		sqlite3_reset(st);
	}
	rc = 0;
out:
	if (rc)
		sentences_fail(db, d);
	sqlite3_finalize(st);
	if (sqlite3_exec(db, rc ? "ROLLBACK" : "COMMIT", NULL, NULL, NULL) != SQLITE_OK && !rc)
		rc = sentences_fail(db, d);
	for (size_t i = 0; i < all.n; i++) {
		free(all.v[i].text);
		free(all.v[i].verdict);
	}
	free(all.v);
	return rc;
}

void ip_store_json_diff(struct ip_store *s, const char *old, const char *now, const char *path,
                        ip_json_diff_fn each, void *arg)
{
	sqlite3_stmt *st;
	/* every key of either side with its old and new text, where they differ; a side without
	 * the map but with values the runner could not say has those as "unmodeled" */
#define SIDE(n) "(SELECT CASE WHEN json_extract(?" n ", ?3) IS NULL AND ?3 = '$.values' THEN" \
	" json_set(?" n ", '$.values', (SELECT json_group_object(value, 'unmodeled') FROM" \
	" json_each(?" n ", '$.unmodeled'))) ELSE ?" n " END)"
	static const char sql[] =
		"WITH o0(d) AS (SELECT " SIDE("1") "), n0(d) AS (SELECT " SIDE("2") ")"
		" SELECT k, o, n FROM (SELECT key AS k, (SELECT value FROM o0, json_each(o0.d, ?3) o"
		" WHERE o.key = n.key) AS o, value AS n FROM n0, json_each(n0.d, ?3) n UNION"
		" SELECT key, value, NULL FROM o0, json_each(o0.d, ?3) o WHERE NOT EXISTS"
		" (SELECT 1 FROM n0, json_each(n0.d, ?3) n WHERE n.key = o.key))"
		" WHERE o IS NOT n ORDER BY CAST(k AS INTEGER), k";
#undef SIDE
	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
		return;
	sqlite3_bind_text(st, 1, old, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, now, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, path, -1, SQLITE_STATIC);
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *k = col(st, 0), *o = col(st, 1), *n = col(st, 2);
		each(arg, k, sqlite3_column_type(st, 1) == SQLITE_NULL ? NULL : o,
		     sqlite3_column_type(st, 2) == SQLITE_NULL ? NULL : n);
	}
	sqlite3_finalize(st);
}

struct ip_details_reader {
	sqlite3_stmt *st;
};

int ip_details_reader_open(struct ip_store *s, struct ip_details_reader **r, struct ip_diag *d)
{
	sqlite3_stmt *st;
	*r = NULL;
	if (sqlite3_prepare_v2(s->db, "SELECT json_extract(?1, ?2)", -1, &st, NULL) != SQLITE_OK)
		return sql_error(s->db, d, "reading the findings' details");
	if (!(*r = malloc(sizeof **r)))
		abort();
	(*r)->st = st;
	return 0;
}

const char *ip_details_reader_get(struct ip_details_reader *r, const char *details,
                                  const char *path, char *buf, size_t n)
{
	const unsigned char *v;
	buf[0] = 0;
	sqlite3_reset(r->st);
	sqlite3_bind_text(r->st, 1, details, -1, SQLITE_STATIC);
	sqlite3_bind_text(r->st, 2, path, -1, SQLITE_STATIC);
	if (sqlite3_step(r->st) == SQLITE_ROW && (v = sqlite3_column_text(r->st, 0)))
		snprintf(buf, n, "%s", (const char *)v);
	return buf;
}

void ip_details_reader_close(struct ip_details_reader *r)
{
	if (!r)
		return;
	sqlite3_finalize(r->st);
	free(r);
}

int ip_store_probe_ran(struct ip_store *s, const char *name, struct ip_diag *d)
{
	sqlite3_stmt *st;
	int rc;
	if (sqlite3_prepare_v2(s->db, "SELECT EXISTS (SELECT 1 FROM campaign c JOIN probe p ON"
	                              " p.id = c.probe_id WHERE p.name = ?1)", -1, &st,
	                       NULL) != SQLITE_OK)
		return sql_error(s->db, d, "reading the campaigns");
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	rc = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
	if (rc < 0)
		sql_error(s->db, d, "reading the campaigns");
	sqlite3_finalize(st);
	return rc;
}

/* The devices of the campaigns of the probes p (an SQL condition on c.probe_id). */
#define DEVICE_SQL(p)                                                                       \
	"(SELECT group_concat(dev, ', ') FROM (SELECT DISTINCT d.runner || ':' || d.model ||"  \
	" CASE d.host WHEN '' THEN '' ELSE '@' || d.host END AS dev FROM campaign c JOIN device d" \
	" ON d.id = c.device_id WHERE c.probe_id " p " ORDER BY dev))"

char *ip_store_probe_devices(struct ip_store *s, const char *name)
{
	sqlite3_stmt *st;
	char *text = NULL;
	if (sqlite3_prepare_v2(s->db, "SELECT " DEVICE_SQL("IN (SELECT id FROM probe WHERE name = ?1)"),
	                       -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
		if (sqlite3_step(st) == SQLITE_ROW)
			text = dup(col(st, 0));
	}
	sqlite3_finalize(st);
	return text ? text : dup("");
}

char *ip_store_probes_devices(struct ip_store *s, const int64_t *ids, size_t n)
{
	sqlite3_stmt *st;
	char *list = malloc(n * 21 + 1), *sql, *text = NULL;
	size_t len = 0;
	if (!list)
		abort();
	list[0] = 0;
	for (size_t i = 0; i < n; i++) /* numbers: safe to write into the SQL */
		len += (size_t)sprintf(list + len, "%s%lld", i ? "," : "", (long long)ids[i]);
	sql = sqlite3_mprintf("SELECT " DEVICE_SQL("IN (%s)"), list);
	if (sql && sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) == SQLITE_OK) {
		if (sqlite3_step(st) == SQLITE_ROW)
			text = dup(col(st, 0));
		sqlite3_finalize(st);
	}
	sqlite3_free(sql);
	free(list);
	return text ? text : dup("");
}

int ip_store_contents(struct ip_store *s, struct ip_diag *d)
{
	sqlite3_stmt *st;
	int rc, what = 0;
	/* runs are looked for only when there is no finding: `run` is a view of every block */
	if (sqlite3_prepare_v2(s->db, "SELECT CASE WHEN EXISTS (SELECT 1 FROM finding) THEN 1"
	                              " WHEN EXISTS (SELECT 1 FROM run) THEN 2 ELSE 0 END", -1, &st,
	                       NULL) != SQLITE_OK)
		return sql_error(s->db, d, "reading the findings");
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		what = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? what : sql_error(s->db, d, "reading the findings");
}

char *ip_store_probe_names(struct ip_store *s, int isas, struct ip_diag *d)
{
	sqlite3_stmt *st;
	char *text = NULL;
	if (sqlite3_prepare_v2(s->db, !isas ? "SELECT group_concat(name, ', ') FROM"
	                                      " (SELECT name FROM probe ORDER BY name)"
	                                    : "SELECT group_concat(isa, ', ') FROM"
	                                      " (SELECT DISTINCT isa FROM probe ORDER BY isa)",
	                       -1, &st, NULL) != SQLITE_OK) {
		sql_error(s->db, d, "reading the probes");
		return NULL;
	}
	if (sqlite3_step(st) == SQLITE_ROW)
		text = dup(col(st, 0));
	sqlite3_finalize(st);
	return text ? text : dup("");
}

int ip_store_context_seed(struct ip_store *s, int64_t camp, unsigned ctx, uint8_t **value,
                          size_t *len)
{
	sqlite3_stmt *st = NULL;
	int n;
	*value = NULL;
	*len = 0;
	if (sqlite3_prepare_v2(s->db, "SELECT seed_value FROM context WHERE campaign_id = ?1 AND"
	                              " idx = ?2", -1, &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_int64(st, 1, camp);
	sqlite3_bind_int(st, 2, (int)ctx);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) == SQLITE_BLOB &&
	    (n = sqlite3_column_bytes(st, 0)) > 0) {
		if (!(*value = malloc((size_t)n)))
			abort();
		memcpy(*value, sqlite3_column_blob(st, 0), (size_t)n);
		*len = (size_t)n;
	}
	sqlite3_finalize(st);
	return 0;
}

int ip_store_slot_targets(struct ip_store *s, int64_t camp, const char *format, unsigned bundle,
                          unsigned slot, struct ip_stored_target **t, size_t *n)
{
	sqlite3_stmt *st = NULL;
	size_t cap = 0;
	*t = NULL;
	*n = 0;
	if (sqlite3_prepare_v2(s->db, "SELECT value_lo, width, lo FROM target WHERE campaign_id = ?1"
	                              " AND format = ?2 AND bundle = ?3 AND slot = ?4",
	                       -1, &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_int64(st, 1, camp);
	sqlite3_bind_text(st, 2, format, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 3, (int)bundle);
	sqlite3_bind_int(st, 4, (int)slot);
	while (sqlite3_step(st) == SQLITE_ROW) {
		struct ip_stored_target *x;
		if (ip_grow((void **)t, &cap, *n + 1, sizeof **t))
			abort();
		x = &(*t)[(*n)++];
		memset(x, 0, sizeof *x);
		x->value_lo = sqlite3_column_int64(st, 0);
		x->width = sqlite3_column_int64(st, 1);
		x->lo = sqlite3_column_int64(st, 2);
		x->bundle = bundle;
		x->slot = slot;
	}
	sqlite3_finalize(st);
	return 0;
}

char *ip_store_campaign_text(struct ip_store *s, int64_t camp)
{
	sqlite3_stmt *st = NULL;
	char *text = NULL;
	if (sqlite3_prepare_v2(s->db, "SELECT probe_text FROM campaign WHERE id = ?1", -1, &st,
	                       NULL) != SQLITE_OK)
		return NULL;
	sqlite3_bind_int64(st, 1, camp);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) == SQLITE_TEXT)
		text = dup(col(st, 0));
	sqlite3_finalize(st);
	return text;
}
