/* a3xx_names.h: the names of the a3xx syntax that come from the field tables' enums: opcode
 * mnemonics, data types, compare conditions; lookups by name for the assembler. */
#ifndef ISAPROBE_A3XX_NAMES_H
#define ISAPROBE_A3XX_NAMES_H

#include <stddef.h>

#include "a3xx.h"

/* The opcode named exactly name[0..len) (e.g. "cmps.f", "ldgb.typed.3d"): 0 with *cat, *opc. */
int a3xx_opcode_lookup(const char *name, size_t len, unsigned *cat, unsigned *opc);
/* The mnemonic of an opcode value, or NULL when no public source names it. */
const char *a3xx_opcode_name(unsigned cat, unsigned opc);

const char *a3xx_type_name(unsigned type);
int a3xx_type_lookup(const char *name, size_t len, unsigned *type);
/* Compare conditions of cat2 (lt, le, gt, ge, eq, ne); NULL for the unnamed 6 and 7. */
const char *a3xx_cond_name(unsigned cond);
int a3xx_cond_lookup(const char *name, size_t len, unsigned *cond);

#endif
