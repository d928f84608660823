/* test_store_errors.c: files the store must refuse or survive, each with a clear error naming
 * the file and nothing already stored lost: garbage, a corrupt database, another application's
 * SQLite file, a newer schema, a read-only file, and a full disk (page limit and a real tmpfs). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/wait.h>

#include "store_fixture.h"

/* Opening path in mode must fail with a message naming the file and containing `want`. */
static void expect_refused(const char *path, enum ip_store_mode mode, const char *want,
                           const char *what)
{
	struct ip_diag d;
	struct ip_store *s = (struct ip_store *)1;
	const char *text;
	ip_diag_init(&d, NULL);
	CHECK(ip_store_open(path, mode, &s, &d) == -1 && s == NULL, "%s: refused (mode %d)", what,
	      (int)mode);
	text = fixture_diag_text(&d);
	CHECK(strncmp(text, path, strlen(path)) == 0, "%s: the error names the file: %s", what, text);
	CHECK(strstr(text, want) != NULL, "%s: wanted \"%s\" in: %s", what, want, text);
	ip_store_close(s == (struct ip_store *)1 ? NULL : s);
}

static void write_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(data, 1, len, f) != len || fclose(f)) {
		perror(path);
		abort();
	}
}

static void sql_exec(const char *path, const char *sql)
{
	sqlite3 *db;
	char *err = NULL;
	if (sqlite3_open(path, &db) || sqlite3_exec(db, sql, NULL, NULL, &err)) {
		fprintf(stderr, "%s: %s: %s\n", path, sql, err ? err : sqlite3_errmsg(db));
		abort();
	}
	sqlite3_close(db);
}

static void test_garbage(const char *dir)
{
	char *path = fixture_path(dir, "garbage.db"), *bytes;
	char text[8192];
	size_t len;
	for (size_t i = 0; i < sizeof text; i++)
		text[i] = "isaprobe is not in here\n"[i % 24];
	write_file(path, text, sizeof text);
	bytes = fixture_slurp(path, &len);
	expect_refused(path, IP_STORE_READ_WRITE_CREATE, "not an SQLite database", "garbage");
	expect_refused(path, IP_STORE_READ_ONLY, "not an SQLite database", "garbage");
	CHECK(fixture_same_bytes(path, bytes, len), "garbage: the file is unchanged");
	free(bytes);
	free(path);
}

/* Our database with its schema page damaged: refused, not "repaired" or overwritten. */
static void test_corrupt(const char *dir)
{
	char *path = fixture_path(dir, "corrupt.db"), *bytes;
	size_t len;
	fixture_create(path);
	bytes = fixture_slurp(path, &len);
	CHECK(len > 4096, "a database of several pages");
	/* Page 1 after the 100-byte file header is the schema table's B-tree page. */
	memset(bytes + 100, 0xA5, 400);
	write_file(path, bytes, len);
	expect_refused(path, IP_STORE_READ_WRITE, "malformed", "damaged schema page");
	expect_refused(path, IP_STORE_READ_ONLY, "malformed", "damaged schema page");
	CHECK(fixture_same_bytes(path, bytes, len), "corrupt: the file is unchanged");
	free(bytes);

	/* Half the file missing (a copy cut short). Refused at open or at the first write that
	 * meets the missing pages; either way the error names the file. */
	fixture_create(path);
	bytes = fixture_slurp(path, &len);
	CHECK(truncate(path, (off_t)(len / 4096 / 2 * 4096)) == 0, "truncate");
	{
		struct ip_diag d;
		struct ip_store *s;
		int failed;
		ip_diag_init(&d, NULL);
		failed = ip_store_open(path, IP_STORE_READ_WRITE, &s, &d) != 0;
		if (!failed) {
			sqlite3 *db = ip_store_sqlite(s);
			failed = fixture_int(db, "SELECT sum(count) FROM run") != 12 ||
			         fixture_int(db, "PRAGMA quick_check") != -1;
			ip_store_close(s);
		}
		CHECK(failed, "a truncated database does not read as whole");
	}
	free(bytes);
	free(path);
}

static void test_foreign(const char *dir)
{
	char *path = fixture_path(dir, "foreign.db"), *other = fixture_path(dir, "other.db"), *bytes;
	size_t len;
	sql_exec(path, "CREATE TABLE notes (x TEXT); INSERT INTO notes VALUES ('keep me');");
	bytes = fixture_slurp(path, &len);
	expect_refused(path, IP_STORE_READ_WRITE_CREATE, "not an isaprobe one", "foreign");
	expect_refused(path, IP_STORE_READ_ONLY, "not an isaprobe one", "foreign");
	CHECK(fixture_same_bytes(path, bytes, len), "foreign: the file is unchanged");
	free(bytes);
	{
		sqlite3 *db;
		CHECK(sqlite3_open(path, &db) == SQLITE_OK, "open foreign");
		CHECK(fixture_int(db, "SELECT count(*) FROM notes WHERE x = 'keep me'") == 1,
		      "its data is still there");
		CHECK(fixture_int(db, "SELECT count(*) FROM sqlite_master") == 1, "no tables added");
		sqlite3_close(db);
	}
	/* Another application's id, even with no tables. */
	sql_exec(other, "PRAGMA application_id = 305419896"); /* 0x12345678 */
	bytes = fixture_slurp(other, &len);
	expect_refused(other, IP_STORE_READ_WRITE_CREATE, "another application (application_id "
	                                                  "0x12345678", "other application");
	CHECK(fixture_same_bytes(other, bytes, len), "other application: unchanged");
	free(bytes);
	free(path);
	free(other);
}

static void test_newer_schema(const char *dir)
{
	char *path = fixture_path(dir, "newer.db"), *bytes;
	char sql[64];
	size_t len;
	fixture_create(path);
	snprintf(sql, sizeof sql, "PRAGMA user_version = %d", IP_STORE_SCHEMA_VERSION + 1);
	sql_exec(path, sql);
	bytes = fixture_slurp(path, &len);
	expect_refused(path, IP_STORE_READ_WRITE, "newer than this isaprobe knows", "newer");
	expect_refused(path, IP_STORE_READ_WRITE_CREATE, "use a newer isaprobe", "newer");
	expect_refused(path, IP_STORE_READ_ONLY, "newer", "newer, read-only");
	CHECK(fixture_same_bytes(path, bytes, len), "newer: the file is unchanged");
	free(bytes);
	/* Set back by hand: everything is still there. */
	snprintf(sql, sizeof sql, "PRAGMA user_version = %d", IP_STORE_SCHEMA_VERSION);
	sql_exec(path, sql);
	fixture_check_intact(path, "newer schema, set back");
	free(path);
}

/* A read-only file in a read-only directory: in a child that is not root (root may write
 * anything). Writing is refused; reading works. */
static void test_read_only(const char *dir)
{
	char *path = fixture_path(dir, "readonly.db");
	pid_t pid;
	int status = 0;
	fixture_create(path);
	CHECK(chmod(path, 0444) == 0 && chmod(dir, 0755) == 0, "chmod");
	pid = fork();
	if (pid == 0) {
		if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
			_exit(99);
		unsigned before = check_failed;
		expect_refused(path, IP_STORE_READ_WRITE, "cannot be written", "read-only file");
		expect_refused(path, IP_STORE_READ_WRITE_CREATE, "it can still be read", "read-only");
		/* Read-only media: no -shm can be made beside it, yet it reads. */
		fixture_check_intact(path, "read-only file, read-only directory");
		_exit(check_failed > before ? 1 : 0);
	}
	CHECK(pid > 0 && waitpid(pid, &status, 0) == pid, "fork");
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "read-only checks in the child "
	      "(status %d)", status);
	CHECK(chmod(path, 0644) == 0 && chmod(dir, 0700) == 0, "chmod back");
	fixture_check_intact(path, "read-only file");
	free(path);
}

/* The same, but with committed batches still in the write-ahead log and no -shm file (a
 * database copied off a board mid-campaign): it cannot be read where no -shm can be made, and
 * says why; where it can, everything is there. */
static void test_read_only_wal(const char *dir)
{
	char *path = fixture_path(dir, "ro-wal.db"), *wal = fixture_path(dir, "ro-wal.db-wal");
	char *shm = fixture_path(dir, "ro-wal.db-shm");
	struct stat st;
	sqlite3 *db = NULL;
	pid_t pid;
	int status = 0;
	fixture_create(path);
	CHECK(sqlite3_open(path, &db) == SQLITE_OK &&
	      sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL) == SQLITE_OK &&
	      sqlite3_exec(db, "INSERT INTO device (runner, model) VALUES ('sim', 'x')", NULL, NULL,
	                   NULL) == SQLITE_OK,
	      "a write left in the WAL");
	sqlite3_close(db);
	CHECK(stat(wal, &st) == 0 && st.st_size > 0, "the WAL holds it");
	unlink(shm);
	CHECK(chmod(path, 0444) == 0 && chmod(wal, 0444) == 0 && chmod(dir, 0755) == 0, "chmod");
	pid = fork();
	if (pid == 0) {
		if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
			_exit(99);
		unsigned before = check_failed;
		expect_refused(path, IP_STORE_READ_ONLY, "write-ahead log", "read-only, WAL");
		_exit(check_failed > before ? 1 : 0);
	}
	CHECK(pid > 0 && waitpid(pid, &status, 0) == pid, "fork");
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "read-only WAL checks in the child "
	      "(status %d)", status);
	CHECK(chmod(path, 0644) == 0 && chmod(wal, 0644) == 0 && chmod(dir, 0700) == 0, "back");
	fixture_check_intact(path, "read-only file with a WAL");
	free(path);
	free(wal);
	free(shm);
}

/* Records batches of runs whose outcomes are all new (so that each batch needs new pages)
 * until one fails; returns the runs stored before it, with the failure in d. */
static uint64_t fill_until_full(struct ip_store *s, int64_t campaign, uint64_t cursor,
                                unsigned max_batches, struct ip_diag *d, int *failed)
{
	enum { N = 500 };
	static uint8_t values[N][4], outs[N][200];
	struct ip_run runs[N];
	uint64_t stored = 0;
	*failed = 0;
	for (unsigned b = 0; b < max_batches; b++) {
		for (unsigned i = 0; i < N; i++) {
			uint32_t v = 0x10000 + b * N + i;
			memcpy(values[i], &v, 4);
			memset(outs[i], (int)(i & 0xff), sizeof outs[i]);
			memcpy(outs[i], &v, 4);
			runs[i] = (struct ip_run){1, values[i], 4,
			                          {IP_STATUS_OK, 0, outs[i], sizeof outs[i]}};
		}
		if (ip_store_record(s, campaign, runs, N, cursor + stored + N, d)) {
			*failed = 1;
			return stored;
		}
		stored += N;
	}
	return stored;
}

static void test_page_limit(const char *dir)
{
	char *path = fixture_path(dir, "full.db");
	struct ip_diag d;
	struct ip_store *s;
	int64_t campaign;
	int failed;
	uint64_t stored;
	char sql[64];
	fixture_create(path);
	ip_diag_init(&d, path);
	if (ip_store_open(path, IP_STORE_READ_WRITE, &s, &d) || fixture_fill(s, &d, &campaign)) {
		CHECK(0, "open: %s", fixture_diag_text(&d));
		return;
	}
	/* fixture_fill again found the same campaign and added its 12 runs again: 24 now. */
	snprintf(sql, sizeof sql, "PRAGMA max_page_count = %lld",
	         (long long)fixture_int(ip_store_sqlite(s), "PRAGMA page_count") + 40);
	CHECK(fixture_int(ip_store_sqlite(s), sql) > 0, "page limit set");
	stored = fill_until_full(s, campaign, 24, 1000, &d, &failed);
	CHECK(failed, "the page limit is met");
	CHECK(strstr(fixture_diag_text(&d), path) != NULL, "names the file: %s",
	      fixture_diag_text(&d));
	CHECK(strstr(d.msg, "full") != NULL && strstr(d.msg, "rolled back") != NULL,
	      "says full and rolled back: %s", d.msg);
	/* The handle goes on working once there is room again. */
	CHECK(fixture_int(ip_store_sqlite(s), "PRAGMA max_page_count = 1000000000") > 0, "room");
	{
		uint8_t v[2] = {9, 9};
		struct ip_run r = {0, v, 2, {IP_STATUS_OK, 0, fixture_out_a, sizeof fixture_out_a}};
		CHECK(ip_store_record(s, campaign, &r, 1, 24 + stored + 1, &d) == 0,
		      "records after the failure: %s", d.msg);
	}
	ip_store_close(s);
	ip_diag_init(&d, path);
	CHECK(ip_store_open(path, IP_STORE_READ_ONLY, &s, &d) == 0, "reopen");
	if (s) {
		sqlite3 *db = ip_store_sqlite(s);
		CHECK((uint64_t)fixture_int(db, "SELECT sum(count) FROM run") == 24 + stored + 1,
		      "every batch before the full one, none of it, and the one after (%llu)",
		      (unsigned long long)stored);
		CHECK((uint64_t)fixture_int(db, "SELECT cursor FROM campaign") == 24 + stored + 1,
		      "cursor");
		CHECK(fixture_int(db, "SELECT count FROM run WHERE value = x'0200'") == 6, "0x200");
		ip_store_close(s);
	}
	free(path);
}

/* Becomes root of a private mount namespace (a user namespace when not root). */
static int private_mounts(void)
{
	uid_t uid = geteuid();
	gid_t gid = getegid();
	if (uid != 0) {
		char map[64];
		int fd;
		if (unshare(CLONE_NEWUSER | CLONE_NEWNS))
			return -1;
		if ((fd = open("/proc/self/setgroups", O_WRONLY)) >= 0) {
			if (write(fd, "deny", 4) != 4)
				return -1;
			close(fd);
		}
		snprintf(map, sizeof map, "0 %u 1", (unsigned)uid);
		if ((fd = open("/proc/self/uid_map", O_WRONLY)) < 0 ||
		    write(fd, map, strlen(map)) != (ssize_t)strlen(map))
			return -1;
		close(fd);
		snprintf(map, sizeof map, "0 %u 1", (unsigned)gid);
		if ((fd = open("/proc/self/gid_map", O_WRONLY)) < 0 ||
		    write(fd, map, strlen(map)) != (ssize_t)strlen(map))
			return -1;
		close(fd);
	} else if (unshare(CLONE_NEWNS)) {
		return -1;
	}
	/* Nothing mounted here may show outside. */
	return mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL);
}

/* A real full disk: a 512 KiB tmpfs in a private mount namespace (exit 77: cannot mount). */
static int full_disk_child(const char *dir)
{
	char *mnt = fixture_path(dir, "small"), *path;
	struct ip_diag d;
	struct ip_store *s;
	int64_t campaign;
	int failed;
	unsigned before = check_failed;
	uint64_t stored;
	if (mkdir(mnt, 0700) || private_mounts() ||
	    mount("tmpfs", mnt, "tmpfs", MS_NOSUID | MS_NODEV, "size=512k"))
		return 77;
	path = fixture_path(mnt, "full.db");
	fixture_create(path);
	ip_diag_init(&d, path);
	if (ip_store_open(path, IP_STORE_READ_WRITE, &s, &d) || fixture_fill(s, &d, &campaign)) {
		CHECK(0, "open: %s", fixture_diag_text(&d));
		return 1;
	}
	stored = fill_until_full(s, campaign, 24, 1000, &d, &failed);
	CHECK(failed, "the disk fills up");
	CHECK(strstr(fixture_diag_text(&d), path) != NULL, "names the file: %s",
	      fixture_diag_text(&d));
	CHECK(strstr(d.msg, "full") != NULL, "says full: %s", d.msg);
	printf("full disk: %llu runs stored, then: %s", (unsigned long long)stored,
	       fixture_diag_text(&d));
	ip_store_close(s);
	ip_diag_init(&d, path);
	CHECK(ip_store_open(path, IP_STORE_READ_ONLY, &s, &d) == 0, "reopen after the full disk: %s",
	      d.msg);
	if (s) {
		sqlite3 *db = ip_store_sqlite(s);
		CHECK((uint64_t)fixture_int(db, "SELECT sum(count) FROM run") == 24 + stored,
		      "every committed batch is there (%llu runs)", (unsigned long long)stored);
		CHECK((uint64_t)fixture_int(db, "SELECT cursor FROM campaign") == 24 + stored,
		      "the cursor matches");
		CHECK(fixture_int(db, "SELECT count FROM run WHERE value = x'0200'") == 6, "0x200");
		ip_store_close(s);
	}
	return check_failed > before ? 1 : 0;
}

static void test_full_disk(const char *dir)
{
	int status = 0;
	pid_t pid = fork();
	if (pid == 0) {
		int rc = full_disk_child(dir);
		fflush(stdout);
		_exit(rc);
	}
	CHECK(pid > 0 && waitpid(pid, &status, 0) == pid, "fork");
	if (WIFEXITED(status) && WEXITSTATUS(status) == 77)
		printf("full disk on tmpfs: skipped (no private mount namespace here); "
		       "the page-limit case covers the error path\n");
	else
		CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "full disk child (status %d)",
		      status);
}

int main(void)
{
	char *dir = fixture_tmpdir("test_store_errors");
	test_garbage(dir);
	test_corrupt(dir);
	test_foreign(dir);
	test_newer_schema(dir);
	test_read_only(dir);
	test_read_only_wal(dir);
	test_page_limit(dir);
	test_full_disk(dir);
	fixture_rmdir(dir);
	return check_report("test_store_errors");
}
