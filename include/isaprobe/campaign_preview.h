/* campaign_preview.h: a campaign's dry run (`isaprobe campaign --dry-run`): per context, the
 * variants each strategy would run and how many of a small sample the runner models. Nothing is
 * stored; only the sample (and auto's survey, which decides auto's count) runs. */
#ifndef ISAPROBE_CAMPAIGN_PREVIEW_H
#define ISAPROBE_CAMPAIGN_PREVIEW_H

#include <stdint.h>

#include "isaprobe/campaign.h"

#define IP_PREVIEW_DEFAULT_SAMPLE 64
#define IP_PREVIEW_MAX_REASONS 4

/* Variants one strategy gives a context: count, unless `refused` (exhaustive past its limit
 * without force: count is still what it would be) or `too_many` (2^bits does not fit in 64
 * bits: bits is the exponent). */
struct ip_preview_count {
	uint64_t count;
	int refused, too_many;
	unsigned bits;
};

/* Why sample runs did not end ok: the runner's words, and how many runs said them. */
struct ip_preview_reason {
	const char *why;
	enum ip_status status;
	uint64_t count;
};

struct ip_preview_context {
	struct ip_preview_count variants[IP_STRATEGY_COUNT];
	unsigned auto_segments;             /* segments auto's survey found (auto: sweeps) */
	uint64_t sampled;                   /* sample variants run */
	uint64_t by_status[IP_STATUS_COUNT];
	struct ip_preview_reason reasons[IP_PREVIEW_MAX_REASONS]; /* most frequent first */
	unsigned nreasons;
};

struct ip_preview {
	char runner[64], model[64];                     /* the runner as it opened */
	struct ip_preview_context ctx[IP_PROBE_MAX_CONTEXTS]; /* p->ncontexts of them */
	struct ip_preview_count total[IP_STRATEGY_COUNT];     /* all contexts (too_many: any) */
};

/* Previews probe p's campaign with the runner, GPU, seed, budget and force of o: opens one
 * runner, runs auto's survey (auto's count depends on what it finds) and, per context, `sample`
 * variants (the seed, each target bit flipped alone, then random values: as many as sample
 * allows). Returns 0, or -1 with d set. */
int ip_campaign_preview(const struct ip_probe *p, const struct ip_campaign_opts *o,
                        unsigned sample, struct ip_preview *out, struct ip_diag *d);

#endif
