/* midgard_public.c: Midgard's public-knowledge overlay: every word format as Mesa's panfrost
 * reads it (midgard.h, helpers.h, disassemble.c), with the tables of midgard_ls_public.c and
 * midgard_branch_public.c for the load/store and branch bits the notes leave undescribed. */
#include "isaprobe/internal/public.h"
#include "midgard.h"

#define IP_FIELD_ROW_PUBLIC /* the overlay form of F (common/field_row.h) */
#include "common/field_row.h"

#define FMT(var, bits, title, fields, src)                                                        \
	static const struct ip_format var = {"midgard", #var, title, bits, fields,                \
	                                     IP_COUNT(fields), NULL, src}
#define MIDGARD_H "Mesa src/panfrost/midgard/midgard.h"
#define DISASM "Mesa src/panfrost/midgard/disassemble.c"

/* ---- word tags (midgard.h enum midgard_tag) ------------------------------------------------ */

static const struct ip_enum tags[] = {
	{0, "TAG_INVALID", NULL}, {1, "TAG_BREAK", NULL}, {2, "TAG_TEXTURE_4_VTX", NULL},
	{3, "TAG_TEXTURE_4", NULL}, {4, "TAG_TEXTURE_4_BARRIER", NULL},
	{5, "TAG_LOAD_STORE_4", NULL}, {8, "TAG_ALU_4", NULL}, {9, "TAG_ALU_8", NULL},
	{10, "TAG_ALU_12", NULL}, {11, "TAG_ALU_16", NULL}, {12, "TAG_ALU_4_WRITEOUT", NULL},
	{13, "TAG_ALU_8_WRITEOUT", NULL}, {14, "TAG_ALU_12_WRITEOUT", NULL},
	{15, "TAG_ALU_16_WRITEOUT", NULL}, {0, NULL, NULL},
}; /* 6 and 7: TAG_UNKNOWN_1, TAG_UNKNOWN_2 (no reading) */

/* ---- the ALU word's control word (helpers.h ALU_ENAB_*, disassemble.c print_alu_word) ----- */

static const struct ip_field control_fields[] = {
	FE("type", 0, 4, TAG, tags, "word tag"),
	FE("next_type", 4, 4, TAG, tags, "tag of the next word"),
	F("ALU_ENAB_VEC_MUL", 17, 1, FLAG, "vmul field present"),
	F("ALU_ENAB_SCAL_ADD", 19, 1, FLAG, "sadd field present"),
	F("ALU_ENAB_VEC_ADD", 21, 1, FLAG, "vadd field present"),
	F("ALU_ENAB_SCAL_MUL", 23, 1, FLAG, "smul field present"),
	F("ALU_ENAB_VEC_LUT", 25, 1, FLAG, "lut field present"),
	F("ALU_ENAB_BR_COMPACT", 26, 1, FLAG, "compact branch present"),
	F("ALU_ENAB_BRANCH", 27, 1, FLAG, "extended branch present"),
};
FMT(control_public, 32, "ALU control word as Mesa reads it", control_fields,
    "Mesa src/panfrost/midgard/helpers.h (ALU_ENAB_*), disassemble.c (print_alu_word)");

/* ---- the register word (midgard_reg_info) ----------------------------------------------- */

static const struct ip_field reg_fields[] = {
	F("src1_reg", 0, 5, REGISTER, "input 1 register"),
	F("src2_reg", 5, 5, REGISTER, "input 2 register (or immediate bits)"),
	F("out_reg", 10, 5, REGISTER, "output register"),
	F("src2_imm", 15, 1, FLAG, "input 2 is an inline constant"),
};
FMT(reg_public, 16, "ALU register word as Mesa reads it", reg_fields,
    MIDGARD_H " (midgard_reg_info)");

/* ---- the vector ALU field (midgard_vector_alu, midgard_vector_alu_src) ------------------- */

static const struct ip_enum reg_mode[] = {
	{0, "midgard_reg_mode_8", NULL}, {1, "midgard_reg_mode_16", NULL},
	{2, "midgard_reg_mode_32", NULL}, {3, "midgard_reg_mode_64", NULL}, {0, NULL, NULL},
};

static const struct ip_enum expand_mode[] = {
	{0, "passthrough", NULL}, {1, "rep_low", NULL}, {2, "rep_high", NULL}, {3, "swap", NULL},
	{4, "expand_low", NULL}, {5, "expand_high", NULL}, {6, "expand_low_swap", NULL},
	{7, "expand_high_swap", NULL}, {0, NULL, NULL},
};

static const struct ip_enum shrink_mode[] = {
	{0, "lower", NULL}, {1, "upper", NULL}, {2, "none", NULL}, {0, NULL, NULL},
};

/* midgard_outmod_float; integer ops read the same bits as midgard_outmod_int (0 ssat, 1 usat,
 * 2 keeplo, 3 keephi) */
static const struct ip_enum outmod[] = {
	{0, "none", NULL}, {1, "clamp_0_inf", NULL}, {2, "clamp_m1_1", NULL},
	{3, "clamp_0_1", NULL}, {0, NULL, NULL},
};

static const struct ip_field vector_fields[] = {
	F("op", 0, 8, OPCODE, "midgard_alu_op"),
	FE("reg_mode", 8, 2, SIZE, reg_mode, "operand size"),
	F("src1_mod", 10, 2, MODIFIER, "float: abs (bit 0), neg (bit 1); int: midgard_int_mod"),
	FE("src1_expand_mode", 12, 3, COMPONENT, expand_mode, "midgard_src_expand_mode"),
	F("src1_swizzle", 15, 8, SWIZZLE, "2 bits per component"),
	F("src2_mod", 23, 2, MODIFIER, "float: abs (bit 0), neg (bit 1); int: midgard_int_mod"),
	FE("shrink_mode", 36, 2, SIZE, shrink_mode, "midgard_shrink_mode"),
	FE("outmod", 38, 2, MODIFIER, outmod, "output modifier"),
	F("mask", 40, 8, MASK, "write mask"),
};
FMT(vector_public, 48, "vector ALU field as Mesa reads it", vector_fields,
    MIDGARD_H " (midgard_vector_alu, midgard_vector_alu_src)");

static const struct ip_field vector_src2_fields[] = {
	FE("src2_expand_mode", 25, 3, COMPONENT, expand_mode, "midgard_src_expand_mode"),
	F("src2_swizzle", 28, 8, SWIZZLE, "2 bits per component"),
};
FMT(vector_src2_public, 48, "vector input 2 from a register", vector_src2_fields,
    MIDGARD_H " (midgard_vector_alu_src)");

static const struct ip_field vector_imm_fields[] = {
	F("src2_imm_hi", 25, 3, IMMEDIATE, "inline constant bits 8-10 (vector_alu_from_imm)"),
	F("src2_imm_lo", 28, 8, IMMEDIATE, "inline constant bits 0-7"),
};
FMT(vector_imm_public, 48, "vector input 2 as an inline constant", vector_imm_fields,
    "Mesa src/panfrost/midgard/helpers.h, disassemble.c (the inline constant's bits)");

/* ---- the scalar ALU field (midgard_scalar_alu, midgard_scalar_alu_src) ------------------- */

static const struct ip_field scalar_fields[] = {
	F("op", 0, 8, OPCODE, "midgard_alu_op"),
	F("src1_mod", 8, 2, MODIFIER, "float: abs, neg; int: midgard_int_mod"),
	F("src1_full", 10, 1, SIZE, "0 16-bit, 1 32-bit"),
	F("src1_component", 11, 3, COMPONENT, "16-bit lane (a 32-bit component c is 2c)"),
	F("reserved", 25, 1, PADDING, "reserved"),
	FE("outmod", 26, 2, MODIFIER, outmod, "output modifier"),
	F("output_full", 28, 1, SIZE, "0 16-bit, 1 32-bit"),
	F("output_component", 29, 3, COMPONENT, "16-bit lane (a 32-bit component c is 2c)"),
};
FMT(scalar_public, 32, "scalar ALU field as Mesa reads it", scalar_fields,
    MIDGARD_H " (midgard_scalar_alu, midgard_scalar_alu_src)");

static const struct ip_field scalar_src2_fields[] = {
	F("src2_mod", 14, 2, MODIFIER, "float: abs, neg; int: midgard_int_mod"),
	F("src2_full", 16, 1, SIZE, "0 16-bit, 1 32-bit"),
	F("src2_component", 17, 3, COMPONENT, "16-bit lane (a 32-bit component c is 2c)"),
	F("src2_zero", 20, 5, PADDING, "\"last 5 bits are used when src2 is an immediate\": 0 "
	                              "for a register"),
};
FMT(scalar_src2_public, 32, "scalar input 2 from a register", scalar_src2_fields,
    MIDGARD_H " (midgard_scalar_alu.src2)");

static const struct ip_field scalar_imm_fields[] = {
	F("src2_imm", 14, 11, IMMEDIATE, "11-bit slot: the inline constant"),
};
FMT(scalar_imm_public, 32, "scalar input 2 as an inline constant", scalar_imm_fields,
    MIDGARD_H " (midgard_scalar_alu.src2), disassemble.c");

/* Input 2 is an inline constant when the register word's bit 15 says so. */
static int src2_is_imm(const ip_word *w, const ip_word *ctx)
{
	(void)w;
	return ctx && ip_bits_get(ctx, 15, 1);
}

static int src2_is_reg(const ip_word *w, const ip_word *ctx)
{
	(void)w;
	return ctx && !ip_bits_get(ctx, 15, 1);
}

/* ---- branches ----------------------------------------------------------------------------- */

static const struct ip_enum jmp_op[] = {
	{1, "branch_uncond", NULL}, {2, "branch_cond", NULL}, {4, "discard", NULL},
	{6, "tilebuffer_pending", NULL}, {7, "writeout", NULL}, {0, NULL, NULL},
};

static const struct ip_field compact_fields[] = {
	FE("op", 0, 3, OPCODE, jmp_op, "midgard_jmp_writeout_op"),
	FE("dest_tag", 3, 4, TAG, tags, "tag of the word branched to"),
};
FMT(compact_public, 16, "compact branch as Mesa reads it", compact_fields,
    MIDGARD_H " (midgard_branch_uncond, midgard_branch_cond)");

static const struct ip_enum cond[] = {
	{0, "write0", NULL}, {1, "false", NULL}, {2, "true", NULL}, {3, "always", NULL},
	{0, NULL, NULL},
};

static const struct ip_field cond_fields[] = {
	F("offset", 7, 7, OFFSET, "signed quadword offset"),
	FE("cond", 14, 2, OPCODE, cond, "midgard_condition"),
};
FMT(cond_public, 16, "conditional compact branch", cond_fields,
    MIDGARD_H " (midgard_branch_cond)");

static const struct ip_enum call_mode_values[] = {
	{1, "default", NULL}, {2, "call", NULL}, {3, "return", NULL}, {0, NULL, NULL},
};

static const struct ip_field uncond_fields[] = {
	FE("call_mode", 7, 2, MODIFIER, call_mode_values, "midgard_call_mode"),
	F("offset", 9, 7, OFFSET, "signed quadword offset"),
};
FMT(uncond_public, 16, "unconditional compact branch", uncond_fields,
    MIDGARD_H " (midgard_branch_uncond)");

static int op_uncond(const ip_word *w, const ip_word *ctx)
{
	(void)ctx;
	return ip_bits_get(w, 0, 3) == 1;
}

static int op_cond_layout(const ip_word *w, const ip_word *ctx)
{
	(void)ctx;
	return ip_bits_get(w, 0, 3) != 1;
}

static int op_writeout(const ip_word *w, const ip_word *ctx)
{
	(void)ctx;
	return ip_bits_get(w, 0, 3) > 2;
}

/* ---- constants, padding, tags ----------------------------------------------------------- */

static const struct ip_field constants_fields[] = {
	F("u32[0]", 0, 32, IMMEDIATE, "constant x"), F("u32[1]", 32, 32, IMMEDIATE, "constant y"),
	F("u32[2]", 64, 32, IMMEDIATE, "constant z"), F("u32[3]", 96, 32, IMMEDIATE, "constant w"),
};
FMT(constants_public, 128, "embedded constants", constants_fields,
    MIDGARD_H " (midgard_constants)");

static const struct ip_field padding_fields[] = {
	F("padding", 0, 128, PADDING, "the emitter pads with zeros; the disassembler reads an extra "
	                             "quadword as constants only"),
};
FMT(padding_public, 128, "ALU word padding", padding_fields,
    "Mesa src/panfrost/midgard/midgard_emit.c, disassemble.c (print_alu_word)");

static const struct ip_field tag_fields[] = {
	FE("type", 0, 4, TAG, tags, "word tag"), FE("next_type", 4, 4, TAG, tags, "next word's tag"),
};
FMT(tag_public, 8, "load/store word tag", tag_fields, MIDGARD_H " (midgard_load_store)");

/* ---- load/store (midgard_load_store_word) ------------------------------------------------- */

static const struct ip_field ls_fields[] = {
	F("op", 0, 8, OPCODE, "midgard_load_store_op"),
	F("reg", 8, 5, REGISTER, "source/destination register"),
	F("mask", 13, 4, MASK, "component mask"),
	F("swizzle", 17, 8, SWIZZLE, "swizzle"),
	F("signed_offset_hi", 51, 9, OFFSET, "high 9 bits of the 18-bit signed_offset"),
};
FMT(ls_public, 60, "load/store word as Mesa reads it", ls_fields,
    MIDGARD_H " (midgard_load_store_word)");

/* Uniform loads with bit 42 set take the buffer index as an immediate in bits 25-32 (M3 of
 * docs/midgard-loadstore-bits.md: midgard_pack_ubo_index_imm). */
static const struct ip_field ubo_index_fields[] = {
	F("ubo_index", 0, 8, IMMEDIATE, "immediate uniform buffer index (arg_comp..index_format)"),
};
FMT(ubo_index, 8, "immediate buffer index of uniform loads (bits 25-32)", ubo_index_fields,
    "Mesa src/panfrost/midgard/helpers.h (midgard_pack_ubo_index_imm), disassemble.c");

/* ---- texture (midgard_texture_word) ------------------------------------------------------ */

static const struct ip_enum tex_op[] = {
	{1, "normal", NULL}, {2, "gradient", NULL}, {4, "fetch", NULL},
	{9, "grad_from_derivative", NULL}, {10, "mov", NULL}, {11, "barrier", NULL},
	{12, "grad_from_coords", NULL}, {13, "derivative", NULL}, {0, NULL, NULL},
};

static const struct ip_enum exec[] = {
	{1, "skip", NULL}, {2, "kill", NULL}, {3, "none", NULL}, {0, NULL, NULL},
};

static const struct ip_enum sampler_type[] = {
	{1, "float", NULL}, {2, "unsigned", NULL}, {3, "signed", NULL}, {0, NULL, NULL},
};

static const struct ip_field texture_fields[] = {
	FE("type", 0, 4, TAG, tags, "word tag"),
	FE("next_type", 4, 4, TAG, tags, "next word's tag"),
	FE("op", 8, 4, OPCODE, tex_op, "mali_texture_op"),
	F("mode", 12, 4, OPCODE, "mali_texture_mode (1 normal, 5 shadow, 6 gather shadow, 8-11 "
	                          "gather x-w) or the derivative mode"),
	FE("exec", 16, 2, MODIFIER, exec, "midgard_partial_execution"),
	F("format", 18, 2, SIZE, "texture dimension"),
	F("sampler_register", 20, 1, FLAG, "sampler index from a register"),
	F("texture_register", 21, 1, FLAG, "texture index from a register"),
	F("lod_register", 22, 1, FLAG, "LOD from a register"),
	F("offset_register", 23, 1, FLAG, "offset from a register"),
	F("in_reg_full", 24, 1, SIZE, "input register full"),
	F("in_reg_select", 25, 1, REGISTER, "input register r28/r29"),
	F("in_reg_upper", 26, 1, COMPONENT, "input upper half"),
	F("in_reg_swizzle", 27, 8, SWIZZLE, "input swizzle"),
	F("unknown8", 35, 2, UNKNOWN, "named unknown by Mesa"),
	F("out_full", 37, 1, SIZE, "output full"),
	FE("sampler_type", 38, 2, SIZE, sampler_type, "mali_sampler_type (0 reserved)"),
	F("out_reg_select", 40, 1, REGISTER, "output register r28/r29"),
	F("out_upper", 41, 1, COMPONENT, "output upper half"),
	F("mask", 42, 4, MASK, "write mask"),
	FE("outmod", 46, 2, MODIFIER, outmod, "midgard_outmod_float"),
	F("swizzle", 48, 8, SWIZZLE, "output swizzle"),
	F("out_of_order", 56, 4, IMMEDIATE, "out-of-order slots"),
	F("unknown4", 60, 8, UNKNOWN, "named unknown by Mesa"),
	F("offset", 68, 12, IMMEDIATE, "texel offset (or its register select)"),
	F("bias", 80, 8, IMMEDIATE, "LOD bias, fractional"),
	F("bias_int", 88, 8, IMMEDIATE, "LOD bias, integer"),
	F("sampler_handle", 96, 16, IMMEDIATE, "sampler index or register select"),
	F("texture_handle", 112, 16, IMMEDIATE, "texture index or register select"),
};
FMT(texture_public, 128, "texture word as Mesa reads it", texture_fields,
    MIDGARD_H " (midgard_texture_word)");

/* ---- the parts ----------------------------------------------------------------------------- */

static const struct ip_public_part parts[] = {
	{"alu_control", 0, &control_public, NULL, 0, NULL, 0, 0},
	{"alu_reg", 0, &reg_public, NULL, 0, NULL, 0, 0},
	{"vector_alu", 0, &vector_public, NULL, 0, NULL, 0, 0},
	{"vector_alu", 0, &vector_src2_public, "input 2 from a register", 0, src2_is_reg, 0, 0},
	{"vector_alu", 0, &vector_imm_public, "input 2 an inline constant", 0, src2_is_imm, 0, 0},
	{"scalar_alu", 0, &scalar_public, NULL, 0, NULL, 0, 0},
	{"scalar_alu", 0, &scalar_src2_public, "input 2 from a register", 0, src2_is_reg, 0, 0},
	{"scalar_alu", 0, &scalar_imm_public, "input 2 an inline constant", 0, src2_is_imm, 0, 0},
	{"alu_constants", 0, &constants_public, NULL, 0, NULL, 0, 0},
	{"alu_padding", 0, &padding_public, NULL, 0, NULL, 0, 0},
	{"ls_tag", 0, &tag_public, NULL, 0, NULL, 0, 0},
	{"texture", 0, &texture_public, NULL, 0, NULL, 0, 0},
	{"load_store", 0, &ls_public, NULL, 0, NULL, 0, 0},
	{"load_store", 25, &midgard_ls_public, NULL, 1, NULL, 0, 0},
	{"load_store", 42, &midgard_ls_varying_params, "ld_vary without an explicit vertex", 0, NULL,
	 0, 0},
	{"load_store", 42, &midgard_ls_ubo_offset, "uniform loads", 0, NULL, 0, 0},
	{"load_store", 25, &ubo_index, "uniform loads with bit 42 set", 0, NULL, 0, 0},
	{"branch_compact", 0, &compact_public, NULL, 0, NULL, 0, 0},
	{"branch_compact", 0, &uncond_public, "unconditional jumps", 0, op_uncond, 0, 0},
	{"branch_compact", 0, &cond_public, "conditional branches, discard, tilebuffer, write-out", 0,
	 op_cond_layout, 0, 0},
	{"branch_compact", 3, &midgard_branch_writeout_public, "write-out, discard, tilebuffer", 0,
	 op_writeout, 0, 0},
	{"branch_extended", 0, &midgard_branch_extended_public, NULL, 0, NULL, 0, 0},
};

static const struct ip_public_silence silences[] = {
	{"alu_control", 8, 15, NULL, DISASM " (print_alu_word reads bits 0-7 and 16-27 only)", NULL},
	{"alu_control", 16, 16, NULL, DISASM " (print_alu_word prints \"unknown bit 16 enabled\")",
	 NULL},
	{"alu_control", 18, 18, NULL, DISASM " (print_alu_word prints \"unknown bit 18 enabled\")",
	 NULL},
	{"alu_control", 20, 20, NULL, DISASM " (print_alu_word prints \"unknown bit 20 enabled\")",
	 NULL},
	{"alu_control", 22, 22, NULL, DISASM " (print_alu_word prints \"unknown bit 22 enabled\")",
	 NULL},
	{"alu_control", 24, 24, NULL, DISASM " (print_alu_word prints \"unknown bit 24 enabled\")",
	 NULL},
	{"alu_control", 28, 31, NULL, DISASM " (print_alu_word reads bits 0-7 and 16-27 only); "
	                              "helpers.h (ALU_ENAB_* end at bit 27)", NULL},
};

const struct ip_public_overlay midgard_public = {
	.isa = "midgard",
	.parts = parts,
	.nparts = IP_COUNT(parts),
	.doc = "docs/midgard-loadstore-bits.md",
	.who = "Mesa panfrost",
	.silences = silences,
	.nsilences = IP_COUNT(silences),
};
