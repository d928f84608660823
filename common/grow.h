/* grow.h: the one growth rule of isaprobe's dynamic arrays: room for `need` elements, reached by
 * doubling, so that n appends cost O(n) copies. */
#ifndef ISAPROBE_COMMON_GROW_H
#define ISAPROBE_COMMON_GROW_H

#include <stddef.h>

/* Makes room for `need` elements of `size` bytes in the array *items of capacity *cap (in
 * elements): the capacity doubles (from 16 when it is 0) until need fits; nothing changes when
 * it fits already. New elements are not initialised. 0, or -1 when out of memory or when the
 * size would overflow (*items and *cap are then unchanged). Call it as
 * `ip_grow((void **)&a->items, &a->cap, a->n + 1, sizeof *a->items)`. */
int ip_grow(void **items, size_t *cap, size_t need, size_t size);

#endif
