#!/usr/bin/env bash
# cli_drm_equal.sh: every shipped probe of Midgard, Bifrost and Utgard GP, run as a campaign with
# --runner drm through the fake DRM device, stores exactly the runs --runner sim stores (each
# variant's outcome hash and count); so do the test probes whose variants fault and hang.
# Usage: cli_drm_equal.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"
. "$(dirname "$0")/drm_lib.sh"
# The model extension (FAKEDRM_MODEL=1): every run is compared with the simulator's, statuses
# no GPU gives (unmodeled) and the register file included.
export FAKEDRM_MODEL=1

probes=("$src"/probes/midgard/*.probe "$src"/probes/bifrost/*.probe "$src"/probes/utgard_gp/*.probe)
[ "${#probes[@]}" -ge 20 ] || fail "only ${#probes[@]} shipped probes found"

# the drm runner finds each probe's GPU among the three nodes by its ISA (no path given)
"$bin" campaign "${probes[@]}" --db "$tmp/sim.db" --quiet || fail "sim campaigns"
fake "$bin" campaign "${probes[@]}" --runner drm --db "$tmp/drm.db" --quiet || fail "drm campaigns"
for p in "${probes[@]}"; do
	same_runs "$tmp/sim.db" "$tmp/drm.db" "$(basename "$p" .probe)" "sim against drm"
done
# the devices are the runners': drm on the fake GPUs' models
sqlite3 "$tmp/drm.db" "SELECT DISTINCT runner || ':' || model FROM device ORDER BY 1" >"$tmp/dev"
printf 'drm:g71\ndrm:mali400\ndrm:t760\n' | cmp -s - "$tmp/dev" && ok || fail "devices: $(tr '\n' ' ' <"$tmp/dev")"

# variants that fault and hang on the simulator: the same faults (codes) and timeouts
tp=("$src"/tests/data/drm/*.probe)
"$bin" campaign "${tp[@]}" --strategy exhaustive --db "$tmp/sim2.db" --quiet || fail "sim test probes"
fake "$bin" campaign "${tp[@]}" --strategy exhaustive --runner drm --db "$tmp/drm2.db" --quiet ||
	fail "drm test probes"
for p in "${tp[@]}"; do
	same_runs "$tmp/sim2.db" "$tmp/drm2.db" "$(basename "$p" .probe)" "faults and hangs"
done
for status in 1 3; do # each test probe has faults and timeouts, or the test proves nothing
	n=$(sqlite3 "$tmp/drm2.db" "SELECT count(DISTINCT c.probe_id) FROM run r JOIN outcome o ON
		o.id = r.outcome_id JOIN campaign c ON c.id = r.campaign_id WHERE o.status = $status")
	[ "$n" -eq 2 ] && ok || fail "status $status in $n test probes, not 2"
done
finish
