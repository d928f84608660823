/* campaign_common.c: what the campaign commands share (campaign_common.h): the clock, numbers,
 * progress output, runs per status, loading probes, and stopping cleanly on Ctrl-C. */
#include "campaign_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cli.h"
#include "isaprobe/internal/probe.h"
#include "isaprobe/store.h"

double cli_mono(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int cli_parse_u64(const char *s, uint64_t *v)
{
	char *end;
	if (!*s || *s == '-')
		return -1;
	*v = strtoull(s, &end, 0);
	return *end ? -1 : 0;
}

int cli_progress_due(struct cli_progress *ps, int done, double tty_every)
{
	double t = cli_mono();
	if (ps->quiet || (!done && t - ps->last < (ps->tty ? tty_every : 5.0)))
		return 0;
	ps->last = t;
	return 1;
}

void cli_progress_bar(char bar[31], double frac)
{
	int fill = frac < 0 ? 0 : (int)(frac * 30);
	for (int i = 0; i < 30; i++)
		bar[i] = frac < 0 ? '?' : i < fill ? '#' : '-';
	bar[30] = '\0';
}

void cli_status_json(const uint64_t *by_status)
{
	for (int i = 0; i < IP_STATUS_COUNT; i++)
		printf("%s\"%s\":%llu", i ? "," : "", ip_status_name((enum ip_status)i),
		       (unsigned long long)by_status[i]);
}

void cli_status_text(const uint64_t *by_status)
{
	for (int i = 0; i < IP_STATUS_COUNT; i++)
		if (by_status[i])
			fprintf(stderr, " %s %llu", ip_status_name((enum ip_status)i),
			        (unsigned long long)by_status[i]);
}

void cli_summary_json_open(const char *probe, long long campaign, const char *engine,
                           const char *runner, const char *model)
{
	printf("{\"probe\":");
	cli_json_string(stdout, probe);
	printf(",\"campaign\":%lld,", campaign);
	if (engine) {
		printf("\"engine\":");
		cli_json_string(stdout, engine);
		putchar(',');
	}
	printf("\"runner\":");
	cli_json_string(stdout, runner);
	printf(",\"model\":");
	cli_json_string(stdout, model);
}

void cli_summary_json_close(const uint64_t *by_status)
{
	printf(",\"status\":{");
	cli_status_json(by_status);
	printf("}}\n");
	fflush(stdout);
}

void cli_lock_note(const char *probe, long long campaign, const char *note)
{
	if (note[0])
		fprintf(stderr, "%s: campaign %lld: %s\n", probe, campaign, note);
}

struct ip_probe *cli_probes_load(char *const *paths, int n)
{
	struct ip_probe *probes = calloc((size_t)n, sizeof *probes);
	struct ip_diag d;
	if (!probes) {
		fputs("isaprobe campaign: out of memory\n", stderr);
		return NULL;
	}
	for (int i = 0; i < n; i++)
		if (ip_probe_load(paths[i], &probes[i], &d) != 0) {
			ip_diag_print(&d, stderr);
			cli_probes_free(probes, i + 1);
			return NULL;
		}
	return probes;
}

void cli_probes_free(struct ip_probe *probes, int n)
{
	if (!probes)
		return;
	for (int i = 0; i < n; i++)
		ip_probe_free(&probes[i]);
	free(probes);
}

static volatile sig_atomic_t stop_flag;

static void on_signal(int sig)
{
	stop_flag = 1;
	signal(sig, SIG_DFL); /* a second Ctrl-C kills: still safe, batches are transactions */
}

volatile sig_atomic_t *cli_stop_catch(int ignore_pipe)
{
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	if (ignore_pipe)
		signal(SIGPIPE, SIG_IGN);
	return &stop_flag;
}

void cli_stop_release(void)
{
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
}
