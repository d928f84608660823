# embed_text.cmake: turns a text file into a C source defining one NUL-terminated string.
# Usage: cmake -DIN=file.sql -DOUT=file.c -DNAME=symbol -P embed_text.cmake
if(NOT DEFINED IN OR NOT DEFINED OUT OR NOT DEFINED NAME)
  message(FATAL_ERROR "embed_text.cmake: needs -DIN=, -DOUT= and -DNAME=")
endif()
file(READ "${IN}" text)
# One C string literal per line. Backslashes and quotes are escaped, and so is '?', since
# -std=c11 reads trigraphs. The text is never treated as a list, so ';' needs no care.
string(REPLACE "\\" "\\\\" text "${text}")
string(REPLACE "\"" "\\\"" text "${text}")
string(REPLACE "?" "\\?" text "${text}")
string(REPLACE "\t" "\\t" text "${text}")
string(REPLACE "\r" "" text "${text}")
string(REPLACE "\n" "\\n\"\n\t\"" text "${text}")
get_filename_component(from "${IN}" NAME)
set(body "/* Generated from ${from} by cmake/embed_text.cmake: do not edit. */\nconst char ${NAME}[] =\n\t\"${text}\";\n")
# Rewrite only when the text changed, so the build does not recompile for nothing.
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
  if(old STREQUAL body)
    return()
  endif()
endif()
file(WRITE "${OUT}" "${body}")
