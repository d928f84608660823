#!/usr/bin/env bash
# cli_bifrost.sh: `isaprobe asm/disasm/fields -i bifrost` end to end: a round trip through the
# command line, and bad assembly / binaries named by file:line:col or byte offset, status 1.
# Usage: cli_bifrost.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

check() { # DESCRIPTION -- command...: succeeds
	local what=$1
	shift 2
	if "$@" >"$tmp/out" 2>"$tmp/err"; then
		passes=$((passes + 1))
	else
		echo "FAIL: $what" >&2
		cat "$tmp/err" >&2
		fails=$((fails + 1))
	fi
}

asm_case() { # NAME PATTERN TEXT
	printf '%b' "$3" >"$tmp/$1.s"
	expect 1 "$2" -- "$bin" asm -i bifrost "$tmp/$1.s" -o "$tmp/$1.bin"
}

# A 3-instruction clause with a constant: asm -> disasm -> asm gives the same bytes.
printf '%b' 'clause back_to_back=1 sb_deps=0x3 {\n\treg uc_sel=c0 const_lo=5 port0=1 port1=2 port3=5 ctrl=wfma_p3\n\tfma FMA.f32 src0=p0 src1=p1 src2=uc_lo\n\tadd NOP src0=t0\n\treg ctrl=first\n\tfma MOV src0=t0\n\tadd FRCP_TABLE src0=p0\n\tadd MOV src0=t1\n\tconst 0x123456789abcdef\n}\n' >"$tmp/prog.s"
check "asm" -- "$bin" asm -i bifrost "$tmp/prog.s" -o "$tmp/prog.bin"
check "disasm" -- "$bin" disasm -i bifrost "$tmp/prog.bin"
cp "$tmp/out" "$tmp/prog.d"
check "reasm" -- "$bin" asm -i bifrost "$tmp/prog.d" -o "$tmp/prog2.bin"
check "same bytes" -- cmp "$tmp/prog.bin" "$tmp/prog2.bin"
check "48 bytes: three quadwords" -- test "$(wc -c <"$tmp/prog.bin")" -eq 48
check "header fields by name" -- grep -q "suppress_inf=0 .*sb_deps=3 " "$tmp/prog.d"
check "fields lists bifrost" -- "$bin" fields bifrost header

# isaprobe run on the Bifrost simulator: r2 = r0 + r1 (the first instruction carries the write)
printf '%b' 'clause {\n\treg read=r0 read=r1 wfma=r2 first=1\n\tfma ADD.i32 src0=p0 src1=p1\n}\n' >"$tmp/add.s"
check "run" -- "$bin" run -i bifrost --input registers=ints:40,2 "$tmp/add.s"
cp "$tmp/out" "$tmp/run.txt"
check "run: 40 + 2" -- grep -q "| 40 2 42 0" "$tmp/run.txt"

# the reciprocal example of docs/bifrost-asm.md: 1/4
sed -n '/^## A complete example/,$p' "$2/docs/bifrost-asm.md" | sed -n '/^clause {/,/^}/p' >"$tmp/rcp.s"
check "run the documented rcp" -- "$bin" run -i bifrost --input registers=floats:4 "$tmp/rcp.s"
cp "$tmp/out" "$tmp/rcp.txt"
check "rcp: 1/4" -- grep -q "| 4 0.25 " "$tmp/rcp.txt"

asm_case bad_enum "bad_enum.s:2:11: error: 'bogus' is not a value of field ctrl" 'clause {\n\treg ctrl=bogus\n}\n'
asm_case bad_op "bad_op.s:2:6: error: unknown FMA opcode 'FOO.f32'" 'clause {\n\tfma FOO.f32 src0=p0\n}\n'
asm_case open "open.s:1:1: error: clause not closed" 'clause {\n\treg\n'
asm_case empty_clause "empty_clause.s:2:1: error: empty clause" 'clause {\n}\n'
asm_case too_many_consts "too_many_consts.s:6:1: error: 3 constants do not fit a 1-instruction clause \\(at most 2\\)" 'clause {\n\treg\n\tconst 1\n\tconst 2\n\tconst 3\n}\n'
asm_case inactive "inactive.s:2:13: error: field 'port1' is not present in this encoding" 'clause {\n\treg ctrl=0 port1=3\n}\n'
asm_case wide_const "wide_const.s:3:8: error: value does not fit 60 bits" 'clause {\n\treg\n\tconst 0x1000000000000000\n}\n'
asm_case nine "nine.s:11:2: error: a clause holds at most 8 instructions" 'clause {\n\treg\n\treg\n\treg\n\treg\n\treg\n\treg\n\treg\n\treg\n\tfma NOP\n\tfma NOP\n}\n'
asm_case no_unused "no_unused.s:3:9: error: a 1-instruction clause has no unused region 0" 'clause {\n\treg\n\tunused 0 0x1\n}\n'
asm_case set_op "set_op.s:2:10: error: field 'op' is set by the opcode name" 'clause {\n\tfma NOP op=3\n}\n'
asm_case nested "nested.s:3:1: error: clause inside a clause" 'clause {\n\treg\nclause {\n}\n'
asm_case header_key "header_key.s:1:8: error: no field 'bogus' in header" 'clause bogus=1 {\n\treg\n}\n'

# Binaries.
head -c 16 /dev/zero >"$tmp/zero.bin"
expect 1 "zero.bin: byte offset 0 \\(0x0\\): error: quadword 0 of the clause at byte 0: tag 0x00 fits no clause layout" -- "$bin" disasm -i bifrost "$tmp/zero.bin"
head -c 32 "$tmp/prog.bin" >"$tmp/trunc.bin"
expect 1 "trunc.bin: byte offset 32 \\(0x20\\): error: truncated: the clause at byte 0 needs 3 quadwords" -- "$bin" disasm -i bifrost "$tmp/trunc.bin"
head -c 40 "$tmp/prog.bin" >"$tmp/odd.bin"
expect 1 "odd.bin: byte offset 32 \\(0x20\\): error: truncated" -- "$bin" disasm -i bifrost "$tmp/odd.bin"
{ cat "$tmp/prog.bin"; printf '\x28'; head -c 15 /dev/zero; printf '\x99'; head -c 15 /dev/zero; } >"$tmp/badtag.bin"
expect 1 "badtag.bin: byte offset 64 \\(0x40\\): error: quadword 1 of the clause at byte 48: tag 0x99" -- "$bin" disasm -i bifrost "$tmp/badtag.bin"
: >"$tmp/empty.bin"
expect 1 "empty.bin: byte offset 0 \\(0x0\\): error: empty binary" -- "$bin" disasm -i bifrost "$tmp/empty.bin"

# Campaigns over the Bifrost probes on the simulator, end to end: every variant stored; the
# header float modes: suppress_inf (value bit 2) turns inf * inf (r4) into FLT_MAX, and
# suppress_nan (bit 3) turns inf + -inf (r5) into +0; flush-to-zero mode 1 (value 1) flushes
# the binary32 denormals (r9) but keeps the binary16 ones (r10), mode 2 flushes both; ftz mode
# 3 and the exception modes are unmodelled.
if command -v sqlite3 >/dev/null; then
	check "campaign (auto, every probe)" -- "$bin" campaign "$2"/probes/bifrost/*.probe --runner sim --db "$tmp/all.db" --quiet
	# ... and appear in the report: the header float-mode bits, by the notes' names
	check "infer" -- "$bin" infer --db "$tmp/all.db"
	check "report" -- "$bin" report --db "$tmp/all.db" -o "$tmp/report.md"
	check "report: header_float_modes" -- grep -q "bifrost: probe \`header_float_modes\`" "$tmp/report.md"
	check "report: suppress_inf bit" -- grep -q "notes: suppress_inf 7 (unknown)" "$tmp/report.md"
	check "report: header unk13" -- grep -q "notes: unk13 13-14 (unknown)" "$tmp/report.md"
	# the float-mode bits get a kind (not "not determined"); exception modes do not
	check "report: ftz has a kind" -- grep -Eq "^    \[0\.0\] 5-6: (enum|distinct|modifier).*notes: ftz 5-6" "$tmp/report.md"
	check "report: suppress_nan has a kind" -- grep -Eq "^    \[0\.0\] 8: (enum|distinct|modifier|flag).*notes: suppress_nan" "$tmp/report.md"
	check "report: float_exc unmodelled" -- grep -Eq "^    \[0\.0\] bifrost.header 9-10: not determined: .*notes: float_exc" "$tmp/report.md"
	check "campaign (exhaustive)" -- "$bin" campaign "$2"/probes/bifrost/header_float_modes.probe --runner sim --db "$tmp/f.db" --strategy exhaustive --quiet
	q() { sqlite3 "$tmp/f.db" "$1"; }
	runs=$(q "SELECT sum(r.count) FROM run r JOIN campaign c ON c.id = r.campaign_id JOIN probe p ON p.id = c.probe_id WHERE p.name = 'header_float_modes'")
	check "64 header_float_modes runs ($runs)" -- test "$runs" = 64
	r4=$(q "SELECT substr(hex(o.data), 33, 8) FROM run r JOIN outcome o ON o.id = r.outcome_id JOIN campaign c ON c.id = r.campaign_id JOIN probe p ON p.id = c.probe_id WHERE p.name = 'header_float_modes' AND hex(r.value) = '04'")
	check "suppress_inf: r4 = FLT_MAX ($r4)" -- test "$r4" = FFFF7F7F
	r5=$(q "SELECT substr(hex(o.data), 41, 8) FROM run r JOIN outcome o ON o.id = r.outcome_id JOIN campaign c ON c.id = r.campaign_id JOIN probe p ON p.id = c.probe_id WHERE p.name = 'header_float_modes' AND hex(r.value) = '08'")
	check "suppress_nan: r5 = 0 ($r5)" -- test "$r5" = 00000000
	reg() { # VALUE BYTE-OFFSET: the little-endian hex of one observed register
		q "SELECT substr(hex(o.data), $(($2 * 2 + 1)), 8) FROM run r JOIN outcome o ON o.id = r.outcome_id JOIN campaign c ON c.id = r.campaign_id JOIN probe p ON p.id = c.probe_id WHERE p.name = 'header_float_modes' AND hex(r.value) = '$1'"
	}
	check "ftz 0: r9 keeps 0x000ae398 ($(reg 00 36))" -- test "$(reg 00 36)" = 98E30A00
	check "ftz 1: r9 flushed ($(reg 01 36))" -- test "$(reg 01 36)" = 00000000
	check "ftz 1: r10 keeps binary16 denormals ($(reg 01 40))" -- test "$(reg 01 40)" = 01000300
	check "ftz 2: r10 flushed ($(reg 02 40))" -- test "$(reg 02 40)" = 00000000
	check "ftz 1: r13 = 2^-23 ($(reg 01 52))" -- test "$(reg 01 52)" = 00000034
	check "ftz 2: r13 flushed ($(reg 02 52))" -- test "$(reg 02 52)" = 00000000
	unm=$(q "SELECT count(*) FROM run r JOIN outcome o ON o.id = r.outcome_id JOIN campaign c ON c.id = r.campaign_id JOIN probe p ON p.id = c.probe_id WHERE p.name = 'header_float_modes' AND o.status = 4")
	# modelled: float_exc 0 and ftz 0-2, with the 4 suppression settings: 12 of 64
	check "52 unmodelled ($unm)" -- test "$unm" = 52
fi

finish
