/* program.c: the ISA-neutral program container: bundles of slots, and placing slot bits into bytes.
 * ISA code decides the layout (which slots, where); this file only stores and copies bits. */
#include "isaprobe/program.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"

void ip_program_init(struct ip_program *p, const struct ip_isa *isa)
{
	memset(p, 0, sizeof *p);
	p->isa = isa;
}

void ip_program_free(struct ip_program *p)
{
	free(p->bundles);
	p->bundles = NULL;
	p->nbundles = p->cap = 0;
}

struct ip_bundle *ip_program_add(struct ip_program *p)
{
	if (ip_grow((void **)&p->bundles, &p->cap, p->nbundles + 1, sizeof *p->bundles))
		return NULL;
	/* the header only: a slot is set whole when it is added (the slots are 2 KB) */
	memset(&p->bundles[p->nbundles], 0, offsetof(struct ip_bundle, slots));
	return &p->bundles[p->nbundles++];
}

int ip_bundle_add_slot(struct ip_bundle *b, const struct ip_format *fmt, uint16_t bit_offset,
                       uint16_t width, int16_t ctx, uint8_t unit)
{
	struct ip_slot *s;
	if (b->nslots == IP_BUNDLE_MAX_SLOTS)
		return -1;
	s = &b->slots[b->nslots];
	s->fmt = fmt;
	s->value = ip_word_zero();
	s->bit_offset = bit_offset;
	s->width = width;
	s->ctx = ctx;
	s->unit = unit;
	return (int)b->nslots++;
}

const ip_word *ip_slot_context(const struct ip_bundle *b, const struct ip_slot *s)
{
	if (s->ctx < 0 || (unsigned)s->ctx >= b->nslots)
		return NULL;
	return &b->slots[s->ctx].value;
}

size_t ip_program_size(const struct ip_program *p)
{
	size_t n = 0;
	for (size_t i = 0; i < p->nbundles; i++)
		n += p->bundles[i].bytes;
	return n;
}

ip_word ip_bytes_get_bits(const uint8_t *buf, unsigned bitpos, unsigned width)
{
	ip_word v = ip_word_zero();
	unsigned i = 0;
	while (i < width) {
		unsigned b = bitpos + i;
		if (b % 8 == 0 && width - i >= 8) {
			ip_bits_set(&v, i, 8, buf[b / 8]);
			i += 8;
			continue;
		}
		if ((buf[b / 8] >> (b % 8)) & 1)
			ip_bits_set(&v, i, 1, 1);
		i++;
	}
	return v;
}

void ip_bytes_put_bits(uint8_t *buf, unsigned bitpos, unsigned width, const ip_word *value)
{
	/* A partial first byte, whole bytes (taken from the value 64 bits at a time), a partial
	 * last byte; no byte outside the range changes. */
	uint8_t *p = buf + bitpos / 8;
	unsigned off = bitpos % 8, i = 0;
	if (off && width) {
		unsigned n = 8 - off < width ? 8 - off : width;
		unsigned m = ((1u << n) - 1) << off;
		*p = (uint8_t)((*p & ~m) | ((unsigned)ip_bits_get(value, 0, n) << off));
		p++;
		i = n;
	}
	while (width - i >= 8) {
		unsigned n = (width - i) / 8 * 8 > 64 ? 64 : (width - i) / 8 * 8;
		uint64_t v = ip_bits_get(value, i, n);
		for (unsigned k = 0; k < n / 8; k++)
			*p++ = (uint8_t)(v >> (8 * k));
		i += n;
	}
	if (i < width) {
		unsigned n = width - i, m = (1u << n) - 1;
		*p = (uint8_t)((*p & ~m) | ((unsigned)ip_bits_get(value, i, n) & m));
	}
}

void ip_program_pack_slots(const struct ip_program *p, uint8_t *out)
{
	memset(out, 0, ip_program_size(p));
	for (size_t i = 0; i < p->nbundles; i++) {
		const struct ip_bundle *b = &p->bundles[i];
		for (unsigned k = 0; k < b->nslots; k++) {
			const struct ip_slot *s = &b->slots[k];
			ip_bytes_put_bits(out + b->byte_offset, s->bit_offset, s->width, &s->value);
		}
	}
}

int ip_program_pack_plain(const struct ip_program *p, uint8_t **out, size_t *len,
                          struct ip_diag *d)
{
	size_t n = ip_program_size(p);
	*out = NULL;
	*len = 0;
	if (n == 0)
		return ip_diag_plain(d, "empty program: no instructions");
	*out = malloc(n);
	if (!*out)
		return ip_diag_plain(d, "out of memory");
	ip_program_pack_slots(p, *out);
	*len = n;
	return 0;
}
