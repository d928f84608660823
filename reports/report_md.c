/* report_md.c: the Markdown report: a summary (findings per verdict against public knowledge,
 * a row per probe context), then per ISA, probe and context the field map in the style of the
 * seed notes ("33-34: component select ..."), what the notes and later public work say beside
 * it, and once per probe the regions nothing could be determined in. A diff leads with what
 * differs from public knowledge and what is new to it. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_internal.h"

static void bits(FILE *out, unsigned lo, unsigned hi)
{
	if (lo == hi)
		fprintf(out, "%u", lo);
	else
		fprintf(out, "%u-%u", lo, hi);
}

static void runs_line(FILE *out, const struct ip_infer_context *c)
{
	double sweep = ldexp(1.0, (int)c->width);
	fprintf(out, "Runs: %llu on %llu variants; an exhaustive sweep of the %u target bits is "
	             "2^%u = %.0f runs (%.4g%% of it used).\n\n",
	        (unsigned long long)c->runs, (unsigned long long)c->variants, c->width, c->width,
	        sweep, 100.0 * (double)c->runs / sweep);
}

static void change_prefix(FILE *out, const struct rp_finding *f)
{
	const char *t = f->change_text;
	if (!f->change)
		return;
	if (!strcmp(f->change, "changed")) {
		fputs("CHANGED (", out);
		if (t)
			fprintf(out, "%s", t);
		if (fabs(f->old_confidence - f->confidence) >= 0.005)
			fprintf(out, "%sconfidence %.2f -> %.2f", t ? "; " : "", f->old_confidence,
			        f->confidence);
		fputs(") ", out);
	} else if (!strcmp(f->change, "new") && f->old_kind)
		fprintf(out, "NEW (was %s%s%s) ", f->old_kind, t ? "; " : "", t ? t : "");
	else
		fprintf(out, "%s ", !strcmp(f->change, "new") ? "NEW" : "GONE");
}

/* The finding's sentence, evidence and what the notes and public work say (no newline). */
static void finding_text(FILE *out, const struct rp_finding *f)
{
	bits(out, f->lo, f->hi);
	fprintf(out, ": %s", rp_kind_title(f->kind));
	if (f->what[0])
		fprintf(out, ": %s", f->what);
	if (rp_without_evidence(f->kind)) /* no verdict, so no confidence in one */
		fprintf(out, " (%lld runs)", f->support + f->against);
	else
		fprintf(out, " (confidence %.2f; %lld runs for, %lld against, %lld variants)",
		        f->confidence, f->support, f->against, f->variants);
	if (f->notes[0])
		fprintf(out, " [notes: %s]", f->notes);
	fprintf(out, " [public: %s]", f->public_text);
}

static void finding_line(FILE *out, const struct rp_finding *f)
{
	fputs("    ", out);
	change_prefix(out, f);
	fprintf(out, "[%u.%u] ", f->bundle, f->slot);
	finding_text(out, f);
	fputc('\n', out);
}

/* Whether f is a region nothing was determined in, said once per probe rather than per
 * context. */
static int undetermined(const struct rp_finding *f)
{
	return !strcmp(f->kind, "unmodeled") && !f->change;
}

/* Whether g says of the same region what f says (another context). */
static int same_region(const struct rp_finding *f, const struct rp_finding *g)
{
	return f->lo == g->lo && f->hi == g->hi && f->bundle == g->bundle && f->slot == g->slot &&
	       !strcmp(f->format, g->format) && !strcmp(f->cond, g->cond) &&
	       !strcmp(f->kind, g->kind) && !strcmp(f->what, g->what);
}

static int by_region(const void *a, const void *b)
{
	const struct rp_finding *x = *(const struct rp_finding *const *)a;
	const struct rp_finding *y = *(const struct rp_finding *const *)b;
	int c;
	if ((c = strcmp(x->format, y->format)))
		return c;
	if (x->bundle != y->bundle || x->slot != y->slot)
		return x->bundle != y->bundle ? (x->bundle < y->bundle ? -1 : 1)
		                              : (x->slot < y->slot ? -1 : 1);
	if (x->lo != y->lo || x->hi != y->hi)
		return x->lo != y->lo ? (x->lo < y->lo ? -1 : 1) : (x->hi < y->hi ? -1 : 1);
	if ((c = strcmp(x->cond, y->cond)) || (c = strcmp(x->kind, y->kind)) ||
	    (c = strcmp(x->what, y->what)))
		return c;
	return x->order < y->order ? -1 : x->order > y->order; /* contexts in order */
}

/* Once per probe: each region nothing was determined in, with the contexts it was tried in
 * (sorted by region, so that one pass groups them). */
static void undetermined_section(FILE *out, const struct rp_probe *p)
{
	const struct rp_finding **u = malloc((p->nf ? p->nf : 1) * sizeof *u);
	size_t n = 0;
	if (!u)
		abort();
	for (size_t j = 0; j < p->nf; j++)
		if (undetermined(&p->f[j]))
			u[n++] = &p->f[j];
	qsort(u, n, sizeof *u, by_region);
	if (n)
		fprintf(out, "\n### Not determined in probe `%s`\n\n", p->name);
	for (size_t i = 0, e; i < n; i = e) {
		const struct rp_finding *f = u[i];
		char buf[16];
		for (e = i + 1; e < n && same_region(f, u[e]); e++)
			;
		fprintf(out, "    [%u.%u] %s%s", f->bundle, f->slot, f->format[0] ? f->format : "value",
		        f->format[0] ? " " : " bits ");
		finding_text(out, f);
		fputs(" (contexts: ", out);
		for (size_t q = i; q < e; q++)
			fprintf(out, "%s%s", q > i ? ", " : "",
			        rp_context_label(p, u[q]->context, buf, sizeof buf));
		fputs(")\n", out);
	}
	free(u);
}

/* The summary: findings per verdict, then one row per probe context with findings. */
static void summary(const struct rp_model *m, FILE *out)
{
	int header = 0;
	fprintf(out, "\nAgainst public knowledge (docs/public-overlay.md): %zu differ, %zu new, "
	             "%zu refine, %zu agree, %zu open, %zu known to the notes.\n",
	        m->verdicts[RP_DIFFERS], m->verdicts[RP_NEW], m->verdicts[RP_REFINES],
	        m->verdicts[RP_AGREES], m->verdicts[RP_OPEN], m->verdicts[RP_KNOWN]);
	for (size_t i = 0; i < m->np; i++) {
		const struct rp_probe *p = &m->p[i];
		for (size_t b = 0, e; b < p->nf; b = e) {
			const struct ip_infer_context *c = rp_context(p, p->f[b].context);
			size_t nf = 0, v[RP_NVERDICTS] = {0};
			e = rp_context_end(p, b);
			if (!c)
				continue;
			for (size_t j = b; j < e; j++)
				if (strcmp(p->f[j].kind, "model_differs")) {
					nf++;
					v[p->f[j].verdict]++;
				}
			if (!header) {
				fputs("\n| ISA | probe | context | fields | differs | new | refines | agrees "
				      "| open | known | runs | exhaustive sweep |\n"
				      "|---|---|---|---|---|---|---|---|---|---|---|---|\n", out);
				header = 1;
			}
			fprintf(out, "| %s | %s | %s | %zu | %zu | %zu | %zu | %zu | %zu | %zu | %llu | 2^%u |\n",
			        p->isa, p->name, c->label, nf, v[RP_DIFFERS], v[RP_NEW], v[RP_REFINES],
			        v[RP_AGREES], v[RP_OPEN], v[RP_KNOWN], (unsigned long long)c->runs,
			        c->width);
		}
	}
}

/* A diff's first section: its findings of one verdict, with their probe and context. */
static void leading(const struct rp_model *m, FILE *out, const struct rp_lead *l)
{
	int header = 0;
	for (size_t i = 0; i < m->np; i++)
		for (size_t j = 0; j < m->p[i].nf; j++) {
			const struct rp_finding *f = &m->p[i].f[j];
			char buf[16];
			if (!rp_in_lead(f, l))
				continue;
			if (!header) {
				fprintf(out, "\n## %s\n\n", l->title);
				header = 1;
			}
			fprintf(out, "    %s %s `%s` ", m->p[i].isa, m->p[i].name,
			        rp_context_label(&m->p[i], f->context, buf, sizeof buf));
			change_prefix(out, f);
			fprintf(out, "[%u.%u] ", f->bundle, f->slot);
			finding_text(out, f);
			fputc('\n', out);
		}
}

void rp_markdown(const struct rp_model *m, FILE *out)
{
	const struct ip_report_options *o = m->o;
	fprintf(out, "# isaprobe report%s%s\n\n", o->title ? ": " : "", o->title ? o->title : "");
	if (o->old)
		fprintf(out, "Changes against %s: findings new, changed (values gained, lost or "
		             "renamed, or confidence moved by 0.05 or more) or gone.\n\n",
		        o->old_title ? o->old_title : "the older database");
	if (o->since > 0)
		fprintf(out, "Findings first seen in campaign %lld or later.\n\n", (long long)o->since);
	fprintf(out, "%zu finding%s.\n", m->nfindings, m->nfindings == 1 ? "" : "s");
	if (m->hint)
		fprintf(out, "\nNothing to report: %s.\n", m->hint);
	summary(m, out);
	const struct rp_lead *leads; /* the nightly mail: what to look at first */
	for (size_t i = 0, n = rp_leads(m, &leads); i < n; i++)
		leading(m, out, &leads[i]);
	for (size_t i = 0; i < m->np; i++) {
		const struct rp_probe *p = &m->p[i];
		if (!p->nf)
			continue;
		fprintf(out, "\n## %s: probe `%s`\n\n", p->isa, p->name);
		if (p->sum)
			fprintf(out, "Campaigns used: %u (ids %lld to %lld).\n", p->sum->ncampaigns,
			        (long long)p->sum->first_campaign, (long long)p->sum->last_campaign);
		for (size_t b = 0, e; b < p->nf; b = e) {
			unsigned idx = p->f[b].context;
			const struct ip_infer_context *c = rp_context(p, idx);
			const char *format = NULL;
			unsigned shown = 0, skipped = 0;
			e = rp_context_end(p, b);
			fprintf(out, "\n### Context %u%s%s%s\n\n", idx, c ? " `" : "", c ? c->label : "",
			        c ? "`" : "");
			if (c)
				runs_line(out, c);
			for (size_t j = b; j < e; j++) {
				const struct rp_finding *f = &p->f[j];
				if (undetermined(f)) {
					skipped++;
					continue;
				}
				if (!format || strcmp(format, f->format)) {
					format = f->format;
					fprintf(out, "%sFormat %s:\n\n", shown ? "\n" : "",
					        format[0] ? format : "(value bits)");
				}
				finding_line(out, f);
				shown++;
			}
			if (skipped) {
				fprintf(out, "%sNot determined here: ", shown ? "\n" : "");
				for (size_t j = b, n = 0; j < e; j++)
					if (undetermined(&p->f[j])) {
						fputs(n++ ? ", " : "", out);
						bits(out, p->f[j].lo, p->f[j].hi);
						if (p->f[j].cond[0])
							fprintf(out, " (when %s)", p->f[j].cond);
					}
				fprintf(out, " (below, once for the probe).\n");
			}
		}
		undetermined_section(out, p);
	}
}
