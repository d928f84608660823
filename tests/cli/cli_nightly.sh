#!/usr/bin/env bash
# cli_nightly.sh: ci/nightly's steps, folders, diff against the previous night and exit
# statuses, driven against a stand-in isaprobe that logs its calls and fails on request; then
# two real nights (simulator, agent). Usage: cli_nightly.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

# The stand-in: appends each call to $tmp/calls; `campaign` creates the --db file; `report`
# prints a finding (findings must not fail the night); FAKE_FAIL=STEP makes STEP exit 1.
cat >"$tmp/isaprobe" <<'EOF'
#!/usr/bin/env bash
echo "$*" >>"$FAKE_CALLS"
if [ "${FAKE_FAIL:-}" = "$1" ]; then echo "fake $1 broke" >&2; exit 1; fi
case $1 in
campaign)
	while [ $# -gt 0 ]; do [ "$1" = --db ] && echo db >"$2"; shift; done
	if [ -n "${FAKE_RUNNER_ERRORS:-}" ]; then # as isaprobe campaign --json says them
		echo '{"probe":"p1","campaign":1,"runs":10,"runner_errors":0}'
		echo "{\"probe\":\"p2|<b>x\",\"campaign\":2,\"runs\":10,\"runner_errors\":$FAKE_RUNNER_ERRORS}"
		exit 3
	fi
	echo '{"runs": 10}' ;;
report)
	echo "# findings"; echo "- load_store 25-26: new field (register select)" ;;
esac
exit 0
EOF
chmod +x "$tmp/isaprobe"
export FAKE_CALLS=$tmp/calls
nightly=("$src/ci/nightly" --isaprobe "$tmp/isaprobe" --out "$tmp/out")

# Night 1: campaign on the sim, infer, report; no previous night.
: >"$FAKE_CALLS"
if "${nightly[@]}" --stamp n1 --seed 7 p1.probe p2.probe >"$tmp/log" 2>&1; then ok; else fail "night 1 failed: $(cat "$tmp/log")"; fi
grep -qx "campaign p1.probe p2.probe --runner sim --db $tmp/out/n1/findings.db --strategy auto --json --seed 7" "$FAKE_CALLS" && ok || fail "campaign call: $(cat "$FAKE_CALLS")"
grep -qx "infer --db $tmp/out/n1/findings.db" "$FAKE_CALLS" && ok || fail "infer call"
grep -qx "report --db $tmp/out/n1/findings.db --format md" "$FAKE_CALLS" && ok || fail "report call"
grep -qx "report --db $tmp/out/n1/findings.db --format html" "$FAKE_CALLS" && ok || fail "report.html call"
[ -s "$tmp/out/n1/report.html" ] && ok || fail "no report.html beside report.md"
grep -q -- "--diff" "$FAKE_CALLS" && fail "a diff on the first night" || ok
grep -q "First night" "$tmp/out/n1/diff.md" && ok || fail "first night's diff.md"
grep -q "new field" "$tmp/out/n1/report.md" && ok || fail "report.md"
[ "$(readlink "$tmp/out/latest")" = n1 ] && ok || fail "latest -> n1"

# Night 2 through a remote runner: the diff is against night 1's database.
: >"$FAKE_CALLS"
if "${nightly[@]}" --stamp n2 --runner "remote:isaprobe agent --runner sim" p1.probe >"$tmp/log" 2>&1; then ok; else fail "night 2 failed: $(cat "$tmp/log")"; fi
grep -qx "campaign p1.probe --runner remote:isaprobe agent --runner sim --db $tmp/out/n2/findings.db --strategy auto --json" "$FAKE_CALLS" && ok || fail "remote campaign call: $(cat "$FAKE_CALLS")"
grep -qx "report --db $tmp/out/n2/findings.db --format md --diff $(cd -P "$tmp/out/n1" && pwd)/findings.db" "$FAKE_CALLS" && ok || fail "diff call: $(cat "$FAKE_CALLS")"
grep -qx "report --db $tmp/out/n2/findings.db --format html --diff $(cd -P "$tmp/out/n1" && pwd)/findings.db" "$FAKE_CALLS" && ok || fail "diff.html call: $(cat "$FAKE_CALLS")"
[ -s "$tmp/out/n2/diff.md" ] && ok || fail "diff.md"
[ "$(readlink "$tmp/out/latest")" = n2 ] && ok || fail "latest -> n2"

# A failing step fails the night (status 1, its log shown) and leaves latest alone.
for step in campaign infer report; do
	FAKE_FAIL=$step "${nightly[@]}" --stamp "broken_$step" p1.probe >"$tmp/log" 2>&1
	st=$?
	[ $st -eq 1 ] && ok || fail "failing $step: status $st"
	grep -q "FAILED: $step exited with status 1" "$tmp/log" && grep -q "fake $step broke" "$tmp/log" && ok ||
		fail "failing $step: message: $(cat "$tmp/log")"
	[ "$(readlink "$tmp/out/latest")" = n2 ] && ok || fail "latest moved by a failed night"
done

# Runs that ended as runner errors (campaign status 3): every step still runs, the night exits
# with 3, and the diff (the mail) and runner_errors.md say which probe lost how many runs.
: >"$FAKE_CALLS"
FAKE_RUNNER_ERRORS=7 "${nightly[@]}" --stamp errors p1.probe p2.probe >"$tmp/log" 2>&1
st=$?
[ $st -eq 3 ] && ok || fail "runner errors: status $st, not 3: $(cat "$tmp/log")"
grep -q "^report --db $tmp/out/errors/findings.db --format md\$" "$FAKE_CALLS" && ok || fail "runner errors: no report"
head -1 "$tmp/out/errors/diff.md" | grep -q "^WARNING: runs of this night's campaigns ended as runner errors" && ok ||
	fail "runner errors: the diff does not start with them: $(head -3 "$tmp/out/errors/diff.md")"
# (the probe's name as Markdown that reads as its text: no table cell, no raw HTML)
grep -qxF -- '- probe p2\|\<b\>x (campaign 2): 7 runs' "$tmp/out/errors/runner_errors.md" && ok || fail "runner_errors.md: $(cat "$tmp/out/errors/runner_errors.md")"
grep -q "p1" "$tmp/out/errors/runner_errors.md" && fail "runner_errors.md names a probe without any" || ok
grep -q "WARNING: runs ended as runner errors" "$tmp/log" && ok || fail "runner errors: not in the log"
[ "$(readlink "$tmp/out/latest")" = errors ] && ok || fail "latest -> errors"

# --from: no campaign, the given (merged) database is reported on; --no-report stops early.
: >"$FAKE_CALLS"
echo merged >"$tmp/merged.db"
"${nightly[@]}" --stamp n3 --from "$tmp/merged.db" >"$tmp/log" 2>&1 && ok || fail "--from: $(cat "$tmp/log")"
grep -q "^campaign" "$FAKE_CALLS" && fail "--from ran a campaign" || ok
grep -qx merged "$tmp/out/n3/findings.db" && ok || fail "--from copy"
: >"$FAKE_CALLS"
"${nightly[@]}" --stamp shard --no-report --shard 2/4 p1.probe >"$tmp/log" 2>&1 && ok || fail "--no-report"
grep -qx "campaign p1.probe --runner sim --db $tmp/out/shard/findings.db --strategy auto --json --shard 2/4" "$FAKE_CALLS" && ok || fail "shard call: $(cat "$FAKE_CALLS")"
[ "$(wc -l <"$FAKE_CALLS")" -eq 1 ] && ok || fail "--no-report ran more than the campaign"

# Usage errors.
"${nightly[@]}" --bogus >/dev/null 2>&1
[ $? -eq 2 ] && ok || fail "unknown option: not status 2"
"${nightly[@]}" --runner >/dev/null 2>&1
[ $? -eq 2 ] && ok || fail "missing value: not status 2"

# The real program on two shipped probes: a night on the simulator, then one through the agent:
# exit 0 both times, the same report, and a diff with nothing new.
real=("$src/ci/nightly" --isaprobe "$1" --out "$tmp/real" "$src/probes/midgard/branch_unk7.probe"
	"$src/probes/midgard/scalar_unk.probe")
"${real[@]}" --stamp sim >"$tmp/log" 2>&1 && ok || fail "real night on sim: $(cat "$tmp/log")"
"${real[@]}" --stamp agent --runner "remote:'$1' agent" >"$tmp/log" 2>&1 && ok || fail "real night through the agent: $(cat "$tmp/log")"
grep -q "findings" "$tmp/real/sim/report.md" 2>/dev/null && ok || fail "real report"
# (the simulator's advice on values it cannot say reads "the runner could not say" elsewhere)
cmp -s <(sed -E -e 1d -e 's/the simulator does not model (them|it); run on hardware/the runner could not say/g' \
	-e 's/the simulator does not model values ([^(]*) \(([^)]*)\); run on hardware/the runner could not say what values \1 do (\2)/g' \
	-e 's/the simulator does not model value ([^(]*) \(([^)]*)\); run on hardware/the runner could not say what value \1 does (\2)/g' \
	"$tmp/real/sim/report.md") <(sed 1d "$tmp/real/agent/report.md") && ok || fail "reports differ"
# The mail: counts first; the runner changed (sim to the agent), said once for both probes.
sed -n 3p "$tmp/real/agent/diff.md" | grep -q "^Changes against .*/real/sim/findings.db: 0 new, 0 changed, 0 gone (0 findings); of the new and changed, 0 differ from public knowledge, 0 are new to it\.$" && ok ||
	fail "diff: $(head -5 "$tmp/real/agent/diff.md")"
grep -q "^The campaigns ran on another device than in .*: sim:t760 -> remote:t760 (2 probes: branch\\_unk7, scalar\\_unk); their findings may differ for that reason alone\.$" "$tmp/real/agent/diff.md" && ok ||
	fail "diff: no device change: $(cat "$tmp/real/agent/diff.md")"
[ -s "$tmp/real/sim/report.html" ] && [ -s "$tmp/real/agent/diff.html" ] && ok || fail "no report.html or diff.html"
grep -q '^<!DOCTYPE html>' "$tmp/real/agent/diff.html" && ok || fail "diff.html is not HTML"
# A night that ran one of the two probes: the other's findings are not GONE, one line names it.
"${real[@]:0:6}" --stamp one >"$tmp/log" 2>&1 && ok || fail "real night of one probe: $(cat "$tmp/log")"
grep -q "^Not run in this database, so not compared (their findings are not counted as gone): 1 probe: scalar\\_unk\.$" "$tmp/real/one/diff.md" && ok ||
	fail "one probe: not-run line: $(cat "$tmp/real/one/diff.md")"
grep -q "GONE" "$tmp/real/one/diff.md" && fail "one probe: GONE lines: $(cat "$tmp/real/one/diff.md")" || ok
grep -q ": 0 new, 0 changed, 0 gone (0 findings)" "$tmp/real/one/diff.md" && ok || fail "one probe: counts: $(head -5 "$tmp/real/one/diff.md")"

finish
