/* afl_class.c: outcome classes for the AFL++ engine: how each changed output word relates to
 * the planted inputs (equal to one, a known function of one, or new), hashed into features. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "afl_internal.h"
#include "common/byteorder.h"
#include "common/float_bits.h"
#include "common/fp16.h"

/* Function entries (everything but identity) are made for at most this many planted words;
 * identity entries for all of them. */
#define FUNCTION_WORDS_MAX 65536u

static const char *const function_names[IP_AFL_F_COUNT] = {
	"identity", "neg", "abs", "not", "lo16", "hi16", "sext_lo16", "sext_hi16",
	"f16lo_to_f32", "f16hi_to_f32", "f32_to_f16", "i2f", "u2f", "f2i", "swap16",
};

const char *ip_afl_function_name(enum ip_afl_function f)
{
	return (unsigned)f < IP_AFL_F_COUNT ? function_names[f] : "?";
}

/* A value some planted word takes under some function: info = src << 8 | func << 1 | 1. */
struct entry {
	uint32_t value, info;
};

struct ip_afl_classifier {
	struct entry *table;
	size_t mask;
	size_t words; /* output words */
};

static uint64_t mix64(uint64_t x)
{
	x ^= x >> 33;
	x *= UINT64_C(0xFF51AFD7ED558CCD);
	x ^= x >> 33;
	x *= UINT64_C(0xC4CEB9FE1A85EC53);
	x ^= x >> 33;
	return x;
}

static size_t slot_of(uint32_t value, size_t mask)
{
	return (size_t)mix64(value) & mask;
}

/* Inserts value unless present (the first function to give a value keeps it). */
static void insert(struct ip_afl_classifier *c, uint32_t value, uint32_t src,
                   enum ip_afl_function f)
{
	size_t i = slot_of(value, c->mask);
	if (value == 0)
		return; /* zero says nothing about where it came from */
	while (c->table[i].info) {
		if (c->table[i].value == value)
			return;
		i = (i + 1) & c->mask;
	}
	c->table[i].value = value;
	c->table[i].info = src << 8 | (uint32_t)f << 1 | 1;
}

static const struct entry *lookup(const struct ip_afl_classifier *c, uint32_t value)
{
	size_t i = slot_of(value, c->mask);
	if (value == 0)
		return NULL;
	while (c->table[i].info) {
		if (c->table[i].value == value)
			return &c->table[i];
		i = (i + 1) & c->mask;
	}
	return NULL;
}

static uint32_t f32_of_half(uint16_t h)
{
	return ip_f32_bits((float)ip_f16_to_double(h));
}

/* f(p), or 0 when f does not apply (0 is never inserted). */
static uint32_t apply(enum ip_afl_function f, uint32_t p)
{
	float x = ip_f32_from_bits(p);
	switch (f) {
	case IP_AFL_F_IDENTITY: return p;
	case IP_AFL_F_NEG: return p ^ UINT32_C(0x80000000);
	case IP_AFL_F_ABS: return p & UINT32_C(0x80000000) ? p & UINT32_C(0x7fffffff) : 0;
	case IP_AFL_F_NOT: return ~p;
	case IP_AFL_F_LO16: return p & 0xffff;
	case IP_AFL_F_HI16: return p >> 16;
	case IP_AFL_F_SEXT_LO16: return (uint32_t)(int32_t)(int16_t)(uint16_t)(p & 0xffff);
	case IP_AFL_F_SEXT_HI16: return (uint32_t)(int32_t)(int16_t)(uint16_t)(p >> 16);
	case IP_AFL_F_F16LO_F32: return f32_of_half((uint16_t)(p & 0xffff));
	case IP_AFL_F_F16HI_F32: return f32_of_half((uint16_t)(p >> 16));
	case IP_AFL_F_F32_F16: return isnan(x) ? 0 : ip_double_to_f16(x);
	case IP_AFL_F_I2F: return ip_f32_bits((float)(int32_t)p);
	case IP_AFL_F_U2F: return ip_f32_bits((float)p);
	case IP_AFL_F_F2I:
		return isfinite(x) && fabsf(x) < 2147483520.0f ? (uint32_t)(int32_t)x : 0;
	case IP_AFL_F_SWAP16: return p << 16 | p >> 16;
	case IP_AFL_F_COUNT: break;
	}
	return 0;
}

int ip_afl_classifier_new(const struct ip_probe *p, struct ip_afl_classifier **out,
                          struct ip_diag *d)
{
	struct ip_afl_classifier *c = calloc(1, sizeof *c);
	size_t planted = 0, entries, cap = 1024;
	*out = NULL;
	if (!c)
		return ip_diag_plain(d, "out of memory");
	for (unsigned b = 0; b < p->nbuffers; b++)
		if (!p->buffers[b].output)
			planted += p->buffers[b].len / 4;
	if (planted >= (1u << 24)) {
		free(c);
		return ip_diag_plain(d, "%zu planted words: the outcome classes take at most 2^24",
		                     planted);
	}
	entries = planted + (planted < FUNCTION_WORDS_MAX ? planted : FUNCTION_WORDS_MAX) *
	                        (IP_AFL_F_COUNT - 1);
	while (cap < 2 * entries)
		cap *= 2;
	c->table = calloc(cap, sizeof *c->table);
	if (!c->table) {
		free(c);
		return ip_diag_plain(d, "out of memory for the outcome classes' table");
	}
	c->mask = cap - 1;
	c->words = p->output_len / 4;
	for (int f = 0; f < IP_AFL_F_COUNT; f++) {
		uint32_t src = 0;
		for (unsigned b = 0; b < p->nbuffers; b++) {
			const struct ip_probe_buffer *pb = &p->buffers[b];
			if (pb->output)
				continue;
			for (size_t i = 0; i + 4 <= pb->len; i += 4, src++) {
				uint32_t w = (uint32_t)pb->data[i] | (uint32_t)pb->data[i + 1] << 8 |
				             (uint32_t)pb->data[i + 2] << 16 | (uint32_t)pb->data[i + 3] << 24;
				if (f != IP_AFL_F_IDENTITY && src >= FUNCTION_WORDS_MAX)
					break;
				insert(c, apply((enum ip_afl_function)f, w), src, (enum ip_afl_function)f);
			}
		}
	}
	*out = c;
	return 0;
}

void ip_afl_classifier_free(struct ip_afl_classifier *c)
{
	if (!c)
		return;
	free(c->table);
	free(c);
}

static void explain(const struct ip_afl_classifier *c, uint32_t value,
                    enum ip_afl_word_kind *kind, enum ip_afl_function *func, uint32_t *src)
{
	const struct entry *e = lookup(c, value);
	if (!e) {
		*kind = IP_AFL_WORD_NEW;
		*func = IP_AFL_F_IDENTITY;
		*src = value != 0;
		return;
	}
	*func = (enum ip_afl_function)(e->info >> 1 & 0x7f);
	*kind = *func == IP_AFL_F_IDENTITY ? IP_AFL_WORD_PLANTED : IP_AFL_WORD_FUNCTION;
	*src = e->info >> 8;
}

void ip_afl_explain_word(const struct ip_afl_classifier *c, uint32_t word,
                         enum ip_afl_word_kind *kind, enum ip_afl_function *func, uint32_t *src)
{
	explain(c, word, kind, func, src);
}

uint64_t ip_afl_classify(const struct ip_afl_classifier *c, const struct ip_outcome *base,
                         const struct ip_outcome *o, void (*emit)(void *arg, uint32_t feature),
                         void *arg)
{
	uint64_t cls = mix64(UINT64_C(0x636C617373) ^ ((uint64_t)o->status << 32 | o->fault));
	if (emit)
		emit(arg, (uint32_t)mix64(1 ^ ((uint64_t)o->status << 40) ^ o->fault));
	if (o->status == IP_STATUS_OK) {
		int have_base = base && base->status == IP_STATUS_OK && base->len == o->len;
		size_t words = o->len / 4 < c->words ? o->len / 4 : c->words;
		for (size_t w = 0; w < words; w++) {
			uint32_t now = ip_le32(o->data + 4 * w);
			uint32_t was = have_base ? ip_le32(base->data + 4 * w) : 0;
			enum ip_afl_word_kind kind;
			enum ip_afl_function func;
			uint32_t src;
			uint64_t part;
			if (now == was)
				continue;
			explain(c, now, &kind, &func, &src);
			part = (uint64_t)w << 40 ^ (uint64_t)kind << 36 ^ (uint64_t)func << 28 ^ src;
			cls = mix64(cls ^ part) + UINT64_C(0x9E3779B97F4A7C15);
			if (emit)
				emit(arg, (uint32_t)mix64(part ^ UINT64_C(0x776F7264) << 44));
		}
	}
	if (emit)
		emit(arg, (uint32_t)(cls ^ cls >> 32));
	return cls;
}

int ip_afl_class_set_add(struct ip_afl_class_set *s, uint64_t c)
{
	size_t i;
	if (c == 0) {
		int was = s->has_zero;
		s->has_zero = 1;
		return !was;
	}
	if (2 * (s->n + 1) > s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 1024;
		uint64_t *t = calloc(cap, sizeof *t);
		if (!t)
			return -1;
		for (size_t k = 0; k < s->cap; k++)
			if (s->slots[k]) {
				size_t j = (size_t)mix64(s->slots[k]) & (cap - 1);
				while (t[j])
					j = (j + 1) & (cap - 1);
				t[j] = s->slots[k];
			}
		free(s->slots);
		s->slots = t;
		s->cap = cap;
	}
	i = (size_t)mix64(c) & (s->cap - 1);
	while (s->slots[i]) {
		if (s->slots[i] == c)
			return 0;
		i = (i + 1) & (s->cap - 1);
	}
	s->slots[i] = c;
	s->n++;
	return 1;
}

void ip_afl_class_set_free(struct ip_afl_class_set *s)
{
	free(s->slots);
	memset(s, 0, sizeof *s);
}

uint64_t ip_afl_class_set_count(const struct ip_afl_class_set *s)
{
	return s->n + (s->has_zero ? 1 : 0);
}
