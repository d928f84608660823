/* mesa.c: the look-ups over the ISAs' Mesa name tables. Each ISA's rows live beside its field
 * tables (encoders/<isa>/<isa>_mesa_names.c); its descriptor points at them (isaprobe/isa.h). */
#include <string.h>

#include "isaprobe/internal/mesa.h"
#include "isaprobe/isa.h"

const struct ip_mesa *ip_mesa_find(const char *isa)
{
	const struct ip_isa *i = ip_isa_find(isa);
	return i ? i->mesa : NULL;
}

const char *ip_mesa_field_name(const struct ip_mesa *m, const struct ip_format *fmt,
                               const char *field)
{
	for (unsigned i = 0; m && i < m->nnames; i++) {
		const struct ip_mesa_name *n = &m->names[i];
		if (n->value == IP_MESA_FIELD && n->fmt == fmt && strcmp(n->field, field) == 0)
			return n->mesa;
	}
	return NULL;
}

/* The enum table of field `field` of fmt (any alternative of that name), or NULL. */
static const struct ip_enum *enums_of(const struct ip_format *fmt, const char *field)
{
	const struct ip_field *f = ip_format_field(fmt, field);
	return f ? f->enums : NULL;
}

const struct ip_mesa_name *ip_mesa_value(const struct ip_mesa *m, const struct ip_format *fmt,
                                         const char *field, uint64_t v)
{
	const struct ip_enum *e = enums_of(fmt, field);
	for (unsigned i = 0; m && i < m->nnames; i++) {
		const struct ip_mesa_name *n = &m->names[i];
		if (n->value != v || n->value == IP_MESA_FIELD)
			continue;
		if ((n->fmt == fmt && strcmp(n->field, field) == 0) ||
		    (e && enums_of(n->fmt, n->field) == e))
			return n;
	}
	return NULL;
}

/* Text for a Markdown table cell: '|' escaped. */
static void cell(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			fputc('\\', out);
		fputc(*s, out);
	}
}

void ip_mesa_print_table(const struct ip_mesa *m, FILE *out)
{
	fprintf(out, "| format | isaprobe field | value | isaprobe name | Mesa |\n");
	fprintf(out, "|---|---|---|---|---|\n");
	for (unsigned i = 0; i < m->nnames; i++) {
		const struct ip_mesa_name *n = &m->names[i];
		fprintf(out, "| `%s` | `%s` | ", n->fmt->name, n->field);
		if (n->value == IP_MESA_FIELD) {
			fputs("| | ", out);
			cell(out, n->mesa);
		} else {
			const char *ours = ip_enum_name(enums_of(n->fmt, n->field), n->value);
			fprintf(out, "%llu | %s%s%s | ", (unsigned long long)n->value, ours ? "`" : "",
			        ours ? ours : "", ours ? "`" : "");
			if (n->mesa[0]) {
				fputc('`', out);
				cell(out, n->mesa);
				fputc('`', out);
			} else {
				fputs("(nothing printed)", out);
			}
		}
		fputs(" |\n", out);
	}
	if (m->print_extra)
		m->print_extra(out);
}
