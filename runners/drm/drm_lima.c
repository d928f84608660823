/* drm_lima.c: the lima kernel driver (Mali-200/300/400/450): parameters, a context per open
 * (made anew after a failed job: before Linux 6.9 the kernel bans it), BOs with 32-bit GPU
 * addresses, GP submissions (struct ip_drm_lima_submit). Interface 1.0. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <xf86drm.h>

#include "drm_dev.h"
#include "drm_gpus.h"
#include "drm_lima.h"
#include "drm_uapi.h"

static int lima_get_param(struct ip_drm_dev *dev, uint32_t param, uint64_t *value)
{
	struct ip_lima_get_param p = {.param = param};
	if (drmIoctl(dev->fd, IP_IOCTL_LIMA_GET_PARAM, &p) != 0)
		return errno;
	*value = p.value;
	return 0;
}

static int lima_identify(struct ip_drm_dev *dev, struct ip_diag *d)
{
	uint64_t id = 0, gp = 0, pp = 0;
	int err = lima_get_param(dev, IP_LIMA_PARAM_GPU_ID, &id);
	if (!err)
		err = lima_get_param(dev, IP_LIMA_PARAM_GP_VERSION, &gp);
	if (err)
		return ip_diag_plain(d, "%s: lima GET_PARAM: %s", dev->path, strerror(err));
	lima_get_param(dev, IP_LIMA_PARAM_NUM_PP, &pp);
	ip_drm_lima_gpu((uint32_t)id, (uint32_t)gp, &dev->gpu);
	dev->gpu.cores = (uint32_t)pp;
	return 0;
}

static int lima_open_ctx(struct ip_drm_dev *dev, struct ip_diag *d)
{
	struct ip_lima_ctx_create c = {0};
	if (drmIoctl(dev->fd, IP_IOCTL_LIMA_CTX_CREATE, &c) != 0)
		return ip_diag_plain(d, "%s: lima CTX_CREATE: %s", dev->path, strerror(errno));
	dev->ctx = c.id;
	return 0;
}

static void lima_close_ctx(struct ip_drm_dev *dev)
{
	struct ip_lima_ctx_free f = {.id = dev->ctx};
	drmIoctl(dev->fd, IP_IOCTL_LIMA_CTX_FREE, &f);
	dev->ctx = 0;
}

/* Until Linux 6.9 ("drm/lima: remove guilty drm_sched context handling") a context is created
 * with the scheduler's guilty flag: the first GP error or timeout of one of its jobs marks it,
 * and every later job of it ends -ECANCELED without running (lima_ctx.c, the scheduler's
 * entity). A context freed and created again after every failed job keeps it clean. */
static int lima_renew_ctx(struct ip_drm_dev *dev)
{
	struct ip_lima_ctx_create c = {0};
	lima_close_ctx(dev);
	if (drmIoctl(dev->fd, IP_IOCTL_LIMA_CTX_CREATE, &c) != 0)
		return errno;
	dev->ctx = c.id;
	return 0;
}

int64_t ip_drm_lima_sched_timeout_ns(int64_t unset_ns)
{
	FILE *f = fopen("/sys/module/lima/parameters/sched_timeout_ms", "r");
	long ms = 0;
	if (f) {
		if (fscanf(f, "%ld", &ms) != 1)
			ms = 0;
		fclose(f);
	}
	return ms > 0 ? (int64_t)ms * 1000000 : unset_ns;
}

/* The scheduler's timeout: the module parameter when set, else the larger of the kernels'
 * defaults (500 ms, 10 s from Linux 6.9: "drm/lima: increase default job timeout to 10s"). */
static int64_t lima_hang_grace_ns(void)
{
	return ip_drm_lima_sched_timeout_ns(10000 * 1000000LL);
}

static int lima_bo_create(struct ip_drm_dev *dev, size_t size, int exec, struct ip_drm_bo *bo,
                          int *err)
{
	struct ip_lima_gem_create c = {0};
	struct ip_lima_gem_info info = {0};
	(void)exec; /* Utgard has no execute permission bit */
	size = (size + 4095) & ~(size_t)4095;
	if (size > UINT32_MAX) {
		*err = E2BIG;
		return -1;
	}
	c.size = (uint32_t)size;
	if (drmIoctl(dev->fd, IP_IOCTL_LIMA_GEM_CREATE, &c) != 0) {
		*err = errno;
		return -1;
	}
	info.handle = c.handle;
	if (drmIoctl(dev->fd, IP_IOCTL_LIMA_GEM_INFO, &info) != 0) {
		struct drm_gem_close gc = {.handle = c.handle};
		*err = errno;
		drmIoctl(dev->fd, DRM_IOCTL_GEM_CLOSE, &gc);
		return -1;
	}
	bo->handle = c.handle;
	bo->va = info.va;
	bo->size = size;
	return 0;
}

static int lima_bo_mmap_offset(struct ip_drm_dev *dev, const struct ip_drm_bo *bo, uint64_t *off,
                               int *err)
{
	struct ip_lima_gem_info info = {.handle = bo->handle};
	if (drmIoctl(dev->fd, IP_IOCTL_LIMA_GEM_INFO, &info) != 0) {
		*err = errno;
		return -1;
	}
	*off = info.offset;
	return 0;
}

static int lima_submit(struct ip_drm_dev *dev, const void *args)
{
	const struct ip_drm_lima_submit *s = args;
	struct ip_lima_gem_submit sub = {0};
	sub.ctx = dev->ctx;
	sub.pipe = IP_LIMA_PIPE_GP;
	sub.nr_bos = s->nbos;
	sub.frame_size = sizeof s->frame;
	sub.bos = (uint64_t)(uintptr_t)s->bos;
	sub.frame = (uint64_t)(uintptr_t)&s->frame;
	sub.out_sync = dev->syncobj;
	return drmIoctl(dev->fd, IP_IOCTL_LIMA_GEM_SUBMIT, &sub) == 0 ? 0 : errno;
}

const struct ip_drm_driver ip_drm_lima = {
	.name = "lima",
	.min_major = 1,
	.min_minor = 0,
	.identify = lima_identify,
	.open_ctx = lima_open_ctx,
	.close_ctx = lima_close_ctx,
	.renew_ctx = lima_renew_ctx,
	.hang_grace_ns = lima_hang_grace_ns,
	.bo_create = lima_bo_create,
	.bo_mmap_offset = lima_bo_mmap_offset,
	.submit = lima_submit,
	.get_param = lima_get_param,
};
