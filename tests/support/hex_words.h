/* hex_words.h: what the disagreement tests share: hex words (32-bit little-endian) to bytes and
 * to an unpacked program, checking that packing it gives the same bytes back. */
#ifndef ISAPROBE_TEST_HEX_WORDS_H
#define ISAPROBE_TEST_HEX_WORDS_H

#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "isaprobe/isa.h"

/* Writes the n words into bytes (4n bytes) and unpacks them with isa into p. Returns 0, or -1
 * (a failed check) when they do not unpack. */
static inline int hex_unpack(const struct ip_isa *isa, const uint32_t *w, unsigned n,
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

#endif
