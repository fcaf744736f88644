#!/bin/bash
# The shaders in examples/ (the README's tour and `make demo` use them): each checks clean, and
# the geometry-shader example draws what its text says. Expected values are worked out by hand:
# a point at clip (x, y) becomes a quad of half-size 0.2 whose corners carry (0,0), (1,0),
# (0,1), (1,1) in GENERIC[0].xy; in a 128x128 target clip c maps to window (c + 1) * 64, so the
# quad around (-0.5, -0.5) spans window 19.2 .. 44.8 on both axes and pixel (32, 32), centre
# 32.5, interpolates (32.5 - 19.2) / 25.6 = 0.51953125 in x and y (w = 1: linear).
set -u
: "${TGX:?TGX must name the tgx binary}"
src=${TGX_SRC:-$(dirname "$0")/../..}
. "$(dirname "$0")/../common/lib.sh"

for f in "$src"/examples/*.tgsi; do
    if "$TGX" check "$f" >"$tmp/out" 2>&1; then ok; else bad "tgx check $f: $(head -c 300 "$tmp/out")"; fi
done

# float FILE WORD: one float of a TGXR file's data (16-byte header, 4 words a pixel)
float() { od -An -tf4 -j $((16 + 4 * $2)) -N 4 "$1" | tr -d ' '; }
near() { awk -v g="$1" -v w="$2" 'BEGIN { d = g - w; exit !(d < 1e-5 && d > -1e-5) }'; }

if "$TGX" run "$src/examples/uv_color.tgsi" --gs "$src/examples/point_quad_gs.tgsi" \
    --prim points --verts -0.5,-0.5,0.5,0.5 --size 128x128 -o "$tmp/q.tgxr" 2>"$tmp/err"; then
    ok
    px=$(((32 * 128 + 32) * 4))
    for c in 0 1; do
        g=$(float "$tmp/q.tgxr" $((px + c)))
        near "$g" 0.51953125 && ok || bad "quad (-0.5,-0.5) pixel (32,32) channel $c: $g"
    done
    g=$(float "$tmp/q.tgxr" $((px + 3)))
    near "$g" 1 && ok || bad "alpha at (32,32): $g"
    # pixel (64, 64) lies between the quads: the cleared target
    g=$(float "$tmp/q.tgxr" $(((64 * 128 + 64) * 4 + 3)))
    near "$g" 0 && ok || bad "pixel (64,64) between the quads: alpha $g"
    # the second point's quad: window 83.2 .. 108.8; pixel (100, 100) centre 100.5 -> 0.6757812
    g=$(float "$tmp/q.tgxr" $(((100 * 128 + 100) * 4)))
    near "$g" 0.67578125 && ok || bad "quad (0.5,0.5) pixel (100,100) red: $g"
else
    bad "tgx run with the GS example: $(head -c 300 "$tmp/err")"
fi

finish
