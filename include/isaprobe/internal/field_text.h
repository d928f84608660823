/* field_text.h: fields as text: `name=value` keys printed by disassemblers and parsed by assemblers.
 * This is what lets a disassembler print every bit, so that asm(disasm(bin)) == bin always. */
#ifndef ISAPROBE_FIELD_TEXT_H
#define ISAPROBE_FIELD_TEXT_H

#include <stdio.h>

#include "isaprobe/internal/asm_lexer.h"
#include "isaprobe/field.h"

/* Field names a syntax prints as operands; keys skip them. */
struct ip_name_set {
	const char *names[24];
	unsigned n;
};

void ip_name_set_add(struct ip_name_set *s, const char *name);
int ip_name_set_has(const struct ip_name_set *s, const char *name);

/* Prints an enum name if the value has one, else 0x-hex. */
void ip_field_print_value(FILE *out, const struct ip_field *f, uint64_t v);
/* Prints " name=value" for each active field of fmt, not in skip, whose value is not its default. */
void ip_print_keys(FILE *out, const struct ip_format *fmt, const ip_word *word, const ip_word *ctx,
                   const struct ip_name_set *skip);
/* Prints a 128-bit value as 0x-hex. */
void ip_print_word_hex(FILE *out, const ip_word *w);

/* Parses a value for field f at the cursor: enum name, integer (hex or decimal), or a negative
 * integer that fits f's width as two's complement. */
int ip_parse_field_value(struct ip_cursor *c, const struct ip_field *f, uint64_t *v);
/* Parses an unsigned integer of at most `bits` bits (up to 128). */
int ip_parse_wide(struct ip_cursor *c, unsigned bits, ip_word *v);

/* A parsed `name=value` key, kept so that it can be applied more than once. */
struct ip_key {
	const struct ip_token *name;
	unsigned value_tok; /* token index of the value */
};

/* Collects every `name = value` pair from the cursor to the end of the line (or to a '{').
 * Fails on anything else. */
int ip_collect_keys(struct ip_cursor *c, struct ip_key *keys, unsigned max, unsigned *n);

#endif
