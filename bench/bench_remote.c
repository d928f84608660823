/* bench_remote.c: what the agent protocol costs: jobs per second of the Midgard simulator in
 * this process against the same jobs through remote:'ISAPROBE agent --runner sim', per batch size.
 * Usage: bench_remote [ISAPROBE [JOBS]] (ISAPROBE: default ../isaprobe beside this program) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "isaprobe/runner.h"
#include "midgard/midgard.h"

#define MAX_BATCH 4096

static const char probe[] =
	"ls {\n\tld_attr_32 r0.xyzw, [1].xyzw unk25=0x1c1c\n}\n"
	"alu {\n\tvmul.fadd r1, r0.xyzw, r23.xyzw\n}\n"
	"ls {\n\tst_vary_32 r1.xyzw, [0].xyzw unk25=0x1c9c\n}\n";

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static uint8_t codes[MAX_BATCH][64], vary[MAX_BATCH][64], regs[MAX_BATCH][512];
static struct ip_job jobs[MAX_BATCH];
static struct ip_result res[MAX_BATCH];
static struct ip_out_buf outs[MAX_BATCH][2];

/* Jobs per second running `total` jobs in batches of `batch`. */
static double rate(struct ip_runner *r, unsigned long total, unsigned batch)
{
	double t0 = now();
	for (unsigned long done = 0; done < total; done += batch) {
		unsigned n = total - done < batch ? (unsigned)(total - done) : batch;
		ip_runner_run_batch(r, jobs, n, res);
	}
	return (double)total / (now() - t0);
}

int main(int argc, char **argv)
{
	static const float attrs[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
	static const float unis[8] = {0.5f, 0.25f, 2, 4, 8, 16, 32, 64};
	static const unsigned batches[] = {1, 16, 256, 4096};
	struct ip_buf inputs[2] = {{IP_BUF_ATTRIBUTES, (const uint8_t *)attrs, sizeof attrs},
	                           {IP_BUF_UNIFORMS, (const uint8_t *)unis, sizeof unis}};
	struct ip_runner_config cfg = {.isa = "midgard"};
	struct ip_runner *sim, *agent;
	struct ip_program p;
	struct ip_diag d;
	unsigned long total;
	uint8_t *bin;
	size_t len;
	char spec[4096], program[4000];
	if (argc > 1) {
		snprintf(program, sizeof program, "%s", argv[1]);
	} else {
		/* build/X/bench/bench_remote -> build/X/isaprobe */
		const char *slash = strrchr(argv[0], '/');
		snprintf(program, sizeof program, "%.*s../isaprobe",
		         slash ? (int)(slash - argv[0] + 1) : 0, argv[0]);
	}
	total = argc > 2 ? strtoul(argv[2], NULL, 0) : 200000ul;
	ip_diag_init(&d, "<bench>");
	if (midgard_isa.assemble(probe, &p, &d) != 0 || midgard_isa.pack(&p, &bin, &len, &d) != 0 ||
	    len > sizeof codes[0]) {
		ip_diag_print(&d, stderr);
		return 1;
	}
	ip_program_free(&p);
	/* Variants of load/store bits 25-50 in the first word, as a campaign sends them. */
	for (unsigned i = 0; i < MAX_BATCH; i++) {
		memcpy(codes[i], bin, len);
		codes[i][4] ^= (uint8_t)(i & 0x3f);
		jobs[i] = (struct ip_job){codes[i], len, inputs, 2, {1, 0}, -1};
		outs[i][0] = (struct ip_out_buf){IP_BUF_VARYINGS_OUT, vary[i], sizeof vary[i], 0};
		outs[i][1] = (struct ip_out_buf){IP_BUF_REGISTERS, regs[i], sizeof regs[i], 0};
		res[i] = (struct ip_result){.outputs = outs[i], .noutputs = 2};
	}
	free(bin);
	snprintf(spec, sizeof spec, "remote:'%s' agent --runner sim", program);
	if (ip_runner_open("sim", &cfg, &sim, &d) != 0 || ip_runner_open(spec, &cfg, &agent, &d)) {
		ip_diag_print(&d, stderr);
		return 1;
	}
	printf("%-8s %14s %14s %8s\n", "batch", "in-process/s", "remote/s", "ratio");
	for (unsigned b = 0; b < sizeof batches / sizeof batches[0]; b++) {
		unsigned long n = batches[b] == 1 ? total / 10 : total;
		double local = rate(sim, n, batches[b]), remote = rate(agent, n, batches[b]);
		printf("%-8u %14.0f %14.0f %8.2f\n", batches[b], local, remote, local / remote);
	}
	ip_runner_close(sim);
	ip_runner_close(agent);
	return 0;
}
