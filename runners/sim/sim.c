/* sim.c: the "sim" runner backend: runs jobs on the ISA's reference simulator in this process.
 * One line per ISA in the table below. */
#include "sim.h"

#include <stdlib.h>
#include <string.h>

static const struct ip_sim_isa *const simulators[] = {
	&midgard_sim,
	&bifrost_sim,
	&utgard_gp_sim,
	&ctm_sim,
	&a3xx_sim,
	NULL,
};

const struct ip_sim_isa *ip_sim_find(const char *isa)
{
	for (const struct ip_sim_isa *const *s = simulators; *s; s++)
		if (strcmp((*s)->isa, isa) == 0)
			return *s;
	return NULL;
}

struct sim_state {
	const struct ip_sim_isa *isa;
	void *inner;
};

static int sim_open(const struct ip_runner_config *cfg, void **state, struct ip_diag *d)
{
	const struct ip_sim_isa *isa;
	struct sim_state *s;
	if (!cfg || !cfg->isa)
		return ip_diag_plain(d, "the sim runner needs an ISA");
	isa = ip_sim_find(cfg->isa);
	if (!isa) {
		char known[128] = "";
		for (const struct ip_sim_isa *const *i = simulators; *i; i++) {
			if (known[0])
				strncat(known, ", ", sizeof known - strlen(known) - 1);
			strncat(known, (*i)->isa, sizeof known - strlen(known) - 1);
		}
		return ip_diag_plain(d, "no simulator for ISA '%s' (simulated: %s)", cfg->isa, known);
	}
	s = calloc(1, sizeof *s);
	if (!s)
		return ip_diag_plain(d, "out of memory");
	s->isa = isa;
	if (isa->open(cfg->gpu, &s->inner, d) != 0) {
		free(s);
		return -1;
	}
	*state = s;
	return 0;
}

static int sim_run_batch(void *state, const struct ip_job *jobs, size_t n, struct ip_result *results)
{
	struct sim_state *s = state;
	for (size_t i = 0; i < n; i++)
		s->isa->run(s->inner, &jobs[i], &results[i]);
	return 0;
}

static void sim_close(void *state)
{
	struct sim_state *s = state;
	if (!s)
		return;
	s->isa->close(s->inner);
	free(s);
}

static const char *sim_model(void *state)
{
	struct sim_state *s = state;
	return s->isa->model(s->inner);
}

const struct ip_runner_backend ip_sim_backend = {
	"sim",
	"reference simulator in this process (models the public knowledge; unmodeled beyond it)",
	sim_open,
	sim_run_batch,
	sim_close,
	sim_model,
	NULL, /* every job it can hold in memory it can run */
};
