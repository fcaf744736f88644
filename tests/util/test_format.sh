#!/usr/bin/env bash
# Fails when a C source or header is not formatted as .clang-format says.
cd "$TGX_SRC" || exit 1
command -v clang-format >/dev/null || { echo "SKIP: clang-format not installed"; exit 77; }
files=$(find src include tests bench fuzz examples -path tests/data -prune -o -name '*.[ch]' -print 2>/dev/null)
bad=0
for f in $files; do
    if ! clang-format --dry-run --Werror "$f" >/dev/null 2>&1; then
        echo "not formatted: $f (run 'make format')"
        bad=$((bad + 1))
    fi
done
n=$(echo "$files" | wc -w)
echo "$((n - bad)) passed, $bad failed"
[ "$bad" -eq 0 ]
