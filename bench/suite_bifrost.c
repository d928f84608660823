/* suite_bifrost.c: Bifrost throughput: clause unpack and pack, disassembly and assembly
 * (clauses/s), and the reference simulator (jobs/s of the notes' rcp sequence). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "bifrost/bifrost.h"
#include "isaprobe/runner.h"

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

static int bench_packing(struct bench_run *br)
{
	enum { CLAUSES = 1000 };
	static uint8_t bin[CLAUSES * 16 * BIFROST_MAX_QUADWORDS];
	unsigned rounds = (unsigned)bench_pick(br, 200, 20);
	uint64_t s = 1;
	struct bench_time t_un = {0, 0, 0}, t_pk = {0, 0, 0}, t_dis = {0, 0, 0}, t_asm = {0, 0, 0}, t0;
	for (unsigned r = 0; r < rounds; r++) {
		size_t len = random_program(&s, bin, CLAUSES), plen;
		struct ip_program p;
		struct ip_diag d;
		uint8_t *out = NULL;
		t0 = bench_now();
		if (bifrost_unpack(bin, len, &p, &d) != 0) {
			fprintf(stderr, "isaprobe bench bifrost: unpack: %s\n", d.msg);
			return -1;
		}
		bench_lap(&t_un, t0);
		t0 = bench_now();
		if (bifrost_pack(&p, &out, &plen, &d) != 0) {
			fprintf(stderr, "isaprobe bench bifrost: pack: %s\n", d.msg);
			ip_program_free(&p);
			return -1;
		}
		bench_lap(&t_pk, t0);
		free(out);
		if (r % 10 == 0 && bench_text_round_trip(&bifrost_isa, &p, &t_dis, &t_asm) != 0) {
			ip_program_free(&p);
			return -1;
		}
		ip_program_free(&p);
	}
	bench_rate(br, "unpack", "clauses/s", (double)CLAUSES * rounds, t_un, BENCH_REPORT, 0,
	           "random clauses of random valid layouts");
	bench_rate(br, "pack", "clauses/s", (double)CLAUSES * rounds, t_pk, BENCH_REPORT, 0, NULL);
	bench_rate(br, "disassemble", "clauses/s", (double)CLAUSES * ((rounds + 9) / 10), t_dis,
	           BENCH_REPORT, 0, NULL);
	bench_rate(br, "assemble", "clauses/s", (double)CLAUSES * ((rounds + 9) / 10), t_asm,
	           BENCH_REPORT, 0, NULL);
	return 0;
}

static int bench_sim(struct bench_run *br)
{
	static const char src[] =
		"clause {\n"
		"\treg read=r0 wfma=r1 first=1\n\tfma FRCP_FREXPM src0=p0\n\tadd FRCP_TABLE src0=p0\n"
		"\treg read=r0 wadd=r2 uc_sel=c0 const_lo=0\n"
		"\tfma FMA_MSCALE src0=t0 src1=t1 src1_neg=1 src2=uc_hi src3=zero mode_sel=1 mode=0\n"
		"\tadd FRCP_FREXPE src0=p0\n"
		"\treg read=r2\n\tfma FMA_MSCALE src0=t0 src1=p0 src2=p0 src3=t1\n\tadd NOP\n"
		"\tconst 0x3f8000000000000\n}\n";
	enum { LANES = 4 };
	unsigned jobs = (unsigned)bench_size(br, 100000, 10000), ok = 0;
	char note[160];
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
	struct bench_time spent = {0, 0, 0}, t0;
	if (bifrost_assemble(src, &p, &d) != 0 || bifrost_pack(&p, &bin, &len, &d) != 0 ||
	    ip_runner_open("sim", &cfg, &r, &d) != 0) {
		fprintf(stderr, "isaprobe bench bifrost: %s\n", d.msg);
		free(bin);
		return -1;
	}
	ip_program_free(&p);
	ip_job_init(&job, &res, bin, len, &in, 1, &out, 1);
	job.limits.invocations = LANES;
	t0 = bench_now();
	for (unsigned j = 0; j < jobs; j++) {
		regs_in[0] = (uint8_t)j;
		ip_runner_run(r, &job, &res);
		ok += res.status == IP_STATUS_OK;
	}
	bench_lap(&spent, t0);
	snprintf(note, sizeof note, "the notes' 3-instruction rcp clause, one quad; %u of %u ok", ok,
	         jobs);
	bench_rate(br, "sim", "jobs/s", jobs, spent, BENCH_REPORT, 0, note);
	ip_runner_close(r);
	free(bin);
	return 0;
}

static int run(struct bench_run *br)
{
	return bench_packing(br) || bench_sim(br) ? -1 : 0;
}

static const struct bench_ratio ratios[] = {
	{"sim.midgard.ok", "bifrost.sim",
	 "Midgard jobs (batches of 256) against Bifrost jobs (one at a time, 4 lanes)", 0},
};

const struct bench_suite bench_suite_bifrost = {
	"bifrost", "Bifrost clause packing, text and simulator throughput", run,
	ratios, sizeof ratios / sizeof ratios[0],
};
