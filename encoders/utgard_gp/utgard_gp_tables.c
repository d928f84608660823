/* utgard_gp_tables.c: the Utgard GP 128-bit instruction as a field table, from the seed notes
 * (docs/notes/001_4b8138d72e63c526.txt). The only place Utgard GP bit positions are written. */
#include "utgard_gp.h"
#include "common/field_row.h"

#define SEED "seed notes 001 (Utgard GP), section "

/* F(name, lo, width, kind, doc, enums, default, note) */

/* ---- enums ------------------------------------------------------------------------- */

#define SRC_0_TO_21                                                                          \
	{0, "r0_x", "register 0 unit result (register or attribute), this instruction"},     \
	{1, "r0_y", NULL}, {2, "r0_z", NULL}, {3, "r0_w", NULL},                             \
	{4, "r1_x", "register 1 unit result, this instruction"},                             \
	{5, "r1_y", NULL}, {6, "r1_z", NULL}, {7, "r1_w", NULL},                             \
	{IP_ENUM_UNUSED(8), "unused8", "unused, maybe the same as 21 (seen in a nop shader)"}, \
	{IP_ENUM_UNKNOWN(9), "unk9", "unknown"},                                             \
	{IP_ENUM_UNKNOWN(10), "unk10", "unknown"},                                           \
	{IP_ENUM_UNKNOWN(11), "unk11", "unknown"},                                           \
	{12, "ld_x", "uniform/temporary load result, this instruction"},                     \
	{13, "ld_y", NULL}, {14, "ld_z", NULL}, {15, "ld_w", NULL},                          \
	{16, "acc0", "accumulator 0 result, last instruction"},                              \
	{17, "acc1", "accumulator 1 result, last instruction"},                              \
	{18, "mul0", "multiplier 0 result, last instruction"},                               \
	{19, "mul1", "multiplier 1 result, last instruction"},                               \
	{20, "pass", "passthrough result, last instruction"},                                \
	{21, "none", "unit not used in this instruction"}

#define SRC_23_TO_31                                                                         \
	{23, "pass_2", "passthrough result, two instructions ago"},                          \
	{24, "acc0_2", "accumulator 0 result, two instructions ago"},                        \
	{25, "acc1_2", "accumulator 1 result, two instructions ago"},                        \
	{26, "mul0_2", "multiplier 0 result, two instructions ago"},                         \
	{27, "mul1_2", "multiplier 1 result, two instructions ago"},                         \
	{28, "r0p_x", "register 0 unit result, last instruction"},                           \
	{29, "r0p_y", NULL}, {30, "r0p_z", NULL}, {31, "r0p_w", NULL},                       \
	{0, NULL, NULL}

/* Input A of every unit, and the complex and passthrough inputs: 22 is the complex result. */
static const struct ip_enum src_a_enum[] = {
	SRC_0_TO_21,
	{22, "cplx", "complex unit result, last instruction"},
	SRC_23_TO_31,
};

/* Input B of the accumulators and multipliers: 22 is the identity (0 for add, 1 for mul). */
static const struct ip_enum src_b_enum[] = {
	SRC_0_TO_21,
	{22, "ident", "identity: 0 for the accumulators, 1 for the multipliers"},
	SRC_23_TO_31,
};

static const struct ip_enum load_offset_enum[] = {
	{IP_ENUM_UNUSED(0), "ar0", "address register 0? (never seen)"},
	{1, "ar1", "address register 1"},
	{2, "ar2", "address register 2"},
	{3, "ar3", "address register 3"},
	{IP_ENUM_UNKNOWN(4), "unk4", "unknown (never seen)"},
	{IP_ENUM_UNKNOWN(5), "unk5", "unknown (never seen)"},
	{IP_ENUM_UNKNOWN(6), "unk6", "unknown (never seen)"},
	{7, "none", "no offset"},
	{0, NULL, NULL},
};

static const struct ip_enum store_src_enum[] = {
	{0, "acc0", "accumulator 0 result"},
	{1, "acc1", "accumulator 1 result"},
	{2, "mul0", "multiplier 0 result"},
	{3, "mul1", "multiplier 1 result"},
	{4, "pass", "passthrough result"},
	{IP_ENUM_UNKNOWN(5), "unk5", "unknown"},
	{6, "cplx", "complex result"},
	{7, "none", "do not store this component"},
	{0, NULL, NULL},
};

static const struct ip_enum acc_op_enum[] = {
	{0, "add", "a + b"},
	{1, "floor", "floor(a)"},
	{2, "sign", "sign(a)"},
	{IP_ENUM_UNKNOWN(3), "unk3", "unknown"},
	{4, "ge", "a >= b (step)"},
	{5, "lt", "a < b"},
	{6, "min", "min(a, b) (logical and)"},
	{7, "max", "max(a, b) (logical or)"},
	{0, NULL, NULL},
};

static const struct ip_enum complex_op_enum[] = {
	{0, "none", "unused"},
	{IP_ENUM_UNKNOWN(1), "unk1", "not listed"},
	{2, "exp2", "exp2 (partial)"},
	{3, "log2", "log2 (partial)"},
	{4, "rsqrt", "inverse square root (partial)"},
	{5, "rcp", "reciprocal (partial)"},
	{IP_ENUM_UNKNOWN(6), "unk6", "not listed"},
	{IP_ENUM_UNKNOWN(7), "unk7", "not listed"},
	{IP_ENUM_UNKNOWN(8), "unk8", "not listed"},
	{9, "pass", "passthrough"},
	{10, "set_ar01", "set address registers 0 and 1 from the passthrough unit's result"},
	{IP_ENUM_UNKNOWN(11), "unk11", "not listed"},
	{12, "set_ar0", "set address register 0 (temporary store address)"},
	{13, "set_ar1", "set address register 1"},
	{14, "set_ar2", "set address register 2"},
	{15, "set_ar3", "set address register 3"},
	{0, NULL, NULL},
};

static const struct ip_enum mul_op_enum[] = {
	{0, "mul", "a * b"},
	{1, "complex1", "complex 1: takes all four inputs; latency 2"},
	{IP_ENUM_UNKNOWN(2), "unk2", "not listed"},
	{3, "complex2", "complex 2 of inputs a, b; multiplier 1 multiplies normally"},
	{4, "select", "b ? c : a as lima compiles it (the notes: b ? a : c; wide: c is multiplier 1 "
	              "input a; docs/utgard-gp-sources.md)"},
	{IP_ENUM_UNKNOWN(5), "unk5", "unknown"},
	{IP_ENUM_UNKNOWN(6), "unk6", "unknown"},
	{IP_ENUM_UNKNOWN(7), "unk7", "unknown"},
	{0, NULL, NULL},
};

static const struct ip_enum pass_op_enum[] = {
	{IP_ENUM_UNKNOWN(0), "unk0", "unknown"},
	{IP_ENUM_UNKNOWN(1), "unk1", "unknown"},
	{2, "pass", "out = in"},
	{IP_ENUM_UNKNOWN(3), "unk3", "unknown"},
	{IP_ENUM_UNKNOWN(4), "unk4", "unknown; feeds complex exp2 in the notes' exp2 sequence"},
	{IP_ENUM_UNKNOWN(5), "unk5", "unknown; follows the notes' log2 sequence (opposite of 4?)"},
	{6, "clamp", "max(min(in, uniform.x), uniform.y)"},
	{IP_ENUM_UNKNOWN(7), "unk7", "unknown"},
	{0, NULL, NULL},
};

/* The field is unknown as a whole; these are the values the notes have seen. */
static const struct ip_enum flags_enum[] = {
	{0, "normal", "normal"},
	{12, "temp_write", "seen with temporary writes"},
	{13, "branch", "seen with branches"},
	{0, NULL, NULL},
};

/* ---- the instruction ------------------------------------------------------------------ */

static const struct ip_field instr_fields[] = {
	F("mul0_a", 0, 5, REGISTER, KNOWN, src_a_enum, 21, "multiply 0 input a"),
	F("mul0_b", 5, 5, REGISTER, KNOWN, src_b_enum, 21, "multiply 0 input b"),
	F("mul1_a", 10, 5, REGISTER, KNOWN, src_a_enum, 21, "multiply 1 input a (wide-operation input c)"),
	F("mul1_b", 15, 5, REGISTER, KNOWN, src_b_enum, 21, "multiply 1 input b (wide-operation input d)"),
	F("mul0_neg", 20, 1, MODIFIER, KNOWN, NULL, 0, "multiply 0 output negate"),
	F("mul1_neg", 21, 1, MODIFIER, KNOWN, NULL, 0, "multiply 1 output negate"),
	F("acc0_a", 22, 5, REGISTER, KNOWN, src_a_enum, 21, "accumulator 0 input a"),
	F("acc0_b", 27, 5, REGISTER, KNOWN, src_b_enum, 21, "accumulator 0 input b"),
	F("acc1_a", 32, 5, REGISTER, KNOWN, src_a_enum, 21, "accumulator 1 input a"),
	F("acc1_b", 37, 5, REGISTER, KNOWN, src_b_enum, 21, "accumulator 1 input b"),
	F("acc0_a_neg", 42, 1, MODIFIER, KNOWN, NULL, 0, "accumulator 0 input a negate"),
	F("acc0_b_neg", 43, 1, MODIFIER, KNOWN, NULL, 0, "accumulator 0 input b negate"),
	F("acc1_a_neg", 44, 1, MODIFIER, KNOWN, NULL, 0, "accumulator 1 input a negate"),
	F("acc1_b_neg", 45, 1, MODIFIER, KNOWN, NULL, 0, "accumulator 1 input b negate"),
	F("load_addr", 46, 9, IMMEDIATE, KNOWN, NULL, 0, "load address (uniform/temporary)"),
	F("load_offset", 55, 3, REGISTER, KNOWN, load_offset_enum, 7, "load offset: address register"),
	F("reg0_addr", 58, 4, REGISTER, KNOWN, NULL, 0, "register 0 unit address (register/attribute)"),
	F("reg0_attr", 62, 1, FLAG, KNOWN, NULL, 0, "register 0 unit loads an attribute"),
	F("reg1_addr", 63, 4, REGISTER, KNOWN, NULL, 0, "register 1 unit address"),
	F("store0_temp", 67, 1, FLAG, KNOWN, NULL, 0, "store 0 stores a temporary"),
	F("store1_temp", 68, 1, FLAG, KNOWN, NULL, 0, "store 1 stores a temporary"),
	F("branch", 69, 1, FLAG, KNOWN, NULL, 0, "branch"),
	F("branch_lo", 70, 1, FLAG, KNOWN, NULL, 0, "branch target low (< 0x100): inverse of target bit 8"),
	F("store0_x", 71, 3, REGISTER, KNOWN, store_src_enum, 7, "store 0 input x"),
	F("store0_y", 74, 3, REGISTER, KNOWN, store_src_enum, 7, "store 0 input y"),
	F("store1_z", 77, 3, REGISTER, KNOWN, store_src_enum, 7, "store 1 input z"),
	F("store1_w", 80, 3, REGISTER, KNOWN, store_src_enum, 7, "store 1 input w"),
	F("acc_op", 83, 3, OPCODE, KNOWN, acc_op_enum, 0, "accumulator 0 and 1 opcode"),
	F("complex_op", 86, 4, OPCODE, KNOWN, complex_op_enum, 0, "complex unit opcode"),
	F("store0_addr", 90, 4, REGISTER, KNOWN, NULL, 0, "store 0 address (varying/register)"),
	F("store0_varying", 94, 1, FLAG, KNOWN, NULL, 0, "store 0 stores a varying"),
	F("store1_addr", 95, 4, REGISTER, KNOWN, NULL, 0, "store 1 address (varying/register)"),
	F("store1_varying", 99, 1, FLAG, KNOWN, NULL, 0, "store 1 stores a varying"),
	F("mul_op", 100, 3, OPCODE, KNOWN, mul_op_enum, 0, "multiply 0 and 1 opcode"),
	F("pass_op", 103, 3, OPCODE, KNOWN, pass_op_enum, 2, "passthrough opcode"),
	F("complex_src", 106, 5, REGISTER, KNOWN, src_a_enum, 21, "complex unit input"),
	F("pass_src", 111, 5, REGISTER, KNOWN, src_a_enum, 21, "passthrough unit input"),
	F("flags", 116, 4, UNKNOWN, UNKNOWN, flags_enum, 0, "unknown (treated as flags by the notes)"),
	F("branch_target", 120, 8, OFFSET, KNOWN, NULL, 0, "branch target, absolute, bits 0-7"),
};

const struct ip_format utgard_gp_instr = {
	"utgard_gp", "instr", "GP instruction (4 words)", 128,
	instr_fields, IP_COUNT(instr_fields), NULL, SEED "Instruction format",
};

