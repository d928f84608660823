/* mg_sim.h: the Midgard reference simulator's internals: field descriptors taken from the
 * encoder tables, decoded instruction words, the machine state and the per-file entry points. */
#ifndef ISAPROBE_MG_SIM_H
#define ISAPROBE_MG_SIM_H

#include <stdint.h>

#include "common/byteorder.h"
#include "isaprobe/field.h"
#include "isaprobe/runner.h"
#include "midgard/midgard.h"

/* ---- field descriptors: (position, width) copied from the tables once, at open ---------- */
struct mg_fd {
	uint16_t lo;
	uint8_t width;
};

/* Reads a field of a word whose first bit is at bit `base` of the padded code buffer. */
static inline uint32_t mg_get(const uint8_t *code, unsigned base, struct mg_fd f)
{
	unsigned pos = base + f.lo;
	uint64_t v;
	const uint8_t *p = code + pos / 8;
	v = ip_le64(p);
	return (uint32_t)((v >> (pos % 8)) & ((UINT64_C(1) << f.width) - 1));
}

#define MG_IMM_PIECES 6
struct mg_imm_piece {
	struct mg_fd fd;
	uint8_t in_reg; /* the piece is in the register word, not the unit field */
	uint8_t const_lo;
};

struct mg_fields {
	/* ALU control word */
	struct mg_fd ctl_type, ctl_next, ctl_unit[MIDGARD_UNIT_COUNT], ctl_unk[6];
	unsigned ctl_nunk;
	/* register word */
	struct mg_fd reg_src1, reg_src2, reg_dst, reg_imm;
	/* vector ALU */
	struct mg_fd v_op, v_mode, v_abs[2], v_neg[2], v_expand[2], v_swz[2], v_out_size, v_outmod,
		v_mask;
	struct mg_imm_piece v_imm[MG_IMM_PIECES];
	unsigned v_nimm;
	/* scalar ALU */
	struct mg_fd s_op, s_abs[2], s_neg[2], s_full[2], s1_unused11, s1_comp_full, s1_comp_half,
		s1_hsel, s2_lane, s_unk20, s_unk25, s_outmod,
		s_out_full, s_out_unused29, s_out_comp_full, s_out_comp_half, s_out_hsel;
	struct mg_imm_piece s_imm[MG_IMM_PIECES];
	unsigned s_nimm;
	/* compact branch */
	struct mg_fd br_op, br_cond_tag, br_cond_offset, br_cond, br_jmp_tag, br_jmp_unk7,
		br_jmp_offset;
	/* load/store word */
	struct mg_fd ls_type, ls_next;
	unsigned ls_slot_lo[2]; /* bit offsets of the two instructions in the word */
	struct mg_fd ls_op, ls_reg, ls_mask, ls_swz, ls_addr;
	/* bits 25-50, public layout (absolute positions within the instruction) */
	struct mg_fd ls_arg_comp, ls_arg_reg, ls_bitsize, ls_index_format, ls_index_comp,
		ls_index_reg, ls_index_shift, ls_offset_lo;
	/* views of the offset: varying parameters (in offset_lo), uniform-load offset (in the
	 * 18-bit signed offset: offset_lo, then addr) */
	struct mg_fd vp_modifier, vp_zero, vp_sample_pos;
	struct mg_fd ubo_imm, ubo_unk1, ubo_byte_offset;
	/* embedded constants, relative to the constants quadword */
	struct mg_fd consts[4];
	/* texture word (type and next only) */
	struct mg_fd tex_type, tex_next;
	/* widths of the formats, for layout */
	unsigned ctl_bits, reg_bits, unit_bits[MIDGARD_UNIT_COUNT];
};

/* A sub-field of a value already read (positions relative to that value). */
static inline uint32_t mg_sub(uint32_t v, struct mg_fd f)
{
	return (v >> f.lo) & ((UINT32_C(1) << f.width) - 1);
}

/* Fills the descriptors from the encoder tables; 0, or -1 with d set if a name is missing. */
int mg_fields_init(struct mg_fields *f, struct ip_diag *d);

/* ---- GPU models ------------------------------------------------------------------------ */
struct mg_model {
	const char *name;   /* "t760" */
	uint16_t gpu_id;    /* GPU_ID product number as Mesa and the kernel use it */
	uint8_t arch;       /* Mesa's architecture number: 4 or 5 */
	uint8_t upper_alu;  /* word types 0xC-0xF accepted (else INSTR_INVALID_ENC) */
};
extern const struct mg_model mg_models[];
extern const char *const mg_model_names[];
const struct mg_model *mg_model_find(const char *name);

/* ---- Mali exception codes (job status bits 7:0) used here ----------------------------- */
enum {
	MG_FAULT_INVALID_PC = 0x50,
	MG_FAULT_INVALID_ENC = 0x51,
	MG_FAULT_TYPE_MISMATCH = 0x52,
};

/* ---- decoded instruction words ---------------------------------------------------------- */
/* Vector input expand modes (Mesa midgard_src_expand_mode; docs/midgard-simulator.md). */
enum mg_expand {
	MG_EXPAND_NONE = 0,
	MG_EXPAND_REP_LOW = 1,    /* half mode: the low half-register feeds both halves */
	MG_EXPAND_REP_HIGH = 2,   /* half mode: the high half-register feeds both halves */
	MG_EXPAND_SWAP = 3,       /* half mode: each half reads the other half-register */
	MG_EXPAND_LOW = 4,        /* full mode: the low half-register, widened */
	MG_EXPAND_HIGH = 5,       /* full mode: the high half-register, widened */
};

struct mg_src {
	uint8_t reg;
	uint8_t abs, neg;
	uint8_t imm;      /* inline constant (input 2 only) */
	uint16_t immbits; /* its 16 bits */
	/* vector */
	uint8_t swz[4];
	uint8_t expand;   /* enum mg_expand (only the modelled values reach execution) */
	/* scalar */
	uint8_t full;     /* 32-bit component (else a 16-bit lane) */
	uint8_t lane;     /* 32-bit component 0-3, or 16-bit lane 0-7 */
};

struct mg_alu {
	uint8_t unit;   /* enum midgard_unit */
	uint8_t vector;
	uint8_t op;
	uint8_t half;   /* vector: half mode */
	uint8_t out_size;
	uint8_t outmod;
	uint8_t mask;   /* vector write mask */
	uint8_t dst;
	uint8_t out_full, out_lane; /* scalar output */
	struct mg_src src[2];
};

struct mg_branch {
	uint8_t kind; /* 0 none, 1 unconditional, 2 conditional */
	uint8_t dest_tag;
	uint8_t cond; /* 1 branch if r31.w false, 2 if true */
	int32_t offset;
};

struct mg_ls {
	uint8_t op, reg, mask;
	uint8_t swz[4];
	uint8_t arg_comp, arg_reg, bitsize, index_format, index_comp, index_reg, index_shift;
	uint16_t offset_lo; /* low part of the signed offset (bits 42-50) */
	uint16_t addr;      /* high part (the notes' address, bits 51-59) */
	uint32_t soff;      /* both: the whole signed offset, unextended */
};

struct mg_word {
	uint32_t offset; /* bytes from the start of the code */
	uint32_t bytes;
	uint8_t tag, next;
	/* Known at decode time: what running this word gives when it is not OK. */
	uint8_t status;  /* enum ip_status */
	uint8_t fault;
	const char *why;
	/* ALU */
	uint8_t nalu;
	uint8_t has_consts;
	struct mg_alu alu[MIDGARD_ALU_UNITS];
	struct mg_branch br;
	uint32_t consts[4];
	/* load/store */
	struct mg_ls ls[2];
};

struct mg_program {
	struct mg_word *words;
	size_t nwords, cap;
	int32_t *word_at;  /* word index for each 16-byte quadword of the code, or -1 */
	size_t nquads, quad_cap;
	uint8_t *padded;   /* the code with zero padding for 64-bit field reads */
	size_t padded_cap;
	uint8_t *prev;     /* the previous job's code: words with the same bytes are not */
	size_t prev_cap;   /* decoded again (campaign variants change a few bits) */
	size_t len, prev_len, prev_nwords;
};

struct mg_sim {
	const struct mg_model *model;
	struct mg_fields f;
	struct mg_program prog;
};

/* Decodes the packed code into sim->prog. Words that cannot run carry their status; an
 * unparseable tail ends the word list (running into it faults). Returns 0, -1 if out of
 * memory. */
int mg_decode(struct mg_sim *sim, const uint8_t *code, size_t len);

/* ---- machine state of one invocation ----------------------------------------------------- */
#define MG_REGS 32
struct mg_state {
	uint32_t r[MG_REGS][4];
	uint8_t pipe_valid; /* bit 0: r24 written in this word, bit 1: r25 */
	/* why execution stops early (set by the ALU / load-store code) */
	uint8_t status;
	uint8_t fault;
	const char *why;
};

/* The job's tables: each is split into one block per invocation (vertex). Write sides are
 * NULL with a zero block when the job neither gives nor observes them. */
struct mg_tables {
	const struct mg_fields *f;
	const uint8_t *uniforms;
	size_t uniforms_len;
	uint32_t invocation, invocations;
	const uint8_t *attr_all, *vary_in_all;
	uint8_t *attr_out_all, *vary_out_all;
	size_t attr_block, attr_out_block, vary_in_block, vary_out_block;
};

/* Runs one ALU word's units and returns 0, or -1 with st->status set. */
int mg_alu_run(const struct mg_word *w, struct mg_state *st);
/* Runs one load/store instruction; 0, or -1 with st->status set. */
int mg_ls_run(const struct mg_ls *ls, struct mg_state *st, const struct mg_tables *t);

/* Stops the invocation with a status. Returns -1. */
static inline int mg_stop(struct mg_state *st, unsigned status, unsigned fault, const char *why)
{
	st->status = (uint8_t)status;
	st->fault = (uint8_t)fault;
	st->why = why;
	return -1;
}

/* Runs a job: the whole simulator behind ip_sim_isa.run. */
void mg_run_job(struct mg_sim *sim, const struct ip_job *job, struct ip_result *res);

#endif
