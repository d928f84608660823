/* report.h: renders a findings database's inferred fields as Markdown, HTML (SVG bit diagrams,
 * per-bit heat maps) or JSON, optionally only what is new since a campaign or vs an older db. */
#ifndef ISAPROBE_REPORT_H
#define ISAPROBE_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "isaprobe/diag.h"
#include "isaprobe/store.h"

enum ip_report_format { IP_REPORT_MD, IP_REPORT_HTML, IP_REPORT_JSON };

struct ip_report_options {
	enum ip_report_format format;
	const char *title;     /* shown at the top (the database's name); may be NULL */
	int64_t since;         /* > 0: only findings first seen in this campaign or a later one */
	struct ip_store *old;  /* non-NULL: only findings new, changed or gone vs this database */
	const char *old_title; /* its name */
	const char *isa;       /* non-NULL: only the probes of this ISA */
	const char *probe;     /* non-NULL: only the probe of this name */
};

/* Writes the report of s to out. Returns 0, or -1 with d set. */
int ip_report(struct ip_store *s, const struct ip_report_options *o, FILE *out,
              struct ip_diag *d);

/* Stores each finding's sentence (what the report says of it: "register select: ...") and its
 * verdict against the ISA's public-knowledge overlay in its details as "sentence" and
 * "public_verdict", which the finding_text view shows; `isaprobe infer` calls it after
 * ip_infer. Returns 0, or -1 with d set (nothing changed). */
int ip_report_sentences(struct ip_store *s, struct ip_diag *d);

#endif
