/* bifrost_disasm.c: Bifrost clauses -> text in the syntax of docs/bifrost-asm.md.
 * Every bit is printed (header fields by name, unknown ones included), so asm(disasm(bin)) == bin. */
#include <inttypes.h>
#include <string.h>

#include "bifrost.h"
#include "isaprobe/internal/field_text.h"

/* Prints " name=value" for every active field of the word but `skip`. */
static void print_fields(FILE *out, const struct ip_format *fmt, const ip_word *w,
                         const char *skip)
{
	for (unsigned i = 0; i < fmt->nfields; i++) {
		const struct ip_field *f = &fmt->fields[i];
		if ((skip && strcmp(f->name, skip) == 0) || !ip_field_active(fmt, f, w, NULL))
			continue;
		uint64_t v = ip_field_get(f, w);
		fprintf(out, " %s=", f->name);
		if (!ip_enum_name(f->enums, v) && v < 10)
			fprintf(out, "%u", (unsigned)v); /* small numbers read better in decimal */
		else
			ip_field_print_value(out, f, v);
	}
}

static const char *use_name(enum bifrost_port_use u)
{
	switch (u) {
	case BIFROST_PORT_READ: return "read";
	case BIFROST_PORT_WFMA: return "write-fma";
	case BIFROST_PORT_WADD: return "write-add";
	default: return NULL;
	}
}

/* A comment saying what the register field does: each port (32-bit clauses: Mesa's register
 * mode, which depends on whether the word is the first instruction's). */
static void print_reg_comment(FILE *out, const struct ip_slot *s)
{
	int first = BIFROST_UNIT_INDEX(s->unit) == 0;
	struct bifrost_reg_access a = bifrost_reg_decode(s->fmt, &s->value, first);
	unsigned uc = bifrost_reg_uc(s->fmt, &s->value);
	struct bifrost_uc u = bifrost_uc_decode(uc);
	int any = 0;
	static const char *const half[3] = {"", "-lo", "-hi"};
	fputs("\t;", out);
	if (!a.valid) {
		fputs(a.mode ? " reserved register mode" : " control values not described", out);
		if (a.mode)
			fprintf(out, " %u", a.mode);
	} else {
		for (unsigned p = 0; p < 4; p++) {
			const char *n = use_name(a.use[p]);
			if (!n)
				continue;
			fprintf(out, " p%u:%s%s r%u", p, n, half[a.half[p]], a.reg[p]);
			any = 1;
		}
		if (!any)
			fputs(" no ports", out);
		if (bifrost_reg_mode_name(a.mode))
			fprintf(out, " (mode %s)", bifrost_reg_mode_name(a.mode));
		if (first && (a.use[2] >= BIFROST_PORT_WFMA || a.use[3] >= BIFROST_PORT_WFMA))
			fputs(" (writes at clause end)", out);
		if (a.invalid_enc)
			fputs(" (INSTR_INVALID_ENC: ports 2 and 3 must be equal here)", out);
	}
	if (u.kind == BIFROST_UC_UNIFORM)
		fprintf(out, "; uc: uniforms u%u,u%u", 2 * u.index, 2 * u.index + 1);
	else if (u.kind == BIFROST_UC_CONST)
		fprintf(out, "; uc: const slot %u, low bits 0x%x", u.index, u.lo4);
	else if (uc)
		fprintf(out, "; uc: special 0x%02x", uc);
	fputc('\n', out);
}

static void print_unit(FILE *out, const struct ip_slot *s, int is_add)
{
	const struct bifrost_op *op = bifrost_decode_op(is_add, (uint32_t)s->value.w[0]);
	fprintf(out, "\t%s ", is_add ? "add" : "fma");
	if (op) {
		fputs(op->name, out);
		print_fields(out, op->fmt, &s->value, "op");
	} else {
		fputs("raw", out);
		print_fields(out, s->fmt, &s->value, NULL);
	}
	fputc('\n', out);
}

static int disasm_clause(const struct ip_bundle *b, size_t index, FILE *out)
{
	uint8_t mods[BIFROST_MAX_CONSTS];
	fprintf(out, "clause");
	print_fields(out, &bifrost_header, &b->slots[0].value, NULL);
	fprintf(out, " {\t; clause %zu, byte %" PRIu32 ", %u instruction%s, %u constant slot%s\n",
	        index, b->byte_offset, b->kind, b->kind == 1 ? "" : "s", bifrost_clause_consts(b),
	        bifrost_clause_consts(b) == 1 ? "" : "s");
	for (unsigned i = 0; i < b->nslots; i++) {
		const struct ip_slot *s = &b->slots[i];
		switch (BIFROST_UNIT_ROLE(s->unit)) {
		case BIFROST_ROLE_REG:
			fputs("\treg", out);
			print_fields(out, s->fmt, &s->value, NULL);
			print_reg_comment(out, s);
			break;
		case BIFROST_ROLE_FMA: print_unit(out, s, 0); break;
		case BIFROST_ROLE_ADD: print_unit(out, s, 1); break;
		case BIFROST_ROLE_CONST:
			fprintf(out, "\tconst 0x%015" PRIx64 "\t; slot %u", s->value.w[0],
			        BIFROST_UNIT_INDEX(s->unit));
			fputc('\n', out);
			break;
		case BIFROST_ROLE_UNUSED:
			if (s->value.w[0] || s->value.w[1]) {
				fprintf(out, "\tunused %u ", BIFROST_UNIT_INDEX(s->unit));
				ip_print_word_hex(out, &s->value);
				fprintf(out, "\t; %s\n", s->fmt->title);
			}
			break;
		default: break;
		}
	}
	bifrost_const_mods(b, mods);
	for (unsigned j = 0; j < bifrost_clause_consts(b); j++)
		if (mods[j] != BIFROST_CONST_PLAIN)
			fprintf(out, "\t; constant slot %u: %s (Mesa's PC-relative modifier)\n", j,
			        mods[j] == BIFROST_CONST_PC_LO   ? "PC_LO"
			        : mods[j] == BIFROST_CONST_PC_HI ? "PC_HI"
			        : mods[j] == BIFROST_CONST_PC_LO_HI ? "PC_LO_HI"
			                                            : "reserved modifier");
	fputs("}\n", out);
	return 0;
}

int bifrost_disassemble(const struct ip_program *p, FILE *out)
{
	for (size_t i = 0; i < p->nbundles; i++)
		if (disasm_clause(&p->bundles[i], i, out) != 0)
			return -1;
	return 0;
}
