/* fake_lima.c: the fake device's lima driver (interface 1.1): its ioctls with the kernel's
 * checks and errnos, and a GP that runs a submitted frame's VS command list from GPU memory:
 * each DRAW runs the configured shader on the project's simulator over its vertices with the
 * uniform block, attribute and varying tables the earlier commands set. A GP error or a hang
 * fails the whole job (-ECANCELED, as lima's scheduler ends it) and logs what the kernel logs;
 * before Linux 6.9 it also makes the job's context guilty: its later jobs are cancelled
 * without running. */
#include <errno.h>
#include <string.h>

#include "runners/drm/drm_uapi.h"
#include "runners/drm/model_ext.h"
#include "fakedrm.h"

#define VA_START (16ull << 20)
#define VA_END 0xfff00000ull /* the top MiB is the Mali-450 DLBU's */
#define GP_FRAME_BYTES 24
#define PP_FRAME_M400 272
#define PP_FRAME_M450 312

/* GP interrupt bits the kernel's error path reports (lima_regs.h) */
#define GP_IRQ_WRITE_BOUND_ERR (1u << 9)
#define GP_IRQ_VS_INVALID_CMD (1u << 13)
#define GP_IRQ_PLB_INVALID_CMD (1u << 14)
/* the scheduler's default timeout (lima_sched.c): 500 ms, 10 s from Linux 6.9 */
#define SCHED_TIMEOUT_NS(old) ((old) ? 500 * 1000000LL : 10000 * 1000000LL)

static int get_param(struct fake_file *f, struct ip_lima_get_param *p)
{
	const struct fake_gpu *g = &f->node->gpu;
	if (p->pad)
		return -EINVAL;
	if (p->param == IP_MODEL_PARAM && fake_model_ext) {
		p->value = 1;
		return 0;
	}
	if (fake_model_ext && fake_counter(p->param, &p->value) == 0)
		return 0;
	switch (p->param) {
	case IP_LIMA_PARAM_GPU_ID: p->value = g->id2; return 0;
	case IP_LIMA_PARAM_NUM_PP: p->value = 2; return 0;
	case IP_LIMA_PARAM_GP_VERSION: p->value = g->id; return 0;
	case IP_LIMA_PARAM_PP_VERSION: p->value = (g->id & 0xffff) | 0xcd070000u; return 0;
	default: return -EINVAL;
	}
}

static int gem_create(struct fake_file *f, struct ip_lima_gem_create *c)
{
	struct fake_bo *bo;
	int rc;
	if (c->pad || (c->flags & ~IP_LIMA_BO_FLAG_HEAP) || !c->size)
		return -EINVAL;
	if ((rc = fake_bo_create(f, c->size, c->flags, 1, &bo)) != 0)
		return rc;
	c->handle = bo->handle;
	fake_trace("bo handle=%u size=%zu va=0x%llx", bo->handle, bo->size, (unsigned long long)bo->va);
	return 0;
}

static int gem_info(struct fake_file *f, struct ip_lima_gem_info *i)
{
	struct fake_bo *bo = fake_bo_lookup(f, i->handle);
	if (!bo)
		return -ENOENT;
	i->va = (uint32_t)bo->va;
	i->offset = bo->mmap_off;
	return 0;
}

static int gem_wait(struct fake_file *f, struct ip_lima_gem_wait *w)
{
	struct fake_bo *bo;
	if (w->op & ~(IP_LIMA_GEM_WAIT_READ | IP_LIMA_GEM_WAIT_WRITE))
		return -EINVAL;
	if (!(bo = fake_bo_lookup(f, w->handle)))
		return -ENOENT;
	if (!w->op)
		return 0;
	return fake_bo_wait(bo, w->timeout_ns);
}

static int ctx_create(struct fake_file *f, struct ip_lima_ctx_create *c)
{
	for (unsigned i = 0; i < 64; i++)
		if (!f->ctx_live[i]) {
			f->ctx_live[i] = ++f->ctx_next;
			c->id = f->ctx_live[i];
			return 0;
		}
	return -ENOMEM;
}

static int ctx_live(struct fake_file *f, uint32_t id)
{
	for (unsigned i = 0; i < 64; i++)
		if (id && f->ctx_live[i] == id)
			return (int)i + 1;
	return 0;
}

static int ctx_free(struct fake_file *f, struct ip_lima_ctx_free *c)
{
	int i;
	if (c->pad)
		return -EINVAL;
	if (!(i = ctx_live(f, c->id)))
		return -EINVAL;
	f->ctx_live[i - 1] = 0;
	f->ctx_guilty &= ~(1ull << (i - 1));
	return 0;
}

/* ---- the GP ---- */

struct gp {
	struct fake_file *f;
	struct fake_vm vm;
	int64_t signal_ns;
	int error;
	/* VS state set by the commands */
	uint32_t uniforms, uniform_bytes, shader, shader_bytes, info_size;
	uint32_t attrs, nattr, varys, nvary, record;
};

/* A GP error: the kernel logs it, hard-resets the GP and cancels the job. */
static void gp_error(struct gp *g, uint32_t irq, const char *why)
{
	fake_trace("  -> gp error 0x%x: %s", irq, why);
	fake_kmsg("lima: gp error irq state=%x status=%x", irq, 0x4u);
	fake_kmsg("lima: gp task error int_state=%x status=%x", irq, 0x4u);
	g->error = -ECANCELED;
}

/* A hang: the scheduler's timeout cancels the job and logs it ("lima job timeout"; from 6.9,
 * "drm/lima: standardize debug messages by ip name", "%s job timeout" with the GP's name). */
static void gp_timeout(struct gp *g)
{
	int old = fake_kernel_before(6, 9);
	fake_kmsg(old ? "lima: lima job timeout" : "lima: gp job timeout");
	g->signal_ns += fake_hang_timeout_ns(SCHED_TIMEOUT_NS(old));
	g->error = -ECANCELED;
}

/* A table of nrec entries: every entry a vec4 fp32 one record after the last, a vertex apart;
 * its memory for need bytes from the first entry. */
static uint8_t *table(struct gp *g, uint32_t va, uint32_t nrec, int varying, size_t need,
                      const char **why)
{
	const uint8_t *t = fake_gpu_ptr(&g->vm, va, 8ull * nrec, NULL);
	uint8_t *mem;
	uint32_t base;
	if (!t) {
		*why = "table outside the submission's BOs";
		return NULL;
	}
	base = fake_r32(t);
	for (uint32_t k = 0; k < nrec; k++) {
		uint32_t w = fake_r32(t + 8 * k + 4);
		if (fake_r32(t + 8 * k) != base + 16 * k || w != (256u << 11 | 3u)) {
			*why = varying ? "a varying other than vec4 fp32 at 16-byte steps with a "
			                 "256-byte vertex stride"
			               : "an attribute other than vec4 float at 16-byte steps with a "
			                 "256-byte vertex stride";
			return NULL;
		}
	}
	if (!(mem = fake_gpu_ptr(&g->vm, base, need, NULL)))
		*why = "table memory outside the submission's BOs";
	return mem;
}

/* Runs one DRAW of n vertices; returns 0, or -1 when the job stops (error, hang). */
static int draw(struct gp *g, uint32_t n)
{
	struct fake_node *node = g->f->node;
	enum fake_inject inj;
	uint32_t inj_code;
	struct fake_job j;
	struct ip_result res;
	struct fake_bo *code_bo;
	const char *why = NULL;
	uint8_t *attr, *vary, *uni;
	size_t need;
	uint64_t k = fake_next_job(&inj, &inj_code);
	memset(&j, 0, sizeof j);
	fake_trace("draw %llu vertices=%u shader=0x%x bytes=%u uniforms=0x%x/%u attributes=0x%x "
	           "varyings=0x%x record=0x%x",
	           (unsigned long long)k, n, g->shader, g->shader_bytes, g->uniforms, g->uniform_bytes,
	           g->attrs, g->varys, g->record);
	switch (inj) {
	case FAKE_RESET:
		fake_trace("  inject reset");
		fake_kmsg("lima: gp reset while draw %llu ran", (unsigned long long)k);
		g->error = -ECANCELED;
		return -1;
	case FAKE_LOST:
	case FAKE_UNPLUG:
		fake_trace("  inject %s", inj == FAKE_LOST ? "lost" : "unplug");
		fake_node_lose(node, inj);
		g->signal_ns = INT64_MAX;
		return -1;
	default: break; /* faults and hangs: the program's (below) */
	}
	if (n > FAKE_MAX_INVOCATIONS) {
		gp_error(g, GP_IRQ_VS_INVALID_CMD, "more vertices than the fake runs in one draw (a "
		                                   "limit of the fake)");
		return -1;
	}
	if (g->shader_bytes % 16 || !g->shader_bytes || g->info_size != g->shader_bytes) {
		gp_error(g, GP_IRQ_VS_INVALID_CMD, "SHADER_INFO size disagrees with SHADER_ADDRESS");
		return -1;
	}
	if (!(j.code = fake_gpu_ptr(&g->vm, g->shader, g->shader_bytes, &code_bo)) ||
	    !(uni = fake_gpu_ptr(&g->vm, g->uniforms, g->uniform_bytes, NULL))) {
		fake_kmsg("lima: mmu page fault at 0x%x from bus id 0 of type read on gp", g->shader);
		gp_error(g, GP_IRQ_WRITE_BOUND_ERR, "shader or uniforms outside the submission's BOs");
		return -1;
	}
	j.code_len = g->shader_bytes;
	j.invocations = n;
	j.uniform_regs = -1;
	need = fake_model_ext ? 1 : (size_t)n * 256;
	attr = g->nattr ? table(g, g->attrs, g->nattr, 0, need, &why) : NULL;
	vary = !why && g->nvary ? table(g, g->varys, g->nvary, 1, need, &why) : NULL;
	if (why) {
		gp_error(g, GP_IRQ_VS_INVALID_CMD, why);
		return -1;
	}
	if (fake_model_ext) {
		uint8_t *rec = g->record ? fake_gpu_ptr(&g->vm, g->record, IP_MODEL_RECORD_BYTES, NULL)
		                         : NULL;
		size_t code_bytes = g->shader_bytes;
		if (!rec || (why = fake_read_record(&g->vm, rec, &j)) != NULL) {
			gp_error(g, GP_IRQ_VS_INVALID_CMD, rec ? why : "no model record before the DRAW");
			return -1;
		}
		if (j.code_len != code_bytes ||
		    (j.role[IP_BUF_UNIFORMS].mem && j.role[IP_BUF_UNIFORMS].mem != uni) ||
		    (j.role[IP_BUF_ATTRIBUTES].mem && j.role[IP_BUF_ATTRIBUTES].mem != attr) ||
		    (j.role[IP_BUF_VARYINGS_OUT].mem && j.role[IP_BUF_VARYINGS_OUT].mem != vary)) {
			gp_error(g, GP_IRQ_VS_INVALID_CMD, "the commands disagree with the model record");
			return -1;
		}
		j.code = fake_gpu_ptr(&g->vm, g->shader, code_bytes, NULL);
		j.code_len = code_bytes;
		j.invocations = n;
	} else {
		/* the hardware's view: the whole uniform block, 16 records per vertex */
		j.role[IP_BUF_UNIFORMS] = (struct fake_role){uni, g->uniform_bytes, 0};
		if (attr)
			j.role[IP_BUF_ATTRIBUTES] = (struct fake_role){attr, need, 0};
		if (vary)
			j.role[IP_BUF_VARYINGS_OUT] = (struct fake_role){vary, need, need};
	}
	switch (fake_program_inject(inj, inj_code, j.code, j.code_len, &inj_code)) {
	case FAKE_FAULT: gp_error(g, GP_IRQ_WRITE_BOUND_ERR, "injected (FAKEDRM_INJECT)"); return -1;
	case FAKE_HANG:
		fake_trace("  -> hang: injected (FAKEDRM_INJECT)");
		gp_timeout(g);
		return -1;
	default: break;
	}
	fake_run_sim(node, &j, &res);
	switch (res.status) {
	case IP_STATUS_OK:
		fake_trace("  -> done");
		return 0;
	case IP_STATUS_TIMEOUT:
		fake_trace("  -> hang: %s", res.why ? res.why : "");
		gp_timeout(g);
		return -1;
	case IP_STATUS_FAULT:
		gp_error(g, GP_IRQ_WRITE_BOUND_ERR, res.why ? res.why : "the simulator faulted");
		return -1;
	default:
		if (!fake_model_ext) {
			gp_error(g, GP_IRQ_VS_INVALID_CMD, res.why ? res.why : "unmodeled");
			return -1;
		}
		fake_trace("  -> done, model says %s: %s",
		           res.status == IP_STATUS_UNMODELED ? "unmodeled"
		           : res.status == IP_STATUS_INVALID ? "invalid" : "runner_error",
		           res.why ? res.why : "");
		return 0;
	}
}

/* Runs the VS command list [start, end). */
static void run_vs(struct gp *g, uint32_t start, uint32_t end)
{
	uint32_t pc = start;
	unsigned steps = 0;
	while (pc < end && !g->error) {
		const uint8_t *c = fake_gpu_ptr(&g->vm, pc, 8, NULL);
		uint32_t v1, v2;
		if (!c || (pc & 7) || ++steps > 1u << 20) {
			fake_kmsg("lima: mmu page fault at 0x%x from bus id 0 of type read on gp", pc);
			gp_error(g, GP_IRQ_VS_INVALID_CMD, "command list unreadable or endless");
			return;
		}
		v1 = fake_r32(c);
		v2 = fake_r32(c + 4);
		pc += 8;
		if ((v2 & 0xffff0000u) == 0) {
			uint32_t n = (v1 >> 24) | (v2 & 0xffff) << 8;
			if (v1 & 1) {
				gp_error(g, GP_IRQ_VS_INVALID_CMD, "an indexed draw without indices");
				return;
			}
			if (draw(g, n) != 0)
				return;
		} else if ((v2 & 0xff0000ffu) == 0x10000040u) {
			g->info_size = ((v1 >> 10 & 0x3ff) + 1) * 16;
		} else if ((v2 & 0xff0000ffu) == 0x10000041u || (v2 & 0xff0000ffu) == 0x10000042u) {
			/* UNKNOWN1, VARYING_ATTRIBUTE_COUNT */
		} else if ((v2 & 0xff0000ffu) == 0x20000000u) {
			g->attrs = v1;
			g->nattr = (v2 & 0x0fffffff) >> 17;
		} else if ((v2 & 0xff0000ffu) == 0x20000008u) {
			g->varys = v1;
			g->nvary = (v2 & 0x0fffffff) >> 17;
		} else if ((v2 & 0xff000000u) == 0x30000000u) {
			g->uniforms = v1;
			g->uniform_bytes = (v2 & 0x0fffffff) >> 12;
		} else if ((v2 & 0xff000000u) == 0x40000000u) {
			g->shader = v1;
			g->shader_bytes = (v2 & 0x0fffffff) >> 12;
		} else if ((v2 & 0xff000000u) == 0x50000000u || (v2 & 0xff000000u) == 0x60000000u) {
			/* semaphores, UNKNOWN2 */
		} else if (v2 == IP_MODEL_LIMA_VS_CMD && fake_model_ext) {
			g->record = v1;
		} else if ((v2 & 0xff000000u) == 0xf0000000u) {
			pc = v1; /* CONTINUE */
		} else {
			gp_error(g, GP_IRQ_VS_INVALID_CMD, "unknown VS command");
			return;
		}
	}
}

static int gem_submit(struct fake_file *f, struct ip_lima_gem_submit *s)
{
	struct ip_lima_gem_submit_bo sb[256];
	struct fake_bo *bos[256];
	struct fake_syncobj *out = NULL;
	uint32_t frame[78];
	struct gp g;
	int rc, ctx;
	unsigned pp_size = f->node->gpu.id2 == 2 ? PP_FRAME_M450 : PP_FRAME_M400;
	if (s->pipe > IP_LIMA_PIPE_PP || s->nr_bos == 0)
		return -EINVAL;
	if (s->flags & ~IP_LIMA_SUBMIT_FLAG_EXPLICIT_FENCE)
		return -EINVAL;
	if (s->frame_size != (s->pipe == IP_LIMA_PIPE_GP ? GP_FRAME_BYTES : pp_size))
		return -EINVAL;
	if (s->nr_bos > 256)
		return -ENOMEM; /* a limit of the fake */
	if ((rc = fake_copy_in(sb, s->bos, s->nr_bos * sizeof sb[0])) != 0 ||
	    (rc = fake_copy_in(frame, s->frame, s->frame_size)) != 0)
		return rc;
	if (s->pipe == IP_LIMA_PIPE_GP) {
		/* lima_gp_task_validate: each list start <= end, and not both lists empty */
		if (frame[0] > frame[1] || frame[2] > frame[3] || frame[4] > frame[5])
			return -EINVAL;
		if (frame[0] == frame[1] && frame[2] == frame[3])
			return -EINVAL;
	}
	if (!ctx_live(f, s->ctx))
		return -ENOENT;
	for (uint32_t i = 0; i < s->nr_bos; i++)
		if (!(bos[i] = fake_bo_lookup(f, sb[i].handle)))
			return -ENOENT;
	for (int i = 0; i < 2; i++)
		if (s->in_sync[i] && !fake_syncobj_lookup(f, s->in_sync[i]))
			return -ENOENT;
	if (s->out_sync && !(out = fake_syncobj_lookup(f, s->out_sync)))
		return -ENOENT;
	fake_trace("submit fd=%d pipe=%s bos=%u vs=0x%x-0x%x plbu=0x%x-0x%x out_sync=%u", f->fd,
	           s->pipe ? "pp" : "gp", s->nr_bos, frame[0], frame[1], frame[2], frame[3],
	           s->out_sync);
	fake_count_submission();
	memset(&g, 0, sizeof g);
	g.f = f;
	g.vm.bos = bos;
	g.vm.n = s->nr_bos;
	g.signal_ns = fake_now_ns();
	ctx = ctx_live(f, s->ctx) - 1;
	if (f->ctx_guilty >> ctx & 1) {
		/* before 6.9: the scheduler skips a guilty entity's jobs, cancelled (-ECANCELED)
		 * without running (drm_sched_entity_pop_job; lima_sched_run_job) */
		fake_trace("  context %u is guilty: the job is cancelled without running", s->ctx);
		return fake_submission_end(out, bos, s->nr_bos, g.signal_ns, -ECANCELED);
	}
	if (s->pipe == IP_LIMA_PIPE_GP) {
		if (frame[2] != frame[3])
			gp_error(&g, GP_IRQ_PLB_INVALID_CMD, "the fake GP runs no PLBU command list");
		else
			run_vs(&g, frame[0], frame[1]);
	} /* a PP job: accepted, and it does nothing */
	/* before 6.9 a failed job (its timeout handler raises its karma past job_hang_limit 0)
	 * marks its context guilty (lima_ctx.c gives the scheduler the context's flag) */
	if (g.error && g.signal_ns != INT64_MAX && fake_kernel_before(6, 9)) {
		f->ctx_guilty |= 1ull << ctx;
		fake_trace("  context %u is guilty now (Linux before 6.9)", s->ctx);
	}
	return fake_submission_end(out, bos, s->nr_bos, g.signal_ns, g.error);
}

static int lima_ioctl(struct fake_file *f, unsigned nr, void *arg)
{
	switch (nr) {
	case IP_LIMA_GET_PARAM: return get_param(f, arg);
	case IP_LIMA_GEM_CREATE: return gem_create(f, arg);
	case IP_LIMA_GEM_INFO: return gem_info(f, arg);
	case IP_LIMA_GEM_SUBMIT: return gem_submit(f, arg);
	case IP_LIMA_GEM_WAIT: return gem_wait(f, arg);
	case IP_LIMA_CTX_CREATE: return ctx_create(f, arg);
	case IP_LIMA_CTX_FREE: return ctx_free(f, arg);
	default: return -EINVAL;
	}
}

/* lima_drm.h, driver 1.1: name, size, copied in, copied out (CTX_CREATE is _IOR) */
static const struct fake_ioctl ioctls[] = {
	{"LIMA_GET_PARAM", 16, 1, 1},  {"LIMA_GEM_CREATE", 16, 1, 1}, {"LIMA_GEM_INFO", 16, 1, 1},
	{"LIMA_GEM_SUBMIT", 48, 1, 0}, {"LIMA_GEM_WAIT", 16, 1, 0},   {"LIMA_CTX_CREATE", 8, 0, 1},
	{"LIMA_CTX_FREE", 8, 1, 0},
};

const struct fake_driver fake_lima = {
	.name = "lima",
	.date = "20191231",
	.desc = "lima DRM",
	.major = 1,
	.minor = 1,
	.patch = 0,
	.ioctls = ioctls,
	.nioctls = sizeof ioctls / sizeof ioctls[0],
	.ioctl = lima_ioctl,
	.va_start = VA_START,
	.va_end = VA_END,
};
