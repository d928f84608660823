/* drm_job.h: submissions of many jobs, between the common runner (drm_runner.c) and the job
 * builders of each ISA on each driver (pan_midgard.c, pan_bifrost.c, lima_gp.c). A builder
 * writes its descriptors into three arenas (code, descriptors, data) and tells, after the
 * fence, which jobs the hardware says finished; the common part places the buffers, writes the
 * model records, copies the outputs out and recovers from faults, hangs and lost devices. */
#ifndef ISAPROBE_DRM_JOB_H
#define ISAPROBE_DRM_JOB_H

#include <stddef.h>
#include <stdint.h>

#include "common/byteorder.h"
#include "drm_dev.h"
#include "isaprobe/internal/harness.h"
#include "isaprobe/runner.h"
#include "model_ext.h"

/* A BO used as a bump allocator for one submission. */
struct ip_drm_arena {
	struct ip_drm_bo bo;
	size_t used;
	uint32_t generation; /* the device generation it was created in */
};

/* Where one role of a job lives. */
struct ip_drm_region {
	uint64_t va;
	uint8_t *map;
	size_t in_len;   /* input bytes copied in */
	size_t out_cap;  /* output bytes observed (0: none) */
	size_t size;     /* bytes reserved (at least both) */
};

enum ip_drm_slot_state {
	IP_DRM_SLOT_PENDING,  /* not resolved yet: run (again) */
	IP_DRM_SLOT_DONE,     /* the hardware says it finished: result from memory */
	IP_DRM_SLOT_FAULT,    /* the hardware gave a fault code (fault) */
	IP_DRM_SLOT_FINAL,    /* the result is set */
};

struct ip_drm_slot {
	const struct ip_job *job;
	struct ip_result *res;
	enum ip_drm_slot_state state;
	uint32_t fault;                      /* IP_DRM_SLOT_FAULT: the code */
	struct ip_drm_region role[IP_BUF_ROLE_COUNT];
	uint64_t code_va;
	uint64_t rec_va;                     /* model record (model devices only) */
	uint8_t *rec;
	uint64_t desc_va;                    /* the builder's first descriptor (panfrost: header;
	                                      * msm: the draw's first packet) */
	uint8_t *desc;                       /* panfrost: the header; msm: the draw's sentinel */
	char why[IP_MODEL_WHY];              /* the result's why text when it came from a model */
	/* A wrapped job's addresses to write when its inputs are copied in (the harness's: the GPU
	 * address of one role's buffer into another's input, include/isaprobe/internal/harness.h). */
	const struct ip_harness_addr *addrs;
	unsigned naddrs;
};

/* One submission in the making. */
struct ip_drm_batch {
	struct ip_drm_dev *dev;
	struct ip_drm_arena code, desc, data;
	struct ip_drm_slot **slots;          /* the jobs of this submission, in order */
	size_t n;
	uint64_t list_va, list_end;          /* a command list the builder wrote (lima, msm) */
	const char *kmsg;                    /* for collect: what the kernel logged meanwhile */
};

/* Bytes a job needs in each arena (upper bounds, alignment included). */
struct ip_drm_sizes {
	size_t code, desc, data;
};

/* One ISA on one driver, named in the ISA's descriptor (include/isaprobe/isa.h, `.drm_kind`). */
struct ip_drm_jobkind {
	const struct ip_drm_driver *driver;
	/* NULL when the job can run on this device (sizes filled), else why not (static text). */
	const char *(*check)(const struct ip_drm_dev *dev, const struct ip_job *job,
	                     const struct ip_result *res, struct ip_drm_sizes *sz);
	/* Writes every job's code, buffers (ip_drm_place_*) and descriptors; 0, or -1 when an
	 * arena is too small (check's sizes were wrong: a bug). */
	int (*build)(struct ip_drm_batch *b);
	/* Submits the built batch from job `from` on (0 unless resumable); 0 or the errno. */
	int (*kick)(struct ip_drm_batch *b, size_t from);
	/* After the fence: sets jobs from..n-1 DONE, FAULT (with its code) or leaves them
	 * PENDING, from what the hardware wrote; or FINAL with the result set (radeon). */
	void (*collect)(struct ip_drm_batch *b, size_t from, enum ip_drm_fence fence);
	/* The hardware says per job how it ended (a job chain's headers), so a submission stopped
	 * by a fault or a hang goes on from the next job without being built again. Else a failed
	 * submission says nothing of its jobs. */
	int resumable;
	/* A failure the hardware reports for the whole submission that stops nothing and names no
	 * job (msm: an IOMMU fault is only logged, and the draws after it run on). A submission that
	 * ends so with several jobs unresolved is halved until the job that fails runs alone: about
	 * 2 f log2(n) submissions for f failing jobs of n, where running the first job alone and the
	 * rest again costs a submission per job before each failing one (n^2 / 2 jobs run when
	 * most fail). */
	int halve_unresolved;
};

/* The job kind of an ISA on a driver (the ISA's descriptor's), or NULL. */
const struct ip_drm_jobkind *ip_drm_jobkind_find(const char *isa, const struct ip_drm_driver *drv);

/* Reserves size bytes aligned to align (a power of two) in an arena: GPU address and CPU
 * pointer (zeroed). Returns -1 when the arena is full (the caller sized it too small). */
int ip_drm_arena_alloc(struct ip_drm_arena *a, size_t size, size_t align, uint64_t *va,
                       uint8_t **map);

/* Copies the job's code into the code arena, aligned, followed by pad zero bytes. */
int ip_drm_place_code(struct ip_drm_batch *b, struct ip_drm_slot *s, size_t align, size_t pad);
/* Places every role the job has an input or an output of, each at least min[role] bytes
 * (min may be NULL), 64-byte aligned, inputs copied in and the rest zero; a role without an
 * output whose input the previous job of the batch also had is shared with it, unless its bit
 * is set in private_roles (memory the GPU may write although no output is observed) or the
 * slot's addresses are written into it. Then writes the slot's addresses (s->addrs: a buffer's
 * GPU address into another's input; -1 when the buffer has no place). On a model device, also
 * writes the job's model record. */
int ip_drm_place_roles(struct ip_drm_batch *b, struct ip_drm_slot *s, const size_t *min,
                       unsigned private_roles);
/* Bytes ip_drm_place_roles needs at most for a job and its outputs (for check). */
size_t ip_drm_roles_bytes(const struct ip_drm_dev *dev, const struct ip_job *job,
                          const struct ip_result *res, const size_t *min);
/* The capacity of a result's output of a role (0: not observed). */
size_t ip_drm_result_cap(const struct ip_result *res, enum ip_buf_role role);

/* The model record's role number of a role. */
enum ip_model_role ip_drm_model_role(enum ip_buf_role role);

/* Sets a DONE slot's result from memory (the model record on a model device, else ok) and
 * copies its outputs out. */
void ip_drm_slot_finish(struct ip_drm_dev *dev, struct ip_drm_slot *s);

#endif
