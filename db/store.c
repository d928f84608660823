/* store.c: the get-or-create rows of the store (devices, probes, campaigns) and finishing a
 * campaign. Each looks up without locking first; creating happens under BEGIN IMMEDIATE. */
#include <string.h>

#include "store_internal.h"

static int begin(struct ip_store *s, struct ip_diag *d, const char *what)
{
	if (s->mode == IP_STORE_READ_ONLY)
		return ip_store_error(s, d, "%s: the database was opened read-only", what);
	if (ip_store_step_done(s, ST_BEGIN) != SQLITE_DONE)
		return ip_store_fail(s, d, "%s: starting a transaction", what);
	return 0;
}

static int commit(struct ip_store *s, struct ip_diag *d, const char *what)
{
	if (ip_store_step_done(s, ST_COMMIT) != SQLITE_DONE) {
		ip_store_fail(s, d, "%s: committing", what);
		ip_store_rollback(s);
		return -1;
	}
	return 0;
}

/* Steps a bound lookup: 1 with its row's first column in *id, 0 for no row, -1 on error (the
 * message stays in the handle until the next statement). The statement is reset. */
static int lookup(struct ip_store *s, enum ip_stmt which, int64_t *id)
{
	sqlite3_stmt *st = s->st[which];
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*id = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
}

static void bind_device(struct ip_store *s, enum ip_stmt which, const char *runner,
                        const char *model, const char *host)
{
	sqlite3_stmt *st = s->st[which];
	sqlite3_bind_text(st, 1, runner, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, model, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, host, -1, SQLITE_STATIC);
}

int64_t ip_store_device(struct ip_store *s, const char *runner, const char *model,
                        const char *host, struct ip_diag *d)
{
	static const char what[] = "recording the device";
	int64_t id = 0;
	int found;
	if (!runner || !*runner || !model || !*model)
		return ip_store_error(s, d, "%s: a runner and a model are required", what);
	if (!host)
		host = "";
	bind_device(s, ST_DEVICE_GET, runner, model, host);
	found = lookup(s, ST_DEVICE_GET, &id);
	if (found)
		return found > 0 ? id : ip_store_fail(s, d, "%s", what);
	if (begin(s, d, what))
		return -1;
	found = lookup(s, ST_DEVICE_GET, &id); /* again, under the lock */
	if (found == 0) {
		bind_device(s, ST_DEVICE_ADD, runner, model, host);
		if (ip_store_step_done(s, ST_DEVICE_ADD) == SQLITE_DONE) {
			id = sqlite3_last_insert_rowid(s->db);
			found = 1;
		} else {
			found = -1;
		}
	}
	if (found < 0) {
		ip_store_fail(s, d, "%s %s:%s", what, runner, model);
		ip_store_rollback(s);
		return -1;
	}
	return commit(s, d, what) ? -1 : id;
}

/* 1: found, with its id and whether its ISA and text equal these; 0: none; -1: error. */
static int probe_get(struct ip_store *s, const char *name, const char *isa,
                     const uint8_t hash[16], int64_t *id, int *same)
{
	sqlite3_stmt *st = s->st[ST_PROBE_GET];
	int rc;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		const char *old_isa = (const char *)sqlite3_column_text(st, 1);
		const void *old_hash = sqlite3_column_blob(st, 2);
		*id = sqlite3_column_int64(st, 0);
		*same = old_isa && strcmp(old_isa, isa) == 0 && old_hash &&
		        sqlite3_column_bytes(st, 2) == 16 && memcmp(old_hash, hash, 16) == 0;
	}
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
}

int64_t ip_store_probe(struct ip_store *s, const char *name, const char *isa,
                       const char *source_text, int replace, struct ip_diag *d)
{
	static const char what[] = "recording the probe";
	uint8_t hash[16];
	int64_t id = 0;
	int same = 0, found;
	enum ip_stmt write;
	if (!name || !*name || !isa || !*isa || !source_text)
		return ip_store_error(s, d, "%s: a name, an ISA and the source text are required",
		                      what);
	ip_hash_text(source_text, strlen(source_text), hash);
	found = probe_get(s, name, isa, hash, &id, &same);
	if (found < 0)
		return ip_store_fail(s, d, "%s \"%s\"", what, name);
	if (found && same)
		return id;
	if (found && !replace)
		return ip_store_error(s, d,
		                      "probe \"%s\" is already stored with a different ISA or text; "
		                      "replace it to store the new text (its campaigns keep the text "
		                      "they ran)",
		                      name);
	if (begin(s, d, what))
		return -1;
	found = probe_get(s, name, isa, hash, &id, &same);
	if (found < 0)
		goto fail;
	if (found && same)
		return commit(s, d, what) ? -1 : id;
	write = found ? ST_PROBE_REPLACE : ST_PROBE_ADD;
	if (found)
		sqlite3_bind_int64(s->st[write], 1, id);
	else
		sqlite3_bind_text(s->st[write], 1, name, -1, SQLITE_STATIC);
	sqlite3_bind_text(s->st[write], 2, isa, -1, SQLITE_STATIC);
	sqlite3_bind_text(s->st[write], 3, source_text, -1, SQLITE_STATIC);
	sqlite3_bind_blob(s->st[write], 4, hash, 16, SQLITE_STATIC);
	if (ip_store_step_done(s, write) != SQLITE_DONE)
		goto fail;
	if (!found)
		id = sqlite3_last_insert_rowid(s->db);
	return commit(s, d, what) ? -1 : id;
fail:
	ip_store_fail(s, d, "%s \"%s\"", what, name);
	ip_store_rollback(s);
	return -1;
}

static void bind_campaign(struct ip_store *s, enum ip_stmt which,
                          const struct ip_campaign_key *k)
{
	sqlite3_stmt *st = s->st[which];
	sqlite3_bind_int64(st, 1, k->probe_id);
	sqlite3_bind_int64(st, 2, k->device_id);
	sqlite3_bind_text(st, 3, k->strategy, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 4, (int64_t)k->seed);
	sqlite3_bind_int64(st, 5, (int64_t)k->budget);
	sqlite3_bind_int64(st, 6, k->shard_index);
	sqlite3_bind_int64(st, 7, k->shard_count);
}

/* 1: found (id, cursor, finished); 0: none; -1: error. */
static int campaign_get(struct ip_store *s, const struct ip_campaign_key *k, int64_t *id,
                        uint64_t *cursor, int *finished)
{
	sqlite3_stmt *st = s->st[ST_CAMPAIGN_GET];
	int rc;
	bind_campaign(s, ST_CAMPAIGN_GET, k);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		const char *state = (const char *)sqlite3_column_text(st, 2);
		*id = sqlite3_column_int64(st, 0);
		*cursor = (uint64_t)sqlite3_column_int64(st, 1);
		*finished = state && strcmp(state, "finished") == 0;
	}
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
}

int64_t ip_store_campaign(struct ip_store *s, const struct ip_campaign_key *key, uint64_t *cursor,
                          int *finished, struct ip_diag *d)
{
	static const char what[] = "starting the campaign";
	int64_t id = 0;
	uint64_t at = 0;
	int done = 0, found, rc;
	if (!key->strategy || !*key->strategy)
		return ip_store_error(s, d, "%s: no strategy given", what);
	if (key->shard_count < 1 || key->shard_index >= key->shard_count)
		return ip_store_error(s, d, "%s: shard %u of %u does not exist", what,
		                      (unsigned)key->shard_index, (unsigned)key->shard_count);
	found = campaign_get(s, key, &id, &at, &done);
	if (found < 0)
		return ip_store_fail(s, d, "%s", what);
	if (!found) {
		if (begin(s, d, what))
			return -1;
		found = campaign_get(s, key, &id, &at, &done);
		if (found == 0) {
			bind_campaign(s, ST_CAMPAIGN_ADD, key);
			rc = ip_store_step_done(s, ST_CAMPAIGN_ADD);
			if (rc == SQLITE_CONSTRAINT_FOREIGNKEY) {
				ip_store_rollback(s);
				return ip_store_error(s, d, "%s: no device with id %lld", what,
				                      (long long)key->device_id);
			}
			if (rc == SQLITE_DONE && sqlite3_changes(s->db) == 0) {
				ip_store_rollback(s);
				return ip_store_error(s, d, "%s: no probe with id %lld", what,
				                      (long long)key->probe_id);
			}
			if (rc != SQLITE_DONE)
				found = -1;
			id = sqlite3_last_insert_rowid(s->db);
			at = 0;
			done = 0;
		}
		if (found < 0) {
			ip_store_fail(s, d, "%s", what);
			ip_store_rollback(s);
			return -1;
		}
		if (commit(s, d, what))
			return -1;
	}
	if (cursor)
		*cursor = at;
	if (finished)
		*finished = done;
	return id;
}

int ip_store_campaign_finish(struct ip_store *s, int64_t campaign_id, struct ip_diag *d)
{
	if (s->mode == IP_STORE_READ_ONLY)
		return ip_store_error(s, d, "finishing campaign %lld: the database was opened "
		                            "read-only", (long long)campaign_id);
	sqlite3_bind_int64(s->st[ST_CAMPAIGN_FINISH], 1, campaign_id);
	if (ip_store_step_done(s, ST_CAMPAIGN_FINISH) != SQLITE_DONE)
		return ip_store_fail(s, d, "finishing campaign %lld", (long long)campaign_id);
	if (sqlite3_changes(s->db) == 0)
		return ip_store_error(s, d, "finishing campaign %lld: no such campaign",
		                      (long long)campaign_id);
	return 0;
}
