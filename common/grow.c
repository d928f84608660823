/* grow.c: ip_grow, the doubling growth of every dynamic array (common/grow.h). */
#include "common/grow.h"

#include <stdint.h>
#include <stdlib.h>

int ip_grow(void **items, size_t *cap, size_t need, size_t size)
{
	size_t c = *cap ? *cap : 16;
	void *p;
	if (need <= *cap)
		return 0;
	while (c < need) {
		if (c > SIZE_MAX / 2)
			return -1;
		c *= 2;
	}
	if (size && c > SIZE_MAX / size)
		return -1;
	p = realloc(*items, c * size);
	if (!p)
		return -1;
	*items = p;
	*cap = c;
	return 0;
}
