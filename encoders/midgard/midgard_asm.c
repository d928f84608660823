/* midgard_asm.c: Midgard assembly text -> logical words (syntax: docs/midgard-asm.md).
 * Operands set the usual fields; name=value keys set any field, so every binary has a spelling. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "isaprobe/internal/field_text.h"
#include "common/float_bits.h"
#include "common/fp16.h"
#include "midgard_syntax.h"

#define MAX_KEYS 32

/* ---- operand parsing (no words touched yet) ------------------------------------------ */

struct src_operand {
	int neg, abs_, is_imm;
	unsigned reg;
	uint16_t imm;
	unsigned ncomp;     /* letters after '.', 0 if none */
	unsigned comp[4];
	unsigned col;
};

struct dst_operand {
	unsigned reg;
	unsigned ncomp;
	unsigned comp[4];
	unsigned col;
};

static int parse_reg(struct ip_cursor *c, unsigned *reg)
{
	const struct ip_token *t = ip_peek(c);
	char text[64];
	unsigned long v;
	char *end;
	ip_token_text(t, text, sizeof text);
	if (t->type != IP_TOK_IDENT || text[0] != 'r' || !isdigit((unsigned char)text[1]))
		return ip_error_here(c, "expected a register (r0-r31), found '%s'", text);
	v = strtoul(text + 1, &end, 10);
	if (*end || v > 31)
		return ip_error_here(c, "no register '%s': registers are r0-r31", text);
	*reg = (unsigned)v;
	ip_next(c);
	return 0;
}

/* '.' then 1-4 of x y z w. */
static int parse_letters(struct ip_cursor *c, unsigned *n, unsigned comp[4])
{
	const struct ip_token *t;
	if (ip_expect_punct(c, '.') != 0)
		return -1;
	t = ip_peek(c);
	if (t->type != IP_TOK_IDENT || t->len > 4)
		return ip_error_here(c, "expected 1 to 4 of the letters x, y, z, w");
	for (unsigned i = 0; i < t->len; i++) {
		const char *p = memchr(midgard_comp_letters, t->text[i], 4);
		if (!p)
			return ip_diag_at(c->d, c->line->lineno, t->col + i,
			                  "'%c' is not a component (x, y, z, w)", t->text[i]);
		comp[i] = (unsigned)(p - midgard_comp_letters);
	}
	*n = t->len;
	ip_next(c);
	return 0;
}

static int parse_imm16(struct ip_cursor *c, uint16_t *out)
{
	int neg = 0;
	const struct ip_token *t;
	double v;
	if (ip_is_punct(ip_peek(c), '-')) {
		neg = 1;
		ip_next(c);
	}
	t = ip_peek(c);
	if (t->type == IP_TOK_INT && t->is_hex) {
		if (neg || t->ival.w[1] || t->ival.w[0] > 0xFFFF)
			return ip_error_here(c, "hex inline constants are the 16 raw bits of a half float");
		*out = (uint16_t)t->ival.w[0];
		ip_next(c);
		return 0;
	}
	if (t->type != IP_TOK_INT && t->type != IP_TOK_FLOAT)
		return ip_error_here(c, "expected a number after '#'");
	v = neg ? -t->fval : t->fval;
	if (ip_double_to_f16_exact(v, out) != 0)
		return ip_error_here(c, "%g is not exactly a half float; write its 16 bits in hex", v);
	ip_next(c);
	return 0;
}

static int parse_src(struct ip_cursor *c, struct src_operand *s)
{
	memset(s, 0, sizeof *s);
	s->col = ip_peek(c)->col;
	if (ip_is_punct(ip_peek(c), '-')) {
		s->neg = 1;
		ip_next(c);
	}
	if (ip_is_ident(ip_peek(c), "abs") && ip_is_punct(&c->line->tok[c->i + 1], '(')) {
		s->abs_ = 1;
		ip_next(c);
		ip_next(c);
	}
	if (ip_is_punct(ip_peek(c), '#')) {
		ip_next(c);
		s->is_imm = 1;
		if (parse_imm16(c, &s->imm) != 0)
			return -1;
	} else if (parse_reg(c, &s->reg) != 0) {
		return -1;
	}
	if (s->abs_ && ip_expect_punct(c, ')') != 0)
		return -1;
	if (ip_is_punct(ip_peek(c), '.'))
		return parse_letters(c, &s->ncomp, s->comp);
	return 0;
}

static int parse_dst(struct ip_cursor *c, struct dst_operand *d)
{
	memset(d, 0, sizeof *d);
	d->col = ip_peek(c)->col;
	if (parse_reg(c, &d->reg) != 0)
		return -1;
	if (ip_is_punct(ip_peek(c), '.'))
		return parse_letters(c, &d->ncomp, d->comp);
	return 0;
}

/* ---- applying keys ------------------------------------------------------------------- */

/* Applies keys to the unit words; only keys of `which` word (unit or reg) when which != NULL. */
static int apply_keys(struct ip_cursor *c, const struct ip_key *keys, unsigned n,
                      const struct midgard_unit_words *u, const ip_word *which)
{
	for (unsigned k = 0; k < n; k++) {
		char name[64];
		ip_word *w;
		const struct ip_field *f;
		uint64_t v;
		ip_token_text(keys[k].name, name, sizeof name);
		f = midgard_find(u, name, &w);
		if (!f) {
			const struct ip_field *any = ip_format_field(u->fmt, name);
			if (!any && u->reg)
				any = ip_format_field(&midgard_alu_reg, name);
			if (any && which)
				continue; /* not active yet: a later pass may activate it */
			c->i = (unsigned)(keys[k].name - c->line->tok);
			if (any)
				return ip_error_here(c, "field '%s' is not present in this encoding", name);
			return ip_error_here(c, "no field '%s' in %s", name, u->fmt->name);
		}
		if (which && w != which)
			continue;
		c->i = keys[k].value_tok;
		if (ip_parse_field_value(c, f, &v) != 0)
			return -1;
		ip_field_set(f, w, v);
	}
	return 0;
}

/* ---- per-format operand application --------------------------------------------------- */

static int set_src_common(struct ip_cursor *c, const struct midgard_unit_words *u, int n,
                          const struct src_operand *s)
{
	static const char *const names[2][3] = {{"src1", "src1_neg", "src1_abs"},
	                                        {"src2", "src2_neg", "src2_abs"}};
	(void)c;
	if (!s->is_imm)
		midgard_set(u, names[n][0], s->reg);
	midgard_set(u, names[n][1], (uint64_t)s->neg);
	midgard_set(u, names[n][2], (uint64_t)s->abs_);
	return 0;
}

static int err_at(struct ip_cursor *c, unsigned col, const char *msg)
{
	return ip_diag_at(c->d, c->line->lineno, col, "%s", msg);
}

static int apply_vector(struct ip_cursor *c, const struct midgard_unit_words *u,
                        const struct dst_operand *dst, const struct src_operand src[2])
{
	midgard_set(u, "dst", dst->reg);
	if (dst->ncomp) {
		uint64_t mask = 0;
		if (midgard_get(u, "mode") != 2)
			return err_at(c, dst->col,
			              "component letters in a write mask need full mode; use mask=");
		for (unsigned i = 0; i < dst->ncomp; i++)
			mask |= UINT64_C(3) << (2 * dst->comp[i]);
		midgard_set(u, "mask", mask);
	}
	if (src[0].is_imm)
		return err_at(c, src[0].col, "input 1 cannot be an inline constant");
	for (int n = 0; n < 2; n++) {
		const struct src_operand *s = &src[n];
		set_src_common(c, u, n, s);
		if (s->is_imm) {
			if (s->ncomp)
				return err_at(c, s->col, "an inline constant takes no swizzle");
			midgard_imm_set(u, midgard_vector_imm, s->imm);
		} else if (s->ncomp) {
			uint64_t swz = 0;
			if (s->ncomp != 4)
				return err_at(c, s->col, "a vector swizzle has 4 letters");
			for (unsigned i = 0; i < 4; i++)
				swz |= (uint64_t)s->comp[i] << (2 * i);
			midgard_set(u, n ? "src2_swz" : "src1_swz", swz);
		}
	}
	return 0;
}

/* src2_full: input 2's size as the line's keys set it (input 2's component is a 16-bit lane:
 * c, or 2c for a full input, as Mesa reads it; docs/midgard-asm.md). */
static int apply_scalar(struct ip_cursor *c, const struct midgard_unit_words *u,
                        const struct dst_operand *dst, const struct src_operand src[2],
                        uint64_t src2_full)
{
	midgard_set(u, "dst", dst->reg);
	if (dst->ncomp > 1)
		return err_at(c, dst->col, "a scalar output names one component");
	if (dst->ncomp)
		midgard_set(u, "out_comp", dst->comp[0]);
	if (src[0].is_imm)
		return err_at(c, src[0].col, "input 1 cannot be an inline constant");
	for (int n = 0; n < 2; n++) {
		const struct src_operand *s = &src[n];
		if (s->is_imm) {
			if (s->neg || s->abs_)
				return err_at(c, s->col,
				              "a scalar inline constant has no room for abs or neg");
			if (s->ncomp)
				return err_at(c, s->col, "an inline constant takes no component");
			midgard_imm_set(u, midgard_scalar_imm, s->imm);
			continue;
		}
		set_src_common(c, u, n, s);
		if (s->ncomp > 1)
			return err_at(c, s->col, "a scalar input names one component");
		if (s->ncomp && n == 0)
			midgard_set(u, "src1_comp", s->comp[0]);
		else if (s->ncomp)
			midgard_set(u, "src2_comp", src2_full ? 2 * s->comp[0] : s->comp[0]);
	}
	return 0;
}

/* ---- the words of one bundle being assembled ----------------------------------------- */

struct pending {
	unsigned kind;        /* 0 alu, else MIDGARD_TAG_LOAD_STORE or a texture type */
	unsigned writeout;    /* alu: MIDGARD_TAG_WRITEOUT_BIT for the aluw headers */
	unsigned forced_words;
	unsigned header_line;
	int next;             /* -1: by the rule */
	ip_word first;        /* control word, ls tag, or texture word */
	int have_unit[MIDGARD_UNIT_COUNT];
	ip_word unit_val[MIDGARD_UNIT_COUNT], reg_val[MIDGARD_ALU_UNITS];
	int have_const, have_pad, have_padq[3];
	ip_word constants, pad, padq[3];
	unsigned nls;
	ip_word ls[2];
};

static int parse_unit_line(struct ip_cursor *c, struct pending *pb, unsigned unit)
{
	const struct ip_format *fmt = midgard_units[unit].fmt;
	ip_word unitw, reg = ip_word_zero(), phase1;
	struct midgard_unit_words u = {fmt, &unitw, unit < MIDGARD_ALU_UNITS ? &reg : NULL};
	struct dst_operand dst;
	struct src_operand src[2];
	struct ip_key keys[MAX_KEYS];
	unsigned nkeys, nbr = 0;
	uint64_t op = 0, br_vals[3], src2_full;
	const char *br_names[3];
	const struct ip_field *opf = ip_format_field(fmt, "op");

	if (pb->have_unit[unit])
		return ip_error_here(c, "unit %s appears twice in this word", midgard_units[unit].name);
	ip_next(c);
	if (opf) {
		if (ip_expect_punct(c, '.') != 0)
			return -1;
		if (ip_parse_field_value(c, opf, &op) != 0)
			return -1;
	}
	if (fmt == &midgard_branch_compact && (op == 1 || op == 2)) {
		/* [cond,] dest_tag, offset: look the fields up in a word with this opcode */
		ip_word tmp = ip_format_defaults(fmt, NULL);
		ip_field_set(opf, &tmp, op);
		if (op == 2)
			br_names[nbr++] = "cond";
		br_names[nbr++] = "dest_tag";
		br_names[nbr++] = "offset";
		for (unsigned i = 0; i < nbr; i++) {
			const struct ip_field *f = ip_format_active_field(fmt, br_names[i], &tmp, NULL);
			if (i && ip_expect_punct(c, ',') != 0)
				return -1;
			if (ip_parse_field_value(c, f, &br_vals[i]) != 0)
				return -1;
		}
	}
	if (fmt == &midgard_vector_alu || fmt == &midgard_scalar_alu) {
		if (parse_dst(c, &dst) != 0 || ip_expect_punct(c, ',') != 0 ||
		    parse_src(c, &src[0]) != 0 || ip_expect_punct(c, ',') != 0 ||
		    parse_src(c, &src[1]) != 0)
			return -1;
	}
	if (ip_collect_keys(c, keys, MAX_KEYS, &nkeys) != 0)
		return -1;
	if (ip_peek(c)->type != IP_TOK_END)
		return ip_error_here(c, "unexpected '{'");

	/* register word first: it is the unit field's context */
	if (u.reg) {
		reg = ip_format_defaults(&midgard_alu_reg, NULL);
		ip_bits_set(&reg, ip_format_field(&midgard_alu_reg, "src2_imm")->lo, 1,
		            (uint64_t)src[1].is_imm);
	}
	/* phase 1: opcode and keys choose the selectors */
	phase1 = ip_format_defaults(fmt, u.reg);
	if (opf)
		ip_field_set(opf, &phase1, op);
	unitw = phase1;
	if (apply_keys(c, keys, nkeys, &u, NULL) != 0)
		return -1;
	src2_full = fmt == &midgard_scalar_alu && !src[1].is_imm ? midgard_get(&u, "src2_full") : 0;
	/* phase 2: defaults under those selectors, operands, then the keys again */
	unitw = ip_format_rebase(fmt, &unitw, u.reg);
	if (opf)
		ip_field_set(opf, &unitw, op);
	if (fmt == &midgard_vector_alu && apply_vector(c, &u, &dst, src) != 0)
		return -1;
	if (fmt == &midgard_scalar_alu && apply_scalar(c, &u, &dst, src, src2_full) != 0)
		return -1;
	if (fmt == &midgard_branch_compact)
		for (unsigned i = 0; i < nbr; i++)
			midgard_set(&u, br_names[i], br_vals[i]);
	if (apply_keys(c, keys, nkeys, &u, NULL) != 0)
		return -1;
	pb->have_unit[unit] = 1;
	pb->unit_val[unit] = unitw;
	if (u.reg)
		pb->reg_val[unit] = reg;
	return 0;
}

static int parse_const_line(struct ip_cursor *c, struct pending *pb)
{
	if (pb->have_const)
		return ip_error_here(c, "a word has one 'const' line");
	ip_next(c);
	pb->constants = ip_word_zero();
	for (unsigned i = 0; i < 4; i++) {
		int neg = 0;
		const struct ip_token *t;
		uint32_t bits;
		if (i && ip_expect_punct(c, ',') != 0)
			return -1;
		if (ip_is_punct(ip_peek(c), '-')) {
			neg = 1;
			ip_next(c);
		}
		t = ip_peek(c);
		if (t->type == IP_TOK_FLOAT) {
			bits = ip_f32_bits((float)(neg ? -t->fval : t->fval));
		} else if (t->type == IP_TOK_INT) {
			if (t->ival.w[1] || t->ival.w[0] > 0xFFFFFFFFu ||
			    (neg && t->ival.w[0] > 0x80000000u))
				return ip_error_here(c, "constant does not fit 32 bits");
			bits = (uint32_t)(neg ? 0 - t->ival.w[0] : t->ival.w[0]);
		} else {
			return ip_error_here(c, "expected 4 constants (float, or integer bits)");
		}
		ip_next(c);
		ip_bits_set(&pb->constants, 32 * i, 32, bits);
	}
	if (ip_peek(c)->type != IP_TOK_END)
		return ip_error_here(c, "a const line holds exactly 4 values");
	pb->have_const = 1;
	return 0;
}

static int parse_ls_line(struct ip_cursor *c, struct pending *pb)
{
	const struct ip_format *fmt = &midgard_load_store;
	ip_word w;
	struct ip_key keys[MAX_KEYS];
	unsigned nkeys;
	uint64_t op;
	const struct ip_token *t;

	if (pb->nls == 2)
		return ip_error_here(c, "a load/store word holds two instructions");
	if (ip_parse_field_value(c, ip_format_field(fmt, "op"), &op) != 0)
		return -1;
	w = ip_format_defaults(fmt, NULL);
	ip_field_set(ip_format_field(fmt, "op"), &w, op);
	t = ip_peek(c);
	if (t->type == IP_TOK_IDENT && !ip_is_punct(&c->line->tok[c->i + 1], '=')) {
		struct dst_operand dst;
		unsigned ncomp = 0, comp[4];
		uint64_t addr;
		if (parse_dst(c, &dst) != 0 || ip_expect_punct(c, ',') != 0 ||
		    ip_expect_punct(c, '[') != 0 ||
		    ip_parse_field_value(c, ip_format_field(fmt, "addr"), &addr) != 0 ||
		    ip_expect_punct(c, ']') != 0)
			return -1;
		if (ip_is_punct(ip_peek(c), '.')) {
			unsigned col = ip_peek(c)->col;
			uint64_t swz = 0;
			if (parse_letters(c, &ncomp, comp) != 0)
				return -1;
			if (ncomp != 4)
				return err_at(c, col, "a load/store swizzle has 4 letters");
			for (unsigned i = 0; i < 4; i++)
				swz |= (uint64_t)comp[i] << (2 * i);
			ip_field_set(ip_format_field(fmt, "swz"), &w, swz);
		}
		ip_field_set(ip_format_field(fmt, "reg"), &w, dst.reg);
		ip_field_set(ip_format_field(fmt, "addr"), &w, addr);
		if (dst.ncomp) {
			uint64_t mask = 0;
			for (unsigned i = 0; i < dst.ncomp; i++)
				mask |= UINT64_C(1) << dst.comp[i];
			ip_field_set(ip_format_field(fmt, "mask"), &w, mask);
		}
	}
	if (ip_collect_keys(c, keys, MAX_KEYS, &nkeys) != 0)
		return -1;
	if (ip_peek(c)->type != IP_TOK_END)
		return ip_error_here(c, "unexpected '{'");
	{
		struct midgard_unit_words u = {fmt, &w, NULL};
		if (apply_keys(c, keys, nkeys, &u, NULL) != 0)
			return -1;
	}
	pb->ls[pb->nls++] = w;
	return 0;
}

/* ---- headers ------------------------------------------------------------------------- */

/* alu, alu4 ... alu16, and the write-out forms aluw, aluw4 ... aluw16 (types 0xC-0xF, Mesa). */
static int alu_header(const char *word, unsigned *writeout, unsigned *size)
{
	const char *p = word + 3;
	if (strncmp(word, "alu", 3) != 0)
		return 0;
	*writeout = 0;
	if (*p == 'w') {
		*writeout = MIDGARD_TAG_WRITEOUT_BIT;
		p++;
	}
	*size = (unsigned)atoi(p);
	return !*p || !strcmp(p, "4") || !strcmp(p, "8") || !strcmp(p, "12") || !strcmp(p, "16");
}

static int parse_header(struct ip_cursor *c, struct pending *pb)
{
	const struct ip_token *t = ip_peek(c);
	const struct ip_format *fmt;
	struct ip_key keys[MAX_KEYS];
	unsigned nkeys, end;
	char word[16];

	memset(pb, 0, sizeof *pb);
	pb->next = -1;
	pb->header_line = c->line->lineno;
	ip_token_text(t, word, sizeof word);
	if (t->type != IP_TOK_IDENT)
		return ip_error_here(c, "expected an instruction word (alu, aluw, ls, tex, tex_vtx, "
		                        "tex_bar), found '%s'",
		                     word);
	if (strcmp(word, "ls") == 0) {
		pb->kind = MIDGARD_TAG_LOAD_STORE;
		fmt = &midgard_ls_tag;
	} else if (strcmp(word, "tex") == 0 || strcmp(word, "tex_vtx") == 0 ||
	           strcmp(word, "tex_bar") == 0) {
		uint64_t tag = 0;
		ip_enum_value(midgard_tag_enum, word, &tag);
		pb->kind = (unsigned)tag;
		fmt = &midgard_texture;
	} else if (alu_header(word, &pb->writeout, &pb->forced_words)) {
		pb->kind = 0;
		fmt = &midgard_alu_control;
	} else {
		return ip_error_here(c, "expected an instruction word (alu, aluw, ls, tex, tex_vtx, "
		                        "tex_bar), found '%s'",
		                     word);
	}
	ip_next(c);
	pb->first = ip_format_defaults(fmt, NULL);
	if (ip_collect_keys(c, keys, MAX_KEYS, &nkeys) != 0)
		return -1;
	end = c->i;
	for (unsigned k = 0; k < nkeys; k++) {
		char name[64];
		const struct ip_field *f;
		uint64_t v;
		ip_token_text(keys[k].name, name, sizeof name);
		c->i = keys[k].value_tok;
		if (pb->kind == 0 && strcmp(name, "pad") == 0) {
			if (ip_parse_wide(c, 128, &pb->pad) != 0)
				return -1;
			pb->have_pad = 1;
			continue;
		}
		if (pb->kind == 0 && strncmp(name, "padq", 4) == 0 && name[4] >= '1' &&
		    name[4] <= '3' && !name[5]) {
			unsigned q = (unsigned)(name[4] - '1');
			if (ip_parse_wide(c, 128, &pb->padq[q]) != 0)
				return -1;
			pb->have_padq[q] = 1;
			continue;
		}
		f = ip_format_field(fmt, name);
		if (!f) {
			c->i = (unsigned)(keys[k].name - c->line->tok);
			return ip_error_here(c, "no field '%s' in %s", name, fmt->name);
		}
		if (strcmp(name, "type") == 0 ||
		    (pb->kind == 0 && f->kind == IP_KIND_FLAG)) {
			c->i = (unsigned)(keys[k].name - c->line->tok);
			return ip_error_here(c, "'%s' follows from the word's contents and cannot be set",
			                     name);
		}
		if (ip_parse_field_value(c, f, &v) != 0)
			return -1;
		if (strcmp(name, "next") == 0)
			pb->next = (int)v;
		else
			ip_field_set(f, &pb->first, v);
	}
	c->i = end;
	return 0;
}

/* ---- building bundles ---------------------------------------------------------------- */

static int build_alu(struct pending *pb, struct ip_bundle *b, struct ip_diag *d)
{
	ip_word control = pb->first;
	unsigned body, padded, words, qi = 0;
	unsigned line = pb->header_line;

	for (unsigned u = 0; u < MIDGARD_UNIT_COUNT; u++)
		ip_bits_set(&control, midgard_units[u].enable_bit, 1, (uint64_t)pb->have_unit[u]);
	body = midgard_alu_body_bits((uint32_t)control.w[0]);
	padded = (body + 127) / 128 * 128;
	words = padded / 32 + (pb->have_const ? 4 : 0);
	if (pb->forced_words) {
		if (pb->forced_words < words)
			return ip_diag_at(d, line, 1, "these units%s need %u words; alu%u is too small",
			                  pb->have_const ? " and constants" : "", words,
			                  pb->forced_words);
		words = pb->forced_words;
	} else if (words > 16) {
		return ip_diag_at(d, line, 1, "these units and constants need %u words; an ALU word "
		                              "holds at most 16", words);
	}
	ip_bits_set(&control, 0, 4, midgard_alu_tag_for_words(words) | pb->writeout);
	if (midgard_alu_layout(b, control, d) != 0)
		return ip_diag_at(d, line, 1, "%s", d->msg);
	for (unsigned k = 0; k < b->nslots; k++) {
		struct ip_slot *s = &b->slots[k];
		int unit = midgard_role_unit(s->unit);
		if (unit >= 0) {
			s->value = pb->unit_val[unit];
			if (s->ctx >= 0)
				b->slots[s->ctx].value = pb->reg_val[unit];
		} else if (s->unit == MIDGARD_ROLE_PAD) {
			ip_word over = ip_word_range(s->width, 128 - s->width);
			if ((pb->pad.w[0] & over.w[0]) || (pb->pad.w[1] & over.w[1]))
				return ip_diag_at(d, line, 1, "pad= does not fit the %u padding bits",
				                  s->width);
			s->value = pb->pad;
			pb->have_pad = 0;
		} else if (s->unit == MIDGARD_ROLE_PAD_QUAD) {
			s->value = pb->padq[qi];
			pb->have_padq[qi++] = 0;
		} else if (s->unit == MIDGARD_ROLE_CONSTANTS) {
			s->value = pb->constants;
		}
	}
	if (pb->have_pad && (pb->pad.w[0] | pb->pad.w[1]))
		return ip_diag_at(d, line, 1, "pad= given but this word has no padding bits");
	for (unsigned q = 0; q < 3; q++)
		if (pb->have_padq[q] && (pb->padq[q].w[0] | pb->padq[q].w[1]))
			return ip_diag_at(d, line, 1, "padq%u= given but this word has no such "
			                              "padding quadword", q + 1);
	return 0;
}

static int build_bundle(struct pending *pb, struct ip_program *p, int **next, struct ip_diag *d)
{
	struct ip_bundle *b = ip_program_add(p);
	int *nn;
	if (!b)
		return ip_diag_plain(d, "out of memory");
	nn = realloc(*next, p->cap * sizeof **next);
	if (!nn)
		return ip_diag_plain(d, "out of memory");
	*next = nn;
	nn[p->nbundles - 1] = pb->next;
	if (pb->kind == MIDGARD_TAG_LOAD_STORE) {
		ip_word noop = ip_format_defaults(&midgard_load_store, NULL);
		midgard_ls_layout(b);
		b->slots[0].value = pb->first;
		b->slots[1].value = pb->nls > 0 ? pb->ls[0] : noop;
		b->slots[2].value = pb->nls > 1 ? pb->ls[1] : noop;
		return 0;
	}
	if (midgard_tag_is_texture(pb->kind)) {
		midgard_texture_layout(b, pb->kind);
		b->slots[0].value = pb->first;
		/* tex_vtx / tex_bar: the header word names the type */
		ip_field_set(ip_format_field(&midgard_texture, "type"), &b->slots[0].value, pb->kind);
		return 0;
	}
	return build_alu(pb, b, d);
}

static int parse_body_line(struct ip_cursor *c, struct pending *pb)
{
	const struct ip_token *t = ip_peek(c);
	char word[32];
	ip_token_text(t, word, sizeof word);
	if (midgard_tag_is_texture(pb->kind))
		return ip_error_here(c, "a texture word takes no lines (its bits are keys)");
	if (pb->kind == MIDGARD_TAG_LOAD_STORE)
		return parse_ls_line(c, pb);
	if (strcmp(word, "const") == 0)
		return parse_const_line(c, pb);
	for (unsigned u = 0; u < MIDGARD_UNIT_COUNT; u++)
		if (t->type == IP_TOK_IDENT && strcmp(word, midgard_units[u].name) == 0)
			return parse_unit_line(c, pb, u);
	return ip_error_here(c, "expected a unit (vmul, sadd, vadd, smul, lut, cbr, br) or "
	                        "const, found '%s'", word);
}

/* At a '}': it must end its line; then the pending word is built. */
static int close_bundle(struct ip_cursor *c, struct pending *pb, struct ip_program *p, int **next)
{
	ip_next(c);
	if (ip_peek(c)->type != IP_TOK_END)
		return ip_error_here(c, "nothing may follow '}' on its line");
	return build_bundle(pb, p, next, c->d);
}

int midgard_assemble(const char *src, struct ip_program *out, struct ip_diag *d)
{
	struct ip_line *line = malloc(sizeof *line);
	struct pending pb;
	int in_bundle = 0, *next = NULL, rc = -1, got;
	unsigned lineno = 0;
	const char *p = src;
	uint32_t offset = 0;

	ip_program_init(out, &midgard_isa);
	if (!line)
		return ip_diag_plain(d, "out of memory");
	while ((got = ip_lex_next_line(&p, &lineno, line, d)) > 0) {
		struct ip_cursor c = {line, 0, d};
		if (line->ntok == 0)
			continue;
		if (in_bundle && ip_is_punct(ip_peek(&c), '}')) {
			if (close_bundle(&c, &pb, out, &next) != 0)
				goto out;
			in_bundle = 0;
			continue;
		}
		if (in_bundle) {
			if (parse_body_line(&c, &pb) != 0)
				goto out;
			continue;
		}
		if (parse_header(&c, &pb) != 0)
			goto out;
		if (ip_expect_punct(&c, '{') != 0)
			goto out;
		if (ip_is_punct(ip_peek(&c), '}')) {
			if (close_bundle(&c, &pb, out, &next) != 0)
				goto out;
			continue;
		}
		if (ip_peek(&c)->type != IP_TOK_END) {
			ip_error_here(&c, "instructions go on the lines after '{'");
			goto out;
		}
		in_bundle = 1;
	}
	if (got < 0)
		goto out;
	if (in_bundle) {
		ip_diag_at(d, pb.header_line, 1, "missing '}' for the word opened here");
		goto out;
	}
	if (out->nbundles == 0) {
		ip_diag_at(d, lineno ? lineno : 1, 1, "no instruction words");
		goto out;
	}
	for (size_t i = 0; i < out->nbundles; i++) {
		struct ip_bundle *b = &out->bundles[i];
		struct ip_slot *tag = midgard_tag_slot(b);
		unsigned v = next[i] >= 0 ? (unsigned)next[i] : midgard_next_tag(out, i);
		ip_field_set(ip_format_field(tag->fmt, "next"), &tag->value, v);
		b->byte_offset = offset;
		offset += b->bytes;
	}
	rc = 0;
out:
	free(line);
	free(next);
	if (rc != 0)
		ip_program_free(out);
	return rc;
}
