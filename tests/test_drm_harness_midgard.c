/* test_drm_harness_midgard.c: every shipped Midgard probe as a campaign through the drm runner on
 * the fake device in its real-GPU mode (FAKEDRM_MODEL=0, a T760: jobs wrapped by the register
 * harness) stores exactly the runs of the simulator seen as a GPU sees it (the registers the
 * harness observes, the others zero; `unmodeled` and `invalid` as the fake's DATA_INVALID_FAULT,
 * a fault code the GPU cannot give as that one too), and `infer` gives the same fields (bounds,
 * kinds, names); and the simulator's own fields do not change when only the registers a GPU
 * shows are observed. It prints, per probe, how many of the plain simulator's findings the GPU
 * does not give (docs/drm-runner.md). Runs itself again with the fake device preloaded. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fakedrm_rerun.h"
#include "isaprobe/campaign.h"
#include "isaprobe/harness.h"
#include "isaprobe/infer.h"
#include "isaprobe/probe.h"
#include "store_fixture.h"

#ifndef ISAPROBE_SRC
#define ISAPROBE_SRC "."
#endif

#define DATA_INVALID_FAULT 0x58

/* The simulator as a GPU shows it. */
static int view_open(const struct ip_runner_config *cfg, void **state, struct ip_diag *d)
{
	struct ip_runner *r;
	struct ip_runner_config c = *cfg;
	c.device = NULL;
	if (ip_runner_open("sim", &c, &r, d))
		return -1;
	*state = r;
	return 0;
}

/* The registers the harness cannot observe zeroed; with `statuses`, also the statuses as the fake
 * GPU gives them. */
static int view(void *state, const struct ip_job *jobs, size_t n, struct ip_result *results,
                int statuses)
{
	const struct ip_harness *h = ip_harness_find("midgard");
	int rc = ip_runner_run_batch(state, jobs, n, results);
	for (size_t i = 0; i < n; i++) {
		struct ip_result *res = &results[i];
		struct ip_out_buf *o = ip_result_output(res, IP_BUF_REGISTERS);
		struct ip_harness_regs plant, obs;
		switch (statuses ? (int)res->status : -1) {
		case IP_STATUS_UNMODELED:
		case IP_STATUS_INVALID:
		case IP_STATUS_RUNNER_ERROR:
			res->status = IP_STATUS_FAULT;
			res->fault = DATA_INVALID_FAULT;
			break;
		case IP_STATUS_FAULT:
			if (res->fault <= 0x3f)
				res->fault = DATA_INVALID_FAULT;
			res->fault &= 0xff;
			break;
		default: break;
		}
		if (!o)
			continue;
		h->records(&jobs[i], &plant, &obs);
		for (size_t at = 0; at < o->len; at++) {
			unsigned k = (unsigned)(at / 16 % 32);
			if (!(obs.bits[0] >> k & 1))
				o->data[at] = 0;
		}
	}
	return rc;
}

static int view_run(void *state, const struct ip_job *jobs, size_t n, struct ip_result *results)
{
	return view(state, jobs, n, results, 1);
}

static int masked_run(void *state, const struct ip_job *jobs, size_t n, struct ip_result *results)
{
	return view(state, jobs, n, results, 0);
}

static void view_close(void *state)
{
	ip_runner_close(state);
}

static const char *view_model(void *state)
{
	return ip_runner_model(state);
}

static const struct ip_runner_backend gpu_view = {"sim", "the simulator as a GPU shows it",
                                                  view_open, view_run, view_close, view_model,
                                                  NULL};
static const struct ip_runner_backend masked = {"sim", "the simulator, r24-r31 not observed",
                                                view_open, masked_run, view_close, view_model,
                                                NULL};

/* The probe's auto campaign on runner `runner` (or backend b) into path, inferred; *runs and
 * *fields: its runs and findings as text (malloc'd). */
static void campaign(const char *path, const struct ip_probe *p, const char *runner,
                     const struct ip_runner_backend *b, char **runs, char **fields)
{
	struct ip_store *s = fixture_fresh_store(path);
	struct ip_campaign_opts o;
	struct ip_campaign_result r;
	struct ip_diag d;
	memset(&o, 0, sizeof o);
	o.runner = runner;
	o.backend = b;
	o.gpu = "t760";
	o.strategy = IP_STRATEGY_AUTO;
	o.jobs = 1;
	ip_diag_init(&d, path);
	CHECK(ip_campaign_run(s, p, &o, &r, &d) == 0, "campaign %s: %s", path, d.msg);
	CHECK(ip_infer(s, NULL, NULL, &d) == 0, "infer %s: %s", path, d.msg);
	*runs = fixture_rows(ip_store_sqlite(s),
	                     "SELECT r.context, hex(r.value), o.status, o.fault, hex(o.hash),"
	                     " sum(r.count) FROM run r JOIN outcome o ON o.id = r.outcome_id"
	                     " GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5");
	*fields = fixture_rows(ip_store_sqlite(s),
	                       "SELECT f.context, f.lo, f.hi, f.kind,"
	                       " coalesce(json_extract(f.details, '$.names'), ''),"
	                       " coalesce(json_extract(f.details, '$.index'), '')"
	                       " FROM finding f ORDER BY 1, 2, 3, 4");
	ip_store_close(s);
}

static unsigned lines(const char *t)
{
	unsigned n = 0;
	for (; *t; t++)
		n += *t == '\n';
	return n;
}

/* Findings (lines) of a that b lacks. */
static unsigned missing(const char *a, const char *b)
{
	unsigned n = 0;
	while (*a) {
		const char *e = strchr(a, '\n');
		size_t len = e ? (size_t)(e - a) + 1 : strlen(a);
		char *line = strndup(a, len);
		if (!line)
			abort();
		n += strstr(b, line) == NULL;
		free(line);
		a += len;
	}
	return n;
}

int main(int argc, char **argv)
{
	static const char *const probes[] = {"alu_control_gaps", "alu_unused", "branch_unk7",
	                                     "ls_loads", "ls_stores", "scalar_unk"};
	char *dir;
	(void)argc;
	setenv("FAKEDRM_MODEL", "0", 1); /* a GPU: what a kernel without the extension says */
	if (!fakedrm_under_test())
		return fakedrm_rerun("test_drm_harness_midgard", argv, "/dev/dri/renderD128=t760", "2");
	dir = fixture_tmpdir("drmharness");
	for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
		char path[512], *gpu_db, *view_db, *sim_db, *mask_db;
		char *gpu_runs, *gpu_fields, *view_runs, *view_fields, *sim_runs, *sim_fields;
		char *mask_runs, *mask_fields;
		struct ip_probe p;
		struct ip_diag d;
		snprintf(path, sizeof path, "%s/probes/midgard/%s.probe", ISAPROBE_SRC, probes[i]);
		ip_diag_init(&d, path);
		if (ip_probe_load(path, &p, &d) != 0) {
			ip_diag_print(&d, stderr);
			CHECK(0, "%s does not load", path);
			ip_probe_free(&p);
			continue;
		}
		snprintf(path, sizeof path, "%s.gpu.db", probes[i]);
		gpu_db = fixture_path(dir, path);
		snprintf(path, sizeof path, "%s.view.db", probes[i]);
		view_db = fixture_path(dir, path);
		snprintf(path, sizeof path, "%s.sim.db", probes[i]);
		sim_db = fixture_path(dir, path);
		snprintf(path, sizeof path, "%s.masked.db", probes[i]);
		mask_db = fixture_path(dir, path);
		campaign(gpu_db, &p, "drm", NULL, &gpu_runs, &gpu_fields);
		campaign(view_db, &p, "sim", &gpu_view, &view_runs, &view_fields);
		campaign(sim_db, &p, "sim", NULL, &sim_runs, &sim_fields);
		campaign(mask_db, &p, "sim", &masked, &mask_runs, &mask_fields);
		CHECK(gpu_runs[0] && strcmp(gpu_runs, view_runs) == 0,
		      "%s: the GPU's %u runs against the simulator's as a GPU shows it, %u", probes[i],
		      lines(gpu_runs), lines(view_runs));
		CHECK(!strstr(gpu_runs, "|5|"), "%s: runner errors stored", probes[i]);
		CHECK(gpu_fields[0] && strcmp(gpu_fields, view_fields) == 0,
		      "%s: fields differ:\n%s\nagainst\n%s", probes[i], gpu_fields, view_fields);
		/* the registers a GPU cannot show carry no finding of these probes */
		CHECK(sim_fields[0] && strcmp(mask_fields, sim_fields) == 0,
		      "%s: with r24-r31 unobserved the simulator's fields change:\n%s\nagainst\n%s",
		      probes[i], mask_fields, sim_fields);
		printf("%s: %u runs, %u findings on the GPU; the plain simulator's %u findings, %u of "
		       "them not found on the GPU\n", probes[i], lines(gpu_runs), lines(gpu_fields),
		       lines(sim_fields), missing(sim_fields, gpu_fields));
		free(gpu_runs);
		free(gpu_fields);
		free(view_runs);
		free(view_fields);
		free(sim_runs);
		free(sim_fields);
		free(mask_runs);
		free(mask_fields);
		free(mask_db);
		free(gpu_db);
		free(view_db);
		free(sim_db);
		ip_probe_free(&p);
	}
	fixture_rmdir(dir);
	return check_report("test_drm_harness_midgard");
}
