/* test_infer_unmodeled.c: a field some of whose values the runner could not say: a toy 3-bit
 * opcode (0 add, 1 mul, 2 sub, 3 min, 4 max of two planted attributes; 5-7 unmodeled) is
 * typed from the values that ran, and the report lists the others plainly: "unmodeled on the
 * simulator; run on hardware" when the runner is the simulator, "the runner could not say"
 * otherwise; a field of which only the seed ran says so and lists the values never run; a
 * target piece whose bits only lead to unmodeled values stays one opcode field. */
#include <math.h>
#include <sqlite3.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "isaprobe/infer.h"
#include "isaprobe/report.h"
#include "isaprobe/store.h"

static const float toy_a[2] = {3.0f, -0.5f}, toy_b[2] = {11.5f, -2.0f};

/* Value bits 0-2: the opcode; bits 3-4: a second field of which only the seed (0) is modelled;
 * bits 5-7 of the one-byte value never vary.
 * Outputs: out[k] = op(a[k], b[k]), k = 0, 1. */
static int toy_run(unsigned v, uint32_t out[2])
{
	unsigned op = v & 7;
	if (op >= 5 || (v >> 3 & 3))
		return IP_STATUS_UNMODELED;
	for (unsigned k = 0; k < 2; k++) {
		float a = toy_a[k], b = toy_b[k];
		float r = op == 0 ? a + b : op == 1 ? a * b : op == 2 ? a - b : op == 3 ? fminf(a, b)
		                                                                         : fmaxf(a, b);
		memcpy(&out[k], &r, 4);
	}
	return IP_STATUS_OK;
}

static char *report_md(struct ip_store *s)
{
	struct ip_report_options o = {IP_REPORT_MD, "t", 0, NULL, NULL};
	struct ip_diag d;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	ip_diag_init(&d, "report");
	CHECK(f && ip_report(s, &o, f, &d) == 0, "report");
	fclose(f);
	return buf;
}

static char *one(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *st;
	char *out = NULL;
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
		out = strdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	return out ? out : strdup("");
}

static void run_on(const char *path, const char *runner, const char *advice)
{
	struct ip_store *s;
	struct ip_diag d;
	uint64_t cursor;
	int fin;
	uint8_t in[16], seed = 0;
	unlink(path);
	ip_diag_init(&d, path);
	if (ip_store_open(path, IP_STORE_READ_WRITE_CREATE, &s, &d)) {
		ip_diag_print(&d, stderr);
		exit(1);
	}
	memcpy(in, toy_a, 8);
	memcpy(in + 8, toy_b, 8);
	int64_t dev = ip_store_device(s, runner, "toy", NULL, &d);
	int64_t probe = ip_store_probe(s, "ops", "toy", "ops\n", 0, &d);
	struct ip_campaign_key key = {probe, dev, "exhaustive", 0, 0, 0, 1};
	int64_t id = ip_store_campaign(s, &key, &cursor, &fin, &d);
	struct ip_layout_context ctx = {"plain", &seed, 1};
	struct ip_layout_buffer bufs[2] = {{0, "attributes", 0, in, sizeof in, 0, NULL},
	                                   {1, "varyings_out", 0, NULL, 8, 0, NULL}};
	struct ip_campaign_layout lay = {&ctx, 1, NULL, 0, bufs, 2};
	CHECK(id > 0 && ip_store_campaign_layout(s, id, &lay, &d) == 0, "layout");
	static uint8_t vals[32];
	static uint32_t outs[32][2];
	static struct ip_run runs[32];
	size_t n = 0;
	for (unsigned v = 0; v < 32; v++) {
		if ((v & 7) && (v >> 3)) /* both fields away from the seed: not run */
			continue;
		int st = toy_run(v, outs[n]);
		vals[n] = (uint8_t)v;
		runs[n] = (struct ip_run){0, &vals[n], 1,
		                          {st, 0, st == IP_STATUS_OK ? (const uint8_t *)outs[n] : NULL,
		                           st == IP_STATUS_OK ? 8 : 0}};
		n++;
	}
	CHECK(ip_store_record(s, id, runs, n, n, &d) == 0, "runs");
	int rc = ip_infer(s, NULL, NULL, &d);
	if (rc)
		ip_diag_print(&d, stderr);
	CHECK(rc == 0, "infer");
	sqlite3 *db = ip_store_sqlite(s);
	char *got = one(db, "SELECT group_concat(lo || '-' || hi || ' ' || kind, ', ') FROM"
	                    " (SELECT * FROM finding ORDER BY lo)");
	CHECK(!strcmp(got, "0-2 enum, 3-4 unmodeled, 5-7 unknown"), "%s: fields %s", runner, got);
	free(got);
	got = one(db, "SELECT json_extract(details, '$.values') FROM finding WHERE lo = 0");
	CHECK(!strcmp(got, "{\"0\":\"add\",\"1\":\"mul\",\"2\":\"sub\",\"3\":\"min\",\"4\":\"max\","
	                   "\"5\":\"unmodeled\",\"6\":\"unmodeled\",\"7\":\"unmodeled\"}"),
	      "%s: opcode values %s", runner, got);
	free(got);
	got = one(db, "SELECT json_extract(details, '$.unmodeled') || ' ' ||"
	              " json_extract(details, '$.runner') FROM finding WHERE lo = 0");
	char *md = report_md(s), want[512];
	snprintf(want, sizeof want, "[5,6,7] %s", runner);
	CHECK(!strcmp(got, want), "%s: unmodeled %s", runner, got);
	free(got);
	snprintf(want, sizeof want, "    [0.0] 0-2: enum / opcode: 0: add, 1: mul, 2: sub, 3: min, "
	                            "4: max, 5: unmodeled, 6: unmodeled, 7: unmodeled; values 5, "
	                            "6, 7: %s (", advice);
	CHECK(strstr(md, want), "%s: no line '%s' in\n%s", runner, want, md);
	/* bits 3-4: only the seed ran; values 1, 2, 3 unmodeled (all of them run, none missing) */
	snprintf(want, sizeof want, "    [0.0] 3-4: unmodeled by the runner: values 1, 2, 3: %s; only the "
	                            "seed's value 0 ran (", advice);
	CHECK(strstr(md, want), "%s: no line '%s' in\n%s", runner, want, md);
	free(md);
	ip_store_close(s);
	unlink(path);
}

/* A passthrough-like opcode (3 bits, seed 2): 2 passes a[k] through, 6 adds b[k]; every other
 * value is unmodeled, so bits 0-1 only ever lead from a known value to an unmodeled one. As one
 * target piece (the probe's field) the three bits are one enum; without a target layout the
 * runs alone do not join them, and bits 0-1 stay a field of their own. */
static void pass_like(const char *path, int with_target)
{
	struct ip_store *s;
	struct ip_diag d;
	uint64_t cursor;
	int fin;
	uint8_t in[16], seed = 2;
	unlink(path);
	ip_diag_init(&d, path);
	if (ip_store_open(path, IP_STORE_READ_WRITE_CREATE, &s, &d)) {
		ip_diag_print(&d, stderr);
		exit(1);
	}
	memcpy(in, toy_a, 8);
	memcpy(in + 8, toy_b, 8);
	int64_t dev = ip_store_device(s, "sim", "toy", NULL, &d);
	int64_t probe = ip_store_probe(s, "pass", "toy", "pass\n", 0, &d);
	struct ip_campaign_key key = {probe, dev, "exhaustive", 0, 0, 0, 1};
	int64_t id = ip_store_campaign(s, &key, &cursor, &fin, &d);
	struct ip_layout_context ctx = {"plain", &seed, 1};
	struct ip_layout_target tgt = {0, 3, "toy.word", "op", 0, 0, 100};
	struct ip_layout_buffer bufs[2] = {{0, "attributes", 0, in, sizeof in, 0, NULL},
	                                   {1, "varyings_out", 0, NULL, 8, 0, NULL}};
	struct ip_campaign_layout lay = {&ctx, 1, with_target ? &tgt : NULL, with_target ? 1 : 0,
	                                 bufs, 2};
	CHECK(id > 0 && ip_store_campaign_layout(s, id, &lay, &d) == 0, "layout");
	static uint8_t vals[8];
	static uint32_t outs[8][2];
	static struct ip_run runs[8];
	for (unsigned v = 0; v < 8; v++) {
		int ok = v == 2 || v == 6;
		for (unsigned k = 0; k < 2; k++) {
			float r = v == 2 ? toy_a[k] : toy_a[k] + toy_b[k];
			memcpy(&outs[v][k], &r, 4);
		}
		vals[v] = (uint8_t)v;
		runs[v] = (struct ip_run){0, &vals[v], 1,
		                          {ok ? IP_STATUS_OK : IP_STATUS_UNMODELED, 0,
		                           ok ? (const uint8_t *)outs[v] : NULL, ok ? 8 : 0}};
	}
	CHECK(ip_store_record(s, id, runs, 8, 8, &d) == 0, "runs");
	CHECK(ip_infer(s, NULL, NULL, &d) == 0, "infer");
	sqlite3 *db = ip_store_sqlite(s);
	char *got = one(db, "SELECT group_concat(lo || '-' || hi || ' ' || kind, ', ') FROM"
	                    " (SELECT * FROM finding ORDER BY lo)");
	CHECK(!strcmp(got, with_target ? "100-102 enum" : "0-1 unmodeled, 2-2 enum, 3-7 unknown"),
	      "pass-like (target %d): fields %s", with_target, got);
	free(got);
	if (with_target) {
		got = one(db, "SELECT json_extract(details, '$.unmodeled') FROM finding");
		CHECK(!strcmp(got, "[0,1,3,4,5,7]"), "pass-like: unmodeled %s", got);
		free(got);
		char *md = report_md(s);
		CHECK(strstr(md, "; values 0, 1, 3, 4, 5, 7: unmodeled on the simulator; run on "
		                 "hardware ("), "pass-like report:\n%s", md);
		free(md);
	}
	ip_store_close(s);
	unlink(path);
}

int main(void)
{
	char path[256];
	snprintf(path, sizeof path, "/tmp/isaprobe_test_infer_unmodeled_%d.db", (int)getpid());
	run_on(path, "sim", "unmodeled on the simulator; run on hardware");
	run_on(path, "remote", "the runner could not say");
	pass_like(path, 1);
	pass_like(path, 0);
	return check_report("test_infer_unmodeled");
}
