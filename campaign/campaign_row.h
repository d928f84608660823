/* campaign_row.h: the campaign row and layout every engine starts from (campaign/campaign.c), so
 * that the native driver and the AFL++ engine (afl_campaign.c) key and describe campaigns alike. */
#ifndef ISAPROBE_CAMPAIGN_CAMPAIGN_ROW_H
#define ISAPROBE_CAMPAIGN_CAMPAIGN_ROW_H

#include "isaprobe/campaign.h"

/* Finds or starts the campaign of probe p with o's host, seed, budget and shard under
 * `strategy` (a strategy's name, or "afl"), on the device (runner_name, model), and stores
 * its layout. Returns its id with *cursor and *finished, or -1 with d set. */
int64_t ip_campaign_open(struct ip_store *s, const struct ip_probe *p,
                         const struct ip_campaign_opts *o, const char *strategy,
                         const char *runner_name, const char *model, size_t value_len,
                         uint64_t *cursor, int *finished, struct ip_diag *d);

#endif
