/* midgard_sim_util.c: what midgard_sim_util.h declares, compiled once into the tests'
 * support library (tests/support/CMakeLists.txt). */
#include "midgard_sim_util.h"

int sim_assemble(const char *src, uint8_t **bin, size_t *len)
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

enum ip_status sim_run_bin(const uint8_t *bin, size_t len, struct sim_io *io)
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

enum ip_status sim_run(const char *src, struct sim_io *io)
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

uint32_t sim_u32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

uint32_t reg_u(const struct sim_io *io, unsigned r, unsigned c)
{
	return sim_u32(&io->regs[0][16 * r + 4 * c]);
}

float reg_f(const struct sim_io *io, unsigned r, unsigned c)
{
	return ip_f32_from_bits(reg_u(io, r, c));
}

uint16_t reg_h(const struct sim_io *io, unsigned r, unsigned lane)
{
	const uint8_t *p = &io->regs[0][16 * r + 2 * lane];
	return (uint16_t)(p[0] | p[1] << 8);
}

float vary_f(const struct sim_io *io, unsigned i)
{
	return ip_f32_from_bits(sim_u32(&io->vary_out[4 * i]));
}
