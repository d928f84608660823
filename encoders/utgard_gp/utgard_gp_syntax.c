/* utgard_gp_syntax.c: which fields each Utgard GP assembly line writes, and field access by name
 * for the assembler and disassembler (the simulator keeps its own field pointers). */
#include "utgard_gp_syntax.h"

const struct utgard_gp_alu_line utgard_gp_alu_lines[UTGARD_GP_ALU_LINES] = {
	{"mul0", "mul_op", 1, "mul0_a", "mul0_b", "mul0_neg", NULL, NULL},
	{"mul1", "mul_op", 1, "mul1_a", "mul1_b", "mul1_neg", NULL, NULL},
	{"acc0", "acc_op", 1, "acc0_a", "acc0_b", NULL, "acc0_a_neg", "acc0_b_neg"},
	{"acc1", "acc_op", 1, "acc1_a", "acc1_b", NULL, "acc1_a_neg", "acc1_b_neg"},
	{"cplx", "complex_op", 0, "complex_src", NULL, NULL, NULL, NULL},
	{"pass", "pass_op", 0, "pass_src", NULL, NULL, NULL, NULL},
};

const struct utgard_gp_store_line utgard_gp_store_lines[UTGARD_GP_STORE_LINES] = {
	{"store0", "store0_addr", "store0_varying", "store0_temp", "store0_x", "store0_y"},
	{"store1", "store1_addr", "store1_varying", "store1_temp", "store1_z", "store1_w"},
};

const struct ip_field *utgard_gp_field(const char *name)
{
	return ip_format_field(&utgard_gp_instr, name);
}

uint64_t utgard_gp_get(const ip_word *w, const char *name)
{
	return ip_field_get(utgard_gp_field(name), w);
}

void utgard_gp_set(ip_word *w, const char *name, uint64_t v)
{
	ip_field_set(utgard_gp_field(name), w, v);
}

unsigned utgard_gp_branch_target(const ip_word *w)
{
	unsigned lo = (unsigned)utgard_gp_get(w, "branch_lo");
	return (unsigned)utgard_gp_get(w, "branch_target") | (lo ? 0u : 0x100u);
}

void utgard_gp_set_branch_target(ip_word *w, unsigned target)
{
	utgard_gp_set(w, "branch_target", target & 0xff);
	utgard_gp_set(w, "branch_lo", (target >> 8) & 1 ? 0 : 1);
}
