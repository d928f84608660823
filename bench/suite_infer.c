/* suite_infer.c: how many runs inference needs per target region (issue 5: <= 20,000; a count,
 * not a time) for the shipped Midgard load/store probe on the simulator, inference speed, and
 * how right inference is on synthetic devices (bench/synth_trial.c: layouts drawn at random,
 * without noise and with 1 % and 5 % of runs flaky; issue 19's thresholds). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "bench.h"
#include "synth_trial.h"
#include "isaprobe/campaign.h"
#include "isaprobe/infer.h"
#include "runners/synth/synth.h"

#define TARGET 20000.0

/* The probe's campaigns of the given strategies into a new database at path, then inference;
 * adds runs per region (max, mean) and, when timed, the inference rate. */
static int measure(struct bench_run *br, const struct ip_probe *p, const char *name,
                   const enum ip_strategy_kind *kinds, size_t nkinds, int timed)
{
	char path[4096], what[64], note[160];
	struct ip_store *s = NULL;
	struct ip_diag d;
	struct ip_infer_stats stats;
	struct ip_infer_probe *sum = NULL;
	struct bench_time spent = {0, 0, 0}, t0;
	sqlite3_stmt *q = NULL;
	int64_t probe_id = -1;
	uint64_t max = 0, total = 0;
	int rc = -1;
	bench_db_path(br, name, path, sizeof path);
	bench_db_remove(path);
	ip_diag_init(&d, path);
	if (ip_store_open(path, IP_STORE_READ_WRITE_CREATE, &s, &d) != 0)
		goto out;
	for (size_t k = 0; k < nkinds; k++) {
		struct ip_campaign_opts o;
		struct ip_campaign_result res;
		memset(&o, 0, sizeof o);
		o.runner = "sim";
		o.strategy = kinds[k];
		if (ip_campaign_run(s, p, &o, &res, &d) != 0)
			goto out;
	}
	t0 = bench_now();
	if (ip_infer(s, NULL, &stats, &d) != 0)
		goto out;
	bench_lap(&spent, t0);
	if (sqlite3_prepare_v2(ip_store_sqlite(s), "SELECT id FROM probe WHERE name = ?1", -1, &q,
	                       NULL) == SQLITE_OK &&
	    sqlite3_bind_text(q, 1, p->name, -1, SQLITE_STATIC) == SQLITE_OK &&
	    sqlite3_step(q) == SQLITE_ROW)
		probe_id = sqlite3_column_int64(q, 0);
	sqlite3_finalize(q);
	if (probe_id < 0 || ip_infer_summary(s, probe_id, &sum, &d) != 0 || !sum ||
	    !sum->ncontexts) {
		if (!d.msg[0])
			ip_diag_plain(&d, "no contexts inferred for probe %s", p->name);
		goto out;
	}
	for (size_t c = 0; c < sum->ncontexts; c++) {
		total += sum->contexts[c].runs;
		if (sum->contexts[c].runs > max)
			max = sum->contexts[c].runs;
	}
	snprintf(what, sizeof what, "%s.runs_per_region.max", name);
	snprintf(note, sizeof note, "%s: the most runs of one context's %u-bit region, of %zu "
	         "contexts", p->name, p->width, sum->ncontexts);
	bench_value(br, what, "runs", (double)max, BENCH_AT_MOST, TARGET, note);
	snprintf(what, sizeof what, "%s.runs_per_region.mean", name);
	bench_value(br, what, "runs", (double)total / (double)sum->ncontexts, BENCH_REPORT, 0, NULL);
	if (timed) {
		snprintf(note, sizeof note, "ip_infer over the %s database: %u findings, %llu runs",
		         name, stats.findings, (unsigned long long)stats.runs);
		bench_rate(br, "infer", "runs/s", (double)stats.runs, spent, BENCH_REPORT, 0, note);
	}
	rc = 0;
out:
	if (rc) {
		fprintf(stderr, "isaprobe bench infer: %s: ", name);
		ip_diag_print(&d, stderr);
	}
	ip_infer_probe_free(sum);
	ip_store_close(s);
	if (!br->opts->keep)
		bench_db_remove(path);
	return rc;
}

/* The synthetic devices 1..n in every scenario of bench/synth_trial.c (each shape alone and
 * together; noiseless, flaky, faulting as a GPU does, output bits flipped): boundaries, kinds,
 * operations, register names, operand sources and table selects right, fields without a wrong
 * reserved verdict, and runs against the noiseless campaigns (the issues' thresholds as
 * targets). */
static int synthetic(struct bench_run *br)
{
	unsigned n = (unsigned)bench_pick(br, 20, 3);
	struct synth_score sc[32];
	char why[512], what[96], note[200];
	memset(sc, 0, sizeof sc);
	for (unsigned k = 0; k < synth_nscenarios && k < 32; k++) {
		const struct synth_scenario *sn = &synth_scenarios[k];
		struct synth_trial_opts o = {.pieces = 1, .campaign_seed = 1, .dir = br->opts->dir,
		                             .keep = br->opts->keep};
		struct {
			const char *name;
			double v;
			double target;
		} figs[8] = {
			{"boundaries_found", 0, 99}, {"boundaries_right", 0, 99}, {"kinds", 0, 95},
			{"operations", 0, 95},       {"registers", 0, 95},        {"reserved_right", 0, 100},
			{"sources", 0, 95},          {"tables_moved", 0, 100},
		};
		synth_scenario_opts(k, &o);
		for (unsigned i = 0; i < n; i++)
			if (synth_trial(1 + i, &o, &sc[k], why, sizeof why)) {
				fprintf(stderr, "isaprobe bench infer: %s\n", why);
				return -1;
			}
		/* in per cent (the bench's targets are whole numbers) */
		figs[0].v = 100 * synth_ratio(sc[k].cuts_found, sc[k].cuts_true);
		figs[1].v = 100 * synth_ratio(sc[k].cuts_right, sc[k].cuts_inferred);
		figs[2].v = 100 * synth_ratio(sc[k].kinds_right, sc[k].fields);
		figs[3].v = 100 * synth_ratio(sc[k].ops_right, sc[k].ops);
		figs[4].v = 100 * synth_ratio(sc[k].regs_right, sc[k].regs);
		figs[5].v = 100 * synth_ratio(sc[k].fields - sc[k].reserved_wrong, sc[k].fields);
		figs[6].v = 100 * synth_ratio(sc[k].sources_right, sc[k].sources);
		figs[7].v = 100 * synth_ratio(sc[k].loads - sc[k].alu_wrong, sc[k].loads);
		for (unsigned f = 0; f < 8; f++) {
			if (f == 7 && !sc[k].loads)
				continue;
			snprintf(what, sizeof what, "synth.%s.%s", sn->name, figs[f].name);
			snprintf(note, sizeof note, "%u synthetic devices, shapes %s; runs: %u%% flaky, %u%% "
			         "faulting at random, dirty %u%%, %.2f%% with a bit flipped", n,
			         ip_synth_shapes_name(sn->shapes, why, sizeof why), sn->flaky / 10,
			         sn->fault / 10, sn->dirty / 10, sn->flip / 100.0);
			bench_value(br, what, "%", figs[f].v, BENCH_AT_LEAST, figs[f].target,
			            f == 0 ? note
			            : f == 5 && k == 0 ? "fields without a reserved verdict on bits that "
			                                 "are not reserved"
			            : f == 6 && k == 0 ? "operand sources: moves named with their word, "
			                                 "never a max or min they equal by chance"
			            : f == 7 ? "values of table selects named as moves, never by an "
			                       "operation (ge of 1.0)"
			                               : NULL);
		}
		snprintf(what, sizeof what, "synth.%s.runs", sn->name);
		bench_value(br, what, "runs", (double)sc[k].runs, BENCH_REPORT, 0, NULL);
		if (sn->base >= 0) {
			const struct synth_score *b = &sc[sn->base];
			snprintf(what, sizeof what, "synth.%s.runs_vs_%s", sn->name,
			         synth_scenarios[sn->base].name);
			bench_value(br, what, "%", 100 * (double)sc[k].runs / (double)(b->runs ? b->runs : 1),
			            BENCH_AT_MOST, 200, "runs against the same devices' noiseless campaigns");
		}
	}
	return 0;
}

static int run(struct bench_run *br)
{
	static const enum ip_strategy_kind auto_only[] = {IP_STRATEGY_AUTO};
	static const enum ip_strategy_kind walk_pairs[] = {IP_STRATEGY_WALK, IP_STRATEGY_PAIRS};
	struct ip_probe p;
	int rc;
	if (bench_probe_ls_loads(&p))
		return -1;
	rc = measure(br, &p, "auto", auto_only, 1, 1);
	if (!rc)
		rc = measure(br, &p, "walk_pairs", walk_pairs, 2, 0);
	if (!rc)
		rc = synthetic(br);
	ip_probe_free(&p);
	return rc;
}

static const struct bench_ratio ratios[] = {
	{"infer.auto.runs_per_region.max", "infer.walk_pairs.runs_per_region.max",
	 "auto's sweeps against the walk and pairs alone", 0},
};

const struct bench_suite bench_suite_infer = {
	"infer", "runs per target region for inference (a count), inference runs/s, and inference "
	         "on synthetic devices (boundaries, kinds, operations, noise)",
	run, ratios, sizeof ratios / sizeof ratios[0],
};
