/* cmd_infer.c: `isaprobe infer`: infers the fields of a database's probes from their runs and
 * writes the finding table (re-running gives the same table). */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "isaprobe/internal/infer.h"
#include "isaprobe/internal/report.h"
#include "isaprobe/store.h"

static void usage(FILE *out)
{
	fputs("usage: isaprobe infer --db FILE [--probe NAME] [--quiet]\n"
	      "\n"
	      "Reads the runs and outcomes of every probe's campaigns (those with the newest\n"
	      "campaign's probe text and device), finds per-bit effects, splits each context's\n"
	      "target region into fields, types each field (ignored, reserved, register,\n"
	      "component, offset, immediate, shift, modifier, mask, enum, distinct) and writes\n"
	      "them to the finding table with their evidence and confidence. Findings seen\n"
	      "before keep their id and first_seen campaign; running it twice changes nothing.\n"
	      "Each finding's sentence, as the report words it, goes into its details (the\n"
	      "finding_text view shows it).\n"
	      "\n"
	      "  -d, --db FILE     the findings database\n"
	      "  -p, --probe NAME  only this probe\n"
	      "  -q, --quiet       print nothing on success\n"
	      "  -h, --help        this help\n",
	      out);
}

int cmd_infer(int argc, char **argv)
{
	static const struct option opts[] = {{"db", required_argument, 0, 'd'},
	                                     {"probe", required_argument, 0, 'p'},
	                                     {"quiet", no_argument, 0, 'q'},
	                                     {"help", no_argument, 0, 'h'},
	                                     {0, 0, 0, 0}};
	const char *db = NULL, *probe = NULL;
	int quiet = 0, c, rc;
	struct ip_store *s;
	struct ip_diag d;
	struct ip_infer_stats st;

	optind = 1;
	while ((c = getopt_long(argc, argv, "d:p:qh", opts, NULL)) != -1) {
		switch (c) {
		case 'd': db = optarg; break;
		case 'p': probe = optarg; break;
		case 'q': quiet = 1; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (!db || optind != argc) {
		usage(stderr);
		return 2;
	}
	ip_diag_init(&d, db);
	if (ip_store_open(db, IP_STORE_READ_WRITE, &s, &d)) {
		ip_diag_print(&d, stderr);
		return 1;
	}
	d.file = db;
	rc = ip_infer(s, probe, &st, &d);
	if (!rc) /* the report's words for each finding, for the finding_text view */
		rc = ip_report_sentences(s, &d);
	if (rc)
		ip_diag_print(&d, stderr);
	else if (!quiet)
		printf("%u finding%s in %u context%s of %u probe%s, from %llu runs\n", st.findings,
		       st.findings == 1 ? "" : "s", st.contexts, st.contexts == 1 ? "" : "s",
		       st.probes, st.probes == 1 ? "" : "s", (unsigned long long)st.runs);
	if (!rc && !quiet && st.skipped)
		printf("%u probe%s without a campaign layout (nothing run yet) skipped\n", st.skipped,
		       st.skipped == 1 ? "" : "s");
	ip_store_close(s);
	return rc ? 1 : 0;
}
