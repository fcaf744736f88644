#!/bin/bash
# What a new user meets first (issue 19's "Messages and conventions"), each checked against what
# the top-level help and docs/cli.md promise:
#  * `tgx help VERB` is VERB's help (it printed the top-level help) and `tgx VERB --version`
#    tgx's version (an unknown option); `tgx help formats` / `targets` list every name the
#    texture options take, and an unknown format or target says which names exist (the wrap
#    error did, format= said only "unknown format 'z32f'");
#  * `-` is stdout wherever a file is written: `tgx run -o -` writes the PNG there (it was
#    refused), the same bytes as -o FILE; binary output to a terminal is refused as gzip refuses
#    it (tgx run -o -, tgx as without --hex), before any work;
#  * --size names the side it refuses ("value 1, 0 is out of range");
#  * tgx sample names a bad PNG once (it said 'bad.png: bad.png: error: ...');
#  * tgx replay dir/ names dir/case.json (it said dir//case.json); replay --save DIR makes the
#    folders above DIR too, and refuses a second case of the same name instead of overwriting
#    the first one's files; folder names with control bytes are shown as \xNN, as are --section
#    names and command-line words in usage errors.
set -u
: "${TGX:?TGX must name the tgx binary}"
data=${TGX_TEST_DATA:-$(dirname "$0")/../data}
src=${TGX_SRC:-$(dirname "$0")/../..}
. "$(dirname "$0")/../common/lib.sh"
# stderr holds only printable ASCII, tabs and line ends (no ESC, no bytes of the input)
shown() { ! LC_ALL=C grep -q '[^[:print:][:space:]]' "$tmp/err"; }

# ---- help and version ---------------------------------------------------------------------------
for verb in run replay dis as check fmt sample emu lower lift; do
    "$TGX" $verb --help >"$tmp/want" 2>&1
    expect_rc 0 "help $verb" -- "$TGX" help $verb
    cmp -s "$tmp/out" "$tmp/want" && grep -q "^usage: tgx $verb" "$tmp/out" && ok ||
        bad "tgx help $verb is not tgx $verb --help: $(head -1 "$tmp/out")"
    expect_rc 0 "$verb --version" -- "$TGX" $verb --version
    [ "$(cat "$tmp/out")" = "$("$TGX" --version)" ] && ok || bad "tgx $verb --version: $(cat "$tmp/out")"
    grep -q -- '--version' "$tmp/want" && ok || bad "tgx $verb --help does not list --version"
done
expect_err 2 "^tgx: help: unknown verb 'nope'" "help nope" -- "$TGX" help nope

# the lists: one line per row of the tables (tgx/tex_formats.def, TGX_TEX_TARGETS in tgx/tex.h)
nformats=$(grep -c '^X(' "$src/include/tgx/tex_formats.def")
expect_rc 0 "help formats" -- "$TGX" help formats
[ "$(($(wc -l <"$tmp/out") - 1))" -eq "$nformats" ] && grep -q '^rgba32f  *16  *float  *32 32 32 32$' "$tmp/out" &&
    grep -q '^bc7  *16/4x4 ' "$tmp/out" && ok || bad "help formats: $(wc -l <"$tmp/out") lines for $nformats formats"
expect_rc 0 "help targets" -- "$TGX" help targets
for t in buffer 1d 2d 3d cube rect 1d_array 2d_array cube_array 2d_ms 2d_array_ms; do
    grep -q "^$t " "$tmp/out" && ok || bad "help targets lacks $t"
done
printf 'FRAG\nDCL OUT[0], COLOR\nIMM[0] FLT32 {0.25, 0.5, 0.75, 1.0}\n  0: MOV OUT[0], IMM[0]\n  1: END\n' >"$tmp/fs.tgsi"
expect_err 2 "unknown format 'z32f' \(not one of the $nformats formats; close: .*r32f.*\)" "format=z32f" -- \
    "$TGX" run "$tmp/fs.tgsi" --tex 0=gradient@64x64,format=z32f -o "$tmp/x.png"
expect_err 2 "unknown target 'z' \(buffer, 1d, 2d, 3d, cube, rect, 1d_array, 2d_array, cube_array, 2d_ms, 2d_array_ms\)" \
    "target=z" -- "$TGX" run "$tmp/fs.tgsi" --tex 0=gradient@64x64,target=z -o "$tmp/x.png"

# ---- '-' is stdout; binary output is not written to a terminal ----------------------------------
expect_rc 0 "run -o -" -- "$TGX" run "$tmp/fs.tgsi" --size 3x2 -o -
"$TGX" run "$tmp/fs.tgsi" --size 3x2 -o "$tmp/file.png" 2>/dev/null
cmp -s "$tmp/out" "$tmp/file.png" && [ -s "$tmp/out" ] && ok || bad "run -o - is not the PNG -o FILE writes"
# the 8-bit view of (0.25, 0.5, 0.75, 1): lrint(v * 255) = 64, 128, 191, 255 (the .png rule),
# read back as n/255 in fp32 (64/255 = 0.250980407)
"$TGX" sample --single "$tmp/file.png" --sampler filter=nearest <<<"0.5 0.5" >"$tmp/px" 2>&1
grep -q "0.250980407 0.501960814 0.749019623 1" "$tmp/px" && ok || bad "the PNG's pixel: $(cat "$tmp/px")"
if command -v script >/dev/null; then
    script -qec "\"$TGX\" run \"$tmp/fs.tgsi\" --size 3x2 -o -" /dev/null >"$tmp/tty" 2>&1
    rc=$?
    grep -q "tgx run: -o -: the PNG is binary and stdout is a terminal; redirect it or give -o FILE" "$tmp/tty" &&
        [ $rc -eq 2 ] && ! grep -q PNG "$tmp/tty" --binary-files=text -e $'\x89PNG' && ok || bad "run -o - to a terminal: rc $rc $(head -c 200 "$tmp/tty")"
    printf 'TEXS R0, R4, R0, R5, 0x52, 2D, RGB ;\n' >"$tmp/one.sass"
    script -qec "\"$TGX\" as \"$tmp/one.sass\"" /dev/null >"$tmp/tty" 2>&1
    rc=$?
    grep -q "tgx as: the code (without --hex) is binary and stdout is a terminal" "$tmp/tty" && [ $rc -eq 2 ] &&
        ok || bad "as to a terminal: rc $rc $(head -c 200 "$tmp/tty")"
    script -qec "\"$TGX\" as --hex \"$tmp/one.sass\"" /dev/null >"$tmp/tty" 2>&1
    grep -q "0xd820052000570004" "$tmp/tty" && ok || bad "as --hex to a terminal: $(head -c 200 "$tmp/tty")"
else
    echo "note: no script(1): the terminal checks are left out"
fi

# ---- messages -----------------------------------------------------------------------------------
expect_err 2 "^tgx run: --size: the width 0 is out of range \(1 to 16384\)$" "--size 0x0" -- \
    "$TGX" run "$tmp/fs.tgsi" --size 0x0
echo "not a png" >"$tmp/bad.png"
expect_err 2 "^tgx sample: $tmp/bad.png: error: not a readable PNG" "sample bad.png" -- \
    "$TGX" sample "$tmp/bad.png" </dev/null
[ "$(grep -o "bad.png" "$tmp/err" | wc -l)" -eq 1 ] && ok || bad "sample names bad.png twice: $(cat "$tmp/err")"
expect_err 2 "^tgx run: --frob\\\\x1b\[31m: unknown option|unknown option '--frob\\\\x1b\[31m'" "usage error with ESC" -- \
    "$TGX" run $'--frob\e[31m' "$tmp/fs.tgsi"
shown && ok || bad "a usage error printed raw bytes"
expect_err 2 "has no section 'k\\\\x1b\[31m'; its code sections: .text.k_txq" "emu --section with ESC" -- \
    "$TGX" emu --section $'k\e[31m' "$data/cubin/tex_sm_52.cubin"
shown && ok || bad "emu --section printed raw bytes"

# ---- replay: folder names, --save ---------------------------------------------------------------
mkdir -p "$tmp/cases"
cp -r "$data/corpus/tex2d_proj" "$tmp/cases/"
expect_rc 0 "replay dir/" -- "$TGX" replay "$tmp/cases/tex2d_proj/"
grep -q "^PASS tex2d_proj " "$tmp/out" && ok || bad "replay dir/: $(cat "$tmp/out")"
expect_rc 1 "replay of a folder without case.json, with a slash" -- "$TGX" replay "$tmp/cases/"
grep -q "^FAIL cases: $tmp/cases/case.json: error: cannot open" "$tmp/out" && ok || bad "dir//: $(cat "$tmp/out")"
mkdir -p "$tmp/"$'esc\e[31m'
expect_rc 1 "replay of a folder with ESC in its name" -- "$TGX" replay "$tmp/"$'esc\e[31m'
grep -q '^FAIL esc\\x1b\[31m: .*esc\\x1b\[31m/case.json' "$tmp/out" && ! grep -q $'\e' "$tmp/out" && ok ||
    bad "ESC in a case folder's name: $(od -c "$tmp/out" | head -3)"
mkdir -p "$tmp/dup/a" "$tmp/dup/b"
cp -r "$data/corpus/tex2d_proj/." "$tmp/dup/a/"
cp -r "$data/corpus/tex2d_proj/." "$tmp/dup/b/"
expect_rc 1 "replay --save of two cases with one name" -- "$TGX" replay --save "$tmp/s/x/y" "$tmp/dup/a" "$tmp/dup/b"
grep -q "^PASS tex2d_proj " "$tmp/out" &&
    grep -q "^FAIL tex2d_proj: --save: case $tmp/dup/b is named 'tex2d_proj' as the case of $tmp/dup/a is" "$tmp/out" &&
    [ -f "$tmp/s/x/y/tex2d_proj.softpipe.f32" ] && ok || bad "--save a/b/c with duplicates: $(cat "$tmp/out" "$tmp/err")"
# what was saved is the first case's result, bit-exact with softpipe's (the case passed so)
cmp -s "$tmp/s/x/y/tex2d_proj.softpipe.f32" "$data/corpus/tex2d_proj/softpipe.f32" &&
    ok || bad "the saved result is not the case's"
finish
