/* fake_msm.c: the fake device's msm driver (interface 1.9, an Adreno a3xx): its ioctls with the
 * kernel's checks and errnos, submit queues with their fences and fault counts, and a command
 * processor that runs a submission's PM4 command buffer from GPU memory: register writes, shader
 * and const loads, and each auto-indexed point draw runs the loaded vertex shader on the a3xx
 * simulator. The GPU's state outlives submissions: registers, the shader and const state memory
 * and the instruction cache keep what the last draw left (hostile values at first and after a
 * reset), and a draw whose registers are not what Mesa's fd3 writes hangs. As on a3xx, an IOMMU
 * fault is logged and the GPU goes on; a hang (a program that never ends, a command the CP
 * cannot run) is found by the hangcheck, which skips the rest of the submission, signals its
 * fence without an error and counts a fault on the queue. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runners/drm/a3xx_pm4.h"
#include "runners/drm/model_ext.h"
#include "runners/drm/msm_uapi.h"
#include "fakedrm.h"
#include "isaprobe/a3xx_sim.h"

#define VA_START (16ull << 20)
#define VA_END 0xfff00000ull /* a3xx iovas are 32 bits */
#define MAX_QUEUES 64
#define FENCE_RING 16
#define GMEM_BYTES(id) ((id) == 307 ? 128u << 10 : (id) == 330 ? 1u << 20 : 512u << 10)

/* A submit queue: its fences in order (the last FENCE_RING kept) and its recovered hangs. */
struct queue {
	int live;
	uint32_t id;
	uint32_t seqno;     /* the last fence given out */
	uint32_t faults;
	int64_t last_signal;
	struct {
		uint32_t seqno;
		struct fake_fence *fence;
	} ring[FENCE_RING];
};

struct msm_file {
	struct queue q[MAX_QUEUES]; /* q[0]: queue 0, which always exists */
	uint32_t next_id;
};

static uint32_t global_faults; /* hangs recovered on the GPU, whoever's */

#define STATE_UNITS 256u       /* shader state memory: 256 units of 256 bits (fd3_program.c) */
#define CONST_VEC4 512u        /* the const file a CP_LOAD_STATE can reach (1023 dword pairs) */
#define ICACHE_LINES 64        /* programs the instruction cache keeps (a limit of the fake) */

/* What the GPU holds between submissions. */
struct gpu_state {
	uint32_t regs[A3XX_REG_COUNT];
	uint8_t shader_mem[STATE_UNITS * A3XX_INSTR_UNIT_BYTES]; /* BUFFER mode runs from it */
	uint8_t consts[CONST_VEC4 * 16];
	struct {
		uint32_t addr, len;
		uint8_t *bytes;
	} icache[ICACHE_LINES];     /* CACHE mode: programs fetched from memory, by address */
	unsigned icache_next;
	/* Without the model extension: the shader's register files as the last draw left them
	 * (nothing public says what a3xx registers hold when a shader starts; Mesa's ir3 never
	 * reads one it did not write): the fake's choice, which shows a program, or a harness,
	 * that reads a register it did not write. And the simulator that runs the draws. */
	uint8_t shader_regs[A3XX_REGS_BYTES];
	void *sim;
};

/* Deliberately hostile contents: what an unknown earlier user (or the reset) left. */
static void gpu_scramble(struct gpu_state *g)
{
	uint32_t x = 0x2545f491u;
	for (size_t i = 0; i < A3XX_REG_COUNT; i++) {
		x ^= x << 13, x ^= x >> 17, x ^= x << 5;
		g->regs[i] = x;
	}
	for (size_t i = 0; i + 4 <= sizeof g->consts; i += 4) {
		x ^= x << 13, x ^= x >> 17, x ^= x << 5;
		fake_w32(g->consts + i, x);
	}
	for (size_t i = 0; i + 4 <= sizeof g->shader_mem; i += 4) {
		x ^= x << 13, x ^= x >> 17, x ^= x << 5;
		fake_w32(g->shader_mem + i, x);
	}
	for (size_t i = 0; i + 4 <= sizeof g->shader_regs; i += 4) {
		x ^= x << 13, x ^= x >> 17, x ^= x << 5;
		fake_w32(g->shader_regs + i, x);
	}
	for (unsigned i = 0; i < ICACHE_LINES; i++) {
		free(g->icache[i].bytes);
		g->icache[i].bytes = NULL;
		g->icache[i].len = 0;
	}
}

static struct gpu_state *gpu_of(struct fake_node *n)
{
	if (!n->gpu_state && (n->gpu_state = calloc(1, sizeof(struct gpu_state))) != NULL)
		gpu_scramble(n->gpu_state);
	return n->gpu_state;
}

static struct msm_file *priv(struct fake_file *f)
{
	return f->priv;
}

static void msm_open(struct fake_file *f)
{
	struct msm_file *m = calloc(1, sizeof *m);
	if (m) {
		m->q[0].live = 1;
		m->next_id = 1;
	}
	f->priv = m;
}

static void msm_close(struct fake_file *f)
{
	struct msm_file *m = priv(f);
	if (!m)
		return;
	for (unsigned i = 0; i < MAX_QUEUES; i++)
		for (unsigned k = 0; k < FENCE_RING; k++)
			fake_fence_put(m->q[i].ring[k].fence);
	free(m);
	f->priv = NULL;
}

static struct queue *queue_of(struct fake_file *f, uint32_t id)
{
	struct msm_file *m = priv(f);
	for (unsigned i = 0; m && i < MAX_QUEUES; i++)
		if (m->q[i].live && m->q[i].id == id)
			return &m->q[i];
	return NULL;
}

/* ---- ioctls ---- */

static int get_param(struct fake_file *f, struct ip_msm_param *p)
{
	const struct fake_gpu *g = &f->node->gpu;
	if (p->pipe != IP_MSM_PIPE_3D0 || p->pad || p->len)
		return -EINVAL;
	if (p->param == IP_MODEL_PARAM && fake_model_ext) {
		p->value = 1;
		return 0;
	}
	if (fake_model_ext && fake_counter(p->param, &p->value) == 0)
		return 0;
	switch (p->param) {
	case IP_MSM_PARAM_GPU_ID: p->value = g->id; return 0;
	case IP_MSM_PARAM_GMEM_SIZE: p->value = GMEM_BYTES(g->id); return 0;
	case IP_MSM_PARAM_CHIP_ID: p->value = g->id2; return 0;
	case IP_MSM_PARAM_MAX_FREQ: p->value = 450000000; return 0;
	case IP_MSM_PARAM_FAULTS: p->value = global_faults; return 0;
	default: return -EINVAL;
	}
}

static int set_param(struct ip_msm_param *p)
{
	if (p->pipe != IP_MSM_PIPE_3D0 || p->pad)
		return -EINVAL;
	return -EINVAL; /* SYSPROF, COMM, CMDLINE: nothing the runner sets, none emulated */
}

static int gem_new(struct fake_file *f, struct ip_msm_gem_new *c)
{
	struct fake_bo *bo;
	uint32_t cache = c->flags & 0x000f0000u;
	int rc;
	if (c->flags & ~(0x1u | IP_MSM_BO_GPU_READONLY | 0x000f0000u) || !c->size ||
	    c->size > (1ull << 31))
		return -EINVAL;
	/* exactly one cache mode: cached, write-combined or uncached */
	if (cache != IP_MSM_BO_CACHED && cache != IP_MSM_BO_WC && cache != 0x00040000u)
		return -EINVAL;
	if ((rc = fake_bo_create(f, (size_t)c->size, c->flags, 1, &bo)) != 0)
		return rc;
	c->handle = bo->handle;
	fake_trace("bo handle=%u size=%zu va=0x%llx", bo->handle, bo->size, (unsigned long long)bo->va);
	return 0;
}

static int gem_info(struct fake_file *f, struct ip_msm_gem_info *i)
{
	struct fake_bo *bo;
	if (i->pad)
		return -EINVAL;
	if (i->info != IP_MSM_INFO_GET_OFFSET && i->info != IP_MSM_INFO_GET_IOVA)
		return -EINVAL; /* names, flags, SET_IOVA: not emulated */
	if (i->len)
		return -EINVAL; /* value parameters carry no length */
	if (!(bo = fake_bo_lookup(f, i->handle)))
		return -ENOENT;
	i->value = i->info == IP_MSM_INFO_GET_IOVA ? bo->va : bo->mmap_off;
	return 0;
}

static int64_t deadline_of(const struct ip_msm_timespec *t)
{
	if (t->tv_sec < 0 || t->tv_nsec < 0 || t->tv_sec > INT64_MAX / 1000000000 - 1)
		return t->tv_sec < 0 ? 0 : INT64_MAX;
	return t->tv_sec * 1000000000 + t->tv_nsec;
}

static int cpu_prep(struct fake_file *f, struct ip_msm_gem_cpu_prep *p)
{
	struct fake_bo *bo;
	int rc;
	if (p->op & ~(IP_MSM_PREP_READ | IP_MSM_PREP_WRITE | IP_MSM_PREP_NOSYNC | 0x8u))
		return -EINVAL;
	if (!(bo = fake_bo_lookup(f, p->handle)))
		return -ENOENT;
	rc = fake_bo_wait(bo, p->op & IP_MSM_PREP_NOSYNC ? 0 : deadline_of(&p->timeout));
	return rc;
}

static int cpu_fini(struct fake_file *f, struct ip_msm_gem_cpu_fini *p)
{
	return fake_bo_lookup(f, p->handle) ? 0 : -ENOENT;
}

static int madvise(struct fake_file *f, uint32_t *a)
{
	/* handle, madv (0 WILLNEED, 1 DONTNEED), retained (out) */
	if (a[1] > 1)
		return -EINVAL;
	if (!fake_bo_lookup(f, a[0]))
		return -ENOENT;
	a[2] = 1;
	return 0;
}

static int queue_new(struct fake_file *f, struct ip_msm_submitqueue *q)
{
	struct msm_file *m = priv(f);
	if (!m)
		return -ENOMEM;
	if (q->flags || q->prio > 0) /* one ring: priority 0 only */
		return -EINVAL;
	for (unsigned i = 1; i < MAX_QUEUES; i++)
		if (!m->q[i].live) {
			memset(&m->q[i], 0, sizeof m->q[i]);
			m->q[i].live = 1;
			m->q[i].id = m->next_id++;
			q->id = m->q[i].id;
			return 0;
		}
	return -ENOMEM;
}

static int queue_close(struct fake_file *f, uint32_t *id)
{
	struct queue *q = *id ? queue_of(f, *id) : NULL;
	if (!q)
		return -ENOENT;
	for (unsigned k = 0; k < FENCE_RING; k++)
		fake_fence_put(q->ring[k].fence);
	memset(q, 0, sizeof *q);
	return 0;
}

static int queue_query(struct fake_file *f, struct ip_msm_submitqueue_query *a)
{
	struct queue *q;
	if (a->pad || a->param != IP_MSM_SUBMITQUEUE_PARAM_FAULTS)
		return -EINVAL;
	if (!(q = queue_of(f, a->id)))
		return -ENOENT;
	if (!a->data) {
		a->len = sizeof q->faults;
		return 0;
	}
	return fake_copy_out(a->data, &q->faults, a->len < sizeof q->faults ? a->len : sizeof q->faults);
}

static int wait_fence(struct fake_file *f, struct ip_msm_wait_fence *w)
{
	struct queue *q;
	struct fake_fence *fe = NULL;
	int rc;
	if (w->flags & ~1u)
		return -EINVAL;
	if (!(q = queue_of(f, w->queueid)))
		return -ENOENT;
	if (w->fence > q->seqno)
		return -EINVAL; /* "waiting on invalid fence" */
	/* fences signal in order: the oldest one kept stands for those before it */
	for (unsigned k = 0; k < FENCE_RING; k++)
		if (q->ring[k].fence && q->ring[k].seqno >= w->fence &&
		    (!fe || q->ring[k].fence->signal_ns < fe->signal_ns))
			fe = q->ring[k].fence;
	rc = fake_fence_wait(fe, deadline_of(&w->timeout));
	return rc == -EBUSY ? -ETIMEDOUT : rc;
}

/* ---- the command processor ---- */

struct cp {
	struct fake_file *f;
	struct queue *q;
	struct fake_vm vm;
	struct gpu_state *gpu;
	uint32_t *regs;            /* the GPU's A3XX_REG_COUNT registers */
	uint32_t consts, const_units, record; /* this submission's last const load */
	int hung;
	int64_t signal_ns;
	uint32_t seqno;
};

/* The hangcheck finds the ring stopped: it logs, resets the GPU, skips the rest of the
 * submission and counts a fault on its queue. */
static void hang(struct cp *c, const char *why)
{
	fake_trace("  -> hang: %s", why);
	fake_kmsg("msm: hangcheck detected gpu lockup rb 0!");
	fake_kmsg("msm:     completed fence: %u", c->seqno - 1);
	fake_kmsg("msm:     submitted fence: %u", c->seqno);
	fake_kmsg("msm: hangcheck recover!");
	c->signal_ns += fake_sched_timeout_ns;
	c->hung = 1;
	c->q->faults++;
	global_faults++;
	gpu_scramble(c->gpu); /* recover resets the GPU: its state is not the draw's any more */
}

/* The state the draw reads, against what Mesa's fd3 writes for it (a3xx_pm4.h): a register the
 * stream did not write keeps what the last user of the GPU left. NULL, or why not (buf). */
static const char *state_check(const uint32_t *r, uint32_t units, uint32_t consts, char *buf,
                               size_t len)
{
	uint32_t ctrl0 = r[A3XX_SP_VS_CTRL_REG0], hlsq1 = r[A3XX_HLSQ_CONTROL_1_REG];
	const uint32_t mode = 0xfff0u | A3XX_SP_CTRL_BUFFER | A3XX_SP_CTRL_CACHEINVALID;
	struct a3xx_reg_value want[3] = {
		{A3XX_HLSQ_VS_CONTROL_REG, a3xx_hlsq_vs_control(units, consts)},
		{A3XX_SP_VS_CTRL_REG1, a3xx_sp_vs_ctrl1(consts)},
		{A3XX_SP_VS_LENGTH_REG, units},
	};
	/* the SP's thread size and superthreads are the HLSQ's (fd3_program.c keeps them so) */
	if ((ctrl0 >> 20 & 1) != (hlsq1 >> 6 & 3) || (ctrl0 >> 21 & 1) != (hlsq1 >> 8 & 1)) {
		snprintf(buf, len, "SP_VS_CTRL_REG0's thread size or superthreads (0x%08x) are not "
		                   "HLSQ_CONTROL_1's (0x%08x)", ctrl0, hlsq1);
		return buf;
	}
	/* the footprints are the program's, the buffer mode is modelled (program_of) */
	if ((ctrl0 & ~mode) != (a3xx_sp_vs_ctrl0(units, 0) & ~mode)) {
		snprintf(buf, len, "SP_VS_CTRL_REG0 is 0x%08x: not a multi-threaded program of %u "
		                   "units", ctrl0, units);
		return buf;
	}
	for (size_t i = 0; i < A3XX_VS_DRAW_STATE_COUNT + 3; i++) {
		const struct a3xx_reg_value *v =
			i < A3XX_VS_DRAW_STATE_COUNT ? &a3xx_vs_draw_state[i] : &want[i - A3XX_VS_DRAW_STATE_COUNT];
		if (r[v->reg] != v->value) {
			snprintf(buf, len, "register 0x%04x is 0x%08x, not the 0x%08x fd3 writes for it",
			         v->reg, r[v->reg], v->value);
			return buf;
		}
	}
	return NULL;
}

/* The program the draw runs: BUFFER mode runs what CP_LOAD_STATE put in the state memory;
 * CACHE mode fetches from SP_VS_OBJ_START_REG through the instruction cache, whose line for
 * that address is used again unless CACHEINVALID is set (adreno_common.xml: "when CACHE mode,
 * also set CACHEINVALID flag!"). NULL: the fetch is outside the submission's BOs. */
static const uint8_t *program_of(struct cp *c, uint32_t units)
{
	struct gpu_state *g = c->gpu;
	uint32_t ctrl0 = c->regs[A3XX_SP_VS_CTRL_REG0], addr = c->regs[A3XX_SP_VS_OBJ_START_REG];
	uint32_t len = units * A3XX_INSTR_UNIT_BYTES;
	const uint8_t *mem;
	unsigned line;
	if (ctrl0 & A3XX_SP_CTRL_BUFFER)
		return g->shader_mem;
	for (line = 0; line < ICACHE_LINES; line++)
		if (g->icache[line].bytes && g->icache[line].addr == addr)
			break;
	if (line < ICACHE_LINES && !(ctrl0 & A3XX_SP_CTRL_CACHEINVALID) && g->icache[line].len >= len) {
		fake_trace("  the instruction cache's line for 0x%x runs (no CACHEINVALID)", addr);
		return g->icache[line].bytes;
	}
	if (!(mem = fake_gpu_ptr(&c->vm, addr, len, NULL)))
		return NULL;
	if (line == ICACHE_LINES)
		line = g->icache_next++ % ICACHE_LINES;
	free(g->icache[line].bytes);
	if ((g->icache[line].bytes = malloc(len)) == NULL)
		return mem;
	memcpy(g->icache[line].bytes, mem, len);
	g->icache[line].addr = addr;
	g->icache[line].len = len;
	return g->icache[line].bytes;
}

/* An IOMMU fault: a3xx logs it and goes on. */
static void iommu_fault(uint32_t iova, const char *why)
{
	fake_trace("  -> fault: %s", why);
	fake_kmsg("msm: *** fault: iova=%08x, flags=0", iova);
}

/* ---- a draw as a GPU runs it (no model extension) ---- */

/* GPU memory as the shader's ldg and stg reach it: the submission's BOs at their iovas, a BO
 * created MSM_BO_GPU_READONLY mapped without write permission (msm_gem.c, msm_gem_pin_iova). */
static uint8_t *gpu_mem(void *ctx, uint64_t addr, size_t len, int write)
{
	struct cp *c = ctx;
	struct fake_bo *bo = NULL;
	uint8_t *p = fake_gpu_ptr(&c->vm, addr, len, &bo);
	return p && write && (bo->flags & IP_MSM_BO_GPU_READONLY) ? NULL : p;
}

/* The draw's shader on the simulator, its registers starting with what the last draw left. */
static void gpu_run(struct cp *c, const struct fake_job *j, struct ip_result *res)
{
	struct gpu_state *g = c->gpu;
	struct a3xx_sim_io io;
	struct ip_diag d;
	unsigned left = 0;
	memset(res, 0, sizeof *res);
	if (!g->sim && ip_a3xx_sim_open(c->f->node->gpu.model, &g->sim, &d) != 0) {
		res->status = IP_STATUS_RUNNER_ERROR;
		res->why = "the fake device cannot open its simulator";
		return;
	}
	for (size_t k = 0; k < sizeof g->shader_regs; k += 4)
		left += fake_r32(g->shader_regs + k) != 0;
	fake_trace("  registers: %u non-zero words left by the previous draw", left);
	memset(&io, 0, sizeof io);
	io.code = j->code;
	io.code_len = j->code_len;
	io.consts = j->role[IP_BUF_UNIFORMS].mem;
	io.consts_len = j->role[IP_BUF_UNIFORMS].in_len;
	io.mem = gpu_mem;
	io.mem_ctx = c;
	io.regs_in = g->shader_regs;
	io.regs_in_len = sizeof g->shader_regs;
	io.regs_out = g->shader_regs;
	io.regs_out_cap = sizeof g->shader_regs;
	io.invocations = j->invocations;
	ip_a3xx_sim_exec(g->sim, &io, res);
}

static int draw(struct cp *c, uint32_t n)
{
	struct fake_node *node = c->f->node;
	const uint32_t *r = c->regs;
	uint32_t units = r[A3XX_SP_VS_LENGTH_REG], consts = r[A3XX_HLSQ_VS_CONTROL_REG] & 0x3ff;
	uint32_t inj_code;
	enum fake_inject inj;
	struct fake_job j;
	struct ip_result res;
	uint8_t cfile[CONST_VEC4 * 16];
	const uint8_t *code;
	const char *why;
	char buf[160];
	uint64_t k = fake_next_job(&inj, &inj_code);
	memset(&j, 0, sizeof j);
	fake_trace("draw %llu vertices=%u shader=0x%x units=%u consts=0x%x/%u record=0x%x",
	           (unsigned long long)k, n, r[A3XX_SP_VS_OBJ_START_REG], units, c->consts,
	           c->const_units, c->record);
	switch (inj) {
	case FAKE_RESET:
		fake_trace("  inject reset");
		hang(c, "the GPU was reset (FAKEDRM_INJECT)");
		return -1;
	case FAKE_LOST:
	case FAKE_UNPLUG:
		fake_trace("  inject %s", inj == FAKE_LOST ? "lost" : "unplug");
		fake_node_lose(node, inj);
		c->signal_ns = INT64_MAX;
		c->hung = 1;
		return -1;
	default: break;
	}
	if (n > FAKE_MAX_INVOCATIONS) {
		hang(c, "more vertices than the fake runs in one draw (a limit of the fake)");
		return -1;
	}
	if (!units || units > STATE_UNITS - 1 || consts > CONST_VEC4) {
		hang(c, "a program or const length the state memory does not hold");
		return -1;
	}
	if ((why = state_check(r, units, consts, buf, sizeof buf)) != NULL) {
		/* a state no public driver draws with: what a GPU does with it is unknown */
		hang(c, why);
		return -1;
	}
	if (!(code = program_of(c, units))) {
		iommu_fault(r[A3XX_SP_VS_OBJ_START_REG], "shader outside the submission's BOs");
		hang(c, "the SP ran what it could not fetch");
		return -1;
	}
	/* the program may store into its own code's memory: it runs from a copy */
	j.code = code;
	j.code_len = (size_t)units * A3XX_INSTR_UNIT_BYTES;
	j.invocations = n;
	j.uniform_regs = -1;
	/* the const file as the loads left it: consts that no load of this draw reached hold
	 * what was there before */
	memcpy(cfile, c->gpu->consts, (size_t)consts * 16);
	if (fake_model_ext) {
		uint8_t *rec = c->record ? fake_gpu_ptr(&c->vm, c->record, IP_MODEL_RECORD_BYTES, NULL)
		                         : NULL;
		uint8_t *src = c->const_units ? fake_gpu_ptr(&c->vm, c->consts, 1, NULL) : NULL;
		if (!rec || (why = fake_read_record(&c->vm, rec, &j)) != NULL) {
			hang(c, rec ? why : "no model record before the draw");
			return -1;
		}
		if (j.code_len > (size_t)units * A3XX_INSTR_UNIT_BYTES ||
		    j.code_len + A3XX_INSTR_UNIT_BYTES <= (size_t)units * A3XX_INSTR_UNIT_BYTES ||
		    j.role[IP_BUF_UNIFORMS].mem != src ||
		    j.role[IP_BUF_UNIFORMS].in_len > (size_t)consts * 16) {
			hang(c, "the draw's state disagrees with the model record");
			return -1;
		}
		j.code = code;
		j.invocations = n;
		if (j.role[IP_BUF_UNIFORMS].mem)
			j.role[IP_BUF_UNIFORMS].mem = cfile;
	} else if (consts) {
		j.role[IP_BUF_UNIFORMS] = (struct fake_role){cfile, (size_t)consts * 16, 0};
	}
	c->record = 0; /* a record is the next draw's only */
	switch (fake_program_inject(inj, inj_code, j.code, j.code_len, &inj_code)) {
	case FAKE_FAULT:
		iommu_fault(0, "injected (FAKEDRM_INJECT)");
		return 0; /* a3xx goes on */
	case FAKE_HANG: hang(c, "injected (FAKEDRM_INJECT)"); return -1;
	default: break;
	}
	if (fake_model_ext)
		fake_run_sim(node, &j, &res);
	else
		gpu_run(c, &j, &res);
	switch (res.status) {
	case IP_STATUS_OK: fake_trace("  -> done"); return 0;
	case IP_STATUS_TIMEOUT: hang(c, res.why ? res.why : "the program does not end"); return -1;
	case IP_STATUS_FAULT:
		iommu_fault(res.where, res.why ? res.why : "the simulator faulted");
		return 0;
	default:
		if (!fake_model_ext) {
			/* no hardware can say "the model does not know": an unmapped access stands in */
			iommu_fault(0, res.why ? res.why : "unmodeled");
			return 0;
		}
		fake_trace("  -> done, model says %s: %s",
		           res.status == IP_STATUS_UNMODELED ? "unmodeled"
		           : res.status == IP_STATUS_INVALID ? "invalid" : "runner_error",
		           res.why ? res.why : "");
		return 0;
	}
}

/* CP_LOAD_STATE of the vertex shader block, indirect: the program into the shader state memory
 * (what BUFFER mode runs), or consts into the const file, NUM_UNIT and DST_OFF counting dword
 * pairs (fd3_emit.c), copied from memory when the packet runs. */
static void load_state(struct cp *c, const uint32_t *p, uint32_t count)
{
	uint32_t d0 = p[0], d1 = p[1];
	uint32_t block = A3XX_LOAD_STATE_BLOCK(d0), units = A3XX_LOAD_STATE_UNITS(d0);
	uint32_t addr = d1 & ~3u, type = d1 & 3;
	/* a shader unit is 256 bits, a const unit a pair of dwords */
	size_t unit = type == A3XX_ST_SHADER ? A3XX_INSTR_UNIT_BYTES : 8;
	size_t at = (size_t)A3XX_LOAD_STATE_DST(d0) * unit, len = (size_t)units * unit;
	uint8_t *state = type == A3XX_ST_SHADER ? c->gpu->shader_mem : c->gpu->consts;
	size_t size = type == A3XX_ST_SHADER ? sizeof c->gpu->shader_mem : sizeof c->gpu->consts;
	const uint8_t *m;
	if (block != A3XX_SB_VERT_SHADER)
		return; /* textures, the fragment shader: nothing of a vertex draw */
	if (count != 2 || A3XX_LOAD_STATE_SRC(d0) != A3XX_SS_INDIRECT) {
		hang(c, "a vertex CP_LOAD_STATE other than indirect (a limit of the fake)");
		return;
	}
	if (type != A3XX_ST_SHADER && type != A3XX_ST_CONSTANTS) {
		hang(c, "CP_LOAD_STATE of an unknown state type");
		return;
	}
	if (at + len > size) {
		hang(c, "a load past the shader state memory or the const file");
		return;
	}
	if (!(m = fake_gpu_ptr(&c->vm, addr, len, NULL))) {
		iommu_fault(addr, "CP_LOAD_STATE from outside the submission's BOs");
		return;
	}
	memcpy(state + at, m, len);
	if (type == A3XX_ST_CONSTANTS) {
		c->consts = addr;
		c->const_units = units;
	}
}

static void mem_write(struct cp *c, const uint32_t *p, uint32_t count)
{
	uint8_t *m;
	if (count < 2) {
		hang(c, "CP_MEM_WRITE without a value");
		return;
	}
	if (!(m = fake_gpu_ptr(&c->vm, p[0], 4ull * (count - 1), NULL)) || (p[0] & 3)) {
		iommu_fault(p[0], "CP_MEM_WRITE outside the submission's BOs");
		return;
	}
	for (uint32_t i = 1; i < count; i++)
		fake_w32(m + 4 * (i - 1), p[i]);
}

/* Runs dwords [0, n) of a command buffer. */
static void run_cmds(struct cp *c, const uint32_t *cmd, uint32_t n)
{
	uint32_t at = 0;
	while (at < n && !c->hung) {
		uint32_t h = cmd[at], count;
		const uint32_t *p;
		switch (A3XX_PKT_TYPE(h)) {
		case 0:
			count = A3XX_PKT_COUNT(h);
			if (count > n - at - 1 || A3XX_PKT0_REG(h) + count > A3XX_REG_COUNT) {
				hang(c, "a register write past the command buffer or the register file");
				return;
			}
			for (uint32_t i = 0; i < count; i++)
				c->regs[A3XX_PKT0_REG(h) + i] = cmd[at + 1 + i];
			at += 1 + count;
			continue;
		case 2: at++; continue;
		case 1: hang(c, "a type-1 packet (the fake's CP runs types 0, 2 and 3)"); return;
		default: break;
		}
		count = A3XX_PKT_COUNT(h);
		if (count > n - at - 1) {
			hang(c, "a packet past the end of the command buffer");
			return;
		}
		p = cmd + at + 1;
		at += 1 + count;
		switch (A3XX_PKT3_OP(h)) {
		case A3XX_CP_NOP:
			if (fake_model_ext && count >= 2 && p[0] == IP_MODEL_MAGIC)
				c->record = p[1];
			break;
		case A3XX_CP_WAIT_FOR_IDLE:
		case A3XX_CP_EVENT_WRITE: break;
		case A3XX_CP_LOAD_STATE:
			if (count < 2)
				hang(c, "CP_LOAD_STATE shorter than two dwords");
			else
				load_state(c, p, count);
			break;
		case A3XX_CP_MEM_WRITE: mem_write(c, p, count); break;
		case A3XX_CP_DRAW_INDX:
			/* an auto-indexed draw is 3 dwords (freedreno_draw.h); freedreno always sets
			 * PRE_DRAW_INITIATOR_ENABLE: what the CP does otherwise is unknown */
			if ((p[1] & 0x3f) != A3XX_DI_PT_POINTLIST ||
			    (p[1] >> 6 & 3) != A3XX_DI_SRC_SEL_AUTO_INDEX) {
				hang(c, "a draw other than auto-indexed points (the fake's GPU runs no other)");
				return;
			}
			if (count != A3XX_DRAW_AUTO_DWORDS || !(p[1] & A3XX_DI_PRE_DRAW_INITIATOR_ENABLE) ||
			    (p[1] >> 24) > 1) {
				hang(c, "an auto-indexed CP_DRAW_INDX not as freedreno sends one (3 dwords, "
				        "PRE_DRAW_INITIATOR_ENABLE, one instance)");
				return;
			}
			draw(c, p[2]);
			break;
		default:
			fake_trace("  CP opcode 0x%02x", A3XX_PKT3_OP(h));
			hang(c, "a CP opcode the fake's CP does not run");
			return;
		}
	}
}

static int gem_submit(struct fake_file *f, struct ip_msm_gem_submit *s)
{
	/* the 72-byte struct's tail: in_syncobjs 40, out_syncobjs 48, counts 56 60, stride 64, pad 68 */
	const uint8_t *tail = (const uint8_t *)s + sizeof *s;
	struct ip_msm_gem_submit_bo sb[64];
	struct ip_msm_gem_submit_cmd cmds[8];
	struct fake_bo *bos[64];
	struct fake_fence *fe;
	struct queue *q;
	struct cp c;
	int rc;
	if ((s->flags & 0xffffu) != IP_MSM_PIPE_3D0 || (s->flags & 0xffff0000u & ~0xfe000000u))
		return -EINVAL;
	if (fake_r32(tail + 28))
		return -EINVAL; /* pad */
	if (s->flags & ~(IP_MSM_SUBMIT_NO_IMPLICIT | 0xffffu))
		return -EINVAL; /* fences by fd, syncobjs, SUDO: not emulated (a limit of the fake) */
	if (!(q = queue_of(f, s->queueid)))
		return -ENOENT;
	if (s->nr_bos > 64 || s->nr_cmds > 8)
		return -ENOMEM; /* a limit of the fake */
	if ((rc = fake_copy_in(sb, s->bos, s->nr_bos * sizeof sb[0])) != 0 ||
	    (rc = fake_copy_in(cmds, s->cmds, s->nr_cmds * sizeof cmds[0])) != 0)
		return rc;
	for (uint32_t i = 0; i < s->nr_bos; i++) {
		if (sb[i].flags & ~0xfu)
			return -EINVAL;
		if (!(bos[i] = fake_bo_lookup(f, sb[i].handle)))
			return -EINVAL; /* "invalid handle" */
		for (uint32_t k = 0; k < i; k++)
			if (bos[k] == bos[i])
				return -EINVAL; /* listed twice */
	}
	for (uint32_t i = 0; i < s->nr_cmds; i++) {
		const struct ip_msm_gem_submit_cmd *m = &cmds[i];
		if (m->type < 1 || m->type > 3 || m->submit_idx >= s->nr_bos || !m->size ||
		    (m->size | m->submit_offset) % 4 || m->submit_offset > bos[m->submit_idx]->size ||
		    m->size > bos[m->submit_idx]->size - m->submit_offset)
			return -EINVAL;
		if (m->nr_relocs)
			return -EINVAL; /* relocations: not emulated (a limit of the fake) */
	}
	memset(&c, 0, sizeof c);
	if (!(c.gpu = gpu_of(f->node)))
		return -ENOMEM;
	c.regs = c.gpu->regs;
	c.f = f;
	c.q = q;
	c.vm.bos = bos;
	c.vm.n = s->nr_bos;
	c.seqno = ++q->seqno;
	c.signal_ns = fake_now_ns();
	if (c.signal_ns < q->last_signal)
		c.signal_ns = q->last_signal; /* after what the queue has in flight */
	fake_trace("submit fd=%d queue=%u bos=%u cmds=%u fence=%u", f->fd, q->id, s->nr_bos,
	           s->nr_cmds, c.seqno);
	fake_count_submission();
	for (uint32_t i = 0; i < s->nr_cmds && !c.hung; i++) {
		const struct ip_msm_gem_submit_cmd *m = &cmds[i];
		struct fake_bo *bo = bos[m->submit_idx];
		if (m->type == 2)
			continue; /* an IB target: run only from another buffer */
		fake_trace("cmd type=%u va=0x%llx size=%u", m->type,
		           (unsigned long long)(bo->va + m->submit_offset), m->size);
		/* BO memory is page aligned, so its dwords are too */
		run_cmds(&c, (const uint32_t *)(const void *)(bo->map + m->submit_offset), m->size / 4);
	}
	s->fence = c.seqno;
	if (!(fe = fake_fence_new(c.signal_ns, 0)))
		return -ENOMEM;
	fake_fence_attach(NULL, bos, s->nr_bos, fe);
	q->last_signal = c.signal_ns;
	{
		unsigned slot = c.seqno % FENCE_RING;
		fake_fence_put(q->ring[slot].fence);
		q->ring[slot].fence = fe; /* keeps the creation reference */
		q->ring[slot].seqno = c.seqno;
	}
	fake_trace("fence error=0 signals_in=%lldms",
	           c.signal_ns == INT64_MAX ? -1LL
	                                    : (long long)((c.signal_ns - fake_now_ns()) / 1000000));
	return 0;
}

static int msm_ioctl(struct fake_file *f, unsigned nr, void *arg)
{
	switch (nr) {
	case IP_MSM_GET_PARAM: return get_param(f, arg);
	case IP_MSM_SET_PARAM: return set_param(arg);
	case IP_MSM_GEM_NEW: return gem_new(f, arg);
	case IP_MSM_GEM_INFO: return gem_info(f, arg);
	case IP_MSM_GEM_CPU_PREP: return cpu_prep(f, arg);
	case IP_MSM_GEM_CPU_FINI: return cpu_fini(f, arg);
	case IP_MSM_GEM_SUBMIT: return gem_submit(f, arg);
	case IP_MSM_WAIT_FENCE: return wait_fence(f, arg);
	case IP_MSM_GEM_MADVISE: return madvise(f, arg);
	case IP_MSM_SUBMITQUEUE_NEW: return queue_new(f, arg);
	case IP_MSM_SUBMITQUEUE_CLOSE: return queue_close(f, arg);
	case IP_MSM_SUBMITQUEUE_QUERY: return queue_query(f, arg);
	default: return -EINVAL;
	}
}

/* msm_drm.h today: name, size, copied in, copied out; 0x09 is unused */
static const struct fake_ioctl ioctls[] = {
	{"MSM_GET_PARAM", 24, 1, 1},         {"MSM_SET_PARAM", 24, 1, 0},
	{"MSM_GEM_NEW", 16, 1, 1},           {"MSM_GEM_INFO", 24, 1, 1},
	{"MSM_GEM_CPU_PREP", 24, 1, 0},      {"MSM_GEM_CPU_FINI", 4, 1, 0},
	{"MSM_GEM_SUBMIT", 72, 1, 1},        {"MSM_WAIT_FENCE", 32, 1, 0},
	{"MSM_GEM_MADVISE", 12, 1, 1},       {NULL, 0, 0, 0},
	{"MSM_SUBMITQUEUE_NEW", 12, 1, 1},   {"MSM_SUBMITQUEUE_CLOSE", 4, 1, 0},
	{"MSM_SUBMITQUEUE_QUERY", 24, 1, 0},
};

const struct fake_driver fake_msm = {
	.name = "msm",
	.date = "20130625",
	.desc = "MSM Snapdragon DRM",
	.major = 1,
	.minor = 9,
	.patch = 0,
	.ioctls = ioctls,
	.nioctls = sizeof ioctls / sizeof ioctls[0],
	.ioctl = msm_ioctl,
	.open = msm_open,
	.close = msm_close,
	.va_start = VA_START,
	.va_end = VA_END,
};
