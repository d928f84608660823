/* cmd_fields.c: `isaprobe fields`: prints an ISA's field tables with each field's doc level.
 * The same tables the assembler, disassembler and mutator read. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "isaprobe/mesa.h"

static void usage(FILE *out)
{
	fputs("usage: isaprobe fields [ISA [FORMAT]]\n"
	      "       isaprobe fields --mesa ISA\n"
	      "\n"
	      "Without arguments, lists the ISAs; with ISA, its word formats; with FORMAT,\n"
	      "that format's fields: bits, name, kind, doc level (known / unknown / unused\n"
	      "according to the seed notes), the condition under which the field exists,\n"
	      "and what the notes say. With --mesa, what Mesa calls the ISA's fields and\n"
	      "values (a Markdown table, docs/<isa>-mesa-names.md).\n",
	      out);
}

int cmd_fields(int argc, char **argv)
{
	const struct ip_isa *isa;
	if (argc == 3 && strcmp(argv[1], "--mesa") == 0) {
		const struct ip_mesa *m;
		if (!(isa = cli_isa(argv[2])))
			return 2;
		if (!(m = ip_mesa_find(isa->name))) {
			fprintf(stderr, "isaprobe: no Mesa names for %s\n", isa->name);
			return 2;
		}
		ip_mesa_print_table(m, stdout);
		return fflush(stdout) != 0;
	}
	if (argc > 1 && (argv[1][0] == '-')) {
		int help = argv[1][1] == 'h' || argv[1][1] == '-';
		usage(help ? stdout : stderr);
		return help ? 0 : 2;
	}
	if (argc == 1) {
		for (const struct ip_isa *const *i = ip_isa_all(); *i; i++)
			printf("%-10s %s (%s)\n", (*i)->name, (*i)->title, (*i)->seed);
		return 0;
	}
	if (argc > 3) {
		usage(stderr);
		return 2;
	}
	if (!(isa = cli_isa(argv[1])))
		return 2;
	if (argc == 2) {
		for (unsigned i = 0; i < isa->nformats; i++)
			printf("%-16s %3u bits  %s\n", isa->formats[i]->name, isa->formats[i]->bits,
			       isa->formats[i]->title);
		return 0;
	}
	for (unsigned i = 0; i < isa->nformats; i++)
		if (strcmp(isa->formats[i]->name, argv[2]) == 0) {
			ip_format_print(isa->formats[i], stdout);
			return 0;
		}
	fprintf(stderr, "isaprobe: %s has no format '%s'; `isaprobe fields %s` lists them\n",
	        isa->name, argv[2], isa->name);
	return 2;
}
