/* campaign_common.h: what `isaprobe campaign` and `campaign --engine afl` share
 * (cli/campaign_common.c): the clock, number parsing, the progress state and bar, the runs per
 * status, loading the probes, and Ctrl-C / SIGTERM stopping a campaign cleanly. */
#ifndef ISAPROBE_CLI_CAMPAIGN_COMMON_H
#define ISAPROBE_CLI_CAMPAIGN_COMMON_H

#include <signal.h>
#include <stdint.h>

struct ip_probe;

/* Seconds on the monotonic clock. */
double cli_mono(void);
/* A whole number (decimal, 0x hex or 0 octal; no sign): 0 and *v, or -1. */
int cli_parse_u64(const char *s, uint64_t *v);

/* A campaign's progress output: the probe's name, a bar on a terminal, else lines. */
struct cli_progress {
	const char *probe;
	int tty, quiet;
	double last; /* when it last printed */
};
/* Whether to print now: never when quiet; always when done; else once tty_every seconds have
 * passed since the last print on a terminal, 5 s elsewhere (then the time is noted). */
int cli_progress_due(struct cli_progress *ps, int done, double tty_every);
/* A 30-character bar filled to frac (0 to 1; below 0: unknown, '?' throughout). */
void cli_progress_bar(char bar[31], double frac);

/* The runs of each status (by_status[IP_STATUS_COUNT]): as JSON members "ok":N,"fault":N,...
 * (every status) on stdout; as " ok N fault N" (the statuses that have runs) on stderr. */
void cli_status_json(const uint64_t *by_status);
void cli_status_text(const uint64_t *by_status);

/* A campaign's --json summary line on stdout opens with {"probe":..,"campaign":N, then
 * "engine":"<engine>" unless engine is NULL, "runner":..,"model":.. (no comma after it); each
 * command prints its own members, then closes it with ,"status":{..}}, a newline and a flush. */
void cli_summary_json_open(const char *probe, long long campaign, const char *engine,
                           const char *runner, const char *model);
void cli_summary_json_close(const uint64_t *by_status);
/* A campaign's lock note (why it waited for or took over the database), if it has one. */
void cli_lock_note(const char *probe, long long campaign, const char *note);

/* Loads the n probe files paths[0..n) (every one before anything runs: a typo fails fast);
 * the array (free with cli_probes_free), or NULL after printing why. */
struct ip_probe *cli_probes_load(char *const *paths, int n);
void cli_probes_free(struct ip_probe *probes, int n);

/* From now on, Ctrl-C and SIGTERM set the flag returned (a second one kills: still safe, a
 * campaign's batches are transactions); ignore_pipe: SIGPIPE is ignored too. */
volatile sig_atomic_t *cli_stop_catch(int ignore_pipe);
/* Ctrl-C and SIGTERM kill again. */
void cli_stop_release(void);

#endif
