/* test_midgard_sim_modifiers.c: input modifiers, swizzles, write masks, output modifiers, output
 * size override, inline and embedded constants, and half-mode packing on the Midgard simulator. */
#include "midgard_sim_util.h"

/* r23 = (1.5, -2, 4, 0.25), r22 = (2, 3, -4, 0.5) */
static const float U[] = {1.5f, -2.0f, 4.0f, 0.25f, 2.0f, 3.0f, -4.0f, 0.5f};
/* half-register values: r23 lanes 0-7 = 1..8, r22 lanes all 0.5 (binary16 bit patterns) */
static const uint32_t UH[] = {0x40003C00, 0x44004200, 0x46004500, 0x48004700,
                              0x38003800, 0x38003800, 0x38003800, 0x38003800};
static uint32_t regs_init[128];

static void run(const char *body, const void *uniforms, struct sim_io *io)
{
	char src[512];
	memset(io, 0, sizeof *io);
	io->uniforms = uniforms;
	io->nuniforms = 8;
	io->uniform_regs = 2;
	io->regs_in = regs_init;
	snprintf(src, sizeof src, "alu {\n\t%s\n}\n", body);
	sim_run(src, io);
}

static void input_modifiers(void)
{
	struct sim_io io;
	run("vmul.fadd r0, -r23.xyzw, abs(r22).xyzw", U, &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	CHECK_F(&io, 0, 0, 0.5);
	CHECK_F(&io, 0, 1, 5.0);
	CHECK_F(&io, 0, 2, 0.0);
	CHECK_F(&io, 0, 3, 0.25);
	run("vmul.fadd r0, abs(r23).xyzw, -abs(r22).xyzw", U, &io);
	CHECK_F(&io, 0, 0, -0.5);
	CHECK_F(&io, 0, 1, -1.0);
	CHECK_F(&io, 0, 2, 0.0);
	CHECK_F(&io, 0, 3, -0.25);
	/* scalar modifiers */
	run("sadd.fadd r0.x, -abs(r23).y, -r22.x", U, &io);
	CHECK_F(&io, 0, 0, -4.0);
	/* abs/neg on an integer operation are not described by the notes */
	run("vadd.iadd r0, -r23.xyzw, r22.xyzw", U, &io);
	CHECK_STATUS(&io, IP_STATUS_UNMODELED);
}

static void swizzles_and_masks(void)
{
	struct sim_io io;
	run("vmul.fadd r0, r23.wzyx, r22.xxxx", U, &io);
	CHECK_F(&io, 0, 0, 2.25);
	CHECK_F(&io, 0, 1, 6.0);
	CHECK_F(&io, 0, 2, 0.0);
	CHECK_F(&io, 0, 3, 3.5);
	/* mask xz: y and w keep their old contents (0xdeadbeef) */
	run("vmul.fadd r0.xz, r23.xyzw, r22.xyzw", U, &io);
	CHECK_F(&io, 0, 0, 3.5);
	CHECK_U(&io, 0, 1, 0xDEADBEEF);
	CHECK_F(&io, 0, 2, 0.0);
	CHECK_U(&io, 0, 3, 0xDEADBEEF);
	/* one of the two bits of a full component: not modeled */
	run("vmul.fadd r0, r23.xyzw, r22.xyzw mask=0x01", U, &io);
	CHECK_STATUS(&io, IP_STATUS_UNMODELED);
}

static void output_modifiers(void)
{
	struct sim_io io;
	/* fmul gives (3, -6, -16, 0.125) */
	run("vmul.fmul r0, r23.xyzw, r22.xyzw outmod=pos", U, &io);
	CHECK_F(&io, 0, 0, 3.0);
	CHECK_F(&io, 0, 1, 0.0);
	CHECK_F(&io, 0, 2, 0.0);
	CHECK_F(&io, 0, 3, 0.125);
	run("vmul.fmul r0, r23.xyzw, r22.xyzw outmod=sat", U, &io);
	CHECK_F(&io, 0, 0, 1.0);
	CHECK_F(&io, 0, 1, 0.0);
	CHECK_F(&io, 0, 3, 0.125);
	/* outmod 2: the notes' "output integer"; on float operations Mesa's clamp to [-1, 1] */
	run("vmul.fmul r0, r23.xyzw, r22.xyzw outmod=int", U, &io);
	CHECK_F(&io, 0, 0, 1.0);
	CHECK_F(&io, 0, 1, -1.0);
	CHECK_F(&io, 0, 2, -1.0);
	CHECK_F(&io, 0, 3, 0.125);
	run("smul.fmul r0.x, r23.y, r22.y outmod=pos", U, &io);
	CHECK_F(&io, 0, 0, 0.0);
	/* integer sums of the float bits; none overflows, so outmods 2 and 0 agree here
	 * (test_midgard_sim_alu covers saturation) */
	run("vadd.iadd r0, r23.xyzw, r22.xyzw outmod=int", U, &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	CHECK_U(&io, 0, 0, 0x3FC00000u + 0x40000000u);
	CHECK_U(&io, 0, 1, 0x00400000u);
	run("vadd.iadd r0, r23.xyzw, r22.xyzw", U, &io);
	CHECK_U(&io, 0, 0, 0x7FC00000u);
	run("vadd.iadd r0, r23.xyzw, r22.xyzw outmod=sat", U, &io);
	CHECK_STATUS(&io, IP_STATUS_UNMODELED);
}

static void output_size_override(void)
{
	struct sim_io io;
	/* fadd = (3.5, 1, 0, 0.75) as binary16: 0x4300 0x3c00 0x0000 0x3a00 */
	run("vmul.fadd r0, r23.xyzw, r22.xyzw out_size=lo", U, &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	CHECK(reg_h(&io, 0, 0) == 0x4300 && reg_h(&io, 0, 1) == 0x3C00 && reg_h(&io, 0, 2) == 0 &&
	      reg_h(&io, 0, 3) == 0x3A00, "low half %04x %04x %04x %04x", reg_h(&io, 0, 0),
	      reg_h(&io, 0, 1), reg_h(&io, 0, 2), reg_h(&io, 0, 3));
	CHECK_U(&io, 0, 2, 0xDEADBEEF);
	run("vmul.fadd r0, r23.xyzw, r22.xyzw out_size=hi", U, &io);
	CHECK(reg_h(&io, 0, 4) == 0x4300 && reg_h(&io, 0, 7) == 0x3A00, "high half %04x %04x",
	      reg_h(&io, 0, 4), reg_h(&io, 0, 7));
	CHECK_U(&io, 0, 0, 0xDEADBEEF);
	/* comparison results narrowed: ~0 becomes 0xffff */
	run("vadd.flt r0, r23.xyzw, r22.xyzw out_size=lo", U, &io);
	CHECK(reg_h(&io, 0, 0) == 0xFFFF && reg_h(&io, 0, 1) == 0xFFFF && reg_h(&io, 0, 2) == 0 &&
	      reg_h(&io, 0, 3) == 0xFFFF, "flt narrowed");
}

static void constants(void)
{
	struct sim_io io;
	run("vmul.fadd r0, r23.xyzw, #0.5", U, &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	CHECK_F(&io, 0, 0, 2.0);
	CHECK_F(&io, 0, 1, -1.5);
	CHECK_F(&io, 0, 3, 0.75);
	run("vmul.fadd r0, r23.xyzw, -#0.5", U, &io);
	CHECK_F(&io, 0, 0, 1.0);
	CHECK_F(&io, 0, 3, -0.25);
	/* integer operations read the inline constant as a signed 16-bit integer */
	run("vadd.iadd r0, r22.xyzw, #0xfffe", U, &io);
	CHECK_U(&io, 0, 0, 0x40000000u - 2);
	run("vmul.fadd r0, r23.xyzw, r26.wzyx\n\tconst 1.0, 2.0, 3.0, 4.0", U, &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	CHECK_F(&io, 0, 0, 5.5);
	CHECK_F(&io, 0, 1, 1.0);
	CHECK_F(&io, 0, 2, 6.0);
	CHECK_F(&io, 0, 3, 1.25);
	run("vmul.fadd r0, r23.xyzw, r26.xyzw", U, &io);
	CHECK_STATUS(&io, IP_STATUS_UNMODELED);
}

static void half_mode(void)
{
	struct sim_io io;
	/* both halves at once: lanes 1..8 + 0.5 */
	static const uint16_t sum[8] = {0x3E00, 0x4100, 0x4300, 0x4480,
	                                0x4580, 0x4680, 0x4780, 0x4840};
	run("vmul.fadd r0, r23.xyzw, r22.xyzw mode=half", UH, &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	for (unsigned l = 0; l < 8; l++)
		CHECK(reg_h(&io, 0, l) == sum[l], "lane %u = %04x, expected %04x", l, reg_h(&io, 0, l),
		      sum[l]);
	/* replicate the lower half of input 1 into both operations */
	run("vmul.fadd r0, r23.xyzw, r22.xyzw mode=half src1_expand=rep_low", UH, &io);
	for (unsigned l = 0; l < 8; l++)
		CHECK(reg_h(&io, 0, l) == sum[l % 4], "rep_lo lane %u = %04x", l, reg_h(&io, 0, l));
	run("vmul.fadd r0, r23.xyzw, r22.xyzw mode=half src1_expand=rep_high", UH, &io);
	for (unsigned l = 0; l < 8; l++)
		CHECK(reg_h(&io, 0, l) == sum[4 + l % 4], "rep_hi lane %u = %04x", l, reg_h(&io, 0, l));
	/* 8-bit mask, one bit per lane: lanes 0 and 5 only */
	run("vmul.fadd r0, r23.xyzw, r22.xyzw mode=half mask=0x21", UH, &io);
	CHECK(reg_h(&io, 0, 0) == sum[0] && reg_h(&io, 0, 5) == sum[5], "masked lanes");
	CHECK(reg_h(&io, 0, 1) == 0xDEAD && reg_h(&io, 0, 4) == 0xBEEF, "unmasked lanes %04x %04x",
	      reg_h(&io, 0, 1), reg_h(&io, 0, 4));
	/* full mode reading a half-register: low half (1, 2, 3, 4) or high half (5, 6, 7, 8) */
	run("vmul.fadd r0, r23.xyzw, #1.0 src1_expand=expand_low", UH, &io);
	CHECK_F(&io, 0, 0, 2.0);
	CHECK_F(&io, 0, 3, 5.0);
	run("vmul.fadd r0, r23.xyzw, #1.0 src1_expand=expand_high", UH, &io);
	CHECK_F(&io, 0, 0, 6.0);
	CHECK_F(&io, 0, 3, 9.0);
	/* scalar half input and half output */
	run("sadd.fadd r0.x, r23.y, #1.0 src1_full=half", UH, &io);
	CHECK_F(&io, 0, 0, 3.0);
	run("sadd.fadd r0.x, r23.y, #1.0 src1_full=half src1_hsel=1", UH, &io);
	CHECK_F(&io, 0, 0, 7.0);
	run("sadd.fadd r0.z, r23.y, #1.0 src1_full=half out_full=half out_hsel=1", UH, &io);
	CHECK(reg_h(&io, 0, 6) == 0x4200, "half output lane 6 = %04x", reg_h(&io, 0, 6));
	/* integer half mode: 16-bit lanes, 0x3800 + 0x3800 */
	run("vadd.iadd r0, r22.xyzw, r22.xyzw mode=half", UH, &io);
	CHECK(reg_h(&io, 0, 0) == 0x7000, "16-bit iadd %04x", reg_h(&io, 0, 0));
	/* lane 7: 0x4800 + 0x4800 = 36864 saturates to 0x7fff, or wraps to 0x9000 (outmod 2) */
	run("vadd.iadd r0, r23.xyzw, r23.xyzw mode=half", UH, &io);
	CHECK(reg_h(&io, 0, 7) == 0x7FFF && reg_h(&io, 0, 0) == 0x7800, "16-bit ssat %04x %04x",
	      reg_h(&io, 0, 7), reg_h(&io, 0, 0));
	run("vadd.iadd r0, r23.xyzw, r23.xyzw mode=half outmod=int", UH, &io);
	CHECK(reg_h(&io, 0, 7) == 0x9000, "16-bit keeplo %04x", reg_h(&io, 0, 7));
}

int main(void)
{
	for (unsigned i = 0; i < 128; i++)
		regs_init[i] = 0xDEADBEEF;
	input_modifiers();
	swizzles_and_masks();
	output_modifiers();
	output_size_override();
	constants();
	half_mode();
	return check_report("test_midgard_sim_modifiers");
}
