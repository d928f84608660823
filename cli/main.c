/* main.c: the isaprobe program: dispatches `isaprobe COMMAND ...` to cli/cmd_*.c.
 * Exit status: 0 success, 1 failure of the work, 2 bad usage. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "isaprobe/version.h"

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
};

static const struct command commands[] = {
	{"agent", cmd_agent, "serve a runner over stdin/stdout (docs/protocol.md)"},
	{"asm", cmd_asm, "assemble a program"},
	{"bench", cmd_bench, "run the benchmark suites: values, targets, ratios (not tests)"},
	{"campaign", cmd_campaign, "run probes' variants on a runner into a findings database"},
	{"db", cmd_db, "findings database maintenance: db merge OUT IN..."},
	{"devices", cmd_devices, "the GPUs the drm runner can reach: node, driver, GPU, model, ISA"},
	{"disasm", cmd_disasm, "disassemble a binary, every bit shown"},
	{"export", cmd_export, "findings as isaspec XML, ISA.xml or the notes' lists; or a diff"},
	{"fields", cmd_fields, "print an ISA's field tables with their doc levels"},
	{"gpu-check", cmd_gpu_check, "whether a GPU model runs probes under a kernel (no device)"},
	{"infer", cmd_infer, "infer fields from a database's runs into its finding table"},
	{"query", cmd_query, "ask a findings database named questions, or SQL"},
	{"report", cmd_report, "render the findings as Markdown, HTML or JSON; diff two databases"},
	{"run", cmd_run, "run a program on the reference simulator, print status and outputs"},
};

static void usage(FILE *out)
{
	fputs("usage: isaprobe [--version] [--help] COMMAND [ARGS]\n\ncommands:\n", out);
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(out, "  %-9s %s\n", commands[i].name, commands[i].summary);
	fputs("\n`isaprobe COMMAND --help` describes each command.\n", out);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("isaprobe %s\n", ISAPROBE_VERSION);
		return 0;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		usage(stdout);
		return 0;
	}
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(argv[1], commands[i].name) == 0)
			return commands[i].run(argc - 1, argv + 1);
	fprintf(stderr, "isaprobe: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return 2;
}
