/* test_ctm_sim.c: the CTM simulator against results worked out by hand: a program over a 4x2
 * domain (input lookup, MAD with constants, conditional output), a loop in full flow control
 * mode reading constants through aL, and the undescribed cases that must be unmodeled. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ctm_run.h"

/* Memory map of the tests: constants 0x800, integer constants 0x1000, input 0 0x1800,
 * output 0 0x2000, conditional buffer 0x2800. */
static const char common_commands[] =
	"commands {\n"
	"\tset_inst_fmt address=0x0 format.pitch=0 format.data=float32_4\n"
	"\tset_constf_fmt address=0x800 format.pitch=64 format.data=float32_4\n"
	"\tset_consti_fmt address=0x1000 format.pitch=8 format.data=uint8_4\n"
	"\tset_inp_fmt input=0 address=0x1800 format.pitch=1 format.data=float32_1 height=2\n"
	"\tset_out_fmt output=0 address=0x2000 format.pitch=1 format.data=float32_4 height=2\n";

/* Input v(x, y) = x + 10y; out0 = (2v + 3, i, j, i) where i < 2.5 (conditional output on W = i
 * against a buffer of 2.5), which is also written into the conditional buffer. */
static const char grid_program[] =
	/* temp1.r = input0[temp0.r, temp0.g] */
	"tex tex_sem_wait=1 rgb_wmask=r {\n"
	"\ttex_inst tex_op=ld tex_unscaled=1 tex_sem_acquire=1\n"
	"\ttex_addr src_addr=0 src_s_swiz=r src_t_swiz=g dst_addr=1\n"
	"}\n"
	/* temp2.r = temp1.r * c0.r + c0.g */
	"alu tex_sem_wait=1 rgb_wmask=r {\n"
	"\trgb_addr rgb_addr0=1 rgb_addr1=0 rgb_addr1_const=1\n"
	"\trgb_inst rgb_swiz_a_g=r rgb_swiz_a_b=r rgb_sel_b=src1 rgb_swiz_b_g=r rgb_swiz_b_b=r\n"
	"\trgba_inst rgb_addrd=2 rgb_sel_c=src1 rgb_swiz_c_r=g rgb_swiz_c_b=g\n"
	"}\n"
	/* temp2.gb = temp0.rg; temp2.a = temp0.r */
	"alu rgb_wmask=gb alpha_wmask=1 {\n"
	"\trgb_inst rgb_swiz_a_g=r rgb_swiz_a_b=g rgb_swiz_b_r=one rgb_swiz_b_g=one rgb_swiz_b_b=one\n"
	"\talpha_inst alpha_addrd=2 alpha_swiz_a=r alpha_swiz_b=one\n"
	"\trgba_inst rgb_addrd=2 rgb_swiz_c_r=zero rgb_swiz_c_g=zero rgb_swiz_c_b=zero alpha_swiz_c=zero\n"
	"}\n"
	/* out0 = temp2, W = temp2.a */
	"out tex_sem_wait=1 rgb_omask=rgb alpha_omask=1 {\n"
	"\trgb_addr rgb_addr0=2\n"
	"\talpha_addr alpha_addr0=2\n"
	"\trgb_inst rgb_swiz_b_r=one rgb_swiz_b_g=one rgb_swiz_b_b=one\n"
	"\talpha_inst alpha_swiz_b=one w_omask=1\n"
	"\trgba_inst rgb_swiz_c_r=zero rgb_swiz_c_g=zero rgb_swiz_c_b=zero alpha_swiz_c=zero\n"
	"}\n";

static void fill_grid_memory(uint8_t *mem)
{
	memset(mem, 0, CTM_TEST_MEM);
	ctm_put_f(mem, 0x800, 2.0f);
	ctm_put_f(mem, 0x804, 3.0f);
	for (unsigned y = 0; y < 2; y++)
		for (unsigned x = 0; x < 4; x++) {
			ctm_put_f(mem, 0x1800 + 4 * (y * 4 + x), (float)(x + 10 * y));
			ctm_put_f(mem, 0x2800 + 4 * (y * 4 + x), 2.5f);
			for (unsigned c = 0; c < 4; c++)
				ctm_put_f(mem, 0x2000 + 16 * (y * 4 + x) + 4 * c, -1.0f);
		}
}

static void test_grid(void)
{
	static uint8_t mem[CTM_TEST_MEM];
	char src[4096];
	const char *why;
	enum ip_status st;
	snprintf(src, sizeof src, "%s%s"
	         "\tset_cond_out_fmt address=0x2800 format.pitch=1 format.data=float32_1 height=2\n"
	         "\tset_cond_test condition=less\n"
	         "\tset_cond_out_mask writemask=1\n"
	         "\tset_cond_loc loc=dpp\n"
	         "\tset_domain i0=0 j0=0 i1=3 j1=1\n"
	         "\tstart_program\n"
	         "\twait_for_idle\n"
	         "}\n"
	         "note proginfo 1 0\n",
	         grid_program, common_commands);
	fill_grid_memory(mem);
	st = ctm_run_text(src, mem, &why);
	CHECK(st == IP_STATUS_OK, "status %d: %s", (int)st, why);
	for (unsigned j = 0; j < 2; j++)
		for (unsigned i = 0; i < 4; i++) {
			uint32_t o = 0x2000 + 16 * (j * 4 + i);
			float v = (float)(i + 10 * j);
			int pass = i < 3; /* W = i against 2.5, test "less" */
			float want[4] = {2 * v + 3, (float)i, (float)j, (float)i};
			for (unsigned c = 0; c < 4; c++) {
				float got = ctm_get_f(mem, o + 4 * c), w = pass ? want[c] : -1.0f;
				CHECK(got == w, "(%u,%u) channel %u: %g, want %g", i, j, c, got, w);
			}
			CHECK(ctm_get_f(mem, 0x2800 + 4 * (j * 4 + i)) == (pass ? (float)i : 2.5f),
			      "conditional buffer at (%u,%u): %g", i, j, ctm_get_f(mem, 0x2800 + 4 * (j * 4 + i)));
		}
	/* conditional execution (PE): the PE's value 0.0 against "greater" 2.5 never passes */
	snprintf(src, sizeof src, "%s%s"
	         "\tset_cond_out_fmt address=0x2800 format.pitch=1 format.data=float32_1 height=2\n"
	         "\tset_cond_test condition=greater\n"
	         "\tset_cond_loc loc=pe\n"
	         "\tset_domain i0=0 j0=0 i1=3 j1=1\n"
	         "\tstart_program\n"
	         "}\n"
	         "note proginfo 1 0\n",
	         grid_program, common_commands);
	fill_grid_memory(mem);
	st = ctm_run_text(src, mem, &why);
	CHECK(st == IP_STATUS_OK, "status %d: %s", (int)st, why);
	CHECK(ctm_get_f(mem, 0x2000) == -1.0f && ctm_get_f(mem, 0x2000 + 16 * 7 + 12) == -1.0f,
	      "conditional execution ran processors");
	/* and "lequal": 0.0 <= 2.5 everywhere, so every processor runs (no write-back of W) */
	snprintf(src, sizeof src, "%s%s"
	         "\tset_cond_out_fmt address=0x2800 format.pitch=1 format.data=float32_1 height=2\n"
	         "\tset_cond_test condition=lequal\n"
	         "\tset_cond_loc loc=pe\n"
	         "\tset_domain i0=1 j0=1 i1=2 j1=1\n"
	         "\tstart_program\n"
	         "}\n"
	         "note proginfo 1 0\n",
	         grid_program, common_commands);
	fill_grid_memory(mem);
	st = ctm_run_text(src, mem, &why);
	CHECK(st == IP_STATUS_OK, "status %d: %s", (int)st, why);
	CHECK(ctm_get_f(mem, 0x2000 + 16 * 5) == 25.0f && ctm_get_f(mem, 0x2000 + 16 * 6) == 27.0f,
	      "domain (1..2, 1): %g %g, want 25 27", ctm_get_f(mem, 0x2000 + 16 * 5),
	      ctm_get_f(mem, 0x2000 + 16 * 6));
	CHECK(ctm_get_f(mem, 0x2000 + 16 * 4) == -1.0f && ctm_get_f(mem, 0x2000 + 16 * 1) == -1.0f,
	      "outside the domain written");
}

/* temp3 = 0; loop 3 times: temp3 += c[aL].r with aL = 0, 1, 2 (init 0, step 1); out0 = temp3. */
static const char loop_program[] =
	"alu rgb_wmask=r {\n"
	"\trgba_inst rgb_addrd=3 rgb_swiz_c_r=zero\n"
	"\trgb_inst rgb_swiz_a_r=zero rgb_swiz_b_r=zero\n"
	"}\n"
	"fc alu_wait=1 {\n"
	"\tfc_inst fc_op=loop jump_func=0\n"
	"\tfc_addr int_addr=0 jump_addr=4\n"
	"}\n"
	"alu rgb_wmask=r {\n"
	"\trgb_addr rgb_addr0=3 rgb_addr1=0 rgb_addr1_const=1 rgb_addr1_rel=1\n"
	"\trgb_inst rgb_swiz_a_g=zero rgb_swiz_a_b=zero rgb_swiz_b_r=one rgb_swiz_b_g=zero rgb_swiz_b_b=zero\n"
	"\trgba_inst rgb_addrd=3 rgb_sel_c=src1\n"
	"}\n"
	"fc alu_wait=1 {\n"
	"\tfc_inst fc_op=endloop jump_func=0xff jump_any=1\n"
	"\tfc_addr int_addr=0 jump_addr=2\n"
	"}\n"
	"out tex_sem_wait=1 rgb_omask=rgb alpha_omask=1 {\n"
	"\trgb_addr rgb_addr0=3\n"
	"\trgb_inst rgb_swiz_a_g=zero rgb_swiz_a_b=zero rgb_swiz_b_r=one rgb_swiz_b_g=one rgb_swiz_b_b=one\n"
	"\talpha_inst alpha_swiz_a=one alpha_swiz_b=one\n"
	"\trgba_inst rgb_swiz_c_r=zero rgb_swiz_c_g=zero rgb_swiz_c_b=zero alpha_swiz_c=zero\n"
	"}\n";

static void test_loop(void)
{
	static uint8_t mem[CTM_TEST_MEM];
	static const uint8_t iconst[4] = {3, 0, 1, 0}; /* 3 iterations, aL from 0, step 1 */
	char src[4096];
	const char *why;
	enum ip_status st;
	snprintf(src, sizeof src, "%s%s\tset_domain i0=0 j0=0 i1=0 j1=0\n\tstart_program\n}\n"
	         "note proginfo 1 0\n", loop_program, common_commands);
	memset(mem, 0, sizeof mem);
	ctm_put_f(mem, 0x800, 1.0f);
	ctm_put_f(mem, 0x810, 10.0f);
	ctm_put_f(mem, 0x820, 100.0f);
	ctm_put_f(mem, 0x830, 1000.0f);
	memcpy(mem + 0x1000, iconst, 4);
	st = ctm_run_text(src, mem, &why);
	CHECK(st == IP_STATUS_OK, "loop: status %d: %s", (int)st, why);
	CHECK(ctm_get_f(mem, 0x2000) == 111.0f, "loop sum %g, want 1 + 10 + 100", ctm_get_f(mem, 0x2000));
	CHECK(ctm_get_f(mem, 0x200C) == 1.0f, "alpha %g", ctm_get_f(mem, 0x200C));
	/* zero iterations: LOOP jumps straight past ENDLOOP */
	mem[0x1000] = 0;
	ctm_put_f(mem, 0x2000, -7.0f);
	st = ctm_run_text(src, mem, &why);
	CHECK(st == IP_STATUS_OK && ctm_get_f(mem, 0x2000) == 0.0f, "zero-trip loop: %d %g", (int)st,
	      ctm_get_f(mem, 0x2000));
}

/* Undescribed behaviour is unmodeled, never guessed. */
static void test_unmodeled(void)
{
	static uint8_t mem[CTM_TEST_MEM];
	static const char *const cases[][2] = {
		{"\tset_domain i0=0 j0=0 i1=0 j1=0 i0.dom_rsvd=1\n\tstart_program\n", "reserved"},
		{"\tstart_program\n", "set_domain"},
		{"\tset_domain i0=0 j0=0 i1=0 j1=0\n\tinit_perf_counters p0=1\n\tread_perf_counters address=0x0\n",
		 "counters"},
		{"\tset_domain i0=0 j0=0 i1=0 j1=0\n\tset_out_fmt output=0 address=0x2000 format.pitch=1 "
		 "format.tiling=tiled format.data=float32_4 height=1\n\tstart_program\n", "tiled"},
	};
	for (unsigned k = 0; k < IP_COUNT(cases); k++) {
		char src[4096];
		const char *why;
		enum ip_status st;
		snprintf(src, sizeof src, "%s%s%s}\nnote proginfo 1 0\n", loop_program, common_commands,
		         cases[k][0]);
		memset(mem, 0, sizeof mem);
		mem[0x1000] = 1;
		st = ctm_run_text(src, mem, &why);
		CHECK(st == IP_STATUS_UNMODELED && strstr(why, cases[k][1]), "case %u: status %d: %s", k,
		      (int)st, why);
	}
}

int main(void)
{
	test_grid();
	test_loop();
	test_unmodeled();
	return check_report("test_ctm_sim");
}
