/* infer_near.c: a context's variants bucketed by the lowest and highest bit in which their
 * value differs from the seed, so that looking at a few bits reads only the variants near the
 * seed there (a random campaign's variants are almost all far); which single-bit neighbours of
 * each variant were run; and which variants a context keeps once analysed. */
#include <stdlib.h>
#include <string.h>

#include "infer_data.h"
#include "isaprobe/word.h"

/* Bucket 0: the seed itself; 1: values with bits beyond the region; 2 + 64 * lo + hi: values
 * differing from the seed in bits lo (the lowest) to hi (the highest). */
#define NEAR_SEED 0
#define NEAR_BEYOND 1
#define NEAR_BUCKETS (2 + 64 * 64)

static uint64_t region(const struct inf_data *data)
{
	return ip_mask64(data->width);
}

static size_t bucket(uint64_t full, uint64_t seed, uint64_t value)
{
	uint64_t dv = (value ^ seed) & full;
	if (value & ~full)
		return NEAR_BEYOND;
	if (!dv)
		return NEAR_SEED;
	return 2 + 64 * (size_t)__builtin_ctzll(dv) + (size_t)(63 - __builtin_clzll(dv));
}

/* How many values lie in the window [v, v + 2^b) after each value v (ascending, distinct):
 * what finding the pairs of bits below b among them costs. */
static size_t in_windows(const uint64_t *values, size_t n, unsigned b)
{
	size_t work = 0;
	for (size_t i = 0, j = 0; i < n; i++) {
		if (j <= i)
			j = i + 1;
		while (j < n && values[j] - values[i] < (UINT64_C(1) << b))
			j++;
		work += j - i - 1;
	}
	return work;
}

/* flip[i] |= 2^b for every two values (ascending, distinct) that differ in bit b alone, b <
 * width. Two values differing in bit b alone lie 2^b apart: those of the low bits, closer than
 * 2^lowb, are found among each value's next few; those of a higher bit b share the bits above
 * b, so that each run of values with the same bits above b holds the values with bit b clear,
 * then those with it set, each ascending: merged side by side. */
static void flips(const uint64_t *values, size_t n, unsigned width, uint64_t *flip)
{
	unsigned lowb = 0;
	/* the low bits: as many as keep the windows' values to four a value on average */
	while (lowb < width && lowb < 62 && in_windows(values, n, lowb + 1) <= 4 * n)
		lowb++;
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n && values[j] - values[i] < (UINT64_C(1) << lowb); j++) {
			uint64_t d = values[i] ^ values[j];
			if (!(d & (d - 1))) {
				flip[i] |= d;
				flip[j] |= d;
			}
		}
	for (unsigned b = lowb; b < width; b++) {
		uint64_t m = UINT64_C(1) << b;
		for (size_t g = 0, e, s; g < n; g = e) {
			uint64_t high = b == 63 ? 0 : values[g] >> (b + 1);
			for (e = g; e < n && (b == 63 ? 0 : values[e] >> (b + 1)) == high; e++)
				;
			for (s = g; s < e && !(values[s] & m); s++)
				;
			for (size_t i = g, j = s; i < s && j < e;) {
				uint64_t x = values[i] | m, y = values[j];
				if (x == y) {
					flip[i] |= m;
					flip[j] |= m;
				}
				i += x <= y;
				j += y <= x;
			}
		}
	}
}

void inf_near_index(const struct inf_data *data, struct inf_context *c)
{
	uint64_t full = region(data), *values;
	size_t *next;
	free(c->near);
	free(c->near_at);
	c->near_at = calloc(NEAR_BUCKETS + 1, sizeof *c->near_at);
	c->near = malloc((c->nv + 1) * sizeof *c->near);
	next = malloc(NEAR_BUCKETS * sizeof *next);
	if (!c->near_at || !c->near || !next)
		abort();
	for (size_t i = 0; i < c->nv; i++)
		c->near_at[bucket(full, c->seed, c->v[i].value) + 1]++;
	for (size_t b = 0; b < NEAR_BUCKETS; b++)
		c->near_at[b + 1] += c->near_at[b];
	memcpy(next, c->near_at, NEAR_BUCKETS * sizeof *next);
	for (size_t i = 0; i < c->nv; i++)
		c->near[next[bucket(full, c->seed, c->v[i].value)]++] = (uint32_t)i;
	free(next);
	free(c->flips);
	c->flips = calloc(c->nv + 1, sizeof *c->flips);
	values = malloc((c->nv + 1) * sizeof *values);
	if (!c->flips || !values)
		abort();
	for (size_t i = 0; i < c->nv; i++)
		values[i] = c->v[i].value;
	flips(values, c->nv, data->width, c->flips);
	free(values);
}

static int cmp_pos(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

/* Appends bucket b's positions to p at *n. */
static void take(const struct inf_context *c, size_t from, size_t to, uint32_t *p, size_t *n)
{
	memcpy(p + *n, c->near + c->near_at[from], (c->near_at[to] - c->near_at[from]) * sizeof *p);
	*n += c->near_at[to] - c->near_at[from];
}

size_t inf_near(const struct inf_data *data, const struct inf_context *c, uint64_t bits,
                uint32_t **pos)
{
	unsigned lo = 0, hi = 0;
	size_t n, k = 0;
	uint32_t *p;
	*pos = NULL;
	if (!c->near)
		return c->nv;
	bits &= region(data);
	if (bits) {
		lo = (unsigned)__builtin_ctzll(bits);
		hi = 63 - (unsigned)__builtin_clzll(bits);
	}
	/* the seed, the values beyond the region, and for each lowest bit l in [lo, hi] the
	 * buckets (l, l) to (l, hi), which lie side by side */
	n = c->near_at[NEAR_BEYOND + 1] - c->near_at[NEAR_SEED];
	for (unsigned l = lo; bits && l <= hi; l++)
		n += c->near_at[2 + 64 * l + hi + 1] - c->near_at[2 + 64 * l + l];
	if (16 * n > c->nv)
		return c->nv; /* many of them: reading them all in order costs less than sorting */
	p = malloc((n + 1) * sizeof *p);
	if (!p)
		abort();
	take(c, NEAR_SEED, NEAR_BEYOND + 1, p, &k);
	for (unsigned l = lo; bits && l <= hi; l++)
		take(c, 2 + 64 * l + l, 2 + 64 * l + hi + 1, p, &k);
	qsort(p, n, sizeof *p, cmp_pos);
	*pos = p;
	return n;
}

void inf_keep_variants(struct inf_context *c, uint64_t seed, const struct inf_findings *f)
{
	size_t kept = 0;
	free(c->near);
	free(c->near_at);
	free(c->flips);
	c->near = NULL;
	c->near_at = NULL;
	c->flips = NULL;
	for (size_t i = 0; i < c->nv && f; i++) {
		int keep = 0;
		for (size_t j = 0; j < f->n && !keep; j++) {
			const struct inf_finding *g = &f->f[j];
			uint64_t mask = ip_mask64(g->w) << g->a;
			keep = g->context == c->idx && (c->v[i].value & ~mask) == (seed & ~mask);
		}
		if (keep)
			c->v[kept++] = c->v[i];
	}
	c->nv = kept;
	if (!kept) {
		free(c->v);
		c->v = NULL;
	} else {
		struct inf_variant *v = realloc(c->v, kept * sizeof *v);
		if (v)
			c->v = v;
	}
}
