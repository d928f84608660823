/* test_utgard_gp_bits.c: Utgard GP bit positions against instructions encoded by hand from the
 * seed notes (docs/notes/001_4b8138d72e63c526.txt), the doc levels of unknown values, and
 * errors on bad assembly and binaries. Every expected word is a literal worked out by hand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "utgard_gp/utgard_gp.h"

/* Assembles src and compares with the four 32-bit words (word k holds bits 32k..32k+31). */
static void expect_words(int line, const char *src, const uint32_t *want, size_t ninstr)
{
	struct ip_program p;
	struct ip_diag d;
	uint8_t *bin = NULL;
	size_t len = 0;
	ip_diag_init(&d, "hand");
	if (utgard_gp_isa.assemble(src, &p, &d) != 0) {
		CHECK(0, "line %d: assembly failed at %u:%u: %s", line, d.line, d.col, d.msg);
		return;
	}
	CHECK(utgard_gp_isa.pack(&p, &bin, &len, &d) == 0, "line %d: pack", line);
	CHECK(len == 16 * ninstr, "line %d: %zu bytes", line, len);
	for (size_t i = 0; i < 4 * ninstr && len == 16 * ninstr; i++) {
		uint32_t got = (uint32_t)bin[4 * i] | (uint32_t)bin[4 * i + 1] << 8 |
		               (uint32_t)bin[4 * i + 2] << 16 | (uint32_t)bin[4 * i + 3] << 24;
		CHECK(got == want[i], "line %d: word %zu is 0x%08x, expected 0x%08x (bits that differ "
		                      "0x%08x)", line, i, got, want[i], got ^ want[i]);
	}
	free(bin);
	ip_program_free(&p);
}

static void test_hand_encoded(void)
{
	/* Every unit used once. Worked field by field from the notes' bit table:
	 * word 0: mul0_a=ld_x 12 (0-4) -> 0xc; mul0_b=ident 22 (5-9) -> 0x2c0;
	 *   mul1_a=r0_x 0 (10-14); mul1_b=acc0_2 24 (15-19) -> 0xc0000; mul1_neg (21) -> 0x200000;
	 *   acc0_a=acc1_2 25 (22-26) -> 0x6400000; acc0_b=ld_y 13 (27-31) -> 0x68000000
	 *   = 0x6e6c02cc.
	 * word 1: acc1_a=none 21 (32-36) -> 0x15; acc1_b=none 21 (37-41) -> 0x2a0;
	 *   acc0_a_neg (42) -> 0x400; load_addr 5 (46-54) -> 0x14000; load_offset ar1=1 (55-57)
	 *   -> 0x800000; reg0_addr 3 (58-61) -> 0xc000000; reg0_attr (62) -> 0x40000000;
	 *   reg1_addr 7 (63-66): bit 63 -> 0x80000000, and 3 in word 2 = 0xcc8146b5.
	 * word 2: reg1_addr high bits 3; store1_temp (68) -> 0x10; branch (69) -> 0x20;
	 *   branch_lo (70) 0 since 300 >= 0x100; store0_x acc0 0 (71-73); store0_y mul1 3
	 *   (74-76) -> 0xc00; store1_z pass 4 (77-79) -> 0x8000; store1_w none 7 (80-82)
	 *   -> 0x70000; acc_op add 0; complex_op exp2 2 (86-89) -> 0x800000; store0_addr 2
	 *   (90-93) -> 0x8000000; store0_varying (94) -> 0x40000000 = 0x48878c33.
	 * word 3: store1_addr 0; mul_op mul 0; pass_op 4 (103-105) -> 0x200; complex_src pass 20
	 *   (106-110) -> 0x5000; pass_src ld_x 12 (111-115) -> 0x60000; flags 0;
	 *   branch_target 300 & 0xff = 0x2c (120-127) -> 0x2c000000 = 0x2c065200. */
	static const uint32_t all_units[] = {0x6e6c02cc, 0xcc8146b5, 0x48878c33, 0x2c065200};
	/* An empty instruction: every input 21 (unused), load_offset 7, stores 7, pass_op 2;
	 * flags=temp_write is 12 at bits 116-119.
	 * word 0: 21 at 0, 5, 10, 15, 22, 27 = 0x15 + 0x2a0 + 0x5400 + 0xa8000 + 0x5400000 +
	 *   0xa8000000 = 0xad4ad6b5. word 1: 21 at 32, 37; 7 at 55 = 0x15 + 0x2a0 + 0x3800000.
	 * word 2: 7 at 71, 74, 77, 80 = 0x7ff80. word 3: 2 at 103 (0x100), 21 at 106 (0x5400) and
	 *   111 (0xa8000), 12 at 116 (0xc00000) = 0xcad500. */
	static const uint32_t empty[] = {0xad4ad6b5, 0x038002b5, 0x0007ff80, 0x00cad500};
	/* Branch to 0x0ff: branch_lo is 1 (target < 0x100), target bits 0xff.
	 * word 2: branch (69) 0x20, branch_lo (70) 0x40, stores 0x7ff80 -> 0x7ffe0.
	 * pass.pass acc0: pass_src 16 at 111 -> 16 << 15 = 0x80000 in word 3; pass_op 2 -> 0x100;
	 * complex_src 21 -> 0x5400; target 0xff << 24 = 0xff000000 -> 0xff085500. */
	static const uint32_t branch_ff[] = {0xad4ad6b5, 0x038002b5, 0x0007ffe0, 0xff085500};
	/* Unknown values spelt by name: mul0.unk5 unk9, unused8: mul_op 5 (100-102) -> 0x50 in
	 * word 3 beside pass_op 0x100, complex_src 0x5400, pass_src 0xa8000 = 0xad550; mul0_a 9,
	 * mul0_b 8 << 5 = 0x100 -> word 0 low bits 0x109 with the other inputs at 21
	 * (0xad4ad400 + 0x109 = 0xad4ad509). */
	static const uint32_t unknown_ops[] = {0xad4ad509, 0x038002b5, 0x0007ff80, 0x000ad550};

	expect_words(__LINE__,
	             "instr {\n"
	             "\tmul0.mul ld_x, ident\n"
	             "\tmul1.mul.neg r0_x, acc0_2\n"
	             "\tacc0.add -acc1_2, ld_y\n"
	             "\tcplx.exp2 pass\n"
	             "\tpass.unk4 ld_x\n"
	             "\tload 5, ar1\n"
	             "\treg0 attr 3\n"
	             "\treg1 7\n"
	             "\tstore0.varying 2, acc0, mul1\n"
	             "\tstore1.temp 0, pass, none\n"
	             "\tbranch 300\n"
	             "}\n",
	             all_units, 1);
	expect_words(__LINE__, "instr flags=temp_write {}\n", empty, 1);
	expect_words(__LINE__, "instr {\n\tpass.pass acc0\n\tbranch 0xff\n}\n", branch_ff, 1);
	expect_words(__LINE__, "instr {\n\tmul0.unk5 unk9, unused8\n}\n", unknown_ops, 1);
	/* The same by numbers and keys. */
	expect_words(__LINE__, "instr mul_op=5 mul0_a=9 mul0_b=8 {}\n", unknown_ops, 1);
}

static void test_doc_levels(void)
{
	const struct ip_field *mul = ip_format_field(&utgard_gp_instr, "mul_op");
	const struct ip_field *acc = ip_format_field(&utgard_gp_instr, "acc_op");
	const struct ip_field *pass = ip_format_field(&utgard_gp_instr, "pass_op");
	const struct ip_field *src = ip_format_field(&utgard_gp_instr, "acc1_b");
	const struct ip_field *st = ip_format_field(&utgard_gp_instr, "store1_w");
	const struct ip_field *flags = ip_format_field(&utgard_gp_instr, "flags");
	/* notes: multiply 5-7 unknown; 0, 1, 3, 4 described */
	static const int mul_unknown[8] = {0, 0, 1, 0, 0, 1, 1, 1};
	/* notes: passthrough 0-1, 3-5, 7 unknown */
	static const int pass_unknown[8] = {1, 1, 0, 1, 1, 1, 0, 1};
	for (unsigned v = 0; v < 8; v++) {
		CHECK((ip_enum_doc(mul->enums, v) == IP_DOC_UNKNOWN) == mul_unknown[v], "mul_op %u", v);
		CHECK((ip_enum_doc(pass->enums, v) == IP_DOC_UNKNOWN) == pass_unknown[v],
		      "pass_op %u", v);
		CHECK((ip_enum_doc(acc->enums, v) == IP_DOC_UNKNOWN) == (v == 3), "acc_op %u", v);
		CHECK((ip_enum_doc(st->enums, v) == IP_DOC_UNKNOWN) == (v == 5), "store src %u", v);
	}
	for (unsigned v = 0; v < 32; v++)
		CHECK((ip_enum_doc(src->enums, v) == IP_DOC_UNKNOWN) == (v >= 9 && v <= 11),
		      "input selector %u", v);
	CHECK(ip_enum_doc(src->enums, 8) == IP_DOC_UNUSED, "selector 8 is 'unused'");
	CHECK(flags->doc == IP_DOC_UNKNOWN && flags->lo == 116 && flags->width == 4, "flags");
	CHECK(ip_enum_doc(flags->enums, 5) == IP_DOC_UNKNOWN, "flags value 5 has no entry");
	/* values round-trip through names with the doc bits removed */
	{
		uint64_t v = 99;
		CHECK(ip_enum_value(mul->enums, "unk6", &v) == 0 && v == 6, "unk6 -> %llu",
		      (unsigned long long)v);
		CHECK(strcmp(ip_enum_name(mul->enums, 6), "unk6") == 0, "6 -> unk6");
	}
}

static void expect_asm_error(int line, const char *src, unsigned eline, unsigned ecol,
                             const char *fragment)
{
	struct ip_program p;
	struct ip_diag d;
	ip_diag_init(&d, "bad.s");
	if (utgard_gp_isa.assemble(src, &p, &d) == 0) {
		CHECK(0, "line %d: assembled, expected an error", line);
		ip_program_free(&p);
		return;
	}
	CHECK(d.line == eline && d.col == ecol && strstr(d.msg, fragment),
	      "line %d: error at %u:%u '%s', expected %u:%u '%s'", line, d.line, d.col, d.msg,
	      eline, ecol, fragment);
}

static void test_bad_input(void)
{
	struct ip_program p;
	struct ip_diag d;
	uint8_t bytes[40] = {0};

	expect_asm_error(__LINE__, "instr {\n\tmul2.mul ld_x, ld_y\n}\n", 2, 2, "expected a unit");
	expect_asm_error(__LINE__, "instr {\n\tmul0.fma ld_x, ld_y\n}\n", 2, 7,
	                 "'fma' is not a value of field mul_op");
	expect_asm_error(__LINE__, "instr {\n\tmul0.mul ld_q, ld_y\n}\n", 2, 11,
	                 "'ld_q' is not a value of field mul0_a");
	expect_asm_error(__LINE__, "instr {\n\tmul0.mul -ld_x, ld_y\n}\n", 2, 11, "no negate");
	expect_asm_error(__LINE__, "instr {\n\tmul0.mul ld_x, ld_y\n\tmul1.select ld_x, ld_y\n}\n",
	                 3, 7, "share one opcode");
	expect_asm_error(__LINE__, "instr {\n\treg1 16\n}\n", 2, 7, "does not fit field reg1_addr");
	expect_asm_error(__LINE__, "instr {\n\tbranch 512\n}\n", 2, 9, "0-511");
	expect_asm_error(__LINE__, "instr {\n\tload 1\n\tload 2\n}\n", 3, 2, "appears twice");
	expect_asm_error(__LINE__, "instr bogus=1 {}\n", 1, 7, "no field 'bogus'");
	expect_asm_error(__LINE__, "instr {\n\tcplx.exp2 ld_x\n", 1, 1, "missing '}'");
	expect_asm_error(__LINE__, "alu {\n}\n", 1, 1, "expected 'instr'");
	expect_asm_error(__LINE__, "; nothing\n", 1, 1, "no instructions");
	expect_asm_error(__LINE__, "instr {\n\tstore0.vary 1, acc0, acc1\n}\n", 2, 9,
	                 "expected 'varying' or 'temp'");

	ip_diag_init(&d, "bad.bin");
	CHECK(utgard_gp_isa.unpack(bytes, 40, &p, &d) != 0 && d.offset == 32,
	      "40 bytes: error at offset %ld: %s", d.offset, d.msg);
	ip_program_free(&p);
	ip_diag_init(&d, "bad.bin");
	CHECK(utgard_gp_isa.unpack(bytes, 0, &p, &d) != 0 && d.offset == 0, "empty binary");
	ip_program_free(&p);
}

int main(void)
{
	test_hand_encoded();
	test_doc_levels();
	test_bad_input();
	return check_report("test_utgard_gp_bits");
}
