/* check.h: the few assertion macros the C tests share, and seeded randomness.
 * A failed check prints file:line and what differed; main returns check_report(). */
#ifndef ISAPROBE_TEST_CHECK_H
#define ISAPROBE_TEST_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned check_count, check_failed;

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

static inline int check_report(const char *name)
{
	printf("%s: %u checks, %u failed\n", name, check_count, check_failed);
	return check_failed ? 1 : 0;
}

/* splitmix64: small, seedable, good enough for test inputs. */
static inline uint64_t test_rand(uint64_t *state)
{
	uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* Iteration counts scale with ISAPROBE_TEST_SCALE (the sanitizer preset sets 0.1). */
static inline unsigned long test_scaled(unsigned long n)
{
	const char *s = getenv("ISAPROBE_TEST_SCALE");
	double f = s ? atof(s) : 1.0;
	unsigned long v = (unsigned long)((double)n * (f > 0 ? f : 1.0));
	return v ? v : 1;
}

static inline uint64_t test_seed(uint64_t dflt)
{
	const char *s = getenv("ISAPROBE_SEED");
	return s ? strtoull(s, NULL, 0) : dflt;
}

#endif
