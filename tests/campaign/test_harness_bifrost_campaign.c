/* test_harness_bifrost_campaign.c: every shipped Bifrost probe's auto campaign run through the
 * register harness (each job wrapped, run on the simulator, unwrapped: what a GPU's runner does)
 * stores exactly the runs the plain simulator stores, and infer finds the same fields (bounds,
 * kinds, sentences): one invocation, every register is one a GPU shows. And the same campaign
 * through the drm runner on the fake device as a G52 (FAKEDRM_MODEL=0) stores exactly the runs of
 * the simulator seen as a GPU sees it (`unmodeled` and `invalid` as the fake's DATA_INVALID_FAULT),
 * with the same fields. Runs itself again with the fake device preloaded. */
#include <sqlite3.h>

#include "edited_sim.h"
#include "fakedrm_rerun.h"
#include "isaprobe/internal/harness.h"

#define G52 "/dev/dri/renderD128"
#define DATA_INVALID_FAULT 0x58

#ifndef ISAPROBE_SRC
#error "ISAPROBE_SRC must name the source tree"
#endif

static const char *const probes[] = {
	"add_fcmp_unknowns", "add_modifier_unknowns", "fcmp_unknowns", "fma_minmax_opcodes",
	"fma_modifier_unknowns", "fma_twosrc_unknowns", "header_float_modes", "header_unknown",
	"reg64_unknown", "uniform_special", "unused_regions",
};

/* The device: the simulator, unedited, running every job through the harness. */
static int unedited(uint8_t *code, size_t len)
{
	(void)code;
	(void)len;
	return 0;
}

struct wrapped {
	void *sim;
	struct ip_harness_work *works;
	struct ip_job *jobs;
	struct ip_result *results;
	size_t cap;
};

static int wrapped_open(const struct ip_runner_config *cfg, void **state, struct ip_diag *d)
{
	struct wrapped *w = calloc(1, sizeof *w);
	if (!w)
		return ip_diag_plain(d, "out of memory");
	if (edited_sim_open(cfg, &w->sim, d)) {
		free(w);
		return -1;
	}
	*state = w;
	return 0;
}

static int wrapped_run(void *state, const struct ip_job *jobs, size_t n,
                       struct ip_result *results)
{
	struct wrapped *w = state;
	const struct ip_harness *h = ip_harness_find("bifrost");
	int rc;
	if (n > w->cap) {
		w->works = realloc(w->works, n * sizeof *w->works);
		w->jobs = realloc(w->jobs, n * sizeof *w->jobs);
		w->results = realloc(w->results, n * sizeof *w->results);
		if (!w->works || !w->jobs || !w->results)
			abort();
		memset(w->works + w->cap, 0, (n - w->cap) * sizeof *w->works);
		w->cap = n;
	}
	for (size_t i = 0; i < n; i++) {
		struct ip_diag d;
		ip_diag_init(&d, NULL);
		CHECK(ip_harness_needed(&jobs[i], &results[i]), "a registers job needs the harness");
		CHECK(h->wrap(&w->works[i], &jobs[i], &results[i], &d) == 0, "wrap: %s", d.msg);
		w->jobs[i] = w->works[i].job;
		w->results[i] = w->works[i].res;
	}
	rc = edited_sim_run(w->sim, w->jobs, n, w->results);
	for (size_t i = 0; i < n; i++) {
		w->works[i].res = w->results[i];
		h->unwrap(&w->works[i], &jobs[i], &results[i]);
	}
	return rc;
}

/* The same, with the statuses a GPU gives: what the simulator cannot say (unmodeled, invalid)
 * is the fake GPU's stand-in fault, and a fault code no GPU writes becomes that one too. */
static int gpu_view_run(void *state, const struct ip_job *jobs, size_t n,
                        struct ip_result *results)
{
	int rc = wrapped_run(state, jobs, n, results);
	for (size_t i = 0; i < n; i++) {
		struct ip_result *r = &results[i];
		if (r->status == IP_STATUS_UNMODELED || r->status == IP_STATUS_INVALID ||
		    (r->status == IP_STATUS_FAULT && r->fault <= 0x3f)) {
			r->status = IP_STATUS_FAULT;
			r->fault = DATA_INVALID_FAULT;
		}
	}
	return rc;
}

static void wrapped_close(void *state)
{
	struct wrapped *w = state;
	for (size_t i = 0; i < w->cap; i++)
		ip_harness_work_free(&w->works[i]);
	edited_sim_close(w->sim);
	free(w->works);
	free(w->jobs);
	free(w->results);
	free(w);
}

static const char *wrapped_model(void *state)
{
	return edited_sim_model(((struct wrapped *)state)->sim);
}

/* Named as the simulator it runs on, so that the stored findings' sentences (which name what
 * the runner is) can be compared word for word. */
static const struct ip_runner_backend harness_backend = {
	.name = "sim",
	.summary = "the simulator, every job through the Bifrost harness",
	.open = wrapped_open,
	.run_batch = wrapped_run,
	.close = wrapped_close,
	.model = wrapped_model,
};
static const struct ip_runner_backend gpu_view = {
	.name = "sim",
	.summary = "the simulator through the Bifrost harness, as a GPU shows it",
	.open = wrapped_open,
	.run_batch = gpu_view_run,
	.close = wrapped_close,
	.model = wrapped_model,
};

/* The probe's auto campaign through the drm runner on the fake G52 into path, inferred: no
 * runner_error. */
static void drm_campaign(const char *path, const struct ip_probe *p)
{
	struct ip_campaign_result r;
	ip_store_close(edited_sim_campaign_on(path, p, "drm", G52, NULL, &r));
	CHECK(r.by_status[IP_STATUS_RUNNER_ERROR] == 0, "%s: %llu runner errors on the G52", path,
	      (unsigned long long)r.by_status[IP_STATUS_RUNNER_ERROR]);
}

/* A query's rows on one database, one line each, appended to buf. */
static void rows(const char *path, const char *sql, char **buf, size_t *len)
{
	sqlite3 *db;
	sqlite3_stmt *st;
	FILE *f = open_memstream(buf, len);
	if (!f || sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
		CHECK(0, "%s: cannot query", path);
		if (f)
			fclose(f);
		return;
	}
	while (sqlite3_step(st) == SQLITE_ROW) {
		for (int c = 0; c < sqlite3_column_count(st); c++)
			fprintf(f, "%s|", (const char *)sqlite3_column_text(st, c));
		fputc('\n', f);
	}
	sqlite3_finalize(st);
	sqlite3_close(db);
	fclose(f);
}

static void same(const char *a, const char *b, const char *sql, const char *what,
                 const char *probe)
{
	char *x = NULL, *y = NULL;
	size_t xl = 0, yl = 0;
	rows(a, sql, &x, &xl);
	rows(b, sql, &y, &yl);
	CHECK(x && y && xl > 0 && xl == yl && !memcmp(x, y, xl),
	      "%s: %s differ (%zu and %zu bytes of rows)", probe, what, xl, yl);
	free(x);
	free(y);
}

static const char runs_sql[] =
	"SELECT r.context, hex(r.value), hex(o.hash), o.status, o.fault, r.count "
	"FROM run r JOIN outcome o ON o.id = r.outcome_id ORDER BY 1, 2, 3";
static const char fields_sql[] =
	"SELECT context, format, lo, hi, kind, json_extract(details, '$.sentence') "
	"FROM finding ORDER BY 1, 2, 3, 4, 5";

int main(int argc, char **argv)
{
	char *dir;
	(void)argc;
	if (!fakedrm_under_test()) {
		setenv("FAKEDRM_MODEL", "0", 1);
		return fakedrm_rerun("test_harness_bifrost_campaign", argv, G52 "=g52", "2");
	}
	dir = fixture_tmpdir("harness-bifrost");
	edited_sim_edit = unedited;
	for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
		char path[512], *db[4];
		static const char *const names[4] = {"plain", "wrapped", "gpu_view", "g52"};
		struct ip_probe p;
		struct ip_diag d;
		for (int k = 0; k < 4; k++) {
			char name[128];
			snprintf(name, sizeof name, "%s.%s.db", probes[i], names[k]);
			db[k] = fixture_path(dir, name);
		}
		snprintf(path, sizeof path, "%s/probes/bifrost/%s.probe", ISAPROBE_SRC, probes[i]);
		ip_diag_init(&d, path);
		if (ip_probe_load(path, &p, &d) != 0) {
			CHECK(0, "%s: %s", path, d.msg);
		} else {
			ip_store_close(edited_sim_campaign(db[0], &p, NULL));
			ip_store_close(edited_sim_campaign(db[1], &p, &harness_backend));
			ip_store_close(edited_sim_campaign(db[2], &p, &gpu_view));
			drm_campaign(db[3], &p);
			same(db[0], db[1], runs_sql, "runs (wrapped)", probes[i]);
			same(db[0], db[1], fields_sql, "findings (wrapped)", probes[i]);
			same(db[2], db[3], runs_sql, "runs (the G52 and the simulator as a GPU)", probes[i]);
			same(db[2], db[3], fields_sql, "findings (the G52 and the simulator as a GPU)",
			     probes[i]);
		}
		ip_probe_free(&p);
		for (int k = 0; k < 4; k++)
			free(db[k]);
	}
	fixture_rmdir(dir);
	return check_report("test_harness_bifrost_campaign");
}
