#!/usr/bin/env bash
# tgx lower, tgx lift and tgx replay --via sm5 from the command line:
#  * the listing of every texture shader of the corpus assembles with tgx as (one word per
#    texture instruction of the shader), and lifts back to TGSI that tgx check accepts;
#  * errors: a texture instruction Maxwell cannot express is file:line:col with the reason and
#    exit 1, nothing on stdout; lift refusals name the line and exit 1; usage errors exit 2;
#  * tgx lift reads text, --words and a cubin (--unit-per-word for CUDA's bindings);
#  * tgx replay --via sm5 passes the cases it passes directly, and says where LODQ's fixed point
#    makes it differ.
set -u
: "${TGX:?TGX must name the tgx binary}" "${TGX_TEST_DATA:?}"
. "$(dirname "$0")/../common/lib.sh"
C=$TGX_TEST_DATA/corpus

# the corpus's shaders with texture instructions
count_tex() {
    grep -cE '^ *[0-9]+: (TEX|TXB|TXL|TXD|TXP|TXF|TXQ|TG4|LODQ|SAMPLE|GATHER4|SVIEWINFO|TEX2|TXB2|TXL2|TXQS|TEX_LZ|TXF_LZ|LOD) ' "$1"
}
n_shaders=0
for s in "$C"/*/shader.tgsi "$C"/*/vertex.tgsi; do
    [ -f "$s" ] || continue
    want=$(count_tex "$s")
    [ "$want" -gt 0 ] || continue
    n_shaders=$((n_shaders + 1))
    name=${s#"$C"/}
    if ! "$TGX" lower --arch sm_52 "$s" >"$tmp/l.sass" 2>"$tmp/err"; then
        bad "$name: tgx lower failed: $(head -c 200 "$tmp/err")"
        continue
    fi
    got=$("$TGX" as --arch sm_52 --hex "$tmp/l.sass" 2>"$tmp/err" | wc -l)
    if [ "$got" -eq "$want" ]; then ok; else bad "$name: $got words for $want texture instructions"; fi
    if "$TGX" lift --arch sm_52 "$tmp/l.sass" >"$tmp/l.tgsi" 2>"$tmp/err" &&
        "$TGX" check "$tmp/l.tgsi" >/dev/null 2>&1; then ok; else bad "$name: lift or check failed: $(head -c 200 "$tmp/err")"; fi
done
[ "$n_shaders" -ge 15 ] && ok || bad "only $n_shaders texture shaders in the corpus"

# every architecture lowers; sm_50 has no .F16/.LC/sparse forms, which the lowering never uses
for a in sm_50 sm_52 sm_53; do
    expect_rc 0 "lower --arch $a" -- "$TGX" lower --arch "$a" "$C/tex2d_offsets/shader.tgsi"
done

# an untranslatable instruction: file:line:col, the reason, exit 1, nothing printed
cat >"$tmp/bad.tgsi" <<'EOF'
FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
DCL SAMP[0]
DCL SVIEW[0], CUBE, FLOAT
  0: TXF OUT[0], IN[0], SAMP[0], CUBE
  1: END
EOF
expect_rc 1 "lower of TXF CUBE" -- "$TGX" lower "$tmp/bad.tgsi"
grep -q "bad.tgsi:6:34: error: TXF on a cube map: Maxwell's TLD has no cube target" "$tmp/err" && ok || bad "TXF error: $(cat "$tmp/err")"
[ -s "$tmp/out" ] && bad "nothing on stdout after an error" || ok
# a shader the validator rejects is not lowered
printf 'FRAG\n  0: TEX TEMP[0], IN[0], SAMP[0], 2D\n  1: END\n' >"$tmp/undecl.tgsi"
expect_rc 1 "lower of an invalid shader" -- "$TGX" lower "$tmp/undecl.tgsi"
grep -q "undecl.tgsi:2:" "$tmp/err" && ok || bad "validator error position: $(cat "$tmp/err")"
# usage
expect_rc 2 "lower without a shader" -- "$TGX" lower
expect_rc 2 "lower --arch sm_60" -- "$TGX" lower --arch sm_60 "$tmp/bad.tgsi"
expect_rc 0 "lower --help" -- "$TGX" lower --help
grep -q "usage: tgx lower" "$tmp/out" && ok || bad "lower --help"
# -o writes the listing
expect_rc 0 "lower -o" -- "$TGX" lower -o "$tmp/o.sass" "$C/tex2d_proj/shader.tgsi"
grep -q "TEXS" "$tmp/o.sass" && ok || bad "lower -o wrote no listing"

# lift: text, words, cubin
printf 'TEXS R6, R4, R0, R1, 0x63, 2D, RGBA ;\n' >"$tmp/one.sass"
expect_rc 0 "lift text" -- "$TGX" lift "$tmp/one.sass"
grep -q "TEX TEMP\[1\].xyzw, TEMP\[0\].xyyy, SAMP\[3\], 2D" "$tmp/out" && ok || bad "lift text: $(cat "$tmp/out")"
"$TGX" as --arch sm_52 --hex "$tmp/one.sass" >"$tmp/one.words"
expect_rc 0 "lift --words" -- "$TGX" lift --words "$tmp/one.words"
grep -q "TEX TEMP\[1\].xyzw, TEMP\[0\].xyyy, SAMP\[3\], 2D" "$tmp/out" && ok || bad "lift --words"
expect_rc 1 "lift of a CUDA cubin under the convention" -- "$TGX" lift "$TGX_TEST_DATA/cubin/tex_sm_52.cubin"
grep -q "cubin: error: .text.k_txq 0x0050: TLDS.LZ RZ, R8, R8, R9, 0x55, 2D, RA: SVIEW\[21\] with SAMP\[2\]" "$tmp/err" && ok || bad "cubin refusal: $(head -c 300 "$tmp/err")"
# the option that lifts them is named, with how many of the refusals it removes: all three of
# tex_sm_52's are bindings outside the convention (the --unit-per-word run below lifts them all)
grep -q "note: with --unit-per-word (.*) 3 of the 3 refusals go away" "$tmp/err" && ok || bad "no --unit-per-word note: $(cat "$tmp/err")"
# a refusal that the option does not remove gets no note (a bindless handle)
expect_rc 1 "lift --section k_bindless" -- "$TGX" lift --section k_bindless "$TGX_TEST_DATA/cubin/more_sm_52.cubin"
grep -q "error: .text.k_bindless 0x0090: TLD.B.LZ" "$tmp/err" && ! grep -q "unit-per-word" "$tmp/err" && ! grep -q "k_grad\|k_ms" "$tmp/err" &&
    ok || bad "lift --section k_bindless: $(cat "$tmp/err")"
# --section takes the section's name or its kernel's, and lifts that kernel alone
expect_rc 0 "lift --section .text.k_tex2d" -- "$TGX" lift --unit-per-word --section .text.k_tex2d "$TGX_TEST_DATA/cubin/tex_sm_52.cubin"
cp "$tmp/out" "$tmp/k1.tgsi"
expect_rc 0 "lift --section k_tex2d" -- "$TGX" lift --unit-per-word --section k_tex2d "$TGX_TEST_DATA/cubin/tex_sm_52.cubin"
cmp -s "$tmp/out" "$tmp/k1.tgsi" && grep -q "(.text.k_tex2d 0x" "$tmp/out" && ! grep -q "k_tld4" "$tmp/out" && ok || bad "lift --section k_tex2d: $(head -5 "$tmp/out")"
expect_err 2 "has no section 'k_nope'; its code sections: .text.k_txq .text.k_tld4 .text.k_tex2d" "lift --section k_nope" -- "$TGX" lift --section k_nope "$TGX_TEST_DATA/cubin/tex_sm_52.cubin"
expect_err 2 "--section names a kernel of a cubin; .*one.sass is assembly text" "lift --section on text" -- "$TGX" lift --section k "$tmp/one.sass"
expect_rc 0 "lift --unit-per-word of a CUDA cubin" -- "$TGX" lift --unit-per-word "$TGX_TEST_DATA/cubin/tex_sm_52.cubin"
cp "$tmp/out" "$tmp/cubin.tgsi"
expect_rc 0 "the lifted cubin checks" -- "$TGX" check "$tmp/cubin.tgsi"
# The listing's moves are comments (they read TGSI operands: docs/translation.md), so its lift
# reads R192.. (TEMP[48], TEMP[49]: TXD's gradients among them) that nothing in it writes:
# tgx check says so, as warnings (the lifted program still checks, exit 0).
"$TGX" lower "$C/tex2d_offsets/shader.tgsi" >"$tmp/offs.sass" 2>/dev/null
"$TGX" lift "$tmp/offs.sass" >"$tmp/offs.tgsi" 2>/dev/null
grep -q "TXD TEMP\[1\].xyzw, TEMP\[48\].xyyy, TEMP\[49\].xzzz, TEMP\[49\].ywww" "$tmp/offs.tgsi" && ok || bad "lifted TXD: $(grep TXD "$tmp/offs.tgsi")"
expect_rc 0 "check of a lifted listing" -- "$TGX" check "$tmp/offs.tgsi"
grep -q "warning: TEMP\[49\].x is read, but no instruction writes it" "$tmp/err" &&
    grep -q "warning: TEMP\[48\].xy is read, but no instruction writes it" "$tmp/err" && ok ||
    bad "no warning for the registers only the move comments set: $(cat "$tmp/err")"
grep -q "^# the moves are comments" "$tmp/offs.sass" && ok || bad "the listing does not say its moves are comments"
# refusal with the line, and warnings
printf 'TEXS R6, R4, R0, R1, 0x63, 2D, RGBA ;\nTEX.B R0, R0, R4, 0x0, 2D, 0xf ;\n' >"$tmp/b.sass"
expect_rc 1 "lift of TEX.B" -- "$TGX" lift "$tmp/b.sass"
grep -q "b.sass:2: error: TEX.B R0, R0, R4, 0x0, 2D, 0xf: a bindless handle" "$tmp/err" && ok || bad "TEX.B refusal: $(cat "$tmp/err")"
printf 'TMML.LOD R4, R0, 0x63, 2D, 0xf ;\n' >"$tmp/t.sass"
expect_rc 0 "lift of TMML" -- "$TGX" lift "$tmp/t.sass"
grep -q "t.sass:1: warning: .*B and A" "$tmp/err" && ok || bad "TMML warning: $(cat "$tmp/err")"
expect_rc 2 "lift --stage geom" -- "$TGX" lift --stage geom "$tmp/t.sass"

# replay --via sm5: the texture cases pass as they pass directly, except LODQ (8.8 fixed point)
cases=""
for d in "$C"/*/; do
    case "$d" in *tex_query_lod/) continue ;; esac
    grep -qE ': (TEX|TXB|TXL|TXD|TXP|TXF|TXQ|TG4|SAMPLE|LOAD)' "$d"/*.tgsi 2>/dev/null && cases="$cases $d"
done
# shellcheck disable=SC2086
expect_rc 0 "replay --via sm5 of the texture cases" -- "$TGX" replay -j 2 --via sm5 $cases
grep -q "^FAIL" "$tmp/out" && bad "replay --via sm5: $(grep FAIL "$tmp/out" | head -3)" || ok
expect_rc 1 "replay --via sm5 of tex_query_lod" -- "$TGX" replay --via sm5 "$C/tex_query_lod"
grep -q "warning: LODQ: TMML returns the LODs in 8.8 fixed point" "$tmp/err" && ok || bad "LODQ warning: $(cat "$tmp/err")"
# the FAIL line says why: the values are Maxwell's, and the lowering warned at LODQ's place
grep -qE "^FAIL tex_query_lod: result\[[0-9]+,[0-9]+\]\.[xy] expected .* got .*; with --via sm5 the results are Maxwell's, and the lowering said they differ here: $C/tex_query_lod/shader.tgsi:11:6: LODQ: TMML returns the LODs in 8.8 fixed point, truncated to 1/256: the same in the nv profile \(LODs in 1/256 steps\), not softpipe's float LODs \(the exact profile\)\$" "$tmp/out" &&
    ok || bad "LODQ FAIL line: $(cat "$tmp/out")"
# a FAIL that is not about values (no reference to compare with) says only that
cp -r "$C/tex_query_lod" "$tmp/lodq"
rm "$tmp/lodq"/softpipe.*
expect_rc 1 "replay --via sm5, reference missing" -- "$TGX" replay --via sm5 "$tmp/lodq"
grep -q "^FAIL tex_query_lod: .*softpipe" "$tmp/out" && ! grep -q "Maxwell's" "$tmp/out" && ok ||
    bad "missing reference FAIL line: $(cat "$tmp/out")"
expect_rc 2 "replay --via sm6" -- "$TGX" replay --via sm6 "$C/tex_rect"
# TG4 with run-time offsets (Mesa 22.3's TGSI for textureGatherOffset with a computed offset):
# the offsets are packed into TLD4's offset register per lane, and the gathers equal softpipe's
G=$TGX_TEST_DATA/raster/gather_offset_dynamic
expect_rc 0 "lower of TG4 with a TEMP offset" -- "$TGX" lower "$G/shader.tgsi"
[ "$(grep -c '^ *TLD4S\.[RA]\.AOFFI ' "$tmp/out")" -eq 2 ] &&
    grep -q "R196 = bfi(TEMP\[3\]\.y, 8, 8, TEMP\[3\]\.x) *offset" "$tmp/out" &&
    grep -q "warning: TG4: the run-time texel offsets are packed as TLD4's 6-bit fields" "$tmp/err" &&
    ok || bad "TG4 with a TEMP offset: $(grep -A4 ': TG4' "$tmp/out" | head -6) $(head -c 300 "$tmp/err")"
expect_rc 0 "replay --via sm5 --strict of gather_offset_dynamic" -- "$TGX" replay --strict --via sm5 "$G"
grep -q "^PASS gather_offset_dynamic (4096/4096 bit-exact)" "$tmp/out" && ok || bad "gather_offset_dynamic via sm5: $(cat "$tmp/out")"
# lifted back, the packed register is unpacked (IBFE) into a TEMP offset of the same TG4
"$TGX" lower "$G/shader.tgsi" 2>/dev/null >"$tmp/g.sass"
expect_rc 0 "lift of the lowered gathers" -- "$TGX" lift "$tmp/g.sass"
grep -q "IBFE TEMP\[67\].x, TEMP\[49\].xxxx" "$tmp/out" &&
    [ "$(grep -c "TG4 TEMP\[[01]\].xyzw, TEMP\[48\].xyyy, IMM\[[0-9]\].xxxx, SAMP\[0\], 2D, TEMP\[67\].xyz" "$tmp/out")" -eq 2 ] &&
    ok || bad "lift of the lowered gathers: $(cat "$tmp/out")"
# a TEX (not a gather) with a run-time offset is still refused: GLSL's offsets are constant there
sed 's/^\( *[0-9]*: \)TG4 \(TEMP\[0\]\), \(IN\[1\]\.xyyy\), IMM\[1\]\.zzzz, /\1TEX \2, \3, /' "$G/shader.tgsi" >"$tmp/texoff.tgsi"
expect_rc 1 "lower of TEX with a TEMP offset" -- "$TGX" lower "$tmp/texoff.tgsi"
grep -q "TEX: the texel offset must be an immediate: .*only a gather, TG4 or GATHER4, takes run-time offsets" "$tmp/err" &&
    ok || bad "TEX with a TEMP offset: $(cat "$tmp/err") $(grep ': TEX' "$tmp/texoff.tgsi")"

# TXD where Maxwell's TXD has no form (3D, cube, a depth reference: Mesa 22.3 cases of
# textureGrad, tests/data/raster/txd_*): the emulation as ptxas and nouveau write it. Its shape
# follows from the sequence's definition (docs/translation.md): four rounds, each with one
# TEX.NDV (TEX.DC.NDV with a reference), 2 FSWZADD per coordinate (dPdx to the right column,
# dPdy to the bottom row), and a MOV per result channel kept by lane l alone (mask 1 << l).
. "$(dirname "$0")/../common/oracle.sh"
have_nvdis=1
oracle_nvdis || { have_nvdis=0; echo "note: the listings are not compared with nvdisasm: $ORACLE_WHY"; }
for c in txd_3d:3:4:TEX txd_cube:3:4:TEX txd_shadow2d:2:1:TEX.DC txd_shadow2darray:2:1:TEX.DC txd_shadowcube:3:1:TEX.DC; do
    IFS=: read -r name ncoord nchan tex <<<"$c"
    R=$TGX_TEST_DATA/raster/$name
    expect_rc 0 "lower $name" -- "$TGX" lower "$R/shader.tgsi"
    cp "$tmp/out" "$tmp/$name.sass"
    grep -q "warning: TXD: TEX.NDV on the quad P, P+dPdx, P+dPdy: (P+dPdx)-P is not dPdx" "$tmp/err" &&
        ok || bad "$name: no warning: $(cat "$tmp/err")"
    grep -vE '^ *(#|$)' "$tmp/$name.sass" | sed 's/^ *//' >"$tmp/$name.code"
    n=$(grep -c ': TXD ' "$R/shader.tgsi")
    [ "$n" -ge 1 ] &&
        [ "$(grep -cE "^$tex\\.NDV R220, R208, " "$tmp/$name.code")" -eq $((4 * n)) ] &&
        [ "$(grep -c '^FSWZADD.NDV .*, ZPPPZPPP ;' "$tmp/$name.code")" -eq $((4 * n * ncoord)) ] &&
        [ "$(grep -c '^FSWZADD.NDV .*, ZPZPPPPP ;' "$tmp/$name.code")" -eq $((4 * n * ncoord)) ] &&
        [ "$(grep -c '^MOV R20[4-7], R22[0-3], 0x1 ;' "$tmp/$name.code")" -eq $((n * nchan)) ] &&
        [ "$(grep -c '^MOV R20[4-7], R22[0-3], 0x8 ;' "$tmp/$name.code")" -eq $((n * nchan)) ] &&
        ok || bad "$name: the listing's shape: $(head -30 "$tmp/$name.code")"
    # tgx lower | tgx as: one word a line, printed back identically by tgx dis and nvdisasm
    expect_rc 0 "as $name" -- "$TGX" as --hex "$tmp/$name.sass"
    cp "$tmp/out" "$tmp/$name.hex"
    [ "$(wc -l <"$tmp/$name.hex")" -eq "$(wc -l <"$tmp/$name.code")" ] && ok || bad "$name: words and lines differ"
    "$TGX" dis --words "$tmp/$name.hex" >"$tmp/$name.dis"
    diff -q "$tmp/$name.dis" "$tmp/$name.code" >/dev/null && ok || bad "$name: tgx dis of the words: $(diff "$tmp/$name.dis" "$tmp/$name.code" | head -5)"
    if [ "$have_nvdis" = 1 ]; then
        # shellcheck disable=SC2046
        "$NVDIS" $(cat "$tmp/$name.hex") >"$tmp/$name.nv" 2>&1
        diff -q "$tmp/$name.nv" "$tmp/$name.code" >/dev/null && ok || bad "$name: nvdisasm: $(diff "$tmp/$name.nv" "$tmp/$name.code" | head -5)"
    fi
    # lifting refuses, naming the quad swizzle
    expect_err 1 "$name.sass:[0-9]+: error: FSWZADD.NDV R2[01][0-9], R216, R2[01][0-9], ZPPPZPPP: a quad swizzle \(the TXD emulation\)" "lift of $name" -- "$TGX" lift "$tmp/$name.sass"
    # the results: Maxwell's (lowered and emulated) have softpipe's bits, as the direct path's
    expect_rc 0 "replay --via sm5 --strict $name" -- "$TGX" replay --strict --via sm5 "$R"
    grep -q "^PASS $name (4096/4096 bit-exact)" "$tmp/out" && ok || bad "$name via sm5: $(cat "$tmp/out")"
done
finish
