#!/bin/bash
# tests/data/bad: `tgx check` over the malformed inputs must exit 1, and the first error it
# prints for each file must equal the line in its .expect sidecar. v_*.tgsi break a validator
# rule (docs/check.md), p_*.tgsi are not TGSI at all (parse errors). w_*.tgsi break a rule of the
# spec that Mesa's tgsi_sanity and tgsi_exec accept (docs/check.md "What Mesa accepts"): they
# check with exit 0 and one of their warnings must equal the sidecar. The sidecars were written
# from the rule or syntax each file breaks, with the column counted by hand at the offending
# operand, target, label or character, not copied from tgx's output.
set -u
: "${TGX:?TGX must name the tgx binary}"
: "${TGX_TEST_DATA:?TGX_TEST_DATA must name tests/data}"
dir="$TGX_TEST_DATA/bad"
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$dir" || exit 1
all=(p_*.tgsi v_*.tgsi)
count=${#all[@]}
# One run over every input (quick under the sanitizers): each diagnostic names its file, and
# every file is checked however many before it fail. Exit 1: invalid input, nothing worse.
"$TGX" check "${all[@]}" >/dev/null 2>"$tmp/err"
rc=$?
if [ "$rc" -ne 1 ]; then
    echo "FAIL exit status $rc over all inputs, expected 1"
    fail=$((fail + 1))
fi
for f in "${all[@]}"; do
    name="${f%.tgsi}"
    if [ ! -f "$name.expect" ]; then
        echo "FAIL $f: no $name.expect"
        fail=$((fail + 1))
        continue
    fi
    expect=$(head -n 1 "$name.expect")
    got=$(grep -m 1 "^$f:[0-9]*:[0-9]*: error: " "$tmp/err")
    if [ "$got" != "$expect" ]; then
        echo "FAIL $f"
        echo "  expected: $expect"
        echo "  got:      $got"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
done
# Warnings: each w_*.tgsi checks with exit 0, its first warning the sidecar's line.
for f in w_*.tgsi; do
    name="${f%.tgsi}"
    "$TGX" check "$f" >/dev/null 2>"$tmp/werr"
    rc=$?
    # the sidecar's warning among the file's warnings: a hand-written fragment may read a
    # temporary it never writes, which is a warning of its own (docs/check.md)
    want=$(head -n 1 "$name.expect")
    got=$(grep -m 1 -xF -- "$want" "$tmp/werr")
    if [ "$rc" -ne 0 ] || [ "$got" != "$want" ] || grep -q ": error: " "$tmp/werr"; then
        echo "FAIL $f (exit $rc)"
        echo "  expected: $(head -n 1 "$name.expect")"
        echo "  got:      $(head -c 300 "$tmp/werr")"
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
