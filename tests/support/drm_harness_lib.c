/* drm_harness_lib.c: what drm_harness_lib.h declares, compiled once into the tests' support library
 * (tests/support/CMakeLists.txt). */
#include "drm_harness_lib.h"

const struct ip_runner_backend dh_backend = {
	.name = "sim",
	.summary = "the simulator as a GPU shows it",
	.open = dh_open,
	.run_batch = dh_run,
	.close = dh_close,
	.model = dh_model,
};

void (*dh_view)(const struct ip_job *job, struct ip_result *res);

int dh_open(const struct ip_runner_config *cfg, void **state, struct ip_diag *d)
{
	struct ip_runner *r;
	struct ip_runner_config c = *cfg;
	c.device = NULL;
	if (ip_runner_open("sim", &c, &r, d))
		return -1;
	*state = r;
	return 0;
}

int dh_run(void *state, const struct ip_job *jobs, size_t n, struct ip_result *results)
{
	int rc = ip_runner_run_batch(state, jobs, n, results);
	for (size_t i = 0; i < n; i++)
		dh_view(&jobs[i], &results[i]);
	return rc;
}

void dh_close(void *state)
{
	ip_runner_close(state);
}

const char *dh_model(void *state)
{
	return ip_runner_model(state);
}

int dh_campaign(const char *path, const struct ip_probe *p, const char *gpu,
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

unsigned dh_lines(const char *t)
{
	unsigned n = 0;
	for (; *t; t++)
		n += *t == '\n';
	return n;
}

unsigned dh_missing(const char *a, const char *b)
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
