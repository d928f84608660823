/* program.h: a program as logical instruction words (slots in bundles) and its packed bytes.
 * Mutation happens on slots; packing places every slot's bits back at its bit offset. */
#ifndef ISAPROBE_PROGRAM_H
#define ISAPROBE_PROGRAM_H

#include <stddef.h>
#include <stdint.h>

#include "isaprobe/diag.h"
#include "isaprobe/field.h"

#define IP_BUNDLE_MAX_SLOTS 40 /* a Bifrost clause: header, 8 x 3 instruction parts, 7 constants, unused regions */

/* One logical word: a format and its value, placed at a bit offset of its bundle. */
struct ip_slot {
	const struct ip_format *fmt;
	ip_word value;
	uint16_t bit_offset; /* from the bundle's first bit */
	uint16_t width;      /* bits packed: fmt->bits, or fewer for variable padding */
	int16_t ctx;         /* slot index of this slot's context word (fmt->context), or -1 */
	uint8_t unit;        /* ISA-defined role of the slot inside its bundle */
};

/* One fetch unit of the GPU (a Midgard instruction word, a Bifrost clause, ...). */
struct ip_bundle {
	uint32_t byte_offset; /* in the packed program */
	uint32_t bytes;       /* packed size */
	uint8_t kind;         /* ISA-defined bundle kind (for Midgard, the 4-bit word type) */
	unsigned nslots;
	struct ip_slot slots[IP_BUNDLE_MAX_SLOTS];
};

struct ip_program {
	const struct ip_isa *isa;
	struct ip_bundle *bundles;
	size_t nbundles, cap;
};

void ip_program_init(struct ip_program *p, const struct ip_isa *isa);
void ip_program_free(struct ip_program *p);
/* Appends an empty bundle (no slots, header fields zero) and returns it, or NULL when out of
 * memory. Its slots are set by ip_bundle_add_slot. */
struct ip_bundle *ip_program_add(struct ip_program *p);
/* Appends a slot to a bundle; returns its index or -1 if the bundle is full. */
int ip_bundle_add_slot(struct ip_bundle *b, const struct ip_format *fmt, uint16_t bit_offset,
                       uint16_t width, int16_t ctx, uint8_t unit);
/* The context word of a slot (NULL if it has none). */
const ip_word *ip_slot_context(const struct ip_bundle *b, const struct ip_slot *s);
/* Size in bytes of the packed program (bundles laid end to end). */
size_t ip_program_size(const struct ip_program *p);
/* Writes every slot's bits into out (ip_program_size bytes, zero-filled first). */
void ip_program_pack_slots(const struct ip_program *p, uint8_t *out);
/* The pack of an ISA whose slots lie where their bits go: those bytes, malloc'd in *out. An
 * empty program is an error. */
int ip_program_pack_plain(const struct ip_program *p, uint8_t **out, size_t *len,
                          struct ip_diag *d);
/* Reads `width` bits at bit position `bitpos` of a byte buffer (little-endian), and back. */
ip_word ip_bytes_get_bits(const uint8_t *buf, unsigned bitpos, unsigned width);
void ip_bytes_put_bits(uint8_t *buf, unsigned bitpos, unsigned width, const ip_word *value);

#endif
