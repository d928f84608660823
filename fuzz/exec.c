/* exec.c: variants to jobs and outcomes: mutation happens on the logical words of the
 * context's program, which the ISA's pack turns back into the binary the runner gets. */
#include <stdlib.h>
#include <string.h>

#include "exec.h"

int ip_exec_init(struct ip_exec *x, const struct ip_probe *p, struct ip_runner *r, size_t cap,
                 struct ip_diag *d)
{
	memset(x, 0, sizeof *x);
	x->probe = p;
	x->runner = r;
	x->cap = cap;
	for (unsigned i = 0; i < p->nbuffers; i++) {
		const struct ip_probe_buffer *b = &p->buffers[i];
		if (b->output) {
			x->noutputs++;
			continue;
		}
		x->inputs[x->ninputs].role = b->role;
		x->inputs[x->ninputs].data = b->data;
		x->inputs[x->ninputs].len = b->len;
		x->ninputs++;
	}
	x->jobs = calloc(cap, sizeof *x->jobs);
	x->results = calloc(cap, sizeof *x->results);
	x->outs = calloc(cap * (x->noutputs ? x->noutputs : 1), sizeof *x->outs);
	x->code_at = calloc(cap, sizeof *x->code_at);
	x->code_len = calloc(cap, sizeof *x->code_len);
	x->index = calloc(cap, sizeof *x->index);
	if (!x->jobs || !x->results || !x->outs || !x->code_at || !x->code_len || !x->index) {
		ip_exec_free(x);
		return ip_diag_plain(d, "out of memory");
	}
	for (unsigned c = 0; c < p->ncontexts; c++) {
		if (ip_probe_copy_program(&x->progs[c], &p->contexts[c].prog)) {
			ip_exec_free(x);
			return ip_diag_plain(d, "out of memory");
		}
	}
	return 0;
}

void ip_exec_free(struct ip_exec *x)
{
	for (unsigned c = 0; c < IP_PROBE_MAX_CONTEXTS; c++)
		ip_program_free(&x->progs[c]);
	free(x->jobs);
	free(x->results);
	free(x->outs);
	free(x->code_at);
	free(x->code_len);
	free(x->arena);
	free(x->index);
	memset(x, 0, sizeof *x);
}

/* Job j: this code, the probe's inputs and limits, its outputs into data (the probe's
 * output_len bytes: the observed buffers in the probe's order). */
static void make_job(struct ip_exec *x, size_t j, const uint8_t *code, size_t len,
                     uint8_t *data)
{
	const struct ip_probe *p = x->probe;
	struct ip_job *job = &x->jobs[j];
	struct ip_result *res = &x->results[j];
	struct ip_out_buf *o = &x->outs[j * x->noutputs];
	size_t off = 0;
	unsigned k = 0;
	memset(job, 0, sizeof *job);
	job->code = code;
	job->code_len = len;
	job->inputs = x->inputs;
	job->ninputs = x->ninputs;
	job->limits = p->limits;
	job->uniform_regs = p->uniform_regs;
	memset(res, 0, sizeof *res);
	for (unsigned b = 0; b < p->nbuffers; b++) {
		if (!p->buffers[b].output)
			continue;
		o[k].role = p->buffers[b].role;
		o[k].data = data + off;
		o[k].cap = p->buffers[b].len;
		o[k].len = 0;
		off += p->buffers[b].len;
		k++;
	}
	res->outputs = o;
	res->noutputs = x->noutputs;
}

int ip_exec_check(struct ip_exec *x, struct ip_diag *d)
{
	const struct ip_probe *p = x->probe;
	uint8_t *data = malloc(p->output_len ? p->output_len : 1);
	int rc = 0;
	if (!data)
		return ip_diag_plain(d, "out of memory");
	for (unsigned c = 0; c < p->ncontexts && !rc; c++) {
		struct ip_diag pd;
		uint8_t *code;
		size_t len;
		ip_probe_apply(p, &x->progs[c], &p->contexts[c].seed_value);
		ip_diag_init(&pd, NULL);
		if (p->isa->pack(&x->progs[c], &code, &len, &pd) != 0)
			continue; /* never runs: recorded as invalid */
		make_job(x, 0, code, len, data);
		if (ip_runner_check_job(x->runner, &x->jobs[0], &x->results[0], &pd)) {
			char why[sizeof pd.msg];
			snprintf(why, sizeof why, "%s", pd.msg);
			rc = ip_diag_plain(d, "runner %s cannot run the jobs of context %s: %s",
			                   ip_runner_name(x->runner), p->contexts[c].label, why);
		}
		free(code);
	}
	free(data);
	return rc;
}

int ip_exec_run(struct ip_exec *x, const struct ip_variant *v, size_t n, uint8_t *data,
                struct ip_outcome *out, const char **lost_why)
{
	const struct ip_probe *p = x->probe;
	size_t olen = p->output_len, njobs = 0, used = 0;
	struct ip_diag d;
	int rc = 0;
	*lost_why = NULL;
	ip_diag_init(&d, NULL); /* what pack says of an encoding it refuses is not kept */
	/* Nothing is cleared beforehand: a runner writes each output from its start (len bytes),
	 * the rest of an ok one is zeroed below, and the data of any other outcome is not read.
	 * Each packed program is copied into the batch's arena and freed at once (the allocator
	 * hands the same block back for the next), then the jobs point into the arena. */
	for (size_t i = 0; i < n; i++) {
		struct ip_program *prog = &x->progs[v[i].context];
		uint8_t *code;
		size_t len;
		out[i].status = IP_STATUS_INVALID;
		out[i].fault = 0;
		out[i].data = data + i * olen;
		out[i].len = 0;
		ip_probe_apply(p, prog, &v[i].value);
		if (p->isa->pack(prog, &code, &len, &d) != 0)
			continue; /* an encoding the ISA cannot pack: invalid, not run */
		if (used + len > x->arena_cap) {
			size_t cap = x->arena_cap ? x->arena_cap : 4096;
			uint8_t *a;
			while (cap < used + len)
				cap *= 2;
			if (!(a = realloc(x->arena, cap)))
				abort();
			x->arena = a;
			x->arena_cap = cap;
		}
		memcpy(x->arena + used, code, len);
		free(code);
		x->code_at[njobs] = used;
		x->code_len[njobs] = len;
		used += len;
		x->index[njobs++] = i;
	}
	for (size_t j = 0; j < njobs; j++)
		make_job(x, j, x->arena + x->code_at[j], x->code_len[j], data + x->index[j] * olen);
	if (njobs)
		rc = ip_runner_run_batch(x->runner, x->jobs, njobs, x->results);
	if (rc == IP_RUNNER_DEVICE_LOST)
		*lost_why = x->results[0].why ? x->results[0].why : "the device is gone";
	for (size_t j = 0; j < njobs; j++) {
		const struct ip_result *res = &x->results[j];
		size_t i = x->index[j];
		/* a status this build does not know is the runner's failure, not the variant's */
		out[i].status = (unsigned)res->status < IP_STATUS_COUNT ? res->status
		                                                       : IP_STATUS_RUNNER_ERROR;
		out[i].fault = out[i].status == IP_STATUS_OK ? 0 : res->fault;
		if (out[i].status == IP_STATUS_OK) {
			out[i].len = olen;
			for (unsigned k = 0; k < res->noutputs; k++) {
				struct ip_out_buf *o = &res->outputs[k];
				if (o->len < o->cap)
					memset(o->data + o->len, 0, o->cap - o->len);
			}
		}
	}
	x->njobs = njobs;
	return rc == IP_RUNNER_DEVICE_LOST ? rc : 0;
}
