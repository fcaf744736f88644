#!/bin/bash
# One overflow policy for every float tgx reads (docs/tgsi.md "Numbers", docs/cli.md): a number
# written in the text that the type cannot hold (1e999 -> inf, 1e-999 -> 0) is an error that
# names the value and its place; inf, -inf and nan spelled out, the largest finite float and
# denormals are values. Places: TGSI FLT32/FLT64 immediates (tests/data/bad/p_imm_flt*.tgsi
# give the positions), tgx run --const, --verts, --sampler, generator parameters, tgx sample's
# input lines, tgx emu setup expressions. Bit patterns from IEEE 754 binary32: inf 0x7f800000,
# FLT_MAX 0x7f7fffff, 1e-40 the denormal 0x000116c2 (1e-40 / 2^-149 = 71362.4 -> 71362).
set -u
: "${TGX:?TGX must name the tgx binary}"
. "$(dirname "$0")/../common/lib.sh"

# ---- TGSI immediates: the values that fit read back exactly ------------------------------------
cat >"$tmp/ok.tgsi" <<'T'
FRAG
DCL OUT[0], COLOR
IMM[0] FLT32 {inf, -inf, 340282346638528859811704183484516925440.0, 1e-40}
IMM[1] FLT64 {1.7976931348623157e308, -inf}
  0: MOV OUT[0], IMM[0]
  1: END
T
expect_rc 0 "inf, FLT_MAX and a denormal check clean" -- "$TGX" check "$tmp/ok.tgsi"
expect_rc 0 "and run" -- "$TGX" run "$tmp/ok.tgsi" --size 1x1 -o "$tmp/ok.tgxr"
[ "$(od -An -v -tx4 -j16 -N16 "$tmp/ok.tgxr" | tr -s ' \n' ' ')" = " 7f800000 ff800000 7f7fffff 000116c2 " ] &&
    ok || bad "IMM values: $(od -An -tx4 -j16 -N16 "$tmp/ok.tgxr")"
for f in flt32_overflow flt32_underflow flt64_overflow; do
    expect_rc 1 "p_imm_$f" -- "$TGX" check "$TGX_TEST_DATA/bad/p_imm_$f.tgsi"
    expect_rc 1 "fmt p_imm_$f" -- "$TGX" fmt "$TGX_TEST_DATA/bad/p_imm_$f.tgsi"
done

# ---- tgx run options ---------------------------------------------------------------------------
cat >"$tmp/const.tgsi" <<'T'
FRAG
DCL OUT[0], COLOR
DCL CONST[0][0]
  0: MOV OUT[0], CONST[0][0]
  1: END
T
expect_err 2 "^tgx run: --const: '1e999' is too large for a 32-bit float \(it would become inf" \
    "--const 1e999" -- "$TGX" run "$tmp/const.tgsi" --size 1x1 --const 0=1,1e999 -o "$tmp/k.tgxr"
expect_err 2 "^tgx run: --const: '-1e-60' is too small for a 32-bit float \(it would become 0\)" \
    "--const -1e-60" -- "$TGX" run "$tmp/const.tgsi" --size 1x1 --const 0=-1e-60 -o "$tmp/k.tgxr"
expect_rc 0 "--const inf,nan,-0" -- "$TGX" run "$tmp/const.tgsi" --size 1x1 \
    --const 0=inf,nan,-0,3.4028235e38 -o "$tmp/k.tgxr"
[ "$(od -An -v -tx4 -j16 -N16 "$tmp/k.tgxr" | tr -s ' \n' ' ')" = " 7f800000 7fc00000 80000000 7f7fffff " ] &&
    ok || bad "--const values: $(od -An -tx4 -j16 -N16 "$tmp/k.tgxr")"
printf '1, 2\n# comment\n1e39\n' >"$tmp/words.txt"
expect_err 2 "^tgx run: --const: '1e39' is too large for a 32-bit float" "--const @FILE" -- \
    "$TGX" run "$tmp/const.tgsi" --size 1x1 "--const=0=@$tmp/words.txt" -o "$tmp/k.tgxr"
expect_err 2 "^tgx run: --verts: value 3, '1e999' is too large for a 32-bit float" "--verts" -- \
    "$TGX" run "$tmp/const.tgsi" --verts 0,0,1e999,0,0,1 --prim triangles -o "$tmp/k.tgxr"
expect_err 2 "lod_bias=1e999: '1e999' is too large for a 32-bit float" "--sampler lod_bias" -- \
    "$TGX" run "$tmp/const.tgsi" --sampler 0=lod_bias=1e999 -o "$tmp/k.tgxr"
expect_err 2 "lod_bias=nan: expected a number, not NaN" "--sampler lod_bias=nan" -- \
    "$TGX" run "$tmp/const.tgsi" --sampler 0=lod_bias=nan -o "$tmp/k.tgxr"
expect_err 2 "max_lod=1e-99: '1e-99' is too small for a 32-bit float" "--sampler max_lod" -- \
    "$TGX" run "$tmp/const.tgsi" --sampler 0=max_lod=1e-99 -o "$tmp/k.tgxr"
expect_err 2 "border=0,0,0,1e40: expected four numbers" "--sampler border" -- \
    "$TGX" run "$tmp/const.tgsi" --sampler 0=border=0,0,0,1e40 -o "$tmp/k.tgxr"
expect_rc 0 "--sampler lod_bias=inf (spelled out)" -- \
    "$TGX" run "$tmp/const.tgsi" --size 1x1 --sampler 0=lod_bias=inf -o "$tmp/k.tgxr"
expect_err 2 "fscale=1e999 is too large for a 32-bit float" "generator fscale" -- \
    "$TGX" run "$tmp/const.tgsi" --tex 0=levels:fscale=1e999@4x4 -o "$tmp/k.tgxr"

# ---- tgx sample's input lines: file:line:col ----------------------------------------------------
printf '0.5 0.5\n0.5 1e999\n' >"$tmp/coords"
expect_err 1 "coords:2:5: error: '1e999' is too large for a 32-bit float" "sample line" -- \
    "$TGX" sample checker@4x4 --single --input "$tmp/coords"
printf '0.5 -1e-46\n' >"$tmp/coords"
expect_err 1 "coords:1:5: error: '-1e-46' is too small for a 32-bit float" "sample underflow" -- \
    "$TGX" sample checker@4x4 --single --input "$tmp/coords"
printf '0.5 1e-45\n' >"$tmp/coords" # the smallest denormal, 2^-149 = 1.4e-45 (rounds to it)
expect_rc 0 "sample denormal" -- "$TGX" sample checker@4x4 --single --input "$tmp/coords"

# ---- tgx emu setup expressions -----------------------------------------------------------------
echo 'TEXS R0, R4, R0, R5, 0x52, 2D, RGB ;' >"$tmp/texs.s"
printf 'R4 = 0.5\nR5 = 2 * 1e999\n' >"$tmp/setup"
expect_err 1 "setup:2:10: error: number too large for a 64-bit float" "emu setup" -- \
    "$TGX" emu --arch sm_52 "$tmp/texs.s" "$tmp/setup"

finish
