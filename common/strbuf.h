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
/* Appends s as a JSON string literal (quotes included); bytes that are not UTF-8 become
 * U+FFFD. */
void sb_json_str(struct strbuf *b, const char *s);
/* Appends s with &, <, >, " escaped for HTML. */
void sb_html(struct strbuf *b, const char *s);
/* Markdown, for text that comes from a database, a probe file or a command line, so that it
 * reads as the text it is: sb_md for running text, table cells and headings (the characters
 * that make code, emphasis, links, raw HTML, entities, strikethrough or table cells escaped by
 * a backslash, line breaks and control characters as spaces); sb_md_code as a code span when s
 * holds no backtick or line break, else as sb_md (never in table cells: GFM splits a code span
 * at '|'); sb_md_line for a line of an indented code block, where everything is literal but a
 * line break (control characters as spaces). */
void sb_md(struct strbuf *b, const char *s);
void sb_md_code(struct strbuf *b, const char *s);
void sb_md_line(struct strbuf *b, const char *s);
/* Takes the text (never NULL) and leaves b empty. */
char *sb_take(struct strbuf *b);

#endif
