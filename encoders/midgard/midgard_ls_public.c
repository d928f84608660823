/* midgard_ls_public.c: load/store bits 25-50 (the notes' field unk25) as later public reverse
 * engineering describes them (Mesa panfrost); positions count from unk25's (or the offset's) bit 0. */
#include "midgard.h"

#define IP_FIELD_ROW_PUBLIC /* the overlay form of F (common/field_row.h) */
#include "common/field_row.h"

/* What the values of the 3-bit register selects and the 2-bit component selects name (M2, M3 of
 * docs/midgard-loadstore-bits.md); the reports compare what a campaign finds with them. */
static const struct ip_enum ls_regs[] = {
	{0, "r26", "the first load/store register"},
	{1, "r27", "the second load/store register"},
	{2, "pc/sp", "program counter or stack pointer"},
	{3, "local storage", "local storage pointers"},
	{4, "local thread id", NULL},
	{5, "workgroup id", NULL},
	{6, "global thread id", NULL},
	{7, "zero", "always zero"},
	{0, NULL, NULL},
};

static const struct ip_enum ls_comps[] = {
	{0, "x", NULL}, {1, "y", NULL}, {2, "z", NULL}, {3, "w", NULL}, {0, NULL, NULL},
};

/* Doc level stays "unknown": the seed notes call these bits unknown. The simulator reads this
 * table to model them; the mutator and the inference never see it (it is not in midgard_isa).
 *  25..17 offset_lo | 16..13 index_shift | 12..10 index_reg | 9..8 index_comp |
 *  7..6 index_format | 5 bitsize_toggle | 4..2 arg_reg | 1..0 arg_comp        (bits of unk25) */
static const struct ip_field ls_public_fields[] = {
	FE("arg_comp", 0, 2, COMPONENT, ls_comps, "32-bit component of the argument register"),
	FE("arg_reg", 2, 3, REGISTER, ls_regs, "argument register: 0 r26, 1 r27, 2-6 special, 7 zero"),
	F("bitsize_toggle", 5, 1, FLAG, "64-bit address / explicit vertex index (attribute ops)"),
	F("index_format", 6, 2, SIZE, "index format; attribute ops: bit 1 secondary table, bit 0 type inference"),
	FE("index_comp", 8, 2, COMPONENT, ls_comps, "32-bit component of the index register"),
	FE("index_reg", 10, 3, REGISTER, ls_regs, "index register: 0 r26, 1 r27, 2-6 special, 7 zero"),
	F("index_shift", 13, 4, IMMEDIATE, "left shift of the index"),
	F("offset_lo", 17, 9, IMMEDIATE, "low 9 bits of the signed offset (high 9 bits: addr)"),
};

const struct ip_format midgard_ls_public = {
	"midgard", "load_store_unk25_public",
	"load/store bits 25-50 as Mesa panfrost describes them (offsets within unk25)", 26,
	ls_public_fields, IP_COUNT(ls_public_fields), NULL,
	"Mesa src/panfrost/midgard/midgard.h (midgard_load_store_word), see docs/midgard-loadstore-bits.md",
};

/* The varying parameters of ld_vary without explicit vertex indexing: bits of offset_lo
 * (Mesa midgard_varying_params; the disassembler reads them from the offset's low 9 bits). */
static const struct ip_field varying_params_fields[] = {
	F("modifier", 0, 3, MODIFIER, "0 none, 1/2/3 divide by y/z/w, 4 cube map"),
	F("flat", 3, 1, FLAG, "flat shading"),
	F("perspective", 4, 1, FLAG, "perspective correction"),
	F("centroid", 5, 1, FLAG, "centroid mapping"),
	F("sample", 6, 1, FLAG, "interpolate at the sample"),
	F("zero", 7, 1, FLAG, "always zero in Mesa's packing"),
	F("sample_pos", 8, 1, IMMEDIATE, "first bit of a direct sample position"),
};

const struct ip_format midgard_ls_varying_params = {
	"midgard", "load_store_varying_params",
	"ld_vary parameters in offset_lo (Mesa midgard_varying_params)", 9,
	varying_params_fields, IP_COUNT(varying_params_fields), NULL,
	"Mesa src/panfrost/midgard/midgard.h (midgard_varying_params), disassemble.c",
};

/* The 18-bit signed offset (offset_lo, then addr) of uniform-buffer loads (Mesa ld_ubo_*). */
static const struct ip_field ubo_offset_fields[] = {
	F("ubo_imm", 0, 1, FLAG, "the buffer index is the immediate arg_comp..index_format"),
	F("unk1", 1, 1, UNKNOWN, "not described"),
	F("byte_offset", 2, 16, OFFSET, "signed byte offset"),
};

const struct ip_format midgard_ls_ubo_offset = {
	"midgard", "load_store_ubo_offset",
	"signed offset of uniform loads (Mesa UNPACK_LDST_UBO_OFS, midgard_unpack_ubo_index_imm)", 18,
	ubo_offset_fields, IP_COUNT(ubo_offset_fields), NULL,
	"Mesa src/panfrost/midgard/helpers.h, disassemble.c",
};
