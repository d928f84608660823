/* drm_uapi.h: the panfrost and lima kernel interfaces (ioctl numbers, argument structs) the drm
 * runner speaks, declared here because Debian's libdrm-dev ships neither panfrost_drm.h nor
 * lima_drm.h. Layouts are facts of the kernel's UAPI (sources in docs/drm-sources.md); each
 * declaration names the kernel and driver version it matches. tests/drm/test_drm_uapi.c checks every
 * size and ioctl number against numbers written out from the kernel headers. */
#ifndef ISAPROBE_DRM_UAPI_H
#define ISAPROBE_DRM_UAPI_H

#include <stdint.h>

#include <drm.h> /* libdrm-dev: DRM_IOWR, DRM_COMMAND_BASE, the core ioctls */

/* ---- panfrost: Linux 5.2 (driver 1.0) onward; flags of CREATE_BO from 5.4 (driver 1.1) ---- */

#define IP_PANFROST_SUBMIT 0x00
#define IP_PANFROST_WAIT_BO 0x01
#define IP_PANFROST_CREATE_BO 0x02
#define IP_PANFROST_MMAP_BO 0x03
#define IP_PANFROST_GET_PARAM 0x04
#define IP_PANFROST_GET_BO_OFFSET 0x05
#define IP_PANFROST_MADVISE 0x08

/* Linux 5.2-6.x layout (40 bytes); driver 1.5 appends jm_ctx_handle and pad (48 bytes), which
 * the kernel reads as zero when a caller passes the shorter struct. */
struct ip_panfrost_submit {
	uint64_t jc;            /* GPU address of the first job header */
	uint64_t in_syncs;      /* user pointer to u32 syncobj handles */
	uint32_t in_sync_count;
	uint32_t out_sync;      /* syncobj receiving the job's fence; 0: none */
	uint64_t bo_handles;    /* user pointer to u32 GEM handles the job uses */
	uint32_t bo_handle_count;
	uint32_t requirements;  /* IP_PANFROST_JD_REQ_*; 0: job slot 1 (vertex, compute) */
};
#define IP_PANFROST_JD_REQ_FS (1u << 0)

/* Linux 5.2 on. */
struct ip_panfrost_wait_bo {
	uint32_t handle;
	uint32_t pad;
	int64_t timeout_ns; /* absolute, CLOCK_MONOTONIC */
};

/* Linux 5.2 on; flags from 5.4 (driver 1.1). */
struct ip_panfrost_create_bo {
	uint32_t size;
	uint32_t flags;    /* IP_PANFROST_BO_* */
	uint32_t handle;   /* out */
	uint32_t pad;
	uint64_t offset;   /* out: GPU address, never 0 */
};
#define IP_PANFROST_BO_NOEXEC 1u
#define IP_PANFROST_BO_HEAP 2u

/* Linux 5.2 on. */
struct ip_panfrost_mmap_bo {
	uint32_t handle;
	uint32_t flags;
	uint64_t offset; /* out: the offset to mmap the render node at */
};

/* Linux 5.2 on (parameters 0-39), AFBC_FEATURES (40) from 5.9 (driver 1.2). */
struct ip_panfrost_get_param {
	uint32_t param;
	uint32_t pad;
	uint64_t value;
};
enum ip_panfrost_param {
	IP_PANFROST_PARAM_GPU_PROD_ID = 0,
	IP_PANFROST_PARAM_GPU_REVISION = 1,
	IP_PANFROST_PARAM_SHADER_PRESENT = 2,
	IP_PANFROST_PARAM_MMU_FEATURES = 12,
	IP_PANFROST_PARAM_THREAD_TLS_ALLOC = 39,
};

/* Linux 5.2 on. */
struct ip_panfrost_get_bo_offset {
	uint32_t handle;
	uint32_t pad;
	uint64_t offset;
};

/* Linux 5.4 on. */
struct ip_panfrost_madvise {
	uint32_t handle;
	uint32_t madv;
	uint32_t retained;
};

#define IP_IOCTL_PANFROST_SUBMIT                                                                  \
	DRM_IOW(DRM_COMMAND_BASE + IP_PANFROST_SUBMIT, struct ip_panfrost_submit)
#define IP_IOCTL_PANFROST_WAIT_BO                                                                 \
	DRM_IOW(DRM_COMMAND_BASE + IP_PANFROST_WAIT_BO, struct ip_panfrost_wait_bo)
#define IP_IOCTL_PANFROST_CREATE_BO                                                               \
	DRM_IOWR(DRM_COMMAND_BASE + IP_PANFROST_CREATE_BO, struct ip_panfrost_create_bo)
#define IP_IOCTL_PANFROST_MMAP_BO                                                                 \
	DRM_IOWR(DRM_COMMAND_BASE + IP_PANFROST_MMAP_BO, struct ip_panfrost_mmap_bo)
#define IP_IOCTL_PANFROST_GET_PARAM                                                               \
	DRM_IOWR(DRM_COMMAND_BASE + IP_PANFROST_GET_PARAM, struct ip_panfrost_get_param)
#define IP_IOCTL_PANFROST_GET_BO_OFFSET                                                           \
	DRM_IOWR(DRM_COMMAND_BASE + IP_PANFROST_GET_BO_OFFSET, struct ip_panfrost_get_bo_offset)
#define IP_IOCTL_PANFROST_MADVISE                                                                 \
	DRM_IOWR(DRM_COMMAND_BASE + IP_PANFROST_MADVISE, struct ip_panfrost_madvise)

/* ---- lima: Linux 5.2 (driver 1.0) onward; LIMA_BO_FLAG_HEAP from 5.7 (driver 1.1) ---- */

#define IP_LIMA_GET_PARAM 0x00
#define IP_LIMA_GEM_CREATE 0x01
#define IP_LIMA_GEM_INFO 0x02
#define IP_LIMA_GEM_SUBMIT 0x03
#define IP_LIMA_GEM_WAIT 0x04
#define IP_LIMA_CTX_CREATE 0x05
#define IP_LIMA_CTX_FREE 0x06

enum ip_lima_param {
	IP_LIMA_PARAM_GPU_ID = 0,     /* 1 Mali-400, 2 Mali-450, 0 unknown */
	IP_LIMA_PARAM_NUM_PP = 1,
	IP_LIMA_PARAM_GP_VERSION = 2, /* the GP's version register */
	IP_LIMA_PARAM_PP_VERSION = 3,
};
#define IP_LIMA_GPU_MALI400 1u
#define IP_LIMA_GPU_MALI450 2u

/* Linux 5.2 on. */
struct ip_lima_get_param {
	uint32_t param;
	uint32_t pad;
	uint64_t value;
};

/* Linux 5.2 on (flags must be 0 before 5.7). */
struct ip_lima_gem_create {
	uint32_t size;
	uint32_t flags;
	uint32_t handle; /* out */
	uint32_t pad;
};
#define IP_LIMA_BO_FLAG_HEAP 1u

/* Linux 5.2 on. */
struct ip_lima_gem_info {
	uint32_t handle;
	uint32_t va;     /* out: 32-bit GPU address */
	uint64_t offset; /* out: mmap offset */
};

/* Linux 5.2 on. */
struct ip_lima_gem_submit_bo {
	uint32_t handle;
	uint32_t flags; /* IP_LIMA_SUBMIT_BO_* */
};
#define IP_LIMA_SUBMIT_BO_READ 0x01u
#define IP_LIMA_SUBMIT_BO_WRITE 0x02u

/* Linux 5.2 on: the six GP registers the kernel writes from the frame. */
#define IP_LIMA_GP_FRAME_REGS 6
struct ip_lima_gp_frame {
	uint32_t vs_cmd_start, vs_cmd_end;     /* VS command list */
	uint32_t plbu_cmd_start, plbu_cmd_end; /* PLBU command list */
	uint32_t tile_heap_start, tile_heap_end;
};

/* Linux 5.2 on. */
struct ip_lima_gem_submit {
	uint32_t ctx;
	uint32_t pipe;       /* IP_LIMA_PIPE_GP or _PP */
	uint32_t nr_bos;
	uint32_t frame_size; /* sizeof the pipe's frame: 24 for the GP */
	uint64_t bos;        /* user pointer to struct ip_lima_gem_submit_bo[nr_bos] */
	uint64_t frame;      /* user pointer to the frame */
	uint32_t flags;      /* IP_LIMA_SUBMIT_FLAG_* */
	uint32_t out_sync;
	uint32_t in_sync[2];
};
#define IP_LIMA_PIPE_GP 0u
#define IP_LIMA_PIPE_PP 1u
#define IP_LIMA_SUBMIT_FLAG_EXPLICIT_FENCE 1u

/* Linux 5.2 on. */
struct ip_lima_gem_wait {
	uint32_t handle;
	uint32_t op;        /* IP_LIMA_GEM_WAIT_* */
	int64_t timeout_ns; /* absolute, CLOCK_MONOTONIC */
};
#define IP_LIMA_GEM_WAIT_READ 0x01u
#define IP_LIMA_GEM_WAIT_WRITE 0x02u

/* Linux 5.2 on. */
struct ip_lima_ctx_create {
	uint32_t id; /* out */
	uint32_t pad;
};
struct ip_lima_ctx_free {
	uint32_t id;
	uint32_t pad;
};

#define IP_IOCTL_LIMA_GET_PARAM                                                                   \
	DRM_IOWR(DRM_COMMAND_BASE + IP_LIMA_GET_PARAM, struct ip_lima_get_param)
#define IP_IOCTL_LIMA_GEM_CREATE                                                                  \
	DRM_IOWR(DRM_COMMAND_BASE + IP_LIMA_GEM_CREATE, struct ip_lima_gem_create)
#define IP_IOCTL_LIMA_GEM_INFO DRM_IOWR(DRM_COMMAND_BASE + IP_LIMA_GEM_INFO, struct ip_lima_gem_info)
#define IP_IOCTL_LIMA_GEM_SUBMIT                                                                  \
	DRM_IOW(DRM_COMMAND_BASE + IP_LIMA_GEM_SUBMIT, struct ip_lima_gem_submit)
#define IP_IOCTL_LIMA_GEM_WAIT DRM_IOW(DRM_COMMAND_BASE + IP_LIMA_GEM_WAIT, struct ip_lima_gem_wait)
/* Read-only: the kernel copies nothing in (so it cannot check the pad of a caller's struct). */
#define IP_IOCTL_LIMA_CTX_CREATE                                                                  \
	DRM_IOR(DRM_COMMAND_BASE + IP_LIMA_CTX_CREATE, struct ip_lima_ctx_create)
#define IP_IOCTL_LIMA_CTX_FREE DRM_IOW(DRM_COMMAND_BASE + IP_LIMA_CTX_FREE, struct ip_lima_ctx_free)

/* ---- sync_file (include/uapi/linux/sync_file.h, Linux 4.7 on) ---- */

struct ip_sync_file_info {
	char name[32];
	int32_t status; /* 1 signalled, 0 pending, < 0: -errno the fence ended with */
	uint32_t flags;
	uint32_t num_fences;
	uint32_t pad;
	uint64_t sync_fence_info;
};
#define IP_SYNC_IOC_FILE_INFO _IOWR('>', 4, struct ip_sync_file_info)

#endif
