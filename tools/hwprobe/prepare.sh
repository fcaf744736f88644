#!/bin/bash
# Prepares the round-two capture on this (CPU) machine, from the repository root:
#   sh tools/hwprobe/prepare.sh        -> .hwrun/ (probe, gl_probe, the glvnd loader .debs, device.sh)
# then on the GPU machine (the device tool's run, carrying .hwrun):
#   bash .hwrun/device.sh              -> $OUT/hwn.tgz.part_* (the capture, under 15 MB a piece)
# The CUDA part needs nvcc 13 (sm_90) here; the GL part libegl-dev; both are built here so the
# GPU machine (no network, no EGL headers) only runs them.
set -eu
D=.hwrun
grep -qx '/.hwrun/' .git/info/exclude 2>/dev/null || echo /.hwrun/ >> .git/info/exclude
mkdir -p $D/gl_tmp
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
"$NVCC" -O2 -std=c++17 -arch=sm_90 -o $D/probe tools/hwprobe/probe.cu
cc -O2 -std=c11 -o $D/gl_probe tools/hwprobe/gl_probe.c -lEGL -lOpenGL -lm
cp tools/hwprobe/device.sh $D/device.sh
o='-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists=/tmp/amd64'
mkdir -p /tmp/amd64/partial
apt-get $o update >/dev/null
(cd $D/gl_tmp && apt-get $o download libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2)
echo "prepared $D: run 'bash .hwrun/device.sh' on the GPU machine with .hwrun carried"
