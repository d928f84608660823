# fuzz.cmake: the AFL++ pieces (docs/afl.md, docs/fuzzing.md). Included by the top-level
# CMakeLists.txt after the library: the custom mutator, the harness built with afl-cc, and the
# parser fuzz targets (fuzz/targets/) with their replay test and, in the `fuzz` preset, their
# AFL++-instrumented driver and short fuzzing runs.

option(ISAPROBE_FUZZ "Build the parser fuzz targets for AFL++ (the fuzz preset: CC=afl-clang-fast)" OFF)

# The custom mutator: a plain shared library that afl-fuzz loads (no libisaprobe inside). Built
# without sanitizers, since afl-fuzz itself is not.
add_library(isaprobe_afl_mutator MODULE ${PROJECT_SOURCE_DIR}/fuzz/afl/afl_mutator.c)
set_target_properties(isaprobe_afl_mutator PROPERTIES
  OUTPUT_NAME isaprobe-afl-mutator PREFIX lib
  LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}
  COMPILE_OPTIONS "-Wall;-Wextra;-Wshadow;-Wstrict-prototypes;-Wmissing-prototypes;$<$<BOOL:${ISAPROBE_WERROR}>:-Werror>"
  LINK_OPTIONS "")

# The harness: its main is compiled by afl-cc (persistent mode, shared-memory test cases) and
# linked with the library as this build made it, uninstrumented, so that coverage is the
# outcome classes alone. Not in sanitizer builds: afl-cc's clang runtime and gcc's ASan
# runtime do not mix (the fuzz preset runs sanitized AFL++ targets instead).
find_program(ISAPROBE_AFL_CC NAMES afl-clang-fast afl-cc)
set(ISAPROBE_AFL_HARNESS "")
if(ISAPROBE_AFL_CC AND NOT ISAPROBE_SANITIZE AND NOT ISAPROBE_FUZZ)
  set(ISAPROBE_AFL_HARNESS ${PROJECT_BINARY_DIR}/isaprobe-afl-harness)
  set(werror "")
  if(ISAPROBE_WERROR)
    set(werror -Werror)
  endif()
  add_custom_command(
    OUTPUT ${ISAPROBE_AFL_HARNESS}
    COMMAND ${CMAKE_COMMAND} -E env AFL_QUIET=1
            ${ISAPROBE_AFL_CC} -std=c11 -O2 -g -Wall -Wextra -Wshadow -Wstrict-prototypes
            -Wmissing-prototypes ${werror} -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
            -I${PROJECT_SOURCE_DIR}/include -I${PROJECT_SOURCE_DIR}/encoders
            -o ${ISAPROBE_AFL_HARNESS} ${PROJECT_SOURCE_DIR}/fuzz/afl/afl_harness_main.c
            $<TARGET_FILE:isaprobe_lib> ${SQLite3_LIBRARIES} ${LIBDRM_LINK_LIBRARIES} -lm -lpthread
    DEPENDS isaprobe_lib ${PROJECT_SOURCE_DIR}/fuzz/afl/afl_harness_main.c
            ${PROJECT_SOURCE_DIR}/fuzz/afl/afl_internal.h
    COMMENT "Building the AFL++ harness with ${ISAPROBE_AFL_CC}"
    VERBATIM)
  add_custom_target(isaprobe_afl_harness ALL DEPENDS ${ISAPROBE_AFL_HARNESS})
endif()

# The parser fuzz targets' driver, isaprobe-fuzz: in every build a replayer (the fuzz_replay
# test runs each target on its seeds and on fuzz/regress/TARGET/*, under the sanitizers in the
# asan preset); built by afl-clang-fast in the fuzz preset, AFL++'s persistent target. The
# db target also asks `query` its questions, so the query command's files come along.
file(GLOB ISAPROBE_FUZZ_TARGET_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/fuzz/targets/*.c)
add_executable(isaprobe-fuzz ${ISAPROBE_FUZZ_TARGET_SOURCES}
  ${PROJECT_SOURCE_DIR}/cli/cmd_query.c ${PROJECT_SOURCE_DIR}/cli/sql_print.c
  ${PROJECT_SOURCE_DIR}/cli/json.c ${PROJECT_SOURCE_DIR}/cli/io.c)
target_link_libraries(isaprobe-fuzz PRIVATE isaprobe_lib)
if(ISAPROBE_FUZZ)
  # Short AFL++ runs of every target (ci/fuzz); a crash or sanitizer report fails the test.
  enable_testing()
  set(ISAPROBE_FUZZ_TOTAL_SECONDS 90 CACHE STRING "seconds of afl-fuzz for all targets together in the fuzz preset test")
  add_test(NAME fuzz_short
    COMMAND bash ${PROJECT_SOURCE_DIR}/ci/fuzz --build ${PROJECT_BINARY_DIR}
            --total ${ISAPROBE_FUZZ_TOTAL_SECONDS} --out ${PROJECT_BINARY_DIR}/fuzz-short)
  set_tests_properties(fuzz_short PROPERTIES TIMEOUT 900)
elseif(BUILD_TESTING)
  add_test(NAME fuzz_replay COMMAND isaprobe-fuzz --replay ${PROJECT_SOURCE_DIR})
endif()
