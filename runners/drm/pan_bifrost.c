/* pan_bifrost.c: Bifrost (Mali G31-G76, genxml v6/v7) jobs on panfrost: each variant is a
 * compute job of one work group of the job's invocations, with the uniforms pushed into the
 * fast-access uniforms, the invocation's global id preloaded in r60, and a global buffer the
 * program reaches at its GPU address (docs/drm-runner.md, "Bifrost"). */
#include "pan_jobs.h"

/* The core prefetches 128 bytes past the last clause: code is 128-byte aligned and followed
 * by 128 zero bytes (BIFROST_SHADER_PREFETCH in Mesa's compiler). */
#define BIFROST_CODE_ALIGN 128
#define BIFROST_CODE_PAD 128
/* The renderer state's uniform count is 7 bits of 64-bit slots. */
#define BIFROST_MAX_PUSH_BYTES (127 * 8)
/* Preload word (renderer state word 12): compute's Global Invocation X (bit 12), which the
 * hardware loads into r60 (genxml v6/v7 Compute Preload; Mesa's bifrost_compile.c). */
#define BIFROST_PRELOAD_GLOBAL_X (1u << 12)

static uint32_t invocations(const struct ip_job *job)
{
	return job->limits.invocations ? job->limits.invocations : 1;
}

static const char *bifrost_check(const struct ip_drm_dev *dev, const struct ip_job *job,
                                 const struct ip_result *res, struct ip_drm_sizes *sz)
{
	const struct ip_buf *u = ip_job_input(job, IP_BUF_UNIFORMS);
	if (!job->code_len)
		return "no code";
	if (u && u->len > BIFROST_MAX_PUSH_BYTES)
		return "more uniforms than the renderer state pushes (127 64-bit slots, 1016 bytes)";
	if (!dev->model_ext &&
	    (ip_job_input(job, IP_BUF_REGISTERS) || ip_drm_result_cap(res, IP_BUF_REGISTERS)))
		return "the registers role is simulator-only: a GPU's register file cannot be "
		       "set or read from outside the shader (observe what the program stores)";
	sz->code = job->code_len + BIFROST_CODE_PAD + BIFROST_CODE_ALIGN;
	sz->desc = PAN_JOB_BYTES + 64 + PAN_LS_BYTES + 64 + PAN_RSD_BYTES + 64 + 16;
	sz->data = ip_drm_roles_bytes(dev, job, res, NULL);
	return NULL;
}

static int bifrost_build(struct ip_drm_batch *b)
{
	for (size_t i = 0; i < b->n; i++) {
		struct ip_drm_slot *s = b->slots[i];
		const uint32_t local[3] = {invocations(s->job), 1, 1}, groups[3] = {1, 1, 1};
		const struct ip_drm_region *u;
		struct pan_job j = {0};
		uint32_t push = 0;
		uint8_t *rsd;
		if (ip_drm_place_code(b, s, BIFROST_CODE_ALIGN, BIFROST_CODE_PAD) ||
		    ip_drm_place_roles(b, s, NULL, 0))
			return -1;
		u = &s->role[IP_BUF_UNIFORMS];
		if (u->size) {
			if (pan_emit_ubo(b, u, &j.ubos))
				return -1;
			j.push = u->va;
			push = (uint32_t)(u->in_len + 7) / 8;
		}
		if (ip_drm_arena_alloc(&b->desc, PAN_RSD_BYTES, 64, &j.rsd, &rsd))
			return -1;
		ip_put_le64(rsd, s->code_va);
		/* properties: one uniform buffer; v7's register allocation 0 = 64 per thread */
		ip_put_le32(rsd + 16, u->size ? 1u : 0u);
		/* preload: the uniform count (bits 15-21) and the global invocation id X (r60) */
		ip_put_le32(rsd + 48, push << 15 | BIFROST_PRELOAD_GLOBAL_X);
		j.type = PAN_JOB_COMPUTE;
		pan_pack_invocation(local, groups, j.invocation);
		j.task_split = pan_log2_ceil(local[0] + 1) + 1 + 1;
		j.draw_word0 = 0x3; /* four components, 64-bit draw descriptor */
		if (pan_emit_job(b, i, &j))
			return -1;
	}
	return 0;
}

/* Named in the ISA's descriptor (encoders/<isa>/<isa>_isa.c, `.drm_kind`). */
const struct ip_drm_jobkind ip_drm_bifrost_kind = {
	.driver = &ip_drm_panfrost,
	.check = bifrost_check,
	.build = bifrost_build,
	.kick = pan_kick_chain,
	.collect = pan_collect_chain,
	.resumable = 1,
};
