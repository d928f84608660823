/* bf_special.c: the special-function helper operations of the notes' sequences (frexp parts,
 * table estimates), modelled to the precision the notes describe: see docs/bifrost-simulator.md. */
#include <math.h>

#include "bf_sim.h"
#include "common/float_bits.h"
#include "common/fp16.h"

static int special(float a)
{
	return a == 0.0f || isinf(a) || isnan(a);
}

/* a = f * 2^e with |f| in [0.5, 1) (frexp), denormals included. */
static float frexp_m(float a, int *e)
{
	return frexpf(a, e);
}

/* |f| in [0.5, 1) rounded to its top `bits` mantissa bits, then moved to the middle of that
 * interval: the input of a table with 2^bits entries. */
static double table_point(float f, unsigned bits)
{
	double m = fabs((double)f) * 2.0; /* [1, 2) */
	double scale = ldexp(1.0, (int)bits);
	return (floor((m - 1.0) * scale) + 0.5) / scale + 1.0;
}

/* Rounds x to `bits` significant bits (the width of a table entry). */
static double to_bits(double x, unsigned bits)
{
	int e;
	double m = frexp(x, &e);
	return ldexp(nearbyint(ldexp(m, (int)bits)), e - (int)bits);
}

/* The log argument reduction: a = a1 * 2^e with a1 in [0.75, 1.5). */
static float log_reduce(float a, int *e)
{
	float f = frexp_m(a, e);
	if (fabsf(f) < 0.75f) {
		f *= 2.0f;
		(*e)--;
	}
	return f;
}

/* FRCP_APPROX: 1/a1 from the top 4 mantissa bits of a1, kept to 5 significant bits. */
static double rcp_approx(float a)
{
	int e;
	float a1, m;
	double r;
	if (special(a))
		return 1.0;
	a1 = fabsf(log_reduce(a, &e));
	m = a1 >= 1.0f ? a1 * 0.5f : a1; /* [0.5, 1): its own binade's mantissa */
	r = (a1 >= 1.0f ? 1.0 : 2.0) / table_point(m, 4);
	return copysign(to_bits(r, 5), (double)a);
}

uint32_t bf_special(unsigned which, uint32_t bits)
{
	float a = ip_f32_from_bits(bits);
	int e;
	switch (which) {
	case BF_FRCP_FREXPM:
		return special(a) ? bits : ip_f32_bits(frexp_m(a, &e));
	case BF_FRCP_FREXPE:
		if (special(a))
			return 0;
		frexp_m(a, &e);
		return (uint32_t)-e;
	case BF_FRCP_TABLE:
		/* 2/m from the top 17 mantissa bits (m in [1, 2)), sign copied */
		if (isnan(a))
			return bits;
		if (a == 0.0f)
			return ip_f32_bits(copysignf(INFINITY, a));
		if (isinf(a))
			return ip_f32_bits(copysignf(0.0f, a));
		return ip_f32_bits(
		        (float)copysign(1.0 / (table_point(frexp_m(a, &e), 17) * 0.5), a));
	case BF_FSQRT_FREXPM: {
		float f;
		if (special(a))
			return bits;
		f = frexp_m(a, &e);
		return ip_f32_bits(e & 1 ? f * 0.5f : f);
	}
	case BF_FSQRT_FREXPE:
		if (special(a))
			return 0;
		frexp_m(a, &e);
		return (uint32_t)((e + (e & 1)) / 2);
	case BF_FRSQ_FREXPE:
		if (special(a))
			return 0;
		frexp_m(a, &e);
		return (uint32_t)(-(e + (e & 1)) / 2);
	case BF_FRSQ_TABLE: {
		float f, a1;
		if (isnan(a))
			return bits;
		if (a == 0.0f)
			return ip_f32_bits(copysignf(INFINITY, a));
		if (a < 0.0f)
			return ip_f32_bits(NAN);
		if (isinf(a))
			return 0;
		f = frexp_m(a, &e);
		a1 = e & 1 ? f * 0.5f : f; /* [0.25, 1) */
		/* 17 mantissa bits plus the exponent's low bit */
		return ip_f32_bits(
		        (float)(1.0 / sqrt(table_point(f, 17) * 0.5 * (a1 < 0.5f ? 0.5 : 1.0))));
	}
	case BF_LOG_FREXPM:
		if (special(a))
			return bits;
		return ip_f32_bits(log_reduce(a, &e));
	case BF_LOG_FREXPE:
		if (special(a))
			return 0;
		log_reduce(a, &e);
		return (uint32_t)e;
	case BF_FRCP_APPROX:
		return ip_f32_bits((float)rcp_approx(a));
	case BF_FLOG2_TABLE:
	case BF_FLOGE_TABLE:
		if (isnan(a) || (a < 0.0f))
			return ip_f32_bits(NAN);
		if (a == 0.0f)
			return ip_f32_bits(-INFINITY);
		if (isinf(a))
			return ip_f32_bits(INFINITY);
		return ip_f32_bits((float)(which == BF_FLOG2_TABLE ? -log2(rcp_approx(a))
		                                                   : -log(rcp_approx(a))));
	case BF_EXP_TABLE:
		/* 2^(f/16) for the 4 low bits f of the input's bit pattern */
		return ip_f32_bits((float)exp2((double)(bits & 15) / 16.0));
	case BF_FRCP_FAST:
		return ip_f32_bits(1.0f / a);
	case BF_FRSQ_FAST:
		return ip_f32_bits((float)(1.0 / sqrt((double)a)));
	default:
		return 0;
	}
}

/* ---- atan2 helpers ---------------------------------------------------------------------------
 * The notes: ATAN_ASSIST gives a binary16 coarse |y|/|x| (a) in its high half and a 16-bit
 * scale in its low half; ATAN_LDEXP scales a coordinate by it, and the special scale -32768
 * (used when a coordinate is infinite) turns infinity into 1.0 and anything finite into 0;
 * ATAN_TABLE gives atan(a). The exact coarseness is not public: a is |y'|/|x'| rounded to
 * binary16, kept finite (65504 at most) so that the rotation stays finite. */
static double atan_ratio(float y, float x, int *scale)
{
	double ay = fabs((double)y), ax = fabs((double)x);
	*scale = 0;
	if (isinf(y) || isinf(x)) {
		*scale = -32768;
		ay = isinf(y) ? 1.0 : 0.0;
		ax = isinf(x) ? 1.0 : 0.0;
	} else if (ay > 0 || ax > 0) {
		int e;
		frexp(ay > ax ? ay : ax, &e);
		*scale = -e;
	}
	if (ax == 0.0)
		return ay == 0.0 ? 0.0 : 65504.0;
	return fmin(ay / ax, 65504.0);
}

uint32_t bf_atan(unsigned which, uint32_t a, uint32_t b)
{
	float y = ip_f32_from_bits(a), x = ip_f32_from_bits(b);
	int scale;
	double ratio;
	uint16_t h;
	switch (which) {
	case BF_ATAN_ASSIST:
		if (isnan(y) || isnan(x))
			return 0x7e000000u;
		ratio = atan_ratio(y, x, &scale);
		h = ip_double_to_f16(ratio);
		if (h == 0x7c00)
			h = 0x7bff;
		return (uint32_t)h << 16 | (uint16_t)(int16_t)scale;
	case BF_ATAN_TABLE:
		if (isnan(y) || isnan(x))
			return ip_f32_bits(NAN);
		ratio = atan_ratio(y, x, &scale);
		h = ip_double_to_f16(ratio);
		if (h == 0x7c00)
			h = 0x7bff;
		return ip_f32_bits((float)atan(ip_f16_to_double(h)));
	default: { /* ATAN_LDEXP: a value, b the ATAN_ASSIST result */
		int16_t sc = (int16_t)(b & 0xffff);
		if (isnan(y))
			return a;
		if (sc == -32768)
			return ip_f32_bits(copysignf(isinf(y) ? 1.0f : 0.0f, y));
		return ip_f32_bits((float)ldexp((double)y, sc));
	}
	}
}
