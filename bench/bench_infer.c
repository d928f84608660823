/* bench_infer.c: inference speed: a database of the synthetic test device (tests/
 * infer_device.h) with walk, pairs and N random variants per context, then ip_infer timed. */
#include <time.h>

#include "../tests/infer_device.h"
#include "isaprobe/infer.h"

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
	size_t extra = argc > 1 ? strtoul(argv[1], NULL, 0) : 20000;
	const char *path = "/tmp/isaprobe_bench_infer.db";
	uint32_t *v = calloc(1 + DEV_WIDTH + DEV_WIDTH * DEV_WIDTH + extra, sizeof *v);
	uint64_t rng = 1;
	struct ip_store *s;
	struct ip_diag d;
	struct ip_infer_stats st;
	size_t n = dev_walk_pairs(v);
	for (size_t i = 0; i < extra; i++) {
		rng = rng * 6364136223846793005u + 1442695040888963407u;
		v[n++] = (uint32_t)(rng >> 40) & ((1u << DEV_WIDTH) - 1);
	}
	dev_remove(path);
	ip_diag_init(&d, path);
	if (ip_store_open(path, IP_STORE_READ_WRITE_CREATE, &s, &d) ||
	    dev_campaign(s, "synth", "random", v, n, 1) < 0) {
		ip_diag_print(&d, stderr);
		return 1;
	}
	double t0 = now();
	if (ip_infer(s, NULL, &st, &d)) {
		ip_diag_print(&d, stderr);
		return 1;
	}
	double t1 = now();
	printf("bench_infer: %u findings in %u contexts from %llu runs (%zu variants per context): "
	       "%.3f s, %.0f runs/s\n", st.findings, st.contexts, (unsigned long long)st.runs, n,
	       t1 - t0, (double)st.runs / (t1 - t0));
	ip_store_close(s);
	dev_remove(path);
	free(v);
	return 0;
}
