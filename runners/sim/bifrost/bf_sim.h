/* bf_sim.h: the Bifrost reference simulator's internals: decoded clauses (read through the encoder
 * tables), operation kinds, the quad's state, and the per-file entry points. */
#ifndef ISAPROBE_BF_SIM_H
#define ISAPROBE_BF_SIM_H

#include <stdint.h>

#include "bifrost/bifrost.h"
#include "isaprobe/bifrost_sim.h"
#include "isaprobe/runner.h"

/* Mali exception codes (job status bits 7:0) used here. */
enum {
	BF_FAULT_INVALID_PC = 0x50,
	BF_FAULT_INVALID_ENC = 0x51,
	BF_FAULT_DATA = 0x60, /* an access outside the global buffer */
};

/* What an FMA or ADD operation does (the simulator's own classification of the encoder's
 * opcode names; bf_ops.c maps names to kinds once, at open). */
enum bf_kind {
	BF_UNMODELED,
	BF_NOP, BF_MOV,
	BF_FMA, BF_FADD, BF_FMIN, BF_FMAX, BF_FMA_MSCALE, BF_ADD_MSCALE,
	BF_FCMP_GL, BF_FCMP_D3D,
	BF_IADD, BF_ISUB, BF_ICMP, BF_CSEL4, BF_CSEL3, BF_MUX,
	BF_SHIFT_LOGIC, /* three sources: (src0 shifted by src2) op src1 */
	BF_LOGIC2,      /* two sources: src0 op src1 */
	BF_I2F, BF_U2F, BF_F2I, BF_F2U, BF_CLZ, BF_POPCNT,
	BF_FROUND,      /* arg: 0 floor, 1 ceil, 2 trunc, 3 round-even, 4 round-away */
	BF_SPECIAL,     /* arg: enum bf_special */
	BF_ATAN,        /* arg: enum bf_atan */
	BF_V2F16,       /* arg: 0 fma, 1 add, 2 min, 3 max: two binary16 lanes */
	BF_LOAD, BF_STORE, /* arg: 32-bit words */
	BF_BRANCH,
	BF_IMUL,        /* src0 * src1, low 32 bits (ISA.xml *IMUL.i32) */
	BF_IADD_B0,     /* src0 + byte 0 of src1 (ISA.xml +IADD.u32 with lanes1 = b0) */
};

enum bf_special {
	BF_FRCP_FREXPM, BF_FRCP_FREXPE, BF_FRCP_TABLE,
	BF_FSQRT_FREXPM, BF_FSQRT_FREXPE, BF_FRSQ_FREXPE, BF_FRSQ_TABLE,
	BF_LOG_FREXPM, BF_LOG_FREXPE, BF_FRCP_APPROX, BF_FLOG2_TABLE, BF_FLOGE_TABLE,
	BF_EXP_TABLE, BF_FRCP_FAST, BF_FRSQ_FAST,
};

/* Two-source helpers of the notes' atan2 sequence (bf_special.c). */
enum bf_atan { BF_ATAN_ASSIST, BF_ATAN_TABLE, BF_ATAN_LDEXP };

/* Comparison / operator selectors carried in bf_unit.arg2 for ICMP, CSEL, shift-logic. */
enum { BF_CMP_EQ, BF_CMP_GT, BF_CMP_GE, BF_CMP_FEQ, BF_CMP_FGT, BF_CMP_FGE };
enum { BF_SH_LEFT, BF_SH_RIGHT, BF_SH_ARITH };
enum { BF_LOP_AND, BF_LOP_OR, BF_LOP_XOR, BF_LOP_NAND, BF_LOP_NOR, BF_LOP_XNOR, BF_LOP_ADD,
	BF_LOP_SUB, BF_LOP_RSUB };

/* Flush-to-zero modes of the clause header (later public work's names): 0 keeps denormals,
 * 1 (DX11) flushes binary32 denormal operands and results of float arithmetic to a zero of the
 * same sign, 2 (always) binary16 ones as well; 3 (abrupt underflow) is unmodelled. */
enum bf_ftz { BF_FTZ_OFF, BF_FTZ_DX11, BF_FTZ_ALWAYS, BF_FTZ_ABRUPT };

/* One decoded FMA or ADD part. */
struct bf_unit {
	uint8_t kind, arg, arg2, arg3; /* enum bf_kind and its selectors */
	uint8_t nsrc, src[4];          /* source-field values */
	uint8_t abs[4], neg[4];        /* per source */
	uint8_t outmod, mode, mode_sel, cmp, unk_mod; /* unk_mod: undescribed modifier bits set */
	uint8_t expand; /* half-word selects of src0/src1: FMA bits 9-11, or 0x10 | ADD bits 9-10 */
	uint8_t swz[3]; /* v2f16: per source, lane 0 reads half (swz & 1), lane 1 half (swz >> 1) */
	uint8_t neg_product, neg_addend;
	uint8_t br_cond, br_size, br_offset_src;
	/* ISA.xml has the encoding only with source need_src = need_val (0xFF: no condition); with
	 * another value the unit is unmodelled (docs/bifrost-simulator.md) */
	uint8_t need_src, need_val;
	const char *name;              /* the opcode name, or NULL (raw) */
	const char *why;               /* BF_UNMODELED: why, or NULL for the generic reason */
};

struct bf_instr {
	struct bifrost_reg_access regs;
	uint8_t uc;
	struct bf_unit fma, add;
};

struct bf_clause {
	uint32_t offset, bytes;
	unsigned n, nconsts;
	struct bf_instr ins[BIFROST_MAX_INSTRS];
	uint64_t consts[BIFROST_MAX_CONSTS]; /* 60 stored bits */
	uint8_t const_mod[BIFROST_MAX_CONSTS]; /* enum bifrost_constmod (Mesa's PC-relative M) */
	/* header */
	uint8_t no_eos, back_to_back, datareg, type, suppress_nan, suppress_inf;
	uint8_t ftz; /* enum bf_ftz: the header's flush-to-zero mode (bits 5-6) */
	uint8_t unmodeled_header; /* header bits whose effect is not modelled are set */
	const char *header_why;
};

struct bf_program {
	struct bf_clause *clauses;
	size_t n;
};

/* Field pointers into the encoder tables, looked up once. */
struct bf_fields {
	const struct ip_field *h_no_eos, *h_b2b, *h_datareg, *h_type, *h_snan, *h_sinf, *h_ftz,
		*h_fexc, *h_unk0, *h_unk13, *h_unk39, *h_unk44;
};

struct bf_sim {
	struct bf_fields f;
	struct bf_unit *fma_proto, *add_proto; /* per opcode-table entry: its kind, classified once */
	struct bf_program prog;
};

int bf_fields_init(struct bf_fields *f, struct ip_diag *d);
/* Classifies an opcode table entry into u (kind and selectors) by its name. */
void bf_classify(const struct bifrost_op *op, int is_add, struct bf_unit *u);
/* Decodes packed code; 0, or -1 with *why (static text) and *where when it does not unpack. */
int bf_decode(struct bf_sim *sim, const uint8_t *code, size_t len, const char **why,
              uint32_t *where);
void bf_program_free(struct bf_program *p);

/* ---- one quad's state ------------------------------------------------------------------- */
#define BF_REGS 64
#define BF_LANES 4
/* Global memory: a buffer at GPU address base, or (map set) the GPU's address space
 * (include/isaprobe/bifrost_sim.h). */
struct bf_mem {
	uint8_t *data;
	size_t len;
	uint64_t base;
	uint8_t *(*map)(void *ctx, uint64_t va, size_t n, int write);
	void *ctx;
	uint32_t map_fault;
};

struct bf_quad {
	uint32_t r[BF_LANES][BF_REGS];
	uint8_t live;   /* lanes holding an invocation */
	uint8_t done;   /* lanes that reached the end of the shader */
	uint32_t ip[BF_LANES]; /* clause index per lane (the vector IP) */
	const uint32_t *uniforms;
	size_t nuniforms;
	struct bf_mem *global;
	/* why execution stops (first problem wins) */
	uint8_t status, fault;
	const char *why;
	uint32_t where;
};

/* Operation semantics (bf_ops.c): computes one lane's result; s[] are the source values after
 * the register stage. May set q->status (unmodeled). cur_t0 is this instruction's FMA result
 * (for the ADD unit). */
uint32_t bf_exec_unit(const struct bf_unit *u, const uint32_t *s, const struct bf_clause *cl,
                      struct bf_quad *q);
/* Special-function helpers (bf_special.c). */
uint32_t bf_special(unsigned which, uint32_t a);
uint32_t bf_atan(unsigned which, uint32_t a, uint32_t b);
/* Float result post-processing by the header: flush a denormal binary32 result (ftz 1, 2),
 * then suppress NaN (+0) / infinity (largest finite of the same sign). */
uint32_t bf_header_float(const struct bf_clause *cl, uint32_t v);

void bf_stop(struct bf_quad *q, unsigned status, unsigned fault, const char *why);
/* Runs one job (include/isaprobe/bifrost_sim.h); bf_run_job is the sim runner's: the job's
 * buffers by role, global memory at address 0. */
void bf_run_io(struct bf_sim *sim, const struct bifrost_sim_io *io, struct ip_result *res);
void bf_run_job(struct bf_sim *sim, const struct ip_job *job, struct ip_result *res);

#endif
