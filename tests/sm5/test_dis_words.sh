#!/usr/bin/env bash
# `tgx dis --words` over every line of the nvdisasm corpus (tests/data/maxwell, copied from
# the Maxwell corpus, made by NVIDIA's nvdisasm 11.8): the printed line must be the corpus
# text, character for character, for every arch. Files with a ctrl column pass it as the second
# field of the input line. Also: comments, blank lines, `0x` prefixes and malformed lines.
set -u
: "${TGX:?TGX must name the tgx binary}" "${TGX_TEST_DATA:?}"
D=$TGX_TEST_DATA/maxwell
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0 fail=0

# compare FILE ARCH-COLUMNS: words (and ctrl) of one arch through tgx, texts against the file.
check_file() {
    local file=$1 with_ctrl=$2 arch n bad
    for arch in sm_50 sm_52 sm_53; do
        if [ "$with_ctrl" = 1 ]; then
            awk -F'\t' -v a="$arch" '$1 == a { print $2 " " $3 > "/dev/stdout"; print $4 > "/dev/stderr" }' \
                "$file" >"$TMP/in" 2>"$TMP/want"
        else
            awk -F'\t' -v a="$arch" '$1 == a { print $2 > "/dev/stdout"; print $3 > "/dev/stderr" }' \
                "$file" >"$TMP/in" 2>"$TMP/want"
        fi
        n=$(wc -l <"$TMP/in")
        [ "$n" -eq 0 ] && continue
        "$TGX" dis --arch "$arch" --words "$TMP/in" >"$TMP/got" 2>"$TMP/err"
        bad=$(paste -d '\t' "$TMP/in" "$TMP/got" "$TMP/want" | awk -F'\t' '$2 != $3' | wc -l)
        if [ "$(wc -l <"$TMP/got")" -ne "$n" ] || [ "$bad" -ne 0 ]; then
            echo "FAIL: $(basename "$file") $arch: $bad of $n lines differ ($(wc -l <"$TMP/got") printed)"
            paste -d '\t' "$TMP/in" "$TMP/got" "$TMP/want" | awk -F'\t' '$2 != $3' | head -5 |
                sed 's/^/  word, tgx, nvdisasm: /'
            fail=$((fail + 1))
        else
            echo "ok: $(basename "$file") $arch: $n lines"
            pass=$((pass + 1))
        fi
    done
}

for f in real.tsv fuzz-sm_50.tsv fuzz-sm_52.tsv fuzz-sm_53.tsv; do
    if [ -f "$D/$f" ]; then check_file "$D/$f" 0; else echo "FAIL: $D/$f missing"; fail=$((fail + 1)); fi
done
for f in ctrl.tsv real-ctrl.tsv; do
    if [ -f "$D/$f" ]; then check_file "$D/$f" 1; else echo "FAIL: $D/$f missing"; fail=$((fail + 1)); fi
done

# Input syntax: 0x optional, `#` comments and blank lines give no output, a CTRL field.
# Expected texts are nvdisasm's (examples of docs/sm5.md).
printf '%s\n' '# comment' '' '  0xd860055ff0a70802   # TEXS.LL' 'D830055FF0970804 0x20000' \
    'd030058140970813' >"$TMP/syn"
printf '%s\n' 'TEXS.LL RZ, R2, R8, R10, 0x55, 2D, R ;' 'TEXS.T RZ, R4, R8, R9, 0x55, 2D, RG ;' \
    'TEXS.F16 R20, R19, R8, R9, 0x58, 2D, RGBA ;' >"$TMP/syn.want"
"$TGX" dis --arch sm_52 --words <"$TMP/syn" >"$TMP/syn.got" 2>"$TMP/syn.err"
rc=$?
if [ $rc -eq 0 ] && cmp -s "$TMP/syn.got" "$TMP/syn.want"; then
    pass=$((pass + 1))
else
    echo "FAIL: input syntax (rc $rc):"
    diff "$TMP/syn.want" "$TMP/syn.got" | head
    fail=$((fail + 1))
fi
printf '%s\n' 'TEXS.F16 R20' 'd030058140970813 0x200000' 'd030058140970813 0x7e1 1' \
    'd030058140970813' >"$TMP/bad"
"$TGX" dis --arch sm_50 --words "$TMP/bad" >"$TMP/bad.got" 2>"$TMP/bad.err"
rc=$?
if [ $rc -eq 1 ] && [ "$(cat "$TMP/bad.got")" = "ERROR: Unrecognized operation for functional unit 'uC'" ] &&
    grep -q "bad:1:1: error: expected a 64-bit hex word" "$TMP/bad.err" &&
    grep -q "bad:2:18: error: expected a 21-bit hex control field" "$TMP/bad.err" &&
    grep -q "bad:3:24: error: unexpected text" "$TMP/bad.err"; then
    pass=$((pass + 1))
else
    echo "FAIL: malformed lines (rc $rc):"
    cat "$TMP/bad.got" "$TMP/bad.err"
    fail=$((fail + 1))
fi
# without --arch the words are sm_52's (every verb's default): TEXS.F16 exists there, not on sm_50
echo '0xd030058140970813' >"$TMP/f16.w"
"$TGX" dis --words "$TMP/f16.w" >"$TMP/noarch" 2>&1
rc=$?
"$TGX" dis --arch sm_52 --words "$TMP/f16.w" >"$TMP/sm52" 2>&1
if [ $rc -eq 0 ] && cmp -s "$TMP/noarch" "$TMP/sm52" && grep -q 'F16' "$TMP/noarch"; then pass=$((pass + 1)); else echo "FAIL: --words without --arch: rc $rc: $(cat "$TMP/noarch")"; fail=$((fail + 1)); fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
