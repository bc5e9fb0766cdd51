#!/bin/sh
# clang-tidy with the checked-in .clang-tidy over every public header (each
# alone, through the generated header-check sources), the tests, examples,
# tools and fuzz targets (not the docs' snippets, which the tests compile
# and run: short illustrations whose main lets errors escape). Any finding
# fails. Needs Debian's clang-tidy.
set -eu
cd "$(dirname "$0")/.."
cmake --preset tidy >/dev/null
run-clang-tidy -p build/tidy -quiet '^(?!.*/doc_snippets/).*/(tests|examples|tools)/'
