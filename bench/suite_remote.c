/* suite_remote.c: what the agent protocol costs: jobs/s of the Midgard simulator in this process
 * against the same jobs through remote:'isaprobe agent --runner sim' (this very program), per
 * batch size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "bench.h"
#include "exhaustive_batches.h"
#include "isaprobe/internal/campaign.h"

#define MAX_BATCH 4096

/* Runs `total` jobs in batches of `batch`: the wall and CPU time in *spent, ok results in *ok. */
static void rate(struct ip_runner *r, struct bench_mg_jobs *j, uint64_t total, unsigned batch,
                 struct bench_time *spent, uint64_t *ok)
{
	struct bench_time t0 = bench_now();
	*ok = 0;
	for (uint64_t done = 0; done < total; done += batch) {
		unsigned n = total - done < batch ? (unsigned)(total - done) : batch;
		ip_runner_run_batch(r, j->jobs, n, j->res);
		for (unsigned i = 0; i < n; i++)
			*ok += j->res[i].status == IP_STATUS_OK;
	}
	bench_lap(spent, t0);
}

/* The exhaustive strategy's first `budget` variants of probes/midgard/ls_loads.probe through
 * ip_exec (pack, run, canonicalise) on runner `spec`, in a campaign's batches, batch k + 1
 * submitted before batch k is collected (a runner without the submit/collect pair runs each at
 * submit): wall time in *spent, ok outcomes in *ok. Its jobs share ~37 KB of input buffers:
 * what protocol version 2 sends once per BATCH. */
static int ls_loads_rate(const struct ip_probe *p, const char *spec, uint64_t budget,
                         struct bench_time *spent, uint64_t *ok)
{
	struct bench_exhaustive e;
	struct bench_time t0;
	size_t n, len[2] = {0, 0};
	uint8_t *data[2] = {NULL, NULL};
	struct ip_outcome *o[2] = {NULL, NULL};
	unsigned k = 0;
	int rc = -1;
	*ok = 0;
	if (bench_exhaustive_open(&e, p, spec, budget))
		return -1;
	data[1] = malloc((size_t)IP_CAMPAIGN_DEFAULT_BATCH * (p->output_len ? p->output_len : 1));
	o[1] = calloc(IP_CAMPAIGN_DEFAULT_BATCH, sizeof *o[1]);
	if (!data[1] || !o[1])
		goto out;
	data[0] = e.data;
	o[0] = e.o;
	t0 = bench_now();
	do {
		if ((n = bench_exhaustive_next(&e))) {
			ip_exec_submit(&e.x, e.v, n, data[k % 2], o[k % 2]);
			len[k++ % 2] = n;
		}
		if (e.x.nsub == 2 || (!n && e.x.nsub)) {
			const char *lost;
			unsigned old = (k - e.x.nsub) % 2;
			ip_exec_collect(&e.x, &lost);
			for (size_t i = 0; i < len[old]; i++)
				*ok += o[old][i].status == IP_STATUS_OK;
		}
	} while (n || e.x.nsub);
	bench_lap(spent, t0);
	rc = 0;
out:
	free(data[1]);
	free(o[1]);
	bench_exhaustive_close(&e);
	return rc;
}

/* CPU seconds of the children this process has waited for (the agents, once closed). */
static double children_cpu(void)
{
	struct rusage u;
	if (getrusage(RUSAGE_CHILDREN, &u) != 0)
		return 0;
	return (double)u.ru_utime.tv_sec + u.ru_utime.tv_usec / 1e6 + (double)u.ru_stime.tv_sec +
	       u.ru_stime.tv_usec / 1e6;
}

/* ls_loads in-process and through the agent (issue 22: remote >= 0.5x in-process). */
static int ls_loads(struct bench_run *br, const char *spec)
{
	struct bench_time local = {0, 0, 0}, remote = {0, 0, 0};
	uint64_t budget = bench_size(br, 400000, 40000), ok_local, ok_remote;
	struct bench_result *res;
	double agent_cpu, busiest;
	struct ip_probe p;
	char note[160];
	int rc = -1;
	if (bench_probe_ls_loads(&p))
		return -1;
	if (ls_loads_rate(&p, "sim", budget, &local, &ok_local))
		goto out;
	agent_cpu = children_cpu();
	if (ls_loads_rate(&p, spec, budget, &remote, &ok_remote)) /* closes (reaps) its agent */
		goto out;
	agent_cpu = children_cpu() - agent_cpu;
	if (ok_local != ok_remote) {
		fprintf(stderr, "isaprobe bench remote: ls_loads: %llu variants ok in-process, %llu "
		        "through the agent\n", (unsigned long long)ok_local,
		        (unsigned long long)ok_remote);
		goto out;
	}
	snprintf(note, sizeof note, "probes/midgard/ls_loads.probe in-process (pack, run, "
	         "canonicalise), batches of %d, two submitted at a time; %llu ok", IP_CAMPAIGN_DEFAULT_BATCH,
	         (unsigned long long)ok_local);
	bench_rate(br, "local.ls_loads", "variants/s", (double)budget, local, BENCH_REPORT, 0, note);
	res = bench_rate(br, "remote.ls_loads", "variants/s", (double)budget, remote, BENCH_REPORT,
	                 0, "the same through the agent; wall clock only");
	res->cpu_value = 0;
	/* Each side's CPU: what the wall rate would be with a core free for each, load aside. */
	snprintf(note, sizeof note, "the agent's CPU for those variants: %.3f s", agent_cpu);
	bench_value(br, "agent.ls_loads", "variants/s", agent_cpu > 0 ? (double)budget / agent_cpu : 0,
	            BENCH_REPORT, 0, note);
	snprintf(note, sizeof note, "the caller's CPU (pack, encode, decode, canonicalise): %.3f s",
	         remote.cpu);
	bench_value(br, "caller.ls_loads", "variants/s",
	            remote.cpu > 0 ? (double)budget / remote.cpu : 0, BENCH_REPORT, 0, note);
	busiest = agent_cpu > remote.cpu ? agent_cpu : remote.cpu;
	bench_value(br, "busiest.ls_loads", "variants/s", busiest > 0 ? (double)budget / busiest : 0,
	            BENCH_REPORT, 0, "per CPU second of the busier side (agent or caller)");
	rc = 0;
out:
	ip_probe_free(&p);
	return rc;
}

static int run(struct bench_run *br)
{
	static const unsigned batches[] = {1, 16, 256, 4096};
	struct ip_runner_config cfg = {"midgard", NULL, NULL};
	struct ip_runner *sim = NULL, *agent = NULL;
	struct bench_mg_jobs *j = bench_mg_jobs_new(MAX_BATCH);
	uint64_t total = bench_size(br, 200000, 20000);
	char self[4096], spec[4200], name[32], note[160];
	struct ip_diag d;
	ssize_t len;
	int rc = -1;
	ip_diag_init(&d, "remote suite");
	if (!j)
		return -1;
	/* the agent is this program: isaprobe agent */
	len = readlink("/proc/self/exe", self, sizeof self - 1);
	if (len <= 0) {
		perror("isaprobe bench remote: /proc/self/exe");
		goto out;
	}
	self[len] = 0;
	snprintf(spec, sizeof spec, "remote:'%s' agent --runner sim", self);
	for (size_t i = 0; i < MAX_BATCH; i++)
		bench_mg_jobs_set(j, i, 0x1c1c ^ (i & 0x303)); /* component selects: every job runs */
	if (ip_runner_open("sim", &cfg, &sim, &d) != 0 || ip_runner_open(spec, &cfg, &agent, &d)) {
		fputs("isaprobe bench remote: ", stderr);
		ip_diag_print(&d, stderr);
		goto out;
	}
	for (size_t b = 0; b < sizeof batches / sizeof batches[0]; b++) {
		uint64_t n = batches[b] == 1 ? total / 10 : total, ok_local, ok_remote;
		struct bench_time local = {0, 0, 0}, remote = {0, 0, 0};
		struct bench_result *res;
		rate(sim, j, n, batches[b], &local, &ok_local);
		rate(agent, j, n, batches[b], &remote, &ok_remote);
		if (ok_local != ok_remote) {
			fprintf(stderr, "isaprobe bench remote: batches of %u: %llu jobs ok in-process, "
			        "%llu through the agent\n", batches[b], (unsigned long long)ok_local,
			        (unsigned long long)ok_remote);
			goto out;
		}
		snprintf(name, sizeof name, "local.b%u", batches[b]);
		snprintf(note, sizeof note, "in-process, batches of %u; %llu of %llu ok", batches[b],
		         (unsigned long long)ok_local, (unsigned long long)n);
		bench_rate(br, name, "jobs/s", (double)n, local, BENCH_REPORT, 0, note);
		snprintf(name, sizeof name, "remote.b%u", batches[b]);
		snprintf(note, sizeof note, "through the agent, batches of %u; wall clock only (the "
		         "agent's CPU time is another process's)", batches[b]);
		res = bench_rate(br, name, "jobs/s", (double)n, remote, BENCH_REPORT, 0, note);
		res->cpu_value = 0;
	}
	rc = ls_loads(br, spec);
out:
	ip_runner_close(agent);
	ip_runner_close(sim);
	bench_mg_jobs_free(j);
	return rc;
}

static const struct bench_ratio ratios[] = {
	{"remote.remote.b1", "remote.local.b1", "through the agent against in-process, 1 job a batch",
	 1},
	{"remote.remote.b16", "remote.local.b16", "the same, 16 jobs a batch", 1},
	{"remote.remote.b256", "remote.local.b256", "the same, 256 jobs a batch", 1},
	{"remote.remote.b4096", "remote.local.b4096", "the same, 4096 jobs a batch", 1},
	{"remote.remote.ls_loads", "remote.local.ls_loads",
	 "probes/midgard/ls_loads.probe through the agent against in-process (issue 22: >= 0.5)", 1},
	{"remote.busiest.ls_loads", "remote.local.ls_loads",
	 "the same per CPU second: the busier side against in-process, load aside", 0},
};

const struct bench_suite bench_suite_remote = {
	"remote", "the agent protocol's cost: Midgard simulator jobs/s in-process and through it",
	run, ratios, sizeof ratios / sizeof ratios[0],
};
