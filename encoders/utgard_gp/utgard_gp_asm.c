/* utgard_gp_asm.c: Utgard GP assembly text -> program (syntax: docs/utgard-gp-asm.md).
 * Unit lines set the usual fields; name=value keys set any field, so every binary has a spelling. */
#include <stdlib.h>
#include <string.h>

#include "isaprobe/internal/field_text.h"
#include "utgard_gp_syntax.h"

#define MAX_KEYS 48

/* The instruction being assembled. */
struct pending {
	ip_word w;
	unsigned header_line;
	unsigned seen;          /* bit per line kind (enum line_kind) */
	int op_set[2];          /* shared ops given by a line: [0] mul_op, [1] acc_op */
	uint64_t op_value[2];
	struct ip_key keys[MAX_KEYS]; /* header keys, applied last */
	unsigned nkeys;
	struct ip_line header;  /* the header's tokens (keys point into them) */
};

enum line_kind {
	LINE_ALU0 = 0, /* + index in utgard_gp_alu_lines */
	LINE_STORE0 = UTGARD_GP_ALU_LINES,
	LINE_LOAD = LINE_STORE0 + UTGARD_GP_STORE_LINES,
	LINE_REG0,
	LINE_REG1,
	LINE_BRANCH,
};

/* Parses a value of a field at the cursor and writes it. */
static int parse_into(struct ip_cursor *c, ip_word *w, const char *name)
{
	const struct ip_field *f = utgard_gp_field(name);
	uint64_t v;
	if (ip_parse_field_value(c, f, &v) != 0)
		return -1;
	ip_field_set(f, w, v);
	return 0;
}

/* An input operand: optional '-' (only where the input has a negate), then a selector. */
static int parse_input(struct ip_cursor *c, ip_word *w, const char *field, const char *neg,
                       const char *unit)
{
	if (ip_is_punct(ip_peek(c), '-')) {
		if (!neg)
			return ip_error_here(c, "%s inputs have no negate (negate the output: "
			                        "%s.OP.neg)", unit, unit);
		ip_next(c);
		utgard_gp_set(w, neg, 1);
	} else if (neg) {
		utgard_gp_set(w, neg, 0);
	}
	return parse_into(c, w, field);
}

static int apply_keys(struct ip_cursor *c, ip_word *w, const struct ip_key *keys, unsigned n)
{
	unsigned saved = c->i;
	for (unsigned k = 0; k < n; k++) {
		char name[64];
		const struct ip_field *f;
		uint64_t v;
		ip_token_text(keys[k].name, name, sizeof name);
		f = utgard_gp_field(name);
		if (!f)
			return ip_diag_at(c->d, c->line->lineno, keys[k].name->col,
			                  "no field '%s' in a utgard_gp instruction", name);
		c->i = keys[k].value_tok;
		if (ip_parse_field_value(c, f, &v) != 0)
			return -1;
		ip_field_set(f, w, v);
	}
	c->i = saved;
	return 0;
}

/* The rest of a line: name=value keys, applied at once. */
static int line_keys(struct ip_cursor *c, ip_word *w)
{
	struct ip_key keys[MAX_KEYS];
	unsigned n;
	if (ip_collect_keys(c, keys, MAX_KEYS, &n) != 0)
		return -1;
	if (ip_peek(c)->type != IP_TOK_END)
		return ip_error_here(c, "unexpected '{' inside an instruction");
	return apply_keys(c, w, keys, n);
}

static int parse_alu_line(struct ip_cursor *c, struct pending *pb, unsigned idx)
{
	const struct utgard_gp_alu_line *l = &utgard_gp_alu_lines[idx];
	const struct ip_field *opf = utgard_gp_field(l->op);
	unsigned op_col;
	uint64_t op;
	if (ip_expect_punct(c, '.') != 0)
		return -1;
	op_col = ip_peek(c)->col;
	if (ip_parse_field_value(c, opf, &op) != 0)
		return -1;
	if (l->shared_op) {
		int s = strcmp(l->op, "mul_op") == 0 ? 0 : 1;
		if (pb->op_set[s] && pb->op_value[s] != op)
			return ip_diag_at(c->d, c->line->lineno, op_col,
			                  "%s and %s share one opcode: this line says %s, the other "
			                  "one %s",
			                  l->unit, utgard_gp_alu_lines[idx ^ 1].unit,
			                  ip_enum_name(opf->enums, op) ? ip_enum_name(opf->enums, op) : "?",
			                  ip_enum_name(opf->enums, pb->op_value[s])
			                          ? ip_enum_name(opf->enums, pb->op_value[s])
			                          : "?");
		pb->op_set[s] = 1;
		pb->op_value[s] = op;
	}
	ip_field_set(opf, &pb->w, op);
	if (ip_is_punct(ip_peek(c), '.')) {
		ip_next(c);
		if (!l->neg || !ip_is_ident(ip_peek(c), "neg"))
			return ip_error_here(c, "%s", l->neg ? "expected 'neg' (output negate)"
			                                     : "this unit has no output modifier");
		ip_next(c);
		utgard_gp_set(&pb->w, l->neg, 1);
	}
	if (parse_input(c, &pb->w, l->a, l->a_neg, l->unit) != 0)
		return -1;
	if (l->b) {
		if (ip_expect_punct(c, ',') != 0)
			return -1;
		if (parse_input(c, &pb->w, l->b, l->b_neg, l->unit) != 0)
			return -1;
	}
	return line_keys(c, &pb->w);
}

static int parse_store_line(struct ip_cursor *c, struct pending *pb, unsigned idx)
{
	const struct utgard_gp_store_line *l = &utgard_gp_store_lines[idx];
	while (ip_is_punct(ip_peek(c), '.')) {
		ip_next(c);
		if (ip_is_ident(ip_peek(c), "varying"))
			utgard_gp_set(&pb->w, l->varying, 1);
		else if (ip_is_ident(ip_peek(c), "temp"))
			utgard_gp_set(&pb->w, l->temp, 1);
		else
			return ip_error_here(c, "expected 'varying' or 'temp'");
		ip_next(c);
	}
	if (parse_into(c, &pb->w, l->addr) != 0 || ip_expect_punct(c, ',') != 0 ||
	    parse_into(c, &pb->w, l->c0) != 0 || ip_expect_punct(c, ',') != 0 ||
	    parse_into(c, &pb->w, l->c1) != 0)
		return -1;
	return line_keys(c, &pb->w);
}

static int parse_branch_line(struct ip_cursor *c, struct pending *pb)
{
	const struct ip_token *t = ip_peek(c);
	if (t->type != IP_TOK_INT)
		return ip_error_here(c, "expected a branch target (instruction 0-511)");
	if (t->ival.w[1] || t->ival.w[0] > 511)
		return ip_error_here(c, "branch target must be 0-511 (9 bits)");
	utgard_gp_set(&pb->w, "branch", 1);
	utgard_gp_set_branch_target(&pb->w, (unsigned)t->ival.w[0]);
	ip_next(c);
	return line_keys(c, &pb->w);
}

static int parse_body_line(struct ip_cursor *c, struct pending *pb)
{
	const struct ip_token *t = ip_peek(c);
	char word[32];
	int kind = -1;
	ip_token_text(t, word, sizeof word);
	if (t->type == IP_TOK_IDENT) {
		for (unsigned i = 0; i < UTGARD_GP_ALU_LINES; i++)
			if (strcmp(word, utgard_gp_alu_lines[i].unit) == 0)
				kind = LINE_ALU0 + (int)i;
		for (unsigned i = 0; i < UTGARD_GP_STORE_LINES; i++)
			if (strcmp(word, utgard_gp_store_lines[i].unit) == 0)
				kind = LINE_STORE0 + (int)i;
		if (strcmp(word, "load") == 0)
			kind = LINE_LOAD;
		else if (strcmp(word, "reg0") == 0)
			kind = LINE_REG0;
		else if (strcmp(word, "reg1") == 0)
			kind = LINE_REG1;
		else if (strcmp(word, "branch") == 0)
			kind = LINE_BRANCH;
	}
	if (kind < 0)
		return ip_error_here(c, "expected a unit (mul0, mul1, acc0, acc1, cplx, pass, load, "
		                        "reg0, reg1, store0, store1, branch), found '%s'", word);
	if (pb->seen & (1u << kind))
		return ip_error_here(c, "unit %s appears twice in one instruction", word);
	pb->seen |= 1u << kind;
	ip_next(c);
	if (kind < LINE_STORE0)
		return parse_alu_line(c, pb, (unsigned)kind);
	if (kind < LINE_LOAD)
		return parse_store_line(c, pb, (unsigned)(kind - LINE_STORE0));
	switch (kind) {
	case LINE_LOAD:
		if (parse_into(c, &pb->w, "load_addr") != 0)
			return -1;
		if (ip_is_punct(ip_peek(c), ',')) {
			ip_next(c);
			if (parse_into(c, &pb->w, "load_offset") != 0)
				return -1;
		}
		break;
	case LINE_REG0:
		if (ip_is_ident(ip_peek(c), "attr")) {
			ip_next(c);
			utgard_gp_set(&pb->w, "reg0_attr", 1);
		}
		if (parse_into(c, &pb->w, "reg0_addr") != 0)
			return -1;
		break;
	case LINE_REG1:
		if (parse_into(c, &pb->w, "reg1_addr") != 0)
			return -1;
		break;
	default:
		return parse_branch_line(c, pb);
	}
	return line_keys(c, &pb->w);
}

/* `instr [keys] {` (or `instr [keys] {}`): returns 1 if the instruction closed on this line. */
static int parse_header(struct ip_cursor *c, struct pending *pb, const struct ip_line *line)
{
	memset(pb, 0, sizeof *pb);
	pb->w = ip_format_defaults(&utgard_gp_instr, NULL);
	pb->header_line = line->lineno;
	pb->header = *line;
	c->line = &pb->header;
	if (!ip_is_ident(ip_peek(c), "instr")) {
		char word[32];
		ip_token_text(ip_peek(c), word, sizeof word);
		return ip_error_here(c, "expected 'instr' to open an instruction, found '%s'", word);
	}
	ip_next(c);
	if (ip_collect_keys(c, pb->keys, MAX_KEYS, &pb->nkeys) != 0)
		return -1;
	if (ip_expect_punct(c, '{') != 0)
		return -1;
	if (ip_is_punct(ip_peek(c), '}')) {
		ip_next(c);
		if (ip_peek(c)->type != IP_TOK_END)
			return ip_error_here(c, "nothing may follow '}' on its line");
		return 1;
	}
	if (ip_peek(c)->type != IP_TOK_END)
		return ip_error_here(c, "unit lines go on the lines after '{'");
	return 0;
}

static int close_instr(struct pending *pb, struct ip_program *p, struct ip_diag *d)
{
	struct ip_cursor hc = {&pb->header, 0, d};
	struct ip_bundle *b;
	if (apply_keys(&hc, &pb->w, pb->keys, pb->nkeys) != 0)
		return -1;
	if (p->nbundles == 512)
		return ip_diag_at(d, pb->header_line, 1,
		                  "more than 512 instructions (branch targets have 9 bits)");
	b = ip_program_add(p);
	if (!b)
		return ip_diag_plain(d, "out of memory");
	b->byte_offset = (uint32_t)((p->nbundles - 1) * UTGARD_GP_INSTR_BYTES);
	b->bytes = UTGARD_GP_INSTR_BYTES;
	ip_bundle_add_slot(b, &utgard_gp_instr, 0, 128, -1, 0);
	b->slots[0].value = pb->w;
	return 0;
}

int utgard_gp_assemble(const char *src, struct ip_program *out, struct ip_diag *d)
{
	struct ip_line *line = malloc(sizeof *line);
	struct pending *pb = malloc(sizeof *pb);
	int in_instr = 0, rc = -1, got;
	unsigned lineno = 0;
	const char *p = src;

	ip_program_init(out, &utgard_gp_isa);
	if (!line || !pb) {
		ip_diag_plain(d, "out of memory");
		goto out;
	}
	while ((got = ip_lex_next_line(&p, &lineno, line, d)) > 0) {
		struct ip_cursor c = {line, 0, d};
		int closed;
		if (line->ntok == 0)
			continue;
		if (in_instr && ip_is_punct(ip_peek(&c), '}')) {
			ip_next(&c);
			if (ip_peek(&c)->type != IP_TOK_END) {
				ip_error_here(&c, "nothing may follow '}' on its line");
				goto out;
			}
			if (close_instr(pb, out, d) != 0)
				goto out;
			in_instr = 0;
			continue;
		}
		if (in_instr) {
			if (parse_body_line(&c, pb) != 0)
				goto out;
			continue;
		}
		closed = parse_header(&c, pb, line);
		if (closed < 0)
			goto out;
		if (closed) {
			if (close_instr(pb, out, d) != 0)
				goto out;
		} else {
			in_instr = 1;
		}
	}
	if (got < 0)
		goto out;
	if (in_instr) {
		ip_diag_at(d, pb->header_line, 1, "missing '}' for the instruction opened here");
		goto out;
	}
	if (out->nbundles == 0) {
		ip_diag_at(d, lineno ? lineno : 1, 1, "no instructions");
		goto out;
	}
	rc = 0;
out:
	free(line);
	free(pb);
	if (rc != 0)
		ip_program_free(out);
	return rc;
}
