#!/usr/bin/env bash
# The scripts' options: each documented option of scripts/bench parses as its --help says, and a
# wrong one stops with exit 2 and a message, before anything is built or run. (A value that was
# never shifted off once made `scripts/bench --skip endpoint,page` fail with "unknown argument".)
# Runs in well under a second: --print-config resolves the options and exits.
set -uo pipefail
cd "$(dirname "$0")/../.."
failures=0

# expect NAME WANT_STATUS WANT_OUTPUT ARGS...: runs scripts/bench ARGS, checks status and output.
expect() {
  local name=$1 want_status=$2 want=$3
  shift 3
  local out status
  out=$(scripts/bench "$@" 2>&1)
  status=$?
  if [ "$status" -ne "$want_status" ] || [[ "$out" != *"$want"* ]]; then
    echo "FAIL $name: scripts/bench $*: status $status, output: $out (wanted status $want_status and '$want')"
    failures=$((failures + 1))
  else
    echo "ok   $name"
  fi
}

expect "defaults" 0 "items=10000,100000,1000000 quick=0 skip=none" --print-config
expect "--skip takes a list" 0 "skip=endpoint,page" --skip endpoint,page --print-config
expect "--skip then --items" 0 "items=1000 quick=0 skip=gbench" --skip gbench --items 1000 --print-config
expect "--items then --skip" 0 "items=10000,20000 quick=0 skip=wasm,page" --items 10000,20000 --skip wasm,page --print-config
expect "--quick is 10k items" 0 "items=10000 quick=1" --quick --print-config
expect "--help" 0 "usage: scripts/bench" --skip endpoint,page --help
expect "unknown argument" 2 "unknown argument '--fast'" --fast
expect "--skip without a value" 2 "--skip needs a value" --skip
expect "--skip followed by an option" 2 "--skip needs a value" --skip --quick
expect "--skip an unknown step" 2 "unknown step 'endpoints'" --skip endpoints
expect "--items without a value" 2 "--items needs a value" --items
expect "--items not a number" 2 "--items takes item counts" --items 10k

echo "script options: $failures failed"
[ "$failures" -eq 0 ]
