/* cmd_export.c: `isaprobe export`: findings as the files maintainers keep (ir3's isaspec XML,
 * Bifrost's ISA.xml, the notes' bit lists), or a unified diff that adds them to a copy of one. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "isaprobe/internal/export.h"
#include "isaprobe/store.h"

static void usage(FILE *out)
{
	fputs("usage: isaprobe export --db FILE --format isaspec|bifrost-isa-xml|markdown\n"
	      "                       [--isa ISA] [--probe NAME] [--against FILE] [-o OUT]\n"
	      "\n"
	      "Writes the inferred fields (run `isaprobe infer` first) in the form the ISA's\n"
	      "maintainers keep: isaspec XML fragments for a3xx (<field>, <pattern>, <enum> in\n"
	      "ir3's form), ISA.xml fragments for Bifrost (<src>, <mod>, <immediate>), the seed\n"
	      "notes' indented bit lists for Midgard, Utgard GP and CTM (or --isa ISA). Every\n"
	      "entry says its evidence (observed on GPU MODEL or on the simulator, N runs;\n"
	      "inferred with its confidence, or contradicted by K runs; or not determined) and its\n"
	      "verdict against the notes and later public work. With --against, a copy of the\n"
	      "maintainer's file (ir3-cat6.xml, ISA.xml, the notes), prints instead a unified diff\n"
	      "that adds each finding under the file's own entry for its instruction or bits;\n"
	      "`patch FILE < OUT` applies it (docs/export.md).\n"
	      "\n"
	      "  -d, --db FILE         the findings database\n"
	      "  -f, --format FMT      isaspec (a3xx), bifrost-isa-xml (bifrost), markdown\n"
	      "  -i, --isa ISA         the ISA whose findings (markdown: default midgard,\n"
	      "                        utgard_gp and ctm)\n"
	      "  -p, --probe NAME      only this probe's findings\n"
	      "  -a, --against FILE    write a diff to this copy of the maintainer's file\n"
	      "  -o, --output OUT      write to OUT instead of standard output\n"
	      "  -h, --help            this help\n",
	      out);
}

int cmd_export(int argc, char **argv)
{
	static const struct option opts[] = {{"db", required_argument, 0, 'd'},
	                                     {"format", required_argument, 0, 'f'},
	                                     {"isa", required_argument, 0, 'i'},
	                                     {"probe", required_argument, 0, 'p'},
	                                     {"against", required_argument, 0, 'a'},
	                                     {"output", required_argument, 0, 'o'},
	                                     {"help", no_argument, 0, 'h'},
	                                     {0, 0, 0, 0}};
	struct ip_export_options o = {IP_EXPORT_NFORMATS, NULL, NULL, NULL, NULL};
	const char *db = NULL, *output = NULL;
	struct ip_store *s = NULL;
	struct ip_diag d;
	FILE *out = stdout;
	int c, rc;

	optind = 1;
	while ((c = getopt_long(argc, argv, "d:f:i:p:a:o:h", opts, NULL)) != -1) {
		switch (c) {
		case 'd': db = optarg; break;
		case 'f':
			if (ip_export_format_parse(optarg, &o.format)) {
				fprintf(stderr, "isaprobe export: unknown format '%s' (isaspec, "
				                "bifrost-isa-xml, markdown)\n", optarg);
				return 2;
			}
			break;
		case 'i': o.isa = optarg; break;
		case 'p': o.probe = optarg; break;
		case 'a': o.against = optarg; break;
		case 'o': output = optarg; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (!db || o.format == IP_EXPORT_NFORMATS || optind != argc) {
		usage(stderr);
		return 2;
	}
	if (o.isa && !cli_isa(o.isa))
		return 2;
	o.title = db;
	ip_diag_init(&d, db);
	if (ip_store_open(db, IP_STORE_READ_ONLY, &s, &d)) {
		ip_diag_print(&d, stderr);
		return 1;
	}
	if (output && !(out = fopen(output, "w"))) {
		perror(output);
		ip_store_close(s);
		return 1;
	}
	ip_diag_init(&d, db);
	rc = ip_export(s, &o, out, stderr, &d) ? 1 : 0;
	if (rc)
		ip_diag_print(&d, stderr);
	if (output && fclose(out)) {
		perror(output);
		rc = 1;
	}
	ip_store_close(s);
	return rc;
}
