/* fuzz_fake_harness.h: what the fake DRM device's libFuzzer harnesses (fuzz_fakedrm.c,
 * fuzz_fake_radeon.c) share: libFuzzer's entry points, the BO size, the set-up, an ioctl. */
#ifndef ISAPROBE_FUZZ_FAKE_HARNESS_H
#define ISAPROBE_FUZZ_FAKE_HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "fake_entry.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Every BO a harness fills from the input. */
#define BO_BYTES 65536

/* The fake device answers on `devices` (FAKEDRM_DEVICES' form) and its scheduler gives up on a
 * hung job at once, so a hang costs no time. For LLVMFuzzerInitialize to return. */
static inline int fuzz_fake_init(const char *devices)
{
	setenv("FAKEDRM_DEVICES", devices, 1);
	setenv("FAKEDRM_SCHED_TIMEOUT_MS", "0", 1);
	return 0;
}

/* An ioctl straight into the fake device (nothing is preloaded): 0, or -1 with errno. */
static inline int io(int fd, unsigned long req, void *arg)
{
	int handled;
	return fake_ioctl(fd, req, arg, &handled);
}

#endif
