/* report_public.c: compares a finding with what the seed notes and later public work say of its
 * bits and values (isaprobe/internal/public.h) and gives the verdict (known, agrees, refines, differs,
 * new, open) with the fields it names; new is said only of the values no source names. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isaprobe/isa.h"
#include "isaprobe/internal/probe.h"
#include "isaprobe/internal/public.h"
#include "report_internal.h"

static const char *const verdict_names[RP_NVERDICTS] = {"differs", "new",  "refines",
                                                        "agrees",  "open", "known"};

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
		{IP_KIND_REGISTER, " register enum distinct offset "},
		{IP_KIND_COMPONENT, " component enum distinct "},
		{IP_KIND_SWIZZLE, " component modifier enum distinct "},
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

int rp_next_pair(const char **p, unsigned long long *key, const char **v, int *vlen)
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
static int values_differ(const struct ip_public_part *pt, const struct ip_field *f,
                         const char *names, struct strbuf *b)
{
	const char *p = names, *v;
	unsigned long long key;
	int len;
	if (!pt->compare_names || !f->enums ||
	    (f->kind != IP_KIND_REGISTER && f->kind != IP_KIND_COMPONENT))
		return 0;
	while (p && rp_next_pair(&p, &key, &v, &len)) {
		const char *e = ip_enum_name(f->enums, key);
		if (e && !same_name(f->kind, v, len, e)) {
			sb_printf(b, "value %llu: %.*s where public work says %s", key, len, v, e);
			return 1;
		}
	}
	return 0;
}

static void bits_ref(struct strbuf *b, const char *name, unsigned lo, unsigned hi)
{
	if (lo == hi)
		sb_printf(b, "%s %u", name, lo);
	else
		sb_printf(b, "%s %u-%u", name, lo, hi);
}

static void field_ref(struct strbuf *b, const struct ip_public_part *pt, const struct ip_field *f)
{
	bits_ref(b, f->name, pt->base + f->lo, pt->base + f->lo + f->width - 1);
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
	} else if (n == 1 && lo >= olo && hi <= ohi && !strcmp(kind, "reserved") &&
	           enum_like(one->kind)) {
		/* bits of an opcode or mode whose other values fault: not every value is valid */
		sb_puts(b, "refines ");
		field_ref(b, pt, one);
		sb_puts(b, ": other values of these bits are not valid here");
		return RP_REFINES;
	} else if (n == 1 && lo >= olo && hi <= ohi) {
		struct strbuf why;
		sb_init(&why);
		if (!kinds_match(one->kind, kind)) {
			const char *k = ip_kind_name(one->kind);
			sb_printf(&why, "public work reads %s %s field", strchr("aeiou", k[0]) ? "an" : "a",
			          k);
		} else if (values_differ(pt, one, names, &why)) {
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

/* Whether part pt can apply to the finding's instruction (its word known and not matched:
 * no). */
int rp_part_applies(const struct ip_public_part *pt, const struct rp_public_in *in)
{
	if (!in || !in->word)
		return 1;
	if (pt->mask && (in->word->w[0] & pt->mask) != pt->exact)
		return 0;
	return !pt->match || pt->match(in->word, in->ctx);
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

/* The public fields that bits lo-hi of format `name` touch, for a finding with nothing to
 * compare ("index_shift 38-41 (uniform loads)"); 0 when none. With the instruction word known,
 * those of every part that applies to it; otherwise those of the first part with a field of
 * exactly those bits, else of the first that touches them. */
static int touched(const struct ip_public_overlay *ov, const char *name, unsigned lo, unsigned hi,
                   const struct rp_public_in *in, struct strbuf *b)
{
	unsigned n = 0;
	for (int pass = 0; ov && pass < (in->word ? 1 : 2); pass++)
		for (size_t i = 0; i < ov->nparts; i++) {
			const struct ip_public_part *pt = &ov->parts[i];
			unsigned here = 0;
			if (strcmp(pt->format, name) || !rp_part_applies(pt, in) ||
			    (!in->word && pass == 0 && !has_exact(pt, lo, hi)))
				continue;
			for (unsigned j = 0; j < pt->fields->nfields; j++) {
				const struct ip_field *f = &pt->fields->fields[j];
				if (pt->base + f->lo > hi || pt->base + f->lo + f->width - 1 < lo)
					continue;
				sb_puts(b, n++ ? ", " : "");
				field_ref(b, pt, f);
				here++;
			}
			if (here && pt->applies)
				sb_printf(b, " (%s)", pt->applies);
			if (n && !in->word)
				return 1;
		}
	return n > 0;
}

/* ---- what the notes say ------------------------------------------------------------------ */

/* The notes' format of "isa.name" (NULL when the ISA or format is not the project's). */
static const struct ip_format *notes_format(const char *format)
{
	char isa[64];
	const char *dot = strchr(format, '.');
	const struct ip_isa *i;
	if (!dot || (size_t)(dot - format) >= sizeof isa)
		return NULL;
	snprintf(isa, sizeof isa, "%.*s", (int)(dot - format), format);
	i = ip_isa_find(isa);
	return i ? ip_isa_format(i, dot + 1) : NULL;
}

/* Whether field f of the notes exists in the finding's instruction (every alternative does
 * when the word is not known). */
static int notes_active(const struct ip_format *fmt, const struct ip_field *f,
                        const struct rp_public_in *in)
{
	return !in->word || fmt->bits > IP_WORD_MAX_BITS || ip_field_active(fmt, f, in->word, in->ctx);
}

/* Whether every field of fmt (every alternative) that touches bits lo-hi is one the notes
 * describe; the names of those fields ("acc_op 83-85") into b. */
static int notes_know(const struct ip_format *fmt, unsigned lo, unsigned hi,
                      const struct rp_public_in *in, struct strbuf *b)
{
	unsigned n = 0;
	if (!fmt)
		return 0;
	for (unsigned i = 0; i < fmt->nfields; i++) {
		const struct ip_field *f = &fmt->fields[i];
		int seen = 0;
		if (f->lo > hi || f->lo + f->width <= lo || !notes_active(fmt, f, in))
			continue;
		if (f->doc != IP_DOC_KNOWN)
			return 0;
		for (unsigned j = 0; j < i; j++)
			seen |= !strcmp(fmt->fields[j].name, f->name) &&
			        !(fmt->fields[j].lo > hi || fmt->fields[j].lo + fmt->fields[j].width <= lo);
		if (seen)
			continue;
		sb_puts(b, n++ ? ", " : "");
		bits_ref(b, f->name, f->lo, f->lo + f->width - 1);
	}
	return n > 0;
}

/* The one field of fmt (alternatives of one name and bits count once) that holds bits lo-hi
 * and has value meanings, or NULL. */
static const struct ip_field *notes_enum_field(const struct ip_format *fmt, unsigned lo,
                                               unsigned hi, const struct rp_public_in *in)
{
	const struct ip_field *one = NULL;
	for (unsigned i = 0; fmt && i < fmt->nfields; i++) {
		const struct ip_field *f = &fmt->fields[i];
		if (f->lo > hi || f->lo + f->width <= lo || !notes_active(fmt, f, in))
			continue;
		if (f->lo > lo || f->lo + f->width - 1u < hi || !f->enums)
			return NULL; /* an alternative that reads the bits otherwise */
		if (one && (one->lo != f->lo || one->width != f->width || one->enums != f->enums))
			return NULL;
		one = f;
	}
	return one;
}

/* ---- per value ------------------------------------------------------------------------------ */

/* A field's value when bits lo-hi hold v and its other bits hold the seed's; 0 when those
 * are not known. */
static int full_value(const struct rp_public_in *in, unsigned flo, unsigned width,
                      unsigned long long v, uint64_t *out)
{
	uint64_t fv = 0;
	if (width > 64)
		return 0;
	for (unsigned b = flo; b < flo + width; b++) {
		uint64_t bit;
		if (b >= in->lo && b <= in->hi)
			bit = (v >> (b - in->lo)) & 1;
		else if (in->word && b < IP_WORD_MAX_BITS)
			bit = ip_bits_get(in->word, b, 1);
		else if (in->seed && in->seed_known && b < IP_WORD_MAX_BITS &&
		         ip_bits_get(in->seed_known, b, 1))
			bit = ip_bits_get(in->seed, b, 1);
		else
			return 0;
		fv |= bit << (b - flo);
	}
	*out = fv;
	return 1;
}

/* Whether name is one the source gives a value it does not know ("unknown", "unk3"). */
static int unnamed(const char *name)
{
	return !name || !strncmp(name, "unk", 3) || !strncmp(name, "unused", 6) ||
	       !strcmp(name, "reserved");
}

/* A set of values, ascending (value lists of a finding are short). */
struct vset {
	unsigned long long v[256];
	unsigned n;
	unsigned more; /* values beyond the 256 kept */
};

static void vset_add(struct vset *s, unsigned long long v)
{
	unsigned i;
	if (s->n == sizeof s->v / sizeof s->v[0]) {
		s->more++;
		return;
	}
	for (i = s->n; i > 0 && s->v[i - 1] > v; i--)
		s->v[i] = s->v[i - 1];
	s->v[i] = v;
	s->n++;
}

/* "0-2, 4, 7" */
static void vset_print(struct strbuf *b, const struct vset *s)
{
	for (unsigned i = 0; i < s->n;) {
		unsigned j = i;
		while (j + 1 < s->n && s->v[j + 1] == s->v[j] + 1)
			j++;
		sb_puts(b, i ? ", " : "");
		if (j == i)
			sb_printf(b, "%llu", s->v[i]);
		else
			sb_printf(b, "%llu-%llu", s->v[i], s->v[j]);
		i = j + 1;
	}
	if (s->more)
		sb_printf(b, " and %u more", s->more);
}

/* Whether value v is one the runner could not say ("unmodeled":[...] of the details, passed
 * as `unmodeled`, or its text "unmodeled"). */
static int undetermined(const char *unmodeled, unsigned long long v, const char *text, int len)
{
	char key[32];
	const char *p = unmodeled;
	if (len == 9 && !strncmp(text, "unmodeled", 9))
		return 1;
	snprintf(key, sizeof key, "%llu", v);
	while (p && *p) {
		size_t n = strspn(p, "0123456789");
		if (n == strlen(key) && !strncmp(p, key, n))
			return 1;
		p += n;
		p += strcspn(p, "0123456789");
	}
	return 0;
}

/* The determined values of a finding (the keys of its names or values object) into s. */
static void determined(const struct rp_public_in *in, struct vset *s)
{
	const char *p = in->names && in->names[0] ? in->names : in->values, *v;
	unsigned long long key;
	int len;
	while (p && rp_next_pair(&p, &key, &v, &len))
		if (!undetermined(in->unmodeled, key, v, len))
			vset_add(s, key);
}

/* Where one public field names the values: the part and field, and the values it names. */
struct named {
	const struct ip_public_part *pt;
	const struct ip_field *f;
	struct vset vals;
};

/* The public field that holds bits lo-hi in a part that applies: the first with value meanings,
 * else the first without (which reads every value), or NULL. */
static const struct ip_field *public_enum_field(const struct ip_public_overlay *ov,
                                                const char *name, const struct rp_public_in *in,
                                                const struct ip_public_part **part)
{
	unsigned lo = in->lo, hi = in->hi;
	const struct ip_field *plain = NULL;
	for (size_t i = 0; ov && i < ov->nparts; i++) {
		const struct ip_public_part *pt = &ov->parts[i];
		if (strcmp(pt->format, name) || !rp_part_applies(pt, in))
			continue;
		for (unsigned j = 0; j < pt->fields->nfields; j++) {
			const struct ip_field *f = &pt->fields->fields[j];
			unsigned flo = pt->base + f->lo, fhi = flo + f->width - 1;
			if (flo > lo || fhi < hi || f->kind == IP_KIND_PADDING)
				continue;
			if (f->enums) {
				*part = pt;
				return f;
			}
			if (!plain) {
				plain = f;
				*part = pt;
			}
		}
	}
	return plain;
}

/* Each determined value as the notes know it, as public work names it, or neither. */
struct per_value {
	int done;                /* the values could be placed in a field with value meanings */
	const struct ip_field *nf; /* the notes' field */
	struct vset known, fresh, open;
	struct named pub;
};

static void classify(const struct rp_public_in *in, const struct ip_format *fmt,
                     const struct ip_public_overlay *ov, const char *name, struct per_value *pv,
                     int undetermined_too)
{
	struct vset all;
	const struct ip_field *nf = notes_enum_field(fmt, in->lo, in->hi, in);
	const struct ip_public_part *pt = NULL;
	const struct ip_field *pf = public_enum_field(ov, name, in, &pt);
	memset(pv, 0, sizeof *pv);
	memset(&all, 0, sizeof all);
	if (!nf && !pf)
		return;
	if (undetermined_too) { /* every value of the bits but the seed's (an unmodeled field) */
		unsigned w = in->hi - in->lo + 1;
		if (w > 8)
			return;
		for (unsigned long long v = 0; v < (1ull << w); v++)
			vset_add(&all, v);
	} else {
		determined(in, &all);
	}
	if (!all.n)
		return;
	pv->nf = nf;
	pv->pub.pt = pt;
	pv->pub.f = pf;
	for (unsigned i = 0; i < all.n; i++) {
		uint64_t fv;
		int placed = 0;
		if (nf && full_value(in, nf->lo, nf->width, all.v[i], &fv)) {
			placed = 1;
			if (nf->doc == IP_DOC_KNOWN && ip_enum_doc(nf->enums, fv) == IP_DOC_KNOWN &&
			    ip_enum_name(nf->enums, fv)) {
				vset_add(&pv->known, all.v[i]);
				continue;
			}
		}
		if (pf && full_value(in, pt->base + pf->lo, pf->width, all.v[i], &fv)) {
			placed = 1;
			if (!pf->enums || !unnamed(ip_enum_name(pf->enums, fv))) {
				vset_add(&pv->pub.vals, all.v[i]);
				continue;
			}
		}
		if (!placed)
			return; /* the seed's other bits are not known: no value can be placed */
		vset_add(&pv->fresh, all.v[i]);
	}
	pv->done = 1;
}

/* "acc_op 83-85" (or the field's bits the finding's lie in) */
static void notes_field_ref(struct strbuf *b, const struct ip_field *f)
{
	bits_ref(b, f->name, f->lo, f->lo + f->width - 1);
}

/* The per-value words: "values 3, 7 named by no source; 0-2 known: notes acc_op 83-85; 4-5
 * named by lima pass_op 103-105 (preexp2, postlog2)". */
static void per_value_text(struct strbuf *b, const struct per_value *pv, const char *who,
                           int sub, const struct rp_public_in *in)
{
	const char *sep = "";
	if (pv->fresh.n) {
		sb_printf(b, "%s ", pv->fresh.n > 1 ? "values" : "value");
		vset_print(b, &pv->fresh);
		sb_puts(b, sub ? " (of these bits) named by no source" : " named by no source");
		sep = "; ";
	}
	if (pv->known.n) {
		sb_puts(b, sep);
		vset_print(b, &pv->known);
		sb_puts(b, " known: notes ");
		notes_field_ref(b, pv->nf);
		sep = "; ";
	}
	if (pv->pub.vals.n) {
		sb_puts(b, sep);
		vset_print(b, &pv->pub.vals);
		sb_printf(b, " named by %s ", who ? who : "public work");
		field_ref(b, pv->pub.pt, pv->pub.f);
		sb_puts(b, " (");
		for (unsigned i = 0; i < pv->pub.vals.n && i < 8; i++) {
			uint64_t fv = 0;
			full_value(in, pv->pub.pt->base + pv->pub.f->lo, pv->pub.f->width,
			           pv->pub.vals.v[i], &fv);
			if (pv->pub.f->enums)
				sb_printf(b, "%s%s", i ? ", " : "", ip_enum_name(pv->pub.f->enums, fv));
			else
				sb_printf(b, "%s%llu", i ? ", " : "", (unsigned long long)fv);
		}
		sb_puts(b, pv->pub.vals.n > 8 ? ", ...)" : ")");
	}
}

/* Where public work was searched for bits lo-hi of format name: "; looked in: ..." into b. */
static void looked_in(const struct ip_public_overlay *ov, const char *name, unsigned lo,
                      unsigned hi, const struct rp_public_in *in, struct strbuf *b)
{
	unsigned n = 0;
	for (size_t i = 0; ov && i < ov->nsilences; i++) {
		const struct ip_public_silence *s = &ov->silences[i];
		if (strcmp(s->format, name) || s->lo > hi || s->hi < lo ||
		    (in->word && s->match && !s->match(in->word, in->ctx)))
			continue;
		sb_puts(b, n++ ? "; " : " (looked in: ");
		sb_puts(b, s->where);
	}
	if (n)
		sb_puts(b, ")");
}

/* ---- the verdict ----------------------------------------------------------------------------- */

static int without_values(const char *kind)
{
	return !strcmp(kind, "unmodeled") || !strcmp(kind, "unknown") ||
	       !strcmp(kind, "model_differs");
}

/* The strongest verdict of the overlay's parts that read format `name` where `in` applies
 * (RP_NVERDICTS: none), its text in *best_text (initialised, replaced). */
static enum rp_verdict best_part(const struct ip_public_overlay *ov, const char *name,
                                 const struct rp_public_in *in, struct strbuf *best_text)
{
	enum rp_verdict best = RP_NVERDICTS;
	for (size_t i = 0; ov && i < ov->nparts; i++) {
		const struct ip_public_part *pt = &ov->parts[i];
		struct strbuf b;
		enum rp_verdict v;
		if (strcmp(pt->format, name) || !rp_part_applies(pt, in))
			continue;
		sb_init(&b);
		v = against_part(pt, in->lo, in->hi, in->kind, in->names, &b);
		if (v != RP_NVERDICTS && (best == RP_NVERDICTS || v > best)) {
			if (pt->applies)
				sb_printf(&b, " (%s)", pt->applies);
			sb_free(best_text);
			*best_text = b;
			best = v;
		} else
			sb_free(&b);
	}
	return best;
}

enum rp_verdict rp_public_verdict(const struct rp_public_in *in, char **text)
{
	const char *format = in->format, *kind = in->kind;
	unsigned lo = in->lo, hi = in->hi;
	char isa[64];
	const char *dot = strchr(format, '.');
	const char *name = dot ? dot + 1 : format;
	const struct ip_public_overlay *ov;
	const struct ip_format *fmt = notes_format(format);
	enum rp_verdict best;
	struct strbuf best_text, known_text, out;
	struct per_value pv;
	int known;
	snprintf(isa, sizeof isa, "%.*s", dot ? (int)(dot - format) : 0, format);
	ov = ip_public_overlay(isa);
	sb_init(&best_text);
	sb_init(&known_text);
	sb_init(&out);
	known = notes_know(fmt, lo, hi, in, &known_text);
	if (without_values(kind)) {
		/* nothing was found to compare: say who reads the bits, and the values none names */
		struct strbuf pub;
		sb_init(&pub);
		if (touched(ov, name, lo, hi, in, &pub) || known) {
			sb_puts(&out, "open: ");
			if (known)
				sb_printf(&out, "the notes read %s%s", known_text.s,
				          pub.len ? "; " : "");
			if (pub.len)
				sb_printf(&out, "public work reads %s", pub.s);
			classify(in, fmt, ov, name, &pv, 1);
			if (pv.done && pv.fresh.n) {
				sb_printf(&out, "; %s ", pv.fresh.n > 1 ? "values" : "value");
				vset_print(&out, &pv.fresh);
				sb_puts(&out, " named by no source");
			}
			sb_free(&pub);
			sb_free(&known_text);
			*text = sb_take(&out);
			return RP_OPEN;
		}
		sb_free(&pub);
	}
	best = best_part(ov, name, in, &best_text);
	classify(in, fmt, ov, name, &pv, 0);
	if (!without_values(kind) && pv.done && pv.fresh.n) {
		/* values no source names: news, whatever else the bits are */
		int sub = pv.nf ? (pv.nf->lo != lo || pv.nf->lo + pv.nf->width - 1u != hi) : 0;
		sb_puts(&out, "new: ");
		per_value_text(&out, &pv, ov ? ov->who : NULL, sub, in);
		sb_free(&best_text);
		sb_free(&known_text);
		*text = sb_take(&out);
		return RP_NEW;
	}
	if (best == RP_DIFFERS) {
		/* the bits or values contradict public work, whatever the notes say of them */
		sb_free(&known_text);
		if (in->partial && !strstr(best_text.s, " where public work says ")) {
			/* but values the runner could not say may join them up */
			sb_printf(&out, "open: %s, with values the runner could not say",
			          best_text.s + strlen("differs from "));
			sb_free(&best_text);
			*text = sb_take(&out);
			return RP_OPEN;
		}
		if (!strcmp(kind, "reserved")) {
			/* every value off the seed's faulted: no run that succeeded contradicts public
			 * work (a GPU faults where a program misuses a field as well: an offset past its
			 * table) */
			sb_printf(&out, "open: %s; its values fault here, no run that succeeded says "
			          "otherwise", best_text.s + strlen("differs from "));
			sb_free(&best_text);
			*text = sb_take(&out);
			return RP_OPEN;
		}
		sb_free(&out);
		*text = sb_take(&best_text);
		return RP_DIFFERS;
	}
	if (!without_values(kind) && pv.done && pv.known.n && !pv.pub.vals.n) {
		/* every value it tells apart is one the notes name */
		int sub = pv.nf->lo != lo || pv.nf->lo + pv.nf->width - 1u != hi;
		sb_puts(&out, "known: notes ");
		notes_field_ref(&out, pv.nf);
		sb_printf(&out, " (%s ", pv.known.n > 1 ? "values" : "value");
		vset_print(&out, &pv.known);
		sb_puts(&out, sub ? " of these bits)" : ")");
		sb_free(&best_text);
		sb_free(&known_text);
		*text = sb_take(&out);
		return RP_KNOWN;
	}
	if (!without_values(kind) && pv.done && pv.pub.vals.n) {
		/* values public work names (and perhaps the notes): the public field's verdict */
		if (best == RP_NVERDICTS) {
			best = RP_AGREES;
			sb_puts(&best_text, "agrees with ");
			field_ref(&best_text, pv.pub.pt, pv.pub.f);
		}
		if (pv.known.n) { /* and values the notes name */
			sb_printf(&best_text, "; %s ", pv.known.n > 1 ? "values" : "value");
			vset_print(&best_text, &pv.known);
			sb_puts(&best_text, " known: notes ");
			notes_field_ref(&best_text, pv.nf);
		}
		sb_free(&known_text);
		*text = sb_take(&best_text);
		return best;
	}
	if (known) {
		sb_printf(&out, "known: notes %s", known_text.s);
		sb_free(&best_text);
		sb_free(&known_text);
		*text = sb_take(&out);
		return RP_KNOWN;
	}
	sb_free(&known_text);
	if (best == RP_NVERDICTS) {
		sb_free(&best_text);
		if (!ov) {
			sb_puts(&out, "new: no public overlay for this ISA");
		} else {
			sb_puts(&out, "new: no source reads ");
			bits_ref(&out, lo == hi ? "bit" : "bits", lo, hi);
			sb_puts(&out, ", any value");
			looked_in(ov, name, lo, hi, in, &out);
		}
		*text = sb_take(&out);
		return RP_NEW;
	}
	sb_free(&out);
	*text = sb_take(&best_text);
	return best;
}

enum rp_verdict rp_public_compare(const char *format, unsigned lo, unsigned hi, const char *kind,
                                  const char *names, int partial, char **text)
{
	struct rp_public_in in;
	memset(&in, 0, sizeof in);
	in.format = format;
	in.lo = lo;
	in.hi = hi;
	in.kind = kind;
	in.names = names;
	in.partial = partial;
	return rp_public_verdict(&in, text);
}

/* ---- from the database ------------------------------------------------------------------------ */

/* The seed's bits of the finding's instruction word, as far as the campaign's targets cover
 * it: campaign `camp`, context `ctx`, format "isa.name", the instruction bundle/slot. */
static void seed_bits(struct ip_store *db, long long camp, unsigned ctx, const char *format,
                      unsigned bundle, unsigned slot, ip_word *seed, ip_word *known)
{
	struct ip_stored_target *t = NULL;
	uint8_t *be = NULL;
	size_t nt = 0, size = 0;
	int len;
	*seed = ip_word_zero();
	*known = ip_word_zero();
	if (ip_store_context_seed(db, camp, ctx, &be, &size) || !be || size > 512)
		goto out;
	len = (int)size;
	if (ip_store_slot_targets(db, camp, format, bundle, slot, &t, &nt))
		goto out;
	for (size_t i = 0; i < nt; i++) {
		long long vlo = t[i].value_lo, w = t[i].width, flo = t[i].lo;
		for (long long k = 0; k < w; k++) {
			long long vb = vlo + k, fb = flo + k;
			if (vb < 0 || vb >= 8LL * len || fb < 0 || fb >= (long long)IP_WORD_MAX_BITS)
				continue;
			ip_bits_set(seed, (unsigned)fb, 1,
			            (uint64_t)(be[len - 1 - vb / 8] >> (vb % 8)) & 1);
			ip_bits_set(known, (unsigned)fb, 1, 1);
		}
	}
out:
	free(t);
	free(be);
}

void rp_public_cache_free(struct rp_public_cache *c)
{
	if (c->probe) {
		ip_probe_free(c->probe);
		free(c->probe);
	}
	c->probe = NULL;
	c->campaign = 0;
}

/* The probe campaign `camp` ran, parsed (cached in c), or NULL. */
static const struct ip_probe *campaign_probe(struct ip_store *db, long long camp,
                                             struct rp_public_cache *c)
{
	struct ip_diag d;
	char path[64], *text;
	if (c->campaign == camp)
		return c->probe;
	rp_public_cache_free(c);
	c->campaign = camp;
	if (!(text = ip_store_campaign_text(db, camp)))
		return NULL;
	if (!(c->probe = calloc(1, sizeof *c->probe)))
		abort();
	memset(&d, 0, sizeof d);
	snprintf(path, sizeof path, "campaign %lld", camp);
	if (ip_probe_parse(text, path, c->probe, &d) != 0) {
		ip_probe_free(c->probe);
		free(c->probe);
		c->probe = NULL;
	}
	free(text);
	return c->probe;
}

/* The slot of probe p's context ctx that holds the finding's word (format "isa.name"), or
 * NULL. */
static const struct ip_slot *probe_slot(const struct ip_probe *p, unsigned ctx, unsigned bundle,
                                        unsigned slot, const char *format,
                                        const struct ip_bundle **bp)
{
	const char *dot = strchr(format, '.');
	const struct ip_program *prog;
	if (!p || ctx >= p->ncontexts || !dot)
		return NULL;
	prog = &p->contexts[ctx].prog;
	if (bundle >= prog->nbundles || slot >= prog->bundles[bundle].nslots)
		return NULL;
	*bp = &prog->bundles[bundle];
	if (strcmp(prog->bundles[bundle].slots[slot].fmt->name, dot + 1))
		return NULL;
	return &prog->bundles[bundle].slots[slot];
}

void rp_public_input(struct ip_store *db, const struct ip_finding_row *r, struct rp_public_cache *c,
                     struct rp_public_in *in, ip_word w[3])
{
	const struct ip_slot *sl;
	const struct ip_bundle *bu = NULL;
	long long camp = r->last_seen;
	unsigned ctx = r->context, bundle = r->bundle, slot = r->slot;
	memset(in, 0, sizeof *in);
	in->format = r->format;
	in->lo = r->lo;
	in->hi = r->hi;
	in->kind = r->kind;
	in->values = r->values;
	in->unmodeled = r->unmodeled;
	in->names = r->names;
	in->partial = in->unmodeled[0] != 0;
	sl = probe_slot(campaign_probe(db, camp, c), ctx, bundle, slot, in->format, &bu);
	if (sl) {
		const ip_word *cw = ip_slot_context(bu, sl);
		w[0] = sl->value;
		w[1] = ip_word_range(0, IP_WORD_MAX_BITS);
		in->word = &w[0];
		if (cw) {
			w[2] = *cw;
			in->ctx = &w[2];
		}
	} else {
		seed_bits(db, camp, ctx, in->format, bundle, slot, &w[0], &w[1]);
	}
	in->seed = &w[0];
	in->seed_known = &w[1];
}

enum rp_verdict rp_public_row(struct ip_store *db, const struct ip_finding_row *r,
                              struct rp_public_cache *c, char **text)
{
	struct rp_public_in in;
	struct rp_public_cache local = {0, NULL};
	ip_word w[3];
	enum rp_verdict v;
	rp_public_input(db, r, c ? c : &local, &in, w);
	v = rp_public_verdict(&in, text);
	rp_public_cache_free(&local);
	return v;
}

const struct ip_field *rp_public_field(const struct rp_public_in *in,
                                       const struct ip_public_part **part)
{
	char isa[64];
	const char *dot = strchr(in->format, '.');
	const struct ip_public_overlay *ov;
	const struct ip_field *inside = NULL;
	snprintf(isa, sizeof isa, "%.*s", dot ? (int)(dot - in->format) : 0, in->format);
	ov = ip_public_overlay(isa);
	for (size_t i = 0; ov && dot && i < ov->nparts; i++) {
		const struct ip_public_part *pt = &ov->parts[i];
		if (strcmp(pt->format, dot + 1) || !rp_part_applies(pt, in))
			continue;
		for (unsigned j = 0; j < pt->fields->nfields; j++) {
			const struct ip_field *f = &pt->fields->fields[j];
			unsigned flo = pt->base + f->lo, fhi = flo + f->width - 1;
			if (flo == in->lo && fhi == in->hi) {
				*part = pt;
				return f;
			}
			if (!inside && flo <= in->lo && fhi >= in->hi) {
				inside = f;
				*part = pt;
			}
		}
	}
	return inside;
}
