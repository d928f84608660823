#!/usr/bin/env bash
# cli_remote_agent.sh: `isaprobe agent` given good, garbage, truncated, corrupted and
# wrong-version input: answers frames, or an ERROR frame plus a message naming the byte offset
# and exit status 1; never a crash. Usage: cli_remote_agent.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"
command -v python3 >/dev/null || { echo "python3 is needed (ci/setup-debian installs it)" >&2; exit 1; }

# frames OUT SPEC...: writes protocol frames (built here in Python, independently of the C
# code) to OUT. SPEC: hello | hello:ISA | bye | batch | badrole | v2 | raw:HEX
frames() {
	python3 - "$@" <<'EOF'
import struct, sys, zlib
def s(t): b = t.encode(); return struct.pack('<I', len(b)) + b
def frame(typ, payload, version=1):
    h = b'IPRB' + struct.pack('<HHI', version, typ, len(payload))
    return h + struct.pack('<I', zlib.crc32(h + payload)) + payload
def job(role='uniforms'):
    code = bytes(range(16))
    return (struct.pack('<I', len(code)) + code + struct.pack('<IQi', 1, 100, -1)
            + struct.pack('<I', 1) + s(role) + struct.pack('<I', 4) + b'\x01\x02\x03\x04'
            + struct.pack('<I', 1) + s('registers') + struct.pack('<I', 64))
out = b''
for spec in sys.argv[2:]:
    kind, _, arg = spec.partition(':')
    if kind == 'hello': out += frame(1, s(arg) + s('') + s('cli_remote_agent.sh'))
    elif kind == 'bye': out += frame(6, b'')
    elif kind == 'batch': out += frame(3, struct.pack('<II', 5, 2) + job() + job())
    elif kind == 'badrole': out += frame(3, struct.pack('<II', 5, 1) + job('colour'))
    elif kind == 'v2': out += frame(1, s('midgard') + s('') + s(''), version=2)
    elif kind == 'raw': out += bytes.fromhex(arg)
open(sys.argv[1], 'wb').write(out)
EOF
}

# expect STATUS PATTERN INPUT [ARGS...] (in place of shell_lib.sh's expect): the agent fed INPUT
# exits with STATUS, stderr matches PATTERN ("-": stderr is empty).
expect() {
	local want=$1 pattern=$2 input=$3
	shift 3
	"$bin" agent "$@" <"$input" >"$tmp/out" 2>"$tmp/err"
	local got=$?
	if [ "$got" -ne "$want" ] || { [ "$pattern" = - ] && [ -s "$tmp/err" ]; } ||
		{ [ "$pattern" != - ] && ! grep -Eq -- "$pattern" "$tmp/err"; }; then
		echo "FAIL: agent $* < $(basename "$input"): status $got (want $want), stderr:" >&2
		cat "$tmp/err" >&2
		echo "  (wanted /$pattern/)" >&2
		fails=$((fails + 1))
	else
		ok
	fi
}

# answer_is TYPE [CODE]: stdout holds one frame of this type (and ERROR code).
answer_is() {
	if python3 - "$tmp/out" "$@" <<'EOF'; then ok; else fails=$((fails + 1)); fi
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
want = int(sys.argv[2])
ok = len(data) >= 16 and data[:4] == b'IPRB'
if ok:
    ver, typ, length, crc = struct.unpack('<HHII', data[4:16])
    ok = (ver == 1 and typ == want and len(data) == 16 + length
          and zlib.crc32(data[:12] + data[16:]) == crc)
    if ok and len(sys.argv) > 3:
        ok = struct.unpack('<I', data[16:20])[0] == int(sys.argv[3])
if not ok:
    print('FAIL: answer is not one frame of type %d: %r' % (want, data[:64]), file=sys.stderr)
sys.exit(0 if ok else 1)
EOF
}

: >"$tmp/empty"
expect 0 - "$tmp/empty" -i midgard
[ -s "$tmp/out" ] && { echo "FAIL: output on empty input" >&2; fails=$((fails + 1)); }

printf 'garbage!garbage!' >"$tmp/garbage"
expect 1 'byte offset 0 .*not a protocol frame' "$tmp/garbage" -i midgard
answer_is 5 1

frames "$tmp/hello" hello:midgard
head -c 20 "$tmp/hello" >"$tmp/truncated"
expect 1 'byte offset 20 .*input ends inside a frame.s payload' "$tmp/truncated" -i midgard
answer_is 5 1
head -c 9 "$tmp/hello" >"$tmp/short_header"
expect 1 'byte offset 9 .*input ends inside a frame header' "$tmp/short_header" -i midgard

# One payload byte flipped: the checksum (header offset 12) catches it.
python3 -c "import sys; b=bytearray(open(sys.argv[1],'rb').read()); b[18]^=1; open(sys.argv[2],'wb').write(b)" \
	"$tmp/hello" "$tmp/corrupt"
expect 1 'byte offset 12 .*checksum mismatch' "$tmp/corrupt" -i midgard
answer_is 5 1

frames "$tmp/v2" v2
expect 1 'caller speaks protocol version 2; this agent speaks version 1' "$tmp/v2" -i midgard
answer_is 5 2

# A good conversation: WELCOME from the sim backend, RESULTS, then BYE ends it with status 0.
frames "$tmp/good" hello:midgard bye
expect 0 - "$tmp/good" -i midgard
answer_is 2
frames "$tmp/hello_any" hello:midgard
expect 0 - "$tmp/hello_any"
answer_is 2
frames "$tmp/wrong_isa" hello:bifrost
expect 1 "serves ISA 'midgard', the caller asked for 'bifrost'" "$tmp/wrong_isa" -i midgard
answer_is 5 5
frames "$tmp/session" hello:midgard batch bye
"$bin" agent -i midgard <"$tmp/session" >"$tmp/out" 2>"$tmp/err"
st=$?
if [ $st -ne 0 ] || ! python3 - "$tmp/out" <<'EOF'; then
import struct, sys
d = open(sys.argv[1], 'rb').read()
n = 16 + struct.unpack('<I', d[8:12])[0]          # skip WELCOME
assert d[n:n+4] == b'IPRB' and struct.unpack('<H', d[n+6:n+8])[0] == 4, 'RESULTS'
assert struct.unpack('<II', d[n+16:n+24]) == (5, 2), 'batch id 5, 2 results'
assert len(d) == n + 16 + struct.unpack('<I', d[n+8:n+12])[0], 'nothing after'
EOF
	echo "FAIL: hello+batch+bye session (status $st)" >&2
	cat "$tmp/err" >&2
	fails=$((fails + 1))
else
	ok
fi

frames "$tmp/early" batch
expect 1 'BATCH before HELLO' "$tmp/early" -i midgard
answer_is 5 4
frames "$tmp/badrole" hello:midgard badrole
expect 1 "byte offset [0-9]+ .*unknown buffer role 'colour'" "$tmp/badrole" -i midgard
frames "$tmp/huge" raw:4950524201000300ffffff7f00000000
expect 1 'byte offset 8 .*over the limit' "$tmp/huge" -i midgard
frames "$tmp/results" raw: hello:midgard
python3 -c "
import struct,zlib,sys
h=b'IPRB'+struct.pack('<HHI',1,4,0); open(sys.argv[1],'ab').write(h+struct.pack('<I',zlib.crc32(h)))" "$tmp/results"
expect 1 'a RESULTS frame \(type 4\) is not a request' "$tmp/results" -i midgard

# Every single-byte corruption and every truncation of a good session: status 0 or 1, never
# a crash (sanitizers abort with other statuses), never a hang.
frames "$tmp/session" hello:midgard batch bye
size=$(stat -c %s "$tmp/session")
for ((i = 0; i < size; i += 7)); do
	python3 -c "import sys; b=bytearray(open(sys.argv[1],'rb').read()); b[int(sys.argv[3])]^=0x5a; open(sys.argv[2],'wb').write(b)" \
		"$tmp/session" "$tmp/mut" "$i"
	head -c "$i" "$tmp/session" >"$tmp/cut"
	for f in mut cut; do
		timeout 20 "$bin" agent -i midgard <"$tmp/$f" >/dev/null 2>"$tmp/err"
		st=$?
		if [ $st -gt 1 ]; then
			echo "FAIL: $f at byte $i: status $st" >&2
			cat "$tmp/err" >&2
			fails=$((fails + 1))
		else
			ok
		fi
	done
done

finish
