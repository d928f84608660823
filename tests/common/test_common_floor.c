/* test_common_floor.c: the shared helpers of common/: little-endian loads and stores, the
 * growth of dynamic arrays, the outcome-status rule and the field-row macro. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "common/byteorder.h"
#include "common/grow.h"
#include "common/outcome_status.h"
#include "common/field_row.h"

static const struct ip_field rows[] = {
	F("op", 3, 5, OPCODE, KNOWN, NULL, 7, "the operation"),
};

static void byte_order(void)
{
	static const uint8_t b[8] = {0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef};
	uint8_t out[8];
	CHECK(ip_le16(b) == 0x2301, "le16 %04x", ip_le16(b));
	CHECK(ip_le32(b) == 0x67452301u, "le32 %08x", ip_le32(b));
	CHECK(ip_le64(b) == UINT64_C(0xefcdab8967452301), "le64 %016llx",
	      (unsigned long long)ip_le64(b));
	memset(out, 0, sizeof out);
	ip_put_le16(out, 0xbeef);
	CHECK(out[0] == 0xef && out[1] == 0xbe && out[2] == 0, "put_le16 %02x %02x %02x", out[0],
	      out[1], out[2]);
	ip_put_le32(out, 0xdeadbeefu);
	CHECK(memcmp(out, "\xef\xbe\xad\xde\0", 5) == 0, "put_le32 %02x %02x %02x %02x", out[0],
	      out[1], out[2], out[3]);
	ip_put_le64(out, UINT64_C(0xefcdab8967452301));
	CHECK(memcmp(out, b, 8) == 0, "put_le64 %02x ... %02x", out[0], out[7]);
}

static void growth(void)
{
	uint32_t *a = NULL;
	size_t cap = 0;
	CHECK(ip_grow((void **)&a, &cap, 1, sizeof *a) == 0 && a && cap == 16, "first: cap %zu",
	      cap);
	for (uint32_t i = 0; i < 16; i++)
		a[i] = i * 3;
	CHECK(ip_grow((void **)&a, &cap, 16, sizeof *a) == 0 && cap == 16, "fits: cap %zu", cap);
	CHECK(ip_grow((void **)&a, &cap, 17, sizeof *a) == 0 && cap == 32, "doubles: cap %zu", cap);
	CHECK(ip_grow((void **)&a, &cap, 1000, sizeof *a) == 0 && cap == 1024, "to 1000: cap %zu",
	      cap);
	CHECK(a[0] == 0 && a[15] == 45, "contents kept: %u %u", a[0], a[15]);
	uint32_t *before = a;
	CHECK(ip_grow((void **)&a, &cap, SIZE_MAX / 2, sizeof *a) == -1 && a == before &&
	          cap == 1024,
	      "a size that overflows is refused, the array kept: cap %zu", cap);
	CHECK(ip_grow((void **)&a, &cap, SIZE_MAX, 1) == -1 && cap == 1024,
	      "a count that overflows is refused: cap %zu", cap);
	free(a);
}

static void statuses(void)
{
	static const int noise[IP_STATUS_COUNT] = {
		[IP_STATUS_TIMEOUT] = 1, [IP_STATUS_RUNNER_ERROR] = 1};
	for (int s = 0; s < IP_STATUS_COUNT; s++)
		CHECK(ip_status_is_noise((enum ip_status)s) == noise[s], "status %s: noise %d",
		      ip_status_name((enum ip_status)s), ip_status_is_noise((enum ip_status)s));
}

static void field_rows(void)
{
	const struct ip_field *f = &rows[0];
	CHECK(!strcmp(f->name, "op") && f->lo == 3 && f->width == 5, "place %s %u %u", f->name,
	      f->lo, f->width);
	CHECK(f->kind == IP_KIND_OPCODE && f->doc == IP_DOC_KNOWN && f->enums == NULL &&
	          f->dflt == 7 && f->when[0].field == NULL && !strcmp(f->note, "the operation"),
	      "kind %d doc %d default %llu", (int)f->kind, (int)f->doc,
	      (unsigned long long)f->dflt);
}

int main(void)
{
	byte_order();
	growth();
	statuses();
	field_rows();
	return check_report("test_common_floor");
}
