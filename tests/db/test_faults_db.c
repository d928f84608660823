/* test_faults_db.c: damaged databases (rows changed by hand past the schema's own checks):
 * infer, report (Markdown and HTML) and db merge each refuse what they would read wrongly, with
 * an error naming the table and the row, never a crash or runaway output, and merge refuses
 * exactly what infer refuses. Each damage runs in a child, so a crash names it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fault_db.h"
#include "isaprobe/infer.h"
#include "isaprobe/report.h"

static char *dir;

enum { INFER = 1, REPORT = 2, MERGE = 4, ALL = 7 };

static const struct damage {
	const char *table, *sql, *why;
	int refused_by;
} damages[] = {
	/* runs (what the issue reproduced: a missing outcome, a context the layout lacks, an
	 * oversized value), in the blocks that hold them (db/block.c) */
#define FIRST " WHERE id = (SELECT min(id) FROM run_block)"
	/* the first entry's outcome id (an id alone, or the first of [id, count]) */
#define ID0 "coalesce(json_extract(outs, '$[0][0]'), json_extract(outs, '$[0]'))"
	{"run_block", "UPDATE run_block SET outs = json_set(outs, '$[0]', 99999)" FIRST,
	 "outcome 99999 does not exist", ALL},
	{"run_block", "UPDATE run_block SET context = 77 WHERE context = 1",
	 "context 77 is not one of", ALL},
	{"run_block", "UPDATE run_block SET lo = zeroblob(300)" FIRST,
	 "lo and hi are not values of 1 to 256 bytes", ALL},
	{"run_block", "UPDATE run_block SET n = 1, lo = x'0102', hi = x'0102', vals = x'0102'" FIRST,
	 "its values are 2 bytes, the campaign's values are 4", ALL},
	{"run_block", "UPDATE run_block SET hi = x'ff000000',"
	              " vals = CAST(substr(vals, 1, length(vals) - 4) || x'ff000000' AS BLOB)" FIRST,
	 "bits set beyond the campaign's 26 target bits", ALL},
	{"run_block", "UPDATE run_block SET outs = json_set(outs, '$[0]',"
	              " json_array(" ID0 ", 0))" FIRST,
	 "count 0 is not a number of runs", ALL},
	{"run_block", "UPDATE run_block SET outs = json_set(outs, '$[0]',"
	              " json_array(" ID0 ", -1))" FIRST,
	 "takes back more runs of outcome", ALL},
	{"run_block", "UPDATE run_block SET ok = ok + 1, fault = fault - 1" FIRST,
	 "its entries add up to", ALL},
	{"run_block", "UPDATE run_block SET runs = runs + 1" FIRST,
	 "its runs are not the sum of its runs per status", ALL},
	{"run_block", "UPDATE run_block SET outs = json_remove(outs, '$[#-1]')" FIRST,
	 "its outcomes end after", ALL},
	{"run_block", "UPDATE run_block SET outs = replace(outs, ',', ',1.5,')" FIRST,
	 "not an outcome id or [outcome id, count]", ALL},
	{"run_block", "UPDATE run_block SET lo = substr(vals, 5, 4), vals = CAST(substr(vals, 5, 4)"
	              " || substr(vals, 1, 4) || substr(vals, 9) AS BLOB) WHERE id = (SELECT min(id)"
	              " FROM run_block WHERE n >= 3)",
	 "its values are not in ascending order", ALL},
	{"run_block", "UPDATE outcome SET status = 9 WHERE id = (SELECT min(outcome_id) FROM run)",
	 "status 9 is not one of 0 to 5", ALL},
	{"run_block", "UPDATE outcome SET fault = -1 WHERE id = (SELECT min(outcome_id) FROM run)",
	 "fault -1 is not a 32-bit code", ALL},
	{"run_block", "UPDATE outcome SET data = 'text' WHERE id = (SELECT min(outcome_id) FROM run)",
	 "data is not a blob", ALL},
	/* layout */
	{"context", "UPDATE context SET seed_value = zeroblob(300) WHERE idx = 0",
	 "seed value is 300 bytes", ALL},
	{"context", "UPDATE context SET idx = 5 WHERE idx = 1", "not numbered 0, 1, 2", ALL},
	{"context", "UPDATE context SET label = x'00' WHERE idx = 0", "label is not text", ALL},
	{"target", "UPDATE target SET lo = 2000000000", "beyond the 60 bits of a", ALL},
	{"target", "UPDATE target SET width = 0", "are not a bit range", ALL},
	{"target", "UPDATE target SET value_lo = 30", "lie beyond the campaign's 4-byte values", ALL},
	{"buffer", "UPDATE buffer SET len = 1000000000000 WHERE direction = 'in'",
	 "is not 0 to 268435456 bytes", ALL},
	{"buffer", "UPDATE buffer SET len = len + 4 WHERE direction = 'in'", "its length says", ALL},
	{"buffer", "UPDATE buffer SET offset = -4 WHERE direction = 'out'", "offset -4", ALL},
	{"buffer", "UPDATE buffer SET names = zeroblob(8) WHERE direction = 'in'",
	 "record names are not a text", ALL},
	{"campaign", "UPDATE campaign SET cursor = -5", "cursor -5 is not a count", ALL},
	/* (a campaign without its device is no campaign inference or reports look at) */
	{"campaign", "UPDATE campaign SET device_id = 99", "device 99 does not exist", MERGE},
	/* findings: inference writes them anew (it reads none), reports and merge read them */
	{"finding", "UPDATE finding SET hi = 2000000000 WHERE id = (SELECT min(id) FROM finding)",
	 "beyond the 60 bits of a midgard.load_store word", REPORT | MERGE},
	{"finding", "UPDATE finding SET lo = hi + 1 WHERE id = (SELECT min(id) FROM finding)",
	 "are not a bit range", REPORT | MERGE},
	{"finding", "UPDATE finding SET details = '[1' WHERE id = (SELECT min(id) FROM finding)",
	 "details are not a JSON object", REPORT | MERGE},
	{"finding", "UPDATE finding SET confidence = 7 WHERE id = (SELECT min(id) FROM finding)",
	 "confidence 7", REPORT | MERGE},
	{"finding", "UPDATE finding SET last_seen = 99 WHERE id = (SELECT min(id) FROM finding)",
	 "does not exist", REPORT | MERGE},
	{"finding", "UPDATE finding SET context = -1 WHERE id = (SELECT min(id) FROM finding)",
	 "context -1 is not a context number", REPORT | MERGE},
	{"finding", "UPDATE finding SET bundle = 5000000000 WHERE id = (SELECT min(id) FROM finding)",
	 "is not a place in a program", REPORT | MERGE},
	{"finding", "UPDATE finding SET cond = x'00' WHERE id = (SELECT min(id) FROM finding)",
	 "its condition is not a text", REPORT | MERGE},
	/* (found by fuzzing the database readers, now the db-merge target of tests/fuzz/targets/: an
	 * index whose entry for a finding holds other bits than its row, which a report scanning
	 * by that index read: an HTML diagram four billion bits wide. quick_check does not see
	 * it.) */
	{"finding", "PRAGMA writable_schema = ON; UPDATE sqlite_master SET type = 'table',"
	            " name = 'hidden', tbl_name = 'hidden', sql = 'CREATE TABLE hidden (a, b)'"
	            " WHERE name = 'finding_first_seen';;"
	            "DELETE FROM finding WHERE id = (SELECT min(id) FROM finding);;"
	            "PRAGMA writable_schema = ON; UPDATE sqlite_master SET type = 'index',"
	            " name = 'finding_first_seen', tbl_name = 'finding',"
	            " sql = 'CREATE INDEX finding_first_seen ON finding (first_seen)'"
	            " WHERE name = 'hidden'",
	 "in index finding_first_seen", REPORT | MERGE},
};

/* Applies the damage; ";;" separates steps, each on a connection of its own (a change to the
 * schema table shows only to the next one). */
static int damage(const char *db, const char *text)
{
	char *steps = strdup(text), *step = steps, *next;
	int rc = 0;
	for (; step && !rc; step = next) {
		sqlite3 *h;
		char *err = NULL;
		if ((next = strstr(step, ";;")))
			*next = 0, next += 2;
		rc = sqlite3_open(db, &h) ||
		     sqlite3_exec(h, "PRAGMA foreign_keys = OFF; PRAGMA ignore_check_constraints = ON",
		                  NULL, NULL, NULL) ||
		     sqlite3_exec(h, step, NULL, NULL, &err) || sqlite3_changes(h) == 0;
		if (rc)
			fprintf(stderr, "%s: %s: %s\n", db, step, err ? err : "no row changed");
		sqlite3_free(err);
		sqlite3_close(h);
	}
	free(steps);
	return rc;
}

/* What one operation made of the damaged database: 0 or its error message (in msg). */
static int op_infer(const char *db, char *msg, size_t len)
{
	struct ip_store *s = NULL;
	struct ip_diag d;
	int rc;
	ip_diag_init(&d, db);
	rc = ip_store_open(db, IP_STORE_READ_WRITE, &s, &d) ? -1 : ip_infer(s, NULL, NULL, &d);
	ip_store_close(s);
	snprintf(msg, len, "%s", rc ? d.msg : "");
	return rc;
}

static int op_report(const char *db, enum ip_report_format format, char *msg, size_t len,
                     long *bytes)
{
	struct ip_store *s = NULL;
	struct ip_diag d;
	struct ip_report_options o = {format, NULL, 0, NULL, NULL, NULL, NULL};
	FILE *out = tmpfile();
	int rc;
	ip_diag_init(&d, db);
	rc = !out || ip_store_open(db, IP_STORE_READ_ONLY, &s, &d) ? -1 : ip_report(s, &o, out, &d);
	ip_store_close(s);
	*bytes = out ? ftell(out) : -1;
	if (out)
		fclose(out);
	snprintf(msg, len, "%s", rc ? d.msg : "");
	return rc;
}

static int op_merge(const char *db, const char *out, char *msg, size_t len)
{
	struct ip_diag d;
	const char *in[1] = {db};
	int rc;
	ip_diag_init(&d, out);
	rc = ip_store_merge(out, in, 1, NULL, &d);
	snprintf(msg, len, "%s", rc ? d.msg : "");
	return rc;
}

/* In a child: checks every operation on one damage; exits 0 when all held. */
static int try_damage(const struct damage *x, const char *base, unsigned k)
{
	char db[600], out[600], msg[1024], where[64];
	long bytes;
	unsigned before = check_failed;
	snprintf(db, sizeof db, "%s/damaged-%u.db", dir, k);
	snprintf(out, sizeof out, "%s/merged-%u.db", dir, k);
	/* a row that breaks a rule is named; an index that disagrees with its table, the index */
	snprintf(where, sizeof where, strstr(x->why, "in index") ? "table %s: " : "table %s, row (",
	         x->table);
	copy_file(base, db);
	if (damage(db, x->sql))
		return 1;
	/* report first: infer would write new findings over damaged ones */
	for (int html = 0; html < 2; html++) {
		int rc = op_report(db, html ? IP_REPORT_HTML : IP_REPORT_MD, msg, sizeof msg, &bytes);
		if (x->refused_by & REPORT)
			CHECK(rc != 0 && strstr(msg, where) && strstr(msg, x->why),
			      "%s: report %s: wanted an error naming %s... %s, got: %s", x->sql,
			      html ? "html" : "md", where, x->why, msg);
		CHECK(bytes < 1000000, "%s: report %s wrote %ld bytes", x->sql, html ? "html" : "md",
		      bytes);
	}
	{
		int rc = op_merge(db, out, msg, sizeof msg);
		if (x->refused_by & MERGE) {
			CHECK(rc != 0 && strstr(msg, where) && strstr(msg, x->why) &&
			              strstr(msg, "not merged"),
			      "%s: merge: wanted an error naming %s... %s, got: %s", x->sql, where, x->why,
			      msg);
			CHECK(access(out, F_OK) != 0, "%s: merge created its output", x->sql);
		}
	}
	{
		int rc = op_infer(db, msg, sizeof msg);
		if (x->refused_by & INFER)
			CHECK(rc != 0 && strstr(msg, where) && strstr(msg, x->why),
			      "%s: infer: wanted an error naming %s... %s, got: %s", x->sql, where, x->why,
			      msg);
		else
			CHECK(rc == 0, "%s: infer refused what it does not read: %s", x->sql, msg);
	}
	return check_failed > before;
}

int main(void)
{
	struct ip_diag d;
	struct ip_campaign_result r;
	char base[600], msg[1024];
	dir = fixture_tmpdir("test_faults_db");
	setenv("ISAPROBE_LOCK_LEASE", "3600", 1);
	if (ip_probe_parse(fake_probe_text, "fake.probe", &probe, &d) != 0) {
		ip_diag_print(&d, stderr);
		return 1;
	}
	snprintf(base, sizeof base, "%s/base.db", dir);
	CHECK(campaign(base, -1, 0, &r, &d) == 0 && r.finished, "campaign: %s", d.msg);
	CHECK(op_infer(base, msg, sizeof msg) == 0, "infer on the sound database: %s", msg);
	for (unsigned k = 0; k < sizeof damages / sizeof damages[0]; k++) {
		int status = 0;
		pid_t pid = fork();
		if (pid == 0) {
			int rc = try_damage(&damages[k], base, k);
			fflush(stdout);
			fflush(stderr);
			_exit(rc);
		}
		waitpid(pid, &status, 0);
		CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		      "damage \"%s\": %s (status %d)", damages[k].sql,
		      WIFSIGNALED(status) ? "crashed" : "not refused as it should be", status);
	}
	printf("%zu kinds of damage: each refused with the table and row named\n",
	       sizeof damages / sizeof damages[0]);
	ip_probe_free(&probe);
	fixture_rmdir(dir);
	return check_report("test_faults_db");
}
