/* drm_devices.c: the render nodes `isaprobe devices` lists: each one opened and identified the
 * way the drm runner does, or the reason it cannot be used. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "drm_dev.h"
#include "isaprobe/internal/drm.h"

static void fill(const char *path, struct ip_drm_device_info *o)
{
	struct ip_drm_dev dev;
	struct ip_diag d;
	memset(o, 0, sizeof *o);
	snprintf(o->path, sizeof o->path, "%s", path);
	ip_diag_init(&d, NULL);
	if (ip_drm_open(path, &dev, &d) != 0) {
		snprintf(o->error, sizeof o->error, "%s", d.msg);
		return;
	}
	snprintf(o->driver, sizeof o->driver, "%s", dev.driver_name);
	o->major = dev.major;
	o->minor = dev.minor;
	o->patch = dev.patch;
	o->id = dev.gpu.id;
	o->revision = dev.gpu.revision;
	snprintf(o->model, sizeof o->model, "%s", dev.gpu.model);
	snprintf(o->title, sizeof o->title, "%s", dev.gpu.title);
	snprintf(o->isa, sizeof o->isa, "%s", dev.gpu.isa ? dev.gpu.isa : "");
	o->arch = dev.gpu.arch;
	o->cores = dev.gpu.cores;
	o->model_ext = dev.model_ext;
	if (!dev.gpu.isa)
		snprintf(o->error, sizeof o->error, "no ISA of the project runs on this GPU");
	ip_drm_close(&dev);
}

int ip_drm_list_devices(const char *path, struct ip_drm_device_info *out, int max)
{
	int count = 0;
	if (path) {
		if (max > 0)
			fill(path, &out[0]);
		return 1;
	}
	for (int i = 0; i < IP_DRM_RENDER_COUNT; i++) {
		char p[64];
		int fd;
		snprintf(p, sizeof p, "/dev/dri/renderD%d", IP_DRM_RENDER_FIRST + i);
		fd = open(p, O_RDWR | O_CLOEXEC);
		if (fd < 0 && errno == ENOENT)
			continue;
		if (fd >= 0)
			close(fd);
		if (count < max)
			fill(p, &out[count]);
		count++;
	}
	return count;
}
