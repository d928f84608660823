/* test_drm_harness_a3xx.c: every shipped a3xx probe as a campaign through the drm runner on the
 * fake device in its real-GPU mode (FAKEDRM_MODEL=0, an A320: jobs wrapped by the a3xx register
 * harness) stores exactly the runs of the simulator seen as that GPU shows it (r47, a0.x and p0
 * zero; `unmodeled`, `invalid` and faults as the IOMMU fault the fake logs: code 0, no data) and
 * `infer` gives the same fields; the simulator's own fields do not change when only the
 * registers a GPU shows are observed; the two texture probes are refused with the reason. It
 * prints, per probe, how many of the plain simulator's findings the GPU does not give
 * (docs/drm-runner.md). Runs itself again with the fake device preloaded. */
#include <dirent.h>

#include "drm_harness_lib.h"
#include "fakedrm_rerun.h"

#ifndef ISAPROBE_SRC
#define ISAPROBE_SRC "."
#endif

/* The registers role's bytes a GPU does not show (docs/harness.md, "a3xx"): r47 (the store
 * address's register) and a0.x, p0.x-w. */
#define R47_AT 752u
#define R47_END 768u
#define A0_AT 1152u

/* with `statuses`: as the fake GPU gives them: what the simulator cannot say, and its faults, an
 * IOMMU fault a3xx only logs (code 0, no data); a hang a timeout with no data */
static int statuses;

static void a3xx_view(const struct ip_job *job, struct ip_result *r)
{
	struct ip_out_buf *regs = ip_result_output(r, IP_BUF_REGISTERS);
	(void)job;
	if (statuses && r->status != IP_STATUS_OK) {
		if (r->status != IP_STATUS_TIMEOUT) {
			r->status = IP_STATUS_FAULT;
			r->fault = 0;
		}
		for (unsigned o = 0; o < r->noutputs; o++)
			r->outputs[o].len = 0;
		return;
	}
	if (regs && regs->len > R47_AT)
		memset(regs->data + R47_AT, 0, (regs->len < R47_END ? regs->len : R47_END) - R47_AT);
	if (regs && regs->len > A0_AT)
		memset(regs->data + A0_AT, 0, regs->len - A0_AT);
}

/* The probes whose auto campaigns run tens of thousands of variants (most of them faults on the
 * fake GPU): left out when the tests are scaled down (the sanitizer build). */
static int big(const char *name)
{
	static const char *const names[] = {"cat0_unknown", "cat1_const_pad", "cat1_pad",
	                                    "cat4_unknown"};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (!strcmp(name, names[i]))
			return 1;
	return 0;
}

static void one_probe(const char *dir, const char *path, const char *name, unsigned *ran)
{
	char file[600], *db[4], *runs[4], *fields[4];
	static const char *const kind[4] = {"gpu", "view", "sim", "masked"};
	struct ip_probe p;
	struct ip_diag d;
	int textures = 0, rc[4];
	ip_diag_init(&d, path);
	if (ip_probe_load(path, &p, &d)) {
		ip_diag_print(&d, stderr);
		CHECK(0, "%s", path);
		ip_probe_free(&p);
		return;
	}
	for (unsigned b = 0; b < p.nbuffers; b++)
		textures |= p.buffers[b].role == IP_BUF_TEXTURES;
	for (int k = 0; k < 4; k++) {
		snprintf(file, sizeof file, "%s.%s.db", name, kind[k]);
		db[k] = fixture_path(dir, file);
		statuses = k == 1;
		rc[k] = dh_campaign(db[k], &p, "a320", k ? "sim" : "drm", k == 0 || k == 2 ? NULL
		                    : &dh_backend, &runs[k], &fields[k], &d);
		if (k == 0 && textures) {
			/* isam needs texture state the runner's vertex draw does not set */
			CHECK(rc[0] != 0 && strstr(d.msg, "textures"), "%s: %s", name,
			      rc[0] ? d.msg : "ran on a GPU");
			break;
		}
		CHECK(rc[k] == 0, "%s (%s): %s", name, kind[k], d.msg);
	}
	if (!textures) {
		++*ran;
		CHECK(runs[0][0] && !strcmp(runs[0], runs[1]),
		      "%s: the GPU's %u runs against the simulator's as a GPU shows it, %u", name,
		      dh_lines(runs[0]), dh_lines(runs[1]));
		CHECK(!strstr(runs[0], "|5|"), "%s: runner errors stored", name);
		CHECK(fields[0][0] && !strcmp(fields[0], fields[1]), "%s: fields differ:\n%s\nagainst\n%s",
		      name, fields[0], fields[1]);
		/* the registers a GPU cannot show carry no finding of these probes */
		CHECK(fields[2][0] && !strcmp(fields[3], fields[2]),
		      "%s: with r47, a0.x and p0 unobserved the simulator's fields change:\n%s\n"
		      "against\n%s",
		      name, fields[3], fields[2]);
		printf("%s: %u runs, %u findings on the GPU; the plain simulator's %u findings, %u of "
		       "them not found on the GPU\n",
		       name, dh_lines(runs[0]), dh_lines(fields[0]), dh_lines(fields[2]),
		       dh_missing(fields[2], fields[0]));
	}
	for (int k = 0; k < 4 && (k == 0 || !textures); k++) {
		free(runs[k]);
		free(fields[k]);
		free(db[k]);
	}
	ip_probe_free(&p);
}

int main(int argc, char **argv)
{
	char dir[512], *tmp;
	struct dirent *de;
	unsigned ran = 0, skipped = 0;
	int scaled = test_scaled_down();
	DIR *dp;
	(void)argc;
	setenv("FAKEDRM_MODEL", "0", 1); /* a GPU: what a kernel without the extension says */
	/* one draw per submission: on the fake GPU every variant the simulator cannot say faults,
	 * and a3xx tells which draw of a submission faulted only by running draws alone
	 * (docs/drm-msm.md), which costs more than a submission per draw */
	setenv("ISAPROBE_DRM_JOBS", "1", 1);
	if (!fakedrm_under_test())
		return fakedrm_rerun("test_drm_harness_a3xx", argv, "/dev/dri/renderD128=a320", "2");
	dh_view = a3xx_view;
	tmp = fixture_tmpdir("drmharness-a3xx");
	snprintf(dir, sizeof dir, "%s/probes/a3xx", ISAPROBE_SRC);
	dp = opendir(dir);
	CHECK(dp != NULL, "%s", dir);
	while (dp && (de = readdir(dp)) != NULL) {
		char path[800], name[256];
		size_t n = strlen(de->d_name);
		if (n < 7 || strcmp(de->d_name + n - 6, ".probe"))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		snprintf(name, sizeof name, "%.*s", (int)(n - 6), de->d_name);
		if (scaled && big(name)) {
			skipped++;
			continue;
		}
		one_probe(tmp, path, name, &ran);
	}
	if (dp)
		closedir(dp);
	CHECK(ran + skipped == 16, "%u probes ran on the GPU and were compared, %u left out, not 16",
	      ran, skipped);
	fixture_rmdir(tmp);
	return check_report("test_drm_harness_a3xx");
}
