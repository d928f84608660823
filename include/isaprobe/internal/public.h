/* public.h: the public-knowledge overlay of each ISA: what later public work (Mesa, freedreno)
 * says of bits the seed notes leave unknown, with sources. Reports compare findings with it;
 * the inference never reads it (tests/check_overlay_isolation.sh checks that). */
#ifndef ISAPROBE_PUBLIC_H
#define ISAPROBE_PUBLIC_H

#include <stddef.h>
#include <stdint.h>

#include "isaprobe/field.h"

/* One public reading of part of a word format. `fields` is a field table of its own: each
 * field's name, bits (counted from `base`), kind, meaning (its note) and value meanings (its
 * enums); its `source` cites where the reading comes from. */
struct ip_public_part {
	const char *format;            /* the notes' word format it reads ("load_store") */
	unsigned base;                 /* the bit of that format where the part's bit 0 lies */
	const struct ip_format *fields;
	const char *applies;           /* the instructions it applies to ("uniform loads"), or
	                                * NULL: every instruction of the format */
	int compare_names;             /* 1: its register and component value names are what a
	                                * campaign calls them (r26, x), so a finding that names a
	                                * value otherwise differs; 0: its value names are the
	                                * source's own words, compared by value only */
	/* Whether it applies to this instruction word (ctx: its context word, or NULL): what
	 * `applies` says, for a report that knows the word; NULL: every instruction. */
	int (*match)(const ip_word *word, const ip_word *ctx);
	uint64_t mask, exact; /* and it applies only when bits 0-63 of the word, masked, are
	                       * exact (mask 0: no such test) */
};

/* Bits of a format where public work was searched and found silent: no source reads them (for
 * the instructions `applies` names, or all). A finding there is news ("new"), and says where
 * it was looked for. */
struct ip_public_silence {
	const char *format;
	unsigned lo, hi;
	const char *applies; /* NULL: every instruction of the format */
	const char *where;   /* what was searched ("Mesa r300_reg.h US_TEX_INST") */
	int (*match)(const ip_word *word, const ip_word *ctx); /* as a part's */
};

struct ip_public_overlay {
	const char *isa;
	const struct ip_public_part *parts;
	size_t nparts;
	const char *doc; /* the docs/ page that restates the facts */
	const char *who; /* the public source in a verdict's words ("lima", "Mesa ir3") */
	const struct ip_public_silence *silences;
	size_t nsilences;
};

/* The overlay of an ISA, or NULL when the project has written none for it. */
const struct ip_public_overlay *ip_public_overlay(const char *isa);

#endif
