#!/bin/bash
# tgx run --exec interp|jit: the same words both ways for the demo (trilinear and bilinear
# sampling inside the shader's flow), the three _perf workloads, a geometry shader's draw (the
# geometry stage stays on the interpreter, and --exec jit says so with the reason) and a compute
# dispatch with atomics (whole-run instructions between compiled segments); a bad value is a
# usage error. Skips where tgx was built without LLVM.
set -u
. "$(dirname "$0")/../common/lib.sh"
: "${TGX:?TGX must name the tgx binary}"
src=${TGX_SRC:-$(dirname "$0")/../..}
perf=$src/tests/data/tgsi/_perf

if ! "$TGX" --version | grep -q '^shader compiler: LLVM'; then
    echo "SKIP: $("$TGX" --version | grep '^shader compiler')"
    exit 77
fi

# run_both NAME ARGS...: tgx run ARGS -o NAME.{interp,jit}.tgxr, which must be the same bytes
run_both() {
    local name=$1
    shift
    expect_rc 0 "$name interp" -- "$TGX" run "$@" -j 2 --exec interp -o "$tmp/$name.interp.tgxr"
    expect_rc 0 "$name jit" -- "$TGX" run "$@" -j 2 --exec jit -o "$tmp/$name.jit.tgxr"
    cmp -s "$tmp/$name.interp.tgxr" "$tmp/$name.jit.tgxr" && ok || bad "$name: the results differ"
}

run_both demo "$src/examples/demo.tgsi" --size 160x100 \
    --tex 0=checker:cell=64@256x256,mips=box \
    --sampler 0=wrap=repeat,min=linear_mipmap_linear,mag=linear \
    --tex 1=hash:seed=7@8x8,levels=1 --sampler 1=wrap=repeat,filter=linear,mip=none
[ ! -s "$tmp/err" ] && ok || bad "demo: a note: $(cat "$tmp/err")"
run_both p1 "$perf/p1_bilinear.tgsi" --size 96x64 --tex 0=hash:seed=11@256x256,levels=9 \
    --sampler 0=wrap=repeat,min=linear,mag=linear
run_both p2 "$perf/p2_trilinear_alu.tgsi" --size 96x64 --tex 0=hash:seed=11@256x256,levels=9 \
    --sampler 0=wrap=repeat,min=linear_mipmap_linear,mag=linear --denorms flush --f2i x86
run_both p3 "$perf/p3_alu_loop64.tgsi" --size 64x64
run_both gs "$src/examples/uv_color.tgsi" --gs "$src/examples/point_quad_gs.tgsi" --prim points \
    --verts -0.5,-0.5,0.5,0.5 --size 32x32
grep -q 'point_quad_gs.tgsi: note: the interpreter runs this shader, not compiled code: geometry shaders are not compiled' "$tmp/err" &&
    ok || bad "no note for the geometry shader: $(cat "$tmp/err")"

# compute: atomics and stores run over the whole block between compiled segments
cat >"$tmp/cs.tgsi" <<'T'
COMP
PROPERTY CS_FIXED_BLOCK_WIDTH 20
PROPERTY CS_FIXED_BLOCK_HEIGHT 1
PROPERTY CS_FIXED_BLOCK_DEPTH 1
DCL SV[0], THREAD_ID
DCL SV[1], BLOCK_ID
DCL BUFFER[0]
DCL TEMP[0..2]
IMM[0] UINT32 {4, 0, 1, 2654435761}
IMM[1] UINT32 {64, 7, 0, 0}
  0: UMUL TEMP[0].x, SV[0].xxxx, IMM[0].wwww
  1: USHR TEMP[0].y, TEMP[0].xxxx, IMM[1].yyyy
  2: ATOMUADD TEMP[1].x, BUFFER[0], IMM[0].yyyy, IMM[0].zzzz
  3: ATOMUMAX TEMP[1].y, BUFFER[0], IMM[0].xxxx, TEMP[0].yyyy
  4: UMAD TEMP[2].x, SV[1].xxxx, IMM[1].xxxx, SV[0].xxxx
  5: SHL TEMP[2].x, TEMP[2].xxxx, IMM[0].xxxx
  6: UADD TEMP[2].x, TEMP[2].xxxx, IMM[1].xxxx
  7: STORE BUFFER[0].xy, TEMP[2].xxxx, TEMP[1].xyxx
  8: END
T
for e in interp jit; do
    expect_rc 0 "compute $e" -- "$TGX" run "$tmp/cs.tgsi" --grid 3,1,1 --buffer 0=2048 \
        --exec $e --dump 0="$tmp/cs.$e.bin"
done
cmp -s "$tmp/cs.interp.bin" "$tmp/cs.jit.bin" && ok || bad "compute: the buffers differ"

expect_err 2 "neither interp nor jit" "--exec fast" -- "$TGX" run "$perf/p3_alu_loop64.tgsi" --exec fast
"$TGX" run --help | grep -q -- '--exec interp|jit' && ok || bad "--help does not list --exec"
finish
