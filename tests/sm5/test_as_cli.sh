#!/usr/bin/env bash
# `tgx as` against the nvdisasm corpus (tests/data/maxwell, made with NVIDIA's tools: its README):
#  * real.tsv and real-ctrl.tsv (ptxas's own code): every text assembles without a legality
#    error, and gives back exactly the word ptxas emitted (raw little-endian output too);
#  * fuzz-<arch>.tsv (every word nvdisasm accepts): every text assembles (--allow-illegal: the
#    fuzzed words break legality rules), `tgx dis --words` of the words prints the corpus text
#    again, and, when NVIDIA's nvdisasm is installed (tools/nvdis, docs/testing.md), nvdisasm prints
#    the corpus text for our words too: they agree with the original in every bit it reads;
#  * errors: file:line:col and the field for bad text, legality rules by name, exit statuses.
set -u
: "${TGX:?TGX must name the tgx binary}" "${TGX_SRC:?}" "${TGX_TEST_DATA:?}"
D=$TGX_TEST_DATA/maxwell
. "$(dirname "$0")/../common/lib.sh"
. "$(dirname "$0")/../common/oracle.sh"
oracle_nvdis || echo "note: the nvdisasm parts below are left out: $ORACLE_WHY"

# Columns: text column number, word column number of FILE's rows for ARCH -> $TMP/s, $TMP/w.
select_rows() {
    awk -F'\t' -v a="$2" -v t="$3" '$1 == a && $t !~ /^ERROR/ { print $t > "/dev/stdout"; print $2 > "/dev/stderr" }' \
        "$1" >"$TMP/s" 2>"$TMP/w"
}

for arch in sm_50 sm_52 sm_53; do
    for f in real.tsv:3 real-ctrl.tsv:4; do
        select_rows "$D/${f%%:*}" "$arch" "${f##*:}"
        n=$(wc -l <"$TMP/s")
        "$TGX" as --arch "$arch" --hex "$TMP/s" >"$TMP/got" 2>"$TMP/err"
        rc=$?
        diffs=$(paste "$TMP/w" "$TMP/got" | awk '$1 != $2' | wc -l)
        if [ $rc -ne 0 ] || [ "$(wc -l <"$TMP/got")" -ne "$n" ] || [ "$diffs" -ne 0 ]; then
            bad "${f%%:*} $arch: rc $rc, $diffs of $n words differ: $(head -c 300 "$TMP/err")"
            paste "$TMP/s" "$TMP/w" "$TMP/got" | awk -F'\t' '$2 != $3' | head -3
        else
            echo "ok: ${f%%:*} $arch: $n texts give ptxas's words exactly"
            ok
        fi
    done
    # Raw output: 8 little-endian bytes per word.
    select_rows "$D/real.tsv" "$arch" 3
    "$TGX" as --arch "$arch" -o "$TMP/raw" "$TMP/s" 2>"$TMP/err"
    od -An -v -tx8 -w8 "$TMP/raw" | sed 's/^ */0x/' >"$TMP/rawhex"
    if cmp -s "$TMP/rawhex" "$TMP/w"; then ok; else bad "raw output $arch differs from the corpus words"; fi

    select_rows "$D/fuzz-$arch.tsv" "$arch" 3
    n=$(wc -l <"$TMP/s")
    "$TGX" as --arch "$arch" --hex --allow-illegal "$TMP/s" >"$TMP/got" 2>"$TMP/err"
    rc=$?
    if [ $rc -ne 0 ] || [ "$(wc -l <"$TMP/got")" -ne "$n" ] || grep -q ': error: ' "$TMP/err"; then
        bad "fuzz-$arch: rc $rc, $(wc -l <"$TMP/got") of $n words: $(grep -m3 ': error: ' "$TMP/err")"
        continue
    fi
    "$TGX" dis --arch "$arch" --words "$TMP/got" >"$TMP/dis"
    if cmp -s "$TMP/dis" "$TMP/s"; then
        echo "ok: fuzz-$arch: $n texts assemble and disassemble back"
        ok
    else
        bad "fuzz-$arch: $(paste -d '\t' "$TMP/s" "$TMP/dis" | awk -F'\t' '$1 != $2' | wc -l) texts do not come back"
    fi
    if [ -z "$ORACLE_WHY" ]; then
        "$NVDIS" --arch "$arch" <"$TMP/got" >"$TMP/nv" 2>"$TMP/nverr"
        rc=$?
        if [ $rc -eq 0 ] && cmp -s "$TMP/nv" "$TMP/s"; then
            echo "ok: fuzz-$arch: nvdisasm prints the corpus text for all $n assembled words"
            ok
        else
            bad "fuzz-$arch: nvdis rc $rc, differs on $(paste -d '\t' "$TMP/s" "$TMP/nv" | awk -F'\t' '$1 != $2' | wc -l) assembled words: $(head -c 200 "$TMP/nverr")"
            paste -d '\t' "$TMP/s" "$TMP/got" "$TMP/nv" | awk -F'\t' '$1 != $3' | head -3
        fi
    fi
done

# Errors: position and field. Columns count from 1 at the line's first character.
printf '%s\n' 'TEXS RZ, R4, R8, R9, 0x55, 2D, RG ;' 'TEXS.BOGUS RZ, R4, R8, R9, 0x55, 2D, RG ;' \
    '  TEX R99999, R4, 0x52, 2D, 0x5 ;' 'TEX R0, R4, 0x52, 2D, 0x5' \
    '/*0010*/ TEXS RZ, R4, R8, R9, 0x55, 5D, RG ; /* 0xd830055ff0970804 */' >"$TMP/bad.s"
"$TGX" as --arch sm_52 --hex "$TMP/bad.s" >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc -eq 1 ] && [ ! -s "$TMP/out" ] && [ "$(wc -l <"$TMP/err")" -eq 4 ] &&
    grep -q "bad.s:2:6: error: field 'modifiers'" "$TMP/err" &&
    grep -q "bad.s:3:7: error: field 'Rd'" "$TMP/err" &&
    grep -q "bad.s:4:26: error: field 'syntax': expected ';'" "$TMP/err" &&
    grep -q "bad.s:5:37: error: field 'paramA'" "$TMP/err"; then
    ok
else
    bad "bad text (rc $rc):"
    cat "$TMP/out" "$TMP/err"
fi

# sm_50 has no .F16 forms and no sparse predicate (tests/data/maxwell/README.md).
printf '%s\n' 'TEXS.F16 R20, R19, R8, R9, 0x58, 2D, RGBA ;' >"$TMP/f16.s"
"$TGX" as --arch sm_50 --hex "$TMP/f16.s" >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc -eq 1 ] && grep -q "f16.s:1:1: error: field 'opcode': TEXS.F16 does not exist on sm_50" "$TMP/err"; then ok; else bad "F16 on sm_50: rc $rc $(cat "$TMP/err")"; fi
"$TGX" as --arch sm_52 --hex "$TMP/f16.s" >"$TMP/out" 2>"$TMP/err"
if [ "$(cat "$TMP/out")" = 0xd030058140970813 ]; then ok; else bad "F16 on sm_52: $(cat "$TMP/out" "$TMP/err")"; fi

# Legality (sm5-TXA: Ra aligned to 4, not RZ; Rd aligned to the components written): an error
# that stops the output, or with --allow-illegal a warning and the words.
printf '%s\n' 'TEX R0, R4, 0x52, 2D, 0x5 ;' '{ TXA R1, RZ, 0x1, 0x1 ;  TEX R1, R4, 0x52, 2D, 0xf ; }' >"$TMP/il.s"
"$TGX" as --arch sm_52 --hex "$TMP/il.s" >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc -eq 1 ] && [ ! -s "$TMP/out" ] && grep -q "il.s:2:11: error: sm5-TXA: Ra aligned to 4" "$TMP/err" &&
    grep -q "il.s:2:31: error: TEX: Rd aligned" "$TMP/err"; then
    ok
else
    bad "illegal text (rc $rc): $(cat "$TMP/err")"
fi
"$TGX" as --arch sm_52 --hex --allow-illegal "$TMP/il.s" >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc -eq 0 ] && [ "$(wc -l <"$TMP/out")" -eq 3 ] && grep -q "il.s:2:11: warning: sm5-TXA" "$TMP/err" &&
    ! grep -q ': error: ' "$TMP/err"; then
    ok
else
    bad "--allow-illegal (rc $rc): $(cat "$TMP/err")"
fi

# nvdisasm's own listing of a raw code file (tests/data/cubin/README.md: directives, hex
# comments, `{ }` pairs whose second has no ';', .T/.P and ';' spacing) assembles with --bundles
# back into that file, control words included.
"$TGX" as --arch sm_52 --bundles -o "$TMP/pairs.bin" "$TGX_TEST_DATA/cubin/pairs_sm_52.bin.nvdisasm" 2>"$TMP/err"
rc=$?
if [ $rc -eq 0 ] && cmp -s "$TMP/pairs.bin" "$TGX_TEST_DATA/cubin/pairs_sm_52.bin"; then ok; else bad "--bundles of pairs_sm_52.bin.nvdisasm (rc $rc): $(cmp "$TMP/pairs.bin" "$TGX_TEST_DATA/cubin/pairs_sm_52.bin" 2>&1) $(cat "$TMP/err")"; fi
# --hex --bundles: the same words, control words first in each group of four; a last bundle
# padded with NOPs (0x50b0000000070f00) whose fields are the neutral 0x7e1.
# The word is ptxas's (real.tsv); the control word puts 0x7e1 at bits 0, 21 and 42 (oracle/README).
printf '%s\n' 'TEX R4, R4, 0x52, 2D, 0x5 ;' >"$TMP/one.s"
"$TGX" as --arch sm_52 --hex --bundles "$TMP/one.s" >"$TMP/out" 2>"$TMP/err"
word=$(awk -F'\t' '$1 == "sm_52" && $3 == "TEX R4, R4, 0x52, 2D, 0x5 ;" { print $2; exit }' "$TGX_TEST_DATA/maxwell/real.tsv")
want=$(printf '0x%016x\n%s\n0x50b0000000070f00\n0x50b0000000070f00\n' $((0x7e1 | 0x7e1 << 21 | 0x7e1 << 42)) "$word")
if [ "$(cat "$TMP/out")" = "$want" ]; then ok; else bad "--hex --bundles of one TEX: $(cat "$TMP/out" "$TMP/err")"; fi

# Malformed pairs: each with its position and reason.
check_pair_error() { # TEXT EXPECTED-STDERR-PATTERN
    printf '%s\n' "$1" >"$TMP/pair.s"
    "$TGX" as --arch sm_52 --hex "$TMP/pair.s" >"$TMP/out" 2>"$TMP/err"
    r=$?
    if [ $r -eq 1 ] && [ ! -s "$TMP/out" ] && grep -q "$2" "$TMP/err"; then ok; else bad "'$1': rc $r, expected /$2/: $(cat "$TMP/err")"; fi
}
T='TEX R0, R4, 0x52, 2D, 0x5'
check_pair_error "{ $T ; $T ; $T }" "pair.s:1:85: error: a { } dual-issue pair holds two instructions; the one opened at 1:1 holds 3"
check_pair_error "{ $T ; $T" "pair.s:1:1: error: '{' opens a dual-issue pair that is never closed"
check_pair_error "$T ; }" "pair.s:1:29: error: '}' closes no dual-issue pair"
check_pair_error "{ $T ; { $T }" "pair.s:1:31: error: '{' inside the dual-issue pair opened at 1:1"
check_pair_error "{ $T ; $T } $T" "pair.s:1:84: error: field 'syntax': expected ';'"

# The pages' legacy spelling of the index, #tidU08, #smpU05 (sm5-TMML.txt, sm5-TXA.txt:
# #tsPtrIdxU13 = {#smpU05, #tidU08}): every sm_52 text of real.tsv with its index written as
# "tid, smp" must give ptxas's word.
awk -F'\t' '
function hexval(s,   v, i, c) { v = 0; s = tolower(substr(s, 3))
    for (i = 1; i <= length(s); i++) { c = index("0123456789abcdef", substr(s, i, 1)) - 1; v = v * 16 + c }
    return v }
$1 == "sm_52" && $3 !~ /\.B[ .]/ {
    n = split($3, op, ", "); first = ($3 ~ /^TXQ/) ? 4 : 1
    for (i = first; i <= n; i++) if (op[i] ~ /^0x[0-9a-f]+( ;)?$/) break
    if (i > n) next
    num = op[i]; sub(/ ;$/, "", num); tail = substr(op[i], length(num) + 1); v = hexval(num)
    op[i] = sprintf("0x%x, 0x%x%s", v % 256, int(v / 256), tail)
    t = op[1]; for (j = 2; j <= n; j++) t = t ", " op[j]
    print t > "/dev/stdout"; print $2 > "/dev/stderr" }' "$TGX_TEST_DATA/maxwell/real.tsv" >"$TMP/legacy.s" 2>"$TMP/legacy.w"
n=$(wc -l <"$TMP/legacy.s")
"$TGX" as --arch sm_52 --hex "$TMP/legacy.s" >"$TMP/got" 2>"$TMP/err"
rc=$?
diffs=$(paste "$TMP/legacy.w" "$TMP/got" | awk '$1 != $2' | wc -l)
if [ $rc -eq 0 ] && [ "$n" -gt 1000 ] && [ "$(wc -l <"$TMP/got")" -eq "$n" ] && [ "$diffs" -eq 0 ]; then
    echo "ok: $n texts in the tid, smp spelling give ptxas's words"
    ok
else
    bad "legacy tid, smp spelling: rc $rc, $diffs of $n differ: $(head -c 300 "$TMP/err")"
fi
printf '%s\n' 'TMML.LOD R0, R2, 0x7, 0x1f, 2D, 0x3 ;' 'TMML.LOD R0, R2, 0x1f07, 2D, 0x3 ;' >"$TMP/l2.s"
"$TGX" as --arch sm_52 --hex "$TMP/l2.s" >"$TMP/got" 2>"$TMP/err"
if [ $? -eq 0 ] && [ "$(sed -n 1p "$TMP/got")" = "$(sed -n 2p "$TMP/got")" ]; then ok; else bad "tid 0x7, smp 0x1f is 0x1f07: $(cat "$TMP/got" "$TMP/err")"; fi
printf '%s\n' 'TXA R0, R4, 0x3, 0x1, 0xf ;' >"$TMP/l3.s"
"$TGX" as --arch sm_52 "$TMP/l3.s" -o "$TMP/l3.bin" 2>"$TMP/err" && "$TGX" dis --arch sm_52 --words <(od -An -tx8 "$TMP/l3.bin" | awk '{ print "0x" $1 }') >"$TMP/got" 2>&1
if grep -q 'TXA R0, R4, 0x103, 0xf' "$TMP/got"; then ok; else bad "TXA tid 3, smp 1 prints as 0x103: $(cat "$TMP/got" "$TMP/err")"; fi
check_pair_error 'TMML.LOD R0, R2, 0x100, 0x1, 2D, 0x3 ;' "pair.s:1:18: error: field 'tidU08': expected a texture index 0x0-0xff"
check_pair_error 'TMML.LOD R0, R2, 0x1, 0x20, 2D, 0x3 ;' "pair.s:1:23: error: field 'smpU05': expected a sampler index 0x0-0x1f"

# Usage: two files, unknown option. Without --arch it is sm_52, as in every verb: .F16 is
# sm_52's and sm_50 refuses it.
printf '%s\n' 'TEXS.F16 R20, R19, R8, R9, 0x58, 2D, RGBA ;' >"$TMP/f16.s"
"$TGX" as --hex "$TMP/f16.s" >"$TMP/noarch" 2>&1
r0=$?
"$TGX" as --arch sm_52 --hex "$TMP/f16.s" >"$TMP/sm52" 2>&1
"$TGX" as --arch sm_50 --hex "$TMP/f16.s" >/dev/null 2>&1
r50=$?
if [ $r0 -eq 0 ] && [ $r50 -eq 1 ] && cmp -s "$TMP/noarch" "$TMP/sm52"; then ok; else bad "as without --arch: rc $r0 (sm_50 $r50): $(cat "$TMP/noarch")"; fi
r1=2
"$TGX" as --arch sm_52 "$TMP/il.s" "$TMP/il.s" >/dev/null 2>&1
r2=$?
"$TGX" as --arch sm_52 --bogus "$TMP/il.s" >/dev/null 2>&1
r3=$?
if [ "$r1$r2$r3" = 222 ]; then ok; else bad "usage errors: rc $r1 $r2 $r3"; fi

finish
