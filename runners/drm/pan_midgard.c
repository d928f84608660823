/* pan_midgard.c: Midgard (Mali T6xx-T8xx, genxml v4/v5) jobs on panfrost: each variant is a
 * vertex job running the program over the job's invocations, with the descriptors the
 * Midgard simulator's roles correspond to (docs/drm-runner.md, "Midgard"): uniforms as UBO 0
 * and as the preloaded uniform registers, attributes and varyings as one table each of 16-byte
 * RGBA32F slots per vertex. */
#include <string.h>

#include "pan_jobs.h"

/* The shader is followed by 16 zero bytes: a shader ending on a 16 MiB boundary faults with
 * INSTR_INVALID_PC otherwise (the fix Mesa's Midgard compiler applies). */
#define MIDGARD_CODE_PAD 16
#define MIDGARD_CODE_ALIGN 64

/* The tables a GPU's stores may write, whether or not the job observes them. */
#define GPU_WRITABLE                                                                         \
	(1u << IP_BUF_ATTRIBUTES | 1u << IP_BUF_VARYINGS_IN | 1u << IP_BUF_VARYINGS_OUT |      \
	 1u << IP_BUF_GLOBAL)

/* r0-r23 hold work and uniform registers; uniform k is r(23 - k). */
#define MIDGARD_REGS 24
/* Mesa's Midgard compiler gives a shader at most 16 work registers, fewer when more than 8
 * uniform registers are preloaded (midgard_ra.c: 16 - max(uniforms - 8, 0)). */
#define MESA_WORK_REGS 16

static uint32_t invocations(const struct ip_job *job)
{
	return job->limits.invocations ? job->limits.invocations : 1;
}

static unsigned uniform_regs(const struct ip_job *job)
{
	const struct ip_buf *u = ip_job_input(job, IP_BUF_UNIFORMS);
	if (job->uniform_regs >= 0)
		return (unsigned)job->uniform_regs;
	return u && u->len / 16 < 16 ? (unsigned)(u->len / 16) : u ? 16 : 0;
}

/* The renderer state's work register count: Mesa's, unless the job plants or observes the
 * register file (the simulator's 24 registers, r0-r23, hold work and uniform registers). */
static unsigned work_regs(const struct ip_job *job, const struct ip_result *res, unsigned ur)
{
	if (ip_job_input(job, IP_BUF_REGISTERS) || ip_drm_result_cap(res, IP_BUF_REGISTERS))
		return MIDGARD_REGS - ur;
	return ur > 8 ? MESA_WORK_REGS - (ur - 8) : MESA_WORK_REGS;
}

/* A table's per-vertex block as the simulator cuts it: the bytes divided among the vertices,
 * rounded down to 16 (a slot). */
static size_t block_of(size_t len, uint32_t n)
{
	return len / n / 16 * 16;
}

static size_t table_len(const struct ip_job *job, const struct ip_result *res, enum ip_buf_role r)
{
	const struct ip_buf *in = ip_job_input(job, r);
	size_t cap = ip_drm_result_cap(res, r), len = in ? in->len : 0;
	return cap > len ? cap : len;
}

/* The block a table's descriptors use: the read side's when it has one. */
static size_t table_block(const struct ip_job *job, const struct ip_result *res, enum ip_buf_role r)
{
	const struct ip_buf *in = ip_job_input(job, r);
	uint32_t n = invocations(job);
	return in ? block_of(in->len, n) : block_of(ip_drm_result_cap(res, r), n);
}

/* The role the hardware's varying table is: the write side when there is one. */
static enum ip_buf_role varying_role(const struct ip_job *job, const struct ip_result *res)
{
	if (ip_drm_result_cap(res, IP_BUF_VARYINGS_OUT) || ip_job_input(job, IP_BUF_VARYINGS_OUT))
		return IP_BUF_VARYINGS_OUT;
	return IP_BUF_VARYINGS_IN;
}

static const char *midgard_check(const struct ip_drm_dev *dev, const struct ip_job *job,
                                  const struct ip_result *res, struct ip_drm_sizes *sz)
{
	const struct ip_buf *u = ip_job_input(job, IP_BUF_UNIFORMS);
	size_t min[IP_BUF_ROLE_COUNT] = {0};
	size_t attr_slots, vary_slots;
	uint32_t n = invocations(job);
	if (!job->code_len)
		return "no code";
	if (job->uniform_regs > 16)
		return "uniform_regs above 16: the renderer state preloads at most 16 uniform registers";
	if (u && (u->len + 15) / 16 > 4096)
		return "uniform buffer larger than a uniform buffer descriptor holds (64 KiB)";
	if (!dev->model_ext) {
		const struct ip_buf *ain = ip_job_input(job, IP_BUF_ATTRIBUTES);
		size_t acap = ip_drm_result_cap(res, IP_BUF_ATTRIBUTES);
		if (ip_job_input(job, IP_BUF_REGISTERS) || ip_drm_result_cap(res, IP_BUF_REGISTERS))
			return "the registers role is simulator-only: a GPU's register file cannot be "
			       "set or read from outside the shader (observe what the program stores)";
		if (ip_job_input(job, IP_BUF_VARYINGS_IN) &&
		    (ip_job_input(job, IP_BUF_VARYINGS_OUT) || ip_drm_result_cap(res, IP_BUF_VARYINGS_OUT)))
			return "varyings_in and varyings_out in one job: the GPU has one varying table";
		if (ain && acap && block_of(ain->len, n) != block_of(acap, n))
			return "attributes input and output of different sizes: the GPU has one "
			       "attribute table per job";
	}
	min[IP_BUF_UNIFORMS] = (size_t)uniform_regs(job) * 16;
	attr_slots = table_block(job, res, IP_BUF_ATTRIBUTES) / 16;
	vary_slots = table_block(job, res, varying_role(job, res)) / 16;
	if (attr_slots > 0xffff || vary_slots > 0xffff)
		return "more than 65535 attribute or varying slots per vertex";
	sz->code = job->code_len + MIDGARD_CODE_PAD + MIDGARD_CODE_ALIGN;
	sz->desc = PAN_JOB_BYTES + 64 + PAN_LS_BYTES + 64 + PAN_RSD_BYTES + 64 + 16 +
	           2 * (PAN_ATTRIBUTE_BUFFER_BYTES + 32) + (attr_slots + vary_slots) * 8 + 16;
	sz->data = ip_drm_roles_bytes(dev, job, res, min);
	return NULL;
}

/* An attribute (or varying) buffer for a table and one RGBA32F attribute per 16-byte slot. */
static int emit_table(struct ip_drm_batch *b, const struct ip_drm_region *g, size_t block,
                      size_t len, uint64_t *buf_va, uint64_t *attr_va, size_t *slots)
{
	uint8_t *buf, *attr;
	*slots = block / 16;
	*buf_va = *attr_va = 0;
	if (!g->size || !*slots)
		return 0;
	if (ip_drm_arena_alloc(&b->desc, PAN_ATTRIBUTE_BUFFER_BYTES, 32, buf_va, &buf) ||
	    ip_drm_arena_alloc(&b->desc, *slots * PAN_ATTRIBUTE_BYTES, 8, attr_va, &attr))
		return -1;
	ip_put_le64(buf, g->va | 1u); /* type 1D: address + vertex * stride */
	ip_put_le32(buf + 8, (uint32_t)block);
	ip_put_le32(buf + 12, (uint32_t)len);
	for (size_t k = 0; k < *slots; k++) {
		/* buffer 0, offset enabled, RGBA32F, offset 16 k */
		ip_put_le32(attr + 8 * k, 0u | 1u << 9 | PAN_FORMAT_RGBA32F_V6 << 10);
		ip_put_le32(attr + 8 * k + 4, (uint32_t)(16 * k));
	}
	return 0;
}

static int midgard_build(struct ip_drm_batch *b)
{
	for (size_t i = 0; i < b->n; i++) {
		struct ip_drm_slot *s = b->slots[i];
		const struct ip_job *job = s->job;
		size_t min[IP_BUF_ROLE_COUNT] = {0};
		unsigned ur = uniform_regs(job);
		enum ip_buf_role vr = varying_role(job, s->res);
		uint32_t n = invocations(job);
		const uint32_t local[3] = {1, 1, 1}, groups[3] = {1, n, 1};
		struct pan_job j = {0};
		size_t attr_slots, vary_slots;
		uint8_t *rsd;
		int writes;
		min[IP_BUF_UNIFORMS] = (size_t)ur * 16;
		/* on a GPU a store can land in any table: a table is never shared between jobs there */
		if (ip_drm_place_code(b, s, MIDGARD_CODE_ALIGN, MIDGARD_CODE_PAD) ||
		    ip_drm_place_roles(b, s, min, b->dev->model_ext ? 0 : GPU_WRITABLE))
			return -1;
		if (emit_table(b, &s->role[IP_BUF_ATTRIBUTES],
		               table_block(job, s->res, IP_BUF_ATTRIBUTES),
		               table_len(job, s->res, IP_BUF_ATTRIBUTES), &j.attribute_buffers,
		               &j.attributes, &attr_slots) ||
		    emit_table(b, &s->role[vr], table_block(job, s->res, vr), table_len(job, s->res, vr),
		               &j.varying_buffers, &j.varyings, &vary_slots))
			return -1;
		if (s->role[IP_BUF_UNIFORMS].size) {
			if (pan_emit_ubo(b, &s->role[IP_BUF_UNIFORMS], &j.ubos))
				return -1;
			j.push = s->role[IP_BUF_UNIFORMS].va;
		}
		if (ip_drm_arena_alloc(&b->desc, PAN_RSD_BYTES, 64, &j.rsd, &rsd))
			return -1;
		/* the shader pointer's low nibble is the first word's tag */
		ip_put_le64(rsd, s->code_va | (job->code[0] & 0xfu));
		ip_put_le32(rsd + 12, (uint32_t)attr_slots | (uint32_t)vary_slots << 16);
		writes = ip_drm_result_cap(s->res, IP_BUF_ATTRIBUTES) || s->role[IP_BUF_VARYINGS_OUT].size;
		ip_put_le32(rsd + 16, (s->role[IP_BUF_UNIFORMS].size ? 1u : 0u) |
		                          (uint32_t)writes << 13 |
		                          (uint32_t)work_regs(job, s->res, ur) << 16 |
		                          (uint32_t)ur << 21);
		j.type = PAN_JOB_VERTEX;
		pan_pack_invocation_graphics(local, groups, j.invocation);
		j.task_split = 5;
		j.draw_word0 = 0x7; /* four components, 64-bit draw and texture descriptors */
		if (pan_emit_job(b, i, &j))
			return -1;
	}
	return 0;
}

/* Named in the ISA's descriptor (encoders/<isa>/<isa>_isa.c, `.drm_kind`). */
const struct ip_drm_jobkind ip_drm_midgard_kind = {
	.driver = &ip_drm_panfrost,
	.check = midgard_check,
	.build = midgard_build,
	.kick = pan_kick_chain,
	.collect = pan_collect_chain,
	.resumable = 1,
};
