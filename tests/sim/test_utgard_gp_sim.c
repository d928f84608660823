/* test_utgard_gp_sim.c: the Utgard GP simulator against hand-worked results: every known opcode,
 * input selectors, latencies of registers, temporaries and address registers, branches, and
 * unknown values giving "unmodeled". Expected values are worked out by hand from the notes. */
#include <math.h>
#include <stdio.h>

#include "utgard_gp_run.h"

/* Varying record r, component c, of invocation 0. */
#define VARY(run, r, c) ((run).vary[4 * (r) + (c)])

/* Runs src with uniforms u (nuni records) and one invocation whose attributes are attr (16
 * records, or NULL); checks status OK and varying 0 .. n-1 (.x) against want. */
static void expect_vary(int line, const char *src, const float *u, size_t nuni, const float *attr,
                        const float *want, unsigned n)
{
	struct gp_test_run run;
	if (gp_test_run(line, src, u, nuni, attr, 1, &run) != 0)
		return;
	CHECK(run.status == IP_STATUS_OK, "line %d: status %s: %s (byte %u)", line,
	      ip_status_name(run.status), run.why ? run.why : "", run.where);
	for (unsigned i = 0; i < n && run.status == IP_STATUS_OK; i++) {
		float got = VARY(run, i / 4, i % 4);
		union {
			float f;
			uint32_t u;
		} g = {got}, w = {want[i]};
		CHECK(g.u == w.u, "line %d: varying %u.%c = %g (0x%08x), expected %g (0x%08x)", line,
		      i / 4, "xyzw"[i % 4], got, g.u, want[i], w.u);
	}
	gp_test_run_free(&run);
}

static void expect_status(int line, const char *src, enum ip_status want, const char *why_part)
{
	static const float u[8] = {1, 2, 3, 4, 5, 6, 7, 8};
	struct gp_test_run run;
	if (gp_test_run(line, src, u, 2, NULL, 1, &run) != 0)
		return;
	CHECK(run.status == want && (!why_part || (run.why && strstr(run.why, why_part))),
	      "line %d: status %s (%s), expected %s (%s)", line, ip_status_name(run.status),
	      run.why ? run.why : "-", ip_status_name(want), why_part ? why_part : "-");
	gp_test_run_free(&run);
}

/* uniform record 0: 1.5, -2.25, 8, -0 */
static const float u0[4] = {1.5f, -2.25f, 8.0f, -0.0f};

static void test_accumulators(void)
{
	/* acc0 and acc1 share the opcode; store0 writes varying N .x from acc0 and .y from acc1 */
#define ACC(op, a0, b0, a1, b1)                                                                    \
	"instr {\n\tload 0\n\tacc0." op " " a0 ", " b0 "\n\tacc1." op " " a1 ", " b1                \
	"\n\tstore0.varying 0, acc0, acc1\n}\n"
	{
		/* 1.5 + 2.25 = 3.75; -2.25 + 0 (identity) = -2.25 */
		static const float want[2] = {3.75f, -2.25f};
		expect_vary(__LINE__, ACC("add", "ld_x", "-ld_y", "ld_y", "ident"), u0, 1, NULL, want, 2);
	}
	{
		/* floor(-2.25) = -3; floor(-1.5) = -2 (a negated) */
		static const float want[2] = {-3.0f, -2.0f};
		expect_vary(__LINE__, ACC("floor", "ld_y", "none", "-ld_x", "none"), u0, 1, NULL, want, 2);
	}
	{
		/* sign(-2.25) = -1; sign(8) = 1 */
		static const float want[2] = {-1.0f, 1.0f};
		expect_vary(__LINE__, ACC("sign", "ld_y", "none", "ld_z", "none"), u0, 1, NULL, want, 2);
	}
	{
		/* 1.5 >= -2.25 -> 1; -2.25 >= 1.5 -> 0 */
		static const float want[2] = {1.0f, 0.0f};
		expect_vary(__LINE__, ACC("ge", "ld_x", "ld_y", "ld_y", "ld_x"), u0, 1, NULL, want, 2);
	}
	{
		/* 1.5 < -2.25 -> 0; -2.25 < 1.5 -> 1 */
		static const float want[2] = {0.0f, 1.0f};
		expect_vary(__LINE__, ACC("lt", "ld_x", "ld_y", "ld_y", "ld_x"), u0, 1, NULL, want, 2);
	}
	{
		/* min(1.5, -2.25) = -2.25; min(8, -1.5) = -1.5 */
		static const float want[2] = {-2.25f, -1.5f};
		expect_vary(__LINE__, ACC("min", "ld_x", "ld_y", "ld_z", "-ld_x"), u0, 1, NULL, want, 2);
	}
	{
		/* max(1.5, -2.25) = 1.5; abs(-2.25) = max(-2.25, 2.25) = 2.25 (the notes' abs) */
		static const float want[2] = {1.5f, 2.25f};
		expect_vary(__LINE__, ACC("max", "ld_x", "ld_y", "ld_y", "-ld_y"), u0, 1, NULL, want, 2);
	}
#undef ACC
}

static void test_multipliers(void)
{
	{
		/* 1.5 * -2.25 = -3.375; -(8 * 1) = -8 (identity 1, output negate) */
		static const float want[2] = {-3.375f, -8.0f};
		expect_vary(__LINE__,
		            "instr {\n\tload 0\n\tmul0.mul ld_x, ld_y\n\tmul1.mul.neg ld_z, ident\n"
		            "\tstore0.varying 0, mul0, mul1\n}\n",
		            u0, 1, NULL, want, 2);
	}
	{
		/* select, as lima's compiler uses it (codegen.c: gpir_op_select puts the condition in
		 * multiplier 0 input b, the value for true in multiplier 1 input a, the value for false
		 * in multiplier 0 input a): b ? c : a. b = 8 -> c = -2.25; b = -0 (zero) -> a = 1.5.
		 * (The notes: b ? a : c.) */
		static const float want[8] = {-2.25f, 0, 0, 0, 1.5f, 0, 0, 0};
		expect_vary(__LINE__,
		            "instr {\n\tload 0\n\tmul0.select ld_x, ld_z\n\tmul1.select ld_y, none\n"
		            "\tstore0.varying 0, mul0, none\n}\n"
		            "instr {\n\tload 0\n\tmul0.select ld_x, ld_w\n\tmul1.select ld_y, none\n"
		            "\tstore0.varying 1, mul0, none\n}\n",
		            u0, 1, NULL, want, 8);
	}
}

static void test_passthrough_and_complex(void)
{
	/* clamp: max(min(in, ld.x), ld.y) with ld = (2, -1): 5 -> 2, -7 -> -1, 0.5 -> 0.5;
	 * the input comes from attributes 0-2 (.x) through register 0 */
	static const float bounds[4] = {2.0f, -1.0f, 0, 0};
	float attr[64] = {0};
	static const float want_clamp[12] = {2.0f, 0, 0, 0, -1.0f, 0, 0, 0, 0.5f, 0, 0, 0};
	attr[0] = 5.0f;
	attr[4] = -7.0f;
	attr[8] = 0.5f;
	expect_vary(__LINE__,
	            "instr {\n\tpass.clamp r0_x\n\tload 0\n\treg0 attr 0\n\tstore0.varying 0, pass, none\n}\n"
	            "instr {\n\tpass.clamp r0_x\n\tload 0\n\treg0 attr 1\n\tstore0.varying 1, pass, none\n}\n"
	            "instr {\n\tpass.clamp r0_x\n\tload 0\n\treg0 attr 2\n\tstore0.varying 2, pass, none\n}\n",
	            bounds, 1, attr, want_clamp, 12);
	{
		/* pass.pass and complex pass: both carry the value; read next instruction as
		 * pass / cplx and stored through acc0 (add identity) and acc1 */
		static const float want[2] = {8.0f, -2.25f};
		expect_vary(__LINE__,
		            "instr {\n\tload 0\n\tpass.pass ld_z\n\tcplx.pass ld_y\n}\n"
		            "instr {\n\tacc0.add pass, ident\n\tacc1.add cplx, ident\n"
		            "\tstore0.varying 0, acc0, acc1\n}\n",
		            u0, 1, NULL, want, 2);
	}
	{
		/* rcp(8) = 0.125 and rsqrt(4) = 0.5 through the notes' sequence
		 * mul.complex1(complex(x), mul.complex2(x, x), complex(x), x), read at [-2]:
		 * instruction 3 passes the rcp result on, 5 reads it (pass_2) and rsqrt (mul0_2) */
		static const float u[4] = {8.0f, 4.0f, 0, 0};
		static const float want[2] = {0.125f, 0.5f};
		expect_vary(__LINE__,
		            "instr {\n\tload 0\n\tcplx.rcp ld_x\n\tmul0.complex2 ld_x, ld_x\n}\n"
		            "instr {\n\tload 0\n\tmul0.complex1 cplx, mul0\n\tmul1.complex1 cplx, ld_x\n}\n"
		            "instr {\n\tload 0\n\tcplx.rsqrt ld_y\n\tmul0.complex2 ld_y, ld_y\n}\n"
		            "instr {\n\tpass.pass mul0_2\n\tload 0\n\tmul0.complex1 cplx, mul0\n"
		            "\tmul1.complex1 cplx, ld_y\n}\n"
		            "instr {}\n"
		            "instr {\n\tacc0.add pass_2, ident\n\tacc1.add mul0_2, ident\n"
		            "\tstore0.varying 0, acc0, acc1\n}\n",
		            u, 1, NULL, want, 2);
	}
}

static void test_selectors(void)
{
	/* i0: load record 0, reg0 = attribute 3; acc0 = 1.5, acc1 = -2.25, mul0 = 8 * 1,
	 *     mul1 = -0 * 1, pass = 1.5.
	 * i1: load record 1 (10, 20, 30, 40), reg0 = attribute 4 (.y = 7); acc0 = 10, acc1 = 20,
	 *     mul0 = 30, mul1 = 40, pass = 40, complex pass 30.
	 * i2: the [-2] inputs (i0's results) and r0p_y (register 0 of i1 = 7): varying 0 =
	 *     (1.5, -2.25, 8, -0); pass = 1.5, complex = 7.
	 * i3: [-1] pass and cplx (i2's: 1.5, 7), [-2] mul0 and pass (i1's: 30, 40): varying 1.
	 * i4: [-1] acc0, acc1, mul0, mul1 (i3's: 1.5, 7, 30, 40): varying 2. */
	static const float u[8] = {1.5f, -2.25f, 8.0f, -0.0f, 10.0f, 20.0f, 30.0f, 40.0f};
	static const float want[12] = {1.5f, -2.25f, 8.0f, -0.0f, 1.5f, 7.0f,
	                               30.0f, 40.0f, 1.5f, 7.0f, 30.0f, 40.0f};
	float attr[64] = {0};
	attr[3 * 4 + 1] = 3.0f;
	attr[4 * 4 + 1] = 7.0f;
	expect_vary(__LINE__,
	            "instr {\n\tload 0\n\treg0 attr 3\n\tacc0.add ld_x, ident\n\tacc1.add ld_y, ident\n"
	            "\tmul0.mul ld_z, ident\n\tmul1.mul ld_w, ident\n\tpass.pass ld_x\n}\n"
	            "instr {\n\tload 1\n\treg0 attr 4\n\tacc0.add ld_x, ident\n\tacc1.add ld_y, ident\n"
	            "\tmul0.mul ld_z, ident\n\tmul1.mul ld_w, ident\n\tpass.pass ld_w\n"
	            "\tcplx.pass ld_z\n}\n"
	            "instr {\n\tacc0.add acc0_2, ident\n\tacc1.add acc1_2, ident\n"
	            "\tmul0.mul mul0_2, ident\n\tmul1.mul mul1_2, ident\n\tpass.pass pass_2\n"
	            "\tcplx.pass r0p_y\n\tstore0.varying 0, acc0, acc1\n"
	            "\tstore1.varying 0, mul0, mul1\n}\n"
	            "instr {\n\tacc0.add pass, ident\n\tacc1.add cplx, ident\n"
	            "\tmul0.mul mul0_2, ident\n\tmul1.mul pass_2, ident\n"
	            "\tstore0.varying 1, acc0, acc1\n\tstore1.varying 1, mul0, mul1\n}\n"
	            "instr {\n\tacc0.add acc0, ident\n\tacc1.add acc1, ident\n"
	            "\tmul0.mul mul0, ident\n\tmul1.mul mul1, ident\n"
	            "\tstore0.varying 2, acc0, acc1\n\tstore1.varying 2, mul0, mul1\n}\n",
	            u, 2, attr, want, 12);
}

/* Registers: latency 3. A write in instruction i is read as the old value in i + 2 and as the
 * new one in i + 3 (registers start at 0). */
static void test_register_latency(void)
{
	static const float u[8] = {100.0f, 0, 0, 0, 200.0f, 0, 0, 0};
	/* v0.x: read 2 after the second write (old 100); v1.x, v1.y: 3 after (new 200, through
	 * register 1 and register 0 units); v2.x: 2 after the first write (old 0); v3.x: 3 after
	 * (100). */
	static const float want[16] = {100.0f, 0, 0, 0, 200.0f, 200.0f, 0, 0,
	                               0, 0, 0, 0, 100.0f, 0, 0, 0};
	expect_vary(__LINE__,
	            "instr {\n\tload 0\n\tacc0.add ld_x, ident\n\tstore0 5, acc0, acc0\n}\n"  /* 0 */
	            "instr {}\n"                                                              /* 1 */
	            "instr {\n\treg1 5\n\tacc0.add r1_x, ident\n\tstore0.varying 2, acc0, none\n}\n"
	            "instr {\n\treg1 5\n\tacc0.add r1_x, ident\n\tstore0.varying 3, acc0, none\n}\n"
	            "instr {\n\tload 1\n\tacc0.add ld_x, ident\n\tstore0 5, acc0, acc0\n}\n"  /* 4 */
	            "instr {}\n"                                                              /* 5 */
	            "instr {\n\treg1 5\n\tacc0.add r1_x, ident\n\tstore0.varying 0, acc0, none\n}\n"
	            "instr {\n\treg1 5\n\treg0 5\n\tacc0.add r1_x, ident\n\tacc1.add r0_y, ident\n"
	            "\tstore0.varying 1, acc0, acc1\n}\n",
	            u, 2, NULL, want, 16);
}

/* Temporaries: latency 4; address register 0 (the store address) takes effect at once. */
static void test_temporary_latency(void)
{
	float u[41 * 4] = {0};
	float attr[64] = {0};
	static const float want[8] = {-1.0f, 0, 0, 0, 300.0f, 301.0f, 0, 0};
	u[4] = 300.0f;
	u[5] = 301.0f;
	u[40 * 4] = -1.0f;
	u[40 * 4 + 1] = -2.0f;
	attr[0] = 40.0f;
	expect_vary(__LINE__,
	            "instr flags=temp_write {\n\tload 1\n\treg0 attr 0\n\tcplx.set_ar0 r0_x\n"
	            "\tacc0.add ld_x, ident\n\tacc1.add ld_y, ident\n\tstore0.temp 0, acc0, acc1\n}\n"
	            "instr {}\n"
	            "instr {}\n"
	            "instr {\n\tload 40\n\tacc0.add ld_x, ident\n\tstore0.varying 0, acc0, none\n}\n"
	            "instr {\n\tload 40\n\tacc0.add ld_x, ident\n\tacc1.add ld_y, ident\n"
	            "\tstore0.varying 1, acc0, acc1\n}\n",
	            u, 41, attr, want, 8);
}

/* Address registers 1-3: latency 4, as load offsets. */
static void test_address_latency(void)
{
	float u[14 * 4] = {0};
	float attr[64] = {0};
	static const float want[12] = {1000.0f, 0, 0, 0, 1000.0f, 0, 0, 0, 1300.0f, 0, 0, 0};
	u[10 * 4] = 1000.0f;
	u[13 * 4] = 1300.0f;
	attr[0] = 3.0f;
	expect_vary(__LINE__,
	            "instr {\n\treg0 attr 0\n\tcplx.set_ar2 r0_x\n}\n"
	            "instr {}\n"
	            "instr {\n\tload 10, ar2\n\tacc0.add ld_x, ident\n\tstore0.varying 0, acc0, none\n}\n"
	            "instr {\n\tload 10, ar2\n\tacc0.add ld_x, ident\n\tstore0.varying 1, acc0, none\n}\n"
	            "instr {\n\tload 10, ar2\n\tacc0.add ld_x, ident\n\tstore0.varying 2, acc0, none\n}\n",
	            u, 14, attr, want, 12);
}

static void test_branches(void)
{
	static const float u[4] = {1.0f, 0.0f, 5.0f, 6.0f};
	/* taken (condition 1): instruction 1 is skipped, 2 stores 6 in varying 1 */
	static const float taken[8] = {0, 0, 0, 0, 6.0f, 0, 0, 0};
	/* not taken (condition 0): both run */
	static const float not_taken[8] = {5.0f, 0, 0, 0, 6.0f, 0, 0, 0};
	const char *body = "instr {\n\tload 0\n\tacc0.add ld_z, ident\n\tstore0.varying 0, acc0, none\n}\n"
	                   "instr {\n\tload 0\n\tacc0.add ld_w, ident\n\tstore0.varying 1, acc0, none\n}\n";
	char src[1024];
	snprintf(src, sizeof src, "instr flags=branch {\n\tload 0\n\tpass.pass ld_x\n\tbranch 2\n}\n%s",
	         body);
	expect_vary(__LINE__, src, u, 1, NULL, taken, 8);
	snprintf(src, sizeof src, "instr flags=branch {\n\tload 0\n\tpass.pass ld_y\n\tbranch 2\n}\n%s",
	         body);
	expect_vary(__LINE__, src, u, 1, NULL, not_taken, 8);
	expect_status(__LINE__, "instr {\n\tload 0\n\tpass.pass ld_x\n\tbranch 0\n}\n",
	              IP_STATUS_TIMEOUT, "budget");
	expect_status(__LINE__, "instr {\n\tload 0\n\tpass.pass ld_x\n\tbranch 300\n}\n",
	              IP_STATUS_FAULT, "outside the program");
}

static void test_unmodeled(void)
{
	/* every value the notes call unknown, each alone in an otherwise modelled program */
	expect_status(__LINE__, "instr {\n\tload 0\n\tmul0.unk5 ld_x, ld_y\n}\n", IP_STATUS_UNMODELED,
	              "multiply opcode unknown");
	expect_status(__LINE__, "instr {\n\tload 0\n\tmul0.unk6 ld_x, ld_y\n}\n", IP_STATUS_UNMODELED,
	              "multiply opcode unknown");
	expect_status(__LINE__, "instr {\n\tload 0\n\tmul1.unk7 ld_x, ld_y\n}\n", IP_STATUS_UNMODELED,
	              "multiply opcode unknown");
	expect_status(__LINE__, "instr {\n\tload 0\n\tacc1.unk3 ld_x, ld_y\n}\n", IP_STATUS_UNMODELED,
	              "accumulator opcode 3");
	for (unsigned op = 0; op < 8; op++) {
		char src[128];
		if (op == 2 || op == 6)
			continue;
		snprintf(src, sizeof src, "instr {\n\tload 0\n\tpass.%u ld_x\n\tstore0.varying 0, pass, none\n}\n",
		         op);
		expect_status(__LINE__, src, IP_STATUS_UNMODELED, NULL);
	}
	for (unsigned sel = 8; sel < 12; sel++) {
		char src[128];
		snprintf(src, sizeof src, "instr {\n\tacc0.add %u, ident\n}\n", sel);
		expect_status(__LINE__, src, IP_STATUS_UNMODELED, "selector 8-11");
	}
	for (unsigned flags = 1; flags < 16; flags++) {
		char src[64];
		if (flags == 12 || flags == 13)
			continue;
		snprintf(src, sizeof src, "instr flags=%u {}\n", flags);
		expect_status(__LINE__, src, IP_STATUS_UNMODELED, "116-119");
	}
	expect_status(__LINE__, "instr {\n\tload 0\n\tacc0.add ld_x, ident\n\tstore0.varying 0, unk5, none\n}\n",
	              IP_STATUS_UNMODELED, "store input 5");
	expect_status(__LINE__, "instr {\n\tload 0, unk4\n}\n", IP_STATUS_UNMODELED, "load offset");
	expect_status(__LINE__, "instr {\n\tload 0\n\tcplx.unk6 ld_x\n}\n", IP_STATUS_UNMODELED,
	              "complex opcode");
	/* reading a unit that did not run, or a result from before the program */
	expect_status(__LINE__, "instr {\n\tacc0.add acc1, ident\n}\n", IP_STATUS_UNMODELED,
	              "before the first instruction");
	expect_status(__LINE__, "instr {}\ninstr {\n\tacc0.add mul0, ident\n}\n", IP_STATUS_UNMODELED,
	              "did not run");
	/* the parts of the complex sequences alone */
	expect_status(__LINE__, "instr {\n\tload 0\n\tcplx.exp2 ld_x\n}\n", IP_STATUS_UNMODELED,
	              "passthrough op 4");
	expect_status(__LINE__,
	              "instr {\n\tload 0\n\tcplx.log2 ld_x\n}\ninstr {\n\tacc0.add cplx, ident\n}\n",
	              IP_STATUS_UNMODELED, "partial complex");
	expect_status(__LINE__, "instr {\n\tload 0\n\tmul0.complex2 ld_x, ld_y\n}\n",
	              IP_STATUS_UNMODELED, "complex2 of two different");
	/* a known program is ok */
	expect_status(__LINE__, "instr {\n\tload 0\n\tacc0.add ld_x, ld_y\n\tstore0.varying 0, acc0, acc0\n}\n",
	              IP_STATUS_OK, NULL);
}

static void test_models(void)
{
	void *sim = NULL;
	struct ip_diag d;
	ip_diag_init(&d, NULL);
	CHECK(utgard_gp_sim.open("mali200", &sim, &d) == 0 &&
	              strcmp(utgard_gp_sim.model(sim), "mali200") == 0,
	      "mali200 opens and says so");
	utgard_gp_sim.close(sim);
	CHECK(utgard_gp_sim.open("mali450", &sim, &d) != 0 && strstr(d.msg, "mali450"),
	      "an unknown model is refused: %s", d.msg);
}

int main(void)
{
	test_models();
	test_accumulators();
	test_multipliers();
	test_passthrough_and_complex();
	test_selectors();
	test_register_latency();
	test_temporary_latency();
	test_address_latency();
	test_branches();
	test_unmodeled();
	gp_test_close();
	return check_report("test_utgard_gp_sim");
}
