/* echo_device.h: a runner backend for the agent protocol's tests and fuzz target: every job
 * runs ok and fills each output to its capacity with output byte k = code[k % len] ^ k, so
 * that answers are as large as the jobs allow and their bytes checkable. */
#ifndef ISAPROBE_TEST_ECHO_DEVICE_H
#define ISAPROBE_TEST_ECHO_DEVICE_H

#include "isaprobe/runner.h"

/* Called once per batch when set (a test counts the batches an agent ran). */
static void (*echo_on_batch)(void);

static int echo_open(const struct ip_runner_config *cfg, void **state, struct ip_diag *d)
{
	static int opened;
	(void)cfg, (void)d;
	*state = &opened; /* the agent takes a NULL state for "not opened" */
	return 0;
}

static int echo_run(void *state, const struct ip_job *jobs, size_t n, struct ip_result *res)
{
	(void)state;
	if (echo_on_batch)
		echo_on_batch();
	for (size_t i = 0; i < n; i++) {
		ip_result_clear(&res[i]);
		res[i].steps = jobs[i].code_len;
		for (unsigned o = 0; o < res[i].noutputs; o++) {
			struct ip_out_buf *b = &res[i].outputs[o];
			for (size_t k = 0; k < b->cap; k++)
				b->data[k] = (uint8_t)((jobs[i].code_len ? jobs[i].code[k % jobs[i].code_len]
				                                         : 0) ^ k);
			b->len = b->cap;
		}
	}
	return 0;
}

static void echo_close(void *state)
{
	(void)state;
}

static const char *echo_model(void *state)
{
	(void)state;
	return "echo-1";
}

static const struct ip_runner_backend echo_backend = {
	.name = "echo",
	.summary = "test device",
	.open = echo_open,
	.run_batch = echo_run,
	.close = echo_close,
	.model = echo_model,
};

#endif
