/* report_model.c: builds what a report shows from the database: each probe's findings (only
 * those first seen since a campaign, or those new/changed/gone vs an older database), a line
 * describing each, what the field table's notes say of the same bits, and per-bit effects. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
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

static void read_finding(struct ip_store *s, const struct ip_finding_row *r,
                         struct rp_public_cache *c, struct rp_finding *f)
{
	memset(f, 0, sizeof *f);
	f->context = r->context;
	f->format = dup(r->format);
	f->lo = r->lo;
	f->hi = r->hi;
	f->kind = dup(r->kind);
	f->details = dup(r->details);
	f->confidence = r->confidence;
	f->support = r->support;
	f->against = r->against;
	f->variants = r->variants;
	f->first_seen = r->first_seen;
	f->last_seen = r->last_seen;
	f->bundle = r->bundle;
	f->slot = r->slot;
	f->cond = dup(r->cond);
	f->what = rp_describe(f->kind, r);
	f->examples = rp_examples(r->examples);
	f->notes = notes(f->format, f->lo, f->hi);
	f->verdict = rp_public_row(s, r, c, &f->public_text);
}

static void push(struct rp_probe *p, const struct rp_finding *f)
{
	if (ip_grow((void **)&p->f, &p->f_cap, p->nf + 1, sizeof *p->f))
		abort();
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
struct values_diff {
	struct strbuf *b;
	size_t m;
	unsigned shown;
};

static void value_changed(void *arg, const char *k, const char *o, const char *n)
{
	struct values_diff *v = arg;
	struct strbuf *b = v->b;
	if (v->shown >= 8)
		return;
	sb_printf(b, "%s%s%s ", b->len ? (v->shown ? ", " : "; ") : "",
	          v->shown ? "" : v->m ? "names " : "values ", k);
	if (!o)
		sb_printf(b, "gained: %s", n);
	else if (!n)
		sb_printf(b, "lost: %s", o);
	else
		sb_printf(b, "%s -> %s", o, n);
	v->shown++;
}

static void values_diff(struct ip_store *db, const char *old, const char *now, struct strbuf *b)
{
	for (size_t m = 0; m < sizeof value_maps / sizeof value_maps[0]; m++) {
		struct values_diff v = {b, m, 0};
		ip_store_json_diff(db, old, now, value_maps[m], value_changed, &v);
	}
}

/* Compares f of probe `name` with db `other`: 0 absent, 1 same key; *conf its confidence.
 * With any_kind, matches the same bits whatever the kind and returns that kind in *kind.
 * *details (may be NULL) gets the old finding's details. */
static int lookup(struct ip_store *other, const char *name, const struct rp_finding *f,
                  int any_kind, double *conf, char **kind, char **details)
{
	struct ip_finding_row r;
	memset(&r, 0, sizeof r);
	r.context = f->context;
	r.format = f->format;
	r.lo = f->lo;
	r.hi = f->hi;
	r.kind = f->kind;
	r.bundle = f->bundle;
	r.slot = f->slot;
	r.cond = f->cond;
	return ip_store_finding_match(other, name, &r, any_kind, conf, kind, details);
}

static struct rp_probe *add_probe(struct rp_model *m, long long id, const char *name,
                                  const char *isa)
{
	struct rp_probe *p;
	if (ip_grow((void **)&m->p, &m->p_cap, m->np + 1, sizeof *m->p))
		abort();
	p = &m->p[m->np++];
	memset(p, 0, sizeof *p);
	p->id = id;
	p->name = dup(name);
	p->isa = dup(isa);
	return p;
}

/* What load_probe does with each finding of the probe. */
struct probe_load {
	struct ip_store *s;
	const struct ip_report_options *o;
	struct rp_probe *p;
	struct rp_public_cache cache;
};

static int probe_finding(void *arg, const struct ip_finding_row *r, struct ip_diag *d)
{
	struct probe_load *pl = arg;
	const struct ip_report_options *o = pl->o;
	struct rp_probe *p = pl->p;
	struct rp_finding f;
	double oc = 0;
	(void)d;
	read_finding(pl->s, r, &pl->cache, &f);
	if (o->old) {
		char *od = NULL;
		struct strbuf what;
		int same = lookup(o->old, p->name, &f, 0, &oc, NULL, &od);
		if (!same)
			lookup(o->old, p->name, &f, 1, NULL, &f.old_kind, &od);
		/* what changed: the values gained, lost or renamed, and the confidence */
		sb_init(&what);
		if (od)
			values_diff(pl->s, od, f.details, &what);
		free(od);
		if (same == 1 && fabs(oc - f.confidence) < 0.05 && !what.len) {
			sb_free(&what);
			free_finding(&f);
			return 0;
		}
		f.change = same == 1 ? "changed" : "new";
		f.old_confidence = oc;
		f.change_text = what.len ? sb_take(&what) : NULL;
		sb_free(&what);
	}
	push(p, &f);
	return 0;
}

static int load_probe(struct ip_store *s, const struct ip_report_options *o, struct rp_probe *p,
                      struct ip_diag *d)
{
	struct probe_load pl = {s, o, p, {0, NULL}};
	struct ip_findings_query q = {IP_FINDINGS_OF_PROBE, p->id, o->since, NULL, NULL, NULL};
	int rc;
	if (ip_infer_summary(s, p->id, &p->sum, d) < 0)
		return -1;
	rc = ip_store_findings_read(s, &q, probe_finding, &pl, d);
	rp_public_cache_free(&pl.cache);
	return rc ? -1 : 0;
}

/* A diff: the probes shown whose devices differ between the databases, grouped by change. */
static void device_changes(struct ip_store *s, const struct ip_report_options *o,
                           struct rp_model *m)
{
	for (size_t i = 0; i < m->np; i++) {
		char *before = ip_store_probe_devices(o->old, m->p[i].name),
		     *after = ip_store_probe_devices(s, m->p[i].name);
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
			rp_names_add(&c->probes, &c->nprobes, &c->probes_cap, m->p[i].name);
			free(before);
			free(after);
			continue;
		}
		if (ip_grow((void **)&m->devices, &m->devices_cap, m->ndevices + 1,
		            sizeof *m->devices))
			abort();
		c = &m->devices[m->ndevices++];
		c->before = before;
		c->after = after;
		c->probes = NULL;
		c->nprobes = c->probes_cap = 0;
		rp_names_add(&c->probes, &c->nprobes, &c->probes_cap, m->p[i].name);
	}
}

/* "acc_op on sim:mali400", "ls_loads, scalar_unk on sim:t760", "50 probes of a3xx, bifrost,
 * ... on sim:a320, ...": the probes of the database shown (--isa, --probe) and the devices of
 * their campaigns. */
static char *subject(struct ip_store *db, const struct rp_model *m)
{
	struct strbuf b, isas;
	size_t shown = 0;
	const char *last = NULL;
	int64_t *ids = calloc(m->np + 1, sizeof *ids);
	if (!ids)
		abort();
	sb_init(&b);
	sb_init(&isas);
	for (size_t i = 0; i < m->np; i++) {
		if (!m->p[i].id) /* only in the older database */
			continue;
		ids[shown++] = m->p[i].id;
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
	if (shown) {
		char *devices = ip_store_probes_devices(db, ids, shown);
		if (devices[0])
			sb_printf(&b, " on %s", devices);
		free(devices);
	}
	sb_free(&isas);
	free(ids);
	return sb_take(&b);
}

void rp_names_add(char ***names, size_t *n, size_t *cap, const char *name)
{
	if (ip_grow((void **)names, cap, *n + 1, sizeof **names))
		abort();
	(*names)[(*n)++] = dup(name);
}

int rp_change_index(const char *change)
{
	return !strcmp(change, "new") ? RP_CHANGE_NEW
	       : !strcmp(change, "changed") ? RP_CHANGE_CHANGED
	                                    : RP_CHANGE_GONE;
}

/* Findings of the old database that the new one no longer has. */
struct gone_load {
	struct ip_store *s, *old;
	const struct ip_report_options *o;
	struct rp_model *m;
	struct rp_public_cache cache;
	char *last;
};

static int gone_finding(void *arg, const struct ip_finding_row *r, struct ip_diag *d)
{
	struct gone_load *g = arg;
	const struct ip_report_options *o = g->o;
	struct rp_model *m = g->m;
	struct rp_finding f;
	struct rp_probe *p = NULL;
	const char *name = r->probe;
	int ran;
	if ((o->probe && strcmp(name, o->probe)) || (o->isa && strcmp(r->isa, o->isa)))
		return 0;
	if ((ran = ip_store_probe_ran(g->s, name, d)) < 0)
		return -1;
	if (!ran) { /* not run here: not compared (named once) */
		if (!g->last || strcmp(g->last, name)) {
			rp_names_add(&m->not_run, &m->nnot_run, &m->not_run_cap, name);
			free(g->last);
			g->last = dup(name);
		}
		return 0;
	}
	read_finding(g->old, r, &g->cache, &f);
	if (lookup(g->s, name, &f, 0, NULL, NULL, NULL) != 0) {
		free_finding(&f);
		return 0;
	}
	f.change = "gone";
	for (size_t i = 0; i < m->np && !p; i++)
		if (!strcmp(m->p[i].name, name))
			p = &m->p[i];
	if (!p)
		p = add_probe(m, 0, name, r->isa);
	push(p, &f);
	return 0;
}

static int load_gone(struct ip_store *s, const struct ip_report_options *o, struct rp_model *m,
                     struct ip_diag *d)
{
	struct gone_load g = {s, o->old, o, m, {0, NULL}, NULL};
	struct ip_findings_query q = {IP_FINDINGS_ALL, 0, 0, NULL, NULL,
	                               "reading the old findings"};
	int rc;
	if (ip_store_check_findings(o->old, d)) {
		d->file = o->old_title;
		return -1;
	}
	rc = ip_store_findings_read(o->old, &q, gone_finding, &g, d);
	free(g.last);
	rp_public_cache_free(&g.cache);
	return rc ? -1 : 0;
}

/* A database with no findings at all says why: nothing ran yet, or nothing was inferred. */
static int empty_hint(struct ip_store *db, struct rp_model *m, struct ip_diag *d)
{
	int what = ip_store_contents(db, d);
	if (what < 0)
		return -1;
	if (what != 1)
		m->hint = what == 2 ? "the database has runs but no findings: run `isaprobe infer --db "
		                      "FILE` first"
		                    : "no campaign has stored any runs in the database yet: run "
		                      "`isaprobe campaign PROBE --db FILE`, then `isaprobe infer`";
	return 0;
}

static int by_isa_name(const void *a, const void *b)
{
	const struct rp_probe *x = a, *y = b;
	int c = strcmp(x->isa, y->isa);
	return c ? c : strcmp(x->name, y->name);
}

/* --isa or --probe chose nothing: says so with what the database has. */
static int probe_missing(struct ip_store *db, const struct ip_report_options *o,
                         struct ip_diag *d)
{
	char *have = ip_store_probe_names(db, !o->probe, d);
	int rc;
	if (!have)
		return -1;
	if (o->probe && o->isa)
		rc = ip_diag_plain(d, "no probe named '%s' of ISA '%s' (probes: %s)", o->probe, o->isa,
		                   have[0] ? have : "none");
	else if (o->probe)
		rc = ip_diag_plain(d, "no probe named '%s' (probes: %s)", o->probe,
		                   have[0] ? have : "none");
	else
		rc = ip_diag_plain(d, "no probe of ISA '%s' (ISAs: %s)", o->isa,
		                   have[0] ? have : "none");
	free(have);
	return rc;
}

int rp_load(struct ip_store *s, const struct ip_report_options *o, struct rp_model *m,
            struct ip_diag *d)
{
	struct ip_probe_row *rows;
	size_t nrows;
	memset(m, 0, sizeof *m);
	m->o = o;
	if (ip_store_check_findings(s, d)) /* every value read below is checked first */
		return -1;
	/* probes of one ISA together, in the order of their ISA's name */
	if (ip_store_probe_list(s, o->isa, o->probe, &rows, &nrows, d))
		return -1;
	for (size_t i = 0; i < nrows; i++)
		add_probe(m, rows[i].id, rows[i].name, rows[i].isa);
	ip_probe_rows_free(rows, nrows);
	if (!m->np && (o->isa || o->probe) && probe_missing(s, o, d))
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
	m->subject = subject(s, m);
	return empty_hint(s, m, d);
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
