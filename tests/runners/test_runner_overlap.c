/* test_runner_overlap.c: batches submitted two at a time (ip_runner_submit_batch, then collect):
 * through a real agent they give what the in-process simulator gives, also when the agent dies
 * with both in flight; a backend without the pair runs each batch at submit, unchanged. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "isaprobe/isa.h"
#include "isaprobe/runner.h"
#include "flip_jobs.h"

#define NJOBS 240
#define OUTCAP 1024

struct run {
	uint8_t mem[NJOBS][OUTCAP];
	struct ip_out_buf outs[NJOBS];
	struct ip_result res[NJOBS];
};

static void prepare(struct run *r)
{
	memset(r, 0xa5, sizeof r->mem); /* what a runner does not write stays visible */
	for (unsigned i = 0; i < NJOBS; i++) {
		r->outs[i] = (struct ip_out_buf){IP_BUF_REGISTERS, r->mem[i], OUTCAP, 0};
		r->res[i] = (struct ip_result){.outputs = &r->outs[i], .noutputs = 1};
	}
}

/* The Midgard seed of docs/midgard-asm.md's example: loads, arithmetic, stores. */
static const char seed_text[] = "ls {\n\tld_attr_32 r4.xyzw, [0].xyzw\n"
                                "\tld_uniform_32 r5.xyzw, [1].xyzw\n}\n"
                                "alu {\n\tvmul.fmul r6.xyzw, r4.xyzw, r5.xyzw\n"
                                "\tvadd.fadd r7.xyzw, r6.xyzw, -abs(r5).wzyx\n}\n";

/* Runs jobs[0..NJOBS) on r in batches of `step`, two submitted at a time: batch k + 1 is
 * submitted before batch k is collected. Every collect returns 0. */
static void run_overlapped(struct ip_runner *r, const struct ip_job *jobs, struct run *out,
                           unsigned step, const char *what)
{
	unsigned sent = 0, done = 0;
	while (done < NJOBS) {
		while (sent < NJOBS && sent - done < 2 * step) {
			unsigned k = NJOBS - sent < step ? NJOBS - sent : step;
			ip_runner_submit_batch(r, jobs + sent, k, out->res + sent);
			sent += k;
		}
		CHECK(ip_runner_collect_batch(r) == 0, "%s: batch at job %u", what, done);
		done += NJOBS - done < step ? NJOBS - done : step;
	}
}

/* Every result of b the same as a's: status, counters, why, outputs. */
static void same(const struct run *a, const struct run *b, const char *what)
{
	for (unsigned i = 0; i < NJOBS; i++) {
		const struct ip_result *x = &a->res[i], *y = &b->res[i];
		CHECK(x->status == y->status && x->fault == y->fault && x->where == y->where &&
		              x->steps == y->steps,
		      "%s: job %u: status %d/%d steps %llu/%llu", what, i, x->status, y->status,
		      (unsigned long long)x->steps, (unsigned long long)y->steps);
		CHECK(a->outs[i].len == b->outs[i].len &&
		              memcmp(a->mem[i], b->mem[i], a->outs[i].len) == 0,
		      "%s: job %u: outputs (%zu/%zu bytes)", what, i, a->outs[i].len,
		      b->outs[i].len);
	}
}

/* A backend outside the registry, without the pair: it says which batch sizes it ran, in
 * order, and fails its third batch as a whole. */
static size_t ran[16];
static unsigned nran;
static int plain_open(const struct ip_runner_config *cfg, void **state, struct ip_diag *d)
{
	(void)cfg;
	(void)d;
	*state = NULL;
	return 0;
}
static int plain_run(void *state, const struct ip_job *jobs, size_t n, struct ip_result *res)
{
	(void)state;
	(void)jobs;
	for (size_t i = 0; i < n; i++)
		ip_result_clear(&res[i]);
	if (nran < 16)
		ran[nran] = n;
	return nran++ == 2 ? -1 : 0;
}
static void plain_close(void *state)
{
	(void)state;
}
static const struct ip_runner_backend plain_backend = {
	.name = "plain",
	.summary = "runs batches one at a time",
	.open = plain_open,
	.run_batch = plain_run,
	.close = plain_close,
};

int main(void)
{
	static uint8_t codes[NJOBS][256];
	static struct run local, remote, dying;
	uint8_t uniforms[256], attributes[256];
	struct ip_buf inputs[2] = {{IP_BUF_UNIFORMS, uniforms, sizeof uniforms},
	                           {IP_BUF_ATTRIBUTES, attributes, sizeof attributes}};
	struct ip_job jobs[NJOBS];
	struct ip_runner_config cfg = {.isa = "midgard"};
	struct ip_runner *sim = NULL, *agent = NULL, *plain = NULL;
	struct ip_result res[8];
	struct ip_diag d;
	char self[PATH_MAX], spec[5 * PATH_MAX], dir[64], count[128];
	uint64_t rng = test_seed(22);
	ssize_t n;

	flip_jobs_inputs(uniforms, attributes, sizeof uniforms);
	CHECK(flip_jobs("midgard", seed_text, codes[0], sizeof codes[0], NJOBS, inputs, &rng,
	                jobs) == 0,
	      "seed program");
	if (check_failed)
		return check_report("test_runner_overlap");
	n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n <= 0)
		return 1;
	self[n] = 0;
	*strrchr(self, '/') = 0;

	/* 1. In-process, one batch: the reference. The simulator has no pair. */
	ip_diag_init(&d, NULL);
	CHECK(ip_runner_open("sim", &cfg, &sim, &d) == 0, "sim: %s", d.msg);
	if (!sim)
		return check_report("test_runner_overlap");
	CHECK(!ip_runner_overlaps(sim), "the simulator has no submit/collect pair");
	prepare(&local);
	CHECK(ip_runner_run_batch(sim, jobs, NJOBS, local.res) == 0, "sim batch");
	{
		unsigned seen = 0;
		for (unsigned i = 0; i < NJOBS; i++)
			seen |= 1u << local.res[i].status;
		CHECK(local.res[0].status == IP_STATUS_OK && (seen & ~(1u << IP_STATUS_OK)),
		      "the seed runs and the flips give other statuses too: %#x", seen);
	}

	/* 2. Through a real agent, two batches in flight, each in BATCH frames of 7 jobs (so the
	 * frame window crosses from one batch into the next): the same results. */
	setenv("ISAPROBE_REMOTE_BATCH_JOBS", "7", 1);
	snprintf(spec, sizeof spec, "remote:'%s/../isaprobe' agent --runner sim", self);
	CHECK(ip_runner_open(spec, &cfg, &agent, &d) == 0, "agent: %s", d.msg);
	if (agent) {
		CHECK(ip_runner_overlaps(agent), "the remote runner has the pair");
		for (unsigned step = 13; step <= 100; step += 87) {
			prepare(&remote);
			run_overlapped(agent, jobs, &remote, step, "agent");
			same(&local, &remote, step == 13 ? "agent, batches of 13" : "agent, batches of 100");
		}
		/* and run_batch after them, on the same agent */
		prepare(&remote);
		CHECK(ip_runner_run_batch(agent, jobs, NJOBS, remote.res) == 0, "run_batch after");
		same(&local, &remote, "run_batch after overlapped batches");
		ip_runner_close(agent);
		agent = NULL;
	}

	/* 3. The first agent dies, its input cut within the first or the second of two batches in
	 * flight (one BATCH frame each, about 16 KB); what it did not answer is sent again to a
	 * second agent: every result once, the same as in-process. */
	unsetenv("ISAPROBE_REMOTE_BATCH_JOBS");
	setenv("ISAPROBE_REMOTE_TIMEOUT", "20", 1); /* a failure here is not a two-minute hang */
	snprintf(dir, sizeof dir, "/tmp/test_runner_overlap.%d", (int)getpid());
	snprintf(count, sizeof count, "%s.count", dir);
	for (unsigned cut = 2000; cut <= 24000; cut += 22000) {
		int spawns = 0;
		FILE *f;
		unlink(count);
		snprintf(spec, sizeof spec,
		         "remote:echo x >>'%s'; if [ $(wc -l <'%s') = 1 ]; then dd bs=4096 "
		         "iflag=count_bytes count=%u status=none | "
		         "'%s/../isaprobe' agent --runner sim; else exec '%s/../isaprobe' agent "
		         "--runner sim; fi",
		         count, count, cut, self, self);
		CHECK(ip_runner_open(spec, &cfg, &agent, &d) == 0, "dying agent: %s", d.msg);
		if (agent) {
			prepare(&dying);
			run_overlapped(agent, jobs, &dying, NJOBS / 2, "dying agent");
			same(&local, &dying, cut == 2000 ? "cut in the first batch" :
			                                   "cut in the second batch");
			ip_runner_close(agent);
			agent = NULL;
		}
		if ((f = fopen(count, "r"))) {
			int c;
			while ((c = fgetc(f)) != EOF)
				spawns += c == '\n';
			fclose(f);
		}
		CHECK(spawns == 2, "input cut at %u: agents started: %d (one died, one more)", cut,
		      spawns);
	}
	unlink(count);

	/* 4. A backend without the pair: each batch runs at submit, in order; collect returns each
	 * one's run_batch result, a failed one's results runner errors. */
	CHECK(ip_runner_open_backend(&plain_backend, &cfg, &plain, &d) == 0, "plain: %s", d.msg);
	if (plain) {
		CHECK(!ip_runner_overlaps(plain), "plain has no pair");
		for (unsigned i = 0; i < 8; i++)
			res[i] = (struct ip_result){0};
		ip_runner_submit_batch(plain, jobs, 1, res);
		CHECK(nran == 1, "submitted without the pair: ran at once (%u)", nran);
		ip_runner_submit_batch(plain, jobs, 2, res + 1);
		CHECK(ip_runner_collect_batch(plain) == 0, "first");
		ip_runner_submit_batch(plain, jobs, 5, res + 3);
		CHECK(ip_runner_collect_batch(plain) == 0, "second");
		CHECK(ip_runner_collect_batch(plain) == -1, "third: the backend failed it");
		CHECK(nran == 3 && ran[0] == 1 && ran[1] == 2 && ran[2] == 5, "batches %u: %zu %zu %zu",
		      nran, ran[0], ran[1], ran[2]);
		for (unsigned i = 0; i < 8; i++)
			CHECK((res[i].status == IP_STATUS_RUNNER_ERROR) == (i >= 3),
			      "result %u: status %d", i, res[i].status);
		ip_runner_close(plain);
	}
	ip_runner_close(sim);
	return check_report("test_runner_overlap");
}
