/* suite_afl.c: the AFL++ engine against --strategy random with the same number of runs on a
 * probe of two interacting regions too large to sweep: distinct outcome classes, and runs/s. */
#define _XOPEN_SOURCE 700 /* nftw */
#include <ftw.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz/afl/afl_internal.h"
#include "campaign/exec.h"
#include "bench.h"
#include "isaprobe/afl.h"
#include "isaprobe/campaign.h"

extern const char bench_afl_two_regions_probe[]; /* bench/probe.cmake */
#define PROBE_NAME "bench/afl_two_regions.probe"

/* Distinct outcome classes among the runs stored for campaign id, each run's outcome against
 * its context's seed outcome (base); the same function for both engines. -1 on error. */
static int64_t count_classes(struct ip_store *s, int64_t id, const struct ip_probe *p,
                             const struct ip_outcome *base)
{
	struct ip_afl_classifier *c = NULL;
	struct ip_afl_class_set set = {0};
	sqlite3_stmt *st = NULL;
	struct ip_diag d;
	int64_t n = -1;
	ip_diag_init(&d, PROBE_NAME);
	if (ip_afl_classifier_new(p, &c, &d) != 0) {
		ip_diag_print(&d, stderr);
		return -1;
	}
	if (sqlite3_prepare_v2(ip_store_sqlite(s),
	                       "SELECT run.context, outcome.status, outcome.fault, outcome.data "
	                       "FROM run JOIN outcome ON outcome.id = run.outcome_id "
	                       "WHERE run.campaign_id = ?",
	                       -1, &st, NULL) != SQLITE_OK)
		goto out;
	sqlite3_bind_int64(st, 1, id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		struct ip_outcome o;
		unsigned ctx = (unsigned)sqlite3_column_int(st, 0);
		o.status = (enum ip_status)sqlite3_column_int(st, 1);
		o.fault = (uint32_t)sqlite3_column_int64(st, 2);
		o.data = sqlite3_column_blob(st, 3);
		o.len = (size_t)sqlite3_column_bytes(st, 3);
		if (ctx >= p->ncontexts ||
		    ip_afl_class_set_add(&set, ip_afl_classify(c, &base[ctx], &o, NULL, NULL)) < 0)
			goto out;
	}
	n = (int64_t)ip_afl_class_set_count(&set);
out:
	sqlite3_finalize(st);
	ip_afl_class_set_free(&set);
	ip_afl_classifier_free(c);
	return n;
}

/* Each context's seed outcome, on the simulator. */
static int seed_outcomes(const struct ip_probe *p, struct ip_outcome *base, uint8_t *data)
{
	struct ip_runner_config cfg = {p->isa->name, p->gpu, NULL};
	struct ip_runner *r = NULL;
	struct ip_exec x;
	struct ip_diag d;
	ip_diag_init(&d, PROBE_NAME);
	if (ip_runner_open("sim", &cfg, &r, &d) != 0 || ip_exec_init(&x, p, r, 1, &d) != 0) {
		ip_diag_print(&d, stderr);
		ip_runner_close(r);
		return -1;
	}
	for (unsigned c = 0; c < p->ncontexts; c++) {
		struct ip_variant v = {c, p->contexts[c].seed_value};
		const char *lost;
		ip_exec_run(&x, &v, 1, data + c * p->output_len, &base[c], &lost); /* sim: never lost */
	}
	ip_exec_free(&x);
	ip_runner_close(r);
	return 0;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

struct engine_run {
	int64_t classes;
	uint64_t runs;
	double seconds;
	char why[600];
};

static int run_engine(struct bench_run *br, const struct ip_probe *p, int afl, uint64_t budget,
                      const struct ip_outcome *base, struct engine_run *er)
{
	char path[4096], dir[4200];
	struct ip_store *s = NULL;
	struct ip_diag d;
	int64_t id = -1;
	int rc = -1;
	bench_db_path(br, afl ? "afl-afl" : "afl-random", path, sizeof path);
	bench_db_remove(path);
	ip_diag_init(&d, path);
	memset(er, 0, sizeof *er);
	if (ip_store_open(path, IP_STORE_READ_WRITE_CREATE, &s, &d) != 0)
		goto out;
	if (afl) {
		struct ip_afl_opts o = {0};
		struct ip_afl_result r;
		memcpy(dir, path, strlen(path) + 1); /* path is shorter than dir */
		strcat(dir, ".afl");
		o.runner = "sim";
		o.budget = budget;
		o.workdir = dir;
		o.jobs = 1;
		if (ip_afl_campaign_run(s, p, &o, &r, &d) != 0)
			goto out;
		id = r.campaign_id;
		er->runs = r.runs;
		er->seconds = r.seconds;
	} else {
		struct ip_campaign_opts o = {0};
		struct ip_campaign_result r;
		o.runner = "sim";
		o.strategy = IP_STRATEGY_RANDOM;
		o.budget = budget;
		o.jobs = 1;
		if (ip_campaign_run(s, p, &o, &r, &d) != 0)
			goto out;
		id = r.campaign_id;
		er->runs = r.runs;
		er->seconds = r.seconds;
	}
	er->classes = count_classes(s, id, p, base);
	rc = er->classes < 0 ? ip_diag_plain(&d, "counting the outcome classes failed") : 0;
out:
	if (rc)
		memcpy(er->why, d.msg, sizeof d.msg);
	ip_store_close(s);
	if (!br->opts->keep) {
		bench_db_remove(path);
		if (afl && nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS) != 0)
			fprintf(stderr, "isaprobe bench afl: could not remove %s\n", dir);
	}
	return rc;
}

static int run(struct bench_run *br)
{
	uint64_t budget = bench_size(br, 200000, 20000);
	struct ip_probe p;
	struct ip_diag d;
	struct ip_outcome base[IP_PROBE_MAX_CONTEXTS];
	struct engine_run rnd, afl;
	struct ip_afl_tools tools;
	uint8_t *data = NULL;
	char note[160], probe_path[4096] = "";
	int rc = -1;
	FILE *f;
	ip_diag_init(&d, PROBE_NAME);
	if (ip_probe_parse(bench_afl_two_regions_probe, PROBE_NAME, &p, &d) != 0) {
		ip_diag_print(&d, stderr);
		ip_probe_free(&p);
		return -1;
	}
	/* afl-fuzz's harness reads the probe from a file */
	bench_db_path(br, "afl-probe", probe_path, sizeof probe_path);
	free(p.path);
	p.path = strdup(probe_path);
	f = fopen(probe_path, "w");
	if (!p.path || !f || fputs(bench_afl_two_regions_probe, f) == EOF || fclose(f) != 0) {
		fprintf(stderr, "isaprobe bench afl: cannot write %s\n", probe_path);
		goto out;
	}
	data = calloc(p.ncontexts, p.output_len);
	if (!data || seed_outcomes(&p, base, data) != 0)
		goto out;
	if (run_engine(br, &p, 0, budget, base, &rnd) != 0) {
		fprintf(stderr, "isaprobe bench afl: --strategy random: %s\n", rnd.why);
		goto out;
	}
	snprintf(note, sizeof note, "--strategy random: %llu runs, %.2f s",
	         (unsigned long long)rnd.runs, rnd.seconds);
	bench_value(br, "random.classes", "classes", (double)rnd.classes, BENCH_REPORT, 0, note);
	bench_value(br, "random.runs_per_s", "runs/s", rnd.seconds > 0 ? rnd.runs / rnd.seconds : 0,
	            BENCH_REPORT, 0, "wall clock, 1 worker, recording included");
	ip_diag_init(&d, NULL);
	if (ip_afl_find_tools(&tools, &d) != 0) {
		/* a build without the harness (no afl-cc, or sanitizers): say so, compare nothing */
		fprintf(stderr, "isaprobe bench afl: the afl engine is not available: %s\n", d.msg);
		rc = 0;
		goto out;
	}
	if (run_engine(br, &p, 1, budget, base, &afl) != 0) {
		fprintf(stderr, "isaprobe bench afl: --engine afl: %s\n", afl.why);
		goto out;
	}
	snprintf(note, sizeof note, "--engine afl: %llu runs, %.2f s", (unsigned long long)afl.runs,
	         afl.seconds);
	bench_value(br, "afl.classes", "classes", (double)afl.classes, BENCH_REPORT, 0, note);
	bench_value(br, "afl.runs_per_s", "runs/s", afl.seconds > 0 ? afl.runs / afl.seconds : 0,
	            BENCH_REPORT, 0, "wall clock, 1 afl-fuzz, start-up and recording included");
	snprintf(note, sizeof note, "%lld against %lld classes in %llu runs each",
	         (long long)afl.classes, (long long)rnd.classes, (unsigned long long)budget);
	bench_value(br, "classes.afl_over_random", "x",
	            rnd.classes > 0 ? (double)afl.classes / (double)rnd.classes : (double)afl.classes,
	            BENCH_AT_LEAST, 1.0, note);
	rc = 0;
out:
	if (probe_path[0])
		unlink(probe_path);
	free(data);
	ip_probe_free(&p);
	return rc;
}

static const struct bench_ratio ratios[] = {
	{"afl.afl.runs_per_s", "afl.random.runs_per_s",
	 "the afl engine's runs per second against --strategy random's (wall clock)", 1},
};

const struct bench_suite bench_suite_afl = {
	"afl",
	"--engine afl against --strategy random, same runs, on bench/afl_two_regions.probe: "
	"distinct outcome classes and runs/s",
	run, ratios, sizeof ratios / sizeof ratios[0],
};
