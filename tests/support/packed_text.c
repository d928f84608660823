/* packed_text.c: what packed_text.h declares, compiled once into the tests' support library
 * (tests/support/CMakeLists.txt). */
#include "packed_text.h"

uint8_t *packed_text(const char *isa_name, const char *text, size_t *len)
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
