# cmake --install (make install PREFIX=...): the tgx command, libtgx (static and shared), the
# public headers with the tables they include, tgx.pc for pkg-config and a CMake package:
#   find_package(tgx) -> tgx::tgx (shared) and tgx::tgx_static.
include(CMakePackageConfigHelpers)

install(TARGETS tgx RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS tgx_static tgx_shared EXPORT tgxTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/tgx DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h" PATTERN "*.def")

# Man pages (share/man/man1): cmake/man.cmake writes and installs them with the tgx command.

# CMake package.
set(TGX_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/tgx)
install(EXPORT tgxTargets NAMESPACE tgx:: DESTINATION ${TGX_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/tgxConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/tgxConfig.cmake
                              INSTALL_DESTINATION ${TGX_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/tgxConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/tgxConfig.cmake ${PROJECT_BINARY_DIR}/tgxConfigVersion.cmake
        DESTINATION ${TGX_CMAKE_DIR})

# pkg-config: the prefix is found from the .pc file's own place, so an installed tree can move
# (or be staged with DESTDIR) and still be found through PKG_CONFIG_PATH.
set(TGX_PC_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}" OR IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(TGX_PC_PREFIX ${CMAKE_INSTALL_PREFIX}) # a fixed layout: absolute paths
  set(TGX_PC_LIBDIR ${CMAKE_INSTALL_FULL_LIBDIR})
  set(TGX_PC_INCLUDEDIR ${CMAKE_INSTALL_FULL_INCLUDEDIR})
else()
  file(RELATIVE_PATH to_prefix /${TGX_PC_DIR} /)
  string(REGEX REPLACE "/$" "" to_prefix "${to_prefix}")
  set(TGX_PC_PREFIX "\${pcfiledir}/${to_prefix}")
  set(TGX_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
  set(TGX_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
# libtgx.a's shader compiler needs LLVM's shared library where tgx was built with it
set(TGX_PC_LLVM)
if(TGX_LLVM_LIB)
  get_filename_component(llvm_dir ${TGX_LLVM_LIB} DIRECTORY)
  set(TGX_PC_LLVM " -L${llvm_dir} -lLLVM-15")
endif()
configure_file(${PROJECT_SOURCE_DIR}/cmake/tgx.pc.in ${PROJECT_BINARY_DIR}/tgx.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/tgx.pc DESTINATION ${TGX_PC_DIR})
