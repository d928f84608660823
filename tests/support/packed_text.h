/* packed_text.h: assembly text assembled and packed into the binary a job carries, for tests
 * that feed runners a program written out as text. */
#ifndef ISAPROBE_TEST_PACKED_TEXT_H
#define ISAPROBE_TEST_PACKED_TEXT_H

#include <stdint.h>
#include <stdio.h>

#include "isaprobe/isa.h"

/* text assembled for the ISA named isa and packed; *len its size. NULL, with the assembler's
 * or packer's diagnostic printed, when either refuses it. The caller frees the binary. */
uint8_t *packed_text(const char *isa_name, const char *text, size_t *len);

#endif
