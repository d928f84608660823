/* export_xml.c: what the two XML exporters (isaspec, ISA.xml) share: the evidence and verdict
 * attributes, the export's opening, a finding as a comment, and the comments into a copy. */
#include <stdlib.h>
#include <string.h>

#include "export_internal.h"

void ex_xml_tags(struct strbuf *b, const struct ex_finding *f)
{
	char *e = ex_xml(f->evidence, 0), *p = ex_xml(f->public_text, 0);
	sb_printf(b, " kind=\"%s\" evidence=\"%s\" public=\"%s\"", f->kind, e, p);
	free(e);
	free(p);
}

int ex_same_instruction(const struct ex_finding *a, const struct ex_finding *b)
{
	return !strcmp(a->probe, b->probe) && !strcmp(a->context, b->context) &&
	       a->bundle == b->bundle && a->slot == b->slot;
}

void ex_xml_open(FILE *out, const struct ip_export_options *o, const char *what,
                 const char *format, const char *isa)
{
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(out, "<!-- isaprobe export of %s: %s (docs/export.md). evidence: where each finding "
	             "was seen, how often, whether runs contradict it; public: its verdict against "
	             "the notes and Mesa. -->\n",
	        o->title ? o->title : "the database", what);
	fprintf(out, "<isaprobe-export format=\"%s\" isa=\"%s\">\n", format, isa);
}

void ex_xml_instr_open(FILE *out, const char *indent, const char *tag, const struct ex_finding *f)
{
	char *instr = ex_xml(f->instr ? f->instr : f->format, 0), *probe = ex_xml(f->probe, 0),
	     *ctx = ex_xml(f->context, 0);
	fprintf(out, "%s<%s name=\"%s\" probe=\"%s\" context=\"%s\" format=\"%s\" "
	             "instruction=\"bundle %u slot %u\">\n",
	        indent, tag, instr, probe, ctx, f->format, f->bundle, f->slot);
	free(instr);
	free(probe);
	free(ctx);
}

void ex_xml_comment(FILE *out, const char *indent, const struct ex_finding *f)
{
	struct strbuf b;
	char *c;
	sb_init(&b);
	sb_printf(&b, "bits %u-%u: %s. Evidence: %s. Public: %s", f->lo, f->hi, f->what, f->evidence,
	          f->public_text);
	c = ex_xml(b.s, 1);
	fprintf(out, "%s<!-- %s -->\n", indent, c);
	free(c);
	sb_free(&b);
}

/* The line of the file that opens <tag name="name"..., or -1. */
static long find_opening(const struct ex_file *file, const char *tag, const char *name)
{
	struct strbuf key;
	long at = -1;
	char *x = ex_xml(name, 0);
	sb_init(&key);
	sb_printf(&key, "<%s name=\"%s\"", tag, x);
	free(x);
	for (size_t i = 0; i < file->n && at < 0; i++)
		if (strstr(file->line[i], key.s))
			at = (long)i;
	sb_free(&key);
	return at;
}

int ex_xml_against(const struct ex_model *m, const struct ex_file *against, const char *tag,
                   const char *indent, ex_element_fn element, struct ex_insert **ins,
                   size_t *nins)
{
	int placed = 0;
	for (size_t i = 0; i < m->n; i++) {
		const struct ex_finding *f = &m->f[i];
		long at = f->instr ? find_opening(against, tag, f->instr) : -1;
		char *el, *c;
		struct strbuf b;
		if (at < 0)
			continue;
		el = element(f, 0);
		sb_init(&b);
		sb_printf(&b, "isaprobe (docs/export.md): probe %s, context %s, %s bits %u-%u: %s. "
		              "Evidence: %s. Public: %s.%s%s",
		          f->probe, f->context, f->format, f->lo, f->hi, f->what, f->evidence,
		          f->public_text, el ? " Proposed: " : "", el ? el : "");
		c = ex_xml(b.s, 1);
		sb_free(&b);
		sb_init(&b);
		sb_printf(&b, "%s<!-- %s -->\n", indent, c);
		ex_insert_add(ins, nins, (size_t)at + 1, sb_take(&b));
		free(c);
		free(el);
		placed++;
	}
	return placed;
}
