/* echo_device.h: a runner backend for the agent protocol's tests and fuzz target: every job
 * runs ok and fills each output to its capacity with output byte k = code[k % len] ^ k, so
 * that answers are as large as the jobs allow and their bytes checkable. */
#ifndef ISAPROBE_TEST_ECHO_DEVICE_H
#define ISAPROBE_TEST_ECHO_DEVICE_H

#include "isaprobe/runner.h"

/* Called once per batch when set (a test counts the batches an agent ran). */
extern void (*echo_on_batch)(void);

int echo_open(const struct ip_runner_config *cfg, void **state, struct ip_diag *d);

int echo_run(void *state, const struct ip_job *jobs, size_t n, struct ip_result *res);

void echo_close(void *state);

const char *echo_model(void *state);

extern const struct ip_runner_backend echo_backend;

#endif
