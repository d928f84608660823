/* test_fakedrm_radeon.c: the fake DRM device's radeon driver refuses what the kernel refuses,
 * with its errno (GEM and CS ioctls with bad sizes, domains, handles, chunks), and a command
 * stream the kernel's checker would refuse (a relocation outside the chunk, a forbidden register,
 * an immediate draw whose size disagrees with VTX_SIZE, a colour buffer larger than its BO) is
 * refused with -EINVAL, never drawn: each case is the radeon runner's own stream with one word
 * spoilt. The unspoilt stream draws: a CTM mad of three constants over four pixels, with the
 * results worked out by hand; and the conditional output and execution it maps (tests that
 * read no buffer) with results worked out by hand, and those it refuses. The checker's
 * relocation and flags rules (r300_packet0_check, radeon_cs_parser_init): a colour buffer's
 * pitch wants a relocation unless the stream keeps its tiling flags, whose bits the kernel
 * otherwise takes from the BO (none); a flags chunk of no dword, asking for a VM or a ring an
 * R5xx lacks, is refused. Runs itself again with the fake device preloaded. */
#define _FILE_OFFSET_BITS 64
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <xf86drm.h>

#include "runners/drm/drm_dev.h"
#include "runners/drm/drm_job.h"
#include "runners/drm/drm_radeon.h"
#include "runners/drm/r5xx_regs.h"
#include "check.h"
#include "fakedrm_rerun.h"
#include "isaprobe/isa.h"

/* The job kind under test (named in its ISA's descriptor, encoders/<isa>/<isa>_isa.c). */
extern const struct ip_drm_jobkind ip_drm_ctm_radeon_kind;

#define NODE "/dev/dri/renderD128"

/* c0 * c1 + c2 on every channel, written to output 0 at (i, 0), i = 0..3; COND: where
 * conditional commands go */
#define PROGRAM(COND)                                                                          \
	"out tex_sem_wait=1 rgb_omask=rgb alpha_omask=1 {\n"                                     \
	"	rgb_addr rgb_addr0=0 rgb_addr0_const=1 rgb_addr1=1 rgb_addr1_const=1 rgb_addr2=2 "  \
	"rgb_addr2_const=1\n"                                                                     \
	"	alpha_addr alpha_addr0=0 alpha_addr0_const=1 alpha_addr1=1 alpha_addr1_const=1 "     \
	"alpha_addr2=2 alpha_addr2_const=1\n"                                                     \
	"	rgb_inst rgb_sel_b=src1\n"                                                          \
	"	alpha_inst alpha_sel_b=src1\n"                                                      \
	"	rgba_inst rgb_op=mad rgb_sel_c=src2 alpha_sel_c=src2\n"                             \
	"}\n"                                                                                     \
	"commands {\n"                                                                            \
	"	set_constf_fmt address=0x800 format.pitch=4 format.data=float32_4\n"               \
	"	set_out_fmt output=0 address=0x1000 format.pitch=1 format.data=float32_4 height=1\n" \
	"	set_domain i0=0 j0=0 i1=3 j1=0\n" COND                                             \
	"	start_program\n"                                                                    \
	"}\n"                                                                                     \
	"note proginfo 1 0\n"

static const char program[] = PROGRAM("");

static void ioctls(void)
{
	int fd = open(NODE, O_RDWR);
	struct drm_radeon_gem_create c = {.size = 4096, .initial_domain = RADEON_GEM_DOMAIN_GTT};
	struct drm_radeon_gem_mmap m = {.handle = 99};
	struct drm_radeon_info info = {.request = 0x7fff};
	struct drm_radeon_gem_busy busy = {.handle = 99};
	struct drm_radeon_cs cs = {0};
	struct drm_radeon_cs_chunk ch[2];
	struct drm_radeon_cs_reloc rel = {.handle = 99, .read_domains = RADEON_GEM_DOMAIN_GTT};
	uint64_t ptr[2] = {(uint64_t)(uintptr_t)&ch[0], (uint64_t)(uintptr_t)&ch[1]};
	uint32_t ib[2] = {R5XX_PKT2, R5XX_PKT2}, v = 0;
	CHECK(fd >= 0, "open " NODE);
	REFUSED(fd, DRM_IOCTL_RADEON_GEM_CREATE, &c, 0, "GEM_CREATE");
	c.size = 0;
	REFUSED(fd, DRM_IOCTL_RADEON_GEM_CREATE, &c, EINVAL, "GEM_CREATE size 0");
	c.size = 4096;
	c.initial_domain = 0x40;
	REFUSED(fd, DRM_IOCTL_RADEON_GEM_CREATE, &c, EINVAL, "GEM_CREATE unknown domain");
	REFUSED(fd, DRM_IOCTL_RADEON_GEM_MMAP, &m, ENOENT, "GEM_MMAP no such handle");
	REFUSED(fd, DRM_IOCTL_RADEON_GEM_BUSY, &busy, ENOENT, "GEM_BUSY no such handle");
	REFUSED(fd, DRM_IOCTL_RADEON_INFO, &info, EINVAL, "INFO unknown request");
	info.request = RADEON_INFO_DEVICE_ID;
	info.value = (uint64_t)(uintptr_t)&v;
	REFUSED(fd, DRM_IOCTL_RADEON_INFO, &info, 0, "INFO DEVICE_ID");
	CHECK(v == 0x7249, "the R580's device id: 0x%x", v);
	REFUSED(fd, DRM_IOCTL_RADEON_CS, &cs, EINVAL, "CS without chunks");
	ch[0] = (struct drm_radeon_cs_chunk){RADEON_CHUNK_ID_IB, 2, (uint64_t)(uintptr_t)ib};
	ch[1] = (struct drm_radeon_cs_chunk){0x77, 4, (uint64_t)(uintptr_t)&rel};
	cs.num_chunks = 2;
	cs.chunks = (uint64_t)(uintptr_t)ptr;
	REFUSED(fd, DRM_IOCTL_RADEON_CS, &cs, EINVAL, "CS with an unknown chunk");
	ch[1].chunk_id = RADEON_CHUNK_ID_RELOCS;
	REFUSED(fd, DRM_IOCTL_RADEON_CS, &cs, ENOENT, "CS relocating no such BO");
	ch[1].length_dw = 3;
	REFUSED(fd, DRM_IOCTL_RADEON_CS, &cs, EINVAL, "CS with a partial relocation");
	ch[0].chunk_id = RADEON_CHUNK_ID_RELOCS;
	REFUSED(fd, DRM_IOCTL_RADEON_CS, &cs, EINVAL, "CS without an IB");
	close(fd);
}

struct rig {
	struct ip_drm_dev dev;
	const struct ip_drm_jobkind *kind;
	struct ip_drm_batch b;
	struct ip_drm_slot slot, *order;
	struct ip_job job;
	struct ip_result res;
	struct ip_out_buf out;
	struct ip_buf in;
	uint8_t mem[4160], mem_out[4160], *prog;
	size_t prog_len;
};

static int rig_open(struct rig *r, const char *text)
{
	const struct ip_isa *isa = ip_isa_find("ctm");
	struct ip_program p;
	struct ip_diag d;
	int lost;
	float c[3][4] = {{1, 2, 3, 4}, {2, 2, 2, 2}, {0.5f, 0.25f, -1, 8}};
	memset(r, 0, sizeof *r);
	ip_diag_init(&d, NULL);
	if (ip_drm_open(NODE, &r->dev, &d) != 0) {
		CHECK(0, "open: %s", d.msg);
		return -1;
	}
	r->kind = ip_drm_jobkind_find("ctm", r->dev.drv);
	CHECK(r->kind == &ip_drm_ctm_radeon_kind, "the R580 runs CTM jobs");
	ip_program_init(&p, isa);
	if (isa->assemble(text, &p, &d) || isa->pack(&p, &r->prog, &r->prog_len, &d)) {
		CHECK(0, "assemble: %s", d.msg);
		return -1;
	}
	ip_program_free(&p);
	memcpy(r->mem + 0x800, c, sizeof c);
	if (ip_drm_bo_new(&r->dev, 1 << 20, 1, &r->b.code.bo, &lost, &d) ||
	    ip_drm_bo_new(&r->dev, 1 << 16, 0, &r->b.desc.bo, &lost, &d) ||
	    ip_drm_bo_new(&r->dev, 1 << 16, 0, &r->b.data.bo, &lost, &d)) {
		CHECK(0, "BOs: %s", d.msg);
		return -1;
	}
	return 0;
}

static void rig_build(struct rig *r)
{
	struct ip_drm_sizes sz = {0};
	r->in = (struct ip_buf){IP_BUF_GLOBAL, r->mem, sizeof r->mem};
	memset(&r->job, 0, sizeof r->job);
	r->job.code = r->prog;
	r->job.code_len = r->prog_len;
	r->job.inputs = &r->in;
	r->job.ninputs = 1;
	r->out = (struct ip_out_buf){IP_BUF_GLOBAL, r->mem_out, sizeof r->mem_out, 0};
	memset(&r->res, 0, sizeof r->res);
	r->res.outputs = &r->out;
	r->res.noutputs = 1;
	CHECK(r->kind->check(&r->dev, &r->job, &r->res, &sz) == NULL, "the job can run");
	memset(&r->slot, 0, sizeof r->slot);
	r->slot.job = &r->job;
	r->slot.res = &r->res;
	r->order = &r->slot;
	r->b.dev = &r->dev;
	r->b.code.used = r->b.desc.used = r->b.data.used = 0;
	r->b.slots = &r->order;
	r->b.n = 1;
	CHECK(r->kind->build(&r->b) == 0, "build");
}

/* The stream's word index of the first write of register reg (its header), or -1. */
static long find_reg(const struct rig *r, uint32_t reg)
{
	const uint32_t *ib = (const uint32_t *)(const void *)(r->b.code.bo.map + r->b.list_va);
	long n = (long)((r->b.list_end - r->b.list_va) / 4);
	for (long k = 0; k < n;) {
		uint32_t h = ib[k];
		if (R5XX_PKT_TYPE(h) == 0 && R5XX_PKT0_REG(h) == reg)
			return k;
		k += R5XX_PKT_TYPE(h) == 2 ? 1 : (long)R5XX_PKT_COUNT(h) + 2;
	}
	return -1;
}

static int submit(struct rig *r)
{
	return r->kind->kick(&r->b, 0);
}

/* Builds the stream, spoils word `at + off` of the first write of reg with v, submits. */
static void spoilt(struct rig *r, uint32_t reg, long off, uint32_t v, const char *what)
{
	long k;
	uint32_t *ib;
	rig_build(r);
	ib = (uint32_t *)(void *)(r->b.code.bo.map + r->b.list_va);
	k = find_reg(r, reg);
	CHECK(k >= 0, "%s: the stream writes 0x%x", what, reg);
	if (k < 0)
		return;
	ib[k + off] = v;
	CHECK(submit(r) == EINVAL, "%s: refused with EINVAL", what);
}

static void rig_close(struct rig *r);

static void streams(void)
{
	struct rig *r = calloc(1, sizeof *r);
	float got[4][4];
	const float want[4] = {2.5f, 4.25f, 5.0f, 16.0f}; /* (1,2,3,4) x 2 + (0.5,0.25,-1,8) */
	if (!r || rig_open(r, program) != 0) {
		free(r);
		return;
	}
	spoilt(r, R5XX_RB3D_COLOROFFSET(0), 3, 4 * 4, "a relocation outside the chunk");
	spoilt(r, R5XX_VAP_VTX_SIZE, 0, R5XX_PKT0(0x1234 & ~3u, 1), "a forbidden register");
	spoilt(r, R5XX_VAP_VTX_SIZE, 1, 7, "an immediate draw of the wrong size");
	spoilt(r, R5XX_RB3D_COLORPITCH(0), 1, 0x2000 | R5XX_CB_ARGB32323232 << 21,
	       "a colour buffer larger than its BO");
	spoilt(r, R5XX_TX_ENABLE, 1, 2, "a texture without a buffer");

	rig_build(r);
	CHECK(submit(r) == 0, "the runner's own stream is accepted");
	CHECK(ip_drm_wait(&r->dev, ip_drm_now_ns() + 5000000000LL) == IP_DRM_FENCE_OK, "it ends");
	r->slot.state = IP_DRM_SLOT_PENDING;
	r->kind->collect(&r->b, 0, IP_DRM_FENCE_OK);
	CHECK(r->res.status == IP_STATUS_OK, "status %d (%s)", r->res.status,
	      r->res.why ? r->res.why : "");
	memcpy(got, r->mem_out + 0x1000, sizeof got);
	for (int i = 0; i < 4; i++)
		for (int c = 0; c < 4; c++)
			CHECK(got[i][c] == want[c], "pixel %d channel %d: %g, want %g", i, c,
			      (double)got[i][c], (double)want[c]);
	CHECK(memcmp(r->mem_out + 0x800, r->mem + 0x800, 48) == 0, "the constants unchanged");
	rig_close(r);
	free(r);
}

/* Submits words ib[0..n) with the data BO as relocation 0 and a flags chunk of nflags dwords
 * (0: none): the CS ioctl's errno (0: accepted). */
static int raw_cs(struct rig *r, const uint32_t *ib, uint32_t n, const uint32_t *flags,
                  uint32_t nflags)
{
	struct drm_radeon_cs_reloc rel = {.handle = r->b.data.bo.handle,
	                                  .read_domains = RADEON_GEM_DOMAIN_GTT,
	                                  .write_domain = RADEON_GEM_DOMAIN_GTT};
	struct drm_radeon_cs_chunk ch[3] = {
		{RADEON_CHUNK_ID_IB, n, (uint64_t)(uintptr_t)ib},
		{RADEON_CHUNK_ID_RELOCS, 4, (uint64_t)(uintptr_t)&rel},
		{RADEON_CHUNK_ID_FLAGS, nflags, (uint64_t)(uintptr_t)flags}};
	uint64_t ptr[3] = {(uint64_t)(uintptr_t)&ch[0], (uint64_t)(uintptr_t)&ch[1],
	                   (uint64_t)(uintptr_t)&ch[2]};
	struct drm_radeon_cs cs = {.num_chunks = flags ? 3 : 2, .chunks = (uint64_t)(uintptr_t)ptr};
	r->dev.wait_bo = r->b.data.bo.handle; /* what ip_drm_wait waits on, as a submit sets it */
	return ioctl(r->dev.fd, DRM_IOCTL_RADEON_CS, &cs) == 0 ? 0 : errno;
}

/* Whether the trace's last draw line has this colour buffer pitch register. */
static int traced_pitch(const char *trace, uint32_t pitch)
{
	char line[512], want[64], last[512] = "";
	FILE *f = fopen(trace, "r");
	if (!f)
		return 0;
	while (fgets(line, sizeof line, f))
		if (strstr(line, " draw i="))
			snprintf(last, sizeof last, "%s", line);
	fclose(f);
	snprintf(want, sizeof want, "colorpitch0=0x%08x", pitch);
	return strstr(last, want) != NULL;
}

/* The checker's relocation and flags rules, on the runner's own stream. */
static void checker_rules(void)
{
	struct rig *r = calloc(1, sizeof *r);
	static const uint32_t keep[2] = {RADEON_CS_KEEP_TILING_FLAGS, RADEON_CS_RING_GFX};
	uint32_t *ib, *copy, flags[2], n, pitch;
	const char *trace = getenv("FAKEDRM_TRACE");
	long k;
	if (!r || rig_open(r, PROGRAM("")) != 0) {
		free(r);
		return;
	}
	rig_build(r);
	ib = (uint32_t *)(void *)(r->b.code.bo.map + r->b.list_va);
	n = (uint32_t)((r->b.list_end - r->b.list_va) / 4);
	k = find_reg(r, R5XX_RB3D_COLORPITCH(0));
	CHECK(k >= 0 && k + 3 < (long)n, "the stream writes RB3D_COLORPITCH0");
	if (k < 0 || !(copy = malloc(n * 4))) {
		rig_close(r);
		free(r);
		return;
	}
	CHECK(R5XX_PKT_TYPE(ib[k + 2]) == 3 && R5XX_PKT3_OP(ib[k + 2]) == R5XX_OP_NOP,
	      "a relocation NOP follows RB3D_COLORPITCH0 (as Mesa's r300 emits)");
	CHECK(raw_cs(r, ib, n, NULL, 0) == 0, "the runner's stream without a flags chunk: accepted");
	CHECK(raw_cs(r, ib, n, keep, 2) == 0, "the runner's stream keeping its tiling flags: accepted");
	/* the pitch's relocation NOP turned into two fillers */
	memcpy(copy, ib, n * 4);
	copy[k + 2] = copy[k + 3] = R5XX_PKT2;
	CHECK(raw_cs(r, copy, n, NULL, 0) == EINVAL,
	      "RB3D_COLORPITCH0 without a relocation, tiling flags not kept: refused");
	CHECK(raw_cs(r, copy, n, keep, 2) == 0,
	      "RB3D_COLORPITCH0 without a relocation, tiling flags kept: accepted");
	CHECK(raw_cs(r, copy, n, keep, 1) == 0, "a flags chunk of one dword: accepted");
	/* tiling bits in the pitch: kept with the flag, the BO's (none) without it (each run in a
	 * stream built again: a tiled output ends the job's record as unmodeled) */
	for (int kept = 1; kept >= 0; kept--) {
		rig_build(r);
		memcpy(copy, ib, n * 4);
		pitch = copy[k + 1] | 1u << 16;
		copy[k + 1] = pitch;
		CHECK(raw_cs(r, copy, n, kept ? keep : NULL, kept ? 2 : 0) == 0,
		      "a tiled colour buffer, tiling %s: accepted", kept ? "kept" : "not kept");
		CHECK(ip_drm_wait(&r->dev, ip_drm_now_ns() + 5000000000LL) == IP_DRM_FENCE_OK, "it ends");
		CHECK(traced_pitch(trace, kept ? pitch : pitch & ~(7u << 16)),
		      kept ? "the GPU holds the stream's tiling bits"
		           : "the GPU holds the BO's tiling bits (none), not the stream's");
	}
	CHECK(raw_cs(r, ib, n, keep, 0) == EINVAL, "a flags chunk of no dword: refused");
	flags[0] = RADEON_CS_KEEP_TILING_FLAGS | RADEON_CS_USE_VM;
	flags[1] = RADEON_CS_RING_GFX;
	CHECK(raw_cs(r, ib, n, flags, 2) == EINVAL, "a VM on an R5xx: refused");
	flags[0] = RADEON_CS_KEEP_TILING_FLAGS;
	flags[1] = RADEON_CS_RING_DMA;
	CHECK(raw_cs(r, ib, n, flags, 2) == EINVAL, "the DMA ring on an R5xx: refused");
	flags[1] = RADEON_CS_RING_COMPUTE;
	CHECK(raw_cs(r, ib, n, flags, 2) == 0, "the compute ring (the GFX ring before Tahiti)");
	CHECK(ip_drm_wait(&r->dev, ip_drm_now_ns() + 5000000000LL) == IP_DRM_FENCE_OK, "it ends");
	free(copy);
	rig_close(r);
	free(r);
}

/* Runs the built stream to its end and collects the job: its status. */
static enum ip_status rig_run(struct rig *r)
{
	CHECK(submit(r) == 0, "the stream is accepted");
	CHECK(ip_drm_wait(&r->dev, ip_drm_now_ns() + 5000000000LL) == IP_DRM_FENCE_OK, "it ends");
	r->slot.state = IP_DRM_SLOT_PENDING;
	r->kind->collect(&r->b, 0, IP_DRM_FENCE_OK);
	return r->res.status;
}

static void rig_close(struct rig *r)
{
	ip_drm_bo_free(&r->dev, &r->b.code.bo);
	ip_drm_bo_free(&r->dev, &r->b.desc.bo);
	ip_drm_bo_free(&r->dev, &r->b.data.bo);
	ip_drm_close(&r->dev);
	free(r->prog);
}

/* One conditional job through the fake device. want: the four pixels' values, or NULL when
 * nothing may be written (the memory stays the input); drawn: whether the stream draws. */
static void cond_case(const char *text, const float *want, int drawn, const char *what)
{
	struct rig *r = calloc(1, sizeof *r);
	enum ip_status st;
	long k;
	if (!r || rig_open(r, text) != 0) {
		free(r);
		return;
	}
	rig_build(r);
	k = find_reg(r, R5XX_US_CODE_ADDR);
	CHECK((k >= 0) == drawn, "%s: the stream %s", what, drawn ? "draws" : "draws nothing");
	st = rig_run(r);
	CHECK(st == IP_STATUS_OK, "%s: status %d (%s)", what, st, r->res.why ? r->res.why : "");
	for (int i = 0; i < 4 && want; i++)
		for (int c = 0; c < 4; c++) {
			float got;
			memcpy(&got, r->mem_out + 0x1000 + 16 * i + 4 * c, 4);
			CHECK(got == want[c], "%s: pixel %d channel %d: %g, want %g", what, i, c,
			      (double)got, (double)want[c]);
		}
	if (!want)
		CHECK(memcmp(r->mem_out, r->mem, sizeof r->mem) == 0, "%s: the memory is the input",
		      what);
	rig_close(r);
	free(r);
}

/* A conditional job the runner refuses, with a reason naming what has no R5xx counterpart. */
static void cond_refused(const char *text, const char *reason, const char *what)
{
	struct rig *r = calloc(1, sizeof *r);
	struct ip_drm_sizes sz = {0};
	const char *why;
	if (!r || rig_open(r, text) != 0) {
		free(r);
		return;
	}
	r->in = (struct ip_buf){IP_BUF_GLOBAL, r->mem, sizeof r->mem};
	r->job.code = r->prog;
	r->job.code_len = r->prog_len;
	r->job.inputs = &r->in;
	r->job.ninputs = 1;
	r->out = (struct ip_out_buf){IP_BUF_GLOBAL, r->mem_out, sizeof r->mem_out, 0};
	r->res.outputs = &r->out;
	r->res.noutputs = 1;
	why = r->kind->check(&r->dev, &r->job, &r->res, &sz);
	CHECK(why && strstr(why, reason), "%s: refused (%s)", what, why ? why : "accepted");
	rig_close(r);
	free(r);
}

/* Conditional output and execution: the tests that read no buffer, worked out by hand (the
 * program writes (2.5, 4.25, 5, 16) at each of four pixels when it writes at all). */
static void conditional(void)
{
	static const float want[4] = {2.5f, 4.25f, 5.0f, 16.0f};
	cond_case(PROGRAM("\tset_cond_loc loc=dpp\n\tset_cond_test condition=never\n"), NULL, 1,
	          "conditional output, never");
	cond_case(PROGRAM("\tset_cond_loc loc=dpp\n\tset_cond_test condition=never\n"
	                  "\tset_cond_out_mask writemask=1\n"), NULL, 1,
	          "conditional output, never, writing the buffer");
	cond_case(PROGRAM("\tset_cond_loc loc=dpp\n\tset_cond_test condition=always\n"), want, 1,
	          "conditional output, always");
	cond_case(PROGRAM("\tset_cond_loc loc=pe\n\tset_cond_test condition=never\n"), NULL, 0,
	          "conditional execution, never");
	cond_case(PROGRAM("\tset_cond_loc loc=pe\n\tset_cond_test condition=always\n"
	                  "\tset_cond_out_mask writemask=1\n"), want, 1,
	          "conditional execution, always");
	cond_case(PROGRAM("\tset_cond_out_mask writemask=1\n\tset_cond_test condition=never\n"),
	          want, 1, "a test and a mask without set_cond_loc: no conditional output");
	cond_refused(PROGRAM("\tset_cond_loc loc=dpp\n\tset_cond_test condition=less\n"),
	             "against the conditional buffer", "conditional output, less");
	cond_refused(PROGRAM("\tset_cond_loc loc=pe\n\tset_cond_test condition=notequal\n"),
	             "against the conditional buffer", "conditional execution, notequal");
	cond_refused(PROGRAM("\tset_cond_loc loc=dpp\n\tset_cond_test condition=always\n"
	                     "\tset_cond_out_mask writemask=1\n"),
	             "into the conditional buffer", "conditional output writing the buffer");
}

int main(int argc, char **argv)
{
	(void)argc;
	if (!fakedrm_under_test()) {
		/* the device's trace says what the GPU holds (checker_rules) */
		char trace[] = "/tmp/test_fakedrm_radeon_XXXXXX";
		int fd = mkstemp(trace);
		if (fd < 0)
			return 1;
		close(fd);
		setenv("FAKEDRM_TRACE", trace, 1);
		return fakedrm_rerun("test_fakedrm_radeon", argv, NODE "=r580", NULL);
	}
	ioctls();
	streams();
	checker_rules();
	conditional();
	unlink(getenv("FAKEDRM_TRACE"));
	return check_report("test_fakedrm_radeon");
}
