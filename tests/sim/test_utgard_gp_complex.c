/* test_utgard_gp_complex.c: the seed notes' exp2 and log2 instruction sequences, assembled and
 * run on the simulator, compute exp2/log2 over many seeded inputs; the notes' gl_Position and
 * gl_PointSize transforms written as GP code match the notes' formulas. */
#include <math.h>
#include <stdio.h>

#include "utgard_gp_run.h"

/* Tolerance: exp2 within 2^-20 relative, log2 within 2^-20 * max(1, |log2 x|), against double
 * precision. (The hardware's own precision is not public; this bounds the model.) */
#define TOL 9.5367431640625e-07 /* 2^-20 */

/* The notes: mul.op1(complex.exp2(pass.op4(x)), mul.op3(pass.op4(x), pass.op4(x)),
 * complex.exp2(pass.op4(x)), pass.op4(x)); op1 has latency 2, so the result is read two
 * instructions later (mul0_2). x is attribute 0 .x of each vertex; the result goes to
 * varying 0 .x. */
static const char exp2_src[] =
	"instr {\n\treg0 attr 0\n\tpass.unk4 r0_x\n}\n"
	"instr {\n\tcplx.exp2 pass\n\tmul0.complex2 pass, pass\n}\n"
	"instr {\n\tmul0.complex1 cplx, mul0\n\tmul1.complex1 cplx, pass_2\n}\n"
	"instr {}\n"
	"instr {\n\tpass.pass mul0_2\n\tstore0.varying 0, pass, none\n}\n";

/* The notes: pass.op5(mul.op1(complex.log2(x), mul.op3(x, x), complex.log2(x), x)). */
static const char log2_src[] =
	"instr {\n\treg0 attr 0\n\tcplx.log2 r0_x\n\tmul0.complex2 r0_x, r0_x\n}\n"
	"instr {\n\treg0 attr 0\n\tmul0.complex1 cplx, mul0\n\tmul1.complex1 cplx, r0_x\n}\n"
	"instr {}\n"
	"instr {\n\tpass.unk5 mul0_2\n\tstore0.varying 0, pass, none\n}\n";

static void run_sequence(int line, const char *src, const float *x, uint32_t n, int is_log)
{
	float *attr = calloc((size_t)n * 64, sizeof *attr);
	struct gp_test_run run;
	unsigned bad = 0;
	for (uint32_t i = 0; i < n; i++)
		attr[64 * i] = x[i];
	if (gp_test_run(line, src, NULL, 0, attr, n, &run) == 0) {
		CHECK(run.status == IP_STATUS_OK, "line %d: %s: %s", line, ip_status_name(run.status),
		      run.why ? run.why : "");
		for (uint32_t i = 0; i < n && run.status == IP_STATUS_OK; i++) {
			double want = is_log ? log2((double)x[i]) : exp2((double)x[i]);
			double got = run.vary[64 * i];
			double tol = is_log ? TOL * fmax(1.0, fabs(want)) : TOL * fabs(want);
			if (!(fabs(got - want) <= tol) && bad++ < 5)
				CHECK(0, "line %d: %s(%.9g) = %.9g, expected %.9g", line,
				      is_log ? "log2" : "exp2", x[i], got, want);
		}
		CHECK(bad == 0, "line %d: %u of %u inputs out of tolerance", line, bad, n);
		gp_test_run_free(&run);
	}
	free(attr);
}

static void test_exp2_log2(void)
{
	uint64_t rng = test_seed(0xE4B2);
	uint32_t n = (uint32_t)test_scaled(20000);
	float *x = calloc(n, sizeof *x);
	if (!x)
		abort();
	/* exp2: fixed points, then uniform in [-120, 120] (results stay normal floats) */
	static const float fixed_e[] = {0.0f, 1.0f, -1.0f, 0.5f, 10.0f, -10.0f, 3.25f};
	static const float fixed_l[] = {1.0f, 2.0f, 0.5f, 1024.0f, 3.0f, 1e-30f, 1e30f};
	for (uint32_t i = 0; i < n; i++)
		x[i] = i < 7 ? fixed_e[i]
		             : (float)((double)(test_rand(&rng) >> 11) / 9007199254740992.0 * 240.0 - 120.0);
	run_sequence(__LINE__, exp2_src, x, n, 0);
	/* log2: fixed points, then log-uniform in [2^-100, 2^100] */
	for (uint32_t i = 0; i < n; i++)
		x[i] = i < 7 ? fixed_l[i]
		             : (float)exp2((double)(test_rand(&rng) >> 11) / 9007199254740992.0 * 200.0 - 100.0);
	run_sequence(__LINE__, log2_src, x, n, 1);
	free(x);
}

/* The same sequence with input d not through passthrough op 4 is outside the notes. */
static void test_broken_sequence(void)
{
	static const char src[] =
		"instr {\n\treg0 attr 0\n\tpass.unk4 r0_x\n}\n"
		"instr {\n\treg0 attr 0\n\tcplx.exp2 pass\n\tmul0.complex2 pass, pass\n}\n"
		"instr {\n\treg0 attr 0\n\tmul0.complex1 cplx, mul0\n\tmul1.complex1 cplx, r0_x\n}\n";
	float attr[64] = {2.0f};
	struct gp_test_run run;
	if (gp_test_run(__LINE__, src, NULL, 0, attr, 1, &run) == 0) {
		CHECK(run.status == IP_STATUS_UNMODELED && run.why && strstr(run.why, "input d"),
		      "broken exp2 sequence: %s %s", ip_status_name(run.status), run.why ? run.why : "");
		gp_test_run_free(&run);
	}
	/* the complex1 result read one instruction later (latency 2) */
	{
		static const char early[] =
			"instr {\n\treg0 attr 0\n\tcplx.rcp r0_x\n\tmul0.complex2 r0_x, r0_x\n}\n"
			"instr {\n\treg0 attr 0\n\tmul0.complex1 cplx, mul0\n\tmul1.complex1 cplx, r0_x\n}\n"
			"instr {\n\tpass.pass mul0\n}\n";
		if (gp_test_run(__LINE__, early, NULL, 0, attr, 1, &run) == 0) {
			CHECK(run.status == IP_STATUS_UNMODELED && run.why && strstr(run.why, "latency"),
			      "complex1 read early: %s %s", ip_status_name(run.status),
			      run.why ? run.why : "");
			gp_test_run_free(&run);
		}
	}
}

/* gl_Position and gl_PointSize as the compiler appends them (the notes' pseudocode), in GP
 * code: attribute 0 is the shader's gl_Position, attribute 1 .x its gl_PointSize. Uniforms:
 * 0, 1 = gl_mali_ViewportTransform[0], [1]; 2 = (1e10, -1e10) the clamp bounds; 3 =
 * (PointSizeParameters.y, .x) (clamp takes the upper bound in .x); 4 = (.z). Varying 0 is the
 * transformed position, varying 1 .x the point size. */
static const char transform_src[] =
	"instr {\n\treg0 attr 0\n\tcplx.rcp r0_w\n\tmul0.complex2 r0_w, r0_w\n}\n"              /* 0 */
	"instr {\n\treg0 attr 0\n\tmul0.complex1 cplx, mul0\n\tmul1.complex1 cplx, r0_w\n}\n" /* 1 */
	"instr {}\n"                                                                           /* 2 */
	"instr {\n\tload 2\n\tpass.clamp mul0_2\n}\n"               /* 3: w' = clamp(1/w) */
	"instr {\n\treg0 attr 0\n\tmul0.mul r0_x, pass\n\tmul1.mul r0_y, pass\n\tpass.pass pass\n}\n"
	"instr {\n\tload 0\n\tmul0.mul mul0, ld_x\n\tmul1.mul mul1, ld_y\n\tpass.pass pass\n}\n"
	"instr {\n\tload 1\n\treg0 attr 0\n\tacc0.add mul0, ld_x\n\tacc1.add mul1, ld_y\n"
	"\tstore0.varying 0, acc0, acc1\n\tmul0.mul r0_z, pass\n\tpass.pass pass\n}\n"   /* 6 */
	"instr {\n\tload 0\n\tmul0.mul mul0, ld_z\n}\n"
	"instr {\n\tload 1\n\tacc0.add mul0, ld_z\n\tacc1.add pass_2, ident\n"
	"\tstore1.varying 0, acc0, acc1\n}\n"                                              /* 8 */
	"instr {\n\treg0 attr 1\n\tload 3\n\tpass.clamp r0_x\n}\n"
	"instr {\n\tload 4\n\tmul0.mul pass, ld_x\n\tstore0.varying 1, mul0, none\n}\n";

static double frand(uint64_t *rng, double lo, double hi)
{
	return lo + (hi - lo) * (double)(test_rand(rng) >> 11) / 9007199254740992.0;
}

static void test_output_transforms(void)
{
	uint64_t rng = test_seed(0x7A45);
	uint32_t n = (uint32_t)test_scaled(2000);
	const float viewport[8] = {160.0f, -120.0f, 0.5f, 0, 160.0f, 120.0f, 0.5f, 0};
	const float psize[4] = {1.0f, 64.0f, 1.5f, 0};
	const float u[20] = {160.0f, -120.0f, 0.5f, 0, 160.0f, 120.0f, 0.5f, 0,
	                     1e10f, -1e10f, 0, 0, 64.0f, 1.0f, 0, 0, 1.5f, 0, 0, 0};
	float *attr = calloc((size_t)n * 64, sizeof *attr);
	struct gp_test_run run;
	unsigned bad = 0;
	for (uint32_t i = 0; i < n; i++) {
		float *a = attr + 64 * i;
		for (unsigned c = 0; c < 3; c++)
			a[c] = (float)frand(&rng, -100, 100);
		a[3] = (float)(frand(&rng, 0.01, 100) * (test_rand(&rng) % 2 ? 1 : -1));
		a[4] = (float)frand(&rng, -10, 100); /* point size, clamped to [1, 64] */
	}
	attr[3] = 0.0f; /* w = 0: 1/w = inf, clamped to 1e10 */
	if (gp_test_run(__LINE__, transform_src, u, 5, attr, n, &run) == 0) {
		CHECK(run.status == IP_STATUS_OK, "%s: %s", ip_status_name(run.status),
		      run.why ? run.why : "");
		for (uint32_t i = 0; i < n && run.status == IP_STATUS_OK; i++) {
			float want[4], ps;
			utgard_gp_position_transform(attr + 64 * i, viewport, want);
			ps = utgard_gp_point_size_transform(attr[64 * i + 4], psize);
			for (unsigned c = 0; c < 4; c++) {
				float got = run.vary[64 * i + c];
				if (!(fabsf(got - want[c]) <= 1e-6f * fmaxf(1.0f, fabsf(want[c]))) && bad++ < 5)
					CHECK(0, "vertex %u: position.%c = %.9g, expected %.9g", i, "xyzw"[c],
					      got, want[c]);
			}
			if (!(fabsf(run.vary[64 * i + 4] - ps) <= 1e-6f * ps) && bad++ < 5)
				CHECK(0, "vertex %u: point size %.9g, expected %.9g", i, run.vary[64 * i + 4], ps);
		}
		CHECK(bad == 0, "%u transformed values differ", bad);
		/* hand-worked: vertex 0 has w = 0: w' = 1e10 */
		CHECK(run.status != IP_STATUS_OK || run.vary[3] == 1e10f, "w = 0 gives w' = %g",
		      run.vary[3]);
		gp_test_run_free(&run);
	}
	free(attr);
}

int main(void)
{
	test_exp2_log2();
	test_broken_sequence();
	test_output_transforms();
	gp_test_close();
	return check_report("test_utgard_gp_complex");
}
