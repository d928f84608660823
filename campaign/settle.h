/* settle.h: faults and flipped bits as a GPU gives them: what auto's survey is re-run for
 * before it plans (a fault counts only when it repeats after a job known to succeed; a walk
 * flip or an interacting pair is run again and the majority kept), and the shared rules the
 * campaign's stored re-runs follow (campaign/campaign.c). */
#ifndef ISAPROBE_CAMPAIGN_SETTLE_H
#define ISAPROBE_CAMPAIGN_SETTLE_H

#include "exec.h"

/* Whether two outcomes are the same (status, fault code, output bytes). */
int ip_settle_same(const struct ip_outcome *a, const struct ip_outcome *b);

/* Which of n outcomes of one variant to keep: an ok one over faults (a fault that does not
 * repeat is the state a fault before left dirty, or the GPU's own), among ok ones the one most
 * of them agree with (an output bit flipped once is outvoted), else the first. */
size_t ip_settle_pick(const struct ip_outcome *o, size_t n);

/* Whether fault outcome o of variant `value` (context plan pl, seed `seed`) is what the walk
 * already showed: some bit it flips from the seed faulted alone with the same status and code
 * (a reserved bit, a select's value past its table). Such a fault repeats where it should and
 * is not run again. */
int ip_settle_explained(const struct ip_auto_context_plan *pl, const ip_word *seed,
                        const ip_word *value, const struct ip_outcome *o);

/* Settles a context's survey in place (v: seed, each bit flipped, each pair, as ip_auto_survey
 * lists them; o and data as ip_exec_run left them): the seed is run `confirm` more times; each
 * walk flip once more (and, when the two differ, up to `confirm` more: the majority, an ok
 * over faults); a pair that faults where neither flip alone faults alike is run again after a
 * job known to succeed (until it repeats or runs ok, at most `confirm` times); an ok pair the
 * two flips do not explain (an interaction) once more, and more on disagreement. Returns 0,
 * or IP_RUNNER_DEVICE_LOST with *why. */
int ip_settle_survey(struct ip_exec *x, const struct ip_variant *v, uint8_t *data,
                     struct ip_outcome *o, unsigned width, unsigned confirm, const char **why);

/* Records in pl (walk_status, walk_fault) how each bit's flip alone faulted in the settled
 * survey o (after ip_auto_segment, which clears the plan). */
void ip_settle_walk_faults(struct ip_auto_context_plan *pl, const struct ip_outcome *o,
                           unsigned width);

/* Settles a condition's pairs (seed ^ bit ^ i ^ j, outcomes in o/data; `alone` the survey's
 * settled outcome of each dependent with the bit, in dependent order; good the job known to
 * succeed): a pair that faults where neither of its two is faulting alike is run again as
 * above. Returns 0, or IP_RUNNER_DEVICE_LOST with *why. */
int ip_settle_condition(struct ip_exec *x, const struct ip_auto_condition *c,
                        const struct ip_variant *good, const struct ip_variant *v, uint8_t *data,
                        struct ip_outcome *o, const struct ip_outcome *const *alone,
                        unsigned confirm, const char **why);

#endif
