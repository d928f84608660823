/* drm_lima.h: what a lima GP submission is, for the Utgard GP job builder (lima_gp.c). */
#ifndef ISAPROBE_DRM_LIMA_H
#define ISAPROBE_DRM_LIMA_H

#include <stdint.h>

#include "drm_uapi.h"

struct ip_drm_lima_submit {
	struct ip_lima_gp_frame frame;
	const struct ip_lima_gem_submit_bo *bos;
	uint32_t nbos;
};

/* lima's scheduler timeout as its module parameter sets it (sched_timeout_ms, in /sys), or
 * unset_ns when the parameter is 0 or cannot be read (its default then depends on the kernel:
 * 500 ms, 10 s from Linux 6.9). */
int64_t ip_drm_lima_sched_timeout_ns(int64_t unset_ns);

#endif
