/* inference_io.c: what inference reads about a probe (its campaigns, their layout, the outcomes
 * its runs name) and the probe lists inference and reports walk (isaprobe/internal/store_io.h). */
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "isaprobe/internal/store_io.h"
#include "store_internal.h"

static int sql_error(sqlite3 *db, struct ip_diag *d, const char *what)
{
	return ip_diag_plain(d, "%s: %s", what, sqlite3_errmsg(db));
}

static char *text_dup(sqlite3_stmt *st, int i)
{
	const char *t = (const char *)sqlite3_column_text(st, i);
	char *p = strdup(t ? t : "");
	if (!p)
		abort();
	return p;
}

/* Room for element n of the array *items of capacity *cap (ip_grow); out of memory aborts. */
static void grow(void *items, size_t *cap, size_t n, size_t size)
{
	if (ip_grow(items, cap, n + 1, size))
		abort();
}

/* A copy of column i's blob (NULL when empty), its length in *len. */
static uint8_t *blob_dup(sqlite3_stmt *st, int i, size_t *len)
{
	int n = sqlite3_column_bytes(st, i);
	const void *b = sqlite3_column_blob(st, i);
	uint8_t *p;
	*len = n > 0 ? (size_t)n : 0;
	if (!*len || !b)
		return NULL;
	if (!(p = malloc(*len)))
		abort();
	memcpy(p, b, *len);
	return p;
}

/* Prepares sql with ?1 bound to id. */
static sqlite3_stmt *prep(sqlite3 *db, const char *sql, int64_t id, struct ip_diag *d)
{
	sqlite3_stmt *st = NULL;
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
		sql_error(db, d, "reading the database");
		return NULL;
	}
	sqlite3_bind_int64(st, 1, id);
	return st;
}

int ip_store_probe_info(struct ip_store *s, int64_t id, char **name, char **isa,
                        struct ip_diag *d)
{
	sqlite3_stmt *st = prep(s->db, "SELECT name, isa FROM probe WHERE id = ?1", id, d);
	int rc;
	if (!st)
		return -1;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*name = text_dup(st, 0);
		*isa = text_dup(st, 1);
	}
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return 1;
	return rc == SQLITE_DONE ? 0 : sql_error(s->db, d, "reading the probe");
}

int ip_store_probe_ids(struct ip_store *s, const char *name, int64_t **ids, size_t *n,
                       struct ip_diag *d)
{
	sqlite3_stmt *st;
	size_t cap = 0;
	int rc;
	*ids = NULL;
	*n = 0;
	if (sqlite3_prepare_v2(s->db, name ? "SELECT id FROM probe WHERE name = ?1"
	                                   : "SELECT id FROM probe ORDER BY id",
	                       -1, &st, NULL) != SQLITE_OK)
		return sql_error(s->db, d, "reading the probes");
	if (name)
		sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		grow(ids, &cap, *n, sizeof **ids);
		(*ids)[(*n)++] = sqlite3_column_int64(st, 0);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		free(*ids);
		*ids = NULL;
		*n = 0;
		return sql_error(s->db, d, "reading the probes");
	}
	return 0;
}

int ip_store_probe_list(struct ip_store *s, const char *isa, const char *name,
                        struct ip_probe_row **rows, size_t *n, struct ip_diag *d)
{
	sqlite3_stmt *st;
	size_t cap = 0;
	int rc;
	*rows = NULL;
	*n = 0;
	if (sqlite3_prepare_v2(s->db, "SELECT id, name, isa FROM probe WHERE (?1 IS NULL OR isa = ?1)"
	                              " AND (?2 IS NULL OR name = ?2) ORDER BY isa, name", -1, &st,
	                       NULL) != SQLITE_OK)
		return sql_error(s->db, d, "reading the probes");
	sqlite3_bind_text(st, 1, isa, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, name, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		grow(rows, &cap, *n, sizeof **rows);
		(*rows)[*n].id = sqlite3_column_int64(st, 0);
		(*rows)[*n].name = text_dup(st, 1);
		(*rows)[(*n)++].isa = text_dup(st, 2);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		ip_probe_rows_free(*rows, *n);
		*rows = NULL;
		*n = 0;
		return sql_error(s->db, d, "reading the probes");
	}
	return 0;
}

void ip_probe_rows_free(struct ip_probe_row *rows, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(rows[i].name);
		free(rows[i].isa);
	}
	free(rows);
}

/* The campaigns whose runs are used: those with the newest campaign's probe text, runner and
 * GPU model, on any host (the shards of one campaign run on several boards, merged with
 * `db merge`), with any strategy, seed or budget (a walk and a pairs campaign add up). */
static const char group_sql[] =
	"SELECT c.id FROM campaign c JOIN device d ON d.id = c.device_id,"
	" (SELECT c2.probe_hash, d2.runner, d2.model FROM campaign c2"
	" JOIN device d2 ON d2.id = c2.device_id WHERE c2.probe_id = ?1"
	" ORDER BY c2.started_at DESC, c2.id DESC LIMIT 1) n"
	" WHERE c.probe_id = ?1 AND c.probe_hash = n.probe_hash"
	" AND d.runner = coalesce(?2, n.runner) AND d.model = coalesce(?3, n.model)";

/* prep, with ?2 and ?3 of group_sql bound to the device asked for (NULL: the newest's). */
static sqlite3_stmt *prep_group(sqlite3 *db, const char *sql, int64_t probe_id,
                                const char *runner, const char *model, struct ip_diag *d)
{
	sqlite3_stmt *st = prep(db, sql, probe_id, d);
	if (st && runner && model) {
		sqlite3_bind_text(st, 2, runner, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 3, model, -1, SQLITE_STATIC);
	}
	return st;
}

int ip_store_campaign_group(struct ip_store *s, int64_t probe_id, const char *runner,
                            const char *model, struct ip_campaign_group *g, struct ip_diag *d)
{
	sqlite3 *db = s->db;
	char sql[1024];
	sqlite3_stmt *st;
	size_t cap = 0;
	int rc;
	memset(g, 0, sizeof *g);
	snprintf(sql, sizeof sql, "%s ORDER BY c.id", group_sql);
	if (!(st = prep_group(db, sql, probe_id, runner, model, d)))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		grow(&g->campaigns, &cap, g->n, sizeof *g->campaigns);
		g->campaigns[g->n++] = sqlite3_column_int64(st, 0);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return sql_error(db, d, "reading the campaigns");
	/* the newest campaign of the group (by start time), and the newest one with a layout */
	snprintf(sql, sizeof sql,
	         "SELECT id, EXISTS (SELECT 1 FROM context WHERE campaign_id = id) FROM campaign"
	         " WHERE id IN (%s) ORDER BY started_at DESC, id DESC", group_sql);
	if (!(st = prep_group(db, sql, probe_id, runner, model, d)))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (!g->newest)
			g->newest = sqlite3_column_int64(st, 0);
		if (!g->layout && sqlite3_column_int(st, 1))
			g->layout = sqlite3_column_int64(st, 0);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return sql_error(db, d, "reading the campaigns");
	if (!g->newest)
		return 0;
	/* the group's device (runner and model), and the probe text it ran */
	if (!(st = prep(db, "SELECT d.runner, d.model, c.probe_hash FROM campaign c JOIN device d"
	                    " ON d.id = c.device_id WHERE c.id = ?1", g->newest, d)))
		return -1;
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		g->runner = text_dup(st, 0);
		g->model = text_dup(st, 1);
		if (sqlite3_column_bytes(st, 2) == (int)sizeof g->probe_hash) {
			memcpy(g->probe_hash, sqlite3_column_blob(st, 2), sizeof g->probe_hash);
			g->have_hash = 1;
		}
	}
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? 0 : sql_error(db, d, "reading the campaigns");
}

void ip_campaign_group_free(struct ip_campaign_group *g)
{
	free(g->campaigns);
	free(g->runner);
	free(g->model);
	memset(g, 0, sizeof *g);
}

int ip_store_other_devices(struct ip_store *s, int64_t probe_id, const uint8_t hash[16],
                           const char *runner, const char *model, char ***runners,
                           char ***models, size_t *n, struct ip_diag *d)
{
	sqlite3_stmt *st = NULL;
	size_t runners_cap = 0, models_cap = 0;
	int rc;
	*runners = *models = NULL;
	*n = 0;
	if (sqlite3_prepare_v2(s->db, "SELECT DISTINCT d.runner, d.model FROM campaign c JOIN device d"
	                              " ON d.id = c.device_id WHERE c.probe_id = ?1 AND c.probe_hash = ?2"
	                              " AND NOT (d.runner = ?3 AND d.model = ?4)"
	                              " ORDER BY d.runner, d.model", -1, &st, NULL) != SQLITE_OK)
		return sql_error(s->db, d, "reading the devices");
	sqlite3_bind_int64(st, 1, probe_id);
	sqlite3_bind_blob(st, 2, hash, 16, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, runner, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, model, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		grow(runners, &runners_cap, *n, sizeof **runners);
		grow(models, &models_cap, *n, sizeof **models);
		(*runners)[*n] = text_dup(st, 0);
		(*models)[(*n)++] = text_dup(st, 1);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : sql_error(s->db, d, "reading the devices");
}

static int read_targets(sqlite3 *db, int64_t campaign, struct ip_stored_layout *l,
                        struct ip_diag *d)
{
	sqlite3_stmt *st = prep(db, "SELECT value_lo, width, format, field, lo, bundle, slot"
	                            " FROM target WHERE campaign_id = ?1 ORDER BY value_lo",
	                        campaign, d);
	size_t cap = 0;
	int rc;
	if (!st)
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct ip_stored_target *t;
		grow(&l->targets, &cap, l->ntargets, sizeof *l->targets);
		t = &l->targets[l->ntargets++];
		t->value_lo = sqlite3_column_int(st, 0);
		t->width = sqlite3_column_int(st, 1);
		t->format = text_dup(st, 2);
		t->field = text_dup(st, 3);
		t->lo = sqlite3_column_int(st, 4);
		t->bundle = sqlite3_column_int(st, 5);
		t->slot = sqlite3_column_int(st, 6);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : sql_error(db, d, "reading the target bits");
}

static int read_contexts(sqlite3 *db, int64_t campaign, struct ip_stored_layout *l,
                         struct ip_diag *d)
{
	sqlite3_stmt *st = prep(db, "SELECT idx, label, seed_value FROM context"
	                            " WHERE campaign_id = ?1 ORDER BY idx", campaign, d);
	size_t cap = 0;
	int rc;
	if (!st)
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct ip_stored_context *c;
		grow(&l->contexts, &cap, l->ncontexts, sizeof *l->contexts);
		c = &l->contexts[l->ncontexts++];
		c->idx = sqlite3_column_int(st, 0);
		c->label = text_dup(st, 1);
		c->seed_value = blob_dup(st, 2, &c->seed_len);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : sql_error(db, d, "reading the contexts");
}

static int read_buffers(sqlite3 *db, int64_t campaign, struct ip_stored_layout *l,
                        struct ip_diag *d)
{
	/* a database from before buffer.record has no record lengths (0 for every buffer), one
	 * from before buffer.names no names */
	int has_record = sqlite3_table_column_metadata(db, NULL, "buffer", "record", NULL, NULL,
	                                               NULL, NULL, NULL) == SQLITE_OK;
	int has_names = sqlite3_table_column_metadata(db, NULL, "buffer", "names", NULL, NULL,
	                                              NULL, NULL, NULL) == SQLITE_OK;
	char sql[256];
	sqlite3_stmt *st;
	size_t cap = 0;
	int rc;
	snprintf(sql, sizeof sql, "SELECT direction, role, offset, len, data, %s, %s FROM buffer"
	                          " WHERE campaign_id = ?1 ORDER BY direction, offset, role",
	         has_record ? "record" : "0", has_names ? "names" : "''");
	if (!(st = prep(db, sql, campaign, d)))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *dir = (const char *)sqlite3_column_text(st, 0);
		struct ip_stored_buffer *b;
		grow(&l->buffers, &cap, l->nbuffers, sizeof *l->buffers);
		b = &l->buffers[l->nbuffers++];
		b->output = strcmp(dir ? dir : "", "in") != 0;
		b->role = text_dup(st, 1);
		b->offset = (uint32_t)sqlite3_column_int64(st, 2);
		b->len = sqlite3_column_int64(st, 3);
		b->data = blob_dup(st, 4, &b->data_len);
		b->record = sqlite3_column_int64(st, 5);
		b->names = text_dup(st, 6);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : sql_error(db, d, "reading the buffers");
}

int ip_store_layout_read(struct ip_store *s, int64_t campaign, struct ip_stored_layout *l,
                         struct ip_diag *d)
{
	memset(l, 0, sizeof *l);
	return read_targets(s->db, campaign, l, d) || read_contexts(s->db, campaign, l, d) ||
	               read_buffers(s->db, campaign, l, d)
	       ? -1
	       : 0;
}

void ip_stored_layout_free(struct ip_stored_layout *l)
{
	for (size_t i = 0; i < l->ncontexts; i++) {
		free(l->contexts[i].label);
		free(l->contexts[i].seed_value);
	}
	for (size_t i = 0; i < l->ntargets; i++) {
		free(l->targets[i].format);
		free(l->targets[i].field);
	}
	for (size_t i = 0; i < l->nbuffers; i++) {
		free(l->buffers[i].role);
		free(l->buffers[i].data);
		free(l->buffers[i].names);
	}
	free(l->contexts);
	free(l->targets);
	free(l->buffers);
	memset(l, 0, sizeof *l);
}

struct ip_outcome_reader {
	sqlite3 *db;
	sqlite3_stmt *st;
};

int ip_outcome_reader_open(struct ip_store *s, struct ip_outcome_reader **r, struct ip_diag *d)
{
	sqlite3_stmt *st = prep(s->db, "SELECT status, fault, data FROM outcome WHERE id = ?1", 0, d);
	*r = NULL;
	if (!st)
		return -1;
	if (!(*r = malloc(sizeof **r)))
		abort();
	(*r)->db = s->db;
	(*r)->st = st;
	return 0;
}

int ip_outcome_reader_get(struct ip_outcome_reader *r, int64_t id, struct ip_outcome *o,
                          struct ip_diag *d)
{
	int rc;
	sqlite3_reset(r->st);
	sqlite3_bind_int64(r->st, 1, id);
	rc = sqlite3_step(r->st);
	if (rc == SQLITE_DONE)
		return 0;
	if (rc != SQLITE_ROW)
		return sql_error(r->db, d, "reading the outcomes");
	o->status = (enum ip_status)sqlite3_column_int(r->st, 0);
	o->fault = (uint32_t)sqlite3_column_int64(r->st, 1);
	o->data = sqlite3_column_blob(r->st, 2);
	o->len = (size_t)sqlite3_column_bytes(r->st, 2);
	return 1;
}

void ip_outcome_reader_close(struct ip_outcome_reader *r)
{
	if (!r)
		return;
	sqlite3_finalize(r->st);
	free(r);
}
