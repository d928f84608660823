/* report_lead.c: what a nightly diff leads with, for every renderer alike: the findings that
 * differ from public knowledge, then those new to it (docs/public-overlay.md, "In the reports");
 * and the findings of several contexts that say the same thing, as one line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_internal.h"

static const struct rp_lead leads[] = {
	{RP_DIFFERS, "Differs from public knowledge", "lead-differs"},
	{RP_NEW, "New to public knowledge", "lead-new"},
};

size_t rp_leads(const struct rp_model *m, const struct rp_lead **out)
{
	*out = leads;
	return m->o->old || m->o->since > 0 ? sizeof leads / sizeof leads[0] : 0;
}

int rp_in_lead(const struct rp_finding *f, const struct rp_lead *l)
{
	return f->verdict == l->verdict && !(f->change && !strcmp(f->change, "gone"));
}

const char *rp_context_label(const struct rp_probe *p, unsigned idx, char *buf, size_t cap)
{
	const struct ip_infer_context *c = rp_context(p, idx);
	if (c)
		return c->label;
	snprintf(buf, cap, "%u", idx);
	return buf;
}

static int str_cmp(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "");
}

struct member {
	const struct rp_finding *f;
	size_t idx;
};

/* The order of what a line says (then the position, so that each line's findings keep theirs). */
static int by_line(const void *a, const void *b)
{
	const struct member *x = a, *y = b;
	const struct rp_finding *f = x->f, *g = y->f;
	int c;
	if (f->bundle != g->bundle || f->slot != g->slot || f->lo != g->lo || f->hi != g->hi)
		return f->bundle != g->bundle ? (f->bundle < g->bundle ? -1 : 1)
		       : f->slot != g->slot   ? (f->slot < g->slot ? -1 : 1)
		       : f->lo != g->lo       ? (f->lo < g->lo ? -1 : 1)
		                              : (f->hi < g->hi ? -1 : 1);
	if (f->verdict != g->verdict)
		return f->verdict < g->verdict ? -1 : 1;
	if ((c = str_cmp(f->format, g->format)) || (c = str_cmp(f->cond, g->cond)) ||
	    (c = str_cmp(f->kind, g->kind)) || (c = str_cmp(f->what, g->what)) ||
	    (c = str_cmp(f->public_text, g->public_text)) || (c = str_cmp(f->notes, g->notes)) ||
	    (c = str_cmp(f->change, g->change)) || (c = str_cmp(f->change_text, g->change_text)) ||
	    (c = str_cmp(f->old_kind, g->old_kind)))
		return c;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

static int by_first(const void *a, const void *b)
{
	const struct rp_line *x = a, *y = b;
	return x->f[0] < y->f[0] ? -1 : x->f[0] > y->f[0];
}

size_t rp_lines(const struct rp_probe *p, int (*keep)(const struct rp_finding *f),
                struct rp_line **out)
{
	struct member *m = malloc((p->nf ? p->nf : 1) * sizeof *m);
	struct rp_line *l = malloc((p->nf ? p->nf : 1) * sizeof *l);
	size_t n = 0, nl = 0;
	if (!m || !l)
		abort();
	for (size_t j = 0; j < p->nf; j++)
		if (!keep || keep(&p->f[j]))
			m[n++] = (struct member){&p->f[j], j};
	qsort(m, n, sizeof *m, by_line);
	for (size_t i = 0, e; i < n; i = e) {
		struct member key = m[i];
		for (e = i + 1; e < n; e++) {
			key.idx = m[e].idx; /* the same words, whatever the position */
			if (by_line(&key, &m[e]))
				break;
		}
		l[nl].n = e - i;
		if (!(l[nl].f = malloc(l[nl].n * sizeof *l[nl].f)))
			abort();
		for (size_t k = i; k < e; k++)
			l[nl].f[k - i] = m[k].idx;
		nl++;
	}
	qsort(l, nl, sizeof *l, by_first);
	free(m);
	*out = l;
	return nl;
}

void rp_lines_free(struct rp_line *l, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(l[i].f);
	free(l);
}

size_t rp_probe_contexts(const struct rp_probe *p)
{
	unsigned ctx[256];
	if (p->sum && p->sum->ncontexts)
		return p->sum->ncontexts;
	return rp_contexts(p, ctx);
}

void rp_line_contexts(struct strbuf *b, const struct rp_probe *p, const struct rp_line *l,
                      void (*quote)(struct strbuf *b, const char *s))
{
	size_t all = rp_probe_contexts(p);
	if (l->n > 1 && l->n == all) {
		sb_printf(b, "every context (%zu)", l->n);
		return;
	}
	for (size_t k = 0; k < l->n; k++) {
		char buf[16];
		if (k)
			sb_puts(b, ", ");
		quote(b, rp_context_label(p, p->f[l->f[k]].context, buf, sizeof buf));
	}
}

void rp_diff_lead(const struct rp_model *m, FILE *out, const struct rp_prose *p)
{
	const char *old = m->o->old_title ? m->o->old_title : "the older database";
	fprintf(out, p->para, "changes");
	fputs("Changes against ", out);
	p->quote(out, old);
	fprintf(out, ": %s%zu new%s, %s%zu changed%s, %s%zu gone%s (%zu finding%s); of the new and "
	             "changed, %s%zu differ%s%s from public knowledge, %s%zu %s new%s to it.%s",
	        p->bold, m->changes[RP_CHANGE_NEW], p->unbold, p->bold,
	        m->changes[RP_CHANGE_CHANGED], p->unbold, p->bold, m->changes[RP_CHANGE_GONE],
	        p->unbold, m->nfindings, m->nfindings == 1 ? "" : "s", p->bold,
	        m->changed_verdicts[RP_DIFFERS], m->changed_verdicts[RP_DIFFERS] == 1 ? "s" : "",
	        p->unbold, p->bold, m->changed_verdicts[RP_NEW],
	        m->changed_verdicts[RP_NEW] == 1 ? "is" : "are", p->unbold, p->end);
	for (size_t i = 0; i < m->ndevices; i++) {
		const struct rp_device_change *c = &m->devices[i];
		fprintf(out, p->para, "device-change");
		fputs("The campaigns ran on another device than in ", out);
		p->quote(out, old);
		fprintf(out, ": %s", p->bold);
		p->quote(out, c->before);
		fprintf(out, "%s %s %s", p->unbold, p->arrow, p->bold);
		p->quote(out, c->after);
		fprintf(out, "%s (%zu probe%s: ", p->unbold, c->nprobes, c->nprobes == 1 ? "" : "s");
		for (size_t k = 0; k < c->nprobes; k++) {
			fputs(k ? ", " : "", out);
			p->quote(out, c->probes[k]);
		}
		fprintf(out, "); their findings may differ for that reason alone.%s", p->end);
	}
	if (m->nnot_run) {
		fprintf(out, p->para, "not-run");
		fprintf(out, "Not run in this database, so not compared (their findings are not "
		             "counted as gone): %zu probe%s: ",
		        m->nnot_run, m->nnot_run == 1 ? "" : "s");
		for (size_t k = 0; k < m->nnot_run; k++) {
			fputs(k ? ", " : "", out);
			p->quote(out, m->not_run[k]);
		}
		fprintf(out, ".%s", p->end);
	}
	fprintf(out, p->para, "change-note");
	fprintf(out, "A change is a finding new, changed (values gained, lost or renamed, or "
	             "confidence moved by 0.05 or more) or gone; one line says it for every context "
	             "that agrees.%s", p->end);
}
