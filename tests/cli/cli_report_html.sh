#!/usr/bin/env bash
# cli_report_html.sh: the demo's HTML report as a person reads it, in headless Chromium: the
# shipped probes of three ISAs (Midgard load/store, the Bifrost header, a Utgard GP opcode) run
# on the simulator as `ci/demo` runs them, inferred and reported; the page Chromium renders has
# a title naming the probes and devices, what was learnt before the counts per context, the
# contents grouped by ISA, the legend, the whole-word diagrams (the notes' fields of all 60 bits
# of a load/store word drawn once and used by every diagram, the public and found rows, the walk
# under its bits) with every label whole inside its box (measured in the laid-out page), a
# verdict and an example per value as numbers beside the seed's in the tables, and a
# screenshot. Skips (77) without Chromium ($CHROMIUM names another binary).
# Usage: SCRIPT ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"
chromium=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
	echo "cli_report_html: $chromium not found: skipped (apt-get install chromium)"
	exit 77
fi
db=$tmp/demo.db
must "campaigns" "$bin" campaign "$src/probes/midgard/ls_loads.probe" \
	"$src/probes/bifrost/header_float_modes.probe" "$src/probes/utgard_gp/acc_op.probe" \
	--runner sim --db "$db" --strategy auto --jobs 2 --quiet
must "infer" "$bin" infer --db "$db" -q
must "report" "$bin" report --db "$db" --format html -o "$tmp/report.html"
flags=(--headless --no-sandbox --disable-gpu --disable-background-networking
	--disable-component-update --disable-sync --no-first-run)
timeout 180 "$chromium" "${flags[@]}" --user-data-dir="$tmp/profile" --dump-dom \
	"file://$tmp/report.html" >"$tmp/dom.html" 2>/dev/null && ok || fail "chromium --dump-dom"
has() { # WHAT PATTERN: the rendered DOM holds PATTERN (an extended regex)
	grep -qE -- "$2" "$tmp/dom.html" && ok || fail "the rendered page lacks $1 ($2)"
}
has "the summary table" '<table class="summary">'
has "a summary row per context" '<tr><td>midgard</td><td>ls_loads</td><td><a href="#midgard-ls_loads-1">ld_attr_32</a></td>'
has "the verdict counts" '<p class="verdicts">Against public knowledge: '
has "the contents" '<nav class="toc"><h2>Contents</h2>'
has "the contents by ISA" '<li>bifrost<ul>'
has "the legend" '<div class="legend"><h2 id="legend">Legend</h2>'
has "the public verdicts in the legend" '<span class="v v-differs">differs</span> bits or values contradict a public field'
has "a whole-word diagram of the load/store word" '<svg class="word" [^>]*data-bits="60" data-format="midgard.load_store"'
has "the notes' fields of the whole word, drawn once" '<g id="word-midgard_load_store"'
has "a diagram using them" '<use href="#word-midgard_load_store"'
has "the notes' address field beside the probed bits" '<rect class="known" data-lo="51" data-hi="59"'
has "the public index_reg field" '<rect class="public" data-lo="35" data-hi="37"'
has "the found index_reg field" '<rect class="field" data-lo="35" data-hi="37"'
has "the walk under bit 35" '<rect class="bit" data-bit="35" data-effect="change"'
has "a verdict in the table" '<span class="v v-agrees">agrees</span> agrees with index_reg 35-37'
# an example per value as numbers beside the seed's, never raw hex
num='-?[0-9][0-9.e+-]*'
has "an example per value, visible, beside the seed's" "<td>0: ok, registers\\[0\\] = $num \\(seed $num\\)"
has "a Utgard GP example as floats" "1: ok, varyings_out\\[0\\] = $num \\(seed $num\\)"
grep -qE '<td>[0-9]+: [a-z]+, [a-z_]+\[[0-9]+\] = 0x' "$tmp/dom.html" && fail "an example in raw hex" || ok
# the title names the probes and the device, not the database's path
has "a title naming the probes and device" '<title>isaprobe report: header_float_modes, ls_loads, acc_op on sim:[a-z0-9]+, sim:[a-z0-9]+, sim:[a-z0-9]+</title>'
grep -q "<title>[^<]*demo.db" "$tmp/dom.html" && fail "the title names the database" || ok
# what was learnt comes before the counts, which are folded away
learnt=$(grep -bo '<h2 id="learnt">What was learnt</h2>' "$tmp/dom.html" | head -1 | cut -d: -f1)
counts=$(grep -bo '<table class="summary">' "$tmp/dom.html" | head -1 | cut -d: -f1)
[ -n "$learnt" ] && [ -n "$counts" ] && [ "$learnt" -lt "$counts" ] && ok || fail "what was learnt ($learnt) before the counts ($counts)"
has "the counts folded" '<details class="counts"><summary>The findings of each probe context, counted \([0-9]+ rows\)</summary>'
has "a learnt line naming its contexts" '<li>\[0.0\] utgard_gp.instr 83-85: <b>enum / opcode</b>: 0: add, 1: floor'
n=$(grep -o '<svg class="word"' "$tmp/dom.html" | wc -l)
[ "$n" -ge 20 ] && ok || fail "$n whole-word diagrams"
# the walk's cells sit under their bits: bit 35's cell and box start at the same x
x_box=$(grep -oE '<rect class="public" data-lo="35" data-hi="37" x="[0-9]+"' "$tmp/dom.html" | head -1 | grep -oE '[0-9]+"$')
x_cell=$(grep -oE '<rect class="bit" data-bit="37" data-effect="[a-z]+" x="[0-9]+"' "$tmp/dom.html" | head -1 | grep -oE '[0-9]+"$')
[ -n "$x_box" ] && [ "$x_box" = "$x_cell" ] && ok || fail "the walk is not aligned with the diagram ($x_box, $x_cell)"
# Every label whole, inside its box, as Chromium lays the page out: the found boxes of every
# diagram, and the notes' and public rows (defined once, drawn here where they can be
# measured); the 128-bit Utgard GP word's labels were cut to `ind~`, `arg~` before.
sed 's|</body></html>|<script>(function () {\
  var ns = "http://www.w3.org/2000/svg", boxes = 0, labelled = 0, outside = 0, cut = 0, bad = [];\
  document.querySelectorAll("section.context").forEach(function (s) { s.style.contentVisibility = "visible"; });\
  document.querySelectorAll("defs > g[id^=word-]").forEach(function (g) {\
    var s = document.createElementNS(ns, "svg");\
    s.setAttribute("width", "2000"); s.setAttribute("height", "1000"); s.setAttribute("class", "measure");\
    s.appendChild(g.cloneNode(true)); document.body.appendChild(s);\
  });\
  document.querySelectorAll("svg.word rect.field, svg.measure rect.known, svg.measure rect.notes-unknown, svg.measure rect.public").forEach(function (r) {\
    boxes++;\
    var t = r.parentNode.querySelector("text.label");\
    if (!t) return;\
    labelled++;\
    if (/~$/.test(t.textContent)) cut++;\
    var a = r.getBoundingClientRect(), b = t.getBoundingClientRect();\
    if (b.left < a.left - 0.5 \|\| b.right > a.right + 0.5 \|\| b.top < a.top - 0.5 \|\| b.bottom > a.bottom + 0.5) {\
      outside++;\
      if (bad.length < 5) bad.push(t.textContent + " " + [a.left, a.right, a.top, a.bottom, b.left, b.right, b.top, b.bottom].join(","));\
    }\
  });\
  var p = document.createElement("pre"); p.id = "labels";\
  p.textContent = "boxes " + boxes + " labelled " + labelled + " outside " + outside + " cut " + cut + " " + bad.join("; ");\
  document.body.appendChild(p);\
})();</script></body></html>|' "$tmp/report.html" >"$tmp/measure.html"
timeout 180 "$chromium" "${flags[@]}" --user-data-dir="$tmp/profile3" --window-size=1280,2000 --dump-dom \
	"file://$tmp/measure.html" >"$tmp/measured.html" 2>/dev/null && ok || fail "chromium --dump-dom of the measuring page"
labels=$(grep -o '<pre id="labels">[^<]*' "$tmp/measured.html" | sed 's/.*>//')
read -r _ boxes _ labelled _ outside _ cut _ <<<"$labels"
[ "${boxes:-0}" -ge 100 ] && [ "$labelled" = "$boxes" ] && [ "$outside" = 0 ] && [ "$cut" = 0 ] && ok ||
	fail "labels: $labels"
grep -q 'class="label turned"' "$tmp/report.html" && ok || fail "no label turned upright"
timeout 180 "$chromium" "${flags[@]}" --user-data-dir="$tmp/profile2" --screenshot="$tmp/shot.png" \
	--window-size=1280,2000 "file://$tmp/report.html" >/dev/null 2>&1
[ -s "$tmp/shot.png" ] && [ "$(stat -c %s "$tmp/shot.png")" -gt 20000 ] && ok ||
	fail "chromium --screenshot made no image"
finish
