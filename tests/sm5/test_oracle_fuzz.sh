#!/usr/bin/env bash
# Differential fuzz test: random words from the texture-unit opcode space, disassembled by
# `tgx dis --words` and by NVIDIA's nvdisasm (through tools/nvdis), must print the
# same text, line for line, on sm_50, sm_52 and sm_53.
#
# Words: a class is picked uniformly from tests/data/maxwell-legal/texture-patterns.tsv (the
# opcode map's ternary patterns over bits 63..48), then one of its patterns, its x bits and the
# low 48 bits at random. One word in eight carries a scheduling-control field (phase .T/.P, the
# stall-0 form, or random). The generator is a fixed 64-bit LCG, so a seed gives the same words
# on every machine: TGX_ORACLE_SEED (default 1), TGX_ORACLE_WORDS per arch (default 3000).
#
# Skips (exit 77, reason printed) without CUDA 11.8's nvdisasm (tools/install-nvdisasm) or
# python3 (tools/nvdis), or when nvdis exits 2.
# Mismatches are listed (arch, word, ctrl, ours, nvdisasm's) and fail the test.
set -u
: "${TGX:?TGX must name the tgx binary}" "${TGX_SRC:?}" "${TGX_TEST_DATA:?}"
SEED=${TGX_ORACLE_SEED:-1}
N=${TGX_ORACLE_WORDS:-3000}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

. "$(dirname "$0")/../common/oracle.sh"
if ! oracle_nvdis; then
    echo "SKIP: $ORACLE_WHY"
    exit 77
fi

# Patterns per class.
declare -A PATS
CLASSES=()
while IFS=$'\t' read -r cls pat; do
    case $cls in '#'* | '') continue ;; esac
    [ -z "${PATS[$cls]:-}" ] && CLASSES+=("$cls")
    PATS[$cls]="${PATS[$cls]:-} $pat"
done <"$TGX_TEST_DATA/maxwell-legal/texture-patterns.tsv"

# Knuth's MMIX LCG; bash arithmetic is 64-bit and wraps.
state=$SEED
next() {
    state=$((state * 6364136223846793005 + 1442695040888963407))
    r=$(((state >> 16) & 0xffffffffffff))
}
CTRLS=(0x7e1 0x207e1 0x407e1 0x607e1 0x7e0 0x7e2 0x1ffe1)
gen_words() {
    local i cls pats pat k bit top low ctrl
    for ((i = 0; i < N; i++)); do
        next
        cls=${CLASSES[r % ${#CLASSES[@]}]}
        read -ra pats <<<"${PATS[$cls]}"
        next
        pat=${pats[r % ${#pats[@]}]}
        next
        top=0
        for ((k = 0; k < 16; k++)); do
            bit=${pat:k:1}
            [ "$bit" = x ] && bit=$(((r >> k) & 1))
            top=$((top << 1 | bit))
        done
        next
        low=$r
        next
        ctrl=""
        if ((r % 8 == 0)); then
            next
            if ((r % 4 == 0)); then ctrl=$(printf '0x%x' $((r & 0x1fffff))); else ctrl=${CTRLS[r % ${#CTRLS[@]}]}; fi
        fi
        printf '%04x%012x %s\n' "$top" "$low" "$ctrl"
    done
}
gen_words >"$TMP/words"

pass=0 fail=0 total=0
for arch in sm_50 sm_52 sm_53; do
    "$NVDIS" --arch "$arch" --tsv <"$TMP/words" >"$TMP/nv.$arch" 2>"$TMP/nv.err"
    rc=$?
    if [ $rc -eq 2 ]; then
        echo "SKIP: nvdis exited 2: $(head -c 300 "$TMP/nv.err")"
        exit 77
    elif [ $rc -ne 0 ]; then
        echo "FAIL: nvdis exited $rc: $(head -c 300 "$TMP/nv.err")"
        exit 1
    fi
    cut -f3- "$TMP/nv.$arch" >"$TMP/nvtext.$arch"
    "$TGX" dis --arch "$arch" --words "$TMP/words" >"$TMP/ours.$arch" 2>"$TMP/ours.err"
    if [ "$(wc -l <"$TMP/ours.$arch")" -ne "$N" ]; then
        echo "FAIL: $arch: tgx dis printed $(wc -l <"$TMP/ours.$arch") lines for $N words: $(head -c 300 "$TMP/ours.err")"
        fail=$((fail + N))
        total=$((total + N))
        continue
    fi
    paste -d '\n' "$TMP/words" "$TMP/ours.$arch" "$TMP/nvtext.$arch" |
        awk -v arch="$arch" 'NR % 3 == 1 { w = $0 } NR % 3 == 2 { o = $0 }
            NR % 3 == 0 { if (o == $0) ok++; else { bad++; if (bad <= 40)
                printf "MISMATCH %s %s\n  tgx:      %s\n  nvdisasm: %s\n", arch, w, o, $0 } }
            END { printf "%d %d\n", ok, bad > "/dev/stderr" }' 2>"$TMP/count.$arch"
    read -r ok bad <"$TMP/count.$arch"
    echo "$arch: $ok of $N words match nvdisasm"
    pass=$((pass + ok))
    fail=$((fail + bad))
    total=$((total + N))
done
echo "match rate: $pass of $total"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
