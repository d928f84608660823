/* word.h: a 128-bit instruction word and the bit operations every encoder shares.
 * Bit 0 is the least significant bit of w[0]; bit 64 is bit 0 of w[1]. */
#ifndef ISAPROBE_WORD_H
#define ISAPROBE_WORD_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

typedef struct ip_word {
	uint64_t w[2];
} ip_word;

#define IP_WORD_MAX_BITS 128u

static inline uint64_t ip_mask64(unsigned width)
{
	return width >= 64 ? ~UINT64_C(0) : ((UINT64_C(1) << width) - 1);
}

/* Reads `width` (1..64) bits starting at bit `lo` (lo + width <= 128). */
static inline uint64_t ip_bits_get(const ip_word *word, unsigned lo, unsigned width)
{
	uint64_t v;
	if (lo >= 64)
		v = word->w[1] >> (lo - 64);
	else if (lo == 0)
		v = word->w[0];
	else
		v = (word->w[0] >> lo) | (word->w[1] << (64 - lo));
	return v & ip_mask64(width);
}

/* Writes the low `width` bits of `value` at bit `lo`; other bits are kept. */
static inline void ip_bits_set(ip_word *word, unsigned lo, unsigned width, uint64_t value)
{
	uint64_t m = ip_mask64(width);
	value &= m;
	if (lo >= 64) {
		word->w[1] = (word->w[1] & ~(m << (lo - 64))) | (value << (lo - 64));
		return;
	}
	word->w[0] = (word->w[0] & ~(m << lo)) | (value << lo);
	if (lo + width > 64) {
		unsigned shift = 64 - lo;
		uint64_t hm = m >> shift;
		word->w[1] = (word->w[1] & ~hm) | (value >> shift);
	}
}

static inline bool ip_word_eq(const ip_word *a, const ip_word *b)
{
	return a->w[0] == b->w[0] && a->w[1] == b->w[1];
}

static inline ip_word ip_word_zero(void)
{
	ip_word z = {{0, 0}};
	return z;
}

/* Bits [lo, lo+width) set; width 0..128. */
static inline ip_word ip_word_range(unsigned lo, unsigned width)
{
	ip_word m = ip_word_zero();
	for (unsigned done = 0; done < width;) {
		unsigned chunk = width - done > 64 ? 64 : width - done;
		ip_bits_set(&m, lo + done, chunk, ~UINT64_C(0));
		done += chunk;
	}
	return m;
}

/* Little-endian byte image of the low `bytes` bytes of a word. */
static inline void ip_word_to_bytes(const ip_word *word, uint8_t *out, unsigned bytes)
{
	for (unsigned i = 0; i < bytes; i++)
		out[i] = (uint8_t)(word->w[i / 8] >> (8 * (i % 8)));
}

static inline ip_word ip_word_from_bytes(const uint8_t *in, unsigned bytes)
{
	ip_word word = ip_word_zero();
	for (unsigned i = 0; i < bytes; i++)
		word.w[i / 8] |= (uint64_t)in[i] << (8 * (i % 8));
	return word;
}

#endif
