/* cmd_report.c: `isaprobe report`: renders a database's findings as Markdown, HTML or JSON;
 * --since and --diff narrow it to what is new (what a nightly run mails out). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "isaprobe/internal/report.h"
#include "isaprobe/store.h"

static void usage(FILE *out)
{
	fputs("usage: isaprobe report --db FILE [--format md|html|json] [--since CAMPAIGN]\n"
	      "                       [--diff OLD.db] [--isa ISA] [--probe NAME] [-o OUT]\n"
	      "\n"
	      "Prints the inferred fields (run `isaprobe infer` first) per ISA, probe and\n"
	      "context: the field map in the style of the ISA notes (\"33-34: component select\n"
	      "...\"), what the notes' field table says of the same bits, how each compares with\n"
	      "later public work (agrees, refines, differs, new, open; counted in the summary),\n"
	      "confidence and evidence, and the runs used against an exhaustive sweep; what could\n"
	      "not be determined is said once per probe. HTML adds a summary table, contents, a\n"
	      "legend and per context the whole instruction word drawn (the notes' fields, the\n"
	      "public ones, the found ones, the walk's effect under each bit). --diff and --since\n"
	      "lead with the findings that differ from public knowledge or are new to it.\n"
	      "\n"
	      "  -d, --db FILE         the findings database\n"
	      "  -f, --format FMT      md (default), html or json\n"
	      "  -s, --since CAMPAIGN  only findings first seen in campaign id CAMPAIGN or later\n"
	      "  -D, --diff OLD.db     only findings new, changed or gone since OLD.db\n"
	      "  -i, --isa ISA         only the probes of this ISA\n"
	      "  -p, --probe NAME      only this probe\n"
	      "  -o, --output OUT      write to OUT instead of standard output\n"
	      "  -h, --help            this help\n",
	      out);
}

int cmd_report(int argc, char **argv)
{
	static const struct option opts[] = {{"db", required_argument, 0, 'd'},
	                                     {"format", required_argument, 0, 'f'},
	                                     {"since", required_argument, 0, 's'},
	                                     {"diff", required_argument, 0, 'D'},
	                                     {"output", required_argument, 0, 'o'},
	                                     {"isa", required_argument, 0, 'i'},
	                                     {"probe", required_argument, 0, 'p'},
	                                     {"help", no_argument, 0, 'h'},
	                                     {0, 0, 0, 0}};
	const char *db = NULL, *old = NULL, *output = NULL;
	struct ip_report_options o = {IP_REPORT_MD, NULL, 0, NULL, NULL, NULL, NULL};
	struct ip_store *s = NULL;
	struct ip_diag d;
	int c, rc = 1;
	char *end;
	FILE *out = stdout;

	optind = 1;
	while ((c = getopt_long(argc, argv, "d:f:s:D:o:i:p:h", opts, NULL)) != -1) {
		switch (c) {
		case 'd': db = optarg; break;
		case 'f':
			if (!strcmp(optarg, "md") || !strcmp(optarg, "markdown"))
				o.format = IP_REPORT_MD;
			else if (!strcmp(optarg, "html"))
				o.format = IP_REPORT_HTML;
			else if (!strcmp(optarg, "json"))
				o.format = IP_REPORT_JSON;
			else {
				fprintf(stderr, "isaprobe report: unknown format '%s' (md, html, json)\n",
				        optarg);
				return 2;
			}
			break;
		case 's':
			o.since = strtoll(optarg, &end, 10);
			if (*end || end == optarg || o.since < 1) {
				fprintf(stderr, "isaprobe report: --since wants a campaign id, not '%s'\n",
				        optarg);
				return 2;
			}
			break;
		case 'D': old = optarg; break;
		case 'o': output = optarg; break;
		case 'i': o.isa = optarg; break;
		case 'p': o.probe = optarg; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (!db || optind != argc) {
		usage(stderr);
		return 2;
	}
	o.title = db;
	o.old_title = old;
	ip_diag_init(&d, db);
	if (ip_store_open(db, IP_STORE_READ_ONLY, &s, &d)) {
		ip_diag_print(&d, stderr);
		return 1;
	}
	if (old) {
		ip_diag_init(&d, old);
		if (ip_store_open(old, IP_STORE_READ_ONLY, &o.old, &d)) {
			ip_diag_print(&d, stderr);
			ip_store_close(s);
			return 1;
		}
	}
	if (output && !(out = fopen(output, "w"))) {
		perror(output);
		goto done;
	}
	ip_diag_init(&d, db);
	rc = ip_report(s, &o, out, &d) ? 1 : 0;
	if (rc)
		ip_diag_print(&d, stderr);
	if (output && fclose(out)) {
		perror(output);
		rc = 1;
	}
done:
	ip_store_close(s);
	if (o.old)
		ip_store_close(o.old);
	return rc;
}
