#!/usr/bin/env bash
# cli_drm_harness_bifrost.sh: every shipped Bifrost probe through --runner drm on a Mali-G52 that
# the fake DRM device makes a GPU of (FAKEDRM_MODEL=0: no model extension), each variant wrapped
# by the register harness: no run is a runner_error; every variant the simulator models ends as
# on the simulator (the same outcome: status, fault, all 64 registers); every one it does not
# model is the fake GPU's stand-in fault (DATA_INVALID_FAULT); infer finds the simulator's fields
# wherever the simulator models every value tried, and header_unknown's bounds.
# Usage: cli_drm_harness_bifrost.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"
. "$(dirname "$0")/drm_lib.sh"

export FAKEDRM_DEVICES=/dev/dri/renderD128=g52 FAKEDRM_MODEL=0
probes=("$src"/probes/bifrost/*.probe)
[ "${#probes[@]}" -eq 11 ] || fail "${#probes[@]} shipped Bifrost probes, not 11"

"$bin" campaign "${probes[@]}" --db "$tmp/sim.db" --quiet || fail "sim campaigns"
fake "$bin" campaign "${probes[@]}" --runner drm --db "$tmp/drm.db" --quiet 2>"$tmp/drm.err" ||
	fail "drm campaigns on the G52: $(cat "$tmp/drm.err")"
"$bin" infer --db "$tmp/sim.db" >/dev/null && "$bin" infer --db "$tmp/drm.db" >/dev/null ||
	fail "infer"
q() {
	sqlite3 "$1" "$2"
}
[ "$(q "$tmp/drm.db" "SELECT group_concat(runner || ':' || model) FROM device")" = drm:g52 ] &&
	ok || fail "device: $(q "$tmp/drm.db" "SELECT runner, model FROM device")"
n=$(q "$tmp/drm.db" "SELECT count(*) FROM run r JOIN outcome o ON o.id = r.outcome_id WHERE o.status = 5")
[ "$n" = 0 ] && ok || fail "$n runner_error runs on the G52"

runs() { # DB PROBE WHERE: context|value|status|fault|hash of the probe's runs
	q "$1" "SELECT r.context, hex(r.value), o.status, o.fault, hex(o.hash) FROM run r
		JOIN outcome o ON o.id = r.outcome_id JOIN campaign c ON c.id = r.campaign_id
		JOIN probe p ON p.id = c.probe_id WHERE p.name = '$2' AND $3 ORDER BY 1, 2, 5"
}
fields() { # DB PROBE WHERE: context|format|lo|hi|kind|sentence of the probe's findings
	q "$1" "SELECT f.context, f.format, f.lo, f.hi, f.kind, json_extract(f.details, '\$.sentence')
		FROM finding f JOIN probe p ON p.id = f.probe_id WHERE p.name = '$2' AND $3
		ORDER BY 1, 2, 3, 4, 5"
}
for p in "${probes[@]}"; do
	name=$(basename "$p" .probe)
	# the runs of variants both campaigns ran: what the simulator models ends the same way
	runs "$tmp/sim.db" "$name" "o.status IN (0, 1, 3)" | cut -d'|' -f1,2,5 >"$tmp/s.runs"
	runs "$tmp/drm.db" "$name" "1" | cut -d'|' -f1,2,5 >"$tmp/d.runs"
	both=$(awk -F'|' 'NR == FNR { d[$1 "|" $2] = 1; next } ($1 "|" $2) in d' "$tmp/d.runs" \
		"$tmp/s.runs" | wc -l)
	differ=$(awk -F'|' 'NR == FNR { d[$1 "|" $2] = d[$1 "|" $2] " " $3; next }
		($1 "|" $2) in d && index(d[$1 "|" $2], " " $3) == 0' "$tmp/d.runs" "$tmp/s.runs")
	# (reg64_unknown and uniform_special: the simulator models none of their runs)
	if [ -s "$tmp/s.runs" ]; then
		[ "$both" -gt 0 ] && [ -z "$differ" ] && ok ||
			fail "$name: $both modelled runs compared; differing on the G52: $(echo "$differ" | head -3)"
	fi
	# what the simulator does not model is the fake GPU's stand-in fault
	runs "$tmp/sim.db" "$name" "o.status IN (2, 4)" | cut -d'|' -f1,2 | sort -u >"$tmp/s.unk"
	runs "$tmp/drm.db" "$name" "NOT (o.status = 1 AND o.fault = 88)" | cut -d'|' -f1,2 | sort -u \
		>"$tmp/d.other"
	bad=$(comm -12 "$tmp/s.unk" "$tmp/d.other")
	[ -z "$bad" ] && ok || fail "$name: unmodelled variants that are not DATA_INVALID_FAULT: $(echo "$bad" | head -3)"
	# the fields the simulator determines in full are the G52's
	fields "$tmp/sim.db" "$name" "f.kind <> 'unmodeled' AND
		coalesce(json_array_length(f.details, '\$.unmodeled'), 0) = 0" >"$tmp/s.fields"
	fields "$tmp/drm.db" "$name" "1" >"$tmp/d.fields"
	lost=$(comm -23 <(sort "$tmp/s.fields") <(sort "$tmp/d.fields"))
	[ -z "$lost" ] && ok || fail "$name: fields the G52 does not give: $(echo "$lost" | head -3)"
done
# header_unknown on the G52: to the end, no runner_error (above), and the simulator's bounds
fields "$tmp/sim.db" header_unknown 1 | cut -d'|' -f1-4 >"$tmp/hs"
fields "$tmp/drm.db" header_unknown 1 | cut -d'|' -f1-4 >"$tmp/hd"
[ -s "$tmp/hs" ] && cmp -s "$tmp/hs" "$tmp/hd" && ok ||
	fail "header_unknown: bounds $(tr '\n' ' ' <"$tmp/hs") on the simulator, $(tr '\n' ' ' <"$tmp/hd") on the G52"
finish
