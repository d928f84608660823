/* report_words.c: how a finding reads in a report, in the style of the ISA notes ("33-34:
 * component (.x-.w) of the register chosen by 35-37"): value tables as compact ranges, values
 * the runner could not say as "not determined", no formulas over buffers where words do. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_internal.h"

static const struct {
	const char *kind, *title;
} kind_titles[] = {
	{"ignored", "ignored"},
	{"reserved", "reserved (must be the seed's value)"},
	{"register", "register select"},
	{"component", "component select"},
	{"offset", "offset"},
	{"imm_signed", "signed immediate"},
	{"imm_unsigned", "unsigned immediate"},
	{"shift", "shift"},
	{"modifier", "modifier"},
	{"mask", "write mask"},
	{"enum", "enum / opcode"},
	{"distinct", "distinct behaviours"},
	{"unmodeled", "not determined"},
	{"model_differs", "differs by GPU model"},
	{"unknown", "not probed"},
};

const char *rp_kind_title(const char *kind)
{
	for (size_t i = 0; i < sizeof kind_titles / sizeof kind_titles[0]; i++)
		if (!strcmp(kind, kind_titles[i].kind))
			return kind_titles[i].title;
	return kind;
}

int rp_without_evidence(const char *kind)
{
	return !strcmp(kind, "unmodeled") || !strcmp(kind, "unknown");
}


#define MAX_PAIRS 64

struct pair {
	unsigned long long key; /* the key as a number, when it is one */
	int numeric;
	const char *k, *v; /* the key's and the value's text */
	int klen, len;
};

/* The pairs of a flat JSON object of strings ({"0":"fadd","1":"fmul"}; the inference writes
 * no escapes in these), at most MAX_PAIRS; *more when there were more. */
static size_t read_pairs(const char *json, struct pair *out, int *more)
{
	size_t n = 0;
	const char *p = json;
	*more = 0;
	while (p && *p) {
		const char *k = strchr(p, '"'), *ke, *v, *ve;
		if (!k || !(ke = strchr(k + 1, '"')) || !(v = strchr(ke + 1, '"')) ||
		    !(ve = strchr(v + 1, '"')))
			break;
		if (n == MAX_PAIRS) {
			*more = 1;
			break;
		}
		char *end;
		out[n].key = strtoull(k + 1, &end, 10);
		out[n].numeric = end > k + 1 && end == ke;
		out[n].k = k + 1;
		out[n].klen = (int)(ke - k - 1);
		out[n].v = v + 1;
		out[n].len = (int)(ve - v - 1);
		n++;
		p = ve + 1;
	}
	return n;
}

/* "mov attributes[4]" (a move of one buffer word) reads "attributes word 4", "keeps
 * attributes[4]" "keeps attributes word 4". */
static void put_name(struct strbuf *b, const char *v, int len)
{
	const char *br = memchr(v, '[', (size_t)len);
	int skip = len > 4 && !strncmp(v, "mov ", 4) ? 4 : 0;
	const char *keep = len > 6 && !strncmp(v, "keeps ", 6) ? "keeps " : "";
	skip = keep[0] ? 6 : skip;
	if (skip && br && br > v + skip && v[len - 1] == ']' &&
	    !memchr(v + skip, ' ', (size_t)(br - v - skip)))
		sb_printf(b, "%s%.*s word %.*s", keep, (int)(br - v - skip), v + skip,
		          (int)(v + len - br - 2), br + 1);
	else
		sb_printf(b, "%.*s", len, v);
}

/* Whether name b follows name a in a run: the same text up to a number one higher (r3, r4)
 * or a component one later (r27.x, r27.y); not a half (b.h0, b.h1). */
static int follows(const struct pair *a, const struct pair *b)
{
	int i = 0;
	if (!a->numeric || !b->numeric || b->key != a->key + 1)
		return 0;
	if (a->len == b->len && a->len >= 2 && !strncmp(a->v, b->v, (size_t)a->len - 1) &&
	    a->v[a->len - 2] == '.') {
		static const char comps[] = "xyzw";
		const char *c = strchr(comps, a->v[a->len - 1]);
		return c && *c && c[1] == b->v[b->len - 1];
	}
	while (i < a->len && i < b->len && a->v[i] == b->v[i] && !(a->v[i] >= '0' && a->v[i] <= '9'))
		i++;
	if (i >= a->len || i >= b->len || a->v[i] < '0' || a->v[i] > '9' || i == 0)
		return 0;
	if (i >= 2 && a->v[i - 2] == '.' && a->v[i - 1] == 'h')
		return 0; /* lane selects (fma b.h0, fma b.h1) are two things, not a run */
	char *ea, *eb;
	unsigned long na = strtoul(a->v + i, &ea, 10), nb = strtoul(b->v + i, &eb, 10);
	return nb == na + 1 && ea == a->v + a->len && eb == b->v + b->len;
}

/* Whether a and b name the same thing. */
static int same(const struct pair *a, const struct pair *b)
{
	return a->numeric && b->numeric && b->key == a->key + 1 && a->len == b->len &&
	       !strncmp(a->v, b->v, (size_t)a->len);
}

/* A value table, {"0":"r0",...,"7":"r7","9":"zero"}, as compact ranges: "0-7: r0-r7, 9: zero";
 * runs of one name as "1-2: unidentified". Values named "unmodeled" are left out (the finding's
 * "not determined" says them). At most 16 items, then "...". */
void rp_value_table(struct strbuf *b, const char *json, const char *between)
{
	struct pair v[MAX_PAIRS];
	int more;
	size_t n = read_pairs(json, v, &more), items = 0, kept = 0;
	for (size_t i = 0; i < n; i++)
		if (!(v[i].len == 9 && !strncmp(v[i].v, "unmodeled", 9)))
			v[kept++] = v[i];
	n = kept;
	for (size_t i = 0; i < n;) {
		size_t j = i;
		if (items == 16) {
			more = 1;
			break;
		}
		while (j + 1 < n && follows(&v[j], &v[j + 1]))
			j++;
		if (j == i)
			while (j + 1 < n && same(&v[j], &v[j + 1]))
				j++;
		sb_puts(b, items++ ? between : "");
		if (j == i) {
			sb_printf(b, "%.*s: ", v[i].klen, v[i].k);
			put_name(b, v[i].v, v[i].len);
		} else if (same(&v[i], &v[i + 1])) {
			sb_printf(b, "%llu-%llu: ", v[i].key, v[j].key);
			put_name(b, v[i].v, v[i].len);
		} else
			sb_printf(b, "%llu-%llu: %.*s-%.*s", v[i].key, v[j].key, v[i].len, v[i].v, v[j].len,
			          v[j].v);
		i = j + 1;
	}
	if (more)
		sb_printf(b, "%s...", between);
}

/* [1,2,3,5,6,7,9] -> "1-3, 5-7, 9": a JSON array of ascending numbers, runs of three or more
 * as ranges, at most `max` items; returns how many numbers the array holds. */
static unsigned number_list(struct strbuf *b, const char *json, unsigned max)
{
	const char *p = json;
	unsigned items = 0, count = 0, cut = 0;
	long long lo = -1, hi = -1;
	for (;;) {
		char *end;
		long long v;
		while (*p == '[' || *p == ',' || *p == ' ')
			p++;
		v = strtoll(p, &end, 10);
		if (end != p)
			count++;
		if (end != p && lo >= 0 && v == hi + 1) {
			hi = v;
			p = end;
			continue;
		}
		if (lo >= 0 && !cut) { /* flush the run lo..hi */
			if (items >= max) {
				sb_puts(b, ", ...");
				cut = 1;
			} else if (hi - lo >= 2)
				sb_printf(b, "%s%lld-%lld", items++ ? ", " : "", lo, hi);
			else
				for (long long x = lo; x <= hi; x++)
					sb_printf(b, "%s%lld", items++ ? ", " : "", x);
		}
		if (end == p)
			return count;
		lo = hi = v;
		p = end;
	}
}

/* The values of a field the runner could not say. A field none of whose values (but the
 * seed's) the runner could say reads "not determined: the simulator does not model these values
 * (46 of 512 tried; ...)"; one with some said reads "; 2-5 not determined: ...". Columns 31-35:
 * unmodeled, runner, seed_value, not_run, more; 2, 3 the bits, 43 values_seen. */
static void unmodeled_text(struct strbuf *b, const struct ip_finding_row *r, int whole)
{
	const char *list = r->unmodeled;
	int sim = !strcmp(r->runner, "sim");
	unsigned width = (unsigned)((int)r->hi - (int)r->lo + 1);
	if (whole) {
		sb_printf(b, "%s %s ", sim ? "the simulator does not model" : "the runner could not say what",
		          strchr(list, ',') ? "values" : "value");
		number_list(b, list, 12);
		if (r->unmodeled_more)
			sb_puts(b, ", ...");
		sb_puts(b, sim ? " (" : strchr(list, ',') ? " do (" : " does (");
		if (r->has_values_seen)
			sb_printf(b, "%d of ", (int)r->values_seen);
		if (width < 63)
			sb_printf(b, "%llu ", 1ull << width);
		sb_puts(b, "tried");
		if (r->seed_value[0]) /* nothing but the seed ran */
			sb_printf(b, "; only the seed's value %s ran", r->seed_value);
		sb_puts(b, ")");
	} else {
		struct strbuf vals;
		sb_init(&vals);
		unsigned n = number_list(&vals, list, 12);
		sb_printf(b, "%s%s not determined: %s", b->len ? "; " : "", vals.s ? vals.s : "",
		          sim ? (n == 1 ? "the simulator does not model it" :
		                          "the simulator does not model them")
		              : "the runner could not say");
		sb_free(&vals);
	}
	if (r->not_run[0]) {
		sb_puts(b, "; not run: ");
		number_list(b, r->not_run, 12);
	}
	if (sim)
		sb_puts(b, "; run on hardware");
}

/* "(.x-.w)": the components a component select's names cover (their last letters). */
static void component_span(struct strbuf *b, const char *names)
{
	struct pair v[MAX_PAIRS];
	int more;
	size_t n = read_pairs(names, v, &more);
	const char *a = n ? memchr(v[0].v, '.', (size_t)v[0].len) : NULL;
	const char *z = n ? memchr(v[n - 1].v, '.', (size_t)v[n - 1].len) : NULL;
	if (!a || !z)
		return;
	sb_printf(b, " (%.*s-%.*s)", (int)(v[0].v + v[0].len - a), a,
	          (int)(v[n - 1].v + v[n - 1].len - z), z);
}

/* "264 + 260*v" -> base 264, step "260", op "*"; "0 + 1/4<<v" -> 0, "1/4", "<<" (0 when the
 * index is not of that form). */
static int affine(const char *index, long long *base, char *step, size_t cap, const char **op)
{
	char *end;
	const char *e;
	*base = strtoll(index, &end, 10);
	if (end == index || strncmp(end, " + ", 3))
		return 0;
	end += 3;
	if ((e = strstr(end, "<<v")) && !e[3])
		*op = "<<";
	else if ((e = strstr(end, "*v")) && !e[2])
		*op = "*";
	else
		return 0;
	snprintf(step, cap, "%.*s", (int)(e - end), end);
	return 1;
}

/* An indirect select: the register (or its component) holding the index of a buffer. Columns
 * 22 via, 23 of, 25 record, 42 per_unit, 44 the register select's bits. */
static void indirect(struct strbuf *b, const char *kind, const struct ip_finding_row *r,
                     int written)
{
	const char *of = r->of, *step = r->per_unit;
	if (!strcmp(kind, "component")) {
		sb_puts(b, "component");
		component_span(b, r->names);
		if (r->register_bits[0])
			sb_printf(b, " of the register chosen by %s,", r->register_bits);
		else
			sb_puts(b, " of the register");
		sb_printf(b, " holding the index of the %s %s", of, written ? "written" : "read");
	} else
		sb_printf(b, "%s holding the index of the %s %s",
		          !strcmp(kind, "register") ? "register" : kind, of, written ? "written" : "read");
	if (step[0])
		sb_printf(b, " (%s word%s a step)", step, strcmp(step, "1") ? "s" : "");
	if (r->reads_zero[0] && !r->names[0])
		sb_printf(b, "; %s reads 0", r->reads_zero);
	if (r->other_readings[0])
		sb_printf(b, "; %s other readings fit too", r->other_readings);
}

/* A direct select, offset or shift of an input buffer (12 input, 13 index, 14 output, 19
 * signed, 41 negated). */
static void direct(struct strbuf *b, const char *kind, const struct ip_finding_row *r,
                   int written)
{
	const char *in = r->input, *out = r->output;
	long long base;
	char step[32];
	const char *op;
	int neg = r->negated, sgn = r->is_signed;
	if (written)
		sb_printf(b, "the %s word written", in);
	else
		sb_printf(b, "%s reads %s%s", out, neg ? "the negated " : "", in);
	if (!affine(r->index, &base, step, sizeof step, &op)) {
		sb_printf(b, "[%s]", r->index);
		return;
	}
	const char *s = strcmp(step, "1") && strncmp(step, "1/", 2) ? "s" : ""; /* plural */
	if (!strcmp(op, "<<"))
		sb_printf(b, " at an index shifted left by v (%s word%s an index", step, s);
	else if (!strcmp(kind, "register") || !strcmp(kind, "component"))
		sb_printf(b, " %s v (%s word%s a step", !strcmp(kind, "register") ? "record" : "word",
		          step, s);
	else
		sb_printf(b, " at v (%s word%s a step%s", step, s, sgn ? ", v signed" : "");
	if (base)
		sb_printf(b, ", from word %lld", base);
	sb_puts(b, ")");
}

/* Columns 12.. of the finding query: input, index, output, direction, must_be, values, bits,
 * signed, scale, when, via, of, selects, record, reads_zero, other_readings, written,
 * summary, meanings, unmodeled, runner, seed_value, not_run, unmodeled_more; 36-38 bundle,
 * slot, cond; 39 names, 40 alike, 41 negated (a select read through a negate), 42 per_unit,
 * 43 values_seen, 44 the register select an indirect component select's register is chosen by. */
char *rp_describe(const char *kind, const struct ip_finding_row *r)
{
	struct strbuf b;
	sb_init(&b);
	int written = r->written;
	int whole_unmodeled = !strcmp(kind, "unmodeled") && r->unmodeled[0];
	if (!strcmp(r->index, "indirect"))
		indirect(&b, kind, r, written);
	else if (!strcmp(r->index, "table")) {
		sb_printf(&b, "%s follows the %sinput v picks: ", r->output,
		          r->negated ? "negated " : "");
		rp_value_table(&b, r->values, ", ");
	} else if (r->input[0] && (!strcmp(kind, "register") || !strcmp(kind, "component") ||
	                              !strcmp(kind, "offset") || !strcmp(kind, "shift")))
		direct(&b, kind, r, written);
	else if (!strncmp(kind, "imm_", 4))
		sb_printf(&b, "%s changes by %s a step of v", r->output, r->scale);
	else if (!strcmp(kind, "shift"))
		sb_printf(&b, "shifts %s %s by v", r->output, r->direction);
	else if (!strcmp(kind, "modifier") || !strcmp(kind, "enum") || !strcmp(kind, "distinct")) {
		rp_value_table(&b, r->values, ", ");
		if (r->meanings[0]) { /* what the float modes named there do */
			sb_puts(&b, " [");
			rp_value_table(&b, r->meanings, "; ");
			sb_puts(&b, "]");
		}
		if (r->alike[0]) { /* other operations the same runs fit as well */
			sb_puts(&b, "; also fits ");
			rp_value_table(&b, r->alike, "; ");
		}
	} else if (!strcmp(kind, "mask"))
		rp_value_table(&b, r->bits, ", ");
	else if (!strcmp(kind, "reserved"))
		sb_printf(&b, "must be %s: other values fault", r->must_be);
	else if (!strcmp(kind, "ignored"))
		sb_puts(&b, "no effect seen");
	else if (!strcmp(kind, "unmodeled") && !r->unmodeled[0])
		sb_puts(&b, "the runner could not say what these bits do");
	else if (!strcmp(kind, "unknown"))
		sb_puts(&b, "no run varied these bits");
	else if (!strcmp(kind, "model_differs"))
		sb_puts(&b, r->summary);
	if (r->names[0]) { /* the registers a select reads, by the probe's names */
		sb_puts(&b, b.len ? "; " : "");
		rp_value_table(&b, r->names, ", ");
	}
	if (r->when[0])
		sb_printf(&b, "%swhen %s", b.len ? ", " : "", r->when);
	if (r->unmodeled[0]) {
		if (whole_unmodeled && b.len)
			sb_puts(&b, ": ");
		unmodeled_text(&b, r, whole_unmodeled);
	}
	return sb_take(&b);
}

void rp_word_text(uint32_t w, char *buf, size_t cap)
{
	union {
		uint32_t u;
		float f;
	} x = {w};
	unsigned e = w >> 23 & 0xff;
	if ((int32_t)w >= -65536 && (int32_t)w <= 65536)
		snprintf(buf, cap, "%d", (int)(int32_t)w);
	else if (e == 0xff)
		snprintf(buf, cap, w & 0x7fffff ? "NaN (0x%08x)" : w >> 31 ? "-inf" : "inf", w);
	else if (e >= 127 - 30 && e <= 127 + 40) /* 2^-30 to 2^41 */
		snprintf(buf, cap, "%.7g", (double)x.f);
	else
		snprintf(buf, cap, "%u", w);
}

/* "0x450c3d0c" as a word's reading; other text as it is. */
static void word(struct strbuf *b, const char *s, size_t n)
{
	char hex[16], text[48], *end;
	unsigned long v;
	if (n > 2 && n < sizeof hex && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		memcpy(hex, s, n);
		hex[n] = 0;
		v = strtoul(hex + 2, &end, 16);
		if (!*end && v <= 0xffffffffu) {
			rp_word_text((uint32_t)v, text, sizeof text);
			sb_puts(b, text);
			return;
		}
	}
	sb_printf(b, "%.*s", (int)n, s);
}

char *rp_examples(const char *rows)
{
	struct strbuf b;
	sb_init(&b);
	for (const char *r = rows; *r;) {
		const char *end = strchr(r, 30), *f[11];
		size_t n = 0, len[11];
		if (!end)
			end = r + strlen(r);
		for (const char *p = r; n < 11;) { /* value, status, then name, value, seed */
			const char *q = memchr(p, 31, (size_t)(end - p));
			f[n] = p;
			len[n++] = (size_t)((q ? q : end) - p);
			if (!q)
				break;
			p = q + 1;
		}
		sb_printf(&b, "%s%.*s: %.*s", b.len ? "; " : "", (int)len[0], f[0],
		          (int)(n > 1 ? len[1] : 0), n > 1 ? f[1] : "");
		for (size_t k = 2; k + 2 < n + 1 && k + 1 < n; k += 3) {
			sb_printf(&b, ", %.*s = ", (int)len[k], f[k]);
			word(&b, f[k + 1], len[k + 1]);
			if (k + 2 < n && len[k + 2]) {
				sb_puts(&b, " (seed ");
				word(&b, f[k + 2], len[k + 2]);
				sb_puts(&b, ")");
			}
		}
		r = *end ? end + 1 : end;
	}
	return sb_take(&b);
}
