/* drm_harness_lib.h: what the tests of the register harnesses through the drm runner share: a
 * probe's auto campaign on the fake device as a GPU or on the simulator seen as that GPU shows it
 * (a view: the registers the harness cannot show zeroed, the outcomes no GPU gives as the fake
 * GPU's stand-in fault), inferred, its runs and fields as text; and counting findings. */
#ifndef ISAPROBE_TEST_DRM_HARNESS_LIB_H
#define ISAPROBE_TEST_DRM_HARNESS_LIB_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "isaprobe/campaign.h"
#include "isaprobe/harness.h"
#include "isaprobe/infer.h"
#include "isaprobe/probe.h"
#include "store_fixture.h"

/* The simulator under a test's view (dh_view: what the test's GPU shows of a result). */
static void (*dh_view)(const struct ip_job *job, struct ip_result *res);

static int dh_open(const struct ip_runner_config *cfg, void **state, struct ip_diag *d)
{
	struct ip_runner *r;
	struct ip_runner_config c = *cfg;
	c.device = NULL;
	if (ip_runner_open("sim", &c, &r, d))
		return -1;
	*state = r;
	return 0;
}

static int dh_run(void *state, const struct ip_job *jobs, size_t n, struct ip_result *results)
{
	int rc = ip_runner_run_batch(state, jobs, n, results);
	for (size_t i = 0; i < n; i++)
		dh_view(&jobs[i], &results[i]);
	return rc;
}

static void dh_close(void *state)
{
	ip_runner_close(state);
}

static const char *dh_model(void *state)
{
	return ip_runner_model(state);
}

static const struct ip_runner_backend dh_backend = {
	.name = "sim",
	.summary = "the simulator as a GPU shows it",
	.open = dh_open,
	.run_batch = dh_run,
	.close = dh_close,
	.model = dh_model,
};

/* The probe's auto campaign on GPU model gpu, on runner `runner` (or backend b) into path,
 * inferred; *runs and *fields: its runs and findings as text (malloc'd). 0, or -1 when the
 * campaign did not start (then d says why and *runs, *fields are empty). */
static int dh_campaign(const char *path, const struct ip_probe *p, const char *gpu,
                       const char *runner, const struct ip_runner_backend *b, char **runs,
                       char **fields, struct ip_diag *d)
{
	struct ip_store *s = fixture_fresh_store(path);
	struct ip_campaign_opts o;
	struct ip_campaign_result r;
	memset(&o, 0, sizeof o);
	o.runner = runner;
	o.backend = b;
	o.gpu = gpu;
	o.strategy = IP_STRATEGY_AUTO;
	o.jobs = 1;
	ip_diag_init(d, path);
	if (ip_campaign_run(s, p, &o, &r, d) != 0) {
		ip_store_close(s);
		*runs = strdup("");
		*fields = strdup("");
		if (!*runs || !*fields)
			abort();
		return -1;
	}
	CHECK(ip_infer(s, NULL, NULL, d) == 0, "infer %s: %s", path, d->msg);
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
	return 0;
}

static unsigned dh_lines(const char *t)
{
	unsigned n = 0;
	for (; *t; t++)
		n += *t == '\n';
	return n;
}

/* Findings (lines) of a that b lacks. */
static unsigned dh_missing(const char *a, const char *b)
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

#endif
