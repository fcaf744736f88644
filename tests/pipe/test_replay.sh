#!/bin/bash
# Replays every corpus case copied into tests/data/corpus with `tgx replay` and compares with
# softpipe (exact where softpipe and llvmpipe agree, else within their difference).
# tests/pipe/known-failures.txt lists cases that are known to fail, one per line as
# "name<TAB>reason": they are reported as KNOWN-FAIL (with the reason) and do not fail this
# test; a listed case that passes is reported as FIXED so the list can shrink. Any other
# failure fails the test.
set -u
: "${TGX:?TGX must name the tgx binary}"
data=${TGX_TEST_DATA:-$(dirname "$0")/../data}
known_file=$(dirname "$0")/known-failures.txt
passed=0
failed=0
known=0

declare -A reason
if [ -f "$known_file" ]; then
    while IFS=$'\t' read -r name why; do
        case "$name" in '' | '#'*) continue ;; esac
        reason[$name]=$why
    done <"$known_file"
fi

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
while IFS= read -r line; do
    case "$line" in
    PASS\ *)
        name=${line#PASS }
        if [ -n "${reason[$name]+x}" ]; then
            echo "FIXED $name (listed in known-failures.txt; remove it there)"
        else
            echo "$line"
        fi
        passed=$((passed + 1))
        ;;
    FAIL\ *)
        rest=${line#FAIL }
        name=${rest%%:*}
        if [ -n "${reason[$name]+x}" ]; then
            echo "KNOWN-FAIL $rest  [known: ${reason[$name]}]"
            known=$((known + 1))
        else
            echo "$line"
            failed=$((failed + 1))
        fi
        ;;
    *) echo "replay: $line" ;;
    esac
done <<<"$out"
total=$((passed + failed + known))
if [ "$total" -ne ${#cases[@]} ]; then
    echo "replay reported $total of ${#cases[@]} cases (exit status $rc)"
    failed=$((failed + ${#cases[@]} - total))
fi
echo "$known known failures (tests/pipe/known-failures.txt)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
