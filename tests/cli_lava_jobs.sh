#!/usr/bin/env bash
# cli_lava_jobs.sh: ci/lava-jobs writes one valid LAVA job per shard; running each job's test
# steps (lava-test-case stood in, file:// URLs, a stand-in isaprobe) runs ci/nightly on shard
# I/N and uploads its database; collect.sh merges exactly the N shards. Usage: SCRIPT BIN SRCDIR
set -u
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0 passes=0
ok() { passes=$((passes + 1)); }
bad() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }

# The bundle a board downloads: the real ci/nightly, a stand-in program that logs its calls
# and writes the --db file with the shard and host it was given; `db merge` concatenates.
mkdir -p "$tmp/bundle/ci" "$tmp/bundle/build/release" "$tmp/bundle/probes/midgard" \
	"$tmp/upload/night1" # an HTTP server takes any path; a file:// folder must exist
echo "stand-in probe" >"$tmp/bundle/probes/midgard/a.probe"
cp "$src/ci/nightly" "$tmp/bundle/ci/"
cat >"$tmp/bundle/build/release/isaprobe" <<'STUB'
#!/usr/bin/env bash
echo "$*" >>"$FAKE_CALLS"
if [ "$1 ${2:-}" = "db merge" ]; then cat "${@:4}" >"$3"; exit; fi
[ "$1" = campaign ] || exit 0
db="" shard="" host=""
while [ $# -gt 0 ]; do
	case $1 in --db) db=$2 ;; --shard) shard=$2 ;; --host) host=$2 ;; esac
	shift
done
echo "shard=$shard host=$host" >"$db"
STUB
chmod +x "$tmp/bundle/build/release/isaprobe"
tar -czf "$tmp/bundle.tar.gz" -C "$tmp/bundle" .
export FAKE_CALLS=$tmp/calls
: >"$FAKE_CALLS"

"$src/ci/lava-jobs" --device-type rk3288-veyron-jaq --gpu t760 --shards 4 \
	--kernel https://example.invalid/zImage --dtb https://example.invalid/rk3288.dtb \
	--rootfs https://example.invalid/rootfs.tar.xz --bundle "file://$tmp/bundle.tar.gz" \
	--upload "file://$tmp/upload" --stamp night1 --seed 5 --workdir "$tmp/board" \
	--out "$tmp/jobs" >/dev/null && ok || bad "ci/lava-jobs failed"
[ "$(ls "$tmp/jobs"/*.yaml | wc -l)" -eq 4 ] && ok || bad "not 4 job files"
[ -x "$tmp/jobs/collect.sh" ] && ok || bad "no collect.sh"

# Each job: YAML that loads (when PyYAML is there), the keys LAVA needs, and its test steps.
for i in 0 1 2 3; do
	job=$tmp/jobs/t760-shard-$i-of-4.yaml
	python3 - "$job" "$tmp/steps$i.sh" <<'PY' && ok || bad "job $i: bad YAML"
import json, sys
text = open(sys.argv[1]).read()
try:
    import yaml
    job = yaml.safe_load(text)
    assert job["device_type"] == "rk3288-veyron-jaq"
    assert [list(a)[0] for a in job["actions"]] == ["deploy", "boot", "test"]
    assert job["actions"][0]["deploy"]["kernel"]["url"].endswith("zImage")
    steps = job["actions"][2]["test"]["definitions"][0]["repository"]["run"]["steps"]
except ImportError:  # no PyYAML: the steps are the JSON strings after "steps:", the last key
    lines = text.splitlines()
    at = [i for i, l in enumerate(lines) if l.strip() == "steps:"][0]
    steps = [json.loads(l.strip()[2:]) for l in lines[at + 1:]]
open(sys.argv[2], "w").write("\n".join(steps) + "\n")
PY
	# lava-test-case NAME --shell CMD: runs CMD; a failing case fails this board.
	(
		lava-test-case() { shift 2; eval "$*" || { echo "case failed: $*" >&2; exit 1; }; }
		hostname() { echo "board$i"; }
		set -e
		source "$tmp/steps$i.sh"
	) >"$tmp/board$i.log" 2>&1 && ok || bad "board $i: $(cat "$tmp/board$i.log")"
	grep -q "^shard=$i/4 host=board$i\$" "$tmp/upload/night1/t760-shard-$i-of-4.db" 2>/dev/null && ok ||
		bad "board $i: uploaded database wrong or missing"
done
[ "$(grep -c "^campaign .*/probes/midgard/a.probe --runner drm .*--gpu t760 --seed 5" "$FAKE_CALLS")" -eq 4 ] && ok ||
	bad "campaign calls: $(cat "$FAKE_CALLS")"
grep -q "^infer\|^report" "$FAKE_CALLS" && bad "a board ran infer/report" || ok

# collect.sh: the 4 shards fetched and merged in order, then infer/report on the merged one.
: >"$FAKE_CALLS"
(cd "$tmp/bundle" && ISAPROBE="$tmp/bundle/build/release/isaprobe" COLLECT_DIR="$tmp/collect" \
	"$tmp/jobs/collect.sh" --out "$tmp/nights") >"$tmp/collect.log" 2>&1 && ok || bad "collect: $(cat "$tmp/collect.log")"
want="db merge $tmp/collect/merged.db"
for i in 0 1 2 3; do want="$want $tmp/collect/t760-shard-$i-of-4.db"; done
grep -qxF "$want" "$FAKE_CALLS" && ok || bad "merge call: $(cat "$FAKE_CALLS")"
grep -q "^infer --db $tmp/nights/night1-t760/findings.db" "$FAKE_CALLS" && ok || bad "infer after merge"
[ "$(grep -c "^shard=[0-3]/4 host=board[0-3]\$" "$tmp/nights/night1-t760/findings.db")" -eq 4 ] && ok ||
	bad "the night's database is not the 4 shards merged"

# A shard that never reported: collect.sh merges nothing and fails.
rm "$tmp/upload/night1/t760-shard-2-of-4.db"
: >"$FAKE_CALLS"
(cd "$tmp/bundle" && ISAPROBE="$tmp/bundle/build/release/isaprobe" COLLECT_DIR="$tmp/collect2" \
	"$tmp/jobs/collect.sh" --out "$tmp/nights") >"$tmp/collect.log" 2>&1 && bad "collect with a shard missing succeeded" || ok
grep -q "missing shard t760-shard-2-of-4.db" "$tmp/collect.log" && ok || bad "missing shard message"
[ -s "$FAKE_CALLS" ] && bad "merged despite a missing shard" || ok

# Bad arguments: argparse's status 2.
"$src/ci/lava-jobs" --device-type x --gpu 't 7' --shards 2 --kernel k --rootfs r --bundle b \
	--upload u --stamp s --out "$tmp/x" >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "bad --gpu accepted"
"$src/ci/lava-jobs" --device-type x --gpu t --shards 0 --kernel k --rootfs r --bundle b \
	--upload u --stamp s --out "$tmp/x" >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "--shards 0 accepted"

echo "cli_lava_jobs: $passes passed, $fails failed"
[ "$fails" -eq 0 ]
