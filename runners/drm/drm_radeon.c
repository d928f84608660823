/* drm_radeon.c: the radeon kernel driver (R5xx under KMS, interface 2.x) through its raw ioctls:
 * INFO for the PCI device id and the GPU reset counter, GEM BOs in GTT mapped through GEM_MMAP,
 * command streams (CS with an IB, a relocation chunk and a flags chunk that keeps the stream's
 * tiling bits, as Mesa's r300 winsys sends), and waits without sync objects: GEM_WAIT_IDLE,
 * the waiter in which the kernel resets a locked-up GPU. docs/drm-runner.md. */
#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>

#include <xf86drm.h>

#include "drm_dev.h"
#include "drm_gpus.h"
#include "drm_radeon.h"

static int radeon_info(struct ip_drm_dev *dev, uint32_t request, uint64_t *value)
{
	uint64_t v = 0; /* the kernel writes 4 bytes for most requests, 8 for a few */
	struct drm_radeon_info info = {.request = request, .value = (uint64_t)(uintptr_t)&v};
	if (drmIoctl(dev->fd, DRM_IOCTL_RADEON_INFO, &info) != 0)
		return errno;
	*value = v;
	return 0;
}

static int radeon_identify(struct ip_drm_dev *dev, struct ip_diag *d)
{
	uint64_t id = 0, pipes = 0;
	int err = radeon_info(dev, RADEON_INFO_DEVICE_ID, &id);
	if (err)
		return ip_diag_plain(d, "%s: radeon INFO DEVICE_ID: %s", dev->path, strerror(err));
	ip_drm_radeon_gpu((uint32_t)id, &dev->gpu);
	if (radeon_info(dev, RADEON_INFO_NUM_GB_PIPES, &pipes) == 0)
		dev->gpu.cores = (uint32_t)pipes;
	return 0;
}

static int radeon_bo_create(struct ip_drm_dev *dev, size_t size, int exec, struct ip_drm_bo *bo,
                            int *err)
{
	struct drm_radeon_gem_create c = {0};
	(void)exec; /* the program goes through registers, never fetched from a BO */
	size = (size + 4095) & ~(size_t)4095;
	c.size = size;
	c.alignment = 4096;
	c.initial_domain = RADEON_GEM_DOMAIN_GTT;
	if (drmIoctl(dev->fd, DRM_IOCTL_RADEON_GEM_CREATE, &c) != 0) {
		*err = errno;
		return -1;
	}
	bo->handle = c.handle;
	bo->va = 0; /* no virtual memory on R5xx: addresses are offsets in the BO, relocated */
	bo->size = size;
	return 0;
}

static int radeon_bo_mmap_offset(struct ip_drm_dev *dev, const struct ip_drm_bo *bo,
                                 uint64_t *off, int *err)
{
	struct drm_radeon_gem_mmap m = {.handle = bo->handle, .size = bo->size};
	if (drmIoctl(dev->fd, DRM_IOCTL_RADEON_GEM_MMAP, &m) != 0) {
		*err = errno;
		return -1;
	}
	*off = m.addr_ptr;
	return 0;
}

static int radeon_submit(struct ip_drm_dev *dev, const void *args)
{
	const struct ip_drm_radeon_submit *s = args;
	struct drm_radeon_cs_chunk chunk[3];
	uint64_t chunks[3];
	/* the tiling bits the stream writes stay (else the checker rewrites RB3D_COLORPITCH's from
	 * the BO's tiling flags, none here); the GFX ring, the only one of an R5xx */
	uint32_t flags[2] = {RADEON_CS_KEEP_TILING_FLAGS, RADEON_CS_RING_GFX};
	struct drm_radeon_cs cs = {0};
	uint64_t resets = 0;
	chunk[0].chunk_id = RADEON_CHUNK_ID_IB;
	chunk[0].length_dw = s->ib_dw;
	chunk[0].chunk_data = (uint64_t)(uintptr_t)s->ib;
	chunk[1].chunk_id = RADEON_CHUNK_ID_RELOCS;
	chunk[1].length_dw = s->nrelocs * (uint32_t)(sizeof *s->relocs / 4);
	chunk[1].chunk_data = (uint64_t)(uintptr_t)s->relocs;
	chunk[2].chunk_id = RADEON_CHUNK_ID_FLAGS;
	chunk[2].length_dw = 2;
	chunk[2].chunk_data = (uint64_t)(uintptr_t)flags;
	for (int i = 0; i < 3; i++)
		chunks[i] = (uint64_t)(uintptr_t)&chunk[i];
	cs.num_chunks = 3;
	cs.chunks = (uint64_t)(uintptr_t)chunks;
	/* a reset before the first stream since the last wait is not this batch's: count from
	 * there (the later streams of a batch must not hide one in an earlier stream) */
	if (!dev->wait_bo) {
		radeon_info(dev, RADEON_INFO_GPU_RESET_COUNTER, &resets);
		dev->resets = (uint32_t)resets;
	}
	dev->wait_bo = s->nrelocs ? s->relocs[0].handle : 0;
	if (drmIoctl(dev->fd, DRM_IOCTL_RADEON_CS, &cs) != 0) {
		dev->wait_bo = 0; /* refused: no wait follows */
		return errno;
	}
	return 0;
}

/* Waits in GEM_WAIT_IDLE, the kernel's waiter: a locked-up ring's fence never signals and
 * GEM_BUSY would say busy for ever; the lockup check (radeon.lockup_timeout, 10 s) only marks
 * the GPU for reset, and the reset happens in a waiter, whose GEM_WAIT_IDLE then fails with
 * EAGAIN (EDEADLK when the reset failed). GEM_WAIT_IDLE gives up by itself after 30 s (EBUSY):
 * waited again until the runner's deadline. */
static enum ip_drm_fence radeon_wait(struct ip_drm_dev *dev, int64_t deadline_ns)
{
	uint32_t bo = dev->wait_bo;
	uint64_t resets = 0;
	dev->wait_bo = 0; /* the next submission starts a new count of resets */
	for (;;) {
		struct drm_radeon_gem_wait_idle w = {.handle = bo};
		int err;
		/* not drmIoctl: it would take the reset's EAGAIN for "call again" */
		if (ioctl(dev->fd, DRM_IOCTL_RADEON_GEM_WAIT_IDLE, &w) == 0)
			break;
		err = errno;
		if (err == EDEADLK || err == EAGAIN)
			return IP_DRM_FENCE_CANCELLED; /* a lockup: the kernel reset the GPU */
		if (err == EINTR || (err == EBUSY && ip_drm_now_ns() < deadline_ns))
			continue;
		if (err == EBUSY)
			return IP_DRM_FENCE_TIMEOUT;
		return ip_drm_errno_lost(err) ? IP_DRM_FENCE_LOST : IP_DRM_FENCE_ERROR;
	}
	/* the fences of a submission the kernel reset the GPU under (another waiter's reset) end
	 * without an error: the reset counter tells */
	if (radeon_info(dev, RADEON_INFO_GPU_RESET_COUNTER, &resets) == 0 &&
	    (uint32_t)resets != dev->resets)
		return IP_DRM_FENCE_CANCELLED;
	return IP_DRM_FENCE_OK;
}

static int radeon_get_param(struct ip_drm_dev *dev, uint32_t param, uint64_t *value)
{
	return radeon_info(dev, param, value);
}

const struct ip_drm_driver ip_drm_radeon = {
	.name = "radeon",
	.min_major = 2,
	.min_minor = 43, /* GPU_RESET_COUNTER (kernel 4.2) */
	.identify = radeon_identify,
	.bo_create = radeon_bo_create,
	.bo_mmap_offset = radeon_bo_mmap_offset,
	.submit = radeon_submit,
	.get_param = radeon_get_param,
	.wait = radeon_wait,
};
