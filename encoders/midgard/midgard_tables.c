/* midgard_tables.c: every Midgard word format as a field table, from the seed notes
 * (docs/notes/000_3a2d5c54c1fe762a.txt). The only place Midgard bit positions are written. */
#include "midgard.h"
#include "common/field_row.h"

#define SEED "seed notes 000 (Midgard), section "

/* Field shorthands (common/field_row.h): F(name, lo, width, kind, doc, enums, default,
 * note); W1, W2 add one or two conditions. */

/* ---- enums ------------------------------------------------------------------------- */

const struct ip_enum midgard_tag_enum[] = {
	{0x1, "end", "no next word (last, or second-to-last before a final ALU word)"},
	{IP_ENUM_UNKNOWN(0x2), "tex_vtx", "not in the notes; Mesa: texture word, vertex (4 words)"},
	{0x3, "tex", "texture word, 4 words"},
	{IP_ENUM_UNKNOWN(0x4), "tex_bar", "not in the notes; Mesa: texture word with barrier (4 words)"},
	{0x5, "ls", "load/store word, 4 words"},
	{0x8, "alu4", "ALU word, 4 words"},
	{0x9, "alu8", "ALU word, 8 words"},
	{0xA, "alu12", "ALU word, 12 words"},
	{0xB, "alu16", "ALU word, 16 words"},
	{IP_ENUM_UNKNOWN(0xC), "aluw4", "not in the notes; Mesa: ALU word with write-out, 4 words"},
	{IP_ENUM_UNKNOWN(0xD), "aluw8", "not in the notes; Mesa: ALU word with write-out, 8 words"},
	{IP_ENUM_UNKNOWN(0xE), "aluw12", "not in the notes; Mesa: ALU word with write-out, 12 words"},
	{IP_ENUM_UNKNOWN(0xF), "aluw16", "not in the notes; Mesa: ALU word with write-out, 16 words"},
	{0, NULL, NULL},
};

static const struct ip_enum alu_opcodes[] = {
	{0x10, "fadd", NULL},      {0x14, "fmul", NULL},      {0x28, "fmin", NULL},
	{0x2C, "fmax", NULL},      {0x30, "fmov", NULL},      {0x36, "ffloor", NULL},
	{0x37, "fceil", NULL},     {0x3C, "fdot3", NULL},     {0x3D, "fdot3r", NULL},
	{0x3E, "fdot4", NULL},     {0x3F, "freduce", NULL},   {0x40, "iadd", NULL},
	{0x46, "isub", NULL},      {0x58, "imul", NULL},      {0x7B, "imov", NULL},
	{0x80, "feq", NULL},       {0x81, "fne", NULL},       {0x82, "flt", "less than"},
	{0x83, "fle", "less than or equal"},                  {0x99, "f2i", NULL},
	{0xA0, "ieq", NULL},       {0xA1, "ine", NULL},       {0xA4, "ilt", NULL},
	{0xA5, "ile", NULL},       {0xB8, "i2f", NULL},       {0xC5, "csel", "conditional select on r31.w"},
	{0xE8, "fatan_pt2", NULL}, {0xF0, "frcp", "reciprocal"},
	{0xF2, "frsqrt", "1/sqrt(x)"},                        {0xF3, "fsqrt", NULL},
	{0xF4, "fexp2", "2^x"},    {0xF5, "flog2", NULL},     {0xF6, "fsin", "input divided by pi"},
	{0xF7, "fcos", "input divided by pi"},                {0xF9, "fatan_pt1", NULL},
	{0, NULL, NULL},
};

static const struct ip_enum vector_modes[] = {
	{1, "half", "16-bit: low and high half-registers in parallel"},
	{2, "full", "32-bit"},
	{0, NULL, NULL},
};

static const struct ip_enum output_sizes[] = {
	{0, "lo", "half, write to lower half"},
	{1, "hi", "half, write to upper half"},
	{2, "normal", NULL},
	{0, NULL, NULL},
};

static const struct ip_enum output_modifiers[] = {
	{0, "none", NULL},
	{1, "pos", "clamp positive"},
	{2, "int", "output integer"},
	{3, "sat", "saturate"},
	{0, NULL, NULL},
};

/* Vector input expand mode (bits 12-14, 25-27): one 3-bit value in Mesa (midgard_src_expand_mode),
 * bit flags in the notes. Names are Mesa's; the doc level of each value is what the notes say of
 * its bits in that mode (docs/midgard-sources.md). */
static const struct ip_enum expand_half[] = {
	{0, "none", "both half-registers feed their own half of the operation"},
	{1, "rep_low", "the notes: replicate the lower half-register to both halves"},
	{2, "rep_high", "the notes: replicate the upper half-register to both halves"},
	{IP_ENUM_UNKNOWN(3), "swap", "both replicate bits: not in the notes; Mesa: swap the halves"},
	{IP_ENUM_UNKNOWN(4), "expand_low", "bit 14 in half mode: not in the notes; Mesa: widen the "
	                                   "low 8-bit lanes"},
	{IP_ENUM_UNKNOWN(5), "expand_high", "not in the notes; Mesa: widen the high 8-bit lanes"},
	{IP_ENUM_UNKNOWN(6), "expand_low_swap", "not in the notes; Mesa: widen low, then swap"},
	{IP_ENUM_UNKNOWN(7), "expand_high_swap", "not in the notes; Mesa: widen high, then swap"},
	{0, NULL, NULL},
};

static const struct ip_enum expand_full[] = {
	{0, "none", "the full-width input"},
	{1, "rep_low", "the notes: half-register selection (high) without the half-register bit; "
	               "Mesa: replicate the low 64 bits (8/16-bit modes only)"},
	{IP_ENUM_UNUSED(2), "rep_high", "bit 13, unused in the notes; Mesa: replicate the high 64 "
	                                "bits (8/16-bit modes only)"},
	{IP_ENUM_UNUSED(3), "swap", "bit 13, unused in the notes; Mesa: swap the 64-bit halves "
	                            "(8/16-bit modes only)"},
	{4, "expand_low", "the notes: the low half-register, widened"},
	{5, "expand_high", "the notes: the high half-register, widened"},
	{IP_ENUM_UNUSED(6), "expand_low_swap", "bit 13, unused in the notes; Mesa: 16-bit mode only"},
	{IP_ENUM_UNUSED(7), "expand_high_swap", "bit 13, unused in the notes; Mesa: 16-bit mode only"},
	{0, NULL, NULL},
};

static const struct ip_enum sizes[] = {
	{0, "half", NULL},
	{1, "full", NULL},
	{0, NULL, NULL},
};

static const struct ip_enum branch_ops[] = {
	{1, "jmp", "unconditional branch"},
	{2, "br", "conditional branch"},
	{7, "fbwrite", "write to framebuffer (layout not yet figured out)"},
	{0, NULL, NULL},
};

static const struct ip_enum branch_conds[] = {
	{1, "false", "branch if r31.w is false"},
	{2, "true", "branch if r31.w is true"},
	{0, NULL, NULL},
};

static const struct ip_enum ls_opcodes[] = {
	{0x03, "noop", "no load/store"},
	{0x94, "ld_attr_32", "load attribute (32-bit)"},
	{0x95, "ld_attr_16", "load attribute (16-bit)"},
	{0x98, "ld_vary_32", "load varying (32-bit)"},
	{0x99, "ld_vary_16", "load varying (16-bit)"},
	{0xAC, "ld_uniform_16", "load uniform (16-bit)"},
	{0xB0, "ld_uniform_32", "load uniform (32-bit)"},
	{0xD4, "st_vary_32", "store varying (32-bit)"},
	{0xD5, "st_vary_16", "store varying (16-bit)"},
	{0, NULL, NULL},
};

/* ---- ALU control word ---------------------------------------------------------------
 *  31..28 27 26 25 24 23 22 21 20 19 18 17 16......8 7..4 3..0
 *  unk28  br cb lut u smul u vadd u sadd u vmul unk8   next type
 */
static const struct ip_field alu_control_fields[] = {
	F("type", 0, 4, TAG, KNOWN, midgard_tag_enum, 0x8,
	  "instruction word type (0x8-0xB; Mesa: 0xC-0xF with write-out)"),
	F("next", 4, 4, TAG, KNOWN, midgard_tag_enum, 0x1, "type of the next instruction word"),
	F("unk8", 8, 9, UNKNOWN, UNKNOWN, NULL, 0, "not described"),
	F("vmul", 17, 1, FLAG, KNOWN, NULL, 0, "vector multiply ALU present (48 bits)"),
	F("unk18", 18, 1, UNKNOWN, UNKNOWN, NULL, 0, "between unit bits; notes wonder if fp64"),
	F("sadd", 19, 1, FLAG, KNOWN, NULL, 0, "scalar add ALU present (32 bits)"),
	F("unk20", 20, 1, UNKNOWN, UNKNOWN, NULL, 0, "between unit bits; notes wonder if fp64"),
	F("vadd", 21, 1, FLAG, KNOWN, NULL, 0, "vector add ALU present (48 bits)"),
	F("unk22", 22, 1, UNKNOWN, UNKNOWN, NULL, 0, "between unit bits; notes wonder if fp64"),
	F("smul", 23, 1, FLAG, KNOWN, NULL, 0, "scalar multiply ALU present (32 bits)"),
	F("unk24", 24, 1, UNKNOWN, UNKNOWN, NULL, 0, "between unit bits; notes wonder if fp64"),
	F("lut", 25, 1, FLAG, KNOWN, NULL, 0, "LUT / multiply ALU 2 present (48 bits)"),
	F("cbranch", 26, 1, FLAG, KNOWN, NULL, 0, "compact output write/branch present (16 bits)"),
	F("branch", 27, 1, FLAG, KNOWN, NULL, 0, "output write/branch present (48 bits)"),
	F("unk28", 28, 4, UNKNOWN, UNKNOWN, NULL, 0, "not described"),
};

const struct ip_format midgard_alu_control = {
	"midgard", "alu_control", "ALU word control word", 32,
	alu_control_fields, IP_COUNT(alu_control_fields), NULL, SEED "ALU Words",
};

/* ---- Register word (one per enabled ALU) --------------------------------------------
 *  15       14..10  9..5                 4..0
 *  src2_imm dst     src2 | imm_hi (11-15) src1
 */
static const struct ip_field alu_reg_fields[] = {
	F("src1", 0, 5, REGISTER, KNOWN, NULL, 0, "input 1 register"),
	W1("src2", 5, 5, REGISTER, KNOWN, NULL, 0, IP_WHEN_IS("src2_imm", 0), "input 2 register"),
	W1("imm_hi", 5, 5, IMMEDIATE, KNOWN, NULL, 0, IP_WHEN_IS("src2_imm", 1),
	   "input 2 inline constant bits 11-15"),
	F("dst", 10, 5, REGISTER, KNOWN, NULL, 0, "output register"),
	F("src2_imm", 15, 1, FLAG, KNOWN, NULL, 0, "input 2 is a 16-bit inline constant"),
};

const struct ip_format midgard_alu_reg = {
	"midgard", "alu_reg", "ALU register word", 16,
	alu_reg_fields, IP_COUNT(alu_reg_fields), NULL, SEED "Register word format",
};

/* ---- Vector ALU (vmul, vadd, lut) --------------------------------------------------
 *  47..40 39..38 37..36  35..28       27..25      24  23  22..15  14..12     11  10  9..8 7..0
 *  mask   outmod outsize src2_swz|imm src2_expand neg abs src1_swz src1_expand neg abs mode op
 * The notes give bits 12-14 (25-27) as flags that depend on the mode: 12 replicate-lower or
 * half-register selection, 13 replicate-upper or unused, 14 half-register input. Mesa reads
 * them as one 3-bit expand mode in every mode; the encoders follow Mesa (docs/midgard-sources.md),
 * and each value keeps the notes' doc level.
 */
#define HALF IP_WHEN_IS("mode", 1)
#define NOT_HALF IP_WHEN_NOT("mode", 1)
#define SRC2_REG IP_WHEN_IS("src2_imm", 0)
#define SRC2_IMM IP_WHEN_IS("src2_imm", 1)
static const struct ip_field vector_alu_fields[] = {
	F("op", 0, 8, OPCODE, KNOWN, alu_opcodes, 0x30, "opcode"),
	F("mode", 8, 2, SIZE, KNOWN, vector_modes, 2, "input/output mode"),
	F("src1_abs", 10, 1, MODIFIER, KNOWN, NULL, 0, "input 1 abs"),
	F("src1_neg", 11, 1, MODIFIER, KNOWN, NULL, 0, "input 1 neg"),
	W1("src1_expand", 12, 3, COMPONENT, KNOWN, expand_half, 0, HALF,
	   "input 1 expand mode; the notes: bit 12 replicate lower, 13 replicate upper half-register"),
	W1("src1_expand", 12, 3, COMPONENT, UNUSED, expand_full, 0, NOT_HALF,
	   "input 1 expand mode; the notes: bit 12 half-register selection, 13 unused, 14 "
	   "half-register input"),
	F("src1_swz", 15, 8, SWIZZLE, KNOWN, NULL, 0xE4, "input 1 swizzle"),
	F("src2_abs", 23, 1, MODIFIER, KNOWN, NULL, 0, "input 2 abs"),
	F("src2_neg", 24, 1, MODIFIER, KNOWN, NULL, 0, "input 2 neg"),
	W1("imm_8_10", 25, 3, IMMEDIATE, KNOWN, NULL, 0, SRC2_IMM, "inline constant bits 8-10"),
	W1("imm_0_7", 28, 8, IMMEDIATE, KNOWN, NULL, 0, SRC2_IMM, "inline constant bits 0-7"),
	W2("src2_expand", 25, 3, COMPONENT, KNOWN, expand_half, 0, SRC2_REG, HALF,
	   "input 2 expand mode; the notes: bit 25 replicate lower, 26 replicate upper half-register"),
	W2("src2_expand", 25, 3, COMPONENT, UNUSED, expand_full, 0, SRC2_REG, NOT_HALF,
	   "input 2 expand mode; the notes: bit 25 half-register selection, 26 unused, 27 "
	   "half-register input"),
	W1("src2_swz", 28, 8, SWIZZLE, KNOWN, NULL, 0xE4, SRC2_REG, "input 2 swizzle"),
	F("out_size", 36, 2, SIZE, KNOWN, output_sizes, 2, "output size override"),
	F("outmod", 38, 2, MODIFIER, KNOWN, output_modifiers, 0, "output modifier"),
	F("mask", 40, 8, MASK, KNOWN, NULL, 0xFF, "write mask: 2 bits per output when 32-bit, 1 when 16-bit"),
};

const struct ip_format midgard_vector_alu = {
	"midgard", "vector_alu", "vector ALU field (vmul, vadd, lut)", 48,
	vector_alu_fields, IP_COUNT(vector_alu_fields), &midgard_alu_reg, SEED "Vector ALU word format",
};

/* ---- Scalar ALU (sadd, smul) --------------------------------------------------------
 *  31..29            28       27..26 25    24..14 (src2 or inline constant)   13..11      10   9   8   7..0
 *  out comp/hsel     out_full outmod unk25 ...                                comp/hsel   full neg abs op
 * Input 2 (a register): 14 abs, 15 neg, 16 full, 17-19 one 3-bit 16-bit lane (Mesa
 * midgard_scalar_alu_src: component c of a 32-bit input is lane 2c, so bits 18-19 = c and bit
 * 17 = 0), 20-24 unknown. The notes put the component at 17-18 and call 19-24 unknown; the
 * encoders follow Mesa (docs/midgard-sources.md). (Input 1 and the output keep the notes' split
 * fields, which say the same thing: their size bits select the alternatives.)
 */
#define S1_FULL IP_WHEN_IS("src1_full", 1)
#define S1_HALF IP_WHEN_IS("src1_full", 0)
#define OUT_FULL IP_WHEN_IS("out_full", 1)
#define OUT_HALF IP_WHEN_IS("out_full", 0)
static const struct ip_field scalar_alu_fields[] = {
	F("op", 0, 8, OPCODE, KNOWN, alu_opcodes, 0x30, "opcode"),
	F("src1_abs", 8, 1, MODIFIER, KNOWN, NULL, 0, "input 1 abs"),
	F("src1_neg", 9, 1, MODIFIER, KNOWN, NULL, 0, "input 1 negate"),
	F("src1_full", 10, 1, SIZE, KNOWN, sizes, 1, "input 1 size (0 = half, 1 = full)"),
	W1("src1_unused11", 11, 1, PADDING, UNUSED, NULL, 0, S1_FULL, "unused"),
	W1("src1_comp", 12, 2, COMPONENT, KNOWN, NULL, 0, S1_FULL, "input 1 component"),
	W1("src1_comp", 11, 2, COMPONENT, KNOWN, NULL, 0, S1_HALF, "input 1 component"),
	W1("src1_hsel", 13, 1, COMPONENT, KNOWN, NULL, 0, S1_HALF, "input 1 half-register selection (high or low)"),
	W1("imm_9_10", 14, 2, IMMEDIATE, KNOWN, NULL, 0, SRC2_IMM, "inline constant bits 9-10"),
	W1("imm_8", 16, 1, IMMEDIATE, KNOWN, NULL, 0, SRC2_IMM, "inline constant bit 8"),
	W1("imm_5_7", 17, 3, IMMEDIATE, KNOWN, NULL, 0, SRC2_IMM, "inline constant bits 5-7"),
	W1("imm_0_4", 20, 5, IMMEDIATE, KNOWN, NULL, 0, SRC2_IMM, "inline constant bits 0-4"),
	W1("src2_abs", 14, 1, MODIFIER, KNOWN, NULL, 0, SRC2_REG, "input 2 abs"),
	W1("src2_neg", 15, 1, MODIFIER, KNOWN, NULL, 0, SRC2_REG, "input 2 negate"),
	W1("src2_full", 16, 1, SIZE, KNOWN, sizes, 1, SRC2_REG, "input 2 size (0 = half, 1 = full)"),
	W1("src2_comp", 17, 3, COMPONENT, UNKNOWN, NULL, 0, SRC2_REG,
	   "input 2 16-bit lane (Mesa): component c of a full input is lane 2c, of a half input "
	   "c + 4 x half-register; the notes: component at 17-18, bit 19 unknown"),
	W1("unk20", 20, 5, UNKNOWN, UNKNOWN, NULL, 0, SRC2_REG,
	   "unknown (Mesa: the top bits of the 11-bit input 2 slot, zero for a register)"),
	F("unk25", 25, 1, UNKNOWN, UNKNOWN, NULL, 0, "unknown (Mesa: reserved)"),
	F("outmod", 26, 2, MODIFIER, KNOWN, output_modifiers, 0, "output modifier"),
	F("out_full", 28, 1, SIZE, KNOWN, sizes, 1, "output size (0 = half, 1 = full)"),
	W1("out_unused29", 29, 1, PADDING, UNUSED, NULL, 0, OUT_FULL, "unused"),
	W1("out_comp", 30, 2, COMPONENT, KNOWN, NULL, 0, OUT_FULL, "output component"),
	W1("out_comp", 29, 2, COMPONENT, KNOWN, NULL, 0, OUT_HALF, "output component"),
	W1("out_hsel", 31, 1, COMPONENT, KNOWN, NULL, 0, OUT_HALF, "output half-register selection (high or low)"),
};

const struct ip_format midgard_scalar_alu = {
	"midgard", "scalar_alu", "scalar ALU field (sadd, smul)", 32,
	scalar_alu_fields, IP_COUNT(scalar_alu_fields), &midgard_alu_reg, SEED "Scalar ALU word format",
};

/* ---- Compact branch (16 bits) --------------------------------------------------------
 *  conditional:   15..14 cond | 13..7 offset (signed) | 6..3 dest_tag | 2..0 op=010
 *  unconditional: 15..9 offset (signed) | 8..7 unk7 | 6..3 dest_tag | 2..0 op=001
 * The notes: the unconditional offset is zero-extended; Mesa declares it signed and emits
 * backward jumps with it, so the encoders sign-extend it (docs/midgard-sources.md).
 */
#define BR_JMP IP_WHEN_IS("op", 1)
#define BR_COND IP_WHEN_IS("op", 2)
#define BR_OTHER {"op", ~(UINT64_C(1) << 1 | UINT64_C(1) << 2)}
static const struct ip_field branch_compact_fields[] = {
	F("op", 0, 3, OPCODE, KNOWN, branch_ops, 1, "branch opcode"),
	W1("dest_tag", 3, 4, TAG, KNOWN, midgard_tag_enum, 0x8, BR_COND, "type of the word branched to"),
	W1("offset", 7, 7, OFFSET, KNOWN, NULL, 0, BR_COND,
	   "quadwords relative to the next word, sign-extended"),
	W1("cond", 14, 2, OPCODE, KNOWN, branch_conds, 2, BR_COND, "branch condition on r31.w"),
	W1("dest_tag", 3, 4, TAG, KNOWN, midgard_tag_enum, 0x8, BR_JMP, "type of the word branched to"),
	W1("unk7", 7, 2, UNKNOWN, UNKNOWN, NULL, 1, BR_JMP,
	   "unknown, always 01 so far (Mesa: call mode 1 default, 2 call, 3 return)"),
	W1("offset", 9, 7, OFFSET, KNOWN, NULL, 0, BR_JMP,
	   "quadwords relative to the next word, sign-extended (Mesa; the notes: zero-extended)"),
	W1("unk3", 3, 13, UNKNOWN, UNKNOWN, NULL, 0, BR_OTHER,
	   "framebuffer write and other opcodes: not figured out"),
};

const struct ip_format midgard_branch_compact = {
	"midgard", "branch_compact", "compact branch / framebuffer write", 16,
	branch_compact_fields, IP_COUNT(branch_compact_fields), NULL, SEED "Compact branch/framebuffer",
};

/* ---- Extended output write / branch (48 bits): the notes give only its size ------------ */
static const struct ip_field branch_extended_fields[] = {
	F("unk0", 0, 48, UNKNOWN, UNKNOWN, NULL, 0, "not described"),
};

const struct ip_format midgard_branch_extended = {
	"midgard", "branch_extended", "output write/branch (extended)", 48,
	branch_extended_fields, IP_COUNT(branch_extended_fields), NULL, SEED "ALU Words (bit 27)",
};

/* ---- Embedded constants and padding of ALU words ------------------------------------- */
static const struct ip_field alu_constants_fields[] = {
	F("c0", 0, 32, IMMEDIATE, KNOWN, NULL, 0, "constant x (float bits if the input is float)"),
	F("c1", 32, 32, IMMEDIATE, KNOWN, NULL, 0, "constant y"),
	F("c2", 64, 32, IMMEDIATE, KNOWN, NULL, 0, "constant z"),
	F("c3", 96, 32, IMMEDIATE, KNOWN, NULL, 0, "constant w"),
};

const struct ip_format midgard_alu_constants = {
	"midgard", "alu_constants", "embedded constants (4 x 32 bits)", 128,
	alu_constants_fields, IP_COUNT(alu_constants_fields), NULL, SEED "ALU Words",
};

static const struct ip_field alu_padding_fields[] = {
	F("pad0", 0, 64, PADDING, UNUSED, NULL, 0, "zero padding to a 4-word multiple"),
	F("pad64", 64, 64, PADDING, UNUSED, NULL, 0, "zero padding to a 4-word multiple"),
};

const struct ip_format midgard_alu_padding = {
	"midgard", "alu_padding", "padding of an ALU word", 128,
	alu_padding_fields, IP_COUNT(alu_padding_fields), NULL, SEED "ALU Words",
};

/* ---- Load/store word: 8-bit tag, then two 60-bit instructions ------------------------- */
static const struct ip_field ls_tag_fields[] = {
	F("type", 0, 4, TAG, KNOWN, midgard_tag_enum, 0x5, "instruction word type (0x5)"),
	F("next", 4, 4, TAG, KNOWN, midgard_tag_enum, 0x1, "type of the next instruction word"),
};

const struct ip_format midgard_ls_tag = {
	"midgard", "ls_tag", "load/store word tag", 8,
	ls_tag_fields, IP_COUNT(ls_tag_fields), NULL, SEED "Load/store words",
};

/*  59..51 addr | 50..25 unk25 | 24..17 swz | 16..13 mask | 12..8 reg | 7..0 op */
static const struct ip_field load_store_fields[] = {
	F("op", 0, 8, OPCODE, KNOWN, ls_opcodes, 0x03, "opcode"),
	F("reg", 8, 5, REGISTER, KNOWN, NULL, 0, "source/destination register"),
	F("mask", 13, 4, MASK, KNOWN, NULL, 0xF, "component mask"),
	F("swz", 17, 8, SWIZZLE, KNOWN, NULL, 0xE4, "swizzle"),
	F("unk25", 25, 26, UNKNOWN, UNKNOWN, NULL, 0, "unknown"),
	F("addr", 51, 9, OFFSET, KNOWN, NULL, 0, "load/store address"),
};

const struct ip_format midgard_load_store = {
	"midgard", "load_store", "load/store instruction (two per load/store word)", 60,
	load_store_fields, IP_COUNT(load_store_fields), NULL, SEED "Load/store words",
};

/* ---- Texture word: only its type is described --------------------------------------- */
static const struct ip_field texture_fields[] = {
	F("type", 0, 4, TAG, KNOWN, midgard_tag_enum, 0x3,
	  "instruction word type (0x3; Mesa: also 0x2 vertex, 0x4 barrier)"),
	F("next", 4, 4, TAG, KNOWN, midgard_tag_enum, 0x1, "type of the next instruction word"),
	F("unk8", 8, 56, UNKNOWN, UNKNOWN, NULL, 0, "not described"),
	F("unk64", 64, 64, UNKNOWN, UNKNOWN, NULL, 0, "not described"),
};

const struct ip_format midgard_texture = {
	"midgard", "texture", "texture word (4 words, opaque)", 128,
	texture_fields, IP_COUNT(texture_fields), NULL, SEED "Instruction format",
};

/* ---- Units of an ALU word, in bit order --------------------------------------------- */
const struct midgard_unit_info midgard_units[MIDGARD_UNIT_COUNT] = {
	[MIDGARD_UNIT_VMUL] = {"vmul", 17, "vmul", &midgard_vector_alu},
	[MIDGARD_UNIT_SADD] = {"sadd", 19, "sadd", &midgard_scalar_alu},
	[MIDGARD_UNIT_VADD] = {"vadd", 21, "vadd", &midgard_vector_alu},
	[MIDGARD_UNIT_SMUL] = {"smul", 23, "smul", &midgard_scalar_alu},
	[MIDGARD_UNIT_LUT] = {"lut", 25, "lut", &midgard_vector_alu},
	[MIDGARD_UNIT_CBRANCH] = {"cbr", 26, "cbranch", &midgard_branch_compact},
	[MIDGARD_UNIT_BRANCH] = {"br", 27, "branch", &midgard_branch_extended},
};

/* ---- Where the 16-bit inline constant's bits go (register word bit 15 set) ----------- */
const struct midgard_imm_piece midgard_vector_imm[] = {
	{"imm_0_7", 0}, {"imm_8_10", 8}, {"imm_hi", 11}, {NULL, 0},
};

const struct midgard_imm_piece midgard_scalar_imm[] = {
	{"imm_0_4", 0}, {"imm_5_7", 5}, {"imm_8", 8}, {"imm_9_10", 9}, {"imm_hi", 11}, {NULL, 0},
};
