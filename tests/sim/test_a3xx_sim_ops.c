/* test_a3xx_sim_ops.c: the a3xx simulator's arithmetic, one instruction at a time, on values
 * whose results are worked out by hand: cat2 float and integer ops (full and half), cat3,
 * cat1 conversions with their rounding modes, relative destinations, refusals. */
#include <math.h>

#include "a3xx_run.h"
#include "isaprobe/fp16.h"

#define R(n, c) ((n) * 4 + (c))

/* Runs `line` (one instruction) with r0.x = a, r0.y = b, r0.z = c (bits), returns r1.x. */
static int run_op(int srcline, const char *line, uint32_t a, uint32_t b, uint32_t c,
                  uint32_t *out, enum ip_status *st)
{
	static const float consts[4] = {1.0f, 2.0f, 3.0f, 4.0f};
	char src[256];
	struct a3xx_job j;
	memset(&j, 0, sizeof j);
	j.consts = consts;
	j.nconsts = 4;
	a3xx_set_ureg(&j, R(0, 0), a);
	a3xx_set_ureg(&j, R(0, 1), b);
	a3xx_set_ureg(&j, R(0, 2), c);
	snprintf(src, sizeof src, "%s\n(rpt2)nop\nend\n", line);
	if (a3xx_test_run(srcline, src, &j) != 0)
		return -1;
	*st = j.status;
	*out = a3xx_ureg(&j, R(1, 0));
	return 0;
}

static const struct {
	const char *line;
	uint32_t a, b, c, want;
} ops[] = {
	/* cat2 float */
	{"add.f r1.x, r0.x, r0.y", 0x3fc00000, 0x40100000, 0, 0x40700000}, /* 1.5 + 2.25 = 3.75 */
	{"mul.f r1.x, r0.x, r0.y", 0x3fc00000, 0xc0000000, 0, 0xc0400000}, /* 1.5 * -2 = -3 */
	{"min.f r1.x, r0.x, r0.y", 0x3fc00000, 0xc0000000, 0, 0xc0000000}, /* -2 */
	{"max.f r1.x, r0.x, r0.y", 0x3fc00000, 0xc0000000, 0, 0x3fc00000}, /* 1.5 */
	{"sign.f r1.x, r0.x", 0xc0400000, 0, 0, 0xbf800000},                /* sign(-3) = -1 */
	{"absneg.f r1.x, (absneg)r0.x", 0x3fc00000, 0, 0, 0xbfc00000},      /* -|1.5| */
	{"add.f r1.x, (abs)r0.x, (neg)r0.y", 0xbfc00000, 0x3f800000, 0, 0x3f000000}, /* 1.5 - 1 */
	{"floor.f r1.x, r0.x", 0xbfc00000, 0, 0, 0xc0000000},               /* floor(-1.5) = -2 */
	{"ceil.f r1.x, r0.x", 0xbfc00000, 0, 0, 0xbf800000},                /* -1 */
	{"rndne.f r1.x, r0.x", 0x40200000, 0, 0, 0x40000000},               /* 2.5 -> 2 */
	{"rndne.f r1.x, r0.x", 0x40600000, 0, 0, 0x40800000},               /* 3.5 -> 4 */
	{"rndaz.f r1.x, r0.x", 0xc0200000, 0, 0, 0xc0400000},               /* -2.5 -> -3 */
	{"trunc.f r1.x, r0.x", 0xbfd9999a, 0, 0, 0xbf800000},               /* -1.7 -> -1 */
	{"cmps.f.lt r1.x, r0.x, r0.y", 0x3f800000, 0x40000000, 0, 1},
	{"cmps.f.ge r1.x, r0.x, r0.y", 0x3f800000, 0x40000000, 0, 0},
	{"cmps.f.eq r1.x, r0.x, r0.y", 0x40000000, 0x40000000, 0, 1},
	{"cmps.f.le r1.x, r0.x, r0.y", 0x40000000, 0x40000000, 0, 1},
	{"cmps.f.ne r1.x, r0.x, r0.y", 0x40000000, 0x40000000, 0, 0},
	{"add.f r1.x, r0.x, c0.y", 0x3f800000, 0, 0, 0x40400000},           /* 1 + c0.y (2) */
	/* cat2 integer */
	{"add.u r1.x, r0.x, r0.y", 0xffffffff, 2, 0, 1},
	{"add.s r1.x, r0.x, -8", 10, 0, 0, 2},
	{"sub.s r1.x, r0.x, r0.y", 3, 5, 0, 0xfffffffe},
	{"min.s r1.x, r0.x, r0.y", 0xffffffff, 1, 0, 0xffffffff},
	{"min.u r1.x, r0.x, r0.y", 0xffffffff, 1, 0, 1},
	{"max.s r1.x, r0.x, r0.y", 0xffffffff, 1, 0, 1},
	{"cmps.s.lt r1.x, r0.x, r0.y", 0xffffffff, 1, 0, 1},
	{"cmps.u.lt r1.x, r0.x, r0.y", 0xffffffff, 1, 0, 0},
	{"absneg.s r1.x, (neg)r0.x", 5, 0, 0, 0xfffffffb},
	{"absneg.s r1.x, (abs)r0.x", 0xfffffffb, 0, 0, 5},
	{"and.b r1.x, r0.x, (neg)r0.y", 0xff, 0x0f, 0, 0xf0},                /* (neg) is not */
	{"or.b r1.x, r0.x, r0.y", 0xf0, 0x0f, 0, 0xff},
	{"xor.b r1.x, r0.x, r0.y", 0xff, 0x0f, 0, 0xf0},
	{"not.b r1.x, r0.x", 0, 0, 0, 0xffffffff},
	{"shl.b r1.x, r0.x, r0.y", 1, 4, 0, 16},
	{"shr.b r1.x, r0.x, r0.y", 0x80000000, 31, 0, 1},
	{"ashr.b r1.x, r0.x, r0.y", 0x80000000, 31, 0, 0xffffffff},
	{"clz.b r1.x, r0.x", 1, 0, 0, 31},
	{"bfrev.b r1.x, r0.x", 1, 0, 0, 0x80000000},
	{"cbits.b r1.x, r0.x", 0xff, 0, 0, 8},
	{"mul.u r1.x, r0.x, r0.y", 0x1000001, 3, 0, 3},                       /* 24 bits */
	{"mul.s r1.x, r0.x, r0.y", 0xffffff, 2, 0, 0xfffffffe},              /* -1 * 2 */
	{"mull.u r1.x, r0.x, r0.y", 0x12345678, 0x10002, 0, 0xacf0},          /* 0x5678 * 2 */
	/* cat3 */
	{"mad.f32 r1.x, r0.x, r0.y, r0.z", 0x40000000, 0x40400000, 0x40800000, 0x41200000}, /* 10 */
	{"mad.f32 r1.x, (neg)r0.x, r0.y, r0.z", 0x40000000, 0x40400000, 0x40800000, 0xc0000000},
	{"sel.b32 r1.x, r0.x, r0.y, r0.z", 11, 1, 33, 11},
	{"sel.b32 r1.x, r0.x, r0.y, r0.z", 11, 0, 33, 33},
	{"sel.f32 r1.x, r0.x, r0.y, r0.z", 0x41300000, 0x80000000, 0x42040000, 0x42040000}, /* -0 false */
	{"mad.u24 r1.x, r0.x, r0.y, r0.z", 0x1000002, 3, 4, 10},
	{"mad.s24 r1.x, r0.x, r0.y, r0.z", 0xffffff, 3, 10, 7},
	{"madsh.m16 r1.x, r0.x, r0.y, r0.z", 0x30000, 5, 1, 0xf0001},
	/* cat1 conversions: default rounding toward zero */
	{"cov.f32s32 r1.x, r0.x", 0xc02ccccd, 0, 0, 0xfffffffe},            /* -2.7 -> -2 */
	{"cov.f32s32 (even)r1.x, r0.x", 0xc02ccccd, 0, 0, 0xfffffffd},      /* -3 */
	{"cov.f32s32 (pos_infinity)r1.x, r0.x", 0xc02ccccd, 0, 0, 0xfffffffe},
	{"cov.f32s32 (even)(pos_infinity)r1.x, r0.x", 0xc02ccccd, 0, 0, 0xfffffffd}, /* down */
	{"cov.s32f32 r1.x, r0.x", 16777217, 0, 0, 0x4b800000},             /* 2^24 */
	{"cov.s32f32 (pos_infinity)r1.x, r0.x", 16777217, 0, 0, 0x4b800001},
	{"cov.u32f32 r1.x, r0.x", 0xffffffff, 0, 0, 0x4f7fffff},           /* toward zero */
	{"cov.u32f32 (even)r1.x, r0.x", 0xffffffff, 0, 0, 0x4f800000},     /* 2^32 */
	{"mov.u32u32 r1.x, 0x12345678", 0, 0, 0, 0x12345678},
	{"mov.f32f32 r1.x, (-2.5)", 0, 0, 0, 0xc0200000},
	{"mov.f32f32 r1.x, c0.w", 0, 0, 0, 0x40800000},                     /* 4.0 */
};

static void table(void)
{
	for (unsigned i = 0; i < IP_COUNT(ops); i++) {
		uint32_t got;
		enum ip_status st;
		if (run_op(__LINE__, ops[i].line, ops[i].a, ops[i].b, ops[i].c, &got, &st) != 0)
			continue;
		CHECK(st == IP_STATUS_OK && got == ops[i].want, "'%s' (%08x, %08x, %08x): %s %08x, want %08x",
		      ops[i].line, ops[i].a, ops[i].b, ops[i].c, ip_status_name(st), got, ops[i].want);
	}
}

/* Half precision: f16 arithmetic, 16-bit integers, and a precision change of the destination. */
static void half(void)
{
	static const char src[] = "add.f hr1.x, hr0.x, hr0.y\n"
	                          "add.s hr1.y, hr0.z, hr0.w\n"
	                          "add.f hr1.z, r0.x, r0.y\n"   /* full sources, half result */
	                          "cov.s16s32 r2.x, hr0.z\n"
	                          "cov.f16f32 r2.y, hr0.x\n"
	                          "(rpt2)nop\n"
	                          "end\n";
	struct a3xx_job j;
	memset(&j, 0, sizeof j);
	a3xx_set_hreg(&j, R(0, 0), 0x3e00); /* 1.5 */
	a3xx_set_hreg(&j, R(0, 1), 0x4080); /* 2.25 */
	a3xx_set_hreg(&j, R(0, 2), 0xffff); /* -1 */
	a3xx_set_hreg(&j, R(0, 3), 2);
	a3xx_set_reg(&j, R(0, 0), 1.5f);
	a3xx_set_reg(&j, R(0, 1), 2.25f);
	if (a3xx_test_run(__LINE__, src, &j) == 0) {
		CHECK(j.status == IP_STATUS_OK, "half: %s", j.why);
		CHECK(a3xx_hreg(&j, R(1, 0)) == 0x4380, "f16 1.5 + 2.25 = 3.75 (0x4380): 0x%04x",
		      a3xx_hreg(&j, R(1, 0)));
		CHECK(a3xx_hreg(&j, R(1, 1)) == 1, "s16 -1 + 2 = 1: 0x%04x", a3xx_hreg(&j, R(1, 1)));
		CHECK(a3xx_hreg(&j, R(1, 2)) == 0x4380, "f32 sources, f16 result: 0x%04x",
		      a3xx_hreg(&j, R(1, 2)));
		CHECK(a3xx_ureg(&j, R(2, 0)) == 0xffffffff, "cov.s16s32 sign-extends -1: %08x",
		      a3xx_ureg(&j, R(2, 0)));
		CHECK(a3xx_reg(&j, R(2, 1)) == 1.5f, "cov.f16f32 of 1.5: %g", a3xx_reg(&j, R(2, 1)));
	}
}

/* cat1 writes through a0.x; consts by number. */
static void relative_dst(void)
{
	static const char src[] = "mov.s16s16 hr0.x, 2\n"
	                          "(rpt2)nop\n"
	                          "mova a0.x, hr0.x\n"
	                          "(rpt5)nop\n"
	                          "(ul)mov.f32f32 r<a0.x + 4>, c0.w\n" /* r1.z (index 6) */
	                          "mov.f32f32 r2.x, c1.z\n"            /* const 6 */
	                          "(rpt2)nop\n"
	                          "end\n";
	static const float consts[8] = {10, 11, 12, 13, 14, 15, 16, 17};
	struct a3xx_job j;
	memset(&j, 0, sizeof j);
	j.consts = consts;
	j.nconsts = 8;
	if (a3xx_test_run(__LINE__, src, &j) == 0) {
		CHECK(j.status == IP_STATUS_OK, "relative dst: %s", j.why);
		CHECK(a3xx_reg(&j, R(1, 2)) == 13.0f, "r<a0.x + 4> with a0.x = 2 is r1.z: %g",
		      a3xx_reg(&j, R(1, 2)));
		CHECK(a3xx_reg(&j, R(2, 0)) == 16.0f, "c1.z is const 6: %g", a3xx_reg(&j, R(2, 0)));
	}
}

static void refused(void)
{
	static const struct {
		const char *line;
		uint32_t a, b, c;
	} cases[] = {
		{"add.f r1.x, r0.x, r0.y", 0x7fc00000, 0x3f800000, 0},   /* NaN */
		{"add.f r1.x, r0.x, r0.y", 0x00000001, 0x3f800000, 0},   /* denormal */
		{"add.f r1.x, r0.x, 1", 0x3f800000, 0, 0},               /* float immediate */
		{"add.u r1.x, (neg)r0.x, r0.y", 1, 2, 0},                /* modifier Mesa never uses */
		{"min.f r1.x, r0.x, r0.y", 0x80000000, 0, 0},            /* -0 and +0 */
		{"cov.f32u32 r1.x, r0.x", 0xbf800000, 0, 0},             /* -1 out of range */
		{"shl.b r1.x, r0.x, r0.y", 1, 32, 0},
		{"clz.b r1.x, r0.x", 0, 0, 0},
		{"cmpv.f.lt r1.x, r0.x, r0.y", 0, 0, 0},
		{"mad.f32 r1.x, r0.x, r0.y, r0.z", 0x3f800001, 0x3f800001, 0xbf800002}, /* fused? */
		{"madsh.u16 r1.x, r0.x, r0.y, r0.z", 1, 2, 3},
		{"rcp r1.x, 2", 0, 0, 0},
		{"hrsq r1.x, r0.x", 0x40000000, 0, 0},
		{"add.f r1.x, r50.x, r0.y", 0, 0, 0},                    /* past r47 */
		{"add.f hr1.x, hc0.x, hr0.y", 0, 0, 0},                  /* half const */
		{"isam (f32)(xz)r1.x, r0.x, s#0, t#0", 0, 0, 0},         /* mask with a gap */
		{"ldg.f32 r1.x, g[r0.x+0], 1", 0x100000, 0, 0},          /* no global buffer */
	};
	for (unsigned i = 0; i < IP_COUNT(cases); i++) {
		uint32_t got;
		enum ip_status st;
		if (run_op(__LINE__, cases[i].line, cases[i].a, cases[i].b, cases[i].c, &got, &st) == 0)
			CHECK(st == IP_STATUS_UNMODELED, "'%s': %s, want unmodeled", cases[i].line,
			      ip_status_name(st));
	}
}

int main(void)
{
	table();
	half();
	relative_dst();
	refused();
	a3xx_test_close();
	return check_report("test_a3xx_sim_ops");
}
