#!/usr/bin/env bash
# cli_export.sh: `isaprobe export` (docs/export.md): the isaspec and ISA.xml exports parse as XML
# and every element's bits are those of a finding of the database, tagged with that finding's
# evidence and public verdict; the Markdown export lists every finding in the notes' style; a
# diff against small files in the maintainers' forms (tests/data/export/) applies with `patch`
# and leaves them parsing; bad options and files are refused. Usage: SCRIPT ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"
db=$tmp/f.db
data=$src/tests/data/export
must "campaigns" "$bin" campaign "$src/probes/a3xx/cat2_src_mode.probe" \
	"$src/probes/a3xx/cat6_unknown.probe" "$src/probes/bifrost/add_modifier_unknowns.probe" \
	"$src/probes/bifrost/fma_modifier_unknowns.probe" "$src/probes/utgard_gp/acc_op.probe" \
	--db "$db" --quiet
must "infer" "$bin" infer --db "$db" >/dev/null

# check_xml FILE ISA KIND: FILE parses; every <field>/<pattern> (isaspec) or <src>/<mod>/
# <immediate> (ISA.xml) has the bits of a finding of ISA in the database, its evidence and the
# finding's stored public verdict, and names a probe and context that finding belongs to.
check_xml() {
	python3 - "$1" "$db" "$2" "$3" <<'PY'
import sqlite3, sys, xml.etree.ElementTree as ET
path, db, isa, kind = sys.argv[1:]
root = ET.parse(path).getroot()
con = sqlite3.connect(db)
rows = con.execute("SELECT probe, context, format, bits, kind, public_verdict FROM finding_text"
                   " WHERE isa = ?", (isa,)).fetchall()
found = {(p, c, f.split('.', 1)[1], str(b), k): v for p, c, f, b, k, v in rows}
n = bad = 0
for ins in root:
    for el in ins:
        if kind == 'isaspec':
            if el.tag not in ('field', 'pattern'):
                continue
            lo = int(el.get('low', el.get('pos')))
            hi = int(el.get('high', el.get('pos')))
        else:
            if el.tag not in ('src', 'mod', 'immediate'):
                continue
            lo = int(el.get('start'))
            hi = lo + (3 if el.tag == 'src' else int(el.get('size'))) - 1
        bits = str(lo) if lo == hi else '%d-%d' % (lo, hi)
        key = (ins.get('probe'), ins.get('context'), ins.get('format'), bits, el.get('kind'))
        n += 1
        if key not in found:
            print('no finding', key); bad += 1
        elif el.get('public') != found[key]:
            print('public', key, el.get('public'), '!=', found[key]); bad += 1
        elif not el.get('evidence') or ' runs' not in el.get('evidence'):
            print('evidence', key, el.get('evidence')); bad += 1
print(n, 'elements,', bad, 'bad')
sys.exit(1 if bad or n == 0 else 0)
PY
}

"$bin" export --db "$db" --format isaspec >"$tmp/a3xx.xml" && check_xml "$tmp/a3xx.xml" a3xx isaspec \
	>"$tmp/out" 2>&1 && ok || fail "isaspec export: $(cat "$tmp/out")"
grep -q '<bitset name="add.f" probe="cat2_src_mode"' "$tmp/a3xx.xml" && ok ||
	fail "isaspec: no bitset named by ir3's instruction name"
"$bin" export --db "$db" --format bifrost-isa-xml >"$tmp/bi.xml" &&
	check_xml "$tmp/bi.xml" bifrost isa >"$tmp/out" 2>&1 && ok || fail "ISA.xml export: $(cat "$tmp/out")"
grep -q '<ins name="\*FMA.f32" probe="fma_modifier_unknowns"' "$tmp/bi.xml" &&
	grep -q '<mod name="round" start="13" size="2"' "$tmp/bi.xml" && ok ||
	fail "ISA.xml: no *FMA.f32 with its round modifier"

# Markdown: one "    LO-HI: " line per finding of the probe, with its tags
"$bin" export --db "$db" --format markdown --isa utgard_gp >"$tmp/gp.md" || fail "markdown export"
n=$(sqlite3 "$db" "SELECT count(*) FROM finding_text WHERE isa = 'utgard_gp'")
m=$(grep -cE '^    [0-9]+(-[0-9]+)?: .*\[simulator [^,]+, [0-9]+ runs; .*; public: ' "$tmp/gp.md")
[ "$n" -gt 0 ] && [ "$n" = "$m" ] && ok || fail "markdown: $m entries for $n findings"

# diffs against the maintainers' forms apply and leave the files parsing
for spec in "isaspec ir3-small.xml" "bifrost-isa-xml isa-small.xml" "markdown notes-small.md"; do
	set -- $spec
	isa=()
	[ "$1" = markdown ] && isa=(--isa utgard_gp)
	cp "$data/$2" "$tmp/$2"
	if "$bin" export --db "$db" --format "$1" "${isa[@]}" --against "$tmp/$2" \
		>"$tmp/$2.diff" 2>"$tmp/err" && patch -s "$tmp/$2" <"$tmp/$2.diff" &&
		grep -q "isaprobe" "$tmp/$2" && ! cmp -s "$data/$2" "$tmp/$2"; then
		ok
	else
		fail "$1 against $2: $(cat "$tmp/err")"
	fi
	case $2 in *.xml)
		python3 -c "import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])" "$tmp/$2" &&
			ok || fail "$2 no longer parses after the patch";;
	esac
done
# the notes' own line for the bits gets the finding under it
grep -A1 '^    83-85: Accumulator Opcode' "$tmp/notes-small.md" | grep -q '^        isaprobe (acc_op, context ' &&
	ok || fail "markdown: the finding is not under the notes' line for 83-85"
# the comment lands inside the instruction's own bitset / ins
awk '/<bitset name="ldg"/ {on = 1} on && /isaprobe/ {print; exit}' "$tmp/ir3-small.xml" | grep -q 'bits 41-48' &&
	ok || fail "isaspec: the finding is not under ldg's bitset"

# refused
expect 2 "unknown format 'xml'" -- "$bin" export --db "$db" --format xml
expect 2 "usage" -- "$bin" export --db "$db"
expect 1 "writes a3xx findings, not bifrost" -- "$bin" export --db "$db" --format isaspec --isa bifrost
expect 1 "nosuch.xml: No such file" -- "$bin" export --db "$db" --format isaspec --against "$tmp/nosuch.xml"
printf '<isa>\n</isa>\n' >"$tmp/empty.xml"
expect 1 "none of the .* findings has a place in this file" -- \
	"$bin" export --db "$db" --format isaspec --against "$tmp/empty.xml"
finish
