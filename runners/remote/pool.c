/* pool.c: the shared inputs of a version 2 BATCH (docs/protocol.md): distinct input buffers
 * of its jobs, found by address and length in an open-addressing table, each sent once. */
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "proto.h"

#define EMPTY UINT32_MAX

void ip_pool_reset(struct ip_pool *p)
{
	for (size_t i = 0; i < p->nslots; i++)
		p->slots[i].index = EMPTY;
	p->n = 0;
	p->bytes = 0;
	p->failed = 0;
}

void ip_pool_free(struct ip_pool *p)
{
	free(p->slots);
	free(p->items);
	memset(p, 0, sizeof *p);
}

static size_t slot_of(const struct ip_pool *p, const uint8_t *data, size_t len)
{
	uint64_t h = (uint64_t)(uintptr_t)data * 0x9E3779B97F4A7C15u ^ (uint64_t)len;
	h ^= h >> 29;
	return (size_t)(h * 0xBF58476D1CE4E5B9u >> 17) & (p->nslots - 1);
}

uint32_t ip_pool_find(const struct ip_pool *p, const struct ip_buf *b)
{
	if (!p->nslots)
		return EMPTY;
	for (size_t i = slot_of(p, b->data, b->len);; i = (i + 1) & (p->nslots - 1)) {
		const struct ip_pool_slot *s = &p->slots[i];
		if (s->index == EMPTY)
			return EMPTY;
		if (s->data == b->data && s->len == b->len)
			return s->index;
	}
}

/* Doubles the table (keeping it at most half full) and re-inserts every item. */
static int grow(struct ip_pool *p)
{
	size_t nslots = p->nslots ? p->nslots * 2 : 64;
	struct ip_pool_slot *slots = malloc(nslots * sizeof *slots);
	if (!slots)
		return -1;
	free(p->slots);
	p->slots = slots;
	p->nslots = nslots;
	for (size_t i = 0; i < nslots; i++)
		slots[i].index = EMPTY;
	for (size_t k = 0; k < p->n; k++) {
		size_t i = slot_of(p, p->items[k]->data, p->items[k]->len);
		while (slots[i].index != EMPTY)
			i = (i + 1) & (nslots - 1);
		slots[i] = (struct ip_pool_slot){p->items[k]->data, p->items[k]->len, (uint32_t)k};
	}
	return 0;
}

uint32_t ip_pool_add(struct ip_pool *p, const struct ip_buf *b, int *added)
{
	uint32_t found = ip_pool_find(p, b);
	size_t i;
	*added = 0;
	if (found != EMPTY)
		return found;
	if (p->failed || p->n >= IP_PROTO_MAX_SHARED)
		return EMPTY;
	if ((p->n + 1) * 2 > p->nslots && grow(p) != 0) {
		p->failed = 1;
		return EMPTY;
	}
	if (ip_grow((void **)&p->items, &p->cap, p->n + 1, sizeof *p->items)) {
		p->failed = 1;
		return EMPTY;
	}
	for (i = slot_of(p, b->data, b->len); p->slots[i].index != EMPTY;
	     i = (i + 1) & (p->nslots - 1))
		;
	p->slots[i] = (struct ip_pool_slot){b->data, b->len, (uint32_t)p->n};
	p->items[p->n] = b;
	p->bytes += 4 + b->len;
	*added = 1;
	return (uint32_t)p->n++;
}
