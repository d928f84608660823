/* field_text.c: printing and parsing fields as `name=value`, for every ISA.
 * Values print as enum names where the table has one, else hex. */
#include "isaprobe/internal/field_text.h"

#include <string.h>

void ip_name_set_add(struct ip_name_set *s, const char *name)
{
	if (s->n < IP_COUNT(s->names))
		s->names[s->n++] = name;
}

int ip_name_set_has(const struct ip_name_set *s, const char *name)
{
	for (unsigned i = 0; s && i < s->n; i++)
		if (strcmp(s->names[i], name) == 0)
			return 1;
	return 0;
}

void ip_field_print_value(FILE *out, const struct ip_field *f, uint64_t v)
{
	const char *name = ip_enum_name(f->enums, v);
	if (name)
		fputs(name, out);
	else
		fprintf(out, "0x%llx", (unsigned long long)v);
}

void ip_print_keys(FILE *out, const struct ip_format *fmt, const ip_word *word, const ip_word *ctx,
                   const struct ip_name_set *skip)
{
	for (unsigned i = 0; i < fmt->nfields; i++) {
		const struct ip_field *f = &fmt->fields[i];
		uint64_t v;
		if (ip_name_set_has(skip, f->name) || !ip_field_active(fmt, f, word, ctx))
			continue;
		v = ip_field_get(f, word);
		if (v == f->dflt)
			continue;
		fprintf(out, " %s=", f->name);
		ip_field_print_value(out, f, v);
	}
}

void ip_print_word_hex(FILE *out, const ip_word *w)
{
	if (w->w[1])
		fprintf(out, "0x%llx%016llx", (unsigned long long)w->w[1], (unsigned long long)w->w[0]);
	else
		fprintf(out, "0x%llx", (unsigned long long)w->w[0]);
}

int ip_parse_wide(struct ip_cursor *c, unsigned bits, ip_word *v)
{
	const struct ip_token *t = ip_peek(c);
	ip_word limit;
	if (t->type != IP_TOK_INT)
		return ip_error_here(c, "expected an integer");
	limit = ip_word_range(bits, 128 - bits);
	if ((t->ival.w[0] & limit.w[0]) || (t->ival.w[1] & limit.w[1]))
		return ip_error_here(c, "value does not fit %u bits", bits);
	*v = t->ival;
	ip_next(c);
	return 0;
}

int ip_parse_field_value(struct ip_cursor *c, const struct ip_field *f, uint64_t *v)
{
	const struct ip_token *t = ip_peek(c);
	int neg = 0;
	uint64_t x;
	if (t->type == IP_TOK_IDENT) {
		char name[64];
		ip_token_text(t, name, sizeof name);
		if (ip_enum_value(f->enums, name, v) != 0)
			return ip_error_here(c, "'%s' is not a value of field %s", name, f->name);
		ip_next(c);
		return 0;
	}
	if (ip_is_punct(t, '-')) {
		neg = 1;
		ip_next(c);
		t = ip_peek(c);
	}
	if (t->type != IP_TOK_INT)
		return ip_error_here(c, "expected a value for field %s", f->name);
	if (t->ival.w[1])
		return ip_error_here(c, "value does not fit field %s (%u bits)", f->name, f->width);
	x = t->ival.w[0];
	if (neg) {
		/* two's complement within the field: -2^(w-1) .. -1 */
		if (x == 0 || (f->width < 64 && x > (UINT64_C(1) << (f->width - 1))))
			return ip_error_here(c, "-%llu does not fit field %s (%u bits)",
			                     (unsigned long long)x, f->name, f->width);
		x = (0 - x) & ip_mask64(f->width);
	} else if (f->width < 64 && (x >> f->width)) {
		return ip_error_here(c, "value 0x%llx does not fit field %s (%u bits)",
		                     (unsigned long long)x, f->name, f->width);
	}
	ip_next(c);
	*v = x;
	return 0;
}

int ip_collect_keys(struct ip_cursor *c, struct ip_key *keys, unsigned max, unsigned *n)
{
	*n = 0;
	for (;;) {
		const struct ip_token *t = ip_peek(c);
		char text[64];
		if (t->type == IP_TOK_END || ip_is_punct(t, '{'))
			return 0;
		if (t->type != IP_TOK_IDENT) {
			ip_token_text(t, text, sizeof text);
			return ip_error_here(c, "expected name=value, found '%s'", text);
		}
		if (*n == max)
			return ip_error_here(c, "too many name=value pairs");
		keys[*n].name = t;
		ip_next(c);
		if (ip_expect_punct(c, '=') != 0)
			return -1;
		keys[*n].value_tok = c->i;
		(*n)++;
		/* skip the value: an optional '-' and one token */
		if (ip_is_punct(ip_peek(c), '-'))
			ip_next(c);
		t = ip_peek(c);
		if (t->type != IP_TOK_IDENT && t->type != IP_TOK_INT)
			return ip_error_here(c, "expected a value");
		ip_next(c);
	}
}
