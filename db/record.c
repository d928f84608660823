/* record.c: storing a prepared batch (db/batch.c) in one transaction with the campaign's cursor:
 * each distinct outcome resolved to its row (cache, then database), then the batch's entries
 * written as run_block rows, one per context and up to IP_BLOCK_MAX entries each (db/schema.sql
 * version 5): values as one big-endian blob, outcomes and counts as one JSON array. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

/* The outcome's id: from the cache, from the database, or a new row. 0 on error, with the
 * message in d. A hash match whose columns differ is reported, never merged. */
static int64_t outcome_id(struct ip_store *s, const struct ip_batch_outcome *o, struct ip_diag *d)
{
	sqlite3_stmt *st = s->st[ST_OUTCOME_GET];
	int64_t id = ip_outcome_cache_get(&s->cache, o->hash);
	int rc;
	if (id)
		return id;
	sqlite3_bind_blob(st, 1, o->hash, 16, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		int same = sqlite3_column_int(st, 1) == (int)o->status &&
		           (uint32_t)sqlite3_column_int64(st, 2) == o->fault &&
		           (size_t)sqlite3_column_bytes(st, 3) == o->len &&
		           (o->len == 0 || memcmp(sqlite3_column_blob(st, 3), o->data, o->len) == 0);
		id = sqlite3_column_int64(st, 0);
		sqlite3_reset(st);
		if (!same) {
			ip_store_error(s, d,
			               "outcome hash collision with outcome %lld (two different "
			               "outcomes, one hash); nothing of this batch was stored",
			               (long long)id);
			return 0;
		}
	} else {
		sqlite3_reset(st);
		if (rc != SQLITE_DONE) {
			ip_store_fail(s, d, "looking up an outcome");
			return 0;
		}
		st = s->st[ST_OUTCOME_ADD];
		sqlite3_bind_blob(st, 1, o->hash, 16, SQLITE_STATIC);
		sqlite3_bind_int(st, 2, (int)o->status);
		sqlite3_bind_int64(st, 3, o->fault);
		sqlite3_bind_blob(st, 4, o->data, (int)o->len, SQLITE_STATIC);
		if (ip_store_step_done(s, ST_OUTCOME_ADD) != SQLITE_DONE) {
			ip_store_fail(s, d, "storing an outcome of %zu bytes", o->len);
			return 0;
		}
		id = sqlite3_last_insert_rowid(s->db);
	}
	ip_outcome_cache_put(&s->cache, o->hash, id);
	return id;
}

int ip_store_outcome_status(struct ip_store *s, int64_t id, enum ip_status *status,
                            struct ip_diag *d)
{
	sqlite3_stmt *st = s->st[ST_OUTCOME_STATUS];
	int rc, v = -1;
	sqlite3_bind_int64(st, 1, id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		v = sqlite3_column_int(st, 0);
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return ip_store_fail(s, d, "looking up outcome %lld", (long long)id);
	if (v < 0 || v >= IP_STATUS_COUNT)
		return ip_store_error(s, d, "taking runs back from outcome %lld, which %s", (long long)id,
		                      v < 0 ? "does not exist" : "has no valid status");
	*status = (enum ip_status)v;
	return 0;
}

static int resolve_outcomes(struct ip_store *s, struct ip_store_batch *b, struct ip_diag *d)
{
	for (size_t k = 0; k < b->noc; k++) {
		struct ip_batch_outcome *o = &b->oc[k];
		if (!o->data) {
			if (ip_store_outcome_status(s, o->id, &o->status, d))
				return -1;
		} else if (!(o->id = outcome_id(s, o, d))) {
			return -1;
		}
		o->text_len = (size_t)snprintf(o->text, sizeof o->text, "%lld", (long long)o->id);
	}
	return 0;
}

/* Writes the batch's entries as run_block rows: one per context, IP_BLOCK_MAX entries at most,
 * each folded into the stored blocks it repeats when there are some (db/fold.c). */
static int write_blocks(struct ip_store *s, int64_t campaign_id, const struct ip_store_batch *b,
                        struct ip_diag *d)
{
	struct ip_block_writer *w = &s->writer;
	for (size_t first = 0, end; first < b->n; first = end) {
		int folded;
		for (end = first + 1; end < b->n && end - first < IP_BLOCK_MAX &&
		                      b->e[end].context == b->e[first].context;)
			end++;
		if ((folded = ip_store_fold(s, campaign_id, b, first, end - first, d)) < 0)
			return -1;
		if (folded)
			continue;
		ip_block_writer_start(w, campaign_id, b->e[first].context, b->value_len);
		if (ip_block_writer_put_batch(w, b, first, end - first))
			return ip_store_error(s, d, "recording a batch: out of memory");
		if (ip_block_writer_flush(w, s->st[ST_BLOCK_ADD]) != SQLITE_OK)
			return ip_store_fail(s, d, "recording a batch of %llu runs in campaign %lld",
			                     (unsigned long long)b->runs, (long long)campaign_id);
	}
	return 0;
}

/* Moves the cursor; the campaign must exist and be running. */
static int move_cursor(struct ip_store *s, int64_t campaign_id, uint64_t cursor,
                       struct ip_diag *d)
{
	sqlite3_stmt *st = s->st[ST_CAMPAIGN_STATE];
	int rc;
	sqlite3_bind_int64(s->st[ST_CAMPAIGN_CURSOR], 1, campaign_id);
	sqlite3_bind_int64(s->st[ST_CAMPAIGN_CURSOR], 2, (int64_t)cursor);
	if (ip_store_step_done(s, ST_CAMPAIGN_CURSOR) != SQLITE_DONE)
		return ip_store_fail(s, d, "recording a batch: moving the cursor of campaign %lld",
		                     (long long)campaign_id);
	if (sqlite3_changes(s->db) == 1)
		return 0;
	sqlite3_bind_int64(st, 1, campaign_id);
	rc = sqlite3_step(st);
	sqlite3_reset(st);
	return ip_store_error(s, d, "recording a batch: campaign %lld %s", (long long)campaign_id,
	                      rc == SQLITE_ROW ? "is finished" : "does not exist");
}

static int cursor_step(struct ip_store *s, int64_t campaign_id, const void *cursor,
                       struct ip_diag *d)
{
	return move_cursor(s, campaign_id, *(const uint64_t *)cursor, d);
}

int ip_store_record_with(struct ip_store *s, int64_t campaign_id, struct ip_store_batch *b,
                         int (*step)(struct ip_store *, int64_t, const void *, struct ip_diag *),
                         const void *arg, struct ip_diag *d)
{
	if (s->mode == IP_STORE_READ_ONLY)
		return ip_store_error(s, d, "recording a batch: the database was opened read-only");
	if (!s->ckpt_tried++ && ip_checkpointer_start(s, d))
		return -1;
	if (ip_store_step_done(s, ST_BEGIN) != SQLITE_DONE)
		return ip_store_fail(s, d, "recording a batch of %llu runs: starting a transaction",
		                     (unsigned long long)b->runs);
	if (ip_store_lock_check(s, campaign_id, d) || step(s, campaign_id, arg, d) ||
	    resolve_outcomes(s, b, d) || write_blocks(s, campaign_id, b, d))
		goto fail;
	if (ip_store_step_done(s, ST_COMMIT) != SQLITE_DONE) {
		ip_store_fail(s, d, "recording a batch of %llu runs in campaign %lld: committing",
		              (unsigned long long)b->runs, (long long)campaign_id);
		goto fail;
	}
	return 0;
fail:
	ip_store_rollback(s);
	s->writer.n = 0;
	/* Ids of outcomes inserted by the rolled-back transaction must not be remembered. */
	ip_outcome_cache_clear(&s->cache);
	if (d && strlen(d->msg) + 60 < sizeof d->msg)
		strcat(d->msg, "; the batch was rolled back, earlier batches are kept");
	return -1;
}

int ip_store_record_prepared(struct ip_store *s, int64_t campaign_id, struct ip_store_batch *b,
                             uint64_t new_cursor, struct ip_diag *d)
{
	return ip_store_record_with(s, campaign_id, b, cursor_step, &new_cursor, d);
}

int ip_store_record(struct ip_store *s, int64_t campaign_id, const struct ip_run *runs, size_t n,
                    uint64_t new_cursor, struct ip_diag *d)
{
	if (s->mode == IP_STORE_READ_ONLY)
		return ip_store_error(s, d, "recording a batch: the database was opened read-only");
	if (!s->scratch && !(s->scratch = ip_store_batch_new()))
		return ip_store_error(s, d, "recording a batch of %zu runs: out of memory", n);
	if (ip_store_batch_prepare(s->scratch, runs, n, d)) {
		if (d)
			d->file = s->path;
		return -1;
	}
	return ip_store_record_prepared(s, campaign_id, s->scratch, new_cursor, d);
}
