#!/usr/bin/env bash
# cli_midgard_infer.sh: the shipped Midgard load/store probes run on the simulator with
# `--strategy auto` (as `ci/demo` runs it), then `isaprobe infer` and `isaprobe report`: per
# opcode context, the report must recover every boundary and kind of what the simulator models
# in bits 25-50 (docs/midgard-loadstore-bits.md; written out below from that page and
# runners/sim/midgard/mg_ldst.c, never from the code under test), say it agrees with later
# public work where the simulator models it (nothing differs), name once per probe what could
# not be determined, and every context must have used at most 20,000 runs against the 2^26 of
# an exhaustive sweep. Prints the runs per
# context. Skips (77) while this build has no `campaign` command or no shipped probe.
# Usage: SCRIPT ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"
probe=$src/probes/midgard/ls_loads.probe
if ! "$bin" --help | grep -qw campaign || [ ! -f "$probe" ]; then
	echo "cli_midgard_infer: no campaign command or no $probe: skipped"
	exit 77
fi
db=$tmp/mg.db
must "auto campaign" "$bin" campaign "$probe" --runner sim --db "$db" --strategy auto --jobs 2 --quiet
must "infer" "$bin" infer --db "$db" -q
must "report" "$bin" report --db "$db" --format md -o "$tmp/r.md"
# want CONTEXT LINE: the field map of that context holds the line (the instruction's "[0.1] ",
# confidence etc. cut off, and the values the simulator could not say)
want() {
	if ! awk -v c="### Context $1 " 'index($0, c) == 1 { on = 1; next } /^### / { on = 0 } on' \
		"$tmp/r.md" | sed -E -e 's/^    \[[0-9]+\.[0-9]+\] /    /' \
		-e 's/ \(confidence [0-9.]+;.*//' \
		-e 's/; [-0-9, ]+ not determined: (the simulator does not model (them|it); run on hardware|the runner could not say)//' |
		grep -qxF -- "    $2"; then
		fail "context $1 lacks '$2'"
	else
		ok
	fi
}
# undetermined CONTEXT BITS: the context names BITS as not determined, and the probe's section
# of what could not be determined says it once, with the context's label among its contexts
undetermined() {
	local label
	label=$(awk -v c="### Context $1 " 'index($0, c) == 1 { gsub(/`/, "", $4); print $4 }' "$tmp/r.md")
	awk -v c="### Context $1 " 'index($0, c) == 1 { on = 1; next } /^### / { on = 0 } on' "$tmp/r.md" |
		grep "^Not determined here: " | grep -qE "[ ,]$2( \(when [^)]*\))?[ ,]" ||
		{ fail "context $1 does not name $2 as not determined"; return; }
	awk '/^### Not determined in probe / { on = 1; next } /^##/ { on = 0 } on' "$tmp/r.md" |
		grep -F "] midgard.load_store $2: not determined: the simulator does not model " |
		grep -qE "; run on hardware \([0-9]+ runs\) .*\(contexts: (.*, )?$label(, .*)?\)$" &&
		ok || fail "context $1 ($label): $2 not said once for the probe"
}
# verdict CONTEXT BITS TEXT: the finding of BITS in the context compares with later public work
# as TEXT says ("agrees with index_reg 35-37")
verdict() {
	awk -v c="### Context $1 " 'index($0, c) == 1 { on = 1; next } /^### / { on = 0 } on' "$tmp/r.md" |
		grep -E "^    \[0\.1\] $2: " | grep -qF "[public: $3]" && ok ||
		fail "context $1: $2 does not say '$3'"
}

# The probe: 4 vertices; r26 = 3 0 2 1 (registers words 104-107), r27 = 1 3 0 2 (108-111),
# 16-byte register records; attributes and varyings_in: 257 records (1028 words) per vertex;
# uniforms 4112 bytes. Seeds select r27 (select value 1), component x, in both selects, so the
# index register holds 1. Simulator (mg_ldst.c): select 0 = r26, 1 = r27, 7 = zero, 2-6
# unmodeled; index << shift + address = the record (attributes) or byte (uniforms) read. The
# probe names the register records r0..r31: the selects' values read r26, r27 and zero.
comps="0-3: r27.x-r27.w"
regs="0-1: r26-r27, 7: zero"
sel_idx() { # TABLE: index_comp (33-34) and index_reg (35-37) read the index from r27.x / r26.x
	# (a record of 4 words an index)
	echo "33-34: component select: component (.x-.w) of the register chosen by 35-37, holding the index of the $1 read (4 words a step); $comps"
	echo "35-37: register select: register holding the index of the $1 read (4 words a step); $regs"
}
sel_arg() { # arg_comp (25-26), arg_reg (27-29): the explicit vertex (1028 words per vertex);
	# WHEN: ", when bit 30 = 1" where bit 30 is clear in the seed
	echo "25-26: component select: component (.x-.w) of the register chosen by 27-29, holding the index of the attributes read (1028 words a step); $comps$1"
	echo "27-29: register select: register holding the index of the attributes read (1028 words a step); $regs$1"
}
want_lines() { # CONTEXT, then lines on standard input
	local c=$1 l
	while IFS= read -r l; do want "$c" "$l"; done
}

# 0 noop: nothing in bits 25-50 matters
want 0 "25-50: ignored: no effect seen"

# attribute/varying loads with the current vertex (bit 30 clear): bits 25-29 do nothing there,
# and are the explicit vertex's selects under bit 30 = 1 (conditional fields: the campaign walks
# them with bit 30 set)
for c in 1 2 3 4; do
	want $c "25-29: ignored: no effect seen, when bit 30 = 0"
	sel_arg ", when bit 30 = 1" | want_lines $c
done
# vertex 0 of invocation 0 reads record 1 (words 4-7); index format bit 0 (31) is unmodeled (no
# descriptors), bit 1 (32) picks the secondary table; the index shift (38-41) moves record 1 to
# 1 << v
for c in 1 3; do
	want $c "30: enum / opcode: 0: attributes word 4, 1: attributes word 1032"
	undetermined $c 31
	want $c "32: enum / opcode: 0: attributes word 4, 1: varyings_in word 4"
	sel_idx attributes | want_lines $c
	want $c "38-41: shift: registers[0] reads attributes at an index shifted left by v (4 words an index)"
done
# ld_attr_32: bits 42-50 without explicit vertex are not described (unmodeled)
undetermined 1 42-50
# ld_vary_32: varying parameters: 42-44 modifier (1-3 divide by y, z, w of the record read,
# attributes[4-7]; 4-7 unmodeled), 45-48 interpolation qualifiers without effect in the job,
# 49-50 unmodeled
want 3 "42-43: enum / opcode: 0: attributes word 4, 1: div (b = attributes[5]), 2: div (b = attributes[6]), 3: div (b = attributes[7])"
undetermined 3 44
want 3 "45-48: ignored: no effect seen"
undetermined 3 49-50
# the 16-bit loads convert the record to binary16: the same selects and shift, traced through
# the conversion; the table bit's two behaviours are no operation of the library
for c in 2 4; do
	undetermined $c 31
	want $c "32: distinct behaviours: 0-1: unidentified here"
	sel_idx attributes | want_lines $c
	want $c "38-41: shift: registers[0] reads attributes at an index shifted left by v (4 words an index)"
done
want 4 "45-48: ignored: no effect seen"

# explicit vertex (bit 30 set in the seed): vertex = arg register component + bits 42-50
# (signed); r27.x = 1 reads vertex 1 (words 1028 up); offsets past the 4 vertices are unmodeled
for c in 5 6; do
	sel_arg | want_lines $c
	want $c "30: enum / opcode: 0: attributes word 4, 1: attributes word 1032"
	undetermined $c 31
	want $c "32: enum / opcode: 0: attributes word 1032, 1: varyings_in word 1032"
	sel_idx attributes | want_lines $c
	want $c "38-41: shift: registers[0] reads attributes at an index shifted left by v (4 words an index, from word 1028)"
	want $c "42-43: offset: registers[0] reads attributes at v (1028 words a step, from word 1032)"
	undetermined $c 44-50
done

# uniform loads, immediate buffer 0 (bits 25-32 = 0: any other buffer is unmodeled), index
# r27.x = 1 shifted by 4 = byte 16 (word 4); byte offset = index << shift + bits 44-50 (bytes
# 1-64): unaligned offsets (16-bit load: bits 44-46; 32-bit: 44-47) are unmodeled, as are bit
# 42 cleared (a register buffer index: r26.x = 3) and bit 43
for c in 7 8; do
	undetermined $c 25-32
	sel_idx uniforms | want_lines $c
	want $c "38-41: shift: registers[0] reads uniforms at an index shifted left by v (1/4 word an index)"
done
undetermined 7 42-46
want 7 "47-50: offset: registers[0] reads uniforms at v (2 words a step, from word 4)"
undetermined 8 42-47
want 8 "48-50: offset: registers[0] reads uniforms at v (4 words a step, from word 4)"

# the vendor compiler's values (zero register in both selects): the component select and the
# shift of a zero index change nothing
for c in 9 10; do
	want $c "32: enum / opcode: 0: attributes word 0, 1: varyings_in word 0"
	want $c "33-34: ignored: no effect seen"
	want $c "38-41: ignored: no effect seen"
done
want 10 "42-43: enum / opcode: 0: varyings_in word 0, 1: div (b = varyings_in[1]), 2: div (b = varyings_in[2]), 3: div (b = varyings_in[3])"
want 11 "48-50: offset: registers[0] reads uniforms at v (4 words a step)"

# Against later public work (docs/midgard-loadstore-bits.md, the overlay in
# encoders/midgard/midgard_public.c): where the simulator models it, every field agrees with the
# public field of the same bits; inside one it refines it; nothing differs
for c in 1 2 3 4 5 6; do
	verdict $c 25-26 "agrees with arg_comp 25-26"
	verdict $c 27-29 "agrees with arg_reg 27-29"
	verdict $c 30 "agrees with bitsize_toggle 30"
	verdict $c 32 "refines index_format 31-32"
done
for c in 1 2 3 4 5 6 7 8; do
	verdict $c 33-34 "agrees with index_comp 33-34"
	verdict $c 35-37 "agrees with index_reg 35-37"
	verdict $c 38-41 "agrees with index_shift 38-41"
done
verdict 3 42-43 "refines modifier 42-44 (ld_vary without an explicit vertex)"
verdict 5 42-43 "refines offset_lo 42-50"
verdict 0 25-50 "refines arg_comp 25-26 and 7 more: not read here"
n=$(grep -c "\[public: differs" "$tmp/r.md")
[ "$n" -eq 0 ] && ok || fail "$n findings differ from public work on the simulator"
grep -q "^Against public knowledge (docs/public-overlay.md): 0 differ, 0 new, " "$tmp/r.md" && ok ||
	fail "summary: $(grep "^Against public" "$tmp/r.md")"

# runs per context, against 2^26, at most 20,000 each (loads; the stores are checked below)
n=$(grep -c "; an exhaustive sweep of the 26 target bits is 2^26 = 67108864 runs" "$tmp/r.md")
[ "$n" -eq 12 ] && ok || fail "$n contexts with runs against 2^26, want 12"
awk '/^### Context / { c = $3 " " $4 } /^Runs: / { print "ls_loads " c ": " $2 " runs of 2^26"; if ($2 + 0 > 20000 || $2 + 0 < 1) bad++ }
	END { exit bad > 0 }' "$tmp/r.md" && ok || fail "a context used more than 20,000 runs"
# The stores (probes/midgard/ls_stores.probe: the same registers and vertices, tables of 65
# records (260 words) per vertex; r1 is stored, both tables observed): the fields that pick
# where the record goes show as the place it is written. A shift of 8 (bit 41) leaves the
# table (unmodeled), as do bits 42-50 without an explicit vertex: one unmodeled run of bits.
# Contexts: 0 st_vary_32, 1 st_vary_16, 2 st_vary_32_vertex, 3 usual.
must "stores campaign" "$bin" campaign "$src/probes/midgard/ls_stores.probe" --runner sim \
	--db "$db" --strategy auto --jobs 2 --quiet
must "infer stores" "$bin" infer --db "$db" --probe ls_stores -q
must "report" "$bin" report --db "$db" --format md -o "$tmp/all.md"
awk '/^## / { on = index($0, "`ls_stores`") > 0 } on' "$tmp/all.md" >"$tmp/r.md"
wsel_idx() {
	echo "33-34: component select: component (.x-.w) of the register chosen by 35-37, holding the index of the attributes written (4 words a step); $comps"
	echo "35-37: register select: register holding the index of the attributes written (4 words a step); $regs"
}
for c in 0 1; do
	want $c "25-29: ignored: no effect seen, when bit 30 = 0"
	want $c "25-26: component select: component (.x-.w) of the register chosen by 27-29, holding the index of the attributes written (260 words a step); $comps, when bit 30 = 1"
	want $c "27-29: register select: register holding the index of the attributes written (260 words a step); $regs, when bit 30 = 1"
	undetermined $c 31
	wsel_idx | want_lines $c
	want $c "38-40: shift: the attributes word written at an index shifted left by v (4 words an index)"
	undetermined $c 41-50
done
# the table bit sends the record to the other table: the attributes keep what was planted
want 0 "32: enum / opcode: 0: registers word 4, 1: keeps attributes word 4"
want 1 "32: enum / opcode: 0: unidentified here, 1: keeps attributes word 4"
want 2 "25-26: component select: component (.x-.w) of the register chosen by 27-29, holding the index of the attributes written (260 words a step); $comps"
want 2 "27-29: register select: register holding the index of the attributes written (260 words a step); $regs"
wsel_idx | want_lines 2
want 2 "38-40: shift: the attributes word written at an index shifted left by v (4 words an index, from word 260)"
undetermined 2 41
want 2 "42-43: offset: the attributes word written at v (260 words a step, from word 264)"
undetermined 2 44-50
want 3 "33-34: ignored: no effect seen"
want 3 "38-41: ignored: no effect seen"
for c in 0 1 2; do
	verdict $c 35-37 "agrees with index_reg 35-37"
	verdict $c 38-40 "refines index_shift 38-41"
done
n=$(grep -c "\[public: differs" "$tmp/r.md")
[ "$n" -eq 0 ] && ok || fail "$n store findings differ from public work on the simulator"
awk '/^### Context / { c = $3 " " $4 } /^Runs: / { print "ls_stores " c ": " $2 " runs of 2^26"; if ($2 + 0 > 20000 || $2 + 0 < 1) bad++ }
	END { exit bad > 0 }' "$tmp/r.md" && ok || fail "a store context used more than 20,000 runs"
finish
