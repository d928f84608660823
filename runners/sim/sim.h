/* sim.h: the in-process simulator backend and what each ISA's reference simulator provides.
 * Adding an ISA's simulator adds a folder here, named in the ISA's descriptor (`.sim`). */
#ifndef ISAPROBE_RUNNERS_SIM_H
#define ISAPROBE_RUNNERS_SIM_H

#include "isaprobe/runner.h"

/* One ISA's simulator. run() fills one result; it never fails as a whole (problems are
 * statuses). */
struct ip_sim_isa {
	int (*open)(const char *gpu, void **state, struct ip_diag *d);
	void (*run)(void *state, const struct ip_job *job, struct ip_result *res);
	void (*close)(void *state);
	const char *(*model)(void *state);
	/* Names of the GPU models it knows, NULL-terminated; the first is the default. */
	const char *const *models;
};

extern const struct ip_runner_backend ip_sim_backend;

/* The simulator of an ISA, or NULL. */
const struct ip_sim_isa *ip_sim_find(const char *isa);

#endif
