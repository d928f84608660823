/* record.c: storing a batch of runs: outcomes resolved to ids (cache, then database), repeats
 * within the batch summed in memory, one UPSERT row per distinct (variant, outcome), written
 * RUN_ROWS rows per statement, all in one transaction with the campaign's cursor. */
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

static int check_runs(struct ip_store *s, const struct ip_run *runs, size_t n, struct ip_diag *d)
{
	if (n && !runs)
		return ip_store_error(s, d, "recording a batch: %zu runs but no array", n);
	for (size_t i = 0; i < n; i++) {
		const struct ip_run *r = &runs[i];
		if (r->value_len < 1 || r->value_len > IP_STORE_MAX_VALUE || !r->value)
			return ip_store_error(s, d,
			                      "recording a batch: run %zu has a value of %zu bytes "
			                      "(1 to %d)",
			                      i, r->value_len, IP_STORE_MAX_VALUE);
		if ((unsigned)r->outcome.status >= IP_STATUS_COUNT)
			return ip_store_error(s, d, "recording a batch: run %zu has status %d", i,
			                      (int)r->outcome.status);
		if (r->outcome.len && !r->outcome.data)
			return ip_store_error(s, d,
			                      "recording a batch: run %zu has %zu outcome bytes but no "
			                      "data",
			                      i, r->outcome.len);
	}
	return 0;
}

static int grow(struct ip_store *s, size_t n)
{
	struct ip_batch_entry *b;
	size_t cap = s->batch_cap ? s->batch_cap : 1024;
	if (n <= s->batch_cap)
		return 0;
	while (cap < n)
		cap *= 2;
	b = realloc(s->batch, cap * sizeof *b);
	if (!b)
		return -1;
	s->batch = b;
	s->batch_cap = cap;
	return 0;
}

/* The outcome's id: from the cache, from the database, or a new row. 0 on error, with the
 * message in d. A hash match whose columns differ is reported, never merged. */
static int64_t outcome_id(struct ip_store *s, const struct ip_outcome *o, struct ip_diag *d)
{
	static const uint8_t none;
	sqlite3_stmt *st = s->st[ST_OUTCOME_GET];
	const uint8_t *data = o->len ? o->data : &none;
	uint8_t hash[16];
	int64_t id;
	int rc;
	ip_hash_outcome(o->status, o->fault, o->data, o->len, hash);
	id = ip_outcome_cache_get(&s->cache, hash);
	if (id)
		return id;
	sqlite3_bind_blob(st, 1, hash, 16, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		int same = sqlite3_column_int(st, 1) == (int)o->status &&
		           (uint32_t)sqlite3_column_int64(st, 2) == o->fault &&
		           (size_t)sqlite3_column_bytes(st, 3) == o->len &&
		           (o->len == 0 || memcmp(sqlite3_column_blob(st, 3), data, o->len) == 0);
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
		sqlite3_bind_blob(st, 1, hash, 16, SQLITE_STATIC);
		sqlite3_bind_int(st, 2, (int)o->status);
		sqlite3_bind_int64(st, 3, o->fault);
		sqlite3_bind_blob(st, 4, data, (int)o->len, SQLITE_STATIC);
		if (o->len > INT32_MAX || ip_store_step_done(s, ST_OUTCOME_ADD) != SQLITE_DONE) {
			ip_store_fail(s, d, "storing an outcome of %zu bytes", o->len);
			return 0;
		}
		id = sqlite3_last_insert_rowid(s->db);
	}
	ip_outcome_cache_put(&s->cache, hash, id);
	return id;
}

/* Values up to 8 bytes as a number (the common case) for a quick comparison. */
static uint64_t value_number(const uint8_t *v, size_t len)
{
	uint64_t x = 0;
	for (size_t i = len < 8 ? len : 8; i-- > 0;)
		x = (x << 8) | v[i];
	return x;
}

/* Orders as the run table does: context, then the value as a big-endian blob (length first:
 * equal lengths compare numerically), then the outcome. */
static int entry_cmp(const void *pa, const void *pb)
{
	const struct ip_batch_entry *a = pa, *b = pb;
	if (a->context != b->context)
		return a->context < b->context ? -1 : 1;
	if (a->value_len != b->value_len)
		return a->value_len < b->value_len ? -1 : 1;
	if (a->value_len <= 8) {
		uint64_t x = value_number(a->value, a->value_len),
			 y = value_number(b->value, b->value_len);
		if (x != y)
			return x < y ? -1 : 1;
	} else {
		for (size_t i = a->value_len; i-- > 0;)
			if (a->value[i] != b->value[i])
				return a->value[i] < b->value[i] ? -1 : 1;
	}
	if (a->outcome_id != b->outcome_id)
		return a->outcome_id < b->outcome_id ? -1 : 1;
	return 0;
}

/* Sorts the entries in table order and sums the repeats; returns the distinct count. */
static size_t aggregate(struct ip_batch_entry *e, size_t n)
{
	size_t out = 0;
	if (!n)
		return 0;
	qsort(e, n, sizeof *e, entry_cmp);
	for (size_t i = 1; i < n; i++) {
		if (entry_cmp(&e[out], &e[i]) == 0)
			e[out].count += e[i].count;
		else
			e[++out] = e[i];
	}
	return out + 1;
}

/* Binds entry e as row `row` of ST_RUN_ADD (row 0) or ST_RUN_ADD_MANY. */
static void bind_entry(struct ip_store *s, sqlite3_stmt *st, int row,
                       const struct ip_batch_entry *e)
{
	uint8_t *be = s->run_values[row];
	for (size_t i = 0; i < e->value_len; i++)
		be[i] = e->value[e->value_len - 1 - i];
	sqlite3_bind_int64(st, 2 + 4 * row, e->context);
	sqlite3_bind_blob(st, 3 + 4 * row, be, (int)e->value_len, SQLITE_STATIC);
	sqlite3_bind_int64(st, 4 + 4 * row, e->outcome_id);
	sqlite3_bind_int64(st, 5 + 4 * row, (int64_t)e->count);
}

/* Writes the n distinct entries: RUN_ROWS at a time, then the rest one by one. */
static int store_entries(struct ip_store *s, int64_t campaign_id, const struct ip_batch_entry *e,
                         size_t n)
{
	size_t i = 0;
	sqlite3_bind_int64(s->st[ST_RUN_ADD_MANY], 1, campaign_id);
	sqlite3_bind_int64(s->st[ST_RUN_ADD], 1, campaign_id);
	for (; i + RUN_ROWS <= n; i += RUN_ROWS) {
		for (int r = 0; r < RUN_ROWS; r++)
			bind_entry(s, s->st[ST_RUN_ADD_MANY], r, &e[i + (size_t)r]);
		if (ip_store_step_done(s, ST_RUN_ADD_MANY) != SQLITE_DONE)
			return -1;
	}
	for (; i < n; i++) {
		bind_entry(s, s->st[ST_RUN_ADD], 0, &e[i]);
		if (ip_store_step_done(s, ST_RUN_ADD) != SQLITE_DONE)
			return -1;
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

int ip_store_record(struct ip_store *s, int64_t campaign_id, const struct ip_run *runs, size_t n,
                    uint64_t new_cursor, struct ip_diag *d)
{
	return ip_store_record_batch(s, campaign_id, runs, n, cursor_step, &new_cursor, d);
}

int ip_store_record_batch(struct ip_store *s, int64_t campaign_id, const struct ip_run *runs,
                          size_t n, int (*step)(struct ip_store *, int64_t, const void *,
                                                struct ip_diag *),
                          const void *arg, struct ip_diag *d)
{
	size_t distinct;
	if (s->mode == IP_STORE_READ_ONLY)
		return ip_store_error(s, d, "recording a batch: the database was opened read-only");
	if (check_runs(s, runs, n, d))
		return -1;
	if (grow(s, n))
		return ip_store_error(s, d, "recording a batch of %zu runs: out of memory", n);
	if (ip_store_step_done(s, ST_BEGIN) != SQLITE_DONE)
		return ip_store_fail(s, d, "recording a batch of %zu runs: starting a transaction", n);
	if (ip_store_lock_check(s, campaign_id, d) || step(s, campaign_id, arg, d))
		goto fail;
	for (size_t i = 0; i < n; i++) {
		struct ip_batch_entry *e = &s->batch[i];
		e->outcome_id = outcome_id(s, &runs[i].outcome, d);
		if (!e->outcome_id)
			goto fail;
		e->value = runs[i].value;
		e->value_len = (uint32_t)runs[i].value_len;
		e->context = runs[i].context;
		e->count = 1;
	}
	distinct = aggregate(s->batch, n);
	if (store_entries(s, campaign_id, s->batch, distinct)) {
		ip_store_fail(s, d, "recording a batch of %zu runs in campaign %lld", n,
		              (long long)campaign_id);
		goto fail;
	}
	if (ip_store_step_done(s, ST_COMMIT) != SQLITE_DONE) {
		ip_store_fail(s, d, "recording a batch of %zu runs in campaign %lld: committing", n,
		              (long long)campaign_id);
		goto fail;
	}
	return 0;
fail:
	ip_store_rollback(s);
	/* Ids of outcomes inserted by the rolled-back transaction must not be remembered. */
	ip_outcome_cache_clear(&s->cache);
	if (d && strlen(d->msg) + 60 < sizeof d->msg)
		strcat(d->msg, "; the batch was rolled back, earlier batches are kept");
	return -1;
}
