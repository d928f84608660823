/* runner.h: the one interface every backend (simulator, DRM hardware, remote process) implements:
 * open with a config, run batches of jobs, close. Jobs and results never allocate per call. */
#ifndef ISAPROBE_RUNNER_H
#define ISAPROBE_RUNNER_H

#include <stddef.h>
#include <stdint.h>

#include "isaprobe/diag.h"
#include "isaprobe/store.h" /* enum ip_status, shared with the findings database */

/* What a buffer is to the program. Each ISA documents which roles it reads and writes and
 * their layout (Midgard: docs/midgard-simulator.md). Stored nowhere as numbers: renumber freely. */
enum ip_buf_role {
	IP_BUF_UNIFORMS,     /* uniform buffer: uniform registers and uniform (UBO 0) loads */
	IP_BUF_ATTRIBUTES,   /* per-vertex attribute records (the primary attribute table) */
	IP_BUF_VARYINGS_IN,  /* varyings the program loads (the secondary table, read side) */
	IP_BUF_VARYINGS_OUT, /* varyings the program stores (the secondary table, write side) */
	IP_BUF_GLOBAL,       /* global memory */
	IP_BUF_REGISTERS,    /* output only, simulators only: the register file after the run */
	IP_BUF_COMMANDS,     /* a command buffer the GPU's command processor consumes (CTM) */
	IP_BUF_TEXTURES,     /* texel data the program samples (a3xx cat5) */
	IP_BUF_ROLE_COUNT
};

const char *ip_buf_role_name(enum ip_buf_role role);
/* 0 and *role set, or -1 for an unknown name. */
int ip_buf_role_parse(const char *name, enum ip_buf_role *role);

/* An input buffer: read-only to the runner. An input with the role of an output gives that
 * output's initial contents (otherwise outputs start zeroed). */
struct ip_buf {
	enum ip_buf_role role;
	const uint8_t *data;
	size_t len;
};

/* An output buffer owned by the caller and reused across runs: the runner writes at most cap
 * bytes to data and sets len. The capacity is part of the job: for tables (varyings) it is the
 * table's size, exactly as a descriptor's size is on hardware. */
struct ip_out_buf {
	enum ip_buf_role role;
	uint8_t *data;
	size_t cap;
	size_t len;
};

/* The most a job may ask for: what a probe file may say, and what an agent accepts. */
#define IP_JOB_MAX_INVOCATIONS (1u << 20)
#define IP_JOB_MAX_BUDGET UINT32_MAX

struct ip_limits {
	uint32_t invocations;  /* vertices / threads to run; 0 means 1 */
	uint64_t budget;       /* instruction words each invocation may execute; 0: a default */
};

struct ip_job {
	const uint8_t *code; /* the packed binary the GPU fetches */
	size_t code_len;
	const struct ip_buf *inputs;
	unsigned ninputs;
	struct ip_limits limits;
	/* Registers preloaded from the uniform buffer (Midgard: r(24-N)..r23); -1 means as many
	 * whole 16-byte records as the uniform buffer holds, at most 16. */
	int uniform_regs;
};

struct ip_result {
	enum ip_status status;
	uint32_t fault;      /* the GPU's exception code (Mali: job status bits 7:0) when FAULT */
	uint32_t invocation; /* which invocation the status comes from */
	uint32_t where;      /* byte offset in the code of the word the status comes from */
	uint64_t steps;      /* instruction words executed, all invocations together */
	const char *why;     /* static text: why the status is not ok (NULL when ok) */
	/* Caller-owned outputs: set role, data and cap before the run; the runner sets len. */
	struct ip_out_buf *outputs;
	unsigned noutputs;
};

/* What the caller chooses when opening a runner. Fields a backend does not use are ignored. */
struct ip_runner_config {
	const char *isa;    /* instruction set, e.g. "midgard" */
	const char *gpu;    /* GPU model (e.g. "t760"); NULL: the backend's default */
	const char *device; /* device path or command (drm, remote); NULL for simulators */
};

/* A backend: one static instance per kind, listed in runners/registry.c, written with designated
 * initialisers (the optional operations are NULL where a backend has none). */
struct ip_harness;
struct ip_runner_backend {
	const char *name;
	const char *summary;
	/* Opens with a config; *state belongs to the backend. Returns 0, or -1 with d set. */
	int (*open)(const struct ip_runner_config *cfg, void **state, struct ip_diag *d);
	/* Runs n jobs, filling results[i] for jobs[i]. Per-job problems are statuses in the
	 * results; returns -1 only if the backend itself broke (then every result says so), or
	 * IP_RUNNER_DEVICE_LOST. */
	int (*run_batch)(void *state, const struct ip_job *jobs, size_t n, struct ip_result *results);
	void (*close)(void *state);
	/* The model actually in use (after defaults), e.g. "t760". */
	const char *(*model)(void *state);
	/* Optional: 0 if the backend can run a job like this one with these outputs at all (the
	 * remote runner: it fits the agent protocol's frames), else -1 with d saying why. A campaign
	 * asks before it starts. NULL: every job can run. */
	int (*check_job)(void *state, const struct ip_job *job, const struct ip_result *result,
	                 struct ip_diag *d);
	/* Optional, both or neither: run_batch in two halves, so that the caller prepares its next
	 * batch while the device runs this one. submit_batch starts jobs[0..n) and returns (the
	 * jobs, their code and inputs, and the results stay the caller's, untouched until
	 * collected); collect_batch waits for the oldest batch submitted and returns what run_batch
	 * would have for it. At most IP_RUNNER_MAX_SUBMITTED batches are submitted and not
	 * collected, and run_batch is called only when none is. NULL: batches one at a time. */
	void (*submit_batch)(void *state, const struct ip_job *jobs, size_t n,
	                     struct ip_result *results);
	int (*collect_batch)(void *state);
	/* Optional: the register harness (include/isaprobe/internal/harness.h) it wraps jobs with, e.g. the
	 * drm runner on a GPU, or NULL when it runs every job as it is (the dry run asks it:
	 * docs/harness.md). NULL: it never wraps a job. */
	const struct ip_harness *(*harness)(void *state);
};

#define IP_RUNNER_MAX_SUBMITTED 2

/* run_batch's return when the device is gone and stays gone (a GPU lost after recovery): no
 * result of the batch says anything about its variants, so none may be recorded; results[0].why
 * says why. A campaign stops there, everything before it stored, and --resume runs the batch
 * again once the device is back. */
#define IP_RUNNER_DEVICE_LOST (-2)

struct ip_runner;

/* NULL-terminated list of every backend, and lookup by name. */
const struct ip_runner_backend *const *ip_runner_backends(void);
const struct ip_runner_backend *ip_runner_backend_find(const char *name);

int ip_runner_open(const char *backend, const struct ip_runner_config *cfg, struct ip_runner **out,
                   struct ip_diag *d);
/* The same with a backend given directly (one outside the registry, e.g. a test's model). */
int ip_runner_open_backend(const struct ip_runner_backend *b, const struct ip_runner_config *cfg,
                           struct ip_runner **out, struct ip_diag *d);
/* 0, -1 (the backend broke: every result is runner_error) or IP_RUNNER_DEVICE_LOST. */
int ip_runner_run_batch(struct ip_runner *r, const struct ip_job *jobs, size_t n,
                        struct ip_result *results);
/* run_batch in two halves (the backend's submit_batch/collect_batch, or run_batch at submit): every
 * batch submitted is collected once, oldest first, with what run_batch would return; at most
 * IP_RUNNER_MAX_SUBMITTED outstanding. ip_runner_overlaps: whether the backend has the pair. */
void ip_runner_submit_batch(struct ip_runner *r, const struct ip_job *jobs, size_t n,
                            struct ip_result *results);
int ip_runner_collect_batch(struct ip_runner *r);
int ip_runner_overlaps(const struct ip_runner *r);
/* One job: the same as a batch of one. */
int ip_runner_run(struct ip_runner *r, const struct ip_job *job, struct ip_result *result);
const char *ip_runner_model(const struct ip_runner *r);
/* The register harness r wraps the jobs that need one with (NULL: none, or a backend that does
 * not say). */
const struct ip_harness *ip_runner_harness(const struct ip_runner *r);
/* The backend's check_job (0 when it has none). */
int ip_runner_check_job(struct ip_runner *r, const struct ip_job *job,
                        const struct ip_result *result, struct ip_diag *d);
const char *ip_runner_name(const struct ip_runner *r);
void ip_runner_close(struct ip_runner *r);

/* Readies a result for a run: status ok, counters zero, no reason, every output empty. */
void ip_result_clear(struct ip_result *res);
/* The caller's output buffer of this role in a result, or NULL. */
struct ip_out_buf *ip_result_output(struct ip_result *res, enum ip_buf_role role);
/* The job's input buffer of this role, or NULL. */
const struct ip_buf *ip_job_input(const struct ip_job *job, enum ip_buf_role role);
/* Readies one run: job of code[0..len) with inputs[0..ninputs), and res with the caller's
 * outputs[0..noutputs); the rest zero (one invocation, the default budget, no uniform
 * registers), for the caller to set after. */
static inline void ip_job_init(struct ip_job *job, struct ip_result *res, const uint8_t *code,
                               size_t len, const struct ip_buf *inputs, unsigned ninputs,
                               struct ip_out_buf *outputs, unsigned noutputs)
{
	*job = (struct ip_job){code, len, inputs, ninputs, {0, 0}, 0};
	*res = (struct ip_result){.outputs = outputs, .noutputs = noutputs};
}

#endif
