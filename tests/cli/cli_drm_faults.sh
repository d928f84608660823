#!/usr/bin/env bash
# cli_drm_faults.sh: failures injected by the fake DRM device in the middle of a campaign give
# their documented outcomes (docs/drm-runner.md, "Faults, hangs, lost devices"), checked
# against an uninterrupted campaign: an injected fault or hang belongs to the variant's program,
# which is stored as fault (with the code) or timeout while every other run stays as it was and
# no variant is lost or stored twice; a reset mid-batch changes no run; a device lost for good
# stops the campaign (exit 1, everything before the batch stored) and --resume finishes it; a
# device that comes back when re-opened is re-opened and the campaign goes on, also when it goes
# away again while the same submission is sent again (up to five times in a row). Panfrost (a job
# chain that says which job failed) and lima (a GP job that does not: halved until it does).
# Usage: cli_drm_faults.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"
. "$(dirname "$0")/drm_lib.sh"
# The model extension (FAKEDRM_MODEL=1): each row is checked against an uninterrupted campaign
# of the register probes, outcome for outcome.
export FAKEDRM_MODEL=1

# several batches, several submissions per batch, one worker: job numbers are deterministic
export ISAPROBE_DRM_JOBS=64
mgc=(campaign "$src/probes/midgard/scalar_unk.probe" --strategy exhaustive --jobs 1 --batch 256
     --quiet)
mg=("${mgc[@]}" --runner drm)
gp=(campaign "$src/probes/utgard_gp/complex_op.probe" --strategy exhaustive --jobs 1 --batch 64
    --runner drm --quiet)
export ISAPROBE_DRM_TIMEOUT=5

# count DB: stored runs, and variants stored other than exactly once
count() { sqlite3 "$1" "SELECT sum(runs) || ' ' || sum(runs != 1) FROM variant"; }

# the uninterrupted campaigns
fake "$bin" "${mg[@]}" --db "$tmp/mg.db" || fail "midgard baseline"
fake "$bin" "${gp[@]}" --db "$tmp/gp.db" || fail "utgard_gp baseline"
[ "$(count "$tmp/mg.db")" = "1536 0" ] && ok || fail "midgard baseline: $(count "$tmp/mg.db")"
[ "$(count "$tmp/gp.db")" = "176 0" ] && ok || fail "utgard_gp baseline: $(count "$tmp/gp.db")"

# injected NAME INJECT DB ARGS...: the campaign with FAKEDRM_INJECT=INJECT, traced into
# $tmp/NAME.trace; its exit status in $tmp/NAME.rc
injected() {
	local name=$1 inj=$2 db=$3
	shift 3
	FAKEDRM_INJECT=$inj FAKEDRM_TRACE="$tmp/$name.trace" fake "$bin" "$@" --db "$db" \
		2>"$tmp/$name.err"
	echo $? >"$tmp/$name.rc"
}
traced() { # traced NAME PATTERN: the trace shows it
	grep -Eq -- "$2" "$tmp/$1.trace" && ok || fail "$1: the trace has no /$2/"
}

# one_changed NAME BASEDB DB PROBE STATUS FAULT: DB has BASEDB's runs but for one variant, now
# of STATUS and FAULT
one_changed() {
	runs_of "$2" "$4" >"$tmp/$1.base"
	runs_of "$3" "$4" >"$tmp/$1.runs"
	diff "$tmp/$1.base" "$tmp/$1.runs" | grep '^>' >"$tmp/$1.diff"
	[ "$(diff "$tmp/$1.base" "$tmp/$1.runs" | grep -c '^<')" -eq 1 ] &&
		[ "$(wc -l <"$tmp/$1.diff")" -eq 1 ] && grep -q "|$5|$6|1\$" "$tmp/$1.diff" && ok ||
		fail "$1: want one variant changed to status $5 fault $6, got: $(cat "$tmp/$1.diff")"
}
exited() { # exited NAME STATUS
	[ "$(cat "$tmp/$1.rc")" = "$2" ] && ok || fail "$1: exit $(cat "$tmp/$1.rc"), not $2"
}
jobs_run() { # jobs_run NAME N: the device ran N jobs
	[ "$(grep -c '^job ' "$tmp/$1.trace")" -eq "$2" ] && ok ||
		fail "$1: $(grep -c '^job ' "$tmp/$1.trace") jobs run, not $2"
}

# a fault at job 700 (in the third batch, mid-submission): that variant faults with the code
injected fault 'fault@700=0x5b' "$tmp/fault.db" "${mg[@]}"
exited fault 0
one_changed fault "$tmp/mg.db" "$tmp/fault.db" scalar_unk 1 91
[ "$(count "$tmp/fault.db")" = "1536 0" ] && ok || fail "fault: $(count "$tmp/fault.db")"
traced fault 'js fault, js=1, status=IMPRECISE_FAULT'
jobs_run fault 1536

# a hang at job 700: the chain stops there, the job runs alone, hangs again (timeout), and the
# chain goes on after it: every variant ran once and that one twice
injected hang 'hang@700' "$tmp/hang.db" "${mg[@]}"
exited hang 0
one_changed hang "$tmp/mg.db" "$tmp/hang.db" scalar_unk 3 0
[ "$(count "$tmp/hang.db")" = "1536 0" ] && ok || fail "hang: $(count "$tmp/hang.db")"
jobs_run hang 1537
traced hang 'gpu sched timeout'

# a reset at job 700 (the GPU's, not the program's): the job runs again alone and is fine
injected reset 'reset@700' "$tmp/reset.db" "${mg[@]}"
exited reset 0
same_runs "$tmp/mg.db" "$tmp/reset.db" scalar_unk "reset mid-batch"
[ "$(count "$tmp/reset.db")" = "1536 0" ] && ok || fail "reset: $(count "$tmp/reset.db")"
jobs_run reset 1537
traced reset 'inject reset'

# lost for good at job 700: exit 1 with why; the two batches before it stored; --resume ends it
injected lost 'lost@700' "$tmp/lost.db" "${mg[@]}"
exited lost 1
grep -q 'is gone' "$tmp/lost.err" && grep -q -- '--resume' "$tmp/lost.err" && ok ||
	fail "lost: $(cat "$tmp/lost.err")"
[ "$(count "$tmp/lost.db")" = "512 0" ] && ok || fail "lost: stored $(count "$tmp/lost.db")"
fake "$bin" "${mg[@]}" --db "$tmp/lost.db" --resume || fail "lost: --resume"
same_runs "$tmp/mg.db" "$tmp/lost.db" scalar_unk "lost, then resumed"
[ "$(count "$tmp/lost.db")" = "1536 0" ] && ok || fail "lost+resume: $(count "$tmp/lost.db")"

# lost during a batch's re-runs (--confirm 2: the seed runs twice more after each batch, one job
# a submission: jobs 257-260 follow the first batch's 256): stopped as in the batch itself,
# nothing of that batch stored; --resume ends it as an uninterrupted campaign with re-runs
fake "$bin" "${mg[@]}" --confirm 2 --db "$tmp/mgc2.db" || fail "midgard --confirm 2 baseline"
[ "$(sqlite3 "$tmp/mgc2.db" "SELECT sum(runs) || ' ' || count(*) FROM variant")" = "1560 1536" ] &&
	ok || fail "--confirm 2: $(sqlite3 "$tmp/mgc2.db" "SELECT sum(runs), count(*) FROM variant")"
injected relost 'lost@258' "$tmp/relost.db" "${mg[@]}" --confirm 2
exited relost 1
grep -q 'the 0 variants before it are stored' "$tmp/relost.err" && ok ||
	fail "lost in a re-run: $(cat "$tmp/relost.err")"
[ "$(sqlite3 "$tmp/relost.db" "SELECT count(*) FROM run")" = 0 ] && ok ||
	fail "lost in a re-run: stored $(sqlite3 "$tmp/relost.db" "SELECT count(*) FROM run") runs"
fake "$bin" "${mg[@]}" --confirm 2 --db "$tmp/relost.db" --resume || fail "lost in a re-run: --resume"
same_runs "$tmp/mgc2.db" "$tmp/relost.db" scalar_unk "lost in a re-run, then resumed"

# the same through `agent --runner drm`: the agent says its device is gone (ERROR 6), the agents
# started again find it still gone (FAKEDRM_STATE keeps it lost for every process): exit 1,
# what came before stored; once it is back (the mark removed), --resume ends it
mkdir -p "$tmp/state"
FAKEDRM_STATE=$tmp/state ISAPROBE_REMOTE_RETRIES=1 injected agentlost 'lost@700' \
	"$tmp/agentlost.db" "${mgc[@]}" --runner "remote:$bin agent --runner drm"
exited agentlost 1
[ -e "$tmp/state/lost-renderD128" ] && ok || fail "agent lost: no mark of the lost device"
[ "$(count "$tmp/agentlost.db")" = "512 0" ] && ok || fail "agent lost: stored $(count "$tmp/agentlost.db")"
rm -f "$tmp/state/lost-renderD128"
FAKEDRM_STATE=$tmp/state fake "$bin" "${mgc[@]}" --runner "remote:$bin agent --runner drm" \
	--db "$tmp/agentlost.db" --resume || fail "agent lost: --resume"
same_runs "$tmp/mg.db" "$tmp/agentlost.db" scalar_unk "lost through the agent, then resumed"

# lost while --resume runs again what a campaign stored as runner errors: the first agent's
# answers end after its WELCOME (no retry), so the first batch is stored as 256 runner errors (exit 3);
# the --resume whose device goes at its first job stops (exit 1) with those still stored as
# they were; the next --resume ends it as an uninterrupted campaign
cat >"$tmp/agent.sh" <<EOF
#!/bin/sh
n=\$((\$(cat "$tmp/agent.count" 2>/dev/null || echo 0) + 1))
echo \$n >"$tmp/agent.count"
if [ \$n = 1 ]; then
	# the relay ends the agent itself: a shell pipeline would wait for an agent still reading
	exec python3 -c '
import struct, subprocess, sys
a = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE)
h = a.stdout.read(16)  # WELCOME passes, then the agent is cut off
sys.stdout.buffer.write(h + a.stdout.read(struct.unpack("<I", h[8:12])[0]))
sys.stdout.flush()
a.kill()
a.wait()' env LD_PRELOAD="$FAKEDRM_PRELOAD" "$bin" agent --runner drm
fi
LD_PRELOAD="$FAKEDRM_PRELOAD" exec "$bin" agent --runner drm
EOF
chmod +x "$tmp/agent.sh"
nerr() {
	sqlite3 "$1" "SELECT sum(r.count) FROM run r JOIN outcome o ON o.id = r.outcome_id
		WHERE o.status = 5"
}
ISAPROBE_REMOTE_RETRIES=0 "$bin" "${mgc[@]}" --runner "remote:$tmp/agent.sh" --db "$tmp/rerr.db" \
	2>"$tmp/rerr.err"
st=$?
[ "$st" = 3 ] && [ "$(nerr "$tmp/rerr.db")" = 256 ] && ok ||
	fail "runner errors through a cut agent: exit $st, $(nerr "$tmp/rerr.db") stored: $(cat "$tmp/rerr.err")"
cp "$tmp/rerr.db" "$tmp/rerr0.db"
FAKEDRM_INJECT=lost@1 ISAPROBE_REMOTE_RETRIES=0 "$bin" "${mgc[@]}" --runner "remote:$tmp/agent.sh" \
	--db "$tmp/rerr.db" --resume 2>"$tmp/rerr.err"
st=$?
[ "$st" = 1 ] && grep -q 'running the stored runner errors again' "$tmp/rerr.err" && ok ||
	fail "lost while running runner errors again: exit $st: $(cat "$tmp/rerr.err")"
[ "$(runs_of "$tmp/rerr.db" scalar_unk)" = "$(runs_of "$tmp/rerr0.db" scalar_unk)" ] && ok ||
	fail "lost while running runner errors again: the stored runs changed"
"$bin" "${mgc[@]}" --runner "remote:$tmp/agent.sh" --db "$tmp/rerr.db" --resume 2>"$tmp/rerr.err" ||
	fail "runner errors run again: $(cat "$tmp/rerr.err")"
same_runs "$tmp/mg.db" "$tmp/rerr.db" scalar_unk "runner errors run again after a lost device"

# unplugged at job 700, back when re-opened: re-opened, BOs made again, the campaign goes on
injected unplug 'unplug@700' "$tmp/unplug.db" "${mg[@]}"
exited unplug 0
same_runs "$tmp/mg.db" "$tmp/unplug.db" scalar_unk "unplugged"
[ "$(grep -c '^open /dev/dri/renderD128 fd=' "$tmp/unplug.trace")" -ge 2 ] && ok ||
	fail "unplug: the node was not opened again"

# unplugged at job 257 (the first of the second batch's first submission) and again at 258 (the
# first job of that submission sent again): re-opened twice, the campaign goes on (issue 34
# defect 7: the second unplug ended it as lost); gone five times in a row running the same
# submission, the device counts as lost (exit 1, the first batch stored)
injected unplug2 'unplug@257,unplug@258' "$tmp/unplug2.db" "${mg[@]}"
exited unplug2 0
same_runs "$tmp/mg.db" "$tmp/unplug2.db" scalar_unk "unplugged twice in one submission"
[ "$(grep -c '^open /dev/dri/renderD128 fd=' "$tmp/unplug2.trace")" -ge 3 ] && ok ||
	fail "unplug2: the node was not opened again twice"
injected unplug5 'unplug@257,unplug@258,unplug@259,unplug@260,unplug@261' "$tmp/unplug5.db" "${mg[@]}"
exited unplug5 1
grep -q 'went away 5 times running the same submission' "$tmp/unplug5.err" &&
	[ "$(count "$tmp/unplug5.db")" = "256 0" ] && ok ||
	fail "unplug5: $(count "$tmp/unplug5.db"): $(cat "$tmp/unplug5.err")"

# lima: a GP error or a hang at draw 100 fails its whole GP job; halving finds the draw, which
# is stored as fault (lima gives no code: 0) or timeout, the rest as before; a reset, nothing
injected gpfault 'fault@100' "$tmp/gpfault.db" "${gp[@]}"
exited gpfault 0
one_changed gpfault "$tmp/gp.db" "$tmp/gpfault.db" complex_op 1 0
[ "$(count "$tmp/gpfault.db")" = "176 0" ] && ok || fail "lima fault: $(count "$tmp/gpfault.db")"
traced gpfault 'gp error irq'
injected gphang 'hang@100' "$tmp/gphang.db" "${gp[@]}"
exited gphang 0
one_changed gphang "$tmp/gp.db" "$tmp/gphang.db" complex_op 3 0
[ "$(count "$tmp/gphang.db")" = "176 0" ] && ok || fail "lima hang: $(count "$tmp/gphang.db")"
traced gphang '(lima|gp) job timeout'
injected gpreset 'reset@100' "$tmp/gpreset.db" "${gp[@]}"
exited gpreset 0
same_runs "$tmp/gp.db" "$tmp/gpreset.db" complex_op "lima reset mid-batch"
[ "$(count "$tmp/gpreset.db")" = "176 0" ] && ok || fail "lima reset: $(count "$tmp/gpreset.db")"
injected gplost 'lost@100' "$tmp/gplost.db" "${gp[@]}"
exited gplost 1
[ "$(count "$tmp/gplost.db")" = "64 0" ] && ok || fail "lima lost: stored $(count "$tmp/gplost.db")"
finish
