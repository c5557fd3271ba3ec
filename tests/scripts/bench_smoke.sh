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
# The table view before and after issue 15 (built with the ui library when ImGui's sources are there).
if [ -f "$build/build.ninja" ] && grep -q monotable_view_bench "$build/build.ninja"; then
  cmake --build "$build" --target monotable_view_bench
  "$build/tests/bench/monotable_view_bench" --items 1000
fi

# The floor server (Linux): each loop starts, answers one request with its fixed GetItem-sized
# answer, and is stopped by its pid. io_uring is skipped where the kernel or a container refuses it
# (the server exits with status 3 before it listens).
if [ "$(uname -s)" = Linux ] && command -v curl >/dev/null; then
  cmake --build "$build" --target monotable_floor_server
  floor_out=$(mktemp)
  floor_pid=
  trap '[ -n "$floor_pid" ] && kill "$floor_pid" 2>/dev/null; rm -f "$floor_out"' EXIT
  for mode in --epoll --io-uring; do
    "$build/tests/bench/monotable_floor_server" "$mode" --port 0 >"$floor_out" 2>&1 &
    floor_pid=$!
    port=
    for _ in $(seq 100); do
      port=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$floor_out")
      [ -n "$port" ] && break
      kill -0 "$floor_pid" 2>/dev/null || break
      sleep 0.05
    done
    if [ -z "$port" ]; then
      status=0
      wait "$floor_pid" || status=$?
      floor_pid=
      if [ "$mode" = --io-uring ] && [ "$status" = 3 ]; then
        echo "bench_smoke: io_uring unavailable here, floor server --io-uring skipped"
        continue
      fi
      echo "bench_smoke: floor server $mode did not start: $(cat "$floor_out")" >&2
      exit 1
    fi
    answer=$(curl -sS --max-time 5 -X POST -H 'Content-Type: application/x-amz-json-1.0' \
      -d '{"TableName":"Orders"}' "http://127.0.0.1:$port/")
    kill "$floor_pid"
    wait "$floor_pid" 2>/dev/null || true
    floor_pid=
    case "$answer" in
      *'"ConsumedCapacity"'*) echo "bench_smoke: floor server $mode answered" ;;
      *) echo "bench_smoke: floor server $mode answered: $answer" >&2; exit 1 ;;
    esac
  done
fi
