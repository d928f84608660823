/* cmd_disasm.c: `isaprobe disasm`: binary -> assembly text that assembles back bit for bit.
 * A truncated or mis-tagged binary gets an error naming the byte offset, and status 1. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "isaprobe/internal/mesa.h"

static void usage(FILE *out)
{
	fputs("usage: isaprobe disasm -i ISA [--style isaprobe|mesa] [--expand] FILE\n"
	      "\n"
	      "Disassembles the binary FILE (\"-\" for standard input). Every bit is shown:\n"
	      "bits the notes call unknown print as name=value, so `isaprobe asm` of the\n"
	      "output gives back the same bytes.\n"
	      "\n"
	      "With --style mesa, prints what Mesa's disassembler prints for the same binary\n"
	      "instead (midgard, bifrost, utgard_gp, a3xx; docs/<isa>-mesa-names.md): for\n"
	      "reading beside Mesa's output, not for `isaprobe asm`.\n"
	      "\n"
	      "  -i, --isa ISA    instruction set\n"
	      "  -s, --style S    isaprobe (the default) or mesa\n"
	      "      --expand     also show every repetition of an (rptN) instruction on a line\n"
	      "                   of its own (ISAs with repeats: a3xx)\n"
	      "  -h, --help       this help\n",
	      out);
}

int cmd_disasm(int argc, char **argv)
{
	static const struct option opts[] = {{"isa", required_argument, 0, 'i'},
	                                     {"style", required_argument, 0, 's'},
	                                     {"expand", no_argument, 0, 'e'},
	                                     {"help", no_argument, 0, 'h'},
	                                     {0, 0, 0, 0}};
	const struct ip_mesa *mesa = NULL;
	int mesa_style = 0;
	const char *isa_name = NULL;
	struct cli_input in;
	struct ip_program prog;
	int c, rc, expand = 0;

	optind = 1;
	while ((c = getopt_long(argc, argv, "i:s:h", opts, NULL)) != -1) {
		switch (c) {
		case 'i': isa_name = optarg; break;
		case 's':
			if (strcmp(optarg, "mesa") != 0 && strcmp(optarg, "isaprobe") != 0) {
				fprintf(stderr, "isaprobe: --style is isaprobe or mesa, not '%s'\n", optarg);
				return 2;
			}
			mesa_style = strcmp(optarg, "mesa") == 0;
			break;
		case 'e': expand = 1; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if ((rc = cli_isa_and_file(argc, argv, isa_name, usage, &in)) != 0)
		return rc;
	if (mesa_style && !(mesa = ip_mesa_find(in.isa->name))) {
		fprintf(stderr, "isaprobe: no Mesa disassembler style for %s\n", in.isa->name);
		free(in.data);
		return 2;
	}
	if (expand && (mesa || !in.isa->disassemble_expanded)) {
		if (mesa)
			fprintf(stderr, "isaprobe disasm: --expand: not with --style mesa\n");
		else
			fprintf(stderr, "isaprobe disasm: --expand: %s has no repeated instructions\n",
			        in.isa->name);
		free(in.data);
		return 2;
	}
	if (in.isa->unpack(in.data, in.len, &prog, &in.d) != 0) {
		ip_diag_print(&in.d, stderr);
		free(in.data);
		return 1;
	}
	if (mesa)
		rc = mesa->print(&prog, stdout) != 0;
	else
		rc = (expand ? in.isa->disassemble_expanded : in.isa->disassemble)(&prog, stdout) != 0;
	rc = rc || fflush(stdout) != 0;
	if (rc)
		fprintf(stderr, "isaprobe: write to standard output failed\n");
	ip_program_free(&prog);
	free(in.data);
	return rc;
}
