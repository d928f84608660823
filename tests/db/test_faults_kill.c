/* test_faults_kill.c: kill -9 and a full disk at points a seed picks among every write, sync
 * and truncation SQLite makes (fault_vfs.h) during a campaign, a db merge and an inference;
 * each time the same command run again (campaign --resume) ends with exactly the database an
 * uninterrupted run makes: nothing lost, nothing counted twice, no lock left behind.
 * ISAPROBE_SEED picks the points; ISAPROBE_TEST_SCALE how many. */
#include <fcntl.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fault_db.h"
#include "fault_vfs.h"
#include "isaprobe/internal/infer.h"

static char *dir;

static const char *path(const char *fmt, unsigned k)
{
	static char buf[8][512];
	static unsigned n;
	char *b = buf[n++ % 8], name[64];
	snprintf(name, sizeof name, fmt, k);
	snprintf(b, 512, "%s/%s", dir, name);
	return b;
}

static const char *shards[4];

static int merge(const char *out, struct ip_diag *d)
{
	ip_diag_init(d, out);
	return ip_store_merge(out, shards, 4, NULL, d);
}

static int infer(const char *db, struct ip_diag *d)
{
	struct ip_store *s;
	int rc;
	ip_diag_init(d, db);
	if (ip_store_open(db, IP_STORE_READ_WRITE, &s, d))
		return -1;
	rc = ip_infer(s, NULL, NULL, d);
	ip_store_close(s);
	return rc;
}

enum op { OP_CAMPAIGN, OP_MERGE, OP_INFER };
static const char *const op_name[] = {"campaign", "merge", "infer"};

/* Runs op on db the way a user would first run it (a campaign without --resume). */
static int run_op(enum op op, const char *db, int again, struct ip_diag *d)
{
	struct ip_campaign_result r;
	if (op == OP_CAMPAIGN) {
		int rc = campaign(db, -1, again, &r, d);
		return rc ? rc : r.finished ? 0 : ip_diag_plain(d, "the campaign did not finish");
	}
	return op == OP_MERGE ? merge(db, d) : infer(db, d);
}

/* ---- the faults ---------------------------------------------------------------------------- */

/* In a child: op on db with the faulty VFS (mode, at). Exit status: 0 the op succeeded, 1 it
 * failed with an error that says "full" (FAULT_FULL), 2 anything else; or killed by SIGKILL.
 * FAULT_COUNT writes the number of events to fd. */
static pid_t hurt(enum op op, const char *db, enum fault_mode mode, unsigned long long at, int fd)
{
	pid_t pid = fork();
	if (pid == 0) {
		struct ip_diag d;
		int rc;
		fault_vfs_install(mode, at);
		rc = run_op(op, db, 0, &d);
		if (mode == FAULT_COUNT) {
			unsigned long long events = fault_vfs_events();
			if (write(fd, &events, sizeof events) != sizeof events)
				_exit(3);
		}
		if (rc && mode == FAULT_FULL && strstr(d.msg, "full"))
			_exit(1);
		if (rc)
			fprintf(stderr, "%s at %llu: %s\n", op_name[op], at, d.msg);
		_exit(rc ? 2 : 0);
	}
	return pid;
}

/* The uninterrupted run into ref (also counting its I/O events): the number of events. */
static unsigned long long reference(enum op op, const char *ref)
{
	int fds[2], status = 0;
	unsigned long long events = 0;
	pid_t pid;
	if (pipe(fds))
		abort();
	pid = hurt(op, ref, FAULT_COUNT, 0, fds[1]);
	close(fds[1]);
	if (read(fds[0], &events, sizeof events) != sizeof events)
		events = 0;
	close(fds[0]);
	waitpid(pid, &status, 0);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0 && events > 10,
	      "%s: the uninterrupted run (status %d, %llu I/O events)", op_name[op], status, events);
	return events;
}

/* op killed (or its disk filled) at `at`, then run again as a user would: equal to ref. */
static void fault_once(enum op op, enum fault_mode mode, unsigned long long at, const char *ref,
                       const char *db, const char *start)
{
	char what[128];
	struct ip_diag d;
	int status = 0;
	if (start)
		copy_file(start, db);
	snprintf(what, sizeof what, "%s %s at I/O event %llu", op_name[op],
	         mode == FAULT_KILL ? "killed" : "on a full disk", at);
	waitpid(hurt(op, db, mode, at, -1), &status, 0);
	if (mode == FAULT_KILL)
		CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL, "%s: killed (status %d)",
		      what, status);
	else /* failed saying so; or the event only hurt the closing checkpoint, which loses nothing */
		CHECK(WIFEXITED(status) && WEXITSTATUS(status) <= 1, "%s: a clear error (status %d)",
		      what, status);
	CHECK(run_op(op, db, 1, &d) == 0, "%s, run again: %s", what, d.msg);
	same_db(db, ref, what);
}

static void scenario(enum op op, const char *ref_path, const char *start_path, uint64_t *rng)
{
	char ref[512], start_buf[512], *start = NULL;
	unsigned long long events;
	snprintf(ref, sizeof ref, "%s", ref_path);
	if (start_path)
		start = strcpy(start_buf, start_path);
	unsigned kills = (unsigned)test_scaled(14), fulls = (unsigned)test_scaled(6);
	if (start)
		copy_file(start, ref);
	events = reference(op, ref);
	if (!events)
		return;
	if (kills < 3)
		kills = 3;
	if (fulls < 2)
		fulls = 2;
	for (unsigned k = 0; k < kills + fulls; k++) {
		/* the first and the last event, then points the seed picks */
		unsigned long long at = k == 0 ? 1 : k == 1 ? events : 1 + test_rand(rng) % events;
		fault_once(op, k < kills ? FAULT_KILL : FAULT_FULL, at, ref, path("hurt-%u.db", k),
		           start);
		unlink(path("hurt-%u.db-wal", k));
		unlink(path("hurt-%u.db-shm", k));
		unlink(path("hurt-%u.db", k));
	}
	printf("%s: %llu I/O events; killed at %u of them, disk full at %u; each run again "
	       "equals the uninterrupted run\n",
	       op_name[op], events, kills, fulls);
}

int main(void)
{
	struct ip_diag d;
	uint64_t seed = test_seed(18), rng = seed;
	struct ip_campaign_result r;
	dir = fixture_tmpdir("test_faults_kill");
	setenv("ISAPROBE_LOCK_LEASE", "3600", 1); /* no heartbeat thread writes during the test */
	if (ip_probe_parse(fake_probe_text, "fake.probe", &probe, &d) != 0) {
		ip_diag_print(&d, stderr);
		return 1;
	}
	printf("seed %llu (ISAPROBE_SEED)\n", (unsigned long long)seed);
	scenario(OP_CAMPAIGN, path("campaign-ref.db", 0), NULL, &rng);
	/* merge: four shards of the campaign, merged into one */
	for (int i = 0; i < 4; i++) {
		shards[i] = strdup(path("shard%u.db", (unsigned)i));
		CHECK(campaign(shards[i], i, 0, &r, &d) == 0 && r.finished, "shard %d: %s", i, d.msg);
	}
	scenario(OP_MERGE, path("merge-ref.db", 0), NULL, &rng);
	/* infer: on a copy of the campaign's database each time */
	scenario(OP_INFER, path("infer-ref.db", 0), path("campaign-ref.db", 0), &rng);
	for (int i = 0; i < 4; i++)
		free((char *)shards[i]);
	ip_probe_free(&probe);
	fixture_rmdir(dir);
	return check_report("test_faults_kill");
}
