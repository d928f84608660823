/* a3xx_values.c: the simulator's number formats: f32 and f16 bits <-> doubles, with the four
 * rounding modes of cat1 conversions, and NaN / denormal tests. */
#include <math.h>

#include "a3xx_sim_int.h"
#include "common/float_bits.h"
#include "common/fp16.h"

double a3xx_to_double(uint32_t bits, int half)
{
	return half ? ip_f16_to_double((uint16_t)bits) : (double)ip_f32_from_bits(bits);
}

int a3xx_is_nan(uint32_t bits, int half)
{
	if (half)
		return (bits & 0x7c00) == 0x7c00 && (bits & 0x3ff);
	return (bits & 0x7f800000u) == 0x7f800000u && (bits & 0x7fffffu);
}

int a3xx_is_denormal(uint32_t bits, int half)
{
	if (half)
		return !(bits & 0x7c00) && (bits & 0x3ff);
	return !(bits & 0x7f800000u) && (bits & 0x7fffffu);
}

/* Sign-magnitude bits <-> a number that counts up with the value (both zeros are 0). */
static int64_t ordinal(uint32_t bits, int half)
{
	uint32_t sign = half ? 0x8000u : 0x80000000u;
	return bits & sign ? -(int64_t)(bits & ~sign) : (int64_t)bits;
}

static uint32_t from_ordinal(int64_t o, int half)
{
	uint32_t sign = half ? 0x8000u : 0x80000000u;
	return o < 0 ? sign | (uint32_t)(-o) : (uint32_t)o;
}

static uint32_t nearest(double v, int half)
{
	return half ? ip_double_to_f16(v) : ip_f32_bits((float)v);
}

uint32_t a3xx_from_double(double v, int half, enum a3xx_round mode)
{
	uint32_t n = nearest(v, half), lo, hi;
	double back = a3xx_to_double(n, half);
	if (isnan(v) || mode == ROUND_EVEN || back == v)
		return n;
	/* the two neighbours around v */
	if (back > v) {
		hi = n;
		lo = from_ordinal(ordinal(n, half) - 1, half);
	} else {
		lo = n;
		hi = from_ordinal(ordinal(n, half) + 1, half);
	}
	switch (mode) {
	case ROUND_UP: return hi;
	case ROUND_DOWN: return lo;
	default: return v > 0 ? lo : hi;
	}
}
