/* test_golden_rows.c: the golden rows of tests/golden/<isa>.txt (hex, text, provenance), checked
 * both ways: disasm(hex) == the `asm` text, asm(text) == hex (a mismatch names the first bit that
 * differs), and, where a row has `mesa` lines, `disasm --style mesa` of hex == those lines.
 *
 * A row: `@ provenance` lines (at least one: where the fact comes from), `hex` lines (32-bit
 * little-endian words), `asm` lines (the isaprobe text, exactly as the disassembler prints it,
 * comments after ';' and trailing blanks ignored), optional `mesa` lines (what Mesa's
 * disassembler prints, trailing blanks and empty lines ignored). Rows end at an empty line;
 * '#' lines are comments. tests/golden/README.md says more. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "isaprobe/isa.h"
#include "isaprobe/internal/mesa.h"

struct text {
	char *s;
	size_t len, cap;
};

static void text_add(struct text *t, const char *line)
{
	size_t n = strlen(line);
	if (t->len + n + 2 > t->cap) {
		t->cap = (t->len + n + 2) * 2;
		t->s = realloc(t->s, t->cap);
		if (!t->s)
			abort();
	}
	memcpy(t->s + t->len, line, n);
	t->len += n;
	t->s[t->len++] = '\n';
	t->s[t->len] = '\0';
}

/* Text as compared: for each line, ';' comments dropped when `comments`, trailing blanks
 * dropped; empty lines dropped. */
static char *normalize(const char *in, int comments)
{
	struct text t = {0};
	const char *p = in;
	text_add(&t, "");
	t.len = 0;
	t.s[0] = '\0';
	while (*p) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		char *line = strndup(p, n);
		char *semi = comments ? strchr(line, ';') : NULL;
		if (semi)
			*semi = '\0';
		for (size_t k = strlen(line); k && isspace((unsigned char)line[k - 1]); k--)
			line[k - 1] = '\0';
		if (line[0])
			text_add(&t, line);
		free(line);
		p += n + (e != NULL);
	}
	return t.s;
}

/* Prints which lines differ (first one). */
static void show_difference(const char *what, unsigned row, const char *want, const char *got)
{
	fprintf(stderr, "row at line %u: %s differs\n--- expected\n%s--- got\n%s", row, what, want,
	        got);
}

struct row {
	unsigned line;
	int has_prov;
	uint8_t bytes[4096];
	size_t len;
	struct text asm_text, mesa;
};

static void check_row(const struct ip_isa *isa, struct row *r)
{
	struct ip_program prog, prog2;
	struct ip_diag d;
	char *text = NULL, *a, *b;
	size_t textlen, len = 0;
	uint8_t *packed = NULL;
	FILE *mem;

	CHECK(r->has_prov, "row at line %u has no provenance ('@' line)", r->line);
	CHECK(r->len && r->asm_text.s, "row at line %u needs hex and asm lines", r->line);
	if (!r->len || !r->asm_text.s)
		return;
	ip_diag_init(&d, "golden");
	/* hex -> text */
	if (isa->unpack(r->bytes, r->len, &prog, &d) != 0) {
		CHECK(0, "row at line %u: unpack: %s", r->line, d.msg);
		return;
	}
	mem = open_memstream(&text, &textlen);
	CHECK(mem && isa->disassemble(&prog, mem) == 0, "row at line %u: disassemble", r->line);
	fclose(mem);
	a = normalize(r->asm_text.s, 1);
	b = normalize(text, 1);
	CHECK(strcmp(a, b) == 0, "row at line %u: disasm(hex) != text", r->line);
	if (strcmp(a, b) != 0)
		show_difference("disasm(hex)", r->line, a, b);
	free(a);
	free(b);
	free(text);
	/* Mesa's style */
	if (r->mesa.s) {
		const struct ip_mesa *m = ip_mesa_find(isa->name);
		text = NULL;
		mem = open_memstream(&text, &textlen);
		CHECK(m && mem && m->print(&prog, mem) == 0, "row at line %u: mesa print", r->line);
		fclose(mem);
		a = normalize(r->mesa.s, 0);
		b = normalize(text, 0);
		CHECK(strcmp(a, b) == 0, "row at line %u: disasm --style mesa != mesa text", r->line);
		if (strcmp(a, b) != 0)
			show_difference("disasm --style mesa (hex)", r->line, a, b);
		free(a);
		free(b);
		free(text);
	}
	ip_program_free(&prog);
	/* text -> hex */
	if (isa->assemble(r->asm_text.s, &prog2, &d) != 0) {
		CHECK(0, "row at line %u: asm: line %u col %u: %s", r->line, d.line, d.col, d.msg);
		return;
	}
	CHECK(isa->pack(&prog2, &packed, &len, &d) == 0, "row at line %u: pack: %s", r->line, d.msg);
	CHECK(len == r->len, "row at line %u: asm(text) is %zu bytes, hex %zu", r->line, len, r->len);
	for (size_t i = 0; packed && i < len && i < r->len; i++)
		if (packed[i] != r->bytes[i]) {
			unsigned bit = 0;
			while (!(((packed[i] ^ r->bytes[i]) >> bit) & 1))
				bit++;
			CHECK(0, "row at line %u: asm(text) != hex: bit %zu differs (word %zu bit %zu)",
			      r->line, i * 8 + bit, i / 4, (i % 4) * 8 + bit);
			break;
		}
	free(packed);
	ip_program_free(&prog2);
}

static void reset(struct row *r)
{
	free(r->asm_text.s);
	free(r->mesa.s);
	memset(r, 0, sizeof *r);
}

static unsigned check_file(const char *isa_name, const char *path)
{
	const struct ip_isa *isa = ip_isa_find(isa_name);
	FILE *f = fopen(path, "r");
	char line[1024];
	unsigned lineno = 0, rows = 0;
	static struct row r;
	CHECK(isa && f, "%s: cannot read %s", isa_name, path);
	if (!isa || !f)
		return 0;
	memset(&r, 0, sizeof r);
	for (;;) {
		char *got = fgets(line, sizeof line, f);
		size_t n = got ? strlen(line) : 0;
		lineno++;
		while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		if (!got || n == 0) { /* end of a row */
			if (r.line) {
				check_row(isa, &r);
				rows++;
			}
			reset(&r);
			if (!got)
				break;
			continue;
		}
		if (line[0] == '#')
			continue;
		if (!r.line)
			r.line = lineno;
		if (line[0] == '@') {
			r.has_prov = 1;
		} else if (strncmp(line, "hex", 3) == 0) {
			char *p = line + 3, *end;
			for (;;) {
				unsigned long v = strtoul(p, &end, 16);
				if (end == p)
					break;
				CHECK(r.len + 4 <= sizeof r.bytes, "%s:%u: too many words", path, lineno);
				if (r.len + 4 > sizeof r.bytes)
					break;
				for (unsigned k = 0; k < 4; k++)
					r.bytes[r.len++] = (uint8_t)(v >> (8 * k));
				p = end;
			}
		} else if (strncmp(line, "asm", 3) == 0) {
			text_add(&r.asm_text, line[3] ? line + 4 : "");
		} else if (strncmp(line, "mesa", 4) == 0) {
			text_add(&r.mesa, line[4] ? line + 5 : "");
		} else {
			CHECK(0, "%s:%u: a row line starts with @, hex, asm or mesa", path, lineno);
		}
	}
	fclose(f);
	return rows;
}

/* The source tree: the first directory above this file holding include/isaprobe/isa.h. */
static int find_top(char *top, size_t n)
{
	snprintf(top, n, "%s", __FILE__);
	for (char *slash; (slash = strrchr(top, '/')) != NULL;) {
		char path[8192];
		FILE *f;
		*slash = '\0';
		snprintf(path, sizeof path, "%s/include/isaprobe/isa.h", top);
		if ((f = fopen(path, "r")) != NULL) {
			fclose(f);
			return 0;
		}
	}
	return -1;
}

int main(void)
{
	char top[4096], path[8192];
	if (find_top(top, sizeof top) != 0) {
		fprintf(stderr, "test_golden_rows: no source tree above %s\n", __FILE__);
		return 1;
	}
	/* every ISA whose descriptor keeps its golden rows in a tests/golden file */
	for (const struct ip_isa *const *i = ip_isa_all(); *i; i++) {
		const char *g = (*i)->golden;
		unsigned rows;
		if (!g || strncmp(g, "tests/golden/", 13) || strlen(g) < 4 ||
		    strcmp(g + strlen(g) - 4, ".txt"))
			continue;
		snprintf(path, sizeof path, "%s/%s", top, g);
		rows = check_file((*i)->name, path);
		printf("%s: %u golden rows\n", (*i)->name, rows);
		CHECK(rows >= 10, "%s: only %u golden rows", (*i)->name, rows);
	}
	return check_report("test_golden_rows");
}
