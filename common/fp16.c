/* fp16.c: binary16 <-> double, written from the IEEE 754 layout (1 sign, 5 exponent, 10 fraction).
 * Used for Midgard inline constants and half-precision registers. */
#include "common/fp16.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

double ip_f16_to_double(uint16_t h)
{
	int sign = h >> 15, exp = (h >> 10) & 0x1F, frac = h & 0x3FF;
	double v;
	if (exp == 0) {
		v = (double)frac * 0x1p-24; /* exact: a subnormal is frac units of 2^-24 */
	} else if (exp == 31) {
		v = frac ? NAN : INFINITY;
	} else {
		/* a normal number's fields moved into binary64's (exponent bias 15 -> 1023): no
		 * scaling call, which widening every half of a word (inference's lane selects)
		 * would make the slow part */
		uint64_t bits = (uint64_t)(exp + 1008) << 52 | (uint64_t)frac << 42;
		memcpy(&v, &bits, sizeof v);
	}
	return sign ? -v : v;
}

uint16_t ip_double_to_f16(double v)
{
	uint16_t sign = signbit(v) ? 0x8000 : 0;
	double a = fabs(v), scaled, rounded;
	int exp;
	if (isnan(v))
		return (uint16_t)(sign | 0x7E00);
	if (a >= 65520.0) /* rounds to infinity */
		return (uint16_t)(sign | 0x7C00);
	if (a < ldexp(1.0, -14)) {
		/* subnormal: units of 2^-24 */
		scaled = ldexp(a, 24);
		rounded = nearbyint(scaled); /* default rounding mode: nearest even */
		return (uint16_t)(sign | (uint16_t)rounded);
	}
	frexp(a, &exp); /* a = m * 2^exp, m in [0.5, 1) */
	exp -= 1;       /* a = 1.f * 2^exp */
	scaled = ldexp(a, 10 - exp); /* in [1024, 2048) */
	rounded = nearbyint(scaled);
	if (rounded >= 2048.0) {
		rounded /= 2;
		exp += 1;
	}
	if (exp > 15)
		return (uint16_t)(sign | 0x7C00);
	return (uint16_t)(sign | (uint16_t)((exp + 15) << 10) | ((uint16_t)rounded & 0x3FF));
}

int ip_double_to_f16_exact(double v, uint16_t *out)
{
	uint16_t h;
	if (isnan(v))
		return -1;
	h = ip_double_to_f16(v);
	if (ip_f16_to_double(h) != v)
		return -1;
	*out = h;
	return 0;
}
