/* test_faults_lock.c: one writer per campaign. Two processes starting one campaign at once (or
 * the second with --resume): one runs, the other is refused naming the first, and the database
 * is the one a single uninterrupted campaign makes. Stale locks are taken over (process killed
 * -9, a zombie, a pid that now names another process, a restarted host, another host silent
 * past the lease), live ones never; a writer whose lock was taken over stores nothing more; the
 * heartbeat beats; db merge leaves a running campaign's runs alone. */
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fault_db.h"

static char *dir;

static const char *path(const char *name)
{
	static char buf[8][512];
	static unsigned n;
	char *b = buf[n++ % 8];
	snprintf(b, 512, "%s/%s", dir, name);
	return b;
}

static void sleep_ms(long ms)
{
	struct timespec t = {ms / 1000, ms % 1000 * 1000000};
	nanosleep(&t, NULL);
}

static long long scalar(const char *db, const char *sql)
{
	char *t = fixture_file_rows(db, sql);
	long long v = atoll(t);
	free(t);
	return v;
}

static int sql(const char *db, const char *text)
{
	sqlite3 *h;
	int rc = sqlite3_open(db, &h) || sqlite3_exec(h, text, NULL, NULL, NULL);
	if (rc)
		fprintf(stderr, "%s: %s: %s\n", db, text, sqlite3_errmsg(h));
	sqlite3_close(h);
	return rc;
}

/* The fake device behind a gate: no batch runs until the gate file exists, so the process that
 * took a campaign's lock still holds it, however fast the machine, while the other tries. */
static char gate[600];

static int gated_run(void *state, const struct ip_job *jobs, size_t n, struct ip_result *res)
{
	while (access(gate, F_OK) != 0)
		sleep_ms(2);
	return fake_backend.run_batch(state, jobs, n, res);
}

static const struct ip_runner_backend gated_backend = {
	.name = "fake",
	.summary = "the fake device behind a gate",
	.open = fake_open,
	.run_batch = gated_run,
	.close = fake_close,
	.model = fake_model,
};

/* A child that runs the campaign once the parent writes to `go` (both start at once), and
 * reports through `out`: its status and its error message. */
struct racer {
	pid_t pid;
	int out;
};

static struct racer race(const char *db, int resume, int go)
{
	int fds[2];
	struct racer r = {-1, -1};
	if (pipe(fds))
		abort();
	r.pid = fork();
	if (r.pid == 0) {
		struct ip_campaign_result res;
		struct ip_diag d;
		char c, msg[sizeof d.msg + 1];
		int rc;
		close(fds[0]);
		if (read(go, &c, 1) != 1)
			_exit(3);
		rc = campaign(db, -1, resume, &res, &d);
		snprintf(msg, sizeof msg, "%c%s", rc ? '1' : '0', rc ? d.msg : "");
		if (write(fds[1], msg, strlen(msg) + 1) < 0)
			_exit(3);
		_exit(0);
	}
	close(fds[1]);
	r.out = fds[0];
	return r;
}

static void finish_race(struct racer *r, char *msg, size_t len)
{
	ssize_t n = read(r->out, msg, len - 1);
	msg[n > 0 ? n : 0] = 0;
	close(r->out);
	waitpid(r->pid, NULL, 0);
}

/* Two campaigns at once on a fresh database; the second with --resume if `resume`. */
static void test_two_at_once(const char *ref, int resume)
{
	const char *db = path(resume ? "race-resume.db" : "race.db");
	int go[2];
	struct racer a, b;
	char ma[600], mb[600], want[64];
	struct racer *winner, *loser;
	const char *lost;
	struct pollfd ends[2];
	if (pipe(go))
		abort();
	snprintf(gate, sizeof gate, "%s/gate", dir);
	unlink(gate);
	fault_backend = &gated_backend;
	a = race(db, 0, go[0]);
	b = race(db, resume, go[0]);
	fault_backend = &fake_backend;
	close(go[0]);
	if (write(go[1], "go", 2) != 2)
		abort();
	close(go[1]);
	/* one ends (refused) while the other waits at the gate with the lock; then it opens */
	ends[0] = (struct pollfd){a.out, POLLIN, 0};
	ends[1] = (struct pollfd){b.out, POLLIN, 0};
	CHECK(poll(ends, 2, 60000) == 1, "exactly one ended before the gate opened");
	fclose(fopen(gate, "w"));
	finish_race(&a, ma, sizeof ma);
	finish_race(&b, mb, sizeof mb);
	CHECK((ma[0] == '0') != (mb[0] == '0'), "exactly one of the two ran: '%s' / '%s'", ma, mb);
	winner = ma[0] == '0' ? &a : &b;
	loser = winner == &a ? &b : &a;
	lost = winner == &a ? mb + 1 : ma + 1;
	snprintf(want, sizeof want, "is being run by process %d on host ", (int)winner->pid);
	CHECK(strstr(lost, want) != NULL, "the refused one names the other (%d%s): %s",
	      (int)winner->pid, loser == &b && resume ? ", --resume" : "", lost);
	same_db(db, ref, resume ? "two at once, one with --resume" : "two at once");
}

/* kill -9 mid-campaign: the lock row stays, names a dead process, and is taken over. */
static void test_killed(const char *ref)
{
	const char *db = path("killed.db");
	struct ip_campaign_result r;
	struct ip_diag d;
	char want[64];
	pid_t pid = fork();
	if (pid == 0) {
		fake_delay_us = 20000;
		campaign(db, -1, 0, &r, &d);
		_exit(0);
	}
	for (int i = 0; i < 2000 && scalar(db, "SELECT coalesce(max(cursor), 0) FROM campaign") < 40;
	     i++)
		sleep_ms(2);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	CHECK(scalar(db, "SELECT count(*) FROM campaign_lock") == 1, "the killed one's lock stays");
	CHECK(campaign(db, -1, 1, &r, &d) == 0 && r.finished, "--resume: %s", d.msg);
	snprintf(want, sizeof want, "process %d is gone", (int)pid);
	CHECK(strstr(r.lock_note, want) && strstr(r.lock_note, "took over the lock of"),
	      "took the stale lock over: %s", r.lock_note);
	same_db(db, ref, "killed -9, resumed");
}

/* Locks campaign 1 of db in a child that then does `what`: "exit" (no clean-up: a zombie until
 * reaped), "hold" (sleeps until killed). The child's pid once the lock is taken. */
static pid_t holder(const char *db, const char *what)
{
	int fds[2];
	pid_t pid;
	char c;
	if (pipe(fds))
		abort();
	pid = fork();
	if (pid == 0) {
		struct ip_store *s;
		struct ip_diag d;
		uint64_t cursor;
		int finished;
		close(fds[0]);
		if (ip_store_open(db, IP_STORE_READ_WRITE, &s, &d) ||
		    ip_store_campaign_lock(s, 1, &cursor, &finished, NULL, 0, &d))
			_exit(1);
		if (write(fds[1], "L", 1) != 1)
			_exit(1);
		if (strcmp(what, "exit") == 0)
			_exit(0);
		for (;;)
			pause();
	}
	close(fds[1]);
	CHECK(read(fds[0], &c, 1) == 1, "the child took the lock");
	close(fds[0]);
	return pid;
}

/* Tries to lock campaign 1: 0, or -1 with the message in msg; note gets taken_over. */
static int try_lock(const char *db, char *msg, size_t len, char *note, size_t nlen)
{
	struct ip_store *s;
	struct ip_diag d;
	uint64_t cursor;
	int finished, rc;
	ip_diag_init(&d, db);
	if (ip_store_open(db, IP_STORE_READ_WRITE, &s, &d)) {
		snprintf(msg, len, "%s", d.msg);
		return -1;
	}
	rc = ip_store_campaign_lock(s, 1, &cursor, &finished, note, nlen, &d);
	snprintf(msg, len, "%s", rc ? d.msg : "");
	ip_store_close(s); /* releases it */
	return rc;
}

static void test_stale_and_live(const char *ref)
{
	const char *db = path("locks.db");
	char msg[600], note[600], want[400], host[256] = "", boot[64] = "", sqlbuf[800];
	pid_t pid;
	FILE *f;
	copy_file(ref, db);
	gethostname(host, sizeof host - 1);
	if ((f = fopen("/proc/sys/kernel/random/boot_id", "r"))) {
		if (!fgets(boot, sizeof boot, f))
			boot[0] = 0;
		boot[strcspn(boot, "\n")] = 0;
		fclose(f);
	}

	/* a live holder here: refused, named; after it is killed: taken over */
	pid = holder(db, "hold");
	CHECK(try_lock(db, msg, sizeof msg, note, sizeof note) != 0, "a live holder keeps it");
	snprintf(want, sizeof want, "campaign 1 is being run by process %d on host %s", (int)pid,
	         host);
	CHECK(strstr(msg, want) && strstr(msg, "last sign of life"), "names the holder: %s", msg);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	CHECK(try_lock(db, msg, sizeof msg, note, sizeof note) == 0, "killed: taken over: %s", msg);
	snprintf(want, sizeof want, "process %d is gone", (int)pid);
	CHECK(strstr(note, want) != NULL, "says whose: %s", note);
	CHECK(scalar(db, "SELECT count(*) FROM campaign_lock") == 0, "released on close");

	/* a zombie (exited, not yet reaped) holds nothing */
	pid = holder(db, "exit");
	sleep_ms(50);
	CHECK(try_lock(db, msg, sizeof msg, note, sizeof note) == 0, "zombie: taken over: %s", msg);
	waitpid(pid, NULL, 0);

	/* our own pid, but started at another time: the pid was reused */
	snprintf(sqlbuf, sizeof sqlbuf,
	         "INSERT INTO campaign_lock (campaign_id, token, pid, host, boot_id, started,"
	         " heartbeat) VALUES (1, randomblob(16), %d, '%s', '%s', 1, 0)",
	         (int)getpid(), host, boot);
	CHECK(sql(db, sqlbuf) == 0, "a lock row of a reused pid");
	CHECK(try_lock(db, msg, sizeof msg, note, sizeof note) == 0 && strstr(note, "is gone"),
	      "reused pid: taken over: %s / %s", msg, note);

	/* this host before it restarted (another boot id) */
	if (boot[0]) {
		snprintf(sqlbuf, sizeof sqlbuf,
		         "INSERT INTO campaign_lock (campaign_id, token, pid, host, boot_id, started,"
		         " heartbeat) VALUES (1, randomblob(16), %d, '%s', 'another-boot', 0, 0)",
		         (int)getpid(), host);
		CHECK(sql(db, sqlbuf) == 0, "a lock row of the last boot");
		CHECK(try_lock(db, msg, sizeof msg, note, sizeof note) == 0 &&
		              strstr(note, "restarted"),
		      "restarted host: taken over: %s / %s", msg, note);
	}

	/* another host: held while it shows signs of life, taken over once silent past the lease */
	setenv("ISAPROBE_LOCK_LEASE", "5", 1);
	CHECK(sql(db, "INSERT INTO campaign_lock (campaign_id, token, pid, host, heartbeat)"
	              " VALUES (1, randomblob(16), 4242, 'elsewhere',"
	              " CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) - 2000)") == 0,
	      "a lock of another host, 2 s old");
	CHECK(try_lock(db, msg, sizeof msg, note, sizeof note) != 0 &&
	              strstr(msg, "process 4242 on host elsewhere"),
	      "another host within the lease: refused: %s", msg);
	CHECK(sql(db, "UPDATE campaign_lock SET heartbeat = heartbeat - 10000") == 0, "older");
	CHECK(try_lock(db, msg, sizeof msg, note, sizeof note) == 0 &&
	              strstr(note, "no sign of life from host elsewhere"),
	      "another host silent past the lease: taken over: %s / %s", msg, note);
	setenv("ISAPROBE_LOCK_LEASE", "3600", 1);
}

/* A writer whose lock another took over stores nothing more; the heartbeat beats meanwhile. */
static void test_taken_from_writer(void)
{
	const char *db = path("taken.db");
	struct ip_store *s;
	struct ip_diag d;
	int64_t probe_id, device_id, id;
	uint64_t cursor;
	int finished;
	uint8_t value[4] = {1, 0, 0, 0};
	struct ip_run run = {0, value, 4, {IP_STATUS_OK, 0, fixture_out_a, sizeof fixture_out_a}};
	struct ip_campaign_key key = {0, 0, "walk", 0, 0, 0, 1};
	long long beat;
	setenv("ISAPROBE_LOCK_LEASE", "0.4", 1); /* a beat every 0.1 s */
	ip_diag_init(&d, db);
	if (ip_store_open(db, IP_STORE_READ_WRITE_CREATE, &s, &d)) {
		CHECK(0, "open: %s", d.msg);
		return;
	}
	probe_id = ip_store_probe(s, "p", "midgard", "text", 0, &d);
	device_id = ip_store_device(s, "sim", "t760", NULL, &d);
	key.probe_id = probe_id;
	key.device_id = device_id;
	id = ip_store_campaign(s, &key, &cursor, &finished, &d);
	CHECK(id > 0 && ip_store_campaign_lock(s, id, &cursor, &finished, NULL, 0, &d) == 0,
	      "lock: %s", d.msg);
	CHECK(ip_store_record(s, id, &run, 1, 1, &d) == 0, "records under its lock: %s", d.msg);
	beat = scalar(db, "SELECT heartbeat FROM campaign_lock");
	sleep_ms(350);
	CHECK(scalar(db, "SELECT heartbeat FROM campaign_lock") > beat,
	      "the heartbeat moved without a batch");
	/* another process decided this one was gone and took the lock */
	CHECK(sql(db, "UPDATE campaign_lock SET token = randomblob(16), pid = 4343,"
	              " host = 'elsewhere'") == 0, "taken over");
	CHECK(ip_store_record(s, id, &run, 1, 2, &d) != 0 &&
	              strstr(d.msg, "was taken over by process 4343 on host elsewhere"),
	      "the writer stops: %s", d.msg);
	ip_store_close(s);
	CHECK(scalar(db, "SELECT sum(count) FROM run") == 1 &&
	              scalar(db, "SELECT cursor FROM campaign") == 1,
	      "nothing stored after the lock was lost");
	CHECK(scalar(db, "SELECT pid FROM campaign_lock") == 4343, "the new holder's lock stays");
	setenv("ISAPROBE_LOCK_LEASE", "3600", 1);
}

/* db merge does not replace the runs of a campaign another process is running in OUT. */
static void test_merge_running(void)
{
	const char *in = path("merge-in.db"), *out = path("merge-out.db");
	struct ip_store *s;
	struct ip_campaign_opts o;
	struct ip_campaign_result r;
	struct ip_diag d;
	volatile sig_atomic_t stop = 1;
	const char *inputs[1] = {in};
	long long before;
	char msg[64];
	pid_t pid;
	memset(&o, 0, sizeof o);
	o.backend = &fake_backend;
	o.strategy = IP_STRATEGY_WALK;
	o.batch = 8;
	o.jobs = 1;
	o.stop = &stop; /* the first batch, then stop */
	ip_diag_init(&d, in);
	CHECK(ip_store_open(in, IP_STORE_READ_WRITE_CREATE, &s, &d) == 0 &&
	              ip_campaign_run(s, &probe, &o, &r, &d) == 0,
	      "a started campaign: %s", d.msg);
	ip_store_close(s);
	CHECK(ip_store_merge(out, inputs, 1, NULL, &d) == 0, "merged: %s", d.msg);
	o.stop = NULL;
	o.resume = 1;
	CHECK(ip_store_open(in, IP_STORE_READ_WRITE, &s, &d) == 0 &&
	              ip_campaign_run(s, &probe, &o, &r, &d) == 0 && r.finished,
	      "finished: %s", d.msg);
	ip_store_close(s);
	before = scalar(out, "SELECT coalesce(sum(count), 0) FROM run");
	pid = holder(out, "hold"); /* someone runs that campaign in OUT */
	CHECK(ip_store_merge(out, inputs, 1, NULL, &d) != 0, "merge refused");
	snprintf(msg, sizeof msg, "is being run by process %d", (int)pid);
	CHECK(strstr(d.msg, msg) != NULL, "naming it: %s", d.msg);
	CHECK(scalar(out, "SELECT coalesce(sum(count), 0) FROM run") == before, "OUT unchanged");
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	CHECK(ip_store_merge(out, inputs, 1, NULL, &d) == 0, "merged once it is gone: %s", d.msg);
	CHECK(scalar(out, "SELECT sum(count) FROM run") == 54, "walk: 2 x 27 runs");
}

int main(void)
{
	struct ip_diag d;
	struct ip_campaign_result r;
	const char *ref;
	dir = fixture_tmpdir("test_faults_lock");
	setenv("ISAPROBE_LOCK_LEASE", "3600", 1);
	if (ip_probe_parse(fake_probe_text, "fake.probe", &probe, &d) != 0) {
		ip_diag_print(&d, stderr);
		return 1;
	}
	ref = strdup(path("ref.db"));
	CHECK(campaign(ref, -1, 0, &r, &d) == 0 && r.finished, "reference: %s", d.msg);
	test_two_at_once(ref, 0);
	test_two_at_once(ref, 1);
	test_killed(ref);
	test_stale_and_live(ref);
	test_taken_from_writer();
	test_merge_running();
	free((char *)ref);
	ip_probe_free(&probe);
	fixture_rmdir(dir);
	return check_report("test_faults_lock");
}
