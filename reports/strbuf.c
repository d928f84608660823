/* strbuf.c: a growing text buffer with printf, JSON and HTML escaping, for the reports and the
 * inference's finding details. */
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

void sb_json_str(struct strbuf *b, const char *s)
{
	sb_puts(b, "\"");
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			sb_printf(b, "\\%c", c);
		else if (c < 0x20)
			sb_printf(b, "\\u%04x", c);
		else {
			char one[2] = {(char)c, 0};
			sb_puts(b, one);
		}
	}
	sb_puts(b, "\"");
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
