#!/bin/bash
# Runs on the GPU machine from the repository root (tools/hwprobe/prepare.sh made .hwrun/): the
# round-two capture (CUDA group N_round2 and
# the GL round-two probes), packed into $OUT/hwn.tgz.part_*.
set -u
H=$PWD/.hwrun; D=/tmp/hwn; rm -rf $D; mkdir -p $D
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv > $D/nvidia_smi.txt 2>&1
nvcc --version > $D/nvcc_version.txt 2>&1
t0=$(date +%s)
timeout 200 $H/probe $D N_round2 > $D/stdout_N.txt 2>&1; echo "probe rc=$? $(( $(date +%s) - t0 ))s failed=$(grep -c FAILED $D/stdout_N.txt)"
grep FAILED $D/stdout_N.txt | head
for f in $H/gl_tmp/*.deb; do dpkg -x "$f" /; done; ldconfig
j=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json; [ -f "$j" ] && export __EGL_VENDOR_LIBRARY_FILENAMES=$j
timeout 90 $H/gl_probe $D N > $D/gl_log.txt 2>&1; echo "gl_probe rc=$?"; tail -4 $D/gl_log.txt
cuobjdump -sass $H/probe > /tmp/sass_full.txt 2>&1
grep -E -o '(TEX|TLD|TLD4|TMML|TXD|TXQ|TEXS|TLDS|TLD4S)[.A-Z0-9_]* [^;]*;' /tmp/sass_full.txt | sed -E 's/R[0-9]+/R/g; s/UR[0-9]+/UR/g; s/0x[0-9a-f]+/IMM/g' | sort | uniq -c | sort -rn > $D/sass_sm90_forms.txt
du -sh $D; ls -la $D
tar czf - -C $D . | split -b 15000000 - "$OUT/hwn.tgz.part_"
ls -la $OUT
