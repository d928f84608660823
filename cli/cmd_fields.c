/* cmd_fields.c: `isaprobe fields`: prints an ISA's field tables with each field's doc level.
 * The same tables the assembler, disassembler and mutator read. */
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "isaprobe/field.h"
#include "isaprobe/internal/mesa.h"

static void usage(FILE *out)
{
	fputs("usage: isaprobe fields [--json] [ISA [FORMAT]]\n"
	      "       isaprobe fields --mesa ISA\n"
	      "\n"
	      "Without arguments, lists the ISAs; with ISA, its word formats; with FORMAT,\n"
	      "that format's fields: bits, name, kind, doc level (known / unknown / unused\n"
	      "according to the seed notes), the condition under which the field exists,\n"
	      "and what the notes say. With --mesa, what Mesa calls the ISA's fields and\n"
	      "values (a Markdown table, docs/<isa>-mesa-names.md).\n"
	      "\n"
	      "  -j, --json   the same as JSON: an array of ISAs; an ISA's formats; a format's\n"
	      "               fields with their bits, kind, doc level, condition, default, note\n"
	      "               and named values (each with its doc level and note)\n"
	      "  -m, --mesa   Mesa's names (Markdown)\n"
	      "  -h, --help   this help\n",
	      out);
}

static void json_field(FILE *out, const struct ip_field *f)
{
	char cond[256] = "";
	FILE *m = fmemopen(cond, sizeof cond - 1, "w");
	if (m) {
		ip_field_print_condition(f, m);
		fclose(m);
	}
	fputs("{\"name\": ", out);
	cli_json_string(out, f->name);
	fprintf(out, ", \"lo\": %u, \"hi\": %u, \"width\": %u, \"kind\": \"%s\", \"doc\": \"%s\", "
	             "\"when\": ",
	        f->lo, f->lo + f->width - 1, f->width, ip_kind_name(f->kind), ip_doc_name(f->doc));
	cli_json_string(out, strcmp(cond, "-") ? cond : ""); /* "-": always */
	fprintf(out, ", \"default\": %llu, \"note\": ", (unsigned long long)f->dflt);
	if (f->note)
		cli_json_string(out, f->note);
	else
		fputs("null", out);
	fputs(", \"values\": [", out);
	for (const struct ip_enum *e = f->enums; e && e->name; e++) {
		uint64_t v = ip_enum_value_of(e);
		fprintf(out, "%s{\"value\": %llu, \"name\": ", e == f->enums ? "" : ", ",
		        (unsigned long long)v);
		cli_json_string(out, e->name);
		fprintf(out, ", \"doc\": \"%s\", \"note\": ", ip_doc_name(ip_enum_doc(f->enums, v)));
		if (e->note)
			cli_json_string(out, e->note);
		else
			fputs("null", out);
		fputs("}", out);
	}
	fputs("]}", out);
}

/* A format's name, width and title as JSON members ("format": ..., "bits": ..., "title": ...). */
static void format_members(const struct ip_format *f)
{
	fputs("\"format\": ", stdout);
	cli_json_string(stdout, f->name);
	fprintf(stdout, ", \"bits\": %u, \"title\": ", f->bits);
	cli_json_string(stdout, f->title);
}

/* fields --json [ISA [FORMAT]]. */
static int json(const struct ip_isa *isa, const char *format)
{
	if (!isa) {
		fputs("[", stdout);
		for (const struct ip_isa *const *i = ip_isa_all(); *i; i++) {
			fputs(i == ip_isa_all() ? "\n {\"isa\": " : ",\n {\"isa\": ", stdout);
			cli_json_string(stdout, (*i)->name);
			fputs(", \"title\": ", stdout);
			cli_json_string(stdout, (*i)->title);
			fputs(", \"seed\": ", stdout);
			cli_json_string(stdout, (*i)->seed);
			fputs("}", stdout);
		}
		fputs("\n]\n", stdout);
		return fflush(stdout) != 0;
	}
	for (unsigned i = 0; i < isa->nformats; i++) {
		const struct ip_format *f = isa->formats[i];
		if (format && strcmp(f->name, format))
			continue;
		if (!format) {
			if (!i) {
				fputs("{\"isa\": ", stdout);
				cli_json_string(stdout, isa->name);
				fputs(", \"formats\": [", stdout);
			}
			fputs(i ? ",\n {" : "\n {", stdout);
			format_members(f);
			fputs("}", stdout);
			continue;
		}
		fputs("{\"isa\": ", stdout);
		cli_json_string(stdout, isa->name);
		fputs(", ", stdout);
		format_members(f);
		fputs(", \"fields\": [", stdout);
		for (unsigned k = 0; k < f->nfields; k++) {
			fputs(k ? ",\n " : "\n ", stdout);
			json_field(stdout, &f->fields[k]);
		}
		fputs("\n]}\n", stdout);
		return fflush(stdout) != 0;
	}
	if (format) {
		fprintf(stderr, "isaprobe: %s has no format '%s'; `isaprobe fields %s` lists them\n",
		        isa->name, format, isa->name);
		return 2;
	}
	fputs(isa->nformats ? "\n]}\n" : "{\"isa\": \"\", \"formats\": []}\n", stdout);
	return fflush(stdout) != 0;
}

int cmd_fields(int argc, char **argv)
{
	static const struct option opts[] = {{"json", no_argument, NULL, 'j'},
	                                     {"mesa", no_argument, NULL, 'm'},
	                                     {"help", no_argument, NULL, 'h'},
	                                     {NULL, 0, NULL, 0}};
	const struct ip_isa *isa = NULL;
	int c, as_json = 0, mesa = 0, nargs;
	optind = 1;
	while ((c = getopt_long(argc, argv, "jmh", opts, NULL)) != -1) {
		switch (c) {
		case 'j': as_json = 1; break;
		case 'm': mesa = 1; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	nargs = argc - optind;
	if (nargs > 2 || (mesa && (nargs != 1 || as_json))) {
		if (mesa)
			fputs(as_json ? "isaprobe: fields: --mesa prints Markdown, not JSON\n"
			              : "isaprobe: fields: --mesa takes one ISA\n",
			      stderr);
		usage(stderr);
		return 2;
	}
	if (nargs && !(isa = cli_isa(argv[optind])))
		return 2;
	if (mesa) {
		const struct ip_mesa *m;
		if (!(m = ip_mesa_find(isa->name))) {
			fprintf(stderr, "isaprobe: no Mesa names for %s\n", isa->name);
			return 2;
		}
		ip_mesa_print_table(m, stdout);
		return fflush(stdout) != 0;
	}
	if (as_json)
		return json(isa, nargs == 2 ? argv[optind + 1] : NULL);
	if (!nargs) {
		for (const struct ip_isa *const *i = ip_isa_all(); *i; i++)
			printf("%-10s %s (%s)\n", (*i)->name, (*i)->title, (*i)->seed);
		return 0;
	}
	if (nargs == 1) {
		for (unsigned i = 0; i < isa->nformats; i++)
			printf("%-16s %3u bits  %s\n", isa->formats[i]->name, isa->formats[i]->bits,
			       isa->formats[i]->title);
		return 0;
	}
	for (unsigned i = 0; i < isa->nformats; i++)
		if (strcmp(isa->formats[i]->name, argv[optind + 1]) == 0) {
			ip_format_print(isa->formats[i], stdout);
			return 0;
		}
	fprintf(stderr, "isaprobe: %s has no format '%s'; `isaprobe fields %s` lists them\n",
	        isa->name, argv[optind + 1], isa->name);
	return 2;
}
