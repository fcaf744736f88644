#!/bin/bash
# tgx emu: the README's examples, setup-file statements, output forms and errors with positions.
# Expected values are worked out by hand from the setups and the corpus generator rule "gradient"
# (corpus/tgsi/README.md): red = floor(255 (2x + 1) / (2 wL)), green = floor(255 (2y + 1) /
# (2 hL)), blue = (32 L) & 255 for 2D, alpha = 255 - 16 L, as rgba8 (value / 255). Thread i is
# pixel (x, y) = (2 (q % 4) + (l & 1), 2 (q / 4) + (l >> 1)) of the 8x4 tile, q = i / 4, l = i % 4.
set -u
: "${TGX:?TGX must name the tgx binary}"
src=${TGX_SRC:-$(dirname "$0")/../..}
. "$(dirname "$0")/../common/lib.sh"

# reg THREAD REG FILE: "0xHEX (float)" of register REG on THREAD's line
# thread $1's R$2 in file $3: its hex, and its value in parentheses when it has one
reg() { sed -n "s/^t$1 .* R$2=\(0x[0-9a-f]*\( ([^)]*)\)\?\).*/\1/p" "$3"; }
want() { # want WHAT GOT EXPECTED
    if [ "$2" = "$3" ]; then ok; else bad "$1: '$2', expected '$3'"; fi
}

# The README example with the default setup: thread 0 samples the 8x8 gradient at its texel
# (0, 0) centre (one texel a pixel, LOD 0, linear): red = green = 15 / 255, blue 0.
expect_rc 0 "README example" -- sh -c "echo 'TEXS R0, R4, R0, R5, 0x52, 2D, RGB ;' | '$TGX' emu --arch sm_52 -"
want "README example header" "$(head -1 "$tmp/out")" "# 1 instruction, active 0xffffffff; written: R0 R4 R5"
want "README example lines" "$(grep -c '^t' "$tmp/out")" 32
want "thread 0 R4" "$(reg 0 4 "$tmp/out")" "0x3d70f0f1 (0.0588235296)"
want "thread 0 R5" "$(reg 0 5 "$tmp/out")" "0x3d70f0f1 (0.0588235296)"
want "thread 0 R0" "$(reg 0 0 "$tmp/out")" "0x00000000 (0)"
# thread 5 is pixel (3, 0): red floor(255 * 7 / 16) = 111
want "thread 5 R4" "$(reg 5 4 "$tmp/out")" "0x3edededf (0.435294122)"

# The tour: thread 5 = pixel (3, 0) of the 8x8 gradient
expect_rc 0 "tour" -- "$TGX" emu --arch sm_52 "$src/examples/emu_tour.sass" "$src/examples/emu_tour.setup"
o=$tmp/out
want "tour threads" "$(grep -c '^t' "$o")" 16
want "TEXS.LZ red" "$(reg 5 0 "$o")" "0x3edededf (0.435294122)"
want "TEXS.LZ green" "$(reg 5 1 "$o")" "0x3d70f0f1 (0.0588235296)"
want "TEXS.LZ blue" "$(reg 5 2 "$o")" "0x00000000 (0)"
want "TEXS.LZ alpha" "$(reg 5 3 "$o")" "0x3f800000 (1)"
# level 1 (4x4): s = 3.5/8 -> texel 1: red floor(255 * 3 / 8) = 95, green floor(255 / 8) = 31
want "TEXS.LL red" "$(reg 5 6 "$o")" "0x3ebebebf (0.372549027)"
want "TEXS.LL green" "$(reg 5 7 "$o")" "0x3df8f8f9 (0.121568628)"
want "TLDS red" "$(reg 5 8 "$o")" "0x3edededf (0.435294122)"
# gather of green around (3.5, 0.5) texels: rows 1, 1, 0, 0: 47, 47, 15, 15
want "TLD4S 0" "$(reg 5 16 "$o")" "0x3e3cbcbd (0.184313729)"
want "TLD4S 2" "$(reg 5 18 "$o")" "0x3d70f0f1 (0.0588235296)"
want "TMML LOD" "$(reg 5 20 "$o")" "0x00000000 (0)"
want "TXQ width" "$(reg 5 24 "$o" | cut -d' ' -f1)" "0x00000008"
want "TXQ levels" "$(reg 5 26 "$o" | cut -d' ' -f1)" "0x00000004"
# Each register shows what its instruction wrote (--format auto, the default): TXQ's width as
# the integer it is (it printed 1.12103877e-44 as a float), TMML's clamped LOD in U8.8 (0.5 ->
# 128), TXQ TEX_SAMPLER_LOD's fp32 min and max LOD (0.5, 1000: GL's default max), .F16's halves
# (15/255 rounds to the half 0x2b88 = 0.058838, low half first; B = 0, A = 1 in R2), and the
# texels of integer formats as signed (rgba32i: -1) or unsigned (rgba32ui: 4294967295)
# integers. --format both keeps the old hex-and-float reading of every value.
want "TXQ width as an integer" "$(reg 5 24 "$o")" "0x00000008 (8)"
cat >"$tmp/kinds.sass" <<'EOF2'
TEXS.F16.LZ R2, R0, R4, R5, 0x52, 2D, RGBA ;
TLDS.LZ RZ, R8, R10, R11, 0x53, 2D, RG ;
TXQ R24, RZ, TEX_SAMPLER_LOD, 0x52, 0x7 ;
TMML.LOD R20, R4, 0x52, 2D, 0x3 ;
EOF2
cat >"$tmp/kinds.setup" <<'EOF2'
header 1 = gradient@8x8,levels=4
sampler 1 = filter=nearest,mip=nearest,wrap=clamp_to_edge,min_lod=0.5
bind 0x52 = 1
header 2 = hex:ffffffff020000000000000000000000@1x1,format=rgba32i,levels=1
bind 0x53 = 2
R4 = (x + 0.5) / 8
R5 = (y + 0.5) / 8
R10 = 0u
R11 = 0u
active 0x0000000f
EOF2
expect_rc 0 "kinds" -- "$TGX" emu "$tmp/kinds.sass" "$tmp/kinds.setup"
cp "$tmp/out" "$tmp/kinds.out"
want "F16 halves" "$(reg 0 0 "$tmp/kinds.out")" "0x2b882b88 (0.058838, 0.058838)"
want "F16 B, A" "$(reg 0 2 "$tmp/kinds.out")" "0x3c000000 (0, 1)"
want "rgba32i texel" "$(reg 0 8 "$tmp/kinds.out")" "0xffffffff (-1)"
want "rgba32i texel G" "$(reg 0 9 "$tmp/kinds.out")" "0x00000002 (2)"
want "TMML clamped LOD U8.8" "$(reg 0 21 "$tmp/kinds.out")" "0x00000080 (128)"
want "TXQ min LOD fp32" "$(reg 0 24 "$tmp/kinds.out")" "0x3f000000 (0.5)"
want "TXQ max LOD fp32" "$(reg 0 25 "$tmp/kinds.out")" "0x447a0000 (1000)"
sed 's/rgba32i,/rgba32ui,/' "$tmp/kinds.setup" >"$tmp/kindsu.setup"
expect_rc 0 "kinds, rgba32ui" -- "$TGX" emu "$tmp/kinds.sass" "$tmp/kindsu.setup"
want "rgba32ui texel" "$(reg 0 8 "$tmp/out")" "0xffffffff (4294967295)"
expect_rc 0 "--format both" -- "$TGX" emu --format both "$tmp/kinds.sass" "$tmp/kinds.setup"
want "--format both: fp32 of every value" "$(reg 0 21 "$tmp/out")" "0x00000080 (1.79366203e-43)"
# The default setup makes one texture per shape, shown by every header that needs it: 40,000
# bindless 3D lookups each get their own handle and header but share one 8x8x8 texture (each
# got its own: 114 MB, 2.6 s). With an address-space limit 80 MB above what `tgx --version`
# needs (tgx maps libLLVM, the shader compiler's, when it starts: about 120 MB where tgx was
# built with it), the run must succeed; not checked under AddressSanitizer, which reserves far
# more address space than that.
if [ -z "${ASAN_OPTIONS:-}" ]; then
    base=$(tgx_start_kb)
    [ "$base" -gt 0 ] && ok || bad "tgx --version does not start in 1 GB of address space"
    awk 'BEGIN { for (i = 0; i < 40000; i++) print "TEX.B R0, R4, R8, 0x0, 3D, 0xf ;" }' >"$tmp/b3.sass"
    (ulimit -v $((base + 80000)) && "$TGX" emu "$tmp/b3.sass") >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 0 ] && grep -q "^# 40000 instructions" "$tmp/out" && ok || bad "40,000 bindless lookups in 80 MB above tgx's start ($base KB): rc $rc $(head -c 200 "$tmp/err")"
fi
# --format hex and float
expect_rc 0 "hex" -- "$TGX" emu --arch sm_52 --format hex "$src/examples/emu_tour.sass" "$src/examples/emu_tour.setup"
grep -q '^t5   R0=0x3edededf  R1=' "$tmp/out" && ok || bad "--format hex: $(sed -n 7p "$tmp/out" | head -c 100)"
expect_rc 0 "float" -- "$TGX" emu --arch sm_52 --format=float "$src/examples/emu_tour.sass" "$src/examples/emu_tour.setup"
grep -q '^t5   R0=0.435294122  R1=0.0588235296 ' "$tmp/out" && ok || bad "--format float: $(sed -n 7p "$tmp/out" | head -c 100)"

# -o: TGXR, one row per thread, one column per written register (R0 R1 R2 R3 R6 R7 R8 R9 R16
# R17 R18 R19 R20 R21 R24 R25 R26: 17), uint32
expect_rc 0 "tgxr" -- "$TGX" emu --arch sm_52 -o "$tmp/r.tgxr" "$src/examples/emu_tour.sass" "$src/examples/emu_tour.setup"
want "tgxr header" "$(od -An -tu4 -N 16 "$tmp/r.tgxr" | tr -s ' ')" " 1381517140 17 32 65537"
want "tgxr thread 5 R0" "$(od -An -tx4 -j $((16 + 4 * (5 * 17))) -N 4 "$tmp/r.tgxr" | tr -d ' ')" "3edededf"
[ -s "$tmp/out" ] && bad "-o also printed: $(head -c 100 "$tmp/out")" || ok

# Setup statements: per-thread values, predicates, bank words, views, unmapped, compute stage.
cat >"$tmp/s1.setup" <<'EOF'
header 2 = gradient@8x8,levels=4
sampler 2 = filter=nearest,mip=nearest
c[0x0][0x148] = 0x00200002   # word 0x52: sampler 2 << 20 | header 2
R4 = u32 x
R5 = u32 y
R5[1] = 7u                   # thread 1 loads row 7: green floor(255 * 15 / 16) = 239
P0 = i != 2                  # thread 2 does not run
EOF
printf '@P0 TLDS.LZ RZ, R0, R4, R5, 0x52, 2D, RG ;\n' >"$tmp/p1.sass"
expect_rc 0 "setup 1" -- "$TGX" emu --arch sm_52 "$tmp/p1.sass" "$tmp/s1.setup"
want "R5[1] = 7u" "$(reg 1 1 "$tmp/out")" "0x3f6feff0 (0.937254906)"
want "P0 false: untouched, bits nothing wrote" "$(reg 2 0 "$tmp/out")" "0x00000000"
want "thread 3 red" "$(reg 3 0 "$tmp/out")" "0x3e3cbcbd (0.184313729)"
# view: levels 1..3 (TLDS level 0 reads level 1, 4x4: thread 3 = texel (1, 1), red
# floor(255 * 3 / 8) = 95)
printf 'view 2 = levels=1:3\n' >>"$tmp/s1.setup"
expect_rc 0 "view" -- "$TGX" emu --arch sm_52 "$tmp/p1.sass" "$tmp/s1.setup"
want "view base level 1" "$(reg 3 0 "$tmp/out")" "0x3ebebebf (0.372549027)"
# unmapped + the sparse predicate
printf 'unmapped 2\n' >>"$tmp/s1.setup"
printf 'TLD.LZ P3, R0, R4, RZ, 0x52, 2D, 0x1 ;\n' >"$tmp/p2.sass"
expect_rc 0 "unmapped" -- "$TGX" emu --arch sm_52 "$tmp/p2.sass" "$tmp/s1.setup"
grep -q '^t1   R0=0x00000000 (0)  P3=1$' "$tmp/out" && ok || bad "unmapped: $(sed -n 3p "$tmp/out")"
# via header binding: the word names sampler 0xfff, unset; via_header makes it sampler 2
cat >"$tmp/s2.setup" <<'EOF'
header 2 = gradient@8x8
sampler 2 = filter=nearest
bind 0x52 = 2, 0xfff
R4 = (x + 0.5) / 8
R5 = (y + 0.5) / 8
EOF
printf 'TEXS.LZ RZ, R0, R4, R5, 0x52, 2D, R ;\n' >"$tmp/p3.sass"
expect_rc 0 "unset sampler" -- "$TGX" emu --arch sm_52 "$tmp/p3.sass" "$tmp/s2.setup"
want "unset sampler reads zeros" "$(reg 5 0 "$tmp/out")" "0x00000000 (0)"
printf 'binding via_header\n' >>"$tmp/s2.setup"
expect_rc 0 "via header" -- "$TGX" emu --arch sm_52 "$tmp/p3.sass" "$tmp/s2.setup"
want "via header binding" "$(reg 5 0 "$tmp/out")" "0x3edededf (0.435294122)"
printf 'header_max 1\n' >>"$tmp/s2.setup"
expect_rc 0 "header_max" -- "$TGX" emu --arch sm_52 "$tmp/p3.sass" "$tmp/s2.setup"
want "header past MaximumIndex: zeros, nothing to say what" "$(reg 5 0 "$tmp/out")" "0x00000000"
# expressions: operators and precedence; active mask from an expression
cat >"$tmp/s3.setup" <<'EOF'
header 1 = gradient@8x8
sampler 1 = filter=nearest
bind 0x10 = 1
R6 = u32 (i & 3) << 1 | (i >= 16)    # thread 17: (1 << 1) | 1 = 3
R7 = u32 -(-2) * 3 - 6 % 4           # 6 - 2 = 4
active 0xff << 16
EOF
printf 'TLDS.LZ RZ, R0, R6, R7, 0x10, 2D, RG ;\n' >"$tmp/p4.sass"
expect_rc 0 "expressions" -- "$TGX" emu --arch sm_52 "$tmp/p4.sass" "$tmp/s3.setup"
want "active mask" "$(head -1 "$tmp/out" | cut -d, -f2)" " active 0x00ff0000; written: R0 R1"
# texel (3, 4): red floor(255 * 7 / 16) = 111, green floor(255 * 9 / 16) = 143
want "expression value" "$(reg 17 0 "$tmp/out")" "0x3edededf (0.435294122)"
want "expression value" "$(reg 17 1 "$tmp/out")" "0x3f0f8f90 (0.56078434)"

# Errors: positions in the setup and the program, the checker's and decoder's messages.
printf 'R4 = (i + 1\n' >"$tmp/e1.setup"
expect_rc 1 "setup syntax" -- "$TGX" emu --arch sm_52 "$tmp/p3.sass" "$tmp/e1.setup"
grep -q "e1.setup:1:12: error: expected ')'" "$tmp/err" && ok || bad "setup position: $(cat "$tmp/err")"
printf 'header 1 = gradient@8x8\nsampler 1 = filter=blurry\n' >"$tmp/e2.setup"
expect_rc 1 "setup sampler" -- "$TGX" emu --arch sm_52 "$tmp/p3.sass" "$tmp/e2.setup"
grep -q "e2.setup:2:13: error: sampler: .*blurry" "$tmp/err" && ok || bad "sampler position: $(cat "$tmp/err")"
printf 'R4 = z\n' >"$tmp/e3.setup"
expect_rc 1 "unknown variable" -- "$TGX" emu --arch sm_52 "$tmp/p3.sass" "$tmp/e3.setup"
grep -q "e3.setup:1:6: error: unknown variable" "$tmp/err" && ok || bad "variable: $(cat "$tmp/err")"
printf 'R300 = 1\n' >"$tmp/e4.setup"
expect_rc 1 "bad register" -- "$TGX" emu --arch sm_52 "$tmp/p3.sass" "$tmp/e4.setup"
grep -q "e4.setup:1:1: error: 'R300' is not a register" "$tmp/err" && ok || bad "register: $(cat "$tmp/err")"
printf 'view 9 = levels=1\n' >"$tmp/e5.setup"
expect_rc 1 "view of nothing" -- "$TGX" emu --arch sm_52 "$tmp/p3.sass" "$tmp/e5.setup"
grep -q "e5.setup:1:6: error: header 9 is not set" "$tmp/err" && ok || bad "view: $(cat "$tmp/err")"
printf 'TEXS.LZ RZ, R0, R4, R5, 0x52, 2D, R ;\n  TEXS RZ, R1, R4, R5, 0x52, 2D, RG ;\n' >"$tmp/e6.sass"
expect_rc 1 "illegal line 2" -- "$TGX" emu --arch sm_52 "$tmp/e6.sass"
grep -q "e6.sass:2:12: error: sm5-TEXS: Rd aligned" "$tmp/err" && ok || bad "checker: $(cat "$tmp/err")"
[ -s "$tmp/out" ] && bad "an illegal program printed registers" || ok
printf 'TEXS.LZ RZ, R0, R4, Q5, 0x52, 2D, R ;\n' >"$tmp/e7.sass"
expect_rc 1 "parse error" -- "$TGX" emu --arch sm_52 "$tmp/e7.sass"
grep -q "e7.sass:1:21: error: " "$tmp/err" && ok || bad "parse position: $(cat "$tmp/err")"
# a raw code file with a TLDS word of the undefined encoding 3: nvdisasm's message
printf '\xe1\x07\x00\x00\x00\x00\x00\x00' >"$tmp/bad.bin"
printf '\x00\x04\x07\x00\xf0\x0f\x60\xda' >>"$tmp/bad.bin"
printf '\x00\x0f\x07\x00\x00\x00\xb0\x50\x00\x0f\x07\x00\x00\x00\xb0\x50' >>"$tmp/bad.bin"
expect_rc 1 "bad word" -- "$TGX" emu --arch sm_52 "$tmp/bad.bin"
grep -q "bad.bin: error: instruction at 0x0008: Opclass 'TLDS', undefined value 0x3 for table 'Tld2D4'" "$tmp/err" && ok || bad "decoder: $(cat "$tmp/err")"
# a cubin: its own SM; several kernels need --section; non-texture instructions are skipped
expect_rc 2 "cubin sections" -- "$TGX" emu "$src/tests/data/cubin/tex_sm_52.cubin"
grep -q "name one with --section: .text.k_txq .text.k_tld4 .text.k_tex2d" "$tmp/err" && ok || bad "sections: $(cat "$tmp/err")"
expect_rc 0 "cubin" -- "$TGX" emu --section .text.k_tld4 "$src/tests/data/cubin/tex_sm_52.cubin"
grep -q "^# 2 instructions (16 non-texture skipped)" "$tmp/out" && ok || bad "cubin: $(head -1 "$tmp/out")"
# the kernel's name finds its section too (.text.k_tld4 is k_tld4's code), the same run
cp "$tmp/out" "$tmp/by_section"
expect_rc 0 "cubin --section k_tld4" -- "$TGX" emu --section k_tld4 "$src/tests/data/cubin/tex_sm_52.cubin"
cmp -s "$tmp/out" "$tmp/by_section" && ok || bad "--section k_tld4: $(head -1 "$tmp/out")"
expect_rc 2 "cubin --section k_nope" -- "$TGX" emu --section k_nope "$src/tests/data/cubin/tex_sm_52.cubin"
grep -q "has no section 'k_nope'; its code sections: .text.k_txq .text.k_tld4 .text.k_tex2d" "$tmp/err" && ok || bad "--section k_nope: $(cat "$tmp/err")"
# A texture file named in a setup is found beside the setup, wherever tgx runs: raw texels of a
# 2x1 rgba8 texture, texel 1 = (0x33, 0x66, 0x99, 0xcc); TLDS of texel (1, 0): red 0x33 / 255 = 0.2.
mkdir -p "$tmp/sub"
printf '\x11\x22\x44\x88\x33\x66\x99\xcc' >"$tmp/sub/texels.bin"
cat >"$tmp/sub/raw.setup" <<'EOF2'
header 1 = raw:texels.bin@2x1,format=rgba8,levels=1
bind 0x10 = 1
R4 = 1u
R5 = 0u
EOF2
printf 'TLDS.LZ RZ, R0, R4, R5, 0x10, 2D, R ;\n' >"$tmp/p5.sass"
expect_rc 0 "texture beside the setup" -- sh -c "cd / && '$TGX' emu --arch sm_52 '$tmp/p5.sass' '$tmp/sub/raw.setup'"
want "raw texel beside the setup" "$(reg 0 0 "$tmp/out")" "0x3e4ccccd (0.200000003)"
# -o -: the TGXR bytes on stdout (header "TGXR", 1 column, 32 rows, 1 channel, uint32)
expect_rc 0 "-o -" -- "$TGX" emu --arch sm_52 -o - "$tmp/p5.sass" "$tmp/sub/raw.setup"
want "-o - header" "$(od -An -tu4 -N 16 "$tmp/out" | tr -s ' ')" " 1381517140 1 32 65537"
want "-o - thread 0" "$(od -An -tx4 -j 16 -N 4 "$tmp/out" | tr -d ' ')" "3e4ccccd"
[ -e ./- ] && bad "-o - wrote a file named '-'" || ok
# text with a stray NUL is still text: the assembler says where (not "incomplete bundle")
printf 'TEXS.LZ RZ, R0, R4, R5, 0x52, 2D, R ;\n\000\n' >"$tmp/nul.sass"
expect_rc 1 "text with a NUL" -- "$TGX" emu --arch sm_52 "$tmp/nul.sass"
grep -q "^$tmp/nul.sass:2:1: error: .*NUL" "$tmp/err" && ok || bad "NUL in text: $(cat "$tmp/err")"
# usage: --section is for cubins; PROGRAM and SETUP cannot both be stdin
expect_rc 2 "--section on text" -- "$TGX" emu --arch sm_52 --section .text.k "$tmp/p5.sass"
grep -q "^tgx emu: --section names a kernel of a cubin" "$tmp/err" && ok || bad "--section: $(cat "$tmp/err")"
expect_rc 2 "both stdin" -- sh -c "'$TGX' emu --arch sm_52 - - <'$tmp/p5.sass'"
grep -q "^tgx emu: PROGRAM and SETUP cannot both be '-'" "$tmp/err" && ok || bad "- -: $(cat "$tmp/err")"

# usage
# text without --arch is sm_52's, as in every verb (tgx lower x.tgsi | tgx emu - works)
"$TGX" emu --arch sm_52 "$tmp/p3.sass" >"$tmp/with_arch" 2>&1
expect_rc 0 "no arch for text: sm_52" -- "$TGX" emu "$tmp/p3.sass"
cmp -s "$tmp/out" "$tmp/with_arch" && ok || bad "emu without --arch differs from --arch sm_52: $(head -3 "$tmp/out")"
"$TGX" lower "$src/tests/data/corpus/tex2d_proj/shader.tgsi" >"$tmp/lowered.sass" 2>/dev/null
expect_rc 0 "tgx lower x.tgsi | tgx emu -" -- "$TGX" emu - <"$tmp/lowered.sass"
grep -q "^# 2 instructions" "$tmp/out" && ok || bad "lower | emu: $(head -2 "$tmp/out" "$tmp/err")"
expect_rc 2 "bad option" -- "$TGX" emu --frobnicate "$tmp/p3.sass"
expect_rc 2 "bad profile" -- "$TGX" emu --arch sm_52 --profile fast "$tmp/p3.sass"
expect_rc 2 "missing file" -- "$TGX" emu --arch sm_52 "$tmp/nonexistent.sass"
expect_rc 0 "help" -- "$TGX" emu --help
grep -q "usage: tgx emu" "$tmp/out" && ok || bad "help text"

finish
