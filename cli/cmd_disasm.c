/* cmd_disasm.c: `isaprobe disasm`: binary -> assembly text that assembles back bit for bit.
 * A truncated or mis-tagged binary gets an error naming the byte offset, and status 1. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

static void usage(FILE *out)
{
	fputs("usage: isaprobe disasm -i ISA FILE\n"
	      "\n"
	      "Disassembles the binary FILE (\"-\" for standard input). Every bit is shown:\n"
	      "bits the notes call unknown print as name=value, so `isaprobe asm` of the\n"
	      "output gives back the same bytes.\n"
	      "\n"
	      "  -i, --isa ISA    instruction set\n"
	      "  -h, --help       this help\n",
	      out);
}

int cmd_disasm(int argc, char **argv)
{
	static const struct option opts[] = {{"isa", required_argument, 0, 'i'},
	                                     {"help", no_argument, 0, 'h'},
	                                     {0, 0, 0, 0}};
	const char *isa_name = NULL;
	const struct ip_isa *isa;
	uint8_t *bin;
	size_t len;
	struct ip_program prog;
	struct ip_diag d;
	int c, rc;

	optind = 1;
	while ((c = getopt_long(argc, argv, "i:h", opts, NULL)) != -1) {
		switch (c) {
		case 'i': isa_name = optarg; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind != argc - 1) {
		usage(stderr);
		return 2;
	}
	if (!(isa = cli_isa(isa_name)))
		return 2;
	if (cli_read_file(argv[optind], &bin, &len) != 0)
		return 1;
	ip_diag_init(&d, cli_display_name(argv[optind]));
	if (isa->unpack(bin, len, &prog, &d) != 0) {
		ip_diag_print(&d, stderr);
		free(bin);
		return 1;
	}
	rc = isa->disassemble(&prog, stdout) != 0 || fflush(stdout) != 0;
	if (rc)
		fprintf(stderr, "isaprobe: write to standard output failed\n");
	ip_program_free(&prog);
	free(bin);
	return rc;
}
