#!/bin/bash
# Case files that say what real programs need (docs/replay.md): each stage's own constant buffers
# (tgsi_bindings.vertex_constants / fragment_constants, any CONST[n]) and GL_RGBA32I targets.
# tests/data/raster/uniforms_stages was drawn by Mesa (tools/mesa-cases.sh) with uniforms at
# different rows of the two stages' CONST[0] and two uniform blocks; int_color_signed writes
# negative integers. Each must fail when the per-stage buffers are merged or dropped, and the
# reader must refuse what it cannot honour, at the member's line and column.
set -u
: "${TGX:?TGX must name the tgx binary}"
data=${TGX_TEST_DATA:-$(dirname "$0")/../data}
. "$(dirname "$0")/../common/lib.sh"

u=$data/raster/uniforms_stages
i=$data/raster/int_color_signed
[ -f "$u/case.json" ] && [ -f "$i/case.json" ] || { echo "raster cases missing under $data"; exit 1; }

expect_rc 0 "uniforms_stages as drawn by Mesa" -- "$TGX" replay --strict "$u"

# Without the vertex shader's own buffers (a reader that knows only shared constants): its
# uniforms read 0 and the picture changes.
cp -r "$u" "$tmp/novs"
sed -i 's/^  "vertex_constants": {/  "vertex_constants_unused": {/' "$tmp/novs/case.json"
expect_rc 1 "without the vertex shader's own constants" -- "$TGX" replay --strict "$tmp/novs"
grep -q '^FAIL uniforms_stages: result\[' "$tmp/out" && ok || bad "novs: $(head -c 300 "$tmp/out")"
# The fragment shader's buffers shared by both stages (one CONST[0] for the draw, the layout
# replay had before): the vertex shader reads u_b where its u_a is.
cp -r "$u" "$tmp/onefs"
sed -i -e 's/^  "vertex_constants": {/  "vertex_constants_unused": {/' -e 's/^  "constants": {},$//' \
    -e 's/^  "fragment_constants": {/  "constants": {/' "$tmp/onefs/case.json"
expect_rc 1 "one CONST[0] for both stages" -- "$TGX" replay --strict "$tmp/onefs"
grep -q '^FAIL uniforms_stages: result\[' "$tmp/out" && ok || bad "onefs: $(head -c 300 "$tmp/out")"

# The vertex shader's CONST[0] given to both stages (shared): the fragment stage's own buffers
# still take its place, so the vertex stage is unchanged and the case passes.
cp -r "$u" "$tmp/shared"
sed -i 's/^  "vertex_constants": {/  "constants": {"note": "vs",/; s/^  "constants": {},$//' "$tmp/shared/case.json"
expect_rc 0 "a stage's own buffer takes the place of a shared one" -- "$TGX" replay --strict "$tmp/shared"

# A member that looks like a buffer but is not CONST[0..31]: refused where it stands.
cp -r "$u" "$tmp/badkey"
sed -i 's/^   "CONST\[1\]": {"rows": \[\["0xbf000000"/   "CONST[x]": {"rows": [["0xbf000000"/' "$tmp/badkey/case.json"
line=$(grep -n '"CONST\[x\]"' "$tmp/badkey/case.json" | head -1 | cut -d: -f1)
expect_rc 1 "CONST[x]" -- "$TGX" replay "$tmp/badkey"
grep -q "case.json:$line:[0-9]*: error: CONST\[x\]: expected a member named CONST\[n\] with n 0..31" "$tmp/out" &&
    ok || bad "CONST[x]: $(head -c 300 "$tmp/out")"

# CONST[1] twice for one stage: inputs.ubos binding 0 is CONST[1] of every stage too.
cp -r "$u" "$tmp/dup"
sed -i 's/^  "constants": {},/  "constants": {"CONST[1]": {"rows": [["0x0", "0x0", "0x0", "0x0"]]}},/' "$tmp/dup/case.json"
sed -i 's/^  "uniforms": \[\]/  "ubos": [{"binding": 0, "rows": [["0x0", "0x0", "0x0", "0x0"]]}]/' "$tmp/dup/case.json"
expect_rc 1 "CONST[1] from constants and from ubos" -- "$TGX" replay "$tmp/dup"
grep -q "error: constants: expected each CONST\[n\] once per stage" "$tmp/out" &&
    ok || bad "duplicate CONST[1]: $(head -c 300 "$tmp/out")"

# GL_RGBA32I: int32 results, compared as integers.
expect_rc 0 "int_color_signed as drawn by Mesa" -- "$TGX" replay --strict "$i"
cp -r "$i" "$tmp/ityp"
sed -i 's/"type": "int32"/"type": "uint32"/' "$tmp/ityp/case.json"
expect_rc 1 "uint32 results of a GL_RGBA32I target" -- "$TGX" replay "$tmp/ityp"
grep -q "error: type: expected int32 for a GL_RGBA32I framebuffer" "$tmp/out" &&
    ok || bad "int32 type: $(head -c 300 "$tmp/out")"
# one value of softpipe's result changed by one (byte 16 + 4 of the TGXR data: pixel 0, green)
cp -r "$i" "$tmp/ival"
printf '\x7f' | dd of="$tmp/ival/softpipe.i32" bs=1 seek=20 conv=notrunc status=none
printf '\x7f' | dd of="$tmp/ival/llvmpipe.i32" bs=1 seek=20 conv=notrunc status=none
expect_rc 1 "a changed integer" -- "$TGX" replay --strict "$tmp/ival"
grep -q '^FAIL int_color_signed: result\[0,0\].y expected -129' "$tmp/out" &&
    ok || bad "changed integer: $(head -c 300 "$tmp/out")"

finish
