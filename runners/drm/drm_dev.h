/* drm_dev.h: the DRM plumbing every hardware runner shares, whatever the driver: opening and
 * identifying a render node, buffer objects, submitting, waiting with a deadline, reading how
 * a fence ended, the kernel log, and re-opening after the device went away. A kernel driver
 * (panfrost, lima, msm; radeon later) plugs in as a struct ip_drm_driver. */
#ifndef ISAPROBE_DRM_DEV_H
#define ISAPROBE_DRM_DEV_H

#include <stddef.h>
#include <stdint.h>

#include "isaprobe/diag.h"

struct ip_drm_dev;

/* What the GPU behind a node is. */
struct ip_drm_gpu {
	uint32_t id;         /* the driver's id: panfrost GPU_PROD_ID, lima GP version register */
	uint32_t revision;
	const char *model;   /* e.g. "t760", "g52", "mali400"; "unknown" when the id is not known */
	const char *title;   /* e.g. "Mali-T760" */
	const char *isa;     /* "midgard", "bifrost", "utgard_gp"; NULL: no ISA of the project */
	unsigned arch;       /* panfrost: 4-7 (genxml version), lima: 4 (Utgard) */
	uint32_t cores;      /* shader cores (panfrost SHADER_PRESENT bits, lima NUM_PP) */
};

struct ip_drm_bo {
	uint32_t handle;
	uint64_t va;      /* GPU address */
	size_t size;
	uint8_t *map;     /* CPU mapping (MAP_SHARED of the render node) */
	int exec;         /* holds shader code */
};

/* How a submission ended (ip_drm_wait). */
enum ip_drm_fence {
	IP_DRM_FENCE_OK,        /* signalled without error */
	IP_DRM_FENCE_FAULT,     /* the job faulted (panfrost: fence -EINVAL) */
	IP_DRM_FENCE_CANCELLED, /* hung, or cancelled by a GPU reset (-ECANCELED) */
	IP_DRM_FENCE_ERROR,     /* another fence error */
	IP_DRM_FENCE_TIMEOUT,   /* not signalled by the deadline: the kernel did not recover it */
	IP_DRM_FENCE_LOST,      /* the device is gone (ENODEV, EIO on the node) */
};

/* One kernel driver. */
struct ip_drm_driver {
	const char *name;               /* as DRM_IOCTL_VERSION names it */
	int min_major, min_minor;       /* the oldest interface version the runner uses */
	/* Fills dev->gpu from the driver's parameters; 0, or -1 with d set. */
	int (*identify)(struct ip_drm_dev *dev, struct ip_diag *d);
	/* Per-open set-up and tear-down (lima: a context); may be NULL. */
	int (*open_ctx)(struct ip_drm_dev *dev, struct ip_diag *d);
	void (*close_ctx)(struct ip_drm_dev *dev);
	/* Creates a BO of at least size bytes: handle, va, size; map is done by the caller. */
	int (*bo_create)(struct ip_drm_dev *dev, size_t size, int exec, struct ip_drm_bo *bo, int *err);
	/* mmap offset of a BO. */
	int (*bo_mmap_offset)(struct ip_drm_dev *dev, const struct ip_drm_bo *bo, uint64_t *off, int *err);
	/* Submits; args is the driver's own description (struct ip_drm_pan_submit...). 0 or errno. */
	int (*submit)(struct ip_drm_dev *dev, const void *args);
	/* Reads a GET_PARAM; 0 or errno. */
	int (*get_param)(struct ip_drm_dev *dev, uint32_t param, uint64_t *value);
	/* A driver that waits for the last submission itself, without sync objects (radeon: on
	 * dev->wait_bo; msm: WAIT_FENCE on its queue's fence); NULL: through dev->syncobj. */
	enum ip_drm_fence (*wait)(struct ip_drm_dev *dev, int64_t deadline_ns);
	/* After a submission that failed (a fault, a hang, a reset): makes anew the per-open state
	 * the kernel may have banned (lima before Linux 6.9: a context whose job failed is guilty,
	 * and every later job of it is cancelled without running). 0 or errno; may be NULL. */
	int (*renew_ctx)(struct ip_drm_dev *dev);
	/* How long the kernel may take at most to end a hung job (its scheduler's timeout, and
	 * the reset), beyond which a submission that has not ended means the device is lost: added
	 * to the runner's deadline (lima: 10 s from Linux 6.9). 0: within the runner's deadline. */
	int64_t (*hang_grace_ns)(void);
};

extern const struct ip_drm_driver ip_drm_panfrost;
extern const struct ip_drm_driver ip_drm_lima;
extern const struct ip_drm_driver ip_drm_msm;
extern const struct ip_drm_driver ip_drm_radeon;

/* The drivers the runner knows, NULL-terminated. */
const struct ip_drm_driver *const *ip_drm_drivers(void);

struct ip_drm_dev {
	int fd;
	char path[256];
	const struct ip_drm_driver *drv;
	char driver_name[32];
	int major, minor, patch;
	struct ip_drm_gpu gpu;
	int model_ext;          /* the device is a GPU model (model_ext.h) */
	uint32_t syncobj;       /* receives each submission's fence */
	uint32_t ctx;           /* driver context (lima), submit queue (msm) */
	uint32_t fence;         /* msm: the last submission's fence in the queue */
	uint32_t faults;        /* msm: the queue's recovered hangs before it */
	int kmsg_fd;            /* /dev/kmsg opened at the end of the log, or -1 */
	uint32_t generation;    /* bumped by each re-open: BOs of older generations are gone */
	/* drivers without sync objects: a BO the last submission wrote, and the driver's count of
	 * GPU resets before it (radeon's GPU_RESET_COUNTER) */
	uint32_t wait_bo, resets;
};

/* Opens path and identifies it; a node of a driver the runner does not know, or of an older
 * interface version, is refused with a message naming the path. */
int ip_drm_open(const char *path, struct ip_drm_dev *dev, struct ip_diag *d);
/* Re-opens dev->path after the device was lost (its BOs are gone): 0, or -1 (still gone). */
int ip_drm_reopen(struct ip_drm_dev *dev, struct ip_diag *d);
void ip_drm_close(struct ip_drm_dev *dev);

/* Creates and maps a BO; 0, or -1 with d set (*lost set when the device is gone). */
int ip_drm_bo_new(struct ip_drm_dev *dev, size_t size, int exec, struct ip_drm_bo *bo,
                  int *lost, struct ip_diag *d);
void ip_drm_bo_free(struct ip_drm_dev *dev, struct ip_drm_bo *bo);

/* Waits for the fence of the last submission until the absolute CLOCK_MONOTONIC deadline and
 * says how it ended (reading the fence's error through a sync_file). */
enum ip_drm_fence ip_drm_wait(struct ip_drm_dev *dev, int64_t deadline_ns);
/* Re-arms the syncobj before a submission. 0 or errno. */
int ip_drm_fence_reset(struct ip_drm_dev *dev);

/* Kernel log lines written since the last call (only when /dev/kmsg could be opened): appends
 * them, without the record prefixes, to buf (NUL-terminated, at most len bytes). */
void ip_drm_kmsg(struct ip_drm_dev *dev, char *buf, size_t len);

/* An errno that means the device is gone rather than a bad request. */
int ip_drm_errno_lost(int err);

/* Monotonic clock in nanoseconds. */
int64_t ip_drm_now_ns(void);

/* The render nodes the runner looks at without an explicit path: /dev/dri/renderD128..191. */
#define IP_DRM_RENDER_FIRST 128
#define IP_DRM_RENDER_COUNT 64

#endif
