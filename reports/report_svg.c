/* report_svg.c: the HTML report's whole-word diagrams (SVG): the notes' fields, later public
 * work's and the inferred ones over the bits they cover, and the walk's effect under each bit;
 * every box's label whole, flat where it fits and turned upright where it does not. */
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "isaprobe/field.h"
#include "isaprobe/isa.h"
#include "isaprobe/internal/public.h"
#include "report_internal.h"

#define ROW 26     /* the least height of a row of boxes */
#define PX_CHAR 6  /* a character of the 10px monospace labels (every monospace font: 0.6 em) */
#define TOP 16     /* the bit numbers above the rows */
#define LABELS 56  /* the row labels' column */

static const struct {
	const char *kind, *fill, *label;
} fills[] = {
	{"ignored", "#d9d9d9", "ignored"},          {"reserved", "#e45756", "reserved"},
	{"register", "#4c78a8", "register"},        {"component", "#72b7b2", "component"},
	{"offset", "#f58518", "offset"},            {"imm_signed", "#eeca3b", "signed imm"},
	{"imm_unsigned", "#ffbf79", "unsigned imm"}, {"shift", "#b279a2", "shift"},
	{"modifier", "#ff9da6", "modifier"},        {"mask", "#54a24b", "write mask"},
	{"enum", "#9d755d", "enum"},                {"distinct", "#bab0ac", "distinct"},
	{"unmodeled", "#9e9e9e", "not determined"}, {"unknown", "#ffffff", "not probed"},
	{"model_differs", "#c9a0dc", "by GPU model"},
};

const char *rp_kind_fill(const char *kind)
{
	for (size_t i = 0; i < sizeof fills / sizeof fills[0]; i++)
		if (!strcmp(kind, fills[i].kind))
			return fills[i].fill;
	return "#cccccc";
}

const char *rp_fill_kind(size_t i)
{
	return i < sizeof fills / sizeof fills[0] ? fills[i].kind : NULL;
}

/* The short name a found box is labelled with (its title says the kind in full). */
static const char *box_label(const char *kind)
{
	for (size_t i = 0; i < sizeof fills / sizeof fills[0]; i++)
		if (!strcmp(kind, fills[i].kind))
			return fills[i].label;
	return kind;
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
};

static unsigned bit_x(const struct word *w, unsigned bit)
{
	return LABELS + (w->hi - bit) * w->cell;
}

/* A row of boxes: where it starts, how tall it is; out NULL: only measuring (h grows to what
 * every label needs). */
struct row {
	FILE *out;
	unsigned y, h;
};

/* A box over bits lo-hi with its label whole: flat and centred where it fits the box's width,
 * else turned to read upwards, for which the row is made tall enough. */
static void box(struct row *r, const struct word *w, unsigned lo, unsigned hi, const char *cls,
                const char *fillc, double opacity, const char *name, const char *title)
{
	unsigned x = bit_x(w, hi), width = (hi - lo + 1) * w->cell;
	unsigned len = (unsigned)strlen(name) * PX_CHAR;
	int flat = len + 4 <= width;
	/* turned, a label's lines are as wide as 1.17 em: 8px type in a box narrower than 12px */
	unsigned size = flat || width >= 12 ? 10 : 8;
	if (!flat)
		len = (unsigned)strlen(name) * (size == 10 ? PX_CHAR : PX_CHAR - 1);
	if (!r->out) {
		if (!flat && len + 12 > r->h)
			r->h = len + 12;
		return;
	}
	fputs("<g><title>", r->out);
	bits_text(r->out, lo, hi);
	fputs(": ", r->out);
	rp_html_esc(r->out, title);
	fprintf(r->out, "</title><rect class=\"%s\" data-lo=\"%u\" data-hi=\"%u\" x=\"%u\" y=\"%u\" "
	                "width=\"%u\" height=\"%u\" fill=\"%s\" fill-opacity=\"%.2f\" "
	                "stroke=\"#333\"/>",
	        cls, lo, hi, x, r->y, width, r->h - 4, fillc, opacity);
	if (flat)
		fprintf(r->out, "<text class=\"label\" x=\"%u\" y=\"%u\" font-size=\"10\" "
		                "font-family=\"monospace\" text-anchor=\"middle\" "
		                "dominant-baseline=\"central\">",
		        x + width / 2, r->y + (r->h - 4) / 2);
	else /* upright: from the box's foot upwards, centred on its width */
		fprintf(r->out, "<text class=\"label turned\" x=\"%u\" y=\"%u\" font-size=\"%u\" "
		                "font-family=\"monospace\" dominant-baseline=\"central\" "
		                "transform=\"rotate(-90 %u %u)\">",
		        x + width / 2, r->y + r->h - 9, size, x + width / 2, r->y + r->h - 9);
	rp_html_esc(r->out, name);
	fputs("</text></g>\n", r->out);
}

static void row_label(const struct row *r, const char *text)
{
	if (r->out)
		fprintf(r->out, "<text x=\"2\" y=\"%u\" font-size=\"10\">%s</text>\n", r->y + ROW / 2 + 2,
		        text);
}

/* Whether f belongs in the diagram of g's instruction and format: a field that holds only under
 * a condition (or a model difference) is listed in the table, not boxed over the field it
 * refines. */
static int in_diagram(const struct rp_finding *f, const struct rp_finding *g)
{
	return f->bundle == g->bundle && f->slot == g->slot && !strcmp(f->format, g->format) &&
	       !f->cond[0] && strcmp(f->kind, "model_differs") && f->lo <= f->hi;
}

/* The notes' row: every field, the first of alternatives over the same bits. */
static void notes_row(struct row *r, const struct word *w, const struct ip_format *fmt)
{
	unsigned char drawn[IP_STORE_MAX_VALUE * 8] = {0};
	row_label(r, "notes");
	for (unsigned i = 0; i < fmt->nfields; i++) {
		const struct ip_field *f = &fmt->fields[i];
		unsigned hi = f->lo + f->width - 1, free_ = 1;
		char title[160];
		for (unsigned bit = f->lo; bit <= hi && bit < sizeof drawn; bit++)
			free_ &= !drawn[bit];
		if (!free_ || hi > w->hi)
			continue;
		memset(drawn + f->lo, 1, f->width);
		snprintf(title, sizeof title, "%s (%s; the notes: %s)", f->name, ip_doc_name(f->doc),
		         f->note ? f->note : "");
		box(r, w, f->lo, hi, f->doc == IP_DOC_KNOWN ? "known" : "notes-unknown",
		    f->doc == IP_DOC_KNOWN ? "#f4f4f4" : "#fff3c4", 1.0, f->name, title);
	}
}

/* Later public work's row, where it reads every instruction of the format alike. */
static void public_row(struct row *r, const struct word *w, const struct ip_public_overlay *ov,
                       const char *name)
{
	row_label(r, "public");
	for (size_t i = 0; ov && i < ov->nparts; i++) {
		const struct ip_public_part *pt = &ov->parts[i];
		if (pt->applies || strcmp(pt->format, name))
			continue;
		for (unsigned j = 0; j < pt->fields->nfields; j++) {
			const struct ip_field *f = &pt->fields->fields[j];
			unsigned lo = pt->base + f->lo, hi = lo + f->width - 1;
			char title[200];
			if (hi > w->hi)
				continue;
			snprintf(title, sizeof title, "%s: %s (%s)", f->name, f->note ? f->note : "",
			         pt->fields->source);
			box(r, w, lo, hi, "public", "#e3eefb", 1.0, f->name, title);
		}
	}
}

/* The found row: the findings [b, e) of p that belong in g's diagram. */
static void found_row(struct row *r, const struct word *w, const struct rp_probe *p, size_t b,
                      size_t e, const struct rp_finding *g)
{
	row_label(r, "found");
	for (size_t j = b; j < e; j++) {
		const struct rp_finding *f = &p->f[j];
		char title[512];
		if (!in_diagram(f, g) || f->lo < w->lo || f->hi > w->hi)
			continue;
		snprintf(title, sizeof title, "%s: %s [%s]", rp_kind_title(f->kind), f->what,
		         f->public_text);
		box(r, w, f->lo, f->hi, "field", rp_kind_fill(f->kind),
		    rp_without_evidence(f->kind) ? 0.6 : 0.35 + 0.65 * f->confidence, box_label(f->kind),
		    title);
	}
}

/* The height a row needs: what measure() grows it to, at least ROW. */
#define MEASURE(call, rowvar)                                                               \
	do {                                                                                 \
		struct row rowvar = {NULL, 0, ROW};                                              \
		call;                                                                            \
		h = rowvar.h;                                                                    \
	} while (0)

/* The heights of the notes' and the public rows of format name (0: no such row). */
static void known_heights(const struct word *w, const struct ip_format *fmt,
                          const struct ip_public_overlay *ov, const char *name, unsigned npub,
                          unsigned *notes_h, unsigned *public_h)
{
	unsigned h;
	MEASURE(notes_row(&m, w, fmt), m);
	*notes_h = h;
	*public_h = 0;
	if (npub) {
		MEASURE(public_row(&m, w, ov, name), m);
		*public_h = h;
	}
}

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

void rp_svg_defs(const struct rp_model *m, FILE *out)
{
	const char **done = NULL;
	size_t ndone = 0, done_cap = 0;
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
			if (ip_grow((void **)&done, &done_cap, ndone + 1, sizeof *done))
				abort();
			done[ndone++] = format;
			const char *name = strchr(format, '.') + 1;
			const struct ip_public_overlay *ov = ip_public_overlay(m->p[i].isa);
			unsigned npub = public_parts(ov, name), nh, ph;
			struct word w = {0, fmt->bits - 1, cell_of(fmt->bits)};
			known_heights(&w, fmt, ov, name, npub, &nh, &ph);
			fputs("<g id=\"", out);
			rp_html_anchor(out, "word", format, ~0u);
			fprintf(out, "\" data-height=\"%u\">\n", TOP + nh + ph);
			bit_numbers(out, &w);
			struct row r = {out, TOP, nh};
			notes_row(&r, &w, fmt);
			if (npub) {
				r = (struct row){out, TOP + nh, ph};
				public_row(&r, &w, ov, name);
			}
			fputs("</g>\n", out);
		}
	fputs("</defs></svg>\n", out);
	free(done);
}

/* The walk's effect of each target bit of g's format, under its bit. */
static void walk_row(FILE *out, const struct word *w, unsigned y, const struct rp_finding *g,
                     const struct ip_infer_context *c)
{
	unsigned maxout = 1;
	struct row r = {out, y, ROW};
	row_label(&r, "walk");
	for (unsigned i = 0; i < c->width; i++)
		maxout = c->bits[i].outputs > maxout ? c->bits[i].outputs : maxout;
	for (unsigned i = 0; i < c->width; i++) {
		const struct ip_bit_summary *s = &c->bits[i];
		unsigned bit = c->bit_pos[i];
		char col[16];
		if (strcmp(c->bit_format[i], g->format) || bit < w->lo || bit > w->hi)
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
		        bit, ip_bit_effect_name(s->effect), bit_x(w, bit), y, w->cell, ROW - 4, col);
	}
}

void rp_svg_word(FILE *out, const struct rp_probe *p, size_t b, size_t e,
                 const struct rp_finding *g, const struct ip_infer_context *c)
{
	const struct ip_format *fmt = format_of(g->format);
	const struct ip_public_overlay *ov = ip_public_overlay(p->isa);
	const char *name = strchr(g->format, '.') ? strchr(g->format, '.') + 1 : g->format;
	struct word w = {~0u, 0, 0};
	unsigned y = TOP, nh = 0, ph = 0, fh;
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
	unsigned n = w.hi - w.lo + 1, h;
	w.cell = cell_of(n);
	if (fmt)
		known_heights(&w, fmt, ov, name, public_parts(ov, name), &nh, &ph);
	MEASURE(found_row(&m, &w, p, b, e, g), m);
	fh = h;
	unsigned height = TOP + nh + ph + fh + (c ? ROW : 0) + 2;
	fprintf(out, "<svg class=\"word\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %u %u\" "
	             "width=\"%u\" data-bits=\"%u\" data-format=\"",
	        LABELS + n * w.cell + 2, height, LABELS + n * w.cell + 2, n);
	rp_html_esc(out, g->format);
	fputs("\">\n", out);
	if (fmt) { /* bit numbers, the notes' and public rows: defined once at the top of the page */
		fputs("<use href=\"#", out);
		rp_html_anchor(out, "word", g->format, ~0u);
		fputs("\"/>\n", out);
		y += nh + ph;
	} else
		bit_numbers(out, &w);
	struct row r = {out, y, fh};
	found_row(&r, &w, p, b, e, g);
	y += fh;
	if (c)
		walk_row(out, &w, y, g, c);
	fputs("</svg>\n", out);
}
