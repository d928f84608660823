/* afl_harness_main.c: the AFL++ harness program (isaprobe-afl-harness), built with afl-cc:
 * persistent mode, test cases in shared memory, each outcome's features as coverage edges. */
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "fuzz/afl/afl_internal.h"

/* The coverage map AFL++ sees is what the program's sanitizer-coverage guards number. The
 * harness registers FEATURE_EDGES guards of its own before AFL++ maps its shared memory (a
 * constructor that runs before the runtime's), so the map has room for them; an outcome's
 * feature f then hits edge guards[f % FEATURE_EDGES]. The library (libisaprobe) is not
 * instrumented: the simulator's own branches never count, only outcome classes do. */
#define FEATURE_EDGES 65536u

void __sanitizer_cov_trace_pc_guard_init(uint32_t *start, uint32_t *stop);
void __sanitizer_cov_trace_pc_guard(uint32_t *guard);

static uint32_t guards[FEATURE_EDGES];

__attribute__((constructor(2))) static void register_feature_edges(void)
{
	__sanitizer_cov_trace_pc_guard_init(guards, guards + FEATURE_EDGES);
}

static void hit(void *arg, uint32_t feature)
{
	(void)arg;
	__sanitizer_cov_trace_pc_guard(&guards[feature % FEATURE_EDGES]);
}

static void usage(FILE *out)
{
	fputs("usage: isaprobe-afl-harness --probe FILE [--runner NAME[:ARG]] [--gpu MODEL]\n"
	      "                            [--log FIFO] [--counter FILE]\n"
	      "\n"
	      "The AFL++ target of `isaprobe campaign --engine afl` (docs/afl.md): reads test\n"
	      "cases (images of the probe's program, docs/afl.md) from AFL++'s shared memory or\n"
	      "standard input, runs each on the runner and reports its outcome class as coverage.\n",
	      out);
}

__AFL_FUZZ_INIT();

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{"probe", required_argument, 0, 'p'}, {"runner", required_argument, 0, 'r'},
		{"gpu", required_argument, 0, 'g'},   {"log", required_argument, 0, 'l'},
		{"counter", required_argument, 0, 'c'}, {"help", no_argument, 0, 'h'},
		{0, 0, 0, 0}};
	struct ip_afl_harness_config cfg = {0};
	struct ip_afl_harness *h = NULL;
	struct ip_diag d;
	unsigned char *buf;
	int c;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'p': cfg.probe = optarg; break;
		case 'r': cfg.runner = optarg; break;
		case 'g': cfg.gpu = optarg; break;
		case 'l': cfg.log = optarg; break;
		case 'c': cfg.counter = optarg; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (!cfg.probe || optind != argc) {
		usage(stderr);
		return 2;
	}
	ip_diag_init(&d, cfg.probe);
	if (ip_afl_harness_open(&cfg, &h, &d) != 0) {
		ip_diag_print(&d, stderr);
		ip_afl_harness_close(h);
		return 1;
	}
	__AFL_INIT();
	ip_diag_init(&d, cfg.probe);
	if (ip_afl_harness_start(h, &d) != 0) {
		ip_diag_print(&d, stderr);
		ip_afl_harness_close(h);
		return 1;
	}
	buf = __AFL_FUZZ_TESTCASE_BUF;
	while (__AFL_LOOP(100000)) {
		size_t len = __AFL_FUZZ_TESTCASE_LEN;
		enum ip_afl_harness_result r = ip_afl_harness_run(h, buf, len, hit, NULL);
		if (r == IP_AFL_LOG_FAILED) {
			fputs("isaprobe-afl-harness: the run log is gone (campaign stopped)\n", stderr);
			_exit(1);
		}
		if (r == IP_AFL_DEVICE_LOST) {
			fprintf(stderr, "isaprobe-afl-harness: the device is gone: %s\n",
			        ip_afl_harness_lost(h));
			_exit(1);
		}
	}
	ip_afl_harness_close(h);
	return 0;
}
