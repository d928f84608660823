/* infer_index.c: the index hypotheses of typing: a field that moves which planted input the
 * outputs read, or where a store writes: linearly, by a shift, or through an index register. */
#include <stdlib.h>
#include <string.h>

#include "infer_data.h"
#include "isaprobe/word.h"

/* Whether output word w is planted input word j: the same 32 bits, or words j and j + 1 of one
 * buffer as two binary16 halves (what a load converting 32-bit floats to half precision
 * gives), when no other pair of planted words rounds to the same halves. */
static int word_is(const struct inf_data *data, size_t j, uint32_t w)
{
	if (data->in[j].value == w)
		return 1;
	return w != 0 && data->in[j].h16_unique && data->in[j].h16 == (uint16_t)w &&
	       data->in[j + 1].h16 == (uint16_t)(w >> 16);
}

static int64_t gcd64(int64_t a, int64_t b)
{
	a = a < 0 ? -a : a;
	b = b < 0 ? -b : b;
	while (b) {
		int64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* |v| as an unsigned 64-bit number (INT64_MIN included). */
static uint64_t mag64(int64_t v)
{
	return v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
}

/* a * b == c * d exactly, in 64-bit arithmetic (32-bit targets have no 128-bit integers):
 * products that fit compare as they are; two that do not, by sign and 128-bit magnitude. */
static int mul_eq(int64_t a, int64_t b, int64_t c, int64_t d)
{
	int64_t p, q;
	int op = __builtin_mul_overflow(a, b, &p), oq = __builtin_mul_overflow(c, d, &q);
	uint64_t m[2][2];
	if (!op && !oq)
		return p == q;
	if (op != oq || ((a < 0) != (b < 0)) != ((c < 0) != (d < 0)))
		return 0;
	for (int k = 0; k < 2; k++) {
		uint64_t x = mag64(k ? c : a), y = mag64(k ? d : b);
		uint64_t xl = x & 0xffffffffu, xh = x >> 32, yl = y & 0xffffffffu, yh = y >> 32;
		uint64_t ll = xl * yl, lh = xl * yh, hl = xh * yl, hh = xh * yh;
		uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
		m[k][0] = (ll & 0xffffffffu) | mid << 32;
		m[k][1] = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
	}
	return m[0][0] == m[1][0] && m[0][1] == m[1][1];
}

/* An index in words may move by a fraction of v (a byte offset reads a word every 4). */
int inf_linear_q(const int64_t *x, const int64_t *y, size_t n, int64_t x0, int64_t *num,
                 int64_t *den)
{
	int64_t nu = 0, de = 0;
	for (size_t i = 0; i < n; i++) {
		int64_t dx = x[i] - x0;
		if (dx == 0) {
			if (y[i] != 0)
				return 0;
			continue;
		}
		if (!de) {
			int64_t g;
			if (!y[i])
				return 0;
			g = gcd64(y[i], dx);
			nu = y[i] / g;
			de = dx / g;
			if (de < 0) {
				nu = -nu;
				de = -de;
			}
		} else if (!mul_eq(y[i], de, nu, dx))
			return 0;
	}
	*num = nu;
	*den = de;
	return de != 0;
}

/* "a/b", or "a" when b divides it. */
static void put_q(struct strbuf *b, int64_t num, int64_t den)
{
	int64_t g = gcd64(num, den);
	if (g > 1) {
		num /= g;
		den /= g;
	}
	if (den == 1)
		sb_printf(b, "%lld", (long long)num);
	else
		sb_printf(b, "%lld/%lld", (long long)num, (long long)den);
}

/* The output words an ok outcome holds other than their planted initial values (what the
 * program wrote), in order: their word numbers k (all output words, not only the first 64;
 * more than INF_MAX_WORDS written: returns INF_MAX_WORDS + 1). */
static unsigned written(const struct inf_data *data, const struct inf_outcome *o, size_t *pos)
{
	unsigned n = 0;
	for (size_t k = 0; k < data->nout; k++) {
		int32_t in = data->out[k].init;
		if (in >= 0 && o->words[k] != data->in[in].value) {
			if (n == INF_MAX_WORDS)
				return n + 1;
			pos[n++] = k;
		}
	}
	return n;
}

/* A store's destination: every ok value writes the words the baseline writes, the same values
 * in the same order and output buffer, at word positions moved by one amount: dy[] gets that
 * amount, *first the planted input under the baseline's first written word. */
/* Whether ok outcome o writes the words the baseline B writes (at its positions pb[0..nb)),
 * the same values in the same order and buffer, all moved by one amount (*delta). */
static int written_move(const struct inf_data *data, const struct inf_outcome *B,
                        const size_t *pb, unsigned nb, const struct inf_outcome *o, long *delta)
{
	size_t pv[INF_MAX_WORDS];
	if (written(data, o, pv) != nb)
		return 0;
	*delta = (long)data->out[pv[0]].index - (long)data->out[pb[0]].index;
	for (unsigned j = 0; j < nb; j++)
		if (data->out[pv[j]].role != data->out[pb[j]].role || o->words[pv[j]] != B->words[pb[j]] ||
		    (long)data->out[pv[j]].index - (long)data->out[pb[j]].index != *delta)
			return 0;
	return 1;
}

/* Calls fits(arg, J, have) for each single bit j outside segment s (within the region) under
 * which the seed-background points' values (xu) read other indices: J[i] the index value xu[i]
 * reads with bit j flipped (relative to base_idx, through output word k0), `have` bit i when
 * it ran ok and reads a planted word. Returns how many such backgrounds fits accepts: the
 * evidence for an indirect reading beyond the points it was found on (the component select
 * beside a register select moves its index one way, a reading that fits by chance another). */
static unsigned backgrounds(const struct inf_seg *s, const int64_t *xu, const int64_t *I, size_t m,
                            int k0, long base_idx, int dest,
                            int (*fits)(const void *arg, const int64_t *J, uint64_t have),
                            const void *arg)
{
	const struct inf_data *data = s->data;
	uint64_t smask = ip_mask64(s->w) << s->a;
	int64_t J[64];
	unsigned support = 0, nb = 0;
	size_t pb[INF_MAX_WORDS];
	if (dest) /* where a store writes: its words' move from the baseline's places */
		nb = written(data, inf_seg_base(s), pb);
	if (m > 64 || (k0 < 0 && !dest) || (dest && (!nb || nb > INF_MAX_WORDS)))
		return 0;
	for (unsigned j = 0; j < data->width && j < 64; j++) {
		uint64_t bg = s->bg ^ (UINT64_C(1) << j), have = 0;
		int moved = 0;
		if (smask >> j & 1)
			continue;
		for (size_t i = 0; i < m; i++) {
			const struct inf_variant *u = inf_find(s->c, (bg & ~smask) | (uint64_t)xu[i] << s->a);
			const struct inf_outcome *o = u ? &data->oc[u->oc] : NULL;
			long delta;
			if (!o || o->status != IP_STATUS_OK)
				continue;
			if (dest) {
				if (!written_move(data, inf_seg_base(s), pb, nb, o, &delta))
					continue;
				J[i] = delta;
			} else if (o->src[k0] < 0) {
				continue;
			} else {
				J[i] = (int64_t)o->src[k0] - base_idx;
			}
			have |= UINT64_C(1) << i;
			moved |= J[i] != I[i];
		}
		if (moved && __builtin_popcountll(have) >= 2 && fits(arg, J, have))
			support++;
	}
	return support;
}

/* An indirect select: the input index the outputs read (I, in words, relative) is
 * c + k * X[p0 + t*v], the value planted in word p0 + t*v of an input buffer X: the field picks
 * a register (t = X's record length) or a component (t = 1, within one record) that holds an
 * index. A value whose word lies past X fits when it reads as if X held 0 (a zero register).
 * Needs two values read from planted words and three that fit. */
struct indirect {
	size_t start;       /* X: data->in[start ..] */
	long len, p0;
	unsigned t, rec;
	uint64_t zero;      /* bit v: v reads 0 from past X */
	int64_t kn, kd;     /* k = kn/kd words of the table per unit of X */
	unsigned others;    /* other readings that fit as well */
	unsigned support;   /* backgrounds (other bits flipped) it reads as well (backgrounds()) */
};

static int fit_indirect(const struct inf_data *data, const struct indirect *c, const int64_t *v,
                        const int64_t *I, size_t m, uint64_t *zero, int64_t *kn, int64_t *kd)
{
	const struct inf_input *X = &data->in[c->start];
	size_t a = SIZE_MAX, b = SIZE_MAX;
	int64_t xa = 0, xb = 0;
	unsigned pos = 0, nz = 0;
	*zero = 0;
	for (size_t i = 0; i < m && b == SIZE_MAX; i++) {
		long p = c->p0 + (long)c->t * (long)v[i];
		int64_t x;
		if (p >= c->len)
			continue;
		x = (int32_t)X[p].value;
		if (a == SIZE_MAX) {
			/* an index into a buffer of at most 1 MiB: planted words beyond are not one */
			if (x > (1 << 22) || x < -(1 << 22))
				return 0;
			a = i;
			xa = x;
		} else if (x != xa) {
			b = i;
			xb = x;
		}
	}
	if (b == SIZE_MAX || I[b] == I[a])
		return 0;
	int64_t dI = I[b] - I[a], dx = xb - xa;
	for (size_t i = 0; i < m; i++) {
		long p = c->p0 + (long)c->t * (long)v[i];
		int64_t x = 0;
		if (p < c->len) {
			x = (int32_t)X[p].value;
			pos++;
		} else {
			nz++;
			if (v[i] < 64)
				*zero |= UINT64_C(1) << v[i];
		}
		if (!mul_eq(I[i] - I[a], dx, x - xa, dI))
			return 0;
	}
	*kn = dI;
	*kd = dx;
	if (*kd < 0) {
		*kn = -*kn;
		*kd = -*kd;
	}
	return pos >= 2 && pos + nz >= 3;
}

/* Whether reading c (arg) read the indices J from another start p0' (the same k and c). */
struct indirect_arg {
	const struct inf_data *data;
	const struct indirect *c;
	const int64_t *v, *I;
	size_t m;
};
static int indirect_fits(const void *arg, const int64_t *J, uint64_t have)
{
	const struct indirect_arg *ia = arg;
	const struct indirect *c = ia->c;
	const struct inf_input *X = &ia->data->in[c->start];
	/* c's anchor: the first point, the index it reads and its X */
	long pa = c->p0 + (long)c->t * (long)ia->v[0];
	int64_t xa = pa < c->len ? (int32_t)X[pa].value : 0;
	for (long p0 = 0; p0 < c->len; p0++) {
		int ok = 1;
		for (uint64_t h = have; h && ok; h &= h - 1) {
			unsigned i = (unsigned)__builtin_ctzll(h);
			long p = p0 + (long)c->t * (long)ia->v[i];
			int64_t x = p < c->len ? (int32_t)X[p].value : 0;
			ok = mul_eq(J[i] - ia->I[0], c->kd, x - xa, c->kn);
		}
		if (ok)
			return 1;
	}
	return 0;
}

static int find_indirect(const struct inf_seg *s, const int64_t *v, const int64_t *I, size_t m,
                         struct indirect *out)
{
	const struct inf_data *data = s->data;
	int found = 0;
	long span = (long)1 << s->w;
	for (size_t st = 0; st < data->nin;) {
		size_t en = st;
		while (en < data->nin && data->in[en].role == data->in[st].role)
			en++;
		struct indirect c = {0};
		int small = 0;
		for (size_t j = st; j < en && !small; j++)
			small = (int32_t)data->in[j].value <= (1 << 22) &&
			        (int32_t)data->in[j].value >= -(1 << 22);
		if (!small) { /* no word of this buffer can be an index */
			st = en;
			continue;
		}
		c.start = st;
		c.len = (long)(en - st);
		c.rec = data->in[st].rec;
		for (int ti = 0; ti < 2; ti++) {
			if (ti && c.rec < 2)
				continue;
			c.t = ti ? c.rec : 1;
			for (c.p0 = 0; c.p0 < c.len; c.p0++) {
				uint64_t z;
				int64_t kn, kd;
				/* a component select stays within one record */
				if (!ti && c.rec > 1 && c.p0 / c.rec != (c.p0 + span - 1) / c.rec)
					continue;
				if (!fit_indirect(data, &c, v, I, m, &z, &kn, &kd))
					continue;
				if (found++) {
					out->others++;
					continue;
				}
				*out = c;
				out->zero = z;
				out->kn = kn;
				out->kd = kd;
				out->others = 0;
			}
		}
		st = en;
	}
	return found > 0;
}

/* An indirect select through a table of registers: value v's index (I, in words, relative) is
 * c + k * X[rec * R(v) + q], the word q of the register R(v) it picks, R any one-to-one map of
 * the values to registers (a register select in no linear order, with special registers that
 * fault between them), or the zero register (reads 0). The registers are records of an input
 * buffer X with a record length; only words of magnitude at most 2^16 are indices. Needs two
 * values that read different indices. Of the readings that fit, one with k > 0 is preferred,
 * then one naming the most values by one register, then the smallest |k|; `others` counts the
 * rest. */
#define TABLE_REGS 64
struct itable {
	size_t start;       /* X: data->in[start ..] */
	long len;
	unsigned rec, q;
	int64_t kn, kd, c0n; /* k = kn/kd; c = c0n/kd */
	int32_t reg[64];    /* per point: the record read (-1: the zero register, -2: several) */
	unsigned named, others, support;
	int tied;           /* another reading fits as well with other registers: none named */
};

/* The points' registers under one (X, q, k, c): 1 and t->reg, else 0 (a point no register
 * holds, or two points reading one index). */
static int table_fit(const struct inf_data *data, struct itable *t, const int64_t *I, size_t m)
{
	const struct inf_input *X = &data->in[t->start];
	long nrec = t->len / (long)t->rec;
	t->named = 0;
	for (size_t i = 0; i < m; i++) {
		/* x = (I - c) / k = (I * kd - c0n) / kn */
		int64_t num = I[i] * t->kd - t->c0n, x;
		int found = 0;
		if (num % t->kn)
			return 0;
		x = num / t->kn;
		for (size_t j = 0; j < i; j++)
			if (I[j] == I[i])
				return 0; /* a table of registers reads each index once */
		t->reg[i] = -1;
		if (x == 0)
			found = 1; /* the zero register */
		for (long r = 0; r < nrec && r < TABLE_REGS; r++)
			if ((int32_t)X[r * (long)t->rec + t->q].value == x) {
				t->reg[i] = found ? -2 : (int32_t)r;
				found = 1;
			}
		if (!found)
			return 0;
		t->named += t->reg[i] != -2;
	}
	return 1;
}

/* Whether the registers of reading t (arg) read the indices J under another component q'. */
struct table_arg {
	const struct inf_data *data;
	const struct itable *t;
};
static int table_fits(const void *arg, const int64_t *J, uint64_t have)
{
	const struct table_arg *ta = arg;
	const struct itable *t = ta->t;
	const struct inf_input *X = &ta->data->in[t->start];
	for (unsigned q = 0; q < t->rec; q++) {
		int ok = 1;
		for (uint64_t h = have; h && ok; h &= h - 1) {
			unsigned i = (unsigned)__builtin_ctzll(h);
			int64_t x;
			if (t->reg[i] == -2)
				continue;
			x = t->reg[i] < 0 ? 0 : (int32_t)X[(long)t->reg[i] * (long)t->rec + q].value;
			/* index = c + k x, relative to the seed's: (c0n + kn x) / kd */
			ok = J[i] * t->kd == t->c0n + t->kn * x;
		}
		if (ok)
			return 1;
	}
	return 0;
}

static int table_better(const struct itable *a, const struct itable *b)
{
	if (a->support != b->support)
		return a->support > b->support;
	if ((a->kn > 0) != (b->kn > 0))
		return a->kn > 0;
	if (a->named != b->named)
		return a->named > b->named;
	return (a->kn < 0 ? -a->kn : a->kn) * b->kd < (b->kn < 0 ? -b->kn : b->kn) * a->kd;
}

static int find_indirect_table(const struct inf_seg *s, const int64_t *xu, const int64_t *I,
                               size_t m, int k0, long base_idx, int dest, struct itable *out)
{
	const struct inf_data *data = s->data;
	size_t a = 0, b = SIZE_MAX;
	int found = 0;
	struct itable seen[32];
	unsigned nseen = 0;
	if (m < 2 || m > 64)
		return 0;
	for (size_t i = 1; i < m && b == SIZE_MAX; i++)
		if (I[i] != I[a])
			b = i;
	if (b == SIZE_MAX)
		return 0;
	for (size_t st = 0; st < data->nin;) {
		size_t en = st;
		struct itable t;
		long nrec;
		while (en < data->nin && data->in[en].role == data->in[st].role)
			en++;
		/* a select of the registers' own words reads them, not an index they hold */
		if (data->in[st].role == data->in[base_idx].role) {
			st = en;
			continue;
		}
		memset(&t, 0, sizeof t);
		t.start = st;
		t.len = (long)(en - st);
		t.rec = data->in[st].rec;
		nrec = t.rec > 1 ? t.len / (long)t.rec : 0;
		if (nrec > TABLE_REGS)
			nrec = TABLE_REGS;
		for (t.q = 0; nrec && t.q < t.rec; t.q++)
			/* the two points' registers (the zero register: r = nrec) give k and c */
			for (long ra = 0; ra <= nrec; ra++) {
				int64_t xa = ra < nrec ? (int32_t)data->in[st + ra * t.rec + t.q].value : 0;
				if (xa > 65536 || xa < -65536)
					continue;
				for (long rb = 0; rb <= nrec; rb++) {
					int64_t xb = rb < nrec ? (int32_t)data->in[st + rb * t.rec + t.q].value : 0;
					int64_t g;
					if (rb == ra || xb == xa || xb > 65536 || xb < -65536)
						continue;
					t.kn = I[b] - I[a];
					t.kd = xb - xa;
					g = gcd64(t.kn, t.kd);
					t.kn /= g;
					t.kd /= g;
					if (t.kd < 0) {
						t.kn = -t.kn;
						t.kd = -t.kd;
					}
					/* an index that moves by less than a word per unit is no index */
					if (t.kd > 4 * (t.kn < 0 ? -t.kn : t.kn))
						continue;
					t.c0n = I[a] * t.kd - t.kn * xa;
					int dup = 0;
					if (!table_fit(data, &t, I, m))
						continue;
					/* the same reading from another pair of registers holding alike */
					for (unsigned k = 0; k < nseen && !dup; k++)
						dup = seen[k].kn == t.kn && seen[k].kd == t.kd && seen[k].c0n == t.c0n &&
						      seen[k].q == t.q && seen[k].start == t.start;
					if (dup)
						continue;
					if (nseen < 32)
						seen[nseen++] = t;
					{
						struct table_arg ta = {data, &t};
						t.support = backgrounds(s, xu, I, m, k0, base_idx, dest, table_fits,
						                        &ta);
					}
					if (!found++) {
						*out = t;
					} else if (table_better(&t, out)) {
						unsigned others = out->others + 1;
						/* the one it beats ties it unless better: then it is not told apart */
						int tied = !table_better(&t, out) && !table_better(out, &t);
						*out = t;
						out->others = others;
						out->tied = tied;
					} else {
						out->others++;
						if (!table_better(out, &t))
							for (size_t i = 0; i < m; i++)
								out->tied |= t.reg[i] != out->reg[i];
					}
				}
			}
		st = en;
	}
	return found > 0;
}

/* The backgrounds that bear out linear indirect reading ind (indirect_fits). */
static unsigned indirect_support(const struct inf_seg *s, const struct indirect *ind,
                                 const int64_t *xu, const int64_t *dy, size_t m, int dest)
{
	int k0 = inf_first_word(s->K);
	struct indirect_arg ia = {s->data, ind, xu, dy, m};
	if (!dest && (k0 < 0 || inf_seg_base(s)->src[k0] < 0))
		return 0;
	return backgrounds(s, xu, dy, m, k0, dest ? 0 : inf_seg_base(s)->src[k0], dest,
	                   indirect_fits, &ia);
}

static int dest_deltas(const struct inf_seg *s, int64_t *xu, int64_t *xs, int64_t *dy, size_t *m,
                       long *first, int *kfirst)
{
	const struct inf_data *data = s->data;
	const struct inf_outcome *B = inf_seg_base(s);
	size_t pb[INF_MAX_WORDS];
	unsigned nb = written(data, B, pb);
	*m = 0;
	if (!nb || nb > INF_MAX_WORDS)
		return 0;
	for (size_t i = 0; i < s->n; i++) {
		const struct inf_item *it = &s->it[i];
		const struct inf_outcome *o = inf_item_oc(s, it);
		long delta;
		if (o->status != IP_STATUS_OK)
			continue;
		if (!written_move(data, B, pb, nb, o, &delta))
			return 0;
		xu[*m] = (int64_t)it->fv;
		xs[*m] = inf_sx(it->fv, s->w);
		dy[(*m)++] = delta;
	}
	*first = data->out[pb[0]].init;
	*kfirst = (int)pb[0];
	for (size_t i = 1; i < *m; i++)
		if (dy[i] != dy[0])
			return *m >= 3;
	return 0; /* written where the baseline writes, whatever v: nothing moves */
}

/* The name of word `index` of input buffer `role` when the probe names its records: "r26",
 * or with its component "r26.y" (records of four words; else "r26[2]"). 0 when unnamed. */
static int word_name(const struct inf_data *data, const char *role, long index, int comp,
                     char *buf, size_t n)
{
	for (size_t i = 0; i < data->nnames; i++) {
		const struct inf_names *nm = &data->names[i];
		unsigned rec = nm->rec ? nm->rec : 1;
		long r = index / (long)rec, k = index % (long)rec;
		if (nm->role != role || index < 0 || (size_t)r >= nm->n)
			continue;
		if (!comp || rec == 1)
			snprintf(buf, n, "%s", nm->name[r]);
		else if (rec == 4)
			snprintf(buf, n, "%s.%c", nm->name[r], "xyzw"[k]);
		else
			snprintf(buf, n, "%s[%ld]", nm->name[r], k);
		return 1;
	}
	return 0;
}

/* ,"names":{value: "r26" | "zero"} for the values of a select of a buffer whose records the
 * probe names: word(v) gives the word each value reads (-1: skip it). */
static void names(const struct inf_seg *s, const char *role, int comp, const int64_t *xu,
                  const long *word, size_t m, uint64_t zeros, struct strbuf *d)
{
	char name[96];
	unsigned shown = 0;
	if (!word_name(s->data, role, 0, 0, name, sizeof name))
		return;
	for (uint64_t fv = 0; fv < 64 && fv < (UINT64_C(1) << s->w); fv++) {
		const char *text = NULL;
		if (zeros >> fv & 1)
			text = "zero";
		for (size_t i = 0; i < m && !text; i++)
			if (xu[i] == (int64_t)fv && word[i] >= 0 &&
			    word_name(s->data, role, word[i], comp, name, sizeof name))
				text = name;
		if (text) { /* (names come from the database: quoted as JSON whatever they hold) */
			sb_printf(d, "%s\"%llu\":", shown++ ? "," : ",\"names\":{",
			          (unsigned long long)fv);
			sb_json_str(d, text);
		}
	}
	if (shown)
		sb_puts(d, "}");
}

/* The first planted word that holds w (not 0), or -1. */
static long planted_at(const struct inf_data *data, uint32_t w)
{
	for (size_t j = 0; j < data->nin && w; j++)
		if (data->in[j].value == w)
			return (long)j;
	return -1;
}

/* Register select / component select / offset: every changed output word is a planted input
 * word (or every one a planted word negated: the instruction negates its source), and the
 * input's index moves linearly with the field's value (or with 2^v: a shift), or follows the
 * value planted in the input word the field picks (an indirect select). */
/* How a segment's values move the input its outputs read (inf_try_index's working state). */
struct index_fit {
	const struct inf_seg *s;
	int64_t *xu, *xs, *dy;      /* per value that reads planted words: the value, unsigned and
	                             * signed, and how far the input read moved */
	size_t m;
	long base_idx[INF_MAX_WORDS]; /* per output word: the planted word the baseline reads */
	uint32_t flip;              /* 0x80000000: the words read are negated planted ones */
	int dest, kdest;            /* the field moves where a store writes (word kdest) */
	long dest_in;
	int same_role;              /* every value reads the baseline's buffer */
	uint64_t zeros;             /* values that read 0 from every output word (a zero
	                             * register) */
	int mode;                   /* 0 linear in v, 1 linear in signed v, 2 linear in 2^v, 3 a
	                             * table, 4 indirect, 5 indirect through a table of registers */
	int64_t num, den;           /* modes 0-2: the index moves num/den per unit */
	struct indirect ind;        /* mode 4 */
	struct itable itab;         /* mode 5 */
	int signd;                  /* mode 1 */
	int k0;                     /* the output word the index is told by, */
	long i0;                    /* the input it reads at the baseline, */
	const struct inf_input *in0;
	int64_t idx0n;              /* and the input index at value 0, over den */
	int regs;                   /* the input is registers */
	int word_select, same_group; /* a select of single words, within one record */
};

/* The planted word each output word of the baseline is (base_idx): as it is, else every one
 * negated (flip). Whether they all are. */
static int trace_baseline(struct index_fit *f, const struct inf_outcome *B)
{
	const struct inf_seg *s = f->s;
	const struct inf_data *data = s->data;
	int ok = 1;
	for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS && ok; k++) {
		f->base_idx[k] = -1;
		if (!(s->K >> k & 1))
			continue;
		f->base_idx[k] = B->src[k]; /* the first planted word it is, traced at load */
		ok = f->base_idx[k] >= 0;
	}
	/* every word the negation of a planted one (not of 0): a select read through a negate;
	 * an immediate would match the words by chance (`distinct` words step evenly) */
	if (!ok && s->K) {
		ok = 1;
		for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS && ok; k++)
			if (s->K >> k & 1) {
				f->base_idx[k] = planted_at(data, B->words[k] ^ 0x80000000u);
				ok = f->base_idx[k] >= 0;
			}
		f->flip = ok ? 0x80000000u : 0;
	}
	return ok;
}

/* How far the planted input that item it's output words read moved from the baseline's
 * (*delta), the same for every word. 1; 0 when a word reads no planted input or the words
 * move apart; -1 when the item reads 0 from every word (a zero register: f->zeros). */
static int item_delta(struct index_fit *f, const struct inf_item *it, long *delta)
{
	const struct inf_seg *s = f->s;
	const struct inf_data *data = s->data;
	const struct inf_outcome *o = inf_item_oc(s, it);
	int first = 1, zero = 1;
	*delta = 0;
	/* every output word 0 where the baseline reads planted words: a zero register */
	for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS; k++)
		zero &= !(s->K >> k & 1) || (o->words[k] ^ f->flip) == 0;
	if (zero && s->K && it->fv < 64) {
		f->zeros |= UINT64_C(1) << it->fv;
		return -1;
	}
	for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS; k++) {
		long idx = -1;
		if (!(s->K >> k & 1))
			continue;
		/* the match nearest the baseline's input keeps duplicates from confusing it; a
		 * word planted once is the one traced at load */
		int once = !f->flip && o->src[k] >= 0 && !data->in[o->src[k]].dup;
		if (once)
			idx = o->src[k];
		for (size_t j = 0; j < data->nin && !once; j++) {
			long b = f->base_idx[k];
			if ((idx < 0 || labs((long)j - b) < labs(idx - b)) &&
			    word_is(data, j, o->words[k] ^ f->flip))
				idx = (long)j;
		}
		if (idx < 0)
			return 0;
		if (first) {
			*delta = idx - f->base_idx[k];
			first = 0;
			f->same_role &= data->in[idx].role == data->in[f->base_idx[k]].role;
		} else if (idx - f->base_idx[k] != *delta) {
			return 0;
		}
	}
	return 1;
}

/* The points (value, how far the input moved): where a store writes, else (ok: the baseline
 * was traced) which planted inputs the outputs read. Whether every value that ran fits. */
static int index_moves(struct index_fit *f, int ok)
{
	const struct inf_seg *s = f->s;
	/* the field may move where a store writes (the outputs are the buffers it writes): the
	 * same words written elsewhere; else the outputs read planted inputs that move */
	if (!f->flip && dest_deltas(s, f->xu, f->xs, f->dy, &f->m, &f->dest_in, &f->kdest))
		f->dest = 1;
	else
		f->m = 0;
	for (size_t i = 0; i < s->n && ok && !f->dest; i++) {
		const struct inf_item *it = &s->it[i];
		long delta;
		int got;
		if (inf_item_oc(s, it)->status != IP_STATUS_OK)
			continue;
		got = item_delta(f, it, &delta);
		if (got < 0)
			continue;
		ok = got;
		f->xu[f->m] = (int64_t)it->fv;
		f->xs[f->m] = inf_sx(it->fv, s->w);
		f->dy[f->m++] = delta;
	}
	if (f->dest)
		ok = f->same_role = 1;
	/* zero reads only beside values that read planted words: three values in all, two of
	 * them planted words */
	if (f->zeros && (f->dest || f->m < 2 || f->m + (size_t)__builtin_popcountll(f->zeros) < 3))
		ok = 0;
	return ok;
}

/* Which rule the points follow (f->mode, with num/den, ind or itab); whether one does. */
static int choose_mode(struct index_fit *f)
{
	const struct inf_seg *s = f->s;
	const int64_t *xu = f->xu, *dy = f->dy;
	size_t m = f->m;
	int ok = 1;
	f->mode = 0;
	if (m == 2 && f->zeros) {
		f->mode = 3; /* two registers and the zero register: a table */
		return dy[0] != dy[1];
	}
	if (m < 3)
		return 0;
	if (inf_linear_q(xu, dy, m, (int64_t)s->fv0, &f->num, &f->den))
		f->mode = 0;
	else if (inf_linear_q(f->xs, dy, m, inf_sx(s->fv0, s->w), &f->num, &f->den))
		f->mode = 1;
	else {
		/* the index is shifted by v (x = 2^v), follows the value of the input word v picks,
		 * or follows a table of v: different values read different inputs */
		int64_t *x2 = calloc(m + 1, sizeof *x2);
		int pow_ok = s->fv0 < 40;
		int lin = 0, tab = 0;
		int dest = f->dest, same_role = f->same_role, flip = f->flip != 0;
		if (!x2)
			abort();
		for (size_t i = 0; i < m && pow_ok; i++) {
			pow_ok = xu[i] < 40;
			x2[i] = pow_ok ? INT64_C(1) << xu[i] : 0;
		}
		if (pow_ok && inf_linear_q(x2, dy, m, INT64_C(1) << s->fv0, &f->num, &f->den))
			f->mode = 2;
		else if ((lin = same_role && !flip && find_indirect(s, xu, dy, m, &f->ind)),
		         (tab = same_role && !flip &&
		                find_indirect_table(s, xu, dy, m,
		                                    dest ? f->kdest : inf_first_word(s->K),
		                                    dest ? f->dest_in
		                                         : f->base_idx[inf_first_word(s->K)],
		                                    dest, &f->itab)),
		         /* a rule on the bare three points it needs, which nothing else bears out,
		          * loses to registers read in no order (a permuted select's few values that
		          * run) and to a plain table */
		         lin && (m > 3 || (f->ind.support = indirect_support(s, &f->ind, xu, dy, m,
		                                                             dest)) > 0))
			f->mode = 4;
		else if (tab)
			f->mode = 5;
		else {
			f->mode = 3;
			for (size_t i = 0; i < m && ok; i++)
				for (size_t j = i + 1; j < m && ok; j++)
					ok = xu[i] == xu[j] || dy[i] != dy[j];
		}
		free(x2);
	}
	return ok;
}

/* The input the index is told from (k0, i0, in0, idx0n, regs) and whether it selects single
 * words of one record. Whether the reading stands (a register select across records does
 * not). */
static int locate_index(struct index_fit *f, int ok)
{
	const struct inf_seg *s = f->s;
	const struct inf_data *data = s->data;
	int64_t x0;
	f->signd = f->mode == 1;
	f->k0 = f->dest ? f->kdest : inf_first_word(s->K);
	f->i0 = f->dest ? f->dest_in : ok ? f->base_idx[f->k0] : -1;
	f->in0 = ok ? &data->in[f->i0] : NULL;
	x0 = f->signd ? inf_sx(s->fv0, s->w) : (int64_t)s->fv0;
	/* the input index at field value 0: in0 - num/den * x0, as a fraction over den */
	f->idx0n = ok ? (int64_t)f->in0->index * f->den - f->num * x0 : 0;
	f->regs = ok && strstr(f->in0->role, "reg") != NULL;
	f->same_group = 1;
	if (ok && f->mode <= 1 && f->den == 1 && (f->num == 1 || f->num == -1)) {
		/* a select of single words: within one record (of the buffer's record length, else
		 * 4 words) it is a component select; across records two selects in one, read as one
		 * only when the buffer's records are not known (signed or not) */
		unsigned R = f->in0->rec ? f->in0->rec : 4;
		int64_t v_lo = f->mode ? -((int64_t)1 << (s->w - 1)) : 0;
		int64_t v_hi = f->mode ? ((int64_t)1 << (s->w - 1)) - 1 : ((int64_t)1 << s->w) - 1;
		int64_t lo = f->idx0n + f->num * v_lo, hi = f->idx0n + f->num * v_hi;
		if (lo > hi) {
			int64_t t = lo;
			lo = hi;
			hi = t;
		}
		f->same_group = lo >= 0 && lo / R == hi / R;
		f->word_select = 1;
		if (f->regs && f->in0->rec > 1 && !f->same_group)
			ok = 0;
	}
	return ok;
}

/* What the index is (v->kind) and what the reading costs: an index into registers selects
 * one; an index into memory (uniforms, attributes, ...) is an offset. */
static void index_kind(const struct index_fit *f, struct inf_verdict *v)
{
	int mode = f->mode;
	if (mode == 2)
		v->kind = "shift";
	else if (mode == 3 || mode == 5)
		v->kind = "register";
	else if (mode == 4)
		v->kind = f->ind.t == 1 && f->ind.rec > 1 ? "component" : "register";
	else if (f->signd || !f->regs)
		v->kind = "offset";
	else
		v->kind = f->word_select && f->same_group && (f->s->w <= 2 || f->in0->rec > 1)
		        ? "component" : "register";
	v->cost = mode == 3 || mode == 5 ? 1.2 + 0.35 * (double)f->m : 1.5;
}

/* The values listed in `bits` as a text of numbers ("1 5 7"), under `key`. */
static void put_value_list(struct strbuf *b, const char *key, uint64_t bits)
{
	unsigned nz = 0;
	sb_printf(b, ",\"%s\":\"", key);
	for (unsigned i = 0; i < 64; i++)
		if (bits >> i & 1)
			sb_printf(b, "%s%u", nz++ ? " " : "", i);
	sb_puts(b, "\"");
}

/* The index's rule, in v->details: from which output to which input, and how. */
static void describe_rule(const struct index_fit *f, struct inf_verdict *v)
{
	const struct inf_seg *s = f->s;
	const struct inf_data *data = s->data;
	const struct inf_input *in0 = f->in0;
	const struct indirect *ind = &f->ind;
	const struct itable *itab = &f->itab;
	int mode = f->mode;
	int64_t num = f->num, den = f->den;
	char name[64];
	inf_out_name(data, (size_t)f->k0, name, sizeof name);
	sb_printf(&v->details, "\"output\":\"%s\",\"input\":\"%s\",", name,
	          mode == 4 ? data->in[ind->start].role
	          : mode == 5 ? data->in[itab->start].role : in0->role);
	if (mode == 2) {
		sb_puts(&v->details, "\"index\":\"");
		put_q(&v->details, (int64_t)in0->index * den - num * (INT64_C(1) << s->fv0), den);
		sb_puts(&v->details, " + ");
		put_q(&v->details, num, den);
		sb_puts(&v->details, "<<v\",\"direction\":\"left\",\"of\":\"the input index\"");
	} else if (mode == 3) {
		sb_puts(&v->details, "\"index\":\"table\",\"values\":{");
		for (size_t i = 0; i < f->m && i < 64; i++) {
			long j = f->i0 + (long)f->dy[i];
			if (j >= 0 && (size_t)j < data->nin)
				sb_printf(&v->details, "%s\"%lld\":\"%s[%u]\"", i ? "," : "",
				          (long long)f->xu[i], data->in[j].role, data->in[j].index);
		}
		sb_puts(&v->details, "}");
	} else if (mode == 5) {
		const struct inf_input *X = &data->in[itab->start];
		sb_printf(&v->details, "\"index\":\"indirect\",\"via\":\"%s[%u*r + %u]\","
		          "\"of\":\"%s\",\"record\":%u,\"per_unit\":\"",
		          X->role, itab->rec, itab->q, in0->role, itab->rec);
		put_q(&v->details, itab->kn, itab->kd);
		sb_puts(&v->details, "\",\"selects\":\"a record, in no order\"");
		if (itab->others)
			sb_printf(&v->details, ",\"other_readings\":%u", itab->others);
	} else if (mode == 4) {
		const struct inf_input *X = &data->in[ind->start];
		sb_printf(&v->details, "\"index\":\"indirect\",\"via\":\"%s[%ld + %u*v]\","
		          "\"of\":\"%s\",\"record\":%u,\"per_unit\":\"",
		          X->role, ind->p0, ind->t, in0->role, ind->rec);
		put_q(&v->details, ind->kn, ind->kd);
		sb_puts(&v->details, "\"");
		if (ind->rec > 1)
			sb_printf(&v->details, ",\"selects\":\"%s\"",
			          ind->t == 1 ? "a component of one record" : "a record");
		if (ind->zero)
			put_value_list(&v->details, "reads_zero", ind->zero);
		if (ind->others)
			sb_printf(&v->details, ",\"other_readings\":%u", ind->others);
	} else {
		sb_puts(&v->details, "\"index\":\"");
		put_q(&v->details, f->idx0n, den);
		sb_puts(&v->details, " + ");
		put_q(&v->details, num, den);
		sb_puts(&v->details, "*v\"");
	}
	if (mode == 4) {
		num = ind->kn;
		den = ind->kd;
	} else if (mode == 5) {
		num = itab->kn;
		den = itab->kd;
	}
	sb_puts(&v->details, ",\"scale\":");
	if (den == 1)
		sb_printf(&v->details, "%lld", (long long)num);
	else
		sb_printf(&v->details, "%g", (double)num / (double)den);
	sb_printf(&v->details, ",\"signed\":%s,\"words\":%d", f->signd ? "true" : "false",
	          __builtin_popcountll(s->K));
	if (f->dest)
		sb_puts(&v->details, ",\"written\":true");
	if (f->flip)
		sb_puts(&v->details, ",\"negated\":true");
	if (mode == 0 && f->word_select && in0->rec > 1 && f->regs)
		sb_printf(&v->details, ",\"record\":%u", in0->rec);
}

/* Which record (register) each value reads, by the probe's names, in v->details. */
static void name_reads(const struct index_fit *f, struct inf_verdict *v)
{
	const struct inf_seg *s = f->s;
	const struct inf_data *data = s->data;
	const struct indirect *ind = &f->ind;
	const struct itable *itab = &f->itab;
	int mode = f->mode;
	long *word = calloc(f->m + 1, sizeof *word);
	const char *role = mode == 4 ? data->in[ind->start].role
	                 : mode == 5 ? data->in[itab->start].role : f->in0->role;
	int comp = !strcmp(v->kind, "component");
	uint64_t tzero = 0; /* values reading the zero register (mode 5) */
	if (!word)
		abort();
	for (size_t i = 0; i < f->m; i++) {
		const int64_t *xu = f->xu;
		if (mode == 5) {
			size_t at = itab->start + (size_t)itab->reg[i] * itab->rec;
			word[i] = itab->reg[i] >= 0 && !itab->tied ? (long)data->in[at].index : -1;
			if (itab->reg[i] == -1 && !itab->tied && xu[i] < 64)
				tzero |= UINT64_C(1) << xu[i];
		} else if (mode == 3) {
			long j = f->i0 + (long)f->dy[i];
			word[i] = j >= 0 && (size_t)j < data->nin ? (long)data->in[j].index : -1;
		} else if (mode == 4) {
			long p = ind->p0 + (long)ind->t * (long)xu[i];
			word[i] = p < ind->len ? (long)data->in[ind->start + p].index : -1;
		} else {
			int64_t x = mode == 1 ? f->xs[i] : xu[i], at = f->idx0n + f->num * x;
			word[i] = f->den > 0 && at % f->den == 0 ? (long)(at / f->den) : -1;
		}
	}
	if (mode == 4)
		comp = ind->t == 1 && ind->rec > 1;
	names(s, role, comp, f->xu, word, f->m, f->zeros | tzero | (mode == 4 ? ind->zero : 0),
	      &v->details);
	if (f->zeros)
		put_value_list(&v->details, "reads_zero", f->zeros);
	free(word);
}

int inf_try_index(const struct inf_seg *s, struct inf_verdict *v, int final)
{
	struct index_fit f;
	int ok;
	memset(&f, 0, sizeof f);
	f.s = s;
	f.same_role = 1;
	f.den = 1;
	f.xu = calloc(s->n + 1, sizeof *f.xu);
	f.xs = calloc(s->n + 1, sizeof *f.xs);
	f.dy = calloc(s->n + 1, sizeof *f.dy);
	if (!f.xu || !f.xs || !f.dy)
		abort();
	ok = trace_baseline(&f, inf_seg_base(s));
	ok = index_moves(&f, ok);
	ok = ok && choose_mode(&f);
	ok = locate_index(&f, ok);
	if (ok) {
		index_kind(&f, v);
		if (final)
			describe_rule(&f, v);
		if (final && (!strcmp(v->kind, "register") || !strcmp(v->kind, "component")) &&
		    f.mode != 2)
			name_reads(&f, v);
		if (f.mode == 4 && f.ind.others)
			v->cost += 0.5;
	}
	free(f.xu);
	free(f.xs);
	free(f.dy);
	return ok;
}
