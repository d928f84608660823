/* infer_write.c: replaces a probe's rows of the finding table with what inference found, in
 * one transaction: a finding seen before keeps its id and first_seen, its evidence and
 * last_seen are updated; findings no longer inferred are deleted. */
#include <string.h>

#include "infer_data.h"

static const char upsert_sql[] =
	"INSERT INTO finding (probe_id, context, format, lo, hi, kind, details, confidence,"
	" support, against, variants, first_seen, last_seen, bundle, slot, cond)"
	" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?12, ?13, ?14, ?15)"
	" ON CONFLICT (probe_id, context, bundle, slot, format, lo, hi, kind, cond) DO UPDATE SET"
	" details = excluded.details, confidence = excluded.confidence,"
	" support = excluded.support, against = excluded.against, variants = excluded.variants,"
	" last_seen = excluded.last_seen";
static const char keep_sql[] =
	"INSERT OR IGNORE INTO temp.infer_keep (id) SELECT id FROM finding"
	" WHERE probe_id = ?1 AND context = ?2 AND format = ?3 AND lo = ?4 AND hi = ?5"
	" AND kind = ?6 AND bundle = ?13 AND slot = ?14 AND cond = ?15";

void inf_place(const struct inf_data *data, unsigned a, unsigned w, struct inf_place *at)
{
	at->format = "";
	at->lo = a;
	at->bundle = at->slot = 0;
	for (size_t i = 0; i < data->nt; i++) {
		const struct inf_target *t = &data->t[i];
		if (a >= t->value_lo && a + w <= t->value_lo + t->width) {
			at->format = t->format;
			at->lo = t->lo + (a - t->value_lo);
			at->bundle = t->bundle;
			at->slot = t->slot;
		}
	}
}

static int exec(sqlite3 *db, const char *sql, struct ip_diag *d)
{
	if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return inf_sql_error(db, d, "writing the findings");
	return 0;
}

int inf_write(sqlite3 *db, const struct inf_data *data, const struct inf_findings *f,
              struct ip_diag *d)
{
	sqlite3_stmt *up = NULL, *keep = NULL, *del = NULL;
	int failed = 0;
	if (exec(db, "CREATE TEMP TABLE IF NOT EXISTS infer_keep (id INTEGER PRIMARY KEY)", d) ||
	    exec(db, "BEGIN IMMEDIATE", d))
		return -1;
	if (exec(db, "DELETE FROM temp.infer_keep", d) ||
	    sqlite3_prepare_v2(db, upsert_sql, -1, &up, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(db, keep_sql, -1, &keep, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(db, "DELETE FROM finding WHERE probe_id = ?1 AND id NOT IN"
	                           " (SELECT id FROM temp.infer_keep)", -1, &del, NULL) != SQLITE_OK)
		failed = 1;
	for (size_t i = 0; !failed && i < f->n; i++) {
		const struct inf_finding *x = &f->f[i];
		struct inf_place at;
		const char *format;
		unsigned lo;
		inf_place(data, x->a, x->w, &at);
		format = at.format;
		lo = at.lo;
		for (int k = 0; k < 2; k++) {
			sqlite3_stmt *st = k ? keep : up;
			sqlite3_bind_int64(st, 13, at.bundle);
			sqlite3_bind_int64(st, 14, at.slot);
			sqlite3_bind_text(st, 15, x->cond ? x->cond : "", -1, SQLITE_STATIC);
		}
		sqlite3_bind_int64(up, 1, data->probe_id);
		sqlite3_bind_int64(up, 2, x->context);
		sqlite3_bind_text(up, 3, format, -1, SQLITE_STATIC);
		sqlite3_bind_int64(up, 4, lo);
		sqlite3_bind_int64(up, 5, lo + x->w - 1);
		sqlite3_bind_text(up, 6, x->kind, -1, SQLITE_STATIC);
		sqlite3_bind_text(up, 7, x->details, -1, SQLITE_STATIC);
		sqlite3_bind_double(up, 8, x->confidence < 0 ? 0 : x->confidence > 1 ? 1
		                                                                        : x->confidence);
		sqlite3_bind_int64(up, 9, (int64_t)x->support);
		sqlite3_bind_int64(up, 10, (int64_t)x->against);
		sqlite3_bind_int64(up, 11, (int64_t)x->variants);
		sqlite3_bind_int64(up, 12, data->newest);
		failed = sqlite3_step(up) != SQLITE_DONE;
		sqlite3_reset(up);
		sqlite3_bind_int64(keep, 1, data->probe_id);
		sqlite3_bind_int64(keep, 2, x->context);
		sqlite3_bind_text(keep, 3, format, -1, SQLITE_STATIC);
		sqlite3_bind_int64(keep, 4, lo);
		sqlite3_bind_int64(keep, 5, lo + x->w - 1);
		sqlite3_bind_text(keep, 6, x->kind, -1, SQLITE_STATIC);
		failed = failed || sqlite3_step(keep) != SQLITE_DONE;
		sqlite3_reset(keep);
	}
	if (!failed) {
		sqlite3_bind_int64(del, 1, data->probe_id);
		failed = sqlite3_step(del) != SQLITE_DONE;
	}
	if (failed)
		inf_sql_error(db, d, "writing the findings");
	sqlite3_finalize(up);
	sqlite3_finalize(keep);
	sqlite3_finalize(del);
	if (failed) {
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
		return -1;
	}
	return exec(db, "COMMIT", d);
}
