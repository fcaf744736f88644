#!/bin/bash
# tests/data/bad: every malformed input must make `tgx check` exit 1, and the first error it prints
# must equal the line in its .expect sidecar. v_*.tgsi break a validator rule (docs/check.md),
# p_*.tgsi are not TGSI at all (parse errors). The sidecars were written from the rule or syntax
# each file breaks, with the column counted by hand at the offending operand, target, label or
# character, not copied from tgx's output.
set -u
: "${TGX:?TGX must name the tgx binary}"
: "${TGX_TEST_DATA:?TGX_TEST_DATA must name tests/data}"
dir="$TGX_TEST_DATA/bad"
pass=0
fail=0
count=0
cd "$dir" || exit 1
for f in *.tgsi; do
    name="${f%.tgsi}"
    count=$((count + 1))
    if [ ! -f "$name.expect" ]; then
        echo "FAIL $f: no $name.expect"
        fail=$((fail + 1))
        continue
    fi
    expect=$(head -n 1 "$name.expect")
    out=$("$TGX" check "$f" 2>&1 >/dev/null)
    rc=$?
    got=$(printf '%s\n' "$out" | grep -m 1 ': error: ')
    if [ "$rc" -ne 1 ]; then
        echo "FAIL $f: exit status $rc, expected 1"
        printf '%s\n' "$out" | head -n 5
        fail=$((fail + 1))
    elif [ "$got" != "$expect" ]; then
        echo "FAIL $f"
        echo "  expected: $expect"
        echo "  got:      $got"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
done
# The brief asks for at least 60 malformed inputs; a lost file must not go unnoticed.
if [ "$count" -lt 60 ]; then
    echo "FAIL only $count inputs in $dir (expected at least 60)"
    fail=$((fail + 1))
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
