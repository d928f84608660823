/* strategy.h: the variant strategies (walk, pairs, exhaustive, random, auto). Each enumerates
 * (context, value) variants deterministically, so a campaign resumes by skipping to its cursor. */
#ifndef ISAPROBE_STRATEGY_H
#define ISAPROBE_STRATEGY_H

#include <stdint.h>

#include "isaprobe/diag.h"
#include "isaprobe/store.h"
#include "isaprobe/word.h"

enum ip_strategy_kind {
	IP_STRATEGY_WALK,       /* the seed, then each target bit flipped alone */
	IP_STRATEGY_PAIRS,      /* the seed, then each pair of target bits flipped */
	IP_STRATEGY_EXHAUSTIVE, /* every value 0 .. 2^width - 1 */
	IP_STRATEGY_RANDOM,     /* the seed, then seeded random values */
	IP_STRATEGY_AUTO,       /* walk, pairs, then a sweep of each segment they revealed (and
	                         * the same under the bits that enable others: conditions) */
	IP_STRATEGY_COUNT
};

/* Exhaustive campaigns of more target bits than this are refused unless forced. */
#define IP_EXHAUSTIVE_MAX_BITS 24
/* Random campaigns without a budget draw this many values per context. */
#define IP_RANDOM_DEFAULT_PER_CONTEXT 4096
/* Auto without a budget sweeps a segment exhaustively up to this many values, and samples
 * this many distinct values of a larger one. */
#define IP_AUTO_DEFAULT_SEGMENT_CAP (UINT64_C(1) << 14)

const char *ip_strategy_name(enum ip_strategy_kind k);
/* 0 and *k, or -1 for an unknown name. */
int ip_strategy_parse(const char *name, enum ip_strategy_kind *k);

/* A set of target bits that behave as one field (auto's survey finds them). */
struct ip_segment {
	ip_word bits;    /* bit i set: value bit i belongs to the segment */
	unsigned nbits;
};
/* Bits that do nothing at the seed but act once another target bit is flipped (an argument a
 * mode bit enables): auto walks them under that bit too (their pairs with it are in the
 * survey; the condition adds their pairs under it, then sweeps their segments there). */
#define IP_AUTO_MAX_CONDITIONS 4
#define IP_AUTO_MAX_DEPENDENTS 16
struct ip_auto_condition {
	unsigned bit;                 /* the enabling bit, flipped from the seed */
	unsigned ndependents;
	unsigned dependents[IP_AUTO_MAX_DEPENDENTS]; /* ascending */
	unsigned nsegments;           /* the dependents' segments under the condition */
	struct ip_segment segments[IP_AUTO_MAX_DEPENDENTS];
};
/* The fault code auto's survey gives a variant that timed out on every run (it hangs): a fault
 * of its own for the plan, not noise. */
#define IP_AUTO_HANG UINT32_MAX

struct ip_auto_context_plan {
	unsigned nsegments;
	struct ip_segment segments[128];
	unsigned nconditions;
	struct ip_auto_condition conditions[IP_AUTO_MAX_CONDITIONS];
	/* how each bit's flip alone ended in the settled survey when it faulted (status, fault
	 * code; status 0: it did not): a fault of a variant flipping such a bit, alike, is what
	 * the walk showed (campaign/settle.c) */
	uint8_t walk_status[128];
	uint32_t walk_fault[128];
};

struct ip_strategy_params {
	enum ip_strategy_kind kind;
	unsigned width;              /* target bits, 1 to 128 */
	unsigned ncontexts;
	const ip_word *seed_values;  /* per context: the value the seed program holds */
	uint64_t seed;               /* random and auto's sampling */
	uint64_t budget;             /* most variants in all, shared equally by the contexts; 0 none */
	int force;                   /* exhaustive above IP_EXHAUSTIVE_MAX_BITS */
	const struct ip_auto_context_plan *plans; /* auto: per context, from ip_auto_segment */
};

/* The parameters of strategy `kind` over probe p: its width, its contexts and their seed values
 * (copied into seeds, which holds IP_PROBE_MAX_CONTEXTS and must outlive the strategy); the
 * rest (seed, budget, force, plans) zero, for the caller to set. */
struct ip_probe;
void ip_strategy_params_of(struct ip_strategy_params *sp, const struct ip_probe *p,
                           enum ip_strategy_kind kind, ip_word *seeds);

struct ip_variant {
	uint32_t context;
	ip_word value;
};

struct ip_strategy;

/* Returns 0, or -1 with d set (exhaustive too large, auto without plans, bad width). */
int ip_strategy_new(const struct ip_strategy_params *params, struct ip_strategy **out,
                    struct ip_diag *d);
/* 1 with the next variant in *v, or 0 when the strategy is done. */
int ip_strategy_next(struct ip_strategy *s, struct ip_variant *v);
/* Variants the strategy gives in all, and to context c alone. */
uint64_t ip_strategy_total(const struct ip_strategy *s);
uint64_t ip_strategy_context_total(const struct ip_strategy *s, uint32_t c);
void ip_strategy_free(struct ip_strategy *s);

/* Variants of auto's survey per context, which come first in every auto context: the seed,
 * each bit flipped, each pair flipped (1 + w + w(w-1)/2). */
uint64_t ip_auto_survey_count(unsigned width);

/* Auto's segmentation of one context from its survey's outcomes, in survey order (index 0 the
 * seed, 1 + i bit i flipped, then the pairs (i, j), i < j, in order). Bits whose flip changes
 * the outcome in the same way as their neighbour's (bit i + 1, when bit i of *adjacent is set:
 * the two sit side by side in the word; NULL: all do), or whose pair does not behave as the two
 * flips alone predict (interaction), join one segment; bits without any effect or interaction
 * join none. An unmodeled or runner-error outcome is no evidence of sameness. */
void ip_auto_segment(unsigned width, const ip_word *adjacent, const struct ip_outcome *survey,
                     struct ip_auto_context_plan *plan);

/* The conditions of a survey (plan->conditions, without segments): bits whose flip alone keeps
 * the seed's ok outcome but whose pair with bit b gives another outcome than b alone (ok, or
 * one the runner could not say) depend on b; the bits with the most dependents (at most
 * IP_AUTO_MAX_CONDITIONS, each with at most IP_AUTO_MAX_DEPENDENTS, the lowest) become
 * conditions. Runs that said nothing (timeout, runner_error) and unmodeled ones are no
 * evidence. */
void ip_auto_conditions(unsigned width, const struct ip_outcome *survey,
                        struct ip_auto_context_plan *plan);
/* Variants a condition adds before its sweeps: its dependents' pairs, under the bit. */
uint64_t ip_auto_condition_count(const struct ip_auto_condition *c);
/* The condition's k-th variant (k < ip_auto_condition_count): seed ^ bit ^ the k-th pair. */
ip_word ip_auto_condition_variant(const struct ip_auto_condition *c, ip_word seed, uint64_t k);
/* Segments the dependents under the condition, like ip_auto_segment: from the survey (the
 * bit alone, each dependent with it) and the condition's own variants (their outcomes in
 * order of ip_auto_condition_variant). */
void ip_auto_segment_condition(unsigned width, const ip_word *adjacent,
                               const struct ip_outcome *survey,
                               const struct ip_outcome *pairs, struct ip_auto_condition *c);
/* Whether pair outcome ab is not what the two flips a and b alone predict from the seed's
 * outcome base (ip_auto_segment's interaction: the two bits belong to one segment). Runs that
 * said nothing are no evidence. */
int ip_auto_interacts(const struct ip_outcome *base, const struct ip_outcome *a,
                      const struct ip_outcome *b, const struct ip_outcome *ab);
/* Whether a run with this status says nothing about its variant (timeout, runner_error): a
 * campaign runs it again, inference leaves it out. */
int ip_status_is_noise(enum ip_status s);

#endif
