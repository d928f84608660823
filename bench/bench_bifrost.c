/* bench_bifrost.c: Bifrost throughput: clause unpack and pack (clauses/s), disassembly and
 * assembly (clauses/s), and the reference simulator (jobs/s of the notes' rcp sequence). Run by hand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bifrost/bifrost.h"
#include "isaprobe/runner.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static uint64_t rnd(uint64_t *s)
{
	uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* Random clauses of random valid layouts, tags forced. Returns the byte count. */
static size_t random_program(uint64_t *s, uint8_t *buf, unsigned nclauses)
{
	size_t len = 0;
	for (unsigned c = 0; c < nclauses; c++) {
		struct bifrost_qword_plan plan[BIFROST_MAX_QUADWORDS];
		unsigned n, k;
		int nq;
		do {
			n = 1 + (unsigned)(rnd(s) % 8);
			k = (unsigned)(rnd(s) % 8);
		} while ((nq = bifrost_plan(n, k, plan)) < 0);
		for (int q = 0; q < nq; q++, len += 16) {
			for (unsigned i = 0; i < 16; i++)
				buf[len + i] = (uint8_t)rnd(s);
			buf[len] = (uint8_t)((buf[len] & ~plan[q].tag_mask) | plan[q].tag);
		}
	}
	return len;
}

static void bench_packing(void)
{
	enum { CLAUSES = 1000, ROUNDS = 200 };
	static uint8_t bin[CLAUSES * 16 * BIFROST_MAX_QUADWORDS];
	uint64_t s = 1;
	double t_un = 0, t_pk = 0, t_dis = 0, t_asm = 0, t0;
	for (unsigned r = 0; r < ROUNDS; r++) {
		size_t len = random_program(&s, bin, CLAUSES), plen, tlen;
		struct ip_program p, p2;
		struct ip_diag d;
		uint8_t *out = NULL;
		char *text = NULL;
		FILE *m;
		t0 = now();
		if (bifrost_unpack(bin, len, &p, &d) != 0) {
			fprintf(stderr, "bench: unpack: %s\n", d.msg);
			return;
		}
		t_un += now() - t0;
		t0 = now();
		bifrost_pack(&p, &out, &plen, &d);
		t_pk += now() - t0;
		free(out);
		if (r % 10 == 0) {
			t0 = now();
			m = open_memstream(&text, &tlen);
			bifrost_disassemble(&p, m);
			fclose(m);
			t_dis += now() - t0;
			t0 = now();
			if (bifrost_assemble(text, &p2, &d) == 0)
				ip_program_free(&p2);
			t_asm += now() - t0;
			free(text);
		}
		ip_program_free(&p);
	}
	printf("unpack       %10.0f clauses/s\n", CLAUSES * ROUNDS / t_un);
	printf("pack         %10.0f clauses/s\n", CLAUSES * ROUNDS / t_pk);
	printf("disassemble  %10.0f clauses/s\n", CLAUSES * (ROUNDS / 10) / t_dis);
	printf("assemble     %10.0f clauses/s\n", CLAUSES * (ROUNDS / 10) / t_asm);
}

static void bench_sim(void)
{
	static const char src[] =
		"clause {\n"
		"\treg read=r0 wfma=r1 first=1\n\tfma FRCP_FREXPM src0=p0\n\tadd FRCP_TABLE src0=p0\n"
		"\treg read=r0 wadd=r2 uc_sel=c0 const_lo=0\n"
		"\tfma FMA_MSCALE src0=t0 src1=t1 src1_neg=1 src2=uc_hi src3=zero mode_sel=1 mode=0\n"
		"\tadd FRCP_FREXPE src0=p0\n"
		"\treg read=r2\n\tfma FMA_MSCALE src0=t0 src1=p0 src2=p0 src3=t1\n\tadd NOP src0=p0\n"
		"\tconst 0x3f8000000000000\n}\n";
	enum { JOBS = 100000, LANES = 4 };
	static uint8_t regs_in[LANES * 256], regs_out[LANES * 256];
	struct ip_runner_config cfg = {"bifrost", NULL, NULL};
	struct ip_runner *r;
	struct ip_program p;
	struct ip_diag d;
	uint8_t *bin = NULL;
	size_t len = 0;
	struct ip_buf in = {IP_BUF_REGISTERS, regs_in, sizeof regs_in};
	struct ip_out_buf out = {IP_BUF_REGISTERS, regs_out, sizeof regs_out, 0};
	struct ip_job job;
	struct ip_result res;
	double t0;
	if (bifrost_assemble(src, &p, &d) != 0 || bifrost_pack(&p, &bin, &len, &d) != 0 ||
	    ip_runner_open("sim", &cfg, &r, &d) != 0) {
		fprintf(stderr, "bench: %s\n", d.msg);
		return;
	}
	ip_program_free(&p);
	memset(&job, 0, sizeof job);
	job.code = bin;
	job.code_len = len;
	job.inputs = &in;
	job.ninputs = 1;
	job.limits.invocations = LANES;
	memset(&res, 0, sizeof res);
	res.outputs = &out;
	res.noutputs = 1;
	t0 = now();
	for (unsigned j = 0; j < JOBS; j++) {
		regs_in[0] = (uint8_t)j;
		ip_runner_run(r, &job, &res);
	}
	printf("simulator    %10.0f jobs/s (3-instruction rcp clause, one quad)\n",
	       JOBS / (now() - t0));
	ip_runner_close(r);
	free(bin);
}

int main(void)
{
	bench_packing();
	bench_sim();
	return 0;
}
