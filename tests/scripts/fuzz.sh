#!/usr/bin/env bash
# Fuzzing: builds the libFuzzer targets of tests/fuzz in build-fuzz (clang, -fsanitize=fuzzer +
# AddressSanitizer + UndefinedBehaviorSanitizer), replays every committed regression input, then
# fuzzes each target from a corpus seeded from tests/cases/*.json and examples/*.json (plus
# tests/fuzz/seeds/<target>/). Fails if any target crashes, leaks, times out or breaks one of its
# invariants; the input that did it is kept in build-fuzz/artifacts/ and printed in base64.
#
# Two modes:
# - Replayable (the default, what scripts/test and CI run): every target starts from the seeds
#   alone (a fresh corpus each run) with a fixed -seed and a fixed number of executions, so a run
#   here and a run in CI try the same inputs: a failure in CI is a failure here, never luck.
# - Exploring (MONOTABLE_FUZZ_SECONDS=N): N seconds per target with a random seed, from the
#   corpus kept in build-fuzz/corpus/ that grows across runs. What it finds becomes a regression
#   input (tests/fuzz/regressions/<target>/), which every run replays first.
#
# Environment:
#   MONOTABLE_FUZZ_SECONDS  exploring mode: seconds per target
#   MONOTABLE_FUZZ_RUNS     replayable mode: executions per target instead of the defaults below
#   MONOTABLE_FUZZ_TARGETS  space-separated subset (default: all): number wire condition
#                           key_condition projection update engine http model requests
#   MONOTABLE_FUZZ_DIR      build folder (default build-fuzz)
set -euo pipefail
cd "$(dirname "$0")/../.."
build="${MONOTABLE_FUZZ_DIR:-build-fuzz}"
seconds="${MONOTABLE_FUZZ_SECONDS:-}"
targets="${MONOTABLE_FUZZ_TARGETS:-number wire condition key_condition projection update engine http model requests}"
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
  if [ -n "$seconds" ]; then
    corpus="$build/corpus/$t"
    budget=(-max_total_time="$seconds")
  else
    # Executions per target: about 5-20 s each on a small machine under the sanitizers.
    case $t in
      number) runs_t=400000 ;;
      wire) runs_t=80000 ;;
      engine) runs_t=5000 ;;
      http) runs_t=50000 ;;
      model) runs_t=4000 ;;
      requests) runs_t=100000 ;;
      *) runs_t=12000 ;;
    esac
    corpus="$build/replay-corpus/$t"
    rm -rf "$corpus"
    # -max_total_time only guards against a machine far slower than expected.
    budget=(-seed=1 -runs="${MONOTABLE_FUZZ_RUNS:-$runs_t}" -max_total_time=600)
  fi
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
  if "$bin" "${budget[@]}" -timeout=30 -rss_limit_mb=2048 -max_len=16384 \
    -dict="$dict" -artifact_prefix="$build/artifacts/$t-" -print_final_stats=1 \
    "$corpus" "${seed_dirs[@]}" >"$log" 2>&1; then
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo '?')
    summary+=("$(printf '  %-14s ok  %10s executions  coverage %6s  corpus %5s files' "$t" \
      "$runs" "$cov" "$(ls "$corpus" | wc -l)")")
  else
    status=1
    # Why: libFuzzer's "ERROR: libFuzzer: deadly signal|timeout|out-of-memory|..." or the
    # sanitizer's SUMMARY line; and the input, so a failure seen only in CI can be replayed here
    # (`base64 -d > x && build-fuzz/tests/fuzz/fuzz_<target> x`).
    why=$(grep -m1 -o 'ERROR: libFuzzer: [a-z -]*\|SUMMARY: [A-Za-z]*Sanitizer: [^ ]*' "$log" ||
      echo 'no libFuzzer verdict')
    artifact=$(grep -o "Test unit written to [^ ]*" "$log" | tail -1 | sed 's/Test unit written to //')
    summary+=("$(printf '  %-14s FAILED: %s (log %s, input %s)' "$t" "$why" "$log" "${artifact:-none}")")
    echo "fuzz: $t failed; the last lines of $log:" >&2
    tail -60 "$log" >&2
    if [ -n "$artifact" ] && [ -f "$artifact" ] && [ "$(stat -c %s "$artifact")" -le 8192 ]; then
      echo "fuzz: $t: the failing input, base64:" >&2
      base64 -w 100 "$artifact" >&2
    fi
  fi
done
if [ -n "$seconds" ]; then
  echo "fuzz: exploring, ${seconds}s per target"
else
  echo "fuzz: replayable run (-seed=1, fixed executions per target, fresh corpus)"
fi
printf '%s\n' "${summary[@]}"
exit $status
