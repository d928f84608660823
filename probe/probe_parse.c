/* probe_parse.c: reads the probe text format (docs/probe-format.md) line by line into a
 * struct ip_probe; target and context lines are resolved in probe_resolve.c. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "isaprobe/probe.h"
#include "probe_internal.h"

static char *dup_n(const char *s, size_t n)
{
	char *r = malloc(n + 1);
	if (r) {
		memcpy(r, s, n);
		r[n] = '\0';
	}
	return r;
}

/* Splits one line into tokens; '#' at the start of a token starts a comment. */
static int tokenize(char *line, unsigned lineno, struct probe_line *out)
{
	char *p = line;
	out->ntok = 0;
	out->line = lineno;
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\r')
			p++;
		if (!*p || *p == '#')
			break;
		if (out->ntok == PROBE_MAX_TOKENS)
			return -1;
		out->tok[out->ntok] = p;
		out->col[out->ntok] = (unsigned)(p - line) + 1;
		out->ntok++;
		while (*p && *p != ' ' && *p != '\t' && *p != '\r')
			p++;
		if (*p)
			*p++ = '\0';
	}
	return 0;
}

int probe_number(const char *s, uint64_t *v)
{
	char *end;
	if (!*s || *s == '-' || *s == '+')
		return -1;
	errno = 0;
	*v = strtoull(s, &end, 0);
	return errno || *end ? -1 : 0;
}

/* A probe's default name: the file name without its folder and a ".probe" ending. */
static char *default_name(const char *path)
{
	const char *base = strrchr(path, '/');
	size_t n;
	base = base ? base + 1 : path;
	n = strlen(base);
	if (n > 6 && strcmp(base + n - 6, ".probe") == 0)
		n -= 6;
	return dup_n(base, n);
}

/* Program files are assembly text: anything larger is a mistake. */
#define PROGRAM_FILE_MAX ((off_t)16 << 20)

/* Reads a whole file into a NUL-terminated buffer; a `program file` (named inside a probe, not
 * by the user) must be a regular file of at most PROGRAM_FILE_MAX bytes. */
static char *read_text(const char *path, int program_file, struct ip_diag *d)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0;
	struct stat st;
	if (!f) {
		ip_diag_plain(d, "cannot read %s: %s", path, strerror(errno));
		return NULL;
	}
	/* a device or a FIFO (`program file /dev/zero`) would never end */
	if (program_file && (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode) ||
	                     st.st_size > PROGRAM_FILE_MAX)) {
		int regular = fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode);
		ip_diag_plain(d, "cannot read %s: %s", path,
		              regular ? "larger than 16 MiB" : "not a regular file");
		fclose(f);
		return NULL;
	}
	for (;;) {
		size_t got;
		if (n + 4096 + 1 > cap) {
			char *nb;
			cap = (n + 4096 + 1) * 2;
			nb = realloc(buf, cap);
			if (!nb) {
				free(buf);
				fclose(f);
				ip_diag_plain(d, "out of memory reading %s", path);
				return NULL;
			}
			buf = nb;
		}
		got = fread(buf + n, 1, 4096, f);
		n += got;
		if (got < 4096)
			break;
	}
	if (ferror(f)) {
		free(buf);
		fclose(f);
		ip_diag_plain(d, "cannot read %s: %s", path, strerror(errno));
		return NULL;
	}
	fclose(f);
	buf[n] = '\0';
	if (strlen(buf) != n) {
		ip_diag_offset(d, (long)strlen(buf), "NUL byte in a text file");
		free(buf);
		return NULL;
	}
	return buf;
}

/* Appends "s" to the growing text *t. */
static int text_append(char **t, const char *s)
{
	size_t a = *t ? strlen(*t) : 0, b = strlen(s);
	char *n = realloc(*t, a + b + 1);
	if (!n)
		return -1;
	memcpy(n + a, s, b + 1);
	*t = n;
	return 0;
}

/* Assembles the seed program; assembler errors are moved to the probe file's lines. */
static int assemble_seed(struct ip_probe *p, struct probe_state *st, const char *src,
                         unsigned first_line, const char *src_file, struct ip_diag *d)
{
	struct ip_diag ad;
	ip_diag_init(&ad, src_file);
	if (p->isa->assemble(src, &st->seed, &ad) != 0) {
		*d = ad;
		if (!src_file) {
			d->file = p->path;
			if (d->line)
				d->line += first_line;
		}
		if (!d->line && !src_file)
			d->line = first_line;
		return -1;
	}
	st->have_program = 1;
	return 0;
}

static int program_line(struct ip_probe *p, struct probe_state *st, struct probe_line *l,
                        char **lines, unsigned nlines, unsigned *i, struct ip_diag *d)
{
	if (!p->isa)
		return ip_diag_at(d, l->line, l->col[0], "`program` before `isa`: name the ISA first");
	if (st->have_program)
		return ip_diag_at(d, l->line, l->col[0], "a second `program`: a probe has one seed program");
	if (l->ntok == 3 && strcmp(l->tok[1], "file") == 0) {
		char *path, *src, *slash = strrchr(p->path, '/');
		int rc;
		if (l->tok[2][0] == '/' || !slash) {
			path = dup_n(l->tok[2], strlen(l->tok[2]));
		} else {
			size_t dl = (size_t)(slash - p->path) + 1;
			path = malloc(dl + strlen(l->tok[2]) + 1);
			if (path) {
				memcpy(path, p->path, dl);
				strcpy(path + dl, l->tok[2]);
			}
		}
		if (!path)
			return ip_diag_at(d, l->line, l->col[2], "out of memory");
		p->program_path = path; /* errors in the program name this file */
		src = read_text(path, 1, d);
		if (!src) {
			char why[sizeof d->msg];
			snprintf(why, sizeof why, "%s", d->msg);
			d->file = p->path;
			return ip_diag_at(d, l->line, l->col[2], "%s", why);
		}
		rc = text_append(&st->program_text, src);
		if (rc == 0)
			rc = assemble_seed(p, st, src, l->line, path, d);
		free(src);
		return rc;
	}
	if (l->ntok == 2 && strncmp(l->tok[1], "<<", 2) == 0 && l->tok[1][2]) {
		const char *tag = l->tok[1] + 2;
		unsigned first = *i + 1;
		char *src = NULL;
		int rc;
		for (*i = first; *i < nlines; (*i)++) {
			const char *s = lines[*i];
			size_t n;
			while (*s == ' ' || *s == '\t')
				s++;
			n = strlen(s);
			while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
				n--;
			if (n == strlen(tag) && strncmp(s, tag, n) == 0)
				break;
			if (text_append(&src, lines[*i]) || text_append(&src, "\n")) {
				free(src);
				return ip_diag_at(d, l->line, 1, "out of memory");
			}
		}
		if (*i == nlines) {
			free(src);
			return ip_diag_at(d, l->line, l->col[1], "`program %s` has no closing line `%s`",
			                  l->tok[1], tag);
		}
		rc = assemble_seed(p, st, src ? src : "", first, NULL, d);
		free(src);
		return rc;
	}
	return ip_diag_at(d, l->line, l->col[0],
	                  "expected `program <<END` (the program follows, up to a line `END`) or "
	                  "`program file PATH`");
}

static int one_number(struct probe_line *l, uint64_t max, uint64_t *v, struct ip_diag *d)
{
	if (l->ntok != 2)
		return ip_diag_at(d, l->line, l->col[0], "`%s` takes one number", l->tok[0]);
	if (probe_number(l->tok[1], v) || *v > max)
		return ip_diag_at(d, l->line, l->col[1], "`%s`: '%s' is not a number from 0 to %llu",
		                  l->tok[0], l->tok[1], (unsigned long long)max);
	return 0;
}

static int directive(struct ip_probe *p, struct probe_state *st, struct probe_line *l,
                     char **lines, unsigned nlines, unsigned *i, struct ip_diag *d)
{
	const char *k = l->tok[0];
	uint64_t v;
	if (strcmp(k, "isa") == 0) {
		if (l->ntok != 2)
			return ip_diag_at(d, l->line, l->col[0], "`isa` takes one name");
		if (p->isa)
			return ip_diag_at(d, l->line, l->col[0], "a second `isa` line");
		p->isa = ip_isa_find(l->tok[1]);
		if (!p->isa) {
			char known[256] = "";
			for (const struct ip_isa *const *a = ip_isa_all(); *a; a++) {
				if (known[0])
					strncat(known, ", ", sizeof known - strlen(known) - 1);
				strncat(known, (*a)->name, sizeof known - strlen(known) - 1);
			}
			return ip_diag_at(d, l->line, l->col[1], "unknown ISA '%s' (known: %s)", l->tok[1],
			                  known);
		}
		ip_program_init(&st->seed, p->isa);
		return 0;
	}
	if (strcmp(k, "gpu") == 0 || strcmp(k, "name") == 0) {
		char **dst = k[0] == 'g' ? &p->gpu : &p->name;
		if (l->ntok != 2)
			return ip_diag_at(d, l->line, l->col[0], "`%s` takes one word", k);
		if (*dst && (k[0] == 'g' || st->named))
			return ip_diag_at(d, l->line, l->col[0], "a second `%s` line", k);
		free(*dst);
		*dst = dup_n(l->tok[1], strlen(l->tok[1]));
		st->named |= k[0] == 'n';
		return *dst ? 0 : ip_diag_at(d, l->line, 1, "out of memory");
	}
	if (strcmp(k, "program") == 0)
		return program_line(p, st, l, lines, nlines, i, d);
	if (strcmp(k, "target") == 0)
		return probe_target_line(p, st, l, d);
	if (strcmp(k, "context") == 0)
		return probe_context_line(p, st, l, d);
	if (strcmp(k, "input") == 0 || strcmp(k, "observe") == 0 || strcmp(k, "record") == 0)
		return probe_buffer_line(p, l, d);
	if (strcmp(k, "invocations") == 0) {
		if (one_number(l, IP_JOB_MAX_INVOCATIONS, &v, d))
			return -1;
		p->limits.invocations = (uint32_t)v;
		return 0;
	}
	if (strcmp(k, "steps") == 0) {
		if (one_number(l, IP_JOB_MAX_BUDGET, &v, d))
			return -1;
		p->limits.budget = v;
		return 0;
	}
	if (strcmp(k, "uniform_regs") == 0) {
		if (one_number(l, 16, &v, d))
			return -1;
		p->uniform_regs = (int)v;
		return 0;
	}
	return ip_diag_at(d, l->line, l->col[0],
	                  "unknown directive '%s' (expected isa, gpu, name, program, target, "
	                  "context, input, observe, record, invocations, steps or uniform_regs)",
	                  k);
}

/* Splits text into NUL-terminated lines in place; returns the count or -1. */
static int split_lines(char *text, char ***out)
{
	unsigned n = 1, k = 0;
	char **lines;
	for (char *c = text; *c; c++)
		n += *c == '\n';
	lines = malloc(n * sizeof *lines);
	if (!lines)
		return -1;
	lines[k++] = text;
	for (char *c = text; *c; c++) {
		if (*c == '\n') {
			*c = '\0';
			lines[k++] = c + 1;
		}
	}
	*out = lines;
	return (int)k;
}

static int finish(struct ip_probe *p, struct probe_state *st, unsigned last_line,
                  struct ip_diag *d)
{
	if (!p->isa)
		return ip_diag_at(d, last_line, 1, "no `isa` line");
	if (!st->have_program)
		return ip_diag_at(d, last_line, 1, "no `program`: a probe needs a seed program");
	if (p->ntargets == 0)
		return ip_diag_at(d, last_line, 1, "no `target` line: which bits does the probe vary?");
	if (p->output_len == 0)
		return ip_diag_at(d, last_line, 1, "no `observe` line: which output buffers tell the "
		                                   "variants apart?");
	if (p->ncontexts == 0) {
		struct ip_probe_context *c = &p->contexts[0];
		c->label = dup_n("seed", 4);
		if (!c->label || ip_probe_copy_program(&c->prog, &st->seed))
			return ip_diag_plain(d, "out of memory");
		c->seed_value = ip_probe_extract(p, &c->prog);
		p->ncontexts = 1;
	}
	if (st->program_text) {
		if (text_append(&p->text, "\n# the program file, as read:\n") ||
		    text_append(&p->text, st->program_text))
			return ip_diag_plain(d, "out of memory");
	}
	return 0;
}

int ip_probe_parse(const char *text, const char *path, struct ip_probe *p, struct ip_diag *d)
{
	struct probe_state st;
	char *copy, **lines = NULL;
	int nlines, rc = 0;
	unsigned i;
	memset(p, 0, sizeof *p);
	memset(&st, 0, sizeof st);
	p->uniform_regs = -1;
	ip_diag_init(d, path);
	p->path = dup_n(path, strlen(path));
	p->name = default_name(path);
	p->text = dup_n(text, strlen(text));
	copy = dup_n(text, strlen(text));
	d->file = p->path;
	if (!p->path || !p->name || !p->text || !copy || (nlines = split_lines(copy, &lines)) < 0) {
		free(copy);
		return ip_diag_plain(d, "out of memory");
	}
	for (i = 0; i < (unsigned)nlines && rc == 0; i++) {
		struct probe_line l;
		if (tokenize(lines[i], i + 1, &l) != 0) {
			rc = ip_diag_at(d, i + 1, 1, "more than %d words on one line", PROBE_MAX_TOKENS);
			break;
		}
		if (l.ntok)
			rc = directive(p, &st, &l, lines, (unsigned)nlines, &i, d);
	}
	if (rc == 0) /* errors of the whole probe name its last line */
		rc = finish(p, &st, (unsigned)nlines - (nlines > 1 && !lines[nlines - 1][0]), d);
	if (!d->file)
		d->file = p->path;
	free(st.program_text);
	ip_program_free(&st.seed);
	free(lines);
	free(copy);
	return rc;
}

int ip_probe_load(const char *path, struct ip_probe *p, struct ip_diag *d)
{
	char *text;
	int rc;
	memset(p, 0, sizeof *p);
	ip_diag_init(d, path);
	text = read_text(path, 0, d);
	if (!text)
		return -1;
	rc = ip_probe_parse(text, path, p, d);
	free(text);
	return rc;
}

void ip_probe_free(struct ip_probe *p)
{
	for (unsigned i = 0; i < p->nbuffers; i++)
		free(p->buffers[i].data);
	for (unsigned i = 0; i < IP_BUF_ROLE_COUNT; i++)
		free(p->names[i]);
	for (unsigned i = 0; i < p->ncontexts; i++) {
		free(p->contexts[i].label);
		ip_program_free(&p->contexts[i].prog);
	}
	free(p->path);
	free(p->program_path);
	free(p->name);
	free(p->text);
	free(p->gpu);
	memset(p, 0, sizeof *p);
}

int probe_is_word(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_' && *s != '-' && *s != '.')
			return 0;
	return 1;
}
