#!/bin/sh
# Compiler launcher for the header checks (tests/CMakeLists.txt): runs the
# compile command it is given, which has -fsyntax-only, then creates the
# object file named after -o so that the build tool sees the check as done
# (a syntax-only compile writes no object; its -MF dependency file is
# written as usual, so an edited header is checked again).
set -e
"$@"
output=
previous=
for argument in "$@"; do
  [ "$previous" = "-o" ] && output=$argument
  previous=$argument
done
[ -n "$output" ] && : > "$output"
