#!/bin/bash
# `tgx replay` as a command (issues 4, 9, 15): one line per case, "PASS name (N/M bit-exact)" or
# "FAIL name: what, where"; a closing "N passed, N failed"; exit 0 only if every case passes, 2
# for bad usage. FAILs are provoked by changing words of the references in copies of corpus
# cases, so the expected positions and values are the ones written here.
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

# word N of a TGXR file's data (after the 16-byte header), as an unsigned number
get_word() { od -An -tu4 -j $((16 + 4 * $2)) -N 4 "$1" | tr -d ' '; }
# put_u32 FILE BYTE-OFFSET VALUE: writes VALUE little endian at the offset
put_u32() {
    local v=$3
    printf "$(printf '\\%03o\\%03o\\%03o\\%03o' $((v & 255)) $(((v >> 8) & 255)) \
        $(((v >> 16) & 255)) $(((v >> 24) & 255)))" |
        dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}
put_word() { put_u32 "$1" $((16 + 4 * $2)) "$3"; }
# the FAIL line of $tmp/out
fail_line() { grep '^FAIL' "$tmp/out"; }

# A case that passes, given twice: two PASS lines with the bit-exact count, exit 0.
"$TGX" replay -j 1 "$src" "$src/" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok || bad "passing case: exit $rc"
[ "$(sed -n 1p "$tmp/out")" = "PASS alu_int_bitops (16384/16384 bit-exact)" ] && ok ||
    bad "PASS line: $(sed -n 1p "$tmp/out")"
[ "$(sed -n 2p "$tmp/out")" = "PASS alu_int_bitops (16384/16384 bit-exact)" ] && ok ||
    bad "second PASS line"
[ "$(tail -n 1 "$tmp/out")" = "2 passed, 0 failed" ] && ok || bad "summary: $(tail -n 1 "$tmp/out")"

# Pixel (5, 3), channel z (word (3*64 + 5)*4 + 2 = 790) of softpipe's file changed from V to
# V xor 0x100, llvmpipe's left alone: the drivers now "differ" there, but the case's figure for
# channel z is 0, so the replayed V is outside; the FAIL names the place and the three values.
cp -r "$src" "$tmp/case"
orig=$(get_word "$src/softpipe.u32" 790)
new=$((orig ^ 256))
put_word "$tmp/case/softpipe.u32" 790 $new
"$TGX" replay "$src" "$tmp/case" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 1 ] && ok || bad "one failing case: exit $rc, expected 1"
want="FAIL alu_int_bitops: result[5,3].z expected $new (0x$(printf %08x $new)) (llvmpipe $orig"
want="$want (0x$(printf %08x $orig))) got $orig (0x$(printf %08x $orig)), 1 of 16384 values"
want="$want outside (16383 bit-exact)"
[ "$(fail_line)" = "$want" ] && ok || bad "FAIL line: '$(fail_line)' want '$want'"
[ "$(tail -n 1 "$tmp/out")" = "1 passed, 1 failed" ] && ok || bad "summary: $(tail -n 1 "$tmp/out")"

# The same word changed in both files (the drivers agree on the new value): still a FAIL.
put_word "$tmp/case/llvmpipe.u32" 790 $new
"$TGX" replay "$tmp/case" >"$tmp/out" 2>&1
case "$(fail_line)" in
"FAIL alu_int_bitops: result[5,3].z expected $new "*"(llvmpipe $new "*"1 of 16384 values outside"*) ok ;;
*) bad "both files changed: $(fail_line)" ;;
esac

# Float values print with 9 significant digits: 108.484825 (0x42d8f83b) is the float that
# needs all nine (8 digits, "108.48483", read back as 0x42d8f83c). Pixel (2, 1).y of an exact case
# set to it in both files.
fsrc="$data/corpus/tex2d_nearest_checker"
cp -r "$fsrc" "$tmp/fcase"
w=$(((1 * 64 + 2) * 4 + 1))
put_word "$tmp/fcase/softpipe.f32" $w $((0x42d8f83b))
put_word "$tmp/fcase/llvmpipe.f32" $w $((0x42d8f83b))
"$TGX" replay "$tmp/fcase" >"$tmp/out" 2>&1
case "$(fail_line)" in
"FAIL tex2d_nearest_checker: result[2,1].y expected 108.484825 (0x42d8f83b) (llvmpipe 108.484825 (0x42d8f83b)) got "*) ok ;;
*) bad "9-digit float: $(fail_line)" ;;
esac

# --strict: references swapped in a case whose drivers differ in every value (softpipe's file
# now holds llvmpipe's results): the replay lies between the two everywhere, so it passes with 0
# values bit-exact, and fails under --strict. An exact case passes --strict.
bsrc="$data/corpus/tex2d_bilinear_hash"
cp -r "$bsrc" "$tmp/swap"
cp "$bsrc/llvmpipe.f32" "$tmp/swap/softpipe.f32"
cp "$bsrc/softpipe.f32" "$tmp/swap/llvmpipe.f32"
"$TGX" replay "$tmp/swap" >"$tmp/out" 2>&1
[ $? -eq 0 ] && [ "$(head -n 1 "$tmp/out")" = "PASS tex2d_bilinear_hash (0/16384 bit-exact)" ] &&
    ok || bad "swapped references: $(head -n 1 "$tmp/out")"
"$TGX" replay --strict "$tmp/swap" "$src" >"$tmp/out" 2>&1
[ $? -eq 1 ] && ok || bad "--strict: exit should be 1"
[ "$(head -n 1 "$tmp/out")" = "FAIL tex2d_bilinear_hash: 16384 of 16384 values are not bit-exact with softpipe (--strict)" ] &&
    ok || bad "--strict FAIL line: $(head -n 1 "$tmp/out")"
[ "$(sed -n 2p "$tmp/out")" = "PASS alu_int_bitops (16384/16384 bit-exact)" ] && ok ||
    bad "--strict on an exact case: $(sed -n 2p "$tmp/out")"

# --save DIR: each result as DIR/<case>.<softpipe's file name>, in the TGXR container; DIR is
# created. A bit-exact case saves softpipe's bytes; a failing case saves what it computed.
cs="$data/corpus/cs_shared_reduce"
"$TGX" replay --save "$tmp/saved" "$src" "$cs" "$tmp/case" >"$tmp/out" 2>&1
[ $? -eq 1 ] && ok || bad "--save run: exit should be 1 (one case fails)"
cmp -s "$tmp/saved/alu_int_bitops.softpipe.u32" "$src/softpipe.u32" && ok ||
    bad "--save: alu_int_bitops.softpipe.u32 differs from softpipe's file"
cmp -s "$tmp/saved/cs_shared_reduce.softpipe.ssbo0.f32" "$cs/softpipe.ssbo0.f32" &&
    cmp -s "$tmp/saved/cs_shared_reduce.softpipe.ssbo1.f32" "$cs/softpipe.ssbo1.f32" && ok ||
    bad "--save: cs_shared_reduce's two results"
[ "$(ls "$tmp/saved" | wc -l)" -eq 3 ] && ok || bad "--save wrote: $(ls "$tmp/saved")"
: >"$tmp/plainfile"
expect_rc 2 "--save onto a file" -- "$TGX" replay --save "$tmp/plainfile" "$src"
grep -q "plainfile: exists and is not a directory" "$tmp/err" && ok || bad "--save file: $(cat "$tmp/err")"

# A case whose drivers differ needs llvmpipe's file: missing, or not named in case.json.
cp -r "$bsrc" "$tmp/nolp"
rm "$tmp/nolp/llvmpipe.f32"
"$TGX" replay "$tmp/nolp" >"$tmp/out" 2>&1
[ $? -eq 1 ] && fail_line | grep -q "nolp/llvmpipe.f32: error: cannot open" && ok ||
    bad "missing llvmpipe file: $(cat "$tmp/out")"
sed -i 's/"llvmpipe": "llvmpipe.f32",//' "$tmp/nolp/case.json"
"$TGX" replay "$tmp/nolp" >"$tmp/out" 2>&1
fail_line | grep -q "softpipe and llvmpipe differ in result (max_abs_diff 0.00594416261) but the case names no llvmpipe file" &&
    ok || bad "llvmpipe not named: $(cat "$tmp/out")"
# An exact case needs no llvmpipe file.
cp -r "$src" "$tmp/exact-nolp"
rm "$tmp/exact-nolp/llvmpipe.u32"
sed -i 's/"llvmpipe": "llvmpipe.u32",//' "$tmp/exact-nolp/case.json"
expect_rc 0 "exact case without llvmpipe" -- "$TGX" replay "$tmp/exact-nolp"

# Missing softpipe file: a FAIL naming it (the run's buffers are freed: the sanitizer run checks).
cp -r "$src" "$tmp/nosp"
rm "$tmp/nosp/softpipe.u32"
"$TGX" replay "$tmp/nosp" >"$tmp/out" 2>&1
[ $? -eq 1 ] && fail_line | grep -q "nosp/softpipe.u32: error: cannot open" && ok ||
    bad "missing softpipe file: $(cat "$tmp/out")"

# A corrupt reference header (height 2^31, 32 GiB announced): refused by the case's size, naming
# the file and the field, before anything is allocated.
cp -r "$src" "$tmp/tall"
put_u32 "$tmp/tall/softpipe.u32" 8 $((0x80000000))
"$TGX" replay "$tmp/tall" >"$tmp/out" 2>&1
[ $? -eq 1 ] &&
    fail_line | grep -q "tall/softpipe.u32: error: TGXR header field height is 2147483648 where 64 is expected" &&
    ok || bad "corrupt header: $(cat "$tmp/out")"
# ... and a corrupt size in case.json: bounded by the framebuffer, with its position.
cp -r "$src" "$tmp/tallcase"
sed -i '/"results"/,$ s/"height": 64,/"height": 2147483648,/' "$tmp/tallcase/case.json"
"$TGX" replay "$tmp/tallcase" >"$tmp/out" 2>&1
[ $? -eq 1 ] &&
    fail_line | grep -q "tallcase/case.json:[0-9]*:[0-9]*: error: result: expected the framebuffer's width and height, 4 channels" &&
    ok || bad "corrupt case size: $(cat "$tmp/out")"

# Image bindings (issue 9's layout), tgx's own case tests/data/replay/cs_image_rw: it passes;
# a changed expected word fails; malformed bindings are refused with their position.
img="$data/replay/cs_image_rw"
"$TGX" replay "$img" >"$tmp/out" 2>&1
[ "$(head -n 1 "$tmp/out")" = "PASS cs_image_rw (40/40 bit-exact)" ] && ok ||
    bad "image case: $(cat "$tmp/out")"
cp -r "$img" "$tmp/img"
put_word "$tmp/img/softpipe.img0.u32" 5 16224
"$TGX" replay "$tmp/img" >"$tmp/out" 2>&1
fail_line | grep -q "img0\[1,1\].x expected 16224 (0x00003f60) (llvmpipe 16224 (0x00003f60)) got 48991" &&
    ok || bad "image value changed: $(cat "$tmp/out")"
image_error() { # NAME SED-EXPRESSION EXPECTED-MESSAGE
    rm -rf "$tmp/imgbad"
    cp -r "$img" "$tmp/imgbad"
    sed -i "$2" "$tmp/imgbad/case.json"
    "$TGX" replay "$tmp/imgbad" >"$tmp/out" 2>&1
    [ $? -eq 1 ] && fail_line | grep -q "imgbad/case.json:[0-9]*:[0-9]*: error: $3" && ok ||
        bad "$1: $(cat "$tmp/out")"
}
image_error "unit 40" 's/"unit": 0,/"unit": 40,/' "unit: expected an image unit 0..31"
image_error "unknown texture" 's/"texture": 1,/"texture": 9,/' \
    "texture: expected the id of an entry of inputs.textures"
image_error "bad access" 's/"access": "w"/"access": "x"/' 'access: expected "r", "w" or "rw"'
image_error "two on one unit" 's/"unit": 1,/"unit": 0,/' "unit: expected one entry per image unit"
image_error "result without image" 's/"img0"/"img3"/' "img3: expected an image unit listed in inputs.images"
image_error "result size" '/"img0"/,/}/ s/"width": 4,/"width": 5,/' \
    "img0: expected the image's level 0"
image_error "result name" 's/"img0"/"image0"/' "image0: expected a result named result, ssboN or imgN"

# A shader the validator rejects (spec "Declaration": an undeclared register) is a FAIL naming
# the file, line and column, before anything runs.
cp -r "$src" "$tmp/badsh"
ln=$(grep -n '^ *[0-9]*: AND TEMP\[4\]\.x, TEMP\[2\]\.xxxx' "$tmp/badsh/shader.tgsi" | cut -d: -f1)
sed -i "${ln}s/TEMP\[2\]\.xxxx/TEMP[99].xxxx/" "$tmp/badsh/shader.tgsi"
"$TGX" replay "$tmp/badsh" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 1 ] && ok || bad "invalid shader: exit $rc"
grep -q "^FAIL alu_int_bitops: .*badsh/shader.tgsi:$ln:21: error: TEMP\[99\] is not declared" "$tmp/out" &&
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
"$TGX" replay --save >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "--save without a folder: exit should be 2"
# The work is bounded before it starts. A case whose framebuffer claims 16384x16384 while its
# references are 64x64 is refused by the references' headers before rendering (it rendered for
# 14 s in 4.2 GB first): under a 600 MB address-space limit and 20 s it must FAIL with the
# header's words. A dispatch past 65535 groups a side (GL's minimum GL_MAX_COMPUTE_WORK_GROUP_COUNT)
# is refused where the case says it, and one within it but past 2^24 invocations by the count.
cp -r "$data/corpus/tex2d_proj" "$tmp/huge_fb"
sed -i 's/"width": 64/"width": 16384/g; s/"height": 64/"height": 16384/g' "$tmp/huge_fb/case.json"
# (no address-space limit under AddressSanitizer, which reserves terabytes of it)
if [ -n "${ASAN_OPTIONS:-}" ]; then limit=unlimited; else limit=600000; fi
(ulimit -v $limit && timeout 20 "$TGX" replay "$tmp/huge_fb") >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && grep -q "^FAIL tex2d_proj: .*softpipe.f32: error: TGXR header field width is 64 where 16384 is expected" "$tmp/out" &&
    ok || bad "a 16384x16384 case with 64x64 references: rc $rc $(head -c 300 "$tmp/out" "$tmp/err")"
cp -r "$data/corpus/cs_ssbo_ids" "$tmp/huge_cs"
sed -i '/"dispatch": \[/,/\]/ { s/^\( *\)[0-9][0-9]*,$/\116777216,/; }' "$tmp/huge_cs/case.json"
grep -A1 '"dispatch"' "$tmp/huge_cs/case.json" | grep -q 16777216 || bad "test setup: dispatch not edited"
timeout 20 "$TGX" replay "$tmp/huge_cs" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && grep -q "case.json:[0-9]*:[0-9]*: error: dispatch: expected at most 65535 work groups a side" "$tmp/out" &&
    ok || bad "dispatch 16777216: rc $rc $(head -c 300 "$tmp/out" "$tmp/err")"
sed -i 's/16777216,/65535,/' "$tmp/huge_cs/case.json"
sed -i '/"dispatch": \[/,/\]/ { s/^\( *\)1,$/\165535,/; }' "$tmp/huge_cs/case.json"
timeout 20 "$TGX" replay "$tmp/huge_cs" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && grep -q "invocations, more than the 16777216 a case may run" "$tmp/out" &&
    ok || bad "dispatch 65535x65535: rc $rc $(head -c 300 "$tmp/out" "$tmp/err")"

"$TGX" replay --help >"$tmp/out" 2>&1
[ $? -eq 0 ] && grep -q -- "-j N" "$tmp/out" && grep -q -- "--strict" "$tmp/out" &&
    grep -q -- "--save DIR" "$tmp/out" && ok || bad "--help"

finish
