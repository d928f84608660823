/* ctm_run.c: what ctm_run.h declares, compiled once into the tests' support library
 * (tests/support/CMakeLists.txt). */
#include "ctm_run.h"

void ctm_put_f(uint8_t *mem, uint32_t addr, float f)
{
	memcpy(mem + addr, &f, 4);
}

float ctm_get_f(const uint8_t *mem, uint32_t addr)
{
	float f;
	memcpy(&f, mem + addr, 4);
	return f;
}

enum ip_status ctm_run_text(const char *src, uint8_t *mem, const char **why)
{
	const struct ip_isa *isa = ip_isa_find("ctm");
	struct ip_program prog;
	struct ip_diag d;
	struct ip_runner *r;
	struct ip_runner_config cfg = {"ctm", NULL, NULL};
	struct ip_buf in = {IP_BUF_GLOBAL, mem, CTM_TEST_MEM};
	uint8_t *bin = NULL, *out = malloc(CTM_TEST_MEM);
	struct ip_out_buf ob = {IP_BUF_GLOBAL, out, CTM_TEST_MEM, 0};
	struct ip_result res;
	size_t len;
	struct ip_job job;
	enum ip_status st;

	ip_diag_init(&d, "test");
	*why = "assembly failed";
	if (isa->assemble(src, &prog, &d) != 0) {
		fprintf(stderr, "line %u col %u: %s\n", d.line, d.col, d.msg);
		free(out);
		return IP_STATUS_RUNNER_ERROR;
	}
	if (isa->pack(&prog, &bin, &len, &d) != 0 || ip_runner_open("sim", &cfg, &r, &d) != 0) {
		fprintf(stderr, "%s\n", d.msg);
		ip_program_free(&prog);
		free(out);
		return IP_STATUS_RUNNER_ERROR;
	}
	ip_job_init(&job, &res, bin, len, &in, 1, &ob, 1);
	ip_runner_run(r, &job, &res);
	st = res.status;
	*why = res.why ? res.why : "";
	if (st == IP_STATUS_OK)
		memcpy(mem, out, CTM_TEST_MEM);
	ip_runner_close(r);
	ip_program_free(&prog);
	free(bin);
	free(out);
	return st;
}
