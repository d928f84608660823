/* fuzz_db_readers.c: libFuzzer target for everything that reads a findings database back:
 * the row checks (db/validate.c), inference, the reports (Markdown, HTML, JSON) and db merge,
 * on a real campaign's database damaged by the input: either row edits (byte 0 even: records
 * of table, column, row and a new value, applied past the schema's own checks) or raw bytes
 * written over the file (byte 0 odd); inference runs too when bit 1 of byte 0 is set. Any crash,
 * leak or hang is a bug; errors are fine.
 * Built by tests/fuzz/build_faults.sh, not by CMake. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "isaprobe/campaign.h"
#include "isaprobe/infer.h"
#include "isaprobe/report.h"

static char dir[64], seed_db[128], work_db[128], out_db[128];
static uint8_t *seed;
static size_t seed_len;

static const char probe_text[] =
	"isa midgard\n"
	"program <<END\n"
	"ls {\n"
	"\tld_attr_32 r0.xyzw, [0].xyzw\n"
	"\tnoop\n"
	"}\n"
	"END\n"
	"target 0.load_store unk25\n"
	"input attributes distinct 64\n"
	"record registers 16\n"
	"observe registers 64\n"
	"context attr op=ld_attr_32\n"
	"context vary op=ld_vary_32\n";

static uint8_t *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *b;
	long n;
	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
		abort();
	b = malloc((size_t)n + 1);
	if (!b || fread(b, 1, (size_t)n, f) != (size_t)n)
		abort();
	fclose(f);
	*len = (size_t)n;
	return b;
}

static void spill(const char *path, const uint8_t *b, size_t len)
{
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(b, 1, len, f) != len || fclose(f))
		abort();
}

/* The scratch folder goes when the fuzzer exits. */
static void clean_up(void)
{
	static const char *const names[] = {"seed.db", "work.db", "work.db-wal", "work.db-shm",
	                                    "out.db", "out.db-wal", "out.db-shm"};
	char p[160];
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		snprintf(p, sizeof p, "%s/%s", dir, names[i]);
		unlink(p);
	}
	rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct ip_probe p;
	struct ip_store *s;
	struct ip_campaign_opts o = {0};
	struct ip_campaign_result r;
	struct ip_diag d;
	(void)argc, (void)argv;
	snprintf(dir, sizeof dir, "/dev/shm/fuzz_db_readers.XXXXXX"); /* no fsync to a disk */
	if (!mkdtemp(dir))
		abort();
	snprintf(seed_db, sizeof seed_db, "%s/seed.db", dir);
	snprintf(work_db, sizeof work_db, "%s/work.db", dir);
	snprintf(out_db, sizeof out_db, "%s/out.db", dir);
	o.runner = "sim";
	o.strategy = IP_STRATEGY_WALK;
	if (ip_probe_parse(probe_text, "fuzz.probe", &p, &d) ||
	    ip_store_open(seed_db, IP_STORE_READ_WRITE_CREATE, &s, &d) ||
	    ip_campaign_run(s, &p, &o, &r, &d) || ip_infer(s, NULL, NULL, &d)) {
		ip_diag_print(&d, stderr);
		abort();
	}
	ip_store_close(s);
	ip_probe_free(&p);
	seed = slurp(seed_db, &seed_len);
	atexit(clean_up);
	return 0;
}

/* Row edits: each 8-byte record names a table, a column, a row and a value. */
static void edit(const uint8_t *data, size_t size)
{
	static const struct {
		const char *table, *key, *cols[10];
	} tables[] = {
		{"run", "(campaign_id, context, value, outcome_id)",
		 {"campaign_id", "context", "value", "outcome_id", "count"}},
		{"outcome", "id", {"id", "hash", "status", "fault", "data"}},
		{"context", "(campaign_id, idx)", {"campaign_id", "idx", "label", "seed_value"}},
		{"target", "(campaign_id, value_lo)",
		 {"campaign_id", "value_lo", "width", "format", "field", "bundle", "slot", "lo"}},
		{"buffer", "(campaign_id, direction, role)",
		 {"campaign_id", "direction", "role", "offset", "len", "data", "record"}},
		{"campaign", "id",
		 {"probe_id", "device_id", "cursor", "state", "shard_index", "shard_count", "seed",
		  "strategy", "probe_hash"}},
		{"finding", "id",
		 {"context", "format", "lo", "hi", "kind", "details", "confidence", "support",
		  "first_seen", "probe_id"}},
		{"probe", "id", {"name", "isa", "source_text"}},
		{"device", "id", {"runner", "model", "host"}},
	};
	sqlite3 *db;
	if (sqlite3_open(work_db, &db) ||
	    sqlite3_exec(db, "PRAGMA foreign_keys = OFF; PRAGMA ignore_check_constraints = ON",
	                 NULL, NULL, NULL)) {
		sqlite3_close(db);
		return;
	}
	for (size_t at = 0; at + 8 <= size; at += 8) {
		const uint8_t *e = data + at;
		unsigned t = e[0] % (sizeof tables / sizeof tables[0]), ncols = 0;
		char sql[512];
		sqlite3_stmt *st;
		int64_t v = (int64_t)((uint64_t)e[4] | (uint64_t)e[5] << 8 | (uint64_t)e[6] << 16 |
		                      (uint64_t)(int8_t)e[7] << 24);
		while (ncols < 10 && tables[t].cols[ncols])
			ncols++;
		snprintf(sql, sizeof sql, "UPDATE %s SET %s = ?1 WHERE %s IN (SELECT %s FROM %s"
		                          " LIMIT 1 OFFSET %u)",
		         tables[t].table, tables[t].cols[e[1] % ncols], tables[t].key, tables[t].key,
		         tables[t].table, e[2]);
		if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
			continue;
		switch (e[3] % 6) { /* the new value's type */
		case 0: sqlite3_bind_int64(st, 1, v); break;
		case 1: sqlite3_bind_int64(st, 1, (int64_t)((uint64_t)v * 1000003u * 1000003u)); break;
		case 2: sqlite3_bind_zeroblob(st, 1, (int)(v & 0x3ff)); break;
		case 3: sqlite3_bind_text(st, 1, (const char *)e + 4, 4, SQLITE_TRANSIENT); break;
		case 4: sqlite3_bind_null(st, 1); break;
		default: sqlite3_bind_double(st, 1, (double)v / 7.0); break;
		}
		sqlite3_step(st);
		sqlite3_finalize(st);
	}
	sqlite3_close(db);
}

/* The readers; inference (the slowest: it segments and types) when `infer` is set. */
static void readers(int infer)
{
	struct ip_store *s;
	struct ip_diag d;
	const char *in[1] = {work_db};
	FILE *null = fopen("/dev/null", "w");
	ip_diag_init(&d, work_db);
	if (ip_store_open(work_db, IP_STORE_READ_ONLY, &s, &d) == 0) {
		for (int f = IP_REPORT_MD; f <= IP_REPORT_JSON; f++) {
			struct ip_report_options o = {(enum ip_report_format)f, "fuzz", 0, NULL, NULL};
			ip_report(s, &o, null, &d);
		}
		ip_store_close(s);
	}
	unlink(out_db);
	ip_store_merge(out_db, in, 1, NULL, &d);
	if (infer && ip_store_open(work_db, IP_STORE_READ_WRITE, &s, &d) == 0) {
		ip_infer(s, NULL, NULL, &d);
		ip_store_close(s);
	}
	fclose(null);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char wal[160], shm[160];
	if (!size)
		return 0;
	snprintf(wal, sizeof wal, "%s-wal", work_db);
	snprintf(shm, sizeof shm, "%s-shm", work_db);
	unlink(wal);
	unlink(shm);
	if (data[0] & 1) { /* raw bytes over the file, at an offset the next two bytes give */
		uint8_t *b = malloc(seed_len);
		size_t at = size > 2 ? (size_t)(data[1] | data[2] << 8) * 16 % seed_len : 0;
		memcpy(b, seed, seed_len);
		for (size_t i = 3; i < size && at < seed_len; i++)
			b[at++] = data[i];
		spill(work_db, b, seed_len);
		free(b);
	} else {
		spill(work_db, seed, seed_len);
		edit(data + 1, size - 1);
	}
	readers(data[0] & 2);
	return 0;
}
