/* edited_sim.h: test devices made of the simulator: each job runs on a copy of its code that the
 * test's edit function changes (and, if it asks, with its non-zero output words negated). A device
 * departing from public knowledge in one field, or doing what public work says where the
 * simulator does not model it. A test defines its backend with these four functions. */
#ifndef ISAPROBE_TEST_EDITED_SIM_H
#define ISAPROBE_TEST_EDITED_SIM_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "isaprobe/campaign.h"
#include "isaprobe/infer.h"
#include "isaprobe/probe.h"
#include "isaprobe/report.h"
#include "isaprobe/runner.h"
#include "store_fixture.h"

/* The device's edit: changes code (len bytes) in place; returns 1 to negate the job's non-zero
 * output words (zeros of either sign stay) when it runs ok, else 0. */
extern int (*edited_sim_edit)(uint8_t *code, size_t len);

int edited_sim_open(const struct ip_runner_config *cfg, void **state, struct ip_diag *d);

int edited_sim_run(void *state, const struct ip_job *jobs, size_t n,
                   struct ip_result *results);

void edited_sim_close(void *state);

const char *edited_sim_model(void *state);

/* The probe's auto campaign into a fresh store at path on runner `runner` (device `device`,
 * or NULL) or device b, inferred, its sentences and public verdicts stored; r gets the
 * campaign's result. */
struct ip_store *edited_sim_campaign_on(const char *path, const struct ip_probe *p,
                                        const char *runner, const char *device,
                                        const struct ip_runner_backend *b,
                                        struct ip_campaign_result *r);

/* The probe's auto campaign on the simulator (b NULL) or device b (edited_sim_campaign_on). */
struct ip_store *edited_sim_campaign(const char *path, const struct ip_probe *p,
                                     const struct ip_runner_backend *b);

#endif
