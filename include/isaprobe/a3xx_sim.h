/* a3xx_sim.h: the Adreno a3xx reference simulator as other runners call it (the msm fake DRM
 * device runs a submitted shader with its const, varying, texture and global buffers here). */
#ifndef ISAPROBE_A3XX_SIM_H
#define ISAPROBE_A3XX_SIM_H

#include <stddef.h>
#include <stdint.h>

#include "isaprobe/a3xx_regs.h"
#include "isaprobe/diag.h"
#include "isaprobe/runner.h"

/* GPU address of the first byte of global memory when the `sim` runner runs a job (a fake
 * device passes its buffer's own address instead). */
#define A3XX_SIM_GLOBAL_BASE 0x00100000u

struct a3xx_sim_io {
	const uint8_t *code; /* the packed program */
	size_t code_len;
	const uint8_t *consts; /* c0.x, c0.y, ... as 32-bit words */
	size_t consts_len;
	const uint8_t *varyings; /* bary.f: 16-byte record per varying: f32 v0, v1, v2, unused */
	size_t varyings_len;
	const uint8_t *textures; /* t#0 for isam: one row of 16-byte texels (four 32-bit words) */
	size_t textures_len;
	uint8_t *global; /* global memory, read and written in place */
	size_t global_len;
	uint32_t global_base; /* its GPU address */
	/* Or a GPU's whole address space instead of that one buffer (the fake device without the
	 * model extension): len bytes at addr, or NULL where nothing is mapped for this access
	 * (write: a store), which stops the run with a fault. NULL: the global buffer above. */
	uint8_t *(*mem)(void *ctx, uint64_t addr, size_t len, int write);
	void *mem_ctx;
	const uint8_t *regs_in; /* initial register files (A3XX_REGS_BYTES each), or NULL: zeros */
	size_t regs_in_len;
	uint8_t *regs_out; /* register files after the run, or NULL */
	size_t regs_out_cap;
	uint32_t invocations; /* 0 means 1 */
	uint64_t budget;      /* instruction slots per invocation; 0: a default */
};

/* Models: "a320" (default), "a306", "a330" (the same instruction set). */
int ip_a3xx_sim_open(const char *gpu, void **state, struct ip_diag *d);
void ip_a3xx_sim_exec(void *state, const struct a3xx_sim_io *io, struct ip_result *res);
void ip_a3xx_sim_close(void *state);
const char *ip_a3xx_sim_model(void *state);

#endif
