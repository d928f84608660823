/* field.c: generic field access, condition evaluation and the coverage check over field tables.
 * Nothing here knows any ISA; see include/isaprobe/field.h for the table format. */
#include "isaprobe/field.h"

#include <stdarg.h>
#include <string.h>

uint64_t ip_field_get(const struct ip_field *f, const ip_word *word)
{
	return ip_bits_get(word, f->lo, f->width);
}

void ip_field_set(const struct ip_field *f, ip_word *word, uint64_t value)
{
	ip_bits_set(word, f->lo, f->width, value);
}

ip_word ip_field_mask(const struct ip_field *f)
{
	return ip_word_range(f->lo, f->width);
}

/* Names are compared often (conditions name their selectors): identical literals are usually
 * one object, so pointer equality answers most lookups before strcmp is needed. */
static int same_name(const char *a, const char *b)
{
	return a == b || (a[0] == b[0] && strcmp(a, b) == 0);
}

int ip_format_field_index(const struct ip_format *fmt, const char *name)
{
	for (unsigned i = 0; i < fmt->nfields; i++)
		if (same_name(fmt->fields[i].name, name))
			return (int)i;
	return -1;
}

const struct ip_field *ip_format_field(const struct ip_format *fmt, const char *name)
{
	int i = ip_format_field_index(fmt, name);
	return i < 0 ? NULL : &fmt->fields[i];
}

/* Selector value named by a condition: own format first, then the context format. */
static int selector_value(const struct ip_format *fmt, const char *name, const ip_word *word,
                          const ip_word *ctx, uint64_t *value)
{
	const struct ip_field *sel = ip_format_field(fmt, name);
	if (sel) {
		*value = ip_field_get(sel, word);
		return 0;
	}
	if (fmt->context && ctx) {
		sel = ip_format_field(fmt->context, name);
		if (sel) {
			*value = ip_field_get(sel, ctx);
			return 0;
		}
	}
	if (fmt->context && !ctx && ip_format_field(fmt->context, name)) {
		*value = 0; /* no context word given: the context is all zeros */
		return 0;
	}
	return -1;
}

int ip_field_active(const struct ip_format *fmt, const struct ip_field *f, const ip_word *word,
                    const ip_word *ctx)
{
	for (unsigned c = 0; c < IP_FIELD_MAX_WHEN; c++) {
		const struct ip_when *w = &f->when[c];
		uint64_t v;
		if (!w->field)
			continue;
		if (selector_value(fmt, w->field, word, ctx, &v) != 0)
			return 0;
		if (v >= 64 || !((w->set >> v) & 1))
			return 0;
	}
	return 1;
}

const struct ip_field *ip_format_active_field(const struct ip_format *fmt, const char *name,
                                              const ip_word *word, const ip_word *ctx)
{
	for (unsigned i = 0; i < fmt->nfields; i++) {
		const struct ip_field *f = &fmt->fields[i];
		if (same_name(f->name, name) && ip_field_active(fmt, f, word, ctx))
			return f;
	}
	return NULL;
}

static int has_conditions(const struct ip_field *f)
{
	return f->when[0].field != NULL || f->when[1].field != NULL;
}

ip_word ip_format_defaults(const struct ip_format *fmt, const ip_word *ctx)
{
	ip_word word = ip_word_zero();
	/* Unconditional fields first: they include every selector. */
	for (unsigned i = 0; i < fmt->nfields; i++)
		if (!has_conditions(&fmt->fields[i]))
			ip_field_set(&fmt->fields[i], &word, fmt->fields[i].dflt);
	for (unsigned i = 0; i < fmt->nfields; i++) {
		const struct ip_field *f = &fmt->fields[i];
		if (has_conditions(f) && ip_field_active(fmt, f, &word, ctx))
			ip_field_set(f, &word, f->dflt);
	}
	return word;
}

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* A selector: a field some condition names. */
struct selector {
	const struct ip_field *field;
	int in_context;
};

static int collect_selectors(const struct ip_format *fmt, struct selector *sel, unsigned *nsel,
                             char *err, size_t errlen)
{
	*nsel = 0;
	for (unsigned i = 0; i < fmt->nfields; i++) {
		for (unsigned c = 0; c < IP_FIELD_MAX_WHEN; c++) {
			const char *name = fmt->fields[i].when[c].field;
			const struct ip_field *s;
			int in_context = 0;
			unsigned k;
			if (!name)
				continue;
			s = ip_format_field(fmt, name);
			if (!s && fmt->context) {
				s = ip_format_field(fmt->context, name);
				in_context = 1;
			}
			if (!s)
				return fail(err, errlen, "%s.%s: condition names unknown field '%s'",
				            fmt->isa, fmt->name, name);
			if (has_conditions(s))
				return fail(err, errlen, "%s.%s: selector '%s' is itself conditional",
				            fmt->isa, fmt->name, name);
			if (s->width > 6)
				return fail(err, errlen, "%s.%s: selector '%s' is wider than 6 bits",
				            fmt->isa, fmt->name, name);
			for (k = 0; k < *nsel; k++)
				if (sel[k].field == s)
					break;
			if (k == *nsel) {
				if (*nsel == 8)
					return fail(err, errlen, "%s.%s: more than 8 selectors", fmt->isa,
					            fmt->name);
				sel[*nsel].field = s;
				sel[*nsel].in_context = in_context;
				(*nsel)++;
			}
		}
	}
	return 0;
}

int ip_format_check(const struct ip_format *fmt, char *err, size_t errlen)
{
	struct selector sel[8];
	unsigned nsel, total_bits = 0;
	uint64_t combos = 1;

	if (fmt->bits == 0 || fmt->bits > IP_WORD_MAX_BITS)
		return fail(err, errlen, "%s.%s: width %u out of range", fmt->isa, fmt->name,
		            fmt->bits);
	for (unsigned i = 0; i < fmt->nfields; i++) {
		const struct ip_field *f = &fmt->fields[i];
		if (f->width == 0 || f->width > 64 || f->lo + f->width > fmt->bits)
			return fail(err, errlen, "%s.%s.%s: bits %u-%u do not fit a %u-bit word",
			            fmt->isa, fmt->name, f->name, f->lo, f->lo + f->width - 1,
			            fmt->bits);
		if (f->width < 64 && f->dflt >> f->width)
			return fail(err, errlen, "%s.%s.%s: default %llu does not fit %u bits",
			            fmt->isa, fmt->name, f->name, (unsigned long long)f->dflt,
			            f->width);
		for (const struct ip_enum *e = f->enums; e && e->name; e++)
			if (f->width < 64 && ip_enum_value_of(e) >> f->width)
				return fail(err, errlen, "%s.%s.%s: enum '%s' does not fit", fmt->isa,
				            fmt->name, f->name, e->name);
	}
	if (collect_selectors(fmt, sel, &nsel, err, errlen) != 0)
		return -1;
	for (unsigned k = 0; k < nsel; k++)
		total_bits += sel[k].field->width;
	if (total_bits > 16)
		return fail(err, errlen, "%s.%s: selectors span %u bits, too many to check",
		            fmt->isa, fmt->name, total_bits);
	combos = UINT64_C(1) << total_bits;

	for (uint64_t combo = 0; combo < combos; combo++) {
		ip_word word = ip_word_zero(), ctx = ip_word_zero(), seen = ip_word_zero();
		uint64_t rest = combo;
		for (unsigned k = 0; k < nsel; k++) {
			uint64_t v = rest & ip_mask64(sel[k].field->width);
			rest >>= sel[k].field->width;
			ip_field_set(sel[k].field, sel[k].in_context ? &ctx : &word, v);
		}
		for (unsigned i = 0; i < fmt->nfields; i++) {
			const struct ip_field *f = &fmt->fields[i];
			if (!ip_field_active(fmt, f, &word, &ctx))
				continue;
			for (unsigned b = f->lo; b < f->lo + f->width; b++) {
				if (ip_bits_get(&seen, b, 1))
					return fail(err, errlen,
					            "%s.%s: bit %u claimed twice (field '%s', selector "
					            "assignment %llu)",
					            fmt->isa, fmt->name, b, f->name,
					            (unsigned long long)combo);
				ip_bits_set(&seen, b, 1, 1);
			}
		}
		for (unsigned b = 0; b < fmt->bits; b++)
			if (!ip_bits_get(&seen, b, 1))
				return fail(err, errlen,
				            "%s.%s: bit %u belongs to no field (selector assignment %llu)",
				            fmt->isa, fmt->name, b, (unsigned long long)combo);
	}
	/* Names: alternatives may share a name only if they never coexist; keep it simple and
	 * require that two fields of one name have the same kind. */
	for (unsigned i = 0; i < fmt->nfields; i++)
		for (unsigned j = i + 1; j < fmt->nfields; j++)
			if (strcmp(fmt->fields[i].name, fmt->fields[j].name) == 0 &&
			    fmt->fields[i].kind != fmt->fields[j].kind)
				return fail(err, errlen, "%s.%s: field '%s' has two kinds", fmt->isa,
				            fmt->name, fmt->fields[i].name);
	return 0;
}

uint64_t ip_enum_value_of(const struct ip_enum *e)
{
	return e->value & ip_mask64(IP_ENUM_DOC_SHIFT);
}

enum ip_doc_level ip_enum_doc(const struct ip_enum *e, uint64_t value)
{
	for (; e && e->name; e++)
		if (ip_enum_value_of(e) == value)
			return (enum ip_doc_level)(e->value >> IP_ENUM_DOC_SHIFT);
	return IP_DOC_UNKNOWN;
}

const char *ip_enum_name(const struct ip_enum *e, uint64_t value)
{
	for (; e && e->name; e++)
		if (ip_enum_value_of(e) == value)
			return e->name;
	return NULL;
}

int ip_enum_value(const struct ip_enum *e, const char *name, uint64_t *value)
{
	for (; e && e->name; e++)
		if (strcmp(e->name, name) == 0) {
			*value = ip_enum_value_of(e);
			return 0;
		}
	return -1;
}

const char *ip_kind_name(enum ip_field_kind k)
{
	static const char *const names[IP_KIND_COUNT] = {
		[IP_KIND_TAG] = "tag",           [IP_KIND_OPCODE] = "opcode",
		[IP_KIND_REGISTER] = "register", [IP_KIND_COMPONENT] = "component",
		[IP_KIND_SWIZZLE] = "swizzle",   [IP_KIND_MASK] = "mask",
		[IP_KIND_IMMEDIATE] = "immediate", [IP_KIND_OFFSET] = "offset",
		[IP_KIND_MODIFIER] = "modifier", [IP_KIND_SIZE] = "size",
		[IP_KIND_FLAG] = "flag",         [IP_KIND_UNKNOWN] = "unknown",
		[IP_KIND_PADDING] = "padding",
	};
	return (unsigned)k < IP_KIND_COUNT ? names[k] : "?";
}

const char *ip_doc_name(enum ip_doc_level d)
{
	static const char *const names[IP_DOC_COUNT] = {
		[IP_DOC_KNOWN] = "known", [IP_DOC_UNKNOWN] = "unknown", [IP_DOC_UNUSED] = "unused"};
	return (unsigned)d < IP_DOC_COUNT ? names[d] : "?";
}

void ip_field_print_condition(const struct ip_field *f, FILE *out)
{
	int first = 1;
	for (unsigned c = 0; c < IP_FIELD_MAX_WHEN; c++) {
		const struct ip_when *w = &f->when[c];
		int count = 0, nfirst = 1;
		if (!w->field)
			continue;
		for (unsigned v = 0; v < 64; v++)
			count += (int)((w->set >> v) & 1);
		fprintf(out, "%s%s%s", first ? "" : " and ", w->field, count > 32 ? "!=" : "=");
		for (unsigned v = 0; v < 64; v++) {
			int in = (int)((w->set >> v) & 1);
			if ((count > 32) ? !in : in) {
				fprintf(out, "%s%u", nfirst ? "" : "|", v);
				nfirst = 0;
			}
		}
		first = 0;
	}
	if (first)
		fputc('-', out);
}

void ip_format_print(const struct ip_format *fmt, FILE *out)
{
	fprintf(out, "%s %s: %s (%u bits)\n", fmt->isa, fmt->name, fmt->title, fmt->bits);
	if (fmt->context)
		fprintf(out, "conditions may name fields of: %s\n", fmt->context->name);
	fprintf(out, "%-7s %-14s %-10s %-8s %-22s %s\n", "bits", "name", "kind", "doc", "when",
	        "description");
	for (unsigned i = 0; i < fmt->nfields; i++) {
		const struct ip_field *f = &fmt->fields[i];
		char bits[16], cond[128];
		FILE *m;
		if (f->width == 1)
			snprintf(bits, sizeof bits, "%u", f->lo);
		else
			snprintf(bits, sizeof bits, "%u-%u", f->lo, f->lo + f->width - 1);
		m = fmemopen(cond, sizeof cond, "w");
		if (m) {
			ip_field_print_condition(f, m);
			fclose(m);
		} else {
			strcpy(cond, "?");
		}
		fprintf(out, "%-7s %-14s %-10s %-8s %-22s %s", bits, f->name, ip_kind_name(f->kind),
		        ip_doc_name(f->doc), cond, f->note ? f->note : "");
		if (f->enums) {
			fputs(" [", out);
			for (const struct ip_enum *e = f->enums; e->name; e++)
				fprintf(out, "%s0x%llx=%s%s", e == f->enums ? "" : " ",
				        (unsigned long long)ip_enum_value_of(e), e->name,
				        e->value >> IP_ENUM_DOC_SHIFT
				                ? (e->value >> IP_ENUM_DOC_SHIFT == IP_DOC_UNUSED
				                           ? "(unused)"
				                           : "(unknown)")
				                : "");
			fputc(']', out);
		}
		fputc('\n', out);
	}
	if (fmt->source)
		fprintf(out, "source: %s\n", fmt->source);
}

static int is_selector(const struct ip_format *fmt, const char *name)
{
	for (unsigned i = 0; i < fmt->nfields; i++)
		for (unsigned c = 0; c < IP_FIELD_MAX_WHEN; c++)
			if (fmt->fields[i].when[c].field &&
			    same_name(fmt->fields[i].when[c].field, name))
				return 1;
	return 0;
}

ip_word ip_format_rebase(const struct ip_format *fmt, const ip_word *from, const ip_word *ctx)
{
	ip_word word = ip_word_zero();
	for (unsigned i = 0; i < fmt->nfields; i++) {
		const struct ip_field *f = &fmt->fields[i];
		if (has_conditions(f))
			continue;
		ip_field_set(f, &word, is_selector(fmt, f->name) ? ip_field_get(f, from) : f->dflt);
	}
	for (unsigned i = 0; i < fmt->nfields; i++) {
		const struct ip_field *f = &fmt->fields[i];
		if (has_conditions(f) && ip_field_active(fmt, f, &word, ctx))
			ip_field_set(f, &word, f->dflt);
	}
	return word;
}
