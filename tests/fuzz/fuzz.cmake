# fuzz.cmake: the fuzzing of isaprobe's own parsers (docs/fuzzing.md). Included by the top-level
# CMakeLists.txt after the library: the parser fuzz targets (tests/fuzz/targets/) with their
# replay test and, in the `fuzz` preset (ISAPROBE_FUZZ), their AFL++-instrumented driver and
# short fuzzing runs.

# The parser fuzz targets' driver, isaprobe-fuzz: in every build a replayer (the fuzz_replay
# test runs each target on its seeds and on tests/fuzz/regress/TARGET/*, under the sanitizers in
# the asan preset); built by afl-clang-fast in the fuzz preset, AFL++'s persistent target. The
# db target also asks `query` its questions, so the query command's files come along.
file(GLOB ISAPROBE_FUZZ_TARGET_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/fuzz/targets/*.c)
add_executable(isaprobe-fuzz ${ISAPROBE_FUZZ_TARGET_SOURCES}
  ${PROJECT_SOURCE_DIR}/cli/cmd_query.c ${PROJECT_SOURCE_DIR}/cli/sql_print.c
  ${PROJECT_SOURCE_DIR}/cli/json.c ${PROJECT_SOURCE_DIR}/cli/io.c)
target_link_libraries(isaprobe-fuzz PRIVATE isaprobe_lib isaprobe_test_support)
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
