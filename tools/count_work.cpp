// SPDX-License-Identifier: MIT
// Fixed amounts of engine work for instruction counting under callgrind,
// which counts instructions, not seconds, and so gives the same figure on a
// busy machine. Only measured_*() is counted:
//
//   valgrind --tool=callgrind --toggle-collect='*measured_*' build/release/tools/count_work ed 100000
//   valgrind --tool=callgrind --toggle-collect='*measured_*' build/release/tools/count_work dem 200
//
// (the first counts per collision, the second per particle-step)
//
// ed: 2,048 elastic hard spheres at φ = 0.45 (periodic), equilibrated for
// 5 τ, then `count` pair collisions. dem: the settled-bed case
// (benchmarks/dem_scene.hpp) at 8 × 8 × 8 = 512 beads after its settling
// stage, then `count` steps; two_species: the same with the two-species
// bed. Instructions per unit = the total callgrind reports divided by count
// (ed) or by count × 512 (dem, two_species).
#include <carom/carom.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <random>

#include "../benchmarks/dem_scene.hpp"

namespace {

template <class Engine>
[[gnu::noinline]] void measured_run(Engine& engine, std::uint64_t count) {
  engine.run(count);
}

int usage() {
  std::fprintf(stderr, "usage: count_work ed|dem|two_species COUNT\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) try {
  if (argc != 3) return usage();
  const std::uint64_t count = std::strtoull(argv[2], nullptr, 10);
  if (std::strcmp(argv[1], "ed") == 0) {
    auto [box, spheres] = carom::lattice<double, 3>(8, 0.45, carom::boundary::periodic);
    std::mt19937_64 rng(20240521);
    carom::maxwell_boltzmann(spheres, 1.0, rng);
    carom::event_driven<double, 3> sim(box, spheres);
    sim.run_until(5.0);
    sim.reset_observables();
    measured_run(sim, count);
    std::printf("%llu pair collisions, %llu events\n", (unsigned long long)sim.pair_collisions(),
                (unsigned long long)sim.events());
  } else if (std::strcmp(argv[1], "dem") == 0) {
    const auto bed = dem_scene::lattice<double>(8, 8, 8);
    dem_scene::engine<double> engine(bed.box, bed.particles, dem_scene::hc_params<double>());
    engine.run(15000);  // the settling stage of the benchmark
    measured_run(engine, count);
    std::printf("%llu steps of %zu particles, %zu contacts\n", (unsigned long long)count,
                engine.size(), engine.contact_count());
  } else if (std::strcmp(argv[1], "two_species") == 0) {
    const auto bed = dem_scene::two_species_lattice<double>(8, 8, 8);
    dem_scene::material_engine<double> engine(bed.box, bed.particles,
                                              dem_scene::two_species_params<double>());
    engine.run(15000);
    measured_run(engine, count);
    std::printf("%llu steps of %zu particles, %zu contacts\n", (unsigned long long)count,
                engine.size(), engine.contact_count());
  } else {
    return usage();
  }
} catch (const std::exception& error) {
  std::fprintf(stderr, "error: %s\n", error.what());
  return 1;
}
