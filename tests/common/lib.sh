# lib.sh — what the shell tests share; source it after `set -u`:
#   . "$(dirname "$0")/../common/lib.sh"
# It gives a scratch folder $tmp (also named $TMP) removed on exit, the pass/fail counters with
# ok and bad, expect_rc and finish (the closing "N passed, N failed" line and the exit status).
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

finish() {
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}
