/* afl_campaign.c: `campaign --engine afl`: prepares the corpus, runs afl-fuzz unattended with
 * the harness and the mutator, and stores every run the harnesses log, batch by batch. */
#define _GNU_SOURCE /* F_SETPIPE_SZ */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdarg.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "campaign_row.h"
#include "common/grow.h"
#include "exec.h"
#include "fuzz/afl/afl_internal.h"
#include "isaprobe/internal/afl.h"

#define BATCH 4096
#define PENDING_MAX ((size_t)256 << 20) /* log bytes waiting to be stored */
#define PIPE_BYTES (1 << 20)
#define STOP_GRACE_MS 10000

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* snprintf that may cut: a path too long for its buffer is cut (and then not found). */
static void textf(char *out, size_t cap, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void textf(char *out, size_t cap, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(out, cap, fmt, ap);
	va_end(ap);
}

static int executable(const char *path)
{
	return access(path, X_OK) == 0;
}

/* The folder of the running program, with a trailing '/', or "". */
static void self_dir(char *out, size_t cap)
{
	ssize_t n = readlink("/proc/self/exe", out, cap - 1);
	char *slash;
	out[n > 0 ? n : 0] = '\0';
	slash = strrchr(out, '/');
	if (slash)
		slash[1] = '\0';
	else
		out[0] = '\0';
}

int ip_afl_find_tools(struct ip_afl_tools *t, struct ip_diag *d)
{
	const char *e, *path = getenv("PATH");
	char dir[4096];
	memset(t, 0, sizeof *t);
	if ((e = getenv("ISAPROBE_AFL_FUZZ")) && *e) {
		textf(t->afl_fuzz, sizeof t->afl_fuzz, "%s", e);
	} else {
		for (const char *p = path ? path : "/usr/bin"; *p;) {
			size_t n = strcspn(p, ":");
			textf(t->afl_fuzz, sizeof t->afl_fuzz, "%.*s/afl-fuzz", (int)n, p);
			if (n && executable(t->afl_fuzz))
				break;
			t->afl_fuzz[0] = '\0';
			p += n + (p[n] == ':');
		}
	}
	if (!t->afl_fuzz[0] || !executable(t->afl_fuzz))
		return ip_diag_plain(d, "afl-fuzz not found (on PATH or $ISAPROBE_AFL_FUZZ): the afl "
		                        "engine needs AFL++ (Debian: apt-get install afl++)");
	self_dir(dir, sizeof dir);
#ifdef ISAPROBE_HELPER_FROM_BIN
	{ /* installed: the helpers are in LIBEXECDIR/isaprobe (packaging/install.cmake) */
		char next[4200];
		textf(next, sizeof next, "%sisaprobe-afl-harness", dir);
		if (!executable(next) && dir[0])
			textf(dir + strlen(dir), sizeof dir - strlen(dir), "%s/", ISAPROBE_HELPER_FROM_BIN);
	}
#endif
	if ((e = getenv("ISAPROBE_AFL_HARNESS")) && *e)
		textf(t->harness, sizeof t->harness, "%s", e);
	else
		textf(t->harness, sizeof t->harness, "%sisaprobe-afl-harness", dir);
	if ((e = getenv("ISAPROBE_AFL_MUTATOR")) && *e)
		textf(t->mutator, sizeof t->mutator, "%s", e);
	else
		textf(t->mutator, sizeof t->mutator, "%slibisaprobe-afl-mutator.so", dir);
	if (!executable(t->harness))
		return ip_diag_plain(d, "the AFL++ harness %s is missing: it is built with afl-cc "
		                        "when AFL++ is installed (reconfigure the build after "
		                        "installing afl++), or set $ISAPROBE_AFL_HARNESS",
		                     t->harness);
	if (access(t->mutator, R_OK) != 0)
		return ip_diag_plain(d, "the AFL++ custom mutator %s is missing (set "
		                        "$ISAPROBE_AFL_MUTATOR)",
		                     t->mutator);
	return 0;
}

static int make_dir(const char *path, struct ip_diag *d)
{
	char buf[4096];
	textf(buf, sizeof buf, "%s", path);
	for (char *p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0777) != 0 && errno != EEXIST)
			return ip_diag_plain(d, "cannot make folder %s: %s", buf, strerror(errno));
		*p = '/';
	}
	if (mkdir(buf, 0777) != 0 && errno != EEXIST)
		return ip_diag_plain(d, "cannot make folder %s: %s", buf, strerror(errno));
	return 0;
}

static int write_file(const char *path, const void *data, size_t n, struct ip_diag *d)
{
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(data, 1, n, f) != n || fclose(f) != 0) {
		if (f)
			fclose(f);
		return ip_diag_plain(d, "cannot write %s: %s", path, strerror(errno));
	}
	return 0;
}

/* One afl-fuzz instance, its run log and the reader's state for that log. */
struct instance {
	pid_t pid;
	int status, exited;
	int fd, dummy;           /* the log's read end; our own write end (no EOF before we close) */
	int eof;
	char name[16];           /* default, main, s1, ... */
	char log[4200], fifo[4200], afl_log[4200];
	struct ip_afl_log_reader reader;
};

/* What the reader thread hands to the storing thread: whole records, re-encoded. */
struct shared {
	pthread_mutex_t lock;
	pthread_cond_t room;
	uint8_t *pending;
	size_t len, cap;
	int quit;          /* the storing thread gave up waiting */
	int oom;
	struct instance *inst;
	unsigned n;
	uint64_t bad, skipped;
	size_t value_len, output_len;
	unsigned ncontexts;
};

static int append(struct shared *sh, const struct ip_afl_logrec *rec)
{
	size_t need = ip_afl_log_size(rec);
	pthread_mutex_lock(&sh->lock);
	while (sh->len + need > PENDING_MAX && sh->len > 0 && !sh->quit)
		pthread_cond_wait(&sh->room, &sh->lock);
	if (ip_grow((void **)&sh->pending, &sh->cap, sh->len + need, 1)) {
		sh->oom = 1;
		pthread_mutex_unlock(&sh->lock);
		return -1;
	}
	ip_afl_log_encode(rec, sh->pending + sh->len);
	sh->len += need;
	pthread_mutex_unlock(&sh->lock);
	return 0;
}

/* Reads every log until all of them reach end of file (or quit). */
static void *reader_main(void *arg)
{
	struct shared *sh = arg;
	uint8_t buf[65536];
	for (;;) {
		struct pollfd pf[IP_AFL_MAX_JOBS];
		unsigned open = 0;
		int quit;
		pthread_mutex_lock(&sh->lock);
		quit = sh->quit || sh->oom;
		pthread_mutex_unlock(&sh->lock);
		if (quit)
			return NULL;
		for (unsigned i = 0; i < sh->n; i++) {
			pf[i].fd = sh->inst[i].eof ? -1 : sh->inst[i].fd;
			pf[i].events = POLLIN;
			pf[i].revents = 0;
			open += !sh->inst[i].eof;
		}
		if (!open)
			return NULL;
		if (poll(pf, sh->n, 200) < 0 && errno != EINTR)
			return NULL;
		for (unsigned i = 0; i < sh->n; i++) {
			struct instance *in = &sh->inst[i];
			struct ip_afl_logrec rec;
			ssize_t k;
			if (in->eof || !(pf[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			k = read(in->fd, buf, sizeof buf);
			if (k == 0 || (k < 0 && errno != EAGAIN && errno != EINTR)) {
				pthread_mutex_lock(&sh->lock);
				in->eof = 1;
				pthread_mutex_unlock(&sh->lock);
				continue;
			}
			if (k < 0)
				continue;
			if (ip_afl_log_feed(&in->reader, buf, (size_t)k) != 0) {
				pthread_mutex_lock(&sh->lock);
				sh->oom = 1;
				pthread_mutex_unlock(&sh->lock);
				return NULL;
			}
			while (ip_afl_log_next(&in->reader, &rec)) {
				if (rec.context >= sh->ncontexts || rec.value_len != sh->value_len ||
				    (unsigned)rec.status >= IP_STATUS_COUNT ||
				    (rec.len != 0 && rec.len != sh->output_len)) {
					pthread_mutex_lock(&sh->lock);
					sh->bad++;
					pthread_mutex_unlock(&sh->lock);
					continue;
				}
				if (append(sh, &rec) != 0)
					return NULL;
			}
		}
	}
}

struct driver {
	struct ip_store *s;
	const struct ip_probe *p;
	const struct ip_afl_opts *o;
	struct ip_afl_result *r;
	struct ip_afl_classifier *classes;
	struct ip_afl_class_set seen;
	struct ip_outcome base[IP_PROBE_MAX_CONTEXTS];
	uint8_t *base_data;
	struct ip_run *runs;
	uint8_t *taken;          /* pending bytes being stored */
	size_t taken_cap;
	double t0, last_progress;
	char runner_name[64];
};

/* Stores the records in bytes[0..n) (whole records), BATCH runs per transaction. */
static int store_bytes(struct driver *dr, const uint8_t *bytes, size_t n, struct ip_diag *d)
{
	struct ip_afl_log_reader rd = {0};
	struct ip_afl_logrec rec;
	size_t k = 0;
	int rc = 0;
	/* The reader works on its own copy; records point into it. */
	if (ip_afl_log_feed(&rd, bytes, n) != 0)
		return ip_diag_plain(d, "out of memory");
	for (;;) {
		int more = ip_afl_log_next(&rd, &rec);
		if (more) {
			struct ip_run *run = &dr->runs[k++];
			uint8_t *v = dr->taken + (k - 1) * 16;
			memcpy(v, rec.value, rec.value_len);
			run->context = rec.context;
			run->value = v;
			run->value_len = rec.value_len;
			run->outcome.status = rec.status;
			run->outcome.fault = rec.fault;
			run->outcome.data = rec.data;
			run->outcome.len = rec.len;
			dr->r->by_status[rec.status]++;
			if (ip_afl_class_set_add(&dr->seen,
			                         ip_afl_classify(dr->classes, &dr->base[rec.context],
			                                         &run->outcome, NULL, NULL)) < 0) {
				rc = ip_diag_plain(d, "out of memory");
				break;
			}
		}
		if (k == BATCH || (!more && k > 0)) {
			if (ip_store_record(dr->s, dr->r->campaign_id, dr->runs, k,
			                    dr->r->cursor_end + k, d) != 0) {
				rc = -1;
				break;
			}
			dr->r->cursor_end += k;
			dr->r->runs += k;
			k = 0;
		}
		if (!more)
			break;
	}
	dr->r->classes = ip_afl_class_set_count(&dr->seen);
	ip_afl_log_reader_free(&rd);
	return rc;
}

/* Takes what the reader thread has gathered and stores it. */
static int store_pending(struct driver *dr, struct shared *sh, struct ip_diag *d)
{
	uint8_t *bytes;
	size_t n;
	int rc;
	pthread_mutex_lock(&sh->lock);
	bytes = sh->pending;
	n = sh->len;
	sh->pending = NULL;
	sh->len = sh->cap = 0;
	pthread_cond_broadcast(&sh->room);
	pthread_mutex_unlock(&sh->lock);
	if (!n) {
		free(bytes);
		return 0;
	}
	rc = store_bytes(dr, bytes, n, d);
	free(bytes);
	return rc;
}

/* afl-fuzz's statistics of one instance: adds execs_done, corpus_count, saved crashes and
 * hangs (AFL++ 4 names; AFL++ 3's paths_total and unique_* too) to r's. */
static void read_stats(const char *outdir, const char *name, struct ip_afl_result *r)
{
	char path[4200], line[512];
	FILE *f;
	textf(path, sizeof path, "%s/%s/fuzzer_stats", outdir, name);
	f = fopen(path, "r");
	if (!f)
		return;
	while (fgets(line, sizeof line, f)) {
		char key[64];
		unsigned long long v;
		if (sscanf(line, "%63s : %llu", key, &v) != 2)
			continue;
		if (!strcmp(key, "execs_done"))
			r->execs += v;
		else if (!strcmp(key, "corpus_count") || !strcmp(key, "paths_total"))
			r->queued += v;
		else if (!strcmp(key, "saved_crashes") || !strcmp(key, "unique_crashes"))
			r->crashes += v;
		else if (!strcmp(key, "saved_hangs") || !strcmp(key, "unique_hangs"))
			r->hangs += v;
	}
	fclose(f);
}

/* The queue of every instance right now, as their statistics last said. */
static uint64_t queue_size(const char *outdir, const struct instance *inst, unsigned n)
{
	struct ip_afl_result now;
	memset(&now, 0, sizeof now);
	for (unsigned i = 0; i < n; i++)
		read_stats(outdir, inst[i].name, &now);
	return now.queued;
}

static void progress(struct driver *dr, const char *outdir, const struct instance *inst,
                     unsigned n, int done)
{
	struct ip_afl_progress pr;
	double t = now();
	if (!dr->o->progress || (!done && t - dr->last_progress < 0.25))
		return;
	dr->last_progress = t;
	pr.cursor = dr->r->cursor_end;
	pr.runs = dr->r->runs;
	pr.budget = dr->o->budget;
	pr.seconds = t - dr->t0;
	pr.limit = dr->o->seconds;
	pr.classes = dr->r->classes;
	pr.queued = queue_size(outdir, inst, n);
	pr.done = done;
	dr->o->progress(dr->o->progress_arg, &pr);
}

/* The last lines of an afl-fuzz log, for an error message. */
static void log_tail(const char *path, char *out, size_t cap)
{
	FILE *f = fopen(path, "r");
	char buf[8192];
	size_t n;
	out[0] = '\0';
	if (!f)
		return;
	if (fseek(f, -(long)(sizeof buf - 1), SEEK_END) != 0)
		rewind(f);
	n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	/* the last few non-empty lines, without terminal escapes */
	{
		char clean[sizeof buf];
		size_t m = 0, lines = 0, start;
		for (size_t i = 0; i < n; i++) {
			if (buf[i] == 0x1b) {
				while (i < n && !((buf[i] >= 'A' && buf[i] <= 'Z') ||
				                  (buf[i] >= 'a' && buf[i] <= 'z')))
					i++;
				continue;
			}
			if ((unsigned char)buf[i] >= 0x20 || buf[i] == '\n')
				clean[m++] = buf[i];
		}
		while (m > 0 && clean[m - 1] == '\n')
			m--;
		start = m;
		while (start > 0 && lines < 4) {
			start--;
			if (clean[start] == '\n')
				lines++;
		}
		if (clean[start] == '\n')
			start++;
		clean[m] = '\0';
		textf(out, cap, "%s", clean + start);
		for (char *c = out; *c; c++)
			if (*c == '\n')
				*c = '|';
	}
}

static void set_env(const char *k, const char *v)
{
	setenv(k, v, 1);
}

/* Starts afl-fuzz instance i (in its own process group, stopped with us). */
static int spawn(const struct ip_afl_tools *t, const struct ip_afl_opts *o,
                 const struct ip_probe *p, const char *work, const char *fields,
                 struct instance *in, unsigned i, unsigned n, struct ip_diag *d)
{
	char in_dir[4200], out_dir[4200], counter[4200], seed[32], timeout[32];
	const char *argv[40];
	unsigned a = 0;
	pid_t parent = getpid();
	int logfd;
	textf(in_dir, sizeof in_dir, "%s/in", work);
	textf(out_dir, sizeof out_dir, "%s/out", work);
	textf(counter, sizeof counter, "%s/budget", work);
	snprintf(seed, sizeof seed, "%llu", (unsigned long long)(o->seed + i));
	textf(timeout, sizeof timeout, "%s", getenv("ISAPROBE_AFL_TIMEOUT") ?
	         getenv("ISAPROBE_AFL_TIMEOUT") : "2000+");
	logfd = open(in->afl_log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
	if (logfd < 0)
		return ip_diag_plain(d, "cannot open %s: %s", in->afl_log, strerror(errno));
	argv[a++] = t->afl_fuzz;
	argv[a++] = "-i";
	argv[a++] = in_dir;
	argv[a++] = "-o";
	argv[a++] = out_dir;
	argv[a++] = "-s";
	argv[a++] = seed;
	argv[a++] = "-t";
	argv[a++] = timeout;
	if (n > 1) {
		argv[a++] = i == 0 ? "-M" : "-S";
		argv[a++] = in->name;
	}
	argv[a++] = "--";
	argv[a++] = t->harness;
	argv[a++] = "--probe";
	argv[a++] = p->path;
	argv[a++] = "--runner";
	argv[a++] = o->runner ? o->runner : "sim";
	if (o->gpu) {
		argv[a++] = "--gpu";
		argv[a++] = o->gpu;
	}
	argv[a++] = "--log";
	argv[a++] = in->fifo;
	argv[a++] = "--counter";
	argv[a++] = counter;
	argv[a] = NULL;
	fflush(NULL);
	in->pid = fork();
	if (in->pid < 0) {
		close(logfd);
		return ip_diag_plain(d, "cannot start afl-fuzz: %s", strerror(errno));
	}
	if (in->pid == 0) {
		int null = open("/dev/null", O_RDONLY);
		setpgid(0, 0);
		prctl(PR_SET_PDEATHSIG, SIGTERM);
		if (getppid() != parent)
			_exit(1);
		if (null >= 0)
			dup2(null, 0);
		dup2(logfd, 1);
		dup2(logfd, 2);
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		signal(SIGPIPE, SIG_DFL);
		/* Unattended: no UI, no CPU-frequency or core-dump checks, no CPU binding (the
		 * machine may be shared), resume what the output folder holds; only our mutator,
		 * and no trimming (it would cut the images). */
		set_env("AFL_NO_UI", "1");
		set_env("AFL_SKIP_CPUFREQ", "1");
		set_env("AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES", "1");
		set_env("AFL_NO_AFFINITY", "1");
		set_env("AFL_AUTORESUME", "1");
		set_env("AFL_CUSTOM_MUTATOR_LIBRARY", t->mutator);
		set_env("AFL_CUSTOM_MUTATOR_ONLY", "1");
		set_env("AFL_DISABLE_TRIM", "1");
		set_env("AFL_FAST_CAL", "1");
		set_env("AFL_SKIP_CRASHES", "1");
		set_env("AFL_NO_CRASH_README", "1");
		set_env("ISAPROBE_AFL_FIELDS", fields);
		set_env("ISAPROBE_AFL_SEEDS", in_dir); /* every context's seed (the mutator's turns) */
		unsetenv("AFL_PRELOAD");
		execv(t->afl_fuzz, (char *const *)argv);
		_exit(127);
	}
	setpgid(in->pid, in->pid);
	close(logfd);
	return 0;
}

/* Asks every instance still running to stop (afl-fuzz saves its state on SIGINT), waits up
 * to STOP_GRACE_MS, then kills what is left, harnesses included (their process groups). */
static void stop_all(struct instance *inst, unsigned n)
{
	double t_end = now() + STOP_GRACE_MS / 1000.0;
	for (unsigned i = 0; i < n; i++)
		if (inst[i].pid > 0 && !inst[i].exited)
			kill(-inst[i].pid, SIGINT);
	for (;;) {
		unsigned running = 0;
		for (unsigned i = 0; i < n; i++) {
			if (inst[i].pid <= 0 || inst[i].exited)
				continue;
			if (waitpid(inst[i].pid, &inst[i].status, WNOHANG) == inst[i].pid)
				inst[i].exited = 1;
			else
				running++;
		}
		if (!running || now() > t_end)
			break;
		usleep(20000);
	}
	for (unsigned i = 0; i < n; i++) {
		if (inst[i].pid <= 0)
			continue;
		kill(-inst[i].pid, SIGKILL);
		if (!inst[i].exited && waitpid(inst[i].pid, &inst[i].status, 0) == inst[i].pid)
			inst[i].exited = 1;
	}
}

/* Runs each context's seed on one runner: the device's model and the baselines classes are
 * measured against (the harness measures its own the same way). */
static int baselines(struct driver *dr, struct ip_diag *d)
{
	const struct ip_probe *p = dr->p;
	struct ip_runner_config cfg = {0};
	struct ip_runner *runner = NULL;
	struct ip_exec x;
	size_t olen = p->output_len ? p->output_len : 1;
	cfg.isa = p->isa->name;
	cfg.gpu = dr->o->gpu ? dr->o->gpu : p->gpu;
	dr->base_data = calloc(p->ncontexts, olen);
	if (!dr->base_data)
		return ip_diag_plain(d, "out of memory");
	if (ip_runner_open(dr->o->runner ? dr->o->runner : "sim", &cfg, &runner, d) != 0)
		return -1;
	if (ip_exec_init(&x, p, runner, 1, d) != 0) {
		ip_runner_close(runner);
		return -1;
	}
	textf(dr->r->model, sizeof dr->r->model, "%s", ip_runner_model(runner));
	textf(dr->runner_name, sizeof dr->runner_name, "%s", ip_runner_name(runner));
	for (unsigned c = 0; c < p->ncontexts; c++) {
		struct ip_variant v = {c, p->contexts[c].seed_value};
		const char *why = NULL;
		if (ip_exec_run(&x, &v, 1, dr->base_data + c * olen, &dr->base[c], &why) ==
		    IP_RUNNER_DEVICE_LOST) {
			ip_diag_plain(d, "the device is gone: %s", why);
			ip_exec_free(&x);
			ip_runner_close(runner);
			return -1;
		}
	}
	ip_exec_free(&x);
	ip_runner_close(runner);
	return 0;
}

/* The corpus: one image per context holding its seed value. */
static int write_corpus(const struct ip_probe *p, const struct ip_afl_layout *l,
                        const char *work, struct ip_diag *d)
{
	char path[4200];
	uint8_t *img = malloc(l->size);
	int rc = 0;
	if (!img)
		return ip_diag_plain(d, "out of memory");
	textf(path, sizeof path, "%s/in", work);
	if (make_dir(path, d) != 0) {
		free(img);
		return -1;
	}
	for (unsigned c = 0; c < p->ncontexts && rc == 0; c++) {
		ip_afl_image_write(p, l, c, &p->contexts[c].seed_value, img);
		textf(path, sizeof path, "%s/in/context-%02u-%s", work, c, p->contexts[c].label);
		for (char *ch = path + strlen(work) + 4; *ch; ch++)
			if (*ch == '/' || *ch == ' ')
				*ch = '_';
		rc = write_file(path, img, l->size, d);
	}
	free(img);
	return rc;
}

static int open_logs(struct instance *inst, unsigned n, const char *work, struct ip_diag *d)
{
	for (unsigned i = 0; i < n; i++) {
		struct instance *in = &inst[i];
		if (n == 1)
			snprintf(in->name, sizeof in->name, "default");
		else if (i == 0)
			snprintf(in->name, sizeof in->name, "main");
		else
			snprintf(in->name, sizeof in->name, "s%u", i);
		textf(in->fifo, sizeof in->fifo, "%s/runlog-%s", work, in->name);
		textf(in->afl_log, sizeof in->afl_log, "%s/afl-fuzz-%s.log", work, in->name);
		unlink(in->fifo);
		if (mkfifo(in->fifo, 0600) != 0)
			return ip_diag_plain(d, "cannot make the run log %s: %s", in->fifo,
			                     strerror(errno));
		in->fd = open(in->fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		in->dummy = in->fd < 0 ? -1 : open(in->fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
		if (in->fd < 0 || in->dummy < 0)
			return ip_diag_plain(d, "cannot open the run log %s: %s", in->fifo,
			                     strerror(errno));
		fcntl(in->fd, F_SETPIPE_SZ, PIPE_BYTES); /* best effort: fewer stalls */
	}
	return 0;
}

static int write_counter(const char *work, uint64_t claimed, uint64_t limit, struct ip_diag *d)
{
	char path[4200];
	uint64_t c[2] = {claimed, limit};
	textf(path, sizeof path, "%s/budget", work);
	return write_file(path, c, sizeof c, d);
}

static uint64_t read_claimed(const char *work)
{
	char path[4200];
	uint64_t c[2] = {0, 0};
	FILE *f;
	textf(path, sizeof path, "%s/budget", work);
	f = fopen(path, "rb");
	if (f) {
		if (fread(c, sizeof c, 1, f) != 1)
			c[0] = 0;
		fclose(f);
	}
	return c[0];
}

/* What a run needs before the campaign is opened: the tools, the image layout and its fields
 * string (fields, fields_len bytes), the classifier, the baselines and the store's buffers.
 * 0, or -1 with d set. */
static int prepare(struct driver *dr, unsigned n, struct ip_afl_tools *tools,
                   struct ip_afl_layout *layout, char *fields, size_t fields_len,
                   struct ip_diag *d)
{
	const struct ip_afl_opts *o = dr->o;
	if (n > IP_AFL_MAX_JOBS)
		return ip_diag_plain(d, "at most %d afl-fuzz instances (--jobs)", IP_AFL_MAX_JOBS);
	if (!o->workdir)
		return ip_diag_plain(d, "the afl engine needs a folder for its corpus");
	if (ip_afl_find_tools(tools, d) != 0 || ip_afl_image_layout(dr->p, layout, d) != 0 ||
	    ip_afl_fields_string(layout, fields, fields_len) != 0 ||
	    ip_afl_classifier_new(dr->p, &dr->classes, d) != 0 || baselines(dr, d) != 0)
		return -1;
	dr->runs = malloc(BATCH * sizeof *dr->runs);
	dr->taken = malloc(BATCH * 16);
	if (!dr->runs || !dr->taken)
		return ip_diag_plain(d, "out of memory");
	return 0;
}

/* Starts the run-log reader and the n afl-fuzz instances (*started of them started: stops at
 * the first that cannot be). 0, or -1 with d set (the reader did not start, or an instance). */
static int start_fuzzing(struct driver *dr, struct shared *sh, struct instance *inst, unsigned n,
                         const struct ip_afl_tools *tools, const char *work, const char *fields,
                         pthread_t *reader, int *have_reader, unsigned *started,
                         struct ip_diag *d)
{
	const struct ip_probe *p = dr->p;
	sh->inst = inst;
	sh->n = n;
	sh->value_len = (p->width + 7) / 8;
	sh->output_len = p->output_len;
	sh->ncontexts = p->ncontexts;
	if (pthread_create(reader, NULL, reader_main, sh) != 0)
		return ip_diag_plain(d, "cannot start the run-log reader");
	*have_reader = 1;
	for (*started = 0; *started < n; (*started)++)
		if (spawn(tools, dr->o, p, work, fields, &inst[*started], *started, n, d) != 0)
			return -1;
	return 0;
}

/* Whether an instance stopped by itself (an error: d says which and how its log ends). */
static int any_exited(const struct driver *dr, struct instance *inst, unsigned started,
                      struct ip_diag *d)
{
	int exited = 0;
	for (unsigned i = 0; i < started; i++)
		if (!inst[i].exited && waitpid(inst[i].pid, &inst[i].status, WNOHANG) == inst[i].pid) {
			char tail[600];
			inst[i].exited = 1;
			log_tail(inst[i].afl_log, tail, sizeof tail);
			ip_diag_plain(d, "afl-fuzz (%s) stopped by itself (%s %d) after %.1f s; its "
			                 "log %s ends: %s",
			              inst[i].name, WIFEXITED(inst[i].status) ? "status" : "signal",
			              WIFEXITED(inst[i].status) ? WEXITSTATUS(inst[i].status)
			                                        : WTERMSIG(inst[i].status),
			              now() - dr->t0, inst[i].afl_log, tail);
			exited = 1;
		}
	return exited;
}

/* Stores what the instances log while they run, until a stop (o->stop, the time limit, the
 * budget claimed) or a failure. Returns whether it failed (d set). */
static int watch(struct driver *dr, struct shared *sh, struct instance *inst, unsigned started,
                 const char *work, const char *outdir, struct ip_diag *d)
{
	const struct ip_afl_opts *o = dr->o;
	struct ip_afl_result *r = dr->r;
	int failed = 0;
	while (!failed) {
		int stopping = 0;
		usleep(50000);
		if (store_pending(dr, sh, d) != 0)
			return 1;
		if (any_exited(dr, inst, started, d))
			failed = 1;
		pthread_mutex_lock(&sh->lock);
		if (sh->oom) {
			ip_diag_plain(d, "out of memory reading the run log");
			failed = 1;
		}
		pthread_mutex_unlock(&sh->lock);
		if (o->stop && *o->stop)
			r->interrupted = stopping = 1;
		else if (o->seconds > 0 && now() - dr->t0 >= o->seconds)
			r->timed_out = stopping = 1;
		else if (o->budget && read_claimed(work) >= o->budget)
			stopping = 1;
		progress(dr, outdir, inst, started, 0);
		if (stopping)
			break;
	}
	return failed;
}

/* Tells the reader to stop and waits for it. */
static void stop_reader(struct shared *sh, pthread_t reader)
{
	pthread_mutex_lock(&sh->lock);
	sh->quit = 1;
	pthread_cond_broadcast(&sh->room);
	pthread_mutex_unlock(&sh->lock);
	pthread_join(reader, NULL);
}

/* With the instances stopped: stores what their logs still hold (the reader reads each to its
 * end, STOP_GRACE_MS at most), then stops the reader and stores the rest. Errors go to d
 * unless one came before (`failed`: to scratch). Returns whether it (or before it) failed. */
static int drain(struct driver *dr, struct shared *sh, struct instance *inst, unsigned n,
                 pthread_t reader, int failed, struct ip_diag *scratch, struct ip_diag *d)
{
	double t_end;
	int done = 0;
	for (unsigned i = 0; i < n; i++)
		if (inst[i].dummy >= 0) {
			close(inst[i].dummy); /* with every harness gone: end of file for the reader */
			inst[i].dummy = -1;
		}
	t_end = now() + STOP_GRACE_MS / 1000.0;
	while (!done && now() < t_end) {
		done = 1;
		pthread_mutex_lock(&sh->lock);
		for (unsigned i = 0; i < n; i++)
			done &= inst[i].eof;
		pthread_mutex_unlock(&sh->lock);
		if (!done && store_pending(dr, sh, failed ? scratch : d) != 0)
			failed = 1;
		if (!done)
			usleep(20000);
	}
	stop_reader(sh, reader);
	if (store_pending(dr, sh, failed ? scratch : d) != 0)
		failed = 1;
	return failed;
}

/* Frees what a run holds: the instances' logs (and fifos), the reader's buffers, the driver's
 * classes and buffers. */
static void free_run(struct driver *dr, struct shared *sh, struct instance *inst)
{
	for (unsigned i = 0; i < IP_AFL_MAX_JOBS; i++) {
		if (inst[i].fd >= 0)
			close(inst[i].fd);
		if (inst[i].dummy >= 0)
			close(inst[i].dummy);
		if (inst[i].fifo[0])
			unlink(inst[i].fifo);
		ip_afl_log_reader_free(&inst[i].reader);
	}
	free(sh->pending);
	pthread_mutex_destroy(&sh->lock);
	pthread_cond_destroy(&sh->room);
	ip_afl_class_set_free(&dr->seen);
	ip_afl_classifier_free(dr->classes);
	free(dr->base_data);
	free(dr->runs);
	free(dr->taken);
}

int ip_afl_campaign_run(struct ip_store *s, const struct ip_probe *p, const struct ip_afl_opts *o,
                        struct ip_afl_result *r, struct ip_diag *d)
{
	struct ip_afl_tools tools;
	struct ip_afl_layout layout;
	struct ip_campaign_opts co = {0};
	struct ip_campaign_start c = {0};
	struct driver dr;
	struct shared sh;
	struct instance inst[IP_AFL_MAX_JOBS];
	unsigned n = o->jobs ? o->jobs : 1, started = 0;
	pthread_t reader;
	int have_reader = 0, rc = -1, failed = 0;
	char work[4200], fields[512], outdir[4200];
	double t_start = now();
	struct ip_diag scratch; /* errors after the first, which d keeps */

	ip_diag_init(&scratch, NULL);
	memset(r, 0, sizeof *r);
	memset(&dr, 0, sizeof dr);
	memset(&sh, 0, sizeof sh);
	memset(inst, 0, sizeof inst);
	for (unsigned i = 0; i < IP_AFL_MAX_JOBS; i++)
		inst[i].fd = inst[i].dummy = -1;
	pthread_mutex_init(&sh.lock, NULL);
	pthread_cond_init(&sh.room, NULL);
	dr.s = s;
	dr.p = p;
	dr.o = o;
	dr.r = r;
	if (prepare(&dr, n, &tools, &layout, fields, sizeof fields, d))
		goto out;
	co.host = o->host;
	co.seed = o->seed;
	co.budget = o->budget;
	co.shard_count = 1;
	co.resume = o->resume;
	c.strategy = "afl";
	c.runner_name = dr.runner_name;
	c.model = r->model;
	c.value_len = (p->width + 7) / 8;
	c.counts_runs = 1;
	c.lock_note = r->lock_note;
	c.lock_note_len = sizeof r->lock_note;
	rc = ip_campaign_begin(s, p, &co, &c, d);
	r->campaign_id = c.id;
	if (c.locked)
		r->cursor_start = r->cursor_end = c.cursor;
	if (rc)
		goto out;
	if (c.finished) {
		r->finished = r->was_finished = 1;
		goto out; /* rc 0 */
	}
	rc = -1;
	r->resumed = c.cursor > 0;
	textf(work, sizeof work, "%s/c%lld", o->workdir, (long long)r->campaign_id);
	textf(outdir, sizeof outdir, "%s/out", work);
	textf(r->outdir, sizeof r->outdir, "%s", outdir);
	if (make_dir(work, d) != 0 || write_corpus(p, &layout, work, d) != 0 ||
	    write_counter(work, c.cursor, o->budget, d) != 0 || open_logs(inst, n, work, d) != 0)
		goto out;
	if (o->budget && c.cursor >= o->budget) { /* stored before a crash, not marked finished */
		if (ip_campaign_finish(s, r->campaign_id, &r->finished, d) == 0)
			rc = 0;
		goto out;
	}
	if (start_fuzzing(&dr, &sh, inst, n, &tools, work, fields, &reader, &have_reader, &started,
	                  d) != 0) {
		if (!have_reader)
			goto out;
		failed = 1;
	}
	dr.t0 = now();
	if (!failed)
		failed = watch(&dr, &sh, inst, started, work, outdir, d);
	stop_all(inst, started);
	failed = drain(&dr, &sh, inst, n, reader, failed, &scratch, d);
	have_reader = 0;
	for (unsigned i = 0; i < n; i++)
		r->skipped_bytes += inst[i].reader.skipped;
	r->bad_records = sh.bad;
	for (unsigned i = 0; i < started; i++)
		read_stats(outdir, inst[i].name, r);
	if (!failed && o->budget && read_claimed(work) >= o->budget &&
	    ip_campaign_finish(s, r->campaign_id, &r->finished, d) != 0)
		failed = 1;
	if (!failed && !r->finished && !r->interrupted && !r->timed_out)
		r->interrupted = 1;
	progress(&dr, outdir, inst, started, 1);
	rc = failed ? -1 : 0;
out:
	if (have_reader) {
		stop_all(inst, started);
		stop_reader(&sh, reader);
	}
	free_run(&dr, &sh, inst);
	ip_campaign_end(s);
	r->seconds = now() - t_start;
	return rc;
}
