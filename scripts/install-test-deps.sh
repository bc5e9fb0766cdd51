#!/bin/sh
# Installs, when missing, what carom's tests need on Debian: a C++20
# compiler, CMake and Catch2 v2 (package catch2). Google Benchmark
# (libbenchmark-dev) is optional: the benchmarks are skipped without it.
# Extra package names may be given as arguments (CI adds clang, chromium,
# libclang-rt-14-dev, libomp-14-dev and clang-tidy).
set -e
missing=""
for package in g++ cmake make catch2 "$@"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing="$missing $package"
done
[ -z "$missing" ] && exit 0
sudo=""
[ "$(id -u)" -ne 0 ] && sudo=sudo
echo "installing:$missing"
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends $missing
