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
int hex_unpack(const struct ip_isa *isa, const uint32_t *w, unsigned n,
               uint8_t *bytes, struct ip_program *p);

#endif
