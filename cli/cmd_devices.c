/* cmd_devices.c: `isaprobe devices`: the GPUs the drm runner can reach: each render node with
 * its kernel driver and interface version, the GPU's id, model and ISA, as a table or JSON. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "isaprobe/internal/drm.h"

#define MAX_NODES 64

static void usage(FILE *out)
{
	fputs("usage: isaprobe devices [--json] [RENDER_NODE]\n"
	      "\n"
	      "Lists the GPUs of /dev/dri/renderD128-191 (or only RENDER_NODE) as the drm runner\n"
	      "sees them: kernel driver and interface version, GPU id, model and the ISA its\n"
	      "probes use (`--runner drm:RENDER_NODE`). A node the runner cannot use says why.\n"
	      "Exit status: 0 when at least one usable GPU is listed, 1 when none is, 2 on bad\n"
	      "usage.\n",
	      out);
}

static void print_json(const struct ip_drm_device_info *v, int n)
{
	fputs("[", stdout);
	for (int i = 0; i < n; i++) {
		const struct ip_drm_device_info *d = &v[i];
		printf("%s\n  {\"node\": ", i ? "," : "");
		cli_json_string(stdout, d->path);
		if (d->driver[0]) {
			fputs(", \"driver\": ", stdout);
			cli_json_string(stdout, d->driver);
			printf(", \"version\": \"%d.%d.%d\", \"gpu_id\": %u, \"revision\": %u, \"model\": ",
			       d->major, d->minor, d->patch, d->id, d->revision);
			cli_json_string(stdout, d->model);
			fputs(", \"title\": ", stdout);
			cli_json_string(stdout, d->title);
			fputs(", \"isa\": ", stdout);
			if (d->isa[0])
				cli_json_string(stdout, d->isa);
			else
				fputs("null", stdout);
			printf(", \"arch\": %u, \"cores\": %u, \"gpu_model\": %s", d->arch, d->cores,
			       d->model_ext ? "true" : "false");
		}
		fputs(", \"usable\": ", stdout);
		fputs(d->error[0] ? "false, \"error\": " : "true", stdout);
		if (d->error[0])
			cli_json_string(stdout, d->error);
		fputs("}", stdout);
	}
	fputs(n ? "\n]\n" : "]\n", stdout);
}

static void print_table(const struct ip_drm_device_info *v, int n)
{
	printf("%-20s %-9s %-7s %-10s %-10s %-8s %s\n", "render node", "driver", "version",
	       "gpu id", "GPU", "model", "ISA");
	for (int i = 0; i < n; i++) {
		const struct ip_drm_device_info *d = &v[i];
		if (!d->driver[0]) {
			printf("%-20s %s\n", d->path, d->error);
			continue;
		}
		printf("%-20s %-9s %d.%d.%-3d 0x%-8x %-10s %-8s %s%s\n", d->path, d->driver, d->major,
		       d->minor, d->patch, d->id, d->title, d->model, d->isa[0] ? d->isa : "-",
		       d->model_ext ? "  (a GPU model: the fake DRM device)" : "");
		if (d->error[0])
			printf("%-20s   %s\n", "", d->error);
	}
}

int cmd_devices(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"json", no_argument, NULL, 'j'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	struct ip_drm_device_info *v;
	int json = 0, c, n, usable = 0;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'j': json = 1; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (argc - optind > 1) {
		usage(stderr);
		return 2;
	}
	v = calloc(MAX_NODES, sizeof *v);
	if (!v) {
		fputs("isaprobe devices: out of memory\n", stderr);
		return 1;
	}
	n = ip_drm_list_devices(optind < argc ? argv[optind] : NULL, v, MAX_NODES);
	if (n > MAX_NODES)
		n = MAX_NODES;
	for (int i = 0; i < n; i++)
		usable += !v[i].error[0];
	if (json)
		print_json(v, n);
	else if (n)
		print_table(v, n);
	if (!usable && optind < argc)
		fprintf(stderr, "isaprobe devices: %s\n", v[0].error);
	else if (!usable)
		fprintf(stderr, "isaprobe devices: %s\n",
		        n ? "no render node has a GPU the drm runner can use"
		          : "no render node in /dev/dri/renderD128-191 (is panfrost, lima, msm or "
		            "radeon loaded?)");
	free(v);
	return usable ? 0 : 1;
}
