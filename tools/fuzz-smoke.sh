#!/bin/sh
# Builds the libFuzzer targets in fuzz/ with clang and runs each briefly over its seed corpus.
set -e
if ! command -v clang >/dev/null 2>&1; then echo "SKIP: clang not installed, no fuzz smoke"; exit 0; fi
ls fuzz/*.c >/dev/null 2>&1 || { echo "no fuzz targets"; exit 0; }
CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug -DTGX_FUZZ=ON -DTGX_WERROR=ON >/dev/null
targets=$(for s in fuzz/*.c; do basename "$s" .c; done)
# shellcheck disable=SC2086
cmake --build build-fuzz -j "$(nproc)" --target $targets >/dev/null
for src in fuzz/*.c; do
    n=$(basename "$src" .c)
    seeds="fuzz/corpus/$n"
    mkdir -p "build-fuzz/corpus-$n"
    echo "fuzz: $n (20 s)"
    if [ -d "$seeds" ]; then
        ./build-fuzz/"$n" -max_total_time=20 -max_len=8192 "build-fuzz/corpus-$n" "$seeds" >/dev/null 2>build-fuzz/$n.log || { tail -40 build-fuzz/$n.log; exit 1; }
    else
        ./build-fuzz/"$n" -max_total_time=20 -max_len=8192 "build-fuzz/corpus-$n" >/dev/null 2>build-fuzz/$n.log || { tail -40 build-fuzz/$n.log; exit 1; }
    fi
    grep -E '^#[0-9]+.*DONE' build-fuzz/$n.log | tail -1
done
