/* utgard_gp_public.c: Utgard GP's public-knowledge overlay: what Mesa's lima compiler says of
 * the values and bits the seed notes leave unknown (docs/public-overlay.md). */
#include "isaprobe/public.h"
#include "utgard_gp.h"

#define FE(n, lo, w, k, e, note) {n, lo, w, IP_KIND_##k, IP_DOC_UNKNOWN, e, 0, {{0, 0}, {0, 0}}, note}

/* The passthrough opcode values the notes call unknown that lima names (gpir_codegen_pass_op);
 * 0, 1, 3 and 7 it leaves unnamed. */
static const struct ip_enum pass_op_values[] = {
	{4, "preexp2", "emitted before the complex unit's exp2"},
	{5, "postlog2", "emitted after the complex unit's log2"},
	{0, NULL, NULL},
};

/* What lima's compiler writes into bits 116-119 (codegen.c: temporary stores, branches). */
static const struct ip_enum unknown_1_values[] = {
	{12, "tmp_st", "set with temporary stores"},
	{13, "branch", "set with branches"},
	{0, NULL, NULL},
};

/* Bits of the 128-bit instruction, counted from bit 0. */
static const struct ip_field instr_fields[] = {
	FE("pass_op", 103, 3, OPCODE, pass_op_values,
	   "passthrough opcode: 4 preexp2, 5 postlog2 (around exp2/log2), 2 pass, 6 clamp"),
	FE("unknown_1", 116, 4, UNKNOWN, unknown_1_values,
	   "one 4-bit field lima leaves unnamed: 12 with temporary stores, 13 with branches"),
};

static const struct ip_format instr_public = {
	"utgard_gp", "instr_public", "GP instruction bits lima reads beyond the notes", 128,
	instr_fields, IP_COUNT(instr_fields), NULL,
	"Mesa src/gallium/drivers/lima/ir/gp/codegen.h (gpir_codegen_pass_op, gpir_codegen_instr"
	" unknown_1), disasm.c (print_pass, unknown_1)",
};

static const struct ip_public_part parts[] = {
	{"instr", 0, &instr_public, NULL},
};

const struct ip_public_overlay utgard_gp_public = {
	"utgard_gp", parts, IP_COUNT(parts), "docs/utgard-gp-sources.md",
};
