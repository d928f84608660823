#!/usr/bin/env bash
# cli_campaign_dry_run.sh: `isaprobe campaign --dry-run`: the seed program equals what `asm`
# makes of the same text, variant counts worked out by hand (and auto's equal to the campaign's
# own total), the sample's unmodeled count equal to a walk campaign's, nothing written to any
# database, bad input named. Usage: cli_campaign_dry_run.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

# expect: stdout and stderr together (shell_lib.sh's expect_out), the answers being on stdout.
expect() { expect_out "$@"; }
# py WHAT FILE EXPR: a Python expression over the JSON lines of FILE (list `j`) must hold.
py() {
	local what=$1 file=$2 expr=$3
	if python3 -c "import json,sys; j=[json.loads(l) for l in open(sys.argv[1])]; sys.exit(0 if ($expr) else 1)" "$file"; then
		ok
	else
		fail "$what: ($expr) does not hold for:"
		head -c 2000 "$file" >&2
	fi
}

# A Midgard probe of one context: 6 target bits (load/store 25-30), no contexts.
cat >"$tmp/small.probe" <<'EOF'
isa midgard
program <<END
ls {
	ld_attr_32 r0.xyzw, [0].xyzw unk25=0x404
	noop
}
END
target 0.load_store bits 25-30
input attributes distinct 256
observe registers 64
EOF
cat >"$tmp/seed.s" <<'EOF'
ls {
	ld_attr_32 r0.xyzw, [0].xyzw unk25=0x404
	noop
}
EOF
"$bin" asm -i midgard --hex "$tmp/seed.s" >"$tmp/seed.hex" || fail "asm --hex"
hex=$(tr -d ' \n' <"$tmp/seed.hex")
"$bin" campaign "$tmp/small.probe" --dry-run >"$tmp/t.txt" 2>&1 || fail "dry run of small.probe"
grep -q "^    $(head -1 "$tmp/seed.hex")\$" "$tmp/t.txt" && ok || { fail "the seed's words as asm --hex writes them"; cat "$tmp/t.txt" >&2; }
# 6 bits: walk 1 + 6, pairs 1 + 15, exhaustive 64, random 4096 (the default per context).
expect 0 'variants: walk 7, pairs 16, exhaustive 64, random 4096, auto [0-9]+ .*\[chosen\]$' -- \
	"$bin" campaign "$tmp/small.probe" --dry-run
expect 0 'small \(.*small.probe\): midgard, runner sim, GPU model t760, 6 target bits, 1 context$' -- \
	"$bin" campaign "$tmp/small.probe" --dry-run
expect 0 '^  value bits 0-5: midgard.load_store bits 25-30 \(unk25\) of bundle 0 slot 1$' -- \
	"$bin" campaign "$tmp/small.probe" --dry-run
expect 0 'ld_attr_32 r0.xyzw, \[0\].xyzw unk25=0x404' -- "$bin" campaign "$tmp/small.probe" --dry-run
expect 0 'target bits in the seed: 0x4$' -- "$bin" campaign "$tmp/small.probe" --dry-run
expect 0 'variants: walk 7 \[chosen\], pairs 16, exhaustive 64, random 4096, auto [0-9]+ \(' -- \
	"$bin" campaign "$tmp/small.probe" --dry-run --strategy walk
"$bin" campaign "$tmp/small.probe" --dry-run --json --sample 10 >"$tmp/s.json" 2>&1 || fail "--json"
python3 - "$tmp/s.json" "$hex" <<'EOF' && ok || fail "the JSON seed is asm's bytes (words little-endian)"
import json, struct, sys
j = json.loads(open(sys.argv[1]).readline())
words = bytes.fromhex(sys.argv[2])
want = b"".join(struct.pack("<I", int.from_bytes(words[i:i + 4], "big")) for i in range(0, len(words), 4))
sys.exit(0 if j["contexts"][0]["seed"] == want.hex() else 1)
EOF
py "counts" "$tmp/s.json" "j[0]['strategies']['walk']['variants'] == 7 and j[0]['strategies']['exhaustive'] == {'variants': 64, 'refused': False} and j[0]['targets'][0]['format'] == 'midgard.load_store'"
py "sample of 10" "$tmp/s.json" "j[0]['sample'] == 10 and j[0]['contexts'][0]['sample']['run'] == 10 and sum(j[0]['contexts'][0]['sample'][s] for s in ('ok','fault','invalid','timeout','unmodeled','runner_error')) == 10"

# The shipped ls_loads: 26 bits, 12 contexts. Per context walk 27, pairs 326, exhaustive 2^26
# (refused without --force), random 4096; with --budget 100 each context gets 100/12 = 8, the
# first 100 mod 12 = 4 contexts one more.
ls=$src/probes/midgard/ls_loads.probe
"$bin" campaign "$ls" --dry-run --json --sample 27 >"$tmp/ls.json" 2>&1 || fail "dry run of ls_loads"
py "ls_loads per context" "$tmp/ls.json" "all(c['strategies']['walk']['variants'] == 27 and c['strategies']['pairs']['variants'] == 326 and c['strategies']['exhaustive'] == {'variants': 2**26, 'refused': True} and c['strategies']['random']['variants'] == 4096 for c in j[0]['contexts']) and len(j[0]['contexts']) == 12"
py "ls_loads in all" "$tmp/ls.json" "j[0]['strategies']['walk']['variants'] == 12 * 27 and j[0]['strategies']['exhaustive']['variants'] == 12 * 2**26"
"$bin" campaign "$ls" --dry-run --json --sample 1 --budget 100 --strategy walk >"$tmp/b.json" 2>&1 || fail "dry run with a budget"
py "budget 100 over 12 contexts" "$tmp/b.json" "[c['strategies']['walk']['variants'] for c in j[0]['contexts']] == [9] * 4 + [8] * 8 and j[0]['strategy'] == 'walk'"
expect 0 'exhaustive 67108864, random' -- "$bin" campaign "$ls" --dry-run --force --sample 1

# auto's count is what the campaign then runs; the first 27 sample variants are the walk, so
# their unmodeled count is the walk campaign's, context by context.
"$bin" campaign "$ls" --db "$tmp/auto.db" --json --quiet >"$tmp/auto.json" 2>&1 || fail "auto campaign"
py "auto's total" "$tmp/auto.json" "j[0]['total'] == $(python3 -c "import json; print(json.load(open('$tmp/ls.json'))['strategies']['auto']['variants'])")"
"$bin" campaign "$ls" --db "$tmp/walk.db" --strategy walk --quiet || fail "walk campaign"
"$bin" query --db "$tmp/walk.db" -f csv --sql "SELECT context, coalesce(sum(CASE status WHEN 4 THEN runs END), 0) FROM campaign_outcome GROUP BY context ORDER BY context" | tail -n +2 >"$tmp/walk.unmodeled"
python3 -c "import json; [print('%d,%d' % (c['index'], c['sample']['unmodeled'])) for c in json.load(open('$tmp/ls.json'))['contexts']]" >"$tmp/dry.unmodeled"
if cmp -s "$tmp/walk.unmodeled" "$tmp/dry.unmodeled" && grep -qv ',0$' "$tmp/dry.unmodeled"; then
	ok
else
	fail "sample unmodeled per context differs from the walk campaign's:"
	diff "$tmp/walk.unmodeled" "$tmp/dry.unmodeled" >&2
fi
expect 0 'unmodeled: load/store special registers 2-6' -- "$bin" campaign "$ls" --dry-run

# Nothing written: no database appears, and an existing one keeps its bytes.
expect 0 'context 0: noop' -- "$bin" campaign "$ls" --dry-run --db "$tmp/none.db" --sample 4
[ ! -e "$tmp/none.db" ] && ok || fail "--dry-run created the database"
cp "$tmp/walk.db" "$tmp/walk.before"
expect 0 'context 11' -- "$bin" campaign "$ls" --dry-run --db "$tmp/walk.db" --sample 4
cmp -s "$tmp/walk.db" "$tmp/walk.before" && ok || fail "--dry-run changed an existing database"

# Several probes, one JSON line each; a Utgard GP probe (3 bits) too.
"$bin" campaign "$tmp/small.probe" "$src/probes/utgard_gp/acc_op.probe" --dry-run --json --sample 8 >"$tmp/two.json" 2>&1 || fail "two probes"
py "two probes" "$tmp/two.json" "[x['probe'] for x in j] == ['small', 'acc_op'] and j[1]['strategies']['exhaustive']['variants'] == 8 * len(j[1]['contexts'])"

# Bad input: the probe named by line, a bad --sample, an unknown runner.
printf 'isa midgard\nprogram <<END\nls {\n\tld_attr_32 r0.xyzw, [0].xyzw\n}\nEND\ntarget 0.load_store bits 99-120\n' >"$tmp/bad.probe"
expect 1 'bad.probe:7:' -- "$bin" campaign "$tmp/bad.probe" --dry-run
expect 2 "bad number '0' for --sample" -- "$bin" campaign "$ls" --dry-run --sample 0
expect 2 'no probe file given' -- "$bin" campaign --dry-run
expect 2 "unknown runner 'nosuch'" -- "$bin" campaign "$ls" --dry-run --runner nosuch
expect 2 '\-\-db FILE is required' -- "$bin" campaign "$ls"
finish
