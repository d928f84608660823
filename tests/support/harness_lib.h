/* harness_lib.h: what the register-harness tests share: a job run plain on the simulator, and the
 * same job wrapped by its ISA's harness (include/isaprobe/harness.h), run on the simulator with
 * only the roles a GPU's descriptors express, and unwrapped; the two results compared on what a
 * GPU can show (status, fault, the other outputs, the observable registers). Also the jobs of a
 * shipped probe's variants, built as a campaign builds them (campaign/exec.c). */
#ifndef ISAPROBE_TEST_HARNESS_LIB_H
#define ISAPROBE_TEST_HARNESS_LIB_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isaprobe/harness.h"
#include "isaprobe/probe.h"
#include "isaprobe/runner.h"

/* One run's result with its own outputs (the roles and capacities of a template). */
struct hl_run {
	struct ip_result res;
	struct ip_out_buf out[IP_BUF_ROLE_COUNT];
	uint8_t *mem;
};

void hl_run_init(struct hl_run *run, const struct ip_result *shape);

void hl_run_free(struct hl_run *run);

/* The job plain on r. */
void hl_plain(struct ip_runner *r, const struct ip_job *job, struct hl_run *run);

/* The job through harness h on r: wrapped in w, run, unwrapped into run. Returns 0, or -1 with
 * why set (check refused it, wrap failed, or the wrapped job uses a role no GPU expresses). */
int hl_wrapped(struct ip_runner *r, const struct ip_harness *h,
               struct ip_harness_work *w, const struct ip_job *job,
               struct hl_run *run, char *why, size_t whylen);

/* Whether record k of a registers role (rec_bytes each, recs per invocation) is observable. */
int hl_observable(const struct ip_harness_regs *obs, size_t at, unsigned rec_bytes,
                  unsigned recs);

/* Compares a plain run with a wrapped one on what a GPU shows; 0 when equal, else 1 with msg.
 * A wrapped ok run without its registers output is "not observed" (also a difference here). */
int hl_same(const struct ip_harness *h, const struct ip_job *job,
            const struct hl_run *a, const struct hl_run *b, unsigned rec_bytes,
            unsigned recs, char *msg, size_t msglen);

/* The jobs of a probe's variants, as campaign/exec.c builds them: code packed from the context's
 * program with the value applied, the probe's inputs, limits and outputs. */
struct hl_probe_jobs {
	const struct ip_probe *p;
	struct ip_program prog;
	struct ip_buf in[IP_PROBE_MAX_BUFFERS];
	struct ip_out_buf shape[IP_PROBE_MAX_BUFFERS];
	struct ip_result shape_res;
	unsigned nin;
	uint8_t *code;
	size_t len;
	struct ip_job job;
};

void hl_probe_jobs_init(struct hl_probe_jobs *j, const struct ip_probe *p);

/* The job of value v in context c: 0, or -1 when the ISA cannot pack it (never runs). */
int hl_probe_job(struct hl_probe_jobs *j, unsigned c, const ip_word *v);

void hl_probe_jobs_free(struct hl_probe_jobs *j);

#endif
