/* drm_gpus.h: which GPU a driver's id names (model, title, architecture, ISA): the tables of
 * drm_gpus.c, shared by the runner, `isaprobe devices` and the tests. */
#ifndef ISAPROBE_DRM_GPUS_H
#define ISAPROBE_DRM_GPUS_H

#include <stdint.h>

#include "drm_dev.h"

/* panfrost: from GPU_PROD_ID (the GPU_ID register's upper 16 bits). */
void ip_drm_panfrost_gpu(uint32_t prod_id, struct ip_drm_gpu *g);
/* lima: from GPU_ID (1 Mali-400, 2 Mali-450) and the GP_VERSION register. */
void ip_drm_lima_gpu(uint32_t gpu_id, uint32_t gp_version, struct ip_drm_gpu *g);
/* msm: from GPU_ID (the kernel's revision number, e.g. 307) and CHIP_ID. */
void ip_drm_msm_gpu(uint32_t gpu_id, uint32_t chip_id, struct ip_drm_gpu *g);

/* radeon: from the PCI device id (INFO DEVICE_ID); R5xx GPUs run the CTM ISA (r5xx_gpus.c). */
void ip_drm_radeon_gpu(uint32_t pci_id, struct ip_drm_gpu *g);

/* A panfrost, lima or msm GPU by its model name (`t760`, `g52`, `mali400`, `a320`): 0 with g
 * and its driver, or -1 for a name none of those tables has. */
int ip_drm_gpu_named(const char *model, struct ip_drm_gpu *g, const struct ip_drm_driver **drv);

#endif
