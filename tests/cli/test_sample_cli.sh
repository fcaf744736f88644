#!/bin/bash
# `tgx sample` (issue 3): one result line per input line. Every expected value is worked out by
# hand from the formulas of docs/texture.md and the corpus generators (corpus/tgsi/README.md,
# "Texture generators": checker parity 0 = PALETTE[0] = (255,0,0,255), parity 1 = PALETTE[1] =
# (0,255,0,255); levels: level L is PALETTE[L]; gradient c0 = floor(255(2x+1)/(2wL)), c1 the
# same in y, c2 = 32L, c3 = 255 - 16L), never from tgx's own output.
set -u
: "${TGX:?TGX must name the tgx binary}"
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect NAME EXPECTED-OUTPUT INPUT ARGS...: stdout must be EXPECTED and the exit status 0.
expect() {
    local name=$1 want=$2 input=$3
    shift 3
    local got rc
    got=$(printf '%b' "$input" | "$TGX" sample "$@" 2>"$tmp/err")
    rc=$?
    if [ $rc -eq 0 ] && [ "$got" = "$(printf '%b' "$want")" ]; then
        pass=$((pass + 1))
    else
        echo "FAIL $name: exit $rc"
        echo "  want: $(printf '%b' "$want" | tr '\n' '|')"
        echo "  got:  $(echo "$got" | tr '\n' '|') $(cat "$tmp/err")"
        fail=$((fail + 1))
    fi
}

# expect_err NAME RC STDERR-PATTERN INPUT ARGS...
expect_err() {
    local name=$1 want_rc=$2 pattern=$3 input=$4
    shift 4
    printf '%b' "$input" | "$TGX" sample "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ $rc -eq "$want_rc" ] && grep -q -- "$pattern" "$tmp/err"; then
        pass=$((pass + 1))
    else
        echo "FAIL $name: exit $rc (want $want_rc), stderr: $(cat "$tmp/err")"
        fail=$((fail + 1))
    fi
}

CK='checker:cell=1@2x2,levels=1' # 2x2: red at (0,0) and (1,1), green at (1,0) and (0,1)
LIN='filter=linear,mip=none'

# Bilinear at the centre (u = v = 1, alpha = beta = 1/2): the average of the 4 texels.
expect bilinear-centre '0.5 0.5 0 1' '0.5 0.5\n' "$CK" --single --sampler $LIN
# At a texel centre the weights are (1, 0): the texel itself; nearest picks floor(u).
expect bilinear-texel '1 0 0 1\n0 1 0 1' '0.25 0.25\n0.75 0.25\n' "$CK" --single --sampler $LIN
expect nearest '0 1 0 1' '0.49 0.51\n' "$CK" --single --sampler filter=nearest,mip=none
# RGBA32F holds b/256: 255/256 = 0.99609375, the average 255/512 = 0.498046875; --hex words.
expect rgba32f-hex '0.498046875 0.498046875 0 0.99609375  0x3eff0000 0x3eff0000 0x00000000 0x3f7f0000' \
    '0.5 0.5\n' 'checker:cell=1@2x2,levels=1,format=rgba32f' --single --sampler $LIN --hex
# repeat: s = 1.25 wraps to 0.25 (texel 0); mirror_repeat: 1.25 mirrors to 0.75 (texel 1).
expect repeat '1 0 0 1' '1.25 0.25\n' "$CK" --single --sampler filter=nearest,mip=none,wrap=repeat
expect mirror '0 1 0 1' '1.25 0.25\n' "$CK" --single \
    --sampler filter=nearest,mip=none,wrap=mirror_repeat
# Unnormalized coordinates (rect): (1, 1) in texels is the centre again.
expect rect '0.5 0.5 0 1' '1 1\n' 'checker:cell=1@2x2,target=rect' --single --sampler $LIN

# levels@4x4: level 0 red, 1 green, 2 blue (PALETTE[0..2]); explicit LOD (eq. 8.15 trilinear).
TRI='min=linear_mipmap_linear,mag=linear'
expect lod-levels '1 0 0 1\n0 1 0 1\n0.5 0.5 0 1\n0 0 1 1\n0 0 1 1' \
    '0.5 0.5 0\n0.5 0.5 1\n0.5 0.5 0.5\n0.5 0.5 2\n0.5 0.5 7\n' levels@4x4 --op lod --sampler $TRI
# min/max LOD clamps: [1, 1] pins level 1 whatever the LOD.
expect lod-clamp '0 1 0 1\n0 1 0 1' '0.5 0.5 0\n0.5 0.5 2\n' levels@4x4 --op lod \
    --sampler $TRI,min_lod=1,max_lod=1
# Mip nearest (eq. 8.14): d = 0 if lambda <= 1/2, else ceil(lambda + 1/2) - 1.
expect mip-nearest '1 0 0 1\n0 1 0 1' '0.5 0.5 0.5\n0.5 0.5 0.6\n' levels@4x4 --op lod \
    --sampler min=linear_mipmap_nearest

# Implicit LOD: a quad on levels@8x8 whose coordinates step 0.25 (2 texels) per pixel in x and
# y: rho = 2, lambda = 1: level 1 (green) for every lane; a bias of 1 gives level 2 (blue).
QUAD='0.1 0.1\n0.35 0.1\n0.1 0.35\n0.35 0.35\n'
expect implicit '0 1 0 1\n0 1 0 1\n0 1 0 1\n0 1 0 1' "$QUAD" levels@8x8 --sampler $TRI
BQUAD='0.1 0.1 1\n0.35 0.1 1\n0.1 0.35 1\n0.35 0.35 1\n'
expect bias '0 0 1 1\n0 0 1 1\n0 0 1 1\n0 0 1 1' "$BQUAD" levels@8x8 --op bias --sampler $TRI
# LOD query: step 2 texels -> (1, 1); step 16 texels (s += 2): lambda 4, clamped to the last
# level 3.
expect lodq '1 1\n1 1\n1 1\n1 1\n3 4\n3 4\n3 4\n3 4' \
    "$QUAD"'0 0\n2 0\n0 2\n2 2\n' levels@8x8 --op lodq --sampler $TRI
# Explicit gradients (TXD): ddx = (0.5, 0), ddy = (0, 0.5) on 8x8 = 4 texels: lambda 2 (blue),
# whatever the lanes' coordinates.
expect grad '0 0 1 1' '0.5 0.5 0.5 0 0 0.5\n' levels@8x8 --op grad --sampler $TRI

# Gather (order (x0,y1), (x1,y1), (x1,y0), (x0,y0)) at the centre: red of green, red, green,
# red = 0 1 0 1; component 1 (green) the opposite.
expect gather-r '0 1 0 1' '0.5 0.5\n' "$CK" --op gather
expect gather-g '1 0 1 0' '0.5 0.5\n' "$CK" --op gather --component 1

# Fetch from gradient@4x4 as rgba8ui: (1,0) level 0 = (95, 31, 0, 255); (1,1) level 1 (2x2) =
# (191, 191, 32, 239); out of range (x = 4, level 3) = 0.
expect fetch '95 31 0 255\n191 191 32 239\n0 0 0 0\n0 0 0 0' \
    '1 0 0\n1 1 1\n4 0 0\n0 0 3\n' 'gradient@4x4,format=rgba8ui' --op fetch
# Size query: levels 0 and 1; an out-of-range level gives zero sizes and the true count 3.
expect query '4 4 0 3\n2 2 0 3\n0 0 0 3\n0 0 0 3' '0\n1\n3\n-1\n' gradient@4x4 --op query
# 2D_ARRAY_MS is an array texture (GL texelFetch(sampler2DMSArray, ivec3, int)): fetch reads
# x y layer sample; gradient c2 of layer z = 64z, so (1,1) of layer 2 = (95, 95, 128, 255), of
# layer 0 (95, 95, 0, 255), and layer 3 of 3 does not exist (0). The size query counts layers.
expect ms-array-fetch '95 95 128 255\n95 95 0 255\n0 0 0 0' '1 1 2 1\n1 1 0 0\n1 1 3 0\n' \
    'gradient@4x4x3,target=2d_array_ms,samples=2,format=rgba8ui' --op fetch
expect ms-array-query '4 4 3 1' '0\n' 'gradient@4x4x3,target=2d_array_ms,samples=2' --op query
# MS: 4 samples, D3D standard pattern sample 1 = (6, -2)/16 from the centre.
expect samplepos '0.875 0.375' '1\n' 'checker@4x4,target=2d_ms,samples=4' --op samplepos

# Depth compare (LESS: 1 where ref < D): depth32f holds b/255, red = 1 at (0,0) and (1,1), 0
# elsewhere. ref 0.5: texel (0,0) passes; at the centre compare first, then filter: 0.5.
expect compare '1 1 1 1\n0.5 0.5 0.5 1' '0.25 0.25 0.5 0\n0.5 0.5 0.5 0\n' \
    'checker:cell=1@2x2,levels=1,format=depth32f' --op lod --sampler filter=linear,compare=less

# nv profile, bilinear at the centre: kx = ky = 128, the 2D rule gives 64 each; 8-bit texels
# widen to 16 bits (255 -> 65535): (2 * 64 * 65535 + 128) >> 8 = 32768 -> fp32(32768/65535).
expect nv-centre '0.500007629 0.500007629 0 1' '0.5 0.5 0\n' "$CK" --op lod --sampler $LIN \
    --profile nv
# Border colour (0.25, 0.5, 0.75, 1): exact as given; nv quantises 8-bit with ties down:
# 63.75 -> 64, 127.5 -> 127, 191.25 -> 191 (fp32 of /255).
BORDER='wrap=clamp_to_border,border=0.25,0.5,0.75,1,filter=nearest,mip=none'
expect border-exact '0.25 0.5 0.75 1' '-1 0.5 0\n' "$CK" --op lod --sampler $BORDER
expect border-nv '0.250980407 0.498039216 0.749019623 1' '-1 0.5 0\n' "$CK" --op lod \
    --sampler $BORDER --profile nv

# PNG: 2x2 (row 0 red, blue; row 1 green, white), full chain box-filtered: texel (0,0); the
# centre = the average; level 1 = each channel's box of 255, 0, 0, 255 = 127.5 -> 128/255.
printf '\x89\x50\x4e\x47\x0d\x0a\x1a\x0a\x00\x00\x00\x0d\x49\x48\x44\x52\x00\x00\x00\x02\x00\x00\x00\x02\x08\x06\x00\x00\x00\x72\xb6\x0d\x24\x00\x00\x00\x12\x49\x44\x41\x54\x78\xda\x63\xf8\xcf\xc0\x00\x42\x60\xea\x3f\x08\x00\x00\x49\xc8\x09\xf7\xdb\x27\x61\xd9\x00\x00\x00\x00\x49\x45\x4e\x44\xae\x42\x60\x82' >"$tmp/t.png"
expect png '1 0 0 1\n0.5 0.5 0.5 1\n0.501960814 0.501960814 0.501960814 1' \
    '0.25 0.25 0\n0.5 0.5 0\n0.5 0.5 1\n' "$tmp/t.png" --op lod --sampler $TRI

# Cube and array slices with the levels generator: slice z of level 0 is PALETTE[5z]: +X (z 0)
# red, -X (z 1) PALETTE[5] = (0,255,255,255), +Y (z 2) PALETTE[10] = (64,32,128,100).
expect cube '1 0 0 1\n0 1 1 1\n0.250980407 0.125490203 0.501960814 0.392156869' \
    '1 0.2 0.1 0\n-1 0.2 0.1 0\n0.1 2 -0.3 0\n' 'levels@4x4,target=cube' --op lod \
    --sampler filter=nearest
# 2D array: layer 1 = PALETTE[5]; 2.5 rounds to even (2) = PALETTE[10]; 7 clamps to 2.
expect array '0 1 1 1\n0.250980407 0.125490203 0.501960814 0.392156869\n0.250980407 0.125490203 0.501960814 0.392156869' \
    '0.5 0.5 1 0\n0.5 0.5 2.5 0\n0.5 0.5 7 0\n' 'levels@4x4x3,target=2d_array' --op lod
# View swizzle "bgr1" on PALETTE[10]: (128, 32, 64, 1); a texel offset (+1, 0) moves a fetch
# from (0,0) to (1,0) of gradient@4x4: (95, 31, 0, 255).
expect swizzle '0.501960814 0.125490203 0.250980407 1' '0.5 0.5 2 0\n' \
    'levels@4x4x3,target=2d_array' --op lod --swizzle bgr1
expect offset '95 31 0 255' '0 0 0\n' 'gradient@4x4,format=rgba8ui' --op fetch --offset 1,0
# Views: levels 1:2 of gradient@8x8 -> sizes 4x4 and 2x2, 2 levels, level 2 of the view out of
# range; a 2D view of layer 1 of a 2D array reads PALETTE[5]; a view format must have the
# texture's texel size.
expect view-levels '4 4 0 2\n2 2 0 2\n0 0 0 2' '0\n1\n2\n' gradient@8x8 --op query \
    --view levels=1:2
expect view-layer '0 1 1 1' '0.5 0.5 0\n' 'levels@4x4x3,target=2d_array' --op lod \
    --view layers=1:1,target=2d --sampler filter=nearest
expect_err view-bad 2 'layers=5: expected FIRST' '' 'levels@4x4x3,target=2d_array' \
    --view layers=5
expect_err view-format 2 'has 16-byte texels, the texture 4' '' levels@4x4 --view format=rgba32f

# TXP: (s, t, q) = (0.5, 1.5, 2) -> (0.25, 0.75) on the 2x2 checker: texel (0,1), green.
expect proj '0 1 0 1' '0.5 1.5 2 0\n' "$CK" --op lod --proj --sampler filter=nearest

# Input errors: file:line:col and exit 1; usage errors exit 2; --help exit 0.
expect_err bad-number 1 '<stdin>:2:5: error: .x. is not a number' '0 0 0\n0.5 x 0\n' \
    levels@4x4 --op lod
expect_err too-few 1 '<stdin>:1:4: error: 1 value, expected 3' '0.5\n' levels@4x4 --op lod
expect_err too-many 1 '<stdin>:1:7: error: too many values' '1 2 3 4\n' levels@4x4 --op lod
expect_err bad-int 1 '<stdin>:1:3: error: .0.5. is not a 32-bit integer' '0 0.5 0\n' \
    'gradient@4x4' --op fetch
expect_err quad-left 1 'quads of 4; 2 lines left over' '0 0\n# comment\n\n0 0\n' levels@4x4
printf '0.5 0.5 0\n\n0.5 0.5 nan\n0.5 0.5 1x\n' >"$tmp/lines"
expect_err input-file 1 "$tmp/lines:4:9: error: '1x' is not a number" '' levels@4x4 --op lod \
    --input "$tmp/lines"
expect_err input-missing 2 'cannot open' '' levels@4x4 --input "$tmp/none"
expect_err ms-sampled 1 'multisampled textures are read with texel fetch' '0.5 0.5 0\n' \
    'checker@4x4,target=2d_ms,samples=4' --op lod
expect_err bad-op 2 'unknown --op' '' levels@4x4 --op nope
expect_err no-texture 2 'missing TEXTURE' '' --op lod
expect_err bad-sampler 2 'wrap=sideways' '' levels@4x4 --sampler wrap=sideways
expect_err bad-texture 2 'unknown format' '' 'levels@4x4,format=rgb99'
# Block-compressed textures from their block bytes (hex: and raw:), expected values from the
# specifications' rules by hand (docs/texture.md "Block-compressed formats"). BC1 block
# c0 = 0xf800 (red), c1 = 0x001f (blue), texels 0..3 indices 0..3: index 2 = (2 c0 + c1) / 3,
# i.e. red 62/93 and blue 31/93.
BC1='hex:00f81f00e4000000@4x4,format=bc1_rgba,levels=1'
expect bc1-fetch '1 0 0 1\n0 0 1 1\n0.666666687 0 0.333333343 1' '0 0 0\n1 0 0\n2 0 0\n' "$BC1" \
    --op fetch
# green endpoints 63 and 1, index 2: exact (2*63 + 1)/189; nv 176/255 (NVIDIA's palette, H10)
expect bc1-green-exact '0 0.671957672 0 1' '0 0 0\n' 'hex:e007_2000_0200_0000@4x4,format=bc1_rgba,levels=1' \
    --op fetch
expect bc1-green-nv '0 0.690196097 0 1' '0 0 0\n' 'hex:e007_2000_0200_0000@4x4,format=bc1_rgba,levels=1' \
    --op fetch --profile nv
# BC4 200 > 100, texel 0 index 2 = (6*200 + 100)/1785; every other texel index 0 = 200/255, so
# bilinear filtering between texels 2 and 3 of row 1 gives 200/255 again
printf '\310\144\072\000\000\000\000\000' >"$tmp/bc4.bin"
expect bc4-raw '0.728291333 0 0 1' '0 0 0\n' "raw:$tmp/bc4.bin@4x4,format=bc4_unorm,levels=1" \
    --op fetch
expect bc4-linear '0.784313738 0 0 1' '0.75 0.375\n' \
    "raw:$tmp/bc4.bin@4x4,format=bc4_unorm,levels=1" --single --sampler $LIN
# BC6H mode 3, e0 = 0, e1 = 1023 (unquantised 0xffff), texel 1 index 15: 0xffff * 31 >> 6 = 65504
expect bc6h-fetch '65504 65504 65504 1' '1 0 0\n' \
    'hex:03000000f8fffffff108000000000000@4x4,format=bc6h_ufloat,levels=1' --op fetch
expect bc7-query '64 64 0 7' '0\n' 'hash:seed=5@64x64,format=bc7' --op query
expect_err bc-checker 2 'cannot fill a bc7 texture' '' 'checker@8x8,format=bc7'
expect_err bc-short 2 '2 bytes given, the 4x4x1 bc1_rgba texture needs 8' '' \
    'hex:00f8@4x4,format=bc1_rgba,levels=1'
expect_err bc-hex-digit 2 "'g' at digit 3 is not a hex digit" '' \
    'hex:00g8@4x4,format=bc1_rgba,levels=1'
expect_err bc-1d 2 'block-compressed (4x4 texel blocks): it needs a 2d' '' \
    'hash@8x1,format=bc7,target=1d'
expect_err raw-missing 2 'cannot open' '' "raw:$tmp/none@4x4,format=bc1_rgba"
printf '123456789' >"$tmp/nine.bin"
expect_err raw-long 2 'more than 8 bytes given' '' "raw:$tmp/nine.bin@4x4,format=bc1_rgba,levels=1"
"$TGX" sample --help >"$tmp/help" 2>&1 && grep -q 'usage: tgx sample' "$tmp/help" &&
    pass=$((pass + 1)) || {
    echo "FAIL help"
    fail=$((fail + 1))
}

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
