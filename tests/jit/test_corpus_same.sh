#!/bin/bash
# Every corpus case (tests/data/corpus: Mesa's shaders) and tgx's own replay cases through the
# interpreter and compiled: `tgx replay --save` both ways, and every result file must be the
# same bytes, including where both differ from softpipe; `tgx replay --strict --exec jit` passes
# them all (softpipe's bits); `--via sm5` (texture instructions as Maxwell code in the emulator,
# called from compiled code) gives the interpreter's results too. With --exec jit a shader the
# compiler leaves to the interpreter is named with its reason (cs_shared_reduce: shared memory in
# a loop with barriers). Skips where tgx was built without LLVM.
set -u
. "$(dirname "$0")/../common/lib.sh"
: "${TGX:?TGX must name the tgx binary}"
data=${TGX_TEST_DATA:-$(dirname "$0")/../data}

if ! "$TGX" --version | grep -q '^shader compiler: LLVM'; then
    echo "SKIP: $("$TGX" --version | grep '^shader compiler')"
    exit 77
fi

cases=()
for d in "$data"/corpus/*/ "$data"/replay/*/; do
    [ -f "$d/case.json" ] && cases+=("${d%/}")
done
[ ${#cases[@]} -gt 30 ] && ok || bad "only ${#cases[@]} cases under $data"

# the same bytes, file by file; $1 and $2 are folders of --save
same_files() {
    local what=$1 a=$2 b=$3 n=0
    for f in "$a"/*; do
        n=$((n + 1))
        if cmp -s "$f" "$b/${f##*/}"; then ok; else bad "$what: ${f##*/} differs"; fi
    done
    [ "$n" -eq "$(ls "$b" | wc -l)" ] && [ "$n" -gt 30 ] && ok || bad "$what: $n files"
}

mkdir -p "$tmp/interp" "$tmp/jit" "$tmp/sm5i" "$tmp/sm5j"
"$TGX" replay -j 2 --exec interp --save "$tmp/interp" "${cases[@]}" >/dev/null 2>&1
expect_rc 0 "replay --strict --exec jit" -- "$TGX" replay --strict -j 2 --exec jit --save "$tmp/jit" "${cases[@]}"
grep -q "^${#cases[@]} passed, 0 failed$" "$tmp/out" && ok || bad "strict jit: $(tail -n 1 "$tmp/out")"
same_files "interp / jit" "$tmp/interp" "$tmp/jit"
grep -qE 'cs_shared_reduce.*shader.tgsi:30:10: note: the interpreter runs this shader, not compiled code: LOAD inside a construct' "$tmp/err" &&
    ok || bad "no note for cs_shared_reduce: $(head -c 300 "$tmp/err")"
[ "$(grep -c 'note:' "$tmp/err")" -eq 1 ] && ok || bad "notes: $(cat "$tmp/err")"

"$TGX" replay -j 2 --via sm5 --exec interp --save "$tmp/sm5i" "${cases[@]}" >/dev/null 2>&1
"$TGX" replay -j 2 --via sm5 --exec jit --save "$tmp/sm5j" "${cases[@]}" >/dev/null 2>&1
same_files "--via sm5 interp / jit" "$tmp/sm5i" "$tmp/sm5j"

# the default is the compiler, without notes unless --exec jit is given
expect_rc 0 "replay, default" -- "$TGX" replay -j 2 "$data/corpus/cs_shared_reduce"
[ ! -s "$tmp/err" ] && ok || bad "notes without --exec jit: $(cat "$tmp/err")"
expect_err 2 "neither interp nor jit" "--exec llvm" -- "$TGX" replay --exec llvm "$data/corpus/alu_trig"
finish
