#!/bin/bash
# The differential harness end to end (bench/mesa/mesa_case, tools/mesa-cases.sh): where it was
# built (EGL and GL found) and Mesa's softpipe and llvmpipe run here, it draws five of the
# pipeline cases of tests/data/raster again (clip_vertex in a compatibility-profile context), its
# pictures must be the stored ones bit for bit (Mesa's drivers are deterministic), and tgx must
# replay what it wrote --strict. Skipped, with the
# reason, where mesa_case was not built or no Mesa driver answers.
set -u
: "${TGX:?TGX must name the tgx binary}"
data=${TGX_TEST_DATA:-$(dirname "$0")/../data}
src=${TGX_SRC:-$(dirname "$0")/../..}
. "$(dirname "$0")/../common/lib.sh"

mc=${TGX_BUILD:-}/mesa_case
if [ ! -x "$mc" ]; then
    echo "SKIP: mesa_case is not built (EGL and GL development files were not found)"
    exit 77
fi
glsl=$src/tools/mesa-cases
if ! "$mc" --name probe --vs "$glsl/vs_pos.glsl" --fs "$glsl/fs_varyings.glsl" \
    --out "$tmp/probe" >"$tmp/probe.out" 2>&1; then
    echo "SKIP: Mesa's EGL surfaceless softpipe/llvmpipe do not run here: $(head -c 300 "$tmp/probe.out")"
    exit 77
fi

# quad_shared_edge: the full-screen strip (default vertices); uniforms_stages: per-stage constants
"$mc" --name quad_shared_edge --vs "$glsl/vs_pos.glsl" --fs "$glsl/fs_varyings.glsl" \
    --out "$tmp/q" >/dev/null 2>&1 && ok || bad "mesa_case quad_shared_edge failed"
"$mc" --name uniforms_stages --vs "$glsl/vs_uniforms.glsl" --fs "$glsl/fs_uniforms.glsl" \
    --out "$tmp/u" >/dev/null 2>&1 && ok || bad "mesa_case uniforms_stages failed"
# clip_vertex: gl_ClipVertex and glClipPlane in a compatibility-profile context
"$mc" --name clip_vertex --vs "$glsl/vs_clipvertex.glsl" --fs "$glsl/fs_varyings.glsl" \
    --clip-plane 0.75,0.5,0,0.125 --clip-plane -0.25,1,0.5,0.6 --prim GL_TRIANGLE_STRIP \
    --pos -1,-1,1,-1,-1,1,1,1 --attr1 -0.9,-0.9,0,1,1.4,-1.2,0.2,1.5,-0.6,0.7,-0.1,0.8,0.95,0.9,0,1 \
    --out "$tmp/c" >/dev/null 2>&1 && ok || bad "mesa_case clip_vertex failed"
# points_coord_lower_left: gl_PointCoord with GL_POINT_SPRITE_COORD_ORIGIN GL_LOWER_LEFT
"$mc" --name points_coord_lower_left --vs "$glsl/vs_points.glsl" --fs "$glsl/fs_pointcoord.glsl" \
    --program-point-size on --sprite-origin lower_left --prim GL_POINTS \
    --pos -0.9,-0.9,-0.53,-0.71,0.1,0.2,0.47,0.33,0.8,-0.6,-0.3,0.6,1.05,0.5 \
    --attr1 1,0,0,0,2,0,0,0,3,0,0,0,4.5,0,0,0,2.7,0,0,0,5,0,0,0,4,0,0,0 \
    --out "$tmp/p" >/dev/null 2>&1 && ok || bad "mesa_case points_coord_lower_left failed"
# txd_shadowcube: a mip-mapped depth32f cube map with a comparison (--tex-target, --tex-format,
# --compare: issue 24's textureGrad cases)
"$mc" --name txd_shadowcube --vs "$glsl/vs_pos.glsl" --fs "$glsl/fs_txd_shadowcube.glsl" \
    --tex hash --tex-target cube --tex-format depth32f --compare gequal \
    --out "$tmp/s" >/dev/null 2>&1 && ok || bad "mesa_case txd_shadowcube failed"
for pair in "q quad_shared_edge" "u uniforms_stages" "c clip_vertex" "p points_coord_lower_left" \
    "s txd_shadowcube"; do
    set -- $pair
    for f in softpipe.f32 llvmpipe.f32 shader.tgsi vertex.tgsi; do
        cmp -s "$tmp/$1/$f" "$data/raster/$2/$f" && ok || bad "$2: $f differs from the stored one"
    done
done
expect_rc 0 "tgx replays what the harness wrote" -- "$TGX" replay --strict "$tmp/q" "$tmp/u" "$tmp/c" "$tmp/p" "$tmp/s"
finish
