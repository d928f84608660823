#!/usr/bin/env bash
# cli_drm_radeon.sh: the radeon runner (CTM programs as R5xx fragment shaders) through the fake
# DRM device: `isaprobe devices` names the R5xx nodes; every shipped CTM probe, as a campaign
# with --runner drm, stores exactly the runs --runner sim stores (on the R580 and, by path, the
# RV515); a lockup mid-stream is a timeout for the variant whose program hangs and nothing for
# the others, a reset changes no run, a stream the kernel's checker refuses (-EINVAL) gives its
# jobs runner errors, which the campaign runs again (the same runs in the end), a lost device stops the campaign (exit 1) and
# --resume ends it as an uninterrupted one.
# Usage: cli_drm_radeon.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"
. "$(dirname "$0")/drm_lib.sh"
# The model extension (FAKEDRM_MODEL=1) unless a line says FAKEDRM_MODEL=0: runs are compared
# with the simulator's, unmodeled included.
export FAKEDRM_MODEL=1
export FAKEDRM_DEVICES=/dev/dri/renderD128=r580,/dev/dri/renderD129=rv515

fake "$bin" devices >"$tmp/devices" || fail "devices"
grep -Eq '^/dev/dri/renderD128 +radeon +2\.50\.0 +0x7249 .*r580 +ctm' "$tmp/devices" &&
	grep -Eq '^/dev/dri/renderD129 +radeon .* 0x7142 .*rv515 +ctm' "$tmp/devices" && ok ||
	fail "devices: $(cat "$tmp/devices")"

probes=("$src"/probes/ctm/*.probe)
[ "${#probes[@]}" -ge 5 ] || fail "only ${#probes[@]} CTM probes found"
"$bin" campaign "${probes[@]}" --db "$tmp/sim.db" --quiet || fail "sim campaigns"
fake "$bin" campaign "${probes[@]}" --runner drm --db "$tmp/drm.db" --quiet || fail "drm campaigns"
for p in "${probes[@]}"; do
	same_runs "$tmp/sim.db" "$tmp/drm.db" "$(basename "$p" .probe)" "sim against radeon"
done
sqlite3 "$tmp/drm.db" "SELECT DISTINCT runner || ':' || model FROM device" >"$tmp/dev"
[ "$(cat "$tmp/dev")" = "drm:r580" ] && ok || fail "devices stored: $(cat "$tmp/dev")"
# outcomes of every kind, or the comparison proves little
n=$(sqlite3 "$tmp/drm.db" "SELECT count(DISTINCT o.status) FROM run r JOIN outcome o ON o.id = r.outcome_id")
[ "$n" -ge 2 ] && ok || fail "only $n distinct statuses stored"

fake "$bin" campaign "$src/probes/ctm/rgb_op.probe" --runner drm:/dev/dri/renderD129 --gpu rv515 \
	--db "$tmp/rv515.db" --quiet || fail "rv515 campaign"
same_runs "$tmp/sim.db" "$tmp/rv515.db" rgb_op "sim against the RV515"

# the hardware path (no model extension: no record, no statuses a GPU cannot give): every
# variant the simulator ran to its end stores the simulator's memory
FAKEDRM_MODEL=0 fake "$bin" campaign "$src/probes/ctm/rgb_op.probe" "$src/probes/ctm/tex_unknown.probe" \
	--runner drm --db "$tmp/hw.db" --quiet || fail "campaign without the model extension"
ok_runs() {
	sqlite3 "$1" "SELECT p.name, hex(r.value), hex(o.hash) FROM run r JOIN outcome o ON
		o.id = r.outcome_id JOIN campaign c ON c.id = r.campaign_id JOIN probe p ON
		p.id = c.probe_id WHERE p.name IN ('rgb_op', 'tex_unknown') AND o.status = 0 ORDER BY 1, 2"
}
ok_runs "$tmp/sim.db" >"$tmp/sim.ok"
ok_runs "$tmp/hw.db" | grep -F -f <(cut -d'|' -f1,2 "$tmp/sim.ok") >"$tmp/hw.ok"
[ -s "$tmp/sim.ok" ] && cmp -s "$tmp/sim.ok" "$tmp/hw.ok" && ok ||
	fail "without the model extension: $(diff "$tmp/sim.ok" "$tmp/hw.ok" | head -3)"

# failures injected at the 100th draw of a campaign in batches of 64, one worker
fc=(campaign "$src/probes/ctm/fc_unknown.probe" --jobs 1 --batch 64 --runner drm --quiet)
count() { sqlite3 "$1" "SELECT sum(runs) || ' ' || sum(runs != 1) FROM variant"; }
fake "$bin" "${fc[@]}" --db "$tmp/fc.db" || fail "baseline"
base=$(count "$tmp/fc.db")
injected() { # injected NAME INJECT ARGS...: the campaign's exit status in $tmp/NAME.rc
	local name=$1 inj=$2
	shift 2
	FAKEDRM_INJECT=$inj FAKEDRM_TRACE="$tmp/$name.trace" fake "$bin" "${fc[@]}" "$@" \
		--db "$tmp/$name.db" 2>"$tmp/$name.err"
	echo $? >"$tmp/$name.rc"
}
exited() { [ "$(cat "$tmp/$1.rc")" = "$2" ] && ok || fail "$1: exit $(cat "$tmp/$1.rc"), not $2"; }

injected hang 'hang@100'
exited hang 0
runs_of "$tmp/fc.db" fc_unknown >"$tmp/a"
runs_of "$tmp/hang.db" fc_unknown >"$tmp/b"
[ "$(diff "$tmp/a" "$tmp/b" | grep -c '^<')" = 1 ] &&
	[ "$(diff "$tmp/a" "$tmp/b" | grep '^>' | grep -c '|3|0|[0-9]*$')" = 1 ] &&
	ok || fail "hang: $(diff "$tmp/a" "$tmp/b" | head -4)"
# every variant stored; the timeout confirmed by the campaign's re-runs, nothing else run twice
vars() { sqlite3 "$1" "SELECT count(*) || ' ' || sum(runs > 1) FROM variant"; }
want=$(sqlite3 "$tmp/fc.db" "SELECT count(*) || ' ' || (sum(runs > 1) + 1) FROM variant")
[ "$(vars "$tmp/hang.db")" = "$want" ] && ok || fail "hang: variants $(vars "$tmp/hang.db"), not $want"
grep -q 'GPU lockup' "$tmp/hang.trace" && ok || fail "hang: no lockup in the kernel log"

injected reset 'reset@100'
exited reset 0
same_runs "$tmp/fc.db" "$tmp/reset.db" fc_unknown "reset mid-stream"

grep -q 'GPU reset succeeded' "$tmp/hang.trace" && grep -q 'RADEON_GEM_WAIT_IDLE size=8 -> -EAGAIN' \
	"$tmp/hang.trace" && ok || fail "hang: the lockup was not reset by a waiter"

# refused once, past auto's survey (job 300): the jobs run again, nothing is a runner error,
# nothing is stored twice
injected refused 'fault@300'
exited refused 0
grep -q 'RADEON_CS size=32 -> -EINVAL' "$tmp/refused.trace" &&
	grep -q 'r300_cs_parse.*refuses' "$tmp/refused.trace" && ok || fail "refused: not refused"
same_runs "$tmp/fc.db" "$tmp/refused.db" fc_unknown "refused, then run again"
[ "$(count "$tmp/refused.db")" = "$base" ] && ok || fail "refused: $(count "$tmp/refused.db"), not $base"

# refused every time (the checker refuses the program of job 100 in every stream): halved until
# that job is alone: one runner error stored (not its batch's 64), once (its re-runs, --confirm
# 2, take its place), exit 3 (--resume runs it again)
ex=(campaign "$src/probes/ctm/fc_unknown.probe" --jobs 1 --batch 64 --runner drm --quiet
    --strategy exhaustive --budget 256 --confirm 2)
fake "$bin" "${ex[@]}" --db "$tmp/ex.db" || fail "exhaustive baseline"
injected refuse 'refuse@100' --strategy exhaustive --budget 256 --confirm 2
exited refuse 3
runs_of "$tmp/ex.db" fc_unknown >"$tmp/ex.runs"
runs_of "$tmp/refuse.db" fc_unknown >"$tmp/refuse.runs"
[ "$(diff "$tmp/ex.runs" "$tmp/refuse.runs" | grep -c '^<')" = 1 ] &&
	[ "$(diff "$tmp/ex.runs" "$tmp/refuse.runs" | grep '^>' | grep -c '|5|0|1$')" = 1 ] && ok ||
	fail "refuse: $(diff "$tmp/ex.runs" "$tmp/refuse.runs" | head -4)"
[ "$(count "$tmp/refuse.db")" = "$(count "$tmp/ex.db")" ] && ok ||
	fail "refuse: $(count "$tmp/refuse.db"), not $(count "$tmp/ex.db")"

injected lost 'lost@100'
exited lost 1
grep -q 'is gone' "$tmp/lost.err" && ok || fail "lost: $(cat "$tmp/lost.err")"
fake "$bin" "${fc[@]}" --db "$tmp/lost.db" --resume || fail "lost: --resume"
same_runs "$tmp/fc.db" "$tmp/lost.db" fc_unknown "lost, then resumed"
finish
