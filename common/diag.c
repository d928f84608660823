/* diag.c: filling in and printing struct ip_diag.
 * The printed forms are the ones editors and CI logs recognise (file:line:col). */
#include "isaprobe/diag.h"

#include <stdarg.h>
#include <string.h>

void ip_diag_init(struct ip_diag *d, const char *file)
{
	memset(d, 0, sizeof *d);
	d->file = file;
	d->offset = -1;
}

static void vset(struct ip_diag *d, const char *fmt, va_list ap)
{
	vsnprintf(d->msg, sizeof d->msg, fmt, ap);
}

int ip_diag_at(struct ip_diag *d, unsigned line, unsigned col, const char *fmt, ...)
{
	va_list ap;
	d->line = line;
	d->col = col;
	d->offset = -1;
	va_start(ap, fmt);
	vset(d, fmt, ap);
	va_end(ap);
	return -1;
}

int ip_diag_offset(struct ip_diag *d, long offset, const char *fmt, ...)
{
	va_list ap;
	d->line = d->col = 0;
	d->offset = offset;
	va_start(ap, fmt);
	vset(d, fmt, ap);
	va_end(ap);
	return -1;
}

int ip_diag_plain(struct ip_diag *d, const char *fmt, ...)
{
	va_list ap;
	d->line = d->col = 0;
	d->offset = -1;
	va_start(ap, fmt);
	vset(d, fmt, ap);
	va_end(ap);
	return -1;
}

void ip_diag_print(const struct ip_diag *d, FILE *out)
{
	const char *file = d->file ? d->file : "<input>";
	if (d->line)
		fprintf(out, "%s:%u:%u: error: %s\n", file, d->line, d->col, d->msg);
	else if (d->offset >= 0)
		fprintf(out, "%s: byte offset %ld (0x%lx): error: %s\n", file, d->offset,
		        (unsigned long)d->offset, d->msg);
	else
		fprintf(out, "%s: error: %s\n", file, d->msg);
}
