/* report_html.c: the HTML report: a summary table and a table of contents (by ISA, format and
 * probe), a legend, then per probe context the whole instruction word drawn (the notes' fields,
 * later public work's, the inferred ones and the walk's per-bit heat map, bit for bit aligned),
 * and a table of the findings with their verdict, evidence and one example per value. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "isaprobe/field.h"
#include "isaprobe/isa.h"
#include "isaprobe/public.h"
#include "report_internal.h"

#define ROW 26   /* height of a row of boxes */
#define PX_CHAR 6 /* width of a character of the 10px labels, rounded up */

static const struct {
	const char *kind, *fill;
} fills[] = {
	{"ignored", "#d9d9d9"},  {"reserved", "#e45756"},     {"register", "#4c78a8"},
	{"component", "#72b7b2"}, {"offset", "#f58518"},      {"imm_signed", "#eeca3b"},
	{"imm_unsigned", "#ffbf79"}, {"shift", "#b279a2"},    {"modifier", "#ff9da6"},
	{"mask", "#54a24b"},     {"enum", "#9d755d"},         {"distinct", "#bab0ac"},
	{"unmodeled", "#9e9e9e"}, {"unknown", "#ffffff"},     {"model_differs", "#c9a0dc"},
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

/* An id for anchors: "a-b" or "a-b-n" (n ~0u: none). */
static void anchor(FILE *out, const char *a, const char *b, unsigned n)
{
	id_part(out, a);
	fputc('-', out);
	id_part(out, b);
	if (n != ~0u)
		fprintf(out, "-%u", n);
}

static void bits_text(FILE *out, unsigned lo, unsigned hi)
{
	if (lo == hi)
		fprintf(out, "%u", lo);
	else
		fprintf(out, "%u-%u", lo, hi);
}

/* The notes' format of "isa.name", or NULL (value bits, an ISA without tables). */
static const struct ip_format *format_of(const char *format)
{
	char isa[64];
	const char *dot = strchr(format, '.');
	const struct ip_isa *i;
	if (!dot || (size_t)(dot - format) >= sizeof isa)
		return NULL;
	memcpy(isa, format, (size_t)(dot - format));
	isa[dot - format] = 0;
	return (i = ip_isa_find(isa)) ? ip_isa_format(i, dot + 1) : NULL;
}

struct word {
	unsigned lo, hi; /* bits drawn, hi on the left */
	unsigned cell;   /* pixels a bit */
	unsigned label_w; /* the row labels' column */
};

static unsigned bit_x(const struct word *w, unsigned bit)
{
	return w->label_w + (w->hi - bit) * w->cell;
}

/* A box over bits lo-hi in row y with a label that fits (else none: its title says it). */
static void box(FILE *out, const struct word *w, unsigned lo, unsigned hi, unsigned y,
                const char *cls, const char *fillc, double opacity, const char *name,
                const char *title)
{
	unsigned x = bit_x(w, hi), width = (hi - lo + 1) * w->cell;
	size_t fits = width > 4 ? (width - 4) / PX_CHAR : 0, len = strlen(name);
	fprintf(out, "<g><title>");
	bits_text(out, lo, hi);
	fputs(": ", out);
	esc(out, title);
	fprintf(out, "</title><rect class=\"%s\" data-lo=\"%u\" data-hi=\"%u\" x=\"%u\" y=\"%u\" "
	             "width=\"%u\" height=\"%u\" fill=\"%s\" fill-opacity=\"%.2f\" stroke=\"#333\"/>",
	        cls, lo, hi, x, y, width, ROW - 4, fillc, opacity);
	if (fits >= 1) {
		char label[96];
		if (len <= fits)
			snprintf(label, sizeof label, "%s", name);
		else if (fits >= 3)
			snprintf(label, sizeof label, "%.*s~", (int)(fits - 1 < 90 ? fits - 1 : 90), name);
		else
			label[0] = 0;
		fprintf(out, "<text x=\"%u\" y=\"%u\" font-size=\"10\" text-anchor=\"middle\">",
		        x + width / 2, y + ROW / 2 + 2);
		esc(out, label);
		fputs("</text>", out);
	}
	fputs("</g>\n", out);
}

static void row_label(FILE *out, unsigned y, const char *text)
{
	fprintf(out, "<text x=\"2\" y=\"%u\" font-size=\"10\">%s</text>\n", y + ROW / 2 + 2, text);
}

/* Whether f belongs in the diagram of g's instruction and format: a field that holds only under
 * a condition (or a model difference) is listed in the table, not boxed over the field it
 * refines. */
static int in_diagram(const struct rp_finding *f, const struct rp_finding *g)
{
	return f->bundle == g->bundle && f->slot == g->slot && !strcmp(f->format, g->format) &&
	       !f->cond[0] && strcmp(f->kind, "model_differs") && f->lo <= f->hi;
}

/* The rows of what is known of a word: the notes' fields (the first of alternatives over the
 * same bits), then later public work's where it reads every instruction of the format alike. */
static void known_rows(FILE *out, const struct word *wp, const struct ip_format *fmt,
                       const struct ip_public_overlay *ov, const char *name, unsigned npub)
{
	struct word w = *wp;
	unsigned y = 16;
	if (fmt) { /* the notes: every field, the first of alternatives over the same bits */
		unsigned char drawn[IP_STORE_MAX_VALUE * 8] = {0};
		row_label(out, y, "notes");
		for (unsigned i = 0; i < fmt->nfields; i++) {
			const struct ip_field *f = &fmt->fields[i];
			unsigned hi = f->lo + f->width - 1, free_ = 1;
			char title[160];
			for (unsigned bit = f->lo; bit <= hi && bit < sizeof drawn; bit++)
				free_ &= !drawn[bit];
			if (!free_ || hi > w.hi)
				continue;
			memset(drawn + f->lo, 1, f->width);
			snprintf(title, sizeof title, "%s (%s; the notes: %s)", f->name, ip_doc_name(f->doc),
			         f->note ? f->note : "");
			box(out, &w, f->lo, hi, y, f->doc == IP_DOC_KNOWN ? "known" : "notes-unknown",
			    f->doc == IP_DOC_KNOWN ? "#f4f4f4" : "#fff3c4", 1.0, f->name, title);
		}
		y += ROW;
	}
	if (npub) { /* later public work, where it reads every instruction of the format alike */
		row_label(out, y, "public");
		for (size_t i = 0; i < ov->nparts; i++) {
			const struct ip_public_part *pt = &ov->parts[i];
			if (pt->applies || strcmp(pt->format, name))
				continue;
			for (unsigned j = 0; j < pt->fields->nfields; j++) {
				const struct ip_field *f = &pt->fields->fields[j];
				unsigned lo = pt->base + f->lo, hi = lo + f->width - 1;
				char title[200];
				if (hi > w.hi)
					continue;
				snprintf(title, sizeof title, "%s: %s (%s)", f->name, f->note ? f->note : "",
				         pt->fields->source);
				box(out, &w, lo, hi, y, "public", "#e3eefb", 1.0, f->name, title);
			}
		}
		y += ROW;
	}
}

/* The whole word of g's instruction and format in context range [b, e): the notes' fields, the
 * public fields that apply to every instruction, the inferred ones, the walk's heat map. */
/* The bit numbers over the word: every one, or every 4th where bits are narrow. */
static void bit_numbers(FILE *out, const struct word *w)
{
	for (unsigned bit = w->lo; bit <= w->hi; bit++)
		if (w->cell >= 16 || bit % 4 == 0 || bit == w->hi)
			fprintf(out, "<text x=\"%u\" y=\"12\" font-size=\"9\" text-anchor=\"middle\">%u"
			             "</text>\n", bit_x(w, bit) + w->cell / 2, bit);
}

static unsigned cell_of(unsigned nbits)
{
	return nbits <= 48 ? 22 : nbits <= 64 ? 16 : 10;
}

static unsigned public_parts(const struct ip_public_overlay *ov, const char *name)
{
	unsigned n = 0;
	for (size_t i = 0; ov && i < ov->nparts; i++)
		n += !ov->parts[i].applies && !strcmp(ov->parts[i].format, name);
	return n;
}

/* Once per page: the known rows of every format a finding is in, for the diagrams to <use>. */
static void known_defs(const struct rp_model *m, FILE *out)
{
	const char **done = NULL;
	size_t ndone = 0;
	fputs("<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\">"
	      "<defs>\n", out);
	for (size_t i = 0; i < m->np; i++)
		for (size_t j = 0; j < m->p[i].nf; j++) {
			const char *format = m->p[i].f[j].format;
			const struct ip_format *fmt;
			size_t k;
			if (j && !strcmp(format, m->p[i].f[j - 1].format))
				continue;
			for (k = 0; k < ndone && strcmp(done[k], format); k++)
				;
			if (k < ndone || !(fmt = format_of(format)))
				continue;
			if (ndone % 16 == 0 && !(done = realloc(done, (ndone + 16) * sizeof *done)))
				abort();
			done[ndone++] = format;
			const char *name = strchr(format, '.') + 1;
			const struct ip_public_overlay *ov = ip_public_overlay(m->p[i].isa);
			struct word w = {0, fmt->bits - 1, cell_of(fmt->bits), 56};
			fputs("<g id=\"", out);
			anchor(out, "word", format, ~0u);
			fputs("\">\n", out);
			bit_numbers(out, &w);
			known_rows(out, &w, fmt, ov, name, public_parts(ov, name));
			fputs("</g>\n", out);
		}
	fputs("</defs></svg>\n", out);
	free(done);
}

static void diagram(FILE *out, const struct rp_probe *p, size_t b, size_t e,
                    const struct rp_finding *g, const struct ip_infer_context *c)
{
	const struct ip_format *fmt = format_of(g->format);
	const struct ip_public_overlay *ov = ip_public_overlay(p->isa);
	const char *name = strchr(g->format, '.') ? strchr(g->format, '.') + 1 : g->format;
	struct word w = {~0u, 0, 0, 56};
	unsigned y = 16, npub = 0;
	if (fmt) { /* the whole word */
		w.lo = 0;
		w.hi = fmt->bits - 1;
	} else /* value bits: what was found */
		for (size_t j = b; j < e; j++)
			if (in_diagram(&p->f[j], g)) {
				w.lo = p->f[j].lo < w.lo ? p->f[j].lo : w.lo;
				w.hi = p->f[j].hi > w.hi ? p->f[j].hi : w.hi;
			}
	if (w.lo > w.hi || w.hi - w.lo >= IP_STORE_MAX_VALUE * 8)
		return;
	unsigned n = w.hi - w.lo + 1;
	w.cell = cell_of(n);
	npub = fmt ? public_parts(ov, name) : 0;
	unsigned rows = 2 + (fmt != NULL) + (npub > 0) + (c != NULL);
	fprintf(out, "<svg class=\"word\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %u %u\" "
	             "width=\"%u\" data-bits=\"%u\" data-format=\"",
	        w.label_w + n * w.cell + 2, 16 + rows * ROW, w.label_w + n * w.cell + 2, n);
	esc(out, g->format);
	fputs("\">\n", out);
	if (!fmt)
		bit_numbers(out, &w);
	if (fmt) { /* bit numbers, the notes' and public rows: defined once at the top of the page */
		fputs("<use href=\"#", out);
		anchor(out, "word", g->format, ~0u);
		fputs("\"/>\n", out);
		y += ROW * ((fmt != NULL) + (npub > 0));
	}
	row_label(out, y, "found");
	for (size_t j = b; j < e; j++) {
		const struct rp_finding *f = &p->f[j];
		char title[512];
		if (!in_diagram(f, g) || f->lo < w.lo || f->hi > w.hi)
			continue;
		snprintf(title, sizeof title, "%s: %s [%s]", rp_kind_title(f->kind), f->what,
		         f->public_text);
		box(out, &w, f->lo, f->hi, y, "field", fill(f->kind),
		    rp_without_evidence(f->kind) ? 0.6 : 0.35 + 0.65 * f->confidence,
		    rp_kind_title(f->kind), title);
	}
	y += ROW;
	if (c) { /* the walk's effect of each target bit of this format, under its bit */
		unsigned maxout = 1;
		row_label(out, y, "walk");
		for (unsigned i = 0; i < c->width; i++)
			maxout = c->bits[i].outputs > maxout ? c->bits[i].outputs : maxout;
		for (unsigned i = 0; i < c->width; i++) {
			const struct ip_bit_summary *s = &c->bits[i];
			unsigned bit = c->bit_pos[i];
			char col[16];
			if (strcmp(c->bit_format[i], g->format) || bit < w.lo || bit > w.hi)
				continue;
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
			fprintf(out, "<g><title>bit %u: %s, %u output word%s, %llu run%s", bit,
			        ip_bit_effect_name(s->effect), s->outputs, s->outputs == 1 ? "" : "s",
			        (unsigned long long)s->runs, s->runs == 1 ? "" : "s");
			if (s->contradicting)
				fprintf(out, " (%llu contradicting)", (unsigned long long)s->contradicting);
			fprintf(out, "</title><rect class=\"bit\" data-bit=\"%u\" data-effect=\"%s\" x=\"%u\" "
			             "y=\"%u\" width=\"%u\" height=\"%u\" fill=\"%s\" stroke=\"#666\"/></g>\n",
			        bit, ip_bit_effect_name(s->effect), bit_x(&w, bit), y, w.cell, ROW - 4, col);
		}
	}
	fputs("</svg>\n", out);
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

/* A diff's first sections (report_lead.c): per verdict, its findings with their ISA, probe and
 * context (a link to the context's section), what changed and what public work says. */
static void leading(const struct rp_model *m, FILE *out)
{
	const struct rp_lead *leads;
	for (size_t l = 0, n = rp_leads(m, &leads); l < n; l++) {
		int header = 0;
		for (size_t i = 0; i < m->np; i++)
			for (size_t j = 0; j < m->p[i].nf; j++) {
				const struct rp_probe *p = &m->p[i];
				const struct rp_finding *f = &p->f[j];
				char buf[16];
				if (!rp_in_lead(f, &leads[l]))
					continue;
				if (!header) {
					fprintf(out, "<h2 id=\"%s\">%s</h2>\n<table class=\"findings lead\">\n"
					             "<tr><th>ISA</th><th>probe</th><th>context</th><th>change"
					             "</th><th>bits</th><th>inferred</th><th>what</th><th>public"
					             " knowledge</th></tr>\n", leads[l].id, leads[l].title);
					header = 1;
				}
				fputs("<tr><td>", out);
				esc(out, p->isa);
				fputs("</td><td>", out);
				esc(out, p->name);
				fputs("</td><td><a href=\"#", out);
				anchor(out, p->isa, p->name, f->context);
				fputs("\">", out);
				esc(out, rp_context_label(p, f->context, buf, sizeof buf));
				fprintf(out, "</a></td><td>%s</td>", f->change ? f->change : "");
				finding_cells(out, f);
				fputs("</td></tr>\n", out);
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
	for (size_t i = 0; i < sizeof fills / sizeof fills[0]; i++) {
		fprintf(out, "<span class=\"key\"><span class=\"swatch\" style=\"background:%s\">"
		             "</span>", fills[i].fill);
		esc(out, rp_kind_title(fills[i].kind));
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

static void summary(const struct rp_model *m, FILE *out)
{
	fprintf(out, "<p class=\"verdicts\">Against public knowledge: ");
	for (int v = 0; v < RP_NVERDICTS; v++) {
		verdict_badge(out, (enum rp_verdict)v);
		fprintf(out, " %zu%s", m->verdicts[v], v + 1 < RP_NVERDICTS ? ", " : ".");
	}
	fputs("</p>\n<table class=\"summary\">\n<tr><th>ISA</th><th>probe</th><th>context</th>"
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
	fputs("</table>\n", out);
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
	      "<meta name=\"viewport\" content=\"width=device-width\"><title>isaprobe report</title>\n"
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
	      ".v-open{background:#ddd}.v-known{background:#c6dbef}"
	      ".toc ul{margin:0}section.context{content-visibility:auto;"
	      "contain-intrinsic-size:auto 600px}</style></head><body>\n<h1>isaprobe report",
	      out);
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
	summary(m, out);
	leading(m, out); /* the nightly diff: what to look at first */
	toc(m, out);
	known_defs(m, out);
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
				diagram(out, p, b, e, f, c);
			}
			table(out, p, b, e, o->old != NULL);
			fputs("</section>\n", out);
		}
	}
	fputs("</body></html>\n", out);
}
