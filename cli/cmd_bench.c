/* cmd_bench.c: `isaprobe bench`: runs the benchmark suites (bench/suite_*.c) in this process and
 * prints each measurement with its target, value/target and verdict, then ratios of the run. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/bench.h"
#include "cli.h"
#include "isaprobe/version.h"

static void usage(FILE *out)
{
	fputs("usage: isaprobe bench [--quick] [--json] [--runs N] [--dir DIR] [--keep] [SUITE...]\n"
	      "\n"
	      "Runs benchmark suites (all, or those named) and prints for each measurement its\n"
	      "value, its target where the project sets one, value/target and MET or NOT MET; then\n"
	      "ratios between measurements of this run (e.g. the simulator against copying the\n"
	      "same job bytes), which compare across machines better than the values do. Rates\n"
	      "are judged per CPU second (per core), the wall-clock rate is printed beside them.\n"
	      "A benchmark is not a test: the exit status is 0 whether targets are met or not,\n"
	      "1 when a suite failed to run, 2 for bad usage. docs/benchmarks.md explains each.\n"
	      "\n"
	      "  -q, --quick     small sizes (seconds): a first look, and the test\n"
	      "  -j, --json      one JSON object instead of the table\n"
	      "  -n, --runs N    each suite's main count (variants, runs, jobs) instead of its own\n"
	      "  -d, --dir DIR   write the databases as DIR/bench-NAME.db (default: $TMPDIR or\n"
	      "                  /tmp, named by process id)\n"
	      "  -k, --keep      leave the databases (e.g. to time `isaprobe db merge` on them)\n"
	      "  -l, --list      list the suites\n"
	      "  -h, --help      this help\n",
	      out);
}

static const char *goal_sign(enum bench_goal g)
{
	return g == BENCH_AT_LEAST ? ">=" : g == BENCH_AT_MOST ? "<=" : "";
}

static const char *verdict(const struct bench_result *res)
{
	int m = bench_met(res);
	return m < 0 ? "-" : m ? "MET" : "NOT MET";
}

/* A number for the table: whole above 1000, else three significant digits. */
static void num(char *buf, size_t n, double v)
{
	if (v >= 1000 || v <= -1000)
		snprintf(buf, n, "%.0f", v);
	else
		snprintf(buf, n, "%.3g", v);
}

static void print_header(FILE *out, const struct bench_opts *o)
{
	double load[3] = {0, 0, 0};
	const char *build =
#ifdef __OPTIMIZE__
		"optimised";
#else
		"NOT optimised (numbers mean little)";
#endif
	if (getloadavg(load, 3) < 0)
		load[0] = load[1] = load[2] = 0;
	fprintf(out, "isaprobe %s bench%s: %ld CPUs online, load average %.2f %.2f %.2f, build %s\n",
	        ISAPROBE_VERSION, o->quick ? " --quick" : "", sysconf(_SC_NPROCESSORS_ONLN),
	        load[0], load[1], load[2], build);
	fputs("rates: value per wall second; per-cpu: per CPU second (per core), which the\n"
	      "verdict judges; ratio = judged value / target\n", out);
	fprintf(out, "%-10s %-30s %12s %-14s %12s %12s %7s %s\n", "suite", "measurement", "value",
	        "unit", "per-cpu", "target", "ratio", "verdict");
}

static void print_result(FILE *out, const struct bench_result *res)
{
	char v[32], c[32], t[40], r[32];
	num(v, sizeof v, res->value);
	if (res->cpu_value > 0)
		num(c, sizeof c, res->cpu_value);
	else
		snprintf(c, sizeof c, "-");
	if (res->goal != BENCH_REPORT) {
		num(r, sizeof r, res->target);
		snprintf(t, sizeof t, "%s%s", goal_sign(res->goal), r);
		snprintf(r, sizeof r, "%.2f", res->target ? bench_judged(res) / res->target : 0.0);
	} else {
		snprintf(t, sizeof t, "-");
		snprintf(r, sizeof r, "-");
	}
	fprintf(out, "%-10s %-30s %12s %-14s %12s %12s %7s %s\n", res->suite, res->name, v,
	        res->unit, c, t, r, verdict(res));
	if (res->note[0] || res->wall_s > 0) {
		fputs("           #", out);
		if (res->wall_s > 0)
			fprintf(out, " %.3f s wall, %.3f s CPU%s", res->wall_s, res->cpu_s,
			        res->note[0] ? ";" : "");
		fprintf(out, "%s%s\n", res->note[0] ? " " : "", res->note);
	}
}

static void json_num(FILE *out, const char *key, double v)
{
	fprintf(out, ", \"%s\": %.9g", key, v);
}

static void print_json(FILE *out, const struct bench_opts *o, const struct bench_run *r,
                       const struct bench_suite *const *picked, const int *failed,
                       size_t npicked)
{
	int first = 1;
	fprintf(out, "{\"version\": \"%s\", \"quick\": %s, \"cpus\": %ld, \"suites\": [",
	        ISAPROBE_VERSION, o->quick ? "true" : "false", sysconf(_SC_NPROCESSORS_ONLN));
	for (size_t i = 0; i < npicked; i++) {
		fprintf(out, "%s{\"name\": ", i ? ", " : "");
		cli_json_string(out, picked[i]->name);
		fprintf(out, ", \"ran\": %s}", failed[i] ? "false" : "true");
	}
	fputs("],\n \"results\": [", out);
	for (size_t i = 0; i < r->n; i++) {
		const struct bench_result *res = &r->results[i];
		fprintf(out, "%s\n  {\"suite\": ", i ? "," : "");
		cli_json_string(out, res->suite);
		fputs(", \"name\": ", out);
		cli_json_string(out, res->name);
		fputs(", \"unit\": ", out);
		cli_json_string(out, res->unit);
		json_num(out, "value", res->value);
		if (res->cpu_value > 0) {
			json_num(out, "cpu_value", res->cpu_value);
			json_num(out, "wall_s", res->wall_s);
			json_num(out, "cpu_s", res->cpu_s);
		}
		if (res->goal != BENCH_REPORT) {
			fprintf(out, ", \"goal\": \"%s\"", res->goal == BENCH_AT_LEAST ? "at_least"
			                                                                 : "at_most");
			json_num(out, "target", res->target);
			json_num(out, "ratio", res->target ? bench_judged(res) / res->target : 0);
			fprintf(out, ", \"met\": %s", bench_met(res) ? "true" : "false");
		}
		fputs(", \"note\": ", out);
		cli_json_string(out, res->note);
		fputc('}', out);
	}
	fputs("],\n \"ratios\": [", out);
	for (size_t i = 0; i < npicked; i++)
		for (size_t k = 0; k < picked[i]->nratios; k++) {
			const struct bench_ratio *ra = &picked[i]->ratios[k];
			double v;
			if (bench_ratio_value(r, ra, &v))
				continue;
			fprintf(out, "%s\n  {\"num\": ", first ? "" : ",");
			first = 0;
			cli_json_string(out, ra->num);
			fputs(", \"den\": ", out);
			cli_json_string(out, ra->den);
			json_num(out, "value", v);
			fprintf(out, ", \"clock\": \"%s\"", ra->wall ? "wall" : "judged");
			fputs(", \"meaning\": ", out);
			cli_json_string(out, ra->meaning);
			fputc('}', out);
		}
	fputs("]}\n", out);
}

static void print_ratios(FILE *out, const struct bench_run *r,
                         const struct bench_suite *const *picked, size_t npicked)
{
	int any = 0;
	for (size_t i = 0; i < npicked; i++)
		for (size_t k = 0; k < picked[i]->nratios; k++) {
			const struct bench_ratio *ra = &picked[i]->ratios[k];
			char v[32];
			double x;
			if (bench_ratio_value(r, ra, &x))
				continue;
			if (!any)
				fputs("\nratios between measurements of this run (of per-cpu values where "
				      "measured, unless marked wall):\n", out);
			any = 1;
			num(v, sizeof v, x);
			fprintf(out, "ratio %-32s / %-32s = %8s  %s%s\n", ra->num, ra->den, v,
			        ra->wall ? "(wall) " : "", ra->meaning);
		}
}

int cmd_bench(int argc, char **argv)
{
	static const struct option opts[] = {{"quick", no_argument, 0, 'q'},
	                                     {"json", no_argument, 0, 'j'},
	                                     {"runs", required_argument, 0, 'n'},
	                                     {"dir", required_argument, 0, 'd'},
	                                     {"keep", no_argument, 0, 'k'},
	                                     {"list", no_argument, 0, 'l'},
	                                     {"help", no_argument, 0, 'h'},
	                                     {0, 0, 0, 0}};
	const struct bench_suite *picked[16];
	int failed[16] = {0}, json = 0, c, nfailed = 0;
	size_t npicked = 0;
	struct bench_opts o = {0, 0, NULL, 0};
	struct bench_run r;
	char *end;

	optind = 1;
	while ((c = getopt_long(argc, argv, "qjn:d:klh", opts, NULL)) != -1) {
		switch (c) {
		case 'q': o.quick = 1; break;
		case 'j': json = 1; break;
		case 'n':
			o.runs = strtoull(optarg, &end, 0);
			if (*end || !o.runs || optarg[0] == '-') {
				fprintf(stderr, "isaprobe bench: --runs wants a positive number, not '%s'\n",
				        optarg);
				return 2;
			}
			break;
		case 'd': o.dir = optarg; break;
		case 'k': o.keep = 1; break;
		case 'l':
			for (size_t i = 0; bench_suites[i]; i++)
				printf("%-10s %s\n", bench_suites[i]->name, bench_suites[i]->what);
			return 0;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	for (size_t i = 0; bench_suites[i]; i++) {
		int pick = optind == argc;
		for (int a = optind; a < argc; a++)
			pick |= strcmp(argv[a], bench_suites[i]->name) == 0;
		if (pick && npicked < sizeof picked / sizeof picked[0])
			picked[npicked++] = bench_suites[i];
	}
	for (int a = optind; a < argc; a++) {
		int known = 0;
		for (size_t i = 0; bench_suites[i]; i++)
			known |= strcmp(argv[a], bench_suites[i]->name) == 0;
		if (!known) {
			fprintf(stderr, "isaprobe bench: no suite '%s'; the suites:\n", argv[a]);
			for (size_t i = 0; bench_suites[i]; i++)
				fprintf(stderr, "  %-10s %s\n", bench_suites[i]->name, bench_suites[i]->what);
			return 2;
		}
	}

	memset(&r, 0, sizeof r);
	r.opts = &o;
	if (!json)
		print_header(stdout, &o);
	for (size_t i = 0; i < npicked; i++) {
		size_t first = r.n;
		r.suite = picked[i]->name;
		if (!json) {
			printf("== %s: %s\n", picked[i]->name, picked[i]->what);
			fflush(stdout);
		}
		failed[i] = picked[i]->run(&r) != 0;
		if (failed[i]) {
			fprintf(stderr, "isaprobe bench: suite %s failed to run\n", picked[i]->name);
			nfailed++;
		}
		if (!json) {
			for (size_t k = first; k < r.n; k++)
				print_result(stdout, &r.results[k]);
			if (failed[i])
				printf("%-10s FAILED to run (see the error above)\n", picked[i]->name);
			fflush(stdout);
		}
	}
	if (json) {
		print_json(stdout, &o, &r, picked, failed, npicked);
	} else {
		int met = 0, missed = 0;
		print_ratios(stdout, &r, picked, npicked);
		for (size_t k = 0; k < r.n; k++) {
			int m = bench_met(&r.results[k]);
			met += m == 1;
			missed += m == 0;
		}
		printf("\ntargets: %d MET, %d NOT MET; %zu suite%s run, %d failed\n", met, missed,
		       npicked, npicked == 1 ? "" : "s", nfailed);
	}
	free(r.results);
	return nfailed ? 1 : 0;
}
