/* bench_sim.c: Midgard simulator throughput: variants per second of a 3-instruction probe whose
 * jobs differ only in load/store bits 25-50, run through ip_runner_run_batch in batches.
 * Usage: bench_sim [VARIANTS [OBSERVE_REGISTERS(0|1) [count|ok]]] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "isaprobe/runner.h"
#include "midgard/midgard.h"

#define BATCH 256

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

int main(int argc, char **argv)
{
	unsigned long total = argc > 1 ? strtoul(argv[1], NULL, 0) : 4000000ul;
	int observe_regs = argc > 2 ? atoi(argv[2]) : 1;
	/* "count": the field counts 0, 1, 2, ... (most values end early as unmodeled);
	 * "ok": only the component selects change around 0x1c1c, so every job runs to the end */
	int ok_only = argc > 3 && strcmp(argv[3], "ok") == 0;
	static uint8_t codes[BATCH][64], vary[BATCH][64], regs[BATCH][512];
	static struct ip_job jobs[BATCH];
	static struct ip_result res[BATCH];
	static struct ip_out_buf outs[BATCH][2];
	static const float attrs[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
	static const float unis[8] = {0.5f, 0.25f, 2, 4, 8, 16, 32, 64};
	struct ip_buf inputs[2] = {{IP_BUF_ATTRIBUTES, (const uint8_t *)attrs, sizeof attrs},
	                           {IP_BUF_UNIFORMS, (const uint8_t *)unis, sizeof unis}};
	struct ip_program p;
	struct ip_diag d;
	struct ip_runner *r;
	struct ip_runner_config cfg = {"midgard", NULL, NULL};
	const struct ip_field *unk = ip_format_field(&midgard_load_store, "unk25");
	unsigned bitpos = midgard_ls_tag.bits + unk->lo;
	unsigned long done = 0, status_count[IP_STATUS_COUNT] = {0};
	uint8_t *bin;
	size_t len;
	double t0, t1;

	ip_diag_init(&d, "probe");
	if (midgard_isa.assemble(probe, &p, &d) != 0 || midgard_isa.pack(&p, &bin, &len, &d) != 0) {
		ip_diag_print(&d, stderr);
		return 1;
	}
	ip_program_free(&p);
	if (ip_runner_open("sim", &cfg, &r, &d) != 0) {
		ip_diag_print(&d, stderr);
		return 1;
	}
	for (unsigned i = 0; i < BATCH; i++) {
		memcpy(codes[i], bin, len);
		jobs[i].code = codes[i];
		jobs[i].code_len = len;
		jobs[i].inputs = inputs;
		jobs[i].ninputs = 2;
		jobs[i].limits.invocations = 1;
		jobs[i].uniform_regs = 1;
		outs[i][0] = (struct ip_out_buf){IP_BUF_VARYINGS_OUT, vary[i], sizeof vary[i], 0};
		outs[i][1] = (struct ip_out_buf){IP_BUF_REGISTERS, regs[i], sizeof regs[i], 0};
		res[i].outputs = outs[i];
		res[i].noutputs = observe_regs ? 2 : 1;
	}
	t0 = now();
	while (done < total) {
		for (unsigned i = 0; i < BATCH; i++) {
			ip_word v = ip_word_zero();
			v.w[0] = ok_only ? (0x1c1c ^ ((done + i) & 0x303))
			                 : (done + i) & ((1u << unk->width) - 1);
			ip_bytes_put_bits(codes[i], bitpos, unk->width, &v);
		}
		ip_runner_run_batch(r, jobs, BATCH, res);
		for (unsigned i = 0; i < BATCH; i++)
			status_count[res[i].status]++;
		done += BATCH;
	}
	t1 = now();
	printf("bench_sim: %lu variants in %.3f s: %.0f variants/s (one core, batches of %d, "
	       "registers %sobserved, %s values)\n",
	       done, t1 - t0, (double)done / (t1 - t0), BATCH, observe_regs ? "" : "not ",
	       ok_only ? "running" : "counting");
	for (unsigned s = 0; s < IP_STATUS_COUNT; s++)
		if (status_count[s])
			printf("  %-13s %lu\n", ip_status_name((enum ip_status)s), status_count[s]);
	ip_runner_close(r);
	free(bin);
	return 0;
}
