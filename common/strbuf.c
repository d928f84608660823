/* strbuf.c: a growing text buffer with printf, JSON, HTML and Markdown escaping, for the
 * reports and the inference's finding details. */
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sb_init(struct strbuf *b)
{
	b->s = NULL;
	b->len = b->cap = 0;
}

void sb_free(struct strbuf *b)
{
	free(b->s);
	sb_init(b);
}

static void reserve(struct strbuf *b, size_t more)
{
	if (b->len + more + 1 <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 64;
	while (cap < b->len + more + 1)
		cap *= 2;
	char *s = realloc(b->s, cap);
	if (!s) {
		fputs("isaprobe: out of memory\n", stderr);
		abort();
	}
	b->s = s;
	b->cap = cap;
}

void sb_printf(struct strbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	reserve(b, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

void sb_puts(struct strbuf *b, const char *s)
{
	size_t n = strlen(s);
	reserve(b, n);
	memcpy(b->s + b->len, s, n + 1);
	b->len += n;
}

/* The length of the UTF-8 sequence at s (1 to 4), or 0 when s does not start a valid one. */
static size_t utf8_len(const unsigned char *s)
{
	size_t n = s[0] < 0x80 ? 1 : s[0] >= 0xc2 && s[0] <= 0xdf ? 2 : s[0] >= 0xe0 && s[0] <= 0xef ? 3
	         : s[0] >= 0xf0 && s[0] <= 0xf4                     ? 4
	                                                              : 0;
	for (size_t i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	if ((n == 3 && ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0))) ||
	    (n == 4 && ((s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))))
		return 0; /* overlong, a surrogate, past U+10FFFF */
	return n;
}

void sb_json_str(struct strbuf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	sb_puts(b, "\"");
	while (*p) {
		size_t n = utf8_len(p);
		if (*p == '"' || *p == '\\')
			sb_printf(b, "\\%c", *p);
		else if (*p < 0x20)
			sb_printf(b, "\\u%04x", *p);
		else if (!n) /* not UTF-8 (a database's bytes): the replacement character */
			sb_puts(b, "\\ufffd");
		else {
			char one[5] = {0};
			memcpy(one, p, n);
			sb_puts(b, one);
		}
		p += n ? n : 1;
	}
	sb_puts(b, "\"");
}

static int alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

void sb_md(struct strbuf *b, const char *s)
{
	for (const char *c = s; *c; c++) {
		char one[3] = {'\\', *c, 0};
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			sb_puts(b, " ");
		else if (strchr("\\`*[]<>|&~!", *c) ||
		         (*c == '_' && !(c > s && alnum(c[-1]) && alnum(c[1]))))
			sb_puts(b, one);
		else
			sb_puts(b, one + 1);
	}
}

void sb_md_code(struct strbuf *b, const char *s)
{
	for (const char *c = s; *c; c++)
		if (*c == '`' || (unsigned char)*c < 0x20 || *c == 0x7f) {
			sb_md(b, s);
			return;
		}
	sb_printf(b, "`%s`", s);
}

void sb_md_line(struct strbuf *b, const char *s)
{
	for (const char *c = s; *c; c++) {
		char one[2] = {(unsigned char)*c < 0x20 || *c == 0x7f ? ' ' : *c, 0};
		sb_puts(b, one);
	}
}

void sb_html(struct strbuf *b, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': sb_puts(b, "&amp;"); break;
		case '<': sb_puts(b, "&lt;"); break;
		case '>': sb_puts(b, "&gt;"); break;
		case '"': sb_puts(b, "&quot;"); break;
		default: {
			char one[2] = {*s, 0};
			sb_puts(b, one);
		}
		}
	}
}

char *sb_take(struct strbuf *b)
{
	char *s = b->s;
	if (!s) {
		s = malloc(1);
		if (!s)
			abort();
		s[0] = 0;
	}
	sb_init(b);
	return s;
}
