/* test_infer.c: field inference on devices whose layout is known by construction: the
 * synthetic device of tests/support/infer_device.h (boundaries and kinds per context, enum values named,
 * noisy and contradictory runs lowering confidence without losing the finding, walk-only data,
 * idempotence), and small toys for indirect selects, conditional fields, table/entry selects,
 * modifiers (abs, saturate, neg), component selects and signed immediates, a word select split
 * at the record length the layout gives, and a store's destination. */
#include <sqlite3.h>

#include "check.h"
#include "store_fixture.h"
#include "infer_device.h"
#include "isaprobe/infer.h"

#define IP_COUNT_EXPECTED (sizeof expected / sizeof expected[0])

struct expect {
	unsigned ctx, lo, hi;
	const char *kind;
};

/* Context 0 and 1 as infer_device.h lays them out, in format bits (value bit + 32). */
static const struct expect expected[] = {
	{0, 32, 34, "register"}, {0, 35, 38, "offset"}, {0, 39, 39, "reserved"},
	{0, 40, 41, "ignored"},  {0, 42, 43, "enum"},   {0, 44, 44, "modifier"},
	{0, 45, 47, "mask"},     {0, 48, 51, "shift"},
	{1, 32, 34, "register"}, {1, 35, 38, "offset"}, {1, 39, 43, "ignored"},
	{1, 44, 44, "modifier"}, {1, 45, 47, "mask"},   {1, 48, 51, "shift"},
};

/* Checks the finding table against expected[]; returns the finding count. */
static void check_layout(sqlite3 *db, const char *what)
{
	sqlite3_stmt *st;
	size_t n = 0;
	sqlite3_prepare_v2(db, "SELECT context, format, lo, hi, kind FROM finding"
	                       " ORDER BY context, lo", -1, &st, NULL);
	while (sqlite3_step(st) == SQLITE_ROW) {
		unsigned ctx = (unsigned)sqlite3_column_int(st, 0), lo = (unsigned)sqlite3_column_int(st, 2);
		unsigned hi = (unsigned)sqlite3_column_int(st, 3);
		const char *kind = (const char *)sqlite3_column_text(st, 4);
		const char *fmt = (const char *)sqlite3_column_text(st, 1);
		if (n < IP_COUNT_EXPECTED) {
			const struct expect *e = &expected[n];
			CHECK(ctx == e->ctx && lo == e->lo && hi == e->hi && !strcmp(kind, e->kind),
			      "%s: finding %zu is ctx %u %u-%u %s, expected ctx %u %u-%u %s", what, n, ctx,
			      lo, hi, kind, e->ctx, e->lo, e->hi, e->kind);
			CHECK(!strcmp(fmt, "synth.word"), "%s: format %s", what, fmt);
		}
		n++;
	}
	sqlite3_finalize(st);
	CHECK(n == IP_COUNT_EXPECTED, "%s: %zu findings, expected %zu", what, n,
	      (size_t)IP_COUNT_EXPECTED);
}

static char *details(sqlite3 *db, unsigned ctx, unsigned lo)
{
	char sql[256];
	snprintf(sql, sizeof sql, "SELECT details FROM finding WHERE context = %u AND lo = %u", ctx,
	         lo);
	return fixture_rows(db, sql);
}

static double conf(sqlite3 *db, unsigned ctx, unsigned lo, long long *against)
{
	char sql[256];
	sqlite3_stmt *st;
	double c = -1;
	snprintf(sql, sizeof sql, "SELECT confidence, against FROM finding WHERE context = %u AND"
	                          " lo = %u", ctx, lo);
	sqlite3_prepare_v2(db, sql, -1, &st, NULL);
	if (sqlite3_step(st) == SQLITE_ROW) {
		c = sqlite3_column_double(st, 0);
		if (against)
			*against = sqlite3_column_int64(st, 1);
	}
	sqlite3_finalize(st);
	return c;
}



static void run_infer(struct ip_store *s, const char *probe)
{
	struct ip_diag d;
	struct ip_infer_stats st;
	ip_diag_init(&d, "test.db");
	int rc = ip_infer(s, probe, &st, &d);
	if (rc)
		ip_diag_print(&d, stderr);
	CHECK(rc == 0, "ip_infer failed");
}

static void test_walk_pairs(const char *path)
{
	static uint32_t v[1 + DEV_WIDTH + DEV_WIDTH * DEV_WIDTH];
	struct ip_store *s = fixture_fresh_store(path);
	sqlite3 *db = ip_store_sqlite(s);
	size_t n = dev_walk_pairs(v);
	CHECK(dev_campaign(s, "synth", "pairs", v, n, 1) > 0, "campaign");
	run_infer(s, NULL);
	check_layout(db, "walk+pairs");
	char *enm = details(db, 0, 42), *reg = details(db, 0, 32), *off = details(db, 0, 35);
	char *mod = details(db, 0, 44), *mask = details(db, 0, 45), *sh = details(db, 0, 48);
	CHECK(strstr(enm, "\"values\":{\"0\":\"add\",\"1\":\"mul\",\"2\":\"min\",\"3\":\"max\"}") &&
	      strstr(enm, "\"operands\":\"varyings_out[2]: a = attributes[0], b = attributes[4]; "
	                  "varyings_out[3]: a = attributes[1], b = attributes[5]\""), "enum: %s", enm);
	CHECK(strstr(reg, "\"input\":\"registers\"") && strstr(reg, "\"index\":\"0 + 1*v\""),
	      "register: %s", reg);
	CHECK(strstr(off, "\"input\":\"uniforms\"") && strstr(off, "\"signed\":true") &&
	      strstr(off, "\"index\":\"8 + 1*v\""), "offset: %s", off);
	CHECK(strstr(mod, "\"1\":\"neg\""), "modifier: %s", mod);
	CHECK(strstr(mask, "\"0\":\"varyings_out[0]\"") && strstr(mask, "\"2\":\"varyings_out[4]\""),
	      "mask: %s", mask);
	CHECK(strstr(sh, "\"direction\":\"left\""), "shift: %s", sh);
	CHECK(conf(db, 0, 32, NULL) > 0.9, "clean register confidence %f", conf(db, 0, 32, NULL));
	free(enm), free(reg), free(off), free(mod), free(mask), free(sh);

	/* idempotence: a second run leaves the same table, ids and first_seen included */
	char *before = fixture_rows(db, "SELECT * FROM finding ORDER BY id");
	run_infer(s, "synth");
	char *after = fixture_rows(db, "SELECT * FROM finding ORDER BY id");
	CHECK(strcmp(before, after) == 0, "second inference changed the table:\n%s\n---\n%s",
	      before, after);
	free(before);
	free(after);
	ip_store_close(s);
	dev_remove(path);
}

/* Noise: the register variant 3 also once gave register 5's value (a contradiction: lower
 * confidence, one run against), and a shift variant gave a timeout once (noise: it says
 * nothing, counts neither for nor against, and is noted as a noise run). */
static void test_noise(const char *path)
{
	static uint32_t v[1 + DEV_WIDTH + DEV_WIDTH * DEV_WIDTH];
	struct ip_store *s = fixture_fresh_store(path);
	sqlite3 *db = ip_store_sqlite(s);
	struct ip_diag d;
	size_t n = dev_walk_pairs(v);
	int64_t id = dev_campaign(s, "synth", "pairs", v, n, 4);
	CHECK(id > 0, "campaign");
	uint32_t out[DEV_NOUT];
	uint32_t bad = DEV_SEED ^ 1u; /* register 3 */
	dev_run(0, bad, out);
	out[0] = dev_reg(5);
	uint8_t val[3] = {bad & 0xff, bad >> 8 & 0xff, bad >> 16 & 0xff};
	uint32_t sv = DEV_SEED ^ (1u << 17);
	uint8_t sval[3] = {sv & 0xff, sv >> 8 & 0xff, sv >> 16 & 0xff};
	struct ip_run noise[2] = {
		{0, val, 3, {IP_STATUS_OK, 0, (const uint8_t *)out, sizeof out}},
		{0, sval, 3, {IP_STATUS_TIMEOUT, 0, NULL, 0}},
	};
	ip_diag_init(&d, path);
	CHECK(ip_store_record(s, id, noise, 2, 2 * n, &d) == 0, "recording the noise");
	run_infer(s, NULL);
	check_layout(db, "noisy");
	long long against = 0;
	double c = conf(db, 0, 32, &against);
	CHECK(c < 0.99 && c > 0.5, "noisy register confidence %f", c);
	CHECK(against == 1, "register against %lld", against);
	c = conf(db, 0, 48, &against);
	CHECK(c > 0.99 && against == 0, "shift with a timeout: confidence %f against %lld", c,
	      against);
	{
		char *sh = details(db, 0, 48);
		CHECK(strstr(sh, "\"noise_runs\":1") != NULL, "the timeout is a noise run: %s", sh);
		free(sh);
	}
	ip_store_close(s);
	dev_remove(path);
}

/* A probe with only the walk: small fields still come out, with lower confidence where the
 * values seen are few; a tie between contradicting outcomes keeps the finding. */
static void test_walk_only(const char *path)
{
	uint32_t v[1 + DEV_WIDTH + 16];
	struct ip_store *s = fixture_fresh_store(path);
	sqlite3 *db = ip_store_sqlite(s);
	size_t n = 0;
	v[n++] = DEV_SEED;
	for (unsigned i = 0; i < DEV_WIDTH; i++)
		v[n++] = DEV_SEED ^ (1u << i);
	/* a partial sweep of the shift field */
	for (unsigned k = 3; k < 16; k++)
		if (k & (k - 1))
			v[n++] = (DEV_SEED & ~0xf0000u) | k << 16;
	CHECK(dev_campaign(s, "walk", "walk", v, n, 1) > 0, "campaign");
	run_infer(s, "walk");
	sqlite3_stmt *st;
	sqlite3_prepare_v2(db, "SELECT lo, hi, kind, confidence FROM finding WHERE context = 0"
	                       " ORDER BY lo", -1, &st, NULL);
	int saw_reserved = 0, saw_shift = 0, saw_ignored = 0;
	while (sqlite3_step(st) == SQLITE_ROW) {
		int lo = sqlite3_column_int(st, 0), hi = sqlite3_column_int(st, 1);
		const char *kind = (const char *)sqlite3_column_text(st, 2);
		saw_reserved |= lo == 39 && hi == 39 && !strcmp(kind, "reserved");
		saw_ignored |= lo == 40 && hi == 41 && !strcmp(kind, "ignored");
		saw_shift |= lo == 48 && hi == 51 && !strcmp(kind, "shift");
	}
	sqlite3_finalize(st);
	CHECK(saw_reserved && saw_ignored && saw_shift, "walk only: reserved %d ignored %d shift %d",
	      saw_reserved, saw_ignored, saw_shift);
	ip_store_close(s);
	dev_remove(path);
}

/* An indirect device: value bits 0-2 pick a register that holds a record index (a table, not
 * linear in v), bits 3-5 shift that index left, bits 6-7 do nothing. The output is the 4-word
 * attribute record at the index; past the table (64 records) the runner says unmodeled.
 * Worked out from the seed (register 5, index 1): register values 5->1, 4->3, 7->4, 1->2,
 * 6->6, 0->5, 3->0 records, i.e. attribute words 4, 12, 16, 8, 24, 20, 0; shifts 1..6 give
 * records 2..64 (words 4<<v; shift 6 is past the table). */
static const uint32_t ind_regs[8] = {5, 2, 7, 0, 3, 1, 6, 4};

static int ind_run(uint32_t v, uint32_t out[4])
{
	uint32_t slot = ind_regs[v & 7] << (v >> 3 & 7);
	if (slot >= 64)
		return IP_STATUS_UNMODELED;
	for (unsigned k = 0; k < 4; k++)
		out[k] = 0x3f000000u + (4 * slot + k) * 0x1234u;
	return IP_STATUS_OK;
}

static void test_indirect(const char *path)
{
	struct ip_store *s = fixture_fresh_store(path);
	sqlite3 *db = ip_store_sqlite(s);
	struct ip_diag d;
	uint64_t cursor;
	int fin;
	uint8_t attrs[1024], regs[32], seed = 0x05; /* register 5 (index 1), shift 0 */
	for (unsigned i = 0; i < 256; i++) {
		uint32_t w = 0x3f000000u + i * 0x1234u;
		memcpy(attrs + 4 * i, &w, 4);
	}
	for (unsigned i = 0; i < 8; i++)
		memcpy(regs + 4 * i, &ind_regs[i], 4);
	ip_diag_init(&d, path);
	int64_t dev = ip_store_device(s, "remote", "indirect", NULL, &d);
	int64_t probe = ip_store_probe(s, "indirect", "toy", "indirect\n", 0, &d);
	struct ip_campaign_key key = {probe, dev, "pairs", 0, 0, 0, 1};
	int64_t id = ip_store_campaign(s, &key, &cursor, &fin, &d);
	struct ip_layout_context ctx = {"ld", &seed, 1};
	struct ip_layout_buffer bufs[3] = {{0, "attributes", 0, attrs, sizeof attrs, 0, NULL},
	                                   {0, "registers", 0, regs, sizeof regs, 0, NULL},
	                                   {1, "varyings_out", 0, NULL, 16, 0, NULL}};
	struct ip_campaign_layout lay = {&ctx, 1, NULL, 0, bufs, 3};
	CHECK(id > 0 && ip_store_campaign_layout(s, id, &lay, &d) == 0, "indirect layout");
	uint8_t vals[64];
	uint32_t outs[64][4];
	struct ip_run runs[64];
	size_t n = 0;
	vals[n] = seed;
	n++;
	for (unsigned i = 0; i < 8; i++)
		vals[n++] = seed ^ (uint8_t)(1u << i);
	for (unsigned i = 0; i < 8; i++)
		for (unsigned j = i + 1; j < 8; j++)
			vals[n++] = seed ^ (uint8_t)(1u << i) ^ (uint8_t)(1u << j);
	for (size_t i = 0; i < n; i++) {
		int st = ind_run(vals[i], outs[i]);
		runs[i] = (struct ip_run){0, &vals[i], 1,
		                          {(enum ip_status)st, 0, (const uint8_t *)outs[i],
		                           st ? 0 : 16}};
	}
	CHECK(ip_store_record(s, id, runs, n, n, &d) == 0, "indirect runs");
	run_infer(s, "indirect");
	char *got = fixture_rows(db, "SELECT lo, hi, kind FROM finding ORDER BY lo");
	CHECK(!strcmp(got, "0|2|register\n3|5|shift\n6|7|ignored\n"), "indirect findings:\n%s", got);
	char *reg = details(db, 0, 0), *sh = details(db, 0, 3);
	/* register v holds ind_regs[v], the slot read: 4 attribute words per unit of it */
	CHECK(strstr(reg, "\"index\":\"indirect\"") &&
	      strstr(reg, "\"via\":\"registers[0 + 1*v]\"") &&
	      strstr(reg, "\"of\":\"attributes\"") && strstr(reg, "\"per_unit\":\"4\""),
	      "indirect register: %s", reg);
	CHECK(strstr(sh, "\"index\":\"0 + 4<<v\""), "indirect shift: %s", sh);
	free(got), free(reg), free(sh);
	ip_store_close(s);
	dev_remove(path);
}

/* A conditional field: bits 0-2 pick registers[v] only when the mode bit 4 is set; with it
 * clear the output is registers[0] whatever they hold; bit 3 does nothing. The seed (0) shows
 * nothing for bits 0-2 alone: inference types them on the background with bit 4 flipped, and
 * bit 4 on the one with bit 0 flipped. Bits 5-7 of the 1-byte value are never varied. */
static void test_conditional(const char *path)
{
	struct ip_store *s = fixture_fresh_store(path);
	sqlite3 *db = ip_store_sqlite(s);
	struct ip_diag d;
	uint64_t cursor;
	int fin;
	uint8_t regs[32], seed = 0;
	for (unsigned i = 0; i < 8; i++) {
		uint32_t w = 0x51000000u + i * 0x10101u;
		memcpy(regs + 4 * i, &w, 4);
	}
	ip_diag_init(&d, path);
	int64_t dev = ip_store_device(s, "remote", "conditional", NULL, &d);
	int64_t probe = ip_store_probe(s, "cond", "toy", "cond\n", 0, &d);
	struct ip_campaign_key key = {probe, dev, "pairs", 0, 0, 0, 1};
	int64_t id = ip_store_campaign(s, &key, &cursor, &fin, &d);
	struct ip_layout_context ctx[2] = {{"mov", &seed, 1}, {"never_run", &seed, 1}};
	struct ip_layout_buffer bufs[2] = {{0, "registers", 0, regs, sizeof regs, 0, NULL},
	                                   {1, "varyings_out", 0, NULL, 4, 0, NULL}};
	struct ip_campaign_layout lay = {ctx, 2, NULL, 0, bufs, 2};
	CHECK(id > 0 && ip_store_campaign_layout(s, id, &lay, &d) == 0, "conditional layout");
	uint8_t vals[32];
	uint32_t outs[32];
	struct ip_run runs[32];
	size_t n = 0;
	for (unsigned v = 0; v < 32; v++) /* walk and pairs of 5 bits: values of <= 2 bits set */
		if (__builtin_popcount(v) <= 2) {
			vals[n] = (uint8_t)v;
			memcpy(&outs[n], regs + 4 * ((v & 16) ? (v & 7) : 0), 4);
			runs[n] = (struct ip_run){0, &vals[n], 1,
			                          {IP_STATUS_OK, 0, (const uint8_t *)&outs[n], 4}};
			n++;
		}
	CHECK(ip_store_record(s, id, runs, n, n, &d) == 0, "conditional runs");
	run_infer(s, "cond");
	char *got = fixture_rows(db, "SELECT lo, hi, kind, cond, json_extract(details, '$.when') FROM"
	                             " finding"
	                             " WHERE context = 0 ORDER BY lo, cond, hi");
	char *none = fixture_rows(db, "SELECT lo, hi, kind, confidence FROM finding WHERE context = 1");
	CHECK(!strcmp(none, "0|7|unknown|0.0\n"), "context without runs:\n%s", none);
	free(none);
	/* with bit 0 set, bit 4 moves registers[0] or registers[1] to the output */
	char *mode = details(db, 0, 4);
	CHECK(strstr(mode, "\"values\":{\"0\":\"mov registers[0]\",\"1\":\"mov registers[1]\"}"),
	      "mode bit: %s", mode);
	free(mode);
	/* at the seed 0-2 and 3-4 do nothing (their notes name the bit that makes them act); with
	 * bit 4 set 0-2 pick the register, with bit 0 set bit 4 picks registers[0] or [1] */
	CHECK(!strcmp(got, "0|2|ignored||bit 4 = 0\n0|2|register|bit 4 = 1|bit 4 = 1\n"
	                   "3|4|ignored||bit 0 = 0\n3|3|ignored|bit 0 = 1|bit 0 = 1\n"
	                   "4|4|enum|bit 0 = 1|bit 0 = 1\n5|7|unknown||\n"),
	      "conditional findings:\n%s", got);
	free(got);
	ip_store_close(s);
	dev_remove(path);
}

/* A table and an entry: bit 0 picks the buffer (attributes or varyings_in), bits 1-3 the
 * word in it through a permutation (a table, as costly to describe as the merged field would
 * be). Both change the same output word, yet they compose (buffer from one, entry from the
 * other): two fields, not one. */
static const unsigned perm8[8] = {0, 5, 3, 6, 1, 7, 2, 4};

static void test_table_entry(const char *path)
{
	struct ip_store *s = fixture_fresh_store(path);
	sqlite3 *db = ip_store_sqlite(s);
	struct ip_diag d;
	uint64_t cursor;
	int fin;
	uint8_t attrs[32], varys[32], seed = 0;
	for (unsigned i = 0; i < 8; i++) {
		uint32_t a = 0x7a000000u + i * 0x3301u, b = 0x7b000000u + i * 0x3301u;
		memcpy(attrs + 4 * i, &a, 4);
		memcpy(varys + 4 * i, &b, 4);
	}
	ip_diag_init(&d, path);
	int64_t dev = ip_store_device(s, "remote", "tables", NULL, &d);
	int64_t probe = ip_store_probe(s, "tables", "toy", "tables\n", 0, &d);
	struct ip_campaign_key key = {probe, dev, "pairs", 0, 0, 0, 1};
	int64_t id = ip_store_campaign(s, &key, &cursor, &fin, &d);
	struct ip_layout_context ctx = {"ld", &seed, 1};
	struct ip_layout_target tgt = {0, 4, "toy.word", NULL, 0, 0, 0};
	struct ip_layout_buffer bufs[3] = {{0, "attributes", 0, attrs, sizeof attrs, 0, NULL},
	                                   {0, "varyings_in", 0, varys, sizeof varys, 0, NULL},
	                                   {1, "registers", 0, NULL, 4, 0, NULL}};
	struct ip_campaign_layout lay = {&ctx, 1, &tgt, 1, bufs, 3};
	CHECK(id > 0 && ip_store_campaign_layout(s, id, &lay, &d) == 0, "tables layout");
	uint8_t vals[16];
	uint32_t outs[16];
	struct ip_run runs[16];
	size_t n = 0;
	for (unsigned v = 0; v < 16; v++)
		if (__builtin_popcount(v) <= 2) {
			vals[n] = (uint8_t)v;
			memcpy(&outs[n], ((v & 1) ? varys : attrs) + 4 * perm8[v >> 1], 4);
			runs[n] = (struct ip_run){0, &vals[n], 1,
			                          {IP_STATUS_OK, 0, (const uint8_t *)&outs[n], 4}};
			n++;
		}
	CHECK(ip_store_record(s, id, runs, n, n, &d) == 0, "tables runs");
	run_infer(s, "tables");
	char *got = fixture_rows(db, "SELECT lo, hi, kind, json_extract(details, '$.values'),"
	                             " json_extract(details, '$.index') FROM finding ORDER BY lo");
	CHECK(!strcmp(got, "0|0|enum|{\"0\":\"mov attributes[0]\",\"1\":\"mov varyings_in[0]\"}|\n"
	                   "1|3|register|{\"0\":\"attributes[0]\",\"1\":\"attributes[5]\","
	                   "\"2\":\"attributes[3]\",\"3\":\"attributes[6]\",\"4\":\"attributes[1]\","
	                   "\"5\":\"attributes[7]\",\"6\":\"attributes[2]\"}|table\n"),
	      "table and entry findings:\n%s", got);
	free(got);
	ip_store_close(s);
	dev_remove(path);
}

/* More kinds on one 8-bit toy: bits 0-1 a modifier of the 4-word vector out[0..3] (0 none,
 * 1 abs, 2 saturate, 3 neg); bits 2-3 pick a component of register 1 (registers[4 + v]) into
 * out[4]; bits 4-7 a signed immediate: out[5] = 1000 + 3 * sext4(v). Walk and pairs from 0. */
static const float kinds_vec[4] = {-2.5f, 0.25f, 3.0f, -0.5f};

static void kinds_run(unsigned v, const uint8_t *regs, uint32_t out[6])
{
	for (unsigned k = 0; k < 4; k++) {
		float f = kinds_vec[k];
		switch (v & 3) {
		case 1: f = fabsf(f); break;
		case 2: f = f < 0 ? 0.0f : f > 1 ? 1.0f : f; break;
		case 3: f = -f; break;
		default: break;
		}
		memcpy(&out[k], &f, 4);
	}
	memcpy(&out[4], regs + 4 * (4 + (v >> 2 & 3)), 4);
	int imm = (int)(v >> 4 & 15);
	out[5] = (uint32_t)(1000 + 3 * (imm >= 8 ? imm - 16 : imm));
}

static void test_more_kinds(const char *path)
{
	struct ip_store *s = fixture_fresh_store(path);
	sqlite3 *db = ip_store_sqlite(s);
	struct ip_diag d;
	uint64_t cursor;
	int fin;
	uint8_t regs[64], seed = 0;
	for (unsigned i = 0; i < 16; i++) {
		uint32_t w = 0x4e000000u + i * 0x10203u;
		memcpy(regs + 4 * i, &w, 4);
	}
	ip_diag_init(&d, path);
	int64_t dev = ip_store_device(s, "remote", "kinds", NULL, &d);
	int64_t probe = ip_store_probe(s, "kinds", "toy", "kinds\n", 0, &d);
	struct ip_campaign_key key = {probe, dev, "pairs", 0, 0, 0, 1};
	int64_t id = ip_store_campaign(s, &key, &cursor, &fin, &d);
	struct ip_layout_context ctx = {"op", &seed, 1};
	struct ip_layout_buffer bufs[2] = {{0, "registers", 0, regs, sizeof regs, 0, NULL},
	                                   {1, "varyings_out", 0, NULL, 24, 0, NULL}};
	struct ip_campaign_layout lay = {&ctx, 1, NULL, 0, bufs, 2};
	CHECK(id > 0 && ip_store_campaign_layout(s, id, &lay, &d) == 0, "kinds layout");
	uint8_t vals[64];
	uint32_t outs[64][6];
	struct ip_run runs[64];
	size_t n = 0;
	for (unsigned v = 0; v < 256; v++)
		if (__builtin_popcount(v) <= 2) {
			vals[n] = (uint8_t)v;
			kinds_run(v, regs, outs[n]);
			runs[n] = (struct ip_run){0, &vals[n], 1,
			                          {IP_STATUS_OK, 0, (const uint8_t *)outs[n], 24}};
			n++;
		}
	CHECK(ip_store_record(s, id, runs, n, n, &d) == 0, "kinds runs");
	run_infer(s, "kinds");
	char *got = fixture_rows(db, "SELECT lo, hi, kind FROM finding ORDER BY lo");
	CHECK(!strcmp(got, "0|1|modifier\n2|3|component\n4|7|imm_signed\n"), "kinds:\n%s", got);
	char *mod = details(db, 0, 0), *imm = details(db, 0, 4), *comp = details(db, 0, 2);
	CHECK(strstr(mod, "\"values\":{\"0\":\"none\",\"1\":\"abs\",\"2\":\"saturate\",\"3\":\"neg\"}"),
	      "modifier values: %s", mod);
	CHECK(strstr(imm, "\"scale\":3,\"signed\":true"), "immediate: %s", imm);
	CHECK(strstr(comp, "\"input\":\"registers\"") && strstr(comp, "\"index\":\"4 + 1*v\""),
	      "component: %s", comp);
	free(got), free(mod), free(imm), free(comp);
	ip_store_close(s);
	dev_remove(path);
}

/* A 5-bit select of 32-bit words from 16-byte records: value bits 0-1 pick the component,
 * 2-4 the register (word 4 * reg + comp: one linear index of v); bits 5-7 do nothing. With
 * the record length in the layout (buffer.record = 16) inference splits it into a component
 * select (0-1) and a register select (2-4); without it the runs read as one word select. */
static void record_split(const char *path, uint32_t record, int drop_column)
{
	struct ip_store *s = fixture_fresh_store(path);
	sqlite3 *db = ip_store_sqlite(s);
	struct ip_diag d;
	uint64_t cursor;
	int fin;
	uint8_t regs[128], seed = 0;
	uint32_t word[32], outs[256];
	uint8_t vals[256];
	struct ip_run runs[256];
	for (unsigned i = 0; i < 32; i++) {
		word[i] = 0x40000000u + ((i * 2654435761u) & 0xFFFFFu); /* distinct, in no linear order */
		memcpy(regs + 4 * i, &word[i], 4);
	}
	ip_diag_init(&d, path);
	int64_t dev = ip_store_device(s, "remote", "records", NULL, &d);
	int64_t probe = ip_store_probe(s, "records", "toy", "records\n", 0, &d);
	struct ip_campaign_key key = {probe, dev, "exhaustive", 0, 0, 0, 1};
	int64_t id = ip_store_campaign(s, &key, &cursor, &fin, &d);
	struct ip_layout_context ctx = {"mov", &seed, 1};
	struct ip_layout_buffer bufs[2] = {{0, "registers", 0, regs, sizeof regs, record, NULL},
	                                   {1, "varyings_out", 0, NULL, 4, 0, NULL}};
	struct ip_campaign_layout lay = {&ctx, 1, NULL, 0, bufs, 2};
	CHECK(id > 0 && ip_store_campaign_layout(s, id, &lay, &d) == 0, "records layout");
	for (unsigned v = 0; v < 256; v++) {
		vals[v] = (uint8_t)v;
		outs[v] = word[4 * (v >> 2 & 7) + (v & 3)];
		runs[v] = (struct ip_run){0, &vals[v], 1,
		                          {IP_STATUS_OK, 0, (const uint8_t *)&outs[v], 4}};
	}
	CHECK(ip_store_record(s, id, runs, 256, 256, &d) == 0, "records runs");
	/* a database from before buffer.record: inference reads no record lengths */
	if (drop_column)
		CHECK(sqlite3_exec(db, "ALTER TABLE buffer DROP COLUMN record", NULL, NULL, NULL) ==
		      SQLITE_OK, "dropping buffer.record: %s", sqlite3_errmsg(db));
	run_infer(s, "records");
	char *got = fixture_rows(db, "SELECT lo, hi, kind, json_extract(details, '$.index') FROM"
	                             " finding"
	                             " ORDER BY lo");
	if (record && !drop_column)
		CHECK(!strcmp(got, "0|1|component|0 + 1*v\n2|4|register|0 + 4*v\n5|7|ignored|\n"),
		      "record 16: findings:\n%s", got);
	else
		CHECK(!strcmp(got, "0|4|register|0 + 1*v\n5|7|ignored|\n"),
		      "no record length: findings:\n%s", got);
	free(got);
	ip_store_close(s);
	dev_remove(path);
}

static void test_record_split(const char *path)
{
	record_split(path, 16, 0);
	record_split(path, 0, 0);
	record_split(path, 16, 1);
}

/* A store: bits 0-2 pick the record (slot 2v of 16) where a register's four words are written
 * into a table that starts as its planted input; bits 3-4 do nothing. The outputs are where
 * the words land, not which words they are: a destination offset of 8 words per unit of v. */
static void test_store_destination(const char *path)
{
	struct ip_store *s = fixture_fresh_store(path);
	sqlite3 *db = ip_store_sqlite(s);
	struct ip_diag d;
	uint64_t cursor;
	int fin;
	uint32_t reg[4] = {0x11110001u, 0x22220202u, 0x33330033u, 0x44444004u};
	uint32_t attr[64], outs[32][64];
	uint8_t vals[32], seed = 1;
	struct ip_run runs[32];
	for (unsigned i = 0; i < 64; i++)
		attr[i] = 0x50000000u + ((i * 2654435761u) & 0xFFFFFu);
	ip_diag_init(&d, path);
	int64_t dev = ip_store_device(s, "remote", "store", NULL, &d);
	int64_t probe = ip_store_probe(s, "store", "toy", "store\n", 0, &d);
	struct ip_campaign_key key = {probe, dev, "exhaustive", 0, 0, 0, 1};
	int64_t id = ip_store_campaign(s, &key, &cursor, &fin, &d);
	struct ip_layout_context ctx = {"st", &seed, 1};
	struct ip_layout_buffer bufs[3] = {
		{0, "registers", 0, (const uint8_t *)reg, sizeof reg, 16, NULL},
		{0, "attributes", 0, (const uint8_t *)attr, sizeof attr, 16, NULL},
		{1, "attributes", 0, NULL, sizeof attr, 16, NULL}};
	struct ip_campaign_layout lay = {&ctx, 1, NULL, 0, bufs, 3};
	CHECK(id > 0 && ip_store_campaign_layout(s, id, &lay, &d) == 0, "store layout");
	for (unsigned v = 0; v < 32; v++) {
		vals[v] = (uint8_t)v;
		memcpy(outs[v], attr, sizeof attr);
		memcpy(&outs[v][8 * (v & 7)], reg, sizeof reg);
		runs[v] = (struct ip_run){0, &vals[v], 1,
		                          {IP_STATUS_OK, 0, (const uint8_t *)outs[v], sizeof attr}};
	}
	CHECK(ip_store_record(s, id, runs, 32, 32, &d) == 0, "store runs");
	run_infer(s, "store");
	char *got = fixture_rows(db, "SELECT lo, hi, kind, json_extract(details, '$.index'),"
	                             " json_extract(details, '$.written') FROM finding ORDER BY lo");
	/* the seed (v = 1) writes words 8-11: index 8 + 8 (v - 1) = 0 + 8*v; bits 5-7 never ran */
	CHECK(!strcmp(got, "0|2|offset|0 + 8*v|1\n3|4|ignored||\n5|7|unknown||\n"),
	      "store findings:\n%s", got);
	free(got);
	ip_store_close(s);
	dev_remove(path);
}

int main(void)
{
	char path[256];
	snprintf(path, sizeof path, "/tmp/isaprobe_test_infer_%d.db", (int)getpid());
	test_walk_pairs(path);
	test_noise(path);
	test_walk_only(path);
	test_indirect(path);
	test_conditional(path);
	test_table_entry(path);
	test_more_kinds(path);
	test_record_split(path);
	test_store_destination(path);
	return check_report("test_infer");
}
