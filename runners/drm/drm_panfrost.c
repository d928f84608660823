/* drm_panfrost.c: the panfrost kernel driver (Midgard and Bifrost Mali GPUs): parameters, BOs,
 * submissions (struct ip_drm_pan_submit). Interface 1.1 or later: the runner marks data BOs
 * NOEXEC, which 1.0 does not know. */
#include <errno.h>
#include <string.h>

#include <xf86drm.h>

#include "drm_dev.h"
#include "drm_gpus.h"
#include "drm_panfrost.h"
#include "drm_uapi.h"

static int pan_get_param(struct ip_drm_dev *dev, uint32_t param, uint64_t *value)
{
	struct ip_panfrost_get_param p = {.param = param};
	if (drmIoctl(dev->fd, IP_IOCTL_PANFROST_GET_PARAM, &p) != 0)
		return errno;
	*value = p.value;
	return 0;
}

static int pan_identify(struct ip_drm_dev *dev, struct ip_diag *d)
{
	uint64_t prod = 0, rev = 0, cores = 0;
	int err = pan_get_param(dev, IP_PANFROST_PARAM_GPU_PROD_ID, &prod);
	if (err)
		return ip_diag_plain(d, "%s: panfrost GET_PARAM GPU_PROD_ID: %s", dev->path,
		                     strerror(err));
	pan_get_param(dev, IP_PANFROST_PARAM_GPU_REVISION, &rev);
	pan_get_param(dev, IP_PANFROST_PARAM_SHADER_PRESENT, &cores);
	ip_drm_panfrost_gpu((uint32_t)prod, &dev->gpu);
	dev->gpu.revision = (uint32_t)rev;
	dev->gpu.cores = (uint32_t)__builtin_popcountll(cores);
	return 0;
}

static int pan_bo_create(struct ip_drm_dev *dev, size_t size, int exec, struct ip_drm_bo *bo,
                         int *err)
{
	struct ip_panfrost_create_bo c = {0};
	size = (size + 4095) & ~(size_t)4095;
	if (size > UINT32_MAX) {
		*err = E2BIG;
		return -1;
	}
	c.size = (uint32_t)size;
	c.flags = exec ? 0 : IP_PANFROST_BO_NOEXEC;
	if (drmIoctl(dev->fd, IP_IOCTL_PANFROST_CREATE_BO, &c) != 0) {
		*err = errno;
		return -1;
	}
	bo->handle = c.handle;
	bo->va = c.offset;
	bo->size = size;
	return 0;
}

static int pan_bo_mmap_offset(struct ip_drm_dev *dev, const struct ip_drm_bo *bo, uint64_t *off,
                              int *err)
{
	struct ip_panfrost_mmap_bo m = {.handle = bo->handle};
	if (drmIoctl(dev->fd, IP_IOCTL_PANFROST_MMAP_BO, &m) != 0) {
		*err = errno;
		return -1;
	}
	*off = m.offset;
	return 0;
}

static int pan_submit(struct ip_drm_dev *dev, const void *args)
{
	const struct ip_drm_pan_submit *s = args;
	struct ip_panfrost_submit sub = {0};
	sub.jc = s->jc;
	sub.out_sync = dev->syncobj;
	sub.bo_handles = (uint64_t)(uintptr_t)s->handles;
	sub.bo_handle_count = s->nhandles;
	sub.requirements = 0; /* job slot 1: vertex and compute jobs */
	return drmIoctl(dev->fd, IP_IOCTL_PANFROST_SUBMIT, &sub) == 0 ? 0 : errno;
}

const struct ip_drm_driver ip_drm_panfrost = {
	.name = "panfrost",
	.min_major = 1,
	.min_minor = 1,
	.identify = pan_identify,
	.bo_create = pan_bo_create,
	.bo_mmap_offset = pan_bo_mmap_offset,
	.submit = pan_submit,
	.get_param = pan_get_param,
};
