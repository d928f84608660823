/* cmd_db.c: `isaprobe db`: maintenance of findings databases; `db merge OUT IN...` merges the
 * databases of several boards into one (the work is db/merge.c's); `db migrate FILE...` brings
 * databases of an older schema to this isaprobe's (db/migrate.c). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "isaprobe/store.h"

static void usage(FILE *out)
{
	fputs("usage: isaprobe db merge [--json] [--quiet] OUT IN...\n"
	      "       isaprobe db migrate FILE...\n"
	      "\n"
	      "Merges the findings databases IN... (one per board or shard) into OUT, which is\n"
	      "created if missing. Devices, probes, campaigns and outcomes are matched on their\n"
	      "natural keys, so each campaign keeps the device that ran it. A campaign's runs come\n"
	      "from the database that ran it: merging an input again, or a newer copy of it,\n"
	      "replaces what it brought before and never counts a run twice. The same campaign\n"
	      "key run by two different databases is refused. Every input is checked before\n"
	      "anything is written: a bad one gets an error naming it and OUT is not touched.\n"
	      "Prints what each input brought (--json: one JSON object per input).\n"
	      "\n"
	      "migrate brings each FILE made by an older isaprobe to this schema version, in one\n"
	      "transaction (what opening it for writing does; query and report read older files\n"
	      "only after it). A file of this version is left alone.\n",
	      out);
}

static int migrate(int argc, char **argv)
{
	static const struct option opts[] = {{"help", no_argument, NULL, 'h'},
	                                     {NULL, 0, NULL, 0}};
	int rc = 0, c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind >= argc) {
		usage(stderr);
		return 2;
	}
	for (int i = optind; i < argc; i++) {
		struct ip_store *s;
		struct ip_diag d;
		ip_diag_init(&d, argv[i]);
		if (ip_store_open(argv[i], IP_STORE_READ_WRITE, &s, &d)) {
			ip_diag_print(&d, stderr);
			rc = 1;
			continue;
		}
		ip_store_close(s);
		printf("%s: schema version %d\n", argv[i], IP_STORE_SCHEMA_VERSION);
	}
	return rc;
}

static int merge(int argc, char **argv)
{
	static const struct option opts[] = {{"json", no_argument, NULL, 'j'},
	                                     {"quiet", no_argument, NULL, 'q'},
	                                     {"help", no_argument, NULL, 'h'},
	                                     {NULL, 0, NULL, 0}};
	struct ip_merge_stats *stats;
	struct ip_diag d;
	int json = 0, quiet = 0, c, rc;
	size_t n;
	optind = 1;
	while ((c = getopt_long(argc, argv, "jqh", opts, NULL)) != -1) {
		switch (c) {
		case 'j': json = 1; break;
		case 'q': quiet = 1; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (argc - optind < 2) {
		usage(stderr);
		return 2;
	}
	n = (size_t)(argc - optind - 1);
	stats = calloc(n, sizeof *stats);
	if (!stats) {
		fputs("isaprobe: out of memory\n", stderr);
		return 1;
	}
	ip_diag_init(&d, argv[optind]);
	rc = ip_store_merge(argv[optind], (const char *const *)argv + optind + 1, n, stats, &d);
	if (rc) {
		ip_diag_print(&d, stderr);
		free(stats);
		return 1;
	}
	for (size_t i = 0; i < n && !quiet; i++) {
		const struct ip_merge_stats *s = &stats[i];
		const char *in = argv[optind + 1 + (int)i];
		if (json) {
			fputs("{\"input\": ", stdout);
			cli_json_string(stdout, in);
			printf(", \"campaigns_added\": %u, \"campaigns_updated\": %u, "
			       "\"campaigns_same\": %u, \"runs\": %llu, \"findings\": %u}\n",
			       s->campaigns_added, s->campaigns_updated, s->campaigns_same,
			       (unsigned long long)s->runs, s->findings);
		} else {
			printf("%s: %u campaigns added, %u updated, %u already merged; %llu runs, "
			       "%u findings\n",
			       in, s->campaigns_added, s->campaigns_updated, s->campaigns_same,
			       (unsigned long long)s->runs, s->findings);
		}
	}
	free(stats);
	return 0;
}

int cmd_db(int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	if (strcmp(argv[1], "merge") == 0)
		return merge(argc - 1, argv + 1);
	if (strcmp(argv[1], "migrate") == 0)
		return migrate(argc - 1, argv + 1);
	fprintf(stderr, "isaprobe: db: unknown subcommand '%s'\n", argv[1]);
	usage(stderr);
	return 2;
}
