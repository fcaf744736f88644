#!/bin/bash
# `tgx fmt` as a command: canonical text is Mesa 22.3's tgsi_dump text (the corpus shaders are
# Mesa's own output, so they are their own expected result); -i rewrites in place, atomically,
# keeping the file's permissions; '-' reads stdin; exit 0 formatted, 1 a file does not parse,
# 2 usage or I/O error. Float spellings follow docs/tgsi.md.
set -u
: "${TGX:?TGX must name the tgx binary}"
: "${TGX_TEST_DATA:?TGX_TEST_DATA must name tests/data}"
. "$(dirname "$0")/../common/lib.sh"
# same FILE DESCRIPTION: $tmp/out equals FILE byte for byte.
same() {
    if cmp -s "$tmp/out" "$1"; then ok; else bad "$2: output differs from $1"; fi
}

mesa="$TGX_TEST_DATA/tgsi/alu_loop_break/shader.tgsi"
mesa2="$TGX_TEST_DATA/tgsi/tex2d_offsets/shader.tgsi"
[ -f "$mesa" ] && [ -f "$mesa2" ] || { echo "SKIP: corpus shaders missing"; exit 77; }
cd "$tmp" || exit 1

# The same shader as Mesa printed it, written the way a person might: no instruction numbers, no
# indentation, lower case, two spaces after commas, CRLF line ends.
sed -e 's/^ *[0-9]*: *//' -e 's/, /,  /g' -e 's/$/\r/' "$mesa" | tr 'A-Z' 'a-z' >messy.tgsi

expect_rc 0 "Mesa text" -- "$TGX" fmt "$mesa"
same "$mesa" "Mesa text is already canonical"
expect_rc 0 "messy text" -- "$TGX" fmt messy.tgsi
same "$mesa" "messy text formats to Mesa's"
expect_rc 0 "stdin" -- bash -c "\"$TGX\" fmt - < messy.tgsi"
same "$mesa" "stdin formats to Mesa's"
[ ! -s err ] && ok || bad "clean run printed to stderr: $(cat err)"

# Several files: each one's text, a blank line between them.
{ cat "$mesa"; echo; cat "$mesa2"; } >two.expect
expect_rc 0 "two files" -- "$TGX" fmt messy.tgsi "$mesa2"
same two.expect "two files"

# A file of several shaders one after another (the corpus keeps Mesa's 131 internal shaders in
# one, a blank line between them): each is formatted, a blank line between them, so Mesa's file
# comes back unchanged; an error in a later shader is reported at its line in the file.
internal="$TGX_TEST_DATA/tgsi/_internal/softpipe-internal-shaders.tgsi"
expect_rc 0 "several shaders in one file" -- "$TGX" fmt "$internal"
same "$internal" "several shaders in one file"
# Line 7 of this file is the second shader's `MOV OUT[0], @`; the '@' is at column 13.
printf 'FRAG\nDCL OUT[0], COLOR\n  0: END\n\nFRAG\nDCL OUT[0], COLOR\nMOV OUT[0], @\nEND\n' >two_shaders.tgsi
expect_rc 1 "error in the second shader" -- "$TGX" fmt two_shaders.tgsi
grep -q '^two_shaders.tgsi:7:13: error: ' err && ok || bad "second shader's error position: $(cat err)"
[ ! -s out ] && ok || bad "a file with an error was partly printed"

# -i: rewritten in place to Mesa's text, permissions kept, no temporary file left beside it.
mkdir inplace
cp messy.tgsi inplace/a.tgsi
chmod 644 inplace/a.tgsi
expect_rc 0 "-i" -- "$TGX" fmt -i inplace/a.tgsi
cmp -s inplace/a.tgsi "$mesa" && ok || bad "-i did not write Mesa's text"
[ "$(stat -c %a inplace/a.tgsi)" = 644 ] && ok || bad "-i changed the mode to $(stat -c %a inplace/a.tgsi)"
[ "$(ls inplace | wc -l)" -eq 1 ] && ok || bad "-i left files behind: $(ls inplace)"
[ ! -s out ] && ok || bad "-i printed to stdout"

# A file that does not parse: exit 1, first error as file:line:col, and -i leaves it alone.
# Line 3 reads `MOV OUT[0], @`: the '@' at column 13 is where a register should be.
printf 'FRAG\nDCL OUT[0], COLOR\nMOV OUT[0], @\nEND\n' >broken.tgsi
cp broken.tgsi broken.orig
expect_rc 1 "parse error" -- "$TGX" fmt broken.tgsi
grep -q '^broken.tgsi:3:13: error: ' err && ok || bad "parse error position: $(cat err)"
expect_rc 1 "-i parse error" -- "$TGX" fmt -i broken.tgsi
cmp -s broken.tgsi broken.orig && ok || bad "-i rewrote a file that does not parse"
# Every file is tried; the worst outcome decides (2 over 1 over 0).
expect_rc 1 "good then broken" -- "$TGX" fmt "$mesa" broken.tgsi
grep -q '^FRAG$' out && ok || bad "the good file before the broken one was not printed"
expect_rc 2 "missing file" -- "$TGX" fmt broken.tgsi does-not-exist.tgsi
grep -q 'does-not-exist.tgsi' err && ok || bad "missing file not named: $(cat err)"

# Usage.
expect_rc 2 "no files" -- "$TGX" fmt
expect_rc 2 "unknown option" -- "$TGX" fmt --frobnicate "$mesa"
expect_rc 2 "-i with stdin" -- "$TGX" fmt -i -
expect_rc 0 "--help" -- "$TGX" fmt --help
grep -q 'usage: tgx fmt' out && ok || bad "--help text: $(cat out)"
expect_rc 0 "-- ends options" -- "$TGX" fmt -- "$mesa"
same "$mesa" "-- ends options"

# Float immediates (docs/tgsi.md): Mesa's "%10.4f" when it reads back to the same bits, else the
# shortest "%.Ng" that does, right-aligned in 10 columns; NaN as its bits. Worked by hand:
#   0.3         -> "0.3000" reads back as the float nearest 0.3        -> "    0.3000"
#   1e-10       -> "0.0000" would read back as 0; 1 digit suffices      -> "     1e-10"
#   0.123456789 -> "0.1235" is another float; 8 digits are needed       -> "0.12345679"
#   16777217    -> the float is 16777216, which "%10.4f" spells exactly -> "16777216.0000"
#   108.484825  -> 0x42d8f83b: "108.4848" is another float, and so is the 8-digit "108.48483"
#                  (0x42d8f83c); binary32 needs all 9 digits here       -> "108.484825"
#   -0.0 keeps its sign; 0x7fc00001 (a NaN with payload) stays as bits.
printf 'FRAG\nDCL OUT[0], COLOR\nIMM[0] FLT32 {0.3, 1e-10, 0.123456789, 16777217}\nIMM[1] FLT32 {-0.0, 0x7fc00001, 1.5, 108.484825}\nMOV OUT[0], IMM[0]\nEND\n' >floats.tgsi
cat >floats.expect <<'T'
FRAG
DCL OUT[0], COLOR
IMM[0] FLT32 {    0.3000,      1e-10, 0.12345679, 16777216.0000}
IMM[1] FLT32 {   -0.0000, 0x7fc00001,     1.5000, 108.484825}
  0: MOV OUT[0], IMM[0]
  1: END
T
expect_rc 0 "floats" -- "$TGX" fmt floats.tgsi
same floats.expect "float spellings"
# ... and the canonical text is a fixed point.
cp out floats.canon
expect_rc 0 "floats again" -- "$TGX" fmt floats.canon
same floats.expect "float spellings are a fixed point"

finish
