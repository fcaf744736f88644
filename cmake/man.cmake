# Man pages: tgx(1), and tgx-VERB(1) for each verb of src/cli/verbs.def. The built tgx writes
# them (tgx --man [VERB]) from the same tables as its --help text (src/cli/opts.h), so the pages
# cannot drift from the command; cmake --install puts them in man1.
include(GNUInstallDirs)
file(STRINGS ${PROJECT_SOURCE_DIR}/src/cli/verbs.def tgx_verb_lines REGEX "^X\\(")
set(tgx_man_pages)
foreach(page "" ${tgx_verb_lines})
  string(REGEX REPLACE "^X\\(([a-z0-9_]+),.*" "\\1" verb "${page}")
  if(verb STREQUAL "")
    set(out ${CMAKE_BINARY_DIR}/man/tgx.1)
  else()
    set(out ${CMAKE_BINARY_DIR}/man/tgx-${verb}.1)
  endif()
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DTGX=$<TARGET_FILE:tgx> "-DVERB=${verb}" -DOUT=${out}
            -P ${PROJECT_SOURCE_DIR}/cmake/man_page.cmake
    DEPENDS tgx ${PROJECT_SOURCE_DIR}/cmake/man_page.cmake
    COMMENT "man page ${out}"
    VERBATIM)
  list(APPEND tgx_man_pages ${out})
endforeach()
add_custom_target(man ALL DEPENDS ${tgx_man_pages})
install(FILES ${tgx_man_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
