#!/usr/bin/env bash
# `tgx dis FILE` on code files against nvdisasm's listings of the same files (tests/data/cubin:
# cubins ptxas 11.8 made and raw bundle files, each with nvdisasm 11.8's listing; its README):
# for a cubin, `tgx dis` must print exactly `nvdisasm -hex`'s listing (NAME.cubin.nvdisasm),
# `tgx dis --plain` exactly plain `nvdisasm`'s (NAME.cubin.nvdisasm-nohex) and `tgx dis --novliw`
# `nvdisasm -hex -novliw`'s (NAME.cubin.nvdisasm-novliw), byte for byte: header flags, .nv.info
# attributes, relocation actions, constant and global data, functions, .L_x_ labels, relocated
# operands, indirect-branch notes and the symbols; for a raw file `tgx dis --arch` must print
# `nvdisasm -b SM52 -hex`'s listing (NAME.bin.nvdisasm). `tgx dis FILE | tgx as --bundles` gives
# the code bytes back (ptxas's .text bytes, the raw files), bit 63 of a control word included,
# with and without --novliw. --section takes a section's name or its kernel's.
set -u
: "${TGX:?TGX must name the tgx binary}" "${TGX_TEST_DATA:?}"
D=$TGX_TEST_DATA/cubin
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0 fail=0

# compare WANT DESCRIPTION -- command...: the command's stdout must equal the file WANT.
compare() {
    local want=$1 what=$2
    shift 3
    "$@" >"$TMP/out" 2>"$TMP/err"
    local rc=$?
    if [ $rc -eq 0 ] && cmp -s "$TMP/out" "$want"; then
        pass=$((pass + 1))
        return 0
    fi
    echo "FAIL: $what (rc $rc): $(head -c 200 "$TMP/err")"
    diff "$want" "$TMP/out" | head -10
    fail=$((fail + 1))
    return 1
}

ncubin=0 nlines=0
for listing in "$D"/*.nvdisasm; do
    f=${listing%.nvdisasm}
    name=$(basename "$f")
    case $name in
    *.bin)
        arch=${name%.bin}
        arch=sm_${arch##*_sm_}
        compare "$listing" "$name: tgx dis --arch $arch" -- "$TGX" dis --arch "$arch" "$f"
        ;;
    *)
        compare "$listing" "$name: tgx dis" -- "$TGX" dis "$f" &&
            compare "$f.nvdisasm-nohex" "$name: tgx dis --plain" -- "$TGX" dis --plain "$f" &&
            ncubin=$((ncubin + 1)) && nlines=$((nlines + $(wc -l <"$f.nvdisasm-nohex")))
        ;;
    esac
done
echo "ok: $ncubin cubins listed as nvdisasm and nvdisasm -hex list them ($nlines lines of plain listing)"
if [ "$ncubin" -lt 13 ]; then
    echo "FAIL: only $ncubin cubins with both listings in $D"
    fail=$((fail + 1))
fi
nnovliw=0
for listing in "$D"/*.cubin.nvdisasm-novliw; do
    f=${listing%.nvdisasm-novliw}
    compare "$listing" "$(basename "$f"): tgx dis --novliw" -- "$TGX" dis --novliw "$f" &&
        nnovliw=$((nnovliw + 1))
done
echo "ok: $nnovliw cubins listed as nvdisasm -hex -novliw lists them"
if [ "$nnovliw" -lt 1 ]; then
    echo "FAIL: no cubin with a -novliw listing in $D"
    fail=$((fail + 1))
fi

# A raw file needs --arch; a file that is not a whole number of bundles is an error.
"$TGX" dis "$D/more_sm_52.bin" >/dev/null 2>&1
r1=$?
head -c 40 "$D/more_sm_52.bin" >"$TMP/short.bin"
"$TGX" dis --arch sm_52 "$TMP/short.bin" >/dev/null 2>"$TMP/err"
r2=$?
if [ $r1 -eq 2 ] && [ $r2 -eq 1 ] && [ -s "$TMP/err" ]; then
    pass=$((pass + 1))
else
    echo "FAIL: raw file without --arch (rc $r1) or cut bundle (rc $r2): $(cat "$TMP/err")"
    fail=$((fail + 1))
fi

# Files nvdisasm rejects for their dual-issue requests (tests/data/cubin/README.md): exit 1 and
# a message that names the instruction and the reason.
for f in "$D"/bad_dual_*.bin; do
    name=$(basename "$f")
    case $name in
    *last*) want='at 0x0018 asks for dual issue.*ends the code' ;;
    *chain2*) want='at 0x0010, second of the dual-issue pair that 0x0008 opens' ;;
    *chain*) want='at 0x0018, second of the dual-issue pair that 0x0010 opens' ;;
    esac
    "$TGX" dis --arch sm_52 "$f" >"$TMP/out" 2>"$TMP/err"
    rc=$?
    if [ $rc -eq 1 ] && [ ! -s "$TMP/out" ] && grep -q "$want" "$TMP/err"; then
        pass=$((pass + 1))
    else
        echo "FAIL: $name: rc $rc, expected 1 and /$want/: $(cat "$TMP/err")"
        fail=$((fail + 1))
    fi
done

# The round trip: the listing assembles back into the code bytes, both layouts. The cubins'
# .text sections in file order are NAME_ARCH.text (README); the raw files are themselves.
# b63.bin: more_sm_52.bin with bit 63 of its first control word set, which nvdisasm prints.
python3 -c "import sys; b = bytearray(open(sys.argv[1], 'rb').read()); b[7] |= 0x80; open(sys.argv[2], 'wb').write(b)" \
    "$D/more_sm_52.bin" "$TMP/b63_sm_52.bin" 2>/dev/null || cp "$D/more_sm_52.bin" "$TMP/b63_sm_52.bin"
for f in "$D"/*.cubin "$D/more_sm_52.bin" "$D/pairs_sm_52.bin" "$D/dual_sm_52.bin" "$TMP/b63_sm_52.bin"; do
    name=$(basename "$f")
    base=${name%.*}
    arch=sm_${base##*_sm_}
    want=$f
    case $f in *.cubin) want=${f%.cubin}.text ;; esac
    for layout in "" --novliw; do
        rm -f "$TMP/rt.bin"
        "$TGX" dis --arch "$arch" $layout "$f" 2>"$TMP/err" |
            "$TGX" as --arch "$arch" --bundles -o "$TMP/rt.bin" - 2>>"$TMP/err"
        if cmp -s "$TMP/rt.bin" "$want"; then
            pass=$((pass + 1))
        else
            echo "FAIL: tgx dis $layout $name | tgx as --bundles is not $(basename "$want"): $(head -c 300 "$TMP/err")"
            fail=$((fail + 1))
        fi
    done
done

# --section: the section's name or its kernel's; another name lists the sections, exit 2.
"$TGX" dis --section .text.k_bindless "$D/more_sm_52.cubin" >"$TMP/a" 2>&1
r1=$?
"$TGX" dis --section k_bindless "$D/more_sm_52.cubin" >"$TMP/b" 2>&1
r2=$?
# Its lines are the whole listing's lines of that section: one banner, one .section, the kernel.
grep -q '^//-* \.text\.k_bindless ' "$TMP/a" && [ "$(grep -c '^//-' "$TMP/a")" -eq 1 ] &&
    [ "$(grep -c '\.section' "$TMP/a")" -eq 1 ] && ! grep -q 'k_grad\|k_ms\|headerflags' "$TMP/a" &&
    "$TGX" dis "$D/more_sm_52.cubin" | grep -vxF -f - "$TMP/a" >"$TMP/extra"
r3=$?
if [ $r1 -eq 0 ] && [ $r2 -eq 0 ] && cmp -s "$TMP/a" "$TMP/b" && [ $r3 -eq 1 ]; then
    pass=$((pass + 1))
else
    echo "FAIL: --section .text.k_bindless (rc $r1) and k_bindless (rc $r2): $(head -3 "$TMP/a")"
    fail=$((fail + 1))
fi
"$TGX" dis --section k_nope "$D/more_sm_52.cubin" >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc -eq 2 ] && [ ! -s "$TMP/out" ] &&
    grep -q "has no section 'k_nope'; its code sections: .text.k_ms .text.k_bindless .text.k_grad" "$TMP/err"; then
    pass=$((pass + 1))
else
    echo "FAIL: --section k_nope: rc $rc: $(cat "$TMP/err")"
    fail=$((fail + 1))
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
