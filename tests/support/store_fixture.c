/* store_fixture.c: what store_fixture.h declares, compiled once into the tests' support library
 * (tests/support/CMakeLists.txt). */
#include "store_fixture.h"

const uint8_t fixture_out_a[4] = {1, 2, 3, 4}, fixture_out_b[1] = {9};

char *fixture_tmpdir(const char *tag)
{
	const char *base = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	char *dir = malloc(strlen(base) + strlen(tag) + 16);
	if (!dir)
		abort();
	sprintf(dir, "%s/%s-XXXXXX", base, tag);
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		abort();
	}
	return dir;
}

void fixture_rmdir(char *dir)
{
	char cmd[4200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", dir);
	free(dir);
}

char *fixture_path(const char *dir, const char *name)
{
	char *p = malloc(strlen(dir) + strlen(name) + 2);
	if (!p)
		abort();
	sprintf(p, "%s/%s", dir, name);
	return p;
}

const char *fixture_diag_text(const struct ip_diag *d)
{
	static char buf[1024];
	FILE *f = fmemopen(buf, sizeof buf, "w");
	if (!f)
		abort();
	ip_diag_print(d, f);
	fclose(f);
	buf[sizeof buf - 1] = 0;
	return buf;
}

int64_t fixture_int(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *st;
	int64_t v = -1;
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

int fixture_fill(struct ip_store *s, struct ip_diag *d, int64_t *campaign)
{
	struct ip_campaign_key key = {0, 0, "walk", 7, 0, 0, 1};
	int64_t dev = ip_store_device(s, "sim", "t860", NULL, d);
	int64_t probe = ip_store_probe(s, "p", "midgard", "; probe p\n", 0, d);
	if (dev < 0 || probe < 0)
		return -1;
	key.device_id = dev;
	key.probe_id = probe;
	*campaign = ip_store_campaign(s, &key, NULL, NULL, d);
	if (*campaign < 0)
		return -1;
	for (unsigned b = 0; b < 3; b++) {
		uint8_t v1[2] = {(uint8_t)b, 1}, v2[2] = {0, 2}, v3[2] = {(uint8_t)b, 3};
		struct ip_outcome a = {IP_STATUS_OK, 0, fixture_out_a, sizeof fixture_out_a};
		struct ip_outcome bo = {IP_STATUS_FAULT, 3, fixture_out_b, sizeof fixture_out_b};
		struct ip_run runs[4] = {{0, v1, 2, a}, {0, v2, 2, bo}, {0, v1, 2, a}, {0, v3, 2, a}};
		if (ip_store_record(s, *campaign, runs, 4, 4 * (b + 1), d))
			return -1;
	}
	return 0;
}

void fixture_create(const char *path)
{
	struct ip_diag d;
	struct ip_store *s;
	int64_t c;
	unlink(path);
	ip_diag_init(&d, path);
	if (ip_store_open(path, IP_STORE_READ_WRITE_CREATE, &s, &d) || fixture_fill(s, &d, &c)) {
		ip_diag_print(&d, stderr);
		abort();
	}
	ip_store_close(s);
}

void fixture_check_intact(const char *path, const char *when)
{
	struct ip_diag d;
	struct ip_store *s;
	sqlite3 *db;
	ip_diag_init(&d, path);
	if (ip_store_open(path, IP_STORE_READ_ONLY, &s, &d)) {
		CHECK(0, "%s: reopening: %s", when, fixture_diag_text(&d));
		return;
	}
	db = ip_store_sqlite(s);
	CHECK(fixture_int(db, "SELECT sum(count) FROM run") == 12, "%s: runs", when);
	CHECK(fixture_int(db, "SELECT count(*) FROM run") == 7, "%s: run rows", when);
	CHECK(fixture_int(db, "SELECT count(*) FROM outcome") == 2, "%s: outcomes", when);
	CHECK(fixture_int(db, "SELECT count FROM run WHERE value = x'0200'") == 3, "%s: 0x200", when);
	CHECK(fixture_int(db, "SELECT count FROM run WHERE value = x'0101'") == 2, "%s: 0x101", when);
	CHECK(fixture_int(db, "SELECT cursor FROM campaign") == 12, "%s: cursor", when);
	ip_store_close(s);
}

struct ip_store *fixture_fresh_store(const char *path)
{
	struct ip_store *s;
	struct ip_diag d;
	ip_store_remove(path);
	ip_diag_init(&d, path);
	if (ip_store_open(path, IP_STORE_READ_WRITE_CREATE, &s, &d)) {
		ip_diag_print(&d, stderr);
		exit(1);
	}
	return s;
}

int64_t fixture_toy_campaign(struct ip_store *s, const char *name,
                             const char *const *labels, unsigned n,
                             size_t out_bytes)
{
	static uint8_t regs[64], seed = 0;
	struct ip_layout_context ctx[8];
	struct ip_diag d;
	uint64_t cursor;
	int fin;
	char text[80];
	ip_diag_init(&d, name);
	for (unsigned i = 0; i < 16; i++) { /* planted words the outputs never come from */
		uint32_t w = 0x4e000000u + i * 0x10203u;
		memcpy(regs + 4 * i, &w, 4);
	}
	for (unsigned c = 0; c < n && c < 8; c++)
		ctx[c] = (struct ip_layout_context){labels[c], &seed, 1};
	snprintf(text, sizeof text, "%s\n", name);
	int64_t dev = ip_store_device(s, "remote", name, NULL, &d);
	int64_t probe = ip_store_probe(s, name, "toy", text, 0, &d);
	struct ip_campaign_key key = {probe, dev, "pairs", 0, 0, 0, 1};
	int64_t id = ip_store_campaign(s, &key, &cursor, &fin, &d);
	struct ip_layout_buffer bufs[2] = {{0, "registers", 0, regs, sizeof regs, 0, NULL},
	                                   {1, "varyings_out", 0, NULL, out_bytes, 0, NULL}};
	struct ip_campaign_layout lay = {ctx, n < 8 ? n : 8, NULL, 0, bufs, 2};
	if (id <= 0 || ip_store_campaign_layout(s, id, &lay, &d) != 0) {
		ip_diag_print(&d, stderr);
		exit(1);
	}
	return id;
}

char *fixture_rows(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *st;
	size_t cap = 1 << 16, n = 0;
	char *out = malloc(cap);
	if (!out)
		abort();
	out[0] = '\0';
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
		snprintf(out, cap, "cannot query: %s", sqlite3_errmsg(db));
		return out;
	}
	while (sqlite3_step(st) == SQLITE_ROW)
		for (int c = 0; c < sqlite3_column_count(st); c++) {
			const char *t = (const char *)sqlite3_column_text(st, c);
			size_t l = strlen(t ? t : "") + 2;
			if (n + l + 1 > cap && !(out = realloc(out, cap = (n + l + 1) * 2)))
				abort();
			n += (size_t)snprintf(out + n, cap - n, "%s%c", t ? t : "",
			                      c + 1 == sqlite3_column_count(st) ? '\n' : '|');
		}
	sqlite3_finalize(st);
	return out;
}

char *fixture_file_rows(const char *path, const char *sql)
{
	sqlite3 *h;
	char *out;
	if (sqlite3_open_v2(path, &h, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
		size_t cap = strlen(path) + 256;
		if (!(out = malloc(cap)))
			abort();
		snprintf(out, cap, "cannot open %s: %s", path, sqlite3_errmsg(h));
	} else {
		out = fixture_rows(h, sql);
	}
	sqlite3_close(h);
	return out;
}

char *fixture_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;
	*len = 0;
	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (buf = malloc((size_t)n + 1)) && fread(buf, 1, (size_t)n, f) == (size_t)n)
		*len = (size_t)n;
	fclose(f);
	return buf;
}

int fixture_same_bytes(const char *path, const char *before, size_t len)
{
	size_t now_len;
	char *now = fixture_slurp(path, &now_len);
	int same = now && now_len == len && memcmp(now, before, len) == 0;
	free(now);
	return same;
}
