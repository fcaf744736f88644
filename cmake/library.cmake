# libtgx: every module's objects (tgx_module in ../CMakeLists.txt) in one static archive and one
# shared library, both named tgx. Included once, after the last tgx_module.
get_property(tgx_modules GLOBAL PROPERTY TGX_MODULES)
get_property(tgx_external_libs GLOBAL PROPERTY TGX_EXTERNAL_LIBS)
list(REMOVE_DUPLICATES tgx_external_libs)
set(tgx_objects)
foreach(m ${tgx_modules})
  list(APPEND tgx_objects $<TARGET_OBJECTS:tgx_${m}>)
endforeach()

# ABI version: the shared library's SONAME is libtgx.so.MAJOR, and libtgx.so.0.MINOR while the
# major version is 0 (semantic versioning promises no compatibility between 0.x releases).
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(TGX_SOVERSION 0.${PROJECT_VERSION_MINOR})
else()
  set(TGX_SOVERSION ${PROJECT_VERSION_MAJOR})
endif()

# The static library holds one object: every module's objects linked together (ld -r) with
# only the tgx_ names left global (objcopy), so an embedder's own k_ADD or x_op_tex cannot clash
# with libtgx's internal functions, which are global between the modules' objects. The price is
# per-object granularity: a program that links libtgx.a takes all of it (--gc-sections trims
# what it does not call). The tgx command and the benches link it too, so they can only reach
# the public API; tests link the modules' own archives (tgx_<name>_archive).
if(CMAKE_C_COMPILER_ID MATCHES "GNU|Clang" AND NOT APPLE AND CMAKE_LINKER AND CMAKE_OBJCOPY)
  set(tgx_object ${PROJECT_BINARY_DIR}/libtgx_object.o)
  add_custom_command(OUTPUT ${tgx_object}
                     COMMAND ${CMAKE_LINKER} -r -o ${tgx_object} ${tgx_objects}
                     COMMAND ${CMAKE_OBJCOPY} --wildcard --keep-global-symbol=tgx_* ${tgx_object}
                     DEPENDS ${tgx_objects}
                     COMMENT "libtgx.a: one object, only the tgx_ names global"
                     COMMAND_EXPAND_LISTS VERBATIM)
  add_library(tgx_static STATIC ${tgx_object})
  set_target_properties(tgx_static PROPERTIES LINKER_LANGUAGE C)
  foreach(m ${tgx_modules}) # the objects of another target: build them first
    add_dependencies(tgx_static tgx_${m})
  endforeach()
else()
  add_library(tgx_static STATIC ${tgx_objects})
endif()
add_library(tgx_shared SHARED ${tgx_objects})
foreach(lib tgx_static tgx_shared)
  target_include_directories(${lib} PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
                                           $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
endforeach()
set_target_properties(tgx_static PROPERTIES OUTPUT_NAME tgx EXPORT_NAME tgx_static)
target_link_libraries(tgx_static PUBLIC ${tgx_external_libs})
set_target_properties(tgx_shared PROPERTIES OUTPUT_NAME tgx EXPORT_NAME tgx
                                            VERSION ${PROJECT_VERSION} SOVERSION ${TGX_SOVERSION})
target_link_libraries(tgx_shared PRIVATE ${tgx_external_libs})

# The shared library exports the tgx_ names and nothing else: the layers' internal functions
# (exec's k_ADD, x_op_tex, ...) are global between objects but local to libtgx.so (a version
# script, so a new module needs no export list). -Bsymbolic-functions binds libtgx's own calls
# inside the library. --no-undefined catches a dependency the link line forgot; sanitizer and
# fuzzer builds leave their runtime's symbols to the executable, so they skip it.
if(CMAKE_C_COMPILER_ID MATCHES "GNU|Clang" AND NOT APPLE)
  set(tgx_map ${PROJECT_SOURCE_DIR}/cmake/tgx.map)
  target_link_options(tgx_shared PRIVATE -Wl,--version-script=${tgx_map}
                                         -Wl,-Bsymbolic-functions)
  set_property(TARGET tgx_shared APPEND PROPERTY LINK_DEPENDS ${tgx_map})
  if(NOT TGX_SANITIZE AND NOT TGX_FUZZ)
    target_link_options(tgx_shared PRIVATE -Wl,--no-undefined)
  endif()
endif()

# Every module's own archive, for the in-tree programs that call internal functions (the fuzz
# targets).
add_library(tgx_modules INTERFACE)
foreach(m ${tgx_modules})
  target_link_libraries(tgx_modules INTERFACE tgx_${m}_archive)
endforeach()
