/* infer_models.c: the same probe on other GPU models: each field inferred on the newest
 * campaign's model whose values give other outcomes on another model is a "model_differs" finding. */
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "infer_data.h"
#include "isaprobe/word.h"
#include "isaprobe/store.h"

/* "ok", "fault 0x81", "unmodeled", ... */
static void outcome_text(struct strbuf *b, const struct inf_outcome *o)
{
	sb_puts(b, ip_status_name((enum ip_status)o->status));
	if (o->fault)
		sb_printf(b, " 0x%x", (unsigned)o->fault);
}

/* The format bit number of value bit a (the value's own number outside every target). */
static unsigned format_bit(const struct inf_data *data, unsigned a)
{
	struct inf_place at;
	inf_place(data, a, 1, &at);
	return at.lo;
}

static const struct inf_context *context_of(const struct inf_data *data, unsigned idx)
{
	for (size_t i = 0; i < data->nctx; i++)
		if (data->ctx[i].idx == idx)
			return &data->ctx[i];
	return NULL;
}

/* A run of field values [v0, v1] whose outcomes read the same here and there. */
struct span {
	uint64_t v0, v1;
	char *here, *there;
};

static void add_span(struct span **sp, size_t *n, size_t *cap, uint64_t fv, const char *here,
                     const char *there)
{
	struct span *last = *n ? &(*sp)[*n - 1] : NULL;
	if (last && last->v1 + 1 == fv && !strcmp(last->here, here) && !strcmp(last->there, there)) {
		last->v1 = fv;
		return;
	}
	if (ip_grow((void **)sp, cap, *n + 1, sizeof **sp))
		abort();
	(*sp)[*n].v0 = (*sp)[*n].v1 = fv;
	(*sp)[*n].here = strdup(here);
	(*sp)[*n].there = strdup(there);
	if (!(*sp)[*n].here || !(*sp)[*n].there)
		abort();
	(*n)++;
}

/* One field f of `data` against the same context of `other`: appends the differing values
 * to js (JSON) and sum (text); returns how many values differ, *compared the values run on
 * both, *runs their runs, *against their minority runs. */
static unsigned compare_field(const struct inf_data *data, const struct inf_data *other,
                              const struct inf_findings *ofs, const struct inf_finding *f,
                              struct strbuf *js, struct strbuf *sum, uint64_t *compared,
                              uint64_t *runs, uint64_t *against)
{
	const struct inf_context *c = context_of(data, f->context);
	const struct inf_context *oc = context_of(other, f->context);
	uint64_t mask = ip_mask64(f->w) << f->a;
	struct span *sp = NULL;
	size_t nsp = 0, sp_cap = 0;
	unsigned ndiff = 0;
	if (!c || !oc)
		return 0;
	for (size_t i = 0; i < c->nv; i++) { /* the variants kept for it (inf_keep_variants) */
		const struct inf_variant *v = &c->v[i], *w;
		const struct inf_outcome *x, *y;
		struct strbuf h, t;
		if ((v->value & ~mask) != (c->seed & ~mask) || !(w = inf_find(oc, v->value)))
			continue;
		(*compared)++;
		x = &data->oc[v->oc];
		y = &other->oc[w->oc];
		if (x->id == y->id)
			continue;
		ndiff++;
		*runs += v->runs + w->runs;
		*against += v->against + w->against;
		sb_init(&h);
		sb_init(&t);
		outcome_text(&h, x);
		outcome_text(&t, y);
		if (x->status == IP_STATUS_OK && y->status == IP_STATUS_OK)
			sb_puts(&t, " with other outputs");
		add_span(&sp, &nsp, &sp_cap, (v->value & mask) >> f->a, h.s, t.s);
		sb_free(&h);
		sb_free(&t);
	}
	if (!ndiff)
		goto out;
	sb_printf(js, "{\"device\":\"%s:%s\",\"values\":[", other->runner, other->model);
	if (sum->len)
		sb_puts(sum, "; ");
	for (size_t i = 0; i < nsp; i++) {
		sb_printf(js, "%s{\"from\":%llu,\"to\":%llu,\"here\":", i ? "," : "",
		          (unsigned long long)sp[i].v0, (unsigned long long)sp[i].v1);
		sb_json_str(js, sp[i].here);
		sb_puts(js, ",\"there\":");
		sb_json_str(js, sp[i].there);
		sb_puts(js, "}");
		if (i < 6) {
			sb_printf(sum, "%s%s %llu", i ? "; " : "", sp[i].v0 == sp[i].v1 ? "value" : "values",
			          (unsigned long long)sp[i].v0);
			if (sp[i].v1 != sp[i].v0)
				sb_printf(sum, "-%llu", (unsigned long long)sp[i].v1);
			sb_printf(sum, ": %s on %s %s, %s on %s %s", sp[i].here, data->runner, data->model,
			          sp[i].there, other->runner, other->model);
		} else if (i == 6)
			sb_puts(sum, "; ...");
	}
	/* what the other model's own inference makes of these bits */
	sb_puts(js, "],\"inferred\":\"");
	sb_printf(sum, " (%s %s alone infers", other->runner, other->model);
	for (size_t i = 0, k = 0; i < ofs->n; i++) {
		const struct inf_finding *g = &ofs->f[i];
		if (g->context != f->context || g->a >= f->a + f->w || g->a + g->w <= f->a)
			continue;
		unsigned lo = format_bit(other, g->a), hi = format_bit(other, g->a + g->w - 1);
		char bits[32];
		if (lo == hi)
			snprintf(bits, sizeof bits, "%u", lo);
		else
			snprintf(bits, sizeof bits, "%u-%u", lo, hi);
		sb_printf(js, "%s%s %s", k ? ", " : "", bits, g->kind);
		sb_printf(sum, "%s %s: %s", k ? "," : "", bits, g->kind);
		k++;
	}
	sb_puts(js, "\"}");
	sb_puts(sum, ")");
out:
	for (size_t i = 0; i < nsp; i++) {
		free(sp[i].here);
		free(sp[i].there);
	}
	free(sp);
	return ndiff;
}

/* What the load of another model does with each of its contexts. */
struct other {
	const struct inf_data *data;     /* the newest campaign's model */
	const struct inf_findings *f;    /* its findings */
	struct inf_findings *ofs;        /* the other model's own, filled here */
};

/* The other model's fields (when its region is as wide), then only its variants that
 * compare_field looks up: those near data's seed in the bits of one of data's findings. */
static int each_other(struct inf_data *other, struct inf_context *c, void *arg,
                      struct ip_diag *d)
{
	const struct other *o = arg;
	const struct inf_context *here = context_of(o->data, c->idx);
	(void)d;
	if (other->width == o->data->width) {
		inf_effects(other, c);
		inf_near_index(other, c);
		inf_segment(other, c, o->ofs);
	}
	inf_keep_variants(c, here ? here->seed : c->seed, here ? o->f : NULL);
	return 0;
}

int inf_compare_models(struct ip_store *db, const struct inf_data *data, struct inf_findings *f,
                       size_t n, struct ip_diag *d)
{
	char **runners, **models;
	size_t nd;
	struct inf_data *others;
	struct inf_findings *ofs;
	int failed = 0;
	if (inf_other_devices(db, data, &runners, &models, &nd, d))
		return -1;
	others = calloc(nd + 1, sizeof *others);
	ofs = calloc(nd + 1, sizeof *ofs);
	if (!others || !ofs)
		abort();
	for (size_t k = 0; k < nd && !failed; k++) {
		struct other o = {data, f, &ofs[k]};
		int rc = inf_load_device(db, data->probe_id, runners[k], models[k], &others[k],
		                         each_other, &o, d);
		if (rc < 0)
			failed = 1;
		else if (rc == 0 && others[k].width == data->width)
			inf_name_enums(&others[k], &ofs[k]);
	}
	for (size_t i = 0; i < n && !failed; i++) {
		struct strbuf js, sum;
		uint64_t compared = 0, runs = 0, against = 0;
		unsigned ndiff = 0;
		sb_init(&js);
		sb_init(&sum);
		sb_printf(&js, "{\"device\":\"%s:%s\",\"field\":\"%s\",\"models\":[", data->runner,
		          data->model, f->f[i].kind);
		for (size_t k = 0; k < nd; k++) {
			size_t len = js.len;
			unsigned nk;
			if (!others[k].nctx)
				continue;
			if (ndiff)
				sb_puts(&js, ",");
			nk = compare_field(data, &others[k], &ofs[k], &f->f[i], &js, &sum, &compared,
			                   &runs, &against);
			if (!nk && ndiff)
				js.s[js.len = len] = 0;
			ndiff += nk;
		}
		if (ndiff) {
			struct inf_finding g = f->f[i];
			sb_printf(&js, "],\"compared\":%llu,\"summary\":", (unsigned long long)compared);
			sb_json_str(&js, sum.s);
			sb_puts(&js, "}");
			g.kind = "model_differs";
			g.en = NULL;
			g.cond = f->f[i].cond ? strdup(f->f[i].cond) : NULL;
			if (f->f[i].cond && !g.cond)
				abort();
			g.details = sb_take(&js);
			g.support = runs - against;
			g.against = against;
			g.variants = compared;
			g.confidence = runs ? (double)(runs - against) / (double)runs : 0;
			if (ip_grow((void **)&f->f, &f->cap, f->n + 1, sizeof *f->f))
				abort();
			f->f[f->n++] = g;
		}
		sb_free(&js);
		sb_free(&sum);
	}
	for (size_t k = 0; k < nd; k++) {
		inf_findings_free(&ofs[k]);
		inf_free(&others[k]);
		free(runners[k]);
		free(models[k]);
	}
	free(others);
	free(ofs);
	free(runners);
	free(models);
	return failed ? -1 : 0;
}
