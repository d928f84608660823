/* a3xx_ins.h: one a3xx instruction as the assembly syntax shows it (flags, mnemonic, operands),
 * decoded from a word and encoded back. Shared by the assembler, disassembler and simulator. */
#ifndef ISAPROBE_A3XX_INS_H
#define ISAPROBE_A3XX_INS_H

#include <stdint.h>

#include "a3xx.h"

enum a3xx_opnd_kind {
	A3XX_OPND_NONE,
	A3XX_OPND_REG,       /* rN.c / hrN.c (a0, p0 at 61, 62): val = register index */
	A3XX_OPND_CONST,     /* cN.c / hcN.c: val = const index */
	A3XX_OPND_IMM,       /* immediate: val */
	A3XX_OPND_REL_REG,   /* r<a0.x + val> */
	A3XX_OPND_REL_CONST, /* c<a0.x + val> */
	A3XX_OPND_RAW,       /* a source mode no source describes: the bits are printed as keys */
};

struct a3xx_opnd {
	uint8_t kind;
	uint8_t half;     /* written with 'h' */
	uint8_t r;        /* (r) */
	uint8_t neg, abs; /* (neg), (abs) */
	int64_t val;
};

/* Instruction-level flags (what precedes the mnemonic). */
struct a3xx_flags {
	uint8_t sy, ss, jp, ul, rpt;
	uint8_t unchecked; /* (unchecked): encode what the notes' const rules forbid */
};

#define A3XX_MAX_SRCS 3

struct a3xx_ins {
	uint8_t cat;
	uint8_t opc; /* opcode value (cat1: none, 0) */
	struct a3xx_flags f;
	struct a3xx_opnd dst;
	struct a3xx_opnd src[A3XX_MAX_SRCS];
	uint8_t nsrc; /* sources the syntax shows */
	uint8_t ei;   /* cat2: (ei) on the destination */
	uint8_t cond; /* cat2 compares */
	/* cat0 */
	int32_t immed;
	uint8_t inv, comp;
	/* cat1 */
	uint8_t src_type, dst_type, even, pos_inf;
	/* cat5 */
	uint8_t type, wrmask, is_3d, is_a, is_s, is_s2en, is_o, is_p;
	uint8_t samp, tex;
	/* cat6: types as `type`; address spaces from the opcode */
	int32_t src_offset, dst_offset; /* byte offsets shown in [src1+N] / [dst+N] */
	uint8_t has_src_offset, has_dst_offset;
	uint8_t g;
};

/* cat6 operand layout of an opcode (the freedreno disassembler's reading). */
struct a3xx_cat6_shape {
	char dst_space; /* 'g', 'p', 'l' or 0: the destination is an address in that space */
	char src_space; /* the same for the first source */
	uint8_t no_dst, no_src2, atomic;
};
const struct a3xx_cat6_shape *a3xx_cat6_shape(unsigned opc);

/* Operand lists of cat5 opcodes (which of src1, src2, s#, t# the syntax shows). */
struct a3xx_cat5_shape {
	uint8_t src1, src2, samp, tex, no_type;
};
const struct a3xx_cat5_shape *a3xx_cat5_shape(unsigned opc);

/* The word of a category with every field at its default. */
ip_word a3xx_defaults(unsigned cat);

/* Word -> instruction. Never fails: whatever the syntax cannot show is left for keys. */
void a3xx_decode(const ip_word *w, struct a3xx_ins *ins);
/* Instruction -> word: every field the syntax shows, everything else its default. Returns 0,
 * or -1 with a reason in *why (static text) and the index of the operand at fault in *which
 * (-1: the instruction; 0: the destination; 1-3: source 1-3). */
int a3xx_encode(const struct a3xx_ins *ins, ip_word *w, const char **why, int *which);

/* The notes' restrictions on const sources (cat2 at most one, cat3 none as its second source,
 * cat4 none): NULL when the word keeps them, else what it breaks. */
const char *a3xx_const_rule(const ip_word *w);

/* Number of sources the syntax shows for a cat2 opcode. */
static inline unsigned a3xx_cat2_srcs(unsigned opc)
{
	return (A3XX_CAT2_ONE_SRC >> opc) & 1 ? 1 : 2;
}

#endif
