/* questions.c: `isaprobe query`'s named questions (their SQL), the SQL functions they call
 * (ip_bits, ip_changed_words) and temp.field_table, set up on a store's connection
 * (isaprobe/internal/questions.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/grow.h"
#include "isaprobe/field.h"
#include "isaprobe/internal/questions.h"
#include "isaprobe/internal/store_io.h"
#include "isaprobe/isa.h"
#include "store_internal.h"

/* A field named as `field`, `format.field` or `isa.format.field`. */
#define FIELD_IS(p, arg)                                                                    \
	" " arg " IN (" p "name, " p "format || '.' || " p "name, " p "fmt || '.' || " p "name)"

/* Bits lo-hi as `isaprobe fields` writes them ("25", "25-50"). */
#define BITS(p) "CASE WHEN " p "lo = " p "hi THEN " p "lo ELSE " p "lo || '-' || " p "hi END"

static const struct ip_question questions[] = {
	{"campaigns", "", 0, 0, IP_QUESTION_ARG_OTHER,
	 "each campaign: probe, device, progress, runs, variants, statuses",
	 {{"campaigns", "SELECT * FROM campaign_summary ORDER BY campaign_id"}}},
	{"new-findings", "", 0, 0, IP_QUESTION_ARG_OTHER,
	 "findings first seen in their probe's newest campaign, each with its sentence and how "
	 "it compares with public knowledge",
	 {{"findings",
	   "SELECT n.probe, t.context, t.instruction, n.format, t.bits, n.lo, n.hi, n.kind,"
	   " n.cond AS \"when\", t.sentence, t.public_verdict, n.confidence, n.support, n.against,"
	   " n.variants, n.first_seen, n.last_seen, n.details, n.id AS finding_id"
	   " FROM new_findings n JOIN finding_text t ON t.finding_id = n.id"
	   " ORDER BY n.probe, n.context, n.format, n.lo, n.hi, n.kind"}}},
	{"field", "NAME", 1, 1, IP_QUESTION_ARG_FIELD,
	 "a field (NAME, FORMAT.NAME or ISA.FORMAT.NAME): what the field tables say, the "
	 "campaigns that probed its bits, the findings over them",
	 {{"table", "SELECT isa, format, " BITS("") " AS bits, name, kind, doc, cond AS \"when\","
	            " note FROM temp.field_table WHERE" FIELD_IS("", "?1")
	            " ORDER BY isa, format, lo, cond"},
	  {"campaigns",
	   "SELECT DISTINCT c.id AS campaign, p.name AS probe, t.format,"
	   " CASE WHEN t.width = 1 THEN t.lo ELSE t.lo || '-' || (t.lo + t.width - 1) END AS bits,"
	   " t.field, c.state,"
	   " (SELECT runs FROM campaign_summary r WHERE r.campaign_id = c.id) AS runs"
	   " FROM temp.field_table f JOIN target t ON t.format = f.fmt AND t.lo <= f.hi"
	   " AND t.lo + t.width - 1 >= f.lo"
	   " JOIN campaign c ON c.id = t.campaign_id JOIN probe p ON p.id = c.probe_id"
	   " WHERE" FIELD_IS("f.", "?1") " ORDER BY c.id, t.lo"},
	  {"findings",
	   "SELECT DISTINCT p.name AS probe, g.context, t.context AS label, g.format,"
	   " t.bits, g.kind, g.confidence, g.support, g.against, g.variants, g.details,"
	   " t.sentence, t.public_verdict FROM temp.field_table f JOIN finding g ON g.format = f.fmt"
	   " AND g.lo <= f.hi AND g.hi >= f.lo JOIN probe p ON p.id = g.probe_id"
	   " JOIN finding_text t ON t.finding_id = g.id"
	   " WHERE" FIELD_IS("f.", "?1") " ORDER BY p.name, g.context, g.lo, g.kind"}}},
	{"examples", "FIELD [N]", 1, 2, IP_QUESTION_ARG_OTHER,
	 "for each campaign that targeted FIELD (NAME, FORMAT.NAME or ISA.FORMAT.NAME): each "
	 "distinct outcome with how many variants and runs gave it, one example variant, and "
	 "the output words it changed against the seed's outcome in that context (the first N "
	 "rows, default 50)",
	 {{"examples",
	   "SELECT co.campaign_id AS campaign, p.name AS probe, coalesce(x.label, co.context)"
	   " AS context, t.field, ip_bits(co.example, t.value_lo, t.width) AS field_value,"
	   " hex(co.example) AS variant, s.name AS status, co.fault,"
	   " ip_changed_words(co.campaign_id, co.context, o.data) AS changed,"
	   " co.variants, co.runs"
	   " FROM target t JOIN campaign_outcome co ON co.campaign_id = t.campaign_id"
	   " JOIN campaign c ON c.id = t.campaign_id JOIN probe p ON p.id = c.probe_id"
	   " JOIN outcome o ON o.id = co.outcome_id JOIN status s ON s.code = co.status"
	   " LEFT JOIN context x ON x.campaign_id = co.campaign_id AND x.idx = co.context"
	   " WHERE ?1 IN (t.field, t.format || '.' || t.field,"
	   " substr(t.format, instr(t.format, '.') + 1) || '.' || t.field) AND t.field <> ''"
	   " ORDER BY co.campaign_id, t.value_lo, co.context, co.runs DESC, co.example"
	   " LIMIT coalesce(?2, 50)"}}},
	{"unknown-fields", "ISA", 1, 1, IP_QUESTION_ARG_ISA,
	 "what is not determined yet, with what would settle it: fields the notes call unknown "
	 "or unused whose bits no finding explains (never run, or not explained), and the "
	 "findings of the ISA with values the runner could not say, values no operation names "
	 "(unidentified, or different by context), values other operations fit as well "
	 "(ambiguous), values never run, or distinct behaviours (contexts: how many contexts say "
	 "so)",
	 {{"unknown",
	   "WITH RECURSIVE bit(b) AS (SELECT 0 UNION ALL SELECT b + 1 FROM bit WHERE b < 1023),"
	   /* per finding of the ISA: its probe's runner, and the values still open */
	   " g AS (SELECT f.*, p.name AS probe, (SELECT t.field FROM target t WHERE"
	   " t.campaign_id = f.last_seen AND t.format = f.format AND f.lo >= t.lo AND"
	   " f.lo < t.lo + t.width) AS field, (SELECT d.runner FROM campaign c JOIN device d"
	   " ON d.id = c.device_id WHERE c.id = f.last_seen) AS runner,"
	   " (SELECT group_concat(key, ' ') FROM json_each(f.details, '$.ops')"
	   " WHERE value = 'unidentified') AS unidentified,"
	   " (SELECT group_concat(key, ' ') FROM json_each(f.details, '$.ops')"
	   " WHERE value = 'differs by context') AS by_context,"
	   " (SELECT group_concat(value, ' ') FROM json_each(f.details, '$.unmodeled')) AS unmodeled,"
	   " (SELECT group_concat(value, ' ') FROM json_each(f.details, '$.not_run')) AS not_run,"
	   " (SELECT group_concat(key, ' ') FROM json_each(f.details, '$.alike')) AS alike"
	   " FROM finding f JOIN probe p ON p.id = f.probe_id WHERE p.isa = ?1"
	   " AND f.kind <> 'model_differs')"
	   " SELECT format, bundle, bits, field, probe, doc, what, \"values\", count(*) AS contexts,"
	   " explained, width, campaigns, settle FROM ("
	   /* fields of the notes' tables whose bits no finding explains */
	   " SELECT f.format, '' AS bundle, " BITS("f.") " AS bits, f.name AS field, '' AS probe,"
	   " f.doc,"
	   " f.lo, f.cond, CASE WHEN campaigns = 0 THEN 'never run' ELSE 'not explained' END AS what,"
	   " '-' AS \"values\", explained, f.width, campaigns,"
	   " CASE WHEN campaigns = 0 THEN 'a campaign whose probe targets these bits'"
	   " ELSE 'a probe whose contexts make these bits act (they did nothing in the ones run)'"
	   " END AS settle"
	   " FROM (SELECT f.*, (SELECT count(*) FROM bit WHERE b BETWEEN f.lo AND f.hi"
	   " AND EXISTS (SELECT 1 FROM finding g WHERE g.format = f.fmt"
	   " AND b BETWEEN g.lo AND g.hi)) AS explained,"
	   " (SELECT count(DISTINCT t.campaign_id) FROM target t WHERE t.format = f.fmt"
	   " AND t.lo <= f.hi AND t.lo + t.width - 1 >= f.lo) AS campaigns"
	   " FROM temp.field_table f WHERE f.isa = ?1 AND f.doc IN ('unknown', 'unused')) f"
	   " WHERE explained < width"
	   /* findings with values the runner could not say */
	   " UNION ALL SELECT substr(format, instr(format, '.') + 1), bundle || '.' || slot,"
	   " " BITS("") ", field, probe, '', lo, cond,"
	   " 'unmodeled' || CASE WHEN cond <> '' THEN ' when ' || cond ELSE '' END, unmodeled,"
	   " '', hi - lo + 1, '',"
	   " CASE WHEN runner = 'sim' THEN 'run on hardware (the simulator does not model them)'"
	   " ELSE 'a runner that models them' END"
	   " FROM g WHERE unmodeled IS NOT NULL"
	   /* opcode values no operation of the library names */
	   " UNION ALL SELECT substr(format, instr(format, '.') + 1), bundle || '.' || slot,"
	   " " BITS("") ", field, probe, '', lo, cond, 'unidentified', unidentified, '', hi - lo + 1, '',"
	   " 'contexts planting other inputs (zeros, equal, negative operands) to tell the"
	   " operations apart, or an operation the library lacks (see details.evidence)'"
	   " FROM g WHERE unidentified IS NOT NULL"
	   " UNION ALL SELECT substr(format, instr(format, '.') + 1), bundle || '.' || slot,"
	   " " BITS("") ", field, probe, '', lo, cond, 'differs by context', by_context, '', hi - lo + 1,"
	   " '', 'the evidence per context (details.evidence); contexts that share operands"
	   " show whether the opcode or the context decides'"
	   " FROM g WHERE by_context IS NOT NULL"
	   /* values named, but fitted as well by other operations (the planted inputs do not tell
	    * a move of the larger word from max, a float min from an integer min) */
	   " UNION ALL SELECT substr(format, instr(format, '.') + 1), bundle || '.' || slot,"
	   " " BITS("") ", field, probe, '', lo, cond, 'ambiguous', alike, '', hi - lo + 1, '',"
	   " 'inputs that order or sign the operands otherwise (a context reading other words,"
	   " or floats planted so); details.alike lists what fits as well'"
	   " FROM g WHERE alike IS NOT NULL"
	   /* values never run */
	   " UNION ALL SELECT substr(format, instr(format, '.') + 1), bundle || '.' || slot,"
	   " " BITS("") ", field, probe, '', lo, cond, 'never run', not_run, '', hi - lo + 1, '',"
	   " 'a sweep of the field: --strategy exhaustive, or auto without --budget'"
	   " FROM g WHERE not_run IS NOT NULL"
	   /* behaviours without a name at all */
	   " UNION ALL SELECT substr(format, instr(format, '.') + 1), bundle || '.' || slot,"
	   " " BITS("") ", field, probe, '', lo, cond, kind, '-', '', hi - lo + 1, '',"
	   " CASE kind WHEN 'unknown' THEN 'a campaign that varies these bits'"
	   " ELSE 'more contexts, or outputs that show what the behaviours compute' END"
	   " FROM g WHERE kind IN ('distinct', 'unknown') AND unidentified IS NULL"
	   " AND by_context IS NULL)"
	   " GROUP BY format, bundle, bits, field, probe, doc, what, \"values\", explained, width,"
	   " campaigns, settle ORDER BY format, min(lo), bundle, field, what"}}},
};

/* ip_bits(value, lo, width): bits [lo, lo + width) of a big-endian blob, as an integer. */
static void sql_bits(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	const unsigned char *v = sqlite3_value_blob(argv[0]);
	int n = sqlite3_value_bytes(argv[0]);
	sqlite3_int64 lo = sqlite3_value_int64(argv[1]), width = sqlite3_value_int64(argv[2]);
	uint64_t x = 0;
	(void)argc;
	if (sqlite3_value_type(argv[0]) != SQLITE_BLOB || lo < 0 || width < 1 || width > 64) {
		sqlite3_result_null(ctx);
		return;
	}
	for (sqlite3_int64 k = width; k-- > 0;) {
		sqlite3_int64 bit = lo + k, byte = n - 1 - bit / 8;
		x = (x << 1) | (byte >= 0 ? (uint64_t)(v[byte] >> (bit % 8)) & 1 : 0);
	}
	sqlite3_result_int64(ctx, (sqlite3_int64)x);
}

/* ip_changed_words(campaign, context, data): the output words of outcome data that differ
 * from what the context's seed gave, as "registers[5] = 0x49054105 (seed 0x528590b0)", at
 * most CHANGED_MAX of them; "as the seed" when none does. The seeds' outcomes are read once
 * per campaign (db/seed_outcome.c). */
#define CHANGED_MAX 6

struct changed_campaign {
	int64_t campaign;
	int64_t *seeds;    /* per context, the seed's outcome id (0: it never ran) */
	size_t nseeds;
	struct {
		char role[32];
		int64_t offset, len;
	} buf[16];         /* the campaign's observed buffers: where each word of data comes from */
	size_t nbuf;
};

/* The campaigns read so far (rows need not come campaign by campaign). */
struct changed_cache {
	struct ip_store *s;
	struct changed_campaign *c;
	size_t n, cap;
};

static struct changed_campaign *changed_load(struct changed_cache *cache, int64_t campaign)
{
	struct changed_campaign *c;
	struct ip_stored_layout l;
	struct ip_diag d;
	for (size_t i = 0; i < cache->n; i++)
		if (cache->c[i].campaign == campaign)
			return &cache->c[i];
	if (ip_grow((void **)&cache->c, &cache->cap, cache->n + 1, sizeof *cache->c))
		return NULL;
	c = &cache->c[cache->n++];
	memset(c, 0, sizeof *c);
	c->campaign = campaign;
	ip_diag_init(&d, "");
	if (ip_store_seed_outcomes(cache->s, campaign, &c->seeds, &c->nseeds, &d))
		c->nseeds = 0; /* a damaged campaign: words are shown without the seed's */
	if (ip_store_layout_read(cache->s, campaign, &l, &d) == 0)
		for (size_t i = 0; i < l.nbuffers && c->nbuf < sizeof c->buf / sizeof c->buf[0]; i++) {
			if (!l.buffers[i].output) /* outputs come after inputs, by offset */
				continue;
			snprintf(c->buf[c->nbuf].role, sizeof c->buf[c->nbuf].role, "%s",
			         l.buffers[i].role);
			c->buf[c->nbuf].offset = l.buffers[i].offset;
			c->buf[c->nbuf++].len = l.buffers[i].len;
		}
	ip_stored_layout_free(&l);
	return c;
}

static uint32_t word_at(const unsigned char *p, int n, int64_t at)
{
	uint32_t w = 0;
	for (int k = 3; k >= 0; k--)
		w = w << 8 | (at + k < n ? p[at + k] : 0);
	return w;
}

static void sql_changed(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	struct changed_cache *cache = sqlite3_user_data(ctx);
	struct ip_outcome_reader *rd = NULL;
	struct ip_outcome seed_outcome;
	struct ip_diag d;
	struct changed_campaign *c;
	int64_t campaign = sqlite3_value_int64(argv[0]), context = sqlite3_value_int64(argv[1]);
	const unsigned char *data = sqlite3_value_blob(argv[2]), *seed = NULL;
	int n = sqlite3_value_bytes(argv[2]), ns = 0, shown = 0, changed = 0;
	char text[CHANGED_MAX * 128 + 64]; /* an entry: ", " name[64] " = " 10 " (seed ...)" 18 */
	size_t len = 0;
	(void)argc;
	if (!(c = changed_load(cache, campaign))) {
		sqlite3_result_error_nomem(ctx);
		return;
	}
	ip_diag_init(&d, "");
	if (context >= 0 && (size_t)context < c->nseeds && c->seeds[context] &&
	    ip_outcome_reader_open(cache->s, &rd, &d) == 0 &&
	    ip_outcome_reader_get(rd, c->seeds[context], &seed_outcome, &d) == 1) {
		seed = seed_outcome.data;
		ns = (int)seed_outcome.len;
	}
	text[0] = 0;
	if (!n) { /* a fault, a timeout, ...: the status says it */
		ip_outcome_reader_close(rd);
		sqlite3_result_text(ctx, "no output", -1, SQLITE_STATIC);
		return;
	}
	for (int64_t at = 0; at < (n > ns ? n : ns); at += 4) {
		uint32_t w = word_at(data, n, at), was = word_at(seed, ns, at);
		char name[64];
		if (seed ? w == was && (at < n) == (at < ns) : !w)
			continue;
		if (++changed > CHANGED_MAX)
			continue;
		snprintf(name, sizeof name, "data[%lld]", (long long)(at / 4));
		for (size_t b = 0; b < c->nbuf; b++)
			if (at >= c->buf[b].offset && at < c->buf[b].offset + c->buf[b].len)
				snprintf(name, sizeof name, "%s[%lld]", c->buf[b].role,
				         (long long)((at - c->buf[b].offset) / 4));
		len += (size_t)snprintf(text + len, sizeof text - len, "%s%s = ", shown++ ? ", " : "",
		                        name);
		len += (size_t)snprintf(text + len, sizeof text - len, at < n ? "0x%08x" : "(none)", w);
		if (seed)
			len += (size_t)snprintf(text + len, sizeof text - len,
			                        at < ns ? " (seed 0x%08x)" : " (seed: none)", was);
		if (len >= sizeof text - 128) /* (never: CHANGED_MAX entries of at most 100) */
			break;
	}
	if (changed > CHANGED_MAX)
		snprintf(text + len, sizeof text - len, ", ... (%d words)", changed);
	else if (!changed)
		snprintf(text, sizeof text, seed ? "as the seed" : "");
	ip_outcome_reader_close(rd);
	sqlite3_result_text(ctx, text, -1, SQLITE_TRANSIENT);
}

static void changed_free(void *p)
{
	struct changed_cache *cache = p;
	for (size_t i = 0; cache && i < cache->n; i++)
		free(cache->c[i].seeds);
	if (cache)
		free(cache->c);
	free(cache);
}

/* temp.field_table: every field of every ISA's tables, for the questions and for SQL. */
static int load_field_tables(sqlite3 *db)
{
	sqlite3_stmt *st;
	int rc = sqlite3_exec(db,
	                      "CREATE TEMP TABLE field_table (isa TEXT, format TEXT, fmt TEXT,"
	                      " name TEXT, lo INTEGER, hi INTEGER, width INTEGER, kind TEXT,"
	                      " doc TEXT, cond TEXT, note TEXT)",
	                      NULL, NULL, NULL);
	if (rc || (rc = sqlite3_prepare_v2(db, "INSERT INTO temp.field_table VALUES"
	                                       " (?1, ?2, ?1 || '.' || ?2, ?3, ?4, ?5, ?6, ?7, ?8,"
	                                       " ?9, ?10)",
	                                   -1, &st, NULL)))
		return rc;
	/* one transaction (a savepoint: whatever the handle has open) rather than 728 */
	sqlite3_exec(db, "SAVEPOINT field_table", NULL, NULL, NULL);
	for (const struct ip_isa *const *isa = ip_isa_all(); *isa && !rc; isa++)
		for (unsigned i = 0; i < (*isa)->nformats && !rc; i++) {
			const struct ip_format *fmt = (*isa)->formats[i];
			for (unsigned k = 0; k < fmt->nfields && !rc; k++) {
				const struct ip_field *f = &fmt->fields[k];
				char cond[256] = "";
				FILE *m = f->when[0].field || f->when[1].field /* most have none */
				                  ? fmemopen(cond, sizeof cond - 1, "w") : NULL;
				if (m) {
					ip_field_print_condition(f, m);
					fclose(m);
				}
				sqlite3_bind_text(st, 1, (*isa)->name, -1, SQLITE_STATIC);
				sqlite3_bind_text(st, 2, fmt->name, -1, SQLITE_STATIC);
				sqlite3_bind_text(st, 3, f->name, -1, SQLITE_STATIC);
				sqlite3_bind_int(st, 4, f->lo);
				sqlite3_bind_int(st, 5, f->lo + f->width - 1);
				sqlite3_bind_int(st, 6, f->width);
				sqlite3_bind_text(st, 7, ip_kind_name(f->kind), -1, SQLITE_STATIC);
				sqlite3_bind_text(st, 8, ip_doc_name(f->doc), -1, SQLITE_STATIC);
				sqlite3_bind_text(st, 9, cond, -1, SQLITE_TRANSIENT);
				sqlite3_bind_text(st, 10, f->note ? f->note : "", -1, SQLITE_STATIC);
				rc = sqlite3_step(st) == SQLITE_DONE ? SQLITE_OK : sqlite3_errcode(db);
				sqlite3_reset(st);
			}
		}
	sqlite3_finalize(st);
	sqlite3_exec(db, rc ? "ROLLBACK TO field_table; RELEASE field_table" : "RELEASE field_table",
	             NULL, NULL, NULL);
	return rc;
}

/* Whether SQL reads the views db/summary.c works out faster (any letter case). */
static int needs_summaries(const char *sql)
{
	static const char *const names[] = {"campaign_summary", "campaign_outcome"};
	for (const char *p = sql; p && *p; p++)
		for (size_t k = 0; k < 2; k++)
			if (!strncasecmp(p, names[k], strlen(names[k])))
				return 1;
	return 0;
}

const struct ip_question *ip_questions(size_t *n)
{
	*n = sizeof questions / sizeof questions[0];
	return questions;
}

const struct ip_question *ip_question_find(const char *name)
{
	for (size_t i = 0; i < sizeof questions / sizeof questions[0]; i++)
		if (strcmp(name, questions[i].name) == 0)
			return &questions[i];
	return NULL;
}

int ip_question_nparts(const struct ip_question *q)
{
	int n = 0;
	while (n < IP_QUESTION_PARTS && q->parts[n].sql)
		n++;
	return n;
}

int ip_query_setup(struct ip_store *s, const struct ip_question *q, const char *sql,
                   struct ip_diag *d)
{
	sqlite3 *db = s->db;
	struct changed_cache *cache = NULL;
	int fast = needs_summaries(sql);
	if (q && !(cache = calloc(1, sizeof *cache)))
		return ip_diag_plain(d, "preparing the query: out of memory");
	if (cache)
		cache->s = s;
	/* (on failure sqlite3_create_function_v2 frees the cache itself) */
	if (sqlite3_create_function(db, "ip_bits", 3, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
	                            sql_bits, NULL, NULL) ||
	    (q && sqlite3_create_function_v2(db, "ip_changed_words", 3, SQLITE_UTF8, cache,
	                                     sql_changed, NULL, NULL, changed_free)) ||
	    load_field_tables(db))
		return ip_diag_plain(d, "preparing the query: %s", sqlite3_errmsg(db));
	for (int i = 0; q && i < IP_QUESTION_PARTS; i++)
		fast |= needs_summaries(q->parts[i].sql);
	/* the counts from the blocks; a file whose views this build does not know is left to them
	 * (as slow as they are), a damaged block is named */
	return fast ? ip_store_temp_summaries(s, d) : 0;
}

int ip_question_field_known(struct ip_store *s, const char *arg, struct ip_diag *d)
{
	sqlite3_stmt *st;
	int rc;
	if (sqlite3_prepare_v2(s->db, "SELECT count(*) FROM temp.field_table WHERE"
	                              FIELD_IS("", "?1"), -1, &st, NULL) != SQLITE_OK)
		return ip_diag_plain(d, "reading the field tables: %s", sqlite3_errmsg(s->db));
	sqlite3_bind_text(st, 1, arg, -1, SQLITE_STATIC);
	rc = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) > 0 : -1;
	if (rc < 0)
		ip_diag_plain(d, "reading the field tables: %s", sqlite3_errmsg(s->db));
	sqlite3_finalize(st);
	return rc;
}

int ip_question_prepare(struct ip_store *s, const struct ip_question *q, int part,
                        char *const *args, int nargs, void **stmt, struct ip_diag *d)
{
	sqlite3_stmt *st;
	*stmt = NULL;
	if (sqlite3_prepare_v2(s->db, q->parts[part].sql, -1, &st, NULL))
		return ip_diag_plain(d, "%s: %s", q->name, sqlite3_errmsg(s->db));
	for (int a = 0; a < nargs; a++) {
		char *end;
		long long v = strtoll(args[a], &end, 10);
		if (*args[a] && !*end) /* a number: N of examples */
			sqlite3_bind_int64(st, a + 1, v);
		else
			sqlite3_bind_text(st, a + 1, args[a], -1, SQLITE_STATIC);
	}
	*stmt = st;
	return 0;
}
