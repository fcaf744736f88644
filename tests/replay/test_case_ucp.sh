#!/bin/bash
# Legacy user clip planes in case files (docs/replay.md, gallium_state_at_draw.clip.ucp):
# tests/data/raster/clip_vertex was drawn by Mesa (tools/mesa-cases.sh) with gl_ClipVertex and
# two glClipPlane planes in a compatibility-profile context, clip_planes_position with planes and
# no gl_ClipVertex. Each must fail when the planes are dropped or not enabled, and the reader must
# refuse planes it cannot honour, at the member's line and column.
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
finish
