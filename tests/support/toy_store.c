/* toy_store.c: what toy_store.h declares, compiled once into the tests' support library
 * (tests/support/CMakeLists.txt). */
#include "toy_store.h"

struct ip_store *toy_store(const char *path, const char *runner, const char *name,
                           const struct ip_campaign_layout *lay, int64_t *id)
{
	struct ip_store *s = fixture_fresh_store(path);
	struct ip_diag d;
	uint64_t cursor;
	int fin;
	ip_diag_init(&d, path);
	int64_t dev = ip_store_device(s, runner, "toy", NULL, &d);
	int64_t probe = ip_store_probe(s, name, "toy", name, 0, &d);
	struct ip_campaign_key key = {probe, dev, "exhaustive", 0, 0, 0, 1};
	*id = ip_store_campaign(s, &key, &cursor, &fin, &d);
	CHECK(*id > 0 && ip_store_campaign_layout(s, *id, lay, &d) == 0, "%s: layout", name);
	return s;
}

char *toy_report_md(struct ip_store *s)
{
	struct ip_report_options o = {IP_REPORT_MD, "t", 0, NULL, NULL, NULL, NULL};
	struct ip_diag d;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	ip_diag_init(&d, "report");
	CHECK(f && ip_report(s, &o, f, &d) == 0, "report");
	if (f)
		fclose(f);
	return buf ? buf : strdup("");
}

void toy_report_has(struct ip_store *s, const char *text, const char *what)
{
	char *md = toy_report_md(s);
	CHECK(strstr(md, text), "%s: no '%s' in the report\n%s", what, text, md);
	free(md);
}

char *toy_one(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *st;
	char *out = NULL;
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
		out = strdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	return out ? out : strdup("");
}
