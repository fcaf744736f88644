#!/usr/bin/env bash
# Whole-process disassembly speed: `tgx dis` against NVIDIA's nvdisasm on the same words.
#
#   tools/bench-dis.sh [BUILD_DIR] [WORDS] [ARCH]      defaults: build, 1000000, sm_52
#
# The words are every word of tests/data/maxwell/real.tsv and fuzz-ARCH.tsv that nvdisasm
# accepts (so that nvdisasm needs a single pass), repeated to WORDS. Timed, each as one command:
#   1. tgx dis --words           one `WORD` line in, one text line out
#   2. tools/nvdis               the same lines through nvdisasm (bundles)
#   3. tgx dis FILE.bin          the words as a raw code file (32-byte bundles, control words
#                                 with the neutral field 0x7e1 in every slot)
#   4. nvdisasm -b SMxx -hex     the same raw file, nvdisasm called directly
# 2 and 4 are skipped, with the reason, when no CUDA 11.8 nvdisasm is found (tools/find-nvdisasm;
# tools/install-nvdisasm fetches it); 2, 3 and 4 need python3. The texts of
# 1 and 2 are compared line by line.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:-build}
N=${2:-1000000}
ARCH=${3:-sm_52}
TGX=$BUILD/tgx
[ -x "$TGX" ] || TGX=$ROOT/$BUILD/tgx
[ -x "$TGX" ] || { echo "bench-dis: no tgx binary in $BUILD (build it first)"; exit 2; }
D=$ROOT/tests/data/maxwell
NVDIS=${TGX_NVDIS:-$ROOT/tools/nvdis}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
TIMEFORMAT='%R s wall, %U s user, %S s sys'

awk -F'\t' -v a="$ARCH" '$1 == a && $3 !~ /^ERROR/ { print $2 }' "$D/real.tsv" "$D/fuzz-$ARCH.tsv" >"$TMP/base"
distinct=$(wc -l <"$TMP/base")
[ "$distinct" -gt 0 ] || { echo "bench-dis: no $ARCH words in $D"; exit 2; }
awk -v n="$N" '{ w[NR] = $0 } END { for (i = 0; i < n; i++) print w[i % NR + 1] }' "$TMP/base" >"$TMP/words"
echo "bench-dis: $N $ARCH words ($distinct distinct, from real.tsv and fuzz-$ARCH.tsv)"

rate() { awk -v n="$N" -v t="$1" 'BEGIN { printf "%.0f words/s", n / t }'; }
# run NAME CMD...: times CMD (stdout to $TMP/NAME.out), prints the time and the rate.
run() {
    local name=$1
    shift
    local t
    t=$( { time "$@" >"$TMP/$name.out" 2>"$TMP/$name.err"; } 2>&1)
    local rc=$?
    local wall=${t%% s wall*}
    printf '  %-28s %s  (%s)\n' "$name" "$t" "$(rate "$wall")"
    return $rc
}

run "tgx dis --words" "$TGX" dis --arch "$ARCH" --words "$TMP/words"

nv=$("$ROOT/tools/find-nvdisasm" 2>"$TMP/why") || nv=""
if [ -z "$nv" ] || ! command -v python3 >/dev/null 2>&1; then
    echo "  nvdis: skipped: $(cat "$TMP/why")${nv:+python3 is not installed}"
else
    run "nvdis (nvdisasm)" "$NVDIS" --arch "$ARCH" <"$TMP/words"
    rc=$?
    if [ $rc -eq 2 ]; then
        echo "  nvdis: skipped: no CUDA 11.8 nvdisasm ($(head -c 200 "$TMP/nvdis (nvdisasm).err"))"
    elif cmp -s "$TMP/tgx dis --words.out" "$TMP/nvdis (nvdisasm).out"; then
        echo "  texts: identical ($N lines)"
    else
        echo "  texts: DIFFER on $(paste -d '\t' "$TMP/tgx dis --words.out" "$TMP/nvdis (nvdisasm).out" | awk -F'\t' '$1 != $2' | wc -l) lines"
    fi
fi

if ! command -v python3 >/dev/null 2>&1; then
    echo "  raw code file: skipped: python3 is needed to write it"
    exit 0
fi
python3 - "$TMP/words" "$TMP/words.bin" <<'EOF'
import struct, sys
words = [int(l, 16) for l in open(sys.argv[1])]
while len(words) % 3:
    words.append(words[-1])
ctrl = 0x7e1 | 0x7e1 << 21 | 0x7e1 << 42  # the neutral field in all three slots
with open(sys.argv[2], "wb") as f:
    for i in range(0, len(words), 3):
        f.write(struct.pack("<4Q", ctrl, *words[i:i + 3]))
EOF
run "tgx dis FILE.bin" "$TGX" dis --arch "$ARCH" "$TMP/words.bin"
if [ -z "$nv" ]; then
    echo "  nvdisasm FILE.bin: skipped: $(cat "$TMP/why")"
else
    sm=SM${ARCH#sm_}
    run "nvdisasm -b $sm FILE.bin" "$nv" -b "$sm" -hex "$TMP/words.bin" ||
        echo "  nvdisasm failed: $(head -c 200 "$TMP/nvdisasm -b $sm FILE.bin.err")"
fi
