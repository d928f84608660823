/* public.h: the public-knowledge overlay of each ISA: what later public work (Mesa, freedreno)
 * says of bits the seed notes leave unknown, with sources. Reports compare findings with it;
 * the inference never reads it (tests/check_overlay_isolation.sh checks that). */
#ifndef ISAPROBE_PUBLIC_H
#define ISAPROBE_PUBLIC_H

#include <stddef.h>

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
};

struct ip_public_overlay {
	const char *isa;
	const struct ip_public_part *parts;
	size_t nparts;
	const char *doc; /* the docs/ page that restates the facts */
};

/* The overlay of an ISA, or NULL when the project has written none for it. */
const struct ip_public_overlay *ip_public_overlay(const char *isa);

#endif
