/* bifrost_sim.c: the Bifrost reference simulator as the "sim" backend sees it (ip_sim_isa):
 * open classifies the opcode tables and reads the field tables once; run executes one job. */
#include <stdlib.h>
#include <string.h>

#include "runners/sim/sim.h"
#include "bf_sim.h"

static const char *const bf_model_names[] = {"g71", NULL};

static int bf_open(const char *gpu, void **state, struct ip_diag *d)
{
	struct bf_sim *s;
	if (gpu && strcmp(gpu, "g71") != 0)
		return ip_diag_plain(d, "unknown Bifrost GPU model '%s' (known: g71)", gpu);
	s = calloc(1, sizeof *s);
	if (!s)
		return ip_diag_plain(d, "out of memory");
	s->fma_proto = calloc(bifrost_n_fma_ops, sizeof *s->fma_proto);
	s->add_proto = calloc(bifrost_n_add_ops, sizeof *s->add_proto);
	if (!s->fma_proto || !s->add_proto) {
		free(s->fma_proto);
		free(s->add_proto);
		free(s);
		return ip_diag_plain(d, "out of memory");
	}
	if (bf_fields_init(&s->f, d) != 0) {
		free(s->fma_proto);
		free(s->add_proto);
		free(s);
		return -1;
	}
	for (unsigned i = 0; i < bifrost_n_fma_ops; i++)
		bf_classify(&bifrost_fma_ops[i], 0, &s->fma_proto[i]);
	for (unsigned i = 0; i < bifrost_n_add_ops; i++)
		bf_classify(&bifrost_add_ops[i], 1, &s->add_proto[i]);
	*state = s;
	return 0;
}

static void bf_run(void *state, const struct ip_job *job, struct ip_result *res)
{
	bf_run_job(state, job, res);
}

static void bf_close(void *state)
{
	struct bf_sim *s = state;
	if (!s)
		return;
	bf_program_free(&s->prog);
	free(s->fma_proto);
	free(s->add_proto);
	free(s);
}

static const char *bf_model(void *state)
{
	(void)state;
	return "g71";
}

/* Named in the ISA's descriptor (encoders/<isa>/<isa>_isa.c, `.sim`). */
const struct ip_sim_isa bifrost_sim = {
	.open = bf_open,
	.run = bf_run,
	.close = bf_close,
	.model = bf_model,
	.models = bf_model_names,
};

int ip_bifrost_sim_open(const char *gpu, void **state, struct ip_diag *d)
{
	return bf_open(gpu, state, d);
}

void ip_bifrost_sim_exec(void *state, const struct bifrost_sim_io *io, struct ip_result *res)
{
	bf_run_io(state, io, res);
}

void ip_bifrost_sim_close(void *state)
{
	bf_close(state);
}
