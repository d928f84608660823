/* bench_campaign.c: end-to-end campaign throughput on the simulator (variants run, packed,
 * executed, hashed and stored per second) for each strategy shape and worker count. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "isaprobe/campaign.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static long long file_size(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 ? (long long)st.st_size : 0;
}

int main(int argc, char **argv)
{
	const char *probe_path = argc > 1 ? argv[1] : "probes/midgard/ls_loads.probe";
	uint64_t budget = argc > 2 ? strtoull(argv[2], NULL, 0) : 1000000;
	static const struct {
		enum ip_strategy_kind kind;
		const char *what;
	} shapes[] = {
		{IP_STRATEGY_EXHAUSTIVE, "exhaustive (values in order)"},
		{IP_STRATEGY_RANDOM, "random (values anywhere)"},
		{IP_STRATEGY_AUTO, "auto (survey, then sweeps)"},
	};
	struct ip_probe p;
	struct ip_diag d;
	if (ip_probe_load(probe_path, &p, &d) != 0) {
		ip_diag_print(&d, stderr);
		return 1;
	}
	printf("probe %s (%u target bits, %u contexts, %zu output bytes), budget %llu\n", p.name,
	       p.width, p.ncontexts, p.output_len, (unsigned long long)budget);
	for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
		for (unsigned jobs = 1; jobs <= 2; jobs++) {
			char db[] = "/tmp/bench_campaign_XXXXXX";
			char wal[64], shm[64];
			struct ip_store *s;
			struct ip_campaign_opts o;
			struct ip_campaign_result r;
			double t;
			int fd = mkstemp(db);
			if (fd < 0)
				return 1;
			close(fd);
			unlink(db);
			if (ip_store_open(db, IP_STORE_READ_WRITE_CREATE, &s, &d) != 0) {
				ip_diag_print(&d, stderr);
				return 1;
			}
			memset(&o, 0, sizeof o);
			o.runner = "sim";
			o.strategy = shapes[k].kind;
			o.budget = budget;
			o.force = 1;
			o.jobs = jobs;
			t = now();
			if (ip_campaign_run(s, &p, &o, &r, &d) != 0) {
				ip_diag_print(&d, stderr);
				return 1;
			}
			t = now() - t;
			ip_store_close(s);
			printf("  %-30s jobs %u: %9llu variants in %6.2f s = %8.0f variants/s, "
			       "database %.1f MB\n",
			       shapes[k].what, jobs, (unsigned long long)r.runs, t, (double)r.runs / t,
			       (double)file_size(db) / 1e6);
			snprintf(wal, sizeof wal, "%s-wal", db);
			snprintf(shm, sizeof shm, "%s-shm", db);
			unlink(db);
			unlink(wal);
			unlink(shm);
		}
	}
	ip_probe_free(&p);
	return 0;
}
