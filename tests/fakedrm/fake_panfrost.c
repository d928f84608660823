/* fake_panfrost.c: the fake device's panfrost driver (interface 1.1): its ioctls with the
 * kernel's checks and errnos, and a Mali job manager that walks a submitted job chain in GPU
 * memory, checks each header and descriptor as the hardware would, runs compute and vertex
 * jobs' shaders on the project's simulator (Midgard v4/v5, Bifrost v6/v7), writes each job's
 * exception status back and ends the fence as the kernel of FAKEDRM_KERNEL does: a fault
 * -EINVAL from 6.5, no error before, -ECANCELED with a reset before 5.15; a page fault kills the
 * job from 5.15, before it only logs it and the job waits for the scheduler's timeout; a hang
 * or reset -ECANCELED after the timeout. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "runners/drm/drm_uapi.h"
#include "runners/drm/model_ext.h"
#include "fakedrm.h"
#include "bifrost/bifrost.h"
#include "isaprobe/bifrost_sim.h"
#include "isaprobe/internal/drm.h"
#include "midgard/midgard.h"

#define VA_START (32ull << 20)
#define VA_END (4ull << 30)
#define EXEC_MARGIN (16ull << 20)

/* Exception codes the job manager writes (bits 7:0 of a header's first word). */
enum {
	ST_DONE = 0x01,
	ST_ACTIVE = 0x08,
	ST_JOB_CONFIG_FAULT = 0x40,
	ST_JOB_READ_FAULT = 0x42,
	ST_INSTR_TYPE_MISMATCH = 0x52,
	ST_DATA_INVALID_FAULT = 0x58,
	ST_TRANSLATION_FAULT_0 = 0xc0, /* + the level: translation_fault() */
	ST_TRANSLATION_FAULT_1 = 0xc1,
	ST_PERM_FAULT_1 = 0xc9,
};
#define ACCESS_READ 1u
#define ACCESS_EXECUTE 2u
/* AS_FAULTSTATUS's access types: another encoding than the header's */
#define MMU_ACCESS_READ 2u
#define MMU_ACCESS_WRITE 3u

/* The kernel's name for a code (panfrost_exception_name), "Unknown exception type" as it says
 * for a code its table lacks. */
static const char *exception_name(uint32_t code)
{
	const char *name = ip_mali_exception_name(code);
	return name ? name : "Unknown exception type";
}

/* ---- ioctls ---- */

static int get_param(struct fake_file *f, struct ip_panfrost_get_param *p)
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
	case 0: p->value = g->id; break;          /* GPU_PROD_ID */
	case 1: p->value = 0; break;              /* GPU_REVISION: r0p0 */
	case 2: p->value = 0xf; break;            /* SHADER_PRESENT: 4 cores */
	case 3: p->value = 1; break;              /* TILER_PRESENT */
	case 4: p->value = 1; break;              /* L2_PRESENT */
	case 5: p->value = 0xf; break;            /* STACK_PRESENT */
	case 6: p->value = 0xff; break;           /* AS_PRESENT */
	case 7: p->value = 0x7; break;            /* JS_PRESENT */
	case 12: p->value = 0x2830; break;        /* MMU_FEATURES: 48-bit VA, 40-bit PA */
	case 14: p->value = 256; break;           /* MAX_THREADS */
	case 38: p->value = 1; break;             /* NR_CORE_GROUPS */
	default:
		if (p->param > 39)                /* AFBC_FEATURES (40) came with 1.2 */
			return -EINVAL;
		p->value = 0;
	}
	return 0;
}

static int create_bo(struct fake_file *f, struct ip_panfrost_create_bo *c)
{
	struct fake_bo *bo;
	int exec = !(c->flags & IP_PANFROST_BO_NOEXEC), rc;
	if (!c->size || c->pad || (c->flags & ~(IP_PANFROST_BO_NOEXEC | IP_PANFROST_BO_HEAP)))
		return -EINVAL;
	if ((c->flags & IP_PANFROST_BO_HEAP) && exec)
		return -EINVAL; /* heaps are never executable */
	/* executable BOs keep 16 MiB away from the 4 GiB line (panfrost_drm_mm_color_adjust) */
	if (exec && f->va_next + c->size > VA_END - EXEC_MARGIN)
		return -ENOMEM;
	rc = fake_bo_create(f, c->size, c->flags, exec, &bo);
	if (rc)
		return rc;
	c->handle = bo->handle;
	c->offset = bo->va;
	fake_trace("bo handle=%u size=%zu va=0x%llx%s", bo->handle, bo->size,
	           (unsigned long long)bo->va, exec ? " exec" : "");
	return 0;
}

static int mmap_bo(struct fake_file *f, struct ip_panfrost_mmap_bo *m)
{
	struct fake_bo *bo;
	if (m->flags)
		return -EINVAL;
	if (!(bo = fake_bo_lookup(f, m->handle)))
		return -ENOENT;
	if (bo->flags & IP_PANFROST_BO_HEAP)
		return -EINVAL;
	m->offset = bo->mmap_off;
	return 0;
}

static int wait_bo(struct fake_file *f, struct ip_panfrost_wait_bo *w)
{
	struct fake_bo *bo;
	if (w->pad)
		return -EINVAL;
	if (!(bo = fake_bo_lookup(f, w->handle)))
		return -ENOENT;
	return fake_bo_wait(bo, w->timeout_ns);
}

/* ---- the job manager ---- */

struct chain {
	struct fake_file *f;
	struct fake_vm vm;
	int64_t signal_ns;
	int error;
	int stop;
	uint64_t pf_addr;    /* a program's page fault (shader_job's hang 2): the address */
	uint32_t pf_access;  /* and its MMU access type */
};

/* The syncobj's error for a job the hardware fence failed -EINVAL: the scheduler forwards it
 * from 6.5 ("drm/scheduler: properly forward fence errors"); before, the finished fence
 * signals without one. */
static int fault_error(void)
{
	return fake_kernel_before(6, 5) ? 0 : -EINVAL;
}

/* The scheduler's timeout handler: a reset; the job's fence -ECANCELED (its karma). */
static void sched_timeout(struct chain *c, uint64_t va, int64_t after_ns)
{
	fake_kmsg("panfrost: gpu sched timeout, js=1, config=0x7300, status=0x8, head=0x%x, "
	          "tail=0x%x, sched_job=0", (unsigned)va, (unsigned)va);
	c->signal_ns += after_ns;
	c->error = -ECANCELED;
}

/* A job ended with a fault code: the kernel stops the slot's chain and fails the fence; before
 * 5.15 ("drm/panfrost: Don't reset the GPU on job faults unless we really have to") every job
 * fault goes through the timeout handler at once and resets the GPU. */
static void job_fault(struct chain *c, uint8_t *hdr, uint64_t va, uint32_t code, uint32_t access,
                      const char *why)
{
	ip_put_le32(hdr, code | access << 8);
	fake_trace("  -> fault 0x%02x %s: %s", code, exception_name(code), why);
	fake_kmsg("panfrost: js fault, js=1, status=%s, head=0x%x, tail=0x%x", exception_name(code),
	          (unsigned)va, (unsigned)va);
	c->stop = 1;
	if (fake_kernel_before(5, 15))
		sched_timeout(c, va, 0);
	else
		c->error = fault_error();
}

/* The MMU's exception type for an access to addr, which no BO of the submission maps:
 * TRANSLATION_FAULT_n, n the level of the page-table walk that found no entry. panfrost's page
 * tables (io-pgtable-arm.c, arm_mali_lpae_alloc_pgtable: 4 KiB pages, a full four levels
 * whatever the input size) index level 0 by address bits 39-47, level 1 by 30-38, level 2 by
 * 21-29 and level 3 by 12-20; an entry of a level exists where a mapped BO lies in the block it
 * covers (512 GiB, 1 GiB, 2 MiB). So an address far from every BO faults at level 0 or 1 (the
 * BOs lie from 32 MiB on, below 4 GiB: 0xdead0000 is level 1), a small one at level 2
 * (nothing below 32 MiB), one beside a BO at level 3. */
static uint32_t translation_fault(const struct fake_vm *vm, uint64_t addr)
{
	static const unsigned block_bits[3] = {39, 30, 21};
	for (unsigned level = 0; level < 3; level++) {
		uint64_t lo = addr >> block_bits[level] << block_bits[level];
		uint64_t hi = lo + (UINT64_C(1) << block_bits[level]) - 1; /* last byte */
		int mapped = 0;
		for (size_t i = 0; i < vm->n && !mapped; i++)
			mapped = vm->bos[i]->size && vm->bos[i]->va <= hi &&
			         vm->bos[i]->va + (vm->bos[i]->size - 1) >= lo;
		if (!mapped)
			return ST_TRANSLATION_FAULT_0 + level;
	}
	return ST_TRANSLATION_FAULT_0 + 3;
}

/* An access to an address no BO of the submission maps: the MMU's unhandled page fault
 * (panfrost_mmu.c's log line, one record whose lines /dev/kmsg escapes). From 5.15 ("Disable the
 * AS on unhandled page faults") the address space is disabled, which kills the job: the chain
 * stops, its header unwritten, the fence as a fault's; before, it is only logged and the job
 * waits for the scheduler's timeout. */
static void page_fault(struct chain *c, uint64_t va, uint64_t addr, uint32_t access)
{
	static const char *const access_names[4] = {"ATOMIC", "EXECUTE", "READ", "WRITE"};
	uint32_t code = translation_fault(&c->vm, addr);
	fake_trace("  -> page fault at 0x%llx", (unsigned long long)addr);
	fake_kmsg("panfrost: Unhandled Page fault in AS0 at VA 0x%016llX\\x0aReason: TODO\\x0araw fault "
	          "status: 0x%X\\x0adecoded fault status: SLAVE FAULT\\x0aexception type 0x%X: %s\\x0a"
	          "access type 0x%X: %s\\x0asource id 0x0\\x0a",
	          (unsigned long long)addr, code | access << 8, code, exception_name(code), access,
	          access_names[access & 3]);
	c->stop = 1;
	if (fake_kernel_before(5, 15))
		sched_timeout(c, va, fake_hang_timeout_ns(500 * 1000000LL));
	else
		c->error = fault_error();
}

/* The six sizes an Invocation descriptor packs: local size x, y, z, work groups x, y, z. */
static int invocation_sizes(const uint8_t *inv, uint64_t sizes[6])
{
	uint32_t w0 = ip_le32(inv), w1 = ip_le32(inv + 4);
	unsigned s[7] = {0, w1 & 0x1f, w1 >> 5 & 0x1f, w1 >> 10 & 0x3f, w1 >> 16 & 0x3f,
	                 w1 >> 22 & 0x3f, 32};
	for (unsigned i = 0; i < 6; i++) {
		unsigned hi = s[i + 1] > 32 ? 32 : s[i + 1], lo = s[i];
		if (lo > hi)
			return -1; /* shifts go backwards */
		sizes[i] = (lo >= hi ? 0 : (w0 >> lo) & ((1ull << (hi - lo)) - 1)) + 1;
	}
	return 0;
}

/* The invocation count an Invocation descriptor packs (the product of its six sizes). */
static int invocations(const uint8_t *inv, uint64_t *count)
{
	uint64_t sizes[6], total = 1;
	if (invocation_sizes(inv, sizes) != 0)
		return -1;
	for (unsigned i = 0; i < 6; i++) {
		total *= sizes[i];
		if (total > 0xffffffffull)
			return -1;
	}
	*count = total;
	return 0;
}

/* Checks an attribute (or varying) table: one buffer of type 1D at the role's memory with a
 * stride of the role's block, and slots of RGBA32F at 16-byte offsets. */
static const char *check_table(const struct fake_vm *vm, uint64_t bufs, uint64_t attrs,
                               uint32_t count, const uint8_t *mem, size_t len, size_t block)
{
	const uint8_t *b, *a;
	struct fake_bo *bo;
	uint64_t ptr;
	if (!count)
		return block ? "a table without slots in the renderer state" : NULL;
	if (!(b = fake_gpu_ptr(vm, bufs, 16, NULL)) || !(a = fake_gpu_ptr(vm, attrs, 8ull * count, NULL)))
		return "attribute descriptors outside the submission's BOs";
	ptr = ip_le64(b) & 0x00ffffffffffffc0ull;
	if ((ip_le32(b) & 0x3f) != 1)
		return "attribute buffer of a type other than 1D";
	if (!mem || fake_gpu_ptr(vm, ptr, 1, &bo) != mem)
		return "attribute buffer does not point at the table";
	if (ip_le32(b + 8) != block || ip_le32(b + 12) < len)
		return "attribute buffer stride or size disagrees with the table";
	if (count != block / 16)
		return "slot count disagrees with the table's stride";
	for (uint32_t k = 0; k < count; k++) {
		uint32_t w = ip_le32(a + 8 * k);
		if ((w & 0x1ff) != 0 || !(w >> 9 & 1) || (w >> 10) != ((191u << 12) | 0x688u))
			return "an attribute other than RGBA32F of buffer 0 with its offset";
		if (ip_le32(a + 8 * k + 4) != 16 * k)
			return "an attribute slot not at 16 bytes times its index";
	}
	return NULL;
}

static size_t block_of(size_t len, uint64_t n)
{
	return (size_t)(len / n / 16 * 16);
}

/* ---- Bifrost on a GPU (no model record) ----
 * The shader runs with what the descriptors say and nothing else: the uniforms the renderer
 * state's preload word pushes, the registers its preload bits ask for (the rest hold what the
 * last shader on this GPU left in them: a GPU clears nothing between threads), and global
 * memory wherever the shader's addresses point in the submission's BOs. */
struct bf_node {
	const struct fake_node *node;
	void *sim;                             /* the Bifrost simulator (ip_bifrost_sim_open) */
	uint32_t left[BIFROST_SIM_REGS];       /* the registers the last shader left */
};
static struct bf_node bf_nodes[FAKE_MAX_NODES];

static struct bf_node *bf_node_of(const struct fake_node *node)
{
	for (unsigned i = 0; i < FAKE_MAX_NODES; i++) {
		struct bf_node *b = &bf_nodes[i];
		if (b->node == node)
			return b;
		if (!b->node) {
			struct ip_diag d;
			ip_diag_init(&d, NULL);
			if (ip_bifrost_sim_open(NULL, &b->sim, &d) != 0)
				return NULL;
			b->node = node;
			/* what a GPU holds before any shader: nothing anyone can rely on */
			for (unsigned r = 0; r < BIFROST_SIM_REGS; r++)
				b->left[r] = 0xdead0000u | r;
			return b;
		}
	}
	return NULL;
}

struct bf_run {
	struct bf_node *bn;
	const struct fake_vm *vm;
	uint64_t sizes[6];   /* local size x, y, z, work groups x, y, z */
	uint32_t preload;    /* the renderer state's preload word (word 12) */
	unsigned type;       /* job type: 4 compute, 5 vertex */
	uint64_t miss_va;    /* the first access no BO maps */
	int missed, miss_write;
};

/* Compute preloads (genxml v6/v7 Compute Preload; registers: Mesa's bifrost_compile.c,
 * hw_interfaces.md 2.6): bit 7 local invocation x | y << 16 -> r55, 8 local z -> r56, 9-11
 * work group x, y, z -> r57-r59, 12-14 global invocation x, y, z -> r60-r62. Vertex jobs:
 * no preload is modelled (the drm runner sends compute jobs only). */
static void bf_init_regs(void *ctx, uint32_t k, uint32_t regs[BIFROST_SIM_REGS])
{
	const struct bf_run *r = ctx;
	uint64_t rest = k, local[3], group[3];
	memcpy(regs, r->bn->left, sizeof r->bn->left);
	if (r->type != 4)
		return;
	for (unsigned i = 0; i < 3; i++) {
		local[i] = rest % r->sizes[i];
		rest /= r->sizes[i];
	}
	for (unsigned i = 0; i < 3; i++) {
		group[i] = rest % r->sizes[3 + i];
		rest /= r->sizes[3 + i];
	}
	if (r->preload >> 7 & 1)
		regs[55] = (uint32_t)(local[0] | local[1] << 16);
	if (r->preload >> 8 & 1)
		regs[56] = (uint32_t)local[2];
	for (unsigned i = 0; i < 3; i++) {
		if (r->preload >> (9 + i) & 1)
			regs[57 + i] = (uint32_t)group[i];
		if (r->preload >> (12 + i) & 1)
			regs[60 + i] = (uint32_t)(group[i] * r->sizes[i] + local[i]);
	}
}

static uint8_t *bf_map(void *ctx, uint64_t va, size_t n, int write)
{
	struct bf_run *r = ctx;
	uint8_t *p = fake_gpu_ptr(r->vm, va, n, NULL);
	if (!p && !r->missed) {
		r->missed = 1;
		r->miss_va = va;
		r->miss_write = write;
	}
	return p;
}

/* Runs a Bifrost job's shader as a GPU would: res gets the simulator's result. A load or
 * store at an address no BO maps is an MMU page fault: *hang 2, with the address and access in
 * c (the job manager writes no status for it). Returns a fault code, or 0. */
static uint32_t bf_gpu_run(struct chain *c, const struct fake_job *j, const uint8_t *job,
                           const uint8_t *rsd, struct ip_result *res, const char **why,
                           int *hang)
{
	struct bifrost_sim_io io = {0};
	struct bf_run r = {0};
	uint8_t first[BIFROST_SIM_REGS_BYTES];
	const struct fake_role *u = &j->role[IP_BUF_UNIFORMS];
	r.bn = bf_node_of(c->f->node);
	if (!r.bn) {
		res->status = IP_STATUS_RUNNER_ERROR;
		*why = res->why = "the fake device cannot open the Bifrost simulator";
		return 0;
	}
	r.vm = &c->vm;
	r.preload = ip_le32(rsd + 48);
	r.type = ip_le32(job + 16) >> 1 & 0x7f;
	if (invocation_sizes(job + 32, r.sizes) != 0)
		return ST_DATA_INVALID_FAULT; /* checked before: not reached */
	io.code = j->code;
	/* the core fetches clause after clause: the program ends where no clause starts (Mesa
	 * pads 128 zero bytes after the last one); the simulator decodes that much */
	io.code_len = bifrost_clauses_len(j->code, j->code_len);
	if (!io.code_len)
		io.code_len = j->code_len;
	io.uniforms = u->mem;
	io.uniforms_len = u->mem ? u->in_len : 0;
	io.init_regs = bf_init_regs;
	io.init_ctx = &r;
	io.regs_out = first;
	io.regs_out_cap = sizeof first;
	io.invocations = j->invocations;
	io.map = bf_map;
	io.map_ctx = &r;
	io.map_fault = ST_TRANSLATION_FAULT_1;
	memset(res, 0, sizeof *res);
	ip_bifrost_sim_exec(r.bn->sim, &io, res);
	for (unsigned k = 0; k < BIFROST_SIM_REGS; k++)
		r.bn->left[k] = ip_le32(first + 4 * k);
	*why = res->why;
	if (res->status == IP_STATUS_FAULT && r.missed) {
		*hang = 2;
		c->pf_addr = r.miss_va;
		c->pf_access = r.miss_write ? MMU_ACCESS_WRITE : MMU_ACCESS_READ;
	}
	return 0;
}

/* How much of a Midgard shader's memory the simulator needs: its words up to the first whose
 * type has no known size (the runner's zero padding after a program is type 0), that word
 * included. The simulator decodes nothing past such a word, so nothing after it can run: the
 * rest of the BO (other jobs' code) need not be decoded, nor hashed for injected faults. */
static size_t midgard_extent(const uint8_t *code, size_t len)
{
	size_t at = 0;
	while (at < len) {
		unsigned words = midgard_tag_words(code[at] & 0xF);
		if (!words)
			return len - at < 16 ? len : at + 16;
		at += words * 4u;
	}
	return len;
}

/* Runs a compute or vertex job's shader. Returns the exception code (0: done) and why. */
static uint32_t shader_job(struct chain *c, uint8_t *job, uint64_t va, struct ip_result *res,
                           const char **why, uint32_t *access, enum fake_inject inj,
                           uint32_t inj_code, int *hang /* 1: hangs, 2: page faults */)
{
	struct fake_node *node = c->f->node;
	unsigned arch = node->gpu.arch;
	const uint8_t *draw = job + 64, *rsd, *ls;
	struct fake_bo *code_bo;
	struct fake_job j;
	uint64_t n, rsd_va, shader, ls_va, rec_va;
	uint32_t props;
	(void)va;
	memset(&j, 0, sizeof j);
	*access = 0;
	if (invocations(job + 32, &n) != 0) {
		*why = "invocation descriptor shifts out of order";
		return ST_DATA_INVALID_FAULT;
	}
	j.invocations = (uint32_t)n;
	if (n > FAKE_MAX_INVOCATIONS) {
		*why = "more invocations than the fake runs in one job (a limit of the fake)";
		return ST_JOB_CONFIG_FAULT;
	}
	if (!(ip_le32(draw) & 2)) {
		*why = "draw descriptor not marked 64-bit";
		return ST_DATA_INVALID_FAULT;
	}
	rsd_va = ip_le64(draw + 4 * 14);
	if ((rsd_va & 63) || !(rsd = fake_gpu_ptr(&c->vm, rsd_va, 64, NULL))) {
		*why = "renderer state unaligned or outside the submission's BOs";
		*access = ACCESS_READ;
		return ST_TRANSLATION_FAULT_1;
	}
	ls_va = ip_le64(draw + 4 * 28);
	if (!(ls = fake_gpu_ptr(&c->vm, ls_va, 32, NULL))) {
		*why = "thread storage outside the submission's BOs";
		*access = ACCESS_READ;
		return ST_TRANSLATION_FAULT_1;
	}
	shader = ip_le64(rsd);
	if (arch <= 5)
		shader &= ~0xfull; /* Midgard: the low nibble is the first word's tag */
	props = ip_le32(rsd + 16);
	rec_va = ip_le64(ls + IP_MODEL_LS_OFFSET);
	if (fake_model_ext) {
		uint8_t *rec = rec_va ? fake_gpu_ptr(&c->vm, rec_va, IP_MODEL_RECORD_BYTES, NULL) : NULL;
		if (!rec || (*why = fake_read_record(&c->vm, rec, &j)) != NULL) {
			if (!rec)
				*why = "no model record in the thread storage (words 6-7)";
			return ST_DATA_INVALID_FAULT;
		}
	}
	if (!(j.code = fake_gpu_ptr(&c->vm, shader, fake_model_ext ? (j.code_len ? j.code_len : 1) : 1,
	                            &code_bo))) {
		*why = "shader outside the submission's BOs";
		*access = ACCESS_EXECUTE;
		return ST_TRANSLATION_FAULT_1;
	}
	if (!code_bo->exec) {
		*why = "shader in a NOEXEC buffer";
		*access = ACCESS_EXECUTE;
		return ST_PERM_FAULT_1;
	}
	if (!fake_model_ext) { /* the hardware fetches until the program ends: all the BO holds */
		j.code_len = code_bo->size - (shader - code_bo->va);
		if (arch <= 5)
			j.code_len = midgard_extent(j.code, j.code_len);
	}
	if (arch <= 5 && (ip_le64(rsd) & 0xf) != (j.code[0] & 0xfu)) {
		*why = "the renderer state's first tag is not the first word's";
		return ST_INSTR_TYPE_MISMATCH;
	}
	if (arch <= 5) {
		uint64_t ubos = ip_le64(draw + 4 * 6), push = ip_le64(draw + 4 * 12);
		const uint8_t *ubo = ubos ? fake_gpu_ptr(&c->vm, ubos, 8, NULL) : NULL;
		uint32_t ucount = props >> 21 & 0x1f, nattr = ip_le32(rsd + 12) & 0xffff,
		         nvary = ip_le32(rsd + 12) >> 16;
		uint64_t u0 = ubo ? (ip_le64(ubo) >> 12) << 4 : 0;
		size_t u_len = ubo ? ((ip_le64(ubo) & 0xfff) + 1) * 16 : 0;
		struct fake_role *ur = &j.role[IP_BUF_UNIFORMS];
		struct fake_role *ar = &j.role[IP_BUF_ATTRIBUTES];
		struct fake_role *vr = j.role[IP_BUF_VARYINGS_OUT].mem || !fake_model_ext
		                           ? &j.role[IP_BUF_VARYINGS_OUT]
		                           : &j.role[IP_BUF_VARYINGS_IN];
		j.uniform_regs = (int)ucount;
		if (ubos && !ubo) {
			*why = "uniform buffer descriptors outside the submission's BOs";
			*access = ACCESS_READ;
			return ST_TRANSLATION_FAULT_1;
		}
		if (!fake_model_ext) {
			ur->mem = u0 ? fake_gpu_ptr(&c->vm, u0, u_len, NULL) : NULL;
			ur->in_len = ur->mem ? u_len : 0;
		} else if (ur->mem && (!ubo || fake_gpu_ptr(&c->vm, u0, 1, NULL) != ur->mem ||
		                       u_len < ur->in_len)) {
			*why = "uniform buffer 0 is not the uniforms";
			return ST_DATA_INVALID_FAULT;
		}
		if (ucount && (!ur->mem || fake_gpu_ptr(&c->vm, push, 1, NULL) != ur->mem)) {
			*why = "push uniforms are not uniform buffer 0";
			return ST_DATA_INVALID_FAULT;
		}
		if (!fake_model_ext) {
			/* the hardware's tables: read and written in place */
			uint64_t bufs[2] = {ip_le64(draw + 4 * 16), ip_le64(draw + 4 * 20)};
			struct fake_role *sides[2][2] = {{ar, ar},
			                                 {&j.role[IP_BUF_VARYINGS_IN], &j.role[IP_BUF_VARYINGS_OUT]}};
			for (int t = 0; t < 2; t++) {
				const uint8_t *b = bufs[t] ? fake_gpu_ptr(&c->vm, bufs[t], 16, NULL) : NULL;
				uint8_t *mem;
				size_t size;
				if (!b)
					continue;
				size = ip_le32(b + 12);
				mem = fake_gpu_ptr(&c->vm, ip_le64(b) & 0x00ffffffffffffc0ull, size, NULL);
				for (int side = 0; side < 2 && mem; side++) {
					sides[t][side]->mem = mem;
					sides[t][side]->in_len = size;
					sides[t][side]->out_cap = size;
				}
			}
		}
		{
			size_t alen = ar->in_len > ar->out_cap ? ar->in_len : ar->out_cap;
			size_t vlen = vr->in_len > vr->out_cap ? vr->in_len : vr->out_cap;
			size_t ablock = block_of(ar->in_len ? ar->in_len : ar->out_cap, n);
			size_t vblock = block_of(vr->in_len ? vr->in_len : vr->out_cap, n);
			if ((*why = check_table(&c->vm, ip_le64(draw + 4 * 16), ip_le64(draw + 4 * 18), nattr,
			                        ar->mem, alen, ar->mem ? ablock : 0)) != NULL ||
			    (*why = check_table(&c->vm, ip_le64(draw + 4 * 20), ip_le64(draw + 4 * 22), nvary,
			                        vr->mem, vlen, vr->mem ? vblock : 0)) != NULL)
				return ST_DATA_INVALID_FAULT;
		}
	} else {
		uint64_t push = ip_le64(draw + 4 * 12);
		size_t push_len = (size_t)(ip_le32(rsd + 48) >> 15 & 0x7f) * 8;
		struct fake_role *ur = &j.role[IP_BUF_UNIFORMS];
		j.uniform_regs = -1;
		if (!fake_model_ext) {
			ur->mem = push_len ? fake_gpu_ptr(&c->vm, push, push_len, NULL) : NULL;
			ur->in_len = ur->mem ? push_len : 0;
		} else if (ur->mem && (fake_gpu_ptr(&c->vm, push, 1, NULL) != ur->mem ||
		                       push_len < ur->in_len)) {
			*why = "push uniforms are not the uniforms";
			return ST_DATA_INVALID_FAULT;
		}
	}
	switch (fake_program_inject(inj, inj_code, j.code, j.code_len, &inj_code)) {
	case FAKE_FAULT:
		*why = "injected (FAKEDRM_INJECT)";
		return inj_code;
	case FAKE_HANG:
		*hang = 1;
		*why = "injected (FAKEDRM_INJECT)";
		return 0;
	case FAKE_PAGE_FAULT:
		*hang = 2; /* the program reads an address nothing maps */
		*why = "injected (FAKEDRM_INJECT)";
		return 0;
	default: break;
	}
	fake_trace("  shader=0x%llx code=%zu invocations=%llu uniforms=%zu attributes=%zu/%zu "
	           "varyings=%zu/%zu registers=%zu/%zu record=0x%llx",
	           (unsigned long long)shader, j.code_len, (unsigned long long)n,
	           j.role[IP_BUF_UNIFORMS].in_len, j.role[IP_BUF_ATTRIBUTES].in_len,
	           j.role[IP_BUF_ATTRIBUTES].out_cap, j.role[IP_BUF_VARYINGS_IN].in_len,
	           j.role[IP_BUF_VARYINGS_OUT].out_cap, j.role[IP_BUF_REGISTERS].in_len,
	           j.role[IP_BUF_REGISTERS].out_cap, (unsigned long long)rec_va);
	if (arch >= 6 && !fake_model_ext)
		return bf_gpu_run(c, &j, job, rsd, res, why, hang);
	fake_run_sim(node, &j, res);
	*why = res->why;
	return 0;
}

static const char *job_type_name(unsigned t)
{
	static const char *const names[] = {"not-started", "null",   "write-value", "cache-flush",
	                                    "compute",     "vertex", "geometry",    "tiler",
	                                    "fused",       "fragment"};
	return t < sizeof names / sizeof names[0] ? names[t] : "?";
}

static void run_chain(struct chain *c, uint64_t jc)
{
	uint8_t seen[65536 / 8];
	uint64_t va = jc;
	memset(seen, 0, sizeof seen);
	c->signal_ns = fake_now_ns();
	while (va && !c->stop) {
		uint8_t *hdr = fake_gpu_ptr(&c->vm, va, 192, NULL);
		uint32_t w4, w5, type, index, dep1, dep2, code, access = 0;
		enum fake_inject inj;
		uint32_t inj_code = 0;
		struct ip_result res;
		const char *why = NULL;
		int hang = 0;
		uint64_t k, next;
		if (!hdr || (va & 63)) {
			/* the job manager cannot read (or write) the header: an MMU fault */
			fake_trace("job va=0x%llx", (unsigned long long)va);
			page_fault(c, va, va, MMU_ACCESS_READ);
			return;
		}
		w4 = ip_le32(hdr + 16);
		w5 = ip_le32(hdr + 20);
		type = w4 >> 1 & 0x7f;
		index = w4 >> 16;
		dep1 = w5 & 0xffff;
		dep2 = w5 >> 16;
		next = ip_le64(hdr + 24);
		k = fake_next_job(&inj, &inj_code);
		fake_trace("job %llu va=0x%llx type=%s index=%u deps=%u,%u next=0x%llx",
		           (unsigned long long)k, (unsigned long long)va, job_type_name(type), index, dep1,
		           dep2, (unsigned long long)next);
		if (!(w4 & 1) || !index || (seen[index / 8] >> (index % 8) & 1) ||
		    (dep1 && !(seen[dep1 / 8] >> (dep1 % 8) & 1)) ||
		    (dep2 && !(seen[dep2 / 8] >> (dep2 % 8) & 1))) {
			job_fault(c, hdr, va, ST_JOB_CONFIG_FAULT, 0,
			          "32-bit descriptors, index 0 or repeated, or a dependency on a job "
			          "not before it");
			return;
		}
		seen[index / 8] |= (uint8_t)(1u << (index % 8));
		switch (inj) {
		case FAKE_RESET:
			fake_trace("  inject reset");
			fake_kmsg("panfrost: GPU reset while job 0x%x ran", (unsigned)va);
			c->error = -ECANCELED;
			return;
		case FAKE_LOST:
		case FAKE_UNPLUG:
			fake_trace("  inject %s", inj == FAKE_LOST ? "lost" : "unplug");
			fake_node_lose(c->f->node, inj);
			c->signal_ns = INT64_MAX;
			c->stop = 1;
			return;
		default: break; /* faults and hangs: the program's (shader_job) */
		}
		if (type == 1) { /* null job */
			ip_put_le32(hdr, ST_DONE);
			va = next;
			continue;
		}
		if (type != 4 && type != 5) {
			job_fault(c, hdr, va, ST_JOB_CONFIG_FAULT, 0, "a job type the fake does not run");
			return;
		}
		memset(&res, 0, sizeof res);
		code = shader_job(c, hdr, va, &res, &why, &access, inj, inj_code, &hang);
		if (code) {
			job_fault(c, hdr, va, code, access, why);
			return;
		}
		if (hang == 2) {
			/* the program's load or store where nothing is mapped (an injected one reads an
			 * address no BO of the fake ever has) */
			page_fault(c, va, c->pf_addr ? c->pf_addr : 0xdead0000ull,
			           c->pf_addr ? c->pf_access : MMU_ACCESS_READ);
			return;
		}
		if (hang)
			res.status = IP_STATUS_TIMEOUT;
		switch (res.status) {
		case IP_STATUS_FAULT:
			code = res.fault > 0x3f ? res.fault & 0xff : ST_DATA_INVALID_FAULT;
			job_fault(c, hdr, va, code, 0, why ? why : "the simulator faulted");
			return;
		case IP_STATUS_TIMEOUT:
			/* the shader never ends: the scheduler's timeout, a reset, the fence cancelled */
			ip_put_le32(hdr, ST_ACTIVE);
			fake_trace("  -> hang: %s", why ? why : "");
			sched_timeout(c, va, fake_hang_timeout_ns(500 * 1000000LL));
			return;
		case IP_STATUS_OK:
			ip_put_le32(hdr, ST_DONE);
			fake_trace("  -> done");
			break;
		default:
			if (!fake_model_ext) {
				/* no hardware can say "the model does not know": a documented stand-in */
				job_fault(c, hdr, va, ST_DATA_INVALID_FAULT, 0, why ? why : "unmodeled");
				return;
			}
			ip_put_le32(hdr, ST_DONE);
			fake_trace("  -> done, model says %s: %s", res.status == IP_STATUS_UNMODELED ?
			           "unmodeled" : res.status == IP_STATUS_INVALID ? "invalid" : "runner_error",
			           why ? why : "");
		}
		va = next;
	}
}

static int submit(struct fake_file *f, struct ip_panfrost_submit *s)
{
	struct fake_syncobj *out = NULL;
	struct fake_bo *bos[256];
	uint32_t handles[256];
	struct chain c;
	int rc;
	if (!s->jc)
		return -EINVAL;
	if (s->requirements & ~IP_PANFROST_JD_REQ_FS)
		return -EINVAL;
	if (s->out_sync && !(out = fake_syncobj_lookup(f, s->out_sync)))
		return -ENODEV;
	if (s->in_sync_count) {
		uint32_t in[64];
		if (s->in_sync_count > 64)
			return -EINVAL;
		if ((rc = fake_copy_in(in, s->in_syncs, s->in_sync_count * 4)) != 0)
			return rc;
		for (uint32_t i = 0; i < s->in_sync_count; i++)
			if (!fake_syncobj_lookup(f, in[i]))
				return -ENOENT;
	}
	if (s->bo_handle_count > 256)
		return -EINVAL; /* a limit of the fake, not of the kernel: said in the trace */
	if ((rc = fake_copy_in(handles, s->bo_handles, s->bo_handle_count * 4u)) != 0)
		return rc;
	for (uint32_t i = 0; i < s->bo_handle_count; i++)
		if (!(bos[i] = fake_bo_lookup(f, handles[i])))
			return -ENOENT;
	fake_trace("submit fd=%d jc=0x%llx bos=%u requirements=0x%x out_sync=%u", f->fd,
	           (unsigned long long)s->jc, s->bo_handle_count, s->requirements, s->out_sync);
	fake_count_submission();
	memset(&c, 0, sizeof c);
	c.f = f;
	c.vm.bos = bos;
	c.vm.n = s->bo_handle_count;
	run_chain(&c, s->jc);
	return fake_submission_end(out, bos, s->bo_handle_count, c.signal_ns, c.error);
}

static int pan_ioctl(struct fake_file *f, unsigned nr, void *arg)
{
	switch (nr) {
	case IP_PANFROST_SUBMIT: return submit(f, arg);
	case IP_PANFROST_WAIT_BO: return wait_bo(f, arg);
	case IP_PANFROST_CREATE_BO: return create_bo(f, arg);
	case IP_PANFROST_MMAP_BO: return mmap_bo(f, arg);
	case IP_PANFROST_GET_PARAM: return get_param(f, arg);
	case IP_PANFROST_GET_BO_OFFSET: {
		struct ip_panfrost_get_bo_offset *o = arg;
		struct fake_bo *bo = fake_bo_lookup(f, o->handle);
		if (!bo)
			return -ENOENT;
		o->offset = bo->va;
		return 0;
	}
	case 6: case 7: return -ENOSYS; /* performance counters: the unstable_ioctls parameter is off */
	case IP_PANFROST_MADVISE: {
		struct ip_panfrost_madvise *m = arg;
		if (!fake_bo_lookup(f, m->handle))
			return -ENOENT;
		m->retained = 1;
		return 0;
	}
	default: return -EINVAL;
	}
}

/* panfrost_drm.h, driver 1.1: name, size, copied in, copied out */
static const struct fake_ioctl ioctls[] = {
	{"PANFROST_SUBMIT", 40, 1, 0},        {"PANFROST_WAIT_BO", 16, 1, 0},
	{"PANFROST_CREATE_BO", 24, 1, 1},     {"PANFROST_MMAP_BO", 16, 1, 1},
	{"PANFROST_GET_PARAM", 16, 1, 1},     {"PANFROST_GET_BO_OFFSET", 16, 1, 1},
	{"PANFROST_PERFCNT_ENABLE", 8, 1, 0}, {"PANFROST_PERFCNT_DUMP", 8, 1, 0},
	{"PANFROST_MADVISE", 12, 1, 1},
};

const struct fake_driver fake_panfrost = {
	.name = "panfrost",
	.date = "20180908",
	.desc = "panfrost DRM",
	.major = 1,
	.minor = 1,
	.patch = 0,
	.ioctls = ioctls,
	.nioctls = sizeof ioctls / sizeof ioctls[0],
	.ioctl = pan_ioctl,
	.va_start = VA_START,
	.va_end = VA_END,
};
