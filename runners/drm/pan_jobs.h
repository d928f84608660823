/* pan_jobs.h: the Mali job manager's structures common to Midgard and Bifrost (genxml v4-v7):
 * job headers and chains, the invocation descriptor, Local Storage, uniform buffers, exception
 * codes; the panfrost submission and the reading of each job's status back from its header.
 * Layouts: docs/drm-sources.md. */
#ifndef ISAPROBE_DRM_PAN_JOBS_H
#define ISAPROBE_DRM_PAN_JOBS_H

#include <stdint.h>

#include "drm_job.h"

/* Job types (Job Header word 4 bits 1-7). */
#define PAN_JOB_COMPUTE 4u
#define PAN_JOB_VERTEX 5u

/* A compute or vertex job: 32-byte header, invocation at 32, parameters at 40, draw at 64. */
#define PAN_JOB_BYTES 192
#define PAN_JOB_INVOCATION 32
#define PAN_JOB_PARAMETERS 40
#define PAN_JOB_DRAW 64
/* Draw descriptor words (4 bytes each) of the pointers the runner fills. */
#define PAN_DRAW_UBOS 6
#define PAN_DRAW_PUSH 12
#define PAN_DRAW_STATE 14
#define PAN_DRAW_ATTRIBUTE_BUFFERS 16
#define PAN_DRAW_ATTRIBUTES 18
#define PAN_DRAW_VARYING_BUFFERS 20
#define PAN_DRAW_VARYINGS 22
#define PAN_DRAW_THREAD_STORAGE 28

#define PAN_RSD_BYTES 64
#define PAN_LS_BYTES 32
#define PAN_ATTRIBUTE_BUFFER_BYTES 16
#define PAN_ATTRIBUTE_BYTES 8
/* Pixel format of an attribute read as four 32-bit floats on v4-v6: RGBA32F (191) << 12 with
 * the identity swizzle R, G, B, A (0 | 1 << 3 | 2 << 6 | 3 << 9). */
#define PAN_FORMAT_RGBA32F_V6 ((191u << 12) | 0x688u)

/* Exception status: 1 done; up to 0x3f not a fault; 0x7f "unknown" (a later job of a chain
 * whose earlier job faulted). */
#define PAN_STATUS_DONE 1u
#define PAN_STATUS_UNKNOWN 0x7fu

/* The two 32-bit words of an Invocation descriptor for work groups of local size local[] and
 * group counts groups[], each at least 1; the thread group split is the workgroups X shift (as
 * compute, and vertex jobs outside the graphics quirk, need). */
void pan_pack_invocation(const uint32_t local[3], const uint32_t groups[3], uint32_t out[2]);
/* The same for a vertex (graphics) job as Mesa packs one (panfrost_pack_work_groups_compute
 * with the graphics quirk): the thread group split the minimum efficient one, 2, and the
 * workgroups Z shift 32 when there is one group in Z. */
void pan_pack_invocation_graphics(const uint32_t local[3], const uint32_t groups[3],
                                  uint32_t out[2]);
/* ceil(log2(v)) for v >= 1. */
unsigned pan_log2_ceil(uint32_t v);

/* What every Mali job of the runner shares, written by pan_emit_job. */
struct pan_job {
	uint32_t type;
	uint32_t invocation[2];
	uint32_t task_split;
	uint32_t draw_word0;         /* flags of the draw descriptor */
	uint64_t rsd, ubos, push, attribute_buffers, attributes, varying_buffers, varyings;
};

/* Writes the job (192 bytes, 64-aligned) in the descriptor arena, its Local Storage (no TLS,
 * no workgroup memory; on a model device, the model record's address in words 6-7) and links
 * it after the previous job of the batch (index = position + 1, depending on the previous job
 * so that the chain runs in order). Job i of the batch; sets its desc_va/desc. */
int pan_emit_job(struct ip_drm_batch *b, size_t i, const struct pan_job *j);
/* A Uniform Buffer descriptor array of one entry for a region; its address. */
int pan_emit_ubo(struct ip_drm_batch *b, const struct ip_drm_region *g, uint64_t *va);

/* Submits the batch's chain from job `from` with the three arenas' BOs: numbered again from
 * index 1 (the first depending on nothing, each later one on the one before), as every chain
 * Mesa submits starts at index 1. */
int pan_kick_chain(struct ip_drm_batch *b, size_t from);
/* Reads each job's exception status: 1 done, a fault code (> 0x3f, not 0x7f), else pending. */
void pan_collect_chain(struct ip_drm_batch *b, size_t from, enum ip_drm_fence fence);

#endif
