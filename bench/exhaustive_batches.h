/* exhaustive_batches.h: what the campaign and remote suites time: the exhaustive strategy's
 * first variants of a probe, a campaign's batch at a time, through ip_exec on a runner. */
#ifndef ISAPROBE_BENCH_EXHAUSTIVE_BATCHES_H
#define ISAPROBE_BENCH_EXHAUSTIVE_BATCHES_H

#include <stddef.h>
#include <stdint.h>

#include "campaign/exec.h"

struct bench_exhaustive {
	struct ip_exec x;        /* ready for ip_exec_run(&x, v, n, data, o, ...) */
	struct ip_variant *v;    /* the batch bench_exhaustive_next filled */
	struct ip_outcome *o;    /* room for its outcomes */
	uint8_t *data;           /* and their data */
	struct ip_strategy *st;
	struct ip_runner *r;
	int have_exec;
};

/* Opens runner `spec` for probe p and the exhaustive strategy with `budget` variants (forced past
 * the probe's own limits), batches of IP_CAMPAIGN_DEFAULT_BATCH. 0, or -1 after printing why to
 * stderr (nothing is then left open). */
int bench_exhaustive_open(struct bench_exhaustive *e, const struct ip_probe *p, const char *spec,
                          uint64_t budget);
/* Fills e->v with the next batch: how many variants (0: the budget is spent). */
size_t bench_exhaustive_next(struct bench_exhaustive *e);
void bench_exhaustive_close(struct bench_exhaustive *e);

#endif
