#!/usr/bin/env bash
# Benchmark smoke run: the benchmark binaries build (with the native build, -Werror) and run their
# whole workload once on a tiny table, so the benchmark code cannot rot. Speed is not checked here:
# scripts/bench measures it (docs/benchmarks.md).
#
# Environment: MONOTABLE_BUILD_DIR (default build) is the native build folder to use.
set -euo pipefail
cd "$(dirname "$0")/../.."
build="${MONOTABLE_BUILD_DIR:-build}"

if [ ! -f "$build/build.ninja" ] && [ ! -f "$build/Makefile" ]; then
  cmake -S . -B "$build" -G Ninja -DMONOTABLE_WERROR=ON >/dev/null
fi
targets=(monotable_bench_lite)
if pkg-config --exists benchmark 2>/dev/null || [ -f /usr/lib/x86_64-linux-gnu/cmake/benchmark/benchmarkConfig.cmake ]; then
  targets+=(monotable_bench)
fi
cmake --build "$build" --target "${targets[@]}"
"$build/tests/bench/monotable_bench_lite" --items 1000 --iterations 20 --reps 1
if [ -x "$build/tests/bench/monotable_bench" ]; then
  "$build/tests/bench/monotable_bench" --items 1000 --benchmark_min_time=0.001 \
    --benchmark_filter='get-item|recent-orders|baseline'
fi
