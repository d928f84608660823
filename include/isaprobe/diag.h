/* diag.h: the one error record every parser and unpacker fills in.
 * It names where the problem is (file:line:col for text, a byte offset for binaries). */
#ifndef ISAPROBE_DIAG_H
#define ISAPROBE_DIAG_H

#include <stddef.h>
#include <stdio.h>

struct ip_diag {
	const char *file; /* name shown to the user; "<stdin>" or NULL for none */
	unsigned line, col; /* 1-based; 0 when the error is not in text */
	long offset;        /* byte offset in a binary; -1 when not in a binary */
	char msg[512];
};

void ip_diag_init(struct ip_diag *d, const char *file);
/* Records an error at a text position; returns -1 so callers can `return ip_diag_at(...)`. */
int ip_diag_at(struct ip_diag *d, unsigned line, unsigned col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Records an error at a byte offset of a binary; returns -1. */
int ip_diag_offset(struct ip_diag *d, long offset, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Records an error with no position; returns -1. */
int ip_diag_plain(struct ip_diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Prints "file:line:col: error: msg" or "file: byte offset N (0xN): error: msg". */
void ip_diag_print(const struct ip_diag *d, FILE *out);

#endif
