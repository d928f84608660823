/* flip_jobs.c: what flip_jobs.h declares, compiled once into the tests' support library
 * (tests/support/CMakeLists.txt). */
#include "flip_jobs.h"

void flip_jobs_inputs(uint8_t *uniforms, uint8_t *attributes, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		uniforms[i] = (uint8_t)(i * 7 + 1);
		attributes[i] = (uint8_t)(i * 13 + 5);
	}
}

int flip_jobs(const char *isa, const char *text, uint8_t *codes, size_t stride,
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
