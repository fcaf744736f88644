#!/bin/bash
# Line input (src/cli/lines.c) and the messages of issue 9: nothing lost, nothing silent.
#  * tgx sample streams: answers come a chunk (1024 lines) at a time, the same answers whatever
#    the chunking; lines before a bad one are answered; memory does not grow with the input;
#  * a folder as input is an error (dis --words DIR, sample --input DIR, check --sm5 --words);
#  * a NUL byte or a line past 1023 characters is an error with its position, never dropped;
#  * `0x0x10` is reported as the token it is, at the column it starts;
#  * a cubin with a broken ELF magic says it is not an ELF file and that raw code needs --arch.
# Texel values: the checker generator (docs/texture.md "Texture generators"): on
# checker:cell=1@2x2 texel (0,0) and (1,1) are PALETTE[0] = (1,0,0,1), the others PALETTE[1] =
# (0,1,0,1).
set -u
: "${TGX:?TGX must name the tgx binary}"
. "$(dirname "$0")/../common/lib.sh"
CK='checker:cell=1@2x2,levels=1'

# ---- tgx sample streams ------------------------------------------------------------------------
# 2,500 lines cycling over the four texel centres, nearest filtering: lines 1024/1025 and
# 2048/2049 straddle the chunks. Line k (from 0) reads texel k % 4: red green green red.
awk 'BEGIN { for (k = 0; k < 2500; k++) { c = k % 4; printf "%.2f %.2f\n", (c % 2) * 0.5 + 0.25, int(c / 2) * 0.5 + 0.25 } }' \
    >"$tmp/lines"
expect_rc 0 "2,500 lines --single" -- "$TGX" sample "$CK" --single --sampler filter=nearest \
    --input "$tmp/lines"
awk '{ c = (NR - 1) % 4; want = (c == 0 || c == 3) ? "1 0 0 1" : "0 1 0 1"; if ($0 != want) { print NR ": " $0; exit 1 } }
     END { if (NR != 2500) { print NR " lines"; exit 1 } }' "$tmp/out" >"$tmp/why" && ok ||
    bad "streamed answers: $(cat "$tmp/why")"
# quads (implicit LOD) across the chunk boundary: 2,500 lines = 625 quads of the four centres
expect_rc 0 "2,500 lines in quads" -- "$TGX" sample "$CK" --sampler filter=nearest --input "$tmp/lines"
awk '{ c = (NR - 1) % 4; want = (c == 0 || c == 3) ? "1 0 0 1" : "0 1 0 1"; if ($0 != want) { print NR ": " $0; exit 1 } }
     END { if (NR != 2500) { print NR " lines"; exit 1 } }' "$tmp/out" >"$tmp/why" && ok ||
    bad "quads across chunks: $(cat "$tmp/why")"
# a bad line after 1,500 good ones: those are answered, then the error with its position
{ head -n 1500 "$tmp/lines"; echo "0.25 nope"; head -n 10 "$tmp/lines"; } >"$tmp/bad"
expect_rc 1 "bad line after 1,500" -- "$TGX" sample "$CK" --single --input "$tmp/bad"
[ "$(wc -l <"$tmp/out")" = 1500 ] && grep -q "bad:1501:6: error: 'nope' is not a number" "$tmp/err" &&
    ok || bad "answers before a bad line: $(wc -l <"$tmp/out") lines, $(cat "$tmp/err")"
# 6 lines in quads: the first quad is answered, the 2 left over are an error at the last
head -n 6 "$tmp/lines" >"$tmp/six"
expect_rc 1 "left-over lines" -- "$TGX" sample "$CK" --input "$tmp/six"
[ "$(wc -l <"$tmp/out")" = 4 ] && grep -q "six:6:1: error: implicit LOD takes lines in quads of 4; 2 lines left over" "$tmp/err" &&
    ok || bad "left over: $(wc -l <"$tmp/out") lines, $(cat "$tmp/err")"

# ---- folders, NUL bytes, long lines ------------------------------------------------------------
mkdir "$tmp/dir"
expect_rc 2 "dis --words DIR" -- "$TGX" dis --arch sm_50 --words "$tmp/dir"
grep -q "dir: error: is a folder" "$tmp/err" && ok || bad "dis --words DIR: $(cat "$tmp/err")"
expect_rc 2 "sample --input DIR" -- "$TGX" sample "$CK" --input "$tmp/dir"
grep -q "dir: error: is a folder" "$tmp/err" && ok || bad "sample --input DIR: $(cat "$tmp/err")"
expect_rc 2 "check --sm5 --words DIR" -- "$TGX" check --sm5 --arch sm_50 --words "$tmp/dir"
grep -q "dir: error: is a folder" "$tmp/err" && ok || bad "check --sm5 --words DIR: $(cat "$tmp/err")"
expect_rc 2 "check DIR" -- "$TGX" check "$tmp/dir"
grep -q "dir: error: cannot read: Is a directory" "$tmp/err" && ok || bad "check DIR: $(cat "$tmp/err")"

# the README's TEXS word, nvdisasm's text for it
printf '0xd820052000570004\n0xd820052000570004\x00 0x1\n0xd820052000570004\n' >"$tmp/nul.words"
expect_rc 1 "dis --words with a NUL byte" -- "$TGX" dis --arch sm_50 --words "$tmp/nul.words"
[ "$(wc -l <"$tmp/out")" = 2 ] && grep -q "nul.words:2:19: error: NUL byte in the line" "$tmp/err" &&
    ok || bad "NUL byte in dis --words: $(cat "$tmp/out" "$tmp/err")"
expect_rc 1 "check --sm5 --words with a NUL byte" -- "$TGX" check --sm5 --arch sm_50 --words "$tmp/nul.words"
grep -q "nul.words:2:19: error: NUL byte in the line" "$tmp/err" && ok || bad "check --sm5 NUL: $(cat "$tmp/err")"
printf '0.25 0.25\n0.25\x000.75\n' >"$tmp/nul.lines"
expect_rc 1 "sample with a NUL byte" -- "$TGX" sample "$CK" --single --input "$tmp/nul.lines"
grep -q "nul.lines:2:5: error: NUL byte in the line" "$tmp/err" && [ "$(wc -l <"$tmp/out")" = 1 ] &&
    ok || bad "sample NUL: $(cat "$tmp/err")"
{ echo 0xd820052000570004; printf '0xd820052000570004 %01100d\n' 0; echo 0xd820052000570004; } >"$tmp/long.words"
expect_rc 1 "dis --words, a 1,119-character line" -- "$TGX" dis --arch sm_50 --words "$tmp/long.words"
[ "$(wc -l <"$tmp/out")" = 2 ] && grep -q "long.words:2:1024: error: line longer than 1023 characters (1119)" "$tmp/err" &&
    ok || bad "long line: $(cat "$tmp/err")"
printf '%01023d\n' 0 | sed 's/^0/ /' >"$tmp/max.words" # 1023 characters: blanks and a number
expect_rc 1 "a line of exactly 1023 characters is read" -- "$TGX" dis --arch sm_50 --words "$tmp/max.words"
grep -q "max.words:1:2: error: expected a 64-bit hex word, found '0000" "$tmp/err" && ok ||
    bad "1023 characters: $(head -c 200 "$tmp/err")"

# ---- words: the token as written ----------------------------------------------------------------
echo '0x0x10' >"$tmp/w"
expect_rc 1 "0x0x10" -- "$TGX" dis --arch sm_50 --words "$tmp/w"
grep -q "w:1:1: error: expected a 64-bit hex word, found '0x0x10'" "$tmp/err" && ok ||
    bad "0x0x10: $(cat "$tmp/err")"
echo '  d820052000570004 0x0x10 # c' >"$tmp/w"
expect_rc 1 "0x0x10 as the control" -- "$TGX" dis --arch sm_50 --words "$tmp/w"
grep -q "w:1:20: error: expected a 21-bit hex control field (at most 0x1fffff), found '0x0x10'" "$tmp/err" &&
    ok || bad "control 0x0x10: $(cat "$tmp/err")"
expect_rc 1 "stdin is named <stdin>" -- sh -c "echo 0x0x10 | \"$TGX\" dis --arch sm_50 --words"
grep -q "^<stdin>:1:1: error" "$tmp/err" && ok || bad "stdin name: $(cat "$tmp/err")"

# ---- a cubin with a broken ELF magic -----------------------------------------------------------
cp "$TGX_TEST_DATA/cubin/tex_sm_52.cubin" "$tmp/broken.cubin"
printf 'X' | dd of="$tmp/broken.cubin" bs=1 seek=1 conv=notrunc 2>/dev/null
expect_rc 2 "broken ELF magic" -- "$TGX" dis "$tmp/broken.cubin"
grep -q "broken.cubin: not an ELF file (a cubin starts with 0x7f 'ELF'); a raw code file (32-byte bundles) needs --arch" "$tmp/err" &&
    ok || bad "broken magic: $(cat "$tmp/err")"
expect_rc 1 "broken ELF magic with --arch" -- "$TGX" dis --arch sm_52 "$tmp/broken.cubin"
grep -q "incomplete bundle: .* and it is not an ELF file" "$tmp/err" && ok ||
    bad "broken magic with --arch: $(cat "$tmp/err")"

finish
