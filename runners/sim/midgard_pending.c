/* midgard_pending.c: stands in for the Midgard simulator (branch `sim`) until it is merged, so
 * that the runner registry links; DELETE this file when runners/sim/midgard/ lands. */
#include "sim.h"

static const char *const pending_models[] = {"t760", NULL};

static int pending_open(const char *gpu, void **state, struct ip_diag *d)
{
	(void)gpu;
	*state = NULL;
	return ip_diag_plain(d, "the Midgard simulator is not part of this build yet");
}

static void pending_run(void *state, const struct ip_job *job, struct ip_result *res)
{
	(void)state;
	(void)job;
	res->status = IP_STATUS_RUNNER_ERROR;
	res->why = "no Midgard simulator in this build";
}

static void pending_close(void *state)
{
	(void)state;
}

static const char *pending_model(void *state)
{
	(void)state;
	return "t760";
}

const struct ip_sim_isa midgard_sim = {
	"midgard", pending_open, pending_run, pending_close, pending_model, pending_models,
};
