# install.cmake: what `cmake --install` puts where, in the GNU/Debian layout (GNUInstallDirs):
# the program, the library and its headers with a pkg-config file, the AFL++ helpers, the
# shipped probes, the documentation with the examples, the man page (made from the program's
# own --help texts) and the bash completion. Included by the top-level CMakeLists.txt.
include(GNUInstallDirs)

option(ISAPROBE_SHARED "Also build and install libisaprobe as a shared library" OFF)
set(ISAPROBE_SOVERSION 0)

install(TARGETS isaprobe RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS isaprobe_lib ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
if(ISAPROBE_SHARED)
  # The same sources again, position-independent: libisaprobe.so.0 beside libisaprobe.a.
  get_target_property(isaprobe_lib_sources isaprobe_lib SOURCES)
  add_library(isaprobe_shared SHARED ${isaprobe_lib_sources})
  set_target_properties(isaprobe_shared PROPERTIES OUTPUT_NAME isaprobe
    VERSION ${PROJECT_VERSION} SOVERSION ${ISAPROBE_SOVERSION})
  target_include_directories(isaprobe_shared PUBLIC ${PROJECT_SOURCE_DIR}/include
                             ${PROJECT_SOURCE_DIR}/encoders ${PROJECT_SOURCE_DIR})
  target_link_libraries(isaprobe_shared PUBLIC m SQLite::SQLite3 Threads::Threads)
  install(TARGETS isaprobe_shared LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
          NAMELINK_COMPONENT Development)
endif()
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/isaprobe DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h")

# The AFL++ engine's harness and mutator: private programs, found by `isaprobe campaign
# --engine afl` next to the program (the build tree) or in LIBEXECDIR/isaprobe (installed).
set(ISAPROBE_HELPER_DIR ${CMAKE_INSTALL_LIBEXECDIR}/isaprobe)
install(TARGETS isaprobe_afl_mutator LIBRARY DESTINATION ${ISAPROBE_HELPER_DIR})
if(ISAPROBE_AFL_HARNESS)
  install(PROGRAMS ${ISAPROBE_AFL_HARNESS} DESTINATION ${ISAPROBE_HELPER_DIR})
endif()
file(RELATIVE_PATH ISAPROBE_HELPER_FROM_BIN ${CMAKE_INSTALL_FULL_BINDIR}
     ${CMAKE_INSTALL_FULL_LIBEXECDIR}/isaprobe)
set_source_files_properties(${PROJECT_SOURCE_DIR}/campaign/afl_campaign.c PROPERTIES
  COMPILE_DEFINITIONS "ISAPROBE_HELPER_FROM_BIN=\"${ISAPROBE_HELPER_FROM_BIN}\"")

# pkg-config: written at install time, for the prefix installed to (`--prefix` included).
# Static alone, the library's own dependencies are public; with the shared library, private.
set(pc_requires "Requires")
set(pc_libs " -lm -pthread")
set(pc_libs_private "")
if(ISAPROBE_SHARED)
  set(pc_requires "Requires.private")
  set(pc_libs "")
  set(pc_libs_private "Libs.private: -lm -pthread")
endif()
foreach(d LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${d}}")
    set(pc_${d} "${CMAKE_INSTALL_${d}}")
  else()
    set(pc_${d} "\${prefix}/${CMAKE_INSTALL_${d}}")
  endif()
endforeach()
set(pc_dir "\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig")
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(pc_dir "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
endif()
install(CODE "
  set(PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
  set(PC_LIBDIR [=[${pc_LIBDIR}]=])
  set(PC_INCLUDEDIR [=[${pc_INCLUDEDIR}]=])
  set(PC_VERSION ${PROJECT_VERSION})
  set(PC_REQUIRES ${pc_requires})
  set(PC_LIBS [=[${pc_libs}]=])
  set(PC_LIBS_PRIVATE [=[${pc_libs_private}]=])
  set(pc \"\$ENV{DESTDIR}${pc_dir}/isaprobe.pc\")
  configure_file(${PROJECT_SOURCE_DIR}/packaging/isaprobe.pc.in \"\${pc}\" @ONLY)
  message(STATUS \"Installing: \${pc}\")
")

# What the program needs at run time and what users read.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/probes/ DESTINATION ${CMAKE_INSTALL_DATADIR}/isaprobe/probes)
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples
        PATTERN CMakeLists.txt EXCLUDE)

# The man page: generated after the program is built, from `isaprobe --help` and every
# command's --help (packaging/man_page.cmake), so new commands and options need no hand edit.
set(ISAPROBE_MAN_PAGE ${PROJECT_BINARY_DIR}/isaprobe.1)
add_custom_command(
  OUTPUT ${ISAPROBE_MAN_PAGE}
  COMMAND ${CMAKE_COMMAND} -DISAPROBE=$<TARGET_FILE:isaprobe> -DOUT=${ISAPROBE_MAN_PAGE}
          -DVERSION=${PROJECT_VERSION} -DDOCDIR=${CMAKE_INSTALL_FULL_DOCDIR}
          -DDATADIR=${CMAKE_INSTALL_FULL_DATADIR}
          -P ${PROJECT_SOURCE_DIR}/packaging/man_page.cmake
  DEPENDS isaprobe ${PROJECT_SOURCE_DIR}/packaging/man_page.cmake
  COMMENT "Writing the man page isaprobe.1 from the --help texts"
  VERBATIM)
add_custom_target(isaprobe_man ALL DEPENDS ${ISAPROBE_MAN_PAGE})
install(FILES ${ISAPROBE_MAN_PAGE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

# Bash completion: reads the installed program's --help texts when it completes.
install(FILES ${PROJECT_SOURCE_DIR}/packaging/isaprobe.bash
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME isaprobe)
