#!/bin/bash
# One command line for every verb (src/cli/opts.c, docs/cli.md): GNU style, the same messages
# everywhere, numbers range-checked, and --help / man pages made from one table per verb.
#   --opt value, --opt=value, -o value, -ovalue; options and operands in any order; `--` ends
#   the options; `-` is stdin where a file is read. Every usage error is one line
#   "tgx VERB: ..." that says why, and exit status 2.
set -u
: "${TGX:?TGX must name the tgx binary}"
. "$(dirname "$0")/../common/lib.sh"

cat >"$tmp/fs.tgsi" <<'T'
FRAG
DCL OUT[0], COLOR
IMM[0] FLT32 {    0.2500,     0.5000,     0.7500,     1.0000}
  0: MOV OUT[0], IMM[0]
  1: END
T
cat >"$tmp/cs.tgsi" <<'T'
COMP
PROPERTY CS_FIXED_BLOCK_WIDTH 1
PROPERTY CS_FIXED_BLOCK_HEIGHT 1
PROPERTY CS_FIXED_BLOCK_DEPTH 1
DCL BUFFER[0]
IMM[0] UINT32 {0, 7, 0, 0}
  0: STORE BUFFER[0].x, IMM[0].xxxx, IMM[0].yyyy
  1: END
T
echo 'TEXS R0, R4, R0, R5, 0x52, 2D, RGB ;' >"$tmp/texs.s"
echo 0xd820052000570004 >"$tmp/texs.words"
want_texs='TEXS R0, R4, R0, R5, 0x52, 2D, RGB ;' # nvdisasm's text (README tour)

# ---- the same messages in every verb (the verbs tgx --help lists) -----------------------------
all_verbs=$("$TGX" --help | awk '/^Verbs:/ { on = 1; next } on && /^  [a-z]/ { print $1 } on && /^$/ { exit }')
[ "$(echo "$all_verbs" | wc -w)" -ge 8 ] && ok || bad "tgx --help lists verbs: $all_verbs"
for v in $all_verbs; do
    expect_err 2 "^tgx $v: unknown option '--frobnicate' \(try 'tgx $v --help'\)$" \
        "$v: unknown option" -- "$TGX" $v --frobnicate x
    expect_err 2 "^tgx $v: unknown option '--frobnicate' " "$v: unknown --opt=value" -- \
        "$TGX" $v --frobnicate=1 x
    expect_rc 0 "$v --help" -- "$TGX" $v --help
    grep -q "^usage: tgx $v" "$tmp/out" && grep -q -- '-h, --help' "$tmp/out" && ok ||
        bad "$v --help: $(head -3 "$tmp/out")"
    grep -q '^Exit status: 0' "$tmp/out" && ok || bad "$v --help does not give the exit statuses"
    expect_rc 0 "$v -h after an operand" -- "$TGX" $v x -h
done
expect_err 2 "^tgx as: option '--arch' needs a value: --arch ARCH$" "missing value" -- \
    "$TGX" as "$tmp/texs.s" --arch
expect_err 2 "^tgx dis: option '--words' takes no value \(given '1'\)$" "flag with a value" -- \
    "$TGX" dis --arch sm_50 --words=1
expect_err 2 "^tgx dis: unexpected argument 'b': dis takes at most 1 FILE$" "dis a b" -- \
    "$TGX" dis --arch sm_50 a b
expect_err 2 "^tgx as: unexpected argument 'b': as takes exactly 1 FILE$" "as a b" -- \
    "$TGX" as --arch sm_50 a b
expect_err 2 "^tgx as: missing FILE" "as without a file" -- "$TGX" as --arch sm_50
expect_err 2 "^tgx fmt: missing FILE" "fmt without a file" -- "$TGX" fmt
expect_err 2 "^tgx run: missing SHADER.tgsi" "run without a shader" -- "$TGX" run --size 2x2
expect_err 2 "^tgx sample: unexpected argument 'y'" "sample with two textures" -- \
    "$TGX" sample x y
expect_err 2 "^tgx fmt: unknown option '-ih'" "one-letter flags do not cluster" -- \
    "$TGX" fmt -ih "$tmp/fs.tgsi"
expect_err 2 "^tgx: unknown verb 'frob'" "unknown verb" -- "$TGX" frob
expect_err 2 "^tgx: unknown option '--frob'" "unknown top-level option" -- "$TGX" --frob

# ---- GNU forms --------------------------------------------------------------------------------
expect_rc 0 "--arch=sm_50" -- "$TGX" dis --arch=sm_50 --words "$tmp/texs.words"
[ "$(cat "$tmp/out")" = "$want_texs" ] && ok || bad "--arch=: $(cat "$tmp/out")"
expect_rc 0 "operand before the options" -- "$TGX" dis "$tmp/texs.words" --words --arch sm_50
[ "$(cat "$tmp/out")" = "$want_texs" ] && ok || bad "operand first: $(cat "$tmp/out")"
expect_rc 0 "-ovalue" -- "$TGX" as --arch sm_50 "-o$tmp/a.bin" "$tmp/texs.s"
expect_rc 0 "-o value" -- "$TGX" as --arch sm_50 -o "$tmp/b.bin" "$tmp/texs.s"
cmp -s "$tmp/a.bin" "$tmp/b.bin" && [ "$(stat -c %s "$tmp/a.bin")" = 8 ] && ok ||
    bad "-ovalue and -o value differ"
expect_rc 0 "-o - is stdout" -- "$TGX" as --arch sm_50 --hex -o - "$tmp/texs.s"
[ "$(cat "$tmp/out")" = 0xd820052000570004 ] && ok || bad "-o -: $(cat "$tmp/out")"
expect_rc 0 "- is stdin (as)" -- sh -c "\"$TGX\" as --arch sm_50 --hex - <\"$tmp/texs.s\""
[ "$(cat "$tmp/out")" = 0xd820052000570004 ] && ok || bad "as -: $(cat "$tmp/out")"
expect_rc 0 "- is stdin (fmt)" -- sh -c "\"$TGX\" fmt - <\"$tmp/fs.tgsi\""
cmp -s "$tmp/out" "$tmp/fs.tgsi" && ok || bad "fmt -: $(cat "$tmp/out")"
expect_rc 0 "--input - is stdin (sample)" -- sh -c \
    "echo '0.5 0.5' | \"$TGX\" sample checker:cell=1@2x2,levels=1 --single --input -"
# a file named like an option after --
cp "$tmp/fs.tgsi" "$tmp/--help"
(cd "$tmp" && "$TGX" check -- --help) >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && [ ! -s "$tmp/out" ] && ok || bad "-- then a file named --help: $(cat "$tmp/err")"
expect_rc 0 "--size=WxH, -j4, --grid=" -- "$TGX" run "$tmp/fs.tgsi" --size=3x2 -j1 \
    -o "$tmp/c.tgxr"
[ "$(od -An -tx4 -j4 -N8 "$tmp/c.tgxr" | tr -d ' \n')" = 0000000300000002 ] && ok ||
    bad "--size=3x2 gave $(od -An -tx4 -j4 -N8 "$tmp/c.tgxr")"
echo '0.25 0.25' >"$tmp/coords"
expect_rc 0 "--profile= and --sampler=" -- "$TGX" sample checker:cell=1@2x2,levels=1 --single \
    --profile=nv --sampler=filter=nearest --input="$tmp/coords"

# ---- numbers: range checks, no wrapping -------------------------------------------------------
range() { # DESCRIPTION PATTERN -- command
    local what=$1 pat=$2
    shift 2
    expect_err 2 "$pat" "$what" "$@"
}
range "--size 4294967297x1" "--size: the width 4294967297 is out of range \(1 to 16384\)" -- \
    "$TGX" run "$tmp/fs.tgsi" --size 4294967297x1
range "--size 0x1" "--size: the width 0 is out of range \(1 to 16384\)" -- "$TGX" run "$tmp/fs.tgsi" --size 0x1
range "--size 2x" "--size: the height '' is not a whole number" -- "$TGX" run "$tmp/fs.tgsi" --size 2x
range "--size 2" "--size: '2' has 1 value, expected 2 separated by 'x'" -- \
    "$TGX" run "$tmp/fs.tgsi" --size 2
range "--size 2x2x2" "--size: the height '2x2' is not a whole number" -- \
    "$TGX" run "$tmp/fs.tgsi" --size 2x2x2
range "--grid -1,1,1" "--grid: the X count '-1' is not a whole number" -- \
    "$TGX" run "$tmp/cs.tgsi" --buffer 0=4 --grid -1,1,1
range "--grid 1,1,65536" "--grid: the Z count 65536 is out of range \(1 to 65535\)" -- \
    "$TGX" run "$tmp/cs.tgsi" --buffer 0=4 --grid 1,1,65536
range "--grid 1,1" "--grid: '1,1' has 2 values" -- "$TGX" run "$tmp/cs.tgsi" --grid 1,1
range "--budget -1" "--budget: '-1' is not a whole number" -- \
    "$TGX" run "$tmp/cs.tgsi" --buffer 0=4 --budget -1
range "--budget 2^64" "--budget: 18446744073709551616 is out of range" -- \
    "$TGX" run "$tmp/cs.tgsi" --buffer 0=4 --budget 18446744073709551616
range "--budget 0" "--budget: 0 is out of range" -- \
    "$TGX" run "$tmp/cs.tgsi" --buffer 0=4 --budget 0
range "-j 257" "-j: 257 is out of range \(0 to 256\)" -- "$TGX" run "$tmp/fs.tgsi" -j 257
range "-j +1" "-j: '\+1' is not a whole number" -- "$TGX" replay -j +1 "$tmp"
range "--tex 4294967296=..." "--tex expects" -- "$TGX" run "$tmp/fs.tgsi" --tex 4294967296=hash
range "--offset 65" "--offset expects X\[,Y\[,Z\]\], integers from -64 to 64" -- \
    "$TGX" sample levels@4x4 --offset 65
expect_rc 0 "--budget 2^64-1" -- "$TGX" run "$tmp/cs.tgsi" --buffer 0=4 \
    --budget 18446744073709551615
[ "$(cat "$tmp/out")" = 00000007 ] && ok || bad "--budget 2^64-1 run: $(cat "$tmp/out")"

# ---- exit statuses ----------------------------------------------------------------------------
expect_err 2 "^tgx replay: /nonexistent: No such file or directory" "replay /nonexistent" -- \
    "$TGX" replay /nonexistent
expect_err 2 "^tgx replay: .*fs.tgsi: not a folder" "replay FILE" -- "$TGX" replay "$tmp/fs.tgsi"
# dis: 1 when a word is not a valid texture instruction (all words still printed)
printf '0xffffffffffffffff\n0x0\n' >"$tmp/errors.words"
expect_rc 1 "dis: every word an ERROR" -- "$TGX" dis --arch sm_50 --words "$tmp/errors.words"
[ "$(grep -c '^ERROR: ' "$tmp/out")" = 2 ] && ok || bad "dis ERROR lines: $(cat "$tmp/out")"
cat "$tmp/texs.words" "$tmp/errors.words" >"$tmp/mixed.words"
expect_rc 1 "dis: one word an ERROR" -- "$TGX" dis --arch sm_50 --words "$tmp/mixed.words"
[ "$(wc -l <"$tmp/out")" = 3 ] && [ "$(head -1 "$tmp/out")" = "$want_texs" ] && ok ||
    bad "dis mixed: $(cat "$tmp/out")"
expect_rc 0 "dis: every word valid" -- "$TGX" dis --arch sm_50 --words "$tmp/texs.words"

# ---- --version, --help and the man pages ------------------------------------------------------
expect_rc 0 "--version" -- "$TGX" --version
grep -qE '^tgx [0-9]+\.[0-9]+\.[0-9]+$' "$tmp/out" && ok || bad "--version: $(cat "$tmp/out")"
expect_rc 0 "--help" -- "$TGX" --help
grep -q -- '--version' "$tmp/out" && grep -q -- '--man' "$tmp/out" && ok ||
    bad "tgx --help does not list --version and --man"
for v in "" $all_verbs; do
    # shellcheck disable=SC2086
    "$TGX" --man $v >"$tmp/man" 2>"$tmp/err" || bad "tgx --man $v failed: $(cat "$tmp/err")"
    if [ -z "$v" ]; then "$TGX" --help >"$tmp/help"; else "$TGX" $v --help >"$tmp/help"; fi
    grep -q "^\.TH TGX" "$tmp/man" && grep -q '^\.SH OPTIONS' "$tmp/man" && ok ||
        bad "tgx --man $v: not a man page"
    # every option of the help is in the page (roff spells '-' as '\-')
    missing=$(grep -oE '^  (-h, )?-[-a-z0-9]+' "$tmp/help" | sed 's/^ *//; s/^-h, //' | sort -u |
        while read -r opt; do
            grep -qF -- "$(echo "$opt" | sed 's/-/\\-/g')" "$tmp/man" || echo "$opt"
        done)
    [ -z "$missing" ] && ok || bad "tgx --man $v lacks $missing"
    if command -v groff >/dev/null; then
        warn=$(groff -man -Tutf8 -ww -z "$tmp/man" 2>&1)
        [ -z "$warn" ] && ok || bad "groff warns on tgx --man $v: $warn"
    fi
done
expect_err 2 "^tgx: --man: unknown verb 'frob'" "--man frob" -- "$TGX" --man frob

finish
