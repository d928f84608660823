/* test_fakedrm.c: the fake DRM device refuses what the kernel refuses, with the kernel's errno
 * (panfrost and lima ioctls with bad sizes, flags, handles, pads, pointers), and a submission
 * whose descriptors are wrong ends the way the GPU ends it (the job's exception status and a
 * failed fence, a GP error, an msm hangcheck), never runs: each case is the drm runner's own job builder's
 * output with one descriptor spoilt; on a kernel before 6.9 (FAKEDRM_KERNEL) a lima context
 * whose job failed cancels its next job unrun, a new one runs it. Runs itself again with the
 * fake device preloaded
 * (FAKEDRM_PRELOAD, from tests/CMakeLists.txt); skipped without it. */
#define _FILE_OFFSET_BITS 64 /* DRM's mmap offsets, on 32-bit hosts too */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <xf86drm.h>

#include "runners/drm/drm_dev.h"
#include "runners/drm/drm_job.h"
#include "runners/drm/drm_lima.h"
#include "runners/drm/a3xx_pm4.h"
#include "runners/drm/msm_uapi.h"
#include "runners/drm/drm_panfrost.h"
#include "runners/drm/drm_uapi.h"
#include "runners/drm/model_ext.h"
#include "runners/drm/pan_jobs.h"
#include "check.h"
#include "fakedrm_rerun.h"
#include "isaprobe/isa.h"

/* The job kind under test (named in its ISA's descriptor, encoders/<isa>/<isa>_isa.c). */
extern const struct ip_drm_jobkind ip_drm_utgard_gp_kind;

#define PAN_NODE "/dev/dri/renderD128"
#define LIMA_NODE "/dev/dri/renderD130"
#define MSM_NODE "/dev/dri/renderD131"

static void panfrost_ioctls(void)
{
	int fd = open(PAN_NODE, O_RDWR);
	drmVersionPtr v;
	struct ip_panfrost_get_param gp = {0};
	struct ip_panfrost_create_bo cb = {0};
	struct ip_panfrost_mmap_bo mb = {0};
	struct ip_panfrost_wait_bo wb = {0};
	struct ip_panfrost_get_bo_offset go = {0};
	struct ip_panfrost_submit sb = {0};
	struct drm_gem_close gc = {0};
	struct drm_syncobj_create sc = {0};
	uint32_t handle, heap, bad_handle = 99;
	uint64_t off;
	uint8_t *p, *q;
	CHECK(fd >= 0, "open %s: %s", PAN_NODE, strerror(errno));
	if (fd < 0)
		return;
	v = drmGetVersion(fd);
	CHECK(v && !strcmp(v->name, "panfrost") && v->version_major == 1 && v->version_minor == 1,
	      "version");
	drmFreeVersion(v);

	gp.param = IP_PANFROST_PARAM_GPU_PROD_ID;
	REFUSED(fd, IP_IOCTL_PANFROST_GET_PARAM, &gp, 0, "GET_PARAM PROD_ID");
	CHECK(gp.value == 0x750, "T760's id: %llx", (unsigned long long)gp.value);
	gp.pad = 1;
	REFUSED(fd, IP_IOCTL_PANFROST_GET_PARAM, &gp, EINVAL, "GET_PARAM pad");
	gp.pad = 0;
	gp.param = 40; /* AFBC_FEATURES: driver 1.2, the fake is 1.1 */
	REFUSED(fd, IP_IOCTL_PANFROST_GET_PARAM, &gp, EINVAL, "GET_PARAM unknown");
	gp.param = IP_MODEL_PARAM;
	REFUSED(fd, IP_IOCTL_PANFROST_GET_PARAM, &gp, 0, "GET_PARAM model");
	REFUSED(fd, IP_IOCTL_PANFROST_GET_PARAM, (void *)8, EFAULT, "GET_PARAM bad pointer");
	REFUSED(fd, _IOWR('x', 1, int), &gp, ENOTTY, "not a DRM ioctl");
	REFUSED(fd, DRM_IOWR(DRM_COMMAND_BASE + 0x0f, struct ip_panfrost_get_param), &gp, EINVAL,
	        "no such driver ioctl");
	REFUSED(fd, DRM_IOW(DRM_COMMAND_BASE + 6, struct ip_panfrost_madvise), &gp, ENOSYS,
	        "PERFCNT_ENABLE without unstable_ioctls");

	REFUSED(fd, IP_IOCTL_PANFROST_CREATE_BO, &cb, EINVAL, "CREATE_BO size 0");
	cb.size = 4096;
	cb.pad = 1;
	REFUSED(fd, IP_IOCTL_PANFROST_CREATE_BO, &cb, EINVAL, "CREATE_BO pad");
	cb.pad = 0;
	cb.flags = 8;
	REFUSED(fd, IP_IOCTL_PANFROST_CREATE_BO, &cb, EINVAL, "CREATE_BO unknown flag");
	cb.flags = IP_PANFROST_BO_HEAP;
	REFUSED(fd, IP_IOCTL_PANFROST_CREATE_BO, &cb, EINVAL, "CREATE_BO executable heap");
	cb.flags = IP_PANFROST_BO_HEAP | IP_PANFROST_BO_NOEXEC;
	REFUSED(fd, IP_IOCTL_PANFROST_CREATE_BO, &cb, 0, "CREATE_BO heap");
	heap = cb.handle;
	cb.flags = IP_PANFROST_BO_NOEXEC;
	REFUSED(fd, IP_IOCTL_PANFROST_CREATE_BO, &cb, 0, "CREATE_BO");
	handle = cb.handle;
	CHECK(handle && cb.offset >= 32u << 20 && cb.offset % 4096 == 0, "handle %u at 0x%llx",
	      handle, (unsigned long long)cb.offset);

	mb.handle = handle;
	mb.flags = 1;
	REFUSED(fd, IP_IOCTL_PANFROST_MMAP_BO, &mb, EINVAL, "MMAP_BO flags");
	mb.flags = 0;
	mb.handle = bad_handle;
	REFUSED(fd, IP_IOCTL_PANFROST_MMAP_BO, &mb, ENOENT, "MMAP_BO bad handle");
	mb.handle = heap;
	REFUSED(fd, IP_IOCTL_PANFROST_MMAP_BO, &mb, EINVAL, "MMAP_BO of a heap");
	mb.handle = handle;
	REFUSED(fd, IP_IOCTL_PANFROST_MMAP_BO, &mb, 0, "MMAP_BO");
	off = mb.offset;
	CHECK(mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, (off_t)(off + 4096)) == MAP_FAILED &&
	          errno == EINVAL,
	      "mmap at an offset no BO has");
	CHECK(mmap(NULL, 8192, PROT_READ, MAP_SHARED, fd, (off_t)off) == MAP_FAILED && errno == EINVAL,
	      "mmap beyond the BO");
	CHECK(mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, (off_t)off) == MAP_FAILED &&
	          errno == EINVAL,
	      "a private mapping");
	p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)off);
	q = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)off);
	CHECK(p != MAP_FAILED && q != MAP_FAILED, "mmap");
	if (p != MAP_FAILED && q != MAP_FAILED) {
		p[100] = 0x5a;
		CHECK(q[100] == 0x5a, "two mappings share the BO");
		munmap(p, 4096);
		munmap(q, 4096);
	}

	wb.handle = handle;
	wb.pad = 1;
	REFUSED(fd, IP_IOCTL_PANFROST_WAIT_BO, &wb, EINVAL, "WAIT_BO pad");
	wb.pad = 0;
	wb.handle = bad_handle;
	REFUSED(fd, IP_IOCTL_PANFROST_WAIT_BO, &wb, ENOENT, "WAIT_BO bad handle");
	wb.handle = handle;
	REFUSED(fd, IP_IOCTL_PANFROST_WAIT_BO, &wb, 0, "WAIT_BO idle");
	go.handle = bad_handle;
	REFUSED(fd, IP_IOCTL_PANFROST_GET_BO_OFFSET, &go, ENOENT, "GET_BO_OFFSET bad handle");
	go.handle = handle;
	REFUSED(fd, IP_IOCTL_PANFROST_GET_BO_OFFSET, &go, 0, "GET_BO_OFFSET");
	CHECK(go.offset == cb.offset, "GET_BO_OFFSET says CREATE_BO's address");

	REFUSED(fd, IP_IOCTL_PANFROST_SUBMIT, &sb, EINVAL, "SUBMIT jc 0");
	sb.jc = cb.offset;
	sb.requirements = 2; /* CYCLE_COUNT came with driver 1.3 */
	REFUSED(fd, IP_IOCTL_PANFROST_SUBMIT, &sb, EINVAL, "SUBMIT requirements");
	sb.requirements = 0;
	sb.out_sync = 77;
	REFUSED(fd, IP_IOCTL_PANFROST_SUBMIT, &sb, ENODEV, "SUBMIT out_sync not a syncobj");
	sb.out_sync = 0;
	sb.bo_handles = (uint64_t)(uintptr_t)&bad_handle;
	sb.bo_handle_count = 1;
	REFUSED(fd, IP_IOCTL_PANFROST_SUBMIT, &sb, ENOENT, "SUBMIT bad BO handle");
	sb.bo_handles = 16;
	REFUSED(fd, IP_IOCTL_PANFROST_SUBMIT, &sb, EFAULT, "SUBMIT bad handle array");
	sb.in_syncs = (uint64_t)(uintptr_t)&bad_handle;
	sb.in_sync_count = 1;
	sb.bo_handles = (uint64_t)(uintptr_t)&handle;
	REFUSED(fd, IP_IOCTL_PANFROST_SUBMIT, &sb, ENOENT, "SUBMIT bad in_sync");
	sb.in_sync_count = 0;
	{
		/* a null job, submitted with the 48-byte struct of driver 1.5 (its tail zero): the
		 * kernel reads the 40 bytes it knows */
		uint8_t big[48] = {0};
		uint8_t *m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)off);
		CHECK(m != MAP_FAILED, "mmap");
		if (m != MAP_FAILED) {
			memset(m, 0, 64);
			/* 64-bit, null job, index 1 */
			ip_put_le32(m + 16, 1u | 1u << 1 | 1u << 16);
			memcpy(big, &sb, sizeof sb);
			REFUSED(fd, DRM_IOW(DRM_COMMAND_BASE, uint8_t[48]), big, 0, "SUBMIT of 48 bytes");
			wb.timeout_ns = ip_drm_now_ns() + 1000000000;
			REFUSED(fd, IP_IOCTL_PANFROST_WAIT_BO, &wb, 0, "WAIT_BO after the null job");
			CHECK(ip_le32(m) == 1, "the null job is done: %x", ip_le32(m));
			munmap(m, 4096);
		}
	}

	gc.handle = bad_handle;
	REFUSED(fd, DRM_IOCTL_GEM_CLOSE, &gc, EINVAL, "GEM_CLOSE bad handle");
	gc.handle = heap;
	REFUSED(fd, DRM_IOCTL_GEM_CLOSE, &gc, 0, "GEM_CLOSE");
	REFUSED(fd, DRM_IOCTL_GEM_CLOSE, &gc, EINVAL, "GEM_CLOSE twice");
	sc.flags = 2;
	REFUSED(fd, DRM_IOCTL_SYNCOBJ_CREATE, &sc, EINVAL, "SYNCOBJ_CREATE flags");
	sc.flags = 0;
	REFUSED(fd, DRM_IOCTL_SYNCOBJ_CREATE, &sc, 0, "SYNCOBJ_CREATE");
	{
		struct drm_syncobj_wait w = {0};
		struct drm_syncobj_destroy dsy = {.handle = 55};
		w.handles = (uint64_t)(uintptr_t)&sc.handle;
		w.count_handles = 1;
		w.timeout_nsec = ip_drm_now_ns();
		REFUSED(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w, EINVAL, "SYNCOBJ_WAIT with no fence yet");
		w.flags = 0x100;
		REFUSED(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w, EINVAL, "SYNCOBJ_WAIT flags");
		REFUSED(fd, DRM_IOCTL_SYNCOBJ_DESTROY, &dsy, EINVAL, "SYNCOBJ_DESTROY bad handle");
	}
	close(fd);
}

static void lima_ioctls(void)
{
	int fd = open(LIMA_NODE, O_RDWR);
	struct ip_lima_get_param gp = {0};
	struct ip_lima_gem_create gc = {0};
	struct ip_lima_ctx_create cc = {0};
	struct ip_lima_ctx_free cf = {0};
	struct ip_lima_gem_submit sb = {0};
	struct ip_lima_gem_wait gw = {0};
	struct ip_lima_gem_submit_bo bo = {0};
	struct ip_lima_gp_frame fr = {0};
	CHECK(fd >= 0, "open %s", LIMA_NODE);
	if (fd < 0)
		return;
	gp.param = IP_LIMA_PARAM_GPU_ID;
	REFUSED(fd, IP_IOCTL_LIMA_GET_PARAM, &gp, 0, "GET_PARAM GPU_ID");
	CHECK(gp.value == IP_LIMA_GPU_MALI400, "Mali-400: %llu", (unsigned long long)gp.value);
	gp.param = IP_LIMA_PARAM_GP_VERSION;
	REFUSED(fd, IP_IOCTL_LIMA_GET_PARAM, &gp, 0, "GET_PARAM GP_VERSION");
	CHECK(gp.value >> 16 == 0xb07, "Mali-400 GP: %llx", (unsigned long long)gp.value);
	gp.param = 4;
	REFUSED(fd, IP_IOCTL_LIMA_GET_PARAM, &gp, EINVAL, "GET_PARAM unknown");
	REFUSED(fd, IP_IOCTL_LIMA_GEM_CREATE, &gc, EINVAL, "GEM_CREATE size 0");
	gc.size = 4096;
	gc.flags = 2;
	REFUSED(fd, IP_IOCTL_LIMA_GEM_CREATE, &gc, EINVAL, "GEM_CREATE flags");
	gc.flags = 0;
	REFUSED(fd, IP_IOCTL_LIMA_GEM_CREATE, &gc, 0, "GEM_CREATE");
	bo.handle = gc.handle;
	REFUSED(fd, IP_IOCTL_LIMA_CTX_CREATE, &cc, 0, "CTX_CREATE");
	cf.id = cc.id + 10;
	REFUSED(fd, IP_IOCTL_LIMA_CTX_FREE, &cf, EINVAL, "CTX_FREE unknown context");
	gw.handle = gc.handle;
	gw.op = 4;
	REFUSED(fd, IP_IOCTL_LIMA_GEM_WAIT, &gw, EINVAL, "GEM_WAIT op");

	sb.ctx = cc.id;
	sb.frame_size = sizeof fr;
	sb.frame = (uint64_t)(uintptr_t)&fr;
	sb.bos = (uint64_t)(uintptr_t)&bo;
	REFUSED(fd, IP_IOCTL_LIMA_GEM_SUBMIT, &sb, EINVAL, "GEM_SUBMIT no BOs");
	sb.nr_bos = 1;
	sb.pipe = 2;
	REFUSED(fd, IP_IOCTL_LIMA_GEM_SUBMIT, &sb, EINVAL, "GEM_SUBMIT pipe");
	sb.pipe = IP_LIMA_PIPE_GP;
	sb.flags = 2;
	REFUSED(fd, IP_IOCTL_LIMA_GEM_SUBMIT, &sb, EINVAL, "GEM_SUBMIT flags");
	sb.flags = 0;
	sb.frame_size = 20;
	REFUSED(fd, IP_IOCTL_LIMA_GEM_SUBMIT, &sb, EINVAL, "GEM_SUBMIT frame size");
	sb.frame_size = sizeof fr;
	REFUSED(fd, IP_IOCTL_LIMA_GEM_SUBMIT, &sb, EINVAL, "GEM_SUBMIT both lists empty");
	fr.vs_cmd_start = 0x2000;
	fr.vs_cmd_end = 0x1000;
	REFUSED(fd, IP_IOCTL_LIMA_GEM_SUBMIT, &sb, EINVAL, "GEM_SUBMIT VS start after end");
	fr.vs_cmd_start = 0x1000;
	fr.vs_cmd_end = 0x1008;
	sb.ctx = cc.id + 10;
	REFUSED(fd, IP_IOCTL_LIMA_GEM_SUBMIT, &sb, ENOENT, "GEM_SUBMIT unknown context");
	sb.ctx = cc.id;
	bo.handle = 99;
	REFUSED(fd, IP_IOCTL_LIMA_GEM_SUBMIT, &sb, ENOENT, "GEM_SUBMIT bad BO handle");
	sb.bos = 16;
	REFUSED(fd, IP_IOCTL_LIMA_GEM_SUBMIT, &sb, EFAULT, "GEM_SUBMIT bad BO array");
	cf.id = cc.id;
	REFUSED(fd, IP_IOCTL_LIMA_CTX_FREE, &cf, 0, "CTX_FREE");
	close(fd);
}

/* ---- spoilt descriptors ---- */

struct rig {
	struct ip_drm_dev dev;
	const struct ip_drm_jobkind *kind;
	struct ip_drm_arena code, desc, data;
	struct ip_job job;
	struct ip_result res;
	struct ip_out_buf out;
	struct ip_buf in[2];
	uint8_t regs[512], regs_out[512], uni[64], *prog;
	size_t prog_len;
	struct ip_drm_slot slot, *order;
	struct ip_drm_batch b;
};

static int rig_open(struct rig *r, const char *node, const char *isa, const char *text)
{
	const struct ip_isa *i = ip_isa_find(isa);
	struct ip_program p;
	struct ip_diag d;
	int lost;
	memset(r, 0, sizeof *r);
	ip_diag_init(&d, NULL);
	if (ip_drm_open(node, &r->dev, &d) != 0) {
		CHECK(0, "open %s: %s", node, d.msg);
		return -1;
	}
	r->kind = ip_drm_jobkind_find(isa, r->dev.drv);
	ip_program_init(&p, i);
	if (i->assemble(text, &p, &d) || i->pack(&p, &r->prog, &r->prog_len, &d)) {
		CHECK(0, "assemble: %s", d.msg);
		return -1;
	}
	ip_program_free(&p);
	if (ip_drm_bo_new(&r->dev, 1 << 20, 1, &r->code.bo, &lost, &d) ||
	    ip_drm_bo_new(&r->dev, 1 << 20, 0, &r->desc.bo, &lost, &d) ||
	    ip_drm_bo_new(&r->dev, 1 << 20, 0, &r->data.bo, &lost, &d)) {
		CHECK(0, "BOs: %s", d.msg);
		return -1;
	}
	return 0;
}

static void rig_close(struct rig *r)
{
	ip_drm_bo_free(&r->dev, &r->code.bo);
	ip_drm_bo_free(&r->dev, &r->desc.bo);
	ip_drm_bo_free(&r->dev, &r->data.bo);
	ip_drm_close(&r->dev);
	free(r->prog);
}

/* Builds one job (Mali: registers in and out, uniforms; GP: uniforms in, varyings out), the
 * builder's own descriptors. */
static void rig_build(struct rig *r)
{
	int gp = r->kind == &ip_drm_utgard_gp_kind;
	memset(&r->job, 0, sizeof r->job);
	memset(&r->res, 0, sizeof r->res);
	memset(&r->slot, 0, sizeof r->slot);
	memset(&r->b, 0, sizeof r->b);
	r->in[0] = (struct ip_buf){IP_BUF_REGISTERS, r->regs, sizeof r->regs};
	r->in[1] = (struct ip_buf){IP_BUF_UNIFORMS, r->uni, sizeof r->uni};
	r->job.code = r->prog;
	r->job.code_len = r->prog_len;
	r->job.inputs = gp ? r->in + 1 : r->in;
	r->job.ninputs = gp ? 1 : 2;
	r->job.uniform_regs = -1;
	r->out = (struct ip_out_buf){gp ? IP_BUF_VARYINGS_OUT : IP_BUF_REGISTERS, r->regs_out,
	                             gp ? 32 : sizeof r->regs_out, 0};
	r->res.outputs = &r->out;
	r->res.noutputs = 1;
	r->slot.job = &r->job;
	r->slot.res = &r->res;
	r->order = &r->slot;
	r->code.used = r->desc.used = r->data.used = 0;
	r->b.dev = &r->dev;
	r->b.code = r->code;
	r->b.desc = r->desc;
	r->b.data = r->data;
	r->b.slots = &r->order;
	r->b.n = 1;
	CHECK(r->kind->build(&r->b) == 0, "build");
}

static enum ip_drm_fence rig_run(struct rig *r)
{
	enum ip_drm_fence f;
	CHECK(ip_drm_fence_reset(&r->dev) == 0 && r->kind->kick(&r->b, 0) == 0, "submitted");
	f = ip_drm_wait(&r->dev, ip_drm_now_ns() + 5000000000LL);
	r->slot.state = IP_DRM_SLOT_PENDING;
	r->kind->collect(&r->b, 0, f);
	return f;
}

static uint8_t *at(struct rig *r, uint64_t va)
{
	struct ip_drm_arena *a[3] = {&r->code, &r->desc, &r->data};
	for (int i = 0; i < 3; i++)
		if (va >= a[i]->bo.va && va < a[i]->bo.va + a[i]->bo.size)
			return a[i]->bo.map + (va - a[i]->bo.va);
	return NULL;
}

static uint64_t r64(const uint8_t *p)
{
	return ip_le32(p) | (uint64_t)ip_le32(p + 4) << 32;
}

/* The kernel version the fake device behaves as (FAKEDRM_KERNEL; the default is the newest),
 * as major << 8 | minor. */
static unsigned kernel_version(void)
{
	const char *k = getenv("FAKEDRM_KERNEL");
	unsigned major, minor;
	if (!k || sscanf(k, "%u.%u", &major, &minor) != 2)
		return 0xffff;
	return major << 8 | minor;
}

/* How the syncobj of a job that faulted ends: -EINVAL from 6.5; before, the scheduler does not
 * forward the error (no error), and before 5.15 panfrost resets the GPU on the fault
 * (-ECANCELED). */
static enum ip_drm_fence fault_fence(void)
{
	unsigned k = kernel_version();
	return k < 0x050f ? IP_DRM_FENCE_CANCELLED : k < 0x0605 ? IP_DRM_FENCE_OK : IP_DRM_FENCE_FAULT;
}

/* The job ends with a fault of this code and the fence the kernel gives a fault ("js fault"). */
static void faults(struct rig *r, uint32_t code, const char *what)
{
	enum ip_drm_fence f = rig_run(r);
	CHECK(f == fault_fence(), "%s: fence %d, want %d", what, f, fault_fence());
	CHECK(r->slot.state == IP_DRM_SLOT_FAULT && r->slot.fault == code,
	      "%s: job state %d fault 0x%x, want fault 0x%x", what, r->slot.state, r->slot.fault, code);
}

static void midgard_descriptors(void)
{
	struct rig r;
	uint8_t *job, *draw, *rsd;
	if (rig_open(&r, PAN_NODE, "midgard", "alu {\n\tvadd.fadd r2.xyzw, r0.xyzw, r1.xyzw\n}\n"))
		return;
	rig_build(&r);
	CHECK(rig_run(&r) == IP_DRM_FENCE_OK && r.slot.state == IP_DRM_SLOT_DONE, "the good job runs");
#define SPOIL(what, code, stmt)                                                              \
	do {                                                                                 \
		rig_build(&r);                                                               \
		job = r.slot.desc;                                                           \
		draw = job + 64;                                                             \
		rsd = at(&r, r64(draw + 4 * PAN_DRAW_STATE));                                \
		stmt;                                                                        \
		faults(&r, (code), (what));                                                  \
	} while (0)
	SPOIL("32-bit job descriptors", 0x40, ip_put_le32(job + 16, ip_le32(job + 16) & ~1u));
	SPOIL("a tiler job", 0x40, ip_put_le32(job + 16, (ip_le32(job + 16) & ~0xfeu) | 7u << 1));
	SPOIL("draw descriptor not 64-bit", 0x58, ip_put_le32(draw, 0x5));
	SPOIL("renderer state outside the BOs", 0xc1,
	      ip_put_le64(draw + 4 * PAN_DRAW_STATE, 0x7f000000));
	SPOIL("first tag not the program's", 0x52, ip_put_le32(rsd, ip_le32(rsd) ^ 0x1));
	SPOIL("shader in a NOEXEC BO", 0xc9,
	      ip_put_le64(rsd, (r.data.bo.va + 4096) | (r.prog[0] & 0xfu)));
	SPOIL("uniform buffer elsewhere", 0x58,
	      ip_put_le64(at(&r, r64(draw + 4 * PAN_DRAW_UBOS)),
	                  3u | ((r.data.bo.va + 8192) >> 4) << 12));
	SPOIL("push uniforms not uniform buffer 0", 0x58,
	      ip_put_le64(draw + 4 * PAN_DRAW_PUSH, r.data.bo.va + 8192));
	SPOIL("a model record with a bad magic", 0x58, ip_put_le32(r.slot.rec, 0x12345678));
	SPOIL("no model record", 0x58,
	      ip_put_le64(at(&r, r64(draw + 4 * PAN_DRAW_THREAD_STORAGE)) + IP_MODEL_LS_OFFSET, 0));
	SPOIL("a model record role outside the BOs", 0x58,
	      ip_put_le64(r.slot.rec +
	                      offsetof(struct ip_model_record, role[IP_MODEL_REGISTERS].va),
	                  0x7f000000));
#undef SPOIL
	{
		/* submitted straight to the kernel (the runner's kick would mend these): the code BO
		 * left out of the submission's list, the GPU cannot reach the shader; a job that
		 * depends on one not in the chain */
		uint32_t all[3] = {r.code.bo.handle, r.desc.bo.handle, r.data.bo.handle};
		struct ip_drm_pan_submit s;
		static const char *const what[3] = {"a BO missing from the list",
		                                    "a dependency on no earlier job", "index 0"};
		for (int k = 0; k < 3; k++) {
			rig_build(&r);
			s = (struct ip_drm_pan_submit){r.slot.desc_va, k ? all : all + 1, k ? 3u : 2u};
			if (k == 1)
				ip_put_le32(r.slot.desc + 20, 5);
			if (k == 2)
				ip_put_le32(r.slot.desc + 16, ip_le32(r.slot.desc + 16) & 0xffff);
			CHECK(ip_drm_fence_reset(&r.dev) == 0 && r.dev.drv->submit(&r.dev, &s) == 0, "submit");
			CHECK(ip_drm_wait(&r.dev, ip_drm_now_ns() + 5000000000LL) == fault_fence(),
			      "%s: fault", what[k]);
			CHECK((ip_le32(r.slot.desc) & 0xff) == (k ? 0x40u : 0xc1u), "%s: status %x",
			      what[k], ip_le32(r.slot.desc));
		}
	}
	rig_close(&r);
}

static void bifrost_descriptors(void)
{
	struct rig r;
	uint8_t *draw, *rsd;
	if (rig_open(&r, "/dev/dri/renderD129", "bifrost",
	             "clause {\n\treg read=r0 read=r1 wfma=r3 first=1\n"
	             "\tfma FCMP.D3D.f32 src0=p0 src1=p1 cmp=olt\n\tadd NOP src0=p0\n}\n"))
		return;
	rig_build(&r);
	CHECK(rig_run(&r) == IP_DRM_FENCE_OK && r.slot.state == IP_DRM_SLOT_DONE, "the good job runs");
	/* fewer pushed uniforms than the job has */
	rig_build(&r);
	draw = r.slot.desc + 64;
	rsd = at(&r, r64(draw + 4 * PAN_DRAW_STATE));
	ip_put_le32(rsd + 48, 2u << 15);
	faults(&r, 0x58, "push uniform count too small");
	rig_close(&r);
}

/* Whether the kernel the fake device behaves as keeps lima's guilty contexts (before 6.9). */
static int guilty_contexts(void)
{
	return kernel_version() < 0x0609;
}

static void lima_descriptors(void)
{
	struct rig r;
	uint8_t *list;
	if (rig_open(&r, LIMA_NODE, "utgard_gp",
	             "instr {\n\tacc0.add ld_x, ld_y\n\tload 0\n\tstore0.varying 0, acc0, acc0\n}\n"))
		return;
	rig_build(&r);
	CHECK(rig_run(&r) == IP_DRM_FENCE_OK && r.slot.state == IP_DRM_SLOT_DONE, "the good job runs");
	/* each spoilt command list ends in a GP error: the job is cancelled, nothing is done */
	for (int k = 0; k < 3; k++) {
		static const char *const what[3] = {
			"an unknown VS command",
			"a varying table with a wrong stride",
			"an indexed draw without indices",
		};
		char log[1024] = "";
		rig_build(&r);
		list = at(&r, r.b.list_va);
		if (k == 0)
			ip_put_le32(list + 8 * 6 + 4, 0x70000000); /* UNKNOWN1 made unknown */
		else if (k == 1)
			ip_put_le32(at(&r, ip_le32(list + 8 * 8)) + 4, 128u << 11 | 3u);
		else
			ip_put_le32(list + 8 * 10, ip_le32(list + 8 * 10) | 1u);
		CHECK(rig_run(&r) == IP_DRM_FENCE_CANCELLED && r.slot.state == IP_DRM_SLOT_PENDING,
		      "%s: the job is cancelled", what[k]);
		ip_drm_kmsg(&r.dev, log, sizeof log);
		CHECK(strstr(log, "gp error irq") != NULL, "%s: the kernel log says: %s", what[k], log);
		/* before Linux 6.9 the failed job's context is guilty now: a good job of it is
		 * cancelled without running (nothing logged); a new context runs it */
		rig_build(&r);
		if (guilty_contexts()) {
			CHECK(rig_run(&r) == IP_DRM_FENCE_CANCELLED && r.slot.state == IP_DRM_SLOT_PENDING,
			      "%s: the good job after it, same context: cancelled", what[k]);
			log[0] = '\0';
			ip_drm_kmsg(&r.dev, log, sizeof log);
			CHECK(log[0] == '\0', "%s: it did not run (the kernel log says: %s)", what[k], log);
			CHECK(r.dev.drv->renew_ctx(&r.dev) == 0, "a new context");
			rig_build(&r);
		}
		CHECK(rig_run(&r) == IP_DRM_FENCE_OK && r.slot.state == IP_DRM_SLOT_DONE,
		      "%s: the good job after it runs", what[k]);
	}
	rig_close(&r);
}

static void msm_ioctls(void)
{
	int fd = open(MSM_NODE, O_RDWR);
	struct ip_msm_param gp = {.pipe = IP_MSM_PIPE_3D0, .param = IP_MSM_PARAM_GPU_ID};
	struct ip_msm_gem_new gn = {0};
	struct ip_msm_gem_info gi = {0};
	struct ip_msm_gem_cpu_prep cp = {0};
	struct ip_msm_submitqueue sq = {0};
	struct ip_msm_submitqueue_query qq = {0};
	struct ip_msm_gem_submit sb = {0};
	struct ip_msm_gem_submit_bo bo = {0};
	struct ip_msm_gem_submit_cmd cmd = {0};
	struct ip_msm_wait_fence wf = {0};
	uint32_t faults = 7, id;
	CHECK(fd >= 0, "open %s", MSM_NODE);
	if (fd < 0)
		return;
	REFUSED(fd, IP_IOCTL_MSM_GET_PARAM, &gp, 0, "GET_PARAM GPU_ID");
	CHECK(gp.value == 320, "A320's GPU_ID: %llu", (unsigned long long)gp.value);
	/* the 2018 header's 16-byte struct: the kernel reads the rest as zero */
	REFUSED(fd, DRM_IOWR(DRM_COMMAND_BASE + IP_MSM_GET_PARAM, uint64_t[2]), &gp, 0,
	        "GET_PARAM, 16-byte struct");
	gp.param = IP_MSM_PARAM_CHIP_ID;
	REFUSED(fd, IP_IOCTL_MSM_GET_PARAM, &gp, 0, "GET_PARAM CHIP_ID");
	CHECK(gp.value >> 16 == 0x0302, "A320's chip id: %llx", (unsigned long long)gp.value);
	gp.pipe = 1;
	REFUSED(fd, IP_IOCTL_MSM_GET_PARAM, &gp, EINVAL, "GET_PARAM 2D pipe");
	gp.pipe = IP_MSM_PIPE_3D0;
	gp.pad = 1;
	REFUSED(fd, IP_IOCTL_MSM_GET_PARAM, &gp, EINVAL, "GET_PARAM pad");
	gp.pad = 0;
	gp.param = 0x77;
	REFUSED(fd, IP_IOCTL_MSM_GET_PARAM, &gp, EINVAL, "GET_PARAM unknown");

	REFUSED(fd, IP_IOCTL_MSM_GEM_NEW, &gn, EINVAL, "GEM_NEW size 0");
	gn.size = 4096;
	REFUSED(fd, IP_IOCTL_MSM_GEM_NEW, &gn, EINVAL, "GEM_NEW without a cache mode");
	gn.flags = IP_MSM_BO_WC | 0x100;
	REFUSED(fd, IP_IOCTL_MSM_GEM_NEW, &gn, EINVAL, "GEM_NEW unknown flag");
	gn.flags = IP_MSM_BO_WC | IP_MSM_BO_CACHED;
	REFUSED(fd, IP_IOCTL_MSM_GEM_NEW, &gn, EINVAL, "GEM_NEW two cache modes");
	gn.flags = IP_MSM_BO_WC;
	REFUSED(fd, IP_IOCTL_MSM_GEM_NEW, &gn, 0, "GEM_NEW");
	gi.handle = gn.handle;
	gi.info = IP_MSM_INFO_GET_IOVA;
	REFUSED(fd, IP_IOCTL_MSM_GEM_INFO, &gi, 0, "GEM_INFO iova");
	CHECK(gi.value && gi.value < (1ull << 32) && gi.value % 4096 == 0, "iova 0x%llx",
	      (unsigned long long)gi.value);
	gi.info = 9;
	REFUSED(fd, IP_IOCTL_MSM_GEM_INFO, &gi, EINVAL, "GEM_INFO unknown info");
	gi.info = IP_MSM_INFO_GET_OFFSET;
	gi.handle = 99;
	REFUSED(fd, IP_IOCTL_MSM_GEM_INFO, &gi, ENOENT, "GEM_INFO bad handle");
	cp.handle = gn.handle;
	cp.op = 0x40;
	REFUSED(fd, IP_IOCTL_MSM_GEM_CPU_PREP, &cp, EINVAL, "CPU_PREP op");

	sq.prio = 1;
	REFUSED(fd, IP_IOCTL_MSM_SUBMITQUEUE_NEW, &sq, EINVAL, "SUBMITQUEUE_NEW priority 1 of 1");
	sq.prio = 0;
	REFUSED(fd, IP_IOCTL_MSM_SUBMITQUEUE_NEW, &sq, 0, "SUBMITQUEUE_NEW");
	qq.data = (uint64_t)(uintptr_t)&faults;
	qq.len = sizeof faults;
	qq.id = sq.id;
	REFUSED(fd, IP_IOCTL_MSM_SUBMITQUEUE_QUERY, &qq, 0, "SUBMITQUEUE_QUERY");
	CHECK(faults == 0, "a new queue has no faults: %u", faults);
	qq.param = 1;
	REFUSED(fd, IP_IOCTL_MSM_SUBMITQUEUE_QUERY, &qq, EINVAL, "SUBMITQUEUE_QUERY param");
	id = sq.id + 5;
	REFUSED(fd, IP_IOCTL_MSM_SUBMITQUEUE_CLOSE, &id, ENOENT, "SUBMITQUEUE_CLOSE unknown");

	bo.handle = gn.handle;
	bo.flags = IP_MSM_SUBMIT_BO_READ;
	cmd.type = IP_MSM_SUBMIT_CMD_BUF;
	cmd.size = 8;
	sb.flags = IP_MSM_PIPE_3D0;
	sb.nr_bos = 1;
	sb.nr_cmds = 1;
	sb.bos = (uint64_t)(uintptr_t)&bo;
	sb.cmds = (uint64_t)(uintptr_t)&cmd;
	sb.queueid = sq.id;
	sb.flags = 0;
	REFUSED(fd, IP_IOCTL_MSM_GEM_SUBMIT, &sb, EINVAL, "GEM_SUBMIT no pipe");
	sb.flags = IP_MSM_PIPE_3D0 | 0x01000000;
	REFUSED(fd, IP_IOCTL_MSM_GEM_SUBMIT, &sb, EINVAL, "GEM_SUBMIT unknown flag");
	sb.flags = IP_MSM_PIPE_3D0;
	sb.queueid = sq.id + 5;
	REFUSED(fd, IP_IOCTL_MSM_GEM_SUBMIT, &sb, ENOENT, "GEM_SUBMIT unknown queue");
	sb.queueid = sq.id;
	cmd.submit_idx = 1;
	REFUSED(fd, IP_IOCTL_MSM_GEM_SUBMIT, &sb, EINVAL, "GEM_SUBMIT command BO not listed");
	cmd.submit_idx = 0;
	cmd.submit_offset = 4094;
	REFUSED(fd, IP_IOCTL_MSM_GEM_SUBMIT, &sb, EINVAL, "GEM_SUBMIT unaligned, past the BO");
	cmd.submit_offset = 0;
	cmd.size = 0;
	REFUSED(fd, IP_IOCTL_MSM_GEM_SUBMIT, &sb, EINVAL, "GEM_SUBMIT empty command buffer");
	cmd.size = 8;
	bo.handle = 99;
	REFUSED(fd, IP_IOCTL_MSM_GEM_SUBMIT, &sb, EINVAL, "GEM_SUBMIT bad BO handle");
	bo.handle = gn.handle;
	sb.cmds = 24;
	REFUSED(fd, IP_IOCTL_MSM_GEM_SUBMIT, &sb, EFAULT, "GEM_SUBMIT bad command array");
	sb.cmds = (uint64_t)(uintptr_t)&cmd;
	/* eight zero bytes: two type-0 writes of register 0, which a CP takes */
	REFUSED(fd, IP_IOCTL_MSM_GEM_SUBMIT, &sb, 0, "GEM_SUBMIT");
	CHECK(sb.fence == 1, "the queue's first fence: %u", sb.fence);
	wf.queueid = sq.id;
	wf.fence = 2;
	REFUSED(fd, IP_IOCTL_MSM_WAIT_FENCE, &wf, EINVAL, "WAIT_FENCE of a fence not given out");
	wf.fence = 1;
	wf.timeout.tv_sec = 1 << 30;
	REFUSED(fd, IP_IOCTL_MSM_WAIT_FENCE, &wf, 0, "WAIT_FENCE");
	wf.queueid = sq.id + 5;
	REFUSED(fd, IP_IOCTL_MSM_WAIT_FENCE, &wf, ENOENT, "WAIT_FENCE unknown queue");
	id = sq.id;
	REFUSED(fd, IP_IOCTL_MSM_SUBMITQUEUE_CLOSE, &id, 0, "SUBMITQUEUE_CLOSE");
	close(fd);
}

/* The first dword equal to v in the rig's command buffer, from its first draw on. */
static uint8_t *find_dw(struct rig *r, uint32_t v)
{
	uint8_t *p = at(r, r->slot.desc_va), *end = at(r, r->b.list_end - 4);
	for (; p && end && p <= end; p += 4)
		if (ip_le32(p) == v)
			return p;
	CHECK(0, "no dword 0x%08x in the command buffer", v);
	return at(r, r->b.list_end - 4);
}

static void msm_descriptors(void)
{
	struct rig r;
	static const char *const what[6] = {
		"SP_VS_CTRL_REG0's thread size not HLSQ_CONTROL_1's",
		"a CP opcode the CP does not run",
		"a triangle draw",
		"a model record with a bad magic",
		"a const length the const load contradicts",
		"a sentinel written outside the BOs",
	};
	if (rig_open(&r, MSM_NODE, "a3xx", "add.f r1.x, r0.x, r0.y\nend\n"))
		return;
	rig_build(&r);
	CHECK(rig_run(&r) == IP_DRM_FENCE_OK && r.slot.state == IP_DRM_SLOT_DONE, "the good draw runs");
	for (int k = 0; k < 6; k++) {
		char log[2048] = "";
		uint8_t *p;
		enum ip_drm_fence f;
		rig_build(&r);
		ip_drm_kmsg(&r.dev, log, sizeof log);
		log[0] = '\0';
		switch (k) {
		case 0:
			p = find_dw(&r, A3XX_PKT0(A3XX_SP_VS_CTRL_REG0, 2));
			ip_put_le32(p + 4, ip_le32(p + 4) | A3XX_SP_CTRL_FOUR_QUADS);
			break;
		case 1:
			p = find_dw(&r, A3XX_PKT3(A3XX_CP_EVENT_WRITE, 1));
			ip_put_le32(p, A3XX_PKT3(0x7e, 1));
			break;
		case 2:
			p = find_dw(&r, A3XX_PKT3(A3XX_CP_DRAW_INDX, A3XX_DRAW_AUTO_DWORDS));
			ip_put_le32(p + 8, ip_le32(p + 8) ^ A3XX_DI_PT_POINTLIST ^ 4u);
			break;
		case 3: ip_put_le32(r.slot.rec, 0x12345678); break;
		case 4:
			p = find_dw(&r, A3XX_PKT0(A3XX_HLSQ_VS_CONTROL_REG, 1));
			ip_put_le32(p + 4, ip_le32(p + 4) + 1);
			break;
		default:
			p = find_dw(&r, A3XX_PKT3(A3XX_CP_MEM_WRITE, 2));
			ip_put_le32(p + 4, 0x0100);
			break;
		}
		f = rig_run(&r);
		ip_drm_kmsg(&r.dev, log, sizeof log);
		CHECK(r.slot.state == IP_DRM_SLOT_PENDING, "%s: the draw is not done", what[k]);
		if (k < 5)
			CHECK(f == IP_DRM_FENCE_CANCELLED && strstr(log, "hangcheck recover") != NULL,
			      "%s: a recovered hang (fence %d): the kernel log says: %s", what[k], f, log);
		else
			CHECK(f == IP_DRM_FENCE_OK && strstr(log, "*** fault: iova=00000100") != NULL,
			      "%s: an IOMMU fault (fence %d): the kernel log says: %s", what[k], f, log);
	}
	rig_close(&r);
}

/* r1.x after the rig's msm draw (the registers observed), or NaN when it did not finish. */
static float msm_r1x(struct rig *r, enum ip_drm_fence *f)
{
	float v = NAN;
	*f = rig_run(r);
	if (r->slot.state == IP_DRM_SLOT_DONE) {
		ip_drm_slot_finish(&r->dev, &r->slot);
		memcpy(&v, r->regs_out + 16, 4);
	}
	return v;
}

/* The a3xx GPU's state outlives a submission, as the fake's does: const units are dword pairs,
 * CACHE mode needs CACHEINVALID, a register the stream does not write keeps what the last draw
 * (or a reset) left, a draw packet freedreno would not send hangs. */
static void msm_state(void)
{
	struct rig r;
	enum ip_drm_fence f;
	const float one5 = 1.5f, two = 2.0f;
	uint8_t *p, *p2 = NULL;
	size_t p2_len = 0;
	float v;
	struct ip_program prog;
	struct ip_diag d;
	const struct ip_isa *isa = ip_isa_find("a3xx");
	/* r1.x = r0.x + c3.w: the last const of four */
	if (rig_open(&r, MSM_NODE, "a3xx", "add.f r1.x, r0.x, c3.w\nend\n"))
		return;
	ip_diag_init(&d, NULL);
	ip_program_init(&prog, isa);
	CHECK(isa->assemble("add.f r1.x, r0.x, r0.x\nend\n", &prog, &d) == 0 &&
	          isa->pack(&prog, &p2, &p2_len, &d) == 0 && p2_len == r.prog_len,
	      "a second program of the same length: %s", d.msg);
	ip_program_free(&prog);
	memcpy(r.regs, &one5, 4);
	memcpy(r.uni + 60, &two, 4);
	rig_build(&r);
	v = msm_r1x(&r, &f);
	CHECK(f == IP_DRM_FENCE_OK && v == 3.5f, "1.5 + c3.w = %g", (double)v);

	/* a hang resets the GPU: its state is what the reset left */
	rig_build(&r);
	p = find_dw(&r, A3XX_PKT0(A3XX_SP_VS_CTRL_REG0, 2));
	ip_put_le32(p + 4, ip_le32(p + 4) | A3XX_SP_CTRL_FOUR_QUADS);
	v = msm_r1x(&r, &f);
	CHECK(f == IP_DRM_FENCE_CANCELLED && isnan(v), "thread sizes that disagree: a hang");

	/* consts loaded as NUM_UNIT = vec4s: half of them; c3 holds what the reset left */
	rig_build(&r);
	p = find_dw(&r, A3XX_LOAD_STATE0(0, A3XX_SS_INDIRECT, A3XX_SB_VERT_SHADER, 8));
	ip_put_le32(p, A3XX_LOAD_STATE0(0, A3XX_SS_INDIRECT, A3XX_SB_VERT_SHADER, 4));
	v = msm_r1x(&r, &f);
	CHECK(f == IP_DRM_FENCE_OK && v != 3.5f, "consts loaded as 4 dword pairs: c3.w not loaded (%g)",
	      (double)v);
	rig_build(&r); /* as the runner loads them: 8 pairs */
	v = msm_r1x(&r, &f);
	CHECK(f == IP_DRM_FENCE_OK && v == 3.5f, "consts loaded as 8 dword pairs: %g", (double)v);

	/* a register write left out: the register keeps the last draw's value (fd3's: it runs);
	 * after a reset, the reset's (not fd3's: it hangs) */
	for (int reset = 0; reset < 2; reset++) {
		if (reset) {
			rig_build(&r);
			p = find_dw(&r, A3XX_PKT0(A3XX_SP_VS_CTRL_REG0, 2));
			ip_put_le32(p + 4, ip_le32(p + 4) | A3XX_SP_CTRL_FOUR_QUADS);
			msm_r1x(&r, &f);
		}
		rig_build(&r);
		p = find_dw(&r, A3XX_PKT0(A3XX_RB_MODE_CONTROL, 2));
		ip_put_le32(p, A3XX_PKT0(A3XX_RB_MODE_CONTROL, 1));
		ip_put_le32(p + 8, A3XX_PKT2); /* RB_RENDER_CONTROL not written */
		v = msm_r1x(&r, &f);
		CHECK(reset ? f == IP_DRM_FENCE_CANCELLED : f == IP_DRM_FENCE_OK && v == 3.5f,
		      "RB_RENDER_CONTROL left as %s: fence %d, r1.x %g",
		      reset ? "the reset left it" : "the last draw left it", f, (double)v);
	}

	/* CACHE mode without CACHEINVALID runs the cache's line for the address: the program
	 * that was there before; with it, or in BUFFER mode, the one there now */
	for (int k = 0; k < 4; k++) {
		static const char *const what[4] = {"CACHE mode, first fetch",
		                                    "CACHE mode without CACHEINVALID, another program",
		                                    "CACHE mode with CACHEINVALID", "BUFFER mode"};
		static const float want[4] = {3.5f, 3.5f, 3.0f, 3.0f};
		if (k == 1) {
			uint8_t *keep = r.prog;
			r.prog = p2;
			p2 = keep; /* freed below with the rig's */
		}
		rig_build(&r);
		p = find_dw(&r, A3XX_PKT0(A3XX_SP_VS_CTRL_REG0, 2));
		if (k < 3)
			ip_put_le32(p + 4, (ip_le32(p + 4) &
			                    ~(A3XX_SP_CTRL_BUFFER | A3XX_SP_CTRL_CACHEINVALID)) |
			                       (k == 2 ? A3XX_SP_CTRL_CACHEINVALID : 0));
		v = msm_r1x(&r, &f);
		CHECK(f == IP_DRM_FENCE_OK && v == want[k], "%s: r1.x %g, want %g", what[k], (double)v,
		      (double)want[k]);
	}

	/* CP_DRAW_INDX: 5 dwords for an auto-indexed draw, or without PRE_DRAW_INITIATOR_ENABLE */
	for (int k = 0; k < 2; k++) {
		rig_build(&r);
		p = find_dw(&r, A3XX_PKT3(A3XX_CP_DRAW_INDX, A3XX_DRAW_AUTO_DWORDS));
		if (k)
			ip_put_le32(p + 8, ip_le32(p + 8) & ~A3XX_DI_PRE_DRAW_INITIATOR_ENABLE);
		else
			ip_put_le32(p, A3XX_PKT3(A3XX_CP_DRAW_INDX, 5));
		v = msm_r1x(&r, &f);
		CHECK(f == IP_DRM_FENCE_CANCELLED && isnan(v), "%s: a hang",
		      k ? "a draw without PRE_DRAW_INITIATOR_ENABLE" : "a 5-dword auto-indexed draw");
	}
	free(p2);
	rig_close(&r);
}

int main(int argc, char **argv)
{
	(void)argc;
	/* the model extension: the descriptors are checked against the model record */
	setenv("FAKEDRM_MODEL", "1", 1);
	if (!fakedrm_under_test())
		return fakedrm_rerun("test_fakedrm", argv,
		                     PAN_NODE "=t760,/dev/dri/renderD129=g71," LIMA_NODE "=mali400,"
		                     MSM_NODE "=a320",
		                     "2" /* ms: msm's spoilt draws hang */);
	panfrost_ioctls();
	lima_ioctls();
	midgard_descriptors();
	bifrost_descriptors();
	lima_descriptors();
	msm_ioctls();
	msm_descriptors();
	msm_state();
	return check_report("test_fakedrm");
}
