/* lima_gp.c: Utgard GP (Mali-200/400/450 vertex processor) jobs on lima: a batch is one GP
 * job whose VS command list draws each variant in turn (a VS-only frame: the PLBU list is
 * empty), with the uniform block, the attribute and varying tables of 16 vec4 records per
 * vertex the simulator's roles correspond to (docs/drm-runner.md, "Utgard GP"). The GP says
 * nothing per draw: a failed job fails every draw in it. */
#include <string.h>

#include "drm_lima.h"
#include "drm_job.h"
#include "isaprobe/field.h"
#include "isaprobe/isa.h"

#define GP_INSTR_BYTES 16
#define GP_MAX_INSTRS 1024 /* SHADER_INFO holds the instruction count - 1 in 10 bits */
#define GP_RECORDS 16      /* attributes and varyings per vertex */
#define GP_RECORD_BYTES 16
#define GP_CODE_ALIGN 64
#define GP_CMD_BYTES 8
/* commands per draw: 2 semaphores, uniforms, shader, info, counts, unknown, attributes,
 * varyings, model record, draw, unknown, semaphore */
#define GP_CMDS_PER_DRAW 13

static uint32_t invocations(const struct ip_job *job)
{
	return job->limits.invocations ? job->limits.invocations : 1;
}

static const char *gp_check(const struct ip_drm_dev *dev, const struct ip_job *job,
                            const struct ip_result *res, struct ip_drm_sizes *sz)
{
	const struct ip_buf *u = ip_job_input(job, IP_BUF_UNIFORMS);
	size_t min[IP_BUF_ROLE_COUNT] = {0};
	uint32_t n = invocations(job);
	if (!job->code_len || job->code_len % GP_INSTR_BYTES)
		return "code is not a whole number of 16-byte instructions";
	if (job->code_len / GP_INSTR_BYTES > GP_MAX_INSTRS)
		return "more than 1024 instructions (the VS command list's shader size field)";
	if (u && u->len > 0xfff0)
		return "uniform block larger than the VS command list's 16-bit size";
	if (n > 0xffffff)
		return "more than 2^24 - 1 vertices in one draw";
	if (!dev->model_ext && (ip_job_input(job, IP_BUF_REGISTERS) ||
	                        ip_drm_result_cap(res, IP_BUF_REGISTERS)))
		return "the registers role is simulator-only: a GPU's register file cannot be set or "
		       "read from outside the shader (observe the varyings the program stores)";
	min[IP_BUF_ATTRIBUTES] = min[IP_BUF_VARYINGS_OUT] = (size_t)n * GP_RECORDS * GP_RECORD_BYTES;
	min[IP_BUF_UNIFORMS] = GP_RECORD_BYTES;
	sz->code = job->code_len + GP_CODE_ALIGN;
	sz->desc = GP_CMDS_PER_DRAW * GP_CMD_BYTES + 2 * GP_RECORDS * 8 + 2 * 64;
	sz->data = ip_drm_roles_bytes(dev, job, res, min);
	return NULL;
}

/* The index of the last instruction whose register 0 unit loads an attribute: the SHADER_INFO
 * prefetch (Mesa's lima compiler computes it so). */
static uint32_t prefetch(const struct ip_job *job)
{
	const struct ip_isa *isa = ip_isa_find("utgard_gp");
	const struct ip_field *f = isa ? ip_format_field(isa->formats[0], "reg0_attr") : NULL;
	uint32_t last = 0;
	for (size_t i = 0; f && i < job->code_len / GP_INSTR_BYTES; i++) {
		ip_word w = ip_word_from_bytes(job->code + i * GP_INSTR_BYTES, GP_INSTR_BYTES);
		if (ip_field_get(f, &w))
			last = (uint32_t)i;
	}
	return last;
}

static uint8_t *cmd(uint8_t *p, uint32_t v1, uint32_t v2)
{
	ip_put_le32(p, v1);
	ip_put_le32(p + 4, v2);
	return p + GP_CMD_BYTES;
}

/* An attribute or varying table: GP_RECORDS entries of vec4 fp32 with a stride of one vertex. */
static int emit_table(struct ip_drm_batch *b, const struct ip_drm_region *g, uint64_t *va)
{
	uint8_t *t;
	if (ip_drm_arena_alloc(&b->desc, GP_RECORDS * 8, 64, va, &t))
		return -1;
	for (unsigned k = 0; k < GP_RECORDS; k++) {
		/* address, then stride << 11 | type 0 (float) << 2 | components - 1 */
		ip_put_le32(t + 8 * k, (uint32_t)(g->va + (uint64_t)k * GP_RECORD_BYTES));
		ip_put_le32(t + 8 * k + 4, (GP_RECORDS * GP_RECORD_BYTES) << 11 | 3u);
	}
	return 0;
}

static int gp_build(struct ip_drm_batch *b)
{
	uint64_t list_va;
	uint8_t *list, *p;
	if (ip_drm_arena_alloc(&b->desc, b->n * GP_CMDS_PER_DRAW * GP_CMD_BYTES, 64, &list_va, &list))
		return -1;
	p = list;
	for (size_t i = 0; i < b->n; i++) {
		struct ip_drm_slot *s = b->slots[i];
		const struct ip_job *job = s->job;
		size_t min[IP_BUF_ROLE_COUNT] = {0};
		uint32_t n = invocations(job), usize;
		uint32_t code = (uint32_t)job->code_len;
		uint64_t attr_va, vary_va;
		min[IP_BUF_ATTRIBUTES] = min[IP_BUF_VARYINGS_OUT] = (size_t)n * GP_RECORDS * GP_RECORD_BYTES;
		min[IP_BUF_UNIFORMS] = GP_RECORD_BYTES;
		/* temporaries are stored into the uniform block: never share it between draws */
		if (ip_drm_place_code(b, s, GP_CODE_ALIGN, 0) ||
		    ip_drm_place_roles(b, s, min, 1u << IP_BUF_UNIFORMS) ||
		    emit_table(b, &s->role[IP_BUF_ATTRIBUTES], &attr_va) ||
		    emit_table(b, &s->role[IP_BUF_VARYINGS_OUT], &vary_va))
			return -1;
		usize = (uint32_t)(s->role[IP_BUF_UNIFORMS].in_len + 15) / 16 * 16;
		if (!usize)
			usize = GP_RECORD_BYTES;
		s->desc_va = list_va + (uint64_t)(p - list);
		s->desc = p;
		p = cmd(p, 0x00028000, 0x50000000); /* semaphore begin 1 and 2 (a non-indexed draw) */
		p = cmd(p, 0x00000001, 0x50000000);
		p = cmd(p, (uint32_t)s->role[IP_BUF_UNIFORMS].va, 0x30000000u | usize << 12);
		p = cmd(p, (uint32_t)s->code_va, 0x40000000u | code << 12);
		p = cmd(p, prefetch(job) << 20 | (code / GP_INSTR_BYTES - 1) << 10, 0x10000040);
		p = cmd(p, (GP_RECORDS - 1) << 8 | (GP_RECORDS - 1u) << 24, 0x10000042);
		p = cmd(p, 0x00000003, 0x10000041);
		p = cmd(p, (uint32_t)attr_va, 0x20000000u | GP_RECORDS << 17);
		p = cmd(p, (uint32_t)vary_va, 0x20000008u | GP_RECORDS << 17);
		if (b->dev->model_ext)
			p = cmd(p, (uint32_t)s->rec_va, IP_MODEL_LIMA_VS_CMD);
		p = cmd(p, n << 24, n >> 8); /* draw n vertices, not indexed */
		p = cmd(p, 0x00000000, 0x60000000);
		p = cmd(p, 0x00000000, 0x50000000); /* semaphore end */
	}
	b->list_va = list_va;
	b->list_end = list_va + (uint64_t)(p - list);
	return 0;
}

static int gp_kick(struct ip_drm_batch *b, size_t from)
{
	struct ip_drm_lima_submit sub;
	struct ip_lima_gem_submit_bo bos[3];
	(void)from; /* not resumable: always the whole list */
	memset(&sub, 0, sizeof sub);
	sub.frame.vs_cmd_start = (uint32_t)b->list_va;
	sub.frame.vs_cmd_end = (uint32_t)b->list_end;
	bos[0] = (struct ip_lima_gem_submit_bo){b->code.bo.handle, IP_LIMA_SUBMIT_BO_READ};
	bos[1] = (struct ip_lima_gem_submit_bo){b->desc.bo.handle, IP_LIMA_SUBMIT_BO_READ};
	bos[2] = (struct ip_lima_gem_submit_bo){b->data.bo.handle,
	                                        IP_LIMA_SUBMIT_BO_READ | IP_LIMA_SUBMIT_BO_WRITE};
	sub.bos = bos;
	sub.nbos = 3;
	return b->dev->drv->submit(b->dev, &sub);
}

static void gp_collect(struct ip_drm_batch *b, size_t from, enum ip_drm_fence fence)
{
	if (fence == IP_DRM_FENCE_OK)
		for (size_t i = from; i < b->n; i++)
			b->slots[i]->state = IP_DRM_SLOT_DONE;
}

/* Named in the ISA's descriptor (encoders/<isa>/<isa>_isa.c, `.drm_kind`). */
const struct ip_drm_jobkind ip_drm_utgard_gp_kind = {
	.driver = &ip_drm_lima,
	.check = gp_check,
	.build = gp_build,
	.kick = gp_kick,
	.collect = gp_collect,
	.resumable = 0,
};
