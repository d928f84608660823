/* test_infer_near.c: the index inference reads a context's variants through (infer/
 * infer_near.c), against a brute force over random value sets: sparse and dense, near a seed
 * and spread over regions of 1 to 64 bits, with values beyond the region. inf_near gives every
 * variant that may differ from the seed only in the bits asked, in value order; the flips name
 * exactly the single-bit neighbours that were run; inf_keep_variants keeps exactly those a
 * finding's bits (at the seed) reach. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "infer/infer_data.h"

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

static uint64_t mask_of(unsigned w)
{
	return w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
}

/* A random context: n distinct values, each the seed with a few random bits flipped (near),
 * a random value of the region (far), or one beyond it. */
static void draw(uint64_t *rng, unsigned width, size_t n, struct inf_context *c)
{
	uint64_t full = mask_of(width), *vals = calloc(n + 1, sizeof *vals);
	size_t k = 0;
	if (!vals)
		abort();
	memset(c, 0, sizeof *c);
	c->seed = test_rand(rng) & full;
	for (size_t i = 0; i < n; i++) {
		uint64_t r = test_rand(rng), v = c->seed;
		switch (r % 8) {
		case 0: case 1: case 2: /* near: up to three flips within a window */
			for (unsigned f = 0; f < 1 + (r >> 8) % 3; f++)
				v ^= UINT64_C(1) << (test_rand(rng) % width);
			break;
		case 3:
			v = width < 64 ? c->seed | UINT64_C(1) << (width + (r >> 8) % (64 - width)) : v;
			break;
		default:
			v = test_rand(rng) & full;
		}
		vals[k++] = v;
	}
	qsort(vals, k, sizeof *vals, cmp_u64);
	c->v = calloc(k + 1, sizeof *c->v);
	if (!c->v)
		abort();
	for (size_t i = 0; i < k; i++)
		if (!c->nv || c->v[c->nv - 1].value != vals[i])
			c->v[c->nv++].value = vals[i];
	free(vals);
}

static void one(uint64_t *rng, unsigned width, size_t n)
{
	struct inf_data data;
	struct inf_context c;
	uint64_t full = mask_of(width);
	memset(&data, 0, sizeof data);
	data.width = width;
	draw(rng, width, n, &c);
	inf_near_index(&data, &c);
	/* the flips: exactly the neighbours run */
	for (size_t i = 0; i < c.nv; i++) {
		uint64_t want = 0;
		for (unsigned b = 0; b < width; b++)
			if (inf_find(&c, c.v[i].value ^ (UINT64_C(1) << b)))
				want |= UINT64_C(1) << b;
		CHECK(c.flips[i] == want, "width %u, %zu values: value 0x%llx flips 0x%llx, want 0x%llx",
		      width, c.nv, (unsigned long long)c.v[i].value, (unsigned long long)c.flips[i],
		      (unsigned long long)want);
	}
	/* inf_near: a superset of the variants within the bits asked, ascending */
	for (unsigned q = 0; q < 16; q++) {
		unsigned a = (unsigned)(test_rand(rng) % width);
		unsigned w = 1 + (unsigned)(test_rand(rng) % (width - a));
		uint64_t bits = mask_of(w) << a, *in;
		uint32_t *pos;
		size_t got, k = 0, missing = 0;
		if (q % 4 == 3) /* a background with another bit flipped */
			bits |= UINT64_C(1) << (test_rand(rng) % width);
		got = inf_near(&data, &c, bits, &pos);
		in = calloc(c.nv + 1, sizeof *in);
		if (!in)
			abort();
		for (size_t i = 0; i < got; i++) {
			size_t at = pos ? pos[i] : i;
			CHECK(at < c.nv && (i == 0 || at > (pos ? pos[i - 1] : i - 1)),
			      "inf_near: position %zu out of order", at);
			if (at < c.nv)
				in[at] = 1;
		}
		for (size_t i = 0; i < c.nv; i++) {
			uint64_t v = c.v[i].value;
			if (((v & ~full) || !((v ^ c.seed) & full & ~bits)) && !in[i])
				missing++;
			k += in[i];
		}
		CHECK(missing == 0, "width %u, bits 0x%llx: %zu variants within them not given",
		      width, (unsigned long long)bits, missing);
		CHECK(k == got, "inf_near: %zu positions, %zu distinct", got, k);
		free(in);
		free(pos);
	}
	/* inf_keep_variants: those a finding reaches from the seed, in order */
	{
		struct inf_finding f[2];
		struct inf_findings fs = {f, 2, 2};
		struct inf_variant *before = malloc((c.nv + 1) * sizeof *before);
		size_t nbefore = c.nv, kept = 0;
		if (!before)
			abort();
		memcpy(before, c.v, c.nv * sizeof *before);
		memset(f, 0, sizeof f);
		for (int i = 0; i < 2; i++) {
			f[i].a = (unsigned)(test_rand(rng) % width);
			f[i].w = 1 + (unsigned)(test_rand(rng) % (width - f[i].a < 8 ? width - f[i].a : 8));
			f[i].context = (unsigned)i; /* the second is another context's */
		}
		inf_keep_variants(&c, c.seed, &fs);
		CHECK(!c.near && !c.flips, "inf_keep_variants leaves the index");
		for (size_t i = 0; i < nbefore; i++) {
			uint64_t m = mask_of(f[0].w) << f[0].a;
			if ((before[i].value & ~m) != (c.seed & ~m))
				continue;
			CHECK(kept < c.nv && c.v[kept].value == before[i].value,
			      "inf_keep_variants: 0x%llx not kept in order", (unsigned long long)before[i].value);
			kept++;
		}
		CHECK(kept == c.nv, "inf_keep_variants kept %zu, want %zu", c.nv, kept);
		free(before);
	}
	free(c.v);
	free(c.near);
	free(c.near_at);
	free(c.flips);
}

int main(void)
{
	uint64_t rng = test_seed(1);
	unsigned rounds = (unsigned)test_scaled(60);
	static const unsigned widths[] = {1, 2, 5, 8, 13, 20, 26, 31, 40, 63, 64};
	for (unsigned r = 0; r < rounds; r++) {
		unsigned width = widths[r % (sizeof widths / sizeof widths[0])];
		/* sparse over wide regions, dense (every value) over narrow ones */
		size_t n = 1 + (size_t)(test_rand(&rng) % (r % 3 == 0 ? 40 : 1500));
		if (width <= 10 && r % 2)
			n = (size_t)4 << width;
		one(&rng, width, n);
	}
	return check_report("test_infer_near");
}
