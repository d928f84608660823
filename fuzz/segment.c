/* segment.c: auto's segmentation heuristic: from one context's survey (seed, single flips,
 * pair flips) it groups target bits into the segments auto then sweeps exhaustively. */
#include <string.h>

#include "isaprobe/strategy.h"

static int same(const struct ip_outcome *a, const struct ip_outcome *b)
{
	return a->status == b->status && a->fault == b->fault && a->len == b->len &&
	       (a->len == 0 || memcmp(a->data, b->data, a->len) == 0);
}

/* Whether flipping a and flipping b change the seed's outcome in the same way: the same
 * status and fault, and (both ok) the same output bytes changed. */
static int same_effect(const struct ip_outcome *base, const struct ip_outcome *a,
                       const struct ip_outcome *b)
{
	if (same(a, base) || same(b, base))
		return 0;
	if (a->status != b->status || a->fault != b->fault)
		return 0;
	/* "not modeled" and "runner failed" say nothing about the bits: no grouping on them */
	if (a->status == IP_STATUS_UNMODELED || a->status == IP_STATUS_RUNNER_ERROR)
		return 0;
	if (a->status != IP_STATUS_OK)
		return 1;
	if (a->len != base->len || b->len != base->len)
		return a->len == b->len;
	for (size_t i = 0; i < base->len; i++)
		if ((a->data[i] != base->data[i]) != (b->data[i] != base->data[i]))
			return 0;
	return 1;
}

/* Whether the pair's outcome is what the two flips alone predict: if one flip does nothing,
 * the other's outcome; if both do something to different output bytes, both changes. */
static int interacts(const struct ip_outcome *base, const struct ip_outcome *a,
                     const struct ip_outcome *b, const struct ip_outcome *ab)
{
	int ea = !same(a, base), eb = !same(b, base);
	if (!ea && !eb)
		return !same(ab, base);
	if (!ea)
		return !same(ab, b);
	if (!eb)
		return !same(ab, a);
	if (base->status != IP_STATUS_OK || a->status != IP_STATUS_OK ||
	    b->status != IP_STATUS_OK || ab->status != IP_STATUS_OK)
		return !(same(ab, a) || same(ab, b));
	if (a->len != base->len || b->len != base->len || ab->len != base->len)
		return 1;
	for (size_t i = 0; i < base->len; i++) {
		int ca = a->data[i] != base->data[i], cb = b->data[i] != base->data[i];
		uint8_t want = ca ? a->data[i] : cb ? b->data[i] : base->data[i];
		if ((ca && cb) || ab->data[i] != want)
			return 1;
	}
	return 0;
}

static unsigned find(unsigned *parent, unsigned x)
{
	while (parent[x] != x)
		x = parent[x] = parent[parent[x]];
	return x;
}

static void join(unsigned *parent, unsigned a, unsigned b)
{
	a = find(parent, a);
	b = find(parent, b);
	if (a != b)
		parent[a > b ? a : b] = a < b ? a : b;
}

void ip_auto_segment(unsigned width, const ip_word *adjacent, const struct ip_outcome *survey,
                     struct ip_auto_context_plan *plan)
{
	unsigned parent[128], active[128];
	int seg_of[128];
	const struct ip_outcome *base = &survey[0], *walk = &survey[1];
	const struct ip_outcome *pair = &survey[1 + width];
	size_t k = 0;
	memset(plan, 0, sizeof *plan);
	if (width > 128)
		width = 128;
	for (unsigned i = 0; i < width; i++) {
		parent[i] = i;
		active[i] = !same(&walk[i], base);
	}
	for (unsigned i = 0; i + 1 < width; i++)
		if ((!adjacent || (adjacent->w[i / 64] >> (i % 64) & 1)) &&
		    same_effect(base, &walk[i], &walk[i + 1]))
			join(parent, i, i + 1);
	for (unsigned i = 0; i < width; i++)
		for (unsigned j = i + 1; j < width; j++, k++)
			if (interacts(base, &walk[i], &walk[j], &pair[k])) {
				join(parent, i, j);
				active[i] = active[j] = 1;
			}
	for (unsigned i = 0; i < width; i++)
		seg_of[i] = -1;
	for (unsigned i = 0; i < width; i++) {
		unsigned r = find(parent, i);
		struct ip_segment *g;
		if (!active[i])
			continue;
		if (seg_of[r] < 0)
			seg_of[r] = (int)plan->nsegments++;
		g = &plan->segments[seg_of[r]];
		g->bits.w[i / 64] |= UINT64_C(1) << (i % 64);
		g->nbits++;
	}
}
