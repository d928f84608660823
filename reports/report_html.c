/* report_html.c: the HTML report: per probe and context an SVG bit diagram of the word (one
 * box per inferred field, coloured by kind), an SVG heat map of each bit's walk effect, and a
 * table of the findings with their evidence and what the notes said. */
#include <math.h>
#include <string.h>

#include "report_internal.h"

#define CELL 24

static const struct {
	const char *kind, *fill;
} fills[] = {
	{"ignored", "#d9d9d9"},  {"reserved", "#e45756"},     {"register", "#4c78a8"},
	{"component", "#72b7b2"}, {"offset", "#f58518"},      {"imm_signed", "#eeca3b"},
	{"imm_unsigned", "#ffbf79"}, {"shift", "#b279a2"},    {"modifier", "#ff9da6"},
	{"mask", "#54a24b"},     {"enum", "#9d755d"},         {"distinct", "#bab0ac"},
	{"unmodeled", "#9e9e9e"}, {"unknown", "#ffffff"},
};

static const char *fill(const char *kind)
{
	for (size_t i = 0; i < sizeof fills / sizeof fills[0]; i++)
		if (!strcmp(kind, fills[i].kind))
			return fills[i].fill;
	return "#cccccc";
}

static void esc(FILE *out, const char *s)
{
	struct strbuf b;
	sb_init(&b);
	sb_html(&b, s ? s : "");
	if (b.s)
		fputs(b.s, out);
	sb_free(&b);
}

/* Whether f is drawn in the diagram of context idx, instruction g (bundle, slot, format): a
 * field that holds only under a condition is listed in the table, not boxed over the field it
 * refines. */
static int in_diagram(const struct rp_finding *f, unsigned idx, const struct rp_finding *g)
{
	return f->context == idx && f->bundle == g->bundle && f->slot == g->slot &&
	       !strcmp(f->format, g->format) && !f->cond[0];
}

/* One box per finding of context idx in g's instruction and format; bits drawn high to low,
 * left to right. */
static void diagram(FILE *out, const struct rp_probe *p, unsigned idx, const struct rp_finding *g)
{
	const char *fmt = g->format;
	unsigned lo = ~0u, hi = 0;
	for (size_t j = 0; j < p->nf; j++) {
		const struct rp_finding *f = &p->f[j];
		if (!in_diagram(f, idx, g) || f->lo > f->hi)
			continue;
		lo = f->lo < lo ? f->lo : lo;
		hi = f->hi > hi ? f->hi : hi;
	}
	/* bit numbers are checked against their format's width when read (db/validate.c); a
	 * diagram is never wider than the widest value, whatever reached here */
	if (lo > hi || hi - lo >= IP_STORE_MAX_VALUE * 8)
		return;
	unsigned n = hi - lo + 1;
	fprintf(out, "<svg class=\"fields\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" "
	             "height=\"70\" data-format=\"", n * CELL + 2);
	esc(out, fmt);
	fprintf(out, "\">\n");
	for (unsigned b = lo; b <= hi; b++)
		fprintf(out, "<text x=\"%u\" y=\"12\" font-size=\"9\" text-anchor=\"middle\">%u</text>\n",
		        (hi - b) * CELL + CELL / 2 + 1, b);
	for (size_t j = 0; j < p->nf; j++) {
		const struct rp_finding *f = &p->f[j];
		/* a model difference is a note on a field boxed already: listed in the table */
		if (!in_diagram(f, idx, g) || !strcmp(f->kind, "model_differs") || f->lo > f->hi ||
		    f->lo < lo || f->hi > hi)
			continue;
		unsigned x = (hi - f->hi) * CELL + 1, w = (f->hi - f->lo + 1) * CELL;
		fprintf(out, "<g><title>%u-%u: ", f->lo, f->hi);
		esc(out, rp_kind_title(f->kind));
		fputs(": ", out);
		esc(out, f->what);
		char label[64];
		snprintf(label, sizeof label, "%.*s", (int)(w / 7 > 1 ? w / 7 : 1), f->kind);
		fprintf(out, "</title><rect class=\"field\" data-lo=\"%u\" data-hi=\"%u\" "
		             "data-kind=\"", f->lo, f->hi);
		esc(out, f->kind);
		fprintf(out, "\" x=\"%u\" y=\"18\" width=\"%u\" height=\"34\" fill=\"%s\" "
		             "stroke=\"#333\" fill-opacity=\"%.2f\"/>",
		        x, w, fill(f->kind), 0.35 + 0.65 * f->confidence);
		fprintf(out, "<text x=\"%u\" y=\"40\" font-size=\"10\" text-anchor=\"middle\">",
		        x + w / 2);
		esc(out, label);
		fputs("</text></g>\n", out);
	}
	fputs("</svg>\n", out);
}

/* Per-bit walk effects: grey none, red fault, darker grey unmodeled, white unprobed, blue
 * output change (darker = more output words changed). */
static void heatmap(FILE *out, const struct ip_infer_context *c)
{
	unsigned maxout = 1;
	for (unsigned b = 0; b < c->width; b++)
		maxout = c->bits[b].outputs > maxout ? c->bits[b].outputs : maxout;
	fprintf(out, "<svg class=\"heatmap\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" "
	             "height=\"44\">\n", c->width * CELL + 2);
	for (unsigned i = 0; i < c->width; i++) {
		unsigned b = c->width - 1 - i; /* highest value bit on the left */
		const struct ip_bit_summary *s = &c->bits[b];
		char col[16];
		switch (s->effect) {
		case IP_EFFECT_NONE: strcpy(col, "#e8e8e8"); break;
		case IP_EFFECT_FAULT: strcpy(col, "#d62728"); break;
		case IP_EFFECT_UNMODELED: strcpy(col, "#8c8c8c"); break;
		case IP_EFFECT_CHANGE: {
			double t = 0.3 + 0.7 * (double)s->outputs / (double)maxout;
			snprintf(col, sizeof col, "#%02x%02x%02x", (unsigned)(255 - t * 225),
			         (unsigned)(255 - t * 155), 255u);
			break;
		}
		default: strcpy(col, "#ffffff");
		}
		fprintf(out, "<g><title>bit %u: %s, %u output word%s, %llu run%s", c->bit_pos[b],
		        ip_bit_effect_name(s->effect), s->outputs, s->outputs == 1 ? "" : "s",
		        (unsigned long long)s->runs, s->runs == 1 ? "" : "s");
		if (s->contradicting)
			fprintf(out, " (%llu contradicting)", (unsigned long long)s->contradicting);
		fprintf(out, "</title><rect class=\"bit\" data-bit=\"%u\" data-effect=\"%s\" x=\"%u\" "
		             "y=\"2\" width=\"%u\" height=\"24\" fill=\"%s\" stroke=\"#666\"/>"
		             "<text x=\"%u\" y=\"38\" font-size=\"9\" text-anchor=\"middle\">%u</text></g>\n",
		        c->bit_pos[b], ip_bit_effect_name(s->effect), i * CELL + 1, CELL, col,
		        i * CELL + CELL / 2 + 1, c->bit_pos[b]);
	}
	fputs("</svg>\n", out);
}

static void table(FILE *out, const struct rp_probe *p, unsigned idx, int diff)
{
	fprintf(out, "<table>\n<tr>%s<th>bits</th><th>inferred</th><th>what</th><th>confidence</th>"
	             "<th>evidence (runs for / against, variants)</th><th>notes said</th></tr>\n",
	        diff ? "<th>change</th>" : "");
	for (size_t j = 0; j < p->nf; j++) {
		const struct rp_finding *f = &p->f[j];
		if (f->context != idx)
			continue;
		fputs("<tr>", out);
		if (diff)
			fprintf(out, "<td>%s</td>", f->change ? f->change : "");
		fprintf(out, "<td>[%u.%u] %u-%u</td><td><span class=\"swatch\" "
		             "style=\"background:%s\"></span>",
		        f->bundle, f->slot, f->lo, f->hi, fill(f->kind));
		esc(out, rp_kind_title(f->kind));
		fputs("</td><td>", out);
		esc(out, f->what);
		fprintf(out, "</td><td>%.2f</td><td>%lld / %lld, %lld</td><td>", f->confidence,
		        f->support, f->against, f->variants);
		esc(out, f->notes);
		fputs("</td></tr>\n", out);
	}
	fputs("</table>\n", out);
}

void rp_html(const struct rp_model *m, FILE *out)
{
	const struct ip_report_options *o = m->o;
	fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>isaprobe report</title>\n"
	      "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
	      "td,th{border:1px solid #ccc;padding:2px 6px;font-size:13px;text-align:left}"
	      ".swatch{display:inline-block;width:10px;height:10px;margin-right:4px}"
	      "svg{display:block;margin:6px 0}</style></head><body>\n<h1>isaprobe report", out);
	if (o->title) {
		fputs(": ", out);
		esc(out, o->title);
	}
	fputs("</h1>\n", out);
	if (o->old) {
		fputs("<p>Changes against ", out);
		esc(out, o->old_title ? o->old_title : "the older database");
		fputs(": findings new, changed or gone.</p>\n", out);
	}
	if (o->since > 0)
		fprintf(out, "<p>Findings first seen in campaign %lld or later.</p>\n",
		        (long long)o->since);
	fprintf(out, "<p>%zu findings.</p>\n", m->nfindings);
	if (m->hint) {
		fputs("<p class=\"hint\">Nothing to report: ", out);
		esc(out, m->hint);
		fputs(".</p>\n", out);
	}
	for (size_t i = 0; i < m->np; i++) {
		const struct rp_probe *p = &m->p[i];
		unsigned ctx[256];
		size_t nctx = rp_contexts(p, ctx);
		if (!p->nf)
			continue;
		fputs("<h2>", out);
		esc(out, p->isa);
		fputs(": probe <code>", out);
		esc(out, p->name);
		fputs("</code></h2>\n", out);
		for (size_t k = 0; k < nctx; k++) {
			const struct ip_infer_context *c = rp_context(p, ctx[k]);
			fprintf(out, "<section class=\"context\" data-context=\"%u\"><h3>Context %u", ctx[k],
			        ctx[k]);
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
			for (size_t j = 0; j < p->nf; j++) {
				const struct rp_finding *f = &p->f[j];
				int first = 1;
				if (f->context != ctx[k])
					continue;
				for (size_t q = 0; q < j; q++)
					first &= !in_diagram(&p->f[q], ctx[k], f);
				if (!first || f->cond[0])
					continue;
				fputs("<h4>Fields of ", out);
				esc(out, f->format[0] ? f->format : "the value");
				fprintf(out, " in instruction %u.%u</h4>\n", f->bundle, f->slot);
				diagram(out, p, ctx[k], f);
			}
			if (c) {
				fputs("<h4>Per-bit effect of the walk</h4>\n", out);
				heatmap(out, c);
			}
			table(out, p, ctx[k], o->old != NULL);
			fputs("</section>\n", out);
		}
	}
	fputs("</body></html>\n", out);
}
