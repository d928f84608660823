/* infer_types.c: typing one candidate field by testing hypotheses against the values seen
 * with the rest of the region at the seed: ignored, reserved, register/component select,
 * offset, immediate, shift, modifier, write mask, enum (named by the operation library). */
#include <stdlib.h>
#include <string.h>

#include "infer_internal.h"

#define INFEASIBLE 1e9

const struct inf_item *inf_item_find(const struct inf_seg *s, uint64_t fv)
{
	size_t lo = 0, hi = s->n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (s->it[mid].fv < fv)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < s->n && s->it[lo].fv == fv ? &s->it[lo] : NULL;
}

static const struct inf_outcome *OC(const struct inf_seg *s, const struct inf_item *it)
{
	return &s->data->oc[it->v->oc];
}

static int is_ok(const struct inf_seg *s, const struct inf_item *it)
{
	return OC(s, it)->status == IP_STATUS_OK;
}

static const struct inf_outcome *BASE(const struct inf_seg *s)
{
	return &s->data->oc[s->base];
}

static int64_t sx(uint64_t fv, unsigned w)
{
	return w < 64 && (fv >> (w - 1) & 1) ? (int64_t)fv - (int64_t)(UINT64_C(1) << w)
	                                     : (int64_t)fv;
}

static void out_name(const struct inf_data *data, size_t k, char *buf, size_t len)
{
	snprintf(buf, len, "%s[%u]", data->out[k].role, data->out[k].index);
}

/* Facts about the local variants every hypothesis uses. */
struct facts {
	size_t nonseed, ok, excluded; /* non-seed items; of all items: ok, not ok */
	size_t values;                /* distinct field values seen (items) */
	uint64_t varied;              /* bits varied in some item */
	uint64_t matter_ok;           /* bits whose flip changes an ok outcome into another ok one */
	int all_base, all_fault, all_unmodeled;
	int veto;                     /* some split inside has evidence of no interaction */
	uint64_t support;             /* runs of the local variants' majority outcomes */
};

/* Whether word k of xy is an input word taking its buffer (role) from x's change and its
 * index from y's (or the other way round): one bit picks the table, the other the entry. */
static int composes(const struct inf_data *data, uint32_t b, uint32_t x, uint32_t y, uint32_t xy,
                    size_t k)
{
	int32_t sb = data->oc[b].src[k], sx = data->oc[x].src[k], sy = data->oc[y].src[k];
	int32_t sxy = data->oc[xy].src[k];
	if (sb < 0 || sx < 0 || sy < 0 || sxy < 0)
		return 0;
	const struct inf_input *B = &data->in[sb], *X = &data->in[sx], *Y = &data->in[sy];
	const struct inf_input *XY = &data->in[sxy];
	for (int swap = 0; swap < 2; swap++) {
		const struct inf_input *r = swap ? Y : X, *i = swap ? X : Y;
		if (r->role != B->role && r->index == B->index && i->role == B->role &&
		    i->index != B->index && XY->role == r->role && XY->index == i->index)
			return 1;
	}
	return 0;
}

static int interacts(const struct inf_seg *s, const struct inf_item *x, const struct inf_item *y,
                     const struct inf_item *xy)
{
	const struct inf_data *data = s->data;
	uint32_t b = (uint32_t)s->base;
	uint64_t dx = inf_diff_words(data, x->v->oc, b), dy = inf_diff_words(data, y->v->oc, b);
	if (x->v->oc == b || y->v->oc == b)
		return xy->v->oc != (x->v->oc == b ? y->v->oc : x->v->oc);
	for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS; k++) {
		if ((dx & dy) >> k & 1) {
			if (!composes(data, b, x->v->oc, y->v->oc, xy->v->oc, k))
				return 1;
			continue;
		}
		uint32_t want = (dx >> k & 1) ? OC(s, x)->words[k]
		              : (dy >> k & 1) ? OC(s, y)->words[k] : BASE(s)->words[k];
		if (OC(s, xy)->words[k] != want)
			return 1;
	}
	return 0;
}

/* Whether some split point inside the segment has pair evidence and none of it interacts. */
static int separable_split(const struct inf_seg *s)
{
	if (BASE(s)->status != IP_STATUS_OK)
		return 0;
	for (unsigned t = 1; t < s->w; t++) {
		unsigned evidence = 0, inter = 0;
		for (unsigned i = 0; i < t; i++)
			for (unsigned j = t; j < s->w; j++) {
				const struct inf_item *x = inf_item_find(s, s->fv0 ^ (UINT64_C(1) << i));
				const struct inf_item *y = inf_item_find(s, s->fv0 ^ (UINT64_C(1) << j));
				const struct inf_item *xy =
					inf_item_find(s, s->fv0 ^ (UINT64_C(1) << i) ^ (UINT64_C(1) << j));
				if (!x || !y || !xy || !is_ok(s, x) || !is_ok(s, y) || !is_ok(s, xy))
					continue;
				evidence++;
				inter += (unsigned)interacts(s, x, y, xy);
			}
		if (evidence && !inter)
			return 1;
	}
	return 0;
}

/* A bit no single flip shows mattering between two ok outcomes (its other values faulting or
 * unmodeled, as the upper bits of a select whose middle values the runner cannot say) still
 * matters when two ok values differing in it (and in other bits) differ, and no single flip of
 * it between two ok values shows it ignored. */
static void relaxed_matter(const struct inf_seg *s, struct facts *f)
{
	uint64_t full = s->w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << s->w) - 1;
	uint64_t okbits = 0, ignored = 0, need, multi = 0;
	if (s->n > 1024)
		return;
	for (size_t i = 0; i < s->n; i++) {
		const struct inf_item *it = &s->it[i];
		if (!is_ok(s, it))
			continue;
		okbits |= it->fv ^ s->fv0;
		for (unsigned b = 0; b < s->w; b++) {
			const struct inf_item *y = inf_item_find(s, it->fv ^ (UINT64_C(1) << b));
			if (y && is_ok(s, y) && y->v->oc == it->v->oc)
				ignored |= UINT64_C(1) << b;
		}
	}
	need = full & okbits & ~f->matter_ok & ~ignored;
	for (size_t i = 0; i < s->n && (need & ~multi); i++) {
		const struct inf_item *x = &s->it[i];
		if (!is_ok(s, x))
			continue;
		for (size_t j = i + 1; j < s->n; j++) {
			const struct inf_item *y = &s->it[j];
			if (is_ok(s, y) && y->v->oc != x->v->oc)
				multi |= x->fv ^ y->fv;
		}
	}
	f->matter_ok |= need & multi;
}

static void gather(const struct inf_seg *s, struct facts *f)
{
	memset(f, 0, sizeof *f);
	f->all_base = f->all_fault = f->all_unmodeled = 1;
	for (size_t i = 0; i < s->n; i++) {
		const struct inf_item *it = &s->it[i];
		int st = OC(s, it)->status;
		f->support += it->v->runs - it->v->against;
		f->values++;
		if (st == IP_STATUS_OK)
			f->ok++;
		else
			f->excluded++;
		if (it->fv == s->fv0)
			continue;
		f->nonseed++;
		f->varied |= it->fv ^ s->fv0;
		f->all_base &= it->v->oc == (uint32_t)s->base;
		f->all_fault &= inf_is_fault(st);
		f->all_unmodeled &= st == IP_STATUS_UNMODELED;
		if (st != IP_STATUS_OK)
			continue;
		for (unsigned b = 0; b < s->w; b++) {
			const struct inf_item *y = inf_item_find(s, it->fv ^ (UINT64_C(1) << b));
			if (y && is_ok(s, y) && y->v->oc != it->v->oc)
				f->matter_ok |= UINT64_C(1) << b;
		}
	}
	/* the seed item pairs with the flips too */
	const struct inf_item *seed = inf_item_find(s, s->fv0);
	if (seed && is_ok(s, seed))
		for (unsigned b = 0; b < s->w; b++) {
			const struct inf_item *y = inf_item_find(s, s->fv0 ^ (UINT64_C(1) << b));
			if (y && is_ok(s, y) && y->v->oc != seed->v->oc)
				f->matter_ok |= UINT64_C(1) << b;
		}
	relaxed_matter(s, f);
	f->veto = s->w > 1 && separable_split(s);
}

static double confidence(const struct inf_seg *s, const struct facts *f, int typed)
{
	double consistency = f->support + s->against
	                     ? (double)f->support / (double)(f->support + s->against) : 0;
	double needed = s->w == 1 ? 2 : s->w >= 6 ? (double)s->w + 2
	              : (double)((UINT64_C(1) << s->w) < s->w + 2 ? (UINT64_C(1) << s->w)
	                                                           : s->w + 2);
	double have = (double)(typed ? f->ok : f->values);
	double cover = have >= needed ? 1.0 : have / needed;
	double c = consistency * (0.5 + 0.5 * cover);
	if (!s->c->base_seen)
		c *= 0.7;
	return c;
}

static void examples(const struct inf_seg *s, struct strbuf *d)
{
	unsigned shown = 0;
	sb_puts(d, ",\"examples\":[");
	for (size_t i = 0; i < s->n && shown < 3; i++) {
		const struct inf_item *it = &s->it[i];
		const struct inf_outcome *o = OC(s, it);
		if (it->fv == s->fv0)
			continue;
		sb_printf(d, "%s{\"value\":%llu,\"variant\":\"0x%llx\",\"runs\":%llu,\"status\":\"%s\"",
		          shown ? "," : "", (unsigned long long)it->fv,
		          (unsigned long long)it->v->value, (unsigned long long)it->v->runs,
		          ip_status_name((enum ip_status)o->status));
		if (o->status == IP_STATUS_OK) {
			uint64_t dw = inf_diff_words(s->data, it->v->oc, (uint32_t)s->base);
			unsigned nw = 0;
			sb_puts(d, ",\"changed\":{");
			for (size_t k = 0; k < s->data->nout && k < INF_MAX_WORDS && nw < 4; k++)
				if (dw >> k & 1) {
					char name[64];
					out_name(s->data, k, name, sizeof name);
					sb_printf(d, "%s\"%s\":\"0x%08x\"", nw++ ? "," : "", name, o->words[k]);
				}
			sb_puts(d, "}");
		} else if (o->fault)
			sb_printf(d, ",\"fault\":%u", o->fault);
		sb_puts(d, "}");
		shown++;
	}
	sb_puts(d, "]");
}

/* y = scale * (x - x0) for every point; returns 1 and the scale (non-zero) if so. */
static int linear(const int64_t *x, const int64_t *y, size_t n, int64_t x0, int64_t *scale)
{
	int64_t sc = 0;
	for (size_t i = 0; i < n; i++) {
		int64_t dx = x[i] - x0;
		if (dx == 0) {
			if (y[i] != 0)
				return 0;
			continue;
		}
		if (!sc) {
			if (y[i] % dx)
				return 0;
			sc = y[i] / dx;
			if (!sc)
				return 0;
		} else if (y[i] != sc * dx)
			return 0;
	}
	*scale = sc;
	return sc != 0;
}

static int first_word(uint64_t K)
{
	return K ? __builtin_ctzll(K) : -1;
}

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

/* y = num/den * (x - x0) for every point (den > 0, reduced, num != 0): 1 and the scale. An
 * index in words may move by a fraction of v (a byte offset reads a word every 4). */
static int linear_q(const int64_t *x, const int64_t *y, size_t n, int64_t x0, int64_t *num,
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
		} else if ((__int128)y[i] * de != (__int128)nu * dx)
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
	__int128 dI = I[b] - I[a], dx = xb - xa;
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
		if ((__int128)(I[i] - I[a]) * dx != (__int128)(x - xa) * dI)
			return 0;
	}
	*kn = (int64_t)dI;
	*kd = (int64_t)dx;
	if (*kd < 0) {
		*kn = -*kn;
		*kd = -*kd;
	}
	return pos >= 2 && pos + nz >= 3;
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
static int dest_deltas(const struct inf_seg *s, int64_t *xu, int64_t *xs, int64_t *dy, size_t *m,
                       long *first, int *kfirst)
{
	const struct inf_data *data = s->data;
	const struct inf_outcome *B = BASE(s);
	size_t pb[INF_MAX_WORDS], pv[INF_MAX_WORDS];
	unsigned nb = written(data, B, pb);
	*m = 0;
	if (!nb || nb > INF_MAX_WORDS)
		return 0;
	for (size_t i = 0; i < s->n; i++) {
		const struct inf_item *it = &s->it[i];
		const struct inf_outcome *o = OC(s, it);
		long delta;
		if (o->status != IP_STATUS_OK)
			continue;
		if (written(data, o, pv) != nb)
			return 0;
		delta = (long)data->out[pv[0]].index - (long)data->out[pb[0]].index;
		for (unsigned j = 0; j < nb; j++)
			if (data->out[pv[j]].role != data->out[pb[j]].role ||
			    o->words[pv[j]] != B->words[pb[j]] ||
			    (long)data->out[pv[j]].index - (long)data->out[pb[j]].index != delta)
				return 0;
		xu[*m] = (int64_t)it->fv;
		xs[*m] = sx(it->fv, s->w);
		dy[(*m)++] = delta;
	}
	*first = data->out[pb[0]].init;
	*kfirst = (int)pb[0];
	for (size_t i = 1; i < *m; i++)
		if (dy[i] != dy[0])
			return *m >= 3;
	return 0; /* written where the baseline writes, whatever v: nothing moves */
}

/* Register select / component select / offset: every changed output word is a planted input
 * word, and the input's index moves linearly with the field's value (or with 2^v: a shift), or
 * follows the value planted in the input word the field picks (an indirect select). */
static int try_index(const struct inf_seg *s, struct inf_verdict *v, int final)
{
	const struct inf_data *data = s->data;
	const struct inf_outcome *B = BASE(s);
	size_t m = 0;
	int64_t *xu = calloc(s->n + 1, sizeof *xu), *xs = calloc(s->n + 1, sizeof *xs);
	int64_t *dy = calloc(s->n + 1, sizeof *dy);
	long base_idx[INF_MAX_WORDS];
	int ok = 1, signd, same_role = 1;
	int64_t num = 0, den = 1;
	struct indirect ind = {0};
	if (!xu || !xs || !dy)
		abort();
	for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS && ok; k++) {
		base_idx[k] = -1;
		if (!(s->K >> k & 1))
			continue;
		base_idx[k] = B->src[k]; /* the first planted word it is, traced at load */
		ok = base_idx[k] >= 0;
	}
	/* the field may move where a store writes (the outputs are the buffers it writes): the
	 * same words written elsewhere; else the outputs read planted inputs that move */
	int dest = 0, kdest = -1;
	long dest_in = -1;
	if (dest_deltas(s, xu, xs, dy, &m, &dest_in, &kdest))
		dest = 1;
	else
		m = 0;
	for (size_t i = 0; i < s->n && ok && !dest; i++) {
		const struct inf_item *it = &s->it[i];
		const struct inf_outcome *o = OC(s, it);
		long delta = 0;
		int first = 1;
		if (o->status != IP_STATUS_OK)
			continue;
		for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS && ok; k++) {
			long idx = -1;
			if (!(s->K >> k & 1))
				continue;
			/* the match nearest the baseline's input keeps duplicates from confusing it; a
			 * word planted once is the one traced at load */
			int once = o->src[k] >= 0 && !data->in[o->src[k]].dup;
			if (once)
				idx = o->src[k];
			for (size_t j = 0; j < data->nin && !once; j++)
				if ((idx < 0 || labs((long)j - base_idx[k]) < labs(idx - base_idx[k])) &&
				    word_is(data, j, o->words[k]))
					idx = (long)j;
			if (idx < 0)
				ok = 0;
			else if (first) {
				delta = idx - base_idx[k];
				first = 0;
				same_role &= data->in[idx].role == data->in[base_idx[k]].role;
			} else if (idx - base_idx[k] != delta)
				ok = 0;
		}
		xu[m] = (int64_t)it->fv;
		xs[m] = sx(it->fv, s->w);
		dy[m++] = delta;
	}
	if (dest)
		ok = same_role = 1;
	int mode = 0; /* 0 linear in v, 1 linear in signed v, 2 linear in 2^v, 3 a table, 4 indirect */
	if (ok && m >= 3) {
		if (linear_q(xu, dy, m, (int64_t)s->fv0, &num, &den))
			mode = 0;
		else if (linear_q(xs, dy, m, sx(s->fv0, s->w), &num, &den))
			mode = 1;
		else {
			/* the index is shifted by v (x = 2^v), follows the value of the input word v
			 * picks, or follows a table of v: different values read different inputs */
			int64_t *x2 = calloc(m + 1, sizeof *x2);
			int pow_ok = s->fv0 < 40;
			if (!x2)
				abort();
			for (size_t i = 0; i < m && pow_ok; i++) {
				pow_ok = xu[i] < 40;
				x2[i] = pow_ok ? INT64_C(1) << xu[i] : 0;
			}
			if (pow_ok && linear_q(x2, dy, m, INT64_C(1) << s->fv0, &num, &den))
				mode = 2;
			else if (same_role && find_indirect(s, xu, dy, m, &ind))
				mode = 4;
			else {
				mode = 3;
				for (size_t i = 0; i < m && ok; i++)
					for (size_t j = i + 1; j < m && ok; j++)
						ok = xu[i] == xu[j] || dy[i] != dy[j];
			}
			free(x2);
		}
	} else
		ok = 0;
	signd = mode == 1;
	int k0 = dest ? kdest : first_word(s->K);
	long i0 = dest ? dest_in : ok ? base_idx[k0] : -1;
	const struct inf_input *in0 = ok ? &data->in[i0] : NULL;
	int64_t x0 = signd ? sx(s->fv0, s->w) : (int64_t)s->fv0;
	/* the input index at field value 0: in0 - num/den * x0, as a fraction over den */
	int64_t idx0n = ok ? (int64_t)in0->index * den - num * x0 : 0;
	int regs = ok && strstr(in0->role, "reg") != NULL;
	int word_select = 0, same_group = 1;
	if (ok && mode == 0 && den == 1 && (num == 1 || num == -1)) {
		/* a select of single words: within one record (of the buffer's record length, else
		 * 4 words) it is a component select; across records two selects in one, read as one
		 * only when the buffer's records are not known */
		unsigned R = in0->rec ? in0->rec : 4;
		int64_t lo = idx0n, hi = idx0n + num * (((int64_t)1 << s->w) - 1);
		if (lo > hi) {
			int64_t t = lo;
			lo = hi;
			hi = t;
		}
		same_group = lo >= 0 && lo / R == hi / R;
		word_select = 1;
		if (regs && in0->rec > 1 && !same_group)
			ok = 0;
	}
	if (!ok) {
		free(xu);
		free(xs);
		free(dy);
		return 0;
	}
	/* an index into registers selects one; an index into memory (uniforms, attributes, ...)
	 * is an offset */
	if (mode == 2)
		v->kind = "shift";
	else if (mode == 3)
		v->kind = "register";
	else if (mode == 4)
		v->kind = ind.t == 1 && ind.rec > 1 ? "component" : "register";
	else if (signd || !regs)
		v->kind = "offset";
	else
		v->kind = word_select && same_group && (s->w <= 2 || in0->rec > 1) ? "component"
		                                                                  : "register";
	v->cost = mode == 3 ? 1.2 + 0.35 * (double)m : 1.5;
	if (final) {
		char name[64];
		out_name(data, (size_t)k0, name, sizeof name);
		sb_printf(&v->details, "\"output\":\"%s\",\"input\":\"%s\",", name,
		          mode == 4 ? data->in[ind.start].role : in0->role);
		if (mode == 2) {
			sb_puts(&v->details, "\"index\":\"");
			put_q(&v->details, (int64_t)in0->index * den - num * (INT64_C(1) << s->fv0), den);
			sb_puts(&v->details, " + ");
			put_q(&v->details, num, den);
			sb_puts(&v->details, "<<v\",\"direction\":\"left\",\"of\":\"the input index\"");
		} else if (mode == 3) {
			sb_puts(&v->details, "\"index\":\"table\",\"values\":{");
			for (size_t i = 0; i < m && i < 64; i++) {
				long j = i0 + (long)dy[i];
				if (j >= 0 && (size_t)j < data->nin)
					sb_printf(&v->details, "%s\"%lld\":\"%s[%u]\"", i ? "," : "",
					          (long long)xu[i], data->in[j].role, data->in[j].index);
			}
			sb_puts(&v->details, "}");
		} else if (mode == 4) {
			const struct inf_input *X = &data->in[ind.start];
			sb_printf(&v->details, "\"index\":\"indirect\",\"via\":\"%s[%ld + %u*v]\","
			          "\"of\":\"%s\",\"record\":%u,\"per_unit\":\"",
			          X->role, ind.p0, ind.t, in0->role, ind.rec);
			put_q(&v->details, ind.kn, ind.kd);
			sb_puts(&v->details, "\"");
			if (ind.rec > 1)
				sb_printf(&v->details, ",\"selects\":\"%s\"",
				          ind.t == 1 ? "a component of one record" : "a record");
			if (ind.zero) {
				unsigned nz = 0;
				sb_puts(&v->details, ",\"reads_zero\":\"");
				for (unsigned b = 0; b < 64; b++)
					if (ind.zero >> b & 1)
						sb_printf(&v->details, "%s%u", nz++ ? " " : "", b);
				sb_puts(&v->details, "\"");
			}
			if (ind.others)
				sb_printf(&v->details, ",\"other_readings\":%u", ind.others);
		} else {
			sb_puts(&v->details, "\"index\":\"");
			put_q(&v->details, idx0n, den);
			sb_puts(&v->details, " + ");
			put_q(&v->details, num, den);
			sb_puts(&v->details, "*v\"");
		}
		if (mode == 4) {
			num = ind.kn;
			den = ind.kd;
		}
		sb_puts(&v->details, ",\"scale\":");
		if (den == 1)
			sb_printf(&v->details, "%lld", (long long)num);
		else
			sb_printf(&v->details, "%g", (double)num / (double)den);
		sb_printf(&v->details, ",\"signed\":%s,\"words\":%d", signd ? "true" : "false",
		          __builtin_popcountll(s->K));
		if (dest)
			sb_puts(&v->details, ",\"written\":true");
		if (mode == 0 && word_select && in0->rec > 1 && regs)
			sb_printf(&v->details, ",\"record\":%u", in0->rec);
	}
	if (mode == 4 && ind.others)
		v->cost += 0.5;
	free(xu);
	free(xs);
	free(dy);
	return 1;
}

/* Immediate: each changed output word moves linearly (as an integer) with the field value. */
static int try_imm(const struct inf_seg *s, struct inf_verdict *v, int final)
{
	const struct inf_data *data = s->data;
	const struct inf_outcome *B = BASE(s);
	int64_t *x = calloc(s->n + 1, sizeof *x), *y = calloc(s->n + 1, sizeof *y);
	int ok = 1, signd = -1;
	int64_t scale0 = 0;
	if (!x || !y)
		abort();
	for (int sg = 0; sg < 2 && signd < 0; sg++) {
		ok = 1;
		for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS && ok; k++) {
			size_t m = 0;
			int64_t sc;
			if (!(s->K >> k & 1))
				continue;
			for (size_t i = 0; i < s->n; i++) {
				const struct inf_outcome *o = OC(s, &s->it[i]);
				if (o->status != IP_STATUS_OK)
					continue;
				x[m] = sg ? sx(s->it[i].fv, s->w) : (int64_t)s->it[i].fv;
				y[m++] = (int32_t)(o->words[k] - B->words[k]);
			}
			ok = m >= 3 && linear(x, y, m, sg ? sx(s->fv0, s->w) : (int64_t)s->fv0, &sc);
			if (ok && !scale0)
				scale0 = sc;
		}
		if (ok)
			signd = sg;
	}
	free(x);
	free(y);
	if (signd < 0)
		return 0;
	v->kind = signd ? "imm_signed" : "imm_unsigned";
	v->cost = 1.5;
	if (final) {
		char name[64];
		out_name(data, (size_t)first_word(s->K), name, sizeof name);
		sb_printf(&v->details, "\"output\":\"%s\",\"scale\":%lld,\"signed\":%s", name,
		          (long long)scale0, signd ? "true" : "false");
	}
	return 1;
}

/* Shift: every changed output word is the smallest value's word shifted by the difference. */
static int try_shift(const struct inf_seg *s, struct inf_verdict *v, int final)
{
	const struct inf_data *data = s->data;
	const struct inf_item *ref = NULL;
	size_t m = 0;
	static const char *const dir[3] = {"left", "right", "right_arith"};
	for (size_t i = 0; i < s->n; i++)
		if (is_ok(s, &s->it[i])) {
			if (!ref)
				ref = &s->it[i];
			m++;
		}
	if (!ref || m < 3)
		return 0;
	for (int d = 0; d < 3; d++) {
		int ok = 1;
		for (size_t i = 0; i < s->n && ok; i++) {
			const struct inf_item *it = &s->it[i];
			uint64_t sh = it->fv - ref->fv;
			if (!is_ok(s, it))
				continue;
			for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS && ok; k++) {
				uint32_t r = OC(s, ref)->words[k], want;
				if (!(s->K >> k & 1))
					continue;
				if (r == 0 || (d == 2 && r == 0xffffffffu))
					ok = 0;
				if (sh >= 32)
					want = d == 2 && (r >> 31) ? 0xffffffffu : 0;
				else
					want = d == 0 ? r << sh : d == 1 ? r >> sh
					              : (uint32_t)((int32_t)r >> sh);
				ok = ok && OC(s, it)->words[k] == want;
			}
		}
		if (ok) {
			v->kind = "shift";
			v->cost = 1.5;
			if (final) {
				char name[64];
				out_name(data, (size_t)first_word(s->K), name, sizeof name);
				sb_printf(&v->details, "\"output\":\"%s\",\"direction\":\"%s\","
				          "\"zero_at\":%llu", name, dir[d], (unsigned long long)ref->fv);
			}
			return 1;
		}
	}
	return 0;
}

/* Modifier: every other value applies one unary op (neg, abs, ...) to the baseline's outputs. */
static int try_modifier(const struct inf_seg *s, struct inf_verdict *v, int final)
{
	const char *ops[4] = {NULL, NULL, NULL, NULL};
	size_t named = 0;
	if (s->w > 2)
		return 0;
	for (size_t i = 0; i < s->n; i++) {
		const struct inf_item *it = &s->it[i];
		if (it->fv == s->fv0)
			continue;
		if (!is_ok(s, it))
			return 0;
		ops[it->fv] = inf_modifier_match(s->data, (uint32_t)s->base, it->v->oc, s->K);
		if (!ops[it->fv])
			return 0;
		named++;
	}
	if (!named)
		return 0;
	v->kind = "modifier";
	v->cost = 1.5 + 0.5 * (s->w - 1);
	if (final) {
		sb_printf(&v->details, "\"values\":{\"%llu\":\"none\"", (unsigned long long)s->fv0);
		for (unsigned fv = 0; fv < 4; fv++)
			if (ops[fv])
				sb_printf(&v->details, ",\"%u\":\"%s\"", fv, ops[fv]);
		sb_puts(&v->details, "}");
	}
	return 1;
}

/* Write mask: each bit alone changes its own output words, bits compose without interacting,
 * and a changed word is not a modifier of the baseline's. */
static int try_mask(const struct inf_seg *s, struct inf_verdict *v, int final)
{
	const struct inf_data *data = s->data;
	const struct inf_item *flip[INF_MAX_WIDTH];
	uint64_t M[INF_MAX_WIDTH], all = 0;
	uint32_t b = (uint32_t)s->base, fill = 0;
	int have_fill = 0;
	if (s->w < 2 || BASE(s)->status != IP_STATUS_OK)
		return 0;
	for (unsigned i = 0; i < s->w; i++) {
		flip[i] = inf_item_find(s, s->fv0 ^ (UINT64_C(1) << i));
		if (!flip[i] || !is_ok(s, flip[i]) || flip[i]->v->oc == b)
			return 0;
		M[i] = inf_diff_words(data, flip[i]->v->oc, b);
		if (M[i] & all)
			return 0;
		if (inf_modifier_match(data, b, flip[i]->v->oc, M[i]))
			return 0;
		/* a word not written holds one fill value, whichever bit disables it */
		const struct inf_outcome *off = (s->fv0 >> i & 1) ? OC(s, flip[i]) : BASE(s);
		for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS; k++)
			if (M[i] >> k & 1) {
				if (!have_fill) {
					fill = off->words[k];
					have_fill = 1;
				} else if (off->words[k] != fill)
					return 0;
			}
		all |= M[i];
	}
	for (size_t i = 0; i < s->n; i++) {
		const struct inf_item *it = &s->it[i];
		const struct inf_outcome *o = OC(s, it);
		if (o->status != IP_STATUS_OK)
			return 0;
		for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS; k++) {
			uint32_t want = BASE(s)->words[k];
			for (unsigned j = 0; j < s->w; j++)
				if ((M[j] >> k & 1) && ((it->fv ^ s->fv0) >> j & 1))
					want = OC(s, flip[j])->words[k];
			if (o->words[k] != want)
				return 0;
		}
	}
	v->kind = "mask";
	v->cost = 1.5;
	if (final) {
		sb_puts(&v->details, "\"bits\":{");
		for (unsigned i = 0; i < s->w; i++) {
			unsigned nw = 0;
			sb_printf(&v->details, "%s\"%u\":\"", i ? "," : "", i);
			for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS; k++)
				if (M[i] >> k & 1) {
					char name[64];
					out_name(data, k, name, sizeof name);
					sb_printf(&v->details, "%s%s", nw++ ? " " : "", name);
				}
			sb_puts(&v->details, "\"");
		}
		sb_puts(&v->details, "}");
	}
	return 1;
}

/* Enum: a table of behaviours, each named by the operation library where one matches. */
static void try_enum(const struct inf_seg *s, struct inf_verdict *v, int final)
{
	uint32_t *beh = calloc(s->n + 1, sizeof *beh);
	size_t nb = 0;
	int faults = 0;
	if (!beh)
		abort();
	for (size_t i = 0; i < s->n; i++) {
		const struct inf_item *it = &s->it[i];
		size_t j;
		if (!is_ok(s, it)) {
			faults = 1;
			continue;
		}
		for (j = 0; j < nb && beh[j] != it->v->oc; j++)
			;
		if (j == nb)
			beh[nb++] = it->v->oc;
	}
	v->kind = "enum";
	v->cost = 1.2 + 0.6 * (double)(nb + (size_t)faults);
	if (final) {
		const char **names = calloc(nb + 1, sizeof *names);
		long *src = calloc(nb + 1, sizeof *src);
		unsigned named = 0;
		if (!names || !src)
			abort();
		if (nb <= 16)
			inf_name_ops(s->data, beh, nb, s->K, names, src);
		sb_puts(&v->details, "\"values\":{");
		for (size_t i = 0, shown = 0; i < s->n && shown < 64; i++, shown++) {
			const struct inf_item *it = &s->it[i];
			size_t j;
			sb_printf(&v->details, "%s\"%llu\":", shown ? "," : "",
			          (unsigned long long)it->fv);
			if (!is_ok(s, it)) {
				sb_printf(&v->details, "\"%s\"",
				          ip_status_name((enum ip_status)OC(s, it)->status));
				continue;
			}
			for (j = 0; j < nb && beh[j] != it->v->oc; j++)
				;
			if (names[j] && src[j] >= 0)
				sb_printf(&v->details, "\"%s %s[%u]\"", names[j], s->data->in[src[j]].role,
				          s->data->in[src[j]].index);
			else if (names[j])
				sb_printf(&v->details, "\"%s\"", names[j]);
			else
				sb_printf(&v->details, "\"behaviour %zu\"", j);
		}
		sb_puts(&v->details, "}");
		for (size_t j = 0; j < nb; j++) {
			if (names[j] && beh[j] != (uint32_t)s->base)
				named++;
		}
		sb_printf(&v->details, ",\"behaviours\":%zu,\"named\":%u", nb, named);
		if (!named)
			v->kind = "distinct";
		free(names);
		free(src);
	}
	free(beh);
}

void inf_type(const struct inf_seg *s, struct inf_verdict *v, int final)
{
	struct facts f;
	uint64_t full = s->w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << s->w) - 1;
	int typed = 1;
	v->kind = NULL;
	v->cost = INFEASIBLE;
	v->confidence = 0;
	v->support = 0;
	if (final)
		sb_init(&v->details);
	if (s->base < 0) { /* a context without runs */
		v->kind = "unknown";
		v->cost = 1;
		return;
	}
	gather(s, &f);
	if (!f.nonseed) {
		v->kind = "unknown";
		v->cost = 1;
		typed = 0;
	} else if (f.varied != full) {
		/* a bit never varied here: nothing can be said of this segment as a whole */
	} else if (f.all_base) {
		v->kind = "ignored";
		v->cost = 1;
		typed = 0;
	} else if (f.all_fault && BASE(s)->status == IP_STATUS_OK) {
		v->kind = "reserved";
		v->cost = 1;
		typed = 0;
		if (final)
			sb_printf(&v->details, "\"must_be\":%llu", (unsigned long long)s->fv0);
	} else if (f.all_unmodeled) {
		v->kind = "unmodeled";
		v->cost = 1;
		typed = 0;
	} else if (f.matter_ok == full && s->K && BASE(s)->status == IP_STATUS_OK) {
		double penalty = f.excluded ? 0.5 : 0;
		if (!f.veto && s->w > 1 && (try_index(s, v, final) || try_imm(s, v, final) ||
		                            try_shift(s, v, final)))
			v->cost += penalty;
		else if (try_mask(s, v, final) || (!f.veto && try_modifier(s, v, final)))
			v->cost += penalty;
		else if (!f.veto)
			try_enum(s, v, final);
	} else if (s->w == 1 && f.matter_ok == full) {
		try_enum(s, v, final); /* a single bit with some other effect */
	}
	if (!v->kind && s->w == 1) {
		/* a single bit always gets a verdict: mixed fault / unmodeled / change */
		v->kind = "distinct";
		v->cost = 5;
		if (final)
			sb_puts(&v->details, "\"mixed\":true");
	}
	if (v->kind) {
		v->confidence = confidence(s, &f, typed);
		if (!strcmp(v->kind, "unknown"))
			v->confidence = 0;
		if (final) {
			if (v->details.len)
				sb_puts(&v->details, ",");
			sb_printf(&v->details, "\"values_seen\":%zu,\"faulting\":%zu,"
			          "\"contradicting_runs\":%llu",
			          f.values, f.excluded, (unsigned long long)s->against);
			examples(s, &v->details);
		}
	}
	v->support = f.support;
}
