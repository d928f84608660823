/* suite_campaign.c: end-to-end campaign throughput on the simulator (variants run, packed,
 * executed, hashed and stored per second) per strategy shape and worker count, against the
 * same variants executed without recording, so the ratio is the cost of recording. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../fuzz/exec.h"
#include "bench.h"
#include "isaprobe/campaign.h"

/* The exhaustive strategy's first `budget` variants run through ip_exec (pack, run,
 * canonicalise) in batches, one thread, nothing stored. */
static int exec_only(struct bench_run *br, const struct ip_probe *p, uint64_t budget)
{
	struct ip_runner_config cfg = {p->isa->name, p->gpu, NULL};
	struct ip_strategy_params sp = {0};
	struct ip_strategy *st = NULL;
	struct ip_runner *r = NULL;
	struct ip_exec x;
	struct ip_variant *v = calloc(IP_CAMPAIGN_DEFAULT_BATCH, sizeof *v);
	struct ip_outcome *o = calloc(IP_CAMPAIGN_DEFAULT_BATCH, sizeof *o);
	uint8_t *data = calloc(IP_CAMPAIGN_DEFAULT_BATCH, p->output_len ? p->output_len : 1);
	ip_word seeds[IP_PROBE_MAX_CONTEXTS];
	struct bench_time spent = {0, 0}, t0;
	uint64_t done = 0, ok = 0;
	struct ip_diag d;
	char note[160];
	int rc = -1, have_exec = 0;
	ip_diag_init(&d, p->name);
	ip_strategy_params_of(&sp, p, IP_STRATEGY_EXHAUSTIVE, seeds);
	sp.budget = budget;
	sp.force = 1;
	if (!v || !o || !data) {
		ip_diag_plain(&d, "out of memory");
		goto out;
	}
	if (ip_runner_open("sim", &cfg, &r, &d) ||
	    ip_exec_init(&x, p, r, IP_CAMPAIGN_DEFAULT_BATCH, &d))
		goto out;
	have_exec = 1;
	if (ip_strategy_new(&sp, &st, &d))
		goto out;
	t0 = bench_now();
	for (;;) {
		const char *lost;
		size_t n = 0;
		while (n < IP_CAMPAIGN_DEFAULT_BATCH && ip_strategy_next(st, &v[n]))
			n++;
		if (!n)
			break;
		ip_exec_run(&x, v, n, data, o, &lost); /* the simulator is never lost */
		for (size_t i = 0; i < n; i++)
			ok += o[i].status == IP_STATUS_OK;
		done += n;
	}
	bench_lap(&spent, t0);
	snprintf(note, sizeof note, "exhaustive's variants packed, run and canonicalised, not "
	         "stored; %llu of %llu ok", (unsigned long long)ok, (unsigned long long)done);
	bench_rate(br, "exec", "variants/s", (double)done, spent, BENCH_REPORT, 0, note);
	rc = 0;
out:
	if (rc)
		ip_diag_print(&d, stderr);
	if (have_exec)
		ip_exec_free(&x);
	ip_strategy_free(st);
	ip_runner_close(r);
	free(v);
	free(o);
	free(data);
	return rc;
}

static int campaign(struct bench_run *br, const struct ip_probe *p, enum ip_strategy_kind kind,
                    unsigned jobs, uint64_t budget)
{
	char path[4096], name[64], note[160];
	struct ip_store *s = NULL;
	struct ip_campaign_opts o;
	struct ip_campaign_result res;
	struct ip_diag d;
	struct bench_time spent = {0, 0}, t0;
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
	snprintf(note, sizeof note, "%llu variants, %u worker%s; database %.1f MiB, %.1f MiB/Mvariant",
	         (unsigned long long)res.runs, jobs, jobs == 1 ? "" : "s",
	         (double)st.st_size / 1048576.0,
	         res.runs ? (double)st.st_size / 1048576.0 / ((double)res.runs / 1e6) : 0.0);
	bench_rate(br, name, "variants/s", (double)res.runs, spent, BENCH_REPORT, 0, note);
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

static int run(struct bench_run *br)
{
	static const enum ip_strategy_kind shapes[] = {IP_STRATEGY_EXHAUSTIVE, IP_STRATEGY_RANDOM,
	                                                 IP_STRATEGY_AUTO};
	uint64_t budget = bench_size(br, 1000000, 50000);
	struct ip_probe p;
	int rc = 0;
	if (bench_probe_ls_loads(&p))
		return -1;
	rc = exec_only(br, &p, budget);
	for (size_t k = 0; k < sizeof shapes / sizeof shapes[0] && !rc; k++)
		for (unsigned jobs = 1; jobs <= 2 && !rc; jobs++)
			rc = campaign(br, &p, shapes[k], jobs, budget);
	ip_probe_free(&p);
	return rc;
}

static const struct bench_ratio ratios[] = {
	{"campaign.exhaustive.j1", "campaign.exec",
	 "CPU work per variant without recording against with it (1 - this: recording's share)", 0},
	{"campaign.exhaustive.j1", "campaign.exec",
	 "a campaign (worker and recording threads) against one thread not recording", 1},
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
