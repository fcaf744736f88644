#!/bin/bash
# Every real Mesa 22.3 shader of the Mesa corpus in tests/data (tests/data/corpus/*/
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

# Every shader becomes one file under $tmp/all (a file holding several is split at its blank
# lines), and one `tgx check` run checks them all: each diagnostic names its file, and one
# process instead of 270 keeps the test quick under the sanitizers.
mkdir "$tmp/all"
k=0
files=()
while IFS= read -r f; do files+=("$f"); done < <(find "$TGX_TEST_DATA/corpus" "$TGX_TEST_DATA/tgsi" \
    -name '*.tgsi' -not -path '*/bad/*' 2>/dev/null | sort)
for f in "${files[@]}"; do
    k=$((k + 1))
    # A file with several processor headers holds several shaders, separated by blank lines.
    n=$(grep -cE '^(FRAG|VERT|GEOM|COMP|TESS_CTRL|TESS_EVAL)$' "$f")
    if [ "$n" -gt 1 ]; then
        awk -v p="$tmp/all/f${k}_" 'BEGIN { RS = "" } { f = sprintf("%s%03d.tgsi", p, NR); print > f; close(f) }' "$f"
        got=$(ls "$tmp/all/f${k}_"*.tgsi | wc -l)
        if [ "$got" -ne "$n" ]; then
            echo "FAIL $f: split into $got shaders, expected $n"
            fail=$((fail + 1))
        fi
    else
        cp "$f" "$tmp/all/f${k}.tgsi"
    fi
done
cd "$tmp/all" || exit 1
all=(*.tgsi)
shaders=${#all[@]}
"$TGX" check "${all[@]}" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 0 ]; then pass=$((pass + 1)); else
    echo "FAIL tgx check of the corpus: exit $rc"
    fail=$((fail + 1))
fi
if grep -v -e ': warning: MEMORY\[0\] is not declared' \
    -e ': warning: TXF from a CUBE\(ARRAY\)\? texture has no defined result' "$tmp/err" | grep -q .; then
    echo "FAIL unexpected diagnostics:"
    grep -v -e ': warning: MEMORY\[0\] is not declared' \
        -e ': warning: TXF from a CUBE\(ARRAY\)\? texture has no defined result' "$tmp/err" | head -n 10
    fail=$((fail + 1))
fi
# Every TXF on a cube target (found in the text, not by tgx) gets its warning, and no other:
# per file, "name count" from the text and from tgx's warnings must be the same lists.
grep -cE '^ *[0-9]+: TXF .*, (CUBE|CUBEARRAY)$' "${all[@]}" | tr ':' ' ' | awk '$2 > 0' | sort >"$tmp/want"
grep ': warning: TXF from a CUBE' "$tmp/err" | cut -d: -f1 | sort | uniq -c | awk '{ print $2, $1 }' >"$tmp/got"
if cmp -s "$tmp/want" "$tmp/got"; then pass=$((pass + 1)); else
    echo "FAIL TXF-on-cube warnings per file (file count), expected vs got:"
    diff "$tmp/want" "$tmp/got" | head -n 10
    fail=$((fail + 1))
fi
cube_txf=$(wc -l <"$tmp/want")
cd "$tmp" || exit 1

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

# tests/data/corpus has 69 case shaders, tests/data/tgsi their 69 copies, 3 _perf shaders and
# 131 internal ones: fewer means lost data.
if [ "$shaders" -lt 272 ]; then
    echo "FAIL only $shaders shaders found"
    fail=$((fail + 1))
fi
echo "$shaders shaders checked"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
