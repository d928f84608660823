/* bench.h: the benchmark suites behind `isaprobe bench`: wall and CPU timing, result records
 * (value, target, unit) and the ratios between measurements taken in one run. */
#ifndef ISAPROBE_BENCH_H
#define ISAPROBE_BENCH_H

#include <stddef.h>
#include <stdint.h>

#include "isaprobe/runner.h"

/* A moment: wall seconds (CLOCK_MONOTONIC), CPU seconds of the process, every thread
 * (CLOCK_PROCESS_CPUTIME_ID), and CPU seconds the whole machine has been busy (/proc/stat, 0
 * where there is none): over a lap, busy - cpu is what other processes took. */
struct bench_time {
	double wall, cpu, busy;
};
struct bench_time bench_now(void);
/* Adds the time since start to *acc. */
void bench_lap(struct bench_time *acc, struct bench_time start);
/* The CPUs the machine has, and how many of them other processes left free over a lap (the
 * machine's CPUs less what others took per wall second); -1 where /proc/stat is missing. */
unsigned bench_cpus(void);
double bench_free_cpus(struct bench_time lap);

enum bench_goal {
	BENCH_REPORT,   /* no target: reported */
	BENCH_AT_LEAST, /* met when value >= target */
	BENCH_AT_MOST,  /* met when value <= target */
};

/* One measurement. A rate (count per second) has value = count / wall seconds and
 * cpu_value = count / CPU seconds (per core-second: steady on a shared machine, and what a
 * target "per core" means); the verdict judges cpu_value when there is one. Anything else
 * (a count, a size) has cpu_value 0. */
struct bench_result {
	char suite[16];
	char name[48];     /* suite-unique, e.g. "midgard.ok" */
	const char *unit;  /* static string, e.g. "variants/s" */
	double value, cpu_value;
	double wall_s, cpu_s; /* time measured (rates), else 0 */
	enum bench_goal goal;
	double target;
	char note[160];
};

/* A ratio of two measurements of the same run, named "suite.name" (suites may name each
 * other's: the ratio is printed when both ran), of their judged values (bench_judged), or of
 * their wall-clock values when wall is set (a speed-up from more threads). */
struct bench_ratio {
	const char *num, *den;
	const char *meaning;
	int wall;
};

struct bench_opts {
	int quick;           /* smaller sizes: seconds, for tests and a first look */
	uint64_t runs;       /* overrides each suite's main count (variants, runs, jobs); 0: default */
	const char *dir;     /* where databases are written (default $TMPDIR or /tmp) */
	int keep;            /* leave those databases there */
};

struct bench_run {
	const struct bench_opts *opts;
	const char *suite; /* the suite running now */
	struct bench_result *results;
	size_t n, cap;
};

struct bench_suite {
	const char *name, *what;
	/* Adds its results to r; 0, or -1 after printing why to stderr. */
	int (*run)(struct bench_run *r);
	const struct bench_ratio *ratios;
	size_t nratios;
};

/* Every suite, in the order `isaprobe bench` runs them; NULL-terminated. */
extern const struct bench_suite *const bench_suites[];
extern const struct bench_suite bench_suite_sim, bench_suite_bifrost, bench_suite_utgard_gp,
	bench_suite_store, bench_suite_campaign, bench_suite_infer, bench_suite_scale,
	bench_suite_remote, bench_suite_drm, bench_suite_afl;

/* count / elapsed as a rate result of the running suite; note may be NULL. Returns it. */
struct bench_result *bench_rate(struct bench_run *r, const char *name, const char *unit,
                                double count, struct bench_time elapsed, enum bench_goal goal,
                                double target, const char *note);
/* A plain value (count, size) of the running suite. */
struct bench_result *bench_value(struct bench_run *r, const char *name, const char *unit,
                                 double value, enum bench_goal goal, double target,
                                 const char *note);
/* The result "suite.name", or NULL. */
const struct bench_result *bench_find(const struct bench_run *r, const char *full_name);
/* The ratio's value in *v: 0, or -1 when either measurement is missing or zero. */
int bench_ratio_value(const struct bench_run *r, const struct bench_ratio *ra, double *v);
/* The value a verdict and a ratio use: cpu_value when measured, else value. */
double bench_judged(const struct bench_result *res);
/* 1 met, 0 not met, -1 no target. */
int bench_met(const struct bench_result *res);

/* A suite's main count (variants, runs, jobs): --runs, else quick or full. */
uint64_t bench_size(const struct bench_run *r, uint64_t full, uint64_t quick);
/* Any other size: quick or full. */
uint64_t bench_pick(const struct bench_run *r, uint64_t full, uint64_t quick);
/* Where a suite writes database `name`: --dir's DIR/bench-NAME.db, else
 * $TMPDIR (or /tmp)/isaprobe-bench-PID-NAME.db, in buf (size n). */
void bench_db_path(const struct bench_run *r, const char *name, char *buf, size_t n);
/* Parses probes/midgard/ls_loads.probe, compiled in (bench/CMakeLists.txt): the campaign and
 * infer suites' probe. 0, or -1 after printing why. Free with ip_probe_free. */
struct ip_probe;
int bench_probe_ls_loads(struct ip_probe *p);

/* The sim and remote suites' jobs (bench/midgard_jobs.c): n copies of a 3-instruction Midgard
 * probe (ld_attr_32, vmul.fadd, st_vary_32), load/store bits 25-50 of the first word at the
 * vendor value 0x1c1c, with attributes, uniforms, and varyings and registers observed. */
struct bench_mg_jobs {
	size_t n, len;            /* jobs; code bytes of each */
	unsigned bitpos, width;   /* bits 25-50 of the first word in the packed code */
	uint8_t (*codes)[64], (*vary)[64], (*regs)[512];
	struct ip_job *jobs;
	struct ip_result *res;
	struct ip_out_buf (*outs)[2];
	struct ip_buf inputs[2];
};
/* NULL after printing why. */
struct bench_mg_jobs *bench_mg_jobs_new(size_t n);
/* Writes value (its low 26 bits) into bits 25-50 of job i's code. */
void bench_mg_jobs_set(struct bench_mg_jobs *j, size_t i, uint64_t value);
void bench_mg_jobs_free(struct bench_mg_jobs *j);

/* Disassembles p with isa into memory (time added to *t_dis) and assembles that text back
 * (*t_asm): the ISA suites' text round trip (bench/text_round_trip.c). 0, or -1: no memory. */
struct ip_isa;
struct ip_program;
int bench_text_round_trip(const struct ip_isa *isa, const struct ip_program *p,
                          struct bench_time *t_dis, struct bench_time *t_asm);

/* Removes a database and its -wal and -shm files. */
void bench_db_remove(const char *path);

#endif
