/* test_a3xx_roundtrip.c: random a3xx instructions survive unpack -> pack and disasm -> asm
 * bit-exactly: 1,000,000 of each category 0-7 (seeded, scaled by ISAPROBE_TEST_SCALE). */
#include <stdio.h>

#include "a3xx/a3xx.h"
#include "check.h"
#include "roundtrip_util.h"

#define INSTRS_PER_PROGRAM 64

/* A random word of category `cat`: random bits, and half of the time every field back to its
 * default field by field, so that the common spellings (not only keys) are exercised. */
static ip_word random_instr(uint64_t *rng, unsigned cat)
{
	const struct ip_format *fmt = &a3xx_cat_formats[cat];
	ip_word w = {{test_rand(rng), 0}};
	if (test_rand(rng) % 2) {
		uint64_t keep = test_rand(rng);
		for (unsigned i = 0; i < fmt->nfields; i++) {
			const struct ip_field *f = &fmt->fields[i];
			if (((keep >> (i % 64)) & 1) && ip_field_active(fmt, f, &w, NULL))
				ip_field_set(f, &w, f->dflt);
		}
	}
	ip_bits_set(&w, 61, 3, cat);
	return w;
}

static int one_program(uint64_t *rng, unsigned cat, uint64_t seed)
{
	static uint8_t bin[INSTRS_PER_PROGRAM * A3XX_INSTR_BYTES];
	for (unsigned i = 0; i < INSTRS_PER_PROGRAM; i++) {
		ip_word w = random_instr(rng, cat);
		ip_word_to_bytes(&w, bin + A3XX_INSTR_BYTES * i, A3XX_INSTR_BYTES);
	}
	return roundtrip_binary(&a3xx_isa, bin, sizeof bin, seed, NULL);
}

int main(void)
{
	uint64_t seed = test_seed(0xA3C0DE), rng = seed;
	unsigned long target = test_scaled(1000000);

	printf("seed 0x%llx, target %lu instructions per category\n", (unsigned long long)seed,
	       target);
	for (unsigned cat = 0; cat < A3XX_CATEGORIES; cat++) {
		unsigned long done = 0;
		while (done < target) {
			if (!one_program(&rng, cat, seed))
				break;
			done += INSTRS_PER_PROGRAM;
		}
		printf("cat%u: %lu random instructions round-tripped\n", cat, done);
		CHECK(done >= target, "cat%u: stopped after %lu of %lu instructions", cat, done,
		      target);
	}
	return check_report("test_a3xx_roundtrip");
}
