/* crc32.c: the CRC-32 that guards every frame of the agent protocol (docs/protocol.md):
 * reflected polynomial 0xEDB88320, initial and final value 0xFFFFFFFF; 8 bytes per step. */
#include <pthread.h>

#include "proto.h"

/* table[0] is the byte-at-a-time table; table[k][b] is the CRC of byte b followed by k zero
 * bytes, so that eight table lookups advance the CRC over eight bytes at once. */
static uint32_t table[8][256];
static pthread_once_t table_once = PTHREAD_ONCE_INIT;

static void build_table(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int k = 0; k < 8; k++)
			c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
		table[0][i] = c;
	}
	for (int k = 1; k < 8; k++)
		for (uint32_t i = 0; i < 256; i++)
			table[k][i] = (table[k - 1][i] >> 8) ^ table[0][table[k - 1][i] & 0xff];
}

uint32_t ip_crc32(uint32_t crc, const void *data, size_t len)
{
	const uint8_t *p = data;
	pthread_once(&table_once, build_table);
	crc = ~crc;
	for (; len >= 8; len -= 8, p += 8) {
		uint32_t lo = crc ^ ip_le32(p), hi = ip_le32(p + 4);
		crc = table[7][lo & 0xff] ^ table[6][(lo >> 8) & 0xff] ^ table[5][(lo >> 16) & 0xff] ^
		      table[4][lo >> 24] ^ table[3][hi & 0xff] ^ table[2][(hi >> 8) & 0xff] ^
		      table[1][(hi >> 16) & 0xff] ^ table[0][hi >> 24];
	}
	for (; len; len--, p++)
		crc = table[0][(crc ^ *p) & 0xff] ^ (crc >> 8);
	return ~crc;
}
