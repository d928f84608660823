/* midgard_sim.c: the Midgard reference simulator as the "sim" backend sees it (ip_sim_isa):
 * open picks the GPU model and reads the field tables once; run executes one job. */
#include <stdlib.h>
#include <string.h>

#include "runners/sim/sim.h"
#include "mg_sim.h"

static int mg_open(const char *gpu, void **state, struct ip_diag *d)
{
	const struct mg_model *m = mg_model_find(gpu);
	struct mg_sim *s;
	if (!m) {
		char known[96] = "";
		for (const char *const *n = mg_model_names; *n; n++) {
			if (known[0])
				strncat(known, ", ", sizeof known - strlen(known) - 1);
			strncat(known, *n, sizeof known - strlen(known) - 1);
		}
		return ip_diag_plain(d, "unknown Midgard GPU model '%s' (known: %s)", gpu, known);
	}
	s = calloc(1, sizeof *s);
	if (!s)
		return ip_diag_plain(d, "out of memory");
	s->model = m;
	if (mg_fields_init(&s->f, d) != 0) {
		free(s);
		return -1;
	}
	*state = s;
	return 0;
}

static void mg_run(void *state, const struct ip_job *job, struct ip_result *res)
{
	mg_run_job(state, job, res);
}

static void mg_close(void *state)
{
	struct mg_sim *s = state;
	if (!s)
		return;
	free(s->prog.words);
	free(s->prog.word_at);
	free(s->prog.padded);
	free(s->prog.prev);
	free(s);
}

static const char *mg_model(void *state)
{
	return ((struct mg_sim *)state)->model->name;
}

/* Named in the ISA's descriptor (encoders/<isa>/<isa>_isa.c, `.sim`). */
const struct ip_sim_isa midgard_sim = {
	.open = mg_open,
	.run = mg_run,
	.close = mg_close,
	.model = mg_model,
	.models = mg_model_names,
};
