/* synth.h: synthetic devices for testing inference on GPUs the project has never seen: a field
 * layout and operations drawn at random from a seed, served as a runner backend (flaky on ask). */
#ifndef ISAPROBE_RUNNERS_SYNTH_H
#define ISAPROBE_RUNNERS_SYNTH_H

#include <stddef.h>
#include <stdint.h>

#include "isaprobe/runner.h"

/* What a field of a synthetic device does (the device's own terms; inference never sees it). */
enum ip_synth_kind {
	IP_SYNTH_IGNORED,     /* no effect */
	IP_SYNTH_RESERVED,    /* any value but 0 faults */
	IP_SYNTH_REGISTER,    /* 4 output words = the register record map[v] (IP_SYNTH_ZERO: 0s) */
	IP_SYNTH_COMPONENT,   /* 1 output word = component v of register record `base` */
	IP_SYNTH_IMM,         /* 1 output word = base + scale * v (signed: v sign-extended) */
	IP_SYNTH_OFFSET,      /* 1 output word = uniforms[base + v] (signed: v sign-extended) */
	IP_SYNTH_SHIFT,       /* 1 output word = base << v */
	IP_SYNTH_MODIFIER,    /* 2 output words = mod[v] applied to two planted floats */
	IP_SYNTH_MASK,        /* bit i writes output word out + i (else it stays 0) */
	IP_SYNTH_ENUM,        /* 2 output words = op[v] of the context's two operand pairs */
	IP_SYNTH_MODE,        /* 1 output word: 0 = a fixed register word, 1 = what the dependent
	                       * register and component fields pick (they act only then) */
	IP_SYNTH_SOURCE,      /* 1 output word = the source value v picks (src[v]): a register word,
	                       * a uniforms word, an immediate of its own, or a fault (an operand's
	                       * register / const / immediate select: moves from several buffers) */
	IP_SYNTH_INDEX_COMP,  /* (shape REGORDER) the component of the register an indirect REGISTER
	                       * select (field `link`) picks: that register's word v is the index */
	IP_SYNTH_TABLE,       /* (shape LDST) 1 output word = the planted word src[v] picks (a load's
	                       * table select: a move, never an operation) */
	IP_SYNTH_ROUNDING,    /* (shape ROUNDING) 4 output words = 4 products of the field's own
	                       * (base) that round, rounded as op[v] says (ip_synth_rounding_name) */
	IP_SYNTH_LANES,       /* (shape LANES) 1 output word = an add, sub, mul or fma (base) of the
	                       * context's register words a, b (and c), a and b read as binary16
	                       * halves widened as lane select map[v] says (ip_synth_lane_name) */
	IP_SYNTH_KIND_COUNT
};

/* What a value of an IP_SYNTH_SOURCE field reads. */
enum ip_synth_src {
	IP_SYNTH_SRC_REGISTER, /* registers word src_at[v] */
	IP_SYNTH_SRC_UNIFORM,  /* uniforms word src_at[v] */
	IP_SYNTH_SRC_IMM,      /* the integer src_at[v] (planted nowhere) */
	IP_SYNTH_SRC_FAULT     /* faults */
};

#define IP_SYNTH_ZERO 0xFFu   /* register map value: the zero register (reads 0) */
#define IP_SYNTH_FAULT_REG 0xFEu /* register map value: a register the device cannot read
                                  * (a special register: the variant faults) */

/* Shapes a device may be drawn with besides its layout (ip_synth_generate's `shapes`), each
 * from a random stream of its own, so that the rest of the device is as without it. */
enum {
	/* register selects in no linear order, with the zero register and values that fault;
	 * half of them read through an index register (its component, picked by a component
	 * select beside it, holds the index of the table read) */
	IP_SYNTH_SHAPE_REGORDER = 1u << 0,
	/* a mode bit right beside (below or above) a select it enables (a register table, with
	 * special registers that fault, a component or an offset), or a bank bit beside a
	 * register table (set, it reads the register 8 further on: the pair's effect the sum of
	 * the two flips') */
	IP_SYNTH_SHAPE_MODESEL = 1u << 1,
	/* opcodes with both operand orders of sub and div and every comparison direction, and a
	 * record of signed zeros among the planted words */
	IP_SYNTH_SHAPE_OPORDER = 1u << 2,
	/* board-style loads: a table select moving planted words (0 and 1.0 among them) and an
	 * offset whose values past its table fault */
	IP_SYNTH_SHAPE_LDST = 1u << 3,
	/* deterministic hangs: an opcode value, or a reserved field, that hangs on every run */
	IP_SYNTH_SHAPE_HANG = 1u << 4,
	/* a rounding mode field: value 0 rounds to nearest (even), the others toward +infinity,
	 * -infinity and zero, in a random order */
	IP_SYNTH_SHAPE_ROUNDING = 1u << 5,
	/* lane selects: an add, sub, mul or fma of register words whose field picks, per value,
	 * which binary16 half of operand a and of b it reads instead of the word (value 0: the
	 * words) */
	IP_SYNTH_SHAPE_LANES = 1u << 6,
	IP_SYNTH_SHAPES = (1u << 7) - 1
};
#define IP_SYNTH_MAX_FIELDS 40
#define IP_SYNTH_LAYOUT_FIELDS 24 /* the layout's (and the source select's) at most */
#define IP_SYNTH_MAX_CONTEXTS 4
#define IP_SYNTH_MAX_PIECES 2

struct ip_synth_field {
	unsigned lo, w;           /* value bits [lo, lo + w) */
	enum ip_synth_kind kind;
	unsigned out;             /* its first output word */
	int is_signed;            /* IMM, OFFSET */
	int32_t base, scale;      /* IMM (base, scale), OFFSET and COMPONENT (base), SHIFT (base),
	                           * ROUNDING (base: where its products' factors come from),
	                           * LANES (base: the operation, ip_synth_lane_name) */
	uint8_t map[16];          /* REGISTER: value -> register record (IP_SYNTH_ZERO); LANES:
	                           * value -> lane select, 3 * (a's) + (b's): 0 the word, 1 bits
	                           * 0-15, 2 bits 16-31 */
	uint8_t lane_at[IP_SYNTH_MAX_CONTEXTS][3]; /* LANES: registers words a, b, c per context */
	uint8_t op[8];            /* ENUM: value -> operation (ip_synth_op_name); MODIFIER: mod;
	                           * ROUNDING: rounding mode (ip_synth_rounding_name) */
	int mode;                 /* REGISTER, COMPONENT: the index of the MODE field that enables
	                           * them (they act when its bit is 1), else -1 */
	uint8_t src[4];           /* SOURCE: value -> what it reads (enum ip_synth_src); TABLE: the
	                           * buffer (IP_SYNTH_SRC_REGISTER or _UNIFORM) */
	uint16_t src_at[4];       /* SOURCE, TABLE: the word read, or the immediate */
	int link;                 /* REGISTER read through an index register: the INDEX_COMP field
	                           * picking the component (-1: component `base`); INDEX_COMP: the
	                           * REGISTER; else -1 */
	int indirect;             /* REGISTER: 1 word = uniforms[IP_SYNTH_TABLE_AT + 4 * the index
	                           * its register's component holds] */
	int32_t limit;            /* OFFSET: values reading at or past this word fault (0: none) */
	int bank;                 /* MODE (shape MODESEL): a bank bit, not an enable: clear, its
	                           * register select reads map[v], set map[v] + 8 */
	uint8_t hang;             /* ENUM: value + 1 that hangs (0: none); RESERVED: its values hang
	                           * rather than fault */
};

/* Where an indirect register select's table lies in the uniforms (word). */
#define IP_SYNTH_TABLE_AT 30

struct ip_synth_device {
	uint64_t seed;
	unsigned npieces;                     /* target pieces: bits 0..w-1 of instruction p */
	unsigned piece_w[IP_SYNTH_MAX_PIECES];
	unsigned width;                       /* value bits: the pieces one after the other */
	unsigned ncontexts;
	uint64_t ctx_seed[IP_SYNTH_MAX_CONTEXTS]; /* each context's seed value */
	struct ip_synth_field f[IP_SYNTH_MAX_FIELDS];
	unsigned nf;
	unsigned nout;                        /* observed output words (varyings_out) */
	unsigned nregs;                       /* register records of 4 words, named r0.. */
	float operand[IP_SYNTH_MAX_CONTEXTS][4]; /* uniforms record c: the enum's operands */
	unsigned shapes;                      /* IP_SYNTH_SHAPE_* drawn */
	uint16_t index_regs;                  /* registers r16.. that hold small indices (bit i:
	                                       * r16 + i; REGORDER's indirect selects read them):
	                                       * 1-16, each once */
	uint8_t index_words[4][4];            /* their words */
};

/* Draws a device from seed: 1 target piece (pieces 2: the same layout in two instructions,
 * each driving its own outputs); half the devices have an operand source select (SOURCE) in 2
 * bits above the layout; `shapes` (IP_SYNTH_SHAPE_*) adds fields of those shapes above it.
 * Deterministic: the same seed and shapes give the same device. */
void ip_synth_generate(uint64_t seed, unsigned pieces, unsigned shapes,
                       struct ip_synth_device *dev);
/* Parses a shape list ("regorder+modesel", "all", "none"): 0 and *shapes, or -1. */
int ip_synth_shapes_parse(const char *text, unsigned *shapes);
/* The shapes' names, '+'-joined, into buf ("none" for 0). */
const char *ip_synth_shapes_name(unsigned shapes, char *buf, size_t n);
/* Runs variant `value` in context ctx on the planted buffers: returns the status; out gets
 * dev->nout words when ok, *fault the fault code otherwise. */
enum ip_status ip_synth_run(const struct ip_synth_device *dev, unsigned ctx, uint64_t value,
                            const uint32_t *regs, size_t nregs, const uint32_t *unis,
                            size_t nunis, uint32_t *out, uint32_t *fault);
/* The probe file for the device (utgard_gp instructions carry the bits; the context is the
 * instruction's store 1 address, bits 95-98, above every target bit), malloc'd. */
char *ip_synth_probe_text(const struct ip_synth_device *dev);
/* The name inference uses for operation (ENUM) or modifier (MODIFIER) number k. */
const char *ip_synth_op_name(unsigned k);
const char *ip_synth_mod_name(unsigned k);
/* The name inference uses for rounding mode k of a ROUNDING field (0: "none", to nearest). */
const char *ip_synth_rounding_name(unsigned k);
/* What value v of a LANES field computes, as inference names it ("fma", "add a.h0 b.h1"),
 * into buf. */
const char *ip_synth_lane_name(const struct ip_synth_field *f, unsigned v, char *buf, size_t n);
/* The lane selects (bit s: ip_synth_field.map's encoding) under which LANES field f gives, in
 * every context of the device on planted registers regs, the words value v gives: the ones
 * its runs cannot tell from v's own (halves in arithmetic progression can make a.h1 * b.h0
 * equal a.h0 * b.h1). */
unsigned ip_synth_lanes_alike(const struct ip_synth_device *d, const struct ip_synth_field *f,
                              unsigned v, const uint32_t *regs, size_t nregs);
/* The kind inference reports for a field of this device kind ("register", "enum", ...). */
const char *ip_synth_kind_name(const struct ip_synth_field *f);

/* A runner backend serving synthetic devices: the config's device string names it,
 * "SEED[:PIECES[:FLAKY_PERMILLE[:NOISE_SEED[:OPTIONS]]]]"; a flaky device answers that many
 * jobs per thousand, at random, `timeout` or `runner_error` (half each) instead of their
 * outcome. OPTIONS, comma-separated, make it behave as GPUs do:
 *   shapes=LIST   the device's shapes (ip_synth_shapes_parse);
 *   fault=N       N jobs per thousand fault at random (fault code IP_SYNTH_GPU_FAULT);
 *   dirty=N       a fault leaves the state dirty with probability N/1000: the next job faults
 *                 too (a fault so made leaves it dirty again with half that probability);
 *   flip=N        N ok runs per ten thousand have one output bit flipped. */
extern const struct ip_runner_backend ip_synth_backend;

/* The fault code of a synthetic GPU's random and dirty-state faults. */
#define IP_SYNTH_GPU_FAULT 0x58u

#endif
