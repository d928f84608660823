/* test_strategy.c: every strategy's variant count and order worked out by hand, budgets,
 * the exhaustive size limit, determinism from the seed, and auto's segmentation heuristic
 * (faulting bits beside a select joined to it). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "isaprobe/strategy.h"

static struct ip_strategy *make(enum ip_strategy_kind k, unsigned width, unsigned nctx,
                                uint64_t budget, uint64_t seed,
                                const struct ip_auto_context_plan *plans)
{
	static ip_word seeds[8];
	struct ip_strategy_params p = {0};
	struct ip_strategy *s = NULL;
	struct ip_diag d;
	for (unsigned c = 0; c < 8; c++) {
		seeds[c] = ip_word_zero();
		seeds[c].w[0] = c == 1 ? 0x5 : 0; /* context 1 has bits 0 and 2 set in its seed */
	}
	p.kind = k;
	p.width = width;
	p.ncontexts = nctx;
	p.seed_values = seeds;
	p.budget = budget;
	p.seed = seed;
	p.plans = plans;
	if (ip_strategy_new(&p, &s, &d) != 0)
		fprintf(stderr, "strategy: %s\n", d.msg);
	return s;
}

/* All variants of a strategy (at most max), as an array. */
static size_t all(struct ip_strategy *s, struct ip_variant *out, size_t max)
{
	size_t n = 0;
	struct ip_variant v;
	while (ip_strategy_next(s, &v)) {
		if (n < max)
			out[n] = v;
		n++;
	}
	return n;
}

static struct ip_variant buf[5000], buf2[5000];

static void test_walk_pairs_exhaustive(void)
{
	struct ip_strategy *s = make(IP_STRATEGY_WALK, 26, 2, 0, 0, NULL);
	size_t n = all(s, buf, 5000);
	CHECK(n == 54 && ip_strategy_total(s) == 54, "walk: %zu, expected 2 x 27", n);
	CHECK(buf[0].context == 0 && buf[0].value.w[0] == 0, "walk starts with the seed");
	CHECK(buf[1].value.w[0] == 1 && buf[26].value.w[0] == UINT64_C(1) << 25, "walk bits");
	CHECK(buf[27].context == 1 && buf[27].value.w[0] == 5 && buf[28].value.w[0] == 4 &&
	      buf[30].value.w[0] == 1 && buf[31].value.w[0] == 0xD,
	      "context 1 flips bits of its own seed 0x5");
	ip_strategy_free(s);

	s = make(IP_STRATEGY_PAIRS, 5, 1, 0, 0, NULL);
	n = all(s, buf, 5000);
	CHECK(n == 11, "pairs of 5 bits: 1 + 10, got %zu", n);
	CHECK(buf[1].value.w[0] == 0x3 && buf[2].value.w[0] == 0x5 && buf[4].value.w[0] == 0x11 &&
	      buf[5].value.w[0] == 0x6 && buf[10].value.w[0] == 0x18,
	      "pairs order (0,1) (0,2) .. (0,4) (1,2) .. (3,4)");
	ip_strategy_free(s);

	s = make(IP_STRATEGY_EXHAUSTIVE, 4, 2, 0, 0, NULL);
	n = all(s, buf, 5000);
	CHECK(n == 32, "exhaustive 2 x 16, got %zu", n);
	CHECK(buf[15].value.w[0] == 15 && buf[16].context == 1 && buf[16].value.w[0] == 0,
	      "exhaustive order");
	ip_strategy_free(s);

	/* Budget 10 over 3 contexts: 4, 3 and 3 variants. */
	s = make(IP_STRATEGY_EXHAUSTIVE, 4, 3, 10, 0, NULL);
	n = all(s, buf, 5000);
	CHECK(n == 10 && buf[3].context == 0 && buf[4].context == 1 && buf[7].context == 2 &&
	      buf[6].value.w[0] == 2, "budget split 4/3/3");
	ip_strategy_free(s);
}

static void test_exhaustive_limit(void)
{
	struct ip_strategy_params p = {0};
	struct ip_strategy *s = NULL;
	struct ip_diag d;
	ip_word seed = ip_word_zero();
	p.kind = IP_STRATEGY_EXHAUSTIVE;
	p.width = 25;
	p.ncontexts = 1;
	p.seed_values = &seed;
	CHECK(ip_strategy_new(&p, &s, &d) != 0 && strstr(d.msg, "--force"),
	      "25 bits refused without force: %s", d.msg);
	p.force = 1;
	CHECK(ip_strategy_new(&p, &s, &d) == 0 && ip_strategy_total(s) == UINT64_C(1) << 25,
	      "25 bits forced");
	ip_strategy_free(s);
	p.width = 64;
	CHECK(ip_strategy_new(&p, &s, &d) != 0, "64 bits refused even forced");
	p.width = 24;
	p.force = 0;
	CHECK(ip_strategy_new(&p, &s, &d) == 0, "24 bits allowed");
	ip_strategy_free(s);
}

static void test_random(void)
{
	struct ip_strategy *a = make(IP_STRATEGY_RANDOM, 12, 1, 100, 42, NULL);
	struct ip_strategy *b = make(IP_STRATEGY_RANDOM, 12, 1, 100, 42, NULL);
	struct ip_strategy *c = make(IP_STRATEGY_RANDOM, 12, 1, 100, 43, NULL);
	size_t na = all(a, buf, 5000), nb = all(b, buf2, 5000), differ = 0, big = 0;
	CHECK(na == 100 && nb == 100, "random budget 100: %zu", na);
	CHECK(memcmp(buf, buf2, sizeof buf[0] * 100) == 0, "same seed, same variants");
	CHECK(buf[0].value.w[0] == 0, "random starts with the seed");
	all(c, buf2, 5000);
	for (int i = 1; i < 100; i++) {
		differ += buf[i].value.w[0] != buf2[i].value.w[0];
		big += buf[i].value.w[0] >> 12 != 0 || buf[i].value.w[1] != 0;
	}
	CHECK(differ > 90, "another seed gives other values (%zu of 99 differ)", differ);
	CHECK(big == 0, "random values stay within 12 bits");
	ip_strategy_free(a);
	ip_strategy_free(b);
	ip_strategy_free(c);
	a = make(IP_STRATEGY_RANDOM, 12, 2, 0, 1, NULL);
	CHECK(ip_strategy_total(a) == 2 * IP_RANDOM_DEFAULT_PER_CONTEXT, "random default count");
	ip_strategy_free(a);
}

static struct ip_auto_context_plan plan10(void)
{
	struct ip_auto_context_plan p;
	memset(&p, 0, sizeof p);
	p.nsegments = 2;
	p.segments[0].bits.w[0] = 0xF;  /* bits 0-3 */
	p.segments[0].nbits = 4;
	p.segments[1].bits.w[0] = 0x3E0; /* bits 5-9 */
	p.segments[1].nbits = 5;
	return p;
}

static int distinct_values(const struct ip_variant *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++)
			if (v[i].context == v[j].context && ip_word_eq(&v[i].value, &v[j].value))
				return 0;
	return 1;
}

static void test_auto(void)
{
	struct ip_auto_context_plan plan = plan10();
	struct ip_strategy *s = make(IP_STRATEGY_AUTO, 10, 1, 0, 0, &plan);
	size_t n = all(s, buf, 5000);
	/* survey 1 + 10 + 45 = 56; segment 0-3: 16 - 1 - 4 - 6 = 5 values with 3 or 4 of its
	 * bits flipped; segment 5-9: 32 - 1 - 5 - 10 = 16. */
	CHECK(n == 77 && ip_strategy_total(s) == 77, "auto: %zu, expected 77", n);
	CHECK(buf[56].value.w[0] == 0x7 && buf[57].value.w[0] == 0xB && buf[58].value.w[0] == 0xD &&
	      buf[59].value.w[0] == 0xE && buf[60].value.w[0] == 0xF,
	      "sweep of bits 0-3: 7 B D E F, got %llx %llx", (unsigned long long)buf[56].value.w[0],
	      (unsigned long long)buf[57].value.w[0]);
	CHECK(buf[61].value.w[0] == 0xE0 && buf[76].value.w[0] == 0x3E0, "sweep of bits 5-9");
	CHECK(distinct_values(buf, n), "auto never repeats a variant");
	ip_strategy_free(s);

	/* Budget 66: 10 beyond the survey, shared smallest first: 5 (all of 0-3), then 5 of 5-9's
	 * 16, sampled. */
	s = make(IP_STRATEGY_AUTO, 10, 1, 66, 9, &plan);
	n = all(s, buf, 5000);
	CHECK(n == 66, "auto budget 66: %zu", n);
	CHECK(buf[60].value.w[0] == 0xF, "segment 0-3 in full");
	{
		int ok = 1;
		for (size_t i = 61; i < 66; i++) {
			uint64_t v = buf[i].value.w[0];
			ok &= (v & ~UINT64_C(0x3E0)) == 0 && __builtin_popcountll(v) >= 3;
		}
		CHECK(ok, "samples of 5-9 flip 3 or more of its bits and nothing else");
	}
	CHECK(distinct_values(buf, n), "samples are distinct");
	{
		struct ip_strategy *t = make(IP_STRATEGY_AUTO, 10, 1, 66, 9, &plan);
		all(t, buf2, 5000);
		CHECK(memcmp(buf, buf2, 66 * sizeof buf[0]) == 0, "auto is deterministic");
		ip_strategy_free(t);
	}
	ip_strategy_free(s);

	/* A budget below the survey: the seed, the walk, then the first pairs. */
	s = make(IP_STRATEGY_AUTO, 10, 1, 30, 0, &plan);
	n = all(s, buf, 5000);
	/* pairs (0,1)..(0,9) at 11-19, (1,2)..(1,9) at 20-27, (2,3) at 28, (2,4) at 29 */
	CHECK(n == 30 && buf[11].value.w[0] == 0x3 && buf[28].value.w[0] == 0x0C &&
	      buf[29].value.w[0] == 0x14,
	      "auto budget 30: %zu, last %llx", n, (unsigned long long)buf[29].value.w[0]);
	ip_strategy_free(s);
}

static struct ip_outcome ok2(uint8_t *store, uint8_t b0, uint8_t b1)
{
	struct ip_outcome o = {IP_STATUS_OK, 0, store, 2};
	store[0] = b0;
	store[1] = b1;
	return o;
}

static void test_segment(void)
{
	/* Width 4: bits 0 and 1 both change byte 0 (and together not as predicted), bit 2 does
	 * nothing, bit 3 faults. Survey order: seed, walk 0-3, pairs 01 02 03 12 13 23. */
	uint8_t st[11][2];
	struct ip_outcome o[11], fault = {IP_STATUS_FAULT, 4, NULL, 0};
	struct ip_auto_context_plan plan;
	o[0] = ok2(st[0], 0, 0);
	o[1] = ok2(st[1], 1, 0);
	o[2] = ok2(st[2], 2, 0);
	o[3] = ok2(st[3], 0, 0);
	o[4] = fault;
	o[5] = ok2(st[5], 3, 0); /* 0+1 */
	o[6] = ok2(st[6], 1, 0); /* 0+2 */
	o[7] = fault;            /* 0+3 */
	o[8] = ok2(st[8], 2, 0); /* 1+2 */
	o[9] = fault;            /* 1+3 */
	o[10] = fault;           /* 2+3 */
	ip_auto_segment(4, NULL, o, &plan);
	CHECK(plan.nsegments == 2 && plan.segments[0].bits.w[0] == 0x3 &&
	      plan.segments[1].bits.w[0] == 0x8, "segments {0,1} {3}: %u, %llx %llx",
	      plan.nsegments, (unsigned long long)plan.segments[0].bits.w[0],
	      (unsigned long long)plan.segments[1].bits.w[0]);

	/* Bits 0 and 1 change different bytes and add up: two segments. Bits 2 and 3 do nothing
	 * alone but something together: one segment. */
	o[1] = ok2(st[1], 1, 0);
	o[2] = ok2(st[2], 0, 1);
	o[4] = ok2(st[4], 0, 0);
	o[5] = ok2(st[5], 1, 1);
	o[7] = ok2(st[7], 1, 0);
	o[8] = ok2(st[8], 0, 1);
	o[9] = ok2(st[9], 0, 1);
	o[10] = ok2(st[10], 9, 9);
	ip_auto_segment(4, NULL, o, &plan);
	CHECK(plan.nsegments == 3 && plan.segments[0].bits.w[0] == 0x1 &&
	      plan.segments[1].bits.w[0] == 0x2 && plan.segments[2].bits.w[0] == 0xC,
	      "segments {0} {1} {2,3}: %u", plan.nsegments);

	/* Every bit alone gives the same fault and pairs give it too: neighbours in the word join
	 * ({0,1} and {2,3} with bit 1 and bit 2 in different words); "unmodeled" joins nothing. */
	for (int i = 1; i < 11; i++)
		o[i] = fault;
	{
		ip_word adj = ip_word_zero();
		adj.w[0] = 0x5; /* 0-1 and 2-3 are neighbours, 1-2 are not */
		ip_auto_segment(4, &adj, o, &plan);
		CHECK(plan.nsegments == 2 && plan.segments[0].bits.w[0] == 0x3 &&
		      plan.segments[1].bits.w[0] == 0xC, "segments {0,1} {2,3}: %u", plan.nsegments);
		for (int i = 1; i < 11; i++)
			o[i].status = IP_STATUS_UNMODELED;
		ip_auto_segment(4, &adj, o, &plan);
		CHECK(plan.nsegments == 4 && plan.segments[3].bits.w[0] == 0x8,
		      "unmodeled: four single-bit segments, got %u", plan.nsegments);
	}
}

/* Survey index of pair (i, j), i < j, of width w. */
static size_t survey_pair(unsigned w, unsigned i, unsigned j)
{
	size_t at = 1 + w;
	for (unsigned a = 0; a < i; a++)
		at += w - 1 - a;
	return at + (j - i - 1);
}

/* A bit whose flip alone faults beside one that changes the ok outcome, their pair faulting
 * alike: a reserved bit or a select's bit next to special registers, swept with its neighbour
 * (joined), unless the pair faults otherwise or the segment would pass 8 bits. */
static void test_faulting_neighbours(void)
{
	static uint8_t st[46][2];
	struct ip_outcome o[46], fault = {IP_STATUS_FAULT, 0x48, NULL, 0};
	struct ip_auto_context_plan plan;
	/* width 3: bit 0 changes byte 0, bit 1 byte 1 (they compose), bit 2 faults */
	o[0] = ok2(st[0], 0, 0);
	o[1] = ok2(st[1], 1, 0);
	o[2] = ok2(st[2], 0, 1);
	o[3] = fault;
	o[survey_pair(3, 0, 1)] = ok2(st[4], 1, 1);
	o[survey_pair(3, 0, 2)] = fault;
	o[survey_pair(3, 1, 2)] = fault;
	ip_auto_segment(3, NULL, o, &plan);
	CHECK(plan.nsegments == 2 && plan.segments[0].bits.w[0] == 0x1 &&
	      plan.segments[1].bits.w[0] == 0x6, "segments {0} {1,2}: %u, %llx %llx",
	      plan.nsegments, (unsigned long long)plan.segments[0].bits.w[0],
	      (unsigned long long)plan.segments[1].bits.w[0]);
	/* the pair runs as bit 1 alone (no interaction, no fault alike): not joined */
	o[survey_pair(3, 1, 2)] = ok2(st[5], 0, 1);
	ip_auto_segment(3, NULL, o, &plan);
	CHECK(plan.nsegments == 3, "pair as bit 1 alone: three segments, got %u", plan.nsegments);
	/* bit 2 is another instruction's (not adjacent to bit 1): not joined */
	o[survey_pair(3, 1, 2)] = fault;
	{
		ip_word adj = ip_word_zero();
		adj.w[0] = 0x1; /* 0-1 neighbours, 1-2 not */
		ip_auto_segment(3, &adj, o, &plan);
		CHECK(plan.nsegments == 3, "across instructions: three segments, got %u",
		      plan.nsegments);
	}
	/* width 9: bits 0-7 alike (one segment of 8), bit 8 faults, alike with bit 7: 8 + 1 bits
	 * would pass 8, not joined */
	o[0] = ok2(st[0], 0, 0);
	for (unsigned i = 0; i < 8; i++)
		o[1 + i] = ok2(st[1 + i], 1, 0);
	o[9] = fault;
	for (unsigned i = 0; i < 9; i++)
		for (unsigned j = i + 1; j < 9; j++)
			o[survey_pair(9, i, j)] = j == 8 ? fault : ok2(st[survey_pair(9, i, j)], 1, 0);
	ip_auto_segment(9, NULL, o, &plan);
	CHECK(plan.nsegments == 2 && plan.segments[0].bits.w[0] == 0xFF &&
	      plan.segments[1].bits.w[0] == 0x100, "segments {0-7} {8}: %u, %llx", plan.nsegments,
	      (unsigned long long)plan.segments[0].bits.w[0]);
}

static void test_conditions(void)
{
	/* Width 5: bit 4 is a mode bit (it changes byte 1 to 9); bits 0-2 do nothing at the seed
	 * but change byte 0 under bit 4 (they depend on it); bit 3 does nothing ever. */
	enum { W = 5, N = 1 + W + W * (W - 1) / 2 };
	uint8_t st[N][2], ps[3][2];
	struct ip_outcome o[N], pairs[3];
	struct ip_auto_context_plan plan;
	memset(&plan, 0, sizeof plan);
	for (unsigned i = 0; i < N; i++)
		o[i] = ok2(st[i], 0, 0);
	o[1 + 4] = ok2(st[1 + 4], 0, 9);
	for (unsigned i = 0; i < 4; i++)
		o[survey_pair(W, i, 4)] = ok2(st[survey_pair(W, i, 4)], i < 3 ? (uint8_t)(i + 1) : 0, 9);
	ip_auto_conditions(W, o, &plan);
	CHECK(plan.nconditions == 1 && plan.conditions[0].bit == 4 &&
	      plan.conditions[0].ndependents == 3 && plan.conditions[0].dependents[0] == 0 &&
	      plan.conditions[0].dependents[2] == 2,
	      "one condition, bit 4, dependents 0-2: %u conditions", plan.nconditions);
	if (plan.nconditions != 1)
		return;
	CHECK(ip_auto_condition_count(&plan.conditions[0]) == 3, "3 pairs of dependents");
	{
		ip_word seed = ip_word_zero(), v;
		seed.w[0] = 0x8;
		v = ip_auto_condition_variant(&plan.conditions[0], seed, 0);
		CHECK(v.w[0] == 0x1B, "pair (0,1) under bit 4 from seed 0x8: %llx",
		      (unsigned long long)v.w[0]);
		v = ip_auto_condition_variant(&plan.conditions[0], seed, 2);
		CHECK(v.w[0] == 0x1E, "pair (1,2) under bit 4: %llx", (unsigned long long)v.w[0]);
	}
	/* under bit 4, bits 0 and 1 are one field (1 + 2 gives 7, not 3: they do not add up) and
	 * bit 2 another (it changes byte 1, and adds to either) */
	o[survey_pair(W, 2, 4)] = ok2(st[survey_pair(W, 2, 4)], 0, 5);
	pairs[0] = ok2(ps[0], 7, 9); /* 0+1 */
	pairs[1] = ok2(ps[1], 1, 5); /* 0+2 */
	pairs[2] = ok2(ps[2], 2, 5); /* 1+2 */
	ip_auto_segment_condition(W, NULL, o, pairs, &plan.conditions[0]);
	CHECK(plan.conditions[0].nsegments == 2 && plan.conditions[0].segments[0].bits.w[0] == 0x3 &&
	      plan.conditions[0].segments[1].bits.w[0] == 0x4,
	      "segments {0,1} {2} under bit 4: %u", plan.conditions[0].nsegments);

	/* auto sweeps them under the condition: the survey (16), the condition's pairs (3), then
	 * the segment 0-1 with bit 4 set has nothing left beyond its pairs; a plan with the one
	 * condition only adds its 3 pairs */
	{
		struct ip_strategy *s;
		struct ip_auto_context_plan p2 = plan;
		size_t n;
		p2.nsegments = 0;
		s = make(IP_STRATEGY_AUTO, W, 1, 0, 0, &p2);
		n = all(s, buf, 5000);
		CHECK(n == N + 3 && buf[N].value.w[0] == 0x13 && buf[N + 2].value.w[0] == 0x16,
		      "auto with a condition: %zu variants, the pairs under bit 4 after the survey", n);
		CHECK(distinct_values(buf, n), "no variant twice");
		ip_strategy_free(s);
	}
	/* a bit that changes nothing under any other bit is no condition; runs that said nothing
	 * are no evidence */
	for (unsigned i = 0; i < N; i++)
		o[i] = ok2(st[i], 0, 0);
	o[1 + 4] = ok2(st[1 + 4], 0, 9);
	for (unsigned i = 0; i < 4; i++)
		o[survey_pair(W, i, 4)] = (struct ip_outcome){IP_STATUS_TIMEOUT, 0, NULL, 0};
	ip_auto_conditions(W, o, &plan);
	CHECK(plan.nconditions == 0, "timeouts make no condition: %u", plan.nconditions);
}

int main(void)
{
	test_walk_pairs_exhaustive();
	test_exhaustive_limit();
	test_random();
	test_auto();
	test_segment();
	test_faulting_neighbours();
	test_conditions();
	return check_report("test_strategy");
}
