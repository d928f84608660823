/* midgard_mesa.c: `isaprobe disasm --style mesa` for Midgard: the program as Mesa's disassembler
 * (src/panfrost/midgard/disassemble.c) prints it, names from midgard_mesa_names.c. */
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "common/fp16.h"
#include "common/float_bits.h"
#include "isaprobe/internal/mesa.h"
#include "midgard_mesa.h"
#include "midgard_syntax.h"

extern const struct ip_mesa midgard_mesa;

static const char components[] = "xyzwefghijklmnop";

enum { EXP_NONE, EXP_REP_LOW, EXP_REP_HIGH, EXP_SWAP, EXP_LOW, EXP_HIGH, EXP_LOW_SWAP,
       EXP_HIGH_SWAP };
#define EXPANDS(e) ((e) >= EXP_LOW)

struct ctx {
	FILE *out;
	uint16_t ever_written; /* r0-r15 written so far: r8-r15 not yet written are uniforms */
};

/* ---- names -------------------------------------------------------------------------------- */
static const struct ip_mesa_name *op_row(const struct ip_format *fmt, uint64_t op)
{
	return ip_mesa_value(&midgard_mesa, fmt, "op", op);
}

static const char *tag_name(unsigned tag)
{
	const struct ip_mesa_name *n = ip_mesa_value(&midgard_mesa, &midgard_alu_control, "type", tag);
	static const char *const others[16] = {[0] = "invalid", [6] = "unk1", [7] = "unk2"};
	return n ? n->mesa : others[tag & 15] ? others[tag & 15] : "?";
}

static unsigned bits_for_mode(unsigned mode)
{
	return 8u << mode;
}

/* ---- registers ---------------------------------------------------------------------------- */
static void print_reg(struct ctx *c, unsigned reg, bool is_write)
{
	bool uniform = (reg >= 8 && reg < 16 && !(c->ever_written >> reg & 1)) ||
	               (reg >= 16 && reg <= 23);
	if (reg == 24 || reg == 25)
		fprintf(c->out, "TMP%u", reg - 24);
	else if (reg == 28 || reg == 29)
		fprintf(c->out, "%s%u", is_write ? "AT" : "TA", reg - 28);
	else if (reg == 26 || reg == 27)
		fprintf(c->out, "AL%u", reg - 26);
	else if (uniform)
		fprintf(c->out, "U%u", 23 - reg);
	else if (reg == 31 && !is_write)
		fprintf(c->out, "PC_SP");
	else
		fprintf(c->out, "R%u", reg);
}

static void print_dest(struct ctx *c, unsigned reg)
{
	if (reg < 16)
		c->ever_written |= (uint16_t)(1u << reg);
	print_reg(c, reg, true);
}

/* ---- constants ---------------------------------------------------------------------------- */
/* One constant component (Mesa mir_print_constant_component), c indexing the 128 bits in
 * elements of the register mode's size (halved when the input expands). */
static void print_const_component(FILE *out, const ip_word *consts, unsigned c, unsigned mode,
                                  bool half, unsigned mod, unsigned flags)
{
	bool sint = (flags & MG_MESA_INT) != 0;
	unsigned size = bits_for_mode(mode) >> half;
	if (c * size >= 128) {
		fputc('?', out);
		return;
	}
	uint64_t raw = ip_bits_get(consts, c * size, size);
	switch (size) {
	case 64:
		if (sint)
			fprintf(out, "%" PRIi64, (int64_t)raw);
		else {
			double v;
			memcpy(&v, &raw, sizeof v);
			v = mod & 1 ? fabs(v) : v;
			fprintf(out, "%g", mod & 2 ? -v : v);
		}
		break;
	case 32:
		if (sint) {
			int64_t v = half && mod == 1   ? (int64_t)(uint32_t)raw
			            : half && mod == 3 ? (int64_t)((uint64_t)(uint32_t)raw << 32)
			                               : (int64_t)(int32_t)raw;
			fprintf(out, "%" PRIi64, v);
		} else {
			float v = ip_f32_from_bits((uint32_t)raw);
			v = mod & 1 ? fabsf(v) : v;
			fprintf(out, "%g", (double)(mod & 2 ? -v : v));
		}
		break;
	case 16:
		if (sint) {
			int32_t v = half && mod == 1   ? (int32_t)(uint16_t)raw
			            : half && mod == 3 ? (int32_t)((uint32_t)(uint16_t)raw << 16)
			                               : (int32_t)(int16_t)raw;
			fprintf(out, "%d", v);
		} else {
			float v = (float)ip_f16_to_double((uint16_t)raw);
			v = mod & 1 ? fabsf(v) : v;
			fprintf(out, "%g", (double)(mod & 2 ? -v : v));
		}
		break;
	default:
		fprintf(out, "0x%X", (unsigned)raw);
		if (mod)
			fprintf(out, " /* %u */", mod);
	}
}

/* ---- vector units ------------------------------------------------------------------------- */
static unsigned condense_mask(unsigned mask, unsigned bits)
{
	unsigned slots = bits / 16, out = 0;
	if (bits == 8) {
		for (unsigned i = 0; i < 8; i++)
			if (mask >> i & 1)
				out |= 3u << (2 * i);
		return out;
	}
	for (unsigned i = 0; i < 128 / bits; i++)
		if (mask & (1u << (i * slots)))
			out |= 1u << i;
	return out;
}

static void print_selectors(FILE *out, unsigned swz, unsigned mode, unsigned offset, unsigned mask,
                            unsigned *mask_offset)
{
	unsigned skip = bits_for_mode(mode) / 16 ? bits_for_mode(mode) / 16 : 1;
	for (unsigned i = 0; i < 4; i++, *mask_offset += skip) {
		unsigned c;
		if (!(mask >> *mask_offset & 1))
			continue;
		c = (swz >> (2 * i)) & 3;
		if (mode == 0)
			c *= 2;
		c += offset;
		fputc(components[c & 15], out);
		if (mode == 0)
			fputc(components[(c + 1) & 15], out);
	}
}

static void print_selectors64(FILE *out, unsigned swz, unsigned expand, unsigned offset,
                              unsigned mask)
{
	unsigned bit = 0;
	for (unsigned i = offset; i < 4; i += EXPANDS(expand) ? 1 : 2, bit += 4) {
		unsigned a, b;
		if (!(mask >> bit & 1))
			continue;
		a = (swz >> (2 * i)) & 3;
		if (EXPANDS(expand)) {
			a += expand == EXP_HIGH ? 2 : 0;
			fputc(components[a / 2], out);
			continue;
		}
		b = (swz >> (2 * (i + 1))) & 3;
		if (b == a + 1)
			fputc(a >> 1 ? 'Y' : 'X', out);
		else
			fprintf(out, "[%c%c]", components[a], components[b]);
	}
}

static void print_swizzle(FILE *out, unsigned swz, unsigned expand, unsigned mode, unsigned mask)
{
	unsigned bits = bits_for_mode(mode) >> EXPANDS(expand), first = 0, second = 128 / bits / 2;
	unsigned mo = 0;
	switch (expand) {
	case EXP_NONE:
		if (swz == 0xE4)
			return;
		break;
	case EXP_LOW: second /= 2; break;
	case EXP_HIGH: first = second; second += second / 2; break;
	case EXP_REP_LOW: second = 0; break;
	case EXP_REP_HIGH: first = second; break;
	case EXP_SWAP: first = second; second = 0; break;
	case EXP_LOW_SWAP: first = second / 2; second = 0; break;
	default: first = second + second / 2; break;
	}
	fputc('.', out);
	if (mode == 3) {
		print_selectors64(out, swz, expand, first, mask);
		return;
	}
	print_selectors(out, swz, mode, first, mask, &mo);
	if (mode <= 1)
		print_selectors(out, swz, mode, second, mask, &mo);
}

static void print_srcmod(FILE *out, bool is_int, bool expands, unsigned mod)
{
	static const char *const int_mods[4] = {".sext", ".zext", ".replicate", ".lshift"};
	if (is_int) {
		if (expands)
			fputs(int_mods[mod & 3], out);
		return;
	}
	if (mod & 1)
		fputs(".abs", out);
	if (mod & 2)
		fputs(".neg", out);
	if (expands)
		fputs(".widen", out);
}

static void print_alu_mask(FILE *out, unsigned mask, unsigned bits, unsigned shrink)
{
	unsigned skip = bits / 16 ? bits / 16 : 1;
	bool tripped = false;
	const char *alphabet = components + (shrink == 1 && bits != 8 ? 128 / bits : 0);
	if (shrink == 2 && mask == 0xFF)
		return;
	fputc('.', out);
	for (unsigned i = 0; i < 8; i += skip) {
		bool a = mask >> i & 1;
		for (unsigned j = 1; j < skip; j++)
			tripped |= (bool)(mask >> (i + j) & 1) != a;
		if (a) {
			unsigned idx = bits == 8 ? i * 2 : i;
			fputc(alphabet[idx / skip], out);
			if (bits == 8)
				fputc(alphabet[idx + 1], out);
		}
	}
	if (tripped)
		fprintf(out, " /* %X */", mask);
}

/* The float (before '|') or integer (after) output-modifier suffix of the names table. */
static void print_outmod(FILE *out, unsigned outmod, bool is_int, bool half)
{
	const struct ip_mesa_name *n =
		ip_mesa_value(&midgard_mesa, &midgard_vector_alu, "outmod", outmod);
	const char *bar = n ? strchr(n->mesa, '|') : NULL;
	if (is_int && !half)
		return;
	if (!is_int && half)
		fputs(".shrink", out);
	if (bar)
		fprintf(out, "%.*s", is_int ? (int)strlen(bar + 1) : (int)(bar - n->mesa),
		        is_int ? bar + 1 : n->mesa);
}

struct vsrc {
	unsigned mod, expand, swz;
};

static struct vsrc vector_src(const struct midgard_unit_words *u, int n)
{
	struct vsrc s;
	s.mod = (unsigned)(midgard_get(u, n ? "src2_abs" : "src1_abs") |
	                   midgard_get(u, n ? "src2_neg" : "src1_neg") << 1);
	s.expand = (unsigned)midgard_get(u, n ? "src2_expand" : "src1_expand");
	s.swz = (unsigned)midgard_get(u, n ? "src2_swz" : "src1_swz");
	return s;
}

static void print_vector_constants(FILE *out, const ip_word *consts, struct vsrc s, unsigned mode,
                                   unsigned mask, unsigned flags)
{
	bool expands = EXPANDS(s.expand);
	unsigned bits = bits_for_mode(mode) >> expands, max = 128 / bits, cmask, n = 0;
	unsigned ch = MG_MESA_CHANNELS_OF(flags);
	if (!consts) {
		fputs("/* no constants */", out);
		return;
	}
	cmask = ch ? (1u << ch) - 1 : condense_mask(mask, bits);
	for (unsigned i = 0; i < max; i++)
		n += cmask >> i & 1;
	fputc(n > 1 ? '<' : '#', out);
	for (unsigned i = 0, first = 1; i < max && i < 16; i++) {
		unsigned c = (s.swz >> (2 * i)) & 3;
		if (!(cmask >> i & 1))
			continue;
		if (bits == 16 && !expands) {
			unsigned upper = i >= 4;
			c += s.expand == EXP_NONE ? upper * 4 : s.expand == EXP_REP_HIGH ? 4
			     : s.expand == EXP_SWAP ? !upper * 4 : 0;
		} else if (bits == 8 && !expands) {
			unsigned upper = i >= 8;
			c = ((s.swz >> (2 * ((i >> 1) & 3))) & 3) * 2;
			c += s.expand == EXP_NONE ? upper * 8 : s.expand == EXP_REP_HIGH ? 8
			     : s.expand == EXP_SWAP ? !upper * 8 : 0;
			c += i & 1;
		}
		if (!first)
			fputs(", ", out);
		first = 0;
		print_const_component(out, consts, c, mode, expands, s.mod, flags);
	}
	if (n > 1)
		fputc('>', out);
}

static void print_vector_src(struct ctx *c, const struct midgard_unit_words *u, int n,
                             unsigned mode, unsigned mask, bool is_int, const ip_word *consts,
                             unsigned flags)
{
	struct vsrc s = vector_src(u, n);
	unsigned reg = (unsigned)midgard_get(u, n ? "src2" : "src1");
	if (reg == 26) {
		print_vector_constants(c->out, consts, s, mode, mask, flags);
		return;
	}
	print_reg(c, reg, false);
	print_swizzle(c->out, s.swz, s.expand, mode, mask);
	print_srcmod(c->out, is_int, EXPANDS(s.expand), s.mod);
}

static void print_immediate(FILE *out, uint16_t imm, bool is_int)
{
	if (is_int)
		fprintf(out, "#%u", imm);
	else
		fprintf(out, "#%g", ip_f16_to_double(imm));
}

static void print_op_name(FILE *out, const struct ip_mesa_name *row, uint64_t op)
{
	if (row)
		fputs(row->mesa, out);
	else
		fprintf(out, "alu_op_%02X", (unsigned)op);
}

/* Mesa's integer/float typing: its table marks integer ops and conversions; an opcode it does
 * not name is typed by its value range, as Mesa's midgard_is_integer_op does. */
static bool op_is_int(const struct ip_mesa_name *row, uint64_t op)
{
	return row ? (row->flags & MG_MESA_INT) != 0
	           : (op >= 0x40 && op <= 0x7E) || (op >= 0xA0 && op <= 0xC1);
}

static bool op_is_int_out(const struct ip_mesa_name *row, uint64_t op)
{
	return op_is_int(row, op) ^ (row && (row->flags & MG_MESA_CONVERT));
}

static void print_vector(struct ctx *c, const struct midgard_unit_words *u, const ip_word *consts)
{
	uint64_t op = midgard_get(u, "op");
	const struct ip_mesa_name *row = op_row(&midgard_vector_alu, op);
	unsigned flags = row ? row->flags : 0, mode = (unsigned)midgard_get(u, "mode");
	unsigned mask = (unsigned)midgard_get(u, "mask"), shrink = (unsigned)midgard_get(u, "out_size");
	unsigned bits = bits_for_mode(mode), rep = MG_MESA_CHANNELS_OF(flags), src_mask = mask;
	bool is_int = op_is_int(row, op), is_int_out = op_is_int_out(row, op);
	print_op_name(c->out, row, op);
	fprintf(c->out, ".%c%u ", is_int_out ? 'i' : 'f', bits);
	print_dest(c, (unsigned)midgard_get(u, "dst"));
	if (shrink != 2 && !(mode != 0 && shrink != 3))
		fprintf(c->out, "/* do%u */ ", shrink);
	if (rep) {
		unsigned cm = condense_mask(mask, bits), k = 0;
		for (unsigned i = 0; i < 16; i++)
			k += cm >> i & 1;
		if (k != 1)
			fputs("/* err too many components */", c->out);
		/* Mesa's expand_writemask: each of the rep components covers 8 >> log2(128 / bits)
		 * mask bits (bits / 16, none in 8-bit mode) */
		unsigned factor = bits / 16;
		src_mask = 0;
		for (unsigned i = 0; i < rep; i++)
			src_mask |= ((1u << factor) - 1) << (i * factor);
	}
	print_alu_mask(c->out, mask, bits, shrink);
	print_outmod(c->out, (unsigned)midgard_get(u, "outmod"), is_int_out, shrink != 2);
	fputs(", ", c->out);
	print_vector_src(c, u, 0, mode, src_mask, is_int, consts, flags);
	fputs(", ", c->out);
	if (midgard_get(u, "src2_imm"))
		print_immediate(c->out, midgard_imm_get(u, midgard_vector_imm), is_int);
	else
		print_vector_src(c, u, 1, mode, src_mask, is_int, consts, flags);
	fputc('\n', c->out);
}

/* ---- scalar units ------------------------------------------------------------------------- */
/* Mesa's midgard_scalar_alu_src: mod, full, 3-bit component (a 16-bit lane). */
struct ssrc {
	unsigned mod, full, comp;
};

static struct ssrc scalar_src(const struct midgard_unit_words *u, int n)
{
	struct ssrc s;
	s.mod = (unsigned)(midgard_get(u, n ? "src2_abs" : "src1_abs") |
	                   midgard_get(u, n ? "src2_neg" : "src1_neg") << 1);
	s.full = (unsigned)midgard_get(u, n ? "src2_full" : "src1_full");
	if (n)
		s.comp = (unsigned)midgard_get(u, "src2_comp");
	else if (s.full)
		s.comp = (unsigned)(midgard_get(u, "src1_comp") << 1 | midgard_get(u, "src1_unused11"));
	else
		s.comp = (unsigned)(midgard_get(u, "src1_comp") | midgard_get(u, "src1_hsel") << 2);
	return s;
}

static void print_scalar_src(struct ctx *c, const struct midgard_unit_words *u, int n, bool is_int,
                             const ip_word *consts, unsigned flags)
{
	struct ssrc s = scalar_src(u, n);
	unsigned reg = (unsigned)midgard_get(u, n ? "src2" : "src1");
	if (reg == 26) {
		fputc('#', c->out);
		if (consts)
			print_const_component(c->out, consts, s.comp, s.full ? 2 : 1, false, s.mod, flags);
		else
			fputs("/* no constants */", c->out);
		return;
	}
	print_reg(c, reg, false);
	fprintf(c->out, ".%c", components[s.full ? s.comp >> 1 : s.comp]);
	print_srcmod(c->out, is_int, !s.full, s.mod);
}

static void print_scalar(struct ctx *c, const struct midgard_unit_words *u, const ip_word *consts)
{
	uint64_t op = midgard_get(u, "op");
	const struct ip_mesa_name *row = op_row(&midgard_scalar_alu, op);
	unsigned flags = row ? row->flags : 0, full = (unsigned)midgard_get(u, "out_full");
	unsigned comp = full ? (unsigned)(midgard_get(u, "out_comp") << 1 |
	                                  midgard_get(u, "out_unused29"))
	                     : (unsigned)(midgard_get(u, "out_comp") | midgard_get(u, "out_hsel") << 2);
	bool is_int = op_is_int(row, op), is_int_out = op_is_int_out(row, op);
	if (midgard_get(u, "unk25"))
		fputs("scalar ALU reserved bit set\n", c->out);
	print_op_name(c->out, row, op);
	fprintf(c->out, ".%c32 ", is_int_out ? 'i' : 'f');
	print_dest(c, (unsigned)midgard_get(u, "dst"));
	fprintf(c->out, ".%c", components[full ? comp >> 1 : comp]);
	print_outmod(c->out, (unsigned)midgard_get(u, "outmod"), is_int_out, !full);
	fputs(", ", c->out);
	print_scalar_src(c, u, 0, is_int, consts, flags);
	fputs(", ", c->out);
	if (midgard_get(u, "src2_imm"))
		print_immediate(c->out, midgard_imm_get(u, midgard_scalar_imm), is_int);
	else
		print_scalar_src(c, u, 1, is_int, consts, flags);
	fputc('\n', c->out);
}

/* ---- branches ----------------------------------------------------------------------------- */
static const char *call_mode(unsigned m)
{
	static const char *const names[4] = {".reserved", "", ".call", ".return"};
	return names[m & 3];
}

static void print_branch_op(FILE *out, unsigned op)
{
	static const char *const names[8] = {NULL, "uncond.", "cond.", NULL, "discard.", NULL,
	                                     "tilebuffer.", "write."};
	if (names[op & 7])
		fputs(names[op & 7], out);
	else
		fprintf(out, "unk%u.", op);
}

static void print_branch_cond(FILE *out, unsigned cond)
{
	static const char *const names[4] = {"write0", "false", "true", "always"};
	if (cond < 4)
		fputs(names[cond], out);
	else
		fprintf(out, "lut%X", cond);
}

static int32_t sext(uint64_t v, unsigned bits)
{
	uint64_t m = UINT64_C(1) << (bits - 1);
	return (int32_t)(int64_t)((v ^ m) - m);
}

/* A field of a public-layout overlay format read from a word's field `within`. */
static uint64_t overlay(const struct midgard_unit_words *u, const char *within,
                        const struct ip_format *fmt, const char *name)
{
	ip_word w = {{midgard_get(u, within), 0}};
	return ip_field_get(ip_format_field(fmt, name), &w);
}

/* Returns whether the branch goes forward (Mesa keeps disassembling past a break then). */
static bool print_compact_branch(struct ctx *c, const struct midgard_unit_words *u)
{
	unsigned op = (unsigned)midgard_get(u, "op"), tag, cond = 0;
	int32_t offset;
	if (op == 1) {
		offset = sext(midgard_get(u, "offset"), 7);
		tag = (unsigned)midgard_get(u, "dest_tag");
		fprintf(c->out, "br.uncond%s %s%d -> %s\n", call_mode((unsigned)midgard_get(u, "unk7")),
		        offset >= 0 ? "+" : "", offset, tag_name(tag));
		return offset >= 0;
	}
	if (op == 2) {
		offset = sext(midgard_get(u, "offset"), 7);
		tag = (unsigned)midgard_get(u, "dest_tag");
		cond = (unsigned)midgard_get(u, "cond");
	} else { /* Mesa reads the other opcodes with the conditional layout */
		const struct ip_format *o = &midgard_branch_writeout_public;
		offset = sext(overlay(u, "unk3", o, "offset"), 7);
		tag = (unsigned)overlay(u, "unk3", o, "dest_tag");
		cond = (unsigned)overlay(u, "unk3", o, "cond");
	}
	fputs("br.", c->out);
	print_branch_op(c->out, op);
	print_branch_cond(c->out, cond);
	fprintf(c->out, " %s%d -> %s\n", offset >= 0 ? "+" : "", offset, tag_name(tag));
	return offset >= 0;
}

static bool print_extended_branch(struct ctx *c, const struct midgard_unit_words *u)
{
	const struct ip_format *o = &midgard_branch_extended_public;
	unsigned cond = (unsigned)overlay(u, "unk0", o, "cond"), single = 1;
	int32_t offset = sext(overlay(u, "unk0", o, "offset"), 23);
	fprintf(c->out, "brx%s.", call_mode((unsigned)overlay(u, "unk0", o, "call_mode")));
	print_branch_op(c->out, (unsigned)overlay(u, "unk0", o, "op"));
	for (unsigned i = 0; i < 16; i += 2)
		single &= ((cond >> i) & 3) == (cond & 3);
	if (single)
		print_branch_cond(c->out, cond & 3);
	else
		fprintf(c->out, "lut%X", cond);
	fprintf(c->out, " %s%d -> %s\n", offset >= 0 ? "+" : "", offset,
	        tag_name((unsigned)overlay(u, "unk0", o, "dest_tag")));
	return offset >= 0;
}

/* ---- ALU words ---------------------------------------------------------------------------- */
static bool print_alu_word(struct ctx *c, const struct ip_bundle *b)
{
	const ip_word *consts = NULL;
	const ip_word *ctl = &b->slots[0].value;
	bool forward = false;
	for (unsigned k = 0; k < b->nslots; k++)
		if (b->slots[k].unit == MIDGARD_ROLE_CONSTANTS)
			consts = &b->slots[k].value;
	for (unsigned u = 0; u < MIDGARD_UNIT_COUNT; u++) {
		unsigned bit = midgard_units[u].enable_bit - 1;
		/* the bits below each ALU enable (16, 18, 20, 22, 24) are unnamed in Mesa */
		if (u < MIDGARD_ALU_UNITS && ip_bits_get(ctl, bit, 1))
			fprintf(c->out, "unknown bit %u enabled\n", bit);
		for (unsigned k = 0; k < b->nslots; k++) {
			const struct ip_slot *s = &b->slots[k];
			ip_word unit = s->value, reg = ip_word_zero();
			struct midgard_unit_words w = {s->fmt, &unit, NULL};
			if (midgard_role_unit(s->unit) != (int)u)
				continue;
			if (ip_slot_context(b, s)) {
				reg = *ip_slot_context(b, s);
				w.reg = &reg;
			}
			if (s->fmt == &midgard_vector_alu)
				print_vector(c, &w, consts);
			else if (s->fmt == &midgard_scalar_alu)
				print_scalar(c, &w, consts);
			else if (s->fmt == &midgard_branch_compact)
				forward |= print_compact_branch(c, &w);
			else
				forward |= print_extended_branch(c, &w);
		}
	}
	if (consts)
		fprintf(c->out, "uconstants 0x%X, 0x%X, 0x%X, 0x%X\n",
		        (unsigned)ip_bits_get(consts, 0, 32), (unsigned)ip_bits_get(consts, 32, 32),
		        (unsigned)ip_bits_get(consts, 64, 32), (unsigned)ip_bits_get(consts, 96, 32));
	return forward;
}

/* ---- load/store words --------------------------------------------------------------------- */
static void print_ls_read_reg(FILE *out, unsigned reg)
{
	static const char *const names[8] = {"AL0", "AL1", "PC_SP", "LOCAL_STORAGE_PTR",
	                                     "LOCAL_THREAD_ID", "GROUP_ID", "GLOBAL_THREAD_ID", "0"};
	if (reg < 8)
		fputs(names[reg], out);
	else
		fprintf(out, "/* invalid read register %u */", reg);
}

static void print_ls_write_reg(FILE *out, unsigned reg)
{
	if (reg == 26 || reg == 27)
		fprintf(out, "AL%u", reg - 26);
	else if (reg == 28 || reg == 29)
		fprintf(out, "AT%u", reg - 28);
	else if (reg == 31)
		fputs("PC_SP", out);
	else
		fprintf(out, "R%u", reg);
}

static void print_sint(FILE *out, int n)
{
	if (n > 0)
		fprintf(out, " + 0x%X", (unsigned)n);
	else if (n < 0)
		fprintf(out, " - 0x%X", (unsigned)-n);
}

static void print_ls(struct ctx *c, const ip_word *w)
{
	const struct ip_format *f = &midgard_load_store, *pub = &midgard_ls_public;
	uint64_t op = ip_field_get(ip_format_field(f, "op"), w);
	const struct ip_mesa_name *row = ip_mesa_value(&midgard_mesa, f, "op", op);
	unsigned flags = row ? row->flags : 0;
	ip_word unk = {{ip_field_get(ip_format_field(f, "unk25"), w), 0}};
#define P(name) ((unsigned)ip_field_get(ip_format_field(pub, name), &unk))
	unsigned reg = (unsigned)ip_field_get(ip_format_field(f, "reg"), w);
	unsigned mask = (unsigned)ip_field_get(ip_format_field(f, "mask"), w);
	unsigned swz = (unsigned)ip_field_get(ip_format_field(f, "swz"), w);
	int32_t soff = sext((uint64_t)ip_field_get(ip_format_field(f, "addr"), w) << 9 |
	                        P("offset_lo"), 18);
	if (w->w[0] == 3 && w->w[1] == 0) /* Mesa skips a whole-word no-op */
		return;
	if (row && row->mesa[0])
		fputs(row->mesa, c->out);
	else
		fprintf(c->out, "ldst_op_%02X", (unsigned)op);
	if (flags & MG_MESA_LDST_ATTRIB) {
		unsigned secondary = (flags & MG_MESA_LDST_SECONDARY) != 0;
		if (P("index_format") & 1)
			fputs(".a32", c->out);
		if ((P("index_format") >> 1 & 1) != secondary)
			fputs(P("index_format") >> 1 & 1 ? ".secondary" : ".primary", c->out);
	}
	fputc(' ', c->out);
	if (!(flags & MG_MESA_LDST_STORE)) {
		print_ls_write_reg(c->out, reg);
		fputc('.', c->out);
		for (unsigned i = 0; i < 4; i++)
			fputc(mask >> i & 1 ? components[(swz >> (2 * i)) & 3] : '~', c->out);
	} else {
		unsigned m = 0;
		for (unsigned i = 0; i < 4; i++)
			m |= (mask >> i & 1) * (3u << (2 * i));
		print_ls_read_reg(c->out, reg);
		print_swizzle(c->out, swz, EXP_NONE, 2, m);
	}
	if (flags & MG_MESA_LDST_UBO) {
		if (soff & 1)
			fprintf(c->out, ", %u", P("arg_comp") | P("arg_reg") << 2 | P("bitsize_toggle") << 5 |
			                            P("index_format") << 6);
		else {
			fputs(", ", c->out);
			print_ls_read_reg(c->out, P("arg_reg"));
			fprintf(c->out, ".%c", components[P("arg_comp")]);
		}
		fputs(", ", c->out);
		print_ls_read_reg(c->out, P("index_reg"));
		fprintf(c->out, ".%c", components[P("index_comp")]);
		if (P("index_shift"))
			fprintf(c->out, " << %u", P("index_shift"));
		print_sint(c->out, soff >> 2);
	}
	if (flags & MG_MESA_LDST_ATTRIB) {
		fputs(", ", c->out);
		print_ls_read_reg(c->out, P("index_reg"));
		fprintf(c->out, ".%c", components[P("index_comp")]);
		if (P("index_shift"))
			fprintf(c->out, " << %u", P("index_shift"));
		print_sint(c->out, soff >> 9);
		fputs(", ", c->out);
		print_ls_read_reg(c->out, P("arg_reg"));
		fprintf(c->out, ".%c", components[P("arg_comp")]);
		if (P("bitsize_toggle"))
			print_sint(c->out, sext((unsigned)soff & 0x1FF, 9));
	}
#undef P
	fputc('\n', c->out);
	if (!(flags & MG_MESA_LDST_STORE) && reg < 16)
		c->ever_written |= (uint16_t)(1u << reg);
}

/* ---- the program -------------------------------------------------------------------------- */
int midgard_mesa_print(const struct ip_program *p, FILE *out)
{
	struct ctx c = {out, 0};
	unsigned last_next = MIDGARD_TAG_END;
	bool forward = false;
	for (size_t i = 0; i < p->nbundles; i++) {
		const struct ip_bundle *b = &p->bundles[i];
		const ip_word *first = &midgard_tag_slot((struct ip_bundle *)b)->value;
		unsigned tag = b->kind, next = (unsigned)ip_bits_get(first, 4, 4);
		if (next == 0)
			fputs("\t/* XXX: invalid next tag */\n", out);
		if (last_next > MIDGARD_TAG_END && last_next != tag)
			fprintf(out, "\t/* XXX: TAG ERROR sequence, got %s expexted %s */\n", tag_name(tag),
			        tag_name(last_next));
		last_next = next;
		if (tag == MIDGARD_TAG_LOAD_STORE) {
			print_ls(&c, &b->slots[1].value);
			print_ls(&c, &b->slots[2].value);
		} else if (midgard_tag_is_texture(tag)) {
			fputs("/* texture word: isaprobe does not decode its fields */\n", out);
		} else {
			forward = print_alu_word(&c, b);
			if (tag >= MIDGARD_TAG_ALU4_WRITEOUT)
				fputs("writeout\n", out);
		}
		if (next == MIDGARD_TAG_END) {
			if (!forward) {
				fputc('\n', out);
				break;
			}
			fputs("break\n", out);
		}
		fputc('\n', out);
	}
	if (last_next != MIDGARD_TAG_END)
		fprintf(out, "/* XXX: shader ended with tag %s */\n", tag_name(last_next));
	return ferror(out) ? -1 : 0;
}
