#!/usr/bin/env bash
# build.sh: builds the CTM libFuzzer harness (clang, ASan + UBSan) into build/fuzz/ctm_fuzz and
# writes a seed corpus; run it with build/fuzz/ctm_fuzz build/fuzz/corpus -max_total_time=300.
set -euo pipefail
cd "$(dirname "$0")/../.."
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
clang $flags -fsanitize=fuzzer tests/fuzz/ctm_fuzz.c "${objs[@]}" build/release/generated/schema_sql.c \
	-lsqlite3 -lm -lpthread -o "$out/ctm_fuzz"
# seeds: the probe programs as executables and text, a command buffer
for p in probes/ctm/*.probe; do
	n=$(basename "$p" .probe)
	awk '$0 == "program <<END" {on = 1; next} $0 == "END" {on = 0} on' "$p" >"$out/$n.s"
	build/release/isaprobe asm -i ctm "$out/$n.s" -o "$out/$n.elf"
	{ printf '\0'; cat "$out/$n.elf"; } >"$out/corpus/elf_$n"
	{ printf '\2'; cat "$out/$n.s"; } >"$out/corpus/text_$n"
done
printf 'set_domain i0=0 j0=0 i1=3 j1=1\nset_out_fmt output=0 address=0x800 format.pitch=1 format.data=float32_4 height=2\nstart_program\n' >"$out/cb.s"
build/release/isaprobe asm -i ctm_cb "$out/cb.s" -o "$out/cb.bin"
{ printf '\1'; cat "$out/cb.bin"; } >"$out/corpus/cb"
{ printf '\3'; cat "$out/cb.s"; } >"$out/corpus/cbtext"
{ printf '\4'; cat "$out/cb.bin"; } >"$out/corpus/sim"
echo "$out/ctm_fuzz"
