/* a3xx_program.c: a3xx binaries <-> programs. Every instruction is a 64-bit little-endian word
 * (dword 0, then dword 1); its format is the category in bits 61-63. */
#include <stdlib.h>

#include "a3xx_program.h"

int a3xx_program_append(struct ip_program *p, const ip_word *w)
{
	struct ip_bundle *b = ip_program_add(p);
	if (!b)
		return -1;
	b->byte_offset = (uint32_t)((p->nbundles - 1) * A3XX_INSTR_BYTES);
	b->bytes = A3XX_INSTR_BYTES;
	ip_bundle_add_slot(b, a3xx_format_of(w), 0, 64, -1, 0);
	b->slots[0].value = *w;
	return 0;
}

int a3xx_unpack(const uint8_t *bytes, size_t len, struct ip_program *out, struct ip_diag *d)
{
	ip_program_init(out, &a3xx_isa);
	if (len == 0)
		return ip_diag_offset(d, 0, "empty program: no instructions");
	if (len % A3XX_INSTR_BYTES)
		return ip_diag_offset(d, (long)(len - len % A3XX_INSTR_BYTES),
		                      "%zu bytes is not a whole number of 8-byte instructions "
		                      "(%zu bytes left over)",
		                      len, len % A3XX_INSTR_BYTES);
	if (len / A3XX_INSTR_BYTES > A3XX_MAX_INSTRUCTIONS)
		return ip_diag_offset(d, (long)A3XX_MAX_INSTRUCTIONS * A3XX_INSTR_BYTES,
		                      "more than %u instructions", A3XX_MAX_INSTRUCTIONS);
	for (size_t off = 0; off < len; off += A3XX_INSTR_BYTES) {
		ip_word w = ip_word_from_bytes(bytes + off, A3XX_INSTR_BYTES);
		if (a3xx_program_append(out, &w) != 0) {
			ip_program_free(out);
			return ip_diag_plain(d, "out of memory");
		}
	}
	return 0;
}

int a3xx_pack(const struct ip_program *p, uint8_t **out, size_t *len, struct ip_diag *d)
{
	return ip_program_pack_plain(p, out, len, d);
}
