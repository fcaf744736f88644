#!/bin/sh
# make demo: render examples/demo.tgsi to demo.png with the build in $1.
# A checkerboard floor in perspective (trilinear filtering over a box-filtered mip chain, so the
# distance fades to grey instead of aliasing), fog towards the horizon, and a sky with clouds
# from two octaves of a bilinear-magnified 8x8 hash texture. Row 0 of the PNG is window row
# y = 0 (the corpus layout), so the shader draws the sky at small y.
set -e
build=${1:-build}
"./$build/tgx" run examples/demo.tgsi --size 640x400 \
    --tex 0=checker:cell=64@256x256,mips=box \
    --sampler 0=wrap=repeat,min=linear_mipmap_linear,mag=linear \
    --tex 1=hash:seed=7@8x8,levels=1 \
    --sampler 1=wrap=repeat,filter=linear,mip=none \
    -o demo.png
echo "wrote demo.png"
