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

/* One opcode: its name, its format family, and the value of the family's `op` field; then
 * Mesa's view of it (Mesa's ISA.xml, as its disassembler prints it; docs/bifrost-mesa-names.md):
 *   mesa      the mnemonic with the modifiers the opcode fixes ("*FADD.f32", "+ICMP.s32.gt"),
 *             "{mod@field}" where ISA.xml prints modifier `mod` (bifrost_mesa_mods) of one of the
 *             family's fields ("{clamp@outmod}" prints ".clamp_0_1" for outmod 3, nothing for
 *             the default), or what Mesa prints for a word ISA.xml cannot decode
 *             ("INSTR_INVALID_ENC");
 *   mesa_ops  the operands Mesa prints after the destination, space-separated: "sN" source N
 *             (bits 3N..3N+2), then "!hh": the source values ISA.xml allows (a hex bit mask;
 *             Mesa prints others with "(INVALID)"), then text and "{mod@field}" printed after
 *             the source (".h00", "{abs@src0_abs}"); "i:NAME:LO:W" an immediate; "@" the
 *             staging register; "&MASK=VAL" (hex): bits beyond the op field that ISA.xml's
 *             encoding fixes (a word with other bits there is not this instruction for Mesa:
 *             printed INSTR_INVALID_ENC); a leading "~": Mesa splits this opcode into forms by its
 *             other fields, so the printing is approximate (docs/bifrost-mesa-names.md);
 *   doc       known when ISA.xml has the encoding with this meaning; unknown when only the
 *             older disassembler names it, or ISA.xml reads it otherwise (probes target it);
 *   src0      -1, or the source 0 value ISA.xml fixes (the NOPs), which the assembler writes. */
struct bifrost_op {
	const char *name;
	const struct ip_format *fmt;
	uint32_t op;
	const char *note;
	const char *mesa;
	const char *mesa_ops;
	enum ip_doc_level doc;
	int8_t src0;
};
extern const struct bifrost_op bifrost_fma_ops[];
extern const struct bifrost_op bifrost_add_ops[];
extern const unsigned bifrost_n_fma_ops, bifrost_n_add_ops;

/* The opcode of an FMA (is_add = 0) or ADD word: the first table entry whose family's op field
 * holds its value, or NULL (the word is then read with the one-source family: raw op). */
const struct bifrost_op *bifrost_decode_op(int is_add, uint32_t word);
const struct bifrost_op *bifrost_find_op(int is_add, const char *name);
/* Whether Mesa's ISA.xml decodes the opcode's encoding (as something valid). */
int bifrost_op_has_encoding(const struct bifrost_op *op);
/* The family an FMA/ADD word is read with (bifrost_decode_op's, else the one-source one). */
const struct ip_format *bifrost_op_format(int is_add, uint32_t word);

/* ---- register field semantics (bifrost_regs.c) ---------------------------------------
 * 32-bit clauses follow Mesa (bifrost.h bifrost_reg_ctrl_lut, disassemble.c DecodeRegCtrl,
 * bi_pack.c bi_pack_registers; docs/bifrost-sources.md): the 4-bit control value (port 1's upper
 * bits when the control field is 0) becomes a 5-bit mode by context: in the first instruction of
 * a clause bit 3 moves to bit 4; elsewhere 16 is added when port 2 == port 3. The mode says what
 * ports 2 and 3 do, including half-register writes. 64-bit clauses keep the notes' tables. */
enum bifrost_port_use { BIFROST_PORT_OFF, BIFROST_PORT_READ, BIFROST_PORT_WFMA,
	BIFROST_PORT_WADD };
/* Which part of the register a write port writes (Mesa's W, WL, WH). */
enum bifrost_write_half { BIFROST_WRITE_FULL, BIFROST_WRITE_LO, BIFROST_WRITE_HI };
struct bifrost_reg_access {
	enum bifrost_port_use use[4]; /* ports 0..3 */
	unsigned reg[4];              /* register (first of the pair in 64-bit clauses) */
	uint8_t half[4];              /* writes: enum bifrost_write_half */
	unsigned mode;                /* 32-bit: Mesa's 5-bit register mode (0: none) */
	int valid;                    /* 0: a reserved mode (32-bit) / inconsistent controls (64) */
	int invalid_enc;              /* first instruction whose ports 2 and 3 differ although not
	                               * both are used: the hardware raises INSTR_INVALID_ENC
	                               * (bi_pack.c) */
};
/* Decodes a register field word (reg32 or reg64 layout); first: the word is the first
 * instruction's (its writes are then the last instruction's, at the end of the clause). */
struct bifrost_reg_access bifrost_reg_decode(const struct ip_format *fmt, const ip_word *w,
                                             int first);
/* Mesa's name of a 32-bit register mode ("R_WL_FMA", "IDLE_1"), or NULL for a reserved one. */
const char *bifrost_reg_mode_name(unsigned mode);
/* Encodes reads (0..3 registers, in any order) and the FMA/ADD writes (-1: none) the way Mesa's
 * compiler packs them (writes: ADD to port 3, FMA to port 2 when port 3 is taken, else to port
 * 3); `first`: the first instruction of its clause. Returns 0, or -1 when the combination has no
 * encoding (three reads and two writes; both writes in the first instruction; port 2 reading
 * and port 3 writing one register). The uniform/const bits are left as they are. */
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

/* PC-relative constant modifiers (Mesa's reading of what the notes call the constant-ordering
 * restriction; docs/bifrost-sources.md). A constant quadword's pair carries M1 = (A - B) mod 16,
 * A and B the top 4 bits of its first and second constant (and M2 likewise from bits 28-31 when
 * M1 is 7); the first embedded constant of formats 3.1 and 5.1 carries M1/M2 in bits 68-75.
 * PC_LO: the 64-bit constant is PC-relative; PC_HI: its high 32 bits are; PC_LO_HI: each half. */
enum bifrost_constmod {
	BIFROST_CONST_PLAIN,
	BIFROST_CONST_PC_LO,
	BIFROST_CONST_PC_HI,
	BIFROST_CONST_PC_LO_HI,
	BIFROST_CONST_RESERVED, /* M1 = 3, or M1 = 7 with M2 > 3: Mesa asserts */
};
/* The modifier of every constant slot of a clause (mods[0 .. consts - 1]). */
void bifrost_const_mods(const struct ip_bundle *b, uint8_t mods[BIFROST_MAX_CONSTS]);
/* Constant quadwords whose pair is modified (0 < M1 < 8): a bit mask (bit i: pair i). The
 * notes' restriction (first top 4 bits <= second's) reads some of these pairs as fine and
 * flags some plain ones; Mesa's compiler swaps a pair exactly when 0 < M1 < 8. */
unsigned bifrost_const_modified_pairs(const struct ip_bundle *b);
/* Swaps such pairs (so that they are plain constants) and rewrites the instructions'
 * uniform/const fields to follow. */
void bifrost_fix_const_order(struct ip_bundle *b);

int bifrost_unpack(const uint8_t *bytes, size_t len, struct ip_program *out, struct ip_diag *d);
/* Bytes of the whole clauses at the start of bytes[0..len): up to the first quadword that
 * starts no clause (the zero padding after a program's last clause, say), as far as a GPU
 * fetching a program clause after clause can find clauses. */
size_t bifrost_clauses_len(const uint8_t *bytes, size_t len);
int bifrost_pack(const struct ip_program *p, uint8_t **out, size_t *len, struct ip_diag *d);
int bifrost_assemble(const char *src, struct ip_program *out, struct ip_diag *d);
int bifrost_disassemble(const struct ip_program *p, FILE *out);

#endif
