/* mg_exec.c: runs a Midgard job: N invocations of the decoded program, the buffers of the job
 * mapped to uniform registers and tables, next-type and branch control flow, the budget. */
#include <stdlib.h>
#include <string.h>

#include "common/byteorder.h"
#include "mg_sim.h"

#define DEFAULT_BUDGET 65536u
#define REG_FILE_BYTES (MG_REGS * 16)

struct job_view {
	const uint8_t *regs_in;
	size_t regs_in_len;
	uint8_t *regs_out;
	size_t regs_out_cap;
	unsigned uniform_regs;
	struct mg_tables t;
};

/* The register file as bytes: 32-bit components little-endian (a plain copy on such hosts). */
static void put_reg_file(const struct mg_state *st, uint8_t *out)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(out, st->r, REG_FILE_BYTES);
#else
	for (unsigned r = 0; r < MG_REGS; r++)
		for (unsigned c = 0; c < 4; c++)
			ip_put_le32(out + 16 * r + 4 * c, st->r[r][c]);
#endif
}

static void get_reg_file(struct mg_state *st, const uint8_t *in, size_t len)
{
	uint8_t tmp[REG_FILE_BYTES];
	memset(tmp, 0, sizeof tmp);
	memcpy(tmp, in, len < sizeof tmp ? len : sizeof tmp);
	for (unsigned r = 0; r < MG_REGS; r++)
		for (unsigned c = 0; c < 4; c++)
			st->r[r][c] = ip_le32(tmp + 16 * r + 4 * c);
}

static void init_state(struct mg_state *st, const struct job_view *v, uint32_t inv)
{
	memset(st, 0, sizeof *st);
	if (v->regs_in) {
		size_t off = v->regs_in_len >= (size_t)(inv + 1) * REG_FILE_BYTES
		                     ? (size_t)inv * REG_FILE_BYTES
		                     : 0;
		get_reg_file(st, v->regs_in + off, v->regs_in_len - off);
	}
	/* uniform register k is r(23 - k) and holds 16-byte record k of the uniform buffer */
	for (unsigned k = 0; k < v->uniform_regs; k++) {
		uint8_t rec[16];
		size_t at = (size_t)16 * k;
		memset(rec, 0, sizeof rec);
		if (at < v->t.uniforms_len)
			memcpy(rec, v->t.uniforms + at,
			       v->t.uniforms_len - at < 16 ? v->t.uniforms_len - at : 16);
		for (unsigned c = 0; c < 4; c++)
			st->r[23 - k][c] = (uint32_t)rec[4 * c] | (uint32_t)rec[4 * c + 1] << 8 |
			                   (uint32_t)rec[4 * c + 2] << 16 | (uint32_t)rec[4 * c + 3] << 24;
	}
}

/* The condition of a conditional branch: r31.w, 0 or ~0 as comparisons write it. */
static int branch_taken(const struct mg_branch *br, struct mg_state *st, int *taken)
{
	uint32_t c = st->r[31][3];
	if (br->kind == 1 || br->cond == 3) {
		*taken = 1;
		return 0;
	}
	if (c != 0 && c != 0xFFFFFFFFu)
		return mg_stop(st, IP_STATUS_UNMODELED, 0,
		               "branch on an r31.w that is neither 0 nor ~0");
	*taken = br->cond == 2 ? c != 0 : c == 0;
	return 0;
}

/* Runs one invocation; returns the status and sets *where and *steps. */
static unsigned run_invocation(const struct mg_program *p, struct mg_state *st,
                               const struct mg_tables *t, uint64_t budget, size_t code_len,
                               uint32_t *where, uint64_t *steps)
{
	size_t idx = 0;
	uint64_t n = 0;
	if (p->nwords == 0) {
		*where = 0;
		mg_stop(st, IP_STATUS_FAULT, MG_FAULT_INVALID_PC, "no code to run");
		return st->status;
	}
	for (;;) {
		const struct mg_word *w = &p->words[idx];
		int64_t target;
		unsigned expect;
		int taken = 0;
		*where = w->offset;
		if (n >= budget) {
			*steps += n;
			mg_stop(st, IP_STATUS_TIMEOUT, 0, "the instruction budget ran out");
			return st->status;
		}
		n++;
		if (w->status != IP_STATUS_OK) {
			*steps += n;
			mg_stop(st, w->status, w->fault, w->why);
			return st->status;
		}
		st->pipe_valid = 0;
		if (w->tag == MIDGARD_TAG_LOAD_STORE) {
			if (mg_ls_run(&w->ls[0], st, t) != 0 || mg_ls_run(&w->ls[1], st, t) != 0)
				break;
		} else if (mg_alu_run(w, st) != 0) {
			break;
		}
		target = (int64_t)w->offset + w->bytes;
		expect = w->next;
		if (w->br.kind) {
			if (branch_taken(&w->br, st, &taken) != 0)
				break;
			if (taken) {
				target += (int64_t)w->br.offset * 16;
				expect = w->br.dest_tag;
			}
		}
		if (expect == MIDGARD_TAG_END) {
			*steps += n;
			return IP_STATUS_OK;
		}
		if (target < 0 || target >= (int64_t)code_len || target % 16 != 0 ||
		    p->word_at[target / 16] < 0) {
			mg_stop(st, IP_STATUS_FAULT, MG_FAULT_INVALID_PC,
			        "execution continues outside the code or inside a word");
			break;
		}
		idx = (size_t)p->word_at[target / 16];
		if (p->words[idx].tag != expect) {
			*where = p->words[idx].offset;
			*steps += n;
			mg_stop(st, IP_STATUS_FAULT, MG_FAULT_TYPE_MISMATCH,
			        "the next word's type differs from the type announced for it");
			return st->status;
		}
	}
	*steps += n;
	return st->status;
}

/* A write side: the caller's output of that role (initialised from the input of the same role),
 * else NULL with a zero-sized table. */
static void setup_write_side(const struct ip_job *job, struct ip_result *res,
                             enum ip_buf_role role, uint8_t **base, size_t *len)
{
	struct ip_out_buf *o = ip_result_output(res, role);
	const struct ip_buf *in = ip_job_input(job, role);
	*base = NULL;
	*len = 0;
	if (!o || !o->data)
		return;
	memset(o->data, 0, o->cap);
	if (in && in->data)
		memcpy(o->data, in->data, in->len < o->cap ? in->len : o->cap);
	o->len = o->cap;
	*base = o->data;
	*len = o->cap;
}

static size_t block_of(size_t len, uint32_t n)
{
	return len / n / 16 * 16;
}

static void finish(struct ip_result *res, unsigned status, unsigned fault, const char *why)
{
	res->status = (enum ip_status)status;
	res->fault = status == IP_STATUS_FAULT ? fault : 0;
	res->why = status == IP_STATUS_OK ? NULL : why;
}

void mg_run_job(struct mg_sim *sim, const struct ip_job *job, struct ip_result *res)
{
	struct job_view v;
	const struct ip_buf *b;
	uint32_t n = job->limits.invocations ? job->limits.invocations : 1;
	uint64_t budget = job->limits.budget ? job->limits.budget : DEFAULT_BUDGET;
	struct mg_state st;
	uint8_t *attr_out, *vary_out;
	size_t attr_out_len, vary_out_len;

	ip_result_clear(res);

	memset(&v, 0, sizeof v);
	v.t.f = &sim->f;
	b = ip_job_input(job, IP_BUF_UNIFORMS);
	if (b) {
		v.t.uniforms = b->data;
		v.t.uniforms_len = b->len;
	}
	if (job->uniform_regs < 0) {
		size_t recs = v.t.uniforms_len / 16;
		v.uniform_regs = recs > 16 ? 16 : (unsigned)recs;
	} else if (job->uniform_regs > 24) {
		finish(res, IP_STATUS_RUNNER_ERROR, 0, "uniform_regs above 24 (r0-r23 hold them)");
		return;
	} else {
		v.uniform_regs = (unsigned)job->uniform_regs;
	}
	b = ip_job_input(job, IP_BUF_REGISTERS);
	if (b) {
		v.regs_in = b->data;
		v.regs_in_len = b->len;
	}
	v.t.invocations = n;
	b = ip_job_input(job, IP_BUF_ATTRIBUTES);
	if (b) {
		v.t.attr_all = b->data;
		v.t.attr_block = block_of(b->len, n);
	}
	b = ip_job_input(job, IP_BUF_VARYINGS_IN);
	if (b) {
		v.t.vary_in_all = b->data;
		v.t.vary_in_block = block_of(b->len, n);
	}
	setup_write_side(job, res, IP_BUF_ATTRIBUTES, &attr_out, &attr_out_len);
	setup_write_side(job, res, IP_BUF_VARYINGS_OUT, &vary_out, &vary_out_len);
	v.t.attr_out_all = attr_out;
	v.t.attr_out_block = block_of(attr_out_len, n);
	v.t.vary_out_all = vary_out;
	v.t.vary_out_block = block_of(vary_out_len, n);
	for (unsigned i = 0; i < res->noutputs; i++) {
		struct ip_out_buf *o = &res->outputs[i];
		const struct ip_buf *in = ip_job_input(job, o->role);
		if (o->role == IP_BUF_REGISTERS && o->data) {
			size_t want = (size_t)n * REG_FILE_BYTES;
			v.regs_out = o->data;
			v.regs_out_cap = o->cap;
			o->len = want < o->cap ? want : o->cap;
			memset(o->data, 0, o->len);
		} else if (o->role != IP_BUF_ATTRIBUTES && o->role != IP_BUF_VARYINGS_OUT && o->data) {
			/* not written by the program: its initial contents (runner.h) */
			memset(o->data, 0, o->cap);
			if (in && in->data)
				memcpy(o->data, in->data, in->len < o->cap ? in->len : o->cap);
			o->len = o->cap;
		}
	}

	if (mg_decode(sim, job->code, job->code_len) != 0) {
		finish(res, IP_STATUS_RUNNER_ERROR, 0, "out of memory");
		return;
	}
	for (uint32_t inv = 0; inv < n; inv++) {
		unsigned status;
		uint32_t where = 0;
		init_state(&st, &v, inv);
		v.t.invocation = inv;
		status = run_invocation(&sim->prog, &st, &v.t, budget, job->code_len, &where,
		                        &res->steps);
		if (v.regs_out && (size_t)(inv + 1) * REG_FILE_BYTES <= v.regs_out_cap) {
			uint8_t *out = v.regs_out + (size_t)inv * REG_FILE_BYTES;
			put_reg_file(&st, out);
		}
		if (status != IP_STATUS_OK) {
			res->invocation = inv;
			res->where = where;
			finish(res, status, st.fault, st.why);
			return;
		}
	}
	finish(res, IP_STATUS_OK, 0, NULL);
}
