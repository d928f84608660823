/* a3xx_vs.c: Adreno a3xx jobs on msm: a3xx has no compute dispatch in any public driver, so each
 * variant is a draw of points (one vertex per invocation) whose vertex shader is the probe's
 * program, in one PM4 command buffer per submission: every register the draw reads as Mesa's
 * fd3 writes it, the shader and the const file loaded with CP_LOAD_STATE, CP_DRAW_INDX, a wait
 * for idle, and a CP_MEM_WRITE sentinel per draw that says which draws finished
 * (docs/drm-msm.md). */
#include <stdio.h>
#include <string.h>

#include "a3xx_pm4.h"
#include "drm_job.h"
#include "drm_msm.h"
#include "isaprobe/a3xx_sim.h"

#define VS_MAX_UNITS 255u     /* SP_VS_CTRL_REG0.LENGTH: 8 bits of 256-bit units */
/* CP_LOAD_STATE's NUM_UNIT: 10 bits of dword pairs */
#define VS_MAX_CONSTS (A3XX_LOAD_STATE_MAX_UNITS / A3XX_CONST_UNITS_PER_VEC4)
#define VS_FOOTPRINT 48u      /* r0-r47 and hr0-hr47: what the simulator models */
#define CMD_DWORDS_PER_DRAW 112u /* upper bound of what build writes per variant */

static uint32_t invocations(const struct ip_job *job)
{
	return job->limits.invocations ? job->limits.invocations : 1;
}

static uint32_t code_units(const struct ip_job *job)
{
	return (uint32_t)((job->code_len + A3XX_INSTR_UNIT_BYTES - 1) / A3XX_INSTR_UNIT_BYTES);
}

static uint32_t const_units(const struct ip_drm_slot *s)
{
	return (uint32_t)((s->role[IP_BUF_UNIFORMS].in_len + 15) / 16);
}

static const char *vs_check(const struct ip_drm_dev *dev, const struct ip_job *job,
                            const struct ip_result *res, struct ip_drm_sizes *sz)
{
	const struct ip_buf *u = ip_job_input(job, IP_BUF_UNIFORMS);
	if (!job->code_len || job->code_len % 8)
		return "code is not a whole number of 8-byte instructions";
	if (code_units(job) > VS_MAX_UNITS)
		return "more than 1020 instructions (SP_VS_CTRL_REG0's 8-bit length of 4-instruction "
		       "units)";
	if (u && (u->len + 15) / 16 > VS_MAX_CONSTS)
		return "const file larger than one CP_LOAD_STATE loads (1023 units of two dwords: 511 "
		       "vec4)";
	if (invocations(job) > 0xffffff)
		return "more than 2^24 - 1 vertices in one draw";
	if (!dev->model_ext) {
		if (ip_job_input(job, IP_BUF_REGISTERS) || ip_drm_result_cap(res, IP_BUF_REGISTERS))
			return "the registers role is simulator-only: a GPU's register file cannot be set "
			       "or read from outside the shader (store what the program computes with stg)";
		if (ip_job_input(job, IP_BUF_VARYINGS_IN) || ip_job_input(job, IP_BUF_TEXTURES))
			return "varyings_in and textures need fragment-shader and texture state the "
			       "runner's vertex draw does not set (bary.f and isam run in the simulator "
			       "and on a model device only)";
	}
	sz->code = (size_t)code_units(job) * A3XX_INSTR_UNIT_BYTES + A3XX_INSTR_UNIT_BYTES;
	sz->desc = CMD_DWORDS_PER_DRAW * 4 + 64;
	sz->data = ip_drm_roles_bytes(dev, job, res, NULL) + 64;
	return NULL;
}

/* Command buffer writer. */
struct cmdbuf {
	uint8_t *p;
};

static void dw(struct cmdbuf *c, uint32_t v)
{
	ip_put_le32(c->p, v);
	c->p += 4;
}

static void reg(struct cmdbuf *c, uint32_t r, uint32_t v)
{
	dw(c, A3XX_PKT0(r, 1));
	dw(c, v);
}

/* The registers of a3xx_vs_draw_state, runs of consecutive ones in one packet each. */
static void draw_state(struct cmdbuf *c)
{
	for (size_t i = 0; i < A3XX_VS_DRAW_STATE_COUNT;) {
		size_t n = 1;
		while (i + n < A3XX_VS_DRAW_STATE_COUNT &&
		       a3xx_vs_draw_state[i + n].reg == a3xx_vs_draw_state[i].reg + n)
			n++;
		dw(c, A3XX_PKT0(a3xx_vs_draw_state[i].reg, n));
		for (size_t k = 0; k < n; k++)
			dw(c, a3xx_vs_draw_state[i + k].value);
		i += n;
	}
}

static int vs_build(struct ip_drm_batch *b)
{
	uint64_t list_va;
	uint8_t *list;
	struct cmdbuf c;
	if (ip_drm_arena_alloc(&b->desc, b->n * CMD_DWORDS_PER_DRAW * 4, 64, &list_va, &list))
		return -1;
	c.p = list;
	for (size_t i = 0; i < b->n; i++) {
		struct ip_drm_slot *s = b->slots[i];
		uint32_t units = code_units(s->job), consts, code_va;
		uint64_t sentinel_va;
		uint8_t *sentinel;
		/* the program padded with zero words (nop) to whole 256-bit units */
		if (ip_drm_place_code(b, s, A3XX_INSTR_UNIT_BYTES,
		                      units * A3XX_INSTR_UNIT_BYTES - s->job->code_len) ||
		    ip_drm_place_roles(b, s, NULL, 0) ||
		    ip_drm_arena_alloc(&b->data, 4, 4, &sentinel_va, &sentinel))
			return -1;
		consts = const_units(s);
		code_va = (uint32_t)s->code_va;
		s->desc_va = list_va + (uint64_t)(c.p - list);
		s->desc = sentinel; /* where the draw's sentinel lands */
		if (b->dev->model_ext) {
			/* the model record: a NOP's payload, which a CP skips */
			dw(&c, A3XX_PKT3(A3XX_CP_NOP, 2));
			dw(&c, IP_MODEL_MAGIC);
			dw(&c, (uint32_t)s->rec_va);
		}
		dw(&c, A3XX_PKT3(A3XX_CP_WAIT_FOR_IDLE, 1));
		dw(&c, 0);
		/* every register the draw reads, as fd3 writes them: GPU registers keep what the
		 * last user of the GPU left (docs/drm-msm.md) */
		draw_state(&c);
		reg(&c, A3XX_HLSQ_VS_CONTROL_REG, a3xx_hlsq_vs_control(units, consts));
		dw(&c, A3XX_PKT0(A3XX_SP_VS_CTRL_REG0, 2));
		dw(&c, a3xx_sp_vs_ctrl0(units, VS_FOOTPRINT));
		dw(&c, a3xx_sp_vs_ctrl1(consts));
		dw(&c, A3XX_PKT0(A3XX_SP_VS_OBJ_OFFSET_REG, 2));
		dw(&c, 0);
		dw(&c, code_va);
		reg(&c, A3XX_SP_VS_LENGTH_REG, units);
		dw(&c, A3XX_PKT3(A3XX_CP_LOAD_STATE, 2));
		dw(&c, A3XX_LOAD_STATE0(0, A3XX_SS_INDIRECT, A3XX_SB_VERT_SHADER, units));
		dw(&c, A3XX_ST_SHADER | code_va);
		if (consts) {
			/* const units are dword pairs (fd3_emit.c) */
			dw(&c, A3XX_PKT3(A3XX_CP_LOAD_STATE, 2));
			dw(&c, A3XX_LOAD_STATE0(0, A3XX_SS_INDIRECT, A3XX_SB_VERT_SHADER,
			                        consts * A3XX_CONST_UNITS_PER_VEC4));
			dw(&c, A3XX_ST_CONSTANTS | (uint32_t)s->role[IP_BUF_UNIFORMS].va);
		}
		dw(&c, A3XX_PKT3(A3XX_CP_EVENT_WRITE, 1));
		dw(&c, A3XX_EVENT_HLSQ_FLUSH);
		dw(&c, A3XX_PKT3(A3XX_CP_DRAW_INDX, A3XX_DRAW_AUTO_DWORDS));
		dw(&c, 0);
		dw(&c, A3XX_DRAW_INITIATOR(A3XX_DI_PT_POINTLIST, A3XX_DI_SRC_SEL_AUTO_INDEX,
		                           A3XX_DI_IGNORE_VISIBILITY));
		dw(&c, invocations(s->job));
		dw(&c, A3XX_PKT3(A3XX_CP_WAIT_FOR_IDLE, 1));
		dw(&c, 0);
		dw(&c, A3XX_PKT3(A3XX_CP_EVENT_WRITE, 1));
		dw(&c, A3XX_EVENT_CACHE_FLUSH);
		dw(&c, A3XX_PKT3(A3XX_CP_MEM_WRITE, 2));
		dw(&c, (uint32_t)sentinel_va);
		dw(&c, A3XX_SENTINEL_TAG | (uint32_t)(i & 0xffff));
	}
	b->list_va = list_va;
	b->list_end = list_va + (uint64_t)(c.p - list);
	return 0;
}

static int vs_kick(struct ip_drm_batch *b, size_t from)
{
	struct ip_msm_gem_submit_bo bos[3];
	struct ip_drm_msm_submit sub;
	const struct ip_drm_arena *arenas[3] = {&b->code, &b->desc, &b->data};
	/* the draws that run again start with their sentinels cleared */
	for (size_t i = from; i < b->n; i++)
		ip_put_le32(b->slots[i]->desc, 0);
	for (int k = 0; k < 3; k++) {
		bos[k].flags = IP_MSM_SUBMIT_BO_READ | (k == 2 ? IP_MSM_SUBMIT_BO_WRITE : 0);
		bos[k].handle = arenas[k]->bo.handle;
		bos[k].presumed = arenas[k]->bo.va;
	}
	sub.bos = bos;
	sub.nbos = 3;
	sub.cmd_bo = 1;
	sub.cmd_offset = (uint32_t)(b->slots[from]->desc_va - b->desc.bo.va);
	sub.cmd_size = (uint32_t)(b->list_end - b->slots[from]->desc_va);
	return b->dev->drv->submit(b->dev, &sub);
}

/* After the fence: a draw whose sentinel landed finished. An IOMMU fault in the kernel log says
 * some draw of the submission touched an unmapped address, not which one (a3xx goes on after
 * one): a lone draw takes it as its fault; a longer submission stays unresolved, and the runner
 * halves it (halve_unresolved). */
static void vs_collect(struct ip_drm_batch *b, size_t from, enum ip_drm_fence fence)
{
	int faulted = b->kmsg && strstr(b->kmsg, "*** fault") != NULL;
	(void)fence;
	if (ip_drm_msm_cpu_read(b->dev, &b->data.bo, ip_drm_now_ns() + 1000000000) != 0)
		return; /* the results cannot be read: nothing is known */
	for (size_t i = from; i < b->n; i++) {
		struct ip_drm_slot *s = b->slots[i];
		int done = ip_le32(s->desc) == (A3XX_SENTINEL_TAG | (uint32_t)(i & 0xffff));
		if (!done)
			continue;
		if (!faulted) {
			s->state = IP_DRM_SLOT_DONE;
		} else if (from + 1 == b->n) {
			s->state = IP_DRM_SLOT_FAULT;
			s->fault = 0;
			snprintf(s->why, sizeof s->why, "an IOMMU fault while the draw ran (kernel log)");
		}
	}
}

/* Named in the ISA's descriptor (encoders/<isa>/<isa>_isa.c, `.drm_kind`). */
const struct ip_drm_jobkind ip_drm_a3xx_kind = {
	.driver = &ip_drm_msm,
	.check = vs_check,
	.build = vs_build,
	.kick = vs_kick,
	.collect = vs_collect,
	.resumable = 1,
	.halve_unresolved = 1,
};
