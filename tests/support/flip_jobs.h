/* flip_jobs.h: jobs the remote-runner tests send both ways: a seed program, then copies of it
 * with 1 to 3 random bits flipped, each over two input buffers whose bytes all differ. */
#ifndef ISAPROBE_TEST_FLIP_JOBS_H
#define ISAPROBE_TEST_FLIP_JOBS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "isaprobe/runner.h"
#include "packed_text.h"

/* Every byte of the uniforms and attributes (len bytes each) distinct, as probes plant them. */
void flip_jobs_inputs(uint8_t *uniforms, uint8_t *attributes, size_t len);

/* jobs[0..n): job 0 the seed (text assembled for isa and packed), job i > 0 the seed with
 * 1 + i % 3 bits flipped at random (rng), its code at codes + i * stride; each over the two
 * inputs, invocations 1 and 2 alternately. 0, or -1 when the seed does not assemble or
 * exceeds stride. */
int flip_jobs(const char *isa, const char *text, uint8_t *codes, size_t stride,
              size_t n, const struct ip_buf inputs[2], uint64_t *rng,
              struct ip_job *jobs);

#endif
