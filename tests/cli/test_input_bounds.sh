#!/bin/bash
# Inputs are read within bounds and nothing in them is dropped (issue 9's standard):
#  * a file read whole (TGSI and assembly text, code files, case.json, --const @FILE) is at most
#    256 MiB (TGX_READ_FILE_MAX, docs/cli.md "Input files"): a larger regular file is refused
#    by its size before reading, a device or pipe that never ends once it passes the limit, with
#    the file named and exit status 2 (tgx replay: the case's FAIL line);
#  * line input (dis --words, check --sm5 --words, sample, lift --words) stops with an error at
#    a "line" that runs 1 MiB without a line end instead of reading it for ever;
#  * lift --words reads lines as dis --words does: a NUL byte or a line past 1023 characters is
#    an error at its column (they used to be cut off in silence);
#  * assembly text (as, lift, check --sm5) reports a NUL byte at its column and a line past 4096
#    characters at column 4097 (both used to be column 1, one message for the two);
#  * lift takes text with a stray NUL byte for text (it used to read it as a code file).
# The zero device (1,5) is made with mknod in the scratch folder (never /dev); without the
# right to mknod those cases are skipped with a note, the pipe cases still run.
set -u
: "${TGX:?TGX must name the tgx binary}"
data=${TGX_TEST_DATA:-$(dirname "$0")/../data}
. "$(dirname "$0")/../common/lib.sh"

LIMIT='error: cannot read: more than 256 MiB \(the most tgx reads from one input file, docs/cli.md\)'
shader=$data/corpus/tex2d_proj/shader.tgsi
STOP='error: the line goes on for more than 1 MiB without a line end: not a file of text lines \(reading stopped\)'
TEXS='TEXS R0, R4, R0, R5, 0x52, 2D, RGB ;' # the README's instruction, 0xd820052000570004

# ---- whole files: a sparse regular file one byte over the limit ------------------------------
: >"$tmp/big"
truncate -s $((256 * 1024 * 1024 + 1)) "$tmp/big"
big_err() { # DESCRIPTION -- command...: refused naming the file, exit 2
    local what=$1
    shift 2
    expect_err 2 "^$tmp/big: $LIMIT\$" "$what" -- "$@"
}
big_err "check" -- "$TGX" check "$tmp/big"
big_err "fmt" -- "$TGX" fmt "$tmp/big"
big_err "fmt -i" -- "$TGX" fmt -i "$tmp/big"
[ "$(stat -c %s "$tmp/big")" = $((256 * 1024 * 1024 + 1)) ] && ok || bad "fmt -i changed the file"
big_err "lower" -- "$TGX" lower "$tmp/big"
big_err "lift" -- "$TGX" lift "$tmp/big"
big_err "dis" -- "$TGX" dis --arch sm_52 "$tmp/big"
big_err "as" -- "$TGX" as --arch sm_52 "$tmp/big"
big_err "check --sm5" -- "$TGX" check --sm5 --arch sm_52 "$tmp/big"
big_err "run" -- "$TGX" run "$tmp/big" -o "$tmp/o.tgxr"
big_err "run --vs" -- "$TGX" run "$shader" --vs "$tmp/big" -o "$tmp/o.tgxr"
expect_err 2 "^tgx run: --const: $tmp/big: $LIMIT\$" "run --const @FILE" -- \
    "$TGX" run "$shader" --const "0=@$tmp/big" -o "$tmp/o.tgxr"
[ -e "$tmp/o.tgxr" ] && bad "run wrote its output after a refused input" || ok
# replay: a case.json or a shader that large is the case's FAIL line
cp -r "$data/corpus/tex2d_proj" "$tmp/case"
ln -sf "$tmp/big" "$tmp/case/shader.tgsi"
expect_rc 1 "replay, shader over the limit" -- "$TGX" replay "$tmp/case"
grep -qE "^FAIL tex2d_proj: $tmp/case/shader.tgsi: $LIMIT\$" "$tmp/out" && ok ||
    bad "replay shader: $(cat "$tmp/out")"
mkdir "$tmp/case2"
ln -s "$tmp/big" "$tmp/case2/case.json"
expect_rc 1 "replay, case.json over the limit" -- "$TGX" replay "$tmp/case2"
grep -qE "^FAIL case2: $tmp/case2/case.json: $LIMIT\$" "$tmp/out" && ok ||
    bad "replay case.json: $(cat "$tmp/out")"
rm -f "$tmp/big"

# ---- whole files: stdin that never ends --------------------------------------------------------
for verb in check fmt lower lift "as --arch sm_52" "emu --arch sm_52"; do
    expect_err 2 "^<stdin>: $LIMIT\$" "yes | $verb -" -- sh -c "yes | \"$TGX\" $verb -"
done

# ---- a zero device of our own ------------------------------------------------------------------
if mknod "$tmp/zero" c 1 5 2>/dev/null; then
    expect_err 2 "^$tmp/zero: $LIMIT\$" "check on a zero device" -- "$TGX" check "$tmp/zero"
    expect_err 2 "^$tmp/zero: $LIMIT\$" "dis on a zero device" -- "$TGX" dis --arch sm_52 "$tmp/zero"
    # line input: one endless "line" of NULs stops at 1 MiB
    expect_err 1 "^$tmp/zero:1:1024: $STOP\$" "dis --words on a zero device" -- \
        timeout 20 "$TGX" dis --arch sm_50 --words "$tmp/zero"
    expect_err 1 "^$tmp/zero:1:1024: $STOP\$" "check --sm5 --words on a zero device" -- \
        timeout 20 "$TGX" check --sm5 --arch sm_50 --words "$tmp/zero"
    expect_err 1 "^$tmp/zero:1:1024: $STOP\$" "sample on a zero device" -- \
        timeout 20 "$TGX" sample 'checker@2x2' --input "$tmp/zero"
    expect_err 1 "^$tmp/zero:1:1024: $STOP\$" "lift --words on a zero device" -- \
        timeout 20 "$TGX" lift --words "$tmp/zero"
else
    echo "note: mknod not permitted; the zero-device cases are skipped"
fi
xs() { yes x | tr -d '\n' | head -c "$1"; } # N characters 'x', no line end
# the same in a file: a good line, then 2 MB without a line end, then a good line: the
# first is answered, the input stops at the long one (the third is never read)
{ echo 0xd820052000570004; xs 2000000; echo; echo 0xd820052000570004; } >"$tmp/endless"
expect_err 1 "^$tmp/endless:2:1024: $STOP\$" "dis --words, 2 MB line" -- \
    "$TGX" dis --arch sm_50 --words "$tmp/endless"
[ "$(cat "$tmp/out")" = "$TEXS" ] && ok || bad "dis --words before the long line: $(cat "$tmp/out")"
# a line of 1 MiB less one byte, ended: skipped with the long-line error, the next is read
{ echo 0xd820052000570004; xs $((1024 * 1024 - 1)); echo; echo 0xd820052000570004; } >"$tmp/long"
expect_err 1 "^$tmp/long:2:1024: error: line longer than 1023 characters \(1048575\)\$" \
    "dis --words, a long line that ends" -- "$TGX" dis --arch sm_50 --words "$tmp/long"
[ "$(wc -l <"$tmp/out")" = 2 ] && ok || bad "dis --words after a long line: $(cat "$tmp/out")"

# ---- lift --words: lines as dis --words reads them ----------------------------------------------
printf '0xd820052000570004\n0xd8200520\x0000570004\n' >"$tmp/nul.words"
expect_err 1 "^$tmp/nul.words:2:11: error: NUL byte in the line" "lift --words, NUL" -- \
    "$TGX" lift --words "$tmp/nul.words"
[ -s "$tmp/out" ] && bad "lift --words printed TGSI despite the NUL" || ok
{ printf '%1100s\n' ''; echo 0xd820052000570004; } >"$tmp/long.words"
expect_err 1 "^$tmp/long.words:1:1024: error: line longer than 1023 characters \(1100\)" \
    "lift --words, long line" -- "$TGX" lift --words "$tmp/long.words"
{ printf '0xd820052000570004 %01100d\n' 0; } >"$tmp/long2.words"
expect_err 1 "^$tmp/long2.words:1:1024: error: line longer than 1023 characters" \
    "lift --words, garbage past 1023" -- "$TGX" lift --words "$tmp/long2.words"
mkdir "$tmp/dir"
expect_err 2 "^$tmp/dir: error: is a folder, not a file of lines" "lift --words DIR" -- \
    "$TGX" lift --words "$tmp/dir"

# ---- assembly text: the NUL's column, the long line's --------------------------------------------
printf 'TEXS R0, R4, R0, R5, 0x52, 2D, \000RGB ;\n' >"$tmp/nul.s"
for verb in "as --arch sm_52" "check --sm5 --arch sm_52" "lift" "emu --arch sm_52"; do
    expect_err 1 "^$tmp/nul.s:1:32: error: NUL byte in the line \(assembly text holds none\)\$" \
        "$verb, text with a NUL" -- $TGX $verb "$tmp/nul.s"
done
{ printf '%s%4100s\n' "$TEXS" ''; } >"$tmp/long.s"
expect_err 1 "^$tmp/long.s:1:4097: error: line longer than 4096 characters \(4136\)\$" \
    "as, long line" -- "$TGX" as --arch sm_52 "$tmp/long.s"
# the limit itself: a line of exactly 4096 characters assembles
{ printf '%s%4060s\n' "$TEXS" ''; } >"$tmp/max.s"
expect_rc 0 "as, a 4096-character line" -- "$TGX" as --arch sm_52 --hex "$tmp/max.s"
[ "$(cat "$tmp/out")" = 0xd820052000570004 ] && ok || bad "4096-character line: $(cat "$tmp/out")"

finish
