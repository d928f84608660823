/* drm_radeon.h: what a radeon command-stream submission is, for the R5xx job builder
 * (r5xx_ctm.c) and the driver (drm_radeon.c). */
#ifndef ISAPROBE_DRM_RADEON_H
#define ISAPROBE_DRM_RADEON_H

#include <stdint.h>

#include <radeon_drm.h>

struct ip_drm_radeon_submit {
	const uint32_t *ib;                         /* the indirect buffer (copied by the kernel) */
	uint32_t ib_dw;
	const struct drm_radeon_cs_reloc *relocs;  /* relocs[0]: the BO the GPU writes */
	uint32_t nrelocs;
};

#endif
