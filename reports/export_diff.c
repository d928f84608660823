/* export_diff.c: a maintainer's file read as lines, and the unified diff (3 lines of context)
 * that adds blocks of lines to it, as `patch` applies it. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "export_internal.h"

int ex_file_read(const char *path, struct ex_file *f, struct ip_diag *d)
{
	FILE *in = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0, nread;
	memset(f, 0, sizeof *f);
	if (!in)
		return ip_diag_plain(d, "%s: %s", path, strerror(errno));
	do {
		if (len + 4096 > cap) {
			cap = (len + 4096) * 2;
			buf = realloc(buf, cap);
			if (!buf)
				abort();
		}
		nread = fread(buf + len, 1, cap - len - 1, in);
		len += nread;
	} while (nread > 0);
	if (ferror(in)) {
		fclose(in);
		free(buf);
		return ip_diag_plain(d, "%s: %s", path, strerror(errno));
	}
	fclose(in);
	if (!buf) {
		buf = malloc(1);
		if (!buf)
			abort();
	}
	buf[len] = 0;
	if (memchr(buf, 0, len)) {
		free(buf);
		return ip_diag_plain(d, "%s: not a text file (a zero byte)", path);
	}
	f->final_newline = len == 0 || buf[len - 1] == '\n';
	for (char *p = buf; *p;) {
		char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		if (ip_grow((void **)&f->line, &f->cap, f->n + 1, sizeof *f->line) ||
		    !(f->line[f->n] = strndup(p, n)))
			abort();
		f->n++;
		p += n + (e != NULL);
	}
	free(buf);
	return 0;
}

void ex_file_free(struct ex_file *f)
{
	for (size_t i = 0; i < f->n; i++)
		free(f->line[i]);
	free(f->line);
	memset(f, 0, sizeof *f);
}

void ex_insert_add(struct ex_insert **ins, size_t *n, size_t after, char *text)
{
	*ins = realloc(*ins, (*n + 1) * sizeof **ins);
	if (!*ins)
		abort();
	(*ins)[*n].after = after;
	(*ins)[*n].text = text;
	(*n)++;
}

/* Lines in a block of text. */
static size_t count_lines(const char *t)
{
	size_t n = 0;
	for (; *t; t++)
		n += *t == '\n';
	return n;
}

int ex_diff(FILE *out, const char *label, const struct ex_file *f, struct ex_insert *ins,
            size_t nins, struct ip_diag *d)
{
	long long delta = 0; /* lines added by the hunks before */
	for (size_t i = 0; i < nins; i++)
		if (ins[i].after > f->n)
			return ip_diag_plain(d, "a block placed after line %zu of a %zu-line file",
			                     ins[i].after, f->n);
	/* by place; an insertion sort keeps the blocks after one line in their order */
	for (size_t i = 1; i < nins; i++) {
		struct ex_insert t = ins[i];
		size_t j = i;
		while (j > 0 && ins[j - 1].after > t.after) {
			ins[j] = ins[j - 1];
			j--;
		}
		ins[j] = t;
	}
	if (!nins)
		return 0;
	if (!f->final_newline && ins[nins - 1].after == f->n)
		return ip_diag_plain(d, "the file does not end with a newline: nothing can be added "
		                        "after its last line");
	fprintf(out, "--- a/%s\n+++ b/%s\n", label, label);
	for (size_t i = 0; i < nins;) {
		/* a hunk: blocks whose contexts touch */
		size_t j = i + 1, start, end, added = 0;
		while (j < nins && ins[j].after <= ins[j - 1].after + 6)
			j++;
		start = ins[i].after > 3 ? ins[i].after - 3 : 0;
		end = ins[j - 1].after + 3 < f->n ? ins[j - 1].after + 3 : f->n;
		for (size_t k = i; k < j; k++)
			added += count_lines(ins[k].text);
		fprintf(out, "@@ -%zu,%zu +%lld,%zu @@\n", end > start ? start + 1 : start, end - start,
		        (long long)(end > start || added ? start + 1 : start) + delta,
		        end - start + added);
		size_t k = i;
		for (size_t line = start; line <= end; line++) {
			while (k < j && ins[k].after == line) {
				const char *t = ins[k].text;
				while (*t) {
					const char *e = strchr(t, '\n');
					fprintf(out, "+%.*s\n", (int)(e - t), t);
					t = e + 1;
				}
				k++;
			}
			if (line < end) {
				fprintf(out, " %s\n", f->line[line]);
				if (line == f->n - 1 && !f->final_newline)
					fputs("\\ No newline at end of file\n", out);
			}
		}
		delta += (long long)added;
		i = j;
	}
	return 0;
}
