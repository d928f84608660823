/* roundtrip_util.h: what the random round-trip tests share: one binary through unpack -> pack
 * and through disassemble -> assemble -> pack, each of which must give back the same bytes. */
#ifndef ISAPROBE_TEST_ROUNDTRIP_UTIL_H
#define ISAPROBE_TEST_ROUNDTRIP_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "isaprobe/isa.h"

/* Prints the first bit where got differs from want (len bytes each), if any. */
void roundtrip_difference(const char *what, const uint8_t *want, const uint8_t *got,
                          size_t len, uint64_t seed);

/* Unpacks bin (len bytes) with isa and checks that packing gives bin back, and that its
 * disassembly assembles and packs to bin again. seen (may be NULL) is shown the unpacked
 * program. With ISAPROBE_DUMP set, the text of a failing program goes to stderr. Returns 0
 * when the binary did not unpack or its text did not come back, else 1. */
int roundtrip_binary(const struct ip_isa *isa, const uint8_t *bin, size_t len,
                     uint64_t seed, void (*seen)(const struct ip_program *));

#endif
