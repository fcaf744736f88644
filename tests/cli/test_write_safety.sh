#!/bin/bash
# Nothing lost, nothing silent (issue 9): every verb that writes a file writes it without
# destroying what the name is, and every failed write to stdout is an error.
#  * devices and FIFOs are written in place, never replaced by a regular file: a "full"
#    character device (Linux 1,7: every write fails with ENOSPC) and a "null" one (1,3), both
#    made with mknod in the scratch folder (never /dev; skipped with a note when mknod is not
#    permitted), and a FIFO read by cat;
#  * symbolic links are written through to their target and stay links;
#  * an existing file is left whole when the new contents cannot be written (ulimit -f 0 makes
#    every write to a regular file fail with EFBIG, SIGXFSZ ignored);
#  * stdout on the full device (or, without mknod, a regular file under ulimit -f 0): every verb
#    that prints, --help included, exits 2 with "tgx VERB: <stdout>: write error".
set -u
: "${TGX:?TGX must name the tgx binary}"
. "$(dirname "$0")/../common/lib.sh"

devices=1
if ! mknod "$tmp/full" c 1 7 2>/dev/null || ! mknod "$tmp/null" c 1 3 2>/dev/null; then
    echo "note: mknod not permitted here; the device cases are skipped"
    devices=0
fi
is_char() { [ -c "$1" ] && [ ! -L "$1" ]; }

cat >"$tmp/cs.tgsi" <<'T'
COMP
PROPERTY CS_FIXED_BLOCK_WIDTH 4
PROPERTY CS_FIXED_BLOCK_HEIGHT 1
PROPERTY CS_FIXED_BLOCK_DEPTH 1
DCL SV[0], THREAD_ID
DCL BUFFER[0]
DCL TEMP[0]
IMM[0] UINT32 {2, 0, 0, 0}
  0: SHL TEMP[0].x, SV[0].xxxx, IMM[0].xxxx
  1: STORE BUFFER[0].x, TEMP[0].xxxx, SV[0].xxxx
  2: END
T
cat >"$tmp/fs.tgsi" <<'T'
FRAG
DCL OUT[0], COLOR
IMM[0] FLT32 {    0.2500,     0.5000,     0.7500,     1.0000}
  0: MOV OUT[0], IMM[0]
  1: END
T
# the canonical text of fs.tgsi (tgsi_dump's layout), written by hand
printf 'FRAG\nDCL OUT[0], COLOR\nIMM[0] FLT32 {    0.2500,     0.5000,     0.7500,     1.0000}\n  0: MOV OUT[0], IMM[0]\n  1: END\n' >"$tmp/fs.canon"
echo 'TEXS R0, R4, R0, R5, 0x52, 2D, RGB ;' >"$tmp/texs.s"
# 0xd820052000570004 little-endian (the README's TEXS word)
printf '\x04\x00\x57\x00\x20\x05\x20\xd8' >"$tmp/texs.bin"

# ---- devices ----------------------------------------------------------------------------------
if [ "$devices" = 1 ]; then
    expect_rc 2 "run --dump to the full device" -- "$TGX" run "$tmp/cs.tgsi" --buffer 0=16 \
        --dump "0=$tmp/full"
    grep -q "No space left on device" "$tmp/err" && ok || bad "--dump full: $(cat "$tmp/err")"
    is_char "$tmp/full" && ok || bad "--dump replaced the full device: $(ls -l "$tmp/full")"
    expect_rc 0 "run --dump to the null device" -- "$TGX" run "$tmp/cs.tgsi" --buffer 0=16 \
        --dump "0=$tmp/null"
    is_char "$tmp/null" && ok || bad "--dump replaced the null device"
    expect_rc 2 "run -o to the full device" -- "$TGX" run "$tmp/cs.tgsi" --buffer 0=16 \
        -o "$tmp/full"
    is_char "$tmp/full" && ok || bad "-o replaced the full device"
    ln -s full "$tmp/full.png"
    expect_rc 2 "run -o link.png to the full device" -- "$TGX" run "$tmp/fs.tgsi" --size 2x2 \
        -o "$tmp/full.png"
    is_char "$tmp/full" && [ -L "$tmp/full.png" ] && ok || bad "-o link.png replaced something"
    expect_rc 2 "as -o the full device" -- "$TGX" as --arch sm_50 -o "$tmp/full" "$tmp/texs.s"
    is_char "$tmp/full" && ok || bad "as -o replaced the full device"
    expect_rc 0 "as -o the null device" -- "$TGX" as --arch sm_50 -o "$tmp/null" "$tmp/texs.s"
    is_char "$tmp/null" && ok || bad "as -o replaced the null device"
fi

# ---- a FIFO -----------------------------------------------------------------------------------
mkfifo "$tmp/fifo"
timeout 20 cat "$tmp/fifo" >"$tmp/from-fifo" &
reader=$!
expect_rc 0 "as -o a FIFO" -- timeout 20 "$TGX" as --arch sm_50 -o "$tmp/fifo" "$tmp/texs.s"
wait "$reader"
cmp -s "$tmp/from-fifo" "$tmp/texs.bin" && ok || bad "the FIFO's reader did not get the words"
[ -p "$tmp/fifo" ] && ok || bad "as -o replaced the FIFO"
timeout 20 cat "$tmp/fifo" >"$tmp/from-fifo" &
reader=$!
expect_rc 0 "run --dump to a FIFO" -- timeout 20 "$TGX" run "$tmp/cs.tgsi" --buffer 0=16 \
    --dump "0=$tmp/fifo"
wait "$reader"
# thread i stores i at byte 4i: words 0 1 2 3, little-endian
[ "$(od -An -v -tx4 "$tmp/from-fifo" | tr -s ' \n' ' ')" = " 00000000 00000001 00000002 00000003 " ] &&
    ok || bad "--dump through the FIFO: $(od -An -tx4 "$tmp/from-fifo")"
[ -p "$tmp/fifo" ] && ok || bad "--dump replaced the FIFO"

# ---- symbolic links ---------------------------------------------------------------------------
mkdir "$tmp/real"
cp "$tmp/fs.tgsi" "$tmp/real/shader.tgsi"
sed -i 's/    / /g' "$tmp/real/shader.tgsi" # not canonical any more
ln -s real/shader.tgsi "$tmp/link.tgsi"
expect_rc 0 "fmt -i through a link" -- "$TGX" fmt -i "$tmp/link.tgsi"
[ -L "$tmp/link.tgsi" ] && ok || bad "fmt -i replaced the link"
cmp -s "$tmp/real/shader.tgsi" "$tmp/fs.canon" && ok || bad "fmt -i did not rewrite the target"
ln -s real/out.png "$tmp/link.png"
expect_rc 0 "run -o link.png (dangling)" -- "$TGX" run "$tmp/fs.tgsi" --size 2x2 -o "$tmp/link.png"
[ -L "$tmp/link.png" ] && ok || bad "-o replaced the link"
[ "$(od -An -tx1 -N 8 "$tmp/real/out.png" | tr -d ' \n')" = 89504e470d0a1a0a ] && ok ||
    bad "-o link.png: no PNG at the link's target"
ln -s real/words.bin "$tmp/link.bin"
echo old >"$tmp/real/words.bin"
expect_rc 0 "as -o through a link" -- "$TGX" as --arch sm_50 -o "$tmp/link.bin" "$tmp/texs.s"
[ -L "$tmp/link.bin" ] && cmp -s "$tmp/real/words.bin" "$tmp/texs.bin" && ok ||
    bad "as -o through a link"
ln -s real/buf.tgxr "$tmp/link.tgxr"
expect_rc 0 "run --dump through a link" -- "$TGX" run "$tmp/cs.tgsi" --buffer 0=16 \
    --dump "0=$tmp/link.tgxr"
[ -L "$tmp/link.tgxr" ] && [ -f "$tmp/real/buf.tgxr" ] && ok || bad "--dump through a link"

# ---- a failed write leaves the old file whole -------------------------------------------------
printf 'keep me\n' >"$tmp/old.bin"
(trap '' XFSZ && ulimit -f 0 && exec "$TGX" as --arch sm_50 -o "$tmp/old.bin" "$tmp/texs.s") \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 2 ] && ok || bad "as -o past the file size limit: exit $rc"
[ "$(cat "$tmp/old.bin")" = "keep me" ] && ok || bad "as -o damaged the old file"
cp "$tmp/real/shader.tgsi" "$tmp/keep.tgsi"
sed -i 's/    / /g' "$tmp/keep.tgsi"
cp "$tmp/keep.tgsi" "$tmp/keep.orig"
(trap '' XFSZ && ulimit -f 0 && exec "$TGX" fmt -i "$tmp/keep.tgsi") >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 2 ] && cmp -s "$tmp/keep.tgsi" "$tmp/keep.orig" && ok ||
    bad "fmt -i past the file size limit: exit $rc, file changed?"
ls "$tmp" | grep -q '\.tmp' && bad "temporary files left: $(ls "$tmp")" || ok

# ---- a file the user may not write is not replaced ---------------------------------------------
# As an unprivileged user in a folder anyone may write: a root-owned 0444 file was replaced (the
# rename needs only the folder) and became the user's; the shell's `>` fails with EACCES there,
# and so must every verb's -o (and replay's --save). Needs root to make the files and setpriv to
# drop to nobody; skipped with a note otherwise.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null && setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
    as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
    chmod 755 "$tmp"
    mkdir -m 777 "$tmp/shared"
    ro=$tmp/shared
    for f in ro.png ro.bin ro.sass ro.tgsi ro.tgxr tex2d_proj.softpipe.f32; do
        echo "root's" >"$ro/$f"
        chmod 444 "$ro/$f"
    done
    cp -r "$TGX_TEST_DATA/corpus/tex2d_proj" "$ro/case"
    chmod -R a+rX "$ro/case"
    cp "$tmp/fs.tgsi" "$tmp/texs.s" "$ro/" && chmod 644 "$ro/fs.tgsi" "$ro/texs.s"
    printf 'R4 = 0.5\nR5 = 0.5\n' >"$ro/s.setup"
    chmod 644 "$ro/s.setup"
    ro_cmds=(
        "run:run $ro/fs.tgsi --size 2x2 -o $ro/ro.png"
        "as:as -o $ro/ro.bin $ro/texs.s"
        "lower:lower -o $ro/ro.sass $ro/fs.tgsi"
        "lift:lift -o $ro/ro.tgsi $ro/texs.s"
        "emu:emu -o $ro/ro.tgxr $ro/texs.s $ro/s.setup"
        "replay:replay --save $ro $ro/case"
    )
    for entry in "${ro_cmds[@]}"; do
        verb=${entry%%:*}
        # shellcheck disable=SC2086
        as_nobody "$TGX" ${entry#*:} >"$tmp/out" 2>"$tmp/err"
        rc=$?
        grep -q "cannot write: Permission denied" "$tmp/out" "$tmp/err" && [ "$rc" -ne 0 ] && ok ||
            bad "$verb as nobody onto a root-owned 0444 file: exit $rc, $(head -c 300 "$tmp/err" "$tmp/out")"
    done
    for f in ro.png ro.bin ro.sass ro.tgsi ro.tgxr tex2d_proj.softpipe.f32; do
        [ "$(stat -c '%U %a' "$ro/$f")" = "root 444" ] && [ "$(cat "$ro/$f")" = "root's" ] && ok ||
            bad "$f was replaced: $(stat -c '%U %a %s' "$ro/$f")"
    done
    ls "$ro" | grep -q '\.tmp' && bad "temporary files left: $(ls "$ro")" || ok
    # root itself writes such a file, as the shell's `>` does for root (the permission is root's)
    expect_rc 0 "root onto a 0444 file" -- "$TGX" as -o "$ro/ro.bin" "$tmp/texs.s"
    cmp -s "$ro/ro.bin" "$tmp/texs.bin" && ok || bad "root could not write its 0444 file"
else
    echo "note: not root, or no setpriv: the read-only target cases are skipped"
fi

# ---- stdout write errors ----------------------------------------------------------------------
printf '0.25 0.25\n0.75 0.25\n0.25 0.75\n0.75 0.75\n' >"$tmp/coords"
echo 0xd820052000570004 >"$tmp/words"
verbs=(
    "--help"
    "--version"
    "run --help"
    "run $tmp/cs.tgsi --buffer 0=16"
    "run $tmp/cs.tgsi --buffer 0=16 --dump 0=-"
    "dis --arch sm_50 --words $tmp/words"
    "dis $TGX_TEST_DATA/cubin/tex_sm_52.cubin"
    "as --arch sm_50 --hex $tmp/texs.s"
    "sample checker:cell=1@2x2,levels=1 --input $tmp/coords"
    "replay $TGX_TEST_DATA/corpus/alu_switch"
    "fmt $tmp/fs.tgsi"
    "check --help"
    "sample --help"
    "emu --help"
)
stdout_fails() { # DESCRIPTION VERB ARGS...: run with stdout on a full device
    local what=$1 verb=$2
    shift
    if [ "$devices" = 1 ]; then
        "$TGX" "$@" >"$tmp/full" 2>"$tmp/err"
    else
        (trap '' XFSZ && ulimit -f 0 && exec "$TGX" "$@") >"$tmp/stdout.file" 2>"$tmp/err"
    fi
    local rc=$?
    local who="tgx $verb"
    [ "${verb#-}" != "$verb" ] && who=tgx
    if [ "$rc" = 2 ] && grep -q "^$who: <stdout>: write error" "$tmp/err"; then
        ok
    else
        bad "$what: exit $rc, stderr: $(head -c 300 "$tmp/err")"
    fi
}
for v in "${verbs[@]}"; do
    # shellcheck disable=SC2086
    stdout_fails "tgx $v > full" $v
done

finish
