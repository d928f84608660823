/* target_db.c: the fuzz target of a damaged findings database: the file as bytes, or a sound
 * database edited cell by cell, then opened, inferred, reported and queried like the CLI does. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../cli/cli.h"
#include "isaprobe/campaign.h"
#include "isaprobe/infer.h"
#include "isaprobe/report.h"
#include "targets.h"

/* The sound database edits start from: two small campaigns on the simulator and their
 * findings (made once per process). */
static const char template_probe_a[] =
	"isa midgard\n"
	"program <<END\n"
	"ls {\n"
	"\tld_attr_32 r0.xyzw, [0].xyzw\n"
	"\tnoop\n"
	"}\n"
	"END\n"
	"target 0.load_store bits 25-32\n"
	"input registers distinct 416\n"
	"input registers words 3 0 2 1 1 3 0 2\n"
	"input registers distinct 64\n"
	"record registers 16\n"
	"input attributes distinct 4096\n"
	"observe registers 512\n"
	"context a op=ld_attr_32 unk25=0x1c1c\n"
	"context v op=ld_vary_32 unk25=0x1c9c\n";
static const char template_probe_b[] =
	"isa utgard_gp\n"
	"program <<END\n"
	"instr {\n"
	"\tload 0\n"
	"\treg0 attr 0\n"
	"\tacc0.add ld_x, ld_y\n"
	"\tstore0.varying 0, acc0, acc0\n"
	"}\n"
	"END\n"
	"target 0.instr flags\n"
	"input attributes floats 11.5 -2.0 0.125 100.0\n"
	"observe varyings_out 32\n";

static char dir[4096], db_path[4200];
static uint8_t *template_db;
static size_t template_len;
static pid_t maker; /* the process that made dir (AFL++'s children must leave it be) */

static void remove_db(void)
{
	char p[4300];
	unlink(db_path);
	fuzz_format(p, sizeof p, "%s-wal", db_path);
	unlink(p);
	fuzz_format(p, sizeof p, "%s-shm", db_path);
	unlink(p);
	fuzz_format(p, sizeof p, "%s-journal", db_path);
	unlink(p);
}

static void cleanup(void)
{
	if (getpid() != maker)
		return;
	remove_db();
	rmdir(dir);
}

static int write_db(const uint8_t *data, size_t n)
{
	FILE *f;
	remove_db();
	f = fopen(db_path, "wb");
	if (!f && mkdir(dir, 0700) == 0) /* removed under us (a tmp cleaner) */
		f = fopen(db_path, "wb");
	if (!f)
		return -1;
	{
		int bad = n && fwrite(data, 1, n, f) != n;
		bad |= fclose(f) != 0;
		return bad ? -1 : 0;
	}
}

static int campaign(struct ip_store *s, const char *name, const char *text,
                    enum ip_strategy_kind kind)
{
	struct ip_probe p;
	struct ip_campaign_opts o = {0};
	struct ip_campaign_result r;
	struct ip_diag d;
	int rc;
	ip_diag_init(&d, name);
	if (ip_probe_parse(text, name, &p, &d) != 0) {
		ip_diag_print(&d, stderr);
		ip_probe_free(&p);
		return -1;
	}
	o.runner = "sim";
	o.strategy = kind;
	o.jobs = 1;
	rc = ip_campaign_run(s, &p, &o, &r, &d);
	if (rc)
		ip_diag_print(&d, stderr);
	ip_probe_free(&p);
	return rc;
}

/* Makes the template once: folder, database, campaigns, inference; reads its bytes. */
static void make_template(void)
{
	/* memory-backed when there is one: SQLite syncs, and a disk makes every input wait */
	const char *tmp = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : getenv("TMPDIR");
	struct ip_store *s = NULL;
	struct ip_diag d;
	FILE *f;
	long n;
	if (template_db)
		return;
	fuzz_format(dir, sizeof dir, "%s/isaprobe-fuzz-db-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		perror("isaprobe-fuzz db: mkdtemp");
		abort();
	}
	maker = getpid();
	atexit(cleanup);
	fuzz_format(db_path, sizeof db_path, "%s/f.db", dir);
	ip_diag_init(&d, db_path);
	if (ip_store_open(db_path, IP_STORE_READ_WRITE_CREATE, &s, &d) != 0 ||
	    campaign(s, "a.probe", template_probe_a, IP_STRATEGY_AUTO) != 0 ||
	    campaign(s, "b.probe", template_probe_b, IP_STRATEGY_EXHAUSTIVE) != 0 ||
	    campaign(s, "a.probe", template_probe_a, IP_STRATEGY_WALK) != 0 ||
	    ip_infer(s, NULL, NULL, &d) != 0) {
		ip_diag_print(&d, stderr);
		abort();
	}
	ip_store_close(s); /* checkpoints the WAL into the file */
	f = fopen(db_path, "rb");
	if (!f || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) <= 0 || fseek(f, 0, SEEK_SET) != 0 ||
	    !(template_db = malloc((size_t)n)) || fread(template_db, 1, (size_t)n, f) != (size_t)n)
		abort();
	fclose(f);
	template_len = (size_t)n;
}

/* Edits of a sound database: each is 8 bytes (op, table, row low, row high, column, value
 * type, value length, value byte) followed by the value's bytes for text and blobs. */
static void apply_edits(const uint8_t *e, size_t n)
{
	sqlite3 *db;
	sqlite3_stmt *tables = NULL;
	char *names[64];
	unsigned ntables = 0;
	if (sqlite3_open(db_path, &db) != SQLITE_OK) {
		sqlite3_close(db);
		return;
	}
	sqlite3_exec(db, "PRAGMA ignore_check_constraints = ON", NULL, NULL, NULL);
	if (sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
	                       -1, &tables, NULL) == SQLITE_OK)
		while (ntables < 64 && sqlite3_step(tables) == SQLITE_ROW)
			names[ntables++] = strdup((const char *)sqlite3_column_text(tables, 0));
	sqlite3_finalize(tables);
	for (size_t at = 0; ntables && at + 8 <= n;) {
		const uint8_t *x = e + at;
		const char *table = names[x[1] % ntables];
		unsigned row = (unsigned)x[2] | (unsigned)x[3] << 8, vlen = x[6];
		char sql[1024], cols[64][64], key[512] = "";
		unsigned ncols = 0;
		sqlite3_stmt *st = NULL;
		at += 8;
		if (vlen > n - at)
			vlen = (unsigned)(n - at);
		/* columns and the key that names one row (rowid, or the primary key) */
		fuzz_format(sql, sizeof sql, "PRAGMA table_info(\"%s\")", table);
		if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK)
			while (ncols < 64 && sqlite3_step(st) == SQLITE_ROW) {
				fuzz_format(cols[ncols], sizeof cols[ncols], "%s", sqlite3_column_text(st, 1));
				if (sqlite3_column_int(st, 5) > 0 && strlen(key) + 70 < sizeof key)
					fuzz_format(key + strlen(key), sizeof key - strlen(key), "%s\"%s\"",
					            key[0] ? "," : "", cols[ncols]);
				ncols++;
			}
		sqlite3_finalize(st);
		if (!ncols)
			continue;
		if (!key[0] || x[0] & 4)
			fuzz_format(key, sizeof key, "rowid");
		if (x[0] % 2 == 0)
			fuzz_format(sql, sizeof sql,
			         "UPDATE \"%s\" SET \"%s\" = ?1 WHERE (%s) IN (SELECT %s FROM \"%s\" "
			         "LIMIT 1 OFFSET ?2)",
			         table, cols[x[4] % ncols], key, key, table);
		else
			fuzz_format(sql, sizeof sql,
			         "DELETE FROM \"%s\" WHERE (%s) IN (SELECT %s FROM \"%s\" LIMIT 1 "
			         "OFFSET ?2)",
			         table, key, key, table);
		if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK) {
			static const int64_t ints[] = {0, 1, -1, 2, 255, 65536, 2147483647, -2147483648LL,
			                               INT64_MAX, INT64_MIN, 1000000007};
			switch (x[5] % 6) {
			case 0: sqlite3_bind_null(st, 1); break;
			case 1: sqlite3_bind_int64(st, 1, ints[x[7] % (sizeof ints / sizeof ints[0])]); break;
			case 2: sqlite3_bind_int64(st, 1, (int8_t)x[7]); break;
			case 3: sqlite3_bind_double(st, 1, x[7] % 2 ? -0.5 : 1e300); break;
			case 4: sqlite3_bind_text(st, 1, (const char *)e + at, (int)vlen, SQLITE_TRANSIENT); break;
			default: sqlite3_bind_blob(st, 1, e + at, (int)vlen, SQLITE_TRANSIENT); break;
			}
			sqlite3_bind_int(st, 2, (int)row);
			sqlite3_step(st);
		}
		sqlite3_finalize(st);
		if (x[5] % 6 >= 4)
			at += vlen;
	}
	for (unsigned i = 0; i < ntables; i++)
		free(names[i]);
	sqlite3_close(db);
}

void fuzz_run_db(const struct fuzz_target *t, const uint8_t *data, size_t len)
{
	static FILE *null;
	struct ip_store *s = NULL;
	struct ip_diag d;
	(void)t;
	make_template();
	if (!null && !(null = fopen("/dev/null", "w")))
		abort();
	if (len && data[0] % 2 == 0) {
		if (write_db(data + 1, len - 1) != 0)
			abort();
	} else {
		if (write_db(template_db, template_len) != 0)
			abort();
		if (len)
			apply_edits(data + 1, len - 1);
	}
	/* what `isaprobe infer`, `report` and `query` do with it: the mode byte's bits 1-2 pick
	 * the report's format, bits 3-5 the question, bits 6-7 query's --format (one of each per
	 * input keeps inputs fast) */
	ip_diag_init(&d, db_path);
	if (ip_store_open(db_path, IP_STORE_READ_WRITE, &s, &d) == 0) {
		static const enum ip_report_format formats[] = {IP_REPORT_MD, IP_REPORT_JSON,
		                                                IP_REPORT_HTML, IP_REPORT_MD};
		struct ip_report_options o = {0};
		if (ip_infer(s, NULL, NULL, &d) == 0)
			(void)ip_report_sentences(s, &d);
		o.format = formats[len ? data[0] >> 1 & 3 : 0];
		o.title = "fuzz";
		ip_diag_init(&d, db_path);
		(void)ip_report(s, &o, null, &d);
		ip_store_close(s);
	}
	{
		static const char *const questions[][3] = {
			{"campaigns", NULL, NULL},       {"new-findings", NULL, NULL},
			{"unknown-fields", "midgard", NULL}, {"field", "unk25", NULL},
			{"examples", "flags", "3"},
		};
		static const char *const query_formats[] = {"table", "md", "csv", "json"};
		unsigned q = len ? (unsigned)(data[0] >> 3 & 7) : 0;
		if (q < sizeof questions / sizeof questions[0]) {
			char *argv[10];
			int argc = 0;
			argv[argc++] = (char *)"query";
			argv[argc++] = (char *)"--db";
			argv[argc++] = db_path;
			argv[argc++] = (char *)"--format";
			argv[argc++] = (char *)query_formats[len ? data[0] >> 6 & 3 : 0];
			for (int k = 0; k < 3 && questions[q][k]; k++)
				argv[argc++] = (char *)questions[q][k];
			argv[argc] = NULL;
			(void)cmd_query(argc, argv);
		}
	}
	fflush(stdout);
}

int fuzz_seed_db(const struct fuzz_target *t, struct fuzz_seed_ctx *c)
{
	static const struct {
		size_t n;
		uint8_t b[17];
	} edits[] = {
		/* edits (mode bit 0), Markdown, campaigns: one UPDATE of an outcome's data to a
		 * short blob */
		{12, {1, 0, 5, 0, 0, 4, 5, 4, 2, 1, 2, 3}},
		/* JSON, new-findings: a run's value to NULL; a campaign's cursor to INT64_MAX */
		{17, {1 | 1 << 1 | 1 << 3, 0, 9, 0, 0, 2, 0, 0, 0, 0, 1, 0, 0, 3, 1, 0, 8}},
		/* HTML, unknown-fields: a deleted context */
		{9, {1 | 2 << 1 | 2 << 3, 1, 1, 0, 0, 0, 0, 0, 0}},
		/* the sound database: field unk25, examples flags */
		{1, {1 | 3 << 3}},
		{1, {1 | 4 << 3}},
	};
	uint8_t *raw;
	int rc;
	(void)t;
	make_template();
	for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++)
		if (fuzz_seed_write(c, "edits", edits[i].b, edits[i].n) != 0)
			return -1;
	raw = malloc(template_len + 1);
	if (!raw)
		return -1;
	raw[0] = 0; /* mode bit 0 clear: the file's bytes */
	memcpy(raw + 1, template_db, template_len);
	rc = fuzz_seed_write(c, "file", raw, template_len + 1);
	free(raw);
	return rc;
}
