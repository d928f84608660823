/* campaign_row.h: the campaign row, its layout and its lifecycle every engine shares
 * (campaign/campaign_row.c): the native driver and the AFL++ engine (afl_campaign.c) open, lock,
 * resume and finish campaigns alike. */
#ifndef ISAPROBE_CAMPAIGN_CAMPAIGN_ROW_H
#define ISAPROBE_CAMPAIGN_CAMPAIGN_ROW_H

#include "isaprobe/internal/campaign.h"

/* A campaign's start: what the engine asks (in), where the campaign stands (out). */
struct ip_campaign_start {
	const char *strategy;    /* a strategy's name, or "afl" */
	const char *runner_name; /* the device the campaign runs on: runner and model */
	const char *model;
	size_t value_len;        /* bytes of a variant's value */
	int counts_runs;         /* the cursor counts runs (afl), not variants: how a refusal
	                          * says where the campaign stopped */
	char *lock_note;         /* a stale lock taken over: whose (else "") */
	size_t lock_note_len;
	int64_t id;              /* out: the campaign, or -1 when it could not be opened */
	int locked;              /* out: its writer's lock is held (cursor and finished read
	                          * again under it) */
	uint64_t cursor;         /* out: the strategy position (afl: runs) stored so far */
	int finished;            /* out: it was complete */
};

/* Finds or starts the campaign of probe p with o's host, seed, budget and shard under
 * c->strategy, on the device (runner_name, model), stores its layout, takes its one writer's
 * lock and reads where it stands again under it. An interrupted campaign (cursor > 0, not
 * finished) is continued only when o->resume. 0, or -1 with d set; ip_campaign_end releases
 * the lock either way. */
int ip_campaign_begin(struct ip_store *s, const struct ip_probe *p,
                      const struct ip_campaign_opts *o, struct ip_campaign_start *c,
                      struct ip_diag *d);
/* Marks the campaign complete (*finished = 1). 0, or -1 with d set. */
int ip_campaign_finish(struct ip_store *s, int64_t id, int *finished, struct ip_diag *d);
/* Releases the campaign's lock (held or not). */
void ip_campaign_end(struct ip_store *s);

#endif
