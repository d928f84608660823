/* cmd_campaign.c: `isaprobe campaign`: runs each probe's campaign into a findings database,
 * with a progress bar (terminal) or progress lines, Ctrl-C stopping cleanly, --resume. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "campaign_common.h"
#include "cli.h"
#include "isaprobe/internal/campaign.h"

/* Every campaign ran to its end, but some runs ended as runner errors (README, exit status). */
#define EXIT_RUNNER_ERRORS 3

static void usage(FILE *out)
{
	fputs("usage: isaprobe campaign PROBE... --db FILE [--runner NAME] [--strategy S]\n"
	      "                         [--budget N] [--jobs J] [--seed S] [--gpu MODEL]\n"
	      "                         [--shard I/N] [--confirm N] [--resume] [--force]\n"
	      "                         [--quiet] [--json]\n"
	      "       isaprobe campaign PROBE... --dry-run [--sample N] [--runner NAME]\n"
	      "                         [--strategy S] [--budget N] [--seed S] [--gpu MODEL] [--json]\n"
	      "\n"
	      "Runs the variants of each probe file (docs/probe-format.md) on a runner and stores\n"
	      "every outcome in the findings database FILE (created if missing). One campaign per\n"
	      "probe; the same probe, runner, strategy, seed, budget and shard is the same campaign.\n"
	      "\n"
	      "  --engine E       native (this help) or afl: AFL++ guided by outcome classes\n"
	      "                   (`isaprobe campaign --engine afl --help`, docs/afl.md)\n"
	      "  --db FILE        findings database (required)\n"
	      "  --runner NAME    runner backend (default sim)\n"
	      "  --strategy S     walk, pairs, exhaustive, random or auto (default auto)\n"
	      "  --budget N       at most N variants per campaign, shared by the contexts (0: none)\n"
	      "  --jobs J         worker threads, each with its own runner (default: the CPUs)\n"
	      "  --seed S         seed of random and auto's sampling (default 0)\n"
	      "  --gpu MODEL      GPU model (default: the probe's, else the runner's)\n"
	      "  --shard I/N      run only variants I, I+N, I+2N, ... of the sequence (0 <= I < N)\n"
	      "  --confirm N      run again, up to N more times, a variant whose run said nothing\n"
	      "                   (timeout, runner error); and N more times the seed and a fault of\n"
	      "                   one bit flipped from it (default 2 with auto, else 0; 0: never)\n"
	      "  --resume         continue an interrupted campaign, and run again the runs it\n"
	      "                   stored as runner errors (also of a complete campaign)\n"
	      "  --force          allow exhaustive campaigns above 2^24 values per context\n"
	      "  --batch N        variants per batch and per database transaction (default 4096)\n"
	      "  --host NAME      machine name stored with the device (default none)\n"
	      "  --quiet          no progress, no summary\n"
	      "  --json           one JSON summary per campaign on standard output\n"
	      "  --dry-run        store nothing, run no campaign: per context, print the seed\n"
	      "                   program (hex and disassembly), the target bits, the variants of\n"
	      "                   each strategy, and how many of a sample the runner models (auto's\n"
	      "                   survey and the sample run; --db is not needed)\n"
	      "  --sample N       dry run: variants run per context (default 64)\n"
	      "  -h, --help       this help\n"
	      "\n"
	      "Ctrl-C stops after the batches in flight, all stored; run again with --resume.\n"
	      "One process at a time runs a campaign: a second one is refused, naming the first.\n"
	      "Exit status: 0 done, 1 error, 2 bad usage, 3 done but some runs ended as runner\n"
	      "errors (the runner failed; --resume runs them again), 130 interrupted.\n",
	      out);
}

static void fmt_eta(double s, char *buf, size_t n)
{
	if (s < 0 || s > 1e7)
		snprintf(buf, n, "?");
	else if (s >= 3600)
		snprintf(buf, n, "%d:%02d:%02d", (int)s / 3600, (int)s / 60 % 60, (int)s % 60);
	else
		snprintf(buf, n, "%d:%02d", (int)s / 60, (int)s % 60);
}

static void on_progress(void *arg, const struct ip_campaign_progress *pr)
{
	struct cli_progress *ps = arg;
	double frac = pr->total ? (double)pr->cursor / (double)pr->total : 1;
	double rate = pr->seconds > 0 ? (double)pr->runs / pr->seconds : 0;
	double crate = pr->seconds > 0 ? (double)(pr->cursor - pr->start) / pr->seconds : 0;
	char eta[32];
	if (!cli_progress_due(ps, pr->done, 0.1))
		return;
	fmt_eta(crate > 0 ? (double)(pr->total - pr->cursor) / crate : -1, eta, sizeof eta);
	if (ps->tty) {
		char bar[31];
		cli_progress_bar(bar, frac);
		fprintf(stderr, "\r%-24.24s [%s] %5.1f%% %llu/%llu  %.0f/s  ETA %s ", ps->probe, bar,
		        100 * frac, (unsigned long long)pr->cursor, (unsigned long long)pr->total, rate,
		        eta);
		if (pr->done)
			fputc('\n', stderr);
	} else {
		fprintf(stderr, "%s: %.1f%% (%llu/%llu variants), %.0f runs/s, ETA %s\n", ps->probe,
		        100 * frac, (unsigned long long)pr->cursor, (unsigned long long)pr->total, rate,
		        eta);
	}
	fflush(stderr);
}

static int parse_shard(const char *s, uint32_t *i, uint32_t *n)
{
	char *end;
	unsigned long a, b;
	a = strtoul(s, &end, 10);
	if (end == s || *end != '/')
		return -1;
	s = end + 1;
	b = strtoul(s, &end, 10);
	if (end == s || *end || b < 1 || b > 1000000 || a >= b)
		return -1;
	*i = (uint32_t)a;
	*n = (uint32_t)b;
	return 0;
}

static void print_summary(const struct ip_probe *p, const struct ip_campaign_opts *o,
                          const struct ip_campaign_result *r, const char *runner, int json)
{
	double rate = r->seconds > 0 ? (double)r->runs / r->seconds : 0;
	if (json) {
		cli_summary_json_open(p->name, (long long)r->campaign_id, NULL, runner,
		                      r->model ? r->model : "");
		printf(",\"strategy\":\"%s\",\"seed\":%llu,\"budget\":%llu,\"shard\":\"%u/%u\","
		       "\"total\":%llu,\"cursor\":%llu,\"runs\":%llu,\"reruns\":%llu,\"seconds\":%.3f,"
		       "\"runs_per_second\":%.0f,\"finished\":%s,\"interrupted\":%s,",
		       ip_strategy_name(o->strategy), (unsigned long long)o->seed,
		       (unsigned long long)o->budget, (unsigned)o->shard_index,
		       (unsigned)(o->shard_count ? o->shard_count : 1), (unsigned long long)r->total,
		       (unsigned long long)r->cursor_end, (unsigned long long)r->runs,
		       (unsigned long long)r->reruns, r->seconds, rate,
		       r->finished ? "true" : "false", r->interrupted ? "true" : "false");
		printf("\"runner_errors\":%llu,\"rerun\":%llu", (unsigned long long)r->runner_errors,
		       (unsigned long long)r->rerun);
		cli_summary_json_close(r->by_status);
		return;
	}
	cli_lock_note(p->name, (long long)r->campaign_id, r->lock_note);
	if (r->rerun)
		fprintf(stderr, "%s: campaign %lld: ran %llu runs again that had ended as runner "
		                "errors\n", p->name, (long long)r->campaign_id,
		        (unsigned long long)r->rerun);
	if (r->was_finished && !r->rerun) {
		fprintf(stderr, "%s: campaign %lld is already complete (%llu variants)\n", p->name,
		        (long long)r->campaign_id, (unsigned long long)r->cursor_end);
	} else {
		fprintf(stderr, "%s: campaign %lld, %llu runs stored in %.2f s (%.0f/s", p->name,
		        (long long)r->campaign_id, (unsigned long long)r->runs, r->seconds, rate);
		if (r->reruns)
			fprintf(stderr, "; %llu of them re-runs", (unsigned long long)r->reruns);
		fputs("):", stderr);
		cli_status_text(r->by_status);
		fprintf(stderr, "; %s\n",
		        r->finished ? "complete" : "interrupted: run again with --resume");
	}
	if (r->runner_errors)
		fprintf(stderr, "%s: campaign %lld holds %llu runs that ended as runner errors (the "
		                "runner failed: they say nothing about their variants); run the same "
		                "command with --resume to run them again\n",
		        p->name, (long long)r->campaign_id, (unsigned long long)r->runner_errors);
}

int cmd_campaign(int argc, char **argv)
{
	enum { O_DB = 256, O_RUNNER, O_STRATEGY, O_BUDGET, O_JOBS, O_SEED, O_GPU, O_SHARD, O_RESUME,
	       O_FORCE, O_QUIET, O_JSON, O_BATCH, O_HOST, O_CONFIRM, O_DRY_RUN, O_SAMPLE };
	static const struct option opts[] = {
		{"db", required_argument, 0, O_DB},         {"runner", required_argument, 0, O_RUNNER},
		{"strategy", required_argument, 0, O_STRATEGY},
		{"budget", required_argument, 0, O_BUDGET}, {"jobs", required_argument, 0, O_JOBS},
		{"seed", required_argument, 0, O_SEED},     {"gpu", required_argument, 0, O_GPU},
		{"shard", required_argument, 0, O_SHARD},   {"resume", no_argument, 0, O_RESUME},
		{"force", no_argument, 0, O_FORCE},         {"quiet", no_argument, 0, O_QUIET},
		{"json", no_argument, 0, O_JSON},           {"batch", required_argument, 0, O_BATCH},
		{"host", required_argument, 0, O_HOST},     {"confirm", required_argument, 0, O_CONFIRM},
		{"dry-run", no_argument, 0, O_DRY_RUN},     {"sample", required_argument, 0, O_SAMPLE},
		{"help", no_argument, 0, 'h'},
		{0, 0, 0, 0}};
	struct ip_campaign_opts o;
	const char *db = NULL;
	int quiet = 0, json = 0, dry_run = 0, c, rc = 0, nprobes, errors = 0;
	unsigned sample = 64;
	uint64_t v;
	struct ip_probe *probes;
	struct ip_store *store = NULL;
	struct ip_diag d;
	volatile sig_atomic_t *stop = NULL;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	switch (cli_campaign_engine(&argc, argv)) {
	case -1: return 2;
	case 1: return cmd_campaign_afl(argc, argv); /* cli/cmd_campaign_afl.c */
	}
	memset(&o, 0, sizeof o);
	o.runner = "sim";
	o.strategy = IP_STRATEGY_AUTO;
	o.jobs = cpus > 0 ? (unsigned)(cpus < IP_CAMPAIGN_MAX_JOBS ? cpus : IP_CAMPAIGN_MAX_JOBS) : 1;
	o.shard_count = 1;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case O_DB: db = optarg; break;
		case O_RUNNER: o.runner = optarg; break;
		case O_STRATEGY:
			if (ip_strategy_parse(optarg, &o.strategy)) {
				fprintf(stderr, "isaprobe campaign: unknown strategy '%s' (walk, pairs, "
				                "exhaustive, random, auto)\n", optarg);
				return 2;
			}
			break;
		case O_BUDGET:
		case O_SEED:
		case O_JOBS:
		case O_BATCH:
		case O_CONFIRM:
		case O_SAMPLE:
			if (cli_parse_u64(optarg, &v) ||
			    (c == O_JOBS && (v < 1 || v > IP_CAMPAIGN_MAX_JOBS)) ||
			    ((c == O_BATCH || c == O_SAMPLE) && (v < 1 || v > 1000000)) ||
			    (c == O_CONFIRM && v > 100)) {
				fprintf(stderr, "isaprobe campaign: bad number '%s' for --%s\n", optarg,
				        opts[c - O_DB].name);
				return 2;
			}
			if (c == O_BUDGET)
				o.budget = v;
			else if (c == O_SEED)
				o.seed = v;
			else if (c == O_JOBS)
				o.jobs = (unsigned)v;
			else if (c == O_CONFIRM)
				o.confirm = v ? (unsigned)v : IP_CAMPAIGN_CONFIRM_NONE;
			else if (c == O_SAMPLE)
				sample = (unsigned)v;
			else
				o.batch = (unsigned)v;
			break;
		case O_GPU: o.gpu = optarg; break;
		case O_HOST: o.host = optarg; break;
		case O_SHARD:
			if (parse_shard(optarg, &o.shard_index, &o.shard_count)) {
				fprintf(stderr, "isaprobe campaign: --shard wants I/N with 0 <= I < N, not "
				                "'%s'\n", optarg);
				return 2;
			}
			break;
		case O_RESUME: o.resume = 1; break;
		case O_FORCE: o.force = 1; break;
		case O_QUIET: quiet = 1; break;
		case O_JSON: json = 1; break;
		case O_DRY_RUN: dry_run = 1; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if ((!db && !dry_run) || optind >= argc) {
		fprintf(stderr, "isaprobe campaign: %s\n", !db && !dry_run ? "--db FILE is required"
		                                               : "no probe file given");
		usage(stderr);
		return 2;
	}
	if (!cli_runner_known("campaign", o.runner))
		return 2;
	nprobes = argc - optind;
	probes = cli_probes_load(argv + optind, nprobes);
	if (!probes)
		return 1;
	if (dry_run) { /* no database, no campaign */
		rc = cli_campaign_dry_run(probes, nprobes, &o, sample, json);
		goto done;
	}
	if (ip_store_open(db, IP_STORE_READ_WRITE_CREATE, &store, &d) != 0) {
		ip_diag_print(&d, stderr);
		rc = 1;
	} else {
		o.stop = stop = cli_stop_catch(0);
	}
	for (int i = 0; i < nprobes && rc == 0 && !*stop; i++) {
		struct cli_progress ps = {probes[i].name, isatty(2), quiet, cli_mono()};
		struct ip_campaign_result r;
		o.progress = on_progress;
		o.progress_arg = &ps;
		ip_diag_init(&d, probes[i].path); /* store errors name the database instead */
		if (ip_campaign_run(store, &probes[i], &o, &r, &d) != 0) {
			ip_diag_print(&d, stderr);
			rc = 1;
			break;
		}
		if (!quiet || json)
			print_summary(&probes[i], &o, &r, o.runner, json);
		if (r.interrupted)
			rc = 130;
		else if (r.runner_errors && quiet && !json)
			fprintf(stderr, "%s: campaign %lld holds %llu runner-error runs: --resume runs "
			                "them again\n", probes[i].name, (long long)r.campaign_id,
			        (unsigned long long)r.runner_errors);
		if (r.runner_errors && rc == 0)
			errors = 1;
	}
	if (rc == 0 && errors)
		rc = EXIT_RUNNER_ERRORS;
	if (stop && *stop && rc == 0)
		rc = 130;
	cli_stop_release();
done:
	ip_store_close(store);
	cli_probes_free(probes, nprobes);
	return rc;
}
