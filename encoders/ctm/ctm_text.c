/* ctm_text.c: CTM programs and command buffers as text (syntax: docs/ctm-asm.md), both ways.
 * Every field is a name=value key, so every bit has a spelling and asm(disasm(bin)) == bin. */
#include <stdlib.h>
#include <string.h>

#include "isaprobe/internal/field_text.h"
#include "ctm.h"

/* ---- words of an instruction, named by type ------------------------------------------------ */

static const char *const word_labels[4][CTM_INSTR_WORDS] = {
	[CTM_TYPE_ALU] = {"inst0", "rgb_addr", "alpha_addr", "rgb_inst", "alpha_inst", "rgba_inst"},
	[CTM_TYPE_OUT] = {"inst0", "rgb_addr", "alpha_addr", "rgb_inst", "alpha_inst", "rgba_inst"},
	[CTM_TYPE_FC] = {"inst0", "inst1", "fc_inst", "fc_addr", "inst4", "inst5"},
	[CTM_TYPE_TEX] = {"inst0", "tex_inst", "tex_addr", "tex_dxdy", "inst4", "inst5"},
};

/* ---- commands: parameter main fields ------------------------------------------------------ */

/* The field a parameter's bare key `NAME=value` sets: its only known field (its first field when
 * none is known); NULL when it has several known fields (then keys are NAME.FIELD=value). */
static const struct ip_field *main_field(const struct ip_format *f)
{
	const struct ip_field *m = NULL;
	if (f->nfields == 1)
		return &f->fields[0];
	for (unsigned i = 0; i < f->nfields; i++) {
		if (f->fields[i].doc != IP_DOC_KNOWN)
			continue;
		if (m)
			return NULL;
		m = &f->fields[i];
	}
	return m ? m : &f->fields[0];
}

static void param_name(const struct ctm_command *c, unsigned k, char *buf, size_t n)
{
	if (c && k < c->nparams)
		snprintf(buf, n, "%s", c->param_names[k]);
	else
		snprintf(buf, n, "p%u", k);
}

static void print_command(FILE *out, const struct ip_bundle *b)
{
	uint32_t header = ctm_slot_word(b, 0);
	unsigned opcode = (header >> 8) & 0xFF, nparams = b->nslots - 1;
	const struct ctm_command *c = ctm_command_by_opcode(opcode);
	const struct ip_format *hf = &ctm_cmd_header;
	ip_word hw = {{header, 0}};

	if (c)
		fputs(c->name, out);
	else
		fprintf(out, "cmd 0x%02x", opcode);
	/* the parameters the assembler counts without hdr.count: the command's own, and up to the
	 * last extra one written (an extra parameter, raw, is written only when it is not 0) */
	unsigned implied = c ? c->nparams : 0;
	for (unsigned k = 0; k < nparams; k++) {
		const struct ip_format *f = b->slots[k + 1].fmt;
		const struct ip_field *m = main_field(f);
		const ip_word *w = &b->slots[k + 1].value;
		int extra = !c || k >= c->nparams;
		char name[32];
		if (extra && ip_word_eq(w, &(ip_word){{0, 0}}))
			continue;
		if (extra && k + 1 > implied)
			implied = k + 1;
		param_name(c, k, name, sizeof name);
		for (unsigned i = 0; i < f->nfields; i++) {
			const struct ip_field *fl = &f->fields[i];
			uint64_t v = ip_field_get(fl, w);
			if (fl == m) {
				if (fl->doc != IP_DOC_KNOWN && v == fl->dflt && !extra)
					continue;
				fprintf(out, " %s=", name);
				if (f == &ctm_p_base)
					fprintf(out, "0x%llx", (unsigned long long)(v << 11));
				else
					ip_field_print_value(out, fl, v);
				continue;
			}
			if (fl->doc != IP_DOC_KNOWN && v == fl->dflt)
				continue;
			fprintf(out, " %s.%s=", name, fl->name);
			ip_field_print_value(out, fl, v);
		}
	}
	if (nparams != implied)
		fprintf(out, " hdr.count=%u", nparams - 1);
	for (unsigned i = 0; i < hf->nfields; i++) {
		const struct ip_field *fl = &hf->fields[i];
		uint64_t v = ip_field_get(fl, &hw);
		if (strcmp(fl->name, "opcode") == 0 || strcmp(fl->name, "count") == 0 || v == fl->dflt)
			continue;
		fprintf(out, " hdr.%s=0x%llx", fl->name, (unsigned long long)v);
	}
	if (c && !ctm_command_opcode_known(c))
		fprintf(out, "  ; opcode 0x%02x is an isaprobe placeholder: the guide's command table "
		             "is lost (docs/ctm-sources.md)", opcode);
	fputc('\n', out);
}

/* ---- disassembly ---------------------------------------------------------------------------- */

static void print_instr(FILE *out, const struct ip_bundle *b, size_t index)
{
	ip_word w0 = b->slots[0].value;
	unsigned type = (unsigned)(w0.w[0] & 3);
	struct ip_name_set skip = {{"type"}, 1};
	int lines = 0;

	ip_word def[CTM_INSTR_WORDS];

	static const char *const mnemonic[4] = {"alu", "out", "fc", "tex"};
	fputs(mnemonic[type], out);
	ip_print_keys(out, &ctm_inst0, &w0, NULL, &skip);
	for (unsigned k = 1; k < CTM_INSTR_WORDS; k++) {
		def[k] = ip_format_defaults(ctm_inst_formats[k], &w0);
		if (!ip_word_eq(&def[k], &b->slots[k].value))
			lines = 1;
	}
	if (!lines) {
		fprintf(out, " {} ; %zu\n", index);
		return;
	}
	fprintf(out, " { ; %zu\n", index);
	for (unsigned k = 1; k < CTM_INSTR_WORDS; k++) {
		if (ip_word_eq(&def[k], &b->slots[k].value))
			continue;
		fprintf(out, "\t%s", word_labels[type][k]);
		ip_print_keys(out, ctm_inst_formats[k], &b->slots[k].value, &w0, NULL);
		fputc('\n', out);
	}
	fputs("}\n", out);
}

static void print_note(FILE *out, const struct ip_bundle *b)
{
	uint32_t type = ctm_slot_word(b, 0);
	const char *name = ctm_note_name(type);
	if (name)
		fprintf(out, "note %s", name);
	else
		fprintf(out, "note 0x%x", type);
	for (unsigned k = 1; k < b->nslots; k++)
		fprintf(out, " 0x%x", ctm_slot_word(b, k));
	fputc('\n', out);
}

int ctm_disassemble(const struct ip_program *p, FILE *out)
{
	size_t pc = 0;
	int cmds = 0;
	for (size_t i = 0; i < p->nbundles; i++) {
		const struct ip_bundle *b = &p->bundles[i];
		if (b->kind == CTM_BUNDLE_INSTR) {
			if (b->nslots != CTM_INSTR_WORDS)
				return -1;
			print_instr(out, b, pc++);
		}
	}
	for (size_t i = 0; i < p->nbundles; i++)
		if (p->bundles[i].kind == CTM_BUNDLE_CMD) {
			if (!cmds++)
				fputs("commands {\n", out);
			fputc('\t', out);
			print_command(out, &p->bundles[i]);
		}
	if (cmds)
		fputs("}\n", out);
	for (size_t i = 0; i < p->nbundles; i++)
		if (p->bundles[i].kind == CTM_BUNDLE_NOTE)
			print_note(out, &p->bundles[i]);
	return ferror(out) ? -1 : 0;
}

int ctm_cb_disassemble(const struct ip_program *p, FILE *out)
{
	for (size_t i = 0; i < p->nbundles; i++)
		if (p->bundles[i].kind == CTM_BUNDLE_CMD)
			print_command(out, &p->bundles[i]);
	return ferror(out) ? -1 : 0;
}

/* ---- assembly: keys ------------------------------------------------------------------------- */

#define MAX_KEYS 64

/* `name[.sub]=value`: value token index kept for parsing against the field found. */
struct key {
	char name[48], sub[48];
	unsigned col, value_tok;
};

static int collect_keys(struct ip_cursor *c, struct key *keys, unsigned *n)
{
	*n = 0;
	for (;;) {
		const struct ip_token *t = ip_peek(c);
		if (t->type == IP_TOK_END || ip_is_punct(t, '{'))
			return 0;
		if (t->type != IP_TOK_IDENT) {
			char text[32];
			ip_token_text(t, text, sizeof text);
			return ip_error_here(c, "expected name=value, found '%s'", text);
		}
		if (*n == MAX_KEYS)
			return ip_error_here(c, "too many name=value pairs");
		ip_token_text(t, keys[*n].name, sizeof keys[*n].name);
		keys[*n].sub[0] = 0;
		keys[*n].col = t->col;
		ip_next(c);
		if (ip_is_punct(ip_peek(c), '.')) {
			ip_next(c);
			if (ip_peek(c)->type != IP_TOK_IDENT)
				return ip_error_here(c, "expected a field name after '.'");
			ip_token_text(ip_peek(c), keys[*n].sub, sizeof keys[*n].sub);
			ip_next(c);
		}
		if (ip_expect_punct(c, '=') != 0)
			return -1;
		keys[*n].value_tok = c->i;
		if (ip_is_punct(ip_peek(c), '-'))
			ip_next(c);
		t = ip_peek(c);
		if (t->type != IP_TOK_IDENT && t->type != IP_TOK_INT)
			return ip_error_here(c, "expected a value");
		ip_next(c);
		(*n)++;
	}
}

/* Parses the value of key k for field f into *v. */
static int key_value(struct ip_cursor *c, const struct key *k, const struct ip_field *f, uint64_t *v)
{
	unsigned saved = c->i;
	int rc;
	c->i = k->value_tok;
	rc = ip_parse_field_value(c, f, v);
	c->i = saved;
	return rc;
}

/* What the keys of one command or instruction set so far: bits of which word, by the key at
 * which line and column. Each claim takes at least one bit no other took, so an instruction's
 * 6 x 32 bits bound them (and MAX_KEYS a command's). */
struct claims {
	unsigned n;
	struct {
		unsigned word, line, col;
		uint32_t bits;
	} c[CTM_INSTR_WORDS * 32];
};

/* A key that sets bits an earlier key of the same command or instruction already set
 * (`i0=1 i0=2`, or `i0=1 i0.index=2`: one field twice) is refused at its column, naming the
 * first one's: otherwise the later would win unseen. */
static int claim_field(struct ip_cursor *c, struct claims *cl, unsigned word,
                       const struct ip_field *f, const struct key *k)
{
	uint32_t bits = (uint32_t)ip_field_mask(f).w[0];
	for (unsigned i = 0; i < cl->n; i++)
		if (cl->c[i].word == word && (cl->c[i].bits & bits))
			return ip_diag_at(c->d, c->line->lineno, k->col, "'%s%s%s' sets bits that the key "
			                  "at line %u, column %u already set", k->name, k->sub[0] ? "." : "",
			                  k->sub, cl->c[i].line, cl->c[i].col);
	if (cl->n == sizeof cl->c / sizeof cl->c[0])
		return ip_diag_at(c->d, c->line->lineno, k->col, "too many keys"); /* not reached */
	cl->c[cl->n].word = word;
	cl->c[cl->n].line = c->line->lineno;
	cl->c[cl->n].col = k->col;
	cl->c[cl->n].bits = bits;
	cl->n++;
	return 0;
}

/* ---- assembly: commands ---------------------------------------------------------------------- */

/* A command line: NAME keys, or `cmd OPCODE keys`. */
static int parse_command(struct ip_cursor *c, struct ip_program *p)
{
	const struct ctm_command *cmd = NULL;
	struct key keys[MAX_KEYS];
	unsigned nkeys, opcode, nparams, count_given = 0, count = 0;
	uint32_t header, params[IP_BUNDLE_MAX_SLOTS];
	const struct ip_token *t = ip_peek(c);
	struct claims claims = {0};
	char name[48];
	ip_word hw;

	ip_token_text(t, name, sizeof name);
	if (t->type != IP_TOK_IDENT)
		return ip_error_here(c, "expected a command name");
	if (strcmp(name, "cmd") == 0) {
		ip_next(c);
		t = ip_peek(c);
		if (t->type != IP_TOK_INT || t->ival.w[1] || t->ival.w[0] > 0xFF)
			return ip_error_here(c, "expected an opcode 0-255 after 'cmd'");
		opcode = (unsigned)t->ival.w[0];
		cmd = ctm_command_by_opcode(opcode);
	} else {
		if (!(cmd = ctm_command_by_name(name)))
			return ip_error_here(c, "unknown command '%s' (isaprobe fields ctm_cb header lists "
			                        "them; `cmd 0xNN` for any opcode)", name);
		opcode = cmd->opcode;
	}
	ip_next(c);
	if (collect_keys(c, keys, &nkeys) != 0)
		return -1;
	if (ip_peek(c)->type != IP_TOK_END)
		return ip_error_here(c, "unexpected '{' in a command");
	/* how many parameters: hdr.count, else the command's own, else the highest named */
	nparams = cmd ? cmd->nparams : 0;
	for (unsigned i = 0; i < nkeys; i++) {
		unsigned k;
		if (strcmp(keys[i].name, "hdr") == 0) {
			if (strcmp(keys[i].sub, "count") == 0) {
				uint64_t v;
				if (key_value(c, &keys[i], ip_format_field(&ctm_cmd_header, "count"), &v) != 0)
					return -1;
				count_given = 1;
				count = (unsigned)v;
			}
			continue;
		}
		if (keys[i].name[0] == 'p' && sscanf(keys[i].name + 1, "%u", &k) == 1 &&
		    (!cmd || k >= cmd->nparams) && k + 1 > nparams)
			nparams = k + 1;
	}
	if (count_given)
		nparams = count + 1;
	if (nparams == 0)
		return ip_diag_at(c->d, c->line->lineno, 1, "a command takes at least one parameter");
	if (nparams + 1 > IP_BUNDLE_MAX_SLOTS)
		return ip_diag_at(c->d, c->line->lineno, 1, "more than %d parameters",
		                  IP_BUNDLE_MAX_SLOTS - 1);
	header = ctm_cmd_header_word((uint8_t)opcode, nparams);
	hw = ip_word_zero();
	hw.w[0] = header;
	for (unsigned k = 0; k < nparams; k++) {
		ip_word d = ip_format_defaults(ctm_param_format(opcode, k), NULL);
		params[k] = (uint32_t)d.w[0];
	}
	for (unsigned i = 0; i < nkeys; i++) {
		const struct key *k = &keys[i];
		const struct ip_format *f = NULL;
		const struct ip_field *fl;
		unsigned idx = 0;
		uint64_t v;
		ip_word w;
		if (strcmp(k->name, "hdr") == 0) {
			if (!(fl = ip_format_field(&ctm_cmd_header, k->sub)))
				return ip_diag_at(c->d, c->line->lineno, k->col, "no header field '%s'", k->sub);
			if (claim_field(c, &claims, 0, fl, k) != 0 || key_value(c, k, fl, &v) != 0)
				return -1;
			ip_field_set(fl, &hw, v);
			continue;
		}
		for (idx = 0; idx < nparams; idx++) {
			char pn[32];
			param_name(cmd, idx, pn, sizeof pn);
			if (strcmp(pn, k->name) == 0)
				break;
		}
		if (idx == nparams)
			return ip_diag_at(c->d, c->line->lineno, k->col, "%s has no parameter '%s'",
			                  cmd ? cmd->name : "this command", k->name);
		f = ctm_param_format(opcode, idx);
		w = ip_word_zero();
		w.w[0] = params[idx];
		if (k->sub[0]) {
			if (!(fl = ip_format_field(f, k->sub)))
				return ip_diag_at(c->d, c->line->lineno, k->col, "parameter %s (%s) has no "
				                  "field '%s'", k->name, f->name, k->sub);
			if (key_value(c, k, fl, &v) != 0)
				return -1;
		} else {
			if (!(fl = main_field(f)))
				return ip_diag_at(c->d, c->line->lineno, k->col, "parameter %s has several "
				                  "fields: write %s.FIELD=value", k->name, k->name);
			if (f == &ctm_p_base) {
				const struct ip_token *vt = &c->line->tok[k->value_tok];
				if (vt->type != IP_TOK_INT || vt->ival.w[1] || vt->ival.w[0] > 0xFFFFFFFFu)
					return ip_diag_at(c->d, c->line->lineno, vt->col,
					                  "expected a 32-bit address");
				if (vt->ival.w[0] & 0x7FF)
					return ip_diag_at(c->d, c->line->lineno, vt->col, "address 0x%llx is not "
					                  "2K-aligned (set %s.base_rsvd for the low bits)",
					                  (unsigned long long)vt->ival.w[0], k->name);
				v = vt->ival.w[0] >> 11;
			} else if (key_value(c, k, fl, &v) != 0) {
				return -1;
			}
		}
		if (claim_field(c, &claims, 1 + idx, fl, k) != 0)
			return -1;
		ip_field_set(fl, &w, v);
		params[idx] = (uint32_t)w.w[0];
	}
	if (!ctm_add_command(p, (uint32_t)hw.w[0], params, nparams))
		return ip_diag_plain(c->d, "out of memory");
	return 0;
}

/* ---- assembly: instructions and notes ------------------------------------------------------- */

/* Applies keys to the words of one instruction: `label` says which word (0: inst0). */
static int apply_instr_keys(struct ip_cursor *c, uint32_t w[CTM_INSTR_WORDS], unsigned word,
                            const struct key *keys, unsigned n, struct claims *claims)
{
	ip_word w0 = {{w[0], 0}};
	for (unsigned i = 0; i < n; i++) {
		const struct ip_format *f = ctm_inst_formats[word];
		const struct ip_field *fl;
		ip_word x = {{w[word], 0}};
		uint64_t v;
		if (keys[i].sub[0])
			return ip_diag_at(c->d, c->line->lineno, keys[i].col, "instruction keys have no '.'");
		fl = ip_format_active_field(f, keys[i].name, &x, &w0);
		if (!fl) {
			const char *why = ip_format_field(f, keys[i].name)
			                          ? "does not exist in this type of instruction"
			                          : "is not a field of this word";
			return ip_diag_at(c->d, c->line->lineno, keys[i].col, "'%s' %s (%s)", keys[i].name,
			                  why, f->name);
		}
		if (strcmp(fl->name, "type") == 0)
			return ip_diag_at(c->d, c->line->lineno, keys[i].col,
			                  "the type is the instruction's first word (alu, out, fc, tex)");
		if (claim_field(c, claims, word, fl, &keys[i]) != 0 || key_value(c, &keys[i], fl, &v) != 0)
			return -1;
		ip_field_set(fl, &x, v);
		w[word] = (uint32_t)x.w[0];
	}
	return 0;
}

static int word_of_label(unsigned type, const char *label)
{
	for (unsigned k = 1; k < CTM_INSTR_WORDS; k++) {
		char generic[8];
		snprintf(generic, sizeof generic, "inst%u", k);
		if (strcmp(label, word_labels[type][k]) == 0 || strcmp(label, generic) == 0)
			return (int)k;
	}
	return -1;
}

struct pending {
	uint32_t w[CTM_INSTR_WORDS];
	unsigned type, line;
	struct claims claims; /* what its keys set, on every line of it */
};

static int start_instr(struct ip_cursor *c, struct pending *pi, unsigned type, int *open)
{
	struct key keys[MAX_KEYS];
	unsigned n;
	ip_word w0 = ip_format_defaults(&ctm_inst0, NULL);
	ip_field_set(ip_format_field(&ctm_inst0, "type"), &w0, type);
	pi->type = type;
	pi->line = c->line->lineno;
	pi->claims.n = 0;
	pi->w[0] = (uint32_t)w0.w[0];
	for (unsigned k = 1; k < CTM_INSTR_WORDS; k++)
		pi->w[k] = (uint32_t)ip_format_defaults(ctm_inst_formats[k], &w0).w[0];
	ip_next(c);
	if (collect_keys(c, keys, &n) != 0 || apply_instr_keys(c, pi->w, 0, keys, n, &pi->claims) != 0)
		return -1;
	*open = 0;
	if (ip_is_punct(ip_peek(c), '{')) {
		ip_next(c);
		*open = 1;
		if (ip_is_punct(ip_peek(c), '}')) {
			ip_next(c);
			*open = 0;
		}
	}
	if (ip_peek(c)->type != IP_TOK_END)
		return ip_error_here(c, "word lines go on the lines after '{'");
	return 0;
}

static int parse_word_line(struct ip_cursor *c, struct pending *pi)
{
	struct key keys[MAX_KEYS];
	char label[32];
	unsigned n;
	int word;
	ip_token_text(ip_peek(c), label, sizeof label);
	if (ip_peek(c)->type != IP_TOK_IDENT || (word = word_of_label(pi->type, label)) < 0)
		return ip_error_here(c, "expected a word of this instruction (%s, %s, %s, %s, %s or "
		                        "inst1-inst5), found '%s'",
		                     word_labels[pi->type][1], word_labels[pi->type][2],
		                     word_labels[pi->type][3], word_labels[pi->type][4],
		                     word_labels[pi->type][5], label);
	ip_next(c);
	if (collect_keys(c, keys, &n) != 0)
		return -1;
	if (ip_peek(c)->type != IP_TOK_END)
		return ip_error_here(c, "unexpected '{'");
	return apply_instr_keys(c, pi->w, (unsigned)word, keys, n, &pi->claims);
}

static int parse_note(struct ip_cursor *c, struct ip_program *p)
{
	uint32_t desc[CTM_NOTE_MAX_WORDS];
	unsigned type, n = 0;
	const struct ip_token *t;
	ip_next(c);
	t = ip_peek(c);
	if (t->type == IP_TOK_IDENT) {
		char name[32];
		ip_token_text(t, name, sizeof name);
		if (ctm_note_by_name(name, &type) != 0)
			return ip_error_here(c, "unknown note '%s' (proginfo, inputs, outputs, condout, "
			                        "float32consts, int32consts, earlyexit, or a number)", name);
	} else if (t->type == IP_TOK_INT && !t->ival.w[1] && t->ival.w[0] <= 0xFFFFFFFFu) {
		type = (unsigned)t->ival.w[0];
	} else {
		return ip_error_here(c, "expected a note type");
	}
	ip_next(c);
	while (ip_peek(c)->type != IP_TOK_END) {
		t = ip_peek(c);
		if (ip_is_punct(t, ',')) {
			ip_next(c);
			continue;
		}
		if (t->type != IP_TOK_INT || t->ival.w[1] || t->ival.w[0] > 0xFFFFFFFFu)
			return ip_error_here(c, "expected a 32-bit note word");
		if (n == CTM_NOTE_MAX_WORDS)
			return ip_error_here(c, "more than %d words in one note", CTM_NOTE_MAX_WORDS);
		desc[n++] = (uint32_t)t->ival.w[0];
		ip_next(c);
	}
	if (!ctm_add_note(p, type, desc, n))
		return ip_diag_plain(c->d, "out of memory");
	return 0;
}

static int type_of(const char *word)
{
	static const char *const names[4] = {"alu", "out", "fc", "tex"};
	for (int i = 0; i < 4; i++)
		if (strcmp(word, names[i]) == 0)
			return i;
	return -1;
}

static int kind_order(const void *a, const void *b)
{
	const struct ip_bundle *x = a, *y = b;
	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	return x->byte_offset < y->byte_offset ? -1 : x->byte_offset > y->byte_offset;
}

/* Instructions, commands, notes: bundle order = instruction order (see ctm.h). Offsets number
 * each kind's bundles in text order, so the sort is stable. */
static void canonical_order(struct ip_program *p)
{
	uint32_t at[3] = {0, 0, 0};
	for (size_t i = 0; i < p->nbundles; i++) {
		struct ip_bundle *b = &p->bundles[i];
		b->byte_offset = at[b->kind];
		at[b->kind] += b->bytes;
	}
	qsort(p->bundles, p->nbundles, sizeof p->bundles[0], kind_order);
}

static int assemble(const char *src, struct ip_program *out, struct ip_diag *d, int cb_only)
{
	struct ip_line *line = malloc(sizeof *line);
	struct pending pi;
	enum { TOP, INSTR, COMMANDS } state = TOP;
	unsigned lineno = 0, open_line = 0, ninstr = 0;
	const char *pos = src;
	int got, rc = -1;

	ip_program_init(out, cb_only ? &ctm_cb_isa : &ctm_isa);
	if (!line)
		return ip_diag_plain(d, "out of memory");
	while ((got = ip_lex_next_line(&pos, &lineno, line, d)) > 0) {
		struct ip_cursor c = {line, 0, d};
		const struct ip_token *t;
		char word[32];
		int type;
		if (line->ntok == 0)
			continue;
		t = ip_peek(&c);
		if (state != TOP && ip_is_punct(t, '}')) {
			ip_next(&c);
			if (ip_peek(&c)->type != IP_TOK_END) {
				ip_error_here(&c, "nothing may follow '}' on its line");
				goto out;
			}
			if (state == INSTR) {
				if (!ctm_add_instr(out, pi.w)) {
					ip_diag_plain(d, "out of memory");
					goto out;
				}
				ninstr++;
			}
			state = TOP;
			continue;
		}
		if (state == INSTR) {
			if (parse_word_line(&c, &pi) != 0)
				goto out;
			continue;
		}
		if (state == COMMANDS || cb_only) {
			if (cb_only && ip_is_ident(t, "commands")) {
				ip_error_here(&c, "a command buffer has command lines only (no 'commands {')");
				goto out;
			}
			if (parse_command(&c, out) != 0)
				goto out;
			continue;
		}
		ip_token_text(t, word, sizeof word);
		if (t->type == IP_TOK_IDENT && (type = type_of(word)) >= 0) {
			int open;
			if (ninstr == CTM_MAX_INSTRS) {
				ip_error_here(&c, "more than %d instructions", CTM_MAX_INSTRS);
				goto out;
			}
			if (start_instr(&c, &pi, (unsigned)type, &open) != 0)
				goto out;
			if (open) {
				state = INSTR;
				open_line = lineno;
			} else if (!ctm_add_instr(out, pi.w)) {
				ip_diag_plain(d, "out of memory");
				goto out;
			} else {
				ninstr++;
			}
		} else if (ip_is_ident(t, "commands")) {
			ip_next(&c);
			if (ip_expect_punct(&c, '{') != 0)
				goto out;
			if (ip_peek(&c)->type != IP_TOK_END) {
				ip_error_here(&c, "commands go on the lines after '{'");
				goto out;
			}
			state = COMMANDS;
			open_line = lineno;
		} else if (ip_is_ident(t, "note")) {
			if (parse_note(&c, out) != 0)
				goto out;
		} else {
			ip_error_here(&c, "expected an instruction (alu, out, fc, tex), 'commands {' or "
			                  "'note', found '%s'", word);
			goto out;
		}
	}
	if (got < 0)
		goto out;
	if (state != TOP) {
		ip_diag_at(d, open_line, 1, "missing '}' for the block opened here");
		goto out;
	}
	if (out->nbundles == 0 || (!cb_only && ninstr == 0)) {
		ip_diag_at(d, lineno ? lineno : 1, 1, cb_only ? "no commands" : "no instructions");
		goto out;
	}
	if (!cb_only)
		canonical_order(out);
	rc = 0;
out:
	free(line);
	if (rc != 0)
		ip_program_free(out);
	return rc;
}

int ctm_assemble(const char *src, struct ip_program *out, struct ip_diag *d)
{
	return assemble(src, out, d, 0);
}

int ctm_cb_assemble(const char *src, struct ip_program *out, struct ip_diag *d)
{
	return assemble(src, out, d, 1);
}
