/* harness_lib.c: what harness_lib.h declares, compiled once into the tests' support library
 * (tests/support/CMakeLists.txt). */
#include "harness_lib.h"

void hl_run_init(struct hl_run *run, const struct ip_result *shape)
{
	size_t total = 0, at = 0;
	memset(run, 0, sizeof *run);
	for (unsigned i = 0; i < shape->noutputs; i++)
		total += shape->outputs[i].cap;
	run->mem = calloc(total ? total : 1, 1);
	if (!run->mem)
		abort();
	for (unsigned i = 0; i < shape->noutputs; i++) {
		run->out[i] = (struct ip_out_buf){shape->outputs[i].role, run->mem + at,
		                                  shape->outputs[i].cap, 0};
		at += shape->outputs[i].cap;
	}
	run->res.outputs = run->out;
	run->res.noutputs = shape->noutputs;
}

void hl_run_free(struct hl_run *run)
{
	free(run->mem);
	memset(run, 0, sizeof *run);
}

void hl_plain(struct ip_runner *r, const struct ip_job *job, struct hl_run *run)
{
	ip_result_clear(&run->res);
	if (ip_runner_run(r, job, &run->res) != 0)
		run->res.status = IP_STATUS_RUNNER_ERROR;
}

int hl_wrapped(struct ip_runner *r, const struct ip_harness *h,
               struct ip_harness_work *w, const struct ip_job *job,
               struct hl_run *run, char *why, size_t whylen)
{
	struct ip_diag d;
	const char *refused = h->check(job, &run->res);
	ip_diag_init(&d, NULL);
	if (refused) {
		snprintf(why, whylen, "check: %s", refused);
		return -1;
	}
	if (h->wrap(w, job, &run->res, &d) != 0) {
		snprintf(why, whylen, "wrap: %.400s", d.msg);
		return -1;
	}
	if (ip_job_input(&w->job, IP_BUF_REGISTERS) || ip_result_output(&w->res, IP_BUF_REGISTERS)) {
		snprintf(why, whylen, "the wrapped job still has a registers role");
		return -1;
	}
	ip_result_clear(&w->res);
	if (ip_runner_run(r, &w->job, &w->res) != 0)
		w->res.status = IP_STATUS_RUNNER_ERROR;
	ip_result_clear(&run->res);
	h->unwrap(w, job, &run->res);
	return 0;
}

int hl_observable(const struct ip_harness_regs *obs, size_t at, unsigned rec_bytes,
                  unsigned recs)
{
	unsigned k = (unsigned)(at / rec_bytes % recs);
	return (int)(obs->bits[k / 64] >> (k % 64) & 1);
}

int hl_same(const struct ip_harness *h, const struct ip_job *job,
            const struct hl_run *a, const struct hl_run *b, unsigned rec_bytes,
            unsigned recs, char *msg, size_t msglen)
{
	struct ip_harness_regs plant, obs;
	h->records(job, &plant, &obs);
	if (a->res.status != b->res.status || a->res.fault != b->res.fault) {
		snprintf(msg, msglen, "status %s/0x%x plain, %s/0x%x wrapped (%s)",
		         ip_status_name(a->res.status), (unsigned)a->res.fault,
		         ip_status_name(b->res.status), (unsigned)b->res.fault,
		         b->res.why ? b->res.why : a->res.why ? a->res.why : "");
		return 1;
	}
	if (a->res.status != IP_STATUS_OK)
		return 0; /* no data is kept of any other outcome (campaign/exec.c) */
	for (unsigned i = 0; i < a->res.noutputs; i++) {
		const struct ip_out_buf *x = &a->res.outputs[i], *y = &b->res.outputs[i];
		if (x->role != IP_BUF_REGISTERS) {
			if (x->len != y->len || memcmp(x->data, y->data, x->len) != 0) {
				snprintf(msg, msglen, "%s differs (%zu/%zu bytes)", ip_buf_role_name(x->role),
				         x->len, y->len);
				return 1;
			}
			continue;
		}
		if (y->len == 0 && x->len) {
			snprintf(msg, msglen, "registers not observed");
			return 1;
		}
		if (x->len != y->len) {
			snprintf(msg, msglen, "registers: %zu bytes plain, %zu wrapped", x->len, y->len);
			return 1;
		}
		for (size_t at = 0; at < x->len; at++) {
			int seen = hl_observable(&obs, at, rec_bytes, recs);
			if (seen ? x->data[at] != y->data[at] : y->data[at] != 0) {
				snprintf(msg, msglen, "registers byte %zu (record %zu): 0x%02x plain, 0x%02x "
				         "wrapped%s", at, at / rec_bytes, x->data[at], y->data[at],
				         seen ? "" : " (not observable: must be zero)");
				return 1;
			}
		}
	}
	return 0;
}

void hl_probe_jobs_init(struct hl_probe_jobs *j, const struct ip_probe *p)
{
	memset(j, 0, sizeof *j);
	j->p = p;
	for (unsigned i = 0; i < p->nbuffers; i++) {
		const struct ip_probe_buffer *b = &p->buffers[i];
		if (b->output)
			j->shape[j->shape_res.noutputs++] = (struct ip_out_buf){b->role, NULL, b->len, 0};
		else
			j->in[j->nin++] = (struct ip_buf){b->role, b->data, b->len};
	}
	j->shape_res.outputs = j->shape;
}

int hl_probe_job(struct hl_probe_jobs *j, unsigned c, const ip_word *v)
{
	struct ip_diag d;
	ip_diag_init(&d, NULL);
	ip_program_free(&j->prog);
	free(j->code);
	j->code = NULL;
	if (ip_probe_copy_program(&j->prog, &j->p->contexts[c].prog))
		abort();
	ip_probe_apply(j->p, &j->prog, v);
	if (j->p->isa->pack(&j->prog, &j->code, &j->len, &d) != 0)
		return -1;
	memset(&j->job, 0, sizeof j->job);
	j->job.code = j->code;
	j->job.code_len = j->len;
	j->job.inputs = j->in;
	j->job.ninputs = j->nin;
	j->job.limits = j->p->limits;
	j->job.uniform_regs = j->p->uniform_regs;
	return 0;
}

void hl_probe_jobs_free(struct hl_probe_jobs *j)
{
	ip_program_free(&j->prog);
	free(j->code);
	memset(j, 0, sizeof *j);
}
