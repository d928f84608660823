/* a3xx_tables.c: the Adreno a3xx instruction categories as field tables: the only place a3xx
 * bit positions are written. Sources: docs/a3xx-sources.md (freedreno instr-a3xx.h, Mesa ir3). */
#include "a3xx.h"
#include "common/field_row.h"

/* Doc levels follow the rule of issue 23: what freedreno's public instr-a3xx.h names is known;
 * what it calls dummy, pad, must-be-zero or unknown is unknown, and so is every opcode value no
 * public source names (such values have no enum entry). Later public knowledge (Mesa's ir3
 * isaspec) is in the notes and in docs/a3xx-sources.md, not in the doc levels. */

#define HDR "freedreno includes/instr-a3xx.h (the notes' reference), instr_cat"

/* F(name, lo, width, kind, doc, enums, default, note) */
/* FW: with one condition: the field exists when selector `sel` has a value in `set`. */
#define FW(n, lo, w, k, d, e, def, sel, set, note) \
	{n, lo, w, IP_KIND_##k, IP_DOC_##d, e, def, {{sel, set}, {0, 0}}, note}
/* FW2: with two conditions, both holding. */
#define FW2(n, lo, w, k, d, e, def, sel, set, sel2, set2, note) \
	{n, lo, w, IP_KIND_##k, IP_DOC_##d, e, def, {{sel, set}, {sel2, set2}}, note}
#define IS(v) (UINT64_C(1) << (v))

/* ---- enums shared by several categories ---------------------------------------------- */

static const struct ip_enum cat_enum[] = {
	{0, "cat0", "flow control"}, {1, "cat1", "move / convert"},
	{2, "cat2", "one- and two-source ALU"}, {3, "cat3", "three-source ALU"},
	{4, "cat4", "complex (SFU) ALU"}, {5, "cat5", "texture"},
	{6, "cat6", "load / store / atomic"},
	{IP_ENUM_UNKNOWN(7), "cat7", "no a3xx category (Mesa: barriers and fences on a6xx)"},
	{0, NULL, NULL},
};

static const struct ip_enum type_enum[] = {
	{0, "f16", NULL}, {1, "f32", NULL}, {2, "u16", NULL}, {3, "u32", NULL},
	{4, "s16", NULL}, {5, "s32", NULL}, {6, "u8", NULL},
	{7, "u8_32", "Mesa (ir3-common.xml, instr-a3xx.h): u8_32, 8 bits in a full register; the "
	             "header: 's8, I assume?', with a half one"},
	{0, NULL, NULL},
};

/* Mode of a cat2/cat4 source: the header's im (bit 13), c (bit 12) and rel (bit 11) flags of
 * the source, read as one number. Only one flag at a time has a meaning in the header. */
static const struct ip_enum mode3_enum[] = {
	{0, "gpr", "register (rN.c / hrN.c, a0, p0)"},
	{1, "rel", "a0.x-relative: r<a0.x + N> or c<a0.x + N>"},
	{2, "const", "const register cN.c / hcN.c"},
	{IP_ENUM_UNKNOWN(3), "rel_c", "rel and c together: not described"},
	{4, "imm", "11-bit signed immediate"},
	{IP_ENUM_UNKNOWN(5), "imm_rel", "im and rel: Mesa decodes a float lookup-table immediate "
	                                "(later GPUs); nothing says a3xx has one"},
	{IP_ENUM_UNKNOWN(6), "imm_c", "im and c: Mesa's decoder reads a const (it ignores bit 13)"},
	{IP_ENUM_UNKNOWN(7), "imm_rel_c", "all three: not described"},
	{0, NULL, NULL},
};

/* Mode of a cat3 source 1 or 3 (bits 11-12: the header's rel and c). */
static const struct ip_enum mode2_enum[] = {
	{0, "gpr", "register"},
	{1, "rel", "a0.x-relative"},
	{2, "const", "const register"},
	{IP_ENUM_UNKNOWN(3), "rel_c", "rel and c together: not described"},
	{0, NULL, NULL},
};

/* ---- category 0: flow control ---------------------------------------------------------- */

static const struct ip_enum cat0_opc_enum[] = {
	{0, "nop", NULL}, {1, "br", "branch on p0.c"}, {2, "jump", "unconditional jump"},
	{3, "call", NULL}, {4, "ret", NULL}, {5, "kill", "discard (on p0.c)"},
	{6, "end", "end of the shader"}, {7, "emit", NULL}, {8, "cut", NULL},
	{9, "chmask", NULL}, {10, "chsh", NULL}, {11, "flow_rev", NULL},
	{0, NULL, NULL},
};

static const struct ip_field cat0_fields[A0_COUNT] = {
	[A0_IMMED] = F("immed", 0, 16, OFFSET, KNOWN, NULL, 0,
	               "signed branch offset in instructions, from this instruction (#N)"),
	[A0_UNK16] = F("unk16", 16, 16, UNKNOWN, UNKNOWN, NULL, 0,
	               "dummy1; Mesa: the immediate is 16 bits on a3xx, 20 on a4xx, 32 on a5xx+"),
	[A0_UNK32] = F("unk32", 32, 8, UNKNOWN, UNKNOWN, NULL, 0,
	               "dummy2; Mesa (later GPUs): (eolm) 32, (eogm) 33, brac index 32-36, "
	               "branch type 37-39"),
	[A0_RPT] = F("rpt", 40, 3, IMMEDIATE, KNOWN, NULL, 0, "(rptN): executed N more times"),
	[A0_UNK43] = F("unk43", 43, 1, UNKNOWN, UNKNOWN, NULL, 0, "dummy3"),
	[A0_SS] = F("ss", 44, 1, FLAG, KNOWN, NULL, 0, "(ss): wait for cat4 results"),
	[A0_UNK45] = F("unk45", 45, 7, UNKNOWN, UNKNOWN, NULL, 0,
	               "dummy4; Mesa (later GPUs): second predicate 45-47, (eq) 48, opcode "
	               "high bits 49-51"),
	[A0_INV] = F("inv", 52, 1, MODIFIER, KNOWN, NULL, 0, "invert the predicate (!p0.c)"),
	[A0_COMP] = F("comp", 53, 2, COMPONENT, KNOWN, NULL, 0, "predicate component p0.c"),
	[A0_OPC] = F("opc", 55, 4, OPCODE, KNOWN, cat0_opc_enum, 0, "opcode; 12-15 unnamed"),
	[A0_JP] = F("jp", 59, 1, FLAG, KNOWN, NULL, 0, "(jp): jump target"),
	[A0_SY] = F("sy", 60, 1, FLAG, KNOWN, NULL, 0, "(sy): wait for cat5 / global loads"),
	[A0_CAT] = F("cat", 61, 3, TAG, KNOWN, cat_enum, 0, "category"),
};

/* ---- category 1: mov / cov ------------------------------------------------------------- */

static const struct ip_enum cat1_mode_enum[] = {
	{0, "gpr", "register, or a0.x-relative with src_rel"},
	{1, "const", "const register (the header's src_c)"},
	{2, "imm", "32-bit immediate (the header's src_im)"},
	{IP_ENUM_UNKNOWN(3), "imm_c", "src_im and src_c together: not described"},
	{0, NULL, NULL},
};

static const struct ip_field cat1_fields[A1_COUNT] = {
	[A1_SRC_MODE] = F("src_mode", 53, 2, SIZE, KNOWN, cat1_mode_enum, 0,
	                  "source kind: bit 53 src_c, bit 54 src_im"),
	[A1_DST_REL] = F("dst_rel", 49, 1, FLAG, KNOWN, NULL, 0,
	                 "destination r<a0.x + dst_off> (only cat1 writes relative)"),
	[A1_SRC] = FW("src", 0, 11, REGISTER, KNOWN, NULL, 0, "src_mode", IS(0),
	              "register number * 4 + component; with src_rel: bits 0-9 a signed offset "
	              "from a0.x, bit 10 relative to the const file"),
	[A1_SRC_REL] = FW("src_rel", 11, 1, FLAG, KNOWN, NULL, 0, "src_mode", IS(0),
	                  "a0.x-relative source"),
	[A1_UNK12] = FW("unk12", 12, 20, UNKNOWN, UNKNOWN, NULL, 0, "src_mode", IS(0),
	                "pad ('at least the low bit must be zero'; Mesa: zero)"),
	[A1_SRC_CONST] = FW("src_const", 0, 11, REGISTER, KNOWN, NULL, 0, "src_mode", IS(1),
	                    "const number * 4 + component"),
	[A1_UNK11] = FW("unk11", 11, 21, UNKNOWN, UNKNOWN, NULL, 0, "src_mode", IS(1),
	                "pad (Mesa: zero)"),
	[A1_SRC_IMM] = FW("src_imm", 0, 32, IMMEDIATE, KNOWN, NULL, 0, "src_mode", IS(2),
	                  "32-bit immediate, read as src_type"),
	[A1_SRC_RAW] = FW("src_raw", 0, 32, UNKNOWN, UNKNOWN, NULL, 0, "src_mode", IS(3),
	                  "source bits under an undescribed source mode"),
	[A1_DST] = FW("dst", 32, 8, REGISTER, KNOWN, NULL, 0, "dst_rel", IS(0),
	              "destination register number * 4 + component (61: a0, 62: p0)"),
	[A1_DST_OFF] = FW("dst_off", 32, 8, OFFSET, KNOWN, NULL, 0, "dst_rel", IS(1),
	                  "destination offset from a0.x (Mesa: unsigned)"),
	[A1_RPT] = F("rpt", 40, 3, IMMEDIATE, KNOWN, NULL, 0,
	             "(rptN); Mesa reads bits 40-41 as the repeat and 42 as (sat) on cat1-3"),
	[A1_SRC_R] = F("src_r", 43, 1, FLAG, KNOWN, NULL, 0, "(r): the source steps with (rptN)"),
	[A1_SS] = F("ss", 44, 1, FLAG, KNOWN, NULL, 0, "(ss)"),
	[A1_UL] = F("ul", 45, 1, FLAG, KNOWN, NULL, 0, "(ul): relative addressing off after this"),
	[A1_DST_TYPE] = F("dst_type", 46, 3, SIZE, KNOWN, type_enum, 1, "destination type"),
	[A1_SRC_TYPE] = F("src_type", 50, 3, SIZE, KNOWN, type_enum, 1, "source type"),
	[A1_EVEN] = F("even", 55, 1, MODIFIER, KNOWN, NULL, 0,
	              "(even): round to nearest even (Mesa: round mode 1)"),
	[A1_POS_INF] = F("pos_inf", 56, 1, MODIFIER, KNOWN, NULL, 0,
	                 "(pos_infinity): round up (Mesa: mode 2; both bits: mode 3, round down)"),
	[A1_UNK57] = F("unk57", 57, 2, UNKNOWN, UNKNOWN, NULL, 0,
	               "must_be_0; Mesa (later GPUs): 2 = swz/gat/sct, 3 = movmsk"),
	[A1_JP] = F("jp", 59, 1, FLAG, KNOWN, NULL, 0, "(jp)"),
	[A1_SY] = F("sy", 60, 1, FLAG, KNOWN, NULL, 0, "(sy)"),
	[A1_CAT] = F("cat", 61, 3, TAG, KNOWN, cat_enum, 1, "category"),
};

/* ---- category 2: one- and two-source ALU ------------------------------------------------ */

static const struct ip_enum cat2_opc_enum[] = {
	{0, "add.f", NULL}, {1, "min.f", NULL}, {2, "max.f", NULL}, {3, "mul.f", NULL},
	{4, "sign.f", NULL}, {5, "cmps.f", NULL}, {6, "absneg.f", NULL}, {7, "cmpv.f", NULL},
	{9, "floor.f", NULL}, {10, "ceil.f", NULL}, {11, "rndne.f", NULL}, {12, "rndaz.f", NULL},
	{13, "trunc.f", NULL}, {16, "add.u", NULL}, {17, "add.s", NULL}, {18, "sub.u", NULL},
	{19, "sub.s", NULL}, {20, "cmps.u", NULL}, {21, "cmps.s", NULL}, {22, "min.u", NULL},
	{23, "min.s", NULL}, {24, "max.u", NULL}, {25, "max.s", NULL}, {26, "absneg.s", NULL},
	{28, "and.b", NULL}, {29, "or.b", NULL}, {30, "not.b", NULL}, {31, "xor.b", NULL},
	{33, "cmpv.u", NULL}, {34, "cmpv.s", NULL},
	{48, "mul.u", "Mesa: mul.u24"}, {49, "mul.s", "Mesa: mul.s24"}, {50, "mull.u", NULL},
	{51, "bfrev.b", NULL}, {52, "clz.s", "the notes: cls.s"}, {53, "clz.b", NULL},
	{54, "shl.b", NULL}, {55, "shr.b", NULL}, {56, "ashr.b", NULL},
	{57, "bary.f", "varying fetch / interpolation"}, {58, "mgen.b", NULL},
	{59, "getbit.b", NULL}, {60, "setrm", NULL}, {61, "cbits.b", NULL}, {62, "shb", NULL},
	{63, "msad", NULL},
	{0, NULL, NULL},
};

static const struct ip_enum cond_enum[] = {
	{0, "lt", NULL}, {1, "le", NULL}, {2, "gt", NULL}, {3, "ge", NULL},
	{4, "eq", NULL}, {5, "ne", NULL},
	{0, NULL, NULL},
};

/* A 16-bit source of cat2/cat4 at bit `b`: mode 11-13, neg 14, abs 15, bits 0-10 per mode. */
#define SRC16(p, b, what)                                                                    \
	F(p "_mode", (b) + 11, 3, SIZE, KNOWN, mode3_enum, 0, what " mode (im, c, rel flags)"),  \
	FW(p, (b), 11, REGISTER, KNOWN, NULL, 0, p "_mode", IS(0),                              \
	   what ": register number * 4 + component"),                                          \
	FW(p "_off", (b), 10, OFFSET, KNOWN, NULL, 0, p "_mode", IS(1),                         \
	   what ": signed offset from a0.x"),                                                   \
	FW(p "_relc", (b) + 10, 1, FLAG, KNOWN, NULL, 0, p "_mode", IS(1),                      \
	   what ": relative to the const file (c<a0.x + N>)"),                                  \
	FW(p "_const", (b), 11, REGISTER, KNOWN, NULL, 0, p "_mode", IS(2),                     \
	   what ": const number * 4 + component"),                                              \
	FW(p "_imm", (b), 11, IMMEDIATE, KNOWN, NULL, 0, p "_mode", IS(4),                      \
	   what ": signed immediate"),                                                          \
	FW(p "_raw", (b), 11, UNKNOWN, UNKNOWN, NULL, 0, p "_mode", IS(3) | IS(5) | IS(6) | IS(7), \
	   what ": bits under an undescribed mode"),                                            \
	F(p "_neg", (b) + 14, 1, MODIFIER, KNOWN, NULL, 0, what " (neg)"),                       \
	F(p "_abs", (b) + 15, 1, MODIFIER, KNOWN, NULL, 0, what " (abs)")

static const struct ip_field cat2_fields[A2_COUNT] = {
	SRC16("src1", 0, "first source"),
	SRC16("src2", 16, "second source (ignored by one-source opcodes, the notes say)"),
	[A2_OPC] = F("opc", 53, 6, OPCODE, KNOWN, cat2_opc_enum, 0,
	             "opcode; 8, 14, 15, 27, 32, 35-47 unnamed (the header: 'invalid')"),
	[A2_DST] = F("dst", 32, 8, REGISTER, KNOWN, NULL, 0,
	             "destination register number * 4 + component (62: p0)"),
	[A2_RPT] = F("rpt", 40, 3, IMMEDIATE, KNOWN, NULL, 0,
	             "(rptN); Mesa reads bits 40-41 as the repeat and 42 as (sat)"),
	[A2_SRC1_R] = F("src1_r", 43, 1, FLAG, KNOWN, NULL, 0, "(r) on the first source"),
	[A2_SS] = F("ss", 44, 1, FLAG, KNOWN, NULL, 0, "(ss)"),
	[A2_UL] = F("ul", 45, 1, FLAG, KNOWN, NULL, 0, "(ul) ('dunno' in the header)"),
	[A2_DST_HALF] = F("dst_half", 46, 1, SIZE, KNOWN, NULL, 0,
	                  "destination precision opposite to the sources' (Mesa: dst_conv)"),
	[A2_EI] = F("ei", 47, 1, FLAG, KNOWN, NULL, 0, "(ei): end of varying input (bary.f)"),
	[A2_COND] = FW("cond", 48, 3, OPCODE, KNOWN, cond_enum, 0, "opc", A3XX_CAT2_COMPARE,
	               "comparison of cmps/cmpv; 6-7 unnamed"),
	[A2_UNK48] = FW("unk48", 48, 3, UNKNOWN, UNKNOWN, NULL, 0, "opc", ~A3XX_CAT2_COMPARE,
	                "the condition bits under an opcode that does not compare (Mesa, a6xx: "
	                "bit 50 turns bary.f into flat.b)"),
	[A2_SRC2_R] = F("src2_r", 51, 1, FLAG, KNOWN, NULL, 0, "(r) on the second source"),
	[A2_FULL] = F("full", 52, 1, SIZE, KNOWN, NULL, 1, "full-precision sources (0: half)"),
	[A2_JP] = F("jp", 59, 1, FLAG, KNOWN, NULL, 0, "(jp)"),
	[A2_SY] = F("sy", 60, 1, FLAG, KNOWN, NULL, 0, "(sy)"),
	[A2_CAT] = F("cat", 61, 3, TAG, KNOWN, cat_enum, 2, "category"),
};

/* ---- category 3: three-source ALU ----------------------------------------------------- */

static const struct ip_enum cat3_opc_enum[] = {
	{0, "mad.u16", NULL}, {1, "madsh.u16", NULL}, {2, "mad.s16", NULL},
	{3, "madsh.m16", "the header: 'should this be .s16?'"}, {4, "mad.u24", NULL},
	{5, "mad.s24", NULL}, {6, "mad.f16", NULL}, {7, "mad.f32", NULL}, {8, "sel.b16", NULL},
	{9, "sel.b32", NULL}, {10, "sel.s16", NULL}, {11, "sel.s32", NULL}, {12, "sel.f16", NULL},
	{13, "sel.f32", NULL}, {14, "sad.s16", NULL},
	{15, "sad.s32", "the freedreno disassembler reads half sources (with doubt), Mesa full"},
	{0, NULL, NULL},
};

/* A 13-bit source of cat3 at bit `b`: mode 11-12, bits 0-10 per mode. */
#define SRC13(p, b, what)                                                                    \
	F(p "_mode", (b) + 11, 2, SIZE, KNOWN, mode2_enum, 0, what " mode (c, rel flags)"),     \
	FW(p, (b), 11, REGISTER, KNOWN, NULL, 0, p "_mode", IS(0),                              \
	   what ": register number * 4 + component"),                                          \
	FW(p "_off", (b), 10, OFFSET, KNOWN, NULL, 0, p "_mode", IS(1),                         \
	   what ": signed offset from a0.x"),                                                   \
	FW(p "_relc", (b) + 10, 1, FLAG, KNOWN, NULL, 0, p "_mode", IS(1),                      \
	   what ": relative to the const file"),                                                \
	FW(p "_const", (b), 11, REGISTER, KNOWN, NULL, 0, p "_mode", IS(2),                     \
	   what ": const number * 4 + component"),                                              \
	FW(p "_raw", (b), 11, UNKNOWN, UNKNOWN, NULL, 0, p "_mode", IS(3),                      \
	   what ": bits under an undescribed mode")

static const struct ip_field cat3_fields[A3_COUNT] = {
	SRC13("src1", 0, "first source"),
	[A3_SRC2_C] = F("src2_c", 13, 1, FLAG, KNOWN, NULL, 0,
	                "second source is a const: the notes forbid it (Mesa: always 0 before a6xx)"),
	[A3_SRC1_NEG] = F("src1_neg", 14, 1, MODIFIER, KNOWN, NULL, 0, "(neg) on the first source"),
	[A3_SRC2_R] = F("src2_r", 15, 1, FLAG, KNOWN, NULL, 0, "(r) on the second source"),
	SRC13("src3", 16, "third source"),
	[A3_SRC3_R] = F("src3_r", 29, 1, FLAG, KNOWN, NULL, 0, "(r) on the third source"),
	[A3_SRC2_NEG] = F("src2_neg", 30, 1, MODIFIER, KNOWN, NULL, 0, "(neg) on the second source"),
	[A3_SRC3_NEG] = F("src3_neg", 31, 1, MODIFIER, KNOWN, NULL, 0, "(neg) on the third source"),
	[A3_DST] = F("dst", 32, 8, REGISTER, KNOWN, NULL, 0, "destination"),
	[A3_RPT] = F("rpt", 40, 3, IMMEDIATE, KNOWN, NULL, 0,
	             "(rptN); Mesa reads bits 40-41 as the repeat and 42 as (sat)"),
	[A3_SRC1_R] = F("src1_r", 43, 1, FLAG, KNOWN, NULL, 0, "(r) on the first source"),
	[A3_SS] = F("ss", 44, 1, FLAG, KNOWN, NULL, 0, "(ss)"),
	[A3_UL] = F("ul", 45, 1, FLAG, KNOWN, NULL, 0, "(ul)"),
	[A3_DST_HALF] = F("dst_half", 46, 1, SIZE, KNOWN, NULL, 0,
	                  "destination precision opposite to the opcode's"),
	[A3_SRC2] = F("src2", 47, 8, REGISTER, KNOWN, NULL, 0,
	              "second source register number * 4 + component"),
	[A3_OPC] = F("opc", 55, 4, OPCODE, KNOWN, cat3_opc_enum, 7, "opcode"),
	[A3_JP] = F("jp", 59, 1, FLAG, KNOWN, NULL, 0, "(jp)"),
	[A3_SY] = F("sy", 60, 1, FLAG, KNOWN, NULL, 0, "(sy)"),
	[A3_CAT] = F("cat", 61, 3, TAG, KNOWN, cat_enum, 3, "category"),
};

/* ---- category 4: complex (SFU) ALU ---------------------------------------------------- */

static const struct ip_enum cat4_opc_enum[] = {
	{0, "rcp", NULL}, {1, "rsq", NULL}, {2, "log2", NULL}, {3, "exp2", NULL},
	{4, "sin", NULL}, {5, "cos", NULL}, {6, "sqrt", NULL},
	{9, "hrsq", "Mesa, later GPUs: rsq + 8 (half precision?)"},
	{10, "hlog2", "Mesa, later GPUs: log2 + 8"}, {11, "hexp2", "Mesa, later GPUs: exp2 + 8"},
	{0, NULL, NULL},
};

static const struct ip_field cat4_fields[A4_COUNT] = {
	SRC16("src", 0, "source"),
	[A4_UNK16] = F("unk16", 16, 16, UNKNOWN, UNKNOWN, NULL, 0, "dummy1 ('seem to be ignored')"),
	[A4_DST] = F("dst", 32, 8, REGISTER, KNOWN, NULL, 0, "destination"),
	[A4_RPT] = F("rpt", 40, 3, IMMEDIATE, KNOWN, NULL, 0, "(rptN)"),
	[A4_SRC_R] = F("src_r", 43, 1, FLAG, KNOWN, NULL, 0, "(r) on the source"),
	[A4_SS] = F("ss", 44, 1, FLAG, KNOWN, NULL, 0, "(ss)"),
	[A4_UL] = F("ul", 45, 1, FLAG, KNOWN, NULL, 0, "(ul)"),
	[A4_DST_HALF] = F("dst_half", 46, 1, SIZE, KNOWN, NULL, 0,
	                  "destination precision opposite to the source's"),
	[A4_UNK47] = F("unk47", 47, 5, UNKNOWN, UNKNOWN, NULL, 0, "dummy2 ('seem to be ignored')"),
	[A4_FULL] = F("full", 52, 1, SIZE, KNOWN, NULL, 1, "full-precision source (0: half)"),
	[A4_OPC] = F("opc", 53, 6, OPCODE, KNOWN, cat4_opc_enum, 0,
	             "opcode; 7, 8, 12-63 unnamed (the header: 7-63 'invalid')"),
	[A4_JP] = F("jp", 59, 1, FLAG, KNOWN, NULL, 0, "(jp)"),
	[A4_SY] = F("sy", 60, 1, FLAG, KNOWN, NULL, 0, "(sy)"),
	[A4_CAT] = F("cat", 61, 3, TAG, KNOWN, cat_enum, 4, "category"),
};

/* ---- category 5: texture -------------------------------------------------------------- */

static const struct ip_enum cat5_opc_enum[] = {
	{0, "isam", NULL}, {1, "isaml", NULL}, {2, "isamm", NULL}, {3, "sam", NULL},
	{4, "samb", NULL}, {5, "saml", NULL}, {6, "samgq", NULL}, {7, "getlod", NULL},
	{8, "conv", NULL}, {9, "convm", NULL}, {10, "getsize", NULL}, {11, "getbuf", NULL},
	{12, "getpos", NULL}, {13, "getinfo", NULL}, {14, "dsx", NULL}, {15, "dsy", NULL},
	{16, "gather4r", NULL}, {17, "gather4g", NULL}, {18, "gather4b", NULL},
	{19, "gather4a", NULL}, {20, "samgp0", NULL}, {21, "samgp1", NULL}, {22, "samgp2", NULL},
	{23, "samgp3", NULL}, {24, "dsxpp.1", NULL}, {25, "dsypp.1", NULL},
	{26, "rgetpos", NULL}, {27, "rgetinfo", NULL},
	{28, "brcst.active", "Mesa, later GPUs"}, {29, "quad_shuffle.brcst", "Mesa, later GPUs"},
	{30, "quad_shuffle.horiz", "Mesa, later GPUs"}, {31, "quad_shuffle.vert", "Mesa, later GPUs"},
	{0, NULL, NULL},
};

static const struct ip_field cat5_fields[A5_COUNT] = {
	[A5_IS_S2EN] = F("is_s2en", 51, 1, FLAG, KNOWN, NULL, 0,
	                 ".s2en: sampler and texture from a register"),
	[A5_FULL] = F("full", 0, 1, SIZE, KNOWN, NULL, 1, "full-precision sources (0: half)"),
	[A5_SRC1] = F("src1", 1, 8, REGISTER, KNOWN, NULL, 0, "first source (coordinates)"),
	[A5_SRC2] = FW("src2", 9, 8, REGISTER, KNOWN, NULL, 0, "is_s2en", IS(0), "second source"),
	[A5_UNK17] = FW("unk17", 17, 4, UNKNOWN, UNKNOWN, NULL, 0, "is_s2en", IS(0),
	                "dummy1 ('seem to be ignored')"),
	[A5_SAMP] = FW("samp", 21, 4, IMMEDIATE, KNOWN, NULL, 0, "is_s2en", IS(0), "sampler s#N"),
	[A5_TEX] = FW("tex", 25, 7, IMMEDIATE, KNOWN, NULL, 0, "is_s2en", IS(0), "texture t#N"),
	[A5_S2EN_SRC2] = FW("s2en_src2", 9, 11, REGISTER, KNOWN, NULL, 0, "is_s2en", IS(1),
	                    "second source (s2en form)"),
	[A5_UNK20] = FW("unk20", 20, 1, UNKNOWN, UNKNOWN, NULL, 0, "is_s2en", IS(1), "dummy1"),
	[A5_S2EN_SRC3] = FW("s2en_src3", 21, 8, REGISTER, KNOWN, NULL, 0, "is_s2en", IS(1),
	                    "sampler/texture register (s2en form)"),
	[A5_UNK29] = FW("unk29", 29, 3, UNKNOWN, UNKNOWN, NULL, 0, "is_s2en", IS(1), "dummy2"),
	[A5_DST] = F("dst", 32, 8, REGISTER, KNOWN, NULL, 0, "first destination register"),
	[A5_WRMASK] = F("wrmask", 40, 4, MASK, KNOWN, NULL, 15, "write mask (xyzw)"),
	[A5_TYPE] = F("type", 44, 3, SIZE, KNOWN, type_enum, 1, "result type"),
	[A5_UNK47] = F("unk47", 47, 1, UNKNOWN, UNKNOWN, NULL, 0, "dummy2 ('seems to be ignored')"),
	[A5_IS_3D] = F("is_3d", 48, 1, FLAG, KNOWN, NULL, 0, ".3d"),
	[A5_IS_A] = F("is_a", 49, 1, FLAG, KNOWN, NULL, 0, ".a"),
	[A5_IS_S] = F("is_s", 50, 1, FLAG, KNOWN, NULL, 0, ".s"),
	[A5_IS_O] = F("is_o", 52, 1, FLAG, KNOWN, NULL, 0, ".o"),
	[A5_IS_P] = F("is_p", 53, 1, FLAG, KNOWN, NULL, 0, ".p"),
	[A5_OPC] = F("opc", 54, 5, OPCODE, KNOWN, cat5_opc_enum, 0,
	             "opcode; 28-31 named by Mesa only (later GPUs)"),
	[A5_JP] = F("jp", 59, 1, FLAG, KNOWN, NULL, 0, "(jp)"),
	[A5_SY] = F("sy", 60, 1, FLAG, KNOWN, NULL, 0, "(sy)"),
	[A5_CAT] = F("cat", 61, 3, TAG, KNOWN, cat_enum, 5, "category"),
};

/* ---- category 6: load / store / atomic --------------------------------------------------- */

static const struct ip_enum cat6_opc_enum[] = {
	{0, "ldg", "load global"}, {1, "ldl", NULL}, {2, "ldp", NULL},
	{3, "stg", "store global"}, {4, "stl", NULL}, {5, "stp", NULL},
	{6, "sti", "Mesa, later GPUs: ldib"},
	{7, "g2l", NULL}, {8, "l2g", NULL}, {9, "prefetch", NULL}, {10, "ldlw", NULL},
	{11, "stlw", NULL}, {14, "resfmt", NULL}, {15, "resinfo", NULL},
	{16, "atomic.add", NULL}, {17, "atomic.sub", NULL}, {18, "atomic.xchg", NULL},
	{19, "atomic.inc", NULL}, {20, "atomic.dec", NULL}, {21, "atomic.cmpxchg", NULL},
	{22, "atomic.min", NULL}, {23, "atomic.max", NULL}, {24, "atomic.and", NULL},
	{25, "atomic.or", NULL}, {26, "atomic.xor", NULL}, {27, "ldgb.typed.3d", NULL},
	{28, "stgb.4d.4", NULL}, {29, "stib", NULL}, {30, "ldc.4", NULL}, {31, "ldlv", NULL},
	{0, NULL, NULL},
};

static const struct ip_field cat6_fields[A6_COUNT] = {
	[A6_SRC_OFF] = F("src_off", 0, 1, FLAG, KNOWN, NULL, 1,
	                 "source offset form [src1 + off] (loads; 0: stores)"),
	[A6_DST_OFF] = F("dst_off", 40, 1, FLAG, KNOWN, NULL, 0,
	                 "destination offset form [dst + off] (stores)"),
	[A6_OFF] = FW("off", 1, 13, OFFSET, KNOWN, NULL, 0, "src_off", IS(1),
	              "signed byte offset added to src1"),
	[A6_SRC1] = FW("src1", 14, 8, REGISTER, KNOWN, NULL, 0, "src_off", IS(1),
	               "first source (the address of a load)"),
	[A6_SRC1_B] = FW2("src1", 1, 8, REGISTER, KNOWN, NULL, 0, "src_off", IS(0), "opc", ~IS(31),
	                  "first source (the value of a store)"),
	[A6_OFF_HI] = FW2("off_hi", 9, 5, OFFSET, KNOWN, NULL, 0, "src_off", IS(0), "opc", ~IS(31),
	                  "the header (2016): high bits of src1; its 2014 version and Mesa: bits "
	                  "8-12 of a store's 13-bit offset"),
	[A6_LDLV_OFF] = FW2("off", 1, 13, OFFSET, KNOWN, NULL, 0, "src_off", IS(0), "opc", IS(31),
	                    "ldlv's varying offset, unsigned (Mesa ir3-cat6.xml: ldlv has bit 0 = 0, "
	                    "l[OFF] at 1-13, bits 22-23 = 1; the header: src1 and off_hi)"),
	[A6_UNK14] = FW("unk14", 14, 8, UNKNOWN, UNKNOWN, NULL, 0, "src_off", IS(0),
	                "ignore0 (Mesa: don't care)"),
	[A6_SRC1_IM] = F("src1_im", 22, 1, FLAG, KNOWN, NULL, 0, "first source is an immediate"),
	[A6_SRC2_IM] = F("src2_im", 23, 1, FLAG, KNOWN, NULL, 1, "second source is an immediate"),
	[A6_SRC2] = F("src2", 24, 8, REGISTER, KNOWN, NULL, 1,
	              "second source: the component count of loads and stores"),
	[A6_OFF_LO] = FW("off_lo", 32, 8, OFFSET, KNOWN, NULL, 0, "dst_off", IS(1),
	                 "destination offset (Mesa: bits 0-7 of a store's 13-bit offset)"),
	[A6_DST] = FW("dst", 41, 8, REGISTER, KNOWN, NULL, 0, "dst_off", IS(1),
	              "destination (the address of a store)"),
	[A6_DST_B] = FW("dst", 32, 8, REGISTER, KNOWN, NULL, 0, "dst_off", IS(0),
	                "destination (the register a load writes)"),
	[A6_UNK41] = FW("unk41", 41, 8, UNKNOWN, UNKNOWN, NULL, 0, "dst_off", IS(0),
	                "pad0 (Mesa: don't care)"),
	[A6_TYPE] = F("type", 49, 3, SIZE, KNOWN, type_enum, 1, "data type"),
	[A6_G] = F("g", 52, 1, FLAG, KNOWN, NULL, 0,
	           "atomics: global (.g) or local (.l); elsewhere 'in some cases dst immed'"),
	[A6_UNK53] = F("unk53", 53, 1, UNKNOWN, UNKNOWN, NULL, 0, "pad4"),
	[A6_OPC] = F("opc", 54, 5, OPCODE, KNOWN, cat6_opc_enum, 0, "opcode; 12-13 unnamed"),
	[A6_JP] = F("jp", 59, 1, FLAG, KNOWN, NULL, 0, "(jp)"),
	[A6_SY] = F("sy", 60, 1, FLAG, KNOWN, NULL, 0, "(sy)"),
	[A6_CAT] = F("cat", 61, 3, TAG, KNOWN, cat_enum, 6, "category"),
};

/* ---- category 7: not an a3xx category ------------------------------------------------- */

static const struct ip_field cat7_fields[A7_COUNT] = {
	[A7_UNK0] = F("unk0", 0, 59, UNKNOWN, UNKNOWN, NULL, 0, "no a3xx source describes category 7"),
	[A7_JP] = F("jp", 59, 1, FLAG, KNOWN, NULL, 0, "(jp), common to every category"),
	[A7_SY] = F("sy", 60, 1, FLAG, KNOWN, NULL, 0, "(sy), common to every category"),
	[A7_CAT] = F("cat", 61, 3, TAG, KNOWN, cat_enum, 7, "category"),
};

#define FORMAT(n, title, fields, src) \
	{"a3xx", n, title, 64, fields, IP_COUNT(fields), NULL, src}

const struct ip_format a3xx_cat_formats[A3XX_CATEGORIES] = {
	FORMAT("cat0", "category 0: flow control", cat0_fields, HDR "0_t"),
	FORMAT("cat1", "category 1: mov / cov", cat1_fields, HDR "1_t"),
	FORMAT("cat2", "category 2: one- and two-source ALU", cat2_fields, HDR "2_t"),
	FORMAT("cat3", "category 3: three-source ALU", cat3_fields, HDR "3_t"),
	FORMAT("cat4", "category 4: complex ALU", cat4_fields, HDR "4_t"),
	FORMAT("cat5", "category 5: texture", cat5_fields, HDR "5_t"),
	FORMAT("cat6", "category 6: load / store", cat6_fields, HDR "6_t (a/b/c/d forms)"),
	FORMAT("cat7", "category 7 (none on a3xx)", cat7_fields,
	       "instr_t's common bits; the rest is undescribed"),
};

