/* midgard_sim_util.h: what the Midgard simulator tests share: assemble a program written in the
 * assembly syntax (docs/midgard-asm.md), run it on the sim runner, read registers and tables. */
#ifndef ISAPROBE_TEST_MIDGARD_SIM_UTIL_H
#define ISAPROBE_TEST_MIDGARD_SIM_UTIL_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "common/byteorder.h"
#include "common/float_bits.h"
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

static inline int sim_assemble(const char *src, uint8_t **bin, size_t *len)
{
	struct ip_program p;
	struct ip_diag d;
	ip_diag_init(&d, "<test>");
	if (midgard_isa.assemble(src, &p, &d) != 0) {
		ip_diag_print(&d, stderr);
		return -1;
	}
	if (midgard_isa.pack(&p, bin, len, &d) != 0) {
		ip_diag_print(&d, stderr);
		ip_program_free(&p);
		return -1;
	}
	ip_program_free(&p);
	return 0;
}

/* Runs packed code; returns the status. */
static inline enum ip_status sim_run_bin(const uint8_t *bin, size_t len, struct sim_io *io)
{
	struct ip_runner *r;
	struct ip_runner_config cfg = {"midgard", io->gpu, NULL};
	struct ip_diag d;
	struct ip_buf in[5];
	struct ip_out_buf out[3];
	struct ip_job job;
	unsigned nin = 0;
	ip_diag_init(&d, NULL);
	if (ip_runner_open("sim", &cfg, &r, &d) != 0) {
		ip_diag_print(&d, stderr);
		io->res.status = IP_STATUS_RUNNER_ERROR;
		return io->res.status;
	}
	if (io->uniforms)
		in[nin++] = (struct ip_buf){IP_BUF_UNIFORMS, (const uint8_t *)io->uniforms,
		                            io->nuniforms * 4};
	if (io->attributes)
		in[nin++] = (struct ip_buf){IP_BUF_ATTRIBUTES, (const uint8_t *)io->attributes,
		                            io->nattributes * 4};
	if (io->varyings_in)
		in[nin++] = (struct ip_buf){IP_BUF_VARYINGS_IN, (const uint8_t *)io->varyings_in,
		                            io->nvaryings_in * 4};
	if (io->regs_in)
		in[nin++] = (struct ip_buf){IP_BUF_REGISTERS, (const uint8_t *)io->regs_in, 512};
	out[0] = (struct ip_out_buf){IP_BUF_REGISTERS, &io->regs[0][0], sizeof io->regs, 0};
	out[1] = (struct ip_out_buf){IP_BUF_VARYINGS_OUT, io->vary_out,
	                             io->varyings_out_cap ? io->varyings_out_cap : 64, 0};
	out[2] = (struct ip_out_buf){IP_BUF_ATTRIBUTES, io->attr_out, io->attributes_out_cap, 0};
	ip_job_init(&job, &io->res, bin, len, in, nin, out, io->attributes_out_cap ? 3 : 2);
	job.limits.invocations = io->invocations;
	job.limits.budget = io->budget;
	job.uniform_regs = io->uniform_regs;
	ip_runner_run(r, &job, &io->res);
	io->res.outputs = NULL;
	io->res.noutputs = 0;
	ip_runner_close(r);
	return io->res.status;
}

static inline enum ip_status sim_run(const char *src, struct sim_io *io)
{
	uint8_t *bin;
	size_t len;
	enum ip_status s;
	if (sim_assemble(src, &bin, &len) != 0) {
		io->res.status = IP_STATUS_RUNNER_ERROR;
		return IP_STATUS_RUNNER_ERROR;
	}
	s = sim_run_bin(bin, len, io);
	free(bin);
	return s;
}

static inline uint32_t reg_u(const struct sim_io *io, unsigned r, unsigned c)
{
	return ip_le32(&io->regs[0][16 * r + 4 * c]);
}

static inline float reg_f(const struct sim_io *io, unsigned r, unsigned c)
{
	return ip_f32_from_bits(reg_u(io, r, c));
}

static inline uint16_t reg_h(const struct sim_io *io, unsigned r, unsigned lane)
{
	const uint8_t *p = &io->regs[0][16 * r + 2 * lane];
	return (uint16_t)(p[0] | p[1] << 8);
}

static inline float vary_f(const struct sim_io *io, unsigned i)
{
	return ip_f32_from_bits(ip_le32(&io->vary_out[4 * i]));
}

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
