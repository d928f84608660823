#!/usr/bin/env bash
# cli_infer_report.sh: `isaprobe infer` and `isaprobe report` from the command line: usage and
# bad-database errors, and (with the synthetic database test_report writes) infer twice giving
# the same findings, the Markdown field map, -o, --since and --diff. Usage: SCRIPT ISAPROBE SRCDIR
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0

check() { # DESCRIPTION WANTED-STATUS PATTERN -- command...
	local what=$1 want=$2 pattern=$3
	shift 4
	"$@" >"$tmp/out" 2>"$tmp/err"
	local got=$?
	if [ "$got" -ne "$want" ] || ! grep -Eq -- "$pattern" "$tmp/out" "$tmp/err"; then
		echo "FAIL: $what: status $got (want $want), wanted /$pattern/; stdout+stderr:" >&2
		cat "$tmp/out" "$tmp/err" >&2
		fails=$((fails + 1))
	fi
}

check "infer without --db" 2 "usage: isaprobe infer" -- "$bin" infer
check "report with a bad format" 2 "unknown format 'pdf'" -- "$bin" report --db x.db --format pdf
check "report with a bad --since" 2 "wants a campaign id" -- "$bin" report --db x.db --since abc
check "infer on a missing file" 1 "$tmp/none.db: error: cannot open" -- "$bin" infer --db "$tmp/none.db"
printf 'not a database at all, just text\n' >"$tmp/junk.db"
check "infer on a text file" 1 "junk.db: error: not an SQLite database" -- "$bin" infer --db "$tmp/junk.db"
check "report on a text file" 1 "junk.db: error: not an SQLite database" -- "$bin" report --db "$tmp/junk.db"

writer="$(dirname "$bin")/tests/test_report"
if [ -x "$writer" ]; then
	"$writer" --write-db "$tmp/s.db" || { echo "FAIL: writing the synthetic db" >&2; exit 1; }
	check "infer" 0 "^14 findings in 2 contexts of 1 probe, from 422 runs" -- "$bin" infer --db "$tmp/s.db"
	"$bin" report --db "$tmp/s.db" --format json -o "$tmp/a.json" || fails=$((fails + 1))
	check "infer again, one probe" 0 "^14 findings" -- "$bin" infer --db "$tmp/s.db" --probe synth
	"$bin" report --db "$tmp/s.db" --format json -o "$tmp/b.json" || fails=$((fails + 1))
	if ! cmp -s "$tmp/a.json" "$tmp/b.json"; then
		echo "FAIL: a second infer changed the findings" >&2
		fails=$((fails + 1))
	fi
	check "infer of an unknown probe" 1 "no probe named 'nope'" -- "$bin" infer --db "$tmp/s.db" --probe nope
	check "md field map" 0 "^    \[0\.0\] 42-43: enum / opcode: 0: add, 1: mul, 2: min, 3: max" -- \
		"$bin" report --db "$tmp/s.db" --format md
	check "md register line" 0 "^    \[0\.0\] 32-34: register select: varyings_out\[0\] = registers\[0 \+ 1\*v\]" -- \
		"$bin" report --db "$tmp/s.db"
	# finding_text: the sentence infer stored is the report's line after the instruction and bits.
	check "finding_text sentence" 0 "^\"42-43: enum / opcode: 0: add, 1: mul, 2: min, 3: max" -- \
		"$bin" query --db "$tmp/s.db" -f csv --sql "SELECT bits || ': ' || sentence FROM finding_text"
	"$bin" report --db "$tmp/s.db" --format md | sed -n 's/^    \(\[[0-9.]*\] \)\{0,1\}\([0-9][-0-9]*: .*\) (confidence .*/\2/p' | sort >"$tmp/r.lines"
	"$bin" query --db "$tmp/s.db" -f csv --sql "SELECT bits || ': ' || sentence AS line FROM finding_text" |
		tail -n +2 | sed 's/^"\(.*\)"$/\1/; s/""/"/g' | sort >"$tmp/q.lines"
	if [ ! -s "$tmp/q.lines" ] || ! cmp -s "$tmp/r.lines" "$tmp/q.lines"; then
		echo "FAIL: finding_text's sentences differ from the report's lines:" >&2
		diff "$tmp/r.lines" "$tmp/q.lines" >&2
		fails=$((fails + 1))
	fi
	check "since a later campaign" 0 "^0 findings\." -- "$bin" report --db "$tmp/s.db" --since 9
	check "diff against itself" 0 "^0 findings\." -- "$bin" report --db "$tmp/s.db" --diff "$tmp/s.db"
	check "diff against a missing db" 1 "none.db: error" -- "$bin" report --db "$tmp/s.db" --diff "$tmp/none.db"
	"$bin" report --db "$tmp/s.db" --format html -o "$tmp/r.html"
	n=$(grep -o '<rect class="field"' "$tmp/r.html" | wc -l)
	if [ "$n" -ne 14 ]; then
		echo "FAIL: $n field boxes in the html, want 14" >&2
		fails=$((fails + 1))
	fi
fi
[ "$fails" -eq 0 ] && echo "cli_infer_report: ok" || echo "cli_infer_report: $fails failed"
[ "$fails" -eq 0 ]
