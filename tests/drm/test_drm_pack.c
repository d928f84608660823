/* test_drm_pack.c: what the drm runner writes for the GPU, against values worked out by hand
 * from the hardware's layouts (docs/drm-sources.md): invocation packing (the reference's worked
 * examples), job headers and chains, uniform buffer and attribute descriptors, a Midgard vertex
 * job and a Utgard GP VS command list as the builders write them, and the GPU id tables. */
#include <stdlib.h>
#include <string.h>

#include "runners/drm/drm_gpus.h"
#include "runners/drm/drm_job.h"
#include "runners/drm/drm_panfrost.h"
#include "runners/drm/model_ext.h"
#include "runners/drm/pan_jobs.h"
#include "check.h"
#include "isaprobe/internal/drm.h"

/* The job kinds under test (named in the ISAs' descriptors, encoders/<isa>/<isa>_isa.c). */
extern const struct ip_drm_jobkind ip_drm_midgard_kind, ip_drm_utgard_gp_kind;

static uint64_t r64(const uint8_t *p)
{
	return ip_le32(p) | (uint64_t)ip_le32(p + 4) << 32;
}

/* An arena over plain memory at a made-up GPU address. */
static void arena(struct ip_drm_arena *a, uint64_t va, size_t size)
{
	memset(a, 0, sizeof *a);
	a->bo.map = calloc(1, size);
	a->bo.size = size;
	a->bo.va = va;
}

static void test_invocation(void)
{
	const uint32_t one[3] = {1, 1, 1}, four[3] = {4, 1, 1}, vert5[3] = {1, 5, 1};
	uint32_t w[2];
	pan_pack_invocation(one, one, w);
	CHECK(w[0] == 0 && w[1] == 0, "1x1x1: %08x %08x", w[0], w[1]);
	pan_pack_invocation(four, one, w); /* hw_interfaces.md 2.4: word0 3, word1 0x20820842 */
	CHECK(w[0] == 3 && w[1] == 0x20820842, "local 4x1x1: %08x %08x", w[0], w[1]);
	/* 5 vertices: 5 work groups in Y; shift of group Z 3 */
	pan_pack_invocation(one, vert5, w);
	CHECK(w[0] == 4 && w[1] == 0x00c00000, "5 vertices: %08x %08x", w[0], w[1]);
	/* as a vertex job, as Mesa packs it (the graphics quirk): Z shift 32, split 2 */
	pan_pack_invocation_graphics(one, vert5, w);
	CHECK(w[0] == 4 && w[1] == 0x28000000, "5 vertices, graphics: %08x %08x", w[0], w[1]);
	pan_pack_invocation_graphics(four, vert5, w); /* local X 4: shifts 2, 2, 2, 2, 5 -> 32 */
	CHECK(w[0] == (3u | 4u << 2) && w[1] == (2u | 2u << 5 | 2u << 10 | 2u << 16 | 32u << 22 |
	                                            2u << 28),
	      "local 4, 5 vertices, graphics: %08x %08x", w[0], w[1]);
	CHECK(pan_log2_ceil(1) == 0 && pan_log2_ceil(2) == 1 && pan_log2_ceil(3) == 2 &&
	          pan_log2_ceil(4) == 2 && pan_log2_ceil(5) == 3,
	      "log2 ceil");
}

static void test_gpus(void)
{
	struct ip_drm_gpu g;
	ip_drm_panfrost_gpu(0x0750, &g);
	CHECK(!strcmp(g.model, "t760") && !strcmp(g.isa, "midgard") && g.arch == 5, "0x750: %s", g.model);
	/* the T604's register says 0x6956; panfrost gives userspace 0x0600 (panfrost_gpu.c) */
	ip_drm_panfrost_gpu(0x0600, &g);
	CHECK(!strcmp(g.model, "t604") && !strcmp(g.isa, "midgard") && g.arch == 4, "0x0600: %s %u",
	      g.model, g.arch);
	ip_drm_panfrost_gpu(0x0620, &g);
	CHECK(!strcmp(g.model, "t628") && !strcmp(g.isa, "midgard"), "0x620: %s", g.model);
	ip_drm_panfrost_gpu(0x7212, &g); /* G52: 0x7212 & 0xf00f = 0x7002 */
	CHECK(!strcmp(g.model, "g52") && !strcmp(g.isa, "bifrost") && g.arch == 7, "0x7212: %s", g.model);
	ip_drm_panfrost_gpu(0x7402, &g); /* G52 r1 */
	CHECK(!strcmp(g.model, "g52"), "0x7402: %s", g.model);
	ip_drm_panfrost_gpu(0x6221, &g); /* G72 */
	CHECK(!strcmp(g.model, "g72") && g.arch == 6, "0x6221: %s", g.model);
	ip_drm_panfrost_gpu(0x6000, &g);
	CHECK(!strcmp(g.model, "g71") && !strcmp(g.isa, "bifrost"), "0x6000: %s", g.model);
	ip_drm_panfrost_gpu(0x9001, &g); /* Valhall G57: no ISA of the project */
	CHECK(!strcmp(g.model, "unknown") && !g.isa && g.arch == 9, "0x9001: %s %u", g.model, g.arch);
	ip_drm_lima_gpu(1, 0x0b070101, &g);
	CHECK(!strcmp(g.model, "mali400") && !strcmp(g.isa, "utgard_gp"), "mali400: %s", g.model);
	ip_drm_lima_gpu(2, 0x0d070000, &g);
	CHECK(!strcmp(g.model, "mali450"), "mali450: %s", g.model);
	ip_drm_lima_gpu(0, 0x12340000, &g);
	CHECK(!strcmp(g.model, "unknown") && !strcmp(g.isa, "utgard_gp"), "unknown GP: %s", g.model);
	/* the kernel's names (panfrost_device.c), the MMU's codes among them */
	CHECK(!strcmp(ip_mali_exception_name(0x51), "INSTR_INVALID_ENC") &&
	          !strcmp(ip_mali_exception_name(0x58), "DATA_INVALID_FAULT") &&
	          !strcmp(ip_mali_exception_name(0x7f), "UNKNOWN") &&
	          !strcmp(ip_mali_exception_name(0x00), "OK") &&
	          !strcmp(ip_mali_exception_name(0xc1), "TRANSLATION_FAULT_1") &&
	          !strcmp(ip_mali_exception_name(0xc9), "PERM_FAULT_1") &&
	          !strcmp(ip_mali_exception_name(0xe0), "ADDR_SIZE_FAULT_IN0") &&
	          !strcmp(ip_mali_exception_name(0xef), "MEM_ATTR_NONCACHE_3") &&
	          !ip_mali_exception_name(0x3e) && !ip_mali_exception_name(0xc5) &&
	          !ip_mali_exception_name(0xf0),
	      "exception names");
	CHECK(PAN_FORMAT_RGBA32F_V6 == 0xbf688, "RGBA32F: %x", PAN_FORMAT_RGBA32F_V6);
}

/* A driver's submit that records the chain's first job. */
static uint64_t kicked_jc;
static int record_submit(struct ip_drm_dev *dev, const void *args)
{
	(void)dev;
	kicked_jc = ((const struct ip_drm_pan_submit *)args)->jc;
	return 0;
}

/* Two Bifrost-style compute jobs chained by pan_emit_job, on a model device. */
static void test_chain(void)
{
	struct ip_drm_dev dev;
	struct ip_drm_batch b;
	struct ip_drm_slot s[2], *order[2] = {&s[0], &s[1]};
	struct pan_job j = {0};
	memset(&dev, 0, sizeof dev);
	memset(&b, 0, sizeof b);
	memset(s, 0, sizeof s);
	dev.model_ext = 1;
	b.dev = &dev;
	arena(&b.desc, 0x3000000, 4096);
	b.slots = order;
	b.n = 2;
	s[0].rec_va = 0x4000040;
	s[1].rec_va = 0x4000180;
	j.type = PAN_JOB_COMPUTE;
	CHECK(pan_emit_job(&b, 0, &j) == 0 && pan_emit_job(&b, 1, &j) == 0, "emit");
	/* hw_interfaces.md 2.2: word 4 of a compute job of index 1 is 0x00010009 */
	CHECK(ip_le32(s[0].desc + 16) == 0x00010009, "job 1 word 4: %08x", ip_le32(s[0].desc + 16));
	CHECK(ip_le32(s[1].desc + 16) == 0x00020009, "job 2 word 4: %08x", ip_le32(s[1].desc + 16));
	CHECK(ip_le32(s[0].desc + 20) == 0 && ip_le32(s[1].desc + 20) == 1, "dependencies");
	CHECK(r64(s[0].desc + 24) == s[1].desc_va && r64(s[1].desc + 24) == 0, "next pointers");
	CHECK(s[0].desc_va % 64 == 0 && s[1].desc_va % 64 == 0, "64-byte aligned jobs");
	{
		uint64_t ls = r64(s[1].desc + 64 + 4 * PAN_DRAW_THREAD_STORAGE);
		const uint8_t *l = b.desc.bo.map + (ls - b.desc.bo.va);
		CHECK(ip_le32(l) == 0 && ip_le32(l + 4) == 31, "local storage: no TLS, no WLS");
		CHECK(r64(l + IP_MODEL_LS_OFFSET) == 0x4000180, "model record pointer");
	}
	/* kicked again from job 2 (after job 1 faulted): a chain numbered from 1, as every chain
	 * Mesa submits, its first job depending on nothing; the kernel sees its header first */
	{
		static struct ip_drm_driver drv;
		drv.submit = record_submit;
		dev.drv = &drv;
		ip_put_le32(s[0].desc, 0x58);
		ip_put_le32(s[1].desc, 0x58);
		CHECK(pan_kick_chain(&b, 1) == 0 && kicked_jc == s[1].desc_va, "kick from job 2");
		CHECK(ip_le32(s[1].desc + 16) == 0x00010009 && ip_le32(s[1].desc + 20) == 0,
		      "job 2 kicked alone: index 1, no dependency: %08x %08x",
		      ip_le32(s[1].desc + 16), ip_le32(s[1].desc + 20));
		CHECK(ip_le32(s[1].desc) == 0 && ip_le32(s[0].desc) == 0x58,
		      "the kicked job's status cleared, the job before it left");
		CHECK(pan_kick_chain(&b, 0) == 0 && ip_le32(s[0].desc + 16) == 0x00010009 &&
		          ip_le32(s[1].desc + 16) == 0x00020009 && ip_le32(s[1].desc + 20) == 1,
		      "kicked whole again: indices 1 and 2, job 2 after job 1");
	}
	free(b.desc.bo.map);
}

/* One Midgard vertex job as the builder writes it: 2 vertices, 4 uniform records preloaded,
 * an attribute table of 4 slots per vertex. */
static void test_midgard_job(void)
{
	static const uint8_t code[32] = {0x08}; /* first word: tag 8 (ALU, 4 words) */
	uint8_t uni[64], attr[128];
	struct ip_buf in[2] = {{IP_BUF_UNIFORMS, uni, sizeof uni}, {IP_BUF_ATTRIBUTES, attr, sizeof attr}};
	struct ip_job job = {code, sizeof code, in, 2, {2, 0}, -1};
	struct ip_result res = {0};
	struct ip_drm_dev dev;
	struct ip_drm_batch b;
	struct ip_drm_slot s, *order = &s;
	struct ip_drm_sizes sz;
	const uint8_t *jb, *draw, *rsd, *ubo, *buf, *at;
	memset(&dev, 0, sizeof dev);
	memset(&b, 0, sizeof b);
	memset(&s, 0, sizeof s);
	for (unsigned i = 0; i < sizeof attr; i++)
		attr[i] = (uint8_t)i;
	memset(uni, 0x5a, sizeof uni);
	CHECK(ip_drm_midgard_kind.check(&dev, &job, &res, &sz) == NULL, "check");
	b.dev = &dev;
	arena(&b.code, 0x2000000, 4096);
	arena(&b.desc, 0x2100000, 4096);
	arena(&b.data, 0x2200000, 4096);
	s.job = &job;
	s.res = &res;
	b.slots = &order;
	b.n = 1;
	CHECK(ip_drm_midgard_kind.build(&b) == 0, "build");
	jb = s.desc;
	draw = jb + 64;
	CHECK(ip_le32(jb + 16) == (1u | 5u << 1 | 1u << 16), "vertex job, index 1: %08x",
	      ip_le32(jb + 16));
	/* 2 vertices as 2 work groups in Y (value 1 at shift 0); as Mesa packs a graphics job, the
	 * workgroups Z shift 32 (bits 22-27) and thread group split 2 (bits 28-31) */
	CHECK(ip_le32(jb + 32) == 1 && ip_le32(jb + 36) == 0x28000000, "2 vertices: %08x %08x",
	      ip_le32(jb + 32), ip_le32(jb + 36));
	CHECK(ip_le32(jb + 40) == 5u << 26, "task split 5: %08x", ip_le32(jb + 40));
	CHECK(ip_le32(draw) == 7, "draw flags: %x", ip_le32(draw));
	rsd = b.desc.bo.map + (r64(draw + 4 * PAN_DRAW_STATE) - b.desc.bo.va);
	CHECK(r64(rsd) == (s.code_va | 8), "shader pointer and first tag: %llx",
	      (unsigned long long)r64(rsd));
	CHECK(!memcmp(b.code.bo.map + (s.code_va - b.code.bo.va), code, sizeof code), "code copied");
	CHECK(ip_le32(rsd + 12) == 4, "4 attributes, no varyings: %x", ip_le32(rsd + 12));
	/* properties: 1 uniform buffer, work registers 16 at bit 16 (Mesa's count with 8 or fewer
	 * uniform registers; the job has no register file), 4 uniforms at bit 21 */
	CHECK(ip_le32(rsd + 16) == 0x00900001, "properties: %08x", ip_le32(rsd + 16));
	ubo = b.desc.bo.map + (r64(draw + 4 * PAN_DRAW_UBOS) - b.desc.bo.va);
	CHECK(r64(ubo) == (3u | (s.role[IP_BUF_UNIFORMS].va >> 4) << 12), "UBO: %llx",
	      (unsigned long long)r64(ubo));
	CHECK(r64(draw + 4 * PAN_DRAW_PUSH) == s.role[IP_BUF_UNIFORMS].va, "push uniforms");
	buf = b.desc.bo.map + (r64(draw + 4 * PAN_DRAW_ATTRIBUTE_BUFFERS) - b.desc.bo.va);
	CHECK(r64(buf) == (s.role[IP_BUF_ATTRIBUTES].va | 1) && ip_le32(buf + 8) == 64 &&
	          ip_le32(buf + 12) == 128,
	      "attribute buffer: %llx %u %u", (unsigned long long)r64(buf), ip_le32(buf + 8),
	      ip_le32(buf + 12));
	at = b.desc.bo.map + (r64(draw + 4 * PAN_DRAW_ATTRIBUTES) - b.desc.bo.va);
	for (unsigned k = 0; k < 4; k++)
		CHECK(ip_le32(at + 8 * k) == 0x2fda2200 && ip_le32(at + 8 * k + 4) == 16 * k,
		      "attribute %u: %08x %u", k, ip_le32(at + 8 * k), ip_le32(at + 8 * k + 4));
	CHECK(!memcmp(s.role[IP_BUF_ATTRIBUTES].map, attr, sizeof attr), "attributes copied");
	CHECK(r64(draw + 4 * PAN_DRAW_VARYING_BUFFERS) == 0, "no varying table");
	free(b.code.bo.map);
	free(b.desc.bo.map);
	free(b.data.bo.map);
}

/* One GP draw of 3 vertices: the VS command list as Mesa's lima driver lays it out. */
static void test_gp_list(void)
{
	uint8_t code[32] = {0}, uni[16] = {0};
	struct ip_buf in[1] = {{IP_BUF_UNIFORMS, uni, sizeof uni}};
	struct ip_job job = {code, sizeof code, in, 1, {3, 0}, -1};
	uint8_t vary[64];
	struct ip_out_buf out = {IP_BUF_VARYINGS_OUT, vary, sizeof vary, 0};
	struct ip_result res = {0};
	struct ip_drm_dev dev;
	struct ip_drm_batch b;
	struct ip_drm_slot s, *order = &s;
	struct ip_drm_sizes sz;
	static const uint32_t want_v2[12] = {0x50000000, 0x50000000, 0x30010000, 0x40020000,
	                                     0x10000040, 0x10000042, 0x10000041, 0x20200000,
	                                     0x20200008, 0x00000000, 0x60000000, 0x50000000};
	const uint8_t *l;
	code[16 + 7] = 0x40; /* instruction 1: reg0_attr (bit 62) set: the prefetch is 1 */
	res.outputs = &out;
	res.noutputs = 1;
	memset(&dev, 0, sizeof dev);
	memset(&b, 0, sizeof b);
	memset(&s, 0, sizeof s);
	CHECK(ip_drm_utgard_gp_kind.check(&dev, &job, &res, &sz) == NULL, "check");
	b.dev = &dev;
	arena(&b.code, 0x1000000, 4096);
	arena(&b.desc, 0x1100000, 4096);
	arena(&b.data, 0x1200000, 8192);
	s.job = &job;
	s.res = &res;
	b.slots = &order;
	b.n = 1;
	CHECK(ip_drm_utgard_gp_kind.build(&b) == 0, "build");
	l = b.desc.bo.map + (b.list_va - b.desc.bo.va);
	CHECK(b.list_end - b.list_va == 12 * 8, "12 commands: %llu bytes",
	      (unsigned long long)(b.list_end - b.list_va));
	for (unsigned i = 0; i < 12; i++)
		CHECK(ip_le32(l + 8 * i + 4) == want_v2[i], "command %u: %08x", i,
		      ip_le32(l + 8 * i + 4));
	CHECK(ip_le32(l) == 0x00028000 && ip_le32(l + 8) == 1, "semaphores begin");
	CHECK(ip_le32(l + 16) == s.role[IP_BUF_UNIFORMS].va, "uniforms address");
	CHECK(ip_le32(l + 24) == s.code_va, "shader address");
	CHECK(ip_le32(l + 32) == (1u << 20 | 1u << 10),
	      "shader info: 2 instructions, prefetch 1: %08x", ip_le32(l + 32));
	CHECK(ip_le32(l + 40) == 0x0f000f00, "16 varyings, 16 attributes: %08x", ip_le32(l + 40));
	CHECK(ip_le32(l + 72) == 0x03000000, "draw 3 vertices: %08x", ip_le32(l + 72));
	{
		const uint8_t *vt = b.desc.bo.map + (ip_le32(l + 64) - b.desc.bo.va);
		for (unsigned k = 0; k < 16; k++)
			CHECK(ip_le32(vt + 8 * k) == s.role[IP_BUF_VARYINGS_OUT].va + 16 * k &&
			          ip_le32(vt + 8 * k + 4) == 0x00080003,
			      "varying %u", k);
		CHECK(s.role[IP_BUF_VARYINGS_OUT].size >= 3 * 256, "room for 16 records per vertex");
	}
	free(b.code.bo.map);
	free(b.desc.bo.map);
	free(b.data.bo.map);
}

/* Two Midgard jobs with the same inputs: read-only inputs are shared between them, except on a
 * GPU the tables its stores could write (attributes); on a GPU model, those too. */
static void test_sharing(void)
{
	static const uint8_t code[32] = {0x08};
	uint8_t uni[32] = {0}, attr[64] = {0};
	struct ip_buf in[2] = {{IP_BUF_UNIFORMS, uni, sizeof uni}, {IP_BUF_ATTRIBUTES, attr, sizeof attr}};
	struct ip_job job = {code, sizeof code, in, 2, {1, 0}, -1};
	for (int model = 0; model < 2; model++) {
		struct ip_result res[2] = {{0}, {0}};
		struct ip_drm_dev dev;
		struct ip_drm_batch b;
		struct ip_drm_slot s[2], *order[2] = {&s[0], &s[1]};
		memset(&dev, 0, sizeof dev);
		memset(&b, 0, sizeof b);
		memset(s, 0, sizeof s);
		dev.model_ext = model;
		b.dev = &dev;
		arena(&b.code, 0x2000000, 4096);
		arena(&b.desc, 0x2100000, 8192);
		arena(&b.data, 0x2200000, 8192);
		for (int i = 0; i < 2; i++) {
			s[i].job = &job;
			s[i].res = &res[i];
		}
		b.slots = order;
		b.n = 2;
		CHECK(ip_drm_midgard_kind.build(&b) == 0, "build");
		CHECK(s[0].role[IP_BUF_UNIFORMS].va == s[1].role[IP_BUF_UNIFORMS].va,
		      "uniforms shared (model %d)", model);
		CHECK((s[0].role[IP_BUF_ATTRIBUTES].va == s[1].role[IP_BUF_ATTRIBUTES].va) == model,
		      "attributes %s (model %d)", model ? "shared" : "one per job", model);
		free(b.code.bo.map);
		free(b.desc.bo.map);
		free(b.data.bo.map);
	}
}

int main(void)
{
	test_invocation();
	test_gpus();
	test_chain();
	test_midgard_job();
	test_gp_list();
	test_sharing();
	return check_report("test_drm_pack");
}
