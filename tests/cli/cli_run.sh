#!/usr/bin/env bash
# cli_run.sh: `isaprobe run` end to end: statuses and exit codes, printed buffers, JSON, inputs in
# every form, and bad input named clearly. Usage: cli_run.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"

# matches PATTERN FILE: EMPTY means the file is empty, anything else an extended regex
matches() {
	if [ "$1" = EMPTY ]; then [ ! -s "$2" ]; else grep -Eq -- "$1" "$2"; fi
}

# expect STATUS OUT_PATTERN ERR_PATTERN -- command... (in place of shell_lib.sh's expect)
expect() {
	local want=$1 opat=$2 epat=$3
	shift 4
	"$@" >"$tmp/out" 2>"$tmp/err"
	local got=$?
	if [ "$got" -ne "$want" ] || ! matches "$opat" "$tmp/out" || ! matches "$epat" "$tmp/err"; then
		echo "FAIL: $*: status $got (want $want)" >&2
		echo "--- stdout (wanted /$opat/):" >&2
		cat "$tmp/out" >&2
		echo "--- stderr (wanted /$epat/):" >&2
		cat "$tmp/err" >&2
		fails=$((fails + 1))
	else
		passes=$((passes + 1))
	fi
}

cat >"$tmp/probe.s" <<'P'
ls {
	ld_attr_32 r0.xyzw, [1].xyzw unk25=0x1c1c
}
alu {
	vmul.fadd r1, r0.xyzw, r23.xyzw
}
ls {
	st_vary_32 r1.xyzw, [0].xyzw unk25=0x1c9c
}
P
attrs="--input attributes=floats:1,2,3,4,5,6,7,8"
unis="--input uniforms=floats:0.5,0.25,2,4"

# 5+0.5, 6+0.25, 7+2, 8+4 stored in varyings_out slot 0 and left in r1
expect 0 "^status: ok" EMPTY -- "$bin" run -i midgard "$tmp/probe.s" $attrs $unis
expect 0 "0000 +40b00000 40c80000 41100000 41400000 +\| 5.5 6.25 9 12" EMPTY -- "$bin" run -i midgard "$tmp/probe.s" $attrs $unis
expect 0 "r1 +40b00000 40c80000 41100000 41400000" EMPTY -- "$bin" run -i midgard "$tmp/probe.s" $attrs $unis
expect 0 '"varyings_out": \{"hex": "0000b040' EMPTY -- "$bin" run -i midgard "$tmp/probe.s" $attrs $unis --json --observe varyings_out=16
expect 0 '"floats": \[5.5, 6.25, 9, 12\]' EMPTY -- "$bin" run -i midgard "$tmp/probe.s" $attrs $unis --json --observe varyings_out=16
# the same inputs as hex and as a file; the uniform as integer bits
printf '\0\0\x80\x3f\0\0\0\x40\0\0\x40\x40\0\0\x80\x40\0\0\xa0\x40\0\0\xc0\x40\0\0\xe0\x40\0\0\0\x41' >"$tmp/attrs.bin"
expect 0 "\| 5.5 6.25 9 12" EMPTY -- "$bin" run -i midgard "$tmp/probe.s" --input attributes="$tmp/attrs.bin" --input uniforms=ints:0x3f000000,0x3e800000,0x40000000,0x40800000
expect 0 "\| 5.5 6.25 9 12" EMPTY -- "$bin" run -i midgard "$tmp/probe.s" --input "attributes=hex:0000803f 00000040 00004040 00008040 0000a040 0000c040 0000e040 00000041" $unis
# a binary program, two invocations, a GPU model
"$bin" asm -i midgard "$tmp/probe.s" -o "$tmp/probe.bin"
# two vertices: each has half of the attribute and varying tables
expect 0 "0010 +41580000 41640000 41880000 41a00000" EMPTY -- "$bin" run -i midgard "$tmp/probe.bin" -n 2 --gpu t604 --input attributes=floats:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16 $unis --input varyings_out=floats:0,0,0,0,0,0,0,0
expect 0 "^gpu: t860" EMPTY -- "$bin" run -i midgard "$tmp/probe.bin" --gpu t860 $attrs $unis

# another ISA's simulator through the same command (16 registers per vertex there)
cat >"$tmp/gp.s" <<'P'
instr {
	pass.pass r0_x
	load 0
	reg0 attr 0
	store0.varying 0, pass, none
}
P
expect 0 "0000 +41380000 " EMPTY -- "$bin" run -i utgard_gp "$tmp/gp.s" --input attributes=floats:11.5,-2,0.125,-0.75 --observe varyings_out=16
expect 0 "^registers \(256 bytes\)" EMPTY -- "$bin" run -i utgard_gp "$tmp/gp.s" --input attributes=floats:11.5,-2,0.125,-0.75

# statuses: an endless loop times out, type 0 faults with its code, a texture word is unmodeled
cat >"$tmp/loop.s" <<'P'
alu {
	sadd.feq r31.w, r0.x, r0.x
	cbr.br true, alu4, -1
}
P
expect 1 "^status: timeout" EMPTY -- "$bin" run -i midgard "$tmp/loop.s" --budget 100
expect 1 "^steps: 100" EMPTY -- "$bin" run -i midgard "$tmp/loop.s" --budget 100
printf '\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00' >"$tmp/type0.bin"
expect 1 "^status: fault 0x51 \(INSTR_INVALID_ENC\)" EMPTY -- "$bin" run -i midgard "$tmp/type0.bin"
expect 1 '"status": "fault", "fault": 81, "fault_name": "INSTR_INVALID_ENC"' EMPTY -- "$bin" run -i midgard "$tmp/type0.bin" --json
printf 'tex {}\n' >"$tmp/tex.s"
expect 1 "^status: unmodeled" EMPTY -- "$bin" run -i midgard "$tmp/tex.s"
expect 1 "^why: texture words are not modeled" EMPTY -- "$bin" run -i midgard "$tmp/tex.s"

# bad input: file:line:col for assembly, clear messages for the rest
printf 'alu {\n\tvmul.fadd r0, r1.xyzw, r99.xyzw\n}\n' >"$tmp/bad.s"
expect 1 EMPTY "bad.s:2:25: error: no register 'r99'" -- "$bin" run -i midgard "$tmp/bad.s"
: >"$tmp/empty.bin"
expect 1 EMPTY "empty.bin: byte offset 0 \(0x0\): error: empty binary" -- "$bin" run -i midgard "$tmp/empty.bin"
expect 1 EMPTY "no-such.s: No such file" -- "$bin" run -i midgard "$tmp/no-such.s"
expect 1 EMPTY "--input uniforms=floats:1,x: item 2 is not a number" -- "$bin" run -i midgard "$tmp/probe.s" --input uniforms=floats:1,x
expect 1 EMPTY "--input uniforms=hex:0g: 'g' at character 2 is not a hex digit" -- "$bin" run -i midgard "$tmp/probe.s" --input uniforms=hex:0g
expect 1 EMPTY "odd number of hex digits" -- "$bin" run -i midgard "$tmp/probe.s" --input uniforms=hex:abc
expect 1 EMPTY "item 1 is not a 32-bit integer" -- "$bin" run -i midgard "$tmp/probe.s" --input uniforms=ints:99999999999
expect 2 EMPTY "unknown buffer role 'texels'" -- "$bin" run -i midgard "$tmp/probe.s" --input texels=floats:1
expect 2 EMPTY "--input takes ROLE=DATA" -- "$bin" run -i midgard "$tmp/probe.s" --input uniforms
# a runner that refuses or fails (a GPU model it does not know, an agent that dies at once) is
# the work failing, 1, as for campaign; a runner that does not exist is bad usage, 2, for both
expect 1 EMPTY "unknown Midgard GPU model 'g71'" -- "$bin" run -i midgard "$tmp/probe.s" --gpu g71
expect 1 EMPTY "remote agent 'false': the agent (closed|stopped)" -- "$bin" run -i midgard "$tmp/probe.s" --runner remote:false
expect 2 EMPTY "unknown runner 'simm'; known: sim remote drm" -- "$bin" run -i midgard "$tmp/probe.s" --runner simm
printf 'isa midgard\nprogram <<END\nls {\n\tld_attr_32 r0.xyzw, [1].xyzw\n}\nEND\ntarget 0.load_store unk25\nobserve registers 16\n' >"$tmp/c.probe"
expect 1 EMPTY "c.probe: error: remote agent 'false': the agent (closed|stopped)" -- "$bin" campaign "$tmp/c.probe" --db "$tmp/c.db" --runner remote:false
expect 1 EMPTY "c.probe: error: unknown Midgard GPU model 'g71'" -- "$bin" campaign "$tmp/c.probe" --db "$tmp/c.db" --gpu g71
rm -f "$tmp/c.db"
expect 2 EMPTY "unknown runner 'simm'; known: sim remote drm" -- "$bin" campaign "$tmp/c.probe" --db "$tmp/c.db" --runner simm
[ -e "$tmp/c.db" ] && fail "campaign with an unknown runner made its database" || ok
expect 2 EMPTY "--invocations takes a number from 1" -- "$bin" run -i midgard "$tmp/probe.s" -n 0
expect 2 EMPTY "usage: isaprobe run" -- "$bin" run -i midgard
expect 0 "^usage: isaprobe run" EMPTY -- "$bin" run --help

finish
