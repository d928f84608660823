/* ctm_program.c: CTM binaries <-> programs: raw DPP instruction words, command buffers, and the
 * choice between raw words and the ELF executable; the two ISA descriptions. */
#include <stdlib.h>
#include <string.h>

#include "common/byteorder.h"
#include "ctm.h"

uint32_t ctm_slot_word(const struct ip_bundle *b, unsigned k)
{
	return (uint32_t)b->slots[k].value.w[0];
}

static struct ip_bundle *add_words(struct ip_program *p, enum ctm_bundle_kind kind,
                                   const struct ip_format *const *fmts, const uint32_t *words,
                                   unsigned n, int16_t ctx)
{
	struct ip_bundle *b;
	if (n > IP_BUNDLE_MAX_SLOTS || !(b = ip_program_add(p)))
		return NULL;
	b->kind = (uint8_t)kind;
	b->bytes = 4 * n;
	for (unsigned k = 0; k < n; k++) {
		int s = ip_bundle_add_slot(b, fmts[k], (uint16_t)(32 * k), 32, k ? ctx : -1, (uint8_t)k);
		b->slots[s].value.w[0] = words[k];
	}
	return b;
}

struct ip_bundle *ctm_add_instr(struct ip_program *p, const uint32_t words[CTM_INSTR_WORDS])
{
	return add_words(p, CTM_BUNDLE_INSTR, ctm_inst_formats, words, CTM_INSTR_WORDS, 0);
}

struct ip_bundle *ctm_add_command(struct ip_program *p, uint32_t header, const uint32_t *params,
                                  unsigned nparams)
{
	const struct ip_format *fmts[IP_BUNDLE_MAX_SLOTS];
	uint32_t words[IP_BUNDLE_MAX_SLOTS];
	unsigned opcode = (header >> 8) & 0xFF;
	if (nparams + 1 > IP_BUNDLE_MAX_SLOTS)
		return NULL;
	fmts[0] = &ctm_cmd_header;
	words[0] = header;
	for (unsigned k = 0; k < nparams; k++) {
		fmts[k + 1] = ctm_param_format(opcode, k);
		words[k + 1] = params[k];
	}
	return add_words(p, CTM_BUNDLE_CMD, fmts, words, nparams + 1, -1);
}

struct ip_bundle *ctm_add_note(struct ip_program *p, uint32_t type, const uint32_t *desc,
                               unsigned nwords)
{
	const struct ip_format *fmts[IP_BUNDLE_MAX_SLOTS];
	uint32_t words[IP_BUNDLE_MAX_SLOTS];
	if (nwords > CTM_NOTE_MAX_WORDS)
		return NULL;
	fmts[0] = &ctm_note_type_word;
	words[0] = type;
	for (unsigned k = 0; k < nwords; k++) {
		fmts[k + 1] = ctm_note_format(type, k);
		words[k + 1] = desc[k];
	}
	return add_words(p, CTM_BUNDLE_NOTE, fmts, words, nwords + 1, -1);
}

int ctm_unpack_instrs(const uint8_t *bytes, size_t len, struct ip_program *out,
                      struct ip_diag *d, long base_offset)
{
	if (len % CTM_INSTR_BYTES)
		return ip_diag_offset(d, base_offset + (long)(len - len % CTM_INSTR_BYTES),
		                      "%zu bytes of instructions is not a whole number of 24-byte "
		                      "instructions (%zu bytes left over)",
		                      len, len % CTM_INSTR_BYTES);
	if (len / CTM_INSTR_BYTES > CTM_MAX_INSTRS)
		return ip_diag_offset(d, base_offset + CTM_MAX_INSTRS * CTM_INSTR_BYTES,
		                      "more than %d instructions (the DPP has %d instruction slots)",
		                      CTM_MAX_INSTRS, CTM_MAX_INSTRS);
	for (size_t off = 0; off < len; off += CTM_INSTR_BYTES) {
		uint32_t w[CTM_INSTR_WORDS];
		struct ip_bundle *b;
		for (unsigned k = 0; k < CTM_INSTR_WORDS; k++)
			w[k] = ip_le32(bytes + off + 4 * k);
		if (!(b = ctm_add_instr(out, w)))
			return ip_diag_plain(d, "out of memory");
		b->byte_offset = (uint32_t)off;
	}
	return 0;
}

int ctm_unpack_commands(const uint8_t *bytes, size_t len, struct ip_program *out,
                        struct ip_diag *d, long base_offset)
{
	size_t off = 0;
	if (len % 4)
		return ip_diag_offset(d, base_offset + (long)(len - len % 4),
		                      "%zu bytes is not a whole number of 32-bit command words", len);
	while (off < len) {
		uint32_t header = ip_le32(bytes + off), params[IP_BUNDLE_MAX_SLOTS];
		size_t n = ((header >> 16) & 0x3FFF) + 1;
		struct ip_bundle *b;
		if (n + 1 > IP_BUNDLE_MAX_SLOTS)
			return ip_diag_offset(d, base_offset + (long)off,
			                      "command header 0x%08x announces %zu parameters; isaprobe "
			                      "holds at most %d per command",
			                      header, n, IP_BUNDLE_MAX_SLOTS - 1);
		if ((len - off) / 4 - 1 < n)
			return ip_diag_offset(d, base_offset + (long)off,
			                      "command header 0x%08x announces %zu parameters but the "
			                      "buffer ends after %zu",
			                      header, n, (len - off) / 4 - 1);
		for (size_t k = 0; k < n; k++)
			params[k] = ip_le32(bytes + off + 4 * (k + 1));
		if (!(b = ctm_add_command(out, header, params, (unsigned)n)))
			return ip_diag_plain(d, "out of memory");
		b->byte_offset = (uint32_t)off;
		off += 4 * (n + 1);
	}
	return 0;
}

int ctm_bundle_bytes(const struct ip_program *p, enum ctm_bundle_kind kind, uint8_t **out,
                     size_t *len)
{
	size_t n = 0, at = 0;
	*out = NULL;
	*len = 0;
	for (size_t i = 0; i < p->nbundles; i++)
		if (p->bundles[i].kind == kind)
			n += 4 * p->bundles[i].nslots;
	if (n == 0)
		return 0;
	if (!(*out = malloc(n)))
		return -1;
	for (size_t i = 0; i < p->nbundles; i++) {
		const struct ip_bundle *b = &p->bundles[i];
		if (b->kind != kind)
			continue;
		for (unsigned k = 0; k < b->nslots; k++, at += 4) {
			uint32_t w = ctm_slot_word(b, k);
			for (unsigned byte = 0; byte < 4; byte++)
				(*out)[at + byte] = (uint8_t)(w >> (8 * byte));
		}
	}
	*len = n;
	return 0;
}

/* ---- ctm: DPP programs ------------------------------------------------------------------- */

int ctm_unpack(const uint8_t *bytes, size_t len, struct ip_program *out, struct ip_diag *d)
{
	ip_program_init(out, &ctm_isa);
	if (len == 0)
		return ip_diag_offset(d, 0, "empty program: no instructions");
	if (ctm_is_elf(bytes, len)) {
		if (ctm_elf_read(bytes, len, out, d) != 0) {
			ip_program_free(out);
			return -1;
		}
		return 0;
	}
	if (ctm_unpack_instrs(bytes, len, out, d, 0) != 0) {
		ip_program_free(out);
		return -1;
	}
	return 0;
}

int ctm_pack(const struct ip_program *p, uint8_t **out, size_t *len, struct ip_diag *d)
{
	int elf = 0, instrs = 0;
	*out = NULL;
	*len = 0;
	for (size_t i = 0; i < p->nbundles; i++) {
		elf |= p->bundles[i].kind != CTM_BUNDLE_INSTR;
		instrs |= p->bundles[i].kind == CTM_BUNDLE_INSTR;
	}
	if (!instrs)
		return ip_diag_plain(d, "empty program: no instructions");
	if (elf)
		return ctm_elf_write(p, out, len, d);
	if (ctm_bundle_bytes(p, CTM_BUNDLE_INSTR, out, len) != 0)
		return ip_diag_plain(d, "out of memory");
	return 0;
}

/* ---- ctm_cb: command buffers --------------------------------------------------------------- */

int ctm_cb_unpack(const uint8_t *bytes, size_t len, struct ip_program *out, struct ip_diag *d)
{
	ip_program_init(out, &ctm_cb_isa);
	if (len == 0)
		return ip_diag_offset(d, 0, "empty command buffer");
	if (ctm_unpack_commands(bytes, len, out, d, 0) != 0) {
		ip_program_free(out);
		return -1;
	}
	return 0;
}

int ctm_cb_pack(const struct ip_program *p, uint8_t **out, size_t *len, struct ip_diag *d)
{
	if (ctm_bundle_bytes(p, CTM_BUNDLE_CMD, out, len) != 0)
		return ip_diag_plain(d, "out of memory");
	if (*len == 0)
		return ip_diag_plain(d, "empty command buffer");
	return 0;
}

