/* utgard_gp_units.c: what each Utgard GP unit computes, as the seed notes describe it: the
 * accumulators, the multipliers (with complex1/complex2/select), the complex and passthrough. */
#include <math.h>

#include "utgard_gp/utgard_gp.h"
#include "utgard_gp_sim.h"

/* A plain input, or the reason it is not one. */
static gp_err need_plain(struct gp_val v)
{
	switch (v.kind) {
	case GP_PLAIN:
		return 0;
	case GP_UNDEF:
	case GP_OPAQUE:
		return v.why;
	case GP_PRE_EXP2:
		return "reads the result of passthrough op 4 outside the notes' exp2 sequence";
	case GP_PARTIAL:
		return "reads a partial complex result outside the notes' complex sequence";
	case GP_COMPLEX2:
		return "reads a multiply complex2 result outside the notes' complex sequence";
	default:
		return "reads the log2 sequence's complex1 result without passthrough op 5";
	}
}

/* A what-if hook's answer as a unit result: r, the hook's return (NULL: *f is the result). */
static gp_err whatif_result(const char *r, const float *f, struct gp_val *out)
{
	if (r)
		return r;
	*out = gp_plain(*f);
	return 0;
}

gp_err gp_acc(unsigned op, unsigned unit, struct gp_val a, struct gp_val b,
              const struct ip_gp_whatif *w, struct gp_val *out)
{
	gp_err e = need_plain(a);
	int unary = op == UTGARD_GP_ACC_FLOOR || op == UTGARD_GP_ACC_SIGN;
	if (e)
		return e;
	if (!unary && (e = need_plain(b)) != 0)
		return e;
	switch (op) {
	case UTGARD_GP_ACC_ADD:
		*out = gp_plain(a.f + b.f);
		return 0;
	case UTGARD_GP_ACC_FLOOR:
		*out = gp_plain(floorf(a.f));
		return 0;
	case UTGARD_GP_ACC_SIGN:
		*out = gp_plain(a.f > 0 ? 1.0f : a.f < 0 ? -1.0f : a.f == 0 ? 0.0f : a.f);
		return 0;
	case UTGARD_GP_ACC_GE:
		*out = gp_plain(a.f >= b.f ? 1.0f : 0.0f);
		return 0;
	case UTGARD_GP_ACC_LT:
		*out = gp_plain(a.f < b.f ? 1.0f : 0.0f);
		return 0;
	case UTGARD_GP_ACC_MIN:
		*out = gp_plain(fminf(a.f, b.f));
		return 0;
	case UTGARD_GP_ACC_MAX:
		*out = gp_plain(fmaxf(a.f, b.f));
		return 0;
	default: {
		float f = 0;
		if (!w || !w->acc)
			return "accumulator opcode 3 is unknown";
		if ((e = need_plain(b)) != 0)
			return e;
		return whatif_result(w->acc(w->ctx, op, unit, a.f, b.f, &f), &f, out);
	}
	}
}

static int same_bits(float a, float b)
{
	union {
		float f;
		uint32_t u;
	} x = {a}, y = {b};
	return x.u == y.u;
}

/* complex1(A, B, C, D) as the notes use it: A = C = complex partial f(x), B = complex2(x, x),
 * D = x (through passthrough op 4 for exp2, as in the notes' exp2 sequence). */
static gp_err complex1(const struct gp_val in[4], struct gp_val *out)
{
	const struct gp_val *a = &in[0], *b = &in[1], *c = &in[2], *d = &in[3];
	int pre;
	float x;
	if (a->kind != GP_PARTIAL || c->kind != GP_PARTIAL)
		return "multiply complex1 whose inputs a and c are not a complex unit result";
	if (a->fn != c->fn || !same_bits(a->x, c->x))
		return "multiply complex1 of two different complex results";
	x = a->x;
	pre = a->pre;
	if (b->kind != GP_COMPLEX2 || !same_bits(b->x, x) || b->pre != pre)
		return "multiply complex1 whose input b is not complex2 of the same input";
	if (pre ? d->kind != GP_PRE_EXP2 || !same_bits(d->x, x)
	        : d->kind != GP_PLAIN || !same_bits(d->f, x))
		return "multiply complex1 whose input d is not the sequence's input";
	switch (a->fn) {
	case UTGARD_GP_CPLX_EXP2:
		*out = gp_plain(exp2f(x));
		return 0;
	case UTGARD_GP_CPLX_LOG2:
		*out = gp_opaque(GP_POST_LOG, NULL);
		out->x = x;
		return 0;
	case UTGARD_GP_CPLX_RSQRT:
		*out = gp_plain(1.0f / sqrtf(x));
		return 0;
	default:
		*out = gp_plain(1.0f / x);
		return 0;
	}
}

static gp_err negate(struct gp_val *v, int neg)
{
	if (!neg)
		return 0;
	if (v->kind != GP_PLAIN)
		return "output negate of a multiply result that is not a plain value";
	v->f = -v->f;
	return 0;
}

gp_err gp_mul(unsigned op, const struct gp_val in[4], const int used[2], const int neg[2],
              const struct ip_gp_whatif *w, struct gp_val out[2], struct gp_val *mul0_late)
{
	static const char wide_mul1[] = "multiplier 1's result during a wide operation";
	static const char late[] = "multiply complex1 result read one instruction later (its "
	                           "latency is 2)";
	gp_err e;
	out[0] = gp_opaque(GP_UNDEF, "reads multiplier 0, which did not run");
	out[1] = gp_opaque(GP_UNDEF, "reads multiplier 1, which did not run");
	*mul0_late = out[0];
	if (!used[0] && !used[1])
		return 0;
	switch (op) {
	case UTGARD_GP_MUL_MUL:
		for (unsigned k = 0; k < 2; k++) {
			if (!used[k])
				continue;
			if ((e = need_plain(in[2 * k])) != 0 || (e = need_plain(in[2 * k + 1])) != 0)
				return e;
			out[k] = gp_plain(in[2 * k].f * in[2 * k + 1].f);
			if ((e = negate(&out[k], neg[k])) != 0)
				return e;
		}
		break;
	case UTGARD_GP_MUL_COMPLEX1:
		/* outside the notes' sequence its result is not described: unmodeled where a
		 * store or a unit reads it, not the run (multiplier 1 is not described either) */
		if ((e = complex1(in, mul0_late)) != 0 || (e = negate(mul0_late, neg[0])) != 0)
			*mul0_late = gp_opaque(GP_OPAQUE, e);
		out[0] = gp_opaque(GP_OPAQUE, late);
		out[1] = gp_opaque(GP_OPAQUE, wide_mul1);
		return 0;
	case UTGARD_GP_MUL_COMPLEX2:
		if (used[0]) {
			const struct gp_val *a = &in[0], *b = &in[1];
			if (a->kind == GP_PLAIN && b->kind == GP_PLAIN && same_bits(a->f, b->f)) {
				out[0] = gp_opaque(GP_COMPLEX2, NULL);
				out[0].x = a->f;
			} else if (a->kind == GP_PRE_EXP2 && b->kind == GP_PRE_EXP2 &&
			           same_bits(a->x, b->x)) {
				out[0] = gp_opaque(GP_COMPLEX2, NULL);
				out[0].x = a->x;
				out[0].pre = 1;
			} else {
				/* not described, but multiplier 1 still multiplies: unmodeled where it
				 * is read, not the run */
				out[0] = gp_opaque(GP_OPAQUE, "multiply complex2 of two different inputs "
				                              "is not described");
			}
			if (neg[0])
				out[0] = gp_opaque(GP_OPAQUE,
				                   "output negate of multiply complex2 is not described");
		}
		if (used[1]) {
			if ((e = need_plain(in[2])) != 0 || (e = need_plain(in[3])) != 0)
				return e;
			out[1] = gp_plain(in[2].f * in[3].f);
			if ((e = negate(&out[1], neg[1])) != 0)
				return e;
		}
		break;
	case UTGARD_GP_MUL_SELECT:
		if ((e = need_plain(in[0])) != 0 || (e = need_plain(in[1])) != 0 ||
		    (e = need_plain(in[2])) != 0)
			return e;
		/* b ? c : a, the order lima's compiler relies on (the notes: b ? a : c;
		 * docs/utgard-gp-sources.md) */
		out[0] = gp_plain(in[1].f != 0 ? in[2].f : in[0].f);
		if ((e = negate(&out[0], neg[0])) != 0)
			return e;
		out[1] = gp_opaque(GP_OPAQUE, wide_mul1);
		break;
	default:
		if (!w || !w->mul)
			return "multiply opcode unknown (2, 5, 6 or 7)";
		/* what-if: each multiplier that runs computes the hook of its own a, b */
		for (unsigned k = 0; k < 2; k++) {
			float f = 0;
			if (!used[k])
				continue;
			if ((e = need_plain(in[2 * k])) != 0 || (e = need_plain(in[2 * k + 1])) != 0)
				return e;
			if ((e = whatif_result(w->mul(w->ctx, op, k, in[2 * k].f, in[2 * k + 1].f, &f),
			                       &f, &out[k])) != 0)
				return e;
			if ((e = negate(&out[k], neg[k])) != 0)
				return e;
		}
		break;
	}
	*mul0_late = out[0];
	return 0;
}

gp_err gp_complex(unsigned op, struct gp_val in, struct gp_val *out)
{
	gp_err e;
	switch (op) {
	case UTGARD_GP_CPLX_EXP2:
		if (in.kind != GP_PRE_EXP2)
			return "complex exp2 of an input that did not come through passthrough op 4 "
			       "(the notes give exp2 only as that sequence)";
		*out = gp_opaque(GP_PARTIAL, NULL);
		out->fn = (uint8_t)op;
		out->x = in.x;
		out->pre = 1;
		return 0;
	case UTGARD_GP_CPLX_LOG2:
	case UTGARD_GP_CPLX_RSQRT:
	case UTGARD_GP_CPLX_RCP:
		if ((e = need_plain(in)) != 0)
			return e;
		*out = gp_opaque(GP_PARTIAL, NULL);
		out->fn = (uint8_t)op;
		out->x = in.f;
		return 0;
	case UTGARD_GP_CPLX_PASS:
		if (in.kind == GP_UNDEF || in.kind == GP_OPAQUE)
			return in.why;
		*out = in;
		return 0;
	default:
		return "complex opcode not listed by the notes (1, 6, 7, 8 or 11)";
	}
}

gp_err gp_pass(unsigned op, struct gp_val in, float ld_x, float ld_y,
               const struct ip_gp_whatif *w, struct gp_val *out)
{
	gp_err e;
	switch (op) {
	case UTGARD_GP_PASS_PASS:
		if (in.kind == GP_UNDEF || in.kind == GP_OPAQUE)
			return in.why;
		*out = in;
		return 0;
	case UTGARD_GP_PASS_CLAMP:
		if ((e = need_plain(in)) != 0)
			return e;
		*out = gp_plain(fmaxf(fminf(in.f, ld_x), ld_y));
		return 0;
	case UTGARD_GP_PASS_OP4:
		if ((e = need_plain(in)) != 0)
			return e;
		*out = gp_opaque(GP_PRE_EXP2, NULL);
		out->x = in.f;
		return 0;
	case UTGARD_GP_PASS_OP5:
		if (in.kind != GP_POST_LOG)
			return "passthrough op 5 of anything but the notes' log2 sequence";
		*out = gp_plain(log2f(in.x));
		return 0;
	default: {
		float f = 0;
		if (!w || !w->pass)
			return "passthrough opcode unknown (0, 1, 3 or 7)";
		if ((e = need_plain(in)) != 0)
			return e;
		return whatif_result(w->pass(w->ctx, op, in.f, &f), &f, out);
	}
	}
}
