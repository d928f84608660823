/* summary.c: the views that count every run (campaign_outcome, campaign_summary's variants and
 * outcomes) worked out once from the blocks by db/scan.c, in C, as temporary tables that take
 * their place for one connection: `isaprobe query` on 10^7 runs in seconds, not minutes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "store_internal.h"

/* (context, outcome) of one campaign: its variants, runs and first (smallest) value. */
struct group {
	uint32_t context;
	int64_t outcome;      /* 0: an empty slot */
	int64_t variants, runs;
	size_t example;       /* offset in the arena */
};

struct groups {
	struct group *g;
	size_t cap, n;        /* cap: a power of two */
	uint8_t *arena;
	size_t arena_len, arena_cap, vlen;
};

static size_t slot_of(const struct groups *t, uint32_t context, int64_t outcome)
{
	uint64_t h = ((uint64_t)outcome * UINT64_C(0x9E3779B97F4A7C15)) ^ (context * 0x85EBCA6Bu);
	size_t i = (size_t)(h >> 17) & (t->cap - 1);
	while (t->g[i].outcome && (t->g[i].outcome != outcome || t->g[i].context != context))
		i = (i + 1) & (t->cap - 1);
	return i;
}

static int grow(struct groups *t)
{
	struct groups old = *t;
	t->cap = old.cap ? 2 * old.cap : 1024;
	if (!(t->g = calloc(t->cap, sizeof *t->g)))
		return -1;
	for (size_t i = 0; i < old.cap; i++)
		if (old.g[i].outcome)
			t->g[slot_of(t, old.g[i].context, old.g[i].outcome)] = old.g[i];
	free(old.g);
	return 0;
}

/* Adds one variant's runs of one outcome; its value is the group's example when it is the
 * group's first (the scan reads each context's values in ascending order). */
static int add(struct groups *t, uint32_t context, int64_t outcome, uint64_t count,
               const uint8_t *value)
{
	struct group *g;
	if (2 * (t->n + 1) > t->cap && grow(t))
		return -1;
	g = &t->g[slot_of(t, context, outcome)];
	if (!g->outcome) {
		if (ip_grow((void **)&t->arena, &t->arena_cap, t->arena_len + t->vlen, 1))
			return -1;
		memcpy(t->arena + t->arena_len, value, t->vlen);
		g->example = t->arena_len;
		t->arena_len += t->vlen;
		g->context = context;
		g->outcome = outcome;
		t->n++;
	}
	g->variants++;
	g->runs += (int64_t)count;
	return 0;
}

static const char tables_sql[] =
	"CREATE TEMP TABLE campaign_outcome (campaign_id INTEGER, context INTEGER,"
	" outcome_id INTEGER, status INTEGER, fault INTEGER, variants INTEGER, runs INTEGER,"
	" example BLOB);"
	"CREATE TEMP TABLE campaign_counts (campaign_id INTEGER PRIMARY KEY, variants INTEGER,"
	" outcomes INTEGER);";

/* The stored campaign_summary's two subqueries over run, and what replaces them. */
static const char *const summary_swap[2][2] = {
	{"(SELECT count(*) FROM (SELECT DISTINCT context, value FROM run WHERE campaign_id = c.id))",
	 "(SELECT variants FROM temp.campaign_counts k WHERE k.campaign_id = c.id)"},
	{"(SELECT count(DISTINCT outcome_id) FROM run WHERE campaign_id = c.id)",
	 "(SELECT outcomes FROM temp.campaign_counts k WHERE k.campaign_id = c.id)"},
};

static int by_id(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return x < y ? -1 : x > y;
}

/* One campaign's groups into the temporary tables. */
static int count_campaign(sqlite3 *db, int64_t campaign, sqlite3_stmt *ins, sqlite3_stmt *cnt,
                          struct ip_diag *d)
{
	struct groups t;
	struct ip_scan *sc = NULL;
	struct ip_scan_variant v;
	int64_t variants = 0, outcomes = 0, *ids = NULL;
	size_t nids = 0;
	int rc;
	memset(&t, 0, sizeof t);
	if (ip_scan_open_db(db, &campaign, 1, &sc, d))
		return -1;
	while ((rc = ip_scan_next(sc, &v, d)) == 1) {
		int any = 0;
		t.vlen = v.value_len;
		for (size_t j = 0; j < v.noutcomes; j++) {
			if (!v.outcomes[j].count)
				continue;
			any = 1;
			if (add(&t, v.context, v.outcomes[j].outcome_id, v.outcomes[j].count, v.value)) {
				rc = ip_diag_plain(d, "counting the runs of campaign %lld: out of memory",
				                   (long long)campaign);
				break;
			}
		}
		variants += any;
	}
	ip_scan_close(sc);
	if (rc == 0 && !(ids = malloc((t.n + 1) * sizeof *ids)))
		rc = ip_diag_plain(d, "counting the runs: out of memory");
	for (size_t i = 0; rc == 0 && i < t.cap; i++) {
		const struct group *g = &t.g[i];
		if (!g->outcome)
			continue;
		ids[nids++] = g->outcome;
		sqlite3_bind_int64(ins, 1, campaign);
		sqlite3_bind_int64(ins, 2, g->context);
		sqlite3_bind_int64(ins, 3, g->outcome);
		sqlite3_bind_int64(ins, 4, g->variants);
		sqlite3_bind_int64(ins, 5, g->runs);
		sqlite3_bind_blob(ins, 6, t.arena + g->example, (int)t.vlen, SQLITE_STATIC);
		if (sqlite3_step(ins) != SQLITE_DONE)
			rc = ip_diag_plain(d, "counting the runs: %s", sqlite3_errmsg(db));
		sqlite3_reset(ins);
	}
	if (rc == 0) { /* each outcome once, whatever its contexts */
		qsort(ids, nids, sizeof *ids, by_id);
		for (size_t i = 0; i < nids; i++)
			outcomes += !i || ids[i] != ids[i - 1];
		sqlite3_bind_int64(cnt, 1, campaign);
		sqlite3_bind_int64(cnt, 2, variants);
		sqlite3_bind_int64(cnt, 3, outcomes);
		if (sqlite3_step(cnt) != SQLITE_DONE)
			rc = ip_diag_plain(d, "counting the runs: %s", sqlite3_errmsg(db));
		sqlite3_reset(cnt);
	}
	free(ids);
	free(t.g);
	free(t.arena);
	return rc ? -1 : 0;
}

/* campaign_summary again, as a temporary view reading temp.campaign_counts. */
static int summary_view(sqlite3 *db)
{
	sqlite3_stmt *st;
	char *sql = NULL;
	int rc = -1;
	if (sqlite3_prepare_v2(db, "SELECT sql FROM main.sqlite_master WHERE type = 'view' AND"
	                           " name = 'campaign_summary'", -1, &st, NULL) != SQLITE_OK)
		return -1;
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0)) {
		const char *old = (const char *)sqlite3_column_text(st, 0);
		const char *create = "CREATE VIEW campaign_summary";
		size_t len = strlen(old);
		if (!strncmp(old, create, strlen(create)) && (sql = malloc(len + 256))) {
			char *o = sql;
			o += sprintf(o, "CREATE TEMP VIEW campaign_summary");
			old += strlen(create);
			rc = 0;
			for (int k = 0; k < 2 && !rc; k++) {
				const char *at = strstr(old, summary_swap[k][0]);
				if (!at) {
					rc = -1; /* not the view this build knows: left as it is */
					break;
				}
				memcpy(o, old, (size_t)(at - old));
				o += at - old;
				o += sprintf(o, "%s", summary_swap[k][1]);
				old = at + strlen(summary_swap[k][0]);
			}
			strcpy(o, old);
		}
	}
	sqlite3_finalize(st);
	if (!rc)
		rc = sqlite3_exec(db, sql, NULL, NULL, NULL) == SQLITE_OK ? 0 : -1;
	free(sql);
	return rc;
}

int ip_store_temp_summaries(struct ip_store *s, struct ip_diag *d)
{
	sqlite3 *db = s->db;
	sqlite3_stmt *ids = NULL, *ins = NULL, *cnt = NULL;
	int rc = 0;
	if (ip_store_runs_legacy(db))
		return 0; /* a run table with its own index: the views read it well enough */
	if (sqlite3_exec(db, "SAVEPOINT summaries", NULL, NULL, NULL) != SQLITE_OK ||
	    sqlite3_exec(db, tables_sql, NULL, NULL, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(db, "SELECT id FROM main.campaign ORDER BY id", -1, &ids, NULL) ||
	    sqlite3_prepare_v2(db, "INSERT INTO temp.campaign_outcome SELECT ?1, ?2, ?3, o.status,"
	                           " o.fault, ?4, ?5, ?6 FROM main.outcome o WHERE o.id = ?3",
	                       -1, &ins, NULL) ||
	    sqlite3_prepare_v2(db, "INSERT INTO temp.campaign_counts VALUES (?1, ?2, ?3)", -1, &cnt,
	                       NULL))
		rc = ip_diag_plain(d, "counting the runs: %s", sqlite3_errmsg(db));
	while (!rc && sqlite3_step(ids) == SQLITE_ROW)
		rc = count_campaign(db, sqlite3_column_int64(ids, 0), ins, cnt, d);
	sqlite3_finalize(ids);
	sqlite3_finalize(ins);
	sqlite3_finalize(cnt);
	if (!rc && summary_view(db))
		sqlite3_exec(db, "DROP TABLE temp.campaign_counts", NULL, NULL, NULL);
	if (rc) /* the views stay as they are: slower, never wrong */
		sqlite3_exec(db, "ROLLBACK TO summaries", NULL, NULL, NULL);
	sqlite3_exec(db, "RELEASE summaries", NULL, NULL, NULL);
	return rc;
}
