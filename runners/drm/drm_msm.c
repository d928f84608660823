/* drm_msm.c: the msm kernel driver (Adreno) for the drm runner: GPU and chip id, a submit queue
 * per open, BOs with their iovas, command-buffer submissions (struct ip_drm_msm_submit), and the
 * wait: WAIT_FENCE on the queue's fence, then the queue's fault count, which the kernel's hang
 * recovery bumps while the hung submission's fence signals without an error. Interface 1.5. */
#include <errno.h>
#include <string.h>

#include <xf86drm.h>

#include "drm_dev.h"
#include "drm_gpus.h"
#include "drm_msm.h"
#include "msm_uapi.h"

static int msm_get_param(struct ip_drm_dev *dev, uint32_t param, uint64_t *value)
{
	struct ip_msm_param p = {.pipe = IP_MSM_PIPE_3D0, .param = param};
	if (drmIoctl(dev->fd, IP_IOCTL_MSM_GET_PARAM, &p) != 0)
		return errno;
	*value = p.value;
	return 0;
}

static int msm_identify(struct ip_drm_dev *dev, struct ip_diag *d)
{
	uint64_t id = 0, chip = 0;
	int err = msm_get_param(dev, IP_MSM_PARAM_GPU_ID, &id);
	if (!err)
		err = msm_get_param(dev, IP_MSM_PARAM_CHIP_ID, &chip);
	if (err)
		return ip_diag_plain(d, "%s: msm GET_PARAM: %s%s", dev->path, strerror(err),
		                     err == ENXIO ? " (the kernel found no GPU: is its firmware installed?)"
		                                  : "");
	ip_drm_msm_gpu((uint32_t)id, (uint32_t)chip, &dev->gpu);
	dev->gpu.cores = 1;
	return 0;
}

static int query_faults(struct ip_drm_dev *dev, uint32_t *faults)
{
	struct ip_msm_submitqueue_query q = {0};
	q.data = (uint64_t)(uintptr_t)faults;
	q.id = dev->ctx;
	q.param = IP_MSM_SUBMITQUEUE_PARAM_FAULTS;
	q.len = sizeof *faults;
	return drmIoctl(dev->fd, IP_IOCTL_MSM_SUBMITQUEUE_QUERY, &q) == 0 ? 0 : errno;
}

static int msm_open_queue(struct ip_drm_dev *dev, struct ip_diag *d)
{
	struct ip_msm_submitqueue q = {0};
	if (drmIoctl(dev->fd, IP_IOCTL_MSM_SUBMITQUEUE_NEW, &q) != 0)
		return ip_diag_plain(d, "%s: msm SUBMITQUEUE_NEW: %s", dev->path, strerror(errno));
	dev->ctx = q.id;
	dev->fence = 0;
	if (query_faults(dev, &dev->faults) != 0)
		return ip_diag_plain(d, "%s: msm SUBMITQUEUE_QUERY: %s", dev->path, strerror(errno));
	return 0;
}

static void msm_close_queue(struct ip_drm_dev *dev)
{
	uint32_t id = dev->ctx;
	drmIoctl(dev->fd, IP_IOCTL_MSM_SUBMITQUEUE_CLOSE, &id);
	dev->ctx = 0;
}

static int gem_info(struct ip_drm_dev *dev, uint32_t handle, uint32_t what, uint64_t *value)
{
	struct ip_msm_gem_info i = {.handle = handle, .info = what};
	if (drmIoctl(dev->fd, IP_IOCTL_MSM_GEM_INFO, &i) != 0)
		return errno;
	*value = i.value;
	return 0;
}

static int msm_bo_create(struct ip_drm_dev *dev, size_t size, int exec, struct ip_drm_bo *bo,
                         int *err)
{
	struct ip_msm_gem_new c = {0};
	uint64_t iova = 0;
	(void)exec; /* the a3xx IOMMU has no execute permission */
	size = (size + 4095) & ~(size_t)4095;
	c.size = size;
	c.flags = IP_MSM_BO_WC;
	if (drmIoctl(dev->fd, IP_IOCTL_MSM_GEM_NEW, &c) != 0) {
		*err = errno;
		return -1;
	}
	if ((*err = gem_info(dev, c.handle, IP_MSM_INFO_GET_IOVA, &iova)) != 0 || iova > UINT32_MAX) {
		struct drm_gem_close gc = {.handle = c.handle};
		if (!*err)
			*err = EOVERFLOW; /* a3xx addresses are 32 bits */
		drmIoctl(dev->fd, DRM_IOCTL_GEM_CLOSE, &gc);
		return -1;
	}
	bo->handle = c.handle;
	bo->va = iova;
	bo->size = size;
	return 0;
}

static int msm_bo_mmap_offset(struct ip_drm_dev *dev, const struct ip_drm_bo *bo, uint64_t *off,
                              int *err)
{
	*err = gem_info(dev, bo->handle, IP_MSM_INFO_GET_OFFSET, off);
	return *err ? -1 : 0;
}

static int msm_submit(struct ip_drm_dev *dev, const void *args)
{
	const struct ip_drm_msm_submit *s = args;
	struct ip_msm_gem_submit_cmd cmd = {0};
	struct ip_msm_gem_submit sub = {0};
	int err;
	/* the fault count before, so that the wait can tell a recovered hang */
	if ((err = query_faults(dev, &dev->faults)) != 0)
		return err;
	cmd.type = IP_MSM_SUBMIT_CMD_BUF;
	cmd.submit_idx = s->cmd_bo;
	cmd.submit_offset = s->cmd_offset;
	cmd.size = s->cmd_size;
	sub.flags = IP_MSM_PIPE_3D0;
	sub.nr_bos = s->nbos;
	sub.nr_cmds = 1;
	sub.bos = (uint64_t)(uintptr_t)s->bos;
	sub.cmds = (uint64_t)(uintptr_t)&cmd;
	sub.fence_fd = -1;
	sub.queueid = dev->ctx;
	if (drmIoctl(dev->fd, IP_IOCTL_MSM_GEM_SUBMIT, &sub) != 0)
		return errno;
	dev->fence = sub.fence;
	return 0;
}

static void to_timespec(int64_t ns, struct ip_msm_timespec *t)
{
	t->tv_sec = ns / 1000000000;
	t->tv_nsec = ns % 1000000000;
}

static enum ip_drm_fence msm_wait(struct ip_drm_dev *dev, int64_t deadline_ns)
{
	struct ip_msm_wait_fence w = {0};
	uint32_t faults = 0;
	int err;
	w.fence = dev->fence;
	w.queueid = dev->ctx;
	to_timespec(deadline_ns, &w.timeout);
	while (drmIoctl(dev->fd, IP_IOCTL_MSM_WAIT_FENCE, &w) != 0) {
		err = errno;
		if (err == ETIMEDOUT || err == ETIME)
			return IP_DRM_FENCE_TIMEOUT;
		if (err == EBUSY && ip_drm_now_ns() < deadline_ns)
			continue;
		return ip_drm_errno_lost(err) ? IP_DRM_FENCE_LOST : IP_DRM_FENCE_ERROR;
	}
	if ((err = query_faults(dev, &faults)) != 0)
		return ip_drm_errno_lost(err) ? IP_DRM_FENCE_LOST : IP_DRM_FENCE_ERROR;
	/* the kernel recovered a hang of this queue: its fence signalled past the hung submission */
	return faults != dev->faults ? IP_DRM_FENCE_CANCELLED : IP_DRM_FENCE_OK;
}

int ip_drm_msm_cpu_read(struct ip_drm_dev *dev, const struct ip_drm_bo *bo, int64_t deadline_ns)
{
	struct ip_msm_gem_cpu_prep p = {.handle = bo->handle, .op = IP_MSM_PREP_READ};
	struct ip_msm_gem_cpu_fini f = {.handle = bo->handle};
	to_timespec(deadline_ns, &p.timeout);
	if (drmIoctl(dev->fd, IP_IOCTL_MSM_GEM_CPU_PREP, &p) != 0)
		return errno;
	return drmIoctl(dev->fd, IP_IOCTL_MSM_GEM_CPU_FINI, &f) == 0 ? 0 : errno;
}

const struct ip_drm_driver ip_drm_msm = {
	.name = "msm",
	.min_major = 1,
	.min_minor = 5,
	.identify = msm_identify,
	.open_ctx = msm_open_queue,
	.close_ctx = msm_close_queue,
	.bo_create = msm_bo_create,
	.bo_mmap_offset = msm_bo_mmap_offset,
	.submit = msm_submit,
	.get_param = msm_get_param,
	.wait = msm_wait,
};
