/* a3xx_names.c: opcode mnemonics of the a3xx syntax, looked up by name in a hash table built once
 * from the field tables' opcode enums (the names live only there). */
#include <pthread.h>
#include <string.h>

#include "a3xx_names.h"

#define SLOTS 512 /* power of two, well above the ~150 names */

struct slot {
	const char *name;
	uint8_t cat, opc;
};

static struct slot table[SLOTS];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static const unsigned opc_field[A3XX_CATEGORIES] = {
	A0_OPC, 0, A2_OPC, A3_OPC, A4_OPC, A5_OPC, A6_OPC, 0,
};

static uint32_t hash(const char *s, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (uint8_t)s[i]) * 16777619u;
	return h;
}

static void build(void)
{
	for (unsigned cat = 0; cat < A3XX_CATEGORIES; cat++) {
		const struct ip_enum *e;
		if (!opc_field[cat])
			continue;
		for (e = a3xx_field(cat, opc_field[cat])->enums; e && e->name; e++) {
			size_t n = strlen(e->name);
			uint32_t h = hash(e->name, n) & (SLOTS - 1);
			while (table[h].name)
				h = (h + 1) & (SLOTS - 1);
			table[h].name = e->name;
			table[h].cat = (uint8_t)cat;
			table[h].opc = (uint8_t)ip_enum_value_of(e);
		}
	}
}

int a3xx_opcode_lookup(const char *name, size_t len, unsigned *cat, unsigned *opc)
{
	uint32_t h;
	pthread_once(&once, build);
	for (h = hash(name, len) & (SLOTS - 1); table[h].name; h = (h + 1) & (SLOTS - 1)) {
		if (strncmp(table[h].name, name, len) == 0 && table[h].name[len] == '\0') {
			*cat = table[h].cat;
			*opc = table[h].opc;
			return 0;
		}
	}
	return -1;
}

const char *a3xx_opcode_name(unsigned cat, unsigned opc)
{
	if (cat >= A3XX_CATEGORIES || !opc_field[cat])
		return NULL;
	return ip_enum_name(a3xx_field(cat, opc_field[cat])->enums, opc);
}

const char *a3xx_type_name(unsigned type)
{
	return ip_enum_name(a3xx_field(1, A1_SRC_TYPE)->enums, type & 7);
}

int a3xx_type_lookup(const char *name, size_t len, unsigned *type)
{
	for (unsigned t = 0; t < 8; t++) {
		const char *n = a3xx_type_name(t);
		if (strlen(n) == len && strncmp(n, name, len) == 0) {
			*type = t;
			return 0;
		}
	}
	return -1;
}

const char *a3xx_cond_name(unsigned cond)
{
	return ip_enum_name(a3xx_field(2, A2_COND)->enums, cond);
}

int a3xx_cond_lookup(const char *name, size_t len, unsigned *cond)
{
	for (unsigned c = 0; c < 8; c++) {
		const char *n = a3xx_cond_name(c);
		if (n && strlen(n) == len && strncmp(n, name, len) == 0) {
			*cond = c;
			return 0;
		}
	}
	return -1;
}
