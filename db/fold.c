/* fold.c: a batch's entries folded into the stored blocks they repeat (a campaign's later pass
 * over the same variants), so that repeated passes add to the counts of existing blocks rather
 * than append blocks of their own: the file stays the size of one pass. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

/* Stored blocks read to fold one new block into, at most (the LIMITs of ST_BLOCK_FIND_*). */
#define FOLD_CANDIDATES 5
/* Attempts that found little to fold wait this many batches at most before the next one. */
#define FOLD_BACKOFF_MAX 1024

/* One sorted list of entries being merged: a stored block or the new one. */
struct fold_list {
	const uint8_t *vals;  /* big-endian, vlen bytes each */
	int64_t *out, *cnt;   /* outcome ids and counts (stored blocks) */
	const struct ip_store_batch *b; /* the new entries: b->e[first + i], NULL for stored */
	size_t first, n, i;
};

/* Outcome id -> status, for the per-status counts of the blocks written. */
struct status_map {
	int64_t *ids;         /* 0: empty */
	int8_t *status;
	size_t mask;
};

struct fold {
	size_t vlen;
	struct fold_list lists[FOLD_CANDIDATES + 1];
	size_t nlists;
	int64_t ids[FOLD_CANDIDATES];
	size_t old_n, max_n;
	int exact;            /* one block with the new one's first and last values */
	uint8_t *old_vals;    /* the stored blocks' values, one after the other */
	int64_t *old_out, *old_cnt;
	uint8_t *vals;        /* the merged entries */
	int64_t *out, *cnt;
	size_t m;
	struct status_map map;
};

static void fold_free(struct fold *f)
{
	free(f->old_vals);
	free(f->old_out);
	free(f->old_cnt);
	free(f->vals);
	free(f->out);
	free(f->cnt);
	free(f->map.ids);
	free(f->map.status);
}

static int64_t list_out(const struct fold_list *l, size_t i)
{
	return l->b ? l->b->oc[l->b->e[l->first + i].oc].id : l->out[i];
}

static int64_t list_cnt(const struct fold_list *l, size_t i)
{
	return l->b ? l->b->e[l->first + i].count : l->cnt[i];
}

/* The stored blocks of the new block's context whose values overlap [lo, hi], into f->ids: one
 * with exactly its first and last values alone (the same batch in an earlier pass), else those
 * starting in it and the nearest before it. 0, or -1 with d set. */
static int find_candidates(struct ip_store *s, struct fold *f, int64_t campaign, int64_t context,
                           const uint8_t *lo, const uint8_t *hi, struct ip_diag *d)
{
	static const enum ip_stmt which[2] = {ST_BLOCK_FIND_IN, ST_BLOCK_FIND_BELOW};
	size_t vl = f->vlen;
	for (int q = 0; q < 2; q++) {
		sqlite3_stmt *st = s->st[which[q]];
		int rc;
		sqlite3_bind_int64(st, 1, campaign);
		sqlite3_bind_int64(st, 2, context);
		sqlite3_bind_blob(st, 3, lo, (int)vl, SQLITE_STATIC);
		if (q == 0)
			sqlite3_bind_blob(st, 4, hi, (int)vl, SQLITE_STATIC);
		while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
			int64_t n = sqlite3_column_int64(st, 1);
			const void *blo = sqlite3_column_blob(st, 2), *bhi = sqlite3_column_blob(st, 3);
			if ((size_t)sqlite3_column_bytes(st, 2) != vl ||
			    (size_t)sqlite3_column_bytes(st, 3) != vl || n < 1 || n > IP_BLOCK_MAX ||
			    memcmp(bhi, lo, vl) < 0)
				continue; /* ends before the new block (or is not one the writer made) */
			if (q == 0 && !memcmp(blo, lo, vl) && !memcmp(bhi, hi, vl)) {
				f->nlists = f->old_n = f->max_n = 0; /* this one alone */
				f->exact = 1;
				q = 2;
			}
			f->ids[f->nlists] = sqlite3_column_int64(st, 0);
			f->lists[f->nlists++].n = (size_t)n;
			f->old_n += (size_t)n;
			if ((size_t)n > f->max_n)
				f->max_n = (size_t)n;
			if (q == 2)
				break;
		}
		sqlite3_reset(st);
		if (rc != SQLITE_DONE && rc != SQLITE_ROW)
			return ip_store_fail(s, d, "recording a batch: finding its blocks");
	}
	return 0;
}

/* Reads the candidates' entries into memory. 1 read, 0 a block is not as the writer makes
 * them (left alone: readers report it), -1 with d set. */
static int read_candidates(struct ip_store *s, struct fold *f, struct ip_diag *d)
{
	sqlite3_stmt *st = s->st[ST_BLOCK_GET];
	size_t at = 0;
	f->old_vals = malloc(f->old_n * f->vlen);
	f->old_out = malloc(f->old_n * sizeof *f->old_out);
	f->old_cnt = malloc(f->old_n * sizeof *f->old_cnt);
	if (!f->old_vals || !f->old_out || !f->old_cnt)
		return ip_store_error(s, d, "recording a batch: out of memory");
	for (size_t k = 0; k < f->nlists; k++) {
		struct fold_list *l = &f->lists[k];
		struct ip_block_reader r;
		const uint8_t *v;
		int rc, got = 0;
		sqlite3_bind_int64(st, 1, f->ids[k]);
		rc = sqlite3_step(st);
		if (rc == SQLITE_ROW &&
		    !ip_block_reader_mem(&r, f->ids[k], f->vlen, l->n, sqlite3_column_blob(st, 0),
		                         (size_t)sqlite3_column_bytes(st, 0),
		                         (const char *)sqlite3_column_text(st, 1),
		                         (size_t)sqlite3_column_bytes(st, 1))) {
			l->vals = f->old_vals + at * f->vlen;
			l->out = f->old_out + at;
			l->cnt = f->old_cnt + at;
			while ((got = ip_block_reader_next(&r, &v, &l->out[l->i], &l->cnt[l->i])) == 1)
				memcpy((uint8_t *)l->vals + l->i++ * f->vlen, v, f->vlen);
			at += l->n;
		}
		sqlite3_reset(st);
		if (rc != SQLITE_ROW && rc != SQLITE_DONE)
			return ip_store_fail(s, d, "recording a batch: reading block %lld",
			                     (long long)f->ids[k]);
		if (got != 0 || l->i != l->n)
			return 0;
		l->i = 0;
	}
	return 1;
}

/* Merges the lists in value order into f->vals/out/cnt: entries of one value and outcome
 * summed, those summing to 0 left out, one value's outcomes in id order. 0, or -1 out of
 * memory. */
static int merge(struct fold *f)
{
	size_t total = 0, vl = f->vlen;
	for (size_t k = 0; k < f->nlists; k++)
		total += f->lists[k].n;
	f->vals = malloc(total * vl);
	f->out = malloc(total * sizeof *f->out);
	f->cnt = malloc(total * sizeof *f->cnt);
	if (!f->vals || !f->out || !f->cnt)
		return -1;
	f->m = 0;
	for (;;) {
		const uint8_t *min = NULL;
		size_t start = f->m;
		for (size_t k = 0; k < f->nlists; k++) {
			const struct fold_list *l = &f->lists[k];
			if (l->i < l->n && (!min || memcmp(l->vals + l->i * vl, min, vl) < 0))
				min = l->vals + l->i * vl;
		}
		if (!min)
			break;
		memcpy(f->vals + start * vl, min, vl);
		min = f->vals + start * vl; /* the lists move on below */
		for (size_t k = 0; k < f->nlists; k++) {
			struct fold_list *l = &f->lists[k];
			for (; l->i < l->n && memcmp(l->vals + l->i * vl, min, vl) == 0; l->i++) {
				int64_t id = list_out(l, l->i), c = list_cnt(l, l->i);
				size_t j = start;
				while (j < f->m && f->out[j] < id)
					j++;
				if (j < f->m && f->out[j] == id) {
					f->cnt[j] += c;
					continue;
				}
				memmove(f->out + j + 1, f->out + j, (f->m - j) * sizeof *f->out);
				memmove(f->cnt + j + 1, f->cnt + j, (f->m - j) * sizeof *f->cnt);
				f->out[j] = id;
				f->cnt[j] = c;
				f->m++;
			}
		}
		/* drop what sums to 0; every entry kept carries the value */
		size_t keep = start;
		for (size_t j = start; j < f->m; j++)
			if (f->cnt[j]) {
				f->out[keep] = f->out[j];
				f->cnt[keep] = f->cnt[j];
				if (keep != start)
					memcpy(f->vals + keep * vl, f->vals + start * vl, vl);
				keep++;
			}
		f->m = keep;
	}
	return 0;
}

static size_t map_slot(const struct status_map *m, int64_t id)
{
	size_t i = (size_t)((uint64_t)id * UINT64_C(0x9E3779B97F4A7C15) >> 20) & m->mask;
	while (m->ids[i] && m->ids[i] != id)
		i = (i + 1) & m->mask;
	return i;
}

/* The status of every outcome the merged entries name: the batch's own, then the table's. */
static int map_statuses(struct ip_store *s, struct fold *f, const struct ip_store_batch *b,
                        struct ip_diag *d)
{
	size_t size = 64;
	while (size < 2 * (b->noc + f->m))
		size *= 2;
	f->map.ids = calloc(size, sizeof *f->map.ids);
	f->map.status = malloc(size);
	f->map.mask = size - 1;
	if (!f->map.ids || !f->map.status)
		return ip_store_error(s, d, "recording a batch: out of memory");
	for (size_t k = 0; k < b->noc; k++) {
		size_t i = map_slot(&f->map, b->oc[k].id);
		f->map.ids[i] = b->oc[k].id;
		f->map.status[i] = (int8_t)b->oc[k].status;
	}
	for (size_t j = 0; j < f->m; j++) {
		size_t i = map_slot(&f->map, f->out[j]);
		enum ip_status st;
		if (f->map.ids[i])
			continue;
		if (ip_store_outcome_status(s, f->out[j], &st, d))
			return -1;
		f->map.ids[i] = f->out[j];
		f->map.status[i] = (int8_t)st;
	}
	return 0;
}

/* Replaces the candidates with the merged entries, in blocks of about the size of the largest
 * block merged: half as large again at most (a block that gained entries, flaky outcomes, stays
 * one block of the same range, as the next pass's batch will find it). */
static int write_merged(struct ip_store *s, struct fold *f, int64_t campaign, int64_t context,
                        struct ip_diag *d)
{
	struct ip_block_writer *w = &s->writer;
	size_t most = f->max_n + f->max_n / 2 < IP_BLOCK_MAX ? f->max_n + f->max_n / 2 : IP_BLOCK_MAX;
	size_t pieces = (f->m + most - 1) / most, done = 0;
	for (size_t k = 0; k + 1 < f->nlists; k++) {
		sqlite3_bind_int64(s->st[ST_BLOCK_DELETE], 1, f->ids[k]);
		if (ip_store_step_done(s, ST_BLOCK_DELETE) != SQLITE_DONE)
			return ip_store_fail(s, d, "recording a batch: replacing block %lld",
			                     (long long)f->ids[k]);
	}
	for (size_t p = 0; p < pieces; p++) {
		size_t end = f->m * (p + 1) / pieces;
		ip_block_writer_start(w, campaign, context, f->vlen);
		for (; done < end; done++) {
			char id[24];
			int len = snprintf(id, sizeof id, "%lld", (long long)f->out[done]);
			if (ip_block_writer_put(w, f->vals + done * f->vlen, id, (size_t)len,
			                        f->cnt[done],
			                        f->map.status[map_slot(&f->map, f->out[done])]))
				return ip_store_error(s, d, "recording a batch: out of memory");
		}
		if (ip_block_writer_flush(w, s->st[ST_BLOCK_ADD]) != SQLITE_OK)
			return ip_store_fail(s, d, "recording a batch in campaign %lld",
			                     (long long)campaign);
	}
	return 0;
}

int ip_store_fold(struct ip_store *s, int64_t campaign, const struct ip_store_batch *b,
                  size_t first, size_t n, struct ip_diag *d)
{
	struct fold f;
	const struct ip_batch_entry *e = &b->e[first];
	struct fold_list *mine;
	int rc = 0, exact;
	memset(&f, 0, sizeof f);
	f.vlen = b->value_len;
	if (find_candidates(s, &f, campaign, e->context, b->vals + first * f.vlen,
	                    b->vals + (first + n - 1) * f.vlen, d))
		return -1;
	if (!f.nlists)
		return 0; /* nothing stored there yet: the first pass appends */
	exact = f.nlists == 1 && f.exact;
	if (s->fold_wait[exact]) {
		s->fold_wait[exact]--;
		return 0;
	}
	if ((rc = read_candidates(s, &f, d)) != 1)
		goto out;
	mine = &f.lists[f.nlists++];
	mine->vals = b->vals + first * f.vlen;
	mine->b = b;
	mine->first = first;
	mine->n = n;
	if (n > f.max_n)
		f.max_n = n;
	if (merge(&f)) {
		rc = ip_store_error(s, d, "recording a batch: out of memory");
		goto out;
	}
	/* Worth it when at least half the new entries were there already; otherwise (values in
	 * random order, blocks that overlap without repeating) wait longer before trying again:
	 * blocks of exactly the new one's range and the others each have their own wait. */
	if (f.m > f.old_n + n - n / 2) {
		unsigned *backoff = &s->fold_backoff[exact];
		*backoff = *backoff ? 2 * *backoff : 1;
		if (*backoff > FOLD_BACKOFF_MAX)
			*backoff = FOLD_BACKOFF_MAX;
		s->fold_wait[exact] = *backoff;
		rc = 0;
		goto out;
	}
	s->fold_backoff[exact] = 0;
	rc = map_statuses(s, &f, b, d) || write_merged(s, &f, campaign, e->context, d) ? -1 : 1;
out:
	fold_free(&f);
	return rc;
}
