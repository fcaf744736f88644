#!/bin/bash
# The texture unit on its own, linked as the hardware-probe checker links it: the capture's
# check/hwcheck.py (tests/data/hw/README.md) builds its driver with `cc -O2 -std=c11` against
# libtgx_tex.a and libtgx_util.a from the folder of the --tgx binary, with only -lpthread -lm.
# libtgx.a cannot serve it (one object: it needs libpng and zlib too), so the build names each
# module's archive libtgx_<name>.a beside the tgx binary. This links test_nv_rules.c (the nv rules
# on hardware words) exactly that way and runs it: a missing archive, an archive that needs
# another layer, or a rule that fails makes this test fail.
set -u
. "$(dirname "$0")/../common/lib.sh"
: "${TGX:?}" "${TGX_SRC:?}" "${TGX_CC:?}"
CFLAGS_EXTRA=${TGX_CFLAGS:-}
bdir=$(dirname "$TGX")

for f in libtgx_tex.a libtgx_util.a; do
    if [ -f "$bdir/$f" ]; then ok; else bad "$bdir/$f is missing (the probe checker links it)"; fi
done
# shellcheck disable=SC2086 # CFLAGS_EXTRA holds several flags (sanitizer builds)
if "$TGX_CC" -O2 -std=c11 $CFLAGS_EXTRA -I "$TGX_SRC/include" -I "$TGX_SRC/src" \
    -I "$TGX_SRC/tests/common" -I "$TGX_SRC/tests/tex" -o "$TMP/nv_rules" \
    "$TGX_SRC/tests/tex/test_nv_rules.c" "$bdir/libtgx_tex.a" "$bdir/libtgx_util.a" \
    -lpthread -lm 2>"$TMP/cc.err"; then
    ok
    if "$TMP/nv_rules" >"$TMP/out" 2>&1; then
        ok
        echo "ok: test_nv_rules linked with libtgx_tex.a + libtgx_util.a: $(tail -1 "$TMP/out")"
    else
        bad "test_nv_rules linked from the module archives fails: $(tail -5 "$TMP/out")"
    fi
else
    bad "linking against libtgx_tex.a + libtgx_util.a -lpthread -lm failed: $(head -c 600 "$TMP/cc.err")"
fi
finish
