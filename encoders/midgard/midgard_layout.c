/* midgard_layout.c: where each logical word sits in a Midgard instruction word, unpack and pack.
 * Layout rules (tags, unit order, padding, constants, next-type) are the seed notes'. */
#include <stdlib.h>
#include <string.h>

#include "midgard.h"

unsigned midgard_tag_words(unsigned tag)
{
	switch (tag) {
	case MIDGARD_TAG_TEXTURE_VTX:
	case MIDGARD_TAG_TEXTURE:
	case MIDGARD_TAG_TEXTURE_BAR:
	case MIDGARD_TAG_LOAD_STORE:
		return 4;
	case MIDGARD_TAG_ALU4:
	case MIDGARD_TAG_ALU8:
	case MIDGARD_TAG_ALU12:
	case MIDGARD_TAG_ALU16:
	case MIDGARD_TAG_ALU4_WRITEOUT:
	case MIDGARD_TAG_ALU8_WRITEOUT:
	case MIDGARD_TAG_ALU12_WRITEOUT:
	case MIDGARD_TAG_ALU16_WRITEOUT:
		return 4 * ((tag & 3) + 1);
	default:
		return 0;
	}
}

int midgard_tag_is_alu(unsigned tag)
{
	return tag >= MIDGARD_TAG_ALU4 && tag <= MIDGARD_TAG_ALU16_WRITEOUT;
}

int midgard_tag_is_texture(unsigned tag)
{
	return tag == MIDGARD_TAG_TEXTURE_VTX || tag == MIDGARD_TAG_TEXTURE ||
	       tag == MIDGARD_TAG_TEXTURE_BAR;
}

unsigned midgard_alu_tag_for_words(unsigned words)
{
	switch (words) {
	case 4:
		return MIDGARD_TAG_ALU4;
	case 8:
		return MIDGARD_TAG_ALU8;
	case 12:
		return MIDGARD_TAG_ALU12;
	case 16:
		return MIDGARD_TAG_ALU16;
	default:
		return 0;
	}
}

static int unit_enabled(uint32_t control, unsigned u)
{
	return (control >> midgard_units[u].enable_bit) & 1;
}

unsigned midgard_alu_body_bits(uint32_t control)
{
	unsigned bits = midgard_alu_control.bits;
	for (unsigned u = 0; u < MIDGARD_UNIT_COUNT; u++) {
		if (!unit_enabled(control, u))
			continue;
		bits += midgard_units[u].fmt->bits;
		if (u < MIDGARD_ALU_UNITS)
			bits += midgard_alu_reg.bits;
	}
	return bits;
}

int midgard_alu_layout(struct ip_bundle *b, ip_word control, struct ip_diag *d)
{
	uint32_t ctl = (uint32_t)control.w[0];
	unsigned words = midgard_tag_words(ctl & 0xF);
	unsigned total = words * 32, body = midgard_alu_body_bits(ctl);
	unsigned padded = (body + 127) / 128 * 128, pos;
	int16_t reg_slot[MIDGARD_ALU_UNITS];

	if (words == 0 || (ctl & 0xF) < MIDGARD_TAG_ALU4)
		return ip_diag_plain(d, "not an ALU word type: 0x%x", ctl & 0xF);
	if (padded > total)
		return ip_diag_plain(d,
		                     "mis-tagged ALU word: its units need %u words but type 0x%x "
		                     "gives %u",
		                     padded / 32, ctl & 0xF, words);
	b->nslots = 0;
	b->kind = (uint8_t)(ctl & 0xF);
	b->bytes = words * 4;
	ip_bundle_add_slot(b, &midgard_alu_control, 0, 32, -1, MIDGARD_ROLE_CONTROL);
	b->slots[0].value = control;
	pos = 32;
	for (unsigned u = 0; u < MIDGARD_ALU_UNITS; u++) {
		reg_slot[u] = -1;
		if (!unit_enabled(ctl, u))
			continue;
		reg_slot[u] = (int16_t)ip_bundle_add_slot(b, &midgard_alu_reg, (uint16_t)pos, 16, -1,
		                                          MIDGARD_ROLE_REG);
		pos += 16;
	}
	for (unsigned u = 0; u < MIDGARD_UNIT_COUNT; u++) {
		const struct ip_format *f = midgard_units[u].fmt;
		if (!unit_enabled(ctl, u))
			continue;
		ip_bundle_add_slot(b, f, (uint16_t)pos, (uint16_t)f->bits,
		                   u < MIDGARD_ALU_UNITS ? reg_slot[u] : -1,
		                   (uint8_t)(MIDGARD_ROLE_UNIT + u));
		pos += f->bits;
	}
	if (padded > body)
		ip_bundle_add_slot(b, &midgard_alu_padding, (uint16_t)body, (uint16_t)(padded - body),
		                   -1, MIDGARD_ROLE_PAD);
	if (total > padded) {
		for (pos = padded; pos + 128 < total; pos += 128)
			ip_bundle_add_slot(b, &midgard_alu_padding, (uint16_t)pos, 128, -1,
			                   MIDGARD_ROLE_PAD_QUAD);
		ip_bundle_add_slot(b, &midgard_alu_constants, (uint16_t)(total - 128), 128, -1,
		                   MIDGARD_ROLE_CONSTANTS);
	}
	return 0;
}

void midgard_ls_layout(struct ip_bundle *b)
{
	b->nslots = 0;
	b->kind = MIDGARD_TAG_LOAD_STORE;
	b->bytes = 16;
	ip_bundle_add_slot(b, &midgard_ls_tag, 0, 8, -1, MIDGARD_ROLE_LS_TAG);
	ip_bundle_add_slot(b, &midgard_load_store, 8, 60, -1, MIDGARD_ROLE_LS);
	ip_bundle_add_slot(b, &midgard_load_store, 68, 60, -1, MIDGARD_ROLE_LS);
}

void midgard_texture_layout(struct ip_bundle *b, unsigned tag)
{
	b->nslots = 0;
	b->kind = (uint8_t)tag;
	b->bytes = 16;
	ip_bundle_add_slot(b, &midgard_texture, 0, 128, -1, MIDGARD_ROLE_TEXTURE);
}

struct ip_slot *midgard_tag_slot(struct ip_bundle *b)
{
	return &b->slots[0];
}

unsigned midgard_next_tag(const struct ip_program *p, size_t i)
{
	if (i + 1 >= p->nbundles)
		return MIDGARD_TAG_END;
	if (i + 2 == p->nbundles && midgard_tag_is_alu(p->bundles[i + 1].kind))
		return MIDGARD_TAG_END;
	return p->bundles[i + 1].kind;
}

int midgard_unpack(const uint8_t *bytes, size_t len, struct ip_program *out, struct ip_diag *d)
{
	size_t pos = 0;
	ip_program_init(out, &midgard_isa);
	if (len == 0)
		return ip_diag_offset(d, 0, "empty binary: no instruction words");
	while (pos < len) {
		unsigned tag = bytes[pos] & 0xF, words = midgard_tag_words(tag);
		struct ip_bundle *b;
		if (words == 0) {
			ip_program_free(out);
			return ip_diag_offset(d, (long)pos,
			                      "unknown instruction word type 0x%x (expected 0x2-0x5 "
			                      "or 0x8-0xF)",
			                      tag);
		}
		if (len - pos < words * 4) {
			ip_program_free(out);
			return ip_diag_offset(d, (long)pos,
			                      "truncated: a type 0x%x word needs %u bytes, %zu remain",
			                      tag, words * 4, len - pos);
		}
		b = ip_program_add(out);
		if (!b) {
			ip_program_free(out);
			return ip_diag_plain(d, "out of memory");
		}
		b->byte_offset = (uint32_t)pos;
		if (midgard_tag_is_texture(tag)) {
			midgard_texture_layout(b, tag);
		} else if (tag == MIDGARD_TAG_LOAD_STORE) {
			midgard_ls_layout(b);
		} else if (midgard_alu_layout(b, ip_bytes_get_bits(bytes + pos, 0, 32), d) != 0) {
			char msg[sizeof d->msg];
			memcpy(msg, d->msg, sizeof msg);
			ip_program_free(out);
			return ip_diag_offset(d, (long)pos, "%s", msg);
		}
		for (unsigned k = 0; k < b->nslots; k++) {
			struct ip_slot *s = &b->slots[k];
			s->value = ip_bytes_get_bits(bytes + pos, s->bit_offset, s->width);
		}
		pos += words * 4;
	}
	return 0;
}

int midgard_pack(const struct ip_program *p, uint8_t **out, size_t *len, struct ip_diag *d)
{
	size_t size = ip_program_size(p), pos = 0;
	for (size_t i = 0; i < p->nbundles; i++) {
		if (p->bundles[i].byte_offset != pos)
			return ip_diag_plain(d, "word %zu is not where the previous one ends", i);
		pos += p->bundles[i].bytes;
	}
	*out = malloc(size ? size : 1);
	if (!*out)
		return ip_diag_plain(d, "out of memory");
	ip_program_pack_slots(p, *out);
	*len = size;
	return 0;
}
