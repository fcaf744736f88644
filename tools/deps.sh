#!/bin/sh
# Checks what a make target needs and, on Debian, installs what is missing (as root, or with
# sudo). Prints nothing when everything is there.
#   sh tools/deps.sh                      building tgx (make demo, make build): cmake, a C
#                                         compiler, make, pkg-config, libpng and zlib headers,
#                                         and LLVM 15 (llvm-15-dev: the shader compiler) if it
#                                         can be installed; without it tgx builds, runs every
#                                         shader on the interpreter, and the compiler's tests
#                                         skip and say why; and, if they can be installed, the
#                                         EGL and GL development files (libegl-dev, libgl-dev,
#                                         libopengl-dev: bench_mesa and mesa_case are built)
#                                         and Mesa's drivers (libgl1-mesa-dri: softpipe and
#                                         llvmpipe; libegl-mesa0: EGL surfaceless), which
#                                         replay/test_mesa_harness draws with; without them
#                                         that test skips and says why
#   sh tools/deps.sh clang                ... and clang (make fuzz-smoke)
#   sh tools/deps.sh clang-format         ... and clang-format (make format)
#   sh tools/deps.sh --want clang-format  ... and clang-format if it can be installed; without
#                                         it the format test skips with its reason (make test)
set -e
missing=""
wanted=""
need_cmd() { command -v "$1" >/dev/null 2>&1 || missing="$missing $2"; }
need_cmd cmake cmake
need_cmd cc gcc
need_cmd make make
need_cmd pkg-config pkg-config
if ! echo '#include <png.h>' | cc -E -x c - >/dev/null 2>&1; then missing="$missing libpng-dev"; fi
if ! echo '#include <zlib.h>' | cc -E -x c - >/dev/null 2>&1; then missing="$missing zlib1g-dev"; fi
# the shader compiler's LLVM (src/jit), wanted rather than needed
command -v llvm-config-15 >/dev/null 2>&1 || wanted="$wanted llvm-15-dev"
# bench/mesa (mesa_case, bench_mesa) and the Mesa drivers the harness test draws with, wanted:
# headers through the compiler, the libraries and drivers where Debian puts them
want_header() { echo "#include <$1>" | cc -E -x c - >/dev/null 2>&1 || wanted="$wanted $2"; }
want_file() { # PACKAGE GLOB...: wanted unless one of the files exists
    pkg=$1
    shift
    for f in "$@"; do [ -e "$f" ] && return 0; done
    wanted="$wanted $pkg"
}
want_header EGL/egl.h libegl-dev
want_header GL/gl.h libgl-dev
want_file libopengl-dev /usr/lib/*/libOpenGL.so /usr/lib/libOpenGL.so /usr/lib64/libOpenGL.so
want_file libgl1-mesa-dri /usr/lib/*/dri/swrast_dri.so /usr/lib/dri/swrast_dri.so /usr/lib64/dri/swrast_dri.so
want_file libegl-mesa0 /usr/lib/*/libEGL_mesa.so.0 /usr/lib/libEGL_mesa.so.0 /usr/lib64/libEGL_mesa.so.0
want=0
for tool in "$@"; do
    case $tool in
    --want) want=1 ;;
    *)
        if [ "$want" = 1 ]; then
            command -v "$tool" >/dev/null 2>&1 || wanted="$wanted $tool"
        else
            need_cmd "$tool" "$tool"
        fi
        want=0
        ;;
    esac
done
[ -z "$missing$wanted" ] && exit 0
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
apt_install() {
    command -v apt-get >/dev/null 2>&1 || return 1
    echo "tgx: installing missing packages:$1"
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $1
}
if [ -n "$missing" ] && ! apt_install "$missing$wanted"; then
    echo "tgx: please install:$missing" >&2
    exit 1
fi
if [ -z "$missing" ] && [ -n "$wanted" ] && ! apt_install "$wanted" >/dev/null 2>&1; then
    echo "tgx: note:$wanted not installed; the tests that use it skip and say so"
fi
exit 0
