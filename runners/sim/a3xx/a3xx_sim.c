/* a3xx_sim.c: the Adreno a3xx reference simulator: decodes the program once, runs it slot by
 * slot with (rptN), the result latencies, (ss)/(sy), relative addressing and branches, and
 * serves as the `sim` runner's a3xx backend. Behaviour: docs/a3xx-simulator.md. */
#include <stdlib.h>
#include <string.h>

#include "a3xx_sim_int.h"
#include "common/byteorder.h"

static const char *const models[] = {"a320", "a306", "a330", NULL};

static const char why_past_end[] =
	"ran past the last instruction without `end` (what follows in memory is not known)";
static const char why_branch_out[] = "a branch or jump outside the program";
static const char why_branch_rpt[] = "a branch or jump with (rptN): not described";
static const char why_cat0_op[] =
	"call, ret, kill, emit, cut, chmask, chsh and flow_rev are not modelled (they need a call "
	"stack, a fragment or a geometry pipeline)";
static const char why_budget[] = "instruction budget exhausted";
static const char why_code[] = "code is not a whole number of 8-byte instructions";
static const char why_oom[] = "out of memory";

int ip_a3xx_sim_open(const char *gpu, void **state, struct ip_diag *d)
{
	struct a3xx_state *s;
	unsigned m = 0;
	while (gpu && models[m] && strcmp(models[m], gpu) != 0)
		m++;
	if (!models[m])
		return ip_diag_plain(d, "the a3xx simulator models a320, a306 and a330 (one "
		                        "instruction set), not '%s'",
		                     gpu);
	s = calloc(1, sizeof *s);
	if (!s)
		return ip_diag_plain(d, "out of memory");
	s->model = models[m];
	*state = s;
	return 0;
}

void ip_a3xx_sim_close(void *state)
{
	struct a3xx_state *s = state;
	if (!s)
		return;
	free(s->code);
	free(s);
}

const char *ip_a3xx_sim_model(void *state)
{
	return ((const struct a3xx_state *)state)->model;
}

int a3xx_stop(struct a3xx_run *r, enum ip_status st, const char *why)
{
	if (r->res->status == IP_STATUS_OK) {
		r->res->status = st;
		r->res->why = why;
		r->res->invocation = r->invocation;
		r->res->where = (uint32_t)(r->pc * A3XX_INSTR_BYTES);
	}
	return -1;
}

static int decode_program(struct a3xx_state *s, const uint8_t *code, size_t n)
{
	if (n > s->cap) {
		struct a3xx_sim_instr *c = realloc(s->code, n * sizeof *c);
		if (!c)
			return -1;
		s->code = c;
		s->cap = n;
	}
	for (size_t i = 0; i < n; i++) {
		struct a3xx_sim_instr *si = &s->code[i];
		si->w = ip_word_from_bytes(code + i * A3XX_INSTR_BYTES, A3XX_INSTR_BYTES);
		a3xx_decode(&si->w, &si->ins);
		si->check = a3xx_check_word(&si->w, &si->why);
	}
	return 0;
}

/* The register files from the input (zeros past its end). */
static void load_regs(struct a3xx_thread *th, const struct a3xx_sim_io *io, uint32_t inv)
{
	uint8_t file[A3XX_REGS_BYTES] = {0};
	size_t at = (size_t)inv * A3XX_REGS_BYTES;
	memset(th, 0, sizeof *th);
	if (io->regs_in && at < io->regs_in_len)
		memcpy(file, io->regs_in + at,
		       io->regs_in_len - at < sizeof file ? io->regs_in_len - at : sizeof file);
	for (unsigned i = 0; i < A3XX_FULL_REGS; i++)
		th->full[i] = ip_le32(file + 4 * i);
	for (unsigned i = 0; i < A3XX_HALF_REGS; i++)
		th->half[i] = (uint16_t)(file[A3XX_REGS_HALF_AT + 2 * i] |
		                         file[A3XX_REGS_HALF_AT + 2 * i + 1] << 8);
	th->a0 = (int32_t)ip_le32(file + A3XX_REGS_A0_AT);
	for (unsigned c = 0; c < 4; c++)
		th->p0[c] = ip_le32(file + A3XX_REGS_P0_AT + 4 * c);
}

static void save_regs(const struct a3xx_thread *th, const struct a3xx_sim_io *io, uint32_t inv)
{
	uint8_t file[A3XX_REGS_BYTES];
	size_t at = (size_t)inv * A3XX_REGS_BYTES;
	if (!io->regs_out || at >= io->regs_out_cap)
		return;
	for (unsigned i = 0; i < A3XX_FULL_REGS; i++)
		ip_put_le32(file + 4 * i, th->full[i]);
	for (unsigned i = 0; i < A3XX_HALF_REGS; i++) {
		file[A3XX_REGS_HALF_AT + 2 * i] = (uint8_t)th->half[i];
		file[A3XX_REGS_HALF_AT + 2 * i + 1] = (uint8_t)(th->half[i] >> 8);
	}
	ip_put_le32(file + A3XX_REGS_A0_AT, (uint32_t)th->a0);
	for (unsigned c = 0; c < 4; c++)
		ip_put_le32(file + A3XX_REGS_P0_AT + 4 * c, th->p0[c]);
	memcpy(io->regs_out + at, file,
	       io->regs_out_cap - at < sizeof file ? io->regs_out_cap - at : sizeof file);
}

/* cat0: the next pc, or -1 (stopped), or -2 (end). */
static long flow(struct a3xx_run *r, const struct a3xx_ins *ins)
{
	long target = (long)r->pc + ins->immed;
	uint32_t p;
	switch (ins->opc) {
	case A3XX_OPC0_NOP:
		return (long)r->pc + 1;
	case A3XX_OPC0_END:
		return -2;
	case A3XX_OPC0_BR:
	case A3XX_OPC0_JUMP:
		if (ins->f.rpt)
			return a3xx_stop(r, IP_STATUS_UNMODELED, why_branch_rpt);
		if (ins->opc == A3XX_OPC0_BR) {
			if (a3xx_read_reg(r, A3XX_REG_P0 * 4 + ins->comp, 0, r->th.t, &p))
				return -1;
			if ((p != 0) == ins->inv)
				return (long)r->pc + 1;
		}
		if (target < 0 || (size_t)target >= r->ninstr)
			return a3xx_stop(r, IP_STATUS_UNMODELED, why_branch_out);
		return target;
	default:
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_cat0_op);
	}
}

/* Runs one instruction (every repetition); returns the next pc, -1 stopped, -2 end. */
static long step(struct a3xx_run *r, uint64_t *budget_left)
{
	const struct a3xx_sim_instr *si = &r->s->code[r->pc];
	const struct a3xx_ins *ins = &si->ins;
	unsigned reps = ins->cat <= 4 ? ins->f.rpt + 1u : 1u;
	long next = (long)r->pc + 1;

	if (si->check != IP_STATUS_OK)
		return a3xx_stop(r, si->check, si->why);
	/* the syncs come before the instruction reads anything */
	if (ins->f.ss)
		a3xx_land_sync(&r->th, SYNC_SS);
	if (ins->f.sy)
		a3xx_land_sync(&r->th, SYNC_SY);
	for (unsigned k = 0; k < reps; k++, r->th.t++) {
		int rc = 0;
		if (*budget_left == 0)
			return a3xx_stop(r, IP_STATUS_TIMEOUT, why_budget);
		--*budget_left;
		r->res->steps++;
		a3xx_land_due(&r->th, r->th.t);
		switch (ins->cat) {
		case 0:
			if (k == 0)
				next = flow(r, ins);
			rc = next == -1 ? -1 : 0;
			break;
		case 1: rc = a3xx_exec_cat1(r, si, k); break;
		case 2: rc = a3xx_exec_cat2(r, si, k); break;
		case 3: rc = a3xx_exec_cat3(r, si, k); break;
		case 4: rc = a3xx_exec_cat4(r, si, k); break;
		case 5: rc = a3xx_exec_cat5(r, si); break;
		default: rc = a3xx_exec_cat6(r, si); break;
		}
		if (rc)
			return -1;
	}
	if (ins->f.ul && ins->cat >= 1 && ins->cat <= 4)
		r->th.rel_on = 0; /* (ul): relative addressing ends after this instruction */
	return next;
}

void ip_a3xx_sim_exec(void *state, const struct a3xx_sim_io *io, struct ip_result *res)
{
	struct a3xx_state *s = state;
	struct a3xx_run *r = malloc(sizeof *r);
	uint32_t invocations = io->invocations ? io->invocations : 1;

	if (!r) {
		res->status = IP_STATUS_RUNNER_ERROR;
		res->steps = 0;
		res->why = why_oom;
		return;
	}
	memset(r, 0, sizeof *r);
	res->status = IP_STATUS_OK;
	res->why = NULL;
	res->fault = res->invocation = res->where = 0;
	res->steps = 0;
	r->s = s;
	r->io = io;
	r->res = res;
	if (io->code_len == 0 || io->code_len % A3XX_INSTR_BYTES) {
		res->status = IP_STATUS_INVALID;
		res->why = why_code;
		goto out;
	}
	r->ninstr = io->code_len / A3XX_INSTR_BYTES;
	if (decode_program(s, io->code, r->ninstr) != 0) {
		res->status = IP_STATUS_RUNNER_ERROR;
		res->why = why_oom;
		goto out;
	}
	for (r->invocation = 0; r->invocation < invocations; r->invocation++) {
		uint64_t budget = io->budget ? io->budget : A3XX_DEFAULT_BUDGET;
		long next;
		load_regs(&r->th, io, r->invocation);
		for (r->pc = 0;; r->pc = (size_t)next) {
			if (r->pc >= r->ninstr) {
				a3xx_stop(r, IP_STATUS_UNMODELED, why_past_end);
				break;
			}
			next = step(r, &budget);
			if (next < 0)
				break;
		}
		/* writes still in flight land when the invocation ends */
		a3xx_land_all(&r->th);
		save_regs(&r->th, io, r->invocation);
		if (res->status != IP_STATUS_OK)
			break;
	}
out:
	free(r);
}

/* ---- the `sim` runner's a3xx backend ------------------------------------------------------- */

struct sim_wrap {
	void *inner;
	uint8_t *scratch; /* global memory when the job does not observe it */
	size_t scratch_cap;
};

static int wrap_open(const char *gpu, void **state, struct ip_diag *d)
{
	struct sim_wrap *w = calloc(1, sizeof *w);
	if (!w)
		return ip_diag_plain(d, "out of memory");
	if (ip_a3xx_sim_open(gpu, &w->inner, d) != 0) {
		free(w);
		return -1;
	}
	*state = w;
	return 0;
}

static void wrap_close(void *state)
{
	struct sim_wrap *w = state;
	if (!w)
		return;
	ip_a3xx_sim_close(w->inner);
	free(w->scratch);
	free(w);
}

static const char *wrap_model(void *state)
{
	return ip_a3xx_sim_model(((struct sim_wrap *)state)->inner);
}

/* An output of the job, zeroed and filled from the input of its role. */
static struct ip_out_buf *output(const struct ip_job *job, struct ip_result *res,
                                 enum ip_buf_role role)
{
	struct ip_out_buf *o = ip_result_output(res, role);
	const struct ip_buf *init = ip_job_input(job, role);
	if (!o)
		return NULL;
	memset(o->data, 0, o->cap);
	if (init)
		memcpy(o->data, init->data, init->len < o->cap ? init->len : o->cap);
	o->len = o->cap;
	return o;
}

static void wrap_run(void *state, const struct ip_job *job, struct ip_result *res)
{
	struct sim_wrap *w = state;
	struct a3xx_sim_io io;
	const struct ip_buf *b;
	struct ip_out_buf *regs, *global;

	ip_result_clear(res);
	memset(&io, 0, sizeof io);
	io.code = job->code;
	io.code_len = job->code_len;
	if ((b = ip_job_input(job, IP_BUF_UNIFORMS)) != NULL) {
		io.consts = b->data;
		io.consts_len = b->len;
	}
	if ((b = ip_job_input(job, IP_BUF_VARYINGS_IN)) != NULL) {
		io.varyings = b->data;
		io.varyings_len = b->len;
	}
	if ((b = ip_job_input(job, IP_BUF_TEXTURES)) != NULL) {
		io.textures = b->data;
		io.textures_len = b->len;
	}
	if ((b = ip_job_input(job, IP_BUF_REGISTERS)) != NULL) {
		io.regs_in = b->data;
		io.regs_in_len = b->len;
	}
	regs = output(job, res, IP_BUF_REGISTERS);
	if (regs) {
		io.regs_out = regs->data;
		io.regs_out_cap = regs->cap;
	}
	global = output(job, res, IP_BUF_GLOBAL);
	if (global) {
		io.global = global->data;
		io.global_len = global->cap;
	} else if ((b = ip_job_input(job, IP_BUF_GLOBAL)) != NULL && b->len) {
		if (b->len > w->scratch_cap) {
			uint8_t *n = realloc(w->scratch, b->len);
			if (!n) {
				res->status = IP_STATUS_RUNNER_ERROR;
				res->why = why_oom;
				return;
			}
			w->scratch = n;
			w->scratch_cap = b->len;
		}
		memcpy(w->scratch, b->data, b->len);
		io.global = w->scratch;
		io.global_len = b->len;
	}
	io.global_base = A3XX_SIM_GLOBAL_BASE;
	io.invocations = job->limits.invocations;
	io.budget = job->limits.budget;
	ip_a3xx_sim_exec(w->inner, &io, res);
}

/* Named in the ISA's descriptor (encoders/<isa>/<isa>_isa.c, `.sim`). */
const struct ip_sim_isa a3xx_sim = {
	.open = wrap_open,
	.run = wrap_run,
	.close = wrap_close,
	.model = wrap_model,
	.models = models,
};
