/* sql_print.c: prints the rows of an SQL statement for `isaprobe query`: an aligned table or a
 * Markdown table for people, CSV (RFC 4180 quoting) or a JSON array of objects for tools. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "cli.h"

/* table and md: hex blobs and JSON cells longer than this end in "..." (text is never cut). */
#define CELL_MAX 60

int cli_format_parse(const char *name, enum cli_format *f)
{
	static const char *const names[] = {"table", "md", "csv", "json"};
	for (int i = 0; i < 4; i++)
		if (strcmp(name, names[i]) == 0) {
			*f = (enum cli_format)i;
			return 0;
		}
	return -1;
}

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

/* A column holds JSON when it is named `details` (the finding table's) or ends in `_json`;
 * its text cells that are valid JSON are then written as JSON values, not strings. */
static int json_named(const char *name)
{
	size_t n = strlen(name);
	return strcmp(name, "details") == 0 || (n > 5 && strcmp(name + n - 5, "_json") == 0);
}

struct printer {
	sqlite3_stmt *st;
	enum cli_format format;
	int cols;
	unsigned char *json_col; /* per column: json_named */
	sqlite3_stmt *valid;     /* SELECT json_valid(?1) on the same connection */
};

/* Whether cell i of the current row is a JSON object or array to embed as it is. */
static int json_cell(struct printer *p, int i)
{
	const char *t;
	int ok;
	if (!p->json_col[i] || sqlite3_column_type(p->st, i) != SQLITE_TEXT)
		return 0;
	t = (const char *)sqlite3_column_text(p->st, i);
	while (t && (*t == ' ' || *t == '\n' || *t == '\t' || *t == '\r'))
		t++;
	if (!t || (*t != '{' && *t != '['))
		return 0;
	if (!p->valid && sqlite3_prepare_v2(sqlite3_db_handle(p->st), "SELECT json_valid(?1)", -1,
	                                    &p->valid, NULL) != SQLITE_OK)
		return 0;
	sqlite3_bind_text(p->valid, 1, t, -1, SQLITE_STATIC);
	ok = sqlite3_step(p->valid) == SQLITE_ROW && sqlite3_column_int(p->valid, 0) == 1;
	sqlite3_reset(p->valid);
	sqlite3_clear_bindings(p->valid);
	return ok;
}

/* Column i of the current row as text (malloc'd; NULL = out of memory). Blobs are hex, as
 * x'..' in the table and Markdown, bare in CSV. For people (table, md) long hex and JSON are
 * cut and line breaks become spaces. */
static char *cell_text(struct printer *p, int i)
{
	char buf[64], *s;
	int human = p->format == CLI_FORMAT_TABLE || p->format == CLI_FORMAT_MD, cut = 0;
	switch (sqlite3_column_type(p->st, i)) {
	case SQLITE_NULL:
		return strdup("");
	case SQLITE_INTEGER:
		snprintf(buf, sizeof buf, "%lld", (long long)sqlite3_column_int64(p->st, i));
		return strdup(buf);
	case SQLITE_FLOAT:
		snprintf(buf, sizeof buf, human ? "%.6g" : "%.17g", sqlite3_column_double(p->st, i));
		return strdup(buf);
	case SQLITE_BLOB:
		s = blob_hex(sqlite3_column_blob(p->st, i), sqlite3_column_bytes(p->st, i), human);
		cut = human;
		break;
	default: {
		const char *t = (const char *)sqlite3_column_text(p->st, i);
		cut = human && json_cell(p, i);
		s = strdup(t ? t : "");
		break;
	}
	}
	if (s && human) /* line breaks, tabs and a terminal's escapes: spaces */
		for (char *c = s; *c; c++)
			if ((unsigned char)*c < 0x20 || *c == 0x7f)
				*c = ' ';
	if (s && cut && strlen(s) > CELL_MAX)
		strcpy(s + CELL_MAX - 3, "...");
	return s;
}

static void json_value(struct printer *p, FILE *out, int i)
{
	switch (sqlite3_column_type(p->st, i)) {
	case SQLITE_NULL:
		fputs("null", out);
		break;
	case SQLITE_INTEGER:
		fprintf(out, "%lld", (long long)sqlite3_column_int64(p->st, i));
		break;
	case SQLITE_FLOAT:
		fprintf(out, "%.17g", sqlite3_column_double(p->st, i));
		break;
	case SQLITE_BLOB: {
		char *h = blob_hex(sqlite3_column_blob(p->st, i), sqlite3_column_bytes(p->st, i), 0);
		cli_json_string(out, h ? h : "");
		free(h);
		break;
	}
	default:
		if (json_cell(p, i))
			fputs((const char *)sqlite3_column_text(p->st, i), out);
		else
			cli_json_string(out, (const char *)sqlite3_column_text(p->st, i));
		break;
	}
}

static int print_json(struct printer *p, FILE *out)
{
	int rc, rows = 0;
	fputc('[', out);
	while ((rc = sqlite3_step(p->st)) == SQLITE_ROW) {
		fputs(rows++ ? ",\n {" : "\n {", out);
		for (int i = 0; i < p->cols; i++) {
			if (i)
				fputs(", ", out);
			cli_json_string(out, sqlite3_column_name(p->st, i));
			fputs(": ", out);
			json_value(p, out, i);
		}
		fputc('}', out);
	}
	fputs(rows ? "\n]\n" : "]\n", out);
	return rc == SQLITE_DONE ? 0 : rc;
}

/* A CSV field: quoted when it holds a comma, quote or line break; quotes doubled. Text that a
 * spreadsheet would open as a formula (it starts with =, +, -, @, a tab or a carriage return)
 * is neutralised as OWASP's "CSV Injection" page says: a single quote before it, the whole
 * quoted. Numbers (text = 0: SQLite's INTEGER and REAL values, such as -3) are left as they are. */
static void csv_field(FILE *out, const char *s, int text)
{
	int formula = text && *s && strchr("=+-@\t\r", *s);
	if (!formula && !strpbrk(s, ",\"\r\n")) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	if (formula)
		fputc('\'', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

static int print_csv(struct printer *p, FILE *out)
{
	int rc;
	for (int i = 0; i < p->cols; i++) {
		if (i)
			fputc(',', out);
		csv_field(out, sqlite3_column_name(p->st, i), 1);
	}
	fputc('\n', out);
	while ((rc = sqlite3_step(p->st)) == SQLITE_ROW) {
		for (int i = 0; i < p->cols; i++) {
			/* the type before cell_text reads the value as text (which may convert it) */
			int text = sqlite3_column_type(p->st, i) == SQLITE_TEXT;
			char *s = cell_text(p, i);
			if (!s)
				return SQLITE_NOMEM;
			if (i)
				fputc(',', out);
			csv_field(out, s, text);
			free(s);
		}
		fputc('\n', out);
	}
	return rc == SQLITE_DONE ? 0 : rc;
}

static int alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* A Markdown table cell that reads as the text it holds: what makes code, emphasis, links,
 * images, raw HTML, entities, strikethrough or a new cell escaped by a backslash ('_' but
 * inside a word, where it is plain); line breaks are spaces already (cell_text). */
static void md_cell(FILE *out, const char *s)
{
	fputc(' ', out);
	for (const char *c = s; *c; c++) {
		if (strchr("|\\*`<>[]&~!", *c) || (*c == '_' && !(c > s && alnum(c[-1]) && alnum(c[1]))))
			fputc('\\', out);
		fputc(*c, out);
	}
	fputs(" |", out);
}

static int print_md(struct printer *p, FILE *out)
{
	int rc;
	fputc('|', out);
	for (int i = 0; i < p->cols; i++)
		md_cell(out, sqlite3_column_name(p->st, i));
	fputs("\n|", out);
	for (int i = 0; i < p->cols; i++)
		fputs("---|", out);
	fputc('\n', out);
	while ((rc = sqlite3_step(p->st)) == SQLITE_ROW) {
		fputc('|', out);
		for (int i = 0; i < p->cols; i++) {
			char *s = cell_text(p, i);
			if (!s)
				return SQLITE_NOMEM;
			md_cell(out, s);
			free(s);
		}
		fputc('\n', out);
	}
	return rc == SQLITE_DONE ? 0 : rc;
}

/* The next line of cell text *s, at most width characters, broken at a space where there is
 * one: returns its length and moves *s past it and the spaces after it. */
static size_t wrap(const char **s, size_t width)
{
	size_t n = strlen(*s), cut = n;
	if (n > width) {
		for (cut = width; cut > 0 && (*s)[cut] != ' '; cut--)
			;
		if (!cut)
			cut = width;
	}
	*s += cut;
	while (**s == ' ')
		(*s)++;
	return cut;
}

/* One row. A cell wider than its column (every column but the last is at most CELL_MAX wide)
 * goes on over the following lines, broken at spaces: nothing is cut. at: cols pointers. */
static void table_row(FILE *out, const char *const *cells, const size_t *width, int cols,
                      const char **at)
{
	int more = 1;
	for (int i = 0; i < cols; i++)
		at[i] = cells[i];
	while (more) {
		size_t pending = 0; /* spaces owed before the next text: none at the end of a line */
		more = 0;
		for (int i = 0; i < cols; i++) {
			const char *start = at[i];
			size_t n = i < cols - 1 ? wrap(&at[i], width[i]) : strlen(at[i]);
			if (i == cols - 1)
				at[i] += n;
			if (n) {
				fprintf(out, "%*s", (int)pending, "");
				fwrite(start, 1, n, out);
				pending = 0;
			}
			pending += i < cols - 1 ? width[i] + 2 - n : 0;
			more |= *at[i] != 0;
		}
		fputc('\n', out);
	}
}

static int print_table(struct printer *p, FILE *out)
{
	int cols = p->cols, rc;
	size_t *width = calloc((size_t)cols + 1, sizeof *width), n = 0, cap = 0;
	char **cells = NULL;
	const char **names = calloc((size_t)cols + 1, sizeof *names);
	const char **at = calloc((size_t)cols + 1, sizeof *at);
	if (!width || !names || !at) {
		free(width);
		free(names);
		free(at);
		return SQLITE_NOMEM;
	}
	for (int i = 0; i < cols; i++) {
		names[i] = sqlite3_column_name(p->st, i);
		width[i] = strlen(names[i]);
	}
	while ((rc = sqlite3_step(p->st)) == SQLITE_ROW) {
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
			cells[n] = cell_text(p, i);
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
		table_row(out, names, width, cols, at);
		for (int i = 0; i < cols; i++) {
			for (size_t k = 0; k < width[i]; k++)
				fputc('-', out);
			if (i < cols - 1)
				fputs("  ", out);
		}
		fputc('\n', out);
		for (size_t r = 0; cols && r < n; r += (size_t)cols)
			table_row(out, (const char *const *)cells + r, width, cols, at);
		if (!n)
			fputs("(no rows)\n", out);
	}
done:
	for (size_t i = 0; i < n; i++)
		free(cells[i]);
	free(cells);
	free(names);
	free(at);
	free(width);
	return rc == SQLITE_DONE ? 0 : rc;
}

int cli_sql_print(FILE *out, void *stmt, enum cli_format format)
{
	struct printer p = {stmt, format, sqlite3_column_count(stmt), NULL, NULL};
	int rc;
	p.json_col = calloc((size_t)p.cols + 1, 1);
	if (!p.json_col)
		return SQLITE_NOMEM;
	for (int i = 0; i < p.cols; i++)
		p.json_col[i] = (unsigned char)json_named(sqlite3_column_name(p.st, i));
	switch (format) {
	case CLI_FORMAT_JSON: rc = print_json(&p, out); break;
	case CLI_FORMAT_CSV: rc = print_csv(&p, out); break;
	case CLI_FORMAT_MD: rc = print_md(&p, out); break;
	default: rc = print_table(&p, out); break;
	}
	sqlite3_finalize(p.valid);
	free(p.json_col);
	return rc;
}
