/* strategy.c: enumerates the variants of every strategy, context after context, in an order
 * fixed by the parameters alone (the seed included), so that a cursor names a position. */
#include <stdlib.h>
#include <string.h>

#include "isaprobe/internal/probe.h"
#include "isaprobe/internal/strategy.h"

static const char *const names[IP_STRATEGY_COUNT] = {
	[IP_STRATEGY_WALK] = "walk",         [IP_STRATEGY_PAIRS] = "pairs",
	[IP_STRATEGY_EXHAUSTIVE] = "exhaustive", [IP_STRATEGY_RANDOM] = "random",
	[IP_STRATEGY_AUTO] = "auto",
};

const char *ip_strategy_name(enum ip_strategy_kind k)
{
	return (unsigned)k < IP_STRATEGY_COUNT ? names[k] : "?";
}

int ip_strategy_parse(const char *name, enum ip_strategy_kind *k)
{
	for (unsigned i = 0; i < IP_STRATEGY_COUNT; i++)
		if (strcmp(name, names[i]) == 0) {
			*k = (enum ip_strategy_kind)i;
			return 0;
		}
	return -1;
}

uint64_t ip_auto_survey_count(unsigned width)
{
	return 1 + (uint64_t)width + (uint64_t)width * (width - 1) / 2;
}

/* Auto's sweeps per context: the plan's segments, then each condition's (at most). */
#define SWEEPS (128 + IP_AUTO_MAX_CONDITIONS * IP_AUTO_MAX_DEPENDENTS)

struct ip_strategy {
	struct ip_strategy_params p;
	ip_word *seeds;
	struct ip_auto_context_plan *plans;
	uint64_t *per_ctx;  /* variants of each context */
	uint64_t *survey;   /* auto: survey variants of each context (may be truncated) */
	uint64_t *cond;     /* auto: the conditions' own variants of each context (may be too) */
	uint64_t *alloc;    /* auto: [context][sweep] sweep variants */
	uint64_t total;
	/* Position. */
	uint32_t ctx;
	uint64_t k;         /* variants given in this context */
	unsigned pi, pj;    /* the next pair */
	unsigned seg;       /* auto: the sweep being made */
	int seg_ready;      /* pos, taken and cand describe it */
	uint64_t taken;     /* of it */
	uint64_t cand;      /* its next candidate */
	unsigned pos[128];  /* its bits */
	ip_word bg;         /* its background: the seed, or the seed with a condition's bit */
};

/* Sweep g of context plan pl: its segment, and the condition bit it is swept under (-1: none).
 * NULL past the last. */
static const struct ip_segment *sweep_of(const struct ip_auto_context_plan *pl, unsigned g,
                                         int *bit)
{
	*bit = -1;
	if (g < pl->nsegments)
		return &pl->segments[g];
	g -= pl->nsegments;
	for (unsigned c = 0; c < pl->nconditions; c++) {
		if (g < pl->conditions[c].nsegments) {
			*bit = (int)pl->conditions[c].bit;
			return &pl->conditions[c].segments[g];
		}
		g -= pl->conditions[c].nsegments;
	}
	return NULL;
}

static unsigned nsweeps(const struct ip_auto_context_plan *pl)
{
	unsigned n = pl->nsegments;
	for (unsigned c = 0; c < pl->nconditions; c++)
		n += pl->conditions[c].nsegments;
	return n < SWEEPS ? n : SWEEPS;
}

static uint64_t mix64(uint64_t x)
{
	x += UINT64_C(0x9E3779B97F4A7C15);
	x = (x ^ (x >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	x = (x ^ (x >> 27)) * UINT64_C(0x94D049BB133111EB);
	return x ^ (x >> 31);
}

static ip_word flip(ip_word v, unsigned bit)
{
	v.w[bit / 64] ^= UINT64_C(1) << (bit % 64);
	return v;
}

/* A random value of `width` bits, a function of (seed, context, index). */
static ip_word random_value(uint64_t seed, uint32_t ctx, uint64_t index, unsigned width)
{
	uint64_t h = mix64(seed ^ mix64(((uint64_t)ctx << 40) ^ index ^ UINT64_C(0x5151)));
	ip_word v;
	v.w[0] = h;
	v.w[1] = mix64(h ^ UINT64_C(0xA5A5A5A5));
	if (width < 128)
		v.w[1] &= width <= 64 ? 0 : ip_mask64(width - 64);
	if (width < 64)
		v.w[0] &= ip_mask64(width);
	return v;
}

/* A bijection of [0, 2^k) keyed by key (k <= 63): rounds of odd multiply, xorshift, add. */
static uint64_t permute(uint64_t x, unsigned k, uint64_t key)
{
	uint64_t m = ip_mask64(k);
	unsigned s = k / 2 + 1;
	for (unsigned r = 0; r < 3; r++) {
		x = (x * (mix64(key + r) | 1)) & m;
		x ^= x >> s;
		x = (x + mix64(key ^ (r + 7))) & m;
	}
	return x;
}

/* Sweep values of a k-bit segment beyond the survey's (3 or more bits flipped). */
static uint64_t sweep_cost(unsigned k)
{
	if (k >= 64)
		return UINT64_MAX;
	return (UINT64_C(1) << k) - ip_auto_survey_count(k);
}

static uint64_t ctx_budget(const struct ip_strategy_params *p, uint32_t c)
{
	if (!p->budget)
		return UINT64_MAX;
	return p->budget / p->ncontexts + (c < p->budget % p->ncontexts);
}

static uint64_t min64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

static uint64_t seg_cost(const struct ip_auto_context_plan *pl, unsigned g)
{
	int bit;
	return sweep_cost(sweep_of(pl, g, &bit)->nbits);
}

/* Shares what the survey and the conditions' pairs left of the context's budget among its
 * sweeps, smallest first, none getting more than it can use or more than an equal share of
 * what is left. */
static uint64_t plan_context(struct ip_strategy *s, uint32_t c)
{
	const struct ip_auto_context_plan *pl = &s->plans[c];
	uint64_t bc = ctx_budget(&s->p, c), sum, cond = 0;
	uint64_t *alloc = &s->alloc[(size_t)c * SWEEPS];
	unsigned order[SWEEPS], n = nsweeps(pl);
	s->survey[c] = min64(ip_auto_survey_count(s->p.width), bc);
	for (unsigned q = 0; q < pl->nconditions; q++)
		cond += ip_auto_condition_count(&pl->conditions[q]);
	s->cond[c] = min64(cond, bc - s->survey[c]);
	sum = s->survey[c] + s->cond[c];
	if (!s->p.budget) {
		for (unsigned i = 0; i < n; i++) {
			alloc[i] = min64(seg_cost(pl, i), IP_AUTO_DEFAULT_SEGMENT_CAP);
			sum += alloc[i];
		}
		return sum;
	}
	for (unsigned i = 0; i < n; i++)
		order[i] = i;
	for (unsigned i = 1; i < n; i++) /* insertion sort by cost, stable */
		for (unsigned j = i; j > 0 && seg_cost(pl, order[j]) < seg_cost(pl, order[j - 1]);
		     j--) {
			unsigned t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	{
		uint64_t left = bc - s->survey[c] - s->cond[c];
		for (unsigned i = 0; i < n; i++) {
			uint64_t share = left / (n - i);
			uint64_t a = min64(seg_cost(pl, order[i]), share);
			alloc[order[i]] = a;
			left -= a;
			sum += a;
		}
	}
	return sum;
}

void ip_strategy_params_of(struct ip_strategy_params *sp, const struct ip_probe *p,
                           enum ip_strategy_kind kind, ip_word *seeds)
{
	memset(sp, 0, sizeof *sp);
	for (unsigned c = 0; c < p->ncontexts; c++)
		seeds[c] = p->contexts[c].seed_value;
	sp->kind = kind;
	sp->width = p->width;
	sp->ncontexts = p->ncontexts;
	sp->seed_values = seeds;
}

int ip_strategy_new(const struct ip_strategy_params *params, struct ip_strategy **out,
                    struct ip_diag *d)
{
	struct ip_strategy *s;
	const struct ip_strategy_params *p = params;
	*out = NULL;
	if (p->width < 1 || p->width > 128)
		return ip_diag_plain(d, "%u target bits: a strategy needs 1 to 128", p->width);
	if (p->ncontexts < 1)
		return ip_diag_plain(d, "no contexts");
	if (p->kind == IP_STRATEGY_EXHAUSTIVE && p->width > IP_EXHAUSTIVE_MAX_BITS &&
	    (!p->force || p->width > 62)) {
		if (p->width > 62)
			return ip_diag_plain(d, "exhaustive over %u bits is 2^%u values per context, "
			                        "more than a campaign can count: refused above 62 bits, "
			                        "even with --force",
			                     p->width, p->width);
		return ip_diag_plain(d, "exhaustive over %u bits is 2^%u = %llu values per context; "
		                        "refused above %d bits unless forced (--force)",
		                     p->width, p->width, 1ull << p->width, IP_EXHAUSTIVE_MAX_BITS);
	}
	if (p->kind == IP_STRATEGY_AUTO && !p->plans)
		return ip_diag_plain(d, "auto needs its survey's segments");
	if ((unsigned)p->kind >= IP_STRATEGY_COUNT)
		return ip_diag_plain(d, "unknown strategy");
	s = calloc(1, sizeof *s);
	if (!s)
		return ip_diag_plain(d, "out of memory");
	s->p = *p;
	s->seeds = malloc(p->ncontexts * sizeof *s->seeds);
	s->per_ctx = calloc(p->ncontexts, sizeof *s->per_ctx);
	if (p->kind == IP_STRATEGY_AUTO) {
		s->plans = malloc(p->ncontexts * sizeof *s->plans);
		s->survey = calloc(p->ncontexts, sizeof *s->survey);
		s->cond = calloc(p->ncontexts, sizeof *s->cond);
		s->alloc = calloc((size_t)p->ncontexts * SWEEPS, sizeof *s->alloc);
	}
	if (!s->seeds || !s->per_ctx ||
	    (p->kind == IP_STRATEGY_AUTO && (!s->plans || !s->survey || !s->cond || !s->alloc))) {
		ip_strategy_free(s);
		return ip_diag_plain(d, "out of memory");
	}
	memcpy(s->seeds, p->seed_values, p->ncontexts * sizeof *s->seeds);
	if (s->plans)
		memcpy(s->plans, p->plans, p->ncontexts * sizeof *s->plans);
	s->p.seed_values = s->seeds;
	s->p.plans = s->plans;
	for (uint32_t c = 0; c < p->ncontexts; c++) {
		uint64_t bc = ctx_budget(p, c), n = 0, w = p->width;
		switch (p->kind) {
		case IP_STRATEGY_WALK: n = min64(1 + w, bc); break;
		case IP_STRATEGY_PAIRS: n = min64(1 + w * (w - 1) / 2, bc); break;
		case IP_STRATEGY_EXHAUSTIVE: n = min64(UINT64_C(1) << w, bc); break;
		case IP_STRATEGY_RANDOM: n = p->budget ? bc : IP_RANDOM_DEFAULT_PER_CONTEXT; break;
		case IP_STRATEGY_AUTO: n = plan_context(s, c); break;
		case IP_STRATEGY_COUNT: break;
		}
		s->per_ctx[c] = n;
		s->total += n;
	}
	s->pi = 0;
	s->pj = 1;
	*out = s;
	return 0;
}

uint64_t ip_strategy_total(const struct ip_strategy *s)
{
	return s->total;
}

uint64_t ip_strategy_context_total(const struct ip_strategy *s, uint32_t c)
{
	return c < s->p.ncontexts ? s->per_ctx[c] : 0;
}

void ip_strategy_free(struct ip_strategy *s)
{
	if (!s)
		return;
	free(s->seeds);
	free(s->plans);
	free(s->per_ctx);
	free(s->survey);
	free(s->cond);
	free(s->alloc);
	free(s);
}

/* The next pair (pi, pj), pi < pj, in order: seed ^ both bits. */
static ip_word next_pair(struct ip_strategy *s, ip_word seed)
{
	ip_word v = flip(flip(seed, s->pi), s->pj);
	if (++s->pj == s->p.width) {
		s->pi++;
		s->pj = s->pi + 1;
	}
	return v;
}

static void start_segment(struct ip_strategy *s)
{
	int bit;
	const struct ip_segment *g = sweep_of(&s->plans[s->ctx], s->seg, &bit);
	unsigned n = 0;
	s->taken = 0;
	s->cand = 0;
	s->bg = s->seeds[s->ctx];
	if (!g)
		return;
	if (bit >= 0)
		s->bg = flip(s->bg, (unsigned)bit);
	for (unsigned b = 0; b < s->p.width; b++)
		if (g->bits.w[b / 64] >> (b % 64) & 1)
			s->pos[n++] = b;
}

static unsigned popcount64(uint64_t x)
{
	unsigned n = 0;
	for (; x; x &= x - 1)
		n++;
	return n;
}

/* The next sweep value of the current segment: its background with 3 or more segment bits
 * flipped. */
static ip_word next_sweep(struct ip_strategy *s, ip_word seed)
{
	int bit;
	const struct ip_segment *g = sweep_of(&s->plans[s->ctx], s->seg, &bit);
	uint64_t full = g->nbits < 64 ? sweep_cost(g->nbits) : 0;
	uint64_t alloc = s->alloc[(size_t)s->ctx * SWEEPS + s->seg];
	uint64_t key = s->p.seed ^ mix64(((uint64_t)s->ctx << 32) | s->seg);
	for (;;) {
		uint64_t n = 0;
		ip_word v = seed;
		unsigned flips;
		if (g->nbits >= 64) {
			ip_word r = random_value(key, s->ctx, s->cand++, g->nbits);
			flips = popcount64(r.w[0]) + popcount64(r.w[1]);
			if (flips <= 2)
				continue;
			for (unsigned t = 0; t < g->nbits; t++)
				if (r.w[t / 64] >> (t % 64) & 1)
					v = flip(v, s->pos[t]);
			return v;
		}
		n = alloc == full ? s->cand++ : permute(s->cand++, g->nbits, key);
		if (popcount64(n) <= 2)
			continue;
		for (unsigned t = 0; t < g->nbits; t++)
			if (n >> t & 1)
				v = flip(v, s->pos[t]);
		return v;
	}
}

int ip_strategy_next(struct ip_strategy *s, struct ip_variant *out)
{
	ip_word seed;
	uint64_t k;
	while (s->ctx < s->p.ncontexts && s->k >= s->per_ctx[s->ctx]) {
		s->ctx++;
		s->k = 0;
		s->pi = 0;
		s->pj = 1;
		s->seg = 0;
		s->seg_ready = 0;
	}
	if (s->ctx >= s->p.ncontexts)
		return 0;
	seed = s->seeds[s->ctx];
	k = s->k++;
	out->context = s->ctx;
	switch (s->p.kind) {
	case IP_STRATEGY_WALK:
		out->value = k == 0 ? seed : flip(seed, (unsigned)(k - 1));
		break;
	case IP_STRATEGY_PAIRS:
		out->value = k == 0 ? seed : next_pair(s, seed);
		break;
	case IP_STRATEGY_EXHAUSTIVE:
		out->value = ip_word_zero();
		out->value.w[0] = k;
		break;
	case IP_STRATEGY_RANDOM:
		out->value = k == 0 ? seed : random_value(s->p.seed, s->ctx, k, s->p.width);
		break;
	case IP_STRATEGY_AUTO:
		if (k == 0)
			out->value = seed;
		else if (k <= s->p.width)
			out->value = flip(seed, (unsigned)(k - 1));
		else if (k < s->survey[s->ctx])
			out->value = next_pair(s, seed);
		else if (k < s->survey[s->ctx] + s->cond[s->ctx]) {
			/* the conditions' pairs: under each condition's bit, in order */
			const struct ip_auto_context_plan *pl = &s->plans[s->ctx];
			uint64_t q = k - s->survey[s->ctx];
			unsigned c = 0;
			while (q >= ip_auto_condition_count(&pl->conditions[c]))
				q -= ip_auto_condition_count(&pl->conditions[c++]);
			out->value = ip_auto_condition_variant(&pl->conditions[c], seed, q);
		} else {
			const uint64_t *alloc = &s->alloc[(size_t)s->ctx * SWEEPS];
			if (!s->seg_ready) {
				start_segment(s);
				s->seg_ready = 1;
			}
			while (s->taken >= alloc[s->seg]) {
				s->seg++;
				start_segment(s);
			}
			out->value = next_sweep(s, s->bg);
			s->taken++;
		}
		break;
	case IP_STRATEGY_COUNT:
		return 0;
	}
	return 1;
}
