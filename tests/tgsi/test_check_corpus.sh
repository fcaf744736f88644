#!/bin/bash
# Every real Mesa 22.3 shader copied from ../shared/corpus into tests/data (tests/data/corpus/*/
# for the cases, tests/data/tgsi/ for the TGSI copies including _perf and the 131 internal
# shaders, which one file holds separated by blank lines) must check clean: exit 0, no error.
# Two warnings are allowed, each only where the shader really does what it names:
#  * Mesa 22.3's shared-memory quirk (DCL MEMORY[1], SHARED but LOAD/STORE MEMORY[0]), given where
#    the first MEMORY[0] is used;
#  * TXF on a CUBE / CUBEARRAY target, which the spec's TXF forbids ("may not be a CUBE") but
#    Mesa's u_blitter emits (16 internal shaders); given at the target name.
set -u
: "${TGX:?TGX must name the tgx binary}"
: "${TGX_TEST_DATA:?TGX_TEST_DATA must name tests/data}"
pass=0
fail=0
shaders=0
cube_txf=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# check_one FILE: runs tgx check from the file's folder so diagnostics name it by its base name.
check_one() {
    local f=$1
    shaders=$((shaders + 1))
    (cd "$(dirname "$f")" && "$TGX" check "$(basename "$f")") >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ "$rc" -ne 0 ] || grep -q ': error: ' "$tmp/err"; then
        echo "FAIL $f: exit $rc"
        head -n 5 "$tmp/err"
        fail=$((fail + 1))
        return
    fi
    if grep -v -e 'warning: MEMORY\[0\] is not declared' \
        -e ': warning: TXF from a CUBE\(ARRAY\)\? texture has no defined result' "$tmp/err" | grep -q .; then
        echo "FAIL $f: unexpected output"
        head -n 5 "$tmp/err"
        fail=$((fail + 1))
        return
    fi
    # Every TXF on a cube target (found in the text, not by tgx) gets its warning, and no other.
    local want got
    want=$(grep -cE '^ *[0-9]+: TXF .*, (CUBE|CUBEARRAY)$' "$f")
    got=$(grep -c ': warning: TXF from a CUBE' "$tmp/err")
    if [ "$want" -ne "$got" ]; then
        echo "FAIL $f: $got TXF-on-cube warnings, expected $want"
        fail=$((fail + 1))
        return
    fi
    [ "$want" -gt 0 ] && cube_txf=$((cube_txf + 1))
    pass=$((pass + 1))
}

files=()
while IFS= read -r f; do files+=("$f"); done < <(find "$TGX_TEST_DATA/corpus" "$TGX_TEST_DATA/tgsi" \
    -name '*.tgsi' -not -path '*/bad/*' 2>/dev/null | sort)
for f in "${files[@]}"; do
    # A file with several processor headers holds several shaders, separated by blank lines.
    n=$(grep -cE '^(FRAG|VERT|GEOM|COMP|TESS_CTRL|TESS_EVAL)$' "$f")
    if [ "$n" -gt 1 ]; then
        rm -f "$tmp"/split_*.tgsi
        awk -v dir="$tmp" 'BEGIN { RS = "" } { f = sprintf("%s/split_%03d.tgsi", dir, NR); print > f; close(f) }' "$f"
        got=$(ls "$tmp"/split_*.tgsi | wc -l)
        if [ "$got" -ne "$n" ]; then
            echo "FAIL $f: split into $got shaders, expected $n"
            fail=$((fail + 1))
        fi
        for s in "$tmp"/split_*.tgsi; do check_one "$s"; done
    else
        check_one "$f"
    fi
done

# The quirk: cs_shared_reduce declares MEMORY[1] and first uses MEMORY[0] in instruction 5,
# `  5: STORE MEMORY[0].x, ...` on line 18, the register at column 12.
q="$TGX_TEST_DATA/corpus/cs_shared_reduce/shader.tgsi"
if [ -f "$q" ]; then
    (cd "$(dirname "$q")" && "$TGX" check shader.tgsi) >"$tmp/out" 2>"$tmp/err"
    want='shader.tgsi:18:12: warning: MEMORY[0] is not declared; using the shared memory declared as MEMORY[1] (Mesa 22.3 declares MEMORY[1] but addresses MEMORY[0])'
    if [ "$(cat "$tmp/err")" = "$want" ]; then
        pass=$((pass + 1))
    else
        echo "FAIL quirk warning"
        echo "  expected: $want"
        echo "  got:      $(cat "$tmp/err")"
        fail=$((fail + 1))
    fi
fi

# softpipe-internal-shaders.tgsi holds 16 shaders with TXF on CUBE or CUBEARRAY; the first one
# (shader 57 of the file) reads `  3: TXF TEMP[0], TEMP[1], SAMP[0], CUBE` on its line 10, the
# target at column 37.
if [ "$cube_txf" -ne 16 ]; then
    echo "FAIL $cube_txf shaders with TXF on a cube target, expected 16"
    fail=$((fail + 1))
fi
i="$TGX_TEST_DATA/tgsi/_internal/softpipe-internal-shaders.tgsi"
if [ -f "$i" ]; then
    awk 'BEGIN { RS = "" } NR == 57 { print }' "$i" >"$tmp/cube.tgsi"
    (cd "$tmp" && "$TGX" check cube.tgsi) >"$tmp/out" 2>"$tmp/err"
    want='cube.tgsi:10:37: warning: TXF from a CUBE texture has no defined result (spec TXF: the source may not be a CUBE)'
    if [ "$(cat "$tmp/err")" = "$want" ]; then
        pass=$((pass + 1))
    else
        echo "FAIL TXF cube warning"
        echo "  expected: $want"
        echo "  got:      $(cat "$tmp/err")"
        fail=$((fail + 1))
    fi
fi

# The corpus has 69 case shaders, 3 _perf shaders and 131 internal ones: fewer means lost data.
if [ "$shaders" -lt 69 ]; then
    echo "FAIL only $shaders shaders found"
    fail=$((fail + 1))
fi
echo "$shaders shaders checked"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
