/* float_bits.h: a binary32 float as its 32 bits and back, for simulators, assemblers and tests.
 * Copies through memcpy, so no aliasing rule is broken and NaN payloads pass through unchanged. */
#ifndef ISAPROBE_COMMON_FLOAT_BITS_H
#define ISAPROBE_COMMON_FLOAT_BITS_H

#include <stdint.h>
#include <string.h>

static inline float ip_f32_from_bits(uint32_t u)
{
	float f;
	memcpy(&f, &u, sizeof f);
	return f;
}

static inline uint32_t ip_f32_bits(float f)
{
	uint32_t u;
	memcpy(&u, &f, sizeof u);
	return u;
}

#endif
