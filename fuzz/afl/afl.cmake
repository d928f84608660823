# afl.cmake: the AFL++ engine's programs (docs/afl.md), included by the top-level CMakeLists.txt
# after the library: the custom mutator (fuzz/afl/) and the harness built with afl-cc (campaign/).

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
            -I${PROJECT_SOURCE_DIR}
            -o ${ISAPROBE_AFL_HARNESS} ${PROJECT_SOURCE_DIR}/campaign/afl_harness_main.c
            $<TARGET_FILE:isaprobe_lib> ${SQLite3_LIBRARIES} ${LIBDRM_LINK_LIBRARIES} -lm -lpthread
    DEPENDS isaprobe_lib ${PROJECT_SOURCE_DIR}/campaign/afl_harness_main.c
            ${PROJECT_SOURCE_DIR}/fuzz/afl/afl_internal.h
    COMMENT "Building the AFL++ harness with ${ISAPROBE_AFL_CC}"
    VERBATIM)
  add_custom_target(isaprobe_afl_harness ALL DEPENDS ${ISAPROBE_AFL_HARNESS})
endif()
