#!/usr/bin/env bash
# A clone of the project stands on its own: no file of it points into a folder beside the clone
# (the project started next to a `shared` folder of specifications and data that a clone does
# not have). Facts from there live in docs/ and tests/data/, with their source in
# docs/sources.md. Fails, listing file:line, for every such reference.
set -u
: "${TGX_SRC:?}"
cd "$TGX_SRC" || exit 1
self=tests/util/test_standalone.sh
hits=$(grep -rnI -e '\.\./shared' -e '/work/shared' \
    src include tests docs tools cmake examples bench fuzz CMakeLists.txt Makefile ./*.md 2>/dev/null |
    grep -v "^$self:")
if [ -n "$hits" ]; then
    echo "$hits"
    echo "0 passed, $(echo "$hits" | wc -l) failed (references outside the repository)"
    exit 1
fi
echo "1 passed, 0 failed"
