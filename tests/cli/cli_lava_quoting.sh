#!/usr/bin/env bash
# cli_lava_quoting.sh: every value ci/lava-jobs writes into a LAVA shell step reaches the
# board's shell as data: a probe named `x$(touch PWNED);y.probe` and bundle, upload and work
# folder values holding quotes, `$(...)` and backquotes make jobs whose steps, run by sh and by
# bash through a lava-test-case that evals as LAVA's does, create no file and hand each program
# the value unchanged; control characters are refused. Usage: SCRIPT BIN SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

# stand-ins for what the board runs, each logging its arguments one per line after a marker
mkdir -p "$tmp/stubs" "$tmp/bundle/build/release" "$tmp/probes"
cat >"$tmp/stubs/lava-test-case" <<'STUB'
#!/bin/sh
# as LAVA's lava-test-case: NAME --shell CMD... runs eval "$*"
name=$1
shift
[ "$1" = --shell ] || exit 1
shift
printf '== case\n%s\n' "$name" >>"$STUB_LOG"
eval "$*" || printf '== failed\n%s\n' "$name" >>"$STUB_LOG"
exit 0
STUB
for prog in lava-test-reference curl isaprobe; do
	cat >"$tmp/stubs/$prog" <<STUB
#!/bin/sh
printf '== $prog\n' >>"\$STUB_LOG"
for a in "\$@"; do printf '%s\n' "\$a" >>"\$STUB_LOG"; done
STUB
done
# curl hands the bundle to tar; isaprobe devices --json names the model the jobs are for
cat >>"$tmp/stubs/curl" <<'STUB'
case $1 in -fsSL) cat "$STUB_BUNDLE" ;; esac
STUB
cat >>"$tmp/stubs/isaprobe" <<'STUB'
[ "$1 ${2:-}" = "devices --json" ] && echo '[{"model": "t760"}]'
exit 0
STUB
printf '#!/bin/sh\necho board7\n' >"$tmp/stubs/hostname"
chmod +x "$tmp/stubs"/*
cp "$tmp/stubs/isaprobe" "$tmp/bundle/build/release/isaprobe"
tar -czf "$tmp/bundle.tar.gz" -C "$tmp/bundle" .
export STUB_BUNDLE=$tmp/bundle.tar.gz

evil='x$(touch PWNED);y'
probe=$tmp/probes/$evil.probe
# real probes: ci/lava-jobs keeps only those the GPU's runner can run (isaprobe gpu-check)
cp "$src/probes/midgard/ls_loads.probe" "$probe"
cp "$src/probes/midgard/ls_loads.probe" "$tmp/probes/x\`touch PWNED2\`'y.probe"
bundle="https://files.example/b'\$(touch PWNED3)'\"\`touch PWNED4\`\".tar.gz"
upload="https://store.example/u'\$(touch\${IFS}PWNED5)'"
work="$tmp/board dir/'\$(touch PWNED6)'"
"$src/ci/lava-jobs" --device-type d --gpu t760 --shards 2 --kernel k --rootfs r \
	--bundle "$bundle" --upload "$upload" --stamp s --workdir "$work" --out "$tmp/jobs" \
	"$probe" "$tmp/probes/x\`touch PWNED2\`'y.probe" >/dev/null 2>"$tmp/err" && ok ||
	fail "ci/lava-jobs refused the probes: $(cat "$tmp/err")"

# The steps of each job, as LAVA writes them into the script the board's shell runs.
for i in 0 1; do
	python3 - "$tmp/jobs/t760-shard-$i-of-2.yaml" "$tmp/steps$i.sh" <<'PY' || fail "job $i: no steps"
import sys, yaml
job = yaml.safe_load(open(sys.argv[1]))
steps = job["actions"][2]["test"]["definitions"][0]["repository"]["run"]["steps"]
open(sys.argv[2], "w").write("\n".join(steps) + "\n")
PY
	for shell in sh bash; do
		rm -rf "$tmp/board dir"
		export STUB_LOG=$tmp/log.$i.$shell
		: >"$STUB_LOG"
		(cd "$tmp" && PATH="$tmp/stubs:$PATH" $shell "$tmp/steps$i.sh") >"$tmp/run.log" 2>&1
		found=$(find "$tmp" -name 'PWNED*')
		[ -z "$found" ] && ok || fail "job $i under $shell created $found"
		rm -f $found
		grep -q '^== failed' "$STUB_LOG" && fail "job $i under $shell: a case failed: $(cat "$STUB_LOG" "$tmp/run.log")" || ok
		# each program got the value whole: the bundle's and the upload's address, the probe's
		# path, the work folder's database (LAVA's case names are one word)
		python3 - "$STUB_LOG" "$bundle" "$upload" "$probe" "$work" "$i" <<'PY' && ok || fail "job $i under $shell: arguments changed: $(cat "$STUB_LOG")"
import sys
log, bundle, upload, probe, work, i = sys.argv[1:]
calls, cur = [], None
for line in open(log).read().split("\n")[:-1]:
    if line.startswith("== "):
        cur = [line[3:]]
        calls.append(cur)
    else:
        cur.append(line)
curls = [c[1:] for c in calls if c[0] == "curl"]
db = "%s/isaprobe-results/t760-shard-%s-of-2.db" % (work, i)
assert curls[0] == ["-fsSL", bundle], curls
assert curls[1] == ["-fsS", "-T", db, "%s/s/t760-shard-%s-of-2.db" % (upload, i)], curls
runs = [c[1:] for c in calls if c[0] == "isaprobe" and c[1] == "campaign"]
assert [r[1] for r in runs] == [probe, probe.replace("x$(touch PWNED);y", "x`touch PWNED2`'y")], runs
assert all(r[r.index("--db") + 1] == db and r[-1] == "board7" for r in runs), runs
cases = [c[1] for c in calls if c[0] == "case"]
assert cases == ["fetch-isaprobe", "gpu", "campaign-x__touch_PWNED__y",
                 "campaign-x_touch_PWNED2__y", "upload-db"], cases
refs = [c[1:] for c in calls if c[0] == "lava-test-reference"]
assert refs == [["shard-db", "--result", "pass", "--reference",
                 "%s/s/t760-shard-%s-of-2.db" % (upload, i)]], refs
PY
	done
done

# Two probes whose names come to the same case name get -2; control characters are refused.
mkdir -p "$tmp/p2/a" "$tmp/p2/b"
cp "$src/probes/midgard/ls_loads.probe" "$tmp/p2/a/n m.probe"
cp "$src/probes/midgard/ls_loads.probe" "$tmp/p2/b/n;m.probe"
"$src/ci/lava-jobs" --device-type d --gpu t760 --shards 1 --kernel k --rootfs r --bundle b \
	--upload u --stamp s --out "$tmp/jobs2" "$tmp/p2/a/n m.probe" "$tmp/p2/b/n;m.probe" >/dev/null &&
	[ "$(grep -o 'lava-test-case campaign-[^ ]*' "$tmp/jobs2/t760-shard-0-of-1.yaml" | tr '\n' ' ')" = \
		"lava-test-case campaign-n_m lava-test-case campaign-n_m-2 " ] && ok ||
	fail "case names of n m and n;m: $(grep campaign- "$tmp/jobs2/t760-shard-0-of-1.yaml")"
nl=$'x\ny'
cp "$src/probes/midgard/ls_loads.probe" "$tmp/probes/$nl.probe"
expect 2 "probe .*control character" -- "$src/ci/lava-jobs" --device-type d --gpu t760 --shards 1 \
	--kernel k --rootfs r --bundle b --upload u --stamp s --out "$tmp/jobs3" "$tmp/probes/$nl.probe"
[ -e "$tmp/jobs3" ] && fail "jobs written for a probe refused" || ok
expect 2 "--bundle .*control character" -- "$src/ci/lava-jobs" --device-type d --gpu t760 --shards 1 \
	--kernel k --rootfs r --bundle "b$nl" --upload u --stamp s --out "$tmp/jobs3" "$probe"
expect 2 "--upload .*no spaces" -- "$src/ci/lava-jobs" --device-type d --gpu t760 --shards 1 \
	--kernel k --rootfs r --bundle b --upload "u v" --stamp s --out "$tmp/jobs3" "$probe"

finish
