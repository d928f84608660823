/* a3xx_print.h: an a3xx instruction (struct a3xx_ins) as text in the notes' syntax, one
 * repetition of it for the expanded listing, and the text buffer both use. */
#ifndef ISAPROBE_A3XX_PRINT_H
#define ISAPROBE_A3XX_PRINT_H

#include <stddef.h>

#include "a3xx_ins.h"

struct a3xx_text {
	char s[1024];
	size_t n;
};

static inline void a3xx_text_reset(struct a3xx_text *t)
{
	t->n = 0;
	t->s[0] = '\0';
}

void a3xx_text_add(struct a3xx_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Faster appenders for what every line prints. */
void a3xx_text_str(struct a3xx_text *t, const char *s);
void a3xx_text_uint(struct a3xx_text *t, unsigned long long v, unsigned min_digits);
void a3xx_text_int(struct a3xx_text *t, long long v);
void a3xx_text_hex(struct a3xx_text *t, unsigned long long v, unsigned digits);

/* Appends the instruction's text. rep > 0 prints repetition `rep` of an (rptN) instruction:
 * the destination and the (r) sources stepped, without the instruction flags. */
void a3xx_print(const struct a3xx_ins *ins, unsigned rep, struct a3xx_text *t);

/* The listing prefix of instruction `index`: "NNNN[hhhhhhhhx_hhhhhhhhx] ", or with blanks
 * inside the brackets for a repetition line. */
void a3xx_print_listing_prefix(unsigned index, const ip_word *w, struct a3xx_text *t);

/* A cat1 immediate as text, by source type: "(1.5)" for floats, decimal for integers, raw
 * 0x-hex where a float would not come back exactly. */
void a3xx_print_cat1_imm(unsigned src_type, uint32_t bits, struct a3xx_text *t);

#endif
