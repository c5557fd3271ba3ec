#!/usr/bin/env bash
# The oracle: builds the `monotable` tool and replays tests/oracle/cases/*.json (requests with the
# answers real DynamoDB gave, each file naming its capture) against `monotable serve`; prints the
# figures per file and family and fails on any mismatch not in tests/oracle/known-differences.json.
#
# Environment: MONOTABLE_BUILD_DIR (default build) is the native build folder to use; the servers
# listen on free ports.
set -euo pipefail
cd "$(dirname "$0")/../.."
build="${MONOTABLE_BUILD_DIR:-build}"

if [ ! -f "$build/build.ninja" ] && [ ! -f "$build/Makefile" ]; then
  cmake -S . -B "$build" -G Ninja -DMONOTABLE_WERROR=ON >/dev/null
fi
cmake --build "$build" --target monotable
export MONOTABLE_BIN="$PWD/$build/cli/monotable"
exec node tests/oracle/run.mjs "$@"
