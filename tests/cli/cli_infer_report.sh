#!/usr/bin/env bash
# cli_infer_report.sh: `isaprobe infer` and `isaprobe report` from the command line: usage and
# bad-database errors, and (with the synthetic database test_report writes) infer twice giving
# the same findings, the Markdown field map, -o, --since and --diff. Usage: SCRIPT ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

expect_out 2 "usage: isaprobe infer" -- "$bin" infer
expect_out 2 "unknown format 'pdf'" -- "$bin" report --db x.db --format pdf
expect_out 2 "wants a campaign id" -- "$bin" report --db x.db --since abc
expect_out 1 "$tmp/none.db: error: cannot open" -- "$bin" infer --db "$tmp/none.db"
printf 'not a database at all, just text\n' >"$tmp/junk.db"
expect_out 1 "junk.db: error: not an SQLite database" -- "$bin" infer --db "$tmp/junk.db"
expect_out 1 "junk.db: error: not an SQLite database" -- "$bin" report --db "$tmp/junk.db"

writer="$(dirname "$bin")/tests/test_report"
if [ -x "$writer" ]; then
	must "writing the synthetic db" "$writer" --write-db "$tmp/s.db"
	expect_out 0 "^14 findings in 2 contexts of 1 probe, from 422 runs" -- "$bin" infer --db "$tmp/s.db"
	"$bin" report --db "$tmp/s.db" --format json -o "$tmp/a.json" && ok || fail "json report"
	expect_out 0 "^14 findings" -- "$bin" infer --db "$tmp/s.db" --probe synth
	"$bin" report --db "$tmp/s.db" --format json -o "$tmp/b.json" && ok || fail "json report again"
	cmp -s "$tmp/a.json" "$tmp/b.json" && ok || fail "a second infer changed the findings"
	expect_out 1 "no probe named 'nope'" -- "$bin" infer --db "$tmp/s.db" --probe nope
	expect_out 0 "^    \[0\.0\] 42-43: enum / opcode: 0: add, 1: mul, 2: min, 3: max" -- \
		"$bin" report --db "$tmp/s.db" --format md
	expect_out 0 "^    \[0\.0\] 32-34: register select: varyings_out\[0\] reads registers record v \(1 word a step\) \(confidence" -- \
		"$bin" report --db "$tmp/s.db"
	# --probe and --isa narrow the report; a name the database lacks is an error naming what it has
	expect_out 0 "^## synth: probe \`synth\`" -- "$bin" report --db "$tmp/s.db" --probe synth
	expect_out 0 "^14 findings\." -- "$bin" report --db "$tmp/s.db" --isa synth --probe synth
	expect_out 1 "no probe named 'nope' \(probes: synth\)" -- "$bin" report --db "$tmp/s.db" --probe nope
	expect_out 1 "no probe of ISA 'midgard' \(ISAs: synth\)" -- \
		"$bin" report --db "$tmp/s.db" --isa midgard --format html
	# the public verdict infer stored (the synthetic ISA has no overlay: everything is new)
	expect_out 0 "^new: no public overlay for this ISA,14$" -- "$bin" query --db "$tmp/s.db" -f csv \
		--sql "SELECT public_verdict, count(*) FROM finding_text GROUP BY 1"
	# finding_text: the sentence infer stored is the report's line after the instruction and bits.
	expect_out 0 "^\"42-43: enum / opcode: 0: add, 1: mul, 2: min, 3: max" -- \
		"$bin" query --db "$tmp/s.db" -f csv --sql "SELECT bits || ': ' || sentence FROM finding_text"
	"$bin" report --db "$tmp/s.db" --format md | sed -n 's/^    \(\[[0-9.]*\] \)\{0,1\}\([0-9][-0-9]*: .*\) (confidence .*/\2/p' | sort >"$tmp/r.lines"
	"$bin" query --db "$tmp/s.db" -f csv --sql "SELECT bits || ': ' || sentence AS line FROM finding_text" |
		tail -n +2 | sed 's/^"\(.*\)"$/\1/; s/""/"/g' | sort >"$tmp/q.lines"
	if [ -s "$tmp/q.lines" ] && cmp -s "$tmp/r.lines" "$tmp/q.lines"; then
		ok
	else
		fail "finding_text's sentences differ from the report's lines:"
		diff "$tmp/r.lines" "$tmp/q.lines" >&2
	fi
	expect_out 0 "^0 findings\." -- "$bin" report --db "$tmp/s.db" --since 9
	expect_out 0 ": 0 new, 0 changed, 0 gone \(0 findings\)" -- "$bin" report --db "$tmp/s.db" --diff "$tmp/s.db"
	expect_out 1 "none.db: error" -- "$bin" report --db "$tmp/s.db" --diff "$tmp/none.db"
	"$bin" report --db "$tmp/s.db" --format html -o "$tmp/r.html"
	n=$(grep -o '<rect class="field"' "$tmp/r.html" | wc -l)
	[ "$n" -eq 14 ] && ok || fail "$n field boxes in the html, want 14"
fi
finish
