#!/usr/bin/env bash
# cli_query.sh: `isaprobe query` on a small findings database written here with the sqlite3
# shell from db/schema.sql, answers worked out by hand (table, md, csv and json; the finding_text
# view); and `isaprobe db merge` from the command line. Usage: cli_query.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

db=$tmp/f.db

# expect: stdout and stderr together (shell_lib.sh's expect_out), the answers being on stdout.
expect() { expect_out "$@"; }

# expect_not PATTERN -- command...: succeeds and its output does not match PATTERN.
expect_not() {
	local pattern=$1
	shift 2
	"$@" >"$tmp/out" 2>&1
	local got=$?
	if [ "$got" -ne 0 ] || grep -Eq -- "$pattern" "$tmp/out"; then
		fail "$*: status $got, should not match /$pattern/:"
		cat "$tmp/out" >&2
	else
		passes=$((passes + 1))
	fi
}

# One campaign of probe "ls" over load_store bits 25-50 (unk25), 4 variants:
#   0x0, 0x1 -> outcome 1 (ok, aa); 0x2 -> outcome 2 (fault 4); 0x3 -> outcome 3 (ok, bb),
#   variant 0x1 run 3 times: 6 runs. One finding: bits 25-30 ignored.
{
	sed '/^-- == version /,$d' "$src/db/schema.sql" # version 1: what the first migration runs
	cat <<'EOF'
PRAGMA user_version = 1;
INSERT INTO device (id, runner, model, host) VALUES (1, 'sim', 't860', 'board0');
INSERT INTO probe (id, name, isa, source_text, source_hash)
	VALUES (1, 'ls', 'midgard', 'text', zeroblob(16));
INSERT INTO campaign (id, probe_id, device_id, probe_hash, probe_text, strategy, cursor, origin)
	VALUES (1, 1, 1, zeroblob(16), 'text', 'walk', 4, (SELECT uuid FROM identity));
INSERT INTO context VALUES (1, 0, 'ld_attr_32', x'00000000');
INSERT INTO target VALUES (1, 0, 26, 'midgard.load_store', 'unk25', 0, 1, 25);
INSERT INTO outcome (id, hash, status, fault, data) VALUES
	(1, x'01000000000000000000000000000000', 0, 0, x'aa00000011000000'),
	(2, x'02000000000000000000000000000000', 1, 4, x''),
	(3, x'03000000000000000000000000000000', 0, 0, x'bb00000011000000');
INSERT INTO buffer (campaign_id, direction, role, offset, len) VALUES (1, 'out', 'registers', 0, 8);
INSERT INTO run VALUES (1, 0, x'00000000', 1, 1), (1, 0, x'00000001', 1, 3),
	(1, 0, x'00000002', 2, 1), (1, 0, x'00000003', 3, 1);
INSERT INTO finding (probe_id, context, format, lo, hi, kind, confidence, support,
	first_seen, last_seen) VALUES (1, 0, 'midgard.load_store', 25, 30, 'ignored', 0.9, 6, 1, 1);
EOF
} | sqlite3 "$db" || fail "building the database"
# A database of schema version 1 (as built above): query refuses it until `db migrate`.
expect 1 'schema version 1 is older than this isaprobe.s \(5\); `isaprobe db migrate FILE`' -- "$bin" query --db "$db" campaigns
expect 0 'f.db: schema version 5' -- "$bin" db migrate "$db"
expect 0 '^5$' -- sqlite3 "$db" 'PRAGMA user_version'

expect 0 'campaign_id +probe +device' -- "$bin" query --db "$db" campaigns
expect 0 '^1 +ls +sim:t860@board0 +walk' -- "$bin" query --db "$db" campaigns
"$bin" query --db "$db" --json campaigns >"$tmp/c.json" 2>&1
python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))[0]; sys.exit(0 if (r["runs"],r["variants"],r["outcomes"],r["fault"])==(6,4,3,1) else 1)' "$tmp/c.json" &&
	passes=$((passes + 1)) || { fail "campaigns --json: 6 runs, 4 variants, 3 outcomes, 1 fault"; cat "$tmp/c.json" >&2; }

# (migrated: bundle 0 and slot 1 from the campaign's target line, no condition)
expect 0 '^ls +ld_attr_32 +bundle 0 slot 1 +midgard.load_store +25-30 +25 +30 +ignored +0.9 +6 +0 +0 +1 +1 +\{\} +1$' -- "$bin" query --db "$db" new-findings

# field: both unk25 fields of the tables; the campaign and the finding of the load/store one.
expect 0 'midgard +load_store +25-50 +unk25 +unknown +unknown' -- "$bin" query --db "$db" field unk25
expect 0 'midgard +scalar_alu +25 +unk25' -- "$bin" query --db "$db" field unk25
expect 0 '== campaigns ==' -- "$bin" query --db "$db" field unk25
expect 0 '^1 +ls +midgard.load_store +25-50 +unk25 +running +6' -- "$bin" query --db "$db" field unk25
expect 0 '^ls +0 +ld_attr_32 +midgard.load_store +25-30 +ignored +0.9 +6' -- "$bin" query --db "$db" field unk25
expect_not 'scalar_alu' -- "$bin" query --db "$db" field load_store.unk25
"$bin" query --db "$db" --json field midgard.load_store.unk25 >"$tmp/f.json" 2>&1
python3 -c 'import json,sys; o=json.load(open(sys.argv[1])); sys.exit(0 if len(o["table"])==1 and o["table"][0]["bits"]=="25-50" and o["campaigns"][0]["runs"]==6 and o["findings"][0]["bits"]=="25-30" else 1)' "$tmp/f.json" &&
	passes=$((passes + 1)) || { fail "field --json"; cat "$tmp/f.json" >&2; }
expect 1 "no field 'nosuch'" -- "$bin" query --db "$db" field nosuch

# examples: per outcome, its variants and runs, the smallest variant and its field value, and
# the output words it changed against the seed's outcome (value 0: the seed's own; value 3
# changed registers[0] and left registers[1] as it was; a fault has no output).
expect 0 '^1 +ls +ld_attr_32 +unk25 +0 +00000000 +ok +0 +as the seed +2 +4$' -- "$bin" query --db "$db" examples unk25
expect 0 '^1 +ls +ld_attr_32 +unk25 +2 +00000002 +fault +4 +no output +1 +1$' -- "$bin" query --db "$db" examples unk25
expect 0 '^1 +ls +ld_attr_32 +unk25 +3 +00000003 +ok +0 +registers\[0\] = 0x000000bb \(seed 0x000000aa\) +1 +1$' -- "$bin" query --db "$db" examples unk25
expect 0 '^1 +ls +ld_attr_32 +unk25 +3 +00000003 +ok +0 +registers\[0\] = 0x000000bb' -- "$bin" query --db "$db" examples load_store.unk25
expect 0 '^1 +ls +ld_attr_32 +unk25 +3 +00000003 +ok +0 +registers\[0\] = 0x000000bb' -- "$bin" query --db "$db" examples midgard.load_store.unk25
expect_not 'registers\[1\]' -- "$bin" query --db "$db" examples unk25
expect 0 '"changed": "registers\[0\] = 0x000000bb \(seed 0x000000aa\)"' -- "$bin" query --db "$db" --json examples unk25
expect 0 'no rows' -- "$bin" query --db "$db" examples scalar_alu.unk25
"$bin" query --db "$db" examples unk25 1 >"$tmp/out" 2>&1
[ "$(wc -l <"$tmp/out")" -eq 3 ] && passes=$((passes + 1)) || { fail "examples unk25 1: one row"; cat "$tmp/out" >&2; }

# unknown-fields: load/store unk25 has 6 of 26 bits explained; once a finding covers 31-50
# it is gone, while the scalar ALU's unk25 (never probed) stays; findings with values the
# runner could not say, no operation names or never ran are listed with what would settle
# them.
expect 0 'load_store +25-50 +unk25 +unknown +not explained +- +1 +6 +26 +1 +a probe whose contexts' -- "$bin" query --db "$db" unknown-fields midgard
expect 0 'scalar_alu +25 +unk25 +unknown +never run +- +1 +0 +1 +0 +a campaign whose probe targets' -- "$bin" query --db "$db" unknown-fields midgard
expect 0 'scalar_alu +11 +src1_unused11 +unused +never run' -- "$bin" query --db "$db" unknown-fields midgard
sqlite3 "$db" "INSERT INTO finding (probe_id, context, bundle, slot, format, lo, hi, kind, details, confidence, first_seen, last_seen) VALUES (1, 0, 0, 1, 'midgard.load_store', 40, 42, 'enum', '{\"ops\":{\"0\":\"add\",\"1\":\"unidentified\"},\"unmodeled\":[2,3],\"runner\":\"sim\",\"not_run\":[7]}', 0.7, 1, 1)"
expect 0 'load_store +0.1 +40-42 +unk25 +ls +unmodeled +2 3 +1 .*run on hardware' -- "$bin" query --db "$db" unknown-fields midgard
expect 0 'load_store +0.1 +40-42 +unk25 +ls +unidentified +1 +1 .*contexts planting other inputs' -- "$bin" query --db "$db" unknown-fields midgard
expect 0 'load_store +0.1 +40-42 +unk25 +ls +never run +7 +1 .*a sweep of the field' -- "$bin" query --db "$db" unknown-fields midgard
sqlite3 "$db" "DELETE FROM finding WHERE lo = 40"
sqlite3 "$db" "INSERT INTO finding (probe_id, context, format, lo, hi, kind, confidence, first_seen, last_seen) VALUES (1, 0, 'midgard.load_store', 31, 50, 'offset', 0.8, 1, 1)"
expect_not 'load_store +25-50 +unk25' -- "$bin" query --db "$db" unknown-fields midgard
expect 0 'scalar_alu +25 +unk25' -- "$bin" query --db "$db" unknown-fields midgard
expect 2 "unknown ISA 'nosuch'" -- "$bin" query --db "$db" unknown-fields nosuch

# Raw SQL: reads, never writes.
expect 0 '^n +total' -- "$bin" query --db "$db" --sql 'SELECT count(*) AS n, sum(count) AS total FROM run'
expect 0 '^4 +6$' -- "$bin" query --db "$db" --sql 'SELECT count(*) AS n, sum(count) AS total FROM run'
expect 0 '"n": 4' -- "$bin" query --db "$db" --json --sql 'SELECT count(*) AS n FROM run'
expect 0 "^x'00000003'" -- "$bin" query --db "$db" --sql 'SELECT value FROM run ORDER BY value DESC LIMIT 1'
expect 0 '^unk25 +25 +50' -- "$bin" query --db "$db" --sql "SELECT name, lo, hi FROM field_table WHERE fmt = 'midgard.load_store' AND name = 'unk25'"
# ip_bits by hand: 0x0180 has bits 7 and 8 set; a 9-byte value's top byte is bits 64-71;
# bits above a value's width read as 0.
expect 0 '^3 +1 +0 +170 +0$' -- "$bin" query --db "$db" --sql "SELECT ip_bits(x'0180', 7, 2) AS a, ip_bits(x'0180', 8, 4) AS b, ip_bits(x'0180', 0, 7) AS c, ip_bits(x'aa0000000000000000', 64, 8) AS d, ip_bits(x'01', 9, 1) AS e"
expect 1 'would change the database; query is read-only' -- "$bin" query --db "$db" --sql 'DELETE FROM run_block'
expect 1 'read-only' -- "$bin" query --db "$db" --sql 'SELECT 1; UPDATE probe SET name = 1'
expect 1 'refused: the statement would change the database; query is read-only' -- "$bin" query --db "$db" --sql "ATTACH '$tmp/x.db' AS x"
expect 1 'no such table: nope' -- "$bin" query --db "$db" --sql 'SELECT * FROM nope'
expect 0 '^6$' -- sqlite3 "$db" 'SELECT sum(count) FROM run'

# Bad use and bad files.
expect 2 "unknown question 'nope'" -- "$bin" query --db "$db" nope
expect 2 'takes FIELD' -- "$bin" query --db "$db" examples
expect 2 'db FILE is required' -- "$bin" query campaigns
echo "not a database" >"$tmp/bad.db"
expect 1 "bad.db: error: not an SQLite database" -- "$bin" query --db "$tmp/bad.db" campaigns
expect 1 "missing.db: error: cannot open" -- "$bin" query --db "$tmp/missing.db" campaigns

# --format: the same rows as Markdown, CSV and JSON. The finding's sentence (in its details, as
# `isaprobe infer` writes it) holds a comma, quotes, a pipe and an asterisk; details is JSON.
sqlite3 "$db" "UPDATE finding SET details = '{\"sentence\":\"a, \\\"b\\\" | c*d\",\"n\":[1,2]}' WHERE lo = 25"
expect 0 '^\| campaign_id \| probe \| device \| strategy \|' -- "$bin" query --db "$db" --format md campaigns
expect 0 '^\|---\|---\|' -- "$bin" query --db "$db" --format md campaigns
expect 0 '^\| 1 \| ls \| sim:t860@board0 \| walk \|' -- "$bin" query --db "$db" --format md campaigns
expect 0 '^campaign_id,probe,device,strategy,' -- "$bin" query --db "$db" --format csv campaigns
expect 0 '^1,ls,sim:t860@board0,walk,' -- "$bin" query --db "$db" -f csv campaigns
expect 0 '^ls,ld_attr_32,midgard.load_store,25-30,ignored,"a, ""b"" \| c\*d"$' -- "$bin" query --db "$db" -f csv --sql 'SELECT probe, context, format, bits, kind, sentence FROM finding_text'
expect 0 '^\| ls \| ld_attr_32 \| 25-30 \| a, "b" \\\| c\\\*d \|$' -- "$bin" query --db "$db" -f md --sql 'SELECT probe, context, bits, sentence FROM finding_text'
# CSV formula injection (OWASP's "CSV Injection"): a text cell, or a column name, starting
# with =, +, -, @, a tab or a carriage return gets a single quote before it and is quoted, so a
# spreadsheet opens it as text; numbers (-3, -2.5) stay numbers; text "-3" is text.
expect 0 $'^"\'=A1",n$' -- "$bin" query --db "$db" -f csv --sql "SELECT '=A1' AS \"=A1\", 1 AS n"
expect 0 $'^"\'=1\\+2","\'\\+x","\'-y","\'@z","\'\tt",-3,-2.5,plain,"\'-3",a=b,"\'=x,""y"""$' -- \
	"$bin" query --db "$db" -f csv --sql "SELECT '=1+2', '+x', '-y', '@z', char(9) || 't', -3, -2.5, 'plain', '-3', 'a=b', '=x,\"y\"'"
"$bin" query --db "$db" -f csv --sql "SELECT char(13) || '=cmd' AS c, x'2d31' AS b, NULL AS z, 'ok' AS o" >"$tmp/inj.csv" 2>&1
python3 -c 'import csv,sys; r=list(csv.reader(open(sys.argv[1], newline=""))); sys.exit(0 if r == [["c","b","z","o"], ["\x27\r=cmd","2d31","","ok"]] else 1)' "$tmp/inj.csv" &&
	passes=$((passes + 1)) || { fail "csv: a carriage return first is neutralised, blobs and NULL as before"; cat -A "$tmp/inj.csv" >&2; }
expect 0 '^ls +ld_attr_32 +bundle 0 slot 1 +25-30 +ignored +a, "b" \| c\*d$' -- "$bin" query --db "$db" --sql 'SELECT probe, context, instruction, bits, kind, sentence FROM finding_text'
"$bin" query --db "$db" --format json new-findings >"$tmp/n.json" 2>&1
python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))[0]; sys.exit(0 if r["details"]=={"sentence":"a, \"b\" | c*d","n":[1,2]} and r["kind"]=="ignored" else 1)' "$tmp/n.json" &&
	passes=$((passes + 1)) || { fail "new-findings --format json: details as an object"; cat "$tmp/n.json" >&2; }
"$bin" query --db "$db" --json field unk25 >"$tmp/f.json" 2>&1
python3 -c 'import json,sys; f=json.load(open(sys.argv[1]))["findings"][0]; sys.exit(0 if f["details"]["n"]==[1,2] and f["sentence"]=="a, \"b\" | c*d" else 1)' "$tmp/f.json" &&
	passes=$((passes + 1)) || { fail "field --json: details an object, the sentence"; cat "$tmp/f.json" >&2; }
# Text is never cut, in every format; JSON cells longer than 60 characters are, in the table.
long="the sentence of a finding that goes on well past sixty characters, to its very last word"
sqlite3 "$db" "UPDATE finding SET details = json_set(details, '$.sentence', '$long', '$.pad', '0123456789012345678901234567890123456789012345678901234567890123456789', '$.public_verdict', 'agrees with arg_comp 25-26') WHERE lo = 25"
expect 0 "very last word\$" -- "$bin" query --db "$db" field unk25
expect 0 "^\\{.{56}\\.\\.\\.  x\$" -- "$bin" query --db "$db" --sql "SELECT details, 'x' FROM finding WHERE lo = 25"
expect 0 "very last word \| agrees with arg_comp 25-26 \|\$" -- "$bin" query --db "$db" -f md field unk25
expect 0 "### findings" -- "$bin" query --db "$db" -f md field unk25
# CSV: one table per file, the findings unless --part names another part
expect 0 "^probe,context,label,format,bits," -- "$bin" query --db "$db" -f csv field unk25
expect_not "^(# |isa,format|campaign,probe)" -- "$bin" query --db "$db" -f csv field unk25
expect 0 "^campaign,probe,format,bits,field,state,runs\$" -- "$bin" query --db "$db" -f csv --part campaigns field unk25
expect_not "^(# |probe,context)" -- "$bin" query --db "$db" -f csv --part campaigns field unk25
expect 0 "^isa +format +bits" -- "$bin" query --db "$db" --part table field unk25
expect_not "== campaigns ==" -- "$bin" query --db "$db" --part table field unk25
expect 2 "query field has no part 'nope' \(parts: table campaigns findings\)" -- "$bin" query --db "$db" --part nope field unk25
expect 2 "part is a part of a question, not of --sql" -- "$bin" query --db "$db" --part table --sql 'SELECT 1'
# new-findings says each finding in words
expect 0 "^ls +ld_attr_32 +bundle 0 slot 1 +midgard.load_store +25-30 +25 +30 +ignored +the sentence of a" -- "$bin" query --db "$db" new-findings
# A column whose name ends in _json holds JSON; text that is not JSON stays a string.
expect 0 '"a_json": \{"k":1\}, "b_json": "\{nope", "c": "\{\}"' -- "$bin" query --db "$db" --json --sql "SELECT json_object('k', 1) AS a_json, '{nope' AS b_json, '{}' AS c"
expect 2 "unknown format 'xml'" -- "$bin" query --db "$db" --format xml campaigns
expect 2 'no question: name one of those below, or give --sql' -- "$bin" query --db "$db"
expect 2 'not both' -- "$bin" query --db "$db" --sql 'SELECT 1' campaigns

# A damaged block (its outs not JSON): each question and --sql names the table and row, not
# SQLite's bare "malformed JSON".
cp "$db" "$tmp/damaged.db"
sqlite3 "$tmp/damaged.db" "UPDATE run_block SET outs = '[1,' WHERE id = (SELECT min(id) FROM run_block)"
bad_row='damaged.db: error: table run_block, row \(id [0-9]+\), entry 1: not an outcome id or \[outcome id, count\]'
expect 1 "$bad_row" -- "$bin" query --db "$tmp/damaged.db" campaigns
expect 1 "$bad_row" -- "$bin" query --db "$tmp/damaged.db" examples unk25
expect 1 "$bad_row" -- "$bin" query --db "$tmp/damaged.db" --sql 'SELECT count(*) FROM run'
sqlite3 "$tmp/damaged.db" "UPDATE run_block SET outs = 'nope' WHERE id = (SELECT min(id) FROM run_block)"
expect 1 'damaged.db: error: table run_block, row \(id [0-9]+\), entry 0: its outcomes are not a JSON array' -- "$bin" query --db "$tmp/damaged.db" --sql 'SELECT * FROM run'

# db merge from the command line: added, then already merged; a bad input changes nothing.
expect 0 'f.db: 1 campaigns added, 0 updated, 0 already merged; 6 runs, 2 findings' -- "$bin" db merge "$tmp/m.db" "$db"
expect 0 'f.db: 0 campaigns added, 0 updated, 1 already merged; 0 runs, 0 findings' -- "$bin" db merge "$tmp/m.db" "$db"
expect 0 '"campaigns_same": 1' -- "$bin" db merge --json "$tmp/m.db" "$db"
cp "$tmp/m.db" "$tmp/m.before"
expect 1 "bad.db: error: not an SQLite database" -- "$bin" db merge "$tmp/m.db" "$db" "$tmp/bad.db"
cmp -s "$tmp/m.db" "$tmp/m.before" && passes=$((passes + 1)) || fail "a refused merge changed the output"
expect 0 '^1 +ls +sim:t860@board0 +walk .* 6 +4 +3 +5 +1 ' -- "$bin" query --db "$tmp/m.db" campaigns
expect 2 'usage: isaprobe db merge' -- "$bin" db merge "$tmp/m.db"

finish
