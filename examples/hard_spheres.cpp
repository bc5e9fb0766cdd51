// SPDX-License-Identifier: MIT
// N hard spheres (or disks) in a box, jumping from one collision to the
// next. Starts from a lattice with Maxwell–Boltzmann velocities
// (σ = m = kT = 1), equilibrates, then measures the collision rate, the
// pressure as Z = PV/(NkT) next to Carnahan–Starling (3D) or Henderson
// (2D), the mean free time and the energy drift.
//
//   hard_spheres [--n N] [--phi F] [--dim 2|3] [--boundary periodic|wall]
//                [--restitution E] [--collisions-per-particle C] [--seed S]
//                [--search neighbour_lists|cell_lists] [--json]
//                [--checkpoint-every K] [--checkpoint-file FILE] [--restart FILE]
//
// --n is rounded up to a full lattice: 4 k³ spheres (FCC, 3D) or k² disks.
// Runs longer than a second print progress lines (done, ETA) on stderr.
// A run saved with --checkpoint-every and continued with --restart (same
// other flags) ends bit for bit where an uninterrupted one does
// (docs/restart.md); the rate, the wall time and the energy change are
// then those of the continued part.
#include <carom/carom.hpp>
#include <carom/io/checkpoint.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <random>
#include <stdexcept>
#include <string>

#include "command_line.hpp"

namespace {

struct options {
  std::size_t n = 4000;
  std::size_t side = 0;  // of the lattice holding at least n
  double phi = 0.45;
  std::size_t dim = 3;
  std::string boundary = "periodic";
  bool periodic = true;
  double e = 1.0;
  double collisions = 50;
  std::size_t seed = 1;
  std::string search = "neighbour_lists";
  bool json = false;
  std::size_t checkpoint_every = 0;
  std::string checkpoint_file = "hard_spheres.ckpt";
  std::string restart;
};

options parse(int argc, char** argv) {
  options o;
  const example::command_line args(
      "hard_spheres",
      "Elastic (or inelastic) hard spheres or disks, sigma = m = kT = 1, event-driven from a\n"
      "lattice: the collision rate, Z = PV/(NkT) against Carnahan-Starling (3D) or Henderson\n"
      "(2D), the mean free time and the energy drift. Times are in sigma sqrt(m/kT).",
      {{"--n", &o.n, "N",
        "number of particles, rounded up to a full lattice:\n"
        "4 k^3 spheres (FCC) in 3D, k^2 disks in 2D"},
       {"--phi", &o.phi, "F", "packing fraction"},
       {"--dim", &o.dim, "2|3", "dimension"},
       {"--boundary", &o.boundary, "periodic|wall", "the box's faces"},
       {"--restitution", &o.e, "E", "coefficient of restitution, 0 < E <= 1"},
       {"--collisions-per-particle", &o.collisions, "C",
        "collisions per particle measured, after as many\nfor equilibration"},
       {"--seed", &o.seed, "S", "random seed of the initial velocities"},
       {"--search", &o.search, "neighbour_lists|cell_lists",
        "the event-driven engine's neighbour search"},
       {"--json", &o.json, "", "print the results as one JSON object"},
       {"--checkpoint-every", &o.checkpoint_every, "K",
        "save a checkpoint every K pair collisions (0: never),\n"
        "replacing the last one atomically"},
       {"--checkpoint-file", &o.checkpoint_file, "FILE", "where --checkpoint-every saves"},
       {"--restart", &o.restart, "FILE",
        "continue the run saved in FILE (give the same other flags)"}});
  args.parse(argc, argv);
  if (o.n == 0) args.fail("--n must be > 0");
  if (!(o.collisions > 0)) args.fail("--collisions-per-particle must be > 0");
  if (!(o.e > 0 && o.e <= 1)) args.fail("--restitution must be in (0, 1]");
  o.periodic = o.boundary == "periodic";
  o.side = example::lattice_side(o.n, o.dim);
  return o;
}

template <std::size_t D, class Search>
int run(const options& o) {
  using resolver = carom::constant_restitution<double>;
  using engine = carom::event_driven<double, D, resolver, carom::event_policies<Search>>;
  auto scene = carom::lattice<double, D>(o.side, o.phi, o.periodic ? carom::boundary::periodic
                                                                   : carom::boundary::wall);
  std::mt19937_64 generator(o.seed);
  carom::maxwell_boltzmann(scene.particles, 1.0, generator);
  engine sim(scene.container, scene.particles,
             {.resolver = resolver(o.e), .collapse_guard_time = o.e < 1 ? 1e-6 : 0.0});
  // A restarted run resumes its phase: the observables were reset (window
  // opened after time 0) only once equilibration was over.
  if (!o.restart.empty()) carom::load_checkpoint(sim, std::filesystem::path(o.restart));
  const bool resume_measuring = sim.time() > sim.observation_time();
  const double count = sim.size();
  const auto goal = static_cast<std::uint64_t>(o.collisions * count / 2);  // 2 particles each

  // Equilibration, then the measurement, in 1 % chunks so that a long run
  // tells on stderr (at most once a second) how far it is and when it ends;
  // a checkpoint every K collisions of each phase.
  using clock = std::chrono::steady_clock;
  const auto begin = clock::now();
  auto last_line = begin;
  const std::uint64_t every = o.checkpoint_every;
  const auto run_in_chunks = [&](int phase) {
    for (std::uint64_t done = sim.pair_collisions(); done < goal;) {
      std::uint64_t chunk = std::min<std::uint64_t>(goal - done, goal / 100 + 1);
      if (every > 0) chunk = std::min(chunk, every - done % every);
      sim.run(chunk);
      done += chunk;
      if (every > 0 && done % every == 0)
        carom::save_checkpoint(sim, std::filesystem::path(o.checkpoint_file));
      const auto now = clock::now();
      if (now - last_line < std::chrono::seconds(1)) continue;
      last_line = now;
      const double elapsed = std::chrono::duration<double>(now - begin).count();
      const double fraction = (double(phase * goal) + double(done)) / double(2 * goal);
      std::fprintf(stderr, "hard_spheres: %s %3.0f%%, elapsed %.0f s, ETA %.0f s\n",
                   phase == 0 ? "equilibrating" : "measuring", 100 * fraction, elapsed,
                   elapsed * (1 - fraction) / fraction);
    }
  };
  if (!resume_measuring) {
    run_in_chunks(0);
    sim.reset_observables();
  }
  const double energy_before = sim.kinetic_energy();
  const std::uint64_t collisions_before = sim.pair_collisions();
  const auto start = clock::now();
  run_in_chunks(1);
  const double seconds = std::chrono::duration<double>(clock::now() - start).count();

  const double volume = scene.container.volume();
  const double phi = count * carom::particle_volume<D>(0.5) / volume;
  const double temperature = 2 * sim.kinetic_energy() / (D * count);
  // Bulk (virial) pressure in a periodic box, the walls' pressure otherwise.
  const double pressure = o.periodic ? sim.pressure() : sim.wall_pressure();
  const double z = pressure * volume / (count * temperature);
  const double g = D == 3 ? (1 - phi / 2) / std::pow(1 - phi, 3) : (1 - 7 * phi / 16) / std::pow(1 - phi, 2);
  const double z_reference = 1 + (D == 3 ? 4 : 2) * phi * g;
  const double elapsed = sim.observation_time();
  const double rate = double(sim.pair_collisions() - collisions_before) / seconds;
  const double per_particle = 2 * double(sim.pair_collisions()) / (count * elapsed);
  const double drift = sim.kinetic_energy() / energy_before - 1;

  if (o.json) {
    if (sim.size() != o.n)
      std::fprintf(stderr, "hard_spheres: --n %zu rounded up to a full lattice: %zu particles\n",
                   o.n, std::size_t(sim.size()));
    std::printf(
        "{\"dimension\": %zu, \"particles\": %.0f, \"packing_fraction\": %.6f, \"periodic\": %s, "
        "\"restitution\": %g, \"collisions\": %llu, \"wall_collisions\": %llu, \"seconds\": %.4f, "
        "\"collisions_per_second\": %.6g, \"collisions_per_particle_per_time\": %.6f, "
        "\"mean_free_time\": %.6g, \"compressibility\": %.6f, \"compressibility_reference\": %.6f, "
        "\"reduced_pressure\": %.6f, \"temperature\": %.6f, \"energy_drift\": %.3e}\n",
        D, count, phi, o.periodic ? "true" : "false", o.e,
        static_cast<unsigned long long>(sim.pair_collisions()),
        static_cast<unsigned long long>(sim.wall_collisions()), seconds, rate, per_particle,
        1 / per_particle, z, z_reference, pressure, temperature, drift);
    return 0;
  }
  std::printf("%zuD %s, N = %.0f, packing fraction %.4f, e = %g\n", D,
              o.periodic ? "periodic box" : "walled box", count, phi, o.e);
  if (sim.size() != o.n)  // the lattice is whole
    std::printf("  (--n %zu rounded up to a full %s lattice, side %zu)\n", o.n,
                D == 3 ? "FCC" : "square", o.side);
  std::printf("  %llu collisions in %.3f s of wall time: %.3g collisions/s\n",
              static_cast<unsigned long long>(sim.pair_collisions() - collisions_before), seconds, rate);
  std::printf("  collisions per particle per unit time  %.4f\n", per_particle);
  std::printf("  mean free time                         %.5f\n", 1 / per_particle);
  if (o.e < 1) std::printf("  (inelastic: no equilibrium pressure)\n");
  else std::printf("  Z = PV/(NkT)%s %.4f  (%s: %.4f)\n", o.periodic ? "                          " : " from the walls           ", z,
              D == 3 ? "Carnahan-Starling" : "Henderson", z_reference);
  std::printf("  relative kinetic energy change         %.2e%s\n", drift,
              o.e < 1 ? " (inelastic: cooling)" : "");
  return 0;
}

}  // namespace

int main(int argc, char** argv) try {
  const options o = parse(argc, argv);
  const bool cells = o.search == "cell_lists";
  if (o.dim == 3) return cells ? run<3, carom::cell_lists>(o) : run<3, carom::neighbour_lists>(o);
  return cells ? run<2, carom::cell_lists>(o) : run<2, carom::neighbour_lists>(o);
} catch (const std::invalid_argument& error) {  // carom::invalid_input: a bad --phi
  std::fprintf(stderr, "hard_spheres: %s\n", error.what());
  return 2;
} catch (const std::exception& error) {
  std::fprintf(stderr, "hard_spheres: %s\n", error.what());
  return 1;
}
