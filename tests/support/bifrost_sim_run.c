/* bifrost_sim_run.c: what bifrost_sim_run.h declares, compiled once into the tests' support library
 * (tests/support/CMakeLists.txt). */
#include "bifrost_sim_run.h"

uint8_t *bifrost_code(const char *src, size_t *len)
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

enum ip_status run(const char *src, struct io *io)
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
