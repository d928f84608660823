/* utgard_gp_mesa_names.c: what lima (src/gallium/drivers/lima/ir/gp/codegen.h, disasm.c) calls the
 * fields and values of the Utgard GP table; read by the Mesa-style printer (utgard_gp_mesa.c). */
#include "isaprobe/internal/mesa.h"
#include "utgard_gp.h"

#define FLD(f, m) {&utgard_gp_instr, f, IP_MESA_FIELD, m, 0}
#define VAL(f, v, m) {&utgard_gp_instr, f, v, m, 0}

/* Value rows name what lima's disassembler prints: the unit mnemonics (acc_op_infos, print_mul,
 * print_pass, print_complex) and, for the input selectors, lima's gpir_codegen_src names. */
static const struct ip_mesa_name names[] = {
	FLD("mul0_a", "mul0_src0"), FLD("mul0_b", "mul0_src1"),
	FLD("mul1_a", "mul1_src0"), FLD("mul1_b", "mul1_src1"),
	FLD("mul0_neg", "mul0_neg"), FLD("mul1_neg", "mul1_neg"),
	FLD("acc0_a", "acc0_src0"), FLD("acc0_b", "acc0_src1"),
	FLD("acc1_a", "acc1_src0"), FLD("acc1_b", "acc1_src1"),
	FLD("acc0_a_neg", "acc0_src0_neg"), FLD("acc0_b_neg", "acc0_src1_neg"),
	FLD("acc1_a_neg", "acc1_src0_neg"), FLD("acc1_b_neg", "acc1_src1_neg"),
	FLD("load_addr", "load_addr"), FLD("load_offset", "load_offset"),
	FLD("reg0_addr", "register0_addr"), FLD("reg0_attr", "register0_attribute"),
	FLD("reg1_addr", "register1_addr"),
	FLD("store0_temp", "store0_temporary"), FLD("store1_temp", "store1_temporary"),
	FLD("branch", "branch"), FLD("branch_lo", "branch_target_lo"),
	FLD("store0_x", "store0_src_x"), FLD("store0_y", "store0_src_y"),
	FLD("store1_z", "store1_src_z"), FLD("store1_w", "store1_src_w"),
	FLD("acc_op", "acc_op"), FLD("complex_op", "complex_op"),
	FLD("store0_addr", "store0_addr"), FLD("store0_varying", "store0_varying"),
	FLD("store1_addr", "store1_addr"), FLD("store1_varying", "store1_varying"),
	FLD("mul_op", "mul_op"), FLD("pass_op", "pass_op"),
	FLD("complex_src", "complex_src"), FLD("pass_src", "pass_src"),
	FLD("flags", "unknown_1 (12: tmp_st, 13: branch)"), FLD("branch_target", "branch_target"),
	/* input selectors (gpir_codegen_src) */
	VAL("mul0_a", 0, "attrib_x"), VAL("mul0_a", 1, "attrib_y"), VAL("mul0_a", 2, "attrib_z"),
	VAL("mul0_a", 3, "attrib_w"), VAL("mul0_a", 4, "register_x"), VAL("mul0_a", 5, "register_y"),
	VAL("mul0_a", 6, "register_z"), VAL("mul0_a", 7, "register_w"), VAL("mul0_a", 8, "unknown_0"),
	VAL("mul0_a", 9, "unknown_1"), VAL("mul0_a", 10, "unknown_2"), VAL("mul0_a", 11, "unknown_3"),
	VAL("mul0_a", 12, "load_x"), VAL("mul0_a", 13, "load_y"), VAL("mul0_a", 14, "load_z"),
	VAL("mul0_a", 15, "load_w"), VAL("mul0_a", 16, "p1_acc_0"), VAL("mul0_a", 17, "p1_acc_1"),
	VAL("mul0_a", 18, "p1_mul_0"), VAL("mul0_a", 19, "p1_mul_1"), VAL("mul0_a", 20, "p1_pass"),
	VAL("mul0_a", 21, "unused"), VAL("mul0_a", 22, "p1_complex"), VAL("mul0_a", 23, "p2_pass"),
	VAL("mul0_a", 24, "p2_acc_0"), VAL("mul0_a", 25, "p2_acc_1"), VAL("mul0_a", 26, "p2_mul_0"),
	VAL("mul0_a", 27, "p2_mul_1"), VAL("mul0_a", 28, "p1_attrib_x"),
	VAL("mul0_a", 29, "p1_attrib_y"), VAL("mul0_a", 30, "p1_attrib_z"),
	VAL("mul0_a", 31, "p1_attrib_w"),
	VAL("mul0_b", 22, "ident"),
	VAL("load_offset", 1, "ld_addr_0"), VAL("load_offset", 2, "ld_addr_1"),
	VAL("load_offset", 3, "ld_addr_2"), VAL("load_offset", 7, "none"),
	VAL("store0_x", 0, "acc_0"), VAL("store0_x", 1, "acc_1"), VAL("store0_x", 2, "mul_0"),
	VAL("store0_x", 3, "mul_1"), VAL("store0_x", 4, "pass"), VAL("store0_x", 5, "unknown"),
	VAL("store0_x", 6, "complex"), VAL("store0_x", 7, "none"),
	/* unit mnemonics as the disassembler prints them */
	/* accumulators: flags = the number of sources lima prints (acc_op_infos) */
	{&utgard_gp_instr, "acc_op", 0, "add", 2}, {&utgard_gp_instr, "acc_op", 1, "floor", 1},
	{&utgard_gp_instr, "acc_op", 2, "sign", 1}, {&utgard_gp_instr, "acc_op", 4, "ge", 2},
	{&utgard_gp_instr, "acc_op", 5, "lt", 2}, {&utgard_gp_instr, "acc_op", 6, "min", 2},
	{&utgard_gp_instr, "acc_op", 7, "max", 2},
	VAL("mul_op", 0, "mul"), VAL("mul_op", 1, "complex1"), VAL("mul_op", 3, "complex2"),
	VAL("mul_op", 4, "sel"),
	VAL("pass_op", 2, "mov"), VAL("pass_op", 4, "preexp2"), VAL("pass_op", 5, "postlog2"),
	VAL("pass_op", 6, "clamp"),
	VAL("complex_op", 0, ""), VAL("complex_op", 2, "exp2"), VAL("complex_op", 3, "log2"),
	VAL("complex_op", 4, "rsqrt"), VAL("complex_op", 5, "rcp"), VAL("complex_op", 9, "mov"),
	VAL("complex_op", 12, "mov"), VAL("complex_op", 13, "mov"), VAL("complex_op", 14, "mov"),
	VAL("complex_op", 15, "mov"),
};

int utgard_gp_mesa_print(const struct ip_program *p, FILE *out);

const struct ip_mesa utgard_gp_mesa = {
	.isa = "utgard_gp",
	.source = "Mesa src/gallium/drivers/lima/ir/gp: codegen.h, codegen.c, disasm.c",
	.names = names,
	.nnames = IP_COUNT(names),
	.print = utgard_gp_mesa_print,
};
