#!/bin/bash
# tgx emu --kernel: a ptxas kernel of tests/data/cubin/run_sm_52.cubin run from a setup of
# buffers, parameters, grid and block (examples/saxpy.setup), its output, and the errors: a store
# past a buffer's end (block, warp, thread, address, instruction), setup statements of the wrong
# kind or size (with file:line:col), a kernel the cubin does not have, options that do not apply.
set -u
: "${TGX:?TGX must name the tgx binary}"
src=${TGX_SRC:-$(dirname "$0")/../..}
. "$(dirname "$0")/../common/lib.sh"
cubin=$src/tests/data/cubin/run_sm_52.cubin

want() { # want WHAT GOT EXPECTED
    if [ "$2" = "$3" ]; then ok; else bad "$1: '$2', expected '$3'"; fi
}

# out[i] = 0.5 * i / 8 + 1000 - i, exact in f32: element 3 = 997.1875, element 99 = 907.1875
expect_rc 0 "saxpy example" -- "$TGX" emu --kernel k_saxpy "$cubin" "$src/examples/saxpy.setup"
want "header" "$(head -1 "$tmp/out")" "# k_saxpy: grid 2x1x1, block 64x1x1: 4 warps, 92 warp instructions"
want "buffer line" "$(sed -n 2p "$tmp/out" | sed 's/ at 0x.*//')" "out: f32 x 100"
want "element 3" "$(sed -n 3p "$tmp/out" | awk '{print $5}')" "997.1875(0x44794c00)"
want "element 99" "$(grep '^  \[96\]' "$tmp/out" | awk '{print $5}')" "907.1875(0x4462cc00)"
want "lines" "$(grep -c '^  \[' "$tmp/out")" 13
expect_rc 0 "--format hex" -- "$TGX" emu --kernel k_saxpy --format hex "$cubin" "$src/examples/saxpy.setup"
want "hex element 0" "$(sed -n 3p "$tmp/out" | awk '{print $2}')" "0x447a0000"

# an integer kernel: Collatz steps of i (u32 buffers print as numbers)
cat >"$tmp/c.setup" <<'SETUP'
buffer in = u32 8 i + 1
buffer out = u32 8
param 0 = in
param 1 = out
block 8
show out
SETUP
expect_rc 0 "collatz" -- "$TGX" emu --kernel k_collatz "$cubin" "$tmp/c.setup"
want "collatz steps" "$(sed -n 3p "$tmp/out")" "  [0] 0 1 7 2 5 8 16 3"

# a store past the end: out has 99 floats, thread 99 (block 1, warp 1, thread 3) writes the 100th
sed 's/buffer out = f32 100/buffer out = f32 99/' "$src/examples/saxpy.setup" >"$tmp/short.setup"
expect_err 1 "run_sm_52.cubin: error: block \(1,0,0\) warp 1: /\*00d8\*/ STG: thread 3: global store of 4 bytes at 0x[0-9a-f]+ is outside every buffer" \
    "store past the end" -- "$TGX" emu --kernel k_saxpy "$cubin" "$tmp/short.setup"

# setup errors, with their positions
printf 'buffer x = f32 4\nparam 0 = u32 5\n' >"$tmp/e1.setup"
expect_err 1 "e1.setup:2:11: error: parameter 0 has 8 bytes; this value has 4" "param size" -- \
    "$TGX" emu --kernel k_saxpy "$cubin" "$tmp/e1.setup"
printf 'param 0 = nothere\n' >"$tmp/e2.setup"
expect_err 1 "e2.setup:1:11: error: 'nothere' is not a buffer" "unknown buffer" -- \
    "$TGX" emu --kernel k_saxpy "$cubin" "$tmp/e2.setup"
printf 'R4 = 1\n' >"$tmp/e3.setup"
expect_err 1 "e3.setup:1:1: error: unknown statement 'R4' for a kernel" "warp statement" -- \
    "$TGX" emu --kernel k_saxpy "$cubin" "$tmp/e3.setup"
printf 'block 32 32 2\n' >"$tmp/e4.setup"
expect_err 1 "e4.setup:1:1: error: a block has at most 1024 threads" "block too big" -- \
    "$TGX" emu --kernel k_saxpy "$cubin" "$tmp/e4.setup"
printf 'buffer b = f32 40 1 / (i - 35)\n' >"$tmp/e5.setup"
expect_err 1 "e5.setup:1:21: error: division of 1 by zero \\(element 35\\)" "element's error" -- \
    "$TGX" emu --kernel k_saxpy "$cubin" "$tmp/e5.setup"
printf 'buffer b = u32 40 i - 35\n' >"$tmp/e6.setup"
expect_err 1 "e6.setup:1:19: error: -35 is out of range for u32 \(0 to 4294967295\) \(element 0\)" \
    "element out of range" -- "$TGX" emu --kernel k_saxpy "$cubin" "$tmp/e6.setup"
printf 'grid 2\n' >"$tmp/w.setup"
expect_err 1 "w.setup:1:1: error: 'grid' sets up a kernel launch" "kernel statement in a warp setup" -- \
    "$TGX" emu --arch sm_52 "$src/examples/emu_tour.sass" "$tmp/w.setup"

# the kernel and the options
expect_err 1 "no kernel 'k_none' \(it has k_grid, k_local" "unknown kernel" -- \
    "$TGX" emu --kernel k_none "$cubin"
expect_err 2 "is not one" "raw file" -- "$TGX" emu --kernel k_saxpy "$src/tests/data/cubin/more_sm_52.bin"
expect_err 2 "do not apply" "--arch with --kernel" -- "$TGX" emu --kernel k_saxpy --arch sm_52 "$cubin"
# without a setup: one block of 32 threads, parameters 0 (the null pointers fault)
expect_err 1 "global load of 4 bytes at 0x0 is outside every buffer" "no setup" -- \
    "$TGX" emu --kernel k_collatz "$cubin"
finish
