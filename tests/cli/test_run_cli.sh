#!/bin/bash
# `tgx run` as a command. Every expected value is worked out by hand in the comments from the
# shader, the option's documented meaning and the GL/TGSI rules (pixel centres at +0.5, the
# corpus gradient generator's formula), never taken from a tgx run.
set -u
: "${TGX:?TGX must name the tgx binary}"
. "$(dirname "$0")/../common/lib.sh"
# words FILE FIRST COUNT: COUNT 32-bit words of a TGXR file's data from word FIRST, as hex.
words() {
    od -An -v -tx4 -j $((16 + 4 * $2)) -N $((4 * $3)) "$1" | tr -s ' \n' ' ' | sed 's/^ //;s/ $//'
}
expect_words() { # FILE FIRST "HEX HEX ..." DESCRIPTION
    local n got
    n=$(echo "$3" | wc -w)
    got=$(words "$1" "$2" "$n")
    if [ "$got" = "$3" ]; then ok; else bad "$4: got '$got', expected '$3'"; fi
}
# expect_float FILE WORD VALUE DESCRIPTION: within 1e-6 of VALUE (an awk expression)
expect_float() {
    local got
    got=$(od -An -tf4 -j $((16 + 4 * $2)) -N 4 "$1" | tr -d ' ')
    if awk -v g="$got" "BEGIN { w = $3; d = g - w; exit !(d < 1e-6 && d > -1e-6) }"; then
        ok
    else
        bad "$4: got $got, expected $3"
    fi
}

# ---- fragment shaders on the full-screen quad -------------------------------------------------

# A constant colour: every pixel is (0.25, 0.5, 0.75, 1) = 0x3e800000 0x3f000000 0x3f400000
# 0x3f800000.
cat >"$tmp/color.tgsi" <<'T'
FRAG
DCL OUT[0], COLOR
IMM[0] FLT32 {    0.2500,     0.5000,     0.7500,     1.0000}
  0: MOV OUT[0], IMM[0]
  1: END
T
expect_rc 0 "constant colour" -- "$TGX" run "$tmp/color.tgsi" --size 3x2 -o "$tmp/c.tgxr"
expect_words "$tmp/c.tgxr" 0 "3e800000 3f000000 3f400000 3f800000" "constant colour, pixel 0"
expect_words "$tmp/c.tgxr" 20 "3e800000 3f000000 3f400000 3f800000" "constant colour, pixel 5"
hdr=$(od -An -tx1 -N 16 "$tmp/c.tgxr" | tr -d ' \n')
# "TGXR", width 3, height 2, 4 channels, type 0 (float32)
[ "$hdr" = "54475852030000000200000004000000" ] && ok || bad "TGXR header: $hdr"
expect_rc 0 "PNG output" -- "$TGX" run "$tmp/color.tgsi" --size 3x2 -o "$tmp/c.png"
sig=$(od -An -tx1 -N 8 "$tmp/c.png" | tr -d ' \n')
[ "$sig" = "89504e470d0a1a0a" ] && ok || bad "PNG signature: $sig"

# CONST passthrough: OUT = CONST[0][3]; --const 0:3= sets row 3 (words 12..15).
cat >"$tmp/const.tgsi" <<'T'
FRAG
DCL OUT[0], COLOR
DCL CONST[0][0..3]
  0: MOV OUT[0], CONST[0][3]
  1: END
T
# 1 = 0x3f800000, 2.5 = 0x40200000, -3 = 0xc0400000, 0x40800000 as it is (4.0)
expect_rc 0 "--const B:R" -- "$TGX" run "$tmp/const.tgsi" --size 2x2 \
    --const 0:3=1,2.5,-3,0x40800000 -o "$tmp/k.tgxr"
expect_words "$tmp/k.tgxr" 12 "3f800000 40200000 c0400000 40800000" "CONST[0][3] from --const 0:3="
# From row 0: values 13..16 land in row 3 (13 = 0x41500000, 14 = 0x41600000, 15 = 0x41700000,
# 16 = 0x41800000).
expect_rc 0 "--const B=" -- "$TGX" run "$tmp/const.tgsi" --size 2x2 \
    --const 0=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16 -o "$tmp/k.tgxr"
expect_words "$tmp/k.tgxr" 0 "41500000 41600000 41700000 41800000" "CONST[0][3] from --const 0="
# A file with a comment: 7u = 7, -1i = 0xffffffff, 0x3f800000, 0.5 = 0x3f000000
printf '# row 3\n 7u, -1i\n0x3f800000 0.5\n' >"$tmp/k.txt"
expect_rc 0 "--const B:R=@FILE" -- "$TGX" run "$tmp/const.tgsi" --size 2x2 \
    --const "0:3=@$tmp/k.txt" -o "$tmp/k.tgxr"
expect_words "$tmp/k.tgxr" 4 "00000007 ffffffff 3f800000 3f000000" "CONST[0][3] from a file"

# POSITION: pixel (x, y) reads (x + 0.5, y + 0.5, z = 0.5, 1/w = 1) (GL pixel centres; the quad
# has z = 0, so window z = (n + f)/2 = 0.5). Pixel (4, 2) of 5x3 is word 4*(2*5+4) = 56:
# 4.5 = 0x40900000, 2.5 = 0x40200000.
cat >"$tmp/pos.tgsi" <<'T'
FRAG
DCL IN[0], POSITION, LINEAR
DCL OUT[0], COLOR
  0: MOV OUT[0], IN[0]
  1: END
T
expect_rc 0 "POSITION" -- "$TGX" run "$tmp/pos.tgsi" --size 5x3 -o "$tmp/p.tgxr"
expect_words "$tmp/p.tgxr" 56 "40900000 40200000 3f000000 3f800000" "POSITION at pixel (4,2)"
# FS_COORD_ORIGIN LOWER_LEFT + PIXEL_CENTER INTEGER: (x, H - 1 - y) = (4, 0) at pixel (4, 2).
sed '1a PROPERTY FS_COORD_ORIGIN LOWER_LEFT\nPROPERTY FS_COORD_PIXEL_CENTER INTEGER' \
    "$tmp/pos.tgsi" >"$tmp/pos_ll.tgsi"
expect_rc 0 "POSITION lower left" -- "$TGX" run "$tmp/pos_ll.tgsi" --size 5x3 -o "$tmp/p.tgxr"
expect_words "$tmp/p.tgxr" 56 "40800000 00000000" "LOWER_LEFT INTEGER POSITION at (4,2)"

# --vs: a vertex shader that halves the quad: on 8x8 it covers window x, y in [2, 6], so pixel
# centres 2.5 .. 5.5 (pixels 2..5); pixel (1,1) and (6,6) stay cleared (0).
cat >"$tmp/half.tgsi" <<'T'
VERT
DCL IN[0]
DCL OUT[0], POSITION
IMM[0] FLT32 {    0.5000,     0.5000,     1.0000,     1.0000}
  0: MUL OUT[0], IN[0], IMM[0]
  1: END
T
expect_rc 0 "--vs" -- "$TGX" run "$tmp/color.tgsi" --vs "$tmp/half.tgsi" --size 8x8 \
    -o "$tmp/v.tgxr"
expect_words "$tmp/v.tgxr" $((4 * (2 * 8 + 2))) "3e800000 3f000000 3f400000 3f800000" "--vs: (2,2) drawn"
expect_words "$tmp/v.tgxr" $((4 * (5 * 8 + 5))) "3e800000" "--vs: (5,5) drawn"
expect_words "$tmp/v.tgxr" $((4 * (1 * 8 + 1))) "00000000 00000000 00000000 00000000" "--vs: (1,1) not drawn"
expect_words "$tmp/v.tgxr" $((4 * (6 * 8 + 6))) "00000000" "--vs: (6,6) not drawn"

# --tex with a generator and --sampler: a 2x1 "gradient" texture has c0 = floor(255(2x+1)/4) =
# 63, 191 and c1 = floor(255/2) = 127 (corpus README). TEX at (0.5, 0.5): nearest picks texel
# floor(0.5*2) = 1 -> 191/255; linear weighs texels 0 and 1 by 1/2 each -> 127/255.
cat >"$tmp/tex.tgsi" <<'T'
FRAG
DCL OUT[0], COLOR
DCL SAMP[0]
DCL SVIEW[0], 2D, FLOAT
IMM[0] FLT32 {    0.5000,     0.5000,     0.0000,     0.0000}
  0: TEX OUT[0], IMM[0], SAMP[0], 2D
  1: END
T
expect_rc 0 "--tex nearest" -- "$TGX" run "$tmp/tex.tgsi" --size 2x2 \
    --tex 0=gradient@2x1,levels=1 --sampler 0=filter=nearest,mip=none -o "$tmp/t.tgxr"
expect_float "$tmp/t.tgxr" 0 "191/255" "gradient, nearest, red"
expect_float "$tmp/t.tgxr" 1 "127/255" "gradient, nearest, green"
expect_rc 0 "--tex linear" -- "$TGX" run "$tmp/tex.tgsi" --size 2x2 \
    --tex 0=gradient@2x1,levels=1 --sampler 0=filter=linear,mip=none -o "$tmp/t.tgxr"
expect_float "$tmp/t.tgxr" 0 "(63+191)/2/255" "gradient, linear, red"

# --profile: s = 0.3 on the 2x1 gradient (red 63, 191), linear. exact: x = 0.3 * 2 - 0.5 = 0.1,
# (63 * 0.9 + 191 * 0.1) / 255. nv (hw-facts.md): u floored to 2^-21, weight
# floor(0.1 * 256 + 0.5) = 26 of 256, texels widened to c * 257: (16191 * 230 + 49087 * 26) / 256
# = 19532 exactly, / 65535. A unit's --sampler profile=exact overrides --profile nv.
sed 's/0.5000,     0.5000/0.3000,     0.5000/' "$tmp/tex.tgsi" >"$tmp/prof.tgsi"
for p in exact nv; do
    expect_rc 0 "--profile $p" -- "$TGX" run "$tmp/prof.tgsi" --size 2x2 --profile $p \
        --tex 0=gradient@2x1,levels=1 --sampler 0=filter=linear,mip=none -o "$tmp/p_$p.tgxr"
done
expect_float "$tmp/p_exact.tgxr" 0 "(63 * 0.9 + 191 * 0.1) / 255" "--profile exact, red"
expect_float "$tmp/p_nv.tgxr" 0 "19532 / 65535" "--profile nv, red"
expect_rc 0 "--profile nv overridden" -- "$TGX" run "$tmp/prof.tgsi" --size 2x2 \
    --sampler 0=filter=linear,mip=none,profile=exact --profile nv \
    --tex 0=gradient@2x1,levels=1 -o "$tmp/p_o.tgxr"
expect_float "$tmp/p_o.tgxr" 0 "(63 * 0.9 + 191 * 0.1) / 255" "--sampler profile= over --profile"
expect_rc 2 "bad --profile" -- "$TGX" run "$tmp/prof.tgsi" --profile amd

# --sampler border=R,G,B,A keeps its four comma-separated numbers: (0.5, 0.5) + 2 is outside
# [0, 1], so clamp_to_border gives the border colour (GL 4.6 section 8.14.2) exactly.
sed 's/0.5000,     0.5000/2.5000,     2.5000/' "$tmp/tex.tgsi" >"$tmp/border.tgsi"
expect_rc 0 "--sampler border=" -- "$TGX" run "$tmp/border.tgsi" --size 2x2 \
    --tex 0=gradient@2x1,levels=1 --sampler 0=wrap=clamp_to_border,border=0.25,0,1,0.5,mip=none \
    -o "$tmp/t.tgxr"
expect_words "$tmp/t.tgxr" 0 "3e800000 00000000 3f800000 3f000000" "border colour"

# --tex FILE.png: the constant colour's PNG holds lrint(v*255) = 64, 128 (127.5 rounds to even),
# 191, 255; sampled back as unorm8 they are 64/255, 128/255, 191/255, 1.
expect_rc 0 "--tex FILE.png" -- "$TGX" run "$tmp/tex.tgsi" --size 2x2 --tex "0=$tmp/c.png" \
    --sampler 0=filter=nearest,mip=none -o "$tmp/t.tgxr"
expect_float "$tmp/t.tgxr" 0 "64/255" "PNG texture, red"
expect_float "$tmp/t.tgxr" 1 "128/255" "PNG texture, green"
expect_float "$tmp/t.tgxr" 2 "191/255" "PNG texture, blue"
expect_float "$tmp/t.tgxr" 3 "1" "PNG texture, alpha"

# --f2i: F2I of NaN, 2^32 (0x4f800000), -2^32 (0xcf800000) and 1. saturate (GPUs): 0,
# 0x7fffffff, 0x80000000, 1; x86 (softpipe's C casts on x86-64, SSE's "integer indefinite"):
# 0x80000000 for all three out-of-range values, 1.
cat >"$tmp/f2i.tgsi" <<'T'
FRAG
DCL OUT[0], COLOR
IMM[0] UINT32 {2143289344, 1333788672, 3481272320, 1065353216}
  0: F2I OUT[0], IMM[0]
  1: END
T
expect_rc 0 "--f2i saturate" -- "$TGX" run "$tmp/f2i.tgsi" --size 2x2 -o "$tmp/f.tgxr"
expect_words "$tmp/f.tgxr" 0 "00000000 7fffffff 80000000 00000001" "F2I, saturate (default)"
expect_rc 0 "--f2i x86" -- "$TGX" run "$tmp/f2i.tgsi" --size 2x2 --f2i x86 -o "$tmp/f.tgxr"
expect_words "$tmp/f.tgxr" 0 "80000000 80000000 80000000 00000001" "F2I, x86"

# --denorms: 1e-39 (0x000ae398) * 1.0, a move of it, and 2^-126 (0x00800000) * 0.5 = 2^-127
# (0x00400000): preserve (IEEE 754) keeps both denormals; flush (D3D10, Mesa's draws) reads the
# denormal source as 0 and writes the denormal product as 0, the move keeps its bits.
cat >"$tmp/denorm.tgsi" <<'T'
FRAG
DCL OUT[0], COLOR
IMM[0] UINT32 {713624, 1065353216, 8388608, 1056964608}
  0: MUL OUT[0].x, IMM[0].xxxx, IMM[0].yyyy
  1: MOV OUT[0].y, IMM[0].xxxx
  2: MUL OUT[0].z, IMM[0].zzzz, IMM[0].wwww
  3: MOV OUT[0].w, IMM[0].yyyy
  4: END
T
expect_rc 0 "--denorms preserve" -- "$TGX" run "$tmp/denorm.tgsi" --size 2x2 -o "$tmp/d.tgxr"
expect_words "$tmp/d.tgxr" 0 "000ae398 000ae398 00400000 3f800000" "denormals, preserve (default)"
expect_rc 0 "--denorms flush" -- "$TGX" run "$tmp/denorm.tgsi" --size 2x2 --denorms flush \
    -o "$tmp/d.tgxr"
expect_words "$tmp/d.tgxr" 0 "00000000 000ae398 00000000 3f800000" "denormals, flush"
expect_rc 2 "bad --denorms" -- "$TGX" run "$tmp/denorm.tgsi" --denorms daz

# -j: tiles over threads give identical bytes (a 200x150 image is 7x5 tiles of 32x32), with
# textures, mipmapping and derivatives (the demo shader).
demo=${TGX_SRC:-$(dirname "$0")/../..}/examples/demo.tgsi
for j in 1 3 0; do
    expect_rc 0 "demo -j $j" -- "$TGX" run "$demo" --size 200x150 -j "$j" \
        --tex 0=checker:cell=16@64x64,mips=box --sampler 0=wrap=repeat,min=linear_mipmap_linear \
        --tex 1=hash:seed=7@8x8,levels=1 --sampler 1=wrap=repeat,filter=linear,mip=none \
        -o "$tmp/demo$j.tgxr"
done
cmp -s "$tmp/demo1.tgxr" "$tmp/demo3.tgxr" && ok || bad "-j 1 and -j 3 differ"
cmp -s "$tmp/demo1.tgxr" "$tmp/demo0.tgxr" && ok || bad "-j 1 and -j 0 (all cores) differ"

# ---- compute ------------------------------------------------------------------------------------

# Blocks of 4x2 threads; thread (tx, ty) of block bx stores i = bx*8 + ty*4 + tx at word i, so a
# 3x1x1 grid fills words 0..23 with 0..23.
cat >"$tmp/ids.tgsi" <<'T'
COMP
PROPERTY CS_FIXED_BLOCK_WIDTH 4
PROPERTY CS_FIXED_BLOCK_HEIGHT 2
PROPERTY CS_FIXED_BLOCK_DEPTH 1
DCL SV[0], THREAD_ID
DCL SV[1], BLOCK_ID
DCL BUFFER[0]
DCL TEMP[0..1]
IMM[0] UINT32 {4, 8, 2, 0}
  0: UMAD TEMP[0].x, SV[0].yyyy, IMM[0].xxxx, SV[0].xxxx
  1: UMAD TEMP[0].x, SV[1].xxxx, IMM[0].yyyy, TEMP[0].xxxx
  2: SHL TEMP[1].x, TEMP[0].xxxx, IMM[0].zzzz
  3: STORE BUFFER[0].x, TEMP[1].xxxx, TEMP[0].xxxx
  4: END
T
want=$(for i in $(seq 0 23); do printf '%08x ' "$i"; done | sed 's/ $//')
expect_rc 0 "compute -o" -- "$TGX" run "$tmp/ids.tgsi" --grid 3,1,1 --buffer 0=96 -o "$tmp/b.tgxr"
expect_words "$tmp/b.tgxr" 0 "$want" "thread ids in BUFFER[0]"
# Default output: BUFFER[0] as hex words on stdout, 8 a line.
expect_rc 0 "compute stdout" -- "$TGX" run "$tmp/ids.tgsi" --grid 3,1,1 --buffer 0=96
[ "$(tr -s ' \n' ' ' <"$tmp/out" | sed 's/ $//')" = "$want" ] && ok || bad "stdout words: $(head -c 100 "$tmp/out")"
# --dump to a raw file (96 bytes + 4 untouched zero bytes), then that file as the next input:
# with grid 1 only words 0..7 are rewritten (same values), word 24 stays 0.
expect_rc 0 "--dump raw" -- "$TGX" run "$tmp/ids.tgsi" --grid 3,1,1 --buffer 0=100 \
    --dump "0=$tmp/raw.bin"
[ "$(wc -c <"$tmp/raw.bin")" -eq 100 ] && ok || bad "--dump raw size"
expect_rc 0 "--buffer FILE" -- "$TGX" run "$tmp/ids.tgsi" --grid 1,1,1 --buffer "0=$tmp/raw.bin" \
    --dump "0=$tmp/b2.tgxr"
expect_words "$tmp/b2.tgxr" 0 "$want 00000000" "BUFFER[0] from a file, after the run"
# The same case with 1 and 3 threads: compute runs its workgroups in order, bytes identical.
"$TGX" run "$tmp/ids.tgsi" --grid 5,2,1 --buffer 0=320 -j 1 -o "$tmp/j1.tgxr" &&
    "$TGX" run "$tmp/ids.tgsi" --grid 5,2,1 --buffer 0=320 -j 3 -o "$tmp/j3.tgxr" &&
    cmp -s "$tmp/j1.tgxr" "$tmp/j3.tgxr" && ok || bad "compute -j 1 / -j 3 differ"

# Images: blocks of 4x2 threads over a 1x2 grid cover a 4x4 RGBA32UI image; thread (tx, ty) of
# block (0, by) stores (x, y, 4y + x, 7) at x = tx, y = 2by + ty. The dump lists texels row by
# row, so texel i is (i % 4, i / 4, i, 7).
cat >"$tmp/img.tgsi" <<'T'
COMP
PROPERTY CS_FIXED_BLOCK_WIDTH 4
PROPERTY CS_FIXED_BLOCK_HEIGHT 2
PROPERTY CS_FIXED_BLOCK_DEPTH 1
DCL SV[0], THREAD_ID
DCL SV[1], BLOCK_ID
DCL IMAGE[0], 2D, PIPE_FORMAT_R32G32B32A32_UINT, WR
DCL TEMP[0..1]
IMM[0] UINT32 {4, 2, 7, 0}
  0: MOV TEMP[0].x, SV[0].xxxx
  1: UMAD TEMP[0].y, SV[1].yyyy, IMM[0].yyyy, SV[0].yyyy
  2: MOV TEMP[1].xy, TEMP[0].xyyy
  3: UMAD TEMP[1].z, TEMP[0].yyyy, IMM[0].xxxx, TEMP[0].xxxx
  4: MOV TEMP[1].w, IMM[0].zzzz
  5: STORE IMAGE[0], TEMP[0], TEMP[1], 2D, PIPE_FORMAT_R32G32B32A32_UINT
  6: END
T
want=$(for i in $(seq 0 15); do printf '%08x %08x %08x 00000007 ' $((i % 4)) $((i / 4)) "$i"; done | sed 's/ $//')
expect_rc 0 "--image / --dump-image" -- "$TGX" run "$tmp/img.tgsi" --grid 1,2,1 \
    --image 0=@4x4,levels=1,format=rgba32ui --dump-image "0=$tmp/img.tgxr"
expect_words "$tmp/img.tgxr" 0 "$want" "image texels written by a compute shader"
hdr=$(od -An -tx1 -N 16 "$tmp/img.tgxr" | tr -d ' \n')
# "TGXR", 4 x 4, 4 channels, type 1 (uint32)
[ "$hdr" = "54475852040000000400000004000100" ] && ok || bad "image TGXR header: $hdr"

# ---- geometry shaders, points and lines ----------------------------------------------------------

# A GS that turns each point into a quad of +-0.5 in clip space. One point at (0, 0) on an 8x8
# target: window (4, 4), the quad [2, 6) x [2, 6), so pixels 2..5 in x and y take the constant
# colour and the rest stay 0.
cat >"$tmp/quad_gs.tgsi" <<'T'
GEOM
PROPERTY GS_INPUT_PRIMITIVE POINTS
PROPERTY GS_OUTPUT_PRIMITIVE TRIANGLE_STRIP
PROPERTY GS_MAX_OUTPUT_VERTICES 4
DCL IN[][0], POSITION
DCL OUT[0], POSITION
IMM[0] FLT32 {   -0.5000,     0.5000,     0.0000,     0.0000}
IMM[1] UINT32 {0, 0, 0, 0}
  0: ADD OUT[0], IN[0][0], IMM[0].xxzz
  1: EMIT IMM[1].xxxx
  2: ADD OUT[0], IN[0][0], IMM[0].yxzz
  3: EMIT IMM[1].xxxx
  4: ADD OUT[0], IN[0][0], IMM[0].xyzz
  5: EMIT IMM[1].xxxx
  6: ADD OUT[0], IN[0][0], IMM[0].yyzz
  7: EMIT IMM[1].xxxx
  8: END
T
expect_rc 0 "--gs point to quad" -- "$TGX" run "$tmp/color.tgsi" --gs "$tmp/quad_gs.tgsi" \
    --prim points --verts 0,0 --size 8x8 -o "$tmp/gs.tgxr"
c="3e800000 3f000000 3f400000 3f800000"
z="00000000 00000000 00000000 00000000"
expect_words "$tmp/gs.tgxr" $(((2 * 8 + 2) * 4)) "$c" "--gs quad: pixel (2, 2)"
expect_words "$tmp/gs.tgxr" $(((5 * 8 + 5) * 4)) "$c" "--gs quad: pixel (5, 5)"
expect_words "$tmp/gs.tgxr" $(((2 * 8 + 1) * 4)) "$z" "--gs quad: pixel (1, 2) outside"
expect_words "$tmp/gs.tgxr" $(((5 * 8 + 6) * 4)) "$z" "--gs quad: pixel (6, 5) outside"
# The same GS on the default triangle strip: the draw gives triangles, the GS takes points (1).
expect_rc 1 "--gs input primitive mismatch" -- "$TGX" run "$tmp/color.tgsi" --gs "$tmp/quad_gs.tgsi"
grep -q "GS_INPUT_PRIMITIVE" "$tmp/err" && grep -q "quad_gs.tgsi" "$tmp/err" && ok ||
    bad "mismatch message: $(cat "$tmp/err")"
# A fragment shader given as --gs: exit 2 with a message, as for --vs.
expect_rc 2 "--gs not a geometry shader" -- "$TGX" run "$tmp/color.tgsi" --gs "$tmp/color.tgsi"
grep -q "geometry shader (GEOM)" "$tmp/err" && ok || bad "--gs message: $(cat "$tmp/err")"
# A runaway loop in the GS stops at the budget, naming the GS (exit 1).
cat >"$tmp/loop_gs.tgsi" <<'T'
GEOM
PROPERTY GS_INPUT_PRIMITIVE TRIANGLES
PROPERTY GS_OUTPUT_PRIMITIVE POINTS
PROPERTY GS_MAX_OUTPUT_VERTICES 1
  0: BGNLOOP :1
  1: ENDLOOP :0
  2: END
T
expect_rc 1 "--gs budget" -- "$TGX" run "$tmp/color.tgsi" --gs "$tmp/loop_gs.tgsi" --budget 1000 \
    --size 2x2 -o "$tmp/l.tgxr"
grep -q "loop_gs.tgsi:[56]:" "$tmp/err" && ok || bad "GS budget error position: $(cat "$tmp/err")"
# A line without a GS: window (0, 1) to (8, 5) on 8x8, x-major (dx 8 > dy 4); softpipe's
# Bresenham walk (sp_setup_line, docs/pipeline.md) from (0, 1) steps y at every second column:
# (0,1) (1,2) (2,2) (3,3) (4,3) (5,4) (6,4) (7,5); the end point (8, 5) is not drawn.
expect_rc 0 "--prim lines" -- "$TGX" run "$tmp/color.tgsi" --prim lines --verts -1,-0.75,1,0.25 \
    --size 8x8 -o "$tmp/line.tgxr"
expect_words "$tmp/line.tgxr" $(((1 * 8 + 0) * 4)) "$c" "line: pixel (0, 1)"
expect_words "$tmp/line.tgxr" $(((3 * 8 + 3) * 4)) "$c" "line: pixel (3, 3)"
expect_words "$tmp/line.tgxr" $(((5 * 8 + 7) * 4)) "$c" "line: pixel (7, 5)"
expect_words "$tmp/line.tgxr" $(((2 * 8 + 3) * 4)) "$z" "line: pixel (3, 2) outside"
expect_words "$tmp/line.tgxr" $(((1 * 8 + 1) * 4)) "$z" "line: pixel (1, 1) outside"
# Adjacency modes (GL 4.6 sections 10.1.11-10.1.14). Without a GS, triangles_adjacency draws
# vertices 1, 3, 5 (from 1): (-1,-1) (0,-1) (-1,0) = window (0,0) (4,0) (0,4) on 8x8, the pixels
# with x + y <= 3 (x + y = 3 lies on the hypotenuse, a right edge, which softpipe draws); the
# adjacent vertices at (1, 1) are not drawn.
expect_rc 0 "--prim triangles_adjacency" -- "$TGX" run "$tmp/color.tgsi" --prim triangles_adjacency \
    --verts -1,-1,1,1,0,-1,1,1,-1,0,1,1 --size 8x8 -o "$tmp/tadj.tgxr"
expect_words "$tmp/tadj.tgxr" $(((1 * 8 + 1) * 4)) "$c" "triangles_adjacency: pixel (1, 1)"
expect_words "$tmp/tadj.tgxr" $(((0 * 8 + 2) * 4)) "$c" "triangles_adjacency: pixel (2, 0)"
expect_words "$tmp/tadj.tgxr" $(((1 * 8 + 2) * 4)) "$c" "triangles_adjacency: pixel (2, 1)"
expect_words "$tmp/tadj.tgxr" $(((2 * 8 + 2) * 4)) "$z" "triangles_adjacency: pixel (2, 2) outside"
expect_words "$tmp/tadj.tgxr" $(((6 * 8 + 6) * 4)) "$z" "triangles_adjacency: pixel (6, 6) outside"
# A LINES_ADJACENCY GS that emits one point at IN[3], the second adjacent vertex. A
# line_strip_adjacency of 5 vertices has primitives 0 1 2 3 and 1 2 3 4 (from 0), so the points
# are vertices 3 and 4, placed at the centres of pixels (2, 2) and (5, 5) (clip -0.375 and
# 0.375); vertices 0, 1, 2 sit at pixels (0, 7), (7, 0), (7, 7), which stay 0.
cat >"$tmp/adj_gs.tgsi" <<'T'
GEOM
PROPERTY GS_INPUT_PRIMITIVE LINES_ADJACENCY
PROPERTY GS_OUTPUT_PRIMITIVE POINTS
PROPERTY GS_MAX_OUTPUT_VERTICES 1
DCL IN[][0], POSITION
DCL OUT[0], POSITION
IMM[0] UINT32 {0, 0, 0, 0}
  0: MOV OUT[0], IN[3][0]
  1: EMIT IMM[0].xxxx
  2: END
T
expect_rc 0 "--prim line_strip_adjacency --gs" -- "$TGX" run "$tmp/color.tgsi" --gs "$tmp/adj_gs.tgsi" \
    --prim line_strip_adjacency --verts -0.875,0.875,0.875,-0.875,0.875,0.875,-0.375,-0.375,0.375,0.375 \
    --size 8x8 -o "$tmp/ladj.tgxr"
expect_words "$tmp/ladj.tgxr" $(((2 * 8 + 2) * 4)) "$c" "line_strip_adjacency GS: vertex 3"
expect_words "$tmp/ladj.tgxr" $(((5 * 8 + 5) * 4)) "$c" "line_strip_adjacency GS: vertex 4"
expect_words "$tmp/ladj.tgxr" $(((7 * 8 + 0) * 4)) "$z" "line_strip_adjacency GS: vertex 0 not emitted"
expect_words "$tmp/ladj.tgxr" $(((0 * 8 + 7) * 4)) "$z" "line_strip_adjacency GS: vertex 1 not emitted"
expect_words "$tmp/ladj.tgxr" $(((7 * 8 + 7) * 4)) "$z" "line_strip_adjacency GS: vertex 2 not emitted"
# The same GS on plain lines, and the POINTS GS on triangles_adjacency: exit 1, both kinds named.
expect_rc 1 "--gs LINES_ADJACENCY on lines" -- "$TGX" run "$tmp/color.tgsi" --gs "$tmp/adj_gs.tgsi" \
    --prim lines --verts 0,0,1,1
grep -q "takes LINES_ADJACENCY" "$tmp/err" && grep -q "whose primitives are LINES" "$tmp/err" && ok ||
    bad "LINES_ADJACENCY mismatch message: $(cat "$tmp/err")"
expect_rc 1 "--gs POINTS on triangles_adjacency" -- "$TGX" run "$tmp/color.tgsi" \
    --gs "$tmp/quad_gs.tgsi" --prim triangles_adjacency --verts 0,0,0,0,0,0,0,0,0,0,0,0
grep -q "triangles with adjacency, whose primitives are TRIANGLES_ADJACENCY" "$tmp/err" && ok ||
    bad "triangles_adjacency mismatch message: $(cat "$tmp/err")"
expect_rc 2 "bad --prim" -- "$TGX" run "$tmp/color.tgsi" --prim quads
expect_rc 2 "odd --verts" -- "$TGX" run "$tmp/color.tgsi" --verts 0,0,1
expect_rc 2 "bad --verts" -- "$TGX" run "$tmp/color.tgsi" --verts 0,zero
# an empty field is not a number: "0,,1" is not the vertex (0, 1), "0,1," has a third field
expect_rc 2 "empty --verts field" -- "$TGX" run "$tmp/color.tgsi" --verts 0,,1
expect_rc 2 "trailing --verts comma" -- "$TGX" run "$tmp/color.tgsi" --verts 0,1,

# ---- errors ---------------------------------------------------------------------------------------

# A runaway loop stops at the instruction budget with an error (exit 1).
cat >"$tmp/loop.tgsi" <<'T'
FRAG
DCL OUT[0], COLOR
  0: BGNLOOP :1
  1: ENDLOOP :0
  2: END
T
expect_rc 1 "budget" -- "$TGX" run "$tmp/loop.tgsi" --size 2x2 --budget 1000 -o "$tmp/l.tgxr"
grep -q "loop.tgsi" "$tmp/err" && ok || bad "budget error names the shader: $(cat "$tmp/err")"
# Every shader is validated as `tgx check` does before anything runs. An undeclared register is
# an error at its position: line 3, column 18 (the T of TEMP after "  0: MOV OUT[0], "); exit 1
# and no output file. The same as --vs and --gs.
printf 'FRAG\nDCL OUT[0], COLOR\n  0: MOV OUT[0], TEMP[9]\n  1: END\n' >"$tmp/bad.tgsi"
rm -f "$tmp/bad.tgxr"
expect_rc 1 "invalid shader" -- "$TGX" run "$tmp/bad.tgsi" -o "$tmp/bad.tgxr"
grep -q "bad.tgsi:3:18: error: TEMP\[9\] is not declared" "$tmp/err" && ok ||
    bad "invalid shader: position: $(cat "$tmp/err")"
[ ! -e "$tmp/bad.tgxr" ] && ok || bad "invalid shader: an output was written"
printf 'VERT\nDCL IN[0]\nDCL OUT[0], POSITION\n  0: MOV OUT[0], TEMP[2]\n  1: END\n' >"$tmp/bad_vs.tgsi"
expect_rc 1 "invalid --vs" -- "$TGX" run "$tmp/color.tgsi" --vs "$tmp/bad_vs.tgsi" -o "$tmp/bad.tgxr"
grep -q "bad_vs.tgsi:4:18: error: TEMP\[2\] is not declared" "$tmp/err" && ok ||
    bad "invalid --vs: position: $(cat "$tmp/err")"
printf 'GEOM\nPROPERTY GS_INPUT_PRIMITIVE POINTS\nPROPERTY GS_OUTPUT_PRIMITIVE POINTS\nPROPERTY GS_MAX_OUTPUT_VERTICES 1\nDCL OUT[0], POSITION\n  0: MOV OUT[0], IN[0][0]\n  1: END\n' >"$tmp/bad_gs.tgsi"
expect_rc 1 "invalid --gs" -- "$TGX" run "$tmp/color.tgsi" --gs "$tmp/bad_gs.tgsi" --prim points \
    --verts 0,0 -o "$tmp/bad.tgxr"
grep -q "bad_gs.tgsi:6:18: error:" "$tmp/err" && ok || bad "invalid --gs: position: $(cat "$tmp/err")"
[ ! -e "$tmp/bad.tgxr" ] && ok || bad "invalid --vs/--gs: an output was written"
# A warning alone does not stop the run: _SAT on UADD (line 7, column 6) warns, and the run
# goes on. Mesa's store_dest clamps the result's bits as a float, so 0x40000000 + 0 (2.0f)
# becomes 1.0f: pixel 0 is (1, 0.5, 0.75, 1).
cat >"$tmp/warn.tgsi" <<'T'
FRAG
DCL OUT[0], COLOR
DCL TEMP[0]
IMM[0] UINT32 {1073741824, 0, 0, 0}
IMM[1] FLT32 {    0.2500,     0.5000,     0.7500,     1.0000}
  0: MOV OUT[0], IMM[1]
  1: UADD_SAT TEMP[0].x, IMM[0].xxxx, IMM[0].yyyy
  2: MOV OUT[0].x, TEMP[0].xxxx
  3: END
T
expect_rc 0 "warning only" -- "$TGX" run "$tmp/warn.tgsi" --size 1x1 -o "$tmp/warn.tgxr"
grep -q "warn.tgsi:7:6: warning: _SAT on UADD" "$tmp/err" && ok ||
    bad "warning only: stderr: $(cat "$tmp/err")"
expect_words "$tmp/warn.tgxr" 0 "3f800000 3f000000 3f400000 3f800000" "warning only: the run went on"
expect_rc 2 "no shader" -- "$TGX" run
expect_rc 2 "missing shader file" -- "$TGX" run "$tmp/none.tgsi"
expect_rc 2 "unknown option" -- "$TGX" run "$tmp/color.tgsi" --bogus 1
expect_rc 2 "option without value" -- "$TGX" run "$tmp/color.tgsi" --size
expect_rc 2 "bad --size" -- "$TGX" run "$tmp/color.tgsi" --size 0x4
expect_rc 2 "bad --grid" -- "$TGX" run "$tmp/ids.tgsi" --grid 1,0,1 --buffer 0=4
expect_rc 2 "bad -j" -- "$TGX" run "$tmp/color.tgsi" -j many
expect_rc 2 "bad --const word" -- "$TGX" run "$tmp/const.tgsi" --const 0:3=abc
expect_rc 2 "bad --const slot" -- "$TGX" run "$tmp/const.tgsi" --const 99=1
expect_rc 2 "missing --const file" -- "$TGX" run "$tmp/const.tgsi" --const "0=@$tmp/none"
expect_rc 2 "bad --buffer size" -- "$TGX" run "$tmp/ids.tgsi" --buffer 0=7
expect_rc 2 "missing --buffer file" -- "$TGX" run "$tmp/ids.tgsi" --buffer "0=$tmp/none.bin"
expect_rc 2 "--dump unbound" -- "$TGX" run "$tmp/ids.tgsi" --buffer 0=96 --dump "1=$tmp/x"
expect_rc 2 "bad --tex generator" -- "$TGX" run "$tmp/tex.tgsi" --tex 0=plasma
expect_rc 2 "missing --tex file" -- "$TGX" run "$tmp/tex.tgsi" --tex "0=$tmp/none.png"
expect_rc 2 "bad --sampler" -- "$TGX" run "$tmp/tex.tgsi" --sampler 0=wrap=sideways
expect_rc 2 "--dump-image unbound" -- "$TGX" run "$tmp/img.tgsi" --dump-image "0=$tmp/x.tgxr"
expect_rc 2 "--dump-image bad name" -- "$TGX" run "$tmp/img.tgsi" --dump-image "0=$tmp/x.bmp"
expect_rc 2 "bad --image" -- "$TGX" run "$tmp/img.tgsi" --image 0=@4x4,format=nope
expect_rc 2 "bad --f2i" -- "$TGX" run "$tmp/f2i.tgsi" --f2i arm
expect_rc 2 "bad -o" -- "$TGX" run "$tmp/color.tgsi" -o "$tmp/x.jpg"
expect_rc 2 "--vs not a vertex shader" -- "$TGX" run "$tmp/color.tgsi" --vs "$tmp/color.tgsi"

# ---- --help lists every option --------------------------------------------------------------------
expect_rc 0 "--help" -- "$TGX" run --help
for opt in --vs --gs --prim --verts --size --int --tex --sampler --const --buffer --dump --image --dump-image --grid --budget --f2i --denorms --profile "-j N" "-o FILE"; do
    grep -q -- "$opt" "$tmp/out" && ok || bad "--help does not mention $opt"
done

finish
