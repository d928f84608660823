/* field.h: the field-table framework, the single description of every instruction word format.
 * Assembler, disassembler, mutator and reports all read these tables; no other copy of bit positions exists.
 *
 * Table format
 * ------------
 * A format (struct ip_format) is one kind of word as the seed notes describe it: a width in
 * bits and an array of fields. A field (struct ip_field) is a named, contiguous bit range
 * [lo, lo + width) with
 *   - a kind: what sort of thing the bits hold (opcode, register, swizzle, ...);
 *   - a doc level: what the seed notes say of these bits: known, unknown, or "unused";
 *   - optional enum values (an array ending with a NULL name);
 *   - a default value, used by the assembler for fields a source line leaves out;
 *   - up to two conditions (`when`): the field exists only when every condition holds.
 *     A condition names a selector field, in the same format or in the format's context
 *     format (the Midgard ALU fields take the register word as context), and the set of
 *     selector values for which it holds, as a bit mask (bit v set = value v selects).
 * Alternative fields covering the same bits under different conditions are how the notes'
 * "if ... otherwise ..." layouts are written down. The coverage invariant, checked by
 * ip_format_check() and a test, is that for every assignment of the selectors the active
 * fields cover every bit of the format exactly once: no bit is ever left out, not even
 * one the notes know nothing about (it gets an explicit unknown field).
 */
#ifndef ISAPROBE_FIELD_H
#define ISAPROBE_FIELD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "isaprobe/word.h"

enum ip_field_kind {
	IP_KIND_TAG,       /* instruction word type or next-type */
	IP_KIND_OPCODE,    /* selects the operation */
	IP_KIND_REGISTER,  /* register number */
	IP_KIND_COMPONENT, /* component (or half-register) select */
	IP_KIND_SWIZZLE,   /* per-component selects */
	IP_KIND_MASK,      /* write or enable mask */
	IP_KIND_IMMEDIATE, /* constant bits */
	IP_KIND_OFFSET,    /* branch or address offset */
	IP_KIND_MODIFIER,  /* abs, neg, clamp, saturate, ... */
	IP_KIND_SIZE,      /* operand size or mode select */
	IP_KIND_FLAG,      /* a single-bit switch: unit enable, immediate select */
	IP_KIND_UNKNOWN,   /* meaning not known */
	IP_KIND_PADDING,   /* filler the notes call unused */
	IP_KIND_COUNT
};

enum ip_doc_level {
	IP_DOC_KNOWN,   /* the seed notes describe these bits */
	IP_DOC_UNKNOWN, /* the seed notes call them unknown */
	IP_DOC_UNUSED,  /* the seed notes call them unused (never seen set): still worth probing */
	IP_DOC_COUNT
};

struct ip_enum {
	uint64_t value; /* the field value; bits 62-63 may carry a doc level (IP_ENUM_UNKNOWN) */
	const char *name;
	const char *note;
};

/* Doc level of one enum value. A value is known unless its entry is written
 * IP_ENUM_UNKNOWN(v) (the notes list the value as unknown) or IP_ENUM_UNUSED(v) (the notes
 * call it unused): the level rides in bits 62-63 of `value`, so tables written before this
 * existed mean the same. Read values through ip_enum_value_of(), levels through ip_enum_doc(). */
#define IP_ENUM_DOC_SHIFT 62
#define IP_ENUM_UNKNOWN(v) ((uint64_t)(v) | ((uint64_t)IP_DOC_UNKNOWN << IP_ENUM_DOC_SHIFT))
#define IP_ENUM_UNUSED(v) ((uint64_t)(v) | ((uint64_t)IP_DOC_UNUSED << IP_ENUM_DOC_SHIFT))

/* Field exists when (1 << value_of(field)) & set; a NULL field means "always". */
struct ip_when {
	const char *field;
	uint64_t set;
};

#define IP_WHEN_IS(f, v) { (f), UINT64_C(1) << (v) }
#define IP_WHEN_NOT(f, v) { (f), ~(UINT64_C(1) << (v)) }

#define IP_FIELD_MAX_WHEN 2

struct ip_field {
	const char *name; /* short, stable, role-based: the key for asm, mutator, reports */
	uint8_t lo, width;
	enum ip_field_kind kind;
	enum ip_doc_level doc;
	const struct ip_enum *enums; /* NULL, or terminated by an entry with a NULL name */
	uint64_t dflt;               /* value the assembler uses when a line leaves the field out */
	struct ip_when when[IP_FIELD_MAX_WHEN];
	const char *note;            /* what the notes say, in our words */
};

struct ip_format {
	const char *isa;
	const char *name;
	const char *title;
	unsigned bits;
	const struct ip_field *fields;
	unsigned nfields;
	const struct ip_format *context; /* format whose fields `when` may name, or NULL */
	const char *source;              /* where the layout comes from */
};

#define IP_COUNT(a) (sizeof(a) / sizeof((a)[0]))

uint64_t ip_field_get(const struct ip_field *f, const ip_word *word);
void ip_field_set(const struct ip_field *f, ip_word *word, uint64_t value);
/* Bits of the word this field covers. */
ip_word ip_field_mask(const struct ip_field *f);

int ip_format_field_index(const struct ip_format *fmt, const char *name);
const struct ip_field *ip_format_field(const struct ip_format *fmt, const char *name);
/* The active field of this name (several fields may share a name across alternatives). */
const struct ip_field *ip_format_active_field(const struct ip_format *fmt, const char *name,
                                              const ip_word *word, const ip_word *ctx);

/* Whether the field exists in this word (its conditions hold); ctx is the context word or NULL. */
int ip_field_active(const struct ip_format *fmt, const struct ip_field *f, const ip_word *word,
                    const ip_word *ctx);

/* A word holding every active field's default, given the context word. */
ip_word ip_format_defaults(const struct ip_format *fmt, const ip_word *ctx);

/* Defaults again, but with the selector fields (those conditions name) copied from `from`:
 * what a word holds when only its selectors have been chosen. */
ip_word ip_format_rebase(const struct ip_format *fmt, const ip_word *from, const ip_word *ctx);

/* Checks the coverage invariant and the table's own consistency. Returns 0, or -1 with a
 * message in err. */
int ip_format_check(const struct ip_format *fmt, char *err, size_t errlen);

const char *ip_enum_name(const struct ip_enum *e, uint64_t value);
int ip_enum_value(const struct ip_enum *e, const char *name, uint64_t *value);
/* The field value of an entry (its doc-level bits removed). */
uint64_t ip_enum_value_of(const struct ip_enum *e);
/* Doc level of a field value: its entry's level; a value with no entry is IP_DOC_UNKNOWN
 * (nothing documents it). */
enum ip_doc_level ip_enum_doc(const struct ip_enum *e, uint64_t value);

const char *ip_kind_name(enum ip_field_kind k);
const char *ip_doc_name(enum ip_doc_level d);

/* Prints the condition under which f exists ("src1_full=1", "-" for always) to out. */
void ip_field_print_condition(const struct ip_field *f, FILE *out);

/* Prints the format as a table (one row per field) to out. */
void ip_format_print(const struct ip_format *fmt, FILE *out);

#endif
