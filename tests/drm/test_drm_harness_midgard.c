/* test_drm_harness_midgard.c: every shipped Midgard probe as a campaign through the drm runner on
 * the fake device in its real-GPU mode (FAKEDRM_MODEL=0, a T760: jobs wrapped by the register
 * harness) stores exactly the runs of the simulator seen as a GPU sees it (the registers the
 * harness observes, the others zero; `unmodeled` and `invalid` as the fake's DATA_INVALID_FAULT,
 * a fault code the GPU cannot give as that one too), and `infer` gives the same fields (bounds,
 * kinds, names); and the simulator's own fields do not change when only the registers a GPU
 * shows are observed. It prints, per probe, how many of the plain simulator's findings the GPU
 * does not give (docs/drm-runner.md). Runs itself again with the fake device preloaded. */
#include "drm_harness_lib.h"
#include "fakedrm_rerun.h"

#ifndef ISAPROBE_SRC
#define ISAPROBE_SRC "."
#endif

#define DATA_INVALID_FAULT 0x58

/* The registers the harness cannot observe zeroed; with `statuses`, also the statuses as the fake
 * GPU gives them. */
static int statuses;

static void midgard_view(const struct ip_job *job, struct ip_result *res)
{
	const struct ip_harness *h = ip_harness_find("midgard");
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
		return;
	h->records(job, &plant, &obs);
	for (size_t at = 0; at < o->len; at++) {
		unsigned k = (unsigned)(at / 16 % 32);
		if (!(obs.bits[0] >> k & 1))
			o->data[at] = 0;
	}
}

/* The probe's auto campaign on the T760 (dh_campaign), the view's statuses or not. */
static void campaign(const char *path, const struct ip_probe *p, const char *runner,
                     const struct ip_runner_backend *b, int with_statuses, char **runs,
                     char **fields)
{
	struct ip_diag d;
	statuses = with_statuses;
	CHECK(dh_campaign(path, p, "t760", runner, b, runs, fields, &d) == 0, "campaign %s: %s",
	      path, d.msg);
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
	dh_view = midgard_view;
	dir = fixture_tmpdir("drmharness");
	for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
		char path[512], *gpu_db, *view_db, *sim_db, *mask_db;
		/* Scaled down (the sanitizer run), the two load/store probes, four campaigns of
		 * thousands of runs each, are left to the full run: the same code runs for the other
		 * four, and tests/cli/cli_drm_harness_midgard.sh runs ls_loads on the GPU there. */
		if (test_scaled_down() && strncmp(probes[i], "ls_", 3) == 0) {
			printf("%s: left to the full-scale run\n", probes[i]);
			continue;
		}
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
		campaign(gpu_db, &p, "drm", NULL, 0, &gpu_runs, &gpu_fields);
		campaign(view_db, &p, "sim", &dh_backend, 1, &view_runs, &view_fields);
		campaign(sim_db, &p, "sim", NULL, 0, &sim_runs, &sim_fields);
		campaign(mask_db, &p, "sim", &dh_backend, 0, &mask_runs, &mask_fields);
		CHECK(gpu_runs[0] && strcmp(gpu_runs, view_runs) == 0,
		      "%s: the GPU's %u runs against the simulator's as a GPU shows it, %u", probes[i],
		      dh_lines(gpu_runs), dh_lines(view_runs));
		CHECK(!strstr(gpu_runs, "|5|"), "%s: runner errors stored", probes[i]);
		CHECK(gpu_fields[0] && strcmp(gpu_fields, view_fields) == 0,
		      "%s: fields differ:\n%s\nagainst\n%s", probes[i], gpu_fields, view_fields);
		/* the registers a GPU cannot show carry no finding of these probes */
		CHECK(sim_fields[0] && strcmp(mask_fields, sim_fields) == 0,
		      "%s: with r24-r31 unobserved the simulator's fields change:\n%s\nagainst\n%s",
		      probes[i], mask_fields, sim_fields);
		printf("%s: %u runs, %u findings on the GPU; the plain simulator's %u findings, %u of "
		       "them not found on the GPU\n",
		       probes[i], dh_lines(gpu_runs), dh_lines(gpu_fields), dh_lines(sim_fields),
		       dh_missing(sim_fields, gpu_fields));
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
