#!/usr/bin/env bash
# The oracle: builds the `monotable` tool and replays tests/oracle/cases/*.json (requests with the
# answers real DynamoDB gave, each file naming its capture) against `monotable serve`; prints the
# figures per file and family and fails on any mismatch not in tests/oracle/known-differences.json.
#
# Environment: MONOTABLE_BUILD_DIR (default build) is the native build folder to use; the servers
# listen on free ports.
set -euo pipefail
cd "$(dirname "$0")/../.."
# The build preamble: MONOTABLE_BIN is the freshly built tool.
source tests/scripts/build_monotable.bash
exec node tests/oracle/run.mjs "$@"
