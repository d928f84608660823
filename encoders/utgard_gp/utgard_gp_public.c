/* utgard_gp_public.c: Utgard GP's public-knowledge overlay: the whole 128-bit instruction as
 * Mesa's lima compiler reads it (gpir_codegen_instr and its enums; docs/public-overlay.md). */
#include "isaprobe/internal/public.h"
#include "utgard_gp.h"

#define IP_FIELD_ROW_PUBLIC /* the overlay form of F (common/field_row.h) */
#include "common/field_row.h"

/* gpir_codegen_src: lima names 8-11 only "unknown_0".."unknown_3", so they are left out (no
 * reading); 21 is "unused", 22 the complex result in input a and the identity in input b. */
#define SRC_COMMON                                                                                \
	{0, "attrib_x", "register 0 unit (attribute or register) x"}, {1, "attrib_y", NULL},      \
	{2, "attrib_z", NULL}, {3, "attrib_w", NULL},                                             \
	{4, "register_x", "register 1 unit x"}, {5, "register_y", NULL},                          \
	{6, "register_z", NULL}, {7, "register_w", NULL},                                         \
	{12, "load_x", "uniform or temporary load x"}, {13, "load_y", NULL},                      \
	{14, "load_z", NULL}, {15, "load_w", NULL},                                               \
	{16, "p1_acc_0", "accumulator 0, previous instruction"}, {17, "p1_acc_1", NULL},          \
	{18, "p1_mul_0", NULL}, {19, "p1_mul_1", NULL}, {20, "p1_pass", NULL},                    \
	{21, "unused", "no input"}

#define SRC_LATE                                                                                  \
	{23, "p2_pass", "passthrough, two instructions ago"}, {24, "p2_acc_0", NULL},             \
	{25, "p2_acc_1", NULL}, {26, "p2_mul_0", NULL}, {27, "p2_mul_1", NULL},                   \
	{28, "p1_attrib_x", "register 0 unit, previous instruction"}, {29, "p1_attrib_y", NULL},  \
	{30, "p1_attrib_z", NULL}, {31, "p1_attrib_w", NULL}, {0, NULL, NULL}

static const struct ip_enum src_a[] = {
	SRC_COMMON, {22, "p1_complex", "complex unit, previous instruction"}, SRC_LATE,
};

static const struct ip_enum src_b[] = {
	SRC_COMMON, {22, "ident", "identity (0 for the accumulators, 1 for the multipliers)"},
	SRC_LATE,
};

/* gpir_codegen_load_off: 0 and 4-6 unnamed. */
static const struct ip_enum load_off[] = {
	{1, "ld_addr_0", NULL}, {2, "ld_addr_1", NULL}, {3, "ld_addr_2", NULL},
	{7, "none", NULL}, {0, NULL, NULL},
};

/* gpir_codegen_store_src: 5 is named "unknown" (no reading). */
static const struct ip_enum store_src[] = {
	{0, "acc_0", NULL}, {1, "acc_1", NULL}, {2, "mul_0", NULL}, {3, "mul_1", NULL},
	{4, "pass", NULL}, {6, "complex", NULL}, {7, "none", NULL}, {0, NULL, NULL},
};

/* gpir_codegen_acc_op: 3 unnamed. */
static const struct ip_enum acc_op[] = {
	{0, "add", NULL}, {1, "floor", NULL}, {2, "sign", NULL}, {4, "ge", NULL},
	{5, "lt", NULL}, {6, "min", NULL}, {7, "max", NULL}, {0, NULL, NULL},
};

/* gpir_codegen_complex_op: 1, 6-8, 10, 11 unnamed. */
static const struct ip_enum complex_op[] = {
	{0, "nop", NULL}, {2, "exp2", NULL}, {3, "log2", NULL}, {4, "rsqrt", NULL},
	{5, "rcp", NULL}, {9, "pass", NULL}, {12, "temp_store_addr", NULL},
	{13, "temp_load_addr_0", NULL}, {14, "temp_load_addr_1", NULL},
	{15, "temp_load_addr_2", NULL}, {0, NULL, NULL},
};

/* gpir_codegen_mul_op: 2, 5-7 unnamed. */
static const struct ip_enum mul_op[] = {
	{0, "mul", NULL}, {1, "complex1", NULL}, {3, "complex2", NULL}, {4, "select", NULL},
	{0, NULL, NULL},
};

/* gpir_codegen_pass_op: 0, 1, 3, 7 unnamed; 4 and 5 are emitted only before the complex
 * unit's exp2 and after its log2. */
static const struct ip_enum pass_op[] = {
	{2, "pass", NULL}, {4, "preexp2", "emitted before the complex unit's exp2"},
	{5, "postlog2", "emitted after the complex unit's log2"}, {6, "clamp", NULL},
	{0, NULL, NULL},
};

/* What lima's compiler writes into bits 116-119 (codegen.c: temporary stores, branches). */
static const struct ip_enum unknown_1[] = {
	{12, "tmp_st", "set with temporary stores"},
	{13, "branch", "set with branches"},
	{0, NULL, NULL},
};

/* gpir_codegen_instr, least significant bit first. */
static const struct ip_field instr_fields[] = {
	FE("mul0_src0", 0, 5, REGISTER, src_a, "multiplier 0 input a"),
	FE("mul0_src1", 5, 5, REGISTER, src_b, "multiplier 0 input b"),
	FE("mul1_src0", 10, 5, REGISTER, src_a, "multiplier 1 input a"),
	FE("mul1_src1", 15, 5, REGISTER, src_b, "multiplier 1 input b"),
	F("mul0_neg", 20, 1, MODIFIER, "negate multiplier 0's result"),
	F("mul1_neg", 21, 1, MODIFIER, "negate multiplier 1's result"),
	FE("acc0_src0", 22, 5, REGISTER, src_a, "accumulator 0 input a"),
	FE("acc0_src1", 27, 5, REGISTER, src_b, "accumulator 0 input b"),
	FE("acc1_src0", 32, 5, REGISTER, src_a, "accumulator 1 input a"),
	FE("acc1_src1", 37, 5, REGISTER, src_b, "accumulator 1 input b"),
	F("acc0_src0_neg", 42, 1, MODIFIER, "negate accumulator 0 input a"),
	F("acc0_src1_neg", 43, 1, MODIFIER, "negate accumulator 0 input b"),
	F("acc1_src0_neg", 44, 1, MODIFIER, "negate accumulator 1 input a"),
	F("acc1_src1_neg", 45, 1, MODIFIER, "negate accumulator 1 input b"),
	F("load_addr", 46, 9, IMMEDIATE, "uniform or temporary load address"),
	FE("load_offset", 55, 3, REGISTER, load_off, "load address register"),
	F("register0_addr", 58, 4, REGISTER, "register 0 unit address"),
	F("register0_attribute", 62, 1, FLAG, "register 0 unit loads an attribute"),
	F("register1_addr", 63, 4, REGISTER, "register 1 unit address"),
	F("store0_temporary", 67, 1, FLAG, "store 0 writes a temporary"),
	F("store1_temporary", 68, 1, FLAG, "store 1 writes a temporary"),
	F("branch", 69, 1, FLAG, "branch"),
	F("branch_target_lo", 70, 1, FLAG, "set when the target is below 0x100"),
	FE("store0_src_x", 71, 3, REGISTER, store_src, "store 0 input x"),
	FE("store0_src_y", 74, 3, REGISTER, store_src, "store 0 input y"),
	FE("store1_src_z", 77, 3, REGISTER, store_src, "store 1 input z"),
	FE("store1_src_w", 80, 3, REGISTER, store_src, "store 1 input w"),
	FE("acc_op", 83, 3, OPCODE, acc_op, "accumulator opcode"),
	FE("complex_op", 86, 4, OPCODE, complex_op, "complex unit opcode"),
	F("store0_addr", 90, 4, REGISTER, "store 0 address"),
	F("store0_varying", 94, 1, FLAG, "store 0 writes a varying"),
	F("store1_addr", 95, 4, REGISTER, "store 1 address"),
	F("store1_varying", 99, 1, FLAG, "store 1 writes a varying"),
	FE("mul_op", 100, 3, OPCODE, mul_op, "multiplier opcode"),
	FE("pass_op", 103, 3, OPCODE, pass_op, "passthrough opcode"),
	FE("complex_src", 106, 5, REGISTER, src_a, "complex unit input"),
	FE("pass_src", 111, 5, REGISTER, src_a, "passthrough unit input"),
	FE("unknown_1", 116, 4, UNKNOWN, unknown_1,
	   "one 4-bit field lima leaves unnamed: 12 with temporary stores, 13 with branches"),
	F("branch_target", 120, 8, OFFSET, "branch target, bits 0-7"),
};

static const struct ip_format instr_public = {
	"utgard_gp", "instr_public", "the GP instruction as lima reads it", 128, instr_fields,
	IP_COUNT(instr_fields), NULL,
	"Mesa src/gallium/drivers/lima/ir/gp/codegen.h (gpir_codegen_instr and its enums), "
	"codegen.c, disasm.c",
};

static const struct ip_public_part parts[] = {
	{"instr", 0, &instr_public, NULL, 0, NULL, 0, 0},
};

const struct ip_public_overlay utgard_gp_public = {
	.isa = "utgard_gp",
	.parts = parts,
	.nparts = IP_COUNT(parts),
	.doc = "docs/utgard-gp-sources.md",
	.who = "lima",
};
