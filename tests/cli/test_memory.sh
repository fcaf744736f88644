#!/bin/bash
# What a verb holds grows with its input by a bounded factor (issue 19, docs/cli.md "Input
# files"): each verb runs on a generated input under an address-space limit (`ulimit -v`) of what
# tgx needs to start (it maps libLLVM where it was built with the shader compiler) plus an
# allowance that is a multiple of the input's size:
#  * tgx check of 100,000 TGSI instructions (3.4 MB): 15 times the input. Each instruction used
#    to take 780 bytes (fixed slots for 5 sources, 2 destinations, 4 texel offsets): 31 times;
#    now 10 times (88 bytes an instruction, 56 a destination, 68 a source, and the text);
#  * tgx lower of the same: 28 times (the IR, the lowered form and the listing, which is 3.6
#    times the input); it took 41 times, now 20;
#  * tgx run --exec interp of the same on one pixel: 28 times (the shader and the interpreter's
#    form of it, whose instructions had fixed operand slots too: 568 bytes each); it took 47
#    times, now 18;
#  * tgx lift --words of 100,000 words (1.9 MB): 28 times. The lifted TGSI is 10 times the
#    input and is held whole (declarations come first; nothing is written on a refusal): it took
#    38 times (the text was copied once more to put the declarations in front), now 21.
# Not checked under AddressSanitizer, which reserves far more address space than that.
set -u
: "${TGX:?TGX must name the tgx binary}"
. "$(dirname "$0")/../common/lib.sh"

if [ -n "${ASAN_OPTIONS:-}" ]; then
    echo "skipped: AddressSanitizer reserves terabytes of address space; the limits mean nothing under it"
    exit 77
fi
base=$(tgx_start_kb)
if [ "$base" -eq 0 ]; then
    echo "skipped: tgx --version does not start in 1 GB of address space"
    exit 77
fi

# 25,000 groups of four instructions (TEX, MAD, ADD with a negated source, MOV), 35 bytes a line.
awk -v n=25000 'BEGIN {
    print "FRAG"
    print "DCL IN[0], GENERIC[0], PERSPECTIVE"
    print "DCL OUT[0], COLOR"
    print "DCL SAMP[0]"
    print "DCL SVIEW[0], 2D, FLOAT"
    print "DCL TEMP[0..3]"
    print "IMM[0] FLT32 {    0.5000,     1.0000,     0.0000,     0.0000}"
    print "MOV TEMP[1], IMM[0]"
    print "MOV TEMP[2], IMM[0]"
    for (i = 0; i < n; i++) {
        print "TEX TEMP[0], IN[0], SAMP[0], 2D"
        print "MAD TEMP[1], TEMP[0], IMM[0].xxxx, TEMP[1]"
        print "ADD TEMP[2].xy, TEMP[1].xyxx, -TEMP[0].zwzz"
        print "MOV TEMP[3], TEMP[2]"
    }
    print "MOV OUT[0], TEMP[3]"
    print "END"
}' >"$tmp/big.tgsi"

# within TIMES INPUT VERB ARGS...: the verb succeeds with TIMES times INPUT's size above tgx's
# start.
within() {
    local times=$1 input_kb=$(($(stat -c %s "$2") / 1024))
    local limit=$((base + times * input_kb))
    shift 2
    (ulimit -v $limit && "$TGX" "$@") >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ $rc -eq 0 ]; then
        ok
    else
        bad "tgx $1 of $input_kb KB in $times times that above tgx's start ($base KB): exit $rc, $(head -c 200 "$tmp/err")"
    fi
}

within 15 "$tmp/big.tgsi" check "$tmp/big.tgsi"
grep -q "error" "$tmp/err" && bad "check: $(head -c 200 "$tmp/err")" || ok
within 28 "$tmp/big.tgsi" lower "$tmp/big.tgsi"
n=$(grep -c '^ *TEXS R' "$tmp/out")
[ "$n" -eq 25000 ] && ok || bad "lower: $n TEXS lines, expected 25000"
within 28 "$tmp/big.tgsi" run "$tmp/big.tgsi" --size 1x1 --tex 0=hash --exec interp -o "$tmp/one.png"
[ -s "$tmp/one.png" ] && ok || bad "run: no image written"

# TEXS R2, R0, R192, R196, 0x0, 2D, RGBA, 100,000 times: lifted to two MOVs and a TEX each.
awk 'BEGIN { for (i = 0; i < 100000; i++) print "0xd83000002c47c000" }' >"$tmp/big.words"
within 28 "$tmp/big.words" lift --words "$tmp/big.words"
n=$(grep -c '^ *[0-9]*: TEX TEMP\[0\].xyzw, TEMP\[64\], SAMP\[0\], 2D$' "$tmp/out")
[ "$n" -eq 100000 ] && ok || bad "lift: $n TEX lines, expected 100000"

finish
