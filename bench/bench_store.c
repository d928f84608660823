/* bench_store.c: how fast the store records runs (aggregated runs per second) and how big the
 * database grows per million variants, for the shapes campaigns produce. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "isaprobe/store.h"

#define OUTCOME_BYTES 64
#define VALUE_BITS 26

struct scenario {
	const char *name;
	const char *what;
	/* The value and outcome of run i of the campaign. */
	void (*run)(uint64_t i, uint64_t runs, uint32_t *value, uint32_t *outcome);
};

static uint64_t mix(uint64_t x)
{
	x += UINT64_C(0x9E3779B97F4A7C15);
	x = (x ^ (x >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	x = (x ^ (x >> 27)) * UINT64_C(0x94D049BB133111EB);
	return x ^ (x >> 31);
}

#define MASK ((UINT32_C(1) << VALUE_BITS) - 1)
#define OUTCOMES 1000

/* Each variant's outcome is a function of the variant: ~1,000 distinct ones. */
static uint32_t outcome_of(uint32_t value)
{
	return (uint32_t)(mix(value) % OUTCOMES);
}

static void sequential(uint64_t i, uint64_t runs, uint32_t *v, uint32_t *o)
{
	(void)runs;
	*v = (uint32_t)i & MASK;
	*o = outcome_of(*v);
}

static void random_values(uint64_t i, uint64_t runs, uint32_t *v, uint32_t *o)
{
	(void)runs;
	*v = (uint32_t)mix(i ^ UINT64_C(0x5EED)) & MASK;
	*o = outcome_of(*v);
}

/* A tenth as many variants, each run 10 times in 10 passes over them: every repeat after
 * the first pass adds to a stored row's count. */
static void repeated_passes(uint64_t i, uint64_t runs, uint32_t *v, uint32_t *o)
{
	uint64_t variants = runs / 10 ? runs / 10 : 1;
	*v = (uint32_t)(i % variants) & MASK;
	*o = outcome_of(*v);
}

/* Each variant run 10 times in a row (a strategy that repeats to catch flaky outcomes):
 * the batch sums the repeats in memory. One run in 50 gives a different outcome. */
static void repeated_in_batch(uint64_t i, uint64_t runs, uint32_t *v, uint32_t *o)
{
	(void)runs;
	*v = (uint32_t)(i / 10) & MASK;
	*o = mix(i) % 50 == 0 ? (outcome_of(*v) + 1) % OUTCOMES : outcome_of(*v);
}

/* The worst case: every variant gives a new outcome (an immediate field copied to the
 * output), so every run stores an outcome row too. */
static void distinct_outcomes(uint64_t i, uint64_t runs, uint32_t *v, uint32_t *o)
{
	(void)runs;
	*v = (uint32_t)i & MASK;
	*o = OUTCOMES + *v; /* made unique below */
}

static const struct scenario scenarios[] = {
	{"sequential", "26-bit values in order, each once, ~1000 outcomes", sequential},
	{"random", "random 26-bit values, ~1000 outcomes", random_values},
	{"passes", "1/10 as many variants, 10 passes (counts aggregate in the table)",
	 repeated_passes},
	{"in-batch", "each variant 10 times in a row (counts aggregate in memory)",
	 repeated_in_batch},
	{"distinct", "every variant a new outcome (worst case)", distinct_outcomes},
};

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* CPU seconds of this process (user + system): steadier than wall time on a shared machine. */
static double cpu_now(void)
{
	struct rusage u;
	getrusage(RUSAGE_SELF, &u);
	return (double)u.ru_utime.tv_sec + (double)u.ru_utime.tv_usec * 1e-6 +
	       (double)u.ru_stime.tv_sec + (double)u.ru_stime.tv_usec * 1e-6;
}

static int64_t query_int(struct ip_store *s, const char *sql)
{
	sqlite3_stmt *st;
	int64_t v = -1;
	if (sqlite3_prepare_v2(ip_store_sqlite(s), sql, -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

static void fail(const struct ip_diag *d)
{
	ip_diag_print(d, stderr);
	exit(1);
}

static int keep; /* --keep: leave the databases in DIR (e.g. to time `isaprobe db merge`) */

static void bench(const struct scenario *sc, const char *dir, uint64_t runs, size_t batch)
{
	char path[4096];
	struct ip_diag d;
	struct ip_store *s;
	struct ip_campaign_key key = {0, 0, sc->name, 1, 0, 0, 1};
	struct ip_run *rv = calloc(batch, sizeof *rv);
	uint8_t (*values)[4] = calloc(batch, sizeof *values);
	uint8_t (*outs)[OUTCOME_BYTES] = calloc(batch, sizeof *outs);
	double spent = 0, cpu = 0, t, c;
	int64_t campaign, rows, variants, outcomes, total;
	struct stat st;
	if (!rv || !values || !outs) {
		fprintf(stderr, "bench_store: out of memory\n");
		exit(1);
	}
	snprintf(path, sizeof path, "%s/bench-%s.db", dir, sc->name);
	unlink(path);
	ip_diag_init(&d, path);
	if (ip_store_open(path, IP_STORE_READ_WRITE_CREATE, &s, &d))
		fail(&d);
	key.device_id = ip_store_device(s, "sim", "bench", NULL, &d);
	key.probe_id = ip_store_probe(s, "bench", "midgard", "; bench probe\n", 0, &d);
	if (key.device_id < 0 || key.probe_id < 0)
		fail(&d);
	campaign = ip_store_campaign(s, &key, NULL, NULL, &d);
	if (campaign < 0)
		fail(&d);
	for (uint64_t done = 0; done < runs;) {
		size_t n = runs - done < batch ? (size_t)(runs - done) : batch;
		for (size_t k = 0; k < n; k++) {
			uint32_t v, o;
			sc->run(done + k, runs, &v, &o);
			for (unsigned b = 0; b < 4; b++)
				values[k][b] = (uint8_t)(v >> (8 * b));
			/* 64 bytes of output: the outcome number spread over the buffer. */
			for (unsigned b = 0; b < OUTCOME_BYTES; b += 8) {
				uint64_t w = mix(o * 8 + b);
				memcpy(&outs[k][b], &w, 8);
			}
			rv[k] = (struct ip_run){0, values[k], VALUE_BITS / 8 + 1,
			                        {o % 7 == 0 ? IP_STATUS_FAULT : IP_STATUS_OK, o % 7 == 0,
			                         outs[k], OUTCOME_BYTES}};
		}
		t = now();
		c = cpu_now();
		if (ip_store_record(s, campaign, rv, n, done + n, &d))
			fail(&d);
		spent += now() - t;
		cpu += cpu_now() - c;
		done += n;
	}
	if (ip_store_campaign_finish(s, campaign, &d))
		fail(&d);
	rows = query_int(s, "SELECT count(*) FROM run");
	variants = query_int(s, "SELECT count(*) FROM variant");
	outcomes = query_int(s, "SELECT count(*) FROM outcome");
	total = query_int(s, "SELECT sum(count) FROM run");
	ip_store_close(s); /* checkpoints the WAL into the file */
	if (stat(path, &st) != 0)
		st.st_size = 0;
	printf("%-10s %9llu %6zu %11.0f %11.0f %9lld %9lld %8lld %8.1f %10.1f%s\n", sc->name,
	       (unsigned long long)runs, batch, (double)runs / spent, (double)runs / cpu,
	       (long long)variants,
	       (long long)rows, (long long)outcomes, (double)st.st_size / 1048576.0,
	       (double)st.st_size / 1048576.0 / ((double)variants / 1e6),
	       total == (int64_t)runs ? "" : "  COUNT MISMATCH");
	fflush(stdout);
	if (!keep)
		unlink(path);
	free(rv);
	free(values);
	free(outs);
}

static void usage(FILE *f)
{
	fprintf(f, "usage: bench_store [--runs N] [--batch N] [--dir DIR] [--keep] [SCENARIO...]\n"
	           "Records a campaign per scenario in DIR (default /tmp) and prints runs/s and\n"
	           "the database size; --keep leaves DIR/bench-SCENARIO.db. Scenarios:\n");
	for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++)
		fprintf(f, "  %-10s %s\n", scenarios[i].name, scenarios[i].what);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {{"runs", required_argument, NULL, 'r'},
	                                     {"batch", required_argument, NULL, 'b'},
	                                     {"dir", required_argument, NULL, 'd'},
	                                     {"keep", no_argument, NULL, 'k'},
	                                     {"help", no_argument, NULL, 'h'},
	                                     {NULL, 0, NULL, 0}};
	uint64_t runs = 2000000;
	size_t batch = 10000;
	const char *dir = "/tmp";
	int c;
	while ((c = getopt_long(argc, argv, "r:b:d:kh", opts, NULL)) != -1) {
		switch (c) {
		case 'r': runs = strtoull(optarg, NULL, 0); break;
		case 'b': batch = (size_t)strtoull(optarg, NULL, 0); break;
		case 'd': dir = optarg; break;
		case 'k': keep = 1; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (!runs || !batch) {
		usage(stderr);
		return 2;
	}
	printf("SQLite %s; %d-bit values, %d-byte outcomes; runs/s: wall time in ip_store_record,\n"
	       "runs/cpu-s: its CPU time (steadier on a busy machine); size after checkpoint\n",
	       sqlite3_libversion(), VALUE_BITS, OUTCOME_BYTES);
	printf("%-10s %9s %6s %11s %11s %9s %9s %8s %8s %10s\n", "scenario", "runs", "batch",
	       "runs/s", "runs/cpu-s", "variants", "rows", "outcomes", "MiB", "MiB/Mvar");
	for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++) {
		int pick = optind == argc;
		for (int a = optind; a < argc; a++)
			pick |= strcmp(argv[a], scenarios[i].name) == 0;
		if (pick)
			bench(&scenarios[i], dir, runs, batch);
	}
	return 0;
}
