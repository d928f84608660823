/* harness.h: registers in and out through the program itself. No GPU lets anything outside the
 * shader set or read its register file, so on a GPU a job that plants or observes the registers
 * role runs wrapped: a prologue loads the planted registers from a buffer of the job, the
 * variant runs, and its end falls into an epilogue that stores the observed registers to an
 * output buffer (docs/harness.md). One harness per ISA whose probes need it, written with the
 * ISA's own encoder and field tables; the drm runner applies it wherever the device is a GPU. */
#ifndef ISAPROBE_HARNESS_H
#define ISAPROBE_HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "isaprobe/diag.h"
#include "isaprobe/runner.h"

/* Register records of a registers role, as a bit set: bit k of word k / 64 is record k. */
#define IP_HARNESS_MAX_RECORDS 256
struct ip_harness_regs {
	uint64_t bits[IP_HARNESS_MAX_RECORDS / 64];
};

/* An address the wrapped job's code must find in memory: the GPU address of the buffer of role
 * `of`, plus `add`, written little-endian in `bytes` (4 or 8) bytes at byte `at` of the input of
 * role `in` (a const file, a uniform buffer). wrap writes the address the ISA's simulator gives
 * that buffer (docs/<isa>-simulator.md: a3xx global memory at 0x00100000, Bifrost global
 * addresses as offsets from 0); a runner that places the buffer elsewhere (the drm runner, at
 * the iova it chose) writes its own address there when it copies the input in. */
struct ip_harness_addr {
	enum ip_buf_role in, of;
	size_t at;
	unsigned bytes;
	uint64_t add;
};
#define IP_HARNESS_MAX_ADDRS 8

/* One job wrapped: the job a GPU runs in its place, that job's result, and every buffer they
 * point at. Reused from one job to the next: buffers grow and are never freed before
 * ip_harness_work_free, so a warm work allocates nothing per job. Filled by an ISA's wrap, read
 * by its unwrap; the common helpers below manage the storage. */
struct ip_harness_work {
	const struct ip_harness *harness; /* the harness that last wrapped into it */
	struct ip_job job;                /* the wrapped job */
	struct ip_result res;             /* its result: outputs[0..res.noutputs) */
	struct ip_buf inputs[IP_BUF_ROLE_COUNT];
	struct ip_out_buf outputs[IP_BUF_ROLE_COUNT];
	uint8_t *code;                    /* prologue, the variant, epilogue */
	size_t code_cap;
	size_t variant_at, variant_len;   /* where the variant's code sits in code[] */
	uint8_t *in_mem[IP_BUF_ROLE_COUNT], *out_mem[IP_BUF_ROLE_COUNT];
	size_t in_cap[IP_BUF_ROLE_COUNT], out_cap[IP_BUF_ROLE_COUNT];
	struct ip_harness_addr addrs[IP_HARNESS_MAX_ADDRS];
	unsigned naddrs;
	void *isa_state;                  /* the ISA's own scratch (freed with free()) */
};

/* Named in its ISA's descriptor (include/isaprobe/isa.h, `.harness`). */
struct ip_harness {
	/* The registers the harness needs for itself, in words, for the docs and for refusals
	 * ("r60-r63: the epilogue's store address"). */
	const char *reserved;
	/* Which records of the registers role the prologue sets from the job's image, and which
	 * the epilogue stores (what a GPU can show); the rest start from a value the prologue
	 * writes (plantable) or are left out of the output (observable). */
	void (*records)(const struct ip_job *job, struct ip_harness_regs *plantable,
	                struct ip_harness_regs *observable);
	/* NULL when the job can run wrapped, else why not (static text naming the register or
	 * buffer): e.g. a job planting a value the harness cannot give, or whose buffers leave the
	 * harness no room. A campaign asks before it starts (the runner's check_job). */
	const char *(*check)(const struct ip_job *job, const struct ip_result *res);
	/* Fills w with the wrapped job of job and res (w->job, w->res, code, buffers): 0, or -1
	 * with d set. The wrapped job uses only roles a GPU's descriptors express. */
	int (*wrap)(struct ip_harness_work *w, const struct ip_job *job, const struct ip_result *res,
	            struct ip_diag *d);
	/* After w->job ran into w->res: res (the caller's, outputs as the probe asked) gets the
	 * status, fault, invocation and counters, where mapped back into the variant's code; the
	 * registers output rebuilt from the epilogue's stores, records a GPU cannot show left zero;
	 * the other outputs copied. A run that never reached the epilogue (it branched away,
	 * faulted, hung) has no registers output: its len is 0, never zeros. */
	void (*unwrap)(const struct ip_harness_work *w, const struct ip_job *job,
	               struct ip_result *res);
	/* Optional (NULL: none): after a wrap, what lies where in the wrapped job's buffers, in
	 * words, one line per buffer the harness changed (`campaign --dry-run --runner drm`). */
	void (*describe)(const struct ip_harness_work *w, const struct ip_job *job, FILE *out);
};

/* The harness of an ISA, or NULL when its probes need none. */
const struct ip_harness *ip_harness_find(const char *isa);
/* 1 when a job needs wrapping on a GPU: it has a registers input or a registers output. */
int ip_harness_needed(const struct ip_job *job, const struct ip_result *res);

/* Storage for wrap: a code buffer of len bytes (zeroed), an input of role of len bytes (zeroed,
 * registered in w->job's inputs), an output of role of cap bytes (registered in w->res's
 * outputs). NULL when out of memory. ip_harness_work_reset forgets the last wrap's inputs and
 * outputs (keeping their storage); wrap calls it first. */
void ip_harness_work_reset(struct ip_harness_work *w, const struct ip_harness *h);
uint8_t *ip_harness_code(struct ip_harness_work *w, size_t len);
uint8_t *ip_harness_input(struct ip_harness_work *w, enum ip_buf_role role, size_t len);
uint8_t *ip_harness_output(struct ip_harness_work *w, enum ip_buf_role role, size_t cap);
/* Records an address the runner must write (see struct ip_harness_addr) and writes value, the
 * simulator's address, there now; 0, or -1 when the list is full or `at` is past the input. */
int ip_harness_address(struct ip_harness_work *w, enum ip_buf_role in, size_t at, unsigned bytes,
                       enum ip_buf_role of, uint64_t add, uint64_t value);
void ip_harness_work_free(struct ip_harness_work *w);

#endif
