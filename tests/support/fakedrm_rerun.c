/* fakedrm_rerun.c: what fakedrm_rerun.h declares, compiled once into the tests' support library
 * (tests/support/CMakeLists.txt). */
#include "fakedrm_rerun.h"

int fakedrm_under_test(void)
{
	return getenv("FAKEDRM_UNDER_TEST") != NULL;
}

int fakedrm_rerun(const char *name, char **argv, const char *devices,
                  const char *sched_timeout_ms)
{
	const char *pre = getenv("FAKEDRM_PRELOAD");
	if (!pre) {
		printf("%s: FAKEDRM_PRELOAD is not set (run through ctest): skipped\n", name);
		return 77;
	}
	setenv("LD_PRELOAD", pre, 1);
	setenv("FAKEDRM_UNDER_TEST", "1", 1);
	setenv("FAKEDRM_DEVICES", devices, 1);
	unsetenv("FAKEDRM_INJECT");
	if (sched_timeout_ms)
		setenv("FAKEDRM_SCHED_TIMEOUT_MS", sched_timeout_ms, 1);
	execv("/proc/self/exe", argv);
	fprintf(stderr, "%s: execv: %s\n", name, strerror(errno));
	return 1;
}
