/* suite_scale.c: huge campaigns (issue 22): a random-order campaign of 10^6 and 10^7 variants
 * of the shipped ls_loads probe on the simulator, the bytes it wrote against its database's
 * final size, bytes per run and per outcome, then `isaprobe infer` and `report` on it, each a
 * process of its own so that their time and peak memory are theirs alone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "isaprobe/internal/campaign.h"
#include "isaprobe/internal/store_io.h"

/* Bytes this process has written through write(2) and its kin (/proc/self/io wchar: the WAL,
 * its checkpoints and the file), or -1 where there is no such file. */
static double written(void)
{
	char line[128];
	double v = -1;
	FILE *in = fopen("/proc/self/io", "r");
	if (!in)
		return -1;
	while (fgets(line, sizeof line, in))
		if (strncmp(line, "wchar:", 6) == 0)
			v = atof(line + 6);
	fclose(in);
	return v;
}

/* Runs `isaprobe infer --db PATH -q` (what = 0) or `isaprobe report --db PATH -o /dev/null`
 * (1) as a process of its own (this program again, /proc/self/exe): its wall seconds and peak
 * resident memory (MiB). 0, or -1 after printing why. */
static int child(const char *path, int what, double *wall, double *peak_mib)
{
	struct bench_time t0 = bench_now(), lap = {0, 0, 0};
	struct rusage ru;
	int status = 0;
	pid_t pid;
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		perror("isaprobe bench scale: fork");
		return -1;
	}
	if (pid == 0) {
		if (what)
			execl("/proc/self/exe", "isaprobe", "report", "--db", path, "-o", "/dev/null",
			      (char *)NULL);
		else
			execl("/proc/self/exe", "isaprobe", "infer", "--db", path, "-q", (char *)NULL);
		perror("isaprobe bench scale: /proc/self/exe");
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "isaprobe bench scale: %s on %s failed\n", what ? "report" : "infer",
		        path);
		return -1;
	}
	bench_lap(&lap, t0);
	*wall = lap.wall;
	*peak_mib = (double)ru.ru_maxrss / 1024.0; /* kilobytes on Linux */
	return 0;
}

/* `infer` (what = 0, at most 10 s) or `report` (1, at most 5 s) on path: its time and peak
 * memory (at most 200 MiB) as results, judged or only reported. */
static int timed(struct bench_run *br, const char *path, const char *tag, int what, int judged)
{
	static const char *const cmd[2] = {"infer", "report"};
	static const double most[2] = {10, 5};
	char name[64], note[128];
	double wall, peak;
	enum bench_goal goal = judged ? BENCH_AT_MOST : BENCH_REPORT;
	if (child(path, what, &wall, &peak))
		return -1;
	snprintf(name, sizeof name, "%s.%s_s", tag, cmd[what]);
	snprintf(note, sizeof note, "isaprobe %s --db on it, a process of its own (wall clock)",
	         cmd[what]);
	bench_value(br, name, "s", wall, goal, judged ? most[what] : 0, note);
	snprintf(name, sizeof name, "%s.%s_peak", tag, cmd[what]);
	bench_value(br, name, "MiB", peak, goal, judged ? 200 : 0, "its peak resident memory");
	return 0;
}

static int one(struct bench_run *br, const struct ip_probe *p, uint64_t n, const char *tag,
               int judged)
{
	char path[4096], name[64], note[200];
	struct ip_store *s = NULL;
	struct ip_campaign_opts o;
	struct ip_campaign_result res;
	struct ip_diag d;
	struct stat st;
	double w0, w1;
	int64_t outcomes = 0;
	struct ip_store_totals totals;
	int rc = -1;
	snprintf(name, sizeof name, "scale-%s", tag);
	bench_db_path(br, name, path, sizeof path);
	bench_db_remove(path);
	ip_diag_init(&d, path);
	memset(&o, 0, sizeof o);
	o.runner = "sim";
	o.strategy = IP_STRATEGY_RANDOM;
	o.budget = n;
	o.seed = 1;
	w0 = written();
	if (ip_store_open(path, IP_STORE_READ_WRITE_CREATE, &s, &d) ||
	    ip_campaign_run(s, p, &o, &res, &d))
		goto out;
	ip_store_totals(s, IP_TOTAL_OUTCOMES, &totals);
	outcomes = totals.outcomes;
	ip_store_close(s);
	s = NULL;
	w1 = written();
	if (stat(path, &st) != 0 || !res.runs || !st.st_size) {
		ip_diag_plain(&d, "the campaign left no database");
		goto out;
	}
	snprintf(name, sizeof name, "%s.bytes_per_run", tag);
	snprintf(note, sizeof note, "a random campaign of %llu variants: %.1f MiB, %lld outcomes",
	         (unsigned long long)res.runs, (double)st.st_size / 1048576.0, (long long)outcomes);
	bench_value(br, name, "bytes", (double)st.st_size / (double)res.runs, BENCH_REPORT, 0, note);
	snprintf(name, sizeof name, "%s.bytes_per_outcome", tag);
	bench_value(br, name, "bytes", outcomes ? (double)st.st_size / (double)outcomes : 0,
	            BENCH_REPORT, 0, NULL);
	if (w0 >= 0 && w1 > w0) {
		snprintf(name, sizeof name, "%s.written_over_size", tag);
		snprintf(note, sizeof note, "%.1f MiB written (WAL, checkpoints, file) for %.1f MiB",
		         (w1 - w0) / 1048576.0, (double)st.st_size / 1048576.0);
		bench_value(br, name, "x", (w1 - w0) / (double)st.st_size,
		            judged ? BENCH_AT_MOST : BENCH_REPORT, judged ? 3 : 0, note);
	}
	if (timed(br, path, tag, 0, judged) || timed(br, path, tag, 1, judged))
		goto out;
	rc = 0;
out:
	if (rc && d.msg[0]) {
		fprintf(stderr, "isaprobe bench scale: %s: ", tag);
		ip_diag_print(&d, stderr);
	}
	ip_store_close(s);
	if (!br->opts->keep)
		bench_db_remove(path);
	return rc;
}

static int run(struct bench_run *br)
{
	uint64_t big = bench_size(br, 10000000, 100000);
	struct ip_probe p;
	int rc;
	if (bench_probe_ls_loads(&p))
		return -1;
	/* issue 22's targets are for 10^7 runs: judged at the full size only */
	rc = one(br, &p, big / 10, "small", 0);
	if (!rc)
		rc = one(br, &p, big, "large", big >= 10000000);
	ip_probe_free(&p);
	return rc;
}

static const struct bench_ratio ratios[] = {
	{"scale.large.infer_s", "scale.small.infer_s", "infer on 10x the runs (10 = linear)", 0},
	{"scale.large.report_s", "scale.small.report_s", "report on 10x the runs (10 = linear)", 0},
};

const struct bench_suite bench_suite_scale = {
	"scale", "a random campaign of 10^6 and 10^7 variants (`--quick`: 10^4, 10^5): bytes "
	         "written against the file's size, bytes per run and outcome, infer and report time "
	         "and peak memory",
	run, ratios, sizeof ratios / sizeof ratios[0],
};
