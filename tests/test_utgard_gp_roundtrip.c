/* test_utgard_gp_roundtrip.c: random Utgard GP binaries survive unpack -> pack and
 * disasm -> asm bit-exactly: 1,000,000 random instructions (seeded, ISAPROBE_TEST_SCALE). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
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
	size_t len = sizeof bin, packed_len = 0, again_len = 0, textlen;
	uint8_t *packed = NULL, *again = NULL;
	char *text = NULL;
	struct ip_program prog, prog2;
	struct ip_diag d;
	FILE *mem;
	int ok = 1;

	for (unsigned i = 0; i < INSTRS_PER_PROGRAM; i++)
		random_instr(rng, bin + 16 * i);
	ip_diag_init(&d, "random");
	if (utgard_gp_isa.unpack(bin, len, &prog, &d) != 0) {
		CHECK(0, "unpack failed: %s, seed 0x%llx", d.msg, (unsigned long long)seed);
		return 0;
	}
	CHECK(utgard_gp_isa.pack(&prog, &packed, &packed_len, &d) == 0, "pack: %s", d.msg);
	CHECK(packed_len == len && memcmp(packed, bin, len) == 0, "unpack -> pack differs");
	mem = open_memstream(&text, &textlen);
	CHECK(mem && utgard_gp_isa.disassemble(&prog, mem) == 0, "disassemble");
	fclose(mem);
	if (utgard_gp_isa.assemble(text, &prog2, &d) != 0) {
		CHECK(0, "reassembly failed at line %u col %u: %s, seed 0x%llx", d.line, d.col,
		      d.msg, (unsigned long long)seed);
		ok = 0;
	} else {
		CHECK(utgard_gp_isa.pack(&prog2, &again, &again_len, &d) == 0, "pack 2");
		if (again_len != len || memcmp(again, bin, len) != 0) {
			for (size_t i = 0; i < len && again_len == len; i++)
				if (again[i] != bin[i]) {
					CHECK(0, "disasm -> asm differs at byte %zu (instruction %zu), "
					         "seed 0x%llx",
					      i, i / 16, (unsigned long long)seed);
					break;
				}
			CHECK(again_len == len, "disasm -> asm length %zu, want %zu", again_len, len);
			ok = 0;
		}
		ip_program_free(&prog2);
	}
	if (!ok && getenv("ISAPROBE_DUMP"))
		fputs(text, stderr);
	free(text);
	free(packed);
	free(again);
	ip_program_free(&prog);
	return ok;
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
