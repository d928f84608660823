/* report_md.c: the Markdown report: per probe (ISA, word format) and context, the field map
 * in the style of the seed notes ("25-27: register select ..."), what the notes said beside
 * it, and the runs it took against an exhaustive sweep. */
#include <math.h>
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

static void finding_line(FILE *out, const struct rp_finding *f)
{
	fputs("    ", out);
	if (f->change) {
		const char *t = f->change_text;
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
	fprintf(out, "[%u.%u] ", f->bundle, f->slot);
	bits(out, f->lo, f->hi);
	fprintf(out, ": %s", rp_kind_title(f->kind));
	if (f->what[0])
		fprintf(out, ": %s", f->what);
	fprintf(out, " (confidence %.2f; %lld runs for, %lld against, %lld variants)", f->confidence,
	        f->support, f->against, f->variants);
	if (f->notes[0])
		fprintf(out, " [notes: %s]", f->notes);
	fprintf(out, " [public: %s]", f->public_text);
	fputc('\n', out);
}

/* One row per probe context with findings: runs used against an exhaustive sweep. */
static void summary(const struct rp_model *m, FILE *out)
{
	int header = 0;
	for (size_t i = 0; i < m->np; i++) {
		const struct rp_probe *p = &m->p[i];
		unsigned ctx[256];
		size_t n = rp_contexts(p, ctx);
		for (size_t k = 0; k < n; k++) {
			const struct ip_infer_context *c = rp_context(p, ctx[k]);
			size_t nf = 0;
			if (!c)
				continue;
			for (size_t j = 0; j < p->nf; j++)
				nf += p->f[j].context == ctx[k] && strcmp(p->f[j].kind, "model_differs");
			if (!header) {
				fputs("\n| probe | context | fields | runs | exhaustive sweep |\n"
				      "|---|---|---|---|---|\n", out);
				header = 1;
			}
			fprintf(out, "| %s | %s | %zu | %llu | 2^%u |\n", p->name, c->label, nf,
			        (unsigned long long)c->runs, c->width);
		}
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
	for (size_t i = 0; i < m->np; i++) {
		const struct rp_probe *p = &m->p[i];
		unsigned ctx[256];
		size_t nctx = rp_contexts(p, ctx);
		if (!p->nf)
			continue;
		fprintf(out, "\n## %s: probe `%s`\n\n", p->isa, p->name);
		if (p->sum)
			fprintf(out, "Campaigns used: %u (ids %lld to %lld).\n", p->sum->ncampaigns,
			        (long long)p->sum->first_campaign, (long long)p->sum->last_campaign);
		for (size_t k = 0; k < nctx; k++) {
			const struct ip_infer_context *c = rp_context(p, ctx[k]);
			const char *format = NULL;
			unsigned shown = 0;
			fprintf(out, "\n### Context %u%s%s%s\n\n", ctx[k], c ? " `" : "", c ? c->label : "",
			        c ? "`" : "");
			if (c)
				runs_line(out, c);
			for (size_t j = 0; j < p->nf; j++) {
				const struct rp_finding *f = &p->f[j];
				if (f->context != ctx[k])
					continue;
				if (!format || strcmp(format, f->format)) {
					format = f->format;
					fprintf(out, "%sFormat %s:\n\n", shown ? "\n" : "",
					        format[0] ? format : "(value bits)");
				}
				finding_line(out, f);
				shown++;
			}
		}
	}
}
