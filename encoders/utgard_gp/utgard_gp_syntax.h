/* utgard_gp_syntax.h: the unit lines of the Utgard GP assembly syntax (docs/utgard-gp-asm.md):
 * which fields each line writes. Shared by the assembler and the disassembler. */
#ifndef ISAPROBE_UTGARD_GP_SYNTAX_H
#define ISAPROBE_UTGARD_GP_SYNTAX_H

#include "utgard_gp.h"

/* An ALU line `UNIT.OP[.neg] A[, B]`: field names, NULL where the unit has no such field. */
struct utgard_gp_alu_line {
	const char *unit;
	const char *op;     /* shared by mul0/mul1 and by acc0/acc1 */
	int shared_op;      /* the op belongs to two lines: it alone does not print a line */
	const char *a, *b;  /* inputs */
	const char *neg;    /* output negate (multipliers) */
	const char *a_neg, *b_neg; /* input negates (accumulators) */
};

/* A store line `storeN[.varying][.temp] ADDR, C0, C1`. */
struct utgard_gp_store_line {
	const char *unit;
	const char *addr, *varying, *temp, *c0, *c1;
};

#define UTGARD_GP_ALU_LINES 6
#define UTGARD_GP_STORE_LINES 2
extern const struct utgard_gp_alu_line utgard_gp_alu_lines[UTGARD_GP_ALU_LINES];
extern const struct utgard_gp_store_line utgard_gp_store_lines[UTGARD_GP_STORE_LINES];

/* Field of the instruction by name (the names above all exist: a test checks). */
const struct ip_field *utgard_gp_field(const char *name);
uint64_t utgard_gp_get(const ip_word *w, const char *name);
void utgard_gp_set(ip_word *w, const char *name, uint64_t v);

/* Branch target (0..511) from the target and target-low fields, and back. */
unsigned utgard_gp_branch_target(const ip_word *w);
void utgard_gp_set_branch_target(ip_word *w, unsigned target);

#endif
