/* isa.h: what an ISA plugs into isaprobe, and the registry that lists the ISAs.
 * Adding an ISA means a folder in encoders/ and one line in encoders/isa_registry.c. */
#ifndef ISAPROBE_ISA_H
#define ISAPROBE_ISA_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "isaprobe/diag.h"
#include "isaprobe/program.h"

struct ip_isa {
	const char *name;
	const char *title;
	const char *seed; /* seed notes the tables come from */
	const struct ip_format *const *formats;
	unsigned nformats;
	/* Binary -> logical words. Errors name the byte offset. */
	int (*unpack)(const uint8_t *bytes, size_t len, struct ip_program *out, struct ip_diag *d);
	/* Logical words -> binary. *out is malloc'd. Fills in the ISA's derived bits (none may be
	 * silently changed: derived values that a word overrides are kept). */
	int (*pack)(const struct ip_program *p, uint8_t **out, size_t *len, struct ip_diag *d);
	/* Assembly text -> logical words. Errors name file:line:col. */
	int (*assemble)(const char *src, struct ip_program *out, struct ip_diag *d);
	/* Logical words -> assembly text that assembles back to the same bits. */
	int (*disassemble)(const struct ip_program *p, FILE *out);
	/* The same with every repetition of a repeated instruction on a line of its own
	 * (`isaprobe disasm --expand`); NULL where the ISA repeats nothing. */
	int (*disassemble_expanded)(const struct ip_program *p, FILE *out);
};

const struct ip_isa *ip_isa_find(const char *name);
/* NULL-terminated list of every ISA. */
const struct ip_isa *const *ip_isa_all(void);
const struct ip_format *ip_isa_format(const struct ip_isa *isa, const char *name);

#endif
