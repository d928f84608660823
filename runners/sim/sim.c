/* sim.c: the "sim" runner backend: runs jobs on the ISA's reference simulator in this process.
 * Each ISA's descriptor names its simulator (include/isaprobe/isa.h). */
#include "sim.h"

#include <stdlib.h>
#include <string.h>

#include "isaprobe/isa.h"

const struct ip_sim_isa *ip_sim_find(const char *isa)
{
	const struct ip_isa *i = ip_isa_find(isa);
	return i ? i->sim : NULL;
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
		for (const struct ip_isa *const *i = ip_isa_all(); *i; i++) {
			if (!(*i)->sim)
				continue;
			if (known[0])
				strncat(known, ", ", sizeof known - strlen(known) - 1);
			strncat(known, (*i)->name, sizeof known - strlen(known) - 1);
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
	.name = "sim",
	.summary = "reference simulator in this process (models the public knowledge; unmodeled "
	           "beyond it)",
	.open = sim_open,
	.run_batch = sim_run_batch,
	.close = sim_close,
	.model = sim_model,
	/* no check_job: every job it can hold in memory it can run */
};
