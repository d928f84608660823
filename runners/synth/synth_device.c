/* synth_device.c: synthetic devices drawn from a seed: a random field layout (selects with
 * non-linear maps and a zero register, immediates, offsets, shifts, modifiers, masks, opcodes
 * running operations of their own, operand sources, reserved and ignored bits, fields a mode
 * bit enables) and the shapes asked for (registers in no order read through index registers,
 * mode bits beside selects, operands in both orders, board-style loads, hangs), what a variant
 * does on them, and the probe file that carries their bits in utgard_gp words. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isaprobe/field.h"
#include "common/float_bits.h"
#include "common/fp16.h"
#include "isaprobe/isa.h"
#include "synth.h"

/* The device's operations, computed here on their own (never with inference's library). */
enum op {
	OP_ADD, OP_SUB, OP_MUL, OP_NMUL, OP_MIN, OP_MAX, OP_FLOOR, OP_CEIL, OP_FRACT, OP_SIGN,
	OP_ABS, OP_GE, OP_LT, OP_EQ, OP_RCP, OP_RSQRT, OP_SQRT, OP_EXP2, OP_LOG2, OP_MOV_A,
	OP_MOV_B, OP_SELECT,
	OP_BASE_COUNT, /* the layout's opcodes draw from these; OPORDER's from all */
	OP_RSUB = OP_BASE_COUNT, OP_DIV, OP_RDIV, OP_LE, OP_GT, OP_NE, OP_COUNT,
	OP_FAULT = 0xFF /* an opcode value that faults */
};
static const char *const op_names[OP_COUNT] = {
	"add", "sub", "mul", "nmul", "min", "max", "floor", "ceil", "fract", "sign", "abs", "ge",
	"lt", "eq", "rcp", "rsqrt", "sqrt", "exp2", "log2", "mov a", "mov b", "select",
	"rsub", "div", "rdiv", "le", "gt", "ne",
};
static const char *const shape_names[] = {"regorder", "modesel", "oporder", "ldst", "hang",
                                          "rounding", "lanes"};
static const char *const mod_names[4] = {"none", "neg", "abs", "saturate"};
static const char *const rounding_names[4] = {"none", "rtp", "rtn", "rtz"};

const char *ip_synth_op_name(unsigned k)
{
	return k < OP_COUNT ? op_names[k] : "fault";
}

const char *ip_synth_mod_name(unsigned k)
{
	return k < 4 ? mod_names[k] : "?";
}

const char *ip_synth_rounding_name(unsigned k)
{
	return k < 4 ? rounding_names[k] : "?";
}

/* A LANES field's operations (base) and what each half select reads. */
static const char *const lane_ops[4] = {"add", "sub", "mul", "fma"};
static const char *const lane_halves[3] = {"", "h0", "h1"};

const char *ip_synth_lane_name(const struct ip_synth_field *f, unsigned v, char *buf, size_t n)
{
	unsigned sa = f->map[v] / 3, sb = f->map[v] % 3;
	snprintf(buf, n, "%s%s%s%s%s", lane_ops[f->base & 3], sa ? " a." : "", lane_halves[sa],
	         sb ? " b." : "", lane_halves[sb]);
	return buf;
}

int ip_synth_shapes_parse(const char *text, unsigned *shapes)
{
	*shapes = 0;
	if (!strcmp(text, "none") || !text[0])
		return 0;
	if (!strcmp(text, "all")) {
		*shapes = IP_SYNTH_SHAPES;
		return 0;
	}
	while (*text) {
		size_t n = strcspn(text, "+"), k;
		for (k = 0; k < sizeof shape_names / sizeof shape_names[0]; k++)
			if (strlen(shape_names[k]) == n && !strncmp(text, shape_names[k], n))
				break;
		if (k == sizeof shape_names / sizeof shape_names[0])
			return -1;
		*shapes |= 1u << k;
		text += n + (text[n] == '+');
	}
	return 0;
}

const char *ip_synth_shapes_name(unsigned shapes, char *buf, size_t n)
{
	size_t len = 0;
	buf[0] = 0;
	if (!shapes)
		snprintf(buf, n, "none");
	for (unsigned k = 0; k < sizeof shape_names / sizeof shape_names[0]; k++)
		if (shapes >> k & 1 && len < n) {
			int w = snprintf(buf + len, n - len, "%s%s", len ? "+" : "", shape_names[k]);
			len += w > 0 ? (size_t)w : 0;
		}
	return buf;
}

const char *ip_synth_kind_name(const struct ip_synth_field *f)
{
	switch (f->kind) {
	case IP_SYNTH_IGNORED: return "ignored";
	case IP_SYNTH_RESERVED: return "reserved";
	case IP_SYNTH_REGISTER: return "register";
	case IP_SYNTH_COMPONENT: return "component";
	case IP_SYNTH_IMM: return f->is_signed ? "imm_signed" : "imm_unsigned";
	case IP_SYNTH_OFFSET: return "offset";
	case IP_SYNTH_SHIFT: return "shift";
	case IP_SYNTH_MODIFIER: return "modifier";
	case IP_SYNTH_MASK: return "mask";
	case IP_SYNTH_ENUM: return "enum";
	case IP_SYNTH_MODE: return "enum";
	case IP_SYNTH_SOURCE: return "enum";
	case IP_SYNTH_INDEX_COMP: return "component";
	case IP_SYNTH_TABLE: return "enum";
	case IP_SYNTH_ROUNDING: return "modifier";
	case IP_SYNTH_LANES: return "enum";
	default: return "?";
	}
}

static uint64_t next(uint64_t *s)
{
	uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

static unsigned pick(uint64_t *s, unsigned n)
{
	return (unsigned)(next(s) % n);
}

/* n distinct numbers below `below` (at most 32), drawn in turn (a draw already made is drawn
 * again), into out. */
static void distinct_picks(uint64_t *s, uint8_t *out, unsigned n, unsigned below)
{
	uint32_t used = 0;
	for (unsigned v = 0; v < n; v++) {
		unsigned r;
		do
			r = pick(s, below);
		while (used >> r & 1);
		used |= 1u << r;
		out[v] = (uint8_t)r;
	}
}

/* The n bytes of a in a random order (Fisher-Yates, from the last). */
static void shuffle(uint64_t *s, uint8_t *a, unsigned n)
{
	for (unsigned i = n - 1; i > 0; i--) {
		unsigned j = pick(s, i + 1);
		uint8_t t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}

/* A float of magnitude 0.3 to 9, not a whole number, of either sign. */
static float operand(uint64_t *s)
{
	float f = 0.3f + (float)pick(s, 8700) / 1000.0f;
	if (f == floorf(f))
		f += 0.125f;
	return pick(s, 2) ? -f : f;
}

static int64_t sext(uint64_t v, unsigned w)
{
	return (v >> (w - 1) & 1) ? (int64_t)v - ((int64_t)1 << w) : (int64_t)v;
}

#define UNI_OPERANDS 32 /* uniforms words 0-31: the contexts' operand records (8 words each) */
#define UNI_WORDS 96    /* then words 32-95 distinct: what offsets read */
#define NREGS 16        /* registers r0-r15 hold distinct words; */
#define NINDEX 4        /* r16-r19 small indices (REGORDER's index registers) */
#define UNI_ZEROS 24    /* OPORDER: uniforms words 24-27 are +0, -0, -0, +0 */
#define UNI_ONE 28      /* LDST: uniforms word 28 is 1.0 */
#define OFFSET_FAULT 0x50u /* a load past its table */

/* Output words each kind writes. */
static unsigned words_of(enum ip_synth_kind k, unsigned w)
{
	switch (k) {
	case IP_SYNTH_REGISTER: return 4;
	case IP_SYNTH_COMPONENT: case IP_SYNTH_IMM: case IP_SYNTH_OFFSET: case IP_SYNTH_SHIFT:
	case IP_SYNTH_MODE: case IP_SYNTH_SOURCE: case IP_SYNTH_TABLE: return 1;
	case IP_SYNTH_MODIFIER: case IP_SYNTH_ENUM: return 2;
	case IP_SYNTH_MASK: return w;
	case IP_SYNTH_ROUNDING: return 4;
	case IP_SYNTH_LANES: return 1;
	default: return 0;
	}
}

static struct ip_synth_field *add(struct ip_synth_device *d, enum ip_synth_kind k, unsigned lo,
                                  unsigned w)
{
	struct ip_synth_field *f = &d->f[d->nf++];
	memset(f, 0, sizeof *f);
	f->kind = k;
	f->lo = lo;
	f->w = w;
	f->mode = -1;
	f->link = -1;
	f->out = d->nout;
	d->nout += words_of(k, w);
	return f;
}

/* A register map of 2^w distinct records, maybe with the zero register; never linear. */
static void register_map(uint64_t *s, struct ip_synth_field *f, int zero)
{
	unsigned n = 1u << f->w;
	distinct_picks(s, f->map, n, NREGS);
	if (zero)
		f->map[pick(s, n)] = IP_SYNTH_ZERO;
	/* a map whose step is constant reads as linear: swap two entries */
	if (n >= 3 && f->map[1] != IP_SYNTH_ZERO && f->map[2] != IP_SYNTH_ZERO &&
	    f->map[0] != IP_SYNTH_ZERO &&
	    (int)f->map[1] - (int)f->map[0] == (int)f->map[2] - (int)f->map[1]) {
		uint8_t t = f->map[0];
		f->map[0] = f->map[2];
		f->map[2] = t;
	}
}

/* An operand source select (2 bits): a register word and a uniforms word (the planted
 * registers are all larger than the uniforms it reads, so max and min of the two coincide
 * with the moves), an immediate planted nowhere, and one more of any of these or a fault,
 * in random order. */
static void source_map(uint64_t *s, struct ip_synth_field *f)
{
	uint8_t kind[4] = {IP_SYNTH_SRC_REGISTER, IP_SYNTH_SRC_UNIFORM, IP_SYNTH_SRC_IMM,
	                   (uint8_t)pick(s, 4)};
	shuffle(s, kind, 4);
	for (unsigned v = 0; v < 4; v++) {
		unsigned at;
		int dup;
		do {
			at = kind[v] == IP_SYNTH_SRC_REGISTER ? pick(s, NREGS * 4)
			   : kind[v] == IP_SYNTH_SRC_UNIFORM ? UNI_OPERANDS + pick(s, UNI_WORDS - UNI_OPERANDS)
			   : 17 + pick(s, 200); /* (not 1-16: REGORDER's indices) */
			dup = 0;
			for (unsigned u = 0; u < v; u++)
				dup |= kind[u] == kind[v] && f->src_at[u] == at;
		} while (dup);
		f->src[v] = kind[v];
		f->src_at[v] = (uint16_t)at;
	}
}

/* op[0] = 0 and values 1..2^w - 1 (w at most 2) 1, 2 and 3 in a random order: a modifier's or
 * a rounding mode's values, value 0 none. */
static void one_to_three(uint64_t *s, struct ip_synth_field *f)
{
	uint8_t m[3] = {1, 2, 3};
	shuffle(s, m, 3);
	f->op[0] = 0;
	for (unsigned v = 1; v < (1u << f->w) && v < 4; v++)
		f->op[v] = m[v - 1];
}

/* A seed value of field f the device is happy with (a register that exists, no fault). */
static uint64_t field_seed(uint64_t *s, const struct ip_synth_field *f)
{
	uint64_t v;
	switch (f->kind) {
	case IP_SYNTH_RESERVED: case IP_SYNTH_MODIFIER: case IP_SYNTH_IGNORED:
	case IP_SYNTH_ROUNDING: case IP_SYNTH_LANES:
		return 0;
	case IP_SYNTH_REGISTER:
		do
			v = pick(s, 1u << f->w);
		while (f->map[v] == IP_SYNTH_ZERO || f->map[v] == IP_SYNTH_FAULT_REG);
		return v;
	case IP_SYNTH_ENUM:
		do
			v = pick(s, 1u << f->w);
		while (f->op[v] == OP_FAULT || f->hang == v + 1);
		return v;
	case IP_SYNTH_OFFSET:
		do
			v = pick(s, 1u << f->w);
		while (f->limit && f->base + (int64_t)v >= f->limit);
		return v;
	case IP_SYNTH_SOURCE:
		do
			v = pick(s, 4);
		while (f->src[v] == IP_SYNTH_SRC_FAULT);
		return v;
	default:
		return pick(s, 1u << f->w);
	}
}

/* Lays out `width` bits from bit `at` as fields of random kinds, at most `most` fields. */
static void layout(uint64_t *s, struct ip_synth_device *d, unsigned at, unsigned width,
                   unsigned most)
{
	unsigned end = at + width, enums = 0, mode = 0;
	while (at < end && d->nf + 3 < most) {
		static const enum ip_synth_kind kinds[] = {
			IP_SYNTH_IGNORED, IP_SYNTH_RESERVED, IP_SYNTH_REGISTER, IP_SYNTH_REGISTER,
			IP_SYNTH_COMPONENT, IP_SYNTH_IMM, IP_SYNTH_OFFSET, IP_SYNTH_SHIFT,
			IP_SYNTH_MODIFIER, IP_SYNTH_MASK, IP_SYNTH_ENUM, IP_SYNTH_ENUM, IP_SYNTH_MODE,
		};
		enum ip_synth_kind k = kinds[pick(s, sizeof kinds / sizeof kinds[0])];
		unsigned left = end - at, w = 1;
		struct ip_synth_field *f;
		if ((k == IP_SYNTH_ENUM && enums == 2) || (k == IP_SYNTH_MODE && (mode || left < 6)))
			continue;
		/* two ignored, two reserved or two mask fields side by side are one (their bits act
		 * alike and apart): never drawn so */
		if (d->nf && (k == IP_SYNTH_IGNORED || k == IP_SYNTH_RESERVED || k == IP_SYNTH_MASK) &&
		    d->f[d->nf - 1].kind == k)
			continue;
		switch (k) {
		case IP_SYNTH_IGNORED: w = 1 + pick(s, 3); break;
		case IP_SYNTH_RESERVED: w = 1 + pick(s, 2); break;
		case IP_SYNTH_REGISTER: w = 2 + pick(s, 2); break;
		case IP_SYNTH_COMPONENT: w = 2; break;
		case IP_SYNTH_IMM: w = 3 + pick(s, 4); break;
		case IP_SYNTH_OFFSET: w = 2 + pick(s, 3); break;
		case IP_SYNTH_SHIFT: w = 2 + pick(s, 2); break;
		case IP_SYNTH_MODIFIER: w = 1 + pick(s, 2); break;
		case IP_SYNTH_MASK: w = 2 + pick(s, 2); break;
		case IP_SYNTH_ENUM: w = 2 + pick(s, 2); break;
		case IP_SYNTH_MODE: w = 6; break;
		default: break;
		}
		if (w > left) {
			if (k == IP_SYNTH_MODE)
				continue;
			w = left;
			if (w < 2 && k != IP_SYNTH_IGNORED && k != IP_SYNTH_RESERVED &&
			    k != IP_SYNTH_MODIFIER)
				k = d->nf && d->f[d->nf - 1].kind == IP_SYNTH_IGNORED ? IP_SYNTH_RESERVED
				                                                   : IP_SYNTH_IGNORED;
		}
		if (k == IP_SYNTH_MODE) {
			/* component (2 bits), register (3 bits), then the mode bit that enables both */
			struct ip_synth_field *c = add(d, IP_SYNTH_COMPONENT, at, 2);
			struct ip_synth_field *r = add(d, IP_SYNTH_REGISTER, at + 2, 3);
			struct ip_synth_field *m;
			d->nout -= 2; /* the three share the mode's one output word */
			m = add(d, IP_SYNTH_MODE, at + 5, 1);
			c->out = r->out = m->out;
			register_map(s, r, 1);
			m->base = (int32_t)pick(s, NREGS); /* the record read with the mode off */
			c->mode = r->mode = (int)(m - d->f);
			mode = 1;
			at += 6;
			continue;
		}
		f = add(d, k, at, w);
		switch (k) {
		case IP_SYNTH_REGISTER:
			register_map(s, f, pick(s, 2));
			break;
		case IP_SYNTH_COMPONENT:
			f->base = (int32_t)pick(s, NREGS);
			break;
		case IP_SYNTH_IMM:
			f->is_signed = (int)pick(s, 2);
			f->base = 1000 + (int32_t)pick(s, 50000);
			f->scale = (int32_t)(1 + pick(s, 7)) * (pick(s, 2) ? 1 : -1);
			break;
		case IP_SYNTH_OFFSET:
			f->is_signed = (int)pick(s, 2);
			f->base = UNI_OPERANDS + 16 + (int32_t)pick(s, 32);
			break;
		case IP_SYNTH_SHIFT:
			f->base = (int32_t)(1 + 2 * pick(s, 100));
			break;
		case IP_SYNTH_MODIFIER:
			/* value 0 is none; the others distinct modifiers */
			one_to_three(s, f);
			break;
		case IP_SYNTH_ENUM: {
			uint32_t used = 0;
			for (unsigned v = 0; v < (1u << w); v++) {
				unsigned o;
				do
					o = pick(s, OP_BASE_COUNT);
				while (used >> o & 1);
				used |= 1u << o;
				f->op[v] = (uint8_t)o;
			}
			if (w == 3 && pick(s, 4) == 0)
				f->op[pick(s, 8)] = OP_FAULT;
			enums++;
			break;
		}
		default:
			break;
		}
		at += w;
	}
	while (at < end) /* out of field slots: the rest is ignored */
		at += add(d, IP_SYNTH_IGNORED, at, end - at)->w;
}

/* REGORDER: a 3-bit register select whose values read registers in no order, the zero
 * register, and 3 or 4 values that fault (special registers a board cannot read); half of them
 * read through an index register (r16-r19, holding small indices: the table word read is
 * uniforms[IP_SYNTH_TABLE_AT + 4 * index]), half of those with the component select beside them
 * (below), as Midgard's load/store index registers. */
static void shape_regorder(uint64_t *s, struct ip_synth_device *d, unsigned *at)
{
	int indirect = (int)pick(s, 2);
	struct ip_synth_field *c = NULL, *r;
	uint8_t kind[8] = {0, 0, 0, 1, 2, 2, 2, 2}; /* 0 register, 1 zero, 2 fault */
	unsigned used = 0;
	if (!pick(s, 2))
		kind[4] = 0; /* 3 faulting values rather than 4 */
	if (indirect && pick(s, 2)) {
		c = add(d, IP_SYNTH_INDEX_COMP, *at, 2);
		*at += 2;
	}
	r = add(d, IP_SYNTH_REGISTER, *at, 3);
	*at += 3;
	/* never four faulting values that are a half of them (every value with some bit clear, or
	 * set): that bit would fault whatever the rest, a reserved bit by every run */
	for (int half = 1; half;) {
		for (unsigned i = 7; i > 0; i--) {
			unsigned j = pick(s, i + 1);
			uint8_t t = kind[i];
			kind[i] = kind[j];
			kind[j] = t;
		}
		half = 0;
		for (unsigned b = 0; b < 3; b++)
			for (unsigned set = 0; set < 2; set++) {
				unsigned faults = 0;
				for (unsigned v = 0; v < 8; v++)
					faults += (v >> b & 1) == set && kind[v] == 2;
				half |= faults == 4;
			}
	}
	for (unsigned v = 0; v < 8; v++) {
		unsigned reg;
		if (kind[v]) {
			r->map[v] = kind[v] == 1 ? IP_SYNTH_ZERO : IP_SYNTH_FAULT_REG;
			continue;
		}
		do
			reg = indirect ? NREGS + pick(s, NINDEX) : pick(s, NREGS);
		while (used >> reg & 1);
		used |= 1u << reg;
		r->map[v] = (uint8_t)reg;
	}
	if (!indirect)
		return;
	/* the index registers: 1-16 in random order (every register and component holds an
	 * index of its own, and none the zero register's 0) */
	{
		uint8_t p[16];
		for (unsigned i = 0; i < 16; i++)
			p[i] = (uint8_t)(1 + i);
		for (unsigned i = 15; i > 0; i--) {
			unsigned j = pick(s, i + 1);
			uint8_t t = p[i];
			p[i] = p[j];
			p[j] = t;
		}
		for (unsigned i = 0; i < NINDEX; i++)
			for (unsigned k = 0; k < 4; k++)
				d->index_words[i][k] = p[4 * i + k];
	}
	d->index_regs = (uint16_t)(used >> NREGS);
	r->indirect = 1;
	d->nout -= 3; /* one word: the table word read */
	r->base = (int32_t)pick(s, 4); /* the component read when no select picks it */
	if (c) {
		c->out = r->out;
		c->link = (int)(r - d->f);
		r->link = (int)(c - d->f);
	}
}

/* MODESEL: a mode bit right below or above the select it enables (a register table, a
 * component or an offset): clear, the output reads a fixed register word. */
static void shape_modesel(uint64_t *s, struct ip_synth_device *d, unsigned *at)
{
	static const enum ip_synth_kind kinds[3] = {IP_SYNTH_REGISTER, IP_SYNTH_COMPONENT,
	                                             IP_SYNTH_OFFSET};
	enum ip_synth_kind k = kinds[pick(s, 3)];
	unsigned w = k == IP_SYNTH_REGISTER ? 3 : k == IP_SYNTH_COMPONENT ? 2 : 2 + pick(s, 2);
	int below = (int)pick(s, 2);
	struct ip_synth_field *f, *m;
	/* the fields in bit order (the trial's truth reads them so) */
	if (below) {
		m = add(d, IP_SYNTH_MODE, *at, 1);
		f = add(d, k, *at + 1, w);
	} else {
		f = add(d, k, *at, w);
		m = add(d, IP_SYNTH_MODE, *at + w, 1);
	}
	d->nout -= words_of(k, w); /* the two share the mode's one word, the last */
	m->out = f->out = d->nout - 1;
	f->mode = (int)(m - d->f);
	m->base = (int32_t)pick(s, NREGS);
	if (k == IP_SYNTH_REGISTER && pick(s, 2)) {
		/* a bank bit: registers r0-r7 in no order, the bit adds 8 */
		distinct_picks(s, f->map, 8, 8);
		m->bank = 1;
	} else if (k == IP_SYNTH_REGISTER) {
		register_map(s, f, (int)pick(s, 2));
		/* two special registers that fault (while the select acts) */
		for (unsigned n = 0; n < 2; n++) {
			unsigned v;
			do
				v = pick(s, 8);
			while (f->map[v] == IP_SYNTH_FAULT_REG || f->map[v] == IP_SYNTH_ZERO);
			f->map[v] = IP_SYNTH_FAULT_REG;
		}
	} else if (k == IP_SYNTH_COMPONENT)
		f->base = (int32_t)pick(s, NREGS);
	else if (k == IP_SYNTH_OFFSET)
		f->base = UNI_OPERANDS + 16 + (int32_t)pick(s, 32);
	*at += w + 1;
}

/* OPORDER: an opcode of 2 or 3 bits whose operations come from every one the device runs (both
 * orders of sub and div, every comparison direction), one of them a mirrored one. */
static void shape_oporder(uint64_t *s, struct ip_synth_device *d, unsigned *at)
{
	static const uint8_t mirrored[4] = {OP_RSUB, OP_RDIV, OP_LE, OP_GT};
	unsigned w = 2 + pick(s, 2);
	struct ip_synth_field *f = add(d, IP_SYNTH_ENUM, *at, w);
	uint32_t used = 0;
	unsigned forced = pick(s, 1u << w);
	uint8_t mop = mirrored[pick(s, 4)];
	used |= 1u << mop;
	for (unsigned v = 0; v < (1u << w); v++) {
		unsigned o;
		if (v == forced) {
			f->op[v] = mop;
			continue;
		}
		do
			o = pick(s, OP_COUNT);
		while (used >> o & 1);
		used |= 1u << o;
		f->op[v] = (uint8_t)o;
	}
	*at += w;
}

/* LDST: a load's table select (1 bit: 1.0 from one table, 0.0 from another: a move whatever
 * comparison it may look like) and an offset (3 bits) whose values past its table (3-7)
 * fault. */
static void shape_ldst(uint64_t *s, struct ip_synth_device *d, unsigned *at)
{
	struct ip_synth_field *t = add(d, IP_SYNTH_TABLE, *at, 1), *o;
	unsigned one = pick(s, 2);
	t->src[0] = t->src[1] = IP_SYNTH_SRC_UNIFORM;
	t->src_at[one] = UNI_ONE;
	t->src_at[!one] = 9; /* context 1's b: 0.0 */
	o = add(d, IP_SYNTH_OFFSET, *at + 1, 3);
	o->base = UNI_OPERANDS + 16 + (int32_t)pick(s, 32);
	/* values 3-7 fault: 3 with the top bit clear, so the runs show the top bit's faults are
	 * the offset's own (all of 4-7 faulting alone would read as a reserved bit) */
	o->limit = o->base + 3;
	*at += 4;
}

/* HANG: an opcode of 3 bits one value of which hangs, or a reserved field whose values hang. */
static void shape_hang(uint64_t *s, struct ip_synth_device *d, unsigned *at)
{
	struct ip_synth_field *f;
	if (pick(s, 2)) {
		uint32_t used = 0;
		f = add(d, IP_SYNTH_ENUM, *at, 3);
		for (unsigned v = 0; v < 8; v++) {
			unsigned o;
			do
				o = pick(s, OP_BASE_COUNT);
			while (used >> o & 1);
			used |= 1u << o;
			f->op[v] = (uint8_t)o;
		}
		f->hang = (uint8_t)(1 + pick(s, 8));
		*at += 3;
	} else {
		f = add(d, IP_SYNTH_RESERVED, *at, 1 + pick(s, 2));
		f->hang = 1;
		*at += f->w;
	}
}

/* Product k (0-3) of a ROUNDING field with factors from base, exact (two 21-bit significands);
 * words 0 and 1 positive, 2 and 3 negative. */
static double rounding_product(int32_t base, unsigned k)
{
	uint64_t h = ((uint64_t)(uint32_t)base << 2 | k) * UINT64_C(0x9E3779B97F4A7C15);
	double x = 1.0 + (double)(h >> 44) / 1048576.0, y = 1.0 + (double)(h >> 24 & 0xFFFFF) / 1048576.0;
	return (k < 2 ? 1.0 : -1.0) * x * y * (double)(1u << (k * 3));
}

/* p rounded to binary32 as mode says (0 to nearest, 1 toward +infinity, 2 toward -infinity, 3
 * toward zero). */
static float round_as(double p, unsigned mode)
{
	float r = (float)p, lo, hi;
	if ((double)r == p)
		return r;
	lo = (double)r < p ? r : nextafterf(r, -INFINITY);
	hi = (double)r > p ? r : nextafterf(r, INFINITY);
	switch (mode) {
	case 1: return hi;
	case 2: return lo;
	case 3: return p > 0 ? lo : hi;
	default: return r;
	}
}

/* ROUNDING: a 2-bit rounding mode; value 0 rounds to nearest, the others in a random order
 * toward +infinity, -infinity and zero. Its four products are drawn so that every mode moves
 * some positive and some negative one (to nearest, product 0 rounds up and 1 down, product 2
 * away from zero and 3 toward it). */
static void shape_rounding(uint64_t *s, struct ip_synth_device *d, unsigned *at)
{
	struct ip_synth_field *f = add(d, IP_SYNTH_ROUNDING, *at, 2);
	for (;;) {
		int ok = 1;
		f->base = (int32_t)pick(s, 0x7FFFFFFF);
		for (unsigned k = 0; k < 4; k++) {
			double p = rounding_product(f->base, k);
			double r = (double)(float)p;
			/* away from zero: 0 and 2; toward it: 1 and 3 */
			ok &= fabs(r) != fabs(p) && (fabs(r) > fabs(p)) == (k % 2 == 0);
		}
		if (ok)
			break;
	}
	one_to_three(s, f);
	*at += 2;
}

/* LANES: a select of 2 or 3 bits over an add, sub, mul or fma of three of the registers'
 * first 16 words (other ones per context): value 0 reads the words, the others a binary16
 * half of a, of b or of both (widened to binary32), distinct selects in a random order. */
static void shape_lanes(uint64_t *s, struct ip_synth_device *d, unsigned *at)
{
	unsigned w = 2 + pick(s, 2);
	struct ip_synth_field *f = add(d, IP_SYNTH_LANES, *at, w);
	uint8_t sel[8] = {1, 2, 3, 4, 5, 6, 7, 8};
	f->base = (int32_t)pick(s, 4);
	shuffle(s, sel, 8);
	f->map[0] = 0;
	for (unsigned v = 1; v < (1u << w); v++)
		f->map[v] = sel[v - 1];
	for (unsigned c = 0; c < IP_SYNTH_MAX_CONTEXTS; c++)
		distinct_picks(s, f->lane_at[c], 3, 16);
	*at += w;
}

void ip_synth_generate(uint64_t seed, unsigned pieces, unsigned shapes,
                       struct ip_synth_device *d)
{
	uint64_t s = seed ^ UINT64_C(0x5EED5EED), src = seed ^ UINT64_C(0x50C5050C);
	uint64_t base = 0, sh = seed ^ UINT64_C(0x5A9E5EED);
	unsigned first_shape;
	int mode = -1;
	static void (*const shape_fn[])(uint64_t *, struct ip_synth_device *, unsigned *) = {
		shape_regorder, shape_modesel, shape_oporder, shape_ldst, shape_hang, shape_rounding,
		shape_lanes,
	};
	memset(d, 0, sizeof *d);
	d->seed = seed;
	d->npieces = pieces < 1 ? 1 : pieces > IP_SYNTH_MAX_PIECES ? IP_SYNTH_MAX_PIECES : pieces;
	d->piece_w[0] = 16 + pick(&s, 13);
	/* two pieces: the second copies the first's fields, so the first has half of them */
	layout(&s, d, 0, d->piece_w[0], IP_SYNTH_LAYOUT_FIELDS / d->npieces);
	/* half the devices: an operand source select in 2 bits above the layout, drawn from a
	 * stream of its own (the layout and operands stay those of the device without it) */
	if (pick(&src, 2) && d->nf < IP_SYNTH_LAYOUT_FIELDS / d->npieces) {
		source_map(&src, add(d, IP_SYNTH_SOURCE, d->piece_w[0], 2));
		d->piece_w[0] += 2;
	}
	/* the shapes asked for, above (one instruction only: two would pass 64 bits) */
	d->shapes = d->npieces == 1 ? shapes & IP_SYNTH_SHAPES : 0;
	first_shape = d->nf;
	for (unsigned k = 0; k < sizeof shape_fn / sizeof shape_fn[0]; k++)
		if (d->shapes >> k & 1) {
			uint64_t st = seed ^ (UINT64_C(0x5AA9E000) + k) * UINT64_C(0x9E3779B97F4A7C15);
			shape_fn[k](&st, d, &d->piece_w[0]);
		}
	d->width = d->piece_w[0];
	if (d->npieces == 2) {
		/* the same layout in the second instruction, with outputs of its own */
		unsigned nf = d->nf, out0 = d->nout;
		d->piece_w[1] = d->piece_w[0];
		for (unsigned i = 0; i < nf && d->nf < IP_SYNTH_MAX_FIELDS; i++) {
			struct ip_synth_field *f = &d->f[d->nf++];
			*f = d->f[i];
			f->lo += d->width;
			f->out += out0;
			if (f->mode >= 0)
				f->mode += (int)nf;
			if (f->link >= 0)
				f->link += (int)nf;
		}
		d->nout += out0;
		d->width *= 2;
	}
	for (unsigned i = 0; i < d->nf; i++) {
		const struct ip_synth_field *f = &d->f[i];
		if (i < d->nf / d->npieces || d->npieces == 1)
			base |= field_seed(i >= first_shape ? &sh : f->kind == IP_SYNTH_SOURCE ? &src : &s,
			                   f) << f->lo;
		else /* the second instance starts where the first does */
			base |= (base >> (f->lo - d->width / 2) & ((UINT64_C(1) << f->w) - 1)) << f->lo;
		if (f->kind == IP_SYNTH_MODE && mode < 0)
			mode = (int)i;
	}
	if (d->nout < 4)
		d->nout = 4;
	d->ncontexts = 3;
	for (unsigned c = 0; c < d->ncontexts; c++) {
		uint64_t v = base;
		/* the mode bits: clear in contexts 0 and 1, set in context 2 */
		for (unsigned i = 0; i < d->nf; i++)
			if (d->f[i].kind == IP_SYNTH_MODE) {
				v &= ~(UINT64_C(1) << d->f[i].lo);
				v |= (uint64_t)(c == 2) << d->f[i].lo;
			}
		d->ctx_seed[c] = v;
		/* operand records (a, b) for each of the two words: in context 0 a > 0 > b for the
		 * first word, a < 0 < b for the second; context 1 swaps the signs of a and has b = 0;
		 * context 2 has a = b, then b = -a. Every word sees a of both signs, a above and below
		 * b, b zero (select) and equal inputs: together they tell the operations apart
		 * (abs from a move, max from a move of b, eq from ge, ...). */
		for (unsigned k = 0; k < 4; k++)
			d->operand[c][k] = fabsf(operand(&s));
		if (c == 0) {
			d->operand[c][1] = -d->operand[c][1];
			d->operand[c][2] = -d->operand[c][2];
		} else if (c == 1) {
			d->operand[c][0] = -d->operand[c][0];
			d->operand[c][1] = d->operand[c][3] = 0.0f;
		} else {
			if (pick(&s, 2))
				d->operand[c][0] = -d->operand[c][0];
			d->operand[c][1] = d->operand[c][0];
			d->operand[c][3] = -d->operand[c][2];
		}
	}
}

static float op_apply(unsigned op, float a, float b, float c)
{
	switch (op) {
	case OP_ADD: return a + b;
	case OP_SUB: return a - b;
	case OP_MUL: return a * b;
	case OP_NMUL: return -(a * b);
	case OP_MIN: return a < b ? a : b;
	case OP_MAX: return a > b ? a : b;
	case OP_FLOOR: return floorf(a);
	case OP_CEIL: return ceilf(a);
	case OP_FRACT: return a - floorf(a);
	case OP_SIGN: return a > 0 ? 1.0f : a < 0 ? -1.0f : 0.0f;
	case OP_ABS: return fabsf(a);
	case OP_GE: return a >= b ? 1.0f : 0.0f;
	case OP_LT: return a < b ? 1.0f : 0.0f;
	case OP_EQ: return a == b ? 1.0f : 0.0f;
	case OP_RCP: return 1.0f / a;
	case OP_RSQRT: return 1.0f / sqrtf(a);
	case OP_SQRT: return sqrtf(a);
	case OP_EXP2: return exp2f(a);
	case OP_LOG2: return log2f(a);
	case OP_MOV_A: return a;
	case OP_MOV_B: return b;
	case OP_RSUB: return b - a;
	case OP_DIV: return a / b;
	case OP_RDIV: return b / a;
	case OP_LE: return a <= b ? 1.0f : 0.0f;
	case OP_GT: return a > b ? 1.0f : 0.0f;
	case OP_NE: return a != b ? 1.0f : 0.0f;
	default: return b != 0 ? a : c; /* select */
	}
}

static uint32_t mod_apply(unsigned m, float x)
{
	switch (m) {
	case 1: return ip_f32_bits(-x);
	case 2: return ip_f32_bits(fabsf(x));
	case 3: return ip_f32_bits(x < 0 ? 0.0f : x > 1 ? 1.0f : x);
	default: return ip_f32_bits(x);
	}
}

/* Word x as a LANES operand reads it: sel 0 the word, 1 its bits 0-15, 2 its bits 16-31 as a
 * binary16 number. */
static float lane_read(uint32_t x, unsigned sel)
{
	return sel ? (float)ip_f16_to_double((uint16_t)(sel == 1 ? x : x >> 16))
	           : ip_f32_from_bits(x);
}

/* What a LANES field computes in context ctx under lane select sel. */
static uint32_t lanes_word(const struct ip_synth_field *f, unsigned ctx, unsigned sel,
                           const uint32_t *regs, size_t nregs)
{
	const uint8_t *w = f->lane_at[ctx];
	float a = lane_read(w[0] < nregs ? regs[w[0]] : 0, sel / 3);
	float b = lane_read(w[1] < nregs ? regs[w[1]] : 0, sel % 3);
	float c = ip_f32_from_bits(w[2] < nregs ? regs[w[2]] : 0);
	switch (f->base & 3) {
	case 0: return ip_f32_bits(a + b);
	case 1: return ip_f32_bits(a - b);
	case 2: return ip_f32_bits(a * b);
	default: return ip_f32_bits(fmaf(a, b, c));
	}
}

unsigned ip_synth_lanes_alike(const struct ip_synth_device *d, const struct ip_synth_field *f,
                              unsigned v, const uint32_t *regs, size_t nregs)
{
	unsigned m = 0;
	for (unsigned sel = 0; sel < 9; sel++) {
		int same = 1;
		for (unsigned c = 0; c < d->ncontexts && same; c++)
			same = lanes_word(f, c, sel, regs, nregs) == lanes_word(f, c, f->map[v], regs, nregs);
		m |= (unsigned)same << sel;
	}
	return m;
}

static uint32_t reg_word(const uint32_t *regs, size_t n, unsigned rec, unsigned comp)
{
	size_t i = (size_t)rec * 4 + comp;
	return rec == IP_SYNTH_ZERO || i >= n ? 0 : regs[i];
}

enum ip_status ip_synth_run(const struct ip_synth_device *d, unsigned ctx, uint64_t value,
                            const uint32_t *regs, size_t nregs, const uint32_t *unis,
                            size_t nunis, uint32_t *out, uint32_t *fault)
{
	*fault = 0;
	if (ctx >= d->ncontexts)
		return IP_STATUS_INVALID;
	memset(out, 0, d->nout * sizeof *out);
	for (unsigned i = 0; i < d->nf; i++) {
		const struct ip_synth_field *f = &d->f[i];
		uint64_t v = value >> f->lo & ((UINT64_C(1) << f->w) - 1);
		if (f->kind == IP_SYNTH_RESERVED && v) {
			*fault = f->hang ? 0 : 0x40 + i;
			return f->hang ? IP_STATUS_TIMEOUT : IP_STATUS_FAULT;
		}
		if (f->kind == IP_SYNTH_ENUM && f->hang == v + 1)
			return IP_STATUS_TIMEOUT;
		if (f->kind == IP_SYNTH_ENUM && f->op[v] == OP_FAULT) {
			*fault = 0x60;
			return IP_STATUS_FAULT;
		}
		if (f->kind == IP_SYNTH_REGISTER && f->map[v] == IP_SYNTH_FAULT_REG &&
		    (f->mode < 0 || (value >> d->f[f->mode].lo & 1))) {
			*fault = 0x48;
			return IP_STATUS_FAULT;
		}
		if (f->kind == IP_SYNTH_OFFSET && f->limit && f->base + (int64_t)v >= f->limit) {
			*fault = OFFSET_FAULT;
			return IP_STATUS_FAULT;
		}
		if (f->kind == IP_SYNTH_SOURCE && f->src[v] == IP_SYNTH_SRC_FAULT) {
			*fault = 0x70;
			return IP_STATUS_FAULT;
		}
	}
	for (unsigned i = 0; i < d->nf; i++) {
		const struct ip_synth_field *f = &d->f[i];
		uint64_t v = value >> f->lo & ((UINT64_C(1) << f->w) - 1);
		uint32_t *o = out + f->out;
		switch (f->kind) {
		case IP_SYNTH_REGISTER:
			if (f->mode >= 0)
				break; /* read through its mode field */
			if (f->indirect) {
				/* the index its register's component holds picks the table word */
				uint64_t comp = f->link >= 0 ? value >> d->f[f->link].lo & 3 : (uint64_t)f->base;
				uint32_t x = reg_word(regs, nregs, f->map[v], (unsigned)comp);
				size_t at = IP_SYNTH_TABLE_AT + 4 * (size_t)x;
				o[0] = at < nunis ? unis[at] : 0;
				break;
			}
			for (unsigned k = 0; k < 4; k++)
				o[k] = reg_word(regs, nregs, f->map[v], k);
			break;
		case IP_SYNTH_TABLE: {
			unsigned at = f->src_at[v];
			o[0] = f->src[v] == IP_SYNTH_SRC_REGISTER ? reg_word(regs, nregs, at / 4, at % 4)
			     : at < nunis ? unis[at] : 0;
			break;
		}
		case IP_SYNTH_COMPONENT:
			if (f->mode < 0)
				o[0] = reg_word(regs, nregs, (unsigned)f->base, (unsigned)v);
			break;
		case IP_SYNTH_IMM:
			o[0] = (uint32_t)(f->base + f->scale * (f->is_signed ? sext(v, f->w) : (int64_t)v));
			break;
		case IP_SYNTH_OFFSET: {
			int64_t at = f->base + (f->is_signed ? sext(v, f->w) : (int64_t)v);
			if (f->mode >= 0)
				break; /* read through its mode field */
			o[0] = at >= 0 && (size_t)at < nunis ? unis[at] : 0;
			break;
		}
		case IP_SYNTH_SHIFT:
			o[0] = (uint32_t)f->base << v;
			break;
		case IP_SYNTH_MODIFIER:
			o[0] = mod_apply(f->op[v], -2.5f);
			o[1] = mod_apply(f->op[v], 0.75f);
			break;
		case IP_SYNTH_ROUNDING:
			for (unsigned k = 0; k < 4; k++)
				o[k] = ip_f32_bits(round_as(rounding_product(f->base, k), f->op[v]));
			break;
		case IP_SYNTH_LANES:
			o[0] = lanes_word(f, ctx, f->map[v], regs, nregs);
			break;
		case IP_SYNTH_MASK:
			for (unsigned k = 0; k < f->w; k++)
				if (v >> k & 1)
					o[k] = 0x51A50000u + 0x111u * (f->out + k);
			break;
		case IP_SYNTH_ENUM:
			for (unsigned k = 0; k < 2; k++) {
				const float *x = d->operand[ctx];
				float r = op_apply(f->op[v], x[2 * k], x[2 * k + 1], x[(2 * k + 2) % 4]);
				o[k] = ip_f32_bits(r);
			}
			break;
		case IP_SYNTH_SOURCE: {
			unsigned at = f->src_at[v];
			o[0] = f->src[v] == IP_SYNTH_SRC_REGISTER ? reg_word(regs, nregs, at / 4, at % 4)
			     : f->src[v] == IP_SYNTH_SRC_UNIFORM ? (at < nunis ? unis[at] : 0) : at;
			break;
		}
		case IP_SYNTH_MODE:
			if (f->bank) {
				/* the register select beside it reads from the bank it picks */
				for (unsigned j = 0; j < d->nf; j++)
					if (d->f[j].mode == (int)i) {
						uint64_t gv = value >> d->f[j].lo & ((UINT64_C(1) << d->f[j].w) - 1);
						o[0] = reg_word(regs, nregs, d->f[j].map[gv] + 8 * (unsigned)v, 0);
					}
			} else if (!v) {
				o[0] = reg_word(regs, nregs, (unsigned)f->base, 0);
			} else {
				/* what the dependents pick: a register and its component (a component
				 * select alone: of its own record), or an offset's word */
				unsigned rec = 0, comp = 0;
				int have_rec = 0;
				int64_t at = -1;
				for (unsigned j = 0; j < d->nf; j++) {
					const struct ip_synth_field *g = &d->f[j];
					uint64_t gv = value >> g->lo & ((UINT64_C(1) << g->w) - 1);
					if (g->mode != (int)i)
						continue;
					if (g->kind == IP_SYNTH_REGISTER) {
						rec = g->map[gv];
						have_rec = 1;
					} else if (g->kind == IP_SYNTH_OFFSET) {
						at = g->base + (int64_t)gv;
					} else {
						comp = (unsigned)gv;
						if (!have_rec)
							rec = (unsigned)g->base;
					}
				}
				if (at >= 0)
					o[0] = (size_t)at < nunis ? unis[at] : 0;
				else
					o[0] = reg_word(regs, nregs, rec, comp);
			}
			break;
		default:
			break;
		}
	}
	return IP_STATUS_OK;
}

/* Appends to a growing text. */
static void put(char **t, size_t *len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void put(char **t, size_t *len, const char *fmt, ...)
{
	va_list ap;
	int n;
	char *g;
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	g = realloc(*t, *len + (size_t)n + 1);
	if (!g)
		abort();
	*t = g;
	va_start(ap, fmt);
	vsnprintf(*t + *len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	*len += (size_t)n;
}

/* ` name=value` for every field of the utgard_gp instruction word that holds bits of
 * [0, w): the piece's bits of `value` (the rest of those fields 0). */
static void piece_keys(char **t, size_t *len, unsigned w, uint64_t value)
{
	const struct ip_format *fmt = ip_isa_format(ip_isa_find("utgard_gp"), "instr");
	for (unsigned i = 0; fmt && i < fmt->nfields; i++) {
		const struct ip_field *f = &fmt->fields[i];
		uint64_t v;
		if (f->lo >= w || f->when[0].field)
			continue;
		v = value >> f->lo & ip_mask64(f->width);
		put(t, len, " %s=%llu", f->name, (unsigned long long)v);
	}
}

char *ip_synth_probe_text(const struct ip_synth_device *d)
{
	char *t = NULL;
	size_t len = 0;
	unsigned at = 0;
	put(&t, &len, "# a synthetic device drawn from seed %llu (runners/synth/synth_device.c)\n"
	              "isa utgard_gp\nname synth_%llu\nprogram <<END\n",
	    (unsigned long long)d->seed, (unsigned long long)d->seed);
	for (unsigned p = 0; p < d->npieces; p++)
		put(&t, &len, "instr {}\n");
	put(&t, &len, "END\n");
	for (unsigned p = 0; p < d->npieces; p++) {
		put(&t, &len, "target %u.instr bits 0-%u\n", p, d->piece_w[p] - 1);
	}
	put(&t, &len, "input registers distinct %u\n", NREGS * 16);
	if (d->index_regs) { /* REGORDER's index registers r16-r19: small indices */
		put(&t, &len, "input registers words");
		for (unsigned i = 0; i < NINDEX; i++)
			for (unsigned k = 0; k < 4; k++)
				put(&t, &len, " %u", d->index_words[i][k]);
		put(&t, &len, "\n");
	}
	put(&t, &len, "record registers 16 names r0..r%u\n",
	    (d->index_regs ? NREGS + NINDEX : NREGS) - 1);
	put(&t, &len, "input uniforms words");
	for (unsigned w = 0; w < UNI_OPERANDS; w++) {
		unsigned c = w / 8, k = w % 8;
		uint32_t x = c < d->ncontexts && k < 4 ? ip_f32_bits(d->operand[c][k]) : 0x7E000000u + w;
		/* OPORDER: a record of signed zeros; LDST: 1.0 (a table select moves it) */
		if ((d->shapes & IP_SYNTH_SHAPE_OPORDER) && w >= UNI_ZEROS && w < UNI_ZEROS + 4)
			x = (w - UNI_ZEROS == 1 || w - UNI_ZEROS == 2) ? 0x80000000u : 0;
		if ((d->shapes & IP_SYNTH_SHAPE_LDST) && w == UNI_ONE)
			x = 0x3f800000u;
		put(&t, &len, " 0x%08x", x);
	}
	put(&t, &len, "\ninput uniforms distinct %u\nrecord uniforms 16\n",
	    (UNI_WORDS - UNI_OPERANDS) * 4);
	put(&t, &len, "observe varyings_out %u\n", d->nout * 4);
	for (unsigned c = 0; c < d->ncontexts; c++) {
		put(&t, &len, "context c%u", c);
		at = 0;
		for (unsigned p = 0; p < d->npieces; p++) {
			uint64_t v = d->ctx_seed[c] >> at & ip_mask64(d->piece_w[p]);
			if (p) { /* another slot's fields: SLOT/FIELD=VALUE each */
				char *k = NULL;
				size_t kl = 0;
				piece_keys(&k, &kl, d->piece_w[p], v);
				for (char *s = k ? strtok(k, " ") : NULL; s; s = strtok(NULL, " "))
					put(&t, &len, " %u.instr/%s", p, s);
				free(k);
			} else {
				put(&t, &len, " store1_addr=%u", c);
				piece_keys(&t, &len, d->piece_w[p], v);
			}
			at += d->piece_w[p];
		}
		put(&t, &len, "\n");
	}
	return t;
}
