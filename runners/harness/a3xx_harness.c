/* a3xx_harness.c: the Adreno a3xx register harness (docs/harness.md, "a3xx"): a prologue that
 * loads the planted registers from the const file, the variant with each `end` made a jump to
 * the epilogue, and an epilogue that stores the registers with stg to global memory. */
#include <string.h>

#include "a3xx/a3xx.h"
#include "a3xx/a3xx_ins.h"
#include "common/byteorder.h"
#include "isaprobe/a3xx_sim.h"
#include "isaprobe/internal/harness.h"

/* The register the epilogue stores through: r47.w, loaded from a const after the variant. Its
 * record (r47, 16 bytes of the registers role) is what a GPU cannot show. */
#define ADDR_REG (47 * 4 + 3)
#define ADDR_RECORD 47u

/* The registers role in 16-byte records (the unit `record registers 16` and the harness's
 * record sets count): 0-47 r0-r47, 48-71 hr0-hr47 (8 halves each), 72 a0.x and p0.x-z,
 * 73 p0.w. */
#define RECORD_BYTES 16u
#define HALF_RECORDS_END (A3XX_REGS_A0_AT / RECORD_BYTES) /* 72: the first of a0 / p0 */

/* The store area at the end of the wrapped job's global buffer: the register file's first
 * A3XX_REGS_A0_AT bytes in its own layout (full registers, then halves), r47.x-z left zero and
 * r47.w holding the area's own address, stored last: the epilogue ran to its end. */
#define AREA_BYTES A3XX_REGS_A0_AT
#define MARKER_AT (4 * ADDR_REG)

/* The harness's consts after the job's own (vec4 units from the first free vec4): the full
 * registers' image, the half registers' (one per 32-bit word, zero-extended), p0.x-w, and
 * the store area's address. */
#define C_FULL 0u
#define C_HALF (C_FULL + A3XX_FULL_REGS / 4)
#define C_P0 (C_HALF + A3XX_HALF_REGS / 4)
#define C_ADDR (C_P0 + 1)
#define C_VEC4S (C_ADDR + 1)
/* Mesa's ir3 keeps a3xx-a5xx const files to 256 vec4 (ir3_compiler.c, max_const_safe). */
#define MAX_CONST_VEC4 256u

/* Instructions and slots (an (rptN) instruction is N + 1) of the prologue and the epilogue. */
#define PRO_INSTRS (1u + 48u + 48u + 4u + 1u)
#define PRO_SLOTS (1u + 4u * 48u + 4u * 48u + 4u + 2u)
#define EPI_INSTRS (1u + 1u + 47u + 48u + 1u + 1u)
#define EPI_SLOTS (1u + 2u + 47u + 48u + 1u + 1u)
/* SP_VS_CTRL_REG0's 8-bit length of 4-instruction units (runners/drm/a3xx_vs.c). */
#define MAX_INSTRS 1020u

/* A planted full register whose value points into the simulator's global buffer is a pointer:
 * the runner writes the GPU address of the same byte into its const (one address is the store
 * area's). */
#define MAX_POINTERS (IP_HARNESS_MAX_ADDRS - 1)

extern const struct ip_harness a3xx_harness;

static const char why_invocations[] =
	"the a3xx harness runs one vertex: every vertex would load the same registers and store "
	"them to the same place (a job of more than one invocation, or a registers input of more "
	"than one register file, runs on the simulator or a model device only)";
static const char why_consts[] =
	"the const file and the a3xx harness's 98 vec4 of consts (the planted registers, p0, the "
	"store address) exceed the 256 vec4 Mesa's ir3 uses on a3xx";
static const char why_pointers[] =
	"more than 7 planted registers point into the global buffer (the runner rewrites at most 8 "
	"addresses per job, one of them the harness's own)";
static const char why_code[] =
	"the program and the a3xx harness's 201 instructions exceed the 1020 a vertex shader holds "
	"(SP_VS_CTRL_REG0's length)";
static const char why_words[] = "code is not a whole number of 8-byte instructions";

static size_t align16(size_t n)
{
	return (n + 15) & ~(size_t)15;
}

static size_t in_len(const struct ip_job *job, enum ip_buf_role role)
{
	const struct ip_buf *b = ip_job_input(job, role);
	return b ? b->len : 0;
}

static size_t out_cap(const struct ip_result *res, enum ip_buf_role role)
{
	for (unsigned i = 0; res && i < res->noutputs; i++)
		if (res->outputs[i].role == role)
			return res->outputs[i].cap;
	return 0;
}

/* The job's global buffer as the simulator sees it: the larger of its input and output. */
static size_t global_len(const struct ip_job *job, const struct ip_result *res)
{
	size_t i = in_len(job, IP_BUF_GLOBAL), o = out_cap(res, IP_BUF_GLOBAL);
	return i > o ? i : o;
}

/* Planted full register k's 32 bits (zero past the image). */
static uint32_t planted_full(const struct ip_buf *regs, unsigned k)
{
	return regs && 4 * (size_t)k + 4 <= regs->len ? ip_le32(regs->data + 4 * k) : 0;
}

static uint32_t planted_word(const struct ip_buf *regs, size_t at, unsigned bytes)
{
	uint32_t v = 0;
	for (unsigned b = 0; regs && b < bytes && at + b < regs->len; b++)
		v |= (uint32_t)regs->data[at + b] << (8 * b);
	return v;
}

static int is_pointer(uint32_t v, size_t glen)
{
	return glen && v >= A3XX_SIM_GLOBAL_BASE && v - A3XX_SIM_GLOBAL_BASE <= glen;
}

static unsigned pointers(const struct ip_job *job, size_t glen)
{
	const struct ip_buf *regs = ip_job_input(job, IP_BUF_REGISTERS);
	unsigned n = 0;
	for (unsigned k = 0; k < A3XX_FULL_REGS; k++)
		n += (unsigned)is_pointer(planted_full(regs, k), glen);
	return n;
}

static void records(const struct ip_job *job, struct ip_harness_regs *plantable,
                    struct ip_harness_regs *observable)
{
	(void)job;
	memset(plantable, 0, sizeof *plantable);
	memset(observable, 0, sizeof *observable);
	for (unsigned k = 0; k < HALF_RECORDS_END; k++) {
		plantable->bits[k / 64] |= UINT64_C(1) << (k % 64);
		if (k != ADDR_RECORD)
			observable->bits[k / 64] |= UINT64_C(1) << (k % 64);
	}
}

static const char *check(const struct ip_job *job, const struct ip_result *res)
{
	size_t consts = (in_len(job, IP_BUF_UNIFORMS) + 15) / 16 + C_VEC4S;
	if (job->limits.invocations > 1 || in_len(job, IP_BUF_REGISTERS) > A3XX_REGS_BYTES)
		return why_invocations;
	if (!job->code_len || job->code_len % A3XX_INSTR_BYTES)
		return why_words;
	if (job->code_len / A3XX_INSTR_BYTES + PRO_INSTRS + EPI_INSTRS > MAX_INSTRS)
		return why_code;
	if (consts > MAX_CONST_VEC4)
		return why_consts;
	if (pointers(job, global_len(job, res)) > MAX_POINTERS)
		return why_pointers;
	return NULL;
}

/* ---- code --------------------------------------------------------------------------------- */

struct emit {
	uint8_t *code;
	size_t n;             /* instructions written */
	const char *why;      /* the encoder's complaint, if any */
};

static void put(struct emit *e, const struct a3xx_ins *ins)
{
	ip_word w;
	int which;
	const char *why;
	if (a3xx_encode(ins, &w, &why, &which) != 0) {
		if (!e->why)
			e->why = why;
		w = a3xx_defaults(0); /* a nop keeps the count; the wrap fails */
	}
	ip_word_to_bytes(&w, e->code + A3XX_INSTR_BYTES * e->n++, A3XX_INSTR_BYTES);
}

static struct a3xx_opnd reg(unsigned idx, int half)
{
	return (struct a3xx_opnd){.kind = A3XX_OPND_REG, .half = (uint8_t)half, .val = idx};
}

static struct a3xx_opnd cnst(unsigned idx, int r)
{
	return (struct a3xx_opnd){.kind = A3XX_OPND_CONST, .r = (uint8_t)r, .val = idx};
}

static struct a3xx_opnd imm(int64_t v)
{
	return (struct a3xx_opnd){.kind = A3XX_OPND_IMM, .val = v};
}

/* cat1: (rptN)mov/cov dst, src with the given types and flags. */
static void move(struct emit *e, unsigned rpt, struct a3xx_opnd dst, unsigned dst_type,
                 struct a3xx_opnd src, unsigned src_type, int sync, int ul)
{
	struct a3xx_ins ins;
	memset(&ins, 0, sizeof ins);
	ins.cat = 1;
	ins.f.rpt = (uint8_t)rpt;
	ins.f.sy = ins.f.ss = (uint8_t)sync;
	ins.f.ul = (uint8_t)ul;
	ins.dst = dst;
	ins.dst.half = (uint8_t)a3xx_type_half(dst_type);
	ins.src[0] = src;
	if (src.kind != A3XX_OPND_IMM)
		ins.src[0].half = (uint8_t)a3xx_type_half(src_type);
	ins.nsrc = 1;
	ins.dst_type = (uint8_t)dst_type;
	ins.src_type = (uint8_t)src_type;
	put(e, &ins);
}

static void nops(struct emit *e, unsigned slots)
{
	struct a3xx_ins ins;
	memset(&ins, 0, sizeof ins);
	ins.cat = 0;
	ins.opc = A3XX_OPC0_NOP;
	ins.f.rpt = (uint8_t)(slots - 1);
	put(e, &ins);
}

/* stg.T g[r47.w + off], src, n */
static void store(struct emit *e, int half, unsigned src, unsigned n, int32_t off)
{
	struct a3xx_ins ins;
	memset(&ins, 0, sizeof ins);
	ins.cat = 6;
	ins.opc = A3XX_OPC6_STG;
	ins.type = half ? A3XX_U16 : A3XX_U32;
	ins.dst = reg(ADDR_REG, 0);
	ins.dst_offset = off;
	ins.has_dst_offset = 1;
	ins.src[0] = reg(src, half);
	ins.src[1] = imm(n);
	ins.nsrc = 2;
	put(e, &ins);
}

/* The prologue: a0.x 0 (relative addressing then off, as a simulator run starts), r0-r47 and
 * hr0-hr47 four at a time from the image in the const file, p0.x-w the truth of theirs (as
 * Mesa's ir3 writes predicates: cmps.s.ne against 0), and the three slots an ALU result needs
 * before the variant reads it. base: the first harness const, in scalar consts. */
static void prologue(struct emit *e, unsigned base)
{
	struct a3xx_ins ins;
	uint64_t ne = 0;
	move(e, 0, reg(A3XX_REG_A0 * 4, 0), A3XX_S16, imm(0), A3XX_S16, 0, 0);
	for (unsigned r = 0; r < A3XX_FULL_REGS / 4; r++)
		move(e, 3, reg(4 * r, 0), A3XX_U32, cnst(base + 4 * (C_FULL + r), 1), A3XX_U32, 0,
		     r == 0);
	for (unsigned r = 0; r < A3XX_HALF_REGS / 4; r++)
		move(e, 3, reg(4 * r, 1), A3XX_U16, cnst(base + 4 * (C_HALF + r), 1), A3XX_U32, 0,
		     0);
	ip_enum_value(a3xx_field(2, A2_COND)->enums, "ne", &ne);
	for (unsigned c = 0; c < 4; c++) {
		memset(&ins, 0, sizeof ins);
		ins.cat = 2;
		ins.opc = A3XX_OPC2_CMPS_S;
		ins.cond = (uint8_t)ne;
		ins.dst = reg(A3XX_REG_P0 * 4 + c, 0);
		ins.src[0] = cnst(base + 4 * C_P0 + c, 0);
		ins.src[1] = imm(0);
		ins.nsrc = 2;
		put(e, &ins);
	}
	nops(e, 2);
}

/* The epilogue: (sy)(ss) lands the variant's texture, global-load and cat4 results, the store
 * address goes to r47.w, three slots pass (the variant's last ALU results and the address land),
 * then r0-r46 and hr0-hr47 are stored four at a time, r47.w last, and the program ends. */
static void epilogue(struct emit *e, unsigned base)
{
	struct a3xx_ins ins;
	move(e, 0, reg(ADDR_REG, 0), A3XX_U32, cnst(base + 4 * C_ADDR, 0), A3XX_U32, 1, 0);
	nops(e, 2);
	for (unsigned r = 0; r < 47; r++)
		store(e, 0, 4 * r, 4, (int32_t)(16 * r));
	for (unsigned r = 0; r < A3XX_HALF_REGS / 4; r++)
		store(e, 1, 4 * r, 4, (int32_t)(A3XX_REGS_HALF_AT + 8 * r));
	store(e, 0, ADDR_REG, 1, MARKER_AT);
	memset(&ins, 0, sizeof ins);
	ins.cat = 0;
	ins.opc = A3XX_OPC0_END;
	put(e, &ins);
}

/* The variant's words, each `end` (category 0, opcode end) made a jump to the epilogue with its
 * other bits kept. */
static void variant(struct emit *e, const struct ip_job *job, size_t epi_at)
{
	size_t n = job->code_len / A3XX_INSTR_BYTES;
	for (size_t i = 0; i < n; i++) {
		ip_word w = ip_word_from_bytes(job->code + A3XX_INSTR_BYTES * i, A3XX_INSTR_BYTES);
		if (a3xx_get(&w, 0, A0_CAT) == 0 && a3xx_get(&w, 0, A0_OPC) == A3XX_OPC0_END) {
			a3xx_set(&w, 0, A0_OPC, A3XX_OPC0_JUMP);
			a3xx_set(&w, 0, A0_IMMED, (uint64_t)(int64_t)(epi_at - e->n));
		}
		ip_word_to_bytes(&w, e->code + A3XX_INSTR_BYTES * e->n++, A3XX_INSTR_BYTES);
	}
}

/* ---- wrap ---------------------------------------------------------------------------------- */

static int wrap(struct ip_harness_work *w, const struct ip_job *job, const struct ip_result *res,
                struct ip_diag *d)
{
	const struct ip_buf *regs = ip_job_input(job, IP_BUF_REGISTERS);
	const struct ip_buf *u = ip_job_input(job, IP_BUF_UNIFORMS);
	const char *why = check(job, res);
	size_t glen = global_len(job, res), area = align16(glen), ulen = u ? u->len : 0;
	size_t base_vec4 = (ulen + 15) / 16, ninstr = job->code_len / A3XX_INSTR_BYTES;
	unsigned base = (unsigned)(4 * base_vec4);
	uint8_t *consts, *global;
	struct emit e;

	ip_harness_work_reset(w, &a3xx_harness);
	if (why)
		return ip_diag_plain(d, "a3xx harness: %s", why);
	/* inputs: the const file (the job's, then the harness's), global memory with the store
	 * area after the job's own, and every other input as it is */
	consts = ip_harness_input(w, IP_BUF_UNIFORMS, 16 * (base_vec4 + C_VEC4S));
	global = consts ? ip_harness_input(w, IP_BUF_GLOBAL, area + AREA_BYTES) : NULL;
	if (!global)
		return ip_diag_plain(d, "out of memory");
	if (ulen)
		memcpy(consts, u->data, ulen);
	if (in_len(job, IP_BUF_GLOBAL))
		memcpy(global, ip_job_input(job, IP_BUF_GLOBAL)->data, in_len(job, IP_BUF_GLOBAL));
	for (unsigned i = 0; i < job->ninputs; i++) {
		const struct ip_buf *b = &job->inputs[i];
		uint8_t *copy;
		if (b->role == IP_BUF_UNIFORMS || b->role == IP_BUF_GLOBAL ||
		    b->role == IP_BUF_REGISTERS)
			continue;
		if (!(copy = ip_harness_input(w, b->role, b->len)))
			return ip_diag_plain(d, "out of memory");
		memcpy(copy, b->data, b->len);
	}
	for (unsigned k = 0; k < A3XX_FULL_REGS; k++) {
		uint32_t v = planted_full(regs, k);
		size_t at = (size_t)4 * (base + 4 * C_FULL + k);
		ip_put_le32(consts + at, v);
		if (is_pointer(v, glen) &&
		    ip_harness_address(w, IP_BUF_UNIFORMS, at, 4, IP_BUF_GLOBAL,
		                       v - A3XX_SIM_GLOBAL_BASE, v))
			return ip_diag_plain(d, "a3xx harness: %s", why_pointers);
	}
	for (unsigned k = 0; k < A3XX_HALF_REGS; k++)
		ip_put_le32(consts + 4 * ((size_t)base + 4 * C_HALF + k),
		            planted_word(regs, A3XX_REGS_HALF_AT + 2 * (size_t)k, 2));
	for (unsigned c = 0; c < 4; c++)
		ip_put_le32(consts + 4 * ((size_t)base + 4 * C_P0 + c),
		            planted_word(regs, A3XX_REGS_P0_AT + 4 * (size_t)c, 4));
	if (ip_harness_address(w, IP_BUF_UNIFORMS, (size_t)4 * (base + 4 * C_ADDR), 4, IP_BUF_GLOBAL,
	                       area, A3XX_SIM_GLOBAL_BASE + area))
		return ip_diag_plain(d, "a3xx harness: no room for the store address");
	/* outputs: global memory with the store area; the others as the job has them */
	if (!ip_harness_output(w, IP_BUF_GLOBAL, area + AREA_BYTES))
		return ip_diag_plain(d, "out of memory");
	for (unsigned i = 0; res && i < res->noutputs; i++) {
		const struct ip_out_buf *o = &res->outputs[i];
		if (o->role == IP_BUF_GLOBAL || o->role == IP_BUF_REGISTERS)
			continue;
		if (!ip_harness_output(w, o->role, o->cap))
			return ip_diag_plain(d, "out of memory");
	}
	/* code: prologue, the variant, epilogue */
	e.code = ip_harness_code(w, A3XX_INSTR_BYTES * (PRO_INSTRS + ninstr + EPI_INSTRS));
	e.n = 0;
	e.why = NULL;
	if (!e.code)
		return ip_diag_plain(d, "out of memory");
	prologue(&e, base);
	w->variant_at = A3XX_INSTR_BYTES * e.n;
	w->variant_len = job->code_len;
	variant(&e, job, PRO_INSTRS + ninstr);
	epilogue(&e, base);
	if (e.why || e.n != PRO_INSTRS + ninstr + EPI_INSTRS)
		return ip_diag_plain(d, "a3xx harness: the encoder refused the harness's code (%s)",
		                     e.why ? e.why : "wrong length");
	w->job.limits.invocations = 1;
	w->job.limits.budget = job->limits.budget ? job->limits.budget + PRO_SLOTS + EPI_SLOTS : 0;
	w->job.uniform_regs = job->uniform_regs;
	return 0;
}

/* ---- unwrap ------------------------------------------------------------------------------ */

static const struct ip_out_buf *wrapped_output(const struct ip_harness_work *w,
                                               enum ip_buf_role role)
{
	for (unsigned i = 0; i < w->res.noutputs; i++)
		if (w->res.outputs[i].role == role)
			return &w->res.outputs[i];
	return NULL;
}

/* The registers output from the store area: r0-r46 and hr0-hr47; r47, a0.x and p0 zero. A
 * register holding the GPU address of a byte of the job's global buffer reads as the
 * simulator's address of that byte (the prologue planted pointers the same way). */
static void rebuild_registers(struct ip_out_buf *o, const uint8_t *area, size_t area_at,
                              size_t glen)
{
	uint8_t file[A3XX_REGS_BYTES];
	uint32_t gpu_base = ip_le32(area + MARKER_AT) - (uint32_t)area_at;
	memset(file, 0, sizeof file);
	memcpy(file, area, AREA_BYTES);
	memset(file + RECORD_BYTES * ADDR_RECORD, 0, RECORD_BYTES);
	for (unsigned k = 0; glen && k < A3XX_FULL_REGS; k++) {
		uint32_t v = ip_le32(file + 4 * k);
		if (v >= gpu_base && v - gpu_base <= glen)
			ip_put_le32(file + 4 * k, v - gpu_base + A3XX_SIM_GLOBAL_BASE);
	}
	memset(o->data, 0, o->cap);
	memcpy(o->data, file, o->cap < sizeof file ? o->cap : sizeof file);
	o->len = o->cap;
}

static void unwrap(const struct ip_harness_work *w, const struct ip_job *job,
                   struct ip_result *res)
{
	const struct ip_out_buf *g = wrapped_output(w, IP_BUF_GLOBAL);
	size_t glen = global_len(job, res), area_at = align16(glen);
	size_t vend = w->variant_at + w->variant_len;
	int reached = g && g->len >= area_at + AREA_BYTES && ip_le32(g->data + area_at + MARKER_AT);
	uint64_t overhead = PRO_SLOTS + (reached ? EPI_SLOTS : 0);

	res->status = w->res.status;
	res->fault = w->res.fault;
	res->invocation = w->res.invocation;
	res->why = w->res.why;
	res->steps = w->res.steps > overhead ? w->res.steps - overhead : 0;
	res->where = w->res.where < w->variant_at ? 0
	             : w->res.where >= vend       ? (uint32_t)w->variant_len
	                                          : (uint32_t)(w->res.where - w->variant_at);
	for (unsigned i = 0; i < res->noutputs; i++) {
		struct ip_out_buf *o = &res->outputs[i];
		const struct ip_out_buf *from;
		o->len = 0;
		if (o->role == IP_BUF_REGISTERS) {
			if (reached)
				rebuild_registers(o, g->data + area_at, area_at, glen);
			continue;
		}
		if (!(from = wrapped_output(w, o->role)))
			continue;
		o->len = from->len < o->cap ? from->len : o->cap;
		memcpy(o->data, from->data, o->len);
	}
}

/* What lies where in the wrapped job's const file and global buffer (the dry run). */
static void describe(const struct ip_harness_work *w, const struct ip_job *job, FILE *out)
{
	const struct ip_buf *u = ip_job_input(&w->job, IP_BUF_UNIFORMS);
	const struct ip_buf *g = ip_job_input(&w->job, IP_BUF_GLOBAL);
	size_t base = (in_len(job, IP_BUF_UNIFORMS) + 15) / 16, area;
	if (!u || !g || g->len < AREA_BYTES)
		return;
	area = g->len - AREA_BYTES;
	fprintf(out, "uniforms: %zu vec4: ", u->len / 16);
	if (base)
		fprintf(out, "c0-c%zu the job's, ", base - 1);
	fprintf(out, "c%zu-c%zu r0-r47's image, c%zu-c%zu hr0-hr47's (one per 32-bit word), c%zu "
	             "p0.x-w, c%zu.x the store address (the global buffer's + %zu)",
	        base + C_FULL, base + C_HALF - 1, base + C_HALF, base + C_P0 - 1, base + C_P0,
	        base + C_ADDR, area);
	if (w->naddrs > 1)
		fprintf(out, "; the consts of %u planted register%s pointing into the global buffer "
		             "are addresses too",
		        w->naddrs - 1, w->naddrs > 2 ? "s" : "");
	fprintf(out, "\nglobal: %zu bytes: ", g->len);
	if (area)
		fprintf(out, "0-%zu the job's, ", area - 1);
	fprintf(out, "%zu-%zu the store area (r0-r46 at +0, hr0-hr47 at +%u, the done mark at +%u)\n",
	        area, area + AREA_BYTES - 1, A3XX_REGS_HALF_AT, MARKER_AT);
}

/* Named in the ISA's descriptor (encoders/<isa>/<isa>_isa.c, `.harness`). */
const struct ip_harness a3xx_harness = {
	.reserved = "r47 (r47.w: the epilogue's store address; the registers role's 16-byte "
	            "record r47 with it), a0.x and p0.x-w (no instruction stores them); no register "
	            "is preloaded in a vertex shader that fetches no attributes",
	.records = records,
	.check = check,
	.wrap = wrap,
	.unwrap = unwrap,
	.describe = describe,
};
