#!/bin/bash
# tgx emu under hostile input: issue 9's standard for every verb, applied to issue 10's command.
# Bad input gets one clear error with its position (file:line:col in the setup file and the
# assembly text; file: error: for code files) and exit status 1; usage and I/O problems exit 2;
# nothing crashes, hangs or trips a sanitizer (make test-sanitize runs this with an ASan+UBSan
# tgx, whose reports this script looks for as well as the status).
#
# Part 1 pins the fixes of the QA pass one by one (each failed before: values that wrapped,
# saturated or became inf/0 in silence, a NUL that ended the file, octal addresses, ...).
# Part 2 generates setups from valid statements and, in most of them, one statement made invalid
# on purpose (numbers out of range, indices past their pools, deep or broken expressions,
# division by zero, shifts by 32 and more, non-ASCII, control bytes, long lines, huge textures,
# missing files and folders): the error must name the line of that statement and, where the
# generator knows it, the column. Part 3 generates programs: assembly lines with random
# registers, indices and modifiers, random raw code files and cubins with damaged ELF headers.
# TGX_EMU_HOSTILE_CASES (default 60 a kind) and TGX_EMU_HOSTILE_SEED scale it up.
set -u
: "${TGX:?TGX must name the tgx binary}"
src=${TGX_SRC:-$(dirname "$0")/../..}
. "$(dirname "$0")/../common/lib.sh"
cases=${TGX_EMU_HOSTILE_CASES:-60}
RANDOM=${TGX_EMU_HOSTILE_SEED:-2024}

# check DESCRIPTION RCS PATTERN -- command...: exit status one of RCS (digits); a failure's stderr
# matching the extended regex PATTERN and a success's holding no error; no sanitizer report, no
# hang.
check() {
    local what=$1 want=$2 pat=$3
    shift 4
    timeout 60 "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ "$rc" -eq 124 ]; then
        bad "$what: still running after 60 s"
    elif grep -qE 'Sanitizer|runtime error:' "$tmp/err"; then
        bad "$what: sanitizer report: $(head -c 600 "$tmp/err")"
    elif [ "${want#*"$rc"}" = "$want" ]; then
        bad "$what: exit $rc (want one of $want): $(head -c 300 "$tmp/err")"
    elif [ "$rc" -ne 0 ] && ! grep -qE -- "$pat" "$tmp/err"; then
        bad "$what: stderr '$(head -c 300 "$tmp/err")' does not match /$pat/"
    elif [ "$rc" -eq 0 ] && grep -q 'error' "$tmp/err"; then
        bad "$what: exit 0 with an error: $(head -c 300 "$tmp/err")"
    else
        ok
    fi
}

prog=$tmp/p.s
echo 'TEXS R0, R4, R0, R5, 0x52, 2D, RGB ;' >"$prog"
setup=$tmp/s.setup

# ---- part 1: the fixed cases, exact positions and messages --------------------------------------
# setup_err TEXT LINE:COL MESSAGE-REGEX: the setup TEXT (printf format) is refused there.
setup_err() {
    printf "$1" >"$setup"
    check "setup '$1'" 1 "^$setup:$2: error: .*$3" -- "$TGX" emu --arch sm_52 "$prog" "$setup"
}
setup_ok() {
    printf "$1" >"$setup"
    check "setup '$1'" 0 "" -- "$TGX" emu --arch sm_52 "$prog" "$setup"
}
# the float policy (docs/tgsi.md "Numbers"): no silent inf or 0 in fp32 registers and bank words
setup_err 'R4 = 1e39\n' 1:6 "'1e39' is too large for a 32-bit float \(it would become inf"
setup_err 'R5 = 0.5\nR4 = -1e-50\n' 2:6 "'-1e-50' is too small for a 32-bit float"
setup_err 'R4 = 1e30 * 1e30\n' 1:6 '1e\+60 is too large for a 32-bit float'
setup_err 'c[0][0x148] = 1e39\n' 1:15 "'1e39' is too large"
setup_ok 'R4 = inf\nR5 = -inf\nR6 = nan\nR7 = 1e-40\nR8 = 340282346638528859811704183484516925440.0\n'
# division by zero, and which thread it happens in when a thread variable caused it
setup_err 'R4 = 1/0\n' 1:7 'division of 1 by zero$'
setup_err 'R4 = 1 / (i - 5)\n' 1:8 'division of 1 by zero \(thread 5\)'
setup_err 'R4 = 5 %% 0\n' 1:8 'remainder of 5 by zero'
# integer types are range-checked, not saturated or wrapped
setup_err 'R4 = u32 -1\n' 1:10 '-1 is out of range for u32 \(0 to 4294967295\)'
setup_err 'R4 = u32 i - 16\n' 1:10 '-16 is out of range for u32 .*\(thread 0\)'
setup_err 'R4 = i32 1e20\n' 1:10 'out of range for i32'
setup_err 'R4 = 4294967295i\n' 1:6 '4294967295i is out of range \(i: -2147483648 to 2147483647\)'
setup_err 'R4 = -1u\n' 1:6 '-1u is out of range \(u: 0 to 4294967295\)'
setup_err 'R4 = 99999999999999999999u\n' 1:6 'out of range \(u:'
setup_err 'R4 = 0x1ffffffff\n' 1:6 '0x1ffffffff is wider than 32 bits'
setup_err 'R4 = u32 0x100000005 | 0\n' 1:10 '0x100000005 is wider than 32 bits'
setup_err 'R4 = 0x\n' 1:6 "expected hex digits after '0x'"
# bit operations: 32-bit words and shifts of 0..31 only
setup_err 'R4 = u32 1 << 32\n' 1:12 'shift by 32: the count must be a whole number from 0 to 31'
setup_err 'R4 = u32 1 >> -1\n' 1:12 'shift by -1'
setup_err 'R4 = u32 0.5 | 1\n' 1:14 '0.5 is not a 32-bit word'
setup_ok 'R4 = u32 ~0 & (1 << 31) | -1 ^ 7\n'
# masks and bank words are one value for the warp
setup_err 'active 0x1ffffffff\n' 1:8 'wider than 32 bits'
setup_err 'active i\n' 1:8 "'i' is a thread variable"
setup_err 'helpers 1.5\n' 1:9 '1.5 is not a 32-bit word'
setup_err 'c[0][0x148] = x + 1\n' 1:15 "'x' is a thread variable"
setup_ok 'active -1\nhelpers 0\n'
# numbers are decimal or 0x hex (010 is ten, not octal eight) and out-of-range text is quoted
setup_err 'c[0][010] = 1\n' 1:6 'byte address 0xa is not a multiple of 4'
setup_err 'R4[99999999999999999999999] = 1\n' 1:4 'thread 99999999999999999999999 is out of range \(0 to 31\)'
setup_err 'bind 0x2000 = 1\n' 1:6 'texture index \(#tsPtrIdxU13\) 0x2000 is out of range \(0 to 8191\)'
# names: the whole word is the register; RZ and PT are not settable; bytes outside ASCII
setup_err 'R1_x = 1\n' 1:1 "'R1_x' is not a register R0..R254"
setup_err 'RZ = 1\n' 1:1 'RZ always reads 0'
setup_err 'PT = 1\n' 1:1 'PT always reads true'
setup_err 'R\303\226 = 1\n' 1:2 'non-ASCII byte 0xc3'
setup_err 'R4 = 1 + \303\251\n' 1:10 'non-ASCII byte 0xc3'
setup_err 'R4 = 1 \001\n' 1:8 'control byte 0x01'
setup_ok 'R4 = 1 # a comment may say anything: \303\251\001\n'
# CRLF lines, and a last line ending in CR without LF (that made the reader loop for ever)
setup_ok 'R4 = 1\r\nR5 = 2\r\n'
setup_ok 'R4 = 1\r\nR5 = 2\r'
setup_err 'R4 = 1\r\nR5 = 2 +\r' 2:9 'expected a number'
# a NUL byte no longer ends the file in silence
setup_err 'R4 = 1\nR5 = 2 \000 R6 = zz\n' 2:8 'NUL byte in the setup'
# a view keeps its texture's kind and shape: a cube view of one 2D layer read past the texture
setup_err 'header 1 = gradient@8x8\nview 1 = target=cube\n' 2:10 'view: a cube view needs square faces and 6 face-layers'
setup_err 'header 1 = gradient@8x8x8,target=3d\nview 1 = target=2d_array\n' 2:10 'view: a 2d_array view of a 3d texture'
setup_ok 'header 1 = gradient@8x8x12,target=2d_array\nview 1 = target=cube,layers=6:6\n'
# texture files: named in the message, found beside the setup file
setup_err 'header 0 = missing.png\n' 1:12 "texture $tmp/missing.png: cannot open"

# A PNG is measured by its header before it is decoded: a 69-byte file whose IHDR says
# 16384x16384 RGBA8 (1 GiB, 15 levels with its mips) is refused by the setup's 512 MiB budget
# at its statement (it was decoded first: "damaged PNG" here, 2.45 GB and 18 s with a full IDAT),
# and the message reads "would take" (it said "would emu_take").
printf '\x89\x50\x4e\x47\x0d\x0a\x1a\x0a\x00\x00\x00\x0d\x49\x48\x44\x52\x00\x00\x40\x00\x00\x00\x40\x00\x08\x06\x00\x00\x00\xa9\xc8\x10\x84\x00\x00\x00\x0c\x49\x44\x41\x54\x78\x9c\x63\x60\xa0\x3d\x00\x00\x00\x64\x00\x01\x86\x64\x3c\x35\x00\x00\x00\x00\x49\x45\x4e\x44\xae\x42\x60\x82' >"$tmp/huge.png"
setup_err 'R4 = 0\nheader 1 = huge.png\n' 2:12 "texture: a 16384x16384x1 rgba8 texture of 15 levels \\(1431655764 bytes\\) would take the setup's textures past 512 MiB"

# ---- part 2: generated setups ------------------------------------------------------------------
# The generators set variables instead of printing, so that no case forks a subshell.
big() { # N: a number past 32 bits, or a long run of digits
    case $((RANDOM % 4)) in
    0) N=4294967296 ;;
    1) N=18446744073709551616 ;;
    2) N=99999999999999999999999999999999 ;;
    *) N=$((RANDOM * 100000 + 4294967296)) ;;
    esac
}
parens() { # P: depth $1 of parentheses around an expression of the thread index
    local open close
    printf -v open '%*s' "$1" ''
    printf -v close '%*s' "$1" ''
    P="${open// /(}i + 0.5${close// /)}"
}
either() { E=$1; if ((RANDOM % 2)); then E=$2; fi; }
valid_statement() { # V
    case $((RANDOM % 16)) in
    0) parens $((RANDOM % 300)) && V="R$((RANDOM % 255)) = $P / 32" ;;
    1) V="R$((RANDOM % 255))[$((RANDOM % 32))] = $((RANDOM - 16384))i" ;;
    2) V="R$((RANDOM % 255)) = u32 (i & $((RANDOM % 32))) << $((RANDOM % 32)) | $RANDOM" ;;
    3) V="P$((RANDOM % 7)) = i % $((RANDOM % 8 + 1)) == 0 || !(x < y)" ;;
    4) printf -v V 'c[%d][%d] = 0x%08x' $((RANDOM % 18)) $((RANDOM % 16384 * 4)) $((RANDOM * RANDOM)) ;;
    5) V="bind $((RANDOM % 8192)) = $((RANDOM % 16)), $((RANDOM % 16))" ;;
    6) V="header $((RANDOM % 16)) = gradient@8x8,levels=$((RANDOM % 4 + 1))" ;;
    7) V="sampler $((RANDOM % 16)) = filter=linear,wrap=clamp_to_edge" ;;
    8) printf -v V 'active 0x%08x' $((RANDOM * RANDOM)) ;;
    9) V="helpers $((RANDOM % 65536)) & ~3" ;;
    10) either fragment compute && V="stage $E" ;;
    11) either exact nv && V="profile $E" ;;
    12) V="header_max $((RANDOM * 32 % 1048576))" ;;
    13) V="texbank 0" ;;
    14) V="R4 = $((RANDOM % 1000)).5e-3   # a comment" ;;
    *) either via_header separate && V="binding $E" ;;
    esac
}
# invalid_statement: sets bad_text, bad_col (empty when the generator does not know it) and
# bad_msg (a regex of the message).
invalid_statement() {
    local n
    bad_col=""
    case $((RANDOM % 24)) in
    0) n=$((RANDOM % 100000 + 255)) bad_text="R$n = 1" bad_col=1 bad_msg="'R$n' is not a register" ;;
    1) n=$((RANDOM % 1000 + 7)) bad_text="P$n = 1" bad_col=1 bad_msg="is not a register" ;;
    2) n=$((RANDOM % 1000 + 32)) bad_text="R4[$n] = 1" bad_col=4 bad_msg="thread $n is out of range" ;;
    3) big && bad_text="c[$N][0] = 1" bad_col=3 bad_msg="bank $N is out of range" ;;
    4) n=$((RANDOM % 16383 * 4 + 1 + RANDOM % 3)) bad_text="c[0][$n] = 1" bad_col=6 bad_msg="is not a multiple of 4" ;;
    5) big && bad_text="c[0][$N] = 1" bad_col=6 bad_msg="byte address $N is out of range" ;;
    6) big && bad_text="bind $N = 1" bad_col=6 bad_msg="out of range \(0 to 8191\)" ;;
    7) big && bad_text="bind 1 = $N" bad_col=10 bad_msg="header index $N is out of range" ;;
    8) big && bad_text="sampler $N = filter=linear" bad_col=9 bad_msg="sampler index $N is out of range" ;;
    9) n=$((12000 + RANDOM * 3)) bad_text="header 0 = hash@${n}x${n}" bad_col=12 bad_msg="texture: " ;;
    10) bad_text="header 0 = $tmp/no/such.png" bad_col=12 bad_msg="cannot open" ;;
    11) bad_text="header 0 = raw:$tmp@4x4" bad_col=12 bad_msg="texture" ;;
    12) parens $((RANDOM % 200 + 1)) && bad_text="R4 = ${P%)}" bad_msg="expected '\)'" ;;
    13) n=$((RANDOM % 32)) bad_text="R4 = 1 / (i - $n)" bad_col=8 bad_msg="division of 1 by zero \(thread $n\)" ;;
    14) n=$((RANDOM % 1000 + 32)) bad_text="R4 = u32 1 << $n" bad_col=12 bad_msg="shift by $n" ;;
    15) n=$((RANDOM % 260 + 39)) bad_text="R4 = 1e$n" bad_col=6 bad_msg="'1e$n' is too large for a 32-bit float" ;;
    16) n=$((RANDOM % 260 + 46)) bad_text="R4 = -1e-$n" bad_col=6 bad_msg="too small for a 32-bit float" ;;
    17)
        printf -v bad_text '%*s' 1100 ''
        bad_text="R4 = ${bad_text// /1}" bad_col=1024 bad_msg="line is longer than 1023"
        ;;
    18)
        printf -v bad_text 'R4 = 1 + \\x%02x' $((128 + RANDOM % 128))
        printf -v bad_text '%b' "$bad_text"
        bad_col=10 bad_msg="non-ASCII byte 0x"
        ;;
    19)
        printf -v bad_text 'R4 = 2 * \\x%02x' $((RANDOM % 8 + 1))
        printf -v bad_text '%b' "$bad_text"
        bad_col=10 bad_msg="control byte 0x0"
        ;;
    20) bad_text="R4 =" bad_col=5 bad_msg="expected a value" ;;
    21) big && bad_text="R4 = ${N}u" bad_col=6 bad_msg="out of range \(u:" ;;
    22) bad_text="view 77 = levels=1" bad_col=6 bad_msg="header 77 is not set" ;;
    *) bad_text="frobnicate 3" bad_col=1 bad_msg="unknown statement 'frobnicate'" ;;
    esac
}
for ((k = 0; k < cases; k++)); do
    nlines=$((RANDOM % 7))
    badline=$((RANDOM % (nlines + 2) + 1)) # nlines + 2: a valid setup of nlines statements
    text=""
    for ((j = 1; j <= nlines && j < badline; j++)); do
        valid_statement
        text+="$V"$'\n'
    done
    if [ "$badline" -le $((nlines + 1)) ]; then
        invalid_statement
        printf '%s%s\n' "$text" "$bad_text" >"$setup"
        check "generated setup $k (line $badline: ${bad_text:0:80})" 1 \
            "^$setup:$badline:${bad_col:-[0-9]+}: error: .*$bad_msg" -- \
            "$TGX" emu --arch sm_52 "$prog" "$setup"
    else
        printf '%s' "$text" >"$setup"
        check "generated setup $k (valid)" 0 "" -- "$TGX" emu --arch sm_52 "$prog" "$setup"
    fi
done

# ---- part 3: generated programs ----------------------------------------------------------------
regs=(R0 R2 R4 R5 R8 R12 R250 R253 R254 RZ R255 R256 R-1 P0)
mods=("" .LZ .LL .DC .NODEP .F16 .LZ.DC .LL.DC .B .AOFFI .MS .CL .NDV .T .P .LB .LBA .LLA)
targets=(1D 2D 3D CUBE ARRAY_1D ARRAY_2D ARRAY_3D ARRAY_CUBE 4D)
masks=(R G B A RG RA GA BA RGB RGA RBA GBA RGBA RGBAA)
comps=(R G B A X)
random_insn() { # I
    local g="" r1=${regs[RANDOM % 14]} r2=${regs[RANDOM % 14]} r3=${regs[RANDOM % 14]}
    local r4=${regs[RANDOM % 14]} m=${mods[RANDOM % 18]} t=${targets[RANDOM % 9]}
    local w=$((RANDOM % 17)) x
    case $((RANDOM % 5)) in 0) x=0x2000 ;; 1) x=-1 ;; *) printf -v x '0x%x' $((RANDOM % 8192)) ;; esac
    ((RANDOM % 4)) || g="@P$((RANDOM % 9)) "
    ((RANDOM % 8)) || g="@!P$((RANDOM % 9)) "
    case $((RANDOM % 7)) in
    0) I="${g}TEXS$m $r1, $r2, $r3, $r4, $x, $t, ${masks[RANDOM % 14]} ;" ;;
    1) I="${g}TLDS$m $r1, $r2, $r3, $r4, $x, $t, ${masks[RANDOM % 14]} ;" ;;
    2) I="${g}TEX$m $r1, $r2, $r3, $x, $t, $w ;" ;;
    3) I="${g}TLD$m $r1, $r2, $r3, $x, $t, $w ;" ;;
    4) I="${g}TLD4S.${comps[RANDOM % 5]}$m $r1, $r2, $r3, $r4, $x ;" ;;
    5) I="${g}TXQ $r1, $r2, TEX_HEADER_DIMENSION, $x, $w ;" ;;
    *) I="${g}TMML.LOD$m $r1, $r2, $x, $t, $w ;" ;;
    esac
}
gen_setup=$tmp/g.setup
for ((k = 0; k < cases; k++)); do
    text=""
    for ((j = 0; j <= RANDOM % 4; j++)); do
        random_insn
        text+="$I"$'\n'
    done
    printf '%s' "$text" >"$prog"
    text=""
    for ((j = 0; j < RANDOM % 4; j++)); do
        valid_statement
        text+="$V"$'\n'
    done
    printf '%s' "$text" >"$gen_setup"
    with=("$gen_setup")
    ((RANDOM % 2)) && with=()
    check "program $k (setup: ${#with[@]}): ${I:0:100}" 01 "^$prog:[0-9]+:[0-9]+: error: " -- \
        "$TGX" emu --arch sm_52 "$prog" "${with[@]}"
done
echo 'TEXS R0, R4, R0, R5, 0x52, 2D, RGB ;' >"$prog"

# random raw code files: decoded and checked whole (error: instruction at 0xADDR) or run
code=$tmp/code.bin
for ((k = 0; k < cases / 2; k++)); do
    bytes="" len=$((32 * (RANDOM % 3 + 1)))
    ((RANDOM % 8)) || len=$((len + RANDOM % 32))
    for ((j = 0; j < len; j++)); do
        printf -v b '\\x%02x' $((RANDOM % 256))
        bytes+=$b
    done
    printf '%b' "$bytes" >"$code"
    check "raw code $k" 01 "^$code: error: " -- "$TGX" emu --arch sm_52 "$code"
done
# a raw code file without --arch: a usage error that says what to give
check "raw code without --arch" 2 "^tgx emu: $code: not an ELF file \(a cubin starts with 0x7f 'ELF'\); a raw code file \(32-byte bundles\) needs --arch sm_50\|sm_52\|sm_53\$" -- "$TGX" emu "$code"

# cubins with a damaged ELF header or section table, or cut short
cubin=$src/tests/data/cubin/tex_sm_52.cubin
size=$(wc -c <"$cubin")
damaged=$tmp/damaged.cubin
for ((k = 0; k < cases / 2; k++)); do
    if ((RANDOM % 4 == 0)); then
        head -c $((RANDOM % size)) "$cubin" >"$damaged"
    else
        cp "$cubin" "$damaged"
        for ((j = 0; j <= RANDOM % 3; j++)); do
            case $((RANDOM % 3)) in
            0) at=$((RANDOM % 64)) ;;            # the ELF header
            1) at=$((3936 + RANDOM % 1280)) ;;   # the section header table (e_shoff 0xf60)
            *) at=$((RANDOM % size)) ;;
            esac
            printf -v b '\\x%02x' $((RANDOM % 256))
            printf '%b' "$b" | dd of="$damaged" bs=1 seek="$at" conv=notrunc status=none
        done
    fi
    check "damaged cubin $k" 012 "^$damaged: error: |^tgx emu: " -- \
        "$TGX" emu --section .text.k_tld4 "$damaged"
done

# ---- files that are not files, and outputs that cannot be written ------------------------------
mkdir -p "$tmp/dir.s"
check "program is a folder" 2 "dir.s: error: cannot read" -- "$TGX" emu --arch sm_52 "$tmp/dir.s"
check "setup is a folder" 2 "dir.s: error: cannot read" -- "$TGX" emu --arch sm_52 "$prog" "$tmp/dir.s"
check "missing setup" 2 "nope.setup: error: cannot open" -- "$TGX" emu --arch sm_52 "$prog" "$tmp/nope.setup"
check "-o a folder" 2 "error: cannot write" -- "$TGX" emu --arch sm_52 -o "$tmp/dir.s" "$prog"
if mknod "$tmp/full" c 1 7 2>/dev/null; then
    check "stdout on a full device" 2 "^tgx emu: <stdout>: write error" -- \
        sh -c "'$TGX' emu --arch sm_52 '$prog' >'$tmp/full'"
    check "-o - on a full device" 2 "^tgx emu: <stdout>: write error" -- \
        sh -c "'$TGX' emu --arch sm_52 -o - '$prog' >'$tmp/full'"
    check "-o a full device" 2 "full: error: cannot write" -- "$TGX" emu --arch sm_52 -o "$tmp/full" "$prog"
else
    echo "note: mknod not permitted here; the full-device cases are skipped"
fi

finish
