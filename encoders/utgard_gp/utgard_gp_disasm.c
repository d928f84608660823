/* utgard_gp_disasm.c: Utgard GP programs -> assembly text (syntax: docs/utgard-gp-asm.md).
 * Every bit is printed: what no unit line says is a name=value key on the instruction header. */
#include <stdio.h>
#include <string.h>

#include "isaprobe/internal/field_text.h"
#include "utgard_gp_syntax.h"

/* Which fields the printed lines of one instruction write (indexed like the format's fields). */
struct owned {
	unsigned char by_index[64];
};

static void own(struct owned *o, const char *name)
{
	int i = ip_format_field_index(&utgard_gp_instr, name);
	if (i >= 0)
		o->by_index[i] = 1;
}

static int is_default(const ip_word *w, const char *name)
{
	const struct ip_field *f = utgard_gp_field(name);
	return ip_field_get(f, w) == f->dflt;
}

static int alu_line_printed(const ip_word *w, const struct utgard_gp_alu_line *l)
{
	const char *names[] = {l->a, l->b, l->neg, l->a_neg, l->b_neg, l->shared_op ? NULL : l->op};
	for (unsigned i = 0; i < IP_COUNT(names); i++)
		if (names[i] && !is_default(w, names[i]))
			return 1;
	return 0;
}

static int store_line_printed(const ip_word *w, const struct utgard_gp_store_line *l)
{
	return !is_default(w, l->addr) || !is_default(w, l->varying) || !is_default(w, l->temp) ||
	       !is_default(w, l->c0) || !is_default(w, l->c1);
}

static void print_value(FILE *out, const char *name, const ip_word *w)
{
	const struct ip_field *f = utgard_gp_field(name);
	ip_field_print_value(out, f, ip_field_get(f, w));
}

static void print_alu_line(FILE *out, const ip_word *w, const struct utgard_gp_alu_line *l)
{
	fprintf(out, "\t%s.", l->unit);
	print_value(out, l->op, w);
	if (l->neg && utgard_gp_get(w, l->neg))
		fputs(".neg", out);
	fputc(' ', out);
	if (l->a_neg && utgard_gp_get(w, l->a_neg))
		fputc('-', out);
	print_value(out, l->a, w);
	if (l->b) {
		fputs(", ", out);
		if (l->b_neg && utgard_gp_get(w, l->b_neg))
			fputc('-', out);
		print_value(out, l->b, w);
	}
	fputc('\n', out);
}

static void print_store_line(FILE *out, const ip_word *w, const struct utgard_gp_store_line *l)
{
	fprintf(out, "\t%s%s%s %llu, ", l->unit, utgard_gp_get(w, l->varying) ? ".varying" : "",
	        utgard_gp_get(w, l->temp) ? ".temp" : "",
	        (unsigned long long)utgard_gp_get(w, l->addr));
	print_value(out, l->c0, w);
	fputs(", ", out);
	print_value(out, l->c1, w);
	fputc('\n', out);
}

static void print_instr(FILE *out, const ip_word *w, size_t index)
{
	struct owned o;
	int alu[UTGARD_GP_ALU_LINES], st[UTGARD_GP_STORE_LINES];
	int load, reg0, reg1, branch;

	memset(&o, 0, sizeof o);
	for (unsigned i = 0; i < UTGARD_GP_ALU_LINES; i++) {
		const struct utgard_gp_alu_line *l = &utgard_gp_alu_lines[i];
		alu[i] = alu_line_printed(w, l);
		if (alu[i]) {
			const char *names[] = {l->op, l->a, l->b, l->neg, l->a_neg, l->b_neg};
			for (unsigned k = 0; k < IP_COUNT(names); k++)
				if (names[k])
					own(&o, names[k]);
		}
	}
	for (unsigned i = 0; i < UTGARD_GP_STORE_LINES; i++) {
		const struct utgard_gp_store_line *l = &utgard_gp_store_lines[i];
		st[i] = store_line_printed(w, l);
		if (st[i]) {
			own(&o, l->addr);
			own(&o, l->varying);
			own(&o, l->temp);
			own(&o, l->c0);
			own(&o, l->c1);
		}
	}
	load = !is_default(w, "load_addr") || !is_default(w, "load_offset");
	reg0 = !is_default(w, "reg0_addr") || !is_default(w, "reg0_attr");
	reg1 = !is_default(w, "reg1_addr");
	branch = utgard_gp_get(w, "branch") != 0;
	if (load) {
		own(&o, "load_addr");
		own(&o, "load_offset");
	}
	if (reg0) {
		own(&o, "reg0_addr");
		own(&o, "reg0_attr");
	}
	if (reg1)
		own(&o, "reg1_addr");
	if (branch) {
		own(&o, "branch");
		own(&o, "branch_target");
		own(&o, "branch_lo");
	}

	fputs("instr", out);
	for (unsigned i = 0; i < utgard_gp_instr.nfields; i++) {
		const struct ip_field *f = &utgard_gp_instr.fields[i];
		uint64_t v = ip_field_get(f, w);
		if (o.by_index[i] || v == f->dflt)
			continue;
		fprintf(out, " %s=", f->name);
		ip_field_print_value(out, f, v);
	}
	fprintf(out, " { ; %zu\n", index);
	for (unsigned i = 0; i < UTGARD_GP_ALU_LINES; i++)
		if (alu[i])
			print_alu_line(out, w, &utgard_gp_alu_lines[i]);
	if (load) {
		fprintf(out, "\tload %llu", (unsigned long long)utgard_gp_get(w, "load_addr"));
		if (utgard_gp_get(w, "load_offset") != UTGARD_GP_LOAD_OFFSET_NONE) {
			fputs(", ", out);
			print_value(out, "load_offset", w);
		}
		fputc('\n', out);
	}
	if (reg0)
		fprintf(out, "\treg0 %s%llu\n", utgard_gp_get(w, "reg0_attr") ? "attr " : "",
		        (unsigned long long)utgard_gp_get(w, "reg0_addr"));
	if (reg1)
		fprintf(out, "\treg1 %llu\n", (unsigned long long)utgard_gp_get(w, "reg1_addr"));
	for (unsigned i = 0; i < UTGARD_GP_STORE_LINES; i++)
		if (st[i])
			print_store_line(out, w, &utgard_gp_store_lines[i]);
	if (branch)
		fprintf(out, "\tbranch %u\n", utgard_gp_branch_target(w));
	fputs("}\n", out);
}

int utgard_gp_disassemble(const struct ip_program *p, FILE *out)
{
	for (size_t i = 0; i < p->nbundles; i++) {
		const struct ip_bundle *b = &p->bundles[i];
		if (b->nslots != 1 || b->slots[0].fmt != &utgard_gp_instr)
			return -1;
		print_instr(out, &b->slots[0].value, i);
	}
	return ferror(out) ? -1 : 0;
}
