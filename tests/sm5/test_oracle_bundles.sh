#!/usr/bin/env bash
# `tgx as --bundles` against NVIDIA's nvdisasm: every valid texture text of the corpus
# (tests/data/maxwell/real.tsv and real-ctrl.tsv, with their .T/.P and ';' spellings) is
# assembled into a code file, every seventh pair of neighbours bracketed as a `{ }` dual-issue
# pair, and `nvdisasm -b SM5x -hex` must list that file as the same instructions, in the same
# order, in the same pairs. The listing it prints must then assemble back into the same file.
#
# Skips (exit 77, reason printed) when no CUDA 11.8 nvdisasm is found (tools/find-nvdisasm;
# tools/install-nvdisasm fetches it).
set -u
: "${TGX:?TGX must name the tgx binary}" "${TGX_TEST_DATA:?}" "${TGX_SRC:?}"
. "$(dirname "$0")/../common/oracle.sh"
if ! oracle_nvdisasm; then
    echo "SKIP: $ORACLE_WHY"
    exit 77
fi
NV=$NVDISASM
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
D=$TGX_TEST_DATA/maxwell
pass=0 fail=0

# "PAIR|TEXT" per instruction of an nvdisasm-style listing (ours as written, nvdisasm's as
# printed): PAIR '{' or '}' for a dual-issue pair's first and second, '' otherwise; TEXT with
# single spaces and the ';' gone (a pair's second has none in nvdisasm's text).
norm() {
    awk '
        /^[ \t]*\./ { next }
        {
            line = $0
            gsub(/\/\*[^*]*\*\//, "", line)
            pair = line ~ /\{/ ? "{" : line ~ /\}/ ? "}" : ""
            gsub(/[{}]/, "", line); gsub(/[ \t]+/, " ", line); sub(/^ /, "", line); sub(/ $/, "", line)
            if (line == "") next
            tight = line ~ /[^ ];$/ ? "tight " : ""
            sub(/ ?;$/, "", line)
            print pair "|" tight line
        }'
}

for arch in sm_50 sm_52 sm_53; do
    sm=SM${arch#sm_}
    # Texts, one per line; every 7th line opens a pair with the next (which loses its ';'
    # spacing, as nvdisasm prints no ';' there, so it must not be the tight form).
    awk -F'\t' -v a="$arch" '$1 == a && $NF !~ /^ERROR/ { print $NF }' "$D/real.tsv" "$D/real-ctrl.tsv" |
        awk '{
            if (open) { t = $0; sub(/ ?;$/, "", t); print "   " t " }"; open = 0; next }
            if (NR % 7 == 0 && $0 ~ / ;$/) { print "{  " $0; open = 1; next }
            print
        } END { if (open) print "}" }' >"$TMP/src.s"
    if grep -q '{' "$TMP/src.s" && tail -n 1 "$TMP/src.s" | grep -q '^}$'; then
        # An odd last pair: drop it rather than leave a pair of one.
        head -n -2 "$TMP/src.s" >"$TMP/x" && mv "$TMP/x" "$TMP/src.s"
    fi
    n=$(grep -c . "$TMP/src.s")
    npair=$(grep -c '{' "$TMP/src.s")
    "$TGX" as --arch "$arch" --bundles --allow-illegal -o "$TMP/code.bin" "$TMP/src.s" 2>"$TMP/err"
    rc=$?
    "$NV" -b "$sm" -hex "$TMP/code.bin" >"$TMP/nv.lst" 2>"$TMP/nv.err"
    nrc=$?
    if [ $nrc -ne 0 ] && grep -qi 'unsupported\|not supported\|unknown' "$TMP/nv.err"; then
        echo "SKIP: $NV does not read $sm: $(head -c 200 "$TMP/nv.err")"
        exit 77
    fi
    norm <"$TMP/src.s" >"$TMP/want"
    # nvdisasm lists the NOPs that pad the last bundle; they are not ours.
    norm <"$TMP/nv.lst" | grep -v '^|NOP$' >"$TMP/got"
    if [ $rc -eq 0 ] && [ $nrc -eq 0 ] && [ "$n" -gt 1000 ] && [ "$npair" -gt 100 ] &&
        cmp -s "$TMP/want" "$TMP/got"; then
        echo "ok: $arch: $n texts ($npair dual-issue pairs) as nvdisasm lists them"
        pass=$((pass + 1))
    else
        echo "FAIL: $arch: tgx as rc $rc, nvdisasm rc $nrc, $n texts, $npair pairs: $(head -c 300 "$TMP/err" "$TMP/nv.err")"
        diff "$TMP/want" "$TMP/got" | head -10
        fail=$((fail + 1))
        continue
    fi
    # nvdisasm's listing (directives, hex comments and all; its padding NOPs left out: they are
    # not texture instructions, and --bundles pads the same way) assembles back into the file.
    grep -v "NOP" "$TMP/nv.lst" >"$TMP/nv-tex.lst"
    "$TGX" as --arch "$arch" --bundles --allow-illegal -o "$TMP/back.bin" "$TMP/nv-tex.lst" 2>"$TMP/err"
    rc=$?
    if [ $rc -eq 0 ] && cmp -s "$TMP/back.bin" "$TMP/code.bin"; then
        pass=$((pass + 1))
    else
        echo "FAIL: $arch: nvdisasm's listing does not assemble back (rc $rc): $(cmp "$TMP/back.bin" "$TMP/code.bin" 2>&1) $(head -c 300 "$TMP/err")"
        fail=$((fail + 1))
    fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
