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
extern const char a3xx_notes_listing[];

/* Assembles src into at most max words; returns how many, or -1 (the diagnostic in *d). */
int a3xx_test_asm(const char *src, uint64_t *words, unsigned max, struct ip_diag *d);

/* The disassembly of n words (malloc'd text; expand: the --expand form). */
char *a3xx_test_disasm(const uint64_t *words, unsigned n, int expand);

/* The lines of the seed notes (ISAPROBE_SEEDS/004_...) inside the `nth` ``` block that start
 * with a listing prefix "NNNN[", joined with newlines (malloc'd), or NULL without the file. */
char *a3xx_seed_listing(unsigned nth);

#endif
