/* test_infer_lanes.c: lane selects (a binary16 half of an operand, widened, read in place of the
 * word) named from the runs of a toy fused multiply-add whose selects are known by construction,
 * in a plain and a negated context, beside decoys that must not get lane names.
 *
 * The toy computes two results, fma(r0, r1, r2) and fma(r4, r5, r6), on planted registers whose
 * 16-bit halves are unrelated binary16 numbers (so that no two selects give the same words).
 * Value bits 0-2 pick what a and b read, as the Bifrost FMA's bits 9-11 do: 0 the words, 1 b's
 * bits 0-15, 2 b's bits 16-31, 3 both low halves, 4 a low and b high, 5 both high, 6 a low,
 * 7 a high. Context "negated" negates a (after the select). Decoys: bit 3 moves the first
 * result one unit in the last place up (no select gives that); bit 4 reads a's bits 0-15 as an
 * integer, not as a binary16 number; their values must read no lane select. */
#include <math.h>
#include <sqlite3.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "common/float_bits.h"
#include "common/fp16.h"
#include "isaprobe/internal/infer.h"
#include "isaprobe/store.h"
#include "toy_store.h"

#define NREG 16
static const uint32_t planted[NREG] = {
	0x44d53a66u, 0x47294c39u, 0x42c81234u, 0x4b1f3d5au, 0x45a24e11u, 0x46913b7cu,
	0x43114477u, 0x4c0a3f21u, 0x41a83c9du, 0x48e24a0fu, 0x40713e33u, 0x4d2c4b88u,
	0x3fb54d61u, 0x49574129u, 0x4e0b3b05u, 0x3e9e4ee2u,
};
/* what a and b read for values 0-7 of bits 0-2: 0 the word, 1 bits 0-15, 2 bits 16-31 */
static const unsigned sel_a[8] = {0, 0, 0, 1, 1, 2, 1, 2};
static const unsigned sel_b[8] = {0, 1, 2, 1, 2, 2, 0, 0};
static const char *const want_values =
	"{\"0\":\"fma\",\"1\":\"fma b.h0\",\"2\":\"fma b.h1\",\"3\":\"fma a.h0 b.h0\","
	"\"4\":\"fma a.h0 b.h1\",\"5\":\"fma a.h1 b.h1\",\"6\":\"fma a.h0\",\"7\":\"fma a.h1\"}";

static float read_as(uint32_t w, unsigned sel)
{
	return sel ? (float)ip_f16_to_double((uint16_t)(sel == 1 ? w : w >> 16)) : ip_f32_from_bits(w);
}

static void toy_run(unsigned ctx, unsigned v, uint32_t out[2])
{
	for (unsigned k = 0; k < 2; k++) {
		const uint32_t *r = &planted[4 * k];
		float a = read_as(r[0], sel_a[v & 7]), b = read_as(r[1], sel_b[v & 7]);
		if (v & 16)
			a = (float)(r[0] & 0xffffu);
		out[k] = ip_f32_bits(fmaf(ctx ? -a : a, b, ip_f32_from_bits(r[2])));
	}
	if (v & 8)
		out[0]++;
}

/* The first column of the finding of context ctx at bit lo. */
static char *member(sqlite3 *db, unsigned ctx, unsigned lo, const char *what)
{
	char sql[256];
	snprintf(sql, sizeof sql, "SELECT %s FROM finding WHERE context = %u AND lo = %u", what, ctx,
	         lo);
	return toy_one(db, sql);
}

int main(void)
{
	char path[256];
	static uint8_t regs[4 * NREG], seed = 0, vals[64];
	static uint32_t outs[64][2];
	static struct ip_run runs[128];
	struct ip_diag d;
	size_t n = 0, nv = 0;
	int64_t id;
	snprintf(path, sizeof path, "/tmp/isaprobe_test_infer_lanes_%d.db", (int)getpid());
	ip_diag_init(&d, path);
	memcpy(regs, planted, sizeof planted);
	struct ip_layout_context ctx[2] = {{"plain", &seed, 1}, {"negated", &seed, 1}};
	struct ip_layout_target tgt = {0, 5, "toy.word", "lanes", 0, 0, 0};
	struct ip_layout_buffer bufs[2] = {{0, "registers", 0, regs, sizeof regs, 16, NULL},
	                                   {1, "varyings_out", 0, NULL, 8, 0, NULL}};
	struct ip_campaign_layout lay = {ctx, 2, &tgt, 1, bufs, 2};
	struct ip_store *s = toy_store(path, "sim", "lanes", &lay, &id);
	if (!s)
		return check_report("test_infer_lanes");
	/* every select (bits 0-2), each decoy alone and beside each single select bit */
	for (unsigned v = 0; v < 32; v++) {
		unsigned sel = v & 7, decoys = v >> 3;
		if (decoys && (__builtin_popcount(decoys) > 1 || __builtin_popcount(sel) > 1))
			continue;
		vals[nv] = (uint8_t)v;
		for (unsigned c = 0; c < 2; c++) {
			toy_run(c, v, outs[n]);
			runs[n] = (struct ip_run){c, &vals[nv], 1, {IP_STATUS_OK, 0, (uint8_t *)outs[n], 8}};
			n++;
		}
		nv++;
	}
	CHECK(ip_store_record(s, id, runs, n, nv, &d) == 0, "runs");
	if (ip_infer(s, NULL, NULL, &d)) {
		ip_diag_print(&d, stderr);
		CHECK(0, "infer");
	}
	sqlite3 *db = ip_store_sqlite(s);
	for (unsigned c = 0; c < 2; c++) {
		/* the decoys change the selects' words (bit 4 a's read) or beside them: one field */
		char *got = member(db, c, 0, "hi || ' ' || kind");
		CHECK(!strcmp(got, "4 enum"), "context %u: bits 0-%s", c, got);
		free(got);
		got = member(db, c, 0, "json_extract(details, '$.values')");
		CHECK(!strncmp(got, want_values, strlen(want_values) - 1), "context %u: values %s", c,
		      got);
		/* the decoys' values (8 and up): no lane select */
		CHECK(strlen(got) > strlen(want_values) && !strstr(got + strlen(want_values), ".h"),
		      "context %u: a decoy named a lane select: %s", c, got);
		free(got);
		got = member(db, c, 0, "json_extract(details, '$.meanings.\"a.h1\"')");
		CHECK(strstr(got, "bits 16-31, widened to binary32") != NULL, "context %u: meaning %s", c,
		      got);
		free(got);
		got = member(db, c, 0, "json_extract(details, '$.operands')");
		CHECK(strstr(got, "varyings_out[0]: a = registers[0], b = ") &&
		      strstr(got, "varyings_out[1]: a = registers[4], b = "),
		      "context %u: operands %s", c, got);
		free(got);
	}
	ip_store_close(s);
	unlink(path);
	return check_report("test_infer_lanes");
}
