/* export.c: `isaprobe export`: which ISAs a format writes, the findings read once per ISA, and the
 * export or (with a maintainer's file) the unified diff that adds the findings to that file. */
#include <stdlib.h>
#include <string.h>

#include "export_internal.h"
#include "isaprobe/isa.h"

static const char *const names[IP_EXPORT_NFORMATS] = {"isaspec", "bifrost-isa-xml", "markdown"};

const char *ip_export_format_name(enum ip_export_format f)
{
	return f < IP_EXPORT_NFORMATS ? names[f] : "";
}

int ip_export_format_parse(const char *name, enum ip_export_format *f)
{
	for (int i = 0; i < IP_EXPORT_NFORMATS; i++)
		if (!strcmp(name, names[i])) {
			*f = (enum ip_export_format)i;
			return 0;
		}
	return -1;
}

typedef int (*writer)(const struct ex_model *, const struct ip_export_options *,
                      const struct ex_file *, FILE *, struct ex_insert **, size_t *);

int ip_export(struct ip_store *s, const struct ip_export_options *o, FILE *out, FILE *note,
              struct ip_diag *d)
{
	/* Without -i: each ISA whose maintainers keep it in this format (.export_format) */
	const char *isas[16], *fname = ip_export_format_name(o->format);
	size_t nisas = 0;
	writer w = o->format == IP_EXPORT_ISASPEC       ? ex_isaspec
	           : o->format == IP_EXPORT_BIFROST_XML ? ex_bifrost
	                                                : ex_markdown;
	struct ex_file file;
	struct ex_insert *ins = NULL;
	size_t nins = 0, total = 0;
	int rc = 0, placed = 0;
	for (const struct ip_isa *const *i = ip_isa_all(); *i && nisas + 1 < IP_COUNT(isas); i++)
		if ((*i)->export_format && !strcmp((*i)->export_format, fname))
			isas[nisas++] = (*i)->name;
	if (o->isa && o->format != IP_EXPORT_MARKDOWN) { /* Markdown takes any ISA */
		const struct ip_isa *isa = ip_isa_find(o->isa);
		if (!isa || !isa->export_format || strcmp(isa->export_format, fname))
			return ip_diag_plain(d, "--format %s writes %s findings, not %s", fname,
			                     nisas ? isas[0] : "no", o->isa);
	}
	if (o->isa) {
		isas[0] = o->isa;
		nisas = 1;
	}
	isas[nisas] = NULL;
	if (o->against && ex_file_read(o->against, &file, d))
		return -1;
	for (size_t i = 0; isas[i]; i++) {
		struct ex_model m;
		int n;
		if (ex_load(s, isas[i], o->probe, &m, d)) {
			rc = -1;
			break;
		}
		total += m.n;
		n = w(&m, o, o->against ? &file : NULL, out, &ins, &nins);
		placed += n;
		ex_free(&m);
	}
	if (!rc && o->against) {
		const char *base = strrchr(o->against, '/');
		if (note)
			fprintf(note, "%s: %d of %zu findings placed\n", o->against, placed, total);
		if (!nins) {
			rc = ip_diag_plain(d, "%s: none of the %zu findings has a place in this file (the "
			                      "bitset, instruction or bits they are about)",
			                   o->against, total);
		} else {
			rc = ex_diff(out, base ? base + 1 : o->against, &file, ins, nins, d);
			if (rc)
				d->file = o->against;
		}
	}
	for (size_t i = 0; i < nins; i++)
		free(ins[i].text);
	free(ins);
	if (o->against)
		ex_file_free(&file);
	return rc;
}
