#!/usr/bin/env bash
# Fuzzing: builds the libFuzzer targets of tests/fuzz in build-fuzz (clang, -fsanitize=fuzzer +
# AddressSanitizer + UndefinedBehaviorSanitizer), replays every committed regression input, then
# runs each target for a bounded time from a corpus seeded from tests/cases/*.json and
# examples/*.json (plus tests/fuzz/seeds/<target>/). Fails if any target crashes, leaks, times out
# or breaks one of its invariants; the input that did it is kept in build-fuzz/artifacts/.
#
# Environment:
#   MONOTABLE_FUZZ_SECONDS  seconds per target (default 20)
#   MONOTABLE_FUZZ_TARGETS  space-separated subset (default: all): number wire condition
#                           key_condition projection update engine
#   MONOTABLE_FUZZ_DIR      build folder (default build-fuzz); its corpus/ grows across runs
set -euo pipefail
cd "$(dirname "$0")/../.."
build="${MONOTABLE_FUZZ_DIR:-build-fuzz}"
seconds="${MONOTABLE_FUZZ_SECONDS:-20}"
targets="${MONOTABLE_FUZZ_TARGETS:-number wire condition key_condition projection update engine}"
jobs=$(nproc)

if ! command -v clang++ >/dev/null; then
  echo "fuzz: clang++ is not installed (scripts/setup installs clang)" >&2
  exit 1
fi

flags="-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
if [ ! -f "$build/build.ninja" ]; then
  CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" -DCMAKE_CXX_FLAGS="$flags" \
    -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" -DMONOTABLE_FUZZ=ON >/dev/null
fi
build_targets=(make_seeds)
for t in $targets; do build_targets+=("fuzz_$t"); done
cmake --build "$build" -j "$jobs" --target "${build_targets[@]}"

# Seeds from the repository's test inputs (regenerated every run: the cases change).
rm -rf "$build/seeds"
"$build/tests/fuzz/make_seeds" "$build/seeds" tests/cases/*.json examples/*.json

export ASAN_OPTIONS="abort_on_error=1:detect_leaks=1:allocator_may_return_null=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
mkdir -p "$build/artifacts" "$build/logs"
status=0
summary=()
for t in $targets; do
  bin="$build/tests/fuzz/fuzz_$t"
  case $t in
    condition | key_condition | projection | update) dict=tests/fuzz/dicts/expr.dict ;;
    *) dict=tests/fuzz/dicts/$t.dict ;;
  esac
  corpus="$build/corpus/$t"
  mkdir -p "$corpus" "$build/seeds/$t"
  # 1. Every input that once crashed (tests/fuzz/regressions/<target>/) must now pass.
  if compgen -G "tests/fuzz/regressions/$t/*" >/dev/null; then
    if ! "$bin" tests/fuzz/regressions/"$t"/* >"$build/logs/$t-regressions.log" 2>&1; then
      echo "fuzz: $t: a regression input fails again; see $build/logs/$t-regressions.log" >&2
      tail -30 "$build/logs/$t-regressions.log" >&2
      status=1
      summary+=("$(printf '  %-14s REGRESSION FAILED' "$t")")
      continue
    fi
  fi
  # 2. Bounded fuzzing from the corpus plus the seeds.
  seed_dirs=("$build/seeds/$t")
  [ -d "tests/fuzz/seeds/$t" ] && seed_dirs+=("tests/fuzz/seeds/$t")
  log="$build/logs/$t.log"
  if "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
    -dict="$dict" -artifact_prefix="$build/artifacts/$t-" -print_final_stats=1 \
    "$corpus" "${seed_dirs[@]}" >"$log" 2>&1; then
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo '?')
    summary+=("$(printf '  %-14s ok  %10s executions  coverage %6s  corpus %5s files' "$t" \
      "$runs" "$cov" "$(ls "$corpus" | wc -l)")")
  else
    status=1
    summary+=("$(printf '  %-14s CRASHED (see %s)' "$t" "$log")")
    echo "fuzz: $t failed; the last lines of $log:" >&2
    tail -40 "$log" >&2
  fi
done
echo "fuzz: ${seconds}s per target"
printf '%s\n' "${summary[@]}"
exit $status
