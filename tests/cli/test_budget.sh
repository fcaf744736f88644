#!/bin/bash
# The instruction budget is per invocation (docs/exec.md): by default 10^6 instructions an
# invocation, so an endless loop stops within its first batch whatever the render size, with
# the error at the instruction (file:line:col), while a shader whose every invocation runs fewer
# instructions than the budget completes however many invocations a batch holds. No times are
# asserted (bench/ measures); the default and its unit are.
set -u
: "${TGX:?TGX must name the tgx binary}"
. "$(dirname "$0")/../common/lib.sh"

cat >"$tmp/loop.tgsi" <<'T'
FRAG
DCL OUT[0], COLOR
DCL TEMP[0]
IMM[0] FLT32 {    1.0000,     0.0000,     0.0000,     0.0000}
  0: MOV TEMP[0], IMM[0].yyyy
  1: BGNLOOP :0
  2:   ADD TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx
  3: ENDLOOP :1
  4: MOV OUT[0], TEMP[0]
  5: END
T
# line 8 is ENDLOOP, its opcode at column 6; the budget stops the loop there (the check follows
# each instruction: 1 MOV + 2 per iteration, so the millionth is an ENDLOOP)
expect_rc 1 "endless loop, 256x256, default budget" -- "$TGX" run "$tmp/loop.tgsi" --size 256x256 \
    -o "$tmp/l.png"
grep -q "loop.tgsi:8:6: error: instruction budget of 1000000 per invocation exceeded at ENDLOOP (instruction 3)" \
    "$tmp/err" && ok || bad "default budget message: $(cat "$tmp/err")"
[ ! -e "$tmp/l.png" ] && ok || bad "a failed run wrote its output"

# Each pixel loops 250 times, every pixel of a 64x64 render (256 to a batch) the same count.
cat >"$tmp/bounded.tgsi" <<'T'
FRAG
DCL OUT[0], COLOR
DCL TEMP[0]
IMM[0] FLT32 {    1.0000,     0.0000,   250.0000,     0.0000}
  0: MOV TEMP[0], IMM[0].yyyy
  1: BGNLOOP :0
  2:   SGE TEMP[0].y, TEMP[0].xxxx, IMM[0].zzzz
  3:   IF TEMP[0].yyyy :0
  4:     BRK
  5:   ENDIF
  6:   ADD TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx
  7: ENDLOOP :1
  8: MOV OUT[0], TEMP[0]
  9: END
T
# Per invocation: MOV, 250 iterations of SGE, IF, ENDIF (the false IF's jump counts it), ADD,
# ENDLOOP (1250), then the last pass and MOV, END: about 1,260 instructions. A budget of 1300
# lets every pixel finish, 1200 stops in the loop; a count over the batch's lanes (256 x 1260)
# would fail both.
expect_rc 0 "every invocation under the budget" -- "$TGX" run "$tmp/bounded.tgsi" --size 64x64 \
    --budget 1300 -o "$tmp/b.tgxr"
# every pixel's red is 250 = 0x437a0000
[ "$(od -An -v -tx4 -j16 "$tmp/b.tgxr" | tr -s ' \n' '\n' | grep -c '^437a0000$')" = 4096 ] && ok ||
    bad "bounded loop result"
expect_rc 1 "an invocation over the budget" -- "$TGX" run "$tmp/bounded.tgsi" --size 64x64 \
    --budget 1200 -o "$tmp/b.tgxr"
grep -q "budget of 1200 per invocation exceeded" "$tmp/err" && ok || bad "$(cat "$tmp/err")"

# Compute: an endless loop in a 1024-thread block stops the same way.
cat >"$tmp/cs.tgsi" <<'T'
COMP
PROPERTY CS_FIXED_BLOCK_WIDTH 1024
PROPERTY CS_FIXED_BLOCK_HEIGHT 1
PROPERTY CS_FIXED_BLOCK_DEPTH 1
DCL BUFFER[0]
DCL TEMP[0]
IMM[0] UINT32 {0, 1, 0, 0}
  0: MOV TEMP[0].x, IMM[0].xxxx
  1: BGNLOOP :0
  2:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy
  3: ENDLOOP :1
  4: STORE BUFFER[0].x, IMM[0].xxxx, TEMP[0].xxxx
  5: END
T
expect_rc 1 "compute endless loop" -- "$TGX" run "$tmp/cs.tgsi" --buffer 0=4
grep -q "cs.tgsi:11:6: error: instruction budget of 1000000 per invocation" "$tmp/err" && ok ||
    bad "compute budget message: $(cat "$tmp/err")"

# --help says the unit and the default
"$TGX" run --help | tr -s ' \n' ' ' | grep -q -- "--budget N instructions one invocation .* default 1000000" &&
    ok || bad "--help does not give the budget's unit and default"
finish
