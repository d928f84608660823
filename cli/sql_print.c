/* sql_print.c: prints the rows of an SQL statement for `isaprobe query`: an aligned table for
 * people (long cells cut, blobs as x'hex') or a JSON array of objects for tools. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "cli.h"

#define CELL_MAX 60 /* table mode: longer cells end in "..." */

static char *blob_hex(const unsigned char *p, int n, int quoted)
{
	static const char hex[] = "0123456789abcdef";
	char *s = malloc((size_t)n * 2 + 4), *o = s;
	if (!s)
		return NULL;
	if (quoted) {
		*o++ = 'x';
		*o++ = '\'';
	}
	for (int i = 0; i < n; i++) {
		*o++ = hex[p[i] >> 4];
		*o++ = hex[p[i] & 15];
	}
	if (quoted)
		*o++ = '\'';
	*o = 0;
	return s;
}

/* Column i of the current row as text for the table (malloc'd; NULL = out of memory). */
static char *cell_text(sqlite3_stmt *st, int i)
{
	char buf[64];
	switch (sqlite3_column_type(st, i)) {
	case SQLITE_NULL:
		return strdup("");
	case SQLITE_INTEGER:
		snprintf(buf, sizeof buf, "%lld", (long long)sqlite3_column_int64(st, i));
		return strdup(buf);
	case SQLITE_FLOAT:
		snprintf(buf, sizeof buf, "%.6g", sqlite3_column_double(st, i));
		return strdup(buf);
	case SQLITE_BLOB:
		return blob_hex(sqlite3_column_blob(st, i), sqlite3_column_bytes(st, i), 1);
	default: {
		const char *t = (const char *)sqlite3_column_text(st, i);
		char *s = strdup(t ? t : "");
		for (char *p = s; p && *p; p++)
			if (*p == '\n' || *p == '\t' || *p == '\r')
				*p = ' ';
		return s;
	}
	}
}

static void json_value(FILE *out, sqlite3_stmt *st, int i)
{
	switch (sqlite3_column_type(st, i)) {
	case SQLITE_NULL:
		fputs("null", out);
		break;
	case SQLITE_INTEGER:
		fprintf(out, "%lld", (long long)sqlite3_column_int64(st, i));
		break;
	case SQLITE_FLOAT:
		fprintf(out, "%.17g", sqlite3_column_double(st, i));
		break;
	case SQLITE_BLOB: {
		char *h = blob_hex(sqlite3_column_blob(st, i), sqlite3_column_bytes(st, i), 0);
		cli_json_string(out, h ? h : "");
		free(h);
		break;
	}
	default:
		cli_json_string(out, (const char *)sqlite3_column_text(st, i));
		break;
	}
}

static int print_json(FILE *out, sqlite3_stmt *st)
{
	int cols = sqlite3_column_count(st), rc, rows = 0;
	fputc('[', out);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		fputs(rows++ ? ",\n {" : "\n {", out);
		for (int i = 0; i < cols; i++) {
			if (i)
				fputs(", ", out);
			cli_json_string(out, sqlite3_column_name(st, i));
			fputs(": ", out);
			json_value(out, st, i);
		}
		fputc('}', out);
	}
	fputs(rows ? "\n]\n" : "]\n", out);
	return rc == SQLITE_DONE ? 0 : rc;
}

static void print_cell(FILE *out, const char *s, size_t width, int last)
{
	size_t n = strlen(s);
	if (n > CELL_MAX) {
		fprintf(out, "%.*s...", CELL_MAX - 3, s);
		n = CELL_MAX;
	} else {
		fputs(s, out);
	}
	if (!last)
		for (; n < width + 2; n++)
			fputc(' ', out);
}

static int print_table(FILE *out, sqlite3_stmt *st)
{
	int cols = sqlite3_column_count(st), rc;
	size_t *width = calloc((size_t)cols + 1, sizeof *width), n = 0, cap = 0;
	char **cells = NULL;
	if (!width)
		return SQLITE_NOMEM;
	for (int i = 0; i < cols; i++)
		width[i] = strlen(sqlite3_column_name(st, i));
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (n + (size_t)cols > cap) {
			char **grown;
			cap = cap ? cap * 2 : 256 + (size_t)cols;
			grown = realloc(cells, cap * sizeof *cells);
			if (!grown) {
				rc = SQLITE_NOMEM;
				break;
			}
			cells = grown;
		}
		for (int i = 0; i < cols; i++) {
			size_t len;
			cells[n] = cell_text(st, i);
			if (!cells[n]) {
				rc = SQLITE_NOMEM;
				goto done;
			}
			len = strlen(cells[n++]);
			if (len > CELL_MAX)
				len = CELL_MAX;
			if (len > width[i])
				width[i] = len;
		}
	}
	if (rc == SQLITE_DONE) {
		for (int i = 0; i < cols; i++)
			print_cell(out, sqlite3_column_name(st, i), width[i], i == cols - 1);
		fputc('\n', out);
		for (int i = 0; i < cols; i++) {
			for (size_t k = 0; k < width[i]; k++)
				fputc('-', out);
			if (i < cols - 1)
				fputs("  ", out);
		}
		fputc('\n', out);
		for (size_t r = 0; cols && r < n; r += (size_t)cols) {
			for (int i = 0; i < cols; i++)
				print_cell(out, cells[r + (size_t)i], width[i], i == cols - 1);
			fputc('\n', out);
		}
		if (!n)
			fputs("(no rows)\n", out);
	}
done:
	for (size_t i = 0; i < n; i++)
		free(cells[i]);
	free(cells);
	free(width);
	return rc == SQLITE_DONE ? 0 : rc;
}

int cli_sql_print(FILE *out, void *stmt, int json)
{
	sqlite3_stmt *st = stmt;
	return json ? print_json(out, st) : print_table(out, st);
}
