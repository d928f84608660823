/* packed_text.h: assembly text assembled and packed into the binary a job carries, for tests
 * that feed runners a program written out as text. */
#ifndef ISAPROBE_TEST_PACKED_TEXT_H
#define ISAPROBE_TEST_PACKED_TEXT_H

#include <stdint.h>
#include <stdio.h>

#include "isaprobe/isa.h"

/* text assembled for the ISA named isa and packed; *len its size. NULL, with the assembler's
 * or packer's diagnostic printed, when either refuses it. The caller frees the binary. */
static inline uint8_t *packed_text(const char *isa_name, const char *text, size_t *len)
{
	const struct ip_isa *isa = ip_isa_find(isa_name);
	struct ip_program p;
	struct ip_diag d;
	uint8_t *bin = NULL;
	if (!isa)
		return NULL;
	ip_diag_init(&d, "<seed>");
	ip_program_init(&p, isa);
	if (isa->assemble(text, &p, &d) != 0 || isa->pack(&p, &bin, len, &d) != 0) {
		ip_diag_print(&d, stderr);
		bin = NULL;
	}
	ip_program_free(&p);
	return bin;
}

#endif
