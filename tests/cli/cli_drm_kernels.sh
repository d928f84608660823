#!/usr/bin/env bash
# cli_drm_kernels.sh: the drm runner against the fake DRM device behaving as each kernel version
# it models (FAKEDRM_KERNEL, docs/fakedrm.md), on a GPU (no model extension): what differs
# between kernels gives the same stored runs. lima: after a planted GP fault, every shipped
# Utgard GP probe stores what the simulator stores (before 6.9 the failed job's context is
# guilty and the kernel cancels every later job of it: the runner makes it anew); a hang is a
# timeout whether the kernel logs "lima job timeout" (before 6.9) or "gp job timeout", or
# /dev/kmsg cannot be read, and a scheduler timeout beyond the runner's own deadline (10 s from
# 6.9) is waited for. panfrost: a job fault and an MMU page fault store the same runs whatever
# the fence says (-EINVAL from 6.5, nothing before, -ECANCELED before 5.15) and whether the job is
# killed (from 5.15) or waits for the timeout.
# Usage: cli_drm_kernels.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"
. "$(dirname "$0")/drm_lib.sh"
export FAKEDRM_MODEL=0
kernels=(5.10 6.1 6.6 6.12)

# ---- lima ----
export FAKEDRM_DEVICES=/dev/dri/renderD130=mali400
gp=("$src"/probes/utgard_gp/*.probe)
[ "${#gp[@]}" -ge 8 ] || fail "only ${#gp[@]} Utgard GP probes found"
ex=(--strategy exhaustive --budget 256 --quiet)
"$bin" campaign "${gp[@]}" "${ex[@]}" --db "$tmp/gp_sim.db" || fail "Utgard GP on the simulator"
# ok_of DB: the runs the simulator ran to their end, as probe|context|value|hash
ok_of() {
	sqlite3 "$1" "SELECT p.name || '|' || r.context || '|' || hex(r.value) || '|' || hex(o.hash)
		FROM run r JOIN outcome o ON o.id = r.outcome_id JOIN campaign c ON c.id = r.campaign_id
		JOIN probe p ON p.id = c.probe_id WHERE o.status = ${2:-0} ORDER BY 1"
}
ok_of "$tmp/gp_sim.db" >"$tmp/gp_sim.ok"
[ "$(wc -l <"$tmp/gp_sim.ok")" -ge 100 ] && ok || fail "only $(wc -l <"$tmp/gp_sim.ok") ok runs"
for k in "${kernels[@]}"; do
	# a GP fault planted at the 50th draw of each campaign (it sticks to its program)
	for p in "${gp[@]}"; do
		FAKEDRM_KERNEL=$k FAKEDRM_INJECT=fault@50 fake "$bin" campaign "$p" --runner drm "${ex[@]}" \
			--db "$tmp/gp_$k.db" || fail "$k: $(basename "$p")"
	done
	ok_of "$tmp/gp_$k.db" >"$tmp/gp_$k.ok"
	ok_of "$tmp/gp_$k.db" 1 >"$tmp/gp_$k.fault"
	# every variant the simulator ran to its end: the same memory, but the planted fault's
	# (one per campaign at most; the first drawn jobs' programs fault in two of them)
	grep -v -x -F -f "$tmp/gp_$k.ok" "$tmp/gp_sim.ok" >"$tmp/gp_$k.lost"
	n=$(wc -l <"$tmp/gp_$k.lost")
	[ "$n" -ge 1 ] && [ "$(cut -d'|' -f1 "$tmp/gp_$k.lost" | sort | uniq -d | wc -l)" = 0 ] &&
		[ "$n" -le "${#gp[@]}" ] && ok ||
		fail "$k: $n variants the simulator ran ok stored otherwise: $(cut -d'|' -f1 "$tmp/gp_$k.lost" | uniq -c | tr '\n' ' ')"
	# and those are the planted faults: stored as fault
	cut -d'|' -f1-3 "$tmp/gp_$k.lost" >"$tmp/gp_$k.keys"
	[ "$(grep -c -F -f "$tmp/gp_$k.keys" "$tmp/gp_$k.fault")" = "$n" ] && ok ||
		fail "$k: the variants changed are not the planted faults"
done
cmp -s "$tmp/gp_5.10.ok" "$tmp/gp_6.12.ok" && ok || fail "5.10 and 6.12 stored different runs"

# a GP program that never ends, alone: a timeout on each kernel, told by the kernel log's
# "lima job timeout" (before 6.9) or "gp job timeout"
cat >"$tmp/loop.s" <<'EOF'
instr {
	pass.pass ld_x
	load 0
	store0.varying 0, pass, pass
	branch 0
}
EOF
loop=(run -i utgard_gp "$tmp/loop.s" --input uniforms=floats:1,2,3,4 --observe varyings_out=32
      --runner drm)
for k in "${kernels[@]}"; do
	FAKEDRM_KERNEL=$k FAKEDRM_TRACE="$tmp/loop_$k.trace" fake "$bin" "${loop[@]}" >"$tmp/loop_$k.out"
	grep -q '^status: timeout' "$tmp/loop_$k.out" && ok || fail "$k: loop: $(head -2 "$tmp/loop_$k.out")"
done
grep -q 'kmsg lima: lima job timeout' "$tmp/loop_6.6.trace" && ok || fail "6.6: no 'lima job timeout'"
grep -q 'kmsg lima: gp job timeout' "$tmp/loop_6.12.trace" && ok || fail "6.12: no 'gp job timeout'"
# /dev/kmsg refused (kernel.dmesg_restrict=1): told by the time it took; and lima's 10 s
# timeout of 6.9 and later (here 1.5 s) outlasting the runner's own deadline (1 s) is waited for
FAKEDRM_KERNEL=6.12 FAKEDRM_KMSG=0 FAKEDRM_SCHED_TIMEOUT_MS=1500 ISAPROBE_DRM_TIMEOUT=1 \
	fake "$bin" "${loop[@]}" >"$tmp/loop_slow.out" 2>"$tmp/loop_slow.err"
grep -q '^status: timeout' "$tmp/loop_slow.out" && ok ||
	fail "a 1.5 s timeout, kmsg refused: $(head -2 "$tmp/loop_slow.out") $(cat "$tmp/loop_slow.err")"

# ---- panfrost ----
# a job fault ends the fence -EINVAL from 6.5, without an error before, -ECANCELED with a reset
# before 5.15; a page fault kills the job from 5.15 (its header unwritten), before it waits for
# the scheduler's timeout: the stored runs are the same on each (the job's status, else the
# kernel log's MMU fault). The shipped Midgard probes plant registers: on the model extension.
export FAKEDRM_DEVICES=/dev/dri/renderD128=t760 FAKEDRM_MODEL=1 ISAPROBE_DRM_JOBS=64
mg=(campaign "$src/probes/midgard/scalar_unk.probe" --strategy exhaustive --jobs 1 --batch 256
    --runner drm --quiet)
fake "$bin" "${mg[@]}" --db "$tmp/mg.db" || fail "midgard baseline"
runs_of "$tmp/mg.db" scalar_unk >"$tmp/mg.runs"
# changed NAME DB STATUS FAULT: DB has the baseline's runs but for one variant, now STATUS FAULT
changed() {
	runs_of "$2" scalar_unk >"$tmp/$1.runs"
	diff "$tmp/mg.runs" "$tmp/$1.runs" | grep '^>' >"$tmp/$1.diff"
	[ "$(diff "$tmp/mg.runs" "$tmp/$1.runs" | grep -c '^<')" -eq 1 ] &&
		[ "$(wc -l <"$tmp/$1.diff")" -eq 1 ] && grep -q "|$3|$4|1\$" "$tmp/$1.diff" && ok ||
		fail "$1: want one variant changed to status $3 fault $4, got: $(head -3 "$tmp/$1.diff")"
}
for k in "${kernels[@]}"; do
	FAKEDRM_KERNEL=$k FAKEDRM_INJECT=fault@700=0x5b fake "$bin" "${mg[@]}" --db "$tmp/mgf_$k.db" ||
		fail "$k: fault"
	changed "mgf_$k" "$tmp/mgf_$k.db" 1 91
	FAKEDRM_KERNEL=$k FAKEDRM_INJECT=pagefault@700 FAKEDRM_TRACE="$tmp/mgp_$k.trace" \
		fake "$bin" "${mg[@]}" --db "$tmp/mgp_$k.db" || fail "$k: page fault"
	changed "mgp_$k" "$tmp/mgp_$k.db" 1 193 # TRANSLATION_FAULT_1, from the kernel log
done
grep -q 'fence error=-125' "$tmp/mgp_5.10.trace" && ok || fail "5.10: a page fault does not wait"
grep -q 'fence error=0' "$tmp/mgp_6.1.trace" && ! grep -q 'fence error=-22' "$tmp/mgp_6.1.trace" &&
	ok || fail "6.1: a page fault's fence has an error"
grep -q 'fence error=-22' "$tmp/mgp_6.6.trace" && ok || fail "6.6: a page fault's fence has no -EINVAL"
# without the kernel log: a killed job is a fault (code 0); before 5.15, a timeout
FAKEDRM_KMSG=0 FAKEDRM_KERNEL=6.1 FAKEDRM_INJECT=pagefault@700 fake "$bin" "${mg[@]}" \
	--db "$tmp/mgq.db" || fail "6.1: page fault, no kernel log"
changed mgq "$tmp/mgq.db" 1 0
FAKEDRM_KMSG=0 FAKEDRM_KERNEL=5.10 FAKEDRM_INJECT=pagefault@700 fake "$bin" "${mg[@]}" \
	--db "$tmp/mgr.db" || fail "5.10: page fault, no kernel log"
changed mgr "$tmp/mgr.db" 3 0

finish
