/* export_findings.c: the findings an export writes, read from the database with their evidence
 * (device, runs, contradicting runs, confidence), public verdict and public names. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "export_internal.h"
#include "isaprobe/isa.h"
#include "isaprobe/internal/public.h"

static char *dup(const char *s)
{
	char *p = strdup(s ? s : "");
	if (!p)
		abort();
	return p;
}

char *ex_xml(const char *s, int in_comment)
{
	struct strbuf b;
	sb_init(&b);
	sb_puts(&b, "");
	for (; s && *s; s++) {
		if (*s == '&')
			sb_puts(&b, "&amp;");
		else if (*s == '<')
			sb_puts(&b, "&lt;");
		else if (*s == '>')
			sb_puts(&b, "&gt;");
		else if (*s == '"')
			sb_puts(&b, "&quot;");
		else if (in_comment && *s == '-' && (s[1] == '-' || s[1] == '\0'))
			sb_puts(&b, "- ");
		else
			sb_printf(&b, "%c", *s);
	}
	return sb_take(&b);
}

/* "simulator a320, 18 runs; inferred (confidence 1.00)": where the finding was seen, how often,
 * and whether runs contradict it. */
static char *evidence(const char *runner, const char *model, long long runs, long long against,
                      double confidence, int determined)
{
	struct strbuf b;
	sb_init(&b);
	if (!strcmp(runner, "sim"))
		sb_printf(&b, "simulator %s", model);
	else if (!strcmp(runner, "remote"))
		sb_printf(&b, "observed on %s through a remote agent", model);
	else
		sb_printf(&b, "observed on GPU %s", model);
	sb_printf(&b, ", %lld runs", runs);
	if (!determined)
		sb_puts(&b, "; not determined");
	else if (against > 0)
		sb_printf(&b, "; contradicted by %lld runs", against);
	else
		sb_printf(&b, "; inferred (confidence %.2f)", isnan(confidence) ? 0.0 : confidence);
	return sb_take(&b);
}

/* The notes' name of the field holding bits lo-hi of format (an active alternative of the
 * seed's word when known), or NULL. */
static const char *notes_name(const char *isa, const char *format, unsigned lo, unsigned hi,
                              const struct rp_public_in *in)
{
	const struct ip_isa *i = ip_isa_find(isa);
	const struct ip_format *fmt = i ? ip_isa_format(i, format) : NULL;
	for (unsigned k = 0; fmt && k < fmt->nfields; k++) {
		const struct ip_field *f = &fmt->fields[k];
		if (f->lo > lo || f->lo + f->width - 1u < hi)
			continue;
		if (in->word && fmt->bits <= IP_WORD_MAX_BITS &&
		    !ip_field_active(fmt, f, in->word, in->ctx))
			continue;
		return f->name;
	}
	return NULL;
}

/* The public name of the instruction: an ISA.xml encoding's (a part with a mask), else the
 * value name of an applying part's opcode field ("OPC"), else NULL. */
static char *instr_name(const char *isa, const char *format, const struct rp_public_in *in)
{
	const struct ip_public_overlay *ov = ip_public_overlay(isa);
	if (!in->word)
		return NULL;
	for (size_t i = 0; ov && i < ov->nparts; i++) {
		const struct ip_public_part *pt = &ov->parts[i];
		if (strcmp(pt->format, format) || !rp_part_applies(pt, in))
			continue;
		if (pt->mask && pt->applies)
			return dup(pt->applies);
	}
	for (size_t i = 0; ov && i < ov->nparts; i++) {
		const struct ip_public_part *pt = &ov->parts[i];
		if (strcmp(pt->format, format) || !rp_part_applies(pt, in))
			continue;
		for (unsigned j = 0; j < pt->fields->nfields; j++) {
			const struct ip_field *f = &pt->fields->fields[j];
			const char *n;
			if (strcmp(f->name, "OPC") || !f->enums)
				continue;
			n = ip_enum_name(f->enums, ip_bits_get(in->word, pt->base + f->lo, f->width));
			if (n)
				return dup(n);
		}
	}
	return NULL;
}

static char *field_name(const struct rp_public_in *in, const char *isa, const char *format)
{
	const struct ip_public_part *pt = NULL;
	const struct ip_field *pf = rp_public_field(in, &pt);
	const char *nn;
	struct strbuf b;
	sb_init(&b);
	if (pf && pt->base + pf->lo == in->lo && pt->base + pf->lo + pf->width - 1u == in->hi &&
	    pf->kind != IP_KIND_PADDING)
		sb_puts(&b, pf->name);
	else if ((nn = notes_name(isa, format, in->lo, in->hi, in)))
		sb_printf(&b, "%s_%u", nn, in->lo);
	else
		sb_printf(&b, "BITS_%u_%u", in->lo, in->hi);
	return sb_take(&b);
}

struct ex_load {
	struct ip_store *s;
	const char *isa;
	struct ex_model *m;
	struct rp_public_cache cache;
	size_t cap;
};

static int add_finding(void *arg, const struct ip_finding_row *r, struct ip_diag *d)
{
	struct ex_load *o = arg;
	struct ex_model *m = o->m;
	struct ex_finding *f;
	struct rp_public_in in;
	ip_word w[3];
	const char *format = r->format, *dot = strchr(format, '.');
	struct strbuf what;
	char *t;
	(void)d;
	if (ip_grow((void **)&m->f, &o->cap, m->n + 1, sizeof *m->f))
		abort();
	f = &m->f[m->n++];
	memset(f, 0, sizeof *f);
	rp_public_input(o->s, r, &o->cache, &in, w);
	f->verdict = rp_public_verdict(&in, &f->public_text);
	f->probe = dup(r->probe);
	f->isa = dup(o->isa);
	f->context = dup(r->label);
	f->format = dup(dot ? dot + 1 : format);
	f->bundle = r->bundle;
	f->slot = r->slot;
	f->lo = in.lo;
	f->hi = in.hi;
	f->kind = dup(in.kind);
	f->determined = strcmp(f->kind, "unmodeled") && strcmp(f->kind, "unknown");
	sb_init(&what);
	sb_puts(&what, rp_kind_title(f->kind));
	t = rp_describe(r->kind, r);
	if (t[0])
		sb_printf(&what, ": %s", t);
	free(t);
	f->what = sb_take(&what);
	f->values = dup(in.names[0] ? in.names : in.values);
	f->must_be = dup(r->must_be);
	f->evidence = evidence(r->device_runner, r->device_model, r->runs, r->against,
	                       r->confidence, f->determined);
	f->name = field_name(&in, o->isa, f->format);
	f->instr = instr_name(o->isa, f->format, &in);
	return 0;
}

int ex_load(struct ip_store *s, const char *isa, const char *probe, struct ex_model *m,
            struct ip_diag *d)
{
	struct ex_load o = {s, isa, m, {0, NULL}, 0};
	struct ip_findings_query q = {IP_FINDINGS_OF_ISA, 0, 0, isa, probe, NULL};
	int rc;
	memset(m, 0, sizeof *m);
	rc = ip_store_findings_read(s, &q, add_finding, &o, d);
	rp_public_cache_free(&o.cache);
	if (rc) {
		ex_free(m);
		return -1;
	}
	return 0;
}

void ex_free(struct ex_model *m)
{
	for (size_t i = 0; i < m->n; i++) {
		struct ex_finding *f = &m->f[i];
		free(f->probe);
		free(f->isa);
		free(f->context);
		free(f->format);
		free(f->kind);
		free(f->what);
		free(f->values);
		free(f->must_be);
		free(f->evidence);
		free(f->public_text);
		free(f->name);
		free(f->instr);
	}
	free(m->f);
	memset(m, 0, sizeof *m);
}
