/* cmd_query.c: `isaprobe query`: named questions to a findings database (campaigns, new
 * findings, a field, examples, the fields still unknown) and read-only SQL, printed as a table,
 * Markdown, CSV or JSON. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sqlite3.h>

#include "cli.h"
#include "isaprobe/internal/questions.h"
#include "isaprobe/store.h"

/* Seconds a --sql statement may run unless --time-limit says otherwise. */
#define SQL_TIME_LIMIT 10.0

static void usage(FILE *out)
{
	fputs("usage: isaprobe query --db FILE [--format table|md|csv|json] QUESTION [ARGS]\n"
	      "       isaprobe query --db FILE [--format table|md|csv|json] [--time-limit S]\n"
	      "                      --sql 'SELECT ...'\n"
	      "\n"
	      "Answers a named question from a findings database, or runs read-only SQL: it may\n"
	      "read the database's tables and views and call SQLite's functions that compute\n"
	      "values (core, date, math, aggregate, window, JSON; ip_bits); a statement that\n"
	      "would write, attach, run a pragma that sets something, read a virtual table or\n"
	      "call any other function is refused (docs/database.md).\n"
	      "\n"
	      "  -d, --db FILE      the findings database\n"
	      "  -f, --format FMT   table (aligned, the default), md (a Markdown table to paste\n"
	      "                     into documentation), csv (RFC 4180) or json (an array of\n"
	      "                     objects; an object of arrays for questions of several parts)\n"
	      "  -j, --json         the same as --format json\n"
	      "  -p, --part PART    of a question of several parts (field: table, campaigns,\n"
	      "                     findings), only that part; csv writes one table, the\n"
	      "                     findings unless --part names another\n"
	      "  -s, --sql SQL      run SQL instead of a question\n"
	      "  -t, --time-limit S a --sql statement is stopped once it has used S seconds\n"
	      "                     of processor time (default 10; 0: no limit)\n"
	      "  -h, --help         this help\n"
	      "\n"
	      "Text is printed whole; table and md cut hex and JSON cells past 60 characters,\n"
	      "csv and json never cut. In json, a column named details or ending in _json holds\n"
	      "JSON objects, not strings. SQL sees the database's tables and views\n"
	      "(db/schema.sql; finding_text: each finding as a sentence), temp.field_table\n"
	      "(every ISA's field tables: isa, format, fmt, name, lo, hi, width, kind, doc,\n"
	      "cond, note) and ip_bits(value, lo, width) (bits of a big-endian variant value).\n"
	      "\nquestions:\n",
	      out);
	size_t nquestions;
	const struct ip_question *questions = ip_questions(&nquestions);
	for (size_t i = 0; i < nquestions; i++) {
		const char *w = questions[i].what;
		fprintf(out, "  %-15s %-10s", questions[i].name, questions[i].args);
		/* The description wrapped at 79 columns, under itself. */
		while (*w) {
			size_t n = strlen(w), cut = n;
			if (n > 50) {
				for (cut = 50; cut > 0 && w[cut] != ' '; cut--)
					;
				if (!cut)
					cut = 50;
			}
			fprintf(out, " %.*s\n", (int)cut, w);
			w += cut;
			while (*w == ' ')
				w++;
			if (*w)
				fprintf(out, "%28s", "");
		}
	}
}

static int sql_error(const char *file, sqlite3 *db, const char *what)
{
	fprintf(stderr, "%s: error: %s: %s\n", file, what, sqlite3_errmsg(db));
	return 1;
}

/* After a statement failed on what may be a damaged row (SQLite says only "malformed JSON"):
 * the readers' checks name the table and row, when one is damaged. */
static void name_damage(struct ip_store *s, struct ip_diag *d)
{
	if (ip_store_check_campaigns(s, NULL, 0, d) || ip_store_check_findings(s, d))
		ip_diag_print(d, stderr);
}

/* Runs each statement of sql under the guard (cli/sql_guard.c): refused when it would do more
 * than read, stopped after `seconds` (0: never). */
static int run_sql(const char *file, struct ip_store *s, const char *sql, enum cli_format format,
                   double seconds)
{
	sqlite3 *db = ip_store_sqlite(s);
	struct ip_sql_guard *g;
	const char *next = sql;
	int n = 0, rc = 0;
	if (ip_sql_guard_install(db, seconds, &g))
		return sql_error(file, db, "preparing the query");
	while (next && *next && !rc) {
		sqlite3_stmt *st;
		const char *tail;
		char what[64];
		snprintf(what, sizeof what, "--sql statement %d", ++n);
		ip_sql_guard_start(g);
		if (sqlite3_prepare_v2(db, next, -1, &st, &tail)) {
			if (ip_sql_guard_refused(g))
				fprintf(stderr, "%s: error: %s refused: %s\n", file, what,
				        ip_sql_guard_refused(g));
			else
				sql_error(file, db, what);
			rc = 1;
			break;
		}
		if (!st) /* blank or a comment */
			break;
		if (!sqlite3_stmt_readonly(st)) {
			fprintf(stderr, "%s: error: %s would change the database; query is read-only: "
			                "%.*s\n",
			        file, what, (int)(tail - next), next);
			rc = 1;
		} else if (cli_sql_print(stdout, st, format)) {
			if (ip_sql_guard_timed_out(g))
				fprintf(stderr, "%s: error: %s stopped after %g seconds of processor time, "
				                "the time a statement may use (--time-limit SECONDS changes "
				                "it; 0: none)\n",
				        file, what, seconds);
			else
				sql_error(file, db, what);
			rc = ip_sql_guard_timed_out(g) ? 1 : 3; /* 3: look for a damaged row, below */
		}
		sqlite3_finalize(st);
		next = tail;
	}
	ip_sql_guard_free(g); /* (the checks below read what --sql may not) */
	if (rc == 3) {
		struct ip_diag d;
		ip_diag_init(&d, file);
		name_damage(s, &d);
		rc = 1;
	}
	return rc;
}

/* The part of question q that --part names (NULL: the default: every part, but in CSV the
 * last, the findings: a CSV file holds one table); its index, or -1 after saying why not. */
static int part_of(const struct ip_question *q, const char *part, enum cli_format format,
                   int nparts)
{
	if (!part)
		return format == CLI_FORMAT_CSV ? nparts - 1 : -2;
	for (int i = 0; i < nparts; i++)
		if (!strcmp(part, q->parts[i].title))
			return i;
	fprintf(stderr, "isaprobe: query %s has no part '%s' (parts:", q->name, part);
	for (int i = 0; i < nparts; i++)
		fprintf(stderr, " %s", q->parts[i].title);
	fputs(")\n", stderr);
	return -1;
}

static int ask(const char *file, struct ip_store *store, const struct ip_question *q,
               char **args, int nargs, enum cli_format format, const char *part)
{
	sqlite3 *db = ip_store_sqlite(store);
	int json = format == CLI_FORMAT_JSON;
	int nparts = ip_question_nparts(q), only, first = 0, several;
	struct ip_diag d;
	ip_diag_init(&d, file);
	if ((only = part_of(q, part, format, nparts)) == -1)
		return 2;
	if (only >= 0) { /* one part: printed as a question of one part */
		first = only;
		nparts = only + 1;
	}
	several = nparts - first > 1;
	if (q->first_arg == IP_QUESTION_ARG_ISA && !cli_isa(args[0]))
		return 2;
	if (q->first_arg == IP_QUESTION_ARG_FIELD) {
		int found = ip_question_field_known(store, args[0], &d);
		if (found < 0) {
			ip_diag_print(&d, stderr);
			return 1;
		}
		if (!found) {
			fprintf(stderr, "isaprobe: no field '%s' in the field tables (`isaprobe fields "
			                "ISA FORMAT` lists them)\n", args[0]);
			return 1;
		}
	}
	if (json && several)
		fputs("{", stdout);
	for (int i = first; i < nparts; i++) {
		const char *title = q->parts[i].title;
		void *st;
		if (ip_question_prepare(store, q, i, args, nargs, &st, &d)) {
			ip_diag_print(&d, stderr);
			return 1;
		}
		if (json && several) {
			fputs(i > first ? ",\n" : "\n", stdout);
			cli_json_string(stdout, title);
			fputs(": ", stdout);
		} else if (several) {
			/* a heading per part: Markdown's or the table's rule (CSV has one part) */
			printf(format == CLI_FORMAT_MD ? "%s### %s\n\n" : "%s== %s ==\n",
			       i > first ? "\n" : "", title);
		}
		if (cli_sql_print(stdout, st, format)) {
			sql_error(file, db, q->name);
			sqlite3_finalize(st);
			name_damage(store, &d);
			return 1;
		}
		sqlite3_finalize(st);
	}
	if (json && several)
		fputs("}\n", stdout);
	return 0;
}

int cmd_query(int argc, char **argv)
{
	static const struct option opts[] = {{"db", required_argument, NULL, 'd'},
	                                     {"sql", required_argument, NULL, 's'},
	                                     {"format", required_argument, NULL, 'f'},
	                                     {"json", no_argument, NULL, 'j'},
	                                     {"time-limit", required_argument, NULL, 't'},
	                                     {"part", required_argument, NULL, 'p'},
	                                     {"help", no_argument, NULL, 'h'},
	                                     {NULL, 0, NULL, 0}};
	const char *file = NULL, *sql = NULL, *part = NULL;
	const struct ip_question *q = NULL;
	struct ip_store *s;
	struct ip_diag d;
	enum cli_format format = CLI_FORMAT_TABLE;
	int c, rc, nargs;
	double seconds = SQL_TIME_LIMIT;
	char *end;
	optind = 1;
	while ((c = getopt_long(argc, argv, "d:s:f:jt:p:h", opts, NULL)) != -1) {
		switch (c) {
		case 'd': file = optarg; break;
		case 's': sql = optarg; break;
		case 'f':
			if (cli_format_parse(optarg, &format)) {
				fprintf(stderr, "isaprobe: query: unknown format '%s' (table, md, csv, "
				                "json)\n", optarg);
				return 2;
			}
			break;
		case 'j': format = CLI_FORMAT_JSON; break;
		case 'p': part = optarg; break;
		case 't':
			seconds = strtod(optarg, &end);
			if (end == optarg || *end || !(seconds >= 0 && seconds <= 1e6)) {
				fprintf(stderr, "isaprobe: query: --time-limit wants seconds (0: none), not "
				                "'%s'\n", optarg);
				return 2;
			}
			break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	nargs = argc - optind - 1;
	if (!file || (sql && optind != argc) || (!sql && optind == argc) || (sql && part)) {
		fputs(!file         ? "isaprobe: query: --db FILE is required\n"
		      : sql && part ? "isaprobe: query: --part is a part of a question, not of --sql\n"
		      : sql         ? "isaprobe: query: give a question or --sql, not both\n"
		             : "isaprobe: query: no question: name one of those below, or give "
		               "--sql 'SELECT ...'\n",
		      stderr);
		usage(stderr);
		return 2;
	}
	if (!sql) {
		q = ip_question_find(argv[optind]);
		if (!q || nargs < q->min_args || nargs > q->max_args) {
			if (q)
				fprintf(stderr, "isaprobe: query %s takes %s\n", q->name,
				        q->max_args ? q->args : "no arguments");
			else
				fprintf(stderr, "isaprobe: query: unknown question '%s'\n", argv[optind]);
			usage(stderr);
			return 2;
		}
	}
	ip_diag_init(&d, file);
	if (ip_store_open(file, IP_STORE_READ_ONLY, &s, &d)) {
		ip_diag_print(&d, stderr);
		return 1;
	}
	/* ip_bits, the field tables, the fast counts; a question's own functions */
	if (ip_query_setup(s, q, sql, &d)) {
		ip_diag_print(&d, stderr);
		rc = 1;
	} else
		rc = sql ? run_sql(file, s, sql, format, seconds)
		         : ask(file, s, q, argv + optind + 1, nargs, format, part);
	ip_store_close(s);
	return rc;
}
