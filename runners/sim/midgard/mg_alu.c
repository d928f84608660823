/* mg_alu.c: Midgard ALU semantics: the opcodes of the seed notes, input modifiers, swizzles,
 * half/full modes, output modifiers, size override and write masks (docs/midgard-simulator.md). */
#include <math.h>
#include <string.h>

#include "common/float_bits.h"
#include "common/fp16.h"
#include "mg_sim.h"

/* How an opcode computes. Moves take input 2 (input 1 is the unused r24); other one-input
 * operations take input 1 (Mesa's QUIRK_FLIPPED_R24). */
enum op_kind {
	K_NONE,  /* not modeled */
	K_F2,    /* float, float -> float */
	K_F1,    /* float -> float (input 1) */
	K_FMOV,  /* float move of input 2 */
	K_FCMP,  /* float, float -> boolean */
	K_I2,    /* int, int -> int */
	K_IMOV,  /* int move of input 2 */
	K_ICMP,  /* int, int -> boolean */
	K_F2I,   /* float -> int, toward zero */
	K_I2F,   /* int -> float */
	K_CSEL,  /* r31.w ? input 1 : input 2 */
	K_DOT,   /* dot product (vector units only) */
};

struct op_info {
	uint8_t kind;
	uint8_t n; /* dot product size */
};

static const struct op_info ops[256] = {
	[0x10] = {K_F2, 0},   /* fadd */
	[0x14] = {K_F2, 0},   /* fmul */
	[0x28] = {K_F2, 0},   /* fmin */
	[0x2C] = {K_F2, 0},   /* fmax */
	[0x30] = {K_FMOV, 0}, /* fmov */
	[0x36] = {K_F1, 0},   /* ffloor */
	[0x37] = {K_F1, 0},   /* fceil */
	[0x3C] = {K_DOT, 3},  /* fdot3 */
	[0x3E] = {K_DOT, 4},  /* fdot4 */
	[0x40] = {K_I2, 0},   /* iadd */
	[0x46] = {K_I2, 0},   /* isub */
	[0x58] = {K_I2, 0},   /* imul */
	[0x7B] = {K_IMOV, 0}, /* imov */
	[0x80] = {K_FCMP, 0}, /* feq */
	[0x81] = {K_FCMP, 0}, /* fne */
	[0x82] = {K_FCMP, 0}, /* flt */
	[0x83] = {K_FCMP, 0}, /* fle */
	[0x99] = {K_F2I, 0},  /* f2i */
	[0xA0] = {K_ICMP, 0}, /* ieq */
	[0xA1] = {K_ICMP, 0}, /* ine */
	[0xA4] = {K_ICMP, 0}, /* ilt */
	[0xA5] = {K_ICMP, 0}, /* ile */
	[0xB8] = {K_I2F, 0},  /* i2f */
	[0xC5] = {K_CSEL, 0}, /* csel */
	[0xF0] = {K_F1, 0},   /* frcp */
	[0xF2] = {K_F1, 0},   /* frsqrt */
	[0xF3] = {K_F1, 0},   /* fsqrt */
	[0xF4] = {K_F1, 0},   /* fexp2 */
	[0xF5] = {K_F1, 0},   /* flog2 */
	[0xF6] = {K_F1, 0},   /* fsin: sin(pi x) */
	[0xF7] = {K_F1, 0},   /* fcos: cos(pi x) */
	/* fdot3r 0x3D, freduce 0x3F, fatan_pt1 0xF9, fatan_pt2 0xE8: named by the notes without
	 * semantics; every other value: not described by the notes. Both are unmodeled. */
};

static int float_result(unsigned kind)
{
	return kind == K_F2 || kind == K_F1 || kind == K_FMOV || kind == K_I2F || kind == K_DOT ||
	       kind == K_CSEL;
}

static int int_inputs(unsigned kind)
{
	return kind == K_I2 || kind == K_IMOV || kind == K_ICMP || kind == K_I2F;
}

/* ---- number helpers ----------------------------------------------------------------- */
static uint16_t lane16(const uint32_t *reg, unsigned lane)
{
	return (uint16_t)(reg[lane / 2] >> (16 * (lane % 2)));
}

static void set_lane16(uint32_t *reg, unsigned lane, uint16_t v)
{
	unsigned sh = 16 * (lane % 2);
	reg[lane / 2] = (reg[lane / 2] & ~(UINT32_C(0xFFFF) << sh)) | (uint32_t)v << sh;
}

/* sin(pi x) and cos(pi x) with exact values at multiples of 1/2. */
static double sinpi(double x)
{
	double r = fmod(x, 2.0), n = r * 2.0;
	if (n == floor(n)) {
		static const double exact[4] = {0, 1, 0, -1};
		long k = ((long)n % 4 + 4) % 4;
		return exact[k];
	}
	return sin(M_PI * r);
}

static double cospi(double x)
{
	return sinpi(x + 0.5);
}

/* One operation on 32-bit values (floats as their bits). Returns 0, or -1 (unmodeled). */
static int compute(unsigned op, unsigned kind, uint32_t a, uint32_t b, uint32_t *out,
                   const char **why)
{
	float x = ip_f32_from_bits(a), y = ip_f32_from_bits(b);
	int32_t i = (int32_t)a, j = (int32_t)b;
	switch (kind) {
	case K_F2:
		switch (op) {
		case 0x10: *out = ip_f32_bits(x + y); return 0;
		case 0x14: *out = ip_f32_bits(x * y); return 0;
		case 0x28: *out = ip_f32_bits(fminf(x, y)); return 0;
		default:   *out = ip_f32_bits(fmaxf(x, y)); return 0;
		}
	case K_F1:
		switch (op) {
		case 0x36: *out = ip_f32_bits(floorf(x)); return 0;
		case 0x37: *out = ip_f32_bits(ceilf(x)); return 0;
		case 0xF0: *out = ip_f32_bits(1.0f / x); return 0;
		case 0xF2: *out = ip_f32_bits((float)(1.0 / sqrt((double)x))); return 0;
		case 0xF3: *out = ip_f32_bits(sqrtf(x)); return 0;
		case 0xF4: *out = ip_f32_bits((float)exp2((double)x)); return 0;
		case 0xF5: *out = ip_f32_bits((float)log2((double)x)); return 0;
		case 0xF6: *out = ip_f32_bits((float)sinpi((double)x)); return 0;
		default:   *out = ip_f32_bits((float)cospi((double)x)); return 0;
		}
	case K_FMOV:
	case K_IMOV:
		*out = b;
		return 0;
	case K_FCMP: {
		int t = op == 0x80 ? x == y : op == 0x81 ? x != y : op == 0x82 ? x < y : x <= y;
		*out = t ? 0xFFFFFFFFu : 0;
		return 0;
	}
	case K_I2:
		*out = op == 0x40 ? a + b : op == 0x46 ? a - b : a * b;
		return 0;
	case K_ICMP: {
		int t = op == 0xA0 ? i == j : op == 0xA1 ? i != j : op == 0xA4 ? i < j : i <= j;
		*out = t ? 0xFFFFFFFFu : 0;
		return 0;
	}
	case K_F2I:
		if (isnan(x) || x >= 2147483648.0f || x < -2147483648.0f) {
			*why = "f2i of NaN or a value outside the 32-bit range is not described";
			return -1;
		}
		*out = (uint32_t)(int32_t)truncf(x);
		return 0;
	case K_I2F:
		*out = ip_f32_bits((float)i);
		return 0;
	default:
		*why = "opcode not modeled";
		return -1;
	}
}

/* Float output modifiers (the notes: none, clamp positive, "integer", saturate; Mesa: 2 is a
 * clamp to [-1, 1] on float operations). NaN handling is Mesa's. */
static float outmod_float(unsigned outmod, float v)
{
	switch (outmod) {
	case 1: return v > 0.0f ? v : 0.0f;
	case 2: return isnan(v) ? -1.0f : v < -1.0f ? -1.0f : v > 1.0f ? 1.0f : v;
	case 3: return isnan(v) ? 0.0f : v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
	default: return v;
	}
}

/* Integer output modifiers (Mesa midgard_outmod_int): 0 saturates the exact result to the
 * signed range of the destination size, 2 keeps its low bits (what the notes saw as "output
 * integer"); 1 (unsigned saturate) and 3 (keep the high half) are not modeled. */
static int outmod_int(struct mg_state *st, unsigned op, unsigned kind, unsigned outmod,
                      unsigned bits, uint32_t a, uint32_t b, uint32_t *res)
{
	int64_t wide, lo = -(INT64_C(1) << (bits - 1)), hi = (INT64_C(1) << (bits - 1)) - 1;
	if (outmod == 2)
		return 0;
	if (outmod != 0)
		return mg_stop(st, IP_STATUS_UNMODELED, 0,
		               "output modifiers 1 and 3 on integer results are not modeled");
	if (kind == K_I2)
		wide = op == 0x40   ? (int64_t)(int32_t)a + (int32_t)b
		       : op == 0x46 ? (int64_t)(int32_t)a - (int32_t)b
		                    : (int64_t)(int32_t)a * (int32_t)b;
	else
		wide = (int32_t)*res;
	*res = (uint32_t)(wide < lo ? lo : wide > hi ? hi : wide);
	return 0;
}

/* ---- register access ---------------------------------------------------------------- */
/* The 128 bits an ALU input register reads, or NULL (unmodeled, st set). */
static const uint32_t *read_reg(const struct mg_word *w, struct mg_state *st, unsigned reg)
{
	if (reg < 24)
		return st->r[reg];
	if (reg == 24 || reg == 25) {
		if (st->pipe_valid & (1u << (reg - 24)))
			return st->r[reg];
		mg_stop(st, IP_STATUS_UNMODELED, 0,
		        "reading pipeline register r24/r25 before a unit of this word wrote it");
		return NULL;
	}
	if (reg == 26) {
		if (w->has_consts)
			return w->consts;
		mg_stop(st, IP_STATUS_UNMODELED, 0,
		        "reading r26 (embedded constants) in a word without constants");
		return NULL;
	}
	mg_stop(st, IP_STATUS_UNMODELED, 0, "ALU reads of r27-r31 are not modeled");
	return NULL;
}

/* The 128 bits an ALU output register writes, or NULL (unmodeled, st set). */
static uint32_t *write_reg(struct mg_state *st, unsigned reg)
{
	if (reg < 24 || reg == 26 || reg == 27 || reg == 31)
		return st->r[reg];
	if (reg == 24 || reg == 25) {
		st->pipe_valid |= (uint8_t)(1u << (reg - 24));
		return st->r[reg];
	}
	mg_stop(st, IP_STATUS_UNMODELED, 0, "ALU writes of r28-r30 are not modeled");
	return NULL;
}

static int condition(struct mg_state *st, int *t)
{
	uint32_t c = st->r[31][3];
	if (c != 0 && c != 0xFFFFFFFFu)
		return mg_stop(st, IP_STATUS_UNMODELED, 0,
		               "r31.w holds neither 0 nor ~0 (what a comparison writes)");
	*t = c != 0;
	return 0;
}

/* Applies abs/neg to a 32-bit-domain value; int operations take no float modifiers. */
static int modifiers(struct mg_state *st, const struct mg_src *s, unsigned kind, uint32_t *v)
{
	if (!s->abs && !s->neg)
		return 0;
	if (int_inputs(kind))
		return mg_stop(st, IP_STATUS_UNMODELED, 0,
		               "abs/neg on an integer operation are not described");
	if (s->abs)
		*v &= 0x7FFFFFFFu;
	if (s->neg)
		*v ^= 0x80000000u;
	return 0;
}

/* A 16-bit value brought to the 32-bit domain of the operation. */
static uint32_t widen(uint16_t h, unsigned kind)
{
	if (int_inputs(kind))
		return (uint32_t)(int32_t)(int16_t)h;
	return ip_f32_bits((float)ip_f16_to_double(h));
}

/* A 32-bit-domain result narrowed to 16 bits. */
static uint16_t narrow(uint32_t v, int is_float)
{
	if (is_float)
		return ip_double_to_f16((double)ip_f32_from_bits(v));
	return (uint16_t)v;
}

/* ---- vector units --------------------------------------------------------------------- */
static int vector_input(const struct mg_word *w, struct mg_state *st, const struct mg_alu *a,
                        unsigned s, unsigned kind, uint32_t in[8])
{
	const struct mg_src *src = &a->src[s];
	unsigned lanes = a->half ? 8 : 4;
	if (src->imm) {
		uint32_t v = widen(src->immbits, kind);
		for (unsigned c = 0; c < lanes; c++)
			in[c] = v;
	} else {
		const uint32_t *r = read_reg(w, st, src->reg);
		if (!r)
			return -1;
		for (unsigned c = 0; c < lanes; c++) {
			if (a->half) {
				unsigned hi = src->expand == MG_EXPAND_REP_LOW    ? 0
				              : src->expand == MG_EXPAND_REP_HIGH ? 1
				              : src->expand == MG_EXPAND_SWAP     ? 1 - c / 4
				                                                  : c / 4;
				in[c] = widen(lane16(r, 4 * hi + src->swz[c % 4]), kind);
			} else if (src->expand == MG_EXPAND_LOW || src->expand == MG_EXPAND_HIGH) {
				unsigned hi = src->expand == MG_EXPAND_HIGH;
				in[c] = widen(lane16(r, 4 * hi + src->swz[c]), kind);
			} else {
				in[c] = r[src->swz[c]];
			}
		}
	}
	for (unsigned c = 0; c < lanes; c++)
		if (modifiers(st, src, kind, &in[c]) != 0)
			return -1;
	return 0;
}

static int run_vector(const struct mg_word *w, struct mg_state *st, const struct mg_alu *a)
{
	const struct op_info *oi = &ops[a->op];
	unsigned lanes = a->half ? 8 : 4, kind = oi->kind;
	int is_float = float_result(kind), t = 0;
	uint32_t in[2][8], res[8];
	uint32_t *dst;
	const char *why = NULL;

	if (kind == K_NONE)
		return mg_stop(st, IP_STATUS_UNMODELED, 0, "ALU opcode not modeled");
	if (kind == K_CSEL && condition(st, &t) != 0)
		return -1;
	/* one-input operations do not read the unused input */
	if ((kind != K_FMOV && kind != K_IMOV) && vector_input(w, st, a, 0, kind, in[0]) != 0)
		return -1;
	if (kind != K_F1 && kind != K_F2I && kind != K_I2F && vector_input(w, st, a, 1, kind, in[1]) != 0)
		return -1;
	if (kind == K_F1 || kind == K_F2I || kind == K_I2F)
		memcpy(in[1], in[0], sizeof in[1]);
	if (kind == K_FMOV || kind == K_IMOV)
		memcpy(in[0], in[1], sizeof in[0]);
	if (kind == K_DOT) {
		float sum = 0.0f;
		if (a->half)
			return mg_stop(st, IP_STATUS_UNMODELED, 0, "dot products in half mode");
		for (unsigned c = 0; c < oi->n; c++)
			sum += ip_f32_from_bits(in[0][c]) * ip_f32_from_bits(in[1][c]);
		for (unsigned c = 0; c < lanes; c++)
			res[c] = ip_f32_bits(sum);
	} else {
		for (unsigned c = 0; c < lanes; c++) {
			if (kind == K_CSEL)
				res[c] = t ? in[0][c] : in[1][c];
			else if (compute(a->op, kind, in[0][c], in[1][c], &res[c], &why) != 0)
				return mg_stop(st, IP_STATUS_UNMODELED, 0, why);
			if (kind == K_F2I && a->half && (int32_t)res[c] != (int16_t)res[c])
				return mg_stop(st, IP_STATUS_UNMODELED, 0,
				               "half-mode f2i of a value outside the 16-bit range");
		}
	}
	/* output modifier */
	for (unsigned c = 0; c < lanes; c++) {
		unsigned bits = a->half || a->out_size != 2 ? 16 : 32;
		if (is_float)
			res[c] = ip_f32_bits(outmod_float(a->outmod, ip_f32_from_bits(res[c])));
		else if (outmod_int(st, a->op, kind, a->outmod, bits, in[0][c], in[1][c], &res[c]) != 0)
			return -1;
	}
	if (a->half && a->out_size != 2)
		return mg_stop(st, IP_STATUS_UNMODELED, 0, "output size override in half mode");
	if (!a->half) {
		for (unsigned c = 0; c < 4; c++) {
			unsigned m = (a->mask >> (2 * c)) & 3;
			if (m == 1 || m == 2)
				return mg_stop(st, IP_STATUS_UNMODELED, 0,
				               "full-mode write mask with one of a component's two bits");
		}
	}
	dst = write_reg(st, a->dst);
	if (!dst)
		return -1;
	for (unsigned c = 0; c < lanes; c++) {
		if (a->half) {
			if ((a->mask >> c) & 1)
				set_lane16(dst, c, (uint16_t)(is_float ? narrow(res[c], 1) : res[c]));
		} else if ((a->mask >> (2 * c)) & 1) {
			if (a->out_size == 2)
				dst[c] = res[c];
			else
				set_lane16(dst, 4 * a->out_size + c, narrow(res[c], is_float));
		}
	}
	return 0;
}

/* ---- scalar units --------------------------------------------------------------------- */
static int scalar_input(const struct mg_word *w, struct mg_state *st, const struct mg_src *src,
                        unsigned kind, uint32_t *v)
{
	if (src->imm) {
		*v = widen(src->immbits, kind);
		return 0;
	}
	const uint32_t *r = read_reg(w, st, src->reg);
	if (!r)
		return -1;
	*v = src->full ? r[src->lane] : widen(lane16(r, src->lane), kind);
	return modifiers(st, src, kind, v);
}

static int run_scalar(const struct mg_word *w, struct mg_state *st, const struct mg_alu *a)
{
	unsigned kind = ops[a->op].kind;
	int is_float = float_result(kind), t = 0;
	uint32_t x = 0, y = 0, res;
	uint32_t *dst;
	const char *why = NULL;

	if (kind == K_NONE)
		return mg_stop(st, IP_STATUS_UNMODELED, 0, "ALU opcode not modeled");
	if (kind == K_DOT)
		return mg_stop(st, IP_STATUS_UNMODELED, 0, "dot products on a scalar unit");
	if (kind == K_CSEL && condition(st, &t) != 0)
		return -1;
	if (kind != K_FMOV && kind != K_IMOV && scalar_input(w, st, &a->src[0], kind, &x) != 0)
		return -1;
	if (kind != K_F1 && kind != K_F2I && kind != K_I2F &&
	    scalar_input(w, st, &a->src[1], kind, &y) != 0)
		return -1;
	if (kind == K_CSEL)
		res = t ? x : y;
	else if (compute(a->op, kind, x, y, &res, &why) != 0)
		return mg_stop(st, IP_STATUS_UNMODELED, 0, why);
	if (is_float)
		res = ip_f32_bits(outmod_float(a->outmod, ip_f32_from_bits(res)));
	else if (outmod_int(st, a->op, kind, a->outmod, a->out_full ? 32 : 16, x, y, &res) != 0)
		return -1;
	dst = write_reg(st, a->dst);
	if (!dst)
		return -1;
	if (a->out_full)
		dst[a->out_lane] = res;
	else
		set_lane16(dst, a->out_lane, narrow(res, is_float));
	return 0;
}

int mg_alu_run(const struct mg_word *w, struct mg_state *st)
{
	for (unsigned i = 0; i < w->nalu; i++) {
		const struct mg_alu *a = &w->alu[i];
		if ((a->vector ? run_vector(w, st, a) : run_scalar(w, st, a)) != 0)
			return -1;
	}
	return 0;
}
