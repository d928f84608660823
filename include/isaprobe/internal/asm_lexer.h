/* asm_lexer.h: splits one line of assembly into tokens with their columns.
 * Shared by every ISA's assembler; comments start with ';' or "//". */
#ifndef ISAPROBE_ASM_LEXER_H
#define ISAPROBE_ASM_LEXER_H

#include <stddef.h>

#include "isaprobe/diag.h"
#include "isaprobe/word.h"

enum ip_tok_type {
	IP_TOK_END,    /* end of line */
	IP_TOK_IDENT,  /* [A-Za-z_][A-Za-z0-9_]* */
	IP_TOK_INT,    /* decimal or 0x hex integer, up to 128 bits */
	IP_TOK_FLOAT,  /* decimal with '.' or exponent */
	IP_TOK_PUNCT,  /* one of , . { } ( ) [ ] = # - + */
};

struct ip_token {
	enum ip_tok_type type;
	unsigned col;      /* 1-based */
	const char *text;  /* points into the line */
	unsigned len;
	ip_word ival;      /* IP_TOK_INT */
	int is_hex;        /* IP_TOK_INT written as 0x... */
	double fval;       /* IP_TOK_FLOAT (and IP_TOK_INT, as a double) */
};

/* Above the longest line a disassembler prints: a CTM command of 39 parameters, each field of
 * its own 4 spelled out and its 35 extra ones not 0, takes 175 (test_ctm_roundtrip checks that
 * every opcode's command of 39 parameters with every bit set comes back). */
#define IP_MAX_TOKENS 256

struct ip_line {
	unsigned lineno;
	unsigned ntok;
	struct ip_token tok[IP_MAX_TOKENS + 1]; /* tok[ntok] is IP_TOK_END */
};

/* Tokenises line (len bytes, no newline). Returns 0, or -1 with d set at line:col. */
int ip_lex_line(const char *line, size_t len, unsigned lineno, struct ip_line *out,
                struct ip_diag *d);

/* Tokenises the next line of a whole source text: the line starting at *pos, which then moves
 * past its newline; *lineno counts the lines. Returns 1 with out filled, 0 at the end of the
 * text, or -1 with d set. */
int ip_lex_next_line(const char **pos, unsigned *lineno, struct ip_line *out, struct ip_diag *d);

/* Token cursor helpers for parsers. */
struct ip_cursor {
	const struct ip_line *line;
	unsigned i;
	struct ip_diag *d;
};

const struct ip_token *ip_peek(const struct ip_cursor *c);
const struct ip_token *ip_next(struct ip_cursor *c);
int ip_is_punct(const struct ip_token *t, char ch);
int ip_is_ident(const struct ip_token *t, const char *s);
/* Consumes punctuation ch or reports "expected 'ch'". */
int ip_expect_punct(struct ip_cursor *c, char ch);
/* Error at the current token. */
int ip_error_here(struct ip_cursor *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Copies a token's text into buf (NUL-terminated, truncated). */
void ip_token_text(const struct ip_token *t, char *buf, size_t n);

#endif
