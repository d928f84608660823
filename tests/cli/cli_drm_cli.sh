#!/usr/bin/env bash
# cli_drm_cli.sh: the drm runner from the command line, through the fake DRM device:
# `isaprobe devices` (table, JSON, a node that is not DRM, a T604 by the id panfrost gives it),
# `isaprobe run --runner drm` prints
# what the simulator prints, a probe of another ISA or GPU model is refused with a clear error,
# `agent --runner drm` serves the GPU to `--runner remote:`, `ci/nightly --runner drm` runs, and
# on a device without the model extension (what every kernel is) the registers role is refused
# while the hardware path alone gives every ok outcome the simulator gives.
# Usage: cli_drm_cli.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"
. "$(dirname "$0")/drm_lib.sh"
# The model extension (FAKEDRM_MODEL=1) unless a line says FAKEDRM_MODEL=0 (a kernel and a GPU).
export FAKEDRM_MODEL=1
command -v python3 >/dev/null || { echo "python3 is needed (ci/setup-debian installs it)" >&2; exit 1; }

# devices
fake "$bin" devices >"$tmp/dev.txt" && ok || fail "devices"
grep -Eq '^/dev/dri/renderD128 +panfrost +1\.1\.0 +0x750 +Mali-T760 +t760 +midgard' "$tmp/dev.txt" &&
	grep -Eq '^/dev/dri/renderD129 +panfrost .* +g71 +bifrost' "$tmp/dev.txt" &&
	grep -Eq '^/dev/dri/renderD130 +lima .* +mali400 +utgard_gp' "$tmp/dev.txt" && ok ||
	fail "devices table: $(cat "$tmp/dev.txt")"
fake "$bin" devices --json >"$tmp/dev.json" && python3 - "$tmp/dev.json" <<'PY' && ok || fail "devices --json"
import json, sys
d = json.load(open(sys.argv[1]))
assert [x["node"] for x in d] == ["/dev/dri/renderD%d" % n for n in (128, 129, 130)], d
assert [(x["driver"], x["model"], x["isa"], x["gpu_id"]) for x in d] == [
    ("panfrost", "t760", "midgard", 0x750), ("panfrost", "g71", "bifrost", 0x6000),
    ("lima", "mali400", "utgard_gp", 0x0b070101)], d
assert all(x["usable"] and x["gpu_model"] for x in d), d
PY
FAKEDRM_MODEL=0 fake "$bin" devices --json | python3 -c \
	'import json,sys; assert not any(x["gpu_model"] for x in json.load(sys.stdin))' && ok ||
	fail "a device without the model extension says it is a GPU model"
expect 1 'not a DRM device' -- "$bin" devices /dev/null
# a Mali-T604, whose GPU_ID register says 0x6956: panfrost gives userspace 0x0600
FAKEDRM_DEVICES=/dev/dri/renderD128=t604 fake "$bin" devices >"$tmp/t604.txt" &&
	grep -Eq '^/dev/dri/renderD128 +panfrost .* 0x600 +Mali-T604 +t604 +midgard' "$tmp/t604.txt" &&
	ok || fail "a T604: $(cat "$tmp/t604.txt")"

# run: the same report as the simulator's
printf 'alu {\n\tvadd.fadd r2.xyzw, r0.xyzw, r1.zwxy\n\tsmul.fmul r3.x, r0.y, r1.x\n}\n' >"$tmp/a.s"
args=(run -i midgard "$tmp/a.s" --input registers=floats:1,2,3,4,5,6,7,8 --observe registers)
"$bin" "${args[@]}" >"$tmp/sim.out" || fail "run on sim"
fake "$bin" "${args[@]}" --runner drm >"$tmp/drm.out" && cmp -s "$tmp/sim.out" "$tmp/drm.out" && ok ||
	fail "run --runner drm: $(diff "$tmp/sim.out" "$tmp/drm.out")"
fake "$bin" "${args[@]}" --runner drm:/dev/dri/renderD128 >"$tmp/drm2.out" &&
	cmp -s "$tmp/sim.out" "$tmp/drm2.out" && ok || fail "run --runner drm:PATH"
# refused: another ISA, another GPU model, a node that is not there
printf 'clause {\n\treg read=r0 read=r1 wfma=r3 first=1\n\tfma FCMP.D3D.f32 src0=p0 src1=p1 cmp=olt\n\tadd NOP src0=p0\n}\n' >"$tmp/b.s"
expect 1 'renderD128: the Mali-T760 runs midgard, not bifrost' -- \
	env LD_PRELOAD="$FAKEDRM_PRELOAD" "$bin" run -i bifrost "$tmp/b.s" --runner drm:/dev/dri/renderD128
expect 1 'the GPU is a t760 \(Mali-T760\), not the t860' -- \
	env LD_PRELOAD="$FAKEDRM_PRELOAD" "$bin" "${args[@]}" --gpu t860 --runner drm
expect 1 'renderD140: cannot open the render node' -- \
	env LD_PRELOAD="$FAKEDRM_PRELOAD" "$bin" "${args[@]}" --runner drm:/dev/dri/renderD140
FAKEDRM_DEVICES=/dev/dri/renderD130=mali400 expect 1 'no render node with a GPU running midgard' -- \
	env LD_PRELOAD="$FAKEDRM_PRELOAD" "$bin" "${args[@]}" --runner drm
expect 2 "unknown runner 'drn'" -- "$bin" "${args[@]}" --runner drn
expect 1 "ISAPROBE_DRM_JOBS='0x10': expected a whole number from 1 to 65535" -- \
	env ISAPROBE_DRM_JOBS=0x10 LD_PRELOAD="$FAKEDRM_PRELOAD" "$bin" "${args[@]}" --runner drm

# a kernel (no model extension): the Midgard job runs through the register harness
# (docs/harness.md) and prints what the simulator prints (the program touches r0-r3 only)
# (but for the step count: a GPU does not count steps)
FAKEDRM_MODEL=0 fake "$bin" "${args[@]}" --runner drm | grep -v '^steps:' >"$tmp/hw.out"
grep -v '^steps:' "$tmp/sim.out" | cmp -s - "$tmp/hw.out" && ok ||
	fail "registers on a kernel: $(grep -v '^steps:' "$tmp/sim.out" | diff - "$tmp/hw.out")"
# ... a fault is named as the kernel names its code (panfrost_device.c's table): an MMU page
# fault's exception type from the kernel log, TRANSLATION_FAULT_1 (it was "UNKNOWN"); a lima GP
# error has no code, and no name
FAKEDRM_MODEL=0 FAKEDRM_INJECT=pagefault@1 expect_out 1 '^status: fault 0xc1 \(TRANSLATION_FAULT_1\)$' -- \
	env LD_PRELOAD="$FAKEDRM_PRELOAD" "$bin" "${args[@]}" --runner drm
FAKEDRM_MODEL=0 FAKEDRM_INJECT=pagefault@1 expect_out 1 '"fault": 193, "fault_name": "TRANSLATION_FAULT_1"' -- \
	env LD_PRELOAD="$FAKEDRM_PRELOAD" "$bin" "${args[@]}" --runner drm --json
printf 'instr {\n\tload 0\n\treg0 attr 0\n\tacc0.add ld_x, ld_y\n\tstore0.varying 0, acc0, acc0\n}\n' >"$tmp/g.s"
FAKEDRM_INJECT=fault@1 expect_out 1 '^status: fault$' -- env LD_PRELOAD="$FAKEDRM_PRELOAD" \
	"$bin" run -i utgard_gp "$tmp/g.s" --input attributes=floats:1,2,3,4 --runner drm
FAKEDRM_INJECT=fault@1 expect_out 1 '"fault": 0, "fault_name": null' -- env LD_PRELOAD="$FAKEDRM_PRELOAD" \
	"$bin" run -i utgard_gp "$tmp/g.s" --input attributes=floats:1,2,3,4 --runner drm --json
# ... an ISA without a harness refuses registers with the reason, and a campaign of such a probe
# stops before it starts (exit 1, nothing stored), naming the probe, instead of storing a runner
# error for every variant
printf 'instr {\n\tload 0\n\treg0 attr 0\n\tacc0.add ld_x, ld_y\n\tstore0.varying 0, acc0, acc0\n}\n' >"$tmp/g.s"
FAKEDRM_MODEL=0 fake "$bin" run -i utgard_gp "$tmp/g.s" --input attributes=floats:1,2,3,4 \
	--observe registers --runner drm >"$tmp/hwg.out"
grep -q '^status: runner_error' "$tmp/hwg.out" &&
	grep -q 'no register harness for ISA utgard_gp' "$tmp/hwg.out" && ok ||
	fail "registers without a harness on a kernel: $(cat "$tmp/hwg.out")"
{ sed '/^observe/d' "$src/probes/utgard_gp/pass_op.probe"; echo 'observe registers 256'; } >"$tmp/gpreg.probe"
FAKEDRM_MODEL=0 fake "$bin" campaign "$tmp/gpreg.probe" --runner drm --db "$tmp/hwreg.db" \
	--quiet 2>"$tmp/hwreg.err"
st=$?
[ "$st" -eq 1 ] && grep -q 'gpreg.probe.*runner drm cannot run the jobs of context' "$tmp/hwreg.err" &&
	grep -q 'no register harness for ISA utgard_gp' "$tmp/hwreg.err" &&
	[ "$(sqlite3 "$tmp/hwreg.db" 'SELECT count(*) FROM run' 2>/dev/null || echo 0)" = 0 ] && ok ||
	fail "a registers probe's campaign on a kernel: exit $st: $(cat "$tmp/hwreg.err")"
# ... and a probe that needs no register file runs on the hardware path alone: every variant the
# simulator runs ok gives the same outcome (the rest, which the simulator cannot say, may not)
gpp=$src/probes/utgard_gp/pass_op.probe
"$bin" campaign "$gpp" --db "$tmp/gsim.db" --quiet || fail "pass_op on sim"
FAKEDRM_MODEL=0 fake "$bin" campaign "$gpp" --runner drm --db "$tmp/ghw.db" --quiet || fail "pass_op on a kernel"
sqlite3 "$tmp/gsim.db" "SELECT r.context, hex(r.value), hex(o.hash) FROM run r JOIN outcome o ON
	o.id = r.outcome_id WHERE o.status = 0 ORDER BY 1, 2" >"$tmp/gsim.ok"
sqlite3 "$tmp/ghw.db" "SELECT r.context, hex(r.value), hex(o.hash) FROM run r JOIN outcome o ON
	o.id = r.outcome_id WHERE o.status = 0 ORDER BY 1, 2" >"$tmp/ghw.ok"
[ -s "$tmp/gsim.ok" ] && [ -z "$(comm -23 "$tmp/gsim.ok" "$tmp/ghw.ok")" ] && ok ||
	fail "ok outcomes on the hardware path: $(comm -23 "$tmp/gsim.ok" "$tmp/ghw.ok" | head -3)"

# agent --runner drm behind --runner remote: the same runs as the simulator
p=$src/probes/midgard/scalar_unk.probe
"$bin" campaign "$p" --db "$tmp/asim.db" --quiet || fail "scalar_unk on sim"
fake "$bin" campaign "$p" --runner "remote:$bin agent --runner drm" --db "$tmp/agent.db" --quiet ||
	fail "campaign through agent --runner drm"
same_runs "$tmp/asim.db" "$tmp/agent.db" scalar_unk "agent --runner drm"
expect 2 "unknown runner 'drn'" -- "$bin" agent --runner drn

# campaign --dry-run --runner drm: the sample runs on the device (the whys of what it could not
# say read after the runner is closed) and says what the simulator's says, but for the runner
fake "$bin" campaign --dry-run "$src/probes/utgard_gp/acc_op.probe" --runner drm >"$tmp/dry.drm" 2>&1 ||
	fail "dry run through drm: $(cat "$tmp/dry.drm")"
"$bin" campaign --dry-run "$src/probes/utgard_gp/acc_op.probe" | sed '1s/runner sim/runner drm/' \
	>"$tmp/dry.sim"
grep -q 'unmodeled' "$tmp/dry.sim" && cmp -s "$tmp/dry.sim" "$tmp/dry.drm" && ok ||
	fail "dry run through drm: $(diff "$tmp/dry.sim" "$tmp/dry.drm" | head -5)"

# ci/nightly --runner drm
fake_program "$bin" "$tmp/isaprobe-fake"
"$src/ci/nightly" --runner drm --isaprobe "$tmp/isaprobe-fake" --out "$tmp/nights" --stamp n1 --no-report \
	"$p" "$src/probes/utgard_gp/acc_op.probe" >"$tmp/nightly.log" 2>&1 && ok ||
	fail "ci/nightly --runner drm: $(cat "$tmp/nightly.log")"
[ "$(sqlite3 "$tmp/nights/n1/findings.db" "SELECT group_concat(runner || ':' || model) FROM
	(SELECT * FROM device ORDER BY model)")" = "drm:mali400,drm:t760" ] && ok ||
	fail "nightly devices: $(sqlite3 "$tmp/nights/n1/findings.db" 'SELECT * FROM device')"
# ci/board-bundle: the program, ci/nightly, the probes and a manifest, runnable once unpacked;
# a program for another machine is refused
"$src/ci/board-bundle" --isaprobe "$bin" --out "$tmp/bundle.tgz" >/dev/null && ok || fail "board-bundle"
mkdir -p "$tmp/unpacked" && tar -xzf "$tmp/bundle.tgz" -C "$tmp/unpacked" &&
	[ -x "$tmp/unpacked/ci/nightly" ] && [ -f "$tmp/unpacked/probes/utgard_gp/acc_op.probe" ] &&
	grep -q '^arch: native' "$tmp/unpacked/BUNDLE" &&
	"$tmp/unpacked/build/release/isaprobe" --version | grep -q '^isaprobe ' && ok ||
	fail "the bundle's contents"
expect 1 'is not a program for aarch64' -- "$src/ci/board-bundle" --arch arm64 --isaprobe "$bin" \
	--out "$tmp/wrong.tgz"
finish
