/* test_store_merge.c: `db merge` (ip_store_merge): four shard databases merged equal one
 * unsharded database, each campaign keeping its board; merging again, or a copy, counts
 * nothing twice; a campaign that went further replaces its older copy; conflicting and bad
 * inputs get an error naming them and leave the output as it was. */
#include "store_fixture.h"

#define VARIANTS 1000
#define PASSES 3

static struct ip_diag d;

/* Variant v's outcome: 5 kinds of data, a fault for v % 7 == 3. On the second pass variant 10
 * gives something else once (a contradiction). */
static struct ip_outcome outcome_of(unsigned v, unsigned pass, uint8_t *buf)
{
	buf[0] = (uint8_t)(v % 5);
	buf[1] = v == 10 && pass == 1 ? 99 : 0;
	if (v % 7 == 3)
		return (struct ip_outcome){IP_STATUS_FAULT, v % 3, buf, 2};
	return (struct ip_outcome){IP_STATUS_OK, 0, buf, 2};
}

/* Records `passes` passes over the variants of shard index/count (v % count == index) on
 * device sim:t860@host, in batches of 37 runs, from pass `from`. With a layout and, for
 * shard 0, one finding. Leaves the campaign unfinished when `finish` is 0. */
static void record_shard(const char *path, const char *host, unsigned index, unsigned count,
                         unsigned from, unsigned passes, int finish)
{
	struct ip_store *s;
	struct ip_campaign_key key = {0, 0, "exhaustive", 5, 0, index, count};
	static uint8_t values[37][2], outs[37][2];
	struct ip_run runs[37];
	const uint8_t seed[2] = {0, 0};
	const struct ip_layout_context ctx = {"ld_attr_32", seed, 2};
	const struct ip_layout_target tg = {0, 10, "midgard.load_store", "unk25", 0, 1, 25};
	const struct ip_layout_buffer buf = {1, "registers", 0, NULL, 16, 16, NULL};
	const struct ip_campaign_layout layout = {&ctx, 1, &tg, 1, &buf, 1};
	uint64_t cursor = 0;
	size_t n = 0;
	int64_t c;
	ip_diag_init(&d, path);
	if (ip_store_open(path, IP_STORE_READ_WRITE_CREATE, &s, &d))
		goto fail;
	key.device_id = ip_store_device(s, "sim", "t860", host, &d);
	key.probe_id = ip_store_probe(s, "ls", "midgard", "; the ls probe\n", 0, &d);
	if (key.device_id < 0 || key.probe_id < 0 ||
	    (c = ip_store_campaign(s, &key, &cursor, NULL, &d)) < 0 ||
	    ip_store_campaign_layout(s, c, &layout, &d))
		goto fail;
	for (unsigned pass = from; pass < from + passes; pass++)
		for (unsigned v = 0; v < VARIANTS; v++) {
			if (v % count != index)
				continue;
			values[n][0] = (uint8_t)v;
			values[n][1] = (uint8_t)(v >> 8);
			runs[n] = (struct ip_run){0, values[n], 2, outcome_of(v, pass, outs[n])};
			if (++n == 37) {
				cursor += n;
				if (ip_store_record(s, c, runs, n, cursor, &d))
					goto fail;
				n = 0;
			}
		}
	if (n && ip_store_record(s, c, runs, n, cursor += n, &d))
		goto fail;
	if (index == 0 && from == 0) {
		char sql[256];
		snprintf(sql, sizeof sql,
		         "INSERT INTO finding (probe_id, context, format, lo, hi, kind, confidence,"
		         " first_seen, last_seen) VALUES (%lld, 0, 'midgard.load_store', 25, 27,"
		         " 'ignored', 0.9, %lld, %lld)",
		         (long long)key.probe_id, (long long)c, (long long)c);
		if (sqlite3_exec(ip_store_sqlite(s), sql, NULL, NULL, NULL)) {
			fprintf(stderr, "%s\n", sqlite3_errmsg(ip_store_sqlite(s)));
			abort();
		}
	}
	if (finish && ip_store_campaign_finish(s, c, &d))
		goto fail;
	ip_store_close(s);
	return;
fail:
	fprintf(stderr, "%s", fixture_diag_text(&d));
	abort();
}

/* The runs of a database, summed per (context, value, outcome) over every campaign and
 * device, as one string: what must not change with sharding. */
static char *run_dump(const char *path)
{
	struct ip_store *s;
	sqlite3_stmt *st;
	char *out = NULL;
	ip_diag_init(&d, path);
	if (ip_store_open(path, IP_STORE_READ_ONLY, &s, &d)) {
		fprintf(stderr, "%s", fixture_diag_text(&d));
		abort();
	}
	if (sqlite3_prepare_v2(ip_store_sqlite(s),
	                       "SELECT group_concat(line, ';') FROM (SELECT r.context || ':' ||"
	                       " hex(r.value) || ':' || hex(o.hash) || ':' || sum(r.count) AS line"
	                       " FROM run r JOIN outcome o ON o.id = r.outcome_id"
	                       " GROUP BY r.context, r.value, o.hash"
	                       " ORDER BY r.context, r.value, o.hash)",
	                       -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
		out = strdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	ip_store_close(s);
	return out ? out : strdup("");
}

static int64_t db_int(const char *path, const char *sql)
{
	struct ip_store *s;
	int64_t v;
	ip_diag_init(&d, path);
	if (ip_store_open(path, IP_STORE_READ_ONLY, &s, &d))
		return -2;
	v = fixture_int(ip_store_sqlite(s), sql);
	ip_store_close(s);
	return v;
}

static int merge(const char *out, const char *const *in, size_t n, struct ip_merge_stats *st)
{
	ip_diag_init(&d, out);
	return ip_store_merge(out, in, n, st, &d);
}

static void test_four_shards(const char *dir)
{
	char *all = fixture_path(dir, "all.db"), *out = fixture_path(dir, "out.db"), *shard[4];
	const char *in[4];
	char *dump_all, *dump_out;
	struct ip_merge_stats st[4];
	record_shard(all, "board0", 0, 1, 0, PASSES, 1);
	for (unsigned i = 0; i < 4; i++) {
		char name[32], host[16];
		snprintf(name, sizeof name, "shard%u.db", i);
		snprintf(host, sizeof host, "board%u", i);
		shard[i] = fixture_path(dir, name);
		record_shard(shard[i], host, i, 4, 0, PASSES, 1);
		in[i] = shard[i];
	}
	CHECK(merge(out, in, 4, st) == 0, "merge: %s", fixture_diag_text(&d));
	for (unsigned i = 0; i < 4; i++)
		CHECK(st[i].campaigns_added == 1 && st[i].campaigns_updated == 0 &&
		      st[i].campaigns_same == 0 && st[i].runs == VARIANTS / 4 * PASSES,
		      "shard %u: added %u, runs %llu", i, st[i].campaigns_added,
		      (unsigned long long)st[i].runs);
	CHECK(st[0].findings == 1 && st[1].findings == 0, "the finding of shard 0");

	dump_all = run_dump(all);
	dump_out = run_dump(out);
	CHECK(strlen(dump_all) > 1000, "a real dump");
	CHECK(strcmp(dump_all, dump_out) == 0, "four shards merged equal one unsharded database");
	/* By hand: 1000 variants x 3 passes; variant 10 has two outcomes (one run of the other). */
	CHECK(db_int(out, "SELECT sum(count) FROM run") == VARIANTS * PASSES, "3000 runs");
	CHECK(db_int(out, "SELECT count(*) FROM run") == VARIANTS + 1, "1001 rows");
	CHECK(db_int(out, "SELECT count(*) FROM variant WHERE outcomes = 2") == 1, "contradiction");
	/* 5 data values x (ok, or fault with 3 codes) ... by hand: outcomes of all.db. */
	CHECK(db_int(out, "SELECT count(*) FROM outcome") ==
	      db_int(all, "SELECT count(*) FROM outcome"), "same outcomes");
	/* Which board saw what: four devices, each campaign on its own board, 250 variants each. */
	CHECK(db_int(out, "SELECT count(*) FROM device") == 4, "four devices");
	CHECK(db_int(out, "SELECT count(*) FROM campaign c JOIN device d ON d.id = c.device_id"
	                  " WHERE d.host = 'board' || c.shard_index AND c.shard_count = 4"
	                  " AND c.state = 'finished'") == 4, "each campaign on its board");
	CHECK(db_int(out, "SELECT sum(count) FROM run r JOIN campaign c ON c.id = r.campaign_id"
	                  " JOIN device d ON d.id = c.device_id WHERE d.host = 'board2'") ==
	      VARIANTS / 4 * PASSES, "board2's runs");
	CHECK(db_int(out, "SELECT count(*) FROM run r JOIN campaign c ON c.id = r.campaign_id"
	                  " JOIN device d ON d.id = c.device_id WHERE d.host = 'board2'"
	                  " AND hex(r.value) = '0006'") == 1, "board2 ran variant 6 (6 %% 4 = 2)");
	CHECK(db_int(out, "SELECT count(*) FROM context") == 4 &&
	      db_int(out, "SELECT count(*) FROM target WHERE field = 'unk25'") == 4 &&
	      db_int(out, "SELECT count(*) FROM buffer") == 4, "layouts");
	CHECK(db_int(out, "SELECT count(*) FROM buffer WHERE record = 16") == 4,
	      "merge keeps the record lengths");
	CHECK(db_int(out, "SELECT count(*) FROM finding f JOIN campaign c ON c.id = f.first_seen"
	                  " JOIN probe p ON p.id = f.probe_id WHERE c.shard_index = 0"
	                  " AND p.name = 'ls' AND f.lo = 25") == 1, "finding mapped");
	CHECK(db_int(out, "SELECT count(*) FROM merge_source") == 4, "four merges logged");
	CHECK(db_int(out, "SELECT count(*) FROM run_orphan") == 0, "no orphans");

	/* Again, and a copy of one shard: nothing changes. */
	CHECK(merge(out, in, 4, st) == 0, "merge again: %s", fixture_diag_text(&d));
	CHECK(st[0].campaigns_same == 1 && st[0].campaigns_added == 0 && st[0].runs == 0,
	      "already merged");
	{
		char *copy = fixture_path(dir, "copy.db"), cmd[8300];
		const char *one[1] = {copy};
		snprintf(cmd, sizeof cmd, "cp '%s' '%s'", shard[1], copy);
		CHECK(system(cmd) == 0, "cp");
		CHECK(merge(out, one, 1, st) == 0 && st[0].campaigns_same == 1, "a copy: %s", d.msg);
		free(copy);
	}
	free(dump_out);
	dump_out = run_dump(out);
	CHECK(strcmp(dump_all, dump_out) == 0, "merging twice does not double count");
	CHECK(db_int(out, "SELECT sum(count) FROM run") == VARIANTS * PASSES, "still 3000 runs");
	CHECK(db_int(out, "SELECT count(*) FROM merge_source") == 4, "no-op merges not logged");

	/* A board that ran the same campaign key on its own: refused, the output untouched. */
	{
		char *other = fixture_path(dir, "other.db"), *bytes;
		const char *one[1] = {other};
		size_t len;
		record_shard(other, "board1", 1, 4, 0, 1, 1);
		bytes = fixture_slurp(out, &len);
		CHECK(merge(out, one, 1, st) == -1, "same key, other origin refused");
		CHECK(d.file && strcmp(d.file, other) == 0, "names the input: %s",
		      fixture_diag_text(&d));
		CHECK(strstr(d.msg, "another database") != NULL, "says why: %s", d.msg);
		CHECK(fixture_same_bytes(out, bytes, len), "output unchanged");
		free(bytes);
		free(other);
	}
	free(dump_all);
	free(dump_out);
	for (unsigned i = 0; i < 4; i++)
		free(shard[i]);
	free(all);
	free(out);
}

/* A campaign merged while running, then merged again further along: replaced, not added. */
static void test_progress(const char *dir)
{
	char *grow = fixture_path(dir, "grow.db"), *out = fixture_path(dir, "grow-out.db");
	const char *in[1] = {grow};
	struct ip_merge_stats st;
	char *a, *b;
	record_shard(grow, "board9", 0, 2, 0, 1, 0);
	CHECK(merge(out, in, 1, &st) == 0 && st.campaigns_added == 1, "first merge: %s", d.msg);
	CHECK(db_int(out, "SELECT sum(count) FROM run") == VARIANTS / 2, "500 runs");
	record_shard(grow, "board9", 0, 2, 1, 2, 1); /* two more passes, finished */
	CHECK(merge(out, in, 1, &st) == 0, "second merge: %s", d.msg);
	CHECK(st.campaigns_updated == 1 && st.campaigns_added == 0 && st.runs == 3 * VARIANTS / 2,
	      "updated: %u, %llu runs", st.campaigns_updated, (unsigned long long)st.runs);
	a = run_dump(grow);
	b = run_dump(out);
	CHECK(strcmp(a, b) == 0, "the output holds exactly the input's runs");
	CHECK(db_int(out, "SELECT sum(count) FROM run") == 3 * VARIANTS / 2, "1500 runs, not 2000");
	CHECK(db_int(out, "SELECT count(*) FROM campaign WHERE state = 'finished'") == 1, "finished");
	CHECK(db_int(out, "SELECT count(*) FROM context") == 1, "layout once");
	free(a);
	free(b);
	free(grow);
	free(out);
}

static void test_bad_inputs(const char *dir)
{
	char *good = fixture_path(dir, "good.db"), *garbage = fixture_path(dir, "garbage.db");
	char *newer = fixture_path(dir, "newer.db"), *fresh = fixture_path(dir, "fresh.db");
	char *out = fixture_path(dir, "bad-out.db"), *damaged = fixture_path(dir, "damaged.db");
	char *bytes;
	size_t len;
	record_shard(good, "board0", 0, 1, 0, 1, 1);
	{
		FILE *f = fopen(garbage, "wb");
		CHECK(f && fputs("not a database at all\n", f) >= 0 && fclose(f) == 0, "garbage");
	}
	fixture_create(newer);
	{
		sqlite3 *db;
		CHECK(sqlite3_open(newer, &db) == SQLITE_OK &&
		      sqlite3_exec(db, "PRAGMA user_version = 99", NULL, NULL, NULL) == SQLITE_OK,
		      "newer");
		sqlite3_close(db);
	}
	/* A database whose last page is overwritten. */
	record_shard(damaged, "board3", 0, 1, 0, 1, 1);
	bytes = fixture_slurp(damaged, &len);
	memset(bytes + len - 4096, 0x5a, 4096);
	{
		FILE *f = fopen(damaged, "wb");
		CHECK(f && fwrite(bytes, 1, len, f) == len && fclose(f) == 0, "damage");
	}
	free(bytes);

	/* The output does not exist: a bad input leaves it not created. */
	{
		const char *in[2] = {good, garbage};
		CHECK(merge(fresh, in, 2, NULL) == -1, "garbage refused");
		CHECK(d.file && strcmp(d.file, garbage) == 0 && strstr(d.msg, "not an SQLite"),
		      "names the garbage: %s", fixture_diag_text(&d));
		CHECK(access(fresh, F_OK) != 0, "the output was not created");
	}
	/* The output exists: unchanged by each bad input. */
	{
		const char *in[1] = {good};
		CHECK(merge(out, in, 1, NULL) == 0, "good merge: %s", d.msg);
	}
	bytes = fixture_slurp(out, &len);
	{
		const char *cases[4][2] = {{garbage, "not an SQLite database"},
		                           {newer, "newer than this isaprobe"},
		                           {damaged, ""},
		                           {out, "is the output database itself"}};
		for (int i = 0; i < 4; i++) {
			const char *in[2] = {good, cases[i][0]};
			CHECK(merge(out, in, 2, NULL) == -1, "%s refused", cases[i][0]);
			CHECK(d.file && strcmp(d.file, cases[i][0]) == 0 && strstr(d.msg, cases[i][1]),
			      "names %s: %s", cases[i][0], fixture_diag_text(&d));
			CHECK(fixture_same_bytes(out, bytes, len), "%s: output unchanged", cases[i][0]);
		}
	}
	free(bytes);
	CHECK(db_int(out, "SELECT sum(count) FROM run") == VARIANTS, "the good merge is intact");
	free(good);
	free(garbage);
	free(newer);
	free(fresh);
	free(out);
	free(damaged);
}

/* A probe whose text changed: the newer text is the probe's, each campaign keeps the text it
 * ran, whichever order the inputs come in. Findings are copied by the columns both tables
 * have (an input with a column the output lacks still merges). */
static void test_probe_text(const char *dir)
{
	char *a = fixture_path(dir, "text-a.db"), *b = fixture_path(dir, "text-b.db");
	char *o1 = fixture_path(dir, "text-o1.db"), *o2 = fixture_path(dir, "text-o2.db");
	const char *ab[2], *ba[2];
	const char *texts[2] = {"; version 1\n", "; version 2\n"};
	char *paths[2];
	paths[0] = a;
	paths[1] = b;
	for (int i = 0; i < 2; i++) {
		struct ip_store *s;
		struct ip_campaign_key key = {0, 0, "walk", 0, 0, 0, 1};
		int64_t c;
		char sql[512];
		ip_diag_init(&d, paths[i]);
		CHECK(ip_store_open(paths[i], IP_STORE_READ_WRITE_CREATE, &s, &d) == 0, "open");
		key.device_id = ip_store_device(s, "sim", "t860", NULL, &d);
		key.probe_id = ip_store_probe(s, "p", "midgard", texts[i], 0, &d);
		c = ip_store_campaign(s, &key, NULL, NULL, &d);
		CHECK(c > 0, "campaign: %s", d.msg);
		snprintf(sql, sizeof sql,
		         "UPDATE probe SET updated_at = '%s';"
		         " ALTER TABLE finding ADD COLUMN extra_%d TEXT;"
		         " INSERT INTO finding (probe_id, lo, hi, kind, confidence, first_seen,"
		         " last_seen, extra_%d) VALUES (%lld, %d, %d, 'ignored', 1, %lld, %lld, 'x')",
		         i ? "2030-01-01T00:00:00Z" : "2029-01-01T00:00:00Z", i, i,
		         (long long)key.probe_id, i, i, (long long)c, (long long)c);
		CHECK(sqlite3_exec(ip_store_sqlite(s), sql, NULL, NULL, NULL) == SQLITE_OK, "%s",
		      sqlite3_errmsg(ip_store_sqlite(s)));
		ip_store_close(s);
	}
	ab[0] = ba[1] = a;
	ab[1] = ba[0] = b;
	CHECK(merge(o1, ab, 2, NULL) == 0, "a then b: %s", fixture_diag_text(&d));
	CHECK(merge(o2, ba, 2, NULL) == 0, "b then a: %s", fixture_diag_text(&d));
	CHECK(db_int(o1, "SELECT source_text = '; version 2\n' FROM probe") == 1, "newer text wins");
	CHECK(db_int(o2, "SELECT source_text = '; version 2\n' FROM probe") == 1,
	      "an older text does not replace a newer one");
	CHECK(db_int(o1, "SELECT count(*) FROM campaign") == 2 &&
	      db_int(o1, "SELECT count(*) FROM campaign WHERE probe_text = '; version 1\n'") == 1,
	      "two campaigns, each with its text");
	CHECK(db_int(o1, "SELECT count(*) FROM finding") == 2 &&
	      db_int(o1, "SELECT count(*) FROM finding f JOIN campaign c ON c.id = f.first_seen"
	                 " WHERE c.probe_text = '; version 2\n' AND f.lo = 1") == 1,
	      "findings by their common columns, campaigns mapped");
	free(a);
	free(b);
	free(o1);
	free(o2);
}

int main(void)
{
	char *dir = fixture_tmpdir("test_store_merge");
	test_four_shards(dir);
	test_progress(dir);
	test_bad_inputs(dir);
	test_probe_text(dir);
	fixture_rmdir(dir);
	return check_report("test_store_merge");
}
