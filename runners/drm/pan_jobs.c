/* pan_jobs.c: Mali job manager structures shared by the Midgard and Bifrost builders: job
 * headers linked into one chain per submission, invocation packing, Local Storage, uniform
 * buffers, and each job's exception status read back from its header after the fence. */
#include <stdio.h>
#include <string.h>

#include "drm_panfrost.h"
#include "isaprobe/internal/drm.h"
#include "pan_jobs.h"

unsigned pan_log2_ceil(uint32_t v)
{
	unsigned n = 0;
	while (n < 32 && (UINT64_C(1) << n) < v)
		n++;
	return n;
}

void pan_pack_invocation(const uint32_t local[3], const uint32_t groups[3], uint32_t out[2])
{
	const uint32_t values[6] = {local[0], local[1], local[2], groups[0], groups[1], groups[2]};
	unsigned shift[7] = {0};
	uint32_t packed = 0;
	for (unsigned i = 0; i < 6; i++) {
		packed |= (values[i] - 1) << shift[i];
		shift[i + 1] = shift[i] + pan_log2_ceil(values[i]);
	}
	out[0] = packed;
	out[1] = shift[1] | shift[2] << 5 | shift[3] << 10 | shift[4] << 16 | shift[5] << 22 |
	         (shift[3] & 0xf) << 28;
}

void pan_pack_invocation_graphics(const uint32_t local[3], const uint32_t groups[3],
                                  uint32_t out[2])
{
	pan_pack_invocation(local, groups, out);
	if (groups[2] <= 1)
		out[1] = (out[1] & ~(0x3fu << 22)) | 32u << 22; /* workgroups Z shift */
	out[1] = (out[1] & 0x0fffffffu) | 2u << 28;      /* thread group split: min efficient */
}

int pan_emit_job(struct ip_drm_batch *b, size_t i, const struct pan_job *j)
{
	struct ip_drm_slot *s = b->slots[i];
	uint64_t ls_va;
	uint8_t *job, *ls;
	uint32_t index = (uint32_t)i + 1;
	if (index > 0xffff)
		return -1;
	if (ip_drm_arena_alloc(&b->desc, PAN_JOB_BYTES, 64, &s->desc_va, &job) ||
	    ip_drm_arena_alloc(&b->desc, PAN_LS_BYTES, 64, &ls_va, &ls))
		return -1;
	s->desc = job;
	/* Local Storage: no stack, no workgroup memory ("no workgroup mem" packs as 31) */
	ip_put_le32(ls + 4, 31);
	if (b->dev->model_ext)
		ip_put_le64(ls + IP_MODEL_LS_OFFSET, s->rec_va);
	/* header: status 0 (not started), 64-bit descriptors, type, index, depends on the previous */
	ip_put_le32(job + 16, 1u | (j->type & 0x7f) << 1 | index << 16);
	ip_put_le32(job + 20, i ? index - 1 : 0);
	ip_put_le32(job + PAN_JOB_INVOCATION, j->invocation[0]);
	ip_put_le32(job + PAN_JOB_INVOCATION + 4, j->invocation[1]);
	ip_put_le32(job + PAN_JOB_PARAMETERS, (j->task_split & 0xf) << 26);
	ip_put_le32(job + PAN_JOB_DRAW, j->draw_word0);
	ip_put_le64(job + PAN_JOB_DRAW + 4 * PAN_DRAW_UBOS, j->ubos);
	ip_put_le64(job + PAN_JOB_DRAW + 4 * PAN_DRAW_PUSH, j->push);
	ip_put_le64(job + PAN_JOB_DRAW + 4 * PAN_DRAW_STATE, j->rsd);
	ip_put_le64(job + PAN_JOB_DRAW + 4 * PAN_DRAW_ATTRIBUTE_BUFFERS, j->attribute_buffers);
	ip_put_le64(job + PAN_JOB_DRAW + 4 * PAN_DRAW_ATTRIBUTES, j->attributes);
	ip_put_le64(job + PAN_JOB_DRAW + 4 * PAN_DRAW_VARYING_BUFFERS, j->varying_buffers);
	ip_put_le64(job + PAN_JOB_DRAW + 4 * PAN_DRAW_VARYINGS, j->varyings);
	ip_put_le64(job + PAN_JOB_DRAW + 4 * PAN_DRAW_THREAD_STORAGE, ls_va);
	if (i)
		ip_put_le64(b->slots[i - 1]->desc + 24, s->desc_va); /* the previous job's Next */
	return 0;
}

int pan_emit_ubo(struct ip_drm_batch *b, const struct ip_drm_region *g, uint64_t *va)
{
	uint8_t *p;
	size_t entries = (g->in_len + 15) / 16;
	if (!entries)
		entries = 1;
	if (entries > 4096 || ip_drm_arena_alloc(&b->desc, 8, 8, va, &p))
		return -1;
	/* bits 0-11 entries - 1, bits 12-63 the address >> 4 */
	ip_put_le64(p, (uint64_t)(entries - 1) | (g->va >> 4) << 12);
	return 0;
}

int pan_kick_chain(struct ip_drm_batch *b, size_t from)
{
	uint32_t handles[3] = {b->code.bo.handle, b->desc.bo.handle, b->data.bo.handle};
	struct ip_drm_pan_submit s = {b->slots[from]->desc_va, handles, 3};
	/* numbered from 1 again, each job depending on the one before (links stay) */
	for (size_t i = from; i < b->n; i++) {
		uint8_t *hdr = b->slots[i]->desc;
		uint32_t index = (uint32_t)(i - from) + 1;
		ip_put_le32(hdr, 0); /* exception status: not started */
		ip_put_le32(hdr + 16, (ip_le32(hdr + 16) & 0xffffu) | index << 16);
		ip_put_le32(hdr + 20, index - 1);
	}
	return b->dev->drv->submit(b->dev, &s);
}

void pan_collect_chain(struct ip_drm_batch *b, size_t from, enum ip_drm_fence fence)
{
	(void)fence;
	for (size_t i = from; i < b->n; i++) {
		struct ip_drm_slot *s = b->slots[i];
		uint32_t st = ip_le32(s->desc);
		uint32_t code = st & 0xff;
		if (st == PAN_STATUS_DONE) {
			s->state = IP_DRM_SLOT_DONE;
		} else if (code > 0x3f && code != PAN_STATUS_UNKNOWN) {
			const char *name = ip_mali_exception_name(code);
			s->state = IP_DRM_SLOT_FAULT;
			s->fault = code;
			snprintf(s->why, sizeof s->why, "the GPU faulted: %s (job status 0x%08x)",
			         name ? name : "exception", st);
		}
	}
}
