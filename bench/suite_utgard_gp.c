/* suite_utgard_gp.c: Utgard GP throughput: disassembly and assembly (instructions/s) and the
 * reference simulator (probe-sized jobs/s, vertices/s of the exp2 sequence). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runners/sim/utgard_gp/utgard_gp_sim.h"
#include "bench.h"
#include "utgard_gp/utgard_gp.h"

static uint64_t rnd(uint64_t *s)
{
	uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

static int assemble(const char *src, uint8_t **code, size_t *len)
{
	struct ip_program p;
	struct ip_diag d;
	ip_diag_init(&d, "bench");
	if (utgard_gp_isa.assemble(src, &p, &d) != 0) {
		fprintf(stderr, "isaprobe bench utgard_gp: %s\n", d.msg);
		return -1;
	}
	if (utgard_gp_isa.pack(&p, code, len, &d) != 0) {
		fprintf(stderr, "isaprobe bench utgard_gp: %s\n", d.msg);
		ip_program_free(&p);
		return -1;
	}
	ip_program_free(&p);
	return 0;
}

static int bench_text(struct bench_run *br)
{
	enum { N = 512 };
	static uint8_t bin[N * 16];
	unsigned rounds = (unsigned)bench_pick(br, 400, 40);
	uint64_t s = 1;
	struct bench_time t_dis = {0, 0, 0}, t_asm = {0, 0, 0};
	for (unsigned r = 0; r < rounds; r++) {
		struct ip_program p;
		struct ip_diag d;
		for (unsigned i = 0; i < sizeof bin; i++)
			bin[i] = (uint8_t)rnd(&s);
		if (utgard_gp_isa.unpack(bin, sizeof bin, &p, &d) != 0) {
			fprintf(stderr, "isaprobe bench utgard_gp: unpack: %s\n", d.msg);
			return -1;
		}
		if (bench_text_round_trip(&utgard_gp_isa, &p, &t_dis, &t_asm) != 0) {
			ip_program_free(&p);
			return -1;
		}
		ip_program_free(&p);
	}
	bench_rate(br, "disassemble", "instructions/s", (double)N * rounds, t_dis, BENCH_REPORT, 0,
	           "random 128-bit instructions");
	bench_rate(br, "assemble", "instructions/s", (double)N * rounds, t_asm, BENCH_REPORT, 0,
	           "the disassembler's text");
	return 0;
}

static int bench_sim(struct bench_run *br, const char *name, const char *what, const char *src,
                     uint32_t invocations, unsigned jobs, int vary_mul_op)
{
	uint8_t *code = NULL, uni[64] = {0}, attr[4096] = {0};
	size_t len = 0;
	void *sim;
	struct ip_diag d;
	struct ip_buf in[2] = {{IP_BUF_UNIFORMS, uni, sizeof uni},
	                       {IP_BUF_ATTRIBUTES, attr, sizeof attr}};
	uint8_t *vary = malloc((size_t)invocations * 256);
	struct ip_out_buf out = {IP_BUF_VARYINGS_OUT, vary, (size_t)invocations * 256, 0};
	struct ip_job job;
	struct ip_result res;
	unsigned ok = 0;
	struct bench_time t0, spent = {0, 0, 0};
	char note[160];
	if (!vary || assemble(src, &code, &len) != 0 || utgard_gp_sim.open(NULL, &sim, &d) != 0) {
		free(vary);
		free(code);
		return -1;
	}
	memset(&job, 0, sizeof job);
	job.code = code;
	job.code_len = len;
	job.inputs = in;
	job.ninputs = 2;
	job.limits.invocations = invocations;
	memset(&res, 0, sizeof res);
	res.outputs = &out;
	res.noutputs = 1;
	t0 = bench_now();
	for (unsigned j = 0; j < jobs; j++) {
		if (vary_mul_op)
			code[12] = (uint8_t)((code[12] & ~0x70u) | ((j & 7u) << 4)); /* bits 100-102 */
		utgard_gp_sim.run(sim, &job, &res);
		ok += res.status == IP_STATUS_OK;
	}
	bench_lap(&spent, t0);
	snprintf(note, sizeof note, "%s, %u vertices a job; %u of %u ok", what, invocations, ok,
	         jobs);
	bench_rate(br, name, "jobs/s", jobs, spent, BENCH_REPORT, 0, note);
	utgard_gp_sim.close(sim);
	free(code);
	free(vary);
	return 0;
}

static int run(struct bench_run *br)
{
	if (bench_text(br))
		return -1;
	if (bench_sim(br, "sim.mul_op", "the mul_op probe (3 instructions), multiply opcode varied",
	              "instr {\n\tmul0.mul ld_x, ld_y\n\tmul1.mul r0_x, r0_y\n\tload 0\n\treg0 attr 0\n"
	              "\tstore0.varying 0, mul0, mul1\n}\ninstr {}\n"
	              "instr {\n\tacc0.add mul0_2, ident\n\tacc1.add mul1_2, ident\n"
	              "\tstore0.varying 1, acc0, acc1\n}\n",
	              1, (unsigned)bench_size(br, 2000000, 100000), 1))
		return -1;
	if (bench_sim(br, "sim.exp2", "the notes' exp2 sequence",
	              "instr {\n\treg0 attr 0\n\tpass.unk4 r0_x\n}\n"
	              "instr {\n\tcplx.exp2 pass\n\tmul0.complex2 pass, pass\n}\n"
	              "instr {\n\tmul0.complex1 cplx, mul0\n\tmul1.complex1 cplx, pass_2\n}\n"
	              "instr {}\n"
	              "instr {\n\tpass.pass mul0_2\n\tstore0.varying 0, pass, none\n}\n",
	              16, (unsigned)bench_pick(br, 100000, 5000), 0))
		return -1;
	return 0;
}

static const struct bench_ratio ratios[] = {
	{"sim.midgard.ok", "utgard_gp.sim.mul_op",
	 "Midgard jobs (batches of 256) against Utgard GP jobs (one at a time), both 3 instructions",
	 0},
};

const struct bench_suite bench_suite_utgard_gp = {
	"utgard_gp", "Utgard GP text and simulator throughput", run,
	ratios, sizeof ratios / sizeof ratios[0],
};
