/* exec.h: turns variants into jobs (set the target bits in the context's program, re-pack it
 * with the ISA's pack), runs them as one batch on a runner and canonicalises the outcomes. */
#ifndef ISAPROBE_CAMPAIGN_EXEC_H
#define ISAPROBE_CAMPAIGN_EXEC_H

#include <stddef.h>

#include "isaprobe/probe.h"
#include "isaprobe/runner.h"
#include "isaprobe/strategy.h"

/* One batch's jobs, from ip_exec_submit to ip_exec_collect. */
struct ip_exec_batch {
	struct ip_job *jobs;
	struct ip_result *results;
	struct ip_out_buf *outs;   /* cap * noutputs */
	uint8_t *arena;            /* the packed programs of the batch, one after another */
	size_t arena_cap;
	size_t *code_at, *code_len; /* job j's code: arena + code_at[j], code_len[j] bytes */
	size_t *index;             /* job j is variant index[j] */
	size_t njobs;
	size_t n;                  /* the variants, and their outcomes to fill at collect */
	struct ip_outcome *out;
};

/* One per worker thread; owns copies of the contexts' programs. */
struct ip_exec {
	const struct ip_probe *probe;
	struct ip_runner *runner;
	struct ip_program progs[IP_PROBE_MAX_CONTEXTS];
	struct ip_buf inputs[IP_PROBE_MAX_BUFFERS];
	unsigned ninputs, noutputs;
	size_t cap;                /* jobs per batch */
	/* submitted and not collected: b[(first + i) % IP_RUNNER_MAX_SUBMITTED], oldest first */
	struct ip_exec_batch b[IP_RUNNER_MAX_SUBMITTED];
	unsigned first, nsub;
	/* the batch collected last: jobs[0..njobs), results[j] of variant index[j] */
	struct ip_job *jobs;
	struct ip_result *results;
	size_t *index;
	size_t njobs;
};

int ip_exec_init(struct ip_exec *x, const struct ip_probe *p, struct ip_runner *r, size_t cap,
                 struct ip_diag *d);
void ip_exec_free(struct ip_exec *x);

/* The job of context c's seed, as a campaign runs it (its outputs in data: output_len bytes):
 * 0 with *code (malloc'd, the caller frees it), *job and *res (x's, valid until x runs again),
 * or -1 when the ISA cannot pack the seed. */
int ip_exec_seed_job(struct ip_exec *x, unsigned c, uint8_t *data, uint8_t **code,
                     struct ip_job **job, struct ip_result **res);

/* Whether the runner can run the probe's jobs at all (ip_runner_check_job on each context's
 * seed: a remote runner's frames hold them): 0, or -1 with d naming the context and why. */
int ip_exec_check(struct ip_exec *x, struct ip_diag *d);

/* Runs n <= cap variants. Outcome i's data lies at data + i * probe->output_len (ok: the
 * observed buffers in the probe's order, each its full capacity, zeroed past what the runner
 * wrote, up to a registers output the runner could not observe (len 0 with a capacity: a GPU
 * harness's run that never reached its epilogue), where the data ends; any other status: no
 * data, len 0). x->njobs of them ran as jobs: results[j] is the
 * runner's result of variant index[j] (the others could not be packed). Returns 0, or
 * IP_RUNNER_DEVICE_LOST when the runner's device is gone: then no outcome may be recorded and
 * *lost_why says why. */
int ip_exec_run(struct ip_exec *x, const struct ip_variant *v, size_t n, uint8_t *data,
                struct ip_outcome *out, const char **lost_why);
/* ip_exec_run in two halves, so that the next batch is packed while the runner runs this one
 * (a runner that overlaps batches: ip_runner_overlaps): submit packs and submits (at most
 * IP_RUNNER_MAX_SUBMITTED outstanding; v is not kept, data and out are, until collected);
 * collect waits for the oldest submitted and fills its outcomes, returning what ip_exec_run
 * would have. Every batch submitted is collected once, in order. */
void ip_exec_submit(struct ip_exec *x, const struct ip_variant *v, size_t n, uint8_t *data,
                    struct ip_outcome *out);
int ip_exec_collect(struct ip_exec *x, const char **lost_why);

/* Auto's survey of every context of p (the seed, each bit and each pair of bits flipped, the
 * conditions' pairs), run on x with `confirm` re-runs of what says nothing, and the segments
 * it finds (campaign/campaign.c). Returns 0, or -1 with d set (also when the device is gone). */
int ip_auto_survey(struct ip_exec *x, const struct ip_probe *p, unsigned confirm,
                   struct ip_auto_context_plan *plans, struct ip_diag *d);

#endif
