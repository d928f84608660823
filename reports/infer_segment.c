/* infer_segment.c: splits a context's target region into fields: the cheapest partition into
 * segments that each fit one hypothesis (dynamic programming over the boundaries), then types
 * each chosen segment for good, with the evidence for its boundaries. */
#include <stdlib.h>
#include <string.h>

#include "infer_internal.h"

/* Longest segment any typed hypothesis is tried on; longer ones can only be ignored,
 * reserved, unmodeled or unknown (every bit with that walk effect). */
#define MAX_TYPED 16
/* Extra cost of a cut where an interaction joins the bits on either side. */
#define JOIN_COST 1000.0

static int cmp_item(const void *a, const void *b)
{
	const struct inf_item *x = a, *y = b;
	return x->fv < y->fv ? -1 : x->fv > y->fv;
}

/* Distinct outcomes among a bucket's variants, counted up to 3. */
struct bucket {
	uint32_t oc[3];
	unsigned distinct, ok;  /* distinct outcomes; of them ok ones */
	int has_bg;       /* the background variant itself was run */
	uint32_t bg_oc;
};

static void bucket_add(struct bucket *b, uint32_t oc, int ok)
{
	for (unsigned i = 0; i < b->distinct; i++)
		if (b->oc[i] == oc)
			return;
	if (b->distinct < 3) {
		b->oc[b->distinct++] = oc;
		b->ok += ok != 0;
	}
}

/* Collects the local variants of bits [a, a + w): the others at the seed. When they all give
 * the seed's outcome, the background may instead be the seed with one other bit flipped (the
 * walk and pairs hold those variants): a field that shows only when another bit is set, e.g.
 * an argument that a mode bit enables, is typed there, under that condition. */
static void build(const struct inf_data *data, const struct inf_context *c, unsigned a,
                  unsigned w, struct inf_seg *s, struct inf_item *buf)
{
	uint64_t full = data->width >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << data->width) - 1;
	uint64_t fmask = w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
	uint64_t smask = fmask << a, bg = c->seed;
	struct bucket bk[INF_MAX_WIDTH + 1];
	int chosen = -1; /* -1: the seed; else the bit flipped */
	memset(s, 0, sizeof *s);
	memset(bk, 0, sizeof bk);
	s->data = data;
	s->c = c;
	s->a = a;
	s->w = w;
	s->it = buf;
	s->fv0 = (c->seed >> a) & fmask;
	s->base = c->base;
	s->cond_bit = -1;
	for (size_t i = 0; i < c->nv; i++) {
		const struct inf_variant *v = &c->v[i];
		uint64_t dv = (v->value ^ c->seed) & full & ~smask;
		unsigned j;
		if ((v->value & ~full) || (dv & (dv - 1)) ||
		    data->oc[v->oc].status == IP_STATUS_RUNNER_ERROR)
			continue;
		j = dv ? (unsigned)__builtin_ctzll(dv) + 1 : 0;
		bucket_add(&bk[j], v->oc, data->oc[v->oc].status == IP_STATUS_OK);
		if (!((v->value ^ c->seed) & smask)) {
			bk[j].has_bg = 1;
			bk[j].bg_oc = v->oc;
		}
	}
	/* a background must show two ok behaviours: one where the field's other values only
	 * fault or are unmodeled says nothing more than the seed's "ignored" */
	if (bk[0].distinct < 2) {
		unsigned best = 1;
		for (unsigned j = 1; j <= data->width; j++)
			if (bk[j].has_bg && data->oc[bk[j].bg_oc].status == IP_STATUS_OK &&
			    bk[j].ok > best) {
				best = bk[j].ok;
				chosen = (int)j - 1;
			}
	}
	if (chosen >= 0) {
		bg = c->seed ^ (UINT64_C(1) << chosen);
		s->base = (int32_t)bk[chosen + 1].bg_oc;
		s->cond_bit = chosen;
	}
	for (size_t i = 0; i < c->nv; i++) {
		const struct inf_variant *v = &c->v[i];
		if (((v->value ^ bg) & full & ~smask) || (v->value & ~full))
			continue;
		if (data->oc[v->oc].status == IP_STATUS_RUNNER_ERROR)
			continue;
		buf[s->n].fv = (v->value >> a) & fmask;
		buf[s->n++].v = v;
		s->runs += v->runs;
		s->against += v->against;
		if (s->base >= 0 && data->oc[s->base].status == IP_STATUS_OK &&
		    data->oc[v->oc].status == IP_STATUS_OK && v->oc != (uint32_t)s->base)
			s->K |= inf_diff_words(data, v->oc, (uint32_t)s->base);
	}
	qsort(buf, s->n, sizeof *buf, cmp_item);
}

/* Bit number in the word format of value bit b (or b itself). */
static unsigned format_bit(const struct inf_data *data, unsigned b)
{
	struct inf_place at;
	inf_place(data, b, 1, &at);
	return at.lo;
}

static int cheap_only(const struct inf_context *c, unsigned a, unsigned w)
{
	enum ip_bit_effect e = c->bits[a].effect;
	if (e == IP_EFFECT_CHANGE)
		return 0;
	for (unsigned i = a + 1; i < a + w; i++)
		if (c->bits[i].effect != e)
			return 0;
	return 1;
}

static const char *boundary(const struct inf_data *data, const struct inf_context *c,
                            unsigned a)
{
	if (a == 0 || a >= data->width)
		return "edge";
	if (c->bits[a - 1].effect != c->bits[a].effect || c->outmask[a - 1] != c->outmask[a])
		return "effect";
	const struct inf_variant *x = inf_find(c, c->seed ^ (UINT64_C(1) << (a - 1)));
	const struct inf_variant *y = inf_find(c, c->seed ^ (UINT64_C(1) << a));
	const struct inf_variant *xy =
		inf_find(c, c->seed ^ (UINT64_C(1) << (a - 1)) ^ (UINT64_C(1) << a));
	if (x && y && xy && c->base >= 0) {
		uint32_t b = (uint32_t)c->base;
		if (x->oc != b && y->oc != b && xy->oc != x->oc && xy->oc != y->oc &&
		    !(inf_diff_words(data, x->oc, b) & inf_diff_words(data, y->oc, b)))
			return "interaction";
		if (x->oc != b && y->oc != b &&
		    !(inf_diff_words(data, x->oc, b) & inf_diff_words(data, y->oc, b)))
			return "no_interaction";
	}
	return "typing";
}

static void add_finding(struct inf_findings *out, const struct inf_finding *f)
{
	if (out->n == out->cap) {
		out->cap = out->cap ? 2 * out->cap : 16;
		out->f = realloc(out->f, out->cap * sizeof *out->f);
		if (!out->f)
			abort();
	}
	out->f[out->n++] = *f;
}

/* Cut positions (bit p: a cut between value bits p - 1 and p) that an interaction through
 * values the runner could not say crosses: an ok variant whose flips from the seed, split at
 * the cut into a lower and an upper part, each alone give an unmodeled outcome. A value of one
 * field is unmodeled or not by itself; two fields' values, each unmodeled alone, do not become
 * ok together, so such bits belong to one field (as multiply opcode bits whose single flips
 * all land on values the runner cannot say, while the pairs land on ones it can). Only where
 * every bit from the lowest flip to the highest is one whose single flip is unmodeled: there
 * the walk has no other evidence of where fields end; elsewhere the bits between tell (a mode
 * bit far away that makes another field's unknown value known is not that field). */
static uint64_t joined_cuts(const struct inf_data *data, const struct inf_context *c)
{
	uint64_t full = data->width >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << data->width) - 1;
	uint64_t joined = 0, unmod1 = 0; /* unmod1: bits whose single flip is unmodeled */
	for (unsigned b = 0; b < data->width; b++) {
		const struct inf_variant *x = inf_find(c, c->seed ^ (UINT64_C(1) << b));
		if (x && data->oc[x->oc].status == IP_STATUS_UNMODELED)
			unmod1 |= UINT64_C(1) << b;
	}
	for (size_t i = 0; i < c->nv && unmod1; i++) {
		const struct inf_variant *v = &c->v[i];
		uint64_t dv = (v->value ^ c->seed) & full, span;
		unsigned lo, hi;
		if ((v->value & ~full) || !dv || !(dv & (dv - 1)) ||
		    data->oc[v->oc].status != IP_STATUS_OK)
			continue;
		lo = (unsigned)__builtin_ctzll(dv);
		hi = 63 - (unsigned)__builtin_clzll(dv);
		span = (hi == 63 ? ~UINT64_C(0) : (UINT64_C(1) << (hi + 1)) - 1) &
		       ~((UINT64_C(1) << lo) - 1);
		if (span & ~unmod1)
			continue;
		for (unsigned p = lo + 1; p <= hi; p++) {
			uint64_t low = dv & ((UINT64_C(1) << p) - 1);
			const struct inf_variant *x, *y;
			if ((joined >> p & 1) || !low || low == dv)
				continue;
			x = inf_find(c, c->seed ^ low);
			y = inf_find(c, c->seed ^ (dv & ~low));
			if (x && y && data->oc[x->oc].status == IP_STATUS_UNMODELED &&
			    data->oc[y->oc].status == IP_STATUS_UNMODELED)
				joined |= UINT64_C(1) << p;
		}
	}
	return joined;
}

int inf_segment(const struct inf_data *data, const struct inf_context *c,
                struct inf_findings *out)
{
	unsigned W = data->width;
	double best[INF_MAX_WIDTH + 1];
	unsigned from[INF_MAX_WIDTH + 1];
	struct inf_item *buf = malloc((c->nv + 1) * sizeof *buf);
	struct inf_seg s;
	struct inf_verdict v;
	unsigned cuts[INF_MAX_WIDTH + 1], ncuts = 0;
	uint64_t starts = 0; /* value bits where a target piece starts: no field spans one */
	uint64_t joined = joined_cuts(data, c); /* cuts an interaction forbids */
	if (!buf)
		abort();
	for (size_t i = 0; i < data->nt; i++)
		if (data->t[i].value_lo > 0 && data->t[i].value_lo < INF_MAX_WIDTH)
			starts |= UINT64_C(1) << data->t[i].value_lo;
	best[0] = 0;
	for (unsigned b = 1; b <= W; b++) {
		best[b] = 1e18;
		from[b] = b - 1;
		for (unsigned a = 0; a < b; a++) {
			unsigned w = b - a;
			if (w > MAX_TYPED && !cheap_only(c, a, w))
				continue;
			if (w > 1 && (starts >> (a + 1)) & ((UINT64_C(1) << (w - 1)) - 1))
				continue;
			build(data, c, a, w, &s, buf);
			inf_type(&s, &v, 0);
			if (!v.kind)
				continue;
			/* a cut an interaction crosses (every cut starts one segment) costs more than
			 * any typing saves: it is made only where no joined segment can be typed */
			if (a > 0 && (joined >> a & 1))
				v.cost += JOIN_COST;
			if (best[a] + v.cost < best[b]) {
				best[b] = best[a] + v.cost;
				from[b] = a;
			}
		}
	}
	for (unsigned b = W; b > 0; b = from[b])
		cuts[ncuts++] = b;
	for (unsigned i = ncuts; i-- > 0;) {
		unsigned hi = cuts[i], lo = i + 1 < ncuts ? cuts[i + 1] : 0;
		struct inf_finding f;
		struct strbuf d;
		build(data, c, lo, hi - lo, &s, buf);
		inf_type(&s, &v, 1);
		sb_init(&d);
		sb_puts(&d, "{");
		if (v.details.len)
			sb_printf(&d, "%s,", v.details.s);
		f.cond = NULL;
		if (s.cond_bit >= 0) {
			char when[48];
			snprintf(when, sizeof when, "bit %u = %u", format_bit(data, (unsigned)s.cond_bit),
			         (unsigned)(~c->seed >> s.cond_bit & 1));
			sb_printf(&d, "\"when\":\"%s\",", when);
			f.cond = strdup(when);
			if (!f.cond)
				abort();
		}
		sb_printf(&d, "\"boundary_lo\":\"%s\",\"boundary_hi\":\"%s\",\"runs\":%llu}",
		          boundary(data, c, lo), boundary(data, c, hi), (unsigned long long)s.runs);
		sb_free(&v.details);
		f.context = c->idx;
		f.a = lo;
		f.w = hi - lo;
		f.kind = v.kind ? v.kind : "distinct";
		f.details = sb_take(&d);
		f.confidence = v.confidence;
		f.support = v.support;
		f.against = s.against;
		f.variants = s.n;
		f.en = v.en;
		add_finding(out, &f);
	}
	free(buf);
	return 0;
}

void inf_findings_free(struct inf_findings *f)
{
	for (size_t i = 0; i < f->n; i++) {
		free(f->f[i].details);
		free(f->f[i].cond);
		if (f->f[i].en) {
			free(f->f[i].en->fv);
			free(f->f[i].en->oc);
			free(f->f[i].en);
		}
	}
	free(f->f);
	memset(f, 0, sizeof *f);
}
