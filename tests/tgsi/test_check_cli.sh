#!/bin/bash
# `tgx check` as a command: exit status 0 clean (warnings allowed), 1 invalid, 2 usage or I/O;
# every diagnostic as file:line:col: severity: message; '-' reads stdin.
set -u
: "${TGX:?TGX must name the tgx binary}"
: "${TGX_TEST_DATA:?TGX_TEST_DATA must name tests/data}"
. "$(dirname "$0")/../common/lib.sh"

cat >"$tmp/good.tgsi" <<'T'
FRAG
DCL IN[0], GENERIC[0], LINEAR
DCL OUT[0], COLOR
  0: MOV OUT[0], IN[0]
  1: END
T
# TEMP[1] is read but only TEMP[0] is declared (line 5, column 18, where TEMP[1] starts).
cat >"$tmp/bad.tgsi" <<'T'
FRAG
DCL IN[0], GENERIC[0], LINEAR
DCL OUT[0], COLOR
DCL TEMP[0]
  0: MOV OUT[0], TEMP[1]
  1: END
T
# Saturating an unsigned result is legal but pointless: a warning, exit 0.
cat >"$tmp/warn.tgsi" <<'T'
FRAG
DCL IN[0], GENERIC[0], LINEAR
DCL OUT[0], COLOR
DCL TEMP[0]
  0: F2U TEMP[0], IN[0]
  1: UADD_SAT OUT[0], TEMP[0], TEMP[0]
  2: END
T
# 64-bit results: tgsi_exec's store_double_channel clamps the pair as a double; the 64-bit
# comparisons write a mask whose clamp Mesa leaves undefined.
cat >"$tmp/warn64.tgsi" <<'T'
FRAG
DCL OUT[0], COLOR
DCL TEMP[0..1]
  0: U64ADD_SAT TEMP[0].xy, TEMP[1].xyxy, TEMP[1].xyxy
  1: DSLT_SAT TEMP[0].z, TEMP[1].xyxy, TEMP[1].zwzw
  2: F2D_SAT TEMP[1].xy, TEMP[0].xxxx
  3: MOV OUT[0], TEMP[0]
  4: END
T

cd "$tmp" || exit 1
expect_rc 0 "clean file" -- "$TGX" check good.tgsi
[ ! -s err ] && ok || bad "clean file printed: $(cat err)"
expect_rc 1 "invalid file" -- "$TGX" check bad.tgsi
grep -qx 'bad.tgsi:5:18: error: TEMP\[1\] is not declared' err && ok || bad "invalid file diagnostic: $(cat err)"
expect_rc 1 "clean then invalid" -- "$TGX" check good.tgsi bad.tgsi
expect_rc 1 "invalid then clean" -- "$TGX" check bad.tgsi good.tgsi
grep -q '^bad.tgsi:5:18: error: ' err && ok || bad "second file not reported"
expect_rc 0 "warnings only" -- "$TGX" check warn.tgsi
# The warning says what happens (Mesa's tgsi_exec store_dest clamps the bits as a float).
grep -qx 'warn.tgsi:6:6: warning: _SAT on UADD clamps its integer result as if its bits were a float: to \[0, 1\], NaN patterns to 0' err &&
  ok || bad "warning not printed: $(cat err)"
expect_rc 0 "64-bit saturate warnings" -- "$TGX" check warn64.tgsi
grep -qx 'warn64.tgsi:4:6: warning: _SAT on U64ADD clamps its integer result as if its bits were a double: to \[0, 1\], NaN patterns to 0' err &&
  ok || bad "U64ADD_SAT warning: $(cat err)"
grep -qx 'warn64.tgsi:5:6: warning: _SAT on DSLT is undefined (Mesa clamps the mask with an unset upper word); tgx stores the mask unclamped' err &&
  ok || bad "DSLT_SAT warning: $(cat err)"
[ "$(grep -c '_SAT' err)" -eq 2 ] && ok || bad "F2D_SAT (a double result) must not warn: $(cat err)"
expect_rc 0 "stdin" -- bash -c "\"$TGX\" check - < good.tgsi"
expect_rc 1 "stdin invalid" -- bash -c "\"$TGX\" check - < bad.tgsi"
grep -q '^<stdin>:5:18: error: TEMP\[1\] is not declared' err && ok || bad "stdin name: $(cat err)"
expect_rc 2 "no files" -- "$TGX" check
expect_rc 2 "missing file" -- "$TGX" check does-not-exist.tgsi
grep -q 'does-not-exist.tgsi' err && ok || bad "missing file not named: $(cat err)"
expect_rc 2 "unknown option" -- "$TGX" check --frobnicate good.tgsi
expect_rc 0 "--help" -- "$TGX" check --help
grep -q 'usage: tgx check' out && ok || bad "--help text: $(cat out)"
grep -q -- '--sm5' out && ok || bad "--help does not mention --sm5"
# One help for both checkers: with --sm5 anywhere it is the same text, which gives the Maxwell
# checker's usage line and options.
expect_rc 0 "--sm5 --help" -- "$TGX" check --sm5 --help
grep -q '^ *tgx check --sm5 --arch' out && grep -q -- '--textures float|integer' out && ok ||
    bad "--sm5 --help does not describe the Maxwell checker: $(cat out)"
expect_rc 0 "--help --sm5" -- "$TGX" check --help --sm5
grep -q '^ *tgx check --sm5 --arch' out && ok || bad "--help --sm5 does not describe --sm5"
# The Maxwell options belong to --sm5, whose --arch is sm_52 unless given (every verb's rule).
expect_rc 2 "--arch without --sm5" -- "$TGX" check --arch sm_50 good.tgsi
grep -q 'belong to --sm5' err && ok || bad "--arch without --sm5: $(cat err)"
printf 'TEXS RZ, R4, R8, R9, 0x55, 2D, RG ;\n' >tex.sass
expect_rc 0 "--sm5 without --arch" -- "$TGX" check --sm5 tex.sass
expect_rc 0 "-- ends options" -- "$TGX" check -- good.tgsi
# A file of several shaders, each from its processor line (the corpus's 131 internal shaders):
# each is checked, and a finding is reported at its line in the file. The first TXF on a CUBE
# target there is found by grep, the warning at its target (column 37 of
# `  3: TXF TEMP[0], TEMP[1], SAMP[0], CUBE`).
internal="$TGX_TEST_DATA/tgsi/_internal/softpipe-internal-shaders.tgsi"
line=$(grep -n '^  3: TXF TEMP\[0\], TEMP\[1\], SAMP\[0\], CUBE$' "$internal" | head -n 1 | cut -d: -f1)
expect_rc 0 "several shaders in one file" -- "$TGX" check "$internal"
head -n 1 err | grep -q ":$line:37: warning: TXF from a CUBE texture" && ok ||
    bad "first TXF-on-cube warning not at line $line: $(head -n 1 err)"
printf 'FRAG\nDCL OUT[0], COLOR\n  0: END\n\nFRAG\nDCL OUT[0], COLOR\n  0: MOV OUT[0], TEMP[1]\n  1: END\n' >two.tgsi
expect_rc 1 "second shader invalid" -- "$TGX" check two.tgsi
grep -qx 'two.tgsi:7:18: error: TEMP\[1\] is not declared' err && ok || bad "second shader's finding: $(cat err)"
printf 'FRAG\nMOV OUT[0], @\n' >parse.tgsi
expect_rc 1 "parse error" -- "$TGX" check parse.tgsi
grep -q '^parse.tgsi:2:[0-9]*: error: ' err && ok || bad "parse error position: $(cat err)"

finish
