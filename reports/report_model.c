/* report_model.c: builds what a report shows from the database: each probe's findings (only
 * those first seen since a campaign, or those new/changed/gone vs an older database), a line
 * describing each, what the field table's notes say of the same bits, and per-bit effects. */
#include <math.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "isaprobe/field.h"
#include "isaprobe/isa.h"
#include "report_internal.h"

static char *dup(const char *s)
{
	char *p = strdup(s ? s : "");
	if (!p)
		abort();
	return p;
}

static int sql_fail(sqlite3 *db, struct ip_diag *d, const char *what)
{
	return ip_diag_plain(d, "%s: %s", what, sqlite3_errmsg(db));
}

#define col rp_col

/* What the field table says of bits lo-hi of format "isa.name" (presentation only). */
static char *notes(const char *format, unsigned lo, unsigned hi)
{
	char isa_name[64];
	const char *dot = strchr(format, '.');
	const struct ip_isa *isa;
	const struct ip_format *fmt;
	struct strbuf b;
	if (!dot || (size_t)(dot - format) >= sizeof isa_name)
		return dup("");
	memcpy(isa_name, format, (size_t)(dot - format));
	isa_name[dot - format] = 0;
	if (!(isa = ip_isa_find(isa_name)) || !(fmt = ip_isa_format(isa, dot + 1)))
		return dup("");
	sb_init(&b);
	for (unsigned i = 0; i < fmt->nfields; i++) {
		const struct ip_field *f = &fmt->fields[i];
		int seen = 0;
		if (f->lo > hi || f->lo + f->width <= lo)
			continue;
		for (unsigned j = 0; j < i; j++)
			seen |= !strcmp(fmt->fields[j].name, f->name) &&
			        !(fmt->fields[j].lo > hi || fmt->fields[j].lo + fmt->fields[j].width <= lo);
		if (seen)
			continue;
		if (f->width == 1)
			sb_printf(&b, "%s%s %u (%s)", b.len ? ", " : "", f->name, f->lo,
			          ip_doc_name(f->doc));
		else
			sb_printf(&b, "%s%s %u-%u (%s)", b.len ? ", " : "", f->name, f->lo,
			          f->lo + f->width - 1, ip_doc_name(f->doc));
	}
	return sb_take(&b);
}

#define FINDING_NCOLS 46 /* columns of finding_cols */
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
	" FROM json_each(f.details, '$.examples') e))";

const char *rp_finding_columns(void)
{
	return finding_cols;
}

char *rp_finding_what(sqlite3_stmt *st)
{
	return rp_describe(col(st, 4), st);
}

static void read_finding(sqlite3_stmt *st, struct rp_public_cache *c, struct rp_finding *f)
{
	memset(f, 0, sizeof *f);
	f->context = (unsigned)sqlite3_column_int(st, 0);
	f->format = dup(col(st, 1));
	f->lo = (unsigned)sqlite3_column_int(st, 2);
	f->hi = (unsigned)sqlite3_column_int(st, 3);
	f->kind = dup(col(st, 4));
	f->details = dup(col(st, 5));
	f->confidence = sqlite3_column_double(st, 6);
	f->support = sqlite3_column_int64(st, 7);
	f->against = sqlite3_column_int64(st, 8);
	f->variants = sqlite3_column_int64(st, 9);
	f->first_seen = sqlite3_column_int64(st, 10);
	f->last_seen = sqlite3_column_int64(st, 11);
	f->bundle = (unsigned)sqlite3_column_int(st, 36);
	f->slot = (unsigned)sqlite3_column_int(st, 37);
	f->cond = dup(col(st, 38));
	f->what = rp_describe(f->kind, st);
	f->examples = rp_examples(col(st, 45));
	f->notes = notes(f->format, f->lo, f->hi);
	f->verdict = rp_public_row(st, c, &f->public_text);
}

static void push(struct rp_probe *p, const struct rp_finding *f)
{
	if (!(p->nf & (p->nf - 1))) { /* grows by doubling: a power of two is full */
		p->f = realloc(p->f, (p->nf ? 2 * p->nf : 1) * sizeof *p->f);
		if (!p->f)
			abort();
	}
	p->f[p->nf] = *f;
	p->f[p->nf].order = p->nf;
	p->nf++;
}

/* The order the reports list findings in (the SQL's, kept for findings a diff adds). */
static int by_place(const void *a, const void *b)
{
	const struct rp_finding *x = a, *y = b;
	int c;
	if (x->context != y->context)
		return x->context < y->context ? -1 : 1;
	if (x->bundle != y->bundle)
		return x->bundle < y->bundle ? -1 : 1;
	if (x->slot != y->slot)
		return x->slot < y->slot ? -1 : 1;
	if ((c = strcmp(x->format, y->format)))
		return c;
	if (x->lo != y->lo)
		return x->lo < y->lo ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static void free_finding(struct rp_finding *f)
{
	free(f->format);
	free(f->cond);
	free(f->kind);
	free(f->details);
	free(f->what);
	free(f->notes);
	free(f->public_text);
	free(f->examples);
	free(f->old_kind);
	free(f->change_text);
}

/* The per-value members of a finding's details that a diff compares: the values' meanings,
 * their operations across contexts, the registers they name. */
static const char *const value_maps[] = {"$.values", "$.names"};

/* "5: unmodeled -> min, 7 gained: add, 2 lost: ..." for the members of value_maps that differ
 * between the old and new details (appended to b; nothing when none). Uses db's JSON. */
static void values_diff(sqlite3 *db, const char *old, const char *now, struct strbuf *b)
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
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return;
	for (size_t m = 0; m < sizeof value_maps / sizeof value_maps[0]; m++) {
		unsigned shown = 0;
		sqlite3_reset(st);
		sqlite3_bind_text(st, 1, old, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 2, now, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 3, value_maps[m], -1, SQLITE_STATIC);
		while (sqlite3_step(st) == SQLITE_ROW && shown < 8) {
			const char *k = col(st, 0), *o = col(st, 1), *n = col(st, 2);
			sb_printf(b, "%s%s%s ", b->len ? (shown ? ", " : "; ") : "",
			          shown ? "" : m ? "names " : "values ", k);
			if (sqlite3_column_type(st, 1) == SQLITE_NULL)
				sb_printf(b, "gained: %s", n);
			else if (sqlite3_column_type(st, 2) == SQLITE_NULL)
				sb_printf(b, "lost: %s", o);
			else
				sb_printf(b, "%s -> %s", o, n);
			shown++;
		}
	}
	sqlite3_finalize(st);
}

/* Compares f of probe `name` with db `other`: 0 absent, 1 same key; *conf its confidence.
 * With any_kind, matches the same bits whatever the kind and returns that kind in *kind.
 * *details (may be NULL) gets the old finding's details. */
static int lookup(sqlite3 *other, const char *name, const struct rp_finding *f, int any_kind,
                  double *conf, char **kind, char **details)
{
	sqlite3_stmt *st;
	int found = 0;
	if (sqlite3_prepare_v2(other,
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
		if (conf)
			*conf = sqlite3_column_double(st, 0);
		if (kind)
			*kind = dup(col(st, 1));
		if (details)
			*details = dup(col(st, 2));
	}
	sqlite3_finalize(st);
	return found;
}

static struct rp_probe *add_probe(struct rp_model *m, long long id, const char *name,
                                  const char *isa)
{
	struct rp_probe *p;
	m->p = realloc(m->p, (m->np + 1) * sizeof *m->p);
	if (!m->p)
		abort();
	p = &m->p[m->np++];
	memset(p, 0, sizeof *p);
	p->id = id;
	p->name = dup(name);
	p->isa = dup(isa);
	return p;
}

static int load_probe(struct ip_store *s, const struct ip_report_options *o, struct rp_probe *p,
                      struct ip_diag *d)
{
	sqlite3 *db = ip_store_sqlite(s);
	sqlite3 *old = o->old ? ip_store_sqlite(o->old) : NULL;
	struct rp_public_cache cache = {0, NULL};
	sqlite3_stmt *st;
	char sql[4096];
	int rc;
	if (ip_infer_summary(s, p->id, &p->sum, d) < 0)
		return -1;
	snprintf(sql, sizeof sql, "SELECT %s FROM finding f WHERE f.probe_id = ?1 AND"
	                          " f.first_seen >= ?2 ORDER BY f.context, f.bundle, f.slot, f.format,"
	                          " f.lo, f.cond, f.kind = 'model_differs', f.kind",
	         finding_cols);
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return sql_fail(db, d, "reading the findings");
	sqlite3_bind_int64(st, 1, p->id);
	sqlite3_bind_int64(st, 2, o->since);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct rp_finding f;
		double oc = 0;
		read_finding(st, &cache, &f);
		if (old) {
			char *od = NULL;
			struct strbuf what;
			int same = lookup(old, p->name, &f, 0, &oc, NULL, &od);
			if (!same)
				lookup(old, p->name, &f, 1, NULL, &f.old_kind, &od);
			/* what changed: the values gained, lost or renamed, and the confidence */
			sb_init(&what);
			if (od)
				values_diff(db, od, f.details, &what);
			free(od);
			if (same == 1 && fabs(oc - f.confidence) < 0.05 && !what.len) {
				sb_free(&what);
				free_finding(&f);
				continue;
			}
			f.change = same == 1 ? "changed" : "new";
			f.old_confidence = oc;
			f.change_text = what.len ? sb_take(&what) : NULL;
			sb_free(&what);
		}
		push(p, &f);
	}
	sqlite3_finalize(st);
	rp_public_cache_free(&cache);
	if (rc != SQLITE_DONE)
		return sql_fail(db, d, "reading the findings");
	return 0;
}

/* Whether db has a campaign of the probe named name: 1, 0, or -1 on error. */
static int probe_ran(sqlite3 *db, const char *name)
{
	sqlite3_stmt *st;
	int rc;
	if (sqlite3_prepare_v2(db, "SELECT EXISTS (SELECT 1 FROM campaign c JOIN probe p ON"
	                           " p.id = c.probe_id WHERE p.name = ?1)", -1, &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	rc = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
	sqlite3_finalize(st);
	return rc;
}

/* The devices of the campaigns of the probe named name ("sim:t760, drm:t760@b"), malloc'd:
 * "" when it has none. */
#define DEVICE_SQL(p)                                                                       \
	"(SELECT group_concat(dev, ', ') FROM (SELECT DISTINCT d.runner || ':' || d.model ||"  \
	" CASE d.host WHEN '' THEN '' ELSE '@' || d.host END AS dev FROM campaign c JOIN device d" \
	" ON d.id = c.device_id WHERE c.probe_id " p " ORDER BY dev))"
static char *probe_devices(sqlite3 *db, const char *name)
{
	sqlite3_stmt *st;
	char *s = NULL;
	if (sqlite3_prepare_v2(db, "SELECT " DEVICE_SQL("IN (SELECT id FROM probe WHERE name = ?1)"),
	                       -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
		if (sqlite3_step(st) == SQLITE_ROW)
			s = dup(col(st, 0));
	}
	sqlite3_finalize(st);
	return s ? s : dup("");
}

/* A diff: the probes shown whose devices differ between the databases, grouped by change. */
static void device_changes(struct ip_store *s, const struct ip_report_options *o,
                           struct rp_model *m)
{
	sqlite3 *db = ip_store_sqlite(s), *old = ip_store_sqlite(o->old);
	for (size_t i = 0; i < m->np; i++) {
		char *before = probe_devices(old, m->p[i].name), *after = probe_devices(db, m->p[i].name);
		struct rp_device_change *c = NULL;
		if (!before[0] || !after[0] || !strcmp(before, after)) {
			free(before);
			free(after);
			continue;
		}
		for (size_t k = 0; k < m->ndevices && !c; k++)
			if (!strcmp(m->devices[k].before, before) && !strcmp(m->devices[k].after, after))
				c = &m->devices[k];
		if (c) {
			rp_names_add(&c->probes, &c->nprobes, m->p[i].name);
			free(before);
			free(after);
			continue;
		}
		m->devices = realloc(m->devices, (m->ndevices + 1) * sizeof *m->devices);
		if (!m->devices)
			abort();
		c = &m->devices[m->ndevices++];
		c->before = before;
		c->after = after;
		c->probes = NULL;
		c->nprobes = 0;
		rp_names_add(&c->probes, &c->nprobes, m->p[i].name);
	}
}

/* "acc_op on sim:mali400", "ls_loads, scalar_unk on sim:t760", "50 probes of a3xx, bifrost,
 * ... on sim:a320, ...": the probes of the database shown (--isa, --probe) and the devices of
 * their campaigns. */
static char *subject(sqlite3 *db, const struct rp_model *m)
{
	struct strbuf b, isas, ids;
	size_t shown = 0;
	const char *last = NULL;
	sqlite3_stmt *st;
	sb_init(&b);
	sb_init(&isas);
	sb_init(&ids);
	for (size_t i = 0; i < m->np; i++) {
		if (!m->p[i].id) /* only in the older database */
			continue;
		shown++;
		if (m->p[i].id)
			sb_printf(&ids, "%s%lld", ids.len ? "," : "", m->p[i].id);
		if (!last || strcmp(m->p[i].isa, last)) /* probes are sorted by ISA */
			sb_printf(&isas, "%s%s", isas.len ? ", " : "", last = m->p[i].isa);
	}
	if (!shown) {
		sb_puts(&b, "no probes");
	} else if (shown <= 3) {
		for (size_t i = 0, k = 0; i < m->np; i++)
			if (m->p[i].id)
				sb_printf(&b, "%s%s", k++ ? ", " : "", m->p[i].name);
	} else {
		sb_printf(&b, "%zu probes of %s", shown, isas.s);
	}
	if (ids.len) { /* probe ids are numbers: the list is safe to write into the SQL */
		char *sql = sqlite3_mprintf("SELECT " DEVICE_SQL("IN (%s)"), ids.s);
		if (sql && sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK) {
			if (sqlite3_step(st) == SQLITE_ROW && col(st, 0)[0])
				sb_printf(&b, " on %s", col(st, 0));
			sqlite3_finalize(st);
		}
		sqlite3_free(sql);
	}
	sb_free(&isas);
	sb_free(&ids);
	return sb_take(&b);
}

void rp_names_add(char ***names, size_t *n, const char *name)
{
	char **grown = realloc(*names, (*n + 1) * sizeof *grown);
	if (!grown)
		abort();
	grown[(*n)++] = dup(name);
	*names = grown;
}

int rp_change_index(const char *change)
{
	return !strcmp(change, "new") ? RP_CHANGE_NEW
	       : !strcmp(change, "changed") ? RP_CHANGE_CHANGED
	                                    : RP_CHANGE_GONE;
}

/* Findings of the old database that the new one no longer has. */
static int load_gone(struct ip_store *s, const struct ip_report_options *o, struct rp_model *m,
                     struct ip_diag *d)
{
	sqlite3 *old = ip_store_sqlite(o->old), *db = ip_store_sqlite(s);
	struct rp_public_cache cache = {0, NULL};
	sqlite3_stmt *st;
	char sql[4096], *last = NULL;
	int rc;
	if (ip_store_check_findings(old, d)) {
		d->file = o->old_title;
		return -1;
	}
	snprintf(sql, sizeof sql, "SELECT %s, p.name, p.isa FROM finding f JOIN probe p ON"
	                          " p.id = f.probe_id ORDER BY p.isa, p.name, f.context, f.bundle, f.slot,"
	                          " f.format, f.lo, f.cond, f.kind = 'model_differs'",
	         finding_cols);
	if (sqlite3_prepare_v2(old, sql, -1, &st, NULL) != SQLITE_OK)
		return sql_fail(old, d, "reading the old findings");
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct rp_finding f;
		struct rp_probe *p = NULL;
		const char *name = col(st, FINDING_NCOLS);
		int ran;
		if ((o->probe && strcmp(name, o->probe)) ||
		    (o->isa && strcmp(col(st, FINDING_NCOLS + 1), o->isa)))
			continue;
		if ((ran = probe_ran(db, name)) < 0) {
			sqlite3_finalize(st);
			return sql_fail(db, d, "reading the campaigns");
		}
		if (!ran) { /* not run here: not compared (named once) */
			if (!last || strcmp(last, name)) {
				rp_names_add(&m->not_run, &m->nnot_run, name);
				free(last);
				last = dup(name);
			}
			continue;
		}
		read_finding(st, &cache, &f);
		if (lookup(db, name, &f, 0, NULL, NULL, NULL) != 0) {
			free_finding(&f);
			continue;
		}
		f.change = "gone";
		for (size_t i = 0; i < m->np && !p; i++)
			if (!strcmp(m->p[i].name, name))
				p = &m->p[i];
		if (!p)
			p = add_probe(m, 0, name, col(st, FINDING_NCOLS + 1));
		push(p, &f);
	}
	sqlite3_finalize(st);
	free(last);
	rp_public_cache_free(&cache);
	return rc == SQLITE_DONE ? 0 : sql_fail(old, d, "reading the old findings");
}

/* A database with no findings at all says why: nothing ran yet, or nothing was inferred. */
static int empty_hint(sqlite3 *db, struct rp_model *m, struct ip_diag *d)
{
	sqlite3_stmt *st;
	int rc;
	/* runs are looked for only when there is no finding: `run` is a view of every block */
	if (sqlite3_prepare_v2(db, "SELECT CASE WHEN EXISTS (SELECT 1 FROM finding) THEN 1"
	                           " WHEN EXISTS (SELECT 1 FROM run) THEN 2 ELSE 0 END", -1, &st,
	                       NULL) != SQLITE_OK)
		return sql_fail(db, d, "reading the findings");
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW && sqlite3_column_int(st, 0) != 1)
		m->hint = sqlite3_column_int(st, 0) == 2
		                  ? "the database has runs but no findings: run `isaprobe infer --db "
		                    "FILE` first"
		                  : "no campaign has stored any runs in the database yet: run "
		                    "`isaprobe campaign PROBE --db FILE`, then `isaprobe infer`";
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? 0 : sql_fail(db, d, "reading the findings");
}

static int by_isa_name(const void *a, const void *b)
{
	const struct rp_probe *x = a, *y = b;
	int c = strcmp(x->isa, y->isa);
	return c ? c : strcmp(x->name, y->name);
}

/* --isa or --probe chose nothing: says so with what the database has. */
static int probe_missing(sqlite3 *db, const struct ip_report_options *o, struct ip_diag *d)
{
	sqlite3_stmt *st;
	struct strbuf have;
	int rc;
	if (sqlite3_prepare_v2(db, o->probe ? "SELECT group_concat(name, ', ') FROM"
	                                      " (SELECT name FROM probe ORDER BY name)"
	                                    : "SELECT group_concat(isa, ', ') FROM"
	                                      " (SELECT DISTINCT isa FROM probe ORDER BY isa)",
	                       -1, &st, NULL) != SQLITE_OK)
		return sql_fail(db, d, "reading the probes");
	sb_init(&have);
	if (sqlite3_step(st) == SQLITE_ROW)
		sb_puts(&have, col(st, 0));
	sqlite3_finalize(st);
	if (o->probe && o->isa)
		rc = ip_diag_plain(d, "no probe named '%s' of ISA '%s' (probes: %s)", o->probe, o->isa,
		                   have.len ? have.s : "none");
	else if (o->probe)
		rc = ip_diag_plain(d, "no probe named '%s' (probes: %s)", o->probe,
		                   have.len ? have.s : "none");
	else
		rc = ip_diag_plain(d, "no probe of ISA '%s' (ISAs: %s)", o->isa,
		                   have.len ? have.s : "none");
	sb_free(&have);
	return rc;
}

int rp_load(struct ip_store *s, const struct ip_report_options *o, struct rp_model *m,
            struct ip_diag *d)
{
	sqlite3 *db = ip_store_sqlite(s);
	sqlite3_stmt *st;
	int rc;
	memset(m, 0, sizeof *m);
	m->o = o;
	if (ip_store_check_findings(db, d)) /* every value read below is checked first */
		return -1;
	/* probes of one ISA together, in the order of their ISA's name */
	if (sqlite3_prepare_v2(db, "SELECT id, name, isa FROM probe WHERE (?1 IS NULL OR isa = ?1)"
	                           " AND (?2 IS NULL OR name = ?2) ORDER BY isa, name", -1, &st,
	                       NULL) != SQLITE_OK)
		return sql_fail(db, d, "reading the probes");
	sqlite3_bind_text(st, 1, o->isa, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, o->probe, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		add_probe(m, sqlite3_column_int64(st, 0), col(st, 1), col(st, 2));
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return sql_fail(db, d, "reading the probes");
	if (!m->np && (o->isa || o->probe) && probe_missing(db, o, d))
		return -1;
	for (size_t i = 0; i < m->np; i++)
		if (load_probe(s, o, &m->p[i], d))
			return -1;
	if (o->old && load_gone(s, o, m, d))
		return -1;
	if (m->np) /* gone probes were added at the end (qsort wants an array, even of none) */
		qsort(m->p, m->np, sizeof *m->p, by_isa_name);
	for (size_t i = 0; i < m->np; i++)
		if (m->p[i].nf)
			qsort(m->p[i].f, m->p[i].nf, sizeof *m->p[i].f, by_place);
	for (size_t i = 0; i < m->np; i++) {
		m->nfindings += m->p[i].nf;
		for (size_t j = 0; j < m->p[i].nf; j++) {
			const struct rp_finding *f = &m->p[i].f[j];
			m->verdicts[f->verdict]++;
			if (f->change) {
				int c = rp_change_index(f->change);
				m->changes[c]++;
				if (c != RP_CHANGE_GONE)
					m->changed_verdicts[f->verdict]++;
			}
		}
	}
	if (o->old)
		device_changes(s, o, m);
	m->subject = subject(db, m);
	return empty_hint(db, m, d);
}

void rp_free(struct rp_model *m)
{
	for (size_t i = 0; i < m->np; i++) {
		for (size_t j = 0; j < m->p[i].nf; j++)
			free_finding(&m->p[i].f[j]);
		free(m->p[i].f);
		free(m->p[i].name);
		free(m->p[i].isa);
		ip_infer_probe_free(m->p[i].sum);
	}
	for (size_t i = 0; i < m->ndevices; i++) {
		free(m->devices[i].before);
		free(m->devices[i].after);
		for (size_t k = 0; k < m->devices[i].nprobes; k++)
			free(m->devices[i].probes[k]);
		free(m->devices[i].probes);
	}
	free(m->devices);
	for (size_t k = 0; k < m->nnot_run; k++)
		free(m->not_run[k]);
	free(m->not_run);
	free(m->subject);
	free(m->p);
	memset(m, 0, sizeof *m);
}

const struct ip_infer_context *rp_context(const struct rp_probe *p, unsigned idx)
{
	if (!p->sum)
		return NULL;
	for (size_t i = 0; i < p->sum->ncontexts; i++)
		if (p->sum->contexts[i].idx == idx)
			return &p->sum->contexts[i];
	return NULL;
}

size_t rp_context_end(const struct rp_probe *p, size_t start)
{
	size_t end = start;
	while (end < p->nf && p->f[end].context == p->f[start].context)
		end++;
	return end;
}

size_t rp_contexts(const struct rp_probe *p, unsigned *out)
{
	size_t n = 0;
	for (size_t i = 0; i < p->nf && n < 256; i = rp_context_end(p, i))
		out[n++] = p->f[i].context;
	return n;
}
