/* roundtrip_util.c: what roundtrip_util.h declares, compiled once into the tests' support library
 * (tests/support/CMakeLists.txt). */
#include "roundtrip_util.h"

void roundtrip_difference(const char *what, const uint8_t *want, const uint8_t *got,
                          size_t len, uint64_t seed)
{
	for (size_t i = 0; i < len; i++)
		if (want[i] != got[i]) {
			for (unsigned bit = 0; bit < 8; bit++)
				if (((want[i] ^ got[i]) >> bit) & 1) {
					fprintf(stderr, "%s: bit %zu differs (byte offset %zu), seed 0x%llx\n",
					        what, i * 8 + bit, i, (unsigned long long)seed);
					return;
				}
		}
}

int roundtrip_binary(const struct ip_isa *isa, const uint8_t *bin, size_t len,
                     uint64_t seed, void (*seen)(const struct ip_program *))
{
	size_t packed_len = 0, again_len = 0, textlen;
	uint8_t *packed = NULL, *again = NULL;
	char *text = NULL;
	struct ip_program prog, prog2;
	struct ip_diag d;
	FILE *mem;
	int ok = 1;

	ip_diag_init(&d, "random");
	if (isa->unpack(bin, len, &prog, &d) != 0) {
		CHECK(0, "unpack failed: %s (offset %ld), seed 0x%llx", d.msg, d.offset,
		      (unsigned long long)seed);
		return 0;
	}
	if (seen)
		seen(&prog);
	CHECK(isa->pack(&prog, &packed, &packed_len, &d) == 0, "pack: %s", d.msg);
	CHECK(packed_len == len && memcmp(packed, bin, len) == 0, "unpack -> pack differs");
	if (packed_len == len && memcmp(packed, bin, len) != 0)
		roundtrip_difference("unpack -> pack", bin, packed, len, seed);

	mem = open_memstream(&text, &textlen);
	CHECK(mem && isa->disassemble(&prog, mem) == 0, "disassemble");
	fclose(mem);
	if (isa->assemble(text, &prog2, &d) != 0) {
		CHECK(0, "reassembly failed at line %u col %u: %s, seed 0x%llx", d.line, d.col, d.msg,
		      (unsigned long long)seed);
		ok = 0;
	} else {
		CHECK(isa->pack(&prog2, &again, &again_len, &d) == 0, "pack 2");
		CHECK(again_len == len, "disasm -> asm length %zu, want %zu", again_len, len);
		if (again_len != len) {
			ok = 0;
		} else if (memcmp(again, bin, len) != 0) {
			CHECK(0, "disasm -> asm differs");
			roundtrip_difference("disasm -> asm", bin, again, len, seed);
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
