/* infer_write.c: replaces a probe's rows of the finding table with what inference found
 * (ip_store_findings_replace): each finding placed in its instruction word first. */
#include <stdlib.h>
#include <string.h>

#include "infer_data.h"

void inf_place(const struct inf_data *data, unsigned a, unsigned w, struct inf_place *at)
{
	at->format = "";
	at->lo = a;
	at->bundle = at->slot = 0;
	for (size_t i = 0; i < data->nt; i++) {
		const struct inf_target *t = &data->t[i];
		if (a >= t->value_lo && a + w <= t->value_lo + t->width) {
			at->format = t->format;
			at->lo = t->lo + (a - t->value_lo);
			at->bundle = t->bundle;
			at->slot = t->slot;
		}
	}
}

int inf_write(struct ip_store *db, const struct inf_data *data, const struct inf_findings *f,
              struct ip_diag *d)
{
	struct ip_finding_new *rows = calloc(f->n + 1, sizeof *rows);
	int rc;
	if (!rows)
		abort();
	for (size_t i = 0; i < f->n; i++) {
		const struct inf_finding *x = &f->f[i];
		struct inf_place at;
		inf_place(data, x->a, x->w, &at);
		rows[i] = (struct ip_finding_new){
			.context = x->context,
			.lo = at.lo,
			.hi = at.lo + x->w - 1,
			.bundle = at.bundle,
			.slot = at.slot,
			.format = at.format,
			.kind = x->kind,
			.details = x->details,
			.cond = x->cond ? x->cond : "",
			.confidence = x->confidence < 0 ? 0 : x->confidence > 1 ? 1 : x->confidence,
			.support = x->support,
			.against = x->against,
			.variants = x->variants,
		};
	}
	rc = ip_store_findings_replace(db, data->probe_id, data->newest, rows, f->n, d);
	free(rows);
	return rc;
}
