/* cmd_gpu_check.c: `isaprobe gpu-check`: whether a GPU of a given model runs each probe under a
 * kernel (no model extension), without a device: the drm runner's checks on every context's
 * seed, its register harness included (docs/harness.md). ci/lava-jobs picks boards' probes so. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "isaprobe/campaign_preview.h"
#include "isaprobe/probe.h"

static void usage(FILE *out)
{
	fputs("usage: isaprobe gpu-check --gpu MODEL [--json] PROBE...\n"
	      "\n"
	      "Says whether a GPU of MODEL (as `isaprobe devices` names it: t760, g52, mali400,\n"
	      "a320, ...) runs each probe under a kernel, without a device: the drm runner's own\n"
	      "checks on each context's seed, the register harness of the GPU's ISA included\n"
	      "(docs/harness.md). A probe of another ISA, or written for another GPU model (its\n"
	      "`gpu` line), does not run there.\n"
	      "  -g, --gpu MODEL  the GPU model\n"
	      "      --json       [{\"probe\": PATH, \"runs\": true|false, \"why\": TEXT}, ...]\n"
	      "Exit status: 0 when every probe runs, 1 when one does not, 2 on bad usage or a probe\n"
	      "that does not load.\n",
	      out);
}

int cmd_gpu_check(int argc, char **argv)
{
	static const struct option opts[] = {{"gpu", required_argument, NULL, 'g'},
	                                     {"json", no_argument, NULL, 'j'},
	                                     {"help", no_argument, NULL, 'h'},
	                                     {NULL, 0, NULL, 0}};
	const char *gpu = NULL;
	int json = 0, c, all = 1;
	optind = 1;
	while ((c = getopt_long(argc, argv, "g:h", opts, NULL)) != -1) {
		switch (c) {
		case 'g': gpu = optarg; break;
		case 'j': json = 1; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (!gpu || optind >= argc) {
		fputs("isaprobe gpu-check: --gpu and at least one probe are needed\n", stderr);
		usage(stderr);
		return 2;
	}
	if (json)
		fputs("[", stdout);
	for (int i = optind; i < argc; i++) {
		struct ip_probe p;
		struct ip_diag d;
		char why[sizeof d.msg + 64] = "";
		ip_diag_init(&d, argv[i]);
		if (ip_probe_load(argv[i], &p, &d) != 0) {
			ip_diag_print(&d, stderr);
			ip_probe_free(&p);
			if (json)
				fputs("]\n", stdout);
			return 2;
		}
		ip_diag_init(&d, NULL);
		if (p.gpu && strcmp(p.gpu, gpu) != 0)
			snprintf(why, sizeof why, "written for the %s (its gpu line)", p.gpu);
		else if (ip_campaign_gpu_check(&p, gpu, &d) != 0)
			snprintf(why, sizeof why, "%s", d.msg);
		all &= !why[0];
		if (json) {
			printf("%s\n  {\"probe\": ", i > optind ? "," : "");
			cli_json_string(stdout, argv[i]);
			printf(", \"runs\": %s, \"why\": ", why[0] ? "false" : "true");
			cli_json_string(stdout, why);
			fputs("}", stdout);
		} else if (why[0]) {
			printf("%s: does not run on the %s: %s\n", argv[i], gpu, why);
		} else {
			printf("%s: runs on the %s\n", argv[i], gpu);
		}
		ip_probe_free(&p);
	}
	if (json)
		fputs("\n]\n", stdout);
	return all ? 0 : 1;
}
