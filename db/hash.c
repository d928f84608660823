/* hash.c: isaprobe's own 128-bit hash of outcomes and probe texts, as stored in the database.
 * Part of the file format: the same bytes must give the same hash on every machine, forever. */
#include <string.h>

#include "store_internal.h"

/* Odd 64-bit constants: successive hexadecimal digits of pi's fraction, low bit forced to 1. */
#define K1 UINT64_C(0x243F6A8885A308D3)
#define K2 UINT64_C(0x13198A2E03707345)
#define K3 UINT64_C(0xA4093822299F31D1)
#define K4 UINT64_C(0x082EFA98EC4E6C89)
#define K5 UINT64_C(0x452821E638D01377)
#define K6 UINT64_C(0xBE5466CF34E90C6D)

/* Domain words, so that an outcome and a text never share a hash by construction. */
#define DOMAIN_OUTCOME UINT64_C(0x656D6F6374756F01) /* "\1outcome" */
#define DOMAIN_TEXT UINT64_C(0x0074786574626F72)

struct h128 {
	uint64_t a, b;
};

static uint64_t rotl(uint64_t x, unsigned r)
{
	return (x << r) | (x >> (64 - r));
}

/* A bijective scramble of 64 bits: every input bit reaches every output bit. */
static uint64_t scramble(uint64_t x)
{
	x ^= x >> 31;
	x *= K5;
	x ^= x >> 29;
	x *= K6;
	x ^= x >> 32;
	return x;
}

/* Two lanes with different multipliers and rotations absorb each word. */
static void absorb(struct h128 *h, uint64_t w)
{
	h->a = rotl(h->a ^ (w * K1), 31) * K2;
	h->b = rotl(h->b + (w ^ K3) * K4, 27) * K1 + h->a;
}

/* Little-endian, whatever the host's byte order, so files move between machines: a whole word
 * is one load (and a byte swap on a big-endian host), the tail byte by byte. */
static uint64_t load_le(const uint8_t *p, size_t n)
{
	uint64_t w = 0;
	for (size_t i = n; i-- > 0;)
		w = (w << 8) | p[i];
	return w;
}

static uint64_t load_word(const uint8_t *p)
{
	uint64_t w;
	memcpy(&w, p, sizeof w);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	w = __builtin_bswap64(w);
#endif
	return w;
}

static void absorb_bytes(struct h128 *h, const uint8_t *p, size_t len)
{
	size_t i = 0;
	for (; i + 8 <= len; i += 8)
		absorb(h, load_word(p + i));
	if (i < len)
		absorb(h, load_le(p + i, len - i)); /* the length word says how many bytes */
}

static void finish(struct h128 *h, uint64_t len, uint8_t out[16])
{
	uint64_t a = scramble(h->a ^ len), b = scramble(h->b ^ rotl(len, 32) ^ K3);
	a = scramble(a + rotl(b, 17));
	b = scramble(b ^ a);
	for (unsigned i = 0; i < 8; i++) {
		out[i] = (uint8_t)(a >> (8 * i));
		out[8 + i] = (uint8_t)(b >> (8 * i));
	}
}

static void start(struct h128 *h, uint64_t domain, uint64_t len)
{
	h->a = K1 ^ domain;
	h->b = K2;
	absorb(h, domain);
	absorb(h, len);
}

void ip_hash_outcome(enum ip_status status, uint32_t fault, const uint8_t *data, size_t len,
                     uint8_t out[16])
{
	struct h128 h;
	start(&h, DOMAIN_OUTCOME, len);
	absorb(&h, (uint64_t)(uint32_t)status | (uint64_t)fault << 32);
	absorb_bytes(&h, data, len);
	finish(&h, len, out);
}

/* The in-memory key of an outcome (not stored, so free to change): four lanes of 64-bit words,
 * each lane xor-then-multiply, independent of one another so that a core works on all four at
 * once; then one scramble. Equal outcomes have equal keys; unequal ones compare their bytes
 * before they are taken as one (db/batch.c), so the key need only spread them. */
uint64_t ip_hash_fast(enum ip_status status, uint32_t fault, const uint8_t *data, size_t len)
{
	uint64_t a = K1 ^ len, b = K2, c = K3, e = K4;
	size_t i = 0;
	for (; i + 32 <= len; i += 32) {
		a = (a ^ load_word(data + i)) * K5;
		b = (b ^ load_word(data + i + 8)) * K5;
		c = (c ^ load_word(data + i + 16)) * K5;
		e = (e ^ load_word(data + i + 24)) * K5;
	}
	for (; i + 8 <= len; i += 8)
		a = (a ^ load_word(data + i)) * K6;
	if (i < len)
		b = (b ^ load_le(data + i, len - i)) * K6;
	c ^= (uint64_t)(uint32_t)status | (uint64_t)fault << 32;
	return scramble(a ^ rotl(b, 16) ^ rotl(c, 32) ^ rotl(e, 48));
}

void ip_hash_text(const char *text, size_t len, uint8_t out[16])
{
	struct h128 h;
	start(&h, DOMAIN_TEXT, len);
	absorb_bytes(&h, (const uint8_t *)text, len);
	finish(&h, len, out);
}
