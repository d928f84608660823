# schema.cmake: compiles db/schema.sql into libisaprobe as the C string ip_store_schema_sql,
# regenerated whenever the file changes. Included by the top-level CMakeLists.txt.
set(ISAPROBE_SCHEMA_C ${PROJECT_BINARY_DIR}/generated/schema_sql.c)
add_custom_command(
  OUTPUT ${ISAPROBE_SCHEMA_C}
  COMMAND ${CMAKE_COMMAND} -DIN=${PROJECT_SOURCE_DIR}/db/schema.sql -DOUT=${ISAPROBE_SCHEMA_C}
          -DNAME=ip_store_schema_sql -P ${PROJECT_SOURCE_DIR}/cmake/embed_text.cmake
  DEPENDS ${PROJECT_SOURCE_DIR}/db/schema.sql ${PROJECT_SOURCE_DIR}/cmake/embed_text.cmake
  COMMENT "Embedding db/schema.sql"
  VERBATIM)
target_sources(isaprobe_lib PRIVATE ${ISAPROBE_SCHEMA_C})
