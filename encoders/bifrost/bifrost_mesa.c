/* bifrost_mesa.c: `isaprobe disasm --style mesa` for Bifrost: clauses as Mesa's disassembler
 * (src/panfrost/bifrost/disassemble.c with the ISA.xml-generated instruction printers) prints
 * them. Mnemonics, operands and modifiers come from the opcode templates (bifrost_ops.c) and
 * the name tables (bifrost_mesa_names.c); what is approximate is listed in
 * docs/bifrost-mesa-names.md. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "bifrost_mesa.h"
#include "common/float_bits.h"
#include "isaprobe/internal/mesa.h"

extern const struct ip_mesa bifrost_mesa;

/* Mesa's view of one register field word (struct bifrost_regs), whatever the clause type. */
struct mregs {
	unsigned fau, reg3, reg2, reg0, reg1, ctrl;
};

static unsigned field(const struct ip_format *fmt, const char *name, const ip_word *w)
{
	return (unsigned)ip_field_get(ip_format_field(fmt, name), w);
}

static struct mregs mregs_of(const ip_word *w)
{
	struct mregs r;
	r.fau = field(&bifrost_reg32, "uc_sel", w) << 4 | (unsigned)(w->w[0] & 0xF);
	r.reg3 = field(&bifrost_reg32, "port3", w);
	r.reg2 = field(&bifrost_reg32, "port2", w);
	r.reg0 = field(&bifrost_reg32, "port0", w);
	r.reg1 = (unsigned)(w->w[0] >> ip_format_field(&bifrost_reg32, "port1")->lo) & 0x3F;
	r.ctrl = field(&bifrost_reg32, "ctrl", w);
	return r;
}

static unsigned get_reg0(const struct mregs *r)
{
	if (r->ctrl == 0)
		return r->reg0 | (r->reg1 & 1) << 5;
	return r->reg0 <= r->reg1 ? r->reg0 : 63 - r->reg0;
}

static unsigned get_reg1(const struct mregs *r)
{
	return r->reg0 <= r->reg1 ? r->reg1 : 63 - r->reg1;
}

/* ---- one clause, as Mesa gathers it ---------------------------------------------------------- */
struct mclause {
	const struct ip_bundle *b;
	unsigned n;                  /* instructions */
	unsigned offset;             /* the clause's quadword index (Mesa's branch_offset) */
	unsigned staging;            /* header staging_register */
	uint64_t raw[BIFROST_MAX_CONSTS];
	uint8_t mods[BIFROST_MAX_CONSTS];
	const struct ip_slot *reg[BIFROST_MAX_INSTRS], *fma[BIFROST_MAX_INSTRS],
		*add[BIFROST_MAX_INSTRS];
};

static const struct ip_mesa_name *name_row(const struct ip_format *fmt, const char *f, unsigned v)
{
	return ip_mesa_value(&bifrost_mesa, fmt, f, v);
}

static void print_header(FILE *out, const ip_word *h)
{
#define H(name) field(&bifrost_header, name, h)
	unsigned flow = H("back_to_back") | H("no_eos") << 1 | (H("unk13") & 1) << 2;
	unsigned type = H("type") | H("unk39") << 4, next = H("next_type") | H("unk44") << 4;
	unsigned ftz = H("ftz"), exc = H("float_exc"), deps = H("sb_deps");
	const struct ip_mesa_name *n;
	fprintf(out, "ds(%u) ", H("sb_entry"));
	if (H("datareg_barrier"))
		fputs("osrb ", out);
	fprintf(out, "%s ", bifrost_mesa_flow[flow]);
	if (H("suppress_inf"))
		fputs("inf_suppress ", out);
	if (H("suppress_nan"))
		fputs("nan_suppress ", out);
	if (ftz && (n = name_row(&bifrost_header, "ftz", ftz)))
		fprintf(out, "%s ", n->mesa);
	if (exc && (n = name_row(&bifrost_header, "float_exc", exc)))
		fprintf(out, "%s ", n->mesa);
	if (type) {
		n = type < 16 ? name_row(&bifrost_header, "type", type) : NULL;
		fprintf(out, "%s ", n ? n->mesa : "XXX reserved");
	}
	if (H("elide_writes"))
		fputs("td ", out);
	if (H("branch_cond"))
		fputs("ncph ", out);
	if (next) {
		n = next < 16 ? name_row(&bifrost_header, "type", next) : NULL;
		fprintf(out, "next_%s ", n ? n->mesa : "XXX reserved");
	}
	if (deps) {
		const char *sep = "";
		fputs("dwb(", out);
		for (unsigned i = 0; i < 8; i++)
			if (deps >> i & 1) {
				fprintf(out, "%s%u", sep, i);
				sep = ", ";
			}
		fputs(") ", out);
	}
	fputc('\n', out);
#undef H
}

/* ---- sources -------------------------------------------------------------------------------- */
static void print_const32(FILE *out, uint32_t imm)
{
	fprintf(out, "0x%08" PRIx32 " /* %f */", imm, (double)ip_f32_from_bits(imm));
}

/* A PC-relative constant (Mesa dump_pc_imm): the clause it points at. */
static void print_pc_imm(FILE *out, const struct mclause *c, uint64_t imm, unsigned mod, int hi)
{
	int64_t offs;
	if (mod == BIFROST_CONST_PC_HI && !hi) {
		print_const32(out, (uint32_t)imm);
		return;
	}
	if (mod == BIFROST_CONST_PC_LO)
		offs = (int64_t)(imm << 4) >> 4; /* 60-bit sign extension */
	else
		offs = (int32_t)((uint32_t)(hi || mod == BIFROST_CONST_PC_HI ? imm >> 32 : imm) << 4) >> 4;
	fprintf(out, "clause_%" PRId64, (int64_t)c->offset + offs / 16);
	if (mod == BIFROST_CONST_PC_LO && hi)
		fputs(" >> 32", out);
	if (offs == 0)
		fputs(" /* XXX: likely an infinite loop */", out);
}

/* The FAU source (Mesa dump_fau_src); hi: the upper 32 bits. */
static void print_fau(FILE *out, const struct mclause *c, const struct mregs *r, int hi)
{
	static const int8_t const_slot[8] = {-1, -1, 4, 5, 0, 1, 2, 3};
	if (r->fau & 0x80) {
		fprintf(out, "u%u.w%d", r->fau & 0x7F, hi);
	} else if (r->fau >= 0x20) {
		unsigned slot = (unsigned)const_slot[r->fau >> 4];
		uint64_t imm = c->raw[slot] | (r->fau & 0xF);
		if (c->mods[slot] != BIFROST_CONST_PLAIN && c->mods[slot] != BIFROST_CONST_RESERVED)
			print_pc_imm(out, c, imm, c->mods[slot], hi);
		else
			print_const32(out, (uint32_t)(hi ? imm >> 32 : imm));
	} else {
		const struct ip_mesa_name *n =
			r->fau < 0x10 ? name_row(&bifrost_reg32, "special", r->fau) : NULL;
		if (n)
			fputs(n->mesa, out);
		else
			fprintf(out, "XXX - reserved%u", r->fau);
		fputs(hi ? ".y" : ".x", out);
	}
}

static void print_src(FILE *out, const struct mclause *c, const struct mregs *r, unsigned src,
                      int is_add)
{
	switch (src) {
	case 0: fprintf(out, "r%u", get_reg0(r)); break;
	case 1: fprintf(out, "r%u", get_reg1(r)); break;
	case 2: fprintf(out, "r%u", r->reg2); break;
	case 3: fputs(is_add ? "t" : "#0", out); break;
	case 4: print_fau(out, c, r, 0); break;
	case 5: print_fau(out, c, r, 1); break;
	case 6: fputs("t0", out); break;
	default: fputs("t1", out); break;
	}
}

/* ---- destinations (Mesa bi_disasm_dest_fma/_add: the next instruction's register field) ---- */
static void print_dest(FILE *out, const struct mclause *c, unsigned i, int is_add)
{
	unsigned next = i + 1 == c->n ? 0 : i + 1;
	const ip_word *w = &c->reg[next]->value;
	struct bifrost_reg_access a = bifrost_reg_decode(&bifrost_reg32, w, i + 1 == c->n);
	static const char *const half[3] = {"", ".h0", ".h1"};
	enum bifrost_port_use me = is_add ? BIFROST_PORT_WADD : BIFROST_PORT_WFMA;
	if (!a.valid) { /* a reserved mode: Mesa's table entry is all idle */
		fputs(is_add ? "t1" : "t0", out);
		return;
	}
	for (unsigned p = 2; p < 4; p++)
		if (a.use[p] == me) {
			fprintf(out, "r%u:%s%s", a.reg[p], is_add ? "t1" : "t0", half[a.half[p]]);
			return;
		}
	fputs(is_add ? "t1" : "t0", out);
}

/* ---- templates ------------------------------------------------------------------------------ */
/* Prints template text up to `end`, replacing each "{mod@field}" with the modifier's option for
 * the field's value (".opt", nothing for the default). */
static void print_template(FILE *out, const char *t, const char *end,
                           const struct bifrost_op *op, const ip_word *w)
{
	while (t < end) {
		const char *at, *close;
		if (*t != '{') {
			fputc(*t++, out);
			continue;
		}
		at = memchr(t, '@', (size_t)(end - t));
		close = memchr(t, '}', (size_t)(end - t));
		if (!at || !close || at > close)
			return; /* malformed: test_mesa_names checks every template */
		const struct bifrost_mesa_mod *m = bifrost_mesa_mod_find(t + 1, (size_t)(at - t - 1));
		char fname[32];
		size_t flen = (size_t)(close - at - 1);
		if (m && flen < sizeof fname) {
			memcpy(fname, at + 1, flen);
			fname[flen] = '\0';
			const struct ip_field *f = ip_format_field(op->fmt, fname);
			uint64_t v = f ? ip_field_get(f, w) : 0;
			const char *opt = v < 8 ? m->opts[v] : NULL;
			if (!opt)
				fputs(".reserved", out);
			else if (!m->def || strcmp(opt, m->def) != 0)
				fprintf(out, ".%s", opt);
		}
		t = close + 1;
	}
}

/* Whether the bits ISA.xml's encoding fixes beyond the op field ("&MASK=VAL" operands, a NOP's
 * source 0) hold. */
static int exact_bits_hold(const struct bifrost_op *op, uint32_t word)
{
	const char *t = op->mesa_ops;
	if (op->src0 >= 0 && (word & 7) != (unsigned)op->src0)
		return 0;
	while ((t = strchr(t, '&')) != NULL) {
		char *p;
		unsigned long mask = strtoul(t + 1, &p, 16), val = strtoul(p + 1, &p, 16);
		if ((word & mask) != val)
			return 0;
		t = p;
	}
	return 1;
}

static void print_instr(FILE *out, const struct mclause *c, unsigned i, int is_add)
{
	const struct ip_slot *s = is_add ? c->add[i] : c->fma[i];
	uint32_t word = (uint32_t)s->value.w[0];
	const struct bifrost_op *op = bifrost_decode_op(is_add, word);
	struct mregs r = mregs_of(&c->reg[i]->value);
	const char *t;
	fputs("    ", out);
	if (!op || strcmp(op->mesa, "INSTR_INVALID_ENC") == 0 || !exact_bits_hold(op, word)) {
		/* no opcode of the table (INSTR_UNKNOWN): Mesa may decode it (bifrost-mesa-names.md) */
		fprintf(out, "%s %s %X\n", op ? "INSTR_INVALID_ENC" : "INSTR_UNKNOWN",
		        is_add ? "add" : "fma", (unsigned)word);
		return;
	}
	print_template(out, op->mesa, op->mesa + strlen(op->mesa), op, &s->value);
	fputc(' ', out);
	print_dest(out, c, i, is_add);
	for (t = op->mesa_ops; *t;) {
		const char *end = strchr(t, ' ');
		if (!end)
			end = t + strlen(t);
		if (*t == 's') { /* sN[!mask][text and {mod@field}] */
			char *p;
			unsigned n = (unsigned)strtoul(t + 1, &p, 10), v = (unsigned)(word >> 3 * n) & 7;
			fputs(", ", out);
			print_src(out, c, &r, v, is_add);
			if (*p == '!') {
				unsigned mask = (unsigned)strtoul(p + 1, &p, 16);
				if (!(mask >> v & 1))
					fputs("(INVALID)", out);
			}
			print_template(out, p, end, op, &s->value);
		} else if (*t == 'i') { /* i:NAME:LO:W */
			const char *name = t + 2, *colon = memchr(name, ':', (size_t)(end - name));
			char *p;
			unsigned lo = colon ? (unsigned)strtoul(colon + 1, &p, 10) : 0;
			unsigned width = colon ? (unsigned)strtoul(p + 1, NULL, 10) : 0;
			if (colon)
				fprintf(out, ", %.*s:%u", (int)(colon - name), name,
				        (unsigned)(word >> lo) & ((1u << width) - 1));
		} else if (*t == '@') {
			fprintf(out, ", @r%u", c->staging);
		} /* "~" (the printing is approximate), "&MASK=VAL": nothing to print */
		t = *end ? end + 1 : end;
	}
	fputc('\n', out);
}

static void gather(struct mclause *c, const struct ip_bundle *b, unsigned offset)
{
	memset(c, 0, sizeof *c);
	c->b = b;
	c->n = b->kind;
	c->offset = offset;
	for (unsigned i = 0; i < b->nslots; i++) {
		const struct ip_slot *s = &b->slots[i];
		unsigned idx = BIFROST_UNIT_INDEX(s->unit);
		switch (BIFROST_UNIT_ROLE(s->unit)) {
		case BIFROST_ROLE_REG: c->reg[idx] = s; break;
		case BIFROST_ROLE_FMA: c->fma[idx] = s; break;
		case BIFROST_ROLE_ADD: c->add[idx] = s; break;
		case BIFROST_ROLE_CONST: c->raw[idx] = s->value.w[0] << 4; break;
		default: break;
		}
	}
	bifrost_const_mods(b, c->mods);
	c->staging = field(&bifrost_header, "datareg", &b->slots[0].value);
}

int bifrost_mesa_print(const struct ip_program *p, FILE *out)
{
	uint8_t *bytes = NULL;
	size_t size = 0;
	unsigned offset = 0;
	struct ip_diag d;
	ip_diag_init(&d, "mesa");
	if (bifrost_pack(p, &bytes, &size, &d) != 0)
		return -1;
	for (size_t k = 0; k < p->nbundles; k++) {
		const struct ip_bundle *b = &p->bundles[k];
		struct mclause c;
		uint32_t first = 0;
		if (b->byte_offset + 4 <= size)
			memcpy(&first, bytes + b->byte_offset, 4); /* little-endian hosts only, as the packer */
		if (first == 0) /* Mesa stops at the zero padding after a shader */
			break;
		gather(&c, b, offset);
		fprintf(out, "clause_%u:\n", offset);
		print_header(out, &b->slots[0].value);
		fputs("{\n", out);
		for (unsigned i = 0; i < c.n; i++) {
			if (c.fma[i] && c.reg[i])
				print_instr(out, &c, i, 0);
			if (c.add[i] && c.reg[i])
				print_instr(out, &c, i, 1);
		}
		fputs("}\n\n", out);
		offset += b->bytes / 16;
	}
	free(bytes);
	return 0;
}
