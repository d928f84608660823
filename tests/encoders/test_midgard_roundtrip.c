/* test_midgard_roundtrip.c: random Midgard binaries survive unpack -> pack and
 * disasm -> asm bit-exactly; at least 1,000,000 random words of every format (seeded). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "midgard/midgard.h"
#include "roundtrip_util.h"

#define BUNDLES_PER_PROGRAM 256

static unsigned long format_count[16];

static int format_index(const struct ip_format *f)
{
	for (unsigned i = 0; i < midgard_isa.nformats; i++)
		if (midgard_isa.formats[i] == f)
			return (int)i;
	return -1;
}

static void random_bytes(uint64_t *rng, uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)test_rand(rng);
}

/* Appends one random instruction word to buf; returns its size. The word favours the format
 * with the fewest words so far, so that every format reaches the target. */
static size_t random_word(uint64_t *rng, uint8_t *buf, int want)
{
	const struct ip_format *f = midgard_isa.formats[want];
	if (f == &midgard_ls_tag || f == &midgard_load_store) {
		random_bytes(rng, buf, 16);
		buf[0] = (uint8_t)((buf[0] & 0xF0) | MIDGARD_TAG_LOAD_STORE);
		return 16;
	}
	if (f == &midgard_texture) {
		random_bytes(rng, buf, 16);
		/* texture, and Mesa's vertex-texture and barrier forms (types 0x2, 0x4) */
		static const uint8_t tex_tags[3] = {0x2, MIDGARD_TAG_TEXTURE, 0x4};
		buf[0] = (uint8_t)((buf[0] & 0xF0) | tex_tags[test_rand(rng) % 3]);
		return 16;
	}
	for (;;) {
		uint32_t control = (uint32_t)test_rand(rng);
		unsigned body, needed, words;
		for (unsigned u = 0; u < MIDGARD_UNIT_COUNT; u++)
			if (midgard_units[u].fmt == f && test_rand(rng) % 2)
				control |= 1u << midgard_units[u].enable_bit;
		if (f == &midgard_alu_reg || f == &midgard_vector_alu)
			control |= 1u << midgard_units[MIDGARD_UNIT_VADD].enable_bit;
		if (f == &midgard_scalar_alu)
			control |= 1u << midgard_units[MIDGARD_UNIT_SMUL].enable_bit;
		if (f == &midgard_branch_compact)
			control |= 1u << midgard_units[MIDGARD_UNIT_CBRANCH].enable_bit;
		if (f == &midgard_branch_extended)
			control |= 1u << midgard_units[MIDGARD_UNIT_BRANCH].enable_bit;
		body = midgard_alu_body_bits(control);
		needed = (body + 127) / 128 * 4;
		if (f == &midgard_alu_padding && body % 128 == 0)
			continue;
		if (needed > 16 || (f == &midgard_alu_constants && needed > 12))
			continue;
		words = needed + 4 * (unsigned)(test_rand(rng) % ((16 - needed) / 4 + 1));
		if (f == &midgard_alu_constants && words == needed)
			words += 4;
		control = (control & ~0xFu) | midgard_alu_tag_for_words(words);
		if (test_rand(rng) % 4 == 0) /* Mesa's write-out forms, types 0xC-0xF */
			control |= MIDGARD_TAG_WRITEOUT_BIT;
		random_bytes(rng, buf, words * 4);
		memcpy(buf, &control, 4); /* little-endian host assumed by the byte image below */
		buf[0] = (uint8_t)control;
		buf[1] = (uint8_t)(control >> 8);
		buf[2] = (uint8_t)(control >> 16);
		buf[3] = (uint8_t)(control >> 24);
		return words * 4;
	}
}

static int least_counted(void)
{
	int best = 0;
	for (unsigned i = 1; i < midgard_isa.nformats; i++)
		if (format_count[i] < format_count[best])
			best = (int)i;
	return best;
}

static void count_formats(const struct ip_program *prog)
{
	for (size_t i = 0; i < prog->nbundles; i++)
		for (unsigned k = 0; k < prog->bundles[i].nslots; k++)
			format_count[format_index(prog->bundles[i].slots[k].fmt)]++;
}

static int one_program(uint64_t *rng, uint64_t seed)
{
	static uint8_t bin[BUNDLES_PER_PROGRAM * 64];
	size_t len = 0;

	for (unsigned i = 0; i < BUNDLES_PER_PROGRAM; i++)
		len += random_word(rng, bin + len, least_counted());
	return roundtrip_binary(&midgard_isa, bin, len, seed, count_formats);
}

int main(void)
{
	uint64_t seed = test_seed(0x15A9B0BE), rng = seed;
	unsigned long target = test_scaled(1000000), programs = 0;
	int least;

	printf("seed 0x%llx, target %lu words per format\n", (unsigned long long)seed, target);
	for (;;) {
		least = least_counted();
		if (format_count[least] >= target)
			break;
		if (!one_program(&rng, seed))
			break;
		programs++;
	}
	for (unsigned i = 0; i < midgard_isa.nformats; i++)
		printf("  %-16s %lu words\n", midgard_isa.formats[i]->name, format_count[i]);
	printf("%lu random programs of %d words\n", programs, BUNDLES_PER_PROGRAM);
	return check_report("test_midgard_roundtrip");
}
