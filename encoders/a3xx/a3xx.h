/* a3xx.h: Adreno a3xx (freedreno ir3) shader instructions: the eight 64-bit category formats,
 * the index of every field in them, and the ISA entry points. Bit positions live only in
 * a3xx_tables.c; this header names fields (by index) and the opcode values code must know. */
#ifndef ISAPROBE_A3XX_H
#define ISAPROBE_A3XX_H

#include "isaprobe/field.h"
#include "isaprobe/isa.h"

#define A3XX_INSTR_BYTES 8
#define A3XX_CATEGORIES 8 /* bits 61-63; 7 is not an a3xx category */

/* Field indices, one enum per category, in table order (a3xx_tables.c fills each index). */
enum a3xx_cat0_field {
	A0_IMMED, A0_UNK16, A0_UNK32, A0_RPT, A0_UNK43, A0_SS, A0_UNK45, A0_INV, A0_COMP,
	A0_OPC, A0_JP, A0_SY, A0_CAT, A0_COUNT
};

enum a3xx_cat1_field {
	A1_SRC_MODE, A1_DST_REL,
	A1_SRC, A1_SRC_REL, A1_UNK12, A1_SRC_CONST, A1_UNK11, A1_SRC_IMM, A1_SRC_RAW,
	A1_DST, A1_DST_OFF, A1_RPT, A1_SRC_R, A1_SS, A1_UL, A1_DST_TYPE, A1_SRC_TYPE,
	A1_EVEN, A1_POS_INF, A1_UNK57, A1_JP, A1_SY, A1_CAT, A1_COUNT
};

enum a3xx_cat2_field {
	A2_SRC1_MODE, A2_SRC1, A2_SRC1_OFF, A2_SRC1_RELC, A2_SRC1_CONST, A2_SRC1_IMM, A2_SRC1_RAW,
	A2_SRC1_NEG, A2_SRC1_ABS,
	A2_SRC2_MODE, A2_SRC2, A2_SRC2_OFF, A2_SRC2_RELC, A2_SRC2_CONST, A2_SRC2_IMM, A2_SRC2_RAW,
	A2_SRC2_NEG, A2_SRC2_ABS,
	A2_OPC, A2_DST, A2_RPT, A2_SRC1_R, A2_SS, A2_UL, A2_DST_HALF, A2_EI, A2_COND, A2_UNK48,
	A2_SRC2_R, A2_FULL, A2_JP, A2_SY, A2_CAT, A2_COUNT
};

enum a3xx_cat3_field {
	A3_SRC1_MODE, A3_SRC1, A3_SRC1_OFF, A3_SRC1_RELC, A3_SRC1_CONST, A3_SRC1_RAW,
	A3_SRC2_C, A3_SRC1_NEG, A3_SRC2_R,
	A3_SRC3_MODE, A3_SRC3, A3_SRC3_OFF, A3_SRC3_RELC, A3_SRC3_CONST, A3_SRC3_RAW,
	A3_SRC3_R, A3_SRC2_NEG, A3_SRC3_NEG, A3_DST, A3_RPT, A3_SRC1_R, A3_SS, A3_UL, A3_DST_HALF,
	A3_SRC2, A3_OPC, A3_JP, A3_SY, A3_CAT, A3_COUNT
};

enum a3xx_cat4_field {
	A4_SRC_MODE, A4_SRC, A4_SRC_OFF, A4_SRC_RELC, A4_SRC_CONST, A4_SRC_IMM, A4_SRC_RAW,
	A4_SRC_NEG, A4_SRC_ABS, A4_UNK16, A4_DST, A4_RPT, A4_SRC_R, A4_SS, A4_UL, A4_DST_HALF,
	A4_UNK47, A4_FULL, A4_OPC, A4_JP, A4_SY, A4_CAT, A4_COUNT
};

enum a3xx_cat5_field {
	A5_IS_S2EN, A5_FULL, A5_SRC1, A5_SRC2, A5_UNK17, A5_SAMP, A5_TEX, A5_S2EN_SRC2, A5_UNK20,
	A5_S2EN_SRC3, A5_UNK29, A5_DST, A5_WRMASK, A5_TYPE, A5_UNK47, A5_IS_3D, A5_IS_A, A5_IS_S,
	A5_IS_O, A5_IS_P, A5_OPC, A5_JP, A5_SY, A5_CAT, A5_COUNT
};

enum a3xx_cat6_field {
	A6_SRC_OFF, A6_DST_OFF, A6_OFF, A6_SRC1, A6_SRC1_B, A6_OFF_HI, A6_LDLV_OFF, A6_UNK14, A6_SRC1_IM,
	A6_SRC2_IM, A6_SRC2, A6_OFF_LO, A6_DST, A6_DST_B, A6_UNK41, A6_TYPE, A6_G, A6_UNK53,
	A6_OPC, A6_JP, A6_SY, A6_CAT, A6_COUNT
};

enum a3xx_cat7_field { A7_UNK0, A7_JP, A7_SY, A7_CAT, A7_COUNT };

/* Source modes (the selector of a cat2/cat3/cat4 source; cat3 has only 0-3). */
enum a3xx_src_mode {
	A3XX_MODE_GPR = 0,
	A3XX_MODE_REL = 1,
	A3XX_MODE_CONST = 2,
	A3XX_MODE_IMM = 4,
};

/* cat1 src_mode (bits 53-54: the header's src_c and src_im). */
enum a3xx_cat1_mode { A3XX_C1_GPR = 0, A3XX_C1_CONST = 1, A3XX_C1_IMM = 2 };

/* Data types of cat1, cat5 and cat6 (the header's type_t). */
enum a3xx_type {
	A3XX_F16, A3XX_F32, A3XX_U16, A3XX_U32, A3XX_S16, A3XX_S32, A3XX_U8, A3XX_U8_32
};

/* Whether a type's register is a half one: Mesa's reading (ir3-common.xml #type-half), in which
 * type 7 is u8_32, 8 bits in a full register (the 2016 header: "s8, I assume?", half). */

static inline int a3xx_type_half(unsigned t)
{
	return t == A3XX_F16 || t == A3XX_U16 || t == A3XX_S16 || t == A3XX_U8;
}

static inline int a3xx_type_float(unsigned t)
{
	return t == A3XX_F16 || t == A3XX_F32;
}

/* Opcode values code needs by number (every name is in a3xx_tables.c). */
enum {
	A3XX_OPC0_NOP = 0, A3XX_OPC0_BR = 1, A3XX_OPC0_JUMP = 2, A3XX_OPC0_CALL = 3,
	A3XX_OPC0_KILL = 5, A3XX_OPC0_END = 6,
};

enum {
	A3XX_OPC2_ADD_F = 0, A3XX_OPC2_MIN_F, A3XX_OPC2_MAX_F, A3XX_OPC2_MUL_F, A3XX_OPC2_SIGN_F,
	A3XX_OPC2_CMPS_F, A3XX_OPC2_ABSNEG_F, A3XX_OPC2_CMPV_F,
	A3XX_OPC2_FLOOR_F = 9, A3XX_OPC2_CEIL_F, A3XX_OPC2_RNDNE_F, A3XX_OPC2_RNDAZ_F,
	A3XX_OPC2_TRUNC_F,
	A3XX_OPC2_ADD_U = 16, A3XX_OPC2_ADD_S, A3XX_OPC2_SUB_U, A3XX_OPC2_SUB_S, A3XX_OPC2_CMPS_U,
	A3XX_OPC2_CMPS_S, A3XX_OPC2_MIN_U, A3XX_OPC2_MIN_S, A3XX_OPC2_MAX_U, A3XX_OPC2_MAX_S,
	A3XX_OPC2_ABSNEG_S,
	A3XX_OPC2_AND_B = 28, A3XX_OPC2_OR_B, A3XX_OPC2_NOT_B, A3XX_OPC2_XOR_B,
	A3XX_OPC2_CMPV_U = 33, A3XX_OPC2_CMPV_S,
	A3XX_OPC2_MUL_U = 48, A3XX_OPC2_MUL_S, A3XX_OPC2_MULL_U, A3XX_OPC2_BFREV_B, A3XX_OPC2_CLZ_S,
	A3XX_OPC2_CLZ_B, A3XX_OPC2_SHL_B, A3XX_OPC2_SHR_B, A3XX_OPC2_ASHR_B, A3XX_OPC2_BARY_F,
	A3XX_OPC2_MGEN_B, A3XX_OPC2_GETBIT_B, A3XX_OPC2_SETRM, A3XX_OPC2_CBITS_B, A3XX_OPC2_SHB,
	A3XX_OPC2_MSAD,
};

enum {
	A3XX_OPC3_MAD_U16 = 0, A3XX_OPC3_MADSH_U16, A3XX_OPC3_MAD_S16, A3XX_OPC3_MADSH_M16,
	A3XX_OPC3_MAD_U24, A3XX_OPC3_MAD_S24, A3XX_OPC3_MAD_F16, A3XX_OPC3_MAD_F32,
	A3XX_OPC3_SEL_B16, A3XX_OPC3_SEL_B32, A3XX_OPC3_SEL_S16, A3XX_OPC3_SEL_S32,
	A3XX_OPC3_SEL_F16, A3XX_OPC3_SEL_F32, A3XX_OPC3_SAD_S16, A3XX_OPC3_SAD_S32,
};

enum {
	A3XX_OPC4_RCP = 0, A3XX_OPC4_RSQ, A3XX_OPC4_LOG2, A3XX_OPC4_EXP2, A3XX_OPC4_SIN,
	A3XX_OPC4_COS, A3XX_OPC4_SQRT,
};

enum { A3XX_OPC5_ISAM = 0, A3XX_OPC5_SAM = 3, A3XX_OPC5_GETSIZE = 10, A3XX_OPC5_GETINFO = 13 };

enum {
	A3XX_OPC6_LDG = 0, A3XX_OPC6_LDL, A3XX_OPC6_LDP, A3XX_OPC6_STG, A3XX_OPC6_STL,
	A3XX_OPC6_STP, A3XX_OPC6_STI, A3XX_OPC6_G2L, A3XX_OPC6_L2G, A3XX_OPC6_PREFETCH,
	A3XX_OPC6_LDLW, A3XX_OPC6_STLW, A3XX_OPC6_RESFMT = 14, A3XX_OPC6_RESINFO,
	A3XX_OPC6_ATOMIC_ADD, A3XX_OPC6_ATOMIC_XOR = 26, A3XX_OPC6_LDGB, A3XX_OPC6_STGB,
	A3XX_OPC6_STIB, A3XX_OPC6_LDC, A3XX_OPC6_LDLV,
};

/* cat2 opcodes that read only their first source (the notes' list; `cls.s` there is the
 * header's clz.s) and the compares that use the condition field. Bit v = opcode v. */
#define A3XX_BIT(v) (UINT64_C(1) << (v))
#define A3XX_CAT2_ONE_SRC                                                                    \
	(A3XX_BIT(A3XX_OPC2_ABSNEG_F) | A3XX_BIT(A3XX_OPC2_ABSNEG_S) | A3XX_BIT(A3XX_OPC2_CLZ_B) | \
	 A3XX_BIT(A3XX_OPC2_CLZ_S) | A3XX_BIT(A3XX_OPC2_SIGN_F) | A3XX_BIT(A3XX_OPC2_FLOOR_F) |    \
	 A3XX_BIT(A3XX_OPC2_CEIL_F) | A3XX_BIT(A3XX_OPC2_RNDNE_F) | A3XX_BIT(A3XX_OPC2_RNDAZ_F) |  \
	 A3XX_BIT(A3XX_OPC2_TRUNC_F) | A3XX_BIT(A3XX_OPC2_NOT_B) | A3XX_BIT(A3XX_OPC2_BFREV_B) |   \
	 A3XX_BIT(A3XX_OPC2_SETRM) | A3XX_BIT(A3XX_OPC2_CBITS_B))
#define A3XX_CAT2_COMPARE                                                                    \
	(A3XX_BIT(A3XX_OPC2_CMPS_F) | A3XX_BIT(A3XX_OPC2_CMPV_F) | A3XX_BIT(A3XX_OPC2_CMPS_U) |   \
	 A3XX_BIT(A3XX_OPC2_CMPS_S) | A3XX_BIT(A3XX_OPC2_CMPV_U) | A3XX_BIT(A3XX_OPC2_CMPV_S))
/* cat3 opcodes whose sources are half registers (Mesa's isaspec: FULL false). */
#define A3XX_CAT3_HALF                                                                       \
	(A3XX_BIT(A3XX_OPC3_MAD_U16) | A3XX_BIT(A3XX_OPC3_MAD_S16) | A3XX_BIT(A3XX_OPC3_MAD_F16) | \
	 A3XX_BIT(A3XX_OPC3_SEL_B16) | A3XX_BIT(A3XX_OPC3_SEL_S16) | A3XX_BIT(A3XX_OPC3_SEL_F16) | \
	 A3XX_BIT(A3XX_OPC3_SAD_S16))

/* Special register numbers (register index = number * 4 + component). */
#define A3XX_REG_A0 61
#define A3XX_REG_P0 62

extern const struct ip_format a3xx_cat_formats[A3XX_CATEGORIES];
extern const struct ip_isa a3xx_isa;

/* The format of a word: bits 61-63. */
static inline const struct ip_format *a3xx_format_of(const ip_word *w)
{
	return &a3xx_cat_formats[(w->w[0] >> 61) & 7];
}

/* Field `idx` of category `cat`. */
static inline const struct ip_field *a3xx_field(unsigned cat, unsigned idx)
{
	return &a3xx_cat_formats[cat].fields[idx];
}

static inline uint64_t a3xx_get(const ip_word *w, unsigned cat, unsigned idx)
{
	return ip_field_get(a3xx_field(cat, idx), w);
}

static inline void a3xx_set(ip_word *w, unsigned cat, unsigned idx, uint64_t v)
{
	ip_field_set(a3xx_field(cat, idx), w, v);
}

int a3xx_unpack(const uint8_t *bytes, size_t len, struct ip_program *out, struct ip_diag *d);
int a3xx_pack(const struct ip_program *p, uint8_t **out, size_t *len, struct ip_diag *d);
int a3xx_assemble(const char *src, struct ip_program *out, struct ip_diag *d);
int a3xx_disassemble(const struct ip_program *p, FILE *out);
/* The same, with every repetition of an (rptN) instruction on a line of its own, as the
 * notes' expanded listing shows what the GPU executes. */
int a3xx_disassemble_expanded(const struct ip_program *p, FILE *out);

#endif
