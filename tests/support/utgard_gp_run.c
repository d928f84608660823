/* utgard_gp_run.c: what utgard_gp_run.h declares, compiled once into the tests' support library
 * (tests/support/CMakeLists.txt). */
#include "utgard_gp_run.h"

void *gp_test_sim;

void gp_bytes_from_floats(uint8_t *out, const float *f, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		union {
			float f;
			uint32_t u;
		} x = {f[i]};
		for (unsigned b = 0; b < 4; b++)
			out[4 * i + b] = (uint8_t)(x.u >> (8 * b));
	}
}

void gp_floats_from_bytes(float *f, const uint8_t *in, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		union {
			uint32_t u;
			float f;
		} x;
		x.u = (uint32_t)in[4 * i] | (uint32_t)in[4 * i + 1] << 8 |
		      (uint32_t)in[4 * i + 2] << 16 | (uint32_t)in[4 * i + 3] << 24;
		f[i] = x.f;
	}
}

int gp_test_run(int line, const char *src, const float *uniforms, size_t nuni,
                const float *attrs, uint32_t invocations, struct gp_test_run *run)
{
	struct ip_program p;
	struct ip_diag d;
	uint8_t *code = NULL, *ubytes, *abytes = NULL, *vbytes, *rbytes;
	size_t code_len = 0, vlen = (size_t)invocations * 256;
	struct ip_buf in[2];
	struct ip_out_buf out[2];
	struct ip_job job;
	struct ip_result res;
	unsigned nin = 0;

	memset(run, 0, sizeof *run);
	ip_diag_init(&d, "test");
	if (utgard_gp_isa.assemble(src, &p, &d) != 0) {
		CHECK(0, "line %d: assembly failed at %u:%u: %s", line, d.line, d.col, d.msg);
		return -1;
	}
	utgard_gp_isa.pack(&p, &code, &code_len, &d);
	ip_program_free(&p);
	if (!gp_test_sim && utgard_gp_sim.open(NULL, &gp_test_sim, &d) != 0) {
		CHECK(0, "open: %s", d.msg);
		free(code);
		return -1;
	}
	ubytes = calloc(nuni ? nuni * 16 : 1, 1);
	gp_bytes_from_floats(ubytes, uniforms, nuni * 4);
	in[nin++] = (struct ip_buf){IP_BUF_UNIFORMS, ubytes, nuni * 16};
	if (attrs) {
		abytes = malloc(vlen);
		gp_bytes_from_floats(abytes, attrs, (size_t)invocations * 64);
		in[nin++] = (struct ip_buf){IP_BUF_ATTRIBUTES, abytes, vlen};
	}
	vbytes = malloc(vlen);
	rbytes = malloc(vlen);
	out[0] = (struct ip_out_buf){IP_BUF_VARYINGS_OUT, vbytes, vlen, 0};
	out[1] = (struct ip_out_buf){IP_BUF_REGISTERS, rbytes, vlen, 0};
	ip_job_init(&job, &res, code, code_len, in, nin, out, 2);
	job.limits.invocations = invocations;
	utgard_gp_sim.run(gp_test_sim, &job, &res);
	run->status = res.status;
	run->why = res.why;
	run->where = res.where;
	run->vary = malloc(vlen);
	run->regs = malloc(vlen);
	gp_floats_from_bytes(run->vary, vbytes, vlen / 4);
	gp_floats_from_bytes(run->regs, rbytes, vlen / 4);
	free(code);
	free(ubytes);
	free(abytes);
	free(vbytes);
	free(rbytes);
	return 0;
}

void gp_test_run_free(struct gp_test_run *run)
{
	free(run->vary);
	free(run->regs);
	run->vary = run->regs = NULL;
}

void gp_test_close(void)
{
	if (gp_test_sim)
		utgard_gp_sim.close(gp_test_sim);
	gp_test_sim = NULL;
}
