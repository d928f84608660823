/* infer_effects.c: the baseline outcome of a context (the seed value's) and what flipping
 * each single bit of the target region did to it: nothing, a fault, or which outputs changed. */
#include <stdlib.h>
#include <string.h>

#include "infer_data.h"

int inf_is_fault(int status)
{
	return status == IP_STATUS_FAULT || status == IP_STATUS_INVALID ||
	       status == IP_STATUS_TIMEOUT;
}

uint64_t inf_diff_words(const struct inf_data *data, uint32_t a, uint32_t b)
{
	const struct inf_outcome *x = &data->oc[a], *y = &data->oc[b];
	uint64_t m = 0;
	if (a == b)
		return 0;
	for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS; k++)
		if (x->words[k] != y->words[k] || ((x->have ^ y->have) >> k & 1))
			m |= UINT64_C(1) << k;
	if (!m) /* differs beyond the words compared one by one: call it all of them */
		m = data->nout >= INF_MAX_WORDS ? ~UINT64_C(0)
		                                : (UINT64_C(1) << data->nout) - 1;
	return m;
}

/* The baseline: the seed's majority outcome; without a run of the seed, the outcome most
 * runs of the context gave (weaker: the report says the seed was not run). */
static void baseline(const struct inf_data *data, struct inf_context *c)
{
	const struct inf_variant *seed = inf_find(c, c->seed);
	if (seed) {
		c->base = (int32_t)seed->oc;
		c->base_seen = 1;
		return;
	}
	uint64_t *runs = calloc(data->noc ? data->noc : 1, sizeof *runs), best = 0;
	if (!runs)
		abort();
	for (size_t i = 0; i < c->nv; i++)
		runs[c->v[i].oc] += c->v[i].runs;
	for (size_t i = 0; i < data->noc; i++)
		if (runs[i] > best) {
			best = runs[i];
			c->base = (int32_t)i;
		}
	free(runs);
}

static const char *const effect_names[IP_EFFECT_COUNT] = {
	[IP_EFFECT_UNPROBED] = "unprobed", [IP_EFFECT_NONE] = "none", [IP_EFFECT_FAULT] = "fault",
	[IP_EFFECT_UNMODELED] = "unmodeled", [IP_EFFECT_CHANGE] = "change",
};

const char *ip_bit_effect_name(enum ip_bit_effect e)
{
	return (unsigned)e < IP_EFFECT_COUNT ? effect_names[e] : "?";
}

void inf_effects(const struct inf_data *data, struct inf_context *c)
{
	baseline(data, c);
	c->ok_off = 0;
	for (size_t i = 0; i < c->nv; i++)
		if (data->oc[c->v[i].oc].status == IP_STATUS_OK)
			c->ok_off |= c->v[i].value ^ c->seed;
	for (unsigned b = 0; b < data->width; b++) {
		const struct inf_variant *v = inf_find(c, c->seed ^ (UINT64_C(1) << b));
		struct ip_bit_summary *s = &c->bits[b];
		memset(s, 0, sizeof *s);
		c->outmask[b] = 0;
		if (!v || c->base < 0 || data->oc[v->oc].status == IP_STATUS_RUNNER_ERROR) {
			s->effect = IP_EFFECT_UNPROBED;
			continue;
		}
		s->runs = v->runs;
		s->contradicting = v->against;
		int st = data->oc[v->oc].status;
		if (v->oc == (uint32_t)c->base)
			s->effect = IP_EFFECT_NONE;
		else if (inf_is_fault(st))
			s->effect = IP_EFFECT_FAULT;
		else if (st == IP_STATUS_UNMODELED)
			s->effect = IP_EFFECT_UNMODELED;
		else {
			s->effect = IP_EFFECT_CHANGE;
			c->outmask[b] = inf_diff_words(data, v->oc, (uint32_t)c->base);
			s->outputs = (unsigned)__builtin_popcountll(c->outmask[b]);
		}
	}
}
