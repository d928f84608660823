/* batch.c: a batch of runs made ready to store by the thread that ran it (no database touched):
 * outcomes told apart by an in-memory key and their bytes, hashed once each, repeats summed,
 * entries put in table order and their values turned big-endian, so that the recording thread
 * only looks outcomes up and writes blocks (db/record.c). */
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "store_internal.h"

/* The stored 128-bit hashes of outcomes met in earlier batches of this batch object (a worker
 * meets the same few outcomes again and again): key -> hash, with a copy of the bytes to
 * compare. Bounded: emptied when it holds MEMO_ENTRIES outcomes or MEMO_BYTES bytes. */
#define MEMO_SLOTS 8192u /* a power of two */
#define MEMO_ENTRIES 4096u
#define MEMO_BYTES (16u << 20)

struct memo_entry {
	uint64_t key;
	enum ip_status status;
	uint32_t fault;
	size_t len, at; /* the bytes: arena[at .. at + len) */
	uint8_t hash[16];
};

struct ip_batch_memo {
	uint32_t slot[MEMO_SLOTS]; /* entry index + 1, 0 empty */
	struct memo_entry e[MEMO_ENTRIES];
	size_t n;
	uint8_t *arena;
	size_t used, cap;
};

struct ip_store_batch *ip_store_batch_new(void)
{
	return calloc(1, sizeof(struct ip_store_batch));
}

void ip_store_batch_free(struct ip_store_batch *b)
{
	if (!b)
		return;
	free(b->e);
	free(b->oc);
	free(b->slots);
	free(b->vals);
	free(b->tmp);
	free(b->arena);
	if (b->memo)
		free(b->memo->arena);
	free(b->memo);
	free(b);
}

static int same(const struct ip_batch_outcome *o, enum ip_status status, uint32_t fault,
                const uint8_t *data, size_t len)
{
	return o->data && o->status == status && o->fault == fault && o->len == len &&
	       (len == 0 || memcmp(o->data, data, len) == 0);
}

/* The index of this outcome among the batch's, added when new; -1 out of memory. */
static long outcome_index(struct ip_store_batch *b, const struct ip_outcome *o)
{
	uint64_t key = ip_hash_fast(o->status, o->fault, o->data, o->len);
	size_t mask = b->nslots - 1, i;
	struct ip_batch_outcome *x;
	for (i = key & mask; b->slots[i]; i = (i + 1) & mask) {
		x = &b->oc[b->slots[i] - 1];
		if (x->key == key && same(x, o->status, o->fault, o->data, o->len))
			return (long)b->slots[i] - 1;
	}
	if (b->noc + 1 > b->nslots / 2)
		return -2; /* table too full: the caller grows it and asks again */
	if (ip_grow((void **)&b->oc, &b->occap, b->noc + 1, sizeof *b->oc))
		return -1;
	x = &b->oc[b->noc];
	memset(x, 0, sizeof *x);
	if (b->arena_len + o->len > b->arena_cap) { /* a copy of each distinct outcome's bytes */
		size_t cap = b->arena_cap ? b->arena_cap : 65536;
		uint8_t *a;
		while (cap < b->arena_len + o->len)
			cap *= 2;
		if (!(a = realloc(b->arena, cap)))
			return -1;
		for (size_t k = 0; k < b->noc; k++) /* the copies moved (empty ones are "") */
			if (b->oc[k].len)
				b->oc[k].data = a + (b->oc[k].data - b->arena);
		b->arena = a;
		b->arena_cap = cap;
	}
	x->status = o->status;
	x->fault = o->fault;
	x->data = (const uint8_t *)"";
	if (o->len) {
		x->data = b->arena + b->arena_len;
		memcpy(b->arena + b->arena_len, o->data, o->len);
	}
	b->arena_len += o->len;
	x->len = o->len;
	x->key = key;
	b->slots[i] = (uint32_t)++b->noc;
	return (long)b->noc - 1;
}

static int rehash(struct ip_store_batch *b, size_t slots)
{
	uint32_t *t = calloc(slots, sizeof *t);
	if (!t)
		return -1;
	for (size_t k = 0; k < b->noc; k++) {
		size_t i = b->oc[k].key & (slots - 1);
		while (t[i])
			i = (i + 1) & (slots - 1);
		t[i] = (uint32_t)k + 1;
	}
	free(b->slots);
	b->slots = t;
	b->nslots = slots;
	return 0;
}

/* Values of up to 8 bytes as a number, for comparing and sorting. */
static uint64_t number_of(const uint8_t *v, size_t len)
{
	uint64_t x = 0;
	for (size_t i = len < 8 ? len : 8; i-- > 0;)
		x = (x << 8) | v[i];
	return x;
}

/* Table order of two entries: context, then value (a number, or bytes from the top). */
static int entry_before(const struct ip_store_batch *b, const struct ip_batch_entry *x,
                        const struct ip_batch_entry *y)
{
	if (x->context != y->context)
		return x->context < y->context ? -1 : 1;
	if (b->value_len <= 8)
		return x->number < y->number ? -1 : x->number > y->number;
	for (size_t i = b->value_len; i-- > 0;)
		if (x->value[i] != y->value[i])
			return x->value[i] < y->value[i] ? -1 : 1;
	return 0;
}

static size_t long_value_len; /* qsort has no context argument: long values are rare */
static int cmp_long(const void *pa, const void *pb)
{
	const struct ip_batch_entry *x = pa, *y = pb;
	if (x->context != y->context)
		return x->context < y->context ? -1 : 1;
	for (size_t i = long_value_len; i-- > 0;)
		if (x->value[i] != y->value[i])
			return x->value[i] < y->value[i] ? -1 : 1;
	return x->oc < y->oc ? -1 : x->oc > y->oc;
}

/* Stable LSD radix sort of the entries on (context, number), 11 bits a pass, skipping the
 * digits where every entry agrees. */
static int radix_sort(struct ip_store_batch *b)
{
	enum { BITS = 11, BUCKETS = 1 << BITS };
	uint64_t or_num = 0, and_num = ~UINT64_C(0);
	uint32_t or_ctx = 0, and_ctx = ~UINT32_C(0);
	size_t count[BUCKETS];
	struct ip_batch_entry *src = b->e, *dst;
	if (ip_grow((void **)&b->tmp, &b->tmp_cap, b->n, sizeof *b->tmp))
		return -1;
	dst = b->tmp;
	for (size_t i = 0; i < b->n; i++) {
		or_num |= src[i].number;
		and_num &= src[i].number;
		or_ctx |= src[i].context;
		and_ctx &= src[i].context;
	}
	for (unsigned pass = 0; pass < 64 / BITS + 1 + 32 / BITS + 1; pass++) {
		unsigned shift;
		int ctx = pass >= 64 / BITS + 1;
		struct ip_batch_entry *t;
		shift = (ctx ? pass - (64 / BITS + 1) : pass) * BITS;
		if (ctx ? shift >= 32 || !(((or_ctx ^ and_ctx) >> shift) & (BUCKETS - 1))
		        : shift >= 64 || !(((or_num ^ and_num) >> shift) & (BUCKETS - 1)))
			continue;
		memset(count, 0, sizeof count);
		for (size_t i = 0; i < b->n; i++)
			count[(ctx ? src[i].context >> shift : src[i].number >> shift) & (BUCKETS - 1)]++;
		for (size_t k = 0, sum = 0; k < BUCKETS; k++) {
			size_t c = count[k];
			count[k] = sum;
			sum += c;
		}
		for (size_t i = 0; i < b->n; i++)
			dst[count[(ctx ? src[i].context >> shift : src[i].number >> shift) &
			          (BUCKETS - 1)]++] = src[i];
		t = src;
		src = dst;
		dst = t;
	}
	if (src != b->e) { /* the sorted entries are in the scratch array: swap the arrays */
		size_t c = b->cap;
		b->tmp = b->e;
		b->e = src;
		b->cap = b->tmp_cap;
		b->tmp_cap = c;
	}
	return 0;
}

/* Puts the entries in table order and sums repeats of one (variant, outcome); drops entries
 * whose counts cancel out. */
static int order_and_sum(struct ip_store_batch *b)
{
	size_t out = 0;
	int sorted = 1;
	for (size_t i = 1; i < b->n && sorted; i++)
		sorted = entry_before(b, &b->e[i - 1], &b->e[i]) <= 0;
	if (!sorted) {
		if (b->value_len <= 8) {
			if (radix_sort(b))
				return -1;
		} else {
			long_value_len = b->value_len;
			qsort(b->e, b->n, sizeof *b->e, cmp_long);
		}
	}
	/* repeats lie side by side now (one variant's entries are together; a variant has few) */
	for (size_t i = 0; i < b->n;) {
		size_t j = i + 1;
		while (j < b->n && entry_before(b, &b->e[i], &b->e[j]) == 0)
			j++;
		for (size_t k = i; k < j; k++) {
			size_t m;
			if (!b->e[k].count)
				continue;
			for (m = k + 1; m < j; m++)
				if (b->e[m].oc == b->e[k].oc) {
					b->e[k].count += b->e[m].count;
					b->e[m].count = 0;
				}
			if (b->e[k].count)
				b->e[out++] = b->e[k];
		}
		i = j;
	}
	b->n = out;
	return 0;
}

/* The stored hash of outcome o, from the memo or computed (and remembered). */
static void stored_hash(struct ip_store_batch *b, struct ip_batch_outcome *o)
{
	struct ip_batch_memo *m = b->memo;
	size_t i;
	if (!m && (m = b->memo = calloc(1, sizeof *m)) == NULL) {
		ip_hash_outcome(o->status, o->fault, o->data, o->len, o->hash);
		return;
	}
	for (i = o->key & (MEMO_SLOTS - 1); m->slot[i]; i = (i + 1) & (MEMO_SLOTS - 1)) {
		const struct memo_entry *e = &m->e[m->slot[i] - 1];
		if (e->key == o->key && e->status == o->status && e->fault == o->fault &&
		    e->len == o->len && (!o->len || memcmp(m->arena + e->at, o->data, o->len) == 0)) {
			memcpy(o->hash, e->hash, 16);
			return;
		}
	}
	ip_hash_outcome(o->status, o->fault, o->data, o->len, o->hash);
	if (o->len > MEMO_BYTES / 4)
		return;
	if (m->n == MEMO_ENTRIES || m->used + o->len > MEMO_BYTES) { /* full: start again */
		memset(m->slot, 0, sizeof m->slot);
		m->n = m->used = 0;
		for (i = o->key & (MEMO_SLOTS - 1); m->slot[i]; i = (i + 1) & (MEMO_SLOTS - 1))
			;
	}
	if (ip_grow((void **)&m->arena, &m->cap, m->used + o->len, 1))
		return;
	if (o->len)
		memcpy(m->arena + m->used, o->data, o->len);
	m->e[m->n] = (struct memo_entry){o->key, o->status, o->fault, o->len, m->used, {0}};
	memcpy(m->e[m->n].hash, o->hash, 16);
	m->used += o->len;
	m->slot[i] = (uint32_t)++m->n;
}

/* The values of the entries, big-endian, in entry order. */
static int write_values(struct ip_store_batch *b)
{
	size_t vl = b->value_len;
	if (ip_grow((void **)&b->vals, &b->vals_cap, b->n * vl + 1, 1))
		return -1;
	for (size_t i = 0; i < b->n; i++) {
		uint8_t *be = b->vals + i * vl;
		const struct ip_batch_entry *e = &b->e[i];
		if (vl <= 8)
			for (size_t k = 0; k < vl; k++)
				be[k] = (uint8_t)(e->number >> (8 * (vl - 1 - k)));
		else
			for (size_t k = 0; k < vl; k++)
				be[k] = e->value[vl - 1 - k];
	}
	return 0;
}

static int check_run(const struct ip_run *r, size_t i, size_t value_len, struct ip_diag *d)
{
	if (r->value_len < 1 || r->value_len > IP_STORE_MAX_VALUE || !r->value)
		return ip_diag_plain(d, "recording a batch: run %zu has a value of %zu bytes (1 to %d)",
		                     i, r->value_len, IP_STORE_MAX_VALUE);
	if (r->value_len != value_len)
		return ip_diag_plain(d, "recording a batch: run %zu has a value of %zu bytes, run 0 "
		                        "one of %zu (a batch's values are of one length)",
		                     i, r->value_len, value_len);
	if ((unsigned)r->outcome.status >= IP_STATUS_COUNT)
		return ip_diag_plain(d, "recording a batch: run %zu has status %d", i,
		                     (int)r->outcome.status);
	if (r->outcome.len && !r->outcome.data)
		return ip_diag_plain(d, "recording a batch: run %zu has %zu outcome bytes but no data",
		                     i, r->outcome.len);
	if (r->outcome.len > INT32_MAX)
		return ip_diag_plain(d, "recording a batch: run %zu has an outcome of %zu bytes", i,
		                     r->outcome.len);
	return 0;
}

void ip_store_batch_clear(struct ip_store_batch *b)
{
	b->n = b->noc = 0;
	b->arena_len = 0;
	b->runs = 0;
	b->value_len = 0;
	if (b->slots)
		memset(b->slots, 0, b->nslots * sizeof *b->slots);
}

int ip_store_batch_add(struct ip_store_batch *b, const struct ip_run *runs, size_t n,
                       struct ip_diag *d)
{
	if (n && !runs)
		return ip_diag_plain(d, "recording a batch: %zu runs but no array", n);
	if (!n)
		return 0;
	if (!b->value_len)
		b->value_len = runs[0].value_len;
	if (ip_grow((void **)&b->e, &b->cap, b->n + n + 1, sizeof *b->e))
		return ip_diag_plain(d, "recording a batch of %zu runs: out of memory", b->n + n);
	if (!b->slots && rehash(b, 1024))
		return ip_diag_plain(d, "recording a batch: out of memory");
	for (size_t i = 0; i < n; i++) {
		const struct ip_run *r = &runs[i];
		long k;
		if (check_run(r, b->runs + i, b->value_len, d))
			return -1;
		while ((k = outcome_index(b, &r->outcome)) == -2)
			if (rehash(b, b->nslots * 2))
				return ip_diag_plain(d, "recording a batch: out of memory");
		if (k < 0)
			return ip_diag_plain(d, "recording a batch: out of memory");
		b->e[b->n++] = (struct ip_batch_entry){r->context, (uint32_t)k,
		                                       number_of(r->value, r->value_len), r->value, 1};
	}
	b->runs += n;
	return 0;
}

int ip_store_batch_prepare(struct ip_store_batch *b, const struct ip_run *runs, size_t n,
                           struct ip_diag *d)
{
	ip_store_batch_clear(b);
	if (ip_store_batch_add(b, runs, n, d))
		return -1;
	if (!b->value_len)
		b->value_len = 1;
	return ip_store_batch_finish(b, d);
}

int ip_store_batch_retract(struct ip_store_batch *b, uint32_t context, const uint8_t *value,
                           int64_t outcome_id, struct ip_diag *d)
{
	struct ip_batch_outcome *x;
	size_t k;
	for (k = 0; k < b->noc; k++)
		if (!b->oc[k].data && b->oc[k].id == outcome_id)
			break;
	if (k == b->noc) {
		if (ip_grow((void **)&b->oc, &b->occap, b->noc + 1, sizeof *b->oc))
			return ip_diag_plain(d, "recording a batch: out of memory");
		x = &b->oc[b->noc++];
		memset(x, 0, sizeof *x);
		x->id = outcome_id;
		x->status = IP_STATUS_COUNT; /* read from the table when stored */
	}
	if (ip_grow((void **)&b->e, &b->cap, b->n + 1, sizeof *b->e))
		return ip_diag_plain(d, "recording a batch: out of memory");
	b->e[b->n++] = (struct ip_batch_entry){context, (uint32_t)k,
	                                       number_of(value, b->value_len), value, -1};
	return 0;
}

int ip_store_batch_finish(struct ip_store_batch *b, struct ip_diag *d)
{
	if (!b->value_len)
		b->value_len = 1;
	if (order_and_sum(b) || write_values(b))
		return ip_diag_plain(d, "recording a batch of %zu runs: out of memory", b->n);
	for (size_t k = 0; k < b->noc; k++)
		if (b->oc[k].data)
			stored_hash(b, &b->oc[k]);
	return 0;
}
