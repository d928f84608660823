/* utgard_gp_run.h: test helper: assemble Utgard GP text and run it on the reference simulator
 * with given uniform and attribute records; the varyings come back as floats. */
#ifndef ISAPROBE_TEST_UTGARD_GP_RUN_H
#define ISAPROBE_TEST_UTGARD_GP_RUN_H

#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "runners/sim/utgard_gp/utgard_gp_sim.h"
#include "utgard_gp/utgard_gp.h"

struct gp_test_run {
	enum ip_status status;
	const char *why;
	uint32_t where;
	float *vary;  /* invocations * 16 records * 4 floats */
	float *regs;  /* invocations * 16 registers * 4 floats */
};

extern void *gp_test_sim;

void gp_bytes_from_floats(uint8_t *out, const float *f, size_t n);

void gp_floats_from_bytes(float *f, const uint8_t *in, size_t n);

/* Runs src; uniforms: nuni records of 4 floats; attrs: invocations * 16 records (or NULL).
 * The caller frees run->vary and run->regs. Returns 0, or -1 if the text did not assemble. */
int gp_test_run(int line, const char *src, const float *uniforms, size_t nuni,
                const float *attrs, uint32_t invocations, struct gp_test_run *run);

void gp_test_run_free(struct gp_test_run *run);

void gp_test_close(void);

#endif
