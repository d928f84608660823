/* campaign.h: the campaign driver: a probe's variants, chosen by a strategy, run in batches by
 * worker threads (one runner each) and recorded in order, resumably, into the findings store. */
#ifndef ISAPROBE_CAMPAIGN_H
#define ISAPROBE_CAMPAIGN_H

#include <signal.h>
#include <stdint.h>

#include "isaprobe/diag.h"
#include "isaprobe/internal/probe.h"
#include "isaprobe/runner.h"
#include "isaprobe/store.h"
#include "isaprobe/internal/strategy.h"

#define IP_CAMPAIGN_DEFAULT_BATCH 4096
#define IP_CAMPAIGN_MAX_JOBS 64
#define IP_CAMPAIGN_DEFAULT_CONFIRM 2
#define IP_CAMPAIGN_CONFIRM_NONE (~0u)

struct ip_campaign_progress {
	uint64_t cursor, total;     /* position in the strategy's sequence (all shards) */
	uint64_t start;             /* the cursor this invocation started from */
	uint64_t runs;              /* variants run and stored by this invocation */
	double seconds;             /* since this invocation started running variants */
	int done;                   /* the last call */
};

struct ip_campaign_opts {
	const char *runner;                         /* backend name, e.g. "sim" */
	const struct ip_runner_backend *backend;    /* or the backend itself (tests); NULL: by name */
	const char *gpu;                            /* NULL: the probe's `gpu`, else the default */
	const char *device;                         /* runner config device (drm, remote) */
	const char *host;                           /* stored with the device; NULL: "" */
	enum ip_strategy_kind strategy;
	uint64_t seed, budget;
	int force;                                  /* exhaustive beyond its limit */
	int resume;                                 /* continue an interrupted campaign */
	/* Re-runs of a variant whose run said nothing (timeout, runner_error: until it says
	 * something) or whose outcome is decisive and rare (the seed's, or a fault of one bit
	 * flipped from it): up to this many more runs each, made and stored with their batch
	 * (IP_CAMPAIGN_CONFIRM_NONE: none; 0: IP_CAMPAIGN_DEFAULT_CONFIRM with auto, none with
	 * the other strategies). auto's survey retries runs that said nothing the same way. */
	unsigned confirm;
	unsigned jobs;                              /* worker threads, each with a runner; 0: 1 */
	unsigned batch;                             /* variants per batch; 0: the default */
	uint32_t shard_index, shard_count;          /* 0/1 (or 0/0) unsharded */
	/* Set (by a signal handler) to stop: the batches in flight are finished and stored. */
	volatile sig_atomic_t *stop;
	/* Called from the recording thread after each stored batch, and once at the end. */
	void (*progress)(void *arg, const struct ip_campaign_progress *pr);
	void *progress_arg;
};

struct ip_campaign_result {
	int64_t campaign_id;
	const char *model;          /* GPU model the runner used (static or the probe's string) */
	char model_buf[64];
	uint64_t total;             /* variants of the whole strategy (all shards) */
	uint64_t cursor_start, cursor_end;
	uint64_t runs;              /* runs made and stored now (re-runs included) */
	uint64_t reruns;            /* of them, re-runs (ip_campaign_opts.confirm) */
	uint64_t by_status[IP_STATUS_COUNT];
	uint64_t batches;
	double seconds;             /* wall time of this invocation */
	/* CPU seconds of the threads that ran and prepared the batches (all workers together) and
	 * of the thread that stored them (this one, from the first batch to the last). */
	double worker_cpu, recorder_cpu;
	int finished;               /* the campaign is complete (now or before) */
	int was_finished;           /* it was complete before: nothing ran */
	int interrupted;            /* stopped by *stop before the end */
	int resumed;                /* continued from a stored cursor > 0 */
	/* Runner errors (the runner failed: the runs say nothing about their variants): how many
	 * runs the campaign holds as such now, and how many stored ones --resume ran again. */
	uint64_t runner_errors, rerun;
	char lock_note[512];        /* a stale lock taken over: whose (else "") */
};

/* Runs (or resumes) the campaign of probe p with options o into store s. Returns 0 (also when
 * interrupted: r->interrupted; everything run is stored), or -1 with d set; batches stored
 * before an error stay stored. The campaign is locked while it runs (ip_store_campaign_lock):
 * a second writer of the same campaign gets -1 naming the process that runs it. With
 * o->resume, the runs stored as runner errors are run again first (r->rerun). Before
 * anything is stored, every context's job is checked against the runner's limits
 * (ip_runner_check_job). */
int ip_campaign_run(struct ip_store *s, const struct ip_probe *p, const struct ip_campaign_opts *o,
                    struct ip_campaign_result *r, struct ip_diag *d);

#endif
