/* exec.c: variants to jobs and outcomes: mutation happens on the logical words of the
 * context's program, which the ISA's pack turns back into the binary the runner gets. */
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
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
	for (unsigned k = 0; k < IP_RUNNER_MAX_SUBMITTED; k++) {
		struct ip_exec_batch *b = &x->b[k];
		b->jobs = calloc(cap, sizeof *b->jobs);
		b->results = calloc(cap, sizeof *b->results);
		b->outs = calloc(cap * (x->noutputs ? x->noutputs : 1), sizeof *b->outs);
		b->code_at = calloc(cap, sizeof *b->code_at);
		b->code_len = calloc(cap, sizeof *b->code_len);
		b->index = calloc(cap, sizeof *b->index);
		if (!b->jobs || !b->results || !b->outs || !b->code_at || !b->code_len || !b->index) {
			ip_exec_free(x);
			return ip_diag_plain(d, "out of memory");
		}
	}
	x->jobs = x->b[0].jobs;
	x->results = x->b[0].results;
	x->index = x->b[0].index;
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
	for (unsigned k = 0; k < IP_RUNNER_MAX_SUBMITTED; k++) {
		struct ip_exec_batch *b = &x->b[k];
		free(b->jobs);
		free(b->results);
		free(b->outs);
		free(b->code_at);
		free(b->code_len);
		free(b->arena);
		free(b->index);
	}
	memset(x, 0, sizeof *x);
}

/* Job j: this code, the probe's inputs and limits, its outputs into data (the probe's
 * output_len bytes: the observed buffers in the probe's order). */
static void make_job(const struct ip_exec *x, struct ip_exec_batch *eb, size_t j,
                     const uint8_t *code, size_t len, uint8_t *data)
{
	const struct ip_probe *p = x->probe;
	struct ip_job *job = &eb->jobs[j];
	struct ip_result *res = &eb->results[j];
	struct ip_out_buf *o = &eb->outs[j * x->noutputs];
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

int ip_exec_seed_job(struct ip_exec *x, unsigned c, uint8_t *data, uint8_t **code,
                     struct ip_job **job, struct ip_result **res)
{
	const struct ip_probe *p = x->probe;
	struct ip_diag d;
	size_t len;
	ip_probe_apply(p, &x->progs[c], &p->contexts[c].seed_value);
	ip_diag_init(&d, NULL);
	if (p->isa->pack(&x->progs[c], code, &len, &d) != 0)
		return -1;
	make_job(x, &x->b[0], 0, *code, len, data);
	*job = &x->b[0].jobs[0];
	*res = &x->b[0].results[0];
	return 0;
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
		struct ip_job *job;
		struct ip_result *res;
		uint8_t *code;
		ip_diag_init(&pd, NULL);
		if (ip_exec_seed_job(x, c, data, &code, &job, &res) != 0)
			continue; /* never runs: recorded as invalid */
		if (ip_runner_check_job(x->runner, job, res, &pd)) {
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

void ip_exec_submit(struct ip_exec *x, const struct ip_variant *v, size_t n, uint8_t *data,
                    struct ip_outcome *out)
{
	const struct ip_probe *p = x->probe;
	struct ip_exec_batch *b = &x->b[(x->first + x->nsub++) % IP_RUNNER_MAX_SUBMITTED];
	size_t olen = p->output_len, njobs = 0, used = 0;
	struct ip_diag d;
	ip_diag_init(&d, NULL); /* what pack says of an encoding it refuses is not kept */
	/* Nothing is cleared beforehand: a runner writes each output from its start (len bytes),
	 * the rest of an ok one is zeroed at collect, and the data of any other outcome is not
	 * read. Each packed program is copied into the batch's arena and freed at once (the
	 * allocator hands the same block back for the next), then the jobs point into the arena. */
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
		if (ip_grow((void **)&b->arena, &b->arena_cap, used + len, 1))
			abort();
		memcpy(b->arena + used, code, len);
		free(code);
		b->code_at[njobs] = used;
		b->code_len[njobs] = len;
		used += len;
		b->index[njobs++] = i;
	}
	for (size_t j = 0; j < njobs; j++)
		make_job(x, b, j, b->arena + b->code_at[j], b->code_len[j], data + b->index[j] * olen);
	b->njobs = njobs;
	b->n = n;
	b->out = out;
	if (njobs)
		ip_runner_submit_batch(x->runner, b->jobs, njobs, b->results);
}

int ip_exec_collect(struct ip_exec *x, const char **lost_why)
{
	struct ip_exec_batch *b = &x->b[x->first];
	size_t olen = x->probe->output_len;
	int rc = b->njobs ? ip_runner_collect_batch(x->runner) : 0;
	x->first = (x->first + 1) % IP_RUNNER_MAX_SUBMITTED;
	x->nsub--;
	*lost_why = NULL;
	if (rc == IP_RUNNER_DEVICE_LOST)
		*lost_why = b->results[0].why ? b->results[0].why : "the device is gone";
	for (size_t j = 0; j < b->njobs; j++) {
		const struct ip_result *res = &b->results[j];
		struct ip_outcome *o = &b->out[b->index[j]];
		/* a status this build does not know is the runner's failure, not the variant's */
		o->status = (unsigned)res->status < IP_STATUS_COUNT ? res->status
		                                                    : IP_STATUS_RUNNER_ERROR;
		o->fault = o->status == IP_STATUS_OK ? 0 : res->fault;
		if (o->status == IP_STATUS_OK) {
			size_t at = 0;
			o->len = olen;
			for (unsigned k = 0; k < res->noutputs; k++) {
				struct ip_out_buf *ob = &res->outputs[k];
				if (ob->role == IP_BUF_REGISTERS && ob->cap && !ob->len) {
					/* not observed (a GPU harness's run that never reached its epilogue):
					 * the data ends before it, never zeros (docs/harness.md) */
					o->len = at;
					break;
				}
				if (ob->len < ob->cap)
					memset(ob->data + ob->len, 0, ob->cap - ob->len);
				at += ob->cap;
			}
		}
	}
	x->jobs = b->jobs;
	x->results = b->results;
	x->index = b->index;
	x->njobs = b->njobs;
	return rc == IP_RUNNER_DEVICE_LOST ? rc : 0;
}

int ip_exec_run(struct ip_exec *x, const struct ip_variant *v, size_t n, uint8_t *data,
                struct ip_outcome *out, const char **lost_why)
{
	ip_exec_submit(x, v, n, data, out);
	return ip_exec_collect(x, lost_why);
}
