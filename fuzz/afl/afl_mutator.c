/* afl_mutator.c: the AFL++ custom mutator of `isaprobe campaign --engine afl` (a shared
 * library): changes only the probe's target bits of a test case, with moves that fit fields,
 * and takes turns over the probe's contexts (the same target bits in another context). */
#include <dirent.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The custom-mutator entry points AFL++ looks up (docs/afl.md lists the API it relies on). The
 * first argument of init is AFL++'s own state, which this mutator never reads. */
void *afl_custom_init(void *afl, unsigned int seed);
size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size, uint8_t **out_buf,
                       uint8_t *add_buf, size_t add_buf_size, size_t max_size);
const char *afl_custom_describe(void *data, size_t max_description_len);
void afl_custom_deinit(void *data);

#define MAX_FIELDS 16
#define POOL_MAX 4096
#define MAX_SEEDS 64

/* The moves; their names end up in the names of the queue entries they found. */
enum move {
	M_FLIP_BIT, M_FLIP_RUN, M_ZERO_RUN, M_ONES_RUN, M_RANDOM_RUN, M_ADD_RUN, M_POOL_RUN,
	M_SPLICE, M_CONTEXT, M_COUNT
};
static const char *const move_names[M_COUNT] = {
	"flip1", "fliprun", "zerorun", "onesrun", "randrun", "addrun", "queuerun", "splice",
	"context",
};

struct field {
	uint32_t bit, width;
};

struct mutator {
	uint64_t rng;
	struct field fields[MAX_FIELDS];
	unsigned nfields;
	uint32_t end;              /* first bit after every field */
	uint8_t *out;
	size_t out_cap;
	/* Test cases seen in the queue (each entry passed to afl_custom_fuzz), for their values. */
	uint8_t **pool;
	size_t *pool_len;
	uint64_t *pool_hash;
	size_t npool, pool_next;
	uint64_t last_hash;        /* of the entry remembered last (AFL++ fuzzes one at a time) */
	enum move last;
	char describe[32];
	/* Every context's seed image (ISAPROBE_AFL_SEEDS, the corpus folder): M_CONTEXT puts the
	 * test case's target bits into another context, so that every context is probed whatever
	 * AFL++ favours (turns over the contexts). */
	uint8_t *seed[MAX_SEEDS];
	size_t seed_len[MAX_SEEDS];
	unsigned nseeds;
};

static uint64_t next(struct mutator *m)
{
	uint64_t z = (m->rng += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

static uint32_t below(struct mutator *m, uint32_t n)
{
	return n ? (uint32_t)(next(m) % n) : 0;
}

static int get_bit(const uint8_t *b, uint32_t i)
{
	return b[i / 8] >> (i % 8) & 1;
}

static void put_bit(uint8_t *b, uint32_t i, int v)
{
	b[i / 8] = (uint8_t)((b[i / 8] & ~(1u << (i % 8))) | (unsigned)(v & 1) << (i % 8));
}

/* Parses ISAPROBE_AFL_FIELDS ("BIT:WIDTH,..."); 0 or -1. */
static int parse_fields(struct mutator *m, const char *s)
{
	while (s && *s) {
		char *end;
		unsigned long bit = strtoul(s, &end, 10), width;
		if (*end != ':' || m->nfields == MAX_FIELDS)
			return -1;
		width = strtoul(end + 1, &end, 10);
		if (width < 1 || width > 128 || bit > (1ul << 24) || (*end && *end != ','))
			return -1;
		m->fields[m->nfields].bit = (uint32_t)bit;
		m->fields[m->nfields].width = (uint32_t)width;
		if (bit + width > m->end)
			m->end = (uint32_t)(bit + width);
		m->nfields++;
		s = *end ? end + 1 : end;
	}
	return m->nfields ? 0 : -1;
}

/* Loads the seed images of a corpus folder (files of at most 1 MiB). */
static void load_seeds(struct mutator *m, const char *dir)
{
	DIR *d = dir ? opendir(dir) : NULL;
	struct dirent *e;
	while (d && (e = readdir(d)) && m->nseeds < MAX_SEEDS) {
		char path[4096];
		FILE *f;
		long n;
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (!(f = fopen(path, "rb")))
			continue;
		if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 && n <= (1 << 20) &&
		    fseek(f, 0, SEEK_SET) == 0) {
			uint8_t *b = malloc((size_t)n);
			if (b && fread(b, 1, (size_t)n, f) == (size_t)n) {
				m->seed[m->nseeds] = b;
				m->seed_len[m->nseeds++] = (size_t)n;
			} else {
				free(b);
			}
		}
		fclose(f);
	}
	if (d)
		closedir(d);
}

/* Whether image bit i is a target bit (inside a field). */
static int in_field(const struct mutator *m, uint32_t i)
{
	for (unsigned f = 0; f < m->nfields; f++)
		if (i >= m->fields[f].bit && i < m->fields[f].bit + m->fields[f].width)
			return 1;
	return 0;
}

void *afl_custom_init(void *afl, unsigned int seed)
{
	struct mutator *m = calloc(1, sizeof *m);
	(void)afl;
	if (!m)
		return NULL;
	m->rng = (uint64_t)seed * UINT64_C(0x2545F4914F6CDD1D) + 1;
	m->pool = calloc(POOL_MAX, sizeof *m->pool);
	m->pool_len = calloc(POOL_MAX, sizeof *m->pool_len);
	m->pool_hash = calloc(POOL_MAX, sizeof *m->pool_hash);
	if (!m->pool || !m->pool_len || !m->pool_hash ||
	    parse_fields(m, getenv("ISAPROBE_AFL_FIELDS")) != 0) {
		afl_custom_deinit(m);
		return NULL; /* AFL++ stops with "custom mutator init failed" */
	}
	load_seeds(m, getenv("ISAPROBE_AFL_SEEDS"));
	return m;
}

static uint64_t hash_bytes(const uint8_t *b, size_t n)
{
	uint64_t h = UINT64_C(0xCBF29CE484222325);
	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * UINT64_C(0x100000001B3);
	return h;
}

/* Remembers a queue entry (once) for M_POOL_RUN. */
static void remember(struct mutator *m, const uint8_t *buf, size_t n)
{
	uint64_t h = hash_bytes(buf, n);
	uint8_t *copy;
	if (h == m->last_hash)
		return;
	m->last_hash = h;
	for (size_t i = 0; i < m->npool; i++)
		if (m->pool_hash[i] == h && m->pool_len[i] == n)
			return;
	copy = malloc(n);
	if (!copy)
		return;
	memcpy(copy, buf, n);
	if (m->npool < POOL_MAX) {
		m->pool[m->npool] = copy;
		m->pool_len[m->npool] = n;
		m->pool_hash[m->npool++] = h;
		return;
	}
	free(m->pool[m->pool_next]);
	m->pool[m->pool_next] = copy;
	m->pool_len[m->pool_next] = n;
	m->pool_hash[m->pool_next] = h;
	m->pool_next = (m->pool_next + 1) % POOL_MAX;
}

/* A run inside one field: bits [*lo, *lo + *len) of the image. Short runs are likelier. */
static void pick_run(struct mutator *m, uint32_t *lo, uint32_t *len)
{
	const struct field *f;
	uint32_t cap, l;
	if (below(m, 2)) { /* a field at random, or one with the chance of its width */
		f = &m->fields[below(m, m->nfields)];
	} else {
		uint32_t total = 0, k;
		for (unsigned i = 0; i < m->nfields; i++)
			total += m->fields[i].width;
		k = below(m, total);
		f = &m->fields[0];
		for (unsigned i = 0; i < m->nfields; i++) {
			if (k < m->fields[i].width) {
				f = &m->fields[i];
				break;
			}
			k -= m->fields[i].width;
		}
	}
	cap = 1u << (1 + below(m, 6)); /* 2, 4, ... 64 */
	if (cap > f->width || below(m, 8) == 0)
		cap = f->width;
	l = 1 + below(m, cap);
	*lo = f->bit + below(m, f->width - l + 1);
	*len = l;
}

/* Copies bits [lo, lo + len) from src (a test case of at least as many bits). */
static void copy_run(uint8_t *dst, const uint8_t *src, uint32_t lo, uint32_t len)
{
	for (uint32_t i = lo; i < lo + len; i++)
		put_bit(dst, i, get_bit(src, i));
}

static void apply(struct mutator *m, enum move mv, uint8_t *b, const uint8_t *add,
                  size_t add_size, size_t size)
{
	uint32_t lo, len;
	pick_run(m, &lo, &len);
	switch (mv) {
	case M_FLIP_BIT:
		lo += below(m, len);
		put_bit(b, lo, !get_bit(b, lo));
		break;
	case M_FLIP_RUN:
		for (uint32_t i = lo; i < lo + len; i++)
			put_bit(b, i, !get_bit(b, i));
		break;
	case M_ZERO_RUN:
	case M_ONES_RUN:
		for (uint32_t i = lo; i < lo + len; i++)
			put_bit(b, i, mv == M_ONES_RUN);
		break;
	case M_RANDOM_RUN:
		for (uint32_t i = lo; i < lo + len; i++)
			put_bit(b, i, (int)below(m, 2));
		break;
	case M_ADD_RUN: { /* the run as a little-endian number, plus or minus 1 to 4 */
		uint32_t k = 1 + below(m, 4);
		int sub = (int)below(m, 2);
		for (uint32_t i = lo; i < lo + len && k; i++) {
			int bit = get_bit(b, i);
			int kb = (int)(k & 1);
			k >>= 1;
			if (!sub) {
				int s = bit + kb;
				put_bit(b, i, s & 1);
				k += (uint32_t)(s >> 1);
			} else {
				int s = bit - kb;
				put_bit(b, i, s & 1);
				k += (uint32_t)(s < 0);
			}
		}
		break;
	}
	case M_POOL_RUN:
		if (m->npool) {
			size_t i = below(m, (uint32_t)m->npool);
			if (m->pool_len[i] == size)
				copy_run(b, m->pool[i], lo, len);
		}
		break;
	case M_SPLICE: /* a whole field, or a run, from the other queue entry */
		if (add && add_size == size) {
			if (below(m, 2)) {
				for (unsigned f = 0; f < m->nfields; f++)
					if (lo >= m->fields[f].bit && lo < m->fields[f].bit + m->fields[f].width) {
						lo = m->fields[f].bit;
						len = m->fields[f].width;
					}
			}
			copy_run(b, add, lo, len);
		}
		break;
	case M_CONTEXT: /* another context's seed, with these target bits */
		if (m->nseeds) {
			size_t i = below(m, m->nseeds);
			const uint8_t *sd = m->seed[i];
			if (m->seed_len[i] == size)
				for (uint32_t bit = 0; bit < 8 * (uint32_t)size; bit++)
					if (!in_field(m, bit))
						put_bit(b, bit, get_bit(sd, bit));
		}
		break;
	case M_COUNT:
		break;
	}
}

size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size, uint8_t **out_buf,
                       uint8_t *add_buf, size_t add_buf_size, size_t max_size)
{
	struct mutator *m = data;
	unsigned moves;
	(void)max_size;
	if (m->out_cap < buf_size) {
		uint8_t *o = realloc(m->out, buf_size);
		if (!o) {
			*out_buf = buf;
			return buf_size;
		}
		m->out = o;
		m->out_cap = buf_size;
	}
	if (buf_size)
		memcpy(m->out, buf, buf_size);
	*out_buf = m->out;
	if ((uint64_t)buf_size * 8 < m->end)
		return buf_size; /* not a test case of this probe: left as it is */
	remember(m, buf, buf_size);
	moves = 1u << below(m, 3); /* 1, 2 or 4 moves stacked */
	for (unsigned i = 0; i < moves; i++) {
		enum move mv = (enum move)below(m, M_COUNT);
		apply(m, mv, m->out, add_buf, add_buf_size, buf_size);
		if (i == 0)
			m->last = mv;
	}
	return buf_size;
}

const char *afl_custom_describe(void *data, size_t max_description_len)
{
	struct mutator *m = data;
	size_t n = strlen(move_names[m->last]);
	if (max_description_len == 0)
		return "";
	if (n >= max_description_len)
		n = max_description_len - 1;
	memcpy(m->describe, move_names[m->last], n);
	m->describe[n] = '\0';
	return m->describe;
}

void afl_custom_deinit(void *data)
{
	struct mutator *m = data;
	if (!m)
		return;
	for (size_t i = 0; m->pool && i < m->npool; i++)
		free(m->pool[i]);
	free(m->pool);
	free(m->pool_len);
	free(m->pool_hash);
	for (unsigned i = 0; i < m->nseeds; i++)
		free(m->seed[i]);
	free(m->out);
	free(m);
}
