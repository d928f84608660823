/* utgard_gp_mesa.c: `isaprobe disasm --style mesa` for the Utgard GP: the program as lima's
 * disassembler (src/gallium/drivers/lima/ir/gp/disasm.c) prints it, names from
 * utgard_gp_mesa_names.c. */
#include <stdbool.h>
#include <string.h>

#include "isaprobe/internal/mesa.h"
#include "utgard_gp_syntax.h"

extern const struct ip_mesa utgard_gp_mesa;
int utgard_gp_mesa_print(const struct ip_program *p, FILE *out);

/* lima's units, in the order of its destination numbering (^n: 6 per instruction) */
enum { U_ACC0, U_ACC1, U_MUL0, U_MUL1, U_PASS, U_CPLX, NUNITS };
/* the store input selecting each unit (our store enum, lima's gpir_codegen_store_src) */
static const unsigned store_src[NUNITS] = {UTGARD_GP_ST_ACC0, UTGARD_GP_ST_ACC1,
	UTGARD_GP_ST_MUL0, UTGARD_GP_ST_MUL1, UTGARD_GP_ST_PASS, UTGARD_GP_ST_CPLX};

struct gp {
	FILE *out;
	const ip_word *w, *prev;
	int cur; /* lima's cur_dest_index */
};

#define G(name) ((unsigned)utgard_gp_get(g->w, name))

static const char *mnemonic(const char *field, unsigned v, unsigned *flags)
{
	const struct ip_mesa_name *n = ip_mesa_value(&utgard_gp_mesa, &utgard_gp_instr, field, v);
	if (flags)
		*flags = n ? n->flags : 0;
	return n ? n->mesa : NULL;
}

static void print_store(const struct gp *g, unsigned src, const char *c0, const char *c1,
                        const char *temp, const char *varying, const char *addr, char n0, char n1)
{
	if (G(c0) != src && G(c1) != src)
		return;
	if (G(temp))
		fputs("/t[addr0]", g->out);
	else
		fprintf(g->out, "%s%u", G(varying) ? "/v" : "/$", G(addr));
	fputc('.', g->out);
	if (G(c0) == src)
		fputc(n0, g->out);
	if (G(c1) == src)
		fputc(n1, g->out);
}

static void print_dest(const struct gp *g, unsigned unit)
{
	unsigned op = G("complex_op");
	fprintf(g->out, "^%d", g->cur + (int)unit);
	print_store(g, store_src[unit], "store0_x", "store0_y", "store0_temp", "store0_varying",
	            "store0_addr", 'x', 'y');
	print_store(g, store_src[unit], "store1_z", "store1_w", "store1_temp", "store1_varying",
	            "store1_addr", 'z', 'w');
	if (unit == U_CPLX && op >= 12)
		fprintf(g->out, "/addr%u", op - 12);
}

static void print_src(const struct gp *g, unsigned src, unsigned unit, unsigned n)
{
	static const char xyzw[] = "xyzw";
	static const int p1[5] = {U_ACC0, U_ACC1, U_MUL0, U_MUL1, U_PASS};
	static const int p2[5] = {U_PASS, U_ACC0, U_ACC1, U_MUL0, U_MUL1};
	if (src < 4) {
		fprintf(g->out, "%c%u.%c", G("reg0_attr") ? 'a' : '$', G("reg0_addr"), xyzw[src]);
	} else if (src < 8) {
		fprintf(g->out, "$%u.%c", G("reg1_addr"), xyzw[src - 4]);
	} else if (src < 12) {
		fprintf(g->out, "unknown%u", src - 8);
	} else if (src < 16) {
		unsigned off = G("load_offset");
		fprintf(g->out, "t[%u", G("load_addr"));
		if (off >= 1 && off <= 3)
			fprintf(g->out, "+addr%u", off);
		else if (off != 7)
			fprintf(g->out, "+unk%u", off);
		fprintf(g->out, "].%c", xyzw[src - 12]);
	} else if (src < 21) {
		fprintf(g->out, "^%d", g->cur - NUNITS + p1[src - 16]);
	} else if (src == 21) {
		fputs("unused", g->out);
	} else if (src == 22) { /* identity as input b of an accumulator (0) or multiplier (1) */
		if (n == 1 && unit <= U_MUL1)
			fputs(unit <= U_ACC1 ? "0" : "1", g->out);
		else
			fprintf(g->out, "^%d", g->cur - NUNITS + U_CPLX);
	} else if (src < 28) {
		fprintf(g->out, "^%d", g->cur - 2 * NUNITS + p2[src - 23]);
	} else {
		fprintf(g->out, "%c%u.%c", utgard_gp_get(g->prev, "reg0_attr") ? 'a' : '$',
		        (unsigned)utgard_gp_get(g->prev, "reg0_addr"), xyzw[src - 28]);
	}
}

static bool print_acc(const struct gp *g, unsigned k)
{
	static const char *const a[2] = {"acc0_a", "acc1_a"}, *const b[2] = {"acc0_b", "acc1_b"};
	static const char *const an[2] = {"acc0_a_neg", "acc1_a_neg"};
	static const char *const bn[2] = {"acc0_b_neg", "acc1_b_neg"};
	unsigned op = G("acc_op"), srcs;
	const char *name = mnemonic("acc_op", op, &srcs);
	if (G(a[k]) == UTGARD_GP_SRC_NONE)
		return false;
	if (G(b[k]) == UTGARD_GP_SRC_CPLX && G(bn[k])) { /* add x, -0: a move */
		name = "mov";
		srcs = 1;
	}
	if (name)
		fprintf(g->out, "\t%s.a%u ", name, k);
	else
		fprintf(g->out, "\top%u.a%u ", op, k);
	print_dest(g, U_ACC0 + k);
	fputc(' ', g->out);
	if (G(an[k]))
		fputc('-', g->out);
	print_src(g, G(a[k]), U_ACC0 + k, 0);
	if (srcs > 1) {
		fputc(' ', g->out);
		if (G(bn[k]))
			fputc('-', g->out);
		print_src(g, G(b[k]), U_ACC0 + k, 1);
	}
	fputc('\n', g->out);
	return true;
}

/* One multiplier line of the mul/complex2 opcodes. */
static bool print_mul_line(const struct gp *g, unsigned k, unsigned op)
{
	static const char *const a[2] = {"mul0_a", "mul1_a"}, *const b[2] = {"mul0_b", "mul1_b"};
	static const char *const neg[2] = {"mul0_neg", "mul1_neg"};
	if (G(a[k]) == UTGARD_GP_SRC_NONE || G(b[k]) == UTGARD_GP_SRC_NONE)
		return false;
	if (G(b[k]) == UTGARD_GP_SRC_CPLX && !G(neg[k])) {
		fprintf(g->out, "\tmov.m%u ", k);
		print_dest(g, U_MUL0 + k);
		fputc(' ', g->out);
		print_src(g, G(a[k]), U_MUL0 + k, 0);
	} else {
		/* lima names the complex2 opcode on multiplier 0 only */
		fprintf(g->out, "\t%s.m%u ", k == 0 ? mnemonic("mul_op", op, NULL) : "mul", k);
		print_dest(g, U_MUL0 + k);
		fputc(' ', g->out);
		print_src(g, G(a[k]), U_MUL0 + k, 0);
		fputc(' ', g->out);
		if (G(neg[k]))
			fputc('-', g->out);
		print_src(g, G(b[k]), U_MUL0, 1);
	}
	fputc('\n', g->out);
	return true;
}

static bool print_mul(const struct gp *g)
{
	unsigned op = G("mul_op");
	const char *name = mnemonic("mul_op", op, NULL);
	bool printed;
	if (op == UTGARD_GP_MUL_MUL || op == UTGARD_GP_MUL_COMPLEX2) {
		printed = print_mul_line(g, 0, op);
		printed |= print_mul_line(g, 1, op);
		return printed;
	}
	if (name)
		fprintf(g->out, "\t%s.m01 ", name);
	else
		fprintf(g->out, "\tunknown%u.m01 ", op);
	print_dest(g, U_MUL0);
	fputc(' ', g->out);
	if (op == UTGARD_GP_MUL_SELECT) { /* condition (b), then a, then multiplier 1's a */
		print_src(g, G("mul0_b"), U_MUL0, 1);
		fputc(' ', g->out);
		print_src(g, G("mul0_a"), U_MUL0, 0);
		fputc(' ', g->out);
		print_src(g, G("mul1_a"), U_MUL1, 0);
	} else {
		print_src(g, G("mul0_a"), U_MUL0, 0);
		fputc(' ', g->out);
		print_src(g, G("mul0_b"), U_MUL0, 1);
		fputc(' ', g->out);
		print_src(g, G("mul1_a"), U_MUL1, 0);
		fputc(' ', g->out);
		print_src(g, G("mul1_b"), U_MUL1, 1);
	}
	fputc('\n', g->out);
	return true;
}

static bool print_complex(const struct gp *g)
{
	unsigned op = G("complex_op");
	const char *name = mnemonic("complex_op", op, NULL);
	if (G("complex_src") == UTGARD_GP_SRC_NONE)
		return false;
	fputc('\t', g->out); /* lima prints this tab before it sees a nop */
	if (name && !name[0])
		return false;
	if (name)
		fprintf(g->out, "%s.c ", name);
	else
		fprintf(g->out, "unk%u.c ", op);
	print_dest(g, U_CPLX);
	fputc(' ', g->out);
	print_src(g, G("complex_src"), U_CPLX, 0);
	fputc('\n', g->out);
	return true;
}

static bool print_pass(const struct gp *g)
{
	unsigned op = G("pass_op");
	const char *name = mnemonic("pass_op", op, NULL);
	if (G("pass_src") == UTGARD_GP_SRC_NONE)
		return false;
	if (name)
		fprintf(g->out, "\t%s.p ", name);
	else
		fprintf(g->out, "\tunk%u.p ", op);
	print_dest(g, U_PASS);
	fputc(' ', g->out);
	print_src(g, G("pass_src"), U_PASS, 0);
	if (name && strcmp(name, "clamp") == 0) { /* the load unit's x and y */
		fputc(' ', g->out);
		print_src(g, UTGARD_GP_SRC_LOAD_X, U_PASS, 1);
		fputc(' ', g->out);
		print_src(g, UTGARD_GP_SRC_LOAD_X + 1, U_PASS, 2);
	}
	fputc('\n', g->out);
	return true;
}

int utgard_gp_mesa_print(const struct ip_program *p, FILE *out)
{
	ip_word zero = ip_word_zero();
	for (size_t i = 0; i < p->nbundles; i++) {
		struct gp g = {out, &p->bundles[i].slots[0].value,
		               i ? &p->bundles[i - 1].slots[0].value : &zero, (int)(i * NUNITS)};
		const struct gp *gp = &g;
		bool printed = false;
		fprintf(out, "%03zu:", i);
		printed |= print_acc(gp, 0);
		printed |= print_acc(gp, 1);
		printed |= print_mul(gp);
		printed |= print_complex(gp);
		printed |= print_pass(gp);
		if (utgard_gp_get(g.w, "branch")) {
			printed = true;
			fprintf(out, "\tbranch ^%d %03u\n", g.cur + U_PASS,
			        (unsigned)utgard_gp_get(g.w, "branch_target") +
			                (utgard_gp_get(g.w, "branch_lo") ? 0 : 0x100));
		}
		if (utgard_gp_get(g.w, "flags")) {
			printed = true;
			fprintf(out, "\tunknown_1 %u\n", (unsigned)utgard_gp_get(g.w, "flags"));
		}
		if (!printed)
			fputs("\tnop\n", out);
	}
	return ferror(out) ? -1 : 0;
}
