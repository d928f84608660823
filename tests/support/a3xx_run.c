/* a3xx_run.c: what a3xx_run.h declares, compiled once into the tests' support library
 * (tests/support/CMakeLists.txt). */
#include "a3xx_run.h"

extern const struct ip_sim_isa a3xx_sim; /* runners/sim/a3xx/a3xx_sim.c */

void *a3xx_test_sim;

void a3xx_set_reg(struct a3xx_job *j, unsigned idx, float f)
{
	uint32_t u = ip_f32_bits(f);
	memcpy(j->regs + 4 * idx, &u, 4);
}

void a3xx_set_ureg(struct a3xx_job *j, unsigned idx, uint32_t u)
{
	memcpy(j->regs + 4 * idx, &u, 4);
}

void a3xx_set_hreg(struct a3xx_job *j, unsigned idx, uint16_t h)
{
	memcpy(j->regs + A3XX_REGS_HALF_AT + 2 * idx, &h, 2);
}

float a3xx_reg(const struct a3xx_job *j, unsigned idx)
{
	uint32_t u;
	memcpy(&u, j->regs + 4 * idx, 4);
	return ip_f32_from_bits(u);
}

uint32_t a3xx_ureg(const struct a3xx_job *j, unsigned idx)
{
	uint32_t u;
	memcpy(&u, j->regs + 4 * idx, 4);
	return u;
}

uint16_t a3xx_hreg(const struct a3xx_job *j, unsigned idx)
{
	uint16_t h;
	memcpy(&h, j->regs + A3XX_REGS_HALF_AT + 2 * idx, 2);
	return h;
}

int a3xx_test_run(int line, const char *src, struct a3xx_job *j)
{
	struct ip_program p;
	struct ip_diag d;
	uint8_t *code = NULL, *consts = NULL, *vary = NULL, *tex = NULL;
	uint8_t regs_in[A3XX_REGS_BYTES], global_in[256];
	size_t code_len = 0;
	struct ip_buf in[5];
	struct ip_out_buf out[2];
	struct ip_job job;
	struct ip_result res;
	unsigned nin = 0, nout = 0;

	ip_diag_init(&d, "test");
	if (a3xx_isa.assemble(src, &p, &d) != 0) {
		CHECK(0, "line %d: assembly failed at %u:%u: %s", line, d.line, d.col, d.msg);
		return -1;
	}
	a3xx_isa.pack(&p, &code, &code_len, &d);
	ip_program_free(&p);
	if (!a3xx_test_sim && a3xx_sim.open(NULL, &a3xx_test_sim, &d) != 0) {
		CHECK(0, "open: %s", d.msg);
		free(code);
		return -1;
	}
	consts = malloc(4 * j->nconsts + 1);
	for (size_t i = 0; i < j->nconsts; i++) {
		uint32_t u = ip_f32_bits(j->consts[i]);
		memcpy(consts + 4 * i, &u, 4);
	}
	in[nin++] = (struct ip_buf){IP_BUF_UNIFORMS, consts, 4 * j->nconsts};
	vary = malloc(16 * j->nvaryings + 1);
	for (size_t i = 0; i < 4 * j->nvaryings; i++) {
		uint32_t u = ip_f32_bits(j->varyings[i]);
		memcpy(vary + 4 * i, &u, 4);
	}
	in[nin++] = (struct ip_buf){IP_BUF_VARYINGS_IN, vary, 16 * j->nvaryings};
	tex = malloc(16 * j->ntexels + 1);
	if (j->ntexels)
		memcpy(tex, j->textures, 16 * j->ntexels);
	in[nin++] = (struct ip_buf){IP_BUF_TEXTURES, tex, 16 * j->ntexels};
	memcpy(regs_in, j->regs, sizeof regs_in);
	in[nin++] = (struct ip_buf){IP_BUF_REGISTERS, regs_in, sizeof regs_in};
	out[nout++] = (struct ip_out_buf){IP_BUF_REGISTERS, j->regs, sizeof j->regs, 0};
	if (j->global_len) {
		memcpy(global_in, j->global, j->global_len);
		in[nin++] = (struct ip_buf){IP_BUF_GLOBAL, global_in, j->global_len};
		out[nout++] = (struct ip_out_buf){IP_BUF_GLOBAL, j->global, j->global_len, 0};
	}
	ip_job_init(&job, &res, code, code_len, in, nin, out, nout);
	a3xx_sim.run(a3xx_test_sim, &job, &res);
	j->status = res.status;
	j->why = res.why;
	j->where = res.where;
	free(code);
	free(consts);
	free(vary);
	free(tex);
	return 0;
}

void a3xx_test_close(void)
{
	if (a3xx_test_sim)
		a3xx_sim.close(a3xx_test_sim);
	a3xx_test_sim = NULL;
}
