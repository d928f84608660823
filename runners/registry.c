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

const struct ip_runner_backend *const *ip_runner_backends(void)
{
	return all_backends;
}
