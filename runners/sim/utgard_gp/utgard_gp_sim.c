/* utgard_gp_sim.c: the Utgard GP reference simulator: decodes through the field table, runs the
 * instruction sequence with the notes' input selectors, latencies, loads, stores and branches. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "utgard_gp/utgard_gp.h"
#include "utgard_gp_sim.h"

/* Fields the simulator reads, looked up once at open. */
enum gp_field {
	F_MUL0_A, F_MUL0_B, F_MUL1_A, F_MUL1_B, F_MUL0_NEG, F_MUL1_NEG,
	F_ACC0_A, F_ACC0_B, F_ACC1_A, F_ACC1_B,
	F_ACC0_A_NEG, F_ACC0_B_NEG, F_ACC1_A_NEG, F_ACC1_B_NEG,
	F_LOAD_ADDR, F_LOAD_OFFSET, F_REG0_ADDR, F_REG0_ATTR, F_REG1_ADDR,
	F_STORE0_TEMP, F_STORE1_TEMP, F_BRANCH, F_BRANCH_LO,
	F_STORE0_X, F_STORE0_Y, F_STORE1_Z, F_STORE1_W,
	F_ACC_OP, F_COMPLEX_OP, F_STORE0_ADDR, F_STORE0_VARYING, F_STORE1_ADDR, F_STORE1_VARYING,
	F_MUL_OP, F_PASS_OP, F_COMPLEX_SRC, F_PASS_SRC, F_FLAGS, F_BRANCH_TARGET,
	F_COUNT
};

static const char *const field_names[F_COUNT] = {
	"mul0_a", "mul0_b", "mul1_a", "mul1_b", "mul0_neg", "mul1_neg",
	"acc0_a", "acc0_b", "acc1_a", "acc1_b",
	"acc0_a_neg", "acc0_b_neg", "acc1_a_neg", "acc1_b_neg",
	"load_addr", "load_offset", "reg0_addr", "reg0_attr", "reg1_addr",
	"store0_temp", "store1_temp", "branch", "branch_lo",
	"store0_x", "store0_y", "store1_z", "store1_w",
	"acc_op", "complex_op", "store0_addr", "store0_varying", "store1_addr", "store1_varying",
	"mul_op", "pass_op", "complex_src", "pass_src", "flags", "branch_target",
};

#define GP_REGS 16
#define GP_VARYINGS 16
#define GP_ATTRIBUTES 16
#define GP_SPACE 1024          /* uniform/temporary records (vec4) */
#define GP_DEFAULT_BUDGET 100000
#define GP_MAX_PENDING 64
#define GP_REG_LATENCY 3
#define GP_TEMP_LATENCY 4
#define GP_AR_LATENCY 4

struct gp_instr {
	uint16_t v[F_COUNT];
};

/* A write that becomes visible at step `due`. */
struct gp_pending {
	uint64_t due;
	enum { W_REG, W_TEMP, W_AR } what;
	unsigned index, comp; /* first component (0 or 2) of two, for REG/TEMP */
	unsigned mask;        /* which of the two components are written (bit 0, bit 1) */
	float value[2];
	int ar_value;
};

/* Results of one instruction, by unit. */
enum gp_unit { U_ACC0, U_ACC1, U_MUL0, U_MUL1, U_PASS, U_CPLX, U_COUNT };

struct gp_state {
	const char *model;
	const struct ip_gp_whatif *whatif; /* NULL in the in-tree sim runner */
	const struct ip_field *f[F_COUNT];
	struct gp_instr *code;
	size_t cap;
	/* one invocation */
	float regs[GP_REGS][4];
	float space[GP_SPACE][4];
	int ar[4];
	struct gp_pending pending[GP_MAX_PENDING];
	unsigned npending;
	struct gp_val prev1[U_COUNT], prev2[U_COUNT];
	struct gp_val mul0_late_prev; /* complex1's mul0 result that lands at [-2] */
	struct gp_val r0p[4];
};

static const char *const models[] = {"mali400", "mali200", NULL};

int ip_utgard_gp_sim_open(const char *gpu, const struct ip_gp_whatif *w, void **state,
                          struct ip_diag *d)
{
	struct gp_state *s;
	unsigned m = 0;
	while (gpu && models[m] && strcmp(models[m], gpu) != 0)
		m++;
	if (!models[m])
		return ip_diag_plain(d, "the utgard_gp simulator models mali400 and mali200 (the "
		                        "same), not '%s'", gpu);
	s = calloc(1, sizeof *s);
	if (!s)
		return ip_diag_plain(d, "out of memory");
	s->model = models[m];
	s->whatif = w;
	for (unsigned i = 0; i < F_COUNT; i++) {
		s->f[i] = ip_format_field(&utgard_gp_instr, field_names[i]);
		if (!s->f[i]) {
			free(s);
			return ip_diag_plain(d, "utgard_gp table has no field '%s'", field_names[i]);
		}
	}
	*state = s;
	return 0;
}

static int gp_open(const char *gpu, void **state, struct ip_diag *d)
{
	return ip_utgard_gp_sim_open(gpu, NULL, state, d);
}

void ip_utgard_gp_sim_close(void *state)
{
	struct gp_state *s = state;
	if (!s)
		return;
	free(s->code);
	free(s);
}

const char *ip_utgard_gp_sim_model(void *state)
{
	return ((const struct gp_state *)state)->model;
}

static float load_f32(const uint8_t *p)
{
	union {
		uint32_t u;
		float f;
	} x;
	x.u = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
	return x.f;
}

static void store_f32(uint8_t *p, float f)
{
	union {
		float f;
		uint32_t u;
	} x = {f};
	for (unsigned b = 0; b < 4; b++)
		p[b] = (uint8_t)(x.u >> (8 * b));
}

/* Record `rec` (16 bytes) of a buffer, component c; 0 beyond its end. */
static float buf_f32(const struct ip_buf *b, size_t rec, unsigned c)
{
	size_t off = rec * 16 + 4 * c;
	if (!b || off + 4 > b->len)
		return 0.0f;
	return load_f32(b->data + off);
}

/* The run's context: job, result, buffers, position. */
struct gp_run {
	struct gp_state *s;
	const struct ip_job *job;
	struct ip_result *res;
	const struct ip_buf *attributes;
	struct ip_out_buf *varyings, *registers;
	uint32_t invocation;
	size_t ninstr;
};

static int stop(struct gp_run *r, enum ip_status st, size_t pc, const char *why)
{
	if (r->res->status == IP_STATUS_OK) {
		r->res->status = st;
		r->res->why = why;
		r->res->invocation = r->invocation;
		r->res->where = (uint32_t)(pc * UTGARD_GP_INSTR_BYTES);
	}
	return -1;
}

/* What an input selector reads. `b_input`: the field is input b of an accumulator or
 * multiplier (22 is the identity there, `ident`). */
static struct gp_val select_input(const struct gp_state *s, unsigned sel, int b_input,
                                  float ident, const struct gp_val reg0[4],
                                  const struct gp_val reg1[4], const struct gp_val ld[4])
{
	static const char unused[] = "a unit that runs reads input 21 (unused)";
	static const char unknown[] = "input selector 8-11 is unknown";
	if (sel < 4)
		return reg0[sel];
	if (sel < 8)
		return reg1[sel - 4];
	if (sel < 12)
		return gp_opaque(GP_OPAQUE, unknown);
	if (sel < 16)
		return ld[sel - 12];
	switch (sel) {
	case UTGARD_GP_SRC_ACC0: return s->prev1[U_ACC0];
	case UTGARD_GP_SRC_ACC1: return s->prev1[U_ACC1];
	case UTGARD_GP_SRC_MUL0: return s->prev1[U_MUL0];
	case UTGARD_GP_SRC_MUL1: return s->prev1[U_MUL1];
	case UTGARD_GP_SRC_PASS: return s->prev1[U_PASS];
	case UTGARD_GP_SRC_NONE: return gp_opaque(GP_OPAQUE, unused);
	case UTGARD_GP_SRC_CPLX: return b_input ? gp_plain(ident) : s->prev1[U_CPLX];
	case UTGARD_GP_SRC_PASS_2: return s->prev2[U_PASS];
	case UTGARD_GP_SRC_ACC0_2: return s->prev2[U_ACC0];
	case UTGARD_GP_SRC_ACC1_2: return s->prev2[U_ACC1];
	case UTGARD_GP_SRC_MUL0_2: return s->prev2[U_MUL0];
	case UTGARD_GP_SRC_MUL1_2: return s->prev2[U_MUL1];
	default: return s->r0p[sel - UTGARD_GP_SRC_REG0P_X];
	}
}

static int add_pending(struct gp_run *r, size_t pc, const struct gp_pending *p)
{
	struct gp_state *s = r->s;
	if (s->npending == GP_MAX_PENDING)
		return stop(r, IP_STATUS_RUNNER_ERROR, pc, "too many writes in flight");
	s->pending[s->npending++] = *p;
	return 0;
}

static void apply_pending(struct gp_state *s, uint64_t step)
{
	unsigned keep = 0;
	for (unsigned i = 0; i < s->npending; i++) {
		struct gp_pending *p = &s->pending[i];
		if (p->due > step) {
			s->pending[keep++] = *p;
			continue;
		}
		if (p->what == W_REG || p->what == W_TEMP) {
			float *dst = p->what == W_REG ? s->regs[p->index] : s->space[p->index];
			for (unsigned c = 0; c < 2; c++)
				if ((p->mask >> c) & 1)
					dst[p->comp + c] = p->value[c];
		} else {
			s->ar[p->index] = p->ar_value;
		}
	}
	s->npending = keep;
}

/* An address register value from a unit result. */
static int to_address(struct gp_run *r, size_t pc, struct gp_val v, int *out)
{
	if (v.kind != GP_PLAIN)
		return stop(r, IP_STATUS_UNMODELED, pc,
		            v.why ? v.why : "address register set from a value that is not plain");
	if (!isfinite(v.f) || fabsf(v.f) > GP_SPACE)
		return stop(r, IP_STATUS_UNMODELED, pc,
		            "address register set from a value out of range or not finite");
	*out = (int)floorf(v.f);
	return 0;
}

/* Address registers from the complex unit (12-15: its input; 10: this instruction's
 * passthrough result). Register 0 takes effect at once, 1-3 after GP_AR_LATENCY. */
static int set_address(struct gp_run *r, size_t pc, uint64_t step, unsigned op,
                       struct gp_val in, struct gp_val pass)
{
	struct gp_pending p = {step + GP_AR_LATENCY, W_AR, 0, 0, 0, {0, 0}, 0};
	int a;
	if (op == UTGARD_GP_CPLX_SET_AR01) {
		if (to_address(r, pc, pass, &a) != 0)
			return -1;
		r->s->ar[0] = a;
		p.index = 1;
		p.ar_value = a;
		return add_pending(r, pc, &p);
	}
	if (to_address(r, pc, in, &a) != 0)
		return -1;
	if (op == UTGARD_GP_CPLX_SET_AR0) {
		r->s->ar[0] = a;
		return 0;
	}
	p.index = op - UTGARD_GP_CPLX_SET_AR0;
	p.ar_value = a;
	return add_pending(r, pc, &p);
}

static int do_stores(struct gp_run *r, size_t pc, uint64_t step, const struct gp_instr *in,
                     const struct gp_val res[U_COUNT])
{
	static const enum gp_field srcs[2][2] = {{F_STORE0_X, F_STORE0_Y}, {F_STORE1_Z, F_STORE1_W}};
	static const enum gp_field addr_f[2] = {F_STORE0_ADDR, F_STORE1_ADDR};
	static const enum gp_field vary_f[2] = {F_STORE0_VARYING, F_STORE1_VARYING};
	static const enum gp_field temp_f[2] = {F_STORE0_TEMP, F_STORE1_TEMP};
	static const enum gp_unit unit_of[8] = {U_ACC0, U_ACC1, U_MUL0, U_MUL1, U_PASS,
	                                        U_COUNT, U_CPLX, U_COUNT};
	for (unsigned k = 0; k < 2; k++) {
		unsigned addr = in->v[addr_f[k]], comp = 2 * k;
		int vary = in->v[vary_f[k]], temp = in->v[temp_f[k]];
		float value[2] = {0, 0};
		unsigned mask = 0;
		for (unsigned c = 0; c < 2; c++) {
			unsigned sel = in->v[srcs[k][c]];
			struct gp_val v;
			if (sel == UTGARD_GP_ST_NONE)
				continue;
			if (sel == UTGARD_GP_ST_UNK5)
				return stop(r, IP_STATUS_UNMODELED, pc, "store input 5 is unknown");
			v = res[unit_of[sel]];
			if (v.kind != GP_PLAIN)
				return stop(r, IP_STATUS_UNMODELED, pc,
				            v.why ? v.why
				                  : "stores a partial result of the notes' complex "
				                    "sequences");
			value[c] = v.f;
			mask |= 1u << c;
		}
		if (!mask)
			continue;
		if (vary && temp)
			return stop(r, IP_STATUS_UNMODELED, pc,
			            "a store both varying and temporary is not described");
		if (temp) {
			struct gp_pending p = {step + GP_TEMP_LATENCY, W_TEMP, 0, comp, mask, {0, 0}, 0};
			if (addr != 0)
				return stop(r, IP_STATUS_UNMODELED, pc,
				            "a temporary store with a non-zero store address (the notes "
				            "set it to 0)");
			if (r->s->ar[0] < 0 || r->s->ar[0] >= GP_SPACE)
				return stop(r, IP_STATUS_UNMODELED, pc,
				            "temporary store address outside the modelled space");
			p.index = (unsigned)r->s->ar[0];
			p.value[0] = value[0];
			p.value[1] = value[1];
			if (add_pending(r, pc, &p) != 0)
				return -1;
		} else if (vary) {
			size_t rec = (size_t)r->invocation * GP_VARYINGS + addr;
			for (unsigned c = 0; c < 2; c++) {
				size_t off = rec * 16 + 4 * (comp + c);
				if (!((mask >> c) & 1))
					continue;
				if (!r->varyings || off + 4 > r->varyings->cap)
					return stop(r, IP_STATUS_FAULT, pc,
					            "varying store outside the varying table");
				store_f32(r->varyings->data + off, value[c]);
			}
		} else {
			struct gp_pending p = {step + GP_REG_LATENCY, W_REG, addr, comp, mask, {0, 0}, 0};
			p.value[0] = value[0];
			p.value[1] = value[1];
			if (add_pending(r, pc, &p) != 0)
				return -1;
		}
	}
	return 0;
}

/* Runs one instruction; returns the next pc, or -1 when the run stopped with a status. */
static long step_instr(struct gp_run *r, size_t pc, uint64_t step)
{
	struct gp_state *s = r->s;
	const struct gp_instr *in = &r->s->code[pc];
	const uint16_t *v = in->v;
	struct gp_val reg0[4], reg1[4], ld[4], res[U_COUNT], mul_in[4], mul_late;
	int mul_used[2], mul_neg[2];
	gp_err e;
	long next = (long)pc + 1;

	apply_pending(s, step);
	if (v[F_FLAGS] != 0 && v[F_FLAGS] != 12 && v[F_FLAGS] != 13)
		return stop(r, IP_STATUS_UNMODELED, pc, "bits 116-119 hold a value the notes never saw");

	/* loads of this instruction */
	for (unsigned c = 0; c < 4; c++) {
		unsigned a0 = v[F_REG0_ADDR];
		reg0[c] = gp_plain(v[F_REG0_ATTR]
		                           ? buf_f32(r->attributes,
		                                     (size_t)r->invocation * GP_ATTRIBUTES + a0, c)
		                           : s->regs[a0][c]);
		reg1[c] = gp_plain(s->regs[v[F_REG1_ADDR]][c]);
	}
	{
		long addr = v[F_LOAD_ADDR];
		unsigned off = v[F_LOAD_OFFSET];
		if (off == 0)
			return stop(r, IP_STATUS_UNMODELED, pc,
			            "load offset 0 (address register 0?) was never seen");
		if (off >= 4 && off <= 6)
			return stop(r, IP_STATUS_UNMODELED, pc, "load offset 4-6 is unknown");
		if (off != UTGARD_GP_LOAD_OFFSET_NONE)
			addr += s->ar[off];
		for (unsigned c = 0; c < 4; c++)
			ld[c] = addr >= 0 && addr < GP_SPACE
			                ? gp_plain(s->space[addr][c])
			                : gp_opaque(GP_OPAQUE, "load address outside the modelled space");
	}

	/* accumulators */
	for (unsigned k = 0; k < 2; k++) {
		unsigned a = v[F_ACC0_A + 2 * k], b = v[F_ACC0_B + 2 * k];
		struct gp_val va, vb;
		res[U_ACC0 + k] = gp_opaque(GP_UNDEF, k ? "reads accumulator 1, which did not run"
		                                        : "reads accumulator 0, which did not run");
		if (a == UTGARD_GP_SRC_NONE && b == UTGARD_GP_SRC_NONE)
			continue;
		va = select_input(s, a, 0, 0.0f, reg0, reg1, ld);
		vb = select_input(s, b, 1, 0.0f, reg0, reg1, ld);
		if (v[F_ACC0_A_NEG + 2 * k] && va.kind == GP_PLAIN)
			va.f = -va.f;
		if (v[F_ACC0_B_NEG + 2 * k] && vb.kind == GP_PLAIN)
			vb.f = -vb.f;
		if ((e = gp_acc(v[F_ACC_OP], k, va, vb, s->whatif, &res[U_ACC0 + k])) != 0)
			return stop(r, IP_STATUS_UNMODELED, pc, e);
	}

	/* multipliers */
	for (unsigned k = 0; k < 2; k++) {
		unsigned a = v[F_MUL0_A + 2 * k], b = v[F_MUL0_B + 2 * k];
		mul_used[k] = a != UTGARD_GP_SRC_NONE || b != UTGARD_GP_SRC_NONE;
		mul_in[2 * k] = select_input(s, a, 0, 1.0f, reg0, reg1, ld);
		mul_in[2 * k + 1] = select_input(s, b, 1, 1.0f, reg0, reg1, ld);
		mul_neg[k] = v[F_MUL0_NEG + k];
	}
	if ((e = gp_mul(v[F_MUL_OP], mul_in, mul_used, mul_neg, s->whatif, &res[U_MUL0],
	                &mul_late)) != 0)
		return stop(r, IP_STATUS_UNMODELED, pc, e);

	/* passthrough */
	res[U_PASS] = gp_opaque(GP_UNDEF, "reads the passthrough unit, which did not run");
	if (v[F_PASS_SRC] != UTGARD_GP_SRC_NONE) {
		struct gp_val x = select_input(s, v[F_PASS_SRC], 0, 0.0f, reg0, reg1, ld);
		if ((e = gp_pass(v[F_PASS_OP], x, ld[0].f, ld[1].f, s->whatif, &res[U_PASS])) != 0)
			return stop(r, IP_STATUS_UNMODELED, pc, e);
	}

	/* complex unit */
	res[U_CPLX] = gp_opaque(GP_UNDEF, "reads the complex unit, which did not run");
	if (v[F_COMPLEX_OP] != UTGARD_GP_CPLX_NONE) {
		unsigned op = v[F_COMPLEX_OP];
		struct gp_val x = select_input(s, v[F_COMPLEX_SRC], 0, 0.0f, reg0, reg1, ld);
		if (op == UTGARD_GP_CPLX_SET_AR01 || op >= UTGARD_GP_CPLX_SET_AR0) {
			if (set_address(r, pc, step, op, x, res[U_PASS]) != 0)
				return -1;
			res[U_CPLX] = gp_opaque(GP_OPAQUE, "reads the complex unit's result while it "
			                                   "sets an address register");
		} else if ((e = gp_complex(op, x, &res[U_CPLX])) != 0) {
			return stop(r, IP_STATUS_UNMODELED, pc, e);
		}
	}

	if (do_stores(r, pc, step, in, res) != 0)
		return -1;

	if (v[F_BRANCH]) {
		unsigned target = v[F_BRANCH_TARGET] | (v[F_BRANCH_LO] ? 0u : 0x100u);
		struct gp_val cond = res[U_PASS];
		if (cond.kind != GP_PLAIN)
			return stop(r, IP_STATUS_UNMODELED, pc,
			            cond.why ? cond.why : "branch condition is not a plain value");
		if (cond.f != 0) {
			if (target > r->ninstr)
				return stop(r, IP_STATUS_FAULT, pc, "branch outside the program");
			next = (long)target;
		}
	}

	/* history: what the next instruction reads as [-1] and [-2] */
	memcpy(s->prev2, s->prev1, sizeof s->prev2);
	s->prev2[U_MUL0] = s->mul0_late_prev;
	memcpy(s->prev1, res, sizeof s->prev1);
	s->mul0_late_prev = mul_late;
	memcpy(s->r0p, reg0, sizeof s->r0p);
	return next;
}

static void reset_invocation(struct gp_state *s, const struct ip_job *job)
{
	const struct ip_buf *u = ip_job_input(job, IP_BUF_UNIFORMS);
	static const char before[] = "reads a result from before the first instruction";
	size_t nrec = u ? u->len / 16 : 0;
	memset(s->regs, 0, sizeof s->regs);
	memset(s->space, 0, sizeof s->space);
	for (size_t rec = 0; rec < nrec && rec < GP_SPACE; rec++)
		for (unsigned c = 0; c < 4; c++)
			s->space[rec][c] = buf_f32(u, rec, c);
	memset(s->ar, 0, sizeof s->ar);
	s->npending = 0;
	for (unsigned i = 0; i < U_COUNT; i++)
		s->prev1[i] = s->prev2[i] = gp_opaque(GP_UNDEF, before);
	s->mul0_late_prev = gp_opaque(GP_UNDEF, before);
	for (unsigned c = 0; c < 4; c++)
		s->r0p[c] = gp_opaque(GP_UNDEF, before);
}

static int decode(struct gp_state *s, const uint8_t *code, size_t n)
{
	if (n > s->cap) {
		struct gp_instr *c = realloc(s->code, n * sizeof *c);
		if (!c)
			return -1;
		s->code = c;
		s->cap = n;
	}
	for (size_t i = 0; i < n; i++) {
		ip_word w = ip_word_from_bytes(code + i * UTGARD_GP_INSTR_BYTES, UTGARD_GP_INSTR_BYTES);
		for (unsigned k = 0; k < F_COUNT; k++)
			s->code[i].v[k] = (uint16_t)ip_field_get(s->f[k], &w);
	}
	return 0;
}

static void init_outputs(struct gp_run *r)
{
	struct ip_result *res = r->res;
	for (unsigned i = 0; i < res->noutputs; i++) {
		struct ip_out_buf *o = &res->outputs[i];
		const struct ip_buf *init = ip_job_input(r->job, o->role);
		o->len = 0;
		if (o->role != IP_BUF_VARYINGS_OUT && o->role != IP_BUF_REGISTERS)
			continue;
		memset(o->data, 0, o->cap);
		if (init)
			memcpy(o->data, init->data, init->len < o->cap ? init->len : o->cap);
		o->len = o->cap;
	}
	r->varyings = ip_result_output(res, IP_BUF_VARYINGS_OUT);
	r->registers = ip_result_output(res, IP_BUF_REGISTERS);
}

static void save_registers(struct gp_run *r)
{
	size_t base = (size_t)r->invocation * GP_REGS * 16;
	if (!r->registers)
		return;
	for (unsigned i = 0; i < GP_REGS; i++)
		for (unsigned c = 0; c < 4; c++) {
			size_t off = base + 16 * i + 4 * c;
			if (off + 4 <= r->registers->cap)
				store_f32(r->registers->data + off, r->s->regs[i][c]);
		}
}

void ip_utgard_gp_sim_run(void *state, const struct ip_job *job, struct ip_result *res)
{
	struct gp_state *s = state;
	struct gp_run r = {s, job, res, NULL, NULL, NULL, 0, 0};
	uint32_t invocations = job->limits.invocations ? job->limits.invocations : 1;
	uint64_t budget = job->limits.budget ? job->limits.budget : GP_DEFAULT_BUDGET;

	ip_result_clear(res);
	init_outputs(&r);
	if (job->code_len == 0 || job->code_len % UTGARD_GP_INSTR_BYTES) {
		res->status = IP_STATUS_INVALID;
		res->why = "code is not a whole number of 16-byte instructions";
		return;
	}
	r.ninstr = job->code_len / UTGARD_GP_INSTR_BYTES;
	if (decode(s, job->code, r.ninstr) != 0) {
		res->status = IP_STATUS_RUNNER_ERROR;
		res->why = "out of memory";
		return;
	}
	r.attributes = ip_job_input(job, IP_BUF_ATTRIBUTES);
	for (r.invocation = 0; r.invocation < invocations; r.invocation++) {
		long pc = 0;
		uint64_t step = 0;
		reset_invocation(s, job);
		while (pc >= 0 && (size_t)pc < r.ninstr) {
			if (step == budget) {
				stop(&r, IP_STATUS_TIMEOUT, (size_t)pc, "instruction budget exhausted");
				break;
			}
			pc = step_instr(&r, (size_t)pc, step);
			step++;
		}
		res->steps += step;
		/* writes still in flight land when the program ends */
		apply_pending(s, UINT64_MAX);
		save_registers(&r);
		if (res->status != IP_STATUS_OK)
			return;
	}
}

/* Named in the ISA's descriptor (encoders/<isa>/<isa>_isa.c, `.sim`). */
const struct ip_sim_isa utgard_gp_sim = {
	.open = gp_open,
	.run = ip_utgard_gp_sim_run,
	.close = ip_utgard_gp_sim_close,
	.model = ip_utgard_gp_sim_model,
	.models = models,
};
