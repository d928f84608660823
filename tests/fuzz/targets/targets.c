/* targets.c: the list of parser fuzz targets, and the seed-corpus helpers they share. Adding a
 * parser is one line in `fixed` below (and its run and seed functions); ISAs come by themselves. */
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "isaprobe/isa.h"
#include "targets.h"

static const struct fuzz_target fixed[] = {
	{"probe", "probe files (probe/probe_*.c), assembly of their programs included",
	 fuzz_run_probe, fuzz_seed_probe, NULL, ""},
	{"agent", "the agent protocol as `isaprobe agent` decodes a caller (runners/remote/agent.c)",
	 fuzz_run_agent, fuzz_seed_agent, NULL, ""},
	{"caller", "the agent protocol as the remote runner decodes an agent (runners/remote/)",
	 fuzz_run_caller, fuzz_seed_caller, NULL, ""},
	{"db", "a damaged findings database under infer, report and query (infer/, reports/, db/)",
	 fuzz_run_db, fuzz_seed_db, NULL, ""},
	{"db-merge", "a damaged findings database read-only under report, and under db merge "
	 "(db/merge.c)", fuzz_run_db_merge, fuzz_seed_db_merge, NULL, ""},
};

static struct fuzz_target *all;
static size_t nall;

/* The target PREFIX-ISA of one ISA. */
static void isa_target(const char *prefix, const struct ip_isa *isa, const char *what,
                       void (*run)(const struct fuzz_target *, const uint8_t *, size_t),
                       int (*seed)(const struct fuzz_target *, struct fuzz_seed_ctx *))
{
	struct fuzz_target *t = &all[nall++];
	fuzz_format(t->name_buf, sizeof t->name_buf, "%s-%s", prefix, isa->name);
	t->name = t->name_buf;
	t->what = what;
	t->run = run;
	t->seed = seed;
	t->arg = isa;
}

const struct fuzz_target *fuzz_targets(size_t *n)
{
	if (!all) {
		const struct ip_isa *const *isas = ip_isa_all();
		size_t nisa = 0;
		while (isas[nisa])
			nisa++;
		all = calloc(sizeof fixed / sizeof fixed[0] + 3 * nisa, sizeof *all);
		if (!all) {
			fputs("isaprobe-fuzz: out of memory\n", stderr);
			exit(1);
		}
		for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
			all[nall++] = fixed[i];
		for (size_t i = 0; i < nisa; i++) {
			isa_target("asm", isas[i], "an ISA's assembler; what assembles must disassemble "
			           "and assemble to the same bits", fuzz_run_asm, fuzz_seed_asm);
			isa_target("disasm", isas[i], "an ISA's unpacker and disassembler; what unpacks "
			           "must pack and assemble back to the same bytes", fuzz_run_disasm,
			           fuzz_seed_disasm);
		}
		for (size_t i = 0; i < nisa; i++)
			if (fuzz_sim_runs(isas[i]))
				isa_target("sim", isas[i], "an ISA's binary run on the sim runner (ctm_cb: "
				           "on ctm's), twice: the same result", fuzz_run_sim, fuzz_seed_sim);
	}
	*n = nall;
	return all;
}

const struct fuzz_target *fuzz_target_find(const char *name)
{
	size_t n;
	const struct fuzz_target *t = fuzz_targets(&n);
	for (size_t i = 0; i < n; i++)
		if (strcmp(t[i].name, name) == 0)
			return &t[i];
	return NULL;
}

void fuzz_fail(const struct fuzz_target *t, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "isaprobe-fuzz %s: ", t->name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

void fuzz_format(char *out, size_t cap, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(out, cap, fmt, ap);
	va_end(ap);
}

int fuzz_seed_write(struct fuzz_seed_ctx *c, const char *hint, const void *data, size_t len)
{
	char path[4096], clean[64];
	FILE *f;
	size_t n = 0;
	for (const char *h = hint; *h && n + 1 < sizeof clean; h++)
		clean[n++] = (*h >= 'a' && *h <= 'z') || (*h >= 'A' && *h <= 'Z') ||
		                     (*h >= '0' && *h <= '9') || *h == '-' || *h == '.'
		                 ? *h
		                 : '_';
	clean[n] = '\0';
	fuzz_format(path, sizeof path, "%s/%03u-%s", c->out, c->count, clean);
	f = fopen(path, "wb");
	if (!f || (len && fwrite(data, 1, len, f) != len) || fclose(f) != 0) {
		fprintf(stderr, "isaprobe-fuzz: cannot write %s\n", path);
		if (f)
			fclose(f);
		return -1;
	}
	c->count++;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Collects *.probe paths under dir (recursively) into *list. */
static void collect(const char *dir, char ***list, size_t *n, size_t *cap)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	if (!d)
		return;
	while ((e = readdir(d))) {
		char path[4096];
		struct stat st;
		size_t len = strlen(e->d_name);
		if (e->d_name[0] == '.')
			continue;
		fuzz_format(path, sizeof path, "%s/%s", dir, e->d_name);
		if (stat(path, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode)) {
			collect(path, list, n, cap);
		} else if (len > 6 && strcmp(e->d_name + len - 6, ".probe") == 0) {
			if (*n == *cap) {
				char **g = realloc(*list, (*cap ? 2 * *cap : 64) * sizeof *g);
				if (!g)
					continue;
				*list = g;
				*cap = *cap ? 2 * *cap : 64;
			}
			(*list)[(*n)++] = strdup(path);
		}
	}
	closedir(d);
}

/* A whole file, NUL-terminated; NULL if unreadable. */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;
	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (buf = malloc((size_t)n + 1)) != NULL) {
		if (fread(buf, 1, (size_t)n, f) != (size_t)n) {
			free(buf);
			buf = NULL;
		} else {
			buf[n] = '\0';
		}
	}
	fclose(f);
	return buf;
}

int fuzz_seed_probes(struct fuzz_seed_ctx *c,
                     int (*fn)(struct fuzz_seed_ctx *c, const char *path, const char *text,
                               const void *arg),
                     const void *arg)
{
	char **list = NULL, dir[4096];
	size_t n = 0, cap = 0;
	int rc = 0;
	fuzz_format(dir, sizeof dir, "%s/probes", c->src);
	collect(dir, &list, &n, &cap);
	fuzz_format(dir, sizeof dir, "%s/bench", c->src);
	collect(dir, &list, &n, &cap);
	if (n)
		qsort(list, n, sizeof *list, cmp_str);
	for (size_t i = 0; i < n; i++) {
		char *text = list[i] ? slurp(list[i]) : NULL;
		if (text && rc == 0)
			rc = fn(c, list[i], text, arg);
		free(text);
		free(list[i]);
	}
	free(list);
	if (n == 0) {
		fprintf(stderr, "isaprobe-fuzz: no probes under %s/probes\n", c->src);
		return -1;
	}
	return rc;
}
