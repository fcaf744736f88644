#!/bin/bash
# Deep nesting (docs/check.md "Limits", docs/tgsi.md): 10,000 nested IFs, loops and SWITCHes
# are valid TGSI. tgx check accepts them with one warning per kind at the block that goes past
# Mesa's interpreter's 32 levels (TGSI_EXEC_MAX_NESTING, Mesa 22.3 tgsi_exec.h), and tgx fmt
# indents at most 32 levels (2 spaces each, tgsi_dump's layout), so its output grows linearly
# with the input (it printed 200 MB of indentation for 10,000 IFs).
set -u
: "${TGX:?TGX must name the tgx binary}"
. "$(dirname "$0")/../common/lib.sh"

n=10000
awk -v n=$n 'BEGIN {
    print "FRAG"; print "DCL OUT[0], COLOR"; print "DCL TEMP[0]"
    print "IMM[0] FLT32 {    1.0000,     0.0000,     0.0000,     0.0000}"
    k = 0
    for (i = 0; i < n; i++) printf "%3d: IF IMM[0].yyyy :0\n", k++
    printf "%3d: MOV OUT[0], IMM[0]\n", k++
    for (i = 0; i < n; i++) printf "%3d: ENDIF\n", k++
    printf "%3d: END\n", k++
}' >"$tmp/ifs.tgsi"
expect_rc 0 "check: 10,000 nested IFs" -- "$TGX" check "$tmp/ifs.tgsi"
# the 33rd IF is line 4 + 33 = 37, its opcode after "%3d: " at column 6
[ "$(wc -l <"$tmp/err")" = 1 ] && grep -q "ifs.tgsi:37:6: warning: IF nests 33 IF/UIF blocks deep: Mesa's tgsi_exec (softpipe) runs at most 32" "$tmp/err" &&
    ok || bad "nesting warning: $(head -c 300 "$tmp/err")"
expect_rc 0 "fmt: 10,000 nested IFs" -- "$TGX" fmt "$tmp/ifs.tgsi"
in_size=$(stat -c %s "$tmp/ifs.tgsi")
out_size=$(stat -c %s "$tmp/out")
# each line gets at most 64 spaces of indentation more than its text
[ "$out_size" -le $((in_size + 64 * (2 * n + 6))) ] && ok || bad "fmt output $out_size bytes for $in_size"
cp "$tmp/out" "$tmp/ifs.fmt"
# depth 32: 64 spaces after the number; depth 33 and deeper: still 64
[ "$(sed -n '37p' "$tmp/ifs.fmt" | sed 's/^ *[0-9]*: //' | awk '{ match($0, /^ */); print RLENGTH }')" = 64 ] &&
    [ "$(sed -n '4000p' "$tmp/ifs.fmt" | sed 's/^ *[0-9]*: //' | awk '{ match($0, /^ */); print RLENGTH }')" = 64 ] &&
    [ "$(sed -n '8p' "$tmp/ifs.fmt" | sed 's/^ *[0-9]*: //' | awk '{ match($0, /^ */); print RLENGTH }')" = 6 ] &&
    ok || bad "indentation: $(sed -n '8p;37p;4000p' "$tmp/ifs.fmt" | cut -c1-90)"
expect_rc 0 "fmt of fmt" -- "$TGX" fmt "$tmp/ifs.fmt"
cmp -s "$tmp/out" "$tmp/ifs.fmt" && ok || bad "fmt is not idempotent on deep nesting"
expect_rc 0 "run: 10,000 nested IFs" -- "$TGX" run "$tmp/ifs.tgsi" --size 4x4 -o "$tmp/ifs.tgxr"

# loops and SWITCHes: one warning each, at the 33rd
awk 'BEGIN {
    print "FRAG"; print "DCL OUT[0], COLOR"; print "DCL TEMP[0]"
    print "IMM[0] UINT32 {0, 0, 0, 0}"
    k = 0
    for (i = 0; i < 40; i++) printf "%3d: BGNLOOP :0\n", k++
    for (i = 0; i < 40; i++) { printf "%3d: SWITCH IMM[0].xxxx\n", k++; printf "%3d: DEFAULT\n", k++ }
    printf "%3d: BRK\n", k++
    for (i = 0; i < 40; i++) printf "%3d: ENDSWITCH\n", k++
    for (i = 0; i < 40; i++) printf "%3d: ENDLOOP :0\n", k++
    printf "%3d: END\n", k++
}' >"$tmp/mix.tgsi"
expect_rc 0 "check: 40 loops and 40 SWITCHes" -- "$TGX" check "$tmp/mix.tgsi"
# BGNLOOP 33 is line 37; SWITCH 33 is line 4 + 40 + 2 * 32 + 1 = 109
grep -q "mix.tgsi:37:6: warning: BGNLOOP nests 33 loops deep" "$tmp/err" &&
    grep -q "mix.tgsi:109:6: warning: SWITCH nests 33 SWITCHes deep" "$tmp/err" &&
    [ "$(wc -l <"$tmp/err")" = 2 ] && ok || bad "loop/switch warnings: $(cat "$tmp/err")"
# 32 levels: no warning
head -n 36 "$tmp/ifs.tgsi" >"$tmp/32.tgsi"
awk 'NR > 4 && NR <= 36 { n++ } END { for (i = 0; i < n; i++) printf "%3d: ENDIF\n", 100 + i; print "200: END" }' \
    "$tmp/ifs.tgsi" >>"$tmp/32.tgsi"
expect_rc 0 "check: 32 nested IFs" -- "$TGX" check "$tmp/32.tgsi"
[ ! -s "$tmp/err" ] && ok || bad "32 levels warned: $(cat "$tmp/err")"
finish
