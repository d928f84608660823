/* a3xx_ins.c: a3xx words <-> instructions as the syntax shows them (struct a3xx_ins), through
 * the field tables; the operand shapes of cat5/cat6 opcodes; the notes' const restrictions. */
#include <pthread.h>
#include <string.h>

#include "a3xx_ins.h"

/* ---- operand shapes (the freedreno disassembler's tables, docs/a3xx-sources.md) -------- */

const struct a3xx_cat5_shape *a3xx_cat5_shape(unsigned opc)
{
	static const struct a3xx_cat5_shape shapes[32] = {
		[0] = {1, 0, 1, 1, 0},  [1] = {1, 1, 1, 1, 0},  [2] = {1, 0, 1, 1, 0},
		[3] = {1, 0, 1, 1, 0},  [4] = {1, 1, 1, 1, 0},  [5] = {1, 1, 1, 1, 0},
		[6] = {1, 0, 1, 1, 0},  [7] = {1, 0, 1, 1, 0},  [8] = {1, 1, 1, 1, 0},
		[9] = {1, 1, 1, 1, 0},  [10] = {1, 0, 0, 1, 0}, [11] = {0, 0, 0, 1, 0},
		[12] = {1, 0, 0, 1, 0}, [13] = {0, 0, 0, 1, 0}, [14] = {1, 0, 0, 0, 0},
		[15] = {1, 0, 0, 0, 0}, [16] = {1, 0, 1, 1, 0}, [17] = {1, 0, 1, 1, 0},
		[18] = {1, 0, 1, 1, 0}, [19] = {1, 0, 1, 1, 0}, [20] = {1, 0, 1, 1, 0},
		[21] = {1, 0, 1, 1, 0}, [22] = {1, 0, 1, 1, 0}, [23] = {1, 0, 1, 1, 0},
		[24] = {1, 0, 0, 0, 1}, [25] = {1, 0, 0, 0, 1}, [26] = {0, 0, 0, 0, 0},
		[27] = {0, 0, 0, 0, 0},
		/* 28-31: unnamed; shown with every operand */
		[28] = {1, 1, 1, 1, 0}, [29] = {1, 1, 1, 1, 0}, [30] = {1, 1, 1, 1, 0},
		[31] = {1, 1, 1, 1, 0},
	};
	return &shapes[opc & 31];
}

const struct a3xx_cat6_shape *a3xx_cat6_shape(unsigned opc)
{
	static const struct a3xx_cat6_shape shapes[32] = {
		[A3XX_OPC6_LDG] = {0, 'g', 0, 0, 0},  [A3XX_OPC6_LDL] = {0, 'l', 0, 0, 0},
		[A3XX_OPC6_LDP] = {0, 'p', 0, 0, 0},  [A3XX_OPC6_STG] = {'g', 0, 0, 0, 0},
		[A3XX_OPC6_STL] = {'l', 0, 0, 0, 0},  [A3XX_OPC6_STP] = {'p', 0, 0, 0, 0},
		[A3XX_OPC6_G2L] = {'l', 'g', 0, 0, 0}, [A3XX_OPC6_L2G] = {'g', 'l', 0, 0, 0},
		[A3XX_OPC6_PREFETCH] = {0, 'g', 1, 0, 0}, [A3XX_OPC6_LDLW] = {0, 'l', 0, 0, 0},
		[A3XX_OPC6_STLW] = {'l', 0, 0, 0, 0}, [A3XX_OPC6_RESFMT] = {0, 0, 0, 1, 0},
		[A3XX_OPC6_RESINFO] = {0, 0, 0, 1, 0}, [A3XX_OPC6_LDLV] = {0, 'l', 0, 0, 0},
		[16] = {0, 0, 0, 0, 1}, [17] = {0, 0, 0, 0, 1}, [18] = {0, 0, 0, 0, 1},
		[19] = {0, 0, 0, 0, 1}, [20] = {0, 0, 0, 0, 1}, [21] = {0, 0, 0, 0, 1},
		[22] = {0, 0, 0, 0, 1}, [23] = {0, 0, 0, 0, 1}, [24] = {0, 0, 0, 0, 1},
		[25] = {0, 0, 0, 0, 1}, [26] = {0, 0, 0, 0, 1},
	};
	return &shapes[opc & 31];
}

/* Whether each operand of a cat6 opcode is a full register, by the type (the freedreno
 * disassembler's rules): [0] destination, [1] source 1, [2] source 2. */
static void cat6_full(unsigned opc, unsigned type, int full[3])
{
	int t32 = !a3xx_type_half(type);
	switch (opc) {
	case A3XX_OPC6_RESINFO:
	case A3XX_OPC6_RESFMT:
		full[0] = full[1] = full[2] = t32;
		break;
	case A3XX_OPC6_L2G:
	case A3XX_OPC6_G2L:
		full[0] = full[1] = full[2] = 1;
		break;
	case A3XX_OPC6_STG: case A3XX_OPC6_STL: case A3XX_OPC6_STP: case A3XX_OPC6_STLW:
	case A3XX_OPC6_STGB: case A3XX_OPC6_STIB:
		full[0] = 1;
		full[1] = full[2] = t32;
		break;
	case A3XX_OPC6_STI:
		full[0] = 0;
		full[1] = full[2] = t32;
		break;
	default:
		full[0] = t32;
		full[1] = full[2] = 1;
		break;
	}
}

/* ---- sources of cat2/cat3/cat4 --------------------------------------------------------- */

/* Field indices of one source (-1: the category has no such field). */
struct src_fields {
	int mode, reg, off, relc, cnst, imm, raw, neg, abs, r;
};

static const struct src_fields cat2_src[2] = {
	{A2_SRC1_MODE, A2_SRC1, A2_SRC1_OFF, A2_SRC1_RELC, A2_SRC1_CONST, A2_SRC1_IMM, A2_SRC1_RAW,
	 A2_SRC1_NEG, A2_SRC1_ABS, A2_SRC1_R},
	{A2_SRC2_MODE, A2_SRC2, A2_SRC2_OFF, A2_SRC2_RELC, A2_SRC2_CONST, A2_SRC2_IMM, A2_SRC2_RAW,
	 A2_SRC2_NEG, A2_SRC2_ABS, A2_SRC2_R},
};
static const struct src_fields cat3_src[2] = {
	{A3_SRC1_MODE, A3_SRC1, A3_SRC1_OFF, A3_SRC1_RELC, A3_SRC1_CONST, -1, A3_SRC1_RAW,
	 A3_SRC1_NEG, -1, A3_SRC1_R},
	{A3_SRC3_MODE, A3_SRC3, A3_SRC3_OFF, A3_SRC3_RELC, A3_SRC3_CONST, -1, A3_SRC3_RAW,
	 A3_SRC3_NEG, -1, A3_SRC3_R},
};
static const struct src_fields cat4_src = {
	A4_SRC_MODE, A4_SRC, A4_SRC_OFF, A4_SRC_RELC, A4_SRC_CONST, A4_SRC_IMM, A4_SRC_RAW,
	A4_SRC_NEG, A4_SRC_ABS, A4_SRC_R,
};

static int64_t sext(uint64_t v, unsigned bits)
{
	uint64_t m = UINT64_C(1) << (bits - 1);
	v &= (m << 1) - 1;
	return (int64_t)(v ^ m) - (int64_t)m;
}

static void decode_src(const ip_word *w, unsigned cat, const struct src_fields *sf, int half,
                       struct a3xx_opnd *o)
{
	unsigned mode = (unsigned)a3xx_get(w, cat, (unsigned)sf->mode);
	memset(o, 0, sizeof *o);
	o->half = (uint8_t)half;
	if (mode == A3XX_MODE_GPR) {
		o->kind = A3XX_OPND_REG;
		o->val = (int64_t)a3xx_get(w, cat, (unsigned)sf->reg);
	} else if (mode == A3XX_MODE_REL) {
		o->kind = a3xx_get(w, cat, (unsigned)sf->relc) ? A3XX_OPND_REL_CONST : A3XX_OPND_REL_REG;
		o->val = sext(a3xx_get(w, cat, (unsigned)sf->off), 10);
	} else if (mode == A3XX_MODE_CONST) {
		o->kind = A3XX_OPND_CONST;
		o->val = (int64_t)a3xx_get(w, cat, (unsigned)sf->cnst);
	} else if (mode == A3XX_MODE_IMM && sf->imm >= 0) {
		o->kind = A3XX_OPND_IMM;
		o->half = 0;
		o->val = sext(a3xx_get(w, cat, (unsigned)sf->imm), 11);
	} else {
		o->kind = A3XX_OPND_RAW;
		o->val = (int64_t)a3xx_get(w, cat, (unsigned)sf->raw);
	}
	o->neg = (uint8_t)a3xx_get(w, cat, (unsigned)sf->neg);
	o->abs = sf->abs >= 0 ? (uint8_t)a3xx_get(w, cat, (unsigned)sf->abs) : 0;
	o->r = (uint8_t)a3xx_get(w, cat, (unsigned)sf->r);
}

static int fits_signed(int64_t v, unsigned bits)
{
	return v >= -(INT64_C(1) << (bits - 1)) && v < (INT64_C(1) << (bits - 1));
}

static int fits_unsigned(int64_t v, unsigned bits)
{
	return v >= 0 && v < (INT64_C(1) << bits);
}

/* Encodes a source; returns NULL or what is wrong with it. */
static const char *encode_src(ip_word *w, unsigned cat, const struct src_fields *sf,
                              const struct a3xx_opnd *o)
{
	switch (o->kind) {
	case A3XX_OPND_REG:
		if (!fits_unsigned(o->val, 11))
			return "register number out of range";
		a3xx_set(w, cat, (unsigned)sf->mode, A3XX_MODE_GPR);
		a3xx_set(w, cat, (unsigned)sf->reg, (uint64_t)o->val);
		break;
	case A3XX_OPND_REL_REG:
	case A3XX_OPND_REL_CONST:
		if (!fits_signed(o->val, 10))
			return "relative offset out of range (-512 to 511)";
		a3xx_set(w, cat, (unsigned)sf->mode, A3XX_MODE_REL);
		a3xx_set(w, cat, (unsigned)sf->off, (uint64_t)o->val);
		a3xx_set(w, cat, (unsigned)sf->relc, o->kind == A3XX_OPND_REL_CONST);
		break;
	case A3XX_OPND_CONST:
		if (!fits_unsigned(o->val, 11))
			return "const number out of range (c0-c511)";
		a3xx_set(w, cat, (unsigned)sf->mode, A3XX_MODE_CONST);
		a3xx_set(w, cat, (unsigned)sf->cnst, (uint64_t)o->val);
		break;
	case A3XX_OPND_IMM:
		if (sf->imm < 0)
			return "this source cannot be an immediate";
		if (!fits_signed(o->val, 11))
			return "immediate out of range (-1024 to 1023)";
		a3xx_set(w, cat, (unsigned)sf->mode, A3XX_MODE_IMM);
		a3xx_set(w, cat, (unsigned)sf->imm, (uint64_t)o->val);
		break;
	case A3XX_OPND_RAW:
		if (!fits_unsigned(o->val, 11))
			return "raw source bits out of range (11 bits)";
		a3xx_set(w, cat, (unsigned)sf->mode, 3);
		a3xx_set(w, cat, (unsigned)sf->raw, (uint64_t)o->val);
		break;
	default:
		return "missing source";
	}
	if (o->abs && sf->abs < 0)
		return "this source has no (abs)";
	a3xx_set(w, cat, (unsigned)sf->neg, o->neg);
	if (sf->abs >= 0)
		a3xx_set(w, cat, (unsigned)sf->abs, o->abs);
	a3xx_set(w, cat, (unsigned)sf->r, o->r);
	return NULL;
}

/* Registers whose text shows a precision: not a0/p0 (never written with 'h'), not
 * immediates. */
static int shows_precision(const struct a3xx_opnd *o)
{
	if (o->kind == A3XX_OPND_REG)
		return (o->val >> 2) != A3XX_REG_A0 && (o->val >> 2) != A3XX_REG_P0;
	return o->kind == A3XX_OPND_CONST || o->kind == A3XX_OPND_REL_REG ||
	       o->kind == A3XX_OPND_REL_CONST;
}

/* ---- decode ---------------------------------------------------------------------------- */

static void decode_common(const ip_word *w, unsigned cat, struct a3xx_ins *ins)
{
	const struct ip_format *fmt = &a3xx_cat_formats[cat];
	/* jp, sy and cat are the last three fields of every category */
	ins->f.jp = (uint8_t)ip_field_get(&fmt->fields[fmt->nfields - 3], w);
	ins->f.sy = (uint8_t)ip_field_get(&fmt->fields[fmt->nfields - 2], w);
}

static void decode_cat2(const ip_word *w, struct a3xx_ins *ins)
{
	int full = (int)a3xx_get(w, 2, A2_FULL);
	ins->opc = (uint8_t)a3xx_get(w, 2, A2_OPC);
	ins->f.rpt = (uint8_t)a3xx_get(w, 2, A2_RPT);
	ins->f.ss = (uint8_t)a3xx_get(w, 2, A2_SS);
	ins->f.ul = (uint8_t)a3xx_get(w, 2, A2_UL);
	ins->ei = (uint8_t)a3xx_get(w, 2, A2_EI);
	ins->dst.kind = A3XX_OPND_REG;
	ins->dst.val = (int64_t)a3xx_get(w, 2, A2_DST);
	ins->dst.half = !(full ^ (int)a3xx_get(w, 2, A2_DST_HALF));
	ins->nsrc = (uint8_t)a3xx_cat2_srcs(ins->opc);
	decode_src(w, 2, &cat2_src[0], !full, &ins->src[0]);
	decode_src(w, 2, &cat2_src[1], !full, &ins->src[1]);
	if ((A3XX_CAT2_COMPARE >> ins->opc) & 1)
		ins->cond = (uint8_t)a3xx_get(w, 2, A2_COND);
}

static void decode_cat3(const ip_word *w, struct a3xx_ins *ins)
{
	int half;
	ins->opc = (uint8_t)a3xx_get(w, 3, A3_OPC);
	half = (int)((A3XX_CAT3_HALF >> ins->opc) & 1);
	ins->f.rpt = (uint8_t)a3xx_get(w, 3, A3_RPT);
	ins->f.ss = (uint8_t)a3xx_get(w, 3, A3_SS);
	ins->f.ul = (uint8_t)a3xx_get(w, 3, A3_UL);
	ins->dst.kind = A3XX_OPND_REG;
	ins->dst.val = (int64_t)a3xx_get(w, 3, A3_DST);
	ins->dst.half = (uint8_t)(half ^ (int)a3xx_get(w, 3, A3_DST_HALF));
	ins->nsrc = 3;
	decode_src(w, 3, &cat3_src[0], half, &ins->src[0]);
	decode_src(w, 3, &cat3_src[1], half, &ins->src[2]);
	ins->src[1].kind = a3xx_get(w, 3, A3_SRC2_C) ? A3XX_OPND_CONST : A3XX_OPND_REG;
	ins->src[1].val = (int64_t)a3xx_get(w, 3, A3_SRC2);
	ins->src[1].half = (uint8_t)half;
	ins->src[1].neg = (uint8_t)a3xx_get(w, 3, A3_SRC2_NEG);
	ins->src[1].r = (uint8_t)a3xx_get(w, 3, A3_SRC2_R);
}

static void decode_cat4(const ip_word *w, struct a3xx_ins *ins)
{
	int full = (int)a3xx_get(w, 4, A4_FULL);
	ins->opc = (uint8_t)a3xx_get(w, 4, A4_OPC);
	ins->f.rpt = (uint8_t)a3xx_get(w, 4, A4_RPT);
	ins->f.ss = (uint8_t)a3xx_get(w, 4, A4_SS);
	ins->f.ul = (uint8_t)a3xx_get(w, 4, A4_UL);
	ins->dst.kind = A3XX_OPND_REG;
	ins->dst.val = (int64_t)a3xx_get(w, 4, A4_DST);
	ins->dst.half = !(full ^ (int)a3xx_get(w, 4, A4_DST_HALF));
	ins->nsrc = 1;
	decode_src(w, 4, &cat4_src, !full, &ins->src[0]);
}

static void decode_cat1(const ip_word *w, struct a3xx_ins *ins)
{
	struct a3xx_opnd *s = &ins->src[0];
	unsigned mode = (unsigned)a3xx_get(w, 1, A1_SRC_MODE);
	ins->f.rpt = (uint8_t)a3xx_get(w, 1, A1_RPT);
	ins->f.ss = (uint8_t)a3xx_get(w, 1, A1_SS);
	ins->f.ul = (uint8_t)a3xx_get(w, 1, A1_UL);
	ins->src_type = (uint8_t)a3xx_get(w, 1, A1_SRC_TYPE);
	ins->dst_type = (uint8_t)a3xx_get(w, 1, A1_DST_TYPE);
	ins->even = (uint8_t)a3xx_get(w, 1, A1_EVEN);
	ins->pos_inf = (uint8_t)a3xx_get(w, 1, A1_POS_INF);
	ins->dst.half = (uint8_t)a3xx_type_half(ins->dst_type);
	if (a3xx_get(w, 1, A1_DST_REL)) {
		ins->dst.kind = A3XX_OPND_REL_REG;
		ins->dst.val = (int64_t)a3xx_get(w, 1, A1_DST_OFF);
	} else {
		ins->dst.kind = A3XX_OPND_REG;
		ins->dst.val = (int64_t)a3xx_get(w, 1, A1_DST);
	}
	ins->nsrc = 1;
	s->half = (uint8_t)a3xx_type_half(ins->src_type);
	s->r = (uint8_t)a3xx_get(w, 1, A1_SRC_R);
	if (mode == A3XX_C1_GPR) {
		uint64_t v = a3xx_get(w, 1, A1_SRC);
		if (a3xx_get(w, 1, A1_SRC_REL)) {
			s->kind = (v >> 10) & 1 ? A3XX_OPND_REL_CONST : A3XX_OPND_REL_REG;
			s->val = sext(v, 10);
		} else {
			s->kind = A3XX_OPND_REG;
			s->val = (int64_t)v;
		}
	} else if (mode == A3XX_C1_CONST) {
		s->kind = A3XX_OPND_CONST;
		s->val = (int64_t)a3xx_get(w, 1, A1_SRC_CONST);
	} else if (mode == A3XX_C1_IMM) {
		s->kind = A3XX_OPND_IMM;
		s->half = 0;
		s->val = (int64_t)a3xx_get(w, 1, A1_SRC_IMM);
	} else {
		s->kind = A3XX_OPND_RAW;
		s->val = (int64_t)a3xx_get(w, 1, A1_SRC_RAW);
	}
}

static void decode_cat0(const ip_word *w, struct a3xx_ins *ins)
{
	ins->opc = (uint8_t)a3xx_get(w, 0, A0_OPC);
	ins->f.rpt = (uint8_t)a3xx_get(w, 0, A0_RPT);
	ins->f.ss = (uint8_t)a3xx_get(w, 0, A0_SS);
	ins->immed = (int32_t)sext(a3xx_get(w, 0, A0_IMMED), 16);
	ins->inv = (uint8_t)a3xx_get(w, 0, A0_INV);
	ins->comp = (uint8_t)a3xx_get(w, 0, A0_COMP);
}

static void decode_cat5(const ip_word *w, struct a3xx_ins *ins)
{
	int full = (int)a3xx_get(w, 5, A5_FULL);
	ins->opc = (uint8_t)a3xx_get(w, 5, A5_OPC);
	ins->type = (uint8_t)a3xx_get(w, 5, A5_TYPE);
	ins->wrmask = (uint8_t)a3xx_get(w, 5, A5_WRMASK);
	ins->is_3d = (uint8_t)a3xx_get(w, 5, A5_IS_3D);
	ins->is_a = (uint8_t)a3xx_get(w, 5, A5_IS_A);
	ins->is_s = (uint8_t)a3xx_get(w, 5, A5_IS_S);
	ins->is_s2en = (uint8_t)a3xx_get(w, 5, A5_IS_S2EN);
	ins->is_o = (uint8_t)a3xx_get(w, 5, A5_IS_O);
	ins->is_p = (uint8_t)a3xx_get(w, 5, A5_IS_P);
	ins->dst.kind = A3XX_OPND_REG;
	ins->dst.val = (int64_t)a3xx_get(w, 5, A5_DST);
	/* the type is not shown for dsxpp.1/dsypp.1: nor is it in the destination's name */
	ins->dst.half = !a3xx_cat5_shape(ins->opc)->no_type && a3xx_type_half(ins->type);
	ins->src[0].kind = A3XX_OPND_REG;
	ins->src[0].val = (int64_t)a3xx_get(w, 5, A5_SRC1);
	ins->src[0].half = !full;
	ins->src[1].kind = A3XX_OPND_REG;
	ins->src[1].half = !full;
	if (ins->is_s2en) {
		ins->src[1].val = (int64_t)a3xx_get(w, 5, A5_S2EN_SRC2);
		ins->src[2].kind = A3XX_OPND_REG;
		ins->src[2].val = (int64_t)a3xx_get(w, 5, A5_S2EN_SRC3);
		ins->src[2].half = 1;
	} else {
		ins->src[1].val = (int64_t)a3xx_get(w, 5, A5_SRC2);
		ins->samp = (uint8_t)a3xx_get(w, 5, A5_SAMP);
		ins->tex = (uint8_t)a3xx_get(w, 5, A5_TEX);
	}
}

static void decode_cat6(const ip_word *w, struct a3xx_ins *ins)
{
	const struct a3xx_cat6_shape *sh;
	int full[3], src_off, dst_off;
	ins->opc = (uint8_t)a3xx_get(w, 6, A6_OPC);
	ins->type = (uint8_t)a3xx_get(w, 6, A6_TYPE);
	ins->g = (uint8_t)a3xx_get(w, 6, A6_G);
	sh = a3xx_cat6_shape(ins->opc);
	cat6_full(ins->opc, ins->type, full);
	src_off = (int)a3xx_get(w, 6, A6_SRC_OFF);
	dst_off = (int)a3xx_get(w, 6, A6_DST_OFF);

	ins->dst.kind = sh->no_dst ? A3XX_OPND_NONE : A3XX_OPND_REG;
	ins->dst.val = (int64_t)a3xx_get(w, 6, dst_off ? A6_DST : A6_DST_B);
	if (!sh->no_dst && !sh->atomic && ins->g && !dst_off)
		ins->dst.kind = A3XX_OPND_IMM;
	ins->dst.half = !full[0];
	if (dst_off && sh->dst_space) {
		ins->has_dst_offset = 1;
		if (src_off)
			ins->dst_offset = (int32_t)sext(a3xx_get(w, 6, A6_OFF_LO), 8);
		else
			ins->dst_offset = (int32_t)sext(a3xx_get(w, 6, A6_OFF_HI) << 8 |
			                                        a3xx_get(w, 6, A6_OFF_LO),
			                                13);
	}
	ins->nsrc = sh->no_src2 ? 1 : 2;
	ins->src[0].kind = a3xx_get(w, 6, A6_SRC1_IM) ? A3XX_OPND_IMM : A3XX_OPND_REG;
	ins->src[0].val = (int64_t)a3xx_get(w, 6, src_off ? A6_SRC1 : A6_SRC1_B);
	if (ins->opc == A3XX_OPC6_LDLV && !src_off) { /* Mesa's ldlv: l[OFF], 13 bits */
		ins->src[0].kind = A3XX_OPND_IMM;
		ins->src[0].val = (int64_t)a3xx_get(w, 6, A6_LDLV_OFF);
	}
	ins->src[0].half = !full[1];
	if (src_off && sh->src_space) {
		ins->has_src_offset = 1;
		ins->src_offset = (int32_t)sext(a3xx_get(w, 6, A6_OFF), 13);
	}
	ins->src[1].kind = a3xx_get(w, 6, A6_SRC2_IM) ? A3XX_OPND_IMM : A3XX_OPND_REG;
	ins->src[1].val = (int64_t)a3xx_get(w, 6, A6_SRC2);
	ins->src[1].half = !full[2];
}

void a3xx_decode(const ip_word *w, struct a3xx_ins *ins)
{
	memset(ins, 0, sizeof *ins);
	ins->cat = (uint8_t)((w->w[0] >> 61) & 7);
	if (ins->cat != 7) /* cat7 is all keys, (sy) and (jp) too */
		decode_common(w, ins->cat, ins);
	switch (ins->cat) {
	case 0: decode_cat0(w, ins); break;
	case 1: decode_cat1(w, ins); break;
	case 2: decode_cat2(w, ins); break;
	case 3: decode_cat3(w, ins); break;
	case 4: decode_cat4(w, ins); break;
	case 5: decode_cat5(w, ins); break;
	case 6: decode_cat6(w, ins); break;
	default: break;
	}
}

/* ---- encode ---------------------------------------------------------------------------- */

#define FAIL(msg, op)           \
	do {                    \
		*why = (msg);   \
		*which = (op);  \
		return -1;      \
	} while (0)

static int encode_dst_reg(ip_word *w, unsigned cat, unsigned idx, const struct a3xx_opnd *o,
                          const char **why, int *which)
{
	if (o->kind != A3XX_OPND_REG)
		FAIL("the destination must be a register", 0);
	if (!fits_unsigned(o->val, 8))
		FAIL("destination register out of range (r0-r63)", 0);
	a3xx_set(w, cat, idx, (uint64_t)o->val);
	return 0;
}

/* The sources' precision of a cat2/cat4 instruction from its text: 1 full, 0 half. */
static int text_full(const struct a3xx_ins *ins, unsigned nsrc, const char **why, int *which)
{
	int full = -1;
	for (unsigned i = 0; i < nsrc; i++) {
		const struct a3xx_opnd *o = &ins->src[i];
		if (!shows_precision(o))
			continue;
		if (full >= 0 && full != !o->half)
			FAIL("the sources mix half and full registers", (int)i + 1);
		full = !o->half;
	}
	if (full < 0)
		full = shows_precision(&ins->dst) ? !ins->dst.half : 1;
	return full;
}

static int encode_cat2(const struct a3xx_ins *ins, ip_word *w, const char **why, int *which)
{
	int full = text_full(ins, ins->nsrc, why, which);
	const char *e;
	if (full < 0)
		return -1;
	a3xx_set(w, 2, A2_OPC, ins->opc);
	a3xx_set(w, 2, A2_FULL, (uint64_t)full);
	if (encode_dst_reg(w, 2, A2_DST, &ins->dst, why, which) != 0)
		return -1;
	a3xx_set(w, 2, A2_DST_HALF, shows_precision(&ins->dst) ? (uint64_t)(full ^ !ins->dst.half) : 0);
	a3xx_set(w, 2, A2_EI, ins->ei);
	for (unsigned i = 0; i < ins->nsrc; i++)
		if ((e = encode_src(w, 2, &cat2_src[i], &ins->src[i])) != NULL)
			FAIL(e, (int)i + 1);
	/* (nop2)/(nop3) of a one-source opcode: bit 51 too, as Mesa writes it (not with (rptN),
	 * where the bit is a key) */
	if (ins->nsrc == 1 && !ins->f.rpt)
		a3xx_set(w, 2, A2_SRC2_R, ins->src[1].r);
	if ((A3XX_CAT2_COMPARE >> ins->opc) & 1)
		a3xx_set(w, 2, A2_COND, ins->cond);
	a3xx_set(w, 2, A2_RPT, ins->f.rpt);
	a3xx_set(w, 2, A2_SS, ins->f.ss);
	a3xx_set(w, 2, A2_UL, ins->f.ul);
	return 0;
}

static int encode_cat3(const struct a3xx_ins *ins, ip_word *w, const char **why, int *which)
{
	int half = (int)((A3XX_CAT3_HALF >> ins->opc) & 1);
	const struct a3xx_opnd *s2 = &ins->src[1];
	const char *e;
	a3xx_set(w, 3, A3_OPC, ins->opc);
	for (unsigned i = 0; i < 3; i++)
		if (shows_precision(&ins->src[i]) && ins->src[i].half != half)
			FAIL(half ? "this opcode reads half registers (hrN, hcN)"
			          : "this opcode reads full registers (rN, cN)",
			     (int)i + 1);
	if (encode_dst_reg(w, 3, A3_DST, &ins->dst, why, which) != 0)
		return -1;
	a3xx_set(w, 3, A3_DST_HALF, shows_precision(&ins->dst) ? (uint64_t)(half ^ ins->dst.half) : 0);
	if ((e = encode_src(w, 3, &cat3_src[0], &ins->src[0])) != NULL)
		FAIL(e, 1);
	if ((e = encode_src(w, 3, &cat3_src[1], &ins->src[2])) != NULL)
		FAIL(e, 3);
	if (s2->kind != A3XX_OPND_REG && s2->kind != A3XX_OPND_CONST)
		FAIL("the second source of cat3 is a register", 2);
	if (s2->abs)
		FAIL("cat3 sources have no (abs)", 2);
	if (!fits_unsigned(s2->val, 8))
		FAIL("second source out of range (8 bits: r0-r63)", 2);
	a3xx_set(w, 3, A3_SRC2, (uint64_t)s2->val);
	a3xx_set(w, 3, A3_SRC2_C, s2->kind == A3XX_OPND_CONST);
	a3xx_set(w, 3, A3_SRC2_NEG, s2->neg);
	a3xx_set(w, 3, A3_SRC2_R, s2->r);
	a3xx_set(w, 3, A3_RPT, ins->f.rpt);
	a3xx_set(w, 3, A3_SS, ins->f.ss);
	a3xx_set(w, 3, A3_UL, ins->f.ul);
	return 0;
}

static int encode_cat4(const struct a3xx_ins *ins, ip_word *w, const char **why, int *which)
{
	int full = text_full(ins, 1, why, which);
	const char *e;
	if (full < 0)
		return -1;
	a3xx_set(w, 4, A4_OPC, ins->opc);
	a3xx_set(w, 4, A4_FULL, (uint64_t)full);
	if (encode_dst_reg(w, 4, A4_DST, &ins->dst, why, which) != 0)
		return -1;
	a3xx_set(w, 4, A4_DST_HALF, shows_precision(&ins->dst) ? (uint64_t)(full ^ !ins->dst.half) : 0);
	if ((e = encode_src(w, 4, &cat4_src, &ins->src[0])) != NULL)
		FAIL(e, 1);
	a3xx_set(w, 4, A4_RPT, ins->f.rpt);
	a3xx_set(w, 4, A4_SS, ins->f.ss);
	a3xx_set(w, 4, A4_UL, ins->f.ul);
	return 0;
}

static int encode_cat1(const struct a3xx_ins *ins, ip_word *w, const char **why, int *which)
{
	const struct a3xx_opnd *s = &ins->src[0], *d = &ins->dst;
	a3xx_set(w, 1, A1_SRC_TYPE, ins->src_type);
	a3xx_set(w, 1, A1_DST_TYPE, ins->dst_type);
	if (shows_precision(d) && d->half != a3xx_type_half(ins->dst_type))
		FAIL(d->half ? "the destination type is 32-bit: write rN" : "the destination type is "
		                                                             "16-bit: write hrN",
		     0);
	if (shows_precision(s) && s->half != a3xx_type_half(ins->src_type))
		FAIL(s->half ? "the source type is 32-bit: write rN or cN"
		             : "the source type is 16-bit: write hrN or hcN",
		     1);
	if (d->kind == A3XX_OPND_REL_REG) {
		if (!fits_unsigned(d->val, 8))
			FAIL("relative destination offset out of range (0-255)", 0);
		a3xx_set(w, 1, A1_DST_REL, 1);
		a3xx_set(w, 1, A1_DST_OFF, (uint64_t)d->val);
	} else if (encode_dst_reg(w, 1, A1_DST, d, why, which) != 0) {
		return -1;
	}
	switch (s->kind) {
	case A3XX_OPND_REG:
		if (!fits_unsigned(s->val, 11))
			FAIL("register number out of range", 1);
		a3xx_set(w, 1, A1_SRC_MODE, A3XX_C1_GPR);
		a3xx_set(w, 1, A1_SRC, (uint64_t)s->val);
		break;
	case A3XX_OPND_REL_REG:
	case A3XX_OPND_REL_CONST:
		if (!fits_signed(s->val, 10))
			FAIL("relative offset out of range (-512 to 511)", 1);
		a3xx_set(w, 1, A1_SRC_MODE, A3XX_C1_GPR);
		a3xx_set(w, 1, A1_SRC_REL, 1);
		a3xx_set(w, 1, A1_SRC, ((uint64_t)s->val & 0x3ff) |
		                               (uint64_t)(s->kind == A3XX_OPND_REL_CONST) << 10);
		break;
	case A3XX_OPND_CONST:
		if (!fits_unsigned(s->val, 11))
			FAIL("const number out of range (c0-c511)", 1);
		a3xx_set(w, 1, A1_SRC_MODE, A3XX_C1_CONST);
		a3xx_set(w, 1, A1_SRC_CONST, (uint64_t)s->val);
		break;
	case A3XX_OPND_IMM:
		if (!fits_signed(s->val, 32) && !fits_unsigned(s->val, 32))
			FAIL("immediate does not fit 32 bits", 1);
		a3xx_set(w, 1, A1_SRC_MODE, A3XX_C1_IMM);
		/* a 16-bit type's immediate in 16 bits, the upper ones 0, as ir3 writes it (Mesa
		 * reads bits 0-15 of an f16 or s16 immediate): -1 is 0x0000ffff; a value that does
		 * not fit 16 bits keeps its 32 */
		if (a3xx_type_half(ins->src_type) && (fits_signed(s->val, 16) || fits_unsigned(s->val, 16)))
			a3xx_set(w, 1, A1_SRC_IMM, (uint64_t)s->val & 0xffffu);
		else
			a3xx_set(w, 1, A1_SRC_IMM, (uint64_t)s->val & 0xffffffffu);
		break;
	case A3XX_OPND_RAW:
		if (!fits_unsigned(s->val, 32))
			FAIL("raw source bits out of range (32 bits)", 1);
		a3xx_set(w, 1, A1_SRC_MODE, 3);
		a3xx_set(w, 1, A1_SRC_RAW, (uint64_t)s->val);
		break;
	default:
		FAIL("missing source", 1);
	}
	if (s->neg || s->abs)
		FAIL("cat1 sources have no (neg) or (abs)", 1);
	a3xx_set(w, 1, A1_SRC_R, s->r);
	a3xx_set(w, 1, A1_EVEN, ins->even);
	a3xx_set(w, 1, A1_POS_INF, ins->pos_inf);
	a3xx_set(w, 1, A1_RPT, ins->f.rpt);
	a3xx_set(w, 1, A1_SS, ins->f.ss);
	a3xx_set(w, 1, A1_UL, ins->f.ul);
	return 0;
}

static int encode_cat0(const struct a3xx_ins *ins, ip_word *w, const char **why, int *which)
{
	if (!fits_signed(ins->immed, 16))
		FAIL("branch offset out of range (16 bits: -32768 to 32767)", 1);
	a3xx_set(w, 0, A0_OPC, ins->opc);
	/* only what the syntax shows: br p0.c, #N; jump/call #N; kill p0.c */
	if (ins->opc == A3XX_OPC0_BR || ins->opc == A3XX_OPC0_JUMP || ins->opc == A3XX_OPC0_CALL)
		a3xx_set(w, 0, A0_IMMED, (uint64_t)(int64_t)ins->immed);
	if (ins->opc == A3XX_OPC0_BR || ins->opc == A3XX_OPC0_KILL) {
		a3xx_set(w, 0, A0_INV, ins->inv);
		a3xx_set(w, 0, A0_COMP, ins->comp);
	}
	a3xx_set(w, 0, A0_RPT, ins->f.rpt);
	a3xx_set(w, 0, A0_SS, ins->f.ss);
	return 0;
}

static int encode_plain_reg(ip_word *w, unsigned cat, unsigned idx, unsigned bits,
                            const struct a3xx_opnd *o, int which_op, const char **why,
                            int *which)
{
	if (o->kind != A3XX_OPND_REG)
		FAIL("expected a register", which_op);
	if (!fits_unsigned(o->val, bits))
		FAIL("register number out of range", which_op);
	if (o->neg || o->abs || o->r)
		FAIL("this operand takes no (neg), (abs) or (r)", which_op);
	a3xx_set(w, cat, idx, (uint64_t)o->val);
	return 0;
}

static int encode_cat5(const struct a3xx_ins *ins, ip_word *w, const char **why, int *which)
{
	const struct a3xx_cat5_shape *sh = a3xx_cat5_shape(ins->opc);
	/* without a register source, full is 0, as Mesa writes it (extract_cat5_FULL) */
	int full = -1, any_src = sh->src1 || sh->src2 || ins->is_s2en || ins->is_o;
	for (unsigned i = 0; i < 2; i++) {
		const struct a3xx_opnd *o = &ins->src[i];
		int shown = i == 0 ? sh->src1 : ins->is_s2en || ins->is_o || sh->src2;
		if (!shown || o->kind != A3XX_OPND_REG || !shows_precision(o))
			continue;
		if (full >= 0 && full != !o->half)
			FAIL("the sources mix half and full registers", (int)i + 1);
		full = !o->half;
	}
	a3xx_set(w, 5, A5_OPC, ins->opc);
	a3xx_set(w, 5, A5_FULL, full < 0 ? (uint64_t)any_src : (uint64_t)full);
	if (!sh->no_type)
		a3xx_set(w, 5, A5_TYPE, ins->type);
	a3xx_set(w, 5, A5_WRMASK, ins->wrmask);
	a3xx_set(w, 5, A5_IS_3D, ins->is_3d);
	a3xx_set(w, 5, A5_IS_A, ins->is_a);
	a3xx_set(w, 5, A5_IS_S, ins->is_s);
	a3xx_set(w, 5, A5_IS_S2EN, ins->is_s2en);
	a3xx_set(w, 5, A5_IS_O, ins->is_o);
	a3xx_set(w, 5, A5_IS_P, ins->is_p);
	if (shows_precision(&ins->dst) &&
	    ins->dst.half != (!sh->no_type && a3xx_type_half(ins->type)))
		FAIL(ins->dst.half ? "the result type is 32-bit: write rN" : "the result type is "
		                                                             "16-bit: write hrN",
		     0);
	if (encode_dst_reg(w, 5, A5_DST, &ins->dst, why, which) != 0)
		return -1;
	if (sh->src1 && encode_plain_reg(w, 5, A5_SRC1, 8, &ins->src[0], 1, why, which))
		return -1;
	if (ins->is_s2en) {
		if (encode_plain_reg(w, 5, A5_S2EN_SRC2, 11, &ins->src[1], 2, why, which) ||
		    encode_plain_reg(w, 5, A5_S2EN_SRC3, 8, &ins->src[2], 3, why, which))
			return -1;
	} else {
		if ((ins->is_o || sh->src2) &&
		    encode_plain_reg(w, 5, A5_SRC2, 8, &ins->src[1], 2, why, which))
			return -1;
		if (sh->samp)
			a3xx_set(w, 5, A5_SAMP, ins->samp);
		if (sh->tex)
			a3xx_set(w, 5, A5_TEX, ins->tex);
	}
	return 0;
}

static int encode_cat6(const struct a3xx_ins *ins, ip_word *w, const char **why, int *which)
{
	const struct a3xx_cat6_shape *sh = a3xx_cat6_shape(ins->opc);
	int full[3], src_off = sh->src_space != 0, dst_off = sh->dst_space != 0;
	const struct a3xx_opnd *d = &ins->dst, *s1 = &ins->src[0], *s2 = &ins->src[1];
	a3xx_set(w, 6, A6_OPC, ins->opc);
	a3xx_set(w, 6, A6_TYPE, ins->type);
	cat6_full(ins->opc, ins->type, full);
	if (shows_precision(d) && d->half != !full[0])
		FAIL(d->half ? "this operand is a full register (rN)" : "this operand is a half "
		                                                       "register (hrN)",
		     0);
	for (unsigned i = 0; i < 2; i++)
		if (ins->src[i].kind == A3XX_OPND_REG && shows_precision(&ins->src[i]) &&
		    ins->src[i].half != !full[i + 1])
			FAIL(ins->src[i].half ? "this operand is a full register (rN)"
			                      : "this operand is a half register (hrN)",
			     (int)i + 1);
	a3xx_set(w, 6, A6_SRC_OFF, (uint64_t)src_off);
	a3xx_set(w, 6, A6_DST_OFF, (uint64_t)dst_off);
	a3xx_set(w, 6, A6_G, sh->atomic ? ins->g : !sh->no_dst && d->kind == A3XX_OPND_IMM);
	/* destination */
	if (!sh->no_dst) {
		if (d->kind == A3XX_OPND_IMM) {
			if (dst_off)
				FAIL("an immediate destination has no address space", 0);
			if (!fits_unsigned(d->val, 8))
				FAIL("immediate destination out of range (0-255)", 0);
			a3xx_set(w, 6, A6_DST_B, (uint64_t)d->val);
		} else if (encode_plain_reg(w, 6, dst_off ? A6_DST : A6_DST_B, 8, d, 0, why, which)) {
			return -1;
		}
	}
	if (dst_off) {
		int32_t o = ins->dst_offset;
		/* with a source offset too (g2l, l2g) bits 9-13 belong to it: 8 bits here */
		if (!fits_signed(o, src_off ? 8 : 13))
			FAIL(src_off ? "offset out of range (-128 to 127)"
			             : "offset out of range (-4096 to 4095)",
			     0);
		a3xx_set(w, 6, A6_OFF_LO, (uint64_t)o & 0xff);
		if (!src_off)
			a3xx_set(w, 6, A6_OFF_HI, ((uint64_t)o >> 8) & 0x1f);
	} else if (ins->has_dst_offset) {
		FAIL("this opcode's destination takes no offset", 0);
	}
	/* first source: ldlv l[N] as Mesa writes it (bit 0 = 0, N at 1-13); else src1 and off */
	if (ins->opc == A3XX_OPC6_LDLV && s1->kind == A3XX_OPND_IMM && !ins->has_src_offset) {
		if (!fits_unsigned(s1->val, 13))
			FAIL("varying offset out of range (0-8191)", 1);
		a3xx_set(w, 6, A6_SRC_OFF, 0);
		a3xx_set(w, 6, A6_SRC1_IM, 1);
		a3xx_set(w, 6, A6_LDLV_OFF, (uint64_t)s1->val);
		src_off = 0;
	} else if (s1->kind == A3XX_OPND_IMM) {
		if (!fits_unsigned(s1->val, 8))
			FAIL("immediate out of range (0-255)", 1);
		a3xx_set(w, 6, A6_SRC1_IM, 1);
		a3xx_set(w, 6, src_off ? A6_SRC1 : A6_SRC1_B, (uint64_t)s1->val);
	} else if (encode_plain_reg(w, 6, src_off ? A6_SRC1 : A6_SRC1_B, 8, s1, 1, why, which)) {
		return -1;
	}
	if (src_off) {
		if (!fits_signed(ins->src_offset, 13))
			FAIL("offset out of range (-4096 to 4095)", 1);
		a3xx_set(w, 6, A6_OFF, (uint64_t)(int64_t)ins->src_offset);
	} else if (ins->has_src_offset) {
		FAIL("this opcode's source takes no offset", 1);
	}
	/* second source */
	if (!sh->no_src2) {
		if (s2->kind == A3XX_OPND_IMM) {
			if (!fits_unsigned(s2->val, 8))
				FAIL("immediate out of range (0-255)", 2);
			a3xx_set(w, 6, A6_SRC2_IM, 1);
			a3xx_set(w, 6, A6_SRC2, (uint64_t)s2->val);
		} else {
			a3xx_set(w, 6, A6_SRC2_IM, 0);
			if (encode_plain_reg(w, 6, A6_SRC2, 8, s2, 2, why, which))
				return -1;
		}
	}
	return 0;
}

static ip_word defaults[A3XX_CATEGORIES];
static pthread_once_t defaults_once = PTHREAD_ONCE_INIT;

static void make_defaults(void)
{
	for (unsigned cat = 0; cat < A3XX_CATEGORIES; cat++)
		defaults[cat] = ip_format_defaults(&a3xx_cat_formats[cat], NULL);
}

ip_word a3xx_defaults(unsigned cat)
{
	pthread_once(&defaults_once, make_defaults);
	return defaults[cat & 7];
}

int a3xx_encode(const struct a3xx_ins *ins, ip_word *w, const char **why, int *which)
{
	const struct ip_format *fmt = &a3xx_cat_formats[ins->cat & 7];
	int rc = 0;
	*w = a3xx_defaults(ins->cat);
	*why = NULL;
	*which = -1;
	if (ins->f.sy)
		ip_field_set(&fmt->fields[fmt->nfields - 2], w, 1);
	if (ins->f.jp)
		ip_field_set(&fmt->fields[fmt->nfields - 3], w, 1);
	switch (ins->cat) {
	case 0: rc = encode_cat0(ins, w, why, which); break;
	case 1: rc = encode_cat1(ins, w, why, which); break;
	case 2: rc = encode_cat2(ins, w, why, which); break;
	case 3: rc = encode_cat3(ins, w, why, which); break;
	case 4: rc = encode_cat4(ins, w, why, which); break;
	case 5: rc = encode_cat5(ins, w, why, which); break;
	case 6: rc = encode_cat6(ins, w, why, which); break;
	default: break;
	}
	return rc;
}

/* ---- the notes' const restrictions ---------------------------------------------------- */

static int is_const_src(const ip_word *w, unsigned cat, const struct src_fields *sf)
{
	uint64_t mode = a3xx_get(w, cat, (unsigned)sf->mode);
	return mode == A3XX_MODE_CONST || (mode == A3XX_MODE_REL && a3xx_get(w, cat, (unsigned)sf->relc));
}

const char *a3xx_const_rule(const ip_word *w)
{
	switch ((w->w[0] >> 61) & 7) {
	case 2:
		if (a3xx_cat2_srcs((unsigned)a3xx_get(w, 2, A2_OPC)) == 2 &&
		    is_const_src(w, 2, &cat2_src[0]) && is_const_src(w, 2, &cat2_src[1]))
			return "cat2 takes at most one const source (the notes)";
		return NULL;
	case 3:
		if (a3xx_get(w, 3, A3_SRC2_C))
			return "cat3 cannot take a const as its second source (the notes)";
		return NULL;
	case 4:
		if (is_const_src(w, 4, &cat4_src))
			return "cat4 cannot take a const source (the notes)";
		return NULL;
	default:
		return NULL;
	}
}
