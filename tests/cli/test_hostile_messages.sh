#!/bin/bash
# The messages of the newer verbs under hostile input (issue 9's standard, the qa pass over lower,
# lift, replay --via sm5, run and emu's code input):
#  * code without --arch must be a cubin, in tgx dis, tgx emu and tgx lift alike: a raw file (or
#    a cubin whose magic is broken) is a usage error that says it is not ELF and what to give
#    (lift read it as sm_52 bundles and reported a bundle-size or dual-issue error, exit 1);
#  * a message that quotes the input shows bytes a terminal would act on as \xNN (tgx as quoted
#    an ESC byte raw, lift --words and dis --words quoted binary data raw), file names too;
#  * a case.json name (and every other word of it) is printable ASCII: "\u001b[31m" went raw onto
#    replay's PASS line and into --save's file names;
#  * run's UNIT options say the limit of UNIT (--tex 99=... said only "expects UNIT=...");
#  * lift counts "1 instruction", not "1 instructions";
#  * a statement without ';' is reported at its first problem, not always at the missing ';';
#  * options that change nothing are usage errors: replay --arch without --via sm5, emu
#    --section on a raw code file (it said the file "has no section").
set -u
: "${TGX:?TGX must name the tgx binary}"
data=${TGX_TEST_DATA:-$(dirname "$0")/../data}
. "$(dirname "$0")/../common/lib.sh"

NOT_ELF="not an ELF file \(a cubin starts with 0x7f 'ELF'\); a raw code file \(32-byte bundles\) needs --arch sm_50\|sm_52\|sm_53\$"
# stderr holds only printable ASCII, tabs and line ends (no ESC, no bytes of the input)
shown() { ! LC_ALL=C grep -q '[^[:print:][:space:]]' "$tmp/err" && ! LC_ALL=C grep -q $'\033' "$tmp/err"; }

# ---- code without --arch ------------------------------------------------------------------------
# 64 bytes: two bundles of the README's TEXS (0xd820052000570004) after a neutral control word
bundle='\x00\x00\x00\x00\x00\x00\x00\x00\x04\x00\x57\x00\x20\x05\x20\xd8'
printf "$bundle$bundle$bundle$bundle" >"$tmp/raw.bin"
printf '\x01' >>"$tmp/raw.bin" # control bytes make it code, not text, whatever its length
head -c 64 "$tmp/raw.bin" >"$tmp/raw64.bin"
for verb in dis emu lift; do
    expect_err 2 "^tgx $verb: $tmp/raw64.bin: $NOT_ELF" "$verb raw code without --arch" -- \
        "$TGX" $verb "$tmp/raw64.bin"
    [ -s "$tmp/out" ] && bad "$verb printed something for a refused file" || ok
done
# stdin is "<stdin>" in all three (dis and emu said "-")
for verb in dis emu lift; do
    expect_err 2 "^tgx $verb: <stdin>: $NOT_ELF" "$verb - of raw code" -- \
        sh -c "\"$TGX\" $verb - <\"$tmp/raw64.bin\""
done
expect_err 1 "^<stdin>: error: offset 0x40: incomplete bundle" "dis --arch - of 65 bytes" -- \
    sh -c "\"$TGX\" dis --arch sm_52 - <\"$tmp/raw.bin\""
expect_err 1 "^<stdin>:1:32: error: NUL byte in the line" "emu --arch - of text with a NUL" -- \
    sh -c "printf 'TEXS R0, R4, R0, R5, 0x52, 2D, \\000RGB ;\\n' | \"$TGX\" emu --arch sm_52 -"
expect_err 1 "^<stdin>:2:1: error: unknown opcode 'FOO'" "run - of a bad shader" -- \
    sh -c "printf 'FRAG\\nFOO\\n' | \"$TGX\" run - -o \"$tmp/o.png\""
# tgx run: stdin holds one input; a second reader was handed the first one's bytes ("--const:
# 'FRAG' is not a word") or nothing ("empty shader")
fs='FRAG\nDCL OUT[0], COLOR\nIMM[0] FLT32 {1, 0, 0, 1}\n  0: MOV OUT[0], IMM[0]\n  1: END\n'
for opts in "--vs -|--vs" "--const 0=@-|--const" "--buffer 0=-|--buffer" "--tex 0=raw:-@4x4|--tex" \
    "--image 1=raw:-@4x4|--image"; do
    expect_err 2 "^tgx run: SHADER and ${opts#*|} both read stdin \('-'\), which holds one input\$" \
        "run - ${opts%|*}" -- sh -c "printf '$fs' | \"$TGX\" run - ${opts%|*} -o \"$tmp/o.png\""
done
expect_err 2 "^tgx run: --const and --const both read stdin" "run --const @- twice" -- \
    sh -c "echo 1 2 3 4 | \"$TGX\" run \"$data/corpus/tex_rect/shader.tgsi\" --const 0=@- --const 1=@- -o \"$tmp/o.png\""
[ -e "$tmp/o.png" ] && bad "run wrote its output after a refused stdin" || ok
# tgx sample: a raw:- texture and the lines (stdin unless --input) cannot share stdin
expect_err 2 "^tgx sample: TEXTURE \(raw:-\) and the input lines both read stdin \('-'\), which holds one input: give --input FILE\$" \
    "sample raw:- with lines on stdin" -- sh -c "printf '0.5 0.5\\n' | \"$TGX\" sample raw:-@1x1"
printf '0.5 0.5\n' >"$tmp/coords"
expect_rc 0 "sample raw:- --input FILE" -- sh -c "printf '\\020\\040\\060\\100' | \"$TGX\" sample raw:-@1x1 --single --input \"$tmp/coords\""
grep -qE '^0\.0627[0-9]* 0\.125[0-9]* 0\.188[0-9]* 0\.25[0-9]*$' "$tmp/out" && ok || bad "sample raw:- texel: $(cat "$tmp/out")"
expect_rc 0 "run - alone" -- sh -c "printf '$fs' | \"$TGX\" run - --size 4x4 -o \"$tmp/o.png\""
# with --arch lift reads the bundles: the four TEXS (two a bundle) lift to TGSI
expect_rc 0 "lift --arch of raw code" -- "$TGX" lift --arch sm_52 "$tmp/raw64.bin"
[ "$(grep -c '^# TEXS' "$tmp/out")" = 4 ] && ok || bad "lift --arch raw: $(cat "$tmp/out")"
expect_err 1 "^$tmp/raw.bin: error: offset 0x40: incomplete bundle" "lift --arch, 65 bytes" -- \
    "$TGX" lift --arch sm_52 "$tmp/raw.bin"
# a cubin whose magic is broken is not a cubin
cp "$data/cubin/tex_sm_52.cubin" "$tmp/broken.cubin"
printf '\x7fELG' | dd of="$tmp/broken.cubin" conv=notrunc status=none
expect_err 2 "^tgx lift: $tmp/broken.cubin: $NOT_ELF" "lift, broken ELF magic" -- \
    "$TGX" lift "$tmp/broken.cubin"
# the skipped count: the cubin's non-texture instructions, in words that agree with the number
expect_rc 0 "lift --unit-per-word of a cubin" -- "$TGX" lift --unit-per-word "$data/cubin/tex_sm_52.cubin"
grep -qE "note: [0-9]+ instructions outside the texture classes skipped" "$tmp/err" && ok ||
    bad "skipped note: $(cat "$tmp/err")"
printf '0xd820052000570004\n0x50b0000000070f00\n' >"$tmp/one_nop.words" # TEXS, then a NOP
expect_err 0 "note: 1 instruction outside the texture classes skipped\$" "lift, one skipped" -- \
    "$TGX" lift --words "$tmp/one_nop.words"

# a cubin whose kernel name holds an ESC: refused where it is (dis printed it in its listing, emu
# in its --section list)
cp "$data/cubin/tex_sm_52.cubin" "$tmp/escname.cubin"
at=$(grep -boa '[.]text[.]k_txq' "$tmp/escname.cubin" | head -1 | cut -d: -f1) # the name table's
printf '\033' | dd of="$tmp/escname.cubin" bs=1 seek=$((at + 6)) conv=notrunc status=none
for verb in dis emu "lift --unit-per-word"; do
    expect_err 1 "^$tmp/escname.cubin: error: offset 0x[0-9a-f]+: code section name holds byte 0x1b at its position 7 \(section names are printable ASCII\)\$" \
        "$verb, ESC in a kernel name" -- $TGX $verb "$tmp/escname.cubin"
    shown && ! grep -q $'\033' "$tmp/out" && ok || bad "$verb: raw ESC out: $(od -c "$tmp/out" | head -2)"
done

# ---- bytes a terminal acts on are shown as \xNN -------------------------------------------------
printf 'TEXS R0, R4, R0, R5, 0x52, 2D, \033[31mRGB ;\n' >"$tmp/esc.s"
for verb in "as --arch sm_52" "check --sm5 --arch sm_52" "lift" "emu --arch sm_52"; do
    expect_err 1 "^$tmp/esc.s:1:32: error: .*found '\\\\x1b\[31mRGB'\$" "$verb, ESC in the text" -- \
        $TGX $verb "$tmp/esc.s"
    shown && ok || bad "$verb: raw bytes on stderr: $(od -c "$tmp/err" | head -3)"
done
printf '0xd82\033]0;owned\a0052000570004\n' >"$tmp/esc.words"
for verb in "lift --words" "dis --arch sm_52 --words" "check --sm5 --arch sm_52 --words"; do
    expect_err 1 "^$tmp/esc.words:1:1: error: expected a 64-bit hex word, found '0xd82\\\\x1b\]0;owned\\\\x070052000570004'" \
        "$verb, OSC sequence in a word" -- $TGX $verb "$tmp/esc.words"
    shown && ok || bad "$verb: raw bytes on stderr: $(od -c "$tmp/err" | head -3)"
done
# binary data as words: every byte of it that is not printable is escaped
head -c 4096 "$data/cubin/tex_sm_52.cubin" >"$tmp/bin.words"
expect_rc 1 "lift --words of binary data" -- "$TGX" lift --words "$tmp/bin.words"
shown && ok || bad "lift --words binary: raw bytes on stderr"
expect_rc 1 "dis --words of binary data" -- "$TGX" dis --arch sm_52 --words "$tmp/bin.words"
shown && ok || bad "dis --words binary: raw bytes on stderr"
# TGSI that quotes a token: non-ASCII UTF-8 stays readable, control bytes are escaped
printf 'FRAG\nDCL OUT[0], COLOR\n  0: MOV OUT[0], \033[2JIMM\n  1: END\n' >"$tmp/esc.tgsi"
expect_rc 1 "check, ESC in TGSI" -- "$TGX" check "$tmp/esc.tgsi"
shown && ok || bad "check: raw bytes on stderr: $(od -c "$tmp/err" | head -3)"
printf 'TEXS R0, R4, R0, R5, 0x52, 2D, RGB\303\226 ;\n' >"$tmp/utf8.s"
expect_err 1 "found 'RGB"$'\303\226'"'\$" "as, UTF-8 in a token stays" -- "$TGX" as --arch sm_52 "$tmp/utf8.s"
# a byte order mark (an editor's) is invisible: it is shown as bytes where a token is quoted
printf '\357\273\277TEXS R0, R4, R0, R5, 0x52, 2D, RGB ;\n' >"$tmp/bom.s"
expect_err 1 "^$tmp/bom.s:1:1: error: field 'mnemonic': expected an instruction name, found '\\\\xef\\\\xbb\\\\xbfTEXS'\$" \
    "as, a byte order mark" -- "$TGX" as --arch sm_52 "$tmp/bom.s"
printf '\357\273\2770xd820052000570004\n' >"$tmp/bom.words"
expect_err 1 "^$tmp/bom.words:1:1: error: expected a 64-bit hex word, found '\\\\xef\\\\xbb\\\\xbf0xd820052000570004'\$" \
    "dis --words, a byte order mark" -- "$TGX" dis --arch sm_52 --words "$tmp/bom.words"
# a file name with an escape sequence in it
name=$(printf '%s/x\033]0;t\a.tgsi' "$tmp")
expect_err 2 "^$tmp/x\\\\x1b\]0;t\\\\x07.tgsi: error: cannot open" "check, ESC in the file name" -- \
    "$TGX" check "$name"
shown && ok || bad "file name: raw bytes on stderr"

# the assembler's messages take the file name the same way (it set the name itself)
aname=$(printf '%s/y\033[1m.s' "$tmp")
printf 'TEXS R0, R4, R0, R5, 0x52, 2D, RGBX ;\n' >"$aname"
expect_err 1 "^$tmp/y\\\\x1b\[1m.s:1:32: error: " "as, ESC in the file name" -- "$TGX" as --arch sm_52 "$aname"
shown && ok || bad "as file name: raw bytes on stderr: $(od -c "$tmp/err" | head -3)"

# ---- a statement without its ';': the first problem is the one reported ----------------------
# (the assembler said "expected ';'" at the end whatever came before it)
printf '\377\376 junk\n' >"$tmp/noend1.s"
printf 'FOO R0\n' >"$tmp/noend2.s"
printf 'TEXS R0, R99999, R0, R5, 0x52, 2D, RGB\n' >"$tmp/noend3.s"
printf 'TEXS R0, R4, R0, R5, 0x52, 2D, RGB\n' >"$tmp/noend4.s"
for verb in "as --arch sm_52" "check --sm5 --arch sm_52" "lift"; do
    expect_err 1 "^$tmp/noend1.s:1:1: error: field 'mnemonic': expected an instruction name, found '\\\\xff\\\\xfe'\$" \
        "$verb, bytes for a name, no ';'" -- $TGX $verb "$tmp/noend1.s"
    expect_err 1 "^$tmp/noend2.s:1:1: error: field 'mnemonic': not a Maxwell texture instruction, and no ';' ends the statement, found 'FOO'\$" \
        "$verb, unknown name, no ';'" -- $TGX $verb "$tmp/noend2.s"
    expect_err 1 "^$tmp/noend3.s:1:10: error: field 'Rd': expected a register R0-R254 or RZ, found 'R99999'\$" \
        "$verb, bad register, no ';'" -- $TGX $verb "$tmp/noend3.s"
    expect_err 1 "^$tmp/noend4.s:1:35: error: field 'syntax': expected ';' at the end of the instruction\$" \
        "$verb, only the ';' missing" -- $TGX $verb "$tmp/noend4.s"
done

# ---- case.json words: a case name went raw onto the PASS line and into --save's file names ----
for bad_name in 'a\\u001b[31mred' 'nul\\u0000cut' 'two words' 'caf\\u00e9'; do
    rm -rf "$tmp/cn"
    cp -r "$data/corpus/tex_rect" "$tmp/cn"
    sed -i "2s/.*/ \"name\": \"$bad_name\",/" "$tmp/cn/case.json"
    expect_rc 1 "replay, case name '$bad_name'" -- "$TGX" replay --save "$tmp/saved" "$tmp/cn"
    grep -qx "FAIL cn: $tmp/cn/case.json:2:10: error: name: expected a word of printable ASCII without spaces" "$tmp/out" &&
        ok || bad "case name '$bad_name': $(od -c "$tmp/out" | head -3)"
    [ -z "$(ls "$tmp/saved")" ] && ok || bad "case name '$bad_name' saved: $(ls "$tmp/saved" | od -c | head -2)"
done

# ---- options that would change nothing are refused, as emu's --section on text is ------------
expect_err 2 "^tgx replay: --arch is the SM of --via sm5; without --via sm5 nothing runs as Maxwell code\$" \
    "replay --arch without --via" -- "$TGX" replay --arch sm_50 "$data/corpus/tex_rect"
[ -s "$tmp/out" ] && bad "replay ran without --via: $(cat "$tmp/out")" || ok
expect_rc 0 "replay --via sm5 --arch sm_50" -- "$TGX" replay --via sm5 --arch sm_50 "$data/corpus/tex_rect"
expect_err 2 "^tgx emu: --section names a kernel of a cubin; $tmp/raw64.bin is a raw code file\$" \
    "emu --section on raw code" -- "$TGX" emu --arch sm_52 --section k "$tmp/raw64.bin"

# ---- run: the UNIT limit is said --------------------------------------------------------------
shader=$data/corpus/tex2d_proj/shader.tgsi
for opt in "--tex 32=gradient" "--image 32=@4x4" "--sampler 32=wrap=repeat" "--dump-image 32=x.png"; do
    # shellcheck disable=SC2086
    expect_err 2 "^tgx run: ${opt%% *} expects .* with UNIT below 32: '${opt#* }'\$" "run $opt" -- \
        "$TGX" run "$shader" $opt -o "$tmp/o.png"
done
finish
