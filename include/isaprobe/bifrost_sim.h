/* bifrost_sim.h: the Bifrost reference simulator as other runners call it: the fake DRM device
 * runs a submitted compute job's shader here with the register files the hardware starts it
 * with, and with global memory at the GPU addresses the shader computes. */
#ifndef ISAPROBE_BIFROST_SIM_H
#define ISAPROBE_BIFROST_SIM_H

#include <stddef.h>
#include <stdint.h>

#include "isaprobe/diag.h"
#include "isaprobe/runner.h"

/* One invocation's register file: r0 ... r63, 32 bits each, little-endian. */
#define BIFROST_SIM_REGS 64
#define BIFROST_SIM_REGS_BYTES (4 * BIFROST_SIM_REGS)
/* The register the hardware preloads with the invocation's global id X when a compute job's
 * renderer state asks for it (Preload bit 12; Mesa's bifrost_compile.c reads
 * load_global_invocation_id from r60-r62). */
#define BIFROST_SIM_GLOBAL_ID_REG 60

struct bifrost_sim_io {
	const uint8_t *code; /* the packed clauses */
	size_t code_len;
	const uint8_t *uniforms; /* fast-access uniforms: 32-bit words, pair p = words 2p, 2p+1 */
	size_t uniforms_len;
	/* Initial register files, BIFROST_SIM_REGS_BYTES per invocation (invocation k's at
	 * k * BIFROST_SIM_REGS_BYTES); or, when regs_in is NULL and init_regs is set, what
	 * init_regs(init_ctx, k, regs) writes into invocation k's (zeroed) file; neither: zeros,
	 * but r60 = the invocation's index, as the drm runner's compute jobs preload it. */
	const uint8_t *regs_in;
	size_t regs_in_len;
	void (*init_regs)(void *ctx, uint32_t invocation, uint32_t regs[BIFROST_SIM_REGS]);
	void *init_ctx;
	uint8_t *regs_out; /* register files after the run (same layout), or NULL */
	size_t regs_out_cap;
	uint32_t invocations; /* 0 means 1 */
	uint64_t budget;      /* clauses per quad; 0: the default (65536) */
	/* Global memory, one of two ways. A buffer at GPU address global_base: LOAD/STORE
	 * addresses outside [global_base, global_base + global_len) fault 0x60 (the sim runner
	 * passes the job's `global` buffer at 0). Or, when map is set, the GPU's address space:
	 * map(map_ctx, va, n, write) gives n bytes at va, or NULL when nothing is mapped there
	 * (the access faults with map_fault). */
	uint8_t *global;
	size_t global_len;
	uint64_t global_base;
	uint8_t *(*map)(void *ctx, uint64_t va, size_t n, int write);
	void *map_ctx;
	uint32_t map_fault;
};

/* Models: "g71" (the only one; docs/bifrost-simulator.md). 0, or -1 with d set. */
int ip_bifrost_sim_open(const char *gpu, void **state, struct ip_diag *d);
/* Runs one job: status, fault, why, where (byte offset of the clause), steps (clauses). */
void ip_bifrost_sim_exec(void *state, const struct bifrost_sim_io *io, struct ip_result *res);
void ip_bifrost_sim_close(void *state);

#endif
