/* a3xx_disasm.c: a3xx programs -> the notes' listing, NNNN[hhhhhhhhx_hhhhhhhhx] then the text.
 * Bits the syntax does not show follow as name=value keys, so every word assembles back. */
#include <stdio.h>

#include "a3xx_print.h"

/* " name=value" for every field of w (active in w) whose bits differ in `from`. */
static void add_keys(const ip_word *w, const ip_word *from, struct a3xx_text *t)
{
	const struct ip_format *fmt = a3xx_format_of(w);
	for (unsigned i = 0; i < fmt->nfields; i++) {
		const struct ip_field *f = &fmt->fields[i];
		uint64_t v = ip_field_get(f, w);
		const char *name;
		if (v == ip_field_get(f, from) || !ip_field_active(fmt, f, w, NULL))
			continue;
		name = ip_enum_name(f->enums, v);
		a3xx_text_str(t, " ");
		a3xx_text_str(t, f->name);
		a3xx_text_str(t, name ? "=" : "=0x");
		if (name)
			a3xx_text_str(t, name);
		else
			a3xx_text_hex(t, v, 1);
	}
}

/* One instruction's line (and its repetitions when expanding) into t. */
static void line(const ip_word *w, unsigned index, int expand, struct a3xx_text *t)
{
	struct a3xx_ins ins;
	ip_word again;
	const char *why;
	int which;

	a3xx_decode(w, &ins);
	ins.f.unchecked = a3xx_const_rule(w) != NULL;
	a3xx_print_listing_prefix(index, w, t);
	if (a3xx_encode(&ins, &again, &why, &which) == 0) {
		a3xx_print(&ins, 0, t);
	} else {
		/* not expected: the bare category, every bit a key */
		again = a3xx_defaults(ins.cat);
		a3xx_text_add(t, "cat%u", ins.cat);
	}
	add_keys(w, &again, t);
	a3xx_text_str(t, "\n");
	if (!expand || ins.cat > 4)
		return;
	for (unsigned k = 1; k <= ins.f.rpt; k++) {
		a3xx_print_listing_prefix(index, NULL, t);
		a3xx_print(&ins, k, t);
		a3xx_text_str(t, "\n");
	}
}

static int disassemble(const struct ip_program *p, FILE *out, int expand)
{
	struct a3xx_text t;
	for (size_t i = 0; i < p->nbundles; i++) {
		a3xx_text_reset(&t);
		line(&p->bundles[i].slots[0].value, (unsigned)i, expand, &t);
		if (fwrite(t.s, 1, t.n, out) != t.n)
			return -1;
	}
	return ferror(out) ? -1 : 0;
}

int a3xx_disassemble(const struct ip_program *p, FILE *out)
{
	return disassemble(p, out, 0);
}

int a3xx_disassemble_expanded(const struct ip_program *p, FILE *out)
{
	return disassemble(p, out, 1);
}
