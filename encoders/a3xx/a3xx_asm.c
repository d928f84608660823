/* a3xx_asm.c: a3xx assembly text -> program (syntax: docs/a3xx-asm.md). Lines are plain or in
 * the notes' listing form NNNN[hhhhhhhhx_hhhhhhhhx]; listing words and expansion lines are
 * checked against what the text assembles to. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "a3xx_parse.h"
#include "a3xx_print.h"
#include "a3xx_program.h"

/* The listing prefix of a line, if any. */
struct listing {
	int present;
	int expansion;     /* "NNNN[   ...   ]": a repetition line */
	unsigned index;
	ip_word words;
	size_t index_col, bracket_col;
};

static int hex8(const char *s, uint32_t *v)
{
	*v = 0;
	for (unsigned i = 0; i < 8; i++) {
		int ch = (unsigned char)s[i];
		if (!isxdigit(ch))
			return -1;
		*v = *v << 4 | (uint32_t)(isdigit(ch) ? ch - '0' : tolower(ch) - 'a' + 10);
	}
	return 0;
}

/* "NNNN[...] " at the start of the line (after blanks); moves the cursor past it. */
static int parse_listing(struct a3xx_cur *c, struct listing *l)
{
	size_t p, digits = 0, open;
	memset(l, 0, sizeof *l);
	a3xx_cur_skip_ws(c);
	p = c->p;
	while (p + digits < c->len && isdigit((unsigned char)c->s[p + digits]))
		digits++;
	if (!digits || p + digits >= c->len || c->s[p + digits] != '[')
		return 0;
	if (digits > 6)
		return a3xx_cur_error(c, p, "listing index too long");
	l->present = 1;
	l->index_col = p;
	for (size_t i = 0; i < digits; i++)
		l->index = l->index * 10 + (unsigned)(c->s[p + i] - '0');
	open = p + digits;
	l->bracket_col = open;
	p = open + 1;
	if (p + 20 <= c->len && c->s[p + 19] == ']') {
		uint32_t hi, lo;
		int blank = 1;
		for (unsigned i = 0; i < 19; i++)
			blank &= c->s[p + i] == ' ';
		if (blank) {
			l->expansion = 1;
			c->p = p + 20;
			return 0;
		}
		if (hex8(c->s + p, &hi) == 0 && c->s[p + 8] == 'x' && c->s[p + 9] == '_' &&
		    hex8(c->s + p + 10, &lo) == 0 && c->s[p + 18] == 'x') {
			l->words.w[0] = (uint64_t)hi << 32 | lo;
			c->p = p + 20;
			return 0;
		}
	}
	return a3xx_cur_error(c, open, "expected the listing's words [hhhhhhhhx_hhhhhhhhx] (dword 1, "
	                               "then dword 0) or 19 blanks for a repetition line");
}

/* Collapses blanks and trims: how expansion lines are compared. */
static void normalise(const char *s, size_t n, char *out, size_t cap)
{
	size_t o = 0;
	int blank = 0;
	for (size_t i = 0; i < n && o + 1 < cap; i++) {
		char ch = s[i] == '\t' || s[i] == '\r' ? ' ' : s[i];
		if (ch == ' ') {
			blank = o > 0;
			continue;
		}
		if (blank && o + 2 < cap)
			out[o++] = ' ';
		blank = 0;
		out[o++] = ch;
	}
	out[o] = '\0';
}

/* What the assembler remembers of the last instruction (for expansion lines): its word,
 * decoded only when a repetition line needs it. */
struct last {
	int valid, decoded;
	unsigned index, reps_seen;
	ip_word w;
	struct a3xx_ins ins;
};

static const struct a3xx_ins *last_ins(struct last *last)
{
	if (!last->decoded) {
		a3xx_decode(&last->w, &last->ins);
		last->decoded = 1;
	}
	return &last->ins;
}

/* How often the last instruction repeats (0 outside categories 0-4). */
static unsigned last_rpt(const struct last *last)
{
	unsigned cat = (unsigned)(last->w.w[0] >> 61);
	static const unsigned rpt[5] = {A0_RPT, A1_RPT, A2_RPT, A3_RPT, A4_RPT};
	return cat <= 4 ? (unsigned)a3xx_get(&last->w, cat, rpt[cat]) : 0;
}

static int check_expansion(struct a3xx_cur *c, const struct listing *l, struct last *last)
{
	struct a3xx_text t;
	char want[sizeof t.s], got[sizeof t.s];
	if (!last->valid || l->index != last->index)
		return a3xx_cur_error(c, l->index_col, "a repetition line must follow instruction %04u "
		                                       "with the same index",
		                      last->valid ? last->index : 0);
	if (last->reps_seen >= last_rpt(last))
		return a3xx_cur_error(c, l->bracket_col, "instruction %04u has no repetition left "
		                                         "(it repeats %u times)",
		                      last->index, last_rpt(last));
	last->reps_seen++;
	a3xx_text_reset(&t);
	a3xx_print(last_ins(last), last->reps_seen, &t);
	normalise(t.s, t.n, want, sizeof want);
	a3xx_cur_skip_ws(c);
	normalise(c->s + c->p, c->len - c->p, got, sizeof got);
	if (strcmp(want, got) != 0)
		return a3xx_cur_error(c, c->p, "repetition %u of instruction %04u executes '%s', not "
		                               "'%s'",
		                      last->reps_seen, last->index, want, got);
	return 0;
}

/* The const restriction an (unchecked)-less instruction breaks: error at its operand. */
static int check_rules(struct a3xx_cur *c, const struct a3xx_parsed *p, const ip_word *w)
{
	const char *rule = a3xx_const_rule(w);
	size_t col;
	if (!rule || p->ins.f.unchecked)
		return 0;
	switch (p->ins.cat) {
	case 2: col = p->opnd_col[2]; break;
	case 3: col = p->opnd_col[2]; break;
	case 4: col = p->opnd_col[1]; break;
	default: col = p->mnemonic_col; break;
	}
	if (p->raw_form)
		col = p->mnemonic_col;
	return a3xx_cur_error(c, col, "%s; write (unchecked) before the instruction to encode it "
	                              "anyway",
	                      rule);
}

/* One instruction line (after any listing prefix): the word. */
static int assemble_line(struct a3xx_cur *c, struct a3xx_parsed *p, ip_word *w)
{
	const char *why;
	int which;
	if (a3xx_parse_instruction(c, p) != 0)
		return -1;
	if (p->raw_form) {
		*w = a3xx_defaults(p->ins.cat);
	} else if (a3xx_encode(&p->ins, w, &why, &which) != 0) {
		size_t col = which < 0 ? p->mnemonic_col : p->opnd_col[which];
		return a3xx_cur_error(c, col, "%s", why);
	}
	if (a3xx_apply_keys(c, p, w) != 0)
		return -1;
	if ((w->w[0] >> 61) != p->ins.cat)
		return a3xx_cur_error(c, p->mnemonic_col, "a key changed the category: write catN for "
		                                          "another category");
	return check_rules(c, p, w);
}

int a3xx_assemble(const char *src, struct ip_program *out, struct ip_diag *d)
{
	struct a3xx_parsed *p = malloc(sizeof *p);
	struct last last = {0};
	unsigned lineno = 0;
	int rc = -1;

	ip_program_init(out, &a3xx_isa);
	if (!p) {
		ip_diag_plain(d, "out of memory");
		goto out;
	}
	while (*src) {
		struct a3xx_cur c = {src, 0, 0, ++lineno, d};
		struct listing l;
		ip_word w;
		size_t n = 0, code = (size_t)-1;

		/* one pass: the line's end, its comment, and bytes that are not text */
		for (; src[n] && src[n] != '\n'; n++) {
			unsigned char ch = (unsigned char)src[n];
			if ((ch < 0x20 && ch != '\t' && ch != '\r') || ch >= 0x7f) {
				ip_diag_at(d, lineno, (unsigned)n + 1, "unexpected byte 0x%02x", ch);
				goto out;
			}
			if (code == (size_t)-1 && (ch == ';' || (ch == '/' && src[n + 1] == '/')))
				code = n;
		}
		c.len = code == (size_t)-1 ? n : code;
		src += n + (src[n] == '\n');
		if (parse_listing(&c, &l) != 0)
			goto out;
		a3xx_cur_skip_ws(&c);
		if (c.p >= c.len) {
			if (l.present) {
				a3xx_cur_error(&c, c.p, "a listing line without an instruction");
				goto out;
			}
			continue;
		}
		if (l.expansion) {
			if (check_expansion(&c, &l, &last) != 0)
				goto out;
			continue;
		}
		if (last.valid && last.reps_seen && last.reps_seen < last_rpt(&last)) {
			a3xx_cur_error(&c, c.p, "instruction %04u repeats %u times: the listing shows only %u "
			                        "of its repetitions",
			               last.index, last_rpt(&last), last.reps_seen);
			goto out;
		}
		if (assemble_line(&c, p, &w) != 0)
			goto out;
		if (l.present && l.index != out->nbundles) {
			ip_diag_at(d, lineno, (unsigned)l.index_col + 1,
			           "listing index %04u, but this is instruction %04zu", l.index,
			           out->nbundles);
			goto out;
		}
		if (l.present && l.words.w[0] != w.w[0]) {
			ip_diag_at(d, lineno, (unsigned)l.bracket_col + 2,
			           "the listing says %08xx_%08xx but the text assembles to %08xx_%08xx",
			           (unsigned)(l.words.w[0] >> 32), (unsigned)l.words.w[0],
			           (unsigned)(w.w[0] >> 32), (unsigned)w.w[0]);
			goto out;
		}
		if (out->nbundles == A3XX_MAX_INSTRUCTIONS) {
			ip_diag_at(d, lineno, 1, "more than %u instructions", A3XX_MAX_INSTRUCTIONS);
			goto out;
		}
		if (a3xx_program_append(out, &w) != 0) {
			ip_diag_plain(d, "out of memory");
			goto out;
		}
		last.valid = 1;
		last.decoded = 0;
		last.index = (unsigned)out->nbundles - 1;
		last.reps_seen = 0;
		last.w = w;
	}
	if (out->nbundles == 0) {
		ip_diag_at(d, lineno ? lineno : 1, 1, "no instructions");
		goto out;
	}
	if (last.reps_seen && last.reps_seen < last_rpt(&last)) {
		ip_diag_at(d, lineno, 1, "instruction %04u repeats %u times: the listing ends after %u "
		                         "of its repetitions",
		           last.index, last_rpt(&last), last.reps_seen);
		goto out;
	}
	rc = 0;
out:
	free(p);
	if (rc != 0)
		ip_program_free(out);
	return rc;
}
