/* bifrost_asm.c: Bifrost assembly text (docs/bifrost-asm.md) -> clause bundles.
 * Every field is set by its table name; errors name file:line:col. */
#include <stdlib.h>
#include <string.h>

#include "bifrost.h"
#include "isaprobe/internal/asm_lexer.h"
#include "isaprobe/internal/field_text.h"

#define MAX_KEYS 40
#define MAX_UNUSED 8

enum part { PART_NONE, PART_REG, PART_FMA, PART_ADD };

struct pending {
	int open;
	unsigned line, col; /* of the clause line */
	ip_word header;
	unsigned n, k, nunused;
	enum part last;
	ip_word reg[BIFROST_MAX_INSTRS], fma[BIFROST_MAX_INSTRS], add[BIFROST_MAX_INSTRS];
	ip_word consts[BIFROST_MAX_CONSTS];
	int8_t lo4[BIFROST_MAX_CONSTS];     /* const64: the low 4 bits, else -1 */
	uint8_t lo_given[BIFROST_MAX_INSTRS]; /* the reg line set const_lo itself */
	struct {
		unsigned index, line, col;
		ip_word value;
	} unused[MAX_UNUSED];
};

static int is_64bit(const struct pending *pb)
{
	return ip_field_get(ip_format_field(&bifrost_header, "type"), &pb->header) ==
	       BIFROST_HEADER_TYPE_64BIT;
}

/* Applies name=value keys to a word of fmt: unconditional fields (the selectors) first, then
 * the fields they select; `forbid` names a field the line may not set. */
static int apply_keys(struct ip_cursor *c, const struct ip_key *keys, unsigned n,
                      const struct ip_format *fmt, ip_word *w, const char *forbid)
{
	for (int pass = 0; pass < 2; pass++)
		for (unsigned k = 0; k < n; k++) {
			char name[64];
			const struct ip_field *f, *any;
			uint64_t v;
			ip_token_text(keys[k].name, name, sizeof name);
			any = ip_format_field(fmt, name);
			c->i = (unsigned)(keys[k].name - c->line->tok);
			if (!any)
				return ip_error_here(c, "no field '%s' in %s (isaprobe fields bifrost %s)",
				                     name, fmt->name, fmt->name);
			if (forbid && strcmp(name, forbid) == 0)
				return ip_error_here(c, "field '%s' is set by the opcode name", name);
			if ((any->when[0].field != NULL) != pass)
				continue;
			f = ip_format_active_field(fmt, name, w, NULL);
			if (!f)
				return ip_error_here(c, "field '%s' is not present in this encoding", name);
			c->i = keys[k].value_tok;
			if (ip_parse_field_value(c, f, &v) != 0)
				return -1;
			ip_field_set(f, w, v);
		}
	return 0;
}

/* A register operand: rN, N below 64. */
static int parse_regname(struct ip_cursor *c, unsigned *r)
{
	const struct ip_token *t = ip_peek(c);
	char text[16];
	char *end;
	unsigned long v;
	ip_token_text(t, text, sizeof text);
	if (t->type != IP_TOK_IDENT || text[0] != 'r' || !text[1])
		return ip_error_here(c, "expected a register r0-r63");
	v = strtoul(text + 1, &end, 10);
	if (*end || v > 63)
		return ip_error_here(c, "no register '%s' (r0-r63)", text);
	*r = (unsigned)v;
	return 0;
}

/* The register field by what it does: read=rN (up to three), wfma=rN, wadd=rN (the previous
 * instruction's results), first=1; encoded the notes' way. Consumes those keys from the list. */
static int reg_access_keys(struct ip_cursor *c, struct ip_key *keys, unsigned *n,
                           const struct ip_format *fmt, ip_word *w)
{
	unsigned reads[3], nreads = 0, kept = 0, col = 0, line = c->line->lineno;
	int wfma = -1, wadd = -1, first = 0, any = 0, rc;
	for (unsigned k = 0; k < *n; k++) {
		char name[16];
		unsigned r = 0;
		ip_token_text(keys[k].name, name, sizeof name);
		if (strcmp(name, "read") && strcmp(name, "wfma") && strcmp(name, "wadd") &&
		    strcmp(name, "first")) {
			keys[kept++] = keys[k];
			continue;
		}
		if (!any)
			col = keys[k].name->col;
		any = 1;
		c->i = keys[k].value_tok;
		if (strcmp(name, "first") == 0) {
			const struct ip_token *t = ip_peek(c);
			if (t->type != IP_TOK_INT || t->ival.w[0] > 1 || t->ival.w[1])
				return ip_error_here(c, "first= takes 0 or 1");
			first = (int)t->ival.w[0];
			continue;
		}
		if (parse_regname(c, &r) != 0)
			return -1;
		if (name[0] == 'r') {
			if (nreads == 3)
				return ip_error_here(c, "at most three reads");
			reads[nreads++] = r;
		} else if (name[1] == 'f') {
			wfma = (int)r;
		} else {
			wadd = (int)r;
		}
	}
	*n = kept;
	if (!any)
		return 0;
	if (fmt == &bifrost_reg64)
		rc = first ? -1 : bifrost_reg64_encode(w, reads, nreads, wfma, wadd);
	else
		rc = bifrost_reg32_encode(w, reads, nreads, wfma, wadd, first);
	if (rc != 0)
		return ip_diag_at(c->d, line, col,
		                  "these reads and writes do not fit the register ports (%s)",
		                  fmt == &bifrost_reg64 ? "64-bit: even registers, no first=" :
		                                          "32-bit");
	return 0;
}

/* An opcode name: IDENT ('.' (IDENT | INT))*, written without spaces. */
static int parse_op_name(struct ip_cursor *c, char *buf, size_t n)
{
	const struct ip_token *t = ip_peek(c), *first = t, *last = t;
	size_t len;
	if (t->type != IP_TOK_IDENT)
		return ip_error_here(c, "expected an opcode name");
	ip_next(c);
	for (;;) {
		const struct ip_token *dot = ip_peek(c), *part;
		if (!ip_is_punct(dot, '.') || dot->text != last->text + last->len)
			break;
		part = &c->line->tok[c->i + 1];
		if ((part->type != IP_TOK_IDENT && part->type != IP_TOK_INT) ||
		    part->text != dot->text + 1)
			break;
		ip_next(c);
		ip_next(c);
		last = part;
	}
	len = (size_t)(last->text + last->len - first->text);
	if (len >= n)
		return ip_error_here(c, "opcode name too long");
	memcpy(buf, first->text, len);
	buf[len] = 0;
	return 0;
}

/* An FMA/ADD word holding op and its defaults (the source ISA.xml fixes, for the NOPs). */
static ip_word op_word(const struct bifrost_op *op)
{
	ip_word w = ip_format_defaults(op->fmt, NULL);
	ip_field_set(ip_format_field(op->fmt, "op"), &w, op->op);
	if (op->src0 >= 0)
		ip_field_set(ip_format_field(op->fmt, "src0"), &w, (uint64_t)op->src0);
	return w;
}

static void new_instruction(struct pending *pb)
{
	unsigned i = pb->n++;
	pb->reg[i] = ip_format_defaults(is_64bit(pb) ? &bifrost_reg64 : &bifrost_reg32, NULL);
	pb->fma[i] = op_word(bifrost_find_op(0, "NOP"));
	pb->add[i] = op_word(bifrost_find_op(1, "NOP"));
}

/* reg / fma / add lines: each part after the one before it, else a new instruction begins. */
static int parse_part(struct ip_cursor *c, struct pending *pb, enum part part)
{
	struct ip_key keys[MAX_KEYS];
	unsigned nkeys, col = ip_peek(c)->col;
	const struct ip_format *fmt;
	const char *forbid = NULL;
	ip_word *w;
	ip_next(c);
	if (pb->n == 0 || part <= pb->last) {
		if (pb->n == BIFROST_MAX_INSTRS)
			return ip_diag_at(c->d, c->line->lineno, col,
			                  "a clause holds at most 8 instructions");
		new_instruction(pb);
	}
	pb->last = part;
	if (part == PART_REG) {
		fmt = is_64bit(pb) ? &bifrost_reg64 : &bifrost_reg32;
		w = &pb->reg[pb->n - 1];
	} else {
		int is_add = part == PART_ADD;
		char name[64];
		unsigned opcol = ip_peek(c)->col;
		w = is_add ? &pb->add[pb->n - 1] : &pb->fma[pb->n - 1];
		if (parse_op_name(c, name, sizeof name) != 0)
			return -1;
		if (strcmp(name, "raw") == 0) {
			fmt = is_add ? &bifrost_add_one : &bifrost_fma_one;
			*w = ip_format_defaults(fmt, NULL);
		} else {
			const struct bifrost_op *op = bifrost_find_op(is_add, name);
			if (!op)
				return ip_diag_at(c->d, c->line->lineno, opcol,
				                  "unknown %s opcode '%s' (write `raw op=...` for a "
				                  "number)",
				                  is_add ? "ADD" : "FMA", name);
			fmt = op->fmt;
			*w = op_word(op);
			forbid = "op";
		}
	}
	if (ip_collect_keys(c, keys, MAX_KEYS, &nkeys) != 0)
		return -1;
	if (ip_peek(c)->type != IP_TOK_END)
		return ip_error_here(c, "unexpected '{'");
	if (part == PART_REG) {
		if (reg_access_keys(c, keys, &nkeys, fmt, w) != 0)
			return -1;
		pb->lo_given[pb->n - 1] = 0;
		for (unsigned k = 0; k < nkeys; k++)
			pb->lo_given[pb->n - 1] |= ip_is_ident(keys[k].name, "const_lo");
	}
	return apply_keys(c, keys, nkeys, fmt, w, forbid);
}

/* const VALUE: the 60 stored bits; const64 VALUE: the whole 64-bit constant, whose low 4 bits
 * go into every instruction that loads it without a const_lo of its own. */
static int parse_const(struct ip_cursor *c, struct pending *pb, int wide)
{
	unsigned col = ip_peek(c)->col;
	ip_word v;
	ip_next(c);
	if (pb->k == BIFROST_MAX_CONSTS)
		return ip_diag_at(c->d, c->line->lineno, col, "a clause holds at most %d constants",
		                  BIFROST_MAX_CONSTS);
	if (ip_parse_wide(c, wide ? 64 : 60, &v) != 0)
		return -1;
	if (ip_peek(c)->type != IP_TOK_END)
		return ip_error_here(c, "expected the end of the line after a constant");
	pb->lo4[pb->k] = (int8_t)(wide ? (int)(v.w[0] & 15) : -1);
	if (wide)
		v.w[0] >>= 4;
	pb->consts[pb->k++] = v;
	return 0;
}

static int parse_unused(struct ip_cursor *c, struct pending *pb)
{
	ip_word idx, v;
	unsigned col;
	ip_next(c);
	col = ip_peek(c)->col;
	if (pb->nunused == MAX_UNUSED)
		return ip_error_here(c, "too many unused lines");
	if (ip_parse_wide(c, 8, &idx) != 0 || ip_parse_wide(c, 42, &v) != 0)
		return -1;
	if (ip_peek(c)->type != IP_TOK_END)
		return ip_error_here(c, "expected the end of the line");
	pb->unused[pb->nunused].index = (unsigned)idx.w[0];
	pb->unused[pb->nunused].line = c->line->lineno;
	pb->unused[pb->nunused].col = col;
	pb->unused[pb->nunused].value = v;
	pb->nunused++;
	return 0;
}

static int parse_header(struct ip_cursor *c, struct pending *pb)
{
	struct ip_key keys[MAX_KEYS];
	unsigned nkeys;
	memset(pb, 0, sizeof *pb);
	pb->line = c->line->lineno;
	pb->col = ip_peek(c)->col;
	ip_next(c);
	pb->header = ip_format_defaults(&bifrost_header, NULL);
	if (ip_collect_keys(c, keys, MAX_KEYS, &nkeys) != 0)
		return -1;
	if (ip_expect_punct(c, '{') != 0)
		return -1;
	if (ip_peek(c)->type != IP_TOK_END)
		return ip_error_here(c, "expected the end of the line after '{'");
	if (apply_keys(c, keys, nkeys, &bifrost_header, &pb->header, NULL) != 0)
		return -1;
	pb->open = 1;
	return 0;
}

static int close_clause(struct ip_cursor *c, struct pending *pb, struct ip_program *p,
                        uint32_t *offset)
{
	int k = bifrost_const_count_round(pb->n, pb->k);
	unsigned type = (unsigned)ip_field_get(ip_format_field(&bifrost_header, "type"), &pb->header);
	unsigned col = ip_peek(c)->col;
	struct ip_bundle *b;
	if (pb->n == 0)
		return ip_diag_at(c->d, c->line->lineno, col, "empty clause: no instructions");
	if (k < 0)
	{
		unsigned max = 0;
		for (unsigned j = 0; j <= BIFROST_MAX_CONSTS; j++)
			if (bifrost_const_count_valid(pb->n, j))
				max = j;
		return ip_diag_at(c->d, c->line->lineno, col,
		                  "%u constants do not fit a %u-instruction clause (at most %u)",
		                  pb->k, pb->n, max);
	}
	/* const64: the low 4 bits into the instructions that load the constant */
	for (unsigned i = 0; i < pb->n; i++) {
		const struct ip_format *rf = is_64bit(pb) ? &bifrost_reg64 : &bifrost_reg32;
		struct bifrost_uc u = bifrost_uc_decode(bifrost_reg_uc(rf, &pb->reg[i]));
		if (u.kind == BIFROST_UC_CONST && !pb->lo_given[i] && u.index < pb->k &&
		    pb->lo4[u.index] >= 0)
			ip_field_set(ip_format_active_field(rf, "const_lo", &pb->reg[i], NULL),
			             &pb->reg[i], (uint64_t)pb->lo4[u.index]);
	}
	b = ip_program_add(p);
	if (!b)
		return ip_diag_plain(c->d, "out of memory");
	bifrost_clause_layout(b, pb->n, (unsigned)k, type);
	b->byte_offset = *offset;
	b->slots[0].value = pb->header;
	for (unsigned i = 0; i < pb->n; i++) {
		bifrost_slot(b, BIFROST_ROLE_REG, i)->value = pb->reg[i];
		bifrost_slot(b, BIFROST_ROLE_FMA, i)->value = pb->fma[i];
		bifrost_slot(b, BIFROST_ROLE_ADD, i)->value = pb->add[i];
	}
	for (unsigned j = 0; j < pb->k; j++)
		bifrost_slot(b, BIFROST_ROLE_CONST, j)->value = pb->consts[j];
	/* dummies: a copy of the constant sharing their quadword (which keeps the ordering
	 * restriction), else zero; constant quadwords pair slots (e, e+1), e = k mod 2 */
	for (unsigned j = pb->k; j < (unsigned)k; j++)
		if (j > 0 && (j - ((unsigned)k & 1)) % 2 == 1)
			bifrost_slot(b, BIFROST_ROLE_CONST, j)->value =
				bifrost_slot(b, BIFROST_ROLE_CONST, j - 1)->value;
	for (unsigned u = 0; u < pb->nunused; u++) {
		struct ip_slot *s = bifrost_slot(b, BIFROST_ROLE_UNUSED, pb->unused[u].index);
		if (!s)
			return ip_diag_at(c->d, pb->unused[u].line, pb->unused[u].col,
			                  "a %u-instruction clause has no unused region %u", pb->n,
			                  pb->unused[u].index);
		if (ip_bits_get(&pb->unused[u].value, s->width, 64 - s->width) || pb->unused[u].value.w[1])
			return ip_diag_at(c->d, pb->unused[u].line, pb->unused[u].col,
			                  "unused region %u has %u bits", pb->unused[u].index, s->width);
		s->value = pb->unused[u].value;
	}
	bifrost_clause_retype(b);
	*offset += b->bytes;
	pb->open = 0;
	return 0;
}

static int parse_line(struct ip_cursor *c, struct pending *pb, struct ip_program *p,
                      uint32_t *offset)
{
	const struct ip_token *t = ip_peek(c);
	if (t->type == IP_TOK_END)
		return 0;
	if (!pb->open) {
		if (!ip_is_ident(t, "clause"))
			return ip_error_here(c, "expected 'clause' (a clause opens with `clause ... {`)");
		return parse_header(c, pb);
	}
	if (ip_is_punct(t, '}')) {
		if (c->line->tok[c->i + 1].type != IP_TOK_END) {
			c->i++;
			return ip_error_here(c, "expected the end of the line after '}'");
		}
		return close_clause(c, pb, p, offset);
	}
	if (ip_is_ident(t, "reg"))
		return parse_part(c, pb, PART_REG);
	if (ip_is_ident(t, "fma"))
		return parse_part(c, pb, PART_FMA);
	if (ip_is_ident(t, "add"))
		return parse_part(c, pb, PART_ADD);
	if (ip_is_ident(t, "const"))
		return parse_const(c, pb, 0);
	if (ip_is_ident(t, "const64"))
		return parse_const(c, pb, 1);
	if (ip_is_ident(t, "unused"))
		return parse_unused(c, pb);
	if (ip_is_ident(t, "clause"))
		return ip_error_here(c, "clause inside a clause (missing '}' for the clause at line %u)",
		                     pb->line);
	return ip_error_here(c, "expected reg, fma, add, const, const64, unused or '}'");
}

int bifrost_assemble(const char *src, struct ip_program *out, struct ip_diag *d)
{
	struct pending *pb = calloc(1, sizeof *pb);
	struct ip_line *line = malloc(sizeof *line);
	unsigned lineno = 0;
	uint32_t offset = 0;
	const char *s = src;
	int rc = 0;
	ip_program_init(out, &bifrost_isa);
	if (!pb || !line) {
		free(pb);
		free(line);
		return ip_diag_plain(d, "out of memory");
	}
	while ((rc = ip_lex_next_line(&s, &lineno, line, d)) > 0) {
		struct ip_cursor c = {line, 0, d};
		if ((rc = parse_line(&c, pb, out, &offset)) != 0)
			break;
	}
	if (rc == 0 && pb->open)
		rc = ip_diag_at(d, pb->line, pb->col, "clause not closed: missing '}'");
	if (rc == 0 && out->nbundles == 0)
		rc = ip_diag_at(d, lineno ? lineno : 1, 1, "no clauses");
	if (rc != 0)
		ip_program_free(out);
	free(pb);
	free(line);
	return rc;
}
