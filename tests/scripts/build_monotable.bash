# Sourced (not run) by the suites that drive the native `monotable` tool, from the repository
# root: configures the native build folder if it has no build files yet, builds the `monotable`
# target and exports MONOTABLE_BIN, the tool's absolute path. Its name does not end in .sh, so
# scripts/test does not take it for a suite.
#
# Environment: MONOTABLE_BUILD_DIR (default build) is the native build folder to use.
build="${MONOTABLE_BUILD_DIR:-build}"
if [ ! -f "$build/build.ninja" ] && [ ! -f "$build/Makefile" ]; then
  cmake -S . -B "$build" -G Ninja -DMONOTABLE_WERROR=ON >/dev/null
fi
cmake --build "$build" --target monotable
export MONOTABLE_BIN="$PWD/$build/cli/monotable"
