/* suite_sim.c: the Midgard simulator's variants/s for a 3-instruction probe whose jobs differ
 * only in load/store bits 25-50 (issue 3: >= 1,000,000 per core), and two baselines on the
 * same job bytes in the same run: copying each job (no simulation) and unpacking it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "midgard/midgard.h"

#define BATCH 256
#define TARGET 1000000.0

enum mode {
	COPY,      /* write the variant's bits, copy the job's code, clear its outputs */
	UNPACK,    /* write the variant's bits, unpack the code into a program */
	SIM_COUNT, /* run: the field counts 0, 1, 2, ... (most values end early as unmodeled) */
	SIM_OK,    /* run: only component selects change around 0x1c1c, every job runs to the end */
};

/* Runs `total` variants in mode m, adding the time to *spent; *ok: the jobs that ran ok
 * (simulated), or a checksum of the baselines' work (so that it cannot be left out). */
static void measure(struct bench_mg_jobs *j, struct ip_runner *r, enum mode m, uint64_t total,
                    struct bench_time *spent, uint64_t *ok)
{
	static uint8_t scratch[64];
	struct bench_time t0 = bench_now();
	uint64_t sink = 0;
	*ok = 0;
	for (uint64_t done = 0; done < total; done += BATCH) {
		for (unsigned i = 0; i < BATCH; i++)
			bench_mg_jobs_set(j, i, m == SIM_OK ? 0x1c1c ^ ((done + i) & 0x303) : done + i);
		if (m == COPY) {
			for (unsigned i = 0; i < BATCH; i++) {
				memcpy(scratch, j->codes[i], j->len);
				memset(j->vary[i], 0, sizeof j->vary[i]);
				memset(j->regs[i], 0, sizeof j->regs[i]);
				sink += scratch[i % j->len] + j->vary[i][0];
			}
		} else if (m == UNPACK) {
			for (unsigned i = 0; i < BATCH; i++) {
				struct ip_program p;
				struct ip_diag d;
				if (midgard_isa.unpack(j->codes[i], j->len, &p, &d) == 0) {
					sink += p.nbundles;
					ip_program_free(&p);
				}
			}
		} else {
			ip_runner_run_batch(r, j->jobs, BATCH, j->res);
			for (unsigned i = 0; i < BATCH; i++)
				*ok += j->res[i].status == IP_STATUS_OK;
		}
	}
	bench_lap(spent, t0);
	if (m == COPY || m == UNPACK)
		*ok = sink;
}

static int run(struct bench_run *br)
{
	static const struct {
		enum mode mode;
		const char *name, *unit, *what;
		enum bench_goal goal;
	} modes[] = {
		{SIM_OK, "midgard.ok", "variants/s", "simulated, every job runs to the end",
		 BENCH_AT_LEAST},
		{SIM_COUNT, "midgard.count", "variants/s",
		 "simulated, bits 25-50 counting (most jobs end early: unmodeled)", BENCH_AT_LEAST},
		{COPY, "copy", "variants/s", "baseline: job bytes written and copied, outputs cleared",
		 BENCH_REPORT},
		{UNPACK, "unpack", "variants/s", "baseline: job bytes unpacked into a program",
		 BENCH_REPORT},
	};
	uint64_t total = bench_size(br, 4000000, 200000);
	struct bench_mg_jobs *j = bench_mg_jobs_new(BATCH);
	struct ip_runner_config cfg = {"midgard", NULL, NULL};
	struct ip_runner *r = NULL;
	struct ip_diag d;
	int rc = -1;
	ip_diag_init(&d, "sim suite");
	if (!j)
		goto out;
	if (ip_runner_open("sim", &cfg, &r, &d) != 0) {
		ip_diag_print(&d, stderr);
		goto out;
	}
	total = (total + BATCH - 1) / BATCH * BATCH;
	for (size_t k = 0; k < sizeof modes / sizeof modes[0]; k++) {
		struct bench_time spent = {0, 0, 0};
		uint64_t ok, n = modes[k].mode == UNPACK ? total / 8 : total;
		char note[160];
		n = (n + BATCH - 1) / BATCH * BATCH;
		measure(j, r, modes[k].mode, n, &spent, &ok);
		if (modes[k].mode == SIM_OK || modes[k].mode == SIM_COUNT)
			snprintf(note, sizeof note, "%s; %llu of %llu ok", modes[k].what,
			         (unsigned long long)ok, (unsigned long long)n);
		else
			snprintf(note, sizeof note, "%s", modes[k].what);
		bench_rate(br, modes[k].name, modes[k].unit, (double)n, spent, modes[k].goal,
		           modes[k].goal == BENCH_REPORT ? 0 : TARGET, note);
	}
	rc = 0;
out:
	ip_runner_close(r);
	bench_mg_jobs_free(j);
	return rc;
}

static const struct bench_ratio ratios[] = {
	{"sim.midgard.ok", "sim.copy",
	 "simulating a job against only copying its bytes (1 = as fast as the copy)", 0},
	{"sim.midgard.ok", "sim.unpack",
	 "the simulator's decode-and-run against the generic unpacker (>1: faster)", 0},
	{"sim.midgard.count", "sim.midgard.ok", "jobs that end early (unmodeled) against full ones",
	 0},
};

const struct bench_suite bench_suite_sim = {
	"sim", "Midgard simulator variants/s against copy and unpack baselines", run,
	ratios, sizeof ratios / sizeof ratios[0],
};
