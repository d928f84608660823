/* report_json.c: the JSON report, for tools: probes, contexts with run counts and per-bit
 * effects, and findings with their evidence, details and what the notes say. */
#include <math.h>
#include <string.h>

#include "report_internal.h"

static void str(FILE *out, const char *s)
{
	struct strbuf b;
	sb_init(&b);
	sb_json_str(&b, s ? s : "");
	fputs(b.s, out);
	sb_free(&b);
}

static void names(FILE *out, char *const *v, size_t n)
{
	fputc('[', out);
	for (size_t i = 0; i < n; i++) {
		fputs(i ? "," : "", out);
		str(out, v[i]);
	}
	fputc(']', out);
}

static void finding(FILE *out, const struct rp_finding *f)
{
	fputs("{\"format\":", out);
	str(out, f->format);
	fprintf(out, ",\"bundle\":%u,\"slot\":%u,\"lo\":%u,\"hi\":%u,\"kind\":", f->bundle,
	        f->slot, f->lo, f->hi);
	str(out, f->kind);
	fputs(",\"cond\":", out);
	str(out, f->cond);
	fputs(",\"what\":", out);
	str(out, f->what);
	fprintf(out, ",\"confidence\":%.4f,\"support\":%lld,\"against\":%lld,\"variants\":%lld,"
	             "\"first_seen\":%lld,\"last_seen\":%lld,\"notes\":",
	        f->confidence, f->support, f->against, f->variants, f->first_seen, f->last_seen);
	str(out, f->notes);
	fprintf(out, ",\"public_verdict\":\"%s\",\"public\":", rp_verdict_name(f->verdict));
	str(out, f->public_text);
	if (f->change) {
		fputs(",\"change\":", out);
		str(out, f->change);
		if (!strcmp(f->change, "changed"))
			fprintf(out, ",\"old_confidence\":%.4f", f->old_confidence);
		if (f->change_text) {
			fputs(",\"what_changed\":", out);
			str(out, f->change_text);
		}
		if (f->old_kind) {
			fputs(",\"old_kind\":", out);
			str(out, f->old_kind);
		}
	}
	fprintf(out, ",\"details\":%s}", f->details[0] ? f->details : "{}");
}

static void context(FILE *out, const struct rp_probe *p, unsigned idx)
{
	const struct ip_infer_context *c = rp_context(p, idx);
	int first = 1;
	fprintf(out, "{\"idx\":%u", idx);
	if (c) {
		fputs(",\"label\":", out);
		str(out, c->label);
		fprintf(out, ",\"width\":%u,\"runs\":%llu,\"variants\":%llu,\"exhaustive\":%.0f,"
		             "\"bits\":[",
		        c->width, (unsigned long long)c->runs, (unsigned long long)c->variants,
		        ldexp(1.0, (int)c->width));
		for (unsigned b = 0; b < c->width; b++) {
			fprintf(out, "%s{\"bit\":%u,\"format\":", b ? "," : "", c->bit_pos[b]);
			str(out, c->bit_format[b]);
			fprintf(out, ",\"effect\":\"%s\",\"outputs\":%u,\"runs\":%llu,"
			             "\"contradicting\":%llu}",
			        ip_bit_effect_name(c->bits[b].effect), c->bits[b].outputs,
			        (unsigned long long)c->bits[b].runs,
			        (unsigned long long)c->bits[b].contradicting);
		}
		fputs("]", out);
	}
	fputs(",\"findings\":[", out);
	for (size_t j = 0; j < p->nf; j++)
		if (p->f[j].context == idx) {
			fputs(first ? "" : ",", out);
			finding(out, &p->f[j]);
			first = 0;
		}
	fputs("]}", out);
}

void rp_json(const struct rp_model *m, FILE *out)
{
	const struct ip_report_options *o = m->o;
	fputs("{\"title\":", out);
	str(out, o->title);
	fputs(",\"subject\":", out);
	str(out, m->subject);
	fprintf(out, ",\"since\":%lld,\"diff_against\":", (long long)o->since);
	if (o->old)
		str(out, o->old_title);
	else
		fputs("null", out);
	fprintf(out, ",\"findings\":%zu,", m->nfindings);
	if (o->old) { /* a diff: its counts, devices changed, probes not run here */
		fprintf(out, "\"changes\":{\"new\":%zu,\"changed\":%zu,\"gone\":%zu,\"differs\":%zu,"
		             "\"new_to_public\":%zu},\"device_changes\":[",
		        m->changes[RP_CHANGE_NEW], m->changes[RP_CHANGE_CHANGED],
		        m->changes[RP_CHANGE_GONE], m->changed_verdicts[RP_DIFFERS],
		        m->changed_verdicts[RP_NEW]);
		for (size_t i = 0; i < m->ndevices; i++) {
			fputs(i ? ",{\"before\":" : "{\"before\":", out);
			str(out, m->devices[i].before);
			fputs(",\"after\":", out);
			str(out, m->devices[i].after);
			fputs(",\"probes\":", out);
			names(out, m->devices[i].probes, m->devices[i].nprobes);
			fputs("}", out);
		}
		fputs("],\"not_run\":", out);
		names(out, m->not_run, m->nnot_run);
		fputs(",", out);
	}
	fputs("\"public\":{", out);
	for (int v = 0; v < RP_NVERDICTS; v++)
		fprintf(out, "%s\"%s\":%zu", v ? "," : "", rp_verdict_name((enum rp_verdict)v),
		        m->verdicts[v]);
	fputs("},", out);
	if (m->hint) {
		fputs("\"hint\":", out);
		str(out, m->hint);
		fputs(",", out);
	}
	fputs("\"probes\":[", out);
	for (size_t i = 0; i < m->np; i++) {
		const struct rp_probe *p = &m->p[i];
		unsigned ctx[256];
		size_t n = rp_contexts(p, ctx);
		fputs(i ? ",{\"name\":" : "{\"name\":", out);
		str(out, p->name);
		fputs(",\"isa\":", out);
		str(out, p->isa);
		if (p->sum)
			fprintf(out, ",\"campaigns\":{\"count\":%u,\"first\":%lld,\"last\":%lld}",
			        p->sum->ncampaigns, (long long)p->sum->first_campaign,
			        (long long)p->sum->last_campaign);
		fputs(",\"contexts\":[", out);
		for (size_t k = 0; k < n; k++) {
			fputs(k ? "," : "", out);
			context(out, p, ctx[k]);
		}
		fputs("]}", out);
	}
	fputs("]}\n", out);
}
