/* fake_device.h: a runner backend for the campaign tests: a made-up device whose behaviour on
 * the first load/store instruction's bits 25-50 is known exactly, so expected results are hand-made.
 *
 * The device unpacks the code with the Midgard tables and reads, of the first load/store
 * instruction, its opcode and u = its bits 25-50 (value bit i = instruction bit 25 + i):
 *   u bit 15 set         -> fault, code 0x42 (checked first)
 *   u bit 20 set         -> timeout
 *   otherwise ok, registers (16 bytes written):
 *     word 0 = attribute word (u & 7), sign bit flipped when u bit 3 is set
 *     word 1 = ld_attr_32 only: attribute word 0 shifted right by (u >> 4) & 3; else 0
 *     word 2 = the opcode, word 3 = 0
 * Every other bit of u is ignored. fake_delay_us slows each batch (for the kill test). */
#ifndef ISAPROBE_TEST_FAKE_DEVICE_H
#define ISAPROBE_TEST_FAKE_DEVICE_H

#include <string.h>
#include <unistd.h>

#include "isaprobe/isa.h"
#include "isaprobe/runner.h"
#include "sample_probes.h"

extern unsigned fake_delay_us;

int fake_open(const struct ip_runner_config *cfg, void **state, struct ip_diag *d);

uint32_t fake_word(const uint8_t *b, size_t len, unsigned i);

void fake_put(uint8_t *b, unsigned i, uint32_t w);

void fake_one(const struct ip_job *job, struct ip_result *res);

int fake_run_batch(void *state, const struct ip_job *jobs, size_t n, struct ip_result *res);

void fake_close(void *state);

const char *fake_model(void *state);

extern const struct ip_runner_backend fake_backend;

/* The probe the campaign tests run on it: bits 25-50 under two opcodes. */
extern const char fake_probe_text[];

#endif
