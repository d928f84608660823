/* rerun.c: a campaign's runs that ended as runner errors (they say nothing about their
 * variants): counted for the summary, listed for `campaign --resume` to run again, and the new
 * runs stored in their place, one batch per transaction (each new run and the runner-error run
 * it replaces taken back, in one block), so that a resume after a kill -9 takes up what is left
 * and nothing counts twice. Runs are read with db/scan.c; a campaign whose blocks hold no
 * runner error (the run_block.runner_error counts) is not read at all. */
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

_Static_assert(IP_STATUS_RUNNER_ERROR == 5, "run_block.runner_error counts status 5");

/* Outcome id -> status, for the outcomes a scan meets (few: they are distinct outcomes). */
struct statuses {
	int64_t *id;
	int *status;
	size_t n, cap;
};

static int status_of(struct ip_store *s, struct statuses *t, int64_t id, int *status,
                     struct ip_diag *d)
{
	enum ip_status v;
	for (size_t i = 0; i < t->n; i++)
		if (t->id[i] == id) {
			*status = t->status[i];
			return 0;
		}
	if (ip_store_outcome_status(s, id, &v, d))
		return -1;
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 64;
		int64_t *a = realloc(t->id, cap * sizeof *a);
		int *b = a ? realloc(t->status, cap * sizeof *b) : NULL;
		if (a)
			t->id = a;
		if (!b)
			return ip_store_error(s, d, "reading the runs: out of memory");
		t->status = b;
		t->cap = cap;
	}
	t->id[t->n] = id;
	t->status[t->n++] = (int)v;
	*status = (int)v;
	return 0;
}

/* Whether the campaign's blocks count any runner error at all. */
static int has_errors(struct ip_store *s, int64_t campaign_id, int *any, struct ip_diag *d)
{
	sqlite3_stmt *st;
	int rc = sqlite3_prepare_v2(s->db, "SELECT coalesce(sum(runner_error), 0) <> 0 FROM"
	                                   " run_block WHERE campaign_id = ?1", -1, &st, NULL);
	if (rc == SQLITE_OK) {
		sqlite3_bind_int64(st, 1, campaign_id);
		if ((rc = sqlite3_step(st)) == SQLITE_ROW)
			*any = sqlite3_column_int(st, 0);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW)
		return ip_store_fail(s, d, "counting the runner errors of campaign %lld",
		                     (long long)campaign_id);
	return 0;
}

/* Calls each(arg, variant, outcome) for every runner-error outcome, in table order, until each
 * returns nonzero (1: stop, -1: error). Every one counts, whatever else its variant holds: a
 * variant drawn twice has a run per draw, and a campaign stores a runner error only for a run
 * that no re-run answered (campaign/campaign.c; databases written before kept one beside the re-run
 * that answered it, which --resume now runs once more). */
static int each_error(struct ip_store *s, int64_t campaign_id,
                      int (*each)(void *, const struct ip_scan_variant *,
                                  const struct ip_scan_outcome *),
                      void *arg, struct ip_diag *d)
{
	struct statuses t = {0};
	struct ip_scan *sc = NULL;
	struct ip_scan_variant v;
	int any = 0, rc;
	if (has_errors(s, campaign_id, &any, d))
		return -1;
	if (!any)
		return 0;
	if (ip_scan_open(s->db, &campaign_id, 1, &sc, d)) {
		if (d)
			d->file = s->path;
		return -1;
	}
	while ((rc = ip_scan_next(sc, &v, d)) > 0) {
		for (size_t i = 0; i < v.noutcomes && rc > 0; i++) {
			int st = IP_STATUS_OK, r;
			if (status_of(s, &t, v.outcomes[i].outcome_id, &st, d)) {
				rc = -1;
				break;
			}
			if (st != IP_STATUS_RUNNER_ERROR)
				continue;
			r = each(arg, &v, &v.outcomes[i]);
			if (r)
				rc = r < 0 ? -1 : 0;
		}
		if (rc <= 0)
			break;
	}
	if (rc < 0 && d)
		d->file = s->path;
	ip_scan_close(sc);
	free(t.id);
	free(t.status);
	return rc < 0 ? -1 : 0;
}

static int add_count(void *arg, const struct ip_scan_variant *v, const struct ip_scan_outcome *o)
{
	(void)v;
	*(uint64_t *)arg += o->count;
	return 0;
}

int ip_store_runner_error_count(struct ip_store *s, int64_t campaign_id, uint64_t *count,
                                struct ip_diag *d)
{
	*count = 0;
	return each_error(s, campaign_id, add_count, count, d);
}

struct page {
	const struct ip_error_row *after;
	uint8_t after_be[IP_STORE_MAX_VALUE];
	struct ip_error_row *rows;
	size_t max, n;
};

/* Whether (v, o) comes after the page's `after` row in table order. */
static int past(const struct page *p, const struct ip_scan_variant *v,
                const struct ip_scan_outcome *o)
{
	int c;
	if (!p->after)
		return 1;
	if (v->context != p->after->context)
		return v->context > p->after->context;
	if (v->value_len != p->after->value_len)
		return v->value_len > p->after->value_len;
	c = memcmp(v->value, p->after_be, v->value_len);
	if (c)
		return c > 0;
	return o->outcome_id > p->after->outcome_id;
}

static int add_row(void *arg, const struct ip_scan_variant *v, const struct ip_scan_outcome *o)
{
	struct page *p = arg;
	struct ip_error_row *r;
	if (!past(p, v, o))
		return 0;
	if (p->n == p->max)
		return 1;
	r = &p->rows[p->n++];
	r->context = v->context;
	r->value_len = v->value_len;
	for (size_t i = 0; i < v->value_len; i++)
		r->value[i] = v->value[v->value_len - 1 - i];
	r->outcome_id = o->outcome_id;
	r->count = o->count;
	return 0;
}

int ip_store_runner_errors(struct ip_store *s, int64_t campaign_id,
                           const struct ip_error_row *after, struct ip_error_row *rows,
                           size_t max, size_t *n, struct ip_diag *d)
{
	struct page p = {after, {0}, rows, max, 0};
	int rc;
	if (after)
		for (size_t i = 0; i < after->value_len && i < IP_STORE_MAX_VALUE; i++)
			p.after_be[i] = after->value[after->value_len - 1 - i];
	rc = each_error(s, campaign_id, add_row, &p, d);
	*n = p.n;
	return rc;
}

static int no_step(struct ip_store *s, int64_t campaign_id, const void *arg, struct ip_diag *d)
{
	(void)s;
	(void)campaign_id;
	(void)arg;
	(void)d;
	return 0;
}

int ip_store_rerecord(struct ip_store *s, int64_t campaign_id, const struct ip_run *runs,
                      const int64_t *replaces, size_t n, struct ip_diag *d)
{
	struct ip_store_batch *b;
	if (s->mode == IP_STORE_READ_ONLY)
		return ip_store_error(s, d, "recording a batch: the database was opened read-only");
	if (!s->scratch && !(s->scratch = ip_store_batch_new()))
		return ip_store_error(s, d, "recording a batch of %zu runs: out of memory", n);
	b = s->scratch;
	if (ip_store_batch_prepare(b, runs, n, d))
		goto fail;
	for (size_t i = 0; i < n; i++)
		if (ip_store_batch_retract(b, runs[i].context, runs[i].value, replaces[i], d))
			goto fail;
	if (ip_store_batch_finish(b, d))
		goto fail;
	b->runs = n;
	return ip_store_record_with(s, campaign_id, b, no_step, NULL, d);
fail:
	if (d)
		d->file = s->path;
	return -1;
}
