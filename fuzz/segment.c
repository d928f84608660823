/* segment.c: auto's segmentation heuristic: from one context's survey (seed, single flips,
 * pair flips) it groups target bits into the segments auto then sweeps exhaustively, and finds
 * the conditions (bits that act only once another is flipped) it walks and sweeps under. */
#include <string.h>

#include "isaprobe/strategy.h"

int ip_status_is_noise(enum ip_status s)
{
	return s == IP_STATUS_TIMEOUT || s == IP_STATUS_RUNNER_ERROR;
}

static int noise(const struct ip_outcome *o)
{
	return ip_status_is_noise(o->status);
}

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
	/* "not modeled", "runner failed" and timeouts say nothing about the bits: no grouping */
	if (a->status == IP_STATUS_UNMODELED || noise(a))
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
int ip_auto_interacts(const struct ip_outcome *base, const struct ip_outcome *a,
                      const struct ip_outcome *b, const struct ip_outcome *ab)
{
	int ea = !same(a, base), eb = !same(b, base);
	/* a run that said nothing is no evidence of an interaction */
	if (noise(base) || noise(a) || noise(b) || noise(ab))
		return 0;
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

/* Whether one of bits i and j is a dependent of a condition on the other: walked under it by
 * the condition, not joined to it. */
static int dependent(const struct ip_auto_context_plan *plan, unsigned i, unsigned j)
{
	for (unsigned c = 0; c < plan->nconditions; c++) {
		const struct ip_auto_condition *x = &plan->conditions[c];
		unsigned other = x->bit == i ? j : x->bit == j ? i : ~0u;
		for (unsigned t = 0; t < x->ndependents && other != ~0u; t++)
			if (x->dependents[t] == other)
				return 1;
	}
	return 0;
}

/* Index of pair (i, j), i < j, among the pairs of a survey of `width` bits. */
static size_t pair_index(unsigned width, unsigned i, unsigned j)
{
	return (size_t)i * (2 * width - i - 1) / 2 + (j - i - 1);
}

/* Bits in the group of x (union-find parent). */
static unsigned group_bits(unsigned *parent, unsigned width, unsigned x)
{
	unsigned n = 0, r = find(parent, x);
	for (unsigned i = 0; i < width; i++)
		n += find(parent, i) == r;
	return n;
}

/* A bit whose flip alone faults, beside a bit whose flip changes the ok outcome and with which
 * the pair faults alike: a reserved bit, or the bit of a select whose values next to the
 * seed's are special registers that fault (a value further off, both bits flipped with a
 * third, may run ok). The walk and pairs cannot tell; a sweep of the two together can: the
 * bit joins its neighbour's group, while the group stays within 8 bits. */
static void faulting_neighbours(unsigned width, const ip_word *adjacent,
                                const struct ip_outcome *survey, unsigned *parent)
{
	const struct ip_outcome *base = &survey[0], *walk = &survey[1];
	const struct ip_outcome *pair = &survey[1 + width];
	if (base->status != IP_STATUS_OK)
		return;
	for (unsigned i = 0; i < width; i++) {
		if (walk[i].status != IP_STATUS_FAULT)
			continue;
		for (unsigned side = 0; side < 2; side++) {
			unsigned j = side ? i + 1 : i - 1, lo = side ? i : i - 1;
			const struct ip_outcome *ij;
			if ((!side && i == 0) || (side && i + 1 >= width))
				continue;
			if (adjacent && !(adjacent->w[lo / 64] >> (lo % 64) & 1))
				continue; /* a piece's end: another instruction's bit */
			if (walk[j].status != IP_STATUS_OK || same(&walk[j], base))
				continue;
			ij = &pair[pair_index(width, side ? i : j, side ? j : i)];
			if (ij->status != walk[i].status || ij->fault != walk[i].fault)
				continue;
			if (find(parent, i) != find(parent, j) &&
			    group_bits(parent, width, i) + group_bits(parent, width, j) <= 8)
				join(parent, i, j);
		}
	}
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
	ip_auto_conditions(width, survey, plan);
	for (unsigned i = 0; i < width; i++) {
		parent[i] = i;
		active[i] = !same(&walk[i], base) && !noise(&walk[i]) && !noise(base);
	}
	for (unsigned i = 0; i + 1 < width; i++)
		if ((!adjacent || (adjacent->w[i / 64] >> (i % 64) & 1)) &&
		    same_effect(base, &walk[i], &walk[i + 1]))
			join(parent, i, i + 1);
	for (unsigned i = 0; i < width; i++)
		for (unsigned j = i + 1; j < width; j++, k++)
			if (!dependent(plan, i, j) && ip_auto_interacts(base, &walk[i], &walk[j], &pair[k])) {
				join(parent, i, j);
				active[i] = active[j] = 1;
			}
	faulting_neighbours(width, adjacent, survey, parent);
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

/* Whether a bit flipped beside the enabling one (pair) acts: another ok outcome than the
 * enabling bit's alone, one the runner could not say (a value of the select it enables that
 * the runner does not model: still one of the field's values, walked under it), or a fault
 * (a special register the select reads only then: the survey's faults are settled, repeated
 * after a job known to succeed, campaign/settle.c). */
static int acts_under(const struct ip_outcome *pair, const struct ip_outcome *alone)
{
	return (pair->status == IP_STATUS_OK || pair->status == IP_STATUS_UNMODELED ||
	        pair->status == IP_STATUS_FAULT) &&
	       !same(pair, alone);
}

void ip_auto_conditions(unsigned width, const struct ip_outcome *survey,
                        struct ip_auto_context_plan *plan)
{
	const struct ip_outcome *base = &survey[0], *walk = &survey[1];
	const struct ip_outcome *pair = &survey[1 + width];
	unsigned count[128] = {0};
	plan->nconditions = 0;
	if (width > 128 || base->status != IP_STATUS_OK)
		return;
	for (unsigned b = 0; b < width; b++) {
		if (walk[b].status != IP_STATUS_OK || same(&walk[b], base))
			continue;
		for (unsigned i = 0; i < width; i++) {
			const struct ip_outcome *ib;
			if (i == b || walk[i].status != IP_STATUS_OK || !same(&walk[i], base))
				continue;
			ib = &pair[i < b ? pair_index(width, i, b) : pair_index(width, b, i)];
			if (acts_under(ib, &walk[b]))
				count[b]++;
		}
	}
	while (plan->nconditions < IP_AUTO_MAX_CONDITIONS) {
		unsigned best = 0, bit = 0;
		struct ip_auto_condition *c;
		for (unsigned b = 0; b < width; b++)
			if (count[b] > best) {
				best = count[b];
				bit = b;
			}
		if (!best)
			break;
		count[bit] = 0;
		c = &plan->conditions[plan->nconditions++];
		memset(c, 0, sizeof *c);
		c->bit = bit;
		for (unsigned i = 0; i < width && c->ndependents < IP_AUTO_MAX_DEPENDENTS; i++) {
			const struct ip_outcome *ib;
			if (i == bit || walk[i].status != IP_STATUS_OK || !same(&walk[i], base))
				continue;
			ib = &pair[i < bit ? pair_index(width, i, bit) : pair_index(width, bit, i)];
			if (acts_under(ib, &walk[bit]))
				c->dependents[c->ndependents++] = i;
		}
	}
}

uint64_t ip_auto_condition_count(const struct ip_auto_condition *c)
{
	return (uint64_t)c->ndependents * (c->ndependents - (c->ndependents > 0)) / 2;
}

ip_word ip_auto_condition_variant(const struct ip_auto_condition *c, ip_word seed, uint64_t k)
{
	unsigned i = 0, n = c->ndependents;
	/* the k-th pair (i, j), i < j, of the dependents, in order */
	while (i + 1 < n && k >= n - 1 - i) {
		k -= n - 1 - i;
		i++;
	}
	unsigned bits[3] = {c->bit, c->dependents[i], c->dependents[i + 1 + k]};
	for (unsigned t = 0; t < 3; t++)
		seed.w[bits[t] / 64] ^= UINT64_C(1) << (bits[t] % 64);
	return seed;
}

void ip_auto_segment_condition(unsigned width, const ip_word *adjacent,
                               const struct ip_outcome *survey,
                               const struct ip_outcome *pairs, struct ip_auto_condition *c)
{
	unsigned d = c->ndependents;
	struct ip_outcome sub[1 + IP_AUTO_MAX_DEPENDENTS +
	                      IP_AUTO_MAX_DEPENDENTS * (IP_AUTO_MAX_DEPENDENTS - 1) / 2];
	const struct ip_outcome *pair = &survey[1 + width];
	struct ip_auto_context_plan sp;
	ip_word adj = ip_word_zero();
	size_t k = 0;
	c->nsegments = 0;
	if (!d)
		return;
	/* the survey of the dependents on the background seed ^ bit: that background, each
	 * dependent with the bit (a pair of the survey), the condition's own pairs */
	sub[k++] = survey[1 + c->bit];
	for (unsigned t = 0; t < d; t++) {
		unsigned i = c->dependents[t];
		sub[k++] = pair[i < c->bit ? pair_index(width, i, c->bit) : pair_index(width, c->bit, i)];
		/* neighbours among the dependents: next to each other in the word */
		if (t + 1 < d && c->dependents[t + 1] == i + 1 &&
		    (!adjacent || (adjacent->w[i / 64] >> (i % 64) & 1)))
			adj.w[t / 64] |= UINT64_C(1) << (t % 64);
	}
	for (uint64_t q = 0; q < ip_auto_condition_count(c); q++)
		sub[k++] = pairs[q];
	ip_auto_segment(d, &adj, sub, &sp);
	for (unsigned g = 0; g < sp.nsegments && c->nsegments < IP_AUTO_MAX_DEPENDENTS; g++) {
		struct ip_segment *out = &c->segments[c->nsegments++];
		memset(out, 0, sizeof *out);
		for (unsigned t = 0; t < d; t++)
			if (sp.segments[g].bits.w[t / 64] >> (t % 64) & 1) {
				unsigned i = c->dependents[t];
				out->bits.w[i / 64] |= UINT64_C(1) << (i % 64);
				out->nbits++;
			}
	}
}
