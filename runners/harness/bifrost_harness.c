/* bifrost_harness.c: the Bifrost register harness (docs/harness.md, "Bifrost"): on a GPU a
 * compute job's prologue loads every register from a buffer of the job, the variant's last
 * clause falls into an epilogue that stores them back; both written with the Bifrost encoder. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bifrost/bifrost.h"
#include "common/byteorder.h"
#include "isaprobe/bifrost_sim.h"
#include "isaprobe/internal/harness.h"

extern const struct ip_harness bifrost_harness;

#define HB_REGS BIFROST_SIM_REGS
#define HB_FILE BIFROST_SIM_REGS_BYTES
/* The uniform pair holding the harness buffer's GPU address (low word, high word): the last
 * one a renderer state can push (its uniform count is 7 bits of 64-bit slots: 0-126), so that
 * every pair a probe's uniforms leave free reads zero on a GPU as on the simulator. */
#define HB_PAIR 126
#define HB_UNIFORM_BYTES ((HB_PAIR + 1) * 8)
/* Each invocation's block in the harness buffer: the planted register file, the observed one,
 * and the marker word the epilogue stores last (the variant reached it). */
#define HB_BLOCK 528
#define HB_OBSERVED 256
#define HB_MARK 512
#define HB_MARKER 0x42484950u /* "PIHB" */
#define HB_MAX_INVOCATIONS 65536
/* The register that holds the invocation's id (jobs of more than one invocation). */
#define HB_ID BIFROST_SIM_GLOBAL_ID_REG
/* Message types of a clause header (Mesa's bifrost.h enum bifrost_message_type: LOAD 5,
 * STORE 6; the seed notes name the two the other way round, docs/bifrost-sources.md). */
#define MSG_NONE 0
#define MSG_LOAD 5
#define MSG_STORE 6
/* Every message of the harness uses scoreboard slot 0 and the clause after it waits on slot 0
 * (Mesa's bi_scoreboard.c serialises loads and stores so); the first epilogue clause waits on
 * the general slots 0-5, whatever the variant left outstanding. */
#define SLOT_SERIAL 0x01u
#define SLOTS_GENERAL 0x3fu

/* ---- clauses through the field tables ---------------------------------------------------- */

/* A clause in the making: header fields by name, up to 3 instructions, up to 2 constants. */
struct hb_clause {
	unsigned msg, datareg, n, k;
	ip_word reg[3], fma[3], add[3];
	uint64_t consts[2];
};

static void set(const struct ip_format *fmt, ip_word *w, const char *name, uint64_t v)
{
	ip_field_set(ip_format_active_field(fmt, name, w, NULL), w, v);
}

/* An FMA (is_add 0) or ADD word of an opcode with its sources (-1: left at the default). */
static ip_word op(int is_add, const char *name, int s0, int s1, int s2)
{
	const struct bifrost_op *o = bifrost_find_op(is_add, name);
	ip_word w = ip_format_defaults(o->fmt, NULL);
	const int srcs[3] = {o->src0 >= 0 ? o->src0 : s0, s1, s2};
	static const char *const names[3] = {"src0", "src1", "src2"};
	set(o->fmt, &w, "op", o->op);
	for (unsigned i = 0; i < 3; i++)
		if (srcs[i] >= 0)
			set(o->fmt, &w, names[i], (uint64_t)srcs[i]);
	return w;
}

/* Source values (the tables' enums: docs/bifrost-asm.md). */
enum { P0 = 0, FZERO = 3, T = 3, UC_LO = 4, UC_HI = 5, T0 = 6, T1 = 7 };

/* Adds an instruction: its register field (reads and the previous instruction's writes, -1
 * none) and the uniform/const port: a uniform pair (pair >= 0) or constant slot `cslot`. */
static int instr(struct hb_clause *c, const unsigned *reads, unsigned nreads, int wfma,
                 int pair, int cslot, ip_word fma, ip_word add)
{
	unsigned i = c->n++;
	ip_word *r = &c->reg[i];
	*r = ip_format_defaults(&bifrost_reg32, NULL);
	if (bifrost_reg32_encode(r, reads, nreads, wfma, -1, i == 0) != 0)
		return -1;
	if (pair >= 0) {
		set(&bifrost_reg32, r, "uc_sel", 8u + (unsigned)pair / 16);
		set(&bifrost_reg32, r, "uniform_lo", (unsigned)pair % 16);
	} else if (cslot >= 0) {
		int uc = bifrost_uc_const((unsigned)cslot, (unsigned)(c->consts[cslot] & 15));
		set(&bifrost_reg32, r, "uc_sel", (unsigned)uc >> 4);
		set(&bifrost_reg32, r, "const_lo", (unsigned)uc & 15);
	}
	c->fma[i] = fma;
	c->add[i] = add;
	return 0;
}

/* Header fields of clause c followed by a clause of message type next_msg whose waits are
 * next_wait (the header carries the next clause's waits, Mesa's bi_pack.c); last: the end. */
static ip_word header(const struct hb_clause *c, unsigned next_msg, unsigned next_wait, int last)
{
	ip_word h = ip_format_defaults(&bifrost_header, NULL);
	/* flow: Mesa's NBTB (3, back_to_back and no_eos set), which the seed notes read as
	 * back-to-back: both go on to the next clause; the last clause ends the shader (0) */
	set(&bifrost_header, &h, "back_to_back", !last);
	set(&bifrost_header, &h, "no_eos", !last);
	set(&bifrost_header, &h, "branch_cond", !last); /* next-clause prefetch */
	set(&bifrost_header, &h, "datareg", c->datareg);
	set(&bifrost_header, &h, "sb_deps", last ? 0 : next_wait);
	set(&bifrost_header, &h, "sb_entry", 0);
	set(&bifrost_header, &h, "type", c->msg);
	set(&bifrost_header, &h, "next_type", last ? 0 : next_msg);
	return h;
}

/* Appends clause c with header h to p, the way the assembler lays one out (docs/bifrost-asm.md:
 * dummy constants copy the constant they share a quadword with). */
static int emit(struct ip_program *p, const struct hb_clause *c, ip_word h)
{
	int k = bifrost_const_count_round(c->n, c->k);
	struct ip_bundle *b;
	uint32_t at = 0;
	for (size_t i = 0; i < p->nbundles; i++)
		at += p->bundles[i].bytes;
	if (k < 0 || !(b = ip_program_add(p)) || bifrost_clause_layout(b, c->n, (unsigned)k, 0))
		return -1;
	b->byte_offset = at;
	b->slots[0].value = h;
	for (unsigned i = 0; i < c->n; i++) {
		bifrost_slot(b, BIFROST_ROLE_REG, i)->value = c->reg[i];
		bifrost_slot(b, BIFROST_ROLE_FMA, i)->value = c->fma[i];
		bifrost_slot(b, BIFROST_ROLE_ADD, i)->value = c->add[i];
	}
	for (unsigned j = 0; j < (unsigned)k; j++) {
		ip_word v = {{0, 0}};
		if (j < c->k)
			v.w[0] = c->consts[j] >> 4;
		else if (j > 0 && (j - ((unsigned)k & 1)) % 2 == 1)
			v = bifrost_slot(b, BIFROST_ROLE_CONST, j - 1)->value;
		bifrost_slot(b, BIFROST_ROLE_CONST, j)->value = v;
	}
	bifrost_clause_retype(b);
	return 0;
}

/* A LOAD or STORE (name) of the invocation's block + off, data registers from dr: the address
 * is the harness buffer's (uniform pair HB_PAIR) plus, with several invocations, r60 (the
 * block's offset) plus the constant off. */
static int mem_clause(struct hb_clause *c, int multi, const char *name, unsigned msg,
                      unsigned dr, uint32_t off)
{
	const unsigned id = HB_ID;
	memset(c, 0, sizeof *c);
	c->msg = msg;
	c->datareg = dr;
	c->consts[c->k++] = off;
	if (instr(c, &id, multi ? 1 : 0, -1, HB_PAIR, -1,
	          multi ? op(0, "ADD.i32", P0, UC_LO, -1) : op(0, "MOV", UC_LO, -1, -1),
	          op(1, "MOV", UC_HI, -1, -1)))
		return -1;
	return instr(c, NULL, 0, -1, -1, 0, op(0, "ADD.i32", T0, UC_LO, -1),
	             op(1, name, T, T1, -1));
}

/* A clause of one instruction writing the FMA result (op) to register wreg (-1: none), with
 * the register reads and constant slot 0 = constant (when cslot is 0). */
static int alu_clause(struct hb_clause *c, const unsigned *reads, unsigned nreads, int wreg,
                      int cslot, uint64_t constant, ip_word fma)
{
	memset(c, 0, sizeof *c);
	if (cslot >= 0)
		c->consts[c->k++] = constant;
	return instr(c, reads, nreads, wreg, -1, cslot, fma, op(1, "NOP", -1, -1, -1));
}

/* The prologue (when epilogue is 0) or the epilogue of jobs with (multi) or without several
 * invocations, the harness area at byte g0 of the global buffer; next_msg: the message type of
 * the variant's first clause (prologue). Packed into *out; the clause count in *nclauses. */
static int build(int epilogue, int multi, uint32_t g0, unsigned next_msg, uint8_t **out,
                 size_t *len, unsigned *nclauses)
{
	struct hb_clause c[24];
	unsigned n = 0, waits[24];
	struct ip_program p;
	struct ip_diag d;
	int rc = 0;
	const unsigned id = HB_ID, r0 = 0;
	if (!epilogue) {
		/* r60 = the invocation's global id x block size: the offset of its block */
		if (multi)
			rc |= alu_clause(&c[n++], &id, 1, HB_ID, 0, HB_BLOCK,
			                 op(0, "IMAD", P0, UC_LO, FZERO));
		for (unsigned k = 0; k < HB_REGS / 4; k++) {
			if (multi && k == HB_ID / 4) {
				/* every register of the group but r60 */
				rc |= mem_clause(&c[n++], multi, "LOAD.i32", MSG_LOAD, HB_ID + 1,
				                 g0 + 4 * (HB_ID + 1));
				rc |= mem_clause(&c[n++], multi, "LOAD.v2i32", MSG_LOAD, HB_ID + 2,
				                 g0 + 4 * (HB_ID + 2));
				continue;
			}
			rc |= mem_clause(&c[n++], multi, "LOAD.v4i32", MSG_LOAD, 4 * k, g0 + 16 * k);
		}
	} else {
		/* a clause that only waits for what the variant left outstanding (Mesa adds such a
		 * NOP clause to wait before a shader's first clause, bi_schedule.c) */
		rc |= alu_clause(&c[n++], NULL, 0, -1, -1, 0, op(0, "NOP", -1, -1, -1));
		for (unsigned k = 0; k < HB_REGS / 4; k++)
			rc |= mem_clause(&c[n++], multi, "STORE.v4i32", MSG_STORE, 4 * k,
			                 g0 + HB_OBSERVED + 16 * k);
		/* then the marker: r0 (stored already) = HB_MARKER, stored to the block's mark */
		rc |= alu_clause(&c[n++], NULL, 0, (int)r0, 0, HB_MARKER, op(0, "MOV", UC_LO, -1, -1));
		rc |= mem_clause(&c[n++], multi, "STORE.i32", MSG_STORE, 0, g0 + HB_MARK);
	}
	if (rc)
		return -1;
	/* what each clause waits on before it runs: loads and stores one after another, the
	 * variant after the loads landed, the first store after everything the variant sent */
	for (unsigned i = 0; i < n; i++)
		waits[i] = c[i].msg != MSG_NONE ? SLOT_SERIAL : 0;
	if (epilogue) {
		waits[1] = SLOTS_GENERAL;
		waits[n - 2] = SLOT_SERIAL; /* the marker's register after the stores */
	}
	ip_program_init(&p, &bifrost_isa);
	ip_diag_init(&d, NULL);
	for (unsigned i = 0; i < n && !rc; i++) {
		int last = epilogue && i + 1 == n;
		unsigned nmsg = i + 1 < n ? c[i + 1].msg : next_msg;
		unsigned nwait = i + 1 < n ? waits[i + 1] : SLOT_SERIAL;
		rc = emit(&p, &c[i], header(&c[i], nmsg, nwait, last));
	}
	if (!rc)
		rc = bifrost_pack(&p, out, len, &d);
	ip_program_free(&p);
	*nclauses = n;
	return rc;
}

/* ---- the harness ------------------------------------------------------------------------- */

/* Room for a packed prologue or epilogue (19 clauses of at most 3 quadwords). */
#define HB_CODE_MAX 2048

/* What wrap keeps from one job to the next (one allocation: the work frees it with free()):
 * the prologue and epilogue last built, which depend on whether several invocations run,
 * where the harness area starts and the variant's first message type. */
struct hb_state {
	int built, multi;
	uint32_t g0;
	unsigned first_msg;
	uint8_t pro[HB_CODE_MAX], epi[HB_CODE_MAX];
	size_t pro_len, epi_len;
	unsigned pro_clauses, epi_clauses;
};

static uint32_t invocations(const struct ip_job *job)
{
	return job->limits.invocations ? job->limits.invocations : 1;
}

/* Bytes of the job's own global buffer (input or output), rounded up to 64: where the
 * harness's blocks start. */
static size_t global_bytes(const struct ip_job *job, const struct ip_result *res)
{
	const struct ip_buf *g = ip_job_input(job, IP_BUF_GLOBAL);
	size_t n = g ? g->len : 0;
	for (unsigned i = 0; res && i < res->noutputs; i++)
		if (res->outputs[i].role == IP_BUF_GLOBAL && res->outputs[i].cap > n)
			n = res->outputs[i].cap;
	return (n + 63) / 64 * 64;
}

static void bf_records(const struct ip_job *job, struct ip_harness_regs *plantable,
                       struct ip_harness_regs *observable)
{
	memset(plantable, 0, sizeof *plantable);
	for (unsigned r = 0; r < HB_REGS; r++)
		if (!(invocations(job) > 1 && r == HB_ID))
			plantable->bits[r / 64] |= UINT64_C(1) << (r % 64);
	*observable = *plantable;
}

static const char *bf_check(const struct ip_job *job, const struct ip_result *res)
{
	const struct ip_buf *u = ip_job_input(job, IP_BUF_UNIFORMS);
	const struct ip_buf *regs = ip_job_input(job, IP_BUF_REGISTERS);
	uint32_t n = invocations(job);
	if (n > HB_MAX_INVOCATIONS)
		return "more than 65536 invocations: the harness gives each a block of 528 bytes "
		       "(docs/harness.md, Bifrost)";
	if (u && u->len > (size_t)HB_PAIR * 8)
		return "uniforms past pair 125 (1008 bytes): the harness keeps its buffer's address "
		       "in uniform pair 126 (docs/harness.md, Bifrost)";
	if (global_bytes(job, res) > ((size_t)1 << 30))
		return "a global buffer over 1 GiB leaves the harness no room";
	for (uint32_t i = 0; n > 1 && regs && i < n; i++) {
		size_t at = (size_t)i * HB_FILE + 4 * HB_ID;
		for (unsigned b = 0; b < 4 && at + b < regs->len; b++)
			if (regs->data[at + b])
				return "plants r60, which on a GPU holds the invocation's id in a job of "
				       "several invocations (the harness addresses each invocation's "
				       "registers by it; docs/harness.md, Bifrost): plant zero there";
	}
	return NULL;
}

/* The variant with its last clause falling into the epilogue: end of shader cleared, next
 * message type the epilogue's first clause's (none). Its bytes in *out (malloc'd), the first
 * clause's message type in *first_msg. A variant that does not unpack is kept as it is (it
 * runs as it would alone: the simulator calls it invalid, a GPU does what it does). */
static int patch_variant(const uint8_t *code, size_t len, uint8_t **out, size_t *out_len,
                         unsigned *first_msg)
{
	struct ip_program p;
	struct ip_diag d;
	const struct ip_field *type = ip_format_field(&bifrost_header, "type");
	ip_diag_init(&d, NULL);
	*first_msg = 0;
	if (bifrost_unpack(code, len, &p, &d) == 0 && p.nbundles > 0) {
		ip_word *h = &p.bundles[p.nbundles - 1].slots[0].value;
		int rc;
		*first_msg = (unsigned)ip_field_get(type, &p.bundles[0].slots[0].value);
		set(&bifrost_header, h, "no_eos", 1);
		set(&bifrost_header, h, "next_type", MSG_NONE);
		rc = bifrost_pack(&p, out, out_len, &d);
		ip_program_free(&p);
		if (rc == 0)
			return 0;
	}
	*out = malloc(len ? len : 1);
	if (!*out)
		return -1;
	memcpy(*out, code, len);
	*out_len = len;
	return 0;
}

/* Builds one part into buf (HB_CODE_MAX bytes). */
static int build_into(int epilogue, int multi, uint32_t g0, unsigned next_msg, uint8_t *buf,
                      size_t *len, unsigned *nclauses)
{
	uint8_t *code = NULL;
	int rc = build(epilogue, multi, g0, next_msg, &code, len, nclauses);
	if (rc == 0 && *len <= HB_CODE_MAX)
		memcpy(buf, code, *len);
	free(code);
	return rc == 0 && *len <= HB_CODE_MAX ? 0 : -1;
}

static int ensure(struct hb_state *st, int multi, uint32_t g0, unsigned first_msg)
{
	if (st->built && st->multi == multi && st->g0 == g0 && st->first_msg == first_msg)
		return 0;
	st->built = 0;
	if (build_into(0, multi, g0, first_msg, st->pro, &st->pro_len, &st->pro_clauses) ||
	    build_into(1, multi, g0, 0, st->epi, &st->epi_len, &st->epi_clauses))
		return -1;
	st->built = 1;
	st->multi = multi;
	st->g0 = g0;
	st->first_msg = first_msg;
	return 0;
}

static int bf_wrap(struct ip_harness_work *w, const struct ip_job *job,
                   const struct ip_result *res, struct ip_diag *d)
{
	const char *why = bf_check(job, res);
	uint32_t n = invocations(job);
	size_t g0 = global_bytes(job, res), total;
	struct hb_state *st;
	uint8_t *variant = NULL, *code, *g, *u;
	size_t vlen;
	unsigned first_msg;
	if (why)
		return ip_diag_plain(d, "%s", why);
	ip_harness_work_reset(w, &bifrost_harness);
	if (!w->isa_state && !(w->isa_state = calloc(1, sizeof(struct hb_state))))
		return ip_diag_plain(d, "out of memory");
	st = w->isa_state;
	total = g0 + (size_t)n * HB_BLOCK;
	if (patch_variant(job->code, job->code_len, &variant, &vlen, &first_msg))
		return ip_diag_plain(d, "out of memory");
	if (ensure(st, n > 1, (uint32_t)g0, first_msg)) {
		free(variant);
		return ip_diag_plain(d, "the Bifrost harness's clauses do not encode (a bug)");
	}
	code = ip_harness_code(w, st->pro_len + vlen + st->epi_len);
	if (!code) {
		free(variant);
		return ip_diag_plain(d, "out of memory");
	}
	memcpy(code, st->pro, st->pro_len);
	memcpy(code + st->pro_len, variant, vlen);
	memcpy(code + st->pro_len + vlen, st->epi, st->epi_len);
	free(variant);
	w->variant_at = st->pro_len;
	w->variant_len = vlen;
	/* inputs: the job's own (registers go into the harness blocks), the uniforms grown to
	 * hold the buffer's address in pair 126, the global buffer grown by the blocks */
	for (unsigned i = 0; i < job->ninputs; i++) {
		const struct ip_buf *b = &job->inputs[i];
		uint8_t *p;
		if (b->role == IP_BUF_REGISTERS || b->role == IP_BUF_UNIFORMS ||
		    b->role == IP_BUF_GLOBAL)
			continue;
		if (!(p = ip_harness_input(w, b->role, b->len)))
			return ip_diag_plain(d, "out of memory");
		memcpy(p, b->data, b->len);
	}
	if (!(u = ip_harness_input(w, IP_BUF_UNIFORMS, HB_UNIFORM_BYTES)) ||
	    !(g = ip_harness_input(w, IP_BUF_GLOBAL, total)))
		return ip_diag_plain(d, "out of memory");
	{
		const struct ip_buf *ub = ip_job_input(job, IP_BUF_UNIFORMS);
		const struct ip_buf *gb = ip_job_input(job, IP_BUF_GLOBAL);
		const struct ip_buf *rb = ip_job_input(job, IP_BUF_REGISTERS);
		if (ub)
			memcpy(u, ub->data, ub->len);
		if (gb)
			memcpy(g, gb->data, gb->len);
		for (uint32_t i = 0; rb && i < n && (size_t)i * HB_FILE < rb->len; i++) {
			size_t from = (size_t)i * HB_FILE, k = rb->len - from;
			memcpy(g + g0 + (size_t)i * HB_BLOCK, rb->data + from, k < HB_FILE ? k : HB_FILE);
			if (n > 1) /* r60 is the hardware's, never loaded */
				memset(g + g0 + (size_t)i * HB_BLOCK + 4 * HB_ID, 0, 4);
		}
	}
	/* the buffer's address: the simulator's global memory starts at 0 */
	if (ip_harness_address(w, IP_BUF_UNIFORMS, (size_t)HB_PAIR * 8, 8, IP_BUF_GLOBAL, 0, 0))
		return ip_diag_plain(d, "the harness's address list is full (a bug)");
	/* outputs: the job's own but the registers, and the global buffer with the blocks */
	for (unsigned i = 0; res && i < res->noutputs; i++) {
		const struct ip_out_buf *o = &res->outputs[i];
		if (o->role == IP_BUF_REGISTERS || o->role == IP_BUF_GLOBAL || !o->cap)
			continue;
		if (!ip_harness_output(w, o->role, o->cap))
			return ip_diag_plain(d, "out of memory");
	}
	if (!ip_harness_output(w, IP_BUF_GLOBAL, total))
		return ip_diag_plain(d, "out of memory");
	w->job.limits = job->limits;
	if (job->limits.budget)
		w->job.limits.budget = job->limits.budget + st->pro_clauses + st->epi_clauses;
	w->job.uniform_regs = -1;
	return 0;
}

static const struct ip_out_buf *wrapped_output(const struct ip_harness_work *w,
                                               enum ip_buf_role role)
{
	for (unsigned i = 0; i < w->res.noutputs; i++)
		if (w->outputs[i].role == role)
			return &w->outputs[i];
	return NULL;
}

static void bf_unwrap(const struct ip_harness_work *w, const struct ip_job *job,
                      struct ip_result *res)
{
	const struct hb_state *st = w->isa_state;
	const struct ip_out_buf *gw = wrapped_output(w, IP_BUF_GLOBAL);
	struct ip_harness_regs plant, seen;
	uint32_t n = invocations(job);
	size_t g0 = global_bytes(job, res);
	uint64_t quads = (n + 3) / 4, harness_steps;
	int reached = w->res.status == IP_STATUS_OK && gw && gw->len >= g0 + (size_t)n * HB_BLOCK;
	for (uint32_t i = 0; reached && i < n; i++)
		reached = ip_le32(gw->data + g0 + (size_t)i * HB_BLOCK + HB_MARK) == HB_MARKER;
	res->status = w->res.status;
	res->fault = w->res.fault;
	res->invocation = w->res.invocation;
	res->why = w->res.why;
	if (w->res.where < w->variant_at)
		res->where = 0;
	else if (w->res.where - w->variant_at > w->variant_len)
		res->where = (uint32_t)w->variant_len;
	else
		res->where = (uint32_t)(w->res.where - w->variant_at);
	harness_steps = st ? quads * (st->pro_clauses + (reached ? st->epi_clauses : 0)) : 0;
	res->steps = w->res.steps > harness_steps ? w->res.steps - harness_steps : 0;
	bf_records(job, &plant, &seen);
	for (unsigned i = 0; i < res->noutputs; i++) {
		struct ip_out_buf *o = &res->outputs[i];
		const struct ip_out_buf *from;
		o->len = 0;
		if (!o->data || !o->cap)
			continue;
		if (o->role == IP_BUF_REGISTERS) {
			size_t len = (size_t)n * HB_FILE < o->cap ? (size_t)n * HB_FILE : o->cap;
			if (!reached)
				continue; /* never stored: no registers, not zeros */
			memset(o->data, 0, o->cap);
			for (size_t at = 0; at + 4 <= len; at += 4) {
				unsigned r = (unsigned)(at % HB_FILE / 4);
				size_t inv = at / HB_FILE;
				if (seen.bits[r / 64] >> (r % 64) & 1)
					memcpy(o->data + at,
					       gw->data + g0 + inv * HB_BLOCK + HB_OBSERVED + 4 * r, 4);
			}
			o->len = len;
		} else if (o->role == IP_BUF_GLOBAL) {
			if (gw && gw->len) {
				memcpy(o->data, gw->data, o->cap);
				o->len = o->cap;
			}
		} else if ((from = wrapped_output(w, o->role)) != NULL) {
			size_t len = from->len < o->cap ? from->len : o->cap;
			memcpy(o->data, from->data, len);
			o->len = len;
		}
	}
}

static void bf_describe(const struct ip_harness_work *w, const struct ip_job *job, FILE *out)
{
	const struct ip_buf *g = ip_job_input(&w->job, IP_BUF_GLOBAL);
	uint32_t n = invocations(job);
	size_t g0 = g && g->len >= (size_t)n * HB_BLOCK ? g->len - (size_t)n * HB_BLOCK : 0;
	fprintf(out, "uniforms: %u bytes: the job's own, then zeros; pair %u (bytes %u-%u) the "
	             "global buffer's GPU address\n",
	        HB_UNIFORM_BYTES, HB_PAIR, HB_PAIR * 8, HB_PAIR * 8 + 7);
	fputs("global: ", out);
	if (g0)
		fprintf(out, "bytes 0-%zu the job's own, ", g0 - 1);
	fprintf(out, "%u block%s of %u bytes from byte %zu (block k at %zu + %u k): the planted "
	             "r0-r63 (256 bytes), the observed r0-r63 (256), the done mark 0x%08x (4), "
	             "padding (12)%s\n",
	        n, n == 1 ? "" : "s", HB_BLOCK, g0, g0, HB_BLOCK, HB_MARKER,
	        n > 1 ? "; r60, the invocation's global id, addresses its block: neither planted "
	                "nor observed"
	              : "");
}

/* Named in the ISA's descriptor (encoders/<isa>/<isa>_isa.c, `.harness`). */
const struct ip_harness bifrost_harness = {
	.reserved = "r60 in jobs of more than one invocation (the global invocation id X the "
	            "hardware preloads, turned by the prologue into the offset of the "
	            "invocation's block in the harness buffer, which the epilogue addresses by); "
	            "uniform pair 126 (uniforms 252-253: the harness buffer's GPU address)",
	.records = bf_records,
	.check = bf_check,
	.wrap = bf_wrap,
	.unwrap = bf_unwrap,
	.describe = bf_describe,
};
