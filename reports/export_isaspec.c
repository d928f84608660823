/* export_isaspec.c: a3xx findings as ir3's isaspec XML: per instruction a <bitset> of <field>,
 * <pattern> and <enum> elements tagged with evidence and public verdict; or, into a copy of an
 * ir3-cat*.xml, comments under the instruction's own <bitset> proposing those elements. */
#include <stdlib.h>
#include <string.h>

#include "export_internal.h"

/* The isaspec type of a field of this kind (enum kinds get an enum of their own). */
static const char *type_of(const char *kind)
{
	if (!strcmp(kind, "imm_signed"))
		return "int";
	if (!strcmp(kind, "offset"))
		return "offset";
	if (!strcmp(kind, "mask"))
		return "hex";
	return "uint";
}

static int enum_kind(const char *kind)
{
	return !strcmp(kind, "enum") || !strcmp(kind, "distinct") || !strcmp(kind, "modifier");
}

/* low="lo" high="hi", or pos="lo" */
static void bits_attr(struct strbuf *b, const struct ex_finding *f)
{
	if (f->lo == f->hi)
		sb_printf(b, "pos=\"%u\"", f->lo);
	else
		sb_printf(b, "low=\"%u\" high=\"%u\"", f->lo, f->hi);
}

/* The enum's name of a finding: "#isaprobe-PROBE-CONTEXT-NAME". */
static void enum_name(struct strbuf *b, const struct ex_finding *f)
{
	sb_printf(b, "#isaprobe-%s-%s-%s", f->probe, f->context, f->name);
}

/* One finding as an isaspec element (tagged when `tagged`), or NULL when nothing was
 * determined. */
static char *element(const struct ex_finding *f, int tagged)
{
	struct strbuf b;
	unsigned w = f->hi - f->lo + 1;
	char *name;
	if (!f->determined)
		return NULL;
	sb_init(&b);
	if (!strcmp(f->kind, "ignored") || (!strcmp(f->kind, "reserved") && f->must_be[0])) {
		unsigned long long v = strtoull(f->must_be, NULL, 0);
		sb_puts(&b, "<pattern ");
		bits_attr(&b, f);
		if (tagged)
			ex_xml_tags(&b, f);
		sb_puts(&b, ">");
		for (unsigned i = w; i-- > 0;)
			sb_puts(&b, !strcmp(f->kind, "ignored") ? "x" : ((v >> i) & 1) ? "1" : "0");
		sb_puts(&b, "</pattern>");
		return sb_take(&b);
	}
	name = ex_xml(f->name, 0);
	sb_printf(&b, "<field name=\"%s\" ", name);
	free(name);
	bits_attr(&b, f);
	if (enum_kind(f->kind) && f->values[0]) {
		sb_puts(&b, " type=\"");
		enum_name(&b, f);
		sb_puts(&b, "\"");
	} else {
		sb_printf(&b, " type=\"%s\"", type_of(f->kind));
	}
	if (tagged)
		ex_xml_tags(&b, f);
	sb_puts(&b, "/>");
	return sb_take(&b);
}

/* <enum name="#isaprobe-..."> with a <value> per value the finding tells apart. */
static void enum_element(FILE *out, const struct ex_finding *f)
{
	const char *p = f->values, *v;
	unsigned long long key;
	int len;
	struct strbuf n;
	sb_init(&n);
	enum_name(&n, f);
	fprintf(out, "<enum name=\"%s\">\n", n.s);
	while (rp_next_pair(&p, &key, &v, &len)) {
		char *raw = strndup(v, (size_t)len), *x;
		if (!raw)
			abort();
		if (!strcmp(raw, "unmodeled")) { /* not determined: no value of the enum */
			free(raw);
			continue;
		}
		x = ex_xml(raw, 0);
		fprintf(out, "\t<value val=\"%llu\" display=\"%s\"/>\n", key, x);
		free(x);
		free(raw);
	}
	fputs("</enum>\n", out);
	sb_free(&n);
}

int ex_isaspec(const struct ex_model *m, const struct ip_export_options *o,
               const struct ex_file *against, FILE *out, struct ex_insert **ins, size_t *nins)
{
	int placed = 0;
	if (against)
		return ex_xml_against(m, against, "bitset", "\t", element, ins, nins);
	ex_xml_open(out, o, "a3xx findings as ir3 isaspec fragments", "isaspec", "a3xx");
	for (size_t i = 0; i < m->n;) {
		size_t j = i;
		ex_xml_instr_open(out, "", "bitset", &m->f[i]);
		for (; j < m->n && ex_same_instruction(&m->f[i], &m->f[j]); j++) {
			const struct ex_finding *f = &m->f[j];
			char *el = element(f, 1);
			if (el) {
				fprintf(out, "\t%s\n", el);
				free(el);
			} else {
				ex_xml_comment(out, "\t", f);
			}
		}
		fputs("</bitset>\n", out);
		for (size_t k = i; k < j; k++)
			if (m->f[k].determined && enum_kind(m->f[k].kind) && m->f[k].values[0])
				enum_element(out, &m->f[k]);
		i = j;
		placed++;
	}
	fputs("</isaprobe-export>\n", out);
	return placed;
}
