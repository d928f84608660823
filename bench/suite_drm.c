/* suite_drm.c: the drm runner through the fake DRM device: variants per submission, submissions
 * and variants per second for each ISA against the same jobs on the simulator, one variant per
 * submission (what a submission costs), and for each ISA with a register harness its jobs on a
 * GPU (no model extension) through the harness: variants per second against the simulator alone,
 * variants per submission, the harness's instructions per variant. The fake device must be
 * preloaded, so the suite runs itself in children `isaprobe bench drm` with it (one with the model
 * extension, one a GPU) and relays their results. */
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include <radeon_drm.h>

#include "runners/drm/drm_uapi.h"
#include "runners/drm/model_ext.h"
#include "runners/drm/msm_uapi.h"
#include "bench.h"
#include "isaprobe/harness.h"
#include "isaprobe/isa.h"

extern char **environ;

#define BATCH 4096
#define CHILD_OUT "ISAPROBE_BENCH_DRM_OUT"
#define CHILD_GPU "ISAPROBE_BENCH_DRM_GPU" /* set: the child's device is a GPU (FAKEDRM_MODEL=0) */

static const char *const nodes[5] = {"/dev/dri/renderD128", "/dev/dri/renderD129",
                                     "/dev/dri/renderD130", "/dev/dri/renderD131",
                                     "/dev/dri/renderD132"};
#define MSM_NODE 3
#define RADEON_NODE 4

/* A GPU model's counter (model_ext.h) on the node of the ISA. */
static uint64_t counter(int node, uint32_t param)
{
	struct ip_panfrost_get_param p = {.param = param}; /* the same layout on lima */
	struct ip_msm_param m = {.pipe = IP_MSM_PIPE_3D0, .param = param};
	uint64_t r = 0;
	struct drm_radeon_info ri = {.request = param, .value = (uint64_t)(uintptr_t)&r};
	unsigned long req = node == 2 ? IP_IOCTL_LIMA_GET_PARAM : IP_IOCTL_PANFROST_GET_PARAM;
	int fd = open(nodes[node], O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return 0;
	if (node == RADEON_NODE) { /* the counters answer 8 bytes through RADEON_INFO */
		if (ioctl(fd, DRM_IOCTL_RADEON_INFO, &ri) != 0)
			r = 0;
		close(fd);
		return r;
	}
	if (node == MSM_NODE ? ioctl(fd, IP_IOCTL_MSM_GET_PARAM, &m) != 0 : ioctl(fd, req, &p) != 0)
		p.value = m.value = 0;
	close(fd);
	return node == MSM_NODE ? m.value : p.value;
}

/* Jobs of one program, all alike: Bifrost and Utgard GP (Midgard's are bench_mg_jobs). */
struct simple_jobs {
	uint8_t *code;
	size_t len;
	struct ip_job *jobs;
	struct ip_result *res;
	struct ip_out_buf *outs;
	uint8_t *out_data;
	struct ip_buf in;
	uint8_t in_data[256];
};

static int simple_jobs(struct simple_jobs *s, const char *isa_name, const char *text,
                       enum ip_buf_role in_role, enum ip_buf_role out_role, size_t out_cap)
{
	const struct ip_isa *isa = ip_isa_find(isa_name);
	struct ip_program p;
	struct ip_diag d;
	memset(s, 0, sizeof *s);
	ip_diag_init(&d, "the drm suite's program");
	ip_program_init(&p, isa);
	if (isa->assemble(text, &p, &d) || isa->pack(&p, &s->code, &s->len, &d)) {
		ip_program_free(&p);
		ip_diag_print(&d, stderr);
		return -1;
	}
	ip_program_free(&p);
	for (size_t i = 0; i < sizeof s->in_data; i++)
		s->in_data[i] = (uint8_t)(i * 7 + 1);
	s->in = (struct ip_buf){in_role, s->in_data, sizeof s->in_data};
	s->jobs = calloc(BATCH, sizeof *s->jobs);
	s->res = calloc(BATCH, sizeof *s->res);
	s->outs = calloc(BATCH, sizeof *s->outs);
	s->out_data = calloc(BATCH, out_cap);
	if (!s->jobs || !s->res || !s->outs || !s->out_data)
		return -1;
	for (size_t i = 0; i < BATCH; i++) {
		s->jobs[i] = (struct ip_job){s->code, s->len, &s->in, 1, {1, 0}, -1};
		s->outs[i] = (struct ip_out_buf){out_role, s->out_data + i * out_cap, out_cap, 0};
		s->res[i].outputs = &s->outs[i];
		s->res[i].noutputs = 1;
	}
	return 0;
}

static void simple_free(struct simple_jobs *s)
{
	free(s->code);
	free(s->jobs);
	free(s->res);
	free(s->outs);
	free(s->out_data);
}

/* CTM jobs for the radeon runner: a mad of three float constants over an 8 x 4 domain, each
 * job its own memory image (constants at 0x800, output 0 at 0x1000), one draw a job. */
#define CTM_MEM 4608
static const char ctm_program[] =
	"out tex_sem_wait=1 rgb_omask=rgb alpha_omask=1 {\n"
	"	rgb_addr rgb_addr0=0 rgb_addr0_const=1 rgb_addr1=1 rgb_addr1_const=1 rgb_addr2=2 "
	"rgb_addr2_const=1\n"
	"	alpha_addr alpha_addr0=0 alpha_addr0_const=1 alpha_addr1=1 alpha_addr1_const=1 "
	"alpha_addr2=2 alpha_addr2_const=1\n"
	"	rgb_inst rgb_sel_b=src1\n"
	"	alpha_inst alpha_sel_b=src1\n"
	"	rgba_inst rgb_op=mad rgb_sel_c=src2 alpha_sel_c=src2\n"
	"}\n"
	"commands {\n"
	"	set_constf_fmt address=0x800 format.pitch=4 format.data=float32_4\n"
	"	set_out_fmt output=0 address=0x1000 format.pitch=2 format.data=float32_4 height=4\n"
	"	set_domain i0=0 j0=0 i1=7 j1=3\n"
	"	start_program\n"
	"}\n"
	"note proginfo 1 0\n";

struct ctm_jobs {
	struct simple_jobs s;
	uint8_t *mem;
	struct ip_buf *in;
};

static int ctm_jobs(struct ctm_jobs *c)
{
	if (simple_jobs(&c->s, "ctm", ctm_program, IP_BUF_GLOBAL, IP_BUF_GLOBAL, CTM_MEM))
		return -1;
	c->mem = calloc(BATCH, CTM_MEM);
	c->in = calloc(BATCH, sizeof *c->in);
	if (!c->mem || !c->in)
		return -1;
	for (size_t i = 0; i < BATCH; i++) {
		float k[12] = {1, 2, 3, 4, 2, 2, 2, 2, 0.5f, 0.25f, -1, (float)(i & 255)};
		memcpy(c->mem + i * CTM_MEM + 0x800, k, sizeof k);
		c->in[i] = (struct ip_buf){IP_BUF_GLOBAL, c->mem + i * CTM_MEM, CTM_MEM};
		c->s.jobs[i].inputs = &c->in[i];
	}
	return 0;
}

static void ctm_free(struct ctm_jobs *c)
{
	simple_free(&c->s);
	free(c->mem);
	free(c->in);
}

/* Runs total jobs in batches on the runner; their time in *t, ok results in *ok. */
static int batches(struct ip_runner *r, const struct ip_job *jobs, struct ip_result *res,
                   uint64_t total, struct bench_time *t, uint64_t *ok)
{
	struct bench_time t0 = bench_now();
	*ok = 0;
	for (uint64_t done = 0; done < total; done += BATCH) {
		size_t n = total - done < BATCH ? (size_t)(total - done) : BATCH;
		if (ip_runner_run_batch(r, jobs, n, res) != 0)
			return -1;
		for (size_t i = 0; i < n; i++)
			*ok += res[i].status == IP_STATUS_OK;
	}
	bench_lap(t, t0);
	return 0;
}

/* One ISA: the jobs on the simulator, then through the drm runner with the default jobs per
 * submission, then (single) one job per submission. all_ok: every job must end ok (a job
 * that stops early measures less than a run). */
static int measure_isa(struct bench_run *br, const char *isa, int node, const struct ip_job *jobs,
                       struct ip_result *res, uint64_t total, int single, int all_ok)
{
	struct ip_runner_config cfg = {isa, NULL, NULL};
	struct ip_runner *sim = NULL, *drm = NULL;
	struct bench_time ts = {0, 0, 0}, td = {0, 0, 0};
	uint64_t ok_sim, ok_drm, s0, s1, j0, j1;
	char name[48], note[160], spec[64];
	struct ip_diag d;
	int rc = -1;
	ip_diag_init(&d, "drm suite");
	snprintf(spec, sizeof spec, "drm:%s", nodes[node]);
	if (single)
		setenv("ISAPROBE_DRM_JOBS", "1", 1);
	if (ip_runner_open("sim", &cfg, &sim, &d) || ip_runner_open(spec, &cfg, &drm, &d)) {
		ip_diag_print(&d, stderr);
		goto out;
	}
	if (!single && batches(sim, jobs, res, total, &ts, &ok_sim) != 0)
		goto out;
	s0 = counter(node, IP_MODEL_PARAM_SUBMISSIONS);
	j0 = counter(node, IP_MODEL_PARAM_JOBS);
	if (batches(drm, jobs, res, total, &td, &ok_drm) != 0)
		goto out;
	s1 = counter(node, IP_MODEL_PARAM_SUBMISSIONS) - s0;
	j1 = counter(node, IP_MODEL_PARAM_JOBS) - j0;
	if (!s1 || j1 != total || (!single && ok_drm != ok_sim) || (all_ok && ok_drm != total)) {
		fprintf(stderr, "isaprobe bench drm: %s: %llu submissions, %llu jobs for %llu variants "
		        "(%llu ok, %llu on the simulator)\n", isa, (unsigned long long)s1,
		        (unsigned long long)j1, (unsigned long long)total, (unsigned long long)ok_drm,
		        (unsigned long long)(single ? ok_drm : ok_sim));
		goto out;
	}
	if (!single) {
		snprintf(name, sizeof name, "%s.sim", isa);
		snprintf(note, sizeof note, "the same jobs on the simulator, batches of %d", BATCH);
		bench_rate(br, name, "variants/s", (double)total, ts, BENCH_REPORT, 0, note);
	}
	snprintf(name, sizeof name, single ? "%s.single" : "%s.drm", isa);
	snprintf(note, sizeof note, "through the fake device (runner, ioctls, device, simulator)%s",
	         single ? ", one job per submission" : "");
	bench_rate(br, name, "variants/s", (double)total, td, BENCH_REPORT, 0, note);
	snprintf(name, sizeof name, single ? "%s.single_submissions" : "%s.submissions", isa);
	bench_rate(br, name, "submissions/s", (double)s1, td, BENCH_REPORT, 0,
	           "submit, wait, read back: the runner's and the device's share");
	if (!single) {
		snprintf(name, sizeof name, "%s.per_submission", isa);
		bench_value(br, name, "variants", (double)total / (double)s1, BENCH_REPORT, 0,
		            "variants in one submission (ISAPROBE_DRM_JOBS, ISAPROBE_DRM_BO_BUDGET)");
	}
	rc = 0;
out:
	unsetenv("ISAPROBE_DRM_JOBS");
	ip_runner_close(sim);
	ip_runner_close(drm);
	return rc;
}

/* Instruction words (bundles) of code[0..len) as the ISA unpacks them; 0 when it does not. */
static unsigned bundles(const struct ip_isa *isa, const uint8_t *code, size_t len)
{
	struct ip_program p;
	struct ip_diag d;
	unsigned n;
	ip_diag_init(&d, NULL);
	if (!len || isa->unpack(code, len, &p, &d) != 0)
		return 0;
	n = (unsigned)p.nbundles;
	ip_program_free(&p);
	return n;
}

/* On a GPU: an ISA's register jobs through its harness (the drm runner wraps each) against the
 * same jobs on the simulator alone, the variants per submission, and the instruction words the
 * harness adds to a variant (the wrapped program's bundles less the variant's). */
static int measure_harness(struct bench_run *br, const char *isa, int node,
                           const struct ip_job *jobs, struct ip_result *res, uint64_t total)
{
	const struct ip_harness *h = ip_harness_find(isa);
	struct ip_runner_config cfg = {isa, NULL, NULL};
	struct ip_runner *sim = NULL, *drm = NULL;
	struct bench_time ts = {0, 0, 0}, td = {0, 0, 0};
	struct ip_harness_work w;
	uint64_t ok_sim, ok_drm;
	char name[64], note[200], spec[64];
	struct ip_diag d;
	int rc = -1;
	if (!h)
		return 0; /* no harness: its register jobs do not run on a GPU */
	memset(&w, 0, sizeof w);
	ip_diag_init(&d, "drm suite");
	snprintf(spec, sizeof spec, "drm:%s", nodes[node]);
	if (ip_runner_open("sim", &cfg, &sim, &d) || ip_runner_open(spec, &cfg, &drm, &d) ||
	    h->wrap(&w, &jobs[0], &res[0], &d)) {
		ip_diag_print(&d, stderr);
		goto out;
	}
	if (batches(sim, jobs, res, total, &ts, &ok_sim) != 0)
		goto out;
	if (batches(drm, jobs, res, total, &td, &ok_drm) != 0)
		goto out;
	if (ok_drm != ok_sim) {
		fprintf(stderr, "isaprobe bench drm: %s through the harness: %llu ok, %llu on the "
		        "simulator\n", isa, (unsigned long long)ok_drm, (unsigned long long)ok_sim);
		goto out;
	}
	snprintf(name, sizeof name, "harness.%s.sim", isa);
	snprintf(note, sizeof note, "%s register jobs on the simulator alone, batches of %d", isa,
	         BATCH);
	bench_rate(br, name, "variants/s", (double)total, ts, BENCH_REPORT, 0, note);
	snprintf(name, sizeof name, "harness.%s.drm", isa);
	snprintf(note, sizeof note, "the same on a GPU (no model extension) through the %s register "
	         "harness: wrap, run on the fake device, unwrap", isa);
	bench_rate(br, name, "variants/s", (double)total, td, BENCH_REPORT, 0, note);
	snprintf(name, sizeof name, "harness.%s.instructions", isa);
	snprintf(note, sizeof note, "instruction words the harness adds to a variant (prologue, "
	         "epilogue, exit jumps: %zu bytes of code)", w.job.code_len - jobs[0].code_len);
	bench_value(br, name, "words", (double)(bundles(ip_isa_find(isa), w.job.code, w.job.code_len) -
	                                          bundles(ip_isa_find(isa), jobs[0].code,
	                                                  jobs[0].code_len)),
	            BENCH_REPORT, 0, note);
	rc = 0;
out:
	ip_harness_work_free(&w);
	ip_runner_close(sim);
	ip_runner_close(drm);
	return rc;
}

/* In the child, the fake device preloaded: measures, then writes the results to the file. */
static int measure(struct bench_run *br, const char *path)
{
	uint64_t total = bench_size(br, 200000, 4096);
	size_t first = br->n;
	struct bench_mg_jobs *mg = bench_mg_jobs_new(BATCH);
	struct simple_jobs bf, gp, a3;
	struct ctm_jobs ctm;
	FILE *f;
	int rc = -1;
	memset(&bf, 0, sizeof bf);
	memset(&gp, 0, sizeof gp);
	memset(&a3, 0, sizeof a3);
	memset(&ctm, 0, sizeof ctm);
	if (!mg ||
	    simple_jobs(&bf, "bifrost", "clause {\n\treg read=r0 read=r1 wfma=r3 first=1\n"
	                "\tfma FCMP.D3D.f32 src0=p0 src1=p1 cmp=olt\n\tadd NOP\n}\n",
	                IP_BUF_REGISTERS, IP_BUF_REGISTERS, 256) ||
	    simple_jobs(&gp, "utgard_gp", "instr {\n\tacc0.add ld_x, ld_y\n\tload 3\n"
	                "\tstore0.varying 0, acc0, acc0\n}\n", IP_BUF_UNIFORMS, IP_BUF_VARYINGS_OUT, 32) ||
	    simple_jobs(&a3, "a3xx", "add.f r1.x, r0.x, r0.y\nend\n", IP_BUF_REGISTERS,
	                IP_BUF_REGISTERS, 256) ||
	    ctm_jobs(&ctm))
		goto out;
	for (size_t i = 0; i < BATCH; i++)
		bench_mg_jobs_set(mg, i, 0x1c1c ^ (i & 0x303));
	if (getenv(CHILD_GPU)) {
		/* a GPU: every ISA with a harness, its register jobs wrapped */
		if (measure_harness(br, "midgard", 0, mg->jobs, mg->res, total) ||
		    measure_harness(br, "bifrost", 1, bf.jobs, bf.res, total) ||
		    measure_harness(br, "a3xx", MSM_NODE, a3.jobs, a3.res, total))
			goto out;
	} else if (measure_isa(br, "midgard", 0, mg->jobs, mg->res, total, 0, 0) ||
	           measure_isa(br, "midgard", 0, mg->jobs, mg->res, total / 8, 1, 0) ||
	           measure_isa(br, "bifrost", 1, bf.jobs, bf.res, total, 0, 1) ||
	           measure_isa(br, "utgard_gp", 2, gp.jobs, gp.res, total, 0, 1) ||
	           measure_isa(br, "a3xx", MSM_NODE, a3.jobs, a3.res, total, 0, 1) ||
	           measure_isa(br, "ctm", RADEON_NODE, ctm.s.jobs, ctm.s.res, total / 16, 0, 1)) {
		goto out;
	}
	if (!(f = fopen(path, "w")))
		goto out;
	for (size_t i = first; i < br->n; i++) {
		const struct bench_result *x = &br->results[i];
		/* a rate as its count and times, a value as itself */
		fprintf(f, "%s|%s|%.17g|%.17g|%.17g|%s\n", x->name, x->unit,
		        x->wall_s > 0 ? x->value * x->wall_s : x->value, x->wall_s, x->cpu_s, x->note);
	}
	rc = fclose(f) == 0 ? 0 : -1;
out:
	bench_mg_jobs_free(mg);
	simple_free(&bf);
	simple_free(&gp);
	simple_free(&a3);
	ctm_free(&ctm);
	return rc;
}

/* What LD_PRELOAD must say for the fake device: FAKEDRM_PRELOAD (the tests'), else the build's. */
static const char *preload(void)
{
	const char *p = getenv("FAKEDRM_PRELOAD");
#ifdef ISAPROBE_FAKEDRM_PRELOAD
	if (!p || !*p)
		p = ISAPROBE_FAKEDRM_PRELOAD;
#endif
	return p && *p ? p : NULL;
}

/* In the parent: runs `isaprobe bench drm` with the fake device preloaded (gpu: a GPU, without
 * the model extension, the harness cases), relays its results. */
static int relay_child(struct bench_run *br, int gpu)
{
	const char *pre = preload();
	char self[4096], out[512], runs[32], line[512], stats[600];
	char *argv[6], **env = NULL;
	size_t nenv = 0, k = 0;
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int status, rc = -1;
	ssize_t len;
	FILE *f;
	if (!pre) {
		bench_value(br, "skipped", "", 0, BENCH_REPORT, 0,
		            "the fake DRM device (tests/fakedrm) is not built: nothing to measure");
		return 0;
	}
	len = readlink("/proc/self/exe", self, sizeof self - 1);
	if (len <= 0)
		return -1;
	self[len] = 0;
	bench_db_path(br, gpu ? "drm-gpu-results" : "drm-results", out, sizeof out);
	bench_db_path(br, "drm-gpu-stats", stats, sizeof stats);
	while (environ[nenv])
		nenv++;
	env = calloc(nenv + 10, sizeof *env);
	if (!env)
		return -1;
	for (size_t i = 0; i < nenv; i++)
		if (strncmp(environ[i], "LD_PRELOAD=", 11) && strncmp(environ[i], "FAKEDRM_", 8) &&
		    strncmp(environ[i], "ISAPROBE_DRM_", 13))
			env[k++] = environ[i];
	{
		static char ld[4200], res[600];
		snprintf(ld, sizeof ld, "LD_PRELOAD=%s", pre);
		snprintf(res, sizeof res, CHILD_OUT "=%s", out);
		env[k++] = ld;
		env[k++] = res;
		env[k++] = "FAKEDRM_DEVICES=/dev/dri/renderD128=t760,/dev/dri/renderD129=g71,"
		           "/dev/dri/renderD130=mali400,/dev/dri/renderD131=a320,"
		           "/dev/dri/renderD132=r580";
		static char st[620];
		snprintf(st, sizeof st, "FAKEDRM_STATS=%s", stats);
		if (gpu) {
			env[k++] = "FAKEDRM_MODEL=0";
			env[k++] = CHILD_GPU "=1";
			env[k++] = st;
		} else {
			/* the cases compare every outcome with the simulator's */
			env[k++] = "FAKEDRM_MODEL=1";
		}
		env[k] = NULL;
	}
	snprintf(runs, sizeof runs, "%llu", (unsigned long long)bench_size(br, 200000, 4096));
	argv[0] = self;
	argv[1] = "bench";
	argv[2] = "drm";
	argv[3] = "--runs";
	argv[4] = runs;
	argv[5] = NULL;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	if (posix_spawn(&pid, self, &fa, NULL, argv, env) != 0) {
		perror("isaprobe bench drm: spawn");
		goto out;
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "isaprobe bench drm: the measuring child (the fake device preloaded: "
		                "%s) failed\n", pre);
		goto out;
	}
	if (!(f = fopen(out, "r")))
		goto out;
	while (fgets(line, sizeof line, f)) {
		char *fld[6], *save = NULL, *t = line;
		int nf = 0;
		line[strcspn(line, "\n")] = 0;
		while (nf < 6 && (fld[nf] = strtok_r(t, "|", &save)) != NULL) {
			nf++;
			t = NULL;
		}
		if (nf < 6)
			continue;
		if (atof(fld[3]) > 0) {
			struct bench_time tm = {atof(fld[3]), atof(fld[4]), 0};
			bench_rate(br, fld[0], strcmp(fld[1], "submissions/s") ? "variants/s" : "submissions/s",
			           atof(fld[2]), tm, BENCH_REPORT, 0, fld[5]);
		} else {
			bench_value(br, fld[0], strcmp(fld[1], "words") ? "variants" : "words",
			            atof(fld[2]), BENCH_REPORT, 0, fld[5]);
		}
	}
	fclose(f);
	if (gpu && (f = fopen(stats, "r")) != NULL) {
		/* the fake device's own count (it gives no counters without the model extension) */
		unsigned long long subs = 0, jobs = 0;
		if (fscanf(f, "submissions %llu jobs %llu", &subs, &jobs) == 2 && subs)
			bench_value(br, "harness.per_submission", "variants", (double)jobs / (double)subs,
			            BENCH_REPORT, 0, "wrapped variants in one submission, every ISA with a "
			            "harness together (ISAPROBE_DRM_JOBS, ISAPROBE_DRM_BO_BUDGET)");
		fclose(f);
	}
	rc = 0;
out:
	posix_spawn_file_actions_destroy(&fa);
	if (!br->opts->keep) {
		remove(out);
		remove(stats);
	}
	free(env);
	return rc;
}

static int relay(struct bench_run *br)
{
	if (relay_child(br, 0) != 0)
		return -1;
	return preload() ? relay_child(br, 1) : 0;
}

static int run(struct bench_run *br)
{
	const char *out = getenv(CHILD_OUT);
	return out ? measure(br, out) : relay(br);
}

static const struct bench_ratio ratios[] = {
	{"drm.midgard.drm", "drm.midgard.sim", "Midgard: through the fake device against the simulator",
	 0},
	{"drm.bifrost.drm", "drm.bifrost.sim", "Bifrost: the same", 0},
	{"drm.utgard_gp.drm", "drm.utgard_gp.sim", "Utgard GP: the same", 0},
	{"drm.a3xx.drm", "drm.a3xx.sim", "a3xx (msm): the same", 0},
	{"drm.ctm.drm", "drm.ctm.sim", "CTM (radeon, R580): the same, one draw of 32 pixels a job", 0},
	{"drm.midgard.single", "drm.midgard.drm", "Midgard: one variant per submission against "
	 "batched", 0},
	{"drm.harness.midgard.drm", "drm.harness.midgard.sim", "Midgard register jobs on a GPU "
	 "through the register harness against the simulator alone", 0},
	{"drm.harness.bifrost.drm", "drm.harness.bifrost.sim", "Bifrost: the same", 0},
	{"drm.harness.a3xx.drm", "drm.harness.a3xx.sim", "a3xx: the same", 0},
};

const struct bench_suite bench_suite_drm = {
	"drm", "the drm runner through the fake DRM device: variants per submission, submissions/s",
	run, ratios, sizeof ratios / sizeof ratios[0],
};
