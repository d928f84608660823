#!/usr/bin/env bash
# cli_remote_campaign.sh: campaigns (and isaprobe run) through --runner remote:...: the agent on
# the simulator stores what --runner sim stores; the Python example device runs end to end;
# agents killed, corrupted, hung or sending garbage mid-batch are retried, or their batch
# becomes runner errors (exit status 3) that --resume runs again, nothing lost or counted twice.
# Usage: SCRIPT ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

q() { sqlite3 "$1" "$2"; }
# Every variant's outcome and count, and every variant's count alone.
runs_sql="SELECT r.context, hex(r.value), o.status, o.fault, hex(o.data), sum(r.count)
 FROM run r JOIN outcome o ON o.id = r.outcome_id GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5"

probe=$src/probes/midgard/ls_stores.probe
# walk: each context's seed value and its 26 single-bit flips, in batches of 8.
campaign() { # DB RUNNER [more options]
	local db=$1 runner=$2
	shift 2
	"$bin" campaign "$probe" --db "$db" --runner "$runner" --strategy walk --batch 8 --jobs 1 \
		--quiet "$@"
}
export ISAPROBE_REMOTE_TIMEOUT=3 ISAPROBE_REMOTE_RETRIES=2

campaign "$tmp/sim.db" sim 2>"$tmp/err" && ok || fail "sim campaign: $(cat "$tmp/err")"
q "$tmp/sim.db" "$runs_sql" | LC_ALL=C sort >"$tmp/sim.runs"
total=$(q "$tmp/sim.db" "SELECT sum(count) FROM run")
contexts=$(q "$tmp/sim.db" "SELECT count(*) FROM context")
[ "$total" = $((contexts * 27)) ] && [ "$total" -gt 16 ] && ok || fail "sim: $total runs for $contexts contexts"

# 1. Through the agent on the simulator: the same outcomes, the same counts.
campaign "$tmp/agent.db" "remote:'$bin' agent --runner sim" 2>"$tmp/err" && ok || fail "agent campaign: $(cat "$tmp/err")"
q "$tmp/agent.db" "$runs_sql" | LC_ALL=C sort >"$tmp/agent.runs"
cmp -s "$tmp/sim.runs" "$tmp/agent.runs" && ok || fail "agent outcomes differ: $(diff "$tmp/sim.runs" "$tmp/agent.runs" | head)"
[ "$(q "$tmp/agent.db" "SELECT runner || ' ' || model FROM device")" = \
	"remote $(q "$tmp/sim.db" "SELECT model FROM device")" ] && ok || fail "agent device row: $(q "$tmp/agent.db" "SELECT * FROM device")"
# auto (adaptive) as well, with two workers: same database content as the simulator's.
"$bin" campaign "$probe" --db "$tmp/auto_sim.db" --runner sim --strategy auto --budget 600 --quiet --jobs 2 &&
	"$bin" campaign "$probe" --db "$tmp/auto_agent.db" --runner "remote:'$bin' agent --runner sim" \
		--strategy auto --budget 600 --quiet --jobs 2 2>"$tmp/err" && ok || fail "auto campaigns: $(cat "$tmp/err")"
[ "$(q "$tmp/auto_sim.db" "$runs_sql")" = "$(q "$tmp/auto_agent.db" "$runs_sql")" ] && ok || fail "auto outcomes differ"

# Protocol versions (docs/protocol.md): this caller and agent speak 3; with an agent of version 1
# or 2 (--protocol 1 or 2, as an older isaprobe) the caller falls back to it after its version 3
# HELLO is refused; a caller of version 1 or 2 (ISAPROBE_REMOTE_PROTOCOL) is answered in it. Each agent's
# input is logged on its way: "VERSION:TYPE" of each frame the caller sent, in order. (Not by tee:
# GNU tee passes data on before it writes its file, so a refused agent, killed as soon as it
# answers, could take the refused HELLO with it unlogged.)
cat >"$tmp/logged.py" <<'EOF'
import os, sys
log = os.open(sys.argv[1], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
while True:
    chunk = os.read(0, 65536)
    if not chunk:
        break
    os.write(log, chunk)  # logged first, then passed on
    os.write(1, chunk)
EOF
frame_list() {
	python3 - "$1" <<'PY'
import struct, sys
d, at, out = open(sys.argv[1], 'rb').read(), 0, []
while at + 16 <= len(d):
    ver, typ, n = struct.unpack('<HHI', d[at + 4:at + 12])
    out.append('%d:%d' % (ver, typ))
    at += 16 + n
print(' '.join(out))
PY
}
versions() { # NAME RUNNER-ENV AGENT-ARGS EXPECTED-FRAMES-PATTERN
	local name=$1 env=$2 args=$3 want=$4
	rm -f "$tmp/$name.in"
	env $env "$bin" campaign "$probe" --db "$tmp/$name.db" --strategy walk --batch 8 --jobs 1 --quiet \
		--runner "remote:python3 '$tmp/logged.py' '$tmp/$name.in' | '$bin' agent --runner sim $args" \
		2>"$tmp/err" &&
		ok || fail "$name campaign: $(cat "$tmp/err")"
	[ "$(q "$tmp/$name.db" "$runs_sql" | LC_ALL=C sort)" = "$(cat "$tmp/sim.runs")" ] && ok ||
		fail "$name: outcomes differ from the simulator's"
	local got
	got=$(frame_list "$tmp/$name.in")
	echo "$got" | grep -Eq "$want" && ok || fail "$name: frames sent: $got"
}
versions v3v3 "" "" '^3:1 (3:3 )+3:6$'
versions v3v2 "" "--protocol 2" '^3:1 2:1 (2:3 )+2:6$'
versions v3v1 "" "--protocol 1" '^3:1 1:1 (1:3 )+1:6$'
versions v2v3 "ISAPROBE_REMOTE_PROTOCOL=2" "" '^2:1 (2:3 )+2:6$'
versions v1v3 "ISAPROBE_REMOTE_PROTOCOL=1" "" '^1:1 (1:3 )+1:6$'
versions v3crc "ISAPROBE_REMOTE_CHECK=crc32" "" '^3:1 (3:3 )+3:6$'
# Version 3 with BATCH frames of 3 jobs, 4 in flight: the same outcomes (versions() compares).
versions v3deep "ISAPROBE_REMOTE_BATCH_JOBS=3 ISAPROBE_REMOTE_DEPTH=4" "" '^3:1 (3:3 ){6,}3:6$'

# isaprobe run through the agent prints exactly what it prints on the simulator.
printf 'alu {\n\tvmul.fmov r0, r24.xyzw, #2.0\n}\nls {\n\tnoop\n}\n' >"$tmp/prog.s"
"$bin" run -i midgard "$tmp/prog.s" --input uniforms=floats:1,2,3,4 --json >"$tmp/run_sim.json" &&
	"$bin" run -i midgard "$tmp/prog.s" --input uniforms=floats:1,2,3,4 --json \
		--runner "remote:'$bin' agent" >"$tmp/run_agent.json" && ok || fail "isaprobe run through the agent"
grep -q '"status": "ok"' "$tmp/run_sim.json" && cmp -s "$tmp/run_sim.json" "$tmp/run_agent.json" && ok ||
	fail "isaprobe run: remote output differs: $(diff "$tmp/run_sim.json" "$tmp/run_agent.json" | head -5)"

# 2. The Python example device: end to end, every outcome "unmodeled" (it models no Midgard).
campaign "$tmp/py.db" "remote:python3 '$src/examples/remote_device.py'" 2>"$tmp/err" && ok || fail "python campaign: $(cat "$tmp/err")"
[ "$(q "$tmp/py.db" "SELECT group_concat(status) FROM outcome")" = 4 ] && ok || fail "python outcomes: $(q "$tmp/py.db" "SELECT status FROM outcome")"
[ "$(q "$tmp/py.db" "SELECT sum(count) FROM run")" = "$total" ] && ok || fail "python: not $total runs"
[ "$(q "$tmp/py.db" "SELECT model FROM device")" = toy-1 ] && ok || fail "python device model"

# 3. Flaky agents. flaky.sh BAD_STARTS MODE: the Nth start of the agent (counted in a file)
# misbehaves when N is in BAD_STARTS. Its output passes through filter.py, which lets 2000 bytes
# through (the WELCOME and part of a RESULTS frame), then: kill (SIGKILL to the agent's whole
# process group: the caller reads a truncated frame, then the end), corrupt (byte 2000 flipped,
# the rest passed), hang (nothing more, everything stays alive); or garbage (text right after
# the WELCOME, where the RESULTS of the first batch should start).
cat >"$tmp/filter.py" <<'EOF'
import os, signal, sys, time
mode = sys.argv[1]
inp, out = sys.stdin.buffer, sys.stdout.buffer
at = None if mode == "garbage" else 2000
seen, pos = b"", 0
while True:
    b = inp.read1(65536)
    if not b:
        break
    if at is None:
        seen += b
        if len(seen) >= 16:
            at = 16 + int.from_bytes(seen[8:12], "little")
    if at is not None and pos <= at - 1 < pos + len(b):
        if mode == "corrupt":
            b = bytearray(b)
            b[at - 1 - pos] ^= 0x10
        else:
            out.write(b[:at - pos])
            out.flush()
            if mode == "kill":
                os.killpg(os.getpgrp(), signal.SIGKILL)
            if mode == "garbage":
                out.write(b"Segmentation fault (core dumped)\n")
                out.flush()
            time.sleep(60)
    out.write(b)
    out.flush()
    pos += len(b)
EOF
cat >"$tmp/flaky.sh" <<'EOF'
#!/usr/bin/env bash
bin=$1 bad=$2 mode=$3 counter=$4
n=$(($(cat "$counter" 2>/dev/null || echo 0) + 1))
echo $n >"$counter"
case " $bad " in *" $n "*) ;; *) exec "$bin" agent --runner sim ;; esac
"$bin" agent --runner sim 2>/dev/null | python3 "$(dirname "$0")/filter.py" "$mode"
EOF
chmod +x "$tmp/flaky.sh"
for mode in kill corrupt garbage hang; do
	# A transport that flips bytes does not guard them: the caller keeps the CRC-32 of every
	# payload (version 2's header-only check is for pipes and ssh).
	if [ $mode = corrupt ]; then export ISAPROBE_REMOTE_CHECK=crc32; else unset ISAPROBE_REMOTE_CHECK; fi
	# Starts 1 and 2 bad: the first batch fails twice, its third attempt (start 3) works.
	rm -f "$tmp/count"
	campaign "$tmp/$mode-ok.db" "remote:'$tmp/flaky.sh' '$bin' '1 2' $mode '$tmp/count'" 2>"$tmp/err" &&
		ok || fail "$mode, recovered: campaign failed: $(cat "$tmp/err")"
	[ "$(q "$tmp/$mode-ok.db" "$runs_sql" | LC_ALL=C sort)" = "$(cat "$tmp/sim.runs")" ] && ok ||
		fail "$mode, recovered: outcomes differ from the simulator's"
	[ "$(cat "$tmp/count")" = 3 ] && ok || fail "$mode, recovered: $(cat "$tmp/count") agents started, not 3"

	# Starts 1-3 bad: the first batch (8 variants) is runner errors; the others as on sim. The
	# campaign ends, says so and exits with status 3.
	rm -f "$tmp/count"
	campaign "$tmp/$mode.db" "remote:'$tmp/flaky.sh' '$bin' '1 2 3' $mode '$tmp/count'" 2>"$tmp/err"
	[ $? = 3 ] && ok || fail "$mode: campaign did not exit with 3: $(cat "$tmp/err")"
	grep -q "remote agent failed 3 times" "$tmp/err" && ok || fail "$mode: no message: $(cat "$tmp/err")"
	grep -q "campaign 1 holds 8 runner-error runs: --resume runs them again" "$tmp/err" && ok ||
		fail "$mode: the end does not say runner errors: $(cat "$tmp/err")"
	[ -n "${VERBOSE:-}" ] && echo "$mode: $(grep "failed 3 times" "$tmp/err")"
	[ "$(q "$tmp/$mode.db" "SELECT sum(count) FROM run")" = "$total" ] && ok || fail "$mode: not $total runs"
	[ "$(q "$tmp/$mode.db" "SELECT sum(r.count) FROM run r JOIN outcome o ON o.id = r.outcome_id WHERE o.status = 5")" = 8 ] &&
		ok || fail "$mode: not 8 runner errors"
	q "$tmp/$mode.db" "$runs_sql" | awk -F'|' '$3 != 5' | LC_ALL=C sort >"$tmp/$mode.runs"
	[ "$(LC_ALL=C comm -13 "$tmp/sim.runs" "$tmp/$mode.runs" | wc -l)" = 0 ] && ok || fail "$mode: outcomes the simulator did not give"
	[ "$(LC_ALL=C comm -23 "$tmp/sim.runs" "$tmp/$mode.runs" | wc -l)" = 8 ] && ok || fail "$mode: not exactly 8 variants missing"
	[ "$(cat "$tmp/count")" = 4 ] && ok || fail "$mode: $(cat "$tmp/count") agents started, not 4"
	# --resume with a working agent runs those 8 again: then exactly the simulator's runs.
	# (With an agent still broken, they stay runner errors: status 3 again, nothing doubled.)
	cp "$tmp/$mode.db" "$tmp/$mode-resumed.db"
	if [ $mode = garbage ]; then
		rm -f "$tmp/count"
		campaign "$tmp/$mode-resumed.db" "remote:'$tmp/flaky.sh' '$bin' '1 2 3 4 5 6' $mode '$tmp/count'" \
			--resume 2>"$tmp/err"
		[ $? = 3 ] && grep -q "holds 8 runner-error runs" "$tmp/err" &&
			ok || fail "$mode: resumed on a broken agent: $(cat "$tmp/err")"
		[ "$(q "$tmp/$mode-resumed.db" "SELECT sum(count) FROM run")" = "$total" ] && ok || fail "$mode: runs doubled"
	fi
	campaign "$tmp/$mode-resumed.db" "remote:'$bin' agent --runner sim" --resume 2>"$tmp/err" &&
		ok || fail "$mode: resume failed: $(cat "$tmp/err")"
	[ "$(q "$tmp/$mode-resumed.db" "$runs_sql" | LC_ALL=C sort)" = "$(cat "$tmp/sim.runs")" ] && ok ||
		fail "$mode, resumed: outcomes differ from the simulator's"
done
unset ISAPROBE_REMOTE_CHECK

finish
