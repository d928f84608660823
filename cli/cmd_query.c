/* cmd_query.c: `isaprobe query`: named questions to a findings database (campaigns, new
 * findings, a field, examples, the fields still unknown) and read-only SQL, printed as a table,
 * Markdown, CSV or JSON. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sqlite3.h>

#include "cli.h"
#include "isaprobe/field.h"
#include "isaprobe/store.h"

/* Seconds a --sql statement may run unless --time-limit says otherwise. */
#define SQL_TIME_LIMIT 10.0

/* A field named as `field`, `format.field` or `isa.format.field`. */
#define FIELD_IS(p, arg)                                                                    \
	" " arg " IN (" p "name, " p "format || '.' || " p "name, " p "fmt || '.' || " p "name)"

/* Bits lo-hi as `isaprobe fields` writes them ("25", "25-50"). */
#define BITS(p) "CASE WHEN " p "lo = " p "hi THEN " p "lo ELSE " p "lo || '-' || " p "hi END"

struct section {
	const char *title; /* the JSON key, and a heading when a question has several */
	const char *sql;   /* ?1, ?2: the question's arguments */
};

struct question {
	const char *name;
	const char *args;
	int min_args, max_args;
	const char *what;
	struct section sections[3];
};

static const struct question questions[] = {
	{"campaigns", "", 0, 0, "each campaign: probe, device, progress, runs, variants, statuses",
	 {{"campaigns", "SELECT * FROM campaign_summary ORDER BY campaign_id"}}},
	{"new-findings", "", 0, 0,
	 "findings first seen in their probe's newest campaign, each with its sentence and how "
	 "it compares with public knowledge",
	 {{"findings",
	   "SELECT n.probe, t.context, t.instruction, n.format, t.bits, n.lo, n.hi, n.kind,"
	   " n.cond AS \"when\", t.sentence, t.public_verdict, n.confidence, n.support, n.against,"
	   " n.variants, n.first_seen, n.last_seen, n.details, n.id AS finding_id"
	   " FROM new_findings n JOIN finding_text t ON t.finding_id = n.id"
	   " ORDER BY n.probe, n.context, n.format, n.lo, n.hi, n.kind"}}},
	{"field", "NAME", 1, 1,
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
	{"examples", "FIELD [N]", 1, 2,
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
	{"unknown-fields", "ISA", 1, 1,
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

static void usage(FILE *out)
{
	fputs("usage: isaprobe query --db FILE [--format table|md|csv|json] QUESTION [ARGS]\n"
	      "       isaprobe query --db FILE [--format table|md|csv|json] [--time-limit S]\n"
	      "                      --sql 'SELECT ...'\n"
	      "\n"
	      "Answers a named question from a findings database, or runs read-only SQL: it may\n"
	      "read the database's tables and views and call SQLite's functions that compute\n"
	      "values (core, date, math, aggregate, window, JSON; ip_bits); a statement that\n"
	      "would write, attach, run a pragma that sets something, read a virtual table or\n"
	      "call any other function is refused (docs/database.md).\n"
	      "\n"
	      "  -d, --db FILE      the findings database\n"
	      "  -f, --format FMT   table (aligned, the default), md (a Markdown table to paste\n"
	      "                     into documentation), csv (RFC 4180) or json (an array of\n"
	      "                     objects; an object of arrays for questions of several parts)\n"
	      "  -j, --json         the same as --format json\n"
	      "  -p, --part PART    of a question of several parts (field: table, campaigns,\n"
	      "                     findings), only that part; csv writes one table, the\n"
	      "                     findings unless --part names another\n"
	      "  -s, --sql SQL      run SQL instead of a question\n"
	      "  -t, --time-limit S a --sql statement is stopped once it has used S seconds\n"
	      "                     of processor time (default 10; 0: no limit)\n"
	      "  -h, --help         this help\n"
	      "\n"
	      "Text is printed whole; table and md cut hex and JSON cells past 60 characters,\n"
	      "csv and json never cut. In json, a column named details or ending in _json holds\n"
	      "JSON objects, not strings. SQL sees the database's tables and views\n"
	      "(db/schema.sql; finding_text: each finding as a sentence), temp.field_table\n"
	      "(every ISA's field tables: isa, format, fmt, name, lo, hi, width, kind, doc,\n"
	      "cond, note) and ip_bits(value, lo, width) (bits of a big-endian variant value).\n"
	      "\nquestions:\n",
	      out);
	for (size_t i = 0; i < sizeof questions / sizeof questions[0]; i++) {
		const char *w = questions[i].what;
		fprintf(out, "  %-15s %-10s", questions[i].name, questions[i].args);
		/* The description wrapped at 79 columns, under itself. */
		while (*w) {
			size_t n = strlen(w), cut = n;
			if (n > 50) {
				for (cut = 50; cut > 0 && w[cut] != ' '; cut--)
					;
				if (!cut)
					cut = 50;
			}
			fprintf(out, " %.*s\n", (int)cut, w);
			w += cut;
			while (*w == ' ')
				w++;
			if (*w)
				fprintf(out, "%28s", "");
		}
	}
}

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
	struct changed_campaign *c;
	size_t n;
};

static struct changed_campaign *changed_load(sqlite3 *db, struct changed_cache *cache,
                                             int64_t campaign)
{
	struct changed_campaign *c, *grown;
	sqlite3_stmt *st;
	struct ip_diag d;
	for (size_t i = 0; i < cache->n; i++)
		if (cache->c[i].campaign == campaign)
			return &cache->c[i];
	if (!(grown = realloc(cache->c, (cache->n + 1) * sizeof *grown)))
		return NULL;
	cache->c = grown;
	c = &cache->c[cache->n++];
	memset(c, 0, sizeof *c);
	c->campaign = campaign;
	ip_diag_init(&d, "");
	if (ip_store_seed_outcomes(db, campaign, &c->seeds, &c->nseeds, &d))
		c->nseeds = 0; /* a damaged campaign: words are shown without the seed's */
	if (sqlite3_prepare_v2(db, "SELECT role, offset, len FROM buffer WHERE campaign_id = ?1"
	                           " AND direction = 'out' ORDER BY offset", -1, &st, NULL))
		return c;
	sqlite3_bind_int64(st, 1, campaign);
	while (c->nbuf < sizeof c->buf / sizeof c->buf[0] && sqlite3_step(st) == SQLITE_ROW) {
		const char *role = (const char *)sqlite3_column_text(st, 0);
		snprintf(c->buf[c->nbuf].role, sizeof c->buf[c->nbuf].role, "%s", role ? role : "");
		c->buf[c->nbuf].offset = sqlite3_column_int64(st, 1);
		c->buf[c->nbuf++].len = sqlite3_column_int64(st, 2);
	}
	sqlite3_finalize(st);
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
	sqlite3 *db = sqlite3_context_db_handle(ctx);
	struct changed_campaign *c;
	int64_t campaign = sqlite3_value_int64(argv[0]), context = sqlite3_value_int64(argv[1]);
	const unsigned char *data = sqlite3_value_blob(argv[2]), *seed = NULL;
	int n = sqlite3_value_bytes(argv[2]), ns = 0, shown = 0, changed = 0;
	sqlite3_stmt *st = NULL;
	char text[CHANGED_MAX * 128 + 64]; /* an entry: ", " name[64] " = " 10 " (seed ...)" 18 */
	size_t len = 0;
	(void)argc;
	if (!(c = changed_load(db, sqlite3_user_data(ctx), campaign))) {
		sqlite3_result_error_nomem(ctx);
		return;
	}
	if (context >= 0 && (size_t)context < c->nseeds && c->seeds[context] &&
	    sqlite3_prepare_v2(db, "SELECT data FROM outcome WHERE id = ?1", -1, &st, NULL) ==
	        SQLITE_OK) {
		sqlite3_bind_int64(st, 1, c->seeds[context]);
		if (sqlite3_step(st) == SQLITE_ROW) {
			seed = sqlite3_column_blob(st, 0);
			ns = sqlite3_column_bytes(st, 0);
		}
	}
	text[0] = 0;
	if (!n) { /* a fault, a timeout, ...: the status says it */
		sqlite3_finalize(st);
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
	sqlite3_finalize(st);
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

static int sql_error(const char *file, sqlite3 *db, const char *what)
{
	fprintf(stderr, "%s: error: %s: %s\n", file, what, sqlite3_errmsg(db));
	return 1;
}

/* After a statement failed on what may be a damaged row (SQLite says only "malformed JSON"):
 * the readers' checks name the table and row, when one is damaged. */
static void name_damage(sqlite3 *db, struct ip_diag *d)
{
	if (ip_store_check_campaigns(db, NULL, 0, d) || ip_store_check_findings(db, d))
		ip_diag_print(d, stderr);
}

/* Runs each statement of sql under the guard (cli/sql_guard.c): refused when it would do more
 * than read, stopped after `seconds` (0: never). */
static int run_sql(const char *file, sqlite3 *db, const char *sql, enum cli_format format,
                   double seconds)
{
	struct ip_sql_guard *g;
	const char *next = sql;
	int n = 0, rc = 0;
	if (ip_sql_guard_install(db, seconds, &g))
		return sql_error(file, db, "preparing the query");
	while (next && *next && !rc) {
		sqlite3_stmt *st;
		const char *tail;
		char what[64];
		snprintf(what, sizeof what, "--sql statement %d", ++n);
		ip_sql_guard_start(g);
		if (sqlite3_prepare_v2(db, next, -1, &st, &tail)) {
			if (ip_sql_guard_refused(g))
				fprintf(stderr, "%s: error: %s refused: %s\n", file, what,
				        ip_sql_guard_refused(g));
			else
				sql_error(file, db, what);
			rc = 1;
			break;
		}
		if (!st) /* blank or a comment */
			break;
		if (!sqlite3_stmt_readonly(st)) {
			fprintf(stderr, "%s: error: %s would change the database; query is read-only: "
			                "%.*s\n",
			        file, what, (int)(tail - next), next);
			rc = 1;
		} else if (cli_sql_print(stdout, st, format)) {
			if (ip_sql_guard_timed_out(g))
				fprintf(stderr, "%s: error: %s stopped after %g seconds of processor time, "
				                "the time a statement may use (--time-limit SECONDS changes "
				                "it; 0: none)\n",
				        file, what, seconds);
			else
				sql_error(file, db, what);
			rc = ip_sql_guard_timed_out(g) ? 1 : 3; /* 3: look for a damaged row, below */
		}
		sqlite3_finalize(st);
		next = tail;
	}
	ip_sql_guard_free(g); /* (the checks below read what --sql may not) */
	if (rc == 3) {
		struct ip_diag d;
		ip_diag_init(&d, file);
		name_damage(db, &d);
		rc = 1;
	}
	return rc;
}

/* The part of question q that --part names (NULL: the default: every part, but in CSV the
 * last, the findings: a CSV file holds one table); its index, or -1 after saying why not. */
static int part_of(const struct question *q, const char *part, enum cli_format format,
                   int nsections)
{
	if (!part)
		return format == CLI_FORMAT_CSV ? nsections - 1 : -2;
	for (int i = 0; i < nsections; i++)
		if (!strcmp(part, q->sections[i].title))
			return i;
	fprintf(stderr, "isaprobe: query %s has no part '%s' (parts:", q->name, part);
	for (int i = 0; i < nsections; i++)
		fprintf(stderr, " %s", q->sections[i].title);
	fputs(")\n", stderr);
	return -1;
}

static int ask(const char *file, sqlite3 *db, const struct question *q, char **args, int nargs,
               enum cli_format format, const char *part)
{
	int json = format == CLI_FORMAT_JSON;
	int nsections = 0, only;
	struct question one;
	while (nsections < 3 && q->sections[nsections].sql)
		nsections++;
	if ((only = part_of(q, part, format, nsections)) == -1)
		return 2;
	if (only >= 0) { /* one part: printed as a question of one part */
		one = *q;
		memset(one.sections, 0, sizeof one.sections);
		one.sections[0] = q->sections[only];
		q = &one;
		nsections = 1;
	}
	if (strcmp(q->name, "unknown-fields") == 0 && !cli_isa(args[0]))
		return 2;
	if (strcmp(q->name, "field") == 0) {
		sqlite3_stmt *st;
		int found = 0;
		if (sqlite3_prepare_v2(db, "SELECT count(*) FROM temp.field_table WHERE"
		                           FIELD_IS("", "?1"), -1, &st, NULL) == SQLITE_OK) {
			sqlite3_bind_text(st, 1, args[0], -1, SQLITE_STATIC);
			found = sqlite3_step(st) == SQLITE_ROW && sqlite3_column_int(st, 0) > 0;
		}
		sqlite3_finalize(st);
		if (!found) {
			fprintf(stderr, "isaprobe: no field '%s' in the field tables (`isaprobe fields "
			                "ISA FORMAT` lists them)\n", args[0]);
			return 1;
		}
	}
	if (json && nsections > 1)
		fputs("{", stdout);
	for (int i = 0; i < nsections; i++) {
		const struct section *s = &q->sections[i];
		sqlite3_stmt *st;
		if (sqlite3_prepare_v2(db, s->sql, -1, &st, NULL))
			return sql_error(file, db, q->name);
		for (int a = 0; a < nargs; a++) {
			char *end;
			long long v = strtoll(args[a], &end, 10);
			if (*args[a] && !*end) /* a number: N of examples */
				sqlite3_bind_int64(st, a + 1, v);
			else
				sqlite3_bind_text(st, a + 1, args[a], -1, SQLITE_STATIC);
		}
		if (json && nsections > 1) {
			fputs(i ? ",\n" : "\n", stdout);
			cli_json_string(stdout, s->title);
			fputs(": ", stdout);
		} else if (nsections > 1) {
			/* a heading per part: Markdown's or the table's rule (CSV has one part) */
			printf(format == CLI_FORMAT_MD ? "%s### %s\n\n" : "%s== %s ==\n", i ? "\n" : "",
			       s->title);
		}
		if (cli_sql_print(stdout, st, format)) {
			struct ip_diag d;
			sql_error(file, db, q->name);
			sqlite3_finalize(st);
			ip_diag_init(&d, file);
			name_damage(db, &d);
			return 1;
		}
		sqlite3_finalize(st);
	}
	if (json && nsections > 1)
		fputs("}\n", stdout);
	return 0;
}

int cmd_query(int argc, char **argv)
{
	static const struct option opts[] = {{"db", required_argument, NULL, 'd'},
	                                     {"sql", required_argument, NULL, 's'},
	                                     {"format", required_argument, NULL, 'f'},
	                                     {"json", no_argument, NULL, 'j'},
	                                     {"time-limit", required_argument, NULL, 't'},
	                                     {"part", required_argument, NULL, 'p'},
	                                     {"help", no_argument, NULL, 'h'},
	                                     {NULL, 0, NULL, 0}};
	const char *file = NULL, *sql = NULL, *part = NULL;
	const struct question *q = NULL;
	struct ip_store *s;
	struct ip_diag d;
	sqlite3 *db;
	struct changed_cache *cache = NULL;
	enum cli_format format = CLI_FORMAT_TABLE;
	int c, rc, nargs;
	double seconds = SQL_TIME_LIMIT;
	char *end;
	optind = 1;
	while ((c = getopt_long(argc, argv, "d:s:f:jt:p:h", opts, NULL)) != -1) {
		switch (c) {
		case 'd': file = optarg; break;
		case 's': sql = optarg; break;
		case 'f':
			if (cli_format_parse(optarg, &format)) {
				fprintf(stderr, "isaprobe: query: unknown format '%s' (table, md, csv, "
				                "json)\n", optarg);
				return 2;
			}
			break;
		case 'j': format = CLI_FORMAT_JSON; break;
		case 'p': part = optarg; break;
		case 't':
			seconds = strtod(optarg, &end);
			if (end == optarg || *end || !(seconds >= 0 && seconds <= 1e6)) {
				fprintf(stderr, "isaprobe: query: --time-limit wants seconds (0: none), not "
				                "'%s'\n", optarg);
				return 2;
			}
			break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	nargs = argc - optind - 1;
	if (!file || (sql && optind != argc) || (!sql && optind == argc) || (sql && part)) {
		fputs(!file         ? "isaprobe: query: --db FILE is required\n"
		      : sql && part ? "isaprobe: query: --part is a part of a question, not of --sql\n"
		      : sql         ? "isaprobe: query: give a question or --sql, not both\n"
		             : "isaprobe: query: no question: name one of those below, or give "
		               "--sql 'SELECT ...'\n",
		      stderr);
		usage(stderr);
		return 2;
	}
	if (!sql) {
		for (size_t i = 0; i < sizeof questions / sizeof questions[0]; i++)
			if (strcmp(argv[optind], questions[i].name) == 0)
				q = &questions[i];
		if (!q || nargs < q->min_args || nargs > q->max_args) {
			if (q)
				fprintf(stderr, "isaprobe: query %s takes %s\n", q->name,
				        q->max_args ? q->args : "no arguments");
			else
				fprintf(stderr, "isaprobe: query: unknown question '%s'\n", argv[optind]);
			usage(stderr);
			return 2;
		}
	}
	ip_diag_init(&d, file);
	if (ip_store_open(file, IP_STORE_READ_ONLY, &s, &d)) {
		ip_diag_print(&d, stderr);
		return 1;
	}
	db = ip_store_sqlite(s);
	if (!sql && !(cache = calloc(1, sizeof *cache)))
		rc = sql_error(file, db, "out of memory");
	else if (sqlite3_create_function(db, "ip_bits", 3, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
	                                 NULL, sql_bits, NULL, NULL) ||
	         (!sql && sqlite3_create_function_v2(db, "ip_changed_words", 3, SQLITE_UTF8, cache,
	                                             sql_changed, NULL, NULL, changed_free)) ||
	         load_field_tables(db))
		rc = sql_error(file, db, "preparing the query");
	else {
		int fast = needs_summaries(sql);
		for (int i = 0; q && i < 3; i++)
			fast |= needs_summaries(q->sections[i].sql);
		/* the counts from the blocks; a file whose views this build does not know is left to
		 * them (as slow as they are), a damaged block is named */
		if (fast && ip_store_temp_summaries(db, &d)) {
			ip_diag_print(&d, stderr);
			rc = 1;
		} else
			rc = sql ? run_sql(file, db, sql, format, seconds)
			         : ask(file, db, q, argv + optind + 1, nargs, format, part);
	}
	ip_store_close(s);
	return rc;
}
