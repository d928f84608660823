#!/usr/bin/env bash
# cli_drm_harness_midgard.sh: the shipped Midgard probes on a GPU (the fake device's default,
# FAKEDRM_MODEL=0, a T760) through the register harness (docs/harness.md): ls_loads runs to the
# end without a runner error, many wrapped jobs per submission, an injected fault recovered;
# `campaign --dry-run --runner drm` prints the program the GPU runs in three marked parts, each
# the disassembly of its bytes, and the buffers; on a GPU model (FAKEDRM_MODEL=1) nothing is
# wrapped; `isaprobe gpu-check` says which probes a T760 runs. (That the inferred fields equal the
# simulator's on the registers a GPU shows: tests/drm/test_drm_harness_midgard.c.)
# Usage: cli_drm_harness_midgard.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"
. "$(dirname "$0")/drm_lib.sh"
command -v python3 >/dev/null || { echo "python3 is needed (ci/setup-debian installs it)" >&2; exit 1; }
export FAKEDRM_MODEL=0 FAKEDRM_DEVICES=/dev/dri/renderD128=t760

# the must-show: ls_loads on a T760 without the model extension, to the end, no runner error
FAKEDRM_STATS=$tmp/stats FAKEDRM_TRACE=$tmp/trace fake "$bin" campaign \
	"$src/probes/midgard/ls_loads.probe" --runner drm --db "$tmp/l.db" --quiet && ok ||
	fail "ls_loads on a T760"
[ "$(sqlite3 "$tmp/l.db" "SELECT count(*) FROM run r JOIN outcome o ON o.id = r.outcome_id
	WHERE o.status = 5")" = 0 ] && ok || fail "runner errors stored"
[ "$(sqlite3 "$tmp/l.db" "SELECT count(*) FROM run r JOIN outcome o ON o.id = r.outcome_id
	WHERE o.status = 0 AND length(o.data) = 2048")" -gt 100 ] && ok || fail "few ok runs with registers"
[ "$(sqlite3 "$tmp/l.db" "SELECT DISTINCT runner || ':' || model FROM device")" = drm:t760 ] && ok ||
	fail "device: $(sqlite3 "$tmp/l.db" 'SELECT * FROM device')"
# wrapped jobs batch as any other: the largest submission holds hundreds of them
most=$(awk '/^submit /{if (n > m) m = n; n = 0} /^job /{n++} END{if (n > m) m = n; print m + 0}' "$tmp/trace")
[ "$most" -ge 256 ] && ok || fail "at most $most jobs per submission"

# a fault injected into one wrapped job: that variant faults, the others as without it
cp "$src/probes/midgard/scalar_unk.probe" "$tmp/s.probe"
fake "$bin" campaign "$tmp/s.probe" --runner drm --strategy walk --db "$tmp/s1.db" --quiet || fail "walk"
FAKEDRM_INJECT=fault@3=0x51 fake "$bin" campaign "$tmp/s.probe" --runner drm --strategy walk \
	--db "$tmp/s2.db" --quiet || fail "walk with a fault"
runs_of "$tmp/s1.db" s >"$tmp/a.runs"
runs_of "$tmp/s2.db" s >"$tmp/b.runs"
[ "$(diff "$tmp/a.runs" "$tmp/b.runs" | grep -c '^>')" = 1 ] &&
	diff "$tmp/a.runs" "$tmp/b.runs" | grep -q '^>.*|1|81|1$' && ok ||
	fail "an injected fault: $(diff "$tmp/a.runs" "$tmp/b.runs")"

# the dry run: the program the GPU runs, in three parts, each part's text assembling back to its
# bytes; the buffers and the harness's layout
fake "$bin" campaign --dry-run --runner drm --sample 2 "$src/probes/midgard/ls_loads.probe" \
	>"$tmp/dry.txt" 2>&1 && ok || fail "dry run: $(cat "$tmp/dry.txt")"
for want in 'the program the GPU runs (the midgard register harness' '    prologue, bytes 0-' \
	'    the seed variant, bytes ' '    epilogue, bytes ' '  its buffers:' \
	'    attributes   in 18496 bytes, out 18496 bytes' '    uniforms     in 4112 bytes' \
	'slots 257-288 the harness'; do
	grep -qF "$want" "$tmp/dry.txt" && ok || fail "dry run lacks '$want'"
done
[ "$(grep -c 'the program the GPU runs' "$tmp/dry.txt")" = "$(grep -c '^context ' "$src/probes/midgard/ls_loads.probe")" ] &&
	ok || fail "not one program per context"
fake "$bin" campaign --dry-run --json --runner drm --sample 2 "$src/probes/midgard/ls_loads.probe" \
	>"$tmp/dry.json" && ok || fail "dry run --json"
python3 - "$tmp/dry.json" "$bin" "$tmp" <<'PY' && ok || fail "dry run JSON parts"
import json, subprocess, sys
doc = json.load(open(sys.argv[1]))
for ctx in doc["contexts"]:
    gpu = ctx["gpu"]
    assert gpu["harness"] == "midgard" and gpu["wrapped"], gpu
    at = 0
    for part in ("prologue", "variant", "epilogue"):
        p = gpu[part]
        assert p["at"] == at and p["bytes"] == len(p["code"]) // 2 > 0, (part, p["at"], at)
        at += p["bytes"]
        src = "%s/part.s" % sys.argv[3]
        open(src, "w").write(p["disassembly"])
        subprocess.run([sys.argv[2], "asm", "-i", "midgard", src, "-o", src + ".bin"], check=True)
        assert open(src + ".bin", "rb").read().hex() == p["code"], part
    assert at == gpu["bytes"]
    # the variant is the seed (one word), its next type `end` made the epilogue's first type
    v, e = gpu["variant"]["code"], gpu["epilogue"]["code"]
    assert ctx["seed"][0] == "1" and v[0] == e[1] and v[1:] == ctx["seed"][1:], (v, ctx["seed"])
PY
# on a GPU model nothing is wrapped: no program of the harness
FAKEDRM_MODEL=1 fake "$bin" campaign --dry-run --runner drm --sample 2 \
	"$src/probes/midgard/scalar_unk.probe" >"$tmp/model.txt" 2>&1 &&
	! grep -q 'the program the GPU runs' "$tmp/model.txt" && ok || fail "a GPU model wrapped"

# gpu-check: every shipped Midgard probe runs on a T760, a Bifrost one does not
"$bin" gpu-check --gpu t760 "$src"/probes/midgard/*.probe >"$tmp/gc.txt" && ok || fail "gpu-check"
[ "$(grep -c ': runs on the t760$' "$tmp/gc.txt")" = "$(ls "$src"/probes/midgard/*.probe | wc -l)" ] &&
	ok || fail "gpu-check: $(cat "$tmp/gc.txt")"
"$bin" gpu-check --gpu t760 "$src/probes/bifrost/header_unknown.probe" >"$tmp/gc2.txt"
[ $? = 1 ] && grep -q 'does not run on the t760: context .*: the Mali-T760 runs midgard, not bifrost' \
	"$tmp/gc2.txt" && ok || fail "gpu-check of a Bifrost probe: $(cat "$tmp/gc2.txt")"
"$bin" gpu-check --gpu t999 "$src/probes/midgard/ls_loads.probe" >"$tmp/gc3.txt"
[ $? = 1 ] && grep -q "no GPU model 't999'" "$tmp/gc3.txt" && ok || fail "gpu-check t999: $(cat "$tmp/gc3.txt")"
expect 2 'are needed' -- "$bin" gpu-check "$src/probes/midgard/ls_loads.probe"
finish
