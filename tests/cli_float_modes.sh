#!/usr/bin/env bash
# cli_float_modes.sh: the shipped Bifrost clause-header probe of the float modes, run on the
# simulator, inferred and reported: bits 5-6 flush to zero (1: binary32 denormals, 2: binary16
# too, 3: not modelled), 7 infinities to the largest finite, 8 NaN to +0, each named and
# explained, not named by an arithmetic operation (sub, isub, div). Usage: SCRIPT BIN SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

"$bin" campaign "$src/probes/bifrost/header_float_modes.probe" --db "$tmp/f.db" --quiet && ok || fail "campaign"
"$bin" infer --db "$tmp/f.db" >/dev/null && ok || fail "infer"
"$bin" report --db "$tmp/f.db" >"$tmp/r.md" && ok || fail "report"
want() { grep -qF -- "$1" "$tmp/r.md" && ok || fail "no line '$1' in: $(grep '^    ' "$tmp/r.md")"; }
want "    [0.0] 5-6: modifier: 0: none, 1: ftz_f32, 2: ftz, 3: unmodeled [ftz_f32: binary32 denormals flushed to zero, sign kept; ftz: binary32 and binary16 denormals flushed to zero, sign kept (results below 2^-14 become 0)]"
want "    [0.0] 7: modifier: 0: none, 1: suppress_inf [suppress_inf: +-infinity becomes +-largest finite (binary32)]"
want "    [0.0] 8: modifier: 0: none, 1: suppress_nan [suppress_nan: NaN becomes +0]"
want "    [0.0] 9-10: unmodeled by the runner"
grep -E "^    \[0\.0\] [5-8]" "$tmp/r.md" | grep -qE "sub|div|behaviour|unidentified" && fail "an arithmetic name on a float mode" || ok
"$bin" report --db "$tmp/f.db" --format json -o "$tmp/r.json" && ok || fail "json"
grep -qF '"meanings":{"suppress_nan":"NaN becomes +0"}' "$tmp/r.json" && ok || fail "json meanings"

finish
