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
static inline void flip_jobs_inputs(uint8_t *uniforms, uint8_t *attributes, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		uniforms[i] = (uint8_t)(i * 7 + 1);
		attributes[i] = (uint8_t)(i * 13 + 5);
	}
}

/* jobs[0..n): job 0 the seed (text assembled for isa and packed), job i > 0 the seed with
 * 1 + i % 3 bits flipped at random (rng), its code at codes + i * stride; each over the two
 * inputs, invocations 1 and 2 alternately. 0, or -1 when the seed does not assemble or
 * exceeds stride. */
static inline int flip_jobs(const char *isa, const char *text, uint8_t *codes, size_t stride,
                            size_t n, const struct ip_buf inputs[2], uint64_t *rng,
                            struct ip_job *jobs)
{
	size_t len;
	uint8_t *seed = packed_text(isa, text, &len);
	if (!seed || len > stride) {
		free(seed);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		uint8_t *code = codes + i * stride;
		memcpy(code, seed, len);
		for (unsigned k = 0; i && k < 1 + i % 3; k++) {
			unsigned bit = (unsigned)(test_rand(rng) % (len * 8));
			code[bit / 8] ^= (uint8_t)(1u << bit % 8);
		}
		jobs[i] = (struct ip_job){code, len, inputs, 2, {1 + (unsigned)(i % 2), 0}, -1};
	}
	free(seed);
	return 0;
}

#endif
