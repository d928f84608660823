/* infer_outliers.c: an outcome seen once that its neighbours contradict is noise: a variant run
 * once whose ok outcome no other variant gave holds a word one bit off a neighbour's (one value
 * bit away), a word the bit between them changes nowhere else (an output bit a board flipped
 * once, not a rounding mode's last bit; never the sign bit, which a negate flips alone; never
 * when two words or more are one unit in the last place off the neighbour's, as a rounding
 * mode's are): it says nothing, as a timeout does, and makes no field, condition or kind. */
#include <stdlib.h>
#include <string.h>

#include "infer_data.h"
#include "isaprobe/word.h"

/* Whether flipping value bit b changes output word k between two other ok variants (not
 * `not`): a bit that acts on the word elsewhere (a rounding mode silent at the seed's inputs
 * but not at others'). */
static int changes_anywhere(const struct inf_data *data, const struct inf_context *c, unsigned b,
                            int k, const struct inf_variant *not)
{
	for (size_t i = 0; i < c->nv; i++) {
		const struct inf_variant *u = &c->v[i], *w;
		if (u == not || (u->value >> b & 1) || data->oc[u->oc].status != IP_STATUS_OK)
			continue;
		w = inf_find(c, u->value | UINT64_C(1) << b);
		if (w && w != not && data->oc[w->oc].status == IP_STATUS_OK &&
		    data->oc[w->oc].words[k] != data->oc[u->oc].words[k])
			return 1;
	}
	return 0;
}

void inf_drop_outliers(const struct inf_data *data, struct inf_context *c)
{
	uint32_t *uses = calloc(data->noc ? data->noc : 1, sizeof *uses);
	uint8_t *drop, *known;
	size_t kept = 0, ndrop = 0, words = data->nout < INF_MAX_WORDS ? data->nout : INF_MAX_WORDS;
	uint64_t full = ip_mask64(data->width);
	if (!uses)
		abort();
	for (size_t i = 0; i < c->nv; i++)
		if (uses[c->v[i].oc] < UINT32_MAX)
			uses[c->v[i].oc]++;
	drop = calloc(c->nv + 1, 1);
	/* per (bit, word): 0 not known, 1 the bit changes the word somewhere, 2 nowhere */
	known = calloc(64 * INF_MAX_WORDS, 1);
	if (!drop || !known)
		abort();
	/* the words each bit's flip alone changes (the walk) */
	const struct inf_variant *seed = inf_find(c, c->seed);
	uint64_t walk[64] = {0};
	for (unsigned b = 0; b < data->width && b < 64; b++) {
		const struct inf_variant *w = inf_find(c, c->seed ^ (UINT64_C(1) << b));
		walk[b] = w && seed && w->oc != seed->oc ? inf_diff_words(data, w->oc, seed->oc)
		                                         : 0;
	}
	for (size_t i = 0; i < c->nv; i++) {
		const struct inf_variant *v = &c->v[i];
		const struct inf_outcome *o = &data->oc[v->oc];
		if (v->runs != 1 || v->noise || uses[v->oc] != 1 || o->status != IP_STATUS_OK ||
		    v->value == c->seed)
			continue;
		for (unsigned b = 0; b < data->width && b < 64 && !drop[i]; b++) {
			const struct inf_variant *n = inf_find(c, (v->value ^ (UINT64_C(1) << b)) & full);
			const struct inf_outcome *p = n ? &data->oc[n->oc] : NULL;
			if (!p || p->status != IP_STATUS_OK || p->have != o->have)
				continue;
			/* words one unit in the last place off the neighbour's, two or more: what a
			 * rounding mode does (a flipped bit changes one word) */
			unsigned steps = 0;
			for (size_t k = 0; k < words; k++)
				steps += o->words[k] != p->words[k] && inf_ulp_step(p->words[k], o->words[k]);
			if (steps >= 2)
				continue;
			/* a word one bit off the neighbour's, that the bit between them changes
			 * nowhere else */
			for (size_t k = 0; k < words && !drop[i]; k++) {
				uint8_t *kn = &known[b * INF_MAX_WORDS + k];
				/* (not a sign: a negate, or +-0, is a bit of its own) */
				uint32_t d = o->words[k] ^ p->words[k];
				if (__builtin_popcount(d) != 1 || d == 0x80000000u || (walk[b] >> k & 1))
					continue;
				if (!*kn)
					*kn = changes_anywhere(data, c, b, (int)k, v) ? 1 : 2;
				drop[i] = *kn == 2;
			}
		}
		ndrop += drop[i];
	}
	for (size_t i = 0; i < c->nv && ndrop; i++) {
		if (drop[i]) {
			c->noise += c->v[i].runs;
			c->runs -= c->v[i].runs;
			continue;
		}
		c->v[kept++] = c->v[i];
	}
	if (ndrop)
		c->nv = kept;
	free(known);
	free(drop);
	free(uses);
}
