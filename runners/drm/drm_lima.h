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

#endif
