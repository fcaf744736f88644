#!/bin/bash
# Rasterizer and clip state in case files (docs/replay.md): legacy user clip planes
# (gallium_state_at_draw.clip.ucp) and the sprite coordinates' origin (rasterizer.
# sprite_coord_mode). tests/data/raster/clip_vertex was drawn by Mesa (tools/mesa-cases.sh) with
# gl_ClipVertex and two glClipPlane planes in a compatibility-profile context,
# clip_planes_position with planes and no gl_ClipVertex, points_coord_lower_left with
# gl_PointCoord and GL_POINT_SPRITE_COORD_ORIGIN GL_LOWER_LEFT. Each must fail when its state is
# dropped, and the reader must refuse what it cannot honour, at the member's line and column.
set -u
: "${TGX:?TGX must name the tgx binary}"
data=${TGX_TEST_DATA:-$(dirname "$0")/../data}
. "$(dirname "$0")/../common/lib.sh"

cv=$data/raster/clip_vertex
cp=$data/raster/clip_planes_position
[ -f "$cv/case.json" ] && [ -f "$cp/case.json" ] || { echo "raster cases missing under $data"; exit 1; }
expect_rc 0 "clip_vertex and clip_planes_position as drawn by Mesa" -- \
    "$TGX" replay --strict "$cv" "$cp"

# Without the planes (a reader that knows only clip distances): every plane is 0, no vertex is
# outside one, and the clipped parts are drawn.
for c in "$cv" "$cp"; do
    n=$(basename "$c")
    cp -r "$c" "$tmp/$n.noucp"
    sed -i 's/^   "clip": {"ucp"/   "clip_unused": {"ucp"/' "$tmp/$n.noucp/case.json"
    expect_rc 1 "$n without its planes" -- "$TGX" replay --strict "$tmp/$n.noucp"
    grep -q "^FAIL $n: result\[" "$tmp/out" && ok || bad "$n.noucp: $(head -c 300 "$tmp/out")"
    cp -r "$c" "$tmp/$n.off"
    sed -i 's/"clip_plane_enable": [0-9]*/"clip_plane_enable": 0/' "$tmp/$n.off/case.json"
    expect_rc 1 "$n with its planes not enabled" -- "$TGX" replay --strict "$tmp/$n.off"
    grep -q "^FAIL $n: result\[" "$tmp/out" && ok || bad "$n.off: $(head -c 300 "$tmp/out")"
done

# Planes the reader refuses where they stand: three numbers, a value past float range, nine planes.
refuse() { # NAME SED-EXPRESSION MESSAGE
    cp -r "$cv" "$tmp/$1"
    sed -i "$2" "$tmp/$1/case.json"
    local line
    line=$(grep -n '"clip": {"ucp"' "$tmp/$1/case.json" | cut -d: -f1)
    expect_rc 1 "$1" -- "$TGX" replay "$tmp/$1"
    grep -q "case.json:$line:[0-9]*: error: clip.ucp: expected $3" "$tmp/out" &&
        ok || bad "$1: $(head -c 300 "$tmp/out")"
}
refuse three 's/\[0.75, 0.5, 0, 0.125\]/[0.75, 0.5, 0]/' 'a plane of 4 numbers \[A, B, C, D\]'
refuse huge 's/\[0.75, 0.5, 0, 0.125\]/[0.75, 1e39, 0, 0.125]/' 'a number within float range'
nine=$(printf '[0, 0, 0, 1], %.0s' 1 2 3 4 5 6 7 8)
refuse nine "s/\"ucp\": \[/\"ucp\": [$nine/" 'an array of at most 8 planes'

# sprite_coord_mode: dropped (the default, lower_left) the points' t is upside down; a mode that
# is neither name is refused where it stands.
pc=$data/raster/points_coord_lower_left
expect_rc 0 "points_coord_lower_left as drawn by Mesa" -- "$TGX" replay --strict "$pc"
cp -r "$pc" "$tmp/nomode"
sed -i 's/, "sprite_coord_mode": "upper_left"//' "$tmp/nomode/case.json"
expect_rc 1 "points_coord_lower_left without its sprite_coord_mode" -- \
    "$TGX" replay --strict "$tmp/nomode"
grep -q "^FAIL points_coord_lower_left: result\[" "$tmp/out" && ok || bad "nomode: $(head -c 300 "$tmp/out")"
cp -r "$pc" "$tmp/badmode"
sed -i 's/"sprite_coord_mode": "upper_left"/"sprite_coord_mode": "top"/' "$tmp/badmode/case.json"
line=$(grep -n '"sprite_coord_mode"' "$tmp/badmode/case.json" | cut -d: -f1)
expect_rc 1 "sprite_coord_mode top" -- "$TGX" replay "$tmp/badmode"
grep -q "case.json:$line:[0-9]*: error: sprite_coord_mode: expected upper_left or lower_left" \
    "$tmp/out" && ok || bad "badmode: $(head -c 300 "$tmp/out")"
finish
