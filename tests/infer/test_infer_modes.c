/* test_infer_modes.c: the float modes of the operation library (flush to zero, infinities and
 * NaNs suppressed) on a toy whose mode bits are known by construction, and decoys that change
 * some special values but not all of them, which must not get those names. */
#include <sqlite3.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "store_fixture.h"
#include "isaprobe/infer.h"
#include "isaprobe/store.h"

/* The toy's outputs at the seed (value 0), seven binary32 words:
 *   w0 -denormal 0x80000123   w1 +inf   w2 -inf   w3 NaN 0x7fc00000
 *   w4 2^-20 (normal binary32, below binary16's least normal 2^-14)   w5 1.5
 *   w6 0x00010002 (two binary16 denormals; reads as a binary32 denormal too)
 * Context 0 ("modes"): bits 0-1 flush to zero: 1 binary32 denormals (w0 -> -0), 2 binary16
 * too (w0 -> -0, w4 -> 0, w6 -> 0), 3 the runner cannot say; bit 2 +-inf -> +-largest finite
 * (w1, w2); bit 3 NaN -> +0 (w3); bit 4 nothing.
 * Context 1 ("decoys"): bits 0-1 do nothing; bit 2 makes +inf the largest finite but leaves
 * -inf; bit 3 zeroes the NaN and 1.5; bit 4 zeroes w4 but leaves the other tiny words (w0, w6).
 * The target is one byte: bits 5-7 never vary (walk and pairs of bits 0-4 only). */
#define NOUT 7
static const uint32_t seed_out[NOUT] = {0x80000123u, 0x7f800000u, 0xff800000u, 0x7fc00000u,
                                        0x35800000u, 0x3fc00000u, 0x00010002u};

static int toy_run(unsigned ctx, unsigned v, uint32_t out[NOUT])
{
	memcpy(out, seed_out, sizeof seed_out);
	if (ctx == 0) {
		if ((v & 3) == 3)
			return IP_STATUS_UNMODELED;
		if (v & 3)
			out[0] = 0x80000000u;
		if ((v & 3) == 2)
			out[4] = out[6] = 0;
		if (v & 4) {
			out[1] = 0x7f7fffffu;
			out[2] = 0xff7fffffu;
		}
		if (v & 8)
			out[3] = 0;
	} else {
		if (v & 4)
			out[1] = 0x7f7fffffu;
		if (v & 8)
			out[3] = out[5] = 0;
		if (v & 16)
			out[4] = 0;
	}
	return IP_STATUS_OK;
}

static char *values(sqlite3 *db, unsigned ctx, unsigned lo)
{
	char sql[256];
	snprintf(sql, sizeof sql, "SELECT json_extract(details, '$.values') FROM finding"
	                          " WHERE context = %u AND lo = %u", ctx, lo);
	return fixture_rows(db, sql);
}

int main(void)
{
	static const char *const labels[] = {"modes", "decoys"};
	char path[256];
	struct ip_store *s;
	struct ip_diag d;
	snprintf(path, sizeof path, "/tmp/isaprobe_test_infer_modes_%d.db", (int)getpid());
	s = fixture_fresh_store(path);
	ip_diag_init(&d, path);
	int64_t id = fixture_toy_campaign(s, "modes", labels, 2, 4 * NOUT);
	static uint8_t vals[64];
	static uint32_t outs[64][NOUT];
	static struct ip_run runs[64];
	size_t n = 0;
	for (unsigned c = 0; c < 2; c++)
		for (unsigned v = 0; v < 32; v++) /* walk and pairs from the seed 0 */
			if (__builtin_popcount(v) <= 2) {
				int st = toy_run(c, v, outs[n]);
				vals[n] = (uint8_t)v;
				runs[n] = (struct ip_run){c, &vals[n], 1,
				                          {st, 0, st == IP_STATUS_OK ? (const uint8_t *)outs[n]
				                                                     : NULL,
				                           st == IP_STATUS_OK ? 4 * NOUT : 0}};
				n++;
			}
	CHECK(ip_store_record(s, id, runs, n, n, &d) == 0, "runs");
	struct ip_infer_stats stats;
	int rc = ip_infer(s, "modes", &stats, &d);
	if (rc)
		ip_diag_print(&d, stderr);
	CHECK(rc == 0, "ip_infer");
	sqlite3 *db = ip_store_sqlite(s);

	char *got = fixture_rows(db, "SELECT lo, hi, kind FROM finding WHERE context = 0 ORDER BY lo");
	CHECK(!strcmp(got, "0|1|modifier\n2|2|modifier\n3|3|modifier\n4|4|ignored\n5|7|unknown\n"),
	      "modes:\n%s", got);
	free(got);
	got = values(db, 0, 0);
	CHECK(!strcmp(got, "{\"0\":\"none\",\"1\":\"ftz_f32\",\"2\":\"ftz\",\"3\":\"unmodeled\"}\n"),
	      "ftz: %s", got);
	free(got);
	got = values(db, 0, 2);
	CHECK(!strcmp(got, "{\"0\":\"none\",\"1\":\"suppress_inf\"}\n"), "suppress_inf: %s", got);
	free(got);
	got = values(db, 0, 3);
	CHECK(!strcmp(got, "{\"0\":\"none\",\"1\":\"suppress_nan\"}\n"), "suppress_nan: %s", got);
	free(got);
	got = fixture_rows(db, "SELECT json_extract(details, '$.meanings.suppress_inf') FROM finding"
	                       " WHERE context = 0 AND lo = 2");
	CHECK(strstr(got, "infinity becomes +-largest finite"), "meaning: %s", got);
	free(got);

	/* the decoys: three fields, none named by a float mode */
	got = fixture_rows(db, "SELECT lo, hi, kind FROM finding WHERE context = 1 AND lo BETWEEN 2 AND"
	                       " 4"
	                       " ORDER BY lo");
	CHECK(!strncmp(got, "2|2|", 4) && strstr(got, "\n3|3|") && strstr(got, "\n4|4|"),
	      "decoy fields:\n%s", got);
	free(got);
	got = fixture_rows(db, "SELECT details FROM finding WHERE context = 1");
	CHECK(!strstr(got, "suppress_") && !strstr(got, "ftz"), "decoys named by a float mode:\n%s",
	      got);
	free(got);
	ip_store_close(s);
	unlink(path);
	return check_report("test_infer_modes");
}
