/* bf_exec.c: runs a Bifrost job: invocations in quads of 4 lanes, 64 registers each; per clause the
 * notes' register-stage timing, FMA then ADD, passthrough, the uniform/const port, LOAD/STORE, and
 * clause flow with per-lane IPs (branches, divergence, reconvergence at the minimum IP). */
#include <stdlib.h>
#include <string.h>

#include "bf_sim.h"
#include "common/byteorder.h"
#include "common/float_bits.h"

#define DEFAULT_BUDGET 65536u
#define REG_FILE_BYTES (BF_REGS * 4)

void bf_stop(struct bf_quad *q, unsigned status, unsigned fault, const char *why)
{
	if (q->status != IP_STATUS_OK)
		return;
	q->status = (uint8_t)status;
	q->fault = (uint8_t)fault;
	q->why = why;
}

/* The 64 bits the uniform/const port loads; 0 and a stop when the notes do not say. */
static uint64_t uc_value(const struct bf_clause *cl, unsigned uc, struct bf_quad *q)
{
	struct bifrost_uc u = bifrost_uc_decode(uc);
	switch (u.kind) {
	case BIFROST_UC_UNIFORM: {
		size_t i = 2 * (size_t)u.index;
		uint64_t lo = i < q->nuniforms ? q->uniforms[i] : 0;
		uint64_t hi = i + 1 < q->nuniforms ? q->uniforms[i + 1] : 0;
		return lo | hi << 32;
	}
	case BIFROST_UC_CONST:
		if (u.index >= cl->nconsts) {
			bf_stop(q, IP_STATUS_UNMODELED, 0, "loads a constant slot the clause does not have");
			return 0;
		}
		return cl->consts[u.index] << 4 | u.lo4;
	default:
		if (uc != 0)
			bf_stop(q, IP_STATUS_UNMODELED, 0, "special constant other than zero");
		return 0;
	}
}

/* Which halves of the uniform/const port value are PC-relative (Mesa's constant modifiers):
 * bit 0 the low 32 bits, bit 1 the high ones; -1 and a stop for a reserved modifier. */
static int uc_pcrel(const struct bf_clause *cl, unsigned uc, struct bf_quad *q)
{
	struct bifrost_uc u = bifrost_uc_decode(uc);
	if (u.kind != BIFROST_UC_CONST || u.index >= cl->nconsts)
		return 0;
	switch (cl->const_mod[u.index]) {
	case BIFROST_CONST_PC_LO:
	case BIFROST_CONST_PC_LO_HI: return 3;
	case BIFROST_CONST_PC_HI: return 2;
	case BIFROST_CONST_RESERVED:
		bf_stop(q, IP_STATUS_UNMODELED, 0,
		        "a constant with a reserved modifier (M1 = 3, or 7 with M2 > 3: Mesa asserts)");
		return -1;
	default: return 0;
	}
}

/* Whether a unit reads a PC-relative half of the port through one of its sources. */
static int reads_pcrel(const struct bf_unit *u, int pcrel)
{
	for (unsigned k = 0; k < u->nsrc; k++)
		if ((u->src[k] == 4 && (pcrel & 1)) || (u->src[k] == 5 && (pcrel & 2)))
			return 1;
	return 0;
}

/* One source-field value for one lane. */
static uint32_t source(unsigned src, int is_add, const uint32_t *port, uint64_t ucv,
                       uint32_t t_now, uint32_t t0, uint32_t t1)
{
	switch (src) {
	case 0: case 1: case 2: return port[src];
	case 3: return is_add ? t_now : 0;
	case 4: return (uint32_t)ucv;
	case 5: return (uint32_t)(ucv >> 32);
	case 6: return t0;
	default: return t1;
	}
}

/* Writes the results of the instruction before (fma, add per lane) through the write ports. A
 * half-register write (Mesa's WL / WH modes) writes that half of the result into that half of
 * the register and keeps the other half. */
static void do_writes(struct bf_quad *q, uint8_t mask, const struct bifrost_reg_access *a,
                      const uint32_t *fma, const uint32_t *add)
{
	for (unsigned p = 2; p < 4; p++) {
		uint32_t keep = a->half[p] == BIFROST_WRITE_LO   ? 0xFFFF0000u
		                : a->half[p] == BIFROST_WRITE_HI ? 0x0000FFFFu
		                                                 : 0;
		if (a->use[p] != BIFROST_PORT_WFMA && a->use[p] != BIFROST_PORT_WADD)
			continue;
		for (unsigned l = 0; l < BF_LANES; l++) {
			uint32_t v = a->use[p] == BIFROST_PORT_WFMA ? fma[l] : add[l];
			uint32_t *r = &q->r[l][a->reg[p]];
			if (mask >> l & 1)
				*r = (*r & keep) | (v & ~keep);
		}
	}
}

/* The bytes of a LOAD/STORE of `words` 32-bit words at the 64-bit address hi:lo, or NULL and
 * a stop (fault) when it is unaligned or outside global memory. */
static uint8_t *mem_at(struct bf_quad *q, uint32_t lo, uint32_t hi, unsigned words, int write)
{
	const struct bf_mem *m = q->global;
	uint64_t addr = (uint64_t)hi << 32 | lo, n = (uint64_t)4 * words;
	uint8_t *p = NULL;
	if (addr % 4 == 0 && m) {
		if (m->map)
			p = m->map(m->ctx, addr, (size_t)n, write);
		else if (m->data && addr >= m->base && addr - m->base <= m->len &&
		         m->len - (addr - m->base) >= n)
			p = m->data + (addr - m->base);
	}
	if (!p)
		bf_stop(q, IP_STATUS_FAULT, m && m->map ? m->map_fault : BF_FAULT_DATA,
		        m && m->map ? "LOAD/STORE at an address no buffer of the job maps"
		                    : "LOAD/STORE outside the global buffer");
	return p;
}

/* Branch condition for one lane (32-bit integer and float forms; others unmodelled). */
static int branch_taken(const struct bf_unit *u, uint32_t a, uint32_t b, struct bf_quad *q)
{
	int swapped = u->src[1] < u->src[0];
	float fa = ip_f32_from_bits(a), fb = ip_f32_from_bits(b);
	if (u->br_cond == 7 && u->br_size == 7)
		return 1; /* always */
	if (u->br_size != 0) {
		bf_stop(q, IP_STATUS_UNMODELED, 0, "16-bit or zero-compare branch condition");
		return 0;
	}
	switch (u->br_cond) {
	case 0: return swapped ? a < b : (int32_t)a < (int32_t)b;
	case 1: return swapped ? a <= b : (int32_t)a <= (int32_t)b;
	case 2: return swapped ? a >= b : (int32_t)a >= (int32_t)b;
	case 3: return swapped ? a > b : (int32_t)a > (int32_t)b;
	case 4: return swapped ? a != b : a == b;
	case 5: return swapped ? fa != fb : fa == fb;
	case 6: if (!swapped) return fa > fb; break;
	case 7: if (!swapped) return fa < fb; break;
	default: break;
	}
	bf_stop(q, IP_STATUS_UNMODELED, 0, "swapped float branch condition");
	return 0;
}

/* Runs one clause for the lanes in mask. taken/target: per-lane branch outcome (clause index,
 * or -1 for an invalid target). */
static void run_clause(const struct bf_program *prog, size_t ci, struct bf_quad *q, uint8_t mask,
                       uint8_t *taken, long *target)
{
	const struct bf_clause *cl = &prog->clauses[ci];
	uint32_t t0[BF_LANES] = {0}, t1[BF_LANES] = {0}, nf[BF_LANES], na[BF_LANES];
	uint32_t loads[BF_LANES][4];
	unsigned nload = 0;
	*taken = 0;
	if (cl->unmodeled_header) {
		bf_stop(q, IP_STATUS_UNMODELED, 0, cl->header_why);
		return;
	}
	for (unsigned i = 0; i < cl->n && q->status == IP_STATUS_OK; i++) {
		const struct bf_instr *in = &cl->ins[i];
		const struct bifrost_reg_access *a = &in->regs;
		uint32_t port[BF_LANES][3];
		uint64_t ucv;
		int pcrel;
		if (!a->valid) {
			bf_stop(q, IP_STATUS_UNMODELED, 0,
			        "a reserved register mode (Mesa has no such encoding) or undescribed "
			        "control values");
			return;
		}
		if (a->invalid_enc) {
			/* Mesa's bi_pack.c: the hardware raises INSTR_INVALID_ENC */
			bf_stop(q, IP_STATUS_FAULT, BF_FAULT_INVALID_ENC,
			        "first instruction: ports 2 and 3 differ although they are not both used");
			return;
		}
		/* register stage: reads see the file before the previous instruction's writes */
		for (unsigned l = 0; l < BF_LANES; l++)
			for (unsigned p = 0; p < 3; p++)
				port[l][p] = a->use[p] == BIFROST_PORT_READ ? q->r[l][a->reg[p]] : 0;
		if (i > 0)
			do_writes(q, mask, a, t0, t1);
		ucv = uc_value(cl, in->uc, q);
		pcrel = uc_pcrel(cl, in->uc, q);
		if (pcrel < 0)
			return;
		if (reads_pcrel(&in->fma, pcrel) || reads_pcrel(&in->add, pcrel)) {
			/* its value is the code's GPU address plus the constant: not modelled */
			bf_stop(q, IP_STATUS_UNMODELED, 0,
			        "an operand reads a PC-relative constant (Mesa's modifier M: its value "
			        "depends on where the code sits in GPU memory)");
			return;
		}
		/* FMA, then ADD (which may read this instruction's FMA result) */
		for (unsigned l = 0; l < BF_LANES; l++) {
			uint32_t s[4];
			uint8_t *mem;
			if (!(mask >> l & 1)) {
				nf[l] = na[l] = 0;
				continue;
			}
			for (unsigned k = 0; k < 4; k++)
				s[k] = source(in->fma.src[k], 0, port[l], ucv, 0, t0[l], t1[l]);
			nf[l] = bf_exec_unit(&in->fma, s, cl, q);
			for (unsigned k = 0; k < 3; k++)
				s[k] = source(in->add.src[k], 1, port[l], ucv, nf[l], t0[l], t1[l]);
			switch (in->add.kind) {
			case BF_LOAD:
			case BF_STORE:
				if (cl->datareg + in->add.arg > BF_REGS) {
					bf_stop(q, IP_STATUS_FAULT, BF_FAULT_INVALID_ENC,
					        "data register sequence past r63");
					return;
				}
				mem = mem_at(q, s[0], s[1], in->add.arg, in->add.kind == BF_STORE);
				if (!mem)
					return;
				for (unsigned w = 0; w < in->add.arg; w++) {
					if (in->add.kind == BF_LOAD)
						loads[l][w] = ip_le32(mem + 4 * w);
					else
						ip_put_le32(mem + 4 * w, q->r[l][cl->datareg + w]);
				}
				if (in->add.kind == BF_LOAD)
					nload = in->add.arg;
				na[l] = 0;
				break;
			case BF_BRANCH: {
				uint32_t raw = source(in->add.br_offset_src, 1, port[l], ucv, nf[l], t0[l],
				                      t1[l]);
				int32_t off = (int32_t)(raw << 4) >> 4; /* 28-bit byte offset */
				/* Mesa packs a branch target as a PC-relative constant (bi_pack.c: the byte
				 * offset in the high half, modifier PC_HI): the hardware adds the clause's
				 * address, so the target is the clause plus the offset. Any other source
				 * is an absolute target, not modelled. */
				if (!((in->add.br_offset_src == 4 && (pcrel & 1)) ||
				      (in->add.br_offset_src == 5 && (pcrel & 2)))) {
					bf_stop(q, IP_STATUS_UNMODELED, 0,
					        "a branch target that is not a PC-relative constant (Mesa "
					        "always branches through one)");
					return;
				}
				if (branch_taken(&in->add, s[0], s[1], q)) {
					int64_t dest = (int64_t)cl->offset + off;
					*taken |= (uint8_t)(1u << l);
					target[l] = -1;
					for (size_t c = 0; c < prog->n; c++)
						if ((int64_t)prog->clauses[c].offset == dest)
							target[l] = (long)c;
				}
				na[l] = 0;
				break;
			}
			default:
				na[l] = bf_exec_unit(&in->add, s, cl, q);
			}
		}
		memcpy(t0, nf, sizeof t0);
		memcpy(t1, na, sizeof t1);
	}
	if (q->status != IP_STATUS_OK)
		return;
	/* the first instruction's register field carries the last instruction's writes */
	do_writes(q, mask, &cl->ins[0].regs, t0, t1);
	/* variable-latency results: complete in order, before the next clause */
	for (unsigned l = 0; l < BF_LANES && nload; l++)
		if (mask >> l & 1)
			for (unsigned w = 0; w < nload; w++)
				q->r[l][cl->datareg + w] = loads[l][w];
}

/* Runs one quad to the end: the scalar IP is the minimum of the lanes' IPs; the lanes there run. */
static void run_quad(const struct bf_program *prog, struct bf_quad *q, uint64_t budget,
                     uint64_t *steps)
{
	uint8_t mask = 0;
	size_t ip = 0;
	int resolve = 1;
	for (unsigned l = 0; l < BF_LANES; l++)
		q->ip[l] = 0;
	while (q->status == IP_STATUS_OK) {
		uint8_t taken;
		long target[BF_LANES];
		const struct bf_clause *cl;
		if (resolve) {
			size_t min = SIZE_MAX;
			for (unsigned l = 0; l < BF_LANES; l++)
				if ((q->live & ~q->done) >> l & 1 && q->ip[l] < min)
					min = q->ip[l];
			if (min == SIZE_MAX)
				return;
			ip = min;
			mask = 0;
			for (unsigned l = 0; l < BF_LANES; l++)
				if ((q->live & ~q->done) >> l & 1 && q->ip[l] == ip)
					mask |= (uint8_t)(1u << l);
		}
		if (!mask)
			return;
		if (ip >= prog->n) {
			q->where = prog->n ? prog->clauses[prog->n - 1].offset + prog->clauses[prog->n - 1].bytes : 0;
			bf_stop(q, IP_STATUS_FAULT, BF_FAULT_INVALID_PC, "ran past the last clause");
			return;
		}
		if (++*steps > budget) {
			bf_stop(q, IP_STATUS_TIMEOUT, 0, "clause budget exhausted");
			return;
		}
		cl = &prog->clauses[ip];
		q->where = cl->offset;
		run_clause(prog, ip, q, mask, &taken, target);
		if (q->status != IP_STATUS_OK)
			return;
		if (cl->back_to_back && taken) {
			bf_stop(q, IP_STATUS_UNMODELED, 0, "branch taken in a back-to-back clause");
			return;
		}
		for (unsigned l = 0; l < BF_LANES; l++) {
			if (!(mask >> l & 1))
				continue;
			if (taken >> l & 1) {
				if (target[l] < 0) {
					bf_stop(q, IP_STATUS_FAULT, BF_FAULT_INVALID_PC,
					        "branch target is not a clause");
					return;
				}
				q->ip[l] = (uint32_t)target[l];
			} else if (!cl->no_eos) {
				q->done |= (uint8_t)(1u << l);
			} else {
				q->ip[l] = (uint32_t)ip + 1;
			}
		}
		/* back-to-back: same mask, next clause, no reconvergence; else resolve the IPs */
		mask &= (uint8_t)~q->done;
		ip++;
		resolve = !cl->back_to_back || !mask;
	}
}

static void finish(struct ip_result *res, unsigned status, unsigned fault, const char *why)
{
	res->status = (enum ip_status)status;
	res->fault = status == IP_STATUS_FAULT ? fault : 0;
	res->why = status == IP_STATUS_OK ? NULL : why;
}

void bf_run_io(struct bf_sim *sim, const struct bifrost_sim_io *io, struct ip_result *res)
{
	uint32_t n = io->invocations ? io->invocations : 1;
	uint64_t budget = io->budget ? io->budget : DEFAULT_BUDGET;
	struct bf_mem global = {io->global, io->global_len, io->global_base, io->map, io->map_ctx,
	                        io->map_fault};
	uint32_t *uniforms = NULL;
	size_t nuniforms = io->uniforms ? io->uniforms_len / 4 : 0;
	const char *why = NULL;
	uint32_t where = 0;
	struct bf_quad *q;

	res->status = IP_STATUS_OK;
	res->fault = res->invocation = res->where = 0;
	res->steps = 0;
	res->why = NULL;
	if (bf_decode(sim, io->code, io->code_len, &why, &where) != 0) {
		res->where = where;
		finish(res, IP_STATUS_INVALID, 0, why);
		return;
	}
	q = calloc(1, sizeof *q);
	if (nuniforms)
		uniforms = malloc(nuniforms * 4);
	if (!q || (nuniforms && !uniforms)) {
		finish(res, IP_STATUS_RUNNER_ERROR, 0, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < nuniforms; i++)
		uniforms[i] = ip_le32(io->uniforms + 4 * i);
	if (io->regs_out)
		memset(io->regs_out, 0, io->regs_out_cap);
	for (uint32_t base = 0; base < n; base += BF_LANES) {
		memset(q, 0, sizeof *q);
		q->uniforms = uniforms;
		q->nuniforms = nuniforms;
		q->global = &global;
		for (unsigned l = 0; l < BF_LANES && base + l < n; l++) {
			size_t off = (size_t)(base + l) * REG_FILE_BYTES;
			q->live |= (uint8_t)(1u << l);
			if (!io->regs_in && io->init_regs)
				io->init_regs(io->init_ctx, base + l, q->r[l]);
			else if (!io->regs_in)
				q->r[l][BIFROST_SIM_GLOBAL_ID_REG] = base + l;
			for (unsigned r = 0; io->regs_in && r < BF_REGS; r++)
				if (off + 4 * r + 4 <= io->regs_in_len)
					q->r[l][r] = ip_le32(io->regs_in + off + 4 * r);
		}
		run_quad(&sim->prog, q, budget, &res->steps);
		for (unsigned l = 0; io->regs_out && l < BF_LANES && base + l < n; l++)
			for (unsigned r = 0; r < BF_REGS; r++) {
				size_t off = (size_t)(base + l) * REG_FILE_BYTES + 4 * r;
				if (off + 4 <= io->regs_out_cap)
					ip_put_le32(io->regs_out + off, q->r[l][r]);
			}
		if (q->status != IP_STATUS_OK) {
			res->invocation = base;
			res->where = q->where;
			finish(res, q->status, q->fault, q->why);
			break;
		}
	}
out:
	free(q);
	free(uniforms);
}

void bf_run_job(struct bf_sim *sim, const struct ip_job *job, struct ip_result *res)
{
	uint32_t n = job->limits.invocations ? job->limits.invocations : 1;
	const struct ip_buf *ub = ip_job_input(job, IP_BUF_UNIFORMS);
	const struct ip_buf *rin = ip_job_input(job, IP_BUF_REGISTERS);
	const struct ip_buf *gin = ip_job_input(job, IP_BUF_GLOBAL);
	struct ip_out_buf *rout = ip_result_output(res, IP_BUF_REGISTERS);
	struct ip_out_buf *gout = ip_result_output(res, IP_BUF_GLOBAL);
	struct bifrost_sim_io io = {0};
	uint8_t *gcopy = NULL;

	ip_result_clear(res);
	io.code = job->code;
	io.code_len = job->code_len;
	if (ub && ub->len >= 4) {
		io.uniforms = ub->data;
		io.uniforms_len = ub->len;
	}
	if (rin) {
		io.regs_in = rin->data;
		io.regs_in_len = rin->data ? rin->len : 0;
	}
	io.invocations = n;
	io.budget = job->limits.budget;
	/* global memory at address 0: the output buffer when observed, else a scratch copy of
	 * the input */
	if (gout && gout->data) {
		memset(gout->data, 0, gout->cap);
		if (gin && gin->data)
			memcpy(gout->data, gin->data, gin->len < gout->cap ? gin->len : gout->cap);
		gout->len = gout->cap;
		io.global = gout->data;
		io.global_len = gout->cap;
	} else if (gin && gin->data && gin->len) {
		gcopy = malloc(gin->len);
		if (!gcopy) {
			finish(res, IP_STATUS_RUNNER_ERROR, 0, "out of memory");
			return;
		}
		memcpy(gcopy, gin->data, gin->len);
		io.global = gcopy;
		io.global_len = gin->len;
	}
	if (rout && rout->data) {
		io.regs_out = rout->data;
		io.regs_out_cap = rout->cap;
	}
	bf_run_io(sim, &io, res);
	if (res->status == IP_STATUS_INVALID || res->status == IP_STATUS_RUNNER_ERROR) {
		if (gout)
			gout->len = 0; /* nothing ran */
	} else if (rout && rout->data) {
		rout->len = (size_t)n * REG_FILE_BYTES < rout->cap ? (size_t)n * REG_FILE_BYTES : rout->cap;
	}
	free(gcopy);
}
