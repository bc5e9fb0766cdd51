#!/bin/sh
# clang-tidy with the checked-in .clang-tidy over every public header (each
# alone, through the generated header-check sources), the tests, examples,
# tools and fuzz targets. Any finding fails. Needs Debian's clang-tidy.
set -eu
cd "$(dirname "$0")/.."
cmake --preset tidy >/dev/null
run-clang-tidy -p build/tidy -quiet 'tests/|examples/|tools/'
