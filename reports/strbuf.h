/* strbuf.h: a growing text buffer for the reports and the inference's JSON details.
 * Out of memory aborts: reports are small and a half-written finding is worse than a stop. */
#ifndef ISAPROBE_STRBUF_H
#define ISAPROBE_STRBUF_H

#include <stddef.h>

struct strbuf {
	char *s;
	size_t len, cap;
};

void sb_init(struct strbuf *b);
void sb_free(struct strbuf *b);
void sb_printf(struct strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_puts(struct strbuf *b, const char *s);
/* Appends s as a JSON string literal (quotes included). */
void sb_json_str(struct strbuf *b, const char *s);
/* Appends s with &, <, >, " escaped for HTML. */
void sb_html(struct strbuf *b, const char *s);
/* Takes the text (never NULL) and leaves b empty. */
char *sb_take(struct strbuf *b);

#endif
