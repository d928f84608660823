/* test_store_questions.c: `query`'s named questions behind db/questions.c and the findings'
 * details reader of db/findings.c, on a small database made by hand: the questions found by
 * name, their parts prepared and answered, field names checked, ip_bits and details members. */
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "isaprobe/internal/questions.h"
#include "isaprobe/internal/store_io.h"
#include "isaprobe/store.h"
#include "store_fixture.h"

/* A probe of Midgard with one finding over load_store bits 35-37 (inside unk25). */
static const char finding_sql[] =
	"PRAGMA foreign_keys = OFF;" /* (first_seen and last_seen name no campaign) */
	"INSERT INTO probe (id, name, isa, source_text, source_hash) VALUES (1, 'p', 'midgard', '',"
	" zeroblob(16));"
	"INSERT INTO finding (probe_id, format, lo, hi, kind, details, confidence, first_seen,"
	" last_seen) VALUES (1, 'midgard.load_store', 35, 37, 'register',"
	" '{\"ops\":{\"3\":\"fadd\"},\"names\":{\"0\":\"r0\"}}', 1.0, 1, 1);";

/* Steps a prepared part to its end: its rows, or -1 on an error. */
static int rows_of(void *stmt)
{
	int n = 0, rc;
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW)
		n++;
	sqlite3_finalize(stmt);
	return rc == SQLITE_DONE ? n : -1;
}

/* The column `col` of the first row of part `part` of question name with one argument. */
static char *first_cell(struct ip_store *s, const char *name, int part, char *arg, int col)
{
	const struct ip_question *q = ip_question_find(name);
	struct ip_diag d;
	void *st;
	char *cell = NULL;
	ip_diag_init(&d, "questions");
	if (!q || ip_question_prepare(s, q, part, &arg, 1, &st, &d))
		return NULL;
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, col))
		cell = strdup((const char *)sqlite3_column_text(st, col));
	sqlite3_finalize(st);
	return cell;
}

static void table(void)
{
	static const char *const names[] = {"campaigns", "new-findings", "field", "examples",
	                                    "unknown-fields"};
	size_t n;
	const struct ip_question *all = ip_questions(&n), *q;
	CHECK(n == 5, "%zu questions", n);
	for (size_t i = 0; i < n && i < 5; i++)
		CHECK(!strcmp(all[i].name, names[i]), "question %zu: %s, want %s", i, all[i].name,
		      names[i]);
	q = ip_question_find("field");
	CHECK(q && ip_question_nparts(q) == 3 && !strcmp(q->parts[0].title, "table") &&
	      !strcmp(q->parts[1].title, "campaigns") && !strcmp(q->parts[2].title, "findings"),
	      "field: three parts, table, campaigns, findings");
	CHECK(q && q->first_arg == IP_QUESTION_ARG_FIELD, "field takes a field");
	q = ip_question_find("unknown-fields");
	CHECK(q && q->first_arg == IP_QUESTION_ARG_ISA && ip_question_nparts(q) == 1,
	      "unknown-fields takes an ISA, one part");
	q = ip_question_find("examples");
	CHECK(q && q->min_args == 1 && q->max_args == 2, "examples FIELD [N]");
	CHECK(ip_question_find("nosuch") == NULL, "no question nosuch");
}

static void answers(const char *path)
{
	struct ip_store *s = fixture_fresh_store(path);
	sqlite3 *db = ip_store_sqlite(s);
	const struct ip_question *q = ip_question_find("field");
	struct ip_diag d;
	char *arg = "unk25", *cell;
	void *st;
	ip_diag_init(&d, path);
	CHECK(sqlite3_exec(db, finding_sql, NULL, NULL, NULL) == SQLITE_OK, "%s", sqlite3_errmsg(db));
	CHECK(ip_query_setup(s, q, NULL, &d) == 0, "setup: %s", d.msg);
	CHECK(ip_question_field_known(s, "unk25", &d) == 1, "unk25 is a field");
	CHECK(ip_question_field_known(s, "load_store.unk25", &d) == 1, "load_store.unk25 too");
	CHECK(ip_question_field_known(s, "midgard.load_store.unk25", &d) == 1,
	      "midgard.load_store.unk25 too");
	CHECK(ip_question_field_known(s, "unk26", &d) == 0, "unk26 is none");
	/* field unk25: the table's row (midgard.load_store 25-50), no campaign, the finding */
	CHECK(ip_question_prepare(s, q, 0, &arg, 1, &st, &d) == 0, "%s", d.msg);
	CHECK(rows_of(st) >= 1, "field unk25: its rows of the field tables");
	cell = first_cell(s, "field", 0, "unk25", 2);
	CHECK(cell && !strcmp(cell, "25-50"), "field unk25: bits %s, want 25-50", cell ? cell : "?");
	free(cell);
	CHECK(ip_question_prepare(s, q, 1, &arg, 1, &st, &d) == 0 && rows_of(st) == 0,
	      "field unk25: no campaign");
	CHECK(ip_question_prepare(s, q, 2, &arg, 1, &st, &d) == 0 && rows_of(st) == 1,
	      "field unk25: the one finding");
	cell = first_cell(s, "field", 2, "unk25", 4);
	CHECK(cell && !strcmp(cell, "35-37"), "field unk25's finding: bits %s, want 35-37",
	      cell ? cell : "?");
	free(cell);
	/* every question's every part prepares and runs on this file */
	{
		size_t n;
		const struct ip_question *all = ip_questions(&n);
		char *args[] = {"midgard", "5"};
		for (size_t i = 0; i < n; i++)
			for (int p = 0; p < ip_question_nparts(&all[i]); p++) {
				int nargs = all[i].min_args;
				char *a0 = all[i].first_arg == IP_QUESTION_ARG_ISA ? "midgard" : "unk25";
				char *use[2] = {a0, args[1]};
				CHECK(ip_question_prepare(s, &all[i], p, use, nargs, &st, &d) == 0,
				      "%s part %d: %s", all[i].name, p, d.msg);
				if (st)
					CHECK(rows_of(st) >= 0, "%s part %d runs", all[i].name, p);
			}
	}
	/* ip_bits: bits [4, 12) of the big-endian 0xff00 are 0xf0; width 0 is NULL */
	CHECK(fixture_int(db, "SELECT ip_bits(x'ff00', 4, 8)") == 0xf0, "ip_bits(ff00, 4, 8)");
	CHECK(fixture_int(db, "SELECT ip_bits(x'ff00', 4, 0) IS NULL") == 1, "ip_bits width 0");
	/* the details reader */
	{
		struct ip_details_reader *r;
		char buf[32];
		CHECK(ip_details_reader_open(s, &r, &d) == 0, "%s", d.msg);
		CHECK(!strcmp(ip_details_reader_get(r, "{\"ops\":{\"3\":\"fadd\"}}", "$.ops.\"3\"", buf,
		                                    sizeof buf), "fadd"), "ops 3: %s", buf);
		CHECK(!strcmp(ip_details_reader_get(r, "{\"ops\":{\"3\":\"fadd\"}}", "$.ops.\"4\"", buf,
		                                    sizeof buf), ""), "ops 4 absent: %s", buf);
		CHECK(!strcmp(ip_details_reader_get(r, "{\"names\":{\"0\":\"r0\"}}", "$.names.\"0\"",
		                                    buf, 3), "r0"), "names 0 in 3 bytes: %s", buf);
		ip_details_reader_close(r);
	}
	ip_store_close(s);
}

int main(void)
{
	char path[256];
	snprintf(path, sizeof path, "/tmp/isaprobe_test_questions_%d.db", (int)getpid());
	table();
	answers(path);
	ip_store_remove(path);
	return check_report("test_store_questions");
}
