/* a3xx_alu.c: a3xx arithmetic: cat1 mov/cov conversions, the cat2 one- and two-source ops, the
 * cat3 multiply-adds and selects, the cat4 complex functions. Unknown ground is unmodeled. */
#include <math.h>

#include "a3xx_sim_int.h"

static const char why_nan[] =
	"a NaN or denormal operand or result: what the hardware does with them is not public";
static const char why_mods[] =
	"(neg)/(abs) on an operand of an opcode Mesa's compiler never gives them to";
static const char why_const_mods[] =
	"(neg)/(abs) on a const source: Mesa's compiler never writes it (its copy propagation "
	"says it cannot be)";
static const char why_float_imm[] =
	"an immediate source of a float opcode: Mesa's compiler only gives immediates to integer "
	"cat2 opcodes";
static const char why_int_conv[] =
	"an integer opcode whose destination precision differs from its sources' (dst_half)";
static const char why_cat2_op[] =
	"a cat2 opcode whose result no public source describes (cmpv, clz.s, mgen.b, getbit.b, "
	"setrm, shb, msad)";
static const char why_clz0[] = "clz.b of 0: not described";
static const char why_shift[] = "a shift by 32 or more: not described";
static const char why_zero_sign[] =
	"min/max of zeros of both signs, or sign.f of -0: not described";
static const char why_cat3_op[] = "a cat3 opcode whose result no public source describes "
                                  "(madsh.u16, sad)";
static const char why_fused[] =
	"mad.f: a result that depends on whether the product is rounded before the add, which is "
	"not public";
static const char why_cat4_op[] =
	"hrsq, hlog2, hexp2: Mesa names them for later GPUs only, without their a3xx meaning";
static const char why_cat4_imm[] =
	"an immediate source of cat4: Mesa's compiler never writes one (the notes forbid consts)";
static const char why_8bit[] = "u8/s8 conversions: not described";
static const char why_cat1_imm_r[] =
	"(r) on a cat1 immediate: Mesa says it is not a repeat there and does not say what it is";
static const char why_cat1_imm16[] = "a 16-bit cat1 immediate with bits 16-31 set";
static const char why_cvt_range[] =
	"a float to integer conversion out of the integer's range: the saturation is not public";
static const char why_mova_type[] =
	"a write to a0.x that is not mov.s16s16 (mova) or a 32-bit integer move";

static uint32_t mask_of(int half)
{
	return half ? 0xffffu : 0xffffffffu;
}

static int64_t sext_w(uint32_t v, int half)
{
	return half ? (int64_t)(int16_t)v : (int64_t)(int32_t)v;
}

static int is_const(const struct a3xx_opnd *o)
{
	return o->kind == A3XX_OPND_CONST || o->kind == A3XX_OPND_REL_CONST;
}

/* A float source: its value with (abs) and (neg) applied. */
int a3xx_read_float(struct a3xx_run *r, const struct a3xx_opnd *o, int half, unsigned rep,
                      uint64_t when, double *v)
{
	uint32_t bits;
	if (o->kind == A3XX_OPND_IMM)
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_float_imm);
	if ((o->neg || o->abs) && is_const(o))
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_const_mods);
	if (a3xx_read(r, o, half, rep, when, &bits))
		return -1;
	if (a3xx_is_nan(bits, half) || a3xx_is_denormal(bits, half))
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_nan);
	*v = a3xx_to_double(bits, half);
	if (o->abs)
		*v = fabs(*v);
	if (o->neg)
		*v = -*v;
	return 0;
}

/* A float result rounded (to nearest even) to the destination's precision. */
int a3xx_write_float(struct a3xx_run *r, const struct a3xx_ins *ins, unsigned rep, double v,
                       uint64_t due, enum a3xx_sync sync)
{
	uint32_t bits;
	if (isnan(v))
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_nan);
	bits = a3xx_from_double(v, ins->dst.half, ROUND_EVEN);
	if (a3xx_is_denormal(bits, ins->dst.half))
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_nan);
	return a3xx_write(r, &ins->dst, ins->dst.half, rep, bits, due, sync);
}

/* An integer source (no modifiers but those `allowed`: 1 neg, 2 abs, 4 neg as not). */
static int read_int(struct a3xx_run *r, const struct a3xx_opnd *o, int half, unsigned rep,
                    unsigned allowed, uint32_t *v)
{
	if ((o->neg && !(allowed & 5)) || (o->abs && !(allowed & 2)))
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_mods);
	if ((o->neg || o->abs) && is_const(o))
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_const_mods);
	if (a3xx_read(r, o, half, rep, r->th.t, v))
		return -1;
	if (o->abs && sext_w(*v, half) < 0)
		*v = (uint32_t)-sext_w(*v, half);
	if (o->neg)
		*v = (allowed & 4) ? ~*v : (uint32_t)-(int64_t)*v;
	*v &= mask_of(half);
	return 0;
}

/* Rounds a double to the nearest integer, halves away from zero. */
static double round_away(double x)
{
	return x < 0 ? -floor(-x + 0.5) : floor(x + 0.5);
}

/* ---- cat2 ----------------------------------------------------------------------------------- */

static int cat2_float(struct a3xx_run *r, const struct a3xx_ins *ins, unsigned rep, int half)
{
	double a, b = 0, v;
	uint64_t due = r->th.t + A3XX_ALU_LATENCY;
	if (a3xx_read_float(r, &ins->src[0], half, rep, r->th.t, &a))
		return -1;
	if (ins->nsrc == 2 && a3xx_read_float(r, &ins->src[1], half, rep, r->th.t, &b))
		return -1;
	switch (ins->opc) {
	case A3XX_OPC2_ADD_F:
		v = half ? a + b : (double)((float)a + (float)b);
		break;
	case A3XX_OPC2_MUL_F:
		v = half ? a * b : (double)((float)a * (float)b);
		break;
	case A3XX_OPC2_MIN_F:
	case A3XX_OPC2_MAX_F:
		if (a == 0 && b == 0 && signbit(a) != signbit(b))
			return a3xx_stop(r, IP_STATUS_UNMODELED, why_zero_sign);
		v = (ins->opc == A3XX_OPC2_MIN_F) == (a < b) ? a : b;
		break;
	case A3XX_OPC2_SIGN_F:
		if (a == 0 && signbit(a))
			return a3xx_stop(r, IP_STATUS_UNMODELED, why_zero_sign);
		v = a > 0 ? 1.0 : a < 0 ? -1.0 : 0.0;
		break;
	case A3XX_OPC2_ABSNEG_F:
		v = a;
		break;
	case A3XX_OPC2_FLOOR_F:
		v = floor(a);
		break;
	case A3XX_OPC2_CEIL_F:
		v = ceil(a);
		break;
	case A3XX_OPC2_RNDNE_F:
		v = nearbyint(a); /* the default rounding: to nearest, ties to even */
		break;
	case A3XX_OPC2_RNDAZ_F:
		v = round_away(a);
		break;
	case A3XX_OPC2_TRUNC_F:
		v = trunc(a);
		break;
	default: { /* cmps.f: 1 or 0 */
		static const int lt[6] = {1, 1, 0, 0, 0, 1}, eq[6] = {0, 1, 0, 1, 1, 0},
		                 gt[6] = {0, 0, 1, 1, 0, 1};
		int res = a < b ? lt[ins->cond] : a > b ? gt[ins->cond] : eq[ins->cond];
		return a3xx_write(r, &ins->dst, ins->dst.half, rep, (uint32_t)res, due, SYNC_NONE);
	}
	}
	return a3xx_write_float(r, ins, rep, v, due, SYNC_NONE);
}

static int cat2_int(struct a3xx_run *r, const struct a3xx_ins *ins, unsigned rep, int half)
{
	unsigned allowed = 0;
	uint32_t a, b = 0, v, m = mask_of(half);
	int64_t sa, sb;
	switch (ins->opc) {
	case A3XX_OPC2_ABSNEG_S: allowed = 3; break;
	case A3XX_OPC2_AND_B: case A3XX_OPC2_OR_B: case A3XX_OPC2_NOT_B: case A3XX_OPC2_XOR_B:
	case A3XX_OPC2_BFREV_B: case A3XX_OPC2_CLZ_B: case A3XX_OPC2_SHL_B: case A3XX_OPC2_SHR_B:
	case A3XX_OPC2_ASHR_B: case A3XX_OPC2_CBITS_B:
		allowed = 4;
		break;
	default: break;
	}
	if (read_int(r, &ins->src[0], half, rep, allowed, &a))
		return -1;
	if (ins->nsrc == 2 && read_int(r, &ins->src[1], half, rep, allowed, &b))
		return -1;
	sa = sext_w(a, half);
	sb = sext_w(b, half);
	switch (ins->opc) {
	case A3XX_OPC2_ADD_U: case A3XX_OPC2_ADD_S: v = a + b; break;
	case A3XX_OPC2_SUB_U: case A3XX_OPC2_SUB_S: v = a - b; break;
	case A3XX_OPC2_MIN_U: v = a < b ? a : b; break;
	case A3XX_OPC2_MAX_U: v = a > b ? a : b; break;
	case A3XX_OPC2_MIN_S: v = sa < sb ? a : b; break;
	case A3XX_OPC2_MAX_S: v = sa > sb ? a : b; break;
	case A3XX_OPC2_ABSNEG_S: v = a; break;
	case A3XX_OPC2_AND_B: v = a & b; break;
	case A3XX_OPC2_OR_B: v = a | b; break;
	case A3XX_OPC2_XOR_B: v = a ^ b; break;
	case A3XX_OPC2_NOT_B: v = ~a; break;
	case A3XX_OPC2_MUL_U: /* Mesa: mul.u24 */
		v = (a & 0xffffffu) * (b & 0xffffffu);
		break;
	case A3XX_OPC2_MUL_S: /* Mesa: mul.s24 */
		v = (uint32_t)(((int64_t)(int32_t)(a << 8) >> 8) * ((int64_t)(int32_t)(b << 8) >> 8));
		break;
	case A3XX_OPC2_MULL_U: /* Mesa's ir3: "mul low, i.e. al * bl" */
		v = (a & 0xffffu) * (b & 0xffffu);
		break;
	case A3XX_OPC2_BFREV_B:
		v = 0;
		for (unsigned i = 0; i < (half ? 16u : 32u); i++)
			v |= ((a >> i) & 1) << ((half ? 15u : 31u) - i);
		break;
	case A3XX_OPC2_CLZ_B:
		if (!a)
			return a3xx_stop(r, IP_STATUS_UNMODELED, why_clz0);
		v = 0;
		for (uint32_t bit = half ? 0x8000u : 0x80000000u; !(a & bit); bit >>= 1)
			v++;
		break;
	case A3XX_OPC2_CBITS_B:
		v = 0;
		for (uint32_t x = a; x; x &= x - 1)
			v++;
		break;
	case A3XX_OPC2_SHL_B: case A3XX_OPC2_SHR_B: case A3XX_OPC2_ASHR_B:
		if (b >= (half ? 16u : 32u))
			return a3xx_stop(r, IP_STATUS_UNMODELED, why_shift);
		v = ins->opc == A3XX_OPC2_SHL_B ? a << b
		    : ins->opc == A3XX_OPC2_SHR_B ? a >> b
		                                  : (uint32_t)(sa >> b);
		break;
	default: { /* cmps.u / cmps.s: 1 or 0 */
		static const int lt[6] = {1, 1, 0, 0, 0, 1}, eq[6] = {0, 1, 0, 1, 1, 0},
		                 gt[6] = {0, 0, 1, 1, 0, 1};
		int less = ins->opc == A3XX_OPC2_CMPS_S ? sa < sb : a < b;
		int res = less ? lt[ins->cond] : a == b ? eq[ins->cond] : gt[ins->cond];
		return a3xx_write(r, &ins->dst, ins->dst.half, rep, (uint32_t)res,
		                  r->th.t + A3XX_ALU_LATENCY, SYNC_NONE);
	}
	}
	if (ins->dst.half != half && (ins->dst.val >> 2) != A3XX_REG_P0)
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_int_conv);
	return a3xx_write(r, &ins->dst, ins->dst.half, rep, v & m, r->th.t + A3XX_ALU_LATENCY,
	                  SYNC_NONE);
}

int a3xx_exec_cat2(struct a3xx_run *r, const struct a3xx_sim_instr *si, unsigned rep)
{
	const struct a3xx_ins *ins = &si->ins;
	int half = !a3xx_get(&si->w, 2, A2_FULL);
	switch (ins->opc) {
	case A3XX_OPC2_ADD_F: case A3XX_OPC2_MIN_F: case A3XX_OPC2_MAX_F: case A3XX_OPC2_MUL_F:
	case A3XX_OPC2_SIGN_F: case A3XX_OPC2_CMPS_F: case A3XX_OPC2_ABSNEG_F:
	case A3XX_OPC2_FLOOR_F: case A3XX_OPC2_CEIL_F: case A3XX_OPC2_RNDNE_F:
	case A3XX_OPC2_RNDAZ_F: case A3XX_OPC2_TRUNC_F:
		return cat2_float(r, ins, rep, half);
	case A3XX_OPC2_ADD_U: case A3XX_OPC2_ADD_S: case A3XX_OPC2_SUB_U: case A3XX_OPC2_SUB_S:
	case A3XX_OPC2_CMPS_U: case A3XX_OPC2_CMPS_S: case A3XX_OPC2_MIN_U: case A3XX_OPC2_MIN_S:
	case A3XX_OPC2_MAX_U: case A3XX_OPC2_MAX_S: case A3XX_OPC2_ABSNEG_S: case A3XX_OPC2_AND_B:
	case A3XX_OPC2_OR_B: case A3XX_OPC2_NOT_B: case A3XX_OPC2_XOR_B: case A3XX_OPC2_MUL_U:
	case A3XX_OPC2_MUL_S: case A3XX_OPC2_MULL_U: case A3XX_OPC2_BFREV_B: case A3XX_OPC2_CLZ_B:
	case A3XX_OPC2_SHL_B: case A3XX_OPC2_SHR_B: case A3XX_OPC2_ASHR_B: case A3XX_OPC2_CBITS_B:
		return cat2_int(r, ins, rep, half);
	case A3XX_OPC2_BARY_F:
		return a3xx_exec_bary(r, si, rep);
	default:
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_cat2_op);
	}
}

/* ---- cat3 ----------------------------------------------------------------------------------- */

static int mad_float(struct a3xx_run *r, const struct a3xx_ins *ins, unsigned rep, int half)
{
	double a, b, c, fused, split;
	if (a3xx_read_float(r, &ins->src[0], half, rep, r->th.t, &a) ||
	    a3xx_read_float(r, &ins->src[1], half, rep, r->th.t, &b) ||
	    a3xx_read_float(r, &ins->src[2], half, rep, r->th.t + 1, &c)) /* the 3rd source, a slot late */
		return -1;
	if (half) {
		fused = a3xx_to_double(a3xx_from_double(a * b + c, 1, ROUND_EVEN), 1);
		split = a3xx_to_double(a3xx_from_double(a3xx_to_double(a3xx_from_double(a * b, 1,
		                                                                        ROUND_EVEN),
		                                                       1) +
		                                                c,
		                                        1, ROUND_EVEN),
		                       1);
	} else {
		fused = (double)fmaf((float)a, (float)b, (float)c);
		split = (double)((float)a * (float)b + (float)c);
	}
	if (fused != split && !(isnan(fused) && isnan(split)))
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_fused);
	return a3xx_write_float(r, ins, rep, fused, r->th.t + A3XX_ALU_LATENCY, SYNC_NONE);
}

static int sel(struct a3xx_run *r, const struct a3xx_ins *ins, unsigned rep, int half)
{
	uint32_t cond, v;
	const struct a3xx_opnd *pick;
	int is_float = ins->opc == A3XX_OPC3_SEL_F16 || ins->opc == A3XX_OPC3_SEL_F32;
	for (unsigned i = 0; i < 3; i++)
		if ((ins->src[i].neg || ins->src[i].abs) && !is_float)
			return a3xx_stop(r, IP_STATUS_UNMODELED, why_mods);
	if (a3xx_read(r, &ins->src[1], half, rep, r->th.t, &cond))
		return -1;
	if (is_float) {
		double c;
		if (a3xx_read_float(r, &ins->src[1], half, rep, r->th.t, &c))
			return -1;
		cond = c != 0;
	}
	/* the notes: sel src1 ? src0 : src2 (sources counted from 0) */
	pick = cond ? &ins->src[0] : &ins->src[2];
	if (is_float) {
		double x;
		if (a3xx_read_float(r, pick, half, rep, pick == &ins->src[2] ? r->th.t + 1 : r->th.t, &x))
			return -1;
		return a3xx_write_float(r, ins, rep, x, r->th.t + A3XX_ALU_LATENCY, SYNC_NONE);
	}
	if (a3xx_read(r, pick, half, rep, pick == &ins->src[2] ? r->th.t + 1 : r->th.t, &v))
		return -1;
	if (ins->dst.half != half)
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_int_conv);
	return a3xx_write(r, &ins->dst, half, rep, v, r->th.t + A3XX_ALU_LATENCY, SYNC_NONE);
}

static int mad_int(struct a3xx_run *r, const struct a3xx_ins *ins, unsigned rep, int half)
{
	uint32_t a, b, c, v;
	for (unsigned i = 0; i < 3; i++)
		if (ins->src[i].neg || ins->src[i].abs)
			return a3xx_stop(r, IP_STATUS_UNMODELED, why_mods);
	if (a3xx_read(r, &ins->src[0], half, rep, r->th.t, &a) ||
	    a3xx_read(r, &ins->src[1], half, rep, r->th.t, &b) ||
	    a3xx_read(r, &ins->src[2], half, rep, r->th.t + 1, &c))
		return -1;
	switch (ins->opc) {
	case A3XX_OPC3_MAD_U16: v = (a * b + c) & 0xffff; break;
	case A3XX_OPC3_MAD_S16:
		v = (uint32_t)((int16_t)a * (int16_t)b + (int16_t)c) & 0xffff;
		break;
	case A3XX_OPC3_MAD_U24: v = (a & 0xffffffu) * (b & 0xffffffu) + c; break;
	case A3XX_OPC3_MAD_S24:
		v = (uint32_t)(((int64_t)(int32_t)(a << 8) >> 8) * ((int64_t)(int32_t)(b << 8) >> 8)) + c;
		break;
	case A3XX_OPC3_MADSH_M16: /* Mesa's ir3: "mul-add shift high mix, i.e. ah * bl << 16" */
		v = ((a >> 16) * (b & 0xffff) << 16) + c;
		break;
	default:
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_cat3_op);
	}
	if (ins->dst.half != half)
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_int_conv);
	return a3xx_write(r, &ins->dst, half, rep, v, r->th.t + A3XX_ALU_LATENCY, SYNC_NONE);
}

int a3xx_exec_cat3(struct a3xx_run *r, const struct a3xx_sim_instr *si, unsigned rep)
{
	const struct a3xx_ins *ins = &si->ins;
	int half = (int)((A3XX_CAT3_HALF >> ins->opc) & 1);
	switch (ins->opc) {
	case A3XX_OPC3_MAD_F16:
	case A3XX_OPC3_MAD_F32:
		return mad_float(r, ins, rep, half);
	case A3XX_OPC3_SEL_B16: case A3XX_OPC3_SEL_B32: case A3XX_OPC3_SEL_S16:
	case A3XX_OPC3_SEL_S32: case A3XX_OPC3_SEL_F16: case A3XX_OPC3_SEL_F32:
		return sel(r, ins, rep, half);
	default:
		return mad_int(r, ins, rep, half);
	}
}

/* ---- cat4 ----------------------------------------------------------------------------------- */

int a3xx_exec_cat4(struct a3xx_run *r, const struct a3xx_sim_instr *si, unsigned rep)
{
	const struct a3xx_ins *ins = &si->ins;
	int half = !a3xx_get(&si->w, 4, A4_FULL);
	double x, v;
	if (ins->src[0].kind == A3XX_OPND_IMM)
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_cat4_imm);
	if (a3xx_read_float(r, &ins->src[0], half, rep, r->th.t, &x))
		return -1;
	switch (ins->opc) {
	case A3XX_OPC4_RCP: v = 1.0 / x; break;
	case A3XX_OPC4_RSQ: v = 1.0 / sqrt(x); break;
	case A3XX_OPC4_LOG2: v = log2(x); break;
	case A3XX_OPC4_EXP2: v = exp2(x); break;
	case A3XX_OPC4_SIN: v = sin(x); break;
	case A3XX_OPC4_COS: v = cos(x); break;
	case A3XX_OPC4_SQRT: v = sqrt(x); break;
	default: return a3xx_stop(r, IP_STATUS_UNMODELED, why_cat4_op);
	}
	/* the result waits for the next (ss) */
	return a3xx_write_float(r, ins, rep, v, 0, SYNC_SS);
}

/* ---- cat1 ----------------------------------------------------------------------------------- */

/* A converted value: src (bits of src_type) to dst_type bits. */
static int convert(struct a3xx_run *r, const struct a3xx_ins *ins, uint32_t src, uint32_t *out)
{
	unsigned st = ins->src_type, dt = ins->dst_type;
	enum a3xx_round mode = (enum a3xx_round)(ins->even | ins->pos_inf << 1);
	int sh = a3xx_type_half(st), dh = a3xx_type_half(dt);
	double v;
	if (st >= A3XX_U8 || dt >= A3XX_U8)
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_8bit);
	if (st == dt) {
		*out = src;
		return 0;
	}
	if (a3xx_type_float(st)) {
		if (a3xx_is_nan(src, sh) || a3xx_is_denormal(src, sh))
			return a3xx_stop(r, IP_STATUS_UNMODELED, why_nan);
		v = a3xx_to_double(src, sh);
	} else if (st == A3XX_S16 || st == A3XX_S32) {
		v = (double)sext_w(src, sh);
	} else {
		v = (double)(src & mask_of(sh));
	}
	if (a3xx_type_float(dt)) {
		*out = a3xx_from_double(v, dh, mode);
		if (a3xx_is_denormal(*out, dh))
			return a3xx_stop(r, IP_STATUS_UNMODELED, why_nan);
		return 0;
	}
	if (a3xx_type_float(st)) {
		double lo = dt == A3XX_S16 ? -32768.0 : dt == A3XX_S32 ? -2147483648.0 : 0.0;
		double hi = dt == A3XX_S16 ? 32767.0 : dt == A3XX_U16 ? 65535.0
		                                   : dt == A3XX_S32 ? 2147483647.0 : 4294967295.0;
		switch (mode) {
		case ROUND_ZERO: v = trunc(v); break;
		case ROUND_EVEN: v = nearbyint(v); break;
		case ROUND_UP: v = ceil(v); break;
		default: v = floor(v); break;
		}
		if (v < lo || v > hi)
			return a3xx_stop(r, IP_STATUS_UNMODELED, why_cvt_range);
		*out = (uint32_t)(int64_t)v & mask_of(dh);
		return 0;
	}
	/* integer to integer: extend by the source's signedness, or keep the low bits */
	*out = (uint32_t)(int64_t)v & mask_of(dh);
	return 0;
}

int a3xx_exec_cat1(struct a3xx_run *r, const struct a3xx_sim_instr *si, unsigned rep)
{
	const struct a3xx_ins *ins = &si->ins;
	const struct a3xx_opnd *s = &ins->src[0], *d = &ins->dst;
	int sh = a3xx_type_half(ins->src_type), dh = a3xx_type_half(ins->dst_type);
	uint32_t v = 0, out = 0;
	if (s->kind == A3XX_OPND_IMM) {
		if (s->r && rep)
			return a3xx_stop(r, IP_STATUS_UNMODELED, why_cat1_imm_r);
		v = (uint32_t)s->val;
		if (sh && (v >> 16))
			return a3xx_stop(r, IP_STATUS_UNMODELED, why_cat1_imm16);
	} else if (a3xx_read(r, s, sh, rep, r->th.t, &v)) {
		return -1;
	}
	if (d->kind == A3XX_OPND_REG && (d->val >> 2) == A3XX_REG_A0 &&
	    !(ins->src_type == ins->dst_type &&
	      (ins->src_type == A3XX_S16 || ins->src_type == A3XX_S32 || ins->src_type == A3XX_U32)))
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_mova_type);
	if (convert(r, ins, v, &out))
		return -1;
	return a3xx_write(r, d, dh, rep, out, r->th.t + A3XX_ALU_LATENCY, SYNC_NONE);
}
