# lib.sh — what the shell tests share; source it after `set -u`:
#   . "$(dirname "$0")/../common/lib.sh"
# It gives a scratch folder $tmp (also named $TMP) removed on exit, the pass/fail counters with
# ok and bad, expect_rc, expect_err and finish (the closing "N passed, N failed" line and the
# exit status).
pass=0
fail=0
tmp=$(mktemp -d)
TMP=$tmp
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
bad() {
    echo "FAIL: $*"
    fail=$((fail + 1))
}

# expect_rc WANT DESCRIPTION -- command...: runs the command with stdout in $tmp/out and stderr in
# $tmp/err; its exit status must be WANT.
expect_rc() {
    local want=$1 what=$2
    shift 3
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ "$rc" -eq "$want" ]; then ok; else bad "$what: exit $rc, expected $want ($(head -c 300 "$tmp/err"))"; fi
}

# expect_err WANT PATTERN DESCRIPTION -- command...: like expect_rc, and a line of stderr must
# match the extended regular expression PATTERN.
expect_err() {
    local want=$1 pat=$2 what=$3
    shift 4
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ "$rc" -eq "$want" ] && grep -qE -- "$pat" "$tmp/err"; then
        ok
    else
        bad "$what: exit $rc (want $want), stderr: $(head -c 300 "$tmp/err")"
    fi
}

# tgx_start_kb: the address space (KB, to 2 MB) tgx needs to start (`tgx --version`), which is
# large where tgx maps libLLVM, the shader compiler's (about 120 MB): tests that bound what a verb
# takes set `ulimit -v` to this plus their allowance. 0 when it does not start in 1 GB.
tgx_start_kb() {
    local lo=0 hi=1000000 mid
    (ulimit -v $hi && "$TGX" --version) >/dev/null 2>&1 || { echo 0; return; }
    while [ $((hi - lo)) -gt 2000 ]; do
        mid=$(((lo + hi) / 2))
        if (ulimit -v $mid && "$TGX" --version) >/dev/null 2>&1; then hi=$mid; else lo=$mid; fi
    done
    echo $hi
}

finish() {
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}
