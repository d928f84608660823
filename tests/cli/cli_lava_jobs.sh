#!/usr/bin/env bash
# cli_lava_jobs.sh: ci/lava-jobs writes one LAVA job per shard (valid in LAVA's own schema, strict),
# running only the probes of the boards' ISA and GPU model that the drm runner says a GPU of that
# model runs (never those of another ISA or model, nor one the runner refuses) as one
# lava-test-case each, for every Midgard and Bifrost model; running each job's test steps
# (lava-test-case stood in, file:// URLs; a stand-in isaprobe, then the real one) runs shard
# I/N and uploads its database; collect.sh merges exactly the N shards, and with the real
# program they equal one unsharded campaign. Usage: SCRIPT BIN SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

# The bundle a board downloads: the real ci/nightly, a stand-in program that logs its calls
# and writes the --db file with the shard and host it was given; `db merge` concatenates.
mkdir -p "$tmp/bundle/ci" "$tmp/bundle/build/release" "$tmp/bundle/probes/midgard" \
	"$tmp/upload/night1" # an HTTP server takes any path; a file:// folder must exist
echo "stand-in probe" >"$tmp/bundle/probes/midgard/a.probe"
# probes given to ci/lava-jobs: two for t760 boards (b plants and observes registers: the drm
# runner's Midgard harness runs it on a GPU), and three it leaves out: one for another model, one
# of another ISA, one the harness refuses (a csel reading a planted r31 that is no condition)
mkdir -p "$tmp/probes"
cp "$src/probes/midgard/ls_stores.probe" "$tmp/probes/a.probe"
{ cat "$src/probes/midgard/scalar_unk.probe"; echo 'gpu t760'; } >"$tmp/probes/b.probe"
{ cat "$src/probes/midgard/scalar_unk.probe"; echo 'gpu t604'; } >"$tmp/probes/other_model.probe"
cp "$src/probes/utgard_gp/pass_op.probe" "$tmp/probes/other_isa.probe"
printf 'isa midgard\nprogram <<END\nalu {\n\tvadd.csel r2.xyzw, r0.xyzw, r1.xyzw\n}\nEND\n%s\n' \
	'target 0.vector_alu bits 13-13' >"$tmp/probes/refused.probe"
printf 'input registers distinct 512\nuniform_regs 0\nobserve registers 512\n' >>"$tmp/probes/refused.probe"
# the isaprobe ci/lava-jobs asks which probes a GPU runs (isaprobe gpu-check): this build
lj=("$src/ci/lava-jobs" --isaprobe "$1")
# a Python with Debian's lava-common (ci/setup-debian installs it: python3-yaml comes with it)
lava_py=
for py in python3 /usr/bin/python3; do
	"$py" -c 'import lava_common.schemas, yaml' 2>/dev/null && { lava_py=$py; break; }
done
[ -n "$lava_py" ] || { echo "lava-common is needed (ci/setup-debian installs it)" >&2; exit 1; }
# valid JOBS...: each job file passes LAVA's own schema in strict mode
valid() {
	"$lava_py" - "$@" <<'PY'
import sys, yaml
from lava_common.schemas import validate
for path in sys.argv[1:]:
    validate(yaml.safe_load(open(path)), strict=True)
PY
}
cp "$src/ci/nightly" "$tmp/bundle/ci/"
cat >"$tmp/bundle/build/release/isaprobe" <<'STUB'
#!/usr/bin/env bash
echo "$*" >>"$FAKE_CALLS"
if [ "$1 ${2:-}" = "db merge" ]; then cat "${@:4}" >"$3"; exit; fi
if [ "$1" = devices ]; then [ "${2:-}" = --json ] && echo '[{"model": "t760"}]'; exit 0; fi
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

"${lj[@]}" --device-type rk3288-veyron-jaq --gpu t760 --shards 4 \
	--kernel https://example.invalid/zImage --dtb https://example.invalid/rk3288.dtb \
	--rootfs https://example.invalid/rootfs.tar.xz --bundle "file://$tmp/bundle.tar.gz" \
	--upload "file://$tmp/upload" --stamp night1 --seed 5 --workdir "$tmp/board" \
	--out "$tmp/jobs" "$tmp/probes/a.probe" "$tmp/probes/b.probe" \
	>/dev/null && ok || fail "ci/lava-jobs failed"
[ "$(ls "$tmp/jobs"/*.yaml | wc -l)" -eq 4 ] && ok || fail "not 4 job files"
valid "$tmp/jobs"/*.yaml && ok || fail "LAVA's schema refuses the jobs"
[ -x "$tmp/jobs/collect.sh" ] && ok || fail "no collect.sh"

# Each job: YAML that loads (when PyYAML is there), the keys LAVA needs, and its test steps.
for i in 0 1 2 3; do
	job=$tmp/jobs/t760-shard-$i-of-4.yaml
	python3 - "$job" "$tmp/steps$i.sh" <<'PY' && ok || fail "job $i: bad YAML"
import json, sys
text = open(sys.argv[1]).read()
try:
    import yaml
    job = yaml.safe_load(text)
    assert job["device_type"] == "rk3288-veyron-jaq"
    assert [list(a)[0] for a in job["actions"]] == ["deploy", "boot", "test"]
    assert job["actions"][0]["deploy"]["kernel"] == {"url": "https://example.invalid/zImage",
                                                     "type": "zimage"}
    steps = job["actions"][2]["test"]["definitions"][0]["repository"]["run"]["steps"]
except ImportError:  # no PyYAML: the steps are the JSON strings after "steps:", the last key
    lines = text.splitlines()
    at = [i for i, l in enumerate(lines) if l.strip() == "steps:"][0]
    steps = [json.loads(l.strip()[2:]) for l in lines[at + 1:]]
# one lava-test-case per step: fetch, the GPU, each probe, the upload; the database referenced
cases = [s.split()[1] for s in steps if s.startswith("lava-test-case ")]
assert cases == ["fetch-isaprobe", "gpu", "campaign-a", "campaign-b", "upload-db"], cases
assert steps[-1].startswith("lava-test-reference shard-db --result pass --reference "), steps
open(sys.argv[2], "w").write("\n".join(steps) + "\n")
PY
	# lava-test-case NAME --shell CMD: runs CMD; a failing case fails this board.
	(
		lava-test-case() { shift 2; eval "$*" || { echo "case failed: $*" >&2; exit 1; }; }
		lava-test-reference() { :; }
		hostname() { echo "board$i"; }
		set -e
		source "$tmp/steps$i.sh"
	) >"$tmp/board$i.log" 2>&1 && ok || fail "board $i: $(cat "$tmp/board$i.log")"
	grep -q "^shard=$i/4 host=board$i\$" "$tmp/upload/night1/t760-shard-$i-of-4.db" 2>/dev/null && ok ||
		fail "board $i: uploaded database wrong or missing"
done
for p in a b; do
	[ "$(grep -c "^campaign $tmp/probes/$p.probe --db .* --runner drm --strategy auto --seed 5 --shard [0-3]/4 --gpu t760 " "$FAKE_CALLS")" -eq 4 ] && ok ||
		fail "campaign calls of $p: $(cat "$FAKE_CALLS")"
done
grep -q "other_model\|refused\|other_isa" "$FAKE_CALLS" && fail "a probe not for these boards ran" || ok
grep -q "^infer\|^report" "$FAKE_CALLS" && fail "a board ran infer/report" || ok

# collect.sh: the 4 shards fetched and merged in order, then infer/report on the merged one.
: >"$FAKE_CALLS"
(cd "$tmp/bundle" && ISAPROBE="$tmp/bundle/build/release/isaprobe" COLLECT_DIR="$tmp/collect" \
	"$tmp/jobs/collect.sh" --out "$tmp/nights") >"$tmp/collect.log" 2>&1 && ok || fail "collect: $(cat "$tmp/collect.log")"
want="db merge $tmp/collect/merged.db"
for i in 0 1 2 3; do want="$want $tmp/collect/t760-shard-$i-of-4.db"; done
grep -qxF "$want" "$FAKE_CALLS" && ok || fail "merge call: $(cat "$FAKE_CALLS")"
grep -q "^infer --db $tmp/nights/night1-t760/findings.db" "$FAKE_CALLS" && ok || fail "infer after merge"
[ "$(grep -c "^shard=[0-3]/4 host=board[0-3]\$" "$tmp/nights/night1-t760/findings.db")" -eq 4 ] && ok ||
	fail "the night's database is not the 4 shards merged"

# A shard that never reported: collect.sh merges nothing and fails.
rm "$tmp/upload/night1/t760-shard-2-of-4.db"
: >"$FAKE_CALLS"
(cd "$tmp/bundle" && ISAPROBE="$tmp/bundle/build/release/isaprobe" COLLECT_DIR="$tmp/collect2" \
	"$tmp/jobs/collect.sh" --out "$tmp/nights") >"$tmp/collect.log" 2>&1 && fail "collect with a shard missing succeeded" || ok
grep -q "missing shard t760-shard-2-of-4.db" "$tmp/collect.log" && ok || fail "missing shard message"
[ -s "$FAKE_CALLS" ] && fail "merged despite a missing shard" || ok

# The same farm with the real program (the simulator as the boards' runner, two shipped probes):
# the 4 shards' databases merged by collect.sh hold exactly the runs of one unsharded campaign,
# each shard's device keeping its board's name; merging a shard again changes nothing.
mkdir -p "$tmp/real/ci" "$tmp/real/build/release" "$tmp/real/probes/midgard" "$tmp/upload/night2"
cp "$src/ci/nightly" "$tmp/real/ci/"
real_bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
ln -s "$real_bin" "$tmp/real/build/release/isaprobe"
cp "$src/probes/midgard/scalar_unk.probe" "$src/probes/midgard/branch_unk7.probe" "$tmp/real/probes/midgard/"
tar -czf "$tmp/real.tar.gz" -C "$tmp/real" .
"${lj[@]}" --device-type rk3288-veyron-jaq --gpu t760 --shards 4 --runner sim \
	--kernel https://example.invalid/zImage --rootfs https://example.invalid/rootfs.tar.xz \
	--bundle "file://$tmp/real.tar.gz" --upload "file://$tmp/upload" --stamp night2 \
	--workdir "$tmp/board2" --out "$tmp/jobs2" "$src/probes/midgard/scalar_unk.probe" \
	"$src/probes/midgard/branch_unk7.probe" >/dev/null && ok || fail "ci/lava-jobs (real)"
for i in 0 1 2 3; do
	python3 - "$tmp/jobs2/t760-shard-$i-of-4.yaml" "$tmp/steps$i.sh" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
at = [i for i, l in enumerate(lines) if l.strip() == "steps:"][0]
open(sys.argv[2], "w").write("\n".join(json.loads(l.strip()[2:]) for l in lines[at + 1:]) + "\n")
PY
	(
		lava-test-case() { shift 2; eval "$*" || { echo "case failed: $*" >&2; exit 1; }; }
		lava-test-reference() { :; }
		hostname() { echo "board$i"; }
		set -e
		rm -rf "$tmp/board2/isaprobe"
		source "$tmp/steps$i.sh"
	) >"$tmp/board$i.log" 2>&1 && ok || fail "real board $i: $(cat "$tmp/board$i.log")"
done
(cd "$tmp/real" && ISAPROBE="$real_bin" COLLECT_DIR="$tmp/collect_real" "$tmp/jobs2/collect.sh" \
	--out "$tmp/nights2") >"$tmp/collect.log" 2>&1 && ok || fail "real collect: $(cat "$tmp/collect.log")"
"$1" campaign "$tmp/real/probes/midgard/scalar_unk.probe" "$tmp/real/probes/midgard/branch_unk7.probe" \
	--db "$tmp/whole.db" --strategy auto --seed 0 --quiet && ok || fail "unsharded campaign"
runs="SELECT p.name, r.context, hex(r.value), o.status, o.fault, hex(o.data), sum(r.count)
 FROM run r JOIN outcome o ON o.id = r.outcome_id JOIN campaign c ON c.id = r.campaign_id
 JOIN probe p ON p.id = c.probe_id GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6"
merged=$tmp/nights2/night2-t760/findings.db
[ -n "$(sqlite3 "$tmp/whole.db" "$runs")" ] && [ "$(sqlite3 "$tmp/whole.db" "$runs")" = "$(sqlite3 "$merged" "$runs" 2>&1)" ] &&
	ok || fail "4 merged shards differ from the unsharded campaign"
[ "$(sqlite3 "$merged" "SELECT group_concat(host) FROM (SELECT host FROM device ORDER BY host)")" = \
	"board0,board1,board2,board3" ] && ok || fail "devices: $(sqlite3 "$merged" "SELECT * FROM device")"
"$1" db merge --quiet "$tmp/collect_real/merged.db" "$tmp/collect_real/t760-shard-2-of-4.db" &&
	[ "$(sqlite3 "$tmp/collect_real/merged.db" "$runs")" = "$(sqlite3 "$tmp/whole.db" "$runs")" ] &&
	ok || fail "a shard merged twice changed the counts"
[ -s "$tmp/nights2/night2-t760/report.md" ] && ok || fail "no report of the merged night"

# Depthcharge boots take no kernel type; probes not for the boards are refused or left out.
"${lj[@]}" --device-type rk3399-gru-kevin --gpu t860 --shards 1 --boot-method depthcharge \
	--kernel https://example.invalid/k --rootfs https://example.invalid/r --bundle b --upload u \
	--stamp s --out "$tmp/dc" "$tmp/probes/a.probe" \
	>/dev/null && ! grep -q '^ *type:' "$tmp/dc/t860-shard-0-of-1.yaml" && ok ||
	fail "depthcharge: a kernel type, or no job"
valid "$tmp/dc/t860-shard-0-of-1.yaml" && ok || fail "LAVA's schema refuses a depthcharge job"
"${lj[@]}" --device-type x --gpu t760 --shards 1 --kernel k --rootfs r --bundle b \
	--upload u --stamp s --out "$tmp/x" "$tmp/probes/other_isa.probe" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "a probe of utgard_gp, not of the boards' midgard" "$tmp/err" && ok ||
	fail "a probe of another ISA: $(cat "$tmp/err")"
"${lj[@]}" --device-type x --gpu t760 --shards 1 --kernel k --rootfs r --bundle b \
	--upload u --stamp s --out "$tmp/x" "$tmp/probes/refused.probe" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "no probe of midgard that t760 boards can run (1 refused by the drm runner: r31" "$tmp/err" &&
	ok || fail "a probe the harness refuses: $(cat "$tmp/err")"
# every shipped probe a GPU of each model runs, as the drm runner says (isaprobe gpu-check): all
# the Utgard GP probes for Mali-400 boards, all the Midgard ones on every Midgard model (through
# the register harness), the Bifrost ones its runner accepts on every Bifrost model (none without
# a Bifrost harness: then no job), 16 of the 18 a3xx ones on the Adreno 320 (not the two that
# sample a texture; they name the A320, so none on the 306 and 330: no job); every job valid for
# LAVA, one campaign-* step per probe
for gpu in mali400 t604 t628 t720 t760 t820 t830 t860 t880 g31 g51 g52 g71 g72 g76 a306 a320 a330; do
	case $gpu in mali*) isa=utgard_gp ;; t*) isa=midgard ;; a3*) isa=a3xx ;; *) isa=bifrost ;; esac
	want=0
	for p in "$src"/probes/$isa/*.probe; do
		grep -q '^gpu ' "$p" && ! grep -q "^gpu $gpu\$" "$p" && continue
		"$1" gpu-check --gpu "$gpu" "$p" >/dev/null && want=$((want + 1))
	done
	case $isa in midgard | utgard_gp)
		[ "$want" -eq "$(ls "$src"/probes/$isa/*.probe | wc -l)" ] && ok ||
			fail "$gpu: gpu-check runs $want probes of $isa, not all" ;;
	a3xx)
		[ "$want" -eq $([ $gpu = a320 ] && echo $(($(ls "$src"/probes/a3xx/*.probe | wc -l) - 2)) || echo 0) ] &&
			ok || fail "$gpu: gpu-check runs $want probes of a3xx" ;;
	esac
	"${lj[@]}" --device-type "board-$gpu" --gpu "$gpu" --shards 1 --kernel https://example.invalid/k \
		--rootfs https://example.invalid/r --bundle b --upload u --stamp s --out "$tmp/g-$gpu" \
		>/dev/null 2>"$tmp/err"
	st=$?
	if [ "$want" -eq 0 ]; then
		[ $st -eq 2 ] && grep -q "no probe of $isa that $gpu boards can run" "$tmp/err" && ok ||
			fail "$gpu: no probe it can run, yet: $st $(cat "$tmp/err")"
	else
		[ $st -eq 0 ] && [ "$(grep -c 'lava-test-case campaign-' "$tmp/g-$gpu/$gpu-shard-0-of-1.yaml")" -eq "$want" ] &&
			valid "$tmp/g-$gpu/$gpu-shard-0-of-1.yaml" && ok || fail "$gpu: not $want probes, or invalid: $(cat "$tmp/err")"
	fi
done

# Bad arguments: argparse's status 2.
"${lj[@]}" --device-type x --gpu 't 7' --shards 2 --kernel k --rootfs r --bundle b \
	--upload u --stamp s --out "$tmp/x" >/dev/null 2>&1
[ $? -eq 2 ] && ok || fail "bad --gpu accepted"
"${lj[@]}" --device-type x --gpu t --shards 0 --kernel k --rootfs r --bundle b \
	--upload u --stamp s --out "$tmp/x" >/dev/null 2>&1
[ $? -eq 2 ] && ok || fail "--shards 0 accepted"

finish
