#!/usr/bin/env bash
# HTTP tests: builds the `monotable` tool and runs tests/http/*.test.mjs with node's test runner.
# Each test file starts its own `monotable serve --port 0` on 127.0.0.1 and stops it by its pid;
# the tests talk to it through the real AWS SDK v3 (and the AWS CLI when installed).
#
# Environment: MONOTABLE_BUILD_DIR (default build) is the native build folder to use.
set -euo pipefail
cd "$(dirname "$0")/../.."
# The build preamble: MONOTABLE_BIN is the freshly built tool.
source tests/scripts/build_monotable.bash

if [ ! -d tests/node_modules/@aws-sdk/client-dynamodb ]; then
  echo "http: the AWS SDK is not installed in tests/node_modules (run scripts/setup)" >&2
  exit 1
fi
cd tests
# spec reporter: one line per test, failures repeated at the end, totals as the last lines.
exec node --test --test-reporter=spec http/*.test.mjs
