/* lock.c: one writer per campaign. The lock is a row of campaign_lock (schema version 2) naming
 * the process that holds it; a lock whose process is gone (kill -9, a crash) is taken over.
 *
 * A lock is stale, and the next writer takes it over, when
 *   - it was taken on this host (same host name and boot id) and its process is gone: no such
 *     pid, a zombie, or a pid that now belongs to a process started at another time; or
 *   - it was taken on this host before the host restarted (another boot id); or
 *   - it was taken on another host (a database on a shared disk) and shows no sign of life for
 *     longer than the lease (ISAPROBE_LOCK_LEASE seconds, default 120): its holder refreshes
 *     `heartbeat` from a thread of its own every quarter of the lease, whatever the campaign is
 *     doing (a batch on a slow board), so only a holder that is gone or cut off stays silent
 *     that long.
 * Host clocks are compared for the lease: hosts sharing a database should agree on the time
 * within it. A live holder keeps its lock however long it is silent on its own host (a stopped
 * process, a hung agent): the pid says more than the clock.
 *
 * Every write of runs checks the lock in its own transaction (ip_store_lock_check): a process
 * whose lock was taken over stops with an error and stores nothing more, so two writers never
 * count the same variants. (The check only reads: the heartbeat is the thread's, so a batch
 * writes the same pages whatever the clock says.) */
#define _GNU_SOURCE /* gethostname on older C libraries */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "store_internal.h"

#define DEFAULT_LEASE_S 120.0

struct ip_store_lock {
	int64_t campaign_id; /* 0: none held */
	uint8_t token[16];
	sqlite3_stmt *get;
	/* the heartbeat thread, with its own connection */
	pthread_t thread;
	int running, stop;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	char *path;
	double interval_s;
};

/* Who a lock names: this process, or the holder of a row. */
struct who {
	long long pid, started, heartbeat_ms;
	char host[256], boot[64], command[256], since[32];
};

static long long now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_REALTIME, &t);
	return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static double lease_s(void)
{
	const char *s = getenv("ISAPROBE_LOCK_LEASE");
	double v = s ? atof(s) : 0;
	return v > 0 ? v : DEFAULT_LEASE_S;
}

/* Reads a small file's first line into buf ("" when it cannot). */
static void read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	buf[0] = 0;
	if (!f)
		return;
	if (!fgets(buf, (int)len, f))
		buf[0] = 0;
	fclose(f);
	buf[strcspn(buf, "\n")] = 0;
}

/* From /proc/PID/stat: the state letter and the start time (clock ticks after boot); 0 when
 * there is no such process (or no /proc). The command name (field 2) may hold spaces and
 * parentheses: the fields after it start after its last ')'. */
static int proc_stat(long long pid, char *state, long long *started)
{
	char path[64], buf[1024], *p;
	unsigned long long start = 0;
	snprintf(path, sizeof path, "/proc/%lld/stat", pid);
	read_line(path, buf, sizeof buf);
	if (!buf[0] || !(p = strrchr(buf, ')')))
		return 0;
	/* after ')': state (3), then fields 4 .. 21, then starttime (22) */
	if (sscanf(p + 1, " %c %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s "
	                  "%*s %llu", state, &start) != 2)
		return 0;
	*started = (long long)start;
	return 1;
}

static void whoami(struct who *w)
{
	char state;
	FILE *f;
	memset(w, 0, sizeof *w);
	w->pid = getpid();
	if (gethostname(w->host, sizeof w->host - 1) != 0)
		snprintf(w->host, sizeof w->host, "?");
	read_line("/proc/sys/kernel/random/boot_id", w->boot, sizeof w->boot);
	if (!proc_stat(w->pid, &state, &w->started))
		w->started = 0;
	/* the command line, arguments joined by spaces, for the message a second writer gets */
	if ((f = fopen("/proc/self/cmdline", "r"))) {
		size_t n = fread(w->command, 1, sizeof w->command - 1, f);
		for (size_t i = 0; i + 1 < n; i++)
			if (!w->command[i])
				w->command[i] = ' ';
		w->command[n] = 0;
		fclose(f);
	}
}

/* Whether the process a lock of this host names is still there. */
static int alive(const struct who *h)
{
	char state = 0;
	long long started = 0;
	if (h->pid <= 0 || (kill((pid_t)h->pid, 0) != 0 && errno == ESRCH))
		return 0;
	if (!proc_stat(h->pid, &state, &started))
		return 1; /* no /proc: the pid exists, so it holds */
	if (state == 'Z' || state == 'X')
		return 0; /* killed, not yet reaped */
	return !(h->started && started != h->started); /* a new process under the old pid */
}

/* NULL when holder h still holds its lock; else why it does not (for the message). */
static const char *stale(const struct who *h, const struct who *me, char *buf, size_t len)
{
	int here = strcmp(h->host, me->host) == 0;
	if (here && h->boot[0] && me->boot[0] && strcmp(h->boot, me->boot) != 0)
		return "this host has restarted since";
	if (here) {
		if (alive(h))
			return NULL;
		snprintf(buf, len, "process %lld is gone", h->pid);
		return buf;
	}
	if ((double)(now_ms() - h->heartbeat_ms) / 1000 <= lease_s())
		return NULL;
	snprintf(buf, len, "no sign of life from host %.60s for %.0f s (the lease is %.0f s)", h->host,
	         (double)(now_ms() - h->heartbeat_ms) / 1000, lease_s());
	return buf;
}

static void copy_text(sqlite3_stmt *st, int col, char *out, size_t len)
{
	const unsigned char *t = sqlite3_column_text(st, col);
	snprintf(out, len, "%s", t ? (const char *)t : "");
}

static struct ip_store_lock *lock_state(struct ip_store *s)
{
	static const char get_sql[] =
		"SELECT pid, host, boot_id, started, command, acquired_at, heartbeat, token"
		" FROM campaign_lock WHERE campaign_id = ?1";
	struct ip_store_lock *l = s->lock;
	if (l)
		return l;
	if (!(l = calloc(1, sizeof *l)))
		return NULL;
	if (sqlite3_prepare_v2(s->db, get_sql, -1, &l->get, NULL)) {
		free(l);
		return NULL;
	}
	pthread_mutex_init(&l->mu, NULL);
	pthread_cond_init(&l->cv, NULL);
	return s->lock = l;
}

/* The holder of campaign id's lock: 1 (h filled, *token its token), 0 none, -1 error. */
static int get_holder(struct ip_store_lock *l, int64_t id, struct who *h, uint8_t token[16])
{
	sqlite3_stmt *st = l->get;
	int rc;
	sqlite3_bind_int64(st, 1, id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		memset(h, 0, sizeof *h);
		h->pid = sqlite3_column_int64(st, 0);
		copy_text(st, 1, h->host, sizeof h->host);
		copy_text(st, 2, h->boot, sizeof h->boot);
		h->started = sqlite3_column_int64(st, 3);
		copy_text(st, 4, h->command, sizeof h->command);
		copy_text(st, 5, h->since, sizeof h->since);
		h->heartbeat_ms = sqlite3_column_int64(st, 6);
		memset(token, 0, 16);
		if (sqlite3_column_bytes(st, 7) == 16)
			memcpy(token, sqlite3_column_blob(st, 7), 16);
	}
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
}

/* "process 4242 on host h (since T, last sign of life 3 s ago; command: isaprobe campaign ...)" */
static void describe(const struct who *h, char *buf, size_t len)
{
	snprintf(buf, len, "process %lld on host %.100s (since %s, last sign of life %.0f s ago%s%.150s)",
	         h->pid, h->host, h->since, (double)(now_ms() - h->heartbeat_ms) / 1000,
	         h->command[0] ? "; command: " : "", h->command);
}

static void *heartbeat(void *arg)
{
	struct ip_store_lock *l = arg;
	struct ip_store *hs = NULL;
	sqlite3_stmt *st = NULL;
	int opened = 0;
	pthread_mutex_lock(&l->mu);
	while (!l->stop) {
		struct timespec until;
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_sec += (time_t)l->interval_s;
		until.tv_nsec += (long)((l->interval_s - (double)(time_t)l->interval_s) * 1e9);
		if (until.tv_nsec >= 1000000000L) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000L;
		}
		if (pthread_cond_timedwait(&l->cv, &l->mu, &until) == 0 || l->stop)
			continue;
		pthread_mutex_unlock(&l->mu);
		/* its own connection, from the first beat on (a short campaign never needs one) */
		if (!opened++ && ip_store_open(l->path, IP_STORE_READ_WRITE, &hs, NULL) == 0 &&
		    sqlite3_prepare_v2(hs->db, "UPDATE campaign_lock SET heartbeat = ?3"
		                               " WHERE campaign_id = ?1 AND token = ?2",
		                       -1, &st, NULL) != SQLITE_OK)
			st = NULL;
		if (!st) {
			pthread_mutex_lock(&l->mu);
			continue;
		}
		sqlite3_bind_int64(st, 1, l->campaign_id);
		sqlite3_bind_blob(st, 2, l->token, 16, SQLITE_STATIC);
		sqlite3_bind_int64(st, 3, now_ms());
		sqlite3_step(st); /* busy or full: the next beat, or the next batch, tries again */
		sqlite3_reset(st);
		pthread_mutex_lock(&l->mu);
	}
	pthread_mutex_unlock(&l->mu);
	sqlite3_finalize(st);
	ip_store_close(hs);
	return NULL;
}

static int fail_rollback(struct ip_store *s, struct ip_diag *d, const char *what, int64_t id)
{
	ip_store_fail(s, d, "%s campaign %lld", what, (long long)id);
	ip_store_rollback(s);
	return -1;
}

int ip_store_campaign_lock(struct ip_store *s, int64_t id, uint64_t *cursor, int *finished,
                           char *taken_over, size_t len, struct ip_diag *d)
{
	static const char what[] = "locking";
	struct ip_store_lock *l;
	struct who me, h;
	uint8_t token[16];
	sqlite3_stmt *st = NULL;
	char why[256];
	const char *gone;
	int found, rc;
	if (taken_over && len)
		taken_over[0] = 0;
	if (s->mode == IP_STORE_READ_ONLY)
		return ip_store_error(s, d, "locking campaign %lld: the database was opened read-only",
		                      (long long)id);
	if (!(l = lock_state(s)))
		return ip_store_fail(s, d, "locking campaign %lld: preparing", (long long)id);
	if (l->campaign_id)
		return ip_store_error(s, d, "locking campaign %lld: this handle holds the lock of "
		                            "campaign %lld", (long long)id, (long long)l->campaign_id);
	whoami(&me);
	if (getrandom(l->token, sizeof l->token, 0) != (ssize_t)sizeof l->token) {
		long long t = now_ms() ^ (me.pid << 20); /* unique enough: pid and time */
		memcpy(l->token, &t, sizeof t);
		memcpy(l->token + 8, &me.started, sizeof me.started);
	}
	if (ip_store_step_done(s, ST_BEGIN) != SQLITE_DONE)
		return ip_store_fail(s, d, "locking campaign %lld: starting a transaction",
		                     (long long)id);
	found = get_holder(l, id, &h, token);
	if (found < 0)
		return fail_rollback(s, d, what, id);
	if (found && !(gone = stale(&h, &me, why, sizeof why))) {
		char holder[512];
		ip_store_rollback(s);
		describe(&h, holder, sizeof holder);
		return ip_store_error(s, d, "campaign %lld is being run by %s: one writer per "
		                            "campaign (a lock that process holds in the database); "
		                            "wait for it, or stop it",
		                      (long long)id, holder);
	}
	if (found && taken_over && len) {
		char holder[512];
		describe(&h, holder, sizeof holder);
		snprintf(taken_over, len, "took over the lock of %s: %s", holder, gone);
	}
	rc = sqlite3_prepare_v2(s->db,
	                        "INSERT OR REPLACE INTO campaign_lock (campaign_id, token, pid, host,"
	                        " boot_id, started, command, heartbeat)"
	                        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)", -1, &st, NULL);
	if (rc == SQLITE_OK) {
		sqlite3_bind_int64(st, 1, id);
		sqlite3_bind_blob(st, 2, l->token, 16, SQLITE_STATIC);
		sqlite3_bind_int64(st, 3, me.pid);
		sqlite3_bind_text(st, 4, me.host, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 5, me.boot, -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 6, me.started);
		sqlite3_bind_text(st, 7, me.command, -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 8, now_ms());
		rc = sqlite3_step(st) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_OK)
		return fail_rollback(s, d, what, id);
	/* Where the campaign stands, read under the lock: another writer may have moved it. */
	rc = sqlite3_prepare_v2(s->db, "SELECT cursor, state FROM campaign WHERE id = ?1", -1, &st,
	                        NULL);
	if (rc == SQLITE_OK) {
		sqlite3_bind_int64(st, 1, id);
		rc = sqlite3_step(st);
	}
	if (rc != SQLITE_ROW) {
		sqlite3_finalize(st);
		if (rc == SQLITE_DONE) {
			ip_store_rollback(s);
			return ip_store_error(s, d, "locking campaign %lld: no such campaign",
			                      (long long)id);
		}
		return fail_rollback(s, d, what, id);
	}
	if (sqlite3_column_type(st, 0) != SQLITE_INTEGER || sqlite3_column_int64(st, 0) < 0) {
		sqlite3_finalize(st);
		ip_store_rollback(s);
		return ip_store_error(s, d, "table campaign, row (id %lld): its cursor is not a count "
		                            "of variants (the database is damaged, or was changed by "
		                            "hand)", (long long)id);
	}
	*cursor = (uint64_t)sqlite3_column_int64(st, 0);
	copy_text(st, 1, why, sizeof why);
	*finished = strcmp(why, "finished") == 0;
	sqlite3_finalize(st);
	if (ip_store_step_done(s, ST_COMMIT) != SQLITE_DONE)
		return fail_rollback(s, d, "committing the lock of", id);
	l->campaign_id = id;
	/* the heartbeat, for writers on other hosts that judge the lock by the lease */
	l->interval_s = lease_s() / 4;
	l->stop = 0;
	free(l->path);
	l->path = strdup(s->path);
	l->running = l->path && pthread_create(&l->thread, NULL, heartbeat, l) == 0;
	return 0;
}

void ip_store_campaign_unlock(struct ip_store *s)
{
	struct ip_store_lock *l = s ? s->lock : NULL;
	sqlite3_stmt *st;
	if (!l || !l->campaign_id)
		return;
	if (l->running) {
		pthread_mutex_lock(&l->mu);
		l->stop = 1;
		pthread_cond_signal(&l->cv);
		pthread_mutex_unlock(&l->mu);
		pthread_join(l->thread, NULL);
		l->running = 0;
	}
	ip_store_rollback(s); /* an error may have left a transaction open */
	/* Not deleted (disk full, ...): the row names this process, so once it exits the lock is
	 * stale and the next writer takes it over. */
	if (sqlite3_prepare_v2(s->db, "DELETE FROM campaign_lock WHERE campaign_id = ?1"
	                              " AND token = ?2", -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_int64(st, 1, l->campaign_id);
		sqlite3_bind_blob(st, 2, l->token, 16, SQLITE_STATIC);
		sqlite3_step(st);
	}
	sqlite3_finalize(st);
	l->campaign_id = 0;
}

int ip_store_lock_check(struct ip_store *s, int64_t id, struct ip_diag *d)
{
	struct ip_store_lock *l = lock_state(s);
	struct who me, h;
	uint8_t token[16];
	char why[256], holder[512];
	int found;
	if (!l)
		return ip_store_fail(s, d, "checking the lock of campaign %lld", (long long)id);
	found = get_holder(l, id, &h, token);
	if (found < 0)
		return ip_store_fail(s, d, "checking the lock of campaign %lld", (long long)id);
	if (l->campaign_id == id && found && memcmp(token, l->token, 16) == 0)
		return 0;
	if (l->campaign_id == id) {
		if (!found)
			return ip_store_error(s, d, "the lock of campaign %lld was removed while this "
			                            "process held it: stopping", (long long)id);
		describe(&h, holder, sizeof holder);
		return ip_store_error(s, d, "the lock of campaign %lld was taken over by %s (it "
		                            "found this process silent for longer than the lease): "
		                            "stopping", (long long)id, holder);
	}
	whoami(&me);
	if (!found || stale(&h, &me, why, sizeof why))
		return 0; /* nobody holds it: a writer that takes no lock may write */
	describe(&h, holder, sizeof holder);
	return ip_store_error(s, d, "campaign %lld is being run by %s: one writer per campaign",
	                      (long long)id, holder);
}

void ip_store_lock_free(struct ip_store *s)
{
	struct ip_store_lock *l = s->lock;
	if (!l)
		return;
	ip_store_campaign_unlock(s);
	sqlite3_finalize(l->get);
	pthread_mutex_destroy(&l->mu);
	pthread_cond_destroy(&l->cv);
	free(l->path);
	free(l);
	s->lock = NULL;
}
