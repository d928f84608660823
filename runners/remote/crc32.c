/* crc32.c: the CRC-32 that guards every frame of the agent protocol (docs/protocol.md):
 * reflected polynomial 0xEDB88320, initial and final value 0xFFFFFFFF, a 256-entry table. */
#include <pthread.h>

#include "proto.h"

static uint32_t table[256];
static pthread_once_t table_once = PTHREAD_ONCE_INIT;

static void build_table(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int k = 0; k < 8; k++)
			c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
		table[i] = c;
	}
}

uint32_t ip_crc32(uint32_t crc, const void *data, size_t len)
{
	const uint8_t *p = data;
	pthread_once(&table_once, build_table);
	crc = ~crc;
	for (size_t i = 0; i < len; i++)
		crc = table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
	return ~crc;
}
