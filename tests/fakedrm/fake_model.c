/* fake_model.c: a job on the fake device's simulator: the model record (what the hardware's
 * descriptors cannot say: code length, budget, register image, which table sides exist) read
 * from GPU memory, the job handed to the project's simulator, its outputs and result written
 * back to GPU memory and to the record. */
#include <stdlib.h>
#include <string.h>

#include "runners/drm/model_ext.h"
#include "fakedrm.h"

static const enum ip_buf_role record_roles[IP_MODEL_ROLES] = {
	[IP_MODEL_UNIFORMS] = IP_BUF_UNIFORMS,       [IP_MODEL_ATTRIBUTES] = IP_BUF_ATTRIBUTES,
	[IP_MODEL_VARYINGS_IN] = IP_BUF_VARYINGS_IN, [IP_MODEL_VARYINGS_OUT] = IP_BUF_VARYINGS_OUT,
	[IP_MODEL_GLOBAL] = IP_BUF_GLOBAL,           [IP_MODEL_REGISTERS] = IP_BUF_REGISTERS,
	[IP_MODEL_TEXTURES] = IP_BUF_TEXTURES,
};

const char *fake_read_record(const struct fake_vm *vm, uint8_t *rec, struct fake_job *j)
{
	struct ip_model_record r;
	memcpy(&r, rec, sizeof r);
	if (r.magic != IP_MODEL_MAGIC)
		return "model record: bad magic";
	if (r.version != IP_MODEL_VERSION)
		return "model record: unknown version";
	j->record = rec;
	j->code_len = r.code_len;
	j->budget = r.budget;
	j->uniform_regs = (int)r.uniform_regs;
	for (unsigned m = 0; m < IP_MODEL_ROLES; m++) {
		struct fake_role *o = &j->role[record_roles[m]];
		size_t n = r.role[m].in_len > r.role[m].out_cap ? r.role[m].in_len : r.role[m].out_cap;
		memset(o, 0, sizeof *o);
		if (!r.role[m].va)
			continue;
		o->mem = fake_gpu_ptr(vm, r.role[m].va, n ? n : 1, NULL);
		if (!o->mem)
			return "model record: a buffer lies outside the submission's BOs";
		o->in_len = r.role[m].in_len;
		o->out_cap = r.role[m].out_cap;
	}
	return NULL;
}

void fake_run_sim(struct fake_node *node, const struct fake_job *j, struct ip_result *res)
{
	struct ip_buf in[IP_BUF_ROLE_COUNT];
	struct ip_out_buf out[IP_BUF_ROLE_COUNT];
	struct ip_job job;
	unsigned nin = 0, nout = 0;
	memset(&job, 0, sizeof job);
	memset(res, 0, sizeof *res);
	for (unsigned r = 0; r < IP_BUF_ROLE_COUNT; r++) {
		const struct fake_role *o = &j->role[r];
		if (!o->mem)
			continue;
		if (o->in_len) {
			in[nin].role = (enum ip_buf_role)r;
			in[nin].data = o->mem;
			in[nin].len = o->in_len;
			nin++;
		}
		if (o->out_cap) {
			out[nout].role = (enum ip_buf_role)r;
			out[nout].data = calloc(1, o->out_cap);
			out[nout].cap = o->out_cap;
			out[nout].len = 0;
			if (!out[nout].data) {
				res->status = IP_STATUS_RUNNER_ERROR;
				res->why = "the fake device ran out of memory";
				goto out;
			}
			nout++;
		}
	}
	job.code = j->code;
	job.code_len = j->code_len;
	job.inputs = in;
	job.ninputs = nin;
	job.limits.invocations = j->invocations;
	job.limits.budget = j->budget;
	job.uniform_regs = j->uniform_regs;
	res->outputs = out;
	res->noutputs = nout;
	ip_runner_run(node->sim, &job, res);
	for (unsigned k = 0; k < nout; k++)
		memcpy(j->role[out[k].role].mem, out[k].data, out[k].cap);
	if (j->record) {
		struct ip_model_record r;
		memcpy(&r, j->record, sizeof r);
		r.done = 1;
		r.status = (uint32_t)res->status;
		r.fault = res->fault;
		r.invocation = res->invocation;
		r.where = res->where;
		r.steps = res->steps;
		memset(r.out_len, 0, sizeof r.out_len);
		for (unsigned m = 0; m < IP_MODEL_ROLES; m++)
			for (unsigned k = 0; k < nout; k++)
				if (out[k].role == record_roles[m])
					r.out_len[m] = (uint32_t)out[k].len;
		memset(r.why, 0, sizeof r.why);
		if (res->why)
			strncpy(r.why, res->why, sizeof r.why - 1);
		memcpy(j->record, &r, sizeof r);
	}
out:
	for (unsigned k = 0; k < nout; k++)
		free(out[k].data);
	res->outputs = NULL;
	res->noutputs = 0;
}
