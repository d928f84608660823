/* export.h: findings written as the files maintainers keep (ir3's isaspec XML, Bifrost's
 * ISA.xml, the seed notes' bit lists), each entry tagged with its evidence and public verdict;
 * or, given a copy of such a file, a unified diff that adds them to it (docs/export.md). */
#ifndef ISAPROBE_EXPORT_H
#define ISAPROBE_EXPORT_H

#include <stdio.h>

#include "isaprobe/diag.h"
#include "isaprobe/store.h"

enum ip_export_format {
	IP_EXPORT_ISASPEC,     /* a3xx: fields and values in ir3's isaspec form */
	IP_EXPORT_BIFROST_XML, /* bifrost: ISA.xml's <ins>, <src>, <mod>, <immediate> */
	IP_EXPORT_MARKDOWN,    /* any ISA: the seed notes' indented bit lists */
	IP_EXPORT_NFORMATS
};

struct ip_export_options {
	enum ip_export_format format;
	const char *isa;     /* the ISA whose findings (NULL: the format's: a3xx, bifrost, or
	                      * midgard, utgard_gp and ctm for Markdown) */
	const char *probe;   /* one probe's findings, or NULL: every probe */
	const char *against; /* a copy of the maintainer's file: write a diff to it, or NULL */
	const char *title;   /* the database as the output names it */
};

/* "isaspec", "bifrost-isa-xml", "markdown"; parsing returns -1 for another name. */
const char *ip_export_format_name(enum ip_export_format f);
int ip_export_format_parse(const char *name, enum ip_export_format *f);

/* Writes the export (or the diff) to out. Returns 0, or -1 with d set (a database it cannot
 * read, an --against file it cannot read or place anything in). Findings placed and left out
 * of a diff are counted on `note` (may be NULL). */
int ip_export(struct ip_store *s, const struct ip_export_options *o, FILE *out, FILE *note,
              struct ip_diag *d);

#endif
