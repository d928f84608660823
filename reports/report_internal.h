/* report_internal.h: the report model (probes, contexts, findings with what the notes say),
 * built once from the database, and the renderers that print it. */
#ifndef ISAPROBE_REPORT_INTERNAL_H
#define ISAPROBE_REPORT_INTERNAL_H

#include <stdio.h>

#include "isaprobe/infer.h"
#include "isaprobe/report.h"
#include "strbuf.h"

struct rp_finding {
	unsigned context;
	unsigned bundle, slot; /* the instruction */
	char *format, *kind, *details;
	char *cond;            /* the condition it holds under ("bit 30 = 1"), or "" */
	unsigned lo, hi;
	double confidence;
	long long support, against, variants, first_seen, last_seen;
	char *what;   /* one-line description from the details */
	char *notes;  /* what the field table's notes say of these bits */
	const char *change; /* diff: "new", "changed", "gone"; NULL otherwise */
	double old_confidence;
	char *old_kind;
	char *change_text;  /* diff: the values gained, lost or renamed ("values 5: unmodeled ->
	                     * min"), or NULL */
};

struct rp_probe {
	long long id;
	char *name, *isa;
	struct ip_infer_probe *sum; /* per-bit effects and runs; NULL without a layout */
	struct rp_finding *f;
	size_t nf;
};

struct rp_model {
	const struct ip_report_options *o;
	struct rp_probe *p;
	size_t np;
	size_t nfindings;
	/* Why there is nothing to show, when the database itself says (NULL otherwise): no
	 * campaign ran, or runs that were never inferred. */
	const char *hint;
};

int rp_load(struct ip_store *s, const struct ip_report_options *o, struct rp_model *m,
            struct ip_diag *d);
void rp_free(struct rp_model *m);
/* The context summary of probe p with index idx, or NULL. */
const struct ip_infer_context *rp_context(const struct rp_probe *p, unsigned idx);
/* Display name of a finding kind: "register select", "must be zero / reserved", ... */
const char *rp_kind_title(const char *kind);
/* The columns a finding is read with ("SELECT <these> FROM finding f": column 4 is the kind),
 * and the description of such a row (malloc'd): what the report says after the kind. */
struct sqlite3_stmt;
const char *rp_finding_columns(void);
char *rp_finding_what(struct sqlite3_stmt *st);
/* Distinct contexts that findings of p mention, ascending; returns the count (<= 256). */
size_t rp_contexts(const struct rp_probe *p, unsigned *out);

void rp_markdown(const struct rp_model *m, FILE *out);
void rp_html(const struct rp_model *m, FILE *out);
void rp_json(const struct rp_model *m, FILE *out);

#endif
