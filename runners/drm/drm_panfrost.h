/* drm_panfrost.h: what a panfrost submission is, for the Mali job builders (pan_*.c). */
#ifndef ISAPROBE_DRM_PANFROST_H
#define ISAPROBE_DRM_PANFROST_H

#include <stdint.h>

struct ip_drm_pan_submit {
	uint64_t jc;               /* first job header */
	const uint32_t *handles;   /* every BO the jobs use */
	uint32_t nhandles;
};

#endif
