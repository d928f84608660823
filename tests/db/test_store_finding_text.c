/* test_store_finding_text.c: a file whose finding_text view predates the public verdict (as
 * intermediate builds at schema 4 and 5 left it: the column NULL, or no view at all), or the
 * bits as numbers (lo, hi: as builds before issue 33 left it), made by hand in SQL. Opened
 * read-only it is left as it is and the handle reads the verdict and the numbers through a
 * temporary view; opened for writing the view is made again, once: a second open changes
 * nothing. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "isaprobe/store.h"
#include "store_fixture.h"

/* The view as such a build wrote it: every column but the verdict, which is NULL. */
static const char old_view[] =
	"DROP VIEW finding_text;"
	"CREATE VIEW finding_text AS SELECT p.name AS probe, p.isa, f.context, NULL AS instruction,"
	" f.format, f.lo || '-' || f.hi AS bits, f.kind, f.cond AS \"when\","
	" json_extract(f.details, '$.sentence') AS sentence, NULL AS public_verdict,"
	" f.confidence, f.id AS finding_id FROM finding f JOIN probe p ON p.id = f.probe_id;";

/* The view as builds before issue 33 wrote it: the verdict, but the bits only as text. */
static const char text_bits_view[] =
	"DROP VIEW finding_text;"
	"CREATE VIEW finding_text AS SELECT p.name AS probe, p.isa, f.context, NULL AS instruction,"
	" f.format, CASE WHEN f.lo = f.hi THEN f.lo ELSE f.lo || '-' || f.hi END AS bits, f.kind,"
	" f.cond AS \"when\", json_extract(f.details, '$.sentence') AS sentence,"
	" json_extract(f.details, '$.public_verdict') AS public_verdict,"
	" f.confidence, f.id AS finding_id FROM finding f JOIN probe p ON p.id = f.probe_id;";

static const char finding_sql[] =
	"INSERT INTO probe (id, name, isa, source_text, source_hash) VALUES (1, 'p', 'midgard', '',"
	" zeroblob(16));"
	"INSERT INTO finding (probe_id, format, lo, hi, kind, details, confidence, first_seen,"
	" last_seen) VALUES (1, 'midgard.load_store', 35, 37, 'register', '{\"sentence\":\"s\","
	"\"public_verdict\":\"agrees with index_reg 35-37\"}', 1.0, 1, 1);";

static const char view_sql[] =
	"SELECT sql FROM sqlite_master WHERE name = 'finding_text'";

/* Makes path an up-to-date store with one finding, then sets its view with `sql` (raw). */
static void make(const char *path, const char *sql)
{
	sqlite3 *h;
	ip_store_close(fixture_fresh_store(path));
	CHECK(sqlite3_open(path, &h) == SQLITE_OK &&
	      sqlite3_exec(h, finding_sql, NULL, NULL, NULL) == SQLITE_OK &&
	      sqlite3_exec(h, sql, NULL, NULL, NULL) == SQLITE_OK, "making %s: %s", path,
	      sqlite3_errmsg(h));
	sqlite3_close(h);
}

static struct ip_store *open_as(const char *path, enum ip_store_mode mode)
{
	struct ip_store *s = NULL;
	struct ip_diag d;
	ip_diag_init(&d, path);
	CHECK(ip_store_open(path, mode, &s, &d) == 0, "open %s: %s", path, d.msg);
	return s;
}

static void check_file(const char *path, const char *sql)
{
	char *before = fixture_file_rows(path, view_sql), *t;
	struct ip_store *s;
	/* read-only: the file keeps its view, the handle reads the verdict */
	if ((s = open_as(path, IP_STORE_READ_ONLY))) {
		t = fixture_rows(ip_store_sqlite(s), "SELECT bits, lo, hi, typeof(lo), public_verdict"
		                                     " FROM finding_text");
		CHECK(!strcmp(t, "35-37|35|37|integer|agrees with index_reg 35-37\n"),
		      "%s read-only: %s", sql, t);
		free(t);
		ip_store_close(s);
	}
	t = fixture_file_rows(path, view_sql);
	CHECK(!strcmp(t, before), "%s: a read-only open changed the view:\n%s", sql, t);
	free(t);
	/* for writing: the view is the current one */
	if ((s = open_as(path, IP_STORE_READ_WRITE)))
		ip_store_close(s);
	t = fixture_file_rows(path, "SELECT bits, lo, hi, public_verdict FROM finding_text");
	CHECK(!strcmp(t, "35-37|35|37|agrees with index_reg 35-37\n"), "%s rebuilt: %s", sql, t);
	free(t);
	char *rebuilt = fixture_file_rows(path, view_sql);
	CHECK(strstr(rebuilt, "json_extract(f.details, '$.public_verdict') AS public_verdict") &&
	      strstr(rebuilt, "CASE WHEN f.lo = f.hi"), "%s: the view made again:\n%s", sql,
	      rebuilt);
	/* and again: nothing to do, the same view */
	if ((s = open_as(path, IP_STORE_READ_WRITE)))
		ip_store_close(s);
	t = fixture_file_rows(path, view_sql);
	CHECK(!strcmp(t, rebuilt), "%s: a second open changed the view", sql);
	free(t);
	free(rebuilt);
	free(before);
}

int main(void)
{
	char path[256];
	snprintf(path, sizeof path, "/tmp/isaprobe_test_finding_text_%d.db", (int)getpid());
	make(path, old_view);
	check_file(path, "NULL verdict column");
	make(path, "DROP VIEW finding_text;");
	check_file(path, "no view");
	make(path, text_bits_view);
	check_file(path, "bits as text only");
	/* a current file is left alone: the view's text is the schema's, byte for byte */
	make(path, "SELECT 1;");
	char *before = fixture_file_rows(path, view_sql);
	struct ip_store *s = open_as(path, IP_STORE_READ_WRITE);
	if (s)
		ip_store_close(s);
	char *after = fixture_file_rows(path, view_sql);
	CHECK(!strcmp(before, after), "a current view was changed");
	free(before);
	free(after);
	ip_store_remove(path);
	return check_report("test_store_finding_text");
}
