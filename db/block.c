/* block.c: the run_block row format (db/migrate.c, version 5): writing one (values side by side,
 * big-endian; outcomes and counts as a JSON array: an id alone for one run, [id, count]
 * otherwise) and reading one back entry by entry, every entry checked, its bytes either in
 * memory or read a piece at a time from the row (so that a reader merging thousands of blocks
 * holds a few kilobytes of each). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "store_internal.h"

/* ---- writing ------------------------------------------------------------------------------ */

void ip_block_writer_init(struct ip_block_writer *w)
{
	memset(w, 0, sizeof *w);
}

void ip_block_writer_free(struct ip_block_writer *w)
{
	free(w->vals);
	free(w->outs);
	memset(w, 0, sizeof *w);
}

int ip_block_writer_prepare(struct ip_block_writer *w, sqlite3 *db, sqlite3_stmt **st)
{
	(void)w;
	return sqlite3_prepare_v2(db,
	                          "INSERT INTO main.run_block (campaign_id, context, n, lo, hi, runs,"
	                          " ok, fault, invalid, timeout, unmodeled, runner_error, vals, outs)"
	                          " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13,"
	                          " ?14)",
	                          -1, st, NULL);
}

void ip_block_writer_start(struct ip_block_writer *w, int64_t campaign, int64_t context,
                           size_t vlen)
{
	w->campaign = campaign;
	w->context = context;
	w->vlen = vlen;
	w->n = 0;
	w->runs = 0;
	memset(w->by_status, 0, sizeof w->by_status);
	w->vals_len = 0;
	w->outs_len = 0;
}

/* Decimal text of v at o (at most 20 characters); returns the end. */
static char *put_int(char *o, int64_t v)
{
	char tmp[24], *t = tmp + sizeof tmp;
	uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	do
		*--t = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		*--t = '-';
	memcpy(o, t, (size_t)(tmp + sizeof tmp - t));
	return o + (tmp + sizeof tmp - t);
}

int ip_block_writer_put(struct ip_block_writer *w, const uint8_t *value, const char *id,
                        size_t id_len, int64_t count, int status)
{
	char *o;
	if (ip_grow((void **)&w->vals, &w->vals_cap, w->vals_len + w->vlen, 1) ||
	    ip_grow((void **)&w->outs, &w->outs_cap, w->outs_len + id_len + 32, 1))
		return -1;
	memcpy(w->vals + w->vals_len, value, w->vlen);
	w->vals_len += w->vlen;
	o = w->outs + w->outs_len;
	*o++ = w->n ? ',' : '[';
	if (count == 1) {
		memcpy(o, id, id_len);
		o += id_len;
	} else {
		*o++ = '[';
		memcpy(o, id, id_len);
		o += id_len;
		*o++ = ',';
		o = put_int(o, count);
		*o++ = ']';
	}
	w->outs_len = (size_t)(o - w->outs);
	w->n++;
	w->runs += count;
	if (status >= 0 && status < IP_STATUS_COUNT)
		w->by_status[status] += count;
	return 0;
}

int ip_block_writer_put_batch(struct ip_block_writer *w, const struct ip_store_batch *b,
                              size_t first, size_t n)
{
	char *o;
	if (ip_grow((void **)&w->vals, &w->vals_cap, w->vals_len + n * w->vlen, 1) ||
	    ip_grow((void **)&w->outs, &w->outs_cap, w->outs_len + n * 48 + 1, 1))
		return -1;
	memcpy(w->vals + w->vals_len, b->vals + first * w->vlen, n * w->vlen);
	w->vals_len += n * w->vlen;
	o = w->outs + w->outs_len;
	for (size_t i = first; i < first + n; i++) {
		const struct ip_batch_entry *e = &b->e[i];
		const struct ip_batch_outcome *oc = &b->oc[e->oc];
		*o++ = w->n++ ? ',' : '[';
		if (e->count != 1)
			*o++ = '[';
		memcpy(o, oc->text, sizeof oc->text); /* a fixed size: no call; the text is shorter */
		o += oc->text_len;
		if (e->count != 1) {
			*o++ = ',';
			o = put_int(o, e->count);
			*o++ = ']';
		}
		w->runs += e->count;
		if (oc->status < IP_STATUS_COUNT)
			w->by_status[oc->status] += e->count;
	}
	w->outs_len = (size_t)(o - w->outs);
	return 0;
}

int ip_block_writer_add(struct ip_block_writer *w, int64_t campaign, int64_t context,
                        const void *value, size_t vlen, int64_t outcome, int64_t count,
                        int status)
{
	char id[24];
	int n = snprintf(id, sizeof id, "%lld", (long long)outcome);
	if (!w->n)
		ip_block_writer_start(w, campaign, context, vlen);
	return ip_block_writer_put(w, value, id, (size_t)n, count, status) ? SQLITE_NOMEM
	                                                                   : SQLITE_OK;
}

int ip_block_writer_flush(struct ip_block_writer *w, sqlite3_stmt *st)
{
	int rc;
	if (ip_grow((void **)&w->outs, &w->outs_cap, w->outs_len + 2, 1))
		return SQLITE_NOMEM;
	if (!w->n)
		w->outs[w->outs_len++] = '[';
	w->outs[w->outs_len++] = ']';
	sqlite3_bind_int64(st, 1, w->campaign);
	sqlite3_bind_int64(st, 2, w->context);
	sqlite3_bind_int64(st, 3, (int64_t)w->n);
	sqlite3_bind_blob(st, 4, w->vals, (int)(w->n ? w->vlen : 0), SQLITE_STATIC);
	sqlite3_bind_blob(st, 5, w->vals + (w->n ? (w->n - 1) * w->vlen : 0),
	                  (int)(w->n ? w->vlen : 0), SQLITE_STATIC);
	sqlite3_bind_int64(st, 6, w->runs);
	for (int k = 0; k < IP_STATUS_COUNT; k++)
		sqlite3_bind_int64(st, 7 + k, w->by_status[k]);
	sqlite3_bind_blob(st, 7 + IP_STATUS_COUNT, w->vals, (int)w->vals_len, SQLITE_STATIC);
	sqlite3_bind_text(st, 8 + IP_STATUS_COUNT, w->outs, (int)w->outs_len, SQLITE_STATIC);
	rc = sqlite3_step(st);
	sqlite3_reset(st);
	w->n = 0;
	return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/* ---- reading ------------------------------------------------------------------------------ */

/* Bytes of a column read a piece at a time (a blob handle), or all in memory. */
#define PIECE 1024

static void src_init(struct ip_block_src *s, const void *mem, size_t len)
{
	memset(s, 0, sizeof *s);
	s->p = mem;
	s->len = len;
	s->total = s->off = len; /* all of it fetched */
}

/* Makes at least `want` bytes (or what is left) available at s->p + s->pos. -1: read error. */
static int src_need(struct ip_block_src *s, size_t want)
{
	size_t have = s->len - s->pos, more;
	if (have >= want || !s->blob || s->off >= s->total)
		return 0;
	memmove(s->buf, s->buf + s->pos, have);
	s->len = have;
	s->pos = 0;
	more = s->total - s->off;
	if (more > sizeof s->buf - have)
		more = sizeof s->buf - have;
	if (sqlite3_blob_read(s->blob, s->buf + have, (int)more, (int)s->off) != SQLITE_OK)
		return -1;
	s->off += more;
	s->len += more;
	return 0;
}

static void src_close(struct ip_block_src *s)
{
	if (s->blob)
		sqlite3_blob_close(s->blob);
	s->blob = NULL;
}

static int src_open(struct ip_block_src *s, sqlite3 *db, const char *schema, const char *column,
                    int64_t row)
{
	memset(s, 0, sizeof *s);
	if (sqlite3_blob_open(db, schema, "run_block", column, row, 0, &s->blob) != SQLITE_OK)
		return -1;
	s->total = (size_t)sqlite3_blob_bytes(s->blob);
	s->p = s->buf;
	return 0;
}

static int reader_fail(struct ip_block_reader *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int reader_fail(struct ip_block_reader *r, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(r->why, sizeof r->why, "table run_block, row (id %lld), entry %zu: ",
	                 (long long)r->id, r->i);
	va_start(ap, fmt);
	vsnprintf(r->why + n, sizeof r->why - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

static int start(struct ip_block_reader *r)
{
	struct ip_block_src *o = &r->outs;
	if (src_need(o, 1))
		return reader_fail(r, "cannot read its outcomes");
	while (o->pos < o->len && (o->p[o->pos] == ' ' || o->p[o->pos] == '\n'))
		o->pos++;
	if (o->pos == o->len || o->p[o->pos] != '[')
		return reader_fail(r, "its outcomes are not a JSON array");
	o->pos++;
	return 0;
}

int ip_block_reader_mem(struct ip_block_reader *r, int64_t id, size_t vlen, size_t n,
                        const void *vals, size_t vals_len, const char *outs, size_t outs_len)
{
	memset(r, 0, sizeof *r);
	r->id = id;
	r->vlen = vlen;
	r->n = n;
	src_init(&r->vals, vals, vals_len);
	src_init(&r->outs, outs, outs_len);
	if (vlen < 1 || vlen > IP_STORE_MAX_VALUE)
		return reader_fail(r, "its values are %zu bytes long", vlen);
	if (vals_len != n * vlen)
		return reader_fail(r, "%zu bytes of values for %zu entries of %zu bytes", vals_len, n,
		                   vlen);
	return start(r);
}

int ip_block_reader_open(struct ip_block_reader *r, sqlite3 *db, const char *schema, int64_t id,
                         size_t vlen, size_t n)
{
	memset(r, 0, sizeof *r);
	r->id = id;
	r->vlen = vlen;
	r->n = n;
	if (vlen < 1 || vlen > IP_STORE_MAX_VALUE)
		return reader_fail(r, "its values are %zu bytes long", vlen);
	if (src_open(&r->vals, db, schema, "vals", id) || src_open(&r->outs, db, schema, "outs", id))
		return reader_fail(r, "cannot read it: %s", sqlite3_errmsg(db));
	if (r->vals.total != n * vlen)
		return reader_fail(r, "%zu bytes of values for %zu entries of %zu bytes",
		                   r->vals.total, n, vlen);
	return start(r);
}

void ip_block_reader_close(struct ip_block_reader *r)
{
	src_close(&r->vals);
	src_close(&r->outs);
}

/* A JSON integer at o->p + o->pos (no fraction, no exponent, no leading zero), within int64. */
static int parse_int(struct ip_block_src *o, int64_t *out)
{
	const uint8_t *p = o->p + o->pos, *end = o->p + o->len;
	int neg = 0;
	uint64_t v = 0;
	if (p < end && *p == '-') {
		neg = 1;
		p++;
	}
	if (p == end || *p < '0' || *p > '9' || (*p == '0' && p + 1 < end && p[1] >= '0' &&
	                                          p[1] <= '9'))
		return -1;
	for (; p < end && *p >= '0' && *p <= '9'; p++) {
		if (v > (UINT64_C(9223372036854775808) - (uint64_t)(*p - '0')) / 10)
			return -1;
		v = v * 10 + (uint64_t)(*p - '0');
	}
	if (p < end && (*p == '.' || *p == 'e' || *p == 'E'))
		return -1;
	if (v > (uint64_t)INT64_MAX + (uint64_t)neg)
		return -1;
	*out = neg ? (int64_t)(0 - v) : (int64_t)v;
	o->pos = (size_t)(p - o->p);
	return 0;
}

static void skip_ws(struct ip_block_src *o)
{
	while (o->pos < o->len && (o->p[o->pos] == ' ' || o->p[o->pos] == '\n' ||
	                           o->p[o->pos] == '\t' || o->p[o->pos] == '\r'))
		o->pos++;
}

static int expect(struct ip_block_src *o, char c)
{
	skip_ws(o);
	if (o->pos >= o->len || o->p[o->pos] != (uint8_t)c)
		return -1;
	o->pos++;
	skip_ws(o);
	return 0;
}

int ip_block_reader_next(struct ip_block_reader *r, const uint8_t **value, int64_t *outcome,
                         int64_t *count)
{
	struct ip_block_src *o = &r->outs, *v = &r->vals;
	const uint8_t *val;
	if (r->i == r->n) { /* the array must end here, and nothing follow it */
		if (src_need(o, 64))
			return reader_fail(r, "cannot read its outcomes");
		if (expect(o, ']') || o->pos != o->len || o->off != o->total)
			return reader_fail(r, "its outcomes do not end after the %zu entries its n says",
			                   r->n);
		return 0;
	}
	/* an entry's text is at most 45 bytes ("[-9223372036854775808,-9223372036854775808],") */
	if (src_need(o, 64) || src_need(v, r->vlen))
		return reader_fail(r, "cannot read it");
	if (r->i && expect(o, ','))
		return reader_fail(r, "its outcomes end after %zu of %zu entries (or are not JSON)",
		                   r->i, r->n);
	skip_ws(o);
	if (o->pos < o->len && o->p[o->pos] == '[') {
		o->pos++;
		skip_ws(o);
		if (parse_int(o, outcome) || expect(o, ',') || parse_int(o, count) || expect(o, ']'))
			return reader_fail(r, "not an outcome id or [outcome id, count]");
	} else {
		if (parse_int(o, outcome))
			return reader_fail(r, "not an outcome id or [outcome id, count]");
		*count = 1;
	}
	if (*outcome < 1)
		return reader_fail(r, "outcome %lld is not an outcome id", (long long)*outcome);
	if (*count == 0 || *count < -INT32_MAX || *count > INT64_MAX / 2)
		return reader_fail(r, "count %lld is not a number of runs", (long long)*count);
	if (v->len - v->pos < r->vlen)
		return reader_fail(r, "its values end early");
	val = v->p + v->pos;
	if (r->i && memcmp(r->prev, val, r->vlen) > 0)
		return reader_fail(r, "its values are not in ascending order");
	memcpy(r->prev, val, r->vlen);
	v->pos += r->vlen;
	r->i++;
	*value = r->prev;
	return 1;
}
