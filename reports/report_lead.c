/* report_lead.c: what a nightly diff leads with, for every renderer alike: the findings that
 * differ from public knowledge, then those new to it (docs/public-overlay.md, "In the reports"). */
#include <stdio.h>
#include <string.h>

#include "report_internal.h"

static const struct rp_lead leads[] = {
	{RP_DIFFERS, "Differs from public knowledge", "lead-differs"},
	{RP_NEW, "New to public knowledge", "lead-new"},
};

size_t rp_leads(const struct rp_model *m, const struct rp_lead **out)
{
	*out = leads;
	return m->o->old || m->o->since > 0 ? sizeof leads / sizeof leads[0] : 0;
}

int rp_in_lead(const struct rp_finding *f, const struct rp_lead *l)
{
	return f->verdict == l->verdict && !(f->change && !strcmp(f->change, "gone"));
}

const char *rp_context_label(const struct rp_probe *p, unsigned idx, char *buf, size_t cap)
{
	const struct ip_infer_context *c = rp_context(p, idx);
	if (c)
		return c->label;
	snprintf(buf, cap, "%u", idx);
	return buf;
}
