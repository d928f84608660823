/* midgard_sim_util.h: what the Midgard simulator tests share: assemble a program written in the
 * assembly syntax (docs/midgard-asm.md), run it on the sim runner, read registers and tables. */
#ifndef ISAPROBE_TEST_MIDGARD_SIM_UTIL_H
#define ISAPROBE_TEST_MIDGARD_SIM_UTIL_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "isaprobe/float_bits.h"
#include "isaprobe/runner.h"
#include "midgard/midgard.h"

/* Inputs and observed outputs of one test run. Floats are given as float arrays. */
struct sim_io {
	const char *gpu;           /* NULL: the default model */
	const float *uniforms;     /* uniform buffer */
	unsigned nuniforms;        /* floats */
	int uniform_regs;          /* as ip_job.uniform_regs; tests set it explicitly */
	const float *attributes;
	unsigned nattributes;
	const float *varyings_in;
	unsigned nvaryings_in;
	const uint32_t *regs_in;   /* initial register file, 128 u32 (or NULL) */
	unsigned invocations;
	uint64_t budget;
	unsigned varyings_out_cap; /* bytes of the varyings_out table (0: 64) */
	unsigned attributes_out_cap; /* bytes; 0: not observed */
	/* outputs */
	uint8_t regs[4][512];
	uint8_t vary_out[256];
	uint8_t attr_out[256];
	struct ip_result res;
};

int sim_assemble(const char *src, uint8_t **bin, size_t *len);

/* Runs packed code; returns the status. */
enum ip_status sim_run_bin(const uint8_t *bin, size_t len, struct sim_io *io);

enum ip_status sim_run(const char *src, struct sim_io *io);

uint32_t sim_u32(const uint8_t *p);

uint32_t reg_u(const struct sim_io *io, unsigned r, unsigned c);

float reg_f(const struct sim_io *io, unsigned r, unsigned c);

uint16_t reg_h(const struct sim_io *io, unsigned r, unsigned lane);

float vary_f(const struct sim_io *io, unsigned i);

#define CHECK_STATUS(io, want)                                                             \
	CHECK((io)->res.status == (want), "status %s (%s), expected %s",                   \
	      ip_status_name((io)->res.status), (io)->res.why ? (io)->res.why : "",        \
	      ip_status_name(want))

#define CHECK_F(io, r, c, want)                                                            \
	CHECK(reg_f(io, r, c) == (float)(want), "r%u.%c = %.9g, expected %.9g", (unsigned)(r), \
	      "xyzw"[c], (double)reg_f(io, r, c), (double)(want))

#define CHECK_U(io, r, c, want)                                                            \
	CHECK(reg_u(io, r, c) == (uint32_t)(want), "r%u.%c = 0x%08x, expected 0x%08x",     \
	      (unsigned)(r), "xyzw"[c], reg_u(io, r, c), (uint32_t)(want))

#endif
