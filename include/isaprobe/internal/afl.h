/* afl.h: the AFL++ engine of `isaprobe campaign --engine afl` (docs/afl.md): afl-fuzz guided by
 * outcome classes explores a probe's target bits; every run is stored as any campaign's are. */
#ifndef ISAPROBE_AFL_H
#define ISAPROBE_AFL_H

#include <signal.h>
#include <stdint.h>

#include "isaprobe/diag.h"
#include "isaprobe/internal/probe.h"
#include "isaprobe/store.h"

#define IP_AFL_MAX_JOBS 16

/* What the engine runs: afl-fuzz, the harness built with afl-cc, the custom mutator. */
struct ip_afl_tools {
	char afl_fuzz[4096];
	char harness[4096];
	char mutator[4096];
};
/* Finds them: $ISAPROBE_AFL_FUZZ or afl-fuzz on PATH; $ISAPROBE_AFL_HARNESS and
 * $ISAPROBE_AFL_MUTATOR, or isaprobe-afl-harness and libisaprobe-afl-mutator.so next to the
 * running program. 0, or -1 with d saying what is missing and how to get it. */
int ip_afl_find_tools(struct ip_afl_tools *t, struct ip_diag *d);

struct ip_afl_progress {
	uint64_t cursor;    /* runs stored in the campaign, all invocations */
	uint64_t runs;      /* by this invocation */
	uint64_t budget;    /* 0: none */
	double seconds;     /* since afl-fuzz started */
	double limit;       /* the time limit, 0: none */
	uint64_t classes;   /* distinct outcome classes among this invocation's runs */
	uint64_t queued;    /* afl-fuzz's queue (all instances), from its statistics */
	int done;
};

struct ip_afl_opts {
	const char *runner;   /* NAME[:ARG], default sim */
	const char *gpu;      /* NULL: the probe's, else the runner's */
	const char *host;
	const char *workdir;  /* where each campaign's corpus and afl-fuzz output go (c<ID>/) */
	uint64_t seed;        /* afl-fuzz -s (seed + instance) */
	uint64_t budget;      /* most runs of the campaign; reached: finished. 0: none */
	double seconds;       /* stop after this long (the campaign stays resumable); 0: none */
	unsigned jobs;        /* afl-fuzz instances (-M/-S); 0: 1 */
	int resume;
	volatile sig_atomic_t *stop;  /* set (by a signal handler) to stop; everything is stored */
	void (*progress)(void *arg, const struct ip_afl_progress *pr);
	void *progress_arg;
};

struct ip_afl_result {
	int64_t campaign_id;
	char model[64];
	char outdir[4096];        /* afl-fuzz's output directory */
	uint64_t cursor_start, cursor_end; /* runs stored before and after */
	uint64_t runs;            /* stored by this invocation */
	uint64_t by_status[IP_STATUS_COUNT];
	uint64_t classes;         /* distinct outcome classes of those runs */
	uint64_t execs, queued, crashes, hangs; /* afl-fuzz's statistics, all instances */
	uint64_t bad_records;     /* run-log records refused (never stored) */
	uint64_t skipped_bytes;   /* run-log bytes skipped (a harness killed mid-record) */
	double seconds;
	int finished;             /* the budget is used up (now or before) */
	int was_finished;         /* before: nothing ran */
	int interrupted;          /* stopped by *stop */
	int timed_out;            /* stopped by the time limit */
	int resumed;
	char lock_note[512];       /* a stale campaign lock taken over: whose (else "") */
};

/* Runs (or resumes) the AFL++ campaign of probe p into store s. Returns 0 (also when stopped:
 * r->interrupted, r->timed_out; everything run is stored), or -1 with d set. */
int ip_afl_campaign_run(struct ip_store *s, const struct ip_probe *p, const struct ip_afl_opts *o,
                        struct ip_afl_result *r, struct ip_diag *d);

#endif
