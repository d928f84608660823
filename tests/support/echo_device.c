/* echo_device.c: what echo_device.h declares, compiled once into the tests' support library
 * (tests/support/CMakeLists.txt). */
#include "echo_device.h"

const struct ip_runner_backend echo_backend = {
	.name = "echo",
	.summary = "test device",
	.open = echo_open,
	.run_batch = echo_run,
	.close = echo_close,
	.model = echo_model,
};

void (*echo_on_batch)(void);

int echo_open(const struct ip_runner_config *cfg, void **state, struct ip_diag *d)
{
	static int opened;
	(void)cfg, (void)d;
	*state = &opened; /* the agent takes a NULL state for "not opened" */
	return 0;
}

int echo_run(void *state, const struct ip_job *jobs, size_t n, struct ip_result *res)
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

void echo_close(void *state)
{
	(void)state;
}

const char *echo_model(void *state)
{
	(void)state;
	return "echo-1";
}
