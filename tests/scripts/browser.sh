#!/usr/bin/env bash
# Browser tests: builds dist/ (scripts/build-web, incremental) and drives the playground in
# Debian's Chromium with playwright-core (tests/browser/*.test.mjs). Screenshots land in
# tests/browser/screenshots/ (git-ignored): look at them.
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/build-web
if [ ! -d tests/node_modules/playwright-core ]; then
  (cd tests && npm install --no-audit --no-fund --loglevel=error)
fi
node --test --test-concurrency=1 tests/browser/
