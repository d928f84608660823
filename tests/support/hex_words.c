/* hex_words.c: what hex_words.h declares, compiled once into the tests' support library
 * (tests/support/CMakeLists.txt). */
#include "hex_words.h"

int hex_unpack(const struct ip_isa *isa, const uint32_t *w, unsigned n,
               uint8_t *bytes, struct ip_program *p)
{
	struct ip_diag d;
	uint8_t *again = NULL;
	size_t len = 0;
	for (unsigned i = 0; i < n; i++)
		for (unsigned k = 0; k < 4; k++)
			bytes[4 * i + k] = (uint8_t)(w[i] >> (8 * k));
	ip_diag_init(&d, "hex");
	if (isa->unpack(bytes, 4 * n, p, &d) != 0) {
		CHECK(0, "unpack: %s", d.msg);
		return -1;
	}
	CHECK(isa->pack(p, &again, &len, &d) == 0 && len == 4 * n && memcmp(again, bytes, len) == 0,
	      "pack(unpack(hex)) == hex");
	free(again);
	return 0;
}
