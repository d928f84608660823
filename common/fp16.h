/* fp16.h: IEEE 754 binary16 conversions shared by assemblers, simulators and reports.
 * Conversions to half round to nearest even; exact conversion reports when rounding was needed. */
#ifndef ISAPROBE_COMMON_FP16_H
#define ISAPROBE_COMMON_FP16_H

#include <stdint.h>

double ip_f16_to_double(uint16_t h);
/* Rounds to nearest even; overflow gives infinity; NaN stays a (quiet) NaN. */
uint16_t ip_double_to_f16(double v);
/* 0 and *out set when v is exactly a binary16 value, else -1. */
int ip_double_to_f16_exact(double v, uint16_t *out);

#endif
