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

/* Text from a database, a probe file or the command line, as Markdown that reads as that text:
 * running text, table cells and headings (md); a code span where it can be one (md_code). */
static void md_as(FILE *out, const char *s, void (*quote)(struct strbuf *, const char *))
{
	struct strbuf b;
	sb_init(&b);
	quote(&b, s ? s : "");
	if (b.s)
		fputs(b.s, out);
	sb_free(&b);
}

static void md(FILE *out, const char *s)
{
	md_as(out, s, sb_md);
}

static void md_code(FILE *out, const char *s)
{
	md_as(out, s, sb_md_code);
}

/* A line of an indented code block (the finding lines): everything in b is literal there but
 * a line break, which would end the block. */
static void code_line(FILE *out, struct strbuf *b)
{
	struct strbuf l;
	sb_init(&l);
	sb_md_line(&l, b->s ? b->s : "");
	fprintf(out, "    %s\n", l.s ? l.s : "");
	sb_free(&l);
	sb_free(b);
}

/* A context label in a code block line: in backticks, as the report always wrote it. */
static void backticked(struct strbuf *b, const char *s)
{
	sb_printf(b, "`%s`", s);
}

static void runs_line(FILE *out, const struct ip_infer_context *c)
{
	double sweep = ldexp(1.0, (int)c->width);
	fprintf(out, "Runs: %llu on %llu variants; an exhaustive sweep of the %u target bits is "
	             "2^%u = %.0f runs (%.4g%% of it used).\n\n",
	        (unsigned long long)c->runs, (unsigned long long)c->variants, c->width, c->width,
	        sweep, 100.0 * (double)c->runs / sweep);
}

static void change_prefix(struct strbuf *b, const struct rp_finding *f)
{
	const char *t = f->change_text;
	if (!f->change)
		return;
	if (!strcmp(f->change, "changed")) {
		sb_puts(b, "CHANGED (");
		if (t)
			sb_puts(b, t);
		if (fabs(f->old_confidence - f->confidence) >= 0.005)
			sb_printf(b, "%sconfidence %.2f -> %.2f", t ? "; " : "", f->old_confidence,
			          f->confidence);
		sb_puts(b, ") ");
	} else if (!strcmp(f->change, "new") && f->old_kind)
		sb_printf(b, "NEW (was %s%s%s) ", f->old_kind, t ? "; " : "", t ? t : "");
	else
		sb_printf(b, "%s ", !strcmp(f->change, "new") ? "NEW" : "GONE");
}

/* The sentence, evidence and what the notes and public work say of the findings l of p (one
 * finding, or several contexts saying the same; no newline). */
static void line_text(struct strbuf *b, const struct rp_probe *p, const struct rp_line *l)
{
	const struct rp_finding *f = &p->f[l->f[0]];
	long long support = 0, against = 0, variants = 0;
	double lo = f->confidence, hi = f->confidence;
	for (size_t k = 0; k < l->n; k++) {
		const struct rp_finding *g = &p->f[l->f[k]];
		support += g->support;
		against += g->against;
		variants += g->variants;
		lo = g->confidence < lo ? g->confidence : lo;
		hi = g->confidence > hi ? g->confidence : hi;
	}
	if (f->lo == f->hi)
		sb_printf(b, "%u", f->lo);
	else
		sb_printf(b, "%u-%u", f->lo, f->hi);
	sb_printf(b, ": %s", rp_kind_title(f->kind));
	if (f->what[0])
		sb_printf(b, ": %s", f->what);
	if (rp_without_evidence(f->kind)) /* no verdict, so no confidence in one */
		sb_printf(b, " (%lld runs)", support + against);
	else if (hi - lo >= 0.005)
		sb_printf(b, " (confidence %.2f-%.2f; %lld runs for, %lld against, %lld variants)", lo,
		          hi, support, against, variants);
	else
		sb_printf(b, " (confidence %.2f; %lld runs for, %lld against, %lld variants)", f->confidence,
		          support, against, variants);
	if (f->notes[0])
		sb_printf(b, " [notes: %s]", f->notes);
	sb_printf(b, " [public: %s]", f->public_text);
}

static void finding_line(FILE *out, const struct rp_probe *p, size_t j)
{
	const struct rp_finding *f = &p->f[j];
	struct rp_line one = {&j, 1};
	struct strbuf b;
	sb_init(&b);
	change_prefix(&b, f);
	sb_printf(&b, "[%u.%u] ", f->bundle, f->slot);
	line_text(&b, p, &one);
	code_line(out, &b);
}

/* Whether f is a region nothing was determined in, said once per probe rather than per
 * context. */
static int undetermined(const struct rp_finding *f)
{
	return !strcmp(f->kind, "unmodeled") && !f->change;
}

static int undetermined_kept(const struct rp_finding *f)
{
	return undetermined(f);
}

/* Once per probe: each region nothing was determined in, with the contexts it was tried in. */
static void undetermined_section(FILE *out, const struct rp_probe *p)
{
	struct rp_line *l;
	size_t n = rp_lines(p, undetermined_kept, &l);
	if (n) {
		fputs("\n### Not determined in probe ", out);
		md_code(out, p->name);
		fputs("\n\n", out);
	}
	for (size_t i = 0; i < n; i++) {
		const struct rp_finding *f = &p->f[l[i].f[0]];
		struct strbuf b;
		sb_init(&b);
		sb_printf(&b, "[%u.%u] %s%s", f->bundle, f->slot, f->format[0] ? f->format : "value",
		          f->format[0] ? " " : " bits ");
		line_text(&b, p, &l[i]);
		sb_puts(&b, " (contexts: ");
		for (size_t q = 0; q < l[i].n; q++) {
			char buf[16];
			sb_printf(&b, "%s%s", q ? ", " : "",
			          rp_context_label(p, p->f[l[i].f[q]].context, buf, sizeof buf));
		}
		sb_puts(&b, ")");
		code_line(out, &b);
	}
	rp_lines_free(l, n);
}

/* The findings per verdict, in one sentence. */
static void verdict_counts(const struct rp_model *m, FILE *out)
{
	fprintf(out, "\nAgainst public knowledge (docs/public-overlay.md): %zu differ, %zu new, "
	             "%zu refine, %zu agree, %zu open, %zu known to the notes.\n",
	        m->verdicts[RP_DIFFERS], m->verdicts[RP_NEW], m->verdicts[RP_REFINES],
	        m->verdicts[RP_AGREES], m->verdicts[RP_OPEN], m->verdicts[RP_KNOWN]);
}

/* The summary: findings per verdict, then one row per probe context with findings. */
static void summary(const struct rp_model *m, FILE *out)
{
	int header = 0;
	verdict_counts(m, out);
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
			fputs("| ", out);
			md(out, p->isa);
			fputs(" | ", out);
			md(out, p->name);
			fputs(" | ", out);
			md(out, c->label);
			fprintf(out, " | %zu | %zu | %zu | %zu | %zu | %zu | %zu | %llu | 2^%u |\n", nf,
			        v[RP_DIFFERS], v[RP_NEW], v[RP_REFINES], v[RP_AGREES], v[RP_OPEN],
			        v[RP_KNOWN], (unsigned long long)c->runs, c->width);
		}
	}
}

static const struct rp_lead *lead_of; /* the section rp_lines keeps the findings of */

static int in_lead(const struct rp_finding *f)
{
	return rp_in_lead(f, lead_of);
}

/* A diff's first section: its findings of one verdict, with their probe and contexts (one
 * line for the contexts that say the same). */
static void leading(const struct rp_model *m, FILE *out, const struct rp_lead *l)
{
	int header = 0;
	lead_of = l;
	for (size_t i = 0; i < m->np; i++) {
		const struct rp_probe *p = &m->p[i];
		struct rp_line *ls;
		size_t n = rp_lines(p, in_lead, &ls);
		for (size_t k = 0; k < n; k++) {
			const struct rp_finding *f = &p->f[ls[k].f[0]];
			struct strbuf b;
			if (!header) {
				fprintf(out, "\n## %s\n\n", l->title);
				header = 1;
			}
			sb_init(&b);
			sb_printf(&b, "%s %s ", p->isa, p->name);
			rp_line_contexts(&b, p, &ls[k], backticked);
			sb_puts(&b, " ");
			change_prefix(&b, f);
			sb_printf(&b, "[%u.%u] ", f->bundle, f->slot);
			line_text(&b, p, &ls[k]);
			code_line(out, &b);
		}
		rp_lines_free(ls, n);
	}
}

static void probe_heading(FILE *out, const struct rp_probe *p)
{
	fputs("\n## ", out);
	md(out, p->isa);
	fputs(": probe ", out);
	md_code(out, p->name);
	fputs("\n\n", out);
}

/* A diff's body: per probe, a line per change, the contexts that say the same on one line. */
static void diff_probe(FILE *out, const struct rp_probe *p)
{
	struct rp_line *l;
	size_t n = rp_lines(p, NULL, &l);
	probe_heading(out, p);
	for (size_t i = 0; i < n; i++) {
		const struct rp_finding *f = &p->f[l[i].f[0]];
		struct strbuf b;
		sb_init(&b);
		change_prefix(&b, f);
		sb_printf(&b, "[%u.%u] ", f->bundle, f->slot);
		if (f->format[0] && (i == 0 || strcmp(f->format, p->f[l[i - 1].f[0]].format)))
			sb_printf(&b, "%s ", f->format);
		line_text(&b, p, &l[i]);
		sb_puts(&b, l[i].n > 1 && l[i].n == rp_probe_contexts(p) ? " (" : " (context");
		sb_puts(&b, l[i].n > 1 && l[i].n < rp_probe_contexts(p) ? "s " : l[i].n == 1 ? " " : "");
		rp_line_contexts(&b, p, &l[i], backticked);
		sb_puts(&b, ")");
		code_line(out, &b);
	}
	rp_lines_free(l, n);
}

void rp_markdown(const struct rp_model *m, FILE *out)
{
	const struct ip_report_options *o = m->o;
	fputs("# isaprobe report: ", out);
	md(out, m->subject);
	if (o->title) {
		fputs(" (", out);
		md(out, o->title);
		fputs(")", out);
	}
	fputs(o->old ? "\n" : "\n\n", out);
	if (o->old) {
		static const struct rp_prose prose = {md, "\n%.0s", "\n", "", "", "->"};
		rp_diff_lead(m, out, &prose);
	}
	if (o->since > 0)
		fprintf(out, "Findings first seen in campaign %lld or later.\n\n", (long long)o->since);
	if (!o->old)
		fprintf(out, "%zu finding%s.\n", m->nfindings, m->nfindings == 1 ? "" : "s");
	if (m->hint)
		fprintf(out, "\nNothing to report: %s.\n", m->hint);
	if (o->old) /* a diff's counts are above; a row per context would bury them */
		verdict_counts(m, out);
	else
		summary(m, out);
	const struct rp_lead *leads; /* the nightly mail: what to look at first */
	for (size_t i = 0, n = rp_leads(m, &leads); i < n; i++)
		leading(m, out, &leads[i]);
	for (size_t i = 0; i < m->np; i++) {
		const struct rp_probe *p = &m->p[i];
		if (!p->nf)
			continue;
		if (o->old) {
			diff_probe(out, p);
			continue;
		}
		probe_heading(out, p);
		if (p->sum)
			fprintf(out, "Campaigns used: %u (ids %lld to %lld).\n", p->sum->ncampaigns,
			        (long long)p->sum->first_campaign, (long long)p->sum->last_campaign);
		for (size_t b = 0, e; b < p->nf; b = e) {
			unsigned idx = p->f[b].context;
			const struct ip_infer_context *c = rp_context(p, idx);
			const char *format = NULL;
			unsigned shown = 0, skipped = 0;
			e = rp_context_end(p, b);
			fprintf(out, "\n### Context %u", idx);
			if (c) {
				fputs(" ", out);
				md_code(out, c->label);
			}
			fputs("\n\n", out);
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
					fputs(shown ? "\nFormat " : "Format ", out);
					md(out, format[0] ? format : "(value bits)");
					fputs(":\n\n", out);
				}
				finding_line(out, p, j);
				shown++;
			}
			if (skipped) {
				fprintf(out, "%sNot determined here: ", shown ? "\n" : "");
				for (size_t j = b, n = 0; j < e; j++)
					if (undetermined(&p->f[j])) {
						fputs(n++ ? ", " : "", out);
						bits(out, p->f[j].lo, p->f[j].hi);
						if (p->f[j].cond[0]) {
							fputs(" (when ", out);
							md(out, p->f[j].cond);
							fputs(")", out);
						}
					}
				fprintf(out, " (below, once for the probe).\n");
			}
		}
		undetermined_section(out, p);
	}
}
