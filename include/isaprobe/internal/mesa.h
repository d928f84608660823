/* mesa.h: Mesa's names for an ISA's fields and values, kept in tables parallel to the field
 * tables (keyed by the same format, field and value), and the printers of `disasm --style mesa`.
 *
 * A row names either a field of a format (value IP_MESA_FIELD) or one value of a field; a
 * value row serves every field that shares that field's enum table (the Midgard vector and
 * scalar opcodes share one). `flags` carries what a printer needs to know of a value beyond its
 * name (per ISA: Midgard opcode types, ...). Nothing here changes what a field means: the
 * tables, the assembler and the disassembler stay the project's; these rows say what Mesa's
 * source and disassemblers call the same bits (docs/<isa>-mesa-names.md). */
#ifndef ISAPROBE_MESA_H
#define ISAPROBE_MESA_H

#include <stdint.h>
#include <stdio.h>

#include "isaprobe/field.h"
#include "isaprobe/program.h"

#define IP_MESA_FIELD UINT64_MAX

struct ip_mesa_name {
	const struct ip_format *fmt;
	const char *field;
	uint64_t value;   /* IP_MESA_FIELD: the row names the field */
	const char *mesa; /* Mesa's name ("" when Mesa prints nothing for this value) */
	unsigned flags;   /* ISA-specific facts a printer needs */
};

struct ip_mesa {
	const char *isa;
	const char *source; /* the Mesa files the names come from */
	const struct ip_mesa_name *names;
	unsigned nnames;
	/* `isaprobe disasm --style mesa`: the program as Mesa's disassembler prints it */
	int (*print)(const struct ip_program *p, FILE *out);
	/* extra rows for `isaprobe fields --mesa` (opcodes that are not enum values), or NULL */
	void (*print_extra)(FILE *out);
};

/* The ISA's Mesa names, or NULL (an ISA Mesa does not describe). */
const struct ip_mesa *ip_mesa_find(const char *isa);

/* Mesa's name of a field, or NULL. */
const char *ip_mesa_field_name(const struct ip_mesa *m, const struct ip_format *fmt,
                               const char *field);
/* The row naming value v of field `field` of fmt (or of any field sharing its enums), or
 * NULL. */
const struct ip_mesa_name *ip_mesa_value(const struct ip_mesa *m, const struct ip_format *fmt,
                                         const char *field, uint64_t v);

/* Prints the ISA's rows as a Markdown table (what `isaprobe fields --mesa ISA` shows). */
void ip_mesa_print_table(const struct ip_mesa *m, FILE *out);

#endif
