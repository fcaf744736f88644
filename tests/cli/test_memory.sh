#!/bin/bash
# What a verb holds grows with its input by a bounded factor (issue 19, docs/cli.md "Input
# files"): each verb runs on a generated input under an address-space limit (`ulimit -v`) of what
# tgx needs to start (it maps libLLVM where it was built with the shader compiler) plus an
# allowance that is a multiple of the input's size:
#  * tgx check of 100,000 TGSI instructions (3.4 MB): 9 times the input. Each instruction used
#    to take 780 bytes (fixed slots for 5 sources, 2 destinations, 4 texel offsets): 31 times;
#    then 10 (88 bytes an instruction, 56 a destination, 68 a source, and the text); now 7.2: a
#    register keeps its indirect addresses out of line and its column only, a source where it
#    starts as a column count (32 bytes an operand), and the text is freed once parsed;
#  * tgx lower of the same, to stdout and to a file: 9 times. It held the IR, the lowered form
#    (424 bytes a texture instruction) and the listing (3.6 times the input): 41 times, then
#    20; now the shader is checked, then each texture instruction lowered again as the listing
#    goes out an instruction at a time: 7.2 times (the IR alone, as check);
#  * tgx run --exec interp of the same on one pixel: 16 times (the shader and the interpreter's
#    form of it, whose instructions had fixed operand slots too: 568 bytes each); it took 47
#    times, then 18, now 14 (the IR's operands as above; the interpreter's form is unchanged);
#  * tgx lift --words of 100,000 words (1.9 MB), from a file and from stdin: 2 times. The lifted
#    TGSI is 10 times the input; declarations come first and nothing is written on a refusal, so
#    it was held whole (38 times the input, then 21); now it goes to a spill file, read back
#    behind the declarations (below: a spill that cannot be written).
# The figures are `ulimit -v` bisected to 200 KB on this generated input, built with gcc at -O2
# and -O3 (docs/cli.md "Input files"); every limit here fails with the code before these changes.
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

within 9 "$tmp/big.tgsi" check "$tmp/big.tgsi"
grep -q "error" "$tmp/err" && bad "check: $(head -c 200 "$tmp/err")" || ok
within 9 "$tmp/big.tgsi" lower "$tmp/big.tgsi"
n=$(grep -c '^ *TEXS R' "$tmp/out")
[ "$n" -eq 25000 ] && ok || bad "lower: $n TEXS lines, expected 25000"
cp "$tmp/out" "$tmp/listing.sass"
within 9 "$tmp/big.tgsi" lower "$tmp/big.tgsi" -o "$tmp/listing-o.sass"
cmp -s "$tmp/listing.sass" "$tmp/listing-o.sass" && ok || bad "lower -o: not the listing lower prints"
within 16 "$tmp/big.tgsi" run "$tmp/big.tgsi" --size 1x1 --tex 0=hash --exec interp -o "$tmp/one.png"
[ -s "$tmp/one.png" ] && ok || bad "run: no image written"

# TEXS R2, R0, R192, R196, 0x0, 2D, RGBA, 100,000 times: lifted to two MOVs and a TEX each.
# The lifted text (10 times the input) goes to a spill file in $TMPDIR and the records of the
# words to another, so tgx needs next to nothing above its start; the old code held both (21
# times the input), so twice the input is far below what it needs, and far above what the
# streaming needs (the 64 KB buffers of the files).
awk 'BEGIN { for (i = 0; i < 100000; i++) print "0xd83000002c47c000" }' >"$tmp/big.words"
mkdir -p "$tmp/spill"
export TMPDIR="$tmp/spill"
within 2 "$tmp/big.words" lift --words "$tmp/big.words"
n=$(grep -c '^ *[0-9]*: TEX TEMP\[0\].xyzw, TEMP\[64\], SAMP\[0\], 2D$' "$tmp/out")
[ "$n" -eq 100000 ] && ok || bad "lift: $n TEX lines, expected 100000"
head -4 "$tmp/out" | tr '\n' ' ' | grep -q '^FRAG DCL SAMP\[0\] DCL SVIEW\[0\], 2D, FLOAT DCL TEMP' && ok ||
    bad "lift: the declarations do not come first: $(head -4 "$tmp/out" | tr '\n' ' ')"
tail -1 "$tmp/out" | grep -q '^[0-9]*: END$' && ok || bad "lift: the last line is $(tail -1 "$tmp/out")"
cp "$tmp/out" "$tmp/lifted.tgsi"
# the same from stdin, which cannot be read twice (the records of the first pass are spilled)
within 2 "$tmp/big.words" lift --words - <"$tmp/big.words"
cmp -s "$tmp/out" "$tmp/lifted.tgsi" && ok || bad "lift --words -: not the text of the file's lifting"
[ -z "$(ls -A "$tmp/spill")" ] && ok || bad "lift left files in \$TMPDIR: $(ls "$tmp/spill")"

# A spill that cannot be written (a full disk, here a file size limit of 4 MB: the records, 2.4
# MB, fit, the lifted text, 19 MB, does not) is an I/O error that names the temporary file, and
# the destination stays as it was.
echo "keep" >"$tmp/dest.tgsi"
(
    trap '' XFSZ
    ulimit -f 4000 && "$TGX" lift --words "$tmp/big.words" -o "$tmp/dest.tgsi"
) >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && ok || bad "lift with a full spill: exit $rc, expected 2"
grep -q "cannot write the temporary file for the lifted TGSI (in $tmp/spill): File too large" "$tmp/err" &&
    ok || bad "lift with a full spill: $(head -c 300 "$tmp/err")"
[ "$(cat "$tmp/dest.tgsi")" = keep ] && ok || bad "lift with a full spill changed the destination"
TMPDIR="$tmp/none" "$TGX" lift --words "$tmp/big.words" -o "$tmp/dest.tgsi" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -q "cannot create a temporary file in $tmp/none: No such file or directory" "$tmp/err" &&
    [ "$(cat "$tmp/dest.tgsi")" = keep ] && ok || bad "lift with TMPDIR missing: exit $rc, $(head -c 300 "$tmp/err")"
unset TMPDIR

finish
