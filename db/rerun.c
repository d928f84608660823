/* rerun.c: a campaign's runs that ended as runner errors (they say nothing about their
 * variants): counted for the summary, listed for `campaign --resume` to run again, and the new
 * runs stored in their place, one batch per transaction, so that a resume after a kill -9 takes
 * up what is left and nothing counts twice. */
#include <string.h>

#include "store_internal.h"

/* A runner-error run counts only while its variant has no run that said something (a
 * confirmation re-run, ip_campaign_opts.confirm, may have answered it in the same campaign). */
#define UNANSWERED \
	" AND NOT EXISTS (SELECT 1 FROM run r2 JOIN outcome o2 ON o2.id = r2.outcome_id" \
	" WHERE r2.campaign_id = r.campaign_id AND r2.context = r.context AND r2.value = r.value" \
	" AND o2.status <> 5)"
static const char count_sql[] =
	"SELECT coalesce(sum(r.count), 0) FROM run r JOIN outcome o ON o.id = r.outcome_id"
	" WHERE r.campaign_id = ?1 AND o.status = 5" UNANSWERED;
/* The next rows after (?2, ?3, ?4) in the table's own order (an index range, no sort). */
static const char page_sql[] =
	"SELECT r.context, r.value, r.outcome_id, r.count FROM run r"
	" JOIN outcome o ON o.id = r.outcome_id"
	" WHERE r.campaign_id = ?1 AND o.status = 5" UNANSWERED " AND (?2 IS NULL OR (r.context,"
	" r.value, r.outcome_id) > (?2, ?3, ?4))"
	" ORDER BY r.context, r.value, r.outcome_id LIMIT ?5";
_Static_assert(IP_STATUS_RUNNER_ERROR == 5, "page_sql and count_sql name status 5");

int ip_store_runner_error_count(struct ip_store *s, int64_t campaign_id, uint64_t *count,
                                struct ip_diag *d)
{
	sqlite3_stmt *st;
	int rc = sqlite3_prepare_v2(s->db, count_sql, -1, &st, NULL);
	if (rc == SQLITE_OK) {
		sqlite3_bind_int64(st, 1, campaign_id);
		rc = sqlite3_step(st);
		if (rc == SQLITE_ROW) {
			int64_t v = sqlite3_column_int64(st, 0);
			*count = v > 0 ? (uint64_t)v : 0;
		}
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW)
		return ip_store_fail(s, d, "counting the runner errors of campaign %lld",
		                     (long long)campaign_id);
	return 0;
}

int ip_store_runner_errors(struct ip_store *s, int64_t campaign_id,
                           const struct ip_error_row *after, struct ip_error_row *rows,
                           size_t max, size_t *n, struct ip_diag *d)
{
	sqlite3_stmt *st;
	uint8_t be[IP_STORE_MAX_VALUE];
	int rc = sqlite3_prepare_v2(s->db, page_sql, -1, &st, NULL);
	*n = 0;
	if (rc != SQLITE_OK)
		return ip_store_fail(s, d, "listing the runner errors of campaign %lld",
		                     (long long)campaign_id);
	sqlite3_bind_int64(st, 1, campaign_id);
	if (after) {
		for (size_t i = 0; i < after->value_len; i++)
			be[i] = after->value[after->value_len - 1 - i];
		sqlite3_bind_int64(st, 2, after->context);
		sqlite3_bind_blob(st, 3, be, (int)after->value_len, SQLITE_STATIC);
		sqlite3_bind_int64(st, 4, after->outcome_id);
	}
	sqlite3_bind_int64(st, 5, (int64_t)max);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct ip_error_row *r = &rows[(*n)++];
		int len = sqlite3_column_bytes(st, 1);
		const uint8_t *v = sqlite3_column_blob(st, 1);
		int64_t ctx = sqlite3_column_int64(st, 0), count = sqlite3_column_int64(st, 3);
		/* the values are checked before use: a damaged row is named, never run */
		if (sqlite3_column_type(st, 1) != SQLITE_BLOB || len < 1 || len > IP_STORE_MAX_VALUE ||
		    sqlite3_column_type(st, 0) != SQLITE_INTEGER || ctx < 0 || ctx > UINT32_MAX ||
		    sqlite3_column_type(st, 3) != SQLITE_INTEGER || count < 1) {
			sqlite3_finalize(st);
			return ip_store_error(s, d, "table run, row (campaign %lld, context %lld, a "
			                            "value of %d bytes, count %lld): not a variant and a "
			                            "count of runs (the database is damaged, or was "
			                            "changed by hand)",
			                      (long long)campaign_id, (long long)ctx, len,
			                      (long long)count);
		}
		r->context = (uint32_t)ctx;
		r->value_len = (size_t)len;
		for (int i = 0; i < len; i++)
			r->value[i] = v[len - 1 - i];
		r->outcome_id = sqlite3_column_int64(st, 2);
		r->count = (uint64_t)count;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return ip_store_fail(s, d, "listing the runner errors of campaign %lld",
		                     (long long)campaign_id);
	return 0;
}

struct taken {
	const struct ip_run *runs;
	const int64_t *replaces;
	size_t n;
};

/* Takes one run from the runner-error row each new run replaces (deleting a row left with
 * none), in the batch's transaction. */
static int take_back(struct ip_store *s, int64_t campaign_id, const void *arg, struct ip_diag *d)
{
	static const char *const sql[2] = {
		"UPDATE run SET count = count - 1 WHERE campaign_id = ?1 AND context = ?2"
		" AND value = ?3 AND outcome_id = ?4 AND count > 1",
		"DELETE FROM run WHERE campaign_id = ?1 AND context = ?2 AND value = ?3"
		" AND outcome_id = ?4 AND count = 1",
	};
	const struct taken *t = arg;
	sqlite3_stmt *st[2] = {NULL, NULL};
	uint8_t be[IP_STORE_MAX_VALUE];
	int rc = 0;
	for (int k = 0; k < 2 && !rc; k++)
		rc = sqlite3_prepare_v2(s->db, sql[k], -1, &st[k], NULL);
	for (size_t i = 0; i < t->n && !rc; i++) {
		const struct ip_run *r = &t->runs[i];
		int changed = 0;
		for (size_t k = 0; k < r->value_len; k++)
			be[k] = r->value[r->value_len - 1 - k];
		for (int k = 0; k < 2 && !changed && !rc; k++) {
			sqlite3_bind_int64(st[k], 1, campaign_id);
			sqlite3_bind_int64(st[k], 2, r->context);
			sqlite3_bind_blob(st[k], 3, be, (int)r->value_len, SQLITE_STATIC);
			sqlite3_bind_int64(st[k], 4, t->replaces[i]);
			rc = sqlite3_step(st[k]) == SQLITE_DONE ? 0 : -1;
			sqlite3_reset(st[k]);
			changed = !rc && sqlite3_changes(s->db) == 1;
		}
		if (!rc && !changed) {
			rc = 1;
			ip_store_error(s, d, "re-running the runner errors of campaign %lld: context %u "
			                     "has no runner-error run of this value left to replace",
			               (long long)campaign_id, r->context);
		}
	}
	if (rc < 0)
		ip_store_fail(s, d, "re-running the runner errors of campaign %lld",
		              (long long)campaign_id);
	sqlite3_finalize(st[0]);
	sqlite3_finalize(st[1]);
	return rc ? -1 : 0;
}

int ip_store_rerecord(struct ip_store *s, int64_t campaign_id, const struct ip_run *runs,
                      const int64_t *replaces, size_t n, struct ip_diag *d)
{
	struct taken t = {runs, replaces, n};
	return ip_store_record_batch(s, campaign_id, runs, n, take_back, &t, d);
}
