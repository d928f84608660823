#!/usr/bin/env bash
# cli_seed_stable.sh: the fields inference finds do not depend on the campaign's sampling seed,
# and one field probed in two instructions keeps a finding for each. The shipped Midgard
# ls_loads probe (whose 25-26 component and 27-29 register selects once merged into one enum
# under another seed) and the Utgard acc_op probe run on the simulator with `--strategy auto`
# and `--seed 1`, then `--seed 7`: the field lists (context, instruction, bits, kind,
# condition) are the same. Then acc_op's opcode targeted in instructions 0 and 1 of one probe
# gives two findings, [0.0] and [1.0]. Usage: SCRIPT ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

fields() { # DB: one line per finding
	"$bin" query --db "$1" --sql "SELECT p.name, f.context, f.bundle, f.slot, f.lo, f.hi, f.kind,
		f.cond FROM finding f JOIN probe p ON p.id = f.probe_id
		ORDER BY p.name, f.context, f.bundle, f.slot, f.lo, f.cond, f.kind"
}

for probe in midgard/ls_loads utgard_gp/acc_op; do
	name=$(basename "$probe")
	for seed in 1 7; do
		db=$tmp/$name-$seed.db
		if "$bin" campaign "$src/probes/$probe.probe" --runner sim --db "$db" --strategy auto \
			--seed "$seed" --jobs 2 --quiet && "$bin" infer --db "$db" -q; then
			fields "$db" >"$tmp/$name-$seed.txt" && ok || fail "$name: query"
		else
			fail "$name --seed $seed: campaign or infer"
		fi
	done
	n=$(wc -l <"$tmp/$name-1.txt")
	[ "$n" -gt 8 ] && ok || fail "$name: only $n findings"
	if cmp -s "$tmp/$name-1.txt" "$tmp/$name-7.txt"; then
		ok
	else
		fail "$name: --seed 1 and --seed 7 give other fields:"
		diff "$tmp/$name-1.txt" "$tmp/$name-7.txt" >&2
	fi
done
grep -Eq "^ls_loads +1 +0 +1 +25 +26 +component +bit 30 = 1 *$" "$tmp/ls_loads-1.txt" && ok ||
	fail "ls_loads context 1: no 25-26 component under bit 30 = 1: $(head -20 "$tmp/ls_loads-1.txt")"

# acc_op's opcode in both instructions of one program: two findings of bits 83-85
sed -e '/^context /d' -e 's/^target 0\.instr bits 83-85$/&\ntarget 1.instr bits 83-85/' \
	"$src/probes/utgard_gp/acc_op.probe" >"$tmp/two.probe"
echo "context plain" >>"$tmp/two.probe"
"$bin" campaign "$tmp/two.probe" --runner sim --db "$tmp/two.db" --strategy auto --quiet &&
	"$bin" infer --db "$tmp/two.db" -q && "$bin" report --db "$tmp/two.db" -o "$tmp/two.md" &&
	ok || fail "two instructions: campaign, infer or report"
grep -q "^    \[0\.0\] 83-85: enum / opcode: 0: add, 1: floor, 2: sign" "$tmp/two.md" &&
	grep -q "^    \[1\.0\] 83-85: enum / opcode: " "$tmp/two.md" && ok ||
	fail "two instructions: not one finding each: $(grep '^    \[' "$tmp/two.md")"
finish
