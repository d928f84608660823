/* infer_segment.c: splits a context's target region into fields: the cheapest partition into
 * segments that each fit one hypothesis (dynamic programming over the boundaries), then types
 * each chosen segment for good, with the evidence for its boundaries; bits that do nothing at
 * the seed are split and typed again under the bit that makes them act (conditional fields). */
#include <stdlib.h>
#include <string.h>

#include "infer_data.h"
#include "isaprobe/word.h"

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

/* Collects the local variants of bits [a, a + w): the other bits at the background bg (the
 * seed, or the seed with a mode bit flipped for a field that acts only under it). */
static void build(const struct inf_data *data, const struct inf_context *c, unsigned a,
                  unsigned w, uint64_t bg, struct inf_seg *s, struct inf_item *buf)
{
	uint64_t full = ip_mask64(data->width);
	uint64_t fmask = ip_mask64(w);
	uint64_t smask = fmask << a;
	const struct inf_variant *b;
	memset(s, 0, sizeof *s);
	s->data = data;
	s->c = c;
	s->a = a;
	s->w = w;
	s->it = buf;
	s->bg = bg;
	s->fv0 = (bg >> a) & fmask;
	s->base = c->base;
	if (bg != c->seed)
		s->base = (b = inf_find(c, bg)) ? (int32_t)b->oc : -1;
	uint32_t *pos;
	size_t n = inf_near(data, c, smask | (bg ^ c->seed), &pos);
	for (size_t i = 0; i < n; i++) {
		const struct inf_variant *v = &c->v[pos ? pos[i] : i];
		if (((v->value ^ bg) & full & ~smask) || (v->value & ~full))
			continue;
		buf[s->n].fv = (v->value >> a) & fmask;
		buf[s->n++].v = v;
		s->runs += v->runs;
		s->against += v->against;
		s->noise += v->noise;
		if (s->base >= 0 && data->oc[s->base].status == IP_STATUS_OK &&
		    data->oc[v->oc].status == IP_STATUS_OK && v->oc != (uint32_t)s->base)
			s->K |= inf_diff_words(data, v->oc, (uint32_t)s->base);
	}
	free(pos);
	/* read in value order, with the other bits fixed: already in field value order */
	for (size_t i = 1; i < s->n; i++)
		if (buf[i - 1].fv > buf[i].fv) {
			qsort(buf, s->n, sizeof *buf, cmp_item);
			break;
		}
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
	uint64_t full = ip_mask64(data->width);
	uint64_t joined = 0, unmod1 = 0; /* unmod1: bits whose single flip is unmodeled */
	for (unsigned b = 0; b < data->width; b++) {
		const struct inf_variant *x = inf_find(c, c->seed ^ (UINT64_C(1) << b));
		if (x && data->oc[x->oc].status == IP_STATUS_UNMODELED)
			unmod1 |= UINT64_C(1) << b;
	}
	uint32_t *pos = NULL;
	size_t n = unmod1 ? inf_near(data, c, unmod1, &pos) : 0;
	for (size_t i = 0; i < n; i++) {
		const struct inf_variant *v = &c->v[pos ? pos[i] : i];
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
	free(pos);
	return joined;
}

/* Whether word k of outcome o is a planted input word or a word the background b holds in
 * one of the words `all` (a value a store wrote elsewhere). */
static int moved(const struct inf_data *data, const struct inf_outcome *o, size_t k,
                 const struct inf_outcome *b, uint64_t all)
{
	if (o->src[k] >= 0)
		return 1;
	for (size_t j = 0; j < data->nout && j < INF_MAX_WORDS; j++)
		if ((all >> j & 1) && b->words[j] == o->words[k])
			return 1;
	return 0;
}

/* Whether the planted words the changed words of x, y and xy read (word k: the planted word
 * it is) move by indices that add up: xy's move is x's plus y's, in one buffer (a bank bit
 * beside a register select: the pair's effect is the sum of the two flips'). */
static int index_additive(const struct inf_data *data, const struct inf_outcome *B,
                          const struct inf_outcome *X, const struct inf_outcome *Y,
                          const struct inf_outcome *XY, uint64_t all)
{
	for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS; k++) {
		int32_t b = B->src[k], x = X->src[k], y = Y->src[k], xy = XY->src[k];
		if (!(all >> k & 1))
			continue;
		if (b < 0 || x < 0 || y < 0 || xy < 0 || data->in[x].role != data->in[b].role ||
		    data->in[y].role != data->in[b].role || data->in[xy].role != data->in[b].role ||
		    (int64_t)xy - b != ((int64_t)x - b) + ((int64_t)y - b))
			return 0;
	}
	return 1;
}

/* Whether the pair variant xy is what bits that are two fields would give, from the single
 * flips x and y of background b (all ok and changed): one dominates (a mode), they change
 * different words and xy takes each from its flip, one is a modifier (neg, abs, ...) of the
 * other's result, every word is a planted input or a value the background wrote elsewhere
 * (selects compose through the tables they index or the places they write) and the moves
 * are not those of one table (the planted words' indices add up, or a word the background
 * wrote elsewhere is among them), or the words add up as integers. Anything else: bits of one
 * field. */
static int composes(const struct inf_data *data, uint32_t b, uint32_t x, uint32_t y, uint32_t xy)
{
	const struct inf_outcome *B = &data->oc[b], *X = &data->oc[x], *Y = &data->oc[y];
	const struct inf_outcome *XY = &data->oc[xy];
	uint64_t dx = inf_diff_words(data, x, b), dy = inf_diff_words(data, y, b), all = dx | dy;
	int disjoint = 1, traced = 1, additive = 1, planted = 1;
	const char *m;
	if (xy == x || xy == y)
		return 1;
	for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS; k++) {
		uint32_t want = (dx >> k & 1) ? X->words[k] : (dy >> k & 1) ? Y->words[k] : B->words[k];
		if ((dx & dy) >> k & 1 || XY->words[k] != want)
			disjoint = 0;
		if (all >> k & 1) {
			int32_t in = data->out[k].init;
			traced &= moved(data, X, k, B, all) && moved(data, Y, k, B, all) &&
			           moved(data, XY, k, B, all);
			planted &= B->src[k] >= 0 && X->src[k] >= 0 && Y->src[k] >= 0 && XY->src[k] >= 0;
			/* a word back at what was planted there: a store sent elsewhere (its places
			 * compose as they will) */
			if (in >= 0 && (B->words[k] == data->in[in].value || X->words[k] == data->in[in].value ||
			                Y->words[k] == data->in[in].value ||
			                XY->words[k] == data->in[in].value))
				planted = 0;
		}
		if (XY->words[k] - B->words[k] != (X->words[k] - B->words[k]) + (Y->words[k] - B->words[k]))
			additive = 0;
	}
	/* moves of planted words that do not add up within one buffer are one table's */
	if (traced && planted && !index_additive(data, B, X, Y, XY, all))
		traced = 0;
	if (disjoint || traced || additive)
		return 1;
	if ((m = inf_modifier_match(data, b, y, all)) && inf_modifier_match(data, x, xy, all) == m)
		return 1;
	if ((m = inf_modifier_match(data, b, x, all)) && inf_modifier_match(data, y, xy, all) == m)
		return 1;
	return 0;
}

/* Whether every word x, y and xy change is a planted input word or 0: bits that pick
 * inputs. */
static int selects(const struct inf_data *data, uint32_t b, uint32_t x, uint32_t y, uint32_t xy)
{
	uint64_t all = inf_diff_words(data, x, b) | inf_diff_words(data, y, b);
	const uint32_t o[3] = {x, y, xy};
	for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS; k++)
		for (int t = 0; t < 3 && (all >> k & 1); t++)
			if (data->oc[o[t]].src[k] < 0 && data->oc[o[t]].words[k])
				return 0;
	return 1;
}

/* Whether outcome o holds 0 in every word of `words` (a zero register, not a mode). */
static int zero_words(const struct inf_data *data, uint32_t o, uint64_t words)
{
	for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS; k++)
		if ((words >> k & 1) && data->oc[o].words[k])
			return 0;
	return 1;
}

/* Whether x, y and xy all move the same planted words (the changed words are planted ones,
 * of the same words changed) and xy's move is the sum of x's and y's (index_additive): a bank
 * or mode bit beside the select it offsets, seen as two fields whatever the select's order. */
static int pair_adds(const struct inf_data *data, uint32_t b, uint32_t x, uint32_t y, uint32_t xy)
{
	uint64_t dx = inf_diff_words(data, x, b), dy = inf_diff_words(data, y, b);
	const struct inf_outcome *B = &data->oc[b];
	if (dx != dy || xy == x || xy == y || xy == b)
		return 0;
	for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS; k++)
		if ((dx >> k & 1) && B->src[k] < 0)
			return 0;
	return index_additive(data, B, &data->oc[x], &data->oc[y], &data->oc[xy], dx);
}

/* The cost of cutting off a bit beside p whose flip alone does nothing on background bg but
 * that changes what two or more bits across the cut do (pair != their flip alone, all ok): an
 * opcode's bit whose two values happen to agree at the background's value (a move of a and
 * abs of a positive a), not a field of its own. (A select a mode bit enables acts under that
 * one bit.) 0.6 for each such pair. */
static double silent_cost(const struct inf_data *data, const struct inf_context *c, unsigned p,
                          unsigned lo, unsigned hi, uint64_t bg, uint32_t base)
{
	double cost = 0;
	for (int side = 0; side < 2; side++) {
		unsigned s = side ? p : p - 1, n = 0;
		const struct inf_variant *y = inf_find(c, bg ^ (UINT64_C(1) << s));
		unsigned from = side ? (p > lo + 3 ? p - 3 : lo) : p, to = side ? p : (hi < p + 3 ? hi : p + 3);
		if ((side && p >= hi) || (!side && p <= lo) || !y || y->oc != base)
			continue;
		for (unsigned j = from; j < to; j++) {
			const struct inf_variant *x = inf_find(c, bg ^ (UINT64_C(1) << j));
			const struct inf_variant *xy =
				inf_find(c, bg ^ (UINT64_C(1) << j) ^ (UINT64_C(1) << s));
			if (x && xy && x->oc != base && data->oc[x->oc].status == IP_STATUS_OK &&
			    data->oc[xy->oc].status == IP_STATUS_OK && xy->oc != x->oc)
				n++;
		}
		if (n >= 2)
			cost += 0.6 * n;
	}
	return cost;
}

/* Whether one of flips x, y hangs (a variant's own hang: every run timed out) where the other
 * and the pair run ok, or both run ok and the pair hangs: bits that work together (an
 * opcode one value of which hangs), not two fields. */
static int hangs_apart(const struct inf_data *data, uint32_t x, uint32_t y, uint32_t xy)
{
	int sx = data->oc[x].status, sy = data->oc[y].status, sxy = data->oc[xy].status;
	return (sx == IP_STATUS_OK && sy == IP_STATUS_OK && sxy == IP_STATUS_TIMEOUT) ||
	       (sxy == IP_STATUS_OK && ((sx == IP_STATUS_TIMEOUT && sy == IP_STATUS_OK) ||
	                                (sy == IP_STATUS_TIMEOUT && sx == IP_STATUS_OK)));
}

/* Whether outcome o is a stop that a value of one field makes by itself: a fault, a value the
 * runner cannot say, an invalid encoding. */
static int stops(const struct inf_data *data, uint32_t o)
{
	int st = data->oc[o].status;
	return st == IP_STATUS_FAULT || st == IP_STATUS_UNMODELED || st == IP_STATUS_INVALID;
}

/* The cost of a cut between value bits p - 1 and p that variants run across it contradict: 0.6
 * for each ok variant on background bg (its bits flipped on both sides of the cut, within
 * [lo, hi) and six bits of each other) whose flips on one side alone stop (stops()) while
 * those on the other side alone run ok with another outcome than the variant's. A value of one
 * field faults or is unmodeled by itself, so two fields' values, one of which stops alone, do
 * not run ok together: such bits are one field's (an opcode's bits whose values alone are
 * unnamed while together they name operations: a3xx's cat2 opcode, cut in two before). A
 * variant that gives the other side's outcome is a mode bit switching a field off, which is
 * two fields; one that makes another field's unnamed value named from farther away (a mode
 * bit) is not counted. */
static double stop_cost(const struct inf_data *data, const struct inf_context *c, unsigned p,
                        unsigned lo, unsigned hi, uint64_t bg)
{
	uint64_t full = ip_mask64(data->width);
	unsigned from = p > lo + 5 ? p - 5 : lo, to = hi < p + 5 ? hi : p + 5;
	uint64_t range = ip_mask64(to) & ~ip_mask64(from);
	uint64_t below = (UINT64_C(1) << p) - 1;
	uint32_t *pos = NULL;
	size_t n = inf_near(data, c, range | (bg ^ c->seed), &pos);
	double cost = 0;
	for (size_t i = 0; i < n; i++) {
		const struct inf_variant *v = &c->v[pos ? pos[i] : i], *x, *y;
		uint64_t dv = (v->value ^ bg) & full;
		if ((v->value & ~full) || (dv & ~range) || !(dv & below) || !(dv & ~below) ||
		    63 - __builtin_clzll(dv) - __builtin_ctzll(dv) > 5 ||
		    data->oc[v->oc].status != IP_STATUS_OK)
			continue;
		x = inf_find(c, bg ^ (dv & below));
		y = inf_find(c, bg ^ (dv & ~below));
		if (!x || !y)
			continue;
		if ((stops(data, x->oc) && data->oc[y->oc].status == IP_STATUS_OK && v->oc != y->oc) ||
		    (stops(data, y->oc) && data->oc[x->oc].status == IP_STATUS_OK && v->oc != x->oc))
			cost += 0.6;
	}
	free(pos);
	return cost;
}

/* What a cut between value bits p - 1 and p costs beyond the two segments: 0.6 for each pair
 * of nearby bits across it (up to 3 on either side, within [lo, hi)) whose pair variant
 * interacts as bits of one field do (composes() says no), less 0.5 when the two bits beside
 * the cut are one that switches the other's select off (a mode bit beside the select it
 * enables). Two fields
 * that only typing tells apart are then not split where the runs say their bits work together
 * (an opcode's top bit that happens to look like a modifier of one value), and split where
 * one gates the other. */
static double cut_cost(const struct inf_data *data, const struct inf_context *c, unsigned p,
                       unsigned lo, unsigned hi, uint64_t bg)
{
	const struct inf_variant *b = inf_find(c, bg);
	double cost = 0;
	if (!b || data->oc[b->oc].status != IP_STATUS_OK)
		return 0;
	for (unsigned i = p > lo + 3 ? p - 3 : lo; i < p; i++)
		for (unsigned j = p; j < hi && j < p + 3; j++) {
			const struct inf_variant *x = inf_find(c, bg ^ (UINT64_C(1) << i));
			const struct inf_variant *y = inf_find(c, bg ^ (UINT64_C(1) << j));
			const struct inf_variant *xy =
				inf_find(c, bg ^ (UINT64_C(1) << i) ^ (UINT64_C(1) << j));
			if (!x || !y || !xy || x->oc == b->oc || y->oc == b->oc)
				continue;
			if (hangs_apart(data, x->oc, y->oc, xy->oc)) {
				cost += 0.6;
				continue;
			}
			if (data->oc[x->oc].status != IP_STATUS_OK || data->oc[y->oc].status != IP_STATUS_OK)
				continue;
			if (data->oc[xy->oc].status != IP_STATUS_OK)
				continue;
			if (!composes(data, b->oc, x->oc, y->oc, xy->oc))
				cost += 0.6;
			else if (i + 1 == p && j == p && (xy->oc == y->oc || xy->oc == x->oc) &&
			         selects(data, b->oc, x->oc, y->oc, xy->oc) &&
			         !zero_words(data, xy->oc, inf_diff_words(data, xy->oc, b->oc)))
				cost -= 0.5; /* one bit switches the other's select off: a mode bit */
			else if (i + 1 == p && pair_adds(data, b->oc, x->oc, y->oc, xy->oc))
				cost -= 0.3; /* the pair's move is the sum of the flips': a bank bit */
		}
	return cost + silent_cost(data, c, p, lo, hi, bg, b->oc) + stop_cost(data, c, p, lo, hi, bg);
}

/* The cheapest partition of value bits [lo, hi) on background bg: the ends of its segments,
 * ascending, in cuts; returns how many. */
static unsigned partition(const struct inf_data *data, const struct inf_context *c, unsigned lo,
                          unsigned hi, uint64_t bg, struct inf_item *buf, unsigned *cuts)
{
	double best[INF_MAX_WIDTH + 1], cut[INF_MAX_WIDTH + 1];
	unsigned from[INF_MAX_WIDTH + 1], n = 0, tmp[INF_MAX_WIDTH + 1];
	uint64_t starts = 0; /* value bits where a target piece starts: no field spans one */
	uint64_t joined = bg == c->seed ? joined_cuts(data, c) : 0; /* cuts an interaction forbids */
	struct inf_seg s;
	struct inf_verdict v;
	for (size_t i = 0; i < data->nt; i++)
		if (data->t[i].value_lo > 0 && data->t[i].value_lo < INF_MAX_WIDTH)
			starts |= UINT64_C(1) << data->t[i].value_lo;
	for (unsigned p = lo + 1; p < hi; p++)
		cut[p] = (starts >> p & 1) ? 0 : cut_cost(data, c, p, lo, hi, bg);
	best[lo] = 0;
	for (unsigned b = lo + 1; b <= hi; b++) {
		best[b] = 1e18;
		from[b] = b - 1;
		for (unsigned a = lo; a < b; a++) {
			unsigned w = b - a;
			double cost;
			if (w > MAX_TYPED && (bg != c->seed || !cheap_only(c, a, w)))
				continue;
			if (w > 1 && (starts >> (a + 1)) & ((UINT64_C(1) << (w - 1)) - 1))
				continue;
			build(data, c, a, w, bg, &s, buf);
			inf_type(&s, &v, 0);
			if (!v.kind)
				continue;
			cost = v.cost;
			if (a > lo) {
				/* a cut an interaction crosses (every cut starts one segment) costs more
				 * than any typing saves: it is made only where no joined segment can be
				 * typed */
				if (joined >> a & 1)
					cost += JOIN_COST;
				cost += cut[a];
			}
			if (best[a] + cost < best[b]) {
				best[b] = best[a] + cost;
				from[b] = a;
			}
		}
	}
	for (unsigned b = hi; b > lo; b = from[b])
		tmp[n++] = b;
	for (unsigned i = 0; i < n; i++)
		cuts[i] = tmp[n - 1 - i];
	return n;
}

/* "bit B = V" of value bit `bit` set to val: B its format bit number, and the instruction
 * when it is not the one of value bit `of`. */
static void condition_text(const struct inf_data *data, unsigned bit, unsigned val, unsigned of,
                           char *buf, size_t len)
{
	struct inf_place a, b;
	inf_place(data, bit, 1, &a);
	inf_place(data, of, 1, &b);
	if (a.bundle != b.bundle || a.slot != b.slot)
		snprintf(buf, len, "bit %u of %u.%u = %u", a.lo, a.bundle, a.slot, val);
	else
		snprintf(buf, len, "bit %u = %u", a.lo, val);
}

/* Types the segments of [lo, cuts...) on background bg and adds them as findings (cond: the
 * condition they hold under, or NULL; when: a note for the details, or NULL). Returns how
 * many of them are not ignored. */
static unsigned emit(const struct inf_data *data, const struct inf_context *c, unsigned lo,
                     const unsigned *cuts, unsigned n, uint64_t bg, const char *cond,
                     struct inf_item *buf, struct inf_findings *out)
{
	unsigned acting = 0;
	for (unsigned i = 0; i < n; i++) {
		unsigned a = i ? cuts[i - 1] : lo, b = cuts[i];
		struct inf_finding f;
		struct inf_seg s;
		struct inf_verdict v;
		struct strbuf d;
		build(data, c, a, b - a, bg, &s, buf);
		inf_type(&s, &v, 1);
		sb_init(&d);
		sb_puts(&d, "{");
		if (v.details.len)
			sb_printf(&d, "%s,", v.details.s);
		memset(&f, 0, sizeof f);
		if (cond) {
			sb_printf(&d, "\"when\":\"%s\",", cond);
			f.cond = strdup(cond);
			if (!f.cond)
				abort();
		}
		sb_printf(&d, "\"boundary_lo\":\"%s\",\"boundary_hi\":\"%s\",\"runs\":%llu",
		          bg == c->seed ? boundary(data, c, a) : "typing",
		          bg == c->seed ? boundary(data, c, b) : "typing", (unsigned long long)s.runs);
		if (s.noise)
			sb_printf(&d, ",\"noise_runs\":%llu", (unsigned long long)s.noise);
		sb_puts(&d, "}");
		sb_free(&v.details);
		f.context = c->idx;
		f.a = a;
		f.w = b - a;
		f.kind = v.kind ? v.kind : "distinct";
		f.details = sb_take(&d);
		f.confidence = v.confidence;
		f.support = v.support;
		f.against = s.against;
		f.variants = s.n;
		f.en = v.en;
		acting += strcmp(f.kind, "ignored") != 0;
		add_finding(out, &f);
	}
	return acting;
}

/* The bit whose flip from the seed makes the most different ok outcomes of the bits [lo, hi)
 * other than itself (at least two, its own variant ok): they act only under it. A bit outside
 * is preferred; -1: none. */
static int enabler(const struct inf_data *data, const struct inf_context *c, unsigned lo,
                   unsigned hi)
{
	uint64_t full = ip_mask64(data->width);
	uint64_t region = ip_mask64(hi - lo) << lo;
	unsigned best = 1;
	int bit = -1;
	for (int inside = 0; inside < 2 && bit < 0; inside++)
		for (unsigned j = 0; j < data->width; j++) {
			uint64_t bg = c->seed ^ (UINT64_C(1) << j), smask = region & ~(UINT64_C(1) << j);
			const struct inf_variant *b = inf_find(c, bg);
			uint32_t seen[8], *pos;
			unsigned n = 0;
			size_t nv;
			if ((j >= lo && j < hi) != inside || !b || data->oc[b->oc].status != IP_STATUS_OK)
				continue;
			seen[n++] = b->oc;
			nv = inf_near(data, c, smask | (UINT64_C(1) << j), &pos);
			for (size_t i = 0; i < nv && n < 8; i++) {
				const struct inf_variant *v = &c->v[pos ? pos[i] : i];
				unsigned k;
				if (((v->value ^ bg) & full & ~smask) || !((v->value ^ bg) & smask) ||
				    data->oc[v->oc].status != IP_STATUS_OK)
					continue;
				for (k = 0; k < n && seen[k] != v->oc; k++)
					;
				if (k == n)
					seen[n++] = v->oc;
			}
			free(pos);
			if (n > best) {
				best = n;
				bit = (int)j;
			}
		}
	return bit;
}

/* Bits [lo, hi) that do nothing at the seed (finding `at` of out): split and typed again on
 * the seed with the bit that makes them act flipped (an argument a mode bit enables). Adds
 * those findings, with the condition, when some of them act there, and notes the condition
 * on the seed's finding. An enabling bit inside [lo, hi) is itself looked at so once more. */
static void conditional(const struct inf_data *data, const struct inf_context *c, unsigned lo,
                        unsigned hi, size_t at, int depth, struct inf_item *buf,
                        struct inf_findings *out)
{
	int bit = enabler(data, c, lo, hi);
	unsigned cuts[INF_MAX_WIDTH + 1], n, acting = 0;
	uint64_t bg;
	char cond[64], other[64];
	size_t before = out->n;
	if (bit < 0)
		return;
	bg = c->seed ^ (UINT64_C(1) << bit);
	condition_text(data, (unsigned)bit, (unsigned)(bg >> bit & 1), lo, cond, sizeof cond);
	for (int side = 0; side < 2; side++) {
		/* the bits below the enabling bit, then above it (all of them when it is outside) */
		unsigned a = side ? ((unsigned)bit >= lo && (unsigned)bit < hi ? (unsigned)bit + 1 : hi)
		                  : lo;
		unsigned b = side ? hi : (unsigned)bit >= lo && (unsigned)bit < hi ? (unsigned)bit : hi;
		if (a >= b)
			continue;
		n = partition(data, c, a, b, bg, buf, cuts);
		acting += emit(data, c, a, cuts, n, bg, cond, buf, out);
	}
	if (!acting) { /* nothing acts there either: keep only the seed's finding */
		for (size_t i = before; i < out->n; i++) {
			free(out->f[i].details);
			free(out->f[i].cond);
		}
		out->n = before;
	} else {
		/* the seed's "no effect", said with its condition */
		struct inf_finding *f = &out->f[at];
		struct strbuf d;
		condition_text(data, (unsigned)bit, (unsigned)(c->seed >> bit & 1), lo, other,
		               sizeof other);
		sb_init(&d);
		sb_printf(&d, "{\"when\":\"%s\",\"fields_when\":\"%s\",%s", other, cond,
		          f->details + 1);
		free(f->details);
		f->details = sb_take(&d);
	}
	if ((unsigned)bit >= lo && (unsigned)bit < hi && depth == 0)
		conditional(data, c, (unsigned)bit, (unsigned)bit + 1, at, 1, buf, out);
}

int inf_segment(const struct inf_data *data, const struct inf_context *c,
                struct inf_findings *out)
{
	struct inf_item *buf = malloc((c->nv + 1) * sizeof *buf);
	unsigned cuts[INF_MAX_WIDTH + 1], n;
	size_t first = out->n, last;
	if (!buf)
		abort();
	n = partition(data, c, 0, data->width, c->seed, buf, cuts);
	emit(data, c, 0, cuts, n, c->seed, NULL, buf, out);
	/* the seed's ignored fields, typed again under the bit that makes them act */
	last = out->n;
	for (size_t i = first; i < last; i++) {
		unsigned a = out->f[i].a, w = out->f[i].w;
		if (strcmp(out->f[i].kind, "ignored"))
			continue;
		conditional(data, c, a, a + w, i, 0, buf, out);
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
