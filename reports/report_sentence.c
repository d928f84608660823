/* report_sentence.c: writes each finding's sentence, as the report words it, and its verdict
 * against public knowledge into the finding's details ("sentence", "public_verdict"), so that
 * the finding_text view gives them to people using sqlite3. */
#include <stdlib.h>
#include <string.h>

#include "report_internal.h"

struct sentences {
	struct ip_store *s;
	struct rp_public_cache cache;
};

/* The sentence and verdict of one finding (ip_store_findings_sentences). */
static void sentence(void *arg, const struct ip_finding_row *r, char **text, char **verdict)
{
	struct sentences *o = arg;
	struct strbuf b;
	char *what = rp_describe(r->kind, r);
	sb_init(&b);
	sb_puts(&b, rp_kind_title(r->kind));
	if (what[0])
		sb_printf(&b, ": %s", what);
	free(what);
	rp_public_row(o->s, r, &o->cache, verdict);
	*text = sb_take(&b);
}

int ip_report_sentences(struct ip_store *s, struct ip_diag *d)
{
	struct sentences o = {s, {0, NULL}};
	int rc = ip_store_findings_sentences(s, sentence, &o, d);
	rp_public_cache_free(&o.cache);
	return rc;
}
