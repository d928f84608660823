/* check.h: the few assertion macros the C tests share, and seeded randomness.
 * A failed check prints file:line and what differed; main returns check_report(). */
#ifndef ISAPROBE_TEST_CHECK_H
#define ISAPROBE_TEST_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

extern unsigned check_count, check_failed;

#define CHECK(cond, ...)                                                                   \
	do {                                                                               \
		check_count++;                                                             \
		if (!(cond)) {                                                             \
			check_failed++;                                                    \
			fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
			fprintf(stderr, __VA_ARGS__);                                      \
			fputc('\n', stderr);                                               \
		}                                                                          \
	} while (0)

int check_report(const char *name);

/* splitmix64: small, seedable, good enough for test inputs. */
uint64_t test_rand(uint64_t *state);

/* Iteration counts scale with ISAPROBE_TEST_SCALE (the sanitizer preset sets 0.1). */
unsigned long test_scaled(unsigned long n);
/* 1 when the run is scaled down (the sanitizer run): a test may leave its costliest cases to
 * the full-scale run, saying which. */
int test_scaled_down(void);

uint64_t test_seed(uint64_t dflt);

#endif
