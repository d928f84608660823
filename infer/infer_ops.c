/* infer_ops.c: the library of known operations that typing matches outcomes against: unary
 * modifiers of the baseline's outputs (neg, abs, saturate, clamp, float and rounding modes) and
 * the operations on planted inputs (add, floor, ge, select, exp2, ...) that name opcode values. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "infer_data.h"
#include "common/float_bits.h"
#include "common/fp16.h"

/* Short names for the binary32 bit casts of common/float_bits.h, used throughout. */
static float f32(uint32_t x)
{
	return ip_f32_from_bits(x);
}

static uint32_t u32(float f)
{
	return ip_f32_bits(f);
}

static float clampf(float f, float lo, float hi)
{
	return f < lo ? lo : f > hi ? hi : f;
}

enum { M_FNEG, M_FABS, M_FNABS, M_FSAT, M_FCLAMP, M_INEG, M_NOT, M_FLOAT_MODES,
       M_FTZ32 = M_FLOAT_MODES, M_FTZ, M_INF_MAX, M_NAN_ZERO, M_UNARY,
       /* rounding modes: relations between the two outcomes, not a map of one word */
       M_RTP = M_UNARY, M_RTN, M_RTZ, M_COUNT };
static const char *const mod_names[M_COUNT] = {"neg", "abs", "neg_abs", "saturate",
                                               "clamp_m1_1", "ineg", "not", "ftz_f32", "ftz",
                                               "suppress_inf", "suppress_nan", "rtp", "rtn",
                                               "rtz"};
/* The float modes in words, for reports (the other names say what they do). */
static const char *const mod_meanings[M_COUNT] = {
	[M_FTZ32] = "binary32 denormals flushed to zero, sign kept",
	[M_FTZ] = "binary32 and binary16 denormals flushed to zero, sign kept (results below "
	          "2^-14 become 0)",
	[M_INF_MAX] = "+-infinity becomes +-largest finite (binary32)",
	[M_NAN_ZERO] = "NaN becomes +0",
	[M_RTP] = "rounds toward +infinity: each binary32 result the background rounds otherwise is "
	          "one unit in the last place above the background's",
	[M_RTN] = "rounds toward -infinity: each binary32 result the background rounds otherwise is "
	          "one unit in the last place below the background's",
	[M_RTZ] = "rounds toward zero: each binary32 result the background rounds otherwise is one "
	          "unit in the last place nearer zero than the background's",
};

/* Lane selects: an operation that reads a binary16 half of an operand word, widened to
 * binary32, in place of the word. Lane L names what operands a and b read: L = 3 * sa + sb,
 * each 0 (the word), 1 (bits 0-15: h0) or 2 (bits 16-31: h1). */
static const char *const lane_names[INF_LANES] = {
	"", "b.h0", "b.h1", "a.h0", "a.h0 b.h0", "a.h0 b.h1", "a.h1", "a.h1 b.h0", "a.h1 b.h1",
};
static const struct {
	const char *name, *meaning;
} lane_meanings[4] = {
	{"a.h0", "operand a read as the binary16 number in its bits 0-15, widened to binary32"},
	{"a.h1", "operand a read as the binary16 number in its bits 16-31, widened to binary32"},
	{"b.h0", "operand b read as the binary16 number in its bits 0-15, widened to binary32"},
	{"b.h1", "operand b read as the binary16 number in its bits 16-31, widened to binary32"},
};

void inf_meanings(struct strbuf *d, const char *const *names, size_t n)
{
	unsigned shown = 0;
	for (size_t i = 0; i < n; i++) {
		const char *m = names[i] ? inf_op_meaning(names[i]) : NULL;
		int seen = 0;
		for (size_t j = 0; j < i && m; j++)
			seen |= names[j] && !strcmp(names[j], names[i]);
		if (!m || seen)
			continue;
		sb_printf(d, "%s\"%s\":", shown++ ? "," : ",\"meanings\":{", names[i]);
		sb_json_str(d, m);
	}
	if (shown)
		sb_puts(d, "}");
}

const char *inf_op_meaning(const char *name)
{
	for (int op = M_FLOAT_MODES; op < M_COUNT; op++)
		if (!strcmp(name, mod_names[op]))
			return mod_meanings[op];
	for (unsigned i = 0; i < 4; i++)
		if (!strcmp(name, lane_meanings[i].name))
			return lane_meanings[i].meaning;
	return NULL;
}

static uint32_t mod_apply(int op, uint32_t x)
{
	uint32_t mag = x & 0x7fffffffu, sign = x & 0x80000000u;
	switch (op) {
	case M_FNEG: return x ^ 0x80000000u;
	case M_FABS: return x & 0x7fffffffu;
	case M_FNABS: return x | 0x80000000u;
	case M_FSAT: return isnan(f32(x)) ? x : u32(clampf(f32(x), 0.0f, 1.0f));
	case M_FCLAMP: return isnan(f32(x)) ? x : u32(clampf(f32(x), -1.0f, 1.0f));
	case M_INEG: return (uint32_t)-x;
	case M_FTZ32: return mag && mag < 0x00800000u ? sign : x;
	case M_FTZ: return mag && mag < 0x38800000u ? sign : x; /* 2^-14: binary16's least normal */
	case M_INF_MAX: return mag == 0x7f800000u ? sign | 0x7f7fffffu : x;
	case M_NAN_ZERO: return mag > 0x7f800000u ? 0 : x;
	default: return ~x;
	}
}

/* Float modes that act on one class of values (tiny, infinite, NaN): every observed word of
 * that class must change (also words outside the ones compared), so an unchanged one rules
 * them out. Not ftz_f32: binary16 pairs can read as binary32 denormals, and binary32-only
 * flushing leaves them. */
static int mod_strict(int op)
{
	return op == M_FTZ || op == M_INF_MAX || op == M_NAN_ZERO;
}

int inf_ulp_step(uint32_t a, uint32_t b)
{
	uint32_t ea = a >> 23 & 0xff, eb = b >> 23 & 0xff;
	if (ea == 0 || ea == 0xff || eb == 0 || eb == 0xff || (a ^ b) >> 31)
		return 0;
	if (b == a + 1)
		return a >> 31 ? -1 : 1; /* the magnitude grows: away from zero */
	if (b == a - 1)
		return a >> 31 ? 1 : -1;
	return 0;
}

unsigned inf_rounding_modes(const struct inf_data *data, uint32_t from, uint32_t to,
                            uint64_t words, unsigned *n)
{
	const struct inf_outcome *a = &data->oc[from], *b = &data->oc[to];
	uint64_t present = a->have & b->have & words;
	unsigned fit = 7;
	*n = 0;
	for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS; k++) {
		int d;
		if (!(present >> k & 1) || a->words[k] == b->words[k])
			continue;
		if (!(d = inf_ulp_step(a->words[k], b->words[k])))
			return 0;
		++*n;
		fit &= (d > 0 ? 1u : 2u) | (d == (a->words[k] >> 31 ? 1 : -1) ? 4u : 0u);
	}
	return *n ? fit : 0;
}

const char *inf_rounding_name(unsigned modes)
{
	return modes == 1 ? mod_names[M_RTP] : modes == 2 ? mod_names[M_RTN]
	     : modes == 4 ? mod_names[M_RTZ] : NULL;
}

const char *inf_modifier_match(const struct inf_data *data, uint32_t from, uint32_t to,
                               uint64_t words)
{
	const struct inf_outcome *a = &data->oc[from], *b = &data->oc[to];
	uint64_t changed = 0, present = a->have & b->have & words;
	int best = -1, best_score = -1;
	for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS; k++)
		if ((present >> k & 1) && a->words[k] != b->words[k])
			changed |= UINT64_C(1) << k;
	if (!changed)
		return NULL;
	for (int op = 0; op < M_UNARY; op++) {
		int ok = 1, score = 0;
		for (size_t k = 0; ok && k < data->nout && k < INF_MAX_WORDS; k++) {
			if (!(present >> k & 1)) {
				/* a strict mode must leave alone every word both hold unchanged */
				if ((a->have & b->have) >> k & 1 && a->words[k] == b->words[k] &&
				    mod_strict(op))
					ok = mod_apply(op, a->words[k]) == a->words[k];
				continue;
			}
			if (changed >> k & 1)
				ok = mod_apply(op, a->words[k]) == b->words[k];
			else if (mod_apply(op, a->words[k]) == a->words[k])
				score++;
			else
				ok = !mod_strict(op);
		}
		if (ok && score > best_score) {
			best = op;
			best_score = score;
		}
	}
	if (best < 0) {
		/* a rounding mode: two words or more that say one mode alone */
		unsigned n, modes = inf_rounding_modes(data, from, to, words, &n);
		return n >= 2 ? inf_rounding_name(modes) : NULL;
	}
	return mod_names[best];
}

/* The operation library that names opcode values: what the ISAs the project knows compute,
 * on up to three operands a, b, c (planted input words, or their negations), every
 * non-commutative one in both operand orders (rsub: b - a, rdiv: b / a) and every comparison
 * direction (lt, le, gt, ge, eq, ne), so that each value names its own order under one
 * reading (select b ? a : c, the Utgard notes' order; rselect b ? c : a, the order lima's
 * compiler emits for the same opcode). Listed in the order ties are broken in (simpler
 * first). Float results of the approximating operations (div, rcp, rsqrt, sqrt, exp2, log2)
 * match within 2^-20 relative error (hardware rounds them its own way: a division is often a
 * reciprocal and a multiply); any NaN matches any NaN.
 * fma is the fused multiply-add a * b + c, rounded once.
 * preexp2 and postlog2 are the two halves the Utgard notes give exp2 and log2 as
 * (passthrough ops 4 and 5, "op5 performs the opposite of op4"); no public source says what
 * each computes alone: the library tries the reading that the complex unit's fixed-point
 * exponent suggests, x * 2^23 as a two's complement integer and back (a hypothesis, said so in
 * docs/inference.md). */
enum {
	O_MOV_A, O_MOV_B, O_ADD, O_SUB, O_RSUB, O_MUL, O_NMUL, O_DIV, O_RDIV, O_MIN, O_MAX, O_GE,
	O_LT, O_LE, O_GT, O_EQ, O_NE, O_SELECT, O_RSELECT, O_FMA, O_FLOOR, O_CEIL, O_FRACT, O_SIGN,
	O_ABS, O_RCP, O_RSQRT, O_SQRT, O_EXP2, O_LOG2, O_PREEXP2, O_POSTLOG2, O_IADD, O_ISUB,
	O_IMUL, O_IMIN, O_IMAX, O_AND, O_OR, O_XOR, O_COUNT
};
static const struct {
	const char *name;
	unsigned arity;  /* operands read: 1 (a), 2 (a, b), 3 (a, b, c) */
	int approx;      /* result matches within 2^-20 */
} ops[O_COUNT] = {
	[O_MOV_A] = {"mov a", 1, 0},   [O_MOV_B] = {"mov b", 2, 0},   [O_ADD] = {"add", 2, 0},
	[O_SUB] = {"sub", 2, 0},       [O_RSUB] = {"rsub", 2, 0},     [O_MUL] = {"mul", 2, 0},
	[O_NMUL] = {"nmul", 2, 0},     [O_DIV] = {"div", 2, 1},       [O_RDIV] = {"rdiv", 2, 1},
	[O_MIN] = {"min", 2, 0},       [O_MAX] = {"max", 2, 0},       [O_GE] = {"ge", 2, 0},
	[O_LT] = {"lt", 2, 0},         [O_LE] = {"le", 2, 0},         [O_GT] = {"gt", 2, 0},
	[O_EQ] = {"eq", 2, 0},
	[O_NE] = {"ne", 2, 0},         [O_SELECT] = {"select", 3, 0},
	[O_RSELECT] = {"rselect", 3, 0}, [O_FMA] = {"fma", 3, 0},      [O_FLOOR] = {"floor", 1, 0},
	[O_CEIL] = {"ceil", 1, 0},     [O_FRACT] = {"fract", 1, 0},   [O_SIGN] = {"sign", 1, 0},
	[O_ABS] = {"abs", 1, 0},       [O_RCP] = {"rcp", 1, 1},       [O_RSQRT] = {"rsqrt", 1, 1},
	[O_SQRT] = {"sqrt", 1, 1},     [O_EXP2] = {"exp2", 1, 1},     [O_LOG2] = {"log2", 1, 1},
	[O_PREEXP2] = {"preexp2", 1, 0}, [O_POSTLOG2] = {"postlog2", 1, 0},
	[O_IADD] = {"iadd", 2, 0},     [O_ISUB] = {"isub", 2, 0},     [O_IMUL] = {"imul", 2, 0},
	[O_IMIN] = {"imin", 2, 0},     [O_IMAX] = {"imax", 2, 0},     [O_AND] = {"and", 2, 0},
	[O_OR] = {"or", 2, 0},         [O_XOR] = {"xor", 2, 0},
};

int inf_op_either(unsigned op, uint32_t a, uint32_t b)
{
	float x = f32(a), y = f32(b);
	/* equal inputs (+0 and -0) and NaN inputs: hardware returns either operand (x86's maxss
	 * the second, C's fmaxf the one that is a number) */
	return (op == O_MIN || op == O_MAX) && (x == y || isnan(x) || isnan(y));
}

int inf_op_accepts(unsigned op, uint32_t a, uint32_t b, uint32_t c, uint32_t want)
{
	if (inf_op_either(op, a, b) && (want == a || want == b))
		return 1;
	return inf_op_matches(op, want, inf_op_apply(op, a, b, c));
}

unsigned inf_op_count(void)
{
	return O_COUNT;
}

int inf_op_weak(unsigned op)
{
	return op == O_AND || op == O_OR || op == O_XOR;
}

unsigned inf_op_select(void)
{
	return O_SELECT;
}

unsigned inf_op_rselect(void)
{
	return O_RSELECT;
}

int inf_op_reads_c(unsigned op, uint32_t b)
{
	int zero = f32(b) == 0;
	return (op == O_SELECT && zero) || (op == O_RSELECT && !zero) || op == O_FMA;
}

int inf_op_invertible(unsigned op)
{
	return op == O_ADD || op == O_SUB || op == O_RSUB || op == O_MUL || op == O_DIV ||
	       op == O_RDIV || op == O_NMUL;
}

const char *inf_op_name(unsigned op)
{
	return op < O_COUNT ? ops[op].name : "?";
}

unsigned inf_op_arity(unsigned op)
{
	return op < O_COUNT ? ops[op].arity : 0;
}

static uint32_t fbool(int x)
{
	return x ? 0x3f800000u : 0;
}

uint32_t inf_op_apply(unsigned op, uint32_t a, uint32_t b, uint32_t c)
{
	float x = f32(a), y = f32(b);
	switch (op) {
	case O_MOV_A: return a;
	case O_MOV_B: return b;
	case O_ADD: return u32(x + y);
	case O_SUB: return u32(x - y);
	case O_RSUB: return u32(y - x);
	case O_MUL: return u32(x * y);
	case O_NMUL: return u32(-(x * y));
	case O_DIV: return u32(x / y);
	case O_RDIV: return u32(y / x);
	case O_MIN: return u32(fminf(x, y));
	case O_MAX: return u32(fmaxf(x, y));
	case O_GE: return fbool(x >= y);
	case O_LT: return fbool(x < y);
	case O_LE: return fbool(x <= y);
	case O_GT: return fbool(x > y);
	case O_EQ: return fbool(x == y);
	case O_NE: return fbool(x != y);
	case O_SELECT: return y != 0 ? a : c;
	case O_RSELECT: return y != 0 ? c : a;
	case O_FMA: return u32(fmaf(x, y, f32(c)));
	case O_FLOOR: return u32(floorf(x));
	case O_CEIL: return u32(ceilf(x));
	case O_FRACT: return u32(x - floorf(x));
	case O_SIGN: return u32(x > 0 ? 1.0f : x < 0 ? -1.0f : x);
	case O_ABS: return a & 0x7fffffffu;
	case O_RCP: return u32(1.0f / x);
	case O_RSQRT: return u32(1.0f / sqrtf(x));
	case O_SQRT: return u32(sqrtf(x));
	case O_EXP2: return u32(exp2f(x));
	case O_LOG2: return u32(log2f(x));
	case O_PREEXP2: return isfinite(x) && fabsf(x) < 256.0f ? (uint32_t)(int32_t)(x * 8388608.0f)
	                                                        : 0x80000000u;
	case O_POSTLOG2: return u32((float)(int32_t)a / 8388608.0f);
	case O_IADD: return a + b;
	case O_ISUB: return a - b;
	case O_IMUL: return a * b;
	case O_IMIN: return (int32_t)a < (int32_t)b ? a : b;
	case O_IMAX: return (int32_t)a > (int32_t)b ? a : b;
	case O_AND: return a & b;
	case O_OR: return a | b;
	default: return a ^ b;
	}
}

static int is_nan(uint32_t x)
{
	return (x & 0x7fffffffu) > 0x7f800000u;
}

int inf_op_matches(unsigned op, uint32_t want, uint32_t got)
{
	if (want == got)
		return 1;
	if (is_nan(want) && is_nan(got))
		return op < O_IADD; /* float operations: a NaN is a NaN, whatever its payload */
	if (op < O_COUNT && ops[op].approx && !is_nan(want) && !is_nan(got) &&
	    (want ^ got) >> 31 == 0) {
		float x = f32(want), y = f32(got);
		if (isinf(x) || isinf(y))
			return 0;
		return fabsf(x - y) <= fabsf(x) * 0x1p-20f;
	}
	return 0;
}

const char *inf_lane_name(unsigned lane)
{
	return lane < INF_LANES ? lane_names[lane] : "?";
}

const char *inf_lane_part(unsigned lane, unsigned operand)
{
	unsigned sel = operand ? lane % 3 : lane / 3;
	return lane < INF_LANES && sel ? lane_meanings[2 * operand + sel - 1].name : NULL;
}

unsigned inf_op_fma(void)
{
	return O_FMA;
}

int inf_op_lanes(unsigned op)
{
	return op == O_ADD || op == O_SUB || op == O_RSUB || op == O_MUL || op == O_NMUL ||
	       op == O_MIN || op == O_MAX || op == O_FMA;
}

int inf_op_commutes(unsigned op)
{
	return op == O_ADD || op == O_MUL || op == O_NMUL || op == O_MIN || op == O_MAX ||
	       op == O_FMA;
}

uint32_t inf_lane_word(uint32_t word, int neg, unsigned sel)
{
	uint32_t x = word;
	if (sel) /* every binary16 number is a binary32 one: the conversion is exact */
		x = u32((float)ip_f16_to_double((uint16_t)(sel == 1 ? word : word >> 16)));
	return neg ? x ^ 0x80000000u : x;
}
