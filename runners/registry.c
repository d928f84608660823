/* registry.c: the list of runner backends. Adding a backend (drm, remote) adds one line here.
 * `isaprobe run --runner NAME` and campaigns look backends up by name. */
#include "isaprobe/runner.h"
#include "isaprobe/internal/drm.h"
#include "isaprobe/remote.h"
#include "sim/sim.h"

static const struct ip_runner_backend *const all_backends[] = {
	&ip_sim_backend,
	&ip_remote_backend,
	&ip_drm_backend,
	NULL,
};

/* The backends that can run a batch while the caller prepares the next. */
static const struct ip_runner_overlap *const overlapping[] = {
	&ip_remote_overlap,
};

const struct ip_runner_overlap *ip_runner_backend_overlap(const struct ip_runner_backend *b)
{
	for (size_t i = 0; i < sizeof overlapping / sizeof overlapping[0]; i++)
		if (overlapping[i]->backend == b)
			return overlapping[i];
	return NULL;
}

/* The backends that wrap jobs in a register harness (on some devices). */
static const struct ip_runner_wrapping *const wrapping[] = {
	&ip_drm_wrapping,
};

const struct ip_runner_wrapping *ip_runner_backend_wrapping(const struct ip_runner_backend *b)
{
	for (size_t i = 0; i < sizeof wrapping / sizeof wrapping[0]; i++)
		if (wrapping[i]->backend == b)
			return wrapping[i];
	return NULL;
}

const struct ip_runner_backend *const *ip_runner_backends(void)
{
	return all_backends;
}
