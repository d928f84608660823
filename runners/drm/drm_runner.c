/* drm_runner.c: the "drm" runner backend: jobs of one ISA on a GPU behind a render node. It
 * cuts a batch into submissions that fit a buffer budget, waits for each with a deadline, and
 * recovers: a faulting job gets its fault and the rest of the chain runs again; after a hang
 * (the kernel resets the GPU) the job that hung runs alone (timeout when it hangs again) and
 * the rest goes on; when the hardware cannot tell which job failed, the submission is halved
 * until it can; a device that goes away is re-opened, and one that stays gone ends the batch
 * with IP_RUNNER_DEVICE_LOST. On a GPU (no model extension) a job that plants or observes
 * registers runs wrapped by its ISA's register harness (docs/harness.md). docs/drm-runner.md. */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "drm_dev.h"
#include "drm_gpus.h"
#include "drm_job.h"
#include "drm_lima.h"
#include "isaprobe/internal/drm.h"
#include "isaprobe/internal/harness.h"

#define DEFAULT_BUDGET (64u << 20)
#define DEFAULT_JOBS 1024
#define DEFAULT_TIMEOUT_S 10
#define MAX_JOBS 65535      /* a job chain's 16-bit indices (msm: the sentinels' 16 bits) */
#define REOPEN_TRIES 3
#define REOPEN_PAUSE_NS 100000000
#define LOST_RESUBMITS 4    /* a submission tried again after the device went away and came back */
/* lima's scheduler timeout when /sys/module/lima/parameters does not say: the smaller of the
 * kernels' defaults (lima_sched.c: 500 ms, 10 s from Linux 6.9), which every hang outlasts */
#define LIMA_SCHED_TIMEOUT_MS 500

enum range_rc { RANGE_OK, RANGE_LOST };

/* The BOs one submission is built in. */
struct arenas {
	struct ip_drm_arena code, desc, data;
};

struct drm_state {
	struct ip_drm_dev dev;
	const struct ip_drm_jobkind *kind;
	/* On a GPU: the ISA's register harness (NULL: none), a wrapped job per job of a batch
	 * (wrapped[i]: job i runs as works[i].job), and one for check_job. */
	const struct ip_harness *harness;
	struct ip_harness_work *works;
	unsigned char *wrapped;
	size_t works_cap;
	struct ip_harness_work check_work;
	struct arenas main;            /* a batch's submissions */
	struct arenas lone;            /* a job run alone while the batch's chain waits */
	struct ip_drm_slot *slots;
	struct ip_drm_slot **order;    /* scratch: slots of a submission */
	struct ip_drm_sizes *sizes;
	size_t cap;
	size_t budget, max_jobs;
	int64_t timeout_ns;
	char lost_why[1024];
	char kmsg[4096];
};

/* A whole number from the environment in [lo, hi] (def when unset); -1 with d set when bad. */
static int env_size(const char *name, size_t def, size_t lo, size_t hi, size_t *out,
                    struct ip_diag *d)
{
	const char *v = getenv(name);
	char *end;
	unsigned long long x;
	*out = def;
	if (!v || !*v)
		return 0;
	x = strtoull(v, &end, 10);
	if (*end || v[0] == '-' || x < lo || x > hi)
		return ip_diag_plain(d, "%s='%s': expected a whole number from %zu to %zu", name, v, lo,
		                     hi);
	*out = (size_t)x;
	return 0;
}

/* ---- opening ---- */

static int pick_node(const struct ip_runner_config *cfg, struct ip_drm_dev *dev, struct ip_diag *d)
{
	char found[512] = "";
	for (int i = 0; i < IP_DRM_RENDER_COUNT; i++) {
		char path[64];
		struct ip_diag quiet;
		snprintf(path, sizeof path, "/dev/dri/renderD%d", IP_DRM_RENDER_FIRST + i);
		ip_diag_init(&quiet, NULL);
		if (ip_drm_open(path, dev, &quiet) != 0)
			continue;
		if (dev->gpu.isa && (!cfg->isa || strcmp(cfg->isa, dev->gpu.isa) == 0))
			return 0;
		snprintf(found + strlen(found), sizeof found - strlen(found), "%s%s (%s %s)",
		         found[0] ? ", " : "", path, dev->driver_name, dev->gpu.model);
		ip_drm_close(dev);
	}
	if (found[0])
		return ip_diag_plain(d, "no render node with a GPU running %s (found: %s)",
		                     cfg->isa ? cfg->isa : "an ISA of the project", found);
	return ip_diag_plain(d, "no panfrost, lima, msm or radeon render node in "
	                        "/dev/dri/renderD128-191 (name one: --runner drm:/dev/dri/renderDN)");
}

static int drm_open(const struct ip_runner_config *cfg, void **state, struct ip_diag *d)
{
	struct drm_state *s = calloc(1, sizeof *s);
	struct ip_runner_config none = {0};
	if (!s)
		return ip_diag_plain(d, "out of memory");
	if (!cfg)
		cfg = &none;
	if (cfg->device && *cfg->device ? ip_drm_open(cfg->device, &s->dev, d) : pick_node(cfg, &s->dev, d)) {
		free(s);
		return -1;
	}
	if (!s->dev.gpu.isa) {
		ip_diag_plain(d, "%s: %s GPU %s (id 0x%x) runs no ISA the project knows", s->dev.path,
		              s->dev.driver_name, s->dev.gpu.title, (unsigned)s->dev.gpu.id);
		goto fail;
	}
	if (cfg->isa && strcmp(cfg->isa, s->dev.gpu.isa) != 0) {
		ip_diag_plain(d, "%s: the %s runs %s, not %s: this probe needs another board",
		              s->dev.path, s->dev.gpu.title, s->dev.gpu.isa, cfg->isa);
		goto fail;
	}
	if (cfg->gpu && *cfg->gpu && strcmp(cfg->gpu, s->dev.gpu.model) != 0) {
		ip_diag_plain(d, "%s: the GPU is a %s (%s), not the %s asked for by --gpu or the "
		                 "probe's gpu line (results are stored per GPU model: --gpu %s runs on "
		                 "this one)",
		              s->dev.path, s->dev.gpu.model, s->dev.gpu.title, cfg->gpu, s->dev.gpu.model);
		goto fail;
	}
	s->kind = ip_drm_jobkind_find(s->dev.gpu.isa, s->dev.drv);
	if (!s->kind) {
		ip_diag_plain(d, "%s: no job builder for %s on %s", s->dev.path, s->dev.gpu.isa,
		              s->dev.driver_name);
		goto fail;
	}
	s->harness = s->dev.model_ext ? NULL : ip_harness_find(s->dev.gpu.isa);
	{
		size_t timeout_s;
		if (env_size("ISAPROBE_DRM_BO_BUDGET", DEFAULT_BUDGET, 1u << 16, (size_t)1 << 31,
		             &s->budget, d) ||
		    env_size("ISAPROBE_DRM_JOBS", DEFAULT_JOBS, 1, MAX_JOBS, &s->max_jobs, d) ||
		    env_size("ISAPROBE_DRM_TIMEOUT", DEFAULT_TIMEOUT_S, 1, 86400, &timeout_s, d))
			goto fail;
		s->timeout_ns = (int64_t)timeout_s * 1000000000;
	}
	*state = s;
	return 0;
fail:
	ip_drm_close(&s->dev);
	free(s);
	return -1;
}

static void free_arenas(struct drm_state *s)
{
	struct arenas *sets[2] = {&s->main, &s->lone};
	for (int i = 0; i < 2; i++) {
		ip_drm_bo_free(&s->dev, &sets[i]->code.bo);
		ip_drm_bo_free(&s->dev, &sets[i]->desc.bo);
		ip_drm_bo_free(&s->dev, &sets[i]->data.bo);
	}
}

static void drm_close(void *state)
{
	struct drm_state *s = state;
	if (!s)
		return;
	free_arenas(s);
	ip_drm_close(&s->dev);
	for (size_t i = 0; i < s->works_cap; i++)
		ip_harness_work_free(&s->works[i]);
	ip_harness_work_free(&s->check_work);
	free(s->works);
	free(s->wrapped);
	free(s->slots);
	free(s->order);
	free(s->sizes);
	free(s);
}

static const char *drm_model(void *state)
{
	return ((struct drm_state *)state)->dev.gpu.model;
}

/* ---- submissions ---- */

/* An arena of at least need bytes in the current device generation. */
static int arena_ready(struct drm_state *s, struct ip_drm_arena *a, size_t need, int exec,
                       int *lost, struct ip_diag *d)
{
	if (a->bo.map && a->generation == s->dev.generation && a->bo.size >= need) {
		a->used = 0;
		return 0;
	}
	if (a->generation != s->dev.generation) {
		/* its handle died with the old fd: only the mapping is left */
		if (a->bo.map)
			munmap(a->bo.map, a->bo.size);
		memset(&a->bo, 0, sizeof a->bo);
	}
	ip_drm_bo_free(&s->dev, &a->bo);
	need = (need + (1u << 20) - 1) & ~(size_t)((1u << 20) - 1);
	if (ip_drm_bo_new(&s->dev, need, exec, &a->bo, lost, d) != 0)
		return -1;
	a->generation = s->dev.generation;
	a->used = 0;
	return 0;
}

/* A result's why text kept for the rest of the process, as the runner interface wants it
 * ("static text": a campaign may read it after the runner is closed). The texts come from a
 * small set (the checks', the kernel's errors, a device's path, a model's whys), each stored
 * once; a text that cannot be stored becomes a fixed one. */
static const char *keep_text(const char *t)
{
	struct text {
		struct text *next;
		char s[];
	};
	static struct text *table[256];
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	uint32_t h = 2166136261u;
	struct text *e;
	size_t len = strlen(t);
	for (size_t i = 0; i < len; i++)
		h = (h ^ (uint8_t)t[i]) * 16777619u;
	pthread_mutex_lock(&lock);
	for (e = table[h % 256]; e && strcmp(e->s, t) != 0; e = e->next)
		;
	if (!e && (e = malloc(sizeof *e + len + 1)) != NULL) {
		memcpy(e->s, t, len + 1);
		e->next = table[h % 256];
		table[h % 256] = e;
	}
	pthread_mutex_unlock(&lock);
	return e ? e->s : "(out of memory for the runner's text)";
}

static void set_result(struct ip_drm_slot *sl, enum ip_status st, uint32_t fault, const char *why)
{
	ip_result_clear(sl->res);
	sl->res->status = st;
	sl->res->fault = st == IP_STATUS_FAULT ? fault : 0;
	sl->res->why = why;
	sl->state = IP_DRM_SLOT_FINAL;
}

/* Tries to get the device back after it went away. */
static int recover(struct drm_state *s)
{
	struct ip_diag d;
	char msg[600] = "";
	for (int i = 0; i < REOPEN_TRIES; i++) {
		struct timespec pause = {0, REOPEN_PAUSE_NS};
		ip_diag_init(&d, NULL);
		if (ip_drm_reopen(&s->dev, &d) == 0)
			return 0;
		snprintf(msg, sizeof msg, "%.590s", d.msg);
		nanosleep(&pause, NULL);
	}
	snprintf(s->lost_why, sizeof s->lost_why, "the GPU at %.256s is gone: %.600s", s->dev.path,
	         msg);
	return -1;
}

/* Builds list[0..n) in the arenas into b: 0, or IP_DRM_FENCE_LOST / IP_DRM_FENCE_ERROR (with
 * s->lost_why or *err set). */
static int prepare(struct drm_state *s, struct arenas *a, struct ip_drm_slot **list, size_t n,
                   struct ip_drm_batch *b, int *err)
{
	struct ip_drm_sizes need = {0};
	struct ip_diag d;
	int lost = 0;
	*err = 0;
	for (size_t i = 0; i < n; i++) {
		const struct ip_drm_sizes *z = &s->sizes[list[i] - s->slots];
		need.code += z->code;
		need.desc += z->desc;
		need.data += z->data;
	}
	ip_diag_init(&d, NULL);
	if (arena_ready(s, &a->code, need.code, 1, &lost, &d) ||
	    arena_ready(s, &a->desc, need.desc, 0, &lost, &d) ||
	    arena_ready(s, &a->data, need.data, 0, &lost, &d)) {
		snprintf(s->lost_why, sizeof s->lost_why, "%.600s", d.msg);
		*err = ENOMEM;
		return lost ? IP_DRM_FENCE_LOST : IP_DRM_FENCE_ERROR;
	}
	memset(b, 0, sizeof *b);
	b->dev = &s->dev;
	b->code = a->code;
	b->desc = a->desc;
	b->data = a->data;
	b->slots = list;
	b->n = n;
	for (size_t i = 0; i < n; i++)
		list[i]->state = IP_DRM_SLOT_PENDING;
	if (s->kind->build(b) != 0) { /* check sized the arenas: a builder disagreeing is a bug */
		*err = ENOSPC;
		return IP_DRM_FENCE_ERROR;
	}
	return 0;
}

/* Submits a built batch from job `from`, waits, reads the kernel log and what the hardware
 * says of each job. Returns how the fence ended, IP_DRM_FENCE_LOST (s->lost_why set), or
 * IP_DRM_FENCE_ERROR with *err when the kernel refused the submission. */
static enum ip_drm_fence kick_wait(struct drm_state *s, struct ip_drm_batch *b, size_t from,
                                   int *err)
{
	enum ip_drm_fence f;
	s->kmsg[0] = '\0';
	ip_drm_kmsg(&s->dev, s->kmsg, sizeof s->kmsg); /* drop what came before */
	s->kmsg[0] = '\0';
	if ((*err = ip_drm_fence_reset(&s->dev)) == 0)
		*err = s->kind->kick(b, from);
	if (*err) {
		if (ip_drm_errno_lost(*err)) {
			snprintf(s->lost_why, sizeof s->lost_why, "%.256s: SUBMIT: %s", s->dev.path,
			         strerror(*err));
			return IP_DRM_FENCE_LOST;
		}
		return IP_DRM_FENCE_ERROR;
	}
	f = ip_drm_wait(&s->dev, ip_drm_now_ns() + s->timeout_ns +
	                             (s->dev.drv->hang_grace_ns ? s->dev.drv->hang_grace_ns() : 0));
	if (f != IP_DRM_FENCE_OK && f != IP_DRM_FENCE_TIMEOUT && f != IP_DRM_FENCE_LOST &&
	    s->dev.drv->renew_ctx && (*err = s->dev.drv->renew_ctx(&s->dev)) != 0) {
		/* the per-open state the failure spoilt cannot be made again */
		snprintf(s->lost_why, sizeof s->lost_why, "%.256s: after a failed job: %s", s->dev.path,
		         strerror(*err));
		*err = 0;
		return IP_DRM_FENCE_LOST;
	}
	if (f == IP_DRM_FENCE_TIMEOUT || f == IP_DRM_FENCE_LOST) {
		if (f == IP_DRM_FENCE_TIMEOUT)
			snprintf(s->lost_why, sizeof s->lost_why, "%.256s: a submission did not end within "
			         "%lld s (the kernel did not recover the GPU)",
			         s->dev.path, (long long)(s->timeout_ns / 1000000000));
		else
			snprintf(s->lost_why, sizeof s->lost_why,
			         "%.256s: the device went away while a submission ran", s->dev.path);
		return IP_DRM_FENCE_LOST;
	}
	ip_drm_kmsg(&s->dev, s->kmsg, sizeof s->kmsg);
	b->kmsg = s->kmsg;
	s->kind->collect(b, from, f);
	return f;
}

/* Takes the results the hardware gave for jobs from..n-1; returns the first still pending (n:
 * none) and counts what was resolved. */
static size_t resolve(struct drm_state *s, struct ip_drm_batch *b, size_t from, size_t *resolved)
{
	size_t first = b->n;
	*resolved = 0;
	for (size_t i = from; i < b->n; i++) {
		struct ip_drm_slot *sl = b->slots[i];
		if (sl->state == IP_DRM_SLOT_DONE) {
			ip_drm_slot_finish(&s->dev, sl);
			++*resolved;
		} else if (sl->state == IP_DRM_SLOT_FAULT) {
			set_result(sl, IP_STATUS_FAULT, sl->fault, sl->why);
			++*resolved;
		} else if (sl->state == IP_DRM_SLOT_FINAL) {
			++*resolved; /* the builder's collect set the result */
		} else if (first == b->n) {
			first = i;
		}
	}
	return first;
}

/* A submission of one job the kernel refused: that job is a runner error (a runner bug, or a
 * job this kernel will not take). */
static void refused(struct ip_drm_slot *sl, int err)
{
	char why[128];
	snprintf(why, sizeof why, "the kernel refused the submission: %s", strerror(err));
	set_result(sl, IP_STATUS_RUNNER_ERROR, 0, keep_text(why));
}

/* Builds and runs list[0..n) in arenas a once; a device that went away and opens again is
 * re-opened and the submission tried again (up to LOST_RESUBMITS times: it may go away again
 * while the same submission is retried). Returns the fence's end (IP_DRM_FENCE_LOST: gone for
 * good); *err is set when the kernel refused the submission (or its BOs could not be made). */
static enum ip_drm_fence run_once(struct drm_state *s, struct arenas *a, struct ip_drm_slot **list,
                                  size_t n, struct ip_drm_batch *b, int64_t *t0, int *err)
{
	enum ip_drm_fence f = IP_DRM_FENCE_LOST;
	for (int tries = 0;; tries++) {
		int rc = prepare(s, a, list, n, b, err);
		if (rc == 0) {
			*t0 = ip_drm_now_ns();
			f = kick_wait(s, b, 0, err);
		} else {
			f = (enum ip_drm_fence)rc;
		}
		if (f != IP_DRM_FENCE_ERROR)
			*err = 0;
		if (f != IP_DRM_FENCE_LOST)
			return f;
		if (tries == LOST_RESUBMITS) {
			size_t len = strlen(s->lost_why);
			snprintf(s->lost_why + len, sizeof s->lost_why - len,
			         " (it went away %d times running the same submission)", tries + 1);
			return f;
		}
		if (recover(s) != 0)
			return f;
	}
}

/* The result of a job that ran alone and that the hardware did not report done or faulted. */
static void single_result(struct drm_state *s, struct ip_drm_slot *sl, enum ip_drm_fence f,
                          int64_t elapsed_ns)
{
	if (s->kind->resumable) {
		/* a job chain's headers say done or fault; one that says neither was stopped: an MMU
		 * fault the kernel logs (from Linux 5.15 panfrost disables the address space, which
		 * kills the job; before, the job waits for the timeout), or the GPU reset */
		int pan = strcmp(s->dev.drv->name, "panfrost") == 0;
		const char *pf = pan ? strstr(s->kmsg, "Unhandled Page fault") : NULL;
		const char *type = pf ? strstr(pf, "exception type 0x") : NULL;
		if (f == IP_DRM_FENCE_OK && !pan) {
			set_result(sl, IP_STATUS_RUNNER_ERROR, 0,
			           "the fence signalled but the job's status says it did not finish");
		} else if (pf) {
			set_result(sl, IP_STATUS_FAULT,
			           type ? (uint32_t)strtoul(type + 17, NULL, 16) & 0xff : 0,
			           "the job made an MMU fault (kernel log: Unhandled Page fault)");
		} else if (f == IP_DRM_FENCE_CANCELLED) {
			set_result(sl, IP_STATUS_TIMEOUT, 0,
			           "the job did not finish: the kernel reset the GPU (fence -ECANCELED)");
		} else if (f == IP_DRM_FENCE_FAULT || f == IP_DRM_FENCE_OK) {
			/* -EINVAL, or no error before Linux 6.5 (the scheduler did not forward it) */
			set_result(sl, IP_STATUS_FAULT, 0, "the job was stopped without writing an "
			                                   "exception status (an MMU fault?)");
		} else {
			set_result(sl, IP_STATUS_RUNNER_ERROR, 0, "the job's fence ended with an error");
		}
		return;
	}
	if (f == IP_DRM_FENCE_OK) {
		set_result(sl, IP_STATUS_RUNNER_ERROR, 0,
		           "the fence signalled but the job's status says it did not finish");
		return;
	}
	/* lima: a GP error and a hang both end the job -ECANCELED; the kernel log tells them apart
	 * ("gp error irq" against "lima job timeout", "gp job timeout" from Linux 6.9), else how
	 * soon it ended (/dev/kmsg is root's only under kernel.dmesg_restrict=1) */
	if (strstr(s->kmsg, "lima job timeout") || strstr(s->kmsg, "gp job timeout"))
		set_result(sl, IP_STATUS_TIMEOUT, 0, "the job did not finish (the kernel log: job timeout)");
	else if (strstr(s->kmsg, "gp error irq") || strstr(s->kmsg, "gp task error") ||
	         strstr(s->kmsg, "page fault"))
		set_result(sl, IP_STATUS_FAULT, 0, "the GP stopped with an error (kernel log)");
	else if (elapsed_ns < ip_drm_lima_sched_timeout_ns(LIMA_SCHED_TIMEOUT_MS * 1000000LL) / 2)
		set_result(sl, IP_STATUS_FAULT, 0, "the GP job failed before the scheduler timeout");
	else
		set_result(sl, IP_STATUS_TIMEOUT, 0, "the GP job did not finish in time");
}

/* One job alone (in the lone arenas when the batch's chain waits for it). */
static enum range_rc run_alone(struct drm_state *s, struct arenas *a, struct ip_drm_slot *sl)
{
	struct ip_drm_batch b;
	int64_t t0 = 0;
	size_t resolved;
	int err;
	enum ip_drm_fence f = run_once(s, a, &sl, 1, &b, &t0, &err);
	if (f == IP_DRM_FENCE_LOST)
		return RANGE_LOST;
	if (err) {
		refused(sl, err);
		return RANGE_OK;
	}
	if (resolve(s, &b, 0, &resolved) == 0)
		single_result(s, sl, f, ip_drm_now_ns() - t0);
	return RANGE_OK;
}

static enum range_rc run_list(struct drm_state *s, struct ip_drm_slot **list, size_t n);

/* The kernel refused a submission of list[0..n) (or its BOs could not be made): halved, as
 * after a lockup, until the job it refuses is submitted alone: only that one is a runner error
 * (docs/drm-runner.md). */
static enum range_rc split_refused(struct drm_state *s, struct ip_drm_slot **list, size_t n,
                                   int err)
{
	if (n == 1) {
		refused(list[0], err);
		return RANGE_OK;
	}
	if (run_list(s, list, n / 2) == RANGE_LOST)
		return RANGE_LOST;
	return run_list(s, list + n / 2, n - n / 2);
}

/* The slots of list[from..n) not final yet, moved to the front: how many. */
static size_t pending_from(struct ip_drm_slot **list, size_t from, size_t n)
{
	size_t m = 0;
	for (size_t i = from; i < n; i++)
		if (list[i]->state != IP_DRM_SLOT_FINAL)
			list[m++] = list[i];
	return m;
}

/* A job chain (resumable kinds): built once; a fault stops it after the faulting job and it
 * goes on from the next one; after a hang or a reset, the job that did not finish runs alone
 * (timeout when it hangs again) and the chain goes on after it. */
static enum range_rc run_chain(struct drm_state *s, struct ip_drm_slot **list, size_t n)
{
	struct ip_drm_batch b;
	int64_t t0;
	size_t from = 0;
	int err;
	enum ip_drm_fence f = run_once(s, &s->main, list, n, &b, &t0, &err);
	if (f != IP_DRM_FENCE_LOST && err)
		return split_refused(s, list, n, err);
	for (;;) {
		size_t resolved, first;
		if (f == IP_DRM_FENCE_LOST)
			return RANGE_LOST;
		first = resolve(s, &b, from, &resolved);
		if (first == n)
			return RANGE_OK;
		if (f == IP_DRM_FENCE_OK && !resolved && s->kind->halve_unresolved && n - first > 1) {
			/* it ran to its end and named no job that failed: halved until one runs alone */
			size_t m = pending_from(list, first, n);
			if (run_list(s, list, m / 2) == RANGE_LOST)
				return RANGE_LOST;
			return run_list(s, list + m / 2, m - m / 2);
		}
		if (f == IP_DRM_FENCE_CANCELLED || !resolved) {
			/* list[first] hung, was reset, or the submission ended without saying */
			if (run_alone(s, &s->lone, list[first]) == RANGE_LOST)
				return RANGE_LOST;
			from = first + 1;
		} else {
			from = first; /* a fault stopped the chain before it */
		}
		if (from == n)
			return RANGE_OK;
		f = kick_wait(s, &b, from, &err);
		if (f == IP_DRM_FENCE_ERROR && err)
			return split_refused(s, list, pending_from(list, from, n), err);
		if (f == IP_DRM_FENCE_LOST) {
			/* the device came back (or not): the rest is built again in new BOs */
			if (recover(s) != 0)
				return RANGE_LOST;
			return run_list(s, list, pending_from(list, from, n));
		}
	}
}

/* A submission whose hardware says nothing per job when it fails (lima): halved until it does. */
static enum range_rc run_whole(struct drm_state *s, struct ip_drm_slot **list, size_t n)
{
	struct ip_drm_batch b;
	int64_t t0 = 0;
	size_t resolved;
	int err;
	enum ip_drm_fence f = run_once(s, &s->main, list, n, &b, &t0, &err);
	if (f == IP_DRM_FENCE_LOST)
		return RANGE_LOST;
	if (err)
		return split_refused(s, list, n, err);
	if (resolve(s, &b, 0, &resolved) == n)
		return RANGE_OK;
	if (n == 1) {
		single_result(s, list[0], f, ip_drm_now_ns() - t0);
		return RANGE_OK;
	}
	if (run_list(s, list, n / 2) == RANGE_LOST)
		return RANGE_LOST;
	return run_list(s, list + n / 2, n - n / 2);
}

/* Runs the pending slots of list[0..n) in submissions that fit the budget. */
static enum range_rc run_list(struct drm_state *s, struct ip_drm_slot **list, size_t n)
{
	size_t at = 0;
	while (at < n) {
		size_t k = 0, bytes = 0;
		while (at + k < n && k < s->max_jobs) {
			const struct ip_drm_sizes *z = &s->sizes[list[at + k] - s->slots];
			size_t b = z->code + z->desc + z->data;
			if (k && bytes + b > s->budget)
				break;
			bytes += b;
			k++;
		}
		if ((s->kind->resumable ? run_chain(s, list + at, k) : run_whole(s, list + at, k)) ==
		    RANGE_LOST)
			return RANGE_LOST;
		at += k;
	}
	return RANGE_OK;
}

static int grow(struct drm_state *s, size_t n)
{
	struct ip_drm_slot *sl;
	struct ip_drm_slot **ord;
	struct ip_drm_sizes *sz;
	if (n <= s->cap)
		return 0;
	sl = realloc(s->slots, n * sizeof *sl);
	if (!sl)
		return -1;
	s->slots = sl;
	ord = realloc(s->order, n * sizeof *ord);
	if (!ord)
		return -1;
	s->order = ord;
	sz = realloc(s->sizes, n * sizeof *sz);
	if (!sz)
		return -1;
	s->sizes = sz;
	s->cap = n;
	return 0;
}

/* Room for n wrapped jobs (kept from one batch to the next: a warm work allocates nothing). */
static int grow_works(struct drm_state *s, size_t n)
{
	struct ip_harness_work *w;
	unsigned char *f;
	if (n <= s->works_cap)
		return 0;
	if (!(f = realloc(s->wrapped, n)))
		return -1;
	s->wrapped = f;
	if (!(w = realloc(s->works, n * sizeof *w)))
		return -1;
	memset(w + s->works_cap, 0, (n - s->works_cap) * sizeof *w);
	s->works = w;
	s->works_cap = n;
	return 0;
}

/* On a GPU, a job that plants or observes registers runs wrapped by the ISA's harness: *job and
 * *res become the wrapped job's (in w). NULL, or why the job cannot run (a static text, or the
 * wrap's diagnostic in d). */
static const char *harness_wrap(struct drm_state *s, struct ip_harness_work *w,
                                const struct ip_job **job, struct ip_result **res,
                                struct ip_diag *d)
{
	const char *why;
	if (s->dev.model_ext || !ip_harness_needed(*job, *res))
		return NULL;
	if (!s->harness) {
		ip_diag_plain(d, "no register harness for ISA %s: a GPU's register file cannot be set "
		                 "or read from outside the shader (observe what the program stores)",
		              s->dev.gpu.isa);
		return d->msg;
	}
	if ((why = s->harness->check(*job, *res)) != NULL)
		return why;
	if (s->harness->wrap(w, *job, *res, d) != 0)
		return d->msg;
	*job = &w->job;
	*res = &w->res;
	return NULL;
}

static int drm_run_batch(void *state, const struct ip_job *jobs, size_t n, struct ip_result *results)
{
	struct drm_state *s = state;
	size_t m = 0;
	if (grow(s, n) != 0 || grow_works(s, n) != 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		struct ip_drm_slot *sl = &s->slots[i];
		const struct ip_job *job = &jobs[i];
		struct ip_result *res = &results[i];
		struct ip_diag d;
		const char *why;
		memset(sl, 0, sizeof *sl);
		sl->job = job;
		sl->res = res;
		s->wrapped[i] = 0;
		memset(&s->sizes[i], 0, sizeof s->sizes[i]);
		ip_diag_init(&d, NULL);
		if ((why = harness_wrap(s, &s->works[i], &job, &res, &d)) != NULL) {
			set_result(sl, IP_STATUS_RUNNER_ERROR, 0, keep_text(why));
			continue;
		}
		if (job != &jobs[i]) {
			s->wrapped[i] = 1;
			sl->job = job;
			sl->res = res;
			sl->addrs = s->works[i].addrs;
			sl->naddrs = s->works[i].naddrs;
		}
		why = s->kind->check(&s->dev, job, res, &s->sizes[i]);
		if (why) {
			set_result(sl, IP_STATUS_RUNNER_ERROR, 0, why);
			continue;
		}
		if (s->sizes[i].code + s->sizes[i].desc + s->sizes[i].data > s->budget) {
			set_result(sl, IP_STATUS_RUNNER_ERROR, 0,
			           "the job needs more buffer memory than ISAPROBE_DRM_BO_BUDGET");
			continue;
		}
		s->order[m++] = sl;
	}
	if (run_list(s, s->order, m) == RANGE_LOST) {
		const char *why = keep_text(s->lost_why);
		for (size_t i = 0; i < n; i++) {
			results[i].status = IP_STATUS_RUNNER_ERROR;
			results[i].why = why;
		}
		return IP_RUNNER_DEVICE_LOST;
	}
	for (size_t i = 0; i < n; i++) {
		if (s->wrapped[i]) {
			struct ip_harness_work *w = &s->works[i];
			if (w->res.why)
				w->res.why = keep_text(w->res.why); /* the slot's text is reused */
			w->harness->unwrap(w, &jobs[i], &results[i]);
		}
		if (results[i].why)
			results[i].why = keep_text(results[i].why);
	}
	return 0;
}

/* Before a campaign starts: a job this GPU cannot be given (a role its jobs have no place for,
 * registers without a harness or that the harness refuses, more memory than the budget) would
 * only store runner errors. */
static int drm_check_job(void *state, const struct ip_job *job, const struct ip_result *res,
                         struct ip_diag *d)
{
	struct drm_state *s = state;
	struct ip_drm_sizes z = {0};
	struct ip_result *r = (struct ip_result *)res; /* a wrap reads it only */
	const char *why = harness_wrap(s, &s->check_work, &job, &r, d);
	if (why)
		return why == d->msg ? -1 : ip_diag_plain(d, "%s", why);
	why = s->kind->check(&s->dev, job, r, &z);
	if (why)
		return ip_diag_plain(d, "%s", why);
	if (z.code + z.desc + z.data > s->budget)
		return ip_diag_plain(d, "the job needs more buffer memory (%zu bytes) than "
		                        "ISAPROBE_DRM_BO_BUDGET (%zu)",
		                     z.code + z.desc + z.data, s->budget);
	return 0;
}

static const struct ip_harness *drm_harness(void *state)
{
	return ((struct drm_state *)state)->harness;
}

const struct ip_runner_backend ip_drm_backend = {
	.name = "drm",
	.summary = "a GPU through the kernel's DRM driver (panfrost, lima, msm, radeon): "
	           "drm[:/dev/dri/renderDN]",
	.open = drm_open,
	.run_batch = drm_run_batch,
	.close = drm_close,
	.model = drm_model,
	.check_job = drm_check_job,
	.harness = drm_harness,
};

int ip_drm_model_check(const char *model, const char *isa, const struct ip_job *job,
                       const struct ip_result *res, struct ip_diag *d)
{
	struct drm_state *s = calloc(1, sizeof *s);
	const struct ip_drm_driver *drv;
	int rc;
	if (!s)
		return ip_diag_plain(d, "out of memory");
	if (ip_drm_gpu_named(model, &s->dev.gpu, &drv) != 0 || !s->dev.gpu.isa) {
		free(s);
		return ip_diag_plain(d, "no GPU model '%s' the drm runner knows (isaprobe devices names "
		                        "them: t760, g52, mali400, a320, ...)", model);
	}
	if (isa && strcmp(isa, s->dev.gpu.isa) != 0) {
		rc = ip_diag_plain(d, "the %s runs %s, not %s", s->dev.gpu.title, s->dev.gpu.isa, isa);
		free(s);
		return rc;
	}
	s->dev.drv = drv;
	s->dev.model_ext = 0;
	s->kind = ip_drm_jobkind_find(s->dev.gpu.isa, drv);
	s->harness = ip_harness_find(s->dev.gpu.isa);
	s->budget = DEFAULT_BUDGET;
	rc = s->kind ? drm_check_job(s, job, res, d)
	             : ip_diag_plain(d, "no job builder for %s", s->dev.gpu.isa);
	ip_harness_work_free(&s->check_work);
	free(s);
	return rc;
}
