/* utgard_gp_program.c: Utgard GP binaries <-> programs. Every instruction is one 16-byte bundle
 * with one slot (the instruction word), little-endian, laid end to end. */
#include <stdlib.h>
#include <string.h>

#include "utgard_gp.h"

int utgard_gp_unpack(const uint8_t *bytes, size_t len, struct ip_program *out, struct ip_diag *d)
{
	ip_program_init(out, &utgard_gp_isa);
	if (len == 0)
		return ip_diag_offset(d, 0, "empty program: no instructions");
	if (len % UTGARD_GP_INSTR_BYTES)
		return ip_diag_offset(d, (long)(len - len % UTGARD_GP_INSTR_BYTES),
		                      "%zu bytes is not a whole number of 16-byte instructions "
		                      "(%zu bytes left over)",
		                      len, len % UTGARD_GP_INSTR_BYTES);
	for (size_t off = 0; off < len; off += UTGARD_GP_INSTR_BYTES) {
		struct ip_bundle *b = ip_program_add(out);
		if (!b) {
			ip_program_free(out);
			return ip_diag_plain(d, "out of memory");
		}
		b->byte_offset = (uint32_t)off;
		b->bytes = UTGARD_GP_INSTR_BYTES;
		ip_bundle_add_slot(b, &utgard_gp_instr, 0, 128, -1, 0);
		b->slots[0].value = ip_word_from_bytes(bytes + off, UTGARD_GP_INSTR_BYTES);
	}
	return 0;
}

int utgard_gp_pack(const struct ip_program *p, uint8_t **out, size_t *len, struct ip_diag *d)
{
	return ip_program_pack_plain(p, out, len, d);
}
