#!/usr/bin/env bash
# cli_drm_msm.sh: the msm runner (Adreno a3xx) through the fake DRM device: `isaprobe devices`
# names the A306, A320 and A330; every shipped a3xx probe, and a test probe whose variants hang,
# stores through --runner drm (and through `agent --runner drm`) exactly the runs --runner sim
# stores; `run --runner drm` prints what the simulator prints; injected failures give their
# documented outcomes (docs/drm-msm.md, "Waits, faults and hangs") against an uninterrupted
# campaign: a fault (logged, the GPU goes on) or a hang (the hangcheck recovers it) is stored for
# its variant alone, a reset changes no run, an unplugged device is re-opened, a lost one stops
# the campaign and --resume finishes it; on a kernel without the model extension the a3xx
# register harness refuses a job of two vertices with the reason.
# Usage: cli_drm_msm.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"
. "$(dirname "$0")/drm_lib.sh"
# The model extension (FAKEDRM_MODEL=1) unless a line says FAKEDRM_MODEL=0: every outcome is
# compared with the simulator's (the probes on a GPU: tests/cli/cli_drm_harness_a3xx.sh).
export FAKEDRM_MODEL=1
command -v python3 >/dev/null || { echo "python3 is needed (ci/setup-debian installs it)" >&2; exit 1; }
export FAKEDRM_DEVICES=/dev/dri/renderD128=a320,/dev/dri/renderD129=a306,/dev/dri/renderD130=a330

# devices: GPU_ID 307 with chip 3.0.6.0 is the MSM8916's A306
fake "$bin" devices >"$tmp/dev.txt" && ok || fail "devices"
grep -Eq '^/dev/dri/renderD128 +msm +1\.9\.0 +0x140 +Adreno 320 +a320 +a3xx' "$tmp/dev.txt" &&
	grep -Eq '^/dev/dri/renderD129 +msm .* +0x133 +Adreno 306 +a306 +a3xx' "$tmp/dev.txt" &&
	grep -Eq '^/dev/dri/renderD130 +msm .* +a330 +a3xx' "$tmp/dev.txt" && ok ||
	fail "devices table: $(cat "$tmp/dev.txt")"
fake "$bin" devices --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert [(x["driver"], x["model"], x["isa"], x["gpu_id"]) for x in d] == [
    ("msm", "a320", "a3xx", 320), ("msm", "a306", "a3xx", 307), ("msm", "a330", "a3xx", 330)], d
assert all(x["usable"] for x in d), d' && ok || fail "devices --json"

# every shipped a3xx probe and the hanging test probe: drm stores what sim stores
probes=("$src"/probes/a3xx/*.probe "$src"/tests/data/msm/*.probe)
[ "${#probes[@]}" -ge 18 ] || fail "only ${#probes[@]} a3xx probes found"
"$bin" campaign "${probes[@]}" --db "$tmp/sim.db" --quiet || fail "sim campaigns"
fake "$bin" campaign "${probes[@]}" --runner drm --db "$tmp/drm.db" --quiet || fail "drm campaigns"
for p in "${probes[@]}"; do
	same_runs "$tmp/sim.db" "$tmp/drm.db" "$(basename "$p" .probe)" "sim against drm"
done
n=$(sqlite3 "$tmp/drm.db" "SELECT count(*) FROM run r JOIN outcome o ON o.id = r.outcome_id
	WHERE o.status = 3")
[ "$n" -ge 1 ] && ok || fail "no variant hung: the hang path went untested"
sqlite3 "$tmp/drm.db" "SELECT DISTINCT runner || ':' || model FROM device" >"$tmp/devs"
[ "$(cat "$tmp/devs")" = "drm:a320" ] && ok || fail "devices stored: $(cat "$tmp/devs")"

# through `agent --runner drm` (the A320 found by the probe's ISA and GPU): what sim stores
fake "$bin" campaign "$src/probes/a3xx/cat2_opcodes.probe" --runner "remote:$bin agent --runner drm" \
	--db "$tmp/agent.db" --quiet || fail "campaign through the agent"
same_runs "$tmp/sim.db" "$tmp/agent.db" cat2_opcodes "sim against drm through the agent"

# run: the same report as the simulator's, on the A306 named by its node
printf 'add.f r1.x, r0.x, r0.y\nmul.f r1.y, r0.x, r0.y\nnop\nnop\nnop\nend\n' >"$tmp/a.s"
args=(run -i a3xx "$tmp/a.s" --input registers=floats:1.5,2.5 --observe registers=8 --gpu a306)
"$bin" "${args[@]}" >"$tmp/sim.out" || fail "run on sim"
fake "$bin" "${args[@]}" --runner drm:/dev/dri/renderD129 >"$tmp/drm.out" &&
	cmp -s "$tmp/sim.out" "$tmp/drm.out" && ok || fail "run --runner drm: $(diff "$tmp/sim.out" "$tmp/drm.out")"
expect 1 'the GPU is a a320 \(Adreno 320\), not the a306' -- \
	env LD_PRELOAD="$FAKEDRM_PRELOAD" "$bin" "${args[@]}" --runner drm:/dev/dri/renderD128
# every const reaches the shader (CP_LOAD_STATE counts dword pairs): the last of 32 vec4 too,
printf 'mov.f32f32 r1.x, c31.w\nnop\nnop\nnop\nend\n' >"$tmp/c.s"
cargs=(run -i a3xx "$tmp/c.s" --input uniforms=floats:$(seq -s, 1 128) --input registers=floats:0
       --observe registers=32 --gpu a306)
"$bin" "${cargs[@]}" >"$tmp/csim.out" || fail "const run on sim"
grep -q 'r1 *43000000 ' "$tmp/csim.out" && ok || fail "c31.w is 128.0 on sim: $(cat "$tmp/csim.out")"
fake "$bin" "${cargs[@]}" --runner drm:/dev/dri/renderD129 >"$tmp/cdrm.out" &&
	cmp -s "$tmp/csim.out" "$tmp/cdrm.out" && ok || fail "c31.w: $(diff "$tmp/csim.out" "$tmp/cdrm.out")"
# a kernel (no model extension): the registers role runs wrapped by the a3xx register harness
# (tests/cli/cli_drm_harness_a3xx.sh), which refuses what it cannot run with the reason
FAKEDRM_MODEL=0 fake "$bin" "${args[@]}" -n 2 --runner drm:/dev/dri/renderD129 >"$tmp/hw.out"
grep -q '^status: runner_error' "$tmp/hw.out" && grep -q 'a3xx harness runs one vertex' "$tmp/hw.out" &&
	ok || fail "registers of two vertices on a kernel: $(cat "$tmp/hw.out")"

# failures injected at draw 300 (the third batch, the second submission of 32)
export ISAPROBE_DRM_JOBS=32 ISAPROBE_DRM_TIMEOUT=5
cg=(campaign "$src/probes/a3xx/cat6_unknown.probe" --strategy exhaustive --jobs 1 --batch 128
    --runner drm --quiet)
count() { sqlite3 "$1" "SELECT sum(runs) || ' ' || sum(runs != 1) FROM variant"; }
fake "$bin" "${cg[@]}" --db "$tmp/base.db" || fail "baseline"
[ "$(count "$tmp/base.db")" = "512 0" ] && ok || fail "baseline: $(count "$tmp/base.db")"

injected() { # injected NAME INJECT: the campaign with FAKEDRM_INJECT, traced; exit status in NAME.rc
	FAKEDRM_INJECT=$2 FAKEDRM_TRACE="$tmp/$1.trace" fake "$bin" "${cg[@]}" --db "$tmp/$1.db" \
		2>"$tmp/$1.err"
	echo $? >"$tmp/$1.rc"
}
exited() { [ "$(cat "$tmp/$1.rc")" = "$2" ] && ok || fail "$1: exit $(cat "$tmp/$1.rc"), not $2"; }
traced() { grep -Eq -- "$2" "$tmp/$1.trace" && ok || fail "$1: the trace has no /$2/"; }
draws() { grep -c '^draw ' "$tmp/$1.trace"; }
one_changed() { # one_changed NAME STATUS: NAME.db has base.db's runs but one, now of STATUS
	runs_of "$tmp/base.db" cat6_unknown >"$tmp/$1.base"
	runs_of "$tmp/$1.db" cat6_unknown >"$tmp/$1.runs"
	diff "$tmp/$1.base" "$tmp/$1.runs" | grep '^>' >"$tmp/$1.diff"
	[ "$(diff "$tmp/$1.base" "$tmp/$1.runs" | grep -c '^<')" -eq 1 ] &&
		[ "$(wc -l <"$tmp/$1.diff")" -eq 1 ] && grep -q "|$2|0|1\$" "$tmp/$1.diff" && ok ||
		fail "$1: want one variant changed to status $2, got: $(cat "$tmp/$1.diff")"
	[ "$(count "$tmp/$1.db")" = "512 0" ] && ok || fail "$1: stored $(count "$tmp/$1.db")"
}

# a fault: logged, the GPU goes on; the draws of that submission run again, one alone at a time,
# until the one that faults alone: that variant is stored as fault, the rest as before
injected fault 'fault@300'
exited fault 0
one_changed fault 1
traced fault '\*\*\* fault: iova='
# a hang: the hangcheck recovers it and skips the rest of the submission; the sentinels say which
# draws finished; the hung one runs alone, hangs again (timeout), the rest goes on: 1 draw more
injected hang 'hang@300'
exited hang 0
one_changed hang 3
traced hang 'hangcheck detected gpu lockup'
[ "$(draws hang)" -eq 513 ] && ok || fail "hang: $(draws hang) draws, not 513"
# a reset (the GPU's, not the program's): the draw runs again alone and is fine
injected reset 'reset@300'
exited reset 0
same_runs "$tmp/base.db" "$tmp/reset.db" cat6_unknown "reset mid-submission"
[ "$(draws reset)" -eq 513 ] && ok || fail "reset: $(draws reset) draws, not 513"
# unplugged: re-opened, its BOs and queue made again, the campaign goes on
injected unplug 'unplug@300'
exited unplug 0
same_runs "$tmp/base.db" "$tmp/unplug.db" cat6_unknown "unplugged"
[ "$(grep -c '^open /dev/dri/renderD128 fd=' "$tmp/unplug.trace")" -ge 2 ] && ok ||
	fail "unplug: the node was not opened again"
# lost for good: exit 1 with why, the two batches before it stored; --resume finishes it
injected lost 'lost@300'
exited lost 1
grep -q 'is gone' "$tmp/lost.err" && ok || fail "lost: $(cat "$tmp/lost.err")"
[ "$(count "$tmp/lost.db")" = "256 0" ] && ok || fail "lost: stored $(count "$tmp/lost.db")"
fake "$bin" "${cg[@]}" --db "$tmp/lost.db" --resume || fail "lost: --resume"
same_runs "$tmp/base.db" "$tmp/lost.db" cat6_unknown "lost, then resumed"
finish
