#!/bin/sh
# Installs what carom's LAMMPS plugin (lammps/) builds against, on Debian:
# the lammps and liblammps-dev packages and Open MPI's compiler wrappers,
# then the LAMMPS headers that liblammps-dev leaves out (fix_neigh_history.h,
# neigh_request.h, lammpsplugin.h, version.h, fmt/, ...) taken from Debian's
# source package of exactly the installed version.
#
#   sh scripts/install-lammps-deps.sh [cache dir]   (default: build/lammps-headers)
#
# The headers land in <cache dir>/<source version>/src (the whole src/*.h of
# LAMMPS, with fmt/); give CMake -DCAROM_LAMMPS_HEADERS=<that dir>, or leave
# the default. Running it again does nothing once they are there. The source
# package is fetched with a private apt configuration (deb-src entries made
# from the system's deb entries, in a temporary folder): the system's apt
# configuration is not changed.
set -e
cache=${1:-build/lammps-headers}
sudo=""
[ "$(id -u)" -ne 0 ] && sudo=sudo

missing=""
for package in lammps liblammps-dev libopenmpi-dev openmpi-bin dpkg-dev xz-utils; do
  dpkg -s "$package" >/dev/null 2>&1 || missing="$missing $package"
done
if [ -n "$missing" ]; then
  echo "installing:$missing"
  $sudo apt-get update -q
  $sudo apt-get install -y -q --no-install-recommends $missing
fi

# The source package's version (liblammps-dev's own may carry a +bN rebuild suffix).
version=$(dpkg-query -W -f='${source:Version}' liblammps-dev)
target="$cache/$version"
if [ -f "$target/complete" ]; then
  echo "LAMMPS $version headers already in $target/src"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lists/partial" "$work/parts" "$work/archives/partial" "$work/source"
: > "$work/sources.list"
# deb-src twins of the system's Debian entries, one-line and deb822 forms.
for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
  [ -f "$file" ] && sed -n 's/^deb \(.*debian.*\)/deb-src \1/p' "$file" >> "$work/sources.list"
done
for file in /etc/apt/sources.list.d/*.sources; do
  [ -f "$file" ] && sed 's/^Types:.*/Types: deb-src/' "$file" > "$work/parts/$(basename "$file")"
done
chmod -R a+rwX "$work"  # apt fetches as the unprivileged _apt user
apt_options="-o Dir::Etc::SourceList=$work/sources.list -o Dir::Etc::SourceParts=$work/parts
  -o Dir::State::Lists=$work/lists -o Dir::Cache::Archives=$work/archives
  -o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache="
echo "fetching the source of lammps $version (about 80 MB)"
# shellcheck disable=SC2086
apt-get $apt_options update -q
# shellcheck disable=SC2086
(cd "$work/source" && apt-get $apt_options source -q --download-only "lammps=$version")
dsc=$(ls "$work"/source/*.dsc)
# Unpacks with Debian's patches applied, as liblammps-dev was built.
dpkg-source --no-check -x "$dsc" "$work/source/tree" >/dev/null

mkdir -p "$target/src"
cp "$work"/source/tree/src/*.h "$target/src/"
cp -r "$work/source/tree/src/fmt" "$target/src/"
# liblammps-dev's own headers must be the same files, else this is the wrong source.
for header in /usr/include/lammps/*.h; do
  cmp -s "$header" "$target/src/$(basename "$header")" ||
    { echo "error: $header differs from the source package's copy" >&2; exit 1; }
done
echo "$version" > "$target/complete"
echo "LAMMPS $version headers in $target/src"
