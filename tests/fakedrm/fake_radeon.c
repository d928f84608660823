/* fake_radeon.c: the fake device's radeon driver (KMS 2.50, an R5xx): INFO, GEM create, mmap,
 * busy and wait-idle, and CS: the IB's packets checked as the kernel's r300 checker does (packet
 * types, the registers it lets through, relocations, buffer bounds, immediate draw sizes), the
 * R5xx 3D state decoded from the register writes, and each rectangle drawn by running the CTM
 * simulator over it with the program, textures, colour buffers and constants the registers set.
 * A lockup stops the ring: its fence and those after it never signal until a waiter
 * (GEM_WAIT_IDLE) finds the lockup and resets the GPU, as radeon's fences do. docs/fakedrm.md. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <radeon_drm.h>

#include "runners/drm/model_ext.h"
#include "runners/drm/r5xx_regs.h"
#include "isaprobe/ctm_sim.h"
#include "ctm/ctm.h"
#include "fakedrm.h"

#define IB_MAX_DW (256u * 1024) /* a limit of the fake, as the kernel's IB pool has one */
#define MAX_RELOCS 64
#define RING_MAX 256            /* streams queued behind a lockup: a limit of the fake */
#define LOCKUP_TIMEOUT_NS (10000 * 1000000LL) /* radeon.lockup_timeout's default */
#define WAIT_IDLE_NS (30 * 1000000000LL)      /* GEM_WAIT_IDLE gives up after 30 s */
/* registers outside the runner's (r300.c r300_packet0_check) */
#define ZB_DEPTHOFFSET 0x4f20
#define ZB_DEPTHPITCH 0x4f24
#define ZB_ZPASS_ADDR 0x4f58
#define RB3D_AARESOLVE_OFFSET 0x4e80

static uint32_t resets; /* GPU_RESET_COUNTER */
/* The GFX ring after a lockup: when the lockup check marks the GPU for reset (0: no lockup),
 * and the fences that wait for the reset (a stream's fence never signals while the ring is
 * stopped). */
static int64_t lockup_ns;
static struct fake_fence *stalled[RING_MAX];
static unsigned nstalled;

static int info(struct fake_file *f, struct drm_radeon_info *in)
{
	uint64_t v = 0;
	size_t n = 4;
	if (in->request == IP_MODEL_PARAM && fake_model_ext)
		v = 1;
	else if (fake_model_ext && fake_counter(in->request, &v) == 0)
		n = 8;
	else if (in->request == RADEON_INFO_DEVICE_ID)
		v = f->node->gpu.id;
	else if (in->request == RADEON_INFO_NUM_GB_PIPES)
		v = 1;
	else if (in->request == RADEON_INFO_GPU_RESET_COUNTER)
		v = resets;
	else
		return -EINVAL;
	return fake_copy_out(in->value, &v, n);
}

static int gem_create(struct fake_file *f, struct drm_radeon_gem_create *c)
{
	struct fake_bo *bo;
	int rc;
	if (!c->size || !c->initial_domain ||
	    (c->initial_domain & ~(uint32_t)(RADEON_GEM_DOMAIN_CPU | RADEON_GEM_DOMAIN_GTT |
	                                      RADEON_GEM_DOMAIN_VRAM)) ||
	    (c->alignment & (c->alignment - 1)))
		return -EINVAL;
	if ((rc = fake_bo_create(f, c->size, c->flags, 0, &bo)) != 0)
		return rc;
	c->handle = bo->handle;
	fake_trace("bo handle=%u size=%zu", bo->handle, bo->size);
	return 0;
}

static int gem_mmap(struct fake_file *f, struct drm_radeon_gem_mmap *m)
{
	struct fake_bo *bo = fake_bo_lookup(f, m->handle);
	if (!bo)
		return -ENOENT;
	m->addr_ptr = bo->mmap_off;
	return 0;
}

static int gem_busy(struct fake_file *f, struct drm_radeon_gem_busy *b)
{
	struct fake_bo *bo = fake_bo_lookup(f, b->handle);
	if (!bo)
		return -ENOENT;
	b->domain = RADEON_GEM_DOMAIN_GTT;
	return bo->fence && bo->fence->signal_ns > fake_now_ns() ? -EBUSY : 0;
}

/* The waiter's reset (radeon_gem_handle_lockup, radeon_gpu_reset): the GPU comes back, the
 * fences of the stopped ring complete (without an error), the reset counter moves. */
static void gpu_reset(void)
{
	fake_kmsg("radeon 0000:01:00.0: ring 0 stalled for more than %lldmsec",
	          (long long)(fake_hang_timeout_ns(LOCKUP_TIMEOUT_NS) / 1000000));
	fake_kmsg("radeon 0000:01:00.0: GPU lockup (current fence id 0x%x last fence id 0x%x on "
	          "ring 0)", resets, resets + nstalled);
	fake_kmsg("radeon 0000:01:00.0: GPU softreset: 0x00000001");
	fake_kmsg("radeon 0000:01:00.0: GPU reset succeeded, trying to resume");
	resets++;
	for (unsigned i = 0; i < nstalled; i++) {
		stalled[i]->signal_ns = fake_now_ns();
		fake_fence_put(stalled[i]);
	}
	nstalled = 0;
	lockup_ns = 0;
	fake_trace("gpu reset (a waiter found the lockup)");
}

/* GEM_WAIT_IDLE: waits up to 30 s for the BO's fence (-EBUSY after); a fence the ring's lockup
 * holds ends when the lockup check marks the GPU (-EDEADLK inside the kernel), and this waiter
 * resets it: -EAGAIN. GEM_BUSY never does (radeon_gem.c). */
static int gem_wait_idle(struct fake_file *f, struct drm_radeon_gem_wait_idle *w)
{
	struct fake_bo *bo = fake_bo_lookup(f, w->handle);
	int64_t now = fake_now_ns();
	int rc;
	if (!bo)
		return -ENOENT;
	if (bo->fence && bo->fence->signal_ns == INT64_MAX && lockup_ns) {
		struct fake_fence *check = fake_fence_new(lockup_ns, 0);
		if (!check)
			return -ENOMEM;
		rc = fake_fence_wait(check, now + WAIT_IDLE_NS);
		fake_fence_put(check);
		if (rc)
			return -EBUSY;
		if (lockup_ns)
			gpu_reset();
		return -EAGAIN;
	}
	rc = fake_bo_wait(bo, now + WAIT_IDLE_NS);
	return rc == -ETIMEDOUT ? -EBUSY : rc;
}

/* ---- the command stream ---- */

struct reloc_at {
	struct fake_bo *bo;
	int set;
};

/* What the IB set, as the GPU holds it. */
struct r5xx {
	struct fake_file *f;
	const uint32_t *ib;
	uint32_t n, at;
	struct fake_bo *relocs[MAX_RELOCS];
	uint32_t nrelocs;
	uint32_t reg[0x10000 / 4];        /* the 3D registers below 0x10000 */
	struct reloc_at tex[R5XX_TEX_UNITS], cb[R5XX_COLOR_BUFFERS];
	uint32_t code[R5XX_US_INSTRS * CTM_INSTR_WORDS];
	uint32_t consts[R5XX_US_CONSTS * 4];
	uint32_t vec_word;                /* words written since GA_US_VECTOR_INDEX */
	uint8_t *record;                  /* the model NOP's record, its constants' counts */
	uint32_t nf, ni, nb, cmd_off;
	struct fake_bo *rec_bo;
	int run;                          /* 0: the kernel's check, 1: the GPU running it */
	uint32_t cs_flags;                /* the flags chunk's first dword */
	uint32_t draws;                   /* draws the check found */
	int64_t signal_ns;
	int hung;                         /* a draw locked the GPU up */
};

static int reject(struct r5xx *x, const char *msg, uint32_t v)
{
	fake_kmsg("[drm:r300_cs_parse] *ERROR* %s (0x%x at dword %u)", msg, v, x->at);
	return -EINVAL;
}

/* Registers the kernel's checker wants a relocation NOP after (r300_packet0_check): colour,
 * depth, texture and resolve addresses, the z-pass counter's; and the colour and depth
 * buffers' pitches, whose tiling bits the kernel takes from the relocated BO, unless the stream
 * set RADEON_CS_KEEP_TILING_FLAGS. */
static int reloc_reg(uint32_t r, uint32_t cs_flags)
{
	int keep = cs_flags & RADEON_CS_KEEP_TILING_FLAGS;
	return (r >= R5XX_TX_OFFSET(0) && r < R5XX_TX_OFFSET(R5XX_TEX_UNITS)) ||
	       (r >= R5XX_RB3D_COLOROFFSET(0) && r < R5XX_RB3D_COLOROFFSET(R5XX_COLOR_BUFFERS)) ||
	       r == ZB_DEPTHOFFSET || r == ZB_ZPASS_ADDR || r == RB3D_AARESOLVE_OFFSET ||
	       (!keep && ((r >= R5XX_RB3D_COLORPITCH(0) && r < R5XX_RB3D_COLORPITCH(R5XX_COLOR_BUFFERS)) ||
	                  r == ZB_DEPTHPITCH));
}

/* The registers the kernel's R5xx checker lets a stream write (those the runner uses, and those
 * with a relocation rule). */
static int allowed(uint32_t r)
{
	static const uint32_t one[] = {
		R5XX_WAIT_UNTIL, R5XX_VAP_CNTL_STATUS, R5XX_VAP_VTE_CNTL, R5XX_VAP_VTX_SIZE,
		R5XX_VAP_OUT_VTX_FMT_0, R5XX_VAP_OUT_VTX_FMT_1, R5XX_VAP_PROG_STREAM_CNTL_0,
		R5XX_RS_IP_0, R5XX_RS_COUNT, R5XX_RS_INST_COUNT, R5XX_RS_INST_0,
		R5XX_GA_US_VECTOR_INDEX, R5XX_GA_US_VECTOR_DATA, R5XX_TX_ENABLE, R5XX_SC_SCISSOR0,
		R5XX_SC_SCISSOR1, R5XX_US_CONFIG, R5XX_US_PIXSIZE, R5XX_US_FC_BOOL_CONST,
		R5XX_US_FC_CTRL, R5XX_US_CODE_ADDR, R5XX_US_CODE_RANGE, R5XX_US_CODE_OFFSET,
		R5XX_RB3D_CCTL, R5XX_RB3D_COLOR_CHANNEL_MASK, R5XX_RB3D_DSTCACHE_CTLSTAT, R5XX_ZB_CNTL,
	};
	for (size_t i = 0; i < sizeof one / sizeof one[0]; i++)
		if (r == one[i])
			return 1;
	return reloc_reg(r, 0) ||
	       (r >= R5XX_TX_FILTER0(0) && r < R5XX_TX_OFFSET(R5XX_TEX_UNITS)) ||
	       (r >= R5XX_US_OUT_FMT(0) && r < R5XX_US_OUT_FMT(R5XX_COLOR_BUFFERS)) ||
	       (r >= R5XX_US_FC_INT_CONST(0) && r < R5XX_US_FC_INT_CONST(R5XX_US_INT_CONSTS));
}

/* The relocation NOP that must follow a write of an address: the BO it names. */
static int next_reloc(struct r5xx *x, uint32_t r, struct fake_bo **bo)
{
	uint32_t h, idx;
	char msg[64];
	snprintf(msg, sizeof msg, "No reloc for ib[%u]=0x%04X", x->at, r);
	if (x->at + 2 > x->n)
		return reject(x, msg, 0);
	h = x->ib[x->at];
	if (R5XX_PKT_TYPE(h) != 3 || R5XX_PKT3_OP(h) != R5XX_OP_NOP || R5XX_PKT_COUNT(h) != 0)
		return reject(x, msg, h);
	idx = x->ib[x->at + 1];
	if (idx % 4 || idx / 4 >= x->nrelocs)
		return reject(x, "relocation index outside the relocation chunk", idx);
	*bo = x->relocs[idx / 4];
	x->at += 2;
	return 0;
}

static void vector_write(struct r5xx *x, uint32_t v)
{
	uint32_t vi = x->reg[R5XX_GA_US_VECTOR_INDEX / 4];
	uint32_t index = vi & 0x1ff, k = x->vec_word++;
	if (vi & R5XX_US_VECTOR_CONST) {
		if (index * 4 + k < R5XX_US_CONSTS * 4)
			x->consts[index * 4 + k] = v;
	} else if (index * CTM_INSTR_WORDS + k < R5XX_US_INSTRS * CTM_INSTR_WORDS) {
		x->code[index * CTM_INSTR_WORDS + k] = v;
	}
}

static int write_reg(struct r5xx *x, uint32_t r, uint32_t v)
{
	struct fake_bo *bo = NULL;
	int rc;
	if (!allowed(r))
		return reject(x, "forbidden register", r);
	if (reloc_reg(r, x->cs_flags) && (rc = next_reloc(x, r, &bo)) != 0)
		return rc;
	/* a pitch relocated without KEEP_TILING_FLAGS: its tiling bits are the BO's (none) */
	if (!(x->cs_flags & RADEON_CS_KEEP_TILING_FLAGS) &&
	    ((r >= R5XX_RB3D_COLORPITCH(0) && r < R5XX_RB3D_COLORPITCH(R5XX_COLOR_BUFFERS)) ||
	     r == ZB_DEPTHPITCH))
		v &= ~(7u << 16);
	x->reg[r / 4] = v;
	if (r == R5XX_GA_US_VECTOR_INDEX)
		x->vec_word = 0;
	else if (r == R5XX_GA_US_VECTOR_DATA)
		vector_write(x, v);
	if (r >= R5XX_TX_OFFSET(0) && r < R5XX_TX_OFFSET(R5XX_TEX_UNITS))
		x->tex[(r - R5XX_TX_OFFSET(0)) / 4] = (struct reloc_at){bo, 1};
	else if (r >= R5XX_RB3D_COLOROFFSET(0) && r < R5XX_RB3D_COLOROFFSET(R5XX_COLOR_BUFFERS))
		x->cb[(r - R5XX_RB3D_COLOROFFSET(0)) / 4] = (struct reloc_at){bo, 1};
	return 0;
}

static unsigned format_of_tex(uint32_t fmt)
{
	for (unsigned k = 0; k < R5XX_CTM_FORMATS; k++)
		if (r5xx_ctm_formats[k].tex == (fmt & 0x1f))
			return r5xx_ctm_formats[k].ctm;
	return 5; /* no CTM format: reserved */
}

static unsigned format_of_out(uint32_t fmt)
{
	for (unsigned k = 0; k < R5XX_CTM_FORMATS; k++)
		if (r5xx_ctm_formats[k].out == (fmt & 0x1f))
			return r5xx_ctm_formats[k].ctm;
	return 5;
}

static int cpp_of_cb(uint32_t cb)
{
	switch (cb) {
	case R5XX_CB_RGB565: return 2;
	case R5XX_CB_ARGB8888: return 4;
	case R5XX_CB_ARGB16161616: return 8;
	case R5XX_CB_ARGB32323232: return 16;
	default: return 0;
	}
}

/* The kernel's checks at a draw: colour buffers and textures inside their BOs. */
static int track_check(struct r5xx *x)
{
	uint32_t ncb = ((x->reg[R5XX_RB3D_CCTL / 4] >> 5) & 3) + 1;
	uint32_t maxy = ((x->reg[R5XX_SC_SCISSOR1 / 4] >> 13) & 0x1fff) + 1;
	uint32_t tex = x->reg[R5XX_TX_ENABLE / 4];
	/* no channel written (and no blending or clear, which the device refuses): the kernel
	 * checks no colour buffer (r100_cs_track_check) */
	if (x->reg[R5XX_RB3D_COLOR_CHANNEL_MASK / 4] == 0)
		ncb = 0;
	if (x->reg[R5XX_ZB_CNTL / 4] & 3)
		return reject(x, "a depth buffer the stream never set", x->reg[R5XX_ZB_CNTL / 4]);
	for (uint32_t k = 0; k < ncb; k++) {
		uint32_t pitch = x->reg[R5XX_RB3D_COLORPITCH(k) / 4];
		int cpp = cpp_of_cb(pitch >> 21 & 0xf);
		uint64_t end = (uint64_t)x->reg[R5XX_RB3D_COLOROFFSET(k) / 4] +
		               (uint64_t)(pitch & 0x3ffe) * (uint64_t)cpp * maxy;
		if (!x->cb[k].set)
			return reject(x, "no buffer for a colour buffer", k);
		if (!cpp)
			return reject(x, "invalid colour buffer format", pitch);
		if (end > x->cb[k].bo->size)
			return reject(x, "buffer too small for a colour buffer", (uint32_t)end);
	}
	for (uint32_t k = 0; k < R5XX_TEX_UNITS; k++) {
		uint32_t f0 = x->reg[R5XX_TX_FORMAT0(k) / 4], f2 = x->reg[R5XX_TX_FORMAT2(k) / 4];
		uint64_t w = ((f0 & 0x7ff) | (f2 >> 15 & 1) << 11) + 1;
		uint64_t h = ((f0 >> 11 & 0x7ff) | (f2 >> 16 & 1) << 11) + 1;
		uint64_t pitch = f0 & R5XX_TX_PITCH_EN ? (f2 & 0x3fff) + 1 : w;
		unsigned fmt = format_of_tex(x->reg[R5XX_TX_FORMAT1(k) / 4]);
		if (!(tex >> k & 1))
			continue;
		if (!x->tex[k].set)
			return reject(x, "no buffer for a texture", k);
		if (fmt > 4)
			return reject(x, "a texture format the checker does not know", fmt);
		if ((x->reg[R5XX_TX_OFFSET(k) / 4] & ~0x1fu) +
		        pitch * h * (uint64_t)ctm_element_size(fmt) > x->tex[k].bo->size)
			return reject(x, "texture bigger than its buffer", k);
	}
	return 0;
}

/* The model record's job memory (vm: the record's BO at GPU address = offset). */
static void record_fail(struct r5xx *x, enum ip_status st, const char *why)
{
	struct ip_model_record r;
	if (!x->record)
		return;
	memcpy(&r, x->record, sizeof r);
	if (r.done && r.status != IP_STATUS_OK)
		return;
	r.done = 1;
	r.status = st;
	memset(r.out_len, 0, sizeof r.out_len);
	snprintf(r.why, sizeof r.why, "%s", why);
	memcpy(x->record, &r, sizeof r);
}

static void surface_from(struct ctm_surface *s, uint64_t addr, uint64_t base)
{
	s->set = 1;
	s->base = (uint32_t)(addr - base);
}

/* Runs one rectangle on the simulator. */
static void draw(struct r5xx *x, const uint32_t *vtx)
{
	struct ctm_machine m;
	struct ctm_stop stop;
	struct ip_model_record r;
	struct fake_bo tmp, *vmbos[1];
	struct fake_vm vm = {vmbos, 1};
	struct fake_job j;
	uint8_t *mem;
	size_t mem_len;
	uint64_t base = 0;
	float fx[4], fy[4], tx[4], ty[4];
	uint32_t s0 = x->reg[R5XX_SC_SCISSOR0 / 4], s1 = x->reg[R5XX_SC_SCISSOR1 / 4];
	uint32_t addr = x->reg[R5XX_US_CODE_ADDR / 4], ncb, mask;
	uint32_t start = addr & 0x1ff, end = addr >> 16 & 0x1ff;
	enum fake_inject what;
	uint32_t fcode = 0;
	uint64_t job;
	float x0, x1, y0, y1;

	for (unsigned k = 0; k < 4; k++) {
		memcpy(&fx[k], &vtx[8 * k], 4);
		memcpy(&fy[k], &vtx[8 * k + 1], 4);
		memcpy(&tx[k], &vtx[8 * k + 4], 4);
		memcpy(&ty[k], &vtx[8 * k + 5], 4);
	}
	x0 = x1 = fx[0];
	y0 = y1 = fy[0];
	for (unsigned k = 0; k < 4; k++) {
		x0 = fx[k] < x0 ? fx[k] : x0;
		x1 = fx[k] > x1 ? fx[k] : x1;
		y0 = fy[k] < y0 ? fy[k] : y0;
		y1 = fy[k] > y1 ? fy[k] : y1;
		if (tx[k] != fx[k] - 0.5f || ty[k] != fy[k] - 0.5f) {
			record_fail(x, IP_STATUS_RUNNER_ERROR, "the rectangle's texture coordinate 0 is not "
			                                       "its position - 0.5: r0 would not be (i, j)");
			return;
		}
	}
	ctm_machine_reset(&m);
	if (x->record) {
		memcpy(&r, x->record, sizeof r);
		if (r.done && r.status != IP_STATUS_OK)
			return; /* an earlier draw of the job stopped it */
		tmp = *x->rec_bo;
		tmp.va = 0;
		vmbos[0] = &tmp;
		memset(&j, 0, sizeof j);
		if (fake_read_record(&vm, x->record, &j) || !j.role[IP_BUF_GLOBAL].mem) {
			record_fail(x, IP_STATUS_RUNNER_ERROR, "model record: no job memory");
			return;
		}
		mem = j.role[IP_BUF_GLOBAL].mem;
		mem_len = j.role[IP_BUF_GLOBAL].in_len > j.role[IP_BUF_GLOBAL].out_cap
		              ? j.role[IP_BUF_GLOBAL].in_len : j.role[IP_BUF_GLOBAL].out_cap;
		base = r.role[IP_MODEL_GLOBAL].va;
		if (r.budget)
			m.budget = r.budget;
	} else {
		/* no record: the memory is the first colour buffer's BO, addresses its offsets */
		if (!x->cb[0].set)
			return;
		mem = x->cb[0].bo->map;
		mem_len = x->cb[0].bo->size;
	}
	m.mem = mem;
	m.mem_len = mem_len;
	m.code = x->code + start * CTM_INSTR_WORDS;
	m.ninstr = end >= start ? end - start + 1 : 0;
	m.fc_mode = x->reg[R5XX_US_FC_CTRL / 4] & R5XX_US_FC_FULL ? CTM_FC_FULL : CTM_FC_PARTIAL;
	m.i0 = (uint32_t)(x0 > (float)(s0 & 0x1fff) ? x0 : (float)(s0 & 0x1fff));
	m.j0 = (uint32_t)(y0 > (float)(s0 >> 13 & 0x1fff) ? y0 : (float)(s0 >> 13 & 0x1fff));
	m.i1 = (uint32_t)(x1 - 1 < (float)(s1 & 0x1fff) ? x1 - 1 : (float)(s1 & 0x1fff));
	m.j1 = (uint32_t)(y1 - 1 < (float)(s1 >> 13 & 0x1fff) ? y1 - 1 : (float)(s1 >> 13 & 0x1fff));
	m.domain_set = 1;
	if (x->nf != 0xffffffffu) {
		m.fconst_regs = x->consts;
		m.nfconst = x->nf;
	}
	if (x->ni != 0xffffffffu) {
		m.iconst_regs = &x->reg[R5XX_US_FC_INT_CONST(0) / 4];
		m.niconst = x->ni;
	}
	if (x->nb != 0xffffffffu) {
		m.bconst_in_reg = 1;
		m.bconst_reg = x->reg[R5XX_US_FC_BOOL_CONST / 4];
		m.nbconst = x->nb;
	}
	for (unsigned k = 0; k < R5XX_TEX_UNITS; k++) {
		uint32_t f0 = x->reg[R5XX_TX_FORMAT0(k) / 4], f2 = x->reg[R5XX_TX_FORMAT2(k) / 4];
		uint32_t off = x->reg[R5XX_TX_OFFSET(k) / 4];
		struct ctm_surface *s = &m.input[k];
		if (!(x->reg[R5XX_TX_ENABLE / 4] >> k & 1))
			continue;
		surface_from(s, off & ~0x1fu, base);
		s->tiling = (off >> 2 & 1) | (off >> 3 & 1) << 1;
		s->format = format_of_tex(x->reg[R5XX_TX_FORMAT1(k) / 4]);
		s->pitch = f0 & R5XX_TX_PITCH_EN ? (f2 & 0x3fff) + 1 : (f0 & 0x7ff) + 1;
		s->height = ((f0 >> 11 & 0x7ff) | (f2 >> 16 & 1) << 11) + 1;
	}
	ncb = ((x->reg[R5XX_RB3D_CCTL / 4] >> 5) & 3) + 1;
	for (unsigned k = 0; k < ncb; k++) {
		uint32_t pitch = x->reg[R5XX_RB3D_COLORPITCH(k) / 4];
		uint32_t out = x->reg[R5XX_US_OUT_FMT(k) / 4];
		struct ctm_surface *s = &m.output[k];
		if ((out & 0x1f) == R5XX_OUT_UNUSED)
			continue;
		surface_from(s, x->reg[R5XX_RB3D_COLOROFFSET(k) / 4], base);
		s->pitch = pitch & 0x3ffe;
		s->tiling = pitch >> 16 & 3;
		s->format = format_of_out(out);
		s->height = m.j1 + 1;
	}
	mask = x->reg[R5XX_RB3D_COLOR_CHANNEL_MASK / 4];
	m.out_mask = (mask >> 2 & 1) | (mask & 2) | (mask & 1) << 2 | (mask & 8);
	if (x->hung || x->signal_ns == INT64_MAX)
		return; /* the GPU is locked up or gone: nothing after it runs */
	job = fake_next_job(&what, &fcode);
	fake_trace("job %llu draw i=%u-%u j=%u-%u instructions=%u colorpitch0=0x%08x record=%s",
	           (unsigned long long)job, m.i0, m.i1, m.j0, m.j1, m.ninstr,
	           x->reg[R5XX_RB3D_COLORPITCH(0) / 4], x->record ? "yes" : "no");
	if (what == FAKE_LOST || what == FAKE_UNPLUG) {
		fake_trace("  inject %s", what == FAKE_LOST ? "lost" : "unplug");
		fake_node_lose(x->f->node, what);
		x->signal_ns = INT64_MAX;
		return;
	}
	if (what != FAKE_RESET)
		what = fake_program_inject(what, fcode, (const uint8_t *)m.code, m.ninstr * 24u, &fcode);
	if (what == FAKE_HANG || what == FAKE_RESET) {
		/* the GPU locks up: nothing after it runs until a waiter resets it */
		fake_trace("  inject %s: lockup", what == FAKE_HANG ? "hang" : "reset");
		x->hung = 1;
		return;
	}
	memset(&stop, 0, sizeof stop);
	if (ctm_start_program(&m, &stop) != 0 && stop.status == IP_STATUS_OK)
		stop.status = IP_STATUS_RUNNER_ERROR;
	if (stop.status == IP_STATUS_TIMEOUT) {
		/* a program that never ends locks the GPU up (a model's record says no more) */
		fake_trace("  -> lockup: %s", stop.why ? stop.why : "the program does not end");
		x->hung = 1;
		return;
	}
	if (stop.status != IP_STATUS_OK && stop.where == 0)
		stop.where = x->cmd_off; /* as the command processor says it */
	if (x->record) {
		memcpy(&r, x->record, sizeof r);
		r.done = 1;
		r.status = (uint32_t)stop.status;
		r.fault = 0;
		r.invocation = stop.invocation;
		r.where = stop.where;
		r.steps += m.steps;
		memset(r.out_len, 0, sizeof r.out_len);
		if (stop.status == IP_STATUS_OK)
			r.out_len[IP_MODEL_GLOBAL] = r.role[IP_MODEL_GLOBAL].out_cap;
		snprintf(r.why, sizeof r.why, "%s", stop.why ? stop.why : "");
		memcpy(x->record, &r, sizeof r);
	}
}

static int packet3(struct r5xx *x, uint32_t h)
{
	uint32_t cnt = R5XX_PKT_COUNT(h) + 1;
	const uint32_t *p = x->ib + x->at + 1;
	int rc;
	if (x->at + 1 + cnt > x->n)
		return reject(x, "a packet runs past the end of the IB", h);
	switch (R5XX_PKT3_OP(h)) {
	case R5XX_OP_NOP:
		if (cnt == 7 && p[0] == R5XX_MODEL_NOP_MAGIC && fake_model_ext && x->run) {
			struct fake_bo *bo;
			if (p[1] % 4 || p[1] / 4 >= x->nrelocs)
				return reject(x, "model record: relocation outside the chunk", p[1]);
			bo = x->relocs[p[1] / 4];
			x->record = (uint64_t)p[2] + IP_MODEL_RECORD_BYTES <= bo->size ? bo->map + p[2] : NULL;
			x->rec_bo = bo;
			x->nf = p[3];
			x->ni = p[4];
			x->nb = p[5];
			x->cmd_off = p[6];
		}
		break;
	case R5XX_OP_3D_DRAW_IMMD_2: {
		uint32_t vf = p[0], nv = vf >> 16, vs = x->reg[R5XX_VAP_VTX_SIZE / 4] & 0x7f;
		if ((vf >> 4 & 3) != 3)
			return reject(x, "PRIM_WALK must be 3 for an immediate draw", vf);
		if (cnt - 1 != vs * nv)
			return reject(x, "an immediate draw's dwords are not VTX_SIZE x vertices", cnt - 1);
		if ((rc = track_check(x)) != 0)
			return rc;
		if (!x->run) {
			uint32_t addr = x->reg[R5XX_US_CODE_ADDR / 4];
			uint32_t start = addr & 0x1ff, end = addr >> 16 & 0x1ff;
			if (end >= start &&
			    fake_refuse_program(x->draws + 1, (const uint8_t *)(x->code + start * CTM_INSTR_WORDS),
			                        (end - start + 1) * CTM_INSTR_WORDS * 4u))
				return reject(x, "injected (FAKEDRM_INJECT refuse): the checker refuses this "
				                 "job's stream", x->draws + 1);
		}
		x->draws++;
		if (!x->run)
			break;
		if ((vf & 0xf) != R5XX_VF_PRIM_QUADS || nv != R5XX_RECT_VERTICES || vs != R5XX_VTX_DWORDS)
			record_fail(x, IP_STATUS_RUNNER_ERROR, "the fake GPU draws one quad of 8-dword "
			                                       "vertices");
		else
			draw(x, p + 1);
		break;
	}
	default:
		return reject(x, "packet3 opcode not supported", R5XX_PKT3_OP(h));
	}
	x->at += 1 + cnt;
	return 0;
}

/* Walks the IB: 0, or -EINVAL as the kernel's checker refuses it. */
static int parse(struct r5xx *x)
{
	int rc;
	x->at = 0;
	while (x->at < x->n) {
		uint32_t h = x->ib[x->at], cnt = R5XX_PKT_COUNT(h) + 1;
		switch (R5XX_PKT_TYPE(h)) {
		case 0: {
			uint32_t r = R5XX_PKT0_REG(h), one = R5XX_PKT0_ONE_REG(h);
			uint32_t first = x->at + 1;
			if (first + cnt > x->n)
				return reject(x, "a packet runs past the end of the IB", h);
			x->at = first + cnt; /* a relocation NOP follows the whole packet */
			for (uint32_t k = 0; k < cnt; k++)
				if ((rc = write_reg(x, one ? r : r + 4 * k, x->ib[first + k])) != 0)
					return rc;
			break;
		}
		case 2:
			x->at++;
			break;
		case 3:
			if ((rc = packet3(x, h)) != 0)
				return rc;
			break;
		default:
			return reject(x, "unknown packet type", h);
		}
	}
	return 0;
}

static int cs(struct fake_file *f, struct drm_radeon_cs *c)
{
	uint64_t ptrs[8];
	struct drm_radeon_cs_chunk ch[8];
	struct drm_radeon_cs_reloc rl[MAX_RELOCS];
	struct fake_bo *bos[MAX_RELOCS];
	struct r5xx *x;
	uint32_t *ib = NULL;
	uint32_t flags[3] = {0, RADEON_CS_RING_GFX, 0};
	int ib_i = -1, rel_i = -1, rc;
	if (!c->num_chunks || c->num_chunks > 8)
		return -EINVAL;
	if ((rc = fake_copy_in(ptrs, c->chunks, c->num_chunks * 8)) != 0)
		return rc;
	for (uint32_t i = 0; i < c->num_chunks; i++) {
		if ((rc = fake_copy_in(&ch[i], ptrs[i], sizeof ch[i])) != 0)
			return rc;
		if (ch[i].chunk_id == RADEON_CHUNK_ID_IB)
			ib_i = (int)i;
		else if (ch[i].chunk_id == RADEON_CHUNK_ID_RELOCS)
			rel_i = (int)i;
		else if (ch[i].chunk_id != RADEON_CHUNK_ID_FLAGS)
			return -EINVAL;
		else if (!ch[i].length_dw)
			return -EINVAL; /* "zero length flags aren't useful" */
		else if ((rc = fake_copy_in(flags, ch[i].chunk_data,
		                            4 * (ch[i].length_dw < 3 ? ch[i].length_dw : 3))) != 0)
			return rc;
	}
	/* radeon_cs_parser_init: no VM on an R5xx; the GFX ring (COMPUTE is the GFX ring before
	 * Tahiti; no DMA ring before RV770; UVD and VCE have no checker here) */
	if (flags[0] & RADEON_CS_USE_VM) {
		fake_kmsg("[drm:radeon_cs_parser_init] *ERROR* VM not active on asic!");
		return -EINVAL;
	}
	if (flags[1] != RADEON_CS_RING_GFX && flags[1] != RADEON_CS_RING_COMPUTE) {
		fake_kmsg("[drm:radeon_cs_ioctl] *ERROR* Failed to initialize parser !");
		return -EINVAL;
	}
	if (ib_i < 0 || !ch[ib_i].length_dw || ch[ib_i].length_dw > IB_MAX_DW)
		return -EINVAL;
	if (rel_i >= 0 && (ch[rel_i].length_dw % 4 || ch[rel_i].length_dw / 4 > MAX_RELOCS))
		return -EINVAL;
	if (!(x = calloc(1, sizeof *x)) || !(ib = malloc(ch[ib_i].length_dw * 4u))) {
		free(x);
		return -ENOMEM;
	}
	rc = fake_copy_in(ib, ch[ib_i].chunk_data, ch[ib_i].length_dw * 4u);
	x->nrelocs = rel_i < 0 ? 0 : ch[rel_i].length_dw / 4;
	if (!rc && x->nrelocs)
		rc = fake_copy_in(rl, ch[rel_i].chunk_data, x->nrelocs * sizeof rl[0]);
	for (uint32_t i = 0; !rc && i < x->nrelocs; i++)
		if (!(bos[i] = x->relocs[i] = fake_bo_lookup(f, rl[i].handle)))
			rc = -ENOENT;
	if (!rc) {
		x->f = f;
		x->ib = ib;
		x->cs_flags = flags[0];
		x->n = ch[ib_i].length_dw;
		x->nf = x->ni = x->nb = 0xffffffffu;
		x->signal_ns = fake_now_ns();
		/* the ring runs streams in order: this one ends after those before it */
		for (uint32_t i = 0; i < x->nrelocs; i++)
			if (bos[i]->fence && bos[i]->fence->signal_ns > x->signal_ns)
				x->signal_ns = bos[i]->fence->signal_ns;
		fake_trace("cs fd=%d ib=%u relocs=%u", f->fd, x->n, x->nrelocs);
		/* the kernel checks the whole stream before the GPU runs any of it */
		rc = parse(x);
		if (!rc && fake_take_fault(x->draws)) {
			fake_trace("  inject fault: the stream is refused");
			rc = reject(x, "injected: the checker refuses the stream", x->draws);
		}
	}
	if (!rc) {
		struct r5xx *y = x;
		memset(&y->reg, 0, sizeof y->reg);
		memset(y->tex, 0, sizeof y->tex);
		memset(y->cb, 0, sizeof y->cb);
		y->record = NULL;
		y->vec_word = 0;
		/* a GPU's constant registers are all there; a model's NOP says how many memory held */
		y->nf = fake_model_ext ? 0xffffffffu : R5XX_US_CONSTS;
		y->ni = fake_model_ext ? 0xffffffffu : R5XX_US_INT_CONSTS;
		y->nb = fake_model_ext ? 0xffffffffu : 32;
		y->run = 1;
		if (lockup_ns)
			y->signal_ns = INT64_MAX; /* the ring is stopped: nothing of it runs */
		rc = parse(y);
	}
	if (!rc) {
		/* a stream that locks the GPU up, or queued behind one, ends when a waiter resets it */
		int stall = x->hung || lockup_ns;
		if (x->hung && !lockup_ns)
			lockup_ns = fake_now_ns() + fake_hang_timeout_ns(LOCKUP_TIMEOUT_NS);
		fake_count_submission();
		rc = fake_submission_end(NULL, bos, x->nrelocs, stall ? INT64_MAX : x->signal_ns, 0);
		if (!rc && stall && x->nrelocs && nstalled < RING_MAX) {
			stalled[nstalled++] = bos[0]->fence;
			bos[0]->fence->refs++;
		}
	}
	free(ib);
	free(x);
	return rc;
}

static int radeon_ioctl(struct fake_file *f, unsigned nr, void *arg)
{
	switch (nr) {
	case DRM_RADEON_GEM_CREATE: return gem_create(f, arg);
	case DRM_RADEON_GEM_MMAP: return gem_mmap(f, arg);
	case DRM_RADEON_GEM_WAIT_IDLE: return gem_wait_idle(f, arg);
	case DRM_RADEON_CS: return cs(f, arg);
	case DRM_RADEON_INFO: return info(f, arg);
	case DRM_RADEON_GEM_BUSY: return gem_busy(f, arg);
	default: return -EINVAL;
	}
}

/* radeon_drm.h: name, size, copied in, copied out */
static const struct fake_ioctl ioctls[] = {
	[DRM_RADEON_GEM_CREATE] = {"RADEON_GEM_CREATE", 32, 1, 1},
	[DRM_RADEON_GEM_MMAP] = {"RADEON_GEM_MMAP", 32, 1, 1},
	[DRM_RADEON_GEM_WAIT_IDLE] = {"RADEON_GEM_WAIT_IDLE", 8, 1, 0},
	[DRM_RADEON_CS] = {"RADEON_CS", 32, 1, 1},
	[DRM_RADEON_INFO] = {"RADEON_INFO", 16, 1, 1},
	[DRM_RADEON_GEM_BUSY] = {"RADEON_GEM_BUSY", 8, 1, 1},
};

const struct fake_driver fake_radeon = {
	.name = "radeon",
	.date = "20080528",
	.desc = "ATI Radeon",
	.major = 2,
	.minor = 50,
	.patch = 0,
	.ioctls = ioctls,
	.nioctls = sizeof ioctls / sizeof ioctls[0],
	.ioctl = radeon_ioctl,
	.va_start = 1ull << 20,
	.va_end = 1ull << 40,
};
