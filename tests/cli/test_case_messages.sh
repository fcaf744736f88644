#!/bin/bash
# Every error a case.json gives names the file, and the line and column of what is wrong (issue
# 19): a copy of a Mesa corpus case with one member changed at a time. The expected position is
# found in the edited file itself (the line grep -n gives, the column of the value on it), never
# taken from tgx's output. Before: a missing string said "expected a string" with no position; an
# unknown generator's FAIL named no file; an unknown format or target, a fragment case without
# vertex_tgsi and a buffer view outside its buffer named no line:col (they failed when the case
# ran); a width of 4294967296 said "expected a non-negative integer"; a byte order mark gave
# "1:1: expected a value".
set -u
: "${TGX:?TGX must name the tgx binary}"
data=${TGX_TEST_DATA:-$(dirname "$0")/../data}
. "$(dirname "$0")/../common/lib.sh"

# variant NAME SOURCE PYTHON: a copy of corpus case SOURCE with the edit PYTHON applies to s
variant() {
    rm -rf "${tmp:?}/$1"
    cp -r "$data/corpus/$2" "$tmp/$1"
    python3 - "$tmp/$1/case.json" "$3" <<'EOF'
import sys
p = sys.argv[1]
s = open(p, encoding="utf-8").read()
exec(sys.argv[2])
open(p, "w", encoding="utf-8").write(s)
EOF
}
# at NAME TEXT: "LINE:COL" of the first TEXT in NAME's case.json (COL: where TEXT starts)
at() {
    awk -v t="$2" '{ i = index($0, t); if (i) { print NR ":" i; exit } }' "$tmp/$1/case.json"
}
# want NAME LINE:COL MESSAGE: replay of NAME FAILs with exactly this error
want() {
    "$TGX" replay "$tmp/$1" >"$tmp/out" 2>"$tmp/err"
    local rc=$? line
    line=$(head -1 "$tmp/out")
    if [ $rc -eq 1 ] && [ "${line#*"$tmp/$1/case.json:$2: error: $3"}" != "$line" ]; then
        ok
    else
        bad "$1: rc $rc, want '$1/case.json:$2: error: $3', got: $line $(head -c 200 "$tmp/err")"
    fi
}

if ! command -v python3 >/dev/null; then
    echo "SKIP: python3 is needed to edit the case copies"
    exit 77
fi

variant no_tgsi tex2d_proj 's = s.replace("\"tgsi\": \"shader.tgsi\",", "", 1)'
want no_tgsi "$(awk '/"files": \{/ { print NR ":" index($0, "{"); exit }' "$tmp/no_tgsi/case.json")" \
    'missing member "files.tgsi"'

variant no_vertex tex2d_proj 's = s.replace(",\n  \"vertex_tgsi\": \"vertex.tgsi\"", "", 1)'
want no_vertex "$(awk '/"files": \{/ { print NR ":" index($0, "{"); exit }' "$tmp/no_vertex/case.json")" \
    'missing member "vertex_tgsi" (a fragment case draws with it)'

variant bad_gen tex2d_proj 's = s.replace("\"name\": \"hash\"", "\"name\": \"nosuchgen\"", 1)'
want bad_gen "$(at bad_gen '"nosuchgen"')" "generator.name: unknown texture generator 'nosuchgen' (hash, checker, gradient, levels)"

variant bad_format tex2d_proj 's = s.replace("\"format\": \"rgba8\"", "\"format\": \"z32f\"", 1)'
want bad_format "$(at bad_format '"z32f"')" "format: unknown format 'z32f' (not one of the "

variant bad_target tex2d_proj 's = s.replace("\"target\": \"2d\"", "\"target\": \"zz\"", 1)'
want bad_target "$(at bad_target '"zz"')" "target: expected 1d, 1darray, 2d, 2darray, 3d, buffer, cube, cubearray or rect"

variant wide tex2d_proj 's = s.replace("\"width\": 16,", "\"width\": 4294967296,", 1)'
want wide "$(at wide '4294967296')" "width: expected an integer of 32 bits, at most 4294967295"

variant bom tex2d_proj 's = "\ufeff" + s'
want bom 1:1 "a byte order mark (EF BB BF) starts the file"

variant name_number tex2d_proj 's = s.replace("\"name\": \"tex2d_proj\"", "\"name\": 5", 1)'
want name_number "$(at name_number ' 5,' | awk -F: '{ print $1 ":" $2 + 1 }')" "name: expected a string"

# tex_buffer's view 1 is 288 bytes of r32ui (72 texels): 300 bytes are not whole texels inside it
variant bad_range tex_buffer 's = s.replace("\"buffer_size\": 288,", "\"buffer_size\": 300,", 1)'
want bad_range "$(at bad_range '300')" "buffer view: bytes 0..300 of texture 1 (288 bytes of r32ui, 4 a texel) are not whole texels inside it"

finish
