/* a3xx_program.h: a3xx programs as the project's program structure: one 8-byte instruction per
 * bundle, one slot of the category's format. Shared by unpack, the assembler and tests. */
#ifndef ISAPROBE_A3XX_PROGRAM_H
#define ISAPROBE_A3XX_PROGRAM_H

#include "a3xx.h"

#define A3XX_MAX_INSTRUCTIONS 65536 /* branch offsets are 16-bit */

/* Appends one instruction word. 0, or -1 when out of memory. */
int a3xx_program_append(struct ip_program *p, const ip_word *w);

#endif
