/* targets.h: the parser fuzz targets (docs/fuzzing.md): one function per parser or decoder that
 * takes any bytes and must never crash, hang or break its round trip (then it aborts). */
#ifndef ISAPROBE_FUZZ_TARGETS_H
#define ISAPROBE_FUZZ_TARGETS_H

#include <stddef.h>
#include <stdint.h>

struct fuzz_target;

/* Where seed corpora come from and go. */
struct fuzz_seed_ctx {
	const char *src;  /* the source tree: probes/, examples/, tests/ ... */
	const char *out;  /* the folder to write seeds into */
	unsigned count;   /* seeds written */
};

struct fuzz_target {
	const char *name;   /* "probe", "asm-midgard", ... */
	const char *what;   /* one line for --list and docs */
	/* Runs one input. Bad input is fine (refused with an error); a broken invariant calls
	 * fuzz_fail, which aborts so that AFL++ records a crash. */
	void (*run)(const struct fuzz_target *t, const uint8_t *data, size_t len);
	/* Writes the seed corpus with fuzz_seed_write; 0, or -1 after printing why. */
	int (*seed)(const struct fuzz_target *t, struct fuzz_seed_ctx *c);
	const void *arg;    /* per-target data (the ISA of asm-*, disasm-* and sim-*) */
	char name_buf[48];
};

/* Every target: the fixed ones of tests/fuzz/targets/targets.c, an asm and a disasm target per ISA of
 * encoders/isa_registry.c, and a sim target per ISA the sim runner runs. */
const struct fuzz_target *fuzz_targets(size_t *n);
const struct fuzz_target *fuzz_target_find(const char *name);

/* Writes one seed file (name made unique by the count). 0 or -1. */
int fuzz_seed_write(struct fuzz_seed_ctx *c, const char *hint, const void *data, size_t len);
/* Calls fn(c, path, text) for every *.probe file under src/probes and src/bench (sorted). */
int fuzz_seed_probes(struct fuzz_seed_ctx *c,
                     int (*fn)(struct fuzz_seed_ctx *c, const char *path, const char *text,
                               const void *arg),
                     const void *arg);
/* snprintf that may cut (paths, SQL made of names): returns nothing, checks nothing. */
void fuzz_format(char *out, size_t cap, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* A broken invariant: prints what and aborts. */
void fuzz_fail(const struct fuzz_target *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3), noreturn));

/* The targets (tests/fuzz/targets/target_*.c). */
void fuzz_run_probe(const struct fuzz_target *t, const uint8_t *data, size_t len);
int fuzz_seed_probe(const struct fuzz_target *t, struct fuzz_seed_ctx *c);
void fuzz_run_asm(const struct fuzz_target *t, const uint8_t *data, size_t len);
int fuzz_seed_asm(const struct fuzz_target *t, struct fuzz_seed_ctx *c);
void fuzz_run_disasm(const struct fuzz_target *t, const uint8_t *data, size_t len);
int fuzz_seed_disasm(const struct fuzz_target *t, struct fuzz_seed_ctx *c);
void fuzz_run_agent(const struct fuzz_target *t, const uint8_t *data, size_t len);
int fuzz_seed_agent(const struct fuzz_target *t, struct fuzz_seed_ctx *c);
void fuzz_run_caller(const struct fuzz_target *t, const uint8_t *data, size_t len);
int fuzz_seed_caller(const struct fuzz_target *t, struct fuzz_seed_ctx *c);
void fuzz_run_db(const struct fuzz_target *t, const uint8_t *data, size_t len);
int fuzz_seed_db(const struct fuzz_target *t, struct fuzz_seed_ctx *c);
void fuzz_run_db_merge(const struct fuzz_target *t, const uint8_t *data, size_t len);
int fuzz_seed_db_merge(const struct fuzz_target *t, struct fuzz_seed_ctx *c);
void fuzz_run_sim(const struct fuzz_target *t, const uint8_t *data, size_t len);
int fuzz_seed_sim(const struct fuzz_target *t, struct fuzz_seed_ctx *c);
/* Whether the sim runner runs isa's binaries (as programs, or as another ISA's input). */
struct ip_isa;
int fuzz_sim_runs(const struct ip_isa *isa);
/* The CTM command buffer the ctm simulator target runs programs after (ctm_cb assembly). */
extern const char fuzz_ctm_commands[];

#endif
