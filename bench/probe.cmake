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
