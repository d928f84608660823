/* field_row.h: the row macro the field tables are written with, defined once: F(...) is one
 * struct ip_field initialiser. Included last, by table files only (it defines F and FE). */
#ifndef ISAPROBE_COMMON_FIELD_ROW_H
#define ISAPROBE_COMMON_FIELD_ROW_H

#include "isaprobe/field.h"

/* name, low bit, width, kind (IP_KIND_ suffix), doc state (IP_DOC_ suffix), enum table,
 * default value, note. */
#define IP_FIELD_ROW(n, lo, w, k, d, e, def, note)                                              \
	{n, lo, w, IP_KIND_##k, IP_DOC_##d, e, def, {{0, 0}, {0, 0}}, note}

#ifndef IP_FIELD_ROW_PUBLIC
/* An ISA's own field tables: every column; W1 and W2 with one or two conditions (each a braced
 * struct ip_when given by a macro of the table, so that its comma does not split it). */
#define F(n, lo, w, k, d, e, def, note) IP_FIELD_ROW(n, lo, w, k, d, e, def, note)
#define W1(n, lo, w, k, d, e, def, c1, note)                                                    \
	{n, lo, w, IP_KIND_##k, IP_DOC_##d, e, def, {c1, {0, 0}}, note}
#define W2(n, lo, w, k, d, e, def, c1, c2, note)                                                \
	{n, lo, w, IP_KIND_##k, IP_DOC_##d, e, def, {c1, c2}, note}
#else
/* A public-knowledge overlay (define IP_FIELD_ROW_PUBLIC before the include): what a public
 * source says is a field's place, kind and, with FE, its values; nothing is documented or
 * defaulted by it. */
#define FE(n, lo, w, k, e, note) IP_FIELD_ROW(n, lo, w, k, UNKNOWN, e, 0, note)
#define F(n, lo, w, k, note) FE(n, lo, w, k, NULL, note)
#endif

#endif
