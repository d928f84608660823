/* asm_lexer.c: the line tokenizer every assembler uses, and a token cursor.
 * Errors carry the column of the offending character. */
#include "isaprobe/internal/asm_lexer.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int lex_number(const char *s, size_t len, size_t *pos, unsigned lineno,
                      struct ip_token *t, struct ip_diag *d)
{
	size_t p = *pos;
	if (p + 1 < len && s[p] == '0' && (s[p + 1] == 'x' || s[p + 1] == 'X')) {
		unsigned digits = 0;
		p += 2;
		t->ival = ip_word_zero();
		while (p < len && (hexval(s[p]) >= 0 || s[p] == '_')) {
			if (s[p] != '_') {
				if (++digits > 32)
					return ip_diag_at(d, lineno, t->col,
					                  "hex number wider than 128 bits");
				t->ival.w[1] = (t->ival.w[1] << 4) | (t->ival.w[0] >> 60);
				t->ival.w[0] = (t->ival.w[0] << 4) | (uint64_t)hexval(s[p]);
			}
			p++;
		}
		if (digits == 0)
			return ip_diag_at(d, lineno, t->col, "'0x' with no hex digits");
		t->type = IP_TOK_INT;
		t->is_hex = 1;
		t->fval = (double)t->ival.w[0];
	} else {
		size_t start = p;
		int is_float = 0;
		char buf[64];
		while (p < len && isdigit((unsigned char)s[p]))
			p++;
		if (p < len && s[p] == '.' && p + 1 < len && isdigit((unsigned char)s[p + 1])) {
			is_float = 1;
			p++;
			while (p < len && isdigit((unsigned char)s[p]))
				p++;
		}
		if (p < len && (s[p] == 'e' || s[p] == 'E')) {
			size_t q = p + 1;
			if (q < len && (s[q] == '+' || s[q] == '-'))
				q++;
			if (q < len && isdigit((unsigned char)s[q])) {
				is_float = 1;
				p = q;
				while (p < len && isdigit((unsigned char)s[p]))
					p++;
			}
		}
		if (p - start >= sizeof buf)
			return ip_diag_at(d, lineno, t->col, "number too long");
		memcpy(buf, s + start, p - start);
		buf[p - start] = 0;
		if (is_float) {
			t->type = IP_TOK_FLOAT;
			t->fval = strtod(buf, NULL);
		} else {
			uint64_t v = 0;
			for (size_t i = 0; buf[i]; i++) {
				unsigned digit = (unsigned)(buf[i] - '0');
				if (v > (UINT64_MAX - digit) / 10)
					return ip_diag_at(d, lineno, t->col,
					                  "decimal number does not fit 64 bits");
				v = v * 10 + digit;
			}
			t->type = IP_TOK_INT;
			t->ival = ip_word_zero();
			t->ival.w[0] = v;
			t->fval = (double)v;
		}
	}
	if (p < len && (isalnum((unsigned char)s[p]) || s[p] == '_'))
		return ip_diag_at(d, lineno, (unsigned)p + 1, "unexpected '%c' after a number", s[p]);
	*pos = p;
	return 0;
}

int ip_lex_line(const char *s, size_t len, unsigned lineno, struct ip_line *out,
                struct ip_diag *d)
{
	size_t p = 0;
	out->lineno = lineno;
	out->ntok = 0;
	for (;;) {
		struct ip_token *t;
		while (p < len && (s[p] == ' ' || s[p] == '\t' || s[p] == '\r'))
			p++;
		if (p >= len || s[p] == ';' || (s[p] == '/' && p + 1 < len && s[p + 1] == '/'))
			break;
		if (out->ntok == IP_MAX_TOKENS)
			return ip_diag_at(d, lineno, (unsigned)p + 1, "too many tokens on one line");
		t = &out->tok[out->ntok];
		memset(t, 0, sizeof *t);
		t->col = (unsigned)p + 1;
		t->text = s + p;
		if (isalpha((unsigned char)s[p]) || s[p] == '_') {
			while (p < len && (isalnum((unsigned char)s[p]) || s[p] == '_'))
				p++;
			t->type = IP_TOK_IDENT;
		} else if (isdigit((unsigned char)s[p])) {
			if (lex_number(s, len, &p, lineno, t, d) != 0)
				return -1;
		} else if (strchr(",.{}()[]=#-+", s[p]) && s[p]) {
			t->type = IP_TOK_PUNCT;
			p++;
		} else if ((unsigned char)s[p] < 0x20 || (unsigned char)s[p] >= 0x7f) {
			return ip_diag_at(d, lineno, (unsigned)p + 1, "unexpected byte 0x%02x",
			                  (unsigned char)s[p]);
		} else {
			return ip_diag_at(d, lineno, (unsigned)p + 1, "unexpected character '%c'", s[p]);
		}
		t->len = (unsigned)(s + p - t->text);
		out->ntok++;
	}
	memset(&out->tok[out->ntok], 0, sizeof out->tok[0]);
	out->tok[out->ntok].type = IP_TOK_END;
	out->tok[out->ntok].col = (unsigned)p + 1;
	return 0;
}

int ip_lex_next_line(const char **pos, unsigned *lineno, struct ip_line *out, struct ip_diag *d)
{
	const char *s = *pos;
	const char *eol;
	size_t len;

	if (!*s)
		return 0;
	eol = strchr(s, '\n');
	len = eol ? (size_t)(eol - s) : strlen(s);
	++*lineno;
	if (ip_lex_line(s, len, *lineno, out, d) != 0)
		return -1;
	*pos = s + len + (eol ? 1 : 0);
	return 1;
}

const struct ip_token *ip_peek(const struct ip_cursor *c)
{
	return &c->line->tok[c->i];
}

const struct ip_token *ip_next(struct ip_cursor *c)
{
	const struct ip_token *t = &c->line->tok[c->i];
	if (t->type != IP_TOK_END)
		c->i++;
	return t;
}

int ip_is_punct(const struct ip_token *t, char ch)
{
	return t->type == IP_TOK_PUNCT && t->text[0] == ch;
}

int ip_is_ident(const struct ip_token *t, const char *s)
{
	return t->type == IP_TOK_IDENT && strlen(s) == t->len && memcmp(t->text, s, t->len) == 0;
}

void ip_token_text(const struct ip_token *t, char *buf, size_t n)
{
	size_t len = t->len < n - 1 ? t->len : n - 1;
	if (t->type == IP_TOK_END) {
		snprintf(buf, n, "end of line");
		return;
	}
	memcpy(buf, t->text, len);
	buf[len] = 0;
}

int ip_error_here(struct ip_cursor *c, const char *fmt, ...)
{
	va_list ap;
	char msg[sizeof c->d->msg];
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return ip_diag_at(c->d, c->line->lineno, ip_peek(c)->col, "%s", msg);
}

int ip_expect_punct(struct ip_cursor *c, char ch)
{
	char got[64];
	if (ip_is_punct(ip_peek(c), ch)) {
		ip_next(c);
		return 0;
	}
	ip_token_text(ip_peek(c), got, sizeof got);
	return ip_error_here(c, "expected '%c', found '%s'", ch, got);
}
