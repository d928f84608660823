/* test_harness_unobserved.c: a run whose registers a GPU harness could not observe (ok, its
 * registers output of length 0: it never reached the epilogue) is stored without that data, never
 * as zeros (campaign/exec.c), and inference takes it as no evidence (infer/infer_load.c): the
 * finding is the one the other variants give, where zeros would have made one of their own. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "isaprobe/internal/campaign.h"
#include "isaprobe/internal/infer.h"
#include "isaprobe/internal/probe.h"
#include "isaprobe/runner.h"
#include "midgard/midgard.h"
#include "store_fixture.h"

/* A register select: input 1 of a vector add of zero (r2 = the register), every register
 * distinct. The simulator reads r0-r23 and cannot say r24-r31. */
static const char probe_text[] = "isa midgard\n"
                                 "program <<END\n"
                                 "alu {\n\tvadd.fadd r2.xyzw, r0.xyzw, #0\n}\n"
                                 "END\n"
                                 "target 0.alu_reg bits 0-4\n"
                                 "input registers distinct 512\n"
                                 "uniform_regs 0\n"
                                 "observe registers 512\n";

/* The device: the simulator, but when input 1 is r16-r23 the registers are not observed (as
 * from a harness whose epilogue the variant missed), or, with `zeros`, read as zeros. */
static int zeros;

static unsigned src1_of(const struct ip_job *job)
{
	struct ip_program p;
	struct ip_diag d;
	unsigned reg = 0;
	ip_diag_init(&d, NULL);
	if (midgard_isa.unpack(job->code, job->code_len, &p, &d) != 0)
		return 0;
	for (unsigned k = 0; k < p.bundles[0].nslots; k++)
		if (p.bundles[0].slots[k].fmt == &midgard_alu_reg)
			reg = (unsigned)ip_field_get(ip_format_field(&midgard_alu_reg, "src1"),
			                             &p.bundles[0].slots[k].value);
	ip_program_free(&p);
	return reg;
}

static int dev_open(const struct ip_runner_config *cfg, void **state, struct ip_diag *d)
{
	struct ip_runner *r;
	if (ip_runner_open("sim", cfg, &r, d))
		return -1;
	*state = r;
	return 0;
}

static int dev_run(void *state, const struct ip_job *jobs, size_t n, struct ip_result *results)
{
	int rc = ip_runner_run_batch(state, jobs, n, results);
	for (size_t i = 0; i < n; i++) {
		unsigned reg = src1_of(&jobs[i]);
		struct ip_out_buf *o = ip_result_output(&results[i], IP_BUF_REGISTERS);
		if (reg < 16 || reg > 23 || results[i].status != IP_STATUS_OK || !o)
			continue;
		if (zeros)
			memset(o->data, 0, o->len);
		else
			o->len = 0;
	}
	return rc;
}

static void dev_close(void *state)
{
	ip_runner_close(state);
}

static const char *dev_model(void *state)
{
	return ip_runner_model(state);
}

static const struct ip_runner_backend dev = {
	.name = "unobserved",
	.summary = "a test device",
	.open = dev_open,
	.run_batch = dev_run,
	.close = dev_close,
	.model = dev_model,
};

/* The probe's auto campaign on b (NULL: the simulator) into path, inferred; the findings as
 * "lo-hi kind" lines. */
static char *findings(const char *path, const struct ip_probe *p,
                      const struct ip_runner_backend *b, char **short_outcomes)
{
	struct ip_store *s = fixture_fresh_store(path);
	struct ip_campaign_opts o;
	struct ip_campaign_result r;
	struct ip_diag d;
	char *rows;
	memset(&o, 0, sizeof o);
	o.runner = "sim";
	o.backend = b;
	o.strategy = IP_STRATEGY_AUTO;
	o.jobs = 1;
	ip_diag_init(&d, path);
	CHECK(ip_campaign_run(s, p, &o, &r, &d) == 0, "campaign %s: %s", path, d.msg);
	CHECK(ip_infer(s, NULL, NULL, &d) == 0, "infer %s: %s", path, d.msg);
	rows = fixture_rows(ip_store_sqlite(s), "SELECT lo || '-' || hi || ' ' || kind FROM finding"
	                                         " ORDER BY lo, hi");
	/* the ok outcomes whose data is shorter than the 512 observed bytes, and how long */
	*short_outcomes = fixture_rows(ip_store_sqlite(s), "SELECT DISTINCT length(data) FROM outcome"
	                                                   " WHERE status = 0 AND length(data) < 512");
	ip_store_close(s);
	return rows;
}

int main(void)
{
	char *dir = fixture_tmpdir("unobserved");
	char *sim_db = fixture_path(dir, "sim.db"), *dev_db = fixture_path(dir, "dev.db");
	char *zero_db = fixture_path(dir, "zero.db");
	struct ip_probe p;
	struct ip_diag d;
	char *sim, *gpu, *zero, *sim_short, *gpu_short, *zero_short;
	ip_diag_init(&d, "unobserved.probe");
	if (ip_probe_parse(probe_text, "unobserved.probe", &p, &d) != 0) {
		ip_diag_print(&d, stderr);
		return 1;
	}
	sim = findings(sim_db, &p, NULL, &sim_short);
	gpu = findings(dev_db, &p, &dev, &gpu_short);
	zeros = 1;
	zero = findings(zero_db, &p, &dev, &zero_short);
	/* the simulator: one register select over the five bits */
	CHECK(strcmp(sim, "0-4 register\n") == 0, "simulator: %s", sim);
	CHECK(!sim_short[0], "the simulator stored short outcomes: %s", sim_short);
	/* not observed: stored without data (the registers were the only output); inference finds
	 * the register select the observed variants show (r0-r15) and says nothing of bit 4, whose
	 * flip (r16) was not observed */
	CHECK(strcmp(gpu_short, "0\n") == 0, "outcomes not observed stored as: '%s'", gpu_short);
	CHECK(strcmp(gpu, "0-3 register\n4-4 unknown\n") == 0, "not observed: %s", gpu);
	/* read as zeros, they would have been evidence of something the device never showed */
	CHECK(strcmp(zero, gpu) != 0 && strcmp(zero, sim) != 0, "zeros: %s", zero);
	CHECK(strcmp(zero_short, "") == 0, "zeros stored short: %s", zero_short);
	free(sim);
	free(gpu);
	free(zero);
	free(sim_short);
	free(gpu_short);
	free(zero_short);
	ip_probe_free(&p);
	free(sim_db);
	free(dev_db);
	free(zero_db);
	fixture_rmdir(dir);
	return check_report("test_harness_unobserved");
}
