/* bifrost.h: Mali Bifrost (G71 and later) clause formats, clause packing and the ISA entry points.
 * Every bit position lives in bifrost_tables.c, bifrost_ops.c and bifrost_clause.c. */
#ifndef ISAPROBE_BIFROST_H
#define ISAPROBE_BIFROST_H

#include "isaprobe/field.h"
#include "isaprobe/isa.h"

/* ---- logical words --------------------------------------------------------------------
 * A clause (one ip_bundle) holds, as slots, in this order: the 45-bit header; for each
 * instruction its 35-bit register field, 23-bit FMA field and 20-bit ADD field; the 60-bit
 * constants (dummies included); the unused regions of its quadwords. A slot's bit_offset is
 * its place in the *logical* clause (header, then 78-bit instructions, then constants, then
 * unused bits): packing scatters the slots over the quadwords, so a field split across
 * quadwords stays one field. ip_bundle.kind is the instruction count. */
enum bifrost_role {
	BIFROST_ROLE_HEADER,
	BIFROST_ROLE_REG,
	BIFROST_ROLE_FMA,
	BIFROST_ROLE_ADD,
	BIFROST_ROLE_CONST,
	BIFROST_ROLE_UNUSED,
};
#define BIFROST_UNIT(role, index) ((uint8_t)((role) | ((index) << 4)))
#define BIFROST_UNIT_ROLE(unit) ((enum bifrost_role)((unit) & 0xF))
#define BIFROST_UNIT_INDEX(unit) ((unsigned)(unit) >> 4)

#define BIFROST_MAX_INSTRS 8
#define BIFROST_MAX_CONSTS 7 /* slots, dummies included (6 instructions, pos 0xe) */
#define BIFROST_MAX_QUADWORDS 10
#define BIFROST_INSTR_BITS 78
#define BIFROST_HEADER_TYPE_64BIT 15

extern const struct ip_format bifrost_header;
extern const struct ip_format bifrost_instr; /* where reg / fma / add sit in the 78 bits */
extern const struct ip_format bifrost_reg32;
extern const struct ip_format bifrost_reg64;
extern const struct ip_format bifrost_const;
extern const struct ip_format bifrost_unused42, bifrost_unused15, bifrost_unused12,
	bifrost_unused9;
extern const struct ip_isa bifrost_isa;

/* FMA (23-bit) and ADD (20-bit) format families. */
extern const struct ip_format bifrost_fma_one, bifrost_fma_two, bifrost_fma_fcmp,
	bifrost_fma_fcmp16, bifrost_fma_fmod, bifrost_fma_fmod16, bifrost_fma_three,
	bifrost_fma_fma, bifrost_fma_fma16, bifrost_fma_four, bifrost_fma_mscale;
extern const struct ip_format bifrost_add_one, bifrost_add_two, bifrost_add_fmod,
	bifrost_add_fcmp, bifrost_add_fcmp16, bifrost_add_fmod16, bifrost_add_minmax16,
	bifrost_add_mscale, bifrost_add_three, bifrost_add_tex, bifrost_add_texc,
	bifrost_add_ldvar, bifrost_add_ldattr, bifrost_add_varaddr, bifrost_add_branch;

/* One opcode: its name, its format family, and the value of the family's `op` field. */
struct bifrost_op {
	const char *name;
	const struct ip_format *fmt;
	uint32_t op;
	const char *note;
};
extern const struct bifrost_op bifrost_fma_ops[];
extern const struct bifrost_op bifrost_add_ops[];
extern const unsigned bifrost_n_fma_ops, bifrost_n_add_ops;

/* The opcode of an FMA (is_add = 0) or ADD word: the first table entry whose family's op field
 * holds its value, or NULL (the word is then read with the one-source family: raw op). */
const struct bifrost_op *bifrost_decode_op(int is_add, uint32_t word);
const struct bifrost_op *bifrost_find_op(int is_add, const char *name);
/* The family an FMA/ADD word is read with (bifrost_decode_op's, else the one-source one). */
const struct ip_format *bifrost_op_format(int is_add, uint32_t word);

/* ---- register field semantics (bifrost_regs.c) --------------------------------------- */
enum bifrost_port_use { BIFROST_PORT_OFF, BIFROST_PORT_READ, BIFROST_PORT_WFMA,
	BIFROST_PORT_WADD };
struct bifrost_reg_access {
	enum bifrost_port_use use[4]; /* ports 0..3 */
	unsigned reg[4];              /* register (first of the pair in 64-bit clauses) */
	int first;                    /* "first instruction" control: writes land at clause end */
	int valid;                    /* 0: control values unknown or inconsistent */
};
/* Decodes a register field word (reg32 or reg64 layout). */
struct bifrost_reg_access bifrost_reg_decode(const struct ip_format *fmt, const ip_word *w);
/* Encodes reads (0..3 registers, in any order) and the FMA/ADD writes (-1: none) the notes'
 * way; `first` selects the first-instruction control values (32-bit only). Returns 0, or -1
 * when the combination cannot be encoded. The uniform/const bits are left as they are. */
int bifrost_reg32_encode(ip_word *w, const unsigned *reads, unsigned nreads, int wfma, int wadd,
                         int first);
int bifrost_reg64_encode(ip_word *w, const unsigned *reads, unsigned nreads, int wfma, int wadd);

/* Uniform/const port. */
enum bifrost_uc_kind { BIFROST_UC_UNIFORM, BIFROST_UC_CONST, BIFROST_UC_SPECIAL };
struct bifrost_uc {
	enum bifrost_uc_kind kind;
	unsigned index; /* uniform pair (registers 2i, 2i+1), constant slot, or special number */
	unsigned lo4;   /* constant bits 0-3 */
};
struct bifrost_uc bifrost_uc_decode(unsigned uc);
/* The 8-bit uniform/const value of a register field word (reg32 or reg64). */
unsigned bifrost_reg_uc(const struct ip_format *fmt, const ip_word *w);
/* The 8-bit field value that loads constant slot `slot` (0..5) with low bits lo4, or -1. */
int bifrost_uc_const(unsigned slot, unsigned lo4);

/* ---- clause packing (bifrost_clause.c) ------------------------------------------------- */
/* Constants one clause of n instructions can hold (slots, dummies included): whether k is
 * one of them, and the smallest valid count >= k (or -1). */
int bifrost_const_count_valid(unsigned n, unsigned k);
int bifrost_const_count_round(unsigned n, unsigned k);
/* pos value of a constant quadword (n instructions, `before` constants before it), or -1. */
int bifrost_pos(unsigned n, unsigned before);

/* Quadword formats, named as in the notes ("1", "2.1", ..., "6", "const"). */
struct bifrost_qword_plan {
	const char *format;
	uint8_t tag;      /* the tag bits, in place (other bits of the low byte zero) */
	uint8_t tag_mask; /* which bits of the low byte are tag */
	uint8_t const_base;
};
/* The quadword sequence the notes' algorithm gives n instructions and k constant slots.
 * Returns the number of quadwords, or -1 when (n, k) is not representable. */
int bifrost_plan(unsigned n, unsigned k, struct bifrost_qword_plan *plan);

/* Lays out a clause bundle's slots for n instructions and k constants; values are zero except
 * the reg formats, which follow header type `type` (15: 64-bit). Returns 0 or -1. */
int bifrost_clause_layout(struct ip_bundle *b, unsigned n, unsigned k, unsigned type);
/* Re-derives the slot formats from the values: the register layout from the header type
 * (15: reg64), each FMA/ADD family from its opcode. Call after changing those bits. */
void bifrost_clause_retype(struct ip_bundle *b);
/* Slot index helpers. */
struct ip_slot *bifrost_slot(struct ip_bundle *b, enum bifrost_role role, unsigned index);
unsigned bifrost_clause_consts(const struct ip_bundle *b);

/* Constant quadwords whose first constant's top 4 bits exceed the second's (the notes'
 * ordering restriction): returns a bit mask of offending quadwords (bit i: pair i). */
unsigned bifrost_const_order_violations(const struct ip_bundle *b);
/* Swaps such pairs and rewrites the instructions' uniform/const fields to follow. */
void bifrost_fix_const_order(struct ip_bundle *b);

int bifrost_unpack(const uint8_t *bytes, size_t len, struct ip_program *out, struct ip_diag *d);
int bifrost_pack(const struct ip_program *p, uint8_t **out, size_t *len, struct ip_diag *d);
int bifrost_assemble(const char *src, struct ip_program *out, struct ip_diag *d);
int bifrost_disassemble(const struct ip_program *p, FILE *out);

#endif
