#!/bin/sh
# make bench: every benchmark of the build in $1, in one run (docs/performance.md reads them).
#   1. bench_pipe: the corpus _perf workloads at 1024x1024 with 1 and N threads, side by side with
#      Mesa's softpipe and llvmpipe (bench_mesa, where EGL and GL were found), and issue 13's
#      goal ratios;
#   2. bench_tex: the texture unit alone; 3. bench_sm5: the codec in process and `tgx dis`;
#   4. the others (bench_exec: the interpreter alone, bench_emu: the warp emulator).
# bench_mesa is not run here by itself: bench_pipe runs it once per Mesa driver.
set -e
build=${1:-build}
status=0
run() {
    echo
    "$@" || status=1
}
run "$build/bench_pipe"
run "$build/bench_tex"
run "$build/bench_sm5"
for b in "$build"/bench_*; do
    case ${b##*/} in
    bench_pipe | bench_tex | bench_sm5 | bench_mesa) ;;
    *) [ -x "$b" ] && run "$b" ;;
    esac
done
exit $status
