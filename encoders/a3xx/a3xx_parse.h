/* a3xx_parse.h: one line of a3xx assembly -> struct a3xx_ins plus its name=value keys, with the
 * column of every operand for error messages. The assembler (a3xx_asm.c) drives it. */
#ifndef ISAPROBE_A3XX_PARSE_H
#define ISAPROBE_A3XX_PARSE_H

#include <stddef.h>

#include "a3xx_ins.h"
#include "isaprobe/diag.h"

/* A character cursor over one line; errors go to d at line:column. */
struct a3xx_cur {
	const char *s;
	size_t len; /* the line without its comment */
	size_t p;
	unsigned line;
	struct ip_diag *d;
};

#define A3XX_MAX_KEYS 32

struct a3xx_key {
	size_t name, name_len; /* positions in the line */
	size_t value;          /* position of the value */
};

struct a3xx_parsed {
	struct a3xx_ins ins;
	int raw_form;        /* the mnemonic was a bare category (`cat2`): keys give every bit */
	size_t mnemonic_col; /* 0-based positions */
	size_t opnd_col[1 + A3XX_MAX_SRCS];
	struct a3xx_key keys[A3XX_MAX_KEYS];
	unsigned nkeys;
};

int a3xx_cur_error(struct a3xx_cur *c, size_t pos, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void a3xx_cur_skip_ws(struct a3xx_cur *c);

/* Parses flags, mnemonic, operands and keys from the cursor to the end of the line. */
int a3xx_parse_instruction(struct a3xx_cur *c, struct a3xx_parsed *out);

/* Applies the parsed keys to w (a word of format fmt), in order. */
int a3xx_apply_keys(struct a3xx_cur *c, const struct a3xx_parsed *p, ip_word *w);

#endif
