/* runner.c: the generic side of the runner interface: opening a backend by name, batches,
 * buffer roles. Backends live in their own folders and are listed in runners/registry.c. */
#include "isaprobe/runner.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ip_runner {
	const struct ip_runner_backend *backend;
	void *state;
	/* batches submitted and not collected, oldest first: their results, and (a backend
	 * without submit_batch) run_batch's return */
	struct submitted {
		struct ip_result *results;
		size_t n;
		int rc;
	} sub[IP_RUNNER_MAX_SUBMITTED];
	unsigned nsub;
};

static const char *const role_names[IP_BUF_ROLE_COUNT] = {
	[IP_BUF_UNIFORMS] = "uniforms",         [IP_BUF_ATTRIBUTES] = "attributes",
	[IP_BUF_VARYINGS_IN] = "varyings_in",   [IP_BUF_VARYINGS_OUT] = "varyings_out",
	[IP_BUF_GLOBAL] = "global",             [IP_BUF_REGISTERS] = "registers",
	[IP_BUF_COMMANDS] = "commands",
	[IP_BUF_TEXTURES] = "textures",
};

const char *ip_buf_role_name(enum ip_buf_role role)
{
	return (unsigned)role < IP_BUF_ROLE_COUNT ? role_names[role] : "?";
}

int ip_buf_role_parse(const char *name, enum ip_buf_role *role)
{
	for (unsigned i = 0; i < IP_BUF_ROLE_COUNT; i++) {
		if (strcmp(name, role_names[i]) == 0) {
			*role = (enum ip_buf_role)i;
			return 0;
		}
	}
	return -1;
}

const struct ip_runner_backend *ip_runner_backend_find(const char *name)
{
	for (const struct ip_runner_backend *const *b = ip_runner_backends(); *b; b++)
		if (strcmp((*b)->name, name) == 0)
			return *b;
	return NULL;
}

int ip_runner_open(const char *backend, const struct ip_runner_config *cfg, struct ip_runner **out,
                   struct ip_diag *d)
{
	/* "NAME:ARG" (e.g. remote:'ssh board isaprobe agent') opens NAME with device = ARG. */
	const char *colon = strchr(backend, ':');
	char name[64];
	struct ip_runner_config with_arg;
	const struct ip_runner_backend *b;
	*out = NULL;
	if (colon) {
		snprintf(name, sizeof name, "%.*s", (int)(colon - backend), backend);
		with_arg = cfg ? *cfg : (struct ip_runner_config){0};
		with_arg.device = colon + 1;
		cfg = &with_arg;
		backend = name;
	}
	b = ip_runner_backend_find(backend);
	if (!b) {
		char known[256] = "";
		for (const struct ip_runner_backend *const *i = ip_runner_backends(); *i; i++) {
			if (known[0])
				strncat(known, ", ", sizeof known - strlen(known) - 1);
			strncat(known, (*i)->name, sizeof known - strlen(known) - 1);
		}
		return ip_diag_plain(d, "unknown runner '%s' (known: %s)", backend, known);
	}
	return ip_runner_open_backend(b, cfg, out, d);
}

int ip_runner_open_backend(const struct ip_runner_backend *b, const struct ip_runner_config *cfg,
                           struct ip_runner **out, struct ip_diag *d)
{
	struct ip_runner *r;
	*out = NULL;
	r = calloc(1, sizeof *r);
	if (!r)
		return ip_diag_plain(d, "out of memory");
	r->backend = b;
	if (b->open(cfg, &r->state, d) != 0) {
		free(r);
		return -1;
	}
	*out = r;
	return 0;
}

/* run_batch's return rc for results[0..n): every result a runner error unless it is 0. */
static int batch_done(int rc, size_t n, struct ip_result *results)
{
	if (rc == 0)
		return 0;
	for (size_t i = 0; i < n; i++) {
		results[i].status = IP_STATUS_RUNNER_ERROR;
		if (!results[i].why)
			results[i].why = "the runner failed";
	}
	return rc == IP_RUNNER_DEVICE_LOST ? rc : -1;
}

int ip_runner_run_batch(struct ip_runner *r, const struct ip_job *jobs, size_t n,
                        struct ip_result *results)
{
	return batch_done(r->backend->run_batch(r->state, jobs, n, results), n, results);
}

const struct ip_harness *ip_runner_harness(const struct ip_runner *r)
{
	return r->backend->harness ? r->backend->harness(r->state) : NULL;
}

int ip_runner_overlaps(const struct ip_runner *r)
{
	return r->backend->submit_batch && r->backend->collect_batch;
}

void ip_runner_submit_batch(struct ip_runner *r, const struct ip_job *jobs, size_t n,
                            struct ip_result *results)
{
	struct submitted *s = &r->sub[r->nsub];
	if (r->nsub >= IP_RUNNER_MAX_SUBMITTED)
		abort(); /* the caller's bug: collect first */
	*s = (struct submitted){results, n, 0};
	r->nsub++;
	if (ip_runner_overlaps(r))
		r->backend->submit_batch(r->state, jobs, n, results);
	else
		s->rc = r->backend->run_batch(r->state, jobs, n, results);
}

int ip_runner_collect_batch(struct ip_runner *r)
{
	struct submitted s = r->sub[0];
	if (r->nsub == 0)
		abort(); /* the caller's bug: nothing submitted */
	memmove(&r->sub[0], &r->sub[1], (--r->nsub) * sizeof r->sub[0]);
	if (ip_runner_overlaps(r))
		s.rc = r->backend->collect_batch(r->state);
	return batch_done(s.rc, s.n, s.results);
}

int ip_runner_run(struct ip_runner *r, const struct ip_job *job, struct ip_result *result)
{
	return ip_runner_run_batch(r, job, 1, result);
}

const char *ip_runner_model(const struct ip_runner *r)
{
	return r->backend->model ? r->backend->model(r->state) : "";
}

int ip_runner_check_job(struct ip_runner *r, const struct ip_job *job,
                        const struct ip_result *result, struct ip_diag *d)
{
	return r->backend->check_job ? r->backend->check_job(r->state, job, result, d) : 0;
}

const char *ip_runner_name(const struct ip_runner *r)
{
	return r->backend->name;
}

void ip_runner_close(struct ip_runner *r)
{
	if (!r)
		return;
	r->backend->close(r->state);
	free(r);
}

void ip_result_clear(struct ip_result *res)
{
	res->status = IP_STATUS_OK;
	res->fault = 0;
	res->invocation = 0;
	res->where = 0;
	res->steps = 0;
	res->why = NULL;
	for (unsigned i = 0; i < res->noutputs; i++)
		res->outputs[i].len = 0;
}

struct ip_out_buf *ip_result_output(struct ip_result *res, enum ip_buf_role role)
{
	for (unsigned i = 0; i < res->noutputs; i++)
		if (res->outputs[i].role == role)
			return &res->outputs[i];
	return NULL;
}

const struct ip_buf *ip_job_input(const struct ip_job *job, enum ip_buf_role role)
{
	for (unsigned i = 0; i < job->ninputs; i++)
		if (job->inputs[i].role == role)
			return &job->inputs[i];
	return NULL;
}
