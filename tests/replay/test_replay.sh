#!/bin/bash
# Replays every corpus case copied into tests/data/corpus (Mesa's softpipe and llvmpipe results),
# the pipeline cases of tests/data/raster (made by tools/mesa-cases.sh with Mesa 22.3) and tgx's
# own cases in tests/data/replay with `tgx replay --strict`: every value of every case
# must have softpipe's bits (all of them do; docs/replay.md). There is no list of exceptions, so
# any change that moves one value away from softpipe fails here.
set -u
: "${TGX:?TGX must name the tgx binary}"
data=${TGX_TEST_DATA:-$(dirname "$0")/../data}

cases=()
for d in "$data"/corpus/*/ "$data"/raster/*/ "$data"/replay/*/; do
    [ -f "$d/case.json" ] && cases+=("${d%/}")
done
if [ ${#cases[@]} -eq 0 ]; then
    echo "no cases under $data/corpus"
    exit 1
fi

# -j 2: the suite runs on 2 cores; replay results do not depend on the thread count.
out=$("$TGX" replay --strict -j 2 "${cases[@]}")
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
