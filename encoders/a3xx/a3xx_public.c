/* a3xx_public.c: Adreno a3xx's public-knowledge overlay: every category as Mesa's ir3
 * instruction set description (isaspec, src/freedreno/isa/ir3*.xml) decodes it for a3xx. */
#include "isaprobe/internal/public.h"
#include "a3xx.h"

#define IP_FIELD_ROW_PUBLIC /* the overlay form of F (common/field_row.h) */
#include "common/field_row.h"

/* Field names are isaspec's (upper case); "x" bits are the patterns' don't-cares, "zero" bits
 * a 0 the decoder matches. Positions count from bit 0 of the 64-bit instruction, or of a
 * source (the multisrc parts, placed at bit 0 or 16). */
#define FMT(var, title, fields, src)                                                              \
	static const struct ip_format var = {"a3xx", #var, title, 64, fields, IP_COUNT(fields),   \
	                                     NULL, src}
#define ISA "Mesa src/freedreno/isa/"

/* ---- enums (ir3-common.xml, ir3-cat*.xml) ----------------------------------------------- */

static const struct ip_enum swiz[] = {
	{0, "x", NULL}, {1, "y", NULL}, {2, "z", NULL}, {3, "w", NULL}, {0, NULL, NULL},
};

static const struct ip_enum type[] = {
	{0, "f16", NULL}, {1, "f32", NULL}, {2, "u16", NULL}, {3, "u32", NULL},
	{4, "s16", NULL}, {5, "s32", NULL}, {6, "u8", NULL}, {7, "s8", NULL}, {0, NULL, NULL},
};

static const struct ip_enum rpt3[] = { /* #rptN on three bits: 6 and 7 unnamed */
	{0, "", NULL}, {1, "(rpt1)", NULL}, {2, "(rpt2)", NULL}, {3, "(rpt3)", NULL},
	{4, "(rpt4)", NULL}, {5, "(rpt5)", NULL}, {0, NULL, NULL},
};

static const struct ip_enum category[] = {
	{0, "cat0", NULL}, {1, "cat1", NULL}, {2, "cat2", NULL}, {3, "cat3", NULL},
	{4, "cat4", NULL}, {5, "cat5", NULL}, {6, "cat6", NULL}, {7, "cat7", NULL},
	{0, NULL, NULL},
};

static const struct ip_enum absneg[] = {
	{0, "", NULL}, {1, "(neg)", NULL}, {2, "(abs)", NULL}, {3, "(absneg)", NULL},
	{0, NULL, NULL},
};

/* The source mode of a cat2/cat4 source (bits 11-13 of #multisrc, from its sub-encodings'
 * patterns): 3 and 7 match none. */
static const struct ip_enum src_mode[] = {
	{0, "gpr", "#multisrc-gpr"},
	{1, "relative", "#multisrc-relative (bit 10: const file)"},
	{2, "const", "#multisrc-const"},
	{4, "immed", "#mulitsrc-immed"},
	{5, "immed-flut", "#mulitsrc-immed-flut: a float from a table (0.0, 0.5, 1.0, 2.0, e, pi,"
	                  " ...)"},
	{6, "const", "#multisrc-const (bit 13 not looked at)"},
	{0, NULL, NULL},
};

static const struct ip_enum cond[] = {
	{0, "lt", NULL}, {1, "le", NULL}, {2, "gt", NULL}, {3, "ge", NULL}, {4, "eq", NULL},
	{5, "ne", NULL}, {0, NULL, NULL},
};

/* ---- category 0 (ir3-cat0.xml) ---------------------------------------------------------- */

/* OPC with OPC_HI (bit 49) clear; 12-15 match nothing. */
static const struct ip_enum cat0_opc[] = {
	{0, "nop", NULL}, {1, "br", "br, braa, brao, brac, bany, ball, brax by BRTYPE"},
	{2, "jump", NULL}, {3, "call", NULL}, {4, "ret", NULL}, {5, "kill", NULL},
	{6, "end", NULL}, {7, "emit", NULL}, {8, "cut", NULL}, {9, "chmask", NULL},
	{10, "chsh", NULL}, {11, "flow_rev", NULL}, {0, NULL, NULL},
};

static const struct ip_enum brtype[] = {
	{0, "br", NULL}, {1, "braa", NULL}, {2, "brao", NULL}, {3, "brac", NULL},
	{4, "bany", NULL}, {5, "ball", NULL}, {6, "brax", NULL}, {0, NULL, NULL},
};

static const struct ip_field cat0_common_fields[] = {
	F("IMMED", 0, 32, OFFSET, "branch offset (type branch); ir3 decodes all 32 bits on every "
	                          "generation, with a comment that a3xx uses 16 of them"),
	FE("REPEAT", 40, 3, IMMEDIATE, rpt3, "(rptN)"),
	F("x43", 43, 1, PADDING, "not looked at (pattern x)"),
	F("SS", 44, 1, FLAG, "(ss)"),
	F("EQ", 48, 1, FLAG, "(eq)"),
	F("OPC_HI", 49, 1, OPCODE, "opcode bit 4 (set: bkt, getone, shps, shpe, predt, predf, prede)"),
	F("x50", 50, 2, PADDING, "not looked at (OPC_HI pattern xx0 / xx1)"),
	FE("OPC", 55, 4, OPCODE, cat0_opc, "opcode (with OPC_HI clear)"),
	F("JP", 59, 1, FLAG, "(jp)"),
	F("SY", 60, 1, FLAG, "(sy)"),
	FE("CAT", 61, 3, TAG, category, "category"),
};
FMT(cat0_common, "category 0 as ir3 decodes every instruction", cat0_common_fields,
    ISA "ir3-cat0.xml (#instruction-cat0)");

static const struct ip_field cat0_0src_fields[] = {
	F("x32", 32, 5, PADDING, "not looked at"),
	F("BRTYPE", 37, 3, PADDING, "0 (pattern)"),
	F("SRC1", 45, 3, PADDING, "0 (pattern: no second condition)"),
	F("SRC0", 52, 3, PADDING, "0 (pattern: no condition)"),
};
FMT(cat0_0src, "category 0 without a source", cat0_0src_fields,
    ISA "ir3-cat0.xml (#instruction-cat0-0src)");

static const struct ip_field cat0_1src_fields[] = {
	F("zero32", 32, 5, PADDING, "0 (pattern)"),
	F("BRTYPE", 37, 3, PADDING, "0 (pattern)"),
	F("SRC1", 45, 3, PADDING, "0 (pattern)"),
	F("INV1", 52, 1, MODIFIER, "invert the condition (!)"),
	FE("COMP1", 53, 2, COMPONENT, swiz, "predicate component p0.c"),
};
FMT(cat0_1src, "kill, predt, predf", cat0_1src_fields, ISA "ir3-cat0.xml (#instruction-cat0-1src)");

static const struct ip_field cat0_branch_fields[] = {
	F("x32", 32, 5, PADDING, "not looked at"),
	FE("BRTYPE", 37, 3, OPCODE, brtype, "branch type; 7 unnamed"),
	F("x45", 45, 3, PADDING, "not looked at"),
	F("INV1", 52, 1, MODIFIER, "invert the condition (!)"),
	FE("COMP1", 53, 2, COMPONENT, swiz, "predicate component p0.c"),
};
FMT(cat0_branch, "br, bany, ball", cat0_branch_fields,
    ISA "ir3-cat0.xml (#instruction-cat0-branch-1src)");

static const struct ip_field cat0_branch2_fields[] = {
	F("x32", 32, 5, PADDING, "not looked at"),
	FE("BRTYPE", 37, 3, OPCODE, brtype, "branch type"),
	F("INV2", 45, 1, MODIFIER, "invert the second condition"),
	FE("COMP2", 46, 2, COMPONENT, swiz, "second predicate component"),
	F("INV1", 52, 1, MODIFIER, "invert the first condition"),
	FE("COMP1", 53, 2, COMPONENT, swiz, "first predicate component"),
};
FMT(cat0_branch2, "braa, brao", cat0_branch2_fields,
    ISA "ir3-cat0.xml (#instruction-cat0-branch-2src)");

static const struct ip_field cat0_brac_fields[] = {
	F("INDEX", 32, 5, IMMEDIATE, "brac.N"),
	FE("BRTYPE", 37, 3, OPCODE, brtype, "3"),
	F("x45", 45, 3, PADDING, "not looked at"),
	F("x52", 52, 3, PADDING, "not looked at"),
};
FMT(cat0_brac, "brac", cat0_brac_fields, ISA "ir3-cat0.xml (brac)");

static const struct ip_field cat0_brax_fields[] = {
	F("x32", 32, 5, PADDING, "not looked at"),
	FE("BRTYPE", 37, 3, OPCODE, brtype, "6"),
	F("x45", 45, 3, PADDING, "not looked at"),
	F("x52", 52, 3, PADDING, "not looked at"),
};
FMT(cat0_brax, "brax", cat0_brax_fields, ISA "ir3-cat0.xml (brax)");

static const struct ip_field cat0_immed_fields[] = {
	F("x32", 32, 5, PADDING, "not looked at (INDEX)"),
	F("x37", 37, 3, PADDING, "not looked at (BRTYPE)"),
	F("x45", 45, 3, PADDING, "not looked at"),
	F("x52", 52, 3, PADDING, "not looked at"),
};
FMT(cat0_immed, "jump, call, bkt, getone, shps", cat0_immed_fields,
    ISA "ir3-cat0.xml (#instruction-cat0-immed)");

/* ---- category 1 (ir3-cat1.xml) ---------------------------------------------------------- */

static const struct ip_enum round_mode[] = {
	{0, "", NULL}, {1, "(even)", NULL}, {2, "(pos_infinity)", NULL},
	{3, "(neg_infinity)", NULL}, {0, NULL, NULL},
};

static const struct ip_enum cat1_src_mode[] = { /* the mov patterns; 3 matches none */
	{0, "gpr", "mov-gpr, or mov-relgpr / mov-relconst with bit 11 set"},
	{1, "const", "mov-const"}, {2, "immed", "mov-immed"}, {0, NULL, NULL},
};

static const struct ip_enum cat1_opc[] = { /* bits 57-58: 1 and 2 match nothing on a3xx */
	{0, "mov", NULL}, {3, "movmsk", NULL}, {0, NULL, NULL},
};

static const struct ip_field cat1_common_fields[] = {
	F("DST", 32, 8, REGISTER, "#cat1-dst: r<N>.c, or the offset from a0.x with DST_REL"),
	F("REPEAT", 40, 2, IMMEDIATE, "(rptN)"),
	F("zero42", 42, 1, PADDING, "0 (pattern)"),
	F("SS", 44, 1, FLAG, "(ss)"),
	F("UL", 45, 1, FLAG, "(ul)"),
	FE("DST_TYPE", 46, 3, SIZE, type, "destination type"),
	F("DST_REL", 49, 1, FLAG, "destination relative to a0.x"),
	FE("SRC_TYPE", 50, 3, SIZE, type, "source type"),
	FE("src_mode", 53, 2, SIZE, cat1_src_mode, "the source kind the mov patterns match"),
	FE("ROUND", 55, 2, MODIFIER, round_mode, "rounding mode"),
	FE("OPC", 57, 2, OPCODE, cat1_opc, "0 in every mov (pattern)"),
	F("JP", 59, 1, FLAG, "(jp)"),
	F("SY", 60, 1, FLAG, "(sy)"),
	FE("CAT", 61, 3, TAG, category, "category"),
};
FMT(cat1_common, "category 1 as ir3 decodes every mov", cat1_common_fields,
    ISA "ir3-cat1.xml (#instruction-cat1, -typed, -mov)");

static const struct ip_field cat1_gpr_fields[] = {
	F("SRC", 0, 8, REGISTER, "#reg-gpr: r<N>.c"),
	F("zero8", 8, 2, PADDING, "0 (pattern)"),
	F("LAST", 10, 1, FLAG, "(last)"),
	F("zero11", 11, 21, PADDING, "0 (pattern; bit 11 set is the relative form)"),
	F("SRC_R", 43, 1, FLAG, "(r)"),
};
FMT(cat1_gpr, "mov from a register", cat1_gpr_fields, ISA "ir3-cat1.xml (mov-gpr)");

static const struct ip_field cat1_rel_fields[] = {
	F("OFFSET", 0, 10, OFFSET, "#reg-relative-gpr / -const: signed offset from a0.x"),
	F("REL_CONST", 10, 1, FLAG, "0: r<a0.x + N>, 1: c<a0.x + N>"),
	F("REL", 11, 1, FLAG, "1 (pattern): relative"),
	F("zero12", 12, 20, PADDING, "0 (pattern)"),
	F("SRC_R", 43, 1, FLAG, "(r)"),
};
FMT(cat1_rel, "mov from a0.x-relative register or const", cat1_rel_fields,
    ISA "ir3-cat1.xml (mov-relgpr, mov-relconst)");

static const struct ip_field cat1_const_fields[] = {
	F("SRC", 0, 11, REGISTER, "#reg-const: c<N>.c"),
	F("zero11", 11, 21, PADDING, "0 (pattern)"),
	F("SRC_R", 43, 1, FLAG, "(r)"),
};
FMT(cat1_const, "mov from a const", cat1_const_fields, ISA "ir3-cat1.xml (mov-const)");

static const struct ip_field cat1_immed_fields[] = {
	F("SRC", 0, 32, IMMEDIATE, "#cat1-immed-src, read as SRC_TYPE"),
	F("zero43", 43, 1, PADDING, "0 (pattern)"),
};
FMT(cat1_immed, "mov from an immediate", cat1_immed_fields, ISA "ir3-cat1.xml (mov-immed)");

static const struct ip_field cat1_movmsk_fields[] = {
	F("zero0", 0, 32, PADDING, "0 (pattern)"),
	F("zero43", 43, 1, PADDING, "0 (pattern)"),
};
FMT(cat1_movmsk, "movmsk", cat1_movmsk_fields, ISA "ir3-cat1.xml (movmsk)");

/* ---- the 16-bit sources of categories 2 and 4 (#multisrc, ir3-common.xml) ---------------- */

static const struct ip_field ms_common_fields[] = {
	FE("src_mode", 11, 3, SIZE, src_mode, "which #multisrc encoding the patterns match"),
	FE("ABSNEG", 14, 2, MODIFIER, absneg, "(neg), (abs)"),
};
FMT(ms_common, "a category 2/4 source (#multisrc)", ms_common_fields, ISA "ir3-common.xml (#multisrc)");

static const struct ip_field ms_gpr_fields[] = {
	F("SRC", 0, 8, REGISTER, "#reg-gpr: r<N>.c"),
	F("zero8", 8, 2, PADDING, "0 (pattern)"),
	F("LAST", 10, 1, FLAG, "(last)"),
};
FMT(ms_gpr, "a register source", ms_gpr_fields, ISA "ir3-common.xml (#multisrc-gpr)");

static const struct ip_field ms_const_fields[] = {
	F("SRC", 0, 11, REGISTER, "#reg-const: c<N>.c"),
};
FMT(ms_const, "a const source", ms_const_fields, ISA "ir3-common.xml (#multisrc-const)");

static const struct ip_field ms_rel_fields[] = {
	F("OFFSET", 0, 10, OFFSET, "signed offset from a0.x"),
	F("REL_CONST", 10, 1, FLAG, "0: r<a0.x + N>, 1: c<a0.x + N>"),
};
FMT(ms_rel, "a relative source", ms_rel_fields, ISA "ir3-common.xml (#multisrc-relative-*)");

static const struct ip_field ms_immed_fields[] = {
	F("IMMED", 0, 11, IMMEDIATE, "signed immediate"),
};
FMT(ms_immed, "an immediate source", ms_immed_fields, ISA "ir3-common.xml (#mulitsrc-immed)");

static const struct ip_enum flut[] = {
	{0, "(0.0)", NULL}, {1, "(0.5)", NULL}, {2, "(1.0)", NULL}, {3, "(2.0)", NULL},
	{4, "(e)", NULL}, {5, "(pi)", NULL}, {6, "(1/pi)", NULL}, {7, "(1/log2(e))", NULL},
	{8, "(log2(e))", NULL}, {9, "(1/log2(10))", NULL}, {10, "(log2(10))", NULL},
	{11, "(4.0)", NULL}, {0, NULL, NULL},
};

static const struct ip_field ms_flut_fields[] = {
	FE("IMMED", 0, 10, IMMEDIATE, flut, "index into a table of float constants; 12-1023 unnamed"),
	F("HALF", 10, 1, SIZE, "0: full, 1: half (the flut-full / flut-half patterns)"),
};
FMT(ms_flut, "a float-table immediate source", ms_flut_fields,
    ISA "ir3-common.xml (#mulitsrc-immed-flut-full, -half)");

/* ---- category 2 (ir3-cat2.xml) ---------------------------------------------------------- */

static const struct ip_enum cat2_opc[] = {
	{0, "add.f", NULL}, {1, "min.f", NULL}, {2, "max.f", NULL}, {3, "mul.f", NULL},
	{4, "sign.f", NULL}, {5, "cmps.f", NULL}, {6, "absneg.f", NULL}, {7, "cmpv.f", NULL},
	{9, "floor.f", NULL}, {10, "ceil.f", NULL}, {11, "rndne.f", NULL}, {12, "rndaz.f", NULL},
	{13, "trunc.f", NULL}, {16, "add.u", NULL}, {17, "add.s", NULL}, {18, "sub.u", NULL},
	{19, "sub.s", NULL}, {20, "cmps.u", NULL}, {21, "cmps.s", NULL}, {22, "min.u", NULL},
	{23, "min.s", NULL}, {24, "max.u", NULL}, {25, "max.s", NULL}, {26, "absneg.s", NULL},
	{28, "and.b", NULL}, {29, "or.b", NULL}, {30, "not.b", NULL}, {31, "xor.b", NULL},
	{33, "cmpv.u", NULL}, {34, "cmpv.s", NULL}, {48, "mul.u24", NULL}, {49, "mul.s24", NULL},
	{50, "mull.u", NULL}, {51, "bfrev.b", NULL}, {52, "clz.s", NULL}, {53, "clz.b", NULL},
	{54, "shl.b", NULL}, {55, "shr.b", NULL}, {56, "ashr.b", NULL}, {57, "bary.f", NULL},
	{58, "mgen.b", NULL}, {59, "getbit.b", NULL}, {60, "setrm", NULL}, {61, "cbits.b", NULL},
	{62, "shb", NULL}, {63, "msad", NULL}, {0, NULL, NULL},
};

static const struct ip_field cat2_common_fields[] = {
	F("DST", 32, 8, REGISTER, "#reg-gpr"),
	F("REPEAT", 40, 2, IMMEDIATE, "(rptN)"),
	F("SAT", 42, 1, MODIFIER, "(sat)"),
	F("SRC1_R", 43, 1, FLAG, "(r) on the first source"),
	F("SS", 44, 1, FLAG, "(ss)"),
	F("UL", 45, 1, FLAG, "(ul)"),
	F("DST_CONV", 46, 1, SIZE, "destination precision opposite to the sources'"),
	F("EI", 47, 1, FLAG, "(ei)"),
	F("SRC2_R", 51, 1, FLAG, "(r) on the second source"),
	F("FULL", 52, 1, SIZE, "full-precision sources"),
	FE("OPC", 53, 6, OPCODE, cat2_opc, "opcode; 8, 14, 15, 27, 32, 35-47 match nothing"),
	F("JP", 59, 1, FLAG, "(jp)"),
	F("SY", 60, 1, FLAG, "(sy)"),
	FE("CAT", 61, 3, TAG, category, "category"),
};
FMT(cat2_common, "category 2 as ir3 decodes every instruction", cat2_common_fields,
    ISA "ir3-cat2.xml (#instruction-cat2)");

static const struct ip_field cat2_cond_fields[] = {
	FE("COND", 48, 3, OPCODE, cond, "comparison; 6 and 7 unnamed"),
};
FMT(cat2_cond, "cmps, cmpv", cat2_cond_fields, ISA "ir3-cat2.xml (#instruction-cat2-2src-cond)");

static const struct ip_field cat2_x48_fields[] = {
	F("x48", 48, 3, PADDING, "not looked at"),
};
FMT(cat2_x48, "category 2 opcodes that do not compare", cat2_x48_fields,
    ISA "ir3-cat2.xml (#instruction-cat2-1src, -2src)");

static const struct ip_field cat2_bary_fields[] = {
	F("x48", 48, 2, PADDING, "not looked at"),
	F("zero50", 50, 1, PADDING, "0 (pattern; set, later GPUs decode flat.b)"),
};
FMT(cat2_bary, "bary.f", cat2_bary_fields, ISA "ir3-cat2.xml (bary.f)");

static const struct ip_field cat2_1src_fields[] = {
	F("x16", 16, 16, PADDING, "not looked at: one source"),
};
FMT(cat2_1src, "one-source category 2 opcodes", cat2_1src_fields,
    ISA "ir3-cat2.xml (#instruction-cat2-1src)");

/* ---- category 3 (ir3-cat3.xml) ---------------------------------------------------------- */

static const struct ip_enum cat3_opc[] = {
	{0, "mad.u16", NULL}, {1, "madsh.u16", NULL}, {2, "mad.s16", NULL},
	{3, "madsh.m16", NULL}, {4, "mad.u24", NULL}, {5, "mad.s24", NULL}, {6, "mad.f16", NULL},
	{7, "mad.f32", NULL}, {8, "sel.b16", NULL}, {9, "sel.b32", NULL}, {10, "sel.s16", NULL},
	{11, "sel.s32", NULL}, {12, "sel.f16", NULL}, {13, "sel.f32", NULL}, {14, "sad.s16", NULL},
	{15, "sad.s32", NULL}, {0, NULL, NULL},
};

static const struct ip_enum cat3_src_mode[] = { /* #cat3-src patterns, bits 11-12 */
	{0, "gpr", NULL}, {1, "relative", "bit 10: const file"}, {2, "const", NULL},
	{0, NULL, NULL},
};

static const struct ip_field cat3_common_fields[] = {
	FE("src1_mode", 11, 2, SIZE, cat3_src_mode, "#cat3-src encoding of the first source; 3 "
	                                           "matches none"),
	F("SRC2_C", 13, 1, PADDING, "0 (pattern)"),
	F("SRC1_NEG", 14, 1, MODIFIER, "(neg) on the first source"),
	F("SRC2_R", 15, 1, FLAG, "(r) on the second source"),
	FE("src3_mode", 27, 2, SIZE, cat3_src_mode, "#cat3-src encoding of the third source"),
	F("SRC3_R", 29, 1, FLAG, "(r) on the third source"),
	F("SRC2_NEG", 30, 1, MODIFIER, "(neg) on the second source"),
	F("SRC3_NEG", 31, 1, MODIFIER, "(neg) on the third source"),
	F("DST", 32, 8, REGISTER, "#reg-gpr"),
	F("REPEAT", 40, 2, IMMEDIATE, "(rptN)"),
	F("SAT", 42, 1, MODIFIER, "(sat)"),
	F("SRC1_R", 43, 1, FLAG, "(r) on the first source"),
	F("SS", 44, 1, FLAG, "(ss)"),
	F("UL", 45, 1, FLAG, "(ul)"),
	F("DST_CONV", 46, 1, SIZE, "destination precision opposite to the opcode's"),
	F("SRC2", 47, 8, REGISTER, "#reg-gpr"),
	FE("OPC", 55, 4, OPCODE, cat3_opc, "opcode"),
	F("JP", 59, 1, FLAG, "(jp)"),
	F("SY", 60, 1, FLAG, "(sy)"),
	FE("CAT", 61, 3, TAG, category, "category"),
};
FMT(cat3_common, "category 3 as ir3 decodes every instruction", cat3_common_fields,
    ISA "ir3-cat3.xml (#instruction-cat3-base, #instruction-cat3)");

static const struct ip_field cat3_gpr_fields[] = {
	F("SRC", 0, 8, REGISTER, "#reg-gpr"),
	F("zero8", 8, 2, PADDING, "0 (pattern)"),
	F("LAST", 10, 1, FLAG, "(last)"),
};
FMT(cat3_gpr, "a register source", cat3_gpr_fields, ISA "ir3-cat3.xml (#cat3-src-gpr)");

static const struct ip_field cat3_const_fields[] = {
	FE("SWIZ", 0, 2, COMPONENT, swiz, "component"),
	F("CONST", 2, 9, REGISTER, "const number"),
};
FMT(cat3_const, "a const source", cat3_const_fields, ISA "ir3-cat3.xml (#cat3-src-const-or-immed)");

static const struct ip_field cat3_rel_fields[] = {
	F("OFFSET", 0, 10, OFFSET, "signed offset from a0.x"),
	F("REL_CONST", 10, 1, FLAG, "0: register file, 1: const file"),
};
FMT(cat3_rel, "a relative source", cat3_rel_fields, ISA "ir3-cat3.xml (#cat3-src-relative-*)");

/* ---- category 4 (ir3-cat4.xml) ---------------------------------------------------------- */

static const struct ip_enum cat4_opc[] = {
	{0, "rcp", NULL}, {1, "rsq", NULL}, {2, "log2", NULL}, {3, "exp2", NULL},
	{4, "sin", NULL}, {5, "cos", NULL}, {6, "sqrt", NULL}, {9, "hrsq", NULL},
	{10, "hlog2", NULL}, {11, "hexp2", NULL}, {0, NULL, NULL},
};

static const struct ip_field cat4_common_fields[] = {
	F("x16", 16, 16, PADDING, "not looked at"),
	F("DST", 32, 8, REGISTER, "#reg-gpr"),
	F("REPEAT", 40, 2, IMMEDIATE, "(rptN)"),
	F("SAT", 42, 1, MODIFIER, "(sat)"),
	F("SRC_R", 43, 1, FLAG, "(r)"),
	F("SS", 44, 1, FLAG, "(ss)"),
	F("UL", 45, 1, FLAG, "(ul)"),
	F("DST_CONV", 46, 1, SIZE, "destination precision opposite to the source's"),
	F("x47", 47, 5, PADDING, "not looked at"),
	F("FULL", 52, 1, SIZE, "full-precision source"),
	FE("OPC", 53, 6, OPCODE, cat4_opc, "opcode; 7, 8, 12-63 match nothing"),
	F("JP", 59, 1, FLAG, "(jp)"),
	F("SY", 60, 1, FLAG, "(sy)"),
	FE("CAT", 61, 3, TAG, category, "category"),
};
FMT(cat4_common, "category 4 as ir3 decodes it", cat4_common_fields,
    ISA "ir3-cat4.xml (#instruction-cat4)");

/* ---- category 5 (ir3-cat5.xml) ---------------------------------------------------------- */

static const struct ip_enum cat5_opc[] = {
	{0, "isam", NULL}, {1, "isaml", NULL}, {2, "isamm", NULL}, {3, "sam", NULL},
	{4, "samb", NULL}, {5, "saml", NULL}, {6, "samgq", NULL}, {7, "getlod", NULL},
	{8, "conv", NULL}, {9, "convm", NULL}, {10, "getsize", NULL}, {11, "getbuf", NULL},
	{12, "getpos", NULL}, {13, "getinfo", NULL}, {14, "dsx", NULL}, {15, "dsy", NULL},
	{16, "gather4r", NULL}, {17, "gather4g", NULL}, {18, "gather4b", NULL},
	{19, "gather4a", NULL}, {20, "samgp0", NULL}, {21, "samgp1", NULL}, {22, "samgp2", NULL},
	{23, "samgp3", NULL}, {24, "dsxpp.1", NULL}, {25, "dsypp.1", NULL}, {26, "rgetpos", NULL},
	{27, "rgetinfo", NULL}, {28, "tcinv", NULL}, {0, NULL, NULL},
};

static const struct ip_enum desc_mode[] = {
	{0, "CAT5_UNIFORM", NULL}, {1, "CAT5_BINDLESS_A1_UNIFORM", NULL},
	{2, "CAT5_BINDLESS_NONUNIFORM", NULL}, {3, "CAT5_BINDLESS_A1_NONUNIFORM", NULL},
	{4, "CAT5_NONUNIFORM", NULL}, {5, "CAT5_BINDLESS_UNIFORM", NULL},
	{6, "CAT5_BINDLESS_IMM", NULL}, {7, "CAT5_BINDLESS_A1_IMM", NULL}, {0, NULL, NULL},
};

static const struct ip_enum wrmask[] = {
	{0, "", NULL}, {1, "x", NULL}, {2, "y", NULL}, {3, "xy", NULL}, {4, "z", NULL},
	{5, "xz", NULL}, {6, "yz", NULL}, {7, "xyz", NULL}, {8, "w", NULL}, {9, "xw", NULL},
	{10, "yw", NULL}, {11, "xyw", NULL}, {12, "zw", NULL}, {13, "xzw", NULL},
	{14, "yzw", NULL}, {15, "xyzw", NULL}, {0, NULL, NULL},
};

static const struct ip_field cat5_common_fields[] = {
	F("FULL", 0, 1, SIZE, "full-precision sources"),
	F("SRC1", 1, 8, REGISTER, "#cat5-src1 (0 when the opcode takes no source)"),
	F("SRC2", 9, 8, REGISTER, "#cat5-src2"),
	F("x17", 17, 1, PADDING, "not looked at (a comment: it shows up with samgpN)"),
	F("zero18", 18, 1, PADDING, "0 (pattern)"),
	F("DST", 32, 8, REGISTER, "#reg-gpr"),
	FE("WRMASK", 40, 4, MASK, wrmask, "write mask"),
	FE("TYPE", 44, 3, SIZE, type, "#cat5-type"),
	F("3D", 48, 1, FLAG, ".3d"),
	F("A", 49, 1, FLAG, ".a"),
	F("S", 50, 1, FLAG, ".s"),
	F("S2EN_BINDLESS", 51, 1, FLAG, "s2en (indirect) or bindless form"),
	F("O", 52, 1, FLAG, ".o"),
	F("P", 53, 1, FLAG, ".p"),
	FE("OPC", 54, 5, OPCODE, cat5_opc, "opcode; 29-31 match nothing"),
	F("JP", 59, 1, FLAG, "(jp)"),
	F("SY", 60, 1, FLAG, "(sy)"),
	FE("CAT", 61, 3, TAG, category, "category"),
};
FMT(cat5_common, "category 5 as ir3 decodes every instruction", cat5_common_fields,
    ISA "ir3-cat5.xml (#instruction-cat5, -tex)");

static const struct ip_field cat5_plain_fields[] = {
	F("BASE_HI", 19, 2, PADDING, "0 (assert)"),
	F("SAMP", 21, 4, IMMEDIATE, "s#N"),
	F("TEX", 25, 7, IMMEDIATE, "t#N"),
	F("BASE_LO", 47, 1, PADDING, "0 (assert)"),
};
FMT(cat5_plain, "sampler and texture in the instruction", cat5_plain_fields,
    ISA "ir3-cat5.xml (#instruction-cat5)");

static const struct ip_field cat5_s2en_fields[] = {
	F("BASE_HI", 19, 2, IMMEDIATE, "high bits of the bindless base"),
	F("SRC3", 21, 8, REGISTER, "#cat5-src3: sampler/texture register"),
	FE("DESC_MODE", 29, 3, OPCODE, desc_mode, "how the sampler and texture are found (a3xx: "
	                                          "0 and non-uniform indexing only)"),
	F("BASE", 47, 1, IMMEDIATE, "low bit of the bindless base"),
};
FMT(cat5_s2en, "s2en or bindless", cat5_s2en_fields,
    ISA "ir3-cat5.xml (#instruction-cat5-tex, override S2EN_BINDLESS)");

/* ---- category 6 (ir3-cat6.xml) ---------------------------------------------------------- */

static const struct ip_enum cat6_opc[] = {
	{0, "ldg", NULL}, {1, "ldl", NULL}, {2, "ldp", NULL}, {3, "stg", NULL},
	{4, "stl", NULL}, {5, "stp", NULL}, {6, "ldib", NULL}, {10, "ldlw", NULL},
	{11, "stlw", NULL}, {15, "resinfo", NULL}, {16, "atomic.add", NULL},
	{17, "atomic.sub", NULL}, {18, "atomic.xchg", NULL}, {19, "atomic.inc", NULL},
	{20, "atomic.dec", NULL}, {21, "atomic.cmpxchg", NULL}, {22, "atomic.min", NULL},
	{23, "atomic.max", NULL}, {24, "atomic.and", NULL}, {25, "atomic.or", NULL},
	{26, "atomic.xor", NULL}, {27, "ldgb", NULL}, {28, "stgb", NULL}, {29, "stib", NULL},
	{31, "ldlv", NULL}, {0, NULL, NULL},
};

static const struct ip_field cat6_common_fields[] = {
	FE("TYPE", 49, 3, SIZE, type, "data type"),
	FE("OPC", 54, 5, OPCODE, cat6_opc, "opcode; 7-9, 12-14, 30 match nothing"),
	F("JP", 59, 1, FLAG, "(jp)"),
	F("SY", 60, 1, FLAG, "(sy)"),
	FE("CAT", 61, 3, TAG, category, "category"),
};
FMT(cat6_common, "category 6 as ir3 decodes every instruction", cat6_common_fields,
    ISA "ir3-cat6.xml (#instruction-cat6, -a3xx)");

static const struct ip_field cat6_ldg_fields[] = {
	F("one0", 0, 1, PADDING, "1 (pattern)"),
	F("OFF", 1, 13, OFFSET, "signed offset"),
	F("SRC1", 14, 8, REGISTER, "#cat6-src-const-or-gpr: the address"),
	F("zero22", 22, 1, PADDING, "0 (pattern)"),
	F("one23", 23, 1, PADDING, "1 (pattern)"),
	F("SIZE", 24, 3, IMMEDIATE, "component count"),
	F("x27", 27, 3, PADDING, "not looked at"),
	F("zero30", 30, 2, PADDING, "0 (pattern)"),
	F("DST", 32, 8, REGISTER, "#reg-gpr"),
	F("x40", 40, 9, PADDING, "not looked at"),
	F("zero52", 52, 2, PADDING, "0 (pattern)"),
};
FMT(cat6_ldg, "ldg", cat6_ldg_fields, ISA "ir3-cat6.xml (ldg, #instruction-cat6-ldg)");

static const struct ip_field cat6_ld_fields[] = {
	F("one0", 0, 1, PADDING, "1 (pattern)"),
	F("OFF", 1, 13, OFFSET, "signed offset"),
	F("SRC", 14, 8, REGISTER, "#reg-gpr: the address"),
	F("x22", 22, 1, PADDING, "not looked at"),
	F("one23", 23, 1, PADDING, "1 (pattern)"),
	F("SIZE", 24, 8, IMMEDIATE, "component count"),
	F("DST", 32, 8, REGISTER, "#reg-gpr"),
	F("x40", 40, 9, PADDING, "not looked at"),
	F("x52", 52, 2, PADDING, "not looked at"),
};
FMT(cat6_ld, "ldl, ldp, ldlw", cat6_ld_fields, ISA "ir3-cat6.xml (#instruction-cat6-a3xx-ld)");

static const struct ip_field cat6_stg_fields[] = {
	F("x0", 0, 1, PADDING, "not looked at"),
	F("SRC3", 1, 8, REGISTER, "#reg-gpr: the value"),
	F("OFF_HI", 9, 5, OFFSET, "offset bits 8-12"),
	F("x14", 14, 9, PADDING, "not looked at"),
	F("one23", 23, 1, PADDING, "1 (pattern)"),
	F("SIZE", 24, 3, IMMEDIATE, "component count"),
	F("x27", 27, 3, PADDING, "not looked at"),
	F("zero30", 30, 2, PADDING, "0 (pattern)"),
	F("OFF_LO", 32, 8, OFFSET, "offset bits 0-7"),
	F("DST_OFF", 40, 1, FLAG, "offset form"),
	F("SRC1", 41, 8, REGISTER, "#cat6-src-const-or-gpr: the address"),
	F("zero52", 52, 1, PADDING, "0 (pattern)"),
	F("x53", 53, 1, PADDING, "not looked at"),
};
FMT(cat6_stg, "stg", cat6_stg_fields, ISA "ir3-cat6.xml (stg, #instruction-cat6-stg)");

static const struct ip_field cat6_st_fields[] = {
	F("x0", 0, 1, PADDING, "not looked at (stl, stlw); 0 in stp (pattern)"),
	F("SRC", 1, 8, REGISTER, "#reg-gpr: the value"),
	F("OFF_HI", 9, 5, OFFSET, "offset bits 8-12"),
	F("x14", 14, 9, PADDING, "not looked at"),
	F("one23", 23, 1, PADDING, "1 (pattern)"),
	F("SIZE", 24, 8, IMMEDIATE, "component count"),
	F("OFF_LO", 32, 8, OFFSET, "offset bits 0-7"),
	F("one40", 40, 1, PADDING, "1 (pattern)"),
	F("DST", 41, 8, REGISTER, "#reg-gpr: the address"),
	F("x52", 52, 2, PADDING, "not looked at"),
};
FMT(cat6_st, "stl, stp, stlw", cat6_st_fields, ISA "ir3-cat6.xml (#instruction-cat6-a3xx-st)");

static const struct ip_field cat6_ldlv_fields[] = {
	F("zero0", 0, 1, PADDING, "0 (pattern)"),
	F("OFF", 1, 13, IMMEDIATE, "unsigned offset"),
	F("x14", 14, 8, PADDING, "not looked at"),
	F("three22", 22, 2, PADDING, "both set (pattern)"),
	F("SIZE", 24, 8, IMMEDIATE, "component count"),
	F("DST", 32, 8, REGISTER, "#reg-gpr"),
	F("x40", 40, 9, PADDING, "not looked at"),
	F("x52", 52, 2, PADDING, "not looked at"),
};
FMT(cat6_ldlv, "ldlv", cat6_ldlv_fields, ISA "ir3-cat6.xml (ldlv)");

static const struct ip_field cat6_resinfo_fields[] = {
	F("x0", 0, 9, PADDING, "not looked at"),
	F("D_MINUS_ONE", 9, 2, IMMEDIATE, "dimensions - 1"),
	F("x11", 11, 21, PADDING, "not looked at"),
	F("DST", 32, 8, REGISTER, "#reg-gpr"),
	F("zero40", 40, 1, PADDING, "0 (pattern)"),
	F("SSBO", 41, 8, REGISTER, "#cat6-src: the buffer"),
	F("x52", 52, 1, PADDING, "not looked at"),
	F("SSBO_IM", 53, 1, FLAG, "SSBO is an immediate"),
};
FMT(cat6_resinfo, "resinfo", cat6_resinfo_fields, ISA "ir3-cat6.xml (resinfo)");

static const struct ip_field cat6_atomic_fields[] = {
	F("one0", 0, 1, PADDING, "1 (pattern)"),
	F("zero1", 1, 8, PADDING, "0 (pattern)"),
	F("D_MINUS_ONE", 9, 2, IMMEDIATE, "dimensions - 1"),
	F("TYPED", 11, 1, FLAG, "typed"),
	F("TYPE_SIZE_MINUS_ONE", 12, 2, IMMEDIATE, "components - 1"),
	F("SRC1", 14, 8, REGISTER, "#cat6-src"),
	F("SRC1_IM", 22, 1, FLAG, "SRC1 is an immediate"),
	F("SRC2_IM", 23, 1, FLAG, "SRC2 is an immediate"),
	F("SRC2", 24, 8, REGISTER, "#cat6-src"),
	F("DST", 32, 8, REGISTER, "#reg-gpr"),
	F("x40", 40, 1, PADDING, "not looked at"),
	F("zero41", 41, 8, PADDING, "0 (pattern)"),
	F("zero52", 52, 2, PADDING, "0 (pattern: local)"),
};
FMT(cat6_atomic, "local atomics", cat6_atomic_fields,
    ISA "ir3-cat6.xml (#instruction-cat6-a3xx-atomic-local)");

static const struct ip_field cat6_atomic_g_fields[] = {
	F("zero0", 0, 1, PADDING, "0 (pattern)"),
	F("SRC3", 1, 8, REGISTER, "#reg-gpr"),
	F("D_MINUS_ONE", 9, 2, IMMEDIATE, "dimensions - 1"),
	F("TYPED", 11, 1, FLAG, "typed"),
	F("TYPE_SIZE_MINUS_ONE", 12, 2, IMMEDIATE, "components - 1"),
	F("SRC1", 14, 8, REGISTER, "#cat6-src"),
	F("SRC1_IM", 22, 1, FLAG, "SRC1 is an immediate"),
	F("SRC2_IM", 23, 1, FLAG, "SRC2 is an immediate"),
	F("SRC2", 24, 8, REGISTER, "#cat6-src"),
	F("DST", 32, 8, REGISTER, "#reg-gpr"),
	F("x40", 40, 1, PADDING, "not looked at"),
	F("SSBO", 41, 8, REGISTER, "#cat6-src: the buffer"),
	F("one52", 52, 1, PADDING, "1 (pattern: global)"),
	F("SSBO_IM", 53, 1, FLAG, "SSBO is an immediate"),
};
FMT(cat6_atomic_g, "global atomics (a3xx-a4xx)", cat6_atomic_g_fields,
    ISA "ir3-cat6.xml (#instruction-cat6-a3xx-atomic-global-a4xx)");

static const struct ip_field cat6_ibo_ld_fields[] = {
	F("one0", 0, 1, PADDING, "1 (pattern)"),
	F("x1", 1, 8, PADDING, "not looked at"),
	F("D_MINUS_ONE", 9, 2, IMMEDIATE, "dimensions - 1"),
	F("TYPED", 11, 1, FLAG, "typed"),
	F("TYPE_SIZE_MINUS_ONE", 12, 2, IMMEDIATE, "components - 1"),
	F("SRC1", 14, 8, REGISTER, "#cat6-src"),
	F("SRC1_IM", 22, 1, FLAG, "SRC1 is an immediate"),
	F("SRC2_IM", 23, 1, FLAG, "SRC2 is an immediate"),
	F("SRC2", 24, 8, REGISTER, "#cat6-src"),
	F("DST", 32, 8, REGISTER, "#reg-gpr"),
	F("x40", 40, 1, PADDING, "not looked at"),
	F("SSBO", 41, 8, REGISTER, "#cat6-src: the buffer"),
	F("x52", 52, 1, PADDING, "not looked at"),
	F("SSBO_IM", 53, 1, FLAG, "SSBO is an immediate"),
};
FMT(cat6_ibo_ld, "ldgb, ldib", cat6_ibo_ld_fields,
    ISA "ir3-cat6.xml (#instruction-cat6-a3xx-ibo-load)");

static const struct ip_field cat6_ibo_st_fields[] = {
	F("zero0", 0, 1, PADDING, "0 (pattern)"),
	F("SRC1", 1, 8, REGISTER, "#reg-gpr"),
	F("D_MINUS_ONE", 9, 2, IMMEDIATE, "dimensions - 1"),
	F("TYPED", 11, 1, FLAG, "typed"),
	F("TYPE_SIZE_MINUS_ONE", 12, 2, IMMEDIATE, "components - 1"),
	F("x14", 14, 9, PADDING, "not looked at"),
	F("SRC2_IM", 23, 1, FLAG, "SRC2 is an immediate"),
	F("SRC2", 24, 8, REGISTER, "#cat6-src"),
	F("SRC3", 32, 8, REGISTER, "#cat6-src"),
	F("SRC3_IM", 40, 1, FLAG, "SRC3 is an immediate"),
	F("SSBO", 41, 8, REGISTER, "#cat6-src: the buffer"),
	F("x52", 52, 1, PADDING, "not looked at"),
	F("SSBO_IM", 53, 1, FLAG, "SSBO is an immediate"),
};
FMT(cat6_ibo_st, "stgb, stib", cat6_ibo_st_fields,
    ISA "ir3-cat6.xml (#instruction-cat6-a3xx-ibo-store-a4xx)");

/* ---- category 7 (ir3-cat7.xml): decoded for every generation, though the instructions came
 * with later GPUs ----------------------------------------------------------------------- */

static const struct ip_enum cat7_opc[] = { /* with OPC_HI clear; set: 0 bar, 1 fence */
	{2, "sleep", NULL}, {3, "icinv", NULL}, {4, "dccln", NULL}, {5, "dcinv", NULL},
	{6, "dcflu", NULL}, {0, NULL, NULL},
};

static const struct ip_field cat7_common_fields[] = {
	F("x0", 0, 44, PADDING, "not looked at"),
	F("SS", 44, 1, FLAG, "(ss)"),
	F("x45", 45, 4, PADDING, "not looked at"),
	F("OPC_HI", 49, 1, OPCODE, "set: bar (0), fence (1)"),
	F("x50", 50, 1, PADDING, "not looked at"),
	FE("OPC", 55, 4, OPCODE, cat7_opc, "opcode"),
	F("JP", 59, 1, FLAG, "(jp)"),
	F("SY", 60, 1, FLAG, "(sy)"),
	FE("CAT", 61, 3, TAG, category, "category"),
};
FMT(cat7_common, "category 7 as ir3 decodes it", cat7_common_fields,
    ISA "ir3-cat7.xml (#instruction-cat7)");

static const struct ip_field cat7_bar_fields[] = {
	F("W", 51, 1, FLAG, ".w"), F("R", 52, 1, FLAG, ".r"), F("L", 53, 1, FLAG, ".l"),
	F("G", 54, 1, FLAG, ".g"),
};
FMT(cat7_bar, "bar, fence", cat7_bar_fields, ISA "ir3-cat7.xml (#instruction-cat7-barrier)");

static const struct ip_field cat7_other_fields[] = {
	F("TYPE", 51, 1, MODIFIER, "sleep: duration .s/.l; dccln: .shr/.all"),
	F("x52", 52, 3, PADDING, "not looked at (dccln, dcinv, dcflu: bit 52 0)"),
};
FMT(cat7_other, "sleep, icinv, dccln, dcinv, dcflu", cat7_other_fields,
    ISA "ir3-cat7.xml (sleep, icinv, #instruction-cat7-data)");

/* ---- which instructions a part reads (the patterns above, on the seed's word) ------------- */

static uint64_t b(const ip_word *w, unsigned lo, unsigned width)
{
	return ip_bits_get(w, lo, width);
}

/* Whether v is in the list (ended by -1). */
static int in(uint64_t v, const int *list)
{
	for (; *list >= 0; list++)
		if (v == (uint64_t)*list)
			return 1;
	return 0;
}

#define OPC0(w) (b(w, 55, 4) | b(w, 49, 1) << 4) /* cat0/cat7 opcode with OPC_HI */
#define PRED(name, expr)                                                                          \
	static int name(const ip_word *w, const ip_word *ctx)                                     \
	{                                                                                         \
		(void)ctx;                                                                        \
		return expr;                                                                      \
	}

static const int c0_0src[] = {0, 4, 6, 7, 8, 9, 10, 11, 16 + 8, 16 + 15, -1};
static const int c0_1src[] = {5, 16 + 13, 16 + 14, -1};
static const int c0_immed[] = {2, 3, 16 + 0, 16 + 5, 16 + 7, -1};
static const int c0_br1[] = {0, 4, 5, -1};
static const int c2_1src[] = {4, 6, 9, 10, 11, 12, 13, 26, 30, 51, 52, 53, 60, 61, -1};
static const int c2_cond[] = {5, 7, 20, 21, 33, 34, -1};
static const int c6_ld[] = {1, 2, 10, -1};
static const int c6_st[] = {4, 5, 11, -1};
static const int c6_ibo_ld[] = {6, 27, -1};
static const int c6_ibo_st[] = {28, 29, -1};
static const int mode_const[] = {2, 6, -1};
static const int c7_other[] = {2, 3, 4, 5, 6, -1};

PRED(c0_is_0src, in(OPC0(w), c0_0src))
PRED(c0_is_1src, in(OPC0(w), c0_1src))
PRED(c0_is_branch, OPC0(w) == 1 && in(b(w, 37, 3), c0_br1))
PRED(c0_is_branch2, OPC0(w) == 1 && (b(w, 37, 3) == 1 || b(w, 37, 3) == 2))
PRED(c0_is_brac, OPC0(w) == 1 && b(w, 37, 3) == 3)
PRED(c0_is_brax, OPC0(w) == 1 && b(w, 37, 3) == 6)
PRED(c0_is_immed, in(OPC0(w), c0_immed))
PRED(c1_is_gpr, b(w, 57, 2) == 0 && b(w, 53, 2) == 0 && !b(w, 11, 1))
PRED(c1_is_rel, b(w, 57, 2) == 0 && b(w, 53, 2) == 0 && b(w, 11, 1))
PRED(c1_is_const, b(w, 57, 2) == 0 && b(w, 53, 2) == 1)
PRED(c1_is_immed, b(w, 57, 2) == 0 && b(w, 53, 2) == 2)
PRED(c1_is_movmsk, b(w, 57, 2) == 3)
PRED(c1_mode3, b(w, 53, 2) == 3)
PRED(s1_gpr, b(w, 11, 3) == 0)
PRED(s1_rel, b(w, 11, 3) == 1)
PRED(s1_const, in(b(w, 11, 3), mode_const))
PRED(s1_immed, b(w, 11, 3) == 4)
PRED(s1_flut, b(w, 11, 3) == 5)
PRED(s1_none, b(w, 11, 3) == 3 || b(w, 11, 3) == 7)
PRED(c2_two, !in(b(w, 53, 6), c2_1src))
PRED(c2_one, in(b(w, 53, 6), c2_1src))
PRED(s2_gpr, c2_two(w, ctx) && b(w, 27, 3) == 0)
PRED(s2_rel, c2_two(w, ctx) && b(w, 27, 3) == 1)
PRED(s2_const, c2_two(w, ctx) && in(b(w, 27, 3), mode_const))
PRED(s2_immed, c2_two(w, ctx) && b(w, 27, 3) == 4)
PRED(s2_flut, c2_two(w, ctx) && b(w, 27, 3) == 5)
PRED(s2_none, c2_two(w, ctx) && (b(w, 27, 3) == 3 || b(w, 27, 3) == 7))
PRED(c2_is_cond, in(b(w, 53, 6), c2_cond))
PRED(c2_is_bary, b(w, 53, 6) == 57)
PRED(c2_not_cond, !in(b(w, 53, 6), c2_cond) && b(w, 53, 6) != 57)
PRED(c3_s1_gpr, b(w, 11, 2) == 0)
PRED(c3_s1_rel, b(w, 11, 2) == 1)
PRED(c3_s1_const, b(w, 11, 2) == 2)
PRED(c3_s1_none, b(w, 11, 2) == 3)
PRED(c3_s3_gpr, b(w, 27, 2) == 0)
PRED(c3_s3_rel, b(w, 27, 2) == 1)
PRED(c3_s3_const, b(w, 27, 2) == 2)
PRED(c3_s3_none, b(w, 27, 2) == 3)
PRED(c5_plain, !b(w, 51, 1))
PRED(c5_s2en, b(w, 51, 1))
PRED(c6_is_ldg, b(w, 54, 5) == 0)
PRED(c6_is_ld, in(b(w, 54, 5), c6_ld))
PRED(c6_is_stg, b(w, 54, 5) == 3)
PRED(c6_is_st, in(b(w, 54, 5), c6_st))
PRED(c6_is_ldlv, b(w, 54, 5) == 31)
PRED(c6_is_resinfo, b(w, 54, 5) == 15)
PRED(c6_is_atomic, b(w, 54, 5) >= 16 && b(w, 54, 5) <= 26 && !b(w, 52, 1))
PRED(c6_is_atomic_g, b(w, 54, 5) >= 16 && b(w, 54, 5) <= 26 && b(w, 52, 1))
PRED(c6_is_ibo_ld, in(b(w, 54, 5), c6_ibo_ld))
PRED(c6_is_ibo_st, in(b(w, 54, 5), c6_ibo_st))
PRED(c7_is_bar, b(w, 49, 1) && b(w, 55, 4) <= 1)
PRED(c7_is_other, !b(w, 49, 1) && in(b(w, 55, 4), c7_other))

/* ---- the parts -------------------------------------------------------------------------- */

static const struct ip_public_part parts[] = {
	{"cat0", 0, &cat0_common, NULL, 0, NULL, 0, 0},
	{"cat0", 0, &cat0_0src, "nop, end, ret, emit, cut, chmask, chsh, flow_rev", 0, c0_is_0src, 0, 0},
	{"cat0", 0, &cat0_1src, "kill, predt, predf", 0, c0_is_1src, 0, 0},
	{"cat0", 0, &cat0_branch, "br, bany, ball", 0, c0_is_branch, 0, 0},
	{"cat0", 0, &cat0_branch2, "braa, brao", 0, c0_is_branch2, 0, 0},
	{"cat0", 0, &cat0_brac, "brac", 0, c0_is_brac, 0, 0},
	{"cat0", 0, &cat0_brax, "brax", 0, c0_is_brax, 0, 0},
	{"cat0", 0, &cat0_immed, "jump, call", 0, c0_is_immed, 0, 0},
	{"cat1", 0, &cat1_common, NULL, 0, NULL, 0, 0},
	{"cat1", 0, &cat1_gpr, "source mode 0, bit 11 clear", 0, c1_is_gpr, 0, 0},
	{"cat1", 0, &cat1_rel, "source mode 0, bit 11 set", 0, c1_is_rel, 0, 0},
	{"cat1", 0, &cat1_const, "source mode 1", 0, c1_is_const, 0, 0},
	{"cat1", 0, &cat1_immed, "source mode 2", 0, c1_is_immed, 0, 0},
	{"cat1", 0, &cat1_movmsk, "movmsk", 0, c1_is_movmsk, 0, 0},
	{"cat2", 0, &cat2_common, NULL, 0, NULL, 0, 0},
	{"cat2", 0, &ms_common, NULL, 0, NULL, 0, 0},
	{"cat2", 0, &ms_gpr, "first source mode 0", 0, s1_gpr, 0, 0},
	{"cat2", 0, &ms_rel, "first source mode 1", 0, s1_rel, 0, 0},
	{"cat2", 0, &ms_const, "first source mode 2, 6", 0, s1_const, 0, 0},
	{"cat2", 0, &ms_immed, "first source mode 4", 0, s1_immed, 0, 0},
	{"cat2", 0, &ms_flut, "first source mode 5", 0, s1_flut, 0, 0},
	{"cat2", 16, &ms_common, "two-source opcodes", 0, c2_two, 0, 0},
	{"cat2", 16, &ms_gpr, "second source mode 0", 0, s2_gpr, 0, 0},
	{"cat2", 16, &ms_rel, "second source mode 1", 0, s2_rel, 0, 0},
	{"cat2", 16, &ms_const, "second source mode 2, 6", 0, s2_const, 0, 0},
	{"cat2", 16, &ms_immed, "second source mode 4", 0, s2_immed, 0, 0},
	{"cat2", 16, &ms_flut, "second source mode 5", 0, s2_flut, 0, 0},
	{"cat2", 0, &cat2_1src, "one-source opcodes", 0, c2_one, 0, 0},
	{"cat2", 0, &cat2_cond, "cmps, cmpv", 0, c2_is_cond, 0, 0},
	{"cat2", 0, &cat2_x48, "opcodes that do not compare", 0, c2_not_cond, 0, 0},
	{"cat2", 0, &cat2_bary, "bary.f", 0, c2_is_bary, 0, 0},
	{"cat3", 0, &cat3_common, NULL, 0, NULL, 0, 0},
	{"cat3", 0, &cat3_gpr, "first source mode 0", 0, c3_s1_gpr, 0, 0},
	{"cat3", 0, &cat3_rel, "first source mode 1", 0, c3_s1_rel, 0, 0},
	{"cat3", 0, &cat3_const, "first source mode 2", 0, c3_s1_const, 0, 0},
	{"cat3", 16, &cat3_gpr, "third source mode 0", 0, c3_s3_gpr, 0, 0},
	{"cat3", 16, &cat3_rel, "third source mode 1", 0, c3_s3_rel, 0, 0},
	{"cat3", 16, &cat3_const, "third source mode 2", 0, c3_s3_const, 0, 0},
	{"cat4", 0, &cat4_common, NULL, 0, NULL, 0, 0},
	{"cat4", 0, &ms_common, NULL, 0, NULL, 0, 0},
	{"cat4", 0, &ms_gpr, "source mode 0", 0, s1_gpr, 0, 0},
	{"cat4", 0, &ms_rel, "source mode 1", 0, s1_rel, 0, 0},
	{"cat4", 0, &ms_const, "source mode 2, 6", 0, s1_const, 0, 0},
	{"cat4", 0, &ms_immed, "source mode 4", 0, s1_immed, 0, 0},
	{"cat4", 0, &ms_flut, "source mode 5", 0, s1_flut, 0, 0},
	{"cat5", 0, &cat5_common, NULL, 0, NULL, 0, 0},
	{"cat5", 0, &cat5_plain, "S2EN_BINDLESS clear", 0, c5_plain, 0, 0},
	{"cat5", 0, &cat5_s2en, "S2EN_BINDLESS set", 0, c5_s2en, 0, 0},
	{"cat6", 0, &cat6_common, NULL, 0, NULL, 0, 0},
	{"cat6", 0, &cat6_ldg, "ldg", 0, c6_is_ldg, 0, 0},
	{"cat6", 0, &cat6_ld, "ldl, ldp, ldlw", 0, c6_is_ld, 0, 0},
	{"cat6", 0, &cat6_stg, "stg", 0, c6_is_stg, 0, 0},
	{"cat6", 0, &cat6_st, "stl, stp, stlw", 0, c6_is_st, 0, 0},
	{"cat6", 0, &cat6_ldlv, "ldlv", 0, c6_is_ldlv, 0, 0},
	{"cat6", 0, &cat6_resinfo, "resinfo", 0, c6_is_resinfo, 0, 0},
	{"cat6", 0, &cat6_atomic, "local atomics", 0, c6_is_atomic, 0, 0},
	{"cat6", 0, &cat6_atomic_g, "global atomics", 0, c6_is_atomic_g, 0, 0},
	{"cat6", 0, &cat6_ibo_ld, "ldgb, ldib", 0, c6_is_ibo_ld, 0, 0},
	{"cat6", 0, &cat6_ibo_st, "stgb, stib", 0, c6_is_ibo_st, 0, 0},
	{"cat7", 0, &cat7_common, NULL, 0, NULL, 0, 0},
	{"cat7", 0, &cat7_bar, "bar, fence", 0, c7_is_bar, 0, 0},
	{"cat7", 0, &cat7_other, "sleep, icinv, dccln, dcinv, dcflu", 0, c7_is_other, 0, 0},
};

#define WHERE "Mesa src/freedreno/isa/ir3-cat"

/* Bits the notes give a meaning under a form no ir3 encoding matches. */
static const struct ip_public_silence silences[] = {
	{"cat1", 0, 31, "source mode 3", WHERE "1.xml: no mov matches bits 53-54 = 3", c1_mode3},
	{"cat2", 0, 10, "first source modes 3, 7",
	 WHERE "2.xml, ir3-common.xml: no #multisrc encoding matches", s1_none},
	{"cat2", 16, 26, "second source modes 3, 7",
	 WHERE "2.xml, ir3-common.xml: no #multisrc encoding matches", s2_none},
	{"cat3", 0, 10, "first source mode 3", WHERE "3.xml: no #cat3-src encoding matches",
	 c3_s1_none},
	{"cat3", 16, 26, "third source mode 3", WHERE "3.xml: no #cat3-src encoding matches",
	 c3_s3_none},
	{"cat4", 0, 10, "source modes 3, 7",
	 WHERE "4.xml, ir3-common.xml: no #multisrc encoding matches", s1_none},
};

const struct ip_public_overlay a3xx_public = {
	.isa = "a3xx",
	.parts = parts,
	.nparts = IP_COUNT(parts),
	.doc = "docs/a3xx-sources.md",
	.who = "Mesa ir3",
	.silences = silences,
	.nsilences = IP_COUNT(silences),
};
