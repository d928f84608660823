/* infer_names.c: names the values of opcode fields once, across every context that has the
 * field: per context and output word, the operands the instruction reads (planted words, or
 * their negations, and whether the result is negated) are the ones that explain the most
 * values; each value then gets the simplest operation (infer_ops.c: a move before a max that
 * equals it) that explains it in every context, with those that fit as well, else "behaves
 * differently by context", a move of a word of its own, "keeps" or "unidentified". */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "infer_data.h"
#include "common/float_bits.h"

#define MAX_VALUES 64   /* values named per field (more: left as behaviours) */
#define MAX_WORDS 4     /* output words per context whose operands are looked for */
#define MAX_POOL 24     /* candidate operand words per context and word */
#define MAX_TIED 32     /* operand choices kept when several explain as many values */
#define ROUNDS 4
#define MAX_SMALL 4096  /* planted words, at most, that are all tried as a binary operand */

/* An operand: planted input word `in` (index into data->in), negated or not. */
struct operand {
	int32_t in;
	uint8_t neg;
};

/* What the instruction reads for one output word in one context. */
struct reading {
	struct operand a, b, c; /* c: select's third, or fma's addend (in < 0: none) */
	uint8_t neg_out;        /* the result is negated */
	unsigned negs;          /* negations in all (fewer is simpler) */
	uint8_t addend;         /* c is (also) what fma adds */
};

/* One output word of one context of the group: its values' words and the readings that
 * explain the most of them. */
struct slot {
	size_t g;               /* finding of the group */
	size_t k;               /* output word */
	uint64_t have;          /* values (bit vi) with an ok outcome here */
	uint64_t kept;          /* values that leave the word as planted (not written: a store
	                         * sent elsewhere, a write mask): no operation names them here */
	uint32_t y[MAX_VALUES];
	struct reading tied[MAX_TIED];
	unsigned ntied;
	struct reading r;       /* the one chosen */
	struct operand prim[4 * MAX_POOL]; /* words its values point at, with their support */
	unsigned psup[4 * MAX_POOL], nprim;
	struct operand pool[2 * MAX_POOL]; /* the operands its readings were drawn from */
	unsigned npool;
};

/* An operand's word (in >= 0). */
static uint32_t opv(const struct inf_data *data, struct operand o)
{
	uint32_t x = data->in[o.in].value;
	return o.neg ? x ^ 0x80000000u : x;
}

/* Whether word x, as an operand read through a lane select or a result it explains, says
 * nothing: 0 (a half of a small integer), or not finite. */
static int lane_blank(uint32_t x)
{
	uint32_t m = x & 0x7fffffffu;
	return m == 0 || m >= 0x7f800000u;
}

/* Bit vi set when value vi's word in slot s is what operation op makes of reading r. */
static uint64_t explains(const struct inf_data *data, const struct slot *s, unsigned op,
                         const struct reading *r)
{
	uint32_t a, b = r->b.in >= 0 ? opv(data, r->b) : 0;
	uint32_t c = r->c.in >= 0 ? opv(data, r->c) : 0, got;
	uint64_t m = 0;
	int either;
	if (r->a.in < 0 || (inf_op_arity(op) >= 2 && r->b.in < 0))
		return 0;
	a = opv(data, r->a);
	if (inf_op_arity(op) == 3 && r->c.in < 0 && inf_op_reads_c(op, b))
		return 0;
	/* inf_op_accepts for each value, the operation computed once */
	got = inf_op_apply(op, a, b, c);
	either = inf_op_either(op, a, b);
	for (uint64_t left = s->have & ~s->kept; left; left &= left - 1) {
		unsigned vi = (unsigned)__builtin_ctzll(left);
		uint32_t want = r->neg_out ? s->y[vi] ^ 0x80000000u : s->y[vi];
		if (inf_op_matches(op, want, got) || (either && (want == a || want == b)))
			m |= UINT64_C(1) << vi;
	}
	return m;
}

/* How the readings are looked for: a second pass adds rselect's third operand (b ? c : a)
 * and a third one fused multiply-adds (a third operand for fma) and lane selects. */
enum { READ_RSEL = 1, READ_FUSED = 2 };

/* The words a reading's a and b give under each half select (0 the word, 1 h0, 2 h1). */
struct lane_words {
	uint32_t a[3], b[3];
};

static void lane_words(const struct inf_data *data, const struct reading *r, struct lane_words *w)
{
	for (unsigned sel = 0; sel < 3; sel++) {
		w->a[sel] = inf_lane_word(data->in[r->a.in].value, r->a.neg, sel);
		w->b[sel] = inf_lane_word(data->in[r->b.in].value, r->b.neg, sel);
	}
}

/* The values among `left` of slot s that operation `only` (~0u: any operation that may read
 * halves) explains with reading r's words w and c under lane select lane (1 ..). A half that
 * widens to 0, an infinity or a NaN, and such a result, say nothing. */
static uint64_t lane_hits(const struct slot *s, const struct reading *r, const struct lane_words *w,
                          uint32_t c, unsigned lane, unsigned only, uint64_t left)
{
	uint32_t a = w->a[lane / 3], b = w->b[lane % 3];
	uint64_t m = 0;
	if (lane_blank(a) || lane_blank(b))
		return 0;
	for (unsigned op = only == ~0u ? 0 : only; op < inf_op_count() && left; op++) {
		uint32_t got;
		int either;
		if (!inf_op_lanes(op) || (inf_op_arity(op) == 3 && r->c.in < 0)) {
			if (only != ~0u)
				break;
			continue;
		}
		got = inf_op_apply(op, a, b, c);
		either = inf_op_either(op, a, b);
		for (uint64_t l = left; l; l &= l - 1) {
			unsigned vi = (unsigned)__builtin_ctzll(l);
			uint32_t want = r->neg_out ? s->y[vi] ^ 0x80000000u : s->y[vi];
			if (!lane_blank(want) &&
			    (inf_op_matches(op, want, got) || (either && (want == a || want == b)))) {
				m |= UINT64_C(1) << vi;
				left &= ~(UINT64_C(1) << vi);
			}
		}
		if (only != ~0u)
			break;
	}
	return m;
}

/* Values of slot s that some operation explains with reading r (with READ_FUSED in `how`,
 * also through lane selects). */
static uint64_t explained(const struct inf_data *data, const struct slot *s,
                          const struct reading *r, unsigned how)
{
	uint64_t m = 0, all = s->have & ~s->kept;
	struct lane_words w;
	for (unsigned op = 0; op < inf_op_count(); op++)
		if (!inf_op_weak(op))
			m |= explains(data, s, op, r);
	if (!(how & READ_FUSED) || r->a.in < 0 || r->b.in < 0 || m == all)
		return m;
	lane_words(data, r, &w);
	for (unsigned lane = 1; lane < INF_LANES && m != all; lane++)
		m |= lane_hits(s, r, &w, r->c.in >= 0 ? opv(data, r->c) : 0, lane, ~0u, all & ~m);
	return m;
}

static void pool_add(struct operand *pool, unsigned *support, unsigned *n, int32_t in, int neg,
                     unsigned weight)
{
	for (unsigned i = 0; i < *n; i++)
		if (pool[i].in == in && pool[i].neg == neg) {
			support[i] += weight;
			return;
		}
	if (*n < 4 * MAX_POOL) {
		pool[*n] = (struct operand){in, (uint8_t)neg};
		support[(*n)++] = weight;
		return;
	}
	/* full: a word better supported than the least one takes its place (a move found after
	 * a flood of chance pairs, such as every zero word of a zeroed buffer) */
	unsigned least = 0;
	for (unsigned i = 1; i < *n; i++)
		if (support[i] < support[least])
			least = i;
	if (support[least] < weight) {
		pool[least] = (struct operand){in, (uint8_t)neg};
		support[least] = weight;
	}
}

/* Every planted word (op ~0u) and what each unary operation makes of it, by result: the
 * words an output can be a move or a unary operation of are found by one search. */
struct image {
	uint32_t key;   /* the result's bits, ordered as numbers (ordered_key) */
	int32_t in;
	unsigned op;
};
struct images {
	struct image *v;
	size_t n;
};

/* Float bits -> an unsigned key in numeric order (negatives below positives). */
static uint32_t ordered_key(uint32_t x)
{
	return x >> 31 ? ~x : x | 0x80000000u;
}

static int cmp_image(const void *a, const void *b)
{
	const struct image *x = a, *y = b;
	return x->key < y->key ? -1 : x->key > y->key;
}

/* Planted words beyond this many are moves only (no unary images). */
#define MAX_IMAGED 16384

static void build_images(const struct inf_data *data, struct images *im)
{
	size_t cap = data->nin * 2 + 1;
	unsigned nops = inf_op_count();
	im->n = 0;
	im->v = NULL;
	for (size_t j = 0; j < data->nin; j++) {
		for (unsigned op = 0; op <= nops; op++) {
			uint32_t r;
			if (op < nops && (j >= MAX_IMAGED || inf_op_arity(op) != 1 || op == 0))
				continue;
			r = op == nops ? data->in[j].value : inf_op_apply(op, data->in[j].value, 0, 0);
			if (op < nops && (r & 0x7fffffffu) > 0x7f800000u)
				continue; /* a NaN result says nothing of where it came from (a planted
				           * NaN word is itself: a move of it keeps its bits) */
			if (im->n == cap || !im->v) {
				cap *= 2;
				im->v = realloc(im->v, cap * sizeof *im->v);
				if (!im->v)
					abort();
			}
			im->v[im->n++] = (struct image){ordered_key(r), (int32_t)j, op == nops ? ~0u : op};
		}
	}
	if (im->n)
		qsort(im->v, im->n, sizeof *im->v, cmp_image);
}

/* Calls back every image within 8 units in the last place of y (the approximating operations
 * round their own way); exact ones are checked by the caller. */
static size_t image_from(const struct images *im, uint32_t y)
{
	uint32_t k = ordered_key(y), lo = k > 8 ? k - 8 : 0;
	size_t a = 0, b = im->n;
	while (a < b) {
		size_t m = (a + b) / 2;
		if (im->v[m].key < lo)
			a = m + 1;
		else
			b = m;
	}
	return a;
}

static int32_t planted_exact(const struct images *im, const struct inf_data *data, uint32_t x)
{
	for (size_t i = image_from(im, x); i < im->n && im->v[i].key <= ordered_key(x) + 8; i++)
		if (im->v[i].op == ~0u && data->in[im->v[i].in].value == x)
			return im->v[i].in;
	return -1;
}

/* Whether word y says little of where it came from: 0, 1 and -1 come of too many operations
 * (comparisons, floor, sign), a NaN of any operation on a NaN or out of its domain. */
static int uninformative(uint32_t y)
{
	uint32_t m = y & 0x7fffffffu;
	return m == 0 || m == 0x3f800000u || m > 0x7f800000u;
}

/* The words slot s's values are (moves), or are one operation of (a unary one of any planted
 * word; add / sub / mul / nmul / div of a word near the first planted ones, or of one found
 * so, and any planted word), with how many values say so. */
static void primaries(const struct inf_data *data, const struct images *im, struct slot *s,
                      const int32_t *near, unsigned nnear)
{
	struct operand *pool = s->prim;
	unsigned *support = s->psup, *n = &s->nprim;
	*n = 0;
	for (unsigned vi = 0; vi < MAX_VALUES; vi++) {
		uint32_t y;
		int32_t at;
		/* a value that left the word as planted read nothing: not its operands */
		if (!(s->have >> vi & 1) || (s->kept >> vi & 1))
			continue;
		y = s->y[vi];
		/* 0, 1, -1 and NaN come of too many operations (comparisons, floor, sign, a
		 * square root of a negative) to say where their operands lie; a NaN word planted
		 * with these very bits is still the operand of a move */
		if ((y & 0x7fffffffu) > 0x7f800000u && (at = planted_exact(im, data, y)) >= 0)
			pool_add(pool, support, n, at, 0, 6);
		if (uninformative(y))
			continue;
		for (int neg = 0; neg < 2; neg++) {
			uint32_t t = neg ? y ^ 0x80000000u : y;
			for (size_t i = image_from(im, t); i < im->n && im->v[i].key <= ordered_key(t) + 8;
			     i++) {
				const struct image *g = &im->v[i];
				if (g->op == ~0u ? data->in[g->in].value == t
				                 : inf_op_matches(g->op, t, inf_op_apply(g->op,
				                                  data->in[g->in].value, 0, 0)))
					/* a move or a unary operation names its operand; a binary one found
					 * below (two operands free) is weaker evidence */
					pool_add(pool, support, n, g->in, neg && g->op == ~0u, g->op == ~0u ? 6 : 4);
			}
		}
		/* a binary operation: one operand near (or found above; any planted word when there
		 * are few), the other any planted word */
		size_t nall = data->nin <= MAX_SMALL ? data->nin : 0;
		for (size_t i = 0; i < nall + nnear + *n && i < nall + nnear + 8; i++) {
			int32_t ai = i < nall ? (int32_t)i : i < nall + nnear ? near[i - nall]
			                                                       : pool[i - nall - nnear].in;
			float a = ip_f32_from_bits(data->in[ai].value), fy = ip_f32_from_bits(y);
			const float want[6] = {fy - a, a - fy, fy + a, a != 0 ? fy / a : NAN,
			                       a != 0 ? -fy / a : NAN, fy != 0 ? a / fy : NAN};
			for (unsigned w = 0; w < 6; w++) {
				if (isnan(want[w]) || isinf(want[w]))
					continue;
				at = planted_exact(im, data, ip_f32_bits(want[w]));
				for (int d = -1; d <= 1 && at < 0; d += 2)
					at = planted_exact(im, data, ip_f32_bits(want[w]) + (uint32_t)d);
				if (at >= 0 && at != ai) {
					pool_add(pool, support, n, ai, 0, 1);
					pool_add(pool, support, n, at, 0, 1);
				}
			}
		}
	}
}

/* Words a fused multiply-add or a lane select may read for slot s: the planted words of the
 * output word's own record of 16 (an instruction's operands and result lie side by side), then
 * the words near the operands (near_words); at most cap. */
static unsigned fused_words(const struct inf_data *data, const struct slot *s,
                            const int32_t *near, unsigned nnear, int32_t *out, unsigned cap)
{
	unsigned n = 0;
	int32_t at = data->out[s->k].init;
	if (at >= 0) {
		unsigned lo = data->in[at].index & ~15u;
		for (size_t j = at > 16 ? (size_t)at - 16 : 0; j < data->nin && j < (size_t)at + 16; j++)
			if (!strcmp(data->in[j].role, data->in[at].role) && data->in[j].index >= lo &&
			    data->in[j].index < lo + 16 && n < cap)
				out[n++] = (int32_t)j;
	}
	for (unsigned i = 0; i < nnear && n < cap; i++) {
		int dup = 0;
		for (unsigned q = 0; q < n; q++)
			dup |= out[q] == near[i];
		if (!dup)
			out[n++] = near[i];
	}
	return n;
}

#define MAX_FUSED 32   /* words tried as a fused multiply-add's or a lane select's a and b */
#define MAX_MATCHES 256 /* operand words found for one value (more: weighed as that many) */

/* The words (in order) whose fma, or sum, difference or product of halves, gives word y: a, b
 * and c (-1 for none) for each, into found (3 per match); the number of matches. */
static unsigned fused_matches(const struct inf_data *data, const struct images *im,
                              const int32_t *w, unsigned nw, uint32_t y, int32_t *found)
{
	float fy = ip_f32_from_bits(y);
	unsigned n = 0;
	for (unsigned i = 0; i < nw; i++)
		for (unsigned j = 0; j < nw; j++)
			for (unsigned lane = 0; lane < INF_LANES && i != j; lane++) {
				uint32_t wa = inf_lane_word(data->in[w[i]].value, 0, lane / 3);
				uint32_t wb = inf_lane_word(data->in[w[j]].value, 0, lane % 3);
				float a = ip_f32_from_bits(wa), b = ip_f32_from_bits(wb);
				if (lane_blank(wa) || lane_blank(wb))
					continue;
				/* halves alone: their sum, difference, product */
				if (lane && (a + b == fy || a - b == fy || a * b == fy) && n < MAX_MATCHES) {
					found[3 * n] = w[i];
					found[3 * n + 1] = w[j];
					found[3 * n++ + 2] = -1;
				}
				for (int sign = 0; sign < 4 && n < MAX_MATCHES; sign++) {
					/* (+-a) * b + (+-c): c from the product's distance to the word */
					float pa = sign & 1 ? -a : a, c;
					double want = ((double)fy - (double)pa * (double)b) * (sign & 2 ? -1 : 1);
					uint32_t bits = ip_f32_bits((float)want);
					int32_t at;
					if (!isfinite(want))
						continue;
					at = planted_exact(im, data, bits);
					for (int d = -1; d <= 1 && at < 0; d += 2)
						at = planted_exact(im, data, bits + (uint32_t)d);
					if (at < 0 || at == w[i] || at == w[j])
						continue;
					c = ip_f32_from_bits(data->in[at].value);
					if (fmaf(pa, b, sign & 2 ? -c : c) != fy)
						continue;
					found[3 * n] = w[i];
					found[3 * n + 1] = w[j];
					found[3 * n++ + 2] = at;
				}
			}
	return n;
}

/* The third pass's operands of slot s (READ_FUSED): words a, b whose product, of the words or
 * of binary16 halves of them widened (lane selects), plus or minus a planted word c is a
 * value's word, rounded once (fma); and a, b whose halves' sum, difference or product is one.
 * Each value's matches share one weight: planted words in arithmetic progression (halves of
 * `distinct` words) give many pairs the same product, by chance, and the pair that is no
 * chance is the one every value agrees on. Only `values` (bit vi) are looked at: those no
 * reading named. The matches found, in all. */
static unsigned fused_primaries(const struct inf_data *data, const struct images *im,
                                struct slot *s, const int32_t *near, unsigned nnear,
                                uint64_t values)
{
	int32_t w[MAX_FUSED], *found = malloc(3 * MAX_MATCHES * sizeof *found);
	unsigned nw = fused_words(data, s, near, nnear, w, MAX_FUSED), all = 0;
	if (!found)
		abort();
	for (uint64_t left = s->have & ~s->kept & values; left; left &= left - 1) {
		unsigned vi = (unsigned)__builtin_ctzll(left), n, weight;
		if (uninformative(s->y[vi]) || planted_exact(im, data, s->y[vi]) >= 0)
			continue;
		n = fused_matches(data, im, w, nw, s->y[vi], found);
		weight = n ? (48 + n - 1) / n : 0;
		for (unsigned m = 0; m < 3 * n; m++)
			if (found[m] >= 0)
				pool_add(s->prim, s->psup, &s->nprim, found[m], 0, weight);
		all += n;
	}
	free(found);
	return all;
}

/* Candidate operands of slot `at`: its own primaries, then the other output words' of the
 * same context (an instruction's operands sit together), the most supported first, with the
 * best ones' record neighbours (operands sit side by side); at most MAX_POOL. */
static unsigned candidates(const struct inf_data *data, const struct slot *slots, size_t ns,
                           size_t at, int rsel, struct operand *out)
{
	struct operand pool[4 * MAX_POOL];
	unsigned support[4 * MAX_POOL], n = 0, kept = 0;
	for (size_t i = 0; i < ns; i++) {
		const struct slot *o = &slots[i];
		if (o->g != slots[at].g)
			continue;
		for (unsigned k = 0; k < o->nprim; k++)
			pool_add(pool, support, &n, o->prim[k].in, o->prim[k].neg,
			         o->psup[k] * (i == at ? 4 : 1));
	}
	/* the most supported first; ties: earlier planted words */
	for (unsigned i = 0; i < n; i++)
		for (unsigned j = i + 1; j < n; j++)
			if (support[j] > support[i] ||
			    (support[j] == support[i] && pool[j].in < pool[i].in)) {
				struct operand t = pool[i];
				unsigned u = support[i];
				pool[i] = pool[j];
				support[i] = support[j];
				pool[j] = t;
				support[j] = u;
			}
	for (unsigned i = 0; i < n && kept < MAX_POOL / 3; i++)
		out[kept++] = pool[i];
	/* with rsel, also every word one of its own values is (rselect's c), however little
	 * chance pairs support it */
	for (unsigned i = MAX_POOL / 3; rsel && i < n && kept < MAX_POOL / 2; i++) {
		uint32_t w = opv(data, pool[i]);
		for (uint64_t left = slots[at].have & ~slots[at].kept; left; left &= left - 1)
			if (slots[at].y[__builtin_ctzll(left)] == w) {
				out[kept++] = pool[i];
				break;
			}
	}
	for (unsigned i = 0, n0 = kept < 4 ? kept : 4; i < n0 && kept < MAX_POOL; i++) {
		int32_t lo = out[i].in & ~3, hi = lo + 8;
		for (int32_t j = lo; j < hi && (size_t)j < data->nin && kept < MAX_POOL; j++) {
			int dup = 0;
			if (data->in[j].role != data->in[out[i].in].role)
				continue;
			for (unsigned q = 0; q < kept; q++)
				dup |= out[q].in == j && !out[q].neg;
			if (!dup)
				out[kept++] = (struct operand){j, 0};
		}
	}
	return kept;
}

/* Whether reading x is to be preferred to y when they explain as many values: fewer
 * negations; two operands rather than three; operand b the word right after a (when the runs
 * cannot tell which word b is, the one planted beside a: probes lay an instruction's operands
 * out side by side); then the earlier words. */
static int better(const struct reading *x, const struct reading *y)
{
	int xa = x->b.in == x->a.in + 1, ya = y->b.in == y->a.in + 1;
	if (x->negs != y->negs)
		return x->negs < y->negs;
	if ((x->c.in < 0) != (y->c.in < 0)) /* two operands rather than three */
		return x->c.in < 0;
	if (xa != ya)
		return xa;
	if (x->a.in != y->a.in)
		return x->a.in < y->a.in;
	return x->b.in < y->b.in;
}

/* The values of slot s that fma explains with reading r (words w), its operands a and b read
 * through any lane select. */
static uint64_t fused_explains(const struct inf_data *data, const struct slot *s,
                               const struct reading *r, const struct lane_words *w)
{
	uint64_t m = 0, all = s->have & ~s->kept;
	uint32_t c = opv(data, r->c);
	for (unsigned lane = 0; lane < INF_LANES && m != all; lane++)
		m |= lane ? lane_hits(s, r, w, c, lane, inf_op_fma(), all & ~m)
		          : explains(data, s, inf_op_fma(), r);
	return m;
}

/* Slot s's simplest reading; when no reading explains a value, none (a.in < 0). */
static struct reading simplest(const struct slot *s)
{
	return s->ntied ? s->tied[0] : (struct reading){{-1, 0}, {-1, 0}, {-1, 0}, 0, 0, 0};
}

/* The readings of slot `at` that explain the most values (with some operation each); with
 * READ_RSEL in `how`, also those whose third operand rselect reads (b not zero): a second
 * pass, where the first left values unnamed (it adds a word of its own to any two operands);
 * with READ_FUSED, those whose third operand fma adds, and lane selects. */
static void readings(const struct inf_data *data, struct slot *slots, size_t ns, size_t at,
                     unsigned how)
{
	struct slot *s = &slots[at];
	struct operand pool[MAX_POOL * 2];
	int rsel = (how & READ_RSEL) != 0, fused = (how & READ_FUSED) != 0;
	unsigned n = candidates(data, slots, ns, at, rsel, pool), best = 0;
	/* negations of the candidates too (an input negate, or a negated operand), each once (a
	 * word and its negation may both be candidates already) */
	for (unsigned i = 0, n0 = n; i < n0 && n < 2 * MAX_POOL; i++) {
		int dup = 0;
		for (unsigned q = 0; q < n && !dup; q++)
			dup = pool[q].in == pool[i].in && pool[q].neg != pool[i].neg;
		if (!dup)
			pool[n++] = (struct operand){pool[i].in, (uint8_t)!pool[i].neg};
	}
	memcpy(s->pool, pool, n * sizeof *pool);
	s->npool = n;
	s->ntied = 0;
	/* the candidates that are some value's word, or its negation (a negated result) */
	uint64_t cwords[(2 * MAX_POOL + 63) / 64] = {0};
	for (unsigned q = 0; q < n; q++)
		for (uint64_t left = s->have & ~s->kept; left; left &= left - 1) {
			uint32_t y = s->y[__builtin_ctzll(left)], w = opv(data, pool[q]);
			if (w == y || w == (y ^ 0x80000000u))
				cwords[q >> 6] |= UINT64_C(1) << (q & 63);
		}
	for (unsigned i = 0; i < n; i++)
		for (unsigned j = 0; j <= n; j++)
			for (unsigned m = 0; m < 2; m++) {
				struct reading r = {pool[i], j < n ? pool[j] : (struct operand){-1, 0},
				                    {-1, 0}, (uint8_t)m, 0, 0};
				uint64_t e;
				unsigned score;
				if (j < n && pool[j].in == pool[i].in)
					continue;
				r.negs = pool[i].neg + (j < n ? pool[j].neg : 0) + m;
				e = explained(data, s, &r, how);
				/* select of b = 0 reads c, rselect of b != 0: the candidate that explains
				 * the most (for rselect, only words some value is: c is its result); fma
				 * adds any */
				int zero = j < n && ip_f32_from_bits(opv(data, r.b)) == 0;
				/* (fma's c: a and b in the order they were planted, and c not negated: the
				 * lane selects name both orders, and (-a) * b - c is -(a * b + c)) */
				int add_c = fused && pool[i].in < pool[j < n ? j : i].in;
				if (j < n && (zero || rsel || add_c)) {
					uint64_t bestc = 0;
					unsigned sel = zero ? inf_op_select() : inf_op_rselect();
					struct lane_words lw;
					if (add_c)
						lane_words(data, &r, &lw);
					for (unsigned q = 0; q < n; q++) {
						struct reading rc = r;
						uint64_t x = 0, f = 0;
						int moves_c = zero || (rsel && (cwords[q >> 6] >> (q & 63) & 1));
						int adds = add_c && !pool[q].neg;
						if (!moves_c && !adds)
							continue;
						rc.c = pool[q];
						if (moves_c)
							x = explains(data, s, sel, &rc);
						if (adds)
							x |= f = fused_explains(data, s, &rc, &lw) & ~e;
						x &= ~e;
						if (__builtin_popcountll(x) > __builtin_popcountll(bestc)) {
							bestc = x;
							r.c = pool[q];
							r.addend = f != 0;
						}
					}
					e |= bestc;
				}
				score = (unsigned)__builtin_popcountll(e);
				if (!score || score < best)
					continue;
				if (score > best) {
					best = score;
					s->ntied = 0;
				}
				if (s->ntied < MAX_TIED)
					s->tied[s->ntied++] = r;
				else {
					/* keep the simplest */
					unsigned worst = 0;
					for (unsigned t = 1; t < MAX_TIED; t++)
						if (better(&s->tied[worst], &s->tied[t]))
							worst = t;
					if (better(&r, &s->tied[worst]))
						s->tied[worst] = r;
				}
			}
	for (unsigned i = 0; i < s->ntied; i++)
		for (unsigned j = i + 1; j < s->ntied; j++)
			if (better(&s->tied[j], &s->tied[i])) {
				struct reading t = s->tied[i];
				s->tied[i] = s->tied[j];
				s->tied[j] = t;
			}
	s->r = simplest(s);
}

/* A value's name: none (it never ran ok), an operation of the readings, a float mode, an
 * operation of reading a and a second operand of its own from the same words (S_OWN: a
 * modifier dividing by one component or another), a move of a planted word of its own (S_MOVE:
 * a select of more words than a reading holds), an operation per context, or none. */
enum state { S_NONE, S_NAMED, S_MODE, S_OWN, S_MOVE, S_BY_CONTEXT, S_UNIDENTIFIED, S_KEPT,
             S_LANES };

/* The enum findings of one field (same bits and condition) in every context that has it. */
struct group {
	const struct inf_data *data;
	struct inf_finding **f;
	size_t n;
	uint64_t value[MAX_VALUES];   /* field values, ascending */
	unsigned nv;
	struct slot *slot;
	size_t ns;
	unsigned op[MAX_VALUES];      /* the operation voted for each value */
	const char *mode[MAX_VALUES]; /* a float mode it is in every context it ran in */
	unsigned lane[MAX_VALUES];    /* S_LANES: the background's operation (op) reading the
	                               * halves this lane select says (inf_lane_name) */
	char lane_text[MAX_VALUES][24]; /* S_LANES: "fma a.h0 b.h1" */
	unsigned lanes_alike[MAX_VALUES]; /* S_LANES: other lane selects that give the same words
	                                   * (bit L: the planted words cannot tell them apart) */
	enum state st[MAX_VALUES];
	uint8_t *computes;            /* per finding: some value's word is an operation of its
	                               * reading's operands and no planted word (the field computes) */
	uint8_t own_all[MAX_VALUES];  /* S_OWN: the operation holds in every context */
	const struct images *im;      /* every planted word and its unary images */
};

static int value_index(const struct group *gr, uint64_t fv)
{
	for (unsigned i = 0; i < gr->nv; i++)
		if (gr->value[i] == fv)
			return (int)i;
	return -1;
}

/* The outcome of value vi in finding g, or NULL. */
static const struct inf_outcome *outcome_of(const struct group *gr, size_t g, unsigned vi)
{
	const struct inf_enum *en = gr->f[g]->en;
	for (size_t i = 0; i < en->n; i++)
		if (en->fv[i] == gr->value[vi])
			return &gr->data->oc[en->oc[i]];
	return NULL;
}

/* The first slot of finding g (its first output word), or NULL. */
static const struct slot *first_slot(const struct group *gr, size_t g)
{
	for (size_t i = 0; i < gr->ns; i++)
		if (gr->slot[i].g == g)
			return &gr->slot[i];
	return NULL;
}

/* Words near the operands: the first of each input buffer, and the records the group's
 * outputs come from (moves show where the operands lie). */
static unsigned near_words(const struct group *gr, int32_t *near, unsigned cap)
{
	const struct inf_data *data = gr->data;
	unsigned n = 0;
	for (size_t g = 0; g < gr->n; g++) {
		const struct inf_enum *en = gr->f[g]->en;
		for (size_t i = 0; i < en->n; i++) {
			const struct inf_outcome *o = &data->oc[en->oc[i]];
			if (o->status != IP_STATUS_OK)
				continue;
			for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS; k++) {
				int32_t at = (en->K >> k & 1) ? o->src[k] : -1;
				if (at < 0)
					continue;
				for (int32_t j = at & ~3; j < (at | 3) + 1 && (size_t)j < data->nin; j++) {
					int dup = 0;
					for (unsigned q = 0; q < n; q++)
						dup |= near[q] == j;
					if (!dup && n < cap)
						near[n++] = j;
				}
			}
		}
	}
	for (size_t j = 0; j < data->nin && n < cap; j++) {
		int dup = 0;
		if (data->in[j].index >= 16)
			continue;
		for (unsigned q = 0; q < n; q++)
			dup |= near[q] == (int32_t)j;
		if (!dup)
			near[n++] = (int32_t)j;
	}
	return n;
}

/* Whether every value has the same word in slot s (it tells none apart: the values differ
 * beyond the words compared one by one). */
static int same_words(const struct slot *s, unsigned nv)
{
	int first = -1;
	for (unsigned vi = 0; vi < nv; vi++) {
		if (!(s->have >> vi & 1))
			continue;
		if (first < 0)
			first = (int)vi;
		else if (s->y[vi] != s->y[first])
			return 0;
	}
	return 1;
}

/* Whether reading r holds a third operand read where b is not zero (rselect's c): such a
 * reading explains a move of c beside any two operands, chance pairs among them. */
static int rselect_reading(const struct inf_data *data, const struct reading *r)
{
	return r->c.in >= 0 && r->b.in >= 0 && !r->addend &&
	       ip_f32_from_bits(opv(data, r->b)) != 0;
}

/* Whether some value of slot s computes: its word is no planted word (negated or not), nor 0,
 * 1 or NaN, and an operation of one of the slot's readings gives it. Only then is a value that
 * equals max(a, b) or min(a, b) more than a move of a or b that happens to be the larger:
 * without it, a field moving words of two buffers is a select, whatever order the words lie
 * in, and a value planted nowhere (an immediate) that nothing explains says nothing. */
static int computes(const struct inf_data *data, const struct images *im, const struct slot *s,
                    unsigned how)
{
	for (uint64_t left = s->have & ~s->kept; left; left &= left - 1) {
		unsigned vi = (unsigned)__builtin_ctzll(left);
		if (uninformative(s->y[vi]) || planted_exact(im, data, s->y[vi]) >= 0 ||
		    planted_exact(im, data, s->y[vi] ^ 0x80000000u) >= 0)
			continue;
		for (unsigned t = 0; t < s->ntied; t++)
			if (!rselect_reading(data, &s->tied[t]) &&
			    (explained(data, s, &s->tied[t], how) >> vi & 1))
				return 1;
	}
	return 0;
}

/* Every slot's readings (how: readings()) and whether its finding computes. */
static void read_slots(struct group *gr, unsigned how)
{
	memset(gr->computes, 0, gr->n);
	for (size_t i = 0; i < gr->ns; i++) {
		readings(gr->data, gr->slot, gr->ns, i, how);
		gr->computes[gr->slot[i].g] |= (uint8_t)computes(gr->data, gr->im, &gr->slot[i], how);
	}
}

static int build_slots(struct group *gr, const struct images *im, const int32_t *near,
                       unsigned nnear)
{
	const struct inf_data *data = gr->data;
	gr->slot = calloc(gr->n * MAX_WORDS + 1, sizeof *gr->slot);
	gr->computes = calloc(gr->n + 1, 1);
	if (!gr->slot || !gr->computes)
		abort();
	for (size_t g = 0; g < gr->n; g++) {
		const struct inf_enum *en = gr->f[g]->en;
		unsigned words = 0;
		for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS && words < MAX_WORDS; k++) {
			struct slot *s = &gr->slot[gr->ns];
			if (!(en->K >> k & 1))
				continue;
			memset(s, 0, sizeof *s);
			s->g = g;
			s->k = k;
			for (unsigned vi = 0; vi < gr->nv; vi++) {
				const struct inf_outcome *o = outcome_of(gr, g, vi);
				if (o && o->status == IP_STATUS_OK) {
					s->y[vi] = o->words[k];
					s->have |= UINT64_C(1) << vi;
					if (data->out[k].init >= 0 &&
					    o->words[k] == data->in[data->out[k].init].value)
						s->kept |= UINT64_C(1) << vi;
				}
			}
			if (!s->have || same_words(s, gr->nv))
				continue;
			primaries(data, im, s, near, nnear);
			gr->ns++;
			words++;
		}
	}
	read_slots(gr, 0);
	return 0;
}

/* Whether slot s's reading says which of its operands is a, for every value but vi: the
 * other values' words are explained more often as they are than with a and b swapped (a
 * floor of a, a sub, an exp2 of a: not only moves and operations whose operands commute). */
static int order_fixed(const struct inf_data *data, const struct slot *s, unsigned vi)
{
	struct reading sw = s->r;
	uint64_t others = ~(UINT64_C(1) << vi);
	sw.a = s->r.b;
	sw.b = s->r.a;
	return __builtin_popcountll(explained(data, s, &s->r, 0) & others) >
	       __builtin_popcountll(explained(data, s, &sw, 0) & others);
}

/* Votes each value's operation over every slot: with the slots' tied readings (any of them
 * may explain it) when `any`, else with each slot's chosen reading. Ties go to the operation
 * that holds whichever operand is a, in the contexts where the field computes (below); else
 * to the simplest (the library's order: moves first). */
static void vote(struct group *gr, int any)
{
	unsigned nops = inf_op_count();
	for (unsigned vi = 0; vi < gr->nv; vi++) {
		unsigned best = 0, count[64] = {0}, both[64] = {0}, best_both = 0;
		for (size_t i = 0; i < gr->ns; i++) {
			const struct slot *s = &gr->slot[i];
			struct reading sw = s->r;
			int fixed;
			if (!(s->have >> vi & 1))
				continue;
			sw.a = s->r.b;
			sw.b = s->r.a;
			/* the other values say which operand is a (a unary operation of it, a sub): a
			 * move of a is then as robust as max (counted on the reading held, not when any
			 * tied reading may hit) */
			fixed = !any && sw.a.in >= 0 && order_fixed(gr->data, s, vi);
			for (unsigned op = 0; op < nops && op < 64; op++) {
				int hit = 0;
				for (unsigned t = 0; t < (any ? s->ntied : 1) && !hit; t++)
					hit = (explains(gr->data, s, op, any ? &s->tied[t] : &s->r) >> vi) & 1;
				count[op] += (unsigned)hit;
				/* also with a and b the other way round: which operand is a is a guess (a
				 * move of a is "the larger" there, or max). Only where the field computes:
				 * in a select of planted words, the words' order says nothing, and the
				 * move is the simplest name (max of a register and a const that happens to
				 * be the register is a chance) */
				both[op] += hit && sw.a.in >= 0 && gr->computes[s->g] &&
				            (fixed || (explains(gr->data, s, op, &sw) >> vi & 1));
			}
		}
		gr->op[vi] = 0;
		for (unsigned op = 0; op < nops && op < 64; op++)
			if (count[op] > best || (count[op] == best && both[op] > best_both)) {
				best = count[op];
				best_both = both[op];
				gr->op[vi] = op;
			}
		if (!best)
			gr->op[vi] = ~0u;
	}
}

/* Each slot's reading: of its tied ones, the one under which the voted operations explain
 * the most values. */
static void choose(struct group *gr)
{
	for (size_t i = 0; i < gr->ns; i++) {
		struct slot *s = &gr->slot[i];
		int best = -1;
		struct reading now = s->r;
		for (int t = -1; t < (int)s->ntied; t++) {
			const struct reading *r = t < 0 ? &now : &s->tied[t];
			int n = 0;
			for (unsigned vi = 0; vi < gr->nv; vi++)
				if (gr->op[vi] != ~0u)
					n += (int)(explains(gr->data, s, gr->op[vi], r) >> vi & 1);
			if (n > best) { /* ties: the one held, then the simplest (sorted so) */
				best = n;
				s->r = *r;
			}
		}
	}
}

/* The operations that explain value vi in every slot of finding g (bit op), under its
 * chosen readings; 0 when a slot has none. */
static uint64_t context_ops(const struct group *gr, size_t g, unsigned vi)
{
	uint64_t ops = ~UINT64_C(0);
	int any = 0;
	for (size_t i = 0; i < gr->ns; i++) {
		const struct slot *s = &gr->slot[i];
		uint64_t here = 0;
		if (s->g != g || !(s->have >> vi & 1))
			continue;
		if (s->kept >> vi & 1)
			continue;
		any = 1;
		for (unsigned op = 0; op < inf_op_count() && op < 64; op++)
			if (explains(gr->data, s, op, &s->r) >> vi & 1)
				here |= UINT64_C(1) << op;
		ops &= here;
	}
	return any ? ops : 0;
}

/* Whether value vi, in finding g, leaves some word as planted and every other as the
 * background has it: it differs from the seed only by not writing (a store sent to another
 * table, a write it masks off, a branch that skips an instruction), and no word it holds is
 * an operation of its own. Returns the first slot whose word it keeps, or NULL. */
static const struct slot *keeps_in(const struct group *gr, size_t g, unsigned vi)
{
	const struct inf_data *data = gr->data;
	int32_t base = gr->f[g]->en->base;
	const struct slot *first = NULL;
	for (size_t i = 0; i < gr->ns; i++) {
		const struct slot *s = &gr->slot[i];
		if (s->g != g || !(s->have >> vi & 1))
			continue;
		if (s->kept >> vi & 1) {
			first = first ? first : s;
			continue;
		}
		if (base < 0 || data->oc[base].status != IP_STATUS_OK ||
		    s->y[vi] != data->oc[base].words[s->k])
			return NULL;
	}
	return first;
}

/* Values explained, over every slot, by their operations under the chosen readings. */
static unsigned total_explained(const struct group *gr)
{
	unsigned n = 0;
	for (size_t i = 0; i < gr->ns; i++)
		for (unsigned vi = 0; vi < gr->nv; vi++)
			if (gr->op[vi] != ~0u && (gr->slot[i].have >> vi & 1))
				n += (unsigned)(explains(gr->data, &gr->slot[i], gr->op[vi], &gr->slot[i].r) >>
				                vi & 1);
	return n;
}

/* Operations and readings that explain the most together: alternately each value's
 * operation by vote and each slot's reading, from two starts (each slot's simplest reading;
 * a first vote letting any tied reading count), keeping the better end (ties: the first). */
static void solve(struct group *gr)
{
	unsigned best_total = 0, best_op[MAX_VALUES];
	struct reading *best_r = malloc((gr->ns + 1) * sizeof *best_r);
	if (!best_r)
		abort();
	for (int start = 0; start < 2; start++) {
		unsigned total;
		for (size_t i = 0; i < gr->ns; i++)
			gr->slot[i].r = simplest(&gr->slot[i]);
		vote(gr, start);
		for (unsigned r = 0; r < ROUNDS; r++) {
			choose(gr);
			vote(gr, 0);
		}
		total = total_explained(gr);
		if (start == 0 || total > best_total) {
			best_total = total;
			memcpy(best_op, gr->op, sizeof best_op);
			for (size_t i = 0; i < gr->ns; i++)
				best_r[i] = gr->slot[i].r;
		}
	}
	memcpy(gr->op, best_op, sizeof best_op);
	for (size_t i = 0; i < gr->ns; i++)
		gr->slot[i].r = best_r[i];
	free(best_r);
}

/* The second operand, among slot s's, that makes op of its reading's a give value vi's word
 * (neither operand itself), or in = -1. */
static struct operand own_b(const struct inf_data *data, const struct slot *s, unsigned op,
                            unsigned vi)
{
	for (unsigned i = 0; i < s->npool && s->r.a.in >= 0; i++) {
		struct reading r = s->r;
		r.b = s->pool[i];
		r.c.in = -1;
		/* (b may be a itself: the record's y divided by its own y) */
		if (s->y[vi] == opv(data, r.a) || s->y[vi] == opv(data, r.b))
			continue;
		if (explains(data, s, op, &r) >> vi & 1)
			return r.b;
	}
	return (struct operand){-1, 0};
}

/* Whether op of each slot's operand a and another of that slot's operands gives value vi in
 * every slot of finding g (g = ~0: of every finding). */
static int own_holds(const struct group *gr, size_t g, unsigned op, unsigned vi)
{
	int any = 0;
	for (size_t i = 0; i < gr->ns; i++) {
		const struct slot *s = &gr->slot[i];
		if ((g != ~(size_t)0 && s->g != g) || !(s->have >> vi & 1))
			continue;
		any = 1;
		if (own_b(gr->data, s, op, vi).in < 0)
			return 0;
	}
	return any;
}

/* A value no reading names: an arithmetic operation of each slot's operand a and another of
 * that slot's operands, the same operation in every context it holds in (a modifier that
 * divides the record by its y, z or w component per value). 1 with gr->op set, else 0;
 * gr->own_all[vi]: it holds in every context. */
static int own_operand(struct group *gr, unsigned vi)
{
	for (unsigned op = 0; op < inf_op_count(); op++) {
		if (!inf_op_invertible(op))
			continue;
		for (size_t g = 0; g < gr->n; g++)
			if (own_holds(gr, g, op, vi)) {
				gr->op[vi] = op;
				gr->own_all[vi] = (uint8_t)own_holds(gr, ~(size_t)0, op, vi);
				return 1;
			}
	}
	return 0;
}

/* The planted word value vi's word is in slot s (unique, not 0), or -1. */
static int32_t own_word(const struct group *gr, const struct slot *s, unsigned vi)
{
	int32_t at;
	if (!(s->have >> vi & 1) || (s->kept >> vi & 1) || !(s->y[vi] & 0x7fffffffu))
		return -1;
	at = planted_exact(gr->im, gr->data, s->y[vi]);
	return at >= 0 && !gr->data->in[at].dup ? at : -1;
}

/* The planted word value vi's word is in slot s, or whose negation it is (unique, not 0; a word
 * itself before its negation), or in = -1: a move of a word of its own, maybe through a
 * negate (an input select whose context negates the input). */
static struct operand own_move(const struct group *gr, const struct slot *s, unsigned vi)
{
	int32_t at = own_word(gr, s, vi);
	if (at < 0 && (s->have >> vi & 1) && !(s->kept >> vi & 1) && (s->y[vi] & 0x7fffffffu)) {
		at = planted_exact(gr->im, gr->data, s->y[vi] ^ 0x80000000u);
		if (at >= 0 && !gr->data->in[at].dup)
			return (struct operand){at, 1};
	}
	return (struct operand){at >= 0 ? at : -1, 0};
}

/* Whether value vi's word is a planted word, or its negation, in every slot it ran in (and it
 * ran). */
static int moves_own(const struct group *gr, unsigned vi)
{
	int any = 0;
	for (size_t i = 0; i < gr->ns; i++) {
		const struct slot *s = &gr->slot[i];
		if (!(s->have >> vi & 1))
			continue;
		if (own_move(gr, s, vi).in < 0)
			return 0;
		any = 1;
	}
	return any;
}

/* Whether slot s says nothing of its operands: no reading, and every value's word is 0, 1,
 * -1 or NaN (a context where b is 0: comparisons, a * 0, 0 / a; or equal inputs). */
static int silent(const struct slot *s)
{
	if (s->ntied)
		return 0;
	for (uint64_t left = s->have & ~s->kept; left; left &= left - 1)
		if (!uninformative(s->y[__builtin_ctzll(left)]))
			return 0;
	return 1;
}

/* Planted words, at most, whose every pair a silent slot's reading is looked for among. */
#define MAX_SILENT 512

/* The operations (bit op) that explain value vi in every slot but the silent ones, under
 * their readings; 0 when no such slot has it. */
static uint64_t spoken_ops(const struct group *gr, unsigned vi)
{
	uint64_t ops = ~UINT64_C(0);
	int any = 0;
	for (size_t i = 0; i < gr->ns; i++) {
		const struct slot *s = &gr->slot[i];
		uint64_t here = 0;
		if (!(s->have >> vi & 1) || (s->kept >> vi & 1) || silent(s))
			continue;
		any = 1;
		for (unsigned op = 0; op < inf_op_count() && op < 64; op++)
			if (inf_op_arity(op) < 3 && (explains(gr->data, s, op, &s->r) >> vi & 1))
				here |= UINT64_C(1) << op;
		ops &= here;
	}
	return any ? ops : 0;
}

/* A silent slot's reading: its words (0, 1) say nothing of where the operands lie, so every
 * pair of planted words is tried (a or b negated, the result negated), under which each
 * value is an operation that explains it in every other context (`spoken_ops`): the reading
 * that keeps the most voted operations. A value whose voted operation does not hold there
 * takes the simplest one that does (a context of equal inputs tells ge from gt, le from lt).
 * No such reading: the slot keeps none, and its values differ by context. */
static void read_silent(struct group *gr)
{
	const struct inf_data *data = gr->data;
	if (data->nin > MAX_SILENT)
		return;
	for (size_t i = 0; i < gr->ns; i++) {
		struct slot *s = &gr->slot[i];
		uint64_t cand[MAX_VALUES] = {0}, ok[MAX_VALUES] = {0}, best_ok[MAX_VALUES] = {0};
		uint64_t vals = s->have & ~s->kept;
		struct reading best = {{-1, 0}, {-1, 0}, {-1, 0}, 0, 0, 0};
		int best_keep = -1;
		if (!silent(s) || !vals)
			continue;
		for (uint64_t left = vals; left; left &= left - 1) {
			unsigned vi = (unsigned)__builtin_ctzll(left);
			cand[vi] = spoken_ops(gr, vi);
			if (!cand[vi])
				vals = 0; /* a value no other context names: nothing to hold it to */
		}
		for (size_t a = 0; vals && a < data->nin; a++)
			for (size_t b = 0; b < data->nin; b++)
				for (unsigned m = 0; m < 8 && a != b; m++) {
					struct reading r = {{(int32_t)a, (uint8_t)(m & 1)},
					                    {(int32_t)b, (uint8_t)(m >> 1 & 1)},
					                    {-1, 0}, (uint8_t)(m >> 2), 0, 0};
					uint32_t x = opv(data, r.a), y = opv(data, r.b);
					int keep = 0, valid = 1;
					for (uint64_t left = vals; left && valid; left &= left - 1) {
						unsigned vi = (unsigned)__builtin_ctzll(left);
						uint32_t want = r.neg_out ? s->y[vi] ^ 0x80000000u : s->y[vi];
						ok[vi] = 0;
						for (uint64_t o = cand[vi]; o; o &= o - 1) {
							unsigned op = (unsigned)__builtin_ctzll(o);
							if (inf_op_accepts(op, x, y, 0, want))
								ok[vi] |= UINT64_C(1) << op;
						}
						valid = ok[vi] != 0;
						keep += gr->op[vi] < 64 && (ok[vi] >> gr->op[vi] & 1);
					}
					if (!valid || keep <= best_keep)
						continue;
					best_keep = keep;
					best = r;
					memcpy(best_ok, ok, sizeof ok);
				}
		if (best_keep < 0)
			continue;
		best.negs = best.a.neg + best.b.neg + best.neg_out;
		s->r = best;
		for (uint64_t left = vals; left; left &= left - 1) {
			unsigned vi = (unsigned)__builtin_ctzll(left);
			if (gr->op[vi] >= 64 || !(best_ok[vi] >> gr->op[vi] & 1))
				gr->op[vi] = (unsigned)__builtin_ctzll(best_ok[vi]);
		}
	}
}

/* Whether value vi's word is one and the same planted word in every slot it ran in. */
static int one_word(const struct group *gr, unsigned vi)
{
	int32_t at = -1;
	for (size_t i = 0; i < gr->ns; i++) {
		int32_t w = own_word(gr, &gr->slot[i], vi);
		if (!(gr->slot[i].have >> vi & 1))
			continue;
		if (w < 0 || (at >= 0 && w != at))
			return 0;
		at = w;
	}
	return at >= 0;
}

/* The value of the seed (the background) in the group's first finding, or -1. */
static int background_value(const struct group *gr)
{
	const struct inf_enum *en = gr->n ? gr->f[0]->en : NULL;
	for (size_t i = 0; en && i < en->n; i++)
		if ((int32_t)en->oc[i] == en->base)
			return value_index(gr, en->fv[i]);
	return -1;
}

/* Lane selects: where the background is named by an operation that may read binary16 halves
 * (an add, a multiply, an fma), a value no operation names that is, in every slot it ran in,
 * that operation of the slot's reading with halves of a and/or b in place of the words (the
 * first lane select that holds everywhere). */
/* The lane selects (bit L) under which op of slot s's reading r explains value vi. */
static unsigned lanes_of(const struct group *gr, const struct slot *s, unsigned op,
                         const struct reading *r, unsigned vi)
{
	struct lane_words w;
	unsigned m = 0;
	uint64_t bit = UINT64_C(1) << vi;
	if (r->a.in < 0 || r->b.in < 0 || !((s->have & ~s->kept) & bit))
		return 0;
	lane_words(gr->data, r, &w);
	for (unsigned lane = 1; lane < INF_LANES; lane++)
		m |= (lane_hits(s, r, &w, r->c.in >= 0 ? opv(gr->data, r->c) : 0, lane, op, bit) != 0)
		     << lane;
	return m;
}

/* The operation the background (value vb) computes in finding g that may read halves: its name
 * when it has one across contexts, else the first of those that explain it in every word of g
 * (a min that is also a move of the smaller word); ~0u when none may. */
static unsigned background_op(const struct group *gr, size_t g, unsigned vb)
{
	uint64_t ops;
	if (gr->st[vb] == S_NAMED && inf_op_lanes(gr->op[vb]))
		return gr->op[vb];
	ops = context_ops(gr, g, vb);
	for (unsigned op = 0; op < inf_op_count() && op < 64; op++)
		if ((ops >> op & 1) && inf_op_lanes(op))
			return op;
	return ~0u;
}

/* For an operation whose a and b commute, a slot's reading calls a the word planted first, so
 * the half of "a" that a value reads in one context may be the half of "b" in another: each
 * slot's a and b are put in the order under which its values read the halves the first
 * slot's do. bop: the background's operation per finding (background_op). */
static void orient_lanes(struct group *gr, const unsigned *bop)
{
	const struct slot *ref = &gr->slot[0];
	unsigned ref_op = bop[ref->g];
	for (size_t i = 1; i < gr->ns && ref_op != ~0u; i++) {
		struct slot *s = &gr->slot[i];
		struct reading sw = s->r;
		unsigned same = 0, swapped = 0, op = bop[s->g];
		sw.a = s->r.b;
		sw.b = s->r.a;
		if (s->r.b.in < 0 || op == ~0u || !inf_op_commutes(op))
			continue;
		for (unsigned vi = 0; vi < gr->nv; vi++) {
			unsigned want = lanes_of(gr, ref, ref_op, &ref->r, vi);
			same += (lanes_of(gr, s, op, &s->r, vi) & want) != 0;
			swapped += (lanes_of(gr, s, op, &sw, vi) & want) != 0;
		}
		if (swapped > same)
			s->r = sw;
	}
}

/* Lane selects: where the background computes, in each context, an operation that may read
 * binary16 halves (an add, a min, an fma), a value no operation names that is, in every word
 * it ran in, that context's operation of the word's reading with halves of a and/or b in
 * place of the words (one lane select in every context; the first when several hold, the
 * others said alike). Its name: the operation and halves ("fma a.h0 b.h1"), or the halves
 * alone ("b.h0") when the contexts' operations differ (an add in one, a min in another). */
static void name_lanes(struct group *gr)
{
	int vb = background_value(gr);
	unsigned *bop;
	if (vb < 0 || (gr->st[vb] != S_NAMED && gr->st[vb] != S_BY_CONTEXT))
		return;
	/* the background's operation per finding, worked out once */
	if (!(bop = malloc((gr->n + 1) * sizeof *bop)))
		abort();
	for (size_t g = 0; g < gr->n; g++)
		bop[g] = background_op(gr, g, (unsigned)vb);
	orient_lanes(gr, bop);
	for (unsigned vi = 0; vi < gr->nv; vi++) {
		unsigned holds = ((1u << INF_LANES) - 1) & ~1u, first = ~0u;
		int any = 0, one_op = 1;
		if (gr->st[vi] != S_UNIDENTIFIED && gr->st[vi] != S_BY_CONTEXT)
			continue;
		for (size_t i = 0; i < gr->ns && holds; i++) {
			const struct slot *s = &gr->slot[i];
			unsigned op;
			if (!(s->have >> vi & 1) || (s->kept >> vi & 1))
				continue;
			op = bop[s->g];
			any = 1;
			holds = op == ~0u ? 0 : holds & lanes_of(gr, s, op, &s->r, vi);
			one_op &= first == ~0u || first == op;
			first = op;
		}
		if (!any || !holds)
			continue;
		gr->st[vi] = S_LANES;
		gr->op[vi] = one_op ? first : ~0u;
		gr->lane[vi] = (unsigned)__builtin_ctz(holds);
		gr->lanes_alike[vi] = holds & (holds - 1);
		if (one_op)
			snprintf(gr->lane_text[vi], sizeof gr->lane_text[vi], "%s %s", inf_op_name(first),
			         inf_lane_name(gr->lane[vi]));
		else
			snprintf(gr->lane_text[vi], sizeof gr->lane_text[vi], "%s",
			         inf_lane_name(gr->lane[vi]));
	}
	free(bop);
}

static void classify(struct group *gr)
{
	const struct inf_data *data = gr->data;
	int moves = 0;
	for (unsigned vi = 0; vi < gr->nv; vi++) {
		unsigned n = 0, e = 0;
		int kept = 0; /* 1: it keeps words in every context with words compared, -1: not */
		const char *mode = NULL;
		int modes = 1, ran = 0;
		unsigned rounding = 7, rounded = 0; /* the rounding modes every context fits */
		/* a float mode of the background's outputs in every context it ran in */
		for (size_t g = 0; g < gr->n; g++) {
			const struct inf_enum *en = gr->f[g]->en;
			const struct inf_outcome *o = outcome_of(gr, g, vi);
			const char *m = NULL;
			if (!o || o->status != IP_STATUS_OK)
				continue;
			ran = 1;
			if (en->base >= 0 && data->oc[en->base].status == IP_STATUS_OK &&
			    o != &data->oc[en->base]) {
				unsigned nw;
				m = inf_modifier_match(data, (uint32_t)en->base, (uint32_t)(o - data->oc),
				                       en->K);
				rounding &= inf_rounding_modes(data, (uint32_t)en->base,
				                               (uint32_t)(o - data->oc), en->K, &nw);
				rounded += nw;
			}
			if (!m || !inf_op_meaning(m) || (mode && strcmp(mode, m)))
				modes = 0;
			mode = m;
		}
		gr->st[vi] = S_NONE;
		if (!ran)
			continue;
		/* a rounding mode the contexts say together, two words or more (positive results
		 * alone cannot tell toward zero from down, negative ones from up; both can) */
		if (!modes && rounded >= 2 && inf_rounding_name(rounding)) {
			modes = 1;
			mode = inf_rounding_name(rounding);
		}
		if (modes && mode) {
			gr->st[vi] = S_MODE;
			gr->mode[vi] = mode;
			continue;
		}
		/* where it only keeps words (the rest as the seed has them), its words are no
		 * operation of its own (a context without words compared says nothing) */
		for (size_t g = 0; g < gr->n; g++) {
			const struct inf_outcome *o = outcome_of(gr, g, vi);
			if (o && o->status == IP_STATUS_OK && first_slot(gr, g))
				kept = keeps_in(gr, g, vi) && kept >= 0 ? 1 : -1;
		}
		if (kept > 0) {
			gr->st[vi] = S_KEPT;
			continue;
		}
		for (size_t i = 0; i < gr->ns; i++) {
			const struct slot *s = &gr->slot[i];
			if (!(s->have >> vi & 1) || (s->kept >> vi & 1) || keeps_in(gr, s->g, vi))
				continue;
			n++;
			e += gr->op[vi] != ~0u && (explains(data, s, gr->op[vi], &s->r) >> vi & 1);
		}
		/* a select is more than a move only where it reads another word in another context
		 * (its condition zero in one, not in another): one planted word everywhere is a move
		 * of it (below), whatever reading a select of it fits */
		if (n && e == n && inf_op_arity(gr->op[vi]) == 3 && one_word(gr, vi))
			e = 0;
		if (n && e == n) {
			gr->st[vi] = S_NAMED;
			continue;
		}
		/* some context named, the others by another operation or none: it differs by
		 * context (each context says its own); none: unidentified */
		gr->st[vi] = S_UNIDENTIFIED;
		for (size_t g = 0; g < gr->n && gr->st[vi] == S_UNIDENTIFIED; g++)
			if (context_ops(gr, g, vi) || keeps_in(gr, g, vi))
				gr->st[vi] = S_BY_CONTEXT;
	}
	name_lanes(gr);
	/* values of a field that moves a record for another value, in some context (a load's
	 * modifier): an operation of the record's words (dividing by its y, z or w) */
	for (unsigned vi = 0; vi < gr->nv; vi++)
		for (size_t g = 0; g < gr->n && (gr->st[vi] == S_NAMED || gr->st[vi] == S_BY_CONTEXT);
		     g++) {
			uint64_t ops = context_ops(gr, g, vi);
			for (unsigned op = 0; op < inf_op_count() && op < 64; op++)
				if ((ops >> op & 1) && !strncmp(inf_op_name(op), "mov ", 4))
					moves = 1;
		}
	/* a value whose every word is a planted word no reading names (or not in every context):
	 * a move of that word, the simplest name there is (a select of more words than two) */
	for (unsigned vi = 0; vi < gr->nv; vi++)
		if ((gr->st[vi] == S_UNIDENTIFIED || gr->st[vi] == S_BY_CONTEXT) && moves_own(gr, vi)) {
			gr->st[vi] = S_MOVE;
			moves = 1;
		}
	for (unsigned vi = 0; vi < gr->nv && moves; vi++)
		if (gr->st[vi] == S_UNIDENTIFIED && own_operand(gr, vi))
			gr->st[vi] = S_OWN;
}

static void operand_name(const struct inf_data *data, struct operand o, struct strbuf *b)
{
	sb_printf(b, "%s%s[%u]", o.neg ? "-" : "", data->in[o.in].role, data->in[o.in].index);
}

/* "keeps W": the value leaves output word W (slot s's) as planted. */
static void keeps_text(const struct group *gr, const struct slot *s, struct strbuf *b)
{
	char name[64];
	if (!s) {
		sb_puts(b, "keeps");
		return;
	}
	inf_out_name(gr->data, s->k, name, sizeof name);
	sb_printf(b, "keeps %s", name);
}

/* Operation op under slot s's reading: its name, a move with its operand ("mov
 * attributes[4]", "(negated)" when the result is). */
static void op_text(const struct inf_data *data, const struct slot *s, unsigned op,
                    struct strbuf *b)
{
	if (!s || s->r.a.in < 0 || strncmp(inf_op_name(op), "mov ", 4)) {
		sb_puts(b, inf_op_name(op));
		return;
	}
	sb_puts(b, "mov ");
	operand_name(data, !strcmp(inf_op_name(op), "mov a") ? s->r.a : s->r.b, b);
	if (s->r.neg_out)
		sb_puts(b, " (negated)");
}

/* A value that differs by context, in finding g: the operation voted for it when it holds
 * here and in another context too; else of the operations that hold here, the one that holds
 * in the most contexts, then the simplest (the library's order: a move before a min that
 * equals it in this context alone); ~0u when none. */
static unsigned here_op(const struct group *gr, size_t g, unsigned vi)
{
	uint64_t ops = context_ops(gr, g, vi);
	unsigned best = ~0u, best_n = 0, voted = gr->op[vi];
	for (unsigned op = 0; op < inf_op_count() && op < 64; op++) {
		unsigned n = 0;
		if (!(ops >> op & 1))
			continue;
		for (size_t h = 0; h < gr->n; h++)
			n += (unsigned)(h == g || (context_ops(gr, h, vi) >> op & 1));
		if (op == voted && n >= 2)
			return op;
		if (n > best_n) {
			best = op;
			best_n = n;
		}
	}
	/* named here alone from words such as 0 or 1 (any false or true comparison): none */
	for (size_t i = 0; i < gr->ns && best_n < 2 && best != ~0u; i++) {
		const struct slot *s = &gr->slot[i];
		if (s->g == g && (s->have >> vi & 1) && !uninformative(s->y[vi]))
			return best;
	}
	return best_n < 2 ? ~0u : best;
}

static void value_text(const struct group *gr, size_t g, unsigned vi, struct strbuf *b)
{
	const struct slot *s = first_slot(gr, g);
	unsigned op = gr->op[vi];
	switch (gr->st[vi]) {
	case S_MODE:
		sb_puts(b, gr->mode[vi]);
		return;
	case S_LANES:
		if (gr->op[vi] == ~0u) { /* the operation of this context */
			int vb = background_value(gr);
			unsigned here = vb < 0 ? ~0u : background_op(gr, g, (unsigned)vb);
			if (here != ~0u)
				sb_printf(b, "%s ", inf_op_name(here));
		}
		sb_puts(b, gr->lane_text[vi]);
		for (unsigned m = gr->lanes_alike[vi], k = 0; m; m &= m - 1, k++)
			sb_printf(b, "%s%s", k ? ", " : " (or ", inf_lane_name((unsigned)__builtin_ctz(m)));
		if (gr->lanes_alike[vi])
			sb_puts(b, ": the planted words give the same)");
		return;
	case S_NAMED:
		op_text(gr->data, s, op, b);
		return;
	case S_OWN:
		if (!own_holds(gr, g, op, vi)) {
			sb_puts(b, "unidentified here");
			return;
		}
		sb_printf(b, "%s", inf_op_name(op));
		if (s) {
			struct operand o = own_b(gr->data, s, op, vi);
			if (o.in >= 0) {
				sb_puts(b, " (b = ");
				operand_name(gr->data, o, b);
				sb_puts(b, ")");
			}
		}
		return;
	case S_KEPT:
		keeps_text(gr, keeps_in(gr, g, vi), b);
		return;
	case S_MOVE:
		if (s && own_move(gr, s, vi).in >= 0) {
			struct operand o = own_move(gr, s, vi);
			sb_puts(b, "mov ");
			operand_name(gr->data, (struct operand){o.in, 0}, b);
			if (o.neg)
				sb_puts(b, " (negated)");
		} else
			sb_puts(b, "mov");
		return;
	case S_BY_CONTEXT: {
		unsigned here = here_op(gr, g, vi);
		if (keeps_in(gr, g, vi))
			keeps_text(gr, keeps_in(gr, g, vi), b);
		else if (here == ~0u)
			sb_puts(b, "unidentified here");
		else
			op_text(gr->data, s, here, b);
		return;
	}
	default:
		sb_puts(b, "unidentified");
	}
}

/* A value's name across contexts: the operation ("mov a"), the float mode, or what it is. */
static const char *global_name(const struct group *gr, unsigned vi)
{
	switch (gr->st[vi]) {
	case S_MODE: return gr->mode[vi];
	case S_LANES: return gr->lane_text[vi];
	case S_NAMED: return inf_op_name(gr->op[vi]);
	case S_OWN: return gr->own_all[vi] ? inf_op_name(gr->op[vi]) : "differs by context";
	case S_BY_CONTEXT: return "differs by context";
	case S_KEPT: return "keeps";
	case S_MOVE: return "mov";
	default: return "unidentified";
	}
}

static void hex_float(struct strbuf *b, uint32_t x)
{
	sb_printf(b, "0x%08x (%g)", x, (double)ip_f32_from_bits(x));
}

/* The evidence of a value not named: per context its operation, or one example. */
static void evidence(const struct group *gr, unsigned vi, struct strbuf *b)
{
	const struct inf_data *data = gr->data;
	if (gr->st[vi] == S_OWN) {
		for (size_t g = 0; g < gr->n; g++) {
			const struct inf_outcome *o = outcome_of(gr, g, vi);
			if (o && o->status == IP_STATUS_OK)
				sb_printf(b, "%s%s: %s", b->len ? "; " : "", gr->f[g]->en->c->label,
				          own_holds(gr, g, gr->op[vi], vi) ? inf_op_name(gr->op[vi])
				                                          : "unidentified");
		}
		return;
	}
	if (gr->st[vi] == S_BY_CONTEXT) {
		for (size_t g = 0; g < gr->n; g++) {
			const struct inf_context *c = gr->f[g]->en->c;
			const struct inf_outcome *o = outcome_of(gr, g, vi);
			unsigned here = here_op(gr, g, vi);
			if (!o || o->status != IP_STATUS_OK)
				continue;
			sb_printf(b, "%s%s: %s", b->len ? "; " : "", c->label,
			          keeps_in(gr, g, vi) ? "keeps"
			          : here == ~0u ? "unidentified" : inf_op_name(here));
		}
		return;
	}
	for (size_t i = 0; i < gr->ns; i++) {
		const struct slot *s = &gr->slot[i];
		char name[64];
		if (!(s->have >> vi & 1))
			continue;
		inf_out_name(data, s->k, name, sizeof name);
		sb_printf(b, "%s: %s = ", gr->f[s->g]->en->c->label, name);
		hex_float(b, s->y[vi]);
		if (s->r.a.in < 0) {
			sb_puts(b, "; no planted words explain the words of this field");
			return;
		}
		sb_puts(b, " where ");
		operand_name(data, s->r.a, b);
		sb_puts(b, " = ");
		hex_float(b, opv(data, s->r.a));
		if (s->r.b.in >= 0) {
			sb_puts(b, ", ");
			operand_name(data, s->r.b, b);
			sb_puts(b, " = ");
			hex_float(b, opv(data, s->r.b));
		}
		return;
	}
}

/* Whether value vi is a move (of a reading's operand or of a word of its own; differing by
 * context: a move or nothing named in each). */
static int is_move(const struct group *gr, unsigned vi)
{
	if (gr->st[vi] == S_BY_CONTEXT) {
		for (size_t g = 0; g < gr->n; g++) {
			unsigned op = here_op(gr, g, vi);
			if (op != ~0u && strncmp(inf_op_name(op), "mov ", 4) && !keeps_in(gr, g, vi))
				return 0;
		}
		return 1;
	}
	return gr->st[vi] == S_MOVE ||
	       (gr->st[vi] == S_NAMED && !strncmp(inf_op_name(gr->op[vi]), "mov ", 4));
}

/* Whether every value that ran moves a planted word or keeps the words (a select: nothing
 * else happens, so a move that equals the max of two words is no chance of an operation). */
static int only_moves(const struct group *gr)
{
	for (unsigned vi = 0; vi < gr->nv; vi++)
		if (gr->st[vi] != S_NONE && gr->st[vi] != S_KEPT && !is_move(gr, vi))
			return 0;
	return 1;
}

/* The operations that explain value vi as well as its name, in finding g: a value named across
 * contexts in every slot of every context it ran in, one that differs by context in g's: as
 * they do there (with a and b swapped as well where its name holds so, unless the other
 * values say which operand is a). A select that reads no third operand (a move of a, then) is
 * not one, nor a bitwise one (they match patterned words by chance), nor, for a move, a unary
 * operation that leaves its word as it is (abs of a positive word); nor is any in a field of
 * moves only. */
static uint64_t alike_ops(const struct group *gr, size_t g, unsigned vi)
{
	int by = gr->st[vi] == S_BY_CONTEXT;
	unsigned named = by ? here_op(gr, g, vi) : gr->op[vi];
	uint64_t m = 0;
	int any = 0, move = !strncmp(inf_op_name(named), "mov ", 4);
	if ((gr->st[vi] != S_NAMED && !by) || named == ~0u || only_moves(gr) ||
	    (by && keeps_in(gr, g, vi)))
		return 0;
	m = ~(UINT64_C(1) << named);
	for (size_t i = 0; i < gr->ns && m; i++) {
		const struct slot *s = &gr->slot[i];
		struct reading sw = s->r;
		uint64_t here = 0;
		int robust, fixed;
		if (!(s->have >> vi & 1) || (s->kept >> vi & 1) || (by && s->g != g))
			continue;
		any = 1;
		sw.a = s->r.b;
		sw.b = s->r.a;
		robust = sw.a.in >= 0 && (explains(gr->data, s, named, &sw) >> vi & 1);
		fixed = sw.a.in < 0 || order_fixed(gr->data, s, vi);
		for (unsigned op = 0; op < inf_op_count() && op < 64; op++)
			if ((m >> op & 1) && !inf_op_weak(op) && (op != inf_op_select() || s->r.c.in >= 0) &&
			    (!move || inf_op_arity(op) > 1) &&
			    (explains(gr->data, s, op, &s->r) >> vi & 1) &&
			    (!robust || fixed || (explains(gr->data, s, op, &sw) >> vi & 1)))
				here |= UINT64_C(1) << op;
		m &= here;
	}
	return any ? m : 0;
}

/* ,"alike":{value: "max, imax"}: the operations that explain a named value as well as its
 * name, on the same runs (the planted words cannot tell them apart: a move of the larger of
 * two words is also their max, a float min of words of opposite signs an integer min);
 * nothing when every name stands alone. Said in the report after the values. */
static void alike_members(const struct group *gr, size_t g, struct strbuf *d)
{
	const struct inf_enum *en = gr->f[g]->en;
	const struct slot *s = first_slot(gr, g);
	unsigned shown = 0;
	for (size_t i = 0; i < en->n; i++) {
		int vi = value_index(gr, en->fv[i]);
		unsigned k = 0;
		uint64_t ops = vi < 0 ? 0 : alike_ops(gr, g, (unsigned)vi);
		if (!ops || gr->data->oc[en->oc[i]].status != IP_STATUS_OK)
			continue;
		sb_printf(d, "%s\"%llu\":\"", shown++ ? "," : ",\"alike\":{",
		          (unsigned long long)en->fv[i]);
		for (unsigned op = 0; op < inf_op_count() && op < 64; op++) {
			if (!(ops >> op & 1))
				continue;
			sb_puts(d, k++ ? ", " : "");
			op_text(gr->data, s, op, d);
		}
		sb_puts(d, "\"");
	}
	if (shown)
		sb_puts(d, "}");
}

/* The finding's naming members, then its other details. */
static void render(struct group *gr, size_t g)
{
	struct inf_finding *f = gr->f[g];
	const struct inf_enum *en = f->en;
	const struct inf_data *data = gr->data;
	struct strbuf d;
	unsigned named = 0, shown = 0, nb = 0, modes = 0;
	uint32_t beh[MAX_VALUES];
	for (unsigned vi = 0; vi < gr->nv; vi++)
		modes += gr->st[vi] == S_MODE;
	sb_init(&d);
	sb_puts(&d, "{\"values\":{");
	for (size_t i = 0; i < en->n && shown < 64; i++, shown++) {
		const struct inf_outcome *o = &data->oc[en->oc[i]];
		int vi = value_index(gr, en->fv[i]);
		sb_printf(&d, "%s\"%llu\":\"", shown ? "," : "", (unsigned long long)en->fv[i]);
		if (o->status != IP_STATUS_OK)
			sb_puts(&d, ip_status_name((enum ip_status)o->status));
		else if (modes && (int32_t)en->oc[i] == en->base && vi >= 0 && gr->st[vi] != S_MODE)
			sb_puts(&d, "none");
		else if (vi >= 0)
			value_text(gr, g, (unsigned)vi, &d);
		else
			sb_puts(&d, "not named (more values than the naming takes)");
		sb_puts(&d, "\"");
	}
	sb_puts(&d, "},\"ops\":{");
	shown = 0;
	for (size_t i = 0; i < en->n; i++) {
		const struct inf_outcome *o = &data->oc[en->oc[i]];
		int vi = value_index(gr, en->fv[i]);
		size_t j;
		if (o->status != IP_STATUS_OK || vi < 0)
			continue;
		for (j = 0; j < nb && beh[j] != en->oc[i]; j++)
			;
		if (j == nb && nb < MAX_VALUES)
			beh[nb++] = en->oc[i];
		if ((gr->st[vi] == S_NAMED || gr->st[vi] == S_MODE || gr->st[vi] == S_KEPT ||
		     gr->st[vi] == S_LANES ||
		     gr->st[vi] == S_MOVE ||
		     (gr->st[vi] == S_BY_CONTEXT && keeps_in(gr, g, (unsigned)vi)) ||
		     (gr->st[vi] == S_OWN && own_holds(gr, g, gr->op[vi], (unsigned)vi)) ||
		     (gr->st[vi] == S_BY_CONTEXT && here_op(gr, g, (unsigned)vi) != ~0u)) &&
		    (int32_t)en->oc[i] != en->base)
			named++;
		sb_printf(&d, "%s\"%llu\":", shown++ ? "," : "", (unsigned long long)en->fv[i]);
		sb_json_str(&d, global_name(gr, (unsigned)vi));
	}
	sb_puts(&d, "}");
	alike_members(gr, g, &d);
	shown = 0;
	for (size_t i = 0; i < en->n; i++) {
		int vi = value_index(gr, en->fv[i]);
		struct strbuf e;
		if (vi < 0 || (gr->st[vi] != S_BY_CONTEXT && gr->st[vi] != S_UNIDENTIFIED &&
		               !(gr->st[vi] == S_OWN && !gr->own_all[vi])))
			continue;
		sb_init(&e);
		evidence(gr, (unsigned)vi, &e);
		sb_printf(&d, "%s\"%llu\":", shown++ ? "," : ",\"evidence\":{",
		          (unsigned long long)en->fv[i]);
		sb_json_str(&d, e.s ? e.s : "");
		sb_free(&e);
	}
	if (shown)
		sb_puts(&d, "}");
	shown = 0;
	for (size_t i = 0; i < gr->ns; i++) {
		const struct slot *s = &gr->slot[i];
		char name[64];
		if (s->g != g || s->r.a.in < 0)
			continue;
		inf_out_name(data, s->k, name, sizeof name);
		sb_printf(&d, "%s%s: a = ", shown++ ? "; " : ",\"operands\":\"", name);
		operand_name(data, s->r.a, &d);
		if (s->r.b.in >= 0) {
			sb_puts(&d, ", b = ");
			operand_name(data, s->r.b, &d);
		}
		if (s->r.c.in >= 0) {
			sb_puts(&d, ", c = ");
			operand_name(data, s->r.c, &d);
		}
		if (s->r.neg_out)
			sb_puts(&d, ", result negated");
	}
	if (shown)
		sb_puts(&d, "\"");
	sb_printf(&d, ",\"behaviours\":%u,\"named\":%u,\"contexts\":%zu", nb, named, gr->n);
	{
		const char *names[MAX_VALUES * 2];
		unsigned k = 0;
		for (unsigned vi = 0; vi < gr->nv; vi++)
			if (gr->st[vi] == S_MODE)
				names[k++] = gr->mode[vi];
			else if (gr->st[vi] == S_LANES)
				for (unsigned o = 0; o < 2; o++)
					if (inf_lane_part(gr->lane[vi], o))
						names[k++] = inf_lane_part(gr->lane[vi], o);
		inf_meanings(&d, names, k);
	}
	/* the details typing wrote, after these */
	if (f->details && f->details[0] == '{' && f->details[1] != '}')
		sb_printf(&d, ",%s", f->details + 1);
	else
		sb_puts(&d, "}");
	free(f->details);
	f->details = sb_take(&d);
	f->kind = named ? "enum" : "distinct";
}

/* Values named (by an operation, a float mode or a lane select), and values that ran but
 * none names. */
static unsigned named_values(const struct group *gr, unsigned *unnamed)
{
	unsigned n = 0;
	*unnamed = 0;
	for (unsigned vi = 0; vi < gr->nv; vi++) {
		n += gr->st[vi] == S_NAMED || gr->st[vi] == S_LANES;
		*unnamed += gr->st[vi] == S_UNIDENTIFIED || gr->st[vi] == S_BY_CONTEXT;
	}
	return n;
}

/* Where values are left unnamed, the readings again, looked for as `how` says (READ_RSEL:
 * with rselect's third operand, b ? c : a, the mirrored select; READ_FUSED: also fma's third
 * operand and lane selects, with the operands they read), kept when they name more values;
 * else the ones before stand. */
static void read_again(struct group *gr, unsigned how, const int32_t *near, unsigned nnear)
{
	unsigned unnamed, named = named_values(gr, &unnamed), now;
	struct group keep = *gr;
	struct slot *slots;
	uint8_t *computes;
	if (!unnamed || !gr->ns)
		return;
	slots = malloc(gr->ns * sizeof *slots);
	computes = malloc(gr->n + 1);
	if (!slots || !computes)
		abort();
	memcpy(slots, gr->slot, gr->ns * sizeof *slots);
	memcpy(computes, gr->computes, gr->n);
	if (how & READ_FUSED) {
		/* the operands of the values left unnamed; none found: nothing to read again */
		uint64_t left = 0;
		unsigned found = 0;
		for (unsigned vi = 0; vi < gr->nv; vi++)
			if (gr->st[vi] == S_UNIDENTIFIED || gr->st[vi] == S_BY_CONTEXT)
				left |= UINT64_C(1) << vi;
		for (size_t i = 0; i < gr->ns; i++)
			found += fused_primaries(gr->data, gr->im, &gr->slot[i], near, nnear, left);
		if (!found) {
			memcpy(gr->slot, slots, gr->ns * sizeof *slots);
			free(slots);
			free(computes);
			return;
		}
	}
	read_slots(gr, how);
	solve(gr);
	read_silent(gr);
	classify(gr);
	if (named_values(gr, &now) <= named) {
		memcpy(gr->slot, slots, gr->ns * sizeof *slots);
		memcpy(gr->computes, computes, gr->n);
		memcpy(gr->op, keep.op, sizeof gr->op);
		memcpy(gr->mode, keep.mode, sizeof gr->mode);
		memcpy(gr->st, keep.st, sizeof gr->st);
		memcpy(gr->own_all, keep.own_all, sizeof gr->own_all);
		memcpy(gr->lane, keep.lane, sizeof gr->lane);
		memcpy(gr->lane_text, keep.lane_text, sizeof gr->lane_text);
		memcpy(gr->lanes_alike, keep.lanes_alike, sizeof gr->lanes_alike);
	}
	free(slots);
	free(computes);
}

static int same_cond(const struct inf_finding *a, const struct inf_finding *b)
{
	return !strcmp(a->cond ? a->cond : "", b->cond ? b->cond : "");
}

void inf_name_enums(const struct inf_data *data, struct inf_findings *fs)
{
	uint8_t *done = calloc(fs->n + 1, 1);
	struct images im = {NULL, 0};
	if (!done)
		abort();
	for (size_t i = 0; i < fs->n && !im.v; i++)
		if (fs->f[i].en)
			build_images(data, &im);
	for (size_t i = 0; i < fs->n; i++) {
		struct group gr;
		int32_t near[64];
		unsigned nnear;
		if (done[i] || !fs->f[i].en)
			continue;
		memset(&gr, 0, sizeof gr);
		gr.data = data;
		gr.im = &im;
		gr.f = calloc(fs->n, sizeof *gr.f);
		if (!gr.f)
			abort();
		for (size_t j = i; j < fs->n; j++) {
			struct inf_finding *x = &fs->f[j];
			if (done[j] || !x->en || x->a != fs->f[i].a || x->w != fs->f[i].w ||
			    !same_cond(x, &fs->f[i]))
				continue;
			done[j] = 1;
			gr.f[gr.n++] = x;
			for (size_t k = 0; k < x->en->n; k++) {
				uint64_t fv = x->en->fv[k];
				unsigned at = 0;
				if (value_index(&gr, fv) >= 0 || gr.nv == MAX_VALUES)
					continue;
				while (at < gr.nv && gr.value[at] < fv)
					at++;
				memmove(&gr.value[at + 1], &gr.value[at], (gr.nv - at) * sizeof gr.value[0]);
				gr.value[at] = fv;
				gr.nv++;
			}
		}
		nnear = near_words(&gr, near, 64);
		build_slots(&gr, &im, near, nnear);
		solve(&gr);
		read_silent(&gr);
		classify(&gr);
		read_again(&gr, READ_RSEL, near, nnear);
		read_again(&gr, READ_RSEL | READ_FUSED, near, nnear);
		for (size_t g = 0; g < gr.n; g++)
			render(&gr, g);
		free(gr.slot);
		free(gr.computes);
		free(gr.f);
	}
	free(im.v);
	free(done);
}
