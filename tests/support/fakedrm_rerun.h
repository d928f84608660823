/* fakedrm_rerun.h: what the tests of the fake DRM device share: running the test program again
 * with the fake device preloaded on the render nodes it names, and checking an ioctl's errno. */
#ifndef ISAPROBE_TEST_FAKEDRM_RERUN_H
#define ISAPROBE_TEST_FAKEDRM_RERUN_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "check.h"

/* ioctl(fd, req, arg) fails with errno want (0: succeeds). */
#define REFUSED(fd, req, arg, want, what)                                                    \
	do {                                                                                 \
		int rc_ = ioctl((fd), (req), (arg)), e_ = rc_ ? errno : 0;                   \
		CHECK(e_ == (want), "%s: errno %d (%s), want %d", (what), e_, strerror(e_), (want)); \
	} while (0)

/* Whether this is the run under the fake device (fakedrm_rerun's). */
int fakedrm_under_test(void);

/* Runs this program (`name`, its argv) again with the fake device preloaded (FAKEDRM_PRELOAD,
 * from tests/CMakeLists.txt) and FAKEDRM_DEVICES = devices, no injected faults, and
 * FAKEDRM_SCHED_TIMEOUT_MS = sched_timeout_ms unless that is NULL. Returns only when it cannot:
 * 77 (ctest's "skipped") without FAKEDRM_PRELOAD, 1 when execv fails. */
int fakedrm_rerun(const char *name, char **argv, const char *devices,
                  const char *sched_timeout_ms);

#endif
