/* check.c: what check.h declares, compiled once into the tests' support library
 * (tests/support/CMakeLists.txt). */
#include "check.h"

unsigned check_count, check_failed;

int check_report(const char *name)
{
	printf("%s: %u checks, %u failed\n", name, check_count, check_failed);
	return check_failed ? 1 : 0;
}

uint64_t test_rand(uint64_t *state)
{
	uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* ISAPROBE_TEST_SCALE's factor; 1 when it is unset or not a positive number. */
static double test_scale(void)
{
	const char *s = getenv("ISAPROBE_TEST_SCALE");
	double f = s ? atof(s) : 1.0;
	return f > 0 ? f : 1.0;
}

unsigned long test_scaled(unsigned long n)
{
	unsigned long v = (unsigned long)((double)n * test_scale());
	return v ? v : 1;
}

int test_scaled_down(void)
{
	return test_scale() < 1.0;
}

uint64_t test_seed(uint64_t dflt)
{
	const char *s = getenv("ISAPROBE_SEED");
	return s ? strtoull(s, NULL, 0) : dflt;
}
