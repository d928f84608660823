/* report_sentence.c: writes each finding's sentence, as the report words it, and its verdict
 * against public knowledge into the finding's details ("sentence", "public_verdict"), so that
 * the finding_text view gives them to people using sqlite3. */
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "report_internal.h"

struct sentence {
	sqlite3_int64 id;
	char *text, *verdict;
};

static int fail(sqlite3 *db, struct ip_diag *d)
{
	return ip_diag_plain(d, "writing the findings' sentences: %s", sqlite3_errmsg(db));
}

int ip_report_sentences(struct ip_store *s, struct ip_diag *d)
{
	sqlite3 *db = ip_store_sqlite(s);
	sqlite3_stmt *st = NULL;
	struct sentence *v = NULL;
	struct rp_public_cache cache = {0, NULL};
	size_t n = 0, cap = 0;
	int rc = -1;
	char *sql = sqlite3_mprintf("SELECT %s, f.id FROM finding f ORDER BY f.id",
	                            rp_finding_columns());
	if (!sql)
		return ip_diag_plain(d, "out of memory");
	if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) {
		sqlite3_free(sql);
		return fail(db, d);
	}
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		goto out;
	/* All read first, then written: the table is not changed under a running SELECT. */
	while (sqlite3_step(st) == SQLITE_ROW) {
		struct strbuf b;
		char *what = rp_finding_what(st);
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			v = realloc(v, cap * sizeof *v);
			if (!v)
				abort();
		}
		sb_init(&b);
		sb_puts(&b, rp_kind_title((const char *)sqlite3_column_text(st, 4)));
		if (what[0])
			sb_printf(&b, ": %s", what);
		free(what);
		rp_public_row(st, &cache, &v[n].verdict);
		v[n].id = sqlite3_column_int64(st, sqlite3_column_count(st) - 1);
		v[n++].text = sb_take(&b);
	}
	if (sqlite3_finalize(st) != SQLITE_OK) {
		st = NULL;
		goto out;
	}
	if (sqlite3_prepare_v2(db,
	                       "UPDATE finding SET details = json_set(details, '$.sentence', ?1,"
	                       " '$.public_verdict', ?3) WHERE id = ?2 AND"
	                       " (json_extract(details, '$.sentence') IS NOT ?1 OR"
	                       " json_extract(details, '$.public_verdict') IS NOT ?3)",
	                       -1, &st, NULL) != SQLITE_OK)
		goto out;
	for (size_t i = 0; i < n; i++) {
		sqlite3_bind_text(st, 1, v[i].text, -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 2, v[i].id);
		sqlite3_bind_text(st, 3, v[i].verdict, -1, SQLITE_STATIC);
		if (sqlite3_step(st) != SQLITE_DONE)
			goto out;
		sqlite3_reset(st);
	}
	rc = 0;
out:
	rp_public_cache_free(&cache);
	if (rc)
		fail(db, d);
	sqlite3_finalize(st);
	if (sqlite3_exec(db, rc ? "ROLLBACK" : "COMMIT", NULL, NULL, NULL) != SQLITE_OK && !rc)
		rc = fail(db, d);
	for (size_t i = 0; i < n; i++) {
		free(v[i].text);
		free(v[i].verdict);
	}
	free(v);
	sqlite3_free(sql);
	return rc;
}
