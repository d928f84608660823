/* utgard_gp_whatif.c: an example external device model: the Utgard GP simulator with made-up
 * (HYPOTHETICAL) semantics for some unknown opcodes, served over docs/protocol.md on stdio.
 *
 * It stands where a board or an RTL simulation would stand, so that the whole pipeline
 * (campaign --runner remote:..., infer, report) can be shown naming operations that the
 * reference simulator leaves unmodeled. NOTHING here is known about the hardware: no public
 * source says what these opcodes do. The choices below are ours, picked so that the
 * inference's operation library (fmin, fmax, fadd, fsub...) can name them.
 *
 *   multiply opcode 5: min(a, b)      (the inference calls it fmin)
 *   multiply opcode 6: max(a, b)      (fmax)
 *   multiply opcode 7: a + b          (fadd)
 *   accumulator opcode 3: a - b       (fsub)
 *   everything else the simulator leaves unmodeled (multiply opcode 2, passthrough 0, 1, 3, 7,
 *   input selectors 8-11, ...) stays unmodeled.
 *
 * Bit positions and everything the notes do describe come from libisaprobe (the field table
 * and the simulator); this file only answers the simulator's what-if hooks
 * (include/isaprobe/utgard_gp_whatif.h). docs/utgard-gp-whatif.md explains how to write one.
 *
 * Usage: isaprobe campaign PROBE --runner remote:'build/release/examples/utgard_gp_whatif' --db F */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "isaprobe/remote.h"
#include "isaprobe/utgard_gp_whatif.h"

static const char *whatif_mul(const void *ctx, unsigned op, unsigned unit, float a, float b,
                              float *out)
{
	(void)ctx;
	(void)unit; /* both multipliers behave alike in this model */
	switch (op) {
	case 5: *out = fminf(a, b); return NULL;
	case 6: *out = fmaxf(a, b); return NULL;
	case 7: *out = a + b; return NULL;
	default: return "multiply opcode 2: the what-if model gives it no meaning either";
	}
}

static const char *whatif_acc(const void *ctx, unsigned op, unsigned unit, float a, float b,
                              float *out)
{
	(void)ctx;
	(void)unit;
	(void)op; /* only opcode 3 is unknown */
	*out = a - b;
	return NULL;
}

static const struct ip_gp_whatif hooks = {
	whatif_mul,
	whatif_acc,
	NULL, /* passthrough: no what-if, unknown opcodes stay unmodeled */
	NULL,
};

/* The runner backend the agent loop serves: the simulator opened with the hooks. */
static int whatif_open(const struct ip_runner_config *cfg, void **state, struct ip_diag *d)
{
	if (!cfg->isa || strcmp(cfg->isa, "utgard_gp") != 0)
		return ip_diag_plain(d, "this device model runs utgard_gp only, not '%s'",
		                     cfg->isa ? cfg->isa : "");
	return ip_utgard_gp_sim_open(cfg->gpu, &hooks, state, d);
}

static int whatif_run_batch(void *state, const struct ip_job *jobs, size_t n,
                            struct ip_result *results)
{
	for (size_t i = 0; i < n; i++)
		ip_utgard_gp_sim_run(state, &jobs[i], &results[i]);
	return 0;
}

static const struct ip_runner_backend whatif_backend = {
	.name = "utgard_gp_whatif",
	.summary = "Utgard GP simulator with HYPOTHETICAL semantics for multiply 5-7 and "
	           "accumulator 3",
	.open = whatif_open,
	.run_batch = whatif_run_batch,
	.close = ip_utgard_gp_sim_close,
	.model = ip_utgard_gp_sim_model,
};

int main(int argc, char **argv)
{
	struct ip_agent_config cfg = {&whatif_backend, "utgard_gp", NULL, NULL, 0, 0};
	struct ip_diag d;
	if (argc > 1) {
		fprintf(argc == 2 && strcmp(argv[1], "--help") == 0 ? stdout : stderr,
		        "usage: %s   (no arguments: speaks docs/protocol.md on stdin/stdout)\n"
		        "An example device model: the Utgard GP simulator with HYPOTHETICAL "
		        "semantics\nfor multiply opcodes 5-7 (min, max, add) and accumulator opcode "
		        "3 (a - b).\nRun it as isaprobe ... --runner remote:'%s'\n",
		        argv[0], argv[0]);
		return argc == 2 && strcmp(argv[1], "--help") == 0 ? 0 : 2;
	}
	if (isatty(1)) {
		fputs("utgard_gp_whatif: standard output is a terminal; this device model speaks a "
		      "binary protocol (docs/protocol.md) to `isaprobe ... --runner remote:...`\n",
		      stderr);
		return 2;
	}
	signal(SIGPIPE, SIG_IGN);
	ip_diag_init(&d, "<stdin>");
	if (ip_agent_serve(&cfg, 0, 1, &d) != 0) {
		fputs("utgard_gp_whatif: ", stderr);
		ip_diag_print(&d, stderr);
		return 1;
	}
	return 0;
}
