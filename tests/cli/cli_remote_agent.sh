#!/usr/bin/env bash
# cli_remote_agent.sh: `isaprobe agent` given good, garbage, truncated, corrupted and
# wrong-version input: answers frames, or an ERROR frame plus a message naming the byte offset
# and exit status 1; never a crash. Usage: cli_remote_agent.sh ISAPROBE SRCDIR
set -u
. "$(dirname "$0")/shell_lib.sh"
command -v python3 >/dev/null || { echo "python3 is needed (ci/setup-debian installs it)" >&2; exit 1; }

# frames OUT SPEC...: writes protocol frames (built here in Python, independently of the C
# code) to OUT. SPEC: hello | hello:ISA | bye | batch | badrole | v2 | v3 | hello2[:CHECKS] |
# batch2[:crc] | badindex2 | raw:HEX
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
    elif kind == 'bye': out += frame(6, b'', int(arg or 1))  # bye:2 in version 2
    elif kind == 'batch': out += frame(3, struct.pack('<II', 5, 2) + job() + job())
    elif kind == 'badrole': out += frame(3, struct.pack('<II', 5, 1) + job('colour'))
    elif kind == 'v4': out += frame(1, s('midgard') + s('') + s(''), version=4)
    elif kind == 'hello3':  # version 3 HELLO: checks 3, then the BATCH frames it may have in flight
        out += frame(1, s('midgard') + s('') + s('cli') + struct.pack('<II', 3, int(arg)), 3)
    elif kind == 'v2': out += frame(1, s('midgard') + s('') + s(''), version=2)
    elif kind == 'hello2':  # version 2 HELLO offering CRC-32 and header-only (checks 3)
        out += frame(1, s('midgard') + s('') + s('cli') + struct.pack('<I', int(arg or 3)), 2)
    elif kind in ('batch2', 'badindex2', 'batch3'):  # 2 jobs sharing input 0 (badindex2: job 1 says 1)
        sh = struct.pack('<I', 1) + struct.pack('<I', 4) + b'\x01\x02\x03\x04'
        def job2(index):
            code = bytes(range(16))
            return (struct.pack('<I', len(code)) + code + struct.pack('<IQi', 1, 100, -1)
                    + struct.pack('<I', 1) + s('uniforms') + struct.pack('<I', index)
                    + struct.pack('<I', 1) + s('registers') + struct.pack('<I', 64))
        ident = int(arg) if kind == 'batch3' else 5
        body = struct.pack('<II', ident, 2) + sh + job2(0) + job2(1 if kind == 'badindex2' else 0)
        # after a WELCOME that chose the header-only check: CRC-32 of header bytes 0..11
        h = b'IPRB' + struct.pack('<HHI', 3 if kind == 'batch3' else 2, 3, len(body))
        out += h + struct.pack('<I', zlib.crc32(h) if arg != 'crc' else zlib.crc32(h + body)) + body
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
    ok = (ver in (1, 2, 3) and typ == want and len(data) == 16 + length
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

frames "$tmp/v4" v4
expect 1 'caller speaks protocol version 4; this agent speaks versions 1 to 3' "$tmp/v4" -i midgard
answer_is 5 2
# An agent of version 1 (--protocol 1) refuses a version 2 HELLO, in a version 1 ERROR: the
# remote runner then speaks version 1 to it.
frames "$tmp/v2" hello2
expect 1 'caller speaks protocol version 2; this agent speaks version 1' "$tmp/v2" -i midgard --protocol 1
answer_is 5 2
python3 -c "import sys; d=open(sys.argv[1],'rb').read(); sys.exit(d[4:6] != b'\x01\x00')" "$tmp/out" &&
	ok || { echo "FAIL: --protocol 1 answers in version 2" >&2; fails=$((fails + 1)); }
# A version 2 HELLO without its checks field: the offset of the missing field.
frames "$tmp/v2short" v2
expect 1 'byte offset 35 .*message ends inside HELLO checks' "$tmp/v2short" -i midgard
frames "$tmp/v2nocrc" hello2:2
expect 1 'byte offset 38 .*HELLO checks is 0x2: bit 0 \(CRC-32\) must be offered' "$tmp/v2nocrc" -i midgard

# Version 2: WELCOME (version 2) chooses the header-only check when offered, --check crc32
# keeps the CRC-32; the BATCH's shared input reaches both jobs; RESULTS is version 2.
v2_session() { # CHECK(0|1) FILE ARGS...: WELCOME and RESULTS of version 2 with that check
	local want=$1 file=$2
	shift 2
	"$bin" agent -i midgard "$@" <"$file" >"$tmp/out" 2>"$tmp/err"
	local st=$?
	if [ $st -ne 0 ] || ! python3 - "$tmp/out" "$want" <<'PY'; then
import struct, sys, zlib
d, check = open(sys.argv[1], 'rb').read(), int(sys.argv[2])
ver, typ, n = struct.unpack('<HHI', d[4:12])
assert (ver, typ) == (2, 2), 'WELCOME of version 2'
assert zlib.crc32(d[:12] + d[16:16 + n]) == struct.unpack('<I', d[12:16])[0], 'WELCOME: CRC-32'
assert struct.unpack('<I', d[12 + n:16 + n])[0] == check, 'WELCOME check %d' % check
r = d[16 + n:]
ver, typ, m = struct.unpack('<HHI', r[4:12])
assert (ver, typ) == (2, 4) and len(r) == 16 + m, 'one RESULTS of version 2'
crc = zlib.crc32(r[:12]) if check else zlib.crc32(r[:12] + r[16:])
assert crc == struct.unpack('<I', r[12:16])[0], 'RESULTS checksum'
assert struct.unpack('<II', r[16:24]) == (5, 2), 'batch id 5, 2 results'
PY
		echo "FAIL: version 2 session $(basename "$file") $* (status $st)" >&2
		cat "$tmp/err" >&2
		fails=$((fails + 1))
	else
		ok
	fi
}
frames "$tmp/session2" hello2 batch2 bye:2
v2_session 1 "$tmp/session2"
frames "$tmp/session2crc" hello2:1 batch2:crc bye:2
v2_session 0 "$tmp/session2crc"
frames "$tmp/session2crc3" hello2 batch2:crc bye:2
v2_session 0 "$tmp/session2crc3" --check crc32
# A flipped payload byte under the header-only check: the structure is still checked (here a
# role name that is not one), with its offset.
python3 -c "import sys; b=bytearray(open(sys.argv[1],'rb').read()); i=b.index(b'uniforms', 120); b[i]^=0x20; open(sys.argv[2],'wb').write(b)" \
	"$tmp/session2" "$tmp/session2bad"
expect 1 "byte offset [0-9]+ .*unknown buffer role 'Uniforms'" "$tmp/session2bad" -i midgard
# Version 3: the HELLO asks for BATCH frames in flight, the WELCOME allows at most 8; three
# BATCH frames sent before any answer are answered in order, each RESULTS with its BATCH's id.
v3_session() { # ASKED ALLOWED FILE
	"$bin" agent -i midgard <"$3" >"$tmp/out" 2>"$tmp/err"
	local st=$?
	if [ $st -ne 0 ] || ! python3 - "$tmp/out" "$2" <<'PY'; then
import struct, sys, zlib
d, allowed = open(sys.argv[1], 'rb').read(), int(sys.argv[2])
ver, typ, n = struct.unpack('<HHI', d[4:12])
assert (ver, typ) == (3, 2), 'WELCOME of version 3'
assert zlib.crc32(d[:12] + d[16:16 + n]) == struct.unpack('<I', d[12:16])[0], 'WELCOME: CRC-32'
assert struct.unpack('<II', d[8 + n:16 + n]) == (1, allowed), 'WELCOME check 1, depth'
at, ids = 16 + n, []
while at < len(d):
    ver, typ, m = struct.unpack('<HHI', d[at + 4:at + 12])
    assert (ver, typ) == (3, 4), 'RESULTS of version 3'
    assert zlib.crc32(d[at:at + 12]) == struct.unpack('<I', d[at + 12:at + 16])[0], 'header check'
    ids.append(struct.unpack('<II', d[at + 16:at + 24]))
    at += 16 + m
assert ids == [(7, 2), (8, 2), (9, 2)], 'answers in order: %r' % ids
PY
		echo "FAIL: version 3 session $(basename "$3") (asked $1, status $st)" >&2
		cat "$tmp/err" >&2
		fails=$((fails + 1))
	else
		ok
	fi
}
frames "$tmp/session3" hello3:2 batch3:7 batch3:8 batch3:9 bye:3
v3_session 2 2 "$tmp/session3"
frames "$tmp/session3deep" hello3:64 batch3:7 batch3:8 batch3:9 bye:3
v3_session 64 8 "$tmp/session3deep"
frames "$tmp/depth0" hello3:0
expect 1 'byte offset 42 .*HELLO depth is 0, not 1 to 64' "$tmp/depth0" -i midgard
frames "$tmp/depth65" hello3:65
expect 1 'byte offset 42 .*HELLO depth is 65, not 1 to 64' "$tmp/depth65" -i midgard

frames "$tmp/badindex2" hello2 badindex2
expect 1 'byte offset [0-9]+ .*job 1: input index 1, but the BATCH has 1 shared inputs' "$tmp/badindex2" -i midgard

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
frames "$tmp/session2" hello2 batch2 bye:2  # version 2, header-only check: structure alone
frames "$tmp/session3" hello3:4 batch3:1 batch3:2 bye:3  # version 3: two BATCH frames at once
for s in session session2 session3; do
size=$(stat -c %s "$tmp/$s")
step=7
[ "$s" = session3 ] && step=17 # version 3's items are version 2's: a sparser look suffices
for ((i = 0; i < size; i += step)); do
	python3 -c "import sys; b=bytearray(open(sys.argv[1],'rb').read()); b[int(sys.argv[3])]^=0x5a; open(sys.argv[2],'wb').write(b)" \
		"$tmp/$s" "$tmp/mut" "$i"
	head -c "$i" "$tmp/$s" >"$tmp/cut"
	for f in mut cut; do
		timeout 20 "$bin" agent -i midgard <"$tmp/$f" >/dev/null 2>"$tmp/err"
		st=$?
		if [ $st -gt 1 ]; then
			echo "FAIL: $s: $f at byte $i: status $st" >&2
			cat "$tmp/err" >&2
			fails=$((fails + 1))
		else
			ok
		fi
	done
done
done

finish
