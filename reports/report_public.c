/* report_public.c: compares a finding with its ISA's public-knowledge overlay (isaprobe/public.h)
 * and gives the verdict (agrees, refines, differs, new, open) with the public field it names. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isaprobe/public.h"
#include "report_internal.h"

static const char *const verdict_names[RP_NVERDICTS] = {"differs", "new", "refines", "agrees",
                                                        "open"};

const char *rp_verdict_name(enum rp_verdict v)
{
	return v < RP_NVERDICTS ? verdict_names[v] : "";
}

/* Whether a finding of kind `kind` is what public work calls a field of kind k. */
static int kinds_match(enum ip_field_kind k, const char *kind)
{
	static const struct {
		enum ip_field_kind k;
		const char *kinds;
	} match[] = {
		{IP_KIND_REGISTER, " register "},
		{IP_KIND_COMPONENT, " component "},
		{IP_KIND_SWIZZLE, " component "},
		{IP_KIND_IMMEDIATE, " imm_signed imm_unsigned offset shift "},
		{IP_KIND_OFFSET, " imm_signed imm_unsigned offset "},
		{IP_KIND_MODIFIER, " modifier enum distinct "},
		{IP_KIND_SIZE, " modifier enum distinct "},
		{IP_KIND_FLAG, " modifier enum distinct "},
		{IP_KIND_OPCODE, " enum distinct "},
		{IP_KIND_TAG, " enum distinct "},
		{IP_KIND_MASK, " mask "},
		{IP_KIND_PADDING, " reserved ignored "},
	};
	char key[40];
	if (k == IP_KIND_UNKNOWN)
		return 1;
	snprintf(key, sizeof key, " %s ", kind);
	for (size_t i = 0; i < sizeof match / sizeof match[0]; i++)
		if (match[i].k == k)
			return strstr(match[i].kinds, key) != NULL;
	return 0;
}

/* Whether public work reads a field of kind k as a list of values (an opcode, a mode), any two
 * of which may act alike on some inputs. */
static int enum_like(enum ip_field_kind k)
{
	return k == IP_KIND_OPCODE || k == IP_KIND_TAG || k == IP_KIND_SIZE || k == IP_KIND_MODIFIER;
}

/* The next "key":"value" pair of a flat JSON object of strings at *p (no escapes: the
 * inference writes none there); 0 at the end. */
static int next_pair(const char **p, unsigned long long *key, const char **v, int *vlen)
{
	const char *k = strchr(*p, '"'), *ke, *vs, *ve;
	if (!k || !(ke = strchr(k + 1, '"')) || !(vs = strchr(ke + 1, '"')) ||
	    !(ve = strchr(vs + 1, '"')))
		return 0;
	*key = strtoull(k + 1, NULL, 10);
	*v = vs + 1;
	*vlen = (int)(ve - vs - 1);
	*p = ve + 1;
	return 1;
}

/* A value's name as found agrees with public work's name e: the same, or (a component select)
 * a register's component ".e", or (a register select) e's register with a component. */
static int same_name(enum ip_field_kind k, const char *n, int len, const char *e)
{
	size_t el = strlen(e);
	if ((size_t)len == el && !strncmp(n, e, el))
		return 1;
	if (k == IP_KIND_COMPONENT && (size_t)len > el && n[len - (int)el - 1] == '.' &&
	    !strncmp(n + len - (int)el, e, el))
		return 1;
	return k == IP_KIND_REGISTER && (size_t)len > el && n[el] == '.' && !strncmp(n, e, el);
}

/* The first value whose name (names: {"0":"r26",...}) contradicts what f's enums call it:
 * "value 0: r27 where public work says r26" into b; 0 when none does. */
static int values_differ(const struct ip_field *f, const char *names, struct strbuf *b)
{
	const char *p = names, *v;
	unsigned long long key;
	int len;
	if (!f->enums || (f->kind != IP_KIND_REGISTER && f->kind != IP_KIND_COMPONENT))
		return 0;
	while (p && next_pair(&p, &key, &v, &len)) {
		const char *e = ip_enum_name(f->enums, key);
		if (e && !same_name(f->kind, v, len, e)) {
			sb_printf(b, "value %llu: %.*s where public work says %s", key, len, v, e);
			return 1;
		}
	}
	return 0;
}

static void field_ref(struct strbuf *b, const struct ip_public_part *pt, const struct ip_field *f)
{
	unsigned lo = pt->base + f->lo, hi = lo + f->width - 1;
	if (lo == hi)
		sb_printf(b, "%s %u", f->name, lo);
	else
		sb_printf(b, "%s %u-%u", f->name, lo, hi);
}

/* The verdict of bits lo-hi (kind) against one part; its words into b. */
static enum rp_verdict against_part(const struct ip_public_part *pt, unsigned lo, unsigned hi,
                                    const char *kind, const char *names, struct strbuf *b)
{
	const struct ip_format *fmt = pt->fields;
	const struct ip_field *one = NULL;
	const struct ip_field *cut = NULL; /* a field it covers only part of */
	unsigned n = 0, ncut = 0, covers_all = 1;
	int ignored = !strcmp(kind, "ignored");
	for (unsigned i = 0; i < fmt->nfields; i++) {
		const struct ip_field *f = &fmt->fields[i];
		unsigned flo = pt->base + f->lo, fhi = flo + f->width - 1;
		if (flo > hi || fhi < lo)
			continue;
		n++;
		one = one ? one : f;
		/* whether every field it touches lies wholly inside it */
		covers_all &= flo >= lo && fhi <= hi;
		if (!(flo >= lo && fhi <= hi)) {
			cut = f;
			ncut++;
		}
	}
	if (!n)
		return RP_NVERDICTS;
	unsigned olo = pt->base + one->lo, ohi = olo + one->width - 1;
	if (ignored) {
		if (n == 1 && olo == lo && ohi == hi && one->kind == IP_KIND_PADDING) {
			sb_puts(b, "agrees with ");
			field_ref(b, pt, one);
			return RP_AGREES;
		}
		if (covers_all) { /* whole public fields this instruction does not read */
			sb_puts(b, "refines ");
			field_ref(b, pt, one);
			if (n > 1)
				sb_printf(b, " and %u more: not read here", n - 1);
			else
				sb_puts(b, ": not read here");
			return RP_REFINES;
		}
		if (n == 1 && (one->kind == IP_KIND_PADDING || enum_like(one->kind))) {
			/* part of a filler does nothing; or part of an enum: two of its values (the
			 * seed's and the one with these bits flipped) act alike on these inputs */
			sb_puts(b, "refines ");
			field_ref(b, pt, one);
			sb_puts(b, one->kind == IP_KIND_PADDING ? ": no effect in these bits"
			                                        : ": some of its values act alike here");
			return RP_REFINES;
		}
		if (ncut == 1) { /* part of one public field does nothing (and maybe whole others) */
			sb_puts(b, "differs from ");
			field_ref(b, pt, cut);
			sb_puts(b, ": part of it has no effect");
			return RP_DIFFERS;
		}
	} else if (n == 1 && lo >= olo && hi <= ohi) {
		struct strbuf why;
		sb_init(&why);
		if (!kinds_match(one->kind, kind)) {
			const char *k = ip_kind_name(one->kind);
			sb_printf(&why, "public work reads %s %s field", strchr("aeiou", k[0]) ? "an" : "a",
			          k);
		} else if (values_differ(one, names, &why)) {
		} else {
			int exact = olo == lo && ohi == hi && one->kind != IP_KIND_UNKNOWN;
			sb_puts(b, exact ? "agrees with " : "refines ");
			field_ref(b, pt, one);
			sb_free(&why);
			return exact ? RP_AGREES : RP_REFINES;
		}
		sb_puts(b, "differs from ");
		field_ref(b, pt, one);
		sb_printf(b, ": %s", why.s ? why.s : "");
		sb_free(&why);
		return RP_DIFFERS;
	}
	/* it spans several public fields or crosses one's boundary */
	sb_puts(b, "differs from ");
	field_ref(b, pt, one);
	if (n > 1)
		sb_printf(b, ": spans %u public fields", n);
	else
		sb_puts(b, ": crosses its boundary");
	return RP_DIFFERS;
}

/* Whether part pt has a field of exactly bits lo-hi. */
static int has_exact(const struct ip_public_part *pt, unsigned lo, unsigned hi)
{
	for (unsigned j = 0; j < pt->fields->nfields; j++)
		if (pt->base + pt->fields->fields[j].lo == lo &&
		    pt->base + pt->fields->fields[j].lo + pt->fields->fields[j].width - 1 == hi)
			return 1;
	return 0;
}

/* The public fields that bits lo-hi of format `name` touch, in the first part of the format
 * with a field of exactly those bits, else the first that touches them, for a finding with
 * nothing to compare ("index_shift 38-41 (uniform loads)"); 0 when none. */
static int touched(const struct ip_public_overlay *ov, const char *name, unsigned lo, unsigned hi,
                   struct strbuf *b)
{
	for (int pass = 0; ov && pass < 2; pass++)
		for (size_t i = 0; i < ov->nparts; i++) {
			const struct ip_public_part *pt = &ov->parts[i];
			unsigned n = 0;
			if (strcmp(pt->format, name) || (pass == 0 && !has_exact(pt, lo, hi)))
				continue;
			for (unsigned j = 0; j < pt->fields->nfields; j++) {
				const struct ip_field *f = &pt->fields->fields[j];
				if (pt->base + f->lo > hi || pt->base + f->lo + f->width - 1 < lo)
					continue;
				sb_puts(b, n++ ? ", " : "");
				field_ref(b, pt, f);
			}
			if (n) {
				if (pt->applies)
					sb_printf(b, " (%s)", pt->applies);
				return 1;
			}
		}
	return 0;
}

enum rp_verdict rp_public_compare(const char *format, unsigned lo, unsigned hi, const char *kind,
                                  const char *names, int partial, char **text)
{
	char isa[64];
	const char *dot = strchr(format, '.');
	const char *name = dot ? dot + 1 : format;
	snprintf(isa, sizeof isa, "%.*s", dot ? (int)(dot - format) : 0, format);
	const struct ip_public_overlay *ov = ip_public_overlay(isa);
	enum rp_verdict best = RP_NVERDICTS;
	struct strbuf best_text;
	sb_init(&best_text);
	if (!strcmp(kind, "unmodeled") || !strcmp(kind, "unknown") ||
	    !strcmp(kind, "model_differs")) {
		/* nothing was found to compare: say what public work reads there */
		sb_puts(&best_text, "open: public work reads ");
		if (touched(ov, name, lo, hi, &best_text)) {
			*text = sb_take(&best_text);
			return RP_OPEN;
		}
		sb_free(&best_text);
	}
	for (size_t i = 0; ov && i < ov->nparts; i++) {
		const struct ip_public_part *pt = &ov->parts[i];
		struct strbuf b;
		enum rp_verdict v;
		if (strcmp(pt->format, name))
			continue;
		sb_init(&b);
		v = against_part(pt, lo, hi, kind, names, &b);
		if (v != RP_NVERDICTS && (best == RP_NVERDICTS || v > best)) {
			if (pt->applies)
				sb_printf(&b, " (%s)", pt->applies);
			sb_free(&best_text);
			best_text = b;
			best = v;
		} else
			sb_free(&b);
	}
	if (best == RP_DIFFERS && partial && !strstr(best_text.s, " where public work says ")) {
		/* bits or kind differ, but values the runner could not say may join them up */
		struct strbuf b;
		sb_init(&b);
		sb_printf(&b, "open: %s, with values the runner could not say",
		          best_text.s + strlen("differs from "));
		sb_free(&best_text);
		*text = sb_take(&b);
		return RP_OPEN;
	}
	if (best == RP_DIFFERS && !strcmp(kind, "reserved")) {
		/* every value off the seed's faulted: no run that succeeded contradicts public work
		 * (a GPU faults where a program misuses a field as well: an offset past its table) */
		struct strbuf b;
		sb_init(&b);
		sb_printf(&b, "open: %s; its values fault here, no run that succeeded says otherwise",
		          best_text.s + strlen("differs from "));
		sb_free(&best_text);
		*text = sb_take(&b);
		return RP_OPEN;
	}
	if (best == RP_NVERDICTS) {
		sb_free(&best_text);
		*text = strdup(ov ? "new: no public reading of these bits"
		                  : "new: no public overlay for this ISA");
		if (!*text)
			abort();
		return RP_NEW;
	}
	*text = sb_take(&best_text);
	return best;
}
