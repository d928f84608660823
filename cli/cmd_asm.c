/* cmd_asm.c: `isaprobe asm`: assembly text -> the binary the GPU fetches.
 * Errors name file:line:col and exit with status 1. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void usage(FILE *out)
{
	fputs("usage: isaprobe asm -i ISA [-o OUT] [--hex] FILE\n"
	      "\n"
	      "Assembles FILE (\"-\" for standard input) and writes the binary to OUT\n"
	      "(default: standard output).\n"
	      "\n"
	      "  -i, --isa ISA    instruction set (isaprobe fields lists them)\n"
	      "  -o, --output OUT where to write the binary\n"
	      "      --hex        write 32-bit words as hex text instead of binary\n"
	      "  -h, --help       this help\n",
	      out);
}

int cmd_asm(int argc, char **argv)
{
	static const struct option opts[] = {{"isa", required_argument, 0, 'i'},
	                                     {"output", required_argument, 0, 'o'},
	                                     {"hex", no_argument, 0, 'x'},
	                                     {"help", no_argument, 0, 'h'},
	                                     {0, 0, 0, 0}};
	const char *isa_name = NULL, *output = "-";
	int hex = 0, c, rc = 1;
	struct cli_input in;
	uint8_t *bin = NULL;
	size_t binlen;
	struct ip_program prog;

	optind = 1;
	while ((c = getopt_long(argc, argv, "i:o:h", opts, NULL)) != -1) {
		switch (c) {
		case 'i': isa_name = optarg; break;
		case 'o': output = optarg; break;
		case 'x': hex = 1; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if ((c = cli_isa_and_file(argc, argv, isa_name, usage, &in)) != 0)
		return c;
	if (strlen((char *)in.data) != in.len) {
		ip_diag_offset(&in.d, (long)strlen((char *)in.data), "NUL byte in assembly text");
		ip_diag_print(&in.d, stderr);
		free(in.data);
		return 1;
	}
	if (in.isa->assemble((const char *)in.data, &prog, &in.d) != 0) {
		ip_diag_print(&in.d, stderr);
		free(in.data);
		return 1;
	}
	if (in.isa->pack(&prog, &bin, &binlen, &in.d) != 0) {
		ip_diag_print(&in.d, stderr);
	} else if (hex) {
		FILE *out = strcmp(output, "-") == 0 ? stdout : fopen(output, "w");
		if (!out) {
			perror(output);
		} else {
			cli_hex_words(out, bin, binlen, "");
			rc = (out == stdout ? fflush(out) : fclose(out)) != 0;
		}
	} else {
		rc = cli_write_file(output, bin, binlen) != 0;
	}
	free(bin);
	free(in.data);
	ip_program_free(&prog);
	return rc;
}
