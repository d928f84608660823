#!/usr/bin/env bash
# build.sh [ISA]: builds the libFuzzer harness tests/fuzz/ISA_fuzz.c (ctm by default; a3xx)
# with clang, ASan + UBSan into build/fuzz/ISA_fuzz and writes a seed corpus; run it with
# build/fuzz/ctm_fuzz build/fuzz/corpus -max_total_time=300 (a3xx: build/fuzz/a3xx_corpus).
set -euo pipefail
cd "$(dirname "$0")/../.."
isa=${1:-ctm}
out=build/fuzz
mkdir -p "$out/obj" "$out/corpus"
flags="-O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -std=c11
	-D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Iinclude -Iencoders"
objs=()
for f in encoders/*.c encoders/*/*.c runners/*.c runners/sim/*.c runners/sim/*/*.c \
	runners/remote/*.c db/*.c fuzz/*.c reports/*.c; do
	o="$out/obj/$(echo "$f" | tr / _).o"
	[ "$o" -nt "$f" ] || clang $flags -c "$f" -o "$o"
	objs+=("$o")
done
[ -f build/release/generated/schema_sql.c ] || { cmake --preset release >/dev/null && cmake --build --preset release; }
clang $flags -fsanitize=fuzzer "tests/fuzz/${isa}_fuzz.c" "${objs[@]}" build/release/generated/schema_sql.c \
	-lsqlite3 -lm -lpthread -o "$out/${isa}_fuzz"
# probe_seeds ISA DIR TEXT_BYTE BINARY_BYTE: each probes/ISA program into DIR as its text and as
# its assembled binary, each behind the byte the harness reads as "what follows".
probe_seeds() {
	mkdir -p "$2"
	for p in probes/"$1"/*.probe; do
		n=$(basename "$p" .probe)
		awk '$0 == "program <<END" {on = 1; next} $0 == "END" {on = 0} on' "$p" >"$out/$n.s"
		build/release/isaprobe asm -i "$1" "$out/$n.s" -o "$out/$n.bin"
		{ printf "$3"; cat "$out/$n.s"; } >"$2/text_$n"
		{ printf "$4"; cat "$out/$n.bin"; } >"$2/bin_$n"
	done
}
if [ "$isa" = a3xx ]; then
	probe_seeds a3xx "$out/a3xx_corpus" '\0' '\1' # byte 0 even: text, odd: binary
	echo "$out/a3xx_fuzz"
	exit 0
fi
# seeds: the probe programs as executables (byte 0) and text (byte 2), a command buffer
probe_seeds ctm "$out/corpus" '\2' '\0'
printf 'set_domain i0=0 j0=0 i1=3 j1=1\nset_out_fmt output=0 address=0x800 format.pitch=1 format.data=float32_4 height=2\nstart_program\n' >"$out/cb.s"
build/release/isaprobe asm -i ctm_cb "$out/cb.s" -o "$out/cb.bin"
{ printf '\1'; cat "$out/cb.bin"; } >"$out/corpus/cb"
{ printf '\3'; cat "$out/cb.s"; } >"$out/corpus/cbtext"
{ printf '\4'; cat "$out/cb.bin"; } >"$out/corpus/sim"
echo "$out/ctm_fuzz"
