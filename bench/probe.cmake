# probe.cmake: compiles probes/midgard/ls_loads.probe into the isaprobe program as the C string
# bench_ls_loads_probe (the campaign and infer suites' probe, found from any directory).
# Included by the top-level CMakeLists.txt, as db/schema.cmake is.
set(ISAPROBE_BENCH_PROBE_C ${PROJECT_BINARY_DIR}/generated/bench_ls_loads_probe.c)
add_custom_command(
  OUTPUT ${ISAPROBE_BENCH_PROBE_C}
  COMMAND ${CMAKE_COMMAND} -DIN=${PROJECT_SOURCE_DIR}/probes/midgard/ls_loads.probe
          -DOUT=${ISAPROBE_BENCH_PROBE_C} -DNAME=bench_ls_loads_probe
          -P ${PROJECT_SOURCE_DIR}/cmake/embed_text.cmake
  DEPENDS ${PROJECT_SOURCE_DIR}/probes/midgard/ls_loads.probe
          ${PROJECT_SOURCE_DIR}/cmake/embed_text.cmake
  COMMENT "Embedding probes/midgard/ls_loads.probe"
  VERBATIM)
target_sources(isaprobe PRIVATE ${ISAPROBE_BENCH_PROBE_C})

# The afl suite's probe (bench/suite_afl.c): bench/afl_two_regions.probe as
# bench_afl_two_regions_probe.
set(ISAPROBE_BENCH_AFL_PROBE_C ${PROJECT_BINARY_DIR}/generated/bench_afl_two_regions_probe.c)
add_custom_command(
  OUTPUT ${ISAPROBE_BENCH_AFL_PROBE_C}
  COMMAND ${CMAKE_COMMAND} -DIN=${PROJECT_SOURCE_DIR}/bench/afl_two_regions.probe
          -DOUT=${ISAPROBE_BENCH_AFL_PROBE_C} -DNAME=bench_afl_two_regions_probe
          -P ${PROJECT_SOURCE_DIR}/cmake/embed_text.cmake
  DEPENDS ${PROJECT_SOURCE_DIR}/bench/afl_two_regions.probe
          ${PROJECT_SOURCE_DIR}/cmake/embed_text.cmake
  COMMENT "Embedding bench/afl_two_regions.probe"
  VERBATIM)
target_sources(isaprobe PRIVATE ${ISAPROBE_BENCH_AFL_PROBE_C})
