// SPDX-License-Identifier: MIT
// Writes the DEM settled-bed lattices of the benchmarks
// (benchmarks/dem_scene.hpp) as LAMMPS data files (`atom_style sphere`,
// `units si`), so that LAMMPS runs the very particles carom runs:
//
//   build/release/tools/lammps_data hc 20 20 25 bed_1e4.data
//   build/release/tools/lammps_data two_species 20 20 25 two_species_1e4.data
//
// Atoms: id, type (species + 1), diameter, density, x, y, z; Velocities:
// id, vx, vy, vz, 0, 0, 0. Values are printed with 17 significant digits,
// which LAMMPS reads back to the same doubles.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fstream>

#include "../benchmarks/dem_scene.hpp"

namespace {

int usage() {
  std::fprintf(stderr, "usage: lammps_data hc|two_species NX NY NZ FILE\n");
  return 2;
}

template <class Density>
int write(const dem_scene::bed<double>& bed, int types, Density density_of, const char* path) {
  std::ofstream out(path);
  if (!out) {
    std::fprintf(stderr, "error: cannot write %s\n", path);
    return 1;
  }
  out.precision(17);
  const auto& p = bed.particles;
  out << "carom settled-bed lattice (tools/lammps_data)\n\n"
      << p.size() << " atoms\n" << types << " atom types\n\n";
  const char* axes[3] = {"x", "y", "z"};
  for (std::size_t a = 0; a < 3; ++a)
    out << bed.box.lower()[a] << ' ' << bed.box.upper()[a] << ' ' << axes[a] << "lo "
        << axes[a] << "hi\n";
  out << "\nAtoms # sphere\n\n";
  for (std::size_t i = 0; i < p.size(); ++i) {
    const auto& x = p.positions()[i];
    const unsigned s = p.species().empty() ? 0 : p.species()[i];
    out << i + 1 << ' ' << s + 1 << ' ' << 2 * p.radii()[i] << ' ' << density_of(s) << ' '
        << x[0] << ' ' << x[1] << ' ' << x[2] << '\n';
  }
  out << "\nVelocities\n\n";
  for (std::size_t i = 0; i < p.size(); ++i) {
    const auto& v = p.velocities()[i];
    out << i + 1 << ' ' << v[0] << ' ' << v[1] << ' ' << v[2] << " 0 0 0\n";
  }
  out.close();
  return out ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) try {
  if (argc != 6) return usage();
  const int nx = std::atoi(argv[2]), ny = std::atoi(argv[3]), nz = std::atoi(argv[4]);
  if (nx <= 0 || ny <= 0 || nz <= 0) return usage();
  if (std::strcmp(argv[1], "hc") == 0)
    return write(dem_scene::lattice<double>(nx, ny, nz), 1,
                 [](unsigned) { return dem_scene::density; }, argv[5]);
  if (std::strcmp(argv[1], "two_species") == 0)
    return write(dem_scene::two_species_lattice<double>(nx, ny, nz), 2,
                 [](unsigned s) { return dem_scene::two_species[s].density; }, argv[5]);
  return usage();
} catch (const std::exception& error) {
  std::fprintf(stderr, "error: %s\n", error.what());
  return 1;
}
