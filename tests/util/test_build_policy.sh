#!/bin/bash
# How tgx builds (issue 9, "Build"):
#  * -Werror is for developers and CI: TGX_WERROR is OFF in a plain configure, and make test,
#    make test-sanitize and make fuzz-smoke turn it on;
#  * make demo builds only the tgx command;
#  * tools/deps.sh asks for clang and clang-format only for the targets that use them, and the
#    format test skips with its reason without clang-format; the EGL/GL files and Mesa drivers
#    of the harness test are wanted, a note where apt-get cannot install them;
#  * the sources gcc 12 warned about at -O2/-O3 (maybe-uninitialized in src/replay/case.c
#    read_slots and src/emu/setup.c) compile warning-free with -Werror at -O2 and -O3, with
#    gcc and, where installed, clang (the whole tree is built so by make test and CI).
set -u
: "${TGX_SRC:?TGX_SRC must name the source tree}"
. "$(dirname "$0")/../common/lib.sh"
cd "$TGX_SRC" || exit 1

# ---- the Makefile's targets (make -n: what they would run) ------------------------------------
make -n -B demo BUILD="$tmp/b" >"$tmp/demo" 2>&1
grep -q -- "--target tgx" "$tmp/demo" && ! grep -q ctest "$tmp/demo" && ok ||
    bad "make demo does not build only tgx: $(grep cmake "$tmp/demo")"
grep -q "clang" "$tmp/demo" && bad "make demo asks for clang: $(grep clang "$tmp/demo")" || ok
make -n -B test BUILD="$tmp/b" >"$tmp/test" 2>&1
grep -q -- "-DTGX_WERROR=ON" "$tmp/test" && ok || bad "make test does not turn -Werror on"
make -n -B test-sanitize >"$tmp/san" 2>&1
grep -q -- "-DTGX_WERROR=ON" "$tmp/san" && ok || bad "make test-sanitize does not turn -Werror on"
grep -q -- "-DTGX_WERROR=ON" tools/fuzz-smoke.sh && ok || bad "fuzz-smoke does not turn -Werror on"

# ---- a plain configure: warnings are not errors -------------------------------------------------
if cmake -S . -B "$tmp/plain" >"$tmp/cfg" 2>&1; then
    grep -q "^TGX_WERROR:BOOL=OFF" "$tmp/plain/CMakeCache.txt" && ok ||
        bad "TGX_WERROR is not OFF by default: $(grep TGX_WERROR "$tmp/plain/CMakeCache.txt")"
else
    bad "plain cmake configure failed: $(tail -5 "$tmp/cfg")"
fi

# ---- deps.sh without clang or clang-format on the PATH -------------------------------------------
mkdir "$tmp/bin"
for t in sh cmake cc gcc make pkg-config id cat rm mkdir; do
    p=$(command -v "$t") && ln -s "$p" "$tmp/bin/$t"
done
PATH="$tmp/bin" sh tools/deps.sh >"$tmp/out" 2>&1
[ $? -eq 0 ] && ok || bad "deps.sh needs more than the build tools: $(cat "$tmp/out")"
PATH="$tmp/bin" sh tools/deps.sh --want clang-format >"$tmp/out" 2>&1
[ $? -eq 0 ] && grep -q "clang-format not installed; the tests that use it skip" "$tmp/out" && ok ||
    bad "deps.sh --want clang-format: $(cat "$tmp/out")"
PATH="$tmp/bin" sh tools/deps.sh clang >"$tmp/out" 2>&1
[ $? -eq 1 ] && grep -q "please install: clang" "$tmp/out" && ok ||
    bad "deps.sh clang without clang: $(cat "$tmp/out")"
# Without the EGL headers (a compiler that cannot find EGL/egl.h) and without apt-get: the
# harness's packages are a note, not a failure (its test skips with the reason).
mkdir "$tmp/noegl"
cp -P "$tmp/bin/"* "$tmp/noegl/"
rm "$tmp/noegl/cc"
printf '#!/bin/sh\ninput=$(cat)\ncase $input in *EGL/egl.h*) exit 1 ;; esac\nprintf "%%s\\n" "$input" | exec "%s" "$@"\n' \
    "$(command -v cc)" >"$tmp/noegl/cc"
chmod +x "$tmp/noegl/cc"
PATH="$tmp/noegl" sh tools/deps.sh >"$tmp/out" 2>&1
[ $? -eq 0 ] && grep -q "note:.* libegl-dev.* not installed; the tests that use it skip" "$tmp/out" &&
    ok || bad "deps.sh without EGL headers or apt-get: $(cat "$tmp/out")"
PATH="$tmp/bin" TGX_SRC="$TGX_SRC" "$BASH" tests/util/test_format.sh >"$tmp/out" 2>&1
[ $? -eq 77 ] && grep -q "SKIP: clang-format not installed" "$tmp/out" && ok ||
    bad "format test without clang-format: $(cat "$tmp/out")"

# ---- the files gcc 12 warned about, at -O2 and -O3, as errors -----------------------------------
for compiler in gcc clang; do
    command -v $compiler >/dev/null || { echo "note: $compiler not installed, not compiled with it"; continue; }
    for opt in -O2 -O3; do
        for f in src/replay/case.c src/emu/setup.c; do
            if $compiler -std=c11 $opt -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
                -Werror -D_POSIX_C_SOURCE=200809L -Iinclude -Isrc -c "$f" -o "$tmp/o.o" 2>"$tmp/err"; then
                ok
            else
                bad "$compiler $opt $f: $(head -c 400 "$tmp/err")"
            fi
        done
    done
done
finish
