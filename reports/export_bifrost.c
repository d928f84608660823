/* export_bifrost.c: Bifrost findings as ISA.xml: per instruction an <ins> of <src>, <mod> (with
 * its <opt>s) and <immediate> elements tagged with evidence and public verdict; or, into a copy
 * of ISA.xml, comments under the encoding's own <ins> proposing those elements. */
#include <stdlib.h>
#include <string.h>

#include "export_internal.h"

/* The value name of value v in a flat JSON object of strings, malloc'd, or NULL. */
static char *value_name(const char *json, unsigned long long v)
{
	char key[32];
	const char *p, *e;
	snprintf(key, sizeof key, "\"%llu\":\"", v);
	if (!json || !(p = strstr(json, key)))
		return NULL;
	p += strlen(key);
	for (e = p; *e && *e != '"'; e++)
		if (*e == '\\' && e[1])
			e++;
	return strndup(p, (size_t)(e - p));
}

static void tags(struct strbuf *b, const struct ex_finding *f)
{
	char *e = ex_xml(f->evidence, 0), *p = ex_xml(f->public_text, 0);
	sb_printf(b, " kind=\"%s\" evidence=\"%s\" public=\"%s\"", f->kind, e, p);
	free(e);
	free(p);
}

/* One finding as an ISA.xml element (tagged when `tagged`), or NULL when it has none (not
 * determined, not read, reserved). */
static char *element(const struct ex_finding *f, int tagged)
{
	struct strbuf b;
	unsigned w = f->hi - f->lo + 1;
	char *name;
	if (!f->determined || !strcmp(f->kind, "ignored") || !strcmp(f->kind, "reserved"))
		return NULL;
	sb_init(&b);
	if (!strcmp(f->kind, "register") && w == 3) {
		sb_printf(&b, "<src start=\"%u\"", f->lo);
		if (tagged)
			tags(&b, f);
		sb_puts(&b, "/>");
		return sb_take(&b);
	}
	name = ex_xml(f->name, 0);
	if ((!strcmp(f->kind, "enum") || !strcmp(f->kind, "distinct") ||
	     !strcmp(f->kind, "modifier")) && w <= 4) {
		sb_printf(&b, "<mod name=\"%s\" start=\"%u\" size=\"%u\"", name, f->lo, w);
		if (tagged)
			tags(&b, f);
		sb_puts(&b, ">");
		for (unsigned long long v = 0; v < (1ull << w); v++) {
			char *n = value_name(f->values, v),
			     *x = ex_xml(n && strcmp(n, "unmodeled") ? n : "reserved", 0);
			sb_printf(&b, "<opt>%s</opt>", x);
			free(x);
			free(n);
		}
		sb_puts(&b, "</mod>");
	} else {
		sb_printf(&b, "<immediate name=\"%s\" start=\"%u\" size=\"%u\"", name, f->lo, w);
		if (tagged)
			tags(&b, f);
		sb_puts(&b, "/>");
	}
	free(name);
	return sb_take(&b);
}

static int same_instruction(const struct ex_finding *a, const struct ex_finding *b)
{
	return !strcmp(a->probe, b->probe) && !strcmp(a->context, b->context) &&
	       a->bundle == b->bundle && a->slot == b->slot;
}

/* The line of ISA.xml that opens the encoding's <ins name="..."> , or -1. */
static long find_ins(const struct ex_file *file, const char *instr)
{
	char key[160];
	char *x = ex_xml(instr, 0);
	snprintf(key, sizeof key, "<ins name=\"%s\"", x);
	free(x);
	for (size_t i = 0; i < file->n; i++)
		if (strstr(file->line[i], key))
			return (long)i;
	return -1;
}

int ex_bifrost(const struct ex_model *m, const struct ip_export_options *o,
               const struct ex_file *against, FILE *out, struct ex_insert **ins, size_t *nins)
{
	int placed = 0;
	if (against) {
		for (size_t i = 0; i < m->n; i++) {
			const struct ex_finding *f = &m->f[i];
			char *el = element(f, 0), *c;
			long at = f->instr ? find_ins(against, f->instr) : -1;
			struct strbuf b;
			if (at < 0) {
				free(el);
				continue;
			}
			sb_init(&b);
			sb_printf(&b, "isaprobe (docs/export.md): probe %s, context %s, %s bits %u-%u: %s. "
			              "Evidence: %s. Public: %s.%s%s",
			          f->probe, f->context, f->format, f->lo, f->hi, f->what, f->evidence,
			          f->public_text, el ? " Proposed: " : "", el ? el : "");
			c = ex_xml(b.s, 1);
			sb_free(&b);
			sb_init(&b);
			sb_printf(&b, "    <!-- %s -->\n", c);
			ex_insert_add(ins, nins, (size_t)at + 1, sb_take(&b));
			free(c);
			free(el);
			placed++;
		}
		return placed;
	}
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(out, "<!-- isaprobe export of %s: Bifrost findings as ISA.xml fragments "
	             "(docs/export.md). evidence: where each finding was seen, how often, whether "
	             "runs contradict it; public: its verdict against the notes and Mesa. -->\n",
	        o->title ? o->title : "the database");
	fprintf(out, "<isaprobe-export format=\"bifrost-isa-xml\" isa=\"bifrost\">\n");
	for (size_t i = 0; i < m->n;) {
		size_t j = i;
		char *instr = ex_xml(m->f[i].instr ? m->f[i].instr : m->f[i].format, 0),
		     *probe = ex_xml(m->f[i].probe, 0), *ctx = ex_xml(m->f[i].context, 0);
		fprintf(out, "  <ins name=\"%s\" probe=\"%s\" context=\"%s\" format=\"%s\" "
		             "instruction=\"bundle %u slot %u\">\n",
		        instr, probe, ctx, m->f[i].format, m->f[i].bundle, m->f[i].slot);
		free(instr);
		free(probe);
		free(ctx);
		for (; j < m->n && same_instruction(&m->f[i], &m->f[j]) &&
		       !strcmp(m->f[i].format, m->f[j].format);
		     j++) {
			const struct ex_finding *f = &m->f[j];
			char *el = element(f, 1);
			if (el) {
				fprintf(out, "    %s\n", el);
				free(el);
			} else {
				struct strbuf b;
				char *c;
				sb_init(&b);
				sb_printf(&b, "bits %u-%u: %s. Evidence: %s. Public: %s", f->lo, f->hi,
				          f->what, f->evidence, f->public_text);
				c = ex_xml(b.s, 1);
				fprintf(out, "    <!-- %s -->\n", c);
				free(c);
				sb_free(&b);
			}
		}
		fputs("  </ins>\n", out);
		i = j;
		placed++;
	}
	fputs("</isaprobe-export>\n", out);
	return placed;
}
