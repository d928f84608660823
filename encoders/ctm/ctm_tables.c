/* ctm_tables.c: the DPP (R5xx fragment processor) instruction words as field tables: the only
 * place their bit positions are written. Sources per field: docs/ctm-sources.md. */
#include "ctm.h"
#include "common/field_row.h"

/* F(name, lo, width, kind, doc, enums, default, note): a field present in every word;
 * T(types, ...): present when inst0.type is in the set (a bit mask of enum ctm_inst_type). */
#define T(set, n, lo, w, k, d, e, def, note) \
	{n, lo, w, IP_KIND_##k, IP_DOC_##d, e, def, {{"type", set}, {0, 0}}, note}

#define ALU_OUT ((1u << CTM_TYPE_ALU) | (1u << CTM_TYPE_OUT))
#define FC (1u << CTM_TYPE_FC)
#define TEX (1u << CTM_TYPE_TEX)

/* ---- enums -------------------------------------------------------------------------- */

static const struct ip_enum type_enum[] = {
	{CTM_TYPE_ALU, "alu", "ALU instruction (may set predicate bits)"},
	{CTM_TYPE_OUT, "out", "output instruction (ALU that writes the output registers)"},
	{CTM_TYPE_FC, "fc", "flow control"},
	{CTM_TYPE_TEX, "tex", "texture (input) lookup"},
	{0, NULL, NULL},
};

static const struct ip_enum pred_sel_enum[] = {
	{0, "none", "no predication"},
	{1, "rgba", "per-channel predicate"},
	{2, "rrrr", "red predicate replicated"},
	{3, "gggg", "green predicate replicated"},
	{4, "bbbb", "blue predicate replicated"},
	{5, "aaaa", "alpha predicate replicated"},
	{IP_ENUM_UNKNOWN(6), "pred6", "not described"},
	{IP_ENUM_UNKNOWN(7), "pred7", "not described"},
	{0, NULL, NULL},
};

static const struct ip_enum mask3_enum[] = {
	{0, "none", NULL}, {1, "r", NULL}, {2, "g", NULL}, {3, "rg", NULL},
	{4, "b", NULL},    {5, "rb", NULL}, {6, "gb", NULL}, {7, "rgb", NULL},
	{0, NULL, NULL},
};

static const struct ip_enum result_sel_enum[] = {
	{0, "red", "red is the ALU result"}, {1, "alpha", "alpha is the ALU result"}, {0, NULL, NULL},
};

static const struct ip_enum result_op_enum[] = {
	{0, "eq", "== 0"}, {1, "lt", "< 0"}, {2, "ge", ">= 0"}, {3, "ne", "!= 0"}, {0, NULL, NULL},
};

static const struct ip_enum srcp_enum[] = {
	{0, "bias", "1 - 2*src0"},
	{1, "sub", "src1 - src0"},
	{2, "add", "src1 + src0"},
	{3, "inv", "1 - src0"},
	{0, NULL, NULL},
};

static const struct ip_enum sel_enum[] = {
	{0, "src0", NULL}, {1, "src1", NULL}, {2, "src2", NULL}, {3, "srcp", "presubtract result"},
	{0, NULL, NULL},
};

static const struct ip_enum swiz_enum[] = {
	{0, "r", NULL},       {1, "g", NULL},        {2, "b", NULL},   {3, "a", NULL},
	{4, "zero", "0.0"},   {5, "half", "0.5"},    {6, "one", "1.0"},
	{IP_ENUM_UNKNOWN(7), "unused", "\"unused\": not described"},
	{0, NULL, NULL},
};

static const struct ip_enum mod_enum[] = {
	{0, "nop", NULL}, {1, "neg", "-x"}, {2, "abs", "|x|"}, {3, "nab", "-|x|"}, {0, NULL, NULL},
};

static const struct ip_enum omod_enum[] = {
	{0, "x1", NULL}, {1, "x2", NULL}, {2, "x4", NULL}, {3, "x8", NULL},
	{4, "d2", NULL}, {5, "d4", NULL}, {6, "d8", NULL},
	{7, "off", "output modifier and clamp disabled: the result copied exactly (MIN/MAX/CMP/CND)"},
	{0, NULL, NULL},
};

static const struct ip_enum target_enum[] = {
	{0, "a", "render target A; predicate ==0"},
	{1, "b", "render target B; predicate <0"},
	{2, "c", "render target C; predicate >=0"},
	{3, "d", "render target D; predicate !=0"},
	{0, NULL, NULL},
};

static const struct ip_enum rgb_op_enum[] = {
	{0, "mad", "A*B + C"},
	{1, "dp3", "A.rgb . B.rgb"},
	{2, "dp4", "A.rgba . B.rgba (alpha inputs from the alpha selects)"},
	{3, "d2a", "A.r*B.r + A.g*B.g + C.b"},
	{4, "min", NULL},
	{5, "max", NULL},
	{IP_ENUM_UNKNOWN(6), "op6", "reserved"},
	{7, "cnd", "C > 0.5 ? A : B"},
	{8, "cmp", "C >= 0 ? A : B"},
	{9, "frc", "A - floor(A)"},
	{10, "sop", "the alpha unit's transcendental result, replicated"},
	{11, "mdh", "A*B + C, A and C from neighbouring pixels (horizontal)"},
	{12, "mdv", "A*B + C, A and C from neighbouring pixels (vertical)"},
	{IP_ENUM_UNKNOWN(13), "op13", "not described"},
	{IP_ENUM_UNKNOWN(14), "op14", "not described"},
	{IP_ENUM_UNKNOWN(15), "op15", "not described"},
	{0, NULL, NULL},
};

static const struct ip_enum alpha_op_enum[] = {
	{0, "mad", "A*B + C"},
	{1, "dp", "the RGB unit's dot product"},
	{2, "min", NULL},
	{3, "max", NULL},
	{IP_ENUM_UNKNOWN(4), "op4", "reserved"},
	{5, "cnd", "C > 0.5 ? A : B"},
	{6, "cmp", "C >= 0 ? A : B"},
	{7, "frc", NULL},
	{8, "ex2", "2^A"},
	{9, "ln2", "log2(A)"},
	{10, "rcp", "1/A"},
	{11, "rsq", "1/sqrt(A)"},
	{12, "sin", "sin(A*2pi)"},
	{13, "cos", "cos(A*2pi)"},
	{14, "mdh", NULL},
	{15, "mdv", NULL},
	{0, NULL, NULL},
};

static const struct ip_enum tex_op_enum[] = {
	{0, "nop", "no lookup (may acquire the semaphore)"},
	{1, "ld", "lookup at (s, t)"},
	{2, "texkill", "kill the processor if any component < 0"},
	{3, "proj", "lookup at (s/q, t/q)"},
	{4, "lodbias", "lookup with LOD bias"},
	{5, "lod", "lookup with explicit LOD"},
	{6, "dxdy", "lookup with LOD from dx/dy"},
	{IP_ENUM_UNKNOWN(7), "op7", "not described"},
	{0, NULL, NULL},
};

static const struct ip_enum chan_enum[] = {
	{0, "r", NULL}, {1, "g", NULL}, {2, "b", NULL}, {3, "a", NULL}, {0, NULL, NULL},
};

static const struct ip_enum fc_op_enum[] = {
	{0, "jump", "if, else, endif, call, return"},
	{1, "loop", "jump if the static counter is 0, else push counter and aL"},
	{2, "endloop", "decrement the counter, step aL, jump back unless it reaches 0"},
	{3, "rep", "loop without aL"},
	{4, "endrep", "endloop without aL"},
	{5, "breakloop", "jump, popping the loop stacks"},
	{6, "breakrep", "breakloop without aL"},
	{7, "continue", "disable pixels ready to jump to the endloop"},
	{0, NULL, NULL},
};

static const struct ip_enum a_op_enum[] = {
	{0, "none", "address stack unchanged"},
	{1, "pop", "if jumping, pop the address stack and jump there"},
	{2, "push", "if jumping, push the current address"},
	{IP_ENUM_UNKNOWN(3), "aop3", "not described"},
	{0, NULL, NULL},
};

static const struct ip_enum b_op_enum[] = {
	{0, "none", "branch counters unchanged"},
	{1, "decr", "inactive pixels' counters -= b_pop_cnt; negative ones become active"},
	{2, "incr", "inactive pixels' counters += 1; deciding pixels deactivate"},
	{IP_ENUM_UNKNOWN(3), "bop3", "not described"},
	{0, NULL, NULL},
};

/* ---- inst0: the common word (US_CMN_INST) ---------------------------------------------- */

static const struct ip_field inst0_fields[] = {
	F("type", 0, 2, TAG, KNOWN, type_enum, 0, "instruction type"),
	F("tex_sem_wait", 2, 1, FLAG, KNOWN, NULL, 0, "wait for the texture semaphore before issue"),
	F("rgb_pred_sel", 3, 3, MODIFIER, KNOWN, pred_sel_enum, 0, "predication of RGB (of the whole FC instruction)"),
	F("rgb_pred_inv", 6, 1, MODIFIER, KNOWN, NULL, 0, "invert the RGB predicate"),
	F("write_inactive", 7, 1, FLAG, KNOWN, NULL, 0, "write channels of inactive pixels too"),
	F("last", 8, 1, FLAG, KNOWN, NULL, 0, "active pixels may terminate after this instruction"),
	F("nop", 9, 1, FLAG, KNOWN, NULL, 0, "insert a NOP after this instruction"),
	F("alu_wait", 10, 1, FLAG, KNOWN, NULL, 0, "wait for pending ALU instructions"),
	F("rgb_wmask", 11, 3, MASK, KNOWN, mask3_enum, 0, "RGB channels written to the temporary"),
	F("alpha_wmask", 14, 1, MASK, KNOWN, NULL, 0, "alpha written to the temporary"),
	F("rgb_omask", 15, 3, MASK, KNOWN, mask3_enum, 0, "RGB channels written to the output (OUT) or predicate (ALU)"),
	F("alpha_omask", 18, 1, MASK, KNOWN, NULL, 0, "alpha written to the output (OUT) or predicate (ALU)"),
	F("rgb_clamp", 19, 1, MODIFIER, KNOWN, NULL, 0, "clamp the RGB result to [0, 1]"),
	F("alpha_clamp", 20, 1, MODIFIER, KNOWN, NULL, 0, "clamp the alpha result to [0, 1]"),
	F("alu_result_sel", 21, 1, COMPONENT, KNOWN, result_sel_enum, 0, "channel that becomes the ALU result"),
	F("alpha_pred_inv", 22, 1, MODIFIER, KNOWN, NULL, 0, "invert the alpha predicate"),
	F("alu_result_op", 23, 2, OPCODE, KNOWN, result_op_enum, 0, "comparison against 0 giving the ALU result"),
	F("alpha_pred_sel", 25, 3, MODIFIER, KNOWN, pred_sel_enum, 0, "predication of alpha"),
	F("stat_we", 28, 4, MASK, KNOWN, NULL, 0, "channels that count towards the stat count"),
};

/* ---- inst1: RGB source addresses (ALU/OUT), texture op (TEX), unused (FC) ----------------- */

#define SRC_ADDR(p, set, i, lo)                                                                     \
	T(set, p "addr" #i, lo, 8, REGISTER, KNOWN, NULL, 0,                                     \
	  "source " #i ": temporary 0-127, inline float (bit 7 set), or constant 0-255 with _const"), \
	T(set, p "addr" #i "_const", lo + 8, 1, FLAG, KNOWN, NULL, 0, "source " #i " is a constant"), \
	T(set, p "addr" #i "_rel", lo + 9, 1, MODIFIER, KNOWN, NULL, 0, "source " #i " address + aL")

static const struct ip_field inst1_fields[] = {
	SRC_ADDR("rgb_", ALU_OUT, 0, 0),
	SRC_ADDR("rgb_", ALU_OUT, 1, 10),
	SRC_ADDR("rgb_", ALU_OUT, 2, 20),
	T(ALU_OUT, "rgb_srcp_op", 30, 2, OPCODE, KNOWN, srcp_enum, 0, "RGB presubtract operation"),
	T(TEX, "tex_unk0", 0, 16, UNKNOWN, UNKNOWN, NULL, 0, "not described"),
	T(TEX, "tex_id", 16, 4, REGISTER, KNOWN, NULL, 0, "input (sampler) 0-15"),
	T(TEX, "tex_unk20", 20, 2, UNKNOWN, UNKNOWN, NULL, 0, "not described"),
	T(TEX, "tex_op", 22, 3, OPCODE, KNOWN, tex_op_enum, 0, "texture operation"),
	T(TEX, "tex_sem_acquire", 25, 1, FLAG, KNOWN, NULL, 0, "hold the texture semaphore until the data is written"),
	T(TEX, "tex_ignore_uncovered", 26, 1, FLAG, KNOWN, NULL, 0, "no lookups for uncovered pixels"),
	T(TEX, "tex_unscaled", 27, 1, FLAG, KNOWN, NULL, 0, "coordinates are not scaled from [0,1] to the input's size"),
	T(TEX, "tex_unk28", 28, 4, UNKNOWN, UNKNOWN, NULL, 0, "not described"),
	T(FC, "fc_w1", 0, 32, UNKNOWN, UNKNOWN, NULL, 0, "word 1 of a flow control instruction: not described"),
};

/* ---- inst2: alpha source addresses (ALU/OUT), texture addresses (TEX), FC instruction ------ */

#define SWZ2(set, n, lo, note) T(set, n, lo, 2, SWIZZLE, KNOWN, chan_enum, 0, note)

static const struct ip_field inst2_fields[] = {
	SRC_ADDR("alpha_", ALU_OUT, 0, 0),
	SRC_ADDR("alpha_", ALU_OUT, 1, 10),
	SRC_ADDR("alpha_", ALU_OUT, 2, 20),
	T(ALU_OUT, "alpha_srcp_op", 30, 2, OPCODE, KNOWN, srcp_enum, 0, "alpha presubtract operation"),
	T(TEX, "src_addr", 0, 7, REGISTER, KNOWN, NULL, 0, "coordinate temporary"),
	T(TEX, "src_addr_rel", 7, 1, MODIFIER, KNOWN, NULL, 0, "coordinate temporary + aL"),
	SWZ2(TEX, "src_s_swiz", 8, "channel giving s"),
	SWZ2(TEX, "src_t_swiz", 10, "channel giving t"),
	SWZ2(TEX, "src_r_swiz", 12, "channel giving r"),
	SWZ2(TEX, "src_q_swiz", 14, "channel giving q"),
	T(TEX, "dst_addr", 16, 7, REGISTER, KNOWN, NULL, 0, "destination temporary"),
	T(TEX, "dst_addr_rel", 23, 1, MODIFIER, KNOWN, NULL, 0, "destination temporary + aL"),
	SWZ2(TEX, "dst_r_swiz", 24, "returned channel written to red"),
	SWZ2(TEX, "dst_g_swiz", 26, "returned channel written to green"),
	SWZ2(TEX, "dst_b_swiz", 28, "returned channel written to blue"),
	SWZ2(TEX, "dst_a_swiz", 30, "returned channel written to alpha"),
	T(FC, "fc_op", 0, 3, OPCODE, KNOWN, fc_op_enum, 0, "flow control operation"),
	T(FC, "fc_unk3", 3, 1, UNKNOWN, UNKNOWN, NULL, 0, "not described"),
	T(FC, "b_else", 4, 1, FLAG, KNOWN, NULL, 0, "else: swap active and branch-inactive pixels first"),
	T(FC, "jump_any", 5, 1, FLAG, KNOWN, NULL, 0, "jump if any (else all) active pixels want to"),
	T(FC, "a_op", 6, 2, OPCODE, KNOWN, a_op_enum, 0, "address stack operation when jumping"),
	T(FC, "jump_func", 8, 8, IMMEDIATE, KNOWN, NULL, 0, "2x2x2 table: jump if bit (alu_result<<2 | predicate<<1 | bool)"),
	T(FC, "b_pop_cnt", 16, 5, IMMEDIATE, KNOWN, NULL, 0, "branch counter decrement for decr"),
	T(FC, "fc_unk21", 21, 3, UNKNOWN, UNKNOWN, NULL, 0, "not described"),
	T(FC, "b_op0", 24, 2, OPCODE, KNOWN, b_op_enum, 0, "branch state operation when not jumping"),
	T(FC, "b_op1", 26, 2, OPCODE, KNOWN, b_op_enum, 0, "branch state operation when jumping"),
	T(FC, "fc_ignore_uncovered", 28, 1, FLAG, KNOWN, NULL, 0, "uncovered pixels take no part in decisions"),
	T(FC, "fc_unk29", 29, 3, UNKNOWN, UNKNOWN, NULL, 0, "not described"),
};

/* ---- inst3: RGB inputs A and B (ALU/OUT), dx/dy addresses (TEX), FC addresses ------------- */

#define INPUT3(set, p, x, lo)                                                                   \
	T(set, p "sel_" x, lo, 2, REGISTER, KNOWN, sel_enum, 0, "input " x ": source select"),  \
	T(set, p "swiz_" x "_r", lo + 2, 3, SWIZZLE, KNOWN, swiz_enum, 0, "input " x " red"),   \
	T(set, p "swiz_" x "_g", lo + 5, 3, SWIZZLE, KNOWN, swiz_enum, 1, "input " x " green"), \
	T(set, p "swiz_" x "_b", lo + 8, 3, SWIZZLE, KNOWN, swiz_enum, 2, "input " x " blue"),  \
	T(set, p "mod_" x, lo + 11, 2, MODIFIER, KNOWN, mod_enum, 0, "input " x " modifier")

static const struct ip_field inst3_fields[] = {
	INPUT3(ALU_OUT, "rgb_", "a", 0),
	INPUT3(ALU_OUT, "rgb_", "b", 13),
	T(ALU_OUT, "rgb_omod", 26, 3, MODIFIER, KNOWN, omod_enum, 0, "RGB output modifier"),
	T(ALU_OUT, "rgb_target", 29, 2, REGISTER, KNOWN, target_enum, 0, "RGB render target (OUT) or predicate test (ALU)"),
	T(ALU_OUT, "alu_wmask", 31, 1, FLAG, KNOWN, NULL, 0, "update the ALU result"),
	T(TEX, "dx_addr", 0, 7, REGISTER, KNOWN, NULL, 0, "dx temporary"),
	T(TEX, "dx_addr_rel", 7, 1, MODIFIER, KNOWN, NULL, 0, "dx temporary + aL"),
	SWZ2(TEX, "dx_s_swiz", 8, NULL), SWZ2(TEX, "dx_t_swiz", 10, NULL),
	SWZ2(TEX, "dx_r_swiz", 12, NULL), SWZ2(TEX, "dx_q_swiz", 14, NULL),
	T(TEX, "dy_addr", 16, 7, REGISTER, KNOWN, NULL, 0, "dy temporary"),
	T(TEX, "dy_addr_rel", 23, 1, MODIFIER, KNOWN, NULL, 0, "dy temporary + aL"),
	SWZ2(TEX, "dy_s_swiz", 24, NULL), SWZ2(TEX, "dy_t_swiz", 26, NULL),
	SWZ2(TEX, "dy_r_swiz", 28, NULL), SWZ2(TEX, "dy_q_swiz", 30, NULL),
	T(FC, "bool_addr", 0, 5, REGISTER, KNOWN, NULL, 0, "static boolean constant 0-31 for the jump function"),
	T(FC, "fc_unk5", 5, 3, UNKNOWN, UNKNOWN, NULL, 0, "not described"),
	T(FC, "int_addr", 8, 5, REGISTER, KNOWN, NULL, 0, "integer constant 0-31 for loop/rep"),
	T(FC, "fc_unk13", 13, 3, UNKNOWN, UNKNOWN, NULL, 0, "not described"),
	T(FC, "jump_addr", 16, 9, OFFSET, KNOWN, NULL, 0, "jump target instruction"),
	T(FC, "fc_unk25", 25, 6, UNKNOWN, UNKNOWN, NULL, 0, "not described"),
	T(FC, "jump_global", 31, 1, FLAG, KNOWN, NULL, 0, "jump_addr is global (no program offset added)"),
};

/* ---- inst4: the alpha instruction (ALU/OUT), unused (TEX, FC) ----------------------------- */

#define INPUT1(set, p, x, lo, dswz)                                                            \
	T(set, p "sel_" x, lo, 2, REGISTER, KNOWN, sel_enum, 0, "input " x ": source select"), \
	T(set, p "swiz_" x, lo + 2, 3, SWIZZLE, KNOWN, swiz_enum, dswz, "input " x " channel"),  \
	T(set, p "mod_" x, lo + 5, 2, MODIFIER, KNOWN, mod_enum, 0, "input " x " modifier")

static const struct ip_field inst4_fields[] = {
	T(ALU_OUT, "alpha_op", 0, 4, OPCODE, KNOWN, alpha_op_enum, 0, "alpha operation"),
	T(ALU_OUT, "alpha_addrd", 4, 7, REGISTER, KNOWN, NULL, 0, "alpha destination temporary"),
	T(ALU_OUT, "alpha_addrd_rel", 11, 1, MODIFIER, KNOWN, NULL, 0, "alpha destination + aL"),
	INPUT1(ALU_OUT, "alpha_", "a", 12, 3),
	INPUT1(ALU_OUT, "alpha_", "b", 19, 3),
	T(ALU_OUT, "alpha_omod", 26, 3, MODIFIER, KNOWN, omod_enum, 0, "alpha output modifier"),
	T(ALU_OUT, "alpha_target", 29, 2, REGISTER, KNOWN, target_enum, 0, "alpha render target (OUT) or predicate test (ALU)"),
	T(ALU_OUT, "w_omask", 31, 1, MASK, KNOWN, NULL, 0, "write alpha to the depth (W) output: the conditional value"),
	T(TEX | FC, "w4_unused", 0, 32, UNKNOWN, UNKNOWN, NULL, 0, "word 4 of a texture or flow control instruction: not described"),
};

/* ---- inst5: RGB opcode and destination, input C (ALU/OUT), unused (TEX, FC) --------------- */

static const struct ip_field inst5_fields[] = {
	T(ALU_OUT, "rgb_op", 0, 4, OPCODE, KNOWN, rgb_op_enum, 0, "RGB operation"),
	T(ALU_OUT, "rgb_addrd", 4, 7, REGISTER, KNOWN, NULL, 0, "RGB destination temporary"),
	T(ALU_OUT, "rgb_addrd_rel", 11, 1, MODIFIER, KNOWN, NULL, 0, "RGB destination + aL"),
	INPUT3(ALU_OUT, "rgb_", "c", 12),
	INPUT1(ALU_OUT, "alpha_", "c", 25, 3),
	T(TEX | FC, "w5_unused", 0, 32, UNKNOWN, UNKNOWN, NULL, 0, "word 5 of a texture or flow control instruction: not described"),
};

#define SRC "R5xx register reference (US_*), CTM guide chapter 3; docs/ctm-sources.md"

const struct ip_format ctm_inst0 = {"ctm", "inst0", "common word (type, masks, predication)", 32,
                                    inst0_fields, IP_COUNT(inst0_fields), NULL, SRC};
const struct ip_format ctm_inst1 = {"ctm", "inst1", "RGB source addresses / texture operation", 32,
                                    inst1_fields, IP_COUNT(inst1_fields), &ctm_inst0, SRC};
const struct ip_format ctm_inst2 = {"ctm", "inst2", "alpha source addresses / texture addresses / FC operation",
                                    32, inst2_fields, IP_COUNT(inst2_fields), &ctm_inst0, SRC};
const struct ip_format ctm_inst3 = {"ctm", "inst3", "RGB inputs A, B / texture dx, dy / FC addresses", 32,
                                    inst3_fields, IP_COUNT(inst3_fields), &ctm_inst0, SRC};
const struct ip_format ctm_inst4 = {"ctm", "inst4", "alpha instruction", 32, inst4_fields,
                                    IP_COUNT(inst4_fields), &ctm_inst0, SRC};
const struct ip_format ctm_inst5 = {"ctm", "inst5", "RGB operation, destination, input C", 32,
                                    inst5_fields, IP_COUNT(inst5_fields), &ctm_inst0, SRC};

const struct ip_format *const ctm_inst_formats[CTM_INSTR_WORDS] = {
	&ctm_inst0, &ctm_inst1, &ctm_inst2, &ctm_inst3, &ctm_inst4, &ctm_inst5,
};
