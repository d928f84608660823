/* utgard_gp_whatif.h: opens the Utgard GP reference simulator with hooks that give semantics to
 * opcode values it leaves unmodeled, for external device models (docs/utgard-gp-whatif.md). */
#ifndef ISAPROBE_UTGARD_GP_WHATIF_H
#define ISAPROBE_UTGARD_GP_WHATIF_H

#include "isaprobe/diag.h"
#include "isaprobe/runner.h"

/* What-if hooks. The simulator calls a hook only for an opcode value it does not model itself
 * (multiply 2, 5-7; accumulator 3; passthrough 0, 1, 3, 7), only with plain (numeric) inputs,
 * and only when the unit runs; a NULL hook leaves the value unmodeled. Each returns NULL with
 * *out set, or a static text saying why it is unmodeled (it becomes the result's `why`).
 * The in-tree `sim` runner never has hooks: whatever they compute is hypothetical. */
struct ip_gp_whatif {
	/* Multiplier `unit` (0 or 1) of its inputs a and b; its output negate is applied after. */
	const char *(*mul)(const void *ctx, unsigned op, unsigned unit, float a, float b, float *out);
	/* Accumulator `unit` (0 or 1) of its inputs a and b, their negates already applied. */
	const char *(*acc)(const void *ctx, unsigned op, unsigned unit, float a, float b, float *out);
	/* The passthrough unit of its input x. */
	const char *(*pass)(const void *ctx, unsigned op, float x, float *out);
	const void *ctx; /* passed to every hook */
};

/* The simulator as four calls, for a device model's own runner backend (struct
 * ip_runner_backend): open for GPU model `gpu` (NULL: mali400) with hooks `w` (NULL: none;
 * must outlive the state), run one job (never fails as a whole: problems are statuses),
 * the model in use, close. */
int ip_utgard_gp_sim_open(const char *gpu, const struct ip_gp_whatif *w, void **state,
                          struct ip_diag *d);
void ip_utgard_gp_sim_run(void *state, const struct ip_job *job, struct ip_result *res);
const char *ip_utgard_gp_sim_model(void *state);
void ip_utgard_gp_sim_close(void *state);

#endif
