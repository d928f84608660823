/* msm_uapi.h: the msm kernel interface (Adreno) the drm runner speaks: ioctl numbers and argument
 * structs, declared here because Debian's libdrm-dev ships the 2018 msm_drm.h (shorter GET_PARAM,
 * GEM_INFO and GEM_SUBMIT, no SUBMITQUEUE_QUERY). Layouts are facts of the kernel's UAPI
 * (docs/drm-sources.md, "msm"); tests/drm/test_drm_uapi.c checks sizes and numbers. */
#ifndef ISAPROBE_MSM_UAPI_H
#define ISAPROBE_MSM_UAPI_H

#include <stdint.h>

#include <drm.h>

/* ---- msm: interface 1.5 (SUBMITQUEUE_QUERY) onward ---- */

#define IP_MSM_GET_PARAM 0x00
#define IP_MSM_SET_PARAM 0x01
#define IP_MSM_GEM_NEW 0x02
#define IP_MSM_GEM_INFO 0x03
#define IP_MSM_GEM_CPU_PREP 0x04
#define IP_MSM_GEM_CPU_FINI 0x05
#define IP_MSM_GEM_SUBMIT 0x06
#define IP_MSM_WAIT_FENCE 0x07
#define IP_MSM_GEM_MADVISE 0x08
#define IP_MSM_SUBMITQUEUE_NEW 0x0a
#define IP_MSM_SUBMITQUEUE_CLOSE 0x0b
#define IP_MSM_SUBMITQUEUE_QUERY 0x0c

#define IP_MSM_PIPE_3D0 0x10u

/* Absolute CLOCK_MONOTONIC time. */
struct ip_msm_timespec {
	int64_t tv_sec;
	int64_t tv_nsec;
};

/* 24 bytes in today's header (len, pad); older kernels read the 16-byte prefix. */
struct ip_msm_param {
	uint32_t pipe;  /* IP_MSM_PIPE_3D0 */
	uint32_t param; /* IP_MSM_PARAM_* */
	uint64_t value;
	uint32_t len;   /* 0: a value parameter */
	uint32_t pad;
};
enum ip_msm_param_id {
	IP_MSM_PARAM_GPU_ID = 0x01,    /* e.g. 307 (the A306 of the MSM8916), 320, 330 */
	IP_MSM_PARAM_GMEM_SIZE = 0x02,
	IP_MSM_PARAM_CHIP_ID = 0x03,   /* core << 24 | major << 16 | minor << 8 | patch */
	IP_MSM_PARAM_MAX_FREQ = 0x04,
	IP_MSM_PARAM_FAULTS = 0x09,    /* GPU hangs recovered (global and this file's) */
};

struct ip_msm_gem_new {
	uint64_t size;
	uint32_t flags;  /* IP_MSM_BO_* */
	uint32_t handle; /* out */
};
#define IP_MSM_BO_GPU_READONLY 0x00000002u
#define IP_MSM_BO_CACHED 0x00010000u
#define IP_MSM_BO_WC 0x00020000u

/* 24 bytes in today's header (len, pad); older kernels read the 16-byte prefix. */
struct ip_msm_gem_info {
	uint32_t handle;
	uint32_t info;   /* IP_MSM_INFO_* */
	uint64_t value;  /* out */
	uint32_t len;
	uint32_t pad;
};
#define IP_MSM_INFO_GET_OFFSET 0x00u
#define IP_MSM_INFO_GET_IOVA 0x01u

struct ip_msm_gem_cpu_prep {
	uint32_t handle;
	uint32_t op;     /* IP_MSM_PREP_* */
	struct ip_msm_timespec timeout;
};
#define IP_MSM_PREP_READ 0x01u
#define IP_MSM_PREP_WRITE 0x02u
#define IP_MSM_PREP_NOSYNC 0x04u

struct ip_msm_gem_cpu_fini {
	uint32_t handle;
};

/* One command buffer of a submission. */
struct ip_msm_gem_submit_cmd {
	uint32_t type;          /* IP_MSM_SUBMIT_CMD_BUF */
	uint32_t submit_idx;    /* index of its BO in the submission's BO table */
	uint32_t submit_offset; /* bytes into that BO */
	uint32_t size;          /* bytes */
	uint32_t pad;
	uint32_t nr_relocs;     /* 0: addresses are the iovas GEM_INFO gave */
	uint64_t relocs;
};
#define IP_MSM_SUBMIT_CMD_BUF 0x0001u

struct ip_msm_gem_submit_bo {
	uint32_t flags;    /* IP_MSM_SUBMIT_BO_* */
	uint32_t handle;
	uint64_t presumed; /* its iova */
};
#define IP_MSM_SUBMIT_BO_READ 0x0001u
#define IP_MSM_SUBMIT_BO_WRITE 0x0002u

/* 40 bytes (to queueid, Debian's 2018 header); today's 72 append the syncobj arrays, which
 * the kernel reads as none when a caller passes the shorter struct. */
struct ip_msm_gem_submit {
	uint32_t flags;    /* the pipe | IP_MSM_SUBMIT_* */
	uint32_t fence;    /* out: the submission's fence in its queue */
	uint32_t nr_bos;
	uint32_t nr_cmds;
	uint64_t bos;      /* user pointer to struct ip_msm_gem_submit_bo[nr_bos] */
	uint64_t cmds;     /* user pointer to struct ip_msm_gem_submit_cmd[nr_cmds] */
	int32_t fence_fd;
	uint32_t queueid;
};
#define IP_MSM_SUBMIT_NO_IMPLICIT 0x80000000u

struct ip_msm_wait_fence {
	uint32_t fence;
	uint32_t flags;                 /* 0 */
	struct ip_msm_timespec timeout; /* absolute */
	uint32_t queueid;
	uint32_t pad2;                  /* the struct's tail padding (32 bytes) */
};

struct ip_msm_submitqueue {
	uint32_t flags;
	uint32_t prio;
	uint32_t id; /* out */
};

struct ip_msm_submitqueue_query {
	uint64_t data; /* user pointer to the answer */
	uint32_t id;
	uint32_t param; /* IP_MSM_SUBMITQUEUE_PARAM_FAULTS */
	uint32_t len;
	uint32_t pad;
};
#define IP_MSM_SUBMITQUEUE_PARAM_FAULTS 0u

#define IP_IOCTL_MSM_GET_PARAM DRM_IOWR(DRM_COMMAND_BASE + IP_MSM_GET_PARAM, struct ip_msm_param)
#define IP_IOCTL_MSM_GEM_NEW DRM_IOWR(DRM_COMMAND_BASE + IP_MSM_GEM_NEW, struct ip_msm_gem_new)
#define IP_IOCTL_MSM_GEM_INFO DRM_IOWR(DRM_COMMAND_BASE + IP_MSM_GEM_INFO, struct ip_msm_gem_info)
#define IP_IOCTL_MSM_GEM_CPU_PREP                                                                 \
	DRM_IOW(DRM_COMMAND_BASE + IP_MSM_GEM_CPU_PREP, struct ip_msm_gem_cpu_prep)
#define IP_IOCTL_MSM_GEM_CPU_FINI                                                                 \
	DRM_IOW(DRM_COMMAND_BASE + IP_MSM_GEM_CPU_FINI, struct ip_msm_gem_cpu_fini)
#define IP_IOCTL_MSM_GEM_SUBMIT                                                                   \
	DRM_IOWR(DRM_COMMAND_BASE + IP_MSM_GEM_SUBMIT, struct ip_msm_gem_submit)
#define IP_IOCTL_MSM_WAIT_FENCE                                                                   \
	DRM_IOW(DRM_COMMAND_BASE + IP_MSM_WAIT_FENCE, struct ip_msm_wait_fence)
#define IP_IOCTL_MSM_SUBMITQUEUE_NEW                                                              \
	DRM_IOWR(DRM_COMMAND_BASE + IP_MSM_SUBMITQUEUE_NEW, struct ip_msm_submitqueue)
#define IP_IOCTL_MSM_SUBMITQUEUE_CLOSE DRM_IOW(DRM_COMMAND_BASE + IP_MSM_SUBMITQUEUE_CLOSE, uint32_t)
#define IP_IOCTL_MSM_SUBMITQUEUE_QUERY                                                            \
	DRM_IOW(DRM_COMMAND_BASE + IP_MSM_SUBMITQUEUE_QUERY, struct ip_msm_submitqueue_query)

#endif
