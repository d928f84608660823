/* test_bifrost_sim.c: the Bifrost simulator against the notes: register-stage timing (writes
 * land during the next instruction, the first instruction carries the last one's writes),
 * passthrough, the uniform/const port, clause flow with divergence and reconvergence,
 * LOAD/STORE, header bits, and the statuses for what is not modelled. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bifrost_sim_run.h"
#include "check.h"

/* Writes of instruction i land during instruction i+1's register stage (a read there still
 * sees the old value); the first instruction's writes land after the last instruction. */
static void test_timing(void)
{
	struct io io;
	memset(&io, 0, sizeof io);
	io.regs_in[0][0] = 0x100;
	io.regs_in[0][5] = 0x555;
	io.regs_in[0][6] = 0x666;
	CHECK(run("clause {\n"
	          "\treg read=r0 wfma=r6 first=1\n"  /* the last FMA result goes to r6, at the end */
	          "\tfma MOV src0=p0\n"               /* T0 = r0 */
	          "\treg read=r5 wfma=r5\n"           /* writes r5 = 0x100 while reading the old r5 */
	          "\tfma MOV src0=p0\n"               /* T0 = 0x555 */
	          "\treg read=r5 read=r6 wfma=r7\n"   /* r7 = 0x555; reads the new r5, the old r6 */
	          "\tfma MOV src0=p0\n"               /* T0 = 0x100 */
	          "\tadd MOV src0=p1\n"               /* T1 = 0x666 */
	          "\treg wadd=r8\n"                   /* r8 = 0x666 */
	          "\tfma ADD.i32 src0=t0 src1=t0\n"   /* 0x200 -> r6 at the end */
	          "}\n",
	          &io) == IP_STATUS_OK,
	      "timing: %s", io.res.why ? io.res.why : "");
	CHECK(io.regs[0][5] == 0x100, "r5 = 0x%x", io.regs[0][5]);
	CHECK(io.regs[0][7] == 0x555, "r7 = 0x%x (the read beside the write saw the old r5)", io.regs[0][7]);
	CHECK(io.regs[0][8] == 0x666, "r8 = 0x%x (r6 not yet written)", io.regs[0][8]);
	CHECK(io.regs[0][6] == 0x200, "r6 = 0x%x (the first instruction's write, at the end)", io.regs[0][6]);
}

/* Uniform pairs, embedded constants with their low 4 bits in the instruction, ADD's T source. */
static void test_uniform_const(void)
{
	static uint32_t uniforms[40];
	struct io io;
	for (unsigned i = 0; i < 40; i++)
		uniforms[i] = 0xA0000000u + i;
	memset(&io, 0, sizeof io);
	io.uniforms = uniforms;
	io.nuniforms = 40;
	CHECK(run("clause {\n"
	          "\treg uc_sel=ublk0 uniform_lo=1 ctrl=first\n" /* pair 1: uniforms 2 and 3 */
	          "\tfma MOV src0=uc_lo\n"
	          "\tadd MOV src0=uc_hi\n"
	          "\treg wfma=r1 wadd=r2 uc_sel=ublk1 uniform_lo=0\n" /* pair 16: 32 and 33 */
	          "\tfma MOV src0=uc_hi\n"
	          "\tadd ADD.i32 src0=t src1=uc_lo\n"              /* T (this FMA) + uniform 32 */
	          "\treg wfma=r3 wadd=r4 uc_sel=c0 const_lo=7\n"  /* slot << 4 | 7 = 0x123456789abcdef7 */
	          "\tfma MOV src0=uc_lo\n"
	          "\tadd MOV src0=uc_hi\n"
	          "\treg wfma=r5 wadd=r6\n"
	          "\tconst 0x123456789abcdef\n"
	          "}\n",
	          &io) == IP_STATUS_OK,
	      "uniforms: %s", io.res.why ? io.res.why : "");
	CHECK(io.regs[0][1] == 0xA0000002 && io.regs[0][2] == 0xA0000003, "pair 1: %x %x",
	      io.regs[0][1], io.regs[0][2]);
	CHECK(io.regs[0][3] == 0xA0000021, "uniform 33: %x", io.regs[0][3]);
	CHECK(io.regs[0][4] == 0xA0000021u + 0xA0000020u, "T + uniform 32: %x", io.regs[0][4]);
	CHECK(io.regs[0][5] == 0x9abcdef7 && io.regs[0][6] == 0x12345678, "constant: %x %x",
	      io.regs[0][5], io.regs[0][6]);
}

/* Two clauses run in order; the one without no_eos ends the shader. */
static void test_clause_flow(void)
{
	struct io io;
	memset(&io, 0, sizeof io);
	io.regs_in[0][0] = 41;
	CHECK(run("clause no_eos=1 back_to_back=1 branch_cond=1 {\n"
	          "\treg read=r0 wfma=r1 first=1 uc_sel=c0 const_lo=1\n"
	          "\tfma ADD.i32 src0=p0 src1=uc_lo\n"
	          "\tconst 0\n"
	          "}\n"
	          "clause {\n"
	          "\treg read=r1 wfma=r2 first=1\n"
	          "\tfma ADD.i32 src0=p0 src1=p0\n"
	          "}\n"
	          "clause {\n"
	          "\treg read=r1 wfma=r3 first=1\n"
	          "\tfma MOV src0=p0\n"
	          "}\n",
	          &io) == IP_STATUS_OK,
	      "flow: %s", io.res.why ? io.res.why : "");
	CHECK(io.regs[0][1] == 42 && io.regs[0][2] == 84, "r1 %u r2 %u", io.regs[0][1], io.regs[0][2]);
	CHECK(io.regs[0][3] == 0, "the clause after the end of the shader did not run");
	CHECK(io.res.steps == 2, "%llu clauses ran", (unsigned long long)io.res.steps);
}

/* A conditional branch splits a quad; the lanes reconverge at the minimum IP, so the join
 * clause runs once for all of them. */
static void test_divergence(void)
{
	static const uint32_t r0[4] = {5, 20, 3, 30};
	struct io io;
	memset(&io, 0, sizeof io);
	io.invocations = 4;
	for (unsigned l = 0; l < 4; l++) {
		io.regs_in[l][0] = r0[l];
		io.regs_in[l][10] = 10;
	}
	/* The branch target the way Mesa packs it (bi_pack.c): the byte offset in the high half of
	 * a constant whose modifier is PC_HI: the pair's top 4 bits 0 and 0xC give M1 = (0 - 0xC)
	 * mod 16 = 4. */
	CHECK(run("clause no_eos=1 branch_cond=1 {\n"     /* byte 0: 2 quadwords */
	          "\treg read=r0 read=r10 ctrl=first uc_sel=c0 const_lo=0\n"
	          "\tfma NOP\n"
	          "\tadd BRANCH src0=p0 src1=p1 cond=0 size=0 offset_src=uc_hi\n" /* r0 < r10 */
	          "\tconst 0x400000000\n"                  /* 64 bytes: to the third clause */
	          "\tconst 0xC00000000000000\n"
	          "}\n"
	          "clause no_eos=1 branch_cond=1 {\n"     /* byte 32: fallthrough lanes only */
	          "\treg wfma=r1 first=1 uc_sel=c0 const_lo=0xf\n"
	          "\tfma MOV src0=uc_lo\n"
	          "\tconst 6\n"                            /* 0x6f = 111 */
	          "}\n"
	          "clause {\n"                             /* byte 64: the join */
	          "\treg read=r2 wfma=r2 first=1 uc_sel=c0 const_lo=1\n"
	          "\tfma ADD.i32 src0=p0 src1=uc_lo\n"
	          "\tconst 0\n"
	          "}\n",
	          &io) == IP_STATUS_OK,
	      "divergence: %s", io.res.why ? io.res.why : "");
	for (unsigned l = 0; l < 4; l++) {
		CHECK(io.regs[l][1] == (r0[l] < 10 ? 0u : 111u), "lane %u: r1 = %u", l, io.regs[l][1]);
		CHECK(io.regs[l][2] == 1, "lane %u: the join ran %u times", l, io.regs[l][2]);
	}
	CHECK(io.res.steps == 3, "%llu clauses for the quad (branch, fallthrough, join)",
	      (unsigned long long)io.res.steps);
}

static void test_load_store(void)
{
	struct io io;
	memset(&io, 0, sizeof io);
	io.use_global = 1;
	for (unsigned i = 0; i < 64; i++)
		io.global[i] = (uint8_t)i;
	CHECK(run("clause no_eos=1 datareg=20 type=ssbo_load {\n"
	          "\treg ctrl=first uc_sel=c0 const_lo=8\n"
	          "\tfma NOP\n"
	          "\tadd LOAD.v2i32 src0=uc_lo src1=uc_hi\n" /* address 8 */
	          "\tconst 0\n"
	          "}\n"
	          "clause datareg=20 type=ssbo_store {\n"
	          "\treg ctrl=first uc_sel=c0 const_lo=0\n"
	          "\tfma NOP\n"
	          "\tadd STORE.v2i32 src0=uc_lo src1=uc_hi\n" /* address 32 */
	          "\tconst 2\n"
	          "}\n",
	          &io) == IP_STATUS_OK,
	      "load/store: %s", io.res.why ? io.res.why : "");
	CHECK(io.regs[0][20] == 0x0b0a0908 && io.regs[0][21] == 0x0f0e0d0c, "loaded %08x %08x",
	      io.regs[0][20], io.regs[0][21]);
	for (unsigned i = 0; i < 8; i++)
		CHECK(io.global[32 + i] == 8 + i, "stored byte %u = %u", i, io.global[32 + i]);
	CHECK(io.global[40] == 40, "nothing else stored");
	/* outside the buffer: a fault */
	memset(&io, 0, sizeof io);
	io.use_global = 1;
	CHECK(run("clause datareg=20 {\n"
	          "\treg ctrl=first uc_sel=c0 const_lo=0\n"
	          "\tadd LOAD.i32 src0=uc_lo src1=uc_hi\n"
	          "\tconst 0x40\n"                          /* 1024 */
	          "}\n",
	          &io) == IP_STATUS_FAULT && io.res.fault == 0x60,
	      "out of range: status %d fault 0x%x", io.res.status, io.res.fault);
}

static void test_header_bits(void)
{
	struct io io;
	const char *nan_src = "clause suppress_nan=%d {\n"
	                      "\treg read=r0 read=r1 wfma=r2 first=1\n"
	                      "\tfma ADD.f32 src0=p0 src1=p1\n"
	                      "}\n";
	char src[256];
	for (int s = 0; s < 2; s++) {
		memset(&io, 0, sizeof io);
		io.regs_in[0][0] = ip_f32_bits(INFINITY);
		io.regs_in[0][1] = ip_f32_bits(-INFINITY);
		snprintf(src, sizeof src, nan_src, s);
		CHECK(run(src, &io) == IP_STATUS_OK, "suppress_nan %d", s);
		CHECK(s ? io.regs[0][2] == 0 : (io.regs[0][2] & 0x7fffffff) > 0x7f800000,
		      "inf - inf with suppress_nan=%d: 0x%08x", s, io.regs[0][2]);
	}
	memset(&io, 0, sizeof io);
	io.regs_in[0][0] = ip_f32_bits(1e30f);
	CHECK(run("clause suppress_inf=1 {\n"
	          "\treg read=r0 wfma=r2 first=1\n"
	          "\tfma FMA.f32 src0=p0 src1=p0 src2=zero\n"
	          "}\n",
	          &io) == IP_STATUS_OK &&
	          io.regs[0][2] == 0x7f7fffff,
	      "suppress_inf: 0x%08x", io.regs[0][2]);
	memset(&io, 0, sizeof io);
	CHECK(run("clause unk13=1 {\n\treg ctrl=first\n}\n", &io) == IP_STATUS_UNMODELED,
	      "unknown header bits are unmodelled");
	memset(&io, 0, sizeof io);
	CHECK(run("clause type=b64 {\n\treg\n}\n", &io) == IP_STATUS_UNMODELED, "64-bit clause");
	/* constants 0x7... then 0x1...: the notes' restriction is broken; Mesa reads M1 = 6: the
	 * first constant is PC-relative (PC_LO). Unread, nothing happens; read, its value depends
	 * on the code's address: unmodelled. */
	memset(&io, 0, sizeof io);
	CHECK(run("clause {\n\treg ctrl=first\n\tconst 0x700000000000000\n"
	          "\tconst 0x100000000000000\n}\n", &io) == IP_STATUS_OK,
	      "a PC-relative constant nobody reads");
	memset(&io, 0, sizeof io);
	CHECK(run("clause {\n\treg wfma=r1 first=1 uc_sel=c0 const_lo=0\n\tfma MOV src0=uc_lo\n"
	          "\tconst 0x700000000000000\n\tconst 0x100000000000000\n}\n", &io) ==
	          IP_STATUS_UNMODELED,
	      "reading a PC-relative constant");
	memset(&io, 0, sizeof io);
	CHECK(run("clause {\n\treg wfma=r1 first=1 uc_sel=c1 const_lo=0\n\tfma MOV src0=uc_lo\n"
	          "\tconst 0x700000000000000\n\tconst 0x100000000000123\n}\n", &io) ==
	              IP_STATUS_OK &&
	          io.regs[0][1] == 0x1230,
	      "the pair's second constant is plain (M1 = 6: PC_LO, NONE): 0x%x", io.regs[0][1]);
}

/* FMA-unit float bits 9-11 select binary16 halves (2: src1 high half, 3: both low halves) */
static void test_half_selects(void)
{
	struct io io;
	memset(&io, 0, sizeof io);
	io.regs_in[0][0] = ip_f32_bits(3.0f);
	io.regs_in[0][1] = 0x40003c00; /* high half 2.0, low half 1.0 (binary16) */
	io.regs_in[0][2] = ip_f32_bits(0.5f);
	CHECK(run("clause {\n"
	          "\treg read=r0 read=r1 read=r2 first=1\n"
	          "\tfma FMA.f32 src0=p0 src1=p1 src2=p2 unk9=2\n" /* 3 * 2 + 0.5 */
	          "\treg wfma=r3\n"
	          "\tfma NOP\n"
	          "}\n",
	          &io) == IP_STATUS_OK,
	      "half select: %s", io.res.why ? io.res.why : "");
	CHECK(io.regs[0][3] == ip_f32_bits(6.5f), "3 * high half + 0.5: 0x%08x", io.regs[0][3]);
	/* ADD bits 9-10: 2 reads src1's high half, 3 both low halves */
	memset(&io, 0, sizeof io);
	io.regs_in[0][0] = ip_f32_bits(3.0f);
	io.regs_in[0][1] = 0x40003c00;
	CHECK(run("clause {\n"
	          "\treg read=r0 read=r1 wadd=r2 first=1\n"
	          "\tadd ADD.f32 src0=p0 src1=p1 unk9=2\n"   /* 3 + 2 */
	          "\treg read=r1 wadd=r3\n"
	          "\tadd ADD.f32 src0=p0 src1=p0 unk9=3\n"   /* 1 + 1 */
	          "}\n",
	          &io) == IP_STATUS_OK,
	      "ADD half selects: %s", io.res.why ? io.res.why : "");
	CHECK(io.regs[0][3] == ip_f32_bits(5.0f), "3 + high half: 0x%08x", io.regs[0][3]);
	CHECK(io.regs[0][2] == ip_f32_bits(2.0f), "low half + low half: 0x%08x", io.regs[0][2]);
}

/* v2f16: two binary16 lanes, swizzles (lane 0 takes half swz & 1, lane 1 half swz >> 1) */
static void test_v2f16(void)
{
	struct io io;
	memset(&io, 0, sizeof io);
	io.regs_in[0][0] = 0x40003c00; /* (1.0, 2.0) */
	io.regs_in[0][1] = 0x38004200; /* (3.0, 0.5) */
	io.regs_in[0][2] = 0xbc003400; /* (0.25, -1.0) */
	CHECK(run("clause {\n"
	          "\treg read=r0 read=r1 read=r2 first=1\n"
	          "\tfma FMA.v2f16 src0=p0 src1=p1 src2=p2\n"     /* (3.25, 0) */
	          "\treg read=r0 read=r1 wfma=r3\n"
	          "\tfma ADD.v2f16 src0=p0 swz0=yx src1=p1\n"     /* (2 + 3, 1 + 0.5) */
	          "\treg wfma=r4\n"
	          "}\n",
	          &io) == IP_STATUS_OK,
	      "v2f16: %s", io.res.why ? io.res.why : "");
	CHECK(io.regs[0][3] == 0x00004280, "FMA.v2f16: 0x%08x", io.regs[0][3]);
	CHECK(io.regs[0][4] == 0x3e004500, "ADD.v2f16 with yx: 0x%08x", io.regs[0][4]);
}

static void test_statuses(void)
{
	struct io io;
	memset(&io, 0, sizeof io);
	CHECK(run("clause {\n\treg\n\treg ctrl=9\n}\n", &io) == IP_STATUS_UNMODELED,
	      "a reserved register mode (9 + 16 = 25: port 2 == port 3)");
	memset(&io, 0, sizeof io);
	io.budget = 50;
	CHECK(run("clause no_eos=1 branch_cond=1 {\n"
	          "\treg ctrl=first uc_sel=c0 const_lo=0\n"
	          "\tadd BRANCH src0=p0 src1=p1 cond=7 size=7 offset_src=uc_hi\n"
	          "\tconst 0\n"
	          "\tconst 0xC00000000000000\n"           /* M1 = 4: constant 0 is PC_HI */
	          "}\n",
	          &io) == IP_STATUS_TIMEOUT,
	      "a clause branching to itself runs out of budget: %d", io.res.status);
	memset(&io, 0, sizeof io);
	CHECK(run("clause no_eos=1 {\n\treg ctrl=first\n}\n", &io) == IP_STATUS_FAULT &&
	          io.res.fault == 0x50,
	      "running past the last clause faults");
	memset(&io, 0, sizeof io);
	CHECK(run("clause {\n\treg ctrl=first\n\tadd LD_VAR.32 src0=p0\n}\n", &io) ==
	          IP_STATUS_UNMODELED,
	      "varying interpolation is not modelled");
}

/* Makes a random clause plausible: no unknown header bits, 32-bit, register fields the way
 * Mesa packs them, opcodes ISA.xml has, constants without PC-relative modifiers. */
static void tame(uint64_t *rng, struct ip_program *p)
{
	static const char *const clear[] = {"unk0", "ftz", "float_exc", "unk13", "unk39", "unk44",
	                                    "type"};
	for (size_t c = 0; c < p->nbundles; c++) {
		struct ip_bundle *b = &p->bundles[c];
		for (unsigned k = 0; k < IP_COUNT(clear); k++)
			ip_field_set(ip_format_field(&bifrost_header, clear[k]), &b->slots[0].value, 0);
		ip_field_set(ip_format_field(&bifrost_header, "no_eos"), &b->slots[0].value,
		             c + 1 < p->nbundles);
		bifrost_clause_retype(b);
		for (unsigned i = 0; i < b->kind; i++) {
			struct ip_slot *reg = bifrost_slot(b, BIFROST_ROLE_REG, i);
			struct ip_slot *unit[2] = {bifrost_slot(b, BIFROST_ROLE_FMA, i),
			                           bifrost_slot(b, BIFROST_ROLE_ADD, i)};
			unsigned reads[3] = {(unsigned)(test_rand(rng) % 64), (unsigned)(test_rand(rng) % 64),
			                     (unsigned)(test_rand(rng) % 64)};
			unsigned nreads = (unsigned)(test_rand(rng) % 3);
			int wf = test_rand(rng) % 2 ? (int)(test_rand(rng) % 64) : -1;
			if (nreads == 2 && reads[0] == reads[1])
				nreads = 1;
			bifrost_reg32_encode(&reg->value, reads, nreads, wf, -1, i == 0);
			ip_field_set(ip_format_field(&bifrost_reg32, "uc_sel"), &reg->value,
			             test_rand(rng) % 2 ? 8 : 4);
			for (int u = 0; u < 2; u++) {
				const struct bifrost_op *t = u ? bifrost_add_ops : bifrost_fma_ops;
				const struct bifrost_op *op;
				do /* opcodes ISA.xml has (the others are unmodelled) */
					op = &t[test_rand(rng) % (u ? bifrost_n_add_ops : bifrost_n_fma_ops)];
				while (op->doc != IP_DOC_KNOWN);
				ip_field_set(ip_format_field(op->fmt, "op"), &unit[u]->value, op->op);
				if (op->src0 >= 0)
					ip_field_set(ip_format_field(op->fmt, "src0"), &unit[u]->value,
					             (uint64_t)op->src0);
			}
		}
		bifrost_clause_retype(b);
		bifrost_fix_const_order(b);
	}
}

/* Random clauses (valid tags, random payload) run to some status: never a crash, and every
 * status is one of the runner's. */
static void test_random_code(void)
{
	static const uint32_t uniforms[8] = {1, 2, 3, 4, 5, 6, 7, 8};
	struct ip_runner_config cfg = {"bifrost", NULL, NULL};
	struct ip_runner *r;
	struct ip_diag d;
	uint64_t rng = 0x5EED;
	unsigned long n = test_scaled(3000);
	unsigned counts[IP_STATUS_COUNT] = {0};
	static uint8_t regs[4 * 256], gmem[64];
	if (ip_runner_open("sim", &cfg, &r, &d) != 0)
		return;
	for (unsigned long i = 0; i < n; i++) {
		uint8_t code[3 * 16 * BIFROST_MAX_QUADWORDS];
		size_t len = 0;
		struct ip_buf in[2] = {{IP_BUF_UNIFORMS, (const uint8_t *)uniforms, sizeof uniforms},
		                       {IP_BUF_GLOBAL, gmem, sizeof gmem}};
		struct ip_out_buf out = {IP_BUF_REGISTERS, regs, sizeof regs, 0};
		struct ip_job job;
		struct ip_result res;
		for (unsigned c = 0; c < 1 + test_rand(&rng) % 3; c++) {
			struct bifrost_qword_plan plan[BIFROST_MAX_QUADWORDS];
			int nq;
			unsigned nn, kk;
			do {
				nn = 1 + (unsigned)(test_rand(&rng) % 8);
				kk = (unsigned)(test_rand(&rng) % 8);
			} while ((nq = bifrost_plan(nn, kk, plan)) < 0);
			for (int q = 0; q < nq; q++, len += 16) {
				for (unsigned b = 0; b < 16; b++)
					code[len + b] = (uint8_t)test_rand(&rng);
				code[len] = (uint8_t)((code[len] & ~plan[q].tag_mask) | plan[q].tag);
			}
		}
		if (i % 2) { /* half of them: tamed, so that they run past the first checks */
			struct ip_program p;
			uint8_t *packed = NULL;
			size_t plen = 0;
			if (bifrost_unpack(code, len, &p, &d) == 0) {
				tame(&rng, &p);
				if (bifrost_pack(&p, &packed, &plen, &d) == 0 && plen == len)
					memcpy(code, packed, len);
				free(packed);
				ip_program_free(&p);
			}
		}
		ip_job_init(&job, &res, code, len, in, 2, &out, 1);
		job.limits.invocations = 1 + (uint32_t)(test_rand(&rng) % 6);
		job.limits.budget = 64;
		ip_runner_run(r, &job, &res);
		CHECK(res.status < IP_STATUS_COUNT && res.status != IP_STATUS_RUNNER_ERROR,
		      "status %d", res.status);
		if (res.status < IP_STATUS_COUNT)
			counts[res.status]++;
		CHECK(res.status == IP_STATUS_OK || res.why != NULL, "a status without a reason");
	}
	ip_runner_close(r);
	printf("random code: ok %u, fault %u, invalid %u, timeout %u, unmodeled %u\n",
	       counts[IP_STATUS_OK], counts[IP_STATUS_FAULT], counts[IP_STATUS_INVALID],
	       counts[IP_STATUS_TIMEOUT], counts[IP_STATUS_UNMODELED]);
}

int main(void)
{
	test_timing();
	test_uniform_const();
	test_clause_flow();
	test_divergence();
	test_load_store();
	test_header_bits();
	test_half_selects();
	test_v2f16();
	test_statuses();
	test_random_code();
	return check_report("test_bifrost_sim");
}
