/* target_sim.c: the fuzz targets of the reference simulators (runners/sim/): a fuzzed binary run
 * as a job on the sim runner with every input role planted, twice: both runs must agree. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isaprobe/isa.h"
#include "isaprobe/runner.h"
#include "targets.h"

/* An ISA whose binaries are another ISA's input: a CTM command buffer, read by the command
 * processor of the ctm simulator, which runs a fixed program (an output instruction writing
 * max(...) of its constant operands) over the domain the commands set. */
static const struct carried {
	const char *isa, *runs_on;
	enum ip_buf_role role;
	const char *program; /* runs_on's assembly */
} carried[] = {
	{"ctm_cb", "ctm", IP_BUF_COMMANDS,
	 "out tex_sem_wait=1 rgb_omask=rgb alpha_omask=1 {\n"
	 "\trgb_addr rgb_addr1=0x80 rgb_addr2=0x80\n"
	 "\talpha_addr alpha_addr0=0x80 alpha_addr1=0x80 alpha_addr2=0x80\n"
	 "\talpha_inst alpha_op=max alpha_swiz_a=one alpha_swiz_b=one\n"
	 "\trgba_inst rgb_op=max rgb_swiz_c_g=r rgb_swiz_c_b=r alpha_swiz_c=r\n"
	 "}\n"},
};

/* The command buffer ctm programs run after when their executable brings none (raw words): a
 * 4 x 2 domain writing output 0 at 0x800. Also a seed of the ctm_cb targets. */
const char fuzz_ctm_commands[] =
	"set_domain i0=0 j0=0 i1=3 j1=1\n"
	"set_out_fmt output=0 address=0x800 format.pitch=1 format.data=float32_4 height=2\n"
	"start_program\n";

static const struct carried *carried_of(const struct ip_isa *isa)
{
	for (size_t i = 0; i < sizeof carried / sizeof carried[0]; i++)
		if (strcmp(carried[i].isa, isa->name) == 0)
			return &carried[i];
	return NULL;
}

int fuzz_sim_runs(const struct ip_isa *isa)
{
	return isa->sim != NULL || carried_of(isa) != NULL;
}

/* Assembles and packs text of ISA name (malloc'd bytes), or aborts: the text is ours. */
static uint8_t *build(const char *name, const char *text, size_t *len)
{
	const struct ip_isa *isa = ip_isa_find(name);
	struct ip_program p;
	struct ip_diag d;
	uint8_t *bin = NULL;
	ip_diag_init(&d, name);
	if (!isa || isa->assemble(text, &p, &d) != 0 || isa->pack(&p, &bin, len, &d) != 0) {
		fprintf(stderr, "isaprobe-fuzz: the fixed %s program: %u:%u: %s\n", name, d.line,
		        d.col, d.msg);
		abort();
	}
	ip_program_free(&p);
	return bin;
}

/* Inputs the programs of an ISA need besides the planted ones: a ctm program that brings no
 * commands of its own runs after fuzz_ctm_commands. */
static const struct {
	const char *isa;
	enum ip_buf_role role;
	const char *as, *text; /* the input, in this ISA's assembly */
} fixed_inputs[] = {
	{"ctm", IP_BUF_COMMANDS, "ctm_cb", fuzz_ctm_commands},
};

/* What a simulator target keeps between inputs: its runner, the fixed program (carried ISAs)
 * or input, the planted inputs and the outputs of two runs. */
enum { PLANTED = 8192, RUNS = 2, OUTS = 3 };
struct sim_state {
	const char *isa;
	struct ip_runner *runner;
	uint8_t *fixed;
	size_t fixed_len;
	struct ip_buf in[IP_BUF_ROLE_COUNT];
	unsigned nin;
	uint8_t out[RUNS][OUTS][PLANTED];
	struct ip_out_buf outs[RUNS][OUTS];
	struct ip_result res[RUNS];
};

static uint8_t planted[PLANTED];
static struct sim_state *states[16];

static void close_all(void)
{
	for (size_t i = 0; i < sizeof states / sizeof states[0]; i++)
		if (states[i]) {
			ip_runner_close(states[i]->runner);
			free(states[i]->fixed);
			free(states[i]);
		}
}

/* The state of t's ISA, made on its first input. */
static struct sim_state *state_of(const struct fuzz_target *t)
{
	static const enum ip_buf_role out_roles[OUTS] = {IP_BUF_REGISTERS, IP_BUF_GLOBAL,
	                                                 IP_BUF_VARYINGS_OUT};
	const struct ip_isa *isa = t->arg;
	const struct carried *c = carried_of(isa);
	struct ip_runner_config cfg = {c ? c->runs_on : isa->name, NULL, NULL};
	struct ip_diag d;
	struct sim_state *s;
	size_t slot = 0;
	while (slot < sizeof states / sizeof states[0] && states[slot] && states[slot]->isa != isa->name)
		slot++;
	if (slot == sizeof states / sizeof states[0])
		abort();
	if (states[slot])
		return states[slot];
	if (!(s = calloc(1, sizeof *s)))
		abort();
	s->isa = isa->name;
	ip_diag_init(&d, NULL);
	if (ip_runner_open("sim", &cfg, &s->runner, &d) != 0) {
		fprintf(stderr, "isaprobe-fuzz %s: %s\n", t->name, d.msg);
		abort();
	}
	if (slot == 0) {
		for (size_t i = 0; i < PLANTED; i++) /* a pattern that repeats every 64 KiB */
			planted[i] = (uint8_t)(i * 37 + 11 + (i >> 8));
		atexit(close_all);
	}
	/* every role a program may read planted (registers and varyings: their first contents),
	 * but the commands: the fuzzed bytes (carried ISAs), a fixed input, or none */
	for (int r = 0; r < IP_BUF_ROLE_COUNT; r++)
		if (r != IP_BUF_COMMANDS)
			s->in[s->nin++] = (struct ip_buf){(enum ip_buf_role)r, planted,
			                                  r == IP_BUF_GLOBAL ? PLANTED
			                                  : r == IP_BUF_REGISTERS ? 1024 : 256};
	if (c)
		s->fixed = build(c->runs_on, c->program, &s->fixed_len);
	for (size_t i = 0; i < sizeof fixed_inputs / sizeof fixed_inputs[0]; i++)
		if (strcmp(fixed_inputs[i].isa, isa->name) == 0) {
			s->fixed = build(fixed_inputs[i].as, fixed_inputs[i].text, &s->fixed_len);
			s->in[s->nin++] = (struct ip_buf){fixed_inputs[i].role, s->fixed, s->fixed_len};
		}
	for (int k = 0; k < RUNS; k++)
		for (int o = 0; o < OUTS; o++)
			s->outs[k][o] = (struct ip_out_buf){out_roles[o], s->out[k][o],
			                                    o == 1 ? PLANTED : 1024, 0};
	states[slot] = s;
	return s;
}

void fuzz_run_sim(const struct fuzz_target *t, const uint8_t *data, size_t len)
{
	struct sim_state *s = state_of(t);
	const struct carried *c = carried_of(t->arg);
	struct ip_buf in[IP_BUF_ROLE_COUNT + 1];
	struct ip_result *r = s->res;
	struct ip_job job;
	unsigned nin = s->nin;
	memcpy(in, s->in, nin * sizeof *in);
	if (c)
		in[nin++] = (struct ip_buf){c->role, data, len};
	/* twice, over outputs filled differently: a simulator that reads what it never wrote, or
	 * keeps state from the run before, answers differently */
	for (int k = 0; k < RUNS; k++) {
		memset(s->out[k], k ? 0x5a : 0xa5, sizeof s->out[k]);
		ip_job_init(&job, &r[k], c ? s->fixed : data, c ? s->fixed_len : len, in, nin,
		            s->outs[k], OUTS);
		job.limits.invocations = 2;
		job.limits.budget = 2000;
		job.uniform_regs = -1;
		if (ip_runner_run(s->runner, &job, &r[k]) != 0)
			fuzz_fail(t, "the sim runner failed as a whole");
		if ((unsigned)r[k].status >= IP_STATUS_COUNT)
			fuzz_fail(t, "status %d", (int)r[k].status);
		for (int o = 0; o < OUTS; o++)
			if (s->outs[k][o].len > s->outs[k][o].cap)
				fuzz_fail(t, "output %d: %zu bytes written into %zu", o, s->outs[k][o].len,
				          s->outs[k][o].cap);
	}
	if (r[0].status != r[1].status || r[0].fault != r[1].fault ||
	    r[0].invocation != r[1].invocation || r[0].where != r[1].where ||
	    r[0].steps != r[1].steps || !r[0].why != !r[1].why ||
	    (r[0].why && strcmp(r[0].why, r[1].why) != 0))
		fuzz_fail(t, "the same job twice: %s (fault 0x%x at %u, %llu steps: %s), then %s (fault "
		             "0x%x at %u, %llu steps: %s)",
		          ip_status_name(r[0].status), r[0].fault, r[0].where,
		          (unsigned long long)r[0].steps, r[0].why ? r[0].why : "-",
		          ip_status_name(r[1].status), r[1].fault, r[1].where,
		          (unsigned long long)r[1].steps, r[1].why ? r[1].why : "-");
	for (int o = 0; o < OUTS; o++)
		if (s->outs[0][o].len != s->outs[1][o].len ||
		    memcmp(s->out[0][o], s->out[1][o], s->outs[0][o].len) != 0)
			fuzz_fail(t, "the same job twice: another %s output",
			          ip_buf_role_name(s->outs[0][o].role));
}

int fuzz_seed_sim(const struct fuzz_target *t, struct fuzz_seed_ctx *c)
{
	return fuzz_seed_disasm(t, c); /* the probes' programs packed (ctm_cb: command buffers) */
}
