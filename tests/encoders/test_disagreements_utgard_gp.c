/* test_disagreements_utgard_gp.c: issue 20's Utgard GP disagreement (G1), as hex words, the
 * meaning lima (whose compiler runs on the hardware) gives them, and what isaprobe's decoder and
 * simulator make of them. Source: docs/utgard-gp-sources.md. */
#include <stdio.h>

#include "hex_words.h"
#include "utgard_gp_run.h"

/* G1: multiply op 4, select. lima codegen.c (gpir_op_select): the condition goes to multiplier
 * 0 input b, the value when true to multiplier 1 input a, the value when false to multiplier 0
 * input a, so op 4 computes b ? c : a. The notes: out = (b ? a : c). Two instructions: uniform 0
 * = (1.5, -2.25, 8, -0); the first selects on ld_z (8, true) between ld_x (false) and ld_y
 * (true) and stores the result to varying 0; the second selects on ld_w (-0, false). lima prints
 * them `sel.m01 ^2/v0.x t[0].z t[0].x t[0].y` (condition, false, true). */
static void test_g1(void)
{
	static const uint32_t hex[] = {0xad4ab5cc, 0x038002b5, 0x4007fd00, 0x000ad540,
	                               0xad4ab5ec, 0x038002b5, 0x4407fd00, 0x000ad540};
	static const float u0[4] = {1.5f, -2.25f, 8.0f, -0.0f};
	uint8_t bytes[sizeof hex];
	struct ip_program p;
	struct gp_test_run run;
	char *text = NULL;
	size_t len;
	FILE *mem;
	if (hex_unpack(&utgard_gp_isa, hex, IP_COUNT(hex), bytes, &p) != 0)
		return;
	const ip_word *w = &p.bundles[0].slots[0].value;
	const struct ip_format *f = p.bundles[0].slots[0].fmt;
#define G(name) ip_field_get(ip_format_field(f, name), w)
	CHECK(G("mul_op") == 4, "multiply op 4 (select)");
	CHECK(G("mul0_a") == 12 && G("mul0_b") == 14 && G("mul1_a") == 13,
	      "a = ld_x (false), b = ld_z (condition), c = mul1 a = ld_y (true)");
#undef G
	mem = open_memstream(&text, &len);
	utgard_gp_isa.disassemble(&p, mem);
	fclose(mem);
	ip_program_free(&p);
	if (gp_test_run(__LINE__, text, u0, 1, NULL, 1, &run) == 0) {
		CHECK(run.status == IP_STATUS_OK, "status %d", run.status);
		CHECK(run.vary[0] == -2.25f, "b = 8: c (ld_y) = -2.25, got %g", (double)run.vary[0]);
		CHECK(run.vary[4] == 1.5f, "b = -0: a (ld_x) = 1.5, got %g", (double)run.vary[4]);
		gp_test_run_free(&run);
	}
	free(text);
}

int main(void)
{
	test_g1();
	gp_test_close();
	return check_report("test_disagreements_utgard_gp");
}
