/* infer_ops.c: the library of known operations that typing matches outcomes against: unary
 * modifiers of the baseline's outputs (neg, abs, saturate, clamp) and binary operations on the
 * planted inputs (add, mul, min, max, ...) that name the values of an enum. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "infer_internal.h"

static float f32(uint32_t x)
{
	float f;
	memcpy(&f, &x, 4);
	return f;
}

static uint32_t u32(float f)
{
	uint32_t x;
	memcpy(&x, &f, 4);
	return x;
}

static float clampf(float f, float lo, float hi)
{
	return f < lo ? lo : f > hi ? hi : f;
}

enum { M_FNEG, M_FABS, M_FNABS, M_FSAT, M_FCLAMP, M_INEG, M_NOT, M_FLOAT_MODES,
       M_FTZ32 = M_FLOAT_MODES, M_FTZ, M_INF_MAX, M_NAN_ZERO, M_COUNT };
static const char *const mod_names[M_COUNT] = {"neg", "abs", "neg_abs", "saturate",
                                               "clamp_m1_1", "ineg", "not", "ftz_f32", "ftz",
                                               "suppress_inf", "suppress_nan"};
/* The float modes in words, for reports (the other names say what they do). */
static const char *const mod_meanings[M_COUNT] = {
	[M_FTZ32] = "binary32 denormals flushed to zero, sign kept",
	[M_FTZ] = "binary32 and binary16 denormals flushed to zero, sign kept (results below "
	          "2^-14 become 0)",
	[M_INF_MAX] = "+-infinity becomes +-largest finite (binary32)",
	[M_NAN_ZERO] = "NaN becomes +0",
};

const char *inf_op_meaning(const char *name)
{
	for (int op = M_FLOAT_MODES; op < M_COUNT; op++)
		if (!strcmp(name, mod_names[op]))
			return mod_meanings[op];
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
	for (int op = 0; op < M_COUNT; op++) {
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
	return best < 0 ? NULL : mod_names[best];
}

enum { B_FADD, B_FSUB, B_FMUL, B_FDIV, B_IADD, B_ISUB, B_IMUL, B_ARITH, B_AND = B_ARITH, B_OR,
       B_XOR, B_STRONG, B_FMIN = B_STRONG, B_FMAX, B_IMIN, B_IMAX, B_COUNT };
static const char *const bin_names[B_COUNT] = {"fadd", "fsub", "fmul", "fdiv", "iadd", "isub",
                                               "imul", "and", "or", "xor", "fmin", "fmax",
                                               "imin", "imax"};

static uint32_t bin_apply(int op, uint32_t a, uint32_t b)
{
	switch (op) {
	case B_FADD: return u32(f32(a) + f32(b));
	case B_FSUB: return u32(f32(a) - f32(b));
	case B_FMUL: return u32(f32(a) * f32(b));
	case B_FDIV: return u32(f32(a) / f32(b));
	case B_IADD: return a + b;
	case B_ISUB: return a - b;
	case B_IMUL: return a * b;
	case B_AND: return a & b;
	case B_OR: return a | b;
	case B_XOR: return a ^ b;
	case B_FMIN: return u32(fminf(f32(a), f32(b)));
	case B_FMAX: return u32(fmaxf(f32(a), f32(b)));
	case B_IMIN: return (int32_t)a < (int32_t)b ? a : b;
	default: return (int32_t)a > (int32_t)b ? a : b;
	}
}

/* Inputs searched for operands (pairs of them are tried for every op and behaviour). */
#define MAX_OPERANDS 64
/* Output words whose operands are looked for. */
#define MAX_NAMED_WORDS 4

static void add_operand(const struct inf_data *data, size_t at, uint32_t *val, size_t *n)
{
	if (at >= data->nin || *n >= MAX_OPERANDS)
		return;
	for (size_t i = 0; i < *n; i++)
		if (val[i] == data->in[at].value)
			return;
	val[(*n)++] = data->in[at].value;
}

void inf_name_ops(const struct inf_data *data, const uint32_t *oc, size_t n, uint64_t words,
                  const char **names, long *src)
{
	size_t kw[MAX_NAMED_WORDS], nk = 0, nin = 0;
	uint32_t val[MAX_OPERANDS];
	int pa[MAX_NAMED_WORDS], pb[MAX_NAMED_WORDS];
	unsigned *votes;
	size_t *stamp;
	for (size_t i = 0; i < n; i++) {
		names[i] = NULL;
		src[i] = -1;
	}
	for (size_t k = 0; k < data->nout && k < INF_MAX_WORDS && nk < MAX_NAMED_WORDS; k++)
		if (words >> k & 1)
			kw[nk++] = k;
	/* operand candidates: the 4-word groups the behaviours' words come from (a record and its
	 * neighbours), then the first planted words */
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < nk; j++) {
			int32_t at = data->oc[oc[i]].src[kw[j]];
			if (at < 0)
				continue;
			for (size_t c = (size_t)at & ~(size_t)3; c < ((size_t)at | 3) + 1; c++)
				add_operand(data, c, val, &nin);
		}
	for (size_t c = 0; c < data->nin && nin < MAX_OPERANDS; c++)
		add_operand(data, c, val, &nin);
	votes = calloc(nin * nin + 1, sizeof *votes);
	stamp = calloc(nin * nin + 1, sizeof *stamp);
	if (!votes || !stamp)
		abort();
	/* per word: the operand pair that the most behaviours explain with an arithmetic op
	 * whose result is neither operand (bitwise ops are left out: on patterned inputs they
	 * match by coincidence; min/max/mov results are an operand, so they cannot vote) */
	for (size_t j = 0; j < nk; j++) {
		unsigned best = 0;
		pa[j] = pb[j] = -1;
		memset(votes, 0, nin * nin * sizeof *votes);
		memset(stamp, 0, nin * nin * sizeof *stamp);
		for (size_t i = 0; i < n; i++) {
			const struct inf_outcome *o = &data->oc[oc[i]];
			if (o->status != IP_STATUS_OK)
				continue;
			uint32_t y = o->words[kw[j]];
			for (int op = 0; op < B_ARITH; op++)
				for (size_t p = 0; p < nin; p++)
					for (size_t q = 0; q < nin; q++)
						if (bin_apply(op, val[p], val[q]) == y &&
						    y != val[p] && y != val[q] &&
						    stamp[p * nin + q] != i + 1) {
							stamp[p * nin + q] = i + 1;
							votes[p * nin + q]++;
						}
		}
		for (size_t p = 0; p < nin; p++)
			for (size_t q = 0; q < nin; q++)
				if (votes[p * nin + q] > best) {
					best = votes[p * nin + q];
					pa[j] = (int)p;
					pb[j] = (int)q;
				}
	}
	free(votes);
	free(stamp);
	for (size_t i = 0; i < n; i++) {
		const struct inf_outcome *o = &data->oc[oc[i]];
		int any = 0;
		if (o->status != IP_STATUS_OK)
			continue;
		for (int op = 0; op < B_COUNT && !names[i]; op++) {
			int ok = 1;
			any = 0;
			for (size_t j = 0; j < nk && ok; j++) {
				if (pa[j] < 0)
					continue;
				uint32_t a = val[pa[j]], b = val[pb[j]];
				uint32_t y = o->words[kw[j]];
				ok = bin_apply(op, a, b) == y || bin_apply(op, b, a) == y;
				any = 1;
			}
			if (ok && any)
				names[i] = bin_names[op];
		}
		/* operands of its own: the arithmetic op that explains every word with some pair */
		for (int op = 0; op < B_ARITH && !names[i]; op++) {
			int ok = nk > 0;
			for (size_t j = 0; j < nk && ok; j++) {
				uint32_t y = o->words[kw[j]];
				int found = 0;
				for (size_t p = 0; p < nin && !found; p++)
					for (size_t q = 0; q < nin && !found; q++)
						found = bin_apply(op, val[p], val[q]) == y &&
						        y != val[p] && y != val[q];
				ok = found;
			}
			if (ok)
				names[i] = bin_names[op];
		}
		if (!names[i] && nk) { /* every word a planted input: a move of them */
			int ok = 1;
			for (size_t j = 0; j < nk && ok; j++) {
				long found = -1;
				for (size_t p = 0; p < data->nin && found < 0; p++)
					if (data->in[p].value == o->words[kw[j]])
						found = (long)p;
				ok = found >= 0;
				if (j == 0)
					src[i] = found;
			}
			if (ok)
				names[i] = "mov";
			else
				src[i] = -1;
		}
	}
}
