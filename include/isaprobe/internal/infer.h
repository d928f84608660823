/* infer.h: field inference from a findings database: per-bit effects, segmentation into fields
 * and typing of each field, from runs and outcomes alone (never field tables or simulators). */
#ifndef ISAPROBE_INFER_H
#define ISAPROBE_INFER_H

#include <stddef.h>
#include <stdint.h>

#include "isaprobe/diag.h"
#include "isaprobe/store.h"

/* What flipping one target bit away from the seed value did (the walk variant). */
enum ip_bit_effect {
	IP_EFFECT_UNPROBED,  /* the variant was never run */
	IP_EFFECT_NONE,      /* same outcome as the baseline */
	IP_EFFECT_FAULT,     /* fault, invalid encoding or timeout */
	IP_EFFECT_UNMODELED, /* the runner could not say */
	IP_EFFECT_CHANGE,    /* ran, and some outputs changed */
	IP_EFFECT_COUNT
};
const char *ip_bit_effect_name(enum ip_bit_effect e);

struct ip_bit_summary {
	enum ip_bit_effect effect;
	unsigned outputs;        /* output words that changed (CHANGE) */
	uint64_t runs;           /* runs of the walk variant */
	uint64_t contradicting;  /* of those, runs with another outcome than the majority */
};

/* One context of a probe as inference saw it. */
struct ip_infer_context {
	unsigned idx;
	char *label;
	unsigned width;          /* bits of the target region */
	uint64_t runs, variants; /* over the campaigns used */
	struct ip_bit_summary *bits; /* width entries, value bit order */
	char **bit_format;       /* per value bit: format name ("" when none) */
	unsigned *bit_pos;       /* per value bit: bit number in that format */
};

struct ip_infer_probe {
	int64_t probe_id;
	char *name, *isa;
	int64_t first_campaign, last_campaign; /* the campaigns whose runs were used */
	unsigned ncampaigns;
	struct ip_infer_context *contexts;
	size_t ncontexts;
};

struct ip_infer_stats {
	unsigned probes, contexts, findings;
	unsigned skipped; /* probes without a campaign that has a layout */
	uint64_t runs;
};

/* Infers the fields of one probe (by name) or of every probe (name NULL) and replaces their
 * rows in the finding table (upsert: a finding seen before keeps its id and first_seen; ones
 * no longer inferred are deleted), so that running it twice leaves the same table.
 * Uses the runs of every campaign of the probe with the newest campaign's probe text, runner
 * and GPU model (any host: merged shards add up). Returns 0, or -1 with d set. stats may be NULL. */
int ip_infer(struct ip_store *s, const char *probe, struct ip_infer_stats *stats,
             struct ip_diag *d);

/* The per-bit effects of a probe's contexts (for reports: heat maps, run counts). Returns 0
 * and *out (free with ip_infer_probe_free), 1 when the probe has no campaign with a layout
 * (*out NULL), or -1 with d set. */
int ip_infer_summary(struct ip_store *s, int64_t probe_id, struct ip_infer_probe **out,
                     struct ip_diag *d);
void ip_infer_probe_free(struct ip_infer_probe *p);

#endif
