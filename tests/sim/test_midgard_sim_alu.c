/* test_midgard_sim_alu.c: every ALU opcode of the seed notes on the Midgard simulator, vector and
 * scalar; expected values worked out by hand from the notes' meaning of each opcode. */
#include "midgard_sim_util.h"

/* r23 = (1.5, -2, 4, 0.25), r22 = (2, 3, -4, 0.5): uniform records 0 and 1 */
static const float U[] = {1.5f, -2.0f, 4.0f, 0.25f, 2.0f, 3.0f, -4.0f, 0.5f};

static void run_vec(const char *line, struct sim_io *io)
{
	char src[256];
	memset(io, 0, sizeof *io);
	io->uniforms = U;
	io->nuniforms = 8;
	io->uniform_regs = 2;
	snprintf(src, sizeof src, "alu {\n\t%s\n}\n", line);
	sim_run(src, io);
}

static void float_binary(void)
{
	struct sim_io io;
	run_vec("vmul.fadd r0, r23.xyzw, r22.xyzw", &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	CHECK_F(&io, 0, 0, 3.5);
	CHECK_F(&io, 0, 1, 1.0);
	CHECK_F(&io, 0, 2, 0.0);
	CHECK_F(&io, 0, 3, 0.75);
	run_vec("vadd.fmul r0, r23.xyzw, r22.xyzw", &io);
	CHECK_F(&io, 0, 0, 3.0);
	CHECK_F(&io, 0, 1, -6.0);
	CHECK_F(&io, 0, 2, -16.0);
	CHECK_F(&io, 0, 3, 0.125);
	run_vec("vmul.fmin r0, r23.xyzw, r22.xyzw", &io);
	CHECK_F(&io, 0, 0, 1.5);
	CHECK_F(&io, 0, 1, -2.0);
	CHECK_F(&io, 0, 2, -4.0);
	CHECK_F(&io, 0, 3, 0.25);
	run_vec("vmul.fmax r0, r23.xyzw, r22.xyzw", &io);
	CHECK_F(&io, 0, 0, 2.0);
	CHECK_F(&io, 0, 1, 3.0);
	CHECK_F(&io, 0, 2, 4.0);
	CHECK_F(&io, 0, 3, 0.5);
}

static void float_unary(void)
{
	struct sim_io io;
	/* moves take input 2; input 1 is the unused r24 */
	run_vec("vmul.fmov r0, r24.xyzw, r22.wzyx", &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	CHECK_F(&io, 0, 0, 0.5);
	CHECK_F(&io, 0, 1, -4.0);
	CHECK_F(&io, 0, 2, 3.0);
	CHECK_F(&io, 0, 3, 2.0);
	run_vec("vmul.ffloor r0, r23.xyzw, #0", &io);
	CHECK_F(&io, 0, 0, 1.0);
	CHECK_F(&io, 0, 1, -2.0);
	CHECK_F(&io, 0, 3, 0.0);
	run_vec("vmul.fceil r0, r23.xyzw, #0", &io);
	CHECK_F(&io, 0, 0, 2.0);
	CHECK_F(&io, 0, 3, 1.0);
	run_vec("lut.frcp r0, r23.xyzw, #0", &io);
	CHECK_F(&io, 0, 0, 1.0 / 1.5);
	CHECK_F(&io, 0, 1, -0.5);
	CHECK_F(&io, 0, 2, 0.25);
	CHECK_F(&io, 0, 3, 4.0);
	run_vec("lut.frsqrt r0, r23.zwzw, #0", &io);
	CHECK_F(&io, 0, 0, 0.5);
	CHECK_F(&io, 0, 1, 2.0);
	run_vec("lut.fsqrt r0, r23.zwzw, #0", &io);
	CHECK_F(&io, 0, 0, 2.0);
	CHECK_F(&io, 0, 1, 0.5);
	run_vec("lut.fexp2 r0, r23.xyzw, #0", &io);
	CHECK_F(&io, 0, 1, 0.25);
	CHECK_F(&io, 0, 2, 16.0);
	run_vec("lut.flog2 r0, r23.zwzw, #0", &io);
	CHECK_F(&io, 0, 0, 2.0);
	CHECK_F(&io, 0, 1, -2.0);
	/* sin and cos take their input divided by pi: sin(pi * 0.5) = 1, cos(pi * 4) = 1 */
	run_vec("lut.fsin r0, r22.wwxz, #0", &io);
	CHECK_F(&io, 0, 0, 1.0);
	CHECK_F(&io, 0, 2, 0.0);
	CHECK_F(&io, 0, 3, 0.0);
	run_vec("lut.fcos r0, r23.zwzw, #0", &io);
	CHECK_F(&io, 0, 0, 1.0);
	CHECK(fabsf(reg_f(&io, 0, 1) - 0.70710678f) < 1e-6f, "cos(pi/4) = %g", (double)reg_f(&io, 0, 1));
}

static void dot_products(void)
{
	struct sim_io io;
	/* 1.5*2 + -2*3 + 4*-4 = -19; + 0.25*0.5 = -18.875 */
	run_vec("vmul.fdot3 r0, r23.xyzw, r22.xyzw", &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	CHECK_F(&io, 0, 0, -19.0);
	CHECK_F(&io, 0, 3, -19.0);
	run_vec("vmul.fdot4 r0, r23.xyzw, r22.xyzw", &io);
	CHECK_F(&io, 0, 0, -18.875);
	CHECK_F(&io, 0, 2, -18.875);
	run_vec("sadd.fdot3 r0.x, r23.x, r22.x", &io);
	CHECK_STATUS(&io, IP_STATUS_UNMODELED);
}

static void comparisons(void)
{
	struct sim_io io;
	/* r23 vs r23.xxzz = (1.5,1.5,4,4) */
	run_vec("vadd.feq r0, r23.xyzw, r23.xxzz", &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	CHECK_U(&io, 0, 0, 0xFFFFFFFF);
	CHECK_U(&io, 0, 1, 0);
	CHECK_U(&io, 0, 2, 0xFFFFFFFF);
	CHECK_U(&io, 0, 3, 0);
	run_vec("vadd.fne r0, r23.xyzw, r23.xxzz", &io);
	CHECK_U(&io, 0, 0, 0);
	CHECK_U(&io, 0, 1, 0xFFFFFFFF);
	run_vec("vadd.flt r0, r23.xyzw, r23.xxzz", &io);
	CHECK_U(&io, 0, 0, 0);
	CHECK_U(&io, 0, 1, 0xFFFFFFFF);
	CHECK_U(&io, 0, 3, 0xFFFFFFFF);
	run_vec("vadd.fle r0, r23.xyzw, r23.xxzz", &io);
	CHECK_U(&io, 0, 0, 0xFFFFFFFF);
	CHECK_U(&io, 0, 1, 0xFFFFFFFF);
	CHECK_U(&io, 0, 2, 0xFFFFFFFF);
}

static const int32_t I[] = {7, -3, 100000, 0, 2, 5, -100000, 0};

static void run_int(const char *line, struct sim_io *io)
{
	char src[256];
	memset(io, 0, sizeof *io);
	io->uniforms = (const float *)(const void *)I;
	io->nuniforms = 8;
	io->uniform_regs = 2;
	snprintf(src, sizeof src, "alu {\n\t%s\n}\n", line);
	sim_run(src, io);
}

static void integer_ops(void)
{
	struct sim_io io;
	run_int("vadd.iadd r0, r23.xyzw, r22.xyzw", &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	CHECK_U(&io, 0, 0, 9);
	CHECK_U(&io, 0, 1, 2);
	CHECK_U(&io, 0, 2, 0);
	run_int("vadd.isub r0, r23.xyzw, r22.xyzw", &io);
	CHECK_U(&io, 0, 0, 5);
	CHECK_U(&io, 0, 1, (uint32_t)-8);
	CHECK_U(&io, 0, 2, 200000);
	run_int("vmul.imul r0, r23.xyzw, r22.xyzw outmod=int", &io);
	CHECK_U(&io, 0, 0, 14);
	CHECK_U(&io, 0, 1, (uint32_t)-15);
	/* outmod 2 keeps the low bits: 100000 * -100000 = -10^10; + 3 * 2^32 = 2884901888 */
	CHECK_U(&io, 0, 2, 2884901888u);
	/* outmod 0 (Mesa: signed saturation) clamps the exact product to the int32 range */
	run_int("vmul.imul r0, r23.xyzw, r22.xyzw", &io);
	CHECK_U(&io, 0, 0, 14);
	CHECK_U(&io, 0, 2, 0x80000000u);
	run_int("vmul.imul r0, r23.zzzz, r23.zzzz", &io);
	CHECK_U(&io, 0, 0, 0x7FFFFFFFu);
	/* narrowed to 16 bits: 200000 saturates to 0x7fff, or keeps its low bits 0x0d40 */
	run_int("vadd.iadd r0, r23.zzzz, r23.zzzz out_size=lo", &io);
	CHECK(reg_h(&io, 0, 0) == 0x7FFF, "ssat narrowed %04x", reg_h(&io, 0, 0));
	run_int("vadd.iadd r0, r23.zzzz, r23.zzzz out_size=lo outmod=int", &io);
	CHECK(reg_h(&io, 0, 0) == 0x0D40, "keeplo narrowed %04x", reg_h(&io, 0, 0));
	run_int("vadd.iadd r0, r23.xyzw, r22.xyzw outmod=pos", &io);
	CHECK_STATUS(&io, IP_STATUS_UNMODELED);
	run_int("vadd.imov r0, r24.xyzw, r22.yxwz", &io);
	CHECK_U(&io, 0, 0, 5);
	CHECK_U(&io, 0, 1, 2);
	CHECK_U(&io, 0, 3, (uint32_t)-100000);
	run_int("vadd.ieq r0, r23.xyzw, r23.xyxw", &io);
	CHECK_U(&io, 0, 0, 0xFFFFFFFF);
	CHECK_U(&io, 0, 2, 0);
	CHECK_U(&io, 0, 3, 0xFFFFFFFF);
	run_int("vadd.ine r0, r23.xyzw, r23.xyxw", &io);
	CHECK_U(&io, 0, 0, 0);
	CHECK_U(&io, 0, 2, 0xFFFFFFFF);
	/* signed: -3 < 2, 7 < 5 false, 100000 < -100000 false */
	run_int("vadd.ilt r0, r23.xyzw, r22.xyzw", &io);
	CHECK_U(&io, 0, 0, 0);
	CHECK_U(&io, 0, 1, 0xFFFFFFFF);
	CHECK_U(&io, 0, 2, 0);
	CHECK_U(&io, 0, 3, 0);
	run_int("vadd.ile r0, r23.xyzw, r22.xyzw", &io);
	CHECK_U(&io, 0, 3, 0xFFFFFFFF);
}

static void conversions(void)
{
	struct sim_io io;
	/* f2i rounds toward zero: 1.5 -> 1, -2 -> -2, 0.25 -> 0 */
	run_vec("vmul.f2i r0, r23.xyzw, #0", &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	CHECK_U(&io, 0, 0, 1);
	CHECK_U(&io, 0, 1, (uint32_t)-2);
	CHECK_U(&io, 0, 2, 4);
	CHECK_U(&io, 0, 3, 0);
	/* float input modifiers apply before the conversion: -(1.5, -2, 4, 0.25) */
	run_vec("vmul.f2i r0, -r23.xyzw, #0", &io);
	CHECK_U(&io, 0, 0, (uint32_t)-1);
	CHECK_U(&io, 0, 1, 2);
	CHECK_U(&io, 0, 2, (uint32_t)-4);
	run_int("vmul.i2f r0, r23.xyzw, #0", &io);
	CHECK_F(&io, 0, 0, 7.0);
	CHECK_F(&io, 0, 1, -3.0);
	CHECK_F(&io, 0, 2, 100000.0);
}

static void select_and_condition(void)
{
	struct sim_io io;
	/* sadd writes r31.w = (1.5 < 2) = true; csel then picks input 1 */
	run_vec("sadd.flt r31.w, r23.x, r22.x\n\tvadd.csel r0, r23.xyzw, r22.xyzw", &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	CHECK_F(&io, 0, 0, 1.5);
	CHECK_F(&io, 0, 3, 0.25);
	run_vec("sadd.flt r31.w, r22.x, r23.x\n\tvadd.csel r0, r23.xyzw, r22.xyzw", &io);
	CHECK_F(&io, 0, 0, 2.0);
	CHECK_F(&io, 0, 3, 0.5);
	/* a condition that is not a comparison result is not modeled */
	run_vec("sadd.fadd r31.w, r22.x, r23.x\n\tvadd.csel r0, r23.xyzw, r22.xyzw", &io);
	CHECK_STATUS(&io, IP_STATUS_UNMODELED);
}

static void scalar_units(void)
{
	struct sim_io io;
	run_vec("sadd.fadd r0.y, r23.z, r22.w", &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	CHECK_F(&io, 0, 1, 4.5);
	CHECK_F(&io, 0, 0, 0.0);
	run_vec("smul.fmul r1.w, r23.y, r22.y", &io);
	CHECK_F(&io, 1, 3, -6.0);
	run_vec("smul.fmul r1.w, r23.y, #0.5", &io);
	CHECK_F(&io, 1, 3, -1.0);
}

static void unmodeled_opcodes(void)
{
	struct sim_io io;
	/* named by the notes without semantics */
	run_vec("lut.fatan_pt1 r0, r23.xyzw, r22.xyzw", &io);
	CHECK_STATUS(&io, IP_STATUS_UNMODELED);
	run_vec("lut.fatan_pt2 r0, r23.xyzw, r22.xyzw", &io);
	CHECK_STATUS(&io, IP_STATUS_UNMODELED);
	run_vec("vmul.fdot3r r0, r23.xyzw, r22.xyzw", &io);
	CHECK_STATUS(&io, IP_STATUS_UNMODELED);
	run_vec("vmul.freduce r0, r23.xyzw, r22.xyzw", &io);
	CHECK_STATUS(&io, IP_STATUS_UNMODELED);
	run_vec("vmul.0x12 r0, r23.xyzw, r22.xyzw", &io);
	CHECK_STATUS(&io, IP_STATUS_UNMODELED);
}

int main(void)
{
	float_binary();
	float_unary();
	dot_products();
	comparisons();
	integer_ops();
	conversions();
	select_and_condition();
	scalar_units();
	unmodeled_opcodes();
	return check_report("test_midgard_sim_alu");
}
