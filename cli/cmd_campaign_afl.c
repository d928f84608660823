/* cmd_campaign_afl.c: `isaprobe campaign --engine afl`: each probe's AFL++ campaign into a
 * findings database (docs/afl.md), with progress, Ctrl-C stopping cleanly, --resume. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "campaign_common.h"
#include "cli.h"
#include "isaprobe/internal/afl.h"

int cli_campaign_engine(int *argc, char **argv)
{
	int out = 1, engine = 0;
	for (int i = 1; i < *argc; i++) {
		const char *a = argv[i], *v = NULL;
		if (strcmp(a, "--") == 0) {
			while (i < *argc)
				argv[out++] = argv[i++];
			break;
		}
		if (strcmp(a, "--engine") == 0) {
			if (i + 1 >= *argc) {
				fputs("isaprobe campaign: --engine needs a value (native or afl)\n", stderr);
				return -1;
			}
			v = argv[++i];
		} else if (strncmp(a, "--engine=", 9) == 0) {
			v = a + 9;
		}
		if (!v) {
			argv[out++] = argv[i];
			continue;
		}
		if (strcmp(v, "native") == 0) {
			engine = 0;
		} else if (strcmp(v, "afl") == 0) {
			engine = 1;
		} else {
			fprintf(stderr, "isaprobe campaign: unknown engine '%s' (native, afl)\n", v);
			return -1;
		}
	}
	argv[out] = NULL;
	*argc = out;
	return engine;
}

static void usage(FILE *out)
{
	fputs("usage: isaprobe campaign --engine afl PROBE... --db FILE [--time T] [--budget N]\n"
	      "                         [--runner NAME] [--gpu MODEL] [--jobs J] [--seed S]\n"
	      "                         [--afl-dir DIR] [--host NAME] [--resume] [--quiet] [--json]\n"
	      "\n"
	      "Explores each probe's target bits with AFL++ (docs/afl.md): afl-fuzz, guided by the\n"
	      "outcome classes its variants show, with a mutator that changes only target bits.\n"
	      "Every run is stored in the findings database FILE, as any campaign's are.\n"
	      "\n"
	      "  --db FILE        findings database (required)\n"
	      "  --time T         stop after T (seconds, or with s, m, h); run again with --resume\n"
	      "                   to go on\n"
	      "  --budget N       at most N runs per campaign; reached, the campaign is complete\n"
	      "                   (neither: until Ctrl-C)\n"
	      "  --runner NAME    runner backend (default sim)\n"
	      "  --gpu MODEL      GPU model (default: the probe's, else the runner's)\n"
	      "  --jobs J         afl-fuzz instances (default 1)\n"
	      "  --seed S         afl-fuzz's random seed (default 0)\n"
	      "  --afl-dir DIR    corpus and afl-fuzz output, per campaign (default FILE.afl)\n"
	      "  --host NAME      machine name stored with the device (default none)\n"
	      "  --resume         continue a stopped campaign (afl-fuzz resumes its queue)\n"
	      "  --quiet          no progress, no summary\n"
	      "  --json           one JSON summary per campaign on standard output\n"
	      "  -h, --help       this help\n"
	      "\n"
	      "Ctrl-C stops afl-fuzz; every run made is stored; run again with --resume.\n"
	      "Exit status: 0 done (budget or time reached), 1 error, 2 bad usage, 130 interrupted.\n",
	      out);
}

static void on_progress(void *arg, const struct ip_afl_progress *pr)
{
	struct cli_progress *ps = arg;
	double rate = pr->seconds > 0 ? (double)pr->runs / pr->seconds : 0, frac = -1;
	double left = -1;
	char eta[32] = "-";
	if (!cli_progress_due(ps, pr->done, 0.2))
		return;
	if (pr->budget) {
		frac = (double)pr->cursor / (double)pr->budget;
		left = rate > 0 ? (double)(pr->budget - (pr->cursor < pr->budget ? pr->cursor
		                                                                 : pr->budget)) / rate
		                : -1;
	}
	if (pr->limit > 0) {
		double tf = pr->seconds / pr->limit, tl = pr->limit - pr->seconds;
		if (frac < 0 || tf > frac) {
			frac = tf;
			left = tl;
		}
	}
	if (frac > 1)
		frac = 1;
	if (left >= 0)
		snprintf(eta, sizeof eta, "%d:%02d", (int)left / 60, (int)left % 60);
	if (ps->tty) {
		char bar[31];
		cli_progress_bar(bar, frac);
		fprintf(stderr, "\r%-24.24s [%s] %llu runs  %.0f/s  %llu classes  %llu queued  ETA %s ",
		        ps->probe, bar, (unsigned long long)pr->cursor, rate,
		        (unsigned long long)pr->classes, (unsigned long long)pr->queued, eta);
		if (pr->done)
			fputc('\n', stderr);
	} else {
		fprintf(stderr, "%s: %llu runs stored, %.0f runs/s, %llu outcome classes, %llu queued, "
		                "ETA %s\n",
		        ps->probe, (unsigned long long)pr->cursor, rate, (unsigned long long)pr->classes,
		        (unsigned long long)pr->queued, eta);
	}
	fflush(stderr);
}

/* T, Ts, Tm or Th (T a positive number) in seconds; 0 or -1. */
static int parse_time(const char *s, double *out)
{
	char *end;
	double v = strtod(s, &end);
	if (end == s || v <= 0 || v > 1e9)
		return -1;
	if (*end == 'm')
		v *= 60, end++;
	else if (*end == 'h')
		v *= 3600, end++;
	else if (*end == 's')
		end++;
	if (*end)
		return -1;
	*out = v;
	return 0;
}

static void print_summary(const struct ip_probe *p, const struct ip_afl_opts *o,
                          const struct ip_afl_result *r, int json)
{
	double rate = r->seconds > 0 ? (double)r->runs / r->seconds : 0;
	if (json) {
		cli_summary_json_open(p->name, (long long)r->campaign_id, "afl",
		                      o->runner ? o->runner : "sim", r->model);
		printf(",\"seed\":%llu,\"budget\":%llu,\"cursor\":%llu,\"runs\":%llu,\"seconds\":%.3f,"
		       "\"runs_per_second\":%.0f,\"classes\":%llu,\"afl\":{\"execs\":%llu,"
		       "\"queued\":%llu,\"crashes\":%llu,\"hangs\":%llu,\"output\":",
		       (unsigned long long)o->seed, (unsigned long long)o->budget,
		       (unsigned long long)r->cursor_end, (unsigned long long)r->runs, r->seconds, rate,
		       (unsigned long long)r->classes, (unsigned long long)r->execs,
		       (unsigned long long)r->queued, (unsigned long long)r->crashes,
		       (unsigned long long)r->hangs);
		cli_json_string(stdout, r->outdir);
		printf("},\"finished\":%s,\"interrupted\":%s,\"timed_out\":%s",
		       r->finished ? "true" : "false", r->interrupted ? "true" : "false",
		       r->timed_out ? "true" : "false");
		cli_summary_json_close(r->by_status);
		return;
	}
	cli_lock_note(p->name, (long long)r->campaign_id, r->lock_note);
	if (r->was_finished) {
		fprintf(stderr, "%s: campaign %lld is already complete (%llu runs)\n", p->name,
		        (long long)r->campaign_id, (unsigned long long)r->cursor_end);
		return;
	}
	fprintf(stderr, "%s: campaign %lld (afl), %llu runs stored in %.2f s (%.0f/s), %llu outcome "
	                "classes:",
	        p->name, (long long)r->campaign_id, (unsigned long long)r->runs, r->seconds, rate,
	        (unsigned long long)r->classes);
	cli_status_text(r->by_status);
	fprintf(stderr, "; afl-fuzz: %llu execs, %llu queued, %llu crashes, %llu hangs; %s\n",
	        (unsigned long long)r->execs, (unsigned long long)r->queued,
	        (unsigned long long)r->crashes, (unsigned long long)r->hangs,
	        r->finished ? "complete" : r->timed_out ? "time is up: --resume goes on"
	                                                : "interrupted: run again with --resume");
	if (r->crashes)
		fprintf(stderr, "%s: afl-fuzz saved %llu crashing variants in %s/*/crashes: the "
		                "runner crashed on them\n",
		        p->name, (unsigned long long)r->crashes, r->outdir);
	if (r->skipped_bytes || r->bad_records)
		fprintf(stderr, "%s: %llu run-log bytes skipped, %llu records refused (runs a harness "
		                "did not finish writing)\n",
		        p->name, (unsigned long long)r->skipped_bytes,
		        (unsigned long long)r->bad_records);
}

int cmd_campaign_afl(int argc, char **argv)
{
	enum { O_DB = 256, O_RUNNER, O_BUDGET, O_TIME, O_JOBS, O_SEED, O_GPU, O_RESUME, O_QUIET,
	       O_JSON, O_HOST, O_DIR, O_NATIVE_ONLY };
	static const struct option opts[] = {
		{"db", required_argument, 0, O_DB},         {"runner", required_argument, 0, O_RUNNER},
		{"budget", required_argument, 0, O_BUDGET}, {"time", required_argument, 0, O_TIME},
		{"jobs", required_argument, 0, O_JOBS},     {"seed", required_argument, 0, O_SEED},
		{"gpu", required_argument, 0, O_GPU},       {"resume", no_argument, 0, O_RESUME},
		{"quiet", no_argument, 0, O_QUIET},         {"json", no_argument, 0, O_JSON},
		{"host", required_argument, 0, O_HOST},     {"afl-dir", required_argument, 0, O_DIR},
		{"strategy", required_argument, 0, O_NATIVE_ONLY},
		{"shard", required_argument, 0, O_NATIVE_ONLY},
		{"batch", required_argument, 0, O_NATIVE_ONLY},
		{"force", no_argument, 0, O_NATIVE_ONLY},   {"help", no_argument, 0, 'h'},
		{0, 0, 0, 0}};
	struct ip_afl_opts o;
	const char *db = NULL, *dir = NULL;
	char *dir_buf = NULL;
	int quiet = 0, json = 0, c, rc = 0, nprobes, idx;
	uint64_t v;
	struct ip_probe *probes;
	struct ip_store *store = NULL;
	struct ip_diag d;
	volatile sig_atomic_t *stop = NULL;

	memset(&o, 0, sizeof o);
	o.runner = "sim";
	o.jobs = 1;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, &idx)) != -1) {
		switch (c) {
		case O_DB: db = optarg; break;
		case O_RUNNER: o.runner = optarg; break;
		case O_GPU: o.gpu = optarg; break;
		case O_HOST: o.host = optarg; break;
		case O_DIR: dir = optarg; break;
		case O_TIME:
			if (parse_time(optarg, &o.seconds)) {
				fprintf(stderr, "isaprobe campaign: --time wants seconds (or 90s, 10m, 2h), "
				                "not '%s'\n", optarg);
				return 2;
			}
			break;
		case O_BUDGET:
		case O_SEED:
		case O_JOBS:
			if (cli_parse_u64(optarg, &v) ||
			    (c == O_JOBS && (v < 1 || v > IP_AFL_MAX_JOBS))) {
				fprintf(stderr, "isaprobe campaign: bad number '%s' for --%s\n", optarg,
				        opts[idx].name);
				return 2;
			}
			if (c == O_BUDGET)
				o.budget = v;
			else if (c == O_SEED)
				o.seed = v;
			else
				o.jobs = (unsigned)v;
			break;
		case O_NATIVE_ONLY:
			fprintf(stderr, "isaprobe campaign: --%s is not for --engine afl (docs/afl.md)\n",
			        opts[idx].name);
			return 2;
		case O_RESUME: o.resume = 1; break;
		case O_QUIET: quiet = 1; break;
		case O_JSON: json = 1; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (!db || optind >= argc) {
		fprintf(stderr, "isaprobe campaign: %s\n", !db ? "--db FILE is required"
		                                               : "no probe file given");
		usage(stderr);
		return 2;
	}
	if (!dir) {
		dir_buf = malloc(strlen(db) + 5);
		if (!dir_buf) {
			fputs("isaprobe campaign: out of memory\n", stderr);
			return 1;
		}
		sprintf(dir_buf, "%s.afl", db);
		dir = dir_buf;
	}
	o.workdir = dir;
	nprobes = argc - optind;
	probes = cli_probes_load(argv + optind, nprobes);
	if (!probes) {
		free(dir_buf);
		return 1;
	}
	if (ip_store_open(db, IP_STORE_READ_WRITE_CREATE, &store, &d) != 0) {
		ip_diag_print(&d, stderr);
		rc = 1;
	} else {
		o.stop = stop = cli_stop_catch(1);
	}
	for (int i = 0; i < nprobes && rc == 0 && !*stop; i++) {
		struct cli_progress ps = {probes[i].name, isatty(2), quiet, 0};
		struct ip_afl_result r;
		o.progress = on_progress;
		o.progress_arg = &ps;
		ip_diag_init(&d, probes[i].path);
		if (ip_afl_campaign_run(store, &probes[i], &o, &r, &d) != 0) {
			ip_diag_print(&d, stderr);
			rc = 1;
			break;
		}
		if (!quiet || json)
			print_summary(&probes[i], &o, &r, json);
		if (r.interrupted)
			rc = 130;
	}
	if (stop && *stop && rc == 0)
		rc = 130;
	cli_stop_release();
	ip_store_close(store);
	cli_probes_free(probes, nprobes);
	free(dir_buf);
	return rc;
}
