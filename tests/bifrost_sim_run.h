/* bifrost_sim_run.h: what the Bifrost simulator tests share: assemble a clause program written
 * in the clause syntax (docs/bifrost-asm.md), run it on the sim runner, read the registers. */
#ifndef ISAPROBE_TEST_BIFROST_SIM_RUN_H
#define ISAPROBE_TEST_BIFROST_SIM_RUN_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bifrost/bifrost.h"
#include "common/float_bits.h"
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
static inline uint8_t *bifrost_code(const char *src, size_t *len)
{
	struct ip_program p;
	struct ip_diag d;
	uint8_t *bin = NULL;
	ip_diag_init(&d, "<test>");
	if (bifrost_assemble(src, &p, &d) != 0 || bifrost_pack(&p, &bin, len, &d) != 0) {
		ip_diag_print(&d, stderr);
		return NULL;
	}
	ip_program_free(&p);
	return bin;
}

static inline enum ip_status run(const char *src, struct io *io)
{
	struct ip_runner_config cfg = {"bifrost", NULL, NULL};
	struct ip_runner *r;
	struct ip_diag d;
	struct ip_buf in[3];
	struct ip_out_buf out[2];
	struct ip_job job;
	uint8_t *bin, gout[64];
	size_t len = 0;
	unsigned nin = 0;
	ip_diag_init(&d, "<test>");
	if (!(bin = bifrost_code(src, &len))) {
		io->res.status = IP_STATUS_RUNNER_ERROR;
		return IP_STATUS_RUNNER_ERROR;
	}
	if (ip_runner_open("sim", &cfg, &r, &d) != 0) {
		free(bin);
		io->res.status = IP_STATUS_RUNNER_ERROR;
		return IP_STATUS_RUNNER_ERROR;
	}
	in[nin++] = (struct ip_buf){IP_BUF_REGISTERS, (const uint8_t *)io->regs_in, sizeof io->regs_in};
	if (io->uniforms)
		in[nin++] = (struct ip_buf){IP_BUF_UNIFORMS, (const uint8_t *)io->uniforms,
		                            io->nuniforms * 4};
	if (io->use_global)
		in[nin++] = (struct ip_buf){IP_BUF_GLOBAL, io->global, sizeof io->global};
	out[0] = (struct ip_out_buf){IP_BUF_REGISTERS, (uint8_t *)io->regs, sizeof io->regs, 0};
	out[1] = (struct ip_out_buf){IP_BUF_GLOBAL, gout, sizeof gout, 0};
	ip_job_init(&job, &io->res, bin, len, in, nin, out, io->use_global ? 2 : 1);
	job.limits.invocations = io->invocations ? io->invocations : 1;
	job.limits.budget = io->budget;
	ip_runner_run(r, &job, &io->res);
	if (io->use_global)
		memcpy(io->global, gout, sizeof gout);
	io->res.outputs = NULL;
	io->res.noutputs = 0;
	ip_runner_close(r);
	free(bin);
	return io->res.status;
}

#endif
