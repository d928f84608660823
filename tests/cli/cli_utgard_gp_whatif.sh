#!/usr/bin/env bash
# cli_utgard_gp_whatif.sh: the Utgard GP opcode probes on the simulator (unknown opcodes unmodeled)
# and on the example external device model examples/utgard_gp_whatif (HYPOTHETICAL semantics:
# multiply 5 min, 6 max, 7 add; accumulator 3 a - b) through --runner remote:. Expected values
# are worked out by hand from those definitions and the probes' inputs. Usage: SCRIPT ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"
dev=$(dirname "$bin")/examples/utgard_gp_whatif # CMake builds examples/ beside the program
q() { sqlite3 "$1" "$2"; }
[ -x "$dev" ] || { echo "FAIL: no example device at $dev (build the utgard_gp_whatif target)" >&2; exit 1; }

# status and output bytes of one variant (context index, target value) of a campaign
outcome() { # DB CONTEXT VALUE
	q "$1" "SELECT o.status || '|' || hex(o.data) FROM run r JOIN outcome o ON o.id = r.outcome_id
	        WHERE r.context = $2 AND r.value = x'0$3'"
}
# The name a report (JSON) gives to value V of the finding starting at bit LO in context C.
name_of() { # REPORT.json CONTEXT LO V
	python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
for p in r["probes"]:
    for c in p["contexts"]:
        if c["label"] != sys.argv[2]:
            continue
        for f in c["findings"]:
            if f["lo"] == int(sys.argv[3]):
                print(f.get("details", {}).get("values", {}).get(sys.argv[4], "-"))
' "$@"
}
pipeline() { # PROBE RUNNER DB: campaign, infer, JSON report in DB.json
	"$bin" campaign "$src/probes/utgard_gp/$1.probe" --runner "$2" --db "$3" --quiet 2>"$tmp/err" &&
		"$bin" infer --db "$3" --quiet 2>>"$tmp/err" &&
		"$bin" report --db "$3" --format json -o "$3.json" 2>>"$tmp/err"
}

# 1. The multiply opcode probe on the simulator: 5, 6 and 7 are unmodeled in every context.
pipeline mul_op sim "$tmp/sim.db" && ok || fail "sim pipeline: $(cat "$tmp/err")"
[ "$(q "$tmp/sim.db" "SELECT group_concat(DISTINCT o.status) FROM run r JOIN outcome o
      ON o.id = r.outcome_id WHERE r.value IN (x'05', x'06', x'07')")" = 4 ] && ok ||
	fail "sim: multiply opcodes 5-7 are not all unmodeled"
! grep -qE '"(min|max)"' "$tmp/sim.db.json" && ok || fail "sim report names an operation it cannot know"

# 2. The same probe on the device model, through the remote runner.
pipeline mul_op "remote:'$dev'" "$tmp/dev.db" && ok || fail "device pipeline: $(cat "$tmp/err")"
[ "$(q "$tmp/dev.db" "SELECT runner || ' ' || model FROM device")" = "remote mali400" ] && ok ||
	fail "device row: $(q "$tmp/dev.db" "SELECT * FROM device")"
# Context 0 (plain) stores multiplier 0 of a = 3, b = -0.5 alone, at once (varying 0 .x) and
# again two instructions later (varying 1 .x); context 7 (mul1) also multiplier 1 of c = 11.5,
# d = -2 (.y). Floats as little-endian bytes: -0.5 000000BF, -2 000000C0, 3 00004040, 11.5
# 00003841, 2.5 00002040, 9.5 00001841, 0.5 0000003F, 2 00000040.
z=0000000000000000
expect_out() { # CONTEXT VALUE WORD0 WORD1 what
	local want="0|$3$4$z$3$4$z" got
	got=$(outcome "$tmp/dev.db" "$1" "$2")
	[ "$got" = "$want" ] && ok || fail "device context $1 value $2 ($5): got $got, want $want"
}
expect_out 0 5 000000BF 00000000 "min(3, -0.5)"
expect_out 7 5 000000BF 000000C0 "min(3, -0.5), min(11.5, -2)"
expect_out 7 6 00004040 00003841 "max"
expect_out 7 7 00002040 00001841 "add"
expect_out 4 5 0000003F 00000000 "negated: -min"
expect_out 9 5 000000BF 00000040 "mul1_negated: min, -min"
# Known opcodes used outside the notes' sequences stay unmodeled: the what-if covers only
# unknown values (and multiply 2 is left unknown by this model): complex1 and complex2 where
# multiplier 0 is stored, select where multiplier 1 is (contexts 6-10).
[ "$(q "$tmp/dev.db" "SELECT group_concat(DISTINCT o.status) FROM run r JOIN outcome o
      ON o.id = r.outcome_id WHERE r.value IN (x'01', x'02', x'03')
      OR (r.value = x'04' AND r.context >= 6)")" = 4 ] && ok ||
	fail "device: values 1-3 (and 4 where multiplier 1 is stored) are not all unmodeled"
# Wherever the simulator says something, the device says the same.
same_sql="SELECT r.context, hex(r.value), o.status, hex(o.data) FROM run r JOIN outcome o
          ON o.id = r.outcome_id WHERE o.status = 0 AND r.value NOT IN (x'05', x'06', x'07')
          ORDER BY 1, 2"
[ "$(q "$tmp/sim.db" "$same_sql")" = "$(q "$tmp/dev.db" "$same_sql")" ] &&
	[ -n "$(q "$tmp/sim.db" "$same_sql")" ] && ok || fail "device and simulator differ on modelled variants"

# 3. The accumulator opcode probe: opcode 3 is unmodeled on the simulator; on the device the
# report names it from the inference's library: a - b = sub (context plain: field 83-85).
pipeline acc_op sim "$tmp/acc_sim.db" && ok || fail "acc sim pipeline: $(cat "$tmp/err")"
pipeline acc_op "remote:'$dev'" "$tmp/acc_dev.db" && ok || fail "acc device pipeline: $(cat "$tmp/err")"
got=$(name_of "$tmp/acc_sim.db.json" plain 83 3)
[ "$got" = unmodeled ] && ok || fail "acc sim: value 3 reported as '$got', not unmodeled"
got=$(name_of "$tmp/acc_dev.db.json" plain 83 3)
[ "$got" = sub ] && ok || fail "acc device: value 3 reported as '$got', not sub"

# 3b. The multiply opcode probe on the device: values 5, 6, 7 are min, max and a + b by the
# device's definition (examples/utgard_gp_whatif), so the report names them min, max, add in
# context mul1 (field 100-102), and the same in the 5 contexts that store both multipliers
# (named once across them: zeros, swapped inputs, negated results, a third input). Where
# multiplier 0 is stored alone, 4 runs too (select, b ? c : a: rselect) and 1-3 do not: the
# opcode is still one field, 100-102 (0: mul, 4: rselect, 5-7 as above), in the 6 contexts (5
# runs while 1 and 4 alone do not or run otherwise: bits of one field; bit 102 came out a field
# of its own there before). On the simulator 5-7 are unmodeled.
for v in 5:min 6:max 7:add; do
	got=$(name_of "$tmp/dev.db.json" mul1 100 "${v%%:*}")
	[ "$got" = "${v#*:}" ] && ok || fail "mul device: value ${v%%:*} reported as '$got', not ${v#*:}"
done
got=$(name_of "$tmp/dev.db.json" plain 100 4)
[ "$got" = rselect ] && ok || fail "mul device: select reported as '$got', not rselect"
[ "$(grep -o '"ops":{"0":"mul","4":"rselect","5":"min","6":"max","7":"add"}' "$tmp/dev.db.json" | wc -l)" = 6 ] &&
	[ "$(grep -o '"ops":{"0":"mul","5":"min","6":"max","7":"add"}' "$tmp/dev.db.json" | wc -l)" = 5 ] &&
	ok || fail "mul device: not rselect in 6 contexts and min, max, add in 5"
"$bin" report --db "$tmp/sim.db" --format md 2>/dev/null | grep -q "100-102: not determined: the simulator does not model values 1-7 (" &&
	ok || fail "mul sim report does not say values 1-7 are unmodeled on the simulator"

# 4. The device model refuses other ISAs by name, and a terminal on stdout.
"$bin" campaign "$src/probes/midgard/ls_stores.probe" --runner "remote:'$dev'" --db "$tmp/m.db" \
	--quiet --budget 4 >/dev/null 2>"$tmp/err"
grep -q "serves ISA 'utgard_gp', the caller asked for 'midgard'" "$tmp/err" && ok || fail "midgard on the device: $(cat "$tmp/err")"

# Input that is not the protocol: the byte offset named, exit status 1.
printf 'garbage-garbage-garbage' | "$dev" >/dev/null 2>"$tmp/err"
[ $? = 1 ] && grep -q "byte offset 0 (0x0): error: not a protocol frame" "$tmp/err" && ok ||
	fail "garbage to the device: $(cat "$tmp/err")"

finish
