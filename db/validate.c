/* validate.c: the rules every row a reader uses must pass (inference, reports, `db merge`): one
 * SQL query per table finds the first row that breaks one and names the table, the row and why.
 *
 * The writers (db/record.c, db/layout.c, infer/infer_write.c) only ever store rows that pass;
 * a row that does not was damaged or changed by hand, and a reader that used it could index out
 * of its arrays or draw a diagram billions of bits wide. So the readers check first, with these
 * same queries: inference and reports the campaigns and findings they are about to read, `db
 * merge` every row of each input (it refuses what inference would refuse).
 *
 * Each query returns at most one row: a description of the offending row and the reason, both
 * made by SQL's printf. ?1 is the scope: a JSON array of campaign ids, or NULL for all of them
 * (findings: every one, always). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "isaprobe/field.h"
#include "isaprobe/isa.h"
#include "store_internal.h"

/* Largest bit count of anything (a value, a buffer's bytes) the readers take. */
#define MAX_BUFFER_BYTES 268435456 /* 256 MiB: the agent protocol's output limit too */
#define MAX_INDEX 2147483647       /* contexts, bundles, slots: an int */
#define MAX_STATUS 5               /* the last enum ip_status */
_Static_assert(MAX_STATUS == IP_STATUS_COUNT - 1, "statuses 0 to MAX_STATUS");

#define IN_SCOPE(col) " (?1 IS NULL OR " col " IN (SELECT value FROM json_each(?1)))"
#define IS_INT(x, lo, hi) "(typeof(" x ") = 'integer' AND " x " BETWEEN " lo " AND " hi ")"
#define NAME(x) "(typeof(" x ") = 'text' AND length(" x ") BETWEEN 1 AND 4096)"
#define STR(x) #x
#define XSTR(x) STR(x)

/* The WHEN branches of an outcome row o that is wrong, saying `whose` is wrong. */
#define OUTCOME_WHY(whose)                                                                  \
	" WHEN NOT " IS_INT("o.status", "0", XSTR(MAX_STATUS))                  \
	" THEN printf('" whose " status %s is not one of 0 to %d', quote(o.status), "        \
	XSTR(MAX_STATUS) ")"                                                        \
	" WHEN NOT " IS_INT("o.fault", "0", "4294967295")                                    \
	" THEN printf('" whose " fault %s is not a 32-bit code', quote(o.fault))"            \
	" WHEN typeof(o.data) <> 'blob' THEN '" whose " data is not a blob'"                  \
	" WHEN length(o.data) > " XSTR(MAX_BUFFER_BYTES)                                     \
	" THEN printf('" whose " data is %d bytes long', length(o.data))"

struct rule {
	const char *table;
	const char *sql;
};

/* Campaigns, and what they own. */
static const struct rule campaign_rules[] = {
	{"campaign",
	 "SELECT printf('id %d', c.id), CASE"
	 " WHEN p.id IS NULL THEN printf('probe %s does not exist', c.probe_id)"
	 " WHEN NOT " NAME("p.name") " OR NOT " NAME("p.isa")
	 " THEN printf('its probe (id %s) has no name or ISA', c.probe_id)"
	 " WHEN dv.id IS NULL THEN printf('device %s does not exist', c.device_id)"
	 " WHEN NOT " NAME("dv.runner") " OR NOT " NAME("dv.model")
	 " THEN printf('its device (id %s) has no runner or model', c.device_id)"
	 " WHEN NOT " IS_INT("c.cursor", "0", "9223372036854775807")
	 " THEN printf('cursor %s is not a count of variants', quote(c.cursor))"
	 " WHEN NOT " IS_INT("c.shard_count", "1", "1000000")
	 " OR NOT " IS_INT("c.shard_index", "0", "c.shard_count - 1")
	 " THEN printf('shard %s/%s does not exist', quote(c.shard_index), quote(c.shard_count))"
	 " WHEN c.state NOT IN ('running', 'finished') THEN printf('state %s', quote(c.state))"
	 " WHEN typeof(c.seed) <> 'integer' OR typeof(c.budget) <> 'integer'"
	 " THEN 'its seed or budget is not an integer'"
	 " END AS why"
	 " FROM campaign c LEFT JOIN probe p ON p.id = c.probe_id"
	 " LEFT JOIN device dv ON dv.id = c.device_id"
	 " WHERE" IN_SCOPE("c.id") " AND why IS NOT NULL LIMIT 1"},
	{"context",
	 "SELECT printf('campaign %s, idx %s', quote(x.campaign_id), quote(x.idx)), CASE"
	 " WHEN NOT " IS_INT("x.idx", "0", XSTR(MAX_INDEX))
	 " THEN printf('idx %s is not a context number', quote(x.idx))"
	 " WHEN typeof(x.label) <> 'text' THEN 'its label is not text'"
	 " WHEN typeof(x.seed_value) <> 'blob' OR length(x.seed_value) NOT BETWEEN 1 AND "
	 XSTR(IP_STORE_MAX_VALUE) " THEN printf('its seed value is %s, not 1 to "
	 XSTR(IP_STORE_MAX_VALUE) " bytes', CASE typeof(x.seed_value) WHEN 'blob'"
	 " THEN length(x.seed_value) || ' bytes' ELSE 'not a blob' END)"
	 " WHEN EXISTS (SELECT 1 FROM context y WHERE y.campaign_id = x.campaign_id"
	 " AND length(y.seed_value) <> length(x.seed_value))"
	 " THEN 'the campaign''s seed values differ in length'"
	 " WHEN x.idx >= (SELECT count(*) FROM context y WHERE y.campaign_id = x.campaign_id)"
	 " THEN 'the campaign''s contexts are not numbered 0, 1, 2, ...'"
	 " END AS why FROM context x"
	 " WHERE" IN_SCOPE("x.campaign_id") " AND why IS NOT NULL LIMIT 1"},
	{"target",
	 "SELECT printf('campaign %s, value_lo %s', quote(t.campaign_id), quote(t.value_lo)), CASE"
	 " WHEN NOT " IS_INT("t.value_lo", "0", XSTR(IP_STORE_MAX_VALUE) " * 8")
	 " OR NOT " IS_INT("t.width", "1", XSTR(IP_STORE_MAX_VALUE) " * 8")
	 " THEN printf('value bits %s + %s are not a bit range', quote(t.value_lo), quote(t.width))"
	 " WHEN t.value_lo + t.width > 8 * (SELECT max(length(seed_value)) FROM context c"
	 " WHERE c.campaign_id = t.campaign_id)"
	 " THEN printf('value bits %d-%d lie beyond the campaign''s %d-byte values', t.value_lo,"
	 " t.value_lo + t.width - 1, (SELECT max(length(seed_value)) FROM context c"
	 " WHERE c.campaign_id = t.campaign_id))"
	 " WHEN typeof(t.format) <> 'text' OR typeof(t.field) <> 'text'"
	 " THEN 'its format or field is not text'"
	 " WHEN NOT " IS_INT("t.bundle", "0", XSTR(MAX_INDEX)) " OR NOT "
	 IS_INT("t.slot", "0", XSTR(MAX_INDEX)) " OR typeof(t.lo) <> 'integer' OR t.lo < 0"
	 " THEN printf('bundle %s, slot %s, bit %s is not a place in a program', quote(t.bundle),"
	 " quote(t.slot), quote(t.lo))"
	 " WHEN t.format = '' THEN NULL"
	 " WHEN t.lo + t.width > ip_format_bits(t.format)"
	 " THEN printf('bits %d-%d are beyond the %d bits of a %s word', t.lo, t.lo + t.width - 1,"
	 " ip_format_bits(t.format), t.format)"
	 " END AS why FROM target t"
	 " WHERE" IN_SCOPE("t.campaign_id") " AND why IS NOT NULL LIMIT 1"},
	{"buffer",
	 "SELECT printf('campaign %s, %s %s', quote(b.campaign_id), quote(b.direction),"
	 " quote(b.role)), CASE"
	 " WHEN b.direction NOT IN ('in', 'out') THEN 'direction is neither in nor out'"
	 " WHEN typeof(b.role) <> 'text' OR length(b.role) NOT BETWEEN 1 AND 64"
	 " THEN 'its role is not a name'"
	 " WHEN NOT " IS_INT("b.len", "0", XSTR(MAX_BUFFER_BYTES))
	 " THEN printf('length %s is not 0 to " XSTR(MAX_BUFFER_BYTES) " bytes', quote(b.len))"
	 " WHEN NOT " IS_INT("b.offset", "0", XSTR(MAX_BUFFER_BYTES))
	 " THEN printf('offset %s is not 0 to " XSTR(MAX_BUFFER_BYTES) "', quote(b.offset))"
	 " WHEN NOT " IS_INT("b.record", "0", "max(b.len, 16)")
	 " THEN printf('record %s is not 0 to the buffer''s length', quote(b.record))"
	 " WHEN b.direction = 'in' AND NOT (typeof(b.data) = 'blob' AND length(b.data) = b.len"
	 " OR b.data IS NULL AND b.len = 0)"
	 " THEN printf('it holds %s, its length says %d bytes', CASE typeof(b.data) WHEN 'blob'"
	 " THEN length(b.data) || ' bytes' ELSE 'no bytes' END, b.len)"
	 " WHEN typeof(b.names) <> 'text' OR length(b.names) > 65536"
	 " THEN 'its record names are not a text of at most 65536 characters'"
	 " WHEN b.direction = 'out' AND b.data IS NOT NULL THEN 'an output with planted bytes'"
	 " WHEN b.direction = 'out' AND (SELECT sum(len) FROM buffer o WHERE o.campaign_id ="
	 " b.campaign_id AND o.direction = 'out') > " XSTR(MAX_BUFFER_BYTES)
	 " THEN 'the outputs together are over " XSTR(MAX_BUFFER_BYTES) " bytes'"
	 " END AS why FROM buffer b"
	 " WHERE" IN_SCOPE("b.campaign_id") " AND why IS NOT NULL LIMIT 1"},
	/* Blocks of runs (db/migrate.c, version 5), as rows: what SQL can see of them. Their
	 * entries, the outcomes they name and the counts per status are checked as they are read
	 * (check_runs below). Checks against the layout only where the campaign has one. */
	{"run_block",
	 "WITH lay AS (SELECT c.id AS campaign_id,"
	 " (SELECT count(*) FROM context x WHERE x.campaign_id = c.id) AS nctx,"
	 " (SELECT max(length(seed_value)) FROM context x WHERE x.campaign_id = c.id) AS vlen,"
	 " (SELECT max(t.value_lo + t.width) FROM target t WHERE t.campaign_id = c.id) AS width"
	 " FROM campaign c WHERE" IN_SCOPE("c.id") ")"
	 " SELECT printf('id %s, campaign %s, context %s', quote(b.id), quote(b.campaign_id),"
	 " quote(b.context)), CASE"
	 " WHEN l.campaign_id IS NULL THEN 'its campaign does not exist'"
	 " WHEN NOT " IS_INT("b.context", "0", XSTR(MAX_INDEX))
	 " THEN printf('context %s is not a context number', quote(b.context))"
	 " WHEN NOT " IS_INT("b.n", "1", XSTR(IP_BLOCK_MAX))
	 " THEN printf('n %s is not 1 to " XSTR(IP_BLOCK_MAX) " entries', quote(b.n))"
	 " WHEN typeof(b.lo) <> 'blob' OR length(b.lo) NOT BETWEEN 1 AND " XSTR(IP_STORE_MAX_VALUE)
	 " OR typeof(b.hi) <> 'blob' OR length(b.hi) <> length(b.lo)"
	 " THEN 'lo and hi are not values of 1 to " XSTR(IP_STORE_MAX_VALUE) " bytes'"
	 " WHEN typeof(b.vals) <> 'blob' OR length(b.vals) <> b.n * length(b.lo)"
	 " THEN printf('its values are %s, not %d of %d bytes', CASE typeof(b.vals) WHEN 'blob'"
	 " THEN length(b.vals) || ' bytes' ELSE 'not a blob' END, b.n, length(b.lo))"
	 " WHEN substr(b.vals, 1, length(b.lo)) <> b.lo"
	 " OR substr(b.vals, length(b.vals) - length(b.lo) + 1) <> b.hi"
	 " THEN 'lo and hi are not its first and last values'"
	 " WHEN typeof(b.outs) <> 'text' THEN 'its outcomes are not text'"
	 " WHEN typeof(b.runs) <> 'integer' OR typeof(b.ok) <> 'integer'"
	 " OR typeof(b.fault) <> 'integer' OR typeof(b.invalid) <> 'integer'"
	 " OR typeof(b.timeout) <> 'integer' OR typeof(b.unmodeled) <> 'integer'"
	 " OR typeof(b.runner_error) <> 'integer'"
	 " OR b.runs <> b.ok + b.fault + b.invalid + b.timeout + b.unmodeled + b.runner_error"
	 " THEN 'its runs are not the sum of its runs per status'"
	 " WHEN l.nctx = 0 THEN NULL" /* no layout: nothing more to compare with */
	 " WHEN b.context >= l.nctx" /* contexts are 0 to n - 1 */
	 " THEN printf('context %s is not one of the campaign''s contexts', quote(b.context))"
	 " WHEN length(b.lo) <> l.vlen"
	 " THEN printf('its values are %d bytes, the campaign''s values are %d', length(b.lo),"
	 " l.vlen)"
	 " WHEN NOT ip_value_fits(b.hi, l.width)" /* the values ascend: the last is the largest */
	 " THEN printf('value %s has bits set beyond the campaign''s %d target bits',"
	 " quote(b.hi), l.width)"
	 " END AS why FROM run_block b LEFT JOIN lay l ON l.campaign_id = b.campaign_id"
	 " WHERE" IN_SCOPE("b.campaign_id") " AND why IS NOT NULL LIMIT 1"},
};

/* The runs of a file older than schema version 5, as rows of the table run (read-only handles
 * read such files as they are): in place of the run_block rule and check_runs. */
static const struct rule legacy_run_rule = {"run",
	 "WITH lay AS (SELECT c.id AS campaign_id,"
	 " (SELECT count(*) FROM context x WHERE x.campaign_id = c.id) AS nctx,"
	 " (SELECT max(length(seed_value)) FROM context x WHERE x.campaign_id = c.id) AS vlen,"
	 " (SELECT max(t.value_lo + t.width) FROM target t WHERE t.campaign_id = c.id) AS width"
	 " FROM campaign c WHERE" IN_SCOPE("c.id") ")"
	 " SELECT printf('campaign %s, context %s, value %s, outcome_id %s', quote(r.campaign_id),"
	 " quote(r.context), CASE WHEN length(r.value) <= 16 THEN quote(r.value)"
	 " ELSE printf('%s of %d bytes', typeof(r.value), length(r.value)) END,"
	 " quote(r.outcome_id)), CASE"
	 " WHEN l.campaign_id IS NULL THEN 'its campaign does not exist'"
	 " WHEN o.id IS NULL THEN printf('outcome %s does not exist', quote(r.outcome_id))"
	 " WHEN NOT " IS_INT("r.count", "1", "9223372036854775807")
	 " THEN printf('count %s is not a positive number of runs', quote(r.count))"
	 " WHEN typeof(r.value) <> 'blob' OR length(r.value) NOT BETWEEN 1 AND "
	 XSTR(IP_STORE_MAX_VALUE) " THEN 'its value is not 1 to " XSTR(IP_STORE_MAX_VALUE)
	 " bytes'"
	 OUTCOME_WHY("its outcome''s")
	 " WHEN l.nctx = 0 THEN NULL" /* no layout: nothing more to compare with */
	 " WHEN NOT " IS_INT("r.context", "0", "l.nctx - 1") /* contexts are 0 to n - 1 */
	 " THEN printf('context %s is not one of the campaign''s contexts', quote(r.context))"
	 " WHEN length(r.value) <> l.vlen"
	 " THEN printf('its value is %d bytes, the campaign''s values are %d', length(r.value),"
	 " l.vlen)"
	 " WHEN NOT ip_value_fits(r.value, l.width)"
	 " THEN printf('its value has bits set beyond the campaign''s %d target bits', l.width)"
	 " END AS why FROM run r LEFT JOIN outcome o ON o.id = r.outcome_id"
	 " LEFT JOIN lay l ON l.campaign_id = r.campaign_id"
	 " WHERE" IN_SCOPE("r.campaign_id") " AND why IS NOT NULL LIMIT 1"};

/* Every outcome row (db merge copies them all, whether runs name them or not). */
static const struct rule outcome_rule = {
	"outcome",
	"SELECT printf('id %d', o.id), CASE"
	" WHEN typeof(o.hash) <> 'blob' OR length(o.hash) <> 16 THEN 'its hash is not 16 bytes'"
	OUTCOME_WHY("its") " END AS why FROM outcome o WHERE ?1 IS NULL AND why IS NOT NULL"
	" LIMIT 1"};

/* Findings: bit numbers within their word format (or within the value when format is ''). Every
 * row of the table itself (NOT INDEXED): an index that disagrees with its table (a damaged file
 * passes quick_check so) would hide rows from a scoped check that a reader still gets. */
static const struct rule finding_rule = {
	"finding",
	"SELECT printf('id %s', quote(f.id)), CASE"
	" WHEN NOT " IS_INT("f.context", "0", XSTR(MAX_INDEX))
	" THEN printf('context %s is not a context number', quote(f.context))"
	" WHEN NOT " IS_INT("f.bundle", "0", XSTR(MAX_INDEX)) " OR NOT "
	IS_INT("f.slot", "0", XSTR(MAX_INDEX))
	" THEN printf('bundle %s, slot %s is not a place in a program', quote(f.bundle),"
	" quote(f.slot))"
	" WHEN typeof(f.cond) <> 'text' OR length(f.cond) > 256"
	" THEN 'its condition is not a text of at most 256 characters'"
	" WHEN NOT " IS_INT("f.lo", "0", XSTR(MAX_INDEX)) " OR NOT "
	IS_INT("f.hi", "f.lo", XSTR(MAX_INDEX))
	" THEN printf('bits %s-%s are not a bit range', quote(f.lo), quote(f.hi))"
	" WHEN typeof(f.format) <> 'text' THEN 'its format is not text'"
	" WHEN f.format = '' AND f.hi >= " XSTR(IP_STORE_MAX_VALUE) " * 8"
	" THEN printf('value bits %d-%d: values have at most %d bits', f.lo, f.hi, "
	XSTR(IP_STORE_MAX_VALUE) " * 8)"
	" WHEN f.format <> '' AND f.hi >= ip_format_bits(f.format)"
	" THEN printf('bits %d-%d are beyond the %d bits of a %s word', f.lo, f.hi,"
	" ip_format_bits(f.format), f.format)"
	" WHEN NOT " NAME("f.kind") " THEN 'its kind is not a name'"
	" WHEN typeof(f.details) <> 'text' OR NOT json_valid(f.details)"
	" OR json_type(f.details) <> 'object' THEN 'its details are not a JSON object'"
	" WHEN typeof(f.confidence) NOT IN ('real', 'integer') OR NOT f.confidence BETWEEN 0 AND 1"
	" THEN printf('confidence %s is not 0 to 1', quote(f.confidence))"
	" WHEN NOT " IS_INT("f.support", "0", "9223372036854775807") " OR NOT "
	IS_INT("f.against", "0", "9223372036854775807") " OR NOT "
	IS_INT("f.variants", "0", "9223372036854775807")
	" THEN 'its evidence counts are not counts'"
	" WHEN NOT EXISTS (SELECT 1 FROM campaign c WHERE c.id = f.first_seen)"
	" OR NOT EXISTS (SELECT 1 FROM campaign c WHERE c.id = f.last_seen)"
	" THEN printf('campaign %s or %s (first and last seen) does not exist',"
	" quote(f.first_seen), quote(f.last_seen))"
	" WHEN NOT EXISTS (SELECT 1 FROM probe p WHERE p.id = f.probe_id)"
	" THEN printf('probe %s does not exist', quote(f.probe_id))"
	" END AS why FROM finding f NOT INDEXED WHERE why IS NOT NULL LIMIT 1"};

/* ip_format_bits('isa.format'): the bits of that word format; for a name this build's field
 * tables do not have (an external device's, a test's made-up one), the widest logical word
 * (IP_WORD_MAX_BITS): whatever the format, its bit numbers are below that. */
static void sql_format_bits(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	const char *name = (const char *)sqlite3_value_text(argv[0]);
	const char *dot = name ? strchr(name, '.') : NULL;
	char isa_name[64];
	const struct ip_isa *isa;
	const struct ip_format *fmt;
	unsigned bits = IP_WORD_MAX_BITS;
	(void)argc;
	if (dot && (size_t)(dot - name) < sizeof isa_name) {
		memcpy(isa_name, name, (size_t)(dot - name));
		isa_name[dot - name] = 0;
		if ((isa = ip_isa_find(isa_name)) && (fmt = ip_isa_format(isa, dot + 1)))
			bits = fmt->bits;
	}
	sqlite3_result_int(ctx, (int)bits);
}

/* ip_value_fits(value, width): whether a big-endian value has no bit set at or above bit
 * `width` (NULL width: nothing to compare with, it fits). */
static void sql_value_fits(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	const uint8_t *v = sqlite3_value_blob(argv[0]);
	int64_t n = sqlite3_value_bytes(argv[0]), width = sqlite3_value_int64(argv[1]);
	int fits = 1;
	(void)argc;
	if (sqlite3_value_type(argv[1]) != SQLITE_NULL && width >= 0) {
		for (int64_t i = 0; i < n && fits; i++) { /* byte i holds bits 8(n-1-i) .. +7 */
			int64_t lo = 8 * (n - 1 - i);
			if (lo >= width)
				fits = v[i] == 0;
			else if (lo + 8 > width)
				fits = (v[i] >> (width - lo)) == 0;
		}
	}
	sqlite3_result_int(ctx, fits);
}

static int register_functions(sqlite3 *db)
{
	int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
	if (sqlite3_create_function(db, "ip_format_bits", 1, flags, NULL, sql_format_bits, NULL,
	                            NULL) ||
	    sqlite3_create_function(db, "ip_value_fits", 2, flags, NULL, sql_value_fits, NULL, NULL))
		return -1;
	return 0;
}

/* Runs one rule with ?1 bound to scope (JSON text, else NULL); 0 when no row breaks it. */
static int run_rule(sqlite3 *db, const struct rule *r, const char *scope, struct ip_diag *d)
{
	sqlite3_stmt *st;
	int rc;
	char *sql = (char *)r->sql;
	/* A database from before buffer.record (inference reads 0 there): the same rule with 0. */
	if (strstr(sql, "b.record") && sqlite3_table_column_metadata(db, NULL, "buffer", "record",
	                                                             NULL, NULL, NULL, NULL,
	                                                             NULL) != SQLITE_OK) {
		char *at;
		if (!(sql = strdup(r->sql)))
			return ip_diag_plain(d, "checking table %s: out of memory", r->table);
		while ((at = strstr(sql, "b.record")))
			memcpy(at, "(0)     ", 8);
	}
	rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
	if (sql != r->sql)
		free(sql);
	if (rc != SQLITE_OK)
		return ip_diag_plain(d, "checking table %s: %s", r->table, sqlite3_errmsg(db));
	if (scope)
		sqlite3_bind_text(st, 1, scope, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		ip_diag_plain(d, "table %s, row (%.150s): %.200s (the database is damaged, or was "
		                 "changed by hand)",
		              r->table, (const char *)sqlite3_column_text(st, 0),
		              (const char *)sqlite3_column_text(st, 1));
		sqlite3_finalize(st);
		return -1;
	}
	if (rc != SQLITE_DONE)
		ip_diag_plain(d, "checking table %s: %s", r->table, sqlite3_errmsg(db));
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

/* A reader scanning a table through one of its indexes reads the indexed columns from the
 * index: an index that disagrees with its table (quick_check does not look) would hand it
 * values no rule saw. The small tables readers scan so are checked whole against their indexes
 * (the large ones, run, context, target, buffer, are WITHOUT ROWID: their key is the table). */
static int indexes_agree(sqlite3 *db, const char *table, struct ip_diag *d)
{
	sqlite3_stmt *st;
	char sql[64];
	int rc;
	snprintf(sql, sizeof sql, "PRAGMA integrity_check(%s)", table);
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return ip_diag_plain(d, "checking table %s: %s", table, sqlite3_errmsg(db));
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW && strcmp((const char *)sqlite3_column_text(st, 0), "ok") != 0)
		ip_diag_plain(d, "table %s: %.200s (the database is damaged, or was changed by hand)",
		              table, (const char *)sqlite3_column_text(st, 0));
	else if (rc != SQLITE_ROW)
		ip_diag_plain(d, "checking table %s: %s", table, sqlite3_errmsg(db));
	else
		rc = SQLITE_DONE;
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

/* ---- the entries of the blocks: read as inference reads them (db/scan.c) ----------------- */

#define DAMAGED " (the database is damaged, or was changed by hand)"

struct known {
	int64_t id;
	int status; /* 0..MAX_STATUS */
};

struct run_check {
	sqlite3 *db;
	sqlite3_stmt *outcome, *block;
	struct known *k; /* open addressing on id (0: empty) */
	size_t nk, cap;
};

/* The status of outcome id, checked by the outcome rules once per outcome. */
static int known_status(struct run_check *c, int64_t block, int64_t id, int *status,
                        struct ip_diag *d)
{
	size_t i;
	int rc;
	if (c->nk * 2 >= c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 1024;
		struct known *k = calloc(cap, sizeof *k);
		if (!k)
			return ip_diag_plain(d, "checking the runs: out of memory");
		for (size_t j = 0; j < c->cap; j++)
			if (c->k[j].id) {
				for (i = (size_t)c->k[j].id & (cap - 1); k[i].id; i = (i + 1) & (cap - 1))
					;
				k[i] = c->k[j];
			}
		free(c->k);
		c->k = k;
		c->cap = cap;
	}
	for (i = (size_t)id & (c->cap - 1); c->k[i].id; i = (i + 1) & (c->cap - 1))
		if (c->k[i].id == id) {
			*status = c->k[i].status;
			return 0;
		}
	sqlite3_bind_int64(c->outcome, 1, id);
	rc = sqlite3_step(c->outcome);
	if (rc == SQLITE_ROW && sqlite3_column_type(c->outcome, 1) != SQLITE_NULL) {
		ip_diag_plain(d, "table run_block, row (id %lld): it names outcome %lld: %s"
		              DAMAGED, (long long)block, (long long)id,
		              (const char *)sqlite3_column_text(c->outcome, 1));
		sqlite3_reset(c->outcome);
		return -1;
	}
	if (rc == SQLITE_ROW)
		*status = sqlite3_column_int(c->outcome, 0);
	sqlite3_reset(c->outcome);
	if (rc == SQLITE_DONE)
		return ip_diag_plain(d, "table run_block, row (id %lld): outcome %lld does not exist"
		                     DAMAGED, (long long)block, (long long)id);
	if (rc != SQLITE_ROW)
		return ip_diag_plain(d, "checking the runs: %s", sqlite3_errmsg(c->db));
	c->k[i] = (struct known){id, *status};
	c->nk++;
	return 0;
}

static int on_entry(void *arg, int64_t block, int64_t *sums, int64_t outcome, int64_t count,
                    struct ip_diag *d)
{
	int status = 0;
	if (known_status(arg, block, outcome, &status, d))
		return -1;
	sums[status] += count;
	sums[IP_STATUS_COUNT] += count;
	return 0;
}

/* The block's counts per status are those of its entries. */
static int on_end(void *arg, int64_t block, const int64_t *sums, struct ip_diag *d)
{
	static const char *const col[IP_STATUS_COUNT + 1] = {
		"ok", "fault", "invalid", "timeout", "unmodeled", "runner_error", "runs"};
	struct run_check *c = arg;
	int rc;
	sqlite3_bind_int64(c->block, 1, block);
	rc = sqlite3_step(c->block);
	for (int k = 0; rc == SQLITE_ROW && k <= IP_STATUS_COUNT; k++)
		if (sqlite3_column_int64(c->block, k) != sums[k]) {
			ip_diag_plain(d, "table run_block, row (id %lld): %s is %lld, its entries add up "
			              "to %lld" DAMAGED, (long long)block, col[k],
			              (long long)sqlite3_column_int64(c->block, k), (long long)sums[k]);
			sqlite3_reset(c->block);
			return -1;
		}
	sqlite3_reset(c->block);
	if (rc != SQLITE_ROW)
		return ip_diag_plain(d, "checking the runs: %s", sqlite3_errmsg(c->db));
	return 0;
}

/* Every entry of every block of the campaigns (all of them when campaigns is NULL), merged per
 * campaign as readers merge them: entries well formed and in order, outcomes that exist and
 * pass the outcome rules, counts per status as the block says, no more runs taken back than
 * stored. */
static int check_runs(sqlite3 *db, const int64_t *campaigns, size_t n, ip_check_each_fn each,
                      void *arg, struct ip_diag *d)
{
	static const struct ip_scan_watch watch = {on_entry, on_end};
	struct run_check c = {db, NULL, NULL, NULL, 0, 0};
	int64_t *all = NULL;
	int rc = 0;
	if (sqlite3_prepare_v2(db, "SELECT o.status, CASE" OUTCOME_WHY("its") " END FROM outcome o"
	                           " WHERE o.id = ?1", -1, &c.outcome, NULL) ||
	    sqlite3_prepare_v2(db, "SELECT ok, fault, invalid, timeout, unmodeled, runner_error,"
	                           " runs FROM run_block WHERE id = ?1", -1, &c.block, NULL)) {
		rc = ip_diag_plain(d, "checking the runs: %s", sqlite3_errmsg(db));
		goto out;
	}
	if (!campaigns) {
		sqlite3_stmt *st;
		size_t cap = 0;
		if (sqlite3_prepare_v2(db, "SELECT id FROM campaign ORDER BY id", -1, &st, NULL)) {
			rc = ip_diag_plain(d, "checking the runs: %s", sqlite3_errmsg(db));
			goto out;
		}
		while (sqlite3_step(st) == SQLITE_ROW) {
			if (ip_grow((void **)&all, &cap, n + 1, sizeof *all)) {
				sqlite3_finalize(st);
				rc = ip_diag_plain(d, "checking the runs: out of memory");
				goto out;
			}
			all[n++] = sqlite3_column_int64(st, 0);
		}
		sqlite3_finalize(st);
		campaigns = all;
	}
	for (size_t i = 0; i < n && !rc; i++) {
		struct ip_scan *sc;
		struct ip_scan_variant v;
		if (ip_scan_open_db(db, &campaigns[i], 1, &sc, d)) {
			rc = -1;
			break;
		}
		ip_scan_watch(sc, &watch, &c);
		while ((rc = ip_scan_next(sc, &v, d)) > 0)
			if (each)
				each(arg, &v);
		ip_scan_close(sc);
	}
out:
	sqlite3_finalize(c.outcome);
	sqlite3_finalize(c.block);
	free(c.k);
	free(all);
	return rc < 0 ? -1 : 0;
}

int ip_store_check_campaigns(struct ip_store *s, const int64_t *campaigns, size_t n,
                             struct ip_diag *d)
{
	int rc = ip_check_campaigns_db(s->db, campaigns, n, NULL, NULL, d);
	return rc < 0 ? -1 : 0;
}

int ip_store_check_campaigns_each(struct ip_store *s, const int64_t *campaigns, size_t n,
                                  ip_check_each_fn each, void *arg, struct ip_diag *d)
{
	return ip_check_campaigns_db(s->db, campaigns, n, each, arg, d);
}

int ip_check_campaigns_db(sqlite3 *db, const int64_t *campaigns, size_t n,
                          ip_check_each_fn each, void *arg, struct ip_diag *d)
{
	char *scope = NULL;
	int rc = 0;
	if (register_functions(db))
		return ip_diag_plain(d, "checking the database: %s", sqlite3_errmsg(db));
	if (indexes_agree(db, "campaign", d) || indexes_agree(db, "device", d) ||
	    indexes_agree(db, "probe", d))
		return -1;
	if (campaigns) {
		size_t len = 0;
		scope = malloc(n * 21 + 3);
		if (!scope)
			return ip_diag_plain(d, "checking the database: out of memory");
		scope[len++] = '[';
		for (size_t i = 0; i < n; i++)
			len += (size_t)sprintf(scope + len, "%s%lld", i ? "," : "",
			                       (long long)campaigns[i]);
		strcpy(scope + len, "]");
	}
	size_t nrules = sizeof campaign_rules / sizeof campaign_rules[0];
	int legacy = ip_store_runs_legacy(db);
	for (size_t i = 0; i < nrules - (size_t)legacy && !rc; i++) /* run_block's rule is last */
		rc = run_rule(db, &campaign_rules[i], scope, d);
	if (!rc)
		rc = legacy ? run_rule(db, &legacy_run_rule, scope, d)
		            : check_runs(db, campaigns, n, each, arg, d);
	if (!rc && !campaigns)
		rc = run_rule(db, &outcome_rule, NULL, d);
	free(scope);
	return rc < 0 ? -1 : legacy;
}

int ip_store_check_findings(struct ip_store *s, struct ip_diag *d)
{
	sqlite3 *db = s->db;
	if (register_functions(db))
		return ip_diag_plain(d, "checking the database: %s", sqlite3_errmsg(db));
	return indexes_agree(db, "finding", d) || run_rule(db, &finding_rule, NULL, d);
}
