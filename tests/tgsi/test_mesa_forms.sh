#!/bin/bash
# What Mesa 22.3 emits must check clean (docs/check.md "What Mesa emits"). nir_to_tgsi keeps a
# 64-bit constant in a UINT32 immediate, low word first (ntt_get_load_const_src), and ureg
# deduplicates immediates word by word (tgsi_ureg.c match_or_expand_immediate), so a double or
# 64-bit integer is read with any swizzle: .zzzz when both halves equal a word already at z,
# .yw when its words landed in y and w. tgsi_exec reads, for each written half, the low word from
# the half's first swizzle letter and the high word from its second (fetch_double_channel); the
# interpreter must read them the same way. Values by IEEE 754: 1.5 = 0x3ff8000000000000, as a
# float 0x3fc00000.
set -u
: "${TGX:?TGX must name the tgx binary}"
. "$(dirname "$0")/../common/lib.sh"

# IMM[0] = {7, 0, 0, 0x3ff80000}: .yw reads (lo 0, hi 0x3ff80000) = 1.5, .zzzz reads (0, 0) = 0.0,
# .xzxz reads (7, 0) = 7 as a 64-bit integer.
cat >"$tmp/dbl.tgsi" <<'T'
FRAG
DCL OUT[0], COLOR
DCL TEMP[0..2]
IMM[0] UINT32 {7, 0, 0, 1073217536}
IMM[1] FLT64 {2.5, 1.5}
  0: DADD TEMP[0].xy, IMM[0].ywyw, IMM[0].zzzz
  1: D2F TEMP[1].x, TEMP[0].xyxy
  2: DADD TEMP[0].zw, IMM[1].xyzw, IMM[0].zzyw
  3: D2F TEMP[1].y, TEMP[0].zwzw
  4: DMUL TEMP[2].xy, IMM[1].zwzw, IMM[1].xwxw
  5: D2F TEMP[1].z, TEMP[2].xyxy
  6: MOV TEMP[1].w, IMM[1].xxxx
  7: MOV OUT[0], TEMP[1]
  8: END
T
expect_rc 0 "Mesa's 64-bit swizzles check clean" -- "$TGX" check "$tmp/dbl.tgsi"
[ ! -s "$tmp/err" ] && ok || bad "diagnostics on Mesa's forms: $(cat "$tmp/err")"
expect_rc 0 "and run" -- "$TGX" run "$tmp/dbl.tgsi" --size 1x1 -o "$tmp/dbl.tgxr"
# x: 1.5 + 0.0 = 1.5 (0x3fc00000); y: .zw of IMM[1] (1.5) + .yw of IMM[0] (1.5) = 3.0
# (0x40400000); z: 1.5 * .xw of IMM[1] = (lo of 2.5 = 0, hi of 1.5 = 0x3ff80000) = 1.5 -> 2.25
# (0x40100000); w: IMM[1].x as a float word: the low word of 2.5 = 0 (0x00000000)
[ "$(od -An -v -tx4 -j16 -N16 "$tmp/dbl.tgxr" | tr -s ' \n' ' ')" = " 3fc00000 40400000 40100000 00000000 " ] &&
    ok || bad "pairs read per letter: $(od -An -tx4 -j16 -N16 "$tmp/dbl.tgxr")"

# 64-bit integers: U64ADD of .ywyw (0x3ff80000_00000000) and .xzxz (0x00000000_00000007)
cat >"$tmp/u64.tgsi" <<'T'
FRAG
DCL OUT[0], COLOR
DCL TEMP[0]
IMM[0] UINT32 {7, 0, 0, 1073217536}
  0: U64ADD TEMP[0].xy, IMM[0].ywyw, IMM[0].xzxz
  1: U64ADD TEMP[0].zw, IMM[0].zzzz, IMM[0].xyxy
  2: MOV OUT[0], TEMP[0]
  3: END
T
expect_rc 0 "U64ADD with Mesa's swizzles checks clean" -- "$TGX" check "$tmp/u64.tgsi"
[ ! -s "$tmp/err" ] && ok || bad "diagnostics: $(cat "$tmp/err")"
expect_rc 0 "U64ADD runs" -- "$TGX" run "$tmp/u64.tgsi" --int --size 1x1 -o "$tmp/u64.tgxr"
# .xy: lo 0 + 7 = 7, hi 0x3ff80000 + 0; .zw: (0, 0) + (7, 0) = 7, 0
[ "$(od -An -v -tx4 -j16 -N16 "$tmp/u64.tgxr" | tr -s ' \n' ' ')" = " 00000007 3ff80000 00000007 00000000 " ] &&
    ok || bad "U64ADD words: $(od -An -tx4 -j16 -N16 "$tmp/u64.tgxr")"

# A write mask that splits a pair is legal to tgsi_sanity and tgsi_exec (whose result depends on
# the opcode); Mesa never emits one: a warning at the dst, and the run goes on.
cat >"$tmp/mask.tgsi" <<'T'
FRAG
DCL OUT[0], COLOR
DCL TEMP[0..1]
  0: MOV TEMP[1], TEMP[0]
  1: DADD TEMP[0].x, TEMP[1], TEMP[1]
  2: MOV OUT[0], TEMP[0]
  3: END
T
expect_rc 0 "split write mask: a warning" -- "$TGX" check "$tmp/mask.tgsi"
grep -q "mask.tgsi:5:11: warning: DADD writes 64-bit values: write mask .x splits a pair" "$tmp/err" &&
    ok || bad "split mask warning: $(cat "$tmp/err")"
expect_rc 0 "split write mask runs" -- "$TGX" run "$tmp/mask.tgsi" --size 1x1 -o "$tmp/m.tgxr"
finish
