#!/usr/bin/env bash
# cli_hostile_strings.sh: text that reaches isaprobe from another database (a board's, merged),
# a probe file or the command line stays text in everything written from it (issue 34, row 3):
# probe names, context labels, device hosts, conditions, the value names and texts of a
# finding's details, its examples' word names, the database's own path. Each goes through
# `report` (Markdown rendered by GitHub's CommonMark, cmark-gfm, with raw HTML let through;
# HTML parsed; JSON parsed), a diff against an older night (not-run and device lines), `query`
# in every format (CSV and JSON parsed back to the same bytes, Markdown rendered) and a night of
# ci/nightly: no tag, link, heading or table cell that was not the report's own, no escape
# sequence for a terminal, the strings themselves readable. Usage: SCRIPT ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"
if ! command -v cmark-gfm >/dev/null; then
	echo "cli_hostile_strings: cmark-gfm not found: skipped (apt-get install cmark-gfm)"
	exit 77
fi

# The strings: the issue's probe name; a label with a line break, a heading, an image with a
# script, a javascript: link and code; one with emphasis, strikethrough, an entity and a
# terminal escape; a host with HTML and a pipe; a value name with a script, a pipe and a
# backtick; a condition; a summary (a model difference's words); an example's word name; and
# bytes that are not UTF-8.
H='a|b</script><script>x'
L0=$'## h\n<img src=x onerror=alert(1)>[l](javascript:alert(1)) `c`'
L1=$'*e* _u_ ~~s~~ &amp; \e[31mred\e[0m \\ \\| end'
HOST='<b>host</b>|x'
V0='<script>alert(1)</script>|x`y'
COND='<i>c</i>|`x` [y](javascript:z)'
SUMMARY='t860: <iframe src=//e></iframe> | ## not a heading'
WORD='<svg onload=alert(1)>[0]'
BYTES=$'\xff\xfe<u>'
export H L0 L1 HOST V0 COND SUMMARY WORD BYTES

db=$tmp/f.db
must "campaign" "$bin" campaign "$src/probes/utgard_gp/acc_op.probe" --db "$db" --strategy walk --quiet
must "infer" "$bin" infer --db "$db" -q
cp "$db" "$tmp/old.db"
# The strings written into the database, as another tool (or a board) could have.
python3 - "$db" <<'EOF' || fail "planting the strings"
import os, sqlite3, sys
c = sqlite3.connect(sys.argv[1])
e = os.environ
c.execute("UPDATE probe SET name = ?", (e["H"],))
c.execute("UPDATE context SET label = ? WHERE idx = 0", (e["L0"],))
c.execute("UPDATE context SET label = ? WHERE idx = 1", (e["L1"],))
c.execute("UPDATE context SET label = CAST(? AS TEXT) WHERE idx = 2", (e["BYTES"].encode("utf-8", "surrogateescape"),))
c.execute("UPDATE device SET host = ?", (e["HOST"],))
c.execute("UPDATE finding SET details = json_set(details, '$.values.\"0\"', ?) WHERE context = 0 AND kind = 'enum'", (e["V0"],))
c.execute("UPDATE finding SET details = json_set(details, '$.examples[0].changed', json_object(?, '0x3f800000')) WHERE context = 0 AND kind = 'enum'", (e["WORD"],))
c.execute("UPDATE finding SET cond = ?, details = json_set(details, '$.when', ?) WHERE context = 1", (e["COND"], e["COND"]))
c.execute("UPDATE finding SET kind = 'model_differs', details = json_object('summary', ?) WHERE context = 3", (e["SUMMARY"],))
c.commit()
EOF
# the older night: the same campaigns on another host, and a probe this one did not run
python3 - "$tmp/old.db" <<'EOF' || fail "planting the older night"
import os, sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("UPDATE device SET host = 'board<0>'")
c.execute("UPDATE probe SET name = ?", (os.environ["H"],))
c.execute("INSERT INTO probe (name, isa, source_text, source_hash) VALUES (?, 'utgard_gp', '', zeroblob(16))", ("gone|<script>y",))
c.execute("UPDATE finding SET probe_id = (SELECT max(id) FROM probe) WHERE context = 7")
c.commit()
EOF
weird=$tmp/'d|b<i>x`.db' # the database's own path reaches the title
cp "$db" "$weird"

# check_md FILE WHAT: FILE's Markdown, rendered by cmark-gfm with raw HTML let through, holds
# no element the report did not write itself, no javascript: link, headings only the
# report's, every table row as wide as its header; and the raw text holds no escape byte.
check_md() {
	local file=$1 what=$2
	cmark-gfm -e table --unsafe "$file" >"$file.html" || { fail "$what: cmark-gfm"; return; }
	python3 - "$file.html" "$what" <<'EOF' && ok || fail "$what: the rendered Markdown"
import html.parser, sys
allowed = {"html", "h1", "h2", "h3", "h4", "p", "pre", "code", "table", "thead", "tbody", "tr",
           "th", "td", "ul", "li", "strong", "em"}
class P(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.bad, self.rows, self.width, self.heads, self.stack = [], [], None, [], []
        self.text = ""
    def handle_starttag(self, tag, attrs):
        if tag not in allowed or any(k.startswith("on") or "javascript" in (v or "") for k, v in attrs):
            self.bad.append((tag, attrs))
        if tag == "tr":
            self.cells = 0
        if tag in ("td", "th"):
            self.cells += 1
        if tag in ("h1", "h2", "h3", "h4"):
            self.heads.append("")
        if tag == "table":
            self.rows.append([])
        self.stack.append(tag)
    def handle_endtag(self, tag):
        if tag == "tr":
            self.rows[-1].append(self.cells)
        if self.stack:
            self.stack.pop()
    def handle_data(self, d):
        self.text += d
        if self.stack and self.stack[-1] in ("h1", "h2", "h3", "h4"):
            self.heads[-1] += d
p = P()
p.feed(open(sys.argv[1], encoding="utf-8", errors="replace").read())
problems = []
if p.bad:
    problems.append("elements not the report's: %r" % p.bad[:5])
for h in p.heads:
    if not (h.startswith("isaprobe report") or h.startswith("utgard_gp: probe") or
            h.startswith("Context ") or h.startswith("Not determined") or
            h.startswith("Differs from") or h.startswith("New to") or
            h in ("table", "campaigns", "findings")):
        problems.append("a heading not the report's: %r" % h)
for t in p.rows:
    if len(set(t)) > 1:
        problems.append("a table's rows of %s cells" % sorted(set(t)))
if problems:
    print("%s: %s" % (sys.argv[2], "; ".join(problems)), file=sys.stderr)
    sys.exit(1)
EOF
	if LC_ALL=C grep -q $'\e' "$file"; then fail "$what: a terminal escape byte"; else ok; fi
}

# has FILE WHAT TEXT: the rendered (text of the) Markdown holds TEXT as text.
has_text() {
	python3 - "$1" "$3" <<'EOF' && ok || fail "$2: the text '$3' is not there as text"
import html, re, sys
t = html.unescape(re.sub(r"<[^>]*>", "", open(sys.argv[1], encoding="utf-8", errors="replace").read()))
sys.exit(0 if sys.argv[2] in t else 1)
EOF
}

# report --format md
"$bin" report --db "$weird" --format md >"$tmp/r.md" 2>"$tmp/err" && ok || fail "report md: $(cat "$tmp/err")"
check_md "$tmp/r.md" "report md"
has_text "$tmp/r.md.html" "report md" "$H"
has_text "$tmp/r.md.html" "report md" '<img src=x onerror=alert(1)>[l](javascript:alert(1))'
has_text "$tmp/r.md.html" "report md" '<script>alert(1)</script>|x`y'
has_text "$tmp/r.md.html" "report md" '<i>c</i>|`x` [y](javascript:z)'
has_text "$tmp/r.md.html" "report md" 't860: <iframe src=//e></iframe> | ## not a heading'
has_text "$tmp/r.md.html" "report md" "d|b<i>x\`.db"
has_text "$tmp/r.md.html" "report md" '*e* _u_ ~~s~~ &amp;'
# the issue's own check: the probe name in the count table is one cell, as text
grep -qF '| utgard_gp | a\|b\</script\>\<script\>x | ' "$tmp/r.md" && ok || fail "the count table's probe cell: $(grep -m1 '^| utgard_gp' "$tmp/r.md")"

# the diff against the older night: its not-run and device lines carry the other database's
# strings too
"$bin" report --db "$db" --format md --diff "$tmp/old.db" >"$tmp/d.md" 2>"$tmp/err" && ok || fail "diff md: $(cat "$tmp/err")"
check_md "$tmp/d.md" "diff md"
has_text "$tmp/d.md.html" "diff md" 'Not run in this database, so not compared (their findings are not counted as gone): 1 probe: gone|<script>y.'
has_text "$tmp/d.md.html" "diff md" 'sim:mali400@board<0> -> sim:mali400@<b>host</b>|x'
has_text "$tmp/d.md.html" "diff md" "$H"

# report --format html: parsed, no element or attribute the report does not write, the
# strings as text
for args in "" "--diff $tmp/old.db"; do
	"$bin" report --db "$weird" --format html $args >"$tmp/r.html" 2>"$tmp/err" || fail "report html $args: $(cat "$tmp/err")"
	python3 - "$tmp/r.html" <<'EOF' && ok || fail "report html $args"
import html.parser, os, sys
class P(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.bad, self.text, self.title = [], "", ""
    def handle_starttag(self, tag, attrs):
        if tag in ("script", "img", "iframe", "i", "u") or (tag == "svg" and "onload" in dict(attrs)):
            self.bad.append(tag)
        for k, v in attrs:
            if k.startswith("on") or (v or "").strip().lower().startswith("javascript"):
                self.bad.append((tag, k, v))
    def handle_data(self, d):
        self.text += d
p = P()
p.feed(open(sys.argv[1], encoding="utf-8", errors="replace").read())
e = os.environ
missing = [s for s in (e["H"], e["HOST"], e["V0"], e["SUMMARY"], "<svg onload=alert(1)>[0]")
           if s not in p.text]
if p.bad or missing:
    print("html: elements %r; strings not there as text: %r" % (p.bad[:5], missing), file=sys.stderr)
    sys.exit(1)
EOF
done

# report --format json: parsed, the strings exactly (bytes that are not UTF-8 as U+FFFD)
"$bin" report --db "$weird" --format json >"$tmp/r.json" 2>"$tmp/err" || fail "report json: $(cat "$tmp/err")"
python3 - "$tmp/r.json" <<'EOF' && ok || fail "report json"
import json, os, sys
r = json.load(open(sys.argv[1], encoding="utf-8"))
e = os.environ
p = r["probes"][0]
labels = [c.get("label") for c in p["contexts"]]
ok = p["name"] == e["H"] and e["L0"] in labels and e["L1"] in labels and "\ufffd\ufffd<u>" in labels
ok = ok and e["H"] in r["subject"] and "d|b<i>x`.db" in r["title"] and any(f["cond"] == e["COND"] for c in p["contexts"] for f in c["findings"])
sys.exit(0 if ok else 1)
EOF

# query, every format: CSV and JSON give the bytes back; Markdown renders as text; the table
# writes no escape byte
for q in campaigns new-findings "field acc_op" "examples acc_op 3" "--sql select\ *\ from\ context"; do
	eval "\"\$bin\" query --db \"\$db\" --format md $q" >"$tmp/q.md" 2>"$tmp/err" || fail "query md $q: $(cat "$tmp/err")"
	check_md "$tmp/q.md" "query md $q"
	eval "\"\$bin\" query --db \"\$db\" $q" >"$tmp/q.txt" 2>"$tmp/err" || fail "query $q: $(cat "$tmp/err")"
	if LC_ALL=C grep -q $'\e' "$tmp/q.txt"; then fail "query $q: a terminal escape byte"; else ok; fi
done
has_text "$tmp/q.md.html" "query md" "${L1//$'\e'/ }" # (the escape bytes are spaces there)
has_text "$tmp/q.md.html" "query md" "${L0//$'\n'/ }"
"$bin" query --db "$db" --format csv --sql "select idx, label from context where campaign_id = 1 order by idx" >"$tmp/q.csv"
"$bin" query --db "$db" --format json --sql "select name, (select host from device) as host from probe" >"$tmp/q.json"
python3 - "$tmp/q.csv" "$tmp/q.json" <<'EOF' && ok || fail "query csv/json give the strings back"
import csv, json, os, sys
e = os.environ
rows = list(csv.reader(open(sys.argv[1], newline="", encoding="utf-8", errors="surrogateescape")))
j = json.load(open(sys.argv[2]))[0]
sys.exit(0 if rows[1][1] == e["L0"] and rows[2][1] == e["L1"] and j["name"] == e["H"] and j["host"] == e["HOST"] else 1)
EOF

# A night of ci/nightly on the older database, then on this one: the mail renders as text.
nightly=("$src/ci/nightly" --isaprobe "$bin" --out "$tmp/nights")
"${nightly[@]}" --stamp n1 --from "$tmp/old.db" >"$tmp/log" 2>&1 && ok || fail "night 1: $(cat "$tmp/log")"
"${nightly[@]}" --stamp n2 --from "$db" >"$tmp/log" 2>&1 && ok || fail "night 2: $(cat "$tmp/log")"
check_md "$tmp/nights/n2/diff.md" "the nightly diff"
check_md "$tmp/nights/n2/report.md" "the nightly report"
has_text "$tmp/nights/n2/diff.md.html" "the nightly diff" "gone|<script>y"
finish
