/* a3xx_parse.c: parses one line of a3xx assembly in the notes' syntax (flags, mnemonic,
 * operands, name=value keys) into struct a3xx_ins. Every error names its column. */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "a3xx_names.h"
#include "a3xx_parse.h"
#include "common/float_bits.h"
#include "common/fp16.h"

int a3xx_cur_error(struct a3xx_cur *c, size_t pos, const char *fmt, ...)
{
	char msg[sizeof c->d->msg];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return ip_diag_at(c->d, c->line, (unsigned)pos + 1, "%s", msg);
}

void a3xx_cur_skip_ws(struct a3xx_cur *c)
{
	while (c->p < c->len && (c->s[c->p] == ' ' || c->s[c->p] == '\t' || c->s[c->p] == '\r'))
		c->p++;
}

static int peek(struct a3xx_cur *c)
{
	a3xx_cur_skip_ws(c);
	return c->p < c->len ? (unsigned char)c->s[c->p] : -1;
}

static int accept(struct a3xx_cur *c, char ch)
{
	if (peek(c) == (unsigned char)ch) {
		c->p++;
		return 1;
	}
	return 0;
}

static int word_char(int ch)
{
	return isalnum(ch) || ch == '_' || ch == '.';
}

/* A run of [A-Za-z0-9_.] at the cursor (after blanks): its length, 0 if none. */
static size_t word_at(struct a3xx_cur *c)
{
	size_t n = 0;
	a3xx_cur_skip_ws(c);
	while (c->p + n < c->len && word_char((unsigned char)c->s[c->p + n]))
		n++;
	return n;
}

static int is_word(struct a3xx_cur *c, size_t at, size_t n, const char *w)
{
	return strlen(w) == n && strncmp(c->s + at, w, n) == 0;
}

/* What is at the cursor, for "found ..." in messages. */
static const char *found(struct a3xx_cur *c, char *buf, size_t n)
{
	size_t len;
	a3xx_cur_skip_ws(c);
	if (c->p >= c->len)
		return "end of line";
	len = word_at(c);
	if (!len)
		len = 1;
	snprintf(buf, n, "'%.*s'", (int)(len < 24 ? len : 24), c->s + c->p);
	return buf;
}

static int expect(struct a3xx_cur *c, char ch)
{
	char buf[40];
	if (accept(c, ch))
		return 0;
	return a3xx_cur_error(c, c->p, "expected '%c', found %s", ch, found(c, buf, sizeof buf));
}

/* An integer: [-] decimal or 0x hex, at most 64 bits. */
static int parse_int(struct a3xx_cur *c, int64_t *v)
{
	size_t start, p;
	int neg = 0;
	uint64_t x = 0;
	a3xx_cur_skip_ws(c);
	start = p = c->p;
	if (p < c->len && (c->s[p] == '-' || c->s[p] == '+')) {
		neg = c->s[p] == '-';
		p++;
	}
	if (p + 1 < c->len && c->s[p] == '0' && (c->s[p + 1] == 'x' || c->s[p + 1] == 'X')) {
		size_t digits = 0;
		p += 2;
		while (p < c->len && isxdigit((unsigned char)c->s[p])) {
			if (++digits > 16)
				return a3xx_cur_error(c, start, "number wider than 64 bits");
			x = x << 4 | (uint64_t)(isdigit((unsigned char)c->s[p])
			                                ? c->s[p] - '0'
			                                : (tolower((unsigned char)c->s[p]) - 'a' + 10));
			p++;
		}
		if (!digits)
			return a3xx_cur_error(c, start, "'0x' with no hex digits");
	} else {
		if (p >= c->len || !isdigit((unsigned char)c->s[p]))
			return a3xx_cur_error(c, start, "expected a number");
		while (p < c->len && isdigit((unsigned char)c->s[p])) {
			unsigned dg = (unsigned)(c->s[p] - '0');
			if (x > (UINT64_MAX - dg) / 10)
				return a3xx_cur_error(c, start, "number does not fit 64 bits");
			x = x * 10 + dg;
			p++;
		}
	}
	if (p < c->len && word_char((unsigned char)c->s[p]))
		return a3xx_cur_error(c, p, "unexpected '%c' after a number", c->s[p]);
	if (x > (uint64_t)INT64_MAX + neg)
		return a3xx_cur_error(c, start, "number out of range");
	*v = neg ? (int64_t)(0 - x) : (int64_t)x;
	c->p = p;
	return 0;
}

/* ---- registers ---------------------------------------------------------------------------- */

static int comp_of(char ch)
{
	switch (ch) {
	case 'x': return 0;
	case 'y': return 1;
	case 'z': return 2;
	case 'w': return 3;
	default: return -1;
	}
}

/* "r<a0.x + N>" after the file letter (the cursor is on '<'). */
static int parse_rel(struct a3xx_cur *c, int64_t *off)
{
	size_t n, at;
	*off = 0;
	if (expect(c, '<'))
		return -1;
	n = word_at(c);
	at = c->p;
	if (!is_word(c, at, n, "a0.x"))
		return a3xx_cur_error(c, at, "expected a0.x in a relative operand");
	c->p += n;
	if (peek(c) == '+' || peek(c) == '-') {
		int neg = c->s[c->p] == '-';
		c->p++;
		a3xx_cur_skip_ws(c);
		at = c->p;
		if (c->p < c->len && (c->s[c->p] == '-' || c->s[c->p] == '+'))
			return a3xx_cur_error(c, at, "expected a number");
		if (parse_int(c, off))
			return -1;
		if (*off < 0 || *off > 4096)
			return a3xx_cur_error(c, at, "relative offset out of range");
		if (neg)
			*off = -*off;
	}
	return expect(c, '>');
}

/* A register-like word at the cursor: rN.c, hrN.c, cN.c, hcN.c, a0.c, p0.c, or a relative
 * r<...>/c<...> (with h). Returns 1 if one was parsed, 0 if the word is not a register, -1 on
 * error. */
static int parse_reg(struct a3xx_cur *c, struct a3xx_opnd *o)
{
	size_t at, n = word_at(c), q;
	const char *s;
	int half = 0, comp;
	char file;
	int64_t num = 0;
	at = c->p;
	s = c->s + at;
	if (n == 0)
		return 0;
	q = 0;
	if ((s[0] == 'a' || s[0] == 'p') && n == 4 && s[1] == '0' && s[2] == '.' &&
	    comp_of(s[3]) >= 0) {
		o->kind = A3XX_OPND_REG;
		o->val = (s[0] == 'a' ? A3XX_REG_A0 : A3XX_REG_P0) * 4 + comp_of(s[3]);
		c->p += n;
		return 1;
	}
	if (s[q] == 'h') {
		half = 1;
		q++;
	}
	if (q >= n || (s[q] != 'r' && s[q] != 'c'))
		return 0;
	file = s[q++];
	if (q == n && c->p + n < c->len && c->s[c->p + n] == '<') {
		c->p += n;
		o->kind = file == 'r' ? A3XX_OPND_REL_REG : A3XX_OPND_REL_CONST;
		o->half = (uint8_t)half;
		return parse_rel(c, &o->val) ? -1 : 1;
	}
	if (q >= n || !isdigit((unsigned char)s[q]))
		return 0;
	while (q < n && isdigit((unsigned char)s[q])) {
		num = num * 10 + (s[q] - '0');
		if (num > 511)
			return a3xx_cur_error(c, at, "register number out of range (0-511)");
		q++;
	}
	if (q + 2 != n || s[q] != '.' || (comp = comp_of(s[q + 1])) < 0)
		return a3xx_cur_error(c, at, "expected a component: %.*s.x, .y, .z or .w",
		                      (int)q, s);
	o->kind = file == 'r' ? A3XX_OPND_REG : A3XX_OPND_CONST;
	o->half = (uint8_t)half;
	o->val = num * 4 + comp;
	c->p += n;
	return 1;
}

/* ---- operands -------------------------------------------------------------------------- */

/* Operand modifiers: (neg) (abs) (absneg) (r) and, where `extra` allows, (ei) (even)
 * (pos_infinity). Stops at a '(' that holds anything else (a cat1 float immediate). */
enum { MOD_EI = 1, MOD_ROUND = 2 };

static int parse_mods(struct a3xx_cur *c, struct a3xx_opnd *o, unsigned extra,
                      struct a3xx_ins *ins)
{
	while (peek(c) == '(') {
		size_t save = c->p, at, n;
		c->p++;
		n = word_at(c);
		at = c->p;
		if (is_word(c, at, n, "neg"))
			o->neg = 1;
		else if (is_word(c, at, n, "abs"))
			o->abs = 1;
		else if (is_word(c, at, n, "absneg"))
			o->neg = o->abs = 1;
		else if (is_word(c, at, n, "r"))
			o->r = 1;
		else if ((extra & MOD_EI) && is_word(c, at, n, "ei"))
			ins->ei = 1;
		else if ((extra & MOD_ROUND) && is_word(c, at, n, "even"))
			ins->even = 1;
		else if ((extra & MOD_ROUND) && is_word(c, at, n, "pos_infinity"))
			ins->pos_inf = 1;
		else {
			c->p = save;
			return 0;
		}
		c->p += n;
		if (expect(c, ')'))
			return -1;
	}
	return 0;
}

/* A cat1 float immediate "(1.5)", "(-inf)": the bits of src_type. */
static int parse_float_imm(struct a3xx_cur *c, unsigned src_type, int64_t *bits)
{
	size_t at;
	double v;
	char *end;
	char buf[64];
	int neg = 0;
	if (expect(c, '('))
		return -1;
	a3xx_cur_skip_ws(c);
	at = c->p;
	if (c->p < c->len && (c->s[c->p] == '-' || c->s[c->p] == '+')) {
		neg = c->s[c->p] == '-';
		c->p++;
	}
	if (c->p + 3 <= c->len && strncmp(c->s + c->p, "inf", 3) == 0) {
		v = INFINITY;
		c->p += 3;
	} else {
		size_t n = 0;
		while (c->p + n < c->len && (isalnum((unsigned char)c->s[c->p + n]) ||
		                             c->s[c->p + n] == '.' ||
		                             ((c->s[c->p + n] == '-' || c->s[c->p + n] == '+') && n &&
		                              (c->s[c->p + n - 1] == 'e' || c->s[c->p + n - 1] == 'E'))))
			n++;
		if (n == 0 || n >= sizeof buf || !(isdigit((unsigned char)c->s[c->p]) || c->s[c->p] == '.'))
			return a3xx_cur_error(c, at, "expected a number in a float immediate");
		memcpy(buf, c->s + c->p, n);
		buf[n] = '\0';
		v = strtod(buf, &end);
		if (*end || strncmp(buf, "0x", 2) == 0 || strncmp(buf, "0X", 2) == 0)
			return a3xx_cur_error(c, at, "'%s' is not a decimal float", buf);
		c->p += n;
	}
	if (neg)
		v = -v;
	if (expect(c, ')'))
		return -1;
	if (src_type == A3XX_F32) {
		float f = (float)v;
		if ((double)f != v && !isinf(v))
			return a3xx_cur_error(c, at, "%g is not exactly a 32-bit float", v);
		*bits = ip_f32_bits(f);
	} else {
		uint16_t h;
		if (ip_double_to_f16_exact(v, &h) != 0)
			return a3xx_cur_error(c, at, "%g is not exactly a 16-bit float", v);
		*bits = h;
	}
	return 0;
}

enum src_allow {
	ALLOW_REG = 1, ALLOW_CONST = 2, ALLOW_REL = 4, ALLOW_IMM = 8, ALLOW_RAW = 16,
	ALLOW_MODS = 32, ALLOW_R = 64,
};

/* A source operand: modifiers, then a register, const, relative, immediate or raw(N). */
static int parse_src(struct a3xx_cur *c, struct a3xx_ins *ins, struct a3xx_opnd *o,
                     unsigned allow, size_t *col)
{
	int r;
	memset(o, 0, sizeof *o);
	a3xx_cur_skip_ws(c);
	*col = c->p;
	if ((allow & (ALLOW_MODS | ALLOW_R)) && parse_mods(c, o, 0, ins))
		return -1;
	if ((o->neg || o->abs) && !(allow & ALLOW_MODS))
		return a3xx_cur_error(c, *col, "this operand takes no (neg) or (abs)");
	a3xx_cur_skip_ws(c);
	if (peek(c) == '(' && ins->cat == 1 && a3xx_type_float(ins->src_type)) {
		o->kind = A3XX_OPND_IMM;
		return parse_float_imm(c, ins->src_type, &o->val);
	}
	if (c->p + 4 <= c->len && strncmp(c->s + c->p, "raw(", 4) == 0 && (allow & ALLOW_RAW)) {
		c->p += 3;
		o->kind = A3XX_OPND_RAW;
		if (expect(c, '(') || parse_int(c, &o->val) || expect(c, ')'))
			return -1;
		if (o->val < 0)
			return a3xx_cur_error(c, *col, "raw source bits are not negative");
		return 0;
	}
	if (c->p < c->len && (isdigit((unsigned char)c->s[c->p]) || c->s[c->p] == '-' ||
	                      c->s[c->p] == '+')) {
		size_t at = c->p;
		if (!(allow & ALLOW_IMM))
			return a3xx_cur_error(c, at, "this operand cannot be an immediate");
		o->kind = A3XX_OPND_IMM;
		if (ins->cat == 1 && a3xx_type_float(ins->src_type) &&
		    (c->s[at] != '0' || at + 1 >= c->len || (c->s[at + 1] != 'x' && c->s[at + 1] != 'X')))
			return a3xx_cur_error(c, at, "a float immediate is written (1.5); a bare number "
			                             "is raw bits and must be 0x-hex");
		return parse_int(c, &o->val);
	}
	r = parse_reg(c, o);
	if (r < 0)
		return -1;
	if (r == 0) {
		char buf[40];
		return a3xx_cur_error(c, c->p, "expected an operand, found %s", found(c, buf, sizeof buf));
	}
	if ((o->kind == A3XX_OPND_CONST && !(allow & ALLOW_CONST)) ||
	    ((o->kind == A3XX_OPND_REL_REG || o->kind == A3XX_OPND_REL_CONST) && !(allow & ALLOW_REL)))
		return a3xx_cur_error(c, *col, "this operand must be a register");
	return 0;
}

static int parse_dst(struct a3xx_cur *c, struct a3xx_ins *ins, unsigned mods, int rel_ok,
                     size_t *col)
{
	int r;
	memset(&ins->dst, 0, sizeof ins->dst);
	a3xx_cur_skip_ws(c);
	*col = c->p;
	if (parse_mods(c, &ins->dst, mods, ins))
		return -1;
	if (ins->dst.neg || ins->dst.abs || ins->dst.r)
		return a3xx_cur_error(c, *col, "a destination takes no (neg), (abs) or (r)");
	a3xx_cur_skip_ws(c);
	*col = c->p;
	r = parse_reg(c, &ins->dst);
	if (r < 0)
		return -1;
	if (r == 0 || ins->dst.kind == A3XX_OPND_CONST || ins->dst.kind == A3XX_OPND_REL_CONST ||
	    (ins->dst.kind == A3XX_OPND_REL_REG && !rel_ok)) {
		char buf[40];
		c->p = *col;
		return a3xx_cur_error(c, *col, "expected a destination register, found %s",
		                      found(c, buf, sizeof buf));
	}
	return 0;
}

/* "[!]p0.c" of br and kill. */
static int parse_pred(struct a3xx_cur *c, struct a3xx_ins *ins)
{
	size_t at, n;
	ins->inv = (uint8_t)accept(c, '!');
	n = word_at(c);
	at = c->p;
	if (n != 4 || strncmp(c->s + at, "p0.", 3) != 0 || comp_of(c->s[at + 3]) < 0)
		return a3xx_cur_error(c, at, "expected a predicate p0.x, p0.y, p0.z or p0.w");
	ins->comp = (uint8_t)comp_of(c->s[at + 3]);
	c->p += n;
	return 0;
}

static int parse_branch_target(struct a3xx_cur *c, struct a3xx_ins *ins)
{
	int64_t v;
	size_t at;
	if (expect(c, '#'))
		return -1;
	at = c->p;
	if (parse_int(c, &v))
		return -1;
	if (v < -32768 || v > 32767)
		return a3xx_cur_error(c, at, "branch offset out of range (16 bits: -32768 to 32767)");
	ins->immed = (int32_t)v;
	return 0;
}

static int comma(struct a3xx_cur *c)
{
	return expect(c, ',');
}

/* ---- categories ------------------------------------------------------------------------ */

static int parse_cat0(struct a3xx_cur *c, struct a3xx_parsed *p)
{
	struct a3xx_ins *ins = &p->ins;
	a3xx_cur_skip_ws(c);
	p->opnd_col[1] = c->p;
	switch (ins->opc) {
	case A3XX_OPC0_BR:
		return parse_pred(c, ins) || comma(c) || parse_branch_target(c, ins);
	case A3XX_OPC0_JUMP:
	case A3XX_OPC0_CALL:
		return parse_branch_target(c, ins);
	case A3XX_OPC0_KILL:
		return parse_pred(c, ins);
	default:
		return 0;
	}
}

static int parse_alu(struct a3xx_cur *c, struct a3xx_parsed *p, const unsigned allow[3])
{
	struct a3xx_ins *ins = &p->ins;
	if (parse_dst(c, ins, ins->cat == 2 ? MOD_EI : 0, 0, &p->opnd_col[0]))
		return -1;
	for (unsigned i = 0; i < ins->nsrc; i++)
		if (comma(c) || parse_src(c, ins, &ins->src[i], allow[i], &p->opnd_col[i + 1]))
			return -1;
	return 0;
}

static int parse_cat1(struct a3xx_cur *c, struct a3xx_parsed *p)
{
	struct a3xx_ins *ins = &p->ins;
	if (parse_dst(c, ins, MOD_ROUND, 1, &p->opnd_col[0]) || comma(c) ||
	    parse_src(c, ins, &ins->src[0],
	              ALLOW_REG | ALLOW_CONST | ALLOW_REL | ALLOW_IMM | ALLOW_RAW | ALLOW_R,
	              &p->opnd_col[1]))
		return -1;
	if (ins->src[0].kind == A3XX_OPND_IMM && !a3xx_type_float(ins->src_type) &&
	    (ins->src[0].val < INT32_MIN || ins->src[0].val > (int64_t)UINT32_MAX))
		return a3xx_cur_error(c, p->opnd_col[1], "immediate does not fit 32 bits");
	return 0;
}

static int parse_cat5(struct a3xx_cur *c, struct a3xx_parsed *p)
{
	struct a3xx_ins *ins = &p->ins;
	const struct a3xx_cat5_shape *sh = a3xx_cat5_shape(ins->opc);
	size_t at, n;
	unsigned t;
	a3xx_cur_skip_ws(c);
	p->opnd_col[0] = c->p;
	ins->type = A3XX_F32;
	if (!sh->no_type) {
		if (expect(c, '('))
			return -1;
		n = word_at(c);
		at = c->p;
		if (a3xx_type_lookup(c->s + at, n, &t))
			return a3xx_cur_error(c, at, "expected a result type (f16, f32, u16, u32, s16, "
			                             "s32, u8, u8_32)");
		ins->type = (uint8_t)t;
		c->p += n;
		if (expect(c, ')'))
			return -1;
	}
	if (expect(c, '('))
		return -1;
	ins->wrmask = 0;
	for (int last = -1;;) {
		int k;
		a3xx_cur_skip_ws(c);
		if (c->p >= c->len || (k = comp_of(c->s[c->p])) < 0)
			break;
		if (k <= last)
			return a3xx_cur_error(c, c->p, "write mask components go in the order xyzw, "
			                               "each once");
		ins->wrmask |= (uint8_t)(1u << k);
		last = k;
		c->p++;
	}
	if (expect(c, ')') || parse_dst(c, ins, 0, 0, &p->opnd_col[0]))
		return -1;
	if (sh->src1 && (comma(c) || parse_src(c, ins, &ins->src[0], ALLOW_REG, &p->opnd_col[1])))
		return -1;
	if (ins->is_s2en) {
		return comma(c) || parse_src(c, ins, &ins->src[1], ALLOW_REG, &p->opnd_col[2]) ||
		       comma(c) || parse_src(c, ins, &ins->src[2], ALLOW_REG, &p->opnd_col[3]);
	}
	if ((ins->is_o || sh->src2) &&
	    (comma(c) || parse_src(c, ins, &ins->src[1], ALLOW_REG, &p->opnd_col[2])))
		return -1;
	if (sh->samp || sh->tex) {
		const char *what[2] = {"s", "t"};
		int64_t v;
		for (unsigned k = 0; k < 2; k++) {
			if (!(k ? sh->tex : sh->samp))
				continue;
			if (comma(c))
				return -1;
			n = word_at(c);
			at = c->p;
			if (!is_word(c, at, n, what[k]))
				return a3xx_cur_error(c, at, "expected %s#N", what[k]);
			c->p += n;
			if (expect(c, '#'))
				return -1;
			at = c->p;
			if (parse_int(c, &v))
				return -1;
			if (v < 0 || v >= (k ? 128 : 16))
				return a3xx_cur_error(c, at, "%s#%lld out of range (0-%d)", what[k],
				                      (long long)v, k ? 127 : 15);
			if (k)
				ins->tex = (uint8_t)v;
			else
				ins->samp = (uint8_t)v;
		}
	}
	return 0;
}

/* cat6 "[space[]operand[+off][]]": a register or an immediate, with an optional offset. */
static int parse_cat6_addr(struct a3xx_cur *c, struct a3xx_ins *ins, struct a3xx_opnd *o,
                           char space, uint8_t *has_off, int32_t *off, size_t *col)
{
	a3xx_cur_skip_ws(c);
	*col = c->p;
	if (space) {
		size_t n = word_at(c);
		if (n != 1 || c->s[c->p] != space || c->p + 1 >= c->len || c->s[c->p + 1] != '[')
			return a3xx_cur_error(c, c->p, "expected %c[...]", space);
		c->p += 2;
	}
	if (parse_src(c, ins, o, ALLOW_REG | ALLOW_IMM, col))
		return -1;
	if (o->kind == A3XX_OPND_IMM && o->val < 0)
		return a3xx_cur_error(c, *col, "immediate operands of cat6 are not negative");
	if (space && (peek(c) == '+' || peek(c) == '-')) {
		int64_t v;
		size_t at = c->p;
		if (parse_int(c, &v))
			return -1;
		if (v < -4096 || v > 4095)
			return a3xx_cur_error(c, at, "offset out of range (-4096 to 4095)");
		*has_off = 1;
		*off = (int32_t)v;
	}
	if (space && expect(c, ']'))
		return -1;
	return 0;
}

static int parse_cat6(struct a3xx_cur *c, struct a3xx_parsed *p)
{
	struct a3xx_ins *ins = &p->ins;
	const struct a3xx_cat6_shape *sh = a3xx_cat6_shape(ins->opc);
	uint8_t dummy_has;
	int32_t dummy_off;
	if (!sh->no_dst) {
		if (parse_cat6_addr(c, ins, &ins->dst, sh->dst_space, &ins->has_dst_offset,
		                    &ins->dst_offset, &p->opnd_col[0]) ||
		    comma(c))
			return -1;
	}
	if (parse_cat6_addr(c, ins, &ins->src[0], sh->src_space, &ins->has_src_offset,
	                    &ins->src_offset, &p->opnd_col[1]))
		return -1;
	if (!sh->no_src2 && (comma(c) || parse_cat6_addr(c, ins, &ins->src[1], 0, &dummy_has,
	                                                  &dummy_off, &p->opnd_col[2])))
		return -1;
	return 0;
}

/* ---- flags and mnemonic ------------------------------------------------------------------- */

static int parse_flags(struct a3xx_cur *c, struct a3xx_ins *ins, unsigned *nop)
{
	while (peek(c) == '(') {
		size_t open = c->p, at, n;
		c->p++;
		n = word_at(c);
		at = c->p;
		if (is_word(c, at, n, "sy"))
			ins->f.sy = 1;
		else if (is_word(c, at, n, "ss"))
			ins->f.ss = 1;
		else if (is_word(c, at, n, "jp"))
			ins->f.jp = 1;
		else if (is_word(c, at, n, "ul"))
			ins->f.ul = 1;
		else if (is_word(c, at, n, "unchecked"))
			ins->f.unchecked = 1;
		else if (n == 4 && strncmp(c->s + at, "rpt", 3) == 0 && c->s[at + 3] >= '0' &&
		         c->s[at + 3] <= '7')
			ins->f.rpt = (uint8_t)(c->s[at + 3] - '0');
		else if (n == 4 && strncmp(c->s + at, "nop", 3) == 0 && c->s[at + 3] >= '1' &&
		         c->s[at + 3] <= '3')
			*nop = (unsigned)(c->s[at + 3] - '0');
		else
			return a3xx_cur_error(c, open, "unknown flag '(%.*s)' (flags: (sy) (ss) (jp) "
			                               "(rptN) (ul) (nopN) (unchecked))",
			                      (int)n, c->s + at);
		c->p += n;
		if (expect(c, ')'))
			return -1;
	}
	return 0;
}

/* cat1 mnemonics: mov.TT, cov.TT (source type, destination type) and mova. */
static int parse_cat1_mnemonic(struct a3xx_cur *c, size_t at, size_t n, struct a3xx_ins *ins)
{
	const char *s = c->s + at;
	unsigned t[2];
	size_t q = 4;
	ins->cat = 1;
	if (n == 4 && strncmp(s, "mova", 4) == 0) {
		ins->src_type = ins->dst_type = A3XX_S16;
		return 1;
	}
	if (n < 4 || (strncmp(s, "mov.", 4) != 0 && strncmp(s, "cov.", 4) != 0))
		return 0;
	for (unsigned k = 0; k < 2; k++) {
		if (q + 5 <= n && a3xx_type_lookup(s + q, 5, &t[k]) == 0) /* u8_32 */
			q += 5;
		else if (q + 3 <= n && a3xx_type_lookup(s + q, 3, &t[k]) == 0)
			q += 3;
		else if (q + 2 <= n && a3xx_type_lookup(s + q, 2, &t[k]) == 0)
			q += 2;
		else
			return a3xx_cur_error(c, at, "'%.*s': expected mov.TT or cov.TT with two of f16, "
			                             "f32, u16, u32, s16, s32, u8, u8_32",
			                      (int)n, s);
	}
	if (q != n)
		return a3xx_cur_error(c, at + q, "unexpected text after the types");
	if ((s[0] == 'm') != (t[0] == t[1]))
		return a3xx_cur_error(c, at, t[0] == t[1] ? "cov converts between two different types: "
		                                           "write mov"
		                                         : "mov keeps the type: write cov to convert");
	ins->src_type = (uint8_t)t[0];
	ins->dst_type = (uint8_t)t[1];
	return 1;
}

/* The suffixes after an opcode name (".lt", ".3d.s2en", ".g.u32", ".f32"). */
static int parse_suffixes(struct a3xx_cur *c, size_t at, size_t n, struct a3xx_ins *ins)
{
	size_t q = 0;
	int need_type = ins->cat == 6, need_gl = ins->cat == 6 && a3xx_cat6_shape(ins->opc)->atomic;
	int need_cond = ins->cat == 2 && ((A3XX_CAT2_COMPARE >> ins->opc) & 1);
	while (q < n) {
		size_t len = 1, start = q + 1;
		const char *s;
		unsigned v;
		if (c->s[at + q] != '.')
			return a3xx_cur_error(c, at + q, "unexpected text in the mnemonic");
		while (start + len - 1 < n && c->s[at + start + len - 1] != '.')
			len++;
		len--;
		s = c->s + at + start;
		if (need_cond) {
			if (a3xx_cond_lookup(s, len, &v) == 0 ||
			    (len == 1 && s[0] >= '0' && s[0] <= '7' && (v = (unsigned)(s[0] - '0'), 1))) {
				ins->cond = (uint8_t)v;
				need_cond = 0;
			} else {
				return a3xx_cur_error(c, at + start, "expected a condition: lt, le, gt, ge, "
				                                     "eq, ne");
			}
		} else if (need_gl) {
			if (len != 1 || (s[0] != 'g' && s[0] != 'l'))
				return a3xx_cur_error(c, at + start, "expected .g or .l (global or local "
				                                     "atomic)");
			ins->g = s[0] == 'g';
			need_gl = 0;
		} else if (need_type) {
			if (a3xx_type_lookup(s, len, &v) != 0)
				return a3xx_cur_error(c, at + start, "expected a type (f16, f32, u16, u32, "
				                                     "s16, s32, u8, u8_32)");
			ins->type = (uint8_t)v;
			need_type = 0;
		} else if (ins->cat == 5) {
			uint8_t *flag = NULL;
			if (len == 2 && strncmp(s, "3d", 2) == 0)
				flag = &ins->is_3d;
			else if (len == 1 && s[0] == 'a')
				flag = &ins->is_a;
			else if (len == 1 && s[0] == 'o')
				flag = &ins->is_o;
			else if (len == 1 && s[0] == 'p')
				flag = &ins->is_p;
			else if (len == 1 && s[0] == 's')
				flag = &ins->is_s;
			else if (len == 4 && strncmp(s, "s2en", 4) == 0)
				flag = &ins->is_s2en;
			if (!flag || *flag)
				return a3xx_cur_error(c, at + start, flag ? "suffix given twice"
				                                          : "unknown suffix (cat5: .3d .a .o "
				                                            ".p .s .s2en)");
			*flag = 1;
		} else {
			return a3xx_cur_error(c, at + start, "unexpected suffix '.%.*s'", (int)len, s);
		}
		q = start + len;
	}
	if (need_cond)
		return a3xx_cur_error(c, at + n, "a compare needs a condition (.lt .le .gt .ge .eq .ne)");
	if (need_gl || need_type)
		return a3xx_cur_error(c, at + n, need_gl ? "an atomic needs .g or .l and a type"
		                                         : "cat6 needs a type suffix (.f32, .u32, ...)");
	return 0;
}

static unsigned opc_width(unsigned cat)
{
	static const unsigned w[A3XX_CATEGORIES] = {4, 0, 6, 4, 6, 5, 5, 0};
	return w[cat];
}

static int parse_mnemonic(struct a3xx_cur *c, struct a3xx_parsed *p)
{
	struct a3xx_ins *ins = &p->ins;
	size_t n = word_at(c), at = c->p, k;
	const char *s = c->s + at;
	unsigned cat, opc;
	int r;
	p->mnemonic_col = at;
	if (n == 0 || !isalpha((unsigned char)s[0])) {
		char buf[40];
		return a3xx_cur_error(c, at, "expected an instruction, found %s", found(c, buf, sizeof buf));
	}
	c->p += n;
	if ((r = parse_cat1_mnemonic(c, at, n, ins)) != 0)
		return r < 0 ? -1 : 0;
	if (n >= 4 && strncmp(s, "cat", 3) == 0 && s[3] >= '0' && s[3] <= '7' &&
	    (n == 4 || s[4] == '.')) {
		ins->cat = (uint8_t)(s[3] - '0');
		if (n == 4) {
			p->raw_form = 1;
			return 0;
		}
		k = 5;
		if (!opc_width(ins->cat) || k >= n || !isdigit((unsigned char)s[k]))
			return a3xx_cur_error(c, at, opc_width(ins->cat)
			                                     ? "expected catN.OPCODE (a number)"
			                                     : "this category has no opcode: write catN");
		opc = 0;
		while (k < n && isdigit((unsigned char)s[k])) {
			opc = opc * 10 + (unsigned)(s[k++] - '0');
			if (opc >= 1u << opc_width(ins->cat))
				return a3xx_cur_error(c, at, "opcode out of range for cat%u", ins->cat);
		}
		ins->opc = (uint8_t)opc;
		return parse_suffixes(c, at + k, n - k, ins);
	}
	/* the longest prefix (at a '.') that names an opcode */
	for (k = n; k > 0; k--) {
		if (k < n && s[k] != '.')
			continue;
		if (a3xx_opcode_lookup(s, k, &cat, &opc) == 0)
			break;
	}
	if (k == 0)
		return a3xx_cur_error(c, at, "unknown instruction '%.*s'", (int)n, s);
	ins->cat = (uint8_t)cat;
	ins->opc = (uint8_t)opc;
	return parse_suffixes(c, at + k, n - k, ins);
}

/* ---- keys -------------------------------------------------------------------------------- */

static int parse_keys(struct a3xx_cur *c, struct a3xx_parsed *p)
{
	for (;;) {
		size_t n = word_at(c), at = c->p;
		char buf[40];
		if (c->p >= c->len)
			return 0;
		if (n == 0 || !isalpha((unsigned char)c->s[at]) || at + n >= c->len)
			return a3xx_cur_error(c, at, "expected name=value or the end of the line, found %s",
			                      found(c, buf, sizeof buf));
		c->p += n;
		if (!accept(c, '='))
			return a3xx_cur_error(c, at, "expected name=value or the end of the line, found "
			                             "'%.*s'",
			                      (int)n, c->s + at);
		if (p->nkeys == A3XX_MAX_KEYS)
			return a3xx_cur_error(c, at, "more than %d name=value keys", A3XX_MAX_KEYS);
		p->keys[p->nkeys].name = at;
		p->keys[p->nkeys].name_len = n;
		a3xx_cur_skip_ws(c);
		p->keys[p->nkeys].value = c->p;
		p->nkeys++;
		if (c->p < c->len && (c->s[c->p] == '-' || c->s[c->p] == '+'))
			c->p++;
		if (word_at(c) == 0)
			return a3xx_cur_error(c, c->p, "expected a value after '='");
		c->p += word_at(c);
	}
}

int a3xx_apply_keys(struct a3xx_cur *c, const struct a3xx_parsed *p, ip_word *w)
{
	const struct ip_format *fmt = &a3xx_cat_formats[p->ins.cat & 7];
	for (unsigned k = 0; k < p->nkeys; k++) {
		const struct a3xx_key *key = &p->keys[k];
		const struct ip_field *f = NULL;
		int any = 0;
		size_t n;
		uint64_t v;
		for (unsigned i = 0; i < fmt->nfields; i++) {
			const struct ip_field *g = &fmt->fields[i];
			if (g->name[0] != c->s[key->name] || strlen(g->name) != key->name_len ||
			    strncmp(g->name, c->s + key->name, key->name_len) != 0)
				continue;
			any = 1;
			if (ip_field_active(fmt, g, w, NULL)) {
				f = g;
				break;
			}
		}
		if (!f)
			return a3xx_cur_error(c, key->name,
			                      any ? "field '%.*s' is not present in this %s word (its "
			                            "selector has another value)"
			                          : "no field '%.*s' in a %s word (isaprobe fields a3xx "
			                            "lists them)",
			                      (int)key->name_len, c->s + key->name, fmt->name);
		c->p = key->value;
		n = word_at(c);
		if (n && isalpha((unsigned char)c->s[c->p])) {
			char name[64];
			snprintf(name, sizeof name, "%.*s", (int)n, c->s + c->p);
			if (ip_enum_value(f->enums, name, &v) != 0)
				return a3xx_cur_error(c, key->value, "'%s' is not a value of field %s", name,
				                      f->name);
		} else {
			int64_t x;
			if (parse_int(c, &x))
				return -1;
			if (x < 0) {
				if (f->width < 64 && x < -(INT64_C(1) << (f->width - 1)))
					return a3xx_cur_error(c, key->value, "%lld does not fit field %s "
					                                     "(%u bits)",
					                      (long long)x, f->name, f->width);
				v = (uint64_t)x & ip_mask64(f->width);
			} else {
				v = (uint64_t)x;
				if (f->width < 64 && (v >> f->width))
					return a3xx_cur_error(c, key->value, "0x%llx does not fit field %s "
					                                     "(%u bits)",
					                      (unsigned long long)v, f->name, f->width);
			}
		}
		ip_field_set(f, w, v);
	}
	return 0;
}

/* ---- the instruction -------------------------------------------------------------------- */

int a3xx_parse_instruction(struct a3xx_cur *c, struct a3xx_parsed *p)
{
	static const unsigned cat2_allow = ALLOW_REG | ALLOW_CONST | ALLOW_REL | ALLOW_IMM |
	                                   ALLOW_RAW | ALLOW_MODS | ALLOW_R;
	static const unsigned alu_allow[5][3] = {
		[2] = {cat2_allow, cat2_allow, 0},
		[3] = {ALLOW_REG | ALLOW_CONST | ALLOW_REL | ALLOW_RAW | ALLOW_MODS | ALLOW_R,
		       ALLOW_REG | ALLOW_CONST | ALLOW_MODS | ALLOW_R,
		       ALLOW_REG | ALLOW_CONST | ALLOW_REL | ALLOW_RAW | ALLOW_MODS | ALLOW_R},
		[4] = {cat2_allow, 0, 0},
	};
	struct a3xx_ins *ins = &p->ins;
	unsigned nop = 0;
	int rc = 0;
	memset(p, 0, sizeof *p);
	if (parse_flags(c, ins, &nop) || parse_mnemonic(c, p))
		return -1;
	if (p->raw_form) {
		if (memcmp(&ins->f, &(struct a3xx_flags){0}, sizeof ins->f) || nop)
			return a3xx_cur_error(c, p->mnemonic_col, "the bare catN form takes no flags: set "
			                                          "every field with name=value");
		return parse_keys(c, p);
	}
	switch (ins->cat) {
	case 0:
		rc = parse_cat0(c, p);
		break;
	case 1:
		rc = parse_cat1(c, p);
		break;
	case 2:
	case 3:
	case 4:
		ins->nsrc = (uint8_t)(ins->cat == 2 ? a3xx_cat2_srcs(ins->opc) : ins->cat == 3 ? 3 : 1);
		rc = parse_alu(c, p, alu_allow[ins->cat]);
		break;
	case 5:
		rc = parse_cat5(c, p);
		break;
	case 6:
		rc = parse_cat6(c, p);
		break;
	default:
		break;
	}
	if (rc)
		return -1;
	if (nop) {
		if ((ins->cat != 2 && ins->cat != 3) || ins->f.rpt)
			return a3xx_cur_error(c, p->mnemonic_col, "(nopN) is for cat2 and cat3 without "
			                                          "(rptN)");
		ins->src[0].r |= nop & 1;
		ins->src[1].r |= (nop >> 1) & 1;
	}
	/* flags the category has no field for */
	if (ins->cat >= 5 && (ins->f.ss || ins->f.rpt || ins->f.ul))
		return a3xx_cur_error(c, p->mnemonic_col, "cat%u has no (ss), (rptN) or (ul)", ins->cat);
	if (ins->cat == 0 && ins->f.ul)
		return a3xx_cur_error(c, p->mnemonic_col, "cat0 has no (ul)");
	return parse_keys(c, p);
}
