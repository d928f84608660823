/* fakedrm.h: the fake DRM device's insides (test support, never installed): render nodes and
 * their open files, buffer objects backed by memfds in per-file GPU address spaces, sync
 * objects and fences, the kernel log, the trace and the injected failures; a kernel driver
 * (panfrost, lima, msm; radeon later) plugs in as a struct fake_driver. docs/fakedrm.md. */
#ifndef ISAPROBE_FAKEDRM_H
#define ISAPROBE_FAKEDRM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "common/byteorder.h"
#include "isaprobe/runner.h"

#define FAKE_MAX_NODES 8
/* The most invocations (vertices) the fake runs in one job: a limit of the fake, not of a GPU. */
#define FAKE_MAX_INVOCATIONS (1u << 20)
#define FAKE_PAGE 4096u

struct fake_file;
struct fake_node;

/* A fence: when it signals (CLOCK_MONOTONIC ns; INT64_MAX: never) and with what error. */
struct fake_fence {
	int refs;
	int64_t signal_ns;
	int error; /* 0, -EINVAL (fault), -ECANCELED (hang, reset) */
};

struct fake_bo {
	uint32_t handle;
	uint32_t flags;     /* the driver's creation flags */
	size_t size;
	uint64_t va;        /* GPU address in the file's address space */
	uint64_t mmap_off;  /* fake offset to mmap the node at */
	int memfd;
	uint8_t *map;       /* the device's own view */
	int exec;           /* the GPU may fetch code from it */
	struct fake_fence *fence; /* the last submission that used it */
};

struct fake_syncobj {
	uint32_t handle;
	struct fake_fence *fence; /* NULL: none yet */
};

/* One GPU model a node emulates. */
struct fake_gpu {
	const char *model;      /* e.g. "t760" */
	const char *driver;     /* "panfrost", "lima" */
	const char *isa;        /* the simulator's ISA */
	uint32_t id;            /* panfrost GPU_PROD_ID; lima GP_VERSION */
	uint32_t id2;           /* lima GPU_ID */
	unsigned arch;          /* panfrost genxml version */
};

/* One driver ioctl as the kernel's table declares it. */
struct fake_ioctl {
	const char *name;        /* for the trace */
	unsigned size;           /* the struct's size in this driver version */
	unsigned char in, out;   /* the kernel copies the caller's struct in / back out */
};

/* One kernel driver: its version, its ioctls and how it runs jobs. */
struct fake_driver {
	const char *name, *date, *desc;
	int major, minor, patch;
	const struct fake_ioctl *ioctls; /* DRM_COMMAND_BASE + 0 .. nioctls - 1 */
	unsigned nioctls;
	/* Runs driver ioctl nr (0-based after DRM_COMMAND_BASE) on a copy of the caller's struct
	 * (kernel-sized, zero-extended); returns 0 or -errno. */
	int (*ioctl)(struct fake_file *f, unsigned nr, void *arg);
	/* Per-open set-up and tear-down (contexts); may be NULL. */
	void (*open)(struct fake_file *f);
	void (*close)(struct fake_file *f);
	/* Lowest and highest GPU address of an address space. */
	uint64_t va_start, va_end;
};

extern const struct fake_driver fake_panfrost;
extern const struct fake_driver fake_lima;
extern const struct fake_driver fake_msm;
extern const struct fake_driver fake_radeon;

struct fake_node {
	char path[128];
	struct fake_gpu gpu;
	const struct fake_driver *drv;
	struct ip_runner *sim;   /* the project's simulator of this GPU */
	int lost;                /* gone: ioctls ENODEV, opens ENOENT */
	void *gpu_state;         /* the driver's GPU state that outlives open files (msm) */
};

struct fake_file {
	int fd;
	dev_t st_dev;
	ino_t st_ino;
	struct fake_node *node;
	struct fake_bo **bos;        /* by handle - 1 */
	uint32_t nbos;
	struct fake_syncobj **syncs; /* by handle - 1 */
	uint32_t nsyncs;
	uint64_t va_next;
	int dead;                    /* opened before the device was lost */
	uint32_t ctx_next;           /* lima contexts */
	uint32_t ctx_live[64];
	uint64_t ctx_guilty;         /* lima before 6.9: the contexts (bit: ctx_live's index) banned */
	void *priv;                  /* the driver's own per-open state (msm: submit queues) */
};

/* ---- core services for drivers (fake_core.c) ---- */

/* CLOCK_MONOTONIC in nanoseconds. */
int64_t fake_now_ns(void);

extern int fake_model_ext;        /* the model extension is on (FAKEDRM_MODEL != 0) */
extern int64_t fake_sched_timeout_ns;
extern int fake_sched_timeout_set; /* FAKEDRM_SCHED_TIMEOUT_MS was given */
/* How long a hung job takes to be found: FAKEDRM_SCHED_TIMEOUT_MS when given, else the driver's
 * default on the kernel modelled (kernel_default_ns). */
static inline int64_t fake_hang_timeout_ns(int64_t kernel_default_ns)
{
	return fake_sched_timeout_set ? fake_sched_timeout_ns : kernel_default_ns;
}

struct fake_bo *fake_bo_lookup(struct fake_file *f, uint32_t handle);
/* Creates a BO of size bytes (rounded to pages) at the next address of the file's space. */
int fake_bo_create(struct fake_file *f, size_t size, uint32_t flags, int exec, struct fake_bo **out);
struct fake_syncobj *fake_syncobj_lookup(struct fake_file *f, uint32_t handle);
struct fake_fence *fake_fence_new(int64_t signal_ns, int error);
void fake_fence_put(struct fake_fence *fe);
void fake_fence_attach(struct fake_syncobj *so, struct fake_bo *const *bos, size_t n,
                       struct fake_fence *fe);
/* A submission ended: its fence (signalling at signal_ns, INT64_MAX never, with error) goes to
 * the out syncobj (may be NULL) and the BOs it used; traced. 0 or -ENOMEM. */
int fake_submission_end(struct fake_syncobj *out, struct fake_bo *const *bos, size_t n,
                        int64_t signal_ns, int error);
/* Waits for a BO's last fence until the absolute deadline: 0, -ETIMEDOUT or -EBUSY. Called
 * with the lock held; drops it while sleeping. */
int fake_bo_wait(struct fake_bo *bo, int64_t deadline_ns);
/* The same for a fence (NULL: none, signalled). */
int fake_fence_wait(struct fake_fence *fe, int64_t deadline_ns);

/* Copies between the caller's memory and the device: 0 or -EFAULT (never a crash). */
int fake_copy_in(void *dst, uint64_t user_ptr, size_t n);
int fake_copy_out(uint64_t user_ptr, const void *src, size_t n);

/* GPU memory of a submission: the BOs it lists. Returns a pointer valid for n bytes at va, or
 * NULL (a page fault). *bo is set to the BO. */
struct fake_vm {
	struct fake_bo **bos;
	size_t n;
};
uint8_t *fake_gpu_ptr(const struct fake_vm *vm, uint64_t va, size_t n, struct fake_bo **bo);

/* The K-th job the device runs (counted from 1 over the process) and the failure injected at
 * it, if any (FAKEDRM_INJECT). */
enum fake_inject { FAKE_NONE, FAKE_FAULT, FAKE_HANG, FAKE_RESET, FAKE_LOST, FAKE_UNPLUG,
                   FAKE_REFUSE, FAKE_PAGE_FAULT };
uint64_t fake_next_job(enum fake_inject *what, uint32_t *code);
/* For a driver whose GPU has no faults (radeon): whether a fault is injected at one of the next
 * n jobs; it is used up (the submission it refuses, sent again, runs). */
int fake_take_fault(uint64_t n);
/* For a driver whose kernel checks the stream before it runs (radeon): whether the checker
 * refuses the program of the n-th job from the device's next one (code: its bytes).
 * FAKEDRM_INJECT refuse@K makes the K-th job's program one it refuses, in every stream that
 * holds it (as a job the runner cannot express to this kernel). */
int fake_refuse_program(uint64_t n, const uint8_t *code, size_t len);

/* The kernel version the device behaves as (FAKEDRM_KERNEL, docs/fakedrm.md): e.g. 0x060c for
 * 6.12. fake_kernel_before(6, 9): older than 6.9. The versions modelled are one on each side
 * of each change the runner meets (panfrost 5.15, the scheduler 6.5, lima 6.9). */
#define FAKE_KERNELS "5.10", "6.1", "6.6", "6.12"
#define FAKE_KERNELS_TEXT "5.10, 6.1, 6.6, 6.12"
#define FAKE_KERNEL_DEFAULT 0x060cu
extern unsigned fake_kernel;
static inline int fake_kernel_before(unsigned major, unsigned minor)
{
	return fake_kernel < (major << 8 | minor);
}
/* Counts a submission the kernel accepted (FAKEDRM_STATS). */
void fake_count_submission(void);
/* The model extension's counters (IP_MODEL_PARAM_SUBMISSIONS, _JOBS): 0, or -1 for another
 * parameter. */
int fake_counter(uint32_t param, uint64_t *value);
/* Faults, page faults and hangs stick to the program of the job they hit: a later job running
 * the same code bytes fails the same way (reset, lost and unplug are the GPU's, not the
 * program's). Given the job's injection (FAKE_FAULT, FAKE_PAGE_FAULT, FAKE_HANG recorded;
 * anything else looked up), returns what the program does: FAKE_FAULT (*code set),
 * FAKE_PAGE_FAULT, FAKE_HANG or FAKE_NONE. */
enum fake_inject fake_program_inject(enum fake_inject now, uint32_t now_code, const uint8_t *code,
                                     size_t len, uint32_t *fault_code);
/* The device goes away (FAKE_LOST: for this process; FAKE_UNPLUG: open files only). */
void fake_node_lose(struct fake_node *n, enum fake_inject how);

/* Kernel log and trace. */
void fake_kmsg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void fake_trace(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int fake_tracing(void);

/* Runs one job on the node's simulator and writes it back (fake_model.c): decoded roles. */
struct fake_role {
	uint8_t *mem;      /* GPU memory of the role (NULL: none) */
	size_t in_len;     /* input bytes */
	size_t out_cap;    /* output bytes (0: not observed) */
};
struct fake_job {
	const uint8_t *code;
	size_t code_len;
	uint32_t invocations;
	int uniform_regs;
	uint64_t budget;
	struct fake_role role[IP_BUF_ROLE_COUNT];
	uint8_t *record;   /* model record, or NULL */
};
/* Runs it: the simulator's result (why text static); outputs written back to GPU memory, and
 * the record when there is one. */
void fake_run_sim(struct fake_node *node, const struct fake_job *j, struct ip_result *res);
/* Reads the model record at rec into the job's roles and lengths (vm: where roles live).
 * Returns NULL, or why the record is unusable (a DATA_INVALID_FAULT). */
const char *fake_read_record(const struct fake_vm *vm, uint8_t *rec, struct fake_job *j);

#endif
