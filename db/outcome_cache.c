/* outcome_cache.c: the outcomes recorded lately, hash -> outcome id, so that a batch looks up
 * the database only for outcomes it has not met. Open addressing; emptied when 3/4 full. */
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

#define CACHE_SLOTS 32768u /* a power of two: 768 KiB */

int ip_outcome_cache_init(struct ip_outcome_cache *c)
{
	c->slots = calloc(CACHE_SLOTS, sizeof *c->slots);
	c->used = 0;
	return c->slots ? 0 : -1;
}

void ip_outcome_cache_free(struct ip_outcome_cache *c)
{
	free(c->slots);
	c->slots = NULL;
	c->used = 0;
}

void ip_outcome_cache_clear(struct ip_outcome_cache *c)
{
	if (c->used)
		memset(c->slots, 0, CACHE_SLOTS * sizeof *c->slots);
	c->used = 0;
}

/* The hash is already uniform: its first bytes pick the slot. */
static size_t home(const uint8_t hash[16])
{
	uint32_t h;
	memcpy(&h, hash, sizeof h);
	return h & (CACHE_SLOTS - 1);
}

int64_t ip_outcome_cache_get(const struct ip_outcome_cache *c, const uint8_t hash[16])
{
	for (size_t i = home(hash);; i = (i + 1) & (CACHE_SLOTS - 1)) {
		const struct ip_outcome_slot *slot = &c->slots[i];
		if (!slot->id)
			return 0;
		if (memcmp(slot->hash, hash, 16) == 0)
			return slot->id;
	}
}

void ip_outcome_cache_put(struct ip_outcome_cache *c, const uint8_t hash[16], int64_t id)
{
	size_t i;
	if (c->used >= CACHE_SLOTS / 4 * 3)
		ip_outcome_cache_clear(c); /* forget everything: the recent ones come back soon */
	for (i = home(hash); c->slots[i].id; i = (i + 1) & (CACHE_SLOTS - 1))
		if (memcmp(c->slots[i].hash, hash, 16) == 0) {
			c->slots[i].id = id;
			return;
		}
	memcpy(c->slots[i].hash, hash, 16);
	c->slots[i].id = id;
	c->used++;
}
