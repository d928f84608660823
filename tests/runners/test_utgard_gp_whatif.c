/* test_utgard_gp_whatif.c: the Utgard GP simulator's what-if hooks (utgard_gp_whatif.h): asked
 * only for unknown opcode values with plain inputs, their results and refusals used as given. */
#include <stdio.h>
#include <string.h>

#include "isaprobe/utgard_gp_whatif.h"
#include "utgard_gp_run.h"

/* Test hooks with results no known opcode gives, so that each is recognisable:
 * multiply 5: 10a + b + 100 * unit; 6 refused; accumulator 3: a - 2b + 1000 * unit;
 * passthrough 0: 2x; others refused. Every call is counted. */
static unsigned calls;

static const char *t_mul(const void *ctx, unsigned op, unsigned unit, float a, float b, float *out)
{
	CHECK(ctx == &calls, "the hooks' ctx is passed on");
	calls++;
	if (op != 5)
		return "test: multiply 6 refused";
	*out = 10 * a + b + 100 * (float)unit;
	return NULL;
}

static const char *t_acc(const void *ctx, unsigned op, unsigned unit, float a, float b, float *out)
{
	(void)ctx;
	calls++;
	CHECK(op == 3, "accumulator hook asked about opcode %u", op);
	*out = a - 2 * b + 1000 * (float)unit;
	return NULL;
}

static const char *t_pass(const void *ctx, unsigned op, float x, float *out)
{
	(void)ctx;
	calls++;
	if (op != 0)
		return "test: passthrough refused";
	*out = 2 * x;
	return NULL;
}

static const struct ip_gp_whatif hooks = {t_mul, t_acc, t_pass, &calls};
static const struct ip_gp_whatif no_hooks = {NULL, NULL, NULL, NULL};

/* uniforms record 0: 1 2 3 4; attribute 0: 5 6 7 8 */
static const float uni[4] = {1, 2, 3, 4};
static float attr[64] = {5, 6, 7, 8};

static void open_with(const struct ip_gp_whatif *w)
{
	struct ip_diag d;
	gp_test_close();
	ip_diag_init(&d, "test");
	CHECK(ip_utgard_gp_sim_open(NULL, w, &gp_test_sim, &d) == 0, "open: %s", d.msg);
	CHECK(strcmp(ip_utgard_gp_sim_model(gp_test_sim), "mali400") == 0, "default model");
}

/* Runs src; expects ok with varying 0 .x .y = x, y and `ncalls` hook calls, or, when why is
 * given, unmodeled with that text. */
static void expect(int line, const char *src, float x, float y, unsigned ncalls, const char *why)
{
	struct gp_test_run r;
	calls = 0;
	if (gp_test_run(line, src, uni, 1, attr, 1, &r) != 0)
		return;
	if (why) {
		CHECK(r.status == IP_STATUS_UNMODELED && r.why && strstr(r.why, why),
		      "line %d: status %d why '%s', expected unmodeled '%s'", line, r.status,
		      r.why ? r.why : "", why);
	} else {
		CHECK(r.status == IP_STATUS_OK, "line %d: status %d (%s)", line, r.status,
		      r.why ? r.why : "");
		CHECK(r.vary[0] == x && r.vary[1] == y, "line %d: varying 0 = %g %g, expected %g %g",
		      line, r.vary[0], r.vary[1], x, y);
	}
	CHECK(calls == ncalls, "line %d: %u hook calls, expected %u", line, calls, ncalls);
	gp_test_run_free(&r);
}

#define LOAD "\tload 0\n\treg0 attr 0\n"

int main(void)
{
	open_with(&hooks);
	/* multiply 5: mul0 of (1, 2) = 12, mul1 (unit 1) of (5, 6) = 156 */
	expect(__LINE__, "instr {\n\tmul0.unk5 ld_x, ld_y\n\tmul1.unk5 r0_x, r0_y\n" LOAD
	                 "\tstore0.varying 0, mul0, mul1\n}\n", 12, 156, 2, NULL);
	/* the output negate applies to the hook's result; an idle multiplier is not asked */
	expect(__LINE__, "instr {\n\tmul0.unk5.neg ld_y, ld_x\n" LOAD
	                 "\tstore0.varying 0, mul0, none\n}\n", -21, 0, 1, NULL);
	/* a refusal is the run's why */
	expect(__LINE__, "instr {\n\tmul0.unk6 ld_x, ld_y\n" LOAD "\tstore0.varying 0, mul0, none\n}\n",
	       0, 0, 1, "test: multiply 6 refused");
	/* a known opcode never asks: mul of (3, 4) */
	expect(__LINE__, "instr {\n\tmul0.mul ld_z, ld_w\n" LOAD "\tstore0.varying 0, mul0, none\n}\n",
	       12, 0, 0, NULL);
	/* an input that is not a plain value stays unmodeled, unasked */
	expect(__LINE__, "instr {\n\tmul0.unk5 acc0, ld_x\n" LOAD "\tstore0.varying 0, mul0, none\n}\n",
	       0, 0, 0, "before the first instruction");
	/* accumulator 3, input negates applied before: acc0 of (1, -2) = 5; acc1 of (5, 6) = 993 */
	expect(__LINE__, "instr {\n\tacc0.unk3 ld_x, -ld_y\n\tacc1.unk3 r0_x, r0_y\n" LOAD
	                 "\tstore0.varying 0, acc0, acc1\n}\n", 5, 993, 2, NULL);
	/* known accumulator opcodes never ask: add of (1, 2) */
	expect(__LINE__, "instr {\n\tacc0.add ld_x, ld_y\n" LOAD "\tstore0.varying 0, acc0, none\n}\n",
	       3, 0, 0, NULL);
	/* passthrough 0: 2 * 7; 7 refused; the known clamp, max(min(7, load .x 1), load .y 2) = 2,
	 * does not ask */
	expect(__LINE__, "instr {\n\tpass.unk0 r0_z\n" LOAD "\tstore0.varying 0, pass, none\n}\n", 14,
	       0, 1, NULL);
	expect(__LINE__, "instr {\n\tpass.unk7 r0_z\n" LOAD "\tstore0.varying 0, pass, none\n}\n", 0, 0,
	       1, "test: passthrough refused");
	expect(__LINE__, "instr {\n\tpass.clamp r0_z\n" LOAD "\tstore0.varying 0, pass, none\n}\n", 2,
	       0, 0, NULL);

	/* without hooks (a table of NULLs, or none): the simulator's own texts */
	open_with(&no_hooks);
	expect(__LINE__, "instr {\n\tmul0.unk5 ld_x, ld_y\n" LOAD "\tstore0.varying 0, mul0, none\n}\n",
	       0, 0, 0, "multiply opcode unknown");
	expect(__LINE__, "instr {\n\tacc0.unk3 ld_x, ld_y\n" LOAD "\tstore0.varying 0, acc0, none\n}\n",
	       0, 0, 0, "accumulator opcode 3 is unknown");
	open_with(NULL);
	expect(__LINE__, "instr {\n\tpass.unk0 r0_z\n" LOAD "\tstore0.varying 0, pass, none\n}\n", 0, 0,
	       0, "passthrough opcode unknown");
	gp_test_close();
	return check_report("test_utgard_gp_whatif");
}
