#!/usr/bin/env bash
# `tgx as` on what nvdisasm 11.8 prints for whole cubins (tests/data/cubin, README.md there):
#  * `nvdisasm -hex` listings (also -c and -novliw) of every cubin: function and .L_x labels,
#    directives, data sections, { } pairs crossing bundles, the control-word and word comments
#    all accepted, and --bundles gives back the cubin's .text sections byte for byte (NAME.text,
#    cut out of NVIDIA's cubin);
#  * `tgx dis CUBIN | tgx as` gives the same instruction words;
#  * -plr listings (which leave out a section's trailing NOPs) assemble to the same instructions;
#  * a listing without -hex: every instruction assembled from its text;
#  * hand-made edits: the text wins over a stale hex comment, a control word after an incomplete
#    bundle fills it with NOPs, labels with '$' and '.', a non-texture line without a word; with
#    NVIDIA's nvdisasm at hand (docs/testing.md), it reads the edited code as tgx dis does.
set -u
: "${TGX:?TGX must name the tgx binary}" "${TGX_TEST_DATA:?}" "${TGX_SRC:?}"
D=$TGX_TEST_DATA/cubin
. "$(dirname "$0")/../common/lib.sh"
. "$(dirname "$0")/../common/oracle.sh"

arch_of() { echo "$1" | grep -o 'sm_5[0-3]'; }
# The instruction words of a code file (every 4th 64-bit word is a bundle's control word).
insn_words() { od -An -v -tx8 -w8 "$1" | awk 'NR % 4 != 1 { print "0x" $1 }'; }

for cubin in "$D"/*.cubin; do
    name=$(basename "$cubin" .cubin)
    arch=$(arch_of "$name")
    for listing in "$cubin.nvdisasm" "$cubin.nvdisasm-c" "$cubin.nvdisasm-novliw"; do
        [ -f "$listing" ] || continue
        if "$TGX" as --arch "$arch" --bundles -o "$tmp/out" "$listing" 2>"$tmp/err" &&
            cmp -s "$tmp/out" "$D/$name.text"; then
            ok
        else
            bad "$(basename "$listing"): not the cubin's .text bytes: $(head -c 300 "$tmp/err")"
        fi
    done
    "$TGX" dis "$cubin" | "$TGX" as --arch "$arch" --hex - >"$tmp/dis-words" 2>"$tmp/err"
    insn_words "$D/$name.text" >"$tmp/want"
    if cmp -s "$tmp/dis-words" "$tmp/want"; then ok; else bad "tgx dis $name | tgx as: other words"; fi
done
echo "whole cubins: $pass listings and tgx dis outputs checked"

# -plr drops trailing NOPs; every listed instruction is still the cubin's.
L=$D/whole_sm_52.cubin
nop=0x50b0000000070f00
"$TGX" as --arch sm_52 --hex "$L.nvdisasm-plr" 2>"$tmp/err" | grep -v "$nop" >"$tmp/plr"
insn_words "$D/whole_sm_52.text" | grep -v "$nop" >"$tmp/want"
if [ -s "$tmp/plr" ] && cmp -s "$tmp/plr" "$tmp/want"; then ok; else bad "-plr listing: $(head -c 300 "$tmp/err")"; fi

# Without -hex every instruction is assembled from its text (labels resolved): the same number of
# instructions as the cubin's code (test_as_plain checks that each prints as the cubin's word).
"$TGX" as --arch sm_52 --hex "$L.nvdisasm-nohex" >"$tmp/plain" 2>"$tmp/err"
if [ "$(wc -l <"$tmp/plain")" -eq "$(insn_words "$D/whole_sm_52.text" | wc -l)" ]; then ok; else bad "listing without -hex: $(wc -l <"$tmp/plain") words: $(head -c 300 "$tmp/err")"; fi

# Edits by hand on the first bundle of k_surf (lines 402-405 of the -hex listing: its control
# word, MOV, MOV, MOV32I) and on TEXS.LL.P at 0x00a8.
sed -n '/^k_surf:/,/^\.L_x_0:/p' "$L.nvdisasm" >"$tmp/k_surf"
# 1. the TEXS text edited to .T and to other registers: its word and phase follow the text
sed 's/TEXS.LL.P R10, R8, R8, R10/TEXS.LL.T R12, R8, R8, R10/' "$tmp/k_surf" >"$tmp/edit"
"$TGX" as --arch sm_52 --bundles -o "$tmp/edit.bin" "$tmp/edit" 2>"$tmp/err"
want='/\*00a8\*/ *TEXS.LL.T R12, R8, R8, R10, 0x52, 2D, RGBA ;'
if "$TGX" dis --arch sm_52 "$tmp/edit.bin" 2>&1 | grep -q "$want"; then
    ok
else
    bad "edited TEXS: $(head -c 300 "$tmp/err") $("$TGX" dis --arch sm_52 "$tmp/edit.bin" | grep 00a8)"
fi
if oracle_nvdisasm; then # and NVIDIA's tool reads the same there
    if "$NVDISASM" -b SM52 -hex "$tmp/edit.bin" 2>&1 | grep -q "$want"; then ok; else bad "nvdisasm on the edited code"; fi
else
    echo "note: nvdisasm part left out: $ORACLE_WHY"
fi
# 2. the third instruction of the first bundle removed: a NOP takes its slot, the control word stays
sed '/MOV32I R2, `(.nv.unified.texrefDescSize)/d' "$tmp/k_surf" >"$tmp/short"
"$TGX" as --arch sm_52 --bundles -o "$tmp/short.bin" "$tmp/short" 2>"$tmp/err"
got=$(od -An -v -tx8 -w8 "$tmp/short.bin" | head -4 | tr -d ' ' | tr '\n' ' ')
if [ "$got" = "001fc400fe2007f6 4c98078000870001 4c98078005270000 50b0000000070f00 " ]; then
    ok
else
    bad "incomplete bundle: $got $(head -c 300 "$tmp/err")"
fi
# 3. labels as nvdisasm writes them, and a MOV without its hex comment
printf '$k_loop$twice:\n.L_x_5:\n        TEXS RZ, R4, R8, R9, 0x55, 2D, RG ;\n' >"$tmp/labels"
if [ "$("$TGX" as --arch sm_52 --hex "$tmp/labels" 2>&1)" = 0xd830055ff0970804 ]; then ok; else bad "labels"; fi
printf '        MOV R1, c[0x0][0x20] ;\n' >"$tmp/mov"
if [ "$("$TGX" as --arch sm_52 --hex "$tmp/mov" 2>&1)" = 0x4c98078000870001 ]; then ok; else bad "MOV from its text"; fi
printf '        FROB R1, R2 ;\n' >"$tmp/frob"
expect_rc 1 "an unknown mnemonic" -- "$TGX" as --arch sm_52 --hex "$tmp/frob"
if grep -q "frob:1:9: error: .*'FROB' is no Maxwell instruction of sm_52" "$tmp/err"; then ok; else bad "FROB: $(cat "$tmp/err")"; fi
printf '        MOV R1, c[0x0][0x21] ;\n' >"$tmp/movbad"
expect_rc 1 "a constant offset that is no word" -- "$TGX" as --arch sm_52 --hex "$tmp/movbad"
if grep -q "movbad:1:9: error: 'MOV R1, c\[0x0\]\[0x21\]' does not match any form of MOV" "$tmp/err"; then ok; else bad "MOV c[0x21]: $(cat "$tmp/err")"; fi
printf '        MOV R1, c[0x0][0x20] ;  /* 0x4c98078000870001 */\n' >"$tmp/mov"
if [ "$("$TGX" as --arch sm_52 --hex "$tmp/mov" 2>&1)" = 0x4c98078000870001 ]; then ok; else bad "MOV with its word"; fi
# 4. a pair's second without a word at the end of the text
printf '{ TEXS RZ, R4, R8, R9, 0x55, 2D, RG ;\n  MOV R1, c[0x0][0x20] }\n' >"$tmp/pair"
got=$("$TGX" as --arch sm_52 --hex "$tmp/pair" 2>&1 | tr '\n' ' ')
if [ "$got" = "0xd830055ff0970804 0x4c98078000870001 " ]; then ok; else bad "pair's MOV from its text: $got"; fi
# 5. a section starts a bundle: two sections of two instructions, no control words
printf '\t.section\t.text.a,"ax",@progbits\nTEXS RZ, R4, R8, R9, 0x55, 2D, RG ;\nTEXS RZ, R4, R8, R9, 0x55, 2D, RG ;\n\t.section\t.text.b,"ax",@progbits\nTEXS RZ, R4, R8, R9, 0x55, 2D, RG ;\n' >"$tmp/sections"
got=$("$TGX" as --arch sm_52 --hex "$tmp/sections" 2>&1 | tr '\n' ' ')
if [ "$got" = "0xd830055ff0970804 0xd830055ff0970804 $nop 0xd830055ff0970804 " ]; then ok; else bad "sections: $got"; fi
# 6. a control word asking for dual issue outside { } (as -novliw lists pairs): fine with a
#    partner, an error for the last instruction (nvdisasm: "Unaligned instruction found")
printf '/* 0x001f8400fc2007f0 */\nTEXS RZ, R4, R8, R9, 0x55, 2D, RG ;\nTEXS RZ, R4, R8, R9, 0x55, 2D, RG ;\n' >"$tmp/dual"
if "$TGX" as --arch sm_52 --bundles -o "$tmp/dual.bin" "$tmp/dual" 2>"$tmp/err" &&
    "$TGX" dis --arch sm_52 "$tmp/dual.bin" | grep -q '{ *TEXS RZ, R4, R8, R9, 0x55, 2D, RG ;'; then
    ok
else
    bad "dual issue from a control word: $(cat "$tmp/err")"
fi
printf '/* 0x001fc000fc2007e1 */\nTEXS RZ, R4, R8, R9, 0x55, 2D, RG ;\nTEXS RZ, R4, R8, R9, 0x55, 2D, RG ;\nTEXS RZ, R4, R8, R9, 0x55, 2D, RG ;\n' >"$tmp/dual1"
expect_rc 1 "dual issue on the last instruction" -- "$TGX" as --arch sm_52 --bundles -o "$tmp/d1.bin" "$tmp/dual1"
if grep -q "dual1:4:1: error: the control word asks for dual issue, but it is the last instruction" "$tmp/err"; then ok; else bad "last dual: $(cat "$tmp/err")"; fi
# A control word giving MOV (fixed latency) read barrier 6: nvdisasm 11.8 refuses the bundle
# ("Unrecognized operation for functional unit 'uC' at address 0x00000008", checked with
# nvdisasm -b SM52), so tgx as must not write it (found by fuzz_sm5).
printf '/* 0x001fc400fe200606 */\n/*0008*/ MOV R1, c[0x0][0x20] ; /* 0x4c98078000870001 */\n' >"$tmp/bar1"
expect_rc 1 "a barrier on a fixed-latency instruction" -- "$TGX" as --arch sm_52 --bundles -o "$tmp/bar1.bin" "$tmp/bar1"
if grep -q "bar1:2:1: error: the control word gives this instruction the field 0x000606, which nvdisasm refuses: a scoreboard barrier" "$tmp/err" && [ ! -e "$tmp/bar1.bin" ]; then ok; else bad "barrier field: $(cat "$tmp/err")"; fi
finish
