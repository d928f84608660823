/* sql_guard.c: what `query --sql` may do: read the database's tables and views through SQLite's
 * own functions that only compute, nothing that writes, loads or reaches other native code, and
 * each statement for a limited processor time. docs/database.md ("What --sql may do") says why. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <sqlite3.h>

#include "common/grow.h"
#include "isaprobe/store.h"

/* SQLite's functions that compute a value from their arguments and nothing else (core, date,
 * aggregate, window, math and JSON functions), and the project's ip_bits. Everything else is
 * refused: fts3_tokenizer (reads and plants function pointers), load_extension, the full-text
 * and R-tree helpers, sqlite_* introspection, and functions a database's author could add. */
static const char *const functions[] = {
	"abs", "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "avg", "ceil",
	"ceiling", "char", "coalesce", "concat", "concat_ws", "cos", "cosh", "count", "cume_dist",
	"date", "datetime", "degrees", "dense_rank", "exp", "first_value", "floor", "format",
	"glob", "group_concat", "hex", "ifnull", "iif", "instr", "ip_bits", "json", "json_array",
	"json_array_length", "json_error_position", "json_extract", "json_group_array",
	"json_group_object", "json_insert", "json_object", "json_patch", "json_pretty",
	"json_quote", "json_remove", "json_replace", "json_set", "json_type", "json_valid",
	"julianday", "lag", "last_value", "lead", "length", "like", "likelihood", "likely", "ln",
	"log", "log10", "log2", "lower", "ltrim", "max", "min", "mod", "nth_value", "ntile",
	"nullif", "octet_length", "percent_rank", "pi", "pow", "power", "printf", "quote",
	"radians", "random", "randomblob", "rank", "replace", "round", "row_number", "rtrim",
	"sign", "sin", "sinh", "soundex", "sqrt", "strftime", "string_agg", "substr", "substring",
	"sum", "tan", "tanh", "time", "timediff", "total", "trim", "trunc", "typeof", "unhex",
	"unicode", "unixepoch", "unlikely", "upper", "zeroblob",
};

/* Pragmas that only describe the schema, by name (their argument is a table or index name),
 * also as table-valued functions (pragma_table_info('finding')). */
static const char *const info_pragmas[] = {
	"foreign_key_list", "index_info", "index_list", "index_xinfo", "table_info", "table_xinfo",
};

/* Pragmas that read a number of the file's header, allowed without an argument (with one
 * they would set it). */
static const char *const header_pragmas[] = {
	"application_id", "data_version", "encoding", "freelist_count", "page_count", "page_size",
	"schema_version", "user_version",
};

struct ip_sql_guard {
	sqlite3 *db;
	double limit;           /* processor seconds a statement may use; 0: no limit */
	struct timespec start;  /* the process's processor time when the statement started */
	int timed_out;
	char why[256];          /* why the last statement was refused ("" when it was not) */
	char **virtual_tables;  /* the database's own virtual tables (never read) */
	size_t nvirtual;
};

static int in(const char *name, const char *const *list, size_t n)
{
	for (size_t i = 0; name && i < n; i++)
		if (!strcasecmp(name, list[i]))
			return 1;
	return 0;
}

#define IN(name, list) in(name, list, sizeof list / sizeof list[0])

static int refuse(struct ip_sql_guard *g, const char *fmt, const char *a, const char *b)
{
	if (!g->why[0]) /* the first reason is the one to say */
		snprintf(g->why, sizeof g->why, fmt, a ? a : "", b ? b : "");
	return SQLITE_DENY;
}

/* A read of table t of database db (NULL: a common table expression of the statement). */
static int may_read(struct ip_sql_guard *g, const char *t, const char *db)
{
	if (!db)
		return 1;
	if ((strcmp(db, "main") && strcmp(db, "temp")) ||
	    in(t, (const char *const *)g->virtual_tables, g->nvirtual)) /* also one named json_each */
		return 0;
	if (t && !strncasecmp(t, "pragma_", 7))
		return IN(t + 7, info_pragmas) || IN(t + 7, header_pragmas);
	return 1; /* a table or view, or SQLite's own json_each and json_tree */
}

static int authorize(void *arg, int action, const char *a, const char *b, const char *c,
                     const char *view)
{
	struct ip_sql_guard *g = arg;
	(void)view;
	switch (action) {
	case SQLITE_SELECT:
	case SQLITE_RECURSIVE:
		return SQLITE_OK;
	case SQLITE_READ:
		if (may_read(g, a, c))
			return SQLITE_OK;
		return refuse(g, "reading %s: a virtual table or another database's table; --sql "
		                 "reads the database's own tables and views%s", a, "");
	case SQLITE_FUNCTION:
		if (IN(b, functions))
			return SQLITE_OK;
		return refuse(g, "the function %s() is not one --sql may call (it may call SQLite's "
		                 "functions that compute values: core, date, math, aggregate, window "
		                 "and JSON ones, and ip_bits)%s", b, "");
	case SQLITE_PRAGMA:
		if (IN(a, info_pragmas) || (IN(a, header_pragmas) && !b))
			return SQLITE_OK;
		return refuse(g, "PRAGMA %s%s is not one --sql may run (only those describing the "
		                 "schema, and reading the header's numbers)", a, b ? " = ..." : "");
	case SQLITE_UPDATE:
		/* also asked when a virtual table's module declares its columns, as it is first
		 * read: the schema table itself is never written through SQL here */
		if (a && (!strcmp(a, "sqlite_master") || !strcmp(a, "sqlite_temp_master")))
			return refuse(g, "the statement reads a virtual table (native code of a module) "
			                 "or changes the schema; --sql reads the database's own tables and "
			                 "views%s%s", "", "");
		/* fall through */
	default:
		return refuse(g, "the statement would change the database; query is read-only (it "
		                 "may not create, insert, update, delete, attach, detach, begin "
		                 "transactions or savepoints, analyze or vacuum)%s%s", "", "");
	}
}

/* Called every few thousand virtual machine steps: stops a statement past the limit. The clock
 * is the process's processor time: time spent waiting to write the rows (to a pager, a pipe a
 * slow reader empties) is not the statement running, and must not cut its output. */
static int progress(void *arg)
{
	struct ip_sql_guard *g = arg;
	struct timespec now;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
	if ((double)(now.tv_sec - g->start.tv_sec) + 1e-9 * (double)(now.tv_nsec - g->start.tv_nsec) <
	    g->limit)
		return 0;
	g->timed_out = 1;
	return 1;
}

/* The names of the database's virtual tables (a file from elsewhere may hold some: reading one
 * runs its module's code, with arguments its author chose). */
static int list_virtual(struct ip_sql_guard *g)
{
	sqlite3_stmt *st;
	size_t cap = 0;
	int rc = sqlite3_prepare_v2(g->db, "SELECT name FROM main.sqlite_schema WHERE type = 'table'"
	                                   " AND sql LIKE 'CREATE VIRTUAL%' UNION SELECT name FROM"
	                                   " temp.sqlite_schema WHERE type = 'table' AND sql LIKE"
	                                   " 'CREATE VIRTUAL%'", -1, &st, NULL);
	while (rc == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW) {
		const char *name = (const char *)sqlite3_column_text(st, 0);
		if (ip_grow((void **)&g->virtual_tables, &cap, g->nvirtual + 1,
		            sizeof *g->virtual_tables) ||
		    !(g->virtual_tables[g->nvirtual] = strdup(name ? name : ""))) {
			rc = SQLITE_NOMEM;
			break;
		}
		g->nvirtual++;
	}
	sqlite3_finalize(st);
	return rc;
}

/* Whether the functions the project's views and CHECK constraints call are innocuous in this
 * SQLite (3.40 does not mark its JSON functions so; without trusted_schema every such view would
 * be refused, and the authorizer checks them instead). */
static int schema_functions_innocuous(sqlite3 *db)
{
	sqlite3_stmt *st;
	int ok = 0;
	if (sqlite3_prepare_v2(db, "SELECT count(*) = 0 FROM pragma_function_list WHERE name IN"
	                           " ('json_extract', 'json_valid', 'json_array', 'iif')"
	                           " AND flags & 0x200000 = 0", -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW)
		ok = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return ok;
}

int ip_sql_guard_install(void *handle, double seconds, struct ip_sql_guard **out)
{
	sqlite3 *db = handle;
	struct ip_sql_guard *g = calloc(1, sizeof *g);
	size_t ninfo = sizeof info_pragmas / sizeof *info_pragmas;
	size_t nheader = sizeof header_pragmas / sizeof *header_pragmas;
	int off = 0, on = 1;
	*out = NULL;
	if (!g)
		return SQLITE_NOMEM;
	g->db = db;
	g->limit = seconds;
	/* What SQLite lets a connection turn off: the two-argument fts3_tokenizer (it takes a
	 * pointer from SQL), extension loading, triggers, writes to its own schema and shadow
	 * tables (defensive mode), and the schema's use of functions not marked innocuous. */
	if (sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER, 0, &off) ||
	    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, &off) ||
	    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, &off) ||
	    sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, &on) ||
	    (schema_functions_innocuous(db) &&
	     sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, &off)) ||
	    list_virtual(g)) {
		ip_sql_guard_free(g);
		return SQLITE_ERROR;
	}
	/* The table-valued functions --sql may read made once before the authorizer is on:
	 * making an eponymous virtual table asks the authorizer to write the schema table. (Not
	 * where the database defines a table of that name: that one is never read.) */
	for (size_t i = 0; i < 2 + ninfo + nheader; i++) {
		char name[64], sql[128];
		snprintf(name, sizeof name, i < 2 ? "%s" : "pragma_%s",
		         i < 2 ? (i ? "json_tree" : "json_each")
		         : i - 2 < ninfo ? info_pragmas[i - 2] : header_pragmas[i - 2 - ninfo]);
		if (in(name, (const char *const *)g->virtual_tables, g->nvirtual))
			continue;
		snprintf(sql, sizeof sql, "SELECT 1 FROM %s(%s) LIMIT 0", name,
		         i < 2 ? "'[]'" : i - 2 < ninfo ? "''" : "");
		(void)sqlite3_exec(db, sql, NULL, NULL, NULL);
	}
	sqlite3_set_authorizer(db, authorize, g);
	if (seconds > 0)
		sqlite3_progress_handler(db, 10000, progress, g);
	*out = g;
	return SQLITE_OK;
}

void ip_sql_guard_start(struct ip_sql_guard *g)
{
	g->why[0] = 0;
	g->timed_out = 0;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &g->start);
}

const char *ip_sql_guard_refused(const struct ip_sql_guard *g)
{
	return g->why[0] ? g->why : NULL;
}

int ip_sql_guard_timed_out(const struct ip_sql_guard *g)
{
	return g->timed_out;
}

void ip_sql_guard_free(struct ip_sql_guard *g)
{
	if (!g)
		return;
	if (g->db) {
		sqlite3_set_authorizer(g->db, NULL, NULL);
		sqlite3_progress_handler(g->db, 0, NULL, NULL);
	}
	for (size_t i = 0; i < g->nvirtual; i++)
		free(g->virtual_tables[i]);
	free(g->virtual_tables);
	free(g);
}
