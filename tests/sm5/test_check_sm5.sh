#!/usr/bin/env bash
# `tgx check --sm5`: the legality rules (docs/sm5-legality.md) over assembly text and word lists.
#  * ptxas's own code (tests/data/maxwell/real.tsv, NVIDIA-made, docs/sources.md) has no error;
#  * hand-made violations of the seed pages' rules are reported at file:line:col with the rule;
#  * exit statuses 0, 1, 2.
# Skips (77) while `tgx check` does not hand --sm5 over to tgx_cli_check_sm5.
set -u
: "${TGX:?TGX must name the tgx binary}" "${TGX_TEST_DATA:?}"
D=$TGX_TEST_DATA/maxwell
. "$(dirname "$0")/../common/lib.sh"

if ! "$TGX" check --sm5 --help 2>/dev/null | grep -q -- '--sm5 --arch'; then
    echo "SKIP: 'tgx check --sm5' is not wired to tgx_cli_check_sm5 in this build"
    exit 77
fi

for arch in sm_50 sm_52 sm_53; do
    awk -F'\t' -v a="$arch" '$1 == a && $3 !~ /^ERROR/ { print $3 }' "$D/real.tsv" >"$TMP/real.s"
    awk -F'\t' -v a="$arch" '$1 == a && $3 !~ /^ERROR/ { print $2 }' "$D/real.tsv" >"$TMP/real.w"
    "$TGX" check --sm5 --arch "$arch" "$TMP/real.s" 2>"$TMP/err"
    r1=$?
    "$TGX" check --sm5 --arch "$arch" --words "$TMP/real.w" 2>>"$TMP/err"
    r2=$?
    if [ "$r1$r2" = 00 ] && ! grep -q ': error: ' "$TMP/err"; then
        ok
    else
        bad "ptxas code on $arch has errors (rc $r1 $r2): $(grep -m3 ': error: ' "$TMP/err")"
    fi
done

# sm5-TXA: Ra aligned to 4 and not RZ; rule 1: Rd aligned to the number of components (4 -> R1
# is not); sm5-TLD: .CL cannot be combined with .MS; sm5-TEXS: encoding 0 (1D .LZ) packs
# nothing in Rb, which must be RZ.
printf '%s\n' 'TEX R0, R4, 0x52, 2D, 0x5 ;' '{ TXA R1, RZ, 0x1, 0x1 ;  TEX R1, R4, 0x52, 2D, 0xf ; }' \
    'TLD.LZ.MS.CL R0, R4, R8, 0x52, 2D, 0xf ;' 'TEXS.LZ RZ, R0, R2, R7, 0x52, 1D, R ;' \
    'TEX R0, R4, 0x52, 9D, 0x5 ;' >"$TMP/il.s"
"$TGX" check --sm5 --arch sm_52 "$TMP/il.s" 2>"$TMP/err"
rc=$?
if [ $rc -eq 1 ] && grep -q "il.s:2:11: error: sm5-TXA: Ra aligned to 4" "$TMP/err" &&
    grep -q "il.s:2:31: error: TEX: Rd aligned to the number of components" "$TMP/err" &&
    grep -q "il.s:3:1: error: sm5-TLD: .CL cannot be combined with .MS" "$TMP/err" &&
    grep -q "il.s:4:21: error: sm5-TEXS: Rb must be RZ when no parameter is packed in it" "$TMP/err" &&
    grep -q "il.s:5:19: error: field 'paramA'" "$TMP/err"; then
    ok
else
    bad "violations (rc $rc):"
    cat "$TMP/err"
fi

# Word lines: the same TXA word, a malformed line, a word nvdisasm rejects on sm_50 (.F16).
printf '%s\n' '0xdf4000108007ff01' 'zz' 'd030058140970813' >"$TMP/w"
"$TGX" check --sm5 --arch sm_50 --words "$TMP/w" 2>"$TMP/err"
rc=$?
if [ $rc -eq 1 ] && grep -q "w:1:1: error: sm5-TXA" "$TMP/err" &&
    grep -q "w:2:1: error: expected a 64-bit hex word" "$TMP/err" &&
    grep -q "w:3:1: error: nvdisasm rejects the word: Unrecognized operation for functional unit 'uC'" "$TMP/err"; then
    ok
else
    bad "word lines (rc $rc):"
    cat "$TMP/err"
fi

# .F16 results are not supported for integer textures (sm5-TEXS): only when told.
printf '%s\n' 'TEXS.F16 R20, R19, R8, R9, 0x58, 2D, RGBA ;' >"$TMP/f16.s"
"$TGX" check --sm5 --arch sm_52 "$TMP/f16.s" 2>/dev/null
r1=$?
"$TGX" check --sm5 --arch sm_52 --textures integer "$TMP/f16.s" 2>"$TMP/err"
r2=$?
if [ "$r1$r2" = 01 ] && grep -q "f16.s:1:1: error: sm5-TEXS: .F16 is not supported for integer textures" "$TMP/err"; then
    ok
else
    bad ".F16 and integer textures: rc $r1 $r2 $(cat "$TMP/err")"
fi

# without --arch it is sm_52 (every verb's default): .F16 passes, as on sm_52; sm_50 refuses it
"$TGX" check --sm5 "$TMP/f16.s" >/dev/null 2>&1
r0=$?
"$TGX" check --sm5 --arch sm_50 "$TMP/f16.s" >/dev/null 2>&1
r50=$?
if [ "$r0$r50" = 01 ]; then ok; else bad "check --sm5 without --arch: rc $r0 (sm_50: $r50)"; fi
"$TGX" check --sm5 --frobnicate "$TMP/f16.s" >/dev/null 2>&1
r1=$?
"$TGX" check --sm5 --arch sm_99 "$TMP/f16.s" >/dev/null 2>&1
r2=$?
"$TGX" check --sm5 --arch sm_52 "$TMP/missing.s" >/dev/null 2>&1
r3=$?
if [ "$r1$r2$r3" = 222 ]; then ok; else bad "usage and I/O errors: rc $r1 $r2 $r3"; fi

finish
