/* rerun.h: `campaign --resume` runs again what a campaign stored as runner errors (the runner
 * failed: the runs say nothing about their variants) and stores the new runs in their place. */
#ifndef ISAPROBE_CAMPAIGN_RERUN_H
#define ISAPROBE_CAMPAIGN_RERUN_H

#include "exec.h"
#include "isaprobe/campaign.h"

/* Runs again, on x's runner, the `total` runs campaign_id (of probe p, at cursor `cursor`) has
 * stored as runner errors (ip_store_runner_error_count), one batch of x->cap runs per
 * transaction (ip_store_rerecord), stopping between batches when *o->stop is set
 * (r->interrupted). Adds to r->rerun, r->runs and r->by_status. 0, or -1 with d set (batches
 * stored before stay stored). */
int ip_campaign_rerun(struct ip_store *s, int64_t campaign_id, const struct ip_probe *p,
                      struct ip_exec *x, const struct ip_campaign_opts *o, uint64_t cursor,
                      uint64_t total, struct ip_campaign_result *r, struct ip_diag *d);

#endif
