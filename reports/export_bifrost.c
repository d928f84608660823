/* export_bifrost.c: Bifrost findings as ISA.xml: per instruction an <ins> of <src>, <mod> (with
 * its <opt>s) and <immediate> elements tagged with evidence and public verdict; or, into a copy
 * of ISA.xml, comments under the encoding's own <ins> proposing those elements. */
#include <stdlib.h>
#include <string.h>

#include "export_internal.h"

/* The value name of value v in a flat JSON object of strings, malloc'd, or NULL. */
static char *value_name(const char *json, unsigned long long v)
{
	const char *p = json, *s;
	unsigned long long key;
	int len;
	while (p && rp_next_pair(&p, &key, &s, &len))
		if (key == v)
			return strndup(s, (size_t)len);
	return NULL;
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
			ex_xml_tags(&b, f);
		sb_puts(&b, "/>");
		return sb_take(&b);
	}
	name = ex_xml(f->name, 0);
	if ((!strcmp(f->kind, "enum") || !strcmp(f->kind, "distinct") ||
	     !strcmp(f->kind, "modifier")) && w <= 4) {
		sb_printf(&b, "<mod name=\"%s\" start=\"%u\" size=\"%u\"", name, f->lo, w);
		if (tagged)
			ex_xml_tags(&b, f);
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
			ex_xml_tags(&b, f);
		sb_puts(&b, "/>");
	}
	free(name);
	return sb_take(&b);
}

int ex_bifrost(const struct ex_model *m, const struct ip_export_options *o,
               const struct ex_file *against, FILE *out, struct ex_insert **ins, size_t *nins)
{
	int placed = 0;
	if (against)
		return ex_xml_against(m, against, "ins", "    ", element, ins, nins);
	ex_xml_open(out, o, "Bifrost findings as ISA.xml fragments", "bifrost-isa-xml", "bifrost");
	for (size_t i = 0; i < m->n;) {
		size_t j = i;
		ex_xml_instr_open(out, "  ", "ins", &m->f[i]);
		for (; j < m->n && ex_same_instruction(&m->f[i], &m->f[j]) &&
		       !strcmp(m->f[i].format, m->f[j].format);
		     j++) {
			const struct ex_finding *f = &m->f[j];
			char *el = element(f, 1);
			if (el) {
				fprintf(out, "    %s\n", el);
				free(el);
			} else {
				ex_xml_comment(out, "    ", f);
			}
		}
		fputs("  </ins>\n", out);
		i = j;
		placed++;
	}
	fputs("</isaprobe-export>\n", out);
	return placed;
}
