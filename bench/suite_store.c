/* suite_store.c: how fast the store records runs (aggregated runs per second; issue 4: >=
 * 500,000) and how big the database grows per million variants, for the shapes campaigns make. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench.h"
#include "isaprobe/internal/store_io.h"
#include "isaprobe/store.h"

#define OUTCOME_BYTES 64
#define VALUE_BITS 26

#define TARGET 500000.0

struct scenario {
	const char *name;
	const char *what;
	int judged; /* has the target (the worst case is reported only) */
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
	{"sequential", "26-bit values in order, each once, ~1000 outcomes", 1, sequential},
	{"random", "random 26-bit values, ~1000 outcomes", 1, random_values},
	{"passes", "1/10 as many variants, 10 passes (counts add up in the table)", 1,
	 repeated_passes},
	{"in-batch", "each variant 10 times in a row (counts add up in memory)", 1,
	 repeated_in_batch},
	{"distinct", "every variant a new outcome (worst case, no target)", 0, distinct_outcomes},
};

/* Records one scenario's campaign of `runs` runs in batches of `batch` into a new database. */
static int bench(struct bench_run *br, const struct scenario *sc, uint64_t runs, size_t batch)
{
	char path[4096], name[64], note[160];
	struct ip_diag d;
	struct ip_store *s = NULL;
	struct ip_campaign_key key = {0, 0, sc->name, 1, 0, 0, 1};
	struct ip_run *rv = calloc(batch, sizeof *rv);
	uint8_t (*values)[4] = calloc(batch, sizeof *values);
	uint8_t (*outs)[OUTCOME_BYTES] = calloc(batch, sizeof *outs);
	struct bench_time spent = {0, 0, 0}, t;
	int64_t campaign, rows, variants, outcomes, total;
	struct ip_store_totals totals;
	struct stat st;
	int rc = -1;
	bench_db_path(br, sc->name, path, sizeof path);
	bench_db_remove(path);
	ip_diag_init(&d, path);
	if (!rv || !values || !outs) {
		ip_diag_plain(&d, "out of memory");
		goto fail;
	}
	if (ip_store_open(path, IP_STORE_READ_WRITE_CREATE, &s, &d))
		goto fail;
	key.device_id = ip_store_device(s, "sim", "bench", NULL, &d);
	key.probe_id = ip_store_probe(s, "bench", "midgard", "; bench probe\n", 0, &d);
	if (key.device_id < 0 || key.probe_id < 0)
		goto fail;
	campaign = ip_store_campaign(s, &key, NULL, NULL, &d);
	if (campaign < 0)
		goto fail;
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
		t = bench_now();
		if (ip_store_record(s, campaign, rv, n, done + n, &d))
			goto fail;
		bench_lap(&spent, t);
		done += n;
	}
	if (ip_store_campaign_finish(s, campaign, &d))
		goto fail;
	ip_store_totals(s, IP_TOTAL_ROWS | IP_TOTAL_VARIANTS | IP_TOTAL_OUTCOMES | IP_TOTAL_RUNS,
	                &totals);
	rows = totals.rows;
	variants = totals.variants;
	outcomes = totals.outcomes;
	total = totals.runs;
	ip_store_close(s); /* checkpoints the WAL into the file */
	s = NULL;
	if (total != (int64_t)runs || variants <= 0) {
		ip_diag_plain(&d, "%lld runs stored in %lld variants, %llu recorded",
		              (long long)total, (long long)variants, (unsigned long long)runs);
		goto fail;
	}
	if (stat(path, &st) != 0)
		st.st_size = 0;
	snprintf(note, sizeof note, "%s; batches of %zu, %lld variants, %lld rows, %lld outcomes",
	         sc->what, batch, (long long)variants, (long long)rows, (long long)outcomes);
	bench_rate(br, sc->name, "runs/s", (double)runs, spent,
	           sc->judged ? BENCH_AT_LEAST : BENCH_REPORT, sc->judged ? TARGET : 0, note);
	snprintf(name, sizeof name, "%s.size", sc->name);
	snprintf(note, sizeof note, "%.1f MiB after checkpoint for %lld variants",
	         (double)st.st_size / 1048576.0, (long long)variants);
	bench_value(br, name, "MiB/Mvariant", (double)st.st_size / 1048576.0 / ((double)variants / 1e6),
	            BENCH_REPORT, 0, note);
	rc = 0;
	goto out;
fail:
	fprintf(stderr, "isaprobe bench store: %s: ", sc->name);
	ip_diag_print(&d, stderr);
	ip_store_close(s);
out:
	if (!br->opts->keep)
		bench_db_remove(path);
	free(rv);
	free(values);
	free(outs);
	return rc;
}

static int run(struct bench_run *br)
{
	uint64_t runs = bench_size(br, 2000000, 100000);
	const struct bench_result *passes, *once;
	for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++)
		if (bench(br, &scenarios[i], runs, 10000))
			return -1;
	/* ten passes over the same variants fold into one pass's blocks (db/fold.c): the file
	 * grows by the counts' digits, not by a block per pass (10x before). Judged
	 * from a million runs on: below, the file's few fixed pages outweigh the runs. */
	passes = bench_find(br, "store.passes.size");
	once = bench_find(br, "store.sequential.size");
	if (passes && once && once->value > 0)
		bench_value(br, "passes_over_sequential.size", "x", passes->value / once->value,
		            runs >= 1000000 ? BENCH_AT_MOST : BENCH_REPORT, 2.0, "MiB per million variants of 10 passes against one "
		            "pass (each variant once)");
	return 0;
}

static const struct bench_ratio ratios[] = {
	{"store.random", "store.sequential", "values in random order against in order", 0},
	{"store.distinct", "store.sequential", "every run a new outcome against ~1000 outcomes",
	 0},
	{"store.sequential", "sim.midgard.ok",
	 "stored runs per simulated variant, one core each (>1: the store keeps up)", 0},
};

const struct bench_suite bench_suite_store = {
	"store", "runs recorded into SQLite per second and MiB per million variants", run,
	ratios, sizeof ratios / sizeof ratios[0],
};
