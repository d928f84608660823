/* outcome_status.h: the rules on outcome statuses that every stage applies alike, written once:
 * which statuses are evidence about the variant run and which are not. */
#ifndef ISAPROBE_COMMON_OUTCOME_STATUS_H
#define ISAPROBE_COMMON_OUTCOME_STATUS_H

#include "isaprobe/store.h" /* enum ip_status */

/* Whether a run with this status says nothing about its variant: the runner failed
 * (runner_error), or the job timed out (timeout: a flaky board or a busy machine; a variant
 * that hangs on every run is told apart by folding its runs). A campaign runs such a variant
 * again; inference leaves the run out. */
static inline int ip_status_is_noise(enum ip_status s)
{
	return s == IP_STATUS_TIMEOUT || s == IP_STATUS_RUNNER_ERROR;
}

#endif
