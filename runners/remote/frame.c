/* frame.c: the 16-byte frame header of the agent protocol (magic, version, type, length,
 * CRC-32 of header and payload, or of the header alone where version 2 negotiated so): writing
 * one around a payload and checking one read. */
#include <string.h>

#include "proto.h"

static const uint8_t magic[4] = {'I', 'P', 'R', 'B'};

const char *ip_msg_name(unsigned type)
{
	static const char *const names[] = {"?", "HELLO", "WELCOME", "BATCH", "RESULTS", "ERROR",
	                                    "BYE"};
	return type < sizeof names / sizeof names[0] ? names[type] : "?";
}

size_t ip_frame_begin(struct ip_wbuf *w, uint16_t type)
{
	size_t start = w->len;
	ip_wbuf_bytes(w, magic, 4);
	ip_wbuf_u16(w, w->version ? w->version : 1);
	ip_wbuf_u16(w, type);
	ip_wbuf_u32(w, 0);
	ip_wbuf_u32(w, 0);
	return start;
}

void ip_frame_end(struct ip_wbuf *w, size_t start)
{
	uint8_t *h;
	size_t length;
	if (w->failed)
		return;
	h = w->data + start;
	length = w->len - start - IP_PROTO_HEADER;
	if (length > IP_PROTO_MAX_PAYLOAD) {
		w->failed = 1;
		return;
	}
	ip_put_le32(h + 8, (uint32_t)length);
	if (w->check == IP_CHECK_HEADER && ip_le16(h + 4) >= 2)
		ip_put_le32(h + 12, ip_crc32(0, h, 12));
	else
		ip_put_le32(h + 12, ip_crc32(ip_crc32(0, h, 12), h + IP_PROTO_HEADER, length));
}

int ip_frame_parse(const uint8_t *h, long offset, struct ip_frame *f, struct ip_diag *d)
{
	if (memcmp(h, magic, 4) != 0)
		return ip_diag_offset(d, offset,
		                      "not a protocol frame: magic %02x %02x %02x %02x, expected "
		                      "\"IPRB\" (49 50 52 42)",
		                      h[0], h[1], h[2], h[3]);
	f->version = ip_le16(h + 4);
	f->type = ip_le16(h + 6);
	f->length = ip_le32(h + 8);
	f->crc = ip_le32(h + 12);
	if (f->length > IP_PROTO_MAX_PAYLOAD)
		return ip_diag_offset(d, offset + 8, "frame length %u is over the limit of %u bytes",
		                      f->length, IP_PROTO_MAX_PAYLOAD);
	return 0;
}

int ip_frame_verify(const uint8_t *h, const uint8_t *payload, long offset, enum ip_check check,
                    struct ip_diag *d)
{
	uint32_t length = ip_le32(h + 8), want = ip_le32(h + 12);
	int header_only = check == IP_CHECK_HEADER && ip_le16(h + 4) >= 2;
	uint32_t got = ip_crc32(0, h, 12);
	if (!header_only)
		got = ip_crc32(got, payload, length);
	if (got != want)
		return ip_diag_offset(d, offset + 12,
		                      "checksum mismatch: the %s frame says %08x, its %s give %08x",
		                      ip_msg_name(ip_le16(h + 6)), want,
		                      header_only ? "header bytes 0..11" : "bytes", got);
	return 0;
}

int ip_frame_check(const uint8_t *h, const uint8_t *payload, long offset, struct ip_diag *d)
{
	return ip_frame_verify(h, payload, offset, IP_CHECK_CRC32, d);
}
