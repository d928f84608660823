/* report.c: ip_report: builds the report model from the database and hands it to the
 * renderer of the chosen format. */
#include "report_internal.h"

int ip_report(struct ip_store *s, const struct ip_report_options *o, FILE *out,
              struct ip_diag *d)
{
	struct rp_model m;
	if (rp_load(s, o, &m, d)) {
		rp_free(&m);
		return -1;
	}
	switch (o->format) {
	case IP_REPORT_MD: rp_markdown(&m, out); break;
	case IP_REPORT_HTML: rp_html(&m, out); break;
	default: rp_json(&m, out); break;
	}
	rp_free(&m);
	if (ferror(out))
		return ip_diag_plain(d, "writing the report failed");
	return 0;
}
