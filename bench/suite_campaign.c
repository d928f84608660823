/* suite_campaign.c: end-to-end campaign throughput on the simulator (variants run, packed,
 * executed, hashed and stored per second) per strategy shape and worker count, against the
 * same variants executed without recording and against the simulator alone on their jobs, so
 * that the ratios are the cost of recording (issue 22: a recorded campaign at >= 0.5x the bare
 * simulator per core; --jobs 2 at >= 1.7x --jobs 1 on two cores). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench.h"
#include "exhaustive_batches.h"
#include "isaprobe/internal/campaign.h"

/* The exhaustive strategy's first `budget` variants in batches, one thread, nothing stored:
 * through ip_exec (pack, run, canonicalise: "exec"), or the simulator alone on the jobs ip_exec
 * packed (run again, only that timed: "sim", the bare simulator of issue 22). */
static int exec_only(struct bench_run *br, const struct ip_probe *p, uint64_t budget, int sim)
{
	struct bench_exhaustive e;
	struct bench_time spent = {0, 0, 0}, t0;
	uint64_t done = 0, ok = 0;
	char note[160];
	size_t n;
	if (bench_exhaustive_open(&e, p, "sim", budget))
		return -1;
	while ((n = bench_exhaustive_next(&e))) {
		const char *lost;
		if (!sim)
			t0 = bench_now();
		ip_exec_run(&e.x, e.v, n, e.data, e.o, &lost); /* the simulator is never lost */
		if (sim) {
			t0 = bench_now();
			ip_runner_run_batch(e.x.runner, e.x.jobs, e.x.njobs, e.x.results);
			bench_lap(&spent, t0);
			for (size_t j = 0; j < e.x.njobs; j++)
				ok += e.x.results[j].status == IP_STATUS_OK;
		} else {
			bench_lap(&spent, t0);
			for (size_t i = 0; i < n; i++)
				ok += e.o[i].status == IP_STATUS_OK;
		}
		done += n;
	}
	if (sim)
		snprintf(note, sizeof note, "the simulator alone on the same jobs (packed before, not "
		         "timed); %llu of %llu ok", (unsigned long long)ok, (unsigned long long)done);
	else
		snprintf(note, sizeof note, "exhaustive's variants packed, run and canonicalised, not "
		         "stored; %llu of %llu ok", (unsigned long long)ok, (unsigned long long)done);
	bench_rate(br, sim ? "sim" : "exec", "variants/s", (double)done, spent, BENCH_REPORT, 0,
	           note);
	bench_exhaustive_close(&e);
	return 0;
}

/* CPU seconds per variant of one campaign: its workers, its recording thread, all of it. */
struct split {
	double worker, recorder, total, wall;
};

static int campaign(struct bench_run *br, const struct ip_probe *p, enum ip_strategy_kind kind,
                    unsigned jobs, uint64_t budget, struct split *split)
{
	char path[4096], name[64], note[160];
	struct ip_store *s = NULL;
	struct ip_campaign_opts o;
	struct ip_campaign_result res;
	struct ip_diag d;
	struct bench_time spent = {0, 0, 0}, t0;
	struct stat st;
	int rc = -1;
	snprintf(name, sizeof name, "%s.j%u", ip_strategy_name(kind), jobs);
	bench_db_path(br, name, path, sizeof path);
	bench_db_remove(path);
	ip_diag_init(&d, path);
	if (ip_store_open(path, IP_STORE_READ_WRITE_CREATE, &s, &d) != 0)
		goto out;
	memset(&o, 0, sizeof o);
	o.runner = "sim";
	o.strategy = kind;
	o.budget = budget;
	o.force = 1;
	o.jobs = jobs;
	t0 = bench_now();
	if (ip_campaign_run(s, p, &o, &res, &d) != 0)
		goto out;
	bench_lap(&spent, t0);
	ip_store_close(s); /* checkpoints the WAL into the file */
	s = NULL;
	if (stat(path, &st) != 0)
		st.st_size = 0;
	snprintf(note, sizeof note, "%llu variants, %u worker%s; %.1f bytes/run; workers %.2f s, "
	         "recording %.2f s CPU; %.1f of %u CPUs free",
	         (unsigned long long)res.runs, jobs, jobs == 1 ? "" : "s",
	         res.runs ? (double)st.st_size / (double)res.runs : 0.0, res.worker_cpu,
	         res.recorder_cpu, bench_free_cpus(spent), bench_cpus());
	bench_rate(br, name, "variants/s", (double)res.runs, spent, BENCH_REPORT, 0, note);
	if (split && res.runs) {
		split->worker = res.worker_cpu / (double)res.runs;
		split->recorder = res.recorder_cpu / (double)res.runs;
		split->total = spent.cpu / (double)res.runs;
		split->wall = spent.wall / (double)res.runs;
	}
	rc = res.runs ? 0 : ip_diag_plain(&d, "the campaign ran nothing");
out:
	if (rc) {
		fprintf(stderr, "isaprobe bench campaign: %s: ", name);
		ip_diag_print(&d, stderr);
	}
	ip_store_close(s);
	if (!br->opts->keep)
		bench_db_remove(path);
	return rc;
}

static double max3(double a, double b, double c)
{
	return a > b ? (a > c ? a : c) : (b > c ? b : c);
}

/* Issue 22's two targets, from the measurements above. The speed-up of a second worker on two
 * CPUs is taken from what each thread spent per variant, as two free CPUs would run them: one
 * worker's campaign takes the longest of its worker's, its recorder's and half the whole
 * process's time (the recorder has a CPU of its own); two workers' the longest of the
 * recorder's, half the workers' and half the whole's. The wall-clock ratio is printed beside
 * it with the CPUs other processes left free: on a machine others load it says little. */
static void targets(struct bench_run *br, const struct split *j1, const struct split *j2)
{
	const struct bench_result *camp = bench_find(br, "campaign.exhaustive.j1");
	const struct bench_result *sim = bench_find(br, "campaign.sim");
	char note[160];
	if (camp && sim && bench_judged(sim) > 0) {
		snprintf(note, sizeof note, "exhaustive.j1 / sim, per CPU second: the whole campaign "
		         "against the simulator alone on the same jobs");
		bench_value(br, "recorded_over_sim", "x", bench_judged(camp) / bench_judged(sim),
		            BENCH_AT_LEAST, 0.5, note);
	}
	if (j1->total > 0 && j2->total > 0) {
		double w1 = max3(j1->worker, j1->recorder, j1->total / 2);
		double w2 = max3(j2->worker / 2, j2->recorder, j2->total / 2);
		snprintf(note, sizeof note, "from each thread's CPU per variant: j1 worker %.0f ns, "
		         "recorder %.0f ns, all %.0f ns; j2 workers %.0f, recorder %.0f, all %.0f",
		         1e9 * j1->worker, 1e9 * j1->recorder, 1e9 * j1->total, 1e9 * j2->worker,
		         1e9 * j2->recorder, 1e9 * j2->total);
		bench_value(br, "jobs2_over_jobs1", "x", w1 / w2, BENCH_AT_LEAST, 1.7, note);
		snprintf(note, sizeof note, "wall clock, as measured: the CPUs other processes left free "
		         "are in the notes of exhaustive.j1 and .j2");
		bench_value(br, "jobs2_over_jobs1.wall", "x", j1->wall / j2->wall, BENCH_REPORT, 0,
		            note);
	}
}

static int run(struct bench_run *br)
{
	static const enum ip_strategy_kind shapes[] = {IP_STRATEGY_EXHAUSTIVE, IP_STRATEGY_RANDOM,
	                                                 IP_STRATEGY_AUTO};
	uint64_t budget = bench_size(br, 2000000, 50000);
	struct split split[2] = {{0, 0, 0, 0}, {0, 0, 0, 0}};
	struct ip_probe p;
	int rc = 0;
	if (bench_probe_ls_loads(&p))
		return -1;
	rc = exec_only(br, &p, budget, 0);
	if (!rc)
		rc = exec_only(br, &p, budget, 1);
	for (size_t k = 0; k < sizeof shapes / sizeof shapes[0] && !rc; k++)
		for (unsigned jobs = 1; jobs <= 2 && !rc; jobs++)
			rc = campaign(br, &p, shapes[k], jobs, budget, k == 0 ? &split[jobs - 1] : NULL);
	if (!rc)
		targets(br, &split[0], &split[1]);
	ip_probe_free(&p);
	return rc;
}

static const struct bench_ratio ratios[] = {
	{"campaign.exhaustive.j1", "campaign.sim",
	 "a recorded campaign against the bare simulator on its jobs, per CPU second", 0},
	{"campaign.exhaustive.j1", "campaign.exec",
	 "CPU work per variant without recording against with it (1 - this: recording's share)", 0},
	{"campaign.exec", "campaign.sim", "packing and canonicalising against simulating alone", 0},
	{"campaign.exhaustive.j2", "campaign.exhaustive.j1",
	 "speed-up from a second worker thread (needs a free core)", 1},
	{"campaign.random.j1", "campaign.exhaustive.j1", "values in random order against in order",
	 0},
	{"campaign.auto.j1", "campaign.exhaustive.j1", "auto (survey, then sweeps) against in order",
	 0},
};

const struct bench_suite bench_suite_campaign = {
	"campaign", "end-to-end campaigns of probes/midgard/ls_loads.probe on the simulator", run,
	ratios, sizeof ratios / sizeof ratios[0],
};
