#!/bin/bash
# Replays every corpus case copied into tests/data/corpus with `tgx replay` and compares with
# softpipe (exact where softpipe and llvmpipe agree, else within their difference). Every case
# must pass: the issue asks for all of ../shared/corpus/tgsi, and there is no list of exceptions.
set -u
: "${TGX:?TGX must name the tgx binary}"
data=${TGX_TEST_DATA:-$(dirname "$0")/../data}

cases=()
for d in "$data"/corpus/*/; do
    [ -f "$d/case.json" ] && cases+=("${d%/}")
done
if [ ${#cases[@]} -eq 0 ]; then
    echo "no corpus cases under $data/corpus"
    exit 1
fi

# -j 2: the suite runs on 2 cores; replay results do not depend on the thread count.
out=$("$TGX" replay -j 2 "${cases[@]}")
rc=$?
echo "$out"
passed=$(grep -c '^PASS ' <<<"$out")
failed=$(grep -c '^FAIL ' <<<"$out")
if [ $((passed + failed)) -ne ${#cases[@]} ]; then
    echo "replay reported $((passed + failed)) of ${#cases[@]} cases"
    exit 1
fi
if ! grep -qx "$passed passed, $failed failed" <<<"$out"; then
    echo "replay's closing line does not say '$passed passed, $failed failed'"
    exit 1
fi
[ "$failed" -eq 0 ] && [ "$rc" -eq 0 ]
