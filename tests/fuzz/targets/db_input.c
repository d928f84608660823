/* db_input.c: the damaged findings databases of the db fuzz targets: a sound database made once
 * per process (campaigns on the simulators, inferred), and inputs written over it as bytes or
 * applied to it as cell edits (db_input.h). */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests/support/sample_probes.h"
#include "db_input.h"
#include "isaprobe/campaign.h"
#include "isaprobe/infer.h"
#include "targets.h"

/* The sound database: two small campaigns of a Midgard probe (auto, then walk) and an
 * exhaustive one of a Utgard GP probe, and their findings. */
static const char template_probe_a[] =
	SAMPLE_MIDGARD_LD_ATTR_HEAD
	"target 0.load_store bits 25-32\n"
	"input registers distinct 416\n"
	"input registers words 3 0 2 1 1 3 0 2\n"
	"input registers distinct 64\n"
	"record registers 16\n"
	"input attributes distinct 4096\n"
	"observe registers 512\n"
	"context a op=ld_attr_32 unk25=0x1c1c\n"
	"context v op=ld_vary_32 unk25=0x1c9c\n";
static const char template_probe_b[] = SAMPLE_UTGARD_GP_FLAGS_PROBE;

static const char *const file_names[FUZZ_DB_FILES] = {"f.db", "out.db", "sound.db"};
static char dir[4096], paths[FUZZ_DB_FILES][4200];
static uint8_t *template_db;
static size_t template_len;
static pid_t maker; /* the process that made dir (AFL++'s children must leave it be) */

void fuzz_db_remove(enum fuzz_db_file which)
{
	static const char *const tails[] = {"", "-wal", "-shm", "-journal"};
	for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
		char p[4300];
		fuzz_format(p, sizeof p, "%s%s", paths[which], tails[i]);
		unlink(p);
	}
}

static void cleanup(void)
{
	if (getpid() != maker)
		return;
	for (int i = 0; i < FUZZ_DB_FILES; i++)
		fuzz_db_remove((enum fuzz_db_file)i);
	rmdir(dir);
}

static int write_file(enum fuzz_db_file which, const uint8_t *data, size_t n)
{
	FILE *f;
	fuzz_db_remove(which);
	f = fopen(paths[which], "wb");
	if (!f && mkdir(dir, 0700) == 0) /* removed under us (a tmp cleaner) */
		f = fopen(paths[which], "wb");
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

/* Makes the sound database once: folder, database, campaigns, inference; reads its bytes. */
static void make(void)
{
	/* TMPDIR (ci/fuzz's, in memory), else memory-backed when there is one: SQLite syncs, and
	 * a disk makes every input wait */
	const char *tmp = getenv("TMPDIR");
	if (!tmp || !*tmp)
		tmp = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
	const char *db_path = paths[FUZZ_DB_WORK];
	struct ip_store *s = NULL;
	struct ip_diag d;
	FILE *f;
	long n;
	if (template_db)
		return;
	fuzz_format(dir, sizeof dir, "%s/isaprobe-fuzz-db-XXXXXX", tmp);
	if (!mkdtemp(dir)) {
		perror("isaprobe-fuzz db: mkdtemp");
		abort();
	}
	maker = getpid();
	atexit(cleanup);
	for (int i = 0; i < FUZZ_DB_FILES; i++)
		fuzz_format(paths[i], sizeof paths[i], "%s/%s", dir, file_names[i]);
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
	if (write_file(FUZZ_DB_SOUND, template_db, template_len) != 0)
		abort();
}

const uint8_t *fuzz_db_template(size_t *len)
{
	make();
	*len = template_len;
	return template_db;
}

const char *fuzz_db_path(enum fuzz_db_file which)
{
	make();
	return paths[which];
}

int fuzz_db_write(const uint8_t *data, size_t n)
{
	make();
	return write_file(FUZZ_DB_WORK, data, n);
}

int fuzz_db_write_over(size_t at, const uint8_t *data, size_t n)
{
	uint8_t *b;
	int rc;
	make();
	if (!(b = malloc(template_len)))
		abort();
	memcpy(b, template_db, template_len);
	if (at < template_len)
		memcpy(b + at, data, n < template_len - at ? n : template_len - at);
	rc = write_file(FUZZ_DB_WORK, b, template_len);
	free(b);
	return rc;
}

void fuzz_db_edit(const uint8_t *e, size_t n)
{
	sqlite3 *db;
	sqlite3_stmt *tables = NULL;
	char *names[64];
	unsigned ntables = 0;
	make();
	if (sqlite3_open(paths[FUZZ_DB_WORK], &db) != SQLITE_OK) {
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


int fuzz_db_edit_encode(uint8_t rec[8], unsigned op, const char *table, unsigned row,
                        const char *column, unsigned type, unsigned vlen, uint8_t vbyte)
{
	sqlite3 *db;
	sqlite3_stmt *st = NULL;
	char sql[256];
	int t = -1, c = -1, i = 0;
	make();
	if (sqlite3_open_v2(paths[FUZZ_DB_SOUND], &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
		sqlite3_close(db);
		return -1;
	}
	if (sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
	                       -1, &st, NULL) == SQLITE_OK)
		for (i = 0; sqlite3_step(st) == SQLITE_ROW; i++)
			if (strcmp((const char *)sqlite3_column_text(st, 0), table) == 0)
				t = i;
	sqlite3_finalize(st);
	fuzz_format(sql, sizeof sql, "PRAGMA table_info(\"%s\")", table);
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK)
		for (i = 0; sqlite3_step(st) == SQLITE_ROW; i++)
			if (strcmp((const char *)sqlite3_column_text(st, 1), column) == 0)
				c = i;
	sqlite3_finalize(st);
	sqlite3_close(db);
	if (t < 0 || c < 0 || t > 255 || c > 255 || row > 0xffff || vlen > 255) {
		fprintf(stderr, "isaprobe-fuzz: no column %s.%s in the sound database\n", table, column);
		return -1;
	}
	rec[0] = (uint8_t)op;
	rec[1] = (uint8_t)t;
	rec[2] = (uint8_t)row;
	rec[3] = (uint8_t)(row >> 8);
	rec[4] = (uint8_t)c;
	rec[5] = (uint8_t)type;
	rec[6] = (uint8_t)vlen;
	rec[7] = vbyte;
	return 0;
}
