/* test_remote_sim.c: a batch through remote:'isaprobe agent --runner sim' gives exactly the
 * results of the in-process sim runner: variants of the Midgard seed example, every field. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "isaprobe/isa.h"
#include "isaprobe/runner.h"
#include "flip_jobs.h"

#define NJOBS 300
#define NOUT 3

static const enum ip_buf_role out_roles[NOUT] = {IP_BUF_REGISTERS, IP_BUF_VARYINGS_OUT,
                                                 IP_BUF_ATTRIBUTES};
static const size_t out_caps[NOUT] = {1024, 256, 256};

struct run {
	uint8_t mem[NJOBS][NOUT][1024];
	struct ip_out_buf outs[NJOBS][NOUT];
	struct ip_result res[NJOBS];
};

static void prepare(struct run *r)
{
	memset(r, 0, sizeof *r);
	for (unsigned i = 0; i < NJOBS; i++) {
		for (unsigned k = 0; k < NOUT; k++)
			r->outs[i][k] = (struct ip_out_buf){out_roles[k], r->mem[i][k], out_caps[k], 0};
		r->res[i].outputs = r->outs[i];
		r->res[i].noutputs = NOUT;
	}
}

/* The seed: loads, arithmetic with modifiers, varying stores (docs/midgard-asm.md). r0 stays
 * zero: the loads and stores take their table index from it. */
static const char seed_text[] = "ls {\n"
                                "\tld_attr_32 r4.xyzw, [0].xyzw\n"
                                "\tld_uniform_32 r5.xyzw, [1].xyzw\n"
                                "}\n"
                                "alu {\n"
                                "\tvmul.fmul r6.xyzw, r4.xyzw, r5.xyzw\n"
                                "\tvadd.fadd r7.xyzw, r6.xyzw, -abs(r5).wzyx\n"
                                "}\n"
                                "ls {\n"
                                "\tst_vary_32 r7.xyzw, [0].xyzw\n"
                                "\tst_vary_32 r6.x, [1].xxxx\n"
                                "}\n";

int main(void)
{
	static uint8_t codes[NJOBS][256];
	static struct run local, remote;
	uint8_t uniforms[256], attributes[256];
	struct ip_buf inputs[2] = {{IP_BUF_UNIFORMS, uniforms, sizeof uniforms},
	                           {IP_BUF_ATTRIBUTES, attributes, sizeof attributes}};
	struct ip_job jobs[NJOBS];
	struct ip_runner_config cfg = {.isa = "midgard"};
	struct ip_runner *sim, *agent;
	struct ip_diag d;
	char self[PATH_MAX], spec[PATH_MAX + 64];
	uint64_t rng = test_seed(12);
	ssize_t n;

	flip_jobs_inputs(uniforms, attributes, sizeof uniforms);
	CHECK(flip_jobs("midgard", seed_text, codes[0], sizeof codes[0], NJOBS, inputs, &rng,
	                jobs) == 0,
	      "seed program");
	if (check_failed)
		return check_report("test_remote_sim");

	/* The isaprobe program is built next to the tests folder. */
	n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n <= 0)
		return 1;
	self[n] = 0;
	*strrchr(self, '/') = 0;
	snprintf(spec, sizeof spec, "remote:'%s/../isaprobe' agent --runner sim", self);

	ip_diag_init(&d, NULL);
	CHECK(ip_runner_open("sim", &cfg, &sim, &d) == 0, "sim: %s", d.msg);
	CHECK(ip_runner_open(spec, &cfg, &agent, &d) == 0, "agent: %s", d.msg);
	if (!sim || !agent) {
		ip_runner_close(sim);
		ip_runner_close(agent);
		return check_report("test_remote_sim");
	}
	CHECK(strcmp(ip_runner_model(sim), ip_runner_model(agent)) == 0, "model %s vs %s",
	      ip_runner_model(sim), ip_runner_model(agent));
	prepare(&local);
	prepare(&remote);
	/* Local in one batch; remote in uneven batches, so batch edges are crossed. */
	CHECK(ip_runner_run_batch(sim, jobs, NJOBS, local.res) == 0, "sim batch");
	for (unsigned at = 0, step = 1; at < NJOBS; at += step, step = step * 3 % 97 + 1) {
		unsigned k = NJOBS - at < step ? NJOBS - at : step;
		CHECK(ip_runner_run_batch(agent, jobs + at, k, remote.res + at) == 0, "remote batch");
	}
	for (unsigned i = 0; i < NJOBS; i++) {
		const struct ip_result *a = &local.res[i], *b = &remote.res[i];
		CHECK(a->status == b->status && a->fault == b->fault && a->invocation == b->invocation &&
		              a->where == b->where && a->steps == b->steps,
		      "job %u: status %d/%d fault %x/%x where %u/%u steps %llu/%llu", i, a->status,
		      b->status, a->fault, b->fault, a->where, b->where,
		      (unsigned long long)a->steps, (unsigned long long)b->steps);
		CHECK((!a->why && !b->why) || (a->why && b->why && strcmp(a->why, b->why) == 0) ||
		              (a->status == IP_STATUS_OK && !b->why),
		      "job %u: why '%s' / '%s'", i, a->why ? a->why : "", b->why ? b->why : "");
		for (unsigned k = 0; k < NOUT; k++)
			CHECK(local.outs[i][k].len == remote.outs[i][k].len &&
			              memcmp(local.mem[i][k], remote.mem[i][k], local.outs[i][k].len) == 0,
			      "job %u output %s", i, ip_buf_role_name(out_roles[k]));
	}
	/* The comparison means something: the seed runs, and the flips give other statuses. */
	{
		unsigned seen = 0;
		for (unsigned i = 0; i < NJOBS; i++)
			seen |= 1u << local.res[i].status;
		CHECK(local.res[0].status == IP_STATUS_OK && local.outs[0][0].len > 0,
		      "seed: status %d (%s)", local.res[0].status,
		      local.res[0].why ? local.res[0].why : "");
		CHECK(seen != (1u << IP_STATUS_OK) && (seen & 1u << IP_STATUS_OK), "statuses %x", seen);
		printf("statuses seen (bit per enum ip_status): %#x\n", seen);
	}
	ip_runner_close(sim);
	ip_runner_close(agent);
	return check_report("test_remote_sim");
}
