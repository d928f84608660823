/* test_bifrost_sim_header.c: the clause-header float modes on the Bifrost simulator (later public
 * work's reading, docs/bifrost-sources.md): flush-to-zero 0-2, NaN/infinity suppression, and
 * the modes left unmodelled. Every expected value is worked out by hand in its comment. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bifrost_sim_run.h"
#include "check.h"

/* Runs one operation in the FMA (unit 'f') or ADD ('a') unit of a two-instruction clause with
 * header text hdr, sources r0, r1, r2 = a, b, c; returns the status, the result in *out. */
static enum ip_status op1(const char *hdr, char unit, const char *op, uint32_t a, uint32_t b,
                          uint32_t c, uint32_t *out)
{
	struct io io;
	char src[512];
	memset(&io, 0, sizeof io);
	io.regs_in[0][0] = a;
	io.regs_in[0][1] = b;
	io.regs_in[0][2] = c;
	io.regs_in[0][3] = 0xdeadbeef;
	snprintf(src, sizeof src,
	         "clause %s {\n"
	         "\treg read=r0 read=r1 read=r2 first=1\n"
	         "\t%s %s\n"
	         "\treg %s=r3\n"
	         "\tfma NOP\n"
	         "}\n",
	         hdr, unit == 'f' ? "fma" : "add", op, unit == 'f' ? "wfma" : "wadd");
	run(src, &io);
	*out = io.regs[0][3];
	if (io.res.status != IP_STATUS_OK && io.res.why)
		fprintf(stderr, "  (%s: %s)\n", op, io.res.why);
	return io.res.status;
}

struct ftz_case {
	const char *what;
	char unit;
	const char *op;
	uint32_t a, b, c;
	uint32_t want[3]; /* ftz=0, ftz=1 (DX11), ftz=2 (always) */
};

/* 2^-149 = 0x00000001 (smallest binary32 denormal), 2^-126 = 0x00800000, 2^24 = 0x4b800000,
 * 2^-70 = 0x1c800000 (biased exponent 57), 2^-125 = 0x01000000 (biased exponent 2). Binary16:
 * 2^-24 = 0x0001 (smallest denormal), 2^-14 = 0x0400 (smallest normal), 2^-15 = 0x0200, 1.0 =
 * 0x3c00, 0.5 = 0x3800. */
static const struct ftz_case ftz_cases[] = {
	/* a denormal operand: 2^-149 * 2^24 = 2^-125; flushed: +0 * 2^24 = +0 */
	{"denormal factor", 'f', "FMA.f32 src0=p0 src1=p1 src2=zero", 0x00000001, 0x4b800000, 0,
	 {0x01000000, 0x00000000, 0x00000000}},
	/* the sign survives the flush (addend -0, so that a -0 product stays -0):
	 * -2^-149 * 2^24 + -0 = -2^-125; flushed: -0 * 2^24 + -0 = -0 */
	{"negative denormal factor", 'f', "FMA.f32 src0=p0 src1=p1 src2=p2 src1_neg=1",
	 0x80000001, 0x4b800000, 0x00000000, {0x81000000, 0x80000000, 0x80000000}},
	/* a denormal result: 2^-70 * 2^-70 = 2^-140 = 2^9 * 2^-149 -> 0x00000200; flushed +0 */
	{"denormal product", 'f', "FMA.f32 src0=p0 src1=p1 src2=zero", 0x1c800000, 0x1c800000, 0,
	 {0x00000200, 0x00000000, 0x00000000}},
	/* -2^-140 + -0 -> 0x80000200 (src1_neg negates the addend, docs/bifrost-sources.md);
	 * flushed to -0 (sign kept) */
	{"negative denormal product", 'f', "FMA.f32 src0=p0 src1=p1 src2=p2 src1_neg=1",
	 0x9c800000, 0x1c800000, 0x00000000, {0x80000200, 0x80000000, 0x80000000}},
	/* operand flush, not only result flush: 2^-126 - 2^-149 = 0x007fffff (a denormal);
	 * flushed operand: 2^-126 + (-0) = 2^-126 (a result-only flush would give 0) */
	{"normal minus denormal (ADD unit)", 'a', "ADD.f32 src0=p0 src1=p1", 0x00800000,
	 0x80000001, 0, {0x007fffff, 0x00800000, 0x00800000}},
	/* 2^-149 + 2^-149 = 2^-148 = 0x00000002; flushed: 0 + 0 */
	{"denormal sum (FMA unit)", 'f', "ADD.f32 src0=p0 src1=p1", 0x00000001, 0x00000001, 0,
	 {0x00000002, 0x00000000, 0x00000000}},
	/* max(2^-149 * 5, -0) = 0x00000005; flushed: max(+0, -0) = +0 */
	/* on the ADD unit: ISA.xml has no FMA MAX.f32 */
	{"MAX of a denormal (ADD unit)", 'a', "MAX.f32 src0=p0 src1=p1", 0x00000005, 0x80000000, 0,
	 {0x00000005, 0x00000000, 0x00000000}},
	/* floor(-2^-149) = -1.0 (0xbf800000); flushed: floor(-0) = -0 */
	{"FLOOR of a negative denormal", 'f', "FLOOR src0=p0", 0x80000001, 0, 0,
	 {0xbf800000, 0x80000000, 0x80000000}},
	/* 2^-149 > +0 is true (D3D: ~0); flushed: +0 > +0 is false */
	{"FCMP.D3D ogt with a denormal", 'f', "FCMP.D3D.f32 src0=p0 src1=p1 cmp=ogt", 0x00000001,
	 0x00000000, 0, {0xffffffff, 0x00000000, 0x00000000}},
	/* a move copies bits, it is not arithmetic: the denormal passes in every mode */
	{"MOV of a denormal", 'f', "MOV src0=p0", 0x00000001, 0, 0,
	 {0x00000001, 0x00000001, 0x00000001}},
	/* half-word select (FMA bits 9-11 = 2: src1's high half as binary16): 1.0 * 2^-24 = 2^-24
	 * = binary32 0x33800000 (biased exponent 103); mode 1 keeps 16-bit denormals, mode 2
	 * flushes the binary16 operand: 1.0 * 0 = 0 */
	{"binary16 denormal operand of FMA.f32", 'f', "FMA.f32 src0=p0 src1=p1 src2=zero unk9=2",
	 0x3f800000, 0x00010000, 0, {0x33800000, 0x33800000, 0x00000000}},
	/* v2f16 operands (2^-24, 3 * 2^-24) * (1, 1) + 0: kept by modes 0, 1; mode 2: zeros */
	{"v2f16 denormal operands", 'f', "FMA.v2f16 src0=p0 src1=p1 src2=p2", 0x00030001,
	 0x3c003c00, 0x00000000, {0x00030001, 0x00030001, 0x00000000}},
	/* v2f16 results: -2^-14 * 0.5 + 0 = -2^-15 = 0x8200 per lane; mode 2: -0 (0x8000) */
	{"v2f16 denormal results", 'f', "FMA.v2f16 src0=p0 src1=p1 src2=p2 src2_neg=1", 0x84008400,
	 0x38003800, 0x00000000, {0x82008200, 0x82008200, 0x80008000}},
};

static void test_ftz(void)
{
	char hdr[32];
	uint32_t got;
	for (unsigned i = 0; i < sizeof ftz_cases / sizeof ftz_cases[0]; i++) {
		const struct ftz_case *t = &ftz_cases[i];
		for (unsigned m = 0; m < 3; m++) {
			snprintf(hdr, sizeof hdr, "ftz=%u", m);
			CHECK(op1(hdr, t->unit, t->op, t->a, t->b, t->c, &got) == IP_STATUS_OK,
			      "%s, ftz=%u: runs", t->what, m);
			CHECK(got == t->want[m], "%s, ftz=%u: 0x%08x (want 0x%08x)", t->what, m, got,
			      t->want[m]);
		}
	}
}

/* What stays unmodelled: ftz mode 3 (abrupt underflow), exception modes 1-3, and the
 * special-function helpers meeting a denormal under flush-to-zero. */
static void test_unmodelled(void)
{
	uint32_t got;
	CHECK(op1("ftz=3", 'f', "FMA.f32 src0=p0 src1=p1 src2=zero", 0x3f800000, 0x3f800000, 0,
	          &got) == IP_STATUS_UNMODELED,
	      "ftz mode 3 is unmodelled");
	for (unsigned m = 1; m < 4; m++) {
		char hdr[32];
		snprintf(hdr, sizeof hdr, "float_exc=%u", m);
		CHECK(op1(hdr, 'f', "FMA.f32 src0=p0 src1=p1 src2=zero", 0x3f800000, 0x3f800000, 0,
		          &got) == IP_STATUS_UNMODELED,
		      "float_exc=%u is unmodelled", m);
	}
	/* frexp of 2^-149 = 0.5 * 2^-148: FRCP_FREXPE gives 148 without flushing ... */
	CHECK(op1("", 'f', "FRCP_FREXPE src0=p0", 0x00000001, 0, 0, &got) == IP_STATUS_OK &&
	          got == 148,
	      "FRCP_FREXPE(2^-149) = %u (want 148)", got);
	/* ... and is unmodelled under flush-to-zero (what the table unit does is not public) */
	CHECK(op1("ftz=1", 'f', "FRCP_FREXPE src0=p0", 0x00000001, 0, 0, &got) ==
	          IP_STATUS_UNMODELED,
	      "FRCP_FREXPE of a denormal under ftz");
	/* a normal operand under flush-to-zero runs: frexp(4) = 0.5 * 2^3, FREXPE gives -3 */
	CHECK(op1("ftz=2", 'f', "FRCP_FREXPE src0=p0", 0x40800000, 0, 0, &got) == IP_STATUS_OK &&
	          got == 0xfffffffdu,
	      "FRCP_FREXPE(4) under ftz: 0x%08x (want -3)", got);
}

static int is_nan16(uint32_t h)
{
	return (h & 0x7c00) == 0x7c00 && (h & 0x03ff) != 0;
}

/* suppress_inf: an infinite result becomes the largest finite number of its sign (binary32
 * 0x7f7fffff, binary16 0x7bff); suppress_nan: a NaN result becomes +0. */
static void test_suppress(void)
{
	uint32_t got;
	/* -1e30 * 1e30 = -inf -> -FLT_MAX */
	CHECK(op1("suppress_inf=1", 'f', "FMA.f32 src0=p0 src1=p1 src2=zero", ip_f32_bits(-1e30f),
	          ip_f32_bits(1e30f), 0, &got) == IP_STATUS_OK &&
	          got == 0xff7fffffu,
	      "suppress_inf, -inf: 0x%08x", got);
	/* suppress_inf alone leaves NaN a NaN: inf + -inf */
	CHECK(op1("suppress_inf=1", 'a', "ADD.f32 src0=p0 src1=p1", ip_f32_bits(INFINITY),
	          ip_f32_bits(-INFINITY), 0, &got) == IP_STATUS_OK &&
	          (got & 0x7f800000u) == 0x7f800000u && (got & 0x007fffffu),
	      "suppress_inf keeps NaN: 0x%08x", got);
	/* suppress_nan alone leaves infinity: 1e30 * 1e30 = +inf */
	CHECK(op1("suppress_nan=1", 'f', "FMA.f32 src0=p0 src1=p1 src2=zero", ip_f32_bits(1e30f),
	          ip_f32_bits(1e30f), 0, &got) == IP_STATUS_OK &&
	          got == 0x7f800000u,
	      "suppress_nan keeps infinity: 0x%08x", got);
	/* v2f16: (32768, -32768) * (2, 2) = +-65536, above the overflow threshold 65520: +-inf
	 * (0xfc007c00); suppressed: +-65504 (0xfbff7bff) */
	CHECK(op1("", 'f', "FMA.v2f16 src0=p0 src1=p1 src2=zero", 0xf8007800, 0x40004000, 0, &got) ==
	          IP_STATUS_OK && got == 0xfc007c00u,
	      "v2f16 overflow: 0x%08x", got);
	CHECK(op1("suppress_inf=1", 'f', "FMA.v2f16 src0=p0 src1=p1 src2=zero", 0xf8007800,
	          0x40004000, 0, &got) == IP_STATUS_OK &&
	          got == 0xfbff7bffu,
	      "v2f16 suppress_inf: 0x%08x", got);
	/* v2f16: inf + -inf in both lanes: NaN; suppressed: +0 */
	CHECK(op1("", 'f', "ADD.v2f16 src0=p0 src1=p1", 0x7c007c00, 0xfc00fc00, 0, &got) ==
	          IP_STATUS_OK && is_nan16(got & 0xffff) && is_nan16(got >> 16),
	      "v2f16 inf - inf: 0x%08x", got);
	CHECK(op1("suppress_nan=1", 'f', "ADD.v2f16 src0=p0 src1=p1", 0x7c007c00, 0xfc00fc00, 0,
	          &got) == IP_STATUS_OK &&
	          got == 0,
	      "v2f16 suppress_nan: 0x%08x", got);
	/* an integer result is not a float: FRCP_FREXPE(4) = -3 = 0xfffffffd, a NaN bit pattern,
	 * stays -3 under suppress_nan */
	CHECK(op1("suppress_nan=1", 'f', "FRCP_FREXPE src0=p0", 0x40800000, 0, 0, &got) ==
	          IP_STATUS_OK && got == 0xfffffffdu,
	      "FRCP_FREXPE under suppress_nan: 0x%08x", got);
	/* nor is an integer add: -1 + 0 = 0xffffffff */
	CHECK(op1("suppress_nan=1", 'f', "ADD.i32 src0=p0 src1=p1", 0xffffffffu, 0, 0, &got) ==
	          IP_STATUS_OK && got == 0xffffffffu,
	      "ADD.i32 under suppress_nan: 0x%08x", got);
	/* both with flush-to-zero: a denormal result is flushed, then not touched */
	CHECK(op1("ftz=1 suppress_nan=1 suppress_inf=1", 'f', "FMA.f32 src0=p0 src1=p1 src2=zero",
	          0x1c800000, 0x1c800000, 0, &got) == IP_STATUS_OK &&
	          got == 0,
	      "ftz with suppression: 0x%08x", got);
}

int main(void)
{
	test_ftz();
	test_unmodelled();
	test_suppress();
	return check_report("test_bifrost_sim_header");
}
