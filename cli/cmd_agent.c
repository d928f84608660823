/* cmd_agent.c: `isaprobe agent`: serves a runner backend over docs/protocol.md on stdin and
 * stdout, for `--runner remote:'COMMAND'` on another machine or process. */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "isaprobe/remote.h"
#include "isaprobe/runner.h"

static void usage(FILE *out)
{
	fputs("usage: isaprobe agent [--runner NAME[:ARG]] [-i ISA] [--gpu MODEL]\n"
	      "                      [--protocol 1|2|3] [--check crc32]\n"
	      "\n"
	      "Serves the runner NAME (default sim) on stdin/stdout with the agent protocol\n"
	      "(docs/protocol.md), for `isaprobe ... --runner remote:'COMMAND'`, e.g.\n"
	      "  --runner remote:'ssh board isaprobe agent --runner drm'\n"
	      "-i and --gpu fix the ISA and GPU model served; otherwise the caller's HELLO\n"
	      "chooses. Exits 0 at the end of its input, 1 on input that is not the protocol\n"
	      "(after answering an ERROR frame and naming the byte offset on stderr).\n"
	      "It speaks protocol versions 1 to 3, as the caller's HELLO chooses; --protocol N\n"
	      "speaks versions up to N only (as an agent built before version N + 1). --check\n"
	      "crc32 keeps the CRC-32 of every payload from version 2 (default: the header's\n"
	      "alone where the caller offers it, the pipe or ssh guarding the bytes).\n",
	      out);
}

int cmd_agent(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"runner", required_argument, NULL, 'r'},
		{"isa", required_argument, NULL, 'i'},
		{"gpu", required_argument, NULL, 'g'},
		{"protocol", required_argument, NULL, 'P'},
		{"check", required_argument, NULL, 'C'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	const char *spec = "sim";
	struct ip_agent_config cfg = {0};
	struct ip_diag d;
	char name[64];
	const char *colon;
	int c;
	while ((c = getopt_long(argc, argv, "r:i:g:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'r': spec = optarg; break;
		case 'i': cfg.isa = optarg; break;
		case 'g': cfg.gpu = optarg; break;
		case 'P':
			if (strcmp(optarg, "1") != 0 && strcmp(optarg, "2") != 0 &&
			    strcmp(optarg, "3") != 0) {
				fprintf(stderr, "isaprobe agent: --protocol '%s': expected 1, 2 or 3\n",
				        optarg);
				return 2;
			}
			cfg.max_version = (unsigned)(optarg[0] - '0');
			break;
		case 'C':
			if (strcmp(optarg, "crc32") != 0) {
				fprintf(stderr, "isaprobe agent: --check '%s': expected crc32\n", optarg);
				return 2;
			}
			cfg.full_crc = 1;
			break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind != argc) {
		usage(stderr);
		return 2;
	}
	if (cfg.isa && !cli_isa(cfg.isa))
		return 2;
	colon = strchr(spec, ':');
	snprintf(name, sizeof name, "%.*s", colon ? (int)(colon - spec) : (int)strlen(spec), spec);
	cfg.device = colon ? colon + 1 : NULL;
	cfg.backend = ip_runner_backend_find(name);
	if (!cfg.backend) {
		fprintf(stderr, "isaprobe agent: unknown runner '%s' (known:", name);
		for (const struct ip_runner_backend *const *b = ip_runner_backends(); *b; b++)
			fprintf(stderr, " %s", (*b)->name);
		fputs(")\n", stderr);
		return 2;
	}
	if (isatty(1)) {
		fputs("isaprobe agent: standard output is a terminal; the agent speaks a binary "
		      "protocol (docs/protocol.md) to a program such as `--runner remote:...`\n",
		      stderr);
		return 2;
	}
	signal(SIGPIPE, SIG_IGN); /* a caller gone away is a write error, reported */
	ip_diag_init(&d, "<stdin>");
	if (ip_agent_serve(&cfg, 0, 1, &d) != 0) {
		fputs("isaprobe agent: ", stderr);
		ip_diag_print(&d, stderr);
		return 1;
	}
	return 0;
}
