/* bifrost_public.c: Bifrost's public-knowledge overlay: the clause-header bits the notes call
 * unknown as later Mesa reads them (docs/bifrost-sources.md, "Later public work on the header"). */
#include "isaprobe/public.h"
#include "bifrost.h"

#define F(n, lo, w, k, note) {n, lo, w, IP_KIND_##k, IP_DOC_UNKNOWN, NULL, 0, {{0, 0}, {0, 0}}, note}

/* Bits of the 45-bit clause header (bifrost_header), least significant first. */
static const struct ip_field header_fields[] = {
	F("reserved0", 0, 5, PADDING, "reserved: the disassembler asserts zero"),
	F("ftz", 5, 2, MODIFIER, "flush-to-zero mode: 0 off, 1 DX11, 2 always, 3 abrupt underflow"),
	F("suppress_inf", 7, 1, FLAG, "infinite float results become the largest finite number"),
	F("suppress_nan", 8, 1, FLAG, "NaN float results become +0"),
	F("float_exc", 9, 2, MODIFIER, "float exception mode: 0 enabled, 1 disabled, 2 precise "
	                               "division, 3 precise square root"),
	F("flow", 11, 3, OPCODE, "flow control: end of shader, back-to-back, reconvergence"),
	F("reserved14", 14, 1, PADDING, "reserved: the disassembler asserts zero"),
	F("message_type", 35, 5, TAG, "5-bit message type of this clause"),
	F("next_message_type", 40, 5, TAG, "5-bit message type of the next clause"),
};

static const struct ip_format header_public = {
	"bifrost", "header_public", "clause header as later Mesa reads it", 45, header_fields,
	IP_COUNT(header_fields), NULL,
	"Mesa src/panfrost/bifrost/bifrost.h (struct bifrost_header), disassemble.c, bi_pack.c",
};

static const struct ip_public_part parts[] = {
	{"header", 0, &header_public, NULL},
};

const struct ip_public_overlay bifrost_public = {
	"bifrost", parts, IP_COUNT(parts), "docs/bifrost-sources.md",
};
