/* a3xx_print.c: a3xx instructions as text in the notes' syntax: flags, mnemonic, operands
 * (registers, consts, a0.x-relative, immediates), and the NNNN[...] listing prefix. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "a3xx_names.h"
#include "a3xx_print.h"
#include "common/float_bits.h"
#include "common/fp16.h"

void a3xx_text_add(struct a3xx_text *t, const char *fmt, ...)
{
	va_list ap;
	int n;
	if (t->n >= sizeof t->s - 1)
		return;
	va_start(ap, fmt);
	n = vsnprintf(t->s + t->n, sizeof t->s - t->n, fmt, ap);
	va_end(ap);
	if (n > 0)
		t->n += (size_t)n < sizeof t->s - t->n ? (size_t)n : sizeof t->s - t->n - 1;
}

void a3xx_text_str(struct a3xx_text *t, const char *s)
{
	while (*s && t->n < sizeof t->s - 1)
		t->s[t->n++] = *s++;
	t->s[t->n] = '\0';
}

#define add_str a3xx_text_str

void a3xx_text_uint(struct a3xx_text *t, unsigned long long v, unsigned min_digits)
{
	char buf[24];
	unsigned n = 0;
	do {
		buf[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v || n < min_digits);
	while (n && t->n < sizeof t->s - 1)
		t->s[t->n++] = buf[--n];
	t->s[t->n] = '\0';
}

void a3xx_text_int(struct a3xx_text *t, long long v)
{
	if (v < 0) {
		add_str(t, "-");
		a3xx_text_uint(t, 0 - (unsigned long long)v, 1);
	} else {
		a3xx_text_uint(t, (unsigned long long)v, 1);
	}
}

void a3xx_text_hex(struct a3xx_text *t, unsigned long long v, unsigned digits)
{
	static const char hex[] = "0123456789abcdef";
	char buf[16];
	unsigned n = 0;
	do {
		buf[n++] = hex[v & 15];
		v >>= 4;
	} while (v || n < digits);
	while (n && t->n < sizeof t->s - 1)
		t->s[t->n++] = buf[--n];
	t->s[t->n] = '\0';
}

static const char comp_char[4] = {'x', 'y', 'z', 'w'};

void a3xx_print_listing_prefix(unsigned index, const ip_word *w, struct a3xx_text *t)
{
	a3xx_text_uint(t, index, 4);
	if (!w) {
		add_str(t, "[                   ] ");
		return;
	}
	add_str(t, "[");
	a3xx_text_hex(t, w->w[0] >> 32, 8);
	add_str(t, "x_");
	a3xx_text_hex(t, w->w[0] & 0xffffffffu, 8);
	add_str(t, "x] ");
}

/* "rN.c" with prefix `pre` ("r", "hr", "c", "hc"). */
static void add_reg(struct a3xx_text *t, const char *pre, long long v)
{
	add_str(t, pre);
	a3xx_text_uint(t, (unsigned long long)(v >> 2), 1);
	if (t->n + 2 < sizeof t->s) {
		t->s[t->n++] = '.';
		t->s[t->n++] = comp_char[v & 3];
		t->s[t->n] = '\0';
	}
}

/* The shortest "%.Ng" that reads back as exactly f. */
static void add_float(struct a3xx_text *t, double f)
{
	char buf[64];
	for (int prec = 6; prec <= 17; prec++) {
		snprintf(buf, sizeof buf, "%.*g", prec, f);
		if (strtod(buf, NULL) == f)
			break;
	}
	add_str(t, buf);
}

void a3xx_print_cat1_imm(unsigned src_type, uint32_t bits, struct a3xx_text *t)
{
	if (src_type == A3XX_F32) {
		float f = ip_f32_from_bits(bits);
		if (isnan(f)) {
			a3xx_text_add(t, "0x%08x", bits);
		} else if (isinf(f)) {
			add_str(t, f > 0 ? "(inf)" : "(-inf)");
		} else {
			add_str(t, "(");
			add_float(t, (double)f);
			add_str(t, ")");
		}
	} else if (src_type == A3XX_F16) {
		double f = ip_f16_to_double((uint16_t)bits);
		if ((bits >> 16) || isnan(f)) {
			a3xx_text_add(t, "0x%08x", bits);
		} else if (isinf(f)) {
			add_str(t, f > 0 ? "(inf)" : "(-inf)");
		} else {
			add_str(t, "(");
			add_float(t, f);
			add_str(t, ")");
		}
	} else if (a3xx_type_half(src_type) && (bits >> 16)) {
		a3xx_text_add(t, "0x%08x", bits); /* not a 16-bit value: all 32 bits */
	} else if (src_type == A3XX_S16) {
		a3xx_text_add(t, "%d", (int16_t)bits);
	} else if (src_type == A3XX_S32) {
		a3xx_text_add(t, "%d", (int32_t)bits);
	} else {
		a3xx_text_add(t, "%u", bits);
	}
}

static void add_mods(const struct a3xx_opnd *o, struct a3xx_text *t)
{
	if (o->neg && o->abs)
		add_str(t, "(absneg)");
	else if (o->neg)
		add_str(t, "(neg)");
	else if (o->abs)
		add_str(t, "(abs)");
	if (o->r)
		add_str(t, "(r)");
}

static void add_rel(char file, int half, long long off, struct a3xx_text *t)
{
	if (off > 0)
		a3xx_text_add(t, "%s%c<a0.x + %lld>", half ? "h" : "", file, off);
	else if (off < 0)
		a3xx_text_add(t, "%s%c<a0.x - %lld>", half ? "h" : "", file, -off);
	else
		a3xx_text_add(t, "%s%c<a0.x>", half ? "h" : "", file);
}

/* An operand without modifiers; `step` is added to what (r) or a repetition steps. */
static void add_value(const struct a3xx_ins *ins, const struct a3xx_opnd *o, long long step,
                      struct a3xx_text *t)
{
	long long v = (long long)o->val + step;
	switch (o->kind) {
	case A3XX_OPND_REG:
		if ((v >> 2) == A3XX_REG_A0 || (v >> 2) == A3XX_REG_P0)
			add_reg(t, (v >> 2) == A3XX_REG_A0 ? "a" : "p", (v & 3));
		else
			add_reg(t, o->half ? "hr" : "r", v);
		break;
	case A3XX_OPND_CONST:
		add_reg(t, o->half ? "hc" : "c", v);
		break;
	case A3XX_OPND_REL_REG:
		add_rel('r', o->half, v, t);
		break;
	case A3XX_OPND_REL_CONST:
		add_rel('c', o->half, v, t);
		break;
	case A3XX_OPND_IMM:
		if (ins->cat == 1)
			a3xx_print_cat1_imm(ins->src_type, (uint32_t)v, t);
		else
			a3xx_text_int(t, v);
		break;
	case A3XX_OPND_RAW:
		a3xx_text_add(t, "raw(0x%llx)", (unsigned long long)o->val);
		break;
	default:
		break;
	}
}

static void add_src(const struct a3xx_ins *ins, const struct a3xx_opnd *o, unsigned rep,
                    struct a3xx_text *t)
{
	add_mods(o, t);
	add_value(ins, o, o->r ? rep : 0, t);
}

static void add_mnemonic(const struct a3xx_ins *ins, struct a3xx_text *t)
{
	const char *name = a3xx_opcode_name(ins->cat, ins->opc);
	if (ins->cat == 1) {
		int same = ins->src_type == ins->dst_type;
		if (same && ins->src_type == A3XX_S16 && ins->dst.kind == A3XX_OPND_REG &&
		    ins->dst.val == A3XX_REG_A0 * 4)
			add_str(t, "mova");
		else
			a3xx_text_add(t, "%s.%s%s", same ? "mov" : "cov", a3xx_type_name(ins->src_type),
			              a3xx_type_name(ins->dst_type));
		return;
	}
	if (ins->cat == 7) {
		add_str(t, "cat7");
		return;
	}
	if (name)
		add_str(t, name);
	else
		a3xx_text_add(t, "cat%u.%u", ins->cat, ins->opc);
	if (ins->cat == 2 && ((A3XX_CAT2_COMPARE >> ins->opc) & 1)) {
		const char *c = a3xx_cond_name(ins->cond);
		if (c)
			a3xx_text_add(t, ".%s", c);
		else
			a3xx_text_add(t, ".%u", ins->cond);
	}
	if (ins->cat == 5) {
		if (ins->is_3d)
			add_str(t, ".3d");
		if (ins->is_a)
			add_str(t, ".a");
		if (ins->is_o)
			add_str(t, ".o");
		if (ins->is_p)
			add_str(t, ".p");
		if (ins->is_s)
			add_str(t, ".s");
		if (ins->is_s2en)
			add_str(t, ".s2en");
	}
	if (ins->cat == 6) {
		if (a3xx_cat6_shape(ins->opc)->atomic)
			add_str(t, ins->g ? ".g" : ".l");
		a3xx_text_add(t, ".%s", a3xx_type_name(ins->type));
	}
}

static void add_flags(const struct a3xx_ins *ins, struct a3xx_text *t)
{
	if (ins->f.unchecked)
		add_str(t, "(unchecked)");
	if (ins->f.sy)
		add_str(t, "(sy)");
	if (ins->f.ss)
		add_str(t, "(ss)");
	if (ins->f.jp)
		add_str(t, "(jp)");
	if (ins->f.rpt)
		a3xx_text_add(t, "(rpt%u)", ins->f.rpt);
	/* a one-source cat2 has no second source to show bit 51's (r) on: Mesa's (nop2) says it
	 * (the first source's (r) stays on it: (nop2) and (r) are (nop3)) */
	if (ins->cat == 2 && ins->nsrc == 1 && !ins->f.rpt && ins->src[1].r)
		add_str(t, "(nop2)");
	if (ins->f.ul)
		add_str(t, "(ul)");
}

/* cat6: "[space[]operand[+off][]]" */
static void add_cat6_addr(const struct a3xx_ins *ins, const struct a3xx_opnd *o, char space,
                          int has_off, int32_t off, struct a3xx_text *t)
{
	if (space)
		a3xx_text_add(t, "%c[", space);
	if (o->kind == A3XX_OPND_IMM)
		a3xx_text_add(t, "%lld", (long long)o->val);
	else
		add_value(ins, o, 0, t);
	/* ldlv's l[N] is Mesa's form; with an offset of 0 it is the source-offset one, l[N+0] */
	if (has_off && (off || (ins->cat == 6 && ins->opc == A3XX_OPC6_LDLV &&
	                        o->kind == A3XX_OPND_IMM)))
		a3xx_text_add(t, "%+d", off);
	if (space)
		add_str(t, "]");
}

static void print_cat0(const struct a3xx_ins *ins, struct a3xx_text *t)
{
	switch (ins->opc) {
	case A3XX_OPC0_BR:
		a3xx_text_add(t, " %sp0.%c, #%d", ins->inv ? "!" : "", comp_char[ins->comp & 3],
		              ins->immed);
		break;
	case A3XX_OPC0_JUMP:
	case A3XX_OPC0_CALL:
		a3xx_text_add(t, " #%d", ins->immed);
		break;
	case A3XX_OPC0_KILL:
		a3xx_text_add(t, " %sp0.%c", ins->inv ? "!" : "", comp_char[ins->comp & 3]);
		break;
	default:
		break;
	}
}

static void print_cat5(const struct a3xx_ins *ins, struct a3xx_text *t)
{
	const struct a3xx_cat5_shape *sh = a3xx_cat5_shape(ins->opc);
	add_str(t, " ");
	if (!sh->no_type)
		a3xx_text_add(t, "(%s)", a3xx_type_name(ins->type));
	add_str(t, "(");
	for (unsigned i = 0; i < 4; i++)
		if ((ins->wrmask >> i) & 1)
			a3xx_text_add(t, "%c", comp_char[i]);
	add_str(t, ")");
	add_value(ins, &ins->dst, 0, t);
	if (sh->src1) {
		add_str(t, ", ");
		add_value(ins, &ins->src[0], 0, t);
	}
	if (ins->is_s2en) {
		add_str(t, ", ");
		add_value(ins, &ins->src[1], 0, t);
		add_str(t, ", ");
		add_value(ins, &ins->src[2], 0, t);
		return;
	}
	if (ins->is_o || sh->src2) {
		add_str(t, ", ");
		add_value(ins, &ins->src[1], 0, t);
	}
	if (sh->samp)
		a3xx_text_add(t, ", s#%u", ins->samp);
	if (sh->tex)
		a3xx_text_add(t, ", t#%u", ins->tex);
}

static void print_cat6(const struct a3xx_ins *ins, struct a3xx_text *t)
{
	const struct a3xx_cat6_shape *sh = a3xx_cat6_shape(ins->opc);
	add_str(t, " ");
	if (!sh->no_dst) {
		add_cat6_addr(ins, &ins->dst, sh->dst_space, ins->has_dst_offset, ins->dst_offset, t);
		add_str(t, ", ");
	}
	add_cat6_addr(ins, &ins->src[0], sh->src_space, ins->has_src_offset, ins->src_offset, t);
	if (!sh->no_src2) {
		add_str(t, ", ");
		add_cat6_addr(ins, &ins->src[1], 0, 0, 0, t);
	}
}

void a3xx_print(const struct a3xx_ins *ins, unsigned rep, struct a3xx_text *t)
{
	if (!rep)
		add_flags(ins, t);
	add_mnemonic(ins, t);
	switch (ins->cat) {
	case 0:
		print_cat0(ins, t);
		break;
	case 1:
		add_str(t, " ");
		if (ins->even)
			add_str(t, "(even)");
		if (ins->pos_inf)
			add_str(t, "(pos_infinity)");
		add_value(ins, &ins->dst, rep, t);
		add_str(t, ", ");
		add_src(ins, &ins->src[0], rep, t);
		break;
	case 2:
	case 3:
	case 4:
		add_str(t, " ");
		if (ins->ei)
			add_str(t, "(ei)");
		add_value(ins, &ins->dst, rep, t);
		for (unsigned i = 0; i < ins->nsrc; i++) {
			add_str(t, ", ");
			add_src(ins, &ins->src[i], rep, t);
		}
		break;
	case 5:
		print_cat5(ins, t);
		break;
	case 6:
		print_cat6(ins, t);
		break;
	default:
		break;
	}
}
