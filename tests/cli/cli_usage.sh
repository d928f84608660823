#!/usr/bin/env bash
# cli_usage.sh: every command (those `isaprobe --help` lists, and their subcommands and modes)
# takes an unknown option as bad usage: exit status 2 and a message, never a file name or a
# silent success; `fields --json` answers in JSON; and a database read by query, report, a diff
# or db merge is left without -wal and -shm files once the program exits, also when another
# process holds it open meanwhile (their files are then left to it).
# Usage: cli_usage.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

# bad_usage WHAT ARGS...: exit 2 and something on stderr.
bad_usage() {
	local what=$1
	shift
	(cd "$tmp" && "$bin" "$@" </dev/null >"$tmp/out" 2>"$tmp/err")
	local got=$?
	if [ $got -ne 2 ] || [ ! -s "$tmp/err" ]; then
		fail "$what ($*): status $got, not 2 with a message: $(head -3 "$tmp/err")"
	else
		ok
	fi
}

bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
commands=$("$bin" --help | awk '/^commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 }')
[ "$(echo "$commands" | wc -w)" -ge 12 ] && ok || fail "the command list: $commands"
for c in $commands; do
	bad_usage "$c" "$c" --no-such-option
	bad_usage "$c" "$c" --no-such-option=1
done
bad_usage "db merge" db merge --no-such-option out.db in.db
bad_usage "db migrate" db migrate --no-such-option
bad_usage "db migrate" db migrate --no-such-option x.db
[ ! -e "$tmp/x.db" ] && [ ! -e "$tmp/--no-such-option" ] && ok || fail "db migrate made a file of an option"
bad_usage "campaign --engine afl" campaign --engine afl --no-such-option p.probe --db x.db
bad_usage "campaign --dry-run" campaign --dry-run --no-such-option p.probe
bad_usage "fields" fields --json --no-such-option
bad_usage "fields" fields midgard --no-such-option
bad_usage "fields --mesa --json" fields --mesa --json midgard
bad_usage "query" query --db x.db --no-such-option campaigns
bad_usage "report" report --db x.db --no-such-option
bad_usage "unknown command" --no-such-option
"$src/ci/nightly" --no-such-option >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "unknown option" "$tmp/err" && ok || fail "ci/nightly --no-such-option"

# fields --json: JSON that says what fields says.
"$bin" fields --json >"$tmp/isas.json" && python3 -c '
import json, sys
isas = [i["isa"] for i in json.load(open(sys.argv[1]))]
sys.exit(0 if {"midgard", "bifrost", "utgard_gp", "a3xx", "ctm"} <= set(isas) else 1)' "$tmp/isas.json" && ok ||
	fail "fields --json: $(head -c 300 "$tmp/isas.json")"
"$bin" fields --json midgard load_store >"$tmp/ls.json" && python3 -c '
import json, sys
f = {x["name"]: x for x in json.load(open(sys.argv[1]))["fields"]}
u = f["unk25"]
ok = (u["lo"], u["hi"], u["width"], u["doc"]) == (25, 50, 26, "unknown") and u["when"] == ""
ok = ok and any(v["name"] == "ld_attr_32" and v["value"] == 0x94 for v in f["op"]["values"])
sys.exit(0 if ok else 1)' "$tmp/ls.json" && ok || fail "fields --json midgard load_store: $(head -c 600 "$tmp/ls.json")"
expect 2 "has no format 'nope'" -- "$bin" fields --json midgard nope

# Databases closed clean: no -wal or -shm after a read.
db=$tmp/f.db
must "campaign" "$bin" campaign "$src/probes/utgard_gp/acc_op.probe" --db "$db" --strategy walk --quiet
must "infer" "$bin" infer --db "$db" -q
cp "$db" "$tmp/g.db"
leftovers() { ls "$tmp" | grep -E '\.db-(wal|shm)$' | tr '\n' ' '; }
[ -z "$(leftovers)" ] && ok || fail "after campaign and infer: $(leftovers)"
for args in "query --db $db campaigns" "query --db $db examples acc_op 3" "query --db $db --sql SELECT\ 1" \
	"report --db $db" "report --db $db --format html" "report --db $db --diff $tmp/g.db" \
	"db merge $tmp/m.db $db $tmp/g.db"; do
	eval "\"\$bin\" $args" >/dev/null 2>"$tmp/err" || fail "$args: $(cat "$tmp/err")"
	[ -z "$(leftovers)" ] && ok || fail "$args left $(leftovers)"
done
# A reader that exits while another process has the file open leaves that process's files.
python3 - "$db" "$bin" <<'EOF' && ok || fail "a query under an open reader removed its files"
import os, sqlite3, subprocess, sys
db, exe = sys.argv[1], sys.argv[2]
c = sqlite3.connect(db)
c.execute("BEGIN")
c.execute("SELECT count(*) FROM probe").fetchall()   # a read transaction, held
subprocess.run([exe, "query", "--db", db, "campaigns"], check=True, stdout=subprocess.DEVNULL)
assert os.path.exists(db + "-wal") and os.path.exists(db + "-shm"), "removed under a reader"
assert c.execute("SELECT count(*) FROM probe").fetchone()[0] == 1
c.close()
EOF
"$bin" query --db "$db" campaigns >/dev/null && [ -z "$(leftovers)" ] && ok || fail "after the reader: $(leftovers)"
finish
