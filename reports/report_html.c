/* report_html.c: the HTML report: what was learnt, the counts per context, a table of contents
 * (by ISA, format and probe), a legend, then per probe context the whole instruction word drawn
 * (report_svg.c) and a table of the findings with their verdict, evidence and one example per
 * value; a diff leads with its counts and what differs from or is new to public knowledge. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_internal.h"

void rp_html_esc(FILE *out, const char *s)
{
	struct strbuf b;
	sb_init(&b);
	sb_html(&b, s ? s : "");
	if (b.s)
		fputs(b.s, out);
	sb_free(&b);
}

/* s with letters, digits and '-' kept, anything else '_' (a part of an anchor). */
static void id_part(FILE *out, const char *s)
{
	for (; *s; s++)
		fputc((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
		              *s == '-'
		          ? *s
		          : '_',
		      out);
}

void rp_html_anchor(FILE *out, const char *a, const char *b, unsigned n)
{
	id_part(out, a);
	fputc('-', out);
	id_part(out, b);
	if (n != ~0u)
		fprintf(out, "-%u", n);
}

#define esc rp_html_esc
#define anchor rp_html_anchor
#define fill rp_kind_fill

static void bits_text(FILE *out, unsigned lo, unsigned hi)
{
	if (lo == hi)
		fprintf(out, "%u", lo);
	else
		fprintf(out, "%u-%u", lo, hi);
}

static void verdict_badge(FILE *out, enum rp_verdict v)
{
	fprintf(out, "<span class=\"v v-%s\">%s</span>", rp_verdict_name(v), rp_verdict_name(v));
}

/* A finding's cells from its bits to its verdict: instruction and bits, the kind inferred (with
 * its colour), what it does, how it compares with public work (the last cell left open). */
static void finding_cells(FILE *out, const struct rp_finding *f)
{
	fprintf(out, "<td>[%u.%u] ", f->bundle, f->slot);
	bits_text(out, f->lo, f->hi);
	fprintf(out, "</td><td><span class=\"swatch\" style=\"background:%s\"></span>",
	        fill(f->kind));
	esc(out, rp_kind_title(f->kind));
	fputs("</td><td>", out);
	esc(out, f->what);
	fputs("</td><td>", out);
	verdict_badge(out, f->verdict);
	fputc(' ', out);
	esc(out, f->public_text);
}

static void table(FILE *out, const struct rp_probe *p, size_t b, size_t e, int diff)
{
	fprintf(out, "<table class=\"findings\">\n<tr>%s<th>bits</th><th>inferred</th><th>what</th>"
	             "<th>public knowledge</th><th>evidence</th><th>an example per value</th>"
	             "<th>notes said</th></tr>\n",
	        diff ? "<th>change</th>" : "");
	for (size_t j = b; j < e; j++) {
		const struct rp_finding *f = &p->f[j];
		fputs("<tr>", out);
		if (diff)
			fprintf(out, "<td>%s</td>", f->change ? f->change : "");
		finding_cells(out, f);
		if (rp_without_evidence(f->kind))
			fprintf(out, "</td><td>%lld runs</td><td>", f->support + f->against);
		else
			fprintf(out, "</td><td>confidence %.2f; %lld / %lld runs, %lld variants</td><td>",
			        f->confidence, f->support, f->against, f->variants);
		esc(out, f->examples);
		fputs("</td><td>", out);
		esc(out, f->notes);
		fputs("</td></tr>\n", out);
	}
	fputs("</table>\n", out);
}

static const struct rp_lead *lead_of; /* the section rp_lines keeps the findings of */

static int in_lead(const struct rp_finding *f)
{
	return rp_in_lead(f, lead_of);
}

/* The contexts of line l as links to their sections: "every context (8)" to the probe's. */
static void line_contexts(FILE *out, const struct rp_probe *p, const struct rp_line *l)
{
	if (l->n > 1 && l->n == rp_probe_contexts(p)) {
		fputs("<a href=\"#", out);
		anchor(out, p->isa, p->name, ~0u);
		fprintf(out, "\">every context (%zu)</a>", l->n);
		return;
	}
	for (size_t k = 0; k < l->n; k++) {
		unsigned idx = p->f[l->f[k]].context;
		char buf[16];
		fputs(k ? ", <a href=\"#" : "<a href=\"#", out);
		anchor(out, p->isa, p->name, idx);
		fputs("\">", out);
		esc(out, rp_context_label(p, idx, buf, sizeof buf));
		fputs("</a>", out);
	}
}

/* A diff's first sections (report_lead.c): per verdict, its findings with their ISA, probe and
 * contexts (links to the contexts' sections; one row for the contexts that say the same), what
 * changed and what public work says. */
static void leading(const struct rp_model *m, FILE *out)
{
	const struct rp_lead *leads;
	for (size_t l = 0, n = rp_leads(m, &leads); l < n; l++) {
		int header = 0;
		lead_of = &leads[l];
		for (size_t i = 0; i < m->np; i++) {
			const struct rp_probe *p = &m->p[i];
			struct rp_line *ls;
			size_t nl = rp_lines(p, in_lead, &ls);
			for (size_t k = 0; k < nl; k++) {
				const struct rp_finding *f = &p->f[ls[k].f[0]];
				if (!header) {
					fprintf(out, "<h2 id=\"%s\">%s</h2>\n<table class=\"findings lead\">\n"
					             "<tr><th>ISA</th><th>probe</th><th>contexts</th><th>change"
					             "</th><th>bits</th><th>inferred</th><th>what</th><th>public"
					             " knowledge</th></tr>\n", leads[l].id, leads[l].title);
					header = 1;
				}
				fputs("<tr><td>", out);
				esc(out, p->isa);
				fputs("</td><td>", out);
				esc(out, p->name);
				fputs("</td><td>", out);
				line_contexts(out, p, &ls[k]);
				fprintf(out, "</td><td>%s</td>", f->change ? f->change : "");
				finding_cells(out, f);
				fputs("</td></tr>\n", out);
			}
			rp_lines_free(ls, nl);
		}
		if (header)
			fputs("</table>\n", out);
	}
}

static void legend(FILE *out)
{
	fputs("<div class=\"legend\"><h2 id=\"legend\">Legend</h2>\n<p>Word diagrams: bit numbers "
	      "run high to low, left to right. Rows: <b>notes</b> (the seed notes' fields: grey "
	      "known, yellow unknown), <b>public</b> (later public work's reading of them), "
	      "<b>found</b> (what the runs show, coloured by kind; paler = less confident), "
	      "<b>walk</b> (each target bit flipped alone).</p>\n<p>", out);
	for (size_t i = 0; rp_fill_kind(i); i++) {
		fprintf(out, "<span class=\"key\"><span class=\"swatch\" style=\"background:%s\">"
		             "</span>", fill(rp_fill_kind(i)));
		esc(out, rp_kind_title(rp_fill_kind(i)));
		fputs("</span> ", out);
	}
	fputs("</p>\n<p>Walk: <span class=\"key\"><span class=\"swatch\" style=\"background:#e8e8e8\">"
	      "</span>no effect</span> <span class=\"key\"><span class=\"swatch\" "
	      "style=\"background:#d62728\"></span>fault</span> <span class=\"key\"><span "
	      "class=\"swatch\" style=\"background:#8c8c8c\"></span>unmodeled</span> <span "
	      "class=\"key\"><span class=\"swatch\" style=\"background:#4c78ff\"></span>output "
	      "change (darker: more words)</span></p>\n<p>Public knowledge: ", out);
	static const char *const meaning[RP_NVERDICTS] = {
		"bits or values contradict a public field", "no public field there",
		"inside a public field, with more detail", "the same bits and kind as a public field",
		"nothing determined to compare", "the seed notes describe it"};
	for (int v = 0; v < RP_NVERDICTS; v++) {
		verdict_badge(out, (enum rp_verdict)v);
		fprintf(out, " %s%s", meaning[v], v + 1 < RP_NVERDICTS ? "; " : ".");
	}
	fputs("</p></div>\n", out);
}

/* The rows of the count table: one per probe context with findings. */
static size_t rows(const struct rp_model *m)
{
	size_t n = 0;
	for (size_t i = 0; i < m->np; i++)
		for (size_t b = 0; b < m->p[i].nf; b = rp_context_end(&m->p[i], b))
			n++;
	return n;
}

/* What says something of the bits: a type, not "no effect" nor "not determined". */
static int learnt_kind(const struct rp_finding *f)
{
	return strcmp(f->kind, "ignored") && !rp_without_evidence(f->kind) &&
	       !(f->change && !strcmp(f->change, "gone"));
}

/* Before the counts: what the findings say, in a few lines: totals by kind and verdict, then
 * per ISA and probe each typed field once, with the contexts that say it. */
static void learnt(const struct rp_model *m, FILE *out)
{
	size_t typed = 0, ignored = 0, open = 0, probes = 0, contexts = 0;
	const char *isa = NULL;
	for (size_t i = 0; i < m->np; i++) {
		probes += m->p[i].nf > 0;
		contexts += m->p[i].nf ? rp_probe_contexts(&m->p[i]) : 0;
		for (size_t j = 0; j < m->p[i].nf; j++) {
			const struct rp_finding *f = &m->p[i].f[j];
			if (learnt_kind(f))
				typed++;
			else if (!strcmp(f->kind, "ignored"))
				ignored++;
			else
				open++;
		}
	}
	fputs("<h2 id=\"learnt\">What was learnt</h2>\n", out);
	fprintf(out, "<p class=\"learnt\">%zu finding%s in %zu context%s of %zu probe%s: %zu say "
	             "what bits do (below, each once for the contexts that agree), %zu that bits "
	             "had no effect, %zu that nothing could be determined (not probed, or values "
	             "the runner could not say).</p>\n<p class=\"verdicts\">Against public "
	             "knowledge: ",
	        m->nfindings, m->nfindings == 1 ? "" : "s", contexts, contexts == 1 ? "" : "s",
	        probes, probes == 1 ? "" : "s", typed, ignored, open);
	for (int v = 0; v < RP_NVERDICTS; v++) {
		verdict_badge(out, (enum rp_verdict)v);
		fprintf(out, " %zu%s", m->verdicts[v], v + 1 < RP_NVERDICTS ? ", " : ".</p>\n");
	}
	for (size_t i = 0; i < m->np; i++) {
		const struct rp_probe *p = &m->p[i];
		struct rp_line *l;
		size_t n = rp_lines(p, learnt_kind, &l);
		if (!n) {
			rp_lines_free(l, n);
			continue;
		}
		if (!isa || strcmp(isa, p->isa)) {
			fputs(isa ? "</ul>\n<h3>" : "<h3>", out);
			esc(out, p->isa);
			fputs("</h3>\n<ul class=\"learnt\">\n", out);
			isa = p->isa;
		}
		fputs("<li><a href=\"#", out);
		anchor(out, p->isa, p->name, ~0u);
		fputs("\"><code>", out);
		esc(out, p->name);
		fputs("</code></a><ul>\n", out);
		for (size_t k = 0; k < n; k++) {
			const struct rp_finding *f = &p->f[l[k].f[0]];
			fprintf(out, "<li>%s%s[%u.%u] ", f->change ? f->change : "", f->change ? " " : "",
			        f->bundle, f->slot);
			esc(out, f->format);
			fputc(' ', out);
			bits_text(out, f->lo, f->hi);
			fputs(": <b>", out);
			esc(out, rp_kind_title(f->kind));
			fputs("</b>", out);
			if (f->what[0]) {
				fputs(": ", out);
				esc(out, f->what);
			}
			fputs(" ", out); /* (a condition is in the words: "..., when bit 30 = 1") */
			verdict_badge(out, f->verdict);
			fputs(" <span class=\"ctx\">(", out);
			line_contexts(out, p, &l[k]);
			fputs(")</span></li>\n", out);
		}
		fputs("</ul></li>\n", out);
		rp_lines_free(l, n);
	}
	if (isa)
		fputs("</ul>\n", out);
}

static void summary(const struct rp_model *m, FILE *out)
{
	fprintf(out, "<details class=\"counts\"><summary>The findings of each probe context, "
	             "counted (%zu rows)</summary>\n", rows(m));
	fputs("<table class=\"summary\">\n<tr><th>ISA</th><th>probe</th><th>context</th>"
	      "<th>fields</th><th>differs</th><th>new</th><th>refines</th><th>agrees</th>"
	      "<th>open</th><th>known</th><th>runs</th><th>exhaustive sweep</th></tr>\n", out);
	for (size_t i = 0; i < m->np; i++) {
		const struct rp_probe *p = &m->p[i];
		for (size_t b = 0, e; b < p->nf; b = e) {
			const struct ip_infer_context *c = rp_context(p, p->f[b].context);
			size_t v[RP_NVERDICTS] = {0};
			e = rp_context_end(p, b);
			for (size_t j = b; j < e; j++)
				v[p->f[j].verdict]++;
			fputs("<tr><td>", out);
			esc(out, p->isa);
			fputs("</td><td>", out);
			esc(out, p->name);
			fputs("</td><td><a href=\"#", out);
			anchor(out, p->isa, p->name, p->f[b].context);
			fputs("\">", out);
			esc(out, c ? c->label : "");
			fprintf(out, "</a></td><td>%zu</td>", e - b);
			for (int k = 0; k < RP_NVERDICTS; k++)
				fprintf(out, "<td>%zu</td>", v[k]);
			if (c)
				fprintf(out, "<td>%llu</td><td>2<sup>%u</sup></td></tr>\n",
				        (unsigned long long)c->runs, c->width);
			else
				fputs("<td></td><td></td></tr>\n", out);
		}
	}
	fputs("</table></details>\n", out);
}

/* The formats a probe's findings are in, each once, joined by ", " (at most 8). */
static void probe_formats(FILE *out, const struct rp_probe *p)
{
	const char *seen[8];
	size_t n = 0;
	for (size_t j = 0; j < p->nf && n < 8; j++) {
		size_t k;
		for (k = 0; k < n && strcmp(seen[k], p->f[j].format); k++)
			;
		if (k == n)
			seen[n++] = p->f[j].format;
	}
	for (size_t k = 0; k < n; k++) {
		fputs(k ? ", " : "", out);
		esc(out, seen[k][0] ? seen[k] : "value bits");
	}
}

/* Table of contents: ISA, then the formats a probe's findings are in, then probe and contexts. */
static void toc(const struct rp_model *m, FILE *out)
{
	const char *isa = NULL;
	fputs("<nav class=\"toc\"><h2>Contents</h2>\n<ul>\n<li><a href=\"#legend\">Legend</a></li>\n",
	      out);
	for (size_t i = 0; i < m->np; i++) {
		const struct rp_probe *p = &m->p[i];
		if (!p->nf)
			continue;
		if (!isa || strcmp(isa, p->isa)) {
			fputs(isa ? "</ul></li>\n<li>" : "<li>", out);
			esc(out, p->isa);
			fputs("<ul>\n", out);
			isa = p->isa;
		}
		fputs("<li>", out);
		probe_formats(out, p);
		fputs(": <a href=\"#", out);
		anchor(out, p->isa, p->name, ~0u);
		fputs("\">", out);
		esc(out, p->name);
		fputs("</a> (", out);
		for (size_t b = 0, e, k = 0; b < p->nf; b = e, k++) {
			const struct ip_infer_context *c = rp_context(p, p->f[b].context);
			e = rp_context_end(p, b);
			fputs(k ? ", " : "", out);
			fputs("<a href=\"#", out);
			anchor(out, p->isa, p->name, p->f[b].context);
			fputs("\">", out);
			if (c)
				esc(out, c->label);
			else
				fprintf(out, "%u", p->f[b].context);
			fputs("</a>", out);
		}
		fputs(")</li>\n", out);
	}
	fputs(isa ? "</ul></li>\n</ul></nav>\n" : "</ul></nav>\n", out);
}

void rp_html(const struct rp_model *m, FILE *out)
{
	const struct ip_report_options *o = m->o;
	fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
	      "<meta name=\"viewport\" content=\"width=device-width\"><title>isaprobe report: ", out);
	esc(out, m->subject);
	fputs("</title>\n"
	      "<style>body{font-family:sans-serif;margin:2em;max-width:100em}"
	      "table{border-collapse:collapse;margin:6px 0}"
	      "td,th{border:1px solid #ccc;padding:2px 6px;font-size:13px;text-align:left;"
	      "vertical-align:top}"
	      ".swatch{display:inline-block;width:10px;height:10px;margin-right:4px;"
	      "border:1px solid #999}.key{margin-right:1em;white-space:nowrap}"
	      "svg.word{display:block;margin:6px 0;max-width:100%;height:auto}"
	      ".v{display:inline-block;padding:0 4px;border-radius:3px;font-size:12px}"
	      ".v-differs{background:#e45756;color:#fff}.v-new{background:#f58518;color:#fff}"
	      ".v-refines{background:#72b7b2}.v-agrees{background:#54a24b;color:#fff}"
	      ".v-open{background:#ddd}.v-known{background:#c6dbef}.toc ul{margin:0}"
	      "ul.learnt li{margin:2px 0}"
	      ".ctx{color:#666;font-size:12px}details.counts summary{cursor:pointer}"
	      "section.context{content-visibility:auto;"
	      "contain-intrinsic-size:auto 600px}</style></head><body>\n<h1>isaprobe report: ",
	      out);
	esc(out, m->subject);
	fputs("</h1>\n", out);
	if (o->title) {
		fputs("<p class=\"source\">From ", out);
		esc(out, o->title);
		if (o->old) {
			fputs(", against ", out);
			esc(out, o->old_title ? o->old_title : "the older database");
		}
		fputs(".</p>\n", out);
	}
	if (o->old) {
		static const struct rp_prose prose = {rp_html_esc, "<p class=\"%s\">", "</p>\n", "<b>",
		                                      "</b>", "&rarr;"};
		rp_diff_lead(m, out, &prose);
	}
	if (o->since > 0)
		fprintf(out, "<p>Findings first seen in campaign %lld or later.</p>\n",
		        (long long)o->since);
	if (m->hint) {
		fputs("<p class=\"hint\">Nothing to report: ", out);
		esc(out, m->hint);
		fputs(".</p>\n", out);
	}
	leading(m, out); /* the nightly diff: what to look at first */
	learnt(m, out);
	summary(m, out);
	toc(m, out);
	rp_svg_defs(m, out);
	legend(out);
	for (size_t i = 0; i < m->np; i++) {
		const struct rp_probe *p = &m->p[i];
		if (!p->nf)
			continue;
		fputs("<h2 id=\"", out);
		anchor(out, p->isa, p->name, ~0u);
		fputs("\">", out);
		esc(out, p->isa);
		fputs(": probe <code>", out);
		esc(out, p->name);
		fputs("</code></h2>\n", out);
		for (size_t b = 0, e; b < p->nf; b = e) {
			unsigned idx = p->f[b].context;
			const struct ip_infer_context *c = rp_context(p, idx);
			e = rp_context_end(p, b);
			fprintf(out, "<section class=\"context\" data-context=\"%u\" id=\"", idx);
			anchor(out, p->isa, p->name, idx);
			fprintf(out, "\"><h3>Context %u", idx);
			if (c) {
				fputs(" <code>", out);
				esc(out, c->label);
				fputs("</code>", out);
			}
			fputs("</h3>\n", out);
			if (c)
				fprintf(out, "<p>%llu runs on %llu variants; an exhaustive sweep of the %u bits "
				             "is 2<sup>%u</sup> = %.0f runs.</p>\n",
				        (unsigned long long)c->runs, (unsigned long long)c->variants, c->width,
				        c->width, ldexp(1.0, (int)c->width));
			/* one diagram per instruction and format: findings are sorted by them */
			for (size_t j = b; j < e; j++) {
				const struct rp_finding *f = &p->f[j];
				if (j > b && f->bundle == p->f[j - 1].bundle && f->slot == p->f[j - 1].slot &&
				    !strcmp(f->format, p->f[j - 1].format))
					continue;
				fputs("<h4>", out);
				esc(out, f->format[0] ? f->format : "The value bits");
				fprintf(out, " in instruction %u.%u</h4>\n", f->bundle, f->slot);
				rp_svg_word(out, p, b, e, f, c);
			}
			table(out, p, b, e, o->old != NULL);
			fputs("</section>\n", out);
		}
	}
	fputs("</body></html>\n", out);
}
