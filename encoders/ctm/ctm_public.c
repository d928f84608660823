/* ctm_public.c: the CTM (R5xx fragment processor) public-knowledge overlay: the six instruction
 * words as Mesa's r300 driver defines the R500 US instruction registers (r300_reg.h). */
#include "isaprobe/internal/public.h"
#include "ctm.h"

#define IP_FIELD_ROW_PUBLIC /* the overlay form of F (common/field_row.h) */
#include "common/field_row.h"

#define FMT(var, title, fields)                                                                   \
	static const struct ip_format var = {"ctm", #var, title, 32, fields, IP_COUNT(fields),    \
	                                     NULL, REG_H}
#define REG_H "Mesa src/gallium/drivers/r300/r300_reg.h (R500_US_*)"

static const struct ip_enum pred_sel[] = { /* R500_INST_*_PRED_SEL_*: 6, 7 unnamed */
	{0, "NONE", NULL}, {1, "RGBA", NULL}, {2, "RRRR", NULL}, {3, "GGGG", NULL},
	{4, "BBBB", NULL}, {5, "AAAA", NULL}, {0, NULL, NULL},
};

static const struct ip_enum inst_type[] = {
	{0, "ALU", NULL}, {1, "OUT", NULL}, {2, "FC", NULL}, {3, "TEX", NULL}, {0, NULL, NULL},
};

static const struct ip_enum result_op[] = {
	{0, "EQ", NULL}, {1, "LT", NULL}, {2, "GE", NULL}, {3, "NE", NULL}, {0, NULL, NULL},
};

/* ---- inst0: US_CMN_INST (R500_INST_*) -------------------------------------------------- */

static const struct ip_field inst0_fields[] = {
	FE("TYPE", 0, 2, TAG, inst_type, "R500_INST_TYPE"),
	F("TEX_SEM_WAIT", 2, 1, FLAG, "R500_INST_TEX_SEM_WAIT"),
	FE("RGB_PRED_SEL", 3, 3, MODIFIER, pred_sel, "R500_INST_RGB_PRED_SEL"),
	F("RGB_PRED_INV", 6, 1, MODIFIER, "R500_INST_RGB_PRED_INV"),
	F("WRITE_INACTIVE", 7, 1, FLAG, "R500_INST_WRITE_INACTIVE"),
	F("LAST", 8, 1, FLAG, "R500_INST_LAST"),
	F("NOP", 9, 1, FLAG, "R500_INST_NOP"),
	F("ALU_WAIT", 10, 1, FLAG, "R500_INST_ALU_WAIT"),
	F("RGB_WMASK", 11, 3, MASK, "R500_INST_RGB_WMASK_R/G/B"),
	F("ALPHA_WMASK", 14, 1, MASK, "R500_INST_ALPHA_WMASK"),
	F("RGB_OMASK", 15, 3, MASK, "R500_INST_RGB_OMASK_R/G/B"),
	F("ALPHA_OMASK", 18, 1, MASK, "R500_INST_ALPHA_OMASK"),
	F("RGB_CLAMP", 19, 1, MODIFIER, "R500_INST_RGB_CLAMP"),
	F("ALPHA_CLAMP", 20, 1, MODIFIER, "R500_INST_ALPHA_CLAMP"),
	F("ALU_RESULT_SEL", 21, 1, COMPONENT, "R500_INST_ALU_RESULT_SEL: red, alpha"),
	F("ALPHA_PRED_INV", 22, 1, MODIFIER, "R500_INST_ALPHA_PRED_INV"),
	FE("ALU_RESULT_OP", 23, 2, OPCODE, result_op, "R500_INST_ALU_RESULT_OP"),
	FE("ALPHA_PRED_SEL", 25, 3, MODIFIER, pred_sel, "R500_INST_ALPHA_PRED_SEL"),
	F("STAT_WE", 28, 4, MASK, "R500_INST_STAT_WE_R/G/B/A"),
};
FMT(inst0_public, "US_CMN_INST", inst0_fields);

/* ---- ALU and OUT: the address words (R500_RGB_ADDR*, R500_ALPHA_ADDR*) ------------------ */

#define ADDR_FIELDS(P)                                                                            \
	F(P "_ADDR0", 0, 8, REGISTER, "source 0 address"),                                        \
	F(P "_ADDR0_CONST", 8, 1, FLAG, "source 0 is a constant"),                               \
	F(P "_ADDR0_REL", 9, 1, MODIFIER, "source 0 + aL"),                                      \
	F(P "_ADDR1", 10, 8, REGISTER, "source 1 address"),                                       \
	F(P "_ADDR1_CONST", 18, 1, FLAG, "source 1 is a constant"),                              \
	F(P "_ADDR1_REL", 19, 1, MODIFIER, "source 1 + aL"),                                     \
	F(P "_ADDR2", 20, 8, REGISTER, "source 2 address"),                                       \
	F(P "_ADDR2_CONST", 28, 1, FLAG, "source 2 is a constant"),                              \
	F(P "_ADDR2_REL", 29, 1, MODIFIER, "source 2 + aL"),                                     \
	F(P "_SRCP_OP", 30, 2, OPCODE, "presubtract: 1-2x0, x1-x0, x1+x0, 1-x0")

static const struct ip_field rgb_addr_fields[] = {ADDR_FIELDS("RGB")};
FMT(rgb_addr_public, "US_ALU_RGB_ADDR", rgb_addr_fields);
static const struct ip_field alpha_addr_fields[] = {ADDR_FIELDS("ALPHA")};
FMT(alpha_addr_public, "US_ALU_ALPHA_ADDR", alpha_addr_fields);

static const struct ip_enum swiz[] = { /* 7 unused */
	{0, "R", NULL}, {1, "G", NULL}, {2, "B", NULL}, {3, "A", NULL}, {4, "0", NULL},
	{5, "HALF", NULL}, {6, "1", NULL}, {0, NULL, NULL},
};

static const struct ip_enum sel[] = {
	{0, "SRC0", NULL}, {1, "SRC1", NULL}, {2, "SRC2", NULL}, {3, "SRCP", NULL}, {0, NULL, NULL},
};

static const struct ip_enum mod[] = {
	{0, "NOP", NULL}, {1, "NEG", NULL}, {2, "ABS", NULL}, {3, "NAB", NULL}, {0, NULL, NULL},
};

static const struct ip_enum omod[] = {
	{0, "IDENTITY", NULL}, {1, "MUL_2", NULL}, {2, "MUL_4", NULL}, {3, "MUL_8", NULL},
	{4, "DIV_2", NULL}, {5, "DIV_4", NULL}, {6, "DIV_8", NULL}, {7, "DISABLE", NULL},
	{0, NULL, NULL},
};

/* ---- ALU and OUT: US_ALU_RGB_INST (inst3) ------------------------------------------------- */

static const struct ip_field rgb_inst_fields[] = {
	FE("SEL_A", 0, 2, REGISTER, sel, "R500_ALU_RGB_SEL_A"),
	FE("R_SWIZ_A", 2, 3, SWIZZLE, swiz, NULL), FE("G_SWIZ_A", 5, 3, SWIZZLE, swiz, NULL),
	FE("B_SWIZ_A", 8, 3, SWIZZLE, swiz, NULL), FE("MOD_A", 11, 2, MODIFIER, mod, NULL),
	FE("SEL_B", 13, 2, REGISTER, sel, "R500_ALU_RGB_SEL_B"),
	FE("R_SWIZ_B", 15, 3, SWIZZLE, swiz, NULL), FE("G_SWIZ_B", 18, 3, SWIZZLE, swiz, NULL),
	FE("B_SWIZ_B", 21, 3, SWIZZLE, swiz, NULL), FE("MOD_B", 24, 2, MODIFIER, mod, NULL),
	FE("OMOD", 26, 3, MODIFIER, omod, "R500_ALU_RGB_OMOD"),
	F("TARGET", 29, 2, REGISTER, "R500_ALU_RGB_TARGET"),
	F("WMASK", 31, 1, FLAG, "R500_ALU_RGB_WMASK"),
};
FMT(rgb_inst_public, "US_ALU_RGB_INST", rgb_inst_fields);

/* ---- ALU and OUT: US_ALU_ALPHA_INST (inst4) ------------------------------------------------ */

static const struct ip_enum alpha_op[] = { /* 4 reserved */
	{0, "MAD", NULL}, {1, "DP", NULL}, {2, "MIN", NULL}, {3, "MAX", NULL}, {5, "CND", NULL},
	{6, "CMP", NULL}, {7, "FRC", NULL}, {8, "EX2", NULL}, {9, "LN2", NULL}, {10, "RCP", NULL},
	{11, "RSQ", NULL}, {12, "SIN", NULL}, {13, "COS", NULL}, {14, "MDH", NULL},
	{15, "MDV", NULL}, {0, NULL, NULL},
};

static const struct ip_field alpha_inst_fields[] = {
	FE("ALPHA_OP", 0, 4, OPCODE, alpha_op, "R500_ALPHA_OP (4 reserved)"),
	F("ALPHA_ADDRD", 4, 7, REGISTER, "destination"),
	F("ALPHA_ADDRD_REL", 11, 1, MODIFIER, "destination + aL"),
	FE("ALPHA_SEL_A", 12, 2, REGISTER, sel, NULL), FE("ALPHA_SWIZ_A", 14, 3, SWIZZLE, swiz, NULL),
	FE("ALPHA_MOD_A", 17, 2, MODIFIER, mod, NULL), FE("ALPHA_SEL_B", 19, 2, REGISTER, sel, NULL),
	FE("ALPHA_SWIZ_B", 21, 3, SWIZZLE, swiz, NULL), FE("ALPHA_MOD_B", 24, 2, MODIFIER, mod, NULL),
	FE("ALPHA_OMOD", 26, 3, MODIFIER, omod, NULL),
	F("ALPHA_TARGET", 29, 2, REGISTER, "R500_ALPHA_TARGET"),
	F("ALPHA_W_OMASK", 31, 1, MASK, "R500_ALPHA_W_OMASK"),
};
FMT(alpha_inst_public, "US_ALU_ALPHA_INST", alpha_inst_fields);

/* ---- ALU and OUT: US_ALU_RGBA_INST (inst5) ------------------------------------------------- */

static const struct ip_enum rgba_op[] = { /* 6 reserved, 13-15 unnamed */
	{0, "MAD", NULL}, {1, "DP3", NULL}, {2, "DP4", NULL}, {3, "D2A", NULL}, {4, "MIN", NULL},
	{5, "MAX", NULL}, {7, "CND", NULL}, {8, "CMP", NULL}, {9, "FRC", NULL}, {10, "SOP", NULL},
	{11, "MDH", NULL}, {12, "MDV", NULL}, {0, NULL, NULL},
};

static const struct ip_field rgba_inst_fields[] = {
	FE("ALU_RGBA_OP", 0, 4, OPCODE, rgba_op, "R500_ALU_RGBA_OP (6 reserved)"),
	F("ALU_RGBA_ADDRD", 4, 7, REGISTER, "destination"),
	F("ALU_RGBA_ADDRD_REL", 11, 1, MODIFIER, "destination + aL"),
	FE("SEL_C", 12, 2, REGISTER, sel, NULL), FE("R_SWIZ", 14, 3, SWIZZLE, swiz, NULL),
	FE("G_SWIZ", 17, 3, SWIZZLE, swiz, NULL), FE("B_SWIZ", 20, 3, SWIZZLE, swiz, NULL),
	FE("MOD_C", 23, 2, MODIFIER, mod, NULL), FE("ALPHA_SEL_C", 25, 2, REGISTER, sel, NULL),
	FE("A_SWIZ", 27, 3, SWIZZLE, swiz, NULL), FE("ALPHA_MOD_C", 30, 2, MODIFIER, mod, NULL),
};
FMT(rgba_inst_public, "US_ALU_RGBA_INST", rgba_inst_fields);

/* ---- TEX: US_TEX_INST (inst1), US_TEX_ADDR (inst2), US_TEX_ADDR_DXDY (inst3) ------------- */

static const struct ip_enum tex_inst[] = { /* 7 unnamed */
	{0, "NOP", NULL}, {1, "LD", NULL}, {2, "TEXKILL", NULL}, {3, "PROJ", NULL},
	{4, "LODBIAS", NULL}, {5, "LOD", NULL}, {6, "DXDY", NULL}, {0, NULL, NULL},
};

static const struct ip_field tex_inst_fields[] = {
	F("TEX_ID", 16, 4, REGISTER, "R500_TEX_ID"),
	FE("TEX_INST", 22, 3, OPCODE, tex_inst, "R500_TEX_INST"),
	F("TEX_SEM_ACQUIRE", 25, 1, FLAG, "R500_TEX_SEM_ACQUIRE"),
	F("TEX_IGNORE_UNCOVERED", 26, 1, FLAG, "R500_TEX_IGNORE_UNCOVERED"),
	F("TEX_UNSCALED", 27, 1, FLAG, "R500_TEX_UNSCALED"),
};
FMT(tex_inst_public, "US_TEX_INST", tex_inst_fields);

static const struct ip_enum rgba4[] = {
	{0, "R", NULL}, {1, "G", NULL}, {2, "B", NULL}, {3, "A", NULL}, {0, NULL, NULL},
};

static const struct ip_field tex_addr_fields[] = {
	F("TEX_SRC_ADDR", 0, 7, REGISTER, NULL), F("TEX_SRC_ADDR_REL", 7, 1, MODIFIER, NULL),
	FE("TEX_SRC_S_SWIZ", 8, 2, SWIZZLE, rgba4, NULL),
	FE("TEX_SRC_T_SWIZ", 10, 2, SWIZZLE, rgba4, NULL),
	FE("TEX_SRC_R_SWIZ", 12, 2, SWIZZLE, rgba4, NULL),
	FE("TEX_SRC_Q_SWIZ", 14, 2, SWIZZLE, rgba4, NULL),
	F("TEX_DST_ADDR", 16, 7, REGISTER, NULL), F("TEX_DST_ADDR_REL", 23, 1, MODIFIER, NULL),
	FE("TEX_DST_R_SWIZ", 24, 2, SWIZZLE, rgba4, NULL),
	FE("TEX_DST_G_SWIZ", 26, 2, SWIZZLE, rgba4, NULL),
	FE("TEX_DST_B_SWIZ", 28, 2, SWIZZLE, rgba4, NULL),
	FE("TEX_DST_A_SWIZ", 30, 2, SWIZZLE, rgba4, NULL),
};
FMT(tex_addr_public, "US_TEX_ADDR", tex_addr_fields);

static const struct ip_field tex_dxdy_fields[] = {
	F("DX_ADDR", 0, 7, REGISTER, NULL), F("DX_ADDR_REL", 7, 1, MODIFIER, NULL),
	FE("DX_S_SWIZ", 8, 2, SWIZZLE, rgba4, NULL), FE("DX_T_SWIZ", 10, 2, SWIZZLE, rgba4, NULL),
	FE("DX_R_SWIZ", 12, 2, SWIZZLE, rgba4, NULL), FE("DX_Q_SWIZ", 14, 2, SWIZZLE, rgba4, NULL),
	F("DY_ADDR", 16, 7, REGISTER, NULL),
	F("DY_ADDR_REL", 23, 1, MODIFIER, "r300_reg.h defines R500_DY_ADDR_REL as (1 << 17), "
	                                  "inside DY_ADDR; AMD's R5xx register reference puts it "
	                                  "at 23"),
	FE("DY_S_SWIZ", 24, 2, SWIZZLE, rgba4, NULL), FE("DY_T_SWIZ", 26, 2, SWIZZLE, rgba4, NULL),
	FE("DY_R_SWIZ", 28, 2, SWIZZLE, rgba4, NULL), FE("DY_Q_SWIZ", 30, 2, SWIZZLE, rgba4, NULL),
};
FMT(tex_dxdy_public, "US_TEX_ADDR_DXDY", tex_dxdy_fields);

/* ---- FC: US_FC_INST (inst2), US_FC_ADDR (inst3) ------------------------------------------- */

static const struct ip_enum fc_op[] = {
	{0, "JUMP", NULL}, {1, "LOOP", NULL}, {2, "ENDLOOP", NULL}, {3, "REP", NULL},
	{4, "ENDREP", NULL}, {5, "BREAKLOOP", NULL}, {6, "BREAKREP", NULL}, {7, "CONTINUE", NULL},
	{0, NULL, NULL},
};

static const struct ip_enum a_op[] = { /* 3 unnamed */
	{0, "NONE", NULL}, {1, "POP", NULL}, {2, "PUSH", NULL}, {0, NULL, NULL},
};

static const struct ip_enum b_op[] = { /* 3 unnamed */
	{0, "NONE", NULL}, {1, "DECR", NULL}, {2, "INCR", NULL}, {0, NULL, NULL},
};

static const struct ip_field fc_inst_fields[] = {
	FE("FC_OP", 0, 3, OPCODE, fc_op, "R500_FC_OP"),
	F("FC_B_ELSE", 4, 1, FLAG, NULL), F("FC_JUMP_ANY", 5, 1, FLAG, NULL),
	FE("FC_A_OP", 6, 2, OPCODE, a_op, NULL), F("FC_JUMP_FUNC", 8, 8, IMMEDIATE, NULL),
	F("FC_B_POP_CNT", 16, 5, IMMEDIATE, NULL), FE("FC_B_OP0", 24, 2, OPCODE, b_op, NULL),
	FE("FC_B_OP1", 26, 2, OPCODE, b_op, NULL), F("FC_IGNORE_UNCOVERED", 28, 1, FLAG, NULL),
};
FMT(fc_inst_public, "US_FC_INST", fc_inst_fields);

static const struct ip_field fc_addr_fields[] = {
	F("FC_BOOL_ADDR", 0, 5, REGISTER, NULL), F("FC_INT_ADDR", 8, 5, REGISTER, NULL),
	F("FC_JUMP_ADDR", 16, 9, OFFSET, NULL), F("FC_JUMP_GLOBAL", 31, 1, FLAG, NULL),
};
FMT(fc_addr_public, "US_FC_ADDR", fc_addr_fields);

/* ---- which instruction type a word of inst1-inst5 belongs to (inst0's TYPE) --------------- */

static unsigned type_of(const ip_word *ctx)
{
	return ctx ? (unsigned)ip_bits_get(ctx, 0, 2) : 4;
}

static int is_alu(const ip_word *w, const ip_word *ctx)
{
	(void)w;
	return type_of(ctx) <= CTM_TYPE_OUT;
}

static int is_tex(const ip_word *w, const ip_word *ctx)
{
	(void)w;
	return type_of(ctx) == CTM_TYPE_TEX;
}

static int is_fc(const ip_word *w, const ip_word *ctx)
{
	(void)w;
	return type_of(ctx) == CTM_TYPE_FC;
}

static int is_tex_or_fc(const ip_word *w, const ip_word *ctx)
{
	(void)w;
	return type_of(ctx) == CTM_TYPE_TEX || type_of(ctx) == CTM_TYPE_FC;
}

static const struct ip_public_part parts[] = {
	{"inst0", 0, &inst0_public, NULL, 0, NULL, 0, 0},
	{"inst1", 0, &rgb_addr_public, "ALU and OUT", 0, is_alu, 0, 0},
	{"inst1", 0, &tex_inst_public, "TEX", 0, is_tex, 0, 0},
	{"inst2", 0, &alpha_addr_public, "ALU and OUT", 0, is_alu, 0, 0},
	{"inst2", 0, &tex_addr_public, "TEX", 0, is_tex, 0, 0},
	{"inst2", 0, &fc_inst_public, "FC", 0, is_fc, 0, 0},
	{"inst3", 0, &rgb_inst_public, "ALU and OUT", 0, is_alu, 0, 0},
	{"inst3", 0, &tex_dxdy_public, "TEX", 0, is_tex, 0, 0},
	{"inst3", 0, &fc_addr_public, "FC", 0, is_fc, 0, 0},
	{"inst4", 0, &alpha_inst_public, "ALU and OUT", 0, is_alu, 0, 0},
	{"inst5", 0, &rgba_inst_public, "ALU and OUT", 0, is_alu, 0, 0},
};

#define R300 "Mesa src/gallium/drivers/r300/r300_reg.h, compiler/r500_fragprog_emit.c"
#define REF "AMD's R5xx register reference (regs/bits/us_*.txt of buhman/r500)"
#define NOCMD "Mesa r300 (r300_reg.h, compiler/) and " REF ": registers only; no CTM command " \
              "buffer, executable or note format"

#define COMMAND_SILENCES                                                                          \
	{"header", 0, 31, NULL, NOCMD, NULL}, {"raw", 0, 31, NULL, NOCMD, NULL},                  \
	{"reserved", 0, 31, NULL, NOCMD, NULL}, {"domain", 0, 31, NULL, NOCMD, NULL},             \
	{"base", 0, 31, NULL, NOCMD, NULL}, {"format", 0, 31, NULL, NOCMD, NULL},                 \
	{"height", 0, 31, NULL, NOCMD, NULL}, {"input", 0, 31, NULL, NOCMD, NULL},                \
	{"output", 0, 31, NULL, NOCMD, NULL}, {"cond", 0, 31, NULL, NOCMD, NULL},                 \
	{"loc", 0, 31, NULL, NOCMD, NULL}, {"outmask", 0, 31, NULL, NOCMD, NULL},                 \
	{"condmask", 0, 31, NULL, NOCMD, NULL}, {"enable", 0, 31, NULL, NOCMD, NULL},

static const struct ip_public_silence silences[] = {
	{"inst1", 0, 15, "TEX", R300 " (US_TEX_INST); " REF, is_tex},
	{"inst1", 20, 21, "TEX", R300 " (US_TEX_INST); " REF, is_tex},
	{"inst1", 28, 31, "TEX", R300 " (US_TEX_INST); " REF, is_tex},
	{"inst1", 0, 31, "FC", R300 " (the emitter writes no word 1 for FC); " REF, is_fc},
	{"inst2", 3, 3, "FC", R300 " (US_FC_INST); " REF, is_fc},
	{"inst2", 21, 23, "FC", R300 " (US_FC_INST); " REF, is_fc},
	{"inst2", 29, 31, "FC", R300 " (US_FC_INST); " REF, is_fc},
	{"inst3", 5, 7, "FC", R300 " (US_FC_ADDR); " REF, is_fc},
	{"inst3", 13, 15, "FC", R300 " (US_FC_ADDR); " REF, is_fc},
	{"inst3", 25, 30, "FC", R300 " (US_FC_ADDR); " REF, is_fc},
	{"inst4", 0, 31, "TEX and FC", R300 " (no word 4 for TEX and FC); " REF, is_tex_or_fc},
	{"inst5", 0, 31, "TEX and FC", R300 " (no word 5 for TEX and FC); " REF, is_tex_or_fc},
	{"note_type", 0, 31, NULL, NOCMD, NULL}, {"note_word", 0, 31, NULL, NOCMD, NULL},
	{"proginfo0", 0, 31, NULL, NOCMD, NULL}, {"proginfo1", 0, 31, NULL, NOCMD, NULL},
	{"proginfo", 0, 31, NULL, NOCMD, NULL}, COMMAND_SILENCES
};

/* The command-buffer entry point (ISA ctm_cb) has the command words only. */
static const struct ip_public_silence cb_silences[] = {COMMAND_SILENCES};

const struct ip_public_overlay ctm_public = {
	.isa = "ctm",
	.parts = parts,
	.nparts = IP_COUNT(parts),
	.doc = "docs/ctm-sources.md",
	.who = "Mesa r300",
	.silences = silences,
	.nsilences = IP_COUNT(silences),
};

const struct ip_public_overlay ctm_cb_public = {
	.isa = "ctm_cb",
	.doc = "docs/ctm-sources.md",
	.who = "Mesa r300",
	.silences = cb_silences,
	.nsilences = IP_COUNT(cb_silences),
};
