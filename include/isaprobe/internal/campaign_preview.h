/* campaign_preview.h: a campaign's dry run (`isaprobe campaign --dry-run`): per context, the
 * variants each strategy would run, how many of a small sample the runner models, and on a GPU
 * the program and buffers a register harness makes of the seed. Nothing is stored; only the
 * sample (and auto's survey, which decides auto's count) runs. */
#ifndef ISAPROBE_CAMPAIGN_PREVIEW_H
#define ISAPROBE_CAMPAIGN_PREVIEW_H

#include <stdint.h>

#include "isaprobe/internal/campaign.h"

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

/* What a GPU runs for a context's seed when the runner wraps jobs in a register harness
 * (docs/harness.md): the whole program and where the variant lies in it, the wrapped job's
 * buffers and what lies where; or why the harness refuses it; or nothing (wrapped 0) when the
 * seed needs no harness. */
struct ip_preview_wrapped {
	int wrapped;
	char *refused;                   /* malloc'd, or NULL */
	uint8_t *code;                   /* malloc'd: prologue, variant, epilogue */
	size_t len, variant_at, variant_len;
	struct ip_preview_buffer {
		enum ip_buf_role role;
		size_t in, out;              /* input bytes, output capacity (0: none) */
	} buf[IP_BUF_ROLE_COUNT];
	unsigned nbuf;
	char *layout;                    /* the harness's describe text (malloc'd), or NULL */
};

struct ip_preview_context {
	struct ip_preview_count variants[IP_STRATEGY_COUNT];
	unsigned auto_segments;             /* segments auto's survey found (auto: sweeps) */
	uint64_t sampled;                   /* sample variants run */
	uint64_t by_status[IP_STATUS_COUNT];
	struct ip_preview_reason reasons[IP_PREVIEW_MAX_REASONS]; /* most frequent first */
	unsigned nreasons;
	struct ip_preview_wrapped gpu;      /* when the runner wraps (ip_preview.harness) */
};

struct ip_preview {
	char runner[64], model[64];                     /* the runner as it opened */
	char harness[32];   /* the ISA whose register harness the runner wraps jobs with, or "" */
	struct ip_preview_context ctx[IP_PROBE_MAX_CONTEXTS]; /* p->ncontexts of them */
	struct ip_preview_count total[IP_STRATEGY_COUNT];     /* all contexts (too_many: any) */
};

/* Previews probe p's campaign with the runner, GPU, seed, budget and force of o: opens one
 * runner, runs auto's survey (auto's count depends on what it finds) and, per context, `sample`
 * variants (the seed, each target bit flipped alone, then random values: as many as sample
 * allows), and, when the runner wraps jobs in a register harness, what it makes of each seed.
 * out is overwritten (free a previous preview first). Returns 0, or -1 with d set. */
int ip_campaign_preview(const struct ip_probe *p, const struct ip_campaign_opts *o,
                        unsigned sample, struct ip_preview *out, struct ip_diag *d);
/* Whether a GPU of this model (`t760`, `g52`: as `isaprobe devices` names them) runs every
 * context of p under a kernel (no model extension), without a device: the drm runner's checks of
 * each context's seed, its register harness included (ip_drm_model_check). 0, or -1 with d
 * naming the context and why not. */
int ip_campaign_gpu_check(const struct ip_probe *p, const char *model, struct ip_diag *d);

/* Frees what a preview allocated (the wrapped programs), before out is reused or freed; out
 * itself stays the caller's. */
void ip_campaign_preview_free(struct ip_preview *out);

#endif
