/* layout.c: stores what a campaign's variant values and outcome bytes mean (its contexts, the
 * target bits, the planted inputs and observed outputs), once, for inference and reports. */
#include <string.h>

#include "store_internal.h"

static const char ctx_sql[] =
	"INSERT INTO context (campaign_id, idx, label, seed_value) VALUES (?1, ?2, ?3, ?4)";
static const char target_sql[] =
	"INSERT INTO target (campaign_id, value_lo, width, format, field, bundle, slot, lo)"
	" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)";
static const char buffer_sql[] =
	"INSERT INTO buffer (campaign_id, direction, role, offset, len, data, record, names)"
	" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)";

static int check_layout(struct ip_store *s, const struct ip_campaign_layout *l,
                        struct ip_diag *d)
{
	for (size_t i = 0; i < l->ncontexts; i++) {
		const struct ip_layout_context *c = &l->contexts[i];
		if (!c->label || !c->seed_value || c->seed_len < 1 || c->seed_len > IP_STORE_MAX_VALUE)
			return ip_store_error(s, d, "storing the campaign layout: context %zu needs a "
			                            "label and a seed value of 1 to %d bytes",
			                      i, IP_STORE_MAX_VALUE);
	}
	for (size_t i = 0; i < l->ntargets; i++)
		if (!l->targets[i].format || l->targets[i].width == 0)
			return ip_store_error(s, d, "storing the campaign layout: target %zu needs a "
			                            "format and a width", i);
	for (size_t i = 0; i < l->nbuffers; i++) {
		const struct ip_layout_buffer *b = &l->buffers[i];
		if (!b->role || (!b->output && b->len && !b->data))
			return ip_store_error(s, d, "storing the campaign layout: buffer %zu needs a "
			                            "role (and its bytes, for an input)", i);
	}
	return 0;
}

/* Runs one statement per row; step() binds row i and returns 0. */
static int insert_contexts(sqlite3_stmt *st, int64_t id, const struct ip_campaign_layout *l)
{
	for (size_t i = 0; i < l->ncontexts; i++) {
		const struct ip_layout_context *c = &l->contexts[i];
		uint8_t be[IP_STORE_MAX_VALUE];
		for (size_t k = 0; k < c->seed_len; k++)
			be[k] = c->seed_value[c->seed_len - 1 - k];
		sqlite3_bind_int64(st, 1, id);
		sqlite3_bind_int64(st, 2, (int64_t)i);
		sqlite3_bind_text(st, 3, c->label, -1, SQLITE_STATIC);
		sqlite3_bind_blob(st, 4, be, (int)c->seed_len, SQLITE_TRANSIENT);
		if (sqlite3_step(st) != SQLITE_DONE)
			return -1;
		sqlite3_reset(st);
	}
	return 0;
}

static int insert_targets(sqlite3_stmt *st, int64_t id, const struct ip_campaign_layout *l)
{
	for (size_t i = 0; i < l->ntargets; i++) {
		const struct ip_layout_target *t = &l->targets[i];
		sqlite3_bind_int64(st, 1, id);
		sqlite3_bind_int64(st, 2, t->value_lo);
		sqlite3_bind_int64(st, 3, t->width);
		sqlite3_bind_text(st, 4, t->format, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 5, t->field ? t->field : "", -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 6, t->bundle);
		sqlite3_bind_int64(st, 7, t->slot);
		sqlite3_bind_int64(st, 8, t->lo);
		if (sqlite3_step(st) != SQLITE_DONE)
			return -1;
		sqlite3_reset(st);
	}
	return 0;
}

static int insert_buffers(sqlite3_stmt *st, int64_t id, const struct ip_campaign_layout *l)
{
	for (size_t i = 0; i < l->nbuffers; i++) {
		const struct ip_layout_buffer *b = &l->buffers[i];
		sqlite3_bind_int64(st, 1, id);
		sqlite3_bind_text(st, 2, b->output ? "out" : "in", -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 3, b->role, -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 4, b->offset);
		sqlite3_bind_int64(st, 5, (int64_t)b->len);
		if (b->output || !b->data)
			sqlite3_bind_null(st, 6);
		else
			sqlite3_bind_blob(st, 6, b->data, (int)b->len, SQLITE_STATIC);
		sqlite3_bind_int64(st, 7, b->record);
		sqlite3_bind_text(st, 8, b->names ? b->names : "", -1, SQLITE_STATIC);
		if (sqlite3_step(st) != SQLITE_DONE)
			return -1;
		sqlite3_reset(st);
	}
	return 0;
}

/* 1 if the campaign has a layout already, 0 if not, -1 on error. */
static int has_layout(struct ip_store *s, int64_t id)
{
	sqlite3_stmt *st;
	int rc;
	if (sqlite3_prepare_v2(s->db,
	                       "SELECT EXISTS (SELECT 1 FROM context WHERE campaign_id = ?1)"
	                       " OR EXISTS (SELECT 1 FROM target WHERE campaign_id = ?1)"
	                       " OR EXISTS (SELECT 1 FROM buffer WHERE campaign_id = ?1)",
	                       -1, &st, NULL))
		return -1;
	sqlite3_bind_int64(st, 1, id);
	rc = sqlite3_step(st);
	rc = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) != 0 : -1;
	sqlite3_finalize(st);
	return rc;
}

int ip_store_campaign_layout(struct ip_store *s, int64_t campaign_id,
                             const struct ip_campaign_layout *layout, struct ip_diag *d)
{
	static const char *const sql[3] = {ctx_sql, target_sql, buffer_sql};
	sqlite3_stmt *st[3] = {NULL, NULL, NULL};
	int found, failed = 0;
	if (s->mode == IP_STORE_READ_ONLY)
		return ip_store_error(s, d, "storing the campaign layout: the database was opened "
		                            "read-only");
	if (check_layout(s, layout, d))
		return -1;
	if (ip_store_step_done(s, ST_BEGIN) != SQLITE_DONE)
		return ip_store_fail(s, d, "storing the campaign layout: starting a transaction");
	found = has_layout(s, campaign_id);
	if (found == 0) {
		for (int i = 0; i < 3 && !failed; i++)
			failed = sqlite3_prepare_v2(s->db, sql[i], -1, &st[i], NULL) != SQLITE_OK;
		failed = failed || insert_contexts(st[0], campaign_id, layout) ||
		         insert_targets(st[1], campaign_id, layout) ||
		         insert_buffers(st[2], campaign_id, layout);
		if (failed)
			ip_store_fail(s, d, "storing the layout of campaign %lld", (long long)campaign_id);
	} else if (found < 0) {
		failed = 1;
		ip_store_fail(s, d, "storing the layout of campaign %lld", (long long)campaign_id);
	}
	for (int i = 0; i < 3; i++)
		sqlite3_finalize(st[i]);
	if (!failed && ip_store_step_done(s, ST_COMMIT) != SQLITE_DONE) {
		ip_store_fail(s, d, "storing the layout of campaign %lld: committing",
		              (long long)campaign_id);
		failed = 1;
	}
	if (failed) {
		ip_store_rollback(s);
		return -1;
	}
	return 0;
}
