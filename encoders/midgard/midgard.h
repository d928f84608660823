/* midgard.h: Mali Midgard (T6xx-T8xx) word formats, bundle layout and the ISA entry points.
 * Every bit position lives in midgard_tables.c; this header only names things. */
#ifndef ISAPROBE_MIDGARD_H
#define ISAPROBE_MIDGARD_H

#include "isaprobe/field.h"
#include "isaprobe/isa.h"

/* Instruction word types (bits 0-3 of every word; also the next-type values). The notes give
 * 0x3, 0x5 and 0x8-0xB; Mesa adds texture variants 0x2 and 0x4 and the write-out ALU words
 * 0xC-0xF (docs/midgard-sources.md). */
enum midgard_tag {
	MIDGARD_TAG_END = 0x1, /* next-type value of the last words */
	MIDGARD_TAG_TEXTURE_VTX = 0x2,
	MIDGARD_TAG_TEXTURE = 0x3,
	MIDGARD_TAG_TEXTURE_BAR = 0x4,
	MIDGARD_TAG_LOAD_STORE = 0x5,
	MIDGARD_TAG_ALU4 = 0x8,
	MIDGARD_TAG_ALU8 = 0x9,
	MIDGARD_TAG_ALU12 = 0xA,
	MIDGARD_TAG_ALU16 = 0xB,
	MIDGARD_TAG_ALU4_WRITEOUT = 0xC,
	MIDGARD_TAG_ALU8_WRITEOUT = 0xD,
	MIDGARD_TAG_ALU12_WRITEOUT = 0xE,
	MIDGARD_TAG_ALU16_WRITEOUT = 0xF,
};
#define MIDGARD_TAG_WRITEOUT_BIT 0x4 /* ALU types: 0xC-0xF are 0x8-0xB with write-out */

/* Units of an ALU word, in the order their enable bits, register words and fields appear. */
enum midgard_unit {
	MIDGARD_UNIT_VMUL,
	MIDGARD_UNIT_SADD,
	MIDGARD_UNIT_VADD,
	MIDGARD_UNIT_SMUL,
	MIDGARD_UNIT_LUT,
	MIDGARD_UNIT_CBRANCH,
	MIDGARD_UNIT_BRANCH,
	MIDGARD_UNIT_COUNT
};
#define MIDGARD_ALU_UNITS 5 /* the first five units have a register word */

/* Slot roles inside a bundle (struct ip_slot.unit). */
enum midgard_role {
	MIDGARD_ROLE_UNIT = 0,      /* + midgard_unit: a unit's field */
	MIDGARD_ROLE_CONTROL = 16,  /* ALU control word */
	MIDGARD_ROLE_REG = 17,      /* register word (which unit: the slot that names it as ctx) */
	MIDGARD_ROLE_PAD = 18,      /* zero padding after the ALU fields */
	MIDGARD_ROLE_CONSTANTS = 19,
	MIDGARD_ROLE_PAD_QUAD = 20, /* whole padding quadwords before the constants */
	MIDGARD_ROLE_LS_TAG = 21,
	MIDGARD_ROLE_LS = 22,
	MIDGARD_ROLE_TEXTURE = 23,
};

struct midgard_unit_info {
	const char *name;        /* assembly prefix: vmul, sadd, ... */
	unsigned enable_bit;     /* bit of the control word */
	const char *enable_field;
	const struct ip_format *fmt;
};

extern const struct ip_format midgard_alu_control;
extern const struct ip_format midgard_alu_reg;
extern const struct ip_format midgard_vector_alu;
extern const struct ip_format midgard_scalar_alu;
extern const struct ip_format midgard_branch_compact;
extern const struct ip_format midgard_branch_extended;
extern const struct ip_format midgard_alu_constants;
extern const struct ip_format midgard_alu_padding;
extern const struct ip_format midgard_ls_tag;
extern const struct ip_format midgard_load_store;
extern const struct ip_format midgard_texture;
/* Load/store bits 25-50 as later public work describes them (not part of midgard_isa). */
extern const struct ip_format midgard_ls_public;
extern const struct ip_format midgard_ls_varying_params;
extern const struct ip_format midgard_ls_ubo_offset;
/* Branch bits the notes leave undescribed, as Mesa lays them out (not part of midgard_isa). */
extern const struct ip_format midgard_branch_writeout_public;
extern const struct ip_format midgard_branch_extended_public;

extern const struct midgard_unit_info midgard_units[MIDGARD_UNIT_COUNT];

/* One piece of a split inline constant: a field (of the unit or its register word) holding
 * constant bits [const_lo, const_lo + field width). Lists end with a NULL field. */
struct midgard_imm_piece {
	const char *field;
	unsigned const_lo;
};
extern const struct midgard_imm_piece midgard_vector_imm[];
extern const struct midgard_imm_piece midgard_scalar_imm[];
extern const struct ip_enum midgard_tag_enum[];
extern const struct ip_isa midgard_isa;

/* Words (32-bit) in an instruction word of this type, or 0 for an unknown type. */
unsigned midgard_tag_words(unsigned tag);
/* Whether a type is an ALU word (0x8-0xF) or a texture word (0x2-0x4). */
int midgard_tag_is_alu(unsigned tag);
int midgard_tag_is_texture(unsigned tag);
/* Tag of the ALU word with this many 32-bit words, or 0. */
unsigned midgard_alu_tag_for_words(unsigned words);

/* Bits used by the enabled units' register words and fields, control word included. */
unsigned midgard_alu_body_bits(uint32_t control);

/* Lays out an ALU bundle's slots from its control word and tag; values are left zero except
 * the control word. Returns 0, or -1 with d set when the units do not fit the tag. */
int midgard_alu_layout(struct ip_bundle *b, ip_word control, struct ip_diag *d);
/* Lays out a load/store or texture bundle (tag and next type are in the first slot). */
void midgard_ls_layout(struct ip_bundle *b);
void midgard_texture_layout(struct ip_bundle *b, unsigned tag);

/* The next-type value the notes' rule gives word i of a program of n words. */
unsigned midgard_next_tag(const struct ip_program *p, size_t i);

/* The slot holding a field of the bundle's first word (type, next), for any bundle kind. */
struct ip_slot *midgard_tag_slot(struct ip_bundle *b);

int midgard_unpack(const uint8_t *bytes, size_t len, struct ip_program *out, struct ip_diag *d);
int midgard_pack(const struct ip_program *p, uint8_t **out, size_t *len, struct ip_diag *d);
int midgard_assemble(const char *src, struct ip_program *out, struct ip_diag *d);
int midgard_disassemble(const struct ip_program *p, FILE *out);

#endif
