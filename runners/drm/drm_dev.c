/* drm_dev.c: render node plumbing shared by the hardware runners: open and identify, BOs,
 * fences (syncobj wait with a deadline, the fence's error read through a sync_file), the
 * kernel log, re-opening a device that went away. Driver specifics are in drm_<driver>.c. */
/* 64-bit mmap offsets on 32-bit boards too (DRM's fake offsets do not fit a 32-bit off_t) */
#define _FILE_OFFSET_BITS 64
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <xf86drm.h>

#include "drm_dev.h"
#include "drm_uapi.h"
#include "model_ext.h"

static const struct ip_drm_driver *const drivers[] = {
	&ip_drm_panfrost,
	&ip_drm_lima,
	&ip_drm_msm,
	&ip_drm_radeon,
	NULL,
};

const struct ip_drm_driver *const *ip_drm_drivers(void)
{
	return drivers;
}

int64_t ip_drm_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int ip_drm_errno_lost(int err)
{
	return err == ENODEV || err == EIO || err == EBADF || err == ENXIO;
}

static void kmsg_open(struct ip_drm_dev *dev)
{
	dev->kmsg_fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (dev->kmsg_fd >= 0)
		lseek(dev->kmsg_fd, 0, SEEK_END); /* only what happens from now on */
}

/* Opens the node and checks driver and version; fills everything but the GPU. */
static int open_node(struct ip_drm_dev *dev, struct ip_diag *d)
{
	drmVersionPtr v;
	dev->fd = open(dev->path, O_RDWR | O_CLOEXEC);
	if (dev->fd < 0)
		return ip_diag_plain(d, "%s: cannot open the render node: %s", dev->path,
		                     strerror(errno));
	v = drmGetVersion(dev->fd);
	if (!v) {
		int err = errno;
		close(dev->fd);
		dev->fd = -1;
		return ip_diag_plain(d, "%s: not a DRM device (DRM_IOCTL_VERSION: %s)", dev->path,
		                     strerror(err));
	}
	snprintf(dev->driver_name, sizeof dev->driver_name, "%.*s", v->name_len, v->name);
	dev->major = v->version_major;
	dev->minor = v->version_minor;
	dev->patch = v->version_patchlevel;
	drmFreeVersion(v);
	dev->drv = NULL;
	for (const struct ip_drm_driver *const *p = drivers; *p; p++)
		if (strcmp((*p)->name, dev->driver_name) == 0)
			dev->drv = *p;
	if (!dev->drv) {
		char known[96] = "";
		for (const struct ip_drm_driver *const *p = drivers; *p; p++)
			snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s",
			         known[0] ? ", " : "", (*p)->name);
		close(dev->fd);
		dev->fd = -1;
		return ip_diag_plain(d, "%s: driver '%s' is not one the drm runner drives (%s)",
		                     dev->path, dev->driver_name, known);
	}
	if (dev->major != dev->drv->min_major || dev->minor < dev->drv->min_minor) {
		close(dev->fd);
		dev->fd = -1;
		return ip_diag_plain(d, "%s: %s interface %d.%d; the drm runner needs %d.%d or a later "
		                        "%d.x",
		                     dev->path, dev->driver_name, dev->major, dev->minor,
		                     dev->drv->min_major, dev->drv->min_minor, dev->drv->min_major);
	}
	return 0;
}

/* Context, syncobj, model extension: what an open fd needs before BOs and submissions. */
static int setup_fd(struct ip_drm_dev *dev, struct ip_diag *d)
{
	uint64_t v = 0;
	int rc;
	dev->model_ext = dev->drv->get_param(dev, IP_MODEL_PARAM, &v) == 0 && v == 1;
	if (dev->drv->open_ctx && dev->drv->open_ctx(dev, d) != 0)
		return -1;
	if (dev->drv->wait)
		return 0; /* no sync objects: the driver waits on a BO */
	rc = drmSyncobjCreate(dev->fd, 0, &dev->syncobj);
	if (rc != 0)
		return ip_diag_plain(d, "%s: cannot create a sync object: %s", dev->path,
		                     strerror(-rc > 0 ? -rc : errno));
	return 0;
}

int ip_drm_open(const char *path, struct ip_drm_dev *dev, struct ip_diag *d)
{
	memset(dev, 0, sizeof *dev);
	dev->fd = -1;
	dev->kmsg_fd = -1;
	snprintf(dev->path, sizeof dev->path, "%s", path);
	if (strlen(path) >= sizeof dev->path)
		return ip_diag_plain(d, "%s: path too long", path);
	if (open_node(dev, d) != 0)
		return -1;
	if (dev->drv->identify(dev, d) != 0 || setup_fd(dev, d) != 0) {
		ip_drm_close(dev);
		return -1;
	}
	kmsg_open(dev);
	return 0;
}

int ip_drm_reopen(struct ip_drm_dev *dev, struct ip_diag *d)
{
	struct ip_drm_gpu was = dev->gpu;
	if (dev->fd >= 0) {
		if (dev->drv && dev->drv->close_ctx)
			dev->drv->close_ctx(dev);
		close(dev->fd);
		dev->fd = -1;
	}
	dev->syncobj = 0;
	dev->ctx = 0;
	dev->generation++;
	if (open_node(dev, d) != 0)
		return -1;
	if (dev->drv->identify(dev, d) != 0 || setup_fd(dev, d) != 0) {
		close(dev->fd);
		dev->fd = -1;
		return -1;
	}
	if (dev->gpu.id != was.id) {
		close(dev->fd);
		dev->fd = -1;
		return ip_diag_plain(d, "%s: came back as another GPU (%s, was %s)", dev->path,
		                     dev->gpu.model, was.model);
	}
	return 0;
}

void ip_drm_close(struct ip_drm_dev *dev)
{
	if (dev->fd >= 0) {
		if (dev->syncobj)
			drmSyncobjDestroy(dev->fd, dev->syncobj);
		if (dev->drv && dev->drv->close_ctx)
			dev->drv->close_ctx(dev);
		close(dev->fd);
	}
	if (dev->kmsg_fd >= 0)
		close(dev->kmsg_fd);
	dev->fd = -1;
	dev->kmsg_fd = -1;
}

int ip_drm_bo_new(struct ip_drm_dev *dev, size_t size, int exec, struct ip_drm_bo *bo, int *lost,
                  struct ip_diag *d)
{
	uint64_t off;
	int err = 0;
	void *p;
	memset(bo, 0, sizeof *bo);
	*lost = 0;
	if (dev->drv->bo_create(dev, size, exec, bo, &err) != 0) {
		*lost = ip_drm_errno_lost(err);
		return ip_diag_plain(d, "%s: cannot create a %zu-byte buffer object: %s", dev->path,
		                     size, strerror(err));
	}
	bo->exec = exec;
	if (dev->drv->bo_mmap_offset(dev, bo, &off, &err) != 0) {
		*lost = ip_drm_errno_lost(err);
		ip_drm_bo_free(dev, bo);
		return ip_diag_plain(d, "%s: cannot map buffer object %u: %s", dev->path, bo->handle,
		                     strerror(err));
	}
	p = mmap(NULL, bo->size, PROT_READ | PROT_WRITE, MAP_SHARED, dev->fd, (off_t)off);
	if (p == MAP_FAILED) {
		err = errno;
		*lost = ip_drm_errno_lost(err);
		ip_drm_bo_free(dev, bo);
		return ip_diag_plain(d, "%s: mmap of buffer object %u: %s", dev->path, bo->handle,
		                     strerror(err));
	}
	bo->map = p;
	return 0;
}

void ip_drm_bo_free(struct ip_drm_dev *dev, struct ip_drm_bo *bo)
{
	if (bo->map)
		munmap(bo->map, bo->size);
	if (bo->handle && dev->fd >= 0) {
		struct drm_gem_close c = {.handle = bo->handle};
		drmIoctl(dev->fd, DRM_IOCTL_GEM_CLOSE, &c);
	}
	memset(bo, 0, sizeof *bo);
}

int ip_drm_fence_reset(struct ip_drm_dev *dev)
{
	if (dev->drv->wait)
		return 0;
	return drmSyncobjReset(dev->fd, &dev->syncobj, 1) == 0 ? 0 : errno;
}

/* The error the fence ended with, through a sync_file: 0 ok, -errno, or 1 when it cannot be
 * read (the fence then counts as ok: waits report completion only). */
static int fence_error(struct ip_drm_dev *dev)
{
	struct ip_sync_file_info info;
	int sfd = -1, st;
	if (drmSyncobjExportSyncFile(dev->fd, dev->syncobj, &sfd) != 0 || sfd < 0)
		return 1;
	memset(&info, 0, sizeof info);
	st = ioctl(sfd, IP_SYNC_IOC_FILE_INFO, &info) == 0 ? info.status : 1;
	close(sfd);
	return st == 1 ? 0 : st;
}

enum ip_drm_fence ip_drm_wait(struct ip_drm_dev *dev, int64_t deadline_ns)
{
	int rc, st;
	if (dev->drv->wait)
		return dev->drv->wait(dev, deadline_ns);
	rc = drmSyncobjWait(dev->fd, &dev->syncobj, 1, deadline_ns,
	                        DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL, NULL);
	if (rc != 0) {
		int err = rc < 0 ? -rc : errno;
		if (err == ETIME || err == ETIMEDOUT)
			return IP_DRM_FENCE_TIMEOUT;
		return ip_drm_errno_lost(err) ? IP_DRM_FENCE_LOST : IP_DRM_FENCE_ERROR;
	}
	st = fence_error(dev);
	if (st == 0 || st == 1)
		return IP_DRM_FENCE_OK;
	if (st == -EINVAL)
		return IP_DRM_FENCE_FAULT;
	if (st == -ECANCELED)
		return IP_DRM_FENCE_CANCELLED;
	return ip_drm_errno_lost(-st) ? IP_DRM_FENCE_LOST : IP_DRM_FENCE_ERROR;
}

void ip_drm_kmsg(struct ip_drm_dev *dev, char *buf, size_t len)
{
	char rec[1024];
	size_t used = strlen(buf);
	ssize_t n;
	if (dev->kmsg_fd < 0)
		return;
	/* /dev/kmsg gives one record per read; a pipe standing in for it may give several */
	while ((n = read(dev->kmsg_fd, rec, sizeof rec - 1)) > 0 || (n < 0 && errno == EPIPE)) {
		char *line, *save = NULL;
		if (n < 0)
			continue; /* records were overwritten: go on with the next */
		rec[n] = '\0';
		for (line = strtok_r(rec, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
			const char *msg = strchr(line, ';');
			if (line[0] == ' ' || !msg)
				continue; /* a continuation (KEY=value) line */
			msg++;
			if (used + strlen(msg) + 2 < len) {
				memcpy(buf + used, msg, strlen(msg));
				used += strlen(msg);
				buf[used++] = '\n';
				buf[used] = '\0';
			}
		}
	}
}
