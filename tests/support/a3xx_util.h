/* a3xx_util.h: what the a3xx tests share: assembling text to words, disassembling words to
 * text, and reading the seed notes' listings. */
#ifndef ISAPROBE_TEST_A3XX_UTIL_H
#define ISAPROBE_TEST_A3XX_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "a3xx/a3xx.h"
#include "check.h"

/* The notes' example listing (seed 004, "An example fragment shader from the disassembler"). */
static const char a3xx_notes_listing[] =
	"0000[57305b00x_00002000x] (sy)(ss)(rpt3)bary.f hr0.x, (r)0, r0.x\n"
	"0001[47304b04x_00002004x] (rpt3)bary.f hr1.x, (r)4, r0.x\n"
	"0002[40080b04x_00044000x] (rpt3)add.f hr1.x, (neg)(r)hr0.x, (r)hr1.x\n"
	"0003[4730c808x_00002008x] bary.f (ei)hr2.x, (r)8, r0.x\n"
	"0004[00000200x_00000000x] (rpt2)nop\n"
	"0005[63020300x_20008008x] (rpt3)mad.f16 hr0.x, hr2.x, (r)hr1.x, (r)hr0.x\n"
	"0006[03000000x_00000000x] end\n";

/* Assembles src into at most max words; returns how many, or -1 (the diagnostic in *d). */
int a3xx_test_asm(const char *src, uint64_t *words, unsigned max, struct ip_diag *d);

/* The disassembly of n words (malloc'd text; expand: the --expand form). */
char *a3xx_test_disasm(const uint64_t *words, unsigned n, int expand);

/* The lines of the seed notes (ISAPROBE_SEEDS/004_...) inside the `nth` ``` block that start
 * with a listing prefix "NNNN[", joined with newlines (malloc'd), or NULL without the file. */
char *a3xx_seed_listing(unsigned nth);

#endif
