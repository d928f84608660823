/* rerun.h: `campaign --resume` runs again what a campaign stored as runner errors (the runner
 * failed: the runs say nothing about their variants) and stores the new runs in their place. */
#ifndef ISAPROBE_FUZZ_RERUN_H
#define ISAPROBE_FUZZ_RERUN_H

#include "exec.h"
#include "isaprobe/campaign.h"

/* Runs again, on x's runner, every run campaign_id (of probe p, at cursor `cursor`) had stored
 * as a runner error when it started, one batch of x->cap runs per transaction (ip_store_rerecord),
 * stopping between batches when *o->stop is set (r->interrupted). Adds to r->rerun. 0, or -1
 * with d set (batches stored before stay stored). */
int ip_campaign_rerun(struct ip_store *s, int64_t campaign_id, const struct ip_probe *p,
                      struct ip_exec *x, const struct ip_campaign_opts *o, uint64_t cursor,
                      struct ip_campaign_result *r, struct ip_diag *d);

#endif
