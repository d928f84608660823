/* test_bifrost_sim_special.c: the notes' special-function sequences (rcp, rsqrt, sqrt, log2, ln,
 * exp2, exp, atan2), assembled and run on the Bifrost simulator, against libm over many inputs and the
 * special values (0, -0, +-inf, NaN, denormals). Each program reads r0 and leaves r1. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bifrost/bifrost.h"
#include "check.h"
#include "isaprobe/float_bits.h"
#include "isaprobe/runner.h"

#define MAXN 16384

/* Runs src once per input (one invocation each, r0 = input, r3 = in2 if given); out[i] = r1. */
static int run_program(const char *src, const float *in, const float *in2, unsigned n, float *out)
{
	static uint8_t regs_in[MAXN * 256], regs_out[MAXN * 256];
	struct ip_runner_config cfg = {"bifrost", NULL, NULL};
	struct ip_runner *r;
	struct ip_program p;
	struct ip_diag d;
	struct ip_buf buf;
	struct ip_out_buf ob;
	struct ip_job job;
	struct ip_result res;
	uint8_t *bin = NULL;
	size_t len = 0;
	ip_diag_init(&d, "<test>");
	if (bifrost_assemble(src, &p, &d) != 0 || bifrost_pack(&p, &bin, &len, &d) != 0) {
		ip_diag_print(&d, stderr);
		return -1;
	}
	ip_program_free(&p);
	memset(regs_in, 0, sizeof regs_in);
	for (unsigned i = 0; i < n; i++) {
		memcpy(regs_in + 256 * i, &in[i], 4); /* little-endian host */
		if (in2)
			memcpy(regs_in + 256 * i + 12, &in2[i], 4);
	}
	if (ip_runner_open("sim", &cfg, &r, &d) != 0) {
		ip_diag_print(&d, stderr);
		free(bin);
		return -1;
	}
	buf = (struct ip_buf){IP_BUF_REGISTERS, regs_in, (size_t)n * 256};
	ob = (struct ip_out_buf){IP_BUF_REGISTERS, regs_out, sizeof regs_out, 0};
	ip_job_init(&job, &res, bin, len, &buf, 1, &ob, 1);
	job.limits.invocations = n;
	ip_runner_run(r, &job, &res);
	ip_runner_close(r);
	free(bin);
	if (res.status != IP_STATUS_OK) {
		fprintf(stderr, "run: status %d: %s (clause at byte %u)\n", res.status,
		        res.why ? res.why : "", res.where);
		return -1;
	}
	for (unsigned i = 0; i < n; i++)
		memcpy(&out[i], regs_out + 256 * i + 4, 4);
	return 0;
}

/* Distance in units in the last place between two floats of the same sign. */
static double ulps(float got, double want)
{
	float w = (float)want;
	double ulp;
	if (isinf(w))
		return got == w ? 0 : INFINITY;
	ulp = w == 0.0f ? FLT_TRUE_MIN : fabs((double)nextafterf(fabsf(w), INFINITY) - fabs((double)w));
	return fabs((double)got - want) / ulp;
}

struct check_spec {
	const char *name;
	double (*ref)(double);
	double max_ulps;
	double abs_near_one; /* log: absolute error allowed for inputs in [0.5, 2] */
	double ulps_per_x;   /* exp: the range reduction's error grows with |x| */
};

static double rcp(double x) { return 1.0 / x; }
static double rsq(double x) { return 1.0 / sqrt(x); }

static unsigned make_inputs(uint64_t *rng, float *in, unsigned n)
{
	static const uint32_t specials[] = {
		0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x00000001, 0x80000001,
		0x000fffff, 0x00800000, 0x3f800000, 0xbf800000, 0x40000000, 0x3f000000, 0x7f7fffff,
		0x3f7fffff, 0x3f800001, 0x42f00000, 0xc2f00000, 0x43000000, 0xc3160000, 0x3e800000,
	};
	unsigned k = 0;
	for (; k < IP_COUNT(specials) && k < n; k++)
		in[k] = ip_f32_from_bits(specials[k]);
	for (; k < n; k++) {
		uint32_t u = (uint32_t)test_rand(rng);
		if (k % 3 == 0) /* a third of the inputs in a moderate range */
			u = (u & 0x807fffff) | (uint32_t)(0x38 + test_rand(rng) % 0x10) << 23 << 0;
		if (k % 3 == 1) /* and a third near 1 */
			in[k] = (float)(0.5 + (double)(test_rand(rng) % 1000000) / 666666.0);
		else
			in[k] = ip_f32_from_bits(u);
		if (isnan(in[k]))
			in[k] = ip_f32_from_bits(0x7fc00000);
	}
	return n;
}

static void check_results(const struct check_spec *c, const float *in, const float *out, unsigned n)
{
	double worst = 0;
	unsigned bad = 0;
	for (unsigned i = 0; i < n; i++) {
		double want = c->ref((double)in[i]);
		float w = (float)want;
		double e;
		if (isnan(w)) {
			if (!isnan(out[i]) && bad++ < 5)
				fprintf(stderr, "%s(%a): %a, want NaN\n", c->name, in[i], out[i]);
			continue;
		}
		if (c->abs_near_one > 0 && in[i] >= 0.5f && in[i] <= 2.0f) {
			e = fabs((double)out[i] - want);
			if (e > c->abs_near_one && bad++ < 5)
				fprintf(stderr, "%s(%a): %a, want %a (abs error %g)\n", c->name, in[i],
				        out[i], w, e);
			continue;
		}
		if (w == 0.0f || isinf(w)) {
			/* exact zeros and infinities, sign included */
			if (ip_f32_bits(out[i]) != ip_f32_bits(w) && bad++ < 5)
				fprintf(stderr, "%s(%a): %a, want %a\n", c->name, in[i], out[i], w);
			continue;
		}
		e = ulps(out[i], want);
		if (e > worst)
			worst = e;
		e -= c->ulps_per_x * fabs((double)in[i]);
		if (e > c->max_ulps && bad++ < 5)
			fprintf(stderr, "%s(%a): %a, want %a (%.1f ulp)\n", c->name, in[i], out[i], w, e);
	}
	printf("%-6s %u inputs, worst %.2f ulp (limit %.1f%s)\n", c->name, n, worst, c->max_ulps,
	       c->ulps_per_x > 0 ? " + 2|x|" : "");
	CHECK(bad == 0, "%s: %u results out of tolerance", c->name, bad);
}

/* ---- the programs (the notes' sequences, scheduled on FMA/ADD with the register timing) ---- */
static const char rcp_src[] =
	"clause {\n"
	"\treg read=r0 wfma=r1 first=1\n"
	"\tfma FRCP_FREXPM src0=p0\n"            /* a1 */
	"\tadd FRCP_TABLE src0=p0\n"             /* x1 */
	"\treg read=r0 wadd=r2 uc_sel=c0 const_lo=0\n"
	"\tfma FMA_MSCALE src0=t0 src1=t1 src1_neg=1 src2=uc_hi src3=zero mode_sel=1 mode=0\n"
	"\tadd FRCP_FREXPE src0=p0\n"            /* e' */
	"\treg read=r2\n"
	"\tfma FMA_MSCALE src0=t0 src1=p0 src2=p0 src3=t1\n"
	"\tadd NOP\n"
	"\tconst 0x3f8000000000000\n"           /* 1.0 in the high half */
	"}\n";

static const char rsqrt_src[] =
	"clause {\n"
	"\treg read=r0 wfma=r1 first=1\n"
	"\tfma FSQRT_FREXPM src0=p0\n"           /* a1 */
	"\tadd FRSQ_TABLE src0=p0\n"             /* x1 */
	"\treg read=r0 wfma=r2 wadd=r3\n"
	"\tfma FMA.f32 src0=t1 src1=t1 src2=zero src1_neg=1\n" /* t1 = x1 * x1 - 0 */
	"\tadd FRSQ_FREXPE src0=p0\n"            /* e' */
	"\treg read=r2 uc_sel=c0 const_lo=0xf\n"
	"\tfma FMA_MSCALE src0=p0 src1=t0 src1_neg=1 src2=uc_hi src3=uc_lo mode_sel=1 mode=0\n"
	"\tadd MOV src0=t1\n"
	"\treg read=r3\n"
	"\tfma FMA_MSCALE src0=t0 src1=p0 src2=p0 src3=t1 mode_sel=1 mode=0\n"
	"\tadd NOP\n"
	"\tconst 0x3f800000fffffff\n"           /* 1.0 high, -1 low */
	"}\n";

static const char sqrt_src[] =
	"clause {\n"
	"\treg read=r0 wfma=r1 first=1\n"
	"\tfma FSQRT_FREXPM src0=p0\n"           /* a1 */
	"\tadd FRSQ_TABLE src0=p0\n"             /* r1 */
	"\treg read=r0 wfma=r2 wadd=r3\n"
	"\tfma FMA_MSCALE src0=t0 src1=t1 src2=zero src2_neg=1 src3=zero mode_sel=1 mode=3\n"
	"\tadd FSQRT_FREXPE src0=p0\n"           /* e */
	"\treg read=r2 wfma=r4 uc_sel=c0 const_lo=0xf\n"
	"\tfma FMA_MSCALE src0=t0 src1=t0 src2=p0 src2_neg=1 src3=uc_lo\n" /* t2 */
	"\tadd MOV src0=t1\n"
	"\treg read=r3 read=r4\n"
	"\tfma FMA_MSCALE src0=p0 src0_abs=1 src1=t0 src1_neg=1 src2=p1 src3=t1 mode_sel=1 mode=0\n"
	"\tadd NOP\n"
	"\tconst 0x0fffffff\n"                  /* -1 low */
	"}\n";

static const char log2_src[] =
	"clause {\n"
	"\treg read=r0 wadd=r1 first=1\n"
	"\tfma LOG_FREXPM src0=p0\n"             /* a1 */
	"\tadd FRCP_APPROX src0=p0\n"            /* r1 */
	"\treg read=r0 uc_sel=c0 const_lo=0\n"
	"\tfma FMA.f32 src0=t0 src1=t1 src2=uc_lo\n" /* y = a1 r1 - 1 */
	"\tadd FLOG2_TABLE src0=p0\n"            /* xt */
	"\treg read=r0 wfma=r2 wadd=r3 uc_sel=c1 const_lo=0xb\n"
	"\tfma FMA.f32 src0=t0 src1=uc_lo src2=zero src1_neg=1\n" /* y' = y c - 0 */
	"\tadd FLOG_FREXPE src0=p0\n"            /* e */
	"\treg read=r2 wfma=r4 uc_sel=c2 const_lo=0\n"
	"\tfma FMA.f32 src0=p0 src1=uc_lo src2=uc_hi\n" /* t1 = y b + a */
	"\tadd I32_TO_F32 src0=t1\n"
	"\treg read=r4 read=r3 uc_sel=c3 const_lo=0\n" /* port 0: r3, port 1: r4 */
	"\tfma FMA.f32 src0=p1 src1=t0 src2=uc_lo\n" /* t2 = y' t1 + d */
	"\tadd ADD.f32 src0=t1 src1=p0\n"         /* x1 = e + xt */
	"\treg read=r2 read=r4\n"
	"\tfma FMA.f32 src0=p0 src1=t0 src2=p1\n" /* x2 = y t2 + y' */
	"\tadd MOV src0=t1\n"
	"\treg\n"
	"\tfma NOP\n"
	"\tadd ADD.f32 src0=t1 src1=t0\n"         /* x1 + x2 */
	"\tconst 0xbf80000\n"                    /* c0: -1.0 */
	"\tconst 0x3fb8aa3\n"                    /* c1: c = 1/ln 2 (low bits b) */
	"\tconst 0xbf0003f03eab320\n"            /* c2: b low, a high */
	"\tconst 0x32a5706\n"                    /* c3: d (after c2: top 4 bits 0xb then 0 make */
	                                          /* Mesa's M1 = 11, a plain pair) */
	"}\n";

static const char ln_src[] =
	"clause {\n"
	"\treg read=r0 wfma=r1 first=1\n"
	"\tfma LOG_FREXPM src0=p0\n"
	"\tadd FRCP_APPROX src0=p0\n"
	"\treg read=r0 uc_sel=c0 const_lo=0\n"
	"\tfma FMA.f32 src0=t0 src1=t1 src2=uc_lo\n" /* y */
	"\tadd FLOGE_TABLE src0=p0\n"            /* xt */
	"\treg read=r0 wfma=r2 wadd=r3 uc_sel=c1 const_lo=0\n"
	"\tfma FMA.f32 src0=t0 src1=uc_lo src2=uc_hi\n" /* t1 = y b + a */
	"\tadd FLOG_FREXPE src0=p0\n"
	"\treg read=r2 uc_sel=c0 const_lo=0\n"
	"\tfma FMA.f32 src0=p0 src1=t0 src2=uc_hi\n" /* t2 = y t1 + 1 */
	"\tadd I32_TO_F32 src0=t1\n"
	"\treg read=r3 uc_sel=c2 const_lo=8\n"
	"\tfma FMA.f32 src0=t1 src1=uc_lo src2=p0\n" /* x1 = e ln2 + xt */
	"\tadd MOV src0=t0\n"
	"\treg read=r2\n"
	"\tfma FMA.f32 src0=p0 src1=t1 src2=t0\n" /* y t2 + x1 */
	"\tadd NOP\n"
	"\tconst 0x3f800000bf80000\n"            /* c0: -1.0 low, 1.0 high */
	"\tconst 0xbf0003f03eab320\n"            /* c1: b low, a high */
	"\tconst 0x3f31721\n"                    /* c2: ln 2 (after c1: Mesa's M1 = 11, plain) */
	"}\n";

static const char exp2_src[] =
	/* Two clauses: ISA.xml has no ADD shift (the 2019 disassembler's ADD ARSHIFT.i32), so
	 * a1i = t3 >> 4 runs on FMA (*ARSHIFT.i32: FMA ARSHIFT_ADD.i32 with source 1 = zero), which
	 * needs an FMA slot the single 8-instruction clause did not have. a2 -> r4, a1t -> r3,
	 * a1i -> r5 carry the values from the first clause to the second. */
	"clause no_eos=1 back_to_back=1 branch_cond=1 {\n"
	"\treg read=r0 wfma=r5 first=1 uc_sel=c0 const_lo=0\n" /* a1i -> r5 at the end */
	"\tfma ADD.f32 src0=p0 src1=uc_lo outmod=clamp_0_inf\n" /* t1 */
	"\tadd NOP\n"
	"\treg wfma=r2 uc_sel=c0 const_lo=0\n"
	"\tfma ADD.f32 src0=t0 src1=uc_hi\n"      /* t2 */
	"\tadd EXP_TABLE src0=t0\n"             /* a1t */
	"\treg read=r0 read=r2 wadd=r3 uc_sel=c0 const_lo=0\n"
	"\tfma ADD.f32 src0=p0 src1=t0 src1_neg=1 outmod=clamp_m1_1\n" /* a2 */
	"\tadd SUB.i32 src0=p1 src1=uc_lo\n"    /* t3 */
	"\treg wfma=r4 uc_sel=c1 const_lo=8\n"
	"\tfma ARSHIFT_ADD.i32 src0=t1 src1=zero src2=uc_hi\n" /* a1i = t3 >> 4 */
	"\tadd NOP\n"
	"\tconst 0xc94000004940000\n"            /* c0: 0x49400000 low, 0xc9400000 high */
	"\tconst 0x43f31721\n"                   /* c1: 4 high (top 4 bits 0xc, 0: M1 = 12, plain) */
	"}\n"
	"clause {\n"
	"\treg read=r4 wadd=r1 first=1 uc_sel=c0 const_lo=5\n" /* p0 a2 */
	"\tfma FMA.f32 src0=p0 src1=uc_lo src2=uc_hi\n" /* p1 */
	"\tadd NOP\n"
	"\treg read=r4 uc_sel=c1 const_lo=8\n"
	"\tfma FMA.f32 src0=t0 src1=p0 src2=uc_lo\n" /* p2 */
	"\tadd NOP\n"
	"\treg read=r4 read=r3\n"               /* port 0: r3 (a1t), port 1: r4 (a2) */
	"\tfma FMA.f32 src0=p1 src1=t0 src2=zero src1_neg=1\n" /* p3 */
	"\tadd NOP\n"
	"\treg read=r3 read=r5\n"               /* port 0: r3 (a1t), port 1: r5 (a1i) */
	"\tfma FMA_MSCALE src0=t0 src1=p0 src2=p0 src3=p1 mode=1\n" /* x */
	"\tadd NOP\n"
	"\treg read=r0\n"
	"\tfma NOP\n"                             /* MAX on ADD: ISA.xml has no FMA MAX.f32 */
	"\tadd MAX.f32 src0=t0 src1=p0 unk13=1\n" /* nan_wins */
	"\tconst 0x3e75fffa3d63563\n"            /* c0 (embedded): 0x3d635635 low, 0x3e75fffa high */
	"\tconst 0x43f31721\n"                   /* c1: ln 2 low */
	"}\n";

/* base-e exponent: the notes' second sequence (scaled by 2^-28 so that clamp_0_1 bounds it;
 * the notes' "p2 = FMA a2, p2, -0" reads p1, an evident typo) */
static const char exp_src[] =
	/* two clauses, for the FMA shift, as exp2 above */
	"clause no_eos=1 back_to_back=1 branch_cond=1 {\n"
	"\treg read=r0 wfma=r5 first=1 uc_sel=c1 const_lo=0xb\n" /* a1i -> r5 at the end */
	"\tfma FMA.f32 src0=p0 src1=uc_lo src2=uc_hi outmod=clamp_0_1\n" /* t1 */
	"\tadd NOP\n"
	"\treg wfma=r2 uc_sel=c0 const_lo=0\n"
	"\tfma ADD.f32 src0=t0 src1=uc_lo\n"      /* t2 */
	"\tadd EXP_TABLE src0=t0\n"             /* a1t */
	"\treg read=r0 read=r2 wadd=r3 uc_sel=c2 const_lo=0\n"
	"\tfma FMA_MSCALE src0=t0 src1=uc_hi src2=p0 src3=zero mode=2\n" /* a2, clamp_m1_1 */
	"\tadd SUB.i32 src0=p1 src1=uc_lo\n"    /* t3 */
	"\treg wfma=r4 uc_sel=c0 const_lo=0\n"
	"\tfma ARSHIFT_ADD.i32 src0=t1 src1=zero src2=uc_hi\n" /* a1i = t3 >> 4 */
	"\tadd NOP\n"
	"\tconst 0x4bb40000\n"          /* c0: 0xbb400000 low, 4 high */
	"\tconst 0x3b40000031b8aa3\n"   /* c1: 0x31b8aa3b (log2 e 2^-28) low, 0x3b400000 high */
	                                /* (c0 first: top 4 bits 0 and 3 make M1 = 13, plain) */
	"\tconst 0xcd3172183b40000\n"   /* c2: 0x3b400000 low, 0xcd317218 (-ln2 2^28) high */
	"}\n"
	"clause {\n"
	"\treg read=r4 wadd=r1 first=1 uc_sel=c0 const_lo=0xd\n" /* p0 a2 */
	"\tfma FMA.f32 src0=p0 src1=uc_lo src2=uc_hi\n" /* p1 */
	"\tadd NOP\n"
	"\treg read=r4\n"
	"\tfma FMA.f32 src0=p0 src1=t0 src2=zero src1_neg=1\n" /* p2 = a2 p1 - 0 */
	"\tadd NOP\n"
	"\treg read=r4 read=r3\n"               /* port 0: r3 (a1t), port 1: r4 (a2) */
	"\tfma FMA.f32 src0=p1 src1=t0 src2=p1\n" /* p3 = a2 p2 + a2 */
	"\tadd NOP\n"
	"\treg read=r3 read=r5\n"               /* port 0: r3 (a1t), port 1: r5 (a1i) */
	"\tfma FMA_MSCALE src0=t0 src1=p0 src2=p0 src3=p1 mode=1\n" /* x */
	"\tadd NOP\n"
	"\treg read=r0\n"
	"\tfma NOP\n"
	"\tadd MAX.f32 src0=t0 src1=p0 unk13=1\n"
	"\tconst 0x3f00010e3e2aaac\n"   /* c0: 0x3e2aaacd (1/6) low, 0x3f00010e (1/2) high */
	"}\n";

/* atan2(y = r0, x = r3): the notes' sequence over three clauses (the "xi2 = FMA err, x'', x''"
 * line reads xi1 for x'': the usual Newton step, as in the reciprocal). */
static const char atan2_src[] =
	"clause no_eos=1 back_to_back=1 branch_cond=1 {\n"
	"\treg read=r0 read=r3 wfma=r8 first=1\n"      /* y'' -> r8 at the end */
	"\tfma NOP\n"
	"\tadd ATAN_ASSIST src0=p0 src1=p1\n"          /* a */
	/* both ATAN_LDEXP run on ADD: ISA.xml has them there only (+LDEXP.f32.inf / .inf0) */
	"\treg read=r0 wadd=r4\n"
	"\tfma NOP\n"
	"\tadd ATAN_LDEXP.Y.f32 src0=p0 src1=t1\n"     /* y' */
	"\treg read=r3 read=r4 wadd=r5\n"             /* p0 x, p1 a */
	"\tfma NOP\n"
	"\tadd ATAN_LDEXP.X.f32 src0=p0 src1=p1\n"     /* x' */
	"\treg read=r4 read=r5 wadd=r6\n"             /* p0 a, p1 y' */
	"\tfma FMA.f32 src0=p1 src0_abs=1 src1=p0 unk9=2 src2=t1 src2_abs=1\n" /* |y'| a.y + |x'| */
	"\tadd NOP\n"
	"\treg read=r4 read=r5 read=r6 wfma=r7\n"     /* p0 a, p1 y', p2 x'; x'' -> r7 */
	"\tfma FMA.f32 src0=p0 unk9=7 src0_neg=1 src1=p2 src1_abs=1 src2=p1 src2_abs=1\n"
	"\tadd NOP\n"                            /* y'' = -a.y |x'| + |y'| */
	"}\n"
	"clause no_eos=1 back_to_back=1 branch_cond=1 {\n"
	"\treg read=r7 wfma=r13 first=1\n"            /* p2 -> r13 at the end */
	"\tfma FRCP_FREXPM src0=p0\n"                 /* xm */
	"\tadd FRCP_TABLE src0=p0\n"                  /* xi1 */
	"\treg read=r7 wadd=r9 uc_sel=c0 const_lo=0\n"
	"\tfma FMA_MSCALE src0=t0 src1=t1 src1_neg=1 src2=uc_hi src3=zero mode_sel=1 mode=0\n"
	"\tadd FRCP_FREXPE src0=p0\n"                 /* xe */
	"\treg read=r9\n"
	"\tfma FMA.f32 src0=t0 src1=p0 src2=p0\n"       /* xi2 = err xi1 + xi1 */
	"\tadd MOV src0=t1\n"
	"\treg read=r8 read=r0 read=r3\n"             /* p0 y, p1 y'', p2 x */
	"\tfma FMA_MSCALE src0=p1 src1=t0 src2=zero src2_neg=1 src3=t1\n" /* t = y'' / x'' */
	"\tadd ATAN_TABLE src0=p0 src1=p2\n"
	"\treg wfma=r10 wadd=r11\n"
	"\tfma FMA.f32 src0=t0 src1=t0 src2=zero src1_neg=1\n" /* t^2 */
	"\tadd NOP\n"
	"\treg uc_sel=c1 const_lo=0\n"
	"\tfma FMA.f32 src0=t0 src1=uc_lo src2=uc_hi\n" /* p1 */
	"\tadd MOV src0=t0\n"
	"\treg uc_sel=c0 const_lo=0\n"
	"\tfma FMA.f32 src0=t1 src1=t0 src2=uc_hi\n" /* p2 */
	"\tadd NOP\n"
	"\tconst 0x3f8000000000000\n"                  /* c0: 1.0 high */
	"\tconst 0xbeaaaaab3e4b2a0\n"                  /* c1: 0x3e4b2a00 low, 0xbeaaaaab high */
	"}\n"
	"clause {\n"
	"\treg read=r3 wadd=r1 first=1 uc_sel=c1 const_lo=0\n"
	"\tfma CSEL.UGE.i32 src0=p0 src1=uc_lo src2=uc_hi src3=zero\n" /* x < 0: -pi */
	"\tadd NOP\n"
	"\treg read=r11\n"
	"\tfma NOP\n"
	"\tadd ADD.f32 src0=p0 src1=t0\n"              /* atan(a) + corr */
	"\treg read=r10 read=r13\n"                    /* p0 t, p1 p2 */
	"\tfma FMA_MSCALE src0=p1 src1=p0 src2=t1 src3=zero\n"
	"\tadd NOP\n"
	"\treg read=r0 uc_sel=c0 const_lo=0\n"
	"\tfma NOP\n"                                  /* MUX on ADD: ISA.xml has no FMA MUX */
	"\tadd MUX src0=p0 src1=t0 src2=uc_lo\n"      /* copysign(., y) */
	"\tconst 0x8000000\n"                          /* c0: 0x80000000 low */
	"\tconst 0xc0490fdb8000000\n"                  /* c1: 0x80000000 low, -pi high */
	"}\n";

static void test_atan2(uint64_t *rng, unsigned n)
{
	static float y[MAXN], x[MAXN], out[MAXN];
	static const float special[] = {0.0f, -0.0f, 1.0f, -1.0f, INFINITY, -INFINITY, 1e-40f,
	                                -3e-39f, 1e30f, -2.5f};
	unsigned k = 0, bad = 0;
	double worst = 0;
	for (unsigned i = 0; i < IP_COUNT(special); i++)
		for (unsigned j = 0; j < IP_COUNT(special) && k < n; j++, k++) {
			y[k] = special[i];
			x[k] = special[j];
		}
	for (; k < n; k++) {
		y[k] = (float)((double)(test_rand(rng) % 2000001) / 1000000.0 - 1.0) *
		       (float)ldexp(1.0, (int)(test_rand(rng) % 40) - 20);
		x[k] = (float)((double)(test_rand(rng) % 2000001) / 1000000.0 - 1.0) *
		       (float)ldexp(1.0, (int)(test_rand(rng) % 40) - 20);
	}
	if (run_program(atan2_src, y, x, n, out) != 0) {
		CHECK(0, "atan2 did not run");
		return;
	}
	for (unsigned i = 0; i < n; i++) {
		float want = (float)atan2((double)y[i], (double)x[i]);
		double e;
		if (y[i] == 0.0f && x[i] == 0.0f)
			continue; /* atan(0, 0) is undefined in GLSL; the sequence divides 0 by 0 */
		if (isnan(want)) {
			if (!isnan(out[i]) && bad++ < 5)
				fprintf(stderr, "atan2(%a, %a): %a, want NaN\n", y[i], x[i], out[i]);
			continue;
		}
		e = fabs((double)out[i] - (double)want) / (double)FLT_EPSILON; /* in 2^-23 units */
		if (e > worst)
			worst = e;
		if (e > 4.0 && bad++ < 5)
			fprintf(stderr, "atan2(%a, %a): %a, want %a\n", y[i], x[i], out[i], want);
	}
	printf("atan2  %u inputs, worst absolute error %.2f x 2^-23 (limit 4)\n", n, worst);
	CHECK(bad == 0, "atan2: %u results out of tolerance", bad);
}

int main(void)
{
	static float in[MAXN], out[MAXN];
	uint64_t seed = test_seed(0xB1F5), rng = seed;
	unsigned n = (unsigned)test_scaled(MAXN);
	static const struct {
		const char *src;
		struct check_spec spec;
	} progs[] = {
		{rcp_src, {"rcp", rcp, 1.0, 0, 0}},
		{rsqrt_src, {"rsqrt", rsq, 1.0, 0, 0}},
		{sqrt_src, {"sqrt", sqrt, 1.0, 0, 0}},
		/* log: the notes' cubic in y = a1 * r1 - 1, with r1 kept to 5 bits from 4 index bits,
		 * leaves |y| up to about 3/64 and a truncation error near |y|^4 / 4 (1.3e-6) around 1:
		 * absolute error 2^-19 on [0.5, 2], 3 ulp elsewhere */
		{log2_src, {"log2", log2, 3.0, 0x1p-19, 0}},
		{ln_src, {"ln", log, 3.0, 0x1p-19, 0}},
		{exp2_src, {"exp2", exp2, 3.0, 0, 0}},
		/* exp: one FMA_MSCALE with -ln2 * 2^28 rounded to float reduces the argument, so the
		 * error grows with |x|: 3 + 2|x| ulp (the bound GLSL ES 3.0 sets for exp) */
		{exp_src, {"exp", exp, 3.0, 0, 2.0}},
	};
	if (n > MAXN)
		n = MAXN;
	if (n < 64)
		n = 64;
	printf("seed 0x%llx, %u inputs per function\n", (unsigned long long)seed, n);
	make_inputs(&rng, in, n);
	for (unsigned p = 0; p < IP_COUNT(progs); p++) {
		if (run_program(progs[p].src, in, NULL, n, out) != 0) {
			CHECK(0, "%s did not run", progs[p].spec.name);
			continue;
		}
		check_results(&progs[p].spec, in, out, n);
	}
	test_atan2(&rng, n);
	return check_report("test_bifrost_sim_special");
}
