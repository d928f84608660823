/* totals.c: how much a database holds (run rows, variants, distinct outcomes, runs), for the
 * benchmarks' figures (isaprobe/internal/store_io.h). */
#include "isaprobe/internal/store_io.h"
#include "store_internal.h"

static int64_t count(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *st;
	int64_t v = -1;
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

void ip_store_totals(struct ip_store *s, unsigned what, struct ip_store_totals *t)
{
	t->rows = what & IP_TOTAL_ROWS ? count(s->db, "SELECT count(*) FROM run") : -1;
	t->variants = what & IP_TOTAL_VARIANTS ? count(s->db, "SELECT count(*) FROM variant") : -1;
	t->outcomes = what & IP_TOTAL_OUTCOMES ? count(s->db, "SELECT count(*) FROM outcome") : -1;
	t->runs = what & IP_TOTAL_RUNS ? count(s->db, "SELECT sum(count) FROM run") : -1;
}
