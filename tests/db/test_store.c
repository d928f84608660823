/* test_store.c: the findings store's normal life: create, open, reopen; get-or-create devices,
 * probes and campaigns; batches whose counts aggregate and whose contradictions stay as rows;
 * the resumable cursor; the layout tables; the status table against ip_status_name(); the
 * finding_text view. */
#include "store_fixture.h"

static struct ip_diag d;

static struct ip_store *open_or_die(const char *path, enum ip_store_mode mode)
{
	struct ip_store *s;
	ip_diag_init(&d, path);
	if (ip_store_open(path, mode, &s, &d)) {
		fprintf(stderr, "%s", fixture_diag_text(&d));
		abort();
	}
	return s;
}

static void test_create_reopen(const char *dir)
{
	char *path = fixture_path(dir, "create.db"), *missing = fixture_path(dir, "missing.db");
	struct ip_store *s = open_or_die(path, IP_STORE_READ_WRITE_CREATE);
	sqlite3 *db = ip_store_sqlite(s);
	CHECK(fixture_int(db, "PRAGMA application_id") == 0x49534150, "application_id 'ISAP'");
	CHECK(fixture_int(db, "PRAGMA user_version") == IP_STORE_SCHEMA_VERSION,
	      "schema version %d", IP_STORE_SCHEMA_VERSION);
	CHECK(fixture_int(db, "SELECT count(*) FROM sqlite_master WHERE name = 'campaign_lock'") == 1,
	      "campaign_lock exists (version 3)");
	CHECK(fixture_int(db, "SELECT count(*) FROM sqlite_master WHERE name = 'run'") == 1,
	      "run exists");
	ip_store_close(s);
	/* Reopened in each mode; nothing is created twice. */
	s = open_or_die(path, IP_STORE_READ_WRITE);
	CHECK(fixture_int(ip_store_sqlite(s), "SELECT count(*) FROM status") == 6, "6 statuses");
	ip_store_close(s);
	s = open_or_die(path, IP_STORE_READ_ONLY);
	CHECK(fixture_int(ip_store_sqlite(s), "PRAGMA user_version") == IP_STORE_SCHEMA_VERSION,
	      "read-only reopen");
	CHECK(ip_store_device(s, "sim", "x", NULL, &d) == -1, "no writes when read-only");
	CHECK(strstr(d.msg, "read-only") != NULL, "says read-only: %s", d.msg);
	ip_store_close(s);
	s = open_or_die(path, IP_STORE_READ_WRITE_CREATE);
	CHECK(fixture_int(ip_store_sqlite(s), "SELECT count(*) FROM status") == 6, "not recreated");
	ip_store_close(s);

	/* A missing file is created only in create mode. */
	ip_diag_init(&d, NULL);
	CHECK(ip_store_open(missing, IP_STORE_READ_WRITE, &s, &d) == -1 && !s, "missing rw");
	CHECK(strstr(fixture_diag_text(&d), missing) != NULL, "names the file: %s",
	      fixture_diag_text(&d));
	CHECK(ip_store_open(missing, IP_STORE_READ_ONLY, &s, &d) == -1, "missing ro");
	CHECK(access(missing, F_OK) != 0, "a refused open does not create the file");
	free(path);
	free(missing);
}

static void test_get_or_create(const char *dir)
{
	char *path = fixture_path(dir, "rows.db");
	struct ip_store *s = open_or_die(path, IP_STORE_READ_WRITE_CREATE);
	struct ip_campaign_key key = {0, 0, "walk", 1, 0, 0, 1};
	int64_t dev, dev2, probe, c1, c2;
	uint64_t cursor = 99;
	int finished = 9;

	dev = ip_store_device(s, "sim", "t860", NULL, &d);
	CHECK(dev > 0, "device");
	CHECK(ip_store_device(s, "sim", "t860", "", &d) == dev, "NULL host is ''");
	dev2 = ip_store_device(s, "sim", "t860", "board1", &d);
	CHECK(dev2 > 0 && dev2 != dev, "another host, another device");
	CHECK(ip_store_device(s, "sim", "t860", "board1", &d) == dev2, "found again");
	CHECK(ip_store_device(s, "", "t860", NULL, &d) == -1, "runner required");

	probe = ip_store_probe(s, "ls", "midgard", "text 1", 0, &d);
	CHECK(probe > 0, "probe");
	CHECK(ip_store_probe(s, "ls", "midgard", "text 1", 0, &d) == probe, "same probe");
	CHECK(ip_store_probe(s, "ls", "midgard", "text 2", 0, &d) == -1, "changed text refused");
	CHECK(strstr(d.msg, "\"ls\"") != NULL, "names the probe: %s", d.msg);

	key.probe_id = probe;
	key.device_id = dev;
	c1 = ip_store_campaign(s, &key, &cursor, &finished, &d);
	CHECK(c1 > 0 && cursor == 0 && finished == 0, "new campaign at 0");
	CHECK(ip_store_campaign(s, &key, NULL, NULL, &d) == c1, "same key, same campaign");
	key.seed = 2;
	CHECK(ip_store_campaign(s, &key, NULL, NULL, &d) != c1, "another seed, another campaign");
	key.seed = 1;
	key.shard_index = 1; /* of 1 */
	CHECK(ip_store_campaign(s, &key, NULL, NULL, &d) == -1, "shard 1 of 1 refused");
	key.shard_index = 0;
	key.device_id = 12345;
	CHECK(ip_store_campaign(s, &key, NULL, NULL, &d) == -1 && strstr(d.msg, "12345"),
	      "unknown device: %s", d.msg);
	key.device_id = dev;

	/* Replacing the probe's text keeps the old campaign's text and starts a new one. */
	CHECK(ip_store_probe(s, "ls", "midgard", "text 2", 1, &d) == probe, "replace keeps id");
	c2 = ip_store_campaign(s, &key, &cursor, &finished, &d);
	CHECK(c2 > 0 && c2 != c1 && cursor == 0, "changed probe, new campaign");
	{
		char sql[128];
		snprintf(sql, sizeof sql, "SELECT probe_text = 'text 1' FROM campaign WHERE id = %lld",
		         (long long)c1);
		CHECK(fixture_int(ip_store_sqlite(s), sql) == 1, "old campaign keeps its text");
	}
	ip_store_close(s);
	free(path);
}

/* Aggregation by hand: see store_fixture.h for the data set. */
static void test_record(const char *dir)
{
	char *path = fixture_path(dir, "record.db");
	struct ip_store *s = open_or_die(path, IP_STORE_READ_WRITE_CREATE);
	sqlite3 *db = ip_store_sqlite(s);
	int64_t c;
	CHECK(fixture_fill(s, &d, &c) == 0, "fill: %s", d.msg);
	/* Value bytes {2, 1} are little-endian 0x0102: stored big-endian, hex() reads '0102'. */
	CHECK(fixture_int(db, "SELECT count(*) FROM run WHERE hex(value) = '0102'") == 1, "BE");
	CHECK(fixture_int(db, "SELECT count(*) FROM run WHERE value = x'0200'") == 1,
	      "0x200 one row over three batches");
	CHECK(fixture_int(db, "SELECT count(*) FROM variant WHERE outcomes > 1") == 0,
	      "no contradiction yet");
	{
		/* A contradiction: 0x0200 now gives outcome A; and 0x0200/B once more. */
		uint8_t v[2] = {0, 2};
		struct ip_run runs[2] = {
			{0, v, 2, {IP_STATUS_OK, 0, fixture_out_a, sizeof fixture_out_a}},
			{0, v, 2, {IP_STATUS_FAULT, 3, fixture_out_b, sizeof fixture_out_b}},
		};
		CHECK(ip_store_record(s, c, runs, 2, 14, &d) == 0, "contradiction: %s", d.msg);
	}
	CHECK(fixture_int(db, "SELECT count(*) FROM run WHERE value = x'0200'") == 2,
	      "two rows for the contradicting variant");
	CHECK(fixture_int(db, "SELECT sum(count) FROM run WHERE value = x'0200'") == 5, "5 runs");
	CHECK(fixture_int(db, "SELECT count FROM run r JOIN outcome o ON o.id = r.outcome_id"
	                      " WHERE value = x'0200' AND o.status = 1 AND o.fault = 3") == 4,
	      "fault outcome 4 times");
	CHECK(fixture_int(db, "SELECT outcomes FROM variant WHERE value = x'0200'") == 2,
	      "the variant view shows the contradiction");
	CHECK(fixture_int(db, "SELECT count(*) FROM outcome") == 2, "outcomes deduplicated");
	CHECK(fixture_int(db, "SELECT runs FROM campaign_summary") == 14, "summary runs");
	CHECK(fixture_int(db, "SELECT fault FROM campaign_summary") == 4, "summary faults");
	CHECK(fixture_int(db, "SELECT variants FROM campaign_summary") == 7, "summary variants");

	/* Bad runs are refused whole; nothing of the batch is stored. */
	{
		uint8_t v[2] = {5, 5};
		struct ip_run runs[2] = {
			{0, v, 2, {IP_STATUS_OK, 0, fixture_out_a, 4}},
			{0, v, 0, {IP_STATUS_OK, 0, fixture_out_a, 4}},
		};
		CHECK(ip_store_record(s, c, runs, 2, 99, &d) == -1, "zero-length value refused");
		CHECK(strstr(d.msg, "run 1") != NULL, "names the run: %s", d.msg);
		runs[1].value_len = 2;
		runs[1].outcome.status = (enum ip_status)17;
		CHECK(ip_store_record(s, c, runs, 2, 99, &d) == -1, "bad status refused");
		CHECK(ip_store_record(s, 999, runs, 1, 99, &d) == -1 && strstr(d.msg, "999"),
		      "unknown campaign: %s", d.msg);
	}
	CHECK(fixture_int(db, "SELECT sum(count) FROM run") == 14, "refused batches left nothing");
	CHECK(fixture_int(db, "SELECT cursor FROM campaign") == 14, "nor moved the cursor");

	/* A wide value (9 bytes) and an empty outcome. */
	{
		uint8_t v[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
		struct ip_run r = {2, v, 9, {IP_STATUS_TIMEOUT, 0, NULL, 0}};
		CHECK(ip_store_record(s, c, &r, 1, 15, &d) == 0, "wide value: %s", d.msg);
		CHECK(fixture_int(db, "SELECT count(*) FROM run WHERE context = 2 AND"
		                      " hex(value) = '090807060504030201'") == 1, "9-byte BE value");
		CHECK(fixture_int(db, "SELECT length(data) FROM outcome WHERE status = 3") == 0,
		      "empty outcome stored");
	}
	ip_store_close(s);
	free(path);
}

/* Batches bigger than the store's rows per statement: 1000 runs over 250 values (each value
 * 4 times, outcome A for even values, B for odd), twice. By hand: 250 rows, each count 8. */
static void test_big_batches(const char *dir)
{
	char *path = fixture_path(dir, "big.db");
	struct ip_store *s = open_or_die(path, IP_STORE_READ_WRITE_CREATE);
	sqlite3 *db = ip_store_sqlite(s);
	struct ip_campaign_key key = {0, 0, "exhaustive", 0, 0, 0, 1};
	static uint8_t values[1000][2];
	static struct ip_run runs[1000];
	int64_t c;
	key.device_id = ip_store_device(s, "sim", "t860", NULL, &d);
	key.probe_id = ip_store_probe(s, "big", "midgard", "big", 0, &d);
	c = ip_store_campaign(s, &key, NULL, NULL, &d);
	for (unsigned i = 0; i < 1000; i++) {
		unsigned v = (i * 7) % 250; /* not in order */
		values[i][0] = (uint8_t)v;
		values[i][1] = 0;
		runs[i] = (struct ip_run){0, values[i], 2,
		                          {v % 2 ? IP_STATUS_FAULT : IP_STATUS_OK, 0, fixture_out_a,
		                           v % 2 ? 1 : sizeof fixture_out_a}};
	}
	CHECK(ip_store_record(s, c, runs, 1000, 1000, &d) == 0, "batch 1: %s", d.msg);
	CHECK(ip_store_record(s, c, runs, 1000, 2000, &d) == 0, "batch 2: %s", d.msg);
	CHECK(fixture_int(db, "SELECT count(*) FROM run") == 250, "250 rows");
	CHECK(fixture_int(db, "SELECT min(count) FROM run") == 8, "min 8");
	CHECK(fixture_int(db, "SELECT max(count) FROM run") == 8, "max 8");
	CHECK(fixture_int(db, "SELECT count(*) FROM run r JOIN outcome o ON o.id = r.outcome_id"
	                      " WHERE o.status = 0"
	                      " AND instr('02468ACE', substr(hex(value), 4, 1)) > 0") == 125,
	      "even values gave outcome A");
	CHECK(fixture_int(db, "SELECT count(*) FROM run WHERE value = x'00f9'") == 1, "249 is there");
	CHECK(fixture_int(db, "SELECT count(*) FROM run_orphan") == 0, "no orphans");
	ip_store_close(s);
	free(path);
}

static void test_cursor(const char *dir)
{
	char *path = fixture_path(dir, "cursor.db");
	struct ip_campaign_key key = {0, 0, "walk", 7, 0, 0, 1};
	struct ip_store *s;
	uint64_t cursor = 0;
	int finished = 1;
	int64_t c;
	fixture_create(path);
	s = open_or_die(path, IP_STORE_READ_WRITE);
	key.device_id = ip_store_device(s, "sim", "t860", NULL, &d);
	key.probe_id = ip_store_probe(s, "p", "midgard", "; probe p\n", 0, &d);
	c = ip_store_campaign(s, &key, &cursor, &finished, &d);
	CHECK(c > 0 && cursor == 12 && finished == 0, "resumes at 12 (got %llu)",
	      (unsigned long long)cursor);
	/* The cursor alone may move; a full 64-bit cursor reads back. */
	CHECK(ip_store_record(s, c, NULL, 0, UINT64_MAX - 5, &d) == 0, "cursor alone");
	ip_store_close(s);
	s = open_or_die(path, IP_STORE_READ_WRITE);
	CHECK(ip_store_campaign(s, &key, &cursor, &finished, &d) == c && cursor == UINT64_MAX - 5,
	      "64-bit cursor");
	CHECK(ip_store_campaign_finish(s, c, &d) == 0, "finish");
	CHECK(ip_store_campaign_finish(s, c, &d) == 0, "finish again");
	CHECK(ip_store_campaign(s, &key, &cursor, &finished, &d) == c && finished == 1, "finished");
	CHECK(ip_store_record(s, c, NULL, 0, 1, &d) == -1 && strstr(d.msg, "finished"),
	      "no batches after finishing: %s", d.msg);
	CHECK(ip_store_campaign_finish(s, 4242, &d) == -1, "finishing an unknown campaign");
	ip_store_close(s);
	free(path);
}

static void test_layout(const char *dir)
{
	char *path = fixture_path(dir, "layout.db");
	struct ip_store *s = open_or_die(path, IP_STORE_READ_WRITE_CREATE);
	sqlite3 *db = ip_store_sqlite(s);
	int64_t c;
	const uint8_t seed0[2] = {0x34, 0x12}, seed1[2] = {0, 0}, regs[4] = {0xa, 0xb, 0xc, 0xd};
	const struct ip_layout_context ctx[2] = {{"ld_attr_32", seed0, 2}, {"st_vary_32", seed1, 2}};
	const struct ip_layout_target tg[2] = {
		{0, 10, "midgard.load_store", "unk25", 0, 1, 25},
		{10, 6, "midgard.load_store", NULL, 0, 1, 50},
	};
	const struct ip_layout_buffer buf[2] = {
		{0, "registers", 0, regs, 4, 16, NULL},
		{1, "varyings_out", 16, NULL, 32, 0, NULL},
	};
	struct ip_campaign_layout l = {ctx, 2, tg, 2, buf, 2};
	CHECK(fixture_fill(s, &d, &c) == 0, "fill");
	CHECK(ip_store_campaign_layout(s, c, &l, &d) == 0, "layout: %s", d.msg);
	CHECK(fixture_int(db, "SELECT count(*) FROM context") == 2, "contexts");
	CHECK(fixture_int(db, "SELECT count(*) FROM context WHERE idx = 0 AND label = 'ld_attr_32'"
	                      " AND seed_value = x'1234'") == 1, "context 0, BE seed");
	CHECK(fixture_int(db, "SELECT count(*) FROM target WHERE value_lo = 10 AND width = 6"
	                      " AND field = '' AND lo = 50 AND slot = 1") == 1, "target NULL field");
	CHECK(fixture_int(db, "SELECT count(*) FROM target WHERE field = 'unk25'") == 1, "field");
	CHECK(fixture_int(db, "SELECT count(*) FROM buffer WHERE direction = 'in' AND"
	                      " role = 'registers' AND data = x'0a0b0c0d' AND record = 16") == 1,
	      "input");
	CHECK(fixture_int(db, "SELECT count(*) FROM buffer WHERE direction = 'out' AND"
	                      " offset = 16 AND len = 32 AND data IS NULL AND record = 0") == 1,
	      "output");
	/* Second time: kept unchanged, even with another layout. */
	l.ncontexts = 1;
	CHECK(ip_store_campaign_layout(s, c, &l, &d) == 0, "again");
	CHECK(fixture_int(db, "SELECT count(*) FROM context") == 2, "unchanged");
	l.ncontexts = 2;
	{
		struct ip_layout_context bad = {NULL, seed0, 2};
		struct ip_campaign_layout lb = {&bad, 1, NULL, 0, NULL, 0};
		CHECK(ip_store_campaign_layout(s, c, &lb, &d) == -1, "context without label");
	}
	ip_store_close(s);
	free(path);
}

static void test_status_names(const char *dir)
{
	char *path = fixture_path(dir, "status.db");
	struct ip_store *s = open_or_die(path, IP_STORE_READ_WRITE_CREATE);
	sqlite3_stmt *st;
	int rows = 0;
	CHECK(sqlite3_prepare_v2(ip_store_sqlite(s), "SELECT code, name FROM status ORDER BY code",
	                         -1, &st, NULL) == SQLITE_OK, "prepare");
	while (sqlite3_step(st) == SQLITE_ROW) {
		int code = sqlite3_column_int(st, 0);
		const char *name = (const char *)sqlite3_column_text(st, 1);
		CHECK(code == rows, "codes 0..n-1 (got %d)", code);
		CHECK(strcmp(name, ip_status_name((enum ip_status)code)) == 0,
		      "status %d: table '%s', ip_status_name '%s'", code, name,
		      ip_status_name((enum ip_status)code));
		rows++;
	}
	sqlite3_finalize(st);
	CHECK(rows == IP_STATUS_COUNT, "one row per status (%d)", rows);
	/* The names by hand, as the schema and reports spell them. */
	CHECK(strcmp(ip_status_name(IP_STATUS_RUNNER_ERROR), "runner_error") == 0, "runner_error");
	CHECK(strcmp(ip_status_name(IP_STATUS_UNMODELED), "unmodeled") == 0, "unmodeled");
	ip_store_close(s);
	free(path);
}

/* db/schema.sql: version 1, then the parts later versions add (each after a line "-- ==
 * version N"); a database made before those has run the first part alone. */
extern const char ip_store_schema_sql[];

static char *schema_v1(void)
{
	const char *end = strstr(ip_store_schema_sql, "\n-- == version ");
	size_t n = end ? (size_t)(end - ip_store_schema_sql) : strlen(ip_store_schema_sql);
	char *v1 = malloc(n + 1);
	if (!v1)
		abort();
	memcpy(v1, ip_store_schema_sql, n);
	v1[n] = 0;
	return v1;
}

/* A database made with schema version 1 (the SQL as it was: schema.sql, user_version 1),
 * holding a campaign with two target pieces in two instructions and findings of the old key:
 * opened by the store, it is migrated to the current version. Each finding gets the bundle and slot of
 * the piece holding its bits in its last campaign and its condition from its details; the
 * buffers get names ''; the key now tells two instances of one field apart; new_findings
 * still answers; the runs are moved into blocks (version 5) and read back through the view run.
 * A database of version 2 opened read-only is left alone. */
static void test_migrate_v1(const char *dir)
{
	char *path = fixture_path(dir, "v1.db"), *v1 = schema_v1();
	sqlite3 *h;
	struct ip_store *s;
	char *err = NULL;
	static const char fill[] =
		"INSERT INTO device (runner, model) VALUES ('sim', 't760');"
		"INSERT INTO probe (name, isa, source_text, source_hash) VALUES ('p', 'utgard_gp', 'x',"
		" zeroblob(16));"
		"INSERT INTO campaign (probe_id, device_id, probe_hash, probe_text, strategy, origin)"
		" VALUES (1, 1, zeroblob(16), 'x', 'auto', zeroblob(16));"
		"INSERT INTO target VALUES (1, 0, 3, 'utgard_gp.instr', '', 0, 0, 83),"
		" (1, 3, 3, 'utgard_gp.instr', '', 1, 0, 100);"
		"INSERT INTO buffer (campaign_id, direction, role, len, data, record) VALUES"
		" (1, 'in', 'registers', 4, x'01020304', 16);"
		"INSERT INTO outcome (hash, status, fault, data) VALUES"
		" (x'00000000000000000000000000000001', 0, 0, x'01'),"
		" (x'00000000000000000000000000000002', 5, 0, x'');"
		"INSERT INTO run VALUES (1, 0, x'0001', 1, 3), (1, 0, x'0002', 1, 1),"
		" (1, 0, x'0002', 2, 2), (1, 1, x'0001', 2, 1), (1, 0, x'0100', 1, 1);"
		"INSERT INTO finding (probe_id, context, format, lo, hi, kind, details, confidence,"
		" first_seen, last_seen) VALUES"
		" (1, 0, 'utgard_gp.instr', 83, 85, 'enum', '{}', 1, 1, 1),"
		" (1, 0, 'utgard_gp.instr', 100, 101, 'register', '{\"when\":\"bit 102 = 1\"}', 0.5,"
		" 1, 1);";
	unlink(path);
	CHECK(sqlite3_open(path, &h) == SQLITE_OK, "create %s", path);
	CHECK(sqlite3_exec(h, v1, NULL, NULL, &err) == SQLITE_OK &&
	      sqlite3_exec(h, "PRAGMA user_version = 1", NULL, NULL, &err) == SQLITE_OK &&
	      sqlite3_exec(h, fill, NULL, NULL, &err) == SQLITE_OK, "a version 1 database: %s",
	      err ? err : "");
	sqlite3_free(err);
	sqlite3_close(h);
	/* read-only: refused, untouched */
	CHECK(ip_store_open(path, IP_STORE_READ_ONLY, &s, &d) != 0 && strstr(d.msg, "older"),
	      "read-only refuses to migrate: %s", d.msg);
	s = open_or_die(path, IP_STORE_READ_WRITE);
	h = ip_store_sqlite(s);
	CHECK(fixture_int(h, "PRAGMA user_version") == IP_STORE_SCHEMA_VERSION, "migrated to version %d",
	      IP_STORE_SCHEMA_VERSION);
	CHECK(fixture_int(h, "SELECT count(*) FROM campaign_lock") == 0, "campaign_lock made (version 3)");
	CHECK(fixture_int(h, "SELECT count(*) FROM finding WHERE lo = 83 AND bundle = 0 AND slot = 0"
	                     " AND cond = ''") == 1, "83-85: bundle 0 from its target piece");
	CHECK(fixture_int(h, "SELECT count(*) FROM finding WHERE lo = 100 AND bundle = 1 AND"
	                     " cond = 'bit 102 = 1' AND confidence = 0.5") == 1,
	      "100-101: bundle 1, the condition its details named");
	CHECK(fixture_int(h, "SELECT count(*) FROM buffer WHERE names = ''") == 1, "buffer.names");
	CHECK(fixture_int(h, "SELECT count(*) FROM new_findings") == 2, "new_findings on the new table");
	/* version 5: the runs in blocks, one per campaign and context, read back through run */
	CHECK(fixture_int(h, "SELECT count(*) FROM run_block") == 2, "one block per context");
	CHECK(fixture_int(h, "SELECT n FROM run_block WHERE context = 0") == 4, "4 entries");
	CHECK(fixture_int(h, "SELECT sum(count) FROM run") == 8 &&
	      fixture_int(h, "SELECT count(*) FROM run") == 5, "every run row kept");
	CHECK(fixture_int(h, "SELECT count(*) FROM run WHERE value = x'0002'") == 2 &&
	      fixture_int(h, "SELECT count FROM run WHERE value = x'0002' AND outcome_id = 2") == 2,
	      "the contradiction kept, with its counts");
	CHECK(fixture_int(h, "SELECT count FROM run WHERE context = 0 AND value = x'0001'") == 3,
	      "counts kept");
	CHECK(fixture_int(h, "SELECT runs FROM campaign_summary") == 8 &&
	      fixture_int(h, "SELECT runner_error FROM campaign_summary") == 3 &&
	      fixture_int(h, "SELECT variants FROM campaign_summary") == 4,
	      "campaign_summary from the blocks");
	CHECK(ip_store_check_campaigns(h, NULL, 0, &d) == 0, "the blocks pass the checks: %s",
	      d.msg);
	CHECK(fixture_int(h, "SELECT count(*) FROM finding_text WHERE bits = '100-101' AND"
	                     " instruction = 'bundle 1 slot 0' AND \"when\" = 'bit 102 = 1'") == 1,
	      "finding_text (version 3) on the migrated table");
	/* the same field in another instruction is another finding now */
	CHECK(sqlite3_exec(h, "INSERT INTO finding (probe_id, context, bundle, slot, format, lo, hi,"
	                      " kind, confidence, first_seen, last_seen) VALUES (1, 0, 1, 0,"
	                      " 'utgard_gp.instr', 83, 85, 'enum', 1, 1, 1)", NULL, NULL, NULL) ==
	      SQLITE_OK, "a second instance of 83-85 (bundle 1) is a finding of its own");
	CHECK(sqlite3_exec(h, "INSERT INTO finding (probe_id, context, bundle, slot, format, lo, hi,"
	                      " kind, confidence, first_seen, last_seen) VALUES (1, 0, 1, 0,"
	                      " 'utgard_gp.instr', 83, 85, 'enum', 1, 1, 1)", NULL, NULL, NULL) !=
	      SQLITE_OK, "but only one");
	ip_store_close(s);
	s = open_or_die(path, IP_STORE_READ_ONLY);
	CHECK(fixture_int(ip_store_sqlite(s), "SELECT count(*) FROM finding") == 3, "reopened");
	ip_store_close(s);
	free(path);
	free(v1);
}

/* One text column of the first row of sql, compared with want (NULL: SQL NULL). */
static void check_text(sqlite3 *db, const char *sql, const char *want, const char *what)
{
	sqlite3_stmt *st;
	const char *got = "(no row)";
	int ok = 0;
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW) {
		got = (const char *)sqlite3_column_text(st, 0);
		ok = want ? got && strcmp(got, want) == 0 : got == NULL;
	}
	CHECK(ok, "%s: got %s, want %s", what, got ? got : "NULL", want ? want : "NULL");
	sqlite3_finalize(st);
}

/* Turns a file of this version's schema back into the run storage of versions 1-4: the run
 * table in place of run_block and its views (the views that read run are left out: version 5's
 * migration makes them again). With a row of runs when campaign_id > 0. */
static const char pre_v5_sql[] =
	"DROP VIEW campaign_summary; DROP VIEW variant; DROP VIEW campaign_outcome;"
	" DROP VIEW run_orphan; DROP TRIGGER run_insert; DROP VIEW run; DROP TABLE run_block;"
	" CREATE TABLE run (campaign_id INTEGER NOT NULL, context INTEGER NOT NULL,"
	" value BLOB NOT NULL, outcome_id INTEGER NOT NULL, count INTEGER NOT NULL CHECK (count > 0),"
	" PRIMARY KEY (campaign_id, context, value, outcome_id)) WITHOUT ROWID;";

/* finding_text: a finding over bits 25-30 of the word in bundle 0 slot 1, one over bit 33 under
 * a condition and with no sentence yet, one in value bits (no format, so no instruction). Then
 * the same file as version 3 left it (no view): a read-only handle reads it as it is, with the
 * view as its own temporary one; a read-write one migrates it. */
static void test_finding_text(const char *dir)
{
	char *path = fixture_path(dir, "views.db");
	struct ip_store *s = open_or_die(path, IP_STORE_READ_WRITE_CREATE);
	sqlite3 *db = ip_store_sqlite(s);
	const char *fill =
		"INSERT INTO device (id, runner, model) VALUES (1, 'sim', 't860');"
		"INSERT INTO probe (id, name, isa, source_text, source_hash)"
		" VALUES (1, 'ls', 'midgard', 'text', zeroblob(16));"
		"INSERT INTO campaign (id, probe_id, device_id, probe_hash, probe_text, strategy, origin)"
		" VALUES (1, 1, 1, zeroblob(16), 'text', 'walk', zeroblob(16));"
		"INSERT INTO context VALUES (1, 0, 'ld_attr_32', x'00'), (1, 1, 'ld_vary_32', x'00');"
		"INSERT INTO finding (id, probe_id, context, bundle, slot, format, lo, hi, kind, cond,"
		" details, confidence, first_seen, last_seen) VALUES"
		" (1, 1, 0, 0, 1, 'midgard.load_store', 25, 30, 'ignored', '',"
		"  '{\"sentence\":\"ignored: no effect seen\"}', 1, 1, 1),"
		" (2, 1, 1, 0, 1, 'midgard.load_store', 33, 33, 'enum', 'bit 30 = 1', '{}', 0.5, 1, 1),"
		" (3, 1, 0, 0, 0, '', 2, 3, 'register', '', '{}', 0.5, 1, 1)";
	CHECK(sqlite3_exec(db, fill, NULL, NULL, NULL) == SQLITE_OK, "fill: %s", sqlite3_errmsg(db));
	check_text(db, "SELECT probe || ' ' || isa || ' ' || context || ' ' || instruction || ' '"
	               " || format || ' ' || bits || ' ' || kind || ': ' || sentence"
	               " FROM finding_text WHERE finding_id = 1",
	           "ls midgard ld_attr_32 bundle 0 slot 1 midgard.load_store 25-30 ignored: ignored: "
	           "no effect seen", "finding 1");
	check_text(db, "SELECT context || ' ' || bits || ' when ' || \"when\" FROM finding_text"
	               " WHERE finding_id = 2",
	           "ld_vary_32 33 when bit 30 = 1", "a single bit reads as one number; its condition");
	check_text(db, "SELECT sentence FROM finding_text WHERE finding_id = 2", NULL,
	           "no sentence yet");
	check_text(db, "SELECT public_verdict FROM finding_text WHERE finding_id = 1", NULL,
	           "no public verdict");
	check_text(db, "SELECT instruction FROM finding_text WHERE finding_id = 3", NULL,
	           "value bits: no instruction");
	CHECK(sqlite3_exec(db, pre_v5_sql, NULL, NULL, NULL) == SQLITE_OK &&
	      sqlite3_exec(db, "DROP VIEW finding_text; PRAGMA user_version = 3", NULL, NULL,
	                   NULL) == SQLITE_OK, "made version 3: %s", sqlite3_errmsg(db));
	ip_store_close(s);
	s = open_or_die(path, IP_STORE_READ_ONLY);
	db = ip_store_sqlite(s);
	CHECK(fixture_int(db, "PRAGMA user_version") == 3, "version 3 read-only: read as it is");
	check_text(db, "SELECT bits || ' ' || sentence FROM finding_text WHERE finding_id = 1",
	           "25-30 ignored: no effect seen", "version 3 read-only: the view, temporary");
	CHECK(fixture_int(db, "SELECT count(*) FROM sqlite_master WHERE name = 'finding_text'") == 0,
	      "version 3 read-only: nothing written to the file");
	ip_store_close(s);
	s = open_or_die(path, IP_STORE_READ_WRITE);
	db = ip_store_sqlite(s);
	CHECK(fixture_int(db, "PRAGMA user_version") == IP_STORE_SCHEMA_VERSION, "migrated");
	CHECK(fixture_int(db, "SELECT count(*) FROM sqlite_master WHERE name = 'finding_text'") == 1,
	      "the view, in the file");
	check_text(db, "SELECT bits || ' ' || sentence FROM finding_text WHERE finding_id = 1",
	           "25-30 ignored: no effect seen", "the view after the migration");
	ip_store_close(s);
	free(path);
}

/* A database of schema version 2 (before campaign locks): read as it is by a read-only handle
 * (IP_STORE_READ_MIN_VERSION), migrated to version 3 by a read-write one, its rows kept. */
static void test_migrate_v2(const char *dir)
{
	char *path = fixture_path(dir, "v2.db");
	struct ip_store *s = open_or_die(path, IP_STORE_READ_WRITE_CREATE);
	sqlite3 *db = ip_store_sqlite(s);
	CHECK(ip_store_device(s, "sim", "t760", NULL, &d) == 1, "a row to keep");
	CHECK(sqlite3_exec(db, pre_v5_sql, NULL, NULL, NULL) == SQLITE_OK &&
	      sqlite3_exec(db, "DROP VIEW finding_text; DROP TABLE campaign_lock;"
	                       " PRAGMA user_version = 2", NULL, NULL, NULL) == SQLITE_OK,
	      "made version 2: %s", sqlite3_errmsg(db));
	ip_store_close(s);
	s = open_or_die(path, IP_STORE_READ_ONLY);
	db = ip_store_sqlite(s);
	CHECK(fixture_int(db, "PRAGMA user_version") == 2, "read-only: read as it is");
	CHECK(fixture_int(db, "SELECT count(*) FROM device") == 1, "read-only: rows read");
	ip_store_close(s);
	s = open_or_die(path, IP_STORE_READ_WRITE);
	db = ip_store_sqlite(s);
	CHECK(fixture_int(db, "PRAGMA user_version") == IP_STORE_SCHEMA_VERSION,
	      "read-write: migrated");
	CHECK(fixture_int(db, "SELECT count(*) FROM campaign_lock") == 0, "campaign_lock made");
	CHECK(fixture_int(db, "SELECT count(*) FROM device") == 1, "rows kept");
	ip_store_close(s);
	free(path);
}

/* The runs of a file older than schema version 5 (a run table, no run_block), as version 4
 * left them: a read-only handle reads them as they are (the checks, a scan variant by variant,
 * `db merge` taking it as an input), and a read-write one moves them into blocks. */
static void test_legacy_runs(const char *dir)
{
	char *path = fixture_path(dir, "v4runs.db"), *out = fixture_path(dir, "v4merged.db");
	const char *inputs[1] = {path};
	struct ip_store *s = open_or_die(path, IP_STORE_READ_WRITE_CREATE);
	sqlite3 *db = ip_store_sqlite(s);
	struct ip_merge_stats ms;
	struct ip_scan *sc = NULL;
	struct ip_scan_variant v;
	int64_t cid = 1;
	const char *fill =
		"INSERT INTO device (id, runner, model) VALUES (1, 'sim', 't860');"
		"INSERT INTO probe (id, name, isa, source_text, source_hash)"
		" VALUES (1, 'ls', 'midgard', 'text', zeroblob(16));"
		"INSERT INTO campaign (id, probe_id, device_id, probe_hash, probe_text, strategy, origin)"
		" VALUES (1, 1, 1, zeroblob(16), 'text', 'walk', randomblob(16));"
		"INSERT INTO context VALUES (1, 0, 'ld', x'00');"
		"INSERT INTO target VALUES (1, 0, 8, 'midgard.load_store', '', 0, 1, 0);"
		"INSERT INTO outcome (id, hash, status, fault, data) VALUES"
		" (1, x'01000000000000000000000000000000', 0, 0, x'aa'),"
		" (2, x'02000000000000000000000000000000', 1, 4, x'');"
		"INSERT INTO run VALUES (1, 0, x'07', 1, 1), (1, 0, x'05', 2, 1), (1, 0, x'05', 1, 2);"
		"PRAGMA user_version = 4";
	CHECK(sqlite3_exec(db, pre_v5_sql, NULL, NULL, NULL) == SQLITE_OK &&
	      sqlite3_exec(db, fill, NULL, NULL, NULL) == SQLITE_OK, "made version 4: %s",
	      sqlite3_errmsg(db));
	ip_store_close(s);
	s = open_or_die(path, IP_STORE_READ_ONLY);
	db = ip_store_sqlite(s);
	CHECK(fixture_int(db, "PRAGMA user_version") == 4, "read-only: read as it is");
	CHECK(ip_store_check_campaigns(db, NULL, 0, &d) == 0, "its runs pass the checks: %s", d.msg);
	CHECK(ip_scan_open(db, &cid, 1, &sc, &d) == 0, "scan: %s", d.msg);
	if (sc) {
		CHECK(ip_scan_next(sc, &v, &d) == 1 && v.context == 0 && v.number == 5 &&
		      v.noutcomes == 2 && v.outcomes[0].outcome_id == 1 && v.outcomes[0].count == 2 &&
		      v.outcomes[1].outcome_id == 2 && v.outcomes[1].count == 1,
		      "value 5 first, both its outcomes with their counts");
		CHECK(ip_scan_next(sc, &v, &d) == 1 && v.number == 7 && v.noutcomes == 1 &&
		      v.outcomes[0].count == 1, "then value 7");
		CHECK(ip_scan_next(sc, &v, &d) == 0, "and no more");
		ip_scan_close(sc);
	}
	ip_store_close(s);
	CHECK(ip_store_merge(out, inputs, 1, &ms, &d) == 0 && ms.runs == 4, "merged as an input: %s",
	      d.msg);
	s = open_or_die(out, IP_STORE_READ_ONLY);
	CHECK(fixture_int(ip_store_sqlite(s), "SELECT sum(count) FROM run") == 4 &&
	      fixture_int(ip_store_sqlite(s), "SELECT count FROM run WHERE value = x'05'"
	                                      " AND outcome_id = (SELECT id FROM outcome WHERE"
	                                      " status = 0)") == 2, "the merge's runs, in blocks");
	ip_store_close(s);
	s = open_or_die(path, IP_STORE_READ_WRITE);
	db = ip_store_sqlite(s);
	CHECK(fixture_int(db, "PRAGMA user_version") == IP_STORE_SCHEMA_VERSION, "migrated");
	CHECK(fixture_int(db, "SELECT count(*) FROM run_block") == 1 &&
	      fixture_int(db, "SELECT n FROM run_block") == 3 &&
	      fixture_int(db, "SELECT runs FROM run_block") == 4 &&
	      fixture_int(db, "SELECT fault FROM run_block") == 1, "the rows in one block, an entry each");
	ip_store_close(s);
	free(path);
	free(out);
}

int main(void)
{
	char *dir = fixture_tmpdir("test_store");
	test_create_reopen(dir);
	test_get_or_create(dir);
	test_record(dir);
	test_big_batches(dir);
	test_cursor(dir);
	test_layout(dir);
	test_status_names(dir);
	test_migrate_v1(dir);
	test_migrate_v2(dir);
	test_finding_text(dir);
	test_legacy_runs(dir);
	fixture_rmdir(dir);
	return check_report("test_store");
}
