/* a3xx_run.h: test helper: assemble a3xx text and run it on the reference simulator with given
 * consts, varyings, textures, global memory and initial registers; read the registers back. */
#ifndef ISAPROBE_TEST_A3XX_RUN_H
#define ISAPROBE_TEST_A3XX_RUN_H

#include <stdlib.h>
#include <string.h>

#include "runners/sim/sim.h"
#include "a3xx/a3xx.h"
#include "check.h"
#include "isaprobe/a3xx_sim.h"
#include "isaprobe/float_bits.h"

struct a3xx_job {
	const float *consts;
	size_t nconsts;
	const float *varyings; /* 4 floats per varying */
	size_t nvaryings;
	const uint32_t *textures; /* 4 words per texel */
	size_t ntexels;
	uint8_t global[256]; /* in and out */
	size_t global_len;
	uint8_t regs[A3XX_REGS_BYTES]; /* in and out */
	enum ip_status status;
	const char *why;
	uint32_t where;
};

extern void *a3xx_test_sim;

void a3xx_set_reg(struct a3xx_job *j, unsigned idx, float f);

void a3xx_set_ureg(struct a3xx_job *j, unsigned idx, uint32_t u);

void a3xx_set_hreg(struct a3xx_job *j, unsigned idx, uint16_t h);

float a3xx_reg(const struct a3xx_job *j, unsigned idx);

uint32_t a3xx_ureg(const struct a3xx_job *j, unsigned idx);

uint16_t a3xx_hreg(const struct a3xx_job *j, unsigned idx);

/* Assembles src and runs it once; j's registers and global memory are replaced by what the run
 * leaves. Returns 0, or -1 if the text did not assemble. */
int a3xx_test_run(int line, const char *src, struct a3xx_job *j);

void a3xx_test_close(void);

#endif
