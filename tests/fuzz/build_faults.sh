#!/usr/bin/env bash
# build_faults.sh: builds the libFuzzer targets tests/fuzz/fuzz_*.c into build/fuzz/ with clang, ASan and
# UBSan (not part of CMake's build or of ci/test). Usage: bash tests/fuzz/build_faults.sh, then e.g.
#   build/fuzz/fuzz_agent_protocol -max_total_time=300 build/fuzz/corpus-agent tests/fuzz/seeds
# A crash it finds becomes a regression test in tests/ (test_faults_*.c).
set -euo pipefail
cd "$(dirname "$0")/../.."
cmake -S . -B build/fuzz -G Ninja -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	-DISAPROBE_SANITIZE=ON -DCMAKE_C_FLAGS="-fsanitize=fuzzer-no-link" -DBUILD_TESTING=OFF >/dev/null
cmake --build build/fuzz --target isaprobe_lib
for target in tests/fuzz/fuzz_*.c; do
	clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -D_GNU_SOURCE \
		-Iinclude -Iencoders "$target" build/fuzz/libisaprobe.a -lsqlite3 -lm -lpthread \
		-o "build/fuzz/$(basename "$target" .c)"
done
echo "built: $(ls build/fuzz/fuzz_* | tr '\n' ' ')"
