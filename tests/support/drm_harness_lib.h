/* drm_harness_lib.h: what the tests of the register harnesses through the drm runner share: a
 * probe's auto campaign on the fake device as a GPU or on the simulator seen as that GPU shows it
 * (a view: the registers the harness cannot show zeroed, the outcomes no GPU gives as the fake
 * GPU's stand-in fault), inferred, its runs and fields as text; and counting findings. */
#ifndef ISAPROBE_TEST_DRM_HARNESS_LIB_H
#define ISAPROBE_TEST_DRM_HARNESS_LIB_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "isaprobe/internal/campaign.h"
#include "isaprobe/internal/harness.h"
#include "isaprobe/internal/infer.h"
#include "isaprobe/internal/probe.h"
#include "store_fixture.h"

/* The simulator under a test's view (dh_view: what the test's GPU shows of a result). */
extern void (*dh_view)(const struct ip_job *job, struct ip_result *res);

int dh_open(const struct ip_runner_config *cfg, void **state, struct ip_diag *d);

int dh_run(void *state, const struct ip_job *jobs, size_t n, struct ip_result *results);

void dh_close(void *state);

const char *dh_model(void *state);

extern const struct ip_runner_backend dh_backend;

/* The probe's auto campaign on GPU model gpu, on runner `runner` (or backend b) into path,
 * inferred; *runs and *fields: its runs and findings as text (malloc'd). 0, or -1 when the
 * campaign did not start (then d says why and *runs, *fields are empty). */
int dh_campaign(const char *path, const struct ip_probe *p, const char *gpu,
                const char *runner, const struct ip_runner_backend *b, char **runs,
                char **fields, struct ip_diag *d);

unsigned dh_lines(const char *t);

/* Findings (lines) of a that b lacks. */
unsigned dh_missing(const char *a, const char *b);

#endif
