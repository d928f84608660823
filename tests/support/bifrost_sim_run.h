/* bifrost_sim_run.h: what the Bifrost simulator tests share: assemble a clause program written
 * in the clause syntax (docs/bifrost-asm.md), run it on the sim runner, read the registers. */
#ifndef ISAPROBE_TEST_BIFROST_SIM_RUN_H
#define ISAPROBE_TEST_BIFROST_SIM_RUN_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bifrost/bifrost.h"
#include "isaprobe/float_bits.h"
#include "isaprobe/runner.h"

struct io {
	uint32_t regs_in[4][64];
	const uint32_t *uniforms;
	unsigned nuniforms;
	uint8_t global[64];
	int use_global;
	unsigned invocations;
	uint64_t budget;
	uint32_t regs[4][64];
	struct ip_result res;
};

/* The packed code of clause text (malloc'd), or NULL after printing why it does not assemble. */
uint8_t *bifrost_code(const char *src, size_t *len);

enum ip_status run(const char *src, struct io *io);

#endif
