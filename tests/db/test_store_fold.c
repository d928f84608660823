/* test_store_fold.c: a campaign's repeated passes over the same variants fold into the blocks
 * stored by the first (db/fold.c): every run still counted, the file the size of one pass, and a
 * kill -9 in the middle of a pass loses at most the batch in flight. */
#include <signal.h>
#include <sys/wait.h>
#include <time.h>

#include "store_fixture.h"

#define MAX_VARIANTS 40000
#define CODES 6 /* outcome codes: data {code}, statuses ok, fault, timeout, runner_error */

/* A campaign of nv variants (context, 3-byte value) run `passes` times in batches; which run
 * gives which outcome follows from the seed alone, so that a child killed half-way and the
 * parent that checks it agree on every batch. */
struct plan {
	const char *name;
	uint64_t seed;
	size_t nv, batch, passes;
	int shuffle;          /* each pass in a new random order (else the same order each pass) */
	int dense;            /* values 0, 1, 2, ... (else random 24-bit ones) */
	uint32_t value[MAX_VARIANTS], context[MAX_VARIANTS];
	uint32_t by_value[MAX_VARIANTS]; /* variant numbers in value order */
};

static const struct plan *sorting;

static int by_value(const void *a, const void *b)
{
	uint32_t x = sorting->value[*(const uint32_t *)a], y = sorting->value[*(const uint32_t *)b];
	return x < y ? -1 : x > y;
}

/* Distinct values: i itself, or i times an odd number modulo 2^24 (a bijection). */
static void plan_make(struct plan *p)
{
	uint64_t r = p->seed;
	uint32_t mul = (uint32_t)test_rand(&r) | 1, add = (uint32_t)test_rand(&r);
	for (size_t i = 0; i < p->nv; i++) {
		p->context[i] = (uint32_t)(test_rand(&r) % 3 == 0);
		p->value[i] = p->dense ? (uint32_t)i : ((uint32_t)i * mul + add) & 0xFFFFFF;
		p->by_value[i] = (uint32_t)i;
	}
	sorting = p;
	qsort(p->by_value, p->nv, sizeof *p->by_value, by_value);
}

/* The variant of this value, or nv. */
static size_t plan_find(const struct plan *p, uint32_t value)
{
	size_t lo = 0, hi = p->nv;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (p->value[p->by_value[mid]] < value)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < p->nv && p->value[p->by_value[lo]] == value ? p->by_value[lo] : p->nv;
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* Run k of the campaign (pass k / nv): its variant and outcome code. Most variants always
 * give the code of their value; one run in 16 is flaky and gives another. */
static void plan_run(const struct plan *p, uint64_t k, size_t *variant, unsigned *code)
{
	uint64_t pass = k / p->nv, at = k % p->nv, r = p->seed ^ (pass * 0x1234567);
	size_t i = (size_t)at;
	if (p->shuffle && pass) { /* a pass's order: a random affine walk over 0..nv-1 */
		uint64_t step = test_rand(&r) % p->nv;
		while (gcd(step, p->nv) != 1)
			step = (step + 1) % p->nv;
		i = (size_t)((at * step + test_rand(&r) % p->nv) % p->nv);
	}
	*variant = i;
	r = p->seed ^ (k * 0x9E3779B97F4A7C15u);
	*code = test_rand(&r) % 16 == 0 ? (unsigned)(test_rand(&r) % CODES)
	                                   : (unsigned)(p->value[i] % CODES);
}

static const enum ip_status code_status[CODES] = {IP_STATUS_OK, IP_STATUS_OK, IP_STATUS_FAULT,
                                                  IP_STATUS_TIMEOUT, IP_STATUS_OK,
                                                  IP_STATUS_RUNNER_ERROR};
static uint8_t code_data[CODES][1];

static int64_t open_campaign(struct ip_store *s, const struct plan *p, uint64_t *cursor,
                             struct ip_diag *d)
{
	struct ip_campaign_key key = {0, 0, "walk", 0, 0, 0, 1};
	key.seed = p->seed;
	key.device_id = ip_store_device(s, "sim", "t860", NULL, d);
	key.probe_id = ip_store_probe(s, p->name, "midgard", "; probe\n", 0, d);
	if (key.device_id < 0 || key.probe_id < 0)
		return -1;
	return ip_store_campaign(s, &key, cursor, NULL, d);
}

/* Records runs from..to-1 of the plan in batches of p->batch, the cursor after each. */
static int record_runs(struct ip_store *s, int64_t campaign, const struct plan *p, uint64_t from,
                       uint64_t to, struct ip_diag *d)
{
	static struct ip_run runs[4096];
	static uint8_t vals[4096][3];
	while (from < to) {
		size_t n = 0;
		for (; n < p->batch && from + n < to; n++) {
			size_t i;
			unsigned code;
			plan_run(p, from + n, &i, &code);
			vals[n][0] = (uint8_t)p->value[i];
			vals[n][1] = (uint8_t)(p->value[i] >> 8);
			vals[n][2] = (uint8_t)(p->value[i] >> 16);
			runs[n].context = p->context[i];
			runs[n].value = vals[n];
			runs[n].value_len = 3;
			runs[n].outcome.status = code_status[code];
			runs[n].outcome.fault = code_status[code] == IP_STATUS_FAULT ? 7 : 0;
			runs[n].outcome.data = code_data[code];
			runs[n].outcome.len = 1;
		}
		if (ip_store_record(s, campaign, runs, n, from + n, d))
			return -1;
		from += n;
	}
	return 0;
}

/* Compares what the store holds with the plan's first `runs` runs, worked out here. */
static void check_counts(struct ip_store *s, int64_t campaign, const struct plan *p,
                         uint64_t runs, const char *when)
{
	static uint64_t want[MAX_VARIANTS][CODES];
	sqlite3 *db = ip_store_sqlite(s);
	struct ip_scan *sc = NULL;
	struct ip_scan_variant v;
	struct ip_diag d;
	int64_t code_of[64];
	uint64_t seen = 0, total = 0;
	int rc, bad = 0;
	memset(want, 0, sizeof want);
	for (uint64_t k = 0; k < runs; k++) {
		size_t i;
		unsigned code;
		plan_run(p, k, &i, &code);
		want[i][code]++;
	}
	/* outcome id -> code, from the outcome table */
	for (int64_t id = 0; id < 64; id++) {
		char sql[96];
		int64_t data;
		snprintf(sql, sizeof sql, "SELECT unicode(CAST(data AS TEXT)) FROM outcome WHERE id = %lld",
		         (long long)id);
		data = fixture_int(db, sql);
		code_of[id] = data >= 1 && data <= CODES ? data - 1 : -1;
	}
	ip_diag_init(&d, p->name);
	CHECK(ip_store_check_campaigns(db, &campaign, 1, &d) == 0, "%s: %s: check: %s", p->name,
	      when, fixture_diag_text(&d));
	if (ip_scan_open(db, &campaign, 1, &sc, &d)) {
		CHECK(0, "%s: %s: scan: %s", p->name, when, fixture_diag_text(&d));
		return;
	}
	/* the scan's variants in (context, value) order, each matched to the plan's */
	while ((rc = ip_scan_next(sc, &v, &d)) == 1) {
		size_t i = plan_find(p, (uint32_t)v.number);
		if (i == p->nv || p->context[i] != v.context) {
			bad++;
			continue;
		}
		for (size_t j = 0; j < v.noutcomes; j++) {
			int64_t id = v.outcomes[j].outcome_id;
			int64_t code = id >= 0 && id < 64 ? code_of[id] : -1;
			if (code < 0 || v.outcomes[j].count != want[i][code])
				bad++;
			else
				want[i][code] = 0; /* matched once */
			seen += v.outcomes[j].count;
		}
	}
	CHECK(rc == 0, "%s: %s: scan: %s", p->name, when, fixture_diag_text(&d));
	ip_scan_close(sc);
	for (size_t i = 0; i < p->nv; i++)
		for (unsigned c = 0; c < CODES; c++)
			total += want[i][c];
	CHECK(bad == 0 && total == 0 && seen == runs, "%s: %s: %d entries differ, %llu runs of the "
	      "plan missing, %llu of %llu runs read", p->name, when, bad, (unsigned long long)total,
	      (unsigned long long)seen, (unsigned long long)runs);
	CHECK(fixture_int(db, "SELECT sum(runs) FROM run_block") == (int64_t)runs,
	      "%s: %s: runs in the blocks' totals", p->name, when);
}

static int64_t file_pages(struct ip_store *s)
{
	return fixture_int(ip_store_sqlite(s), "PRAGMA page_count");
}

/* Records the whole plan, checking the counts and the size after the first pass and at the end.
 * fold: whether the passes should have folded (the file stays the size of one pass). */
static void passes(const char *dir, struct plan *p, int fold)
{
	char *path = fixture_path(dir, p->name);
	struct ip_store *s = fixture_fresh_store(path);
	struct ip_diag d;
	int64_t c, one_pass, entries_one;
	uint64_t total = (uint64_t)p->nv * p->passes;
	ip_diag_init(&d, path);
	plan_make(p);
	c = open_campaign(s, p, NULL, &d);
	CHECK(c > 0 && record_runs(s, c, p, 0, p->nv, &d) == 0, "%s: first pass: %s", p->name,
	      fixture_diag_text(&d));
	check_counts(s, c, p, p->nv, "one pass");
	one_pass = file_pages(s);
	entries_one = fixture_int(ip_store_sqlite(s), "SELECT sum(n) FROM run_block");
	CHECK(record_runs(s, c, p, p->nv, total, &d) == 0, "%s: later passes: %s", p->name,
	      fixture_diag_text(&d));
	check_counts(s, c, p, total, "all passes");
	if (fold) {
		int64_t entries = fixture_int(ip_store_sqlite(s), "SELECT sum(n) FROM run_block");
		int64_t pairs = fixture_int(ip_store_sqlite(s), "SELECT count(*) FROM run");
		/* the flaky runs add entries; a fold keeps one entry per variant and outcome */
		CHECK(entries <= pairs + pairs / 10, "%s: %lld entries for %lld (variant, outcome) "
		      "pairs after %zu passes (first pass: %lld)", p->name, (long long)entries,
		      (long long)pairs, p->passes, (long long)entries_one);
		CHECK(file_pages(s) <= 2 * one_pass + 8, "%s: %lld pages after %zu passes, %lld after "
		      "one", p->name, (long long)file_pages(s), p->passes, (long long)one_pass);
	}
	ip_store_close(s);
	ip_store_remove(path);
	free(path);
}

/* A child records the plan's passes from where the file's cursor stands and is killed with
 * SIGKILL at a random moment; the file must then hold exactly the runs before its cursor, and
 * the next run, resuming there, finish the campaign with every run counted once. */
static void killed_mid_pass(const char *dir, struct plan *p, uint64_t *r)
{
	char *path = fixture_path(dir, p->name);
	uint64_t total = (uint64_t)p->nv * p->passes, cursor = 0;
	struct ip_store *s = fixture_fresh_store(path);
	struct ip_diag d;
	int64_t c = -1;
	ip_store_close(s);
	plan_make(p);
	ip_diag_init(&d, path);
	for (unsigned round = 0; round < 4; round++) {
		pid_t pid = fork();
		int status;
		if (pid == 0) {
			if (ip_store_open(path, IP_STORE_READ_WRITE, &s, &d) ||
			    (c = open_campaign(s, p, &cursor, &d)) < 0 ||
			    record_runs(s, c, p, cursor, total, &d))
				_exit(2);
			_exit(0);
		}
		usleep((useconds_t)(20000 + test_rand(r) % 150000));
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		CHECK(!WIFEXITED(status) || WEXITSTATUS(status) == 0, "%s: child failed", p->name);
		CHECK(ip_store_open(path, IP_STORE_READ_WRITE, &s, &d) == 0 &&
		      (c = open_campaign(s, p, &cursor, &d)) > 0, "%s: reopening: %s", p->name,
		      fixture_diag_text(&d));
		if (c <= 0)
			break;
		check_counts(s, c, p, cursor, "after kill -9");
		ip_store_close(s);
	}
	CHECK(ip_store_open(path, IP_STORE_READ_WRITE, &s, &d) == 0 &&
	      (c = open_campaign(s, p, &cursor, &d)) > 0 &&
	      record_runs(s, c, p, cursor, total, &d) == 0, "%s: resuming: %s", p->name,
	      fixture_diag_text(&d));
	check_counts(s, c, p, total, "resumed to the end");
	ip_store_close(s);
	ip_store_remove(path);
	free(path);
}

/* Blocks damaged by hand in the way of a later pass: the fold leaves them as they are (readers
 * report them) and the pass is stored as blocks of its own. */
static void damaged(const char *dir, struct plan *p)
{
	char *path = fixture_path(dir, p->name);
	struct ip_store *s = fixture_fresh_store(path);
	sqlite3 *db = ip_store_sqlite(s);
	struct ip_diag d;
	int64_t c, blocks;
	ip_diag_init(&d, path);
	plan_make(p);
	c = open_campaign(s, p, NULL, &d);
	CHECK(c > 0 && record_runs(s, c, p, 0, p->nv, &d) == 0, "%s: %s", p->name,
	      fixture_diag_text(&d));
	CHECK(sqlite3_exec(db, "UPDATE run_block SET outs = '[1,' WHERE id = 1;"
	                       "UPDATE run_block SET vals = x'00' WHERE id = 2;"
	                       "UPDATE run_block SET outs = '[1, [2, 0], 3' WHERE id = 3;",
	                   NULL, NULL, NULL) == SQLITE_OK, "%s: damaging", p->name);
	blocks = fixture_int(db, "SELECT count(*) FROM run_block");
	CHECK(record_runs(s, c, p, p->nv, 2 * (uint64_t)p->nv, &d) == 0, "%s: second pass: %s",
	      p->name, fixture_diag_text(&d));
	CHECK(fixture_int(db, "SELECT count(*) FROM run_block WHERE id <= 3 AND"
	                      " (outs IN ('[1,', '[1, [2, 0], 3') OR length(vals) = 1)") == 3,
	      "%s: the damaged blocks were changed", p->name);
	CHECK(fixture_int(db, "SELECT count(*) FROM run_block") > blocks,
	      "%s: the second pass was not stored beside them", p->name);
	ip_diag_init(&d, path);
	CHECK(ip_store_check_campaigns(db, &c, 1, &d) != 0 &&
	      strstr(fixture_diag_text(&d), "run_block"), "%s: readers do not see the damage: %s",
	      p->name, fixture_diag_text(&d));
	ip_store_close(s);
	ip_store_remove(path);
	free(path);
}

int main(void)
{
	static struct plan p;
	char *dir = fixture_tmpdir("isaprobe-fold");
	uint64_t r = test_seed(0xF01D);
	size_t nv = test_scaled(30000);
	for (unsigned c = 0; c < CODES; c++)
		code_data[c][0] = (uint8_t)(c + 1);
	if (nv > MAX_VARIANTS)
		nv = MAX_VARIANTS;
	if (nv < 200)
		nv = 200;
	/* an exhaustive sweep's passes, batches aligned with the first pass's blocks or not */
	p = (struct plan){"sweep", test_rand(&r), nv, 1000, 6, 0, 1, {0}, {0}, {0}};
	passes(dir, &p, 1);
	p = (struct plan){"sweep-unaligned", test_rand(&r), nv + 7, 997, 5, 0, 1, {0}, {0}, {0}};
	passes(dir, &p, 1);
	/* random values, the same order every pass (a random strategy's seed, run again) */
	p = (struct plan){"sparse", test_rand(&r), nv, 1000, 5, 0, 0, {0}, {0}, {0}};
	passes(dir, &p, 1);
	/* every pass in a new order: nothing to fold, every run still counted */
	p = (struct plan){"shuffled", test_rand(&r), nv, 1000, 4, 1, 0, {0}, {0}, {0}};
	passes(dir, &p, 0);
	p = (struct plan){"shuffled-dense", test_rand(&r), nv, 1000, 4, 1, 1, {0}, {0}, {0}};
	passes(dir, &p, 0);
	/* kill -9 mid-pass, in the middle of folding */
	p = (struct plan){"killed", test_rand(&r), nv, 1000, 8, 0, 1, {0}, {0}, {0}};
	killed_mid_pass(dir, &p, &r);
	p = (struct plan){"damaged", test_rand(&r), 3000, 1000, 2, 0, 1, {0}, {0}, {0}};
	damaged(dir, &p);
	fixture_rmdir(dir);
	return check_report("test_store_fold");
}
