/* midgard_disasm.c: Midgard logical words -> assembly text (syntax: docs/midgard-asm.md).
 * Every bit is printed: what the operand syntax cannot say is printed as name=value. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "isaprobe/internal/field_text.h"
#include "common/float_bits.h"
#include "common/fp16.h"
#include "midgard_syntax.h"

static void print_op(FILE *out, const struct ip_field *f, uint64_t v)
{
	const char *name = ip_enum_name(f->enums, v);
	if (name)
		fputs(name, out);
	else
		fprintf(out, "0x%llx", (unsigned long long)v);
}

/* Half-float constant: a decimal that reads back to the same bits, else raw hex. */
static void print_f16(FILE *out, uint16_t h)
{
	double v = ip_f16_to_double(h);
	char buf[48];
	uint16_t back;
	if (isfinite(v)) {
		snprintf(buf, sizeof buf, "%.17g", v); /* exact: a half is exact in double */
		if (!strpbrk(buf, ".en"))
			strcat(buf, ".0");
		if (ip_double_to_f16_exact(v, &back) == 0 && back == h) {
			fputs(buf, out);
			return;
		}
	}
	fprintf(out, "0x%04x", h);
}

static void print_mods_open(FILE *out, int neg, int abs_)
{
	if (neg)
		fputc('-', out);
	if (abs_)
		fputs("abs(", out);
}

/* Full-mode write mask as letters when every component's 2 bits agree and one is set. */
static int mask_letters(uint64_t mask, char *buf)
{
	int n = 0;
	for (unsigned c = 0; c < 4; c++) {
		unsigned pair = (unsigned)(mask >> (2 * c)) & 3;
		if (pair == 3)
			buf[n++] = midgard_comp_letters[c];
		else if (pair != 0)
			return 0;
	}
	buf[n] = 0;
	return n > 0;
}

static void print_swizzle(FILE *out, uint64_t swz)
{
	fputc('.', out);
	for (unsigned c = 0; c < 4; c++)
		fputc(midgard_comp_letters[(swz >> (2 * c)) & 3], out);
}

static void print_vector_src(FILE *out, const struct midgard_unit_words *u, int n,
                             struct ip_name_set *used)
{
	static const char *const names[2][4] = {{"src1", "src1_neg", "src1_abs", "src1_swz"},
	                                        {"src2", "src2_neg", "src2_abs", "src2_swz"}};
	int neg = (int)midgard_get(u, names[n][1]), abs_ = (int)midgard_get(u, names[n][2]);
	ip_name_set_add(used, names[n][1]);
	ip_name_set_add(used, names[n][2]);
	print_mods_open(out, neg, abs_);
	if (n == 1 && midgard_get(u, "src2_imm")) {
		fputc('#', out);
		print_f16(out, midgard_imm_get(u, midgard_vector_imm));
		for (const struct midgard_imm_piece *p = midgard_vector_imm; p->field; p++)
			ip_name_set_add(used, p->field);
		ip_name_set_add(used, "src2_imm");
		if (abs_)
			fputc(')', out);
		return;
	}
	fprintf(out, "r%llu", (unsigned long long)midgard_get(u, names[n][0]));
	if (abs_)
		fputc(')', out);
	print_swizzle(out, midgard_get(u, names[n][3]));
	ip_name_set_add(used, names[n][0]);
	ip_name_set_add(used, names[n][3]);
}

static void print_vector(FILE *out, const struct midgard_unit_words *u, struct ip_name_set *used)
{
	char letters[8];
	uint64_t mask = midgard_get(u, "mask");
	fprintf(out, " r%llu", (unsigned long long)midgard_get(u, "dst"));
	ip_name_set_add(used, "dst");
	if (midgard_get(u, "mode") == 2 && mask_letters(mask, letters)) {
		fprintf(out, ".%s", letters);
		ip_name_set_add(used, "mask");
	}
	fputs(", ", out);
	print_vector_src(out, u, 0, used);
	fputs(", ", out);
	print_vector_src(out, u, 1, used);
}

static void print_scalar_src(FILE *out, const struct midgard_unit_words *u, int n,
                             struct ip_name_set *used)
{
	static const char *const names[2][4] = {{"src1", "src1_neg", "src1_abs", "src1_comp"},
	                                        {"src2", "src2_neg", "src2_abs", "src2_comp"}};
	int neg, abs_, letter = 1;
	uint64_t comp;
	if (n == 1 && midgard_get(u, "src2_imm")) {
		fputc('#', out);
		print_f16(out, midgard_imm_get(u, midgard_scalar_imm));
		for (const struct midgard_imm_piece *p = midgard_scalar_imm; p->field; p++)
			ip_name_set_add(used, p->field);
		ip_name_set_add(used, "src2_imm");
		return;
	}
	neg = (int)midgard_get(u, names[n][1]);
	abs_ = (int)midgard_get(u, names[n][2]);
	print_mods_open(out, neg, abs_);
	fprintf(out, "r%llu", (unsigned long long)midgard_get(u, names[n][0]));
	if (abs_)
		fputc(')', out);
	comp = midgard_get(u, names[n][3]);
	if (n == 1) {
		/* input 2's field is a 16-bit lane: 2c for a full input's component c (Mesa) */
		uint64_t lane = comp;
		comp = midgard_get(u, "src2_full") ? lane >> 1 : lane;
		if ((midgard_get(u, "src2_full") && (lane & 1)) || comp > 3)
			comp = 0, letter = 0; /* the key src2_comp= says it */
	}
	fprintf(out, ".%c", midgard_comp_letters[comp & 3]);
	for (unsigned k = 0; k < 4; k++)
		if (k != 3 || letter)
			ip_name_set_add(used, names[n][k]);
}

static void print_scalar(FILE *out, const struct midgard_unit_words *u, struct ip_name_set *used)
{
	fprintf(out, " r%llu.%c, ", (unsigned long long)midgard_get(u, "dst"),
	        midgard_comp_letters[midgard_get(u, "out_comp") & 3]);
	ip_name_set_add(used, "dst");
	ip_name_set_add(used, "out_comp");
	print_scalar_src(out, u, 0, used);
	fputs(", ", out);
	print_scalar_src(out, u, 1, used);
}

static void print_enum_operand(FILE *out, const struct midgard_unit_words *u, const char *name,
                               struct ip_name_set *used)
{
	ip_word *w;
	const struct ip_field *f = midgard_find(u, name, &w);
	ip_field_print_value(out, f, ip_field_get(f, w));
	ip_name_set_add(used, name);
}

/* Both compact branch offsets are signed 7-bit quadword counts (the unconditional one as Mesa
 * reads it; docs/midgard-sources.md). */
static void print_branch(FILE *out, const struct midgard_unit_words *u, struct ip_name_set *used)
{
	uint64_t op = midgard_get(u, "op"), offset = midgard_get(u, "offset");
	if (op != 1 && op != 2)
		return;
	fputc(' ', out);
	if (op == 2) {
		print_enum_operand(out, u, "cond", used);
		fputs(", ", out);
	}
	print_enum_operand(out, u, "dest_tag", used);
	fprintf(out, ", %lld", (long long)(offset & 0x40 ? (int64_t)offset - 128 : (int64_t)offset));
	ip_name_set_add(used, "offset");
}

static void print_unit(FILE *out, const struct ip_bundle *b, const struct ip_slot *s, unsigned unit)
{
	struct ip_slot copy = *s;
	ip_word reg = ip_word_zero();
	struct midgard_unit_words u = {s->fmt, &copy.value, NULL};
	struct ip_name_set used = {{0}, 0};
	const ip_word *ctx = ip_slot_context(b, s);

	if (ctx) {
		reg = *ctx;
		u.reg = &reg;
	}
	fprintf(out, "\t%s", midgard_units[unit].name);
	if (s->fmt != &midgard_branch_extended) {
		const struct ip_field *opf = ip_format_field(s->fmt, "op");
		fputc('.', out);
		print_op(out, opf, ip_field_get(opf, u.unit));
		ip_name_set_add(&used, "op");
	}
	if (s->fmt == &midgard_vector_alu)
		print_vector(out, &u, &used);
	else if (s->fmt == &midgard_scalar_alu)
		print_scalar(out, &u, &used);
	else if (s->fmt == &midgard_branch_compact)
		print_branch(out, &u, &used);
	ip_print_keys(out, s->fmt, u.unit, u.reg, &used);
	if (u.reg)
		ip_print_keys(out, &midgard_alu_reg, u.reg, NULL, &used);
	fputc('\n', out);
}

static int is_float_worth_showing(uint32_t bits)
{
	unsigned exp = (bits >> 23) & 0xFF;
	return (bits & 0x7FFFFFFF) != 0 && exp >= 127 - 20 && exp <= 127 + 24;
}

static void print_constant(FILE *out, uint32_t bits)
{
	float f = ip_f32_from_bits(bits);
	char buf[48];
	if (is_float_worth_showing(bits)) {
		snprintf(buf, sizeof buf, "%.9g", (double)f);
		if (!strpbrk(buf, ".e"))
			strcat(buf, ".0");
		fputs(buf, out);
	} else {
		fprintf(out, "0x%x", bits);
	}
}

static void print_next(FILE *out, const struct ip_program *p, size_t i, const struct ip_slot *tag)
{
	const struct ip_field *f = ip_format_field(tag->fmt, "next");
	uint64_t next = ip_field_get(f, &tag->value);
	if (next != midgard_next_tag(p, i)) {
		fputs(" next=", out);
		ip_field_print_value(out, f, next);
	}
}

static void print_alu(FILE *out, const struct ip_program *p, size_t i)
{
	const struct ip_bundle *b = &p->bundles[i];
	struct ip_name_set skip = {{"type", "next"}, 2};
	unsigned padq = 0;
	ip_word words;

	for (unsigned u = 0; u < MIDGARD_UNIT_COUNT; u++)
		ip_name_set_add(&skip, midgard_units[u].enable_field);
	fprintf(out, "%s", ip_enum_name(midgard_tag_enum, b->kind));
	print_next(out, p, i, &b->slots[0]);
	ip_print_keys(out, &midgard_alu_control, &b->slots[0].value, NULL, &skip);
	for (unsigned k = 0; k < b->nslots; k++) {
		const struct ip_slot *s = &b->slots[k];
		if (s->unit == MIDGARD_ROLE_PAD && (s->value.w[0] | s->value.w[1])) {
			fputs(" pad=", out);
			ip_print_word_hex(out, &s->value);
		} else if (s->unit == MIDGARD_ROLE_PAD_QUAD && ++padq &&
		           (s->value.w[0] | s->value.w[1])) {
			fprintf(out, " padq%u=", padq);
			ip_print_word_hex(out, &s->value);
		}
	}
	fputs(" {\n", out);
	for (unsigned k = 0; k < b->nslots; k++) {
		const struct ip_slot *s = &b->slots[k];
		int unit = midgard_role_unit(s->unit);
		if (unit >= 0)
			print_unit(out, b, s, (unsigned)unit);
		if (s->unit == MIDGARD_ROLE_CONSTANTS) {
			words = s->value;
			fputs("\tconst ", out);
			for (unsigned c = 0; c < 4; c++) {
				if (c)
					fputs(", ", out);
				print_constant(out, (uint32_t)ip_bits_get(&words, 32 * c, 32));
			}
			fputc('\n', out);
		}
	}
	fputs("}\n", out);
}

static void print_ls_instruction(FILE *out, const struct ip_slot *s)
{
	struct ip_name_set used = {{"op"}, 1};
	const ip_word *w = &s->value;
	const struct ip_format *f = s->fmt;
	uint64_t op = ip_field_get(ip_format_field(f, "op"), w);
	uint64_t mask = ip_field_get(ip_format_field(f, "mask"), w);
	ip_word defaults = ip_format_defaults(f, NULL);

	fputc('\t', out);
	print_op(out, ip_format_field(f, "op"), op);
	ip_field_set(ip_format_field(f, "op"), &defaults, op);
	if (!(op == 0x03 && ip_word_eq(&defaults, w))) {
		fprintf(out, " r%llu", (unsigned long long)ip_field_get(ip_format_field(f, "reg"), w));
		ip_name_set_add(&used, "reg");
		if (mask) {
			fputc('.', out);
			for (unsigned c = 0; c < 4; c++)
				if ((mask >> c) & 1)
					fputc(midgard_comp_letters[c], out);
			ip_name_set_add(&used, "mask");
		}
		fprintf(out, ", [%llu]", (unsigned long long)ip_field_get(ip_format_field(f, "addr"), w));
		print_swizzle(out, ip_field_get(ip_format_field(f, "swz"), w));
		ip_name_set_add(&used, "addr");
		ip_name_set_add(&used, "swz");
		ip_print_keys(out, f, w, NULL, &used);
	}
	fputc('\n', out);
}

int midgard_disassemble(const struct ip_program *p, FILE *out)
{
	for (size_t i = 0; i < p->nbundles; i++) {
		const struct ip_bundle *b = &p->bundles[i];
		struct ip_name_set skip = {{"type", "next"}, 2};
		if (b->kind == MIDGARD_TAG_LOAD_STORE) {
			fputs("ls", out);
			print_next(out, p, i, &b->slots[0]);
			fputs(" {\n", out);
			print_ls_instruction(out, &b->slots[1]);
			print_ls_instruction(out, &b->slots[2]);
			fputs("}\n", out);
		} else if (midgard_tag_is_texture(b->kind)) {
			fputs(ip_enum_name(midgard_tag_enum, b->kind), out);
			print_next(out, p, i, &b->slots[0]);
			ip_print_keys(out, &midgard_texture, &b->slots[0].value, NULL, &skip);
			fputs(" {}\n", out);
		} else {
			print_alu(out, p, i);
		}
	}
	return ferror(out) ? -1 : 0;
}
