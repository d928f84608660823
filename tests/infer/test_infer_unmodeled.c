/* test_infer_unmodeled.c: a field some of whose values the runner could not say: a toy 3-bit
 * opcode (0 add, 1 mul, 2 sub, 3 min, 4 max of two planted attributes; 5-7 unmodeled) is
 * typed from the values that ran, and the report lists the others plainly: "not determined: the
 * simulator does not model them; run on hardware" when the runner is the simulator, "the runner
 * could not say" otherwise; a field of which only the seed ran is said once per probe, with the
 * values tried and no confidence, and says so and lists the values never run; a
 * target piece whose bits only lead to unmodeled values stays one opcode field; a field whose
 * every value, the seed's too, the runner could not say is unmodeled, not ignored. */
#include <math.h>
#include <sqlite3.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "isaprobe/infer.h"
#include "isaprobe/report.h"
#include "isaprobe/store.h"
#include "toy_store.h"

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

static void run_on(const char *path, const char *runner, const char *advice, const char *whole)
{
	struct ip_store *s;
	struct ip_diag d;
	int64_t id;
	uint8_t in[16], seed = 0;
	ip_diag_init(&d, path);
	memcpy(in, toy_a, 8);
	memcpy(in + 8, toy_b, 8);
	struct ip_layout_context ctx = {"plain", &seed, 1};
	struct ip_layout_buffer bufs[2] = {{0, "attributes", 0, in, sizeof in, 0, NULL},
	                                   {1, "varyings_out", 0, NULL, 8, 0, NULL}};
	struct ip_campaign_layout lay = {&ctx, 1, NULL, 0, bufs, 2};
	if (!(s = toy_store(path, runner, "ops", &lay, &id)))
		exit(1);
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
	char *got = toy_one(db, "SELECT group_concat(lo || '-' || hi || ' ' || kind, ', ') FROM"
	                    " (SELECT * FROM finding ORDER BY lo)");
	CHECK(!strcmp(got, "0-2 enum, 3-4 unmodeled, 5-7 unknown"), "%s: fields %s", runner, got);
	free(got);
	got = toy_one(db, "SELECT json_extract(details, '$.values') FROM finding WHERE lo = 0");
	CHECK(!strcmp(got, "{\"0\":\"add\",\"1\":\"mul\",\"2\":\"sub\",\"3\":\"min\",\"4\":\"max\","
	                   "\"5\":\"unmodeled\",\"6\":\"unmodeled\",\"7\":\"unmodeled\"}"),
	      "%s: opcode values %s", runner, got);
	free(got);
	got = toy_one(db, "SELECT json_extract(details, '$.unmodeled') || ' ' ||"
	              " json_extract(details, '$.runner') FROM finding WHERE lo = 0");
	char *md = toy_report_md(s), want[512];
	snprintf(want, sizeof want, "[5,6,7] %s", runner);
	CHECK(!strcmp(got, want), "%s: unmodeled %s", runner, got);
	free(got);
	snprintf(want, sizeof want, "    [0.0] 0-2: enum / opcode: 0: add, 1: mul, 2: sub, 3: min, "
	                            "4: max; 5-7 not determined: %s (", advice);
	CHECK(strstr(md, want), "%s: no line '%s' in\n%s", runner, want, md);
	/* bits 3-4: only the seed ran; values 1, 2, 3 unmodeled (all of them run, none missing):
	 * said once, below the contexts, without a confidence */
	snprintf(want, sizeof want, "    [0.0] value bits 3-4: not determined: %s (4 of 4 tried; only "
	                            "the seed's value 0 ran)%s (4 runs) ", whole,
	         strcmp(runner, "sim") ? "" : "; run on hardware");
	CHECK(strstr(md, want), "%s: no line '%s' in\n%s", runner, want, md);
	CHECK(strstr(md, "Not determined here: 3-4 (below, once for the probe)."),
	      "%s: the context names the region\n%s", runner, md);
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
	int64_t id;
	uint8_t in[16], seed = 2;
	ip_diag_init(&d, path);
	memcpy(in, toy_a, 8);
	memcpy(in + 8, toy_b, 8);
	struct ip_layout_context ctx = {"plain", &seed, 1};
	struct ip_layout_target tgt = {0, 3, "toy.word", "op", 0, 0, 100};
	struct ip_layout_buffer bufs[2] = {{0, "attributes", 0, in, sizeof in, 0, NULL},
	                                   {1, "varyings_out", 0, NULL, 8, 0, NULL}};
	struct ip_campaign_layout lay = {&ctx, 1, with_target ? &tgt : NULL, with_target ? 1 : 0,
	                                 bufs, 2};
	if (!(s = toy_store(path, "sim", "pass", &lay, &id)))
		exit(1);
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
	char *got = toy_one(db, "SELECT group_concat(lo || '-' || hi || ' ' || kind, ', ') FROM"
	                    " (SELECT * FROM finding ORDER BY lo)");
	CHECK(!strcmp(got, with_target ? "100-102 enum" : "0-1 unmodeled, 2-2 enum, 3-7 unknown"),
	      "pass-like (target %d): fields %s", with_target, got);
	free(got);
	if (with_target) {
		got = toy_one(db, "SELECT json_extract(details, '$.unmodeled') FROM finding");
		CHECK(!strcmp(got, "[0,1,3,4,5,7]"), "pass-like: unmodeled %s", got);
		free(got);
		toy_report_has(s, "; 0, 1, 3-5, 7 not determined: the simulator does not model them; "
		                  "run on hardware (", "pass-like");
	}
	ip_store_close(s);
	unlink(path);
}

/* Every value of a 2-bit field unmodeled, the seed's (0) too: as many outcomes as the seed's,
 * and no evidence that the bits do nothing. */
static void all_unmodeled(const char *path)
{
	struct ip_store *s;
	struct ip_diag d;
	int64_t id;
	uint8_t in[16], seed = 0;
	static uint8_t vals[4];
	static struct ip_run runs[4];
	ip_diag_init(&d, path);
	memcpy(in, toy_a, 8);
	memcpy(in + 8, toy_b, 8);
	struct ip_layout_context ctx = {"plain", &seed, 1};
	struct ip_layout_target tgt = {0, 2, "toy.word", "unk", 0, 0, 32};
	struct ip_layout_buffer bufs[2] = {{0, "attributes", 0, in, sizeof in, 0, NULL},
	                                   {1, "varyings_out", 0, NULL, 8, 0, NULL}};
	struct ip_campaign_layout lay = {&ctx, 1, &tgt, 1, bufs, 2};
	if (!(s = toy_store(path, "sim", "dark", &lay, &id)))
		exit(1);
	for (unsigned v = 0; v < 4; v++) {
		vals[v] = (uint8_t)v;
		runs[v] = (struct ip_run){0, &vals[v], 1, {IP_STATUS_UNMODELED, 0, NULL, 0}};
	}
	CHECK(ip_store_record(s, id, runs, 4, 4, &d) == 0, "runs");
	CHECK(ip_infer(s, NULL, NULL, &d) == 0, "infer");
	char *got = toy_one(ip_store_sqlite(s), "SELECT lo || '-' || hi || ' ' || kind || ' ' ||"
	                                    " json_extract(details, '$.unmodeled') || ' ' ||"
	                                    " coalesce(json_extract(details, '$.seed_value'), '-')"
	                                    " FROM finding");
	CHECK(!strcmp(got, "32-33 unmodeled [0,1,2,3] -"), "all unmodeled: %s", got);
	free(got);
	toy_report_has(s, "    [0.0] toy.word 32-33: not determined: the simulator does not model "
	                  "values 0-3 (4 of 4 tried); run on hardware (4 runs) ", "all unmodeled");
	ip_store_close(s);
	unlink(path);
}

int main(void)
{
	char path[256];
	snprintf(path, sizeof path, "/tmp/isaprobe_test_infer_unmodeled_%d.db", (int)getpid());
	run_on(path, "sim", "the simulator does not model them; run on hardware",
	       "the simulator does not model values 1-3");
	run_on(path, "remote", "the runner could not say", "the runner could not say what values 1-3 do");
	pass_like(path, 1);
	pass_like(path, 0);
	all_unmodeled(path);
	return check_report("test_infer_unmodeled");
}
