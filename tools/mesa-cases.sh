#!/bin/sh
# Makes the replay cases of tests/data/raster: each line below is one GLSL pair and one draw,
# rendered by Mesa's softpipe and llvmpipe through bench/mesa/mesa_case (EGL surfaceless, Mesa
# 22.3 as Debian bookworm ships it). Every case stresses one rule of the pipeline around the
# interpreter (docs/pipeline.md); tests/replay/test_raster_cases.sh replays them --strict.
#
#   tools/mesa-cases.sh [BUILD_DIR [OUT_DIR]]      (defaults: build, tests/data/raster)
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$src/build}
out=${2:-$src/tests/data/raster}
mc=$build/mesa_case
glsl=$src/tools/mesa-cases
[ -x "$mc" ] || { echo "mesa-cases: $mc is not built (EGL and GL are needed)" >&2; exit 1; }
mkdir -p "$out"

# case NAME VS FS NOTE [mesa_case options...]
case_() {
    name=$1 vs=$2 fs=$3 note=$4
    shift 4
    "$mc" --name "$name" --vs "$glsl/$vs.glsl" --fs "$glsl/$fs.glsl" --out "$out/$name" \
        --note "$note" "$@"
}

# The full-screen quad: pixels centred on the diagonal the two triangles share.
case_ quad_shared_edge vs_pos fs_varyings \
    "full-screen strip: the 32 pixels centred on the shared diagonal, flat gl_VertexID shows the owner"
case_ quad_shared_edge_first vs_pos fs_varyings \
    "the same with the first-vertex provoking convention" --provoking first
case_ quad_derivs vs_pos fs_derivs \
    "implicit-LOD texture and dFdx/dFdy of a non-affine value: quads that straddle the diagonal" \
    --tex hash
# textureGatherOffset with run-time offsets: tgx lower packs them (tgx replay --via sm5).
case_ gather_offset_dynamic vs_pos fs_gather_offset \
    "textureGatherOffset with offsets computed at run time, one a quad: TG4 with a TEMP offset" \
    --tex hash
# textureGrad where Maxwell's TXD has no form (issue 24): 3D and cube targets, depth references.
# Mip-mapped 16x16 (3D: 16x16x16) textures, linear mip filter, gradients that vary per pixel.
case_ txd_3d vs_pos fs_txd_3d \
    "textureGrad on a 3D texture, per-pixel gradients across every LOD: TXD on 3D" \
    --tex hash --tex-target 3d
case_ txd_cube vs_pos fs_txd_cube \
    "textureGrad on a seamless cube map, per-pixel gradients across every LOD: TXD on CUBE" \
    --tex hash --tex-target cube
case_ txd_shadow2d vs_pos fs_txd_shadow2d \
    "textureGrad on sampler2DShadow (depth32f, LEQUAL), two references: TXD on SHADOW2D" \
    --tex hash --tex-format depth32f --compare lequal
case_ txd_shadowcube vs_pos fs_txd_shadowcube \
    "textureGrad on samplerCubeShadow (depth32f, GEQUAL): TXD on SHADOWCUBE" \
    --tex hash --tex-target cube --tex-format depth32f --compare gequal
case_ txd_shadow2darray vs_pos fs_txd_shadow2darray \
    "textureGrad on sampler2DArrayShadow (depth32f, 4 layers, LESS): TXD on SHADOW2D_ARRAY" \
    --tex hash --tex-target 2darray --tex-format depth32f --compare less
# Corners off the pixel grid, slivers, shared edges and vertices away from the axes.
case_ offgrid_strip vs_pos fs_varyings \
    "a strip whose corners lie off the pixel grid (non-axis-aligned shared edges)" \
    --pos -0.93,-0.87,0.81,-0.99,-0.77,0.91,0.97,0.79,0.13,0.99
case_ fan_slivers vs_pos fs_varyings \
    "a fan of thin triangles around an off-grid centre: shared edges and one shared vertex" \
    --prim GL_TRIANGLE_FAN --pos 0.0312,-0.0469,0.9,-0.1,0.9,0.05,0.85,0.3,-0.2,0.95,-0.25,0.97,-0.9,0.1,-0.8,-0.9,0.9,-0.1
case_ offgrid_derivs vs_pos fs_derivs \
    "implicit derivatives on triangles with off-grid corners" --tex hash \
    --prim GL_TRIANGLES --pos -0.9,-0.95,0.93,-0.71,-0.61,0.87,0.93,-0.71,0.71,0.97,-0.61,0.87
case_ persp_tris vs_attr1 fs_varyings \
    "perspective: w from 0.5 to 3 at the corners, all inside the view volume" \
    --prim GL_TRIANGLES --pos -1,-1,1,-1,-1,1,1,-1,1,1,-1,1 \
    --attr1 -0.45,-0.5,0,0.5,2.9,-2.7,0.5,3,-0.9,1.1,-0.2,1.2,2.9,-2.7,0.5,3,1.8,1.9,0.9,2,-0.9,1.1,-0.2,1.2
# The clipper: view volume, w <= 0, user clip distances.
case_ clip_big_tri vs_attr1 fs_varyings \
    "a triangle three times the window: clipped by the view volume's x and y planes" \
    --prim GL_TRIANGLES --pos -1,-1,1,-1,0,1 --attr1 -3.1,-2.7,0,1,2.9,-3.3,0.1,1,0.2,3.4,-0.1,1
case_ clip_w_negative vs_attr1 fs_varyings \
    "one corner behind the eye (w < 0) and one with w = 0" \
    --prim GL_TRIANGLES --pos -1,-1,1,-1,0,1,-1,1,1,1,0,-1 \
    --attr1 -0.5,-0.5,0,1,0.6,-0.4,0.2,-0.5,0.1,0.7,0.3,1.5,-0.8,0.6,0.1,1,0.7,0.8,0,0,0.2,-0.9,0.5,1.2
case_ clip_z vs_attr1 fs_varyings \
    "corners in front of the near plane and behind the far plane (z outside [-w, w])" \
    --prim GL_TRIANGLES --pos -1,-1,1,-1,0,1 --attr1 -0.8,-0.7,-1.6,1,0.9,-0.6,0.4,1,0.1,0.8,1.9,1
case_ clip_distance vs_clip fs_varyings \
    "gl_ClipDistance[0] enabled: a plane across a perspective strip" --clip 1 \
    --prim GL_TRIANGLE_STRIP --pos -1,-1,1,-1,-1,1,1,1 \
    --attr1 -0.9,-0.9,0,1,1.4,-1.2,0.2,1.5,-0.6,0.7,-0.1,0.8,0.95,0.9,0,1
# Legacy user clip planes (glClipPlane, compatibility profile): dotted with gl_ClipVertex, or
# with gl_Position when the shader writes neither it nor gl_ClipDistance.
case_ clip_vertex vs_clipvertex fs_varyings \
    "gl_ClipVertex and two glClipPlane planes across a perspective strip: the planes test the clip vertex, not the position" \
    --clip-plane 0.75,0.5,0,0.125 --clip-plane -0.25,1,0.5,0.6 \
    --prim GL_TRIANGLE_STRIP --pos -1,-1,1,-1,-1,1,1,1 \
    --attr1 -0.9,-0.9,0,1,1.4,-1.2,0.2,1.5,-0.6,0.7,-0.1,0.8,0.95,0.9,0,1
case_ clip_vertex_lines vs_clipvertex fs_varyings \
    "gl_ClipVertex and two glClipPlane planes across width-1 lines" \
    --clip-plane 0.75,0.5,0,0.125 --clip-plane -0.25,1,0.5,0.6 \
    --prim GL_LINES --pos -0.9,-0.8,0.85,-0.55,0.7,-0.9,0.55,0.93,-0.9,0.9,-0.1,0.1,0.9,0.2,-0.6,0.45 \
    --attr1 -0.9,-0.8,0,1,0.85,-0.55,0.1,1.2,0.7,-0.9,0,1,0.55,0.93,0,0.8,-0.9,0.9,0.2,1,-0.1,0.1,0,1,0.9,0.2,0,1.5,-0.6,0.45,0.1,1
case_ clip_vertex_inf vs_clipvertex_inf fs_varyings \
    "gl_ClipVertex.z +inf at one corner, the plane z >= -1: +inf is inside, both triangles drawn whole" \
    --clip-plane 0,0,1,1 --prim GL_TRIANGLES --pos -1,-1,1,-1,0,1,-1,1,1,1,0,-1 \
    --attr1 -0.9,-0.8,0,1,0.9,-0.7,2e19,1,0.1,0.85,0,1,-0.8,0.9,0,1,0.9,0.7,0,1,0.2,-0.95,0,1
case_ clip_vertex_nan vs_clipvertex_inf fs_varyings \
    "gl_ClipVertex.z +inf at one corner times the plane's C = 0: a NaN distance is outside, its triangle dropped" \
    --clip-plane 0.1,0.1,0,0.5 --prim GL_TRIANGLES --pos -1,-1,1,-1,0,1,-1,1,1,1,0,-1 \
    --attr1 -0.9,-0.8,0,1,0.9,-0.7,2e19,1,0.1,0.85,0,1,-0.8,0.9,0,1,0.9,0.7,0,1,0.2,-0.95,0,1
case_ clip_planes_position vs_attr1 fs_varyings \
    "three glClipPlane planes and a vertex shader without gl_ClipVertex (#version 330 core in the compatibility context): Mesa tests them against gl_Position" \
    --clip-plane 0.5,-1,0.25,0.3 --clip-plane 1,0.25,0,0.4 --clip-plane 0,0,-1,0.5 \
    --prim GL_TRIANGLES --pos -1,-1,1,-1,0,1,-1,1,1,1,0,-1 \
    --attr1 -1.3,-0.9,0,1,1.2,-1.1,0.2,1.1,0.1,1.4,-0.3,1.3,-0.8,0.9,0.1,1,0.9,0.7,0,0.9,0.2,-1.2,0.5,1.2
# Opcodes where Mesa 22.3 departs from the TGSI text.
case_ rsq_negative vs_pos fs_rsq "inversesqrt, sqrt, log2 and pow of negative and zero arguments"
# Lines (Bresenham from the truncated first end point) and points.
case_ lines_slopes vs_pos fs_varyings \
    "width-1 lines of every slope class: x-major, y-major, 45 degrees, both directions, off-grid ends" \
    --prim GL_LINES --pos -0.9,-0.8,0.85,-0.55,0.7,-0.9,0.55,0.93,-0.9,0.9,-0.1,0.1,0.9,0.2,-0.6,0.45,-0.3,-0.95,-0.7,0.6,0.1,-0.3,0.6,0.2
case_ line_strip_first vs_pos fs_varyings \
    "a line strip with the first-vertex provoking convention" --provoking first \
    --prim GL_LINE_STRIP --pos -0.95,-0.95,0.9,-0.2,-0.5,0.3,0.2,0.97,0.96,0.5
case_ clip_distance_disabled vs_clip fs_varyings \
    "gl_ClipDistance[0] written but GL_CLIP_DISTANCE0 not enabled: Mesa clips with it all the same" \
    --prim GL_TRIANGLE_STRIP --pos -1,-1,1,-1,-1,1,1,1 \
    --attr1 -0.9,-0.9,0,1,1.4,-1.2,0.2,1.5,-0.6,0.7,-0.1,0.8,0.95,0.9,0,1
case_ viewport_offset vs_attr1 fs_varyings \
    "a 20x27 viewport at (5, -3): clipped at the viewport's edges, cut by the target's at row 0" \
    --viewport 5,-3,20,27 --prim GL_TRIANGLES --pos -1,-1,1,-1,0,1,-1,1,1,1,0,-1 \
    --attr1 -1.3,-0.9,0,1,1.2,-1.1,0.2,1.1,0.1,1.4,-0.3,1.3,-0.8,0.9,0.1,1,0.9,0.7,0,0.9,0.2,-1.2,0.5,1.2
case_ clip_lines vs_attr1 fs_varyings \
    "lines crossing the view volume's sides, one from behind the eye (w < 0)" \
    --prim GL_LINES --pos -1,-1,1,1,-1,1,1,-1,0,-1,0,1 \
    --attr1 -1.6,-0.3,0,1,0.7,0.4,0.2,1.2,0.3,1.9,0.1,1,-0.2,-0.8,0,1,0.2,0.3,0.1,-0.5,-0.4,0.6,0.2,1.5
case_ clip_first_flat vs_attr1 fs_varyings \
    "clipped triangles with the first-vertex convention: flat values from the original provoking vertex" \
    --provoking first --prim GL_TRIANGLES --pos -1,-1,1,-1,0,1,-1,1,1,1,0,-1 \
    --attr1 -2.5,-0.5,0,1,0.6,-0.4,0.2,-0.5,0.1,2.7,0.3,1.5,0.8,0.6,0.1,1,-1.7,0.8,0,1.1,0.2,-2.9,0.5,1.2
case_ points_size1 vs_points fs_varyings \
    "size-1 points off the pixel grid (the draw module's wide-point stage: biased, back-facing)" \
    --prim GL_POINTS --pos -0.9,-0.9,-0.53,-0.71,0.1,0.2,0.47,0.33,0.8,-0.6,-0.3,0.6 \
    --attr1 1,0,0,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,0,0
case_ points_sizes vs_points fs_varyings \
    "gl_PointSize 1 to 5 (GL_PROGRAM_POINT_SIZE) at off-grid positions" --program-point-size on \
    --prim GL_POINTS --pos -0.9,-0.9,-0.53,-0.71,0.1,0.2,0.47,0.33,0.8,-0.6,-0.3,0.6,1.05,0.5 \
    --attr1 1,0,0,0,2,0,0,0,3,0,0,0,4.5,0,0,0,2.7,0,0,0,5,0,0,0,4,0,0,0
# gl_PointCoord: the wide-point stage's sprite coordinates, with both GL origins.
case_ points_coord vs_points fs_pointcoord \
    "gl_PointCoord on points of size 1 to 5 off the grid (GL's default origin: upper left)" \
    --program-point-size on \
    --prim GL_POINTS --pos -0.9,-0.9,-0.53,-0.71,0.1,0.2,0.47,0.33,0.8,-0.6,-0.3,0.6,1.05,0.5 \
    --attr1 1,0,0,0,2,0,0,0,3,0,0,0,4.5,0,0,0,2.7,0,0,0,5,0,0,0,4,0,0,0
case_ points_coord_lower_left vs_points fs_pointcoord \
    "gl_PointCoord with GL_POINT_SPRITE_COORD_ORIGIN GL_LOWER_LEFT" \
    --program-point-size on --sprite-origin lower_left \
    --prim GL_POINTS --pos -0.9,-0.9,-0.53,-0.71,0.1,0.2,0.47,0.33,0.8,-0.6,-0.3,0.6,1.05,0.5 \
    --attr1 1,0,0,0,2,0,0,0,3,0,0,0,4.5,0,0,0,2.7,0,0,0,5,0,0,0,4,0,0,0
# gl_PointSize outside GL's range reaches the wide-point stage unclamped: below 1, 0, negative
# (the square turned inside out, still drawn), 1e30, infinite and NaN (products in the shader);
# and sizes above 1024 seen through a 4096x4096 viewport whose corner is the target.
case_ points_size_range vs_points_psize fs_pointcoord \
    "gl_PointSize 1e30, inf, NaN, -inf, -1e30, 1500, 300, -3, 0, 0.25, 0.5, 0.75: no clamp" \
    --size 64x64 --program-point-size on --prim GL_POINTS \
    --pos 0.3,0.1,-0.5,0.5,0.1,-0.6,0.2,0.7,-0.7,-0.2,-0.96,0.97,0.9,-0.9,-0.3,-0.4,0.47,0.33,0.55,-0.45,-0.8,0.8,0.61,0.62 \
    --attr1 1e30,1,1,0,1e30,1e30,1,0,1e30,1e30,0,0,1e30,-1e30,1,0,-1e30,1,1,0,1500,1,1,0,300,1,1,0,-3,1,1,0,0,1,1,0,0.25,1,1,0,0.5,1,1,0,0.75,1,1,0
case_ points_size_huge vs_points_psize fs_pointcoord \
    "points of size 1500 and 1100 centred off the target (4096x4096 viewport): squares larger than 1024 reach it" \
    --size 64x64 --viewport 0,0,4096,4096 --program-point-size on --prim GL_POINTS \
    --pos -0.67578125,-0.67578125,-0.98046875,-0.70703125 --attr1 1500,1,1,0,1100,1,1,0
# What real programs need from case files: each stage's constant buffers, uniform blocks
# (CONST[n][i]), integer colour.
case_ uniforms_stages vs_uniforms fs_uniforms \
    "default-block uniforms at different rows in the two stages, and two uniform blocks: per-stage CONST[n]"
case_ uniforms_types vs_umat fs_umat \
    "mat4, mat3, mat2, vec3 arrays, ivec2, uint uniforms: their CONST[0] rows in each stage"
case_ int_color_signed vs_pos fs_int \
    "signed-integer colour into a GL_RGBA32I target (negative values)" --target rgba32i
# The opcode audit: GLSL built-ins on random bit patterns (NaN, infinities, denormals) and on
# ordinary values of both signs, float and integer.
case_ alu_audit vs_pos fs_alu_audit \
    "32 float built-ins on random bit patterns and signed values, two rows per group"
case_ int_audit vs_pos fs_int_audit \
    "integer division by zero, shifts by 32 and more, bitfield operations, conversions (GL_RGBA32UI)" \
    --target rgba32ui
# Scan conversion in float: four triangles found by simulating softpipe's arithmetic, on which
# the major edge carried into the upper half by the running update (sx += lines * dxdy) and a
# fresh product (vmin.x + (sy - vmin.y) * dxdy) truncate differently at one pixel each; and a
# 64-triangle fan of many slopes.
case_ major_edge_rows vs_pos fs_varyings \
    "triangles where the major edge's running update and a fresh product round to different pixels" \
    --prim GL_TRIANGLES --pos 0.11328125,-0.2890625,-0.59765625,0.6953125,-0.234375,0.16015625,-0.17578125,0.73046875,0.8203125,0.3203125,-0.046875,0.42578125,-0.515625,0.453125,0.98046875,0.6953125,-0.015625,-0.125,-0.47265625,-0.1796875,-0.21484375,0.3671875,0.89453125,-0.0859375
case_ fan_many vs_pos fs_varyings \
    "a fan of 64 triangles of every slope around an off-grid centre, 64x64" --size 64x64 \
    --prim GL_TRIANGLE_FAN \
    --pos 0.0123,-0.0371,0.94225,-0.02808,0.98616,0.06549,0.91006,0.14519,0.85535,0.21992,0.89064,0.32583,0.86308,0.41468,0.75146,0.45242,0.70157,0.52288,0.69337,0.63689,0.6075,0.68092,0.49492,0.67892,0.43903,0.75629,0.37825,0.84472,0.27183,0.82367,0.1756,0.80307,0.09578,0.87884,0.00256,0.9076,-0.08495,0.83149,-0.17078,0.81129,-0.27814,0.85927,-0.36254,0.81645,-0.41244,0.71549,-0.50378,0.69612,-0.61649,0.69112,-0.65331,0.59575,-0.67365,0.49791,-0.77513,0.46229,-0.85392,0.40127,-0.82917,0.29147,-0.84085,0.20493,-0.93453,0.13606,-0.94644,0.04511,-0.87577,-0.04571,-0.8907,-0.13222,-0.94443,-0.23136,-0.88393,-0.31034,-0.79739,-0.37166,-0.80645,-0.47187,-0.79625,-0.57257,-0.68837,-0.60634,-0.60727,-0.65023,-0.58777,-0.76099,-0.5173,-0.82282,-0.4006,-0.80478,-0.32447,-0.8486,-0.26127,-0.94445,-0.16309,-0.93947,-0.06529,-0.88845,0.02156,-0.93521,0.1181,-0.98209,0.20104,-0.9117,0.27686,-0.85358,0.38503,-0.88586,0.47916,-0.86433,0.51866,-0.75651,0.58761,-0.70339,0.70554,-0.69623,0.75538,-0.61667,0.75153,-0.50592,0.82668,-0.44923,0.92117,-0.39198,0.90359,-0.28995,0.87767,-0.19536,0.95273,-0.11774,0.98801,-0.02764
# An application's draw: a textured, lit cube (36 vertices) under a projective matrix, once with
# the harness's uniform values and once seen from inside the cube (corners behind the eye, every
# face clipped), with implicit-LOD texturing, derivatives, a uniform block, discard, flat ints.
case_ cube_projected vs_cube fs_cube \
    "a cube under the harness's projective matrix: a textured, lit draw as applications make it" \
    --tex hash --prim GL_TRIANGLES \
    --pos -1,-1,1,-1,1,1,-1,-1,1,1,-1,1,-1,-1,1,-1,1,1,-1,-1,1,1,-1,1,-1,-1,1,-1,1,1,-1,-1,1,1,-1,1,-1,-1,1,-1,1,1,-1,-1,1,1,-1,1,-1,-1,1,-1,1,1,-1,-1,1,1,-1,1,-1,-1,1,-1,1,1,-1,-1,1,1,-1,1 \
    --attr1 -0.5,-0.5,0.5,1,0.5,-0.5,0.5,1,0.5,0.5,0.5,1,-0.5,-0.5,0.5,1,0.5,0.5,0.5,1,-0.5,0.5,0.5,1,0.5,-0.5,-0.5,1,-0.5,-0.5,-0.5,1,-0.5,0.5,-0.5,1,0.5,-0.5,-0.5,1,-0.5,0.5,-0.5,1,0.5,0.5,-0.5,1,0.5,-0.5,0.5,1,0.5,-0.5,-0.5,1,0.5,0.5,-0.5,1,0.5,-0.5,0.5,1,0.5,0.5,-0.5,1,0.5,0.5,0.5,1,-0.5,-0.5,-0.5,1,-0.5,-0.5,0.5,1,-0.5,0.5,0.5,1,-0.5,-0.5,-0.5,1,-0.5,0.5,0.5,1,-0.5,0.5,-0.5,1,-0.5,0.5,0.5,1,0.5,0.5,0.5,1,0.5,0.5,-0.5,1,-0.5,0.5,0.5,1,0.5,0.5,-0.5,1,-0.5,0.5,-0.5,1,-0.5,-0.5,-0.5,1,0.5,-0.5,-0.5,1,0.5,-0.5,0.5,1,-0.5,-0.5,-0.5,1,0.5,-0.5,0.5,1,-0.5,-0.5,0.5,1
case_ cube_inside vs_cube fs_cube \
    "the cube seen from inside through a 75-degree perspective: corners behind the eye, every face clipped" \
    --tex hash --prim GL_TRIANGLES \
    --pos -1,-1,1,-1,1,1,-1,-1,1,1,-1,1,-1,-1,1,-1,1,1,-1,-1,1,1,-1,1,-1,-1,1,-1,1,1,-1,-1,1,1,-1,1,-1,-1,1,-1,1,1,-1,-1,1,1,-1,1,-1,-1,1,-1,1,1,-1,-1,1,1,-1,1,-1,-1,1,-1,1,1,-1,-1,1,1,-1,1 \
    --attr1 -0.5,-0.5,0.5,1,0.5,-0.5,0.5,1,0.5,0.5,0.5,1,-0.5,-0.5,0.5,1,0.5,0.5,0.5,1,-0.5,0.5,0.5,1,0.5,-0.5,-0.5,1,-0.5,-0.5,-0.5,1,-0.5,0.5,-0.5,1,0.5,-0.5,-0.5,1,-0.5,0.5,-0.5,1,0.5,0.5,-0.5,1,0.5,-0.5,0.5,1,0.5,-0.5,-0.5,1,0.5,0.5,-0.5,1,0.5,-0.5,0.5,1,0.5,0.5,-0.5,1,0.5,0.5,0.5,1,-0.5,-0.5,-0.5,1,-0.5,-0.5,0.5,1,-0.5,0.5,0.5,1,-0.5,-0.5,-0.5,1,-0.5,0.5,0.5,1,-0.5,0.5,-0.5,1,-0.5,0.5,0.5,1,0.5,0.5,0.5,1,0.5,0.5,-0.5,1,-0.5,0.5,0.5,1,0.5,0.5,-0.5,1,-0.5,0.5,-0.5,1,-0.5,-0.5,-0.5,1,0.5,-0.5,-0.5,1,0.5,-0.5,0.5,1,-0.5,-0.5,-0.5,1,0.5,-0.5,0.5,1,-0.5,-0.5,0.5,1 \
    --uniform u_mvp=1.181123,-0.142549,0.412321,0.408218,0.000000,1.258819,0.261420,0.258819,0.550767,0.305697,-0.884224,-0.875426,-0.310881,-0.281562,0.128531,0.226754 --uniform u_offset=0,0,0,0
