/* fuzz_main.c: isaprobe-fuzz, the driver of the parser fuzz targets: AFL++'s persistent loop
 * when built with afl-cc (the fuzz preset), else a replayer of files, seeds and regressions. */
#include <dirent.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "targets.h"

static void usage(FILE *out)
{
	fputs("usage: isaprobe-fuzz --list\n"
	      "       isaprobe-fuzz --seeds TARGET SRCDIR OUTDIR\n"
	      "       isaprobe-fuzz TARGET [FILE...]\n"
	      "       isaprobe-fuzz --replay SRCDIR [TARGET...]\n"
	      "\n"
	      "The parser fuzz targets of isaprobe (docs/fuzzing.md). TARGET runs AFL++'s test\n"
	      "cases (built with afl-cc, under afl-fuzz), else each FILE or standard input.\n"
	      "--seeds writes TARGET's seed corpus (from SRCDIR's probes and codecs) into OUTDIR.\n"
	      "--replay runs every target (or those named) on its seeds, on\n"
	      "SRCDIR/tests/fuzz/regress/TARGET/* and on SRCDIR/tests/fuzz/corpus/TARGET/* (the long runs'\n"
	      "inputs): a broken invariant or a crash aborts.\n",
	      out);
}

static uint8_t *read_all(FILE *f, size_t *n)
{
	size_t cap = 65536;
	uint8_t *buf = malloc(cap);
	*n = 0;
	while (buf) {
		size_t got = fread(buf + *n, 1, cap - *n, f);
		*n += got;
		if (*n < cap)
			break;
		cap *= 2;
		{
			uint8_t *g = realloc(buf, cap);
			if (!g)
				free(buf);
			buf = g;
		}
	}
	return buf;
}

static int run_file(const struct fuzz_target *t, const char *path)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	uint8_t *data;
	size_t n;
	if (!f) {
		fprintf(stderr, "isaprobe-fuzz: cannot read %s\n", path);
		return -1;
	}
	data = read_all(f, &n);
	if (f != stdin)
		fclose(f);
	if (!data) {
		fprintf(stderr, "isaprobe-fuzz: out of memory reading %s\n", path);
		return -1;
	}
	t->run(t, data, n);
	free(data);
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs t on every regular file of dir (sorted); the count, or -1. */
static long run_dir(const struct fuzz_target *t, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0;
	long done = 0;
	if (!d)
		return 0;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			char **g = realloc(names, (cap ? 2 * cap : 64) * sizeof *g);
			if (!g)
				break;
			names = g;
			cap = cap ? 2 * cap : 64;
		}
		names[n++] = strdup(e->d_name);
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof *names, cmp_str);
	for (size_t i = 0; i < n; i++) {
		char path[4096];
		struct stat st;
		fuzz_format(path, sizeof path, "%s/%s", dir, names[i]);
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
			if (run_file(t, path) != 0)
				done = -1;
			else if (done >= 0)
				done++;
		}
		free(names[i]);
	}
	free(names);
	return done;
}

static int seeds(const struct fuzz_target *t, const char *src, const char *out)
{
	struct fuzz_seed_ctx c = {src, out, 0};
	mkdir(out, 0777);
	if (t->seed(t, &c) != 0)
		return -1;
	fprintf(stderr, "isaprobe-fuzz %s: %u seeds in %s\n", t->name, c.count, out);
	return 0;
}

/* Removes the files of a flat folder, then the folder. */
static void remove_flat(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	while (d && (e = readdir(d))) {
		char path[4096];
		if (e->d_name[0] == '.')
			continue;
		fuzz_format(path, sizeof path, "%s/%s", dir, e->d_name);
		unlink(path);
	}
	if (d)
		closedir(d);
	rmdir(dir);
}

static int replay(const char *src, char **names, int nnames)
{
	size_t n;
	const struct fuzz_target *all = fuzz_targets(&n);
	const char *tmp = getenv("TMPDIR");
	int rc = 0;
	for (size_t i = 0; i < n; i++) {
		const struct fuzz_target *t = &all[i];
		char dir[4096], regress[4096];
		long a, b, kept;
		int wanted = nnames == 0;
		for (int k = 0; k < nnames; k++)
			wanted |= strcmp(names[k], t->name) == 0;
		if (!wanted)
			continue;
		fuzz_format(dir, sizeof dir, "%s/isaprobe-fuzz-seeds-XXXXXX", tmp && *tmp ? tmp : "/tmp");
		if (!mkdtemp(dir) || seeds(t, src, dir) != 0) {
			fprintf(stderr, "isaprobe-fuzz: %s: no seeds\n", t->name);
			rc = 1;
			continue;
		}
		a = run_dir(t, dir);
		remove_flat(dir);
		fuzz_format(regress, sizeof regress, "%s/tests/fuzz/regress/%s", src, t->name);
		b = run_dir(t, regress);
		fuzz_format(regress, sizeof regress, "%s/tests/fuzz/corpus/%s", src, t->name);
		kept = run_dir(t, regress);
		if (a < 0 || b < 0 || kept < 0)
			rc = 1;
		fprintf(stderr, "isaprobe-fuzz %s: %ld seeds, %ld regression and %ld corpus inputs "
		                "ran\n", t->name, a, b, kept);
	}
	return rc;
}

#ifdef __AFL_COMPILER
__AFL_FUZZ_INIT();
#endif

int main(int argc, char **argv)
{
	const struct fuzz_target *t;
	int null = open("/dev/null", O_WRONLY);
	/* SQLite as the db targets want it, set before its first use: no mutexes (this process
	 * never shares a connection between threads) and no memory statistics, which took an
	 * eighth of a db input's instructions (valgrind) and more under ASan */
	sqlite3_config(SQLITE_CONFIG_MULTITHREAD);
	sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
	/* targets may print (query does): nothing of it matters */
	if (null < 0 || dup2(null, 1) < 0)
		return 1;
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		usage(stderr);
		return 0;
	}
	if (strcmp(argv[1], "--list") == 0) {
		size_t n;
		const struct fuzz_target *all = fuzz_targets(&n);
		for (size_t i = 0; i < n; i++)
			fprintf(stderr, "%-18s %s\n", all[i].name, all[i].what);
		return 0;
	}
	if (strcmp(argv[1], "--seeds") == 0) {
		if (argc != 5 || !(t = fuzz_target_find(argv[2]))) {
			usage(stderr);
			return 2;
		}
		return seeds(t, argv[3], argv[4]) ? 1 : 0;
	}
	if (strcmp(argv[1], "--replay") == 0) {
		if (argc < 3) {
			usage(stderr);
			return 2;
		}
		return replay(argv[2], argv + 3, argc - 3);
	}
	t = fuzz_target_find(argv[1]);
	if (!t) {
		fprintf(stderr, "isaprobe-fuzz: no target '%s' (--list)\n", argv[1]);
		return 2;
	}
	if (argc > 2) {
		for (int i = 2; i < argc; i++)
			if (run_file(t, argv[i]) != 0)
				return 1;
		return 0;
	}
#ifdef __AFL_COMPILER
	{
		unsigned char *buf;
		/* set-up that must not be redone per input (the db target's template) */
		t->run(t, (const uint8_t *)"", 0);
		__AFL_INIT();
		buf = __AFL_FUZZ_TESTCASE_BUF;
		while (__AFL_LOOP(10000)) {
			size_t len = __AFL_FUZZ_TESTCASE_LEN;
			t->run(t, buf, len);
		}
		return 0;
	}
#else
	return run_file(t, "-") ? 1 : 0;
#endif
}
