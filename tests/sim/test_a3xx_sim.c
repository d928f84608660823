/* test_a3xx_sim.c: the a3xx simulator against the notes: the DP4 sequence, the relative
 * addressing example, the example shader, result latency (2 slots after a cat2 write: old, 3:
 * new), cat3's late third source, (ss)/(sy), (rptN) with (r), predicated branches. */
#include <math.h>

#include "a3xx_run.h"
#include "a3xx_util.h"
#include "isaprobe/fp16.h"
#include "packed_text.h"

#define R(n, c) ((n) * 4 + (c))

static void job_init(struct a3xx_job *j)
{
	memset(j, 0, sizeof *j);
}

/* r2 = (1, 2, 3, 4), r3 = (5, 6, 7, 8), r0.x = 1000. */
static void plant_dp4(struct a3xx_job *j)
{
	job_init(j);
	for (unsigned c = 0; c < 4; c++) {
		a3xx_set_reg(j, R(2, c), (float)(c + 1));
		a3xx_set_reg(j, R(3, c), (float)(c + 5));
	}
	a3xx_set_reg(j, R(0, 0), 1000.0f);
}

/* r0.x = 1, r0.y = 2, r1.x = 7 (what a write to r1.x replaces). */
static void plant_latency(struct a3xx_job *j)
{
	job_init(j);
	a3xx_set_reg(j, R(0, 0), 1.0f);
	a3xx_set_reg(j, R(0, 1), 2.0f);
	a3xx_set_reg(j, R(1, 0), 7.0f);
}

/* The notes' DP4 r0.x, r2.xyzw, r3.xyzw, as printed, on planted r2 and r3. */
static void dp4(void)
{
	static const char notes[] = "mul.f r0.x, r2.x, r3.x\n"
	                            "nop\n"
	                            "mad.f32 r0.x, r2.y, r3.y, r0.x\n"
	                            "nop\n"
	                            "mad.f32 r0.x, r2.z, r3.z, r0.x\n"
	                            "nop\n"
	                            "mad.f32 r0.x, r2.w, r3.w, r0.x\n"
	                            "(rpt2)nop\n"
	                            "end\n";
	/* one nop short: the mad reads its third source one slot too early */
	static const char short_[] = "mul.f r0.x, r2.x, r3.x\n"
	                             "mad.f32 r0.x, r2.y, r3.y, r0.x\n"
	                             "(rpt2)nop\n"
	                             "end\n";
	struct a3xx_job j;
	plant_dp4(&j);
	if (a3xx_test_run(__LINE__, notes, &j) == 0) {
		CHECK(j.status == IP_STATUS_OK, "dp4: %s", j.why);
		CHECK(a3xx_reg(&j, R(0, 0)) == 70.0f, "dp4 = 1*5 + 2*6 + 3*7 + 4*8 = 70, got %g",
		      a3xx_reg(&j, R(0, 0)));
	}
	plant_dp4(&j);
	if (a3xx_test_run(__LINE__, short_, &j) == 0)
		CHECK(a3xx_reg(&j, R(0, 0)) == 1012.0f,
		      "without the nop the mad adds the old r0.x: 2*6 + 1000 = 1012, got %g",
		      a3xx_reg(&j, R(0, 0)));
}

/* cat2 result latency: read 1 and 2 slots after the write: old; 3 slots: new. */
static void latency(void)
{
	static const char src[] = "add.f r1.x, r0.x, r0.y\n"
	                          "mov.f32f32 r2.x, r1.x\n"
	                          "mov.f32f32 r2.y, r1.x\n"
	                          "mov.f32f32 r2.z, r1.x\n"
	                          "(rpt2)nop\n"
	                          "end\n";
	/* cat3: the first source is read at the instruction's slot, the third one slot later */
	static const char late[] = "add.f r1.x, r0.x, r0.y\n"
	                           "nop\n"
	                           "mad.f32 r2.x, r1.x, r0.y, r1.x\n"
	                           "(rpt2)nop\n"
	                           "end\n";
	struct a3xx_job j;
	plant_latency(&j);
	if (a3xx_test_run(__LINE__, src, &j) == 0) {
		CHECK(j.status == IP_STATUS_OK, "latency: %s", j.why);
		CHECK(a3xx_reg(&j, R(2, 0)) == 7.0f, "1 slot after: old 7, got %g", a3xx_reg(&j, R(2, 0)));
		CHECK(a3xx_reg(&j, R(2, 1)) == 7.0f, "2 slots after: old 7, got %g", a3xx_reg(&j, R(2, 1)));
		CHECK(a3xx_reg(&j, R(2, 2)) == 3.0f, "3 slots after: new 3, got %g", a3xx_reg(&j, R(2, 2)));
		CHECK(a3xx_reg(&j, R(1, 0)) == 3.0f, "r1.x in the end: 3");
	}
	plant_latency(&j);
	if (a3xx_test_run(__LINE__, late, &j) == 0)
		CHECK(a3xx_reg(&j, R(2, 0)) == 17.0f,
		      "mad two slots after: old 7 * 2 + new 3 (third source) = 17, got %g",
		      a3xx_reg(&j, R(2, 0)));
}

/* (ss) for cat4 results, (sy) for cat5 and global loads: without the flag the read is stale. */
static void syncs(void)
{
	static const char ss[] = "rcp r1.x, r0.x\n"
	                         "(rpt5)nop\n"
	                         "mov.f32f32 r2.x, r1.x\n"
	                         "(ss)mov.f32f32 r2.y, r1.x\n"
	                         "(rpt2)nop\n"
	                         "end\n";
	static const char sy[] = "isam (f32)(xy)r1.x, r0.z, s#0, t#0\n"
	                         "ldg.u32 r1.z, g[r3.x+4], 1\n"
	                         "(rpt5)nop\n"
	                         "mov.f32f32 r2.x, r1.x\n"
	                         "(ss)mov.f32f32 r2.y, r1.y\n"
	                         "(sy)mov.f32f32 r2.z, r1.x\n"
	                         "mov.f32f32 r2.w, r1.y\n"
	                         "mov.u32u32 r3.y, r1.z\n"
	                         "(rpt2)nop\n"
	                         "end\n";
	static const uint32_t texels[8] = {11, 12, 13, 14, 21, 22, 23, 24};
	struct a3xx_job j;
	job_init(&j);
	a3xx_set_reg(&j, R(0, 0), 4.0f);
	a3xx_set_reg(&j, R(1, 0), 7.0f);
	if (a3xx_test_run(__LINE__, ss, &j) == 0) {
		CHECK(j.status == IP_STATUS_OK, "ss: %s", j.why);
		CHECK(a3xx_reg(&j, R(2, 0)) == 7.0f, "cat4 result read without (ss): stale 7, got %g",
		      a3xx_reg(&j, R(2, 0)));
		CHECK(a3xx_reg(&j, R(2, 1)) == 0.25f, "with (ss): rcp(4) = 0.25, got %g",
		      a3xx_reg(&j, R(2, 1)));
	}
	job_init(&j);
	j.textures = texels;
	j.ntexels = 2;
	a3xx_set_ureg(&j, R(0, 2), 1); /* texel x = 1 */
	a3xx_set_ureg(&j, R(0, 3), 0); /* y = 0 */
	a3xx_set_ureg(&j, R(1, 0), 5);
	a3xx_set_ureg(&j, R(1, 1), 6);
	a3xx_set_ureg(&j, R(1, 2), 7);
	a3xx_set_ureg(&j, R(3, 0), A3XX_SIM_GLOBAL_BASE + 8);
	j.global_len = 32;
	j.global[12] = 0x99; /* the word at base + 12 */
	if (a3xx_test_run(__LINE__, sy, &j) == 0) {
		CHECK(j.status == IP_STATUS_OK, "sy: %s", j.why);
		CHECK(a3xx_ureg(&j, R(2, 0)) == 5, "isam result without (sy): stale 5, got %u",
		      a3xx_ureg(&j, R(2, 0)));
		CHECK(a3xx_ureg(&j, R(2, 1)) == 6, "(ss) does not wait for cat5: stale 6, got %u",
		      a3xx_ureg(&j, R(2, 1)));
		CHECK(a3xx_ureg(&j, R(2, 2)) == 21, "with (sy): texel 1 x = 21, got %u",
		      a3xx_ureg(&j, R(2, 2)));
		CHECK(a3xx_ureg(&j, R(2, 3)) == 22, "after (sy): texel 1 y = 22, got %u",
		      a3xx_ureg(&j, R(2, 3)));
		CHECK(a3xx_ureg(&j, R(3, 1)) == 0x99, "ldg after (sy): the global word = 0x99, got %u",
		      a3xx_ureg(&j, R(3, 1)));
	}
}

/* (rptN): the destination steps, sources step only with (r). */
static void repeat(void)
{
	static const char src[] = "(rpt3)add.f r4.x, (r)r0.x, (r)r1.x\n"
	                          "(rpt1)mul.f r5.x, (r)r0.x, r1.x\n"
	                          "(rpt2)nop\n"
	                          "end\n";
	struct a3xx_job j;
	job_init(&j);
	for (unsigned c = 0; c < 4; c++) {
		a3xx_set_reg(&j, R(0, c), (float)(c + 1));       /* 1 2 3 4 */
		a3xx_set_reg(&j, R(1, c), (float)(10 * (c + 1))); /* 10 20 30 40 */
	}
	if (a3xx_test_run(__LINE__, src, &j) == 0) {
		CHECK(j.status == IP_STATUS_OK, "repeat: %s", j.why);
		for (unsigned c = 0; c < 4; c++)
			CHECK(a3xx_reg(&j, R(4, c)) == (float)(11 * (c + 1)), "r4.%c = %g, want %u",
			      "xyzw"[c], a3xx_reg(&j, R(4, c)), 11 * (c + 1));
		CHECK(a3xx_reg(&j, R(5, 0)) == 10.0f && a3xx_reg(&j, R(5, 1)) == 20.0f,
		      "(r) only on the first source: 1*10, 2*10; got %g %g", a3xx_reg(&j, R(5, 0)),
		      a3xx_reg(&j, R(5, 1)));
	}
}

/* br on p0.x written by a compare (3 slots later), taken and not taken, and !p0. */
static void branches(void)
{
	static const char src[] = "cmps.f.lt p0.x, r0.x, r0.y\n" /* 1 < 2: p0.x = 1 */
	                          "(rpt2)nop\n"
	                          "br p0.x, #2\n"               /* taken: skips the next */
	                          "mov.f32f32 r1.x, r0.x\n"
	                          "br !p0.x, #2\n"              /* not taken */
	                          "mov.f32f32 r1.y, r0.y\n"
	                          "jump #2\n"
	                          "mov.f32f32 r1.z, r0.y\n"
	                          "(rpt2)nop\n"
	                          "end\n";
	struct a3xx_job j;
	job_init(&j);
	a3xx_set_reg(&j, R(0, 0), 1.0f);
	a3xx_set_reg(&j, R(0, 1), 2.0f);
	if (a3xx_test_run(__LINE__, src, &j) == 0) {
		CHECK(j.status == IP_STATUS_OK, "branches: %s", j.why);
		CHECK(a3xx_reg(&j, R(1, 0)) == 0.0f, "br p0.x skipped r1.x");
		CHECK(a3xx_reg(&j, R(1, 1)) == 2.0f, "br !p0.x fell through to r1.y");
		CHECK(a3xx_reg(&j, R(1, 2)) == 0.0f, "jump skipped r1.z");
		CHECK(*(uint32_t *)(void *)(j.regs + A3XX_REGS_P0_AT) == 1, "p0.x = 1 (true)");
	}
}

/* The notes' relative-addressing snippet, with hr0.x = 4 * idx planted (idx = 2). */
static void relative(void)
{
	static const char notes[] = "mova a0.x, hr0.x\n"
	                            "; need 5 cycles\n"
	                            "(rpt5)nop\n"
	                            "mov.f32f32 r0.x, c<a0.x + 16>\n"
	                            "mov.f32f32 r0.y, c<a0.x + 17>\n"
	                            "(ul)mov.f32f32 r0.z, c<a0.x + 18>\n"
	                            "mova a0.x, hr0.x\n"
	                            "cov.f32f16 hr0.x, r0.x\n"
	                            "cov.f32f16 hr0.y, r0.y\n"
	                            "(rpt2)nop\n"
	                            "(ul)mov.f32f32 r0.x, c<a0.x + 19>\n"
	                            "(rpt2)nop\n"
	                            "end\n";
	static const char too_soon[] = "mova a0.x, hr0.x\n"
	                               "(rpt3)nop\n"
	                               "mov.f32f32 r0.x, c<a0.x + 16>\n"
	                               "(rpt2)nop\n"
	                               "end\n";
	static const char after_ul[] = "mova a0.x, hr0.x\n"
	                               "(rpt5)nop\n"
	                               "(ul)mov.f32f32 r0.x, c<a0.x + 16>\n"
	                               "mov.f32f32 r0.y, c<a0.x + 17>\n"
	                               "end\n";
	float consts[32];
	struct a3xx_job j;
	for (unsigned i = 0; i < 32; i++)
		consts[i] = (float)i + 0.5f;
	job_init(&j);
	j.consts = consts;
	j.nconsts = 32;
	a3xx_set_hreg(&j, R(0, 0), 8); /* 4 * idx */
	if (a3xx_test_run(__LINE__, notes, &j) == 0) {
		CHECK(j.status == IP_STATUS_OK, "relative: %s", j.why);
		/* m[1][idx] = components 16 + 4 idx ... 19 + 4 idx = c6.x ... c6.w */
		CHECK(a3xx_reg(&j, R(0, 0)) == 27.5f, "r0.x = c<a0.x + 19> = c6.w = 27.5, got %g",
		      a3xx_reg(&j, R(0, 0)));
		CHECK(a3xx_reg(&j, R(0, 1)) == 25.5f, "r0.y = c6.y, got %g", a3xx_reg(&j, R(0, 1)));
		CHECK(a3xx_reg(&j, R(0, 2)) == 26.5f, "r0.z = c6.z, got %g", a3xx_reg(&j, R(0, 2)));
		CHECK(ip_f16_to_double(a3xx_hreg(&j, R(0, 0))) == 24.5, "hr0.x = f16(c6.x), got %g",
		      ip_f16_to_double(a3xx_hreg(&j, R(0, 0))));
		CHECK(ip_f16_to_double(a3xx_hreg(&j, R(0, 1))) == 25.5, "hr0.y = f16(c6.y)");
		CHECK(*(int32_t *)(void *)(j.regs + A3XX_REGS_A0_AT) == 8, "a0.x = 8");
	}
	job_init(&j);
	j.consts = consts;
	j.nconsts = 32;
	a3xx_set_hreg(&j, R(0, 0), 8);
	if (a3xx_test_run(__LINE__, too_soon, &j) == 0) {
		CHECK(j.status == IP_STATUS_OK, "too soon: %s", j.why);
		CHECK(a3xx_reg(&j, R(0, 0)) == 16.5f,
		      "4 slots after mova a0.x is still the old 0: c<0 + 16> = 16.5, got %g",
		      a3xx_reg(&j, R(0, 0)));
	}
	job_init(&j);
	j.consts = consts;
	j.nconsts = 32;
	a3xx_set_hreg(&j, R(0, 0), 8);
	if (a3xx_test_run(__LINE__, after_ul, &j) == 0)
		CHECK(j.status == IP_STATUS_UNMODELED && j.where == 24,
		      "a relative read after (ul) with no new mova: unmodeled at byte 24, got %s at %u",
		      ip_status_name(j.status), j.where);
}

/* The notes' example fragment shader (its listing, as printed) on planted varyings. */
static void example_shader(void)
{
	float vary[9 * 4];
	struct a3xx_job j;
	/* varying k at the three vertices: k, k + 4, k + 8; i = 0.25, j = 0.5: k + 5 */
	for (unsigned k = 0; k < 9; k++) {
		vary[4 * k] = (float)k;
		vary[4 * k + 1] = (float)k + 4;
		vary[4 * k + 2] = (float)k + 8;
		vary[4 * k + 3] = 0;
	}
	job_init(&j);
	j.varyings = vary;
	j.nvaryings = 9;
	a3xx_set_reg(&j, R(0, 0), 0.25f);
	a3xx_set_reg(&j, R(0, 1), 0.5f);
	if (a3xx_test_run(__LINE__, a3xx_notes_listing, &j) == 0) {
		CHECK(j.status == IP_STATUS_OK, "example: %s", j.why);
		/* hr0 = v0-3 = c + 5, hr1 = v4-7 - hr0 = 4, hr2.x = v8 = 13: hr0 = 13 * 4 + c + 5 */
		for (unsigned c = 0; c < 4; c++)
			CHECK(ip_f16_to_double(a3xx_hreg(&j, R(0, c))) == 57.0 + c,
			      "hr0.%c = %g, want %u", "xyzw"[c], ip_f16_to_double(a3xx_hreg(&j, R(0, c))),
			      57 + c);
		CHECK(ip_f16_to_double(a3xx_hreg(&j, R(1, 2))) == 4.0, "hr1.z = 4");
	}
}

/* Full and half registers are separate files. */
static void not_aliased(void)
{
	static const char src[] = "mov.f32f32 r0.x, c0.x\n"
	                          "mov.f16f16 hr0.x, hr1.x\n"
	                          "(rpt2)nop\n"
	                          "end\n";
	static const float c[1] = {3.0f};
	struct a3xx_job j;
	job_init(&j);
	j.consts = c;
	j.nconsts = 1;
	a3xx_set_hreg(&j, R(1, 0), 0x4400); /* 4.0 */
	if (a3xx_test_run(__LINE__, src, &j) == 0) {
		CHECK(a3xx_reg(&j, R(0, 0)) == 3.0f, "r0.x = 3");
		CHECK(a3xx_hreg(&j, R(0, 0)) == 0x4400, "hr0.x = 4.0 (0x4400), got 0x%x",
		      a3xx_hreg(&j, R(0, 0)));
	}
}

/* cat4 functions against libm, rounded to f32. */
static void complex(void)
{
	static const char *const ops[7] = {"rcp", "rsq", "log2", "exp2", "sin", "cos", "sqrt"};
	const double x = 2.5;
	const double want[7] = {1 / x, 1 / sqrt(x), log2(x), exp2(x), sin(x), cos(x), sqrt(x)};
	for (unsigned i = 0; i < 7; i++) {
		char src[128];
		struct a3xx_job j;
		snprintf(src, sizeof src, "%s r1.x, r0.x\n(ss)nop\n(rpt2)nop\nend\n", ops[i]);
		job_init(&j);
		a3xx_set_reg(&j, R(0, 0), (float)x);
		if (a3xx_test_run(__LINE__, src, &j) == 0)
			CHECK(a3xx_reg(&j, R(1, 0)) == (float)want[i], "%s(2.5) = %.9g, want %.9g", ops[i],
			      a3xx_reg(&j, R(1, 0)), want[i]);
	}
}

/* stg then ldg of global memory. */
static void global(void)
{
	static const char src[] = "stg.u32 g[r0.x+4], r1.x, 2\n"
	                          "ldg.u32 r2.x, g[r0.x+8], 1\n"
	                          "(sy)mov.u32u32 r2.y, r2.x\n"
	                          "(rpt2)nop\n"
	                          "end\n";
	struct a3xx_job j;
	job_init(&j);
	a3xx_set_ureg(&j, R(0, 0), A3XX_SIM_GLOBAL_BASE);
	a3xx_set_ureg(&j, R(1, 0), 0x11223344);
	a3xx_set_ureg(&j, R(1, 1), 0x55667788);
	j.global_len = 16;
	if (a3xx_test_run(__LINE__, src, &j) == 0) {
		uint32_t w1, w2;
		CHECK(j.status == IP_STATUS_OK, "global: %s", j.why);
		memcpy(&w1, j.global + 4, 4);
		memcpy(&w2, j.global + 8, 4);
		CHECK(w1 == 0x11223344 && w2 == 0x55667788, "stg of 2 words at +4: %08x %08x", w1, w2);
		CHECK(a3xx_ureg(&j, R(2, 1)) == 0x55667788, "ldg of +8 read back: %08x",
		      a3xx_ureg(&j, R(2, 1)));
	}
}

/* A GPU's address space instead of the global buffer (io.mem, as the fake device without the
 * model extension passes it): a page at 0x20000000, read-only past its first half; an access
 * nothing maps there, or a store into the read-only half, stops with a fault. */
static uint8_t gpu_page[64];

static uint8_t *gpu_page_at(void *ctx, uint64_t addr, size_t len, int write)
{
	(void)ctx;
	if (addr < 0x20000000u || addr + len > 0x20000000u + sizeof gpu_page ||
	    (write && addr + len > 0x20000000u + sizeof gpu_page / 2))
		return NULL;
	return gpu_page + (addr - 0x20000000u);
}

static void gpu_memory(void)
{
	static const struct {
		const char *src;
		enum ip_status want;
	} cases[] = {
		{"mov.u32u32 r0.x, c0.x\n(rpt2)nop\nstg.u32 g[r0.x+4], r1.x, 1\n"
		 "ldg.u32 r1.y, g[r0.x+40], 1\n(sy)nop\nend\n", IP_STATUS_OK},
		{"mov.u32u32 r0.x, c0.x\n(rpt2)nop\nstg.u32 g[r0.x+32], r1.x, 1\nend\n", IP_STATUS_FAULT},
		{"mov.u32u32 r0.x, c0.x\n(rpt2)nop\nldg.u32 r1.y, g[r0.x+64], 1\nend\n", IP_STATUS_FAULT},
	};
	uint32_t consts[4] = {0x20000000u, 0, 0, 0}, word;
	void *sim;
	struct ip_diag d;
	uint8_t regs[A3XX_REGS_BYTES];
	CHECK(ip_a3xx_sim_open("a320", &sim, &d) == 0, "open");
	for (unsigned i = 0; i < IP_COUNT(cases); i++) {
		struct a3xx_sim_io io;
		struct ip_result res;
		uint8_t *code;
		size_t len;
		memset(gpu_page, 0, sizeof gpu_page);
		gpu_page[40] = 0x5a;
		memset(regs, 0, sizeof regs);
		word = 0xc0ffee;
		memcpy(regs + 4 * R(1, 0), &word, 4);
		code = packed_text("a3xx", cases[i].src, &len);
		memset(&io, 0, sizeof io);
		memset(&res, 0, sizeof res);
		io.code = code;
		io.code_len = len;
		io.consts = (const uint8_t *)consts;
		io.consts_len = sizeof consts;
		io.mem = gpu_page_at;
		io.regs_in = io.regs_out = regs;
		io.regs_in_len = io.regs_out_cap = sizeof regs;
		ip_a3xx_sim_exec(sim, &io, &res);
		CHECK(res.status == cases[i].want, "'%s': %s (%s)", cases[i].src,
		      ip_status_name(res.status), res.why ? res.why : "");
		if (i == 0) {
			memcpy(&word, gpu_page + 4, 4);
			CHECK(word == 0xc0ffee, "stored at 0x20000004: %08x", word);
			memcpy(&word, regs + 4 * R(1, 1), 4);
			CHECK(word == 0x5a, "loaded from 0x20000028: %08x", word);
		}
		free(code);
	}
	ip_a3xx_sim_close(sim);
}

/* The notes' const rules: invalid; bits nobody describes: unmodeled. */
static void refusals(void)
{
	static const struct {
		const char *src;
		enum ip_status want;
	} cases[] = {
		{"(unchecked)add.f r0.x, c0.x, c0.y\nend\n", IP_STATUS_INVALID},
		{"(unchecked)mad.f32 r0.x, r1.x, c1.x, r2.x\nend\n", IP_STATUS_INVALID},
		{"(unchecked)rcp r0.x, c0.x\nend\n", IP_STATUS_INVALID},
		{"rcp r0.x, r0.y unk16=0x1\nend\n", IP_STATUS_UNMODELED},
		{"cat2.8 r0.x, r0.y, r0.z\nend\n", IP_STATUS_UNMODELED},
		{"nop unk32=0x4\nend\n", IP_STATUS_UNMODELED},
		{"add.f r0.x, r0.y, r0.z src1_mode=imm_rel\nend\n", IP_STATUS_UNMODELED},
		{"(rpt4)add.f r0.x, r0.y, r0.z\nend\n", IP_STATUS_UNMODELED},
		{"mov.f32f32 r0.x, r<a0.x + 1>\nend\n", IP_STATUS_UNMODELED},
		{"mov.f32f32 r0.x, r0.y\n", IP_STATUS_UNMODELED}, /* runs off the end */
		{"jump #0\n", IP_STATUS_TIMEOUT},
		/* one-source opcodes ignore their second source, unknown modes included */
		{"floor.f r0.x, r0.y src2_mode=imm_c\nend\n", IP_STATUS_OK},
	};
	static const float c[8] = {1, 2, 3, 4, 5, 6, 7, 8};
	for (unsigned i = 0; i < IP_COUNT(cases); i++) {
		struct a3xx_job j;
		job_init(&j);
		j.consts = c;
		j.nconsts = 8;
		if (a3xx_test_run(__LINE__, cases[i].src, &j) == 0)
			CHECK(j.status == cases[i].want, "'%s': %s (%s), want %s", cases[i].src,
			      ip_status_name(j.status), j.why ? j.why : "", ip_status_name(cases[i].want));
	}
}

int main(void)
{
	dp4();
	latency();
	syncs();
	repeat();
	branches();
	relative();
	example_shader();
	not_aliased();
	complex();
	global();
	gpu_memory();
	refusals();
	a3xx_test_close();
	return check_report("test_a3xx_sim");
}
