/* test_harness_a3xx.c: the a3xx register harness on the simulator alone: every shipped a3xx
 * probe's seeds and a sample of variants run plain (the registers role) and wrapped (uniforms and
 * global only, at the simulator's address and at another), equal on what a GPU can show. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "harness_lib.h"
#include "isaprobe/a3xx_sim.h"
#include "packed_text.h"

/* Where the "GPU" of the relocation runs puts the wrapped job's global buffer. */
#define OTHER_BASE 0x7f0c0000u
/* The registers role's 16-byte records (docs/a3xx-simulator.md: 1,172 bytes). */
#define RECORDS ((A3XX_REGS_BYTES + 15) / 16)

static const struct ip_harness *h;
static struct ip_runner *sim;
static void *raw_sim; /* the simulator called directly, with another global address */

/* The wrapped job run by the simulator itself with its global buffer at OTHER_BASE, and its
 * registers starting with junk: the addresses the harness recorded are written first, as a
 * GPU's runner writes its own. */
static void run_elsewhere(struct ip_harness_work *w)
{
	static uint8_t consts[8192], global[8192], junk[A3XX_REGS_BYTES];
	struct a3xx_sim_io io;
	const struct ip_buf *u = ip_job_input(&w->job, IP_BUF_UNIFORMS);
	const struct ip_buf *g = ip_job_input(&w->job, IP_BUF_GLOBAL);
	const struct ip_buf *t = ip_job_input(&w->job, IP_BUF_TEXTURES);
	struct ip_out_buf *go = ip_result_output(&w->res, IP_BUF_GLOBAL);
	memset(&io, 0, sizeof io);
	CHECK(u && g && go && u->len <= sizeof consts && g->len <= sizeof global,
	      "the wrapped job's buffers");
	if (!u || !g || !go || u->len > sizeof consts || g->len > sizeof global)
		return;
	memcpy(consts, u->data, u->len);
	memcpy(global, g->data, g->len);
	for (unsigned i = 0; i < w->naddrs; i++) {
		const struct ip_harness_addr *a = &w->addrs[i];
		uint64_t v = OTHER_BASE + a->add;
		CHECK(a->in == IP_BUF_UNIFORMS && a->of == IP_BUF_GLOBAL && a->bytes == 4,
		      "an address in the consts, of the global buffer");
		for (unsigned k = 0; k < a->bytes; k++)
			consts[a->at + k] = (uint8_t)(v >> (8 * k));
	}
	io.code = w->job.code;
	io.code_len = w->job.code_len;
	io.consts = consts;
	io.consts_len = u->len;
	io.textures = t ? t->data : NULL;
	io.textures_len = t ? t->len : 0;
	io.global = global;
	io.global_len = go->cap;
	io.global_base = OTHER_BASE;
	io.invocations = w->job.limits.invocations;
	io.budget = w->job.limits.budget;
	/* what a previous draw left in the registers (the fake GPU's model): nothing of it shows */
	for (size_t k = 0; k < sizeof junk; k++)
		junk[k] = (uint8_t)(0x5a ^ (k * 29));
	io.regs_in = junk;
	io.regs_in_len = sizeof junk;
	ip_a3xx_sim_exec(raw_sim, &io, &w->res);
	memcpy(go->data, global, go->cap);
	go->len = go->cap;
}

struct tally {
	unsigned runs, ok, regs_compared;
};

/* The job wrapped in w, run by the simulator with its global buffer elsewhere, unwrapped into
 * run (hl_wrapped's steps, with run_elsewhere). */
static void wrapped_elsewhere(struct ip_harness_work *w, const struct ip_job *job,
                              struct hl_run *run)
{
	struct ip_diag d;
	ip_diag_init(&d, NULL);
	CHECK(h->wrap(w, job, &run->res, &d) == 0, "wrap: %s", d.msg);
	ip_result_clear(&w->res);
	run_elsewhere(w);
	ip_result_clear(&run->res);
	h->unwrap(w, job, &run->res);
}

/* One variant plain and wrapped (twice: at the simulator's global address and at another):
 * the same status, reason, place, steps and outputs, registers where a GPU shows them, and
 * none when the run stopped. */
static void compare(const struct ip_probe *p, const char *ctx, const struct hl_probe_jobs *j,
                    struct ip_harness_work *w, struct tally *t)
{
	struct hl_run a, b;
	char msg[600] = "";
	hl_run_init(&a, &j->shape_res);
	hl_plain(sim, &j->job, &a);
	for (int where = 0; where < 2; where++) {
		const struct ip_out_buf *regs;
		hl_run_init(&b, &j->shape_res);
		if (where == 0)
			CHECK(hl_wrapped(sim, h, w, &j->job, &b, msg, sizeof msg) == 0, "%s %s: %s",
			      p->name, ctx, msg);
		else
			wrapped_elsewhere(w, &j->job, &b);
		/* a GPU's roles only: nothing the runner's vertex draw lacks, one vertex */
		for (unsigned i = 0; i < w->job.ninputs; i++)
			CHECK(w->job.inputs[i].role == IP_BUF_UNIFORMS ||
			          w->job.inputs[i].role == IP_BUF_GLOBAL ||
			          w->job.inputs[i].role == IP_BUF_TEXTURES,
			      "%s %s: the wrapped job has a %s input", p->name, ctx,
			      ip_buf_role_name(w->job.inputs[i].role));
		CHECK(!ip_result_output(&w->res, IP_BUF_REGISTERS) && w->job.limits.invocations == 1,
		      "%s %s: registers output, or more than one vertex", p->name, ctx);
		t->runs++;
		CHECK(!hl_same(h, &j->job, &a, &b, 16, RECORDS, msg, sizeof msg), "%s %s (%s): %s",
		      p->name, ctx, where ? "elsewhere" : "sim", msg);
		CHECK(b.res.where == a.res.where && b.res.steps == a.res.steps &&
		          (b.res.why == a.res.why ||
		           (b.res.why && a.res.why && !strcmp(b.res.why, a.res.why))),
		      "%s %s (%s): plain at %u after %llu steps (%s), wrapped at %u after %llu (%s)",
		      p->name, ctx, where ? "elsewhere" : "sim", a.res.where,
		      (unsigned long long)a.res.steps, a.res.why ? a.res.why : "", b.res.where,
		      (unsigned long long)b.res.steps, b.res.why ? b.res.why : "");
		regs = ip_result_output(&b.res, IP_BUF_REGISTERS);
		if (a.res.status == IP_STATUS_OK) {
			t->ok++;
			t->regs_compared += regs != NULL;
		} else {
			CHECK(!regs || regs->len == 0, "%s %s: a run that stopped has registers", p->name,
			      ctx);
		}
		hl_run_free(&b);
	}
	hl_run_free(&a);
}

/* Every shipped a3xx probe: per context the seed, each target bit flipped alone, and random
 * values. */
static void shipped_probes(void)
{
	char dir[512];
	struct dirent *de;
	DIR *dp;
	struct ip_harness_work w;
	unsigned probes = 0;
	uint64_t rng = test_seed(30);
	memset(&w, 0, sizeof w);
	snprintf(dir, sizeof dir, "%s/probes/a3xx", ISAPROBE_SRC);
	dp = opendir(dir);
	CHECK(dp != NULL, "%s", dir);
	while (dp && (de = readdir(dp)) != NULL) {
		char path[800];
		struct ip_probe p;
		struct ip_diag d;
		struct hl_probe_jobs j;
		struct tally t = {0, 0, 0};
		int observes_regs;
		if (!strstr(de->d_name, ".probe"))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		ip_diag_init(&d, path);
		if (ip_probe_load(path, &p, &d)) {
			ip_diag_print(&d, stderr);
			CHECK(0, "%s", path);
			ip_probe_free(&p);
			continue;
		}
		probes++;
		hl_probe_jobs_init(&j, &p);
		observes_regs = ip_result_output(&j.shape_res, IP_BUF_REGISTERS) != NULL;
		for (unsigned c = 0; c < p.ncontexts; c++) {
			unsigned nvals = p.width + 1 + (unsigned)test_scaled(12);
			for (unsigned v = 0; v < nvals; v++) {
				ip_word val = p.contexts[c].seed_value;
				if (v >= 1 && v <= p.width)
					ip_bits_set(&val, v - 1, 1, !ip_bits_get(&val, v - 1, 1));
				else if (v > p.width)
					for (unsigned k = 0; k < p.width; k += 64)
						ip_bits_set(&val, k, p.width - k < 64 ? p.width - k : 64,
						            test_rand(&rng));
				if (hl_probe_job(&j, c, &val) == 0)
					compare(&p, p.contexts[c].label, &j, &w, &t);
				else
					CHECK(0, "%s: pack", p.name);
			}
		}
		/* each probe's seeds run to the end, and those observing registers compared them */
		CHECK(t.ok >= 2 * p.ncontexts && (!observes_regs || t.regs_compared >= 2 * p.ncontexts),
		      "%s: %u runs ok, %u register outputs compared", p.name, t.ok, t.regs_compared);
		hl_probe_jobs_free(&j);
		ip_probe_free(&p);
	}
	if (dp)
		closedir(dp);
	CHECK(probes == 18, "%u a3xx probes", probes);
	ip_harness_work_free(&w);
}

/* A job of text with the registers role planted distinct and observed. */
struct text_job {
	uint8_t *code;
	size_t len;
	uint8_t regs[A3XX_REGS_BYTES], uniforms[4096], out[A3XX_REGS_BYTES];
	struct ip_buf in[2];
	struct ip_out_buf o[1];
	struct ip_job job;
	struct ip_result res;
};

static void text_job(struct text_job *t, const char *text, size_t uniforms)
{
	t->code = packed_text("a3xx", text, &t->len);
	CHECK(t->code != NULL, "%s", text);
	for (size_t i = 0; i < sizeof t->regs; i++)
		t->regs[i] = (uint8_t)(i * 7 + 3);
	memset(t->uniforms, 0x11, sizeof t->uniforms);
	t->in[0] = (struct ip_buf){IP_BUF_REGISTERS, t->regs, sizeof t->regs};
	t->in[1] = (struct ip_buf){IP_BUF_UNIFORMS, t->uniforms, uniforms};
	t->o[0] = (struct ip_out_buf){IP_BUF_REGISTERS, t->out, sizeof t->out, 0};
	ip_job_init(&t->job, &t->res, t->code, t->len, t->in, uniforms ? 2 : 1, t->o, 1);
}

/* A job that observes the registers without planting them: they start at 0 wrapped too, whatever
 * the previous draw left (run_elsewhere starts from junk), a0.x and p0 included. */
static void no_leaks(void)
{
	struct text_job t;
	struct ip_harness_work w;
	struct ip_diag d;
	uint8_t zero[A3XX_REGS_BYTES] = {0};
	memset(&w, 0, sizeof w);
	text_job(&t, "br p0.x, #2\nadd.u r0.y, r3.z, r7.x\nmov.u16u16 hr9.z, hr2.w\n"
	             "mov.u32u32 r<a0.x + 4>, r5.y\n(rpt2)nop\nend\n",
	         0);
	t.job.ninputs = 0; /* no registers planted: registers output only */
	ip_diag_init(&d, "t");
	CHECK(h->wrap(&w, &t.job, &t.res, &d) == 0, "wrap: %s", d.msg);
	run_elsewhere(&w);
	h->unwrap(&w, &t.job, &t.res);
	CHECK(t.res.status == IP_STATUS_UNMODELED && t.o[0].len == 0,
	      "the relative move with relative addressing off stops it, as on the simulator: %d",
	      t.res.status);
	free(t.code);
	text_job(&t, "br p0.x, #2\nadd.u r0.y, r3.z, r7.x\nmov.u16u16 hr9.z, hr2.w\n(rpt2)nop\n"
	             "end\n",
	         0);
	t.job.ninputs = 0;
	CHECK(h->wrap(&w, &t.job, &t.res, &d) == 0, "wrap: %s", d.msg);
	run_elsewhere(&w);
	h->unwrap(&w, &t.job, &t.res);
	CHECK(t.res.status == IP_STATUS_OK && t.o[0].len == sizeof t.out &&
	          !memcmp(t.out, zero, sizeof zero),
	      "every register shown is 0: status %d", t.res.status);
	free(t.code);
	ip_harness_work_free(&w);
}

/* What the harness refuses, and why. */
static void refusals(void)
{
	struct text_job t;
	struct ip_harness_work w;
	struct ip_diag d;
	const char *why;
	char *big;
	memset(&w, 0, sizeof w);
	text_job(&t, "add.f r1.x, r0.x, r0.y\nend\n", 64);
	CHECK(h->check(&t.job, &t.res) == NULL, "a plain job runs");
	t.job.limits.invocations = 2;
	why = h->check(&t.job, &t.res);
	CHECK(why && strstr(why, "one vertex"), "two invocations: %s", why ? why : "accepted");
	ip_diag_init(&d, "t");
	CHECK(h->wrap(&w, &t.job, &t.res, &d) == -1 && strstr(d.msg, "one vertex"),
	      "wrap refuses it too: %s", d.msg);
	t.job.limits.invocations = 1;
	t.in[1].len = 16 * 160; /* 160 + 98 vec4 > 256 */
	why = h->check(&t.job, &t.res);
	CHECK(why && strstr(why, "256 vec4"), "a large const file: %s", why ? why : "accepted");
	t.in[1].len = 16 * 158; /* 158 + 98 = 256 */
	CHECK(h->check(&t.job, &t.res) == NULL, "256 vec4 in all run");
	t.in[1].len = 64;
	/* eight planted pointers into a global buffer of 64 bytes */
	{
		static uint8_t global[64];
		struct ip_buf in3[3] = {t.in[0], t.in[1], {IP_BUF_GLOBAL, global, sizeof global}};
		t.job.inputs = in3;
		t.job.ninputs = 3;
		for (unsigned k = 0; k < 8; k++) {
			uint32_t v = A3XX_SIM_GLOBAL_BASE + 8 * k;
			memcpy(t.regs + 4 * (5 * k), &v, 4);
		}
		why = h->check(&t.job, &t.res);
		CHECK(why && strstr(why, "point into the global buffer"), "eight pointers: %s",
		      why ? why : "accepted");
		memset(t.regs + 4 * 35, 0x55, 4); /* the eighth is no pointer any more */
		CHECK(h->check(&t.job, &t.res) == NULL, "seven pointers run");
		t.job.inputs = t.in;
		t.job.ninputs = 2;
	}
	free(t.code);
	/* 819 instructions of the job's own fit beside the harness's 201, 820 do not */
	big = malloc(20 * 820 + 8);
	for (int n = 819; big && n <= 820; n++) {
		big[0] = 0;
		for (int i = 0; i < n - 1; i++)
			strcat(big, "nop\n");
		strcat(big, "end\n");
		text_job(&t, big, 0);
		why = h->check(&t.job, &t.res);
		CHECK(n == 819 ? why == NULL : why && strstr(why, "1020"), "%d instructions: %s", n,
		      why ? why : "accepted");
		free(t.code);
	}
	free(big);
	ip_harness_work_free(&w);
}

/* r47 is the harness's: a variant's write there is not shown, the rest is; a run that stops
 * in the variant shows no registers at all. */
static void reserved_and_stopped(void)
{
	struct text_job t;
	struct ip_harness_work w;
	struct ip_diag d;
	uint32_t v;
	memset(&w, 0, sizeof w);
	text_job(&t, "mov.u32u32 r47.x, r0.x\nmov.u32u32 r46.w, r0.y\nmov.u16u16 hr47.w, hr0.x\n"
	             "end\n",
	         0);
	ip_diag_init(&d, "t");
	CHECK(h->wrap(&w, &t.job, &t.res, &d) == 0, "wrap: %s", d.msg);
	CHECK(ip_runner_run(sim, &w.job, &w.res) == 0 && w.res.status == IP_STATUS_OK, "runs");
	h->unwrap(&w, &t.job, &t.res);
	CHECK(t.res.status == IP_STATUS_OK && t.o[0].len == sizeof t.out, "registers shown");
	CHECK(!memcmp(t.out + 4 * 187, t.regs + 4, 4), "r46.w = r0.y");
	memcpy(&v, t.out + 4 * 188, 4);
	CHECK(v == 0, "r47.x is not shown: %08x", v);
	CHECK(!memcmp(t.out + A3XX_REGS_HALF_AT + 2 * 191, t.regs + A3XX_REGS_HALF_AT, 2),
	      "hr47.w = hr0.x");
	CHECK(!memcmp(t.out + 4 * 3, t.regs + 12, 4), "r0.w planted and shown");
	for (size_t k = A3XX_REGS_A0_AT; k < A3XX_REGS_BYTES; k++)
		CHECK(t.out[k] == 0, "a0.x and p0 are not shown (byte %zu)", k);
	free(t.code);
	/* an opcode the simulator does not model stops the variant: no registers output */
	text_job(&t, "add.f r1.x, r0.x, r0.y\nkill p0.x\nend\n", 0);
	CHECK(h->wrap(&w, &t.job, &t.res, &d) == 0, "wrap");
	ip_result_clear(&w.res);
	ip_runner_run(sim, &w.job, &w.res);
	h->unwrap(&w, &t.job, &t.res);
	CHECK(t.res.status == IP_STATUS_UNMODELED && t.res.where == 8 && t.o[0].len == 0,
	      "stopped at byte 8 with no registers: status %d at %u, %zu bytes", t.res.status,
	      t.res.where, t.o[0].len);
	free(t.code);
	ip_harness_work_free(&w);
}

int main(void)
{
	struct ip_runner_config cfg = {"a3xx", "a320", NULL};
	struct ip_diag d;
	ip_diag_init(&d, "sim");
	h = ip_harness_find("a3xx");
	CHECK(h != NULL, "the a3xx harness is listed");
	if (!h || ip_runner_open("sim", &cfg, &sim, &d) || ip_a3xx_sim_open("a320", &raw_sim, &d)) {
		ip_diag_print(&d, stderr);
		return check_report("test_harness_a3xx");
	}
	shipped_probes();
	refusals();
	reserved_and_stopped();
	no_leaks();
	ip_runner_close(sim);
	ip_a3xx_sim_close(raw_sim);
	return check_report("test_harness_a3xx");
}
