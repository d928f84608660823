/* drm_msm.h: what an msm submission is, for the a3xx job builder (a3xx_vs.c): one command buffer
 * (a range of a BO) and the BO table, and the CPU access the results need afterwards. */
#ifndef ISAPROBE_DRM_MSM_H
#define ISAPROBE_DRM_MSM_H

#include <stdint.h>

#include "drm_dev.h"
#include "msm_uapi.h"

struct ip_drm_msm_submit {
	const struct ip_msm_gem_submit_bo *bos;
	uint32_t nbos;
	uint32_t cmd_bo;     /* index in bos of the command buffer's BO */
	uint32_t cmd_offset; /* its first byte */
	uint32_t cmd_size;   /* bytes, a multiple of 4 */
};

/* CPU_PREP (reading, until the deadline) then CPU_FINI of a BO the GPU wrote: 0 or errno. */
int ip_drm_msm_cpu_read(struct ip_drm_dev *dev, const struct ip_drm_bo *bo, int64_t deadline_ns);

#endif
