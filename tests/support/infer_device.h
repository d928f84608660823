/* infer_device.h: a synthetic device for the inference and report tests: a 20-bit target region
 * with a field layout of its own (known by construction), run into a store by walk and pairs. */
#ifndef ISAPROBE_TEST_INFER_DEVICE_H
#define ISAPROBE_TEST_INFER_DEVICE_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/float_bits.h"
#include "isaprobe/store.h"

/* The layout (value bits), context 0 ("ops"):
 *   0-2   register select: out[0] = registers[v]
 *   3-6   signed offset:   out[1] = uniforms[8 + sext4(v)]
 *   7     must be zero (faults, code 0x42)
 *   8-9   ignored
 *   10-11 operation on attributes a, b: fadd, fmul, fmin, fmax -> out[2] (a0,b0), out[3] (a1,b1)
 *   12    neg of out[2], out[3]
 *   13-15 write mask of out[0], out[1], out[4] (unwritten words keep 0xdeadbeef)
 *   16-19 left shift: out[5] = 0xabc << v
 *   out[6] is constant.
 * Context 1 ("plain"): bits 7 and 10-11 are ignored (the operation is always fadd).
 * The target lies at bits 32-51 of the word format "synth.word". */
#define DEV_WIDTH 20
#define DEV_NOUT 7
#define DEV_SEED 0x0e002u /* register 2, offset 0, op 0, mask 0b111, shift 0 */

uint32_t dev_reg(unsigned i);
uint32_t dev_uni(unsigned i);

void dev_inputs(uint8_t regs[64], uint8_t unis[64], uint8_t attrs[32]);

/* Runs variant v in context ctx: returns the status, fills out[]. */
int dev_run(unsigned ctx, uint32_t v, uint32_t out[DEV_NOUT]);

/* Opens a new store at path with one campaign of probe `name` over both contexts, holding the
 * given variants (each run `repeat` times). Returns the campaign id, or -1. */
int64_t dev_campaign(struct ip_store *s, const char *name, const char *strategy,
                     const uint32_t *values, size_t n, unsigned repeat);

/* Walk and pairs around the seed: 1 + 20 + 190 variants. */
size_t dev_walk_pairs(uint32_t *v);

void dev_remove(const char *path);

#endif
