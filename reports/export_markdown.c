/* export_markdown.c: findings in the seed notes' style: indented bit lists ("    83-85: ..."),
 * value lines under them, each tagged with evidence and public verdict; or, into a copy of the
 * notes, lines under the notes' own line for the same bits (the rest in a section at the end). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "export_internal.h"

/* "83-85" or "83" */
static void bits_text(struct strbuf *b, unsigned lo, unsigned hi)
{
	if (lo == hi)
		sb_printf(b, "%u", lo);
	else
		sb_printf(b, "%u-%u", lo, hi);
}

/* The finding's line and its value lines, indented by `indent` spaces. */
static char *entry(const struct ex_finding *f, unsigned indent, int with_place)
{
	struct strbuf b;
	const char *p = f->values;
	sb_init(&b);
	sb_printf(&b, "%*s", (int)indent, "");
	if (with_place)
		sb_printf(&b, "isaprobe (%s, context %s): ", f->probe, f->context);
	bits_text(&b, f->lo, f->hi);
	sb_printf(&b, ": %s  [%s; public: %s]\n", f->what, f->evidence, f->public_text);
	/* the values it tells apart, as the notes list an opcode's: "    3 - name" */
	while (f->determined && p && (p = strchr(p, '"'))) {
		const char *ke = strchr(p + 1, '"'), *vs, *ve;
		if (!ke || !(vs = strchr(ke + 1, '"')))
			break;
		for (ve = vs + 1; *ve && *ve != '"'; ve++)
			if (*ve == '\\' && ve[1])
				ve++;
		if (!*ve)
			break;
		if (ve - vs - 1 != 9 || strncmp(vs + 1, "unmodeled", 9)) /* not determined: left out */
			sb_printf(&b, "%*s%.*s - %.*s\n", (int)indent + 4, "", (int)(ke - p - 1), p + 1,
			          (int)(ve - vs - 1), vs + 1);
		p = ve + 1;
	}
	return sb_take(&b);
}

/* The line of the notes that describes exactly bits lo-hi ("    83-85: ..."), or -1. */
static long find_line(const struct ex_file *file, unsigned lo, unsigned hi)
{
	char key[32];
	if (lo == hi)
		snprintf(key, sizeof key, "%u:", lo);
	else
		snprintf(key, sizeof key, "%u-%u:", lo, hi);
	for (size_t i = 0; i < file->n; i++) {
		const char *s = file->line[i];
		while (isspace((unsigned char)*s))
			s++;
		if (!strncmp(s, key, strlen(key)))
			return (long)i;
	}
	return -1;
}

static unsigned indent_of(const char *s)
{
	unsigned n = 0;
	for (; *s == ' ' || *s == '\t'; s++)
		n += *s == '\t' ? 4 : 1;
	return n;
}

int ex_markdown(const struct ex_model *m, const struct ip_export_options *o,
                const struct ex_file *against, FILE *out, struct ex_insert **ins, size_t *nins)
{
	int placed = 0;
	if (against) {
		struct strbuf rest;
		sb_init(&rest);
		for (size_t i = 0; i < m->n; i++) {
			const struct ex_finding *f = &m->f[i];
			long at = find_line(against, f->lo, f->hi);
			if (at >= 0) {
				ex_insert_add(ins, nins, (size_t)at + 1,
				              entry(f, indent_of(against->line[at]) + 4, 1));
			} else {
				char *e = entry(f, 4, 1);
				sb_puts(&rest, e);
				free(e);
			}
			placed++;
		}
		if (rest.len) {
			struct strbuf b;
			sb_init(&b);
			sb_printf(&b, "\n## Findings of isaprobe (%s)\n\nFrom %s (docs/export.md): bits, "
			              "what was found, then its evidence and public verdict.\n\n",
			          m->n ? m->f[0].isa : "", o->title ? o->title : "the database");
			sb_puts(&b, rest.s);
			ex_insert_add(ins, nins, against->n, sb_take(&b));
		}
		sb_free(&rest);
		return placed;
	}
	if (!m->n)
		return 0;
	fprintf(out, "# isaprobe export: %s findings in the notes' style\n\n", m->f[0].isa);
	fprintf(out, "From %s (docs/export.md). Each entry: the bits, what was found, and in "
	             "brackets its evidence (where it was seen, how often, whether runs contradict "
	             "it) and its verdict against the notes and later public work.\n",
	        o->title ? o->title : "the database");
	for (size_t i = 0; i < m->n; i++) {
		const struct ex_finding *f = &m->f[i];
		char *e;
		if (!i || strcmp(f->probe, m->f[i - 1].probe) || strcmp(f->context, m->f[i - 1].context) ||
		    strcmp(f->format, m->f[i - 1].format) || f->bundle != m->f[i - 1].bundle ||
		    f->slot != m->f[i - 1].slot)
			fprintf(out, "\n## %s, context %s: %s (bundle %u slot %u)\n\n", f->probe,
			        f->context, f->format, f->bundle, f->slot);
		e = entry(f, 4, 0);
		fputs(e, out);
		free(e);
		placed++;
	}
	return placed;
}
