#!/usr/bin/env bash
# Every form outside the texture classes (src/sm5/sm5_ops.def) against nvdisasm 11.8's text for
# random words of that form, without nvdisasm: tests/data/maxwell/ops-fuzz.tsv holds the words,
# their control fields and addresses, and what nvdisasm printed for each (made by
# tools/sm5-ops-fuzz --write; the README says how). `tgx dis --words` must print the same line
# for every word, on sm_50, sm_52 and sm_53 (nvdisasm's errors included). The blanks nvdisasm
# puts before DEPBAR's `???6` depend on the line it printed before and are folded to one
# (docs/sm5-ops.md). Every opclass of sm5_ops.def must have words in the file, so a row added
# without regenerating it fails here.
set -u
: "${TGX:?TGX must name the tgx binary}" "${TGX_SRC:?}" "${TGX_TEST_DATA:?}"
. "$(dirname "$0")/../common/lib.sh"
F=$TGX_TEST_DATA/maxwell/ops-fuzz.tsv

for arch in sm_50 sm_52 sm_53; do
    awk -F'\t' -v a="$arch" '$1 == a { print $3, $4, "@" $5 }' "$F" >"$tmp/words"
    awk -F'\t' -v a="$arch" '$1 == a { print $2 }' "$F" >"$tmp/forms"
    awk -F'\t' -v a="$arch" '$1 == a { t = $6; for (i = 7; i <= NF; i++) t = t "\t" $i
        gsub(/ +\?\?\?/, " ???", t); print t }' "$F" >"$tmp/theirs"
    n=$(wc -l <"$tmp/words")
    if [ "$n" -lt 1000 ]; then
        bad "$arch: only $n words in $F"
        continue
    fi
    "$TGX" dis --arch "$arch" --words "$tmp/words" >"$tmp/ours" 2>"$tmp/err"
    if [ "$(wc -l <"$tmp/ours")" -ne "$n" ]; then
        bad "$arch: tgx dis printed $(wc -l <"$tmp/ours") lines for $n words: $(head -c 300 "$tmp/err")"
        continue
    fi
    sep=$(printf '\037') # texts hold blanks, '|' and ',' but never a unit separator
    paste -d "$sep" "$tmp/forms" "$tmp/words" "$tmp/ours" "$tmp/theirs" |
        awk -F"$sep" -v arch="$arch" '
            { if ($3 == $4) { ok++; next }
              bad++; perform[$1]++
              if (bad <= 20) printf "MISMATCH %s %s %s\n  tgx:      %s\n  nvdisasm: %s\n", arch, $1, $2, $3, $4 }
            END { for (f in perform) printf "form %s %s: %d mismatches\n", arch, f, perform[f]
                  printf "%d %d\n", ok, bad > "/dev/stderr" }' 2>"$tmp/count"
    read -r good wrong <"$tmp/count"
    echo "$arch: $good of $n words print as nvdisasm prints them"
    if [ "$wrong" -eq 0 ]; then ok; else bad "$arch: $wrong words differ"; fi
done

# every opclass of the table has words in the file
grep -oE '^OP\("[^"]+"' "$TGX_SRC/src/sm5/sm5_ops.def" | cut -d'"' -f2 | sort -u >"$tmp/table"
cut -f2 "$F" | grep -v '^form' | sort -u >"$tmp/filed"
missing=$(comm -23 "$tmp/table" "$tmp/filed" | tr '\n' ' ')
if [ -z "$missing" ]; then ok; else bad "forms without words in $F (run tools/sm5-ops-fuzz --write): $missing"; fi
echo "$(wc -l <"$tmp/table") opclasses, $(grep -vc '^#' "$F") words"
finish
