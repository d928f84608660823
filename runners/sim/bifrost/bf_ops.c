/* bf_ops.c: what each Bifrost FMA/ADD operation computes, for one lane: classification of the
 * encoder's opcode names into kinds, source modifiers, output modifiers, and the arithmetic. */
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "bf_sim.h"
#include "common/float_bits.h"
#include "common/fp16.h"

/* ---- classification by name --------------------------------------------------------------- */
struct name_kind {
	const char *name;
	uint8_t kind, arg, arg2;
};

static const struct name_kind exact[] = {
	{"NOP", BF_NOP, 0, 0},
	{"MOV", BF_MOV, 0, 0},
	{"FMA.f32", BF_FMA, 0, 0},
	{"ADD.f32", BF_FADD, 0, 0},
	{"MIN.f32", BF_FMIN, 0, 0},
	{"MAX.f32", BF_FMAX, 0, 0},
	{"FMA_MSCALE", BF_FMA_MSCALE, 0, 0},
	{"ADD_MSCALE.f32", BF_ADD_MSCALE, 0, 0},
	{"FCMP.GL.f32", BF_FCMP_GL, 0, 0},
	{"FCMP.D3D.f32", BF_FCMP_D3D, 0, 0},
	{"ADD.i32", BF_IADD, 0, 0},
	{"SUB.i32", BF_ISUB, 0, 0},
	{"CSEL.FEQ.f32", BF_CSEL4, BF_CMP_FEQ, 0},
	{"CSEL.FGT.f32", BF_CSEL4, BF_CMP_FGT, 0},
	{"CSEL.FGE.f32", BF_CSEL4, BF_CMP_FGE, 0},
	{"CSEL.IEQ.f32", BF_CSEL4, BF_CMP_EQ, 0},
	{"CSEL.IGT.i32", BF_CSEL4, BF_CMP_GT, 0},
	{"CSEL.IGE.i32", BF_CSEL4, BF_CMP_GE, 0},
	{"CSEL.UGT.i32", BF_CSEL4, BF_CMP_GT, 1},
	{"CSEL.UGE.i32", BF_CSEL4, BF_CMP_GE, 1},
	{"CSEL", BF_CSEL3, 0, 0},
	{"MUX.i32", BF_MUX, 0, 0},
	{"MUX", BF_MUX, 0, 0},
	{"I32_TO_F32", BF_I2F, 0, 0},
	{"U32_TO_F32", BF_U2F, 0, 0},
	{"F32_TO_I32", BF_F2I, 0, 0},
	{"F32_TO_U32", BF_F2U, 0, 0},
	{"CLZ", BF_CLZ, 0, 0},
	{"POPCNT", BF_POPCNT, 0, 0},
	{"FLOOR", BF_FROUND, 0, 0},
	{"CEIL", BF_FROUND, 1, 0},
	{"TRUNC", BF_FROUND, 2, 0},
	{"ROUNDEVEN", BF_FROUND, 3, 0},
	{"ROUND", BF_FROUND, 4, 0},
	{"FRCP_FREXPM", BF_SPECIAL, BF_FRCP_FREXPM, 0},
	{"FRCP_FREXPE", BF_SPECIAL, BF_FRCP_FREXPE, 0},
	{"FRCP_TABLE", BF_SPECIAL, BF_FRCP_TABLE, 0},
	{"FSQRT_FREXPM", BF_SPECIAL, BF_FSQRT_FREXPM, 0},
	{"FSQRT_FREXPE", BF_SPECIAL, BF_FSQRT_FREXPE, 0},
	{"FRSQ_FREXPE", BF_SPECIAL, BF_FRSQ_FREXPE, 0},
	{"FRSQ_TABLE", BF_SPECIAL, BF_FRSQ_TABLE, 0},
	{"LOG_FREXPM", BF_SPECIAL, BF_LOG_FREXPM, 0},
	{"LOG_FREXPE", BF_SPECIAL, BF_LOG_FREXPE, 0},
	{"FLOG_FREXPE", BF_SPECIAL, BF_LOG_FREXPE, 0},
	{"FRCP_APPROX", BF_SPECIAL, BF_FRCP_APPROX, 0},
	{"FLOG2_TABLE", BF_SPECIAL, BF_FLOG2_TABLE, 0},
	{"FLOGE_TABLE", BF_SPECIAL, BF_FLOGE_TABLE, 0},
	{"EXP_TABLE", BF_SPECIAL, BF_EXP_TABLE, 0},
	{"FRCP_FAST.f32", BF_SPECIAL, BF_FRCP_FAST, 0},
	{"FRSQ_FAST.f32", BF_SPECIAL, BF_FRSQ_FAST, 0},
	{"FMA.v2f16", BF_V2F16, 0, 0},
	{"ADD.v2f16", BF_V2F16, 1, 0},
	{"MIN.v2f16", BF_V2F16, 2, 0},
	{"MAX.v2f16", BF_V2F16, 3, 0},
	{"ATAN_ASSIST", BF_ATAN, BF_ATAN_ASSIST, 0},
	{"ATAN_TABLE", BF_ATAN, BF_ATAN_TABLE, 0},
	{"ATAN_LDEXP.Y.f32", BF_ATAN, BF_ATAN_LDEXP, 0},
	{"ATAN_LDEXP.X.f32", BF_ATAN, BF_ATAN_LDEXP, 0},
	{"LOAD.i32", BF_LOAD, 1, 0},
	{"LOAD.v2i32", BF_LOAD, 2, 0},
	{"LOAD.v3i32", BF_LOAD, 3, 0},
	{"LOAD.v4i32", BF_LOAD, 4, 0},
	{"STORE.i32", BF_STORE, 1, 0},
	{"STORE.v2i32", BF_STORE, 2, 0},
	{"STORE.v3i32", BF_STORE, 3, 0},
	{"STORE.v4i32", BF_STORE, 4, 0},
	{"BRANCH", BF_BRANCH, 0, 0},
	{"OR.i32", BF_LOGIC2, BF_LOP_OR, 0},
	{"AND.i32", BF_LOGIC2, BF_LOP_AND, 0},
	{"XOR.i32", BF_LOGIC2, BF_LOP_XOR, 0},
	{"LSHIFT.i32", BF_LOGIC2, 0x10 | BF_SH_LEFT, 0},
	{"RSHIFT.i32", BF_LOGIC2, 0x10 | BF_SH_RIGHT, 0},
	{"ARSHIFT.i32", BF_LOGIC2, 0x10 | BF_SH_ARITH, 0},
};

/* Integer comparisons: "ICMP.GL.GT.i32", "UCMP.D3D.GE", ... (32-bit forms only). */
static int classify_icmp(const char *n, struct bf_unit *u)
{
	int unsig = n[0] == 'U';
	const char *p = n + 5; /* after "ICMP." */
	int d3d;
	if (strncmp(n, "ICMP.", 5) && strncmp(n, "UCMP.", 5))
		return 0;
	if (strstr(n, "v2i16"))
		return 0;
	d3d = strncmp(p, "D3D.", 4) == 0;
	p += d3d ? 4 : 3;
	u->kind = BF_ICMP;
	u->arg = (uint8_t)(strncmp(p, "EQ", 2) == 0 ? BF_CMP_EQ :
	                   strncmp(p, "GT", 2) == 0 ? BF_CMP_GT : BF_CMP_GE);
	u->arg2 = (uint8_t)unsig;
	u->arg3 = (uint8_t)d3d;
	return 1;
}

/* "LSHIFT_OR.i32", "ARSHIFT_RSUB.i32", ... */
static int classify_shift(const char *n, struct bf_unit *u)
{
	static const char *const ops[] = {"AND", "OR", "XOR", "NAND", "NOR", "XNOR", "ADD", "SUB",
	                                  "RSUB"};
	const char *us = strchr(n, '_');
	size_t oplen;
	if (!us || strcmp(n + strlen(n) - 4, ".i32") != 0)
		return 0;
	if (strncmp(n, "LSHIFT_", 7) == 0)
		u->arg2 = BF_SH_LEFT;
	else if (strncmp(n, "RSHIFT_", 7) == 0)
		u->arg2 = BF_SH_RIGHT;
	else if (strncmp(n, "ARSHIFT_", 8) == 0)
		u->arg2 = BF_SH_ARITH;
	else
		return 0;
	oplen = strlen(us + 1) - 4;
	for (unsigned i = 0; i < IP_COUNT(ops); i++)
		if (strlen(ops[i]) == oplen && strncmp(us + 1, ops[i], oplen) == 0) {
			u->kind = BF_SHIFT_LOGIC;
			u->arg = (uint8_t)i;
			return 1;
		}
	return 0;
}

/* Opcodes whose meaning ISA.xml (Mesa's Bifrost description, behind a compiler that runs on the
 * hardware) restricts or changes (docs/bifrost-sources.md): the kind they get, the source
 * value ISA.xml requires, and why any other is unmodelled. */
static const struct {
	const char *name;
	uint8_t is_add, kind, need_src, need_val;
	const char *why;
} isa_xml[] = {
	{"ARSHIFT_ADD.i32", 0, BF_SHIFT_LOGIC, 1, 3,
	 "FMA ARSHIFT_ADD.i32 with source 1 other than 3: ISA.xml has this encoding only as "
	 "*ARSHIFT.i32, with source 1 = 3"},
	{"IMAD", 0, BF_IMUL, 2, 3,
	 "FMA IMAD with an addend: ISA.xml has this encoding only as *IMUL.i32, with source 2 = 3 "
	 "(zero)"},
	{"ADDC.i32", 1, BF_IADD_B0, 0xFF, 0, NULL},
	{"NOP", 0, BF_NOP, 0, 3,
	 "an FMA NOP whose source 0 is not 3: ISA.xml's *NOP is exactly 0x701963"},
	{"NOP", 1, BF_NOP, 0, 4,
	 "an ADD NOP whose source 0 is not 4: ISA.xml's +NOP is exactly 0x3d964"},
};

void bf_classify(const struct bifrost_op *op, int is_add, struct bf_unit *u)
{
	memset(u, 0, sizeof *u);
	u->kind = BF_UNMODELED;
	u->need_src = 0xFF;
	if (!op)
		return;
	u->name = op->name;
	for (unsigned i = 0; i < IP_COUNT(isa_xml); i++)
		if (isa_xml[i].is_add == is_add && strcmp(isa_xml[i].name, op->name) == 0) {
			u->kind = isa_xml[i].kind;
			u->need_src = isa_xml[i].need_src;
			u->need_val = isa_xml[i].need_val;
			u->why = isa_xml[i].why;
			if (u->kind == BF_SHIFT_LOGIC)
				classify_shift(op->name, u);
			return;
		}
	if (!bifrost_op_has_encoding(op)) {
		u->why = "an opcode ISA.xml has no encoding for (only the 2019 public disassembler "
		         "names it; docs/bifrost-sources.md): run on hardware";
		return;
	}
	for (unsigned i = 0; i < IP_COUNT(exact); i++)
		if (strcmp(exact[i].name, op->name) == 0) {
			u->kind = exact[i].kind;
			u->arg = exact[i].arg;
			u->arg2 = exact[i].arg2;
			return;
		}
	if (classify_icmp(op->name, u) || classify_shift(op->name, u))
		return;
}

/* ---- helpers -------------------------------------------------------------------------------- */
static float src_f(const struct bf_unit *u, const uint32_t *s, unsigned i)
{
	float f = ip_f32_from_bits(s[i]);
	if (u->abs[i])
		f = fabsf(f);
	if (u->neg[i])
		f = -f;
	return f;
}

/* Output modifier; the notes: clamping flushes NaN to zero. */
static float outmod(unsigned m, float f)
{
	switch (m) {
	case 1: return isnan(f) ? 0.0f : fmaxf(f, 0.0f);
	case 2: return isnan(f) ? 0.0f : fminf(fmaxf(f, -1.0f), 1.0f);
	case 3: return isnan(f) ? 0.0f : fminf(fmaxf(f, 0.0f), 1.0f);
	default: return f;
	}
}

static const int round_modes[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};

/* a * b for the *_MSCALE special modes (later public work): rcp_mode makes 0 * inf (or NaN)
 * a signed zero; sqrt_mode returns src0 itself for 0 * inf. */
static double mscale_mul(unsigned mode_sel, unsigned mode, float a, float b)
{
	int zero_inf = (a == 0.0f && (isinf(b) || isnan(b))) || (b == 0.0f && (isinf(a) || isnan(a)));
	if (mode_sel && mode == 0 && zero_inf)
		return (signbit(a) != 0) != (signbit(b) != 0) ? -0.0 : 0.0;
	if (mode_sel && mode == 3 && ((a == 0.0f && isinf(b)) || (isinf(a) && b == 0.0f)))
		return (double)a;
	return (double)a * (double)b;
}

static int fcmp(unsigned cmp, float a, float b, int *ok)
{
	*ok = 1;
	switch (cmp) {
	case 0: return a == b;
	case 1: return a > b;
	case 2: return a >= b;
	case 3: return a != b;
	case 4: return a < b;
	case 5: return a <= b;
	default: *ok = 0; return 0;
	}
}

static int icmp(unsigned cmp, int unsig, uint32_t a, uint32_t b)
{
	switch (cmp) {
	case BF_CMP_EQ: return a == b;
	case BF_CMP_GT: return unsig ? a > b : (int32_t)a > (int32_t)b;
	case BF_CMP_GE: return unsig ? a >= b : (int32_t)a >= (int32_t)b;
	case BF_CMP_FEQ: return ip_f32_from_bits(a) == ip_f32_from_bits(b);
	case BF_CMP_FGT: return ip_f32_from_bits(a) > ip_f32_from_bits(b);
	default: return ip_f32_from_bits(a) >= ip_f32_from_bits(b);
	}
}

static uint32_t shift(unsigned how, uint32_t a, uint32_t n)
{
	n &= 31;
	switch (how) {
	case BF_SH_LEFT: return a << n;
	case BF_SH_RIGHT: return a >> n;
	default: return (uint32_t)((int32_t)a >> n);
	}
}

static uint32_t logic(unsigned op, uint32_t a, uint32_t b)
{
	switch (op) {
	case BF_LOP_AND: return a & b;
	case BF_LOP_OR: return a | b;
	case BF_LOP_XOR: return a ^ b;
	case BF_LOP_NAND: return ~(a & b);
	case BF_LOP_NOR: return ~(a | b);
	case BF_LOP_XNOR: return ~(a ^ b);
	case BF_LOP_ADD: return a + b;
	case BF_LOP_SUB: return a - b;
	default: return b - a;
	}
}

static float minmax(int is_max, unsigned mode, float a, float b)
{
	switch (mode) {
	case 1: /* nan_wins */
		if (isnan(a) || isnan(b))
			return isnan(a) ? a : b;
		return is_max ? fmaxf(a, b) : fminf(a, b);
	case 2: /* src1 wins ties and NaN */
		return is_max ? (a > b ? a : b) : (a < b ? a : b);
	case 3: /* src0 wins */
		return is_max ? (a < b ? b : a) : (a > b ? b : a);
	default: /* IEEE: the number wins over NaN, +0 over -0 for max */
		if (a == 0.0f && b == 0.0f)
			return is_max ? (signbit(a) ? b : a) : (signbit(a) ? a : b);
		return is_max ? fmaxf(a, b) : fminf(a, b);
	}
}

static uint32_t f2i(float f, int unsig)
{
	if (isnan(f))
		return 0;
	f = truncf(f);
	if (unsig) {
		if (f <= 0.0f)
			return 0;
		return f >= 4294967296.0f ? UINT32_MAX : (uint32_t)f;
	}
	if (f >= 2147483648.0f)
		return INT32_MAX;
	if (f < -2147483648.0f)
		return (uint32_t)INT32_MIN;
	return (uint32_t)(int32_t)f;
}

/* ---- the header's float modes (later public work: flush-to-zero, NaN/infinity suppression) */
static int denormal32(uint32_t v)
{
	return (v & 0x7f800000u) == 0 && (v & 0x007fffffu) != 0;
}

static int denormal16(uint16_t h)
{
	return (h & 0x7c00) == 0 && (h & 0x03ff) != 0;
}

/* ftz 1 (DX11) and 2 (always) flush binary32; mode 3 never executes (unmodelled at decode) */
static int ftz32(const struct bf_clause *cl)
{
	return cl->ftz == BF_FTZ_DX11 || cl->ftz == BF_FTZ_ALWAYS;
}

static uint32_t flush32(const struct bf_clause *cl, uint32_t v)
{
	return ftz32(cl) && denormal32(v) ? v & 0x80000000u : v;
}

/* binary16 denormals are flushed by mode 2 only (DX11 keeps 16-bit denormals) */
static uint16_t flush16(const struct bf_clause *cl, uint16_t h)
{
	return cl->ftz == BF_FTZ_ALWAYS && denormal16(h) ? (uint16_t)(h & 0x8000) : h;
}

/* A binary16 result: flush, then NaN -> +0, infinity -> largest finite (65504) of its sign. */
static uint16_t header_half(const struct bf_clause *cl, uint16_t h)
{
	h = flush16(cl, h);
	if (cl->suppress_nan && (h & 0x7c00) == 0x7c00 && (h & 0x03ff))
		return 0;
	if (cl->suppress_inf && (h & 0x7fff) == 0x7c00)
		return (uint16_t)((h & 0x8000) | 0x7bff);
	return h;
}

uint32_t bf_header_float(const struct bf_clause *cl, uint32_t v)
{
	float f;
	v = flush32(cl, v);
	f = ip_f32_from_bits(v);
	if (cl->suppress_nan && isnan(f))
		return 0;
	if (cl->suppress_inf && isinf(f))
		return ip_f32_bits(copysignf(FLT_MAX, f));
	return v;
}

/* Half-word selects of the float families (the public disassembler's reading of the FMA bits
 * 9-11 and ADD bits 9-10): a selected half is a binary16 widened to 32 bits. Returns 0: none,
 * 1: low half, 2: high half. */
static unsigned expand_sel(unsigned ctrl, unsigned src)
{
	if (ctrl & 0x10) { /* ADD families, bits 9-10: 1 src1 low, 2 src1 high, 3 both low */
		ctrl &= 3;
		if (src == 0)
			return ctrl == 3 ? 1 : 0;
		return ctrl == 1 || ctrl == 3 ? 1 : ctrl == 2 ? 2 : 0;
	}
	if (src == 0)
		return ctrl == 3 || ctrl == 4 || ctrl == 6 ? 1 : ctrl == 5 || ctrl == 7 ? 2 : 0;
	return ctrl == 1 || ctrl == 3 ? 1 : ctrl == 2 || ctrl == 4 || ctrl == 5 ? 2 : 0;
}

static uint32_t widen(const struct bf_clause *cl, uint32_t v, unsigned sel)
{
	if (!sel)
		return v;
	uint16_t h = flush16(cl, (uint16_t)(sel == 1 ? v : v >> 16));
	return ip_f32_bits((float)ip_f16_to_double(h));
}

/* The sources an operation reads as binary32 numbers (a mask): the operands the header's
 * flush-to-zero mode flushes. Moves, selects and integer operations read bits, not numbers;
 * conversions to integers truncate, so a flushed denormal gives the same 0. */
static unsigned float_operands(const struct bf_unit *u)
{
	switch (u->kind) {
	case BF_FMA:
	case BF_FMA_MSCALE: /* src3 is the integer scale */
		return 7;
	case BF_FADD:
	case BF_FMIN:
	case BF_FMAX:
	case BF_ADD_MSCALE: /* src2 is the integer scale */
	case BF_FCMP_GL:
	case BF_FCMP_D3D:
		return 3;
	case BF_CSEL4:
		return u->arg >= BF_CMP_FEQ ? 3 : 0;
	case BF_FROUND:
		return 1;
	default:
		return 0;
	}
}

/* The special-function helpers whose result is a number (the *_FREXPE ones give integer
 * exponents) and whose operand is one (EXP_TABLE reads the low bits of its operand). */
static int special_float_result(unsigned which)
{
	return which != BF_FRCP_FREXPE && which != BF_FSQRT_FREXPE && which != BF_FRSQ_FREXPE &&
	       which != BF_LOG_FREXPE;
}

static uint32_t special(const struct bf_unit *u, const uint32_t *s, const struct bf_clause *cl,
                        struct bf_quad *q)
{
	uint32_t v;
	int num_in = u->arg != BF_EXP_TABLE, num_out = special_float_result(u->arg);
	if (ftz32(cl) && num_in && denormal32(s[0])) {
		bf_stop(q, IP_STATUS_UNMODELED, 0,
		        "special-function helper reading a denormal under flush-to-zero");
		return 0;
	}
	v = bf_special(u->arg, s[0]);
	if (!num_out)
		return v;
	if (ftz32(cl) && denormal32(v)) {
		bf_stop(q, IP_STATUS_UNMODELED, 0,
		        "special-function helper making a denormal under flush-to-zero");
		return 0;
	}
	return bf_header_float(cl, v);
}

static uint32_t atan_helper(const struct bf_unit *u, const uint32_t *s,
                            const struct bf_clause *cl, struct bf_quad *q)
{
	uint32_t v;
	/* ATAN_LDEXP's second operand is ATAN_ASSIST's packed result, not a number */
	if (ftz32(cl) && (denormal32(s[0]) || (u->arg != BF_ATAN_LDEXP && denormal32(s[1])))) {
		bf_stop(q, IP_STATUS_UNMODELED, 0, "atan helper reading a denormal under flush-to-zero");
		return 0;
	}
	v = bf_atan(u->arg, s[0], s[1]);
	if (u->arg == BF_ATAN_ASSIST) /* packed binary16 ratio and integer scale */
		return v;
	if (ftz32(cl) && denormal32(v)) {
		bf_stop(q, IP_STATUS_UNMODELED, 0, "atan helper making a denormal under flush-to-zero");
		return 0;
	}
	return bf_header_float(cl, v);
}

/* v2f16: two binary16 lanes, each rounded once (to nearest even; other modes unmodelled). */
static double half_src(const struct bf_unit *u, const uint32_t *s, unsigned i, unsigned lane,
                       const struct bf_clause *cl)
{
	unsigned half = lane ? (u->swz[i] >> 1) & 1 : u->swz[i] & 1;
	double v = ip_f16_to_double(flush16(cl, (uint16_t)(s[i] >> (16 * half))));
	if (u->abs[i])
		v = fabs(v);
	if (u->neg[i])
		v = -v;
	return v;
}

static uint32_t v2f16(const struct bf_unit *u, const uint32_t *s, const struct bf_clause *cl,
                      struct bf_quad *q)
{
	uint32_t out = 0;
	if (u->mode && u->arg <= 1) {
		bf_stop(q, IP_STATUS_UNMODELED, 0, "v2f16 rounding mode other than nearest-even");
		return 0;
	}
	for (unsigned lane = 0; lane < 2; lane++) {
		double a = half_src(u, s, 0, lane, cl), b = half_src(u, s, 1, lane, cl), r;
		switch (u->arg) {
		case 0: {
			double c = half_src(u, s, 2, lane, cl);
			r = fma(u->neg_product ? -a : a, b, u->neg_addend ? -c : c);
			break;
		}
		case 1: r = a + b; break;
		default: r = minmax(u->arg == 3, u->mode, (float)a, (float)b); break;
		}
		r = (double)outmod(u->outmod, (float)r);
		out |= (uint32_t)header_half(cl, ip_double_to_f16(r)) << (16 * lane);
	}
	return out;
}

/* ---- one lane ---------------------------------------------------------------------------------- */
uint32_t bf_exec_unit(const struct bf_unit *u, const uint32_t *src, const struct bf_clause *cl,
                      struct bf_quad *q)
{
	uint32_t s[4];
	float r;
	int ok, saved;
	unsigned fmask;
	memcpy(s, src, sizeof s);
	if (u->expand) {
		s[0] = widen(cl, s[0], expand_sel(u->expand, 0));
		s[1] = widen(cl, s[1], expand_sel(u->expand, 1));
	}
	fmask = float_operands(u);
	for (unsigned i = 0; i < 3; i++)
		if (fmask >> i & 1)
			s[i] = flush32(cl, s[i]);
	if (u->unk_mod) {
		bf_stop(q, IP_STATUS_UNMODELED, 0, "modifier bits the notes do not describe are set");
		return 0;
	}
	switch (u->kind) {
	case BF_NOP: return 0;
	case BF_MOV: return s[0];
	case BF_FMA: {
		float a = src_f(u, s, 0), b = src_f(u, s, 1), c = src_f(u, s, 2);
		if (u->neg_product)
			a = -a;
		if (u->neg_addend)
			c = -c;
		saved = fegetround();
		fesetround(round_modes[u->mode & 3]);
		r = fmaf(a, b, c);
		fesetround(saved);
		return bf_header_float(cl, ip_f32_bits(outmod(u->outmod, r)));
	}
	case BF_FADD:
		saved = fegetround();
		fesetround(round_modes[u->mode & 3]);
		r = src_f(u, s, 0) + src_f(u, s, 1);
		fesetround(saved);
		return bf_header_float(cl, ip_f32_bits(outmod(u->outmod, r)));
	case BF_FMIN:
	case BF_FMAX:
		r = minmax(u->kind == BF_FMAX, u->mode, src_f(u, s, 0), src_f(u, s, 1));
		return bf_header_float(cl, ip_f32_bits(outmod(u->outmod, r)));
	case BF_FMA_MSCALE: {
		float a = src_f(u, s, 0), b = src_f(u, s, 1), c = src_f(u, s, 2);
		double prod;
		if (u->mode_sel && u->mode != 0 && u->mode != 3) {
			bf_stop(q, IP_STATUS_UNMODELED, 0, "FMA_MSCALE special mode 1 or 2");
			return 0;
		}
		prod = mscale_mul(u->mode_sel, u->mode, a, b);
		/* a * b is exact in double; one rounding to float after the scale (up to double's) */
		r = (float)ldexp(prod + (double)c, (int32_t)s[3] < -400 ? -400 :
		                                   (int32_t)s[3] > 400 ? 400 : (int32_t)s[3]);
		if (!u->mode_sel)
			r = outmod(u->mode, r);
		return bf_header_float(cl, ip_f32_bits(r));
	}
	case BF_ADD_MSCALE: {
		float a = src_f(u, s, 0), b = src_f(u, s, 1);
		int32_t e = (int32_t)s[2];
		if (u->mode == 3 && (isinf(a) || isnan(a)))
			a = 0.0f;
		else if (u->mode == 4 && (isinf(b) || isnan(b)))
			b = 0.0f;
		else if (u->mode != 0 && u->mode != 2) {
			bf_stop(q, IP_STATUS_UNMODELED, 0, "ADD_MSCALE mode 1 (hangs a G71) or 5-7");
			return 0;
		}
		r = (float)ldexp((double)a + (double)b, e < -400 ? -400 : e > 400 ? 400 : e);
		if (u->mode == 2)
			r = outmod(3, r);
		return bf_header_float(cl, ip_f32_bits(r));
	}
	case BF_FCMP_GL:
	case BF_FCMP_D3D: {
		int t = fcmp(u->cmp, src_f(u, s, 0), src_f(u, s, 1), &ok);
		if (!ok) {
			bf_stop(q, IP_STATUS_UNMODELED, 0, "comparison code 6 or 7");
			return 0;
		}
		return t ? (u->kind == BF_FCMP_D3D ? UINT32_MAX : 1u) : 0;
	}
	case BF_IADD: return s[0] + s[1];
	case BF_ISUB: return s[0] - s[1];
	case BF_ICMP: {
		int t = icmp(u->arg, u->arg2, s[0], s[1]);
		return t ? (u->arg3 ? UINT32_MAX : 1u) : 0;
	}
	case BF_CSEL4: return icmp(u->arg, u->arg2, s[0], s[1]) ? s[2] : s[3];
	case BF_CSEL3: return s[2] ? s[1] : s[0];
	case BF_MUX: return (s[2] & s[0]) | (~s[2] & s[1]);
	case BF_SHIFT_LOGIC: return logic(u->arg, shift(u->arg2, s[0], s[2]), s[1]);
	case BF_LOGIC2:
		if (u->arg & 0x10)
			return shift(u->arg & 3, s[0], s[1]);
		return logic(u->arg, s[0], s[1]);
	case BF_I2F: return bf_header_float(cl, ip_f32_bits((float)(int32_t)s[0]));
	case BF_U2F: return bf_header_float(cl, ip_f32_bits((float)s[0]));
	case BF_F2I: return f2i(ip_f32_from_bits(s[0]), 0);
	case BF_F2U: return f2i(ip_f32_from_bits(s[0]), 1);
	case BF_CLZ: return s[0] ? (uint32_t)__builtin_clz(s[0]) : 32;
	case BF_POPCNT: return (uint32_t)__builtin_popcount(s[0]);
	case BF_FROUND: {
		float a = ip_f32_from_bits(s[0]);
		switch (u->arg) {
		case 0: r = floorf(a); break;
		case 1: r = ceilf(a); break;
		case 2: r = truncf(a); break;
		case 3: r = nearbyintf(a); break;
		default: r = roundf(a); break;
		}
		return bf_header_float(cl, ip_f32_bits(r));
	}
	case BF_SPECIAL: return special(u, s, cl, q);
	case BF_ATAN: return atan_helper(u, s, cl, q);
	case BF_V2F16: return v2f16(u, s, cl, q);
	case BF_IMUL: return s[0] * s[1];
	case BF_IADD_B0: return s[0] + (s[1] & 0xFFu);
	default:
		bf_stop(q, IP_STATUS_UNMODELED, 0,
		        u->why ? u->why : "operation not modelled (see docs/bifrost-simulator.md)");
		return 0;
	}
}
