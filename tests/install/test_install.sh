#!/bin/bash
# `cmake --install` into a prefix inside the build tree, then what a project embedding tgx sees:
# the files and their layout, the shared library's SONAME (from project(VERSION) in
# CMakeLists.txt: libtgx.so.0.MINOR while the major version is 0), its exported names and the
# static library's global names (tgx_ only, the same set), every public header compiling on its own, and examples/embed/embed.c built against the
# installed tree with pkg-config and with find_package(tgx), shared and static, run and compared
# with values worked out by hand: MAD by 2 plus 1; nearest samples of the RGBA8 texels it stores
# (n/255 for the bytes 51, 102, 153, 204 print as 0.2 .. 0.8); and nvdisasm 11.8's text for the
# word 0xd860055ff0a70802 (the oracle's own example). The headers and embed.c are built as C++
# too (extern "C"), with pkg-config and with find_package (static). The pkg-config half skips, with its reason,
# where pkg-config is absent.
set -u
. "$(dirname "$0")/../common/lib.sh"
: "${TGX_BUILD:?TGX_BUILD must name the build tree}" "${TGX_SRC:?}" "${TGX_CMAKE:?}" "${TGX_CC:?}"
CFLAGS_EXTRA=${TGX_CFLAGS:-}
work=$TGX_BUILD/install-test
prefix=$work/prefix
rm -rf "$work"
mkdir -p "$work"

if ! "$TGX_CMAKE" --install "$TGX_BUILD" --prefix "$prefix" >"$work/install.log" 2>&1; then
    echo "cmake --install failed:"
    cat "$work/install.log"
    exit 1
fi
libdir=$(ls -d "$prefix"/lib*/ | head -1)
libdir=${libdir%/}

# ---- layout -------------------------------------------------------------------------------
for f in bin/tgx include/tgx/tex.h include/tgx/tgsi.h include/tgx/tgsi_opcodes.def \
    include/tgx/tex_formats.def share/man/man1/tgx.1 share/man/man1/tgx-as.1; do
    if [ -e "$prefix/$f" ]; then ok; else bad "installed tree lacks $f"; fi
done
for f in libtgx.a libtgx.so pkgconfig/tgx.pc cmake/tgx/tgxConfig.cmake \
    cmake/tgx/tgxConfigVersion.cmake cmake/tgx/tgxTargets.cmake; do
    if [ -e "$libdir/$f" ]; then ok; else bad "installed tree lacks $(basename "$libdir")/$f"; fi
done
if "$prefix/bin/tgx" --help >/dev/null 2>&1; then ok; else bad "installed tgx --help fails"; fi
if grep -rlE '#[[:space:]]*include[[:space:]]*"\.\./' "$prefix/include" >/dev/null; then
    bad "an installed header includes a file outside the tree: $(grep -rE '#.*include.*"\.\./' "$prefix/include")"
else
    ok
fi

# ---- SONAME and version --------------------------------------------------------------------
version=$(sed -n 's/^project(tgx VERSION \([0-9.]*\).*/\1/p' "$TGX_SRC/CMakeLists.txt")
major=${version%%.*}
minor=${version#*.}
minor=${minor%%.*}
if [ "$major" = 0 ]; then soname=libtgx.so.0.$minor; else soname=libtgx.so.$major; fi
if [ -f "$libdir/libtgx.so.$version" ] && [ "$(readlink "$libdir/libtgx.so")" = "$soname" ]; then
    ok
else
    bad "want libtgx.so.$version and the link libtgx.so -> $soname: $(ls "$libdir")"
fi
if command -v readelf >/dev/null; then
    got=$(readelf -d "$libdir/libtgx.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
    if [ "$got" = "$soname" ]; then ok; else bad "SONAME is '$got', want $soname"; fi
else
    echo "SKIP part: no readelf, SONAME not read"
fi

# ---- exported names ------------------------------------------------------------------------
if command -v nm >/dev/null; then
    nm -D --defined-only "$libdir/libtgx.so.$version" | awk '{print $NF}' >"$work/exports"
    others=$(grep -v '^tgx_' "$work/exports" | head -5)
    if [ -z "$others" ]; then ok; else bad "libtgx.so exports names without tgx_: $others"; fi
    for name in tgx_tex_sample tgx_tgsi_parse tgx_exec_run_vertex tgx_sm5_disasm_word; do
        if grep -qx "$name" "$work/exports"; then ok; else bad "libtgx.so does not export $name"; fi
    done
    # the static library: a program linking it sees the tgx_ names and nothing else (exec's
    # handlers such as x_op_tex are there, but local)
    nm -g --defined-only "$libdir/libtgx.a" | awk 'NF == 3 {print $3}' >"$work/static_globals"
    others=$(grep -v '^tgx_' "$work/static_globals" | head -5)
    if [ -z "$others" ]; then ok; else bad "libtgx.a has global names without tgx_: $others"; fi
    if cmp -s <(sort "$work/exports") <(sort "$work/static_globals"); then
        ok
    else
        bad "libtgx.a's global names differ from libtgx.so's exports: $(diff <(sort "$work/exports") <(sort "$work/static_globals") | head -5)"
    fi
    if nm "$libdir/libtgx.a" | grep -q ' t x_op_tex$' && ! grep -qx x_op_tex "$work/exports"; then
        ok
    else
        bad "x_op_tex should be in libtgx.a, local, and hidden in libtgx.so"
    fi
else
    echo "SKIP part: no nm, exported names not read"
fi

# ---- every public header on its own --------------------------------------------------------
for h in "$prefix"/include/tgx/*.h; do
    n=$(basename "$h")
    if echo "#include <tgx/$n>" | "$TGX_CC" -std=c11 -pedantic -Wall -Wextra -Werror \
        -fsyntax-only -I"$prefix/include" -x c - 2>"$work/header.err"; then
        ok
    else
        bad "tgx/$n does not compile alone: $(head -c 400 "$work/header.err")"
    fi
done

# ---- the same headers from C++ -------------------------------------------------------------
# C++ code links libtgx through the same headers: each one compiles alone as C++11 and wraps
# its declarations in extern "C" (without it, g++ looked for mangled names and the link failed).
case $(basename "$TGX_CC") in
    *clang*) cxx_guess=clang++ ;;
    *gcc*) cxx_guess=g++ ;;
    *) cxx_guess=c++ ;;
esac
CXX=${TGX_CXX:-$cxx_guess}
if command -v "$CXX" >/dev/null; then
    for h in "$prefix"/include/tgx/*.h; do
        n=$(basename "$h")
        if echo "#include <tgx/$n>" | "$CXX" -std=c++11 -pedantic -Wall -Wextra -Werror \
            -fsyntax-only -I"$prefix/include" -x c++ - 2>"$work/header.err"; then
            ok
        else
            bad "tgx/$n does not compile alone as C++: $(head -c 400 "$work/header.err")"
        fi
    done
else
    CXX=
    echo "SKIP part: no C++ compiler ($cxx_guess); the headers and embed.c are not built as C++"
fi

# ---- the embedding program -----------------------------------------------------------------
want='tgsi lane 0: 1 1.5 -1 7
tgsi lane 1: 3 1.5 -1 7
tgsi lane 2: 5 1.5 -1 7
tgsi lane 3: 7 1.5 -1 7
tex lane 0: 1 0 0 1
tex lane 1: 0 1 0 1
tex lane 2: 0 0 1 1
tex lane 3: 0.2 0.4 0.6 0.8
sm5: TEXS.LL RZ, R2, R8, R10, 0x55, 2D, R ;'

# check_embed NAME BINARY STATIC(yes|no): runs it (from outside the build tree's library path)
# and compares; a static binary must not need libtgx.so, a shared one must.
check_embed() {
    local name=$1 exe=$2 static=$3 got
    got=$(cd / && env -u LD_LIBRARY_PATH "$exe" 2>&1)
    if [ "$got" = "$want" ]; then ok; else bad "$name printed: $got"; fi
    if command -v readelf >/dev/null; then
        if readelf -d "$exe" | grep -q "NEEDED.*\[$soname\]"; then needs=yes; else needs=no; fi
        if { [ "$static" = yes ] && [ "$needs" = no ]; } || { [ "$static" = no ] && [ "$needs" = yes ]; }; then
            ok
        else
            bad "$name: static=$static but needs $soname: $needs"
        fi
    fi
}

src=$TGX_SRC/examples/embed/embed.c
if command -v pkg-config >/dev/null; then
    export PKG_CONFIG_PATH=$libdir/pkgconfig
    if [ "$(pkg-config --modversion tgx)" = "$version" ]; then ok; else bad "tgx.pc version"; fi
    # shellcheck disable=SC2046,SC2086
    if "$TGX_CC" -std=c11 -Wall -Werror $CFLAGS_EXTRA "$src" $(pkg-config --cflags --libs tgx) \
        -Wl,-rpath,"$libdir" -o "$work/embed_pc" 2>"$work/cc.err"; then
        check_embed "pkg-config shared" "$work/embed_pc" no
    else
        bad "pkg-config shared build: $(head -c 600 "$work/cc.err")"
    fi
    # the same program compiled as C++ (embed.c is C and C++ alike), linked the same way
    # shellcheck disable=SC2046,SC2086
    if [ -z "$CXX" ]; then
        :
    elif "$CXX" -std=c++11 -Wall -Werror $CFLAGS_EXTRA -x c++ "$src" -x none \
        $(pkg-config --cflags --libs tgx) -Wl,-rpath,"$libdir" -o "$work/embed_pc_cxx" \
        2>"$work/cc.err"; then
        check_embed "pkg-config shared, C++" "$work/embed_pc_cxx" no
    else
        bad "pkg-config shared build as C++: $(head -c 600 "$work/cc.err")"
    fi
    # static: libtgx.a by path, then what it needs (pkg-config --static, without -ltgx)
    # shellcheck disable=SC2046,SC2086
    if "$TGX_CC" -std=c11 -Wall -Werror $CFLAGS_EXTRA "$src" $(pkg-config --cflags tgx) \
        "$libdir/libtgx.a" $(pkg-config --static --libs tgx | sed 's/-ltgx//') \
        -o "$work/embed_pc_static" 2>"$work/cc.err"; then
        check_embed "pkg-config static" "$work/embed_pc_static" yes
    else
        bad "pkg-config static build: $(head -c 600 "$work/cc.err")"
    fi
    # the .pc file finds its prefix from where it lies: a tree staged with DESTDIR works too
    DESTDIR=$work/stage "$TGX_CMAKE" --install "$TGX_BUILD" --prefix /opt/tgx >/dev/null 2>&1
    inc=$(PKG_CONFIG_PATH=$(ls -d "$work"/stage/opt/tgx/lib*/pkgconfig | head -1) \
        pkg-config --cflags-only-I tgx)
    inc=${inc%% *}
    if [ -f "${inc#-I}/tgx/tex.h" ]; then ok; else bad "staged tgx.pc points at '$inc'"; fi
else
    echo "SKIP part: pkg-config is not installed; the pkg-config builds are not tried"
fi

kinds="shared static"
[ -n "$CXX" ] && kinds="$kinds static-c++"
for kind in $kinds; do
    static=OFF cxx=OFF
    case $kind in static*) static=ON ;; esac
    case $kind in *c++) cxx=ON ;; esac
    dir=$work/cmake-$kind
    if "$TGX_CMAKE" -S "$TGX_SRC/examples/embed" -B "$dir" -DCMAKE_PREFIX_PATH="$prefix" \
        -DCMAKE_C_COMPILER="$TGX_CC" -DCMAKE_C_FLAGS="$CFLAGS_EXTRA" -DTGX_EMBED_STATIC=$static \
        -DTGX_EMBED_CXX=$cxx ${CXX:+-DCMAKE_CXX_COMPILER="$CXX"} \
        -DCMAKE_CXX_FLAGS="$CFLAGS_EXTRA" >"$dir.log" 2>&1 &&
        "$TGX_CMAKE" --build "$dir" >>"$dir.log" 2>&1; then
        check_embed "find_package $kind" "$dir/embed" "$([ $static = ON ] && echo yes || echo no)"
    else
        bad "find_package(tgx) $kind build failed: $(tail -c 800 "$dir.log")"
    fi
done
finish
