/* probe_resolve.c: a probe's `target` and `context` lines resolved against the seed program
 * and the ISA's field tables, and moving a variant's value into and out of a program. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe_internal.h"

int ip_probe_copy_program(struct ip_program *dst, const struct ip_program *src)
{
	ip_program_init(dst, src->isa);
	if (!src->nbundles)
		return 0;
	dst->bundles = malloc(src->nbundles * sizeof *dst->bundles);
	if (!dst->bundles)
		return -1;
	memcpy(dst->bundles, src->bundles, src->nbundles * sizeof *dst->bundles);
	dst->nbundles = dst->cap = src->nbundles;
	return 0;
}

void ip_probe_apply(const struct ip_probe *p, struct ip_program *prog, const ip_word *value)
{
	for (unsigned i = 0; i < p->ntargets; i++) {
		const struct ip_probe_target *t = &p->targets[i];
		ip_word *w = &prog->bundles[t->bundle].slots[t->slot].value;
		for (unsigned done = 0; done < t->width;) {
			unsigned chunk = t->width - done > 64 ? 64 : t->width - done;
			ip_bits_set(w, t->lo + done, chunk, ip_bits_get(value, t->value_lo + done, chunk));
			done += chunk;
		}
	}
}

ip_word ip_probe_extract(const struct ip_probe *p, const struct ip_program *prog)
{
	ip_word v = ip_word_zero();
	for (unsigned i = 0; i < p->ntargets; i++) {
		const struct ip_probe_target *t = &p->targets[i];
		const ip_word *w = &prog->bundles[t->bundle].slots[t->slot].value;
		for (unsigned done = 0; done < t->width;) {
			unsigned chunk = t->width - done > 64 ? 64 : t->width - done;
			ip_bits_set(&v, t->value_lo + done, chunk, ip_bits_get(w, t->lo + done, chunk));
			done += chunk;
		}
	}
	return v;
}

/* Resolves a slot reference: "B.S" (bundle and slot numbers), "B.FORMAT" (the first slot of
 * that format in bundle B) or "B.FORMAT.K" (the K-th, from 0). */
static int slot_ref(const struct ip_program *prog, const char *ref, unsigned line, unsigned col,
                    unsigned *bundle, unsigned *slot, struct ip_diag *d)
{
	char buf[128], *dot, *name, *kdot;
	uint64_t b, s, k = 0;
	const struct ip_bundle *bu;
	if (strlen(ref) >= sizeof buf)
		return ip_diag_at(d, line, col, "slot reference too long");
	strcpy(buf, ref);
	dot = strchr(buf, '.');
	if (!dot)
		return ip_diag_at(d, line, col,
		                  "'%s' is not a slot: write BUNDLE.SLOT (numbers) or BUNDLE.FORMAT[.K]",
		                  ref);
	*dot = '\0';
	name = dot + 1;
	if (probe_number(buf, &b) != 0)
		return ip_diag_at(d, line, col, "'%s': the bundle must be a number", ref);
	if (b >= prog->nbundles)
		return ip_diag_at(d, line, col, "'%s': the program has %zu words (bundles 0-%zu)", ref,
		                  prog->nbundles, prog->nbundles ? prog->nbundles - 1 : 0);
	bu = &prog->bundles[b];
	if (probe_number(name, &s) == 0) {
		if (s >= bu->nslots)
			return ip_diag_at(d, line, col, "'%s': bundle %llu has %u slots (0-%u)", ref,
			                  (unsigned long long)b, bu->nslots, bu->nslots - 1);
		*bundle = (unsigned)b;
		*slot = (unsigned)s;
		return 0;
	}
	kdot = strchr(name, '.');
	if (kdot) {
		*kdot = '\0';
		if (probe_number(kdot + 1, &k) != 0)
			return ip_diag_at(d, line, col, "'%s': the occurrence after the format must be a "
			                                "number", ref);
	}
	if (!ip_isa_format(prog->isa, name))
		return ip_diag_at(d, line, col, "'%s': the ISA %s has no word format '%s' (isaprobe "
		                                "fields %s lists them)",
		                  ref, prog->isa->name, name, prog->isa->name);
	for (unsigned i = 0; i < bu->nslots; i++) {
		if (strcmp(bu->slots[i].fmt->name, name) != 0)
			continue;
		if (k-- == 0) {
			*bundle = (unsigned)b;
			*slot = i;
			return 0;
		}
	}
	return ip_diag_at(d, line, col, "'%s': bundle %llu has no such %s slot", ref,
	                  (unsigned long long)b, name);
}

/* The active field holding bits [lo, lo + width) of a slot's word entirely, or NULL. */
static const struct ip_field *field_over(const struct ip_bundle *b, const struct ip_slot *s,
                                         unsigned lo, unsigned width)
{
	const ip_word *ctx = ip_slot_context(b, s);
	for (unsigned i = 0; i < s->fmt->nfields; i++) {
		const struct ip_field *f = &s->fmt->fields[i];
		if (f->lo <= lo && lo + width <= (unsigned)f->lo + f->width &&
		    ip_field_active(s->fmt, f, &s->value, ctx))
			return f;
	}
	return NULL;
}

static int parse_range(const char *s, unsigned *lo, unsigned *hi)
{
	char buf[64], *dash;
	uint64_t a, b;
	if (strlen(s) >= sizeof buf)
		return -1;
	strcpy(buf, s);
	dash = strchr(buf, '-');
	if (dash)
		*dash = '\0';
	if (probe_number(buf, &a) || a > 1024)
		return -1;
	b = a;
	if (dash && (probe_number(dash + 1, &b) || b > 1024 || b < a))
		return -1;
	*lo = (unsigned)a;
	*hi = (unsigned)b;
	return 0;
}

int probe_target_line(struct ip_probe *p, struct probe_state *st, struct probe_line *l,
                      struct ip_diag *d)
{
	struct ip_probe_target *t;
	const struct ip_bundle *b;
	const struct ip_slot *s;
	unsigned lo, hi;
	if (!st->have_program)
		return ip_diag_at(d, l->line, l->col[0], "`target` before `program`: the target "
		                                         "names bits of the seed program");
	if (p->ncontexts)
		return ip_diag_at(d, l->line, l->col[0], "`target` after `context`: list the targets "
		                                         "first");
	if (l->ntok < 3 || l->ntok > 4 || (l->ntok == 4 && strcmp(l->tok[2], "bits") != 0))
		return ip_diag_at(d, l->line, l->col[0],
		                  "expected `target SLOT FIELD` or `target SLOT bits LO-HI`");
	if (p->ntargets == IP_PROBE_MAX_TARGETS)
		return ip_diag_at(d, l->line, l->col[0], "more than %d target lines",
		                  IP_PROBE_MAX_TARGETS);
	t = &p->targets[p->ntargets];
	memset(t, 0, sizeof *t);
	t->line = l->line;
	if (slot_ref(&st->seed, l->tok[1], l->line, l->col[1], &t->bundle, &t->slot, d))
		return -1;
	b = &st->seed.bundles[t->bundle];
	s = &b->slots[t->slot];
	t->fmt = s->fmt;
	if (l->ntok == 3) {
		const struct ip_field *f =
			ip_format_active_field(s->fmt, l->tok[2], &s->value, ip_slot_context(b, s));
		if (!f) {
			if (ip_format_field(s->fmt, l->tok[2]))
				return ip_diag_at(d, l->line, l->col[2],
				                  "field '%s' of %s.%s is not present in this word of the seed "
				                  "(its conditions do not hold)",
				                  l->tok[2], p->isa->name, s->fmt->name);
			return ip_diag_at(d, l->line, l->col[2],
			                  "unknown field '%s' in %s.%s (isaprobe fields %s %s lists them)",
			                  l->tok[2], p->isa->name, s->fmt->name, p->isa->name,
			                  s->fmt->name);
		}
		if (f->doc == IP_DOC_KNOWN)
			return ip_diag_at(d, l->line, l->col[2],
			                  "field '%s' of %s.%s is documented (known): probes target the "
			                  "bits the notes call unknown or unused; write `bits %u-%u` to "
			                  "probe it anyway",
			                  f->name, p->isa->name, s->fmt->name, f->lo, f->lo + f->width - 1);
		t->field = f;
		t->lo = f->lo;
		t->width = f->width;
	} else {
		if (parse_range(l->tok[3], &lo, &hi) != 0)
			return ip_diag_at(d, l->line, l->col[3], "'%s' is not a bit range LO-HI",
			                  l->tok[3]);
		if (hi >= s->width || hi >= s->fmt->bits)
			return ip_diag_at(d, l->line, l->col[3], "bits %u-%u: the %s word has bits 0-%u",
			                  lo, hi, s->fmt->name,
			                  (s->width < s->fmt->bits ? s->width : s->fmt->bits) - 1);
		t->lo = lo;
		t->width = hi - lo + 1;
		t->field = field_over(b, s, t->lo, t->width);
	}
	for (unsigned i = 0; i < p->ntargets; i++) {
		const struct ip_probe_target *o = &p->targets[i];
		if (o->bundle == t->bundle && o->slot == t->slot && t->lo < o->lo + o->width &&
		    o->lo < t->lo + t->width)
			return ip_diag_at(d, l->line, l->col[1], "these bits overlap the target of line %u",
			                  o->line);
	}
	if (p->width + t->width > IP_PROBE_MAX_BITS)
		return ip_diag_at(d, l->line, l->col[0], "more than %d target bits in all",
		                  IP_PROBE_MAX_BITS);
	t->value_lo = p->width;
	p->width += t->width;
	p->ntargets++;
	return 0;
}

/* One override FIELD=VALUE or SLOT/FIELD=VALUE of a context line, applied to prog. */
static int override(struct ip_probe *p, struct ip_program *prog, const char *tok, unsigned line,
                    unsigned col, struct ip_diag *d)
{
	char buf[160], *eq, *slash, *fname;
	unsigned bi = p->targets[0].bundle, si = p->targets[0].slot;
	struct ip_bundle *b;
	struct ip_slot *s;
	const struct ip_field *f;
	uint64_t v;
	if (strlen(tok) >= sizeof buf)
		return ip_diag_at(d, line, col, "override too long");
	strcpy(buf, tok);
	eq = strchr(buf, '=');
	if (!eq || eq == buf || !eq[1])
		return ip_diag_at(d, line, col, "'%s': expected FIELD=VALUE or SLOT/FIELD=VALUE", tok);
	*eq = '\0';
	slash = strchr(buf, '/');
	fname = buf;
	if (slash) {
		*slash = '\0';
		fname = slash + 1;
		if (slot_ref(prog, buf, line, col, &bi, &si, d))
			return -1;
	}
	b = &prog->bundles[bi];
	s = &b->slots[si];
	f = ip_format_active_field(s->fmt, fname, &s->value, ip_slot_context(b, s));
	if (!f) {
		if (ip_format_field(s->fmt, fname))
			return ip_diag_at(d, line, col, "field '%s' of %s.%s is not present in this word "
			                                "(its conditions do not hold)",
			                  fname, p->isa->name, s->fmt->name);
		return ip_diag_at(d, line, col, "unknown field '%s' in %s.%s (isaprobe fields %s %s "
		                                "lists them)",
		                  fname, p->isa->name, s->fmt->name, p->isa->name, s->fmt->name);
	}
	if (ip_enum_value(f->enums, eq + 1, &v) != 0) {
		if (probe_number(eq + 1, &v) != 0)
			return ip_diag_at(d, line, col, "'%s' is neither a number nor a value name of "
			                                "field '%s'",
			                  eq + 1, f->name);
		if (f->width < 64 && v >> f->width)
			return ip_diag_at(d, line, col, "%s does not fit field '%s' (%u bits)", eq + 1,
			                  f->name, f->width);
	}
	ip_field_set(f, &s->value, v);
	return 0;
}

int probe_context_line(struct ip_probe *p, struct probe_state *st, struct probe_line *l,
                       struct ip_diag *d)
{
	struct ip_probe_context *c;
	if (!p->ntargets)
		return ip_diag_at(d, l->line, l->col[0], "`context` before any `target`: contexts "
		                                         "come after the target lines");
	if (l->ntok < 2 || !probe_is_word(l->tok[1]))
		return ip_diag_at(d, l->line, l->col[0], "expected `context LABEL [FIELD=VALUE]...`");
	if (p->ncontexts == IP_PROBE_MAX_CONTEXTS)
		return ip_diag_at(d, l->line, l->col[0], "more than %d contexts",
		                  IP_PROBE_MAX_CONTEXTS);
	for (unsigned i = 0; i < p->ncontexts; i++)
		if (strcmp(p->contexts[i].label, l->tok[1]) == 0)
			return ip_diag_at(d, l->line, l->col[1], "a second context '%s'", l->tok[1]);
	c = &p->contexts[p->ncontexts];
	c->label = strdup(l->tok[1]);
	if (!c->label || ip_probe_copy_program(&c->prog, &st->seed)) {
		p->ncontexts++; /* freed with the probe */
		return ip_diag_at(d, l->line, 1, "out of memory");
	}
	p->ncontexts++;
	for (unsigned i = 2; i < l->ntok; i++)
		if (override(p, &c->prog, l->tok[i], l->line, l->col[i], d))
			return -1;
	/* A named target field must still be there under this context's selectors. */
	for (unsigned i = 0; i < p->ntargets; i++) {
		const struct ip_probe_target *t = &p->targets[i];
		const struct ip_bundle *b = &c->prog.bundles[t->bundle];
		const struct ip_slot *s = &b->slots[t->slot];
		if (t->field && t->field->doc != IP_DOC_KNOWN &&
		    !ip_field_active(s->fmt, t->field, &s->value, ip_slot_context(b, s)))
			return ip_diag_at(d, l->line, l->col[1], "in context '%s' the target field '%s' "
			                                         "(line %u) is not present",
			                  c->label, t->field->name, t->line);
	}
	c->seed_value = ip_probe_extract(p, &c->prog);
	return 0;
}
