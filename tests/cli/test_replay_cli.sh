#!/bin/bash
# `tgx replay` as a command (issue 4): one line per case, "PASS name" or "FAIL name: what, where,
# max diff"; a closing "N passed, N failed"; exit 0 only if every case passes, 2 for bad usage.
# A FAIL is provoked by changing one word of softpipe's result in a copy of an exact case, so
# the expected position and values are the ones written here.
set -u
: "${TGX:?TGX must name the tgx binary}"
data=${TGX_TEST_DATA:-$(dirname "$0")/../data}
. "$(dirname "$0")/../common/lib.sh"

src="$data/corpus/alu_int_bitops" # exact (softpipe and llvmpipe agree), 64x64 RGBA32UI
[ -f "$src/case.json" ] || {
    echo "SKIP: no corpus copy at $src"
    exit 77
}
grep -q '"max_abs_diff": 0.0' "$src/case.json" || bad "alu_int_bitops is expected to be exact"

# A case that passes, given twice: two PASS lines, "2 passed, 0 failed", exit 0.
"$TGX" replay -j 1 "$src" "$src/" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok || bad "passing case: exit $rc"
[ "$(sed -n 1p "$tmp/out")" = "PASS alu_int_bitops" ] && ok || bad "PASS line: $(sed -n 1p "$tmp/out")"
[ "$(sed -n 2p "$tmp/out")" = "PASS alu_int_bitops" ] && ok || bad "second PASS line"
[ "$(tail -n 1 "$tmp/out")" = "2 passed, 0 failed" ] && ok || bad "summary: $(tail -n 1 "$tmp/out")"

# Change pixel (5, 3), channel z (word (3*64 + 5)*4 + 2 = 790 of the data, after the 16-byte
# header) from its value V to V xor 0x100: the replay must FAIL and name result[5,3].z, the value
# softpipe's file now holds as expected, the original as got, and max diff 256.
cp -r "$src" "$tmp/case"
off=$((16 + 4 * 790))
orig=$(od -An -tu4 -j $off -N 4 "$src/softpipe.u32" | tr -d ' ')
new=$((orig ^ 256))
printf "$(printf '\\%03o\\%03o\\%03o\\%03o' $((new & 255)) $(((new >> 8) & 255)) \
    $(((new >> 16) & 255)) $(((new >> 24) & 255)))" |
    dd of="$tmp/case/softpipe.u32" bs=1 seek=$off conv=notrunc status=none
"$TGX" replay "$src" "$tmp/case" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 1 ] && ok || bad "one failing case: exit $rc, expected 1"
line=$(grep '^FAIL' "$tmp/out")
case "$line" in
"FAIL alu_int_bitops: result[5,3].z expected $new "*"got $orig "*"max diff 256 "*"1 of 16384 values differ")
    ok ;;
*) bad "FAIL line: '$line'" ;;
esac
[ "$(tail -n 1 "$tmp/out")" = "1 passed, 1 failed" ] && ok || bad "summary: $(tail -n 1 "$tmp/out")"

# A shader the validator rejects (spec "Modifiers": no absolute value on an unsigned operand)
# is a FAIL naming the file, line and column, before anything runs; without the check it would
# run and differ in 768 values.
cp -r "$src" "$tmp/badsh"
ln=$(grep -n '^ *[0-9]*: AND TEMP\[4\]\.x, TEMP\[2\]\.xxxx' "$tmp/badsh/shader.tgsi" | cut -d: -f1)
sed -i "${ln}s/TEMP\[2\]\.xxxx/|TEMP[2].xxxx|/" "$tmp/badsh/shader.tgsi"
"$TGX" replay "$tmp/badsh" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 1 ] && ok || bad "invalid shader: exit $rc"
grep -q "^FAIL alu_int_bitops: .*badsh/shader.tgsi:$ln:21: error: absolute value is not allowed on AND src0" "$tmp/out" &&
    ok || bad "invalid shader (line ${ln:-?}): $(cat "$tmp/out")"

# A folder without case.json: a FAIL line naming the file, not a crash.
mkdir "$tmp/empty"
"$TGX" replay "$tmp/empty" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 1 ] && ok || bad "missing case.json: exit $rc"
grep -q '^FAIL empty: .*case.json' "$tmp/out" && ok || bad "missing case.json: $(cat "$tmp/out")"

# Usage errors: exit 2.
"$TGX" replay >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "no case: exit should be 2"
"$TGX" replay --frobnicate "$src" >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "unknown option: exit should be 2"
"$TGX" replay -j lots "$src" >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "bad -j: exit should be 2"
"$TGX" replay --help >"$tmp/out" 2>&1
[ $? -eq 0 ] && grep -q -- "-j N" "$tmp/out" && ok || bad "--help"

finish
