/* scan.c: the runs of some campaigns read back variant by variant, in (context, value) order,
 * each with its outcomes and their counts summed over every block that holds it (runs taken
 * back subtracted): a merge of the campaigns' run_block rows, which each hold ascending values.
 * A block joins the merge when the merge reaches its first value and leaves it at its last, so
 * blocks of a campaign run in order are read one after another, and those of a campaign in
 * random order (every block spanning every value) side by side, each a kilobyte or two at a
 * time. Memory: the blocks' list and the blocks open at once, never the runs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "store_internal.h"

struct meta {
	int64_t id;
	uint32_t context;
	size_t n, vlen;
	uint64_t lo;        /* the first value as a number (values of up to 8 bytes) */
	size_t lo_at;       /* its bytes in the scan's pool (longer values) */
};

struct cursor {
	struct ip_block_reader r;
	int64_t sums[IP_STATUS_COUNT + 1]; /* the watcher's, per block */
	const uint8_t *value; /* the current entry */
	size_t vlen;
	uint64_t number;
	int64_t outcome, count;
};

struct ip_scan {
	sqlite3 *db;
	int began;          /* the scan's read transaction is its own */
	size_t vlen;        /* of the current variant */
	struct meta *m;
	size_t nm, next;
	uint8_t *pool;
	uint32_t context;   /* the context being merged */
	struct cursor **heap;
	size_t nheap;
	struct cursor **spare;
	size_t nspare;
	struct ip_scan_outcome *group;
	size_t ngroup, group_cap;
	uint8_t value[IP_STORE_MAX_VALUE];
	const struct ip_scan_watch *watch; /* db/validate.c's checks, or NULL */
	void *watch_arg;
	/* a file older than schema version 5 (run a table, no run_block): its rows in table order,
	 * the row after the current variant's already stepped to (rc) */
	sqlite3_stmt *rows;
	int rows_rc;
};

void ip_scan_watch(struct ip_scan *s, const struct ip_scan_watch *w, void *arg)
{
	s->watch = w;
	s->watch_arg = arg;
}

static uint64_t number_of(const uint8_t *be, size_t len)
{
	uint64_t x = 0;
	for (size_t i = 0; i < len; i++)
		x = x << 8 | be[i];
	return x;
}

/* Table order of values: shorter first, then as numbers (big-endian bytes). */
static int value_cmp(const struct ip_scan *s, const struct cursor *a, const struct cursor *b)
{
	(void)s;
	if (a->vlen != b->vlen)
		return a->vlen < b->vlen ? -1 : 1;
	if (a->vlen <= 8)
		return a->number < b->number ? -1 : a->number > b->number;
	return memcmp(a->value, b->value, a->vlen);
}

static void heap_push(struct ip_scan *s, struct cursor *c)
{
	size_t i = s->nheap++;
	while (i > 0) {
		size_t p = (i - 1) / 2;
		if (value_cmp(s, s->heap[p], c) <= 0)
			break;
		s->heap[i] = s->heap[p];
		i = p;
	}
	s->heap[i] = c;
}

/* Moves the top cursor, whose value has grown, down to its place. */
static void heap_sift_top(struct ip_scan *s)
{
	struct cursor *c = s->heap[0];
	size_t i = 0;
	for (;;) {
		size_t k = 2 * i + 1;
		if (k >= s->nheap)
			break;
		if (k + 1 < s->nheap && value_cmp(s, s->heap[k + 1], s->heap[k]) < 0)
			k++;
		if (value_cmp(s, c, s->heap[k]) <= 0)
			break;
		s->heap[i] = s->heap[k];
		i = k;
	}
	s->heap[i] = c;
}

static struct cursor *heap_pop(struct ip_scan *s)
{
	struct cursor *top = s->heap[0];
	s->heap[0] = s->heap[--s->nheap];
	if (s->nheap)
		heap_sift_top(s);
	return top;
}

static int fail(struct ip_scan *s, struct ip_diag *d, const char *why)
{
	(void)s;
	return ip_diag_plain(d, "%s (the database is damaged, or was changed by hand)", why);
}

/* Reads cursor c's next entry: 1, 0 at its end, -1 with d set. */
static int advance(struct ip_scan *s, struct cursor *c, struct ip_diag *d)
{
	int rc = ip_block_reader_next(&c->r, &c->value, &c->outcome, &c->count);
	if (rc < 0)
		return fail(s, d, c->r.why);
	if (rc > 0 && c->vlen <= 8)
		c->number = number_of(c->value, c->vlen);
	if (s->watch && (rc > 0 ? s->watch->entry(s->watch_arg, c->r.id, c->sums, c->outcome,
	                                          c->count, d)
	                        : s->watch->end(s->watch_arg, c->r.id, c->sums, d)))
		return -1;
	return rc;
}

static void retire(struct ip_scan *s, struct cursor *c)
{
	ip_block_reader_close(&c->r);
	s->spare[s->nspare++] = c;
}

/* Opens block m into the merge (a block with no entries is read to its end and dropped). */
static int activate(struct ip_scan *s, const struct meta *m, struct ip_diag *d)
{
	struct cursor *c = s->nspare ? s->spare[--s->nspare] : malloc(sizeof *c);
	int rc;
	if (!c)
		return ip_diag_plain(d, "reading the runs: out of memory");
	memset(c->sums, 0, sizeof c->sums);
	c->vlen = m->vlen;
	if (ip_block_reader_open(&c->r, s->db, "main", m->id, m->vlen, m->n)) {
		rc = fail(s, d, c->r.why);
		retire(s, c);
		return rc;
	}
	rc = advance(s, c, d);
	if (rc <= 0) {
		retire(s, c);
		return rc;
	}
	if ((m->vlen <= 8 ? c->number != m->lo : memcmp(c->value, s->pool + m->lo_at, m->vlen))) {
		char why[128];
		snprintf(why, sizeof why, "table run_block, row (id %lld): lo is not its first value",
		         (long long)m->id);
		retire(s, c);
		return fail(s, d, why);
	}
	heap_push(s, c);
	return 0;
}

/* Whether block m starts at or before the merge's smallest current value. */
static int starts_by(const struct ip_scan *s, const struct meta *m)
{
	const struct cursor *top = s->heap[0];
	if (m->vlen != top->vlen)
		return m->vlen < top->vlen;
	if (m->vlen <= 8)
		return m->lo <= top->number;
	return memcmp(s->pool + m->lo_at, top->value, m->vlen) <= 0;
}

static int add_to_group(struct ip_scan *s, int64_t outcome, int64_t count, struct ip_diag *d)
{
	for (size_t i = 0; i < s->ngroup; i++)
		if (s->group[i].outcome_id == outcome) {
			s->group[i].count += (uint64_t)count;
			return 0;
		}
	if (ip_grow((void **)&s->group, &s->group_cap, s->ngroup + 1, sizeof *s->group))
		return ip_diag_plain(d, "reading the runs: out of memory");
	s->group[s->ngroup++] = (struct ip_scan_outcome){outcome, (uint64_t)count};
	return 0;
}

static int cmp_outcome(const void *a, const void *b)
{
	const struct ip_scan_outcome *x = a, *y = b;
	return x->outcome_id < y->outcome_id ? -1 : x->outcome_id > y->outcome_id;
}

/* ip_scan_next on a file older than version 5: the rows of one variant are consecutive. */
static int next_row_variant(struct ip_scan *s, struct ip_scan_variant *v, struct ip_diag *d)
{
	sqlite3_stmt *st = s->rows;
	if (s->rows_rc == SQLITE_DONE)
		return 0;
	if (s->rows_rc != SQLITE_ROW)
		return ip_diag_plain(d, "reading the runs: %s", sqlite3_errmsg(s->db));
	s->context = (uint32_t)sqlite3_column_int64(st, 0);
	s->vlen = (size_t)sqlite3_column_bytes(st, 1);
	if (s->vlen < 1 || s->vlen > IP_STORE_MAX_VALUE)
		return fail(s, d, "table run: a value of no bytes or more than a variant holds");
	memcpy(s->value, sqlite3_column_blob(st, 1), s->vlen);
	s->ngroup = 0;
	do {
		int64_t count = sqlite3_column_int64(st, 3);
		if (count <= 0)
			return fail(s, d, "table run: a row of no runs");
		if (add_to_group(s, sqlite3_column_int64(st, 2), count, d))
			return -1;
		s->rows_rc = sqlite3_step(st);
	} while (s->rows_rc == SQLITE_ROW && (uint32_t)sqlite3_column_int64(st, 0) == s->context &&
	         (size_t)sqlite3_column_bytes(st, 1) == s->vlen &&
	         memcmp(sqlite3_column_blob(st, 1), s->value, s->vlen) == 0);
	if (s->rows_rc != SQLITE_ROW && s->rows_rc != SQLITE_DONE)
		return ip_diag_plain(d, "reading the runs: %s", sqlite3_errmsg(s->db));
	v->context = s->context;
	v->value = s->value;
	v->value_len = s->vlen;
	v->number = number_of(s->value + (s->vlen > 8 ? s->vlen - 8 : 0), s->vlen > 8 ? 8 : s->vlen);
	v->outcomes = s->group;
	v->noutcomes = s->ngroup;
	return 1;
}

int ip_scan_next(struct ip_scan *s, struct ip_scan_variant *v, struct ip_diag *d)
{
	if (s->rows)
		return next_row_variant(s, v, d);
	for (;;) {
		size_t kept = 0;
		uint64_t number;
		/* blocks that start by the smallest value join the merge */
		while (s->next < s->nm && s->m[s->next].context == s->context &&
		       (!s->nheap || starts_by(s, &s->m[s->next])))
			if (activate(s, &s->m[s->next++], d))
				return -1;
		if (!s->nheap) {
			if (s->next == s->nm)
				return 0;
			s->context = s->m[s->next].context;
			continue;
		}
		/* every entry of the smallest value, from every block holding it */
		s->ngroup = 0;
		s->vlen = s->heap[0]->vlen;
		number = s->heap[0]->number; /* values of up to 8 bytes compare as numbers */
		memcpy(s->value, s->heap[0]->value, s->vlen);
		while (s->nheap && s->heap[0]->vlen == s->vlen &&
		       (s->vlen <= 8 ? s->heap[0]->number == number
		                     : memcmp(s->heap[0]->value, s->value, s->vlen) == 0)) {
			struct cursor *c = s->heap[0]; /* read on where it is, then sifted down */
			int rc;
			do {
				if (add_to_group(s, c->outcome, c->count, d))
					return -1;
				rc = advance(s, c, d);
				if (rc < 0)
					return -1;
			} while (rc > 0 && (s->vlen <= 8 ? c->number == number
			                                 : memcmp(c->value, s->value, s->vlen) == 0));
			if (rc > 0)
				heap_sift_top(s);
			else
				retire(s, heap_pop(s));
		}
		if (s->ngroup > 1)
			qsort(s->group, s->ngroup, sizeof *s->group, cmp_outcome);
		for (size_t i = 0; i < s->ngroup; i++) {
			if ((int64_t)s->group[i].count < 0) {
				char why[IP_STORE_MAX_VALUE * 2 + 200], hex[IP_STORE_MAX_VALUE * 2 + 1];
				for (size_t k = 0; k < s->vlen; k++)
					sprintf(hex + 2 * k, "%02x", s->value[k]);
				hex[2 * s->vlen] = 0;
				snprintf(why, sizeof why, "table run_block, row (context %u, value x'%s'): it "
				         "takes back more runs of outcome %lld than were stored", s->context,
				         hex, (long long)s->group[i].outcome_id);
				return fail(s, d, why);
			}
			if (s->group[i].count)
				s->group[kept++] = s->group[i];
		}
		if (!kept)
			continue; /* every run of it was taken back */
		v->context = s->context;
		v->value = s->value;
		v->value_len = s->vlen;
		v->number = number_of(s->value + (s->vlen > 8 ? s->vlen - 8 : 0),
		                      s->vlen > 8 ? 8 : s->vlen);
		v->outcomes = s->group;
		v->noutcomes = kept;
		return 1;
	}
}

void ip_scan_close(struct ip_scan *s)
{
	if (!s)
		return;
	while (s->nheap)
		retire(s, heap_pop(s));
	for (size_t i = 0; i < s->nspare; i++)
		free(s->spare[i]);
	sqlite3_finalize(s->rows);
	if (s->began)
		sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL);
	free(s->m);
	free(s->pool);
	free(s->heap);
	free(s->spare);
	free(s->group);
	free(s);
}

/* The scope as SQL: "campaign_id IN (1,2,3)" (ids are integers: no quoting needed). */
static char *scope_sql(const int64_t *campaigns, size_t n)
{
	char *sql = malloc(n * 21 + 64), *o = sql;
	if (!sql)
		return NULL;
	o += sprintf(o, "campaign_id IN (");
	for (size_t i = 0; i < n; i++)
		o += sprintf(o, "%s%lld", i ? "," : "", (long long)campaigns[i]);
	strcpy(o, ")");
	return sql;
}

int ip_store_runs_legacy(sqlite3 *db)
{
	int legacy = 0;
	return ip_store_query_int(db, "SELECT count(*) FROM main.sqlite_master WHERE name = 'run'"
	                              " AND type = 'table'", &legacy) == SQLITE_OK && legacy;
}

int ip_scan_open(struct ip_store *st, const int64_t *campaigns, size_t n, struct ip_scan **out,
                 struct ip_diag *d)
{
	return ip_scan_open_db(st->db, campaigns, n, out, d);
}

int ip_scan_open_db(sqlite3 *db, const int64_t *campaigns, size_t n, struct ip_scan **out,
                    struct ip_diag *d)
{
	struct ip_scan *s = calloc(1, sizeof *s);
	sqlite3_stmt *st = NULL;
	char *scope = scope_sql(campaigns, n), *sql = NULL;
	size_t cap = 0, pool_len = 0, pool_cap = 0;
	int rc;
	*out = NULL;
	if (!s || !scope || !(sql = malloc(strlen(scope) + 256))) {
		free(s);
		free(scope);
		return ip_diag_plain(d, "reading the runs: out of memory");
	}
	s->db = db;
	if (sqlite3_get_autocommit(db) && sqlite3_exec(db, "BEGIN", NULL, NULL, NULL) == SQLITE_OK)
		s->began = 1; /* one snapshot for every block read */
	if (ip_store_runs_legacy(db)) {
		sprintf(sql, "SELECT context, value, outcome_id, count FROM run WHERE %s"
		             " ORDER BY context, length(value), value, outcome_id", scope);
		free(scope);
		rc = sqlite3_prepare_v2(db, sql, -1, &s->rows, NULL);
		free(sql);
		if (rc != SQLITE_OK) {
			ip_diag_plain(d, "reading the runs: %s", sqlite3_errmsg(db));
			goto fail;
		}
		s->rows_rc = sqlite3_step(s->rows);
		*out = s;
		return 0;
	}
	sprintf(sql, "SELECT id, context, n, lo FROM run_block WHERE %s"
	             " ORDER BY context, length(lo), lo, id", scope);
	free(scope);
	rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
	free(sql);
	if (rc != SQLITE_OK) {
		ip_diag_plain(d, "reading the runs: %s", sqlite3_errmsg(db));
		goto fail;
	}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct meta *m;
		int64_t ctx = sqlite3_column_int64(st, 1), cnt = sqlite3_column_int64(st, 2);
		size_t len = (size_t)sqlite3_column_bytes(st, 3);
		char why[200];
		if (sqlite3_column_type(st, 3) != SQLITE_BLOB || len < 1 || len > IP_STORE_MAX_VALUE ||
		    sqlite3_column_type(st, 1) != SQLITE_INTEGER ||
		    ctx < 0 || ctx > UINT32_MAX || sqlite3_column_type(st, 2) != SQLITE_INTEGER ||
		    cnt < 0 || cnt > IP_BLOCK_MAX) {
			snprintf(why, sizeof why, "table run_block, row (id %lld): its context, n or lo "
			         "is not what a block of these campaigns holds",
			         (long long)sqlite3_column_int64(st, 0));
			fail(s, d, why);
			goto fail;
		}
		if (ip_grow((void **)&s->m, &cap, s->nm + 1, sizeof *s->m))
			goto oom;
		m = &s->m[s->nm++];
		m->id = sqlite3_column_int64(st, 0);
		m->context = (uint32_t)ctx;
		m->n = (size_t)cnt;
		m->vlen = len;
		m->lo = len <= 8 ? number_of(sqlite3_column_blob(st, 3), len) : 0;
		m->lo_at = pool_len;
		if (len > 8) {
			if (pool_len + len > pool_cap) {
				uint8_t *p;
				pool_cap = pool_cap ? 2 * pool_cap : 65536;
				if (!(p = realloc(s->pool, pool_cap)))
					goto oom;
				s->pool = p;
			}
			memcpy(s->pool + pool_len, sqlite3_column_blob(st, 3), len);
			pool_len += len;
		}
	}
	sqlite3_finalize(st);
	st = NULL;
	if (rc != SQLITE_DONE) {
		ip_diag_plain(d, "reading the runs: %s", sqlite3_errmsg(db));
		goto fail;
	}
	s->heap = malloc((s->nm + 1) * sizeof *s->heap);
	s->spare = malloc((s->nm + 1) * sizeof *s->spare);
	if (!s->heap || !s->spare)
		goto oom;
	if (s->nm)
		s->context = s->m[0].context;
	*out = s;
	return 0;
oom:
	ip_diag_plain(d, "reading the runs: out of memory");
fail:
	sqlite3_finalize(st);
	ip_scan_close(s);
	return -1;
}
