/* test_campaign.c: the campaign driver on a device of known behaviour (fake_device.h): counts
 * and statuses worked out by hand, the stored layout, identical databases whatever the number
 * of jobs, shards that add up to the whole, stopping, resuming, a SIGKILL mid-campaign, the
 * re-runs of --confirm, and runner errors of random draws resumed. */
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "fake_device.h"
#include "isaprobe/internal/campaign.h"
#include "store_fixture.h"

static char dir[256];

static const char *db_path(const char *name)
{
	static char buf[8][512];
	static unsigned k;
	char *b = buf[k++ % 8];
	snprintf(b, 512, "%s/%s", dir, name);
	return b;
}

struct run_args {
	enum ip_strategy_kind strategy;
	uint64_t budget, seed;
	unsigned jobs, batch;
	uint32_t shard_index, shard_count;
	int resume;
	volatile sig_atomic_t *stop;
	unsigned confirm; /* 0: no re-runs (the counts below are worked out without them) */
};

static int campaign(const char *db, const struct ip_probe *p, const struct run_args *a,
                    struct ip_campaign_result *r, char *err, size_t errlen)
{
	struct ip_store *s;
	struct ip_campaign_opts o;
	struct ip_diag d;
	int rc;
	memset(&o, 0, sizeof o);
	o.backend = &fake_backend;
	o.strategy = a->strategy;
	o.budget = a->budget;
	o.seed = a->seed;
	o.jobs = a->jobs;
	o.batch = a->batch;
	o.shard_index = a->shard_index;
	o.shard_count = a->shard_count;
	o.resume = a->resume;
	o.stop = a->stop;
	o.confirm = a->confirm ? a->confirm : IP_CAMPAIGN_CONFIRM_NONE;
	ip_diag_init(&d, NULL);
	if (ip_store_open(db, IP_STORE_READ_WRITE_CREATE, &s, &d)) {
		snprintf(err, errlen, "%s", d.msg);
		return -1;
	}
	rc = ip_campaign_run(s, p, &o, r, &d);
	if (rc)
		snprintf(err, errlen, "%s", d.msg);
	ip_store_close(s);
	return rc;
}

static const char runs_sql[] =
	"SELECT r.context, hex(r.value), o.status, o.fault, hex(o.data), sum(r.count)"
	" FROM run r JOIN outcome o ON o.id = r.outcome_id GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5";

static long long scalar(const char *db, const char *sql)
{
	char *t = fixture_file_rows(db, sql);
	long long v = atoll(t);
	free(t);
	return v;
}

static void same_runs(const char *a, const char *b, const char *what)
{
	char *x = fixture_file_rows(a, runs_sql), *y = fixture_file_rows(b, runs_sql);
	CHECK(strcmp(x, y) == 0 && strlen(x) > 100, "%s: the run tables differ (%zu vs %zu bytes)",
	      what, strlen(x), strlen(y));
	free(x);
	free(y);
}

static void test_auto_by_hand(const struct ip_probe *p)
{
	struct run_args a = {IP_STRATEGY_AUTO, 0, 0, 1, 64, 0, 1, 0, NULL, 0};
	struct ip_campaign_result r;
	char err[600] = "";
	const char *db = db_path("auto1.db");
	char *t;
	CHECK(campaign(db, p, &a, &r, err, sizeof err) == 0, "auto campaign: %s", err);
	/* Per context: survey 1 + 26 + 325 = 352, then the one value of segment {0,1,2} with all
	 * three bits flipped; segments {3}, {4,5}, {15}, {20} have nothing beyond the survey. */
	CHECK(r.total == 706, "auto total %llu, expected 706", (unsigned long long)r.total);
	CHECK(r.runs == 706 && r.finished && !r.interrupted, "runs %llu finished %d",
	      (unsigned long long)r.runs, r.finished);
	/* fault: bit 15 alone and with each of the 25 others; timeout: bit 20 alone and with the
	 * 24 others but 15. Two contexts. */
	CHECK(r.by_status[IP_STATUS_FAULT] == 52, "fault %llu, expected 52",
	      (unsigned long long)r.by_status[IP_STATUS_FAULT]);
	CHECK(r.by_status[IP_STATUS_TIMEOUT] == 50, "timeout %llu, expected 50",
	      (unsigned long long)r.by_status[IP_STATUS_TIMEOUT]);
	CHECK(r.by_status[IP_STATUS_OK] == 604, "ok %llu, expected 604",
	      (unsigned long long)r.by_status[IP_STATUS_OK]);
	CHECK(scalar(db, "SELECT count(*) FROM run") == 706, "706 run rows");
	CHECK(scalar(db, "SELECT max(count) FROM run") == 1, "no variant twice");
	/* The sweep value of context 0: bits 0-2 flipped = 0x00000007; outcome word 0 = attribute
	 * word 7 = 0x45003D00 + 7 * 0x10001 = 0x45073D07 (little-endian 073D0745). The distinct
	 * generator: 0x44003C00 + role 1 (attributes) * 0x01000100 + word * 0x00010001. */
	t = fixture_file_rows(db, "SELECT hex(o.data) FROM run r JOIN outcome o ON o.id = r.outcome_id"
	                          " WHERE r.context = 0 AND r.value = x'00000007'");
	CHECK(strncmp(t, "073D0745", 8) == 0, "sweep outcome %s", t);
	free(t);
	/* The seed's outcome: word 0 = attribute word 0, word 1 = it shifted by 0, op 0x94. */
	t = fixture_file_rows(db, "SELECT hex(o.data) FROM run r JOIN outcome o ON o.id = r.outcome_id"
	                          " WHERE r.context = 0 AND r.value = x'00000000'");
	CHECK(strcmp(t, "003D0045003D00459400000000000000\n") == 0, "seed outcome %s", t);
	free(t);
	t = fixture_file_rows(db, "SELECT status, fault, length(data) FROM outcome WHERE status != 0"
	                          " ORDER BY 1");
	CHECK(strcmp(t, "1|66|0\n3|0|0\n") == 0, "non-ok outcomes carry no data: %s", t);
	free(t);
	/* Layout. */
	t = fixture_file_rows(db, "SELECT idx, label, hex(seed_value) FROM context ORDER BY idx");
	CHECK(strcmp(t, "0|attr|00000000\n1|vary|00000000\n") == 0, "contexts: %s", t);
	free(t);
	t = fixture_file_rows(db, "SELECT value_lo, width, format, field, bundle, slot, lo FROM"
	                          " target");
	CHECK(strcmp(t, "0|26|midgard.load_store|unk25|0|1|25\n") == 0, "targets: %s", t);
	free(t);
	t = fixture_file_rows(db, "SELECT direction, role, offset, len, hex(substr(data, 1, 8)) FROM"
	                          " buffer ORDER BY direction");
	CHECK(strcmp(t, "in|attributes|0|64|003D0045013D0145\nout|registers|0|16|\n") == 0,
	      "buffers: %s", t);
	free(t);
	/* The same campaign again: already complete, nothing runs. */
	CHECK(campaign(db, p, &a, &r, err, sizeof err) == 0 && r.was_finished && r.runs == 0,
	      "rerun of a finished campaign: %s", err);
}

static void test_jobs_and_batches(const struct ip_probe *p)
{
	struct run_args a = {IP_STRATEGY_AUTO, 500, 7, 3, 5, 0, 1, 0, NULL, 0};
	struct run_args b = {IP_STRATEGY_AUTO, 500, 7, 1, 100, 0, 1, 0, NULL, 0};
	struct ip_campaign_result r;
	char err[600] = "";
	CHECK(campaign(db_path("j3.db"), p, &a, &r, err, sizeof err) == 0, "3 jobs: %s", err);
	CHECK(r.total == 500 && r.runs == 500, "budget 500: %llu", (unsigned long long)r.runs);
	CHECK(campaign(db_path("j1.db"), p, &b, &r, err, sizeof err) == 0, "1 job: %s", err);
	same_runs(db_path("j3.db"), db_path("j1.db"), "3 jobs, batch 5 vs 1 job, batch 100");
}

static void test_shards(const struct ip_probe *p)
{
	struct run_args a = {IP_STRATEGY_RANDOM, 3000, 11, 2, 64, 0, 1, 0, NULL, 0};
	struct ip_campaign_result r;
	char err[600] = "";
	uint64_t runs = 0;
	CHECK(campaign(db_path("whole.db"), p, &a, &r, err, sizeof err) == 0, "whole: %s", err);
	for (uint32_t i = 0; i < 4; i++) {
		a.shard_index = i;
		a.shard_count = 4;
		CHECK(campaign(db_path("shards.db"), p, &a, &r, err, sizeof err) == 0, "shard %u: %s",
		      i, err);
		CHECK(r.finished && r.cursor_end == 3000, "shard %u cursor %llu", i,
		      (unsigned long long)r.cursor_end);
		runs += r.runs;
	}
	CHECK(runs == 3000, "the shards ran %llu variants, expected 3000", (unsigned long long)runs);
	same_runs(db_path("whole.db"), db_path("shards.db"), "4 shards vs unsharded");
	CHECK(scalar(db_path("shards.db"), "SELECT count(*) FROM campaign") == 4, "4 campaigns");
}

/* auto's survey runs in every shard: the shards still add up to the whole. */
static void test_auto_shards(const struct ip_probe *p)
{
	struct run_args a = {IP_STRATEGY_AUTO, 0, 0, 1, 16, 0, 1, 0, NULL, 0};
	struct ip_campaign_result r;
	char err[600] = "";
	for (uint32_t i = 0; i < 4; i++) {
		a.shard_index = i;
		a.shard_count = 4;
		CHECK(campaign(db_path("auto_shards.db"), p, &a, &r, err, sizeof err) == 0 &&
		      r.finished, "auto shard %u: %s", i, err);
	}
	same_runs(db_path("auto1.db"), db_path("auto_shards.db"), "4 auto shards vs unsharded");
}

/* A database that cannot grow (as on a full disk): the campaign fails with the store's error,
 * and the batches stored before stay, with their cursor. */
static void test_full(const struct ip_probe *p)
{
	struct ip_store *s;
	struct ip_campaign_opts o;
	struct ip_campaign_result r;
	struct ip_diag d;
	const char *db = db_path("full.db");
	long long pages = 0, stored;
	memset(&o, 0, sizeof o);
	o.backend = &fake_backend;
	o.strategy = IP_STRATEGY_RANDOM;
	o.budget = 200000;
	o.batch = 512;
	o.confirm = IP_CAMPAIGN_CONFIRM_NONE; /* one run per variant: runs = cursor */
	if (ip_store_open(db, IP_STORE_READ_WRITE_CREATE, &s, &d)) {
		CHECK(0, "open: %s", d.msg);
		return;
	}
	{
		sqlite3 *h = ip_store_sqlite(s);
		sqlite3_stmt *st;
		sqlite3_prepare_v2(h, "PRAGMA page_count", -1, &st, NULL);
		if (sqlite3_step(st) == SQLITE_ROW)
			pages = sqlite3_column_int64(st, 0);
		sqlite3_finalize(st);
		char sql[64];
		snprintf(sql, sizeof sql, "PRAGMA max_page_count = %lld", pages + 40);
		sqlite3_exec(h, sql, NULL, NULL, NULL);
	}
	CHECK(ip_campaign_run(s, p, &o, &r, &d) != 0, "a full database fails the campaign");
	CHECK(strstr(d.msg, "full") != NULL, "the error says so: %s", d.msg);
	CHECK(r.runs > 0 && r.runs < 200000, "some batches were stored first: %llu",
	      (unsigned long long)r.runs);
	ip_store_close(s);
	stored = scalar(db, "SELECT sum(count) FROM run");
	CHECK(stored == (long long)r.runs && scalar(db, "SELECT cursor FROM campaign") == stored,
	      "what was stored stays, with its cursor: %lld runs", stored);
}

static void test_stop_and_resume(const struct ip_probe *p)
{
	volatile sig_atomic_t stop = 1; /* stop at once: the first batches in flight finish */
	struct run_args a = {IP_STRATEGY_WALK, 0, 0, 2, 4, 0, 1, 0, &stop, 0};
	struct ip_campaign_result r;
	char err[600] = "";
	const char *db = db_path("stop.db");
	CHECK(campaign(db, p, &a, &r, err, sizeof err) == 0, "stopped campaign: %s", err);
	CHECK(r.interrupted && !r.finished && r.runs == 0 && r.cursor_end == 0,
	      "stopped before the first batch: runs %llu", (unsigned long long)r.runs);
	a.stop = NULL;
	CHECK(campaign(db, p, &a, &r, err, sizeof err) == 0 && r.finished,
	      "continuing a campaign with cursor 0 needs no --resume: %s", err);
	CHECK(r.runs == 54, "walk: 2 contexts x (1 + 26) = 54, ran %llu", (unsigned long long)r.runs);
}

/* Kills a campaign with SIGKILL once some batches are stored, resumes it, and compares with an
 * uninterrupted run. */
static void test_kill_and_resume(const struct ip_probe *p)
{
	struct run_args a = {IP_STRATEGY_AUTO, 0, 3, 2, 8, 0, 1, 0, NULL, 2};
	struct ip_campaign_result r;
	char err[600] = "";
	const char *db = db_path("killed.db"), *ref = db_path("reference.db");
	static const char variants_sql[] =
		"SELECT count(*) FROM (SELECT DISTINCT context, value FROM run)";
	long long cursor = 0;
	pid_t pid;
	int status = 0;
	pid = fork();
	if (pid == 0) {
		fake_delay_us = 20000;
		campaign(db, p, &a, &r, err, sizeof err);
		_exit(0);
	}
	for (int i = 0; i < 3000 && cursor < 200; i++) {
		struct timespec ts = {0, 2000000};
		nanosleep(&ts, NULL);
		if (access(db, F_OK) == 0)
			cursor = scalar(db, "SELECT coalesce(max(cursor), 0) FROM campaign");
	}
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL, "the child was killed");
	cursor = scalar(db, "SELECT cursor FROM campaign");
	CHECK(cursor >= 200 && cursor < 706, "killed mid-way at cursor %lld", cursor);
	/* every variant before the cursor stored, with its batch's re-runs (--confirm 2) */
	CHECK(scalar(db, variants_sql) == cursor, "stored variants = cursor");
	/* Without --resume the interrupted campaign is refused. */
	CHECK(campaign(db, p, &a, &r, err, sizeof err) != 0 && strstr(err, "--resume"),
	      "an interrupted campaign needs --resume: %s", err);
	a.resume = 1;
	CHECK(campaign(db, p, &a, &r, err, sizeof err) == 0 && r.finished && r.resumed,
	      "resume: %s", err);
	CHECK(r.cursor_start == (uint64_t)cursor && r.runs - r.reruns == 706 - (uint64_t)cursor,
	      "resumed at %llu and ran %llu", (unsigned long long)r.cursor_start,
	      (unsigned long long)r.runs);
	a.resume = 0;
	a.jobs = 1;
	CHECK(campaign(ref, p, &a, &r, err, sizeof err) == 0 && r.finished, "reference: %s", err);
	same_runs(db, ref, "killed and resumed vs uninterrupted");
	CHECK(scalar(db, "SELECT sum(count) FROM run") == 862 && scalar(db, variants_sql) == 706,
	      "nothing counted twice: 706 variants, 156 re-runs (test_confirm)");
}

/* The same campaign with --confirm 2 (the re-runs a GPU needs: campaign/campaign.c, confirm()):
 * each timeout (bit 20: the fake device hangs on every run) is run twice more; the seed twice
 * more; each bit flipped alone once more, and the fault of bit 15 alone (decisive: it would make
 * the bit reserved) twice (a fault may come of a state a fault before left dirty: it counts
 * once repeated); the faults of bit 15 with another bit are what its walk showed, alike (code
 * 0x42): not run again. (The seed runs before a re-run to clean the device's state are not
 * stored.) Per context: seed 2, walks 24 ok x 1 + bit 15 x 2, timeouts 25 x 2: 78; 706 + 156
 * runs. */
static void test_confirm(const struct ip_probe *p)
{
	struct run_args a = {IP_STRATEGY_AUTO, 0, 0, 1, 64, 0, 1, 0, NULL, 2};
	struct ip_campaign_result r;
	char err[600] = "";
	const char *db = db_path("confirm.db");
	CHECK(campaign(db, p, &a, &r, err, sizeof err) == 0, "confirm campaign: %s", err);
	CHECK(r.runs == 862 && r.reruns == 156, "runs %llu, re-runs %llu, expected 862 and 156",
	      (unsigned long long)r.runs, (unsigned long long)r.reruns);
	/* ok: 604, seeds 2 x 2, walks 2 x 24 */
	CHECK(r.by_status[IP_STATUS_TIMEOUT] == 150 && r.by_status[IP_STATUS_FAULT] == 56 &&
	      r.by_status[IP_STATUS_OK] == 656, "timeout %llu fault %llu ok %llu",
	      (unsigned long long)r.by_status[IP_STATUS_TIMEOUT],
	      (unsigned long long)r.by_status[IP_STATUS_FAULT],
	      (unsigned long long)r.by_status[IP_STATUS_OK]);
	/* three runs: the 50 timeouts, bit 15 alone and the seed in each context */
	CHECK(scalar(db, "SELECT max(count) FROM run") == 3 &&
	      scalar(db, "SELECT count(*) FROM run WHERE count = 3") == 50 + 2 + 2 &&
	      scalar(db, "SELECT count(*) FROM run WHERE count = 2") == 48,
	      "54 variants run three times, the 48 walks that ran ok twice");
}

/* A device that fails (every run a runner error, as a remote runner whose agent died) on the
 * next flaky_fails batches it is given, and is the fake device otherwise. */
static unsigned flaky_fails;

static int flaky_run_batch(void *state, const struct ip_job *jobs, size_t n,
                           struct ip_result *res)
{
	if (!flaky_fails)
		return fake_run_batch(state, jobs, n, res);
	flaky_fails--;
	for (size_t i = 0; i < n; i++) {
		res[i].status = IP_STATUS_RUNNER_ERROR;
		res[i].why = "the agent died";
	}
	return 0;
}

static const struct ip_runner_backend flaky_backend = {
	.name = "fake",
	.summary = "test device failing whole batches",
	.open = fake_open,
	.run_batch = flaky_run_batch,
	.close = fake_close,
	.model = fake_model,
};

static long long stored_errors(const char *db)
{
	return scalar(db, "SELECT coalesce(sum(r.count), 0) FROM run r JOIN outcome o"
	                  " ON o.id = r.outcome_id WHERE o.status = 5");
}

/* Random draws of 6 bits, 256 of them: most values drawn more than once. The first batch of 32
 * fails. Every draw has its run, and every stored runner error is counted, said and run again
 * by --resume, also those of a variant that another draw answered; with --confirm 2 a re-run
 * that answers a failed run takes its place (the failure is not stored), so that the runs still
 * add up to one per draw plus the re-runs. */
static void test_random_runner_errors(void)
{
	static const char text[] = "# six bits, drawn at random\n" SAMPLE_MIDGARD_LD_ATTR_HEAD
	                           "target 0.load_store bits 25-30\n"
	                           "input attributes distinct 64\n"
	                           "observe registers 16\n";
	struct ip_probe p;
	struct ip_store *s;
	struct ip_campaign_opts o;
	struct ip_campaign_result r;
	struct ip_diag d;
	const char *db = db_path("random_errors.db"), *dbc = db_path("random_errors_confirm.db");
	long long distinct_failed;
	if (ip_probe_parse(text, "six.probe", &p, &d) != 0) {
		CHECK(0, "six-bit probe: %s", d.msg);
		return;
	}
	memset(&o, 0, sizeof o);
	o.backend = &flaky_backend;
	o.strategy = IP_STRATEGY_RANDOM;
	o.budget = 256;
	o.batch = 32;
	o.jobs = 1;
	o.confirm = IP_CAMPAIGN_CONFIRM_NONE;
	flaky_fails = 1;
	CHECK(ip_store_open(db, IP_STORE_READ_WRITE_CREATE, &s, &d) == 0 &&
	      ip_campaign_run(s, &p, &o, &r, &d) == 0, "flaky random campaign: %s", d.msg);
	ip_store_close(s);
	CHECK(r.finished && r.runs == 256 && r.by_status[IP_STATUS_RUNNER_ERROR] == 32,
	      "256 runs, 32 runner errors: %llu, %llu", (unsigned long long)r.runs,
	      (unsigned long long)r.by_status[IP_STATUS_RUNNER_ERROR]);
	CHECK(r.runner_errors == 32, "the summary says 32 runner errors, not %llu",
	      (unsigned long long)r.runner_errors);
	CHECK(stored_errors(db) == 32 && scalar(db, "SELECT sum(count) FROM run") == 256,
	      "stored: %lld runner errors among %lld runs", stored_errors(db),
	      scalar(db, "SELECT sum(count) FROM run"));
	/* the case of the report: failed variants that a later draw answered */
	distinct_failed = scalar(db, "SELECT count(*) FROM (SELECT r.value FROM run r JOIN outcome o"
	                             " ON o.id = r.outcome_id GROUP BY r.value"
	                             " HAVING sum(o.status = 5) > 0 AND sum(o.status <> 5) > 0)");
	CHECK(distinct_failed > 0, "no failed variant was drawn again: the test shows nothing");
	/* --resume on a working device runs all 32 again: none left, every draw answered */
	o.resume = 1;
	CHECK(ip_store_open(db, IP_STORE_READ_WRITE, &s, &d) == 0 &&
	      ip_campaign_run(s, &p, &o, &r, &d) == 0, "resume: %s", d.msg);
	ip_store_close(s);
	CHECK(r.rerun == 32 && r.runner_errors == 0 && r.was_finished,
	      "resume ran %llu again, %llu left", (unsigned long long)r.rerun,
	      (unsigned long long)r.runner_errors);
	CHECK(stored_errors(db) == 0 && scalar(db, "SELECT sum(count) FROM run") == 256,
	      "after --resume: %lld runner errors among %lld runs", stored_errors(db),
	      scalar(db, "SELECT sum(count) FROM run"));
	/* --confirm 2: the failed batch's runs are answered by their re-runs, in their place */
	o.resume = 0;
	o.confirm = 2;
	flaky_fails = 1;
	CHECK(ip_store_open(dbc, IP_STORE_READ_WRITE_CREATE, &s, &d) == 0 &&
	      ip_campaign_run(s, &p, &o, &r, &d) == 0, "flaky random campaign, --confirm 2: %s",
	      d.msg);
	ip_store_close(s);
	CHECK(r.finished && r.runner_errors == 0 && r.by_status[IP_STATUS_RUNNER_ERROR] == 0 &&
	      stored_errors(dbc) == 0, "--confirm 2: %llu runner errors said, %lld stored",
	      (unsigned long long)r.runner_errors, stored_errors(dbc));
	CHECK(r.runs - r.reruns == 256 && scalar(dbc, "SELECT sum(count) FROM run") ==
	                                      (long long)r.runs,
	      "--confirm 2: %llu runs, %llu re-runs, %lld stored", (unsigned long long)r.runs,
	      (unsigned long long)r.reruns, scalar(dbc, "SELECT sum(count) FROM run"));
	ip_probe_free(&p);
}

int main(void)
{
	struct ip_probe p;
	struct ip_diag d;
	char tmpl[] = "/tmp/isaprobe-campaign-XXXXXX";
	if (!mkdtemp(tmpl)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(dir, sizeof dir, "%s", tmpl);
	if (ip_probe_parse(fake_probe_text, "fake.probe", &p, &d) != 0) {
		ip_diag_print(&d, stderr);
		return 1;
	}
	test_auto_by_hand(&p);
	test_jobs_and_batches(&p);
	test_shards(&p);
	test_auto_shards(&p);
	test_full(&p);
	test_stop_and_resume(&p);
	test_kill_and_resume(&p);
	test_confirm(&p);
	test_random_runner_errors();
	ip_probe_free(&p);
	{
		char cmd[600];
		snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
		if (system(cmd) != 0)
			fprintf(stderr, "could not remove %s\n", dir);
	}
	return check_report("test_campaign");
}
