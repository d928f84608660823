#!/usr/bin/env bash
# cli_query_guard.sh: `query --sql` reads and computes, nothing else (issue 34, rows 1 and 8):
# fts3_tokenizer (which hands out and takes function pointers), extension loading, functions
# outside SQLite's computing ones, every statement that writes, pragmas that set, and virtual
# tables or views planted in a database from elsewhere are refused with a clear error and leave
# the file as it was; a statement running past the time limit is stopped with a message; what
# --sql is for still works. Usage: cli_query_guard.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

db=$tmp/f.db
must "campaign" "$bin" campaign "$src/probes/utgard_gp/acc_op.probe" --db "$db" --strategy walk --quiet
must "infer" "$bin" infer --db "$db" -q
sum() { sha256sum "$1" | cut -d' ' -f1; }
before=$(sum "$db")

q() { "$bin" query --db "$db" "$@"; }

# refused STATEMENT PATTERN: exit 1, stderr naming the statement as refused (and PATTERN), and
# nothing on stdout (no address, no row).
refused() {
	local sql=$1 pattern=$2
	"$bin" query --db "${on:-$db}" --sql "$sql" >"$tmp/out" 2>"$tmp/err"
	local got=$?
	if [ $got -ne 1 ] || ! grep -Eq -- "error: --sql statement [0-9]+ (refused: )?.*$pattern" "$tmp/err" || [ -s "$tmp/out" ]; then
		fail "--sql \"$sql\": status $got (want 1), stderr /$pattern/, no output; got:"
		cat "$tmp/err" "$tmp/out" >&2
	else
		ok
	fi
}

# Native code: fts3_tokenizer with one argument gives a libsqlite3 address, with two it plants
# a pointer a MATCH then calls; extension loading; functions that are not SQLite's computing
# ones (an application's or SQLite's introspection).
refused "select fts3_tokenizer('simple')" 'the function fts3_tokenizer\(\) is not one --sql may call'
refused "select hex(fts3_tokenizer('simple'))" 'fts3_tokenizer'
refused "select fts3_tokenizer('mine', x'4141414141414141')" 'fts3_tokenizer'
refused "select 1 where fts3_tokenizer('simple') is not null" 'fts3_tokenizer'
refused "select load_extension('/lib/x86_64-linux-gnu/libc.so.6')" 'the function load_extension\(\)'
refused "select sqlite_version()" 'the function sqlite_version\(\)'
refused "select * from pragma_function_list" 'reading pragma_function_list: a virtual table'
refused "select * from pragma_compile_options" 'reads a virtual table'
# Writing, in every form SQLite has; and pragmas that set.
for sql in "insert into probe (name, isa, source_text, source_hash) values ('x', 'midgard', '', zeroblob(16))" \
	"update probe set name = 'x'" "delete from finding" "create table t (x)" "create temp table t (x)" \
	"create temp view v as select 1" "create index i on probe (isa)" "drop table finding" \
	"drop view finding_text" "alter table probe add column y" "create virtual table temp.ft using fts3(x)" \
	"attach '$tmp/other.db' as o" "detach main" "begin" "savepoint s" "analyze" "reindex" "vacuum" \
	"vacuum into '$tmp/copy.db'" \
	"with x as (select 1) insert into probe (name) select 1"; do
	refused "$sql" '(refused: the statement would change the database; query is read-only|would change the database)'
done
for sql in "pragma writable_schema = 1" "pragma journal_mode = delete" "pragma user_version = 7" \
	"pragma trusted_schema = 1" "pragma query_only = 0" "pragma foreign_keys = off"; do
	refused "$sql" 'refused: PRAGMA [a-z_]+ = \.\.\. is not one --sql may run'
done
expect_out 1 '^1$' -- "$bin" query --db "$db" --format csv --sql "select 1; delete from run_block"
grep -q 'error: --sql statement 2 refused: the statement would change the database' "$tmp/out" && ok || fail "the second statement not refused"
[ ! -e "$tmp/other.db" ] && [ ! -e "$tmp/copy.db" ] && ok || fail "a refused statement made a file"
[ "$(sum "$db")" = "$before" ] && ok || fail "a refused statement changed the database"

# A database from elsewhere (a board's, merged) may hold virtual tables and views of its
# author's choosing: the full-text table is not read (its tokenizer is native code), a view
# calling a function --sql may not call is refused as a direct call would be, the ordinary
# tables and views still read.
hostile=$tmp/hostile.db
cp "$db" "$hostile"
must "plant" sqlite3 "$hostile" "CREATE VIRTUAL TABLE ft USING fts3(x); INSERT INTO ft VALUES ('a b');
	CREATE VIRTUAL TABLE json_tree USING fts3(x); INSERT INTO json_tree VALUES ('c d');
	CREATE VIEW leak AS SELECT sqlite_version() AS v; CREATE VIEW fine AS SELECT count(*) AS n FROM probe;
	CREATE TABLE gen (a INTEGER, b INTEGER GENERATED ALWAYS AS (a + 1)); INSERT INTO gen (a) VALUES (1);"
on=$hostile refused "select * from ft where ft match 'a'" 'reads a virtual table'
on=$hostile refused "select count(*) from ft" 'reads a virtual table'
on=$hostile refused "select * from leak" 'the function sqlite_version\(\)'
on=$hostile refused "select * from json_tree where json_tree match 'c'" 'reads a virtual table|reading json_tree'
expect_out 0 '^2$' -- "$bin" query --db "$hostile" --format csv --sql "select count(*) from json_each('[1,2]')"
expect_out 0 '^1$' -- "$bin" query --db "$hostile" --format csv --sql "select n from fine"
expect_out 0 '^1,2$' -- "$bin" query --db "$hostile" --format csv --sql "select a, b from gen"

# What --sql is for: the tables, views, field tables, ip_bits, JSON, aggregates, windows,
# recursive expressions, the schema's description.
expect_out 0 '^count\(\*\)' -- "$bin" query --db "$db" --sql "select count(*) from finding_text"
expect_out 0 '^acc_op' -- "$bin" query --db "$db" --format csv --sql "select probe from campaign_summary"
expect_out 0 '^3$' -- "$bin" query --db "$db" --format csv --sql "select ip_bits(x'0180', 7, 2)"
expect_out 0 '^2$' -- "$bin" query --db "$db" --format csv --sql "select count(*) from json_each('[1,[2]]')"
expect_out 0 '^3$' -- "$bin" query --db "$db" --format csv --sql "select count(*) from json_tree('[1,2]')"
expect_out 0 '^1,1$' -- "$bin" query --db "$db" --format csv --sql "select row_number() over (), rank() over () from probe"
expect_out 0 '^5050$' -- "$bin" query --db "$db" --format csv --sql "with recursive c(x) as (select 1 union all select x + 1 from c where x < 100) select sum(x) from c"
expect_out 0 '^0,id,INTEGER' -- "$bin" query --db "$db" --format csv --sql "select cid, name, type from pragma_table_info('probe') limit 1"
expect_out 0 '^user_version$' -- "$bin" query --db "$db" --format csv --sql "pragma user_version"
expect_out 0 '^1,name,TEXT' -- "$bin" query --db "$db" --format csv --sql "pragma table_info(probe)"
expect_out 0 '^1\.4142' -- "$bin" query --db "$db" --format csv --sql "select sqrt(2)"
expect_out 0 '^[0-9]+$' -- "$bin" query --db "$db" --format csv --sql "select count(*) from field_table where isa = 'utgard_gp'"
expect_out 0 'unknown' -- "$bin" query --db "$db" unknown-fields utgard_gp

# The time limit: a statement still running after it is stopped with a message naming the
# limit and how to change it; the next statements do not run. A statement that would run for
# minutes (a billion-row recursion) under --time-limit 1, and one that would never end under
# the default (10 s).
# Each run's processor time (user + system, as bash's `time` reports it) is what the limit
# counts; wall time is not asserted, so a loaded machine cannot fail this.
cpu_seconds() { awk '{ printf "%d", $1 + $2 + 0.5 }' "$tmp/time"; }
TIMEFORMAT='%U %S'
{ time "$bin" query --db "$db" --time-limit 1 --sql "with recursive c(x) as (select 1 union all select x + 1 from c where x < 1000000000) select count(*) from c; select 'after'" >"$tmp/out" 2>"$tmp/err"; } 2>"$tmp/time"
st=$? took=$(cpu_seconds)
[ $st -eq 1 ] && grep -q 'error: --sql statement 1 stopped after 1 seconds of processor time, the time a statement may use (--time-limit SECONDS changes it; 0: none)' "$tmp/err" &&
	! grep -q after "$tmp/out" && ok || { fail "--time-limit 1: status $st"; cat "$tmp/err" "$tmp/out" >&2; }
[ "$took" -le 3 ] && ok || fail "--time-limit 1 used $took s of processor time"
{ time "$bin" query --db "$db" --sql "with recursive c(x) as (select 1 union all select x + 1 from c) select count(*) from c" >"$tmp/out" 2>"$tmp/err"; } 2>"$tmp/time"
st=$? took=$(cpu_seconds)
[ $st -eq 1 ] && grep -q 'stopped after 10 seconds of processor time' "$tmp/err" && ok || { fail "the default limit: status $st"; cat "$tmp/err" >&2; }
[ "$took" -ge 9 ] && [ "$took" -le 13 ] && ok || fail "the default limit used $took s of processor time"
# The limit is processor time: a result read slowly (a pager, a pipe to a slow reader) keeps the
# program waiting to write, which is not the statement running: 200,000 rows (more than a pipe
# holds) read after 3 s under --time-limit 1 arrive whole.
rows="with recursive c(x) as (select 1 union all select x + 1 from c where x < 200000) select x from c"
n=$("$bin" query --db "$db" --time-limit 1 --format csv --sql "$rows" 2>"$tmp/err" | (sleep 3; wc -l))
[ "$n" = 200001 ] && [ ! -s "$tmp/err" ] && ok || fail "a slow reader: $n lines, not 200001: $(cat "$tmp/err")"
expect_out 0 '^1$' -- "$bin" query --db "$db" --time-limit 0 --format csv --sql "select 1"
expect_out 2 "time-limit wants seconds" -- "$bin" query --db "$db" --time-limit soon --sql "select 1"
expect_out 2 "time-limit wants seconds" -- "$bin" query --db "$db" --time-limit -1 --sql "select 1"
[ "$(sum "$db")" = "$before" ] && ok || fail "the queries changed the database"
finish
