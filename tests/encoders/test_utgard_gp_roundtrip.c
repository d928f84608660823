/* test_utgard_gp_roundtrip.c: random Utgard GP binaries survive unpack -> pack and
 * disasm -> asm bit-exactly: 1,000,000 random instructions (seeded, ISAPROBE_TEST_SCALE). */
#include <stdio.h>

#include "check.h"
#include "roundtrip_util.h"
#include "utgard_gp/utgard_gp.h"

#define INSTRS_PER_PROGRAM 256

/* Random bits, but each 5-bit input field is often one of the common values, so that the
 * unit lines (not only keys) are exercised with every combination. */
static void random_instr(uint64_t *rng, uint8_t *out)
{
	ip_word w;
	w.w[0] = test_rand(rng);
	w.w[1] = test_rand(rng);
	if (test_rand(rng) % 2) {
		/* bias: fields back to defaults half of the time, field by field */
		for (unsigned i = 0; i < utgard_gp_instr.nfields; i++)
			if (test_rand(rng) % 2) {
				const struct ip_field *f = &utgard_gp_instr.fields[i];
				ip_field_set(f, &w, f->dflt);
			}
	}
	ip_word_to_bytes(&w, out, 16);
}

static int one_program(uint64_t *rng, uint64_t seed)
{
	static uint8_t bin[INSTRS_PER_PROGRAM * 16];

	for (unsigned i = 0; i < INSTRS_PER_PROGRAM; i++)
		random_instr(rng, bin + 16 * i);
	return roundtrip_binary(&utgard_gp_isa, bin, sizeof bin, seed, NULL);
}

int main(void)
{
	uint64_t seed = test_seed(0x47B0C0DE), rng = seed;
	unsigned long target = test_scaled(1000000), done = 0;

	printf("seed 0x%llx, target %lu instructions\n", (unsigned long long)seed, target);
	while (done < target) {
		if (!one_program(&rng, seed))
			break;
		done += INSTRS_PER_PROGRAM;
	}
	printf("%lu random instructions round-tripped\n", done);
	CHECK(done >= target, "stopped after %lu of %lu instructions", done, target);
	return check_report("test_utgard_gp_roundtrip");
}
