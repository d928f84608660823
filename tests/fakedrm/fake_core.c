/* fake_core.c: the fake DRM device's core, what every driver shares as the kernel's DRM core
 * does: configuration (FAKEDRM_* variables), render nodes and open files, the ioctl entry
 * (dispatch on the number's NR, the caller's struct copied in at its size and zero-extended,
 * copied back at its size), the core ioctls (VERSION, GET_CAP, GEM_CLOSE, SYNCOBJ_*), BOs,
 * mmap, sync objects and sync_file fences, /dev/kmsg, the trace and injected failures. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include <drm.h>

#include "runners/drm/model_ext.h"
#include "fake_entry.h"
#include "fakedrm.h"
#include "isaprobe/runner.h"

#define MAX_FDS 4096
#define MAX_KMSG 8

enum fd_kind { FD_NONE, FD_NODE, FD_SYNC_FILE, FD_KMSG };

struct fd_entry {
	enum fd_kind kind;
	struct fake_file *file;    /* FD_NODE */
	struct fake_fence *fence;  /* FD_SYNC_FILE */
	int kmsg_w;                /* FD_KMSG: the write end */
	dev_t st_dev;
	ino_t st_ino;
};

static pthread_mutex_t lock;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static struct fd_entry fds[MAX_FDS];
static struct fake_node nodes[FAKE_MAX_NODES];
static unsigned nnodes;
static FILE *trace_file;
static uint64_t jobs_run, mmap_next = 1, submissions, ioctls;
static uint64_t kmsg_seq;
static int64_t boot_ns;
int fake_model_ext = 0;
int64_t fake_sched_timeout_ns = 500 * 1000000LL;
int fake_sched_timeout_set;       /* FAKEDRM_SCHED_TIMEOUT_MS given: no kernel default */
unsigned fake_kernel = FAKE_KERNEL_DEFAULT;
static int kmsg_restricted;       /* FAKEDRM_KMSG=0: /dev/kmsg refused (dmesg_restrict) */

struct inject {
	enum fake_inject what;
	uint64_t at;
	uint32_t code;
};
static struct inject injects[32];
static unsigned ninjects;

/* ---- time, trace, kernel log ---- */

int64_t fake_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int fake_tracing(void)
{
	return trace_file != NULL;
}

void fake_trace(const char *fmt, ...)
{
	char line[2048];
	va_list ap;
	if (!trace_file)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	fprintf(trace_file, "%s\n", line);
	fflush(trace_file);
}

void fake_kmsg(const char *fmt, ...)
{
	char msg[512], rec[640];
	va_list ap;
	int n;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	/* a /dev/kmsg record: priority, sequence, microseconds since boot, flags; message */
	n = snprintf(rec, sizeof rec, "3,%llu,%lld,-;%s\n", (unsigned long long)kmsg_seq++,
	             (long long)((fake_now_ns() - boot_ns) / 1000), msg);
	for (int fd = 0; fd < MAX_FDS; fd++)
		if (fds[fd].kind == FD_KMSG && write(fds[fd].kmsg_w, rec, (size_t)n) < 0) {
			/* a reader that does not read loses records, as /dev/kmsg's do */
		}
	fake_trace("kmsg %s", msg);
}

/* ---- configuration ---- */

static const struct fake_gpu gpus[] = {
	/* GPU_PROD_ID as panfrost gives it: the T604's register says 0x6956, which
	 * panfrost_gpu_init_features rewrites to 0x0600 */
	{"t604", "panfrost", "midgard", 0x0600, 0, 4},
	{"t628", "panfrost", "midgard", 0x0620, 0, 4},
	{"t760", "panfrost", "midgard", 0x0750, 0, 5},
	{"t860", "panfrost", "midgard", 0x0860, 0, 5},
	{"g71", "panfrost", "bifrost", 0x6000, 0, 6},
	{"g72", "panfrost", "bifrost", 0x6221, 0, 6},
	{"g51", "panfrost", "bifrost", 0x7090, 0, 7},
	{"g31", "panfrost", "bifrost", 0x7093, 0, 7},
	{"g76", "panfrost", "bifrost", 0x7211, 0, 7},
	{"g52", "panfrost", "bifrost", 0x7212, 0, 7},
	{"mali200", "lima", "utgard_gp", 0x0a070101, 0, 4},
	{"mali400", "lima", "utgard_gp", 0x0b070101, 1, 4},
	{"mali450", "lima", "utgard_gp", 0x0d070101, 2, 4},
	{"r580", "radeon", "ctm", 0x7249, 0, 5},
	{"rv515", "radeon", "ctm", 0x7142, 0, 5},
	{"rv530", "radeon", "ctm", 0x71c2, 0, 5},
	/* msm: GPU_ID, CHIP_ID (core.major.minor.patch), generation */
	{"a306", "msm", "a3xx", 307, 0x03000600, 3},
	{"a320", "msm", "a3xx", 320, 0x03020000, 3},
	{"a330", "msm", "a3xx", 330, 0x03030000, 3},
};

/* The kernel drivers the fake emulates: one line each. */
static const struct fake_driver *const drivers[] = {&fake_panfrost, &fake_lima, &fake_radeon,
                                                    &fake_msm, NULL};

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...)
{
	va_list ap;
	fputs("fakedrm: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(70);
}

static void add_node(const char *path, const char *model)
{
	struct fake_node *n;
	struct ip_runner_config cfg = {0};
	struct ip_diag d;
	const struct fake_gpu *g = NULL;
	for (size_t i = 0; i < sizeof gpus / sizeof gpus[0]; i++)
		if (strcmp(gpus[i].model, model) == 0)
			g = &gpus[i];
	if (!g)
		die("FAKEDRM_DEVICES: unknown GPU model '%s' for %s", model, path);
	if (nnodes == FAKE_MAX_NODES)
		die("FAKEDRM_DEVICES: more than %d nodes", FAKE_MAX_NODES);
	n = &nodes[nnodes];
	if (strlen(path) >= sizeof n->path)
		die("FAKEDRM_DEVICES: path too long: %s", path);
	snprintf(n->path, sizeof n->path, "%s", path);
	n->gpu = *g;
	for (const struct fake_driver *const *dr = drivers; *dr; dr++)
		if (strcmp((*dr)->name, g->driver) == 0)
			n->drv = *dr;
	if (!n->drv)
		die("FAKEDRM_DEVICES: no driver %s for %s", g->driver, model);
	cfg.isa = g->isa;
	/* the CTM simulator models one R5xx, the R580: every R5xx's fragment processor runs it;
	 * the Bifrost one models the G71's instruction set, which G72-G76 and G31 share (what
	 * Mesa's compiler does differently per model is listed in docs/fakedrm.md) */
	cfg.gpu = strcmp(g->isa, "ctm") == 0       ? "r580"
	          : strcmp(g->isa, "bifrost") == 0 ? "g71"
	                                           : g->model;
	ip_diag_init(&d, NULL);
	if (ip_runner_open("sim", &cfg, &n->sim, &d) != 0)
		die("FAKEDRM_DEVICES: %s: the simulator cannot model a %s: %s", path, model, d.msg);
	nnodes++;
}

static void parse_injects(const char *v)
{
	char buf[512], *tok, *save = NULL;
	snprintf(buf, sizeof buf, "%s", v);
	for (tok = strtok_r(buf, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
		struct inject in = {FAKE_NONE, 0, 0x58};
		char *at = strchr(tok, '@'), *end;
		if (!at || ninjects == sizeof injects / sizeof injects[0])
			die("FAKEDRM_INJECT: '%s' is not KIND@JOB", tok);
		*at = '\0';
		if (strcmp(tok, "fault") == 0)
			in.what = FAKE_FAULT;
		else if (strcmp(tok, "hang") == 0)
			in.what = FAKE_HANG;
		else if (strcmp(tok, "reset") == 0)
			in.what = FAKE_RESET;
		else if (strcmp(tok, "lost") == 0)
			in.what = FAKE_LOST;
		else if (strcmp(tok, "unplug") == 0)
			in.what = FAKE_UNPLUG;
		else if (strcmp(tok, "refuse") == 0)
			in.what = FAKE_REFUSE;
		else if (strcmp(tok, "pagefault") == 0)
			in.what = FAKE_PAGE_FAULT;
		else
			die("FAKEDRM_INJECT: unknown kind '%s' (fault, hang, reset, lost, unplug, refuse, "
			    "pagefault)", tok);
		in.at = strtoull(at + 1, &end, 0);
		if (in.at == 0 || (*end && *end != '='))
			die("FAKEDRM_INJECT: '%s': the job number counts from 1", at + 1);
		if (*end == '=') {
			if (in.what != FAKE_FAULT)
				die("FAKEDRM_INJECT: only a fault takes a code");
			in.code = (uint32_t)strtoul(end + 1, &end, 0);
			if (*end || in.code > 0xff)
				die("FAKEDRM_INJECT: a fault code is one byte");
		}
		injects[ninjects++] = in;
	}
}

/* FAKEDRM_KERNEL=MAJOR.MINOR: one of the versions whose behaviours the device models. */
static void parse_kernel(const char *v)
{
	static const char *const known[] = {FAKE_KERNELS};
	unsigned major, minor;
	char end;
	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
		if (strcmp(v, known[i]) == 0 && sscanf(v, "%u.%u%c", &major, &minor, &end) == 2) {
			fake_kernel = major << 8 | minor;
			return;
		}
	die("FAKEDRM_KERNEL: '%s' is not a kernel version the fake models (" FAKE_KERNELS_TEXT ")",
	    v);
}

static void init(void)
{
	pthread_mutexattr_t a;
	const char *v;
	char buf[1024], *tok, *save = NULL;
	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&lock, &a);
	boot_ns = fake_now_ns();
	v = getenv("FAKEDRM_TRACE");
	if (v && *v) {
		trace_file = fopen(v, "a");
		if (!trace_file)
			die("FAKEDRM_TRACE: cannot open %s", v);
		fake_trace("fakedrm 1 pid=%d", (int)getpid());
	}
	v = getenv("FAKEDRM_MODEL");
	if (v && *v)
		fake_model_ext = strcmp(v, "0") != 0;
	v = getenv("FAKEDRM_KERNEL");
	if (v && *v)
		parse_kernel(v);
	v = getenv("FAKEDRM_KMSG");
	kmsg_restricted = v && strcmp(v, "0") == 0;
	v = getenv("FAKEDRM_SCHED_TIMEOUT_MS");
	if (v && *v) {
		fake_sched_timeout_ns = strtoll(v, NULL, 10) * 1000000LL;
		fake_sched_timeout_set = 1;
	}
	v = getenv("FAKEDRM_INJECT");
	if (v && *v)
		parse_injects(v);
	v = getenv("FAKEDRM_DEVICES");
	snprintf(buf, sizeof buf, "%s", v && *v ? v : "/dev/dri/renderD128=t760");
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(tok, '=');
		if (!eq)
			die("FAKEDRM_DEVICES: '%s' is not PATH=MODEL", tok);
		*eq = '\0';
		add_node(tok, eq + 1);
	}
}

static void enter(void)
{
	pthread_once(&once, init);
	pthread_mutex_lock(&lock);
}

static void leave(void)
{
	pthread_mutex_unlock(&lock);
}

void fake_count_submission(void)
{
	submissions++;
}

int fake_counter(uint32_t param, uint64_t *value)
{
	if (param == IP_MODEL_PARAM_SUBMISSIONS)
		*value = submissions;
	else if (param == IP_MODEL_PARAM_JOBS)
		*value = jobs_run;
	else
		return -1;
	return 0;
}

/* FAKEDRM_STATS: what the device did, appended when the process ends (for isaprobe bench). */
__attribute__((destructor)) static void write_stats(void)
{
	const char *path = getenv("FAKEDRM_STATS");
	FILE *f;
	if (!path || !*path || !(f = fopen(path, "a")))
		return;
	fprintf(f, "submissions %llu jobs %llu ioctls %llu\n", (unsigned long long)submissions,
	        (unsigned long long)jobs_run, (unsigned long long)ioctls);
	fclose(f);
}

uint64_t fake_next_job(enum fake_inject *what, uint32_t *code)
{
	uint64_t k = ++jobs_run;
	*what = FAKE_NONE;
	for (unsigned i = 0; i < ninjects; i++)
		if (injects[i].at == k) {
			*what = injects[i].what;
			*code = injects[i].code;
		}
	return k;
}

struct sticky {
	uint64_t hash;
	size_t len;
	enum fake_inject what;
	uint32_t code;
};
static struct sticky stickies[64];
static unsigned nstickies;

static uint64_t fnv1a(const uint8_t *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

int fake_refuse_program(uint64_t n, const uint8_t *code, size_t len)
{
	uint64_t h = fnv1a(code, len);
	for (unsigned i = 0; i < ninjects; i++)
		if (injects[i].what == FAKE_REFUSE && injects[i].at == jobs_run + n && nstickies < 64) {
			stickies[nstickies++] = (struct sticky){h, len, FAKE_REFUSE, 0};
			injects[i].what = FAKE_NONE;
			fake_trace("  inject refuse, sticking to this program");
		}
	for (unsigned i = 0; i < nstickies; i++)
		if (stickies[i].what == FAKE_REFUSE && stickies[i].hash == h && stickies[i].len == len)
			return 1;
	return 0;
}

int fake_take_fault(uint64_t n)
{
	for (unsigned i = 0; i < ninjects; i++)
		if (injects[i].what == FAKE_FAULT && injects[i].at > jobs_run &&
		    injects[i].at <= jobs_run + n) {
			injects[i].what = FAKE_NONE; /* refused once: sent again, the jobs run */
			return 1;
		}
	return 0;
}

enum fake_inject fake_program_inject(enum fake_inject now, uint32_t now_code, const uint8_t *code,
                                     size_t len, uint32_t *fault_code)
{
	uint64_t h = fnv1a(code, len);
	if ((now == FAKE_FAULT || now == FAKE_HANG || now == FAKE_PAGE_FAULT) && nstickies < 64) {
		stickies[nstickies++] = (struct sticky){h, len, now, now_code};
		fake_trace("  inject %s, sticking to this program",
		           now == FAKE_FAULT ? "fault" : now == FAKE_HANG ? "hang" : "pagefault");
	}
	for (unsigned i = 0; i < nstickies; i++)
		if (stickies[i].hash == h && stickies[i].len == len && stickies[i].what != FAKE_REFUSE) {
			*fault_code = stickies[i].code;
			return stickies[i].what;
		}
	return FAKE_NONE;
}

/* FAKEDRM_STATE: a folder where a lost node leaves a mark (lost-renderDN) that every process
 * sees, so that a device stays gone for other processes too (an agent started again) until the
 * mark is removed: the device is back. */
static int lost_mark(const struct fake_node *n, char *path, size_t len)
{
	const char *dir = getenv("FAKEDRM_STATE"), *base = strrchr(n->path, '/');
	if (!dir || !*dir)
		return -1;
	snprintf(path, len, "%s/lost-%s", dir, base ? base + 1 : n->path);
	return 0;
}

static int node_lost(const struct fake_node *n)
{
	char mark[512];
	return n->lost || (lost_mark(n, mark, sizeof mark) == 0 && access(mark, F_OK) == 0);
}

void fake_node_lose(struct fake_node *n, enum fake_inject how)
{
	char mark[512];
	for (int fd = 0; fd < MAX_FDS; fd++)
		if (fds[fd].kind == FD_NODE && fds[fd].file->node == n)
			fds[fd].file->dead = 1;
	if (how == FAKE_LOST) {
		int fd;
		n->lost = 1;
		if (lost_mark(n, mark, sizeof mark) == 0 &&
		    (fd = open(mark, O_WRONLY | O_CREAT | O_CLOEXEC, 0644)) >= 0)
			close(fd);
	}
	fake_kmsg("%s: the device is gone (%s)", n->path, how == FAKE_LOST ? "lost" : "unplugged");
}

/* ---- user memory ---- */

/* A copy through a pipe: the kernel checks the address as a syscall's argument (what works
 * under an emulator such as qemu-user, whose guest addresses process_vm_readv does not take). */
static int pipe_copy(void *dst, const void *src, size_t n, int user_is_dst)
{
	static int p[2] = {-1, -1};
	uint8_t scratch[512];
	if (p[0] < 0 && pipe2(p, O_CLOEXEC) != 0)
		return -EFAULT;
	while (n) {
		size_t k = n < sizeof scratch ? n : sizeof scratch;
		ssize_t w = write(p[1], src, k);
		if (w != (ssize_t)k) {
			if (w > 0 && read(p[0], scratch, (size_t)w) < 0) {
				/* nothing to undo: the pipe is drained */
			}
			return -EFAULT;
		}
		if (read(p[0], dst, k) != (ssize_t)k) {
			if (user_is_dst && read(p[0], scratch, k) < 0) {
				/* drained */
			}
			return -EFAULT;
		}
		dst = (uint8_t *)dst + k;
		src = (const uint8_t *)src + k;
		n -= k;
	}
	return 0;
}

int fake_copy_in(void *dst, uint64_t user_ptr, size_t n)
{
	struct iovec local = {dst, n}, remote = {(void *)(uintptr_t)user_ptr, n};
	if (!n)
		return 0;
	if (!user_ptr)
		return -EFAULT;
	if (process_vm_readv(getpid(), &local, 1, &remote, 1, 0) == (ssize_t)n)
		return 0;
	return pipe_copy(dst, (const void *)(uintptr_t)user_ptr, n, 0);
}

int fake_copy_out(uint64_t user_ptr, const void *src, size_t n)
{
	struct iovec local = {(void *)src, n}, remote = {(void *)(uintptr_t)user_ptr, n};
	if (!n)
		return 0;
	if (!user_ptr)
		return -EFAULT;
	if (process_vm_writev(getpid(), &local, 1, &remote, 1, 0) == (ssize_t)n)
		return 0;
	return pipe_copy((void *)(uintptr_t)user_ptr, src, n, 1);
}

/* ---- BOs, fences, sync objects ---- */

/* A free slot of a handle table (handles are slot + 1), growing it by `grow`: the slot, or -1. */
static int table_slot(void ***table, uint32_t *n, uint32_t grow)
{
	void **grown;
	uint32_t h;
	for (h = 0; h < *n && (*table)[h]; h++)
		;
	if (h < *n)
		return (int)h;
	grown = realloc(*table, (*n + grow) * sizeof *grown);
	if (!grown)
		return -1;
	memset(grown + *n, 0, grow * sizeof *grown);
	*table = grown;
	*n += grow;
	return (int)h;
}

struct fake_bo *fake_bo_lookup(struct fake_file *f, uint32_t handle)
{
	return handle && handle <= f->nbos ? f->bos[handle - 1] : NULL;
}

int fake_bo_create(struct fake_file *f, size_t size, uint32_t flags, int exec, struct fake_bo **out)
{
	struct fake_bo *bo;
	uint32_t h;
	int slot;
	size = (size + FAKE_PAGE - 1) & ~(size_t)(FAKE_PAGE - 1);
	if (f->va_next + size > f->node->drv->va_end)
		return -ENOMEM;
	bo = calloc(1, sizeof *bo);
	if (!bo)
		return -ENOMEM;
	bo->memfd = memfd_create("fakedrm-bo", MFD_CLOEXEC);
	if (bo->memfd < 0 || ftruncate(bo->memfd, (off_t)size) != 0) {
		if (bo->memfd >= 0)
			close(bo->memfd);
		free(bo);
		return -ENOMEM;
	}
	bo->map = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, bo->memfd, 0);
	if (bo->map == MAP_FAILED) {
		close(bo->memfd);
		free(bo);
		return -ENOMEM;
	}
	if ((slot = table_slot((void ***)&f->bos, &f->nbos, 16)) < 0) {
		munmap(bo->map, size);
		close(bo->memfd);
		free(bo);
		return -ENOMEM;
	}
	h = (uint32_t)slot;
	bo->handle = h + 1;
	bo->size = size;
	bo->flags = flags;
	bo->exec = exec;
	bo->va = f->va_next;
	f->va_next += size;
	bo->mmap_off = (mmap_next++) << 32;
	f->bos[h] = bo;
	*out = bo;
	return 0;
}

static void bo_free(struct fake_bo *bo)
{
	munmap(bo->map, bo->size);
	close(bo->memfd);
	fake_fence_put(bo->fence);
	free(bo);
}

struct fake_fence *fake_fence_new(int64_t signal_ns, int error)
{
	struct fake_fence *fe = calloc(1, sizeof *fe);
	if (fe) {
		fe->refs = 1;
		fe->signal_ns = signal_ns;
		fe->error = error;
	}
	return fe;
}

void fake_fence_put(struct fake_fence *fe)
{
	if (fe && --fe->refs == 0)
		free(fe);
}

void fake_fence_attach(struct fake_syncobj *so, struct fake_bo *const *bos, size_t n,
                       struct fake_fence *fe)
{
	if (so) {
		fake_fence_put(so->fence);
		so->fence = fe;
		fe->refs++;
	}
	for (size_t i = 0; i < n; i++) {
		fake_fence_put(bos[i]->fence);
		bos[i]->fence = fe;
		fe->refs++;
	}
}

int fake_submission_end(struct fake_syncobj *out, struct fake_bo *const *bos, size_t n,
                        int64_t signal_ns, int error)
{
	struct fake_fence *fe = fake_fence_new(signal_ns, error);
	int64_t in = signal_ns == INT64_MAX ? -1 : (signal_ns - fake_now_ns()) / 1000000;
	if (!fe)
		return -ENOMEM;
	fake_fence_attach(out, bos, n, fe);
	fake_fence_put(fe);
	fake_trace("fence error=%d signals_in=%lldms", error, (long long)(in < -1 ? 0 : in));
	return 0;
}

struct fake_syncobj *fake_syncobj_lookup(struct fake_file *f, uint32_t handle)
{
	return handle && handle <= f->nsyncs ? f->syncs[handle - 1] : NULL;
}

/* Sleeps (without the lock) until t or the deadline, whichever comes first. */
static void sleep_until(int64_t t)
{
	struct timespec ts;
	if (t == INT64_MAX)
		t = fake_now_ns() + 3600 * 1000000000LL;
	ts.tv_sec = t / 1000000000;
	ts.tv_nsec = t % 1000000000;
	leave();
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
	pthread_mutex_lock(&lock);
}

int fake_bo_wait(struct fake_bo *bo, int64_t deadline_ns)
{
	return fake_fence_wait(bo->fence, deadline_ns);
}

int fake_fence_wait(struct fake_fence *fe, int64_t deadline_ns)
{
	int64_t now = fake_now_ns();
	if (!fe || fe->signal_ns <= now)
		return 0;
	if (deadline_ns <= now)
		return -EBUSY;
	fe->refs++;
	sleep_until(fe->signal_ns < deadline_ns ? fe->signal_ns : deadline_ns);
	now = fe->signal_ns <= deadline_ns ? 0 : -ETIMEDOUT;
	fake_fence_put(fe);
	return (int)now;
}

uint8_t *fake_gpu_ptr(const struct fake_vm *vm, uint64_t va, size_t n, struct fake_bo **bo)
{
	for (size_t i = 0; i < vm->n; i++) {
		struct fake_bo *b = vm->bos[i];
		if (va >= b->va && va - b->va <= b->size && n <= b->size - (va - b->va)) {
			if (bo)
				*bo = b;
			return b->map + (va - b->va);
		}
	}
	return NULL;
}

/* ---- core ioctls ---- */

static int copy_field(uint64_t ubuf, __kernel_size_t *ulen, const char *value)
{
	size_t len = strlen(value), n = len < *ulen ? len : *ulen;
	*ulen = len;
	return n && ubuf ? fake_copy_out(ubuf, value, n) : 0;
}

static int core_version(struct fake_file *f, struct drm_version *v)
{
	const struct fake_driver *d = f->node->drv;
	int rc;
	v->version_major = d->major;
	v->version_minor = d->minor;
	v->version_patchlevel = d->patch;
	if ((rc = copy_field((uint64_t)(uintptr_t)v->name, &v->name_len, d->name)) ||
	    (rc = copy_field((uint64_t)(uintptr_t)v->date, &v->date_len, d->date)) ||
	    (rc = copy_field((uint64_t)(uintptr_t)v->desc, &v->desc_len, d->desc)))
		return rc;
	return 0;
}

static int core_gem_close(struct fake_file *f, struct drm_gem_close *c)
{
	struct fake_bo *bo = fake_bo_lookup(f, c->handle);
	if (!bo)
		return -EINVAL;
	f->bos[c->handle - 1] = NULL;
	bo_free(bo);
	return 0;
}

static int core_get_cap(struct drm_get_cap *c)
{
	switch (c->capability) {
	case DRM_CAP_SYNCOBJ: c->value = 1; return 0;
	case DRM_CAP_PRIME: c->value = DRM_PRIME_CAP_IMPORT | DRM_PRIME_CAP_EXPORT; return 0;
	case DRM_CAP_TIMESTAMP_MONOTONIC: c->value = 1; return 0;
	default: return -EINVAL;
	}
}

static int syncobj_create(struct fake_file *f, struct drm_syncobj_create *c)
{
	struct fake_syncobj *so;
	uint32_t h;
	int slot;
	if (c->flags & ~DRM_SYNCOBJ_CREATE_SIGNALED)
		return -EINVAL;
	so = calloc(1, sizeof *so);
	if (!so)
		return -ENOMEM;
	if (c->flags & DRM_SYNCOBJ_CREATE_SIGNALED)
		so->fence = fake_fence_new(0, 0);
	if ((slot = table_slot((void ***)&f->syncs, &f->nsyncs, 8)) < 0) {
		fake_fence_put(so->fence);
		free(so);
		return -ENOMEM;
	}
	h = (uint32_t)slot;
	so->handle = h + 1;
	f->syncs[h] = so;
	c->handle = so->handle;
	return 0;
}

static int syncobj_destroy(struct fake_file *f, struct drm_syncobj_destroy *c)
{
	struct fake_syncobj *so;
	if (c->pad)
		return -EINVAL;
	so = fake_syncobj_lookup(f, c->handle);
	if (!so)
		return -EINVAL;
	f->syncs[c->handle - 1] = NULL;
	fake_fence_put(so->fence);
	free(so);
	return 0;
}

static int syncobj_to_fd(struct fake_file *f, struct drm_syncobj_handle *c)
{
	struct fake_syncobj *so;
	int sfd;
	struct stat st;
	if (c->pad || c->flags != DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE)
		return -EINVAL; /* exporting the syncobj itself is not emulated: named in the trace */
	so = fake_syncobj_lookup(f, c->handle);
	if (!so || !so->fence)
		return -EINVAL;
	sfd = eventfd(0, EFD_CLOEXEC);
	if (sfd < 0)
		return -errno;
	if (sfd >= MAX_FDS) {
		close(sfd);
		return -EMFILE;
	}
	fstat(sfd, &st);
	fds[sfd].kind = FD_SYNC_FILE;
	fds[sfd].fence = so->fence;
	fds[sfd].st_dev = st.st_dev;
	fds[sfd].st_ino = st.st_ino;
	so->fence->refs++;
	c->fd = sfd;
	return 0;
}

/* Resolves count handles at user pointer ptr. */
static int syncobj_array(struct fake_file *f, uint64_t ptr, uint32_t count,
                         struct fake_syncobj **out)
{
	uint32_t h[64];
	int rc;
	if (count > 64)
		return -EINVAL;
	if ((rc = fake_copy_in(h, ptr, count * sizeof h[0])) != 0)
		return rc;
	for (uint32_t i = 0; i < count; i++)
		if (!(out[i] = fake_syncobj_lookup(f, h[i])))
			return -ENOENT;
	return 0;
}

static int syncobj_wait(struct fake_file *f, struct drm_syncobj_wait *w)
{
	struct fake_syncobj *so[64];
	int64_t latest = 0, first = INT64_MAX;
	int rc;
	if (w->flags & ~(DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL | DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT))
		return -EINVAL;
	if (!w->count_handles)
		return 0;
	if ((rc = syncobj_array(f, w->handles, w->count_handles, so)) != 0)
		return rc;
	for (uint32_t i = 0; i < w->count_handles; i++) {
		int64_t t;
		if (!so[i]->fence) {
			if (!(w->flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT))
				return -EINVAL;
			t = INT64_MAX;
		} else {
			t = so[i]->fence->signal_ns;
		}
		if (t > latest)
			latest = t;
		if (t < first) {
			first = t;
			w->first_signaled = i;
		}
	}
	{
		int64_t want = w->flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL ? latest : first;
		int64_t now = fake_now_ns();
		if (want <= now)
			return 0;
		if (w->timeout_nsec <= now)
			return -ETIME;
		sleep_until(want < w->timeout_nsec ? want : w->timeout_nsec);
		return want <= w->timeout_nsec ? 0 : -ETIME;
	}
}

static int syncobj_reset(struct fake_file *f, struct drm_syncobj_array *a)
{
	struct fake_syncobj *so[64];
	int rc;
	if (a->pad || !a->count_handles)
		return -EINVAL;
	if ((rc = syncobj_array(f, a->handles, a->count_handles, so)) != 0)
		return rc;
	for (uint32_t i = 0; i < a->count_handles; i++) {
		fake_fence_put(so[i]->fence);
		so[i]->fence = NULL;
	}
	return 0;
}

/* ---- the ioctl entry ---- */

struct core_ioctl {
	unsigned nr;
	const char *name;
	unsigned size;
	int in, out;
};

static const struct core_ioctl core_ioctls[] = {
	{0x00, "VERSION", sizeof(struct drm_version), 1, 1},
	{0x09, "GEM_CLOSE", sizeof(struct drm_gem_close), 1, 0},
	{0x0c, "GET_CAP", sizeof(struct drm_get_cap), 1, 1},
	{0xbf, "SYNCOBJ_CREATE", sizeof(struct drm_syncobj_create), 1, 1},
	{0xc0, "SYNCOBJ_DESTROY", sizeof(struct drm_syncobj_destroy), 1, 1},
	{0xc1, "SYNCOBJ_HANDLE_TO_FD", sizeof(struct drm_syncobj_handle), 1, 1},
	{0xc3, "SYNCOBJ_WAIT", sizeof(struct drm_syncobj_wait), 1, 1},
	{0xc4, "SYNCOBJ_RESET", sizeof(struct drm_syncobj_array), 1, 1},
};

static int core_dispatch(struct fake_file *f, unsigned nr, void *k)
{
	switch (nr) {
	case 0x00: return core_version(f, k);
	case 0x09: return core_gem_close(f, k);
	case 0x0c: return core_get_cap(k);
	case 0xbf: return syncobj_create(f, k);
	case 0xc0: return syncobj_destroy(f, k);
	case 0xc1: return syncobj_to_fd(f, k);
	case 0xc3: return syncobj_wait(f, k);
	case 0xc4: return syncobj_reset(f, k);
	default: return -EINVAL;
	}
}

static const char *errname(int e)
{
	switch (e) {
	case 0: return "0";
	case EINVAL: return "-EINVAL";
	case ENOENT: return "-ENOENT";
	case EFAULT: return "-EFAULT";
	case ENODEV: return "-ENODEV";
	case ENOMEM: return "-ENOMEM";
	case ETIME: return "-ETIME";
	case ETIMEDOUT: return "-ETIMEDOUT";
	case EBUSY: return "-EBUSY";
	case EACCES: return "-EACCES";
	case ENOTTY: return "-ENOTTY";
	case EMFILE: return "-EMFILE";
	case EAGAIN: return "-EAGAIN";
	case EDEADLK: return "-EDEADLK";
	case ENOSYS: return "-ENOSYS";
	case EPERM: return "-EPERM";
	default: return "-E?";
	}
}

/* An fd entry still names the file it was opened as (fd numbers are reused behind our back
 * when something closes them without close()). */
static struct fd_entry *entry(int fd)
{
	struct stat st;
	if (fd < 0 || fd >= MAX_FDS || fds[fd].kind == FD_NONE)
		return NULL;
	if (fstat(fd, &st) != 0 || st.st_dev != fds[fd].st_dev || st.st_ino != fds[fd].st_ino) {
		memset(&fds[fd], 0, sizeof fds[fd]);
		return NULL;
	}
	return &fds[fd];
}

static int node_ioctl(struct fake_file *f, unsigned long req, void *arg)
{
	unsigned nr = (unsigned)_IOC_NR(req), usize = (unsigned)_IOC_SIZE(req), dir = (unsigned)_IOC_DIR(req);
	unsigned ksize, in_size, out_size;
	const struct fake_driver *d = f->node->drv;
	const char *name;
	uint8_t k[512];
	int in, out, rc;
	ioctls++;
	if (f->dead || f->node->lost) {
		fake_trace("ioctl fd=%d nr=0x%02x -> -ENODEV (device gone)", f->fd, nr);
		return -ENODEV;
	}
	if (_IOC_TYPE(req) != DRM_IOCTL_BASE) {
		fake_trace("ioctl fd=%d type=0x%02x nr=0x%02x -> -ENOTTY", f->fd, (unsigned)_IOC_TYPE(req), nr);
		return -ENOTTY;
	}
	if (nr >= DRM_COMMAND_BASE && nr < DRM_COMMAND_END) {
		unsigned i = nr - DRM_COMMAND_BASE;
		if (i >= d->nioctls || !d->ioctls[i].name) {
			fake_trace("ioctl fd=%d nr=0x%02x -> -EINVAL (no such %s ioctl)", f->fd, nr, d->name);
			return -EINVAL;
		}
		name = d->ioctls[i].name;
		ksize = d->ioctls[i].size;
		in = d->ioctls[i].in;
		out = d->ioctls[i].out;
	} else {
		const struct core_ioctl *c = NULL;
		for (size_t i = 0; i < sizeof core_ioctls / sizeof core_ioctls[0]; i++)
			if (core_ioctls[i].nr == nr)
				c = &core_ioctls[i];
		if (!c) {
			fake_trace("ioctl fd=%d nr=0x%02x -> -EINVAL (core ioctl not emulated)", f->fd, nr);
			return -EINVAL;
		}
		name = c->name;
		ksize = c->size;
		in = c->in;
		out = c->out;
	}
	/* as drm_ioctl: copy in the caller's size if both sides say "in", zero the rest, copy
	 * back the caller's size if both say "out" */
	in_size = (dir & _IOC_WRITE) && in ? usize : 0;
	out_size = (dir & _IOC_READ) && out ? usize : 0;
	if (usize > sizeof k || ksize > sizeof k)
		return -EINVAL;
	memset(k, 0, sizeof k);
	if ((rc = fake_copy_in(k, (uint64_t)(uintptr_t)arg, in_size)) != 0) {
		fake_trace("ioctl fd=%d %s -> -EFAULT (argument)", f->fd, name);
		return rc;
	}
	if (nr >= DRM_COMMAND_BASE && nr < DRM_COMMAND_END)
		rc = d->ioctl(f, nr - DRM_COMMAND_BASE, k);
	else
		rc = core_dispatch(f, nr, k);
	if (fake_tracing())
		fake_trace("ioctl fd=%d %s size=%u -> %s", f->fd, name, usize, errname(-rc));
	if (rc == 0 && fake_copy_out((uint64_t)(uintptr_t)arg, k, out_size) != 0)
		rc = -EFAULT;
	return rc;
}

static int sync_file_ioctl(struct fd_entry *e, unsigned long req, void *arg)
{
	struct {
		char name[32];
		int32_t status;
		uint32_t flags, num_fences, pad;
		uint64_t sync_fence_info;
	} info;
	if (_IOC_TYPE(req) != '>' || _IOC_NR(req) != 4 || _IOC_SIZE(req) != sizeof info)
		return -ENOTTY;
	if (fake_copy_in(&info, (uint64_t)(uintptr_t)arg, sizeof info))
		return -EFAULT;
	if (info.flags || info.pad)
		return -EINVAL;
	snprintf(info.name, sizeof info.name, "fakedrm");
	if (e->fence->signal_ns > fake_now_ns())
		info.status = 0;
	else
		info.status = e->fence->error ? e->fence->error : 1;
	info.num_fences = 1;
	return fake_copy_out((uint64_t)(uintptr_t)arg, &info, sizeof info);
}

/* ---- entry points from fake_entry.c ---- */

static struct fake_node *node_of(const char *path)
{
	for (unsigned i = 0; i < nnodes; i++)
		if (strcmp(nodes[i].path, path) == 0)
			return &nodes[i];
	return NULL;
}

int fake_is_path(const char *path)
{
	pthread_once(&once, init);
	return path && (node_of(path) != NULL || strcmp(path, "/dev/kmsg") == 0);
}

int fake_open(const char *path)
{
	struct fake_node *n;
	struct stat st;
	int fd;
	enter();
	if (strcmp(path, "/dev/kmsg") == 0) {
		int p[2];
		if (kmsg_restricted) {
			/* kernel.dmesg_restrict=1 and not root (devkmsg_open: check_syslog_permissions) */
			fake_trace("open /dev/kmsg -> EPERM (dmesg_restrict)");
			leave();
			errno = EPERM;
			return -1;
		}
		if (pipe2(p, O_CLOEXEC | O_NONBLOCK) != 0 || p[0] >= MAX_FDS) {
			leave();
			errno = EMFILE;
			return -1;
		}
		fstat(p[0], &st);
		fds[p[0]].kind = FD_KMSG;
		fds[p[0]].kmsg_w = p[1];
		fds[p[0]].st_dev = st.st_dev;
		fds[p[0]].st_ino = st.st_ino;
		leave();
		return p[0];
	}
	n = node_of(path);
	if (node_lost(n)) {
		fake_trace("open %s -> ENOENT (device gone)", path);
		leave();
		errno = ENOENT;
		return -1;
	}
	fd = memfd_create("fakedrm-node", MFD_CLOEXEC);
	if (fd < 0 || fd >= MAX_FDS) {
		if (fd >= 0)
			close(fd);
		leave();
		errno = EMFILE;
		return -1;
	}
	fstat(fd, &st);
	fds[fd].kind = FD_NODE;
	fds[fd].st_dev = st.st_dev;
	fds[fd].st_ino = st.st_ino;
	fds[fd].file = calloc(1, sizeof *fds[fd].file);
	if (!fds[fd].file) {
		memset(&fds[fd], 0, sizeof fds[fd]);
		close(fd);
		leave();
		errno = ENOMEM;
		return -1;
	}
	fds[fd].file->fd = fd;
	fds[fd].file->node = n;
	fds[fd].file->va_next = n->drv->va_start;
	if (n->drv->open)
		n->drv->open(fds[fd].file);
	fake_trace("open %s fd=%d driver=%s gpu=%s model_ext=%d", path, fd, n->drv->name,
	           n->gpu.model, fake_model_ext);
	leave();
	return fd;
}

int fake_ioctl(int fd, unsigned long req, void *arg, int *handled)
{
	struct fd_entry *e;
	int rc;
	*handled = 0;
	if (fd < 0 || fd >= MAX_FDS)
		return 0;
	enter();
	e = entry(fd);
	if (!e || e->kind == FD_KMSG) {
		leave();
		return 0;
	}
	*handled = 1;
	rc = e->kind == FD_NODE ? node_ioctl(e->file, req, arg) : sync_file_ioctl(e, req, arg);
	leave();
	if (rc < 0) {
		errno = -rc;
		return -1;
	}
	return 0;
}

void *fake_mmap(void *addr, size_t len, int prot, int flags, int fd, int64_t off, int *handled)
{
	struct fd_entry *e;
	struct fake_bo *bo = NULL;
	void *p;
	*handled = 0;
	if (fd < 0 || fd >= MAX_FDS)
		return NULL;
	enter();
	e = entry(fd);
	if (!e || e->kind != FD_NODE) {
		leave();
		return NULL;
	}
	*handled = 1;
	for (uint32_t i = 0; i < e->file->nbos; i++)
		if (e->file->bos[i] && e->file->bos[i]->mmap_off == (uint64_t)off)
			bo = e->file->bos[i];
	if (e->file->dead || e->file->node->lost) {
		fake_trace("mmap fd=%d offset=0x%llx -> ENODEV", fd, (unsigned long long)off);
		leave();
		errno = ENODEV;
		return MAP_FAILED;
	}
	/* drm_gem_mmap: an offset no BO has, a length beyond the BO, or a private (copy on
	 * write) mapping are refused */
	if (!bo || len > bo->size || !(flags & MAP_SHARED)) {
		fake_trace("mmap fd=%d offset=0x%llx size=%zu -> EINVAL", fd, (unsigned long long)off,
		           len);
		leave();
		errno = EINVAL;
		return MAP_FAILED;
	}
	p = mmap(addr, len, prot, flags, bo->memfd, 0);
	fake_trace("mmap fd=%d offset=0x%llx size=%zu handle=%u -> %s", fd, (unsigned long long)off,
	           len, bo->handle, p == MAP_FAILED ? "failed" : "ok");
	leave();
	return p;
}

static void file_free(struct fake_file *f)
{
	if (f->node->drv->close)
		f->node->drv->close(f);
	for (uint32_t i = 0; i < f->nbos; i++)
		if (f->bos[i])
			bo_free(f->bos[i]);
	for (uint32_t i = 0; i < f->nsyncs; i++)
		if (f->syncs[i]) {
			fake_fence_put(f->syncs[i]->fence);
			free(f->syncs[i]);
		}
	free(f->bos);
	free(f->syncs);
	free(f);
}

void fake_close(int fd)
{
	struct fd_entry *e;
	if (fd < 0 || fd >= MAX_FDS)
		return;
	enter();
	e = entry(fd);
	if (e) {
		if (e->kind == FD_NODE) {
			fake_trace("close fd=%d", fd);
			file_free(e->file);
		} else if (e->kind == FD_SYNC_FILE) {
			fake_fence_put(e->fence);
		} else if (e->kind == FD_KMSG) {
			close(e->kmsg_w);
		}
		memset(e, 0, sizeof *e);
	}
	leave();
}
