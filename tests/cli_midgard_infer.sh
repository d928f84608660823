#!/usr/bin/env bash
# cli_midgard_infer.sh: the shipped Midgard load/store probe run on the simulator by walk and
# pairs campaigns (353 runs per context), then `isaprobe infer` and `isaprobe report`: the
# report recovers the field boundaries and kinds the simulator models for bits 25-50 per opcode
# context (as far as the probe's inputs show them: docs/inference.md) and prints the runs used
# against 2^26. Skips (77) while this build has no `campaign` command or no shipped probe.
# Usage: SCRIPT ISAPROBE SRCDIR
set -u
bin=$1
src=$2
probe=$src/probes/midgard/ls_loads.probe
if ! "$bin" --help | grep -qw campaign || [ ! -f "$probe" ]; then
	echo "cli_midgard_infer: no campaign command or no $probe: skipped"
	exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
db=$tmp/mg.db
for s in walk pairs; do
	"$bin" campaign "$probe" --runner sim --db "$db" --strategy "$s" --jobs 1 --quiet || {
		echo "FAIL: $s campaign" >&2
		exit 1
	}
done
"$bin" infer --db "$db" -q || { echo "FAIL: infer" >&2; exit 1; }
"$bin" report --db "$db" --format md -o "$tmp/r.md" || { echo "FAIL: report" >&2; exit 1; }
fails=0
# want CONTEXT LINE: the field map of that context holds the line (confidence etc. cut off)
want() {
	if ! awk -v c="### Context $1 " 'index($0, c) == 1 { on = 1; next } /^### / { on = 0 } on' \
		"$tmp/r.md" | sed -E 's/ \(confidence.*//' | grep -qxF -- "    $2"; then
		echo "FAIL: context $1 lacks '$2'" >&2
		fails=$((fails + 1))
	fi
}
# contexts 0-6: bits 25-50 zero (r26 selected, r26 = 0 5 3 9, r27 = 6 2 11 7); 7-9: the
# vendor compiler's values (zero register selected)
want 0 "25-50: ignored: no effect seen"
want 1 "32: enum / opcode: 0: mov attributes[0], 1: mov varyings_in[0]"
want 1 "33-35: register select: registers[0] follows the input v picks: 0 -> attributes[0], 1 -> attributes[20], 2 -> attributes[12], 3 -> attributes[36], 4 -> attributes[24], 5 -> attributes[8], 6 -> attributes[44]"
want 1 "38-39: shift: registers[0] = attributes[0 + 20<<v], when bit 33 = 1"
want 1 "42-50: unmodeled by the runner: the runner could not say what these bits do"
want 3 "42-43: enum / opcode: 0: mov attributes[0], 1: fdiv, 2: fdiv, 3: fdiv"
want 3 "49-50: unmodeled by the runner: the runner could not say what these bits do"
want 5 "47-50: offset: registers[0] = uniforms[0 + 2*v]"
want 6 "48-50: offset: registers[0] = uniforms[0 + 4*v]"
want 7 "32: enum / opcode: 0: mov attributes[0], 1: mov varyings_in[0]"
want 7 "33-34: ignored: no effect seen"
want 7 "38-41: ignored: no effect seen"
want 8 "42-43: enum / opcode: 0: mov varyings_in[0], 1: fdiv, 2: fdiv, 3: fdiv"
want 9 "48-50: offset: registers[0] = uniforms[0 + 4*v]"
n=$(grep -c "^Runs: 353 on 352 variants; an exhaustive sweep of the 26 target bits is 2^26 = 67108864 runs" "$tmp/r.md")
if [ "$n" -ne 10 ]; then
	echo "FAIL: $n contexts with 353 runs against 2^26, want 10" >&2
	grep "^Runs" "$tmp/r.md" >&2
	fails=$((fails + 1))
fi
grep "^###\|^Runs" "$tmp/r.md"
[ "$fails" -eq 0 ] && echo "cli_midgard_infer: ok" || echo "cli_midgard_infer: $fails failed"
[ "$fails" -eq 0 ]
