/* test_infer_rounding.c: rounding modes read from how results move (one unit in the last place
 * up, down or toward zero from the background's), on a toy whose modes are known by
 * construction, alone in a context and across contexts, and decoys that must not get the names.
 *
 * The toy's four output words are results lying between two neighbouring binary32 numbers lo
 * and hi = lo's next toward +infinity; the seed's mode rounds each to the nearer one (fixed per
 * word below). Value bits 0-1 are the rounding mode: 0 the seed's, 1 toward +infinity (hi), 2
 * toward -infinity (lo), 3 toward zero. Bit 2 moves word 0 up and word 1 down (no one mode);
 * bit 3 moves words 0 and 1 two units up (not one). Contexts:
 *   mixed: two positive results and two negative ones: every mode moves one of each sign, so
 *     each is told from the others in this context alone (a modifier);
 *   positive, negative: results of one sign only: toward zero is down for the positive ones
 *     (as toward -infinity is), up for the negative ones (as toward +infinity is): only the two
 *     contexts together tell the three modes apart (the names found across contexts). */
#include <math.h>
#include <sqlite3.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "store_fixture.h"
#include "isaprobe/float_bits.h"
#include "isaprobe/infer.h"
#include "isaprobe/store.h"

#define NOUT 4
static const float lo_of[3][NOUT] = {
	{1.5f, 3.25f, -1.75f, -6.5f},  /* mixed */
	{1.5f, 3.25f, 5.75f, 9.125f},  /* positive */
	{-1.5f, -3.25f, -5.75f, -9.125f}, /* negative */
};
/* whether the seed's mode rounds word k up (to hi) */
static const int seed_hi[3][NOUT] = {{1, 0, 0, 1}, {1, 0, 1, 0}, {1, 0, 1, 0}};

static uint32_t rounded(unsigned ctx, unsigned k, unsigned mode)
{
	float lo = lo_of[ctx][k], hi = nextafterf(lo, INFINITY);
	int up = mode == 0 ? seed_hi[ctx][k] : mode == 1 ? 1 : mode == 2 ? 0 : lo < 0;
	return ip_f32_bits(up ? hi : lo);
}

static void toy_run(unsigned ctx, unsigned v, uint32_t out[NOUT])
{
	for (unsigned k = 0; k < NOUT; k++)
		out[k] = rounded(ctx, k, v & 3);
	if (v & 4) {
		out[0] = ip_f32_bits(nextafterf(ip_f32_from_bits(out[0]), INFINITY));
		out[1] = ip_f32_bits(nextafterf(ip_f32_from_bits(out[1]), -INFINITY));
	}
	if (v & 8)
		for (unsigned k = 0; k < 2; k++)
			out[k] += ip_f32_from_bits(out[k]) > 0 ? 2 : -2;
}

static char *values(sqlite3 *db, unsigned ctx, unsigned lo)
{
	char sql[256];
	snprintf(sql, sizeof sql, "SELECT kind, json_extract(details, '$.values') FROM finding"
	                          " WHERE context = %u AND lo = %u AND hi = 1", ctx, lo);
	return fixture_rows(db, sql);
}

int main(void)
{
	static const char *const labels[] = {"mixed", "positive", "negative"};
	char path[256];
	struct ip_store *s;
	struct ip_diag d;
	snprintf(path, sizeof path, "/tmp/isaprobe_test_infer_rounding_%d.db", (int)getpid());
	s = fixture_fresh_store(path);
	ip_diag_init(&d, path);
	int64_t id = fixture_toy_campaign(s, "rounding", labels, 3, 4 * NOUT);
	static uint8_t vals[64];
	static uint32_t outs[64][NOUT];
	static struct ip_run runs[64];
	size_t n = 0;
	/* the walk and the pairs of bits 0-3 from the seed 0, each run once */
	for (unsigned c = 0; c < 3; c++)
		for (unsigned v = 0; v < 16; v++)
			if (__builtin_popcount(v) <= 2) {
				toy_run(c, v, outs[n]);
				vals[n] = (uint8_t)v;
				runs[n] = (struct ip_run){c, &vals[n], 1,
				                          {IP_STATUS_OK, 0, (const uint8_t *)outs[n],
				                           4 * NOUT}};
				n++;
			}
	CHECK(ip_store_record(s, id, runs, n, n, &d) == 0, "runs");
	struct ip_infer_stats stats;
	int rc = ip_infer(s, "rounding", &stats, &d);
	if (rc)
		ip_diag_print(&d, stderr);
	CHECK(rc == 0, "ip_infer");
	sqlite3 *db = ip_store_sqlite(s);

	/* alone in a context: a modifier with the three modes (the pair, run once, is no outlier:
	 * two of its words are one unit off its neighbour's, as a rounding mode makes them) */
	char *got = values(db, 0, 0);
	CHECK(!strcmp(got, "modifier|{\"0\":\"none\",\"1\":\"rtp\",\"2\":\"rtn\",\"3\":\"rtz\"}\n"),
	      "mixed: %s", got);
	free(got);
	got = fixture_rows(db, "SELECT json_extract(details, '$.meanings.rtz') FROM finding"
	                       " WHERE context = 0 AND lo = 0");
	CHECK(strstr(got, "rounds toward zero"), "meaning: %s", got);
	free(got);
	/* one sign per context: the two contexts together name each mode */
	for (unsigned c = 1; c < 3; c++) {
		got = values(db, c, 0);
		CHECK(strstr(got, "\"1\":\"rtp\",\"2\":\"rtn\",\"3\":\"rtz\"}"), "context %u: %s", c,
		      got);
		free(got);
	}
	/* the decoys: moved in two directions, or by two units: no rounding mode */
	got = fixture_rows(db, "SELECT context, lo, hi, kind, details FROM finding WHERE lo >= 2");
	CHECK(!strstr(got, "rtp") && !strstr(got, "rtn") && !strstr(got, "rtz"),
	      "decoys named by a rounding mode:\n%s", got);
	CHECK(strstr(got, "0|2|"), "decoy fields:\n%s", got);
	free(got);
	ip_store_close(s);
	unlink(path);
	return check_report("test_infer_rounding");
}
