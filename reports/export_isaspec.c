/* export_isaspec.c: a3xx findings as ir3's isaspec XML: per instruction a <bitset> of <field>,
 * <pattern> and <enum> elements tagged with evidence and public verdict; or, into a copy of an
 * ir3-cat*.xml, comments under the instruction's own <bitset> proposing those elements. */
#include <stdlib.h>
#include <string.h>

#include "export_internal.h"

/* The next "key":"value" pair of a flat JSON object of strings; 0 at the end. The value raw. */
static int next_pair(const char **p, unsigned long long *key, const char **v, int *len)
{
	const char *k = strchr(*p, '"'), *ke, *vs, *ve;
	if (!k || !(ke = strchr(k + 1, '"')) || !(vs = strchr(ke + 1, '"')))
		return 0;
	for (ve = vs + 1; *ve && *ve != '"'; ve++)
		if (*ve == '\\' && ve[1])
			ve++;
	if (!*ve)
		return 0;
	*key = strtoull(k + 1, NULL, 10);
	*v = vs + 1;
	*len = (int)(ve - vs - 1);
	*p = ve + 1;
	return 1;
}

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

static void tags(struct strbuf *b, const struct ex_finding *f)
{
	char *e = ex_xml(f->evidence, 0), *p = ex_xml(f->public_text, 0);
	sb_printf(b, " kind=\"%s\" evidence=\"%s\" public=\"%s\"", f->kind, e, p);
	free(e);
	free(p);
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
			tags(&b, f);
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
		tags(&b, f);
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
	while (next_pair(&p, &key, &v, &len)) {
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

static int same_instruction(const struct ex_finding *a, const struct ex_finding *b)
{
	return !strcmp(a->probe, b->probe) && !strcmp(a->context, b->context) &&
	       a->bundle == b->bundle && a->slot == b->slot;
}

/* The line of the file that opens the instruction's bitset (`<bitset name="ldg"`), or -1. */
static long find_bitset(const struct ex_file *file, const char *instr)
{
	char key[160];
	snprintf(key, sizeof key, "<bitset name=\"%s\"", instr);
	for (size_t i = 0; i < file->n; i++)
		if (strstr(file->line[i], key))
			return (long)i;
	return -1;
}

int ex_isaspec(const struct ex_model *m, const struct ip_export_options *o,
               const struct ex_file *against, FILE *out, struct ex_insert **ins, size_t *nins)
{
	int placed = 0;
	if (against) {
		for (size_t i = 0; i < m->n; i++) {
			const struct ex_finding *f = &m->f[i];
			char *el = element(f, 0), *c;
			long at = f->instr ? find_bitset(against, f->instr) : -1;
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
			sb_printf(&b, "\t<!-- %s -->\n", c);
			ex_insert_add(ins, nins, (size_t)at + 1, sb_take(&b));
			free(c);
			free(el);
			placed++;
		}
		return placed;
	}
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(out, "<!-- isaprobe export of %s: a3xx findings as ir3 isaspec fragments "
	             "(docs/export.md). evidence: where each finding was seen, how often, whether "
	             "runs contradict it; public: its verdict against the notes and Mesa. -->\n",
	        o->title ? o->title : "the database");
	fprintf(out, "<isaprobe-export format=\"isaspec\" isa=\"a3xx\">\n");
	for (size_t i = 0; i < m->n;) {
		size_t j = i;
		char *instr = ex_xml(m->f[i].instr ? m->f[i].instr : m->f[i].format, 0),
		     *probe = ex_xml(m->f[i].probe, 0), *ctx = ex_xml(m->f[i].context, 0);
		fprintf(out, "<bitset name=\"%s\" probe=\"%s\" context=\"%s\" format=\"%s\" "
		             "instruction=\"bundle %u slot %u\">\n",
		        instr, probe, ctx, m->f[i].format, m->f[i].bundle, m->f[i].slot);
		free(instr);
		free(probe);
		free(ctx);
		for (; j < m->n && same_instruction(&m->f[i], &m->f[j]); j++) {
			const struct ex_finding *f = &m->f[j];
			char *el = element(f, 1);
			if (el) {
				fprintf(out, "\t%s\n", el);
				free(el);
			} else {
				struct strbuf b;
				char *c;
				sb_init(&b);
				sb_printf(&b, "bits %u-%u: %s. Evidence: %s. Public: %s", f->lo, f->hi,
				          f->what, f->evidence, f->public_text);
				c = ex_xml(b.s, 1);
				fprintf(out, "\t<!-- %s -->\n", c);
				free(c);
				sb_free(&b);
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
