/* midgard_syntax.h: pieces of the Midgard assembly syntax shared by assembler and disassembler.
 * The syntax itself is documented in docs/midgard-asm.md. */
#ifndef ISAPROBE_MIDGARD_SYNTAX_H
#define ISAPROBE_MIDGARD_SYNTAX_H

#include "midgard.h"

extern const char midgard_comp_letters[4]; /* "xyzw" */

/* An ALU unit's two words: its field (fmt) and its register word (NULL for branches). */
struct midgard_unit_words {
	const struct ip_format *fmt;
	ip_word *unit;
	ip_word *reg;
};

/* Active field `name` of the unit field or its register word; *word says which word holds it. */
const struct ip_field *midgard_find(const struct midgard_unit_words *u, const char *name,
                                    ip_word **word);
uint64_t midgard_get(const struct midgard_unit_words *u, const char *name);
/* Sets an active field; returns -1 if no such field is active. */
int midgard_set(const struct midgard_unit_words *u, const char *name, uint64_t v);

/* The 16-bit inline constant spread over the pieces' fields. */
uint16_t midgard_imm_get(const struct midgard_unit_words *u, const struct midgard_imm_piece *p);
void midgard_imm_set(const struct midgard_unit_words *u, const struct midgard_imm_piece *p,
                     uint16_t value);

/* Which unit a slot role belongs to, or -1. */
int midgard_role_unit(uint8_t role);

#endif
